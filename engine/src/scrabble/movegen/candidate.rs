//! What the walk hands on: a move found ([`Candidate`]), and where it goes ([`Sink`]).

use crate::scrabble::board::Direction;
use crate::scrabble::layout::SIZE;
use crate::scrabble::moves::Placement;
use crate::scrabble::rack::Rack;
use crate::scrabble::tiles::Cell;

/// A generated move: its score now, its placement on request.
#[derive(Debug)]
pub struct Candidate<'a> {
    pub(super) score: i32,
    pub(super) tiles: u8,
    pub(super) backwards: bool,
    pub(super) direction: Direction,
    pub(super) line: u8,
    pub(super) start: u8,
    pub(super) end: u8,
    pub(super) placed: &'a [Cell; SIZE],
    pub(super) hogwarts: u8,
    pub(super) blanks: u8,
    pub(super) leave: &'a Rack,
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
pub(super) struct Every<F>(pub(super) F);

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
