//! Each line's squares as the walk reads them (tiles, cross-checks, premiums, anchors), kept by
//! the generator from one search to the next: a line is worked out again only when a change
//! reaches it (after a move, the lines it lies on or crosses and those beside them).

use lexicon::LetterSet;

use super::NO_CROSS;
use crate::bits::mask_bits;
use crate::scrabble::board::{Board, Direction};
use crate::scrabble::layout::{Layout, SIZE, SQUARES};
use crate::scrabble::tiles::Cell;

/// Every square of a line, as a mask.
pub(super) const WHOLE_LINE: u16 = (1 << SIZE) - 1;

/// The squares of a line holding tiles: bit `pos` for each.
pub(super) fn occupancy(cells: &[Cell]) -> u16 {
    cells.iter().enumerate().fold(0, |mask, (pos, cell)| {
        mask | u16::from(!cell.is_empty()) << pos
    })
}

/// One line's squares, by position along it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct LineSquares {
    pub(super) cells: [Cell; SIZE],
    /// The letters the perpendicular word allows on each empty square.
    pub(super) cross_sets: [u32; SIZE],
    /// The points of the perpendicular word's board tiles, or [`NO_CROSS`].
    pub(super) cross_points: [i16; SIZE],
    /// Premiums as bytes: the walk copies a line's squares for every line it searches.
    pub(super) letter_multiplier: [u8; SIZE],
    pub(super) word_multiplier: [u8; SIZE],
    /// Per square, what a tile placed there adds to the perpendicular words' score: this times
    /// its letter points, plus `cross_base` (both 0 where no perpendicular word forms).
    pub(super) cross_factor: [u8; SIZE],
    pub(super) cross_base: [i32; SIZE],
    /// Bit `pos` set on empty squares next to a tile, or the start square on an empty board.
    pub(super) anchors: u16,
    /// Bit `pos` set where the line holds a board tile.
    pub(super) occupied: u16,
    /// Bit `pos` set where the line has a brown Hogwarts square.
    pub(super) hogwarts: u16,
    /// Bit `pos` set where a tile placed makes a perpendicular word.
    pub(super) crossed: u16,
    /// Bit `pos` set where the line holds a tile of a backwards word.
    pub(super) backwards_tiles: u16,
}

impl LineSquares {
    /// A line not yet worked out (every line is, before the first search reads it).
    pub(super) const UNSET: LineSquares = LineSquares {
        cells: [Cell::EMPTY; SIZE],
        cross_sets: [0; SIZE],
        cross_points: [NO_CROSS; SIZE],
        letter_multiplier: [1; SIZE],
        word_multiplier: [1; SIZE],
        cross_factor: [0; SIZE],
        cross_base: [0; SIZE],
        anchors: 0,
        occupied: 0,
        hogwarts: 0,
        crossed: 0,
        backwards_tiles: 0,
    };

    /// Line `line` in `direction` under `layout`, its premiums set and its board parts
    /// still to fill by [`LineSquares::update`].
    pub(super) fn of_layout(layout: &Layout, direction: Direction, line: usize) -> LineSquares {
        let mut squares = LineSquares::UNSET;
        for pos in 0..SIZE {
            let square = direction.square(line, pos);
            squares.letter_multiplier[pos] = layout.letter_multiplier(square) as u8;
            squares.word_multiplier[pos] = layout.word_multiplier(square) as u8;
            squares.hogwarts |= u16::from(layout.is_hogwarts(square)) << pos;
        }
        squares
    }

    /// Fills in line `line` in `direction` of `board`, with the cross-checks of that direction:
    /// its premiums, from [`LineSquares::of_layout`], stay as they are.
    pub(super) fn update(
        &mut self,
        board: &Board,
        start: usize,
        (cross_sets, cross_points): (&[LetterSet; SQUARES], &[i16; SQUARES]),
        direction: Direction,
        line: usize,
    ) {
        self.backwards_tiles = board.backwards_mask(direction, line);
        self.occupied = 0;
        self.crossed = 0;
        // One pass over the squares fills every table.
        for (pos, &cell) in board.line(direction, line).iter().enumerate().take(SIZE) {
            let square = direction.square(line, pos);
            self.cells[pos] = cell;
            self.occupied |= u16::from(!cell.is_empty()) << pos;
            self.set_cross_check(pos, cross_sets[square], cross_points[square]);
        }
        self.find_anchors(board, start, direction, line);
    }

    /// As [`LineSquares::update`] where the line's tiles are as they were and only the
    /// cross-checks of the squares `positions` (bit `pos` for each) may have changed.
    pub(super) fn update_cross_checks(
        &mut self,
        board: &Board,
        start: usize,
        (cross_sets, cross_points): (&[LetterSet; SQUARES], &[i16; SQUARES]),
        (direction, line): (Direction, usize),
        positions: u16,
    ) {
        for pos in mask_bits(u32::from(positions)) {
            let square = direction.square(line, pos);
            self.set_cross_check(pos, cross_sets[square], cross_points[square]);
        }
        self.find_anchors(board, start, direction, line);
    }

