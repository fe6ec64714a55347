//! Moves: a placement of tiles along one line, an exchange, or a pass; and their notation.
//!
//! Notation: `8H` is row 8 from column H across, `H8` is column H from row 8 down. A word is
//! written in full, with the letters already on the board in parentheses and blanks in lower
//! case: `H7 F(A)RM`, `8D hORN`.

use std::fmt;

use super::board::{Board, Direction};
use super::check::square_name;
use super::layout::SIZE;
use super::rack::Rack;
use super::tiles::Cell;

/// Tiles laid along one line: the whole main word, with existing tiles marked as played through.
///
/// The order (direction, line, start, length, tiles) is the canonical tie-break between moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placement {
    /// The direction the main word reads.
    pub direction: Direction,
    /// Row (Across) or column (Down), 0-based.
    pub line: u8,
    /// Position of the word's first letter along the line, 0-based.
    pub start: u8,
    /// Letters in the main word.
    pub len: u8,
    /// The tile placed on each square of the word, [`Cell::EMPTY`] where a tile is played through.
    pub tiles: [Cell; SIZE],
    /// The main word reads backwards: right to left, or bottom to top (the Confundo card).
    pub backwards: bool,
}

impl Placement {
    /// A placement with no tiles yet.
    pub fn new(direction: Direction, line: usize, start: usize) -> Placement {
        Placement {
            direction,
            line: line as u8,
            start: start as u8,
            len: 0,
            tiles: [Cell::EMPTY; SIZE],
            backwards: false,
        }
    }

    /// Row and column (0-based) of the first letter.
    pub fn origin(&self) -> (usize, usize) {
        match self.direction {
            Direction::Across => (usize::from(self.line), usize::from(self.start)),
            Direction::Down => (usize::from(self.start), usize::from(self.line)),
        }
    }

    /// The board square of the `i`-th letter of the word.
    #[inline]
    pub fn square(&self, i: usize) -> usize {
        self.direction
            .square(usize::from(self.line), usize::from(self.start) + i)
    }

    /// The tiles placed this turn (not those played through).
    pub fn placed(&self) -> impl Iterator<Item = (usize, Cell)> + '_ {
        (0..usize::from(self.len))
            .filter(|&i| !self.tiles[i].is_empty())
            .map(|i| (self.square(i), self.tiles[i]))
    }

    /// Puts the tiles placed this turn on `board` (no check that the squares are free).
    pub fn lay_on(&self, board: &mut Board) {
        for (square, cell) in self.placed() {
            board.set(square / SIZE, square % SIZE, cell);
        }
    }

    /// Takes the tiles placed this turn off `board`, as [`Placement::lay_on`] put them there.
    pub fn take_off(&self, board: &mut Board) {
        for (square, _) in self.placed() {
            board.set(square / SIZE, square % SIZE, Cell::EMPTY);
        }
    }

    /// How many tiles are placed this turn.
    pub fn placed_count(&self) -> usize {
        self.tiles[..usize::from(self.len)]
            .iter()
            .filter(|c| !c.is_empty())
            .count()
    }

    /// The tiles taken from the rack: letters, and a blank for each blank placed.
    pub fn rack_tiles(&self) -> Rack {
        let mut rack = Rack::EMPTY;
        for (_, cell) in self.placed() {
            rack.add(cell.kind());
        }
        rack
    }

    /// The coordinate: `8H` across, `H8` down.
    pub fn coordinate(&self) -> String {
        let (row, col) = self.origin();
        let column = (b'A' + col as u8) as char;
        match self.direction {
            Direction::Across => format!("{}{column}", row + 1),
            Direction::Down => format!("{column}{}", row + 1),
        }
    }

    /// The main word in capitals as it reads (backwards with Confundo), blanks as their letters.
    pub fn word(&self, board: &Board) -> String {
        let letters =
            (0..usize::from(self.len)).map(|i| (b'A' + self.cell(board, i).letter()) as char);
        if self.backwards {
            letters.rev().collect()
        } else {
            letters.collect()
        }
    }

    /// The tile on the `i`-th square once the move is made.
    pub fn cell(&self, board: &Board, i: usize) -> Cell {
        match self.tiles[i] {
            cell if cell.is_empty() => board.at(self.square(i)),
            cell => cell,
        }
    }

    /// The move in notation, e.g. `H7 F(A)RM`; a backwards word is marked `<`, as in `8G <TAC`.
    pub fn notation(&self, board: &Board) -> String {
        let mut text = self.coordinate();
        text.push(' ');
        if self.backwards {
            text.push('<');
        }
        let mut open = false;
        for i in 0..usize::from(self.len) {
            let through = self.tiles[i].is_empty();
            if through != open {
                text.push(if through { '(' } else { ')' });
                open = through;
            }
            text.push(self.cell(board, i).to_char());
        }
        if open {
            text.push(')');
        }
        text
    }
}

/// What a player does on a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place tiles on the board.
    Place(Placement),
    /// Swap these tiles for as many from the bag.
    Exchange(Rack),
    /// Do nothing.
    Pass,
}

/// A typed move that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?}: {problem}")]
pub struct MoveParseError {
    /// The move as typed.
    pub text: String,
    /// What was expected.
    pub problem: String,
}

