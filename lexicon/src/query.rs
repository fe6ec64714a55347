//! Anagram and pattern queries over a word graph, with `?` standing for a blank.

use crate::graph::{NodeId, WordGraph};
use crate::wordlist::MAX_WORD_LEN;

/// Why a query string cannot be searched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// The query holds something other than letters and `?`.
    #[error("{query:?}: {found:?} is not a letter A-Z or '?'")]
    BadCharacter {
        /// The query as given.
        query: String,
        /// The first character that is neither.
        found: char,
    },
    /// The query holds no letters at all.
    #[error("an empty query: expected 1 to {MAX_WORD_LEN} letters or '?'")]
    Empty,
    /// The query is longer than a word can be.
    #[error("{query:?}: {len} characters, at most {MAX_WORD_LEN}")]
    TooLong {
        /// The query as given.
        query: String,
        /// Its length.
        len: usize,
    },
}

/// A query split into letter counts and blanks, or its position-by-position pattern.
fn parse(query: &str) -> Result<Vec<Option<u8>>, QueryError> {
    let len = query.chars().count();
    if len == 0 {
        return Err(QueryError::Empty);
    }
    if len > MAX_WORD_LEN {
        return Err(QueryError::TooLong {
            query: query.to_string(),
            len,
        });
    }
    query
        .chars()
        .map(|c| match c {
            '?' => Ok(None),
            c if c.is_ascii_alphabetic() => Ok(Some(c.to_ascii_uppercase() as u8 - b'A')),
            found => Err(QueryError::BadCharacter {
                query: query.to_string(),
                found,
            }),
        })
        .collect()
}

/// Every word that the rack's tiles can spell, each once, longest first then alphabetical.
///
/// A blank (`?`) is used only where the rack lacks the letter; its letter is shown in lower case.
pub fn anagrams(graph: &WordGraph, rack: &str) -> Result<Vec<String>, QueryError> {
    let mut counts = [0u8; 26];
    let mut blanks = 0u8;
    for tile in parse(rack)? {
        match tile {
            Some(letter) => counts[letter as usize] += 1,
            None => blanks += 1,
        }
    }
    Ok(anagrams_of(graph, counts, blanks))
}

/// As [`anagrams`], for tiles given as counts of each letter and of blanks: as many as they
/// are (a hand of cards may hold more than a word has letters).
pub fn anagrams_of(graph: &WordGraph, counts: [u8; 26], blanks: u8) -> Vec<String> {
    let mut found = Vec::new();
    for_each_anagram_of(graph, counts, blanks, |word| {
        found.push(String::from_utf8(word.to_vec()).expect("ASCII letters"));
    });
    // The walk finds words in alphabetical order (each node's letters in turn, a word before
    // its extensions): a stable sort by length alone keeps that order within each length.
    found.sort_by_key(|word| std::cmp::Reverse(word.len()));
    found
}

/// Offers `visit` each word of two letters or more the tiles with these counts can spell, in
/// alphabetical order, as ASCII letters (a blank's in lower case, used only where the tiles
/// lack the letter); nothing is allocated per word.
pub fn for_each_anagram_of(
    graph: &WordGraph,
    counts: [u8; 26],
    blanks: u8,
    visit: impl FnMut(&[u8]),
) {
    for_each_anagram_up_to(graph, counts, blanks, MAX_WORD_LEN, visit);
}

/// As [`for_each_anagram_of`], only the words of at most `longest` letters: the walk goes no
/// deeper.
pub fn for_each_anagram_up_to(
    graph: &WordGraph,
    mut counts: [u8; 26],
    mut blanks: u8,
    longest: usize,
    mut visit: impl FnMut(&[u8]),
) {
    let mut word = Vec::with_capacity(MAX_WORD_LEN);
    let root = graph.root();
    let mut walk = Anagrams {
        graph,
        counts: &mut counts,
        blanks: &mut blanks,
        word: &mut word,
        longest,
    };
    walk.from(root, &mut visit);
}

/// An anagram walk's state: the tiles left, the word so far, how long a word may grow.
struct Anagrams<'a> {
    graph: &'a WordGraph,
    counts: &'a mut [u8; 26],
    blanks: &'a mut u8,
    word: &'a mut Vec<u8>,
    longest: usize,
}

impl Anagrams<'_> {
    fn from(&mut self, node: NodeId, visit: &mut impl FnMut(&[u8])) {
        let graph = self.graph;
        for letter in graph.letters(node).iter() {
            let child = graph
                .child(node, letter)
                .expect("letter is in the node's set");
            let shown = if self.counts[letter as usize] > 0 {
                self.counts[letter as usize] -= 1;
                b'A' + letter
            } else if *self.blanks > 0 {
                *self.blanks -= 1;
                b'a' + letter
            } else {
                continue;
            };
            self.word.push(shown);
            if graph.is_word(child) && self.word.len() >= 2 {
                visit(self.word);
            }
            if self.word.len() < self.longest {
                self.from(child, visit);
            }
            self.word.pop();
            if shown.is_ascii_uppercase() {
                self.counts[letter as usize] += 1;
            } else {
                *self.blanks += 1;
            }
        }
    }
}

/// Every word matching a pattern letter for letter, `?` matching any letter, alphabetical.
pub fn pattern_matches(graph: &WordGraph, pattern: &str) -> Result<Vec<String>, QueryError> {
    let pattern = parse(pattern)?;
    let mut found = Vec::new();
    let mut word = Vec::with_capacity(pattern.len());
    pattern_walk(graph, graph.root(), &pattern, &mut word, &mut found);
    Ok(found)
}

fn pattern_walk(
    graph: &WordGraph,
    node: NodeId,
    pattern: &[Option<u8>],
    word: &mut Vec<u8>,
    found: &mut Vec<String>,
) {
    let Some((&slot, rest)) = pattern.split_first() else {
        if graph.is_word(node) {
            found.push(String::from_utf8(word.clone()).expect("ASCII letters"));
        }
        return;
    };
    for letter in graph.letters(node).iter() {
        if slot.is_some_and(|wanted| wanted != letter) {
            continue;
        }
        let child = graph
            .child(node, letter)
            .expect("letter is in the node's set");
        word.push(b'A' + letter);
        pattern_walk(graph, child, rest, word, found);
        word.pop();
    }
}
