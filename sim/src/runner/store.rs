//! A run's directory: its manifest, the finished chunks that make it resumable and mergeable,
//! and files written whole (to a temporary name, then renamed) so no reader sees half a file.

use std::ops::Range;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use super::aggregate::Aggregates;

pub use reports::schema::{MANIFEST, Manifest};

const CHUNKS: &str = "chunks";

/// Reads `dir/manifest.toml`.
pub fn read_manifest(dir: &Path) -> anyhow::Result<Manifest> {
    Ok(Manifest::read(dir)?)
}

/// Writes `dir/manifest.toml`, whole.
pub fn write_manifest(dir: &Path, manifest: &Manifest) -> anyhow::Result<()> {
    write_atomically(&dir.join(MANIFEST), manifest.to_toml().as_bytes())
}

/// Checks, before any work, that the file `path` (given by `flag`) can be written where it
/// names: its directory exists and it is not a directory. A long game or training run must
/// not end in an error about where to put what it made.
pub fn check_writable(path: &Path, flag: &str) -> anyhow::Result<()> {
    let dir = path
        .parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !dir.is_dir() {
        bail!(
            "{flag} {}: there is no directory {}; expected a file in an existing directory",
            path.display(),
            dir.display()
        );
    }
    if path.is_dir() {
        bail!(
            "{flag} {}: a directory; expected a file name",
            path.display()
        );
    }
    Ok(())
}

/// Writes a file whole: to a temporary name beside it, then renamed over the target.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(format!(".tmp-{}", std::process::id()));
    let temporary = PathBuf::from(temporary);
    std::fs::write(&temporary, bytes)
        .with_context(|| format!("writing {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| format!("renaming to {}", path.display()))
}

fn chunk_stem(range: &Range<u64>) -> String {
    format!("{:012}-{:012}", range.start, range.end)
}

/// Saves a finished chunk: its games' rows (if kept) first, then its counts, which mark it done.
pub fn save_chunk(
    dir: &Path,
    range: &Range<u64>,
    totals: &Aggregates,
    rows: Option<&[u8]>,
) -> anyhow::Result<()> {
    let chunks = dir.join(CHUNKS);
    std::fs::create_dir_all(&chunks).with_context(|| format!("creating {}", chunks.display()))?;
    let stem = chunk_stem(range);
    if let Some(rows) = rows {
        write_atomically(&chunks.join(format!("{stem}.games.csv")), rows)?;
    }
    write_atomically(
        &chunks.join(format!("{stem}.json")),
        &serde_json::to_vec(totals)?,
    )
}

/// A finished chunk found on disk.
#[derive(Debug)]
pub struct SavedChunk {
    /// The games it holds.
    pub range: Range<u64>,
    /// Its counts file.
    pub path: PathBuf,
}

impl SavedChunk {
    /// Reads the chunk's counts.
    pub fn load(&self) -> anyhow::Result<Aggregates> {
        let bytes = std::fs::read(&self.path)
            .with_context(|| format!("reading {}", self.path.display()))?;
        serde_json::from_slice(&bytes)
            .with_context(|| format!("{}: damaged chunk", self.path.display()))
    }

    /// The chunk's per-game rows file.
    pub fn rows_path(&self) -> PathBuf {
        self.path.with_extension("games.csv")
    }
}

/// The finished chunks in a run directory, in game order.
pub fn saved_chunks(dir: &Path) -> anyhow::Result<Vec<SavedChunk>> {
    let chunks = dir.join(CHUNKS);
    let mut found = Vec::new();
    let entries = match std::fs::read_dir(&chunks) {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(found),
        Err(error) => return Err(error).with_context(|| format!("reading {}", chunks.display())),
    };
    for entry in entries {
        let path = entry?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let Some(stem) = name.strip_suffix(".json") else {
            continue;
        };
        let range = stem
            .split_once('-')
            .and_then(|(a, b)| Some(a.parse::<u64>().ok()?..b.parse::<u64>().ok()?))
            .with_context(|| format!("{}: not a chunk file name", path.display()))?;
        found.push(SavedChunk { range, path });
    }
    found.sort_by_key(|chunk| (chunk.range.start, chunk.range.end));
    Ok(found)
}

/// Checks that chunks cover `expected` exactly once, naming the first gap or overlap.
pub fn check_coverage(chunks: &[SavedChunk], expected: &Range<u64>) -> anyhow::Result<()> {
    let mut next = expected.start;
    for chunk in chunks {
        if chunk.range.start < next {
            bail!(
                "games {}..{} are counted twice ({})",
                chunk.range.start,
                next.min(chunk.range.end),
                chunk.path.display()
            );
        }
        if chunk.range.start > next {
            bail!("games {next}..{} are missing", chunk.range.start);
        }
        next = chunk.range.end;
    }
    if next != expected.end {
        bail!("games {next}..{} are missing", expected.end);
    }
    Ok(())
}
