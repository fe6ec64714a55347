//! `owlery effect`: what a change to the rules does, measured by paired games (each deal
//! played under the run's rules and with the change, from one seed), with paired intervals
//! and the games the pairing saved.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, bail};
use std::sync::Arc;

use bots::hogwarts::TIMED;
use engine::cardgame::Variant;
use engine::draws::Draws;
use engine::hogwarts::{Card, CardTable, House};
use engine::monopoly::{Effect, OwlCard};
use reports::schema::{CARD_EFFECTS, EffectRow, HOUSE_EFFECTS, POLICY_EFFECTS, Row, to_csv};
use runner::effect::{
    Design, Effects, Group, Measures, effect_rows, groups, paired_by_chunk, to_precision,
};
use runner::store::write_atomically;

use crate::cli::{EffectArgs, GameArg, SimArgs};
use crate::output;
use crate::setup::hp_rules;
use crate::simulate::{Contest, contest};

/// The rows as a person reads them: win rates in points of percentage, intervals beside;
/// and where a `precision` (a share) was asked, whether it was reached, `each` measurement
/// (of every card, house or policy) on its own.
fn print(
    rows: &[EffectRow],
    design: &Design,
    precision: Option<f64>,
    each: bool,
) -> anyhow::Result<()> {
    let mut out = output::stdout();
    writeln!(
        out,
        "{}{} deals, {} games under each rules ({})",
        if each && precision.is_some() {
            "at most "
        } else {
            ""
        },
        design.deals,
        design.games(),
        if design.duplicate {
            "each deal once per seating"
        } else {
            "one game a deal"
        }
    )?;
    writeln!(
        out,
        "{:<6} {:<18} {:>7} {:>7} {:>9} {:>19} {:>9} {:>19} {:>9}",
        "group",
        "name",
        "base",
        "changed",
        "effect",
        "95% interval",
        "points",
        "95% interval",
        "variance"
    )?;
    for row in rows {
        let points = |x: f64| format!("{:+.1}", 100.0 * x);
        writeln!(
            out,
            "{:<6} {:<18} {:>6.1}% {:>6.1}% {:>9} {:>19} {:>+9.1} {:>19} {:>8.0}%",
            row.group,
            row.name,
            100.0 * row.base_win_rate.0,
            100.0 * row.changed_win_rate.0,
            points(row.win_rate_effect.0),
            format!(
                "{} to {}",
                points(row.win_ci95_low.0),
                points(row.win_ci95_high.0)
            ),
            row.score_effect.0,
            format!(
                "{:+.1} to {:+.1}",
                row.score_ci95_low.0, row.score_ci95_high.0
            ),
            100.0 * row.variance_ratio.0
        )?;
    }
    writeln!(
        out,
        "effect: changed minus base (win rate in points of percentage, then points a game); \
         variance: the paired estimate's against two unpaired runs of as many games"
    )?;
    if let Some(asked) = precision {
        let widest = rows
            .iter()
            .map(|row| (row.win_ci95_high.0 - row.win_ci95_low.0) / 2.0)
            .fold(0.0, f64::max);
        let (asked, widest) = (100.0 * asked, 100.0 * widest);
        // The rows' bounds are rounded to a hundredth of a point: a half-width within half
        // of that of the precision was reached before rounding.
        let reached = widest <= asked + 0.005;
        let text = match (reached, each) {
            (true, true) => format!(
                "every win-rate effect within ±{widest:.2} points (asked ±{asked}), each \
                 measurement stopped once its own was"
            ),
            (true, false) => format!(
                "every win-rate effect within ±{widest:.2} points at {} deals (asked ±{asked})",
                design.deals
            ),
            (false, true) => format!(
                "--games reached with the widest win-rate effect ±{widest:.2} points (asked \
                 ±{asked})"
            ),
            (false, false) => format!(
                "--games reached at {} deals with the widest win-rate effect ±{widest:.2} \
                 points (asked ±{asked}); about {} deals would reach it",
                design.deals,
                (design.deals as f64 * (widest / asked).powi(2)).ceil()
            ),
        };
        writeln!(out, "precision: {text}")?;
    }
    output::finish(out)
}

/// The contest of `sim` with `changes` applied after its `--set`s, and its rules'
/// fingerprint; with duplicate seating a bot keeps its house through the rotations and the
/// crossword games draw each seat's tiles and cards from the seat's own stream, so each
/// house meets each seat's tiles, cards and dice too.
pub(super) fn built(
    sim: &SimArgs,
    changes: &[String],
    duplicate: bool,
) -> anyhow::Result<(Contest, String)> {
    let extra = changes.iter().map(|change| ("--change", change.clone()));
    built_with(sim, extra.collect(), duplicate)
}

