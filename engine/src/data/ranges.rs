//! The range each number of a data file may take. Every number a designer can write has one,
//! wide enough for any rebalancing a game can play and narrow enough that no value makes a
//! game hang, exhaust memory or overflow; a value outside it is refused where it is written.

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::DataError;
use super::toml_text::{Source, Step, path_text};

/// A key, or a pattern of keys, and the whole numbers it may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    /// The key's path: `*` stands for any one key, and `[]` after a key for any entry of its
    /// list (`cards.*.count`, `space[].rent[]`).
    pub key: &'static str,
    /// The least value.
    pub least: i64,
    /// The greatest value.
    pub most: i64,
    /// What the number counts, for the error.
    pub what: &'static str,
}

impl Range {
    /// The range `least..=most` of the key `key`, which counts `what`.
    pub const fn new(key: &'static str, least: i64, most: i64, what: &'static str) -> Range {
        Range {
            key,
            least,
            most,
            what,
        }
    }

    /// Whether this range's key is the path `path`.
    pub fn matches(&self, path: &[Step]) -> bool {
        let mut steps = path.iter();
        for part in self.key.split('.') {
            let (name, lists) = match part.find("[]") {
                Some(at) => (&part[..at], part[at..].len() / 2),
                None => (part, 0),
            };
            match steps.next() {
                Some(Step::Key(key)) if name == "*" || name == key => {}
                _ => return false,
            }
            for _ in 0..lists {
                if !matches!(steps.next(), Some(Step::Entry(_))) {
                    return false;
                }
            }
        }
        steps.next().is_none()
    }

    /// The error for `found` at `path`, or none if it is a whole number within the range.
    fn refusal(&self, path: &[Step], found: &DeValue) -> Option<String> {
        let key = path_text(path);
        let (least, most, what) = (self.least, self.most, self.what);
        let found = match found {
            DeValue::Integer(integer) => {
                match i128::from_str_radix(integer.as_str(), integer.radix()) {
                    Ok(value) if (i128::from(least)..=i128::from(most)).contains(&value) => {
                        return None;
                    }
                    Ok(value) => value.to_string(),
                    Err(_) => integer.as_str().to_string(),
                }
            }
            other => {
                let found = match other {
                    DeValue::String(text) => format!("the text {text:?}"),
                    DeValue::Float(number) => number.to_string(),
                    DeValue::Boolean(value) => value.to_string(),
                    DeValue::Datetime(date) => format!("the date {date}"),
                    DeValue::Array(_) => "a list".to_string(),
                    DeValue::Table(_) | DeValue::Integer(_) => "a table".to_string(),
                };
                return Some(format!(
                    "{key}: expected a whole number from {least} to {most} ({what}), found {found}"
                ));
            }
        };
        Some(format!(
            "{key}: expected {least} to {most} ({what}), found {found}"
        ))
    }
}

/// Checks every number of `document` (read from `source`) that one of `ranges` names: the
/// first error, at the key's line, names the key and the range.
pub fn check_ranges(document: &DeTable, ranges: &[Range], source: Source) -> Result<(), DataError> {
    let mut path = Vec::new();
    check_table(document, ranges, source, &mut path)
}

fn check_table(
    table: &DeTable,
    ranges: &[Range],
    source: Source,
    path: &mut Vec<Step>,
) -> Result<(), DataError> {
    for (key, value) in table.iter() {
        path.push(Step::Key(key.get_ref().to_string()));
        check_value(value, ranges, source, path)?;
        path.pop();
    }
    Ok(())
}

