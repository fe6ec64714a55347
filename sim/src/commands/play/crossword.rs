//! `owlery play scrabble`: one game of the plain crossword game between bots, every turn and
//! the board printed.

use std::io::Write;
use std::process::ExitCode;

use bots::seating::seat_table;
use engine::play::play_out;
use engine::scrabble::{EndReason, Game, Move};
use runner::store::write_atomically;

use crate::cli::PlayArgs;
use crate::setup::{bot_settings, crossword_rules, game_lexicon};
use crate::{output, render, verdict};

/// Plays the plain game.
pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    if args.bots.iter().any(|seat| seat == "human") {
        anyhow::bail!("human seats play scrabble-hp; the plain game is for bots");
    }
    let rules = crossword_rules(&args.data)?;
    let lexicon = game_lexicon(args.game, &args.lexicon)?;
    let settings = bot_settings(&args.data, args.rollouts)?;
    let mut seats = seat_table(&args.bots, args.seed, &settings, None)?;
    let mut game = Game::new(rules.clone(), lexicon, seats.len(), args.seed)?;
    let mut out = output::stdout();
    let names: Vec<&str> = args.bots.iter().map(String::as_str).collect();
    let mut failure = None;
    let mut before = game.board().clone();
    let result = play_out(&mut game, &mut seats, |game: &Game| {
        if args.quiet || failure.is_some() {
            return;
        }
        let turn = game.history().last().expect("a turn was played");
        let action = match turn.action {
            Move::Place(placement) => placement.notation(game.board()),
            other => other.notation(&before),
        };
        let line = format!(
            "{:>3}. {} ({}) {:<7} {:<20} {:>+4} {:>5}",
            game.history().len(),
            turn.seat + 1,
            names[turn.seat],
            turn.rack.to_string(),
            action,
            turn.score,
            turn.total
        );
        let written = writeln!(
            out,
            "{line}\n{}",
            render::board(game.board(), &game.rules().layout)
        );
        if let Err(error) = written {
            failure = Some(error);
        }
        before = game.board().clone();
    });
    if let Some(error) = failure {
        return Err(error.into());
    }
    result?;
    let end = match game.end() {
        Some(EndReason::WentOut { seat }) => format!("player {} went out", seat + 1),
        _ => format!("{} scoreless turns in a row", game.scoreless()),
    };
    if !args.quiet {
        writeln!(out, "game over: {end}")?;
    }
    for (seat, name) in names.iter().enumerate() {
        let rack = game.rack(seat).to_string();
        writeln!(
            out,
            "{}: {} ({})",
            verdict::label(seat, name),
            game.scores()[seat],
            verdict::adjustment_note(game.adjustments()[seat], &rack, "tiles", false)
        )?;
    }
    let labels: Vec<String> = (0..names.len())
        .map(|seat| verdict::label(seat, names[seat]))
        .collect();
    writeln!(out, "{}", verdict::verdict(&labels, game.scores()))?;
    if let Some(path) = &args.gcg {
        let names: Vec<String> = names.iter().map(|name| name.to_string()).collect();
        let text = crate::gcg::record(&game, &names, &[], &[], crate::gcg::Reader::Referee);
        write_atomically(path, text.as_bytes())?;
    }
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}
