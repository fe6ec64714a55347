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

/// How a search goes: its budget and what it does between rounds.
pub(super) struct Race<Off, Play, Propose, Report> {
    /// Games in all.
    pub budget: u64,
    /// Candidates `propose` may add after the first round, at most.
    pub proposed: usize,
    /// How far a tally is from the target (lower is better).
    pub off: Off,
    /// Counts games `games` for each of the candidates given, in order, in round `round`.
    pub play: Play,
    /// Given the first round's candidates and tallies, the candidates to add to the race
    /// (played on the first round's games before the ranking).
    pub propose: Propose,
    /// Told each round's standings, best first.
    pub report: Report,
}

/// Races `candidates` as `race` says and returns the winner and every round's standings.
pub(super) fn successive_halving<Off, Play, Propose, Report>(
    candidates: Vec<Vec<usize>>,
    mut race: Race<Off, Play, Propose, Report>,
) -> anyhow::Result<(Candidate, Vec<Standing>)>
where
    Off: Fn(&Tally) -> f64,
    Play: FnMut(u64, &[Candidate], Range<u64>) -> anyhow::Result<Vec<Tally>>,
    Propose: FnMut(&[(Candidate, Tally)]) -> Vec<Candidate>,
    Report: FnMut(&[Standing]),
{
    let rounds = rounds(candidates.len() + race.proposed);
    let mut survivors: Vec<(Candidate, Option<Tally>)> = candidates
        .into_iter()
        .enumerate()
        .map(|c| (c, None))
        .collect();
    let mut path = Vec::new();
    let mut played = 0;
    for round in 1..=rounds {
        // The first round's share counts the candidates a model may add to it.
        let sharing = survivors.len() + if round == 1 { race.proposed } else { 0 };
        let games = (race.budget / rounds / sharing as u64).max(1);
        let range = played..played + games;
        played += games;
        let racing: Vec<Candidate> = survivors.iter().map(|(c, _)| c.clone()).collect();
        let more = (race.play)(round, &racing, range.clone())?;
        for ((_, counted), more) in survivors.iter_mut().zip(more) {
            match counted {
                Some(counted) => counted.merge(&more),
                None => *counted = Some(more),
            }
        }
        if round == 1 && race.proposed > 0 {
            let standing: Vec<(Candidate, Tally)> = survivors
                .iter()
                .filter_map(|(candidate, counted)| Some((candidate.clone(), counted.clone()?)))
                .collect();
            let mut added = (race.propose)(&standing);
            added.truncate(race.proposed);
            if !added.is_empty() {
                let more = (race.play)(round, &added, range)?;
                survivors.extend(added.into_iter().zip(more).map(|(c, t)| (c, Some(t))));
            }
        }
        let off = &race.off;
        let report = &mut race.report;
        let score = |tally: &Option<Tally>| tally.as_ref().map_or(f64::MAX, off);
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

    /// Games of a toy whose answer is known: two seats, the first winning each game of
    /// candidate `x` with `chance`; each game a coin drawn from the seed, `x` and the game's
    /// number, so a candidate's games are the same whatever order it plays them in.
    fn toy_games(chance: f64, x: usize, games: Range<u64>, seed: u64) -> Tally {
        let names = vec!["a".to_string(), "b".to_string()];
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

    /// The first seat's chance of winning at x = 0..=10: the seats are level at 6 alone.
    fn eleven(x: usize) -> f64 {
        0.5 + 0.03 * (x as f64 - 6.0)
    }

    #[test]
    fn successive_halving_finds_the_level_value_of_a_toy() {
        let candidates: Vec<Vec<usize>> = (0..=10).map(|x| vec![x]).collect();
        for seed in 0..20 {
            let mut reported = 0;
            let (best, path) = successive_halving(
                candidates.clone(),
                Race {
                    budget: 30_000,
                    proposed: 0,
                    off: |tally: &Tally| tally.off(Target::Seats, 2),
                    play: |_, racing: &[Candidate], games: Range<u64>| {
                        Ok(racing
                            .iter()
                            .map(|(_, v)| toy_games(eleven(v[0]), v[0], games.clone(), seed))
                            .collect())
                    },
                    propose: |_: &[(Candidate, Tally)]| Vec::new(),
                    report: |standings: &[Standing]| reported += standings.len(),
                },
            )
            .unwrap();
            // 11, 6, 3, 2 candidates in rounds 1 to 4.
            assert_eq!(reported, 22);
            assert_eq!(path.len(), 22);
            assert_eq!(best.1, vec![6], "seed {seed}: {path:?}");
        }
    }

    #[test]
    fn on_a_sampled_grid_the_model_proposes_the_level_value_and_it_joins_the_race() {
        // One parameter of 400 values, the seats level at 247 alone, which the sample of 256
        // does not hold.
        let values: Vec<String> = (0..400).map(|v| v.to_string()).collect();
        let params = vec![("x".to_string(), values)];
        let sampled = super::super::candidates(&params, 3);
        assert_eq!(sampled.len(), 256);
        assert!(!sampled.contains(&vec![247]));
        let chance = |x: usize| 0.5 + 0.002 * (x as f64 - 247.0);
        let mut proposed = Vec::new();
        let (best, path) = successive_halving(
            sampled,
            Race {
                budget: 1_000_000,
                proposed: 16,
                off: |tally: &Tally| tally.off(Target::Seats, 2),
                play: |_, racing: &[Candidate], games: Range<u64>| {
                    Ok(racing
                        .iter()
                        .map(|(_, v)| toy_games(chance(v[0]), v[0], games.clone(), 5))
                        .collect())
                },
                propose: |standing: &[(Candidate, Tally)]| {
                    proposed =
                        super::super::model::propose(standing, &[400], Target::Seats, 2, 16, 1);
                    let numbered = proposed.iter().cloned().enumerate();
                    numbered.map(|(k, c)| (256 + k, c)).collect()
                },
                report: |_: &[Standing]| {},
            },
        )
        .unwrap();
        assert_eq!(proposed.len(), 16);
        assert!(proposed.contains(&vec![247]), "{proposed:?}");
        // The proposals raced from the first round: 272 candidates in it.
        assert_eq!(path.iter().filter(|s| s.round == 1).count(), 272);
        assert!(best.1[0].abs_diff(247) <= 2, "{best:?}");
    }
}
