//! `sim`: the simulator's runner, from Python, with Owlery's bots and Python players side by
//! side; it writes the same run directory as `owlery sim` (manifest, chunks, CSV tables).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use runner::store::{Manifest, open_run};

use crate::bot::Failure;
use crate::contest::{Contest, build, rules_args};

/// Plays `games` games of `game` seeded `seed` into the run directory `out` (refused if
/// another run is there, unless `force`; with `resume`, the same run goes on), on `threads`
/// workers (all cores if `None`). `bots` lists each seat's player: a registered bot's name,
/// or a Python player (a class is made once per worker; a function or object is shared).
/// `variant` is the card game's. The rules are the shipped ones with `rules` (a rules file),
/// then each `set` (`KEY=VALUE`), and `data`'s files (`board`, `tiles`, `owl_post`,
/// `actions`, `leaves`), as `owlery sim`'s flags of those names. With `per_game`,
/// `games.csv` lists every game. Returns the directory.
#[pyfunction]
#[pyo3(signature = (bots, games, seed, out, threads = None, chunk = None, per_game = false, resume = false, force = false, game = "scrabble", variant = None, rules = None, set = Vec::new(), data = None))]
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
    game: &str,
    variant: Option<&str>,
    rules: Option<PathBuf>,
    set: Vec<String>,
    data: Option<HashMap<String, PathBuf>>,
) -> PyResult<PathBuf> {
    if games == 0 {
        return Err(PyValueError::new_err("games=0: expected at least one game"));
    }
    if threads == Some(0) || chunk == Some(0) {
        return Err(PyValueError::new_err(
            "threads and chunk: expected at least 1",
        ));
    }
    let chunk = chunk.unwrap_or_else(|| games.div_ceil(64).clamp(1, 1000));
    let failure: Failure = Arc::new(Mutex::new(None));
    let data = rules_args(rules, set, data)?;
    let built = build(game, variant, &bots, &data, &failure, false)?;
    let manifest = Manifest {
        chunk,
        per_game,
        variant: built.variant.map(str::to_string),
        ..Manifest::new(game, &built.names, seed, games, built.fingerprint)
    };
    let contest = built.contest;
    let result = py.detach(|| -> anyhow::Result<()> {
        open_run(&out, &manifest, resume, force)?;
        let range = 0..games;
        match &contest {
            Contest::Crossword(c) => runner::run(c, &manifest, range, &out, threads),
            Contest::HarryPotter(c) => runner::run(c, &manifest, range, &out, threads),
            Contest::Cards(c) => runner::run(c, &manifest, range, &out, threads),
            Contest::Rummy(c) => runner::run(c, &manifest, range, &out, threads),
            Contest::Monopoly(c) => runner::run(c, &manifest, range, &out, threads),
        }
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
