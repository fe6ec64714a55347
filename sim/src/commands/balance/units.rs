//! The shared folder of a balance run's games (`OUT/units`). Each round's games are cut into
//! units; any process of the run (the one machine, or each task of a Slurm array) claims a
//! unit by creating its claim file, plays it and writes its chunks' counts, and every process
//! reads every unit of a round before it ranks the candidates, so all of them take the same
//! path. A unit whose claimant stopped (its claim no longer kept fresh) is played again by
//! whoever finds it: the games are the same, so the counts are too.

use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Write as _};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, SystemTime};

use anyhow::{Context, bail};
use rayon::prelude::*;
use runner::store::write_atomically;
use runner::worker_pool;

use super::tally::Tally;

/// The run's description, the same in every process of it.
const MANIFEST: &str = "balance.manifest";

/// How often a waiting process looks for the units others are playing.
const POLL: Duration = Duration::from_millis(200);

/// How often a process playing a unit refreshes its claim.
const HEARTBEAT: Duration = Duration::from_secs(10);

/// A claim not refreshed for this long is taken to be abandoned.
const STALE: Duration = Duration::from_secs(60);

/// Some games of one candidate: what a process claims and plays.
#[derive(Debug, Clone)]
pub(super) struct Unit {
    /// Its file name's stem: the round, the candidate, the games.
    pub name: String,
    /// The candidate's settings.
    pub settings: Vec<String>,
    /// The master seed of its games.
    pub master: u64,
    /// Its games (deals).
    pub games: Range<u64>,
}

/// The folder, as one process of the run sees it.
#[derive(Debug)]
pub(super) struct Units {
    dir: PathBuf,
    /// This process's place among the run's (index, count): where it starts claiming.
    shard: (u64, u64),
    /// What its claims say: host and process, so one left by a process gone from this host
    /// is known at once.
    me: String,
}

impl Units {
    /// The folder in `out` for the run `manifest` describes: created, or found holding the
    /// same run's units (kept: they are the same games), or another run's (refused unless
    /// `force`, which clears them).
    pub fn open(
        out: &Path,
        manifest: &str,
        shard: (u64, u64),
        force: bool,
    ) -> anyhow::Result<Units> {
        let dir = out.join("units");
        let path = dir.join(MANIFEST);
        match std::fs::read_to_string(&path) {
            Ok(found) if found == manifest && !force => {}
            Ok(_) if force => std::fs::remove_dir_all(&dir)
                .with_context(|| format!("clearing {}", dir.display()))?,
            Ok(_) => bail!(
                "{} holds the games of another balance run (other game, bots, seed, rules, \
                 parameters, target or budget); pass --force to clear them, or choose another --out",
                dir.display()
            ),
            Err(error) if error.kind() == ErrorKind::NotFound => {}
            Err(error) => {
                return Err(error).with_context(|| format!("reading {}", path.display()));
            }
        }
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        remove_abandoned_temporaries(&dir);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(manifest) {
            write_atomically(&path, manifest.as_bytes())?;
        }
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
        let me = format!("{} {}", host.trim(), std::process::id());
        Ok(Units { dir, shard, me })
    }

