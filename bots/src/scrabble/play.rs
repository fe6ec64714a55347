//! Playing a game out: each seat's bot chooses from its observation, the engine referees.

use engine::scrabble::{Game, Move};

use super::Bot;

/// A bot chose a move the engine refused: a bug in the bot, reported with the position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bot {bot} in seat {seat} played the illegal move {action} ({reason}) at {cgp}")]
pub struct BotError {
    /// The bot's name.
    pub bot: &'static str,
    /// Its seat.
    pub seat: usize,
    /// The move in notation.
    pub action: String,
    /// Why it was refused.
    pub reason: String,
    /// The position, as CGP.
    pub cgp: String,
}

/// Plays until the game ends; `seats[s]` plays seat `s`. `after_turn` sees the game after each move.
pub fn play_out(
    game: &mut Game,
    seats: &mut [Box<dyn Bot>],
    mut after_turn: impl FnMut(&Game),
) -> Result<(), BotError> {
    while !game.is_over() {
        let seat = game.to_move();
        let action: Move = seats[seat].choose(&game.observation(seat));
        if let Err(reason) = game.play(action) {
            return Err(BotError {
                bot: seats[seat].name(),
                seat,
                action: action.notation(game.board()),
                reason: reason.to_string(),
                cgp: game.to_cgp().to_string(),
            });
        }
        after_turn(game);
    }
    Ok(())
}
