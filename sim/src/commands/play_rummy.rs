//! `owlery play scrabble-cards --variant rummy`: ten rounds between bots and people.
//!
//! A person answers `pile` or `discard` to draw, then lays words for the Round card
//! (`TRAIN HO`, blanks in lower case) and names the card to discard after a slash
//! (`TRAIN HO / Q`), or only `/ Q` to lay nothing; `hint`, `help` and `quit` work throughout.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::bail;
use bots::cardgame::rummy::{RummyPlayer, best_meld, rummy_player_by_name};
use engine::cardgame::{CardRules, RummyGame};
use engine::scrabble::Cell;
use engine::scrabble::tiles::{kind_char, kind_of_char};

use super::setup::{check_rummy_pack, game_lexicon};
use crate::cli::{GameArg, PlayArgs};
use crate::output;

const HELP: &str = "\
commands:
  pile | discard        draw from the draw pile, or take the discard pile's top card
  WORD WORD ... / CARD  lay these words for the Round card, then discard CARD (? a blank)
  / CARD                lay nothing and discard CARD
  hint                  the best words your hand allows for this round
  help, quit";

fn ask(out: &mut impl Write, seat: usize) -> anyhow::Result<Option<String>> {
    write!(out, "player {}> ", seat + 1)?;
    out.flush()?;
    let mut line = String::new();
    if std::io::stdin().lock().read_line(&mut line)? == 0 || line.trim() == "quit" {
        return Ok(None);
    }
    Ok(Some(line.trim().to_string()))
}

/// Reads `WORD ... / CARD` into words and a discard.
fn parse_turn(text: &str) -> Result<(Vec<Vec<Cell>>, u8), String> {
    let (words, discard) = text
        .split_once('/')
        .ok_or("expected WORDS / CARD, e.g. TRAIN HO / Q, or / Q to lay nothing")?;
    let discard = discard.trim();
    let card = discard
        .chars()
        .next()
        .filter(|_| discard.chars().count() == 1)
        .and_then(|c| kind_of_char(c.to_ascii_uppercase()))
        .ok_or(format!(
            "{discard:?}: expected one card to discard, a letter or ?"
        ))?;
    let words = words
        .split_whitespace()
        .map(|w| {
            w.chars()
                .map(Cell::from_char)
                .collect::<Option<Vec<Cell>>>()
                .ok_or(format!("{w:?}: expected letters (a blank in lower case)"))
        })
        .collect::<Result<_, _>>()?;
    Ok((words, card as u8))
}

/// Runs a Rummy game.
pub fn run(args: &PlayArgs, rules: Arc<CardRules>) -> anyhow::Result<ExitCode> {
    let lexicon = game_lexicon(GameArg::ScrabbleCards, &args.lexicon)?;
    if !(2..=engine::cardgame::MAX_CARD_PLAYERS).contains(&args.bots.len()) {
        bail!("--bots lists {} seats: expected 2 to 4", args.bots.len());
    }
    check_rummy_pack(&rules, &args.data, args.bots.len())?;
    let mut seats: Vec<Option<Box<dyn RummyPlayer>>> = Vec::new();
    for (seat, name) in args.bots.iter().enumerate() {
        if name == "human" {
            seats.push(None);
        } else {
            let seed = args.seed.wrapping_mul(31).wrapping_add(seat as u64);
            let mut player = rummy_player_by_name(name, seed).map_err(|mut unknown| {
                unknown.known.push("human");
                unknown
            })?;
            player.start_game(seed);
            seats.push(Some(player));
        }
    }
    let mut game = RummyGame::new(rules, lexicon, seats.len(), args.seed)?;
    let mut out = output::stdout();
    let mut round = usize::MAX;
    while !game.is_over() {
        if game.results().len() != round {
            round = game.results().len();
            let card = &game.round_cards()[game.round_card()];
            writeln!(out, "round {}: {}", round + 1, card.name)?;
        }
        let seat = game.mover();
        let (words, discard) = match &mut seats[seat] {
            Some(player) => {
                let from_discard = player.take_discard(&game);
                game.draw(from_discard)?;
                player.meld(&game)
            }
            None => {
                let top = game.discard_top().map_or('-', |k| kind_char(k as usize));
                writeln!(out, "your hand: {}   discard pile: {top}", game.hand(seat))?;
                let from_discard = loop {
                    let Some(line) = ask(&mut out, seat)? else {
                        writeln!(out, "game abandoned")?;
                        output::finish(out)?;
                        return Ok(ExitCode::SUCCESS);
                    };
                    match line.as_str() {
                        "pile" => break false,
                        "discard" if game.discard_top().is_some() => break true,
                        "help" => writeln!(out, "{HELP}")?,
                        _ => writeln!(out, "{line:?}: expected pile or discard (help lists all)")?,
                    }
                };
                game.draw(from_discard)?;
                writeln!(out, "your hand: {}", game.hand(seat))?;
                loop {
                    let Some(line) = ask(&mut out, seat)? else {
                        writeln!(out, "game abandoned")?;
                        output::finish(out)?;
                        return Ok(ExitCode::SUCCESS);
                    };
                    if line == "help" {
                        writeln!(out, "{HELP}")?;
                        continue;
                    }
                    if line == "hint" {
                        match best_meld(&game, game.hand(seat)) {
                            Some((points, words, discard)) => {
                                let shown: Vec<String> = words
                                    .iter()
                                    .map(|w| w.iter().map(|c| c.to_char()).collect())
                                    .collect();
                                writeln!(
                                    out,
                                    "  {} / {} for {points}",
                                    shown.join(" "),
                                    kind_char(discard as usize)
                                )?
                            }
                            None => writeln!(out, "  no words for this round yet")?,
                        }
                        continue;
                    }
                    match parse_turn(&line) {
                        Ok((words, discard)) => {
                            // A trial on a copy: the game refuses a bad meld with the reason.
                            let mut trial = game.clone();
                            match trial.finish(&words, discard) {
                                Ok(_) => break (words, discard),
                                Err(error) => writeln!(out, "{error}")?,
                            }
                        }
                        Err(message) => writeln!(out, "{message}")?,
                    }
                }
            }
        };
        let laid: Vec<String> = words
            .iter()
            .map(|w| w.iter().map(|c| c.to_char()).collect())
            .collect();
        let score = game.finish(&words, discard)?;
        if !args.quiet || seats.iter().any(Option::is_none) {
            let what = match score {
                Some(points) => format!("lays {} for {points:+}", laid.join(" ")),
                None => "lays nothing".into(),
            };
            writeln!(
                out,
                "  player {} ({}): {what}, discards {}",
                seat + 1,
                args.bots[seat],
                kind_char(discard as usize)
            )?;
        }
    }
    writeln!(out, "game over after {} rounds", game.results().len())?;
    for (seat, name) in args.bots.iter().enumerate() {
        writeln!(out, "player {} ({name}): {}", seat + 1, game.scores()[seat])?;
    }
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}
