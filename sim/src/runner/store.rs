//! A run's directory: its manifest, the finished chunks that make it resumable and mergeable,
//! and files written whole (to a temporary name, then renamed) so no reader sees half a file.

use std::ops::Range;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

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

/// Readies `out` for the run `manifest` describes: a new run only where no other run's
/// files are (or `force` clears them); with `resume`, only the same run; chunks there are
/// checked before the manifest is written, so a refused run leaves the directory as it was.
pub fn open_run(out: &Path, manifest: &Manifest, resume: bool, force: bool) -> anyhow::Result<()> {
    if !resume {
        // A new run starts in a directory holding no other run's files: chunks without a
        // manifest, or tables, would otherwise be taken for this run's.
        clear_for_new_run(out, force)?;
    }
    // With --resume and no manifest the run starts (a Slurm task submitted again resumes or
    // starts with one command); chunks left there are checked against it before any game.
    if out.join(MANIFEST).exists() {
        let existing = read_manifest(out)?;
        if let Some(field) = existing
            .mismatch(manifest)
            .or((existing.shard != manifest.shard).then_some("shard"))
        {
            bail!(
                "{}: --resume with a different {field} than the run there; resume with the same arguments",
                out.display()
            );
        }
    }
    // Chunks already there are checked before the manifest is written: a refused run leaves
    // the directory as it found it.
    for chunk in saved_chunks(out)? {
        chunk.check(manifest)?;
    }
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    write_manifest(out, manifest)?;
    Ok(())
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

/// Whether `dir` holds a run's files: a manifest, chunks or tables.
pub fn holds_a_run(dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries.flatten().any(|entry| is_run_file(&entry.path()))
}

fn is_run_file(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name == MANIFEST || name == CHUNKS || name.ends_with(".csv") || name.contains(TEMPORARY)
}

/// Makes `dir` ready for a new run's files: refused, naming `flag`, when it holds another
/// run's, unless `force`, which removes them (the manifest, the chunks, the tables) first and
/// leaves anything else there alone.
pub fn clear_for_new_run(dir: &Path, force: bool) -> anyhow::Result<()> {
    if !holds_a_run(dir) {
        return Ok(());
    }
    if !force {
        bail!(
            "{} holds another run's files (manifest, chunks or tables): choose another --out, \
             --resume to finish the run there, or --force to clear them first",
            dir.display()
        );
    }
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if !is_run_file(&path) {
            continue;
        }
        let removed = if path.is_dir() {
            std::fs::remove_dir_all(&path)
        } else {
            std::fs::remove_file(&path)
        };
        removed.with_context(|| format!("removing {}", path.display()))?;
    }
    Ok(())
}

/// The mark of a file being written: `NAME.tmp-PID`.
const TEMPORARY: &str = ".tmp-";

/// Writes a file whole: to a temporary name beside it, flushed to the disk, then renamed over
/// the target, so a crash or a full disk leaves the old file or the new, never half of one.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(format!("{TEMPORARY}{}", std::process::id()));
    let temporary = PathBuf::from(temporary);
    let written = std::fs::File::create(&temporary).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    if let Err(error) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(error).with_context(|| format!("writing {}", temporary.display()));
    }
    std::fs::rename(&temporary, path).with_context(|| format!("renaming to {}", path.display()))
}

/// Removes the temporaries a killed run left in `dir` and its chunks (`NAME.tmp-PID`); the
/// files they were to replace are whole, old or new.
pub fn remove_stale_temporaries(dir: &Path) -> anyhow::Result<()> {
    for folder in [dir.to_path_buf(), dir.join(CHUNKS)] {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let path = entry?.path();
            let stale = path
                .file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.contains(TEMPORARY));
            if stale && path.is_file() {
                std::fs::remove_file(&path)
                    .with_context(|| format!("removing {}", path.display()))?;
            }
        }
    }
    Ok(())
}

fn chunk_stem(range: &Range<u64>) -> String {
    format!("{:012}-{:012}", range.start, range.end)
}

/// What a run is, as a fingerprint every chunk of it carries: the manifest's fields that
/// decide its games (not the shard, which only says which of them a directory plays).
pub fn run_fingerprint(manifest: &Manifest) -> String {
    let defining = format!(
        "{}|{}|{:?}|{:?}|{}|{}|{}|{}|{}",
        manifest.owlery_version,
        manifest.game,
        manifest.variant,
        manifest.bots,
        manifest.seed,
        manifest.games,
        manifest.chunk,
        manifest.rules_hash,
        manifest.per_game
    );
    format!("{:016x}", super::seeds::fingerprint(defining.as_bytes()))
}

