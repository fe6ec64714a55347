//! Finished games as GCG, the game-record format of Quackle, Macondo and Woogles.
//!
//! The crossword moves are standard GCG lines, so those tools open the file; what the
//! Harry Potter edition adds (houses, cards, bonuses) goes in `#note` lines, which they keep as
//! comments and otherwise skip.

use std::fmt::Write;

use engine::scrabble::{EndReason, Game, Move};

/// The record of a finished game; `notes[t]` are note lines to write after turn `t`.
pub fn record(
    game: &Game,
    names: &[String],
    header_notes: &[String],
    notes: &[Vec<String>],
) -> String {
    let mut text = String::from("#character-encoding UTF-8\n");
    let nick = |seat: usize| format!("p{}", seat + 1);
    for (seat, name) in names.iter().enumerate() {
        writeln!(text, "#player{} {} {name}", seat + 1, nick(seat)).expect("writing to a String");
    }
    for note in header_notes {
        writeln!(text, "#note {note}").expect("writing to a String");
    }
    for (index, turn) in game.history().iter().enumerate() {
        // GCG writes the letters already on the board as '.', as Placement's Display does.
        let action = match turn.action {
            Move::Place(placement) => placement.to_string(),
            Move::Exchange(tiles) => format!("-{tiles}"),
            Move::Pass => "-".to_string(),
        };
        writeln!(
            text,
            ">{}: {} {action} {:+} {}",
            nick(turn.seat),
            turn.rack,
            turn.score,
            turn.total
        )
        .expect("writing to a String");
        if let Move::Place(placement) = turn.action {
            if placement.backwards {
                writeln!(text, "#note confundo: the word reads backwards")
                    .expect("writing to a String");
            }
        }
        for note in notes.get(index).into_iter().flatten() {
            writeln!(text, "#note {note}").expect("writing to a String");
        }
    }
    // Rule 24's adjustments, one line a player, as GCG writes end-of-game rack points.
    if game.end().is_some() {
        for (seat, (&adjustment, &total)) in
            game.adjustments().iter().zip(game.scores()).enumerate()
        {
            let rack = game.rack(seat).to_string();
            let line = match game.end() {
                Some(EndReason::WentOut { seat: out }) if out == seat => {
                    let others: String = (0..game.players())
                        .filter(|&s| s != seat)
                        .map(|s| game.rack(s).to_string())
                        .collect();
                    format!(">{}: ({others}) {adjustment:+} {}", nick(seat), total)
                }
                _ => format!(">{}: {rack} ({rack}) {adjustment:+} {}", nick(seat), total),
            };
            writeln!(text, "{line}").expect("writing to a String");
        }
    }
    text
}
