//! Bots for the Scrabble Card Game (Classic): each chooses from its seat's [`CardView`].

mod greedy;
mod random;

use engine::cardgame::{CardGame, CardMove, CardMoveError, CardView};

pub use greedy::{CardGreedy, best_premium};
pub use random::CardRandom;

use crate::scrabble::UnknownBot;

/// A card-game strategy.
pub trait CardBot: Send {
    /// The bot's registry name.
    fn name(&self) -> &'static str;
    /// Readies the bot for a new game.
    fn start_game(&mut self, _seed: u64) {}
    /// Chooses the seat's move; it must be legal.
    fn choose(&mut self, view: &CardView<'_>) -> CardMove;
}

/// The names `card_bot_by_name` knows, with a line on each.
pub const CARD_BOTS: &[(&str, &str)] = &[
    (
        "greedy",
        "the highest-scoring play; a Double whenever it adds, a Triple kept for a word of six letters or more",
    ),
    (
        "random",
        "a uniformly random legal play: the fuzzing baseline",
    ),
];

/// Makes a card-game bot by name.
pub fn card_bot_by_name(name: &str, seed: u64) -> Result<Box<dyn CardBot>, UnknownBot> {
    match name {
        "greedy" => Ok(Box::new(CardGreedy::new())),
        "random" => Ok(Box::new(CardRandom::new(seed))),
        _ => Err(UnknownBot {
            name: name.to_string(),
            known: CARD_BOTS.iter().map(|(name, _)| *name).collect(),
        }),
    }
}

/// Plays a game to its end; a bot's illegal move is an error naming the bot.
pub fn play_out_cards(
    game: &mut CardGame,
    bots: &mut [Box<dyn CardBot>],
) -> Result<(), CardMoveError> {
    while game.end().is_none() {
        let seat = game.mover();
        let action = bots[seat].choose(&game.view(seat));
        game.play(action)?;
    }
    Ok(())
}

/// The exchange of every letter when the draw pile allows it, else a pass.
fn exchange_or_pass(view: &CardView<'_>) -> CardMove {
    let letters = view.hand.letters;
    if !letters.is_empty() && letters.len() <= view.draw_len {
        CardMove::Exchange {
            letters,
            premiums: [0, 0],
        }
    } else {
        CardMove::Pass
    }
}
