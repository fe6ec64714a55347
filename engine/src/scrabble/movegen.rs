//! Move generation: every legal placement for a rack, each once, with its score.
//!
//! Appel and Jacobson's algorithm over the forward word graph. For each line in each direction,
//! every anchor (an empty square next to a tile, or the start square on an empty board) starts
//! words: a left part either already on the board or built from the rack on the empty,
//! non-anchor squares to its left, then extended rightwards through the anchor under the
//! cross-checks (the letters the perpendicular word allows on each square). A move is found
//! only at its leftmost anchor, so each comes once; a one-tile play forming words both ways is
//! kept only in its Across form. Moves go to a callback: nothing is allocated per move.

use lexicon::{LetterSet, NodeId, WordGraph};

use super::board::{Board, Direction};
use super::layout::{SIZE, SQUARES};
use super::moves::Placement;
use super::rack::Rack;
use super::rules::Rules;
use super::tiles::{BLANK, Cell, Letter};

/// No perpendicular word through a square.
const NO_CROSS: i16 = -1;

/// Reusable buffers for generating moves; keep one per thread and call [`MoveGen::generate`].
#[derive(Debug, Clone)]
pub struct MoveGen {
    /// Per direction of the main word, the letters allowed on each empty square.
    cross_sets: [[LetterSet; SQUARES]; 2],
    /// Per direction, the points of the perpendicular word's existing tiles, or [`NO_CROSS`].
    cross_points: [[i16; SQUARES]; 2],
}

impl Default for MoveGen {
    fn default() -> Self {
        MoveGen::new()
    }
}

impl MoveGen {
    /// Empty buffers.
    pub fn new() -> MoveGen {
        MoveGen {
            cross_sets: [[LetterSet::ALL; SQUARES]; 2],
            cross_points: [[NO_CROSS; SQUARES]; 2],
        }
    }

    /// Calls `sink` with every legal placement for `rack` on `board`, and its score.
    pub fn generate(
        &mut self,
        board: &Board,
        rules: &Rules,
        graph: &WordGraph,
        rack: &Rack,
        mut sink: impl FnMut(&Placement, i32),
    ) {
        self.compute_cross_checks(board, rules, graph);
        let mut rack = *rack;
        for direction in Direction::BOTH {
            for line in 0..SIZE {
                let mut line_gen = LineGen::new(
                    self, board, rules, graph, direction, line, &mut rack, &mut sink,
                );
                line_gen.run(board.is_empty());
            }
        }
    }

    /// Fills the cross-check sets and cross points of every empty square, for both directions.
    fn compute_cross_checks(&mut self, board: &Board, rules: &Rules, graph: &WordGraph) {
        for direction in Direction::BOTH {
            let d = direction as usize;
            let cross = direction.cross();
            // Square (line, pos) in `direction` lies at position `line` of line `pos` across.
            for cross_line in 0..SIZE {
                let cells = board.line(cross, cross_line);
                for p in 0..SIZE {
                    let square = cross.square(cross_line, p);
                    if !cells[p].is_empty() {
                        continue;
                    }
                    let before = p > 0 && !cells[p - 1].is_empty();
                    let after = p + 1 < SIZE && !cells[p + 1].is_empty();
                    if !before && !after {
                        self.cross_sets[d][square] = LetterSet::ALL;
                        self.cross_points[d][square] = NO_CROSS;
                        continue;
                    }
                    let mut first = p;
                    while first > 0 && !cells[first - 1].is_empty() {
                        first -= 1;
                    }
                    let mut end = p + 1;
                    while end < SIZE && !cells[end].is_empty() {
                        end += 1;
                    }
                    let points: i32 = cells[first..p]
                        .iter()
                        .chain(&cells[p + 1..end])
                        .map(|&c| rules.tiles.cell_points(c))
                        .sum();
                    self.cross_points[d][square] = points as i16;
                    self.cross_sets[d][square] =
                        allowed_letters(graph, &cells[first..p], &cells[p + 1..end]);
                }
            }
        }
    }
}

