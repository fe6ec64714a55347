//! A game's rules from its data: the embedded defaults, each part replaceable by a file
//! (`board`, `tiles`, `owl_post`, `actions`, `rules`) and then by settings (`KEY=VALUE`), each
//! checked with errors that name the file or setting; and what the bots are made with. The
//! command line's data flags and the Python package's `rules=`/`set=` both build through here.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, bail};
use bots::Settings;
use bots::scrabble::leaves::LeaveModel;
use engine::cardgame::actions::parse_actions;
use engine::cardgame::{CardRules, CardSetup, RummyGame, Variant};
use engine::data::{
    DataError, NumbersFile, Range, Source, Step, overlay_toml, read_table, without_bom,
};
use engine::hogwarts::{HpNumbers, HpRules};
use engine::monopoly::owl_post::{DEFAULT_OWL_POST, parse_cards};
use engine::monopoly::{Board, MonopolyRules};
use engine::scrabble::{Layout, Numbers, Rules, TileSet};

/// Files that replace the game's data.
#[derive(Debug, Clone, Default)]
#[cfg_attr(feature = "app", derive(clap::Args))]
pub struct RulesArgs {
    /// A 15-line premium grid replacing the standard board (see engine/data/scrabble/board.txt);
    /// for monopoly-hp, the ring of spaces (see engine/data/monopoly-hp/board.toml).
    #[cfg_attr(feature = "app", arg(long, value_name = "FILE"))]
    pub board: Option<PathBuf>,
    /// monopoly-hp: the Owl Post cards (see engine/data/monopoly-hp/owl_post.toml).
    #[cfg_attr(feature = "app", arg(long, value_name = "FILE"))]
    pub owl_post: Option<PathBuf>,
    /// scrabble-cards --variant forfeit: the Action cards (see engine/data/scrabble-cards/actions.toml).
    #[cfg_attr(feature = "app", arg(long, value_name = "FILE"))]
    pub actions: Option<PathBuf>,
    /// A tile table replacing the standard 100 tiles (see engine/data/scrabble/tiles.txt).
    #[cfg_attr(feature = "app", arg(long, value_name = "FILE"))]
    pub tiles: Option<PathBuf>,
    /// A TOML file overriding any of the game's numbers (see engine/data/scrabble/rules.toml).
    #[cfg_attr(feature = "app", arg(long, value_name = "FILE"))]
    pub rules: Option<PathBuf>,
    /// Override one number, e.g. --set bingo_bonus=35, or one letter's points or count, e.g.
    /// --set points.Q=8 (repeatable; applied after --rules and --tiles).
    #[cfg_attr(feature = "app", arg(long = "set", value_name = "KEY=VALUE"))]
    pub set: Vec<String>,
    /// Settings a subcommand adds after `--set`, each with the flag errors name it by: the
    /// value `owlery sweep` runs (`--param`), the change `owlery effect` measures (`--change`).
    #[cfg_attr(feature = "app", arg(skip))]
    pub extra: Vec<(&'static str, String)>,
    /// Leave values for the equity, lookahead and cards bots (and the card game's equity),
    /// replacing the shipped ones (see bots/data/leaves.toml; `owlery train leaves` writes
    /// such a file).
    #[cfg_attr(feature = "app", arg(long, value_name = "FILE"))]
    pub leaves: Option<PathBuf>,
}

/// A data file's text, without the byte-order mark some editors write first.
fn read(path: &Path) -> anyhow::Result<String> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(without_bom(&text).to_string())
}

/// The Harry Potter layer's own top-level keys, read from its numbers (so a key added there
/// is known here); every other key is the crossword's.
fn hp_keys() -> &'static [String] {
    static KEYS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| {
        toml::Table::try_from(HpNumbers::standard())
            .expect("the Harry Potter numbers are a TOML table")
            .keys()
            .cloned()
            .collect()
    })
}

/// Whether a key belongs to the Harry Potter layer's numbers rather than the crossword's.
fn is_hp_key(key: &str) -> bool {
    let first = key.split('.').next().unwrap_or("").trim();
    hp_keys().iter().any(|hp| hp == first)
}

