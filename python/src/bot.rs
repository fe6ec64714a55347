//! Bots both ways: Owlery's bots asked from Python, and a Python player seated in the
//! simulator as a `Decider`.

use std::sync::{Arc, Mutex};

use ::bots::{Registered, Settings};
use engine::cardgame::{
    CardAnswer, CardGame, CardQuestion, CardRules, CardView, RummyAnswer, RummyGame, RummyQuestion,
    RummyView,
};
use engine::hogwarts::{HpAnswer, HpGame, HpObservation as HpView, HpQuestion};
use engine::monopoly::{
    Answer as MonopolyAnswer, Monopoly, Question as MonopolyQuestion, View as MonopolyView,
};
use engine::play::{Decider, Stepped};
use engine::scrabble::{Game, Move, Observation as View, Question, Rules};
use lexicon::Lexicon;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pyclass::boolean_struct;
use pyo3::{PyClass, PyClassInitializer};

use crate::cards::{CardObservation, CardSnapshot};
use crate::crossword::{Choice, Observation, Snapshot};
use crate::hogwarts::{HpObservation, HpSnapshot, HpTables};
use crate::monopoly::MonopolyObservation;
use crate::rummy::{RummyObservation, RummySnapshot, RummyTables};

/// A registered bot of game `G` behind a lock, as the Python bot classes hold it.
pub(crate) struct Held<G: Stepped> {
    name: String,
    decider: Mutex<Box<dyn Decider<G>>>,
}

impl<G: Registered> Held<G> {
    /// The bot `G` registers as `name`.
    pub(crate) fn new(name: &str) -> PyResult<Held<G>> {
        let decider = ::bots::bot_with::<G>(name, &Settings::default())
            .map_err(|e| PyValueError::new_err(format!("{}: {e}", G::GAME)))?;
        Ok(Held {
            name: name.to_string(),
            decider: Mutex::new(decider),
        })
    }

    /// Its registry name.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// Readies it for a new game.
    pub(crate) fn start_game(&self, seed: u64) {
        self.lock().start_game(seed);
    }

    /// Its answer to `question` from `view`, the interpreter's lock released meanwhile.
    pub(crate) fn decide(
        &self,
        py: Python<'_>,
        view: &G::View<'_>,
        question: G::Question,
    ) -> PyResult<G::Answer>
    where
        for<'a> G::View<'a>: Sync,
        G::Question: Send,
        G::Answer: Send,
    {
        py.detach(move || self.lock().decide(view, question))
            .ok_or_else(|| PyValueError::new_err(format!("{} gave no answer", self.name)))
    }

