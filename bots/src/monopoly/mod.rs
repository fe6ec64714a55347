//! Bots for Monopoly: Harry Potter: each is an engine [`Seat`] deciding from its seat's view.

mod heuristic;
mod random;
pub mod worth;

use engine::monopoly::Seat;

pub use heuristic::{Heuristic, Reserves};
pub use random::RandomSeat;

use crate::scrabble::UnknownBot;

/// The names `monopoly_bot_by_name` knows, with a line on each.
pub const MONOPOLY_BOTS: &[(&str, &str)] = &[
    (
        "heuristic",
        "buys with a reserve or to complete a set, bids to a value, crests whole sets, buys missing pieces",
    ),
    (
        "random",
        "a coin for every decision, random trades included: the fuzzing baseline",
    ),
];

/// Makes a Monopoly bot by name; `seed` feeds bots that draw random numbers.
pub fn monopoly_bot_by_name(name: &str, seed: u64) -> Result<Box<dyn Seat>, UnknownBot> {
    match name {
        "heuristic" => Ok(Box::new(Heuristic::new())),
        "random" => Ok(Box::new(RandomSeat::new(seed))),
        _ => Err(UnknownBot {
            name: name.to_string(),
            known: MONOPOLY_BOTS.iter().map(|(name, _)| *name).collect(),
        }),
    }
}
