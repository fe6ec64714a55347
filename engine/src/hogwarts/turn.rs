//! A Harry Potter turn as the questions it asks: a card or none, the move, the discard after
//! Engorgio, and then whether anyone challenges the words played (rule 8).
//!
//! Rule 8 as the referee plays it: a word the lexicon lacks never stands (the opponents, who
//! know the lexicon, challenge it, so the tiles go back and the turn is lost); a word that is
//! in the lexicon may still be challenged by anyone before the next turn starts, and the
//! challenger loses the penalty (docs/RULES.md).

use super::game::{HpError, HpGame, HpObservation};
use super::spells::CardPlay;
use crate::play::{Pending, Rejected, Stepped};
use crate::scrabble::{IllegalMove, Move, Rack};

/// What Scrabble: Harry Potter Edition asks a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HpQuestion {
    /// Whether to challenge the words `player` just played (every one is in the lexicon, so a
    /// challenge costs the challenger the penalty).
    Challenge {
        /// The seat whose words they are.
        player: usize,
    },
    /// A Hogwarts card to play before moving, or none.
    Card,
    /// The move.
    Move,
    /// `needed` tiles to return to the bag after `action`, which Engorgio left over-full.
    Discard {
        /// The move chosen (a pass when a word was challenged off).
        action: Move,
        /// Tiles to return.
        needed: usize,
    },
}

/// An answer to an [`HpQuestion`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HpAnswer {
    /// Challenge the words (`true`) or let them stand.
    Challenge(bool),
    /// The card to play, or none.
    Card(Option<CardPlay>),
    /// The move.
    Move(Move),
    /// The tiles to return.
    Discard(Rack),
}

/// Where a turn stands between questions.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) enum Stage {
    /// The seat to move may play a card.
    #[default]
    Card,
    /// The seat to move moves.
    Move,
    /// The seat to move returns tiles after `action`; `lost` is the word challenged off.
    Discard {
        action: Move,
        needed: usize,
        lost: Option<String>,
    },
    /// The other seats, `asked` of them so far from the next, may challenge `player`'s words.
    Challenge { player: usize, asked: usize },
}

impl HpGame {
    /// Ends the turn with `action` and `discard`; the turn's report is kept and the next
    /// question set. A word challenged off (`lost`) is noted in the report.
    fn end_turn(
        &mut self,
        action: Move,
        discard: Rack,
        lost: Option<String>,
    ) -> Result<(), HpError> {
        self.play_turn(action, discard)?;
        if let Some(report) = self.last_report_mut() {
            report.challenged_off = lost;
        }
        Ok(())
    }

    /// The move after its card: ended now, or a discard asked for first. A word the lexicon
    /// lacks is challenged off: the move becomes a pass and the turn is lost (rule 8).
    fn answer_move(&mut self, action: Move) -> Result<(), HpError> {
        let (action, lost) = match self.core().check(&action) {
            Ok(_) => (action, None),
            Err(IllegalMove::NotAWord { word }) => (Move::Pass, Some(word)),
            Err(error) => return Err(error.into()),
        };
        let needed = self.discard_needed(&action)?;
        if needed > 0 {
            self.set_stage(Stage::Discard {
                action,
                needed,
                lost,
            });
            Ok(())
        } else {
            self.end_turn(action, Rack::EMPTY, lost)
        }
    }

    /// A challenge of `player`'s words (all in the lexicon): the challenger loses the penalty.
    fn answer_challenge(&mut self, challenger: usize, player: usize, asked: usize, yes: bool) {
        if yes {
            let penalty = self.rules().numbers.challenge_penalty;
            self.add_points(challenger, -penalty);
            if let Some(report) = self.last_report_mut() {
                report.challenged_by = Some(challenger);
            }
            self.set_stage(Stage::Card);
        } else if asked + 2 < self.core().players() {
            self.set_stage(Stage::Challenge {
                player,
                asked: asked + 1,
            });
        } else {
            self.set_stage(Stage::Card);
        }
    }
}

impl Stepped for HpGame {
    type Question = HpQuestion;
    type Answer = HpAnswer;
    type View<'a> = HpObservation<'a>;
    type Refusal = HpError;

    fn players(&self) -> usize {
        self.core().players()
    }

    fn pending(&self) -> Option<Pending<HpQuestion>> {
        let core = self.core();
        if core.is_over() {
            return None;
        }
        let mover = core.to_move();
        let (seat, question) = match *self.stage() {
            Stage::Card => (mover, HpQuestion::Card),
            Stage::Move => (mover, HpQuestion::Move),
            Stage::Discard { action, needed, .. } => {
                (mover, HpQuestion::Discard { action, needed })
            }
            Stage::Challenge { player, asked } => (
                (player + 1 + asked) % core.players(),
                HpQuestion::Challenge { player },
            ),
        };
        Some(Pending { seat, question })
    }

    fn view(&self, seat: usize) -> HpObservation<'_> {
        self.observation(seat)
    }

    fn answer(&mut self, answer: HpAnswer) -> Result<(), Rejected<HpAnswer, HpError>> {
        let Some(pending) = self.pending() else {
            return Err(Rejected {
                answer,
                reason: HpError::Illegal(IllegalMove::GameOver),
            });
        };
        let result = match (self.stage().clone(), answer) {
            (Stage::Challenge { player, asked }, HpAnswer::Challenge(yes)) => {
                self.answer_challenge(pending.seat, player, asked, yes);
                Ok(())
            }
            (Stage::Card, HpAnswer::Card(None)) => {
                self.set_stage(Stage::Move);
                Ok(())
            }
            (Stage::Card, HpAnswer::Card(Some(play))) => {
                self.play_card(play).map(|_| ()).map_err(HpError::from)
            }
            (Stage::Move, HpAnswer::Move(action)) => self.answer_move(action),
            (Stage::Discard { action, lost, .. }, HpAnswer::Discard(discard)) => {
                self.end_turn(action, discard, lost)
            }
            _ => Err(HpError::Unasked {
                asked: format!("{:?}", pending.question),
            }),
        };
        result.map_err(|reason| Rejected { answer, reason })
    }

    fn notation(&self, answer: &HpAnswer) -> String {
        match answer {
            HpAnswer::Move(action) => action.notation(self.core().board()),
            other => format!("{other:?}"),
        }
    }

    fn describe(&self) -> String {
        self.core().to_cgp().to_string()
    }
}
