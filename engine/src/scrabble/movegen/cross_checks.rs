//! Cross-checks: the letters each empty square allows by its perpendicular word, and that
//! word's points.

use lexicon::{LetterSet, Lexicon, WordGraph};

use super::lines::LineSquares;
use super::{Anchors, Checked, MoveGen, NO_CROSS};
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
        // The board is plain data: a copy, no allocation.
        let previous = self.checked.replace(Checked {
            board: board.clone(),
            lexicon: lexicon.id(),
            points: *points,
            layout: rules.layout.clone(),
        });
        let previous = previous.filter(|checked| {
            checked.lexicon == lexicon.id()
                && checked.points == *points
                && checked.layout == rules.layout
        });
        let changed = previous
            .as_ref()
            .map_or([u16::MAX; 2], |checked| board.changed_since(&checked.board));
        // The lines to work out again, by direction: those whose tiles changed (the columns
        // and rows `changed` names the other way round), and those a cross-check changed on.
        let mut stale = [
            changed[Direction::Down as usize],
            changed[Direction::Across as usize],
        ];
        // Without backwards words, a square's cross-check is that of its two neighbouring runs
        // of tiles: one whose runs did not change keeps it.
        let unchanged_runs = previous
            .as_ref()
            .filter(|checked| !board.has_backwards() && !checked.board.has_backwards());
        for direction in Direction::BOTH {
            let d = direction as usize;
            let cross = direction.cross();
            // Square (line, pos) in `direction` lies at position `line` of line `pos` across.
            for cross_line in (0..SIZE).filter(|&line| changed[d] & (1 << line) != 0) {
                let cells = board.line(cross, cross_line);
                let before_cells =
                    unchanged_runs.map(|checked| checked.board.line(cross, cross_line));
                let occupied = cells
                    .iter()
                    .enumerate()
                    .fold(0u32, |mask, (p, c)| mask | u32::from(!c.is_empty()) << p);
                let empty = !occupied & ((1 << SIZE) - 1);
                let touching = empty & (occupied << 1 | occupied >> 1);
                // Squares beside no tile have no perpendicular word (any more).
                for p in mask_bits(empty & !touching) {
                    let square = cross.square(cross_line, p);
                    if self.cross_points[d][square] != NO_CROSS {
                        self.cross_sets[d][square] = LetterSet::ALL;
                        self.cross_points[d][square] = NO_CROSS;
                        stale[d] |= 1 << p;
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
                    stale[d] |= 1 << p;
                    // A perpendicular word through a backwards word reads backwards too.
                    let backwards = board.has_backwards()
                        && (first..end).any(|q| {
                            q != p && board.is_backwards(cross.square(cross_line, q), cross)
                        });
                    let (prefix, suffix) = (&cells[first..p], &cells[p + 1..end]);
                    self.cross_sets[d][square] = if backwards {
                        // The GADDAG's paths without a separator are the words reversed.
                        allowed_letters(lexicon.gaddag(), prefix, suffix.iter())
                    } else if suffix.len() <= prefix.len() {
                        allowed_letters(lexicon.graph(), prefix, suffix.iter())
                    } else {
                        // Reversed, in the GADDAG: the longer run is read once and each letter
                        // tried with the shorter.
                        allowed_letters(lexicon.gaddag(), suffix.iter().rev(), prefix.iter().rev())
                    };
                }
            }
        }
        for direction in Direction::BOTH {
            let d = direction as usize;
            let cross = (&self.cross_sets[d], &self.cross_points[d]);
            for line in (0..SIZE).filter(|&line| stale[d] & (1 << line) != 0) {
                let squares = &mut self.lines[d * SIZE + line];
                if previous.is_none() {
                    *squares = LineSquares::of_layout(&rules.layout, direction, line);
                }
                squares.update(board, rules.layout.start(), cross, direction, line);
            }
        }
    }
}

impl MoveGen {
    /// How the moves of a rack of `tiles` tiles differ between `from` and `to`, by the
    /// anchors they are found at: the anchors of `from` whose moves are the same on `to`
    /// (the squares a search through them reads are alike on both boards), and the anchors of
    /// `to` whose moves may not be. A move of `to` is found at one or the other.
    pub fn anchors_changed(
        &mut self,
        (from, to): (&Board, &Board),
        rules: &Rules,
        lexicon: &Lexicon,
        tiles: usize,
    ) -> (Anchors, Anchors) {
        let points: [i32; KINDS] = std::array::from_fn(|kind| rules.tiles.points(kind));
        self.compute_cross_checks(from, rules, &points, lexicon);
        let before: [LineSquares; 2 * SIZE] = std::array::from_fn(|at| self.lines[at]);
        self.compute_cross_checks(to, rules, &points, lexicon);
        let (mut kept, mut changed) = (Anchors::NONE, Anchors::NONE);
        for (at, (now, then)) in self.lines.iter().zip(&before).enumerate() {
            let (direction, line) = (Direction::BOTH[at / SIZE], at % SIZE);
            let whole = now == then;
            // Whether a line is read backwards too (through a backwards word) is the whole
            // line's: a change there may change the moves at any of its anchors.
            let readings_alike = now.backwards_tiles == then.backwards_tiles;
            for anchor in mask_bits(u32::from(then.anchors)) {
                let (first, last) = then.reach(anchor, tiles);
                if whole || readings_alike && now.same_within(then, first, last) {
                    kept.insert(direction, line, anchor);
                }
            }
            for anchor in mask_bits(u32::from(now.anchors)) {
                if !kept.holds(direction, line, anchor) {
                    changed.insert(direction, line, anchor);
                }
            }
        }
        (kept, changed)
    }
}

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
