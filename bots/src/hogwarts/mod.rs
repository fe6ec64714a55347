//! Bots for Scrabble: Harry Potter Edition: a crossword strategy for the move, and a policy
//! for the Hogwarts cards.

mod cards;
mod naive;

use engine::hogwarts::{CardPlay, HpAnswer, HpGame, HpObservation, HpQuestion};
use engine::play::Decider;
use engine::scrabble::{Move, Rack};

use crate::scrabble::Reach;

pub use cards::CardWise;
pub use naive::CardNaive;

/// How a `cards-lookahead` of another reach is named (see [`Reach`]).
pub const CARDS_LOOKAHEAD_REACHED: &str =
    "cards-lookahead:WIDTHxSAMPLES (width 1 to 64, samples 1 to 1024)";

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
        HpQuestion::Move => HpAnswer::Move((choices.action)(bot, view)),
        HpQuestion::Discard { action, needed } => {
            HpAnswer::Discard((choices.discard)(bot, view, &action, needed))
        }
    }
}

/// Makes a Harry Potter bot by name: `cards`, or any crossword bot playing its cards at the
/// first turn it may.
pub fn hp_bot_by_name(
    name: &str,
    seed: u64,
) -> Result<Box<dyn Decider<HpGame>>, crate::scrabble::UnknownBot> {
    if name == "cards" {
        return Ok(Box::new(CardWise::new()));
    }
    if name == "cards-lookahead" {
        return Ok(Box::new(CardWise::looking_ahead(seed)));
    }
    let with_cards = |mut unknown: crate::scrabble::UnknownBot| {
        unknown
            .known
            .extend(["cards", "cards-lookahead", CARDS_LOOKAHEAD_REACHED]);
        unknown
    };
    if let Some(reach) = name.strip_prefix("cards-lookahead:") {
        let reach = Reach::parse(reach)
            .ok_or_else(|| with_cards(crate::scrabble::UnknownBot::among_crossword_bots(name)))?;
        return Ok(Box::new(CardWise::looking_ahead_by(seed, reach)));
    }
    let inner = crate::scrabble::bot_by_name(name, seed).map_err(with_cards)?;
    Ok(Box::new(CardNaive::new(inner)))
}
