//! Errors in the data files that rebalance a game: which file, where, and what was expected.

use std::fmt;

pub mod ranges;
pub mod toml_text;

pub use ranges::{Range, check_ranges};
pub use toml_text::{
    NumbersFile, Source, Step, overlay_toml, parse_toml, path_text, read_table, toml_error,
};

/// A place in a data file: 1-based line and column (column 0 when the whole line is meant).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, or 0 for the whole line.
    pub column: usize,
}

/// The most points, either way, one amount of any game's data may be (a bonus, a card's
/// points, a rent, a price), the end of those numbers' ranges: room for any rebalancing, and
/// little enough that a move's score in the bots' hundredths of a point, and a game's sums,
/// stay far inside 32 bits.
pub const MOST_POINTS: i64 = 100_000;

/// A data file that could not be read as the game needs it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct DataError {
    /// The file's name as the user gave it (or `embedded board.txt`).
    pub file: String,
    /// Where in the file, if the problem has a place.
    pub place: Option<Place>,
    /// What was expected and what was found.
    pub message: String,
    /// Where the error is a key no data file of its kind holds, that key's path.
    pub unknown_key: Option<String>,
}

impl DataError {
    /// An error at a line and column of a file.
    pub fn at(file: &str, line: usize, column: usize, message: impl Into<String>) -> Self {
        DataError {
            file: file.to_string(),
            place: Some(Place { line, column }),
            message: message.into(),
            unknown_key: None,
        }
    }

    /// An error about the file as a whole.
    pub fn whole(file: &str, message: impl Into<String>) -> Self {
        DataError {
            file: file.to_string(),
            place: None,
            message: message.into(),
            unknown_key: None,
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            Some(Place { line, column: 0 }) => {
                write!(f, "{}: line {line}: {}", self.file, self.message)
            }
            Some(Place { line, column }) => {
                write!(
                    f,
                    "{}: line {line}, column {column}: {}",
                    self.file, self.message
                )
            }
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

/// The meaningful lines of a data file: 1-based number and text, skipping blanks and `#` comments.
pub fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim_end()))
        .filter(|(_, line)| {
            let trimmed = line.trim_start();
            !trimmed.is_empty() && !trimmed.starts_with('#')
        })
}

/// The 1-based lines where each `[[name]]` table of an array starts, in order: where an error
/// about the Nth entry points.
pub fn array_table_lines(text: &str, name: &str) -> Vec<usize> {
    let header = format!("[[{name}]]");
    text.lines()
        .enumerate()
        .filter(|(_, line)| line.trim() == header)
        .map(|(number, _)| number + 1)
        .collect()
}

/// The text of a data file without a leading byte-order mark, which some editors write and
/// which no format of Owlery's gives a meaning to.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}
