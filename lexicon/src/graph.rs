//! The word graph the move generators walk: a flat array derived from an fst's raw nodes.
//!
//! The fst is a minimal acyclic automaton (a DAWG) of the words; walking it through
//! `fst::raw` decodes a node on every step. Here a node is its header (a 26-bit mask of the
//! letters that leave it, bit 26 for the GADDAG's separator, and bit 31 when the path to it
//! spells a word) and where its children lie: a block of one entry per outgoing symbol, in
//! symbol order, each entry the child's header and the child's own block. A child lookup is
//! then a mask test, a popcount and one 8-byte read, and a walk learns whether a child spells
//! a word or goes on without touching the child's block: the dead ends of a search, most of
//! its steps, cost no cache miss of their own. docs/LEXICON.md has the figures that chose this
//! layout.

use std::borrow::Cow;
use std::collections::HashMap;

use fst::raw::{CompiledAddr, Fst};

const FINAL_BIT: u32 = 1 << 31;
const LETTER_MASK: u32 = (1 << 26) - 1;
/// Letters and the GADDAG separator.
const SYMBOL_MASK: u32 = (1 << 27) - 1;
const UNSEEN: u32 = u32::MAX;

/// The GADDAG's separator symbol, after the 26 letters; spelled `[` (the byte after `Z`) in keys.
pub const SEPARATOR: u8 = 26;

/// A set of symbols (letters and the separator) as a bit mask.
#[derive(Debug, Clone, Copy)]
struct SymbolSet(u32);

impl SymbolSet {
    fn iter(self) -> impl Iterator<Item = u8> {
        LetterSet(self.0).iter()
    }
}

/// The symbol of an fst key byte: `A`-`Z` are 0-25, `[` is the separator.
fn symbol_of(byte: u8) -> Result<u8, GraphError> {
    match byte.wrapping_sub(b'A') {
        symbol @ 0..=26 => Ok(symbol),
        _ => Err(GraphError::NotALetter { byte }),
    }
}

/// The next free slot, if the array still fits 31-bit indices.
fn next_slot(len: usize) -> Result<u32, GraphError> {
    u32::try_from(len)
        .ok()
        .filter(|&slot| slot & FINAL_BIT == 0)
        .ok_or(GraphError::TooLarge { nodes: len })
}

/// The children of the node at `slot` of a flat array.
fn children_at(nodes: &[u32], slot: u32) -> &[u32] {
    let slot = slot as usize;
    let count = (nodes[slot] & SYMBOL_MASK).count_ones() as usize;
    &nodes[slot + 1..slot + 1 + count]
}

/// Merges the nodes that have the same header and children, then lays the rest out breadth
/// first from the root.
///
/// fst's builder minimises only approximately (a bounded cache of nodes): merging the rest
/// halves the GADDAG. Breadth first puts the nodes near the root, met on nearly every walk,
/// side by side in memory, and each node's children next to each other (docs/LEXICON.md).
fn compact(nodes: &[u32], root: u32) -> Result<(Vec<u32>, u32), GraphError> {
    // Post order, so a node's children have their representatives before it looks for its own.
    let mut representative = vec![UNSEEN; nodes.len()];
    let mut distinct: HashMap<Box<[u32]>, u32> = HashMap::new();
    let mut stack = vec![(root, false)];
    while let Some((slot, expanded)) = stack.pop() {
        if representative[slot as usize] != UNSEEN {
            continue;
        }
        let children = children_at(nodes, slot);
        if !expanded {
            stack.push((slot, true));
            stack.extend(children.iter().map(|&child| (child, false)));
            continue;
        }
        let signature: Box<[u32]> = std::iter::once(nodes[slot as usize])
            .chain(children.iter().map(|&child| representative[child as usize]))
            .collect();
        representative[slot as usize] = *distinct.entry(signature).or_insert(slot);
    }
    drop(distinct);
    let mut new_slot = vec![UNSEEN; nodes.len()];
    let mut laid_out = Vec::new();
    let mut order = Vec::new();
    let mut queue = std::collections::VecDeque::from([representative[root as usize]]);
    while let Some(slot) = queue.pop_front() {
        if new_slot[slot as usize] != UNSEEN {
            continue;
        }
        new_slot[slot as usize] = next_slot(laid_out.len())?;
        order.push(slot);
        laid_out.push(nodes[slot as usize]);
        for &child in children_at(nodes, slot) {
            queue.push_back(representative[child as usize]);
            laid_out.push(0);
        }
    }
    for slot in order {
        let base = new_slot[slot as usize] as usize + 1;
        for (k, &child) in children_at(nodes, slot).iter().enumerate() {
            laid_out[base + k] = new_slot[representative[child as usize] as usize];
        }
    }
    Ok((laid_out, new_slot[representative[root as usize] as usize]))
}