/// A game's rules: the crossword's, and the Harry Potter layer's numbers where it has them.
struct Built {
    crossword: Rules,
    hp: Option<HpNumbers>,
}

impl Built {
    /// Applies a partial TOML document, each key to the layer it belongs to.
    fn overlay(&mut self, source: Source) -> anyhow::Result<()> {
        let hp_ranges = if self.hp.is_some() {
            HpNumbers::RANGES
        } else {
            &[]
        };
        let ranges: Vec<Range> = Numbers::RANGES.iter().chain(hp_ranges).copied().collect();
        let table = read_table(source, &ranges)?;
        let (hp, crossword): (toml::Table, toml::Table) =
            table.into_iter().partition(|(key, _)| is_hp_key(key));
        if self.hp.is_some() {
            // The crossword's numbers would list only their own keys as the ones expected.
            let known = toml::Table::try_from(&self.crossword.numbers)?;
            if let Some(key) = crossword.keys().find(|key| !known.contains_key(*key)) {
                let expected = known.keys().chain(hp_keys()).map(String::as_str).collect();
                return Err(source
                    .unknown_key(&[Step::Key(key.clone())], expected)
                    .into());
            }
        }
        if !crossword.is_empty() {
            self.crossword.numbers = self.crossword.numbers.overlay_table(crossword, source)?;
        }
        if !hp.is_empty() {
            let Some(numbers) = &mut self.hp else {
                let key = hp.keys().next().expect("not empty");
                bail!(
                    "{}: `{key}` is a Harry Potter edition value; this game is the plain crossword game",
                    source.file()
                );
            };
            // Checked whole once every setting is in (`build`): a deck recomposed by one
            // `--set` per card passes through sums that do not match yet.
            *numbers = overlay_toml(numbers, hp, source)?;
        }
        Ok(())
    }
}

/// The crossword's rules, and the Harry Potter layer's numbers with `hp`, from `args`.
fn build(hp: bool, args: &RulesArgs) -> anyhow::Result<Built> {
    if args.owl_post.is_some() {
        bail!(
            "--owl-post applies to monopoly-hp; this game is {}",
            if hp { "scrabble-hp" } else { "scrabble" }
        );
    }
    if args.actions.is_some() {
        bail!("--actions applies to scrabble-cards --variant forfeit");
    }
    let mut built = if hp {
        let standard = HpRules::standard();
        Built {
            crossword: standard.crossword,
            hp: Some(standard.numbers),
        }
    } else {
        Built {
            crossword: Rules::standard(),
            hp: None,
        }
    };
    if let Some(path) = &args.board {
        built.crossword.layout = Layout::parse(&read(path)?, &path.display().to_string())?;
    }
    if let Some(path) = &args.tiles {
        built.crossword.tiles = TileSet::parse(&read(path)?, &path.display().to_string())?;
    }
    let mut tiles = built.crossword.tiles.clone();
    overlay_numbers(args, "bingo_bonus=35", Some(&mut tiles), |source| {
        built.overlay(source)
    })?;
    built.crossword.tiles = tiles;
    if let Some(numbers) = built.hp.take() {
        built.hp = Some(numbers.validate(&settings_named(args))?);
    }
    Ok(built)
}

/// What the bots of a run are made with: `--leaves` (read once, kept for the run) or the
/// shipped leave values, and mc-trader's `rollouts`.
pub fn bot_settings(args: &RulesArgs, rollouts: usize) -> anyhow::Result<Settings> {
    let leaves = match &args.leaves {
        Some(path) => {
            let bytes =
                std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
            let model = LeaveModel::read(&bytes, &path.display().to_string())?;
            &*Box::leak(Box::new(model))
        }
        None => {
            return Ok(Settings {
                rollouts,
                ..Settings::default()
            });
        }
    };
    // One file given: whichever game runs, its bots value leaves by it.
    Ok(Settings {
        leaves: Some(leaves),
        card_leaves: Some(leaves),
        rollouts,
    })
}

