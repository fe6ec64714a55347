//! Bots for Monopoly: Harry Potter: each a [`Decider`] of the game, deciding from its seat's
//! [`View`].

mod heuristic;
mod mc_trader;
mod random;
pub mod worth;

use engine::monopoly::{Answer, JailChoice, Lot, Monopoly, Question, Raise, Trade, View};

pub use heuristic::{Heuristic, Reserves};
pub use mc_trader::{DEFAULT_ROLLOUTS, McTrader};
pub use random::RandomSeat;

use crate::registry::{Entry, made};

/// A Monopoly bot's decisions, one method a question, each seeing the game through its
/// seat's view; [`answer_by`] puts the game's questions to them.
pub(crate) trait Policy {
    /// Readies the bot for a new game with a seed for its own randomness.
    fn start_game(&mut self, _seed: u64) {}
    /// See [`Question::Explore`].
    fn explore(&mut self, view: View<'_>, property: usize) -> bool;
    /// See [`Question::Bid`].
    fn bid_limit(&mut self, view: View<'_>, lot: Lot) -> i32;
    /// See [`Question::Jail`].
    fn jail(&mut self, view: View<'_>) -> JailChoice;
    /// See [`Question::Crests`].
    fn crests(&mut self, view: View<'_>) -> u32;
    /// See [`Question::Unmortgage`].
    fn unmortgage(&mut self, view: View<'_>) -> u32;
    /// See [`Question::Raise`].
    fn raise(&mut self, view: View<'_>, owed: i32) -> Option<Raise>;
    /// See [`Question::Trade`].
    fn propose_trade(&mut self, view: View<'_>) -> Option<Trade>;
    /// See [`Question::Accept`].
    fn accept_trade(&mut self, view: View<'_>, trade: &Trade) -> bool;
    /// See [`Question::AskRent`]: bots always ask.
    fn ask_rent(&mut self, _view: View<'_>, _payer: usize, _property: usize) -> bool {
        true
    }
    /// See [`Question::TakeCommonRoom`]: bots take it.
    fn take_common_room(&mut self, _view: View<'_>, _property: usize) -> bool {
        true
    }
}

/// Answers a question by the policy's method for it.
pub(crate) fn answer_by(policy: &mut impl Policy, view: View<'_>, question: Question) -> Answer {
    match question {
        Question::Trade => Answer::Trade(policy.propose_trade(view)),
        Question::Accept { trade } => Answer::Accept(policy.accept_trade(view, &trade)),
        Question::Crests => Answer::Crests(policy.crests(view)),
        Question::Unmortgage => Answer::Unmortgage(policy.unmortgage(view)),
        Question::Jail => Answer::Jail(policy.jail(view)),
        Question::Explore { property } => Answer::Explore(policy.explore(view, property)),
        Question::TakeCommonRoom { property } => {
            Answer::TakeCommonRoom(policy.take_common_room(view, property))
        }
        Question::Bid { lot } => Answer::Bid(policy.bid_limit(view, lot)),
        Question::AskRent { payer, property } => {
            Answer::AskRent(policy.ask_rent(view, payer, property))
        }
        Question::Raise { owed } => Answer::Raise(policy.raise(view, owed)),
    }
}

/// The Monopoly bots.
pub static BOTS: &[Entry<Monopoly>] = &[
    Entry {
        name: "heuristic",
        setting: Some(Reserves::SETTING),
        about: "buys with a reserve or to complete a set, bids to a value, crests whole sets, buys missing pieces; a setting changes its reserves and prices",
        make: |setting, _| {
            let reserves = setting.map_or(Some(Reserves::default()), Reserves::parse)?;
            made(Heuristic::with_reserves(reserves))
        },
    },
    Entry {
        name: "mc-trader",
        setting: None,
        about: "values purchases, bids and trades by rollouts of the rest of the game (--rollouts K)",
        make: |_, settings| made(McTrader::new(settings.rollouts, 0)),
    },
    Entry {
        name: "random",
        setting: None,
        about: "a coin for every decision, random trades included: the fuzzing baseline",
        make: |_, _| made(RandomSeat::new(0)),
    },
];

impl crate::registry::Registered for Monopoly {
    const GAME: &'static str = "monopoly-hp";

    fn bots() -> &'static [Entry<Monopoly>] {
        BOTS
    }
}
