//! Forfeit's Action cards (engine/data/scrabble-cards/actions.toml): two categories a card,
//! each a test on a word with a plus and a minus value.

use serde::Deserialize;

use crate::data::{DataError, MOST_POINTS, Range, Source, array_table_lines, parse_toml};

/// What words a category takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Test {
    /// Words ending with these letters.
    EndsWith(String),
    /// Words starting with these letters.
    StartsWith(String),
    /// Words containing these letters in a row.
    Contains(String),
    /// Words starting with any one of these letters.
    StartsWithAny(String),
    /// Words of at least this many letters.
    MinLetters(usize),
    /// Words of exactly this many letters.
    Letters(usize),
    /// Words with the same letter twice in a row.
    DoubleLetter,
}

impl Test {
    /// Whether a word (upper case) passes.
    pub fn passes(&self, word: &str) -> bool {
        match self {
            Test::EndsWith(end) => word.ends_with(end.as_str()),
            Test::StartsWith(start) => word.starts_with(start.as_str()),
            Test::Contains(part) => word.contains(part.as_str()),
            Test::StartsWithAny(letters) => {
                word.chars().next().is_some_and(|c| letters.contains(c))
            }
            Test::MinLetters(n) => word.len() >= *n,
            Test::Letters(n) => word.len() == *n,
            Test::DoubleLetter => word.as_bytes().windows(2).any(|pair| pair[0] == pair[1]),
        }
    }
}

/// One category of an Action card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    /// Its name, as printed.
    pub name: String,
    /// Its test.
    pub test: Test,
    /// Points its holder gains on their own word.
    pub plus: i32,
    /// Points the word's player loses when an opponent plays it.
    pub minus: i32,
}

/// An Action card: two categories.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionCard {
    /// Its two categories.
    pub categories: [Category; 2],
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckFile {
    card: Vec<CardEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardEntry {
    first: CategoryEntry,
    second: CategoryEntry,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CategoryEntry {
    name: String,
    plus: i32,
    minus: i32,
    ends_with: Option<String>,
    starts_with: Option<String>,
    contains: Option<String>,
    starts_with_any: Option<String>,
    min_letters: Option<usize>,
    letters: Option<usize>,
    double_letter: Option<bool>,
}

fn read_category(entry: CategoryEntry) -> Result<Category, String> {
    let letters = |text: String| {
        let upper = text.to_ascii_uppercase();
        if upper.is_empty() || !upper.chars().all(|c| c.is_ascii_uppercase()) {
            Err(format!("{:?}: {text:?}: expected letters A-Z", entry.name))
        } else {
            Ok(upper)
        }
    };
    let mut tests = Vec::new();
    if let Some(text) = entry.ends_with {
        tests.push(Test::EndsWith(letters(text)?));
    }
    if let Some(text) = entry.starts_with {
        tests.push(Test::StartsWith(letters(text)?));
    }
    if let Some(text) = entry.contains {
        tests.push(Test::Contains(letters(text)?));
    }
    if let Some(text) = entry.starts_with_any {
        tests.push(Test::StartsWithAny(letters(text)?));
    }
    if let Some(n) = entry.min_letters {
        tests.push(Test::MinLetters(n));
    }
    if let Some(n) = entry.letters {
        tests.push(Test::Letters(n));
    }
    if entry.double_letter == Some(true) {
        tests.push(Test::DoubleLetter);
    }
    if tests.len() != 1 {
        return Err(format!(
            "{:?}: expected exactly one test (ends_with, starts_with, contains, starts_with_any, min_letters, letters or double_letter)",
            entry.name
        ));
    }
    if entry.plus < 0 || entry.minus < 0 {
        return Err(format!("{:?}: plus and minus are 0 or more", entry.name));
    }
    Ok(Category {
        name: entry.name,
        test: tests.remove(0),
        plus: entry.plus,
        minus: entry.minus,
    })
}

/// The range of every number an Action cards file may hold.
pub const ACTION_RANGES: [Range; 4] = [
    Range::new("card[].*.plus", 0, MOST_POINTS, "points"),
    Range::new("card[].*.minus", 0, MOST_POINTS, "points"),
    Range::new("card[].*.min_letters", 1, 30, "letters"),
    Range::new("card[].*.letters", 1, 30, "letters"),
];

/// Reads and checks the Action cards.
pub fn parse_actions(text: &str, file: &str) -> Result<Vec<ActionCard>, DataError> {
    let parsed: DeckFile = parse_toml(Source::new(text, file), &ACTION_RANGES)?;
    if parsed.card.is_empty() {
        return Err(DataError::whole(file, "no [[card]]: expected Action cards"));
    }
    let lines = array_table_lines(text, "card");
    parsed
        .card
        .into_iter()
        .enumerate()
        .map(|(index, entry)| {
            let at =
                |message| DataError::at(file, lines.get(index).copied().unwrap_or(0), 0, message);
            Ok(ActionCard {
                categories: [
                    read_category(entry.first).map_err(at)?,
                    read_category(entry.second).map_err(at)?,
                ],
            })
        })
        .collect()
}

/// The default Action cards.
pub const DEFAULT_ACTIONS: &str = include_str!("../../data/scrabble-cards/actions.toml");

/// The standard 16 Action cards.
pub fn standard_actions() -> Vec<ActionCard> {
    parse_actions(DEFAULT_ACTIONS, "embedded scrabble-cards/actions.toml")
        .expect("the embedded Action cards are valid")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_cards_read_and_test_words() {
        let cards = standard_actions();
        assert_eq!(cards.len(), 16);
        let [ends_in_s, within] = &cards[0].categories;
        assert_eq!((ends_in_s.plus, ends_in_s.minus), (10, 5));
        assert!(ends_in_s.test.passes("STRAINERS") && within.test.passes("STRAINERS"));
        assert!(!ends_in_s.test.passes("TRAIN"));
        let double = &cards[7].categories[0];
        assert!(double.test.passes("BOOK") && !double.test.passes("BOK"));
        let bad = DEFAULT_ACTIONS.replacen("ends_with = \"S\", ", "", 1);
        let error = parse_actions(&bad, "a.toml").unwrap_err().to_string();
        assert!(
            error.starts_with("a.toml: line 10:") && error.contains("exactly one test"),
            "{error}"
        );
    }
}
