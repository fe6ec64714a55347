//! How level a game is under one set of rules: each group's (bot, seat, house) share of the
//! wins over a range of games, counted in fixed chunks so the sums are the same on any
//! number of threads.

use std::ops::Range;

use rayon::prelude::*;

use super::effect::{Group, Moments, groups};
use super::seeds::game_seed;
use super::{Contest, fixed_chunks, worker_pool};

/// Games a worker plays before its sums are kept.
pub const CHUNK: u64 = 64;

/// Each group's win share game by game (as [`groups`] lists them).
#[derive(Debug, Clone, PartialEq)]
pub struct Levels {
    /// The groups.
    pub groups: Vec<Group>,
    /// Each group's win shares.
    pub wins: Vec<Moments>,
}

impl Levels {
    /// No games yet.
    pub fn new(names: &[String]) -> Levels {
        let groups = groups(names);
        let wins = vec![Moments::default(); groups.len()];
        Levels { groups, wins }
    }

    /// Adds another count of the same groups.
    pub fn merge(&mut self, other: &Levels) {
        for (mine, theirs) in self.wins.iter_mut().zip(&other.wins) {
            mine.merge(theirs);
        }
    }

    /// `parts` (counts of the groups of `names`) added in order: the same sums, bit for bit,
    /// wherever each part was counted.
    pub fn sum(names: &[String], parts: &[Levels]) -> Levels {
        let mut total = Levels::new(names);
        for part in parts {
            total.merge(part);
        }
        total
    }

    /// The groups of one kind (`bot`, `seat`, `house`) that played, with their win shares.
    pub fn of_kind<'a>(&'a self, kind: &'a str) -> impl Iterator<Item = (&'a Group, &'a Moments)> {
        self.groups
            .iter()
            .zip(&self.wins)
            .filter(move |(group, wins)| group.kind() == kind && wins.count > 0)
    }
}

/// Plays games `range` of the run seeded `master` (game i seeded as `owlery sim` seeds it,
/// its seats rotated by i) and counts each group's share of the wins.
pub fn levels<C: Contest>(
    contest: &C,
    names: &[String],
    master: u64,
    range: Range<u64>,
    threads: Option<usize>,
) -> anyhow::Result<Levels> {
    let chunks = levels_by_chunk(contest, names, master, range, threads)?;
    Ok(Levels::sum(names, &chunks))
}

/// [`levels`] chunk by chunk (the fixed chunks of [`CHUNK`] games, in order), for a caller
/// that adds chunks played elsewhere: [`Levels::sum`] of them is [`levels`]' count.
pub fn levels_by_chunk<C: Contest>(
    contest: &C,
    names: &[String],
    master: u64,
    range: Range<u64>,
    threads: Option<usize>,
) -> anyhow::Result<Vec<Levels>> {
    let chunks = fixed_chunks(&range, CHUNK);
    let pool = worker_pool(threads)?;
    pool.install(|| {
        chunks
            .par_iter()
            .map_init(
                || contest.seats(),
                |seats, games| -> anyhow::Result<Levels> {
                    let seats = seats
                        .as_mut()
                        .map_err(|error| anyhow::anyhow!("{error:#}"))?;
                    let mut levels = Levels::new(names);
                    for index in games.clone() {
                        let outcome = contest.play(seats, index, game_seed(master, index))?;
                        for (group, wins) in levels.groups.iter().zip(levels.wins.iter_mut()) {
                            if let Some((win, _)) = group.in_game(&outcome, names) {
                                wins.add(win);
                            }
                        }
                    }
                    Ok(levels)
                },
            )
            .collect()
    })
}