/// The crossword rules: the embedded defaults, each part replaceable by a file or a setting.
pub fn crossword_rules(args: &RulesArgs) -> anyhow::Result<Arc<Rules>> {
    let rules = build(false, args)?.crossword;
    rules.check()?;
    Ok(Arc::new(rules))
}

/// The Harry Potter edition's rules, likewise.
pub fn hp_rules(args: &RulesArgs) -> anyhow::Result<Arc<HpRules>> {
    let built = build(true, args)?;
    let rules = HpRules {
        crossword: built.crossword,
        numbers: built.hp.expect("the Harry Potter game has its numbers"),
    };
    rules.check()?;
    Ok(Arc::new(rules))
}

/// Monopoly: Harry Potter's rules: the embedded board, Owl Post cards and numbers, each
/// replaceable by a file (`--board`, `--owl-post`, `--rules`) or a setting (`--set`).
pub fn monopoly_rules(args: &RulesArgs) -> anyhow::Result<Arc<MonopolyRules>> {
    if args.tiles.is_some() || args.leaves.is_some() || args.actions.is_some() {
        bail!("--tiles, --leaves and --actions apply to the Scrabble games, not monopoly-hp");
    }
    let mut rules = MonopolyRules::standard();
    if let Some(path) = &args.board {
        rules.board = Board::parse(&read(path)?, &path.display().to_string())?;
    }
    let (cards_text, cards_name) = match &args.owl_post {
        Some(path) => (read(path)?, path.display().to_string()),
        None => (
            DEFAULT_OWL_POST.to_string(),
            "embedded monopoly-hp/owl_post.toml".to_string(),
        ),
    };
    rules.cards = parse_cards(&cards_text, &cards_name, &rules.board)?;
    overlay_numbers(args, "go_reward=30", None, |source| {
        rules.numbers = rules.numbers.overlay_from(source)?;
        Ok(())
    })?;
    rules.check()?;
    Ok(Arc::new(rules))
}

/// How errors name the rules after every file and setting is applied: the settings
/// themselves, else the rules file.
fn settings_named(args: &RulesArgs) -> String {
    let settings: Vec<String> = args
        .set
        .iter()
        .map(|setting| format!("--set {setting}"))
        .chain(
            args.extra
                .iter()
                .map(|(flag, setting)| format!("{flag} {setting}")),
        )
        .collect();
    match (&args.rules, settings.is_empty()) {
        (_, false) => settings.join(" "),
        (Some(path), true) => path.display().to_string(),
        (None, true) => "the rules".to_string(),
    }
}

/// Applies `--rules FILE`, then each `--set KEY=VALUE`, through `overlay` (a partial TOML
/// document, with its name for errors). In the games with letters (`tiles`), a key
/// `points.X` or `count.X` sets letter X's points or count instead (`?` the blank).
fn overlay_numbers(
    args: &RulesArgs,
    example: &str,
    mut tiles: Option<&mut TileSet>,
    mut overlay: impl FnMut(Source) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    if let Some(path) = &args.rules {
        overlay(Source::new(&read(path)?, &path.display().to_string()))?;
    }
    let settings = args.set.iter().map(|setting| ("--set", setting));
    let extra = args.extra.iter().map(|(flag, setting)| (*flag, setting));
    for (flag, setting) in settings.chain(extra) {
        let (key, value) = setting.split_once('=').ok_or_else(|| {
            anyhow::anyhow!("{flag} {setting:?}: expected KEY=VALUE, e.g. {example}")
        })?;
        if let (Some(tiles), Some(letter)) = (tiles.as_deref_mut(), LetterKey::parse(key)) {
            letter
                .and_then(|letter| letter.apply(tiles, value))
                .map_err(|expected| anyhow::anyhow!("{flag} {setting:?}: {expected}"))?;
            if tiles.total() == 0 {
                bail!("{flag} {setting:?}: the set would hold no tiles; expected at least one");
            }
            continue;
        }
        let overlaid = overlay(Source::setting(
            &format!("{} = {}", key.trim(), value.trim()),
            &format!("{flag} {setting}"),
        ));
        // The rules file's keys are listed by the error; a letter's keys are not in it.
        overlaid.map_err(|error| {
            let unknown = error
                .downcast_ref::<DataError>()
                .is_some_and(|data| data.unknown_key.is_some());
            if tiles.is_some() && unknown {
                anyhow::anyhow!("{error}, or points.X or count.X (X one letter A-Z or ? the blank)")
            } else {
                error
            }
        })?;
    }
    Ok(())
}

