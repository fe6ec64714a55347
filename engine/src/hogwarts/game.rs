//! One game of Scrabble: Harry Potter Edition: the crossword core, with houses, brown squares,
//! Hogwarts cards drawn and scored, and the Glossary bonus.

use std::sync::Arc;

use lexicon::Lexicon;
use rand::SeedableRng;

use super::cards::{Card, CardPiles};
use super::house::House;
use super::rules::{CardTable, HpNumbers, HpRules};
use super::spells::{CardError, CardPlay, TurnCard};
use super::turn::Stage;
use crate::draws::{Draws, SeatStreams};
use crate::scrabble::game::MAX_PLAYERS;
use crate::scrabble::{
    Cgp, CheckedPlay, Direction, Game, GameRng, IllegalMove, Move, Observation, Placement, Rack,
    Rules, SIZE, Setup, SetupError, TurnExtras,
};

/// Mixed into the seed for the card deck's RNG, so cards and tiles draw independently.
const CARD_STREAM: u64 = 0x6361_7264_735f_6870;

/// Something that happened to a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardEvent {
    /// A seat drew a card (a Competition card is scored at once and discarded).
    Drew {
        /// The seat.
        seat: usize,
        /// The card.
        card: Card,
        /// Points it scored at once.
        points: i32,
    },
    /// A seat played a card from its hand.
    Played {
        /// The seat.
        seat: usize,
        /// The card and the choices it was played with.
        play: CardPlay,
        /// Points it scored at once (Rictusempra; Competition cards drawn with Felix Felicis or Gemino).
        points: i32,
        /// The tile kind the card moved to the seat's rack from another's: Expelliarmus's
        /// tile, or Veritaserum's letter when the player asked held it.
        took: Option<usize>,
    },
}

impl CardEvent {
    /// The card drawn or played.
    pub fn card(&self) -> Card {
        match self {
            CardEvent::Drew { card, .. } => *card,
            CardEvent::Played { play, .. } => play.card(),
        }
    }
}

/// Why a turn was refused: the move, a card, or the discard after Engorgio.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HpError {
    /// The move breaks the crossword rules.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// The card cannot be played.
    #[error(transparent)]
    Card(#[from] CardError),
    /// An answer to a question the game did not ask.
    #[error("the game asks for {asked}")]
    Unasked {
        /// The question waiting.
        asked: String,
    },
    /// After Engorgio an exchange must keep the tiles the turn then discards.
    #[error(
        "after Engorgio keep at least {needed} tiles through the exchange: the turn discards them to end on a full rack"
    )]
    ExchangeKeepsTooFew {
        /// Tiles the turn must discard.
        needed: usize,
    },
    /// After Engorgio the rack must be discarded down to a full rack.
    #[error("discard {needed} tiles from {rack} to end the turn with a full rack (Engorgio)")]
    Discard {
        /// Tiles to discard.
        needed: usize,
        /// The rack after the move.
        rack: String,
    },
}

/// What one turn scored beyond the words.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TurnReport {
    /// The whole turn's points.
    pub score: i32,
    /// Glossary words formed.
    pub glossary_words: Vec<String>,
    /// Points from the Glossary bonus.
    pub glossary_points: i32,
    /// Cards drawn for brown squares.
    pub cards_drawn: Vec<Card>,
    /// Points from Competition cards drawn.
    pub competition_points: i32,
    /// The card played this turn, if any.
    pub card_played: Option<Card>,
    /// Points from the card played (Bonus card tiles, Rictusempra, cards it drew).
    pub card_points: i32,
    /// The word not in the lexicon that was challenged off, the turn lost (rule 8).
    pub challenged_off: Option<String>,
    /// The seat that challenged this turn's words, which stood, and lost the penalty.
    pub challenged_by: Option<usize>,
}

