//! Crossword benchmarks: all moves of mid-game positions, and whole greedy games.

use std::hint::black_box;

use std::sync::Arc;

use bots::scrabble::Greedy;
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use engine::hogwarts::{HpGame, HpRules};
use engine::play::{Decider, play_out};
use engine::scrabble::{Game, MoveGen};
use lexicon::{Edition, Lexicon};
use owlery_benches::{midgame_positions, standard};

fn movegen(c: &mut Criterion) {
    let (rules, lexicon) = standard();
    let positions = midgame_positions(&rules, &lexicon, 0..50, 8);
    let mut generator = MoveGen::new();
    let mut count_all = || {
        let mut moves = 0u64;
        for cgp in &positions {
            generator.generate(&cgp.board, &rules, &lexicon, &cgp.racks[0], |candidate| {
                moves += 1;
                black_box(candidate.score());
            });
        }
        moves
    };
    let moves = count_all();
    // A fast wrong answer must fail: the move count of these 50 positions is fixed.
    assert_eq!(
        moves, 46_833,
        "move count of the 50 benchmark positions changed"
    );
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function(
        "all moves of 50 mid-game positions (elements = positions)",
        |b| b.iter(&mut count_all),
    );
    group.throughput(Throughput::Elements(moves));
    group.bench_function(
        "all moves of 50 mid-game positions (elements = moves)",
        |b| b.iter(&mut count_all),
    );
    group.finish();
}

/// Games are dealt from this many seeds, over and over, whichever bot plays: each bot's time is
/// then of the same games (a game's cost varies tenfold with its racks, so sets drawn apart
/// would differ by more than the bots do).
const GAME_CYCLE: u64 = 200;

/// The seed of the next game, cycling through `1..=GAME_CYCLE`.
fn next_seed(seed: &mut u64) -> u64 {
    *seed = *seed % GAME_CYCLE + 1;
    *seed
}

/// Whole two-player games between two copies of each bot: `equity` may cost at most 1.5x
/// `greedy` a game.
fn two_player_games(c: &mut Criterion) {
    let (rules, lexicon) = standard();
    let mut group = c.benchmark_group("games");
    group.throughput(Throughput::Elements(10));
    group.sample_size(20);
    for name in ["greedy", "equity"] {
        group.bench_function(format!("10 {name} two-player games"), |b| {
            let mut seed = 0u64;
            b.iter(|| {
                for _ in 0..10 {
                    let seed = next_seed(&mut seed);
                    let mut game =
                        Game::new(rules.clone(), lexicon.clone(), 2, seed).expect("two players");
                    let mut seats: Vec<Box<dyn Decider<Game>>> = (0..2)
                        .map(|_| bots::bot::<Game>(name).expect("a bot"))
                        .collect();
                    play_out(&mut game, &mut seats, |_| {}).expect("legal");
                    assert!(game.is_over());
                }
            })
        });
    }
    group.finish();
}

/// Four-player games: greedy bots in the plain game against the Harry Potter layer (houses,
/// cards, Glossary; the layer's cost is the gap), then the Harry Potter bots.
fn four_player_games(c: &mut Criterion) {
    let (rules, lexicon) = standard();
    let mut group = c.benchmark_group("four-player games");
    group.throughput(Throughput::Elements(10));
    group.sample_size(20);
    group.bench_function("10 greedy plain games", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            for _ in 0..10 {
                let seed = next_seed(&mut seed);
                let mut game =
                    Game::new(rules.clone(), lexicon.clone(), 4, seed).expect("four players");
                let mut seats: Vec<Box<dyn Decider<Game>>> = (0..4)
                    .map(|_| Box::new(Greedy::new()) as Box<dyn Decider<Game>>)
                    .collect();
                play_out(&mut game, &mut seats, |_| {}).expect("legal");
            }
        })
    });
    hp_games(&mut group, 4);
    group.finish();
}

/// Two-player scrabble-hp games, as the head-to-head evidence plays them (docs/BOTS.md).
fn two_player_hp_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("two-player scrabble-hp games");
    group.throughput(Throughput::Elements(10));
    group.sample_size(20);
    hp_games(&mut group, 2);
    group.finish();
}

/// The Harry Potter bots, `players` copies of each: `equity` and `cards` may cost at most
/// 1.5x `greedy` a game.
fn hp_games(group: &mut BenchmarkGroup<'_, WallTime>, players: usize) {
    let hp_rules = Arc::new(HpRules::standard());
    let hp_lexicon = Arc::new(Lexicon::embedded(Edition::HarryPotter));
    for name in ["greedy", "equity", "cards"] {
        group.bench_function(format!("10 {name} scrabble-hp games"), |b| {
            let mut seed = 0u64;
            b.iter(|| {
                for _ in 0..10 {
                    let seed = next_seed(&mut seed);
                    let mut game =
                        HpGame::sorted(hp_rules.clone(), hp_lexicon.clone(), players, seed)
                            .expect("2 to 4 players");
                    let mut seats: Vec<Box<dyn Decider<HpGame>>> = (0..players)
                        .map(|_| bots::bot::<HpGame>(name).expect("a bot"))
                        .collect();
                    play_out(&mut game, &mut seats, |_| {}).expect("legal");
                }
            })
        });
    }
}

criterion_group!(
    benches,
    movegen,
    two_player_games,
    two_player_hp_games,
    four_player_games
);
criterion_main!(benches);
