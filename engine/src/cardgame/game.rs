//! A Classic game of the Scrabble Card Game: the pack, hands, turns, the table cleared after
//! each play, and the end with its hand adjustments.

use std::sync::Arc;

use lexicon::Lexicon;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::check::{IllegalPlay, Play, Premium, Scored, check_play};
use super::rules::CardRules;
use super::table::Table;
use crate::scrabble::tiles::{BLANK, KINDS};
use crate::scrabble::{Cell, GameRng, Rack};

/// The most players at a table.
pub const MAX_CARD_PLAYERS: usize = 4;

/// A card of the pack, by kind: letters 0-25, the blank 26, then the two Premium cards.
pub type CardKind = u8;
/// The Double Word Score card's kind.
pub const DOUBLE: CardKind = KINDS as u8;
/// The Triple Word Score card's kind.
pub const TRIPLE: CardKind = KINDS as u8 + 1;
/// Kinds of card in the Classic pack.
pub const PACK_KINDS: usize = KINDS + 2;

/// A player's cards: letters, and Premium cards held beside them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Hand {
    /// The letter cards (a blank is kind 26).
    pub letters: Rack,
    /// Double and Triple Word Score cards held.
    pub premiums: [u8; 2],
}

impl Hand {
    /// Premium cards of a kind held.
    pub fn premium(&self, premium: Premium) -> u8 {
        self.premiums[premium as usize]
    }
}

/// What a player does on a turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardMove {
    /// Lay letter cards (and perhaps a Premium card).
    Place(Play),
    /// Discard these cards and draw as many.
    Exchange {
        /// Letter cards given up.
        letters: Rack,
        /// Double and Triple cards given up.
        premiums: [u8; 2],
    },
    /// Do nothing.
    Pass,
}

/// Why a move is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardMoveError {
    /// The play breaks a rule.
    #[error(transparent)]
    Illegal(#[from] IllegalPlay),
    /// The hand lacks a card the move uses.
    #[error("the hand does not hold the cards the move uses")]
    NotInHand,
    /// More cards exchanged than the draw pile holds.
    #[error("the draw pile holds only {0} cards")]
    DrawPileShort(usize),
    /// The game is over.
    #[error("the game is over")]
    Over,
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardEnd {
    /// A player laid their last letter with the draw pile empty.
    WentOut {
        /// The player.
        seat: usize,
    },
    /// Every player passed the set number of times in succession.
    Passes,
}

/// One turn, as the history records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardTurn {
    /// Who moved.
    pub seat: usize,
    /// What they did.
    pub action: CardMove,
    /// The words and points of a play.
    pub scored: Option<Scored>,
    /// Cards cleared from the table after it.
    pub cleared: usize,
    /// What the Premium card laid added to the turn.
    pub premium_gain: i32,
}

/// A game in progress.
#[derive(Debug, Clone)]
pub struct CardGame {
    rules: Arc<CardRules>,
    lexicon: Arc<Lexicon>,
    players: usize,
    hands: [Hand; MAX_CARD_PLAYERS],
    scores: [i32; MAX_CARD_PLAYERS],
    adjustments: [i32; MAX_CARD_PLAYERS],
    table: Table,
    draw: Vec<CardKind>,
    discard: Vec<CardKind>,
    first: usize,
    mover: usize,
    passes: u32,
    end: Option<CardEnd>,
    history: Vec<CardTurn>,
    premiums_drawn: [[u16; 2]; MAX_CARD_PLAYERS],
}

/// One seat's view of the game: never another hand or the order of the draw pile.
#[derive(Debug, Clone, Copy)]
pub struct CardView<'a> {
    /// The seat looking.
    pub seat: usize,
    /// Its cards.
    pub hand: &'a Hand,
    /// The table.
    pub table: &'a Table,
    /// Every player's score.
    pub scores: &'a [i32],
    /// Cards left to draw.
    pub draw_len: usize,
    /// The rules.
    pub rules: &'a CardRules,
    /// The words accepted.
    pub lexicon: &'a Lexicon,
}

/// A game that cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0} players: the card game takes 2 to 4")]
pub struct CardPlayers(pub usize);