    /// How many units of the run are finished (played now or before).
    pub fn finished(&self) -> usize {
        std::fs::read_dir(&self.dir).map_or(0, |entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.path().extension().is_some_and(|x| x == "tally"))
                .count()
        })
    }

    /// Plays, or finds played, every one of `units` with `play` (given the worker threads it
    /// may use), sharing them with the run's other processes, and returns each one's chunk
    /// counts (for the groups of `names`), in order. With many units this process plays them
    /// side by side, one worker each, on `threads` workers; with few, one at a time on all.
    pub fn complete(
        &self,
        units: &[Unit],
        names: &[String],
        threads: Option<usize>,
        play: impl Fn(&Unit, Option<usize>) -> anyhow::Result<Vec<Tally>> + Sync,
    ) -> anyhow::Result<Vec<Vec<Tally>>> {
        let (index, count) = self.shard;
        // Each process starts at its own share, so they seldom reach for the same unit.
        let start = (units.len() as u64 * index / count) as usize;
        let order: Vec<usize> = (start..units.len()).chain(0..start).collect();
        let pool = worker_pool(threads)?;
        let workers = pool.current_num_threads();
        let side_by_side = workers > 1 && units.len() >= 4 * workers;
        loop {
            let waiting = AtomicBool::new(false);
            let attempt = |&i: &usize| -> anyhow::Result<()> {
                let unit = &units[i];
                if self.result(unit).exists() {
                    return Ok(());
                }
                if !self.claim(unit)? {
                    waiting.store(true, Ordering::Relaxed);
                    return Ok(());
                }
                let claim = self.claim_path(unit);
                let workers = if side_by_side { Some(1) } else { threads };
                let played = self.keeping_fresh(&claim, || play(unit, workers));
                let written = played.and_then(|chunks| {
                    let mut text = format!("owlery balance unit {}\n", unit.name);
                    for chunk in &chunks {
                        text.push_str(&chunk.line());
                        text.push('\n');
                    }
                    write_atomically(&self.result(unit), text.as_bytes())
                });
                // Released either way: a unit that failed here is free for another try.
                let _ = std::fs::remove_file(&claim);
                written
            };
            if side_by_side {
                pool.install(|| order.par_iter().try_for_each(attempt))?;
            } else {
                order.iter().try_for_each(attempt)?;
            }
            if !waiting.load(Ordering::Relaxed) {
                break;
            }
            std::thread::sleep(POLL);
        }
        units.iter().map(|unit| self.read(unit, names)).collect()
    }

    fn result(&self, unit: &Unit) -> PathBuf {
        self.dir.join(format!("{}.tally", unit.name))
    }

    fn claim_path(&self, unit: &Unit) -> PathBuf {
        self.dir.join(format!("{}.claim", unit.name))
    }

    /// Claims `unit` for this process: `false` if another holds a live claim on it.
    fn claim(&self, unit: &Unit) -> anyhow::Result<bool> {
        let path = self.claim_path(unit);
        for attempt in 0..2 {
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(mut file) => {
                    file.write_all(self.me.as_bytes())
                        .with_context(|| format!("writing {}", path.display()))?;
                    return Ok(true);
                }
                Err(error) if error.kind() == ErrorKind::AlreadyExists => {
                    if attempt > 0 || !self.abandoned(&path) {
                        return Ok(false);
                    }
                    // Two takers may both remove it; create_new lets one of them claim it.
                    let _ = std::fs::remove_file(&path);
                }
                Err(error) => {
                    return Err(error).with_context(|| format!("claiming {}", path.display()));
                }
            }
        }
        Ok(false)
    }

    /// Whether the claim at `path` was left by a process that stopped: not refreshed for
    /// [`STALE`], or made on this host by a process that is gone.
    fn abandoned(&self, path: &Path) -> bool {
        let age = std::fs::metadata(path)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|modified| SystemTime::now().duration_since(modified).ok())
            .unwrap_or_default();
        if age > STALE {
            return true;
        }
        let holder = std::fs::read_to_string(path).unwrap_or_default();
        let (my_host, _) = self.me.rsplit_once(' ').unwrap_or_default();
        match holder.rsplit_once(' ') {
            Some((host, pid)) if host == my_host => {
                !Path::new("/proc").join(pid.trim()).exists() || holder == self.me
            }
            _ => false,
        }
    }

    /// Runs `work` while refreshing the claim at `claim` every [`HEARTBEAT`].
    fn keeping_fresh<T>(&self, claim: &Path, work: impl FnOnce() -> T) -> T {
        let (stop, stopped) = mpsc::channel::<()>();
        std::thread::scope(|scope| {
            scope.spawn(move || {
                while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(HEARTBEAT) {
                    let _ = File::options()
                        .write(true)
                        .open(claim)
                        .and_then(|file| file.set_modified(SystemTime::now()));
                }
            });
            let done = work();
            drop(stop);
            done
        })
    }

    /// A finished unit's chunk counts.
    fn read(&self, unit: &Unit, names: &[String]) -> anyhow::Result<Vec<Tally>> {
        let path = self.result(unit);
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        let mut lines = text.lines();
        let header = format!("owlery balance unit {}", unit.name);
        if lines.next() != Some(header.as_str()) {
            bail!("{} line 1: expected {header:?}", path.display());
        }
        lines
            .enumerate()
            .map(|(i, line)| {
                Tally::from_line(line, names)
                    .with_context(|| format!("{} line {}", path.display(), i + 2))
            })
            .collect()
    }
}

