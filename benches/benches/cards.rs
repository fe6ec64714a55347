//! The Scrabble Card Game benchmarks: whole Classic games between greedy bots, one thread.

use std::hint::black_box;
use std::sync::Arc;

use bots::cardgame::{CardBot, card_bot_by_name, play_out_cards};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::cardgame::{CardGame, CardRules};
use lexicon::{Edition, Lexicon};

fn games(c: &mut Criterion) {
    let rules = Arc::new(CardRules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
    let mut bots: Vec<Box<dyn CardBot>> = (0..2)
        .map(|_| card_bot_by_name("greedy", 0).expect("a known bot"))
        .collect();
    let mut group = c.benchmark_group("cards");
    group.throughput(Throughput::Elements(10));
    group.bench_function(
        "10 two-player classic greedy games (elements = games)",
        |b| {
            b.iter(|| {
                let mut turns = 0;
                for seed in 0..10 {
                    let mut game = CardGame::new(rules.clone(), lexicon.clone(), 2, seed)
                        .expect("two players");
                    play_out_cards(&mut game, &mut bots).expect("greedy plays legal moves");
                    turns += game.history().len();
                }
                black_box(turns)
            })
        },
    );
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
