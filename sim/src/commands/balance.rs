//! `owlery balance`: searches rules values for ones that level the houses (or the seats).
//!
//! Every combination of the values given is a candidate. The search is successive halving, a
//! racing scheme for noisy scores: each round plays every surviving candidate on the same
//! new games (the same seeds, so their differences are not the deal's luck), ranks them by
//! how far the worst group is from an even share of the wins, and keeps the better half,
//! until one is left. A confirming run of fresh seeds then measures the values found, each
//! group's win rate with its interval.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, bail};
use reports::schema::{BalanceConfirmRow, BalancePathRow, Fixed, to_csv};
use runner::levels::Levels;
use runner::stats::wilson;
use runner::store::write_atomically;

use super::effect::{built_with, measured};
use super::sweep::parse_param;
use crate::cli::{BalanceArgs, GameArg, SimArgs};
use engine::hogwarts::Card;
use runner::effect::{Design, Group, Measures};

/// Candidates at most: a larger grid is sampled, evenly, down to this many.
const MOST_CANDIDATES: usize = 256;

/// Mixed into the master seed for the confirming run's games, which the search never saw.
const CONFIRMING: u64 = 0x636f_6e66_6972_6d73;

/// What the search aims at.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Target {
    /// Every house's win rate near an even share.
    Houses,
    /// Every seat's.
    Seats,
    /// A Hogwarts card's worth to its drawer (its power on against off, paired), in win rate,
    /// between `low` and `high`.
    CardEffect { card: Card, low: f64, high: f64 },
}

impl Target {
    fn parse(text: &str) -> anyhow::Result<Target> {
        let expected = "expected houses-level, seats-level or card-effect=NAME:LO..HI (points of \
                        win rate, e.g. card-effect=reparo:0..5)";
        match text.trim() {
            "houses-level" => return Ok(Target::Houses),
            "seats-level" => return Ok(Target::Seats),
            _ => {}
        }
        let parsed = text.trim().strip_prefix("card-effect=").and_then(|rest| {
            let (name, range) = rest.split_once(':')?;
            let (low, high) = range.split_once("..")?;
            let card = Card::ALL.into_iter().find(|c| c.key() == name.trim())?;
            let (low, high): (f64, f64) = (low.trim().parse().ok()?, high.trim().parse().ok()?);
            (low <= high).then_some(Target::CardEffect {
                card,
                low: low / 100.0,
                high: high / 100.0,
            })
        });
        parsed.ok_or_else(|| anyhow::anyhow!("--target {text:?}: {expected}"))
    }

    /// The kind of group it measures.
    fn kind(self) -> &'static str {
        match self {
            Target::Houses => "house",
            Target::Seats => "seat",
            Target::CardEffect { .. } => "drew",
        }
    }
}

/// What a candidate has shown so far: each group's share of the wins, or a card's measures.
#[derive(Debug, Clone)]
enum Tally {
    Levels(Levels),
    Effect(Measures),
}

impl Tally {
    /// Adds the games played since to a candidate's count.
    fn merge(&mut self, other: &Tally) {
        match (self, other) {
            (Tally::Levels(mine), Tally::Levels(theirs)) => mine.merge(theirs),
            (Tally::Effect(mine), Tally::Effect(theirs)) => mine.merge(theirs),
            _ => unreachable!("a candidate is tallied one way"),
        }
    }

    /// How far it is from the target (lower is better; 0 within a card-effect's range).
    fn off(&self, target: Target, players: usize) -> f64 {
        let even = 1.0 / players as f64;
        match (self, target) {
            (Tally::Levels(levels), _) => levels
                .of_kind(target.kind())
                .map(|(_, wins)| (wins.mean() - even).abs())
                .reduce(f64::max)
                .unwrap_or(f64::MAX),
            (Tally::Effect(measures), Target::CardEffect { low, high, .. }) => {
                let worth = -measures.win.effect().0;
                (low - worth).max(worth - high).max(0.0)
            }
            (Tally::Effect(_), _) => unreachable!("an effect is tallied for a card's target"),
        }
    }
}

/// Plays `games` more games (deals) from `first` for a candidate with `settings`.
fn tally(
    sim: &SimArgs,
    settings: &[String],
    target: Target,
    master: u64,
    games: std::ops::Range<u64>,
) -> anyhow::Result<Tally> {
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
            let effects = measured(&base, &changed, sim, vec![drew], design)?;
            Ok(Tally::Effect(effects.measures[0]))
        }
        _ => {
            let (built, _) = built_with(sim, params, false)?;
            Ok(Tally::Levels(built.levels(
                &sim.bots,
                master,
                games,
                sim.threads,
            )?))
        }
    }
}

