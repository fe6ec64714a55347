//! One line of the table as the generator reads it: its cards, and for each empty square the
//! letters the perpendicular word allows there, that word's points, and whether a play may
//! start its search there (an anchor).

use lexicon::{LetterSet, WordGraph};

use super::super::table::{Axis, Pos, Table};
use crate::scrabble::Cell;
use crate::scrabble::tiles::KINDS;

/// A window of the table: a dense grid around the cards with room for any play.
#[derive(Debug, Default)]
pub(super) struct Window {
    pub(super) origin: Pos,
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
    /// Cards in each row, and in each column.
    in_row: Vec<u8>,
    in_col: Vec<u8>,
}

impl Window {
    /// Fills the window with `table`'s cards and `margin` empty squares on every side.
    pub(super) fn load(&mut self, table: &Table, margin: i32) {
        let ((r0, c0), (r1, c1)) = table.bounds().unwrap_or(((0, 0), (0, 0)));
        self.origin = (r0 - margin, c0 - margin);
        self.rows = (r1 - r0 + 1 + 2 * margin) as usize;
        self.cols = (c1 - c0 + 1 + 2 * margin) as usize;
        self.cells.clear();
        self.cells.resize(self.rows * self.cols, Cell::EMPTY);
        self.in_row.clear();
        self.in_row.resize(self.rows, 0);
        self.in_col.clear();
        self.in_col.resize(self.cols, 0);
        for ((r, c), cell) in table.cells() {
            let (r, c) = ((r - self.origin.0) as usize, (c - self.origin.1) as usize);
            self.cells[r * self.cols + c] = cell;
            self.in_row[r] = self.in_row[r].saturating_add(1);
            self.in_col[c] = self.in_col[c].saturating_add(1);
        }
    }

    fn get(&self, r: isize, c: isize) -> Cell {
        if r < 0 || c < 0 || r as usize >= self.rows || c as usize >= self.cols {
            return Cell::EMPTY;
        }
        self.cells[r as usize * self.cols + c as usize]
    }

    /// The lines of an axis: (count, length).
    pub(super) fn lines(&self, axis: Axis) -> (usize, usize) {
        match axis {
            Axis::Across => (self.rows, self.cols),
            Axis::Down => (self.cols, self.rows),
        }
    }

    /// The lines searched, in the order plays are found: both axes (only across for the
    /// first word, and only its middle line), each line with a card in it or beside it (only
    /// those have anchors).
    pub(super) fn searched(
        &self,
        margin: usize,
        first: bool,
    ) -> impl Iterator<Item = (Axis, usize)> + use<'_> {
        let axes: &[Axis] = if first { &[Axis::Across] } else { &Axis::BOTH };
        axes.iter().flat_map(move |&axis| {
            let cards = match axis {
                Axis::Across => &self.in_row,
                Axis::Down => &self.in_col,
            };
            let near_cards = move |l: usize| {
                let next = cards.get(l + 1).copied().unwrap_or(0);
                let before = if l > 0 { cards[l - 1] } else { 0 };
                before > 0 || cards[l] > 0 || next > 0
            };
            (0..cards.len())
                .filter(move |&l| if first { l == margin } else { near_cards(l) })
                .map(move |l| (axis, l))
        })
    }

    /// Square `p` of line `l` along `axis`, as (row, column) in the window.
    pub(super) fn at(axis: Axis, l: usize, p: usize) -> (isize, isize) {
        match axis {
            Axis::Across => (l as isize, p as isize),
            Axis::Down => (p as isize, l as isize),
        }
    }
}

/// A line loaded for the search.
#[derive(Debug, Default)]
pub(super) struct Line {
    pub(super) axis: Axis,
    pub(super) index: usize,
    pub(super) cells: Vec<Cell>,
    /// The letters allowed on each square (every letter where no perpendicular word forms).
    pub(super) cross_set: Vec<LetterSet>,
    /// The perpendicular word's cards' points on each empty square (0 where there is none).
    pub(super) cross_sum: Vec<i32>,
    /// Whether a perpendicular word forms on each empty square.
    pub(super) has_cross: Vec<bool>,
    pub(super) anchor: Vec<bool>,
}

/// What loading a line needs besides the window.
pub(super) struct LineSetting<'a> {
    pub(super) graph: &'a WordGraph,
    /// The lexicon's GADDAG: a word's letters read backwards from its end lead to it.
    pub(super) gaddag: &'a WordGraph,
    pub(super) points: &'a [i32; KINDS],
    /// The table is empty: the first word's one anchor is square `margin` of line `margin`.
    pub(super) first: bool,
    pub(super) margin: usize,
}

