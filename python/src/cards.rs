//! The Scrabble Card Game (Classic and Forfeit) for Python: a table stepped one answer at a
//! time through the engine's `Stepped`, a seat's view as plain values, and every legal answer
//! listed as a choice in the game's notation.

use std::sync::Arc;

use engine::cardgame::notation::play_notation;
use engine::cardgame::{
    CardAnswer, CardGame as Cards, CardMove, CardQuestion, CardRules, Premium, TableMoveGen,
    Variant,
};
use engine::play::{Decider, Stepped};
use engine::scrabble::Rack;
use lexicon::Lexicon;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use std::sync::Mutex;

use bots::Settings;

use crate::crossword::{shared_lexicon, sub_racks};

/// One legal answer of the card game, at the turn it was listed.
#[pyclass(module = "owlery", frozen, from_py_object)]
#[derive(Clone)]
pub struct CardChoice {
    answer: CardAnswer,
    /// The answer in the game's notation (`TRAINER@0,0`, `HOB@-1,3 +triple@1`,
    /// `exchange QV +double`, `pass`, `action Vowels`, `no action`).
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
    /// Its place in the list it came from.
    #[pyo3(get)]
    index: usize,
}

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

/// A game of the Scrabble Card Game, Classic or Forfeit, stepped one answer at a time.
#[pyclass(module = "owlery")]
pub struct CardGame {
    game: Cards,
    seed: u64,
    moves: Vec<String>,
}

impl CardGame {
    /// The answers applied so far.
    fn turn(&self) -> u64 {
        self.moves.len() as u64
    }

    /// Every legal answer of the seat to play, in an order that depends only on the position.
    fn choices(&self) -> Vec<CardChoice> {
        let Some(pending) = self.game.pending() else {
            return Vec::new();
        };
        let mut listed = match pending.question {
            CardQuestion::Move => self.moves_now(pending.seat),
            CardQuestion::Action { .. } => self.actions_now(pending.seat),
        };
        for (index, choice) in listed.iter_mut().enumerate() {
            choice.index = index;
        }
        listed
    }

    /// A choice of `seat` now.
    fn choice(&self, seat: usize, answer: CardAnswer, text: String, score: i32) -> CardChoice {
        CardChoice {
            answer,
            text,
            score,
            seat,
            turn: self.turn(),
            index: 0,
        }
    }