fn parse_coordinate(coordinate: &str) -> Option<(Direction, usize, usize)> {
    let first = coordinate.chars().next()?;
    let (direction, column, row) = if first.is_ascii_alphabetic() {
        (Direction::Down, first, &coordinate[1..])
    } else {
        let split = coordinate.find(|c: char| c.is_ascii_alphabetic())?;
        let column = coordinate[split..].chars().next()?;
        if coordinate.len() != split + 1 {
            return None;
        }
        (Direction::Across, column, &coordinate[..split])
    };
    let row: usize = row.parse().ok()?;
    let col = (column.to_ascii_uppercase() as u8).checked_sub(b'A')? as usize;
    (1..=SIZE).contains(&row).then_some(())?;
    (col < SIZE).then_some((direction, row - 1, col))
}

impl Move {
    /// The tiles `rack` keeps through this move, before any are drawn: a placement's leave,
    /// what an exchange does not return, the whole rack for a pass.
    pub fn kept_from(&self, rack: &Rack) -> Rack {
        let mut kept = *rack;
        match self {
            Move::Place(placement) => {
                kept.take_all(&placement.rack_tiles());
            }
            Move::Exchange(tiles) => {
                kept.take_all(tiles);
            }
            Move::Pass => {}
        }
        kept
    }

    /// Reads a typed move: `8H HORN`, `H7 F(A)RM` or `H7 F.RM`, `exchange AEQ`, `pass`; tiles
    /// after `<` are laid in board order and read backwards (`8G <TAC` plays CAT with Confundo).
    ///
    /// Letters over tiles already on the board may be typed, put in parentheses, or given as `.`.
    pub fn parse(text: &str, board: &Board) -> Result<Move, MoveParseError> {
        let fail = |problem: &str| MoveParseError {
            text: text.to_string(),
            problem: problem.to_string(),
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        // The commands in any case; the tiles keep theirs (a blank is lower case).
        let command = words.first().map(|word| word.to_ascii_lowercase());
        match (command.as_deref(), &words[..]) {
            (Some("pass" | "-"), [_]) => return Ok(Move::Pass),
            (Some("pass"), _) => return Err(fail("`pass` takes nothing after it")),
            (Some("exchange"), [_]) => {
                return Err(fail(
                    "`exchange` needs the tiles to return, e.g. exchange QV (? for a blank)",
                ));
            }
            (Some("exchange" | "-"), [_, tiles]) => {
                let rack = Rack::parse(tiles).map_err(|e| fail(&e.to_string()))?;
                return Ok(Move::Exchange(rack));
            }
            (Some("exchange"), _) => {
                return Err(fail(
                    "expected `exchange TILES`, the tiles written together",
                ));
            }
            (_, [_, _]) => {}
            _ => {
                return Err(fail(
                    "expected `COORDINATE WORD` (8H HORN), `exchange TILES` or `pass`",
                ));
            }
        }
        let (direction, row, col) = parse_coordinate(words[0]).ok_or_else(|| {
            fail("expected a coordinate such as 8H (across) or H8 (down), rows 1-15, columns A-O")
        })?;
        let (line, start) = match direction {
            Direction::Across => (row, col),
            Direction::Down => (col, row),
        };
        let mut placement = Placement::new(direction, line, start);
        let mut len = 0usize;
        let tiles = match words[1].strip_prefix('<') {
            Some(rest) => {
                placement.backwards = true;
                rest
            }
            None => words[1],
        };
        for c in tiles.chars().filter(|c| !matches!(c, '(' | ')')) {
            if start + len >= SIZE {
                return Err(fail("the word runs off the board"));
            }
            let on_board = board.at(direction.square(line, start + len));
            placement.tiles[len] = match (c, on_board.is_empty()) {
                ('.', true) => {
                    return Err(fail(
                        "`.` stands for a tile on the board, but that square is empty",
                    ));
                }
                ('.', false) => Cell::EMPTY,
                (c, false) if c.eq_ignore_ascii_case(&((b'A' + on_board.letter()) as char)) => {
                    Cell::EMPTY
                }
                (_, false) => {
                    return Err(fail(&format!(
                        "{} already holds {}",
                        square_name(direction.square(line, start + len)),
                        on_board.to_char().to_ascii_uppercase()
                    )));
                }
                (c, true) => {
                    Cell::from_char(c).ok_or_else(|| fail(&format!("{c:?} is not a letter")))?
                }
            };
            len += 1;
        }
        if len == 0 {
            return Err(fail("no letters after the coordinate"));
        }
        placement.len = len as u8;
        Ok(Move::Place(placement))
    }

    /// The move in notation, as [`Move::parse`] reads it.
    pub fn notation(&self, board: &Board) -> String {
        match self {
            Move::Place(placement) => placement.notation(board),
            Move::Exchange(rack) => format!("exchange {rack}"),
            Move::Pass => "pass".to_string(),
        }
    }
}

impl fmt::Display for Placement {
    /// The GCG form: coordinate, then the tiles with `.` where the word runs through the board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.coordinate())?;
        for i in 0..usize::from(self.len) {
            let cell = self.tiles[i];
            write!(f, "{}", if cell.is_empty() { '.' } else { cell.to_char() })?;
        }
        Ok(())
    }
}

/// The tiles a rack keeps after a placement: the leave.
pub fn leave_after(rack: &Rack, placement: &Placement) -> Rack {
    let mut leave = *rack;
    leave.take_all(&placement.rack_tiles());
    leave
}
