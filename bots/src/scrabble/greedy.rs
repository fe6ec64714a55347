//! `greedy`: the highest-scoring placement.

use engine::scrabble::{Move, MoveGen, Observation, Placement};

use super::{Bot, may_exchange};

/// Plays the highest-scoring placement; ties go to the first generated (Across before Down,
/// top line first, leftmost anchor first). With no placement it exchanges its whole rack if
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

impl Bot for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(&mut self, observation: &Observation<'_>) -> Move {
        let mut best: Option<(i32, Placement)> = None;
        self.movegen.generate(
            observation.board,
            observation.rules,
            observation.lexicon.graph(),
            &observation.rack,
            |placement, score| {
                if best.is_none_or(|(top, _)| score > top) {
                    best = Some((score, *placement));
                }
            },
        );
        match best {
            Some((_, placement)) => Move::Place(placement),
            None if may_exchange(observation) => Move::Exchange(observation.rack),
            None => Move::Pass,
        }
    }
}
