//! Appel and Jacobson's walk of one anchor: left parts of the hand's letters on the empty
//! squares before it, then the word extended rightwards over cards and empty squares under the
//! cross-checks, each play found passed on as a [`TableCandidate`].

use lexicon::{LetterSet, MAX_WORD_LEN, NodeId, WordGraph};

use super::super::check::Placed;
use super::super::table::{Axis, Pos};
use super::TableCandidate;
use super::line::{Line, Window, cell_points};
use crate::scrabble::tiles::{BLANK, KINDS};
use crate::scrabble::{Cell, Rack};

/// What every line's search reads.
pub(super) struct Setting<'a> {
    pub(super) graph: &'a WordGraph,
    /// The lexicon's GADDAG (a line's loading reads it).
    pub(super) gaddag: &'a WordGraph,
    pub(super) points: [i32; KINDS],
    pub(super) origin: Pos,
    /// The table is empty: no left part before the first word's anchor.
    pub(super) first: bool,
}

/// Where a walk's plays go, and which it may leave unwalked.
pub(super) trait Plays {
    /// Takes a play found.
    fn take(&mut self, candidate: &TableCandidate<'_>);
    /// Whether plays laying `before` letters or more before the anchor may matter.
    fn may_matter_before(&self, before: usize) -> bool;
    /// Whether plays laying `before` letters before the anchor and `after` or more from it on
    /// may matter.
    fn may_matter(&self, before: usize, after: usize) -> bool;
    /// Whether a play of `laid` cards may matter, its main word counting `main` points (0 for
    /// one letter) and its perpendicular words `cross`, the most of them `best_cross`.
    fn may_take(&self, main: i32, cross: i32, best_cross: i32, laid: usize) -> bool;
}

/// Every play matters: each goes to the callback.
pub(super) struct Every<F>(pub(super) F);

impl<F: FnMut(&TableCandidate<'_>)> Plays for Every<F> {
    fn take(&mut self, candidate: &TableCandidate<'_>) {
        (self.0)(candidate);
    }

    fn may_matter_before(&self, _: usize) -> bool {
        true
    }

    fn may_matter(&self, _: usize, _: usize) -> bool {
        true
    }

    fn may_take(&self, _: i32, _: i32, _: i32, _: usize) -> bool {
        true
    }
}

/// The word being walked and the play it makes, in reused buffers.
#[derive(Debug, Default)]
pub(super) struct Walk {
    word: Word,
    /// The hand's letters in the word.
    placed: usize,
    /// The cards left in the hand.
    hand: Rack,
    /// Where the word starts, and how many of the hand's letters lie before the anchor.
    start: usize,
    before: usize,
    /// The play found: its cards, the points of the perpendicular word through each and
    /// whether there is one (a word holds at most so many cards).
    tiles: [Placed; MAX_WORD_LEN],
    cross_points: [i32; MAX_WORD_LEN],
    crosses: [bool; MAX_WORD_LEN],
}

impl Walk {
    /// Passes `plays` every play of `hand` whose leftmost anchor is `anchor` on `line` (those
    /// that may matter to it).
    pub(super) fn anchor(
        &mut self,
        setting: &Setting<'_>,
        line: &Line,
        anchor: usize,
        hand: &Rack,
        plays: &mut impl Plays,
    ) {
        let search = Search {
            setting,
            line,
            anchor,
        };
        self.word.clear();
        self.placed = 0;
        self.hand = *hand;
        let Some(room) = line.left_room(anchor, setting.first) else {
            // The left part is the cards already before the anchor.
            let mut start = anchor;
            while start > 0 && !line.cells[start - 1].is_empty() {
                start -= 1;
            }
            let graph = setting.graph;
            let cards = &line.cells[start..anchor];
            let node = cards
                .iter()
                .try_fold(graph.root(), |node, cell| graph.child(node, cell.letter()));
            if let Some(node) = node {
                for &cell in cards {
                    self.word.push((cell, false));
                }
                (self.start, self.before) = (start, 0);
                self.extend_right(&search, node, anchor, plays);
            }
            return;
        };
        // The left part grows on the empty squares before the anchor.
        self.left_part(&search, setting.graph.root(), room, plays);
    }

    fn left_part(
        &mut self,
        search: &Search<'_>,
        node: NodeId,
        limit: usize,
        plays: &mut impl Plays,
    ) {
        let before = self.word.len;
        if !plays.may_matter_before(before) {
            return;
        }
        (self.start, self.before) = (search.anchor - before, before);
        self.extend_right(search, node, search.anchor, plays);
        if limit == 0 {
            return;
        }
        let graph = search.setting.graph;
        // Only letters the hand can still play (any, while it holds a blank).
        let playable = graph.edges(node).letters().0 & self.hand.playable_letters();
        for letter in LetterSet(playable).iter() {
            let child = graph
                .child(node, letter)
                .expect("the letter leaves the node");
            self.lay(letter, |walk| {
                walk.left_part(search, child, limit - 1, plays)
            });
        }
    }