/// A chunk file's first line: whose run it is, which games it holds, and checksums of its
/// counts (the rest of the file) and of its rows file, if the run keeps rows.
#[derive(Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ChunkHeader {
    run: String,
    games: [u64; 2],
    counts_crc32: String,
    rows_crc32: Option<String>,
}

fn crc(bytes: &[u8]) -> String {
    format!("{:08x}", crc32fast::hash(bytes))
}

/// Saves a finished chunk: its games' rows (if kept) first, then its counts, which mark it
/// done, under a header line naming the run, its games and the checksums.
pub fn save_chunk(
    dir: &Path,
    manifest: &Manifest,
    range: &Range<u64>,
    totals: &impl serde::Serialize,
    rows: Option<&[u8]>,
) -> anyhow::Result<()> {
    let chunks = dir.join(CHUNKS);
    std::fs::create_dir_all(&chunks).with_context(|| format!("creating {}", chunks.display()))?;
    let stem = chunk_stem(range);
    if let Some(rows) = rows {
        write_atomically(&chunks.join(format!("{stem}.games.csv")), rows)?;
    }
    let counts = serde_json::to_vec(totals)?;
    let header = ChunkHeader {
        run: run_fingerprint(manifest),
        games: [range.start, range.end],
        counts_crc32: crc(&counts),
        rows_crc32: rows.map(crc),
    };
    let mut bytes = serde_json::to_vec(&header)?;
    bytes.push(b'\n');
    bytes.extend_from_slice(&counts);
    write_atomically(&chunks.join(format!("{stem}.json")), &bytes)
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
    /// Reads the chunk's header and counts, refusing a chunk of another run, one whose games
    /// are not those its name says, or one changed since it was written.
    fn read_checked(&self, manifest: &Manifest) -> anyhow::Result<(ChunkHeader, Vec<u8>)> {
        let path = self.path.display();
        let bytes = std::fs::read(&self.path).with_context(|| format!("reading {path}"))?;
        let Some(split) = bytes.iter().position(|&b| b == b'\n') else {
            bail!(
                "{path}: no header line; expected a chunk written by this owlery (delete it to play its games again)"
            );
        };
        let header: ChunkHeader = serde_json::from_slice(&bytes[..split])
            .with_context(|| format!("{path}: a damaged header line"))?;
        let run = run_fingerprint(manifest);
        if header.run != run {
            bail!(
                "{path}: a chunk of another run (fingerprint {}, this run's {run}); delete it, or use an --out of its own for each run",
                header.run
            );
        }
        if header.games != [self.range.start, self.range.end] {
            bail!(
                "{path}: holds games {}..{}, not the {}..{} its name says (a chunk copied over another?)",
                header.games[0],
                header.games[1],
                self.range.start,
                self.range.end
            );
        }
        let counts = bytes[split + 1..].to_vec();
        if crc(&counts) != header.counts_crc32 {
            bail!(
                "{path}: changed since it was written (its checksum does not match); delete it to play its games again"
            );
        }
        Ok((header, counts))
    }

    /// Checks the chunk (and its rows file, where the run keeps rows) against `manifest`.
    pub fn check(&self, manifest: &Manifest) -> anyhow::Result<()> {
        let (header, _) = self.read_checked(manifest)?;
        if manifest.per_game {
            self.checked_rows(&header)?;
        }
        Ok(())
    }

    /// Reads the chunk's counts, checked.
    pub fn load<T: serde::de::DeserializeOwned>(&self, manifest: &Manifest) -> anyhow::Result<T> {
        let (_, counts) = self.read_checked(manifest)?;
        serde_json::from_slice(&counts)
            .with_context(|| format!("{}: damaged chunk", self.path.display()))
    }

    /// Reads the chunk's per-game rows, checked against its header.
    pub fn rows(&self, manifest: &Manifest) -> anyhow::Result<Vec<u8>> {
        let (header, _) = self.read_checked(manifest)?;
        self.checked_rows(&header)
    }

    fn checked_rows(&self, header: &ChunkHeader) -> anyhow::Result<Vec<u8>> {
        let path = self.rows_path();
        let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        if header.rows_crc32.as_deref() != Some(crc(&bytes).as_str()) {
            bail!(
                "{}: changed since it was written, or not this chunk's rows (its checksum does not match)",
                path.display()
            );
        }
        Ok(bytes)
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
