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
use super::{Anchors, MoveGen, Reading, Readings};
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
        self.rank_anchors(board, rules, lexicon, rack, &Anchors::ALL, value_bound)
    }

    /// As [`MoveGen::rank`], the anchors in `wanted` alone: the searches after that find the
    /// placements found at those anchors (each placement at the first anchor it covers).
    pub fn rank_anchors<'m, 'p, B: Fn(&Stretch) -> i32>(
        &'m mut self,
        board: &'p Board,
        rules: &'p Rules,
        lexicon: &'p Lexicon,
        rack: &Rack,
        wanted: &Anchors,
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
        // Each wanted line's squares with anchors, copied out once for the bounds here and
        // every search after.
        let mut line_at = [u8::MAX; 2 * SIZE];
        // Room for every line at once: lines made one by one into a growing list are copied
        // as it grows.
        let wanted_lines = (0..2 * SIZE).filter(|&at| {
            let (direction, line) = (Direction::BOTH[at / SIZE], at % SIZE);
            wanted.on_line(direction, line) & self.lines[at].anchors != 0
        });
        let mut lines: Vec<LineGen<'p>> = Vec::with_capacity(2 * SIZE);
        for at in wanted_lines {
            line_at[at] = lines.len() as u8;
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
            lines.push(line_gen);
        }
        // Each side's sums, cleared for every anchor rather than made anew (a kilobyte each).
        let (mut left_reach, mut right_reach) = (Reach::NOTHING, Reach::NOTHING);
        for direction in Direction::BOTH {
            for line in 0..SIZE {
                let Some(line_gen) =
                    lines.get(usize::from(line_at[direction as usize * SIZE + line]))
                else {
                    continue;
                };
                let wanted_here = wanted.on_line(direction, line);
                let fitting = line_gen.anchors_fitting(rack);
                for anchor in fitting.filter(|&anchor| wanted_here & 1 << anchor != 0) {
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
            line_at,
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
    /// The squares of the lines searched, read forwards.
    lines: Vec<LineGen<'p>>,
    /// Where each line's squares are in `lines`, by direction then line.
    line_at: [u8; 2 * SIZE],
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
        let mut room = (ExtentBounds::NOTHING, std::mem::take(&mut self.whole_words));
        let mut sink = Best {
            best: None,
            floor,
            blanks: usize::from(self.rack.count(BLANK)),
            at_least: floor,
            value,
            value_bound: &self.value_bound,
        };
        let mut work = std::mem::take(&mut self.work);
        for &blank_use in self.blank_passes() {
            self.pieces(blank_use, &mut work);
            for piece in &work {
                if piece.bound < sink.floor() {
                    break;
                }
                self.search_piece(piece, (blank_use, readings), &mut room, &mut sink);
            }
        }
        self.work = work;
        self.whole_words = room.1;
        sink.best
    }

    /// For each set of anchors of `groups`, the highest `value` of a placement found at those
    /// anchors, read as `readings` says, into `out`: `None` where none is worth `floor` or
    /// more. One search serves every group: a piece is searched only while it may beat the
    /// best found so far of some group holding its anchor, above the least such best.
    pub fn best_by_groups(
        &mut self,
        readings: Readings,
        floor: i32,
        groups: &[Anchors],
        mut value: impl FnMut(&Candidate<'_>) -> i32,
        out: &mut Vec<Option<i32>>,
    ) {
        out.clear();
        out.resize(groups.len(), None);
        let bar_of = |best: &Option<i32>| best.map_or(floor, |best| best.max(floor));
        let mut room = (ExtentBounds::NOTHING, std::mem::take(&mut self.whole_words));
        let mut work = std::mem::take(&mut self.work);
        for &blank_use in self.blank_passes() {
            self.pieces(blank_use, &mut work);
            for piece in &work {
                let lowest = out.iter().map(bar_of).min().unwrap_or(i32::MAX);
                if piece.bound < lowest {
                    break;
                }
                let entry = &self.ranked[usize::from(piece.entry)];
                let (direction, line) = (entry.direction, usize::from(entry.line));
                let anchor = usize::from(entry.anchor);
                let holding =
                    || (0..groups.len()).filter(move |&g| groups[g].holds(direction, line, anchor));
                let Some(bar) = holding().map(|g| bar_of(&out[g])).min() else {
                    continue;
                };
                if piece.bound < bar {
                    continue;
                }
                let mut sink = Best {
                    best: None,
                    floor: bar,
                    blanks: usize::from(self.rack.count(BLANK)),
                    at_least: bar,
                    value: &mut value,
                    value_bound: &self.value_bound,
                };
                self.search_piece(piece, (blank_use, readings), &mut room, &mut sink);
                if let Some((worth, _)) = sink.best {
                    for g in holding() {
                        out[g] = Some(out[g].map_or(worth, |best| best.max(worth)));
                    }
                }
            }
        }
        self.work = work;
        self.whole_words = room.1;
    }

    /// The walks a search makes by the blanks placed: with blanks on the rack, the moves
    /// keeping them first, whose best is a floor the moves placing one (many more, and worth
    /// a blank's leave less) must beat.
    fn blank_passes(&self) -> &'static [BlankUse] {
        if self.rack.count(BLANK) > 0 {
            &[BlankUse::Kept, BlankUse::Placed]
        } else {
            &[BlankUse::Any]
        }
    }

    /// The pieces of work of one walk by the blanks placed, best bound first, into `work`.
    /// Each anchor's lookups and walk are pieces of their own, each searched when its own
    /// bound comes up: a bound high for the looked-up plays alone (a bingo, say) no longer
    /// walks the anchor before better moves elsewhere are found.
    fn pieces(&self, blank_use: BlankUse, work: &mut Vec<Work>) {
        // Plays of all the rack's tiles, or nearly all, are looked up (read either way); the
        // walk leaves them out.
        let lookup = by_lookup(&self.rack);
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
    }

    /// Searches one piece of work into `sink`, by the blanks it places and its line read as
    /// `readings` says; `room` holds a walk's bounds and the words of plays looked up.
    fn search_piece(
        &self,
        piece: &Work,
        (blank_use, readings): (BlankUse, Readings),
        (bounds, whole_words): &mut (ExtentBounds, WholeWords),
        sink: &mut impl Sink,
    ) {
        let (board, rack) = (self.board, &self.rack);
        let lookup = by_lookup(rack);
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
            let at = self.line_at[entry.direction as usize * SIZE + line];
            let mut line_gen = self.lines[usize::from(at)].clone();
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
                    whole_words,
                    sink,
                );
            } else {
                line_gen.bounds = bounds;
                line_gen.blank_use = blank_use;
                line_gen.search_anchor(anchor, rack, sink);
            }
        }
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
