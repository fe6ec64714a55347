//! The game's numbers (engine/data/monopoly-hp/rules.toml) and everything one game needs.

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::owl_post::{DEFAULT_OWL_POST, Effect, OwlCard, parse_cards};
use crate::data::{DataError, MOST_POINTS, NumbersFile, Range};

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

impl NumbersFile for MonopolyNumbers {
    // What the numbers allow together (the points a game can put in play) is checked by
    // `MonopolyRules::check`.
    const RANGES: &'static [Range] = &[
        Range::new("starting_points", 0, MOST_POINTS, "points"),
        Range::new("go_reward", 0, MOST_POINTS, "points"),
        Range::new("jail_fine", 0, MOST_POINTS, "points"),
        Range::new("jail_tries", 1, 20, "turns"),
        Range::new("doubles_to_jail", 1, 20, "doubles in a row"),
        Range::new("auction_opening", 1, MOST_POINTS, "points"),
        Range::new("auction_step", 1, MOST_POINTS, "points"),
        Range::new("crests_per_house", 0, 100, "crests"),
        Range::new("house_cards_per_house", 1, 100, "House Cards"),
        Range::new("common_room_rent[]", 0, MOST_POINTS, "points"),
        Range::new("spell_rent_per_pip", 0, MOST_POINTS, "points"),
        Range::new("turn_cap", 1, 100_000, "turns"),
    ];
}

impl MonopolyNumbers {
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

    /// An upper bound on the points a game can put in play: every seat's opening points, the
    /// Bank's payments on every roll up to the turn cap (passing GO twice and the best-paying
    /// Owl Post card, three times over for cards that lead to more cards), and every
    /// property's mortgage (or its value, if larger).
    pub fn most_points_in_play(&self) -> i64 {
        let numbers = &self.numbers;
        let best_card = self
            .cards
            .iter()
            .map(|card| match card.effect {
                Effect::Gain(points) => i64::from(points),
                _ => 0,
            })
            .max()
            .unwrap_or(0);
        let per_roll = 3 * (2 * i64::from(numbers.go_reward) + best_card);
        let rolls = i64::from(numbers.turn_cap) * (i64::from(numbers.doubles_to_jail) + 1);
        let mortgages: i64 = self
            .board
            .properties
            .iter()
            .map(|property| i64::from(property.mortgage.max(property.value)))
            .sum();
        super::MAX_PLAYERS as i64 * i64::from(numbers.starting_points)
            + rolls * per_roll
            + mortgages
    }

    /// Checks what the board, the cards and the numbers allow together: a player's points are
    /// a 32-bit count, so no game may put more in play.
    pub fn check(&self) -> Result<(), DataError> {
        let most = self.most_points_in_play();
        if most > i64::from(i32::MAX) {
            return Err(DataError::whole(
                "the monopoly-hp rules",
                format!(
                    "starting_points, go_reward, turn_cap and doubles_to_jail (with the Owl Post \
                     cards and the board's mortgages) could put {most} points in play; expected \
                     at most {}",
                    i32::MAX
                ),
            ));
        }
        Ok(())
    }

    /// The most players a game takes: the houses' cards limit it, and so does the engine (6).
    pub fn max_players(&self) -> usize {
        (4 * self.numbers.house_cards_per_house as usize).min(super::MAX_PLAYERS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Source;

    #[test]
    fn a_number_out_of_range_is_named_alone() {
        let standard = MonopolyNumbers::standard();
        let refused = |setting: &str| {
            standard
                .overlay_from(Source::setting(setting, "--set"))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            refused("go_reward = -100"),
            "--set: go_reward: expected 0 to 100000 (points), found -100"
        );
        assert_eq!(
            refused("auction_step = 0"),
            "--set: auction_step: expected 1 to 100000 (points), found 0"
        );
        assert_eq!(
            refused("common_room_rent = [10, 20, -1, 80]"),
            "--set: common_room_rent[2]: expected 0 to 100000 (points), found -1"
        );
    }

    #[test]
    fn no_game_may_put_more_points_in_play_than_a_player_can_hold() {
        let mut rules = MonopolyRules::standard();
        assert!(rules.check().is_ok());
        // Six seats' opening points alone.
        rules.numbers.starting_points = 400_000_000;
        let message = rules.check().unwrap_err().to_string();
        assert!(message.contains("could put 24"), "{message}");
        assert!(
            message.ends_with("expected at most 2147483647"),
            "{message}"
        );
        // Or GO's reward on every roll of a long game.
        rules.numbers.starting_points = 300;
        rules.numbers.turn_cap = 10_000_000;
        assert!(rules.check().is_err());
        rules.numbers.turn_cap = 2_000;
        assert!(rules.check().is_ok());
    }
}
