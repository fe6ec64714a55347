//! Every legal play of a hand on the open table, each once, with the points of its words.
//!
//! Appel and Jacobson's algorithm over the forward word graph, on a window of the table wide
//! enough for any play of the hand: for each line and each anchor (an empty square next to a
//! card), left parts of the hand's letters grow on the empty squares before the anchor that are
//! not anchors themselves, then the word extends rightwards over cards and empty squares under
//! the cross-checks. Plays go to a callback as [`TableCandidate`]s; buffers are reused.

use lexicon::{LetterSet, Lexicon, NodeId, WordGraph};

use super::check::{Placed, Premium};
use super::rules::CardRules;
use super::table::{Axis, Pos, Table};
use crate::scrabble::tiles::{BLANK, KINDS};
use crate::scrabble::{Cell, Rack};

/// A play found by the generator: where its cards go and what its words are worth.
#[derive(Debug)]
pub struct TableCandidate<'a> {
    /// How the main word reads.
    pub axis: Axis,
    /// The cards laid, in reading order.
    pub tiles: &'a [Placed],
    /// The main word's letters' sum (0 when the main word is a single letter).
    pub main_points: i32,
    /// The main word's length.
    pub main_len: usize,
    /// For each card laid, the sum of the cross word through it (0 when there is none).
    pub cross_points: &'a [i32],
    /// For each card laid, whether a cross word runs through it.
    pub has_cross: &'a [bool],
}

impl TableCandidate<'_> {
    /// The points of its words without a Premium card or bonus.
    pub fn base_points(&self) -> i32 {
        let main = if self.main_len >= 2 {
            self.main_points
        } else {
            0
        };
        main + self.cross_points.iter().sum::<i32>()
    }

    /// What a Premium card adds laid on card `index`: the extra multiples of the words through it.
    pub fn premium_gain(&self, index: usize, multiplier: i32) -> i32 {
        let main = if self.main_len >= 2 {
            self.main_points
        } else {
            0
        };
        (multiplier - 1) * (main + self.cross_points[index])
    }

    /// The turn's points with a Premium card on card `index` (or none), as the checker counts
    /// them: the first word's multiplier and the whole-hand bonus included.
    pub fn points(
        &self,
        premium: Option<(Premium, usize)>,
        opening: bool,
        rules: &CardRules,
    ) -> i32 {
        let numbers = &rules.numbers;
        let mut points = self.base_points();
        if let Some((premium, index)) = premium {
            points += self.premium_gain(index, numbers.multiplier(premium));
        }
        let whole_hand = self.tiles.len() == numbers.hand_size;
        if opening && (!whole_hand || numbers.first_word_bingo_multiplied) {
            points *= numbers.first_word_multiplier;
        }
        if whole_hand {
            points += numbers.bingo_bonus;
        }
        points
    }

    /// The most points the play can score with the Premium cards held (`premiums`: Double,
    /// Triple), where `allowed` permits a card, and the card laid for them (none on the
    /// opening word, rule "Scoring the First Word"); ties keep the plainer use.
    pub fn best_premium_use(
        &self,
        premiums: [u8; 2],
        opening: bool,
        rules: &CardRules,
        allowed: impl Fn(Premium) -> bool,
    ) -> (Option<(Premium, usize)>, i32) {
        let mut best = (None, self.points(None, opening, rules));
        if opening {
            return best;
        }
        for premium in [Premium::Double, Premium::Triple] {
            if premiums[premium as usize] == 0 || !allowed(premium) {
                continue;
            }
            for index in 0..self.tiles.len() {
                let points = self.points(Some((premium, index)), opening, rules);
                if points > best.1 {
                    best = (Some((premium, index)), points);
                }
            }
        }
        best
    }

    /// The play, ready for [`super::CardGame::play`].
    pub fn to_play(&self, premium: Option<(Premium, usize)>) -> super::Play {
        super::Play {
            tiles: self.tiles.to_vec(),
            premium,
        }
    }

    /// The words' letters (blanks in lower case) and placement, for checking and display.
    pub fn tiles_vec(&self) -> Vec<Placed> {
        self.tiles.to_vec()
    }
}

