//! The Scrabble Card Game (Classic and Forfeit) for Python: a table stepped one answer at a
//! time through the engine's `Stepped`, a seat's view kept as an owned snapshot, and every
//! legal answer listed from that view as a choice in the game's notation.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use crate::contest::{refused, rules_args};
use engine::cardgame::notation::play_notation;
use engine::cardgame::{
    ActionCard, ActionPlay, Axis, CardAnswer, CardGame as Cards, CardMove, CardQuestion, CardRules,
    CardView, Hand, Premium, Table, TableMoveGen, Variant, check_play,
};
use engine::play::Stepped;
use engine::scrabble::Rack;
use lexicon::Lexicon;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::bot::Held;
use crate::crossword::{shared_lexicon, sub_racks};

/// One legal answer of the card game, at the turn it was listed.
#[pyclass(module = "owlery", frozen, from_py_object)]
#[derive(Clone)]
pub struct CardChoice {
    answer: CardAnswer,
    /// The answer in the game's notation (`TRAINER@0,0`, `HOB@-1,3 +triple@1`,
    /// `exchange QV+double`, `pass`, `action Vowels`, `no action`).
    #[pyo3(get)]
    text: String,
    /// Points a placement scores now (0 for any other answer).
    #[pyo3(get)]
    score: i32,
    /// The seat it is for.
    #[pyo3(get)]
    seat: usize,
    /// The turn it was listed at: a choice answers only that turn.
    #[pyo3(get)]
    turn: u64,
    /// Its place in the list of legal choices it came from (`None` for a bot's choice made
    /// before the list was asked for).
    #[pyo3(get)]
    index: Option<usize>,
}

crate::table::listed!(CardChoice, CardAnswer, answer, turn);

#[pymethods]
impl CardChoice {
    /// `place`, `exchange`, `pass` or `action` (an Action card played or declined).
    #[getter]
    fn kind(&self) -> &'static str {
        match &self.answer {
            CardAnswer::Move(CardMove::Place(_)) => "place",
            CardAnswer::Move(CardMove::Exchange { .. }) => "exchange",
            CardAnswer::Move(CardMove::Pass) => "pass",
            CardAnswer::Action(_) => "action",
        }
    }

    fn __repr__(&self) -> String {
        format!("CardChoice({:?}, score={})", self.text, self.score)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }
}

/// What one seat may see, owned, with the question it is asked.
pub(crate) struct CardSnapshot {
    seat: usize,
    question: CardQuestion,
    action: Option<ActionCard>,
    turn_words: Vec<String>,
    turn_player: Option<usize>,
    turn_actions: Vec<ActionPlay>,
    hand: Hand,
    table: Table,
    scores: Vec<i32>,
    draw_len: usize,
    rules: Arc<CardRules>,
    lexicon: Arc<Lexicon>,
}

impl CardSnapshot {
    /// The snapshot of `view`, asked `question`, whose rules and lexicon are these.
    pub(crate) fn of(
        view: &CardView<'_>,
        question: CardQuestion,
        rules: &Arc<CardRules>,
        lexicon: &Arc<Lexicon>,
    ) -> CardSnapshot {
        CardSnapshot {
            seat: view.seat,
            question,
            action: view.action.cloned(),
            turn_words: view.turn_words.to_vec(),
            turn_player: view.turn_player,
            turn_actions: view.turn_actions.to_vec(),
            hand: *view.hand,
            table: view.table.clone(),
            scores: view.scores.to_vec(),
            draw_len: view.draw_len,
            rules: rules.clone(),
            lexicon: lexicon.clone(),
        }
    }