/// Refuses a house named for two seats: each house's power belongs to one player.
fn check_houses(houses: &[House]) -> Result<(), SetupError> {
    for (seat, house) in houses.iter().enumerate() {
        if houses[..seat].contains(house) {
            return Err(SetupError::RepeatedHouse(house.name()));
        }
    }
    Ok(())
}

/// What a placement earns beyond its words, by [`HpGame::extras`].
struct Extras<'p> {
    play: &'p CheckedPlay,
    glossary_points: i32,
    bonus_card_points: i32,
}

impl<'p> Extras<'p> {
    /// The Glossary words the placement forms.
    fn glossary_words<'l>(
        &self,
        lexicon: &'l Lexicon,
    ) -> impl Iterator<Item = &'p str> + use<'p, 'l> {
        self.play
            .words
            .iter()
            .filter(move |w| lexicon.is_glossary(&w.word))
            .map(|w| w.word.as_str())
    }
}

/// A Scrabble: Harry Potter Edition game in progress or finished.
#[derive(Debug, Clone)]
pub struct HpGame {
    rules: Arc<HpRules>,
    core: Game,
    houses: Vec<House>,
    piles: CardPiles,
    card_rng: GameRng,
    /// Each seat's own card stream, when draws are by seat.
    card_draws: Option<SeatStreams>,
    events: Vec<CardEvent>,
    /// Points from cards scored before a seat's first turn (Gryffindor's opening draw).
    pending_points: [i32; MAX_PLAYERS],
    /// The card played this turn and what it changes.
    turn: TurnCard,
    /// The question the turn waits for.
    stage: Stage,
    /// Each turn's report, in the order of the crossword history.
    reports: Vec<TurnReport>,
}

impl HpGame {
    /// A new game with the given houses in seat order (2 to 4, all different).
    pub fn new(
        rules: Arc<HpRules>,
        lexicon: Arc<Lexicon>,
        houses: Vec<House>,
        seed: u64,
    ) -> Result<HpGame, SetupError> {
        HpGame::dealt(rules, lexicon, houses, seed, Draws::Shared)
    }

