//! The Rummy variant: ten rounds, each with a Round card that says what words to lay from the
//! hand; draw a card, lay the words (or not), discard one.

use std::collections::VecDeque;
use std::sync::Arc;

use lexicon::Lexicon;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde::Deserialize;

use super::game::{CardKind, CardSetup, MAX_CARD_PLAYERS, check_players};
use super::rules::CardRules;
use crate::data::{DataError, MOST_POINTS, Range, Source, array_table_lines, parse_toml};
use crate::scrabble::tiles::{BLANK, KINDS};
use crate::scrabble::{Cell, GameRng, Rack};

/// What a Round card asks for and how it scores.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundCard {
    /// Its name, as printed.
    pub name: String,
    /// Copies in the Round deck.
    #[serde(default = "one")]
    pub count: u8,
    /// The exact lengths of the words to lay.
    #[serde(default)]
    pub words: Vec<usize>,
    /// One more word of this length may be added, for `optional_bonus`.
    #[serde(default)]
    pub optional_word: Option<usize>,
    /// The bonus for the optional word.
    #[serde(default)]
    pub optional_bonus: i32,
    /// One word of an even number of letters.
    #[serde(default)]
    pub even_word: bool,
    /// Words that use every card left after the discard.
    #[serde(default)]
    pub all_cards: bool,
    /// With `all_cards`: as one word.
    #[serde(default)]
    pub one_word: bool,
    /// One word counted so many times.
    #[serde(default = "one_i32")]
    pub word_multiplier: i32,
    /// One letter counted so many times.
    #[serde(default = "one_i32")]
    pub letter_multiplier: i32,
    /// The cards left in hand are subtracted.
    #[serde(default)]
    pub subtract_leftovers: bool,
}

fn one() -> u8 {
    1
}

fn one_i32() -> i32 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoundsFile {
    round: Vec<RoundCard>,
}

/// The range of every number a Round cards file may hold.
pub const ROUND_RANGES: [Range; 6] = [
    Range::new("round[].count", 1, 10, "copies in the Round deck"),
    Range::new("round[].words[]", 2, 15, "letters, at most a hand"),
    Range::new("round[].optional_word", 2, 15, "letters, at most a hand"),
    Range::new(
        "round[].optional_bonus",
        -MOST_POINTS,
        MOST_POINTS,
        "points",
    ),
    Range::new("round[].word_multiplier", 1, 100, "times"),
    Range::new("round[].letter_multiplier", 1, 100, "times"),
];

/// Reads the Round cards, each repeated `count` times.
pub fn parse_rounds(text: &str, file: &str) -> Result<Vec<RoundCard>, DataError> {
    let parsed: RoundsFile = parse_toml(Source::new(text, file), &ROUND_RANGES)?;
    let lines = array_table_lines(text, "round");
    let mut cards = Vec::new();
    for (index, card) in parsed.round.into_iter().enumerate() {
        let at = |message: &str| {
            DataError::at(
                file,
                lines.get(index).copied().unwrap_or(0),
                0,
                message.to_string(),
            )
        };
        let kinds = usize::from(!card.words.is_empty())
            + usize::from(card.even_word)
            + usize::from(card.all_cards);
        if kinds != 1 {
            return Err(at("expected exactly one of words, even_word or all_cards"));
        }
        if card.words.iter().chain(&card.optional_word).any(|&n| n < 2) {
            return Err(at("word lengths are 2 or more"));
        }
        if card.word_multiplier < 1 || card.letter_multiplier < 1 || card.count == 0 {
            return Err(at("count and multipliers are 1 or more"));
        }
        for _ in 0..card.count {
            cards.push(card.clone());
        }
    }
    if cards.is_empty() {
        return Err(DataError::whole(file, "no [[round]]: expected Round cards"));
    }
    Ok(cards)
}

/// The default Round cards.
pub const DEFAULT_ROUNDS: &str = include_str!("../../data/scrabble-cards/rummy_rounds.toml");

/// The ten printed Round cards.
pub fn standard_rounds() -> Vec<RoundCard> {
    parse_rounds(DEFAULT_ROUNDS, "embedded scrabble-cards/rummy_rounds.toml")
        .expect("the embedded Round cards are valid")
}

