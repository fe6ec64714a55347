//! The most any play from an anchor can score, worked out before its walk, so that a search
//! for the best play walks the anchors most promising first and stops at one that cannot win.
//!
//! For each stretch a play from the anchor could cover (so many empty squares before it, the
//! cards it passes, so many after), the bound adds the hand's best letters for the main word
//! (the best `k` that spell a word when no card is in it), each perpendicular word's cards and
//! the best letter its square allows, a Premium card's most on the best word, the first word's
//! multiplier and the whole-hand bonus; a stretch taking the whole hand counts only if its
//! letters and cards spell a word.

use lexicon::{AnagramGraph, LetterCounts, LetterSet, Lexicon, WordMap};

use super::line::{Line, cell_points};
use crate::cardgame::rules::CardRules;
use crate::cardgame::{Premium, ValueBound};
use crate::scrabble::tiles::{BLANK, KINDS};
use crate::scrabble::{Cell, Rack};

/// The longest word a lexicon holds.
const LONGEST: usize = lexicon::MAX_WORD_LEN;

/// What the hand can score, read once a search.
pub(super) struct HandBound<'a> {
    anagrams: &'a AnagramGraph,
    words: &'a WordMap,
    points: [i32; KINDS],
    /// The hand's letters (0-25, four bits each) and blanks.
    counts: LetterCounts,
    blanks: u8,
    hand: Rack,
    hand_len: usize,
    /// Entry `k`: the sum of the hand's `k` best letters.
    top: [i32; LONGEST + 1],
    /// Entry `k`: the most `k` of the hand's letters spelling a word add up to.
    spelled: [Option<i32>; LONGEST + 1],
    /// The most a Premium card held multiplies a word by (1: none held, or the first word).
    premium: i32,
    /// The first word's multiplier (1 after it).
    opening: i32,
    hand_size: usize,
    bingo_bonus: i32,
    /// The valuation's units: so many a point, and at most so many besides by cards laid.
    per_point: i32,
    besides: [i32; LONGEST + 1],
    /// The valuation adds no less to a play of more cards.
    besides_grow: bool,
    /// Whether the whole hand spells a word with these cards, for card sets met before:
    /// neighbouring anchors and the walk's own bounds ask again (direct-mapped by the cards).
    spelled_with_cards: [std::cell::Cell<Option<(LetterCounts, bool)>>; SPELLED_SLOTS],
}

/// Card sets [`HandBound`] remembers the answer for.
const SPELLED_SLOTS: usize = 32;

