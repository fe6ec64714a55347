//! Owlery's lexicon: the dictionary, the Harry Potter Glossary, and the word graph that the
//! move generators walk.
//!
//! A [`Lexicon`] is built once per process and shared read-only by every game: the plain
//! crossword and card games play the dictionary alone; the Harry Potter edition plays the
//! dictionary plus the Glossary. A user word list replaces the dictionary, never the Glossary.

pub mod anagrams;
mod dictionary;
pub mod gaddag;
pub mod glossary;
pub mod graph;
pub mod query;
pub mod word_map;
pub mod wordlist;

use std::sync::OnceLock;

use fst::{IntoStreamer, Streamer};

pub use anagrams::AnagramGraph;
pub use dictionary::{
    Compiled, Dictionary, DictionaryError, EMBEDDED_ORIGIN, EMBEDDED_SKIPPED, EMBEDDED_WORDS,
};
pub use glossary::{EMBEDDED_GLOSSARY, GlossaryEntry, GlossaryLineError};
pub use graph::{EdgeTest, Edges, LetterSet, NodeId, SEPARATOR, Walker, WordGraph};
pub use query::QueryError;
pub use word_map::{CountsHasher, LetterCounts, WordMap, letter_counts};
pub use wordlist::{MAX_WORD_LEN, MIN_WORD_LEN, OnBadLine};

/// Which words a game accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Edition {
    /// The dictionary alone (the standard crossword game, the card game).
    Plain,
    /// The dictionary plus the Glossary (Scrabble: Harry Potter Edition).
    HarryPotter,
}

