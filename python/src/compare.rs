//! Paired games from Python, as `owlery effect` plays them: `compare` measures one player
//! against another in the same seat, `effect` a change to the rules. Each deal is played twice
//! from one seed, and every tile, card and roll is the same until the two games part, so the
//! difference is the change's and not the deal's (the runner's `effect::paired`).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use reports::schema::to_csv;
use runner::effect::{Design, Effects, Group, Measure, effect_rows, groups};
use runner::rules::RulesArgs;

use crate::bot::Failure;
use crate::contest::{build, paired_on, rules_args};

/// The deals a run of `games` games plays: one game a deal, or with `duplicate` one deal per
/// rotation of the `players` seats (`games` rounded up to whole deals).
fn design(seed: u64, games: u64, players: usize, duplicate: bool) -> Design {
    Design {
        master: seed,
        first: 0,
        deals: if duplicate {
            games.div_ceil(players as u64)
        } else {
            games
        },
        players,
        duplicate,
    }
}

/// `precision` in points of percentage as a share, refused outside 0 (exclusive) to 50.
fn share_of(precision: Option<f64>) -> PyResult<Option<f64>> {
    precision
        .map(|points| {
            runner::effect::precision_share(points).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "precision {points}: expected points of percentage, more than 0 and at \
                     most 50"
                ))
            })
        })
        .transpose()
}

/// Plays both arms with the interpreter's lock released, and raises a Python player's error
/// or the run's.
fn measure(
    py: Python<'_>,
    failure: &Failure,
    run: impl FnOnce() -> anyhow::Result<Effects> + Send,
) -> PyResult<Effects> {
    let measured = py.detach(run);
    if let Some(error) = failure.lock().unwrap_or_else(|p| p.into_inner()).take() {
        return Err(error);
    }
    measured.map_err(|error| PyRuntimeError::new_err(format!("{error:#}")))
}

/// Plays `deals` deals seeded from `seed` with `base` in the first seat and `opponents` in
/// the others, and again with `changed` in its place, at `game` (`variant` the card game's)
/// on the rules `rules`, `set` and `data` give (as `sim`), and returns the paired effect of
/// the change: on the win rate (points of percentage) and on the points a game, each with
/// its 95 % interval, and the paired variance as a share of two unpaired runs'. With
/// `duplicate` each deal is played once per rotation of the seats. With `precision` (points
/// of percentage) `deals` is the most: deals are played in rounds until the win-rate effect's
/// 95 % interval is within ±`precision`, and the result's `deals` says how many were.
#[pyfunction]
#[pyo3(signature = (base, changed, opponents, deals, seed = 1, duplicate = false, threads = None, game = "scrabble", variant = None, rules = None, set = Vec::new(), data = None, precision = None))]
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
    game: &str,
    variant: Option<&str>,
    rules: Option<PathBuf>,
    set: Vec<String>,
    data: Option<HashMap<String, PathBuf>>,
    precision: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    if deals == 0 || threads == Some(0) {
        return Err(PyValueError::new_err(
            "deals and threads: expected at least 1",
        ));
    }
    let precision = share_of(precision)?;
    let data = rules_args(rules, set, data)?;
    let failure: Failure = Arc::new(Mutex::new(None));
    let seat = |first: &Bound<'py, PyAny>| {
        let mut table = vec![first.clone()];
        table.extend(opponents.iter().cloned());
        build(game, variant, &table, &data, &failure, duplicate)
    };
    let (base, changed) = (seat(&base)?, seat(&changed)?);
    let label = format!("{} -> {}", base.names[0], changed.names[0]);
    let names = base.names.clone();
    let design = Design {
        master: seed,
        first: 0,
        deals,
        players: names.len(),
        duplicate,
    };
    let policy = vec![Group::Policy {
        index: 0,
        name: label.clone(),
    }];
    let effects = measure(py, &failure, || {
        paired_on(
            &base.contest,
            &changed.contest,
            &names,
            policy,
            design,
            threads,
            precision,
        )
    })?;
    let measures = &effects.measures[0];
    let result = PyDict::new(py);
    result.set_item("change", label)?;
    result.set_item("deals", effects.design.deals)?;
    result.set_item("games", effects.design.games())?;
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

/// What `change` (`KEY=VALUE` settings, measured together) does to `bots` at `game`, by
/// `games` paired games from `seed`, as `owlery effect --change` measures it on the rules
/// `rules`, `set` and `data` give: the effect table (`effect.csv`'s columns) as CSV text.
/// With `precision` (points of percentage) `games` is the most, as `--precision` plays.
#[pyfunction]
#[pyo3(signature = (change, bots, games, seed = 1, duplicate = false, threads = None, game = "scrabble", variant = None, rules = None, set = Vec::new(), data = None, precision = None))]
#[allow(clippy::too_many_arguments)]
pub fn effect(
    py: Python<'_>,
    change: Vec<String>,
    bots: Vec<Bound<'_, PyAny>>,
    games: u64,
    seed: u64,
    duplicate: bool,
    threads: Option<usize>,
    game: &str,
    variant: Option<&str>,
    rules: Option<PathBuf>,
    set: Vec<String>,
    data: Option<HashMap<String, PathBuf>>,
    precision: Option<f64>,
) -> PyResult<String> {
    if games == 0 || threads == Some(0) || change.is_empty() {
        return Err(PyValueError::new_err(
            "games, threads and change: expected at least one",
        ));
    }
    let precision = share_of(precision)?;
    let data = rules_args(rules, set, data)?;
    let with_change = RulesArgs {
        extra: change.iter().map(|c| ("change", c.clone())).collect(),
        ..data.clone()
    };
    let failure: Failure = Arc::new(Mutex::new(None));
    let base = build(game, variant, &bots, &data, &failure, duplicate)?;
    let changed = build(game, variant, &bots, &with_change, &failure, duplicate)?;
    if base.fingerprint == changed.fingerprint {
        return Err(PyValueError::new_err(format!(
            "change {}: the rules are the same with it; expected a value other than the run's",
            change.join(", ")
        )));
    }
    let names = base.names.clone();
    let design = design(seed, games, names.len(), duplicate);
    let effects = measure(py, &failure, || {
        paired_on(
            &base.contest,
            &changed.contest,
            &names,
            groups(&names),
            design,
            threads,
            precision,
        )
    })?;
    let table = to_csv(&effect_rows(&effects, &change.join(" ")))
        .map_err(|error| PyRuntimeError::new_err(error.to_string()))?;
    String::from_utf8(table).map_err(|error| PyRuntimeError::new_err(error.to_string()))
}