impl CardGame {
    /// A shuffled pack, seven letters dealt each, the first player cut at random.
    pub fn new(
        rules: Arc<CardRules>,
        lexicon: Arc<Lexicon>,
        players: usize,
        seed: u64,
    ) -> Result<CardGame, CardPlayers> {
        if !(2..=MAX_CARD_PLAYERS).contains(&players) {
            return Err(CardPlayers(players));
        }
        let mut rng = GameRng::seed_from_u64(seed);
        let mut draw = Vec::with_capacity(rules.letters.total() + 10);
        for kind in 0..KINDS {
            draw.extend(std::iter::repeat_n(
                kind as CardKind,
                rules.letters.count(kind) as usize,
            ));
        }
        draw.extend(std::iter::repeat_n(
            DOUBLE,
            rules.numbers.double_word_cards as usize,
        ));
        draw.extend(std::iter::repeat_n(
            TRIPLE,
            rules.numbers.triple_word_cards as usize,
        ));
        draw.shuffle(&mut rng);
        // Cutting the pack for the lowest letter: every player equally likely.
        let first = rng.random_range(0..players);
        let mut game = CardGame {
            rules,
            lexicon,
            players,
            hands: [Hand::default(); MAX_CARD_PLAYERS],
            scores: [0; MAX_CARD_PLAYERS],
            adjustments: [0; MAX_CARD_PLAYERS],
            table: Table::new(),
            draw,
            discard: Vec::new(),
            first,
            mover: first,
            passes: 0,
            end: None,
            history: Vec::new(),
            premiums_drawn: [[0; 2]; MAX_CARD_PLAYERS],
        };
        for seat in 0..players {
            game.refill(seat);
        }
        Ok(game)
    }

    /// Draws until the hand holds a full hand of letters or the pile is empty; a Premium card
    /// drawn is kept beside the letters and does not count towards them.
    fn refill(&mut self, seat: usize) {
        while self.hands[seat].letters.len() < self.rules.numbers.hand_size {
            let Some(card) = self.draw.pop() else {
                return;
            };
            self.take_card(seat, card);
        }
    }

    fn take_card(&mut self, seat: usize, card: CardKind) {
        match card {
            DOUBLE => {
                self.hands[seat].premiums[0] += 1;
                self.premiums_drawn[seat][0] += 1;
            }
            TRIPLE => {
                self.hands[seat].premiums[1] += 1;
                self.premiums_drawn[seat][1] += 1;
            }
            letter => self.hands[seat].letters.add(letter as usize),
        }
    }

    /// The rules in play.
    pub fn rules(&self) -> &CardRules {
        &self.rules
    }

    /// The words the game accepts.
    pub fn lexicon(&self) -> &Lexicon {
        &self.lexicon
    }

    /// Players at the table.
    pub fn players(&self) -> usize {
        self.players
    }

    /// A player's cards.
    pub fn hand(&self, seat: usize) -> &Hand {
        &self.hands[seat]
    }

    /// Scores, end adjustments included once the game is over.
    pub fn scores(&self) -> &[i32] {
        &self.scores[..self.players]
    }

    /// The end adjustments (hand values).
    pub fn adjustments(&self) -> &[i32] {
        &self.adjustments[..self.players]
    }

    /// The cards on the table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Cards left to draw.
    pub fn draw_len(&self) -> usize {
        self.draw.len()
    }

    /// Cards on the discard pile.
    pub fn discard_len(&self) -> usize {
        self.discard.len()
    }

    /// The player who moved first.
    pub fn first(&self) -> usize {
        self.first
    }

    /// The player to move.
    pub fn mover(&self) -> usize {
        self.mover
    }

    /// Why the game ended, once it has.
    pub fn end(&self) -> Option<CardEnd> {
        self.end
    }

    /// Double and Triple cards each player has drawn.
    pub fn premiums_drawn(&self, seat: usize) -> [u16; 2] {
        self.premiums_drawn[seat]
    }

    /// Every turn so far.
    pub fn history(&self) -> &[CardTurn] {
        &self.history
    }

