//! The card game's turns as the questions they ask: in Classic and Forfeit the move, and in
//! Forfeit, after each play that does not end the game, each player from its maker whose
//! Action card fits the words; in Rummy the draw, then the words and the discard.

use super::check::IllegalPlay;
use super::game::{CardGame, CardMove, CardMoveError, CardView};
use super::rummy::{MeldError, RoundCard, RoundResult, RummyGame};
use crate::play::{Pending, Rejected, Stepped};
use crate::scrabble::{Cell, Rack};

/// What the Classic and Forfeit games ask a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardQuestion {
    /// The seat to move's move.
    Move,
    /// Forfeit: whether to lay the seat's Action card on the words `player` just played, and
    /// with which category.
    Action {
        /// The seat whose words they are.
        player: usize,
    },
}

/// An answer to a [`CardQuestion`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardAnswer {
    /// The move.
    Move(CardMove),
    /// The Action card's category (0 or 1) to play, or none.
    Action(Option<usize>),
}

impl Stepped for CardGame {
    type Question = CardQuestion;
    type Answer = CardAnswer;
    type View<'a> = CardView<'a>;
    type Refusal = CardMoveError;

    fn players(&self) -> usize {
        CardGame::players(self)
    }

    fn pending(&self) -> Option<Pending<CardQuestion>> {
        if self.end().is_some() {
            return None;
        }
        Some(match (self.next_action_seat(), self.view(0).turn_player) {
            (Some((seat, _)), Some(player)) => Pending {
                seat,
                question: CardQuestion::Action { player },
            },
            _ => Pending {
                seat: self.mover(),
                question: CardQuestion::Move,
            },
        })
    }

    fn view(&self, seat: usize) -> CardView<'_> {
        CardGame::view(self, seat)
    }

    fn answer(&mut self, answer: CardAnswer) -> Result<(), Rejected<CardAnswer, CardMoveError>> {
        let refuse = |answer, reason| Err(Rejected { answer, reason });
        if self.end().is_some() {
            return refuse(answer, CardMoveError::Over);
        }
        match (self.next_action_seat(), answer) {
            (Some((seat, k)), CardAnswer::Action(category)) => {
                if let Some(category) = category {
                    if let Err(error) = self.play_action(seat, category) {
                        return refuse(CardAnswer::Action(Some(category)), error.into());
                    }
                }
                self.pass_action_seat(k);
                Ok(())
            }
            (None, CardAnswer::Move(action)) => {
                // A word the lexicon lacks does not stand: the other players, who know the
                // lexicon, challenge it, and the turn is lost ("Challenging Words"). A refused
                // play changes nothing the pass after it does not set again.
                let played = match self.play(action.clone()) {
                    Err(CardMoveError::Illegal(IllegalPlay::NotAWord(word))) => {
                        self.challenge_off(word)
                    }
                    played => played.map(|_| ()),
                };
                played.or_else(|reason| refuse(CardAnswer::Move(action), reason))
            }
            (waiting, answer) => {
                let asked = match waiting {
                    Some(_) => "an Action card or none",
                    None => "a move",
                };
                refuse(
                    answer,
                    CardMoveError::Unasked {
                        asked: asked.into(),
                    },
                )
            }
        }
    }

    fn describe(&self) -> String {
        let table = self.table();
        let words: Vec<String> = table.words().iter().map(|run| table.text(run)).collect();
        format!(
            "player {} to move, the table holding {}",
            self.mover() + 1,
            words.join(" ")
        )
    }
}

/// What Rummy asks the seat to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RummyQuestion {
    /// Draw from the draw pile or take the discard pile's top card.
    Draw,
    /// Lay words for the Round card (or none) and discard a card.
    Meld,
}

/// An answer to a [`RummyQuestion`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RummyAnswer {
    /// Take the discard pile's top card (`true`) or draw from the pile.
    Draw {
        /// Whether the card comes from the discard pile.
        from_discard: bool,
    },
    /// The words to lay (none to lay nothing) and the card to discard (a letter 0-25, 26 the
    /// blank).
    Meld {
        /// The words, as cells (a blank's letter in lower case).
        words: Vec<Vec<Cell>>,
        /// The card discarded.
        discard: u8,
    },
}

/// One seat's view of a Rummy game: its own hand, never another's or the draw pile's order.
#[derive(Debug, Clone, Copy)]
pub struct RummyView<'a> {
    /// The seat looking.
    pub seat: usize,
    /// Its cards.
    pub hand: &'a Rack,
    /// The discard pile's top card, if any.
    pub discard_top: Option<u8>,
    /// The Round card in play.
    pub round: &'a RoundCard,
    /// Its index among the game's Round cards.
    pub round_card: usize,
    /// Every player's score.
    pub scores: &'a [i32],
    /// The rounds finished.
    pub results: &'a [RoundResult],
    /// The rules.
    pub rules: &'a super::rules::CardRules,
    /// The words accepted.
    pub lexicon: &'a lexicon::Lexicon,
}

impl RummyGame {
    /// What `seat` may see.
    pub fn view(&self, seat: usize) -> RummyView<'_> {
        RummyView {
            seat,
            hand: self.hand(seat),
            discard_top: self.discard_top(),
            round: &self.round_cards()[self.round_card()],
            round_card: self.round_card(),
            scores: self.scores(),
            results: self.results(),
            rules: self.rules(),
            lexicon: self.lexicon(),
        }
    }
}

impl Stepped for RummyGame {
    type Question = RummyQuestion;
    type Answer = RummyAnswer;
    type View<'a> = RummyView<'a>;
    type Refusal = MeldError;

    fn players(&self) -> usize {
        RummyGame::players(self)
    }

    fn pending(&self) -> Option<Pending<RummyQuestion>> {
        if self.is_over() {
            return None;
        }
        let question = if self.drawn() {
            RummyQuestion::Meld
        } else {
            RummyQuestion::Draw
        };
        Some(Pending {
            seat: self.mover(),
            question,
        })
    }

    fn view(&self, seat: usize) -> RummyView<'_> {
        RummyGame::view(self, seat)
    }

    fn answer(&mut self, answer: RummyAnswer) -> Result<(), Rejected<RummyAnswer, MeldError>> {
        let result = match &answer {
            RummyAnswer::Draw { from_discard } => self.draw(*from_discard).map(|_| ()),
            RummyAnswer::Meld { words, discard } => self.finish(words, *discard).map(|_| ()),
        };
        result.map_err(|reason| Rejected { answer, reason })
    }

    fn describe(&self) -> String {
        format!(
            "round {} ({}), player {} holding {}",
            self.results().len() + 1,
            self.round_cards()[self.round_card()].name,
            self.mover() + 1,
            self.hand(self.mover())
        )
    }
}
