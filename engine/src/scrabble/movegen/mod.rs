//! Move generation: every legal placement for a rack, each once, with its score.
//!
//! Gordon's GADDAG algorithm. For each line in each direction, every anchor (an empty square
//! next to a tile, or the start square on an empty board) starts words. Beside tiles on its
//! left, the generator reads those tiles backwards from the anchor, turns right at the GADDAG's
//! separator and places from the anchor on; otherwise it reads the tiles right after the
//! anchor backwards from their end, places a tile on the anchor, goes on leftwards onto empty
//! non-anchor squares, turns right at the separator and reads on past those tiles. Board tiles
//! read first let the graph admit only letters that fit them; tiles are placed under the
//! cross-checks (the letters the perpendicular word allows on each square): on each square the
//! rack's own letters first, then a blank, taken once, as each letter (it scores the same
//! whatever it stands for), each tile only if its node can end a word, go on or turn (one mask
//! test, worked out once for the square); once the rack's last blank is down, the walk goes on
//! in its copy without blank tests. A move is found only at its leftmost anchor, so each
//! comes once; a one-tile play forming words both ways is kept only in its Across form. The
//! score is kept as the walk goes, and moves go to a callback as [`Candidate`]s that build
//! their [`Placement`] only when asked: nothing is allocated.

mod best;
mod candidate;
mod cross_checks;
mod lines;
mod shadow;
mod since;
mod walk;
mod whole;

pub use best::Ranking;
pub use candidate::Candidate;
use candidate::Every;
pub use lines::Anchors;
use lines::LineSquares;
pub use shadow::Stretch;
pub use since::{LinesSeen, Reached};
use walk::LineGen;

use lexicon::{LetterSet, Lexicon};

use super::board::{Board, Direction};
use super::layout::{Layout, SIZE, SQUARES};
use super::rack::Rack;
use super::rules::Rules;
use super::tiles::KINDS;

// Tile counts on a line are masked with SIZE to index tables of SIZE + 1 entries.
const _: () = assert!((SIZE + 1).is_power_of_two());

/// No perpendicular word through a square.
const NO_CROSS: i16 = -1;

/// Reusable buffers for generating moves; keep one per thread and call [`MoveGen::generate`].
#[derive(Debug, Clone)]
pub struct MoveGen {
    /// Per direction of the main word, the letters allowed on each empty square.
    cross_sets: [[LetterSet; SQUARES]; 2],
    /// Per direction, the points of the perpendicular word's existing tiles, or [`NO_CROSS`].
    cross_points: [[i16; SQUARES]; 2],
    /// Anchors and their bounds, reused by [`MoveGen::best`].
    ranked: Vec<best::RankedAnchor>,
    /// The ranked anchors' per-stretch bounds, for a search that abandons partial words.
    stretches: Vec<i32>,
    /// What the last search's rack spells by itself, and for which lexicon and tile points:
    /// the answers below are for that rack.
    spelled: Option<shadow::RackSpelled>,
    /// Answers to "do the whole rack and these board letters spell a word?".
    whole_with: whole::CountsMap<bool>,
    /// Words for plays looked up (the whole rack, or nearly), by their letters.
    whole_words: whole::WholeWords,
    /// A search's pieces of work, reused by [`MoveGen::best`].
    work: Vec<best::Work>,
    /// Each line's squares, by direction then line, as last worked out.
    lines: Vec<LineSquares>,
    /// What the cross-checks and lines were last worked out for: only the squares whose
    /// neighbouring runs of tiles a change reaches, and the lines holding them, are worked
    /// out again.
    checked: Option<Checked>,
    /// Cross-check sets worked out before, by their words' letters.
    cross_memo: cross_checks::CrossMemo,
}

