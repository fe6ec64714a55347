//! Monopoly: Harry Potter benchmarks: whole four-player games, one thread.

use std::hint::black_box;
use std::sync::Arc;

use bots::seating::bot_seed;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::monopoly::{Monopoly, MonopolyRules};
use engine::play::{Decider, play_out};

fn table(names: &[&str]) -> Vec<Box<dyn Decider<Monopoly>>> {
    names
        .iter()
        .map(|name| bots::bot::<Monopoly>(name).expect("a known bot"))
        .collect()
}

/// Plays games `seeds` and returns the sum of the turns, so the work cannot be skipped.
fn play(
    rules: &Arc<MonopolyRules>,
    seats: &mut [Box<dyn Decider<Monopoly>>],
    seeds: std::ops::Range<u64>,
) -> u64 {
    let mut turns = 0;
    for seed in seeds {
        let mut game = Monopoly::sorted(rules.clone(), seats.len(), seed).expect("a valid table");
        for (seat, bot) in seats.iter_mut().enumerate() {
            bot.start_game(bot_seed(seed, seat));
        }
        play_out(&mut game, seats, |_| {}).expect("the bots answer what is asked");
        turns += u64::from(game.turns());
    }
    turns
}

fn games(c: &mut Criterion) {
    let rules = Arc::new(MonopolyRules::standard());
    let mut group = c.benchmark_group("monopoly");
    group.throughput(Throughput::Elements(1000));
    for names in [["heuristic"; 4], ["random"; 4]] {
        let mut seats = table(&names);
        group.bench_function(
            format!("1000 four-player {} games (elements = games)", names[0]),
            |b| b.iter(|| black_box(play(&rules, &mut seats, 0..1000))),
        );
    }
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
