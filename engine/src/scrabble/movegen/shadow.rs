//! The best move alone, found fast: every anchor gets an upper bound on the score of any move
//! through it (its "shadow", after MAGPIE), anchors are searched best bound first, and the
//! search stops once no remaining bound can beat the best move found.

use lexicon::Lexicon;

use super::{Candidate, LineGen, MoveGen, NO_CROSS};
use crate::scrabble::board::{Board, Direction};
use crate::scrabble::layout::SIZE;
use crate::scrabble::moves::Placement;
use crate::scrabble::rack::Rack;
use crate::scrabble::rules::Rules;
use crate::scrabble::tiles::{BLANK, KINDS};

/// One anchor and the most any move through it can score.
#[derive(Debug, Clone, Copy)]
pub(super) struct RankedAnchor {
    bound: i32,
    direction: Direction,
    line: u8,
    anchor: u8,
}

impl LineGen<'_> {
    /// An upper bound on the score of any move whose leftmost anchor is `anchor`.
    ///
    /// It takes the widest stretch such a move could cover: leftwards over board tiles or over
    /// empty squares up to the previous anchor, rightwards over board tiles and squares some
    /// rack tile may fill, at most a rack's worth of tiles each way. Every word premium in the
    /// stretch multiplies, and the rack's most valuable tiles go on the squares that multiply
    /// them most (including their perpendicular words). No move through the anchor beats that.
    fn shadow(&self, anchor: usize, rack: &Rack, values: &[i32]) -> i32 {
        let limit = rack.len();
        let playable = rack.playable_letters();
        let mut squares = [0usize; SIZE];
        let mut count = 0;
        let mut through = 0;
        squares[count] = anchor;
        count += 1;
        let mut left_placed = 0;
        let mut pos = anchor;
        while pos > 0 {
            pos -= 1;
            let cell = self.cells[pos];
            if !cell.is_empty() {
                through += self.points[cell.kind()];
            } else if self.is_anchor[pos] || left_placed + 1 >= limit {
                break;
            } else {
                squares[count] = pos;
                count += 1;
                left_placed += 1;
            }
        }
        let mut right_placed = 0;
        for pos in anchor + 1..SIZE {
            let cell = self.cells[pos];
            if !cell.is_empty() {
                through += self.points[cell.kind()];
            } else if right_placed + 1 >= limit || self.cross_sets[pos] & playable == 0 {
                break;
            } else {
                squares[count] = pos;
                count += 1;
                right_placed += 1;
            }
        }
        let squares = &squares[..count];
        let word_multiplier: i32 = squares.iter().map(|&p| self.word_multiplier[p]).product();
        // A square under a perpendicular word takes only the letters its cross-check allows:
        // bound it by the best such rack tile. The other squares share out the rack's best
        // tiles, most valuable on the most multiplied square.
        let mut crossing_total = 0;
        let mut effective = [0i32; SIZE];
        let mut open = 0;
        for &p in squares {
            if self.cross_points[p] == NO_CROSS {
                effective[open] = self.letter_multiplier[p] * word_multiplier;
                open += 1;
                continue;
            }
            let best_tile = rack
                .kinds()
                .filter(|&kind| kind == BLANK || self.cross_sets[p] & (1 << kind) != 0)
                .map(|kind| self.points[kind])
                .max()
                .unwrap_or(0);
            let letter = best_tile * self.letter_multiplier[p];
            crossing_total += letter * word_multiplier
                + (i32::from(self.cross_points[p]) + letter) * self.word_multiplier[p];
        }
        let effective = &mut effective[..open];
        effective.sort_unstable_by(|a, b| b.cmp(a));
        let letters: i32 = values
            .iter()
            .zip(effective.iter())
            .map(|(v, e)| v * e)
            .sum::<i32>()
            + crossing_total;
        let bingo = if limit >= self.bingo_tiles && count >= self.bingo_tiles {
            self.bingo_bonus
        } else {
            0
        };
        letters + through * word_multiplier + bingo
    }
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
        self.compute_cross_checks(board, rules, lexicon.graph());
        let points: [i32; KINDS] = std::array::from_fn(|kind| rules.tiles.points(kind));
        let mut values = [0i32; SIZE];
        for (slot, kind) in values.iter_mut().zip(rack.kinds()) {
            *slot = points[kind];
        }
        let values = &mut values[..rack.len().min(SIZE)];
        values.sort_unstable_by(|a, b| b.cmp(a));
        let mut ranked = std::mem::take(&mut self.ranked);
        ranked.clear();
        for direction in Direction::BOTH {
            for line in 0..SIZE {
                let mut line_gen = LineGen::new(
                    self,
                    board,
                    rules,
                    &points,
                    lexicon.gaddag(),
                    direction,
                    line,
                );
                line_gen.find_anchors(board.is_empty());
                for anchor in 0..SIZE {
                    if line_gen.anchor_fits(anchor, rack) {
                        ranked.push(RankedAnchor {
                            bound: line_gen.shadow(anchor, rack, values),
                            direction,
                            line: line as u8,
                            anchor: anchor as u8,
                        });
                    }
                }
            }
        }
        ranked.sort_unstable_by_key(|entry| std::cmp::Reverse(entry.bound));
        let mut best: Option<(i32, Placement)> = None;
        let mut rack = *rack;
        for entry in &ranked {
            if best.is_some_and(|(score, _)| entry.bound < score) {
                break;
            }
            let line = usize::from(entry.line);
            let mut line_gen = LineGen::new(
                self,
                board,
                rules,
                &points,
                lexicon.gaddag(),
                entry.direction,
                line,
            );
            line_gen.find_anchors(board.is_empty());
            line_gen.search_anchor(
                usize::from(entry.anchor),
                &mut rack,
                &mut |candidate: &Candidate<'_>| {
                    let better = match &best {
                        None => true,
                        Some((top, _)) if candidate.score() != *top => candidate.score() > *top,
                        Some((_, placement)) => candidate.placement() < *placement,
                    };
                    if better {
                        best = Some((candidate.score(), candidate.placement()));
                    }
                },
            );
        }
        self.ranked = ranked;
        best
    }
}
