//! Bots for Scrabble: Harry Potter Edition: a crossword strategy for the move, and a policy
//! for the Hogwarts cards.

mod cards;
mod naive;
mod play;

use engine::hogwarts::{CardPlay, HpObservation};
use engine::scrabble::{Move, Rack};

use crate::scrabble::Reach;

pub use cards::CardWise;
pub use naive::CardNaive;
pub use play::{play_one_turn, play_out_hp};

/// A Harry Potter strategy: per turn, an optional card, then a move, then (after Engorgio) a discard.
pub trait HpBot: Send {
    /// The bot's registry name.
    fn name(&self) -> &'static str;

    /// Readies the bot for a new game (see [`crate::scrabble::Bot::start_game`]).
    fn start_game(&mut self, seed: u64);

    /// The card to play before moving, if any; it must be legal.
    fn choose_card(&mut self, observation: &HpObservation<'_>) -> Option<CardPlay>;

    /// The move, after any card has taken effect.
    fn choose_move(&mut self, observation: &HpObservation<'_>) -> Move;

    /// `needed` tiles to return to the bag from what `action` leaves on the rack (after Engorgio).
    fn choose_discard(
        &mut self,
        observation: &HpObservation<'_>,
        action: &Move,
        needed: usize,
    ) -> Rack;
}

/// How a `cards-lookahead` of another reach is named (see [`Reach`]).
pub const CARDS_LOOKAHEAD_REACHED: &str =
    "cards-lookahead:WIDTHxSAMPLES (width 1 to 64, samples 1 to 1024)";

/// Makes a Harry Potter bot by name: `cards`, or any crossword bot playing its cards at the
/// first turn it may.
pub fn hp_bot_by_name(
    name: &str,
    seed: u64,
) -> Result<Box<dyn HpBot>, crate::scrabble::UnknownBot> {
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
