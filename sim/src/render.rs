//! Text pictures of a crossword position for the terminal.

use std::fmt::Write;
use std::io::IsTerminal;

use engine::scrabble::{Board, Direction, Layout, SIZE};

/// How the board is drawn: plain characters, or with ANSI colours on a terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Characters only, for pipes and files.
    Plain,
    /// Coloured squares, for a terminal.
    Colour,
}

impl Style {
    /// Colour where standard output is a terminal, plain characters otherwise.
    pub fn of_stdout() -> Style {
        if std::io::stdout().is_terminal() {
            Style::Colour
        } else {
            Style::Plain
        }
    }
}

/// The board with column letters and row numbers; empty premium squares show their premium
/// (`=` triple word, `-` double word, `"` triple letter, `'` double letter, `*` the start,
/// `#` a brown Hogwarts square), or their colour on a terminal; a letter of a word read
/// backwards (Confundo) has `<` before it, so a word crossing it later is foreseen.
pub fn board(board: &Board, layout: &Layout) -> String {
    styled_board(board, layout, Style::Plain)
}

/// What the plain game's board symbols mean, in two lines under it.
pub const PLAIN_LEGEND: &str = "= triple word  - double word  \" triple letter  ' double letter  \
                                * start\na lower-case letter: a blank";

/// What the Harry Potter board's symbols mean, in two lines under it.
pub const HP_LEGEND: &str = "= triple word  - double word  \" triple letter  ' double letter  \
                          * start  # Hogwarts square (a card)\n\
                          a lower-case letter: a blank  \
                          <A: a letter of a word read backwards (Confundo)";

/// The board drawn in `style` after a blank line, `legend` under it: what a person sees at
/// their prompt.
pub fn board_at_prompt(board: &Board, layout: &Layout, style: Style, legend: &str) -> String {
    format!("\n{}{legend}", styled_board(board, layout, style))
}

/// The board drawn in `style`.
pub fn styled_board(board: &Board, layout: &Layout, style: Style) -> String {
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
            let backwards = !cell.is_empty()
                && (board.is_backwards(square, Direction::Across)
                    || board.is_backwards(square, Direction::Down));
            let before = if backwards { '<' } else { ' ' };
            let (shown, colour) = if !cell.is_empty() {
                (cell.to_char(), "30;47")
            } else if square == layout.start() {
                ('*', "30;43")
            } else if layout.is_hogwarts(square) {
                ('#', "97;48;5;94")
            } else {
                match (
                    layout.word_multiplier(square),
                    layout.letter_multiplier(square),
                ) {
                    (3, _) => ('=', "97;41"),
                    (2, _) => ('-', "30;45"),
                    (_, 3) => ('"', "97;44"),
                    (_, 2) => ('\'', "30;46"),
                    _ => ('.', ""),
                }
            };
            match style {
                Style::Colour if !colour.is_empty() => {
                    write!(text, "{before}\u{1b}[{colour}m{shown}\u{1b}[0m")
                        .expect("writing to a String")
                }
                _ => write!(text, "{before}{shown}").expect("writing to a String"),
            }
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use engine::hogwarts::HpRules;
    use engine::scrabble::tiles::Cell;

    use super::*;

    #[test]
    fn a_word_read_backwards_is_marked_letter_by_letter() {
        let layout = HpRules::standard().crossword.layout;
        let mut board = Board::empty();
        for (col, letter) in [(6, 'T'), (7, 'A'), (8, 'C'), (9, 'S')] {
            board.set(7, col, Cell::from_char(letter).unwrap());
        }
        // TAC read backwards (Confundo); the S after it was played forwards later.
        for col in 6..9 {
            board.mark_backwards(7 * SIZE + col, Direction::Across);
        }
        let text = styled_board(&board, &layout, Style::Plain);
        let row = text.lines().nth(8).unwrap();
        assert!(row.starts_with("  8 "), "{row}");
        assert!(row.contains(" .<T<A<C S "), "{row}");
        assert_eq!(text.matches('<').count(), 3);
    }
}
