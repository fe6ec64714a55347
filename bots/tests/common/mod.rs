//! What the bots' test files share: the plain game's rules and lexicon, and positions to try.

use std::sync::Arc;

use bots::Settings;
use bots::seating::seat_table;
use engine::play::{play_out, play_until};
use engine::scrabble::{Game, Observation, Rules, Setup};
use lexicon::{Edition, Lexicon};

/// The plain game's standard rules and embedded lexicon.
pub fn plain() -> (Arc<Rules>, Arc<Lexicon>) {
    (
        Arc::new(Rules::standard()),
        Arc::new(Lexicon::embedded(Edition::Plain)),
    )
}

/// Calls `check` with every position of two-player `greedy` self-play games from seeds
/// `0..games`, as the player to move sees it, before each move.
#[allow(dead_code)] // Not every file including these helpers reads positions.
pub fn greedy_positions(games: u64, mut check: impl FnMut(&Observation<'_>)) {
    greedy_games(games, |game| check(&game.observation(game.to_move())));
}

/// Calls `check` with the game itself before each move of two-player `greedy` self-play
/// games from seeds `0..games`.
pub fn greedy_games(games: u64, check: impl FnMut(&Game)) {
    greedy_games_of(2, games, check);
}

/// The same with `players` players.
pub fn greedy_games_of(players: usize, games: u64, check: impl FnMut(&Game)) {
    greedy_games_set_up(Setup::standard(players, 7), games, check);
}

/// The same with the seats set up as `setup` says.
pub fn greedy_games_set_up(setup: Setup, games: u64, mut check: impl FnMut(&Game)) {
    let (rules, lexicon) = plain();
    for seed in 0..games {
        let mut game = Game::with_setup(rules.clone(), lexicon.clone(), setup, seed).unwrap();
        let mut seats = seat(&vec!["greedy"; setup.players], seed);
        play_until(&mut game, &mut seats, |game| {
            if !game.is_over() {
                check(game);
            }
            false
        })
        .unwrap();
    }
}

/// The crossword bots named, seated for a game seeded `seed`.
#[allow(dead_code)] // Not every file including these helpers seats bots itself.
pub fn seat(names: &[impl AsRef<str>], seed: u64) -> Vec<Box<dyn engine::play::Decider<Game>>> {
    seat_table(names, seed, &Settings::default(), None).unwrap()
}

/// The final scores and the moves of a game of `bots` from `seed`.
#[allow(dead_code)] // Not every file including these helpers plays whole games.
pub fn game_of(bots: &[&str], seed: u64) -> (Vec<i32>, Vec<String>) {
    let (rules, lexicon) = plain();
    let mut seats = seat(bots, seed);
    let mut game = Game::new(rules, lexicon, bots.len(), seed).unwrap();
    let mut moves = Vec::new();
    play_out(&mut game, &mut seats, |game: &Game| {
        moves.push(format!("{:?}", game.history().last().unwrap().action));
    })
    .unwrap_or_else(|error| panic!("{error}"));
    (game.scores().to_vec(), moves)
}