/// The perpendicular run's cards before and after the square being loaded.
#[derive(Debug, Default)]
pub(super) struct Runs {
    before: Vec<Cell>,
    after: Vec<Cell>,
}

impl Line {
    /// Reads line `l` of `axis` from `window`.
    pub(super) fn load(
        &mut self,
        window: &Window,
        axis: Axis,
        l: usize,
        setting: &LineSetting<'_>,
        runs: &mut Runs,
    ) {
        let (_, len) = window.lines(axis);
        self.axis = axis;
        self.index = l;
        self.cells.clear();
        self.cells.extend((0..len).map(|p| {
            let (r, c) = Window::at(axis, l, p);
            window.get(r, c)
        }));
        self.cross_set.clear();
        self.cross_set.resize(len, LetterSet::ALL);
        self.cross_sum.clear();
        self.cross_sum.resize(len, 0);
        self.has_cross.clear();
        self.has_cross.resize(len, false);
        self.anchor.clear();
        self.anchor.resize(len, false);
        let (dr, dc) = match axis.cross() {
            Axis::Across => (0, 1),
            Axis::Down => (1, 0),
        };
        for p in 0..len {
            if !self.cells[p].is_empty() {
                continue;
            }
            let (r, c) = Window::at(axis, l, p);
            let crossing =
                !window.get(r - dr, c - dc).is_empty() || !window.get(r + dr, c + dc).is_empty();
            if crossing {
                // The perpendicular run through this square, read from the window.
                runs.before.clear();
                let (mut rr, mut cc) = (r - dr, c - dc);
                while !window.get(rr, cc).is_empty() {
                    runs.before.push(window.get(rr, cc));
                    rr -= dr;
                    cc -= dc;
                }
                runs.before.reverse();
                runs.after.clear();
                let (mut rr, mut cc) = (r + dr, c + dc);
                while !window.get(rr, cc).is_empty() {
                    runs.after.push(window.get(rr, cc));
                    rr += dr;
                    cc += dc;
                }
                self.has_cross[p] = true;
                self.cross_set[p] = allowed(setting, &runs.before, &runs.after);
                self.cross_sum[p] = runs
                    .before
                    .iter()
                    .chain(&runs.after)
                    .map(|&cell| cell_points(setting.points, cell))
                    .sum();
            }
            let neighbour_in_line = (p > 0 && !self.cells[p - 1].is_empty())
                || (p + 1 < len && !self.cells[p + 1].is_empty());
            self.anchor[p] = if setting.first {
                p == setting.margin
            } else {
                crossing || neighbour_in_line
            };
        }
    }

    /// How many empty squares before `anchor` a play from it may take, none on the first
    /// word and never an anchor (a play is found at its leftmost anchor); `None` where cards
    /// stand just before it, which then begin the word.
    pub(super) fn left_room(&self, anchor: usize, first: bool) -> Option<usize> {
        if anchor > 0 && !self.cells[anchor - 1].is_empty() {
            return None;
        }
        let mut room = 0;
        if !first {
            while room < anchor && !self.anchor[anchor - room - 1] {
                room += 1;
            }
        }
        Some(room)
    }
}

/// The points a card scores: its letter's, or nothing for a blank.
pub(super) fn cell_points(points: &[i32; KINDS], cell: Cell) -> i32 {
    if cell.is_blank() {
        0
    } else {
        points[cell.letter() as usize]
    }
}

/// The letters that make `before`, the letter, `after` a word. With cards on one side only,
/// one walk to the node before the square (the word graph's after the cards before, the
/// GADDAG's after the cards after it read backwards) and its block say which letters end a
/// word there.
fn allowed(setting: &LineSetting<'_>, before: &[Cell], after: &[Cell]) -> LetterSet {
    fn ending_letters<'c>(graph: &WordGraph, cards: impl Iterator<Item = &'c Cell>) -> LetterSet {
        let mut cards = cards;
        cards
            .try_fold(graph.root(), |node, c| graph.child(node, c.letter()))
            .map_or(LetterSet::NONE, |node| graph.word_ending_letters(node))
    }
    if after.is_empty() {
        return ending_letters(setting.graph, before.iter());
    }
    if before.is_empty() {
        return ending_letters(setting.gaddag, after.iter().rev());
    }
    let graph = setting.graph;
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
