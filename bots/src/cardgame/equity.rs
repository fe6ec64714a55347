//! `equity` for the card game: the points a play makes now plus what the cards it keeps are
//! worth: its letters valued as the crossword `equity` values a leave, its Premium cards by
//! what holding one for a later word is worth.

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
/// plus the learned value of the letters kept and what the Premium cards kept are worth
/// ([`PremiumPolicy`]); once the draw pile is empty, minus the points of the letters kept
/// instead (the end takes them away). Ties go to the first play found; an exchange (keeping
/// the best letters) only when it is worth more than every play; with neither, a pass.
#[derive(Debug)]
pub struct CardEquity {
    generator: TableMoveGen,
    model: &'static LeaveModel,
    premiums: PremiumPolicy,
    name: &'static str,
}

/// How `equity` lays its Premium cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PremiumPolicy {
    /// As `greedy` lays them: a Double wherever it adds points, a Triple on a main word of six
    /// letters or more.
    AsGreedy,
    /// Each card held is worth keeping ([`PremiumKeep`]) while cards are left to draw, so a play
    /// lays the card only where it gains more than that.
    Keep(PremiumKeep),
}

impl PremiumPolicy {
    /// The policy `equity` plays by.
    pub const STANDARD: PremiumPolicy = PremiumPolicy::Keep(PremiumKeep::STANDARD);

    /// Reads `greedy` ([`PremiumPolicy::AsGreedy`]) or a [`PremiumKeep`] setting.
    pub fn parse(text: &str) -> Option<PremiumPolicy> {
        if text == "greedy" {
            return Some(PremiumPolicy::AsGreedy);
        }
        PremiumKeep::parse(text).map(PremiumPolicy::Keep)
    }
}

/// What holding a Premium card for a later word is worth, in hundredths of a point: in full
/// while `full_from` cards or more are left to draw, in proportion to them below that (fewer
/// turns are left to lay it), nothing once none are. `equity:DOUBLE/TRIPLE/CARDS` names other
/// values (points, points, cards).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PremiumKeep {
    /// A Double card's worth kept.
    pub double: i32,
    /// A Triple card's worth kept.
    pub triple: i32,
    /// The cards left to draw from which a card is worth its full value.
    pub full_from: usize,
}

impl PremiumKeep {
    /// The values `equity` plays by (docs/BOTS.md has the runs they were chosen by).
    pub const STANDARD: PremiumKeep = PremiumKeep {
        double: 1200,
        triple: 3000,
        full_from: 30,
    };

    /// The most a setting may value a card, in points, or count cards left to draw.
    pub const MOST: usize = 200;

    /// Reads `DOUBLE/TRIPLE/CARDS` (or `DOUBLE/TRIPLE`, valued in full until the draw pile is
    /// empty), each a whole number from 0 to [`PremiumKeep::MOST`].
    pub fn parse(text: &str) -> Option<PremiumKeep> {
        let number = |text: &str| {
            let number: usize = text.parse().ok()?;
            (number <= PremiumKeep::MOST).then_some(number)
        };
        let mut fields = text.split('/');
        let (double, triple) = (number(fields.next()?)?, number(fields.next()?)?);
        let full_from = fields.next().map_or(Some(1), number)?.max(1);
        if fields.next().is_some() {
            return None;
        }
        Some(PremiumKeep {
            double: 100 * double as i32,
            triple: 100 * triple as i32,
            full_from,
        })
    }

    /// The worth of each card with `draw_len` cards left to draw.
    fn at(self, draw_len: usize) -> PremiumKeep {
        if draw_len >= self.full_from {
            return self;
        }
        // Both at most 200 cards and 20,000 hundredths: the product fits.
        let share = |worth: i32| worth * draw_len as i32 / self.full_from as i32;
        PremiumKeep {
            double: share(self.double),
            triple: share(self.triple),
            ..self
        }
    }

    /// What one card of `premium` is worth kept.
    fn of(self, premium: Premium) -> i32 {
        match premium {
            Premium::Double => self.double,
            Premium::Triple => self.triple,
        }
    }

