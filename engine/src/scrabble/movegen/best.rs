//! The best move alone, found fast: every anchor's shadow bounds (by tiles placed each side,
//! and for the plays looked up) become pieces of work searched best bound first, and the
//! search stops once no remaining bound can beat the best move found.

use lexicon::Lexicon;

use super::candidate::{Candidate, Sink};
use super::shadow::{
    AnchorBounds, ExtentBounds, KeptStretches, RackSpelled, Reach, Spelling, Stretch, TilesByPoints,
};
use super::walk::{BlankUse, LineGen};
use super::whole::{WholeWords, by_lookup, fewest_looked_up};
use super::{MoveGen, Reading, Readings};
use crate::scrabble::board::{Board, Direction};
use crate::scrabble::layout::SIZE;
use crate::scrabble::moves::Placement;
use crate::scrabble::rack::Rack;
use crate::scrabble::rules::Rules;
use crate::scrabble::tiles::{BLANK, KINDS};

/// The best move found so far: the sink of a search after the best move alone.
struct Best<V, B> {
    best: Option<(i32, Placement)>,
    /// What a move must be worth to be kept: `at_least`, then the best's worth.
    floor: i32,
    /// Blanks on the rack.
    blanks: usize,
    /// Moves worth less are not wanted, whatever the best so far.
    at_least: i32,
    value: V,
    value_bound: B,
}

