//! Asking the seats' deciders in the middle of a turn, and stepping a game question by
//! question.
//!
//! Monopoly asks its questions deep inside a turn (a bid inside an auction inside a landing
//! inside a roll), so a turn cannot stop half-way and go on later. A game played by deciders
//! that always answer (bots, a person at the terminal) asks them as it goes. A game stepped
//! question by question ([`Monopoly::step_by_step`]: the web page, a person who answers
//! later) keeps the turn's start and the answers given so far in it, and replays the turn
//! from its start with those answers each time one more arrives: a turn asks a handful of
//! questions, and replaying one takes microseconds. The game is deterministic, so the replay
//! is the same turn; only the first question without an answer stops it.

use super::game::Monopoly;
use super::seat::{Answer, JailChoice, Lot, Question, Raise, Trade, View};
use crate::play::{Decider, DecisionError, Pending, Progress, Rejected, Stepped};

/// A game stepped question by question: where the current turn started, the answers given
/// in it so far, and the question it waits for.
#[derive(Debug)]
pub(super) struct Stepping {
    /// The game as the current turn started.
    pub(super) start: Box<Monopoly>,
    /// The answers given in the current turn, in the order they were asked.
    pub(super) answers: Vec<Answer>,
    /// The question the turn waits for, once replayed.
    pub(super) waiting: Option<Pending<Question>>,
}

/// Puts the game's questions to the deciders (or takes them from the answers already given
/// this turn), and remembers where a turn stopped for want of an answer.
pub(super) struct Asker<'d> {
    deciders: &'d mut [Box<dyn Decider<Monopoly>>],
    /// A stepped game's answers so far this turn, and how many have been used.
    answered: Option<(&'d mut Vec<Answer>, usize)>,
    /// The first question no one answered, and the game as it was asked.
    pub(super) stopped: Option<(Pending<Question>, Box<Monopoly>)>,
    /// A decider's answer to another question, refused.
    pub(super) fault: Option<DecisionError>,
}

impl<'d> Asker<'d> {
    /// Asks the deciders as the game goes.
    pub(super) fn new(deciders: &'d mut [Box<dyn Decider<Monopoly>>]) -> Asker<'d> {
        Asker {
            deciders,
            answered: None,
            stopped: None,
            fault: None,
        }
    }

    /// Takes the answers already given this turn first, then asks the deciders (there may be
    /// none), recording what they answer.
    pub(super) fn replaying(
        deciders: &'d mut [Box<dyn Decider<Monopoly>>],
        answers: &'d mut Vec<Answer>,
    ) -> Asker<'d> {
        Asker {
            deciders,
            answered: Some((answers, 0)),
            stopped: None,
            fault: None,
        }
    }

    /// The name of the decider in `seat`, for messages.
    pub(super) fn name_of(&self, seat: usize) -> String {
        self.deciders
            .get(seat)
            .map_or_else(|| format!("seat {}", seat + 1), |d| d.name().to_string())
    }

    /// The answer to `question` for `seat`. Once the turn has stopped (or a decider failed)
    /// every question gets its default answer: the rest of the turn is thrown away.
    fn ask(&mut self, game: &Monopoly, seat: usize, question: Question) -> Answer {
        // A game played straight through (every simulated game) asks and takes the answer.
        if self.answered.is_none()
            && self.stopped.is_none()
            && self.fault.is_none()
            && let Some(decider) = self.deciders.get_mut(seat)
        {
            let first = decider.decide(&game.view(seat), question);
            if let Some(answer) = first
                && question.fits(&answer)
            {
                return answer;
            }
            return self.settle(game, seat, question, first);
        }
        self.ask_stepped(game, seat, question)
    }

    /// The answer in a stepped game, or once the turn has stopped: an answer given already
    /// this turn, else the decider's (recorded), else the default.
    #[cold]
    fn ask_stepped(&mut self, game: &Monopoly, seat: usize, question: Question) -> Answer {
        if self.stopped.is_some() || self.fault.is_some() {
            return question.default_answer();
        }
        if let Some((answers, used)) = &mut self.answered
            && let Some(&answer) = answers.get(*used)
        {
            *used += 1;
            return answer;
        }
        let Some(decider) = self.deciders.get_mut(seat) else {
            return self.stop(game, seat, question);
        };
        let first = decider.decide(&game.view(seat), question);
        let answer = self.settle(game, seat, question, first);
        if self.stopped.is_none()
            && self.fault.is_none()
            && let Some((answers, used)) = &mut self.answered
        {
            answers.push(answer);
            *used += 1;
        }
        answer
    }

