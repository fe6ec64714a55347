//! Gordon's GADDAG: every word stored once per letter, as the letters before and including
//! that letter reversed, the separator, then the letters after it. A move generator starts at
//! an anchor square, reads leftwards, and turns right at the separator, so every path it
//! walks already fits the square it started from.

use crate::graph::{GraphError, WordGraph};

/// The separator as a key byte: `[` sorts just after `Z`.
const SEPARATOR_BYTE: u8 = b'[';

/// Builds the GADDAG of upper-case words as a flat word graph.
///
/// The keys (about ten per word) live in one byte arena and are sorted as slices of it: a
/// separate allocation per key would take several times the memory.
pub fn build_gaddag<'w>(
    words: impl IntoIterator<Item = &'w [u8]>,
) -> Result<WordGraph, GraphError> {
    let mut arena: Vec<u8> = Vec::new();
    let mut keys: Vec<(u32, u8)> = Vec::new();
    for word in words {
        for split in 1..=word.len() {
            let start = arena.len() as u32;
            arena.extend(word[..split].iter().rev());
            if split < word.len() {
                arena.push(SEPARATOR_BYTE);
                arena.extend_from_slice(&word[split..]);
            }
            keys.push((start, (arena.len() as u32 - start) as u8));
        }
    }
    let key = |&(start, len): &(u32, u8)| &arena[start as usize..start as usize + usize::from(len)];
    keys.sort_unstable_by(|a, b| key(a).cmp(key(b)));
    keys.dedup_by(|a, b| key(a) == key(b));
    let set = fst::Set::from_iter(keys.iter().map(key)).expect("keys are sorted and unique");
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
