//! A loop to profile under `perf record`: `cargo run --release -p owlery-benches --example
//! profile_scrabble -- movegen|empty|repeat|greedy|hp-BOT [ROUNDS [PLAYERS]]`: `empty` searches
//! the benchmark positions with an empty rack (what a fresh board's cross-checks and lines
//! cost), `repeat` searches each position ROUNDS times in a row (caches warm; with `EVICT=BYTES`
//! in the environment, that many bytes are streamed through between searches, untimed), the
//! last plays copies of a scrabble-hp bot (four by default).

use std::hint::black_box;

use std::sync::Arc;

use bots::scrabble::Greedy;
use engine::hogwarts::{HpGame, HpRules};
use engine::play::{Decider, play_out};
use engine::scrabble::{Game, MoveGen};
use lexicon::{Edition, Lexicon};
use owlery_benches::{midgame_positions, standard};

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_else(|| "movegen".into());
    let rounds: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let (rules, lexicon) = standard();
    let start = std::time::Instant::now();
    match what.as_str() {
        // Each position searched again and again: what the same search costs with the caches warm.
        "repeat" => {
            let positions = midgame_positions(&rules, &lexicon, 0..50, 8);
            let evict: usize =
                std::env::var("EVICT").map_or(0, |v| v.parse().expect("EVICT: a number of bytes"));
            let mut junk = vec![1u64; evict / 8];
            let mut generator = MoveGen::new();
            let mut searching = std::time::Duration::ZERO;
            let mut moves = 0u64;
            for cgp in &positions {
                for _ in 0..rounds {
                    // One write a cache line: every line of `junk` passes through the caches.
                    for (i, word) in junk.iter_mut().enumerate().step_by(8) {
                        *word = word.wrapping_add(i as u64);
                    }
                    black_box(&junk);
                    let start = std::time::Instant::now();
                    generator.generate(&cgp.board, &rules, &lexicon, &cgp.racks[0], |c| {
                        moves += 1;
                        black_box(c.score());
                    });
                    searching += start.elapsed();
                }
            }
            let searches = rounds as f64 * positions.len() as f64;
            println!(
                "{moves} moves, {:.0} positions/s, each searched {rounds} times in a row",
                searches / searching.as_secs_f64()
            );
        }
        // `empty`: the search's fixed cost on a fresh board, with no tile to place.
        "movegen" | "empty" => {
            let positions = midgame_positions(&rules, &lexicon, 0..50, 8);
            let mut generator = MoveGen::new();
            let empty = engine::scrabble::Rack::EMPTY;
            // Lines and graphs touched once before the clock starts, as criterion warms up.
            let first = &positions[0];
            generator.generate(&first.board, &rules, &lexicon, &first.racks[0], |c| {
                black_box(c.score());
            });
            let start = std::time::Instant::now();
            let mut moves = 0u64;
            for _ in 0..rounds {
                for cgp in &positions {
                    let rack = if what == "empty" {
                        &empty
                    } else {
                        &cgp.racks[0]
                    };
                    generator.generate(&cgp.board, &rules, &lexicon, rack, |c| {
                        moves += 1;
                        black_box(c.score());
                    });
                }
            }
            let secs = start.elapsed().as_secs_f64();
            let positions = rounds as f64 * positions.len() as f64;
            println!(
                "{moves} moves, {:.0} positions/s, {:.2} us a position",
                positions / secs,
                secs * 1e6 / positions
            );
        }
        "greedy" => {
            for seed in 0..rounds {
                let mut game = Game::new(rules.clone(), lexicon.clone(), 2, seed).expect("two");
                let mut seats: Vec<Box<dyn Decider<Game>>> =
                    vec![Box::new(Greedy::new()), Box::new(Greedy::new())];
                play_out(&mut game, &mut seats, |_| {}).expect("legal");
            }
            let secs = start.elapsed().as_secs_f64();
            println!("{:.1} games/s", rounds as f64 / secs);
        }
        // Scrabble-hp games between copies of the named bot.
        other => {
            let name = other
                .strip_prefix("hp-")
                .expect("movegen, greedy or hp-BOT");
            let players: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(4);
            let hp_rules = Arc::new(HpRules::standard());
            let hp_lexicon = Arc::new(Lexicon::embedded(Edition::HarryPotter));
            let start = std::time::Instant::now();
            for seed in 0..rounds {
                let mut game = HpGame::sorted(hp_rules.clone(), hp_lexicon.clone(), players, seed)
                    .expect("2 to 4 players");
                let mut seats: Vec<Box<dyn Decider<HpGame>>> = (0..players)
                    .map(|_| bots::bot::<HpGame>(name).expect("a bot"))
                    .collect();
                play_out(&mut game, &mut seats, |_| {}).expect("legal");
            }
            let secs = start.elapsed().as_secs_f64();
            println!(
                "{name}: {:.1} {players}-player scrabble-hp games/s",
                rounds as f64 / secs
            );
        }
    }
}
