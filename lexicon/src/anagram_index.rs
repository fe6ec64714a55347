//! Which multisets of letters spell a word of a given length: a set of sorted-letter keys.
//!
//! The greedy move search asks "can this rack make a bingo at all?" once a turn; a handful of
//! set lookups answer it, where walking the word graph would cost far more.

use std::collections::HashSet;

/// Letters packed five bits each, sorted, in a `u64`: room for 12 letters.
pub const MAX_KEY_LETTERS: usize = 12;

/// The sorted-letter keys of every word of the chosen lengths.
#[derive(Debug, Clone, Default)]
pub struct AnagramIndex {
    keys: HashSet<u64>,
    lengths: Vec<usize>,
}

/// The key of letters 0-25 (any order); `None` for more than [`MAX_KEY_LETTERS`].
pub fn key_of(letters: &[u8]) -> Option<u64> {
    if letters.len() > MAX_KEY_LETTERS {
        return None;
    }
    let mut sorted = [0u8; MAX_KEY_LETTERS];
    sorted[..letters.len()].copy_from_slice(letters);
    let sorted = &mut sorted[..letters.len()];
    sorted.sort_unstable();
    // Letters are stored plus one, so keys of different lengths never collide.
    Some(
        sorted
            .iter()
            .fold(0u64, |key, &letter| key << 5 | u64::from(letter + 1)),
    )
}

impl AnagramIndex {
    /// Indexes the words (upper-case bytes) whose length is in `lengths`.
    pub fn build(
        lengths: &[usize],
        mut for_each_word: impl FnMut(&mut dyn FnMut(&[u8])),
    ) -> AnagramIndex {
        let mut keys = HashSet::new();
        let mut letters = Vec::with_capacity(MAX_KEY_LETTERS);
        for_each_word(&mut |word: &[u8]| {
            if lengths.contains(&word.len()) {
                letters.clear();
                letters.extend(word.iter().map(|b| b - b'A'));
                keys.extend(key_of(&letters));
            }
        });
        AnagramIndex {
            keys,
            lengths: lengths.to_vec(),
        }
    }

    /// Whether some indexed word uses exactly these letters; `None` if their length is not indexed.
    pub fn contains(&self, letters: &[u8]) -> Option<bool> {
        if !self.lengths.contains(&letters.len()) {
            return None;
        }
        Some(key_of(letters).is_some_and(|key| self.keys.contains(&key)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_words_by_their_letters_in_any_order() {
        let words: [&[u8]; 3] = [b"RETAINS", b"STEARIN", b"QI"];
        let index = AnagramIndex::build(&[7], |visit| words.iter().for_each(|w| visit(w)));
        let letters = |s: &str| s.bytes().map(|b| b - b'A').collect::<Vec<u8>>();
        assert_eq!(index.contains(&letters("NASTIER")), Some(true));
        assert_eq!(index.contains(&letters("NASTIEQ")), Some(false));
        assert_eq!(
            index.contains(&letters("QI")),
            None,
            "length 2 is not indexed"
        );
    }
}
