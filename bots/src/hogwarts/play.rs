//! Playing a Harry Potter game out: card, move and discard from each seat's bot, refereed.

use engine::hogwarts::{HpGame, TurnReport};
use engine::scrabble::{Move, Rack};

use super::HpBot;
use crate::scrabble::BotError;

fn bot_error(
    game: &HpGame,
    bot: &dyn HpBot,
    seat: usize,
    action: String,
    reason: String,
) -> BotError {
    BotError {
        bot: bot.name(),
        seat,
        action,
        reason,
        cgp: game.core().to_cgp().to_string(),
    }
}

/// Plays one turn of the seat to move with `bot`: its card, its move, its discard.
pub fn play_one_turn(game: &mut HpGame, bot: &mut dyn HpBot) -> Result<TurnReport, BotError> {
    let seat = game.core().to_move();
    if let Some(play) = bot.choose_card(&game.observation(seat)) {
        if let Err(reason) = game.play_card(play) {
            return Err(bot_error(
                game,
                bot,
                seat,
                format!("{play:?}"),
                reason.to_string(),
            ));
        }
    }
    let observation = game.observation(seat);
    let action: Move = bot.choose_move(&observation);
    let needed = game.discard_needed(&action);
    let discard = if needed > 0 {
        bot.choose_discard(&observation, &action, needed)
    } else {
        Rack::EMPTY
    };
    game.play_turn(action, discard).map_err(|reason| {
        let notation = action.notation(game.core().board());
        bot_error(game, bot, seat, notation, reason.to_string())
    })
}

/// Plays until the game ends; `seats[s]` plays seat `s`. `after_turn` sees each turn's result.
pub fn play_out_hp(
    game: &mut HpGame,
    seats: &mut [Box<dyn HpBot>],
    mut after_turn: impl FnMut(&HpGame, &TurnReport),
) -> Result<(), BotError> {
    while !game.core().is_over() {
        let seat = game.core().to_move();
        let report = play_one_turn(game, seats[seat].as_mut())?;
        after_turn(game, &report);
    }
    Ok(())
}
