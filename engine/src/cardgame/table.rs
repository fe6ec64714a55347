//! The open table: letter cards at integer coordinates, unbounded in every direction, and the
//! rule that clears the words of earlier turns away.

use std::collections::{BTreeMap, BTreeSet};

use lexicon::Lexicon;

use crate::scrabble::Cell;

/// A place on the table: (row, column); rows grow downwards, columns rightwards.
pub type Pos = (i32, i32);

/// The two ways a word reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Axis {
    /// Left to right.
    #[default]
    Across,
    /// Top to bottom.
    Down,
}

impl Axis {
    /// Both axes.
    pub const BOTH: [Axis; 2] = [Axis::Across, Axis::Down];

    /// One step along the axis.
    pub fn step(self) -> Pos {
        match self {
            Axis::Across => (0, 1),
            Axis::Down => (1, 0),
        }
    }

    /// The other axis.
    pub fn cross(self) -> Axis {
        match self {
            Axis::Across => Axis::Down,
            Axis::Down => Axis::Across,
        }
    }
}

/// `pos` moved `k` steps along `axis`.
pub fn shift(pos: Pos, axis: Axis, k: i32) -> Pos {
    let (dr, dc) = axis.step();
    (pos.0 + dr * k, pos.1 + dc * k)
}

/// A word on the table: its first square, axis and length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Run {
    /// The first letter's square.
    pub start: Pos,
    /// How it reads.
    pub axis: Axis,
    /// Its letters.
    pub len: usize,
}

impl Run {
    /// Its squares in reading order.
    pub fn squares(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.len as i32).map(|k| shift(self.start, self.axis, k))
    }
}

/// The maximal run along `axis` through `pos` of the squares `holds` says hold a card.
pub fn run_of(holds: impl Fn(Pos) -> bool, pos: Pos, axis: Axis) -> Run {
    let mut start = pos;
    while holds(shift(start, axis, -1)) {
        start = shift(start, axis, -1);
    }
    let mut len = 0;
    while holds(shift(start, axis, len as i32)) {
        len += 1;
    }
    Run { start, axis, len }
}

/// The runs of two squares or more along either axis (across first) among `squares`, given
/// in row order, of which `holds` says which hold a card.
fn runs_among(squares: impl Iterator<Item = Pos> + Clone, holds: impl Fn(Pos) -> bool) -> Vec<Run> {
    let mut runs = Vec::new();
    for axis in Axis::BOTH {
        for pos in squares.clone() {
            if holds(shift(pos, axis, -1)) {
                continue;
            }
            let run = run_of(&holds, pos, axis);
            if run.len >= 2 {
                runs.push(run);
            }
        }
    }
    runs
}

/// The cards on the table.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Table {
    cells: BTreeMap<Pos, Cell>,
}

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        Table::default()
    }

    /// The card at a square.
    pub fn get(&self, pos: Pos) -> Option<Cell> {
        self.cells.get(&pos).copied()
    }

    /// Whether no card is down.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Cards on the table.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Every card and its square, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (Pos, Cell)> + '_ {
        self.cells.iter().map(|(&pos, &cell)| (pos, cell))
    }

    /// Lays a card.
    pub fn put(&mut self, pos: Pos, cell: Cell) {
        self.cells.insert(pos, cell);
    }

    /// Takes a card away.
    pub fn take(&mut self, pos: Pos) -> Option<Cell> {
        self.cells.remove(&pos)
    }

    /// The smallest and largest row and column holding a card.
    pub fn bounds(&self) -> Option<(Pos, Pos)> {
        let mut cells = self.cells.keys();
        let first = *cells.next()?;
        Some(
            self.cells
                .keys()
                .fold((first, first), |(low, high), &(r, c)| {
                    ((low.0.min(r), low.1.min(c)), (high.0.max(r), high.1.max(c)))
                }),
        )
    }

    /// The maximal run along `axis` through an occupied square.
    pub fn run_through(&self, pos: Pos, axis: Axis) -> Run {
        run_of(|square| self.cells.contains_key(&square), pos, axis)
    }

    /// Every run of two letters or more, across then down.
    pub fn words(&self) -> Vec<Run> {
        runs_among(self.cells.keys().copied(), |square| {
            self.cells.contains_key(&square)
        })
    }

    /// A run's letters as text (blanks in lower case).
    pub fn text(&self, run: &Run) -> String {
        run.squares()
            .map(|pos| self.get(pos).map_or('.', Cell::to_char))
            .collect()
    }

    /// After a play: keeps the words made this turn (`made`) and each earlier word (`earlier`,
    /// the runs before the play) that they use more than one letter of; every other card goes.
    /// Should a remaining run not be a word, the earlier words under it stay whole too.
    /// Returns the cards taken away.
    pub fn clear_old_words(
        &mut self,
        made: &[Run],
        earlier: &[Run],
        lexicon: &Lexicon,
    ) -> Vec<Cell> {
        let used: BTreeSet<Pos> = made.iter().flat_map(|run| run.squares()).collect();
        let mut keep = used.clone();
        for run in earlier {
            if run.squares().filter(|pos| used.contains(pos)).count() >= 2 {
                keep.extend(run.squares());
            }
        }
        loop {
            // Every square kept holds a card (the play's and the earlier words'). A run made
            // this turn or standing before it is a word (the play was checked, and every run
            // on the table is one): only the others are looked up.
            let broken: Vec<Run> =
                runs_among(keep.iter().copied(), |square| keep.contains(&square))
                    .into_iter()
                    .filter(|run| {
                        !made.contains(run)
                            && !earlier.contains(run)
                            && !lexicon.contains(&self.text(run).to_ascii_uppercase())
                    })
                    .collect();
            if broken.is_empty() {
                break;
            }
            let before = keep.len();
            for run in &broken {
                let squares: BTreeSet<Pos> = run.squares().collect();
                for word in earlier {
                    if word.squares().any(|pos| squares.contains(&pos)) {
                        keep.extend(word.squares());
                    }
                }
            }
            if keep.len() == before {
                // Nothing left to restore: keep the table as it stands after the play.
                keep.extend(self.cells.keys().copied());
            }
        }
        let gone: Vec<Pos> = self
            .cells
            .keys()
            .filter(|pos| !keep.contains(pos))
            .copied()
            .collect();
        gone.into_iter()
            .filter_map(|pos| self.cells.remove(&pos))
            .collect()
    }
}
