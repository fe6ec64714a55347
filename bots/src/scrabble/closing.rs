//! `equity` once the bag is empty. With two players the opponent's rack is then known, so the
//! moves of highest equity are judged by the opponent's best reply and this seat's answer to
//! it (lookahead's judgement of a known rack) instead of by a static charge for the tiles kept.

use engine::play::Decider;
use engine::scrabble::{Game, Move, Observation, Question};

use super::leaves::LeaveModel;
use super::{Lookahead, Reach};

/// Moves judged once the bag is empty.
const WIDTH: usize = 8;

/// `equity`'s moves, and once the bag is empty in a two-player game the best of its
/// [`WIDTH`] best by the reply they allow (the lookahead's own `equity` serves both, so one
/// move generator keeps its buffers all game).
#[derive(Debug, Clone)]
pub struct Closing {
    closing: Lookahead,
}

impl Closing {
    /// The player over the leave values `model`.
    pub fn new(model: &'static LeaveModel) -> Closing {
        let reach = Reach {
            width: WIDTH,
            samples: 1,
        };
        Closing {
            // The opponent's rack is known when it judges: nothing is drawn at random.
            closing: Lookahead::with_reach(model, 0, reach),
        }
    }

    /// The move this bot makes from `observation`.
    pub fn choose(&mut self, observation: &Observation<'_>) -> Move {
        if observation.bag_len == 0 && observation.scores.len() == 2 {
            self.closing.choose(observation)
        } else {
            self.closing.equity_mut().choose(observation)
        }
    }
}

impl Decider<Game> for Closing {
    fn name(&self) -> &str {
        "equity"
    }

    fn decide(&mut self, view: &Observation<'_>, _: Question) -> Option<Move> {
        Some(self.choose(view))
    }
}