/// Turns the one-array layout (a header, then the children's slots) into blocks of entries,
/// each child's header beside its block, keeping the nodes' breadth-first order.
fn inline_headers(nodes: &[u32], root: u32) -> Result<(Vec<Entry>, Edges), GraphError> {
    // Every node in the array is reachable (compact lays out nothing else), in order.
    let mut block_of = vec![0u32; nodes.len()];
    let mut blocks = 0usize;
    let mut slot = 0;
    while slot < nodes.len() {
        let children = children_at(nodes, slot as u32).len();
        block_of[slot] = next_slot(blocks)?;
        blocks += children;
        slot += 1 + children;
    }
    let mut entries = Vec::with_capacity(blocks);
    let mut slot = 0;
    while slot < nodes.len() {
        let children = children_at(nodes, slot as u32);
        entries.extend(
            children
                .iter()
                .map(|&child| [nodes[child as usize], block_of[child as usize]]),
        );
        slot += 1 + children.len();
    }
    let root = edges_of([nodes[root as usize], block_of[root as usize]]);
    Ok((entries, root))
}

/// The edges out of one node: its letters, whether it ends a word, and where its children
/// are. Eight bytes, so a walk carries it in one register; [`Walker::child`] follows an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Edges {
    header: u32,
    first_child: u32,
}

impl Edges {
    /// The letters that continue some word from here.
    #[inline]
    pub fn letters(&self) -> LetterSet {
        LetterSet(self.header & LETTER_MASK)
    }

    /// Whether the path here spells a word.
    #[inline]
    pub fn is_word(&self) -> bool {
        self.header & FINAL_BIT != 0
    }

    /// Whether a GADDAG path may turn here: it has an edge for [`SEPARATOR`].
    #[inline]
    pub fn turns(&self) -> bool {
        self.header & (1 << SEPARATOR) != 0
    }

    /// Whether the node passes `test`: it has one of the test's letters, or it ends a word
    /// and the test counts that. One mask test for what would be several branches.
    #[inline]
    pub fn passes(&self, test: EdgeTest) -> bool {
        self.header & test.0 != 0
    }
}

/// What a walk hopes to find at a node, as a mask over its header: some letters leaving it,
/// and whether the path so far may end a word. Built once for many nodes, then tried on each
/// by [`Edges::passes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EdgeTest(u32);

impl EdgeTest {
    /// Passes the nodes that `letters` leave, and those ending a word if `word_ends`.
    #[inline]
    pub fn new(letters: LetterSet, word_ends: bool) -> EdgeTest {
        EdgeTest((letters.0 & LETTER_MASK) | if word_ends { FINAL_BIT } else { 0 })
    }
}

/// A word graph borrowed for a walk: each step is a mask test, a popcount and one read.
#[derive(Debug, Clone, Copy)]
pub struct Walker<'a> {
    entries: &'a [Entry],
    root: Edges,
}

/// One child in its parent's block: the child's header and its own block's first entry.
type Entry = [u32; 2];

/// A node's edges from its entry.
#[inline]
fn edges_of(entry: Entry) -> Edges {
    Edges {
        header: entry[0],
        first_child: entry[1],
    }
}

/// Whether the block `edges` names lies within `len` entries (a node without children names
/// none).
fn block_in_bounds(edges: Edges, len: usize) -> bool {
    let children = (edges.header & SYMBOL_MASK).count_ones() as usize;
    children == 0 || edges.first_child as usize + children <= len
}

/// The edges of the node after `symbol` from `edges` in a flat array, if there is that edge.
#[inline]
fn child_at(entries: &[Entry], edges: Edges, symbol: u8) -> Option<Edges> {
    if edges.header & (1 << symbol) == 0 {
        return None;
    }
    Some(child_in_block(entries, edges, symbol))
}

/// The edges of the node after `symbol`, which leaves `edges`: its entry's place in the block
/// is the count of symbols before it.
#[inline]
fn child_in_block(entries: &[Entry], edges: Edges, symbol: u8) -> Edges {
    let below = edges.header & ((1u32 << symbol) - 1);
    edges_of(entries[(edges.first_child + below.count_ones()) as usize])
}

