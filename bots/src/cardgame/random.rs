//! `random` for the card game: a uniformly random legal play, the fuzzing baseline.

use engine::cardgame::{
    CardAnswer, CardGame, CardMove, CardQuestion, CardView, Premium, TableMoveGen,
};
use engine::play::Decider;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::{answer, exchange_or_pass};

/// One turn in twenty exchanges or passes; otherwise a play drawn uniformly from all legal ones
/// (reservoir sampling), with a Premium card held laid on a random card of it half the time.
#[derive(Debug)]
pub struct CardRandom {
    generator: TableMoveGen,
    rng: Pcg64Mcg,
}

impl CardRandom {
    /// A random player with its own RNG.
    pub fn new(seed: u64) -> CardRandom {
        CardRandom {
            generator: TableMoveGen::new(),
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

impl CardRandom {
    /// Readies the bot for a new game: its draws reseeded from `seed`.
    pub fn start_game(&mut self, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
    }

    /// The move this bot makes from `view`.
    pub fn choose(&mut self, view: &CardView<'_>) -> CardMove {
        if self.rng.random_range(0..20) == 0 {
            return exchange_or_pass(view);
        }
        let opening = view.table.is_empty();
        let mut seen = 0u64;
        let mut chosen = None;
        let rng = &mut self.rng;
        self.generator.generate(
            view.table,
            view.rules,
            view.lexicon,
            &view.hand.letters,
            |c| {
                seen += 1;
                if rng.random_range(0..seen) == 0 {
                    let premium = [Premium::Double, Premium::Triple]
                        .into_iter()
                        .find(|&p| view.hand.premium(p) > 0)
                        .filter(|_| !opening && rng.random_bool(0.5))
                        .map(|p| (p, rng.random_range(0..c.tiles.len())));
                    chosen = Some(c.to_play(premium));
                }
            },
        );
        chosen.map_or_else(|| exchange_or_pass(view), CardMove::Place)
    }
}

impl Decider<CardGame> for CardRandom {
    fn name(&self) -> &str {
        "random"
    }

    fn start_game(&mut self, seed: u64) {
        CardRandom::start_game(self, seed);
    }

    fn decide(&mut self, view: &CardView<'_>, question: CardQuestion) -> Option<CardAnswer> {
        Some(answer(view, question, |view| self.choose(view)))
    }
}
