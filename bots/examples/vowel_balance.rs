//! A crossword bot written outside the registry, and a match against `greedy`: the worked
//! example of docs/WRITING_BOTS.md.
//!
//! `cargo run --release -p owlery-bots --example vowel_balance -- 200` plays 200 two-player
//! games (each bot moving first in half) and prints the record; `cargo test` checks that every
//! move it makes is legal and that a seed replays the same game.

use std::sync::Arc;

use bots::scrabble::{Greedy, may_exchange};
use bots::seating::bot_seed;
use engine::play::{Decider, play_out};
use engine::scrabble::tiles::BLANK;
use engine::scrabble::{Game, Move, MoveGen, Observation, Question, Rack, Rules};
use lexicon::{Edition, Lexicon};

/// Plays the placement worth most by its score less a penalty for an unbalanced leave: a
/// seven-tile rack draws best from about two vowels to three consonants.
#[derive(Debug, Default)]
struct VowelBalance {
    /// Move generation buffers, kept between turns: nothing is allocated per move.
    movegen: MoveGen,
}

/// The A, E, I, O and U tile kinds (a tile's kind is its letter, A = 0; blanks are `BLANK`).
const VOWELS: [usize; 5] = [0, 4, 8, 14, 20];

/// Points given up for each vowel too many or too few on the tiles kept.
const IMBALANCE_COST: i32 = 3;

/// How far `leave` is from two vowels for every three consonants (blanks count as neither).
fn imbalance(leave: &Rack) -> i32 {
    let vowels: i32 = VOWELS.iter().map(|&v| i32::from(leave.count(v))).sum();
    let consonants = leave.len() as i32 - vowels - i32::from(leave.count(BLANK));
    (3 * vowels - 2 * consonants).abs() / 3
}

impl Decider<Game> for VowelBalance {
    fn name(&self) -> &str {
        "vowel-balance"
    }

    /// The crossword game asks only for a move.
    fn decide(&mut self, observation: &Observation<'_>, _: Question) -> Option<Move> {
        // The best value and the move, built only when it beats the best so far. Ties go to
        // the first found: the generator's order is fixed, so the game still replays.
        let mut best: Option<(i32, Move)> = None;
        self.movegen.generate(
            observation.board,
            observation.rules,
            observation.lexicon,
            &observation.rack,
            |candidate| {
                let value = candidate.score() - IMBALANCE_COST * imbalance(candidate.leave());
                if best.as_ref().is_none_or(|(top, _)| value > *top) {
                    best = Some((value, Move::Place(candidate.placement())));
                }
            },
        );
        Some(match best {
            Some((_, action)) => action,
            None if may_exchange(observation) => Move::Exchange(observation.rack),
            None => Move::Pass,
        })
    }
}

/// Wins, ties and losses of `VowelBalance` against `Greedy` over `games` games from `seed`,
/// and the two bots' total scores.
fn play_match(games: u64, seed: u64) -> ([u32; 3], [i64; 2]) {
    let rules = Arc::new(Rules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
    let mut record = [0; 3];
    let mut totals = [0; 2];
    for game_index in 0..games {
        let game_seed = seed.wrapping_add(game_index);
        // Seats alternate, so each bot moves first in half the games.
        let ours = (game_index % 2) as usize;
        let mut seats: Vec<Box<dyn Decider<Game>>> = vec![Box::new(Greedy::new())];
        seats.insert(ours, Box::new(VowelBalance::default()));
        for (seat, decider) in seats.iter_mut().enumerate() {
            decider.start_game(bot_seed(game_seed, seat));
        }
        let mut game = Game::new(rules.clone(), lexicon.clone(), 2, game_seed)
            .expect("two players is a legal game");
        if let Err(error) = play_out(&mut game, &mut seats, |_| {}) {
            panic!("{error}");
        }
        let (mine, theirs) = (game.scores()[ours], game.scores()[1 - ours]);
        record[usize::from(mine <= theirs) + usize::from(mine < theirs)] += 1;
        totals[0] += i64::from(mine);
        totals[1] += i64::from(theirs);
    }
    (record, totals)
}

fn main() {
    let games = match std::env::args().nth(1) {
        None => 100,
        Some(text) => text.parse().unwrap_or_else(|_| {
            eprintln!("Error: games {text:?}: expected a whole number");
            std::process::exit(2);
        }),
    };
    let ([wins, ties, losses], totals) = play_match(games, 1);
    let mean = |total: i64| total as f64 / games.max(1) as f64;
    println!(
        "vowel-balance against greedy, {games} games: {wins} won, {ties} tied, {losses} lost; \
         mean score {:.1} to {:.1}",
        mean(totals[0]),
        mean(totals[1])
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_only_legal_moves_and_replays_from_its_seed() {
        // `play_match` panics with the position if a move is refused.
        let first = play_match(6, 40);
        assert_eq!(first.0.iter().sum::<u32>(), 6);
        assert_eq!(play_match(6, 40), first);
    }

    #[test]
    fn imbalance_counts_vowels_against_consonants() {
        let rack = |text| Rack::parse(text).expect("a rack");
        assert_eq!(imbalance(&rack("AERST")), 0);
        assert_eq!(imbalance(&rack("AEIOU")), 5);
        assert_eq!(imbalance(&rack("BCDFG")), 3);
        assert_eq!(imbalance(&rack("?")), 0);
    }
}
