//! Cross-checks: the letters each empty square allows by its perpendicular word, and that
//! word's points.

use lexicon::{LetterSet, Lexicon, WordGraph};

use super::lines::{LineSquares, WHOLE_LINE, occupancy};
use super::{Checked, MoveGen, NO_CROSS};
use crate::bits::mask_bits;
use crate::scrabble::board::{Board, Direction};
use crate::scrabble::layout::SIZE;
use crate::scrabble::rules::Rules;
use crate::scrabble::tiles::{Cell, KINDS};

impl MoveGen {
    /// Fills the cross-check sets and cross points of every empty square, for both directions,
    /// and the lines' squares: those a change reaches since the last call, if that was for the
    /// same lexicon, tile `points` and layout.
    pub(super) fn compute_cross_checks(
        &mut self,
        board: &Board,
        rules: &Rules,
        points: &[i32; KINDS],
        lexicon: &Lexicon,
    ) {
        let previous = self.checked.as_ref().filter(|checked| {
            checked.lexicon == lexicon.id()
                && checked.points == *points
                && checked.layout == rules.layout
        });
        let changed = previous.map_or([u16::MAX; 2], |checked| board.changed_since(&checked.board));
        // The squares to work out again, by direction and line: every square of the lines
        // whose tiles changed (the columns and rows `changed` names the other way round), and
        // those whose cross-checks changed.
        let mut stale = [[0u16; SIZE]; 2];
        for direction in Direction::BOTH {
            let lines_changed = u32::from(changed[direction.cross() as usize] & WHOLE_LINE);
            for line in mask_bits(lines_changed) {
                stale[direction as usize][line] = WHOLE_LINE;
            }
        }
        // Without backwards words, a square's cross-check is that of its two neighbouring runs
        // of tiles: one whose runs did not change keeps it.
        let unchanged_runs =
            previous.filter(|checked| !board.has_backwards() && !checked.board.has_backwards());
        for direction in Direction::BOTH {
            let d = direction as usize;
            let cross = direction.cross();
            // Square (line, pos) in `direction` lies at position `line` of line `pos` across.
            for cross_line in (0..SIZE).filter(|&line| changed[d] & (1 << line) != 0) {
                let cells = board.line(cross, cross_line);
                let before_cells =
                    unchanged_runs.map(|checked| checked.board.line(cross, cross_line));
                let occupied = u32::from(occupancy(cells));
                let empty = !occupied & u32::from(WHOLE_LINE);
                let touching = empty & (occupied << 1 | occupied >> 1);
                // Squares beside no tile have no perpendicular word (any more).
                for p in mask_bits(empty & !touching) {
                    let square = cross.square(cross_line, p);
                    if self.cross_points[d][square] != NO_CROSS {
                        self.cross_sets[d][square] = LetterSet::ALL;
                        self.cross_points[d][square] = NO_CROSS;
                        stale[d][p] |= 1 << cross_line;
                    }
                }
                for p in mask_bits(touching) {
                    let square = cross.square(cross_line, p);
                    // The runs of tiles before and after the square, from the masks.
                    let first = p - (occupied << (31 - p) << 1).leading_ones() as usize;
                    let end = p + 1 + (occupied >> (p + 1)).trailing_ones() as usize;
                    // The runs and the empty squares bounding them, as they were.
                    let around = first.saturating_sub(1)..=end.min(SIZE - 1);
                    if before_cells.is_some_and(|before| before[around.clone()] == cells[around]) {
                        continue;
                    }
                    let points: i32 = cells[first..p]
                        .iter()
                        .chain(&cells[p + 1..end])
                        .map(|&c| rules.tiles.cell_points(c))
                        .sum();
                    self.cross_points[d][square] = points as i16;
                    stale[d][p] |= 1 << cross_line;
                    // A perpendicular word through a backwards word reads backwards too.
                    let backwards = board.has_backwards()
                        && (first..end).any(|q| {
                            q != p && board.is_backwards(cross.square(cross_line, q), cross)
                        });
                    let (prefix, suffix) = (&cells[first..p], &cells[p + 1..end]);
                    self.cross_sets[d][square] =
                        self.cross_memo.allowed(lexicon, prefix, suffix, backwards);
                }
            }
        }
        for direction in Direction::BOTH {
            let d = direction as usize;
            let cross = (&self.cross_sets[d], &self.cross_points[d]);
            for (line, &positions) in stale[d].iter().enumerate() {
                let squares = &mut self.lines[d * SIZE + line];
                let start = rules.layout.start();
                if previous.is_none() {
                    *squares = LineSquares::of_layout(&rules.layout, direction, line);
                }
                match positions {
                    0 => {}
                    WHOLE_LINE => squares.update(board, start, cross, direction, line),
                    _ => squares.update_cross_checks(
                        board,
                        start,
                        cross,
                        (direction, line),
                        positions,
                    ),
                }
            }
        }
        let kept = previous.is_some();
        // The board is plain data: a copy, no allocation.
        match &mut self.checked {
            Some(checked) if kept => checked.board.clone_from(board),
            _ => {
                self.checked = Some(Checked {
                    board: board.clone(),
                    lexicon: lexicon.id(),
                    points: *points,
                    layout: rules.layout.clone(),
                })
            }
        }
    }
}

