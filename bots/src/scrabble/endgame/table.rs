//! The transposition table's entries: what a search found of a position, kept by its key so
//! that a position reached again (by moves in another order) is not searched again.

use engine::scrabble::Move;

use super::Scored;

/// Transposition table entries (a power of two): 3 MB.
pub(super) const TABLE_SIZE: usize = 1 << 16;

/// A position searched before: its key, value and how far it was searched.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) value: i32,
    /// Plies searched below it; [`SOLVED`] if to the end of the game.
    pub(super) depth: u8,
    pub(super) bound: Bound,
    /// Its best move: tried first when the position is searched again, before its other
    /// moves are made (if it prunes the rest, they never are).
    pub(super) best: Best,
}

/// A depth beyond any search: the value needs no estimate.
pub(super) const SOLVED: u8 = u8::MAX;
/// A move as the table keeps it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Best {
    Pass,
    Place(Scored),
}

impl Best {
    /// The move itself.
    pub(super) fn action(&self) -> Move {
        match self {
            Best::Pass => Move::Pass,
            Best::Place(scored) => Move::Place(scored.placement),
        }
    }
}

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
    best: Best::Pass,
};

/// The table slot of `key`.
pub(super) fn slot(key: u64) -> usize {
    (key as usize) & (TABLE_SIZE - 1)
}
