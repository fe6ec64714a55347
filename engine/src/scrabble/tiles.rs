//! Tiles: letters, blanks, the cells of the board, and the tile set (counts and points) as data.

use crate::data::{DataError, content_lines, without_bom};

/// A letter A-Z as 0-25.
pub type Letter = u8;

/// The number of kinds of tile: 26 letters and the blank.
pub const KINDS: usize = 27;

/// The kind index of the blank (letters are 0-25).
pub const BLANK: usize = 26;

const BLANK_FLAG: u8 = 0x20;

/// One square's content: empty, or a tile showing a letter (a blank shows the letter it stands for).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Hash)]
pub struct Cell(u8);

impl Cell {
    /// An empty square.
    pub const EMPTY: Cell = Cell(0);

    /// A tile showing `letter`; `blank` when a blank stands for it.
    #[inline]
    pub const fn tile(letter: Letter, blank: bool) -> Cell {
        Cell((letter + 1) | if blank { BLANK_FLAG } else { 0 })
    }

    /// Whether the square is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The letter shown (meaningless on an empty cell).
    #[inline]
    pub const fn letter(self) -> Letter {
        (self.0 & 0x1f).wrapping_sub(1)
    }

    /// Whether a blank shows the letter.
    #[inline]
    pub const fn is_blank(self) -> bool {
        self.0 & BLANK_FLAG != 0
    }

    /// The kind of tile it takes from a rack: the letter, or [`BLANK`].
    #[inline]
    pub const fn kind(self) -> usize {
        if self.is_blank() {
            BLANK
        } else {
            self.letter() as usize
        }
    }

    /// `A`-`Z` for a letter tile, `a`-`z` for a blank, `.` for empty.
    pub fn to_char(self) -> char {
        match (self.is_empty(), self.is_blank()) {
            (true, _) => '.',
            (false, false) => (b'A' + self.letter()) as char,
            (false, true) => (b'a' + self.letter()) as char,
        }
    }

    /// Reads `A`-`Z` as a letter tile and `a`-`z` as a blank.
    pub fn from_char(c: char) -> Option<Cell> {
        match c {
            'A'..='Z' => Some(Cell::tile(c as u8 - b'A', false)),
            'a'..='z' => Some(Cell::tile(c as u8 - b'a', true)),
            _ => None,
        }
    }
}

/// The character of a tile kind on a rack: `A`-`Z`, `?` for the blank.
pub fn kind_char(kind: usize) -> char {
    if kind == BLANK {
        '?'
    } else {
        (b'A' + kind as u8) as char
    }
}

/// The tile kind of a rack character: `A`-`Z` (any case) or `?`.
pub fn kind_of_char(c: char) -> Option<usize> {
    match c {
        '?' => Some(BLANK),
        c if c.is_ascii_alphabetic() => Some((c.to_ascii_uppercase() as u8 - b'A') as usize),
        _ => None,
    }
}

/// How many tiles of each kind the game has, and what each is worth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileSet {
    counts: [u8; KINDS],
    points: [u8; KINDS],
}

/// The standard 100 tiles.
pub const DEFAULT_TILES: &str = include_str!("../../data/scrabble/tiles.txt");

impl TileSet {
    /// Reads a tile table: one line `LETTER COUNT POINTS` per kind, `?` for the blank.
    pub fn parse(text: &str, file: &str) -> Result<TileSet, DataError> {
        let mut counts = [0u8; KINDS];
        let mut points = [0u8; KINDS];
        let mut seen = [false; KINDS];
        for (line, content) in content_lines(without_bom(text)) {
            let fields: Vec<&str> = content.split_whitespace().collect();
            let [kind, count, value] = fields[..] else {
                return Err(DataError::at(
                    file,
                    line,
                    0,
                    format!("expected `LETTER COUNT POINTS`, found {content:?}"),
                ));
            };
            let column = |field: &str| content.find(field).map_or(0, |i| i + 1);
            let kind_index = match kind.chars().collect::<Vec<_>>()[..] {
                [c] => kind_of_char(c),
                _ => None,
            }
            .ok_or_else(|| {
                DataError::at(
                    file,
                    line,
                    column(kind),
                    format!("expected a letter A-Z or ?, found {kind:?}"),
                )
            })?;
            if seen[kind_index] {
                return Err(DataError::at(
                    file,
                    line,
                    column(kind),
                    format!("{kind} is listed twice"),
                ));
            }
            seen[kind_index] = true;
            let number = |field: &str, what: &str| {
                field.parse::<u8>().map_err(|_| {
                    DataError::at(
                        file,
                        line,
                        column(field),
                        format!("expected {what} (0-255), found {field:?}"),
                    )
                })
            };
            counts[kind_index] = number(count, "a count")?;
            points[kind_index] = number(value, "points")?;
        }
        let set = TileSet { counts, points };
        if set.total() == 0 {
            return Err(DataError::whole(
                file,
                "no tiles: expected lines `LETTER COUNT POINTS`",
            ));
        }
        Ok(set)
    }

    /// The standard English set.
    pub fn standard() -> TileSet {
        TileSet::parse(DEFAULT_TILES, "embedded tiles.txt").expect("embedded tiles are valid")
    }

    /// How many tiles of a kind the set has.
    #[inline]
    pub fn count(&self, kind: usize) -> u8 {
        self.counts[kind]
    }

    /// All counts, letters then the blank.
    pub fn counts(&self) -> &[u8; KINDS] {
        &self.counts
    }

    /// The points of a kind (the blank's are normally 0).
    #[inline]
    pub fn points(&self, kind: usize) -> i32 {
        i32::from(self.points[kind])
    }

    /// The points a board cell's tile scores: its letter's, or the blank's.
    #[inline]
    pub fn cell_points(&self, cell: Cell) -> i32 {
        self.points(cell.kind())
    }

    /// Sets how many tiles of a kind the set has.
    pub fn set_count(&mut self, kind: usize, count: u8) {
        self.counts[kind] = count;
    }

    /// Sets the points of a kind.
    pub fn set_points(&mut self, kind: usize, points: u8) {
        self.points[kind] = points;
    }

    /// The number of tiles in the set.
    pub fn total(&self) -> usize {
        self.counts.iter().map(|&c| usize::from(c)).sum()
    }
}
