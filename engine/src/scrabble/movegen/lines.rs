//! Each line's squares as the walk reads them (tiles, cross-checks, premiums, anchors), kept by
//! the generator from one search to the next: a line is worked out again only when a change
//! reaches it (after a move, the lines it lies on or crosses and those beside them).

use lexicon::LetterSet;

use super::NO_CROSS;
use crate::scrabble::board::{Board, Direction};
use crate::scrabble::layout::{Layout, SIZE, SQUARES};
use crate::scrabble::tiles::Cell;

/// One line's squares, by position along it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct LineSquares {
    pub(super) cells: [Cell; SIZE],
    /// The letters the perpendicular word allows on each empty square.
    pub(super) cross_sets: [u32; SIZE],
    /// The points of the perpendicular word's board tiles, or [`NO_CROSS`].
    pub(super) cross_points: [i16; SIZE],
    pub(super) letter_multiplier: [i32; SIZE],
    pub(super) word_multiplier: [i32; SIZE],
    /// Per square, what a tile placed there adds to the perpendicular words' score: this times
    /// its letter points, plus `cross_base` (both 0 where no perpendicular word forms).
    pub(super) cross_factor: [i32; SIZE],
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
            squares.letter_multiplier[pos] = layout.letter_multiplier(square);
            squares.word_multiplier[pos] = layout.word_multiplier(square);
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
            let points = cross_points[square];
            let word_multiplier = self.word_multiplier[pos];
            let crossed = points != NO_CROSS;
            self.cells[pos] = cell;
            self.cross_sets[pos] = cross_sets[square].0;
            self.cross_points[pos] = points;
            self.cross_factor[pos] = i32::from(crossed) * word_multiplier;
            self.cross_base[pos] = i32::from(crossed) * i32::from(points) * word_multiplier;
            self.occupied |= u16::from(!cell.is_empty()) << pos;
            self.crossed |= u16::from(crossed) << pos;
        }
        // Empty squares beside a tile or under a perpendicular word; on an empty board, the
        // start square alone.
        let anchors = if board.is_empty() {
            (0..SIZE)
                .filter(|&pos| direction.square(line, pos) == start)
                .fold(0u16, |mask, pos| mask | 1 << pos)
        } else {
            let occupied = self.occupied;
            !occupied & (occupied << 1 | occupied >> 1 | self.crossed)
        };
        self.anchors = anchors & ((1 << SIZE) - 1);
    }

    /// Whether `pos` is an anchor.
    #[inline]
    pub(super) fn is_anchor(&self, pos: usize) -> bool {
        self.anchors & (1 << pos) != 0
    }
}

/// A set of the board's lines, each read one way: bit `direction * SIZE + line`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lines(u32);

impl Lines {
    /// Every line, both ways.
    pub const ALL: Lines = Lines((1 << (2 * SIZE)) - 1);
    /// No line.
    pub const NONE: Lines = Lines(0);

    /// Whether line `line` read in `direction` is in the set.
    #[inline]
    pub fn holds(self, direction: Direction, line: usize) -> bool {
        self.0 & 1 << (direction as usize * SIZE + line) != 0
    }

    /// The set with that line in it too.
    pub fn with(self, direction: Direction, line: usize) -> Lines {
        Lines(self.0 | 1 << (direction as usize * SIZE + line))
    }

    /// The lines not in this set.
    pub fn others(self) -> Lines {
        Lines(!self.0 & Lines::ALL.0)
    }

    /// Whether the set holds no line.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}
