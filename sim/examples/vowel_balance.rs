//! A crossword bot kept outside the `bots` crate, run through the simulator's library as any
//! registered bot is: the worked example of docs/WRITING_BOTS.md.
//!
//! `cargo run --release -p owlery-sim --example vowel_balance -- 2000 vb-run` plays 2,000
//! two-player games against `greedy` on every core (seats rotated), writes the run's tables
//! to `vb-run/` and its strategy guide to `vb-run/guide/`, and prints the record; `cargo
//! test` checks that every move it makes is legal and that a run replays from its seed.

use std::path::Path;
use std::sync::Arc;

use bots::scrabble::{Greedy, may_exchange};
use engine::play::Decider;
use engine::scrabble::tiles::BLANK;
use engine::scrabble::{Game, Move, MoveGen, Observation, Question, Rack, Rules};
use lexicon::{Edition, Lexicon};
use runner::games::{Crossword, Lineup};
use runner::store::Manifest;

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

/// Plays `games` games of `VowelBalance` against `Greedy` from `seed` into the run directory
/// `dir` (the simulator's tables, resumable and mergeable as any run's), on every core.
fn simulate(games: u64, seed: u64, dir: &Path) -> anyhow::Result<()> {
    let names = vec!["vowel-balance".to_string(), "greedy".to_string()];
    let lineup = Lineup::custom(names.clone(), || {
        vec![
            Box::new(VowelBalance::default()) as Box<dyn Decider<Game>>,
            Box::new(Greedy::new()),
        ]
    });
    let contest = Crossword {
        rules: Arc::new(Rules::standard()),
        lexicon: Arc::new(Lexicon::embedded(Edition::Plain)),
        lineup,
        draws: engine::draws::Draws::Shared,
    };
    // What else the games depend on: the bot's own version, say.
    let manifest = Manifest::new("scrabble", &names, seed, games, "vowel-balance-1".into());
    std::fs::create_dir_all(dir)?;
    runner::store::write_manifest(dir, &manifest)?;
    runner::run(&contest, &manifest, 0..games, dir, None)
}

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let games: u64 = match args.next() {
        None => 200,
        Some(text) => text
            .parse()
            .map_err(|_| anyhow::anyhow!("games {text:?}: expected a whole number"))?,
    };
    let dir = args.next().unwrap_or_else(|| "vb-run".to_string());
    let dir = Path::new(&dir);
    simulate(games, 1, dir)?;
    let manifest = runner::store::read_manifest(dir)?;
    reports::guide::write_guide(dir, &manifest, &dir.join("guide"))?;
    print!("{}", std::fs::read_to_string(dir.join("bots.csv"))?);
    println!("guide: {}", dir.join("guide").join("guide.html").display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_only_legal_moves_and_replays_from_its_seed() {
        // The runner stops with the bot, the move and the position if a move is refused.
        let dir = std::env::temp_dir().join(format!("owlery-vowel-{}", std::process::id()));
        let run = |name: &str| {
            let dir = dir.join(name);
            simulate(6, 40, &dir).unwrap();
            std::fs::read_to_string(dir.join("bots.csv")).unwrap()
        };
        let first = run("a");
        assert!(first.contains("vowel-balance"), "{first}");
        assert_eq!(run("b"), first);
        std::fs::remove_dir_all(&dir).unwrap();
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
