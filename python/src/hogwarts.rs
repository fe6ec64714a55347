//! Scrabble: Harry Potter Edition for Python: a table stepped one answer at a time through the
//! engine's `Stepped` (a challenge of the last words, a Hogwarts card, the move, a discard
//! after Engorgio), a seat's view kept as an owned snapshot (its own rack and cards, never
//! another's), and each question's legal answers listed as choices.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use crate::contest::{refused, rules_args};
use engine::hogwarts::notation::{card_play_text, parse_card_play};
use engine::hogwarts::{
    Card, CardPlay, House, HpAnswer, HpGame as Hogwarts, HpObservation as View, HpQuestion, HpRules,
};
use engine::play::Stepped;
use engine::scrabble::layout::SQUARES;
use engine::scrabble::{MAX_PLAYERS, Move, Rack, Rules};
use lexicon::{Edition, Lexicon};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::bot::Held;
use crate::crossword::{Snapshot, board_rows, sub_racks, tiles_text};

/// One legal answer of the Harry Potter game, at the step it was listed.
#[pyclass(module = "owlery", frozen, from_py_object)]
#[derive(Clone)]
pub struct HpChoice {
    answer: HpAnswer,
    /// The answer as written: `no challenge`, `challenge`, `no card`, `card expelliarmus 2`,
    /// a move in notation (`8D QI`, `exchange QV`, `pass`), `discard QV`.
    #[pyo3(get)]
    text: String,
    /// The crossword points a placement scores now (before the Glossary, card and house
    /// bonuses); 0 for any other answer.
    #[pyo3(get)]
    score: i32,
    /// The seat it is for.
    #[pyo3(get)]
    seat: usize,
    /// The step (answers given in the game so far) it was listed at: it answers only that one.
    #[pyo3(get)]
    step: u64,
    /// Its place in the listed choices (`None` for a bot's answer made before they were listed).
    #[pyo3(get)]
    index: Option<usize>,
}

crate::table::listed!(HpChoice, HpAnswer, answer, step);

#[pymethods]
impl HpChoice {
    /// `challenge`, `card`, `place`, `exchange`, `pass` or `discard`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.answer {
            HpAnswer::Challenge(_) => "challenge",
            HpAnswer::Card(_) => "card",
            HpAnswer::Move(Move::Place(_)) => "place",
            HpAnswer::Move(Move::Exchange(_)) => "exchange",
            HpAnswer::Move(Move::Pass) => "pass",
            HpAnswer::Discard(_) => "discard",
        }
    }

    fn __repr__(&self) -> String {
        format!("HpChoice({:?}, score={})", self.text, self.score)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }
}

/// A question's name in Python.
fn question_kind(question: HpQuestion) -> &'static str {
    match question {
        HpQuestion::Challenge { .. } => "challenge",
        HpQuestion::Card => "card",
        HpQuestion::Move => "move",
        HpQuestion::Discard { .. } => "discard",
    }
}

/// The plays of `card` to try: its targets, letters, squares or tiles where it takes them.
fn plays_of(card: Card, view: &View<'_>) -> Vec<CardPlay> {
    let core = &view.core;
    let others = (0..core.scores.len()).filter(|&s| s != core.seat);
    match card {
        Card::Veritaserum => {
            let mut gives: Vec<usize> = core.rack.kinds().collect();
            gives.dedup();
            others
                .flat_map(|target| {
                    let gives = &gives;
                    (0..26u8).flat_map(move |letter| {
                        gives.iter().map(move |&give| CardPlay::Veritaserum {
                            target,
                            letter,
                            give,
                        })
                    })
                })
                .collect()
        }
        Card::Expelliarmus => others
            .map(|target| CardPlay::Expelliarmus { target })
            .collect(),
        Card::Alohomora => (0..SQUARES)
            .filter(|&square| core.board.at(square).is_blank())
            .map(|square| CardPlay::Alohomora { square })
            .collect(),
        Card::Transfiguration => {
            let mut racks = Vec::new();
            sub_racks(&core.rack, 0, Rack::EMPTY, &mut racks);
            racks
                .into_iter()
                .map(|tiles| CardPlay::Transfiguration { tiles })
                .collect()
        }
        Card::FelixFelicis => vec![CardPlay::FelixFelicis],
        Card::Revelio => vec![CardPlay::Revelio],
        Card::Rictusempra => vec![CardPlay::Rictusempra],
        Card::Gemino => vec![CardPlay::Gemino],
        Card::Engorgio => vec![CardPlay::Engorgio],
        Card::Confundo => vec![CardPlay::Confundo],
        Card::Reparo => vec![CardPlay::Reparo],
        bonus if bonus.is_bonus() => vec![CardPlay::Bonus(bonus)],
        // Competition cards score when drawn; they are never played.
        _ => Vec::new(),
    }
}

