//! `owlery lexicon`: check words, anagrams and patterns, counts, and compiling word lists.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use lexicon::{Dictionary, Edition};

use crate::cli::{EditionArg, LexiconCommand};
use crate::output;
use crate::setup::{load_lexicon, on_bad_line};

impl From<EditionArg> for Edition {
    fn from(arg: EditionArg) -> Self {
        match arg {
            EditionArg::Hp => Edition::HarryPotter,
            EditionArg::Plain => Edition::Plain,
        }
    }
}

/// Runs one `lexicon` subcommand.
pub fn run(command: LexiconCommand) -> anyhow::Result<ExitCode> {
    let mut out = output::stdout();
    let code = match command {
        LexiconCommand::Check {
            words,
            edition,
            source,
        } => {
            let lexicon = load_lexicon(&source, edition.into())?;
            let mut all_valid = true;
            for word in &words {
                let valid = lexicon.contains(word);
                all_valid &= valid;
                let verdict = if valid { "valid" } else { "invalid" };
                let glossary = if valid && lexicon.is_glossary(word) {
                    " glossary"
                } else {
                    ""
                };
                writeln!(out, "{} {verdict}{glossary}", word.to_ascii_uppercase())?;
            }
            if all_valid {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        LexiconCommand::Anagram {
            rack,
            edition,
            source,
        } => {
            let lexicon = load_lexicon(&source, edition.into())?;
            for word in lexicon.anagrams(&rack)? {
                writeln!(out, "{word}")?;
            }
            ExitCode::SUCCESS
        }
        LexiconCommand::Pattern {
            pattern,
            edition,
            source,
        } => {
            let lexicon = load_lexicon(&source, edition.into())?;
            for word in lexicon.pattern(&pattern)? {
                writeln!(out, "{word}")?;
            }
            ExitCode::SUCCESS
        }
        LexiconCommand::Info { source } => {
            let lexicon = load_lexicon(&source, Edition::HarryPotter)?;
            let dictionary = lexicon.dictionary();
            writeln!(
                out,
                "dictionary: {} words ({})",
                dictionary.len(),
                dictionary.origin()
            )?;
            if source.lexicon.is_none() {
                writeln!(
                    out,
                    "  {} longer words of the source list skipped (over 15 letters)",
                    lexicon::EMBEDDED_SKIPPED
                )?;
            }
            writeln!(
                out,
                "glossary: {} words from {} entries (embedded: SCRABBLE Harry Potter Edition rulebook)",
                lexicon.glossary_len(),
                lexicon.glossary_entries().len()
            )?;
            let mut union = 0usize;
            lexicon.for_each_word(|_| union += 1);
            writeln!(
                out,
                "playable in scrabble-hp: {union} words (dictionary plus glossary)"
            )?;
            writeln!(
                out,
                "word graph: {} entries of 8 bytes",
                lexicon.graph().len()
            )?;
            ExitCode::SUCCESS
        }
        LexiconCommand::Build {
            words,
            output: target,
            skip_invalid,
        } => {
            let compiled = Dictionary::load(&words, on_bad_line(skip_invalid))?;
            compiled
                .dictionary
                .save(&target)
                .with_context(|| format!("writing {}", target.display()))?;
            writeln!(
                out,
                "{}: {} words, {} lines skipped",
                target.display(),
                compiled.dictionary.len(),
                compiled.skipped
            )?;
            ExitCode::SUCCESS
        }
    };
    output::finish(out)?;
    Ok(code)
}