    /// The engine's view of this snapshot, as a bot is shown it.
    pub(crate) fn view(&self) -> CardView<'_> {
        CardView {
            seat: self.seat,
            action: self.action.as_ref(),
            turn_words: &self.turn_words,
            turn_player: self.turn_player,
            turn_actions: &self.turn_actions,
            hand: &self.hand,
            table: &self.table,
            scores: &self.scores,
            draw_len: self.draw_len,
            rules: &self.rules,
            lexicon: &self.lexicon,
        }
    }

    /// Every legal answer, in an order that depends only on the position.
    fn legal(&self, turn: u64) -> Vec<CardChoice> {
        let mut listed = match self.question {
            CardQuestion::Move => self.moves(turn),
            CardQuestion::Action { .. } => self.actions(turn),
        };
        for (index, choice) in listed.iter_mut().enumerate() {
            choice.index = Some(index);
        }
        listed
    }

    /// A choice of this seat at `turn`.
    fn choice(&self, answer: CardAnswer, text: String, score: i32, turn: u64) -> CardChoice {
        CardChoice {
            answer,
            text,
            score,
            seat: self.seat,
            turn,
            index: None,
        }
    }

    /// Every placement (each use of a Premium card held, none on the opening word) by score,
    /// then every exchange the draw pile allows, then the pass.
    fn moves(&self, turn: u64) -> Vec<CardChoice> {
        let opening = self.table.is_empty();
        let hand = self.hand;
        let mut table = self.table.clone();
        let mut places = Vec::new();
        TableMoveGen::default().generate(
            &self.table,
            &self.rules,
            &self.lexicon,
            &hand.letters,
            |candidate| {
                let mut uses = vec![None];
                for premium in [Premium::Double, Premium::Triple] {
                    if !opening && hand.premium(premium) > 0 {
                        uses.extend((0..candidate.tiles.len()).map(|i| Some((premium, i))));
                    }
                }
                for tile in candidate.tiles {
                    table.put(tile.pos, tile.cell);
                }
                for premium in uses {
                    let play = candidate.to_play(premium);
                    let text = play_notation(&table, &play);
                    let score = candidate.points(premium, opening, &self.rules);
                    places.push((CardMove::Place(play), text, score));
                }
                for tile in candidate.tiles {
                    table.take(tile.pos);
                }
            },
        );
        places.sort_by(|a, b| b.2.cmp(&a.2).then_with(|| a.1.cmp(&b.1)));
        let mut choices: Vec<CardChoice> = places
            .into_iter()
            .map(|(action, text, score)| self.choice(CardAnswer::Move(action), text, score, turn))
            .collect();
        let mut letter_sets = vec![Rack::EMPTY];
        sub_racks(&hand.letters, 0, Rack::EMPTY, &mut letter_sets);
        for letters in letter_sets {
            for double in 0..=hand.premiums[0] {
                for triple in 0..=hand.premiums[1] {
                    for action in [false, true] {
                        let cards = letters.len() + usize::from(double) + usize::from(triple);
                        if (action && self.action.is_none())
                            || cards + usize::from(action) == 0
                            || cards > self.draw_len
                        {
                            continue;
                        }
                        let text = exchange_text(&letters, [double, triple], action);
                        let exchange = CardMove::Exchange {
                            letters,
                            premiums: [double, triple],
                            action,
                        };
                        choices.push(self.choice(CardAnswer::Move(exchange), text, 0, turn));
                    }
                }
            }
        }
        let pass = CardAnswer::Move(CardMove::Pass);
        choices.push(self.choice(pass, "pass".into(), 0, turn));
        choices
    }

    /// `answer` as this seat's choice at `turn`, written and scored without listing every
    /// legal answer (a bot's answer, which the game checks when it is applied).
    fn describe(&self, answer: CardAnswer, turn: u64) -> CardChoice {
        let (text, score) = match &answer {
            CardAnswer::Move(CardMove::Place(play)) => {
                let mut table = self.table.clone();
                for tile in &play.tiles {
                    table.put(tile.pos, tile.cell);
                }
                let scored = check_play(&self.table, play, &self.rules, &self.lexicon);
                (play_notation(&table, play), scored.map_or(0, |s| s.points))
            }
            CardAnswer::Move(CardMove::Exchange {
                letters,
                premiums,
                action,
            }) => (exchange_text(letters, *premiums, *action), 0),
            CardAnswer::Move(CardMove::Pass) => ("pass".into(), 0),
            CardAnswer::Action(None) => ("no action".into(), 0),
            CardAnswer::Action(Some(category)) => {
                let name = self
                    .action
                    .as_ref()
                    .and_then(|card| card.categories.get(*category))
                    .map_or("", |c| c.name.as_str());
                (format!("action {name}"), 0)
            }
        };
        self.choice(answer, text, score, turn)
    }

    /// Forfeit: declining, and each category of the seat's Action card that fits now.
    fn actions(&self, turn: u64) -> Vec<CardChoice> {
        let mut choices = vec![self.choice(CardAnswer::Action(None), "no action".into(), 0, turn)];
        let view = self.view();
        for category in view.fitting_categories() {
            let name = view
                .action
                .map_or("", |card| &card.categories[category].name);
            let text = format!("action {name}");
            choices.push(self.choice(CardAnswer::Action(Some(category)), text, 0, turn));
        }
        choices
    }
}