/// What one seat may see, owned, with the question it is asked.
pub(crate) struct HpSnapshot {
    core: Snapshot,
    question: Option<HpQuestion>,
    house: House,
    houses: Vec<House>,
    hand: Vec<Card>,
    hand_sizes: [usize; MAX_PLAYERS],
    deck_len: usize,
    exchange_keeps: usize,
    card_played: Option<Card>,
    scores_now: [i32; MAX_PLAYERS],
    rules: Arc<HpRules>,
}

/// What a Harry Potter observation keeps beside the view: the rules, the crossword's rules
/// and the word list.
pub(crate) type HpTables = (Arc<HpRules>, Arc<Rules>, Arc<Lexicon>);

impl HpSnapshot {
    /// The snapshot of `view`, asked `question` (if it is the seat asked).
    pub(crate) fn of(
        view: &View<'_>,
        question: Option<HpQuestion>,
        (rules, crossword, lexicon): &HpTables,
    ) -> HpSnapshot {
        HpSnapshot {
            core: Snapshot::of(&view.core, crossword, lexicon),
            question,
            house: view.house,
            houses: view.houses.to_vec(),
            hand: view.hand.to_vec(),
            hand_sizes: view.hand_sizes,
            deck_len: view.deck_len,
            exchange_keeps: view.exchange_keeps,
            card_played: view.card_played,
            scores_now: view.scores_now,
            rules: rules.clone(),
        }
    }

