//! A two-player position played out to the end of the game, both seats moving as
//! `equity-static` does: what a simulating player's move leads to near the end, where leave
//! values no longer say what the tiles kept are worth. The scores are the engine's: each
//! move's by its check, the end's by rule 24 ([`end_adjustments`]) and the scoreless limit of
//! the rules in force.

use engine::scrabble::tiles::KINDS;
use engine::scrabble::{Board, Move, Observation, Rack, end_adjustments, leave_after};

use super::equity::Equity;

/// Moves a playout makes at most: past any real ending (a line of passes ends at the rules'
/// scoreless limit long before), so a playout always ends.
const MOST_MOVES: usize = 64;

/// A two-player position whose racks and bag order are all known, as a simulation draws them.
#[derive(Debug)]
pub struct Playout<'a> {
    /// The board, which the playout's moves are laid on.
    pub board: &'a mut Board,
    /// Each seat's rack.
    pub racks: [Rack; 2],
    /// Each seat's score.
    pub scores: [i32; 2],
    /// The bag, in the order its tiles are drawn.
    pub bag: &'a [u8],
    /// Consecutive scoreless turns so far.
    pub scoreless: u32,
    /// The seat to move.
    pub to_move: usize,
}

impl Playout<'_> {
    /// Plays the position out, both seats choosing as `equity-static` does, under the rules
    /// and lexicon of `observation` (a view of the same game); returns the final scores, rule
    /// 24 applied.
    pub fn finish(mut self, equity: &mut Equity, observation: &Observation<'_>) -> [i32; 2] {
        let rules = observation.rules;
        let mut went_out = None;
        for _ in 0..MOST_MOVES {
            if self.scoreless >= rules.numbers.scoreless_turns_to_end {
                break;
            }
            let seat = self.to_move;
            let view = self.view(seat, observation);
            let action = equity.choose_valued(&view).0;
            // A move the engine refuses counts as a pass (equity's moves are legal), and so
            // does an exchange: drawing for one, its tiles shuffled back into the order, was
            // no stronger (docs/BOTS.md), and `equity` rarely makes one so late.
            let score = view.check(&action).ok().flatten().map(|play| play.score);
            if let (Move::Place(placement), Some(_)) = (&action, score) {
                placement.lay_on(self.board);
                let kept = leave_after(&self.racks[seat], placement);
                let drawn = placement.placed_count().min(self.bag.len());
                self.racks[seat] = kept;
                for &kind in &self.bag[..drawn] {
                    self.racks[seat].add(usize::from(kind));
                }
                self.bag = &self.bag[drawn..];
            }
            let score = score.unwrap_or(0);
            self.scores[seat] += score;
            self.scoreless = if score == 0 { self.scoreless + 1 } else { 0 };
            if self.racks[seat].is_empty() && self.bag.is_empty() {
                went_out = Some(seat);
                break;
            }
            self.to_move = 1 - seat;
        }
        let keeps = &observation.keeps_leftovers[..2];
        let adjustments = end_adjustments(&rules.tiles, &self.racks, keeps, went_out);
        [
            self.scores[0] + adjustments[0],
            self.scores[1] + adjustments[1],
        ]
    }

    /// What `seat` sees: its rack, the board, and as unseen the bag and the other rack.
    fn view<'v>(&'v self, seat: usize, observation: &Observation<'v>) -> Observation<'v> {
        let mut unseen = [0; KINDS];
        for &kind in self.bag {
            unseen[usize::from(kind)] += 1;
        }
        for kind in self.racks[1 - seat].kinds() {
            unseen[kind] += 1;
        }
        let mut rack_sizes = observation.rack_sizes;
        rack_sizes[0] = self.racks[0].len();
        rack_sizes[1] = self.racks[1].len();
        Observation {
            seat,
            rack: self.racks[seat],
            board: self.board,
            scores: &self.scores,
            rack_sizes,
            bag_len: self.bag.len(),
            unseen,
            scoreless: self.scoreless,
            backwards: false,
            ..*observation
        }
    }
}
