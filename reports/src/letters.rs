//! The guide's "How each letter fares": each letter's tiles (or, in the card game, letter
//! cards) placed, what the plays using one score, and how often one is left on a rack (in a
//! hand), from letters.csv (letter_cards.csv).

use std::path::Path;

use crate::charts::value_bars;
use crate::document::Block;
use crate::guide::{GuideError, capitalised, chart, percent};
use crate::schema::{self, LetterRow};

/// A letter as a sentence names it: the tables' `?` is "the blank".
pub(crate) fn letter_name(letter: &str) -> &str {
    if letter == "?" { "the blank" } else { letter }
}

/// How much more the plays using a letter score than the plays without.
fn lift(row: &LetterRow) -> f64 {
    row.points_per_play_with.0 - row.points_per_play_without.0
}

/// How the section speaks of one game's letters.
struct Words {
    /// The table.
    file: &'static str,
    /// What a letter comes as.
    pieces: &'static str,
    /// Where the unplayed ones are.
    held: &'static str,
    /// When the ones held are counted.
    when: &'static str,
    /// The same, short.
    at_end: &'static str,
    /// What the table counts, after "For each letter: ".
    counts: &'static str,
    /// Why a letter may be placed more than once a game.
    again: &'static str,
    /// Whether the ones held cost their value (in Rummy only some Round cards take it).
    costs: bool,
}

/// The crossword games' tiles, the card game's letter cards, and Rummy's, counted by round.
const KINDS_OF_LETTERS: [Words; 3] = [
    Words {
        file: schema::CROSSWORD_LETTERS,
        pieces: "tiles",
        held: "on a rack",
        when: "when the game ends",
        at_end: "at the end",
        counts: "how many of its tiles are placed a game, what the plays placing one score \
                 against the plays placing none, and how often one is still on a rack when the \
                 game ends, where it costs its value.",
        again: "A tile can be placed more than once a game: Alohomora swaps a blank on the board \
                for the letter it shows, and the blank goes back to a rack.",
        costs: true,
    },
    Words {
        file: schema::CARD_LETTERS,
        pieces: "cards",
        held: "in a hand",
        when: "when the game ends",
        at_end: "at the end",
        counts: "how many of its cards are placed a game, what the plays placing one score \
                 against the plays placing none, and how often one is still in a hand when the \
                 game ends, where it costs its value.",
        again: "",
        costs: true,
    },
    Words {
        file: schema::RUMMY_LETTERS,
        pieces: "cards",
        held: "in a hand",
        when: "when a round ends",
        at_end: "at a round's end",
        counts: "how many of its cards are laid in words a game, what the words laid with one \
                 score (as the Round card scores them) against those laid without, and how often \
                 one is still in a hand when a round ends, summed over the game's rounds.",
        again: "A card can be laid, or left over, in several rounds of a game: the words laid go \
                to the discard pile when the round ends, and hands are kept from round to round.",
        costs: false,
    },
];

/// "How each letter fares", if the run counted its letters (runs before these tables did not).
pub fn section(dir: &Path, blocks: &mut Vec<Block>) -> Result<(), GuideError> {
    let Some(words) = KINDS_OF_LETTERS
        .iter()
        .find(|words| dir.join(words.file).exists())
    else {
        return Ok(());
    };
    let rows = schema::read_file::<LetterRow>(dir, words.file)?;
    if rows.is_empty() {
        return Ok(());
    }
    let (pieces, held, when) = (words.pieces, words.held, words.when);
    blocks.push(Block::Heading("How each letter fares".into()));
    blocks.push(Block::Paragraph(format!(
        "For each letter: {} A letter left over far more than the rest, or whose plays \
         score no more than the others, is a candidate for another value or count: try one with \
         --set points.X=N or --set count.X=N, compare several with owlery sweep --param \
         points.X=A,B,C, or edit a copy of the letters' table (engine/data/scrabble/tiles.txt) \
         and run again with --tiles FILE.",
        words.counts
    )));
    blocks.push(Block::Paragraph(summary(&rows, words)));
    blocks.push(table(&rows, words));
    let mut bars: Vec<(String, f64)> = rows
        .iter()
        .map(|r| (r.letter.clone(), r.left_share.0))
        .collect();
    // Most often left on top, as a reader scans a chart from the top.
    bars.sort_by(|a, b| a.1.total_cmp(&b.1));
    blocks.push(chart(
        "letters.svg",
        &format!("Share of each letter's {pieces} still {held} {when}"),
        value_bars(
            &format!("{} left {held} {}", capitalised(pieces), words.at_end),
            &format!("share of the letter's {pieces}"),
            &bars,
        ),
    )?);
    Ok(())
}

