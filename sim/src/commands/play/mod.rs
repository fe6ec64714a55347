//! `owlery play`: one game between bots and people, a module per game.

mod cards;
mod crossword;
mod hp;
mod monopoly;
mod rummy;

use std::io::{BufRead, Write};
use std::process::ExitCode;

use engine::scrabble::{Cgp, Observation, Rack};
use runner::store::check_writable;

use crate::cli::{GameArg, PlayArgs};
use crate::setup::check_game_options;

/// Reads a line from standard input, trimmed; `None` at its end. Bytes that are not UTF-8
/// read as U+FFFD, so such a line is refused as a move like any other, not taken for the end.
fn read_line() -> Option<String> {
    let mut line = Vec::new();
    match std::io::stdin().lock().read_until(b'\n', &mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(String::from_utf8_lossy(&line).trim().to_string()),
    }
}

/// Prompts with `prompt` until a line the caller answers: `help` prints `help`, `hint` prints
/// `hints()` (or that no move places tiles), `position` prints `position()`; `None` on `quit`
/// or the end of input.
fn prompt_line(
    prompt: &str,
    help: &str,
    mut hints: impl FnMut() -> Vec<String>,
    position: impl Fn() -> Cgp,
) -> Option<String> {
    loop {
        print!("{prompt}");
        let _ = std::io::stdout().flush();
        let line = read_line()?;
        match line.to_ascii_lowercase().as_str() {
            "" => {}
            "help" => println!("{help}"),
            "quit" => return None,
            "hint" => {
                let hints = hints();
                if hints.is_empty() {
                    println!("no move places tiles: exchange or pass");
                }
                for hint in hints {
                    println!("  {hint}");
                }
            }
            "position" => println!("{}", position()),
            _ => return Some(line),
        }
    }
}

/// The position as the seat sees it, in CGP, the seat to move first: the other racks
/// unknown (empty), unless two play and the bag is empty, when the other holds every tile the
/// seat has not seen.
fn position(view: &Observation<'_>) -> Cgp {
    let players = view.scores.len();
    let order = (0..players).map(|k| (view.seat + k) % players);
    let mut other = Rack::EMPTY;
    if players == 2 && view.bag_len == 0 {
        for (kind, &count) in view.unseen.iter().enumerate() {
            (0..count).for_each(|_| other.add(kind));
        }
    }
    Cgp {
        board: view.board.clone(),
        racks: order
            .clone()
            .map(|seat| if seat == view.seat { view.rack } else { other })
            .collect(),
        scores: order.map(|seat| view.scores[seat]).collect(),
        scoreless: view.scoreless,
        operations: Vec::new(),
    }
}

/// Runs `owlery play`.
pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    if let Some(path) = &args.gcg {
        if matches!(args.game, GameArg::MonopolyHp | GameArg::ScrabbleCards) {
            anyhow::bail!(
                "--gcg records crossword games (scrabble, scrabble-hp); {} has no GCG",
                args.game.name()
            );
        }
        check_writable(path, "--gcg")?;
    }
    check_game_options(args.game, args.variant, Some(args.rollouts))?;
    if !args.houses.is_empty() && matches!(args.game, GameArg::Scrabble | GameArg::ScrabbleCards) {
        anyhow::bail!(
            "--houses: {} has no houses (scrabble-hp and monopoly-hp have)",
            args.game.name()
        );
    }
    match args.game {
        GameArg::ScrabbleHp => hp::run(args),
        GameArg::MonopolyHp => monopoly::run(args),
        GameArg::ScrabbleCards => cards::run(args),
        GameArg::Scrabble => crossword::run(args),
    }
}
