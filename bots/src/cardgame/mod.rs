//! Bots for the Scrabble Card Game: in Classic and Forfeit each decides from its seat's
//! [`CardView`]; Rummy's players ([`rummy`]) from a [`engine::cardgame::RummyView`].

mod equity;
mod greedy;
mod random;
pub mod rummy;

use engine::cardgame::{CardAnswer, CardGame, CardMove, CardQuestion, CardView};

pub use equity::{CardEquity, PlayValue, PremiumKeep, PremiumPolicy, value_play};
pub use greedy::{CardGreedy, best_premium};
pub use random::CardRandom;

use crate::registry::{Entry, made};
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

/// The bots of the card game's Classic and Forfeit variants (Rummy's are [`rummy::BOTS`]).
pub static BOTS: &[Entry<CardGame>] = &[
    Entry {
        name: "greedy",
        setting: None,
        about: "the highest-scoring play; a Double whenever it adds, a Triple kept for a word of six letters or more",
        make: |_, _| made(CardGreedy::new()),
    },
    Entry {
        name: "equity",
        setting: Some(
            "DOUBLE/TRIPLE/CARDS (points a Premium card kept is worth, in full while CARDS are left to draw; 0 to 200 each), or greedy (Premium cards laid as greedy lays them)",
        ),
        about: "the play worth most points now plus the value of the letters it keeps, learned from the card game, and of the Premium cards it keeps: 12 points a Double, 30 a Triple, in full while 30 cards are left to draw (DOUBLE/TRIPLE/CARDS)",
        make: |setting, settings| {
            let premiums = setting.map_or(Some(PremiumPolicy::STANDARD), PremiumPolicy::parse)?;
            made(CardEquity::new(settings.card_leaves(), premiums))
        },
    },
    Entry {
        name: "equity-linear",
        setting: None,
        about: "equity valuing the letters kept by the crossword's linear leave model, Premium cards laid as greedy lays them: the card equity's baseline",
        make: |_, _| {
            made(CardEquity::named(
                LeaveModel::linear(),
                PremiumPolicy::AsGreedy,
                "equity-linear",
            ))
        },
    },
    Entry {
        name: "random",
        setting: None,
        about: "a uniformly random legal play: the fuzzing baseline",
        make: |_, _| made(CardRandom::new(0)),
    },
];

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

impl crate::registry::Registered for CardGame {
    const GAME: &'static str = "scrabble-cards";

    fn bots() -> &'static [Entry<CardGame>] {
        BOTS
    }
}