/// A setting of one letter's tiles: `points.X` or `count.X`.
pub enum LetterKey {
    /// The letter's points (its tile kind).
    Points(usize),
    /// The letter's count in the set (its tile kind).
    Count(usize),
}

impl LetterKey {
    /// The letter setting a key names (`None` if it names none), or what a key starting
    /// `points.` or `count.` lacks.
    pub fn parse(key: &str) -> Option<Result<LetterKey, String>> {
        let (what, letter) = key.trim().split_once('.')?;
        let setting: fn(usize) -> LetterKey = match what {
            "points" => LetterKey::Points,
            "count" => LetterKey::Count,
            _ => return None,
        };
        let kind = match letter.chars().collect::<Vec<_>>()[..] {
            [c] => engine::scrabble::tiles::kind_of_char(c),
            _ => None,
        };
        Some(kind.map(setting).ok_or_else(|| {
            format!("expected {what}.X with X one letter A-Z or ? (the blank), found {key:?}")
        }))
    }

    /// The letter's tile kind.
    pub fn kind(&self) -> usize {
        match *self {
            LetterKey::Points(kind) | LetterKey::Count(kind) => kind,
        }
    }

    /// Sets the letter's points or count; what was expected if the value is not a number.
    fn apply(&self, tiles: &mut TileSet, value: &str) -> Result<(), String> {
        let number: u8 = value
            .trim()
            .parse()
            .map_err(|_| format!("expected a whole number 0-255, found {:?}", value.trim()))?;
        match *self {
            LetterKey::Points(kind) => tiles.set_points(kind, number),
            LetterKey::Count(kind) => tiles.set_count(kind, number),
        }
        Ok(())
    }
}

/// Refuses, before the first game, a rummy pack too small to deal `players` hands (a game
/// would stop at its first draw), naming where the pack came from.
pub fn check_rummy_pack(rules: &CardRules, args: &RulesArgs, players: usize) -> anyhow::Result<()> {
    if rules.variant != Variant::Rummy {
        return Ok(());
    }
    RummyGame::check_pack(rules, players).map_err(|error| match (error, &args.tiles) {
        (error @ CardSetup::ShortPack { .. }, Some(path)) => {
            anyhow::anyhow!("--tiles {}: {error}", path.display())
        }
        (error, _) => error.into(),
    })
}

/// The card game's rules: the letter cards (`--tiles`, the standard tiles by default) and the
/// numbers (`--rules`, `--set`; see engine/data/scrabble-cards/rules.toml).
pub fn card_rules(args: &RulesArgs, variant: Variant) -> anyhow::Result<Arc<CardRules>> {
    if args.board.is_some() || args.owl_post.is_some() {
        bail!("--board and --owl-post do not apply to scrabble-cards");
    }
    if args.leaves.is_some() && variant == Variant::Rummy {
        bail!("--leaves applies to the card game's equity bot, not to --variant rummy");
    }
    let mut rules = CardRules::standard();
    rules.variant = variant;
    if let Some(path) = &args.actions {
        if variant != Variant::Forfeit {
            bail!("--actions applies to --variant forfeit");
        }
        rules.actions = parse_actions(&read(path)?, &path.display().to_string())?;
    }
    if let Some(path) = &args.tiles {
        rules.letters = TileSet::parse(&read(path)?, &path.display().to_string())?;
    }
    let mut letters = rules.letters.clone();
    overlay_numbers(args, "bingo_bonus=40", Some(&mut letters), |source| {
        rules.numbers = rules.numbers.overlay_from(source)?;
        Ok(())
    })?;
    rules.letters = letters;
    Ok(Arc::new(rules))
}
