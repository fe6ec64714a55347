//! `sim`: the simulator's runner, from Python, with Owlery's bots and Python players side by
//! side; it writes the same run directory as `owlery sim` (manifest, chunks, CSV tables).

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use bots::Settings;
use engine::cardgame::{CardGame, RummyGame, Variant};
use engine::draws::Draws;
use engine::hogwarts::HpGame;
use engine::monopoly::{Monopoly, MonopolyRules};
use engine::scrabble::{Game, Rules};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use runner::games::{CardContest, Crossword, HarryPotter, MonopolyContest, RummyContest};
use runner::seeds::{crossword_fingerprint, monopoly_fingerprint};
use runner::store::{Manifest, open_run};

use crate::bot::Failure;
use crate::cards::card_rules;
use crate::crossword::shared_lexicon;
use crate::hogwarts::hp_tables;
use crate::players::Players;
use crate::rummy::rummy_tables;

/// Plays `games` games of `game` seeded `seed` into
/// the run directory `out` (refused if another run is there, unless `force`; with `resume`,
/// the same run goes on), on `threads` workers (all cores if `None`). `bots` lists each
/// seat's player: a registered bot's name, or a Python player (a class is
/// made once per worker; a function or object is shared). `variant` is the card game's. With `per_game`, `games.csv` lists every game.
/// Returns the directory.
#[pyfunction]
#[pyo3(signature = (bots, games, seed, out, threads = None, chunk = None, per_game = false, resume = false, force = false, game = "scrabble", variant = None))]
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
    let settings = Settings::default();
    let failure: Failure = Arc::new(Mutex::new(None));
    let (contest, manifest) = match (game, variant) {
        ("scrabble", None) => {
            let players = Players::read::<Game>(&bots)?;
            let rules = Arc::new(Rules::standard());
            let lexicon = shared_lexicon();
            let fingerprint = crossword_fingerprint(&rules, &settings, &lexicon);
            let manifest = Manifest::new(game, &players.names, seed, games, fingerprint);
            let tables = (rules.clone(), lexicon.clone());
            let contest = Crossword {
                rules,
                lexicon,
                lineup: players.lineup(&tables, &failure),
                draws: Draws::Shared,
            };
            (Contest::Crossword(contest), manifest)
        }
        ("scrabble-cards", None | Some("classic" | "forfeit")) => {
            let name = variant.unwrap_or("classic");
            let players = Players::read::<CardGame>(&bots)?;
            let rules = card_rules(name)?;
            let lexicon = shared_lexicon();
            let print = crossword_fingerprint(&(&rules, rules.variant), &settings, &lexicon);
            let manifest = Manifest {
                variant: Some(name.to_string()),
                ..Manifest::new(game, &players.names, seed, games, print)
            };
            let lineup = players.lineup(&(rules.clone(), lexicon.clone()), &failure);
            let contest = CardContest::new(rules, lexicon, lineup);
            (Contest::Cards(contest), manifest)
        }
        ("scrabble-hp", None) => {
            let players = Players::read::<HpGame>(&bots)?;
            let tables = hp_tables();
            let (rules, _, lexicon) = tables.clone();
            let fingerprint = crossword_fingerprint(&rules, &settings, &lexicon);
            let manifest = Manifest::new(game, &players.names, seed, games, fingerprint);
            let contest = HarryPotter {
                rules,
                lexicon,
                lineup: players.lineup(&tables, &failure),
                houses_follow_bots: false,
                draws: Draws::Shared,
            };
            (Contest::HarryPotter(contest), manifest)
        }
        ("monopoly-hp", None) => {
            let players = Players::read::<Monopoly>(&bots)?;
            let rules = Arc::new(MonopolyRules::standard());
            let fingerprint = monopoly_fingerprint(&rules, settings.rollouts);
            let manifest = Manifest::new(game, &players.names, seed, games, fingerprint);
            let lineup = players.lineup(&(), &failure);
            (
                Contest::Monopoly(MonopolyContest::new(rules, lineup)),
                manifest,
            )
        }
        ("scrabble-cards", Some("rummy")) => {
            let players = Players::read::<RummyGame>(&bots)?;
            let tables = rummy_tables();
            let (rules, lexicon) = tables.clone();
            let fingerprint = crossword_fingerprint(&(&rules, Variant::Rummy), &settings, &lexicon);
            let manifest = Manifest {
                variant: Some("rummy".to_string()),
                ..Manifest::new(game, &players.names, seed, games, fingerprint)
            };
            let lineup = players.lineup(&tables, &failure);
            (
                Contest::Rummy(RummyContest::new(rules, lexicon, lineup)),
                manifest,
            )
        }
        ("scrabble-cards", Some(other)) => {
            return Err(PyValueError::new_err(format!(
                "variant {other:?}: expected classic, forfeit or rummy"
            )));
        }
        (_, Some(_)) if game != "scrabble-cards" => {
            return Err(PyValueError::new_err(format!(
                "variant applies to scrabble-cards, not {game}"
            )));
        }
        (other, _) => {
            return Err(PyValueError::new_err(format!(
                "game {other:?}: expected scrabble, scrabble-hp, scrabble-cards or monopoly-hp"
            )));
        }
    };
    let manifest = Manifest {
        chunk,
        per_game,
        ..manifest
    };
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

/// The game a run plays.
enum Contest {
    Crossword(Crossword),
    HarryPotter(HarryPotter),
    Cards(CardContest),
    Rummy(RummyContest),
    Monopoly(MonopolyContest),
}