fn check_value(
    value: &Spanned<DeValue>,
    ranges: &[Range],
    source: Source,
    path: &mut Vec<Step>,
) -> Result<(), DataError> {
    if let Some(range) = ranges.iter().find(|range| range.matches(path)) {
        return match range.refusal(path, value.get_ref()) {
            Some(message) => Err(source.at_key(path, message)),
            None => Ok(()),
        };
    }
    match value.get_ref() {
        DeValue::Table(table) => check_table(table, ranges, source, path),
        DeValue::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                path.push(Step::Entry(index));
                check_value(item, ranges, source, path)?;
                path.pop();
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Every number `document` holds: its path and where its value is written. For the checks
/// that see every number of every shipped file bounded, and the soaks that change each.
pub fn numbers_in(document: &DeTable) -> Vec<(Vec<Step>, std::ops::Range<usize>)> {
    fn walk(
        value: &Spanned<DeValue>,
        path: &mut Vec<Step>,
        found: &mut Vec<(Vec<Step>, std::ops::Range<usize>)>,
    ) {
        match value.get_ref() {
            DeValue::Table(table) => {
                for (key, value) in table.iter() {
                    path.push(Step::Key(key.get_ref().to_string()));
                    walk(value, path, found);
                    path.pop();
                }
            }
            DeValue::Array(items) => {
                for (index, item) in items.iter().enumerate() {
                    path.push(Step::Entry(index));
                    walk(item, path, found);
                    path.pop();
                }
            }
            DeValue::Integer(_) | DeValue::Float(_) => found.push((path.clone(), value.span())),
            _ => {}
        }
    }
    let mut found = Vec::new();
    for (key, value) in document.iter() {
        let mut path = vec![Step::Key(key.get_ref().to_string())];
        walk(value, &mut path, &mut found);
    }
    found
}

/// The paths of the numbers of `document` that none of `ranges` names.
pub fn unbounded_numbers(document: &DeTable, ranges: &[Range]) -> Vec<String> {
    numbers_in(document)
        .into_iter()
        .filter(|(path, _)| !ranges.iter().any(|range| range.matches(path)))
        .map(|(path, _)| path_text(&path))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const RANGES: [Range; 3] = [
        Range::new("rack_size", 1, 15, "tiles on a rack"),
        Range::new("cards.*.count", 0, 100, "cards in the deck"),
        Range::new("space[].rent[]", 0, 1000, "points of rent"),
    ];

    fn check(text: &str) -> Result<(), String> {
        let source = Source::new(text, "r.toml");
        let document = source.document().map_err(|e| e.to_string())?;
        check_ranges(document.get_ref(), &RANGES, source).map_err(|e| e.to_string())
    }

    #[test]
    fn numbers_within_their_ranges_pass() {
        assert_eq!(check("rack_size = 15\n[cards.reparo]\ncount = 0\n"), Ok(()));
        assert_eq!(check("[[space]]\nrent = [0, 1000]\n"), Ok(()));
    }

    #[test]
    fn a_number_outside_its_range_is_refused_at_its_key_with_the_range() {
        assert_eq!(
            check("rack_size = 7\n[cards.reparo]\ncount = 2147483647\n"),
            Err(
                "r.toml: line 3, column 1: cards.reparo.count: expected 0 to 100 (cards in the \
                 deck), found 2147483647"
                    .into()
            )
        );
        for huge in [
            "18446744073709551615",
            "-9223372036854775809",
            "0x7fffffffffffffff",
        ] {
            let error = check(&format!("rack_size = {huge}")).unwrap_err();
            assert!(
                error.starts_with("r.toml: line 1, column 1: rack_size: expected 1 to 15"),
                "{error}"
            );
        }
        assert_eq!(
            check("[[space]]\n[[space]]\nrent = [5, -1]\n"),
            Err(
                "r.toml: line 3, column 12: space[1].rent[1]: expected 0 to 1000 (points of \
                 rent), found -1"
                    .into()
            )
        );
    }

    #[test]
    fn a_value_that_is_not_a_whole_number_is_refused_with_the_range() {
        assert_eq!(
            check("rack_size = \"seven\""),
            Err(
                "r.toml: line 1, column 1: rack_size: expected a whole number from 1 to 15 \
                 (tiles on a rack), found the text \"seven\""
                    .into()
            )
        );
        assert!(check("rack_size = 7.5").unwrap_err().ends_with("found 7.5"));
    }

    #[test]
    fn patterns_match_whole_paths_only() {
        let key = |name: &str| Step::Key(name.into());
        let range = Range::new("cards.*.count", 0, 1, "");
        assert!(range.matches(&[key("cards"), key("gemino"), key("count")]));
        assert!(!range.matches(&[key("cards"), key("count")]));
        assert!(!range.matches(&[key("cards"), key("gemino"), key("count"), key("x")]));
        let list = Range::new("space[].rent[]", 0, 1, "");
        assert!(list.matches(&[key("space"), Step::Entry(3), key("rent"), Step::Entry(0)]));
        assert!(!list.matches(&[key("space"), Step::Entry(3), key("rent")]));
    }
}