/// The letters that make `prefix + letter + suffix` a word.
fn allowed_letters(graph: &WordGraph, prefix: &[Cell], suffix: &[Cell]) -> LetterSet {
    let Some(node) = prefix
        .iter()
        .try_fold(graph.root(), |node, c| graph.child(node, c.letter()))
    else {
        return LetterSet::NONE;
    };
    let mut allowed = LetterSet::NONE;
    for letter in graph.letters(node).iter() {
        let child = graph.child(node, letter).expect("letter leaves the node");
        let end = suffix
            .iter()
            .try_fold(child, |node, c| graph.child(node, c.letter()));
        if end.is_some_and(|end| graph.is_word(end)) {
            allowed.0 |= 1 << letter;
        }
    }
    allowed
}

/// The generator for one line in one direction.
struct LineGen<'a, F> {
    graph: &'a WordGraph,
    rules: &'a Rules,
    direction: Direction,
    line: usize,
    cells: &'a [Cell],
    cross_sets: &'a [LetterSet; SQUARES],
    cross_points: &'a [i16; SQUARES],
    rack: &'a mut Rack,
    sink: &'a mut F,
    /// Tiles placed at each position of the line (EMPTY where none).
    placed: [Cell; SIZE],
    /// The left part built from the rack, in reading order.
    left: [Cell; SIZE],
    left_len: usize,
    anchor: usize,
}

