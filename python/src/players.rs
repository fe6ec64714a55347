//! The players a Python caller seats at a table: Owlery's bots by name, Python classes (made
//! once per worker) and Python functions or objects (shared), as a `Lineup`.

use bots::{Settings, bot_with};
use engine::play::Decider;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};
use runner::games::Lineup;

use crate::bot::{Failure, PythonPlayer, PythonSeat};

/// A seat's player: a registered bot by name, or Python.
enum Seat {
    Registered(String),
    /// A Python class, made once per worker thread (its instances may keep state per game).
    Class(Py<PyAny>),
    /// A Python function or object, shared by every worker (it must keep no state per game).
    Shared(Py<PyAny>),
}

/// The players of a table, in seat order for game 0, with their names for the tables.
pub(crate) struct Players {
    /// Each seat's name.
    pub(crate) names: Vec<String>,
    seats: Vec<Seat>,
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

impl Players {
    /// Reads each seat's player at game `G`: a registered bot's name (checked now), a
    /// class, or a function or object with `choose`; from 2 to as many as the game seats.
    pub(crate) fn read<G: PythonSeat>(bots: &[Bound<'_, PyAny>]) -> PyResult<Players> {
        if !(2..=G::most_players()).contains(&bots.len()) {
            return Err(PyValueError::new_err(format!(
                "{} players: expected 2 to {}, one per seat",
                bots.len(),
                G::most_players()
            )));
        }
        let mut players = Players {
            names: Vec::new(),
            seats: Vec::new(),
        };
        for player in bots {
            let (name, seat) = if player.is_instance_of::<PyString>() {
                let name: String = player.extract()?;
                bot_with::<G>(&name, &Settings::default())
                    .map_err(|e| PyValueError::new_err(format!("{}: {e}", G::GAME)))?;
                (name.clone(), Seat::Registered(name))
            } else if player.is_instance_of::<PyType>() {
                (python_name(player)?, Seat::Class(player.clone().unbind()))
            } else if player.is_callable() || player.hasattr("choose")? {
                (python_name(player)?, Seat::Shared(player.clone().unbind()))
            } else {
                return Err(PyValueError::new_err(format!(
                    "{}: expected a bot's name, a function of an observation, or an object or class with choose(observation)",
                    player.repr()?
                )));
            };
            players.names.push(name);
            players.seats.push(seat);
        }
        Ok(players)
    }

    /// The lineup that makes these players on each worker, for games of `tables`, Owlery's
    /// bots made with `settings`; a Python player's error is kept in `failure`.
    pub(crate) fn lineup<G: PythonSeat>(
        self,
        tables: &G::Tables,
        failure: &Failure,
        settings: Settings,
    ) -> Lineup<G> {
        let (tables, failure) = (tables.clone(), failure.clone());
        let Players { names, seats } = self;
        Lineup::fallible(names.clone(), move || {
            let mut made: Vec<Box<dyn Decider<G>>> = Vec::new();
            for (seat, name) in seats.iter().zip(&names) {
                let player = match seat {
                    Seat::Registered(bot) => {
                        made.push(bot_with::<G>(bot, &settings)?);
                        continue;
                    }
                    Seat::Class(class) => {
                        Python::attach(|py| class.bind(py).call0().map(Bound::unbind))
                            .map_err(|error| anyhow::anyhow!("making {name}: {error}"))?
                    }
                    Seat::Shared(player) => Python::attach(|py| player.clone_ref(py)),
                };
                made.push(Box::new(PythonPlayer::<G>::new(
                    name.clone(),
                    player,
                    tables.clone(),
                    failure.clone(),
                )));
            }
            Ok(made)
        })
    }
}