    /// Lays each card of the hand that can stand for `letter` (the letter's own, then a
    /// blank) as the word's next square in turn, walking on with `then`.
    #[inline(always)]
    fn lay(&mut self, letter: u8, mut then: impl FnMut(&mut Self)) {
        for blank in [false, true] {
            let kind = if blank { BLANK } else { letter as usize };
            if !self.hand.take(kind) {
                continue;
            }
            self.word.push((Cell::tile(letter, blank), true));
            self.placed += 1;
            then(self);
            self.placed -= 1;
            self.word.pop();
            self.hand.add(kind);
        }
    }

    fn extend_right(
        &mut self,
        search: &Search<'_>,
        node: NodeId,
        square: usize,
        plays: &mut impl Plays,
    ) {
        let line = search.line;
        let graph = search.setting.graph;
        let at_end = square >= line.cells.len();
        let cell = if at_end {
            Cell::EMPTY
        } else {
            line.cells[square]
        };
        if cell.is_empty() {
            if square > search.anchor && graph.is_word(node) {
                self.emit(search, plays);
            }
            if at_end || !plays.may_matter(self.before, self.placed - self.before + 1) {
                return;
            }
            let edges = graph.edges(node);
            let allowed =
                edges.letters().0 & line.cross_set[square].0 & self.hand.playable_letters();
            for letter in LetterSet(allowed).iter() {
                let child = graph
                    .child(node, letter)
                    .expect("the letter leaves the node");
                self.lay(letter, |walk| {
                    walk.extend_right(search, child, square + 1, plays)
                });
            }
        } else if let Some(child) = graph.child(node, cell.letter()) {
            self.word.push((cell, false));
            self.extend_right(search, child, square + 1, plays);
            self.word.pop();
        }
    }

    fn emit(&mut self, search: &Search<'_>, plays: &mut impl Plays) {
        let start = self.start;
        let (setting, line) = (search.setting, search.line);
        let word = self.word.as_slice();
        // The play's points first: most plays found cannot beat the best, and need no more.
        let (mut main, mut cross, mut best_cross) = (0, 0, 0);
        let (mut laid, mut crossings) = (0, 0);
        for (k, &(cell, new)) in word.iter().enumerate() {
            let value = cell_points(&setting.points, cell);
            main += value;
            if new && line.has_cross[start + k] {
                let points = line.cross_sum[start + k] + value;
                cross += points;
                best_cross = best_cross.max(points);
                crossings += 1;
            }
            laid += usize::from(new);
        }
        // A single card making words both ways is found across; drop its down twin.
        if line.axis == Axis::Down && laid == 1 && crossings == 1 {
            return;
        }
        let main_counted = if word.len() >= 2 { main } else { 0 };
        if !plays.may_take(main_counted, cross, best_cross, laid) {
            return;
        }
        let mut laid = 0;
        for (k, &(cell, new)) in word.iter().enumerate() {
            if !new {
                continue;
            }
            let p = start + k;
            let (r, c) = Window::at(line.axis, line.index, p);
            let pos = (setting.origin.0 + r as i32, setting.origin.1 + c as i32);
            let crossing = line.has_cross[p];
            self.tiles[laid] = Placed { pos, cell };
            self.crosses[laid] = crossing;
            self.cross_points[laid] = if crossing {
                line.cross_sum[p] + cell_points(&setting.points, cell)
            } else {
                0
            };
            laid += 1;
        }
        let candidate = TableCandidate {
            axis: line.axis,
            tiles: &self.tiles[..laid],
            main_points: main,
            main_len: word.len(),
            cross_points: &self.cross_points[..laid],
            has_cross: &self.crosses[..laid],
        };
        plays.take(&candidate);
    }
}

/// The word being walked: each square's card and whether the hand lays it. Every card is
/// laid along the word graph, so the word is never longer than the longest word.
#[derive(Debug)]
struct Word {
    squares: [(Cell, bool); MAX_WORD_LEN],
    len: usize,
}

impl Default for Word {
    fn default() -> Self {
        Word {
            squares: [(Cell::EMPTY, false); MAX_WORD_LEN],
            len: 0,
        }
    }
}

impl Word {
    fn clear(&mut self) {
        self.len = 0;
    }

    fn push(&mut self, square: (Cell, bool)) {
        self.squares[self.len] = square;
        self.len += 1;
    }

    fn pop(&mut self) {
        self.len -= 1;
    }

    fn as_slice(&self) -> &[(Cell, bool)] {
        &self.squares[..self.len]
    }
}

/// One anchor's search: the line it is on and the anchor.
struct Search<'a> {
    setting: &'a Setting<'a>,
    line: &'a Line,
    anchor: usize,
}
