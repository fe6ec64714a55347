//! Random and greedy Harry Potter games: tiles and the 32 cards are conserved after every turn,
//! scores add up, and a seed replays.

use std::sync::Arc;

use bots::Settings;
use bots::seating::seat_table;
use engine::draws::Draws;
use engine::hogwarts::{CardTable, HpGame, HpRules};
use engine::play::{Decider, play_out};
use lexicon::{Edition, Lexicon};

fn seats(names: &[&str], seed: u64) -> Vec<Box<dyn Decider<HpGame>>> {
    seat_table(names, seed, &Settings::default(), None).unwrap()
}

/// `turns`: the turns checked so far, so a turn's end is checked once, before a card played
/// on the next turn (Expelliarmus) changes its rack.
fn check_invariants(game: &HpGame, rules: &HpRules, turns: &mut usize) {
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
    for seat in 0..core.players() {
        assert!(core.rack(seat).len() <= engine::hogwarts::RACK_LIMIT);
    }
    // A turn after Engorgio ends on a full rack (rule 7's exchange included), unless the bag
    // ran dry.
    let ended = core.history().len() > *turns;
    *turns = core.history().len();
    let last = core.history().last().zip(game.reports().last());
    if let Some((turn, report)) = last.filter(|_| ended) {
        if report.card_played == Some(engine::hogwarts::Card::Engorgio) && core.bag_len() > 0 {
            assert_eq!(
                core.rack(turn.seat).len(),
                rules.crossword.numbers.rack_size,
                "after Engorgio and {:?} at {}",
                turn.action,
                core.to_cgp()
            );
        }
    }
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
        // Every other game draws by seat (duplicate seating's draws).
        let draws = if seed % 2 == 1 {
            Draws::BySeat
        } else {
            Draws::Shared
        };
        let houses = HpGame::sorted_houses(players, seed).unwrap();
        let mut game = HpGame::dealt(rules.clone(), lexicon.clone(), houses, seed, draws).unwrap();
        let names = ["random", "greedy", "random", "cards"];
        let mut bots = seats(&names[..players], seed);
        let mut turns = 0;
        play_out(&mut game, &mut bots, |game: &HpGame| {
            check_invariants(game, &rules, &mut turns)
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
                engine::hogwarts::CardEvent::Played { play, .. } => {
                    played.insert(play.card());
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
    let replay = |seed: u64, draws: Draws| {
        let houses = HpGame::sorted_houses(4, seed).unwrap();
        let mut game = HpGame::dealt(rules.clone(), lexicon.clone(), houses, seed, draws).unwrap();
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
    for draws in [Draws::Shared, Draws::BySeat] {
        assert_eq!(replay(5, draws), replay(5, draws));
        assert_ne!(replay(5, draws), replay(6, draws));
    }
    assert_ne!(replay(5, Draws::Shared), replay(5, Draws::BySeat));
}
