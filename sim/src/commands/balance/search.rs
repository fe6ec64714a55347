//! Successive halving, a racing scheme for noisy scores: each round plays every surviving
//! candidate on the same new games (the same seeds, so their differences are not the deal's
//! luck), ranks them by how far each is from the target over all its games so far, and keeps
//! the better half, until one is left.

use std::ops::Range;

use super::tally::Tally;

/// A candidate: its number in the list searched and its values (indices into each
/// parameter's).
pub(super) type Candidate = (usize, Vec<usize>);

/// One candidate's standing after a round: what the path table lists.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Standing {
    /// The round (from 1).
    pub round: u64,
    /// The candidate.
    pub candidate: Candidate,
    /// Games it has played so far.
    pub games: u64,
    /// How far it is from the target.
    pub off: f64,
}

/// The rounds of successive halving for `count` candidates.
pub(super) fn rounds(count: usize) -> u64 {
    u64::from(usize::BITS - (count.max(2) - 1).leading_zeros())
}

/// Races `candidates` over `budget` games in all, counting a round's games with
/// `play(round, survivors, games)` (each survivor's tally of those games, in order) and
/// scoring a tally with `off` (lower is better). Calls `report` with each round's standings,
/// best first, and returns the winner and every round's standings.
pub(super) fn successive_halving(
    candidates: Vec<Vec<usize>>,
    budget: u64,
    off: impl Fn(&Tally) -> f64,
    mut play: impl FnMut(u64, &[Candidate], Range<u64>) -> anyhow::Result<Vec<Tally>>,
    mut report: impl FnMut(&[Standing]),
) -> anyhow::Result<(Candidate, Vec<Standing>)> {
    let rounds = rounds(candidates.len());
    let mut survivors: Vec<(Candidate, Option<Tally>)> = candidates
        .into_iter()
        .enumerate()
        .map(|c| (c, None))
        .collect();
    let mut path = Vec::new();
    let mut played = 0;
    for round in 1..=rounds {
        let games = (budget / rounds / survivors.len() as u64).max(1);
        let range = played..played + games;
        played += games;
        let racing: Vec<Candidate> = survivors.iter().map(|(c, _)| c.clone()).collect();
        let more = play(round, &racing, range)?;
        for ((_, counted), more) in survivors.iter_mut().zip(more) {
            match counted {
                Some(counted) => counted.merge(&more),
                None => *counted = Some(more),
            }
        }
        let score = |tally: &Option<Tally>| tally.as_ref().map_or(f64::MAX, &off);
        survivors.sort_by(|a, b| score(&a.1).total_cmp(&score(&b.1)));
        let standings: Vec<Standing> = survivors
            .iter()
            .map(|(candidate, counted)| Standing {
                round,
                candidate: candidate.clone(),
                games: played,
                off: score(counted),
            })
            .collect();
        report(&standings);
        path.extend(standings);
        survivors.truncate(survivors.len().div_ceil(2));
    }
    Ok((survivors.swap_remove(0).0, path))
}

#[cfg(test)]
mod tests {
    use runner::effect::Moments;
    use runner::levels::Levels;
    use runner::seeds::game_seed;

    use super::*;
    use crate::commands::balance::Target;

    /// A toy whose answer is known: two seats, the first winning a game with chance
    /// 0.5 + 0.03 (x - 6) for x = 0..=10, so the seats are level at x = 6 alone; each game a
    /// coin drawn from the seed and the game's number, so a candidate's games are the same
    /// whatever order it plays them in.
    fn toy_games(x: usize, games: Range<u64>, seed: u64) -> Tally {
        let names = vec!["a".to_string(), "b".to_string()];
        let chance = 0.5 + 0.03 * (x as f64 - 6.0);
        let first = games
            .clone()
            .filter(|&game| {
                let coin = game_seed(seed.wrapping_mul(11).wrapping_add(x as u64), game);
                ((coin >> 11) as f64) < chance * (1u64 << 53) as f64
            })
            .count() as u64;
        let count = games.end - games.start;
        let mut levels = Levels::new(&names);
        for (group, wins) in levels.groups.iter().zip(levels.wins.iter_mut()) {
            let won = match (group.kind(), group.name().as_str()) {
                ("seat", "1") => first,
                ("seat", _) => count - first,
                _ => continue,
            } as f64;
            // Each game a win (1) or a loss (0): the squares sum as the wins do.
            let text = format!("{count}:{:x}:{:x}", won.to_bits(), won.to_bits());
            *wins = Moments::from_exact_text(&text).unwrap();
        }
        Tally::Levels(levels)
    }

    #[test]
    fn successive_halving_finds_the_level_value_of_a_toy() {
        let candidates: Vec<Vec<usize>> = (0..=10).map(|x| vec![x]).collect();
        for seed in 0..20 {
            let mut reported = 0;
            let (best, path) = successive_halving(
                candidates.clone(),
                30_000,
                |tally| tally.off(Target::Seats, 2),
                |_, racing, games| {
                    Ok(racing
                        .iter()
                        .map(|(_, values)| toy_games(values[0], games.clone(), seed))
                        .collect())
                },
                |standings| reported += standings.len(),
            )
            .unwrap();
            // 11, 6, 3, 2 candidates in rounds 1 to 4.
            assert_eq!(reported, 22);
            assert_eq!(path.len(), 22);
            assert_eq!(best.1, vec![6], "seed {seed}: {path:?}");
        }
    }
}
