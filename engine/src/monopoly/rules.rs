//! The game's numbers (engine/data/monopoly-hp/rules.toml) and everything one game needs.

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::owl_post::{DEFAULT_OWL_POST, OwlCard, parse_cards};
use crate::data::{DataError, overlay_toml, toml_error};

/// The default numbers.
pub const DEFAULT_MONOPOLY_RULES: &str = include_str!("../../data/monopoly-hp/rules.toml");

/// Every number of the game that is not on the board or a card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonopolyNumbers {
    /// House points each player starts with.
    pub starting_points: i32,
    /// Points for passing or landing on GO.
    pub go_reward: i32,
    /// Points to leave Jail.
    pub jail_fine: i32,
    /// Turns a player may try for doubles in Jail.
    pub jail_tries: u8,
    /// Doubles in a row that send a player to Jail.
    pub doubles_to_jail: u8,
    /// An auction's opening bid.
    pub auction_opening: i32,
    /// An auction's smallest raise.
    pub auction_step: i32,
    /// Crests of each house.
    pub crests_per_house: u8,
    /// House Cards of each house.
    pub house_cards_per_house: u8,
    /// Common-room rent by the number the owner has.
    pub common_room_rent: [i32; 4],
    /// Spell rent per pip.
    pub spell_rent_per_pip: i32,
    /// Turns after which a stalled game is stopped.
    pub turn_cap: u32,
}

impl MonopolyNumbers {
    /// Reads a full rules file.
    pub fn parse(text: &str, file: &str) -> Result<MonopolyNumbers, DataError> {
        let numbers: MonopolyNumbers =
            toml::from_str(text).map_err(|error| toml_error(text, file, &error))?;
        numbers.validate(file)
    }

    /// These numbers with the keys a partial TOML document names replaced.
    pub fn overlay(&self, text: &str, file: &str) -> Result<MonopolyNumbers, DataError> {
        overlay_toml(self, text, file)?.validate(file)
    }

    fn validate(self, file: &str) -> Result<MonopolyNumbers, DataError> {
        let fail = |message: &str| Err(DataError::whole(file, message.to_string()));
        if self.starting_points < 0 || self.go_reward < 0 || self.jail_fine < 0 {
            return fail("starting_points, go_reward and jail_fine: expected 0 or more");
        }
        if self.jail_tries == 0 || self.doubles_to_jail == 0 {
            return fail("jail_tries and doubles_to_jail: expected 1 or more");
        }
        if self.auction_opening <= 0 || self.auction_step <= 0 {
            return fail("auction_opening and auction_step: expected above 0");
        }
        if self.house_cards_per_house == 0 {
            return fail("house_cards_per_house: expected 1 or more");
        }
        if self.common_room_rent.iter().any(|&r| r < 0) || self.spell_rent_per_pip < 0 {
            return fail("common_room_rent and spell_rent_per_pip: expected 0 or more");
        }
        if self.turn_cap == 0 {
            return fail("turn_cap: expected 1 or more");
        }
        Ok(self)
    }

    /// The standard numbers.
    pub fn standard() -> MonopolyNumbers {
        MonopolyNumbers::parse(DEFAULT_MONOPOLY_RULES, "embedded monopoly-hp/rules.toml")
            .expect("the embedded rules are valid")
    }
}

/// Everything one game needs: the board, the Owl Post cards and the numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonopolyRules {
    /// The ring of spaces and its properties.
    pub board: Board,
    /// The Owl Post cards.
    pub cards: Vec<OwlCard>,
    /// The other numbers.
    pub numbers: MonopolyNumbers,
}

impl MonopolyRules {
    /// The standard game.
    pub fn standard() -> MonopolyRules {
        let board = Board::standard();
        let cards = parse_cards(
            DEFAULT_OWL_POST,
            "embedded monopoly-hp/owl_post.toml",
            &board,
        )
        .expect("the embedded cards are valid");
        MonopolyRules {
            board,
            cards,
            numbers: MonopolyNumbers::standard(),
        }
    }

    /// The most players a game takes: the houses' cards limit it, and so does the engine (6).
    pub fn max_players(&self) -> usize {
        (4 * self.numbers.house_cards_per_house as usize).min(super::MAX_PLAYERS)
    }
}