    /// What the cards `premiums` (Double, Triple) are worth kept.
    fn held(self, premiums: [u8; 2]) -> i32 {
        i32::from(premiums[0]) * self.double + i32::from(premiums[1]) * self.triple
    }
}

impl CardEquity {
    /// An equity player valuing the letters it keeps by `model` and its Premium cards as
    /// `premiums` says.
    pub fn new(model: &'static LeaveModel, premiums: PremiumPolicy) -> CardEquity {
        CardEquity::named(model, premiums, "equity")
    }

    /// The same, registered as `name`.
    pub fn named(
        model: &'static LeaveModel,
        premiums: PremiumPolicy,
        name: &'static str,
    ) -> CardEquity {
        CardEquity {
            generator: TableMoveGen::default(),
            model,
            premiums,
            name,
        }
    }
}

/// A play as `equity` values it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayValue {
    /// The Premium card it lays and on which card.
    pub premium: Option<(Premium, usize)>,
    /// Its points.
    pub points: i32,
    /// The letters it keeps.
    pub kept: Rack,
    /// What keeping them is worth, in hundredths of a point.
    pub leave: i32,
    /// What the Premium cards it keeps are worth, in hundredths of a point.
    pub premiums_kept: i32,
}

impl PlayValue {
    /// Its equity, in hundredths of a point: the points and what the cards kept are worth.
    pub fn equity(&self) -> i32 {
        100 * self.points + self.leave + self.premiums_kept
    }
}

/// What `candidate` is worth to the seat of `view`, its leave valued by `model` (once the draw
/// pile is empty, minus the kept letters' points) and its Premium cards as `premiums` says.
pub fn value_play(
    model: &LeaveModel,
    premiums: PremiumPolicy,
    view: &CardView<'_>,
    candidate: &TableCandidate<'_>,
) -> PlayValue {
    let opening = view.table.is_empty();
    let (premium, points, premiums_kept) = match premiums {
        PremiumPolicy::AsGreedy => {
            let (premium, points) = best_premium(view, candidate, opening);
            (premium, points, 0)
        }
        PremiumPolicy::Keep(keep) => best_kept_premium(view, candidate, opening, keep),
    };
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
        premiums_kept,
    }
}

/// The Premium card use (or none) of `candidate` worth most, each card held and not laid
/// worth `keep` while cards are left to draw (nothing once none are): the card laid, the
/// points and what the cards kept are worth. Ties keep the plainer use.
fn best_kept_premium(
    view: &CardView<'_>,
    candidate: &TableCandidate<'_>,
    opening: bool,
    keep: PremiumKeep,
) -> (Option<(Premium, usize)>, i32, i32) {
    let held = view.hand.premiums;
    let keep = keep.at(view.draw_len);
    let all_kept = keep.held(held);
    let plain = candidate.points(None, opening, view.rules);
    let mut best = (None, plain, all_kept);
    for premium in [Premium::Double, Premium::Triple] {
        let (laid, points) =
            candidate.best_premium_use(held, opening, view.rules, |p| p == premium);
        let kept = all_kept - keep.of(premium);
        if laid.is_some() && 100 * points + kept > 100 * best.1 + best.2 {
            best = (laid, points, kept);
        }
    }
    best
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
        let premiums = self.premiums;
        // Every Premium card held kept, at most.
        let premiums_held = match premiums {
            PremiumPolicy::Keep(keep) => keep.at(view.draw_len).held(view.hand.premiums),
            _ => 0,
        };
        if view.draw_len > 0 {
            // One pass over the sub-hands, each the cards kept by plays laying the rest.
            let besides = &mut at_most.besides;
            for_each_sub_rack(&letters, |kept| {
                if let Some(most) = besides.get_mut(letters.len() - kept.len()) {
                    *most = (*most).max(model.value(kept));
                }
            });
            for most in besides.iter_mut() {
                *most += premiums_held;
            }
        }
        let found = self.generator.best_valued(
            view.table,
            view.rules,
            view.lexicon,
            &letters,
            at_most,
            |c| {
                let value = value_play(model, premiums, view, c);
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
            let value = value + premiums_held;
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
