//! Timing a contest: games played in a window of wall-clock time, on one worker or many, for
//! `owlery bench`'s table of this machine's figures.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::Contest;
use super::seeds::game_seed;

/// Games finished and the seconds they took.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timed {
    /// Games finished.
    pub games: u64,
    /// Wall-clock seconds from the first game's start to the last one's end.
    pub seconds: f64,
}

impl Timed {
    /// Games a second.
    pub fn rate(&self) -> f64 {
        if self.seconds > 0.0 {
            self.games as f64 / self.seconds
        } else {
            0.0
        }
    }
}

/// Plays games of `contest` (seeded from `master`, as a run would) on `threads` workers until
/// `window` has passed; each worker finishes the game it is in, and plays one at least.
pub fn games_in<C: Contest>(
    contest: &C,
    master: u64,
    window: Duration,
    threads: usize,
) -> anyhow::Result<Timed> {
    let next = AtomicU64::new(0);
    let started = Instant::now();
    let deadline = started + window;
    let pool = super::worker_pool(Some(threads))?;
    let finished: Vec<anyhow::Result<u64>> = pool.install(|| {
        rayon::broadcast(|_| {
            let mut seats = contest.seats()?;
            let mut games = 0;
            loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                contest.play(&mut seats, index, game_seed(master, index))?;
                games += 1;
                if Instant::now() >= deadline {
                    return Ok(games);
                }
            }
        })
    });
    let seconds = started.elapsed().as_secs_f64();
    let games = finished.into_iter().sum::<anyhow::Result<u64>>()?;
    Ok(Timed { games, seconds })
}

/// The most memory this process has held, in kilobytes (Linux's VmHWM), if the system says.
pub fn peak_memory_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
