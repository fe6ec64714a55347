//! Plain word lists: one word a line, any case, turned into sorted upper-case playable words.
//!
//! This file is also compiled into the build script (which embeds the default dictionary),
//! so it depends on nothing but `std` and `thiserror`.

use std::fmt;

/// The longest playable word: the board is 15 squares wide.
pub const MAX_WORD_LEN: usize = 15;
/// The shortest playable word.
pub const MIN_WORD_LEN: usize = 2;

/// Why one line of a word list is not a playable word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineProblem {
    /// The line holds a character that is not a letter A-Z.
    NotALetter(char),
    /// The word has more letters than fit on the board.
    TooLong(usize),
    /// A one-letter word cannot be played.
    TooShort,
}

impl fmt::Display for LineProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineProblem::NotALetter(c) => write!(f, "{c:?} is not a letter A-Z"),
            LineProblem::TooLong(n) => write!(f, "{n} letters, more than {MAX_WORD_LEN}"),
            LineProblem::TooShort => write!(f, "fewer than {MIN_WORD_LEN} letters"),
        }
    }
}

/// A line of a word list that could not be read as a word.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {text:?}: {problem}")]
pub struct BadLine {
    /// 1-based line number.
    pub line: usize,
    /// The offending text, trimmed.
    pub text: String,
    /// What is wrong with it.
    pub problem: LineProblem,
}

/// What to do with lines that are not playable words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnBadLine {
    /// Stop at the first bad line.
    Fail,
    /// Count bad lines and go on.
    Skip,
}

/// The words read from a list, and how many lines were passed over.
#[derive(Debug, Clone, Default)]
pub struct ParsedList {
    /// Upper-case words, sorted and deduplicated.
    pub words: Vec<String>,
    /// Lines skipped as not playable (only with [`OnBadLine::Skip`]).
    pub skipped: usize,
}

/// Checks one trimmed line and returns it in upper case.
pub fn normalize_word(text: &str) -> Result<String, LineProblem> {
    if let Some(c) = text.chars().find(|c| !c.is_ascii_alphabetic()) {
        return Err(LineProblem::NotALetter(c));
    }
    match text.len() {
        n if n > MAX_WORD_LEN => Err(LineProblem::TooLong(n)),
        n if n < MIN_WORD_LEN => Err(LineProblem::TooShort),
        _ => Ok(text.to_ascii_uppercase()),
    }
}

/// Reads a word list: blank lines and lines starting with `#` are ignored.
pub fn parse_word_list(text: &str, on_bad: OnBadLine) -> Result<ParsedList, BadLine> {
    let mut parsed = ParsedList::default();
    for (index, raw) in text.lines().enumerate() {
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        match normalize_word(trimmed) {
            Ok(word) => parsed.words.push(word),
            Err(_) if on_bad == OnBadLine::Skip => parsed.skipped += 1,
            Err(problem) => {
                return Err(BadLine {
                    line: index + 1,
                    text: trimmed.to_string(),
                    problem,
                });
            }
        }
    }
    parsed.words.sort_unstable();
    parsed.words.dedup();
    Ok(parsed)
}
