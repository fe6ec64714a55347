//! Positions in CGP, the one-line format of Macondo and Woogles:
//! `ROWS RACKS SCORES SCORELESS [OPERATIONS]`, e.g.
//! `15/15/15/15/15/15/15/3HORN8/15/15/15/15/15/15/15 AEINRST/ 14/0 0 lex CSW21;`.

use std::fmt;
use std::str::FromStr;

use super::board::Board;
use super::layout::SIZE;
use super::rack::Rack;
use super::tiles::Cell;

/// A position as CGP describes it; the racks and scores start with the player to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cgp {
    /// The tiles on the board.
    pub board: Board,
    /// Each player's rack, the player to move first (an empty rack may mean unknown).
    pub racks: Vec<Rack>,
    /// Each player's score, in the same order.
    pub scores: Vec<i32>,
    /// Consecutive scoreless turns so far.
    pub scoreless: u32,
    /// Operations such as `lex CSW21;`, as (name, value).
    pub operations: Vec<(String, String)>,
}

/// A CGP string that could not be read, naming the field at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("CGP {field}: {message}")]
pub struct CgpError {
    /// The field: `board`, `board row 3`, `racks`, `scores`, `scoreless turns`, `operations`.
    pub field: String,
    /// What was expected and found.
    pub message: String,
}

fn error(field: impl Into<String>, message: impl Into<String>) -> CgpError {
    CgpError {
        field: field.into(),
        message: message.into(),
    }
}

fn parse_row(board: &mut Board, row: usize, text: &str) -> Result<(), CgpError> {
    let field = format!("board row {}", row + 1);
    let mut col = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(digit) = c.to_digit(10) {
            let mut run = digit as usize;
            while let Some(next) = chars.peek().and_then(|c| c.to_digit(10)) {
                run = run * 10 + next as usize;
                chars.next();
            }
            if run == 0 {
                return Err(error(field, "a run of 0 empty squares"));
            }
            col += run;
        } else {
            let cell = Cell::from_char(c).ok_or_else(|| {
                error(
                    &field,
                    format!("{c:?} is not a letter, a blank's lower-case letter or a count"),
                )
            })?;
            if col < SIZE {
                board.set(row, col, cell);
            }
            col += 1;
        }
        if col > SIZE {
            return Err(error(
                field,
                format!("{text:?} is longer than {SIZE} squares"),
            ));
        }
    }
    if col != SIZE {
        return Err(error(
            field,
            format!("{text:?} covers {col} squares, expected {SIZE}"),
        ));
    }
    Ok(())
}

impl FromStr for Cgp {
    type Err = CgpError;

    fn from_str(text: &str) -> Result<Cgp, CgpError> {
        let mut fields = text.split_whitespace();
        let rows = fields
            .next()
            .ok_or_else(|| error("board", "the CGP is empty"))?;
        let row_texts: Vec<&str> = rows.split('/').collect();
        if row_texts.len() != SIZE {
            return Err(error(
                "board",
                format!("{} rows, expected {SIZE} separated by '/'", row_texts.len()),
            ));
        }
        let mut board = Board::empty();
        for (row, row_text) in row_texts.iter().enumerate() {
            parse_row(&mut board, row, row_text)?;
        }
        let racks_text = fields
            .next()
            .ok_or_else(|| error("racks", "missing (e.g. AEINRST/ )"))?;
        let racks = racks_text
            .split('/')
            .map(|rack| Rack::parse(rack).map_err(|e| error("racks", e.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        if !(2..=4).contains(&racks.len()) {
            return Err(error(
                "racks",
                format!("{} racks, expected 2 to 4 separated by '/'", racks.len()),
            ));
        }
        let scores_text = fields
            .next()
            .ok_or_else(|| error("scores", "missing (e.g. 0/0)"))?;
        let scores = scores_text
            .split('/')
            .map(|score| {
                score
                    .parse::<i32>()
                    .map_err(|_| error("scores", format!("{score:?} is not a number")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if scores.len() != racks.len() {
            return Err(error(
                "scores",
                format!("{} scores for {} racks", scores.len(), racks.len()),
            ));
        }
        let scoreless_text = fields
            .next()
            .ok_or_else(|| error("scoreless turns", "missing (e.g. 0)"))?;
        let scoreless = scoreless_text.parse::<u32>().map_err(|_| {
            error(
                "scoreless turns",
                format!("{scoreless_text:?} is not a number"),
            )
        })?;
        let rest: Vec<&str> = fields.collect();
        let mut operations = Vec::new();
        let joined = rest.join(" ");
        for op in joined.split(';').map(str::trim).filter(|op| !op.is_empty()) {
            let (name, value) = op.split_once(' ').unwrap_or((op, ""));
            operations.push((name.to_string(), value.trim().to_string()));
        }
        if !joined.is_empty() && !joined.trim_end().ends_with(';') {
            return Err(error(
                "operations",
                format!("{joined:?}: each operation ends with ';'"),
            ));
        }
        Ok(Cgp {
            board,
            racks,
            scores,
            scoreless,
            operations,
        })
    }
}

impl fmt::Display for Cgp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..SIZE {
            if row > 0 {
                f.write_str("/")?;
            }
            let mut empty = 0;
            for col in 0..SIZE {
                let cell = self.board.get(row, col);
                if cell.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                write!(f, "{}", cell.to_char())?;
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
        }
        let racks: Vec<String> = self.racks.iter().map(Rack::to_string).collect();
        let scores: Vec<String> = self.scores.iter().map(i32::to_string).collect();
        write!(
            f,
            " {} {} {}",
            racks.join("/"),
            scores.join("/"),
            self.scoreless
        )?;
        for (name, value) in &self.operations {
            write!(f, " {name} {value};")?;
        }
        Ok(())
    }
}