/// Removes the half-written files (`NAME.tmp-PID`) a stopped process left in `dir`: only
/// old ones, as another process of the run may be writing one now.
fn remove_abandoned_temporaries(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|modified| SystemTime::now().duration_since(modified).ok())
            .is_some_and(|age| age > STALE);
        if old && entry.file_name().to_string_lossy().contains(".tmp-") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// `games` cut into at most `pieces` runs of whole chunks of `chunk` games, each at least
/// `least` chunks (the chunks are counted from game 0, as the runner counts them).
pub(super) fn spans(games: &Range<u64>, pieces: u64, chunk: u64, least: u64) -> Vec<Range<u64>> {
    let (first, last) = (games.start / chunk, games.end.div_ceil(chunk));
    let chunks = last.saturating_sub(first);
    let pieces = pieces.min(chunks / least.max(1)).max(1);
    (0..pieces)
        .map(|p| {
            let (from, to) = (
                first + chunks * p / pieces,
                first + chunks * (p + 1) / pieces,
            );
            (from * chunk).max(games.start)..(to * chunk).min(games.end)
        })
        .filter(|span| !span.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_cover_the_games_in_whole_chunks() {
        assert_eq!(
            spans(&(0..640), 4, 64, 2),
            [0..128, 128..320, 320..448, 448..640]
        );
        assert_eq!(
            spans(&(100..300), 8, 64, 1),
            [100..128, 128..192, 192..256, 256..300]
        );
        assert_eq!(
            spans(&(0..100), 8, 64, 4),
            vec![Range { start: 0, end: 100 }]
        );
        assert_eq!(spans(&(5..5), 3, 64, 1), Vec::<Range<u64>>::new());
    }

    #[test]
    fn a_unit_is_played_once_and_read_back_by_every_process() {
        let out = std::env::temp_dir().join(format!("owlery-units-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        let names = vec!["greedy".to_string(), "greedy".to_string()];
        let a = Units::open(&out, "run A\n", (0, 2), false).unwrap();
        let b = Units::open(&out, "run A\n", (1, 2), false).unwrap();
        let units: Vec<Unit> = (0..3)
            .map(|i| Unit {
                name: format!("r1-c{i}-0-64"),
                settings: vec![],
                master: 1,
                games: 0..64,
            })
            .collect();
        let plays = std::sync::atomic::AtomicUsize::new(0);
        let play = |unit: &Unit, _: Option<usize>| {
            plays.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let mut levels = runner::levels::Levels::new(&names);
            let third = (1.0f64 / 3.0).to_bits();
            let counted = format!("{}:{third:x}:0", unit.name.len());
            levels.wins[0] = runner::effect::Moments::from_exact_text(&counted).unwrap();
            Ok(vec![Tally::Levels(levels)])
        };
        let first = a.complete(&units, &names, Some(1), play).unwrap();
        let second = b.complete(&units, &names, Some(2), play).unwrap();
        assert_eq!(first, second);
        assert_eq!(plays.load(std::sync::atomic::Ordering::Relaxed), 3);
        assert_eq!(a.finished(), 3);
        // A claim left by a process gone from this host is taken over at once.
        let gone = Unit {
            name: "r2-c0-0-64".into(),
            ..units[0].clone()
        };
        let host = a.me.rsplit_once(' ').unwrap().0;
        std::fs::write(a.claim_path(&gone), format!("{host} 4000000000")).unwrap();
        a.complete(std::slice::from_ref(&gone), &names, None, play)
            .unwrap();
        assert_eq!(plays.load(std::sync::atomic::Ordering::Relaxed), 4);
        // Another run's units are refused, and cleared with force.
        let refused = Units::open(&out, "run B\n", (0, 1), false).unwrap_err();
        assert!(
            refused.to_string().contains("another balance run"),
            "{refused}"
        );
        let cleared = Units::open(&out, "run B\n", (0, 1), true).unwrap();
        assert_eq!(cleared.finished(), 0);
        std::fs::remove_dir_all(&out).unwrap();
    }
}
