//! A Classic game of the Scrabble Card Game: the pack, hands, turns, the table cleared after
//! each play, and the end with its hand adjustments.

use std::collections::VecDeque;
use std::sync::Arc;

use lexicon::Lexicon;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::actions::ActionCard;
use super::check::{IllegalPlay, Play, Premium, Scored, check_play};
use super::rules::{CardRules, Variant};
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
        /// Whether the Action card goes too (Forfeit): under the Action deck, a new one drawn.
        action: bool,
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
    /// An Action card cannot be played so.
    #[error(transparent)]
    Action(#[from] ActionError),
    /// An answer to a question the game did not ask.
    #[error("the game asks for {asked}")]
    Unasked {
        /// The question waiting.
        asked: String,
    },
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
    /// The word not in the lexicon that was challenged off: the cards went back to the hand
    /// and the turn was lost, as a pass ("Challenging Words").
    pub challenged_off: Option<String>,
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
    /// Forfeit: the Action deck (top first) and each hand's Action card.
    action_deck: VecDeque<u8>,
    action_hands: [Option<u8>; MAX_CARD_PLAYERS],
    /// Forfeit: for each Action card, the seats (a bit each) that have held it.
    action_holders: Vec<u8>,
    /// The last play's words (upper case) and player, while Action cards may be played on them.
    turn_words: Vec<String>,
    turn_player: Option<usize>,
    /// Where this turn's Action cards begin in `action_plays`.
    turn_actions: usize,
    action_plays: Vec<ActionPlay>,
    /// Forfeit, after a play: the seat that made it and how many seats, from it, have been
    /// offered the chance to lay their Action card on its words.
    action_round: Option<(usize, usize)>,
}

/// An Action card played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionPlay {
    /// Who played it.
    pub seat: usize,
    /// Whose words it was played on.
    pub word_player: usize,
    /// The card (an index into the rules' Action cards) and its category (0 or 1).
    pub card: usize,
    /// The category used.
    pub category: usize,
    /// Points gained by its player (own words) or lost by the words' player.
    pub points: i32,
}

/// One seat's view of the game: never another hand or the order of the draw pile.
#[derive(Debug, Clone, Copy)]
pub struct CardView<'a> {
    /// The seat looking.
    pub seat: usize,
    /// Forfeit: its Action card.
    pub action: Option<&'a ActionCard>,
    /// The last play's words (upper case), while Action cards may be played on them.
    pub turn_words: &'a [String],
    /// Who made the last play.
    pub turn_player: Option<usize>,
    /// The Action cards played on the last play so far.
    pub turn_actions: &'a [ActionPlay],
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

impl CardView<'_> {
    /// Forfeit: the categories of this seat's Action card it may play now: each that a word
    /// of the last play passes and that no Action card has counted this turn.
    pub fn fitting_categories(&self) -> impl Iterator<Item = usize> + '_ {
        let card = self.action.filter(|_| self.turn_player.is_some());
        let counted = |name: &str| {
            self.turn_actions
                .iter()
                .any(|p| self.rules.actions[p.card].categories[p.category].name == name)
        };
        card.into_iter().flat_map(move |card| {
            card.categories
                .iter()
                .enumerate()
                .filter(move |(_, c)| {
                    !counted(&c.name) && self.turn_words.iter().any(|w| c.test.passes(w))
                })
                .map(|(index, _)| index)
        })
    }
}

/// Why an Action card cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The seat holds no Action card (not Forfeit).
    #[error("no Action card in hand")]
    NoCard,
    /// No play to play it on.
    #[error("an Action card is played on the words of the play just made")]
    NoWords,
    /// The category is 0 or 1.
    #[error("an Action card has two categories, 1 and 2")]
    NoCategory,
    /// No word of the turn is in the category.
    #[error("no word of this turn is in \"{0}\"")]
    NoMatch(String),
    /// The category was counted already this turn.
    #[error("\"{0}\" was counted on this turn already")]
    Counted(String),
}

/// A game that cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardSetup {
    /// Too few or too many players.
    #[error("{0} players: the card game takes 2 to 4")]
    Players(usize),
    /// Rummy's pack cannot fill every hand and still turn a card up: the first draw would
    /// find both piles empty.
    #[error(
        "rummy deals {players} hands of {hand_size} cards and turns one up: the pack needs at \
         least {needed} letter cards and holds {held}"
    )]
    ShortPack {
        /// Players dealt in.
        players: usize,
        /// Cards in a full hand.
        hand_size: usize,
        /// The fewest cards that deal every hand and turn one up.
        needed: usize,
        /// Letter cards in the pack.
        held: usize,
    },
}

/// Refuses a player count the card games do not take.
pub(super) fn check_players(players: usize) -> Result<(), CardSetup> {
    if (2..=MAX_CARD_PLAYERS).contains(&players) {
        Ok(())
    } else {
        Err(CardSetup::Players(players))
    }
}

