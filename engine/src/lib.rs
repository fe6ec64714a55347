//! The rules of Owlery's games: deterministic given a seeded RNG; no bots, no printing.
//!
//! Every game is a pure function of its rules data, the moves chosen and the seed. Unvalidated
//! input (data files, CGP positions, typed moves) becomes a validated value through one checked
//! conversion with an error that says where and what was expected.

pub mod bits;
pub mod cardgame;
pub mod data;
pub mod draws;
pub mod fingerprint;
pub mod hogwarts;
pub mod monopoly;
pub mod play;
pub mod scrabble;
pub mod shipped;
