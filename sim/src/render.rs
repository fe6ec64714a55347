//! Text pictures of a crossword position for the terminal.

use std::fmt::Write;

use engine::scrabble::{Board, Layout, SIZE};

/// The board with column letters and row numbers; empty premium squares show their premium
/// (`=` triple word, `-` double word, `"` triple letter, `'` double letter, `*` the start).
pub fn board(board: &Board, layout: &Layout) -> String {
    let mut text = String::from("    ");
    for col in 0..SIZE {
        write!(text, " {}", (b'A' + col as u8) as char).expect("writing to a String");
    }
    text.push('\n');
    for row in 0..SIZE {
        write!(text, "{:>3} ", row + 1).expect("writing to a String");
        for col in 0..SIZE {
            let square = row * SIZE + col;
            let cell = board.get(row, col);
            let shown = if !cell.is_empty() {
                cell.to_char()
            } else if square == layout.start() {
                '*'
            } else {
                match (
                    layout.word_multiplier(square),
                    layout.letter_multiplier(square),
                ) {
                    (3, _) => '=',
                    (2, _) => '-',
                    (_, 3) => '"',
                    (_, 2) => '\'',
                    _ => '.',
                }
            };
            write!(text, " {shown}").expect("writing to a String");
        }
        text.push('\n');
    }
    text
}
