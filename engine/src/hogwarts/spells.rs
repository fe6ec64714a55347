//! Playing a Hogwarts card (rules 11-14 and the cards' own texts): the effects that happen at
//! once, and the ones that change the move that follows.

use super::cards::Card;
use super::game::{CardEvent, HpGame, HpObservation};
use super::rules::{CardTable, RACK_LIMIT};
use crate::scrabble::layout::SQUARES;
use crate::scrabble::tiles::kind_char;
use crate::scrabble::{Rack, square_name};

/// A card played, with the choices it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardPlay {
    /// Ask `target` for `letter` (not the blank); if they hold it they swap it for `give`.
    Veritaserum {
        /// The seat asked.
        target: usize,
        /// The letter asked for, 0-25.
        letter: u8,
        /// The tile kind handed over in exchange.
        give: usize,
    },
    /// Draw more cards.
    FelixFelicis,
    /// A Bonus card for this turn's placement: Harry Potter, Tom Marvolo Riddle, Ron Weasley or Buckbeak.
    Bonus(Card),
    /// This turn's Glossary words score the Revelio bonus.
    Revelio,
    /// Take a tile, unseen, from `target`'s rack.
    Expelliarmus {
        /// The seat robbed.
        target: usize,
    },
    /// Points at once.
    Rictusempra,
    /// Swap the rack's letter for the blank standing for it on `square`.
    Alohomora {
        /// The board square (row-major index) of the blank.
        square: usize,
    },
    /// Draw as many cards as are held.
    Gemino,
    /// Draw extra tiles now; discard down to a full rack at the end of the turn.
    Engorgio,
    /// Exchange these tiles and still play.
    Transfiguration {
        /// The tiles returned.
        tiles: Rack,
    },
    /// Play this turn's word backwards.
    Confundo,
    /// Take another turn after this one.
    Reparo,
}

impl CardPlay {
    /// The card this play uses.
    pub fn card(&self) -> Card {
        match *self {
            CardPlay::Veritaserum { .. } => Card::Veritaserum,
            CardPlay::FelixFelicis => Card::FelixFelicis,
            CardPlay::Bonus(card) => card,
            CardPlay::Revelio => Card::Revelio,
            CardPlay::Expelliarmus { .. } => Card::Expelliarmus,
            CardPlay::Rictusempra => Card::Rictusempra,
            CardPlay::Alohomora { .. } => Card::Alohomora,
            CardPlay::Gemino => Card::Gemino,
            CardPlay::Engorgio => Card::Engorgio,
            CardPlay::Transfiguration { .. } => Card::Transfiguration,
            CardPlay::Confundo => Card::Confundo,
            CardPlay::Reparo => Card::Reparo,
        }
    }
}

/// Why a card cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The seat does not hold the card.
    #[error("you do not hold {0}")]
    NotHeld(Card),
    /// A card was already played this turn (rule 13).
    #[error("only one Hogwarts card may be played each turn")]
    OnePerTurn,
    /// A Bonus play named a card that is not a Bonus card.
    #[error("{0} is not a Bonus card")]
    NotABonusCard(Card),
    /// The seat named is not another player.
    #[error("player {} is not another player in this game", .0 + 1)]
    BadTarget(usize),
    /// Veritaserum asks for a letter, not the blank.
    #[error("Veritaserum asks for a letter A-Z, not the blank")]
    BadLetter,
    /// The rack lacks a tile the card needs.
    #[error("your rack does not hold {0}")]
    NotOnRack(String),
    /// Expelliarmus on a rack already at the limit.
    #[error("your rack holds {0} tiles, the most a rack may hold")]
    RackFull(usize),
    /// Alohomora needs a blank on the board standing for a letter on the rack.
    #[error("{} holds no blank standing for a letter on your rack", square_name(*.0))]
    NoBlankToSwap(usize),
    /// Transfiguration needs tiles in the bag.
    #[error("the bag holds {bag} tiles, fewer than the {wanted} to exchange")]
    BagTooSmall {
        /// Tiles in the bag.
        bag: usize,
        /// Tiles to exchange.
        wanted: usize,
    },
}

/// How the card played this turn changes the move that follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TurnCard {
    /// The card played this turn, if any.
    pub card: Option<Card>,
    /// Points it scored at once (Rictusempra, Competition cards drawn with it).
    pub points: i32,
    /// Tiles drawn by Engorgio: the rack is discarded down at the end of the turn.
    pub engorged: bool,
}