/// A window of the table: a dense grid around the cards with room for any play.
struct Window {
    origin: Pos,
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
}

impl Window {
    fn around(table: &Table, margin: i32) -> Window {
        let ((r0, c0), (r1, c1)) = table.bounds().unwrap_or(((0, 0), (0, 0)));
        let origin = (r0 - margin, c0 - margin);
        let rows = (r1 - r0 + 1 + 2 * margin) as usize;
        let cols = (c1 - c0 + 1 + 2 * margin) as usize;
        let mut cells = vec![Cell::EMPTY; rows * cols];
        for ((r, c), cell) in table.cells() {
            cells[(r - origin.0) as usize * cols + (c - origin.1) as usize] = cell;
        }
        Window {
            origin,
            rows,
            cols,
            cells,
        }
    }

    fn get(&self, r: isize, c: isize) -> Cell {
        if r < 0 || c < 0 || r as usize >= self.rows || c as usize >= self.cols {
            return Cell::EMPTY;
        }
        self.cells[r as usize * self.cols + c as usize]
    }

    /// The lines of an axis: (count, length).
    fn lines(&self, axis: Axis) -> (usize, usize) {
        match axis {
            Axis::Across => (self.rows, self.cols),
            Axis::Down => (self.cols, self.rows),
        }
    }

    /// Square `p` of line `l` along `axis`, as (row, column) in the window.
    fn at(axis: Axis, l: usize, p: usize) -> (isize, isize) {
        match axis {
            Axis::Across => (l as isize, p as isize),
            Axis::Down => (p as isize, l as isize),
        }
    }
}

/// Reusable buffers for generating plays.
#[derive(Debug, Default)]
pub struct TableMoveGen {
    line: Vec<Cell>,
    cross_set: Vec<LetterSet>,
    cross_sum: Vec<i32>,
    has_cross: Vec<bool>,
    anchor: Vec<bool>,
    tiles: Vec<Placed>,
    cross_points: Vec<i32>,
    crosses: Vec<bool>,
    word: Vec<(Cell, bool)>,
    /// The perpendicular run's cards before and after the square being loaded.
    before: Vec<Cell>,
    after: Vec<Cell>,
}

/// What one line's search needs to read.
struct LineSearch<'a> {
    graph: &'a WordGraph,
    points: [i32; KINDS],
    axis: Axis,
    line_index: usize,
    origin: Pos,
    first: bool,
}

impl TableMoveGen {
    /// Empty buffers.
    pub fn new() -> TableMoveGen {
        TableMoveGen::default()
    }

