//! The games the simulator plays, each behind [`Contest`].

use std::sync::Arc;

use anyhow::Context;
use bots::scrabble::{Bot, bot_by_name, play_out};
use engine::scrabble::{Game, Rules};
use lexicon::Lexicon;

use super::Contest;
use super::aggregate::{MAX_SEATS, Outcome};
use super::seeds::bot_seed;

/// The plain crossword game between named bots.
pub struct Crossword {
    /// The rules shared by every game.
    pub rules: Arc<Rules>,
    /// The lexicon shared by every game.
    pub lexicon: Arc<Lexicon>,
    /// The bots, in seat order for game 0.
    pub bots: Vec<String>,
}

impl Contest for Crossword {
    type Seats = Vec<Box<dyn Bot>>;

    fn seats(&self) -> anyhow::Result<Self::Seats> {
        self.bots
            .iter()
            .map(|name| bot_by_name(name, 0).map_err(Into::into))
            .collect()
    }

    fn play(&self, seats: &mut Self::Seats, index: u64, seed: u64) -> anyhow::Result<Outcome> {
        let players = self.bots.len();
        let rotation = (index % players as u64) as usize;
        // Seat s is played by bot (s + rotation) mod players, so each bot takes every seat in turn.
        seats.rotate_left(rotation);
        for (seat, bot) in seats.iter_mut().enumerate() {
            bot.start_game(bot_seed(seed, seat));
        }
        let mut game = Game::new(self.rules.clone(), self.lexicon.clone(), players, seed)?;
        let played = play_out(&mut game, seats, |_| {});
        seats.rotate_right(rotation);
        played.with_context(|| format!("game {index} (seed {seed})"))?;
        let mut outcome = Outcome {
            index,
            seed,
            players,
            bots: [0; MAX_SEATS],
            scores: [0; MAX_SEATS],
            turns: game.history().len() as u32,
        };
        for seat in 0..players {
            outcome.bots[seat] = (seat + rotation) % players;
            outcome.scores[seat] = game.scores()[seat];
        }
        Ok(outcome)
    }
}
