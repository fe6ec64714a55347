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
//! test, worked out once for the square). A move is found only at its leftmost anchor, so each
//! comes once; a one-tile play forming words both ways is kept only in its Across form. The
//! score is kept as the walk goes, and moves go to a callback as [`Candidate`]s that build
//! their [`Placement`] only when asked: nothing is allocated.

mod lines;
mod shadow;
mod whole;

use lines::LineSquares;
use shadow::{ExtentBounds, Extents};
pub use shadow::{Ranking, Stretch};

use lexicon::{EdgeTest, Edges, LetterSet, Lexicon, SEPARATOR, Walker, WordGraph};

use super::board::{Board, Direction};
use super::layout::{Layout, SIZE, SQUARES};
use super::moves::Placement;
use super::rack::Rack;
use super::rules::Rules;
use super::tiles::{BLANK, Cell, KINDS};
use crate::bits::mask_bits;

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
    ranked: Vec<shadow::RankedAnchor>,
    /// The ranked anchors' per-stretch bounds, for a search that abandons partial words.
    stretches: Vec<i32>,
    /// This turn's answers to "do the whole rack and these board letters spell a word?".
    whole_with: whole::CountsMap<bool>,
    /// This turn's words for plays looked up (the whole rack, or nearly), by their letters.
    whole_words: whole::WholeWords,
    /// A search's pieces of work, reused by [`MoveGen::best`].
    work: Vec<shadow::Work>,
    /// Each line's squares, by direction then line, as last worked out.
    lines: Vec<LineSquares>,
    /// What the cross-checks and lines were last worked out for: only the squares whose
    /// neighbouring runs of tiles a change reaches, and the lines holding them, are worked
    /// out again.
    checked: Option<Checked>,
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
            whole_with: whole::CountsMap::default(),
            whole_words: whole::WholeWords::default(),
            work: Vec::with_capacity(4 * SQUARES),
            lines: vec![LineSquares::UNSET; 2 * SIZE],
            checked: None,
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
        let readings = Readings::with_confundo(confundo);
        for direction in Direction::BOTH {
            for line in 0..SIZE {
                if self.lines[direction as usize * SIZE + line].anchors == 0 {
                    continue;
                }
                for reading in Reading::for_line(board, direction, line, readings) {
                    let mut line_gen =
                        LineGen::new(self, rules, &points, lexicon, direction, line, reading);
                    line_gen.run(rack, &mut Every(&mut sink));
                }
            }
        }
    }

    /// Fills the cross-check sets and cross points of every empty square, for both directions,
    /// and the lines' squares: those a change reaches since the last call, if that was for the
    /// same lexicon, tile `points` and layout.
    fn compute_cross_checks(
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

/// A generated move: its score now, its placement on request.
#[derive(Debug)]
pub struct Candidate<'a> {
    score: i32,
    tiles: u8,
    backwards: bool,
    direction: Direction,
    line: u8,
    start: u8,
    end: u8,
    placed: &'a [Cell; SIZE],
    hogwarts: u8,
    blanks: u8,
    leave: &'a Rack,
}

impl Candidate<'_> {
    /// The rack tiles it leaves (those it does not place).
    #[inline]
    pub fn leave(&self) -> &Rack {
        self.leave
    }

    /// Points scored, bingo included.
    #[inline]
    pub fn score(&self) -> i32 {
        self.score
    }

    /// How many tiles it places.
    #[inline]
    pub fn tiles_placed(&self) -> usize {
        usize::from(self.tiles)
    }

    /// How many of its tiles go on brown Hogwarts squares.
    #[inline]
    pub fn hogwarts_tiles(&self) -> usize {
        usize::from(self.hogwarts)
    }

    /// How many blanks it places.
    #[inline]
    pub fn blanks_placed(&self) -> usize {
        usize::from(self.blanks)
    }

    /// The rack tiles it uses (a blank as a blank).
    pub fn rack_tiles(&self) -> Rack {
        let mut tiles = Rack::EMPTY;
        for cell in &self.placed[usize::from(self.start)..usize::from(self.end)] {
            if !cell.is_empty() {
                tiles.add(cell.kind());
            }
        }
        tiles
    }

    /// The move as a placement.
    pub fn placement(&self) -> Placement {
        let mut placement = Placement::new(
            self.direction,
            usize::from(self.line),
            usize::from(self.start),
        );
        placement.len = self.end - self.start;
        placement.backwards = self.backwards;
        let span = usize::from(self.start)..usize::from(self.end);
        placement.tiles[..span.len()].copy_from_slice(&self.placed[span]);
        placement
    }
}

