//! The Scrabble Card Game's Rummy for Python: a table stepped one answer at a time through the
//! engine's `Stepped` (draw, then lay words for the Round card and discard), a seat's view
//! kept as an owned snapshot (its own hand, never another's), and every meld of the Round
//! card's shape listed from that view.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use crate::contest::{refused, rules_args};
use engine::cardgame::Variant;
use engine::cardgame::notation::{meld_notation, parse_meld, spelled};
use engine::cardgame::rummy::{RoundCard, RoundResult, meld_cards, score_meld};
use engine::cardgame::{CardRules, RummyAnswer, RummyGame as Rummy, RummyQuestion, RummyView};
use engine::play::Stepped;
use engine::scrabble::tiles::{BLANK, kind_char};
use engine::scrabble::{Cell, Rack};
use lexicon::Lexicon;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::bot::Held;
use crate::crossword::shared_lexicon;

/// The most melds listed for one hand: far more than a seven-card hand makes for any Round
/// card shipped; beyond it the lowest-scoring are left out.
const MOST_MELDS: usize = 30_000;

/// One legal answer of Rummy, at the step it was listed.
#[pyclass(module = "owlery", frozen, from_py_object)]
#[derive(Clone)]
pub struct RummyChoice {
    answer: RummyAnswer,
    /// The answer as written: `pile`, `discard` (take the discard pile's top card), or a meld
    /// `TRAIN HO / Q` (blanks in lower case; `/ Q` lays nothing and discards Q).
    #[pyo3(get)]
    text: String,
    /// The points a meld scores for the Round card now (0 for any other answer).
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

crate::table::listed!(RummyChoice, RummyAnswer, answer, step);

#[pymethods]
impl RummyChoice {
    /// `pile`, `take` (the discard pile's top card), `meld` (words laid) or `pass` (nothing
    /// laid; a card discarded).
    #[getter]
    fn kind(&self) -> &'static str {
        match &self.answer {
            RummyAnswer::Draw {
                from_discard: false,
            } => "pile",
            RummyAnswer::Draw { from_discard: true } => "take",
            RummyAnswer::Meld { words, .. } if words.is_empty() => "pass",
            RummyAnswer::Meld { .. } => "meld",
        }
    }

    /// The words laid, as text (blanks in lower case).
    #[getter]
    fn words(&self) -> Vec<String> {
        match &self.answer {
            RummyAnswer::Meld { words, .. } => words
                .iter()
                .map(|w| spelled(std::slice::from_ref(w)))
                .collect(),
            RummyAnswer::Draw { .. } => Vec::new(),
        }
    }

    fn __repr__(&self) -> String {
        format!("RummyChoice({:?}, score={})", self.text, self.score)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }
}

/// `word`'s letters spelled from `rack`, real cards first and then the blank; the rack less
/// them, or `None` if it cannot spell the word.
fn spell(word: &[u8], mut rack: Rack) -> Option<(Vec<Cell>, Rack)> {
    let mut cells = Vec::with_capacity(word.len());
    for &byte in word {
        let letter = byte.to_ascii_uppercase().checked_sub(b'A')?;
        if rack.take(usize::from(letter)) {
            cells.push(Cell::tile(letter, false));
        } else if rack.take(BLANK) {
            cells.push(Cell::tile(letter, true));
        } else {
            return None;
        }
    }
    Some((cells, rack))
}

/// The Round card's shape: which word lengths it takes, and at most how many words.
fn shape(card: &RoundCard, cards: usize) -> (impl Fn(usize) -> bool + '_, usize) {
    let most = if !card.words.is_empty() {
        card.words.len() + usize::from(card.optional_word.is_some())
    } else if card.even_word || card.one_word {
        1
    } else {
        cards / 2
    };
    let wanted = move |length: usize| {
        if !card.words.is_empty() {
            card.words.contains(&length) || card.optional_word == Some(length)
        } else if card.even_word {
            length % 2 == 0
        } else if card.one_word {
            length == cards
        } else {
            length >= 2
        }
    };
    (wanted, most)
}