    /// The engine's view of this snapshot, as a bot is shown it.
    pub(crate) fn view(&self) -> View<'_> {
        View {
            core: self.core.view(),
            house: self.house,
            houses: &self.houses,
            hand: &self.hand,
            hand_sizes: self.hand_sizes,
            numbers: &self.rules.numbers,
            deck_len: self.deck_len,
            exchange_keeps: self.exchange_keeps,
            card_played: self.card_played,
            scores_now: self.scores_now,
        }
    }

    /// `answer` as written.
    fn written(&self, answer: &HpAnswer) -> String {
        match answer {
            HpAnswer::Challenge(true) => "challenge".into(),
            HpAnswer::Challenge(false) => "no challenge".into(),
            HpAnswer::Card(None) => "no card".into(),
            HpAnswer::Card(Some(play)) => format!("card {}", card_play_text(play)),
            HpAnswer::Move(action) => action.notation(&self.core.board),
            HpAnswer::Discard(tiles) => format!("discard {tiles}"),
        }
    }

    /// `answer` as this seat's choice at `step`, a placement scored as the board scores it.
    fn choice(&self, answer: HpAnswer, step: u64) -> HpChoice {
        let score = match &answer {
            HpAnswer::Move(action) => match self.core.view().check(action) {
                Ok(Some(play)) => play.score,
                _ => 0,
            },
            _ => 0,
        };
        HpChoice {
            text: self.written(&answer),
            answer,
            score,
            seat: self.core.seat,
            step,
            index: None,
        }
    }

    /// Every legal answer to the question: both answers to a challenge; no card, then each
    /// play of each held card the game takes now (every target, letter, square or tiles);
    /// the crossword's placements by score (backwards too after Confundo), exchanges and the
    /// pass; each discard of as many tiles as Engorgio leaves too many.
    fn legal(&self, step: u64) -> Vec<HpChoice> {
        let Some(question) = self.question else {
            return Vec::new();
        };
        let mut choices = match question {
            HpQuestion::Challenge { .. } => [false, true]
                .map(|yes| self.choice(HpAnswer::Challenge(yes), step))
                .to_vec(),
            HpQuestion::Card => {
                let view = self.view();
                let mut held = self.hand.clone();
                held.sort_by_key(|card| card.index());
                held.dedup();
                let plays = held
                    .into_iter()
                    .flat_map(|card| plays_of(card, &view))
                    .filter(|play| view.check_card(play).is_ok());
                std::iter::once(None)
                    .chain(plays.map(Some))
                    .map(|play| self.choice(HpAnswer::Card(play), step))
                    .collect()
            }
            HpQuestion::Move => {
                let view = self.view();
                self.core
                    .legal(step)
                    .into_iter()
                    // After Engorgio an exchange must keep the tiles the turn discards.
                    .filter(|listed| view.discard_needed(&listed.action).is_ok())
                    .map(|listed| HpChoice {
                        answer: HpAnswer::Move(listed.action),
                        text: listed.text,
                        score: listed.score,
                        seat: self.core.seat,
                        step,
                        index: None,
                    })
                    .collect()
            }
            HpQuestion::Discard { action, needed } => {
                let mut racks = Vec::new();
                sub_racks(
                    &action.kept_from(&self.core.rack),
                    0,
                    Rack::EMPTY,
                    &mut racks,
                );
                racks
                    .into_iter()
                    .filter(|tiles| tiles.len() == needed)
                    .map(|tiles| self.choice(HpAnswer::Discard(tiles), step))
                    .collect()
            }
        };
        for (index, choice) in choices.iter_mut().enumerate() {
            choice.index = Some(index);
        }
        choices
    }

    /// Reads a written answer to `question`.
    fn parse(&self, question: HpQuestion, text: &str) -> Result<HpAnswer, String> {
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        Ok(match question {
            HpQuestion::Challenge { .. } => match lower.as_str() {
                "challenge" | "y" | "yes" => HpAnswer::Challenge(true),
                "no challenge" | "n" | "no" => HpAnswer::Challenge(false),
                _ => return Err(format!("{text:?}: expected challenge or no challenge")),
            },
            HpQuestion::Card => match lower.as_str() {
                "no card" | "none" | "" => HpAnswer::Card(None),
                _ => {
                    let words: Vec<&str> = text.split_whitespace().collect();
                    let words = match words.first() {
                        Some(first) if first.eq_ignore_ascii_case("card") => &words[1..],
                        _ => &words[..],
                    };
                    HpAnswer::Card(Some(parse_card_play(words, self.core.scores.len())?))
                }
            },
            HpQuestion::Move => HpAnswer::Move(
                Move::parse(text, &self.core.board).map_err(|error| error.to_string())?,
            ),
            HpQuestion::Discard { .. } => {
                let tiles = lower.strip_prefix("discard").unwrap_or(&lower).trim();
                let tiles = Rack::parse(&tiles.to_ascii_uppercase())
                    .map_err(|error| format!("{text:?}: expected discard TILES ({error})"))?;
                HpAnswer::Discard(tiles)
            }
        })
    }
}

/// What one seat sees at one step: its own rack and cards, never another's, nor the bag's or
/// the deck's order.
#[pyclass(module = "owlery", frozen)]
pub struct HpObservation {
    snapshot: HpSnapshot,
    /// Answers given in the game before this one (in `sim`: the player's own answers).
    #[pyo3(get)]
    step: u64,
    legal: OnceLock<Vec<HpChoice>>,
}

impl HpObservation {
    /// A seat's snapshot at `step`.
    pub(crate) fn new(snapshot: HpSnapshot, step: u64) -> HpObservation {
        HpObservation {
            snapshot,
            step,
            legal: OnceLock::new(),
        }
    }

