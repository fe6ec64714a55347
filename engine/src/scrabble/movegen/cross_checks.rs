//! Cross-checks: the letters each empty square allows by its perpendicular word, and that
//! word's points.

use lexicon::{LetterSet, Lexicon, WordGraph};

use super::lines::LineSquares;
use super::{Anchors, Candidate, Checked, MoveGen, NO_CROSS, Readings};
use crate::bits::mask_bits;
use crate::scrabble::board::{Board, Direction};
use crate::scrabble::layout::SIZE;
use crate::scrabble::rack::Rack;
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

/// Every square of a line, as a mask.
const WHOLE_LINE: u16 = (1 << SIZE) - 1;

/// A board and its lines as the walk reads them, kept to compare later boards with
/// ([`MoveGen::generate_since`]).
#[derive(Debug, Clone, Default)]
pub struct LinesSeen {
    board: Board,
    lines: Vec<LineSquares>,
    /// The squares a search through each anchor reads for each rack size up to
    /// [`SEEN_TILES`], by line, anchor and size ([`LineSquares::reach`] as a mask).
    reaches: Vec<u16>,
}

/// The rack sizes whose reaches [`LinesSeen`] keeps: a full rack's and less.
const SEEN_TILES: usize = 7;

/// Squares `first..=last` of a line as a mask.
fn span(first: usize, last: usize) -> u16 {
    ((1u32 << (last + 1)) - (1u32 << first)) as u16
}

/// Per line (entry `direction * SIZE + line`), the positions along it whose squares may read
/// otherwise on one board than on another (bit `pos` for each): see [`squares_reached`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reached([u16; 2 * SIZE]);

impl Reached {
    /// No square: a board as it was.
    pub const NONE: Reached = Reached([0; 2 * SIZE]);

    /// The squares reached from the board `seen` holds to `to`, given those reached from it
    /// to a board before `to` (these), `to` holding that board's tiles and more, laid on the
    /// squares `laid`. The same squares [`squares_reached`] finds from the two boards, for
    /// the work of the tiles laid alone.
    pub fn with_laid(
        &self,
        seen: &LinesSeen,
        to: &Board,
        laid: impl IntoIterator<Item = usize>,
    ) -> Reached {
        let from = &seen.board;
        if from.has_backwards() || to.has_backwards() {
            return Reached([span(0, SIZE - 1); 2 * SIZE]);
        }
        let mut differing = [0u16; 2 * SIZE];
        for square in laid {
            mark_square(&mut differing, square);
        }
        // A run through a square laid before either holds a square laid now, whose run it
        // is, or is as it was: the squares it reached then are those it reaches now.
        let mut reached = reached_by(from, to, &differing);
        for (now, before) in reached.iter_mut().zip(&self.0) {
            *now |= before;
        }
        Reached(reached)
    }
}

/// Per line, the positions along it whose squares may read otherwise on `to` than on `from`:
/// each square whose tile differs and its neighbours along both lines through it (whose
/// anchors it may make), and along each run of tiles through such a square (on either
/// board), on every line the run crosses, from the square before the run to the one after
/// it (whose cross-checks the run makes); every square where either board holds a word read
/// backwards.
fn squares_reached(from: &Board, to: &Board) -> [u16; 2 * SIZE] {
    // A word read backwards marks tiles already down: every square may read otherwise.
    if from.has_backwards() || to.has_backwards() {
        return [span(0, SIZE - 1); 2 * SIZE];
    }
    // The squares whose tiles differ: rows compared whole first, since most are as they were.
    let mut differing = [0u16; 2 * SIZE];
    for row in 0..SIZE {
        let (before, after) = (
            from.line(Direction::Across, row),
            to.line(Direction::Across, row),
        );
        if before == after {
            continue;
        }
        for col in (0..SIZE).filter(|&col| before[col] != after[col]) {
            mark_square(&mut differing, row * SIZE + col);
        }
    }
    reached_by(from, to, &differing)
}

/// Puts `square` (row-major) in `lines`, by line both ways.
fn mark_square(lines: &mut [u16; 2 * SIZE], square: usize) {
    let (row, col) = (square / SIZE, square % SIZE);
    lines[Direction::Across as usize * SIZE + row] |= 1 << col;
    lines[Direction::Down as usize * SIZE + col] |= 1 << row;
}

/// What [`squares_reached`] finds from the squares `differing` (by line both ways) whose
/// tiles differ on the two boards, neither holding a backwards word.
fn reached_by(from: &Board, to: &Board, differing: &[u16; 2 * SIZE]) -> [u16; 2 * SIZE] {
    let mut reached = [0u16; 2 * SIZE];
    for direction in Direction::BOTH {
        let crossing = direction.cross() as usize * SIZE;
        for line in 0..SIZE {
            let at = direction as usize * SIZE + line;
            let changed = differing[at];
            if changed == 0 {
                continue;
            }
            reached[at] |= widened(changed);
            // The runs of tiles through the changed squares on either board, each with the
            // squares just past it: the lines across them hold cross-checks they make.
            let runs = [from, to].map(|board| {
                run_through(occupancy(board.line(direction, line)) | changed, changed)
            });
            for crossed in mask_bits(u32::from(widened(runs[0] | runs[1]))) {
                reached[crossing + crossed] |= 1 << line;
            }
        }
    }
    reached
}

/// The positions of `positions` and those next to them along the line.
fn widened(positions: u16) -> u16 {
    (positions | positions << 1 | positions >> 1) & span(0, SIZE - 1)
}