    /// The decider, even if a thread panicked holding it (a decider keeps no invariant
    /// across calls that a panic could break).
    fn lock(&self) -> std::sync::MutexGuard<'_, Box<dyn Decider<G>>> {
        self.decider
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// One of Owlery's bots for the crossword game, answering from a seat's observation.
#[pyclass(module = "owlery")]
pub struct Bot {
    held: Held<Game>,
}

#[pymethods]
impl Bot {
    /// The bot registered as `name` (`greedy`, `equity`, `lookahead:16x64`, ...).
    #[new]
    fn new(name: &str) -> PyResult<Bot> {
        Ok(Bot {
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

    /// Its answer to the question `observation` shows (the move of the seat observing).
    fn choose(&self, py: Python<'_>, observation: &Observation) -> PyResult<Choice> {
        let action = self.held.decide(py, &observation.view(), Question::Move)?;
        observation.choice_of(action)
    }

    fn __repr__(&self) -> String {
        format!("Bot({:?})", self.held.name())
    }
}

/// Every registered bot of `game` (the card game's Rummy has its own): `(name, setting, about)`.
#[pyfunction(name = "bots")]
#[pyo3(signature = (game = "scrabble", variant = None))]
pub fn registered_bots(game: &str, variant: Option<&str>) -> PyResult<Vec<BotEntry>> {
    fn table<G: Registered>() -> Vec<BotEntry> {
        G::bots()
            .iter()
            .map(|entry| (entry.name, entry.setting, entry.about))
            .collect()
    }
    Ok(match (game, variant) {
        ("scrabble", None) => table::<Game>(),
        ("scrabble-hp", None) => table::<engine::hogwarts::HpGame>(),
        ("scrabble-cards", None | Some("classic" | "forfeit")) => {
            table::<engine::cardgame::CardGame>()
        }
        ("scrabble-cards", Some("rummy")) => table::<engine::cardgame::RummyGame>(),
        ("monopoly-hp", None) => table::<engine::monopoly::Monopoly>(),
        _ => {
            return Err(PyValueError::new_err(format!(
                "game {game:?} variant {variant:?}: expected scrabble, scrabble-hp, scrabble-cards (variant classic, forfeit or rummy) or monopoly-hp"
            )));
        }
    })
}

/// A registered bot: its name, the setting it may carry, and what it does.
type BotEntry = (&'static str, Option<&'static str>, &'static str);

/// The first error a Python player raised in a run, kept to raise again when the run stops.
pub(crate) type Failure = Arc<Mutex<Option<PyErr>>>;

/// A game a Python player may sit at in the simulator: how a seat's view is shown to Python
/// as an observation, and how its answer is read back.
pub(crate) trait PythonSeat: Registered {
    /// What an observation keeps beside the view: the rules and the lexicon.
    type Tables: Clone + Send + Sync + 'static;
    /// The observation a Python player is shown.
    type Observed: PyClass<Frozen = boolean_struct::True>
        + Into<PyClassInitializer<Self::Observed>>
        + Sync;

    /// The most seats at one table.
    fn most_players() -> usize {
        4
    }

    /// The view and question as an observation, the seat's `turn`-th answer of the game.
    fn observation(
        view: &Self::View<'_>,
        question: Self::Question,
        turn: u64,
        tables: &Self::Tables,
    ) -> Self::Observed;

    /// The answer a Python player gave, read against its observation.
    fn read(observed: &Self::Observed, answer: &Bound<'_, PyAny>) -> PyResult<Self::Answer>;
}

/// Shows `player` the view and question as an observation and reads its answer.
fn ask<G: PythonSeat>(
    py: Python<'_>,
    player: &Bound<'_, PyAny>,
    view: &G::View<'_>,
    question: G::Question,
    turn: u64,
    tables: &G::Tables,
) -> PyResult<G::Answer> {
    let observation = Bound::new(py, G::observation(view, question, turn, tables))?;
    let answer = call(player, observation.as_any())?;
    G::read(observation.get(), &answer)
}

/// `player.choose(observation)`, or `player(observation)` for a function.
fn call<'py>(
    player: &Bound<'py, PyAny>,
    observation: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    if player.hasattr("choose")? {
        player.call_method1("choose", (observation,))
    } else {
        player.call1((observation,))
    }
}

impl PythonSeat for Game {
    type Tables = (Arc<Rules>, Arc<Lexicon>);
    type Observed = Observation;

    fn observation(
        view: &View<'_>,
        _: Question,
        turn: u64,
        (rules, lexicon): &Self::Tables,
    ) -> Observation {
        Observation::new(Snapshot::of(view, rules, lexicon), turn)
    }

    fn read(observed: &Observation, answer: &Bound<'_, PyAny>) -> PyResult<Move> {
        observed.answer_of(answer)
    }
}

impl PythonSeat for CardGame {
    type Tables = (Arc<CardRules>, Arc<Lexicon>);
    type Observed = CardObservation;

    fn observation(
        view: &CardView<'_>,
        question: CardQuestion,
        turn: u64,
        (rules, lexicon): &Self::Tables,
    ) -> CardObservation {
        CardObservation::new(CardSnapshot::of(view, question, rules, lexicon), turn)
    }

    fn read(observed: &CardObservation, answer: &Bound<'_, PyAny>) -> PyResult<CardAnswer> {
        observed.answer_of(answer)
    }
}

impl PythonSeat for HpGame {
    type Tables = HpTables;
    type Observed = HpObservation;

    fn observation(
        view: &HpView<'_>,
        question: HpQuestion,
        turn: u64,
        tables: &HpTables,
    ) -> HpObservation {
        HpObservation::new(HpSnapshot::of(view, Some(question), tables), turn)
    }

    fn read(observed: &HpObservation, answer: &Bound<'_, PyAny>) -> PyResult<HpAnswer> {
        observed.answer_of(answer)
    }
}

impl PythonSeat for RummyGame {
    type Tables = RummyTables;
    type Observed = RummyObservation;

    fn observation(
        view: &RummyView<'_>,
        question: RummyQuestion,
        turn: u64,
        tables: &RummyTables,
    ) -> RummyObservation {
        RummyObservation::new(RummySnapshot::of(view, Some(question), tables), turn)
    }

    fn read(observed: &RummyObservation, answer: &Bound<'_, PyAny>) -> PyResult<RummyAnswer> {
        observed.answer_of(answer)
    }
}

impl PythonSeat for Monopoly {
    type Tables = ();
    type Observed = MonopolyObservation;

    fn most_players() -> usize {
        engine::monopoly::MAX_PLAYERS
    }

    fn observation(
        view: &MonopolyView<'_>,
        question: MonopolyQuestion,
        turn: u64,
        _: &(),
    ) -> MonopolyObservation {
        MonopolyObservation::new(view, Some(question), turn)
    }

    fn read(observed: &MonopolyObservation, answer: &Bound<'_, PyAny>) -> PyResult<MonopolyAnswer> {
        observed.answer_of(answer)
    }
}

/// A Python player in the simulator: `choose(observation)` (or the object called) answers
/// with a listed choice, its index or its text; an optional `start_game(seed)` is called
/// before each game.
pub(crate) struct PythonPlayer<G: PythonSeat> {
    name: String,
    player: Py<PyAny>,
    tables: G::Tables,
    failure: Failure,
    turn: u64,
}

impl<G: PythonSeat> PythonPlayer<G> {
    /// `player`, labelled `name`, in games of `tables`.
    pub(crate) fn new(
        name: String,
        player: Py<PyAny>,
        tables: G::Tables,
        failure: Failure,
    ) -> PythonPlayer<G> {
        PythonPlayer {
            name,
            player,
            tables,
            failure,
            turn: 0,
        }
    }

    /// Keeps the run's first error.
    fn fail(&self, error: PyErr) {
        let mut slot = self.failure.lock().unwrap_or_else(|p| p.into_inner());
        slot.get_or_insert(error);
    }
}

impl<G: PythonSeat> Decider<G> for PythonPlayer<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn start_game(&mut self, seed: u64) {
        self.turn = 0;
        let started = Python::attach(|py| {
            let player = self.player.bind(py);
            if player.hasattr("start_game")? {
                player.call_method1("start_game", (seed,))?;
            }
            Ok::<_, PyErr>(())
        });
        if let Err(error) = started {
            self.fail(error);
        }
    }

    fn decide(&mut self, view: &G::View<'_>, question: G::Question) -> Option<G::Answer> {
        let answer = Python::attach(|py| {
            let player = self.player.bind(py);
            ask::<G>(py, player, view, question, self.turn, &self.tables)
        });
        self.turn += 1;
        // No answer stops the game, and the run reports the error kept here.
        answer.map_err(|error| self.fail(error)).ok()
    }
}
