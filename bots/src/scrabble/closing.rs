//! `equity` as the bag runs out. With two players and the bag empty the opponent's rack is
//! known, so the moves of highest equity are judged by the opponent's best reply and this
//! seat's answer to it (lookahead's judgement of a known rack) instead of by a static charge
//! for the tiles kept. With a few tiles left in the bag (the pre-endgame, where the learned
//! leave values, made for a refilled rack, say least) its best moves meet racks drawn for
//! the opponent from the few tiles unseen: lookahead's two-ply simulation, in a small reach,
//! each move worth the chance of winning from the lead it leaves ([`super::odds`]).

use engine::play::Decider;
use engine::scrabble::{Game, Move, Observation, Question};

use super::leaves::LeaveModel;
use super::race::Objective;
use super::{Lookahead, Reach};

/// Moves judged once the bag is empty, each against the one rack the opponent holds.
const CLOSING: Reach = Reach {
    width: 8,
    samples: 1,
};

/// The most tiles in the bag at which the moves meet drawn racks.
pub const PRE_ENDGAME_BAG: usize = 6;

/// Moves judged and racks drawn in the pre-endgame: four moves over sixteen racks won as
/// many games as eight and cost two thirds of the time (docs/BOTS.md).
const PRE_ENDGAME: Reach = Reach {
    width: 4,
    samples: 16,
};

/// `equity`'s moves, and in a two-player game with [`PRE_ENDGAME_BAG`] tiles or fewer in
/// the bag the best of its few best by the replies they allow (the lookahead's own `equity`
/// serves both, so one move generator keeps its buffers all game).
#[derive(Debug, Clone)]
pub struct Closing {
    closing: Lookahead,
}

impl Closing {
    /// The player over the leave values `model`.
    pub fn new(model: &'static LeaveModel) -> Closing {
        // Reseeded each game by `start_game`.
        let mut closing = Lookahead::unraced(model, 0, CLOSING);
        // In the pre-endgame a move is worth its chance of winning (once the bag is empty
        // the search reaches near the end, and its points are the spread).
        closing.set_objective(Objective::Wins);
        Closing { closing }
    }

    /// Readies the bot for a new game: its racks drawn in the pre-endgame reseeded from `seed`.
    pub fn start_game(&mut self, seed: u64) {
        self.closing.start_game(seed);
    }

    /// Whether it judges the moves of `observation` by the replies they allow, rather than
    /// choosing as `equity-static` does: two players, [`PRE_ENDGAME_BAG`] tiles or fewer in
    /// the bag.
    pub fn judges(observation: &Observation<'_>) -> bool {
        observation.scores.len() == 2 && observation.bag_len <= PRE_ENDGAME_BAG
    }

    /// How far it looks from `observation` (the moves judged, the racks drawn for the
    /// opponent: one once the bag is empty); `None` where it chooses as `equity-static` does.
    pub fn reach(observation: &Observation<'_>) -> Option<Reach> {
        Closing::judges(observation).then_some(if observation.bag_len == 0 {
            CLOSING
        } else {
            PRE_ENDGAME
        })
    }

    /// The move this bot makes from `observation`.
    pub fn choose(&mut self, observation: &Observation<'_>) -> Move {
        let Some(reach) = Closing::reach(observation) else {
            return self.closing.equity_mut().choose(observation);
        };
        self.closing.set_reach(reach);
        self.closing.choose(observation)
    }
}

impl Decider<Game> for Closing {
    fn name(&self) -> &str {
        "equity"
    }

    fn start_game(&mut self, seed: u64) {
        Closing::start_game(self, seed);
    }

    fn decide(&mut self, view: &Observation<'_>, _: Question) -> Option<Move> {
        Some(self.choose(view))
    }
}