/// The squares of a line holding tiles: bit `pos` for each.
fn occupancy(cells: &[Cell]) -> u16 {
    cells.iter().enumerate().fold(0, |mask, (pos, cell)| {
        mask | u16::from(!cell.is_empty()) << pos
    })
}

/// The runs of `filled` (bit `pos` for each square) that hold a square of `seeds`.
fn run_through(filled: u16, seeds: u16) -> u16 {
    let mut run = seeds & filled;
    loop {
        let grown = widened(run) & filled;
        if grown == run {
            return run;
        }
        run = grown;
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
        let reach = |at: usize, anchor: usize| {
            let (first, last) = before[at].reach(anchor, tiles);
            span(first, last)
        };
        self.anchors_kept_from(&before, &squares_reached(from, to), reach, true)
    }

    /// Works out `board`'s lines and keeps them in `seen`, for
    /// [`MoveGen::generate_since`].
    pub fn see_lines(
        &mut self,
        board: &Board,
        rules: &Rules,
        lexicon: &Lexicon,
        seen: &mut LinesSeen,
    ) {
        let points: [i32; KINDS] = std::array::from_fn(|kind| rules.tiles.points(kind));
        self.compute_cross_checks(board, rules, &points, lexicon);
        seen.board.clone_from(board);
        seen.lines.clear();
        seen.lines.extend_from_slice(&self.lines);
        seen.reaches.clear();
        seen.reaches.resize(2 * SIZE * SIZE * (SEEN_TILES + 1), 0);
        for (at, line) in seen.lines.iter().enumerate() {
            for anchor in mask_bits(u32::from(line.anchors)) {
                for tiles in 0..=SEEN_TILES {
                    let (first, last) = line.reach(anchor, tiles);
                    seen.reaches[(at * SIZE + anchor) * (SEEN_TILES + 1) + tiles] =
                        span(first, last);
                }
            }
        }
    }

    /// Calls `sink` with the placements for `rack` on `to` found at the anchors where they
    /// may differ from those on the board `seen` holds ([`MoveGen::anchors_changed`]), each
    /// with its anchor as [`MoveGen::generate_at`] gives it; returns the anchors of that board
    /// whose placements (for a rack of as many tiles) are the same on `to`. `reached` holds
    /// the squares reached from that board to `to` ([`Reached::with_laid`]).
    pub fn generate_since(
        &mut self,
        seen: &LinesSeen,
        (to, reached): (&Board, &Reached),
        rules: &Rules,
        lexicon: &Lexicon,
        rack: &Rack,
        sink: impl FnMut((Direction, usize, usize), &Candidate<'_>),
    ) -> Anchors {
        let points: [i32; KINDS] = std::array::from_fn(|kind| rules.tiles.points(kind));
        self.compute_cross_checks(to, rules, &points, lexicon);
        let tiles = rack.len();
        let reach = |at: usize, anchor: usize| match tiles {
            0..=SEEN_TILES => seen.reaches[(at * SIZE + anchor) * (SEEN_TILES + 1) + tiles],
            _ => {
                let (first, last) = seen.lines[at].reach(anchor, tiles);
                span(first, last)
            }
        };
        debug_assert_eq!(
            reached.0,
            squares_reached(&seen.board, to),
            "the squares reached given are not the boards'"
        );
        // A search's positions ask this of every position: the changed squares, kept as
        // tiles are laid, cost less than the few anchors comparing would keep.
        let (kept, changed) = self.anchors_kept_from(&seen.lines, &reached.0, reach, false);
        let usual = (&changed, Readings::Usual);
        self.generate_in(to, rules, &points, lexicon, rack, usual, sink);
        kept
    }

    /// The anchors of the lines `before` whose moves are those of the lines worked out last,
    /// and the anchors of those whose moves may not be: only the squares `reached`
    /// ([`squares_reached`]) may differ, and with `compare` the lines holding them are
    /// compared to find those that do (fewer anchors changed, for a little more work);
    /// `reach` gives the squares a search through an anchor reads (by line index and anchor).
    fn anchors_kept_from(
        &self,
        before: &[LineSquares],
        reached: &[u16; 2 * SIZE],
        reach: impl Fn(usize, usize) -> u16,
        compare: bool,
    ) -> (Anchors, Anchors) {
        let (mut kept, mut changed) = (Anchors::NONE, Anchors::NONE);
        for (at, (now, then)) in self.lines.iter().zip(before).enumerate() {
            let (direction, line) = (Direction::BOTH[at / SIZE], at % SIZE);
            let reached = u32::from(reached[at]);
            // Most lines are as they were, all their anchors kept.
            if reached == 0 {
                debug_assert!(now == then, "{direction:?} line {line} changed unreached");
                kept.insert_all(direction, line, then.anchors);
                continue;
            }
            // Whether a line is read backwards too (through a backwards word) is the whole
            // line's: a change there may change the moves at any of its anchors.
            if now.backwards_tiles == then.backwards_tiles {
                debug_assert_eq!(
                    u32::from(now.differing(then)) & !reached,
                    0,
                    "{direction:?} line {line} changed where no change reaches"
                );
                let differing = if compare {
                    u32::from(now.differing(then))
                } else {
                    reached
                };
                for anchor in mask_bits(u32::from(then.anchors)) {
                    if differing & u32::from(reach(at, anchor)) == 0 {
                        kept.insert(direction, line, anchor);
                    }
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
