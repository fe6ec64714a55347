//! Crossword bots, each a [`Decider`] of the crossword [`Game`], and the registry that names them.

pub mod endgame;
mod equity;
mod greedy;
pub mod leaves;
pub mod lookahead;
mod random;
mod solver;

use engine::play::Decider;
use engine::scrabble::{Game, Move, Observation, Question};

pub use equity::Equity;
pub use greedy::Greedy;
pub use lookahead::{Lookahead, Reach};
pub use random::RandomBot;
pub use solver::Solver;

/// The move `bot` makes from `observation` (the crossword game asks nothing else); a
/// decider with no answer passes.
pub fn choose(bot: &mut dyn Decider<Game>, observation: &Observation<'_>) -> Move {
    bot.decide(observation, Question::Move)
        .unwrap_or(Move::Pass)
}

/// The names `bot_by_name` knows, with a line on each.
pub const BOTS: &[(&str, &str)] = &[
    (
        "greedy",
        "the highest-scoring placement; exchanges everything when it has none",
    ),
    (
        "equity",
        "score plus the learned value of the tiles kept; exchanges when keeping fewer is worth more",
    ),
    (
        "lookahead",
        "equity's best 8 moves, each less the next player's best reply over 24 racks drawn from the unseen tiles (in a two-player endgame, the known rack, then its own follow-up)",
    ),
    (
        LOOKAHEAD_REACHED,
        "lookahead judging WIDTH moves over SAMPLES racks, as lookahead:4x12",
    ),
    (
        "solver",
        "lookahead until the bag is empty; then, with two players, both racks known, the endgame searched to its end (alpha-beta, at most 20,000 positions a turn)",
    ),
    (
        SOLVER_BUDGETED,
        "solver expanding at most BUDGET endgame positions a turn, as solver:200000",
    ),
    (
        "random",
        "a uniformly random legal placement, sometimes an exchange or a pass: the fuzzing baseline",
    ),
];

/// How a lookahead of another reach is named, with the ranges allowed (see [`Reach`]).
pub const LOOKAHEAD_REACHED: &str = "lookahead:WIDTHxSAMPLES (width 1 to 64, samples 1 to 1024)";

/// How a solver of another budget is named, with the range allowed.
pub const SOLVER_BUDGETED: &str = "solver:BUDGET (budget 1 to 100000000)";

/// A bot name that is not in the registry of its game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot {name:?}: expected one of {}", known.join(", "))]
pub struct UnknownBot {
    /// The name given.
    pub name: String,
    /// The names the game knows.
    pub known: Vec<&'static str>,
}

impl UnknownBot {
    /// `name`, refused with the crossword bots' names listed.
    pub fn among_crossword_bots(name: &str) -> UnknownBot {
        UnknownBot {
            name: name.to_string(),
            known: BOTS.iter().map(|(name, _)| *name).collect(),
        }
    }
}

/// Makes a bot by name; `seed` feeds bots that draw random numbers (never the game's RNG).
pub fn bot_by_name(name: &str, seed: u64) -> Result<Box<dyn Decider<Game>>, UnknownBot> {
    let unknown = || UnknownBot::among_crossword_bots(name);
    if let Some(reach) = name.strip_prefix("lookahead:") {
        let reach = Reach::parse(reach).ok_or_else(unknown)?;
        let model = leaves::LeaveModel::in_use();
        return Ok(Box::new(Lookahead::with_reach(model, seed, reach)));
    }
    if let Some(budget) = name.strip_prefix("solver:") {
        let budget = endgame::parse_budget(budget).ok_or_else(unknown)?;
        let model = leaves::LeaveModel::in_use();
        return Ok(Box::new(Solver::new(model, seed, budget)));
    }
    match name {
        "greedy" => Ok(Box::new(Greedy::new())),
        "equity" => Ok(Box::new(Equity::new(leaves::LeaveModel::in_use()))),
        "lookahead" => Ok(Box::new(Lookahead::new(leaves::LeaveModel::in_use(), seed))),
        "solver" => Ok(Box::new(Solver::new(
            leaves::LeaveModel::in_use(),
            seed,
            endgame::BUDGET,
        ))),
        "random" => Ok(Box::new(RandomBot::new(seed))),
        _ => Err(unknown()),
    }
}

/// Whether the observing seat may exchange now.
pub fn may_exchange(observation: &Observation<'_>) -> bool {
    observation.bag_len
        >= observation
            .rules
            .numbers
            .exchange_min_bag
            .max(observation.rack.len())
        && !observation.rack.is_empty()
}