/// An exchange in notation: `exchange QV`, then `+double`, `+triple` for each Premium card and
/// `+action` for the Action card given up.
fn exchange_text(letters: &Rack, premiums: [u8; 2], action: bool) -> String {
    let mut text = format!("exchange {letters}");
    text.push_str(&"+double".repeat(usize::from(premiums[0])));
    text.push_str(&"+triple".repeat(usize::from(premiums[1])));
    if action {
        text.push_str("+action");
    }
    text
}

/// What one seat sees at one turn of the card game: its own hand and Action card, never
/// another's, and not the draw pile's order.
#[pyclass(module = "owlery", frozen)]
pub struct CardObservation {
    snapshot: CardSnapshot,
    /// The turn it was seen at.
    #[pyo3(get)]
    turn: u64,
    legal: OnceLock<Vec<CardChoice>>,
}

impl CardObservation {
    /// Seat `snapshot.seat`'s view at `turn`.
    pub(crate) fn new(snapshot: CardSnapshot, turn: u64) -> CardObservation {
        CardObservation {
            snapshot,
            turn,
            legal: OnceLock::new(),
        }
    }

    /// The legal choices, listed once.
    pub(crate) fn choices(&self) -> &[CardChoice] {
        self.legal.get_or_init(|| self.snapshot.legal(self.turn))
    }

    /// Reads what a Python player answered: a `CardChoice` listed now, an index into the
    /// legal choices, or a listed choice's text.
    pub(crate) fn answer_of(&self, answer: &Bound<'_, PyAny>) -> PyResult<CardAnswer> {
        crate::table::read_answer(
            answer,
            self.snapshot.seat,
            self.turn,
            || self.choices(),
            |text| {
                let listed = self.choices().iter().find(|c| c.text == text);
                listed
                    .map(|c| c.answer.clone())
                    .ok_or_else(|| format!("{text:?} is not a legal choice now (legal())"))
            },
            "a CardChoice, an index into legal() or a choice's text",
        )
    }
}

#[pymethods]
impl CardObservation {
    /// The seat looking.
    #[getter]
    fn seat(&self) -> usize {
        self.snapshot.seat
    }

