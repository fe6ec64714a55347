//! `owlery play monopoly-hp`: one game between bots, told event by event, and the final count.

use std::io::Write;
use std::process::ExitCode;

use anyhow::bail;
use bots::monopoly::{MonopolyOptions, monopoly_bot_with};
use engine::hogwarts::House;
use engine::monopoly::{Event, Monopoly, Seat, mask_bits};

use super::setup::monopoly_rules;
use crate::cli::PlayArgs;
use crate::output;

/// One event as a line, or `None` for the quiet ones.
fn describe(game: &Monopoly, event: &Event, names: &[String]) -> Option<String> {
    let board = &game.rules().board;
    let who = |seat: usize| format!("{} ({})", seat + 1, names[seat]);
    let deed = |property: usize| board.properties[property].name.as_str();
    Some(match *event {
        Event::Rolled { seat, dice } => format!("{} rolls {}+{}", who(seat), dice.0, dice.1),
        Event::Landed { seat, space } => format!("  {} lands on {}", who(seat), board.names[space]),
        Event::PassedGo { seat, points } => format!("  {} passes GO: +{points}", who(seat)),
        Event::Explored {
            seat,
            property,
            points: 0,
        } => format!("  {} takes {} free", who(seat), deed(property)),
        Event::Explored {
            seat,
            property,
            points,
        } => format!("  {} explores {} for {points}", who(seat), deed(property)),
        Event::Auctioned {
            property,
            sale: Some((seat, price)),
        } => format!(
            "  {} wins {} at auction for {price}",
            who(seat),
            deed(property)
        ),
        Event::Auctioned {
            property,
            sale: None,
        } => format!("  no one bids for {}", deed(property)),
        Event::Rent {
            payer,
            owner,
            property,
            points,
        } => format!(
            "  {} pays {} rent of {points} on {}",
            who(payer),
            who(owner),
            deed(property)
        ),
        Event::PaidBank { seat, points } => format!("  {} gives the Bank {points}", who(seat)),
        Event::OwlPost { seat, card } => {
            format!(
                "  {} opens Owl Post: {}",
                who(seat),
                game.rules().cards[card].name
            )
        }
        Event::Jailed { seat } => format!("  {} goes to Jail", who(seat)),
        Event::Freed { seat } => format!("  {} leaves Jail", who(seat)),
        Event::Crest {
            seat,
            property,
            points,
        } => format!(
            "{} adds a crest to {} for {points}",
            who(seat),
            deed(property)
        ),
        Event::CrestReturned { seat, property } => {
            format!("  {} returns the crest on {}", who(seat), deed(property))
        }
        Event::Mortgaged { seat, property } => {
            format!("  {} mortgages {}", who(seat), deed(property))
        }
        Event::Unmortgaged { seat, property } => {
            format!("{} lifts the mortgage on {}", who(seat), deed(property))
        }
        Event::Traded { trade, accepted } => {
            let list = |mask: u32| {
                let names: Vec<&str> = mask_bits(mask).map(deed).collect();
                if names.is_empty() {
                    "nothing".to_string()
                } else {
                    names.join(", ")
                }
            };
            format!(
                "{} offers {} {} and {} points for {}: {}",
                who(trade.from),
                who(trade.to),
                list(trade.give),
                trade.points,
                list(trade.take),
                if accepted { "accepted" } else { "refused" }
            )
        }
        Event::WentOut { seat, creditor } => format!(
            "  {} is out, to {}",
            who(seat),
            creditor.map_or("the Bank".to_string(), who)
        ),
    })
}

/// The ring of properties: owner, crest, mortgage.
fn holdings(game: &Monopoly) -> String {
    let board = &game.rules().board;
    let mut text = String::new();
    for (property, deed) in board.properties.iter().enumerate() {
        let owner = game
            .owner(property)
            .map_or("-".to_string(), |seat| (seat + 1).to_string());
        let mut marks = String::new();
        if game.crested() & (1 << property) != 0 {
            marks.push_str(" crest");
        }
        if game.mortgaged() & (1 << property) != 0 {
            marks.push_str(" mortgaged");
        }
        text.push_str(&format!(
            "{:>2} {:<24} {:>3}  player {owner}{marks}\n",
            deed.space, deed.name, deed.value
        ));
    }
    text
}

/// Runs `owlery play monopoly-hp`.
pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    if args.bots.iter().any(|seat| seat == "human") {
        bail!("human seats at monopoly-hp are not playable yet; seat bots: heuristic, random");
    }
    let rules = monopoly_rules(&args.data)?;
    if !(2..=rules.max_players()).contains(&args.bots.len()) {
        bail!(
            "--bots lists {} seats: expected 2 to {}",
            args.bots.len(),
            rules.max_players()
        );
    }
    let options = MonopolyOptions {
        rollouts: args.rollouts,
    };
    let mut seats: Vec<Box<dyn Seat>> = args
        .bots
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let seed = args.seed.wrapping_mul(31).wrapping_add(seat as u64);
            monopoly_bot_with(name, seed, options)
        })
        .collect::<Result<_, _>>()?;
    let mut game = if args.houses.is_empty() {
        Monopoly::sorted(rules, seats.len(), args.seed)?
    } else {
        let houses: Vec<House> = args
            .houses
            .iter()
            .map(|name| name.parse())
            .collect::<Result<_, _>>()?;
        if houses.len() != seats.len() {
            bail!(
                "--houses lists {} houses for {} seats",
                houses.len(),
                seats.len()
            );
        }
        Monopoly::new(rules, &houses, args.seed)?
    };
    let names = args.bots.clone();
    let mut out = output::stdout();
    for (seat, name) in names.iter().enumerate() {
        writeln!(
            out,
            "player {} ({name}): {}",
            seat + 1,
            game.house(seat).name()
        )?;
    }
    game.record_events();
    while game.ending().is_none() {
        let turn = game.turns() + 1;
        let mover = game.mover();
        game.play_turn(&mut seats);
        let events = game.take_events();
        if args.quiet {
            continue;
        }
        writeln!(out, "turn {turn}: player {}", mover + 1)?;
        for event in &events {
            if let Some(line) = describe(&game, event, &names) {
                writeln!(out, "{line}")?;
            }
        }
        let points: Vec<String> = (0..game.players())
            .map(|s| game.points(s).to_string())
            .collect();
        writeln!(out, "  points: {}", points.join(" / "))?;
    }
    let ending = game.ending().expect("the loop ran to the end");
    if !args.quiet {
        write!(out, "{}", holdings(&game))?;
    }
    writeln!(
        out,
        "game over after {} turns: {}",
        game.turns(),
        ending.name()
    )?;
    let scores = game.final_scores();
    for (seat, name) in names.iter().enumerate() {
        let status = if game.is_out(seat) { " (out)" } else { "" };
        writeln!(
            out,
            "player {} ({name}, {}): {} ({} in points){status}",
            seat + 1,
            game.house(seat).name(),
            scores[seat],
            game.points(seat)
        )?;
    }
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}
