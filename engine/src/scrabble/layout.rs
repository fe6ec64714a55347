//! The board's premium squares as data: a 15-line text grid.

use crate::data::{DataError, content_lines, without_bom};

/// Squares on a side.
pub const SIZE: usize = 15;
/// Squares on the board.
pub const SQUARES: usize = SIZE * SIZE;

/// The standard premium layout.
pub const DEFAULT_BOARD: &str = include_str!("../../data/scrabble/board.txt");

/// Which premiums each square carries, and where the first move must go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    letter_multiplier: [u8; SQUARES],
    word_multiplier: [u8; SQUARES],
    hogwarts: [bool; SQUARES],
    start: usize,
}

impl Layout {
    /// Reads a grid: 15 lines of 15 characters, `.` `d` `t` `D` `T` `h` and one `*` (the start).
    pub fn parse(text: &str, file: &str) -> Result<Layout, DataError> {
        let mut letter_multiplier = [1u8; SQUARES];
        let mut word_multiplier = [1u8; SQUARES];
        let mut hogwarts = [false; SQUARES];
        let mut start = None;
        let mut rows = 0;
        let mut last_line = 0;
        for (line, content) in content_lines(without_bom(text)) {
            last_line = line;
            if rows == SIZE {
                return Err(DataError::at(
                    file,
                    line,
                    0,
                    format!("more than {SIZE} rows"),
                ));
            }
            let chars: Vec<char> = content.chars().collect();
            if chars.len() != SIZE {
                return Err(DataError::at(
                    file,
                    line,
                    chars.len().min(SIZE) + 1,
                    format!("expected {SIZE} squares, found {}", chars.len()),
                ));
            }
            for (col, &c) in chars.iter().enumerate() {
                let square = rows * SIZE + col;
                match c {
                    '.' => {}
                    'h' => hogwarts[square] = true,
                    'd' => letter_multiplier[square] = 2,
                    't' => letter_multiplier[square] = 3,
                    'D' => word_multiplier[square] = 2,
                    'T' => word_multiplier[square] = 3,
                    '*' => {
                        if start.is_some() {
                            return Err(DataError::at(
                                file,
                                line,
                                col + 1,
                                "a second start square `*`",
                            ));
                        }
                        word_multiplier[square] = 2;
                        start = Some(square);
                    }
                    other => {
                        return Err(DataError::at(
                            file,
                            line,
                            col + 1,
                            format!("expected one of . d t D T * h, found {other:?}"),
                        ));
                    }
                }
            }
            rows += 1;
        }
        if rows < SIZE {
            return Err(DataError::at(
                file,
                last_line + 1,
                0,
                format!("expected {SIZE} rows, found {rows}"),
            ));
        }
        let start = start.ok_or_else(|| DataError::whole(file, "no start square `*`"))?;
        Ok(Layout {
            letter_multiplier,
            word_multiplier,
            hogwarts,
            start,
        })
    }

    /// The standard layout.
    pub fn standard() -> Layout {
        Layout::parse(DEFAULT_BOARD, "embedded board.txt").expect("embedded board is valid")
    }

    /// The letter multiplier of a square (1, 2 or 3).
    #[inline]
    pub fn letter_multiplier(&self, square: usize) -> i32 {
        i32::from(self.letter_multiplier[square])
    }

    /// The word multiplier of a square (1, 2 or 3).
    #[inline]
    pub fn word_multiplier(&self, square: usize) -> i32 {
        i32::from(self.word_multiplier[square])
    }

    /// Whether the square is a brown Hogwarts square (Scrabble: Harry Potter Edition).
    #[inline]
    pub fn is_hogwarts(&self, square: usize) -> bool {
        self.hogwarts[square]
    }

    /// The square the first move must cover.
    pub fn start(&self) -> usize {
        self.start
    }
}