impl CardGame {
    /// A shuffled pack, seven letters dealt each, the first player cut at random.
    pub fn new(
        rules: Arc<CardRules>,
        lexicon: Arc<Lexicon>,
        players: usize,
        seed: u64,
    ) -> Result<CardGame, CardSetup> {
        check_players(players)?;
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
            action_deck: VecDeque::new(),
            action_hands: [None; MAX_CARD_PLAYERS],
            action_holders: Vec::new(),
            turn_words: Vec::new(),
            turn_player: None,
            turn_actions: 0,
            action_plays: Vec::new(),
            action_round: None,
        };
        if game.rules.variant == Variant::Forfeit {
            let mut deck: Vec<u8> = (0..game.rules.actions.len() as u8).collect();
            deck.shuffle(&mut rng);
            game.action_deck = deck.into();
            game.action_holders = vec![0; game.rules.actions.len()];
        }
        for seat in 0..players {
            game.refill(seat);
            game.take_action_card(seat);
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

    /// Forfeit: plays a seat's Action card on the last play's words with one of its two
    /// categories; returns the points gained (own words) or taken (an opponent's). The card
    /// goes under the Action deck and the top one is drawn.
    pub fn play_action(&mut self, seat: usize, category: usize) -> Result<i32, ActionError> {
        let card = self
            .action_hands
            .get(seat)
            .copied()
            .flatten()
            .ok_or(ActionError::NoCard)?;
        let word_player = self.turn_player.ok_or(ActionError::NoWords)?;
        let chosen = self.rules.actions[card as usize]
            .categories
            .get(category)
            .ok_or(ActionError::NoCategory)?;
        if !self.turn_words.iter().any(|word| chosen.test.passes(word)) {
            return Err(ActionError::NoMatch(chosen.name.clone()));
        }
        // A category is counted once a turn, whoever plays it.
        let counted = self.action_plays[self.turn_actions..]
            .iter()
            .any(|p| self.rules.actions[p.card].categories[p.category].name == chosen.name);
        if counted {
            return Err(ActionError::Counted(chosen.name.clone()));
        }
        let points = if seat == word_player {
            self.scores[seat] += chosen.plus;
            chosen.plus
        } else {
            self.scores[word_player] -= chosen.minus;
            chosen.minus
        };
        self.action_plays.push(ActionPlay {
            seat,
            word_player,
            card: card as usize,
            category,
            points,
        });
        self.action_deck.push_back(card);
        self.take_action_card(seat);
        Ok(points)
    }

    /// Forfeit: `seat` takes the Action deck's top card into its hand.
    fn take_action_card(&mut self, seat: usize) {
        self.action_hands[seat] = self.action_deck.pop_front();
        if let Some(card) = self.action_hands[seat] {
            self.action_holders[usize::from(card)] |= 1 << seat;
        }
    }

    /// Forfeit: for each Action card, the seats (bit `1 << seat`) that have held it.
    pub fn action_holders(&self) -> &[u8] {
        &self.action_holders
    }

    /// Forfeit: whether `seat` holds an Action card with a category, not yet counted this
    /// turn, that a word of the last play passes: only then is it offered a play.
    pub fn action_fits(&self, seat: usize) -> bool {
        self.view(seat).fitting_categories().next().is_some()
    }

    /// The seat offered an Action play next, from the round's `asked` seats on: the first that
    /// holds a card fitting the last play's words, with its place in the round.
    pub(super) fn next_action_seat(&self) -> Option<(usize, usize)> {
        let (maker, asked) = self.action_round?;
        (asked..self.players)
            .map(|k| ((maker + k) % self.players, k))
            .find(|&(seat, _)| self.action_fits(seat))
    }

    /// The Action round moves past the seat at place `k`.
    pub(super) fn pass_action_seat(&mut self, k: usize) {
        if let Some((maker, _)) = self.action_round {
            self.action_round = Some((maker, k + 1));
        }
    }

    /// Sets up a position by hand (worked examples, tests): the table, the player to move and
    /// each hand's letters and Action card, all taken from the pack (the rest is the draw pile,
    /// in its order). Fails if the pack does not hold the cards.
    pub fn arrange(
        &mut self,
        table: &Table,
        mover: usize,
        hands: &[(Rack, Option<usize>)],
    ) -> Result<(), String> {
        if hands.len() != self.players || mover >= self.players {
            return Err(format!(
                "{} hands for {} players",
                hands.len(),
                self.players
            ));
        }
        let mut pool: Vec<CardKind> = std::mem::take(&mut self.draw);
        pool.append(&mut self.discard);
        for (_, cell) in self.table.cells() {
            pool.push(card_of(cell));
        }
        for hand in &mut self.hands[..self.players] {
            pool.extend(hand.letters.kinds().map(|kind| kind as CardKind));
            pool.extend(std::iter::repeat_n(DOUBLE, hand.premiums[0] as usize));
            pool.extend(std::iter::repeat_n(TRIPLE, hand.premiums[1] as usize));
            *hand = Hand::default();
        }
        let mut take = |kind: CardKind| -> Result<(), String> {
            let at = pool
                .iter()
                .rposition(|&k| k == kind)
                .ok_or(format!("the pack has no card of kind {kind} left"))?;
            pool.remove(at);
            Ok(())
        };
        for (_, cell) in table.cells() {
            take(card_of(cell))?;
        }
        for (seat, (letters, _)) in hands.iter().enumerate() {
            for kind in letters.kinds() {
                take(kind as CardKind)?;
            }
            self.hands[seat].letters = *letters;
        }
        self.draw = pool;
        self.table = table.clone();
        self.mover = mover;
        if self.rules.variant == Variant::Forfeit {
            for held in self.action_hands.iter_mut().flatten() {
                self.action_deck.push_back(*held);
            }
            self.action_hands = [None; MAX_CARD_PLAYERS];
            for (seat, (_, card)) in hands.iter().enumerate() {
                if let Some(card) = *card {
                    let at = self
                        .action_deck
                        .iter()
                        .position(|&c| c as usize == card)
                        .ok_or(format!("Action card {card} is not in the deck"))?;
                    self.action_deck.remove(at);
                    self.action_hands[seat] = Some(card as u8);
                }
            }
        }
        Ok(())
    }

    /// Every Action card played so far.
    pub fn action_plays(&self) -> &[ActionPlay] {
        &self.action_plays
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
            action: self.action_hands[seat].map(|card| &self.rules.actions[card as usize]),
            turn_words: &self.turn_words,
            turn_player: self.turn_player,
            turn_actions: &self.action_plays[self.turn_actions..],
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
        self.turn_words.clear();
        self.turn_player = None;
        self.turn_actions = self.action_plays.len();
        self.action_round = None;
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
                self.turn_words = result
                    .words
                    .iter()
                    .map(|w| w.text.to_ascii_uppercase())
                    .collect();
                self.turn_player = Some(seat);
                self.passes = 0;
                self.refill(seat);
                if self.hands[seat].letters.is_empty() && self.draw.is_empty() {
                    self.end = Some(CardEnd::WentOut { seat });
                } else if self.rules.variant == Variant::Forfeit {
                    self.action_round = Some((seat, 0));
                }
                scored = Some(result);
            }
            CardMove::Exchange {
                letters,
                premiums,
                action,
            } => {
                let hand = self.hands[seat];
                let count = letters.len() + premiums[0] as usize + premiums[1] as usize;
                let holds = hand.letters.contains(letters)
                    && premiums[0] <= hand.premiums[0]
                    && premiums[1] <= hand.premiums[1]
                    && (!*action || self.action_hands[seat].is_some());
                if !holds || (count == 0 && !*action) {
                    return Err(CardMoveError::NotInHand);
                }
                // Letter cards are replaced as after a play (up to a full hand, a Premium card
                // drawn kept beside and another drawn); a Premium card given up is not: it
                // is no part of the seven.
                if letters.len() > self.draw.len() {
                    return Err(CardMoveError::DrawPileShort(self.draw.len()));
                }
                if *action && let Some(card) = self.action_hands[seat] {
                    self.action_deck.push_back(card);
                    self.action_hands[seat] = self.action_deck.pop_front();
                }
                self.hands[seat].letters.take_all(letters);
                self.discard
                    .extend(letters.kinds().map(|kind| kind as CardKind));
                for (slot, card) in [(0, DOUBLE), (1, TRIPLE)] {
                    self.hands[seat].premiums[slot] -= premiums[slot];
                    self.discard
                        .extend(std::iter::repeat_n(card, premiums[slot] as usize));
                }
                self.refill(seat);
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
            challenged_off: None,
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

    /// Plays the seat to move's `play` whose word `word` the lexicon lacks: it is challenged
    /// off, the cards stay in the hand and the turn is lost, as a pass.
    pub(super) fn challenge_off(&mut self, word: String) -> Result<(), CardMoveError> {
        self.play(CardMove::Pass)?;
        if let Some(turn) = self.history.last_mut() {
            turn.challenged_off = Some(word);
        }
        Ok(())
    }

    /// Checks the hands' shape: no hand holds more than a full hand of letter cards, and
    /// while the draw pile has cards every hand is full (Premium cards are held beside).
    pub fn check_hands(&self) -> Result<(), String> {
        let full = self.rules.numbers.hand_size;
        for (seat, hand) in self.hands[..self.players].iter().enumerate() {
            let letters = hand.letters.len();
            if letters > full || (letters < full && !self.draw.is_empty()) {
                return Err(format!(
                    "player {} holds {letters} letter cards with {} cards to draw; expected {full}",
                    seat + 1,
                    self.draw.len()
                ));
            }
        }
        Ok(())
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
        let actions =
            self.action_deck.len() + self.action_hands[..self.players].iter().flatten().count();
        let expected = match self.rules.variant {
            Variant::Forfeit => self.rules.actions.len(),
            _ => 0,
        };
        if actions != expected {
            return Err(format!("{actions} Action cards, expected {expected}"));
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