/// The candidates: every combination of the values (each a list of indices into them), or an
/// even sample of them when there are too many.
fn candidates(params: &[(String, Vec<String>)]) -> Vec<Vec<usize>> {
    let total: usize = params.iter().map(|(_, values)| values.len()).product();
    let stride = total.div_ceil(MOST_CANDIDATES).max(1);
    (0..total)
        .step_by(stride)
        .map(|mut number| {
            params
                .iter()
                .map(|(_, values)| {
                    let index = number % values.len();
                    number /= values.len();
                    index
                })
                .collect()
        })
        .collect()
}

/// A candidate's settings as KEY=VALUE.
fn settings(params: &[(String, Vec<String>)], candidate: &[usize]) -> Vec<String> {
    params
        .iter()
        .zip(candidate)
        .map(|((key, values), &index)| format!("{key}={}", values[index]))
        .collect()
}

/// A candidate's settings as the run applies them after `--set`, each named `--param`.
fn as_params(settings: &[String]) -> Vec<(&'static str, String)> {
    settings.iter().map(|s| ("--param", s.clone())).collect()
}

/// The rounds of successive halving for `count` candidates.
fn rounds(count: usize) -> u64 {
    u64::from(usize::BITS - (count.max(2) - 1).leading_zeros())
}

/// Runs `owlery balance`.
pub fn run(args: &BalanceArgs) -> anyhow::Result<ExitCode> {
    let sim = &args.sim;
    if sim.shard.is_some() || sim.resume || sim.per_game {
        bail!(
            "--shard, --resume and --per-game are for `owlery sim`; `owlery balance` plays on one machine in one go"
        );
    }
    let target = Target::parse(&args.target)?;
    if matches!(target, Target::CardEffect { .. }) && sim.game != GameArg::ScrabbleHp {
        bail!("--target card-effect measures a Hogwarts card: scrabble-hp");
    }
    if !(args.tolerance > 0.0 && args.tolerance < 1.0) {
        bail!(
            "--tolerance {}: expected a win rate between 0 and 1, e.g. 0.01",
            args.tolerance
        );
    }
    let params: Vec<(String, Vec<String>)> = args
        .params
        .iter()
        .map(|text| {
            // KEY=LO..HI steps by one.
            let text = match text.split_once('=') {
                Some((_, values)) if values.contains("..") && !values.contains(':') => {
                    format!("{text}:1")
                }
                _ => text.clone(),
            };
            parse_param(&text)
        })
        .collect::<anyhow::Result<_>>()?;
    let candidates = candidates(&params);
    // Every candidate is checked before the first game: one refused after hours of games
    // would leave the search half done.
    for candidate in &candidates {
        built_with(sim, as_params(&settings(&params, candidate)), false)?;
    }
    let names = &sim.bots;
    let players = names.len();
    let rounds = rounds(candidates.len());
    let searching = args.budget * 3 / 4;
    let confirming = args.budget - searching;
    let smallest = rounds * candidates.len() as u64 * 2;
    if searching < smallest || confirming == 0 {
        bail!(
            "--budget {}: too few games for {} candidates; expected at least {}",
            args.budget,
            candidates.len(),
            smallest * 4 / 3 + 1
        );
    }
    let mut survivors: Vec<(Vec<usize>, Option<Tally>)> = candidates
        .into_iter()
        .map(|candidate| (candidate, None))
        .collect();
    let mut path = Vec::new();
    let mut played = 0;
    for round in 1..=rounds {
        let games = (searching / rounds / survivors.len() as u64).max(1);
        let range = played..played + games;
        played += games;
        for (candidate, counted) in &mut survivors {
            let more = tally(
                sim,
                &settings(&params, candidate),
                target,
                sim.seed,
                range.clone(),
            )?;
            match counted {
                Some(counted) => counted.merge(&more),
                None => *counted = Some(more),
            }
        }
        let score =
            |tally: &Option<Tally>| tally.as_ref().map_or(f64::MAX, |t| t.off(target, players));
        survivors.sort_by(|a, b| score(&a.1).total_cmp(&score(&b.1)));
        for (candidate, counted) in &survivors {
            path.push(BalancePathRow {
                round,
                values: settings(&params, candidate).join(" "),
                games: played,
                off_level: Fixed(score(counted)),
            });
        }
        eprintln!(
            "round {round} of {rounds}: {} candidates on {played} games each; best {} ({:.1} points off target)",
            survivors.len(),
            settings(&params, &survivors[0].0).join(" "),
            100.0 * score(&survivors[0].1)
        );
        survivors.truncate(survivors.len().div_ceil(2));
    }
    let best = settings(&params, &survivors[0].0);
    let confirmed = tally(sim, &best, target, sim.seed ^ CONFIRMING, 0..confirming)?;
    let even = 1.0 / players as f64;
    let rows: Vec<BalanceConfirmRow> = match (&confirmed, target) {
        (Tally::Effect(measures), Target::CardEffect { card, low, high }) => {
            let (effect, effect_low, effect_high) = measures.win.effect();
            let worth = -effect;
            vec![BalanceConfirmRow {
                group: "drew".to_string(),
                name: card.key().to_string(),
                games: measures.win.base_games.count,
                win_rate: Fixed(worth),
                ci95_low: Fixed(-effect_high),
                ci95_high: Fixed(-effect_low),
                within_tolerance: (low..=high).contains(&worth),
            }]
        }
        (Tally::Levels(levels), _) => levels
            .of_kind(target.kind())
            .map(|(group, wins)| {
                let (low, high) = wilson(wins.mean() * wins.count as f64, wins.count as f64);
                BalanceConfirmRow {
                    group: group.kind().to_string(),
                    name: group.name(),
                    games: wins.count,
                    win_rate: Fixed(wins.mean()),
                    ci95_low: Fixed(low),
                    ci95_high: Fixed(high),
                    within_tolerance: (wins.mean() - even).abs() <= args.tolerance,
                }
            })
            .collect(),
        (Tally::Effect(_), _) => unreachable!("an effect is tallied for a card's target"),
    };
    let goal = match target {
        Target::CardEffect { card, low, high } => format!(
            "{card} worth {:.1} to {:.1} points of win rate to the player who draws it \
             (its power on against off, paired)",
            100.0 * low,
            100.0 * high
        ),
        _ => format!(
            "every {} within {:.1} points of an even {:.1} % share of the wins",
            target.kind(),
            100.0 * args.tolerance,
            100.0 * even
        ),
    };
    write_results(&sim.out, args, &best, &path, &rows, &goal)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes the values found (as a rules file), the path, the confirming run and a page.
fn write_results(
    out: &Path,
    args: &BalanceArgs,
    best: &[String],
    path: &[BalancePathRow],
    rows: &[BalanceConfirmRow],
    goal: &str,
) -> anyhow::Result<()> {
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    let mut values =
        String::from("# The values `owlery balance` found: pass this file as --rules.\n");
    for setting in best {
        let (key, value) = setting.split_once('=').expect("KEY=VALUE");
        writeln!(values, "{} = {}", key.trim(), value.trim())?;
    }
    write_atomically(&out.join("values.toml"), values.as_bytes())?;
    write_atomically(&out.join("balance_path.csv"), &to_csv(path)?)?;
    write_atomically(&out.join("balance_confirm.csv"), &to_csv(rows)?)?;
    let level = rows.iter().all(|row| row.within_tolerance);
    let mut page = format!(
        "# Balance: {}\n\nSearched {} for {goal}, in {} games ({} for the search, by successive \
         halving on shared seeds; the rest to confirm on fresh seeds).\n\nFound: `{}`, {}.\n\n\
         | {} | games | win rate | 95 % interval | within |\n|---|---|---|---|---|\n",
        args.target,
        args.params.join(", "),
        args.budget,
        args.budget * 3 / 4,
        best.join(" "),
        if level {
            "on target in the confirming run"
        } else {
            "the nearest to the target searched, but off it in the confirming run"
        },
        rows.first().map_or("group", |row| row.group.as_str()),
    );
    for row in rows {
        writeln!(
            page,
            "| {} | {} | {:.1} % | {:.1} to {:.1} % | {} |",
            row.name,
            row.games,
            100.0 * row.win_rate.0,
            100.0 * row.ci95_low.0,
            100.0 * row.ci95_high.0,
            if row.within_tolerance { "yes" } else { "no" }
        )?;
    }
    page += "\nThe path (each round's candidates, best first) is in balance_path.csv.\n";
    write_atomically(&out.join("balance.md"), page.as_bytes())?;
    println!(
        "{} ({}); confirmed on {} games:",
        best.join(" "),
        if level { "on target" } else { "off target" },
        rows.first().map_or(0, |row| row.games)
    );
    for row in rows {
        println!(
            "  {:<11} {:>5.1} %  ({:.1} to {:.1} %)",
            row.name,
            100.0 * row.win_rate.0,
            100.0 * row.ci95_low.0,
            100.0 * row.ci95_high.0
        );
    }
    eprintln!("wrote {}", out.join("values.toml").display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_combination_is_a_candidate_until_there_are_too_many() {
        let params = vec![
            ("a".to_string(), vec!["1".to_string(), "2".to_string()]),
            ("b".to_string(), vec!["x".into(), "y".into(), "z".into()]),
        ];
        let all = candidates(&params);
        assert_eq!(all.len(), 6);
        assert_eq!(settings(&params, &all[5]), ["a=2", "b=z"]);
        let wide = vec![("c".to_string(), (0..1000).map(|v| v.to_string()).collect())];
        assert_eq!(candidates(&wide).len(), 250);
        assert_eq!((rounds(1), rounds(2), rounds(5), rounds(16)), (1, 1, 3, 4));
    }
}
