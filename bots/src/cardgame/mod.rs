//! Bots for the Scrabble Card Game (Classic): each chooses from its seat's [`CardView`].

mod equity;
mod greedy;
mod random;
pub mod rummy;

use engine::cardgame::{CardGame, CardMove, CardMoveError, CardView};

pub use equity::{CardEquity, PlayValue, value_play};
pub use greedy::{CardGreedy, best_premium};
pub use random::CardRandom;

use crate::scrabble::UnknownBot;
use crate::scrabble::leaves::LeaveModel;

/// A card-game strategy.
pub trait CardBot: Send {
    /// The bot's registry name.
    fn name(&self) -> &'static str;
    /// Readies the bot for a new game.
    fn start_game(&mut self, _seed: u64) {}
    /// Chooses the seat's move; it must be legal.
    fn choose(&mut self, view: &CardView<'_>) -> CardMove;
    /// Forfeit: the category (0 or 1) of its Action card to play on the last play's words, if any.
    fn choose_action(&mut self, view: &CardView<'_>) -> Option<usize> {
        action_policy(view)
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
pub fn card_bot_by_name(name: &str, seed: u64) -> Result<Box<dyn CardBot>, UnknownBot> {
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

/// Plays a game to its end; a bot's illegal move is an error naming the bot.
pub fn play_out_cards(
    game: &mut CardGame,
    bots: &mut [Box<dyn CardBot>],
) -> Result<(), CardMoveError> {
    while game.end().is_none() {
        let seat = game.mover();
        let action = bots[seat].choose(&game.view(seat));
        game.play(action)?;
        play_actions(game, bots, seat)?;
    }
    Ok(())
}

/// After a play, each player in turn from its maker may lay their Action card on its words.
pub fn play_actions(
    game: &mut CardGame,
    bots: &mut [Box<dyn CardBot>],
    maker: usize,
) -> Result<(), CardMoveError> {
    if game.end().is_some() {
        return Ok(());
    }
    for k in 0..game.players() {
        let seat = (maker + k) % game.players();
        let view = game.view(seat);
        if view.action.is_none() || view.turn_player.is_none() {
            continue;
        }
        if let Some(category) = bots[seat].choose_action(&view) {
            game.play_action(seat, category)?;
        }
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
            action: false,
        }
    } else {
        CardMove::Pass
    }
}
