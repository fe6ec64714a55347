//! A table of players at one game on its rules, built as the `owlery` command builds it: the
//! rules from data files and `KEY=VALUE` settings (`runner::rules`), the players (Owlery's bots
//! and Python players) as a `Lineup`, and the fingerprint a run's manifest keeps.

use std::collections::HashMap;
use std::path::PathBuf;

use bots::monopoly::DEFAULT_ROLLOUTS;
use engine::cardgame::{CardGame, RummyGame, Variant};
use engine::draws::Draws;
use engine::hogwarts::HpGame;
use engine::monopoly::Monopoly;
use engine::scrabble::Game;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use runner::effect::{Design, Effects, Group, paired};
use runner::games::{CardContest, Crossword, HarryPotter, MonopolyContest, RummyContest};
use runner::rules::{
    RulesArgs, bot_settings, card_rules, check_rummy_pack, crossword_rules, hp_rules,
    monopoly_rules,
};
use runner::seeds::{crossword_fingerprint, monopoly_fingerprint};

use crate::bot::Failure;
use crate::crossword::shared_lexicon;
use crate::hogwarts::hp_tables_of;
use crate::players::Players;
use crate::rummy::rummy_tables_of;

/// The game a table plays.
pub(crate) enum Contest {
    Crossword(Crossword),
    HarryPotter(HarryPotter),
    Cards(CardContest),
    Rummy(RummyContest),
    Monopoly(MonopolyContest),
}

/// A table built: its contest, its players' names, and its rules' fingerprint.
pub(crate) struct Built {
    pub(crate) contest: Contest,
    pub(crate) names: Vec<String>,
    pub(crate) fingerprint: String,
    /// The card game's variant, by its name in a run's manifest.
    pub(crate) variant: Option<&'static str>,
}

/// The data files a caller may replace, by the name the command line's flag has.
const DATA_FILES: [&str; 5] = ["board", "tiles", "owl_post", "actions", "leaves"];

/// The rules' sources from Python: a rules file, settings, and data files by name.
pub(crate) fn rules_args(
    rules: Option<PathBuf>,
    set: Vec<String>,
    data: Option<HashMap<String, PathBuf>>,
) -> PyResult<RulesArgs> {
    let mut args = RulesArgs {
        rules,
        set,
        ..RulesArgs::default()
    };
    for (name, path) in data.unwrap_or_default() {
        let slot = match name.as_str() {
            "board" => &mut args.board,
            "tiles" => &mut args.tiles,
            "owl_post" => &mut args.owl_post,
            "actions" => &mut args.actions,
            "leaves" => &mut args.leaves,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "data {name:?}: expected one of {}",
                    DATA_FILES.join(", ")
                )));
            }
        };
        *slot = Some(path);
    }
    Ok(args)
}

/// An error building the rules, as Python sees it.
pub(crate) fn refused(error: anyhow::Error) -> PyErr {
    PyValueError::new_err(format!("{error:#}"))
}