    /// The engine's view, for a bot.
    pub(crate) fn view(&self) -> View<'_> {
        self.snapshot.view()
    }

    fn asked(&self) -> PyResult<HpQuestion> {
        self.snapshot.question.ok_or_else(|| {
            PyValueError::new_err(format!(
                "seat {} is not asked anything now",
                self.snapshot.core.seat
            ))
        })
    }

    fn choices(&self) -> &[HpChoice] {
        self.legal.get_or_init(|| self.snapshot.legal(self.step))
    }

    /// `answer` as this seat's choice now: the listed one where the choices were listed.
    fn choice_of(&self, answer: HpAnswer) -> HpChoice {
        let listed = self.legal.get();
        match listed.and_then(|l| l.iter().find(|c| c.answer == answer)) {
            Some(choice) => choice.clone(),
            None => self.snapshot.choice(answer, self.step),
        }
    }

    /// Reads what a Python player answered: an `HpChoice` listed now, an index into the
    /// listed choices, or a written answer.
    pub(crate) fn answer_of(&self, answer: &Bound<'_, PyAny>) -> PyResult<HpAnswer> {
        let question = self.asked()?;
        crate::table::read_answer(
            answer,
            self.snapshot.core.seat,
            self.step,
            || self.choices(),
            |text| self.snapshot.parse(question, text),
            "an HpChoice, an index into legal() or a written answer such as '8D QI' or 'card revelio'",
        )
    }
}

#[pymethods]
impl HpObservation {
    /// The seat looking.
    #[getter]
    fn seat(&self) -> usize {
        self.snapshot.core.seat
    }

    /// What it is asked: `challenge`, `card`, `move` or `discard` (`None` if not asked).
    #[getter]
    fn question(&self) -> Option<&'static str> {
        self.snapshot.question.map(question_kind)
    }

    /// The seat whose last words a challenge is about.
    #[getter]
    fn challenged(&self) -> Option<usize> {
        match self.snapshot.question {
            Some(HpQuestion::Challenge { player }) => Some(player),
            _ => None,
        }
    }

    /// After Engorgio: the move made, and how many tiles to discard.
    #[getter]
    fn discarding(&self) -> Option<(String, usize)> {
        match self.snapshot.question {
            Some(HpQuestion::Discard { action, needed }) => {
                Some((action.notation(&self.snapshot.core.board), needed))
            }
            _ => None,
        }
    }

    /// Its rack, e.g. `AEINST?`.
    #[getter]
    fn rack(&self) -> String {
        self.snapshot.core.rack.to_string()
    }

    /// The board, fifteen rows of fifteen characters.
    #[getter]
    fn board(&self) -> Vec<String> {
        board_rows(&self.snapshot.core.board)
    }

    /// Every seat's score as the scoresheet stands.
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.snapshot.core.scores.clone()
    }

    /// Every seat's score with the points won or lost since its last turn.
    #[getter]
    fn scores_now(&self) -> Vec<i32> {
        self.snapshot.scores_now[..self.snapshot.core.scores.len()].to_vec()
    }

    /// Tiles on each seat's rack, as seen across the table.
    #[getter]
    fn rack_sizes(&self) -> Vec<usize> {
        self.snapshot.core.rack_sizes.clone()
    }

    /// Tiles in the bag.
    #[getter]
    fn bag(&self) -> usize {
        self.snapshot.core.bag_len
    }

    /// The tiles this seat has not seen (the bag and the other racks together).
    #[getter]
    fn unseen(&self) -> String {
        tiles_text(&self.snapshot.core.unseen)
    }

    /// This seat's house.
    #[getter]
    fn house(&self) -> &'static str {
        self.snapshot.house.name()
    }

    /// Every seat's house.
    #[getter]
    fn houses(&self) -> Vec<&'static str> {
        self.snapshot.houses.iter().map(|h| h.name()).collect()
    }

    /// This seat's Hogwarts cards.
    #[getter]
    fn hand(&self) -> Vec<&'static str> {
        self.snapshot.hand.iter().map(|c| c.key()).collect()
    }

    /// How many cards each seat holds.
    #[getter]
    fn hand_sizes(&self) -> Vec<usize> {
        self.snapshot.hand_sizes[..self.snapshot.core.scores.len()].to_vec()
    }

    /// Cards left in the deck.
    #[getter]
    fn deck(&self) -> usize {
        self.snapshot.deck_len
    }

    /// The card this seat played this turn, if it is to move and played one.
    #[getter]
    fn card_played(&self) -> Option<&'static str> {
        self.snapshot.card_played.map(|c| c.key())
    }

    /// Whether words may read backwards this turn (Confundo played).
    #[getter]
    fn backwards(&self) -> bool {
        self.snapshot.core.backwards
    }

    /// The legal choices now (none for a seat not asked).
    fn legal(&self) -> Vec<HpChoice> {
        self.choices().to_vec()
    }

    /// The observation as a dict of plain values.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("seat", self.seat())?;
        dict.set_item("step", self.step)?;
        dict.set_item("question", self.question())?;
        dict.set_item("challenged", self.challenged())?;
        dict.set_item("discarding", self.discarding())?;
        dict.set_item("rack", self.rack())?;
        dict.set_item("board", self.board())?;
        dict.set_item("scores", self.scores())?;
        dict.set_item("scores_now", self.scores_now())?;
        dict.set_item("rack_sizes", self.rack_sizes())?;
        dict.set_item("bag", self.bag())?;
        dict.set_item("unseen", self.unseen())?;
        dict.set_item("house", self.house())?;
        dict.set_item("houses", self.houses())?;
        dict.set_item("hand", self.hand())?;
        dict.set_item("hand_sizes", self.hand_sizes())?;
        dict.set_item("deck", self.deck())?;
        dict.set_item("card_played", self.card_played())?;
        dict.set_item("backwards", self.backwards())?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "HpObservation(seat={}, step={}, question={:?}, rack={:?}, hand={:?})",
            self.seat(),
            self.step,
            self.question(),
            self.rack(),
            self.hand()
        )
    }
}

