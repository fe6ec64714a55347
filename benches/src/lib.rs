//! Shared set-ups for the criterion benchmarks in benches/.

use std::sync::Arc;

use bots::scrabble::Greedy;
use engine::play::{Decider, play_out};
use engine::scrabble::{Cgp, Game, Rules};
use lexicon::{Edition, Lexicon};

/// Mid-game positions: greedy self-play games stopped after `turns` turns, one per seed.
pub fn midgame_positions(
    rules: &Arc<Rules>,
    lexicon: &Arc<Lexicon>,
    seeds: std::ops::Range<u64>,
    turns: usize,
) -> Vec<Cgp> {
    seeds
        .map(|seed| {
            let mut game = Game::new(rules.clone(), lexicon.clone(), 2, seed).expect("two players");
            let mut seats: Vec<Box<dyn Decider<Game>>> =
                vec![Box::new(Greedy::new()), Box::new(Greedy::new())];
            // Record the position after the wanted turn (or the end, for a short game).
            let mut position = None;
            play_out(&mut game, &mut seats, |game: &Game| {
                if game.history().len() == turns {
                    position = Some(game.to_cgp());
                }
            })
            .expect("greedy plays legal moves");
            position.unwrap_or_else(|| game.to_cgp())
        })
        .collect()
}

/// The plain lexicon and standard rules, shared.
pub fn standard() -> (Arc<Rules>, Arc<Lexicon>) {
    (
        Arc::new(Rules::standard()),
        Arc::new(Lexicon::embedded(Edition::Plain)),
    )
}