impl<'a, F: FnMut(&Placement, i32)> LineGen<'a, F> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        buffers: &'a MoveGen,
        board: &'a Board,
        rules: &'a Rules,
        graph: &'a WordGraph,
        direction: Direction,
        line: usize,
        rack: &'a mut Rack,
        sink: &'a mut F,
    ) -> Self {
        let d = direction as usize;
        LineGen {
            graph,
            rules,
            direction,
            line,
            cells: board.line(direction, line),
            cross_sets: &buffers.cross_sets[d],
            cross_points: &buffers.cross_points[d],
            rack,
            sink,
            placed: [Cell::EMPTY; SIZE],
            left: [Cell::EMPTY; SIZE],
            left_len: 0,
            anchor: 0,
        }
    }

    fn square(&self, pos: usize) -> usize {
        self.direction.square(self.line, pos)
    }

    fn is_anchor(&self, pos: usize, empty_board: bool) -> bool {
        if !self.cells[pos].is_empty() {
            return false;
        }
        if empty_board {
            return self.square(pos) == self.rules.layout.start();
        }
        let occupied = |p: Option<usize>| p.is_some_and(|p| p < SIZE && !self.cells[p].is_empty());
        occupied(pos.checked_sub(1))
            || occupied(Some(pos + 1))
            || self.cross_points[self.square(pos)] != NO_CROSS
    }

    fn run(&mut self, empty_board: bool) {
        let mut previous_anchor: Option<usize> = None;
        for anchor in 0..SIZE {
            if !self.is_anchor(anchor, empty_board) {
                continue;
            }
            self.anchor = anchor;
            // No tile of the rack fits the anchor: no move covers it (it still bounds left parts).
            if self.cross_sets[self.square(anchor)].0 & self.rack.playable_letters() == 0 {
                previous_anchor = Some(anchor);
                continue;
            }
            if anchor > 0 && !self.cells[anchor - 1].is_empty() {
                // The left part is the tiles already on the board.
                let mut first = anchor - 1;
                while first > 0 && !self.cells[first - 1].is_empty() {
                    first -= 1;
                }
                self.left_len = 0;
                let node = self.cells[first..anchor]
                    .iter()
                    .try_fold(self.graph.root(), |node, c| {
                        self.graph.child(node, c.letter())
                    });
                if let Some(node) = node {
                    self.extend_right(node, anchor, first);
                }
            } else {
                let stop = previous_anchor.map_or(0, |p| p + 1);
                let limit = (anchor - stop).min(self.rack.len().saturating_sub(1));
                self.left_len = 0;
                self.left_part(self.graph.root(), limit);
            }
            previous_anchor = Some(anchor);
        }
    }

    /// Builds left parts of up to `limit` rack tiles on the empty squares before the anchor.
    fn left_part(&mut self, node: NodeId, limit: usize) {
        self.extend_right(node, self.anchor, self.anchor - self.left_len);
        if limit == 0 {
            return;
        }
        for letter in self.graph.letters(node).iter() {
            let child = self
                .graph
                .child(node, letter)
                .expect("letter leaves the node");
            for blank in [false, true] {
                let kind = if blank { BLANK } else { usize::from(letter) };
                if !self.rack.take(kind) {
                    continue;
                }
                self.left[self.left_len] = Cell::tile(letter, blank);
                self.left_len += 1;
                self.left_part(child, limit - 1);
                self.left_len -= 1;
                self.rack.add(kind);
            }
        }
    }

    /// Extends a word from `pos` rightwards; the word began at `start`.
    fn extend_right(&mut self, node: NodeId, pos: usize, start: usize) {
        if pos >= SIZE || self.cells[pos].is_empty() {
            if pos > self.anchor && self.graph.is_word(node) {
                self.record(start, pos);
            }
            if pos >= SIZE {
                return;
            }
            let allowed =
                LetterSet(self.graph.letters(node).0 & self.cross_sets[self.square(pos)].0);
            for letter in allowed.iter() {
                let child = self
                    .graph
                    .child(node, letter)
                    .expect("letter leaves the node");
                self.place(child, pos, start, letter);
            }
        } else {
            let letter = self.cells[pos].letter();
            if let Some(child) = self.graph.child(node, letter) {
                self.extend_right(child, pos + 1, start);
            }
        }
    }

    fn place(&mut self, child: NodeId, pos: usize, start: usize, letter: Letter) {
        for blank in [false, true] {
            let kind = if blank { BLANK } else { usize::from(letter) };
            if !self.rack.take(kind) {
                continue;
            }
            self.placed[pos] = Cell::tile(letter, blank);
            self.extend_right(child, pos + 1, start);
            self.placed[pos] = Cell::EMPTY;
            self.rack.add(kind);
        }
    }

    /// Hands the word on positions `start..end` to the sink, with its score.
    fn record(&mut self, start: usize, end: usize) {
        let mut placement = Placement::new(self.direction, self.line, start);
        placement.len = (end - start) as u8;
        let left_start = self.anchor - self.left_len;
        let mut main = 0;
        let mut word_multiplier = 1;
        let mut cross_total = 0;
        let mut placed_count = 0;
        let mut single_cross = false;
        for pos in start..end {
            let cell = if pos < self.anchor && pos >= left_start && self.cells[pos].is_empty() {
                self.left[pos - left_start]
            } else {
                self.placed[pos]
            };
            let square = self.square(pos);
            if cell.is_empty() {
                main += self.rules.tiles.cell_points(self.cells[pos]);
                continue;
            }
            placement.tiles[pos - start] = cell;
            placed_count += 1;
            let letter_points =
                self.rules.tiles.cell_points(cell) * self.rules.layout.letter_multiplier(square);
            let multiplier = self.rules.layout.word_multiplier(square);
            main += letter_points;
            word_multiplier *= multiplier;
            let cross = self.cross_points[square];
            if cross != NO_CROSS {
                cross_total += (i32::from(cross) + letter_points) * multiplier;
                single_cross = true;
            }
        }
        // A one-tile play forming words both ways was already found Across.
        if self.direction == Direction::Down && placed_count == 1 && single_cross {
            return;
        }
        let mut score = main * word_multiplier + cross_total;
        if placed_count >= self.rules.numbers.bingo_tiles {
            score += self.rules.numbers.bingo_bonus;
        }
        (self.sink)(&placement, score);
    }
}
