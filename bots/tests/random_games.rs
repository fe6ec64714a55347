//! Invariants over thousands of random-bot games: the tiles are conserved after every turn,
//! every final score is the sum of its turns plus the end adjustments, and a seed replays.

use std::sync::Arc;

use bots::Settings;
use bots::seating::seat_table;
use engine::play::{Decider, play_out};
use engine::scrabble::{Game, Move, Rules, TileSet};
use lexicon::{Edition, Lexicon};

fn seats(names: &[&str], seed: u64) -> Vec<Box<dyn Decider<Game>>> {
    let names: Vec<String> = names.iter().map(|name| name.to_string()).collect();
    seat_table(&names, seed, &Settings::default(), None).unwrap()
}

fn assert_tiles_conserved(game: &Game, set: &TileSet) {
    let mut counts = game.bag_counts().map(u32::from);
    for cell in game.board().cells() {
        counts[cell.kind()] += 1;
    }
    for seat in 0..game.players() {
        for kind in game.rack(seat).kinds() {
            counts[kind] += 1;
        }
    }
    assert_eq!(
        counts,
        set.counts().map(u32::from),
        "tiles not conserved at {}",
        game.to_cgp()
    );
}

fn assert_scores_add_up(game: &Game) {
    for seat in 0..game.players() {
        let turns: i32 = game
            .history()
            .iter()
            .filter(|t| t.seat == seat)
            .map(|t| t.score)
            .sum();
        assert_eq!(
            game.scores()[seat],
            turns + game.adjustments()[seat],
            "seat {seat}"
        );
    }
    let adjustments: i32 = game.adjustments().iter().sum();
    match game.end() {
        Some(engine::scrabble::EndReason::WentOut { .. }) => assert_eq!(adjustments, 0),
        Some(engine::scrabble::EndReason::Scoreless) => assert!(adjustments <= 0),
        None => panic!("the game did not end"),
    }
}

fn random_games(count: u64, players: usize) {
    let rules = Arc::new(Rules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
    let names = ["random"; 4];
    let mut exchanges = 0;
    let mut bingos = 0;
    for seed in 0..count {
        let mut game = Game::new(rules.clone(), lexicon.clone(), players, seed).unwrap();
        let mut bots = seats(&names[..players], seed);
        play_out(&mut game, &mut bots, |game: &Game| {
            assert_tiles_conserved(game, &rules.tiles)
        })
        .unwrap();
        assert_scores_add_up(&game);
        for turn in game.history() {
            match turn.action {
                Move::Exchange(_) => exchanges += 1,
                Move::Place(p) if p.placed_count() == 7 => bingos += 1,
                _ => {}
            }
        }
    }
    assert!(
        exchanges > 0 && bingos > 0,
        "exchanges {exchanges}, bingos {bingos}"
    );
}

#[test]
fn ten_thousand_two_player_random_games_conserve_tiles_and_scores() {
    random_games(10_000, 2);
}

#[test]
fn three_and_four_player_games_conserve_tiles_and_scores() {
    random_games(300, 3);
    random_games(300, 4);
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let rules = Arc::new(Rules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
    let replay = |seed: u64| {
        let mut game = Game::new(rules.clone(), lexicon.clone(), 2, seed).unwrap();
        play_out(&mut game, &mut seats(&["greedy", "random"], seed), |_| {}).unwrap();
        game.history().to_vec()
    };
    assert_eq!(replay(42), replay(42));
    assert_ne!(replay(42), replay(43));
}