/// Where the walk hands its moves, and how good a move must be to be wanted.
pub(super) trait Sink {
    /// Whether the sink wants only some moves, so the walk should check bounds at all.
    const PRUNES: bool = true;

    /// Takes one move.
    fn take(&mut self, candidate: &Candidate<'_>);

    /// Moves whose bound (by [`ExtentBounds`]) falls below this are not wanted.
    fn floor(&self) -> i32;
}

/// Every move, to a closure.
struct Every<F>(F);

impl<F: FnMut(&Candidate<'_>)> Sink for Every<F> {
    const PRUNES: bool = false;

    #[inline]
    fn take(&mut self, candidate: &Candidate<'_>) {
        (self.0)(candidate);
    }

    #[inline]
    fn floor(&self) -> i32 {
        i32::MIN
    }
}

/// The score of a word under construction, and where its tiles went: what else a move needs
/// (how many tiles, blanks, brown squares) is read from the masks when it is recorded, so a
/// step adds to three sums and sets two bits.
#[derive(Debug, Clone, Copy)]
struct Tally {
    /// Letter points of the main word, letter premiums applied.
    main: i32,
    /// Product of the word premiums under placed tiles.
    word_multiplier: i32,
    /// Scores of the perpendicular words made so far.
    cross: i32,
    /// Bit `pos` set where a tile was placed.
    placed: u16,
    /// Bit `pos` set where a blank was placed.
    blanks: u16,
}

impl Tally {
    const START: Tally = Tally {
        main: 0,
        word_multiplier: 1,
        cross: 0,
        placed: 0,
        blanks: 0,
    };

    /// Tiles placed.
    #[inline(always)]
    fn tiles(&self) -> usize {
        self.placed.count_ones() as usize
    }
}

/// What the node after a tile on some square must offer for the walk to place it there.
#[derive(Debug, Clone, Copy)]
struct Onward {
    /// Passed by a node that ends a word where that may happen, or that goes on with the next
    /// square's board tile or a rack tile its cross-check allows.
    test: EdgeTest,
    /// Whether the walk may turn right after the tile instead (leftwards, beside no tile).
    may_turn: bool,
}

/// Which moves a walk wants by the blanks they place: a search after the best move with
/// blanks on the rack walks twice, first for the moves keeping them (cheap, and their best sets
/// a floor), then for those placing one, bounded as if one were placed from the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BlankUse {
    /// Every move.
    Any,
    /// Moves placing no blank.
    Kept,
    /// Moves placing one blank or more.
    Placed,
}

/// The graph a search walks to read words as `reading` says.
fn gaddag_for(reading: Reading, lexicon: &Lexicon) -> Walker<'_> {
    match reading {
        Reading::Forward => lexicon.gaddag(),
        Reading::Continuing | Reading::Confundo => lexicon.reversed_gaddag(),
    }
    .walker()
}

