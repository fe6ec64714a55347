//! Building a game's rules and lexicon from the command line's data flags.

use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use engine::scrabble::{Layout, Rules, TileSet};
use lexicon::{Edition, Lexicon};

use super::lexicon::load_lexicon;
use crate::cli::{GameArg, LexiconArgs, RulesArgs};

fn read(path: &Path) -> anyhow::Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
}

/// The crossword rules: the embedded defaults, each part replaceable by a file.
pub fn crossword_rules(args: &RulesArgs) -> anyhow::Result<Arc<Rules>> {
    let mut rules = Rules::standard();
    if let Some(path) = &args.board {
        rules.layout = Layout::parse(&read(path)?, &path.display().to_string())?;
    }
    if let Some(path) = &args.tiles {
        rules.tiles = TileSet::parse(&read(path)?, &path.display().to_string())?;
    }
    if let Some(path) = &args.rules {
        rules.numbers = rules
            .numbers
            .overlay(&read(path)?, &path.display().to_string())?;
    }
    for setting in &args.set {
        let (key, value) = setting.split_once('=').ok_or_else(|| {
            anyhow::anyhow!("--set {setting:?}: expected KEY=VALUE, e.g. bingo_bonus=35")
        })?;
        let text = format!("{} = {}", key.trim(), value.trim());
        rules.numbers = rules.numbers.overlay(&text, &format!("--set {setting}"))?;
    }
    Ok(Arc::new(rules))
}

/// The lexicon a game plays: the dictionary alone for the plain game.
pub fn game_lexicon(game: GameArg, args: &LexiconArgs) -> anyhow::Result<Arc<Lexicon>> {
    let edition = match game {
        GameArg::Scrabble => Edition::Plain,
    };
    Ok(Arc::new(load_lexicon(args, edition)?))
}
