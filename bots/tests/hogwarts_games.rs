//! Random and greedy Harry Potter games: tiles and the 32 cards are conserved after every turn,
//! scores add up, and a seed replays.

use std::sync::Arc;

use bots::Settings;
use bots::seating::seat_table;
use engine::hogwarts::{CardTable, HpGame, HpRules};
use engine::play::{Decider, play_out};
use lexicon::{Edition, Lexicon};

fn seats(names: &[&str], seed: u64) -> Vec<Box<dyn Decider<HpGame>>> {
    seat_table(names, seed, &Settings::default(), None).unwrap()
}

fn check_invariants(game: &HpGame, rules: &HpRules) {
    let core = game.core();
    let mut counts = core.bag_counts().map(u32::from);
    core.board()
        .cells()
        .for_each(|cell| counts[cell.kind()] += 1);
    for seat in 0..core.players() {
        core.rack(seat).kinds().for_each(|kind| counts[kind] += 1);
    }
    assert_eq!(
        counts,
        rules.crossword.tiles.counts().map(u32::from),
        "tiles at {}",
        core.to_cgp()
    );
    assert_eq!(game.piles().total(), 32, "cards");
}

#[test]
fn thousands_of_random_harry_potter_games_conserve_tiles_and_cards() {
    random_harry_potter_games(2_000);
}

/// The soak: `cargo test --release -p owlery-bots -- --ignored`.
#[test]
#[ignore = "soak: 10,000 games, run before resolving"]
fn ten_thousand_random_harry_potter_games_conserve_tiles_and_cards() {
    random_harry_potter_games(10_000);
}

fn random_harry_potter_games(count: u64) {
    let rules = Arc::new(HpRules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::HarryPotter));
    let mut drawn = 0;
    let mut played = std::collections::BTreeSet::new();
    let mut competition_points = 0;
    for seed in 0..count {
        let players = 2 + (seed % 3) as usize;
        let mut game = HpGame::sorted(rules.clone(), lexicon.clone(), players, seed).unwrap();
        let names = ["random", "greedy", "random", "greedy"];
        let mut bots = seats(&names[..players], seed);
        play_out(&mut game, &mut bots, |game: &HpGame| {
            check_invariants(game, &rules)
        })
        .unwrap();
        let core = game.core();
        for seat in 0..players {
            let turns: i32 = core
                .history()
                .iter()
                .filter(|t| t.seat == seat)
                .map(|t| t.score)
                .sum();
            assert_eq!(core.scores()[seat], turns + core.adjustments()[seat]);
        }
        drawn += game.events().len();
        for event in game.events() {
            match *event {
                engine::hogwarts::CardEvent::Played { card, .. } => {
                    played.insert(card);
                }
                // Rule 12: a Competition card scores its points the moment it is drawn.
                engine::hogwarts::CardEvent::Drew { card, points, .. } => {
                    let expected = if card.is_competition() {
                        rules.numbers.cards.entry(card).points.unwrap()
                    } else {
                        0
                    };
                    assert_eq!(points, expected, "{card}");
                    competition_points += points;
                }
            }
        }
    }
    assert!(drawn > 10_000, "{drawn} card events");
    assert!(
        competition_points > 1_000,
        "{competition_points} points from Competition cards"
    );
    // Every card the naive policy plays was played (Competition cards are never held).
    assert_eq!(played.len(), 15, "{played:?}");
}

#[test]
fn the_same_seed_plays_the_same_harry_potter_game() {
    let rules = Arc::new(HpRules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::HarryPotter));
    let replay = |seed: u64| {
        let mut game = HpGame::sorted(rules.clone(), lexicon.clone(), 4, seed).unwrap();
        play_out(
            &mut game,
            &mut seats(&["greedy", "random", "greedy", "random"], seed),
            |_| {},
        )
        .unwrap();
        (
            game.core().history().to_vec(),
            game.events().to_vec(),
            game.houses().to_vec(),
        )
    };
    assert_eq!(replay(5), replay(5));
    assert_ne!(replay(5), replay(6));
}