/// Every meld of `hand` (after the discard) from `words` (indices from `start` on, so each
/// set of words comes once), each checked and scored by the engine's `score_meld`.
#[allow(clippy::too_many_arguments)]
fn gather(
    view: &RummyView<'_>,
    words: &[Vec<u8>],
    start: usize,
    hand: Rack,
    most: usize,
    discard: u8,
    chosen: &mut Vec<Vec<Cell>>,
    out: &mut Vec<(i32, Vec<Vec<Cell>>, u8)>,
) {
    if out.len() >= MOST_MELDS * 4 {
        return;
    }
    if !chosen.is_empty()
        && let Ok(points) = score_meld(view.round, chosen, &hand, view.rules, view.lexicon)
    {
        out.push((points, chosen.clone(), discard));
    }
    if chosen.len() == most {
        return;
    }
    for (index, word) in words.iter().enumerate().skip(start) {
        if let Some((cells, left)) = spell(word, hand) {
            chosen.push(cells);
            gather(view, words, index, left, most, discard, chosen, out);
            chosen.pop();
        }
    }
}

/// Every meld the hand makes for the Round card, best first (at most [`MOST_MELDS`]), then
/// each card discarded with nothing laid.
fn melds(view: &RummyView<'_>) -> Vec<(i32, Vec<Vec<Cell>>, u8)> {
    let mut found = Vec::new();
    let mut discards: Vec<usize> = view.hand.kinds().collect();
    discards.dedup();
    for &discard in &discards {
        let mut hand = *view.hand;
        hand.take(discard);
        let (wanted, most) = shape(view.round, hand.len());
        let counts = std::array::from_fn(|letter| hand.count(letter));
        let mut words = Vec::new();
        view.lexicon
            .for_each_anagram_of(counts, hand.count(BLANK), |word| {
                if wanted(word.len()) {
                    words.push(word.to_vec());
                }
            });
        gather(
            view,
            &words,
            0,
            hand,
            most,
            discard as u8,
            &mut Vec::new(),
            &mut found,
        );
    }
    found.sort_by(|a, b| {
        b.0.cmp(&a.0)
            .then_with(|| meld_notation(&a.1, a.2).cmp(&meld_notation(&b.1, b.2)))
    });
    found.truncate(MOST_MELDS);
    found.extend(discards.into_iter().map(|d| (0, Vec::new(), d as u8)));
    found
}

/// What one seat may see, owned, with the question it is asked.
pub(crate) struct RummySnapshot {
    seat: usize,
    question: Option<RummyQuestion>,
    hand: Rack,
    discard_top: Option<u8>,
    round: RoundCard,
    round_card: usize,
    scores: Vec<i32>,
    results: Vec<RoundResult>,
    rules: Arc<CardRules>,
    lexicon: Arc<Lexicon>,
}

/// What a Rummy observation keeps beside the view.
pub(crate) type RummyTables = (Arc<CardRules>, Arc<Lexicon>);

impl RummySnapshot {
    /// The snapshot of `view`, asked `question` (if it is the seat asked).
    pub(crate) fn of(
        view: &RummyView<'_>,
        question: Option<RummyQuestion>,
        (rules, lexicon): &RummyTables,
    ) -> RummySnapshot {
        RummySnapshot {
            seat: view.seat,
            question,
            hand: *view.hand,
            discard_top: view.discard_top,
            round: view.round.clone(),
            round_card: view.round_card,
            scores: view.scores.to_vec(),
            results: view.results.to_vec(),
            rules: rules.clone(),
            lexicon: lexicon.clone(),
        }
    }

