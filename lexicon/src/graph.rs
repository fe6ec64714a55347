//! The word graph the move generators walk: a flat `u32` array derived from an fst's raw nodes.
//!
//! The fst is a minimal acyclic automaton (a DAWG) of the words; walking it through
//! `fst::raw` decodes a node on every step. Here each node is laid out once as a header word
//! (a 26-bit mask of the letters that leave it, and bit 31 when the path to it spells a word)
//! followed by one `u32` per outgoing letter, in letter order, naming the child node. A child
//! lookup is then a mask test and a popcount: no search, no decoding. docs/LEXICON.md has the
//! figures that chose this layout.

use std::collections::HashMap;

use fst::raw::{CompiledAddr, Fst};

const FINAL_BIT: u32 = 1 << 31;
const LETTER_MASK: u32 = (1 << 26) - 1;

const UNSEEN: u32 = u32::MAX;

/// A node of the union: the node reached in each fst, if the prefix is in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Pair {
    large: Option<CompiledAddr>,
    small: Option<CompiledAddr>,
}

/// The state of one graph layout: slots assigned so far and the array being filled.
struct Layout<'f, A, B> {
    large: &'f Fst<A>,
    small: Option<&'f Fst<B>>,
    /// Slots of pairs reached by the large fst alone, indexed by its node address.
    solo: Vec<u32>,
    /// Slots of every other pair.
    paired: HashMap<Pair, u32>,
    nodes: Vec<u32>,
    order: Vec<Pair>,
}

impl<A: AsRef<[u8]>, B: AsRef<[u8]>> Layout<'_, A, B> {
    fn slot(&self, pair: Pair) -> Option<u32> {
        match pair {
            Pair {
                large: Some(addr),
                small: None,
            } => Some(self.solo[addr]).filter(|&slot| slot != UNSEEN),
            _ => self.paired.get(&pair).copied(),
        }
    }

    fn assign(&mut self, pair: Pair, index: u32) {
        match pair {
            Pair {
                large: Some(addr),
                small: None,
            } => self.solo[addr] = index,
            _ => {
                self.paired.insert(pair, index);
            }
        }
        self.order.push(pair);
    }

    fn is_final(&self, pair: Pair) -> bool {
        pair.large
            .is_some_and(|addr| self.large.node(addr).is_final())
            || pair
                .small
                .zip(self.small)
                .is_some_and(|(addr, fst)| fst.node(addr).is_final())
    }

    /// The pair's outgoing letters (0-25) in order, each with the child pair.
    fn edges(&self, pair: Pair) -> Result<Vec<(u8, Pair)>, GraphError> {
        let mut children: [Pair; 26] = [Pair {
            large: None,
            small: None,
        }; 26];
        let mut present = 0u32;
        let letter_of = |byte: u8| {
            let letter = byte.wrapping_sub(b'A');
            if letter < 26 {
                Ok(letter)
            } else {
                Err(GraphError::NotALetter { byte })
            }
        };
        if let Some(addr) = pair.large {
            for transition in self.large.node(addr).transitions() {
                let letter = letter_of(transition.inp)?;
                children[letter as usize].large = Some(transition.addr);
                present |= 1 << letter;
            }
        }
        if let Some((addr, fst)) = pair.small.zip(self.small) {
            for transition in fst.node(addr).transitions() {
                let letter = letter_of(transition.inp)?;
                children[letter as usize].small = Some(transition.addr);
                present |= 1 << letter;
            }
        }
        Ok(LetterSet(present)
            .iter()
            .map(|letter| (letter, children[letter as usize]))
            .collect())
    }
}

/// A node of a [`WordGraph`]: the set of words sharing one prefix (or suffix, reversed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NodeId(u32);

/// A set of letters A-Z as a bit mask, bit 0 for A.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct LetterSet(pub u32);

impl LetterSet {
    /// Every letter A-Z.
    pub const ALL: LetterSet = LetterSet(LETTER_MASK);
    /// No letter.
    pub const NONE: LetterSet = LetterSet(0);