/// `bots` at `game` (`variant` the card game's) on the rules `data` describes. With
/// `duplicate`, each seat draws its tiles (and cards) from a stream of its own and a bot keeps
/// its house through the rotations, as `owlery effect --duplicate` plays.
pub(crate) fn build(
    game: &str,
    variant: Option<&str>,
    bots: &[Bound<'_, PyAny>],
    data: &RulesArgs,
    failure: &Failure,
    duplicate: bool,
) -> PyResult<Built> {
    let settings = bot_settings(data, DEFAULT_ROLLOUTS).map_err(refused)?;
    let draws = if duplicate {
        Draws::BySeat
    } else {
        Draws::Shared
    };
    let variant = match (game, variant) {
        ("scrabble-cards", None | Some("classic")) => Some(Variant::Classic),
        ("scrabble-cards", Some("forfeit")) => Some(Variant::Forfeit),
        ("scrabble-cards", Some("rummy")) => Some(Variant::Rummy),
        ("scrabble-cards", Some(other)) => {
            return Err(PyValueError::new_err(format!(
                "variant {other:?}: expected classic, forfeit or rummy"
            )));
        }
        (_, Some(_)) => {
            return Err(PyValueError::new_err(format!(
                "variant applies to scrabble-cards, not {game}"
            )));
        }
        (_, None) => None,
    };
    let variant_name = variant.map(|variant| match variant {
        Variant::Classic => "classic",
        Variant::Forfeit => "forfeit",
        Variant::Rummy => "rummy",
    });
    let built = match (game, variant) {
        ("scrabble", _) => {
            let players = Players::read::<Game>(bots)?;
            let rules = crossword_rules(data).map_err(refused)?;
            let lexicon = shared_lexicon();
            let fingerprint = crossword_fingerprint(&rules, &settings, &lexicon);
            let tables = (rules.clone(), lexicon.clone());
            let names = players.names.clone();
            let contest = Crossword {
                rules,
                lexicon,
                lineup: players.lineup(&tables, failure, settings),
                draws,
            };
            Built {
                contest: Contest::Crossword(contest),
                names,
                fingerprint,
                variant: None,
            }
        }
        ("scrabble-hp", _) => {
            let players = Players::read::<HpGame>(bots)?;
            let tables = hp_tables_of(hp_rules(data).map_err(refused)?);
            let (rules, _, lexicon) = tables.clone();
            let fingerprint = crossword_fingerprint(&rules, &settings, &lexicon);
            let names = players.names.clone();
            let contest = HarryPotter {
                rules,
                lexicon,
                lineup: players.lineup(&tables, failure, settings),
                houses_follow_bots: duplicate,
                draws,
            };
            Built {
                contest: Contest::HarryPotter(contest),
                names,
                fingerprint,
                variant: None,
            }
        }
        ("scrabble-cards", Some(Variant::Rummy)) => {
            let players = Players::read::<RummyGame>(bots)?;
            let rules = card_rules(data, Variant::Rummy).map_err(refused)?;
            check_rummy_pack(&rules, data, players.names.len()).map_err(refused)?;
            let tables = rummy_tables_of(rules);
            let (rules, lexicon) = tables.clone();
            let fingerprint = crossword_fingerprint(&(&rules, Variant::Rummy), &settings, &lexicon);
            let names = players.names.clone();
            let lineup = players.lineup(&tables, failure, settings);
            Built {
                contest: Contest::Rummy(RummyContest::new(rules, lexicon, lineup)),
                names,
                fingerprint,
                variant: None,
            }
        }
        ("scrabble-cards", Some(variant)) => {
            let players = Players::read::<CardGame>(bots)?;
            let rules = card_rules(data, variant).map_err(refused)?;
            let lexicon = shared_lexicon();
            let fingerprint = crossword_fingerprint(&(&rules, variant), &settings, &lexicon);
            let names = players.names.clone();
            let lineup = players.lineup(&(rules.clone(), lexicon.clone()), failure, settings);
            Built {
                contest: Contest::Cards(CardContest::new(rules, lexicon, lineup)),
                names,
                fingerprint,
                variant: None,
            }
        }
        ("monopoly-hp", _) => {
            let players = Players::read::<Monopoly>(bots)?;
            let rules = monopoly_rules(data).map_err(refused)?;
            let fingerprint = monopoly_fingerprint(&rules, settings.rollouts);
            let names = players.names.clone();
            let mut contest = MonopolyContest::new(rules, players.lineup(&(), failure, settings));
            contest.houses_follow_bots = duplicate;
            Built {
                contest: Contest::Monopoly(contest),
                names,
                fingerprint,
                variant: None,
            }
        }
        (other, _) => {
            return Err(PyValueError::new_err(format!(
                "game {other:?}: expected scrabble, scrabble-hp, scrabble-cards or monopoly-hp"
            )));
        }
    };
    Ok(Built {
        variant: variant_name,
        ..built
    })
}

/// The deals of `design` played at `base` and again at `changed` (the same game), `groups`
/// measured deal by deal; with a `precision` (a share), only as many deals as that needs.
pub(crate) fn paired_on(
    base: &Contest,
    changed: &Contest,
    names: &[String],
    groups: Vec<Group>,
    design: Design,
    threads: Option<usize>,
    precision: Option<f64>,
) -> anyhow::Result<Effects> {
    match (base, changed) {
        (Contest::Crossword(a), Contest::Crossword(b)) => {
            paired(a, b, names, groups, design, threads, precision)
        }
        (Contest::HarryPotter(a), Contest::HarryPotter(b)) => {
            paired(a, b, names, groups, design, threads, precision)
        }
        (Contest::Cards(a), Contest::Cards(b)) => {
            paired(a, b, names, groups, design, threads, precision)
        }
        (Contest::Rummy(a), Contest::Rummy(b)) => {
            paired(a, b, names, groups, design, threads, precision)
        }
        (Contest::Monopoly(a), Contest::Monopoly(b)) => {
            paired(a, b, names, groups, design, threads, precision)
        }
        _ => unreachable!("both arms are built for the same game"),
    }
}
