//! A dictionary: a set of playable words in an fst, embedded, compiled from a list, or loaded.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use crate::anagrams::AnagramGraph;
use crate::gaddag::build_gaddag;
use crate::graph::{GraphError, WordGraph};
use crate::word_map::WordMap;
use crate::wordlist::{BadLine, OnBadLine, parse_word_list};

include!(concat!(env!("OUT_DIR"), "/dictionary_stats.rs"));

static EMBEDDED_FST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/dictionary.fst"));
/// Bytes aligned for reading as `u32`s in place.
#[repr(C, align(4))]
struct Aligned<Bytes: ?Sized>(Bytes);

static EMBEDDED_GADDAG: &Aligned<[u8]> = &Aligned(*include_bytes!(concat!(
    env!("OUT_DIR"),
    "/dictionary.gaddag"
)));
static EMBEDDED_ANAGRAMS: &Aligned<[u8]> = &Aligned(*include_bytes!(concat!(
    env!("OUT_DIR"),
    "/dictionary.anagrams"
)));
static EMBEDDED_GRAPH: &Aligned<[u8]> = &Aligned(*include_bytes!(concat!(
    env!("OUT_DIR"),
    "/dictionary.graph"
)));
/// Bytes aligned to a cache line, so the word map's filter blocks are each one line.
#[repr(C, align(64))]
struct LineAligned<Bytes: ?Sized>(Bytes);

static EMBEDDED_WORD_MAP: &LineAligned<[u8]> = &LineAligned(*include_bytes!(concat!(
    env!("OUT_DIR"),
    "/dictionary.wordmap"
)));
static EMBEDDED_REVERSED_GADDAG: &Aligned<[u8]> = &Aligned(*include_bytes!(concat!(
    env!("OUT_DIR"),
    "/dictionary.reversed.gaddag"
)));

/// Where the embedded dictionary came from.
pub const EMBEDDED_ORIGIN: &str =
    "embedded: npm word-list 4.1.0 (MIT, Sindre Sorhus), words of 2-15 letters";

/// The first bytes of a compiled `.lex` file; the number is the format's, raised whenever the
/// file's layout changes (3: each child's header in its parent's block; 4: the GADDAG's
/// checksum).
const MAGIC: &[u8] = b"owlery-lexicon 4\n";
/// The first bytes of a compiled `.lex` file of any format.
const MAGIC_PREFIX: &[u8] = b"owlery-lexicon ";

/// Why a dictionary could not be read, compiled or written.
#[derive(Debug, thiserror::Error)]
pub enum DictionaryError {
    /// The file could not be read or written.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the operating system said (in the message, so not also a source: an error
        /// chain would say it twice).
        error: std::io::Error,
    },
    /// A line of a word list is not a playable word.
    #[error(
        "{path}: {bad} (expected one word of 2-15 letters A-Z a line; --skip-invalid skips such lines)"
    )]
    BadLine {
        /// The word list.
        path: PathBuf,
        /// The line and what is wrong with it.
        bad: BadLine,
    },
    /// A word list holds no playable word.
    #[error("{path}: the word list holds no playable word")]
    Empty {
        /// The word list.
        path: PathBuf,
    },
    /// A compiled file is damaged.
    #[error("{path}: not a valid compiled lexicon: {reason}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What failed.
        reason: String,
    },
    /// A word list is not UTF-8 text.
    #[error("{path}: not a text file (expected UTF-8 words, one a line)")]
    NotText {
        /// The file.
        path: PathBuf,
    },
}

/// A set of playable words, upper case, 2-15 letters.
#[derive(Debug, Clone)]
pub struct Dictionary {
    set: fst::Set<Cow<'static, [u8]>>,
    origin: String,
    /// The GADDAG laid out at build time (embedded list), if it was.
    embedded_gaddag: Option<&'static [u8]>,
    /// The GADDAG laid out by `lexicon build`, if this came from a `.lex`.
    loaded_gaddag: Option<Vec<u8>>,
    /// The GADDAG of the words spelled backwards, laid out at build time for the embedded list.
    prebuilt_reversed_gaddag: Option<&'static [u8]>,
    /// The words by their sorted letters, laid out at build time for the embedded list.
    prebuilt_anagrams: Option<&'static [u8]>,
    /// The words left to right as a word graph, laid out at build time for the embedded list.
    prebuilt_graph: Option<&'static [u8]>,
    /// The words of six letters or more by their letters, laid out at build time for the
    /// embedded list.
    prebuilt_word_map: Option<&'static [u8]>,
}

