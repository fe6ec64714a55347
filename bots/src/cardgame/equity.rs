//! `equity` for the card game: the points a play makes now plus what the letters it keeps are
//! worth, valued as the crossword `equity` values a leave.

use engine::cardgame::{CardMove, CardView, TableCandidate, TableMoveGen};
use engine::scrabble::Rack;
use engine::scrabble::tiles::BLANK;

use super::{CardBot, best_premium};
use crate::scrabble::leaves::LeaveModel;

/// Plays the play or exchange of highest equity, in hundredths of a point: the play's points
/// (Premium cards laid as `greedy` lays them) plus the learned value of the letters kept; once
/// the draw pile is empty, minus the points of the letters kept instead (the end takes them
/// away). Ties go to the first play found; an exchange (keeping the best letters) only when it
/// is worth more than every play; with neither, a pass.
#[derive(Debug)]
pub struct CardEquity {
    generator: TableMoveGen,
    model: &'static LeaveModel,
}

impl CardEquity {
    /// An equity player valuing what it keeps by `model`.
    pub fn new(model: &'static LeaveModel) -> CardEquity {
        CardEquity {
            generator: TableMoveGen::default(),
            model,
        }
    }
}

/// What keeping `leave` is worth by `model`, in hundredths of a point.
fn leave_value(model: &LeaveModel, view: &CardView<'_>, leave: &Rack) -> i32 {
    if view.draw_len == 0 {
        -100 * leave.points(|kind| view.rules.letters.points(kind))
    } else {
        model.value(leave)
    }
}

/// The letters left in `hand` once `candidate` is laid.
fn kept(hand: &Rack, candidate: &TableCandidate<'_>) -> Rack {
    let mut left = *hand;
    for placed in candidate.tiles {
        let kind = if placed.cell.is_blank() {
            BLANK
        } else {
            usize::from(placed.cell.letter())
        };
        left.take(kind);
    }
    left
}

impl CardBot for CardEquity {
    fn name(&self) -> &'static str {
        "equity"
    }

    fn choose(&mut self, view: &CardView<'_>) -> CardMove {
        let opening = view.table.is_empty();
        let letters = view.hand.letters;
        let model = self.model;
        let mut best: Option<(i32, CardMove)> = None;
        self.generator
            .generate(view.table, view.rules, view.lexicon, &letters, |c| {
                let (premium, points) = best_premium(view, c, opening);
                let equity = 100 * points + leave_value(model, view, &kept(&letters, c));
                if best.as_ref().is_none_or(|(top, _)| equity > *top) {
                    best = Some((equity, CardMove::Place(c.to_play(premium))));
                }
            });
        // An exchange gives up at most as many letters as are left to draw.
        if view.draw_len > 0 && !letters.is_empty() {
            let fewest_kept = letters.len().saturating_sub(view.draw_len);
            let (keep, value) = model.best_keep(&letters, fewest_kept..letters.len());
            if best.as_ref().is_none_or(|(top, _)| value > *top) {
                let mut given_up = letters;
                given_up.take_all(&keep);
                best = Some((
                    value,
                    CardMove::Exchange {
                        letters: given_up,
                        premiums: [0, 0],
                        action: false,
                    },
                ));
            }
        }
        best.map_or(CardMove::Pass, |(_, action)| action)
    }
}
