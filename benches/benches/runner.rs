//! The simulation loop as `owlery sim` runs it in a worker: seats made once, then game after
//! game seeded, played through `play_out` and folded into the chunk's aggregates (no disk).

use std::hint::black_box;
use std::sync::Arc;

use bots::registry::Settings;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::monopoly::MonopolyRules;
use owlery_benches::standard;
use runner::Contest;
use runner::aggregate::Aggregates;
use runner::games::{Crossword, Lineup, MonopolyContest};
use runner::seeds::game_seed;

/// Plays games `0..count` of `contest` as one chunk and returns the games counted.
fn chunk<C: Contest>(contest: &C, seats: &mut C::Seats, names: &[String], count: u64) -> u64 {
    let mut totals = Aggregates::default();
    for index in 0..count {
        let outcome = contest
            .play(seats, index, game_seed(1, index))
            .expect("registered bots play legal games");
        totals.fold(&outcome, names);
    }
    totals.games
}

fn simulation_loop(c: &mut Criterion) {
    let mut group = c.benchmark_group("runner");
    group.sample_size(20);

    let (rules, lexicon) = standard();
    let names: Vec<String> = ["greedy", "greedy"].map(String::from).to_vec();
    let crossword = Crossword {
        rules,
        lexicon,
        lineup: Lineup::registered(names.clone(), Settings::default()),
        draws: engine::draws::Draws::Shared,
    };
    let mut seats = crossword.seats().expect("registered bots");
    group.throughput(Throughput::Elements(10));
    group.bench_function(
        "10 two-player greedy scrabble games (elements = games)",
        |b| b.iter(|| black_box(chunk(&crossword, &mut seats, &names, 10))),
    );

    let names: Vec<String> = ["heuristic"; 4].map(String::from).to_vec();
    let monopoly = MonopolyContest::new(
        Arc::new(MonopolyRules::standard()),
        Lineup::registered(names.clone(), Settings::default()),
    );
    let mut seats = monopoly.seats().expect("registered bots");
    group.throughput(Throughput::Elements(100));
    group.bench_function(
        "100 four-player heuristic monopoly-hp games (elements = games)",
        |b| b.iter(|| black_box(chunk(&monopoly, &mut seats, &names, 100))),
    );
    group.finish();
}

criterion_group!(benches, simulation_loop);
criterion_main!(benches);
