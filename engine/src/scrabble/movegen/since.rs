//! What differs between two boards for the generator: the squares a change reaches, and so
//! the anchors whose moves stay as they were; a search from one board (a root) lists only the
//! moves at the anchors its plays changed.

use lexicon::Lexicon;

use super::lines::{LineSquares, WHOLE_LINE, occupancy};
use super::{Anchors, Candidate, MoveGen, Readings};
use crate::bits::mask_bits;
use crate::scrabble::board::{Board, Direction};
use crate::scrabble::layout::SIZE;
use crate::scrabble::rack::Rack;
use crate::scrabble::rules::Rules;
use crate::scrabble::tiles::KINDS;

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
            return Reached([WHOLE_LINE; 2 * SIZE]);
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
        return [WHOLE_LINE; 2 * SIZE];
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
    (positions | positions << 1 | positions >> 1) & WHOLE_LINE
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
