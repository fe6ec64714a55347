//! The card game's notation: words at coordinates (`TRAINER@0,0`, `THROB@-2,1v` for down),
//! plays with a Premium card (`HOB@-1,3 +triple@1`: on the word's first letter), and a table
//! as its words.

use super::check::{Placed, Play, Premium};
use super::table::{Axis, Table};
use crate::scrabble::Cell;
use crate::scrabble::tiles::{kind_char, kind_of_char};

/// A word at a square: its letters, first square and axis.
pub struct WordAt {
    /// The letters (a blank in lower case).
    pub cells: Vec<Cell>,
    /// The first letter's square.
    pub start: (i32, i32),
    /// How it reads.
    pub axis: Axis,
}

/// Reads `WORD@ROW,COL` (across) or `WORD@ROW,COLv` (down).
pub fn parse_word_at(text: &str) -> Result<WordAt, String> {
    let expected = || format!("{text:?}: expected WORD@ROW,COL (across) or WORD@ROW,COLv (down)");
    let (word, at) = text.split_once('@').ok_or_else(expected)?;
    let (at, axis) = match at.strip_suffix(['v', 'V']) {
        Some(rest) => (rest, Axis::Down),
        None => (at, Axis::Across),
    };
    let (row, col) = at.split_once(',').ok_or_else(expected)?;
    let row: i32 = row.trim().parse().map_err(|_| expected())?;
    let col: i32 = col.trim().parse().map_err(|_| expected())?;
    let cells: Option<Vec<Cell>> = word.chars().map(Cell::from_char).collect();
    let cells = cells.filter(|c| c.len() >= 2).ok_or_else(|| {
        format!("{word:?}: expected two letters or more, A-Z (a blank in lower case)")
    })?;
    Ok(WordAt {
        cells,
        start: (row, col),
        axis,
    })
}

fn square(start: (i32, i32), axis: Axis, k: usize) -> (i32, i32) {
    match axis {
        Axis::Across => (start.0, start.1 + k as i32),
        Axis::Down => (start.0 + k as i32, start.1),
    }
}

/// Reads a table written as words separated by spaces; crossing words must agree.
pub fn parse_table(text: &str) -> Result<Table, String> {
    let mut table = Table::new();
    for part in text.split_whitespace() {
        let word = parse_word_at(part)?;
        for (k, &cell) in word.cells.iter().enumerate() {
            let pos = square(word.start, word.axis, k);
            match table.get(pos) {
                Some(there) if there != cell => {
                    return Err(format!(
                        "{part}: ({}, {}) already holds {}",
                        pos.0,
                        pos.1,
                        there.to_char()
                    ));
                }
                _ => table.put(pos, cell),
            }
        }
    }
    Ok(table)
}

/// Reads a play: a word at a square, its letters on the table given as they stand, and an
/// optional `+double@N` or `+triple@N` on the word's Nth letter (a card laid this turn).
pub fn parse_play(table: &Table, text: &str) -> Result<Play, String> {
    let mut parts = text.split_whitespace();
    let word = parse_word_at(parts.next().ok_or("expected a play such as HOB@-1,3")?)?;
    let mut tiles = Vec::new();
    let mut index_of = Vec::new();
    for (k, &cell) in word.cells.iter().enumerate() {
        let pos = square(word.start, word.axis, k);
        match table.get(pos) {
            Some(there) if there.letter() == cell.letter() => index_of.push(None),
            Some(there) => {
                return Err(format!(
                    "({}, {}) holds {}, not {}",
                    pos.0,
                    pos.1,
                    there.to_char(),
                    cell.to_char()
                ));
            }
            None => {
                index_of.push(Some(tiles.len()));
                tiles.push(Placed { pos, cell });
            }
        }
    }
    let mut premium = None;
    if let Some(extra) = parts.next() {
        let wrong = || format!("{extra:?}: expected +double@N or +triple@N (N: a letter you lay)");
        let (kind, at) = extra
            .strip_prefix('+')
            .and_then(|e| e.split_once('@'))
            .ok_or_else(wrong)?;
        let kind = match kind.to_ascii_lowercase().as_str() {
            "double" => Premium::Double,
            "triple" => Premium::Triple,
            _ => return Err(wrong()),
        };
        let n: usize = at.parse().map_err(|_| wrong())?;
        let index = n
            .checked_sub(1)
            .and_then(|i| index_of.get(i).copied().flatten())
            .ok_or_else(wrong)?;
        premium = Some((kind, index));
    }
    if parts.next().is_some() {
        return Err(format!(
            "{text:?}: expected a word and at most one Premium card"
        ));
    }
    Ok(Play { tiles, premium })
}

/// A play written back: the main word with the table's letters, at its first square.
pub fn play_notation(table_after: &Table, play: &Play) -> String {
    let Some(first) = play.tiles.first() else {
        return "-".into();
    };
    let across = play.tiles.iter().all(|t| t.pos.0 == first.pos.0)
        && (play.tiles.len() > 1 || table_after.run_through(first.pos, Axis::Across).len >= 2);
    let axis = if across { Axis::Across } else { Axis::Down };
    let run = table_after.run_through(first.pos, axis);
    let mut text = format!(
        "{}@{},{}{}",
        table_after.text(&run),
        run.start.0,
        run.start.1,
        if across { "" } else { "v" }
    );
    if let Some((premium, index)) = play.premium {
        let square = play.tiles[index].pos;
        let n = run.squares().position(|p| p == square).map_or(0, |p| p + 1);
        text.push_str(&format!(" +{}@{n}", premium.name()));
    }
    text
}

/// Reads a Rummy meld, `WORD ... / CARD` (a blank's letter in lower case, `?` the blank
/// discarded), into its words and the card discarded; `/ CARD` lays nothing.
pub fn parse_meld(text: &str) -> Result<(Vec<Vec<Cell>>, u8), String> {
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

/// Words as text, a blank's letter in lower case.
pub fn spelled(words: &[Vec<Cell>]) -> String {
    let shown: Vec<String> = words
        .iter()
        .map(|w| w.iter().map(|c| c.to_char()).collect())
        .collect();
    shown.join(" ")
}

/// A Rummy meld as [`parse_meld`] reads it: `TRAIN HO / Q`, or `/ Q` laying nothing.
pub fn meld_notation(words: &[Vec<Cell>], discard: u8) -> String {
    let card = kind_char(usize::from(discard));
    if words.is_empty() {
        format!("/ {card}")
    } else {
        format!("{} / {card}", spelled(words))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_meld_reads_back_as_itself() {
        for text in ["TRAIN HO / Q", "bE EX / ?", "/ Z"] {
            let (words, discard) = parse_meld(text).unwrap();
            assert_eq!(meld_notation(&words, discard), text);
        }
        assert!(parse_meld("TRAIN").unwrap_err().contains("WORDS / CARD"));
        assert!(parse_meld("AB / QV").unwrap_err().contains("one card"));
    }
}