/// Why a meld is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MeldError {
    /// A word is not in the lexicon (or is shorter than two letters).
    #[error("{0} is not a word")]
    NotAWord(String),
    /// The words do not meet the Round card.
    #[error("the words do not meet the round card \"{0}\"")]
    WrongShape(String),
    /// The hand lacks a card.
    #[error("the hand does not hold those cards")]
    NotInHand,
    /// A move out of order.
    #[error("{0}")]
    OutOfTurn(&'static str),
}

fn kind_of(cell: Cell) -> usize {
    if cell.is_blank() {
        BLANK
    } else {
        cell.letter() as usize
    }
}

/// The letter cards a meld uses.
pub fn meld_cards(words: &[Vec<Cell>]) -> Rack {
    let mut rack = Rack::EMPTY;
    for cell in words.iter().flatten() {
        rack.add(kind_of(*cell));
    }
    rack
}

/// Checks words against a Round card and scores them; `left` is what stays in hand after the
/// meld and the discard.
pub fn score_meld(
    card: &RoundCard,
    words: &[Vec<Cell>],
    left: &Rack,
    rules: &CardRules,
    lexicon: &Lexicon,
) -> Result<i32, MeldError> {
    let mut values = Vec::with_capacity(words.len());
    let mut best_letter = 0;
    for word in words {
        let text: String = word.iter().map(|c| c.to_char()).collect();
        if word.len() < 2 || !lexicon.contains(&text.to_ascii_uppercase()) {
            return Err(MeldError::NotAWord(text.to_ascii_uppercase()));
        }
        values.push(
            word.iter()
                .map(|&c| rules.letters.cell_points(c))
                .sum::<i32>(),
        );
        best_letter = word
            .iter()
            .map(|&c| rules.letters.cell_points(c))
            .fold(best_letter, i32::max);
    }
    let wrong = || MeldError::WrongShape(card.name.clone());
    let mut lengths: Vec<usize> = words.iter().map(Vec::len).collect();
    lengths.sort_unstable();
    let mut optional = false;
    if !card.words.is_empty() {
        let mut wanted = card.words.clone();
        wanted.sort_unstable();
        if lengths != wanted {
            let with: Option<Vec<usize>> = card.optional_word.map(|extra| {
                let mut with = card.words.clone();
                with.push(extra);
                with.sort_unstable();
                with
            });
            if with.as_ref() != Some(&lengths) {
                return Err(wrong());
            }
            optional = true;
        }
    }
    if card.even_word && (words.len() != 1 || lengths[0] % 2 != 0) {
        return Err(wrong());
    }
    if card.all_cards && (!left.is_empty() || (card.one_word && words.len() != 1)) {
        return Err(wrong());
    }
    if words.is_empty() {
        return Err(wrong());
    }
    let left_points = left.points(|kind| rules.letters.points(kind));
    Ok(meld_points(
        card,
        &values,
        best_letter,
        optional,
        left_points,
    ))
}

/// The points of a meld [`score_meld`] accepts: its words' letter points (`values`), its
/// dearest letter, whether it holds the Round card's optional word, and the letter points of
/// the cards that stay in hand (`left_points`). For a search that knows its words are
/// playable and of the card's shape.
pub fn meld_points(
    card: &RoundCard,
    values: &[i32],
    best_letter: i32,
    optional: bool,
    left_points: i32,
) -> i32 {
    let mut points: i32 = values.iter().sum();
    points += (card.word_multiplier - 1) * values.iter().copied().max().unwrap_or(0);
    points += (card.letter_multiplier - 1) * best_letter;
    if optional {
        points += card.optional_bonus;
    }
    if card.subtract_leftovers {
        points -= left_points;
    }
    points
}

/// One round's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundResult {
    /// The Round card (an index into the game's round cards).
    pub card: usize,
    /// Each player's score, `None` for one who laid nothing (scores 0) or sat out.
    pub scores: [Option<i32>; MAX_CARD_PLAYERS],
    /// Players in the round (all, or the tied ones in a deciding round).
    pub players: u8,
    /// The cards each player in the round still held when it ended, before the next deal.
    pub held: [Rack; MAX_CARD_PLAYERS],
}

