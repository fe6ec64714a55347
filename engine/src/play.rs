//! One way to step every game: the game says whose decision is pending and what it is, a
//! [`Decider`] (a bot or a person) answers from its seat's view, and [`play_out`] drives the
//! deciders until the game ends or a person has not answered yet.
//!
//! The simulator, the terminal, the web server and the tests all play through [`play_out`],
//! so a rule lives in the game alone: no front-end has a turn loop of its own.

use std::fmt;

/// A decision the game waits for: whose it is and what it asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pending<Q> {
    /// The seat that decides.
    pub seat: usize,
    /// What it is asked.
    pub question: Q,
}

/// An answer the game refused, handed back with the reason (the game is unchanged).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected<A, E> {
    /// The answer as given.
    pub answer: A,
    /// Why it was refused.
    pub reason: E,
}

/// A game played by answering its questions.
pub trait Stepped: Sized {
    /// What the game asks a seat.
    type Question: Copy + fmt::Debug;
    /// An answer to a question.
    type Answer: fmt::Debug;
    /// What one seat may see: never another seat's hidden cards or tiles, nor what is to come.
    type View<'a>
    where
        Self: 'a;
    /// Why an answer is refused.
    type Refusal: std::error::Error;

    /// The seats at the table.
    fn players(&self) -> usize;

    /// The decision the game waits for; `None` once the game is over.
    fn pending(&self) -> Option<Pending<Self::Question>>;

    /// What `seat` may see.
    fn view(&self, seat: usize) -> Self::View<'_>;

    /// Answers the pending question; a refused answer changes nothing and comes back.
    fn answer(&mut self, answer: Self::Answer)
    -> Result<(), Rejected<Self::Answer, Self::Refusal>>;

    /// The answer in the game's notation, for messages.
    fn notation(&self, answer: &Self::Answer) -> String {
        format!("{answer:?}")
    }

    /// The position in the game's notation (CGP for the crossword games), for messages.
    fn describe(&self) -> String;

    /// Asks the deciders and applies their answers until the game ends, a decider has no
    /// answer yet, or `go_on` (shown the game after each answer took effect) says to stop.
    /// A game that asks its deciders in the middle of a turn (Monopoly) overrides this.
    fn advance(
        &mut self,
        deciders: &mut [Box<dyn Decider<Self>>],
        mut go_on: impl FnMut(&Self) -> bool,
    ) -> Result<Progress<Self::Question>, DecisionError> {
        while let Some(pending) = self.pending() {
            let decider = &mut deciders[pending.seat];
            let Some(answer) = decider.decide(&self.view(pending.seat), pending.question) else {
                return Ok(Progress::Waiting(pending));
            };
            match self.answer(answer) {
                Ok(()) if go_on(self) => {}
                Ok(()) => return Ok(Progress::Stopped),
                Err(rejected) => {
                    let reason = rejected.reason.to_string();
                    if !decider.refused(&reason) {
                        return Err(DecisionError {
                            decider: decider.name().to_string(),
                            seat: pending.seat,
                            answer: self.notation(&rejected.answer),
                            reason,
                            position: self.describe(),
                        });
                    }
                }
            }
        }
        Ok(Progress::Over)
    }
}

/// A player of one game: a bot or a person, answering the questions put to its seat from
/// what that seat may see.
pub trait Decider<G: Stepped>: Send {
    /// The decider's name (a bot's registry name, or `human`).
    fn name(&self) -> &str;

    /// Readies the decider for a new game; one that draws random numbers reseeds from `seed`,
    /// so a game replays whichever thread or process plays it.
    fn start_game(&mut self, seed: u64) {
        let _ = seed;
    }

    /// The answer to `question`, or `None` when there is none yet (a person who has not
    /// answered: [`play_out`] then stops and the answer comes later through
    /// [`Stepped::answer`]). A bot always answers.
    fn decide(&mut self, view: &G::View<'_>, question: G::Question) -> Option<G::Answer>;

    /// Whether this decider may have no answer when asked: a person, who may answer later
    /// (on a web page) or leave. A game that asks in the middle of a turn (Monopoly) then
    /// keeps the turn's start, to replay it when the answer comes.
    fn waits(&self) -> bool {
        false
    }

    /// The game refused this decider's last answer for `reason`: a person is told and asked
    /// again (`true`); a bot's refused answer is a fault in the bot (`false`, the default).
    fn refused(&mut self, reason: &str) -> bool {
        let _ = reason;
        false
    }
}

/// Where [`play_out`] or [`play_until`] stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress<Q> {
    /// The game is over.
    Over,
    /// A decider has no answer yet to this question.
    Waiting(Pending<Q>),
    /// [`play_until`]'s condition was met.
    Stopped,
}

/// A decider's answer the game refused, where the decider does not try again: a fault in a bot.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{decider} in seat {seat} answered {answer}, which the game refused ({reason}), at {position}"
)]
pub struct DecisionError {
    /// The decider's name.
    pub decider: String,
    /// Its seat.
    pub seat: usize,
    /// The answer, in the game's notation.
    pub answer: String,
    /// Why it was refused.
    pub reason: String,
    /// The position it was refused in.
    pub position: String,
}

/// Drives the deciders (`deciders[s]` plays seat `s`) until the game ends or one of them has
/// no answer yet; `seen` looks at the game after each step (an answer, or a whole turn in a
/// game that asks as it goes).
pub fn play_out<G: Stepped>(
    game: &mut G,
    deciders: &mut [Box<dyn Decider<G>>],
    mut seen: impl FnMut(&G),
) -> Result<Progress<G::Question>, DecisionError> {
    check_table(game, deciders)?;
    game.advance(deciders, |game| {
        seen(game);
        true
    })
}

/// Drives the deciders as [`play_out`] does, stopping also as soon as `stop` holds (it is
/// looked at before the first question and after each step): a position reached in play.
pub fn play_until<G: Stepped>(
    game: &mut G,
    deciders: &mut [Box<dyn Decider<G>>],
    mut stop: impl FnMut(&G) -> bool,
) -> Result<Progress<G::Question>, DecisionError> {
    if stop(game) {
        return Ok(Progress::Stopped);
    }
    check_table(game, deciders)?;
    game.advance(deciders, |game| !stop(game))
}

/// Refuses a table with a decider too many or too few.
fn check_table<G: Stepped>(
    game: &G,
    deciders: &[Box<dyn Decider<G>>],
) -> Result<(), DecisionError> {
    if deciders.len() == game.players() {
        return Ok(());
    }
    Err(DecisionError {
        decider: format!("{} deciders", deciders.len()),
        seat: 0,
        answer: "nothing".into(),
        reason: format!("the table seats {}", game.players()),
        position: game.describe(),
    })
}
