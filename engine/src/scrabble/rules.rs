//! Everything a designer may rebalance in the crossword game: board, tiles and numbers, as data.

use serde::{Deserialize, Serialize};

use super::board::Direction;
use super::layout::{Layout, SIZE, SQUARES};
use super::tiles::{KINDS, TileSet};
use crate::data::{DataError, MOST_POINTS, NumbersFile, Range};

/// The default numbers.
pub const DEFAULT_RULES: &str = include_str!("../../data/scrabble/rules.toml");

/// The game's numbers (rules.toml).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Numbers {
    /// Tiles on a full rack.
    pub rack_size: usize,
    /// Tiles placed in one turn that earn the bingo premium.
    pub bingo_tiles: usize,
    /// The bingo premium.
    pub bingo_bonus: i32,
    /// Consecutive scoreless turns that end the game.
    pub scoreless_turns_to_end: u32,
    /// Tiles the bag must hold for an exchange.
    pub exchange_min_bag: usize,
}

impl NumbersFile for Numbers {
    // A rack, and a turn's tiles, fit on one line; no placement lays 0 tiles (a bingo of 0
    // would give every placement the premium).
    const RANGES: &'static [Range] = &[
        Range::new(
            "rack_size",
            1,
            15,
            "tiles on a full rack, at most a line's length",
        ),
        Range::new("bingo_tiles", 1, 15, "tiles laid in one turn"),
        Range::new("bingo_bonus", -MOST_POINTS, MOST_POINTS, "points"),
        Range::new("scoreless_turns_to_end", 1, 100, "turns in a row"),
        Range::new("exchange_min_bag", 0, 10_000, "tiles in the bag"),
    ];
}

/// The rules of one crossword game: validated once, shared by every game that uses them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    /// The premium squares.
    pub layout: Layout,
    /// The tiles.
    pub tiles: TileSet,
    /// The numbers.
    pub numbers: Numbers,
}

/// The most one move may score: room for any sensible board and tiles, with a hundredfold to
/// spare for the bots, which count hundredths of a point.
pub const MOST_MOVE_SCORE: i64 = 10_000_000;

impl Rules {
    /// An upper bound on one move's score when it places `tiles` tiles at most: on the line
    /// whose premiums multiply most, a main word of 15 of the costliest tile under the
    /// line's largest letter premium and its `tiles` largest word premiums, a perpendicular
    /// word as long through each tile placed, and the bingo premium.
    pub fn most_move_score(&self, tiles: usize) -> i64 {
        let tiles = tiles.min(SIZE);
        let costliest = (0..KINDS)
            .map(|kind| self.tiles.points(kind))
            .max()
            .unwrap_or(0);
        let word_of = |letter: i64| SIZE as i64 * i64::from(costliest) * letter;
        let squares = |direction: Direction, line: usize| {
            (0..SIZE).map(move |pos| direction.square(line, pos))
        };
        let most_letter = (0..SQUARES)
            .map(|sq| self.layout.letter_multiplier(sq))
            .max()
            .unwrap_or(1);
        let most_word = (0..SQUARES)
            .map(|sq| self.layout.word_multiplier(sq))
            .max()
            .unwrap_or(1);
        let crossing = tiles as i64 * word_of(i64::from(most_letter)) * i64::from(most_word);
        let main = Direction::BOTH
            .into_iter()
            .flat_map(|direction| (0..SIZE).map(move |line| (direction, line)))
            .map(|(direction, line)| {
                let mut words: Vec<i64> = squares(direction, line)
                    .map(|sq| i64::from(self.layout.word_multiplier(sq)))
                    .collect();
                words.sort_unstable_by(|a, b| b.cmp(a));
                let letter = squares(direction, line)
                    .map(|sq| i64::from(self.layout.letter_multiplier(sq)))
                    .max()
                    .unwrap_or(1);
                word_of(letter) * words[..tiles].iter().product::<i64>()
            })
            .max()
            .unwrap_or(0);
        main + crossing + i64::from(self.numbers.bingo_bonus.max(0))
    }