/// Words laid in one turn, as the game's letter tables count them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaidWords {
    /// The round they were laid in (an index into [`RummyGame::results`] once it ends).
    pub round: usize,
    /// Who laid them.
    pub seat: usize,
    /// Their letter cards.
    pub cards: Rack,
    /// What the Round card scored them.
    pub points: i32,
}

/// The last turn of a Rummy game: who laid what, and what they discarded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RummyTurn {
    /// The round it was played in (an index into [`RummyGame::results`] once it ends).
    pub round: usize,
    /// Who played it.
    pub seat: usize,
    /// The words laid (none: nothing laid).
    pub words: Vec<Vec<Cell>>,
    /// What the Round card scored them.
    pub points: Option<i32>,
    /// The card discarded.
    pub discard: CardKind,
}

/// Where a turn is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Draw,
    Meld,
}

/// A game of Rummy in progress.
#[derive(Debug, Clone)]
pub struct RummyGame {
    rules: Arc<CardRules>,
    lexicon: Arc<Lexicon>,
    rounds: Vec<RoundCard>,
    players: usize,
    hands: [Rack; MAX_CARD_PLAYERS],
    draw: Vec<CardKind>,
    discard: Vec<CardKind>,
    laid: Vec<CardKind>,
    round_deck: VecDeque<usize>,
    current: usize,
    /// Players in the current round (a mask; fewer in a deciding round).
    in_round: u8,
    melded: [Option<i32>; MAX_CARD_PLAYERS],
    /// Turns left to the others once someone has laid words.
    closing: Option<usize>,
    round_turns: u32,
    scores: [i32; MAX_CARD_PLAYERS],
    results: Vec<RoundResult>,
    /// Every turn's words laid, in order (a few dozen a game).
    laid_words: Vec<LaidWords>,
    first: usize,
    mover: usize,
    phase: Phase,
    over: bool,
    rng: GameRng,
    last: Option<RummyTurn>,
}

/// A round with no words laid after this many turns is stopped, and scores 0 for all.
pub const ROUND_TURN_CAP: u32 = 200;

impl RummyGame {
    /// A shuffled letter pack with its top card face up, seven cards each, the Round cards
    /// shuffled and the first turned up.
    pub fn new(
        rules: Arc<CardRules>,
        lexicon: Arc<Lexicon>,
        players: usize,
        seed: u64,
    ) -> Result<RummyGame, CardSetup> {
        RummyGame::check_pack(&rules, players)?;
        let mut rng = GameRng::seed_from_u64(seed);
        let mut draw: Vec<CardKind> = Vec::new();
        for kind in 0..KINDS {
            draw.extend(std::iter::repeat_n(
                kind as CardKind,
                rules.letters.count(kind) as usize,
            ));
        }
        draw.shuffle(&mut rng);
        let rounds = rules.rummy_rounds.clone();
        let mut order: Vec<usize> = (0..rounds.len()).collect();
        order.shuffle(&mut rng);
        let mut round_deck: VecDeque<usize> = order.into();
        let current = round_deck.pop_front().expect("the Round deck is not empty");
        // The youngest player starts: every player equally likely.
        let first = rng.random_range(0..players);
        let mut game = RummyGame {
            rules,
            lexicon,
            rounds,
            players,
            hands: [Rack::EMPTY; MAX_CARD_PLAYERS],
            draw,
            discard: Vec::new(),
            laid: Vec::new(),
            round_deck,
            current,
            in_round: ((1u16 << players) - 1) as u8,
            melded: [None; MAX_CARD_PLAYERS],
            closing: None,
            round_turns: 0,
            scores: [0; MAX_CARD_PLAYERS],
            results: Vec::new(),
            laid_words: Vec::new(),
            first,
            mover: first,
            phase: Phase::Draw,
            over: false,
            rng,
            last: None,
        };
        for seat in 0..players {
            game.top_up(seat);
        }
        let top = game.draw_card();
        game.discard.extend(top);
        Ok(game)
    }

