//! Monopoly: Harry Potter (../shared/rulebooks/monopoly-harry-potter.txt): house points for
//! money, house crests for houses, Owl Post for the cards, and the end when every property
//! is explored.
//!
//! The board, the Owl Post deck and the numbers are data (engine/data/monopoly-hp/). The game
//! asks each player's [`crate::play::Decider`] its [`Question`]s through a [`View`] of the
//! table; it never shows a seat the deck's order or the dice to come.

mod arrange;
mod ask;
pub mod board;
mod deals;
pub mod events;
pub mod game;
mod landing;
mod money;
pub mod owl_post;
pub mod questions;
pub mod rules;
pub mod seat;
pub mod tally;

pub use ask::AnswerError;
pub use board::{Board, Group, Property, PropertyKind, Space};
pub use deals::TradeError;
pub use events::Event;
pub use game::{Ending, Monopoly, mask_bits};
pub use owl_post::{Effect, OwlCard};
pub use rules::{MonopolyNumbers, MonopolyRules};
pub use seat::{Answer, JailChoice, Lot, Question, Raise, Trade, View};
pub use tally::Tally;

use crate::hogwarts::House;

/// The most players at one table.
pub const MAX_PLAYERS: usize = 6;

/// A game that cannot be set up as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MonopolyError {
    /// Too few or too many players.
    #[error("expected 2 to {max} players, found {players}")]
    Players {
        /// Players asked for.
        players: usize,
        /// The most the rules allow.
        max: usize,
    },
    /// More players in a house than it has House Cards.
    #[error("{players} players in {}: the house has {cards} House Cards", house.name())]
    HouseCards {
        /// The house.
        house: House,
        /// Players sorted into it.
        players: usize,
        /// Its House Cards.
        cards: u8,
    },
}
