//! Reading TOML data files so that every error names its key and its line: a file's text kept
//! beside what was read from it, and a key found again through the spans toml records.

use std::ops::Range as Span;

use serde::Serialize;
use serde::de::DeserializeOwned;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::ranges::{Range, check_ranges};
use super::{DataError, without_bom};

/// One step of a key's path: a table's key or a list's entry (counted from 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A key of a table.
    Key(String),
    /// An entry of a list.
    Entry(usize),
}

/// A key's path as a file writes it: `houses.gryffindor.opening_cards`, `space[3].rent[0]`.
pub fn path_text(path: &[Step]) -> String {
    let mut text = String::new();
    for step in path {
        match step {
            Step::Key(key) if text.is_empty() => text.push_str(key),
            Step::Key(key) => {
                text.push('.');
                text.push_str(key);
            }
            Step::Entry(index) => text.push_str(&format!("[{index}]")),
        }
    }
    text
}

/// A data file's text and the name its errors give it.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    text: &'a str,
    file: &'a str,
    /// Whether errors give a line and column: a one-line setting (`--set`) has no lines to
    /// speak of.
    has_lines: bool,
}

impl<'a> Source<'a> {
    /// A file's text (a leading byte-order mark is ignored) and its name.
    pub fn new(text: &'a str, file: &'a str) -> Source<'a> {
        Source {
            text: without_bom(text),
            file,
            has_lines: true,
        }
    }

    /// A setting typed on the command line (`--set key=value` as `key = value`), named by
    /// `name`; its errors name the key, not a line.
    pub fn setting(text: &'a str, name: &'a str) -> Source<'a> {
        Source {
            has_lines: false,
            ..Source::new(text, name)
        }
    }

    /// The text.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The name errors give the file.
    pub fn file(&self) -> &'a str {
        self.file
    }

    /// The document with the span of every key and value.
    pub fn document(&self) -> Result<Spanned<DeTable<'a>>, DataError> {
        DeTable::parse(self.text).map_err(|error| self.toml_error(&error))
    }

    /// An error about the key at `path`, placed where the text writes that key (about the
    /// whole file if it does not).
    pub fn at_key(&self, path: &[Step], message: impl Into<String>) -> DataError {
        let span = DeTable::parse(self.text)
            .ok()
            .and_then(|document| span_of(document.get_ref(), path));
        match span {
            Some(span) => self.at_offset(span.start, message),
            None => DataError::whole(self.file, message),
        }
    }

    /// The error for the unknown key at `path`, listing the `known` keys in order.
    pub fn unknown_key(&self, path: &[Step], mut known: Vec<&str>) -> DataError {
        known.sort_unstable();
        let key = path_text(path);
        let message = format!("unknown key `{key}`; expected one of: {}", known.join(", "));
        DataError {
            unknown_key: Some(key),
            ..self.at_key(path, message)
        }
    }

    /// A TOML error, placed at its span and naming the key written there.
    pub fn toml_error(&self, error: &toml::de::Error) -> DataError {
        let message = error.message().trim_end();
        let Some(span) = error.span() else {
            return DataError::whole(self.file, message);
        };
        let message = match self.path_at(span.start) {
            Some(path) if !path.is_empty() => format!("{}: {message}", path_text(&path)),
            _ => message.to_string(),
        };
        self.at_offset(span.start, message)
    }

    /// The path of the innermost key or value written at byte `offset`.
    fn path_at(&self, offset: usize) -> Option<Vec<Step>> {
        let document = DeTable::parse(self.text).ok()?;
        let mut path = Vec::new();
        path_in_table(document.get_ref(), offset, &mut path).then_some(path)
    }

    fn at_offset(&self, offset: usize, message: impl Into<String>) -> DataError {
        if !self.has_lines {
            return DataError::whole(self.file, message);
        }
        let before = &self.text[..floor_char_boundary(self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
        DataError::at(self.file, line, column, message)
    }
}

/// The largest char boundary of `text` at or before `offset`.
fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Where `path` is written: its last key, or its last list entry.
fn span_of(table: &DeTable, path: &[Step]) -> Option<Span<usize>> {
    let (Step::Key(name), rest) = path.split_first()? else {
        return None;
    };
    let (key, value) = table.iter().find(|(key, _)| key.get_ref() == name)?;
    if rest.is_empty() {
        return Some(key.span());
    }
    span_in_value(value, rest)
}

fn span_in_value(value: &Spanned<DeValue>, path: &[Step]) -> Option<Span<usize>> {
    match (value.get_ref(), path.first()?) {
        (DeValue::Table(table), Step::Key(_)) => span_of(table, path),
        (DeValue::Array(items), Step::Entry(index)) => {
            let item = items.get(*index)?;
            match &path[1..] {
                [] => Some(item.span()),
                rest => span_in_value(item, rest),
            }
        }
        _ => None,
    }
}

/// Pushes onto `path` the innermost key or value of `table` written at `offset`; whether
/// one is.
fn path_in_table(table: &DeTable, offset: usize, path: &mut Vec<Step>) -> bool {
    for (key, value) in table.iter() {
        path.push(Step::Key(key.get_ref().to_string()));
        if key.span().contains(&offset) || path_in_value(value, offset, path) {
            return true;
        }
        path.pop();
    }
    false
}

fn path_in_value(value: &Spanned<DeValue>, offset: usize, path: &mut Vec<Step>) -> bool {
    let inner = match value.get_ref() {
        DeValue::Table(table) => path_in_table(table, offset, path),
        DeValue::Array(items) => items.iter().enumerate().any(|(index, item)| {
            path.push(Step::Entry(index));
            let found = path_in_value(item, offset, path);
            if !found {
                path.pop();
            }
            found
        }),
        _ => false,
    };
    inner || value.span().contains(&offset)
}

/// Reads a whole data file: each number within its range (the first of `ranges` whose key
/// matches), then the typed values.
pub fn parse_toml<T: DeserializeOwned>(source: Source, ranges: &[Range]) -> Result<T, DataError> {
    check_ranges(source.document()?.get_ref(), ranges, source)?;
    toml::from_str(source.text).map_err(|error| source.toml_error(&error))
}

/// The keys a partial document names, as a table, each number checked against `ranges`.
pub fn read_table(source: Source, ranges: &[Range]) -> Result<toml::Table, DataError> {
    parse_toml(source, ranges)
}

/// Applies a partial document (`overlay`, read from `source`) to a full set of values: each
/// key it names must exist, tables merge key by key, and the result must still have the
/// right types.
///
/// This is how `--rules FILE` and `--set key=value` rebalance a game without restating
/// every value.
pub fn overlay_toml<T>(base: &T, overlay: toml::Table, source: Source) -> Result<T, DataError>
where
    T: Serialize + DeserializeOwned,
{
    let mut merged = toml::Table::try_from(base)
        .map_err(|error| DataError::whole(source.file, error.to_string()))?;
    merge_table(&mut merged, overlay, &mut Vec::new(), source)?;
    // Read back through text, so that a wrong type has a span to find its key by.
    let text = toml::to_string(&merged)
        .map_err(|error| DataError::whole(source.file, error.to_string()))?;
    toml::from_str(&text).map_err(|error| {
        let message = error.message().trim_end();
        let written = Source::new(&text, source.file);
        match error.span().and_then(|span| written.path_at(span.start)) {
            Some(path) if !path.is_empty() => {
                source.at_key(&path, format!("{}: {message}", path_text(&path)))
            }
            _ => DataError::whole(source.file, message),
        }
    })
}

fn merge_table(
    base: &mut toml::Table,
    overlay: toml::Table,
    path: &mut Vec<Step>,
    source: Source,
) -> Result<(), DataError> {
    for (key, value) in overlay {
        path.push(Step::Key(key.clone()));
        match (base.get_mut(&key), value) {
            (Some(toml::Value::Table(inner)), toml::Value::Table(more)) => {
                merge_table(inner, more, path, source)?
            }
            (Some(slot), value) => *slot = value,
            (None, _) => {
                return Err(source.unknown_key(path, base.keys().map(String::as_str).collect()));
            }
        }
        path.pop();
    }
    Ok(())
}

/// A game's numbers file (rules.toml): read whole, or rebalanced by a partial document, each
/// number within its range and the whole checked by the game's own rules.
pub trait NumbersFile: Serialize + DeserializeOwned {
    /// The range of every number the file may hold.
    const RANGES: &'static [Range];

    /// Checks what the numbers allow together (each alone is within its range); by default
    /// nothing more.
    fn validate(self, _file: &str) -> Result<Self, DataError> {
        Ok(self)
    }

    /// Reads a full file.
    fn parse(text: &str, file: &str) -> Result<Self, DataError> {
        parse_toml::<Self>(Source::new(text, file), Self::RANGES)?.validate(file)
    }

    /// These numbers with the keys a partial document names replaced.
    fn overlay(&self, text: &str, file: &str) -> Result<Self, DataError> {
        self.overlay_from(Source::new(text, file))
    }

    /// [`NumbersFile::overlay`] from a source (a file, or a setting).
    fn overlay_from(&self, source: Source) -> Result<Self, DataError> {
        self.overlay_table(read_table(source, Self::RANGES)?, source)
    }

    /// These numbers with the keys of `table`, already read from `source` with its ranges
    /// checked, replaced.
    fn overlay_table(&self, table: toml::Table, source: Source) -> Result<Self, DataError> {
        overlay_toml(self, table, source)?.validate(source.file())
    }
}

/// Turns a TOML error about `text` into a data error at its line and column, naming the key
/// written there.
pub fn toml_error(text: &str, file: &str, error: &toml::de::Error) -> DataError {
    Source::new(text, file).toml_error(error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Sample {
        bonus: i32,
        house: House,
    }

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct House {
        tiles: u8,
        name: String,
        #[serde(default)]
        crests: Vec<u8>,
    }

    fn base() -> Sample {
        Sample {
            bonus: 50,
            house: House {
                tiles: 8,
                name: "Ravenclaw".into(),
                crests: vec![1, 2],
            },
        }
    }

    fn overlaid(text: &str) -> Result<Sample, String> {
        let source = Source::new(text, "x.toml");
        let table = read_table(source, &[]).map_err(|e| e.to_string())?;
        overlay_toml(&base(), table, source).map_err(|e| e.to_string())
    }

    #[test]
    fn an_overlay_changes_only_the_keys_it_names() {
        let changed = overlaid("house.tiles = 9\n").unwrap();
        assert_eq!(changed.house.tiles, 9);
        assert_eq!(
            changed,
            Sample {
                house: House {
                    tiles: 9,
                    ..base().house
                },
                ..base()
            }
        );
    }

    #[test]
    fn an_overlay_error_names_the_key_and_its_line() {
        assert_eq!(
            overlaid("bonus = 1\nhouse.tile = 9\n").unwrap_err(),
            "x.toml: line 2, column 7: unknown key `house.tile`; expected one of: crests, \
             name, tiles"
        );
        // A key that begins like another is not mistaken for it.
        assert_eq!(
            overlaid("bonus = 1\nbonus_x = 2\n").unwrap_err(),
            "x.toml: line 2, column 1: unknown key `bonus_x`; expected one of: bonus, house"
        );
        assert_eq!(
            overlaid("bonus = 1\n[house]\ntiles = \"seven\"\n").unwrap_err(),
            "x.toml: line 3, column 1: house.tiles: invalid type: string \"seven\", expected u8"
        );
        assert_eq!(
            overlaid("house.crests = [1, \"x\"]").unwrap_err(),
            "x.toml: line 1, column 20: house.crests[1]: invalid type: string \"x\", expected u8"
        );
        assert!(
            overlaid("bonus = \n")
                .unwrap_err()
                .starts_with("x.toml: line 1")
        );
    }

    #[test]
    fn a_whole_file_error_names_the_key_and_its_line() {
        let source = Source::new(
            "bonus = 5\n\n[house]\ntiles = 300\nname = \"R\"\n",
            "y.toml",
        );
        let error = parse_toml::<Sample>(source, &[]).unwrap_err().to_string();
        assert!(
            error.starts_with("y.toml: line 4, column 9: house.tiles: "),
            "{error}"
        );
    }

    #[test]
    fn a_byte_order_mark_is_ignored_and_lines_still_count_from_the_top() {
        let text = "\u{feff}bonus = 5\n[house]\ntiles = 3\nname = \"R\"\nextra = 1\n";
        let error = parse_toml::<Sample>(Source::new(text, "z.toml"), &[])
            .unwrap_err()
            .to_string();
        assert!(error.starts_with("z.toml: line 5, column 1: "), "{error}");
        let read: Sample =
            parse_toml(Source::new(&text.replace("extra = 1\n", ""), "z"), &[]).unwrap();
        assert_eq!(read.bonus, 5);
    }

    #[test]
    fn a_setting_names_its_key_without_a_line() {
        let source = Source::setting("house.tile = 9", "--set house.tile=9");
        let table = read_table(source, &[]).unwrap();
        assert_eq!(
            overlay_toml(&base(), table, source)
                .unwrap_err()
                .to_string(),
            "--set house.tile=9: unknown key `house.tile`; expected one of: crests, name, tiles"
        );
    }
}
