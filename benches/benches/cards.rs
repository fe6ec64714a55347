//! The Scrabble Card Game benchmarks: whole Classic games between greedy bots, one thread.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::cardgame::{CardGame, CardRules, RummyGame, Variant};
use engine::play::{Decider, play_out};
use lexicon::{Edition, Lexicon};
use std::hint::black_box;
use std::sync::Arc;

fn games(c: &mut Criterion) {
    let rules = Arc::new(CardRules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
    let mut bots: Vec<Box<dyn Decider<CardGame>>> = (0..2)
        .map(|_| bots::bot::<CardGame>("greedy").expect("a known bot"))
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
                    play_out(&mut game, &mut bots, |_| {}).expect("greedy plays legal moves");
                    turns += game.history().len();
                }
                black_box(turns)
            })
        },
    );
    let mut forfeit = CardRules::standard();
    forfeit.variant = Variant::Forfeit;
    let forfeit = Arc::new(forfeit);
    group.bench_function(
        "10 two-player forfeit greedy games (elements = games)",
        |b| {
            b.iter(|| {
                let mut turns = 0;
                for seed in 0..10 {
                    let mut game = CardGame::new(forfeit.clone(), lexicon.clone(), 2, seed)
                        .expect("two players");
                    play_out(&mut game, &mut bots, |_| {}).expect("greedy plays legal moves");
                    turns += game.history().len();
                }
                black_box(turns)
            })
        },
    );
    let mut rummy = CardRules::standard();
    rummy.variant = Variant::Rummy;
    let rummy = Arc::new(rummy);
    let mut players: Vec<Box<dyn Decider<RummyGame>>> = (0..2)
        .map(|_| bots::bot::<RummyGame>("greedy").expect("a known player"))
        .collect();
    group.throughput(Throughput::Elements(2));
    group.sample_size(10);
    group.bench_function("2 two-player rummy greedy games (elements = games)", |b| {
        b.iter(|| {
            let mut total = 0;
            for seed in 0..2 {
                let mut game =
                    RummyGame::new(rummy.clone(), lexicon.clone(), 2, seed).expect("two players");
                play_out(&mut game, &mut players, |_| {}).expect("greedy plays legal turns");
                total += game.scores()[0];
            }
            black_box(total)
        })
    });
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