    /// Refuses `players` the card game does not take, and a pack too small to deal them all
    /// and turn a card up. Enough for that is enough for the whole game: each turn draws one
    /// card and discards one, and the words laid in a round come back at its end.
    pub fn check_pack(rules: &CardRules, players: usize) -> Result<(), CardSetup> {
        check_players(players)?;
        let hand_size = rules.numbers.hand_size;
        let (needed, held) = (players * hand_size + 1, rules.letters.total());
        if held < needed {
            return Err(CardSetup::ShortPack {
                players,
                hand_size,
                needed,
                held,
            });
        }
        Ok(())
    }

    fn draw_card(&mut self) -> Option<CardKind> {
        if self.draw.is_empty() {
            // The discard pile, reshuffled, is the new draw pile.
            self.draw = std::mem::take(&mut self.discard);
            self.draw.shuffle(&mut self.rng);
        }
        self.draw.pop()
    }

    fn top_up(&mut self, seat: usize) {
        while self.hands[seat].len() < self.rules.numbers.hand_size {
            let Some(card) = self.draw_card() else {
                return;
            };
            self.hands[seat].add(card as usize);
        }
    }

    /// The Round cards in play.
    pub fn round_cards(&self) -> &[RoundCard] {
        &self.rounds
    }

    /// The current Round card (an index into [`RummyGame::round_cards`]).
    pub fn round_card(&self) -> usize {
        self.current
    }

    /// Players at the table.
    pub fn players(&self) -> usize {
        self.players
    }

    /// A player's cards.
    pub fn hand(&self, seat: usize) -> &Rack {
        &self.hands[seat]
    }

    /// Total scores.
    pub fn scores(&self) -> &[i32] {
        &self.scores[..self.players]
    }

    /// Every finished round.
    pub fn results(&self) -> &[RoundResult] {
        &self.results
    }

    /// Every turn's words laid so far, in order: a player's points are the sum of theirs.
    pub fn laid_words(&self) -> &[LaidWords] {
        &self.laid_words
    }

    /// The turn played last, once one has been.
    pub fn last_turn(&self) -> Option<&RummyTurn> {
        self.last.as_ref()
    }

    /// The top of the discard pile, if any.
    pub fn discard_top(&self) -> Option<CardKind> {
        self.discard.last().copied()
    }

    /// The player to move.
    pub fn mover(&self) -> usize {
        self.mover
    }

    /// The player who started.
    pub fn first(&self) -> usize {
        self.first
    }

