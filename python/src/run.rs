//! `sim`: the simulator's runner, from Python, with Owlery's bots and Python players side by
//! side; it writes the same run directory as `owlery sim` (manifest, chunks, CSV tables).

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use bots::{Settings, bot_with};
use engine::draws::Draws;
use engine::play::Decider;
use engine::scrabble::{Game, Rules};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};
use runner::games::{Crossword, Lineup};
use runner::seeds::crossword_fingerprint;
use runner::store::{Manifest, open_run};

use crate::bot::{Failure, PythonPlayer};
use crate::crossword::shared_lexicon;

/// A seat's player: a registered bot by name, or Python.
enum Seat {
    Registered(String),
    /// A Python class, made once per worker thread (its instances may keep state per game).
    Class(Py<PyAny>),
    /// A Python function or object, shared by every worker (it must keep no state per game).
    Shared(Py<PyAny>),
}

/// The name a Python player goes by in the tables: its `name`, or its `__name__`, or its
/// class's.
fn python_name(player: &Bound<'_, PyAny>) -> PyResult<String> {
    for attribute in ["name", "__name__"] {
        if let Ok(name) = player.getattr(attribute)
            && let Ok(name) = name.extract::<String>()
        {
            return Ok(name);
        }
    }
    player.get_type().name()?.extract()
}

/// Plays `games` two- to four-player games of the plain crossword game seeded `seed` into
/// the run directory `out` (refused if another run is there, unless `force`; with `resume`,
/// the same run goes on), on `threads` workers (all cores if `None`). `bots` lists each
/// seat's player: a registered bot's name, or a Python player (a class is made once per
/// worker; a function or object is shared). With `per_game`, `games.csv` lists every game.
/// Returns the directory.
#[pyfunction]
#[pyo3(signature = (bots, games, seed, out, threads = None, chunk = None, per_game = false, resume = false, force = false))]
#[allow(clippy::too_many_arguments)]
pub fn sim(
    py: Python<'_>,
    bots: Vec<Bound<'_, PyAny>>,
    games: u64,
    seed: u64,
    out: PathBuf,
    threads: Option<usize>,
    chunk: Option<u64>,
    per_game: bool,
    resume: bool,
    force: bool,
) -> PyResult<PathBuf> {
    if !(2..=4).contains(&bots.len()) {
        return Err(PyValueError::new_err(format!(
            "bots lists {} players: expected 2 to 4, one per seat",
            bots.len()
        )));
    }
    if games == 0 {
        return Err(PyValueError::new_err("games=0: expected at least one game"));
    }
    if threads == Some(0) || chunk == Some(0) {
        return Err(PyValueError::new_err(
            "threads and chunk: expected at least 1",
        ));
    }
    let settings = Settings::default();
    let mut names = Vec::new();
    let mut seats = Vec::new();
    for player in &bots {
        if player.is_instance_of::<PyString>() {
            let name: String = player.extract()?;
            bot_with::<Game>(&name, &settings).map_err(|e| PyValueError::new_err(e.to_string()))?;
            names.push(name.clone());
            seats.push(Seat::Registered(name));
        } else if player.is_instance_of::<PyType>() {
            names.push(python_name(player)?);
            seats.push(Seat::Class(player.clone().unbind()));
        } else if player.is_callable() || player.hasattr("choose")? {
            names.push(python_name(player)?);
            seats.push(Seat::Shared(player.clone().unbind()));
        } else {
            return Err(PyValueError::new_err(format!(
                "{}: expected a bot's name, a function of an observation, or an object or class with choose(observation)",
                player.repr()?
            )));
        }
    }
    let rules = Arc::new(Rules::standard());
    let lexicon = shared_lexicon();
    let failure: Failure = Arc::new(Mutex::new(None));
    let lineup = {
        let (rules, lexicon, failure, names) = (
            rules.clone(),
            lexicon.clone(),
            failure.clone(),
            names.clone(),
        );
        Lineup::fallible(names.clone(), move || {
            let mut made: Vec<Box<dyn Decider<Game>>> = Vec::new();
            for (seat, name) in seats.iter().zip(&names) {
                let player = match seat {
                    Seat::Registered(bot) => {
                        made.push(bot_with::<Game>(bot, &Settings::default())?);
                        continue;
                    }
                    Seat::Class(class) => {
                        Python::attach(|py| class.bind(py).call0().map(Bound::unbind))
                            .map_err(|error| anyhow::anyhow!("making {name}: {error}"))?
                    }
                    Seat::Shared(player) => Python::attach(|py| player.clone_ref(py)),
                };
                made.push(Box::new(PythonPlayer::new(
                    name.clone(),
                    player,
                    rules.clone(),
                    lexicon.clone(),
                    failure.clone(),
                )));
            }
            Ok(made)
        })
    };
    let fingerprint = crossword_fingerprint(&rules, &settings, &lexicon);
    let contest = Crossword {
        rules,
        lexicon,
        lineup,
        draws: Draws::Shared,
    };
    let manifest = Manifest {
        chunk: chunk.unwrap_or_else(|| games.div_ceil(64).clamp(1, 1000)),
        per_game,
        ..Manifest::new("scrabble", &names, seed, games, fingerprint)
    };
    let result = py.detach(|| -> anyhow::Result<()> {
        open_run(&out, &manifest, resume, force)?;
        runner::run(&contest, &manifest, 0..games, &out, threads)
    });
    if let Some(error) = failure.lock().unwrap_or_else(|p| p.into_inner()).take() {
        return Err(error);
    }
    result.map_err(|error| PyRuntimeError::new_err(format!("{error:#}")))?;
    Ok(out)
}

/// The seed a bot in `seat` is readied with (`Bot.start_game`) for the game seeded `game`, as
/// the simulator readies it.
#[pyfunction]
pub fn bot_seed(game: u64, seat: usize) -> u64 {
    runner::seeds::bot_seed(game, seat)
}

/// The seed of game `index` of a run seeded `master`, as the simulator deals it.
#[pyfunction]
pub fn game_seed(master: u64, index: u64) -> u64 {
    runner::seeds::game_seed(master, index)
}