    /// Whether the set holds `letter` (0 for A to 25 for Z).
    #[inline]
    pub fn contains(self, letter: u8) -> bool {
        self.0 & (1 << letter) != 0
    }

    /// The letters in alphabetical order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let letter = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                letter
            })
        })
    }
}

/// Why an fst could not become a word graph.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// A key holds a byte that is not an upper-case letter.
    #[error("the word list holds byte {byte:#04x}, expected an upper-case letter A-Z")]
    NotALetter {
        /// The offending byte.
        byte: u8,
    },
    /// The graph does not fit in 31-bit node indices.
    #[error("the word list is too large for the word graph ({nodes} array entries)")]
    TooLarge {
        /// How many array entries it would need.
        nodes: usize,
    },
}

/// A word graph over letters 0-25 (A-Z), walked one letter at a time.
#[derive(Debug, Clone)]
pub struct WordGraph {
    nodes: Vec<u32>,
    root: NodeId,
}

impl WordGraph {
    /// Lays out the nodes of an fst set as a flat array.
    pub fn from_fst<D: AsRef<[u8]>>(fst: &Fst<D>) -> Result<Self, GraphError> {
        Self::from_union::<D, D>(fst, None)
    }

    /// Lays out the union of a large fst and an optional small one (the Glossary) as one graph.
    ///
    /// The union is walked as pairs of nodes, one from each fst; a node reached by the large
    /// fst alone keeps its own slot (found by address in a flat table, which is what makes
    /// this fast), and only the few pairs along the small fst's words need a hash map.
    pub fn from_union<A: AsRef<[u8]>, B: AsRef<[u8]>>(
        large: &Fst<A>,
        small: Option<&Fst<B>>,
    ) -> Result<Self, GraphError> {
        let mut layout = Layout {
            large,
            small,
            solo: vec![UNSEEN; large.as_bytes().len() + 1],
            paired: HashMap::new(),
            nodes: Vec::new(),
            order: Vec::new(),
        };
        let root = Pair {
            large: Some(large.root().addr()),
            small: small.map(|fst| fst.root().addr()),
        };
        let mut stack = vec![root];
        // First pass: give every reachable node its slot, header filled, children pending.
        while let Some(pair) = stack.pop() {
            if layout.slot(pair).is_some() {
                continue;
            }
            let edges = layout.edges(pair)?;
            let index = u32::try_from(layout.nodes.len())
                .ok()
                .filter(|&i| i & FINAL_BIT == 0)
                .ok_or(GraphError::TooLarge {
                    nodes: layout.nodes.len(),
                })?;
            layout.assign(pair, index);
            let mut header = if layout.is_final(pair) { FINAL_BIT } else { 0 };
            for &(letter, child) in &edges {
                header |= 1 << letter;
                stack.push(child);
            }
            layout.nodes.push(header);
            layout.nodes.extend(std::iter::repeat_n(0, edges.len()));
        }
        // Second pass: point each edge at its child's slot.
        for k in 0..layout.order.len() {
            let pair = layout.order[k];
            let base = layout.slot(pair).expect("assigned") as usize + 1;
            for (offset, (_, child)) in layout.edges(pair)?.into_iter().enumerate() {
                layout.nodes[base + offset] = layout.slot(child).expect("assigned");
            }
        }
        let root = NodeId(layout.slot(root).expect("assigned"));
        Ok(WordGraph {
            nodes: layout.nodes,
            root,
        })
    }

    /// The node of the empty prefix.
    #[inline]
    pub fn root(&self) -> NodeId {
        self.root
    }

    /// The node after `letter` (0-25), if some word continues with it.
    #[inline]
    pub fn child(&self, node: NodeId, letter: u8) -> Option<NodeId> {
        let header = self.nodes[node.0 as usize];
        let bit = 1u32 << letter;
        if header & bit == 0 {
            return None;
        }
        let offset = (header & (bit - 1) & LETTER_MASK).count_ones() as usize;
        Some(NodeId(self.nodes[node.0 as usize + 1 + offset]))
    }