    /// Calls `sink` with every legal play of the letters in `hand` on `table`.
    pub fn generate(
        &mut self,
        table: &Table,
        rules: &CardRules,
        lexicon: &Lexicon,
        hand: &Rack,
        mut sink: impl FnMut(&TableCandidate<'_>),
    ) {
        let graph = lexicon.graph();
        let points: [i32; KINDS] = std::array::from_fn(|kind| rules.letters.points(kind));
        let margin = hand.len() as i32 + 1;
        let window = Window::around(table, margin);
        let mut hand = *hand;
        let first = table.is_empty();
        for axis in Axis::BOTH {
            if first && axis == Axis::Down {
                break;
            }
            let (lines, len) = window.lines(axis);
            for l in 0..lines {
                if first && l != margin as usize {
                    continue;
                }
                self.load_line(
                    &window,
                    axis,
                    l,
                    len,
                    graph,
                    &points,
                    first,
                    margin as usize,
                );
                let search = LineSearch {
                    graph,
                    points,
                    axis,
                    line_index: l,
                    origin: window.origin,
                    first,
                };
                for anchor in 0..len {
                    if !self.anchor[anchor] {
                        continue;
                    }
                    self.search_anchor(&search, anchor, &mut hand, &mut sink);
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn load_line(
        &mut self,
        window: &Window,
        axis: Axis,
        l: usize,
        len: usize,
        graph: &WordGraph,
        points: &[i32; KINDS],
        first: bool,
        margin: usize,
    ) {
        self.line.clear();
        self.cross_set.clear();
        self.cross_sum.clear();
        self.has_cross.clear();
        self.anchor.clear();
        let cross = axis.cross();
        for p in 0..len {
            let (r, c) = Window::at(axis, l, p);
            let cell = window.get(r, c);
            self.line.push(cell);
            // The perpendicular run through this square, read from the window.
            let (dr, dc) = match cross {
                Axis::Across => (0, 1),
                Axis::Down => (1, 0),
            };
            self.before.clear();
            self.after.clear();
            if cell.is_empty() {
                let (mut rr, mut cc) = (r - dr, c - dc);
                while !window.get(rr, cc).is_empty() {
                    self.before.push(window.get(rr, cc));
                    rr -= dr;
                    cc -= dc;
                }
                self.before.reverse();
                let (mut rr, mut cc) = (r + dr, c + dc);
                while !window.get(rr, cc).is_empty() {
                    self.after.push(window.get(rr, cc));
                    rr += dr;
                    cc += dc;
                }
            }
            let crossing = !self.before.is_empty() || !self.after.is_empty();
            let neighbour_in_line = (p > 0 && !self.line[p - 1].is_empty())
                || (p + 1 < len && {
                    let (r2, c2) = Window::at(axis, l, p + 1);
                    !window.get(r2, c2).is_empty()
                });
            self.has_cross.push(cell.is_empty() && crossing);
            if cell.is_empty() && crossing {
                self.cross_set
                    .push(allowed(graph, &self.before, &self.after));
                self.cross_sum.push(
                    self.before
                        .iter()
                        .chain(&self.after)
                        .map(|&cell| cell_points(points, cell))
                        .sum(),
                );
            } else {
                self.cross_set.push(LetterSet::ALL);
                self.cross_sum.push(0);
            }
            let anchor = if first {
                p == margin
            } else {
                cell.is_empty() && (crossing || neighbour_in_line)
            };
            self.anchor.push(anchor);
        }
    }

    fn search_anchor(
        &mut self,
        search: &LineSearch<'_>,
        anchor: usize,
        hand: &mut Rack,
        sink: &mut impl FnMut(&TableCandidate<'_>),
    ) {
        self.word.clear();
        if anchor > 0 && !self.line[anchor - 1].is_empty() {
            // The left part is the cards already before the anchor.
            let mut start = anchor;
            while start > 0 && !self.line[start - 1].is_empty() {
                start -= 1;
            }
            let mut node = Some(search.graph.root());
            for p in start..anchor {
                let cell = self.line[p];
                node = node.and_then(|n| search.graph.child(n, cell.letter()));
                self.word.push((cell, false));
            }
            if let Some(node) = node {
                self.extend_right(search, node, start, anchor, anchor, hand, sink);
            }
            return;
        }
        // The left part grows on empty squares that are not anchors (none on the first word).
        let mut limit = 0;
        if !search.first {
            while limit < anchor && !self.anchor[anchor - limit - 1] {
                limit += 1;
            }
        }
        self.left_part(search, search.graph.root(), anchor, limit, hand, sink);
    }

    #[allow(clippy::too_many_arguments)]
    fn left_part(
        &mut self,
        search: &LineSearch<'_>,
        node: NodeId,
        anchor: usize,
        limit: usize,
        hand: &mut Rack,
        sink: &mut impl FnMut(&TableCandidate<'_>),
    ) {
        let start = anchor - self.word.len();
        self.extend_right(search, node, start, anchor, anchor, hand, sink);
        if limit == 0 {
            return;
        }
        // Only letters the hand can still play (any, while it holds a blank).
        let playable = search.graph.edges(node).letters().0 & hand.playable_letters();
        for letter in LetterSet(playable).iter() {
            let child = search
                .graph
                .child(node, letter)
                .expect("the letter leaves the node");
            for blank in [false, true] {
                let kind = if blank { BLANK } else { letter as usize };
                if !hand.take(kind) {
                    continue;
                }
                self.word.push((Cell::tile(letter, blank), true));
                self.left_part(search, child, anchor, limit - 1, hand, sink);
                self.word.pop();
                hand.add(kind);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn extend_right(
        &mut self,
        search: &LineSearch<'_>,
        node: NodeId,
        start: usize,
        anchor: usize,
        square: usize,
        hand: &mut Rack,
        sink: &mut impl FnMut(&TableCandidate<'_>),
    ) {
        let at_end = square >= self.line.len();
        let cell = if at_end {
            Cell::EMPTY
        } else {
            self.line[square]
        };
        if cell.is_empty() {
            if square > anchor && search.graph.is_word(node) {
                self.emit(search, start, sink);
            }
            if at_end {
                return;
            }
            let edges = search.graph.edges(node);
            let allowed = edges.letters().0 & self.cross_set[square].0 & hand.playable_letters();
            for letter in LetterSet(allowed).iter() {
                let child = search
                    .graph
                    .child(node, letter)
                    .expect("the letter leaves the node");
                for blank in [false, true] {
                    let kind = if blank { BLANK } else { letter as usize };
                    if !hand.take(kind) {
                        continue;
                    }
                    self.word.push((Cell::tile(letter, blank), true));
                    self.extend_right(search, child, start, anchor, square + 1, hand, sink);
                    self.word.pop();
                    hand.add(kind);
                }
            }
        } else if let Some(child) = search.graph.child(node, cell.letter()) {
            self.word.push((cell, false));
            self.extend_right(search, child, start, anchor, square + 1, hand, sink);
            self.word.pop();
        }
    }

    fn emit(
        &mut self,
        search: &LineSearch<'_>,
        start: usize,
        sink: &mut impl FnMut(&TableCandidate<'_>),
    ) {
        self.tiles.clear();
        self.cross_points.clear();
        self.crosses.clear();
        let mut main = 0;
        for (k, &(cell, new)) in self.word.iter().enumerate() {
            let p = start + k;
            let value = cell_points(&search.points, cell);
            main += value;
            if !new {
                continue;
            }
            let (r, c) = Window::at(search.axis, search.line_index, p);
            let pos = (search.origin.0 + r as i32, search.origin.1 + c as i32);
            self.tiles.push(Placed { pos, cell });
            let crossing = self.has_cross[p];
            self.crosses.push(crossing);
            self.cross_points.push(if crossing {
                self.cross_sum[p] + value
            } else {
                0
            });
        }
        // A single card making words both ways is found across; drop its down twin.
        if search.axis == Axis::Down && self.tiles.len() == 1 && self.crosses[0] {
            return;
        }
        let candidate = TableCandidate {
            axis: search.axis,
            tiles: &self.tiles,
            main_points: main,
            main_len: self.word.len(),
            cross_points: &self.cross_points,
            has_cross: &self.crosses,
        };
        sink(&candidate);
    }
}

fn cell_points(points: &[i32; KINDS], cell: Cell) -> i32 {
    if cell.is_blank() {
        0
    } else {
        points[cell.letter() as usize]
    }
}

/// The letters that make `before`, the letter, `after` a word.
fn allowed(graph: &WordGraph, before: &[Cell], after: &[Cell]) -> LetterSet {
    let Some(node) = before
        .iter()
        .try_fold(graph.root(), |node, c| graph.child(node, c.letter()))
    else {
        return LetterSet::NONE;
    };
    let mut set = LetterSet::NONE;
    for letter in graph.letters(node).iter() {
        let child = graph
            .child(node, letter)
            .expect("the letter leaves the node");
        let end = after
            .iter()
            .try_fold(child, |node, c| graph.child(node, c.letter()));
        if end.is_some_and(|end| graph.is_word(end)) {
            set.0 |= 1 << letter;
        }
    }
    set
}
