//! Bots for the Scrabble Card Game: in Classic and Forfeit each decides from its seat's
//! [`CardView`]; Rummy's players ([`rummy`]) from a [`engine::cardgame::RummyView`].

mod equity;
mod greedy;
mod random;
pub mod rummy;

use engine::cardgame::{CardAnswer, CardGame, CardMove, CardQuestion, CardView};
use engine::play::Decider;

pub use equity::{CardEquity, PlayValue, value_play};
pub use greedy::{CardGreedy, best_premium};
pub use random::CardRandom;

use crate::scrabble::UnknownBot;
use crate::scrabble::leaves::LeaveModel;

/// Answers a Classic or Forfeit question: the move by `choose`, an Action card by
/// [`action_policy`].
fn answer(
    view: &CardView<'_>,
    question: CardQuestion,
    choose: impl FnOnce(&CardView<'_>) -> CardMove,
) -> CardAnswer {
    match question {
        CardQuestion::Move => CardAnswer::Move(choose(view)),
        CardQuestion::Action { .. } => CardAnswer::Action(action_policy(view)),
    }
}

/// The Action-card policy: on its own words, the category worth most; on an opponent's, the
/// one that takes most, but only from a player level with it or ahead.
pub fn action_policy(view: &CardView<'_>) -> Option<usize> {
    let card = view.action?;
    let player = view.turn_player?;
    let counted = |name: &str| {
        view.turn_actions.iter().any(|p| {
            let played = &view.rules.actions[p.card].categories[p.category];
            played.name == name
        })
    };
    let own = player == view.seat;
    if !own && view.scores[player] < view.scores[view.seat] {
        return None;
    }
    (0..2)
        .filter(|&c| {
            let category = &card.categories[c];
            !counted(&category.name) && view.turn_words.iter().any(|w| category.test.passes(w))
        })
        .max_by_key(|&c| {
            let category = &card.categories[c];
            if own { category.plus } else { category.minus }
        })
}

/// The names `card_bot_by_name` knows, with a line on each.
pub const CARD_BOTS: &[(&str, &str)] = &[
    (
        "greedy",
        "the highest-scoring play; a Double whenever it adds, a Triple kept for a word of six letters or more",
    ),
    (
        "equity",
        "the play worth most points now plus the learned value of the letters it keeps (as the crossword equity values them); Premium cards as greedy lays them",
    ),
    (
        "random",
        "a uniformly random legal play: the fuzzing baseline",
    ),
];

/// Makes a card-game bot by name.
pub fn card_bot_by_name(name: &str, seed: u64) -> Result<Box<dyn Decider<CardGame>>, UnknownBot> {
    match name {
        "greedy" => Ok(Box::new(CardGreedy::new())),
        "equity" => Ok(Box::new(CardEquity::new(LeaveModel::in_use()))),
        "random" => Ok(Box::new(CardRandom::new(seed))),
        _ => Err(UnknownBot {
            name: name.to_string(),
            known: CARD_BOTS.iter().map(|(name, _)| *name).collect(),
        }),
    }
}

/// The exchange of every letter when the draw pile allows it, else a pass.
fn exchange_or_pass(view: &CardView<'_>) -> CardMove {
    let letters = view.hand.letters;
    if !letters.is_empty() && letters.len() <= view.draw_len {
        CardMove::Exchange {
            letters,
            premiums: [0, 0],
            action: false,
        }
    } else {
        CardMove::Pass
    }
}
