//! The simulator: plays a run's games across threads in chunks, saves each finished chunk,
//! and adds the chunks up into the run's tables.
//!
//! A game's result depends only on (rules, bots, master seed, game index), so a run gives the
//! same files on any number of threads, in one process or in shards merged afterwards, and
//! after any number of interruptions resumed with `--resume`.

pub mod aggregate;
pub mod bench;
pub mod effect;
pub mod games;
pub mod letters;
pub mod levels;
pub mod monopoly;
pub mod plays;
pub mod rules;
pub mod seeds;
pub mod stats;
pub mod store;
pub mod tables;

use std::io::{IsTerminal, Write};
use std::ops::Range;
use std::path::Path;
use std::time::Instant;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use aggregate::{Aggregates, MAX_SEATS, Outcome};
use store::{Manifest, SavedChunk, check_coverage, save_chunk, saved_chunks, write_atomically};

/// A game the runner can play: it makes seats once per worker and plays a game by index.
pub trait Contest: Sync {
    /// The bots of one worker, reused from game to game.
    type Seats;

    /// Makes a worker's bots.
    fn seats(&self) -> anyhow::Result<Self::Seats>;

    /// Plays game `index` with its seed; seats rotate by the index.
    fn play(&self, seats: &mut Self::Seats, index: u64, seed: u64) -> anyhow::Result<Outcome>;
}

/// The chunks of `range`: chunk k holds games k*size..(k+1)*size, clipped to the range, so
/// the same games fall in the same chunk however the range is cut or the work spread.
pub(crate) fn fixed_chunks(range: &Range<u64>, size: u64) -> Vec<Range<u64>> {
    (range.start / size..range.end.div_ceil(size))
        .map(|k| (k * size).max(range.start)..((k + 1) * size).min(range.end))
        .filter(|chunk| !chunk.is_empty())
        .collect()
}

/// The workers: `threads` of them, or one per core.
pub fn worker_pool(threads: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = threads {
        pool = pool.num_threads(threads);
    }
    pool.build().context("starting the worker threads")
}

/// The chunks of `range` still to play: chunk k holds games k*size..(k+1)*size, clipped.
fn pending_chunks(range: &Range<u64>, size: u64, done: &[SavedChunk]) -> Vec<Range<u64>> {
    fixed_chunks(range, size)
        .into_iter()
        .filter(|chunk| !done.iter().any(|saved| saved.range == *chunk))
        .collect()
}

/// Seat columns in games.csv: four (the Scrabble games' most), or more for a larger table.
fn seat_columns(names: &[String]) -> usize {
    names.len().clamp(4, MAX_SEATS)
}

/// One line of the per-game table.
fn game_row(outcome: &Outcome, names: &[String]) -> String {
    let columns = seat_columns(names);
    let mut fields = vec![outcome.index.to_string(), outcome.seed.to_string()];
    for seat in 0..columns {
        let present = seat < outcome.players;
        fields.push(if present {
            names[outcome.bots[seat]].clone()
        } else {
            String::new()
        });
    }
    for house in &outcome.houses[..columns] {
        fields.push(house.map_or(String::new(), |h| h.name().to_string()));
    }
    for seat in 0..columns {
        fields.push(if seat < outcome.players {
            outcome.scores[seat].to_string()
        } else {
            String::new()
        });
    }
    let shares = outcome.win_shares();
    let winners: Vec<String> = (0..outcome.players)
        .filter(|&s| shares[s] > 0)
        .map(|s| (s + 1).to_string())
        .collect();
    fields.push(winners.join(";"));
    fields.push(outcome.turns.to_string());
    fields.join(",") + "\n"
}

/// The header of games.csv for a run's bots. It is the one table not in `reports::schema`:
/// its columns (`bot1`, `score1`, ...) are as many as the run's seats, and no guide reads it.
fn game_header(names: &[String]) -> String {
    let columns = 1..=seat_columns(names);
    let mut fields = vec!["game".to_string(), "seed".to_string()];
    for label in ["bot", "house", "score"] {
        fields.extend(columns.clone().map(|seat| format!("{label}{seat}")));
    }
    fields.extend(["winner".to_string(), "turns".to_string()]);
    fields.join(",") + "\n"
}

/// Plays the games of `range` still missing from `dir`, then writes its tables.
pub fn run<C: Contest>(
    contest: &C,
    manifest: &Manifest,
    range: Range<u64>,
    dir: &Path,
    threads: Option<usize>,
) -> anyhow::Result<()> {
    let pending = chunks_to_play(manifest, &range, dir)?;
    let total: u64 = pending.iter().map(|r| r.end - r.start).sum();
    let progress = progress_bar(total);
    let pool = worker_pool(threads)?;
    let started = Instant::now();
    pool.install(|| {
        pending.par_iter().try_for_each_init(
            || contest.seats(),
            |seats, chunk| -> anyhow::Result<()> {
                let seats = seats
                    .as_mut()
                    .map_err(|error| anyhow::anyhow!("{error:#}"))?;
                let mut totals = Aggregates::default();
                let mut rows = manifest.per_game.then(Vec::new);
                for index in chunk.clone() {
                    let seed = seeds::game_seed(manifest.seed, index);
                    let outcome = contest.play(seats, index, seed)?;
                    totals.fold(&outcome, &manifest.bots);
                    if let Some(rows) = rows.as_mut() {
                        rows.extend_from_slice(game_row(&outcome, &manifest.bots).as_bytes());
                    }
                }
                save_chunk(dir, manifest, chunk, &totals, rows.as_deref())?;
                progress.inc(chunk.end - chunk.start);
                Ok(())
            },
        )
    })?;
    progress.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    finish(dir, manifest, &range)?;
    print_rate(total, seconds);
    Ok(())
}