    /// A new game whose tiles and cards are drawn as `draws` says.
    pub fn dealt(
        rules: Arc<HpRules>,
        lexicon: Arc<Lexicon>,
        houses: Vec<House>,
        seed: u64,
        draws: Draws,
    ) -> Result<HpGame, SetupError> {
        let players = houses.len();
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError::Players(players));
        }
        check_houses(&houses)?;
        let numbers = &rules.numbers;
        let crossword: Arc<Rules> = Arc::new(rules.crossword.clone());
        let mut setup = Setup::standard(players, crossword.numbers.rack_size);
        setup.draws = draws;
        for (seat, house) in houses.iter().enumerate() {
            match house {
                House::Ravenclaw => {
                    setup.opening_tiles[seat] = numbers.houses.ravenclaw.opening_tiles
                }
                House::Slytherin if numbers.houses.slytherin.moves_first => setup.first = seat,
                House::Hufflepuff => {
                    setup.keeps_leftovers[seat] = numbers.houses.hufflepuff.keeps_leftovers
                }
                _ => {}
            }
        }
        let core = Game::with_setup(crossword, lexicon, setup, seed)?;
        HpGame::around(rules, core, houses, seed, Some(draws))
    }

    /// A game from a CGP position (the player to move first), with houses in that order; no
    /// cards dealt yet (Gryffindor's opening draw belongs to a new game). For analysis and tests.
    pub fn from_position(
        rules: Arc<HpRules>,
        lexicon: Arc<Lexicon>,
        houses: Vec<House>,
        cgp: &Cgp,
        seed: u64,
    ) -> Result<HpGame, SetupError> {
        if houses.len() != cgp.racks.len() {
            return Err(SetupError::Players(houses.len()));
        }
        check_houses(&houses)?;
        let mut core = Game::from_cgp(Arc::new(rules.crossword.clone()), lexicon, cgp, seed)?;
        if let Some(seat) = houses.iter().position(|&h| h == House::Hufflepuff) {
            if rules.numbers.houses.hufflepuff.keeps_leftovers {
                core.keep_leftovers(seat);
            }
        }
        HpGame::around(rules, core, houses, seed, None)
    }

    /// The layer around a crossword game: the deck shuffled and, for a new game (`opening`
    /// says how it draws), each house's opening points owed and Gryffindor's opening cards
    /// drawn.
    fn around(
        rules: Arc<HpRules>,
        core: Game,
        houses: Vec<House>,
        seed: u64,
        opening: Option<Draws>,
    ) -> Result<HpGame, SetupError> {
        let players = houses.len();
        let numbers = &rules.numbers;
        let mut card_rng = GameRng::seed_from_u64(seed ^ CARD_STREAM);
        let piles = CardPiles::new(&numbers.cards, players, &mut card_rng);
        let mut game = HpGame {
            core,
            houses,
            piles,
            card_rng,
            card_draws: (opening == Some(Draws::BySeat))
                .then(|| SeatStreams::new(seed, CARD_STREAM)),
            events: Vec::new(),
            pending_points: [0; MAX_PLAYERS],
            turn: TurnCard::default(),
            stage: Stage::Card,
            reports: Vec::new(),
            rules,
        };
        if opening.is_some() {
            for (seat, &house) in game.houses.iter().enumerate() {
                game.pending_points[seat] += game.rules.numbers.houses.opening_points(house);
            }
        }
        let gryffindor = game
            .houses
            .iter()
            .position(|&h| h == House::Gryffindor)
            .filter(|_| opening.is_some());
        if let Some(seat) = gryffindor {
            for _ in 0..game.rules.numbers.houses.gryffindor.opening_cards {
                let (_, points) = game.draw_card(seat);
                game.pending_points[seat] += points;
            }
        }
        Ok(game)
    }

    /// Houses sorted at random from the seed (the Sorting Hat), for `players` players.
    pub fn sorted(
        rules: Arc<HpRules>,
        lexicon: Arc<Lexicon>,
        players: usize,
        seed: u64,
    ) -> Result<HpGame, SetupError> {
        let houses = HpGame::sorted_houses(players, seed)?;
        HpGame::new(rules, lexicon, houses, seed)
    }

    /// The houses [`HpGame::sorted`] gives the seats of a game seeded `seed`.
    pub fn sorted_houses(players: usize, seed: u64) -> Result<Vec<House>, SetupError> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError::Players(players));
        }
        let mut hat = GameRng::seed_from_u64(seed ^ CARD_STREAM.rotate_left(17));
        Ok(House::sort(players, &mut hat))
    }

    /// Draws a card for `seat`: a Competition card scores at once and is discarded.
    fn draw_card(&mut self, seat: usize) -> (Option<Card>, i32) {
        let drawn = match &mut self.card_draws {
            None => self.piles.draw(&mut self.card_rng),
            Some(streams) => self.piles.draw_keyed(streams.next_key(seat)),
        };
        let Some(card) = drawn else {
            return (None, 0);
        };
        let points = if card.is_competition() {
            self.piles.discard.push(card);
            let entry = self.rules.numbers.cards.entry(card);
            entry.points.filter(|_| entry.power).unwrap_or(0)
        } else {
            self.piles.hands[seat].push(card);
            0
        };
        self.events.push(CardEvent::Drew { seat, card, points });
        (Some(card), points)
    }

    /// Cards earned by a placement: one per new word through each tile placed on a brown square.
    pub fn cards_earned(&self, placement: &Placement, play: &CheckedPlay) -> usize {
        let layout = &self.rules.crossword.layout;
        let board = self.core.board();
        let cross = placement.direction.cross();
        let main_counts = usize::from(play.words.first().is_some_and(|w| w.word.len() >= 2));
        placement
            .placed()
            .filter(|&(square, _)| layout.is_hogwarts(square))
            .map(|(square, _)| {
                let (row, col) = (square / SIZE, square % SIZE);
                let (line, pos) = match cross {
                    Direction::Across => (row, col),
                    Direction::Down => (col, row),
                };
                let cells = board.line(cross, line);
                let neighbour =
                    |p: Option<usize>| p.is_some_and(|p| p < SIZE && !cells[p].is_empty());
                main_counts + usize::from(neighbour(pos.checked_sub(1)) || neighbour(Some(pos + 1)))
            })
            .sum()
    }

    /// Makes a move for the seat to move, with the Glossary bonus and the cards it earns.
    pub fn play(&mut self, action: Move) -> Result<&TurnReport, HpError> {
        self.play_turn(action, Rack::EMPTY)
    }

    /// Makes a move, after the card played this turn if any; `discard` is the tiles returned
    /// to the bag when Engorgio leaves the rack over-full. A turn that placed tiles is open
    /// to a challenge (rule 8) until the next question is answered.
    pub fn play_turn(&mut self, action: Move, discard: Rack) -> Result<&TurnReport, HpError> {
        let checked = self.core.check(&action)?;
        let seat = self.core.to_move();
        let turn = self.turn;
        let needed = self.discard_needed(&action)?;
        let kept = action.kept_from(self.core.rack(seat));
        if discard.len() != needed || !kept.contains(&discard) {
            return Err(HpError::Discard {
                needed,
                rack: kept.to_string(),
            });
        }
        let mut report = TurnReport {
            card_played: turn.card,
            card_points: turn.points,
            ..TurnReport::default()
        };
        if let (Move::Place(placement), Some(play)) = (&action, &checked) {
            let extras = self.extras(placement, play);
            report.glossary_points = extras.glossary_points;
            report.card_points += extras.bonus_card_points;
            report.glossary_words = extras
                .glossary_words(self.core.lexicon())
                .map(str::to_string)
                .collect();
            for _ in 0..self.cards_earned(placement, play) {
                let (card, points) = self.draw_card(seat);
                report.cards_drawn.extend(card);
                report.competition_points += points;
            }
        }
        let bonus = report.glossary_points
            + report.competition_points
            + report.card_points
            + std::mem::take(&mut self.pending_points[seat]);
        let again = self.card_in_force() == Some(Card::Reparo);
        report.score = self
            .core
            .apply_checked(action, checked, TurnExtras { bonus, again });
        if !discard.is_empty() {
            let returned = self.core.discard(seat, &discard);
            debug_assert!(returned, "the discard was checked against the tiles kept");
        }
        self.turn = TurnCard::default();
        if self.core.is_over() {
            // Points owed to a seat whose next turn never came (a challenge lost) still count.
            for (seat, points) in self.pending_points.iter_mut().enumerate() {
                if *points != 0 {
                    self.core.settle_after_end(seat, std::mem::take(points));
                }
            }
        }
        let placed = matches!(action, Move::Place(_));
        self.stage = if placed && !self.core.is_over() {
            Stage::Challenge {
                player: seat,
                asked: 0,
            }
        } else {
            Stage::Card
        };
        self.reports.push(report);
        Ok(self.reports.last().expect("just pushed"))
    }

    /// What each turn scored beyond its words, turn by turn (as `core().history()`).
    pub fn reports(&self) -> &[TurnReport] {
        &self.reports
    }

    pub(super) fn last_report_mut(&mut self) -> Option<&mut TurnReport> {
        self.reports.last_mut()
    }

    pub(super) fn stage(&self) -> &Stage {
        &self.stage
    }

    pub(super) fn set_stage(&mut self, stage: Stage) {
        self.stage = stage;
    }

    /// What a placement earns beyond its words this turn (rules 14 and 23): the Glossary
    /// bonus for each Glossary word formed (Revelio's when played) and a Bonus card's points.
    fn extras<'p>(&self, placement: &Placement, play: &'p CheckedPlay) -> Extras<'p> {
        let lexicon = self.core.lexicon();
        let glossary = play
            .words
            .iter()
            .filter(|w| lexicon.is_glossary(&w.word))
            .count() as i32;
        let per_word = if self.card_in_force() == Some(Card::Revelio) {
            self.rules.numbers.revelio_bonus
        } else {
            self.rules.numbers.glossary_bonus
        };
        let bonus_card_points = self
            .card_in_force()
            .filter(|c| c.is_bonus())
            .map_or(0, |card| {
                self.bonus_card_points(card, placement.placed().map(|(_, cell)| cell))
            });
        Extras {
            play,
            glossary_points: per_word * glossary,
            bonus_card_points,
        }
    }

    /// What `action` would score now for the seat to move, as [`HpGame::play_turn`] counts
    /// the turn: its words, the Glossary bonus, a Bonus card's points, the points the card
    /// played this turn scored at once (Rictusempra, Competition cards drawn with Felix
    /// Felicis or Gemino) and points carried to this turn (Gryffindor's opening draw, a lost
    /// challenge). The cards a placement earns are drawn only when it is made.
    pub fn score_of(&self, action: &Move) -> Result<i32, HpError> {
        let checked = self.core.check(action)?;
        let carried = self.turn.points + self.pending_points[self.core.to_move()];
        Ok(carried
            + match (action, &checked) {
                (Move::Place(placement), Some(play)) => {
                    let extras = self.extras(placement, play);
                    play.score + extras.glossary_points + extras.bonus_card_points
                }
                _ => 0,
            })
    }

    /// The seat's score with the points it has won or lost since its last turn (Rictusempra,
    /// Competition cards drawn by a card or before the first turn, a lost challenge), which
    /// the game books with its next turn: the score a person sees.
    pub fn score_now(&self, seat: usize) -> i32 {
        let this_turn = if seat == self.core.to_move() && !self.core.is_over() {
            self.turn.points
        } else {
            0
        };
        self.core.scores()[seat] + self.pending_points[seat] + this_turn
    }

    /// Points `seat` gains (or, negative, loses) outside any move, such as a failed challenge;
    /// they are counted with its next turn, so every point belongs to a turn.
    pub fn add_points(&mut self, seat: usize, points: i32) {
        self.pending_points[seat] += points;
    }

    /// Moves a card of the given kind from the deck into `seat`'s hand, for setting up a
    /// position (analysis, tests); false if the deck holds none.
    pub fn deal(&mut self, seat: usize, card: Card) -> bool {
        match self.piles.deck.iter().position(|&c| c == card) {
            Some(index) => {
                self.piles.deck.remove(index);
                self.piles.hands[seat].push(card);
                true
            }
            None => false,
        }
    }

    /// Tiles the seat to move must return to the bag after `action`: after Engorgio, as many
    /// as the move would leave beyond a full rack (an exchange draws as many as it returns);
    /// otherwise none. They are chosen from the tiles the move keeps
    /// ([`Move::kept_from`]), so an exchange must keep at least that many.
    pub fn discard_needed(&self, action: &Move) -> Result<usize, HpError> {
        // Asked of every move: the view is built only after Engorgio.
        if !self.turn.engorged {
            return Ok(0);
        }
        self.observation(self.core.to_move()).discard_needed(action)
    }

    /// Draws a card for `seat` and returns the points it scored at once.
    pub(super) fn draw_for(&mut self, seat: usize) -> i32 {
        self.draw_card(seat).1
    }

    /// Moves a played card from `seat`'s hand to the discard pile.
    pub(super) fn discard_played(&mut self, seat: usize, card: Card) {
        let hand = &mut self.piles.hands[seat];
        if let Some(index) = hand.iter().position(|&c| c == card) {
            hand.remove(index);
            self.piles.discard.push(card);
        }
    }

    pub(super) fn push_event(&mut self, event: CardEvent) {
        self.events.push(event);
    }

    pub(super) fn core_mut(&mut self) -> &mut Game {
        &mut self.core
    }

    /// The card played this turn and what it changes.
    pub fn turn_card(&self) -> TurnCard {
        self.turn
    }

    /// The card played this turn, unless it is a dud (`power = false`), which does nothing.
    fn card_in_force(&self) -> Option<Card> {
        self.turn
            .card
            .filter(|&card| self.rules.numbers.cards.entry(card).power)
    }

    pub(super) fn set_turn_card(&mut self, turn: TurnCard) {
        self.turn = turn;
    }

    /// The crossword game underneath.
    pub fn core(&self) -> &Game {
        &self.core
    }

    /// Each seat's house.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// Where the cards are.
    pub fn piles(&self) -> &CardPiles {
        &self.piles
    }

    /// Every card event so far.
    pub fn events(&self) -> &[CardEvent] {
        &self.events
    }

    /// The rules in force.
    pub fn rules(&self) -> &HpRules {
        &self.rules
    }

    /// What `seat` may see: the crossword observation, its house, its own cards.
    pub fn observation(&self, seat: usize) -> HpObservation<'_> {
        HpObservation {
            core: self.core.observation(seat),
            house: self.houses[seat],
            houses: &self.houses,
            hand: &self.piles.hands[seat],
            hand_sizes: std::array::from_fn(|s| self.piles.hands.get(s).map_or(0, Vec::len)),
            deck_len: self.piles.deck.len(),
            numbers: &self.rules.numbers,
            exchange_keeps: if self.turn.engorged && seat == self.core.to_move() {
                let rack = self.core.rack(seat).len();
                rack.saturating_sub(self.rules.crossword.numbers.rack_size)
            } else {
                0
            },
            card_played: self.turn.card.filter(|_| seat == self.core.to_move()),
            scores_now: std::array::from_fn(|s| {
                if s < self.core.players() {
                    self.score_now(s)
                } else {
                    0
                }
            }),
        }
    }
}