/// The Harry Potter edition's word list (with the Glossary), loaded once per process.
fn shared_hp_lexicon() -> Arc<Lexicon> {
    static LEXICON: OnceLock<Arc<Lexicon>> = OnceLock::new();
    LEXICON
        .get_or_init(|| Arc::new(Lexicon::embedded(Edition::HarryPotter)))
        .clone()
}

/// `rules`, the crossword's part of them and the word list.
pub(crate) fn hp_tables_of(rules: Arc<HpRules>) -> HpTables {
    let crossword = Arc::new(rules.crossword.clone());
    (rules, crossword, shared_hp_lexicon())
}

/// A game of Scrabble: Harry Potter Edition stepped one answer at a time; the houses are drawn
/// from the seed, as the simulator draws them.
#[pyclass(module = "owlery")]
pub struct HpGame {
    game: Hogwarts,
    tables: HpTables,
    seed: u64,
    answers: Vec<String>,
}

impl HpGame {
    fn observe_seat(&self, seat: usize) -> HpObservation {
        let question = self
            .game
            .pending()
            .filter(|pending| pending.seat == seat)
            .map(|pending| pending.question);
        let snapshot = HpSnapshot::of(&self.game.view(seat), question, &self.tables);
        HpObservation::new(snapshot, self.answers.len() as u64)
    }
}

#[pymethods]
impl HpGame {
    /// A new game for `players` seats (2 to 4) dealt from `seed`.
    /// The rules are the shipped ones changed by `rules` (a rules file), `set` (`KEY=VALUE`
    /// settings) and `data` (files by name), as in `owlery.sim`.
    #[new]
    #[pyo3(signature = (players = 2, seed = 0, rules = None, set = Vec::new(), data = None))]
    fn new(
        players: usize,
        seed: u64,
        rules: Option<PathBuf>,
        set: Vec<String>,
        data: Option<HashMap<String, PathBuf>>,
    ) -> PyResult<HpGame> {
        let data = rules_args(rules, set, data)?;
        let tables = hp_tables_of(runner::rules::hp_rules(&data).map_err(refused)?);
        let error = |e: engine::scrabble::SetupError| PyValueError::new_err(e.to_string());
        let houses = Hogwarts::sorted_houses(players, seed).map_err(error)?;
        let game =
            Hogwarts::new(tables.0.clone(), tables.2.clone(), houses, seed).map_err(error)?;
        Ok(HpGame {
            game,
            tables,
            seed,
            answers: Vec::new(),
        })
    }