impl HpGame {
    /// Plays a card from the hand of the seat to move, before its move (rule 13: one a turn).
    pub fn play_card(&mut self, play: CardPlay) -> Result<i32, CardError> {
        if self.core().is_over() {
            return Err(CardError::GameOver);
        }
        let seat = self.core().to_move();
        let card = play.card();
        self.observation(seat).check_card(&play)?;
        let mut points = 0;
        let mut engorged = false;
        let mut took = None;
        // A dud (`power = false`) is played, doing nothing.
        if !self.rules().numbers.cards.entry(card).power {
            self.discard_played(seat, card);
            return Ok(self.finish_card(seat, play, 0, false, None));
        }
        match play {
            CardPlay::Veritaserum {
                target,
                letter,
                give,
            } => {
                if self.core().rack(target).count(usize::from(letter)) > 0 {
                    let core = self.core_mut();
                    core.transfer_tile(target, seat, usize::from(letter));
                    core.transfer_tile(seat, target, give);
                    took = Some(usize::from(letter));
                }
            }
            CardPlay::FelixFelicis => {
                self.discard_played(seat, card);
                let draws = self.rules().numbers.cards.entry(card).draws.unwrap_or(0);
                for _ in 0..draws {
                    points += self.draw_for(seat);
                }
                return Ok(self.finish_card(seat, play, points, engorged, took));
            }
            CardPlay::Bonus(_) | CardPlay::Revelio | CardPlay::Reparo => {}
            CardPlay::Expelliarmus { target } => {
                if let Some(kind) = self.core_mut().random_tile(target) {
                    self.core_mut().transfer_tile(target, seat, kind);
                    took = Some(kind);
                }
            }
            CardPlay::Rictusempra => {
                points = self.rules().numbers.cards.entry(card).points.unwrap_or(0);
            }
            CardPlay::Alohomora { square } => {
                let swapped = self.core_mut().swap_blank(seat, square);
                debug_assert!(swapped, "checked: a blank for a letter on the rack");
            }
            CardPlay::Gemino => {
                self.discard_played(seat, card);
                let held = self.piles().hands[seat].len();
                for _ in 0..held {
                    points += self.draw_for(seat);
                }
                return Ok(self.finish_card(seat, play, points, engorged, took));
            }
            CardPlay::Engorgio => {
                let tiles = self.rules().numbers.cards.entry(card).tiles.unwrap_or(0);
                let room = RACK_LIMIT.saturating_sub(self.core().rack(seat).len());
                self.core_mut().draw_extra(seat, tiles.min(room));
                engorged = true;
            }
            CardPlay::Transfiguration { tiles } => {
                let exchanged = self.core_mut().exchange_free(seat, &tiles);
                debug_assert!(
                    exchanged,
                    "checked: the tiles on the rack, the bag big enough"
                );
            }
            CardPlay::Confundo => self.core_mut().allow_backwards(),
        }
        self.discard_played(seat, card);
        Ok(self.finish_card(seat, play, points, engorged, took))
    }

    fn finish_card(
        &mut self,
        seat: usize,
        play: CardPlay,
        points: i32,
        engorged: bool,
        took: Option<usize>,
    ) -> i32 {
        self.push_event(CardEvent::Played {
            seat,
            play,
            points,
            took,
        });
        self.set_turn_card(TurnCard {
            card: Some(play.card()),
            points,
            engorged,
        });
        self.set_stage(super::turn::Stage::Move);
        points
    }

    /// The bonus a placement earns from the Bonus card played this turn: points for each
    /// placed tile (not a blank) showing one of the card's letters.
    pub(super) fn bonus_card_points(
        &self,
        card: Card,
        placed: impl Iterator<Item = crate::scrabble::Cell>,
    ) -> i32 {
        self.rules().numbers.cards.entry(card).bonus_points(placed)
    }
}

impl HpObservation<'_> {
    /// Whether the seat may play `play` now, before its move: every reason a play is refused,
    /// read from what the seat may see (the game checks a play here before it takes effect).
    pub fn check_card(&self, play: &CardPlay) -> Result<(), CardError> {
        let seat = self.core.seat;
        let card = play.card();
        if self.card_played.is_some() {
            return Err(CardError::OnePerTurn);
        }
        if !self.hand.contains(&card) {
            return Err(CardError::NotHeld(card));
        }
        if let CardPlay::Bonus(bonus) = *play
            && !bonus.is_bonus()
        {
            return Err(CardError::NotABonusCard(bonus));
        }
        // A dud is checked no further: it does nothing.
        if !self.numbers.cards.entry(card).power {
            return Ok(());
        }
        let players = self.core.scores.len();
        let other = |target: usize| {
            if target < players && target != seat {
                Ok(())
            } else {
                Err(CardError::BadTarget(target))
            }
        };
        let rack = &self.core.rack;
        match *play {
            CardPlay::Veritaserum {
                target,
                letter,
                give,
            } => {
                other(target)?;
                if letter >= 26 {
                    return Err(CardError::BadLetter);
                }
                if rack.count(give) == 0 {
                    return Err(CardError::NotOnRack(kind_char(give).to_string()));
                }
            }
            CardPlay::Expelliarmus { target } => {
                other(target)?;
                if rack.len() >= RACK_LIMIT {
                    return Err(CardError::RackFull(RACK_LIMIT));
                }
            }
            CardPlay::Alohomora { square } => {
                let cell = (square < SQUARES).then(|| self.core.board.at(square));
                let swappable = cell.is_some_and(|cell| {
                    !cell.is_empty()
                        && cell.is_blank()
                        && rack.count(usize::from(cell.letter())) > 0
                });
                if !swappable {
                    return Err(CardError::NoBlankToSwap(square));
                }
            }
            CardPlay::Transfiguration { tiles } => {
                if !rack.contains(&tiles) || tiles.is_empty() {
                    return Err(CardError::NotOnRack(tiles.to_string()));
                }
                if self.core.bag_len < tiles.len() {
                    return Err(CardError::BagTooSmall {
                        bag: self.core.bag_len,
                        wanted: tiles.len(),
                    });
                }
            }
            CardPlay::FelixFelicis
            | CardPlay::Bonus(_)
            | CardPlay::Revelio
            | CardPlay::Rictusempra
            | CardPlay::Gemino
            | CardPlay::Engorgio
            | CardPlay::Confundo
            | CardPlay::Reparo => {}
        }
        Ok(())
    }
}
