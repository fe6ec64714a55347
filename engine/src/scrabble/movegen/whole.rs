//! Plays of the whole rack, and of all its tiles but one (but two, from nine tiles), found by
//! lookup: the words spelled by those tiles and the board letters a stretch takes in come from
//! the lexicon's word map and are tried on the stretch, so the search after the best move need
//! not walk the partial words only such plays could finish (with a blank on the rack, most of
//! them).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::ops::Range;

use lexicon::{CountsHasher, LetterCounts, WordMap};

use super::Reading;
use super::candidate::Sink;
use super::walk::{LineGen, Tally};
use crate::scrabble::layout::SIZE;
use crate::scrabble::rack::Rack;
use crate::scrabble::tiles::{BLANK, Cell};

/// Racks with more blanks than this are left to the walk (a lookup per blank letter set).
pub(super) const MAX_BLANKS: u8 = 2;

/// Whether plays of the whole rack, and of nearly all its tiles ([`fewest_looked_up`]), are
/// found by lookup rather than by the walk (the word map holds words as short as the latter).
pub(super) fn by_lookup(rack: &Rack) -> bool {
    rack.len() > WordMap::MIN_LEN && rack.count(BLANK) <= MAX_BLANKS
}

/// The most tiles of the rack a play found by lookup leaves out (from nine tiles).
pub(super) const MOST_LEFT_OUT: usize = 2;

/// The fewest tiles a play found by lookup places, for a rack [`by_lookup`] accepts: all but
/// one, or from nine tiles (Engorgio's racks), all but two. (Measured, instructions a
/// two-player scrabble-hp game: all but two from nine tiles cut `equity`'s 8.7 % and
/// `greedy`'s 4.7 %; all but three, or all but two from eight, cost more than they saved; the
/// map holds no words under six letters.)
pub(super) fn fewest_looked_up(rack: &Rack) -> usize {
    let n = rack.len();
    let left_out = if n >= 9 { MOST_LEFT_OUT } else { 1 };
    (n - left_out).max(WordMap::MIN_LEN)
}

/// Calls `visit` with the tiles left to place and the tiles kept, for every way of keeping
/// `size` more of `rack`'s tiles (each multiset once: kept kinds never fall below `from`).
fn for_each_kept(
    rack: &mut Rack,
    size: usize,
    from: usize,
    kept: &mut Rack,
    visit: &mut impl FnMut(&Rack, &Rack),
) {
    if size == 0 {
        visit(rack, kept);
        return;
    }
    for kind in rack.present_kinds().filter(|&kind| kind >= from) {
        rack.take(kind);
        kept.add(kind);
        for_each_kept(rack, size - 1, kind, kept, visit);
        kept.take(kind);
        rack.add(kind);
    }
}

/// A map keyed by letter counts, hashed cheaply.
pub(super) type CountsMap<V> = HashMap<LetterCounts, V, BuildHasherDefault<CountsHasher>>;

/// The words looked up for a rack, by the letters and blanks they were spelled with, and the
/// ways the rack's tiles divide into a looked-up play and a leave.
#[derive(Debug, Clone, Default)]
pub(super) struct WholeWords {
    found: CountsMap<Range<usize>>,
    letters: Vec<u8>,
    /// Every play's tiles and leave, fewest tiles kept first (the whole rack placed).
    splits: Vec<Split>,
    /// The splits placing each number of tiles: that number and where they lie.
    by_tiles: Vec<(usize, Range<usize>)>,
}

/// A way to divide the rack: the tiles a looked-up play places and the tiles it keeps.
#[derive(Debug, Clone, Copy)]
struct Split {
    placed: Rack,
    leave: Rack,
    /// The placed tiles' letters, as the word map counts them.
    counts: LetterCounts,
}

/// Bit where a lookup's key keeps its blanks, above the 26 letters' counts.
const BLANKS_SHIFT: u32 = 120;

impl WholeWords {
    /// Starts on `rack` (another than the last search's), if [`by_lookup`] accepts it.
    pub(super) fn start(&mut self, rack: &Rack) {
        self.found.clear();
        self.letters.clear();
        self.splits.clear();
        self.by_tiles.clear();
        if !by_lookup(rack) {
            return;
        }
        for tiles in (fewest_looked_up(rack)..=rack.len()).rev() {
            let first = self.splits.len();
            let (mut placed, mut leave) = (*rack, Rack::EMPTY);
            for_each_kept(
                &mut placed,
                rack.len() - tiles,
                0,
                &mut leave,
                &mut |placed, leave| {
                    self.splits.push(Split {
                        placed: *placed,
                        leave: *leave,
                        counts: counts_of(placed),
                    });
                },
            );
            self.by_tiles.push((tiles, first..self.splits.len()));
        }
    }

    /// The words spelled by `counts` and `blanks`, one after another.
    fn words(&mut self, map: &WordMap, counts: LetterCounts, blanks: u8) -> &[u8] {
        let key = counts | LetterCounts::from(blanks) << BLANKS_SHIFT;
        let range = match self.found.get(&key) {
            Some(range) => range.clone(),
            None => {
                let start = self.letters.len();
                let letters = &mut self.letters;
                map.for_each_spelled(counts, blanks, |word| letters.extend_from_slice(word));
                self.found.insert(key, start..self.letters.len());
                start..self.letters.len()
            }
        };
        &self.letters[range]
    }
}

/// A rack's letters (blanks aside) as the word map counts them.
pub(super) fn counts_of(rack: &Rack) -> LetterCounts {
    (0..26u8)
        .map(|letter| LetterCounts::from(rack.count(usize::from(letter))) << (4 * letter))
        .sum()
}