/// As [`built`], the settings given with the flags their errors name.
pub(super) fn built_with(
    sim: &SimArgs,
    extra: Vec<(&'static str, String)>,
    duplicate: bool,
) -> anyhow::Result<(Contest, String)> {
    let mut args = sim.clone();
    args.data.extra = extra;
    let (mut built, hash) = contest(&args)?;
    let draws = if duplicate {
        Draws::BySeat
    } else {
        Draws::Shared
    };
    match &mut built {
        Contest::Crossword(game) => game.draws = draws,
        Contest::HarryPotter(game) => {
            game.houses_follow_bots = duplicate;
            game.draws = draws;
        }
        Contest::Monopoly(game) => game.houses_follow_bots = duplicate,
        _ => {}
    }
    Ok((built, hash))
}

/// `--precision` as a share, if given.
fn precision(args: &EffectArgs) -> Option<f64> {
    args.precision.map(|share| share.0)
}

/// Plays the pairs of `design` under both contests and measures `groups`; with a
/// `precision` (a share), only as many of its deals as [`to_precision`] needs.
pub(super) fn measured(
    base: &Contest,
    changed: &Contest,
    sim: &SimArgs,
    groups: Vec<Group>,
    design: Design,
    precision: Option<f64>,
) -> anyhow::Result<Effects> {
    to_precision(groups, design, precision, |round, groups| {
        measured_by_chunk(base, changed, sim, groups, round)
    })
}

/// [`measured`] chunk by chunk (`runner::effect::paired_by_chunk`).
pub(super) fn measured_by_chunk(
    base: &Contest,
    changed: &Contest,
    sim: &SimArgs,
    groups: &[Group],
    design: Design,
) -> anyhow::Result<Vec<Vec<Measures>>> {
    let (names, threads) = (&sim.bots, sim.threads);
    match (base, changed) {
        (Contest::Crossword(a), Contest::Crossword(b)) => {
            paired_by_chunk(a, b, names, groups, design, threads)
        }
        (Contest::HarryPotter(a), Contest::HarryPotter(b)) => {
            paired_by_chunk(a, b, names, groups, design, threads)
        }
        (Contest::Monopoly(a), Contest::Monopoly(b)) => {
            paired_by_chunk(a, b, names, groups, design, threads)
        }
        (Contest::Cards(a), Contest::Cards(b)) => {
            paired_by_chunk(a, b, names, groups, design, threads)
        }
        (Contest::Rummy(a), Contest::Rummy(b)) => {
            paired_by_chunk(a, b, names, groups, design, threads)
        }
        _ => unreachable!("both arms are the same game"),
    }
}

/// Runs `owlery effect`.
pub fn run(args: &EffectArgs) -> anyhow::Result<ExitCode> {
    let sim = &args.sim;
    if sim.shard.is_some() || sim.resume || sim.per_game {
        bail!(
            "--shard, --resume and --per-game are for `owlery sim`; `owlery effect` plays on one machine in one go"
        );
    }
    let (base, base_hash) = built(sim, &[], args.duplicate)?;
    let players = sim.bots.len();
    let design = Design {
        master: sim.seed,
        first: 0,
        deals: if args.duplicate {
            sim.games.div_ceil(players as u64)
        } else {
            sim.games
        },
        players,
        duplicate: args.duplicate,
    };
    let (rows, file, design) = if let Some(bot) = &args.versus {
        let (rows, design) = versus(sim, bot, &base, design, precision(args))?;
        (rows, EffectRow::FILE, design)
    } else if args.every_policy {
        (every_policy(args, &base, design)?, POLICY_EFFECTS, design)
    } else if args.every_card {
        (every_card(args, &base, design)?, CARD_EFFECTS, design)
    } else if args.every_house {
        (every_house(args, &base, design)?, HOUSE_EFFECTS, design)
    } else {
        let (changed, changed_hash) = built(sim, &args.changes, args.duplicate)?;
        if base_hash == changed_hash {
            bail!(
                "--change {}: the rules are the same with it; expected a value other than the run's",
                args.changes.join(" --change ")
            );
        }
        let effects = measured(
            &base,
            &changed,
            sim,
            groups(&sim.bots),
            design,
            precision(args),
        )?;
        (
            effect_rows(&effects, &args.changes.join(" ")),
            EffectRow::FILE,
            effects.design,
        )
    };
    std::fs::create_dir_all(&sim.out).with_context(|| format!("creating {}", sim.out.display()))?;
    let path = sim.out.join(file);
    write_atomically(&path, &to_csv(&rows)?)?;
    let each = args.every_policy || args.every_card || args.every_house;
    print(&rows, &design, precision(args), each)?;
    eprintln!("wrote {}", path.display());
    Ok(ExitCode::SUCCESS)
}

/// The lineup's first bot against `bot` in its place: the paired difference on that bot's
/// seats, labelled `FIRST -> BOT`.
fn versus(
    sim: &SimArgs,
    bot: &str,
    base: &Contest,
    design: Design,
    precision: Option<f64>,
) -> anyhow::Result<(Vec<EffectRow>, Design)> {
    let first = &sim.bots[0];
    if bot == first {
        bail!("--versus {bot}: the first bot is {first} already; expected another bot");
    }
    let mut other = sim.clone();
    other.bots[0] = bot.to_string();
    let (changed, _) = built(&other, &[], design.duplicate)?;
    let label = format!("{first} -> {bot}");
    let policy = Group::Policy {
        index: 0,
        name: label.clone(),
    };
    let effects = measured(base, &changed, sim, vec![policy], design, precision)?;
    Ok((effect_rows(&effects, &label), effects.design))
}

/// Each Hogwarts card the `cards` policy times, measured on the lineup's first bot (`cards`)
/// against the same bot playing that card the first turn it may: what holding it is worth.
fn every_policy(
    args: &EffectArgs,
    base: &Contest,
    design: Design,
) -> anyhow::Result<Vec<EffectRow>> {
    let sim = &args.sim;
    if sim.game != GameArg::ScrabbleHp
        || !args.changes.is_empty()
        || sim.bots.first().map(String::as_str) != Some("cards")
    {
        bail!(
            "--every-policy measures the `cards` policy's timing of the Hogwarts cards: \
             scrabble-hp, without --change, the first bot `cards` (found {})",
            sim.bots.join(",")
        );
    }
    let rules = hp_rules(&sim.data)?;
    let mut rows = Vec::new();
    for (card, held_until) in TIMED {
        if rules.numbers.cards.count(card) == 0 {
            continue;
        }
        let mut at_once = sim.clone();
        at_once.bots[0] = format!("cards:at-once={}", card.key());
        let (changed, _) = built(&at_once, &[], args.duplicate)?;
        let policy = Group::Policy {
            index: 0,
            name: card.key().to_string(),
        };
        let effects = measured(base, &changed, sim, vec![policy], design, precision(args))?;
        rows.extend(effect_rows(&effects, &format!("held until {held_until}")));
        eprintln!("{card}: measured over {} deals", effects.design.deals);
    }
    Ok(rows)
}

/// Each house's power measured by switching it off alone, on that house.
fn every_house(
    args: &EffectArgs,
    base: &Contest,
    design: Design,
) -> anyhow::Result<Vec<EffectRow>> {
    let sim = &args.sim;
    if sim.game != GameArg::ScrabbleHp || !args.changes.is_empty() {
        bail!("--every-house measures the Harry Potter houses: scrabble-hp, without --change");
    }
    let rules = hp_rules(&sim.data)?;
    let houses = &rules.numbers.houses;
    // Each power off, where the run's rules give it one.
    let powers = [
        (
            House::Gryffindor,
            houses.gryffindor.opening_cards > 0,
            "houses.gryffindor.opening_cards=0".to_string(),
        ),
        (
            House::Ravenclaw,
            houses.ravenclaw.opening_tiles != rules.crossword.numbers.rack_size,
            format!(
                "houses.ravenclaw.opening_tiles={}",
                rules.crossword.numbers.rack_size
            ),
        ),
        (
            House::Slytherin,
            houses.slytherin.moves_first,
            "houses.slytherin.moves_first=false".to_string(),
        ),
        (
            House::Hufflepuff,
            houses.hufflepuff.keeps_leftovers,
            "houses.hufflepuff.keeps_leftovers=false".to_string(),
        ),
    ];
    let mut rows = Vec::new();
    for (house, has_power, change) in powers {
        if !has_power {
            continue;
        }
        let (changed, _) = built(sim, std::slice::from_ref(&change), args.duplicate)?;
        let effects = measured(
            base,
            &changed,
            sim,
            vec![Group::House(house)],
            design,
            precision(args),
        )?;
        rows.extend(effect_rows(&effects, &change));
        eprintln!("{house}: measured over {} deals", effects.design.deals);
    }
    Ok(rows)
}

/// Each Owl Post card measured by replacing it alone with a letter that does nothing (gain 0
/// points, put back under the deck), on the players who drew it: a Jail card or a Howler's
/// worth, the cost of Jail included.
fn every_letter(
    args: &EffectArgs,
    base: &Contest,
    cards: &[OwlCard],
    design: Design,
) -> anyhow::Result<Vec<EffectRow>> {
    let sim = &args.sim;
    let mut rows = Vec::new();
    for (index, card) in cards.iter().enumerate() {
        let (mut changed, _) = built(sim, &[], args.duplicate)?;
        let Contest::Monopoly(game) = &mut changed else {
            unreachable!("the same game");
        };
        let mut rules = (*game.rules).clone();
        rules.cards[index].effect = Effect::Gain(0);
        game.rules = Arc::new(rules);
        let drew = Group::Drew {
            kind: index,
            name: card.name.clone(),
        };
        let effects = measured(base, &changed, sim, vec![drew], design, precision(args))?;
        rows.extend(effect_rows(
            &effects,
            &format!("owl post card {} does nothing", index + 1),
        ));
        eprintln!(
            "{}: measured over {} deals",
            card.name, effects.design.deals
        );
    }
    Ok(rows)
}

/// Each Hogwarts card in the deck measured by switching its power off alone: what having the
/// power is worth to the players who drew the card, deal by deal.
fn every_card(args: &EffectArgs, base: &Contest, design: Design) -> anyhow::Result<Vec<EffectRow>> {
    let sim = &args.sim;
    if !args.changes.is_empty() {
        bail!("--every-card measures each card against the run's rules: without --change");
    }
    match base {
        Contest::Monopoly(game) => return every_letter(args, base, &game.rules.cards, design),
        Contest::Cards(_) => return every_premium_and_action(args, base, design),
        _ => {}
    }
    if sim.game != GameArg::ScrabbleHp {
        bail!(
            "--every-card measures the Hogwarts cards, the card game's Premium and Action cards \
             or the Owl Post cards: scrabble-hp, scrabble-cards (classic or forfeit) or monopoly-hp"
        );
    }
    let rules = hp_rules(&sim.data)?;
    let mut rows = Vec::new();
    for (kind, card) in Card::ALL.into_iter().enumerate() {
        if rules.numbers.cards.count(card) == 0 {
            continue;
        }
        let change = format!("cards.{}.power=false", card.key());
        let (changed, _) = built(sim, std::slice::from_ref(&change), args.duplicate)?;
        let drew = Group::Drew {
            kind,
            name: card.key().to_string(),
        };
        let effects = measured(base, &changed, sim, vec![drew], design, precision(args))?;
        rows.extend(effect_rows(&effects, &change));
        eprintln!("{card}: measured over {} deals", effects.design.deals);
    }
    Ok(rows)
}

/// The card game's Premium cards, each measured with its multiplier 1 (drawn and laid, doing
/// nothing), and in Forfeit each Action category with its plus and minus 0, on the players
/// who drew the card (an Action category: who held its card).
fn every_premium_and_action(
    args: &EffectArgs,
    base: &Contest,
    design: Design,
) -> anyhow::Result<Vec<EffectRow>> {
    let sim = &args.sim;
    let Contest::Cards(game) = base else {
        unreachable!("the card game");
    };
    let mut rows = Vec::new();
    for (kind, (name, change)) in [
        ("double_word", "double_word_multiplier=1"),
        ("triple_word", "triple_word_multiplier=1"),
    ]
    .into_iter()
    .enumerate()
    {
        let (changed, _) = built(sim, &[change.to_string()], args.duplicate)?;
        let drew = Group::Drew {
            kind,
            name: name.to_string(),
        };
        let effects = measured(base, &changed, sim, vec![drew], design, precision(args))?;
        rows.extend(effect_rows(&effects, change));
        eprintln!("{name}: measured over {} deals", effects.design.deals);
    }
    // Action categories follow the two Premium cards in the tally: card c's category k at
    // 2 + 2c + k.
    let actions = match game.rules.variant {
        Variant::Forfeit => &game.rules.actions[..],
        _ => &[],
    };
    for (card, action) in actions.iter().enumerate() {
        for (category, named) in action.categories.iter().enumerate() {
            let mut rules = (*game.rules).clone();
            let off = &mut rules.actions[card].categories[category];
            (off.plus, off.minus) = (0, 0);
            // The same contest with the category's values 0 (its name, and so the tally's
            // kinds, unchanged).
            let (mut changed, _) = built(sim, &[], args.duplicate)?;
            let Contest::Cards(changed_game) = &mut changed else {
                unreachable!("the same game");
            };
            changed_game.rules = Arc::new(rules);
            let name = format!("action: {}", named.name);
            let drew = Group::Drew {
                kind: 2 + 2 * card + category,
                name: name.clone(),
            };
            let effects = measured(base, &changed, sim, vec![drew], design, precision(args))?;
            rows.extend(effect_rows(&effects, &format!("{name} worth 0")));
            eprintln!("{name}: measured over {} deals", effects.design.deals);
        }
    }
    Ok(rows)
}