impl HpObservation<'_> {
    /// Tiles the seat to move must return to the bag after `action` ([`HpGame::discard_needed`]),
    /// read from its view: only after Engorgio has it more tiles than a full rack
    /// (`exchange_keeps` above 0), and then an exchange must keep that many.
    pub fn discard_needed(&self, action: &Move) -> Result<usize, HpError> {
        if self.exchange_keeps == 0 {
            // Not engorged; or engorged with no room to draw, so no move leaves a rack above full.
            return Ok(0);
        }
        let rack = &self.core.rack;
        let kept = action.kept_from(rack);
        let after = match action {
            Move::Exchange(_) => rack.len(),
            _ => kept.len(),
        };
        let needed = after.saturating_sub(self.core.rules.numbers.rack_size);
        if needed > kept.len() {
            return Err(HpError::ExchangeKeepsTooFew { needed });
        }
        Ok(needed)
    }
}

/// A seat's view of a Harry Potter game: the crossword view, its house and its own cards;
/// of the others' cards only how many they hold.
#[derive(Debug, Clone, Copy)]
pub struct HpObservation<'g> {
    /// The crossword view.
    pub core: Observation<'g>,
    /// The seat's house.
    pub house: House,
    /// Every seat's house (public).
    pub houses: &'g [House],
    /// The seat's own cards.
    pub hand: &'g [Card],
    /// How many cards each seat holds.
    pub hand_sizes: [usize; MAX_PLAYERS],
    /// The Harry Potter numbers in force (public: the cards' letters and points, the bonuses).
    pub numbers: &'g HpNumbers,
    /// Cards left in the deck.
    pub deck_len: usize,
    /// Tiles an exchange must keep this turn: after Engorgio the turn's discard is chosen
    /// from them ([`HpGame::discard_needed`]); otherwise 0.
    pub exchange_keeps: usize,
    /// The card the seat played this turn, if it is to move and played one (public).
    pub card_played: Option<Card>,
    /// Every seat's score with the points won or lost since its last turn ([`HpGame::score_now`]).
    pub scores_now: [i32; MAX_PLAYERS],
}