impl<'a> HandBound<'a> {
    /// The bounds of `hand` for a valuation worth at most `at_most`.
    pub(super) fn new(
        lexicon: &'a Lexicon,
        rules: &CardRules,
        hand: &Rack,
        at_most: &ValueBound,
        first: bool,
    ) -> HandBound<'a> {
        let premiums = at_most.premiums;
        let points: [i32; KINDS] = std::array::from_fn(|kind| rules.letters.points(kind));
        let letter_counts: [u8; 26] = std::array::from_fn(|letter| hand.count(letter));
        let blanks = hand.count(BLANK);
        // The hand's letters' points, most first (a blank scores nothing).
        let mut values = [0; LONGEST];
        for (value, kind) in values.iter_mut().zip(hand.kinds()) {
            *value = if kind == BLANK { 0 } else { points[kind] };
        }
        values.sort_unstable_by(|a, b| b.cmp(a));
        let mut top = [0; LONGEST + 1];
        for (k, value) in values.iter().enumerate() {
            top[k + 1] = top[k] + value;
        }
        let letter_points: [i32; 26] = std::array::from_fn(|letter| points[letter]);
        let anagrams = lexicon.anagram_graph();
        let numbers = &rules.numbers;
        let premium = [Premium::Double, Premium::Triple]
            .into_iter()
            .filter(|&premium| premiums[premium as usize] > 0)
            .map(|premium| numbers.multiplier(premium))
            .max()
            .unwrap_or(1);
        HandBound {
            anagrams,
            words: lexicon.word_map(),
            points,
            counts: pack(&letter_counts),
            blanks,
            hand: *hand,
            hand_len: hand.len(),
            top,
            spelled: anagrams.best_parts(&letter_counts, blanks, &letter_points),
            premium: if first { 1 } else { premium.max(1) },
            opening: if first {
                numbers.first_word_multiplier.max(1)
            } else {
                1
            },
            hand_size: numbers.hand_size,
            bingo_bonus: numbers.bingo_bonus,
            per_point: at_most.per_point,
            besides: at_most.besides,
            besides_grow: at_most.besides.windows(2).all(|pair| pair[0] <= pair[1]),
            spelled_with_cards: Default::default(),
        }
    }

    /// The most the hand's best letter allowed on square `p` of `line` scores there, or
    /// `None` if no letter of the hand may go there.
    fn best_letter(&self, line: &Line, p: usize) -> Option<i32> {
        let allowed = line.cross_set[p];
        if allowed == LetterSet::ALL {
            return Some(self.top[1]);
        }
        let mut best = None;
        for kind in self.hand.present_kinds() {
            let value = if kind == BLANK {
                (allowed.0 != 0).then_some(0)
            } else {
                allowed.contains(kind as u8).then_some(self.points[kind])
            };
            best = best.max(value);
        }
        best
    }

    /// The most a play whose leftmost anchor is `anchor` on `line` can score, or `None` if
    /// none can be made there. `room` is how many empty squares before the anchor a play may
    /// take (`None` where cards stand just before it).
    pub(super) fn anchor(&self, line: &Line, anchor: usize, room: Option<usize>) -> Option<i32> {
        let mut best = None;
        self.stretches(line, anchor, room, |_, _, points| {
            best = best.max(Some(points));
            false
        });
        best
    }

    /// Fills `table` with the most plays from `anchor` can score by the letters they lay before
    /// it and from it on.
    pub(super) fn anchor_table(
        &self,
        line: &Line,
        anchor: usize,
        room: Option<usize>,
        table: &mut StretchTable,
    ) {
        table.clear();
        self.stretches(line, anchor, room, |before, after, points| {
            table.add(before, after, points);
            true
        });
        table.settle();
    }

    /// Calls `visit` with each stretch a play from `anchor` could cover (the letters it lays
    /// before the anchor, the letters from it on) and the most such a play can score, fewer
    /// letters before the anchor after more; where cards stand in the word, more letters
    /// before it never score less (unless the valuation adds more to fewer cards laid), and
    /// `visit` returning false skips the stretches with fewer.
    fn stretches(
        &self,
        line: &Line,
        anchor: usize,
        room: Option<usize>,
        mut visit: impl FnMut(usize, usize, i32) -> bool,
    ) {
        let len = line.cells.len();
        // Cards in the main word: their points and letters.
        let mut cards = Cards::default();
        let lefts = match room {
            None => {
                let mut p = anchor;
                while p > 0 && !line.cells[p - 1].is_empty() {
                    p -= 1;
                    cards.add(&self.points, line.cells[p]);
                }
                0..=0
            }
            Some(room) => 0..=room.min(self.hand_len.saturating_sub(1)),
        };
        let mut stretch = Stretch::default();
        let mut p = anchor;
        while p < len && stretch.tiles < self.hand_len {
            let cell = line.cells[p];
            p += 1;
            if !cell.is_empty() {
                cards.add(&self.points, cell);
                continue;
            }
            let Some(letter) = self.best_letter(line, p - 1) else {
                break;
            };
            stretch.tiles += 1;
            if line.has_cross[p - 1] {
                let word = line.cross_sum[p - 1] + letter;
                stretch.cross += word;
                stretch.best_cross = stretch.best_cross.max(word);
            }
            // The word ends here only with the cards that follow it.
            let mut ending = cards;
            let mut q = p;
            while q < len && !line.cells[q].is_empty() {
                ending.add(&self.points, line.cells[q]);
                q += 1;
            }
            for before in lefts.clone().rev() {
                let tiles = before + stretch.tiles;
                if tiles > self.hand_len {
                    continue;
                }
                if let Some(points) = self.stretch(tiles, &ending, &stretch) {
                    if !visit(before, stretch.tiles, points) && ending.len > 0 && self.besides_grow
                    {
                        break;
                    }
                }
            }
        }
    }

    /// The most a play of `tiles` letters with `cards` in its main word and the
    /// perpendicular words of `stretch` can score, or `None` if its letters cannot spell it.
    fn stretch(&self, tiles: usize, cards: &Cards, stretch: &Stretch) -> Option<i32> {
        let main_len = tiles + cards.len;
        if main_len > LONGEST {
            return None;
        }
        let letters = if cards.len == 0 {
            match tiles {
                1 => 0,
                _ => self.spelled[tiles]?,
            }
        } else if tiles == self.hand_len {
            if !self.spelled_with(cards) {
                return None;
            }
            self.top[tiles]
        } else {
            self.top[tiles]
        };
        let main = if main_len >= 2 {
            letters + cards.points
        } else {
            0
        };
        Some(self.valued(main, stretch.cross, stretch.best_cross, tiles))
    }

    /// The most the valuation can give a play of `tiles` letters whose main word counts `main`
    /// points (0 for a single letter) and whose perpendicular words count `cross`, the most of
    /// them `best_cross`: a Premium card on the best word, the first word's multiplier, the
    /// whole-hand bonus.
    #[inline]
    pub(super) fn valued(&self, main: i32, cross: i32, best_cross: i32, tiles: usize) -> i32 {
        let mut points = main + cross;
        points += (self.premium - 1) * (main + best_cross.max(0));
        points *= self.opening;
        if tiles == self.hand_size {
            points += self.bingo_bonus;
        }
        // A bound: too high is safe, so the valuation's units saturate.
        points
            .saturating_mul(self.per_point)
            .saturating_add(self.besides[tiles])
    }

    /// Whether the whole hand and `cards` spell a word: the word map's filters rule most
    /// letter sets out at once, and say yes for sure without a blank; the anagram graph
    /// answers the rest.
    fn spelled_with(&self, cards: &Cards) -> bool {
        let folded = (cards.counts as u64) ^ ((cards.counts >> 64) as u64);
        let slot = &self.spelled_with_cards
            [(folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize % SPELLED_SLOTS];
        if let Some((counts, spelled)) = slot.get()
            && counts == cards.counts
        {
            return spelled;
        }
        let spelled = self.spelled_with_uncached(cards);
        slot.set(Some((cards.counts, spelled)));
        spelled
    }

    /// [`HandBound::spelled_with`], asked of the word map and the anagram graph.
    fn spelled_with_uncached(&self, cards: &Cards) -> bool {
        let counts = self.counts + cards.counts;
        match self.words.may_spell(counts, self.blanks) {
            Some(false) => false,
            Some(true) if self.blanks == 0 => true,
            _ => {
                let all: [u8; 26] = std::array::from_fn(|l| ((counts >> (4 * l)) & 15) as u8);
                self.anagrams.spelled_by_all(&all, self.blanks)
            }
        }
    }
}