/// The position, lexicon, tile points and layout the cross-checks and lines hold for.
#[derive(Debug, Clone)]
struct Checked {
    board: Board,
    lexicon: u64,
    points: [i32; KINDS],
    layout: Layout,
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
            ranked: Vec::with_capacity(2 * SQUARES),
            stretches: Vec::new(),
            spelled: None,
            whole_with: whole::CountsMap::default(),
            whole_words: whole::WholeWords::default(),
            work: Vec::with_capacity(4 * SQUARES),
            lines: vec![LineSquares::UNSET; 2 * SIZE],
            checked: None,
            cross_memo: cross_checks::CrossMemo::default(),
        }
    }

    /// Calls `sink` with every legal placement for `rack` on `board`, and its score.
    pub fn generate(
        &mut self,
        board: &Board,
        rules: &Rules,
        lexicon: &Lexicon,
        rack: &Rack,
        sink: impl FnMut(&Candidate<'_>),
    ) {
        self.generate_with(board, rules, lexicon, rack, false, sink);
    }

    /// As [`MoveGen::generate`]; with `confundo`, also every placement whose main word reads
    /// backwards (the Confundo card).
    pub fn generate_with(
        &mut self,
        board: &Board,
        rules: &Rules,
        lexicon: &Lexicon,
        rack: &Rack,
        confundo: bool,
        mut sink: impl FnMut(&Candidate<'_>),
    ) {
        let points: [i32; KINDS] = std::array::from_fn(|kind| rules.tiles.points(kind));
        self.compute_cross_checks(board, rules, &points, lexicon);
        let everywhere = (&Anchors::ALL, Readings::with_confundo(confundo));
        self.generate_in(
            board,
            rules,
            &points,
            lexicon,
            rack,
            everywhere,
            |_, candidate| sink(candidate),
        );
    }
}

impl MoveGen {
    /// As [`MoveGen::generate`], the placements found at the anchors of `wanted` alone (each
    /// at the first anchor it covers), each with that anchor: its direction, line and position
    /// along the line.
    pub fn generate_at(
        &mut self,
        board: &Board,
        rules: &Rules,
        lexicon: &Lexicon,
        rack: &Rack,
        wanted: &Anchors,
        sink: impl FnMut((Direction, usize, usize), &Candidate<'_>),
    ) {
        let points: [i32; KINDS] = std::array::from_fn(|kind| rules.tiles.points(kind));
        self.compute_cross_checks(board, rules, &points, lexicon);
        let usual = (wanted, Readings::Usual);
        self.generate_in(board, rules, &points, lexicon, rack, usual, sink);
    }

    /// The placements at the anchors of `wanted` read as `readings` says, each with its
    /// anchor, the cross-checks worked out for `board`.
    #[allow(clippy::too_many_arguments)]
    fn generate_in(
        &mut self,
        board: &Board,
        rules: &Rules,
        points: &[i32; KINDS],
        lexicon: &Lexicon,
        rack: &Rack,
        (wanted, readings): (&Anchors, Readings),
        mut sink: impl FnMut((Direction, usize, usize), &Candidate<'_>),
    ) {
        for direction in Direction::BOTH {
            for line in 0..SIZE {
                let at = direction as usize * SIZE + line;
                let anchors = self.lines[at].anchors & wanted.on_line(direction, line);
                if anchors == 0 {
                    continue;
                }
                for reading in Reading::for_line(board, direction, line, readings) {
                    let mut line_gen =
                        LineGen::new(self, rules, points, lexicon, direction, line, reading);
                    let fitting = line_gen.anchors_fitting(rack);
                    for anchor in fitting.filter(|&anchor| anchors & 1 << anchor != 0) {
                        let mut tagged = |candidate: &Candidate<'_>| {
                            sink((direction, line, anchor), candidate);
                        };
                        line_gen.search_anchor(anchor, rack, &mut Every(&mut tagged));
                    }
                }
            }
        }
    }
}

/// How a search reads the words it finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reading {
    /// Left to right (top to bottom), the ordinary way; words clear of backwards words.
    Forward,
    /// Backwards, because the word runs through a word played backwards (it continues it).
    Continuing,
    /// Backwards by the Confundo card; words clear of backwards words.
    Confundo,
}

/// Which words a search wants, by the way they read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Readings {
    /// Words read the ordinary way (and those continuing a backwards word).
    Usual,
    /// Those and words read backwards by the Confundo card.
    WithConfundo,
    /// Only words read backwards by the Confundo card.
    ConfundoOnly,
}

impl Readings {
    /// The usual readings, and Confundo's too when `confundo`.
    pub fn with_confundo(confundo: bool) -> Readings {
        if confundo {
            Readings::WithConfundo
        } else {
            Readings::Usual
        }
    }
}

impl Reading {
    /// The readings a line needs: Continuing only where it holds backwards words.
    fn for_line(
        board: &Board,
        direction: Direction,
        line: usize,
        readings: Readings,
    ) -> impl Iterator<Item = Reading> {
        let usual = readings != Readings::ConfundoOnly;
        let continuing = usual && board.backwards_mask(direction, line) != 0;
        [
            (Reading::Forward, usual),
            (Reading::Continuing, continuing),
            (Reading::Confundo, readings != Readings::Usual),
        ]
        .into_iter()
        .filter_map(|(reading, wanted)| wanted.then_some(reading))
    }
}
