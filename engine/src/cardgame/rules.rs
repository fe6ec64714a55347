//! The card game's numbers (engine/data/scrabble-cards/rules.toml) and the letter cards.

use serde::{Deserialize, Serialize};

use super::actions::{ActionCard, standard_actions};
use super::check::Premium;
use super::rummy::{RoundCard, standard_rounds};
use crate::data::{MOST_POINTS, NumbersFile, Range};
use crate::scrabble::TileSet;

/// The default numbers.
pub const DEFAULT_CARD_RULES: &str = include_str!("../../data/scrabble-cards/rules.toml");

/// Every number of the Classic game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardNumbers {
    /// Letter cards in a full hand.
    pub hand_size: usize,
    /// Double Word Score cards in the pack.
    pub double_word_cards: u8,
    /// Triple Word Score cards in the pack.
    pub triple_word_cards: u8,
    /// Times a Double Word Score card counts the words through it (1: no power).
    #[serde(default = "double")]
    pub double_word_multiplier: i32,
    /// Times a Triple Word Score card counts the words through it (1: no power).
    #[serde(default = "triple")]
    pub triple_word_multiplier: i32,
    /// Points for playing a whole hand in one turn.
    pub bingo_bonus: i32,
    /// The first word's multiplier.
    pub first_word_multiplier: i32,
    /// Whether the first word's multiplier applies when it uses the whole hand.
    pub first_word_bingo_multiplied: bool,
    /// Passes in succession by every player that end the game.
    pub passes_each_to_end: u32,
}

impl NumbersFile for CardNumbers {
    const RANGES: &'static [Range] = &[
        Range::new("hand_size", 2, 15, "letter cards"),
        Range::new("double_word_cards", 0, 100, "cards in the pack"),
        Range::new("triple_word_cards", 0, 100, "cards in the pack"),
        Range::new("double_word_multiplier", 1, 100, "times"),
        Range::new("triple_word_multiplier", 1, 100, "times"),
        // A bonus, never a penalty.
        Range::new("bingo_bonus", 0, MOST_POINTS, "points"),
        Range::new("first_word_multiplier", 1, 100, "times"),
        Range::new("passes_each_to_end", 1, 100, "passes each"),
    ];
}

/// A rules file from before the multipliers were numbers keeps the printed cards'.
fn double() -> i32 {
    2
}

fn triple() -> i32 {
    3
}

impl CardNumbers {
    /// Times `premium` counts the words through it.
    pub fn multiplier(&self, premium: Premium) -> i32 {
        match premium {
            Premium::Double => self.double_word_multiplier,
            Premium::Triple => self.triple_word_multiplier,
        }
    }

    /// The standard numbers.
    pub fn standard() -> CardNumbers {
        CardNumbers::parse(DEFAULT_CARD_RULES, "embedded scrabble-cards/rules.toml")
            .expect("the embedded rules are valid")
    }
}

/// The variants the engine plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// Words on the open table with Premium cards.
    Classic,
    /// Classic with an Action card in every hand.
    Forfeit,
    /// Ten rounds of laying words for the Round cards.
    Rummy,
}

/// Everything a game needs: the variant, the letter cards, the Action cards and the numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardRules {
    /// Which game.
    pub variant: Variant,
    /// The letter cards: letters, values and counts (two blanks worth 0).
    pub letters: TileSet,
    /// Forfeit's Action cards.
    pub actions: Vec<ActionCard>,
    /// Rummy's Round cards.
    pub rummy_rounds: Vec<RoundCard>,
    /// The other numbers.
    pub numbers: CardNumbers,
}

impl CardRules {
    /// The standard game.
    pub fn standard() -> CardRules {
        CardRules {
            variant: Variant::Classic,
            letters: TileSet::standard(),
            actions: standard_actions(),
            rummy_rounds: standard_rounds(),
            numbers: CardNumbers::standard(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Source;

    #[test]
    fn a_number_out_of_range_is_named_alone() {
        let standard = CardNumbers::standard();
        let refused = |setting: &str| {
            standard
                .overlay_from(Source::setting(setting, "--set"))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            refused("hand_size = 16"),
            "--set: hand_size: expected 2 to 15 (letter cards), found 16"
        );
        assert_eq!(
            refused("first_word_multiplier = 0"),
            "--set: first_word_multiplier: expected 1 to 100 (times), found 0"
        );
        assert_eq!(
            refused("bingo_bonus = -5"),
            "--set: bingo_bonus: expected 0 to 100000 (points), found -5"
        );
        assert_eq!(
            refused("bingo_bonus = 100001"),
            "--set: bingo_bonus: expected 0 to 100000 (points), found 100001"
        );
        assert_eq!(
            refused("passes_each_to_end = 0"),
            "--set: passes_each_to_end: expected 1 to 100 (passes each), found 0"
        );
        assert!(standard.overlay("bingo_bonus = 0", "--set").is_ok());
    }
}