/// The generator for one line in one direction, with the line's squares copied out.
#[derive(Clone)]
struct LineGen<'a> {
    gaddag: Walker<'a>,
    reading: Reading,
    direction: Direction,
    line: usize,
    points: [i32; KINDS],
    squares: LineSquares,
    /// Per square under a perpendicular word, the points of the best rack tile its
    /// cross-check allows (set for the bounds of a search after the best move).
    best_crossing: [i32; SIZE],
    bingo_tiles: usize,
    bingo_bonus: i32,
    /// Tiles placed at each position of the line (EMPTY where none).
    placed: [Cell; SIZE],
    /// The tiles not yet placed by the search.
    rack: Rack,
    /// For a walk leftwards from the anchor, the first square past the board tiles right after
    /// it: a word turning right goes on from here (an empty square, or the end of the line).
    right_start: usize,
    /// What moves through the anchor could be worth by the tiles they place each side, for
    /// a search that wants only moves above its sink's floor.
    bounds: &'a ExtentBounds,
    /// The entry of `bounds` for the blanks still on the rack (switched as blanks are placed).
    extents: &'a Extents,
    /// Tiles placed left of the anchor when the search turned right.
    turn_left: usize,
    /// Where the word began when the search turned right.
    turn_start: usize,
    /// The moves wanted by the blanks they place.
    blank_use: BlankUse,
}

impl<'a> LineGen<'a> {
    /// Line `line` in `direction` read as `reading` says, with the squares `buffers` last
    /// worked out for it.
    fn new(
        buffers: &MoveGen,
        rules: &Rules,
        points: &[i32; KINDS],
        lexicon: &'a Lexicon,
        direction: Direction,
        line: usize,
        reading: Reading,
    ) -> Self {
        LineGen {
            gaddag: gaddag_for(reading, lexicon),
            reading,
            direction,
            line,
            points: *points,
            squares: buffers.lines[direction as usize * SIZE + line],
            best_crossing: [0; SIZE],
            bingo_tiles: rules.numbers.bingo_tiles,
            bingo_bonus: rules.numbers.bingo_bonus,
            placed: [Cell::EMPTY; SIZE],
            rack: Rack::EMPTY,
            right_start: 0,
            bounds: ExtentBounds::unbounded(),
            extents: ExtentBounds::unbounded().with_blanks(0),
            turn_left: 0,
            turn_start: 0,
            blank_use: BlankUse::Any,
        }
    }

    /// The same line read as `reading` says.
    fn read_as(&mut self, reading: Reading, lexicon: &'a Lexicon) {
        self.reading = reading;
        self.gaddag = gaddag_for(reading, lexicon);
    }

    /// The anchors where some rack tile may go, in order; those that fail still bar leftward
    /// placement from the anchors after them.
    fn anchors_fitting(&self, rack: &Rack) -> impl Iterator<Item = usize> + use<> {
        let playable = rack.playable_letters();
        let cross_sets = self.squares.cross_sets;
        mask_bits(u32::from(self.squares.anchors))
            .filter(move |&anchor| cross_sets[anchor] & playable != 0)
    }

    fn run(&mut self, rack: &Rack, sink: &mut impl Sink) {
        for anchor in self.anchors_fitting(rack) {
            self.search_anchor(anchor, rack, sink);
        }
    }

    /// Every move whose leftmost anchor is `anchor`.
    fn search_anchor(&mut self, anchor: usize, rack: &Rack, sink: &mut impl Sink) {
        self.rack = *rack;
        // A move placing a blank leaves one fewer: bound so from the first square.
        let placing = u8::from(self.blank_use == BlankUse::Placed);
        self.extents = self.bounds.with_blanks(rack.count(BLANK) - placing);
        if rack.count(BLANK) > 0 {
            self.search_from::<true>(anchor, sink);
        } else {
            self.search_from::<false>(anchor, sink);
        }
    }