/// A dictionary compiled from a word list, and how many lines it skipped.
#[derive(Debug)]
pub struct Compiled {
    /// The dictionary.
    pub dictionary: Dictionary,
    /// Lines skipped as unplayable (only when skipping was asked for).
    pub skipped: usize,
}

impl Dictionary {
    /// The dictionary compiled into the binary.
    pub fn embedded() -> Self {
        let set =
            fst::Set::new(Cow::Borrowed(EMBEDDED_FST)).expect("the build script wrote a valid fst");
        Dictionary {
            set,
            origin: EMBEDDED_ORIGIN.to_string(),
            embedded_gaddag: Some(&EMBEDDED_GADDAG.0),
            loaded_gaddag: None,
            prebuilt_reversed_gaddag: Some(&EMBEDDED_REVERSED_GADDAG.0),
            prebuilt_anagrams: Some(&EMBEDDED_ANAGRAMS.0),
            prebuilt_graph: Some(&EMBEDDED_GRAPH.0),
            prebuilt_word_map: Some(&EMBEDDED_WORD_MAP.0),
        }
    }

    /// Builds a dictionary from sorted, unique upper-case words.
    pub fn from_sorted_words<I, W>(words: I, origin: impl Into<String>) -> Self
    where
        I: IntoIterator<Item = W>,
        W: AsRef<[u8]>,
    {
        let set = fst::Set::from_iter(words).expect("words are sorted and unique");
        Dictionary {
            set: fst::Set::new(Cow::Owned(set.into_fst().into_inner())).expect("fresh fst"),
            origin: origin.into(),
            embedded_gaddag: None,
            loaded_gaddag: None,
            prebuilt_reversed_gaddag: None,
            prebuilt_anagrams: None,
            prebuilt_graph: None,
            prebuilt_word_map: None,
        }
    }

    /// Compiles a plain word list (one word a line, any case).
    pub fn compile_text(
        text: &str,
        path: &Path,
        on_bad: OnBadLine,
    ) -> Result<Compiled, DictionaryError> {
        let parsed = parse_word_list(text, on_bad).map_err(|bad| DictionaryError::BadLine {
            path: path.to_path_buf(),
            bad,
        })?;
        if parsed.words.is_empty() {
            return Err(DictionaryError::Empty {
                path: path.to_path_buf(),
            });
        }
        let origin = format!("word list {}", path.display());
        Ok(Compiled {
            dictionary: Dictionary::from_sorted_words(&parsed.words, origin),
            skipped: parsed.skipped,
        })
    }

    /// Reads a dictionary file: a compiled `.lex`, or else a plain word list compiled on the fly.
    pub fn load(path: &Path, on_bad: OnBadLine) -> Result<Compiled, DictionaryError> {
        let bytes = std::fs::read(path).map_err(|error| DictionaryError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        if let Some(body) = bytes.strip_prefix(MAGIC) {
            let corrupt = |reason: String| DictionaryError::Corrupt {
                path: path.to_path_buf(),
                reason,
            };
            let (length, rest) = body
                .split_at_checked(8)
                .ok_or_else(|| corrupt("truncated header".into()))?;
            let fst_len = u64::from_le_bytes(length.try_into().expect("8 bytes"));
            let fst_len = usize::try_from(fst_len)
                .map_err(|_| corrupt("word set length out of range".into()))?;
            let (fst_bytes, rest) = rest
                .split_at_checked(fst_len)
                .ok_or_else(|| corrupt("truncated word set".into()))?;
            // The fst checks its own bytes; the GADDAG's bounds check alone would let a
            // damaged byte through as other words.
            let (checksum, gaddag_bytes) = rest
                .split_at_checked(4)
                .ok_or_else(|| corrupt("truncated GADDAG".into()))?;
            let checksum = u32::from_le_bytes(checksum.try_into().expect("4 bytes"));
            if crc32fast::hash(gaddag_bytes) != checksum {
                return Err(corrupt("the GADDAG's checksum does not match".into()));
            }
            let set = fst::Set::new(Cow::Owned(fst_bytes.to_vec()))
                .map_err(|e| corrupt(e.to_string()))?;
            set.as_fst().verify().map_err(|e| corrupt(e.to_string()))?;
            WordGraph::from_bytes(gaddag_bytes).map_err(|e| corrupt(e.to_string()))?;
            let dictionary = Dictionary {
                set,
                origin: format!("compiled lexicon {}", path.display()),
                embedded_gaddag: None,
                loaded_gaddag: Some(gaddag_bytes.to_vec()),
                prebuilt_reversed_gaddag: None,
                prebuilt_anagrams: None,
                prebuilt_graph: None,
                prebuilt_word_map: None,
            };
            return Ok(Compiled {
                dictionary,
                skipped: 0,
            });
        }
        if bytes.starts_with(MAGIC_PREFIX) {
            let format = bytes[MAGIC_PREFIX.len()..]
                .split(|&b| b == b'\n')
                .next()
                .unwrap_or_default();
            return Err(DictionaryError::Corrupt {
                path: path.to_path_buf(),
                reason: format!(
                    "a compiled lexicon of format {}, expected format {}: compile the word \
                     list again with `owlery lexicon build`",
                    String::from_utf8_lossy(format),
                    String::from_utf8_lossy(&MAGIC[MAGIC_PREFIX.len()..MAGIC.len() - 1]),
                ),
            });
        }
        let text = String::from_utf8(bytes).map_err(|_| DictionaryError::NotText {
            path: path.to_path_buf(),
        })?;
        Dictionary::compile_text(&text, path, on_bad)
    }

    /// Writes the dictionary as a compiled `.lex` file: the word set and its GADDAG, so that
    /// loading it takes milliseconds rather than the seconds a GADDAG takes to build.
    pub fn save(&self, path: &Path) -> Result<(), DictionaryError> {
        let gaddag = self.gaddag().map_err(|error| DictionaryError::Corrupt {
            path: path.to_path_buf(),
            reason: error.to_string(),
        })?;
        let fst_bytes = self.set.as_fst().as_bytes();
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&(fst_bytes.len() as u64).to_le_bytes());
        bytes.extend_from_slice(fst_bytes);
        let gaddag_bytes = gaddag.to_bytes();
        bytes.extend_from_slice(&crc32fast::hash(&gaddag_bytes).to_le_bytes());
        bytes.extend_from_slice(&gaddag_bytes);
        std::fs::write(path, bytes).map_err(|error| DictionaryError::Io {
            path: path.to_path_buf(),
            error,
        })
    }

