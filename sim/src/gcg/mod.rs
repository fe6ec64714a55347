//! Finished games as GCG, the game-record format of Quackle, Macondo and Woogles.
//!
//! The crossword moves are standard GCG lines, so those tools open the file. Points a turn
//! earns beyond its words (the Harry Potter edition's bonuses and cards) and points lost to a
//! challenge each get a line of their own, `(challenge) +N` and `(time) -N`, the GCG lines
//! that carry points without tiles, so every line's score adds up to its cumulative total; a
//! `#note` after each says what the points were, and the houses and cards go in `#note` lines
//! too, which those tools keep as comments.

pub mod read;

use std::fmt::Write;

use bots::seating::PERSON;
use engine::scrabble::{EndReason, Game, Move};

/// Points outside a move: a seat gains or loses them after the turn they belong to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtraPoints {
    /// The seat.
    pub seat: usize,
    /// Points gained (or, negative, lost).
    pub points: i32,
    /// What they were for, as a note.
    pub why: String,
}

/// What a turn adds to its record: note lines, and points outside its move.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TurnNotes {
    /// Notes after the move line.
    pub notes: Vec<String>,
    /// Points outside the move, each a line of its own. Together with the move's own score
    /// they make up every point the turns and the challenges gave.
    pub extras: Vec<ExtraPoints>,
}

/// Whose racks a record shows: the referee's record shows every rack; a seat's shows its
/// own, and the others' only once the game is over (before that, of another seat's move, the
/// tiles it laid, and of an exchange only how many).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// Every rack (a finished game at the terminal).
    Referee,
    /// What this seat may see.
    Seat(usize),
    /// No seat's secrets (a watcher, or several people sharing one terminal).
    Spectator,
}

impl Reader {
    /// Who reads a game at one terminal, seated by `names`: the referee where no person
    /// plays, a person their own seat's secrets, people sharing it no one's.
    pub fn at_terminal(names: &[String]) -> Reader {
        let mut people = (0..names.len()).filter(|&seat| names[seat] == PERSON);
        match (people.next(), people.next()) {
            (None, _) => Reader::Referee,
            (Some(seat), None) => Reader::Seat(seat),
            _ => Reader::Spectator,
        }
    }

    /// Whether this reader sees `seat`'s racks in `game`.
    pub fn sees(self, game: &Game, seat: usize) -> bool {
        match self {
            Reader::Referee => true,
            Reader::Seat(me) => me == seat || game.end().is_some(),
            Reader::Spectator => game.end().is_some(),
        }
    }
}

/// The record of a game for `reader`; `turns[t]` is what turn `t` adds beyond its move.
pub fn record(
    game: &Game,
    names: &[String],
    header_notes: &[String],
    turns: &[TurnNotes],
    reader: Reader,
) -> String {
    let mut text = String::from("#character-encoding UTF-8\n");
    let line = |text: &mut String, line: std::fmt::Arguments<'_>| {
        writeln!(text, "{line}").expect("writing to a String")
    };
    let nick = |seat: usize| format!("p{}", seat + 1);
    for (seat, name) in names.iter().enumerate() {
        line(
            &mut text,
            format_args!("#player{} {} {name}", seat + 1, nick(seat)),
        );
    }
    for note in header_notes {
        line(&mut text, format_args!("#note {note}"));
    }
    let history = game.history();
    let mut totals = vec![0; game.players()];
    for (index, turn) in history.iter().enumerate() {
        // GCG writes the letters already on the board as '.', as Placement's Display does.
        // An exchange whose tiles the reader may not see is written as their number.
        let shown = reader.sees(game, turn.seat);
        let action = match turn.action {
            Move::Place(placement) => placement.to_string(),
            Move::Exchange(tiles) if shown => format!("-{tiles}"),
            Move::Exchange(tiles) => format!("-{}", tiles.len()),
            Move::Pass => "-".to_string(),
        };
        let rack = match turn.action {
            _ if shown => turn.rack.to_string(),
            Move::Place(placement) => placement.rack_tiles().to_string(),
            _ => String::new(),
        };
        let own = turn.score - turn.bonus;
        totals[turn.seat] += own;
        let total = totals[turn.seat];
        line(
            &mut text,
            format_args!(">{}: {rack} {action} {own:+} {total}", nick(turn.seat)),
        );
        if let Move::Place(placement) = turn.action {
            if placement.backwards {
                line(
                    &mut text,
                    format_args!("#note confundo: the word reads backwards"),
                );
            }
        }
        let Some(notes) = turns.get(index) else {
            continue;
        };
        for note in &notes.notes {
            line(&mut text, format_args!("#note {note}"));
        }
        for extra in &notes.extras {
            totals[extra.seat] += extra.points;
            // The rack the seat held then: the one it next moves with, or its last.
            let rack = if reader.sees(game, extra.seat) {
                history[index..]
                    .iter()
                    .find(|later| later.seat == extra.seat)
                    .map_or(*game.rack(extra.seat), |later| later.rack)
                    .to_string()
            } else {
                String::new()
            };
            let kind = if extra.points < 0 {
                "(time)"
            } else {
                "(challenge)"
            };
            line(
                &mut text,
                format_args!(
                    ">{}: {rack} {kind} {:+} {}",
                    nick(extra.seat),
                    extra.points,
                    totals[extra.seat]
                ),
            );
            line(&mut text, format_args!("#note {}", extra.why));
        }
    }
    // Rule 24's adjustments, one line a player, as GCG writes end-of-game rack points.
    if game.end().is_some() {
        for (seat, &adjustment) in game.adjustments().iter().enumerate() {
            totals[seat] += adjustment;
            let total = totals[seat];
            let rack = game.rack(seat).to_string();
            let end = match game.end() {
                Some(EndReason::WentOut { seat: out }) if out == seat => {
                    let others: String = (0..game.players())
                        .filter(|&s| s != seat)
                        .map(|s| game.rack(s).to_string())
                        .collect();
                    format!(">{}: ({others}) {adjustment:+} {total}", nick(seat))
                }
                _ => format!(">{}: {rack} ({rack}) {adjustment:+} {total}", nick(seat)),
            };
            line(&mut text, format_args!("{end}"));
        }
    }
    text
}