/// Cross-check sets worked out before, by the letters of the perpendicular word around the
/// square: a search's boards hold the same short words again and again.
#[derive(Debug, Clone, Default)]
pub(super) struct CrossMemo {
    /// The lexicon the sets are for.
    lexicon: u64,
    /// Each slot's key ([`CrossMemo::key`]) and set; [`NO_KEY`] where empty.
    entries: Vec<(u128, LetterSet)>,
}

/// Slots in a [`CrossMemo`] (a power of two).
const MEMO_SLOTS: usize = 1 << 11;

/// The key of an empty slot: no word's (a key uses 79 bits).
const NO_KEY: u128 = u128::MAX;

impl CrossMemo {
    /// The letters that make `prefix + letter + suffix` a word of `lexicon` (read backwards
    /// if `backwards`), worked out unless known.
    fn allowed(
        &mut self,
        lexicon: &Lexicon,
        prefix: &[Cell],
        suffix: &[Cell],
        backwards: bool,
    ) -> LetterSet {
        if self.entries.is_empty() || self.lexicon != lexicon.id() {
            self.lexicon = lexicon.id();
            self.entries.clear();
            self.entries.resize(MEMO_SLOTS, (NO_KEY, LetterSet::NONE));
        }
        // At most 14 letters of 5 bits, then the two runs' lengths and the reading.
        let letters = (prefix.iter().chain(suffix))
            .fold(0u128, |key, cell| key << 5 | u128::from(cell.letter()));
        let key = letters << 9
            | (prefix.len() as u128) << 5
            | (suffix.len() as u128) << 1
            | u128::from(backwards);
        let folded = (key as u64) ^ ((key >> 64) as u64);
        let slot = (folded.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 53) as usize;
        let (known, set) = self.entries[slot];
        if known == key {
            return set;
        }
        let set = if backwards {
            // The GADDAG's paths without a separator are the words reversed.
            allowed_letters(lexicon.gaddag(), prefix, suffix.iter())
        } else if suffix.len() <= prefix.len() {
            allowed_letters(lexicon.graph(), prefix, suffix.iter())
        } else {
            // Reversed, in the GADDAG: the longer run is read once and each letter tried
            // with the shorter.
            allowed_letters(lexicon.gaddag(), suffix.iter().rev(), prefix.iter().rev())
        };
        self.entries[slot] = (key, set);
        set
    }
}

// The memo's slot is the top bits of a 64-bit product.
const _: () = assert!(MEMO_SLOTS == 1 << (64 - 53));

/// The letters that make `prefix + letter + suffix` a path to a word in `graph`.
fn allowed_letters<'c>(
    graph: &WordGraph,
    prefix: impl IntoIterator<Item = &'c Cell>,
    suffix: impl Iterator<Item = &'c Cell> + Clone,
) -> LetterSet {
    let Some(node) = prefix
        .into_iter()
        .try_fold(graph.root(), |node, c| graph.child(node, c.letter()))
    else {
        return LetterSet::NONE;
    };
    if suffix.clone().next().is_none() {
        return graph.word_ending_letters(node);
    }
    let mut allowed = LetterSet::NONE;
    for letter in graph.letters(node).iter() {
        let child = graph.child(node, letter).expect("letter leaves the node");
        let end = suffix
            .clone()
            .try_fold(child, |node, c| graph.child(node, c.letter()));
        if end.is_some_and(|end| graph.is_word(end)) {
            allowed.0 |= 1 << letter;
        }
    }
    allowed
}
