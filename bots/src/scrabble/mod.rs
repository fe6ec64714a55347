//! Crossword bots, each a [`Decider`] of the crossword [`Game`], and the registry that names them.

mod closing;
pub mod endgame;
mod equity;
mod greedy;
pub mod inference;
pub mod leaves;
pub mod lookahead;
pub mod odds;
pub mod playout;
pub mod race;
mod random;
pub mod simmer;
mod solver;

use engine::play::Decider;
use engine::scrabble::{Game, Move, Observation, Question};

use crate::registry::{Entry, made};
use leaves::LeaveModel;

pub use closing::Closing;
pub use equity::{Equity, for_each_sub_rack};
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

/// How far the crossword or Harry Potter bot `name` (`NAME` or `NAME:WIDTHxSAMPLES`) simulates
/// each turn, for a caller capping the work one seat may ask for; `None` for a bot that does
/// not simulate (or a setting that is not a reach, which the registry refuses).
pub fn reach_of(name: &str) -> Option<Reach> {
    let (base, setting) = match name.split_once(':') {
        Some((base, setting)) => (base, Some(setting)),
        None => (name, None),
    };
    let standard = match base {
        "lookahead" | "cards-lookahead" => Reach::STANDARD,
        "simmer" | "simmer-points" | "simmer-infer" | "cards-simmer" => simmer::STANDARD,
        _ => return None,
    };
    setting.map_or(Some(standard), Reach::parse)
}

/// The crossword bots.
pub static BOTS: &[Entry<Game>] = &[
    Entry {
        name: "greedy",
        setting: None,
        about: "the highest-scoring placement; exchanges everything when it has none",
        make: |_, _| made(Greedy::new()),
    },
    Entry {
        name: "equity",
        setting: None,
        about: "score plus the learned value of the tiles kept; exchanges when keeping fewer is worth more; two players: with 1-6 tiles in the bag its 4 best moves judged by the chance of winning after the replies of 16 racks drawn for the opponent, with the bag empty its 8 best by the known rack's best reply",
        make: |_, settings| made(Closing::new(settings.leaves())),
    },
    Entry {
        name: "equity-static",
        setting: None,
        about: "equity with the bag empty too: tiles kept charged twice their points, going out credited the opponent's (faster)",
        make: |_, settings| made(Equity::named(settings.leaves(), "equity-static")),
    },
    Entry {
        name: "equity-linear",
        setting: None,
        about: "equity with the linear leave model (a value per tile, extra copy and vowel mix): the table's baseline",
        make: |_, _| made(Equity::named(LeaveModel::linear(), "equity-linear")),
    },
    Entry {
        name: "lookahead",
        setting: Some("WIDTHxSAMPLES (width 1 to 64, samples 1 to 1024)"),
        about: "equity's best 8 moves (WIDTH), each less the next player's best reply over up to 24 racks (SAMPLES) drawn from the unseen tiles, a move dropped once it trails beyond doubt (in a two-player endgame, the known rack, then its own follow-up)",
        make: |setting, settings| {
            let reach = setting.map_or(Some(Reach::STANDARD), Reach::parse)?;
            made(Lookahead::with_reach(settings.leaves(), 0, reach))
        },
    },
    Entry {
        name: "solver",
        setting: Some("BUDGET (budget 1 to 100000000)"),
        about: "lookahead until the bag is empty; then, with two players, both racks known, the endgame searched to its end (alpha-beta, at most 10,000 positions a turn: BUDGET)",
        make: |setting, settings| {
            let budget = setting.map_or(Some(endgame::BUDGET), endgame::parse_budget)?;
            made(Solver::new(settings.leaves(), 0, budget))
        },
    },
    Entry {
        name: "simmer",
        setting: Some("WIDTHxSAMPLES (width 1 to 64, samples 1 to 1024)"),
        about: "races equity's best 16 moves (WIDTH) and its best exchange over racks drawn from the unseen tiles, dropping each once it trails beyond doubt, at most 96 racks (SAMPLES); two players: each judged by the chance of winning after the reply, played out to the end with ten tiles or fewer in the bag (twice as many moves over twice as many racks, no exchange), the endgame searched once the bag is empty (30,000 positions a turn)",
        make: |setting, settings| {
            let reach = setting.map_or(Some(simmer::STANDARD), Reach::parse)?;
            made(simmer::Simmer::new(settings.leaves(), 0, reach))
        },
    },
    Entry {
        name: "simmer-points",
        setting: Some("WIDTHxSAMPLES (width 1 to 64, samples 1 to 1024)"),
        about: "simmer, its moves raced by their points (equity less the reply's) rather than the chance of winning",
        make: |setting, settings| {
            let reach = setting.map_or(Some(simmer::STANDARD), Reach::parse)?;
            made(simmer::Simmer::by_points(settings.leaves(), 0, reach))
        },
    },
    Entry {
        name: "simmer-infer",
        setting: Some("WIDTHxSAMPLES (width 1 to 64, samples 1 to 1024)"),
        about: "simmer, the opponent's racks drawn around the tiles its last play says it kept (inference: leaves kept as likely as its play was near equity's best with them)",
        make: |setting, settings| {
            let reach = setting.map_or(Some(simmer::STANDARD), Reach::parse)?;
            made(simmer::Simmer::inferring(settings.leaves(), 0, reach))
        },
    },
    Entry {
        name: "random",
        setting: None,
        about: "a uniformly random legal placement, sometimes an exchange or a pass: the fuzzing baseline",
        make: |_, _| made(RandomBot::new(0)),
    },
];

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

impl crate::registry::Registered for Game {
    const GAME: &'static str = "scrabble";

    fn bots() -> &'static [Entry<Game>] {
        BOTS
    }
}
