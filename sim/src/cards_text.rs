//! The card game's table drawn as a grid; its plays and tables as text are the engine's
//! (`engine::cardgame::notation`).

use engine::cardgame::Table;
pub use engine::cardgame::notation::{parse_play, parse_table, play_notation};
use engine::scrabble::Cell;

/// The table as a grid of its bounding box, rows and columns numbered.
pub fn draw_table(table: &Table) -> String {
    let Some(((r0, c0), (r1, c1))) = table.bounds() else {
        return "(the table is empty)\n".into();
    };
    let mut text = format!("{:>5} ", "");
    for c in c0..=c1 {
        text.push_str(&format!("{:>3}", c));
    }
    text.push('\n');
    for r in r0..=r1 {
        text.push_str(&format!("{r:>5} "));
        for c in c0..=c1 {
            let shown = table.get((r, c)).map_or('.', Cell::to_char);
            text.push_str(&format!("{shown:>3}"));
        }
        text.push('\n');
    }
    text
}
