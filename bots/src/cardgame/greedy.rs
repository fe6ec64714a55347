//! `greedy` for the card game: the most points this turn, with a Premium-card policy.

use engine::cardgame::{
    CardAnswer, CardGame, CardMove, CardQuestion, CardView, Play, Premium, TableCandidate,
    TableMoveGen,
};
use engine::play::Decider;

use super::{answer, exchange_or_pass};

/// Main words this long or longer deserve the Triple card.
pub const TRIPLE_MIN_LETTERS: usize = 6;

/// Plays the highest-scoring play (the first found on ties, so games replay), laying a Double
/// card wherever it adds points and a Triple only on a main word of six letters or more; with
/// no play it exchanges every letter if the draw pile allows, else passes.
#[derive(Debug, Default)]
pub struct CardGreedy {
    generator: TableMoveGen,
}

impl CardGreedy {
    /// A greedy player.
    pub fn new() -> CardGreedy {
        CardGreedy::default()
    }
}

/// The best Premium card use for a candidate under the policy, and the points with it.
pub fn best_premium(
    view: &CardView<'_>,
    candidate: &TableCandidate<'_>,
    opening: bool,
) -> (Option<(Premium, usize)>, i32) {
    candidate.best_premium_use(view.hand.premiums, opening, view.rules, |premium| {
        premium != Premium::Triple || candidate.main_len >= TRIPLE_MIN_LETTERS
    })
}

impl CardGreedy {
    /// The move this bot makes from `view`.
    pub fn choose(&mut self, view: &CardView<'_>) -> CardMove {
        let opening = view.table.is_empty();
        let best = self.generator.best(
            view.table,
            view.rules,
            view.lexicon,
            &view.hand.letters,
            view.hand.premiums,
            |c| {
                let (premium, points) = best_premium(view, c, opening);
                (points, premium)
            },
        );
        match best {
            Some(best) => CardMove::Place(Play {
                tiles: best.tiles.to_vec(),
                premium: best.choice,
            }),
            None => exchange_or_pass(view),
        }
    }
}

impl Decider<CardGame> for CardGreedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn decide(&mut self, view: &CardView<'_>, question: CardQuestion) -> Option<CardAnswer> {
        Some(answer(view, question, |view| self.choose(view)))
    }
}