impl Walker<'_> {
    /// The root's edges.
    #[inline]
    pub fn root(&self) -> Edges {
        self.root
    }

    /// A node's edges.
    #[inline]
    pub fn edges(&self, node: NodeId) -> Edges {
        node.0
    }

    /// The edges of the node after `symbol`, if the graph has that edge.
    #[inline]
    pub fn child(&self, edges: Edges, symbol: u8) -> Option<Edges> {
        child_at(self.entries, edges, symbol)
    }

    /// Asks the processor to fetch the block of `edges`' children, which the walk is about to
    /// read: the graph (10 MB for the embedded list) lies mostly outside the caches, and the
    /// fetch overlaps the work done before the read. A hint only: no effect on the walk.
    #[inline]
    pub fn prefetch(&self, edges: Edges) {
        if let Some(entry) = self.entries.get(edges.first_child as usize) {
            mem_prefetch::prefetch_read_data::<_, 3>(entry);
        }
    }

    /// The edges of the node after `symbol`, which must leave `edges` (a letter of
    /// [`Edges::letters`]): the walk's step over letters it already knows are there.
    #[inline]
    pub fn child_of_letter(&self, edges: Edges, symbol: u8) -> Edges {
        debug_assert!(edges.header & (1 << symbol) != 0, "no edge for {symbol}");
        child_in_block(self.entries, edges, symbol)
    }
}

/// A node of a [`WordGraph`]: the set of words sharing one prefix (or suffix, reversed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NodeId(Edges);

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
    /// Embedded or stored graph bytes are damaged.
    #[error("the word graph's bytes are damaged")]
    Corrupt,
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
    /// The blocks of entries: borrowed from the binary for an embedded graph, else owned.
    entries: Cow<'static, [Entry]>,
    root: NodeId,
}

impl WordGraph {
    /// Lays out the nodes of an fst set as a flat array.
    pub fn from_fst<D: AsRef<[u8]>>(fst: &Fst<D>) -> Result<Self, GraphError> {
        // Slots of fst nodes, indexed by node address: a flat table is much faster than a map.
        let mut slot_of = vec![UNSEEN; fst.as_bytes().len() + 1];
        let mut order: Vec<CompiledAddr> = Vec::new();
        let mut nodes: Vec<u32> = Vec::new();
        let mut stack = vec![fst.root().addr()];
        // First pass: give every reachable node its slot, header filled, children pending.
        while let Some(addr) = stack.pop() {
            if slot_of[addr] != UNSEEN {
                continue;
            }
            let node = fst.node(addr);
            slot_of[addr] = next_slot(nodes.len())?;
            order.push(addr);
            let mut header = if node.is_final() { FINAL_BIT } else { 0 };
            for transition in node.transitions() {
                header |= 1 << symbol_of(transition.inp)?;
                stack.push(transition.addr);
            }
            nodes.push(header);
            nodes.extend(std::iter::repeat_n(0, node.len()));
        }
        // Second pass: point each edge at its child's slot.
        for addr in order {
            let base = slot_of[addr] as usize + 1;
            for (k, transition) in fst.node(addr).transitions().enumerate() {
                nodes[base + k] = slot_of[transition.addr];
            }
        }
        let (nodes, root) = compact(&nodes, slot_of[fst.root().addr()])?;
        let (entries, root) = inline_headers(&nodes, root)?;
        Ok(WordGraph {
            entries: Cow::Owned(entries),
            root: NodeId(root),
        })
    }

    /// The union of two graphs: this one's nodes are kept as they are, and only the nodes
    /// along `other`'s words are added after them, so a small set (the Glossary) joins a large
    /// one cheaply.
    pub fn union(self, other: &WordGraph) -> Result<WordGraph, GraphError> {
        type Pair = (Option<Edges>, Edges);
        let mine_root = self.root.0;
        let mut entries = self.entries.into_owned();
        let header_of = |(mine, theirs): Pair| mine.map_or(0, |m| m.header) | theirs.header;
        // Each merged node's block, given out before its entries are known.
        let mut block_of: HashMap<Pair, u32> = HashMap::new();
        let mut order = Vec::new();
        let root = (Some(mine_root), other.root.0);
        let mut stack = vec![root];
        while let Some(pair) = stack.pop() {
            if block_of.contains_key(&pair) {
                continue;
            }
            let (mine, theirs) = pair;
            let header = header_of(pair);
            block_of.insert(pair, next_slot(entries.len())?);
            order.push(pair);
            for symbol in SymbolSet(header & SYMBOL_MASK).iter() {
                if let Some(theirs_child) = child_at(&other.entries, theirs, symbol) {
                    let mine_child = mine.and_then(|node| child_at(&entries, node, symbol));
                    stack.push((mine_child, theirs_child));
                }
            }
            let children = (header & SYMBOL_MASK).count_ones() as usize;
            entries.extend(std::iter::repeat_n([0, 0], children));
        }
        for pair in order {
            let (mine, theirs) = pair;
            let block = block_of[&pair] as usize;
            for (k, symbol) in SymbolSet(header_of(pair) & SYMBOL_MASK).iter().enumerate() {
                let mine_child = mine.and_then(|node| child_at(&entries, node, symbol));
                entries[block + k] = match child_at(&other.entries, theirs, symbol) {
                    Some(theirs_child) => {
                        let merged = (mine_child, theirs_child);
                        [header_of(merged), block_of[&merged]]
                    }
                    None => {
                        let mine_child = mine_child.expect("the symbol leaves one of the two");
                        [mine_child.header, mine_child.first_child]
                    }
                };
            }
        }
        let root = edges_of([header_of(root), block_of[&root]]);
        Ok(WordGraph {
            entries: Cow::Owned(entries),
            root: NodeId(root),
        })
    }

