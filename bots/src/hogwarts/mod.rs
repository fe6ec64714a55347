//! Bots for Scrabble: Harry Potter Edition: a crossword strategy for the move, and a policy
//! for the Hogwarts cards.

mod cards;
mod naive;

use engine::hogwarts::{CardPlay, HpAnswer, HpGame, HpObservation, HpQuestion};
use engine::play::Decider;
use engine::scrabble::{Move, Rack};

use crate::registry::{Entry, Settings, made};
use crate::scrabble::{Reach, simmer};

pub use cards::{CardWise, TIMED};
pub use naive::CardNaive;

/// A bot's card, move and discard choices, as methods of `B`.
struct Choices<B> {
    card: fn(&mut B, &HpObservation<'_>) -> Option<CardPlay>,
    action: fn(&mut B, &HpObservation<'_>) -> Move,
    discard: fn(&mut B, &HpObservation<'_>, &Move, usize) -> Rack,
}

/// Answers a Harry Potter question by a bot's choices; bots never challenge, as every word
/// asked about is in the lexicon.
fn answer<B>(
    bot: &mut B,
    choices: Choices<B>,
    view: &HpObservation<'_>,
    question: HpQuestion,
) -> HpAnswer {
    match question {
        HpQuestion::Challenge { .. } => HpAnswer::Challenge(false),
        HpQuestion::Card => HpAnswer::Card((choices.card)(bot, view)),
        HpQuestion::Move => HpAnswer::Move(keep_enough((choices.action)(bot, view), view)),
        HpQuestion::Discard { action, needed } => {
            HpAnswer::Discard((choices.discard)(bot, view, &action, needed))
        }
    }
}

/// An exchange cut down to keep the tiles the turn must keep (after Engorgio the discard
/// comes from them), a pass if nothing is left to return; any other move as it is.
fn keep_enough(action: Move, view: &HpObservation<'_>) -> Move {
    let Move::Exchange(tiles) = action else {
        return action;
    };
    let kept = view.core.rack.len().saturating_sub(tiles.len());
    let mut returned = tiles;
    for _ in kept..view.exchange_keeps {
        let Some(kind) = returned.kinds().next() else {
            break;
        };
        returned.take(kind);
    }
    if returned.is_empty() {
        Move::Pass
    } else {
        Move::Exchange(returned)
    }
}

/// A crossword bot of the registry playing each Hogwarts card at the first turn it may.
fn naive(
    name: &str,
    setting: Option<&str>,
    settings: &Settings,
) -> Option<Box<dyn Decider<HpGame>>> {
    let entry = crate::scrabble::BOTS
        .iter()
        .find(|entry| entry.name == name)?;
    made(CardNaive::new((entry.make)(setting, settings)?))
}

/// The Harry Potter bots: the card player, and every crossword bot playing its cards at once.
pub static BOTS: &[Entry<HpGame>] = &[
    Entry {
        name: "cards",
        setting: Some("at-once=CARD+CARD (those timed cards played the first turn they may)"),
        about: "equity's moves, with a policy for every Hogwarts card (docs/BOTS.md)",
        make: |setting, settings| match setting {
            None => made(CardWise::new(settings.leaves())),
            Some(setting) => made(CardWise::with_setting(settings.leaves(), setting)?),
        },
    },
    Entry {
        name: "cards-lookahead",
        setting: Some("WIDTHxSAMPLES (width 1 to 64, samples 1 to 1024)"),
        about: "the cards policy with lookahead's moves (a little stronger, much slower)",
        make: |setting, settings| {
            let reach = setting.map_or(Some(Reach::STANDARD), Reach::parse)?;
            made(CardWise::looking_ahead_by(settings.leaves(), 0, reach))
        },
    },
    Entry {
        name: "cards-simmer",
        setting: Some("WIDTHxSAMPLES (width 1 to 64, samples 1 to 1024)"),
        about: "the cards policy with simmer's moves (its race by the chance of winning; slower still)",
        make: |setting, settings| {
            let reach = setting.map_or(Some(simmer::STANDARD), Reach::parse)?;
            made(CardWise::simulating_by(settings.leaves(), 0, reach))
        },
    },
    Entry {
        name: "cards-static",
        setting: None,
        about: "the cards policy with equity-static's moves (in two-player games 3 to 4 times as fast as cards)",
        make: |_, settings| made(CardWise::static_moves(settings.leaves())),
    },
    Entry {
        name: "greedy",
        setting: None,
        about: "crossword greedy, playing each Hogwarts card at the first turn it may",
        make: |setting, settings| naive("greedy", setting, settings),
    },
    Entry {
        name: "equity",
        setting: None,
        about: "crossword equity, playing each Hogwarts card at the first turn it may",
        make: |setting, settings| naive("equity", setting, settings),
    },
    Entry {
        name: "lookahead",
        setting: Some("WIDTHxSAMPLES (width 1 to 64, samples 1 to 1024)"),
        about: "crossword lookahead, playing each Hogwarts card at the first turn it may",
        make: |setting, settings| naive("lookahead", setting, settings),
    },
    Entry {
        name: "solver",
        setting: Some("BUDGET (budget 1 to 100000000)"),
        about: "crossword solver (its endgame counts word scores only), playing each Hogwarts card at the first turn it may",
        make: |setting, settings| naive("solver", setting, settings),
    },
    Entry {
        name: "random",
        setting: None,
        about: "crossword random, playing each Hogwarts card at the first turn it may: the fuzzing baseline",
        make: |setting, settings| naive("random", setting, settings),
    },
];

impl crate::registry::Registered for HpGame {
    const GAME: &'static str = "scrabble-hp";

    fn bots() -> &'static [Entry<HpGame>] {
        BOTS
    }
}