    /// Every placement (each use of a Premium card held, none on the opening word) by score,
    /// then every exchange the draw pile allows, then the pass.
    fn moves_now(&self, seat: usize) -> Vec<CardChoice> {
        let view = self.game.view(seat);
        let opening = view.table.is_empty();
        let hand = *view.hand;
        let mut table = view.table.clone();
        let mut places = Vec::new();
        TableMoveGen::default().generate(
            view.table,
            view.rules,
            view.lexicon,
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
                    let score = candidate.points(premium, opening, view.rules);
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
            .map(|(action, text, score)| self.choice(seat, CardAnswer::Move(action), text, score))
            .collect();
        let mut letter_sets = vec![Rack::EMPTY];
        sub_racks(&hand.letters, 0, Rack::EMPTY, &mut letter_sets);
        let action_held = view.action.is_some();
        for letters in letter_sets {
            for double in 0..=hand.premiums[0] {
                for triple in 0..=hand.premiums[1] {
                    for action in [false, true] {
                        let cards = letters.len() + usize::from(double) + usize::from(triple);
                        if (action && !action_held)
                            || cards + usize::from(action) == 0
                            || cards > view.draw_len
                        {
                            continue;
                        }
                        let mut text = format!("exchange {letters}");
                        text.push_str(&"+double".repeat(usize::from(double)));
                        text.push_str(&"+triple".repeat(usize::from(triple)));
                        if action {
                            text.push_str("+action");
                        }
                        let exchange = CardMove::Exchange {
                            letters,
                            premiums: [double, triple],
                            action,
                        };
                        choices.push(self.choice(seat, CardAnswer::Move(exchange), text, 0));
                    }
                }
            }
        }
        choices.push(self.choice(seat, CardAnswer::Move(CardMove::Pass), "pass".into(), 0));
        choices
    }

    /// Forfeit: declining, and each category of the seat's Action card the game accepts now.
    fn actions_now(&self, seat: usize) -> Vec<CardChoice> {
        let mut choices = vec![self.choice(seat, CardAnswer::Action(None), "no action".into(), 0)];
        let Some(card) = self.game.view(seat).action else {
            return choices;
        };
        for (category, named) in card.categories.iter().enumerate() {
            let answer = CardAnswer::Action(Some(category));
            // The engine alone knows a category's rules; a trial on a copy asks it.
            if self.game.clone().answer(answer.clone()).is_ok() {
                let text = format!("action {}", named.name);
                choices.push(self.choice(seat, answer, text, 0));
            }
        }
        choices
    }
}

#[pymethods]
impl CardGame {
    /// A new game of `variant` (`classic` or `forfeit`) for `players` seats dealt from `seed`.
    #[new]
    #[pyo3(signature = (players = 2, seed = 0, variant = "classic"))]
    fn new(players: usize, seed: u64, variant: &str) -> PyResult<CardGame> {
        let variant = match variant {
            "classic" => Variant::Classic,
            "forfeit" => Variant::Forfeit,
            other => {
                return Err(PyValueError::new_err(format!(
                    "variant {other:?}: expected classic or forfeit"
                )));
            }
        };
        let rules = Arc::new(CardRules {
            variant,
            ..CardRules::standard()
        });
        let lexicon: Arc<Lexicon> = shared_lexicon();
        let game = Cards::new(rules, lexicon, players, seed)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(CardGame {
            game,
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
        if !self.is_over() {
            return Vec::new();
        }
        let scores = self.game.scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        (0..scores.len()).filter(|&s| scores[s] == best).collect()
    }

    /// Every answer so far, in notation.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.moves.clone()
    }

    /// What `seat` may see (by default, the seat to play), as plain values: its own hand and
    /// Action card, the table's words, the scores, the draw pile's size and the last play's
    /// words; never another hand or the draw pile's order.
    #[pyo3(signature = (seat = None))]
    fn observe<'py>(&self, py: Python<'py>, seat: Option<usize>) -> PyResult<Bound<'py, PyDict>> {
        let seat = match seat.or(self.to_play()) {
            Some(seat) if seat < self.players() => seat,
            Some(seat) => {
                return Err(PyIndexError::new_err(format!(
                    "seat {seat}: expected 0 to {}",
                    self.players() - 1
                )));
            }
            None => return Err(PyValueError::new_err("the game is over: no seat to play")),
        };
        let view = self.game.view(seat);
        let seen = PyDict::new(py);
        seen.set_item("seat", seat)?;
        seen.set_item("turn", self.turn())?;
        seen.set_item("hand", view.hand.letters.to_string())?;
        seen.set_item("double", view.hand.premiums[0])?;
        seen.set_item("triple", view.hand.premiums[1])?;
        let action = view.action.map(|card| {
            card.categories
                .iter()
                .map(|c| c.name.clone())
                .collect::<Vec<_>>()
        });
        seen.set_item("action", action)?;
        let words: Vec<String> = view
            .table
            .words()
            .iter()
            .map(|run| {
                let down = run.axis == engine::cardgame::Axis::Down;
                let (row, col) = run.start;
                let text = view.table.text(run);
                format!("{text}@{row},{col}{}", if down { "v" } else { "" })
            })
            .collect();
        seen.set_item("table", words)?;
        seen.set_item("scores", view.scores.to_vec())?;
        seen.set_item("draw", view.draw_len)?;
        seen.set_item("turn_words", view.turn_words.to_vec())?;
        seen.set_item("turn_player", view.turn_player)?;
        Ok(seen)
    }

