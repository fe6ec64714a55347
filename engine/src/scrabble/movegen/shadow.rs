//! The best move alone, found fast: every anchor gets an upper bound on the score of any move
//! through it (its "shadow", after MAGPIE), anchors are searched best bound first, and the
//! search stops once no remaining bound can beat the best move found.

use lexicon::Lexicon;

use super::{Candidate, LineGen, MoveGen, NO_CROSS, Reading};
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
    reading: Reading,
}

impl LineGen<'_> {
    /// An upper bound on the score of any move whose leftmost anchor is `anchor`.
    ///
    /// It takes the widest stretch such a move could cover: leftwards over board tiles or over
    /// empty squares up to the previous anchor, rightwards over board tiles and squares some
    /// rack tile may fill, at most a rack's worth of tiles each way. Every word premium in the
    /// stretch multiplies, and the rack's most valuable tiles go on the squares that multiply
    /// them most (including their perpendicular words). No move through the anchor beats that.
    fn shadow(&self, anchor: usize, rack: &Rack, values: &[i32], bingos: BingoProspects) -> i32 {
        let limit = rack.len();
        let playable = rack.playable_letters();
        let mut squares = [0usize; SIZE];
        let mut count = 0;
        let mut through = 0;
        let mut through_tiles = 0;
        let mut through_letters = 0u32;
        squares[count] = anchor;
        count += 1;
        let mut left_placed = 0;
        let mut pos = anchor;
        while pos > 0 {
            pos -= 1;
            let cell = self.cells[pos];
            if !cell.is_empty() {
                through += self.points[cell.kind()];
                through_tiles += 1;
                through_letters |= 1 << cell.letter();
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
                through_tiles += 1;
                through_letters |= 1 << cell.letter();
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
        let bingo_word = bingos.unknown
            || bingos.alone
            || through_tiles >= 2
            || (through_tiles == 1 && bingos.through & through_letters != 0);
        let bingo = if bingo_word && limit >= self.bingo_tiles && count >= self.bingo_tiles {
            self.bingo_bonus
        } else {
            0
        };
        letters + through * word_multiplier + bingo
    }
}

/// Which bingos a rack could make, from the lexicon's index of 7- and 8-letter words.
#[derive(Debug, Clone, Copy)]
pub(super) struct BingoProspects {
    /// Its tiles alone spell a word.
    alone: bool,
    /// The board letters that, with all its tiles, spell a word.
    through: u32,
    /// Not worked out (two blanks, an unusual rack or bingo size): assume any bingo.
    unknown: bool,
}

impl BingoProspects {
    fn of(rack: &Rack, rules: &Rules, lexicon: &Lexicon) -> BingoProspects {
        let bingo_tiles = rules.numbers.bingo_tiles;
        if rack.len() < bingo_tiles {
            return BingoProspects {
                alone: false,
                through: 0,
                unknown: false,
            };
        }
        let unknown = BingoProspects {
            alone: true,
            through: u32::MAX,
            unknown: true,
        };
        if bingo_tiles != 7 || rack.len() != 7 || rack.count(BLANK) > 1 {
            return unknown;
        }
        let index = lexicon.bingo_index();
        let mut letters = [0u8; 9];
        let mut len = 0;
        for kind in rack.kinds().filter(|&kind| kind != BLANK) {
            letters[len] = kind as u8;
            len += 1;
        }
        let blank = rack.count(BLANK) == 1;
        // With a blank, try every letter in its place.
        let spells = |letters: &mut [u8; 9], len: usize| -> bool {
            if !blank {
                return index.contains(&letters[..len]) == Some(true);
            }
            (0..26).any(|stand_in| {
                letters[len] = stand_in;
                index.contains(&letters[..=len]) == Some(true)
            })
        };
        let alone = spells(&mut letters, len);
        let mut through = 0;
        for letter in 0..26u8 {
            letters[len] = letter;
            if spells(&mut letters, len + 1) {
                through |= 1 << letter;
            }
        }
        BingoProspects {
            alone,
            through,
            unknown: false,
        }
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
        self.compute_cross_checks(board, rules, lexicon);
        let points: [i32; KINDS] = std::array::from_fn(|kind| rules.tiles.points(kind));
        let mut values = [0i32; SIZE];
        for (slot, kind) in values.iter_mut().zip(rack.kinds()) {
            *slot = points[kind];
        }
        let values = &mut values[..rack.len().min(SIZE)];
        values.sort_unstable_by(|a, b| b.cmp(a));
        let bingos = BingoProspects::of(rack, rules, lexicon);
        let mut ranked = std::mem::take(&mut self.ranked);
        ranked.clear();
        for direction in Direction::BOTH {
            for line in 0..SIZE {
                let mut line_gen = LineGen::new(
                    self,
                    board,
                    rules,
                    &points,
                    lexicon,
                    direction,
                    line,
                    Reading::Forward,
                );
                line_gen.find_anchors(board.is_empty());
                for anchor in 0..SIZE {
                    if !line_gen.anchor_fits(anchor, rack) {
                        continue;
                    }
                    // The bound holds whichever way the word reads.
                    let bound = line_gen.shadow(anchor, rack, values, bingos);
                    for reading in Reading::for_line(board, direction, line, confundo) {
                        ranked.push(RankedAnchor {
                            bound,
                            direction,
                            line: line as u8,
                            anchor: anchor as u8,
                            reading,
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
                lexicon,
                entry.direction,
                line,
                entry.reading,
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
