//! `solver`: `lookahead` until the bag is empty, then the two-player endgame searched to its end.

use engine::play::Decider;
use engine::scrabble::{Game, Move, Observation, Question};

use super::endgame::EndgameSearch;
use super::leaves::LeaveModel;
use super::lookahead::Lookahead;

/// Plays as [`Lookahead`] while tiles are in the bag (or more than two play); once the bag is
/// empty in a two-player game, plays the move an [`EndgameSearch`] finds best.
#[derive(Debug, Clone)]
pub struct Solver {
    lookahead: Lookahead,
    endgame: EndgameSearch,
}

impl Solver {
    /// A solver valuing leaves by `model`, its draws seeded by `seed`, expanding at most
    /// `budget` endgame positions a turn.
    pub fn new(model: &'static LeaveModel, seed: u64, budget: u32) -> Solver {
        Solver {
            lookahead: Lookahead::new(model, seed),
            endgame: EndgameSearch::new(budget),
        }
    }
}

impl Solver {
    /// Readies the bot for a new game: its draws reseeded from `seed`.
    pub fn start_game(&mut self, seed: u64) {
        self.lookahead.start_game(seed);
    }

    /// The move this bot makes from `observation`.
    pub fn choose(&mut self, observation: &Observation<'_>) -> Move {
        match self.endgame.search(observation) {
            Some(verdict) => verdict.chosen,
            None => self.lookahead.choose(observation),
        }
    }
}

impl Decider<Game> for Solver {
    fn name(&self) -> &str {
        "solver"
    }

    fn start_game(&mut self, seed: u64) {
        Solver::start_game(self, seed);
    }

    fn decide(&mut self, view: &Observation<'_>, _: Question) -> Option<Move> {
        Some(self.choose(view))
    }
}