    /// Whether the mover has drawn this turn and now lays words and discards.
    pub fn drawn(&self) -> bool {
        self.phase == Phase::Meld
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The rules.
    pub fn rules(&self) -> &CardRules {
        &self.rules
    }

    /// The words accepted.
    pub fn lexicon(&self) -> &Lexicon {
        &self.lexicon
    }

    /// Starts the mover's turn: a card from the draw pile, or the discard pile's top.
    pub fn draw(&mut self, from_discard: bool) -> Result<CardKind, MeldError> {
        if self.over || self.phase != Phase::Draw {
            return Err(MeldError::OutOfTurn("draw at the start of a turn"));
        }
        let card = if from_discard {
            self.discard
                .pop()
                .ok_or(MeldError::OutOfTurn("the discard pile is empty"))?
        } else {
            self.draw_card()
                .ok_or(MeldError::OutOfTurn("no card left to draw"))?
        };
        self.hands[self.mover].add(card as usize);
        self.phase = Phase::Meld;
        Ok(card)
    }

    /// Ends the mover's turn: perhaps words meeting the Round card, then a discard.
    /// Returns the meld's score.
    pub fn finish(
        &mut self,
        words: &[Vec<Cell>],
        discard: CardKind,
    ) -> Result<Option<i32>, MeldError> {
        if self.over || self.phase != Phase::Meld {
            return Err(MeldError::OutOfTurn("lay words and discard after drawing"));
        }
        let seat = self.mover;
        let mut left = self.hands[seat];
        if !left.take_all(&meld_cards(words)) || !left.take(discard as usize) {
            return Err(MeldError::NotInHand);
        }
        let score = if words.is_empty() {
            None
        } else {
            let card = &self.rounds[self.current];
            Some(score_meld(card, words, &left, &self.rules, &self.lexicon)?)
        };
        let cards = meld_cards(words);
        for kind in cards.kinds() {
            self.laid.push(kind as CardKind);
        }
        if let Some(points) = score {
            self.laid_words.push(LaidWords {
                round: self.results.len(),
                seat,
                cards,
                points,
            });
        }
        self.hands[seat] = left;
        self.discard.push(discard);
        self.last = Some(RummyTurn {
            round: self.results.len(),
            seat,
            words: words.to_vec(),
            points: score,
            discard,
        });
        self.round_turns += 1;
        self.melded[seat] = score;
        self.closing = match self.closing {
            // The others each have one more turn.
            None if score.is_some() => Some(self.in_round.count_ones() as usize - 1),
            Some(turns) => Some(turns.saturating_sub(1)),
            None => None,
        };
        let stalled = self.closing.is_none() && self.round_turns >= ROUND_TURN_CAP;
        if self.closing == Some(0) || stalled {
            self.end_round();
        } else {
            self.advance();
        }
        Ok(score)
    }

    /// The next player in the round who has not laid words.
    fn advance(&mut self) {
        self.phase = Phase::Draw;
        for k in 1..=self.players {
            let seat = (self.mover + k) % self.players;
            if self.in_round & (1 << seat) != 0 && self.melded[seat].is_none() {
                self.mover = seat;
                return;
            }
        }
        self.end_round();
    }

    fn end_round(&mut self) {
        let mut result = RoundResult {
            card: self.current,
            scores: [None; MAX_CARD_PLAYERS],
            players: self.in_round,
            held: [Rack::EMPTY; MAX_CARD_PLAYERS],
        };
        for seat in 0..self.players {
            if self.in_round & (1 << seat) != 0 {
                result.scores[seat] = self.melded[seat];
                result.held[seat] = self.hands[seat];
                self.scores[seat] += self.melded[seat].unwrap_or(0);
            }
        }
        self.results.push(result);
        self.discard.append(&mut self.laid);
        self.round_deck.push_back(self.current);
        self.melded = [None; MAX_CARD_PLAYERS];
        self.closing = None;
        self.round_turns = 0;
        self.phase = Phase::Draw;
        let rounds_played = self.results.len();
        let deciding = rounds_played > self.rounds.len();
        if rounds_played >= self.rounds.len() {
            let top = self.scores().iter().copied().max().unwrap_or(0);
            let tied = (0..self.players)
                .filter(|&s| self.scores[s] == top)
                .fold(0u8, |mask, s| mask | 1 << s);
            if deciding || tied.count_ones() < 2 {
                self.over = true;
                return;
            }
            // A deciding round between the tied players, on a Round card drawn at random.
            self.in_round = tied;
            let pick = self.rng.random_range(0..self.rounds.len());
            self.current = pick;
        } else {
            self.current = self
                .round_deck
                .pop_front()
                .expect("the Round deck is not empty");
        }
        for seat in 0..self.players {
            self.top_up(seat);
        }
        let start = (self.first + rounds_played) % self.players;
        self.mover = (0..self.players)
            .map(|k| (start + k) % self.players)
            .find(|&s| self.in_round & (1 << s) != 0)
            .unwrap_or(start);
    }

    /// Checks that the 100 letter cards are all somewhere: draw and discard piles, hands, laid.
    pub fn check_cards(&self) -> Result<(), String> {
        let mut counts = [0usize; KINDS];
        for &card in self.draw.iter().chain(&self.discard).chain(&self.laid) {
            counts[card as usize] += 1;
        }
        for hand in &self.hands[..self.players] {
            for kind in hand.kinds() {
                counts[kind] += 1;
            }
        }
        for (kind, &count) in counts.iter().enumerate() {
            let expected = self.rules.letters.count(kind) as usize;
            if count != expected {
                return Err(format!("kind {kind}: {count} cards, expected {expected}"));
            }
        }
        Ok(())
    }
}