    /// What it is asked: `move`, or `action` (Forfeit: an Action card on the last words).
    #[getter]
    fn question(&self) -> &'static str {
        match self.snapshot.question {
            CardQuestion::Move => "move",
            CardQuestion::Action { .. } => "action",
        }
    }

    /// Its letter cards (`?` a blank).
    #[getter]
    fn hand(&self) -> String {
        self.snapshot.hand.letters.to_string()
    }

    /// Double Word cards held.
    #[getter]
    fn double(&self) -> u8 {
        self.snapshot.hand.premiums[0]
    }

    /// Triple Word cards held.
    #[getter]
    fn triple(&self) -> u8 {
        self.snapshot.hand.premiums[1]
    }

    /// Forfeit: its Action card's two categories.
    #[getter]
    fn action(&self) -> Option<Vec<String>> {
        let card = self.snapshot.action.as_ref()?;
        Some(card.categories.iter().map(|c| c.name.clone()).collect())
    }

    /// The table's words, as `WORD@ROW,COL` (across) or `WORD@ROW,COLv` (down).
    #[getter]
    fn table(&self) -> Vec<String> {
        let table = &self.snapshot.table;
        table
            .words()
            .iter()
            .map(|run| {
                let (row, col) = run.start;
                let down = if run.axis == Axis::Down { "v" } else { "" };
                format!("{}@{row},{col}{down}", table.text(run))
            })
            .collect()
    }

    /// Every seat's score.
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.snapshot.scores.clone()
    }

    /// Cards left to draw.
    #[getter]
    fn draw(&self) -> usize {
        self.snapshot.draw_len
    }

    /// The last play's words, while Action cards may be played on them.
    #[getter]
    fn turn_words(&self) -> Vec<String> {
        self.snapshot.turn_words.clone()
    }

    /// Who made the last play.
    #[getter]
    fn turn_player(&self) -> Option<usize> {
        self.snapshot.turn_player
    }

    /// The legal choices now.
    fn legal(&self) -> Vec<CardChoice> {
        self.choices().to_vec()
    }

    /// The observation as a dict of plain values.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("seat", self.seat())?;
        dict.set_item("turn", self.turn)?;
        dict.set_item("question", self.question())?;
        dict.set_item("hand", self.hand())?;
        dict.set_item("double", self.double())?;
        dict.set_item("triple", self.triple())?;
        dict.set_item("action", self.action())?;
        dict.set_item("table", self.table())?;
        dict.set_item("scores", self.scores())?;
        dict.set_item("draw", self.draw())?;
        dict.set_item("turn_words", self.turn_words())?;
        dict.set_item("turn_player", self.turn_player())?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "CardObservation(seat={}, turn={}, {}, hand={:?}, scores={:?}, draw={})",
            self.seat(),
            self.turn,
            self.question(),
            self.hand(),
            self.snapshot.scores,
            self.snapshot.draw_len
        )
    }
}

/// A game of the Scrabble Card Game, Classic or Forfeit, stepped one answer at a time.
#[pyclass(module = "owlery")]
pub struct CardGame {
    game: Cards,
    rules: Arc<CardRules>,
    lexicon: Arc<Lexicon>,
    seed: u64,
    moves: Vec<String>,
}

/// The card game's rules for `variant` (Classic or Forfeit: Rummy is a game of its own).
fn card_variant(variant: &str) -> PyResult<Variant> {
    match variant {
        "classic" => Ok(Variant::Classic),
        "forfeit" => Ok(Variant::Forfeit),
        other => Err(PyValueError::new_err(format!(
            "variant {other:?}: expected classic or forfeit (Rummy is RummyGame)"
        ))),
    }
}

impl CardGame {
    /// The answers applied so far.
    fn turn(&self) -> u64 {
        self.moves.len() as u64
    }

    /// Seat `seat`'s view now, asked what the game asks it (or a move).
    fn observe_seat(&self, seat: usize) -> CardObservation {
        let question = self
            .game
            .pending()
            .filter(|pending| pending.seat == seat)
            .map_or(CardQuestion::Move, |pending| pending.question);
        let view = self.game.view(seat);
        let snapshot = CardSnapshot::of(&view, question, &self.rules, &self.lexicon);
        CardObservation::new(snapshot, self.turn())
    }
}

