//! A loop to profile under `perf record`: `cargo run --release -p owlery-benches --example
//! profile_scrabble -- movegen|greedy [ROUNDS]`.

use std::hint::black_box;

use bots::scrabble::{Bot, Greedy, play_out};
use engine::scrabble::{Game, MoveGen};
use owlery_benches::{midgame_positions, standard};

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_else(|| "movegen".into());
    let rounds: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let (rules, lexicon) = standard();
    let start = std::time::Instant::now();
    match what.as_str() {
        "movegen" => {
            let positions = midgame_positions(&rules, &lexicon, 0..50, 8);
            let mut generator = MoveGen::new();
            let start = std::time::Instant::now();
            let mut moves = 0u64;
            for _ in 0..rounds {
                for cgp in &positions {
                    generator.generate(&cgp.board, &rules, &lexicon, &cgp.racks[0], |c| {
                        moves += 1;
                        black_box(c.score());
                    });
                }
            }
            let secs = start.elapsed().as_secs_f64();
            let positions = rounds as f64 * positions.len() as f64;
            println!("{moves} moves, {:.0} positions/s", positions / secs);
        }
        _ => {
            for seed in 0..rounds {
                let mut game = Game::new(rules.clone(), lexicon.clone(), 2, seed).expect("two");
                let mut seats: Vec<Box<dyn Bot>> =
                    vec![Box::new(Greedy::new()), Box::new(Greedy::new())];
                play_out(&mut game, &mut seats, |_| {}).expect("legal");
            }
            let secs = start.elapsed().as_secs_f64();
            println!("{:.1} games/s", rounds as f64 / secs);
        }
    }
}
