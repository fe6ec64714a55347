//! Every TOML data file the engine ships: its name, its embedded text and the range of each of
//! its numbers, in one list for the checks that must see them all.

use crate::cardgame::actions::{ACTION_RANGES, DEFAULT_ACTIONS};
use crate::cardgame::rules::{CardNumbers, DEFAULT_CARD_RULES};
use crate::cardgame::rummy::{DEFAULT_ROUNDS, ROUND_RANGES};
use crate::data::{NumbersFile, Range};
use crate::hogwarts::HpNumbers;
use crate::hogwarts::rules::DEFAULT_HP_RULES;
use crate::monopoly::board::{BOARD_RANGES, DEFAULT_BOARD};
use crate::monopoly::owl_post::{DEFAULT_OWL_POST, OWL_POST_RANGES};
use crate::monopoly::rules::{DEFAULT_MONOPOLY_RULES, MonopolyNumbers};
use crate::scrabble::Numbers;
use crate::scrabble::rules::DEFAULT_RULES;

/// One shipped TOML data file.
#[derive(Debug, Clone, Copy)]
pub struct ShippedFile {
    /// Its path under engine/data.
    pub name: &'static str,
    /// Its text.
    pub text: &'static str,
    /// The range of each of its numbers.
    pub ranges: &'static [Range],
}

/// Every shipped TOML data file.
pub const SHIPPED_TOML: [ShippedFile; 8] = [
    ShippedFile {
        name: "scrabble/rules.toml",
        text: DEFAULT_RULES,
        ranges: Numbers::RANGES,
    },
    ShippedFile {
        name: "scrabble-hp/rules.toml",
        text: DEFAULT_HP_RULES,
        ranges: HpNumbers::RANGES,
    },
    ShippedFile {
        name: "scrabble-cards/rules.toml",
        text: DEFAULT_CARD_RULES,
        ranges: CardNumbers::RANGES,
    },
    ShippedFile {
        name: "scrabble-cards/actions.toml",
        text: DEFAULT_ACTIONS,
        ranges: &ACTION_RANGES,
    },
    ShippedFile {
        name: "scrabble-cards/rummy_rounds.toml",
        text: DEFAULT_ROUNDS,
        ranges: &ROUND_RANGES,
    },
    ShippedFile {
        name: "monopoly-hp/rules.toml",
        text: DEFAULT_MONOPOLY_RULES,
        ranges: MonopolyNumbers::RANGES,
    },
    ShippedFile {
        name: "monopoly-hp/board.toml",
        text: DEFAULT_BOARD,
        ranges: &BOARD_RANGES,
    },
    ShippedFile {
        name: "monopoly-hp/owl_post.toml",
        text: DEFAULT_OWL_POST,
        ranges: &OWL_POST_RANGES,
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Source;
    use crate::data::ranges::{numbers_in, unbounded_numbers};

    #[test]
    fn every_number_of_every_shipped_file_has_a_range() {
        for file in SHIPPED_TOML {
            let document = Source::new(file.text, file.name).document().unwrap();
            assert_eq!(
                unbounded_numbers(document.get_ref(), file.ranges),
                Vec::<String>::new(),
                "{}",
                file.name
            );
        }
    }

    #[test]
    fn every_range_names_a_key_its_shipped_file_holds() {
        // A range whose key no file writes is a typo (each optional key is used somewhere).
        for file in SHIPPED_TOML {
            let document = Source::new(file.text, file.name).document().unwrap();
            let every = numbers_in(document.get_ref());
            for range in file.ranges {
                let held = every.iter().any(|(path, _)| range.matches(path));
                assert!(held, "{}: {}", file.name, range.key);
            }
        }
    }
}