    /// Every move whose leftmost anchor is `anchor`, with the search's rack set. Board tiles
    /// beside the anchor are read first, backwards from their far end: the word graph then
    /// admits on the anchor and beyond only letters that fit them, where read after the tiles
    /// placed most of those would lead nowhere.
    fn search_from<const BLANKS: bool>(&mut self, anchor: usize, sink: &mut impl Sink) {
        let root = self.gaddag.root();
        if anchor > 0 && self.has_tile(anchor - 1) {
            // Each move here starts where the tiles before the anchor do (the square before
            // them is an anchor of its own): the walk turns there, and places from the anchor
            // rightwards.
            let start = self.run_start(anchor);
            let Some((edges, main)) = self.read_tiles_back(root, start, anchor) else {
                return;
            };
            let Some(turn) = self.gaddag.child(edges, SEPARATOR) else {
                return;
            };
            if !self.may_fill::<BLANKS>(turn, anchor) {
                return;
            }
            self.turn_left = 0;
            self.turn_start = start;
            let tally = Tally {
                main,
                ..Tally::START
            };
            self.read_square::<true, BLANKS, _>(turn, anchor, tally, sink);
        } else {
            // Each move here holds the tiles after the anchor: read them, then place on the
            // anchor and leftwards.
            let right_start = self.run_end(anchor + 1);
            self.right_start = right_start;
            let Some((edges, main)) = self.read_tiles_back(root, anchor + 1, right_start) else {
                return;
            };
            let tally = Tally {
                main,
                ..Tally::START
            };
            self.read_square::<false, BLANKS, _>(edges, anchor, tally, sink);
        }
    }

    /// Follows the board tiles on `start..end` from the last to the first, from `edges`: the
    /// node reached and the tiles' points, if the graph has that path.
    fn read_tiles_back(&self, edges: Edges, start: usize, end: usize) -> Option<(Edges, i32)> {
        self.squares.cells[start..end]
            .iter()
            .rev()
            .try_fold((edges, 0), |(edges, points), cell| {
                let child = self.gaddag.child(edges, cell.letter())?;
                Some((child, points + self.points[cell.kind()]))
            })
    }

    /// Whether some rack tile may go on the empty square `pos` after the node `edges`: the
    /// walk goes there only if so (a call that could place nothing costs as much as a step).
    #[inline(always)]
    fn may_fill<const BLANKS: bool>(&self, edges: Edges, pos: usize) -> bool {
        edges.letters().0 & self.squares.cross_sets[pos] & self.playable::<BLANKS>() != 0
    }

    /// The letters a rack tile can go down as: `BLANKS` says whether the search's rack held
    /// any (its own walk, so a rack without leaves every blank test out).
    #[inline(always)]
    fn playable<const BLANKS: bool>(&self) -> u32 {
        if BLANKS {
            self.rack.playable_letters()
        } else {
            self.rack.letters_held()
        }
    }

    /// Whether position `pos` holds a board tile (false off the end of the line).
    #[inline]
    fn has_tile(&self, pos: usize) -> bool {
        pos < SIZE && self.squares.occupied & (1 << pos) != 0
    }

    /// Where the board tiles right before `pos` begin (`pos` itself if there are none).
    fn run_start(&self, pos: usize) -> usize {
        let mut start = pos;
        while start > 0 && self.has_tile(start - 1) {
            start -= 1;
        }
        start
    }

    /// The first square from `pos` on that holds no board tile (`SIZE` off the end).
    fn run_end(&self, pos: usize) -> usize {
        let mut end = pos;
        while self.has_tile(end) {
            end += 1;
        }
        end
    }

    #[inline]
    fn with_tile(&self, tally: Tally, pos: usize, cell: Cell) -> Tally {
        let letter_points = self.points[cell.kind()] * self.squares.letter_multiplier[pos];
        let mut next = tally;
        next.main += letter_points;
        next.word_multiplier *= self.squares.word_multiplier[pos];
        next.placed |= 1 << pos;
        next.blanks |= u16::from(cell.is_blank()) << pos;
        // Without a branch: the factors are zero where no perpendicular word forms.
        next.cross += self.squares.cross_base[pos] + letter_points * self.squares.cross_factor[pos];
        next
    }

