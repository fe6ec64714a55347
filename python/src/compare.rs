//! `compare`: two players measured against each other by paired games. Each deal is played
//! once with the base player in its seat and once with the changed one, the other seats and
//! every tile the same until the two games part, so the difference is the players' and not
//! the deal's (the runner's `effect::paired`, as `owlery effect` uses it).

use std::sync::{Arc, Mutex};

use engine::draws::Draws;
use engine::scrabble::{Game, Rules};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use runner::effect::{Design, Group, Measure, paired};
use runner::games::Crossword;

use crate::bot::Failure;
use crate::crossword::shared_lexicon;
use crate::players::Players;

/// Plays `deals` deals seeded from `seed` with `base` in the first seat and `opponents` in
/// the others, and again with `changed` in its place, and returns the paired effect of the
/// change: on the win rate (points of percentage) and on the points a game, each with its 95 %
/// interval, and the paired variance as a share of two unpaired runs'. With `duplicate` each
/// deal is played once per rotation of the seats.
#[pyfunction]
#[pyo3(signature = (base, changed, opponents, deals, seed = 1, duplicate = false, threads = None))]
#[allow(clippy::too_many_arguments)]
pub fn compare<'py>(
    py: Python<'py>,
    base: Bound<'py, PyAny>,
    changed: Bound<'py, PyAny>,
    opponents: Vec<Bound<'py, PyAny>>,
    deals: u64,
    seed: u64,
    duplicate: bool,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    if deals == 0 || threads == Some(0) {
        return Err(PyValueError::new_err(
            "deals and threads: expected at least 1",
        ));
    }
    let seat = |first: &Bound<'py, PyAny>| {
        let mut table = vec![first.clone()];
        table.extend(opponents.iter().cloned());
        Players::read::<Game>(&table)
    };
    let (base, changed) = (seat(&base)?, seat(&changed)?);
    let names = base.names.clone();
    let label = format!("{} -> {}", base.names[0], changed.names[0]);
    let rules = Arc::new(Rules::standard());
    let lexicon = shared_lexicon();
    let failure: Failure = Arc::new(Mutex::new(None));
    let contest = |players: Players| Crossword {
        rules: rules.clone(),
        lexicon: lexicon.clone(),
        lineup: players.lineup(&(rules.clone(), lexicon.clone()), &failure),
        draws: if duplicate {
            Draws::BySeat
        } else {
            Draws::Shared
        },
    };
    let (base, changed) = (contest(base), contest(changed));
    let design = Design {
        master: seed,
        first: 0,
        deals,
        players: names.len(),
        duplicate,
    };
    let groups = vec![Group::Policy {
        index: 0,
        name: label.clone(),
    }];
    let measured = py.detach(|| paired(&base, &changed, &names, groups, design, threads));
    if let Some(error) = failure.lock().unwrap_or_else(|p| p.into_inner()).take() {
        return Err(error);
    }
    let effects = measured.map_err(|error| PyRuntimeError::new_err(format!("{error:#}")))?;
    let measures = &effects.measures[0];
    let result = PyDict::new(py);
    result.set_item("change", label)?;
    result.set_item("deals", deals)?;
    result.set_item("games", design.games())?;
    let put = |prefix: &str, measure: &Measure, scale: f64| -> PyResult<()> {
        let (effect, low, high) = measure.effect();
        result.set_item(format!("{prefix}_base"), measure.base.mean() * scale)?;
        result.set_item(format!("{prefix}_changed"), measure.changed.mean() * scale)?;
        result.set_item(format!("{prefix}_effect"), effect * scale)?;
        result.set_item(format!("{prefix}_low"), low * scale)?;
        result.set_item(format!("{prefix}_high"), high * scale)?;
        result.set_item(format!("{prefix}_variance_ratio"), measure.variance_ratio())
    };
    put("win", &measures.win, 100.0)?;
    put("score", &measures.score, 1.0)?;
    Ok(result)
}
