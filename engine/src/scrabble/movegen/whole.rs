//! Plays of the whole rack found by lookup: the words spelled by the rack and the board
//! letters a stretch takes in come from the lexicon's word map and are tried on the stretch,
//! so the search after the best move need not walk partial words that only a full-rack play
//! could finish (with a blank on the rack, most of them).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::ops::Range;

use lexicon::{CountsHasher, LetterCounts, WordMap};

use super::{LineGen, Sink, Tally};
use crate::scrabble::layout::SIZE;
use crate::scrabble::rack::Rack;
use crate::scrabble::tiles::{BLANK, Cell};

/// Racks with more blanks than this are left to the walk (a lookup per blank letter set).
pub(super) const MAX_BLANKS: u8 = 2;

/// Whether full-rack plays of `rack` are found by lookup rather than by the walk.
pub(super) fn by_lookup(rack: &Rack) -> bool {
    rack.len() >= WordMap::MIN_LEN && rack.count(BLANK) <= MAX_BLANKS
}

/// A map keyed by letter counts, hashed cheaply.
pub(super) type CountsMap<V> = HashMap<LetterCounts, V, BuildHasherDefault<CountsHasher>>;

/// The words looked up this turn, by the board letters they take in (the rack is the turn's).
#[derive(Debug, Clone, Default)]
pub(super) struct WholeWords {
    found: CountsMap<Range<usize>>,
    letters: Vec<u8>,
    /// The rack's letters (blanks aside) as counts.
    rack: LetterCounts,
    blanks: u8,
}

impl WholeWords {
    /// Starts a turn with `rack`.
    pub(super) fn start(&mut self, rack: &Rack) {
        self.found.clear();
        self.letters.clear();
        self.rack = (0..26u8)
            .map(|letter| LetterCounts::from(rack.count(usize::from(letter))) << (4 * letter))
            .sum();
        self.blanks = rack.count(BLANK);
    }

    /// The words spelled by the rack and `through`, one after another.
    fn words(&mut self, map: &WordMap, through: LetterCounts) -> &[u8] {
        let range = match self.found.get(&through) {
            Some(range) => range.clone(),
            None => {
                let start = self.letters.len();
                let letters = &mut self.letters;
                map.for_each_spelled(self.rack + through, self.blanks, |word| {
                    letters.extend_from_slice(word)
                });
                self.found.insert(through, start..self.letters.len());
                start..self.letters.len()
            }
        };
        &self.letters[range]
    }
}

impl LineGen<'_> {
    /// Hands `sink` every play of the whole `rack` whose leftmost anchor is `anchor`, on each
    /// stretch (`l` tiles left of the anchor, `r + 1` from it rightwards) whose bound in
    /// `bound` reaches the sink's floor.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn whole_rack_plays(
        &mut self,
        anchor: usize,
        rack: &Rack,
        (lefts, rights): (usize, usize),
        bound: impl Fn(usize, usize) -> i32,
        map: &WordMap,
        words: &mut WholeWords,
        sink: &mut impl Sink,
    ) {
        let tiles = rack.len();
        for l in 0..lefts.min(tiles) {
            let r = tiles - 1 - l;
            if r >= rights || bound(l, r) < sink.floor() {
                continue;
            }
            let Some((start, end)) = self.stretch_span(anchor, l, r) else {
                continue;
            };
            let through = (start..end)
                .filter(|&pos| !self.cells[pos].is_empty())
                .map(|pos| 1 << (4 * u32::from(self.cells[pos].letter())))
                .sum();
            let found = words.words(map, through);
            let len = end - start;
            for word in found.chunks_exact(len) {
                self.try_word(start, word, rack, sink);
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
            filled += usize::from(self.cells[start].is_empty());
        }
        while start > 0 && self.has_tile(start - 1) {
            start -= 1;
        }
        let mut last = anchor;
        let mut filled = 0;
        while filled < r {
            last += 1;
            if last >= SIZE {
                return None;
            }
            filled += usize::from(self.cells[last].is_empty());
        }
        let mut end = last + 1;
        while self.has_tile(end) {
            end += 1;
        }
        Some((start, end))
    }

    /// Plays `word` from `start` if the board letters agree and the cross-checks allow it:
    /// once for each way of putting the rack's blanks on its letters.
    fn try_word(&mut self, start: usize, word: &[u8], rack: &Rack, sink: &mut impl Sink) {
        let mut placed = [0u8; 26];
        for (pos, &letter) in (start..).zip(word) {
            let cell = self.cells[pos];
            if cell.is_empty() {
                if self.cross_sets[pos] & (1 << letter) == 0 {
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
        let cell = self.cells[pos];
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
