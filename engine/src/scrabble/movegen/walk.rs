//! The walk of one line: Gordon's GADDAG search from each anchor, a tile at a time.

use lexicon::{EdgeTest, Edges, LetterSet, Lexicon, SEPARATOR, Walker};

use super::candidate::{Candidate, Sink};
use super::lines::LineSquares;
use super::shadow::{ExtentBounds, Extents};
use super::{MoveGen, Reading};
use crate::bits::mask_bits;
use crate::scrabble::board::Direction;
use crate::scrabble::layout::SIZE;
use crate::scrabble::rack::Rack;
use crate::scrabble::rules::Rules;
use crate::scrabble::tiles::{BLANK, Cell, KINDS};

/// The score of a word under construction, and where its tiles went: what else a move needs
/// (how many tiles, blanks, brown squares) is read from the masks when it is recorded, so a
/// step adds to three sums and sets two bits.
#[derive(Debug, Clone, Copy)]
pub(super) struct Tally {
    /// Letter points of the main word, letter premiums applied.
    pub(super) main: i32,
    /// Product of the word premiums under placed tiles.
    pub(super) word_multiplier: i32,
    /// Scores of the perpendicular words made so far.
    pub(super) cross: i32,
    /// Bit `pos` set where a tile was placed.
    pub(super) placed: u16,
    /// Bit `pos` set where a blank was placed.
    pub(super) blanks: u16,
}

impl Tally {
    pub(super) const START: Tally = Tally {
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
pub(super) struct Onward {
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
pub(super) enum BlankUse {
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
pub(super) struct LineGen<'a> {
    gaddag: Walker<'a>,
    pub(super) reading: Reading,
    direction: Direction,
    line: usize,
    pub(super) points: [i32; KINDS],
    pub(super) squares: LineSquares,
    /// Per square under a perpendicular word, the points of the best rack tile its
    /// cross-check allows (set for the bounds of a search after the best move).
    pub(super) best_crossing: [i32; SIZE],
    pub(super) bingo_tiles: usize,
    pub(super) bingo_bonus: i32,
    /// Tiles placed at each position of the line (EMPTY where none).
    pub(super) placed: [Cell; SIZE],
    /// The tiles not yet placed by the search.
    pub(super) rack: Rack,
    /// For a walk leftwards from the anchor, the first square past the board tiles right after
    /// it: a word turning right goes on from here (an empty square, or the end of the line).
    right_start: usize,
    /// What moves through the anchor could be worth by the tiles they place each side, for
    /// a search that wants only moves above its sink's floor.
    pub(super) bounds: &'a ExtentBounds,
    /// The entry of `bounds` for the blanks still on the rack (switched as blanks are placed).
    extents: &'a Extents,
    /// Tiles placed left of the anchor when the search turned right.
    turn_left: usize,
    /// Where the word began when the search turned right.
    turn_start: usize,
    /// The moves wanted by the blanks they place.
    pub(super) blank_use: BlankUse,
}

impl<'a> LineGen<'a> {
    /// Line `line` in `direction` read as `reading` says, with the squares `buffers` last
    /// worked out for it.
    pub(super) fn new(
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
    pub(super) fn read_as(&mut self, reading: Reading, lexicon: &'a Lexicon) {
        self.reading = reading;
        self.gaddag = gaddag_for(reading, lexicon);
    }

    /// The anchors where some rack tile may go, in order; those that fail still bar leftward
    /// placement from the anchors after them.
    pub(super) fn anchors_fitting(&self, rack: &Rack) -> impl Iterator<Item = usize> + use<> {
        let playable = rack.playable_letters();
        let cross_sets = self.squares.cross_sets;
        mask_bits(u32::from(self.squares.anchors))
            .filter(move |&anchor| cross_sets[anchor] & playable != 0)
    }

    /// Every move whose leftmost anchor is `anchor`.
    pub(super) fn search_anchor(&mut self, anchor: usize, rack: &Rack, sink: &mut impl Sink) {
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

    /// The letters a rack tile can go down as: `BLANKS` says whether the rack holds a blank
    /// (the walk goes on in its copy without once the last is down, so a rack without leaves
    /// every blank test out).
    #[inline(always)]
    fn playable<const BLANKS: bool>(&self) -> u32 {
        if BLANKS {
            debug_assert!(
                self.rack.count(BLANK) > 0,
                "a walk with blanks and none left"
            );
            LetterSet::ALL.0
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
    pub(super) fn run_start(&self, pos: usize) -> usize {
        let mut start = pos;
        while start > 0 && self.has_tile(start - 1) {
            start -= 1;
        }
        start
    }

    /// The first square from `pos` on that holds no board tile (`SIZE` off the end).
    pub(super) fn run_end(&self, pos: usize) -> usize {
        let mut end = pos;
        while self.has_tile(end) {
            end += 1;
        }
        end
    }

    #[inline]
    pub(super) fn with_tile(&self, tally: Tally, pos: usize, cell: Cell) -> Tally {
        let letter_points =
            self.points[cell.kind()] * i32::from(self.squares.letter_multiplier[pos]);
        let mut next = tally;
        next.main += letter_points;
        next.word_multiplier *= i32::from(self.squares.word_multiplier[pos]);
        next.placed |= 1 << pos;
        next.blanks |= u16::from(cell.is_blank()) << pos;
        // Without a branch: the factors are zero where no perpendicular word forms.
        next.cross += self.squares.cross_base[pos]
            + letter_points * i32::from(self.squares.cross_factor[pos]);
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
        let mut blanks_too = BLANKS;
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
        // With the last blank down, the walk goes on without blank tests (4 % faster).
        if self.rack.count(BLANK) == 0 {
            self.blank_as::<RIGHTWARDS, false, _>(edges, pos, next, allowed, sink);
        } else {
            self.blank_as::<RIGHTWARDS, true, _>(edges, pos, next, allowed, sink);
        }
        self.placed[pos] = Cell::EMPTY;
        self.rack.add(BLANK);
        if S::PRUNES {
            self.extents = extents;
        }
    }

    /// The blank just taken, on `pos`, as each of the `allowed` letters whose node leads on;
    /// `BLANKS` says whether the rack still holds one.
    #[inline(always)]
    fn blank_as<const RIGHTWARDS: bool, const BLANKS: bool, S: Sink>(
        &mut self,
        edges: Edges,
        pos: usize,
        tally: Tally,
        allowed: u32,
        sink: &mut S,
    ) {
        // With the blank off the rack, fewer tiles may follow it.
        let onward = self.onward::<RIGHTWARDS, BLANKS>(pos);
        for letter in LetterSet(allowed).iter() {
            let child = self.gaddag.child_of_letter(edges, letter);
            if self.leads_on::<BLANKS>(child, onward) {
                self.gaddag.prefetch(child);
                self.placed[pos] = Cell::tile(letter, true);
                self.after_square::<RIGHTWARDS, BLANKS>(child, pos, tally, sink);
            }
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
    pub(super) fn record(&self, start: usize, end: usize, tally: Tally, sink: &mut impl Sink) {
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