impl<V, B> Sink for Best<V, B>
where
    V: FnMut(&Candidate<'_>) -> i32,
    B: Fn(&Stretch) -> i32,
{
    const PRUNES: bool = true;

    fn take(&mut self, candidate: &Candidate<'_>) {
        // The bound of the move's own stretch is cheap; its value may not be.
        let floor = self.floor();
        let own = Stretch {
            score: candidate.score(),
            tiles: candidate.tiles_placed(),
            hogwarts: candidate.hogwarts_tiles(),
            blanks_kept: self.blanks - candidate.blanks_placed(),
        };
        if (self.value_bound)(&own) < floor {
            return;
        }
        let worth = (self.value)(candidate);
        if worth < self.at_least {
            return;
        }
        let better = match &self.best {
            None => true,
            Some((top, _)) if worth != *top => worth > *top,
            Some((_, placement)) => candidate.placement() < *placement,
        };
        if better {
            self.best = Some((worth, candidate.placement()));
            self.floor = worth;
        }
    }

    #[inline]
    fn floor(&self) -> i32 {
        self.floor
    }
}

/// One anchor and the most moves through it can be worth, by how a search finds them.
#[derive(Debug, Clone, Copy)]
pub(super) struct RankedAnchor {
    bounds: AnchorBounds,
    direction: Direction,
    line: u8,
    anchor: u8,
    kept: KeptStretches,
}

/// One piece of a search: an anchor's looked-up plays, or its walk, and the most it may find.
#[derive(Debug, Clone, Copy)]
pub(super) struct Work {
    bound: i32,
    /// The anchor's entry in the ranking.
    entry: u16,
    /// For the plays of all the rack's tiles but so many, looked up; else the walk.
    look_up: Option<u8>,
}

impl MoveGen {
    /// The highest-scoring placement for `rack`, ties going to the least placement in canonical
    /// order; `None` when there is no legal placement. Same answer as scanning [`MoveGen::generate`].
    pub fn best(
        &mut self,
        board: &Board,
        rules: &Rules,
        lexicon: &Lexicon,
        rack: &Rack,
    ) -> Option<(i32, Placement)> {
        self.best_with(board, rules, lexicon, rack, false)
    }

    /// As [`MoveGen::best`]; with `confundo`, backwards words compete too.
    pub fn best_with(
        &mut self,
        board: &Board,
        rules: &Rules,
        lexicon: &Lexicon,
        rack: &Rack,
        confundo: bool,
    ) -> Option<(i32, Placement)> {
        self.rank(board, rules, lexicon, rack, |stretch: &Stretch| {
            stretch.score
        })
        .best(Readings::with_confundo(confundo), i32::MIN, |candidate| {
            candidate.score()
        })
    }

    /// The anchors of `board` for `rack`, ranked by `value_bound`, for one search after the
    /// best placement or more ([`Ranking::best`]: other readings, other floors).
    ///
    /// `value_bound` must bound the value of every placement on a [`Stretch`] from what the
    /// stretch could give: anchors' pieces are searched best bound first and the search stops
    /// once no bound beats the best value found (for the greedy choice both are the score; an
    /// equity player adds the most a leave of the rack's other tiles could be worth).
    pub fn rank<'m, 'p, B: Fn(&Stretch) -> i32>(
        &'m mut self,
        board: &'p Board,
        rules: &'p Rules,
        lexicon: &'p Lexicon,
        rack: &Rack,
        value_bound: B,
    ) -> Ranking<'m, 'p, B> {
        let points: [i32; KINDS] = std::array::from_fn(|kind| rules.tiles.points(kind));
        self.compute_cross_checks(board, rules, &points, lexicon);
        // Another rack (or lexicon, or tile points) than the last search's: what the lexicon
        // said of that one no longer holds.
        if !self
            .spelled
            .as_ref()
            .is_some_and(|spelled| spelled.is_for(lexicon, rack, &points))
        {
            self.spelled = Some(RackSpelled::of(lexicon, rack, &points));
            self.whole_with.clear();
            self.whole_words.start(rack);
        }
        let spelled = self.spelled.as_ref().expect("set above");
        let mut whole_with = std::mem::take(&mut self.whole_with);
        let mut spelling = Spelling::new(lexicon, rack, &points, spelled, &mut whole_with);
        let tiles_by_points = TilesByPoints::of(rack, &points);
        let mut ranked = std::mem::take(&mut self.ranked);
        ranked.clear();
        // Each anchor's per-stretch bounds are kept for the walk to abandon partial words.
        let mut stretches = std::mem::take(&mut self.stretches);
        stretches.clear();
        // Each line's squares, copied out once for the bounds here and every search after.
        let lines: Box<[LineGen<'p>]> = (0..2 * SIZE)
            .map(|at| {
                let (direction, line) = (Direction::BOTH[at / SIZE], at % SIZE);
                let mut line_gen = LineGen::new(
                    self,
                    rules,
                    &points,
                    lexicon,
                    direction,
                    line,
                    Reading::Forward,
                );
                line_gen.find_best_crossing(&tiles_by_points);
                line_gen
            })
            .collect();
        // Each side's sums, cleared for every anchor rather than made anew (a kilobyte each).
        let (mut left_reach, mut right_reach) = (Reach::NOTHING, Reach::NOTHING);
        for direction in Direction::BOTH {
            for line in 0..SIZE {
                let line_gen = &lines[direction as usize * SIZE + line];
                for anchor in line_gen.anchors_fitting(rack) {
                    // The bound holds whichever way the word reads.
                    let (bounds, kept) = line_gen.shadow(
                        anchor,
                        rack,
                        &mut spelling,
                        &value_bound,
                        &mut stretches,
                        (&mut left_reach, &mut right_reach),
                    );
                    ranked.push(RankedAnchor {
                        bounds,
                        direction,
                        line: line as u8,
                        anchor: anchor as u8,
                        kept,
                    });
                }
            }
        }
        self.whole_with = whole_with;
        let whole_words = std::mem::take(&mut self.whole_words);
        let work = std::mem::take(&mut self.work);
        Ranking {
            movegen: self,
            board,
            lexicon,
            lines,
            rack: *rack,
            value_bound,
            ranked,
            stretches,
            whole_words,
            work,
        }
    }
}

/// A position's anchors bounded for one rack (from [`MoveGen::rank`]): each search after the
/// best placement takes their pieces best bound first until no bound can beat the best found.
pub struct Ranking<'m, 'p, B> {
    movegen: &'m mut MoveGen,
    board: &'p Board,
    lexicon: &'p Lexicon,
    /// Every line's squares, read forwards, by direction then line.
    lines: Box<[LineGen<'p>]>,
    rack: Rack,
    value_bound: B,
    /// The anchors, by line.
    ranked: Vec<RankedAnchor>,
    /// The per-stretch bounds the anchors keep.
    stretches: Vec<i32>,
    /// The words of plays looked up so far (the whole rack, or nearly).
    whole_words: WholeWords,
    /// Room for a search's pieces of work, best bound first.
    work: Vec<Work>,
}

impl<B: Fn(&Stretch) -> i32> Ranking<'_, '_, B> {
    /// The placement of highest `value` among those read as `readings` says, ties going to
    /// the least placement in canonical order; `None` when none is worth `floor` or more.
    pub fn best(
        &mut self,
        readings: Readings,
        floor: i32,
        value: impl FnMut(&Candidate<'_>) -> i32,
    ) -> Option<(i32, Placement)> {
        let (board, rack) = (self.board, &self.rack);
        let mut bounds = ExtentBounds::NOTHING;
        // Plays of all the rack's tiles, or nearly all, are looked up (read either way); the
        // walk leaves them out.
        let lookup = by_lookup(rack);
        let mut sink = Best {
            best: None,
            floor,
            blanks: usize::from(rack.count(BLANK)),
            at_least: floor,
            value,
            value_bound: &self.value_bound,
        };
        // With blanks on the rack, the moves keeping them first: their best is a floor the
        // moves placing one (many more, and worth a blank's leave less) must beat.
        let passes: &[BlankUse] = if rack.count(BLANK) > 0 {
            &[BlankUse::Kept, BlankUse::Placed]
        } else {
            &[BlankUse::Any]
        };
        let mut work = std::mem::take(&mut self.work);
        for &blank_use in passes {
            // Each anchor's lookups and walk are pieces of their own, each searched when its
            // own bound comes up: a bound high for the looked-up plays alone (a bingo, say)
            // no longer walks the anchor before better moves elsewhere are found.
            work.clear();
            for (at, entry) in self.ranked.iter().enumerate() {
                let entry_at = at as u16;
                if blank_use == BlankUse::Placed {
                    work.push(Work {
                        bound: entry.bounds.placing,
                        entry: entry_at,
                        look_up: None,
                    });
                    continue;
                }
                if lookup {
                    // A count of tiles no stretch takes (or no word fits) has no piece.
                    let counts = entry.bounds.looked_up.iter().enumerate();
                    for (fewer, &bound) in counts.filter(|&(_, &bound)| bound > i32::MIN) {
                        work.push(Work {
                            bound,
                            entry: entry_at,
                            look_up: Some(fewer as u8),
                        });
                    }
                }
                work.push(Work {
                    bound: entry.bounds.walked,
                    entry: entry_at,
                    look_up: None,
                });
            }
            work.sort_unstable_by_key(|piece| std::cmp::Reverse(piece.bound));
            for piece in &work {
                if piece.bound < sink.floor() {
                    break;
                }
                let entry = &self.ranked[usize::from(piece.entry)];
                let line = usize::from(entry.line);
                let anchor = usize::from(entry.anchor);
                let kept = &entry.kept;
                if piece.look_up.is_none() {
                    bounds.load(
                        kept,
                        &self.stretches,
                        lookup.then(|| fewest_looked_up(rack)),
                    );
                }
                for reading in Reading::for_line(board, entry.direction, line, readings) {
                    let mut line_gen = self.lines[entry.direction as usize * SIZE + line].clone();
                    line_gen.read_as(reading, self.lexicon);
                    if let Some(fewer) = piece.look_up {
                        let stretches = &self.stretches;
                        let (rights, tables) = (usize::from(kept.rights), usize::from(kept.tables));
                        // The rack's own blanks: the last table.
                        let bound = |l: usize, r: usize| {
                            stretches[kept.start as usize + (l * rights + r) * tables + tables - 1]
                        };
                        line_gen.looked_up_plays(
                            (anchor, usize::from(fewer)),
                            (usize::from(kept.lefts), rights),
                            bound,
                            self.lexicon.word_map(),
                            &mut self.whole_words,
                            &mut sink,
                        );
                    } else {
                        line_gen.bounds = &bounds;
                        line_gen.blank_use = blank_use;
                        line_gen.search_anchor(anchor, rack, &mut sink);
                    }
                }
            }
        }
        self.work = work;
        sink.best
    }
}

impl<B> Drop for Ranking<'_, '_, B> {
    fn drop(&mut self) {
        // The buffers go back to the generator for its next search.
        self.movegen.ranked = std::mem::take(&mut self.ranked);
        self.movegen.stretches = std::mem::take(&mut self.stretches);
        self.movegen.whole_words = std::mem::take(&mut self.whole_words);
        self.movegen.work = std::mem::take(&mut self.work);
    }
}
