//! Which parts of a rack spell words: a word graph over every word's letters in sorted order.
//!
//! The best-move search bounds each stretch of the board before walking the GADDAG there. A
//! stretch that takes `k` rack tiles and no board tile needs some `k` of the rack's tiles to
//! spell a word, which one walk of this graph a turn answers for every `k`; one that takes the
//! whole rack and some board letters needs all of them to, a short walk (after MAGPIE's word
//! map, which looks words up by their sorted letters).

use crate::graph::{GraphError, LetterSet, NodeId, WordGraph};
use crate::wordlist::MAX_WORD_LEN;

/// Every word's letters sorted ("RETAINS" is AEINRST), as a graph of those keys.
#[derive(Debug, Clone)]
pub struct AnagramGraph {
    keys: WordGraph,
}

impl AnagramGraph {
    /// Indexes the words (upper-case bytes, any order).
    pub fn build<'w>(words: impl IntoIterator<Item = &'w [u8]>) -> Result<Self, GraphError> {
        let mut keys: Vec<Vec<u8>> = words
            .into_iter()
            .map(|word| {
                let mut key = word.to_vec();
                key.sort_unstable();
                key
            })
            .collect();
        keys.sort_unstable();
        keys.dedup();
        let set = fst::Set::from_iter(&keys).expect("sorted and unique");
        Ok(AnagramGraph {
            keys: WordGraph::from_fst(set.as_fst())?,
        })
    }

    /// The graph of sorted keys laid out by [`AnagramGraph::keys`] (as the build does).
    pub fn from_keys(keys: WordGraph) -> Self {
        AnagramGraph { keys }
    }

    /// The graph of sorted keys, to store.
    pub fn keys(&self) -> &WordGraph {
        &self.keys
    }

    /// The words of both.
    pub fn union(self, other: &AnagramGraph) -> Result<Self, GraphError> {
        Ok(AnagramGraph {
            keys: self.keys.union(&other.keys)?,
        })
    }

    /// Whether some word uses exactly these letters (0-25, any order).
    pub fn contains(&self, letters: &[u8]) -> bool {
        let mut sorted = letters.to_vec();
        sorted.sort_unstable();
        self.keys.contains_letters(&sorted)
    }

    /// Entry `k`: the most points that `k` of a rack's tiles spelling a word add up to, or
    /// `None` if no `k` of them spell one. The rack holds `counts` of each letter 0-25 and
    /// `blanks`, each any letter and worth nothing; `points` values the letters.
    pub fn best_parts(
        &self,
        counts: &[u8; 26],
        blanks: u8,
        points: &[i32; 26],
    ) -> [Option<i32>; MAX_WORD_LEN + 1] {
        let mut search = Parts {
            keys: &self.keys,
            counts: *counts,
            present: (0..26)
                .filter(|&l| counts[l] > 0)
                .fold(0, |set, l| set | 1 << l),
            blanks,
            points,
            best: [None; MAX_WORD_LEN + 1],
        };
        search.visit(self.keys.root(), 0, 0);
        search.best
    }

    /// Whether all these letters together (`counts` of each letter, `blanks` standing for any)
    /// spell a word.
    pub fn spelled_by_all(&self, counts: &[u8; 26], blanks: u8) -> bool {
        if blanks == 0 {
            // One key only can be these letters in order: follow it.
            let mut node = self.keys.root();
            for (letter, &count) in (0u8..).zip(counts) {
                for _ in 0..count {
                    match self.keys.child(node, letter) {
                        Some(child) => node = child,
                        None => return false,
                    }
                }
            }
            return self.keys.is_word(node);
        }
        let mut counts = *counts;
        self.all_from(self.keys.root(), &mut counts, blanks)
    }

    fn all_from(&self, node: NodeId, counts: &mut [u8; 26], blanks: u8) -> bool {
        // Keys are sorted: the next letter is the least one left, or a blank standing for a
        // letter no greater.
        let next = counts.iter().position(|&count| count > 0);
        if next.is_none() && blanks == 0 {
            return self.keys.is_word(node);
        }
        let limit = next.unwrap_or(25);
        for letter in self.keys.letters(node).iter() {
            let slot = usize::from(letter);
            if slot > limit {
                break;
            }
            let child = self
                .keys
                .child(node, letter)
                .expect("letter leaves the node");
            let found = if Some(slot) == next {
                counts[slot] -= 1;
                let found = self.all_from(child, counts, blanks);
                counts[slot] += 1;
                found
            } else if blanks > 0 {
                self.all_from(child, counts, blanks - 1)
            } else {
                false
            };
            if found {
                return true;
            }
        }
        false
    }
}

/// One walk of the key graph, spending rack tiles in order.
struct Parts<'a> {
    keys: &'a WordGraph,
    counts: [u8; 26],
    /// Bit per letter still on the rack.
    present: u32,
    blanks: u8,
    points: &'a [i32; 26],
    best: [Option<i32>; MAX_WORD_LEN + 1],
}

