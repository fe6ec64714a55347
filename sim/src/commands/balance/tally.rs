//! What a candidate's games have shown: each group's share of the wins, or a card's paired
//! measures; played chunk by chunk and written exactly, so a unit of games played by any
//! shard adds up, bit for bit, to what one machine would have counted.

use std::ops::Range;

use anyhow::bail;
use engine::hogwarts::Card;
use runner::effect::{Design, Group, Measure, Measures, Moments};
use runner::levels::Levels;

use super::Target;
use crate::cli::SimArgs;
use crate::commands::effect::{built_with, measured_by_chunk};

/// What a candidate has shown so far, or one chunk of its games.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Tally {
    Levels(Levels),
    Effect(Measures),
}

impl Tally {
    /// Adds the games played since to a candidate's count.
    pub(super) fn merge(&mut self, other: &Tally) {
        match (self, other) {
            (Tally::Levels(mine), Tally::Levels(theirs)) => mine.merge(theirs),
            (Tally::Effect(mine), Tally::Effect(theirs)) => mine.merge(theirs),
            _ => unreachable!("a candidate is tallied one way"),
        }
    }

    /// `chunks` added in order from nothing: what playing them in one go counts.
    pub(super) fn sum<'a>(
        names: &[String],
        chunks: impl IntoIterator<Item = &'a Tally>,
    ) -> Option<Tally> {
        let mut chunks = chunks.into_iter().peekable();
        let mut total = match chunks.peek()? {
            Tally::Levels(_) => Tally::Levels(Levels::new(names)),
            Tally::Effect(_) => Tally::Effect(Measures::default()),
        };
        for chunk in chunks {
            total.merge(chunk);
        }
        Some(total)
    }

    /// What the target reads of it: each group's share of the wins (those of the target's
    /// kind that played), or the card's worth to its drawers.
    pub(super) fn measures(&self, target: Target) -> Vec<f64> {
        match (self, target) {
            (Tally::Levels(levels), _) => levels
                .of_kind(target.kind())
                .map(|(_, wins)| wins.mean())
                .collect(),
            (Tally::Effect(measures), Target::CardEffect { .. }) => {
                vec![-measures.win.effect().0]
            }
            (Tally::Effect(_), _) => unreachable!("an effect is tallied for a card's target"),
        }
    }

    /// How far it is from the target (lower is better; 0 within a card-effect's range).
    pub(super) fn off(&self, target: Target, players: usize) -> f64 {
        target.off(&self.measures(target), players)
    }

    /// One line: `levels` or `effect`, then each count exactly ([`Moments::exact_text`]).
    pub(super) fn line(&self) -> String {
        let (kind, moments): (&str, Vec<&Moments>) = match self {
            Tally::Levels(levels) => ("levels", levels.wins.iter().collect()),
            Tally::Effect(measures) => (
                "effect",
                [&measures.win, &measures.score]
                    .into_iter()
                    .flat_map(measure_moments)
                    .collect(),
            ),
        };
        let mut line = kind.to_string();
        for moments in moments {
            line.push(' ');
            line.push_str(&moments.exact_text());
        }
        line
    }

    /// Reads [`Tally::line`] for the groups of `names`.
    pub(super) fn from_line(line: &str, names: &[String]) -> anyhow::Result<Tally> {
        let mut words = line.split_whitespace();
        let kind = words.next().unwrap_or_default();
        let moments: Vec<Moments> = words
            .map(|word| {
                Moments::from_exact_text(word)
                    .ok_or_else(|| anyhow::anyhow!("{word:?} is not COUNT:SUM:SQUARES"))
            })
            .collect::<anyhow::Result<_>>()?;
        match kind {
            "levels" => {
                let mut levels = Levels::new(names);
                if moments.len() != levels.wins.len() {
                    bail!(
                        "{} counts for {} groups of these bots",
                        moments.len(),
                        levels.wins.len()
                    );
                }
                levels.wins = moments;
                Ok(Tally::Levels(levels))
            }
            "effect" => {
                let [w0, w1, w2, w3, w4, s0, s1, s2, s3, s4] = moments[..] else {
                    bail!(
                        "{} counts for a card's measures; expected 10",
                        moments.len()
                    );
                };
                Ok(Tally::Effect(Measures {
                    win: measure([w0, w1, w2, w3, w4]),
                    score: measure([s0, s1, s2, s3, s4]),
                }))
            }
            _ => bail!("{kind:?}: expected levels or effect"),
        }
    }
}

/// A measure's counts in a fixed order.
fn measure_moments(measure: &Measure) -> [&Moments; 5] {
    [
        &measure.base,
        &measure.changed,
        &measure.difference,
        &measure.base_games,
        &measure.changed_games,
    ]
}

/// A measure from its counts in [`measure_moments`]' order.
fn measure([base, changed, difference, base_games, changed_games]: [Moments; 5]) -> Measure {
    Measure {
        base,
        changed,
        difference,
        base_games,
        changed_games,
    }
}

/// Plays games (deals) `games` of the run seeded `master` for a candidate with `settings`,
/// and counts them chunk by chunk.
pub(super) fn play(
    sim: &SimArgs,
    settings: &[String],
    target: Target,
    master: u64,
    games: Range<u64>,
) -> anyhow::Result<Vec<Tally>> {
    let params = as_params(settings);
    match target {
        Target::CardEffect { card, .. } => {
            let (base, _) = built_with(sim, params.clone(), false)?;
            let off = ("--change", format!("cards.{}.power=false", card.key()));
            let (changed, _) = built_with(sim, [params, vec![off]].concat(), false)?;
            let kind = Card::ALL.iter().position(|&c| c == card).expect("listed");
            let drew = Group::Drew {
                kind,
                name: card.key().to_string(),
            };
            let design = Design {
                master,
                first: games.start,
                deals: games.end - games.start,
                players: sim.bots.len(),
                duplicate: false,
            };
            let chunks = measured_by_chunk(&base, &changed, sim, &[drew], design)?;
            Ok(chunks.into_iter().map(|c| Tally::Effect(c[0])).collect())
        }
        _ => {
            let (built, _) = built_with(sim, params, false)?;
            let chunks = built.levels_by_chunk(&sim.bots, master, games, sim.threads)?;
            Ok(chunks.into_iter().map(Tally::Levels).collect())
        }
    }
}

/// A candidate's settings as the run applies them after `--set`, each named `--param`.
pub(super) fn as_params(settings: &[String]) -> Vec<(&'static str, String)> {
    settings.iter().map(|s| ("--param", s.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tally_reads_back_from_its_line() {
        let names = vec!["greedy".to_string(), "random".to_string()];
        let mut levels = Levels::new(&names);
        for (i, wins) in levels.wins.iter_mut().enumerate() {
            let third = (1.0f64 / (i as f64 + 3.0)).to_bits();
            *wins = Moments::from_exact_text(&format!("{i}:{third:x}:1")).unwrap();
        }
        let tally = Tally::Levels(levels);
        assert_eq!(Tally::from_line(&tally.line(), &names).unwrap(), tally);
        let mut measures = Measures::default();
        measures.score.difference = Moments::from_exact_text("3:4008000000000000:0").unwrap();
        let tally = Tally::Effect(measures);
        assert_eq!(Tally::from_line(&tally.line(), &names).unwrap(), tally);
        for bad in ["levels 1:0:0", "effect", "draws 1:0:0", "levels x"] {
            assert!(Tally::from_line(bad, &names).is_err(), "{bad}");
        }
    }
}
