//! `greedy`: the highest-scoring placement.

use engine::play::Decider;
use engine::scrabble::{Game, Move, MoveGen, Observation, Question};

use super::may_exchange;

/// Plays the highest-scoring placement; ties go to the least placement in its canonical order
/// (Across before Down, top line first, leftmost start first), whatever order the generator used. With no placement it exchanges its whole rack if
/// it may, else passes.
#[derive(Debug, Clone, Default)]
pub struct Greedy {
    movegen: MoveGen,
}

impl Greedy {
    /// A greedy bot with its own move-generation buffers.
    pub fn new() -> Greedy {
        Greedy::default()
    }
}

impl Greedy {
    /// The move this bot makes from `observation`.
    pub fn choose(&mut self, observation: &Observation<'_>) -> Move {
        let best = self.movegen.best_with(
            observation.board,
            observation.rules,
            observation.lexicon,
            &observation.rack,
            observation.backwards,
        );
        match best {
            Some((_, placement)) => Move::Place(placement),
            None if may_exchange(observation) => Move::Exchange(observation.rack),
            None => Move::Pass,
        }
    }
}

impl Decider<Game> for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn decide(&mut self, view: &Observation<'_>, _: Question) -> Option<Move> {
        Some(self.choose(view))
    }
}