    /// Whether the dictionary holds the upper-case word.
    pub fn contains(&self, word: &str) -> bool {
        self.set.contains(word)
    }

    /// How many words it holds.
    pub fn len(&self) -> usize {
        self.set.len()
    }

    /// Whether it holds no words.
    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    /// Where the words came from.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The words left to right as a word graph: read from the build for the embedded list,
    /// else laid out now from the fst.
    pub fn graph(&self) -> Result<WordGraph, GraphError> {
        if let Some(bytes) = self.prebuilt_graph {
            return WordGraph::from_static(bytes);
        }
        WordGraph::from_fst(self.set.as_fst())
    }

    /// The words as a GADDAG: read from the build for the embedded list, else built now.
    pub fn gaddag(&self) -> Result<WordGraph, GraphError> {
        if let Some(bytes) = self.embedded_gaddag {
            return WordGraph::from_static(bytes);
        }
        if let Some(bytes) = &self.loaded_gaddag {
            return WordGraph::from_bytes(bytes);
        }
        let words = self.set.stream().into_bytes();
        build_gaddag(words.iter().map(Vec::as_slice))
    }

    /// The GADDAG of the words spelled backwards: read from the build for the embedded list,
    /// else built now (seconds, for a large list).
    pub fn reversed_gaddag(&self) -> Result<WordGraph, GraphError> {
        if let Some(bytes) = self.prebuilt_reversed_gaddag {
            return WordGraph::from_static(bytes);
        }
        let mut words: Vec<Vec<u8>> = self.set.stream().into_bytes();
        words.iter_mut().for_each(|word| word.reverse());
        words.sort_unstable();
        build_gaddag(words.iter().map(Vec::as_slice))
    }

    /// The words by their sorted letters: read from the build for the embedded list, else
    /// built now (a fraction of a second).
    pub fn anagram_graph(&self) -> Result<AnagramGraph, GraphError> {
        if let Some(bytes) = self.prebuilt_anagrams {
            return Ok(AnagramGraph::from_keys(WordGraph::from_static(bytes)?));
        }
        let words = self.set.stream().into_bytes();
        AnagramGraph::build(words.iter().map(Vec::as_slice))
    }

    /// The words of six letters or more by their letters: read in place for the embedded
    /// list (rebuilt from the words, rather than failing, were the build's bytes damaged),
    /// built now for another.
    pub fn word_map(&self) -> WordMap {
        if let Some(map) = self
            .prebuilt_word_map
            .and_then(|bytes| WordMap::from_static(bytes).ok())
        {
            return map;
        }
        let words = self.set.stream().into_bytes();
        WordMap::build(words.iter().map(Vec::as_slice))
    }

    /// The underlying fst set.
    pub fn set(&self) -> &fst::Set<Cow<'static, [u8]>> {
        &self.set
    }
}