    /// Reads square `pos` (a board tile) or fills it (a rack tile) from the node `edges`, then
    /// goes on: leftwards from the anchor, or `RIGHTWARDS` in a word that began at `turn_start`.
    fn read_square<const RIGHTWARDS: bool, const BLANKS: bool, S: Sink>(
        &mut self,
        edges: Edges,
        pos: usize,
        tally: Tally,
        sink: &mut S,
    ) {
        let cell = self.squares.cells[pos];
        if !cell.is_empty() {
            if let Some(child) = self.gaddag.child(edges, cell.letter()) {
                let tally = Tally {
                    main: tally.main + self.points[cell.kind()],
                    ..tally
                };
                self.after_square::<RIGHTWARDS, BLANKS>(child, pos, tally, sink);
            }
            return;
        }
        let mut allowed =
            edges.letters().0 & self.squares.cross_sets[pos] & self.playable::<BLANKS>();
        let mut blanks_too = BLANKS && self.rack.count(BLANK) > 0;
        if blanks_too && self.blank_use == BlankUse::Kept {
            blanks_too = false;
            allowed &= self.rack.letters_held();
        }
        if S::PRUNES && allowed != 0 {
            // Whichever tile goes here, the move covers the same stretch so far: one check
            // for them all, and one for the blanks (the leave keeps one fewer).
            let floor = sink.floor();
            if self.bound_after::<RIGHTWARDS>(self.extents, tally) < floor {
                return;
            }
            if blanks_too {
                let bounds: &'a ExtentBounds = self.bounds;
                let fewer = bounds.with_blanks(self.rack.count(BLANK) - 1);
                if self.bound_after::<RIGHTWARDS>(fewer, tally) < floor {
                    blanks_too = false;
                    allowed &= self.rack.letters_held();
                }
            }
        }
        // The rack's own letters first, then a blank as each letter: no tile is looked for
        // that the rack lacks.
        let onward = self.onward::<RIGHTWARDS, BLANKS>(pos);
        let held = if BLANKS {
            allowed & self.rack.letters_held()
        } else {
            allowed
        };
        for letter in LetterSet(held).iter() {
            let child = self.gaddag.child_of_letter(edges, letter);
            if self.leads_on::<BLANKS>(child, onward) {
                // The child's block is read once the tile is down: fetch it meanwhile.
                self.gaddag.prefetch(child);
                self.place::<RIGHTWARDS, BLANKS, _>(child, pos, tally, letter, sink);
            }
        }
        if blanks_too {
            self.place_blank::<RIGHTWARDS, _>(edges, pos, tally, allowed, sink);
        }
    }

    /// What a tile placed on `pos` needs of its node to be part of a move: the same for every
    /// tile tried there, so worked out once, then tried on each by [`LineGen::leads_on`].
    #[inline(always)]
    fn onward<const RIGHTWARDS: bool, const BLANKS: bool>(&self, pos: usize) -> Onward {
        let next = if RIGHTWARDS {
            pos + 1
        } else {
            pos.wrapping_sub(1)
        };
        if next >= SIZE {
            return Onward {
                test: EdgeTest::new(LetterSet::NONE, true),
                may_turn: !RIGHTWARDS,
            };
        }
        let cell = self.squares.cells[next];
        if !cell.is_empty() {
            return Onward {
                test: EdgeTest::new(LetterSet(1 << cell.letter()), false),
                may_turn: false,
            };
        }
        let fill = if RIGHTWARDS || !self.squares.is_anchor(next) {
            self.squares.cross_sets[next] & self.playable::<BLANKS>()
        } else {
            0
        };
        Onward {
            test: EdgeTest::new(LetterSet(fill), true),
            may_turn: !RIGHTWARDS,
        }
    }

