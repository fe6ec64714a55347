//! Gordon's GADDAG: every word stored once per letter, as the letters before and including
//! that letter reversed, the separator, then the letters after it. A move generator starts at
//! an anchor square, reads leftwards, and turns right at the separator, so every path it
//! walks already fits the square it started from.

use crate::graph::{GraphError, WordGraph};

/// The separator as a key byte: `[` sorts just after `Z`.
const SEPARATOR_BYTE: u8 = b'[';

/// The GADDAG keys of upper-case words, sorted and unique, for an fst.
pub fn gaddag_keys<'w>(words: impl IntoIterator<Item = &'w [u8]>) -> Vec<Vec<u8>> {
    let mut keys = Vec::new();
    for word in words {
        for split in 1..=word.len() {
            let mut key: Vec<u8> = word[..split].iter().rev().copied().collect();
            if split < word.len() {
                key.push(SEPARATOR_BYTE);
                key.extend_from_slice(&word[split..]);
            }
            keys.push(key);
        }
    }
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// Builds the GADDAG of upper-case words as a flat word graph.
pub fn build_gaddag<'w>(
    words: impl IntoIterator<Item = &'w [u8]>,
) -> Result<WordGraph, GraphError> {
    let keys = gaddag_keys(words);
    let set = fst::Set::from_iter(keys).expect("keys are sorted and unique");
    WordGraph::from_fst(set.as_fst())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::SEPARATOR;

    #[test]
    fn each_word_is_reachable_from_each_of_its_letters() {
        let words: [&[u8]; 2] = [b"CARE", b"CAR"];
        let gaddag = build_gaddag(words).unwrap();
        let symbols = |key: &[u8]| -> Vec<u8> {
            key.iter()
                .map(|&b| if b == b'^' { SEPARATOR } else { b - b'A' })
                .collect()
        };
        for key in ["RAC^E", "AC^RE", "C^ARE", "ERAC", "RAC", "AC^R"] {
            assert!(gaddag.contains_letters(&symbols(key.as_bytes())), "{key}");
        }
        for key in ["RAC^", "CA^R", "ERA"] {
            assert!(!gaddag.contains_letters(&symbols(key.as_bytes())), "{key}");
        }
    }
}