#[pymethods]
impl CardGame {
    /// A new game of `variant` (`classic` or `forfeit`) for `players` seats dealt from `seed`.
    /// The rules are the shipped ones changed by `rules` (a rules file), `set` (`KEY=VALUE`
    /// settings) and `data` (files by name), as in `owlery.sim`.
    #[new]
    #[pyo3(signature = (players = 2, seed = 0, variant = "classic", rules = None, set = Vec::new(), data = None))]
    fn new(
        players: usize,
        seed: u64,
        variant: &str,
        rules: Option<PathBuf>,
        set: Vec<String>,
        data: Option<HashMap<String, PathBuf>>,
    ) -> PyResult<CardGame> {
        let data = rules_args(rules, set, data)?;
        let rules = runner::rules::card_rules(&data, card_variant(variant)?).map_err(refused)?;
        let lexicon = shared_lexicon();
        let game = Cards::new(rules.clone(), lexicon.clone(), players, seed)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(CardGame {
            game,
            rules,
            lexicon,
            seed,
            moves: Vec::new(),
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

    /// The variant: `classic` or `forfeit`.
    #[getter]
    fn variant(&self) -> &'static str {
        match self.rules.variant {
            Variant::Forfeit => "forfeit",
            _ => "classic",
        }
    }

    /// The seat whose answer the game waits for; `None` once it is over.
    #[getter]
    fn to_play(&self) -> Option<usize> {
        self.game.pending().map(|pending| pending.seat)
    }

    /// What it asks: `move`, or `action` (Forfeit: an Action card on the last play's words).
    #[getter]
    fn question(&self) -> Option<&'static str> {
        self.game.pending().map(|pending| match pending.question {
            CardQuestion::Move => "move",
            CardQuestion::Action { .. } => "action",
        })
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.end().is_some()
    }

    /// Answers applied so far.
    #[getter(turn)]
    fn turn_count(&self) -> u64 {
        self.turn()
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

    /// Every answer so far, in notation.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.moves.clone()
    }

    /// What `seat` may see (by default, the seat to play).
    #[pyo3(signature = (seat = None))]
    fn observe(&self, seat: Option<usize>) -> PyResult<CardObservation> {
        let seat = crate::table::seat_to_observe(seat, self.to_play(), self.players())?;
        Ok(self.observe_seat(seat))
    }

    /// The legal choices of the seat to play (empty once the game is over).
    fn legal(&self) -> Vec<CardChoice> {
        match self.to_play() {
            Some(seat) => self.observe_seat(seat).legal(),
            None => Vec::new(),
        }
    }

    /// Plays the seat to play's answer: a `CardChoice` listed this turn, an index into
    /// `legal()`, or a listed choice's text. A refused answer raises `ValueError` and changes
    /// nothing.
    fn apply(&mut self, answer: &Bound<'_, PyAny>) -> PyResult<()> {
        let Some(seat) = self.to_play() else {
            return Err(PyValueError::new_err("the game is over"));
        };
        let seen = self.observe_seat(seat);
        let chosen = seen.answer_of(answer)?;
        let text = seen.snapshot.describe(chosen.clone(), self.turn()).text;
        self.game
            .answer(chosen)
            .map_err(|rejected| PyValueError::new_err(format!("{text}: {}", rejected.reason)))?;
        self.moves.push(text);
        Ok(())
    }

    /// Checks that every card is where one card should be (hands, table, piles): a fault in
    /// the engine raises `RuntimeError`.
    fn check_cards(&self) -> PyResult<()> {
        self.game
            .check_cards()
            .map_err(pyo3::exceptions::PyRuntimeError::new_err)
    }

    fn __repr__(&self) -> String {
        format!(
            "CardGame({}, players={}, seed={}, turn={}, scores={:?}{})",
            self.variant(),
            self.players(),
            self.seed,
            self.turn(),
            self.game.scores(),
            if self.is_over() { ", over" } else { "" }
        )
    }
}

/// One of Owlery's card-game bots (`greedy`, `equity`, `random`), answering from a seat's
/// observation.
#[pyclass(module = "owlery")]
pub struct CardBot {
    held: Held<Cards>,
}

#[pymethods]
impl CardBot {
    /// The card game's bot registered as `name`.
    #[new]
    fn new(name: &str) -> PyResult<CardBot> {
        Ok(CardBot {
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

    /// Its answer to the question `observation` shows, as one of `observation.legal()`.
    fn choose(&self, py: Python<'_>, observation: &CardObservation) -> PyResult<CardChoice> {
        let snapshot = &observation.snapshot;
        let answer = self.held.decide(py, &snapshot.view(), snapshot.question)?;
        // Listing every answer to find this one's index would cost more than the bot's search.
        let listed = observation.legal.get();
        match listed.and_then(|l| l.iter().find(|choice| choice.answer == answer)) {
            Some(choice) => Ok(choice.clone()),
            None => Ok(snapshot.describe(answer, observation.turn)),
        }
    }

    fn __repr__(&self) -> String {
        format!("CardBot({:?})", self.held.name())
    }
}
