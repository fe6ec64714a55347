//! An endgame position as the search walks it, its key for the table, and what the rules give
//! at the end of the game.

use engine::scrabble::tiles::Cell;
use engine::scrabble::tiles::TileSet;
use engine::scrabble::{Observation, Placement, Rack, end_adjustments_of_points};

/// One endgame position as the search walks it: the racks, whose turn, the scoreless run.
#[derive(Debug, Clone, Copy)]
pub(super) struct Position {
    pub(super) racks: [Rack; 2],
    pub(super) mover: usize,
    pub(super) scoreless: u32,
    /// The board's tiles hashed.
    pub(super) board_key: u64,
    /// The racks' tiles hashed ([`racks_key`]), kept as tiles go.
    pub(super) racks_key: u64,
    /// The points of each rack's tiles (kept as they go: the end's adjustments are asked of
    /// every position left unsearched).
    pub(super) points: [i32; 2],
}

impl Position {
    /// This position with `placement`'s tiles taken from the mover's rack and keyed on the
    /// board (whose turn and the scoreless run as they were).
    pub(super) fn after_tiles_of(&self, placement: &Placement, tiles: &TileSet) -> Position {
        let mut next = *self;
        for (square, cell) in placement.placed() {
            let kind = cell.kind();
            let count = next.racks[self.mover].count(kind);
            next.racks_key ^= rack_term(self.mover, kind, count);
            if count > 1 {
                next.racks_key ^= rack_term(self.mover, kind, count - 1);
            }
            next.racks[self.mover].take(kind);
            next.points[self.mover] -= tiles.points(cell.kind());
            next.board_key ^= square_key(square, cell);
        }
        next
    }
}

/// Where a move leads: the end of the game, with what the move gains the mover from here to
/// there, or the next position, the other seat to move.
pub(super) enum After {
    Ended(i32),
    Next(Position),
}

/// What the rules say of the end, for the two seats.
#[derive(Debug, Clone, Copy)]
pub(super) struct Ending<'g> {
    pub(super) keeps_leftovers: [bool; 2],
    pub(super) scoreless_to_end: u32,
    pub(super) observation: &'g Observation<'g>,
}

impl Ending<'_> {
    /// The mover's gain over the opponent from rule 24, the racks holding `points`, the
    /// mover going out if `went_out`.
    pub(super) fn adjusted(&self, points: [i32; 2], mover: usize, went_out: bool) -> i32 {
        let out = went_out.then_some(mover);
        let adjustments = end_adjustments_of_points(&points, &self.keeps_leftovers, out);
        adjustments[mover] - adjustments[1 - mover]
    }

    /// The mover's gain over the opponent when the mover goes out (whatever it holds now).
    pub(super) fn going_out(&self, position: &Position) -> i32 {
        let mut points = position.points;
        points[position.mover] = 0;
        self.adjusted(points, position.mover, true)
    }

    /// The mover's gain over the opponent when scoreless turns end the game.
    pub(super) fn scoreless_end(&self, position: &Position) -> i32 {
        self.adjusted(position.points, position.mover, false)
    }

    /// Where passing leads from `position`.
    pub(super) fn after_pass(&self, position: &Position) -> After {
        let scoreless = position.scoreless + 1;
        if scoreless >= self.scoreless_to_end {
            return After::Ended(self.scoreless_end(position));
        }
        After::Next(Position {
            mover: 1 - position.mover,
            scoreless,
            ..*position
        })
    }

    /// Where `placement`, scoring `score`, leads from `position`.
    pub(super) fn after_placement(
        &self,
        position: &Position,
        placement: &Placement,
        score: i32,
    ) -> After {
        let mover = position.mover;
        let mut next = position.after_tiles_of(placement, &self.observation.rules.tiles);
        if next.racks[mover].is_empty() {
            return After::Ended(score + self.going_out(position));
        }
        next.scoreless = if score == 0 {
            position.scoreless + 1
        } else {
            0
        };
        if next.scoreless >= self.scoreless_to_end {
            return After::Ended(score + self.scoreless_end(&next));
        }
        next.mover = 1 - mover;
        After::Next(next)
    }

    /// A guess at the rest of a game from the racks alone, as likely the mover goes out as
    /// the opponent: where a leaf's playout runs longer than it may.
    pub(super) fn estimate(&self, position: &Position) -> i32 {
        let swapped = Position {
            mover: 1 - position.mover,
            ..*position
        };
        (self.going_out(position) - self.going_out(&swapped)) / 2
    }
}

/// A 64-bit mix of `x` (SplitMix64's finaliser): keys for the table.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The key of `cell` on `square`.
pub(super) fn square_key(square: usize, cell: Cell) -> u64 {
    let shown = u64::from(cell.letter()) + if cell.is_blank() { 26 } else { 0 };
    mix((square as u64) << 8 | shown)
}

/// The key of a whole position: board, racks, mover, scoreless run.
pub(super) fn key_of(position: &Position) -> u64 {
    debug_assert_eq!(position.racks_key, racks_key(&position.racks));
    let key = position.board_key ^ position.racks_key;
    key ^ mix(1 << 40 | u64::from(position.scoreless) << 1) ^ mix(1 << 41 | position.mover as u64)
}

/// The racks' part of a position's key: a term for each kind each seat holds, by count.
pub(super) fn racks_key(racks: &[Rack; 2]) -> u64 {
    let mut key = 0;
    for (seat, rack) in racks.iter().enumerate() {
        for kind in rack.present_kinds() {
            key ^= rack_term(seat, kind, rack.count(kind));
        }
    }
    key
}

/// The key's term for `seat` holding `count` tiles of `kind`.
fn rack_term(seat: usize, kind: usize, count: u8) -> u64 {
    mix(1 << 42 | (seat as u64) << 16 | (kind as u64) << 8 | u64::from(count))
}