impl LineGen<'_> {
    /// Hands `sink` every play `words` was started for that places all the rack's tiles but
    /// `fewer` (at least [`fewest_looked_up`]) and whose leftmost anchor is `anchor`, on each
    /// stretch (`l` tiles left of the anchor, `r + 1` from it rightwards) whose bound in
    /// `bound` reaches the sink's floor.
    pub(super) fn looked_up_plays(
        &mut self,
        (anchor, fewer): (usize, usize),
        (lefts, rights): (usize, usize),
        bound: impl Fn(usize, usize) -> i32,
        map: &WordMap,
        words: &mut WholeWords,
        sink: &mut impl Sink,
    ) {
        let Some((tiles, splits)) = words.by_tiles.get(fewer).cloned() else {
            return;
        };
        for l in 0..lefts {
            let Some(r) = tiles.checked_sub(l + 1) else {
                continue;
            };
            if r >= rights || bound(l, r) < sink.floor() {
                continue;
            }
            let Some((start, end)) = self.stretch_span(anchor, l, r) else {
                continue;
            };
            let through: LetterCounts = (start..end)
                .filter(|&pos| !self.squares.cells[pos].is_empty())
                .map(|pos| 1 << (4 * u32::from(self.squares.cells[pos].letter())))
                .sum();
            for at in splits.clone() {
                let split = words.splits[at];
                let blanks = split.placed.count(BLANK);
                let found = words.words(map, split.counts + through, blanks);
                self.try_words(
                    start,
                    end - start,
                    found,
                    (&split.placed, &split.leave),
                    sink,
                );
            }
        }
    }

    /// Tries each of the words of `len` letters in `found` from `start`, spelled backwards
    /// when the search reads words that way, placing `tiles` and leaving `leave`.
    fn try_words(
        &mut self,
        start: usize,
        len: usize,
        found: &[u8],
        (tiles, leave): (&Rack, &Rack),
        sink: &mut impl Sink,
    ) {
        // The walk keeps its rack as what is left; so do these plays, for their candidates.
        self.rack = *leave;
        let mut reversed = [0u8; SIZE];
        for word in found.chunks_exact(len) {
            if self.reading == Reading::Forward {
                self.try_word(start, word, tiles, sink);
            } else {
                reversed[..len].copy_from_slice(word);
                reversed[..len].reverse();
                self.try_word(start, &reversed[..len], tiles, sink);
            }
        }
    }

    /// The squares of the word placing `l` tiles left of `anchor` and `r + 1` from it
    /// rightwards, with the board tiles it takes in at either end.
    fn stretch_span(&self, anchor: usize, l: usize, r: usize) -> Option<(usize, usize)> {
        let mut start = anchor;
        let mut filled = 0;
        while filled < l {
            start = start.checked_sub(1)?;
            filled += usize::from(self.squares.cells[start].is_empty());
        }
        let start = self.run_start(start);
        let mut last = anchor;
        let mut filled = 0;
        while filled < r {
            last += 1;
            if last >= SIZE {
                return None;
            }
            filled += usize::from(self.squares.cells[last].is_empty());
        }
        Some((start, self.run_end(last + 1)))
    }

    /// Plays `word` from `start` with exactly the tiles `rack`, if the board letters agree and
    /// the cross-checks allow it: once for each way of putting the blanks on its letters.
    fn try_word(&mut self, start: usize, word: &[u8], rack: &Rack, sink: &mut impl Sink) {
        let mut placed = [0u8; 26];
        for (pos, &letter) in (start..).zip(word) {
            let cell = self.squares.cells[pos];
            if cell.is_empty() {
                if self.squares.cross_sets[pos] & (1 << letter) == 0 {
                    return;
                }
                placed[usize::from(letter)] += 1;
            } else if cell.letter() != letter {
                return;
            }
        }
        // Letters placed beyond the rack's own tiles of them are its blanks.
        let real: [u8; 26] = std::array::from_fn(|letter| placed[letter].min(rack.count(letter)));
        let blanks: [u8; 26] = std::array::from_fn(|letter| placed[letter] - real[letter]);
        self.place_word(start, start, word, real, blanks, Tally::START, sink);
    }

    /// Places `word`'s letters from `pos` on, each a rack tile or a blank while some of that
    /// letter are left of each, and records the play once the word is laid.
    #[allow(clippy::too_many_arguments)]
    fn place_word(
        &mut self,
        start: usize,
        pos: usize,
        word: &[u8],
        real: [u8; 26],
        blanks: [u8; 26],
        tally: Tally,
        sink: &mut impl Sink,
    ) {
        let Some(&letter) = word.get(pos - start) else {
            self.record(start, pos, tally, sink);
            return;
        };
        let cell = self.squares.cells[pos];
        if !cell.is_empty() {
            let tally = Tally {
                main: tally.main + self.points[cell.kind()],
                ..tally
            };
            self.place_word(start, pos + 1, word, real, blanks, tally, sink);
            return;
        }
        let index = usize::from(letter);
        for blank in [false, true] {
            let mut left = if blank { blanks } else { real };
            if left[index] == 0 {
                continue;
            }
            left[index] -= 1;
            let (real, blanks) = if blank { (real, left) } else { (left, blanks) };
            let tile = Cell::tile(letter, blank);
            self.placed[pos] = tile;
            let next = self.with_tile(tally, pos, tile);
            self.place_word(start, pos + 1, word, real, blanks, next, sink);
            self.placed[pos] = Cell::EMPTY;
        }
    }
}