    /// Whether a tile leading to `child` might be part of a move: the word ends there, or the
    /// walk can go on or turn. Most tiles that would lead nowhere are left unplaced (the
    /// checks after placing still decide, with the rack as it is then).
    #[inline(always)]
    fn leads_on<const BLANKS: bool>(&self, child: Edges, onward: Onward) -> bool {
        child.passes(onward.test) || (onward.may_turn && self.may_turn::<BLANKS>(child))
    }

    /// Whether a walk leftwards at the node `child` could turn right there and place a tile.
    #[inline(always)]
    fn may_turn<const BLANKS: bool>(&self, child: Edges) -> bool {
        self.turn_from::<BLANKS>(child).is_some()
    }

    /// The node past the separator from `edges`, if a walk leftwards can turn there and some
    /// rack tile may go on the free square it goes on from.
    #[inline(always)]
    fn turn_from<const BLANKS: bool>(&self, edges: Edges) -> Option<Edges> {
        if !edges.turns() || self.right_start >= SIZE {
            return None;
        }
        let turn = self.gaddag.child_of_letter(edges, SEPARATOR);
        self.may_fill::<BLANKS>(turn, self.right_start)
            .then_some(turn)
    }

    /// The most a move could be worth, by `extents`, once one more tile joins those `tally`
    /// counts (on the anchor's left, or `RIGHTWARDS`). The tables hold 16 entries a side,
    /// which the masks tell the compiler.
    #[inline(always)]
    fn bound_after<const RIGHTWARDS: bool>(&self, extents: &Extents, tally: Tally) -> i32 {
        let placed = tally.tiles();
        if RIGHTWARDS {
            extents.right[self.turn_left & SIZE][(placed - self.turn_left) & SIZE]
        } else {
            extents.left[placed & SIZE]
        }
    }

    /// Puts the rack's `letter`, which it holds, on `pos` and goes on.
    #[inline(always)]
    fn place<const RIGHTWARDS: bool, const BLANKS: bool, S: Sink>(
        &mut self,
        child: Edges,
        pos: usize,
        tally: Tally,
        letter: u8,
        sink: &mut S,
    ) {
        let kind = usize::from(letter);
        self.rack.take_held(kind);
        let tile = Cell::tile(letter, false);
        self.placed[pos] = tile;
        let next = self.with_tile(tally, pos, tile);
        self.after_square::<RIGHTWARDS, BLANKS>(child, pos, next, sink);
        self.placed[pos] = Cell::EMPTY;
        self.rack.add(kind);
    }

    /// Puts a blank on `pos` as each of the `allowed` letters whose node leads on, and goes
    /// on. A blank scores the same whatever it stands for, so it is taken and its score
    /// counted once for all of them.
    #[inline(always)]
    fn place_blank<const RIGHTWARDS: bool, S: Sink>(
        &mut self,
        edges: Edges,
        pos: usize,
        tally: Tally,
        allowed: u32,
        sink: &mut S,
    ) {
        self.rack.take_held(BLANK);
        let extents = self.extents;
        if S::PRUNES {
            let bounds: &'a ExtentBounds = self.bounds;
            self.extents = bounds.with_blanks(self.rack.count(BLANK));
        }
        let next = self.with_tile(tally, pos, Cell::tile(0, true));
        // With the blank off the rack, fewer tiles may follow it.
        let onward = self.onward::<RIGHTWARDS, true>(pos);
        for letter in LetterSet(allowed).iter() {
            let child = self.gaddag.child_of_letter(edges, letter);
            if self.leads_on::<true>(child, onward) {
                self.gaddag.prefetch(child);
                self.placed[pos] = Cell::tile(letter, true);
                self.after_square::<RIGHTWARDS, true>(child, pos, next, sink);
            }
        }
        self.placed[pos] = Cell::EMPTY;
        self.rack.add(BLANK);
        if S::PRUNES {
            self.extents = extents;
        }
    }

