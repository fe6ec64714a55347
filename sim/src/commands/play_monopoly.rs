//! `owlery play monopoly-hp`: a game between bots and people, told event by event, and the
//! final count. A person's seat (`human`) answers every decision at the terminal.

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

use anyhow::bail;
use bots::monopoly::{MonopolyOptions, monopoly_bot_with};
use engine::hogwarts::House;
use engine::monopoly::{Monopoly, Seat};

use super::monopoly_person::{Person, Shared, Terminal};
use super::setup::monopoly_rules;
use crate::cli::PlayArgs;
use crate::monopoly_text::ring;
use crate::output;

/// Runs `owlery play monopoly-hp`.
pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
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
    let names = args.bots.clone();
    let shared = Shared::default();
    let mut seats: Vec<Box<dyn Seat>> = Vec::new();
    for (seat, name) in names.iter().enumerate() {
        if name == "human" {
            let terminal = Terminal::new(shared.clone(), names.clone());
            seats.push(Box::new(Person::new(terminal)));
        } else {
            let seed = args.seed.wrapping_mul(31).wrapping_add(seat as u64);
            let mut bot = monopoly_bot_with(name, seed, options).map_err(|mut unknown| {
                unknown.known.push("human");
                unknown
            })?;
            bot.start_game(seed);
            seats.push(bot);
        }
    }
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
    let people = names.iter().any(|name| name == "human");
    let mut out = std::io::stdout().lock();
    for (seat, name) in names.iter().enumerate() {
        writeln!(
            out,
            "player {} ({name}): {}",
            seat + 1,
            game.house(seat).name()
        )?;
    }
    drop(out);
    game.record_events();
    while game.ending().is_none() && !shared.quit.load(Ordering::Relaxed) {
        let turn = game.turns() + 1;
        let mover = game.mover();
        if !args.quiet || people {
            println!("turn {turn}: player {} ({})", mover + 1, names[mover]);
        }
        game.play_turn(&mut seats);
        if !args.quiet || people {
            let mut out = std::io::stdout().lock();
            shared.catch_up(&game.view(mover), &names, &mut out);
            let points: Vec<String> = (0..game.players())
                .map(|s| game.points(s).to_string())
                .collect();
            writeln!(out, "  points: {}", points.join(" / "))?;
        } else {
            shared.printed.store(game.events().len(), Ordering::Relaxed);
        }
    }
    let mut out = output::stdout();
    let Some(ending) = game.ending() else {
        writeln!(out, "game abandoned after {} turns", game.turns())?;
        output::finish(out)?;
        return Ok(ExitCode::SUCCESS);
    };
    if !args.quiet {
        write!(out, "{}", ring(&game, &names))?;
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
