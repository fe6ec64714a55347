//! `owlery balance`: searches rules values for ones that level the houses (or the seats).
//!
//! Every combination of the values given is a candidate (past 256, a sample of them, and
//! after the first round those [`model`] expects nearest the target). The
//! search is successive halving ([`search`]), each candidate scored by how far the worst group
//! is from an even share of the wins (or a card's worth from its range). A confirming run of fresh seeds then measures the values found, each
//! group's win rate with its interval. The games go through `OUT/units` ([`units`]), so a
//! stopped search resumes where it was and the tasks of a Slurm array share one search.

mod model;
mod search;
mod tally;
mod units;

use std::fmt::Write as _;
use std::ops::Range;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, bail};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;
use reports::schema::{BalanceConfirmRow, BalancePathRow, Fixed, to_csv};
use runner::stats::wilson;
use runner::store::write_atomically;

use super::effect::built_with;
use super::sweep::parse_param;
use crate::cli::GameArg;
use crate::cli::{BalanceArgs, SimArgs};
use crate::simulate::{parse_shard, shard_from_slurm};
use engine::hogwarts::Card;
use search::{Candidate, Race, Standing, rounds, successive_halving};
use tally::{Tally, as_params};
use units::{Unit, Units, spans};

/// Candidates at most: a larger grid is sampled, evenly, down to this many.
const MOST_CANDIDATES: usize = 256;

/// Candidates a model of a sampled grid may add to the race after its first round.
const PROPOSED: usize = 16;