    /// Checks what the board, the tiles and the numbers allow together when a move places
    /// `tiles` tiles at most: no move may score more than [`MOST_MOVE_SCORE`].
    pub fn check_moves(&self, tiles: usize) -> Result<(), DataError> {
        let most = self.most_move_score(tiles);
        if most > MOST_MOVE_SCORE {
            return Err(DataError::whole(
                "the rules",
                format!(
                    "the board's premiums, the tiles' points and {tiles} tiles a move could \
                     score {most} points in one move; expected at most {MOST_MOVE_SCORE}"
                ),
            ));
        }
        Ok(())
    }

    /// [`Rules::check_moves`] for a full rack.
    pub fn check(&self) -> Result<(), DataError> {
        self.check_moves(self.numbers.rack_size)
    }

    /// The standard board, tiles and numbers.
    pub fn standard() -> Rules {
        Rules {
            layout: Layout::standard(),
            tiles: TileSet::standard(),
            numbers: Numbers::parse(DEFAULT_RULES, "embedded rules.toml")
                .expect("embedded rules are valid"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Source;

    #[test]
    fn a_bingo_of_no_tiles_or_more_than_a_line_is_refused() {
        let standard = Numbers::parse(DEFAULT_RULES, "rules.toml").unwrap();
        for (setting, found) in [("bingo_tiles = 0", "0"), ("bingo_tiles = 16", "16")] {
            assert_eq!(
                standard
                    .overlay_from(Source::setting(setting, "--set"))
                    .unwrap_err()
                    .to_string(),
                format!(
                    "--set: bingo_tiles: expected 1 to 15 (tiles laid in one turn), found {found}"
                )
            );
        }
        assert!(standard.overlay("bingo_tiles = 15", "--set").is_ok());
    }

    #[test]
    fn numbers_out_of_range_are_refused_by_name() {
        let standard = Rules::standard().numbers;
        let refused = |setting: &str| {
            standard
                .overlay_from(Source::setting(setting, "--set"))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            refused("rack_size = 16"),
            "--set: rack_size: expected 1 to 15 (tiles on a full rack, at most a line's length), found 16"
        );
        assert_eq!(
            refused("scoreless_turns_to_end = 0"),
            "--set: scoreless_turns_to_end: expected 1 to 100 (turns in a row), found 0"
        );
        assert_eq!(
            refused("bingo_bonus = 2000000000"),
            "--set: bingo_bonus: expected -100000 to 100000 (points), found 2000000000"
        );
        let penalty = standard.overlay("bingo_bonus = -100000", "--set").unwrap();
        assert_eq!(penalty.bingo_bonus, -100_000);
    }

    #[test]
    fn no_move_may_score_past_the_bound() {
        let mut rules = Rules::standard();
        // Row 1: three triple words and a double letter under 15 Zs (10 points), then a
        // perpendicular word as long through each of the 7 tiles (the board's largest
        // premiums, triple letter and triple word), and the bingo premium.
        let standard = 15 * 10 * 2 * 27 + 7 * 15 * 10 * 3 * 3 + 50;
        assert_eq!(rules.most_move_score(7), standard);
        assert!(rules.check().is_ok());
        let mut rows = vec!["T".repeat(15); 15];
        rows[7] = format!("{}*{}", "T".repeat(7), "T".repeat(7));
        rules.layout = Layout::parse(&rows.join("\n"), "triples.txt").unwrap();
        assert!(rules.check().is_ok());
        rules.numbers.rack_size = 15;
        assert_eq!(
            rules.check().unwrap_err().to_string(),
            "the rules: the board's premiums, the tiles' points and 15 tiles a move could score \
             2152342850 points in one move; expected at most 10000000"
        );
    }
}