    #[inline(always)]
    fn after_square<const RIGHTWARDS: bool, const BLANKS: bool>(
        &mut self,
        edges: Edges,
        pos: usize,
        tally: Tally,
        sink: &mut impl Sink,
    ) {
        if RIGHTWARDS {
            self.after_right::<BLANKS, _>(edges, pos, tally, sink);
        } else {
            self.after_left::<BLANKS, _>(edges, pos, tally, sink);
        }
    }

    /// After square `pos` is read: record, keep going left, or turn right at the separator.
    #[inline(always)]
    fn after_left<const BLANKS: bool, S: Sink>(
        &mut self,
        edges: Edges,
        pos: usize,
        tally: Tally,
        sink: &mut S,
    ) {
        // Tiles placed left of the anchor (the anchor itself is filled first); a line holds
        // 15 at most, which the mask tells the compiler so the tables need no bounds check.
        let left_tiles = (tally.tiles() - 1) & SIZE;
        let left_free = pos == 0 || !self.has_tile(pos - 1);
        if left_free && edges.is_word() {
            self.record(pos, self.right_start, tally, sink);
        }
        if pos > 0
            && (!left_free
                || (!self.squares.is_anchor(pos - 1) && self.may_fill::<BLANKS>(edges, pos - 1)))
        {
            self.read_square::<false, BLANKS, _>(edges, pos - 1, tally, sink);
        }
        // Turning right needs a tile to place on the free square there.
        if left_free && !self.rack.is_empty() {
            if S::PRUNES && self.extents.right[left_tiles][0] < sink.floor() {
                return;
            }
            if let Some(turn) = self.turn_from::<BLANKS>(edges) {
                self.turn_left = left_tiles;
                self.turn_start = pos;
                self.read_square::<true, BLANKS, _>(turn, self.right_start, tally, sink);
            }
        }
    }

    #[inline(always)]
    fn after_right<const BLANKS: bool, S: Sink>(
        &mut self,
        edges: Edges,
        pos: usize,
        tally: Tally,
        sink: &mut S,
    ) {
        let right_free = !self.has_tile(pos + 1);
        if right_free && edges.is_word() {
            self.record(self.turn_start, pos + 1, tally, sink);
        }
        // Going on needs a tile there or one to place.
        if pos + 1 < SIZE && (!right_free || self.may_fill::<BLANKS>(edges, pos + 1)) {
            self.read_square::<true, BLANKS, _>(edges, pos + 1, tally, sink);
        }
    }

    /// Hands the word on positions `start..end` to the sink, with its score.
    fn record(&self, start: usize, end: usize, tally: Tally, sink: &mut impl Sink) {
        let span = ((1u32 << end) - (1u32 << start)) as u16;
        let through_backwards = self.squares.backwards_tiles & span != 0;
        if through_backwards != (self.reading == Reading::Continuing) {
            return;
        }
        // The walk for moves keeping every blank found this one.
        if self.blank_use == BlankUse::Placed && tally.blanks == 0 {
            return;
        }
        // A one-tile play forming words both ways was already found Across (but with
        // Confundo the two forms differ: each reverses a different word).
        if self.reading != Reading::Confundo
            && self.direction == Direction::Down
            && tally.tiles() == 1
            && self.squares.crossed & tally.placed != 0
        {
            return;
        }
        let mut score = tally.main * tally.word_multiplier + tally.cross;
        let tiles = tally.tiles();
        if tiles >= self.bingo_tiles {
            score += self.bingo_bonus;
        }
        sink.take(&Candidate {
            score,
            tiles: tiles as u8,
            backwards: self.reading == Reading::Confundo,
            direction: self.direction,
            line: self.line as u8,
            start: start as u8,
            end: end as u8,
            placed: &self.placed,
            hogwarts: (tally.placed & self.squares.hogwarts).count_ones() as u8,
            blanks: tally.blanks.count_ones() as u8,
            leave: &self.rack,
        });
    }
}
