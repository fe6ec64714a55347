//! The transposition table's entries: what a search found of a position, kept by its key so
//! that a position reached again (by moves in another order) is not searched again.

/// Transposition table entries (a power of two): 1.5 MB.
pub(super) const TABLE_SIZE: usize = 1 << 16;

/// A position searched before: its key, value and how far it was searched.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) value: i32,
    /// Plies searched below it; [`SOLVED`] if to the end of the game.
    pub(super) depth: u8,
    pub(super) bound: Bound,
    /// Index of its best move in its ordered moves ([`PASS`] for a pass).
    pub(super) best: u32,
}

/// A depth beyond any search: the value needs no estimate.
pub(super) const SOLVED: u8 = u8::MAX;
/// The index standing for a pass.
pub(super) const PASS: u32 = u32::MAX;

/// How an entry's value bounds the position's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bound {
    /// The value is the position's.
    Exact,
    /// The value is at least this.
    Lower,
    /// The value is at most this.
    Upper,
}

/// A slot holding nothing (its key matches no position's in practice).
pub(super) const EMPTY_ENTRY: Entry = Entry {
    key: 0,
    value: 0,
    depth: 0,
    bound: Bound::Exact,
    best: PASS,
};

/// The table slot of `key`.
pub(super) fn slot(key: u64) -> usize {
    (key as usize) & (TABLE_SIZE - 1)
}