    /// What becomes of a decider's `first` answer that is not one to `question`: no answer
    /// stops the turn; another question's answer is refused, and the decider asked again
    /// while it takes the refusal.
    #[cold]
    fn settle(
        &mut self,
        game: &Monopoly,
        seat: usize,
        question: Question,
        first: Option<Answer>,
    ) -> Answer {
        let mut answer = first;
        loop {
            let Some(given) = answer else {
                return self.stop(game, seat, question);
            };
            if question.fits(&given) {
                return given;
            }
            let decider = &mut self.deciders[seat];
            let reason = format!("the game asked {question:?}");
            if !decider.refused(&reason) {
                self.fault = Some(DecisionError {
                    decider: decider.name().to_string(),
                    seat,
                    answer: format!("{given:?}"),
                    reason,
                    position: format!("turn {}", game.turns()),
                });
                return question.default_answer();
            }
            answer = decider.decide(&game.view(seat), question);
        }
    }

    /// No answer yet: the turn stops here (a copy of the game as asked is kept to be shown).
    fn stop(&mut self, game: &Monopoly, seat: usize, question: Question) -> Answer {
        self.stopped = Some((Pending { seat, question }, Box::new(game.duplicate())));
        question.default_answer()
    }

    /// See [`Question::Explore`].
    pub(super) fn explore(&mut self, game: &Monopoly, seat: usize, property: usize) -> bool {
        match self.ask(game, seat, Question::Explore { property }) {
            Answer::Explore(yes) => yes,
            _ => false,
        }
    }

    /// See [`Question::Bid`].
    pub(super) fn bid_limit(&mut self, game: &Monopoly, seat: usize, lot: Lot) -> i32 {
        match self.ask(game, seat, Question::Bid { lot }) {
            Answer::Bid(limit) => limit,
            _ => 0,
        }
    }

    /// See [`Question::Jail`].
    pub(super) fn jail(&mut self, game: &Monopoly, seat: usize) -> JailChoice {
        match self.ask(game, seat, Question::Jail) {
            Answer::Jail(choice) => choice,
            _ => JailChoice::Roll,
        }
    }

    /// See [`Question::Crests`].
    pub(super) fn crests(&mut self, game: &Monopoly, seat: usize) -> u32 {
        match self.ask(game, seat, Question::Crests) {
            Answer::Crests(mask) => mask,
            _ => 0,
        }
    }

    /// See [`Question::Unmortgage`].
    pub(super) fn unmortgage(&mut self, game: &Monopoly, seat: usize) -> u32 {
        match self.ask(game, seat, Question::Unmortgage) {
            Answer::Unmortgage(mask) => mask,
            _ => 0,
        }
    }

    /// See [`Question::Raise`].
    pub(super) fn raise(&mut self, game: &Monopoly, seat: usize, owed: i32) -> Option<Raise> {
        match self.ask(game, seat, Question::Raise { owed }) {
            Answer::Raise(step) => step,
            _ => None,
        }
    }

    /// See [`Question::Trade`]: a deal, or mortgages first.
    pub(super) fn before_roll(&mut self, game: &Monopoly, seat: usize) -> Answer {
        self.ask(game, seat, Question::Trade)
    }

    /// See [`Question::Accept`].
    pub(super) fn accept_trade(&mut self, game: &Monopoly, seat: usize, trade: Trade) -> bool {
        match self.ask(game, seat, Question::Accept { trade }) {
            Answer::Accept(yes) => yes,
            _ => false,
        }
    }

    /// See [`Question::AskRent`].
    pub(super) fn ask_rent(
        &mut self,
        game: &Monopoly,
        owner: usize,
        payer: usize,
        property: usize,
    ) -> bool {
        match self.ask(game, owner, Question::AskRent { payer, property }) {
            Answer::AskRent(yes) => yes,
            _ => true,
        }
    }

    /// See [`Question::TakeCommonRoom`].
    pub(super) fn take_common_room(
        &mut self,
        game: &Monopoly,
        seat: usize,
        property: usize,
    ) -> bool {
        match self.ask(game, seat, Question::TakeCommonRoom { property }) {
            Answer::TakeCommonRoom(yes) => yes,
            _ => true,
        }
    }
}