    /// Square `pos`'s cross-check: the letters allowed there, the perpendicular word's points
    /// (or [`NO_CROSS`]), and what they add to a play by the square's premium.
    #[inline]
    fn set_cross_check(&mut self, pos: usize, allowed: LetterSet, points: i16) {
        let word_multiplier = self.word_multiplier[pos];
        let crossed = points != NO_CROSS;
        self.cross_sets[pos] = allowed.0;
        self.cross_points[pos] = points;
        self.cross_factor[pos] = u8::from(crossed) * word_multiplier;
        self.cross_base[pos] = i32::from(crossed) * i32::from(points) * i32::from(word_multiplier);
        self.crossed = self.crossed & !(1 << pos) | u16::from(crossed) << pos;
    }

    /// Empty squares beside a tile or under a perpendicular word; on an empty board, the
    /// start square alone.
    fn find_anchors(&mut self, board: &Board, start: usize, direction: Direction, line: usize) {
        let anchors = if board.is_empty() {
            (0..SIZE)
                .filter(|&pos| direction.square(line, pos) == start)
                .fold(0u16, |mask, pos| mask | 1 << pos)
        } else {
            let occupied = self.occupied;
            !occupied & (occupied << 1 | occupied >> 1 | self.crossed)
        };
        self.anchors = anchors & WHOLE_LINE;
    }

    /// Whether `pos` is an anchor.
    #[inline]
    pub(super) fn is_anchor(&self, pos: usize) -> bool {
        self.anchors & (1 << pos) != 0
    }
}

/// A set of anchors, each on a line read one way: bit `pos` of entry `direction * SIZE + line`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Anchors([u16; 2 * SIZE]);

impl Anchors {
    /// Every square of every line, both ways.
    pub const ALL: Anchors = Anchors([WHOLE_LINE; 2 * SIZE]);
    /// No anchor.
    pub const NONE: Anchors = Anchors([0; 2 * SIZE]);

    /// Whether the anchor at `pos` of line `line` read in `direction` is in the set.
    #[inline]
    pub fn holds(&self, direction: Direction, line: usize, pos: usize) -> bool {
        self.on_line(direction, line) & 1 << pos != 0
    }

    /// The set's anchors on line `line` read in `direction`: bit `pos` for each.
    #[inline]
    pub fn on_line(&self, direction: Direction, line: usize) -> u16 {
        self.0[direction as usize * SIZE + line]
    }

    /// Puts the anchor at `pos` of that line in the set.
    pub fn insert(&mut self, direction: Direction, line: usize, pos: usize) {
        self.0[direction as usize * SIZE + line] |= 1 << pos;
    }

    /// Puts the anchors of `positions` (bit `pos` for each) of that line in the set.
    pub(super) fn insert_all(&mut self, direction: Direction, line: usize, positions: u16) {
        self.0[direction as usize * SIZE + line] |= positions;
    }
}

impl LineSquares {
    /// The squares a search through the anchor at `anchor` reads, for a rack of `tiles`
    /// tiles: leftwards through board tiles and the empty squares a word may start on, up to
    /// the anchor before it or `tiles` of them, and rightwards through `tiles` empty squares
    /// and the board tiles between and after them, each side with the square past it (where a
    /// word must end). A line the same on these squares has the same moves through the anchor.
    pub(super) fn reach(&self, anchor: usize, tiles: usize) -> (usize, usize) {
        let empty = |pos: usize| self.occupied & 1 << pos == 0;
        let mut first = anchor;
        let mut empties = 0;
        while first > 0 {
            first -= 1;
            if empty(first) {
                empties += 1;
                if self.is_anchor(first) || empties > tiles {
                    break;
                }
            }
        }
        let mut last = anchor;
        let mut empties = 1;
        while last + 1 < SIZE {
            last += 1;
            if empty(last) {
                empties += 1;
                if empties > tiles + 1 {
                    break;
                }
            }
        }
        (first, last)
    }

    /// The positions where the two lines differ in anything a search through them reads:
    /// bit `pos` for each.
    pub(super) fn differing(&self, other: &LineSquares) -> u16 {
        let mut mask = (self.anchors ^ other.anchors)
            | (self.occupied ^ other.occupied)
            | (self.hogwarts ^ other.hogwarts)
            | (self.crossed ^ other.crossed)
            | (self.backwards_tiles ^ other.backwards_tiles);
        for pos in 0..SIZE {
            let differs = self.cells[pos] != other.cells[pos]
                || self.cross_sets[pos] != other.cross_sets[pos]
                || self.cross_points[pos] != other.cross_points[pos]
                || self.letter_multiplier[pos] != other.letter_multiplier[pos]
                || self.word_multiplier[pos] != other.word_multiplier[pos]
                || self.cross_factor[pos] != other.cross_factor[pos]
                || self.cross_base[pos] != other.cross_base[pos];
            mask |= u16::from(differs) << pos;
        }
        mask
    }
}