/// Mixed into the master seed for the pairing of values in a sampled grid.
const SAMPLING: u64 = 0x6772_6964_7361_6d70;

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

    /// How far `measures` (as [`Tally::measures`] reads them) are from it with `players`
    /// seats: the worst group's distance from an even share, or the card's worth's from its
    /// range (0 within it); lower is better.
    fn off(self, measures: &[f64], players: usize) -> f64 {
        let even = 1.0 / players as f64;
        match self {
            Target::CardEffect { low, high, .. } => measures
                .first()
                .map_or(f64::MAX, |&worth| (low - worth).max(worth - high).max(0.0)),
            _ => measures
                .iter()
                .map(|mean| (mean - even).abs())
                .reduce(f64::max)
                .unwrap_or(f64::MAX),
        }
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

/// The candidates: every combination of the values (each a list of indices into them), or,
/// when there are more than [`MOST_CANDIDATES`], a Latin hypercube sample of them: each value
/// of each parameter in as near an equal share of the candidates as may be, the parameters'
/// values paired at random (from `seed`), repeats dropped. (Every k-th combination would
/// alias: with 9 values of the first of three parameters, only 3 of them.)
fn candidates(params: &[(String, Vec<String>)], seed: u64) -> Vec<Vec<usize>> {
    let total = params
        .iter()
        .try_fold(1usize, |total, (_, values)| total.checked_mul(values.len()));
    if let Some(total) = total.filter(|&total| total <= MOST_CANDIDATES) {
        return (0..total)
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
            .collect();
    }
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ SAMPLING);
    let columns: Vec<Vec<usize>> = params
        .iter()
        .map(|(_, values)| {
            let mut strata: Vec<usize> = (0..MOST_CANDIDATES)
                .map(|k| k * values.len() / MOST_CANDIDATES)
                .collect();
            strata.shuffle(&mut rng);
            strata
        })
        .collect();
    let mut seen = std::collections::HashSet::new();
    (0..MOST_CANDIDATES)
        .map(|k| {
            columns
                .iter()
                .map(|column| column[k])
                .collect::<Vec<usize>>()
        })
        .filter(|candidate| seen.insert(candidate.clone()))
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

/// Runs `owlery balance`.
pub fn run(args: &BalanceArgs) -> anyhow::Result<ExitCode> {
    let sim = &args.sim;
    if sim.per_game {
        bail!("--per-game is for `owlery sim`; `owlery balance` writes no game-by-game table");
    }
    let shard_text = sim
        .shard
        .clone()
        .or_else(|| shard_from_slurm(|name| std::env::var(name).ok()));
    let shard = shard_text.as_deref().map(parse_shard).transpose()?;
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
        .map(|text| parse_param(text))
        .collect::<anyhow::Result<_>>()?;
    let candidates = candidates(&params, sim.seed);
    // Every candidate is checked before the first game: one refused after hours of games
    // would leave the search half done.
    for candidate in &candidates {
        built_with(sim, as_params(&settings(&params, candidate)), false)?;
    }
    let names = &sim.bots;
    let players = names.len();
    let sizes: Vec<usize> = params.iter().map(|(_, values)| values.len()).collect();
    let whole_grid = sizes
        .iter()
        .try_fold(1usize, |total, &size| total.checked_mul(size))
        .is_some_and(|total| total <= MOST_CANDIDATES);
    let proposed = if whole_grid { 0 } else { PROPOSED };
    let rounds = rounds(candidates.len() + proposed);
    let searching = args.budget * 3 / 4;
    let confirming = args.budget - searching;
    let smallest = rounds * (candidates.len() + proposed) as u64 * 2;
    if searching < smallest || confirming == 0 {
        let more = if proposed > 0 {
            format!(" (and {proposed} a model of them may add)")
        } else {
            String::new()
        };
        bail!(
            "--budget {}: too few games for {} candidates{more}; expected at least {}",
            args.budget,
            candidates.len(),
            smallest * 4 / 3 + 1
        );
    }
    let (_, rules_hash) = built_with(sim, Vec::new(), false)?;
    let manifest = format!(
        "owlery = {}\ngame = {:?}\nvariant = {:?}\nbots = {:?}\nseed = {}\nrollouts = {}\nrules = {rules_hash}\n\
         params = {:?}\ntarget = {:?}\nbudget = {}\n",
        env!("CARGO_PKG_VERSION"),
        sim.game,
        sim.variant,
        sim.bots,
        sim.seed,
        sim.rollouts,
        args.params,
        args.target,
        args.budget
    );
    let (index, count) = shard.unwrap_or((0, 1));
    let units = Units::open(&sim.out, &manifest, (index, count), sim.force)?;
    let found = units.finished();
    if found > 0 {
        eprintln!(
            "{found} units of games already played in {}: kept",
            sim.out.display()
        );
    }
    if let Some(text) = &shard_text {
        eprintln!(
            "shard {text}: sharing the games in {} with the other shards",
            sim.out.display()
        );
    }
    // Enough units a round for every process to have some, each of whole chunks.
    let pieces_a_round = (2 * count).max(16);
    let chunk = match target {
        Target::CardEffect { .. } => runner::effect::CHUNK,
        _ => runner::levels::CHUNK,
    };
    // Each candidate's games `games` of the run seeded `master`, played (or found played).
    let counted = |round: &str, chosen: &[Candidate], master: u64, games: Range<u64>| {
        let pieces = pieces_a_round.div_ceil(chosen.len() as u64);
        let (owners, work): (Vec<usize>, Vec<Unit>) = chosen
            .iter()
            .flat_map(|(id, candidate)| {
                let settings = settings(&params, candidate);
                spans(&games, pieces, chunk, 2)
                    .into_iter()
                    .map(move |span| {
                        let name = format!("{round}-c{id}-{}-{}", span.start, span.end);
                        let unit = Unit {
                            name,
                            settings: settings.clone(),
                            master,
                            games: span,
                        };
                        (*id, unit)
                    })
            })
            .unzip();
        let played = units.complete(&work, names, sim.threads, |unit, threads| {
            let sim = SimArgs {
                threads,
                ..sim.clone()
            };
            tally::play(
                &sim,
                &unit.settings,
                target,
                unit.master,
                unit.games.clone(),
            )
        })?;
        let mut totals = Vec::with_capacity(chosen.len());
        for (id, _) in chosen {
            let chunks = owners
                .iter()
                .zip(&played)
                .filter(|&(of, _)| of == id)
                .flat_map(|(_, chunks)| chunks);
            totals.push(Tally::sum(names, chunks).context("a candidate played no games")?);
        }
        anyhow::Ok(totals)
    };
    let race = Race {
        budget: searching,
        proposed,
        off: |tally: &Tally| tally.off(target, players),
        play: |round, racing: &[Candidate], games| {
            counted(&format!("r{round}"), racing, sim.seed, games)
        },
        propose: |standing: &[(Candidate, Tally)]| {
            let seed = sim.seed ^ SAMPLING;
            let found = model::propose(standing, &sizes, target, players, proposed, seed);
            // Numbered after the sampled ones; a combination the rules refuse is left out.
            found
                .into_iter()
                .filter(|c| built_with(sim, as_params(&settings(&params, c)), false).is_ok())
                .enumerate()
                .map(|(k, candidate)| (MOST_CANDIDATES + k, candidate))
                .collect()
        },
        report: |standings: &[Standing]| {
            let best = &standings[0];
            eprintln!(
                "round {} of {rounds}: {} candidates on {} games each; best {} ({:.1} points off target)",
                best.round,
                standings.len(),
                best.games,
                settings(&params, &best.candidate.1).join(" "),
                100.0 * best.off
            );
        },
    };
    let (best_found, path) = successive_halving(candidates, race)?;
    let path: Vec<BalancePathRow> = path
        .iter()
        .map(|standing| BalancePathRow {
            round: standing.round,
            values: settings(&params, &standing.candidate.1).join(" "),
            games: standing.games,
            off_level: Fixed(standing.off),
        })
        .collect();
    let best = settings(&params, &best_found.1);
    let confirmed = counted(
        "confirm",
        std::slice::from_ref(&best_found),
        sim.seed ^ CONFIRMING,
        0..confirming,
    )?
    .remove(0);
    if index != 0 {
        eprintln!(
            "shard {index}/{count}: every game played; shard 0 writes the results to {}",
            sim.out.display()
        );
        return Ok(ExitCode::SUCCESS);
    }
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
    let off = match target {
        Target::CardEffect { .. } => String::new(),
        _ => off_level(&rows, even, &args.params, sim.game == GameArg::ScrabbleHp),
    };
    write_results(&sim.out, args, &best, &path, &rows, &goal, &off)?;
    Ok(ExitCode::SUCCESS)
}

/// Where the confirming run is off level: the group furthest off, and the houses off level
/// that no parameter searched is the house's own (`houses.NAME.`), which the search moved
/// only through the others' values (naming `opening_points` where `handicap`, the game's
/// lever for every house); empty where every row is within its tolerance.
fn off_level(rows: &[BalanceConfirmRow], even: f64, params: &[String], handicap: bool) -> String {
    let Some(furthest) = rows
        .iter()
        .filter(|row| !row.within_tolerance)
        .max_by(|a, b| {
            (a.win_rate.0 - even)
                .abs()
                .total_cmp(&(b.win_rate.0 - even).abs())
        })
    else {
        return String::new();
    };
    let off = 100.0 * (furthest.win_rate.0 - even);
    let mut text = format!(
        "Furthest off: {} {}, {:.1} points {} an even share (every {} is within {:.1} points).",
        furthest.group,
        furthest.name,
        off.abs(),
        if off > 0.0 { "above" } else { "below" },
        furthest.group,
        off.abs()
    );
    let unsearched: Vec<&str> = rows
        .iter()
        .filter(|row| row.group == "house" && !row.within_tolerance)
        .map(|row| row.name.as_str())
        .filter(|house| {
            let own = format!("houses.{house}.");
            !params.iter().any(|param| param.starts_with(&own))
        })
        .collect();
    if !unsearched.is_empty() {
        let owners = format!("{}'s", unsearched.join("'s or "));
        let them = if unsearched.len() == 1 { "it" } else { "them" };
        let lever = if handicap {
            " (every house has opening_points)"
        } else {
            ""
        };
        text += &format!(
            " No parameter searched is {owners} own: the search moved {them} only through the \
             other houses' values; search a value of {owners} too{lever}, or allow a wider \
             tolerance."
        );
    }
    text
}

/// Writes the values found (as a rules file), the path, the confirming run and a page.
fn write_results(
    out: &Path,
    args: &BalanceArgs,
    best: &[String],
    path: &[BalancePathRow],
    rows: &[BalanceConfirmRow],
    goal: &str,
    off: &str,
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
    if !off.is_empty() {
        page += &format!("\n{off}\n");
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
    if !off.is_empty() {
        println!("{off}");
    }
    eprintln!("wrote {}", out.join("values.toml").display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_level_names_the_furthest_and_the_houses_no_parameter_searched_moves() {
        let row = |name: &str, rate: f64, within: bool| BalanceConfirmRow {
            group: "house".to_string(),
            name: name.to_string(),
            games: 100,
            win_rate: Fixed(rate),
            ci95_low: Fixed(rate - 0.01),
            ci95_high: Fixed(rate + 0.01),
            within_tolerance: within,
        };
        let params = ["houses.ravenclaw.opening_tiles=7..10".to_string()];
        let rows = [
            row("gryffindor", 0.255, true),
            row("hufflepuff", 0.224, false),
            row("ravenclaw", 0.29, false),
            row("slytherin", 0.231, false),
        ];
        let text = off_level(&rows, 0.25, &params, true);
        assert!(
            text.starts_with("Furthest off: house ravenclaw, 4.0 points above an even share"),
            "{text}"
        );
        // Ravenclaw's own value was searched; Gryffindor is level.
        assert!(
            text.contains(
                "No parameter searched is hufflepuff's or slytherin's own: the search moved them"
            ) && text.contains("(every house has opening_points)"),
            "{text}"
        );
        assert!(off_level(&rows[..1], 0.25, &params, true).is_empty());
        let seats = [BalanceConfirmRow {
            group: "seat".to_string(),
            ..row("2", 0.2, false)
        }];
        let text = off_level(&seats, 0.25, &params, false);
        assert!(text.contains("seat 2, 5.0 points below") && !text.contains("own"));
    }

    #[test]
    fn every_combination_is_a_candidate_until_there_are_too_many() {
        let params = vec![
            ("a".to_string(), vec!["1".to_string(), "2".to_string()]),
            ("b".to_string(), vec!["x".into(), "y".into(), "z".into()]),
        ];
        let all = candidates(&params, 1);
        assert_eq!(all.len(), 6);
        assert_eq!(settings(&params, &all[5]), ["a=2", "b=z"]);
        let wide = vec![("c".to_string(), (0..1000).map(|v| v.to_string()).collect())];
        let sampled = candidates(&wide, 1);
        assert_eq!(sampled.len(), MOST_CANDIDATES);
        assert_eq!(
            (sampled.iter().min(), sampled.iter().max()),
            (Some(&vec![0]), Some(&vec![996]))
        );
        // Three parameters of nine values: each value of each one among the candidates, in
        // about equal shares, and the same sample from the same seed.
        let nine: Vec<String> = (1..=9).map(|v| v.to_string()).collect();
        let cube: Vec<(String, Vec<String>)> = ["x", "y", "z"]
            .map(|k| (k.to_string(), nine.clone()))
            .into();
        let sampled = candidates(&cube, 7);
        assert!(
            sampled.len() > 200 && sampled.len() <= MOST_CANDIDATES,
            "{}",
            sampled.len()
        );
        for axis in 0..3 {
            for value in 0..9 {
                let share = sampled.iter().filter(|c| c[axis] == value).count();
                assert!(
                    (20..=30).contains(&share),
                    "axis {axis} value {value}: {share}"
                );
            }
        }
        assert_eq!(candidates(&cube, 7), sampled);
        assert_ne!(candidates(&cube, 8), sampled);
        assert_eq!((rounds(1), rounds(2), rounds(5), rounds(16)), (1, 1, 3, 4));
    }
}