    /// Whether the path to `node` spells a word.
    #[inline]
    pub fn is_word(&self, node: NodeId) -> bool {
        self.nodes[node.0 as usize] & FINAL_BIT != 0
    }

    /// The letters that continue some word from `node`.
    #[inline]
    pub fn letters(&self, node: NodeId) -> LetterSet {
        LetterSet(self.nodes[node.0 as usize] & LETTER_MASK)
    }

    /// The letters after `node` that end a word there, as a set.
    pub fn word_ending_letters(&self, node: NodeId) -> LetterSet {
        let mut set = LetterSet::NONE;
        for letter in self.letters(node).iter() {
            if let Some(next) = self.child(node, letter) {
                if self.is_word(next) {
                    set.0 |= 1 << letter;
                }
            }
        }
        set
    }

    /// Follows a run of letters (0-25) from `node`.
    #[inline]
    pub fn walk(&self, node: NodeId, letters: &[u8]) -> Option<NodeId> {
        letters
            .iter()
            .try_fold(node, |node, &letter| self.child(node, letter))
    }

    /// Whether the letters (0-25) spell a word.
    pub fn contains_letters(&self, letters: &[u8]) -> bool {
        self.walk(self.root, letters)
            .is_some_and(|node| self.is_word(node))
    }

    /// Array entries used, a measure of size (4 bytes each).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the graph holds no entries (never after construction: the root is one).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

/// Converts an upper-case ASCII word to letters 0-25, or `None` if it holds anything else.
pub fn to_letters(word: &str, out: &mut Vec<u8>) -> Option<()> {
    out.clear();
    for byte in word.bytes() {
        let letter = byte.to_ascii_uppercase().wrapping_sub(b'A');
        if letter >= 26 {
            return None;
        }
        out.push(letter);
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph_of(words: &[&str]) -> WordGraph {
        let set = fst::Set::from_iter(words.iter()).unwrap();
        WordGraph::from_fst(set.as_fst()).unwrap()
    }

    #[test]
    fn walks_agree_with_the_word_list() {
        let graph = graph_of(&["AB", "ABC", "ABD", "BD", "ZZZ"]);
        let mut letters = Vec::new();
        for word in ["AB", "ABC", "ABD", "BD", "ZZZ"] {
            to_letters(word, &mut letters).unwrap();
            assert!(graph.contains_letters(&letters), "{word}");
        }
        for word in ["A", "ABE", "B", "BDD", "ZZ", "C"] {
            to_letters(word, &mut letters).unwrap();
            assert!(!graph.contains_letters(&letters), "{word}");
        }
        let ab = graph.walk(graph.root(), &[0, 1]).unwrap();
        assert_eq!(graph.letters(ab).iter().collect::<Vec<_>>(), vec![2, 3]);
        assert_eq!(graph.word_ending_letters(ab), LetterSet(0b1100));
    }

    #[test]
    fn a_union_holds_the_words_of_both_sets_and_no_others() {
        let large = fst::Set::from_iter(["CAT", "CATS", "DOG"]).unwrap();
        let small = fst::Set::from_iter(["CA", "CATNIP", "OWL"]).unwrap();
        let graph = WordGraph::from_union(large.as_fst(), Some(small.as_fst())).unwrap();
        let mut letters = Vec::new();
        for word in ["CAT", "CATS", "DOG", "CA", "CATNIP", "OWL"] {
            to_letters(word, &mut letters).unwrap();
            assert!(graph.contains_letters(&letters), "{word}");
        }
        for word in ["C", "CATN", "DOGS", "OW", "CATNIPS"] {
            to_letters(word, &mut letters).unwrap();
            assert!(!graph.contains_letters(&letters), "{word}");
        }
    }

    #[test]
    fn refuses_keys_that_are_not_letters() {
        let set = fst::Set::from_iter(["A1"]).unwrap();
        assert_eq!(
            WordGraph::from_fst(set.as_fst()).unwrap_err(),
            GraphError::NotALetter { byte: b'1' }
        );
    }
}
