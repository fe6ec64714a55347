//! Strategies for Owlery's games. Each bot decides from its seat's observation alone: never
//! another rack, the bag's order, or the game's RNG.

pub mod cardgame;
pub mod hogwarts;
pub mod monopoly;
pub mod registry;
pub mod scrabble;
pub mod seating;

pub use registry::{Registered, Settings, UnknownBot, bot, bot_with};

/// docs/WRITING_BOTS.md's code blocks, compiled and run as doc tests so the guide compiles
/// as written.
#[cfg(doctest)]
#[doc = include_str!("../../docs/WRITING_BOTS.md")]
pub struct WritingBots;