    /// Every Hogwarts card's name, in the rules' order.
    #[staticmethod]
    fn cards() -> Vec<&'static str> {
        Card::ALL.iter().map(|card| card.key()).collect()
    }

    /// The seats at the table.
    #[getter]
    fn players(&self) -> usize {
        self.game.core().players()
    }

    /// The seed the game was dealt from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// Each seat's house.
    #[getter]
    fn houses(&self) -> Vec<&'static str> {
        self.game.houses().iter().map(|h| h.name()).collect()
    }

    /// The seat whose answer the game waits for; `None` once it is over.
    #[getter]
    fn to_play(&self) -> Option<usize> {
        self.game.pending().map(|pending| pending.seat)
    }

    /// What it asks: `challenge`, `card`, `move` or `discard`.
    #[getter]
    fn question(&self) -> Option<&'static str> {
        self.game
            .pending()
            .map(|pending| question_kind(pending.question))
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.core().is_over()
    }

    /// Answers given so far.
    #[getter]
    fn step(&self) -> u64 {
        self.answers.len() as u64
    }

    /// Every seat's score (with the end's adjustments once it is over).
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.game.core().scores().to_vec()
    }

    /// The seats with the highest score, once the game is over.
    #[getter]
    fn winners(&self) -> Vec<usize> {
        crate::table::winners(self.game.core().scores(), self.is_over())
    }

    /// Every answer so far, as written.
    #[getter]
    fn answers(&self) -> Vec<String> {
        self.answers.clone()
    }

    /// What `seat` may see (by default, the seat to play).
    #[pyo3(signature = (seat = None))]
    fn observe(&self, seat: Option<usize>) -> PyResult<HpObservation> {
        let seat = crate::table::seat_to_observe(seat, self.to_play(), self.players())?;
        Ok(self.observe_seat(seat))
    }

    /// The legal choices of the seat to play (empty once the game is over).
    fn legal(&self) -> Vec<HpChoice> {
        match self.to_play() {
            Some(seat) => self.observe_seat(seat).legal(),
            None => Vec::new(),
        }
    }

    /// Gives the seat to play's answer: an `HpChoice` listed now, an index into `legal()`, or
    /// a written answer (`challenge`, `no card`, `card expelliarmus 2`, `8D QI`, `discard QV`).
    /// A refused answer raises `ValueError` and changes nothing.
    fn apply(&mut self, answer: &Bound<'_, PyAny>) -> PyResult<()> {
        let Some(seat) = self.to_play() else {
            return Err(PyValueError::new_err("the game is over"));
        };
        let observation = self.observe_seat(seat);
        let answer = observation.answer_of(answer)?;
        let text = observation.snapshot.written(&answer);
        self.game
            .answer(answer)
            .map_err(|rejected| PyValueError::new_err(format!("{text}: {}", rejected.reason)))?;
        self.answers.push(text);
        Ok(())
    }

    /// The position as CGP, with the rack of the seat to move (the referee's view).
    fn cgp(&self) -> String {
        self.game.describe()
    }

    fn __repr__(&self) -> String {
        format!(
            "HpGame(players={}, seed={}, step={}, scores={:?}{})",
            self.players(),
            self.seed,
            self.answers.len(),
            self.game.core().scores(),
            if self.is_over() { ", over" } else { "" }
        )
    }
}

/// One of Owlery's Harry Potter bots (`cards`, `greedy`, `equity`, ...), answering from a
/// seat's observation.
#[pyclass(module = "owlery")]
pub struct HpBot {
    held: Held<Hogwarts>,
}

#[pymethods]
impl HpBot {
    /// The Harry Potter edition's bot registered as `name`.
    #[new]
    fn new(name: &str) -> PyResult<HpBot> {
        Ok(HpBot {
            held: Held::new(name)?,
        })
    }

    /// Its registry name.
    #[getter]
    fn name(&self) -> &str {
        self.held.name()
    }

    /// Readies it for a new game; a bot that draws random numbers reseeds from `seed`.
    fn start_game(&self, seed: u64) {
        self.held.start_game(seed);
    }

    /// Its answer to the question `observation` shows. A bot plans a turn across its
    /// questions (a card for the move it means to make), so one bot should answer a whole
    /// turn of its seat.
    fn choose(&self, py: Python<'_>, observation: &HpObservation) -> PyResult<HpChoice> {
        let question = observation.asked()?;
        let answer = self.held.decide(py, &observation.view(), question)?;
        Ok(observation.choice_of(answer))
    }

    fn __repr__(&self) -> String {
        format!("HpBot({:?})", self.held.name())
    }
}