    /// The engine's view of this snapshot, as a bot is shown it.
    pub(crate) fn view(&self) -> RummyView<'_> {
        RummyView {
            seat: self.seat,
            hand: &self.hand,
            discard_top: self.discard_top,
            round: &self.round,
            round_card: self.round_card,
            scores: &self.scores,
            results: &self.results,
            rules: &self.rules,
            lexicon: &self.lexicon,
        }
    }

    /// `answer` as written.
    fn written(&self, answer: &RummyAnswer) -> String {
        match answer {
            RummyAnswer::Draw {
                from_discard: false,
            } => "pile".into(),
            RummyAnswer::Draw { from_discard: true } => "discard".into(),
            RummyAnswer::Meld { words, discard } => meld_notation(words, *discard),
        }
    }

    /// A meld's points for the Round card (0 for a draw, nothing laid, or a meld the game
    /// would refuse).
    fn points(&self, answer: &RummyAnswer) -> i32 {
        let RummyAnswer::Meld { words, discard } = answer else {
            return 0;
        };
        let mut left = self.hand;
        let used = meld_cards(words);
        if words.is_empty() || !left.take(usize::from(*discard)) || !left.take_all(&used) {
            return 0;
        }
        let view = self.view();
        score_meld(view.round, words, &left, view.rules, view.lexicon).unwrap_or(0)
    }

    fn choice(&self, answer: RummyAnswer, step: u64) -> RummyChoice {
        RummyChoice {
            text: self.written(&answer),
            score: self.points(&answer),
            answer,
            seat: self.seat,
            step,
            index: None,
        }
    }

    /// Every legal answer: the pile or the discard pile's top card; or every meld of the
    /// Round card's shape (each word spelled with real cards first, then the blank), best
    /// first, then each card discarded with nothing laid.
    fn legal(&self, step: u64) -> Vec<RummyChoice> {
        let mut choices: Vec<RummyChoice> = match self.question {
            None => Vec::new(),
            Some(RummyQuestion::Draw) => {
                let mut draws = vec![false];
                if self.discard_top.is_some() {
                    draws.push(true);
                }
                draws
                    .into_iter()
                    .map(|from_discard| self.choice(RummyAnswer::Draw { from_discard }, step))
                    .collect()
            }
            Some(RummyQuestion::Meld) => melds(&self.view())
                .into_iter()
                .map(|(points, words, discard)| RummyChoice {
                    text: meld_notation(&words, discard),
                    answer: RummyAnswer::Meld { words, discard },
                    score: points,
                    seat: self.seat,
                    step,
                    index: None,
                })
                .collect(),
        };
        for (index, choice) in choices.iter_mut().enumerate() {
            choice.index = Some(index);
        }
        choices
    }

    /// Reads a written answer to `question`.
    fn parse(&self, question: RummyQuestion, text: &str) -> Result<RummyAnswer, String> {
        let text = text.trim();
        match question {
            RummyQuestion::Draw => match text.to_ascii_lowercase().as_str() {
                "pile" => Ok(RummyAnswer::Draw {
                    from_discard: false,
                }),
                "discard" | "take" => Ok(RummyAnswer::Draw { from_discard: true }),
                _ => Err(format!("{text:?}: expected pile or discard")),
            },
            RummyQuestion::Meld => {
                parse_meld(text).map(|(words, discard)| RummyAnswer::Meld { words, discard })
            }
        }
    }
}

/// What one seat sees at one step: its own hand, never another's, nor the draw pile's order.
#[pyclass(module = "owlery", frozen)]
pub struct RummyObservation {
    snapshot: RummySnapshot,
    /// Answers given in the game before this one (in `sim`: the player's own answers).
    #[pyo3(get)]
    step: u64,
    legal: OnceLock<Vec<RummyChoice>>,
}

impl RummyObservation {
    /// A seat's snapshot at `step`.
    pub(crate) fn new(snapshot: RummySnapshot, step: u64) -> RummyObservation {
        RummyObservation {
            snapshot,
            step,
            legal: OnceLock::new(),
        }
    }

    fn asked(&self) -> PyResult<RummyQuestion> {
        self.snapshot.question.ok_or_else(|| {
            PyValueError::new_err(format!(
                "seat {} is not asked anything now",
                self.snapshot.seat
            ))
        })
    }

    fn choices(&self) -> &[RummyChoice] {
        self.legal.get_or_init(|| self.snapshot.legal(self.step))
    }

    /// `answer` as this seat's choice now: the listed one where the choices were listed.
    fn choice_of(&self, answer: RummyAnswer) -> RummyChoice {
        let listed = self.legal.get();
        match listed.and_then(|l| l.iter().find(|c| c.answer == answer)) {
            Some(choice) => choice.clone(),
            None => self.snapshot.choice(answer, self.step),
        }
    }

