//! Errors in the data files that rebalance a game: which file, where, and what was expected.

use std::fmt;

/// A place in a data file: 1-based line and column (column 0 when the whole line is meant).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, or 0 for the whole line.
    pub column: usize,
}

/// The most points, either way, one number of a crossword game's data may be worth (a bonus,
/// a card's points): room for any rebalancing, and little enough that a move's score in the
/// bots' hundredths of a point, and a game's sums, stay far inside 32 bits.
pub const MOST_POINTS: i32 = 100_000;

/// Checks that the points number `key` is within [`MOST_POINTS`] either way.
pub fn check_points(file: &str, key: &str, points: i32) -> Result<(), DataError> {
    if points.abs() > MOST_POINTS {
        return Err(DataError::whole(
            file,
            format!("{key}: expected -{MOST_POINTS} to {MOST_POINTS}, found {points}"),
        ));
    }
    Ok(())
}

/// A data file that could not be read as the game needs it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct DataError {
    /// The file's name as the user gave it (or `embedded board.txt`).
    pub file: String,
    /// Where in the file, if the problem has a place.
    pub place: Option<Place>,
    /// What was expected and what was found.
    pub message: String,
}

impl DataError {
    /// An error at a line and column of a file.
    pub fn at(file: &str, line: usize, column: usize, message: impl Into<String>) -> Self {
        DataError {
            file: file.to_string(),
            place: Some(Place { line, column }),
            message: message.into(),
        }
    }

    /// An error about the file as a whole.
    pub fn whole(file: &str, message: impl Into<String>) -> Self {
        DataError {
            file: file.to_string(),
            place: None,
            message: message.into(),
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

/// Applies a partial TOML document to a full set of values: each key it names must exist,
/// tables merge key by key, and the result must still have the right types.
///
/// This is how `--rules FILE` and `--param key=value` rebalance a game without restating
/// every value.
pub fn overlay_toml<T>(base: &T, text: &str, file: &str) -> Result<T, DataError>
where
    T: serde::Serialize + serde::de::DeserializeOwned,
{
    let overlay: toml::Table =
        toml::from_str(text).map_err(|error| toml_error(text, file, &error))?;
    let mut merged =
        toml::Table::try_from(base).map_err(|error| DataError::whole(file, error.to_string()))?;
    merge_table(&mut merged, overlay, "", text, file)?;
    T::deserialize(toml::Value::Table(merged))
        .map_err(|error| DataError::whole(file, error.message().to_string()))
}

fn merge_table(
    base: &mut toml::Table,
    overlay: toml::Table,
    prefix: &str,
    text: &str,
    file: &str,
) -> Result<(), DataError> {
    for (key, value) in overlay {
        let path = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match (base.get_mut(&key), value) {
            (Some(toml::Value::Table(inner)), toml::Value::Table(more)) => {
                merge_table(inner, more, &path, text, file)?
            }
            (Some(slot), value) => *slot = value,
            (None, _) => {
                let known = base.keys().map(String::as_str).collect();
                return Err(unknown_key(file, text, (&path, &key), known));
            }
        }
    }
    Ok(())
}

/// The error for the unknown key `path` (its last part `key`) of `text`, at the first line
/// naming it, listing the `known` keys in order.
pub fn unknown_key(
    file: &str,
    text: &str,
    (path, key): (&str, &str),
    mut known: Vec<&str>,
) -> DataError {
    known.sort_unstable();
    let names_it = |line: &str| {
        let line = line.trim_start();
        line.starts_with(path) || line.starts_with(key)
    };
    let message = format!(
        "unknown key `{path}`; expected one of: {}",
        known.join(", ")
    );
    match text.lines().position(names_it) {
        Some(at) => DataError::at(file, at + 1, 0, message),
        None => DataError::whole(file, message),
    }
}

/// Turns a TOML error into a data error at its line and column.
pub fn toml_error(text: &str, file: &str, error: &toml::de::Error) -> DataError {
    let message = error.message().to_string();
    match error.span() {
        Some(span) => {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
            DataError::at(file, line, column, message)
        }
        None => DataError::whole(file, message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Sample {
        bonus: i32,
        house: House,
    }

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct House {
        tiles: u8,
        name: String,
    }

    #[test]
    fn an_overlay_changes_only_the_keys_it_names() {
        let base = Sample {
            bonus: 50,
            house: House {
                tiles: 8,
                name: "Ravenclaw".into(),
            },
        };
        let changed = overlay_toml(&base, "house.tiles = 9\n", "p").unwrap();
        assert_eq!(
            changed,
            Sample {
                bonus: 50,
                house: House {
                    tiles: 9,
                    name: "Ravenclaw".into()
                }
            }
        );
        let error = overlay_toml(&base, "bonus = 1\nhouse.tile = 9\n", "x.toml").unwrap_err();
        assert_eq!(
            error.to_string(),
            "x.toml: line 2: unknown key `house.tile`; expected one of: name, tiles"
        );
        let error = overlay_toml(&base, "bonus = \"many\"\n", "x.toml").unwrap_err();
        assert!(error.to_string().contains("invalid type"), "{error}");
        let error = overlay_toml(&base, "bonus = \n", "x.toml").unwrap_err();
        assert!(error.to_string().starts_with("x.toml: line 1"), "{error}");
    }
}