    /// The graph as little-endian bytes (the root's header and block, then the entries), for
    /// embedding.
    pub fn to_bytes(&self) -> Vec<u8> {
        let root = self.root.0;
        [root.header, root.first_child]
            .into_iter()
            .chain(self.entries.iter().flatten().copied())
            .flat_map(u32::to_le_bytes)
            .collect()
    }

    /// Reads bytes written by [`WordGraph::to_bytes`], checking that every edge stays in bounds.
    pub fn from_bytes(bytes: &[u8]) -> Result<WordGraph, GraphError> {
        if bytes.len() % 8 != 0 || bytes.len() < 8 {
            return Err(GraphError::Corrupt);
        }
        let mut words = bytes
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        let mut entries = Vec::with_capacity(bytes.len() / 8);
        while let (Some(header), Some(block)) = (words.next(), words.next()) {
            entries.push([header, block]);
        }
        let root = edges_of(entries.remove(0));
        WordGraph::checked(Cow::Owned(entries), root)
    }

    /// An embedded graph written by [`WordGraph::to_bytes`], borrowed in place where the bytes
    /// are aligned and little-endian (as the build lays them out), else copied. The build made
    /// it, so only its root is checked: reading every entry would page in the whole graph at
    /// each start (1.2 ms, and the memory of pages no walk needs).
    pub fn from_static(bytes: &'static [u8]) -> Result<WordGraph, GraphError> {
        match bytemuck::try_cast_slice::<u8, Entry>(bytes) {
            Ok(all) if cfg!(target_endian = "little") && !all.is_empty() => {
                let (root, entries) = (edges_of(all[0]), &all[1..]);
                if !block_in_bounds(root, entries.len()) {
                    return Err(GraphError::Corrupt);
                }
                Ok(WordGraph {
                    entries: Cow::Borrowed(entries),
                    root: NodeId(root),
                })
            }
            _ => WordGraph::from_bytes(bytes),
        }
    }

    /// The graph of `entries` from `root`, if every block an entry (or the root) names lies
    /// within them: then no walk reads out of bounds.
    fn checked(entries: Cow<'static, [Entry]>, root: Edges) -> Result<WordGraph, GraphError> {
        let in_bounds = |edges: Edges| block_in_bounds(edges, entries.len());
        if !in_bounds(root) || !entries.iter().all(|&entry| in_bounds(edges_of(entry))) {
            return Err(GraphError::Corrupt);
        }
        Ok(WordGraph {
            entries,
            root: NodeId(root),
        })
    }