    /// Reads what a Python player answered: a `RummyChoice` listed now, an index into the
    /// listed choices, or a written answer.
    pub(crate) fn answer_of(&self, answer: &Bound<'_, PyAny>) -> PyResult<RummyAnswer> {
        let question = self.asked()?;
        crate::table::read_answer(
            answer,
            self.snapshot.seat,
            self.step,
            || self.choices(),
            |text| self.snapshot.parse(question, text),
            "a RummyChoice, an index into legal() or a written answer such as 'pile' or 'TRAIN HO / Q'",
        )
    }
}

#[pymethods]
impl RummyObservation {
    /// The seat looking.
    #[getter]
    fn seat(&self) -> usize {
        self.snapshot.seat
    }

    /// What it is asked: `draw` or `meld` (`None` if not asked).
    #[getter]
    fn question(&self) -> Option<&'static str> {
        self.snapshot.question.map(|question| match question {
            RummyQuestion::Draw => "draw",
            RummyQuestion::Meld => "meld",
        })
    }

    /// Its cards, e.g. `AEINST?`.
    #[getter]
    fn hand(&self) -> String {
        self.snapshot.hand.to_string()
    }

    /// The discard pile's top card (`?` the blank), if any.
    #[getter]
    fn discard_top(&self) -> Option<char> {
        self.snapshot.discard_top.map(|k| kind_char(usize::from(k)))
    }

    /// The Round card in play: `name`, `words` (the lengths asked), `optional_word`,
    /// `optional_bonus`, `even_word`, `all_cards`, `one_word`, `word_multiplier`,
    /// `letter_multiplier`, `subtract_leftovers`.
    #[getter]
    fn round<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let card = &self.snapshot.round;
        let dict = PyDict::new(py);
        dict.set_item("name", &card.name)?;
        dict.set_item("words", card.words.clone())?;
        dict.set_item("optional_word", card.optional_word)?;
        dict.set_item("optional_bonus", card.optional_bonus)?;
        dict.set_item("even_word", card.even_word)?;
        dict.set_item("all_cards", card.all_cards)?;
        dict.set_item("one_word", card.one_word)?;
        dict.set_item("word_multiplier", card.word_multiplier)?;
        dict.set_item("letter_multiplier", card.letter_multiplier)?;
        dict.set_item("subtract_leftovers", card.subtract_leftovers)?;
        Ok(dict)
    }

    /// Every seat's score.
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.snapshot.scores.clone()
    }

    /// Each finished round's scores by seat (`None` for a seat that laid nothing or sat out).
    #[getter]
    fn results(&self) -> Vec<Vec<Option<i32>>> {
        let seats = self.snapshot.scores.len();
        self.snapshot
            .results
            .iter()
            .map(|result| result.scores[..seats].to_vec())
            .collect()
    }

    /// The legal choices now (none for a seat not asked).
    fn legal(&self) -> Vec<RummyChoice> {
        self.choices().to_vec()
    }

    /// The observation as a dict of plain values.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("seat", self.seat())?;
        dict.set_item("step", self.step)?;
        dict.set_item("question", self.question())?;
        dict.set_item("hand", self.hand())?;
        dict.set_item("discard_top", self.discard_top())?;
        dict.set_item("round", self.round(py)?)?;
        dict.set_item("scores", self.scores())?;
        dict.set_item("results", self.results())?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "RummyObservation(seat={}, step={}, question={:?}, hand={:?}, round={:?})",
            self.seat(),
            self.step,
            self.question(),
            self.hand(),
            self.snapshot.round.name
        )
    }
}

/// `rules` and the word list.
pub(crate) fn rummy_tables_of(rules: Arc<CardRules>) -> RummyTables {
    (rules, shared_lexicon())
}

/// A game of the Scrabble Card Game's Rummy stepped one answer at a time.
#[pyclass(module = "owlery")]
pub struct RummyGame {
    game: Rummy,
    tables: RummyTables,
    seed: u64,
    answers: Vec<String>,
}