/// Why a lexicon could not be assembled.
#[derive(Debug, thiserror::Error)]
pub enum LexiconError {
    /// The dictionary file failed.
    #[error(transparent)]
    Dictionary(#[from] DictionaryError),
    /// The Glossary data breaks its rules (said in the message, so not also a source).
    #[error("glossary: {0}")]
    Glossary(GlossaryLineError),
    /// The words do not make a word graph.
    #[error(transparent)]
    Graph(#[from] graph::GraphError),
}

/// The words one game accepts, with the graphs its move generator walks.
#[derive(Debug)]
pub struct Lexicon {
    dictionary: Dictionary,
    glossary_entries: Vec<GlossaryEntry>,
    glossary: fst::Set<Vec<u8>>,
    edition: Edition,
    graph: WordGraph,
    gaddag: WordGraph,
    reversed_gaddag: OnceLock<WordGraph>,
    anagrams: OnceLock<AnagramGraph>,
    word_map: OnceLock<WordMap>,
    /// Distinct for every lexicon built in this process.
    id: u64,
}

/// The id of the next lexicon built.
static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl Lexicon {
    /// The embedded dictionary and Glossary for an edition.
    pub fn embedded(edition: Edition) -> Self {
        Lexicon::new(Dictionary::embedded(), edition).expect("the embedded data is tested")
    }

    /// A lexicon over the given dictionary and the embedded Glossary.
    pub fn new(dictionary: Dictionary, edition: Edition) -> Result<Self, LexiconError> {
        let glossary_entries =
            glossary::parse_glossary(EMBEDDED_GLOSSARY).map_err(LexiconError::Glossary)?;
        let glossary_words = glossary::glossary_words(&glossary_entries);
        let glossary =
            fst::Set::from_iter(&glossary_words).expect("glossary words are sorted and unique");
        let mut graph = dictionary.graph()?;
        let mut gaddag = dictionary.gaddag()?;
        if edition == Edition::HarryPotter {
            graph = graph.union(&WordGraph::from_fst(glossary.as_fst())?)?;
            gaddag = gaddag.union(&gaddag::build_gaddag(
                glossary_words.iter().map(String::as_bytes),
            )?)?;
        }
        Ok(Lexicon {
            dictionary,
            glossary_entries,
            glossary,
            edition,
            graph,
            gaddag,
            reversed_gaddag: OnceLock::new(),
            anagrams: OnceLock::new(),
            word_map: OnceLock::new(),
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        })
    }

    /// A number no other lexicon built in this process has: what lets a cache of answers
    /// about one lexicon tell it from another that may later sit at the same address.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Which words this lexicon accepts.
    pub fn edition(&self) -> Edition {
        self.edition
    }

    /// Whether the word (any case) is playable in this edition.
    pub fn contains(&self, word: &str) -> bool {
        let mut letters = Vec::with_capacity(MAX_WORD_LEN);
        graph::to_letters(word, &mut letters).is_some() && self.graph.contains_letters(&letters)
    }

    /// Whether the word (any case) is a Glossary word, which earns the Glossary bonus.
    ///
    /// Always false in the plain edition, whose rulebooks have no Glossary.
    pub fn is_glossary(&self, word: &str) -> bool {
        self.edition == Edition::HarryPotter && self.glossary.contains(word.to_ascii_uppercase())
    }

    /// The dictionary behind this lexicon.
    pub fn dictionary(&self) -> &Dictionary {
        &self.dictionary
    }

    /// The Glossary's entries as printed and as played.
    pub fn glossary_entries(&self) -> &[GlossaryEntry] {
        &self.glossary_entries
    }

    /// How many distinct Glossary words there are.
    pub fn glossary_len(&self) -> usize {
        self.glossary.len()
    }

    /// The playable words as a graph, read left to right.
    pub fn graph(&self) -> &WordGraph {
        &self.graph
    }

    /// The playable words as a GADDAG, for move generation from anchor squares.
    pub fn gaddag(&self) -> &WordGraph {
        &self.gaddag
    }

    /// Every playable word by its sorted letters, for "what can this rack spell?" (read from
    /// the build for the embedded dictionary, built for a user's list; on first use).
    pub fn anagram_graph(&self) -> &AnagramGraph {
        self.anagrams.get_or_init(|| {
            let dictionary = self
                .dictionary
                .anagram_graph()
                .expect("the dictionary's words are letters");
            match self.edition {
                Edition::Plain => dictionary,
                Edition::HarryPotter => {
                    let words = self.glossary.stream().into_bytes();
                    let glossary = AnagramGraph::build(words.iter().map(Vec::as_slice))
                        .expect("glossary words are letters");
                    dictionary.union(&glossary).expect("the union fits")
                }
            }
        })
    }

    /// The playable words of six letters or more by their letters, for plays of the whole
    /// rack or all but one tile (on first use).
    pub fn word_map(&self) -> &WordMap {
        self.word_map.get_or_init(|| {
            let dictionary = self.dictionary.word_map();
            match self.edition {
                Edition::Plain => dictionary,
                Edition::HarryPotter => {
                    // The Glossary's words the dictionary lacks, each word kept once.
                    let words = self.glossary.stream().into_bytes();
                    let new_words = words
                        .iter()
                        .filter(|word| !self.dictionary.set().contains(word))
                        .map(Vec::as_slice);
                    dictionary.with_more(WordMap::build(new_words))
                }
            }
        })
    }

    /// The GADDAG of the playable words spelled backwards: moves read right to left (Confundo).
    ///
    /// Read from the build for the embedded dictionary, built for a user's list; on first use.
    pub fn reversed_gaddag(&self) -> &WordGraph {
        self.reversed_gaddag.get_or_init(|| {
            let dictionary = self
                .dictionary
                .reversed_gaddag()
                .expect("the dictionary's words are letters");
            match self.edition {
                Edition::Plain => dictionary,
                Edition::HarryPotter => {
                    let mut words: Vec<Vec<u8>> = self.glossary.stream().into_bytes();
                    words.iter_mut().for_each(|word| word.reverse());
                    words.sort_unstable();
                    let glossary =
                        gaddag::build_gaddag(words.iter().map(Vec::as_slice)).expect("letters");
                    dictionary.union(&glossary).expect("the union fits")
                }
            }
        })
    }

    /// Calls `visit` with each playable word's upper-case bytes, in sorted order.
    pub fn for_each_word(&self, mut visit: impl FnMut(&[u8])) {
        let mut stream = match self.edition {
            Edition::Plain => self.dictionary.set().op().union(),
            Edition::HarryPotter => self.dictionary.set().op().add(&self.glossary).union(),
        };
        while let Some(word) = stream.next() {
            visit(word);
        }
    }

    /// Every playable word the rack can spell (`?` a blank), longest first.
    pub fn anagrams(&self, rack: &str) -> Result<Vec<String>, QueryError> {
        query::anagrams(&self.graph, rack)
    }

    /// Every playable word the tiles with these letter counts and blanks can spell, longest
    /// first: any number of tiles, where [`Lexicon::anagrams`] reads at most a word's length.
    pub fn anagrams_of(&self, counts: [u8; 26], blanks: u8) -> Vec<String> {
        query::anagrams_of(&self.graph, counts, blanks)
    }

    /// Offers `visit` each playable word the tiles with these letter counts and blanks can
    /// spell, alphabetical, as ASCII letters (a blank's in lower case): as
    /// [`Lexicon::anagrams_of`] without a string per word, for searches that build their own.
    pub fn for_each_anagram_of(&self, counts: [u8; 26], blanks: u8, visit: impl FnMut(&[u8])) {
        query::for_each_anagram_of(&self.graph, counts, blanks, visit);
    }

    /// As [`Lexicon::for_each_anagram_of`], only the words of at most `longest` letters (the
    /// search goes no deeper).
    pub fn for_each_anagram_up_to(
        &self,
        counts: [u8; 26],
        blanks: u8,
        longest: usize,
        visit: impl FnMut(&[u8]),
    ) {
        query::for_each_anagram_up_to(&self.graph, counts, blanks, longest, visit);
    }

    /// Every playable word matching the pattern (`?` any letter), alphabetical.
    pub fn pattern(&self, pattern: &str) -> Result<Vec<String>, QueryError> {
        query::pattern_matches(&self.graph, pattern)
    }

    /// Glossary words in alphabetical order.
    pub fn glossary_words(&self) -> Vec<String> {
        let mut stream = self.glossary.into_stream();
        let mut words = Vec::new();
        while let Some(word) = stream.next() {
            words.push(String::from_utf8_lossy(word).into_owned());
        }
        words
    }
}