    /// The graph borrowed for a walk.
    #[inline]
    pub fn walker(&self) -> Walker<'_> {
        Walker {
            entries: &self.entries,
            root: self.root.0,
        }
    }

    /// A node's edges, read once for walking several of them.
    #[inline]
    pub fn edges(&self, node: NodeId) -> Edges {
        self.walker().edges(node)
    }

    /// The node of the empty prefix.
    #[inline]
    pub fn root(&self) -> NodeId {
        self.root
    }

    /// The node after `letter` (0-25, or [`SEPARATOR`]), if some word continues with it.
    #[inline]
    pub fn child(&self, node: NodeId, letter: u8) -> Option<NodeId> {
        child_at(&self.entries, node.0, letter).map(NodeId)
    }

    /// Whether the path to `node` spells a word.
    #[inline]
    pub fn is_word(&self, node: NodeId) -> bool {
        node.0.is_word()
    }

    /// The letters that continue some word from `node`.
    #[inline]
    pub fn letters(&self, node: NodeId) -> LetterSet {
        node.0.letters()
    }

    /// The letters after `node` that end a word there, as a set.
    pub fn word_ending_letters(&self, node: NodeId) -> LetterSet {
        // The children's entries lie in one block in symbol order, letters first: read them in
        // a row rather than look each up. A node without children may name any block (a
        // loaded file's leaves are not checked), so the block is read only where it exists.
        let block = self
            .entries
            .get(node.0.first_child as usize..)
            .unwrap_or_default();
        let mut set = 0;
        for (letter, entry) in node.0.letters().iter().zip(block) {
            set |= u32::from(entry[0] & FINAL_BIT != 0) << letter;
        }
        LetterSet(set)
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

    /// Entries used (one per edge, 8 bytes each), a measure of size.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the graph has no edge (the words are at most the empty one).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
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
    fn an_edge_test_passes_the_nodes_with_its_letters_or_a_word_end_it_counts() {
        let graph = graph_of(&["AB", "ABC", "AD"]);
        let walker = graph.walker();
        let a = walker.child(walker.root(), 0).unwrap();
        let ab = walker.child(a, 1).unwrap();
        let (b, c, d) = (LetterSet(1 << 1), LetterSet(1 << 2), LetterSet(1 << 3));
        assert!(a.passes(EdgeTest::new(b, false)) && a.passes(EdgeTest::new(d, false)));
        assert!(
            !a.passes(EdgeTest::new(c, true)),
            "A is no word and C does not follow it"
        );
        assert!(
            ab.passes(EdgeTest::new(LetterSet::NONE, true)),
            "AB is a word"
        );
        assert!(!ab.passes(EdgeTest::new(LetterSet::NONE, false)));
        assert!(ab.passes(EdgeTest::new(c, false)));
    }

    #[test]
    fn a_leaf_naming_a_block_past_the_end_ends_no_word() {
        // A loaded graph's leaves are not checked, so a leaf may name any block: asking which
        // letters end a word after it must not read there.
        let graph = graph_of(&["AB"]);
        let root = graph.root.0;
        let mut entries = graph.entries.into_owned();
        for entry in entries.iter_mut().filter(|e| e[0] & SYMBOL_MASK == 0) {
            entry[1] = u32::MAX;
        }
        let graph = WordGraph::checked(Cow::Owned(entries), root).unwrap();
        let ab = graph.walk(graph.root(), &[0, 1]).unwrap();
        assert!(graph.is_word(ab));
        assert_eq!(graph.word_ending_letters(ab), LetterSet::NONE);
    }

    #[test]
    fn a_union_holds_the_words_of_both_sets_and_no_others() {
        let large = fst::Set::from_iter(["CAT", "CATS", "DOG"]).unwrap();
        let small = fst::Set::from_iter(["CA", "CATNIP", "OWL"]).unwrap();
        let large = WordGraph::from_fst(large.as_fst()).unwrap();
        let graph = large
            .union(&WordGraph::from_fst(small.as_fst()).unwrap())
            .unwrap();
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
    fn compacting_merges_equal_nodes_and_keeps_the_words() {
        // Root -A-> leaf, -B-> a second leaf equal to the first: the two leaves become one.
        let leaf = FINAL_BIT;
        let nodes = [0b11, 3, 4, leaf, leaf];
        let (laid_out, root) = compact(&nodes, 0).unwrap();
        assert_eq!(laid_out, vec![0b11, 3, 3, leaf]);
        // Then each child's header sits in its parent's block: the leaf needs no block.
        let (entries, root) = inline_headers(&laid_out, root).unwrap();
        assert_eq!(entries, vec![[leaf, 2], [leaf, 2]]);
        let graph = WordGraph::checked(Cow::Owned(entries), root).unwrap();
        assert!(graph.contains_letters(&[0]) && graph.contains_letters(&[1]));
        assert!(!graph.contains_letters(&[2]) && !graph.contains_letters(&[0, 0]));
    }

    #[test]
    fn refuses_keys_that_are_not_letters() {
        let set = fst::Set::from_iter(["A1"]).unwrap();
        let bytes = graph_of(&["AB", "CD"]).to_bytes();
        let back = WordGraph::from_bytes(&bytes).unwrap();
        assert!(back.contains_letters(&[2, 3]) && !back.contains_letters(&[1, 2]));
        assert_eq!(
            WordGraph::from_bytes(&bytes[..bytes.len() - 4]).unwrap_err(),
            GraphError::Corrupt
        );
        assert_eq!(
            WordGraph::from_fst(set.as_fst()).unwrap_err(),
            GraphError::NotALetter { byte: b'1' }
        );
    }
}