/// Why an answer is refused in a stepped game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// The answer is to another question.
    #[error("the game asks {0:?}")]
    Unasked(Question),
}

impl Monopoly {
    /// Steps the game question by question from the current turn's start, if it is not yet.
    fn step_by_step(&mut self) {
        if self.stepping.is_none() {
            self.stepping = Some(Box::new(Stepping {
                start: Box::new(self.duplicate()),
                answers: Vec::new(),
                waiting: None,
            }));
            // With no one to ask, the replay stops at the turn's first question.
            let _ = self.replay(&mut [], &mut |_| true);
        }
    }

    /// Replays the current turn from its start with the answers given in it, asking the
    /// deciders for the rest (recorded as they answer), turn after turn, until a question has
    /// no answer or the game ends. The game is left as it was when that question was asked.
    fn replay(
        &mut self,
        deciders: &mut [Box<dyn Decider<Monopoly>>],
        go_on: &mut dyn FnMut(&Monopoly) -> bool,
    ) -> Result<bool, DecisionError> {
        loop {
            let Some(mut stepping) = self.stepping.take() else {
                return Ok(true);
            };
            *self = stepping.start.duplicate();
            let mut ask = Asker::replaying(deciders, &mut stepping.answers);
            self.turn(&mut ask);
            let (stopped, fault) = (ask.stopped, ask.fault);
            if let Some(fault) = fault {
                // Back to the turn's start, the refused answer not recorded.
                *self = stepping.start.duplicate();
                self.stepping = Some(stepping);
                return Err(fault);
            }
            if let Some((pending, asked)) = stopped {
                *self = *asked;
                stepping.waiting = Some(pending);
                self.stepping = Some(stepping);
                return Ok(true);
            }
            // The turn is over; the next starts here.
            stepping.answers.clear();
            stepping.waiting = None;
            stepping.start = Box::new(self.duplicate());
            self.stepping = Some(stepping);
            if !go_on(self) {
                return Ok(false);
            }
            if self.ending.is_some() {
                return Ok(true);
            }
        }
    }
}

impl Stepped for Monopoly {
    type Question = Question;
    type Answer = Answer;
    type View<'a> = View<'a>;
    type Refusal = AnswerError;

    fn players(&self) -> usize {
        self.players
    }

    fn pending(&self) -> Option<Pending<Question>> {
        if self.ending.is_some() {
            return None;
        }
        match &self.stepping {
            Some(stepping) => stepping.waiting,
            // Between turns: every turn opens with the player to move offered a trade.
            None => Some(Pending {
                seat: self.mover,
                question: Question::Trade,
            }),
        }
    }

    fn view(&self, seat: usize) -> View<'_> {
        View::new(self, seat)
    }

    fn answer(&mut self, answer: Answer) -> Result<(), Rejected<Answer, AnswerError>> {
        self.step_by_step();
        let Some(pending) = self.pending() else {
            return Err(Rejected {
                answer,
                reason: AnswerError::Over,
            });
        };
        if !pending.question.fits(&answer) {
            return Err(Rejected {
                answer,
                reason: AnswerError::Unasked(pending.question),
            });
        }
        if let Some(stepping) = &mut self.stepping {
            stepping.answers.push(answer);
        }
        // No one else is asked: the replay stops at the next question, whoever it is for.
        let _ = self.replay(&mut [], &mut |_| true);
        Ok(())
    }

    fn describe(&self) -> String {
        format!("turn {}, player {} to move", self.turns, self.mover + 1)
    }

    /// Plays turns asking the deciders as they go; a game with a decider that may not answer
    /// ([`Decider::waits`]) is stepped question by question instead, and stops at the first
    /// question without an answer. `go_on` is shown the game after each turn.
    fn advance(
        &mut self,
        deciders: &mut [Box<dyn Decider<Self>>],
        mut go_on: impl FnMut(&Self) -> bool,
    ) -> Result<Progress<Question>, DecisionError> {
        if self.stepping.is_some() || deciders.iter().any(|d| d.waits()) {
            self.step_by_step();
            if !self.replay(deciders, &mut go_on)? {
                return Ok(Progress::Stopped);
            }
        } else {
            while self.ending.is_none() {
                self.play_turn(deciders)?;
                if !go_on(self) {
                    return Ok(Progress::Stopped);
                }
            }
        }
        Ok(match self.pending() {
            Some(pending) => Progress::Waiting(pending),
            None => Progress::Over,
        })
    }
}
