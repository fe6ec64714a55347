//! `random`: a uniformly random legal move, the baseline for fuzzing the engine.

use engine::play::Decider;
use engine::scrabble::{Game, Move, MoveGen, Observation, Placement, Question, Rack};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::may_exchange;

/// One turn in twenty it exchanges a random non-empty subset of its rack (when it may) or
/// passes; otherwise it plays a placement drawn uniformly from all legal ones, if any.
#[derive(Debug, Clone)]
pub struct RandomBot {
    movegen: MoveGen,
    rng: Pcg64Mcg,
}

impl RandomBot {
    /// A random bot with its own RNG.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            movegen: MoveGen::new(),
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    fn exchange_or_pass(&mut self, observation: &Observation<'_>) -> Move {
        if !may_exchange(observation) {
            return Move::Pass;
        }
        let mut tiles = Rack::EMPTY;
        for kind in observation.rack.kinds() {
            if self.rng.random_bool(0.5) {
                tiles.add(kind);
            }
        }
        if tiles.is_empty() {
            tiles.add(
                observation
                    .rack
                    .kinds()
                    .next()
                    .expect("the rack is not empty"),
            );
        }
        Move::Exchange(tiles)
    }
}

impl RandomBot {
    /// Readies the bot for a new game: its draws reseeded from `seed`.
    pub fn start_game(&mut self, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
    }

    /// The move this bot makes from `observation`.
    pub fn choose(&mut self, observation: &Observation<'_>) -> Move {
        if self.rng.random_range(0..20) == 0 {
            return self.exchange_or_pass(observation);
        }
        // Reservoir sampling: uniform over the generated moves without storing them.
        let mut seen = 0u32;
        let mut chosen: Option<Placement> = None;
        let rng = &mut self.rng;
        self.movegen.generate_with(
            observation.board,
            observation.rules,
            observation.lexicon,
            &observation.rack,
            observation.backwards,
            |candidate| {
                seen += 1;
                if rng.random_range(0..seen) == 0 {
                    chosen = Some(candidate.placement());
                }
            },
        );
        match chosen {
            Some(placement) => Move::Place(placement),
            None => self.exchange_or_pass(observation),
        }
    }
}

impl Decider<Game> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn start_game(&mut self, seed: u64) {
        RandomBot::start_game(self, seed);
    }

    fn decide(&mut self, view: &Observation<'_>, _: Question) -> Option<Move> {
        Some(self.choose(view))
    }
}
