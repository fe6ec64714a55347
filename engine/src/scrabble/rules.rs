//! Everything a designer may rebalance in the crossword game: board, tiles and numbers, as data.

use serde::{Deserialize, Serialize};

use super::layout::Layout;
use super::tiles::TileSet;
use crate::data::{DataError, check_points, overlay_toml, toml_error};

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

impl Numbers {
    /// Reads rules.toml; unknown keys and wrong types are errors naming the line.
    pub fn parse(text: &str, file: &str) -> Result<Numbers, DataError> {
        let numbers: Numbers =
            toml::from_str(text).map_err(|error| toml_error(text, file, &error))?;
        numbers.validate(file)
    }

    /// These numbers with the keys a partial TOML document names replaced.
    pub fn overlay(&self, text: &str, file: &str) -> Result<Numbers, DataError> {
        overlay_toml(self, text, file)?.validate(file)
    }

    fn validate(self, file: &str) -> Result<Numbers, DataError> {
        if self.rack_size == 0 || self.rack_size > 15 {
            return Err(DataError::whole(file, "rack_size: expected 1 to 15"));
        }
        if self.scoreless_turns_to_end == 0 {
            return Err(DataError::whole(
                file,
                "scoreless_turns_to_end: expected 1 or more",
            ));
        }
        check_points(file, "bingo_bonus", self.bingo_bonus)?;
        Ok(self)
    }
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

impl Rules {
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

    #[test]
    fn numbers_out_of_range_are_refused_by_name() {
        let standard = Rules::standard().numbers;
        let refused = |setting: &str| standard.overlay(setting, "--set").unwrap_err().to_string();
        assert_eq!(
            refused("rack_size = 16"),
            "--set: rack_size: expected 1 to 15"
        );
        assert_eq!(
            refused("scoreless_turns_to_end = 0"),
            "--set: scoreless_turns_to_end: expected 1 or more"
        );
        assert_eq!(
            refused("bingo_bonus = 2000000000"),
            "--set: bingo_bonus: expected -100000 to 100000, found 2000000000"
        );
        let penalty = standard.overlay("bingo_bonus = -100000", "--set").unwrap();
        assert_eq!(penalty.bingo_bonus, -100_000);
    }
}