    /// The legal choices of the seat to play (empty once the game is over).
    fn legal(&self) -> Vec<CardChoice> {
        self.choices()
    }

    /// Plays the seat to play's answer: a `CardChoice` listed this turn, an index into
    /// `legal()`, or a listed choice's text. A refused answer raises `ValueError` and changes
    /// nothing.
    fn apply(&mut self, answer: &Bound<'_, PyAny>) -> PyResult<()> {
        if self.is_over() {
            return Err(PyValueError::new_err("the game is over"));
        }
        let chosen = if let Ok(choice) = answer.cast::<CardChoice>() {
            let choice = choice.get().clone();
            if choice.turn != self.turn() {
                return Err(PyValueError::new_err(format!(
                    "{:?} was listed at turn {}, not turn {}",
                    choice.text,
                    choice.turn,
                    self.turn()
                )));
            }
            choice
        } else if let Ok(index) = answer.extract::<usize>() {
            let mut choices = self.choices();
            if index >= choices.len() {
                return Err(PyIndexError::new_err(format!(
                    "choice {index}: expected 0 to {} (the legal choices now)",
                    choices.len() - 1
                )));
            }
            choices.swap_remove(index)
        } else if let Ok(text) = answer.extract::<String>() {
            self.choices()
                .into_iter()
                .find(|c| c.text == text)
                .ok_or_else(|| {
                    PyValueError::new_err(format!("{text:?} is not a legal choice now (legal())"))
                })?
        } else {
            return Err(PyValueError::new_err(format!(
                "{}: expected a CardChoice, an index into legal() or a choice's text",
                answer.repr()?
            )));
        };
        self.game
            .answer(chosen.answer.clone())
            .map_err(|rejected| {
                PyValueError::new_err(format!("{}: {}", chosen.text, rejected.reason))
            })?;
        self.moves.push(chosen.text);
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
            "CardGame({:?}, players={}, seed={}, turn={}, scores={:?}{})",
            self.game.rules().variant,
            self.players(),
            self.seed,
            self.turn(),
            self.game.scores(),
            if self.is_over() { ", over" } else { "" }
        )
    }
}

/// One of Owlery's card-game bots (`greedy`, `equity`, `random`), answering for the seat to
/// play from that seat's view alone.
#[pyclass(module = "owlery")]
pub struct CardBot {
    name: String,
    decider: Mutex<Box<dyn Decider<Cards>>>,
}

#[pymethods]
impl CardBot {
    /// The card game's bot registered as `name`.
    #[new]
    fn new(name: &str) -> PyResult<CardBot> {
        let decider = bots::bot_with::<Cards>(name, &Settings::default())
            .map_err(|e| PyValueError::new_err(format!("scrabble-cards: {e}")))?;
        Ok(CardBot {
            name: name.to_string(),
            decider: Mutex::new(decider),
        })
    }

    /// Its registry name.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// Readies it for a new game; a bot that draws random numbers reseeds from `seed`.
    fn start_game(&self, seed: u64) {
        self.lock().start_game(seed);
    }

    /// Its answer for the seat to play in `game`, as one of `game.legal()`: it is shown that
    /// seat's view only.
    fn choose(&self, game: &CardGame) -> PyResult<CardChoice> {
        let pending = game
            .game
            .pending()
            .ok_or_else(|| PyValueError::new_err("the game is over"))?;
        let view = game.game.view(pending.seat);
        let answer = self
            .lock()
            .decide(&view, pending.question)
            .ok_or_else(|| PyValueError::new_err("the bot gave no answer"))?;
        game.choices()
            .into_iter()
            .find(|choice| choice.answer == answer)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "{} answered {answer:?}, which is not listed",
                    self.name
                ))
            })
    }

    fn __repr__(&self) -> String {
        format!("CardBot({:?})", self.name)
    }
}

impl CardBot {
    /// The decider, even if a thread panicked holding it.
    fn lock(&self) -> std::sync::MutexGuard<'_, Box<dyn Decider<Cards>>> {
        self.decider
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
