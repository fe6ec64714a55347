//! `equity` for the card game: the points a play makes now plus what the letters it keeps are
//! worth, valued as the crossword `equity` values a leave.

use engine::cardgame::{
    CardAnswer, CardGame, CardMove, CardQuestion, CardView, Play, Premium, TableCandidate,
    TableMoveGen, ValueBound,
};
use engine::play::Decider;
use engine::scrabble::Rack;

use super::{answer, best_premium};
use crate::scrabble::for_each_sub_rack;
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
    name: &'static str,
}

impl CardEquity {
    /// An equity player valuing what it keeps by `model`.
    pub fn new(model: &'static LeaveModel) -> CardEquity {
        CardEquity::named(model, "equity")
    }

    /// An equity player valuing what it keeps by `model`, registered as `name`.
    pub fn named(model: &'static LeaveModel, name: &'static str) -> CardEquity {
        CardEquity {
            generator: TableMoveGen::default(),
            model,
            name,
        }
    }
}

/// A play as `equity` values it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayValue {
    /// The Premium card it lays (as `greedy` lays them) and on which card.
    pub premium: Option<(Premium, usize)>,
    /// Its points.
    pub points: i32,
    /// The letters it keeps.
    pub kept: Rack,
    /// What keeping them is worth, in hundredths of a point.
    pub leave: i32,
}

impl PlayValue {
    /// Its equity, in hundredths of a point: the points and the leave's value.
    pub fn equity(&self) -> i32 {
        100 * self.points + self.leave
    }
}

/// What `candidate` is worth to the seat of `view`, its leave valued by `model` (once the draw
/// pile is empty, minus the kept letters' points).
pub fn value_play(
    model: &LeaveModel,
    view: &CardView<'_>,
    candidate: &TableCandidate<'_>,
) -> PlayValue {
    let (premium, points) = best_premium(view, candidate, view.table.is_empty());
    let kept = kept(&view.hand.letters, candidate);
    let leave = if view.draw_len == 0 {
        -100 * kept.points(|kind| view.rules.letters.points(kind))
    } else {
        model.value(&kept)
    };
    PlayValue {
        premium,
        points,
        kept,
        leave,
    }
}

/// The letters left in `hand` once `candidate` is laid.
fn kept(hand: &Rack, candidate: &TableCandidate<'_>) -> Rack {
    let mut left = *hand;
    for placed in candidate.tiles {
        left.take(placed.cell.kind());
    }
    left
}

impl CardEquity {
    /// The move this bot makes from `view`.
    pub fn choose(&mut self, view: &CardView<'_>) -> CardMove {
        let letters = view.hand.letters;
        let model = self.model;
        // A play is worth its points in hundredths and what it keeps: while cards are left to
        // draw, at most the best of the hand's sub-hands of the cards it keeps; nothing more
        // once none are.
        let mut at_most = ValueBound::points(view.hand.premiums);
        at_most.per_point = 100;
        if view.draw_len > 0 {
            // One pass over the sub-hands, each the cards kept by plays laying the rest.
            let besides = &mut at_most.besides;
            for_each_sub_rack(&letters, |kept| {
                if let Some(most) = besides.get_mut(letters.len() - kept.len()) {
                    *most = (*most).max(model.value(kept));
                }
            });
        }
        let found = self.generator.best_valued(
            view.table,
            view.rules,
            view.lexicon,
            &letters,
            at_most,
            |c| {
                let value = value_play(model, view, c);
                (value.equity(), value.premium)
            },
        );
        let mut best: Option<(i32, CardMove)> = found.map(|found| {
            let play = Play {
                tiles: found.tiles.to_vec(),
                premium: found.choice,
            };
            (found.value, CardMove::Place(play))
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

impl Decider<CardGame> for CardEquity {
    fn name(&self) -> &str {
        self.name
    }

    fn decide(&mut self, view: &CardView<'_>, question: CardQuestion) -> Option<CardAnswer> {
        Some(answer(view, question, |view| self.choose(view)))
    }
}
