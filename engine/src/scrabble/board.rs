//! The tiles on the board, kept both row by row and column by column so that one line
//! generator serves both directions.

use super::layout::{SIZE, SQUARES};
use super::tiles::Cell;

/// The direction a word reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// Left to right along a row.
    Across,
    /// Top to bottom along a column.
    Down,
}

impl Direction {
    /// Both directions, Across first.
    pub const BOTH: [Direction; 2] = [Direction::Across, Direction::Down];

    /// The other direction.
    pub fn cross(self) -> Direction {
        match self {
            Direction::Across => Direction::Down,
            Direction::Down => Direction::Across,
        }
    }

    /// The board square of position `pos` along line `line` in this direction.
    #[inline]
    pub fn square(self, line: usize, pos: usize) -> usize {
        match self {
            Direction::Across => line * SIZE + pos,
            Direction::Down => pos * SIZE + line,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The tiles on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// `lines[Across]` is row-major, `lines[Down]` column-major: the same tiles twice.
    lines: [[Cell; SQUARES]; 2],
    tiles: usize,
    /// Per direction, the squares (row-major) whose tiles belong to a word read backwards in
    /// that direction (the Confundo card); a word through them keeps reading backwards.
    backwards: [[bool; SQUARES]; 2],
    backwards_count: usize,
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// A board with no tiles.
    pub fn empty() -> Board {
        Board {
            lines: [[Cell::EMPTY; SQUARES]; 2],
            tiles: 0,
            backwards: [[false; SQUARES]; 2],
            backwards_count: 0,
        }
    }

    /// The cell at row and column (0-based).
    #[inline]
    pub fn get(&self, row: usize, col: usize) -> Cell {
        self.lines[0][row * SIZE + col]
    }

    /// The cell at a square index (row-major).
    #[inline]
    pub fn at(&self, square: usize) -> Cell {
        self.lines[0][square]
    }

    /// Puts a tile on an empty square (or empties a square).
    pub fn set(&mut self, row: usize, col: usize, cell: Cell) {
        let before = self.get(row, col);
        self.tiles = self.tiles + usize::from(!cell.is_empty()) - usize::from(!before.is_empty());
        self.lines[Direction::Across.index()][row * SIZE + col] = cell;
        self.lines[Direction::Down.index()][col * SIZE + row] = cell;
    }

    /// One line of cells read in `direction`: row `line` for Across, column `line` for Down.
    #[inline]
    pub fn line(&self, direction: Direction, line: usize) -> &[Cell] {
        &self.lines[direction.index()][line * SIZE..(line + 1) * SIZE]
    }

    /// The lines whose perpendicular words may differ from `before`'s, by the direction of
    /// the words that cross them: bit `c` of entry `Across` for column `c` (a square's tile or
    /// backwards mark changed there), bit `r` of entry `Down` for row `r`.
    pub fn changed_since(&self, before: &Board) -> [u16; 2] {
        let mut changed = [0u16; 2];
        let no_backwards = self.backwards_count == 0 && before.backwards_count == 0;
        // Rows compared whole first: most are as they were.
        for row in 0..SIZE {
            let squares = row * SIZE..(row + 1) * SIZE;
            let same = self.lines[0][squares.clone()] == before.lines[0][squares.clone()]
                && (no_backwards
                    || (self.backwards[0][squares.clone()]
                        == before.backwards[0][squares.clone()]
                        && self.backwards[1][squares.clone()] == before.backwards[1][squares]));
            if same {
                continue;
            }
            for col in 0..SIZE {
                let square = row * SIZE + col;
                let differs = self.lines[0][square] != before.lines[0][square]
                    || self.backwards[0][square] != before.backwards[0][square]
                    || self.backwards[1][square] != before.backwards[1][square];
                if differs {
                    changed[Direction::Across.index()] |= 1 << col;
                    changed[Direction::Down.index()] |= 1 << row;
                }
            }
        }
        changed
    }

    /// Whether the tile on `square` belongs to a word read backwards in `direction`.
    #[inline]
    pub fn is_backwards(&self, square: usize, direction: Direction) -> bool {
        self.backwards[direction.index()][square]
    }

    /// Marks the tile on `square` as part of a word read backwards in `direction`.
    pub fn mark_backwards(&mut self, square: usize, direction: Direction) {
        let flag = &mut self.backwards[direction.index()][square];
        self.backwards_count += usize::from(!*flag);
        *flag = true;
    }

    /// Whether any word on the board reads backwards.
    #[inline]
    pub fn has_backwards(&self) -> bool {
        self.backwards_count > 0
    }

    /// Bit `pos` set where line `line` in `direction` holds a tile of a backwards word.
    pub fn backwards_mask(&self, direction: Direction, line: usize) -> u16 {
        if !self.has_backwards() {
            return 0;
        }
        (0..SIZE)
            .filter(|&pos| self.backwards[direction.index()][direction.square(line, pos)])
            .fold(0, |mask, pos| mask | 1 << pos)
    }

    /// How many tiles are on the board.
    pub fn tile_count(&self) -> usize {
        self.tiles
    }

    /// Whether the board has no tiles.
    pub fn is_empty(&self) -> bool {
        self.tiles == 0
    }

    /// Every occupied square's cell, row-major.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.lines[0].iter().copied().filter(|c| !c.is_empty())
    }
}