/// The letters most often left over, and the ones whose plays score most and least.
fn summary(rows: &[LetterRow], words: &Words) -> String {
    let (pieces, held) = (words.pieces, words.held);
    let mut by_left: Vec<&LetterRow> = rows.iter().collect();
    by_left.sort_by(|a, b| b.left_share.0.total_cmp(&a.left_share.0));
    let tiles: f64 = rows.iter().map(|r| r.tiles as f64).sum();
    let left: f64 = rows.iter().map(|r| r.left_per_game.0).sum();
    let overall = if tiles > 0.0 { left / tiles } else { 0.0 };
    let stuck: Vec<String> = by_left
        .iter()
        .take(3)
        .map(|r| {
            let cost = if words.costs {
                format!(", {:.1} points a game", r.left_per_game.0 * r.value as f64)
            } else {
                String::new()
            };
            format!(
                "{} ({} of its {pieces}{cost})",
                letter_name(&r.letter),
                percent(r.left_share.0)
            )
        })
        .collect();
    let mut text = format!(
        "Left {held} {} most often: {}; against {} of all {pieces}.",
        words.at_end,
        stuck.join(", "),
        percent(overall)
    );
    if rows
        .iter()
        .any(|r| r.placed_share.0 > 1.0 || r.left_share.0 > 1.0)
        && !words.again.is_empty()
    {
        text += " ";
        text += words.again;
    }
    let most = rows.iter().max_by(|a, b| lift(a).total_cmp(&lift(b)));
    let least = rows.iter().min_by(|a, b| lift(a).total_cmp(&lift(b)));
    if let (Some(most), Some(least)) = (most, least)
        && most.letter != least.letter
    {
        text += &format!(
            " The plays placing {} score most over the rest: {:.1} points ({:.1} {pieces} a play) against {:.1} ({:.1}); \
             those placing {} least: {:.1} ({:.1}) against {:.1} ({:.1}). Longer plays score more, so read the points beside the {pieces}.",
            letter_name(&most.letter),
            most.points_per_play_with.0,
            most.tiles_per_play_with.0,
            most.points_per_play_without.0,
            most.tiles_per_play_without.0,
            letter_name(&least.letter),
            least.points_per_play_with.0,
            least.tiles_per_play_with.0,
            least.points_per_play_without.0,
            least.tiles_per_play_without.0,
        );
    }
    text
}

fn table(rows: &[LetterRow], words: &Words) -> Block {
    let pieces = words.pieces;
    let header = [
        "letter".to_string(),
        "value".to_string(),
        pieces.to_string(),
        "placed a game".to_string(),
        "share placed".to_string(),
        "points a play placing it".to_string(),
        "points a play without".to_string(),
        format!("{pieces} a play placing it"),
        "left a game".to_string(),
        "share left".to_string(),
    ];
    Block::Table {
        header: header.into(),
        rows: rows
            .iter()
            .map(|r| {
                vec![
                    r.letter.clone(),
                    r.value.to_string(),
                    r.tiles.to_string(),
                    format!("{:.2}", r.placed_per_game.0),
                    percent(r.placed_share.0),
                    format!("{:.1}", r.points_per_play_with.0),
                    format!("{:.1}", r.points_per_play_without.0),
                    format!("{:.1}", r.tiles_per_play_with.0),
                    format!("{:.2}", r.left_per_game.0),
                    percent(r.left_share.0),
                ]
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::Fixed;

    fn letter(letter: &str, value: i64, tiles: u64, placed: f64, left: f64) -> LetterRow {
        LetterRow {
            letter: letter.into(),
            value,
            tiles,
            placed_per_game: Fixed(placed),
            placed_share: Fixed(placed / tiles as f64),
            points_per_play_with: Fixed(30.0 + value as f64),
            points_per_play_without: Fixed(35.0),
            tiles_per_play_with: Fixed(4.0),
            tiles_per_play_without: Fixed(4.5),
            left_per_game: Fixed(left),
            left_share: Fixed(left / tiles as f64),
        }
    }

    #[test]
    fn the_summary_names_the_letters_left_most_and_the_plays_scoring_most_and_least() {
        let rows = [
            letter("E", 1, 12, 11.0, 0.5),
            letter("Q", 10, 1, 0.75, 0.25),
            letter("U", 1, 4, 3.0, 0.5),
            letter("V", 4, 2, 1.8, 0.1),
            letter("?", 0, 2, 2.5, 0.0),
        ];
        assert_eq!(
            summary(&rows, &KINDS_OF_LETTERS[0]),
            "Left on a rack at the end most often: Q (25.0% of its tiles, 2.5 points a game), \
             U (12.5% of its tiles, 0.5 points a game), V (5.0% of its tiles, 0.4 points a game); \
             against 6.4% of all tiles. A tile can be placed more than once a game: Alohomora \
             swaps a blank on the board for the letter it shows, and the blank goes back to a \
             rack. The plays placing Q score most over the rest: 40.0 points (4.0 tiles a play) \
             against 35.0 (4.5); those placing the blank least: 30.0 (4.0) against 35.0 (4.5). \
             Longer plays score more, so read the points beside the tiles."
        );
    }

    #[test]
    fn rummy_counts_by_round_and_says_why_a_share_passes_one() {
        let rows = [letter("E", 1, 12, 14.0, 2.0), letter("Q", 10, 1, 0.5, 1.5)];
        let text = summary(&rows, &KINDS_OF_LETTERS[2]);
        assert!(
            text.starts_with(
                "Left in a hand at a round's end most often: Q (150.0% of its cards), \
                 E (16.7% of its cards); against 26.9% of all cards. A card can be laid, or \
                 left over, in several rounds of a game:"
            ),
            "{text}"
        );
    }
}