/// Letter counts four bits each, as the word map reads them (a word's count fits).
fn pack(counts: &[u8; 26]) -> LetterCounts {
    (0..26).fold(0, |packed, letter| {
        packed | LetterCounts::from(counts[letter].min(15)) << (4 * letter)
    })
}

/// The most plays from one anchor can score by how many letters they lay before it and from
/// it on, so that its walk leaves a word that cannot beat the best found. Only the entries in
/// use are cleared and summed up: the rest stay at `i32::MIN`.
#[derive(Debug)]
pub(super) struct StretchTable {
    /// Entry `[before][after]`: plays of exactly so many letters.
    most: [[i32; LONGEST + 1]; LONGEST + 1],
    /// Entry `[before][after]`: plays of so many letters before and at least `after` from it.
    at_least: [[i32; LONGEST + 2]; LONGEST + 1],
    /// Entry `before`: plays of at least so many letters before the anchor.
    before_at_least: [i32; LONGEST + 2],
    /// Entries in use: `before` below `rows`, `after` below `cols`.
    rows: usize,
    cols: usize,
}

impl Default for StretchTable {
    fn default() -> Self {
        StretchTable {
            most: [[i32::MIN; LONGEST + 1]; LONGEST + 1],
            at_least: [[i32::MIN; LONGEST + 2]; LONGEST + 1],
            before_at_least: [i32::MIN; LONGEST + 2],
            rows: 0,
            cols: 0,
        }
    }
}

impl StretchTable {
    fn clear(&mut self) {
        for row in &mut self.most[..self.rows] {
            row[..self.cols].fill(i32::MIN);
        }
        (self.rows, self.cols) = (0, 0);
    }

    fn add(&mut self, before: usize, after: usize, points: i32) {
        let entry = &mut self.most[before][after];
        *entry = (*entry).max(points);
        self.rows = self.rows.max(before + 1);
        self.cols = self.cols.max(after + 1);
    }

    fn settle(&mut self) {
        let (rows, cols) = (self.rows, self.cols);
        self.before_at_least[rows] = i32::MIN;
        for before in (0..rows).rev() {
            let at_least = &mut self.at_least[before];
            at_least[cols] = i32::MIN;
            for after in (0..cols).rev() {
                at_least[after] = at_least[after + 1].max(self.most[before][after]);
            }
            self.before_at_least[before] = self.before_at_least[before + 1].max(at_least[0]);
        }
    }

    /// Whether a play laying `before` letters or more before the anchor may score `need`.
    pub(super) fn may_reach_before(&self, before: usize, need: i32) -> bool {
        before < self.rows && self.before_at_least[before] >= need
    }

    /// Whether a play laying `before` letters before the anchor and `after` or more from it
    /// on may score `need`.
    pub(super) fn may_reach(&self, before: usize, after: usize, need: i32) -> bool {
        before < self.rows && after < self.cols && self.at_least[before][after] >= need
    }
}

/// Cards in a main word.
#[derive(Debug, Default, Clone, Copy)]
struct Cards {
    len: usize,
    points: i32,
    counts: LetterCounts,
}

impl Cards {
    fn add(&mut self, points: &[i32; KINDS], cell: Cell) {
        self.len += 1;
        self.points += cell_points(points, cell);
        self.counts += 1 << (4 * u32::from(cell.letter()));
    }
}

/// The squares a play takes from the anchor on: how many, and their perpendicular words.
#[derive(Debug, Default)]
struct Stretch {
    tiles: usize,
    /// The perpendicular words' most, summed.
    cross: i32,
    /// The most of one perpendicular word.
    best_cross: i32,
}
