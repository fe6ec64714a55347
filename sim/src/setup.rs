//! Building a game from the command line's flags: its lexicon, the checks of options that
//! apply to one game only, and (from `runner::rules`) its rules and what its bots are made
//! with.

use std::sync::Arc;

use anyhow::bail;
use bots::monopoly::DEFAULT_ROLLOUTS;
use lexicon::{Dictionary, Edition, Lexicon, OnBadLine};
pub use runner::rules::{
    LetterKey, bot_settings, card_rules, check_rummy_pack, crossword_rules, hp_rules,
    monopoly_rules,
};

use crate::cli::{GameArg, LexiconArgs, RulesArgs, VariantArg};

/// Refuses `--variant` and `--rollouts` given to a game they do not apply to. Both have
/// defaults, so only a value other than the default can be told apart from no flag.
pub fn check_game_options(
    game: GameArg,
    variant: VariantArg,
    rollouts: Option<usize>,
) -> anyhow::Result<()> {
    if game != GameArg::ScrabbleCards && variant != VariantArg::Classic {
        bail!(
            "--variant applies to scrabble-cards; {} has no variants",
            game.name()
        );
    }
    if game != GameArg::MonopolyHp && rollouts.is_some_and(|k| k != DEFAULT_ROLLOUTS) {
        bail!(
            "--rollouts applies to monopoly-hp's mc-trader; {} has no rollouts",
            game.name()
        );
    }
    Ok(())
}

/// Builds `game`'s rules from `args` for `players` and drops them: every file and setting
/// is read and checked, as a run would before its first game.
pub fn check_rules(
    game: GameArg,
    args: &RulesArgs,
    variant: VariantArg,
    players: usize,
) -> anyhow::Result<()> {
    match game {
        GameArg::Scrabble => drop(crossword_rules(args)?),
        GameArg::ScrabbleHp => drop(hp_rules(args)?),
        GameArg::MonopolyHp => drop(monopoly_rules(args)?),
        GameArg::ScrabbleCards => {
            let rules = card_rules(args, variant.into())?;
            check_rummy_pack(&rules, args, players)?;
        }
    }
    Ok(())
}

/// The lexicon a game plays: the dictionary alone for the plain game, with the Glossary for Harry Potter.
pub fn game_lexicon(game: GameArg, args: &LexiconArgs) -> anyhow::Result<Arc<Lexicon>> {
    let edition = match game {
        GameArg::Scrabble => Edition::Plain,
        GameArg::ScrabbleHp => Edition::HarryPotter,
        GameArg::MonopolyHp => bail!("monopoly-hp plays no words"),
        GameArg::ScrabbleCards => Edition::Plain,
    };
    Ok(Arc::new(load_lexicon(args, edition)?))
}

/// What reading a word list does with a line that is not a word.
pub fn on_bad_line(skip_invalid: bool) -> OnBadLine {
    if skip_invalid {
        OnBadLine::Skip
    } else {
        OnBadLine::Fail
    }
}

/// Loads the lexicon a command asked for: the embedded dictionary, or `--lexicon PATH`.
pub fn load_lexicon(args: &LexiconArgs, edition: Edition) -> anyhow::Result<Lexicon> {
    let Some(path) = &args.lexicon else {
        return Ok(Lexicon::embedded(edition));
    };
    let compiled = Dictionary::load(path, on_bad_line(args.skip_invalid))?;
    if compiled.skipped > 0 {
        eprintln!(
            "{}: skipped {} invalid lines",
            path.display(),
            compiled.skipped
        );
    }
    Ok(Lexicon::new(compiled.dictionary, edition)?)
}
