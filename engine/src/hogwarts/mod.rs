//! Scrabble: Harry Potter Edition on the crossword core: houses, brown Hogwarts squares,
//! the 32 Hogwarts cards and the Glossary bonus.

pub mod cards;
pub mod game;
pub mod house;
pub mod notation;
pub mod rules;
pub mod spells;
mod turn;

pub use cards::{Card, CardPiles};
pub use game::{CardEvent, HpError, HpGame, HpObservation, TurnReport};
pub use house::{House, UnknownHouse};
pub use rules::{CardTable, HpNumbers, HpRules, RACK_LIMIT};
pub use spells::{CardError, CardPlay, TurnCard};
pub use turn::{HpAnswer, HpQuestion};