impl RummyGame {
    fn observe_seat(&self, seat: usize) -> RummyObservation {
        let question = self
            .game
            .pending()
            .filter(|pending| pending.seat == seat)
            .map(|pending| pending.question);
        let snapshot = RummySnapshot::of(&self.game.view(seat), question, &self.tables);
        RummyObservation::new(snapshot, self.answers.len() as u64)
    }
}

#[pymethods]
impl RummyGame {
    /// A new game for `players` seats dealt from `seed`.
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
    ) -> PyResult<RummyGame> {
        let data = rules_args(rules, set, data)?;
        let rules = runner::rules::card_rules(&data, Variant::Rummy).map_err(refused)?;
        runner::rules::check_rummy_pack(&rules, &data, players).map_err(refused)?;
        let tables = rummy_tables_of(rules);
        let game = Rummy::new(tables.0.clone(), tables.1.clone(), players, seed)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(RummyGame {
            game,
            tables,
            seed,
            answers: Vec::new(),
        })
    }

    /// The seats at the table.
    #[getter]
    fn players(&self) -> usize {
        self.game.players()
    }

    /// The seed the game was dealt from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The seat whose answer the game waits for; `None` once it is over.
    #[getter]
    fn to_play(&self) -> Option<usize> {
        self.game.pending().map(|pending| pending.seat)
    }

    /// What it asks: `draw` or `meld`.
    #[getter]
    fn question(&self) -> Option<&'static str> {
        self.game.pending().map(|pending| match pending.question {
            RummyQuestion::Draw => "draw",
            RummyQuestion::Meld => "meld",
        })
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Answers given so far.
    #[getter]
    fn step(&self) -> u64 {
        self.answers.len() as u64
    }

    /// Every seat's score.
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.game.scores().to_vec()
    }

    /// The seats with the highest score, once the game is over.
    #[getter]
    fn winners(&self) -> Vec<usize> {
        crate::table::winners(self.game.scores(), self.is_over())
    }

    /// Every answer so far, as written.
    #[getter]
    fn answers(&self) -> Vec<String> {
        self.answers.clone()
    }

    /// What `seat` may see (by default, the seat to play).
    #[pyo3(signature = (seat = None))]
    fn observe(&self, seat: Option<usize>) -> PyResult<RummyObservation> {
        let seat = crate::table::seat_to_observe(seat, self.to_play(), self.players())?;
        Ok(self.observe_seat(seat))
    }

    /// The legal choices of the seat to play (empty once the game is over).
    fn legal(&self) -> Vec<RummyChoice> {
        match self.to_play() {
            Some(seat) => self.observe_seat(seat).legal(),
            None => Vec::new(),
        }
    }

    /// Gives the seat to play's answer: a `RummyChoice` listed now, an index into `legal()`,
    /// or a written answer (`pile`, `discard`, `TRAIN HO / Q`, `/ Q`). A refused answer
    /// raises `ValueError` and changes nothing.
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

    fn __repr__(&self) -> String {
        format!(
            "RummyGame(players={}, seed={}, step={}, scores={:?}{})",
            self.players(),
            self.seed,
            self.answers.len(),
            self.game.scores(),
            if self.is_over() { ", over" } else { "" }
        )
    }
}

/// One of Owlery's Rummy bots (`greedy`, `random`), answering from a seat's observation.
#[pyclass(module = "owlery")]
pub struct RummyBot {
    held: Held<Rummy>,
}

#[pymethods]
impl RummyBot {
    /// Rummy's bot registered as `name`.
    #[new]
    fn new(name: &str) -> PyResult<RummyBot> {
        Ok(RummyBot {
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

    /// Its answer to the question `observation` shows.
    fn choose(&self, py: Python<'_>, observation: &RummyObservation) -> PyResult<RummyChoice> {
        let question = observation.asked()?;
        let answer = self
            .held
            .decide(py, &observation.snapshot.view(), question)?;
        Ok(observation.choice_of(answer))
    }

    fn __repr__(&self) -> String {
        format!("RummyBot({:?})", self.held.name())
    }
}
