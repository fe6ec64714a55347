//! `random`: a coin for every decision, random trades included: the engine's fuzzing baseline.

use super::{Policy, answer_by};
use engine::monopoly::{
    Answer, JailChoice, Lot, Monopoly, Question, Raise, Trade, View, mask_bits,
};
use engine::play::Decider;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Decides every question at random within what the rules allow it to ask for; it proposes a
/// random swap with random points one turn in four, so trades and their edge cases get played.
#[derive(Debug, Clone)]
pub struct RandomSeat {
    rng: Pcg64Mcg,
}

impl RandomSeat {
    /// A random seat with its own RNG.
    pub fn new(seed: u64) -> RandomSeat {
        RandomSeat {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    fn some_of(&mut self, mask: u32) -> u32 {
        mask_bits(mask)
            .filter(|_| self.rng.random_bool(0.5))
            .fold(0, |m, p| m | 1 << p)
    }
}

impl Decider<Monopoly> for RandomSeat {
    fn name(&self) -> &str {
        "random"
    }

    fn start_game(&mut self, seed: u64) {
        Policy::start_game(self, seed);
    }

    fn decide(&mut self, view: &View<'_>, question: Question) -> Option<Answer> {
        Some(answer_by(self, *view, question))
    }
}

impl Policy for RandomSeat {
    fn start_game(&mut self, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
    }

    fn explore(&mut self, _view: View<'_>, _property: usize) -> bool {
        self.rng.random_bool(0.5)
    }

    fn bid_limit(&mut self, view: View<'_>, _lot: Lot) -> i32 {
        let points = view.points(view.seat).max(0);
        self.rng.random_range(0..=points)
    }

    fn jail(&mut self, _view: View<'_>) -> JailChoice {
        [JailChoice::Pay, JailChoice::Card, JailChoice::Roll][self.rng.random_range(0..3)]
    }

    fn crests(&mut self, _view: View<'_>) -> u32 {
        self.rng.random()
    }

    fn unmortgage(&mut self, _view: View<'_>) -> u32 {
        self.rng.random()
    }

    fn raise(&mut self, view: View<'_>, _owed: i32) -> Option<Raise> {
        let mine = view.owned(view.seat);
        let options: Vec<Raise> = mask_bits(mine & view.crested())
            .map(Raise::ReturnCrest)
            .chain(mask_bits(mine & !view.mortgaged()).map(Raise::Mortgage))
            .collect();
        if options.is_empty() || self.rng.random_bool(0.2) {
            return None;
        }
        Some(options[self.rng.random_range(0..options.len())])
    }

    fn propose_trade(&mut self, view: View<'_>) -> Option<Trade> {
        if !self.rng.random_bool(0.25) {
            return None;
        }
        let me = view.seat;
        let partners: Vec<usize> = (0..view.players())
            .filter(|&s| s != me && !view.is_out(s))
            .collect();
        let to = *partners.get(self.rng.random_range(0..partners.len().max(1)))?;
        let give = self.some_of(view.owned(me));
        let take = self.some_of(view.owned(to));
        let points = self.rng.random_range(-view.points(to)..=view.points(me));
        Some(Trade {
            from: me,
            to,
            give,
            take,
            points,
            give_cards: self.rng.random_range(0..=view.jail_cards(me)),
            take_cards: self.rng.random_range(0..=view.jail_cards(to)),
        })
    }

    fn accept_trade(&mut self, _view: View<'_>, _trade: &Trade) -> bool {
        self.rng.random_bool(0.5)
    }

    fn take_common_room(&mut self, _view: View<'_>, _property: usize) -> bool {
        self.rng.random_bool(0.8)
    }
}
