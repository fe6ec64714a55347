//! Bots for Monopoly: Harry Potter: each is an engine [`Seat`] deciding from its seat's view.

mod heuristic;
mod mc_trader;
mod random;
pub mod worth;

use engine::monopoly::Seat;

pub use heuristic::{Heuristic, Reserves};
pub use mc_trader::{DEFAULT_ROLLOUTS, McTrader};
pub use random::RandomSeat;

use crate::scrabble::UnknownBot;

/// The names `monopoly_bot_by_name` knows, with a line on each.
pub const MONOPOLY_BOTS: &[(&str, &str)] = &[
    (
        "heuristic",
        "buys with a reserve or to complete a set, bids to a value, crests whole sets, buys missing pieces",
    ),
    (
        "mc-trader",
        "values purchases, bids and trades by rollouts of the rest of the game (--rollouts K)",
    ),
    (
        "random",
        "a coin for every decision, random trades included: the fuzzing baseline",
    ),
];

/// Settings of the Monopoly bots that take any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MonopolyOptions {
    /// Rollouts per alternative for `mc-trader`.
    pub rollouts: usize,
}

impl Default for MonopolyOptions {
    fn default() -> Self {
        MonopolyOptions {
            rollouts: DEFAULT_ROLLOUTS,
        }
    }
}

/// Makes a Monopoly bot by name with the default settings; `seed` feeds bots that draw random numbers.
pub fn monopoly_bot_by_name(name: &str, seed: u64) -> Result<Box<dyn Seat>, UnknownBot> {
    monopoly_bot_with(name, seed, MonopolyOptions::default())
}

/// Makes a Monopoly bot by name with settings.
pub fn monopoly_bot_with(
    name: &str,
    seed: u64,
    options: MonopolyOptions,
) -> Result<Box<dyn Seat>, UnknownBot> {
    match name {
        "heuristic" => Ok(Box::new(Heuristic::new())),
        "mc-trader" => Ok(Box::new(McTrader::new(options.rollouts, seed))),
        "random" => Ok(Box::new(RandomSeat::new(seed))),
        _ => Err(UnknownBot {
            name: name.to_string(),
            known: MONOPOLY_BOTS.iter().map(|(name, _)| *name).collect(),
        }),
    }
}
