//! `solver`: `lookahead` until the bag is empty, then the two-player endgame searched to its end.

use engine::scrabble::{Move, Observation};

use super::Bot;
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

impl Bot for Solver {
    fn name(&self) -> &'static str {
        "solver"
    }

    fn start_game(&mut self, seed: u64) {
        self.lookahead.start_game(seed);
    }

    fn choose(&mut self, observation: &Observation<'_>) -> Move {
        match self.endgame.search(observation) {
            Some(verdict) => verdict.chosen,
            None => self.lookahead.choose(observation),
        }
    }
}