    /// What a seat may see: the table, its own hand, the scores and the piles' sizes.
    pub fn view(&self, seat: usize) -> CardView<'_> {
        CardView {
            seat,
            hand: &self.hands[seat],
            table: &self.table,
            scores: &self.scores[..self.players],
            draw_len: self.draw.len(),
            rules: &self.rules,
            lexicon: &self.lexicon,
        }
    }

    /// Checks a play for the player to move and scores it, without making it.
    pub fn score(&self, play: &Play) -> Result<Scored, CardMoveError> {
        let hand = &self.hands[self.mover];
        let mut needed = Rack::EMPTY;
        for tile in &play.tiles {
            needed.add(if tile.cell.is_blank() {
                BLANK
            } else {
                tile.cell.letter() as usize
            });
        }
        let premium_ok = play.premium.is_none_or(|(p, _)| hand.premium(p) > 0);
        if !hand.letters.contains(&needed) || !premium_ok {
            return Err(CardMoveError::NotInHand);
        }
        Ok(check_play(&self.table, play, &self.rules, &self.lexicon)?)
    }

    /// Makes the player to move's move, or refuses it with the reason.
    pub fn play(&mut self, action: CardMove) -> Result<&CardTurn, CardMoveError> {
        if self.end.is_some() {
            return Err(CardMoveError::Over);
        }
        let seat = self.mover;
        let mut scored = None;
        let mut cleared = 0;
        let mut premium_gain = 0;
        match &action {
            CardMove::Place(play) => {
                let result = self.score(play)?;
                let earlier = self.table.words();
                for tile in &play.tiles {
                    let kind = if tile.cell.is_blank() {
                        BLANK
                    } else {
                        tile.cell.letter() as usize
                    };
                    self.hands[seat].letters.take(kind);
                    self.table.put(tile.pos, tile.cell);
                }
                if let Some((premium, _)) = play.premium {
                    self.hands[seat].premiums[premium as usize] -= 1;
                    self.discard.push(match premium {
                        Premium::Double => DOUBLE,
                        Premium::Triple => TRIPLE,
                    });
                }
                if play.premium.is_some() {
                    // A Premium card is never laid on the first word, so this is no opening.
                    let whole = play.tiles.len() == self.rules.numbers.hand_size;
                    premium_gain = result.points
                        - super::check::total(&result.words, None, false, whole, &self.rules);
                }
                let made: Vec<_> = result.words.iter().map(|w| w.run).collect();
                let gone = self.table.clear_old_words(&made, &earlier, &self.lexicon);
                cleared = gone.len();
                for cell in gone {
                    self.discard.push(card_of(cell));
                }
                self.scores[seat] += result.points;
                self.passes = 0;
                self.refill(seat);
                if self.hands[seat].letters.is_empty() && self.draw.is_empty() {
                    self.end = Some(CardEnd::WentOut { seat });
                }
                scored = Some(result);
            }
            CardMove::Exchange { letters, premiums } => {
                let hand = self.hands[seat];
                let count = letters.len() + premiums[0] as usize + premiums[1] as usize;
                if count == 0
                    || !hand.letters.contains(letters)
                    || premiums[0] > hand.premiums[0]
                    || premiums[1] > hand.premiums[1]
                {
                    return Err(CardMoveError::NotInHand);
                }
                if count > self.draw.len() {
                    return Err(CardMoveError::DrawPileShort(self.draw.len()));
                }
                self.hands[seat].letters.take_all(letters);
                self.discard
                    .extend(letters.kinds().map(|kind| kind as CardKind));
                for (slot, card) in [(0, DOUBLE), (1, TRIPLE)] {
                    self.hands[seat].premiums[slot] -= premiums[slot];
                    self.discard
                        .extend(std::iter::repeat_n(card, premiums[slot] as usize));
                }
                for _ in 0..count {
                    let card = self.draw.pop().expect("the pile holds enough");
                    self.take_card(seat, card);
                }
                self.passes = 0;
            }
            CardMove::Pass => {
                self.passes += 1;
                if self.passes >= self.rules.numbers.passes_each_to_end * self.players as u32 {
                    self.end = Some(CardEnd::Passes);
                }
            }
        }
        self.history.push(CardTurn {
            seat,
            action,
            scored,
            cleared,
            premium_gain,
        });
        if let Some(end) = self.end {
            self.adjust(end);
        } else {
            self.mover = (self.mover + 1) % self.players;
        }
        Ok(self.history.last().expect("just pushed"))
    }

    /// Each player loses their hand's letter values; one who went out gains the others'.
    fn adjust(&mut self, end: CardEnd) {
        let mut left_over = 0;
        for seat in 0..self.players {
            let value = self.hands[seat]
                .letters
                .points(|kind| self.rules.letters.points(kind));
            self.adjustments[seat] = -value;
            left_over += value;
        }
        if let CardEnd::WentOut { seat } = end {
            self.adjustments[seat] += left_over;
        }
        for seat in 0..self.players {
            self.scores[seat] += self.adjustments[seat];
        }
    }

    /// Checks that every card of the pack is in exactly one place: draw pile, hands, table or
    /// discard pile.
    pub fn check_cards(&self) -> Result<(), String> {
        let mut counts = [0usize; PACK_KINDS];
        for &card in self.draw.iter().chain(&self.discard) {
            counts[card as usize] += 1;
        }
        for hand in &self.hands[..self.players] {
            for (kind, count) in counts.iter_mut().enumerate().take(KINDS) {
                *count += hand.letters.count(kind) as usize;
            }
            counts[DOUBLE as usize] += hand.premiums[0] as usize;
            counts[TRIPLE as usize] += hand.premiums[1] as usize;
        }
        for (_, cell) in self.table.cells() {
            counts[card_of(cell) as usize] += 1;
        }
        let numbers = &self.rules.numbers;
        for (kind, &count) in counts.iter().enumerate() {
            let expected = match kind as CardKind {
                DOUBLE => numbers.double_word_cards as usize,
                TRIPLE => numbers.triple_word_cards as usize,
                letter => self.rules.letters.count(letter as usize) as usize,
            };
            if count != expected {
                return Err(format!("kind {kind}: {count} cards, expected {expected}"));
            }
        }
        for run in self.table.words() {
            let text = self.table.text(&run).to_ascii_uppercase();
            if !self.lexicon.contains(&text) {
                return Err(format!("{text} on the table is not a word"));
            }
        }
        Ok(())
    }
}

/// The pack's kind of a card on the table.
fn card_of(cell: Cell) -> CardKind {
    if cell.is_blank() {
        BLANK as CardKind
    } else {
        cell.letter() as CardKind
    }
}