/// The chunks of `range` not yet saved in `dir`, once every chunk found there is checked
/// against `manifest` (and a killed run's temporaries removed): a resumed run never mixes in
/// another run's counts, a copied chunk or a changed one.
fn chunks_to_play(
    manifest: &Manifest,
    range: &Range<u64>,
    dir: &Path,
) -> anyhow::Result<Vec<Range<u64>>> {
    store::remove_stale_temporaries(dir)?;
    let done = saved_chunks(dir)?;
    for chunk in &done {
        chunk.check(manifest)?;
    }
    Ok(pending_chunks(range, manifest.chunk, &done))
}

/// A progress bar of `total` games on a terminal, hidden otherwise.
fn progress_bar(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
            .expect("a valid template"),
    );
    bar
}

/// The run's games-per-second line.
pub fn print_rate(games: u64, seconds: f64) {
    let rate = if seconds > 0.0 {
        games as f64 / seconds
    } else {
        0.0
    };
    // A slow run (sixteen-card Rummy hands, a long look ahead) shows a rate, not 0.0.
    let decimals = if rate < 1.0 { 3 } else { 1 };
    println!("{games} games in {seconds:.2} s: {rate:.decimals$} games/s");
}

/// Plays the chunks of `range` not yet saved in `dir`, each by `work` (its games, whatever
/// they count), saving each chunk's counts as it finishes; returns the games played and the
/// seconds taken. For work other than a `Contest`'s tables (training, say), with the same
/// chunks, checks, resumption and shards.
pub fn run_chunks<T, W>(
    manifest: &Manifest,
    range: Range<u64>,
    dir: &Path,
    threads: Option<usize>,
    work: W,
) -> anyhow::Result<(u64, f64)>
where
    T: serde::Serialize,
    W: Fn(Range<u64>) -> anyhow::Result<T> + Sync,
{
    let pending = chunks_to_play(manifest, &range, dir)?;
    let total: u64 = pending.iter().map(|r| r.end - r.start).sum();
    let progress = progress_bar(total);
    let started = Instant::now();
    worker_pool(threads)?.install(|| {
        pending
            .par_iter()
            .try_for_each(|chunk| -> anyhow::Result<()> {
                let counts = work(chunk.clone())?;
                save_chunk(dir, manifest, chunk, &counts, None)?;
                progress.inc(chunk.end - chunk.start);
                Ok(())
            })
    })?;
    progress.finish_and_clear();
    Ok((total, started.elapsed().as_secs_f64()))
}

/// The counts of the chunks of `dirs` covering `range` exactly once, each checked against
/// `manifest`, in game order.
pub fn load_chunks<T: serde::de::DeserializeOwned>(
    dirs: &[&Path],
    manifest: &Manifest,
    range: &Range<u64>,
) -> anyhow::Result<Vec<T>> {
    let mut chunks = Vec::new();
    for dir in dirs {
        chunks.extend(saved_chunks(dir)?);
    }
    chunks.sort_by_key(|chunk| (chunk.range.start, chunk.range.end));
    check_coverage(&chunks, range)?;
    chunks.iter().map(|chunk| chunk.load(manifest)).collect()
}

/// Adds up the chunks of `dirs` covering `range` into `out`'s tables and manifest.
pub fn combine(
    dirs: &[&Path],
    manifest: &Manifest,
    range: &Range<u64>,
    out: &Path,
) -> anyhow::Result<()> {
    let mut chunks = Vec::new();
    for dir in dirs {
        chunks.extend(saved_chunks(dir)?);
    }
    chunks.sort_by_key(|chunk| (chunk.range.start, chunk.range.end));
    check_coverage(&chunks, range)?;
    // Everything is read and checked before anything is written: a refused chunk leaves no
    // table behind.
    let mut totals: Aggregates = Aggregates::default();
    let mut rows = manifest
        .per_game
        .then(|| game_header(&manifest.bots).into_bytes());
    for chunk in &chunks {
        totals.merge(&chunk.load(manifest)?);
        if let Some(rows) = rows.as_mut() {
            rows.write_all(&chunk.rows(manifest)?)?;
        }
    }
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    tables::write_tables(out, &totals)?;
    if let Some(rows) = rows {
        write_atomically(&out.join("games.csv"), &rows)?;
    }
    store::write_manifest(out, manifest)
}

fn finish(dir: &Path, manifest: &Manifest, range: &Range<u64>) -> anyhow::Result<()> {
    combine(&[dir], manifest, range, dir)
}