impl Parts<'_> {
    fn visit(&mut self, node: NodeId, used: usize, value: i32) {
        let edges = self.keys.edges(node);
        if edges.is_word() {
            self.best[used] = self.best[used].max(Some(value));
        }
        let wanted = if self.blanks > 0 {
            u32::MAX
        } else {
            self.present
        };
        for letter in LetterSet(edges.letters().0 & wanted).iter() {
            let child = self
                .keys
                .child(node, letter)
                .expect("letter leaves the node");
            let slot = usize::from(letter);
            if self.counts[slot] > 0 {
                self.counts[slot] -= 1;
                let was = self.present;
                if self.counts[slot] == 0 {
                    self.present &= !(1 << slot);
                }
                self.visit(child, used + 1, value + self.points[slot]);
                self.present = was;
                self.counts[slot] += 1;
            } else {
                // A blank goes only where no tile of the letter is left: a tile there instead
                // leaves the blank, which can do all the tile could.
                self.blanks -= 1;
                self.visit(child, used + 1, value);
                self.blanks += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(text: &str) -> Vec<u8> {
        text.bytes().map(|b| b - b'A').collect()
    }

    fn graph(words: &[&str]) -> AnagramGraph {
        AnagramGraph::build(words.iter().map(|w| w.as_bytes())).unwrap()
    }

    fn rack(text: &str) -> ([u8; 26], u8) {
        let mut counts = [0u8; 26];
        let mut blanks = 0;
        for b in text.bytes() {
            match b {
                b'?' => blanks += 1,
                _ => counts[usize::from(b - b'A')] += 1,
            }
        }
        (counts, blanks)
    }

    #[test]
    fn finds_words_by_their_letters_in_any_order() {
        let index = graph(&["RETAINS", "STEARIN", "QI"]);
        assert!(index.contains(&letters("NASTIER")));
        assert!(index.contains(&letters("IQ")));
        assert!(!index.contains(&letters("NASTIEQ")));
    }

    #[test]
    fn parts_and_wholes_of_a_rack() {
        let index = graph(&["AT", "CAT", "ACTS", "SCAT", "TACO"]);
        // Letters worth their place in the alphabet: A 1, C 3, O 15, T 20; blanks nothing.
        let points: [i32; 26] = std::array::from_fn(|letter| letter as i32 + 1);
        let (counts, blanks) = rack("CAT");
        let parts = index.best_parts(&counts, blanks, &points);
        assert_eq!(
            parts[..5],
            [None, None, Some(21), Some(24), None],
            "AT, CAT"
        );
        assert!(index.spelled_by_all(&counts, blanks));
        let (counts, blanks) = rack("COT?");
        let parts = index.best_parts(&counts, blanks, &points);
        assert_eq!(
            parts[..5],
            [None, None, Some(20), Some(23), Some(38)],
            "?T, C?T, TOC?"
        );
        assert!(index.spelled_by_all(&counts, blanks), "TACO");
        let (counts, blanks) = rack("COS?");
        assert!(!index.spelled_by_all(&counts, blanks));
    }

    /// Both walks against brute force over every part of random racks, blanks tried as every letter.
    #[test]
    fn the_walks_agree_with_trying_every_part_of_the_rack() {
        let words = [
            "AA", "AB", "BAD", "DAB", "ABBE", "BEAD", "BADE", "ABIDE", "BEADED", "ZA",
        ];
        let index = graph(&words);
        let keys: Vec<Vec<u8>> = words
            .iter()
            .map(|w| {
                let mut key = letters(w);
                key.sort_unstable();
                key
            })
            .collect();
        let spells = |part: &[u8]| {
            let mut key = part.to_vec();
            key.sort_unstable();
            keys.contains(&key)
        };
        let alphabet = b"AABBDDEEIZ?";
        let mut state = 2_463_534_242u32;
        for round in 0..300 {
            let mut text = String::new();
            for _ in 0..(1 + round % 7) {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                text.push(alphabet[(state % alphabet.len() as u32) as usize] as char);
            }
            let tiles = text.as_bytes();
            let points: [i32; 26] = std::array::from_fn(|letter| (letter as i32 * 7) % 10 + 1);
            let (mut parts, mut whole) = ([None; MAX_WORD_LEN + 1], false);
            for mask in 1u32..(1 << tiles.len()) {
                let chosen: Vec<u8> = (0..tiles.len())
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| tiles[i])
                    .collect();
                let blank_count = chosen.iter().filter(|&&b| b == b'?').count() as u32;
                for fill in 0..26u32.pow(blank_count) {
                    let mut code = fill;
                    let part: Vec<u8> = chosen
                        .iter()
                        .map(|&b| match b {
                            b'?' => {
                                let letter = (code % 26) as u8;
                                code /= 26;
                                letter
                            }
                            _ => b - b'A',
                        })
                        .collect();
                    if spells(&part) {
                        let value: i32 = chosen
                            .iter()
                            .filter(|&&b| b != b'?')
                            .map(|&b| points[usize::from(b - b'A')])
                            .sum();
                        parts[chosen.len()] = parts[chosen.len()].max(Some(value));
                        whole |= chosen.len() == tiles.len();
                    }
                }
            }
            let (counts, blanks) = rack(&text);
            assert_eq!(
                index.best_parts(&counts, blanks, &points),
                parts,
                "rack {text}"
            );
            assert_eq!(index.spelled_by_all(&counts, blanks), whole, "rack {text}");
        }
    }
}
