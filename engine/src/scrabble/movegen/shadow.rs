//! An anchor's shadow (after MAGPIE): upper bounds on the score of any move through it, one
//! for the plays looked up by each count of tiles and one for its walk, kept by the tiles placed
//! each side and the blanks left so the walk can give up partial words that cannot win.

use lexicon::{LetterCounts, Lexicon, MAX_WORD_LEN};

use super::NO_CROSS;
use super::walk::LineGen;
use super::whole::{CountsMap, MOST_LEFT_OUT, by_lookup, counts_of, fewest_looked_up};
use crate::scrabble::layout::SIZE;
use crate::scrabble::rack::Rack;
use crate::scrabble::tiles::{BLANK, KINDS};

/// What a stretch of board could give a move placing tiles on it.
#[derive(Debug, Clone, Copy)]
pub struct Stretch {
    /// The most such a move could score.
    pub score: i32,
    /// Tiles it places.
    pub tiles: usize,
    /// Brown Hogwarts squares it covers.
    pub hogwarts: usize,
    /// The most blanks the rack could keep after it.
    pub blanks_kept: usize,
}

/// The most moves through one anchor could be worth, by the tiles they place each side and
/// the blanks the rack still holds: what lets the search after the best move give up on a
/// partial word that can no longer win (once a blank is placed, the leave cannot keep it).
#[derive(Debug, Clone, Copy)]
pub(super) struct ExtentBounds {
    /// Entry `b`: the bounds while the rack still holds `b` blanks.
    by_blanks: [Extents; MAX_BLANKS + 1],
}

/// A rack holds at most this many blanks when bounds tell them apart (more share the last).
const MAX_BLANKS: usize = 2;

/// Bounds by the tiles placed each side of an anchor.
#[derive(Debug, Clone, Copy)]
pub(super) struct Extents {
    /// `right[l][r]`: moves with `l` tiles left of the anchor and `r + 1` or more from it
    /// rightwards.
    pub(super) right: [[i32; SIZE + 1]; SIZE + 1],
    /// `left[l]`: moves with `l` or more tiles left of the anchor.
    pub(super) left: [i32; SIZE + 1],
}

impl Extents {
    const NOTHING: Extents = Extents {
        right: [[i32::MIN; SIZE + 1]; SIZE + 1],
        left: [i32::MIN; SIZE + 1],
    };

    /// Turns the per-stretch bounds of `lefts` by `rights` stretches into bounds on every
    /// longer stretch too (entries past them are never read: no move reaches them).
    fn close(&mut self, lefts: usize, rights: usize) {
        self.left[lefts] = i32::MIN;
        for l in (0..lefts).rev() {
            self.right[l][rights] = i32::MIN;
            for r in (0..rights).rev() {
                self.right[l][r] = self.right[l][r].max(self.right[l][r + 1]);
            }
            self.left[l] = self.right[l][0].max(self.left[l + 1]);
        }
    }
}

impl ExtentBounds {
    /// No bound: every move is wanted.
    const UNBOUNDED: ExtentBounds = ExtentBounds {
        by_blanks: [Extents {
            right: [[i32::MAX; SIZE + 1]; SIZE + 1],
            left: [i32::MAX; SIZE + 1],
        }; MAX_BLANKS + 1],
    };

    /// No bound, for as long as the program runs.
    pub(super) fn unbounded() -> &'static ExtentBounds {
        &Self::UNBOUNDED
    }

    /// Nothing yet: filled by [`ExtentBounds::load`].
    pub(super) const NOTHING: ExtentBounds = ExtentBounds {
        by_blanks: [Extents::NOTHING; MAX_BLANKS + 1],
    };

    /// The bounds of one anchor from the per-stretch bounds [`LineGen::shadow`] kept; with
    /// `from`, stretches placing that many tiles or more are left out (their plays found
    /// apart).
    pub(super) fn load(&mut self, kept: &KeptStretches, stretches: &[i32], from: Option<usize>) {
        let (lefts, rights, tables) = (
            usize::from(kept.lefts),
            usize::from(kept.rights),
            usize::from(kept.tables),
        );
        let stretches = &stretches[kept.start as usize..][..lefts * rights * tables];
        if cfg!(debug_assertions) {
            // Entries past the anchor's stretches keep another anchor's bounds; were one read,
            // this makes the tests' searches miss moves.
            *self = ExtentBounds::NOTHING;
        }
        for (b, extents) in self.by_blanks[..tables].iter_mut().enumerate() {
            for l in 0..lefts {
                for r in 0..rights {
                    extents.right[l][r] = if from.is_some_and(|tiles| l + r + 1 >= tiles) {
                        i32::MIN
                    } else {
                        stretches[(l * rights + r) * tables + b]
                    };
                }
            }
            extents.close(lefts, rights);
        }
    }

    /// The bounds while the rack holds `blanks` blanks.
    #[inline]
    pub(super) fn with_blanks(&self, blanks: u8) -> &Extents {
        &self.by_blanks[usize::from(blanks).min(MAX_BLANKS)]
    }
}

/// The most moves through an anchor could be worth: those looked up, those walked keeping the
/// rack's blanks (or all, with none), and those walked placing one.
#[derive(Debug, Clone, Copy)]
pub(super) struct AnchorBounds {
    /// Entry `k`: plays of all the rack's tiles but `k`.
    pub(super) looked_up: [i32; MOST_LEFT_OUT + 1],
    pub(super) walked: i32,
    pub(super) placing: i32,
}

/// Where one anchor's per-stretch bounds lie among those the ranking kept: `tables` values
/// (one for each count of blanks the rack may still hold) for each of `lefts` by `rights`
/// stretches (tiles left of the anchor, tiles from it rightwards).
#[derive(Debug, Clone, Copy)]
pub(super) struct KeptStretches {
    pub(super) start: u32,
    pub(super) lefts: u8,
    pub(super) rights: u8,
    pub(super) tables: u8,
}

/// What the squares on one side of an anchor add to a move, by how many tiles go there: entry
/// `n` sums the first `n` squares that side to fill (the anchor counts on the right).
#[derive(Debug, Clone, Copy)]
pub(super) struct Reach {
    /// Entries filled: one more than the squares that side a tile may go on.
    squares: usize,
    at: [Reached; SIZE + 1],
}

/// The sums for so many squares filled on one side of an anchor.
#[derive(Debug, Clone, Copy)]
pub(super) struct Reached {
    /// Points of the board tiles the word must take in, up to the next square to fill.
    through: i32,
    /// Those board tiles: how many, and how many of each letter (four bits per letter).
    through_tiles: u8,
    through_letters: u128,
    /// Product of the word premiums under the squares filled.
    word_multiplier: i32,
    /// Brown Hogwarts squares among the squares filled.
    hogwarts: u8,
    /// Squares filled with no perpendicular word, by letter premium: triple, double, any.
    triples: u8,
    doubles: u8,
    open: u8,
    /// Over the squares filled under a perpendicular word, each with the best rack tile it
    /// allows: its points (the main word's premium still to apply) and the perpendicular words.
    crossing_letters: i32,
    crossing_words: i32,
}

impl Reached {
    const NOTHING: Reached = Reached {
        through: 0,
        through_tiles: 0,
        through_letters: 0,
        word_multiplier: 1,
        hogwarts: 0,
        triples: 0,
        doubles: 0,
        open: 0,
        crossing_letters: 0,
        crossing_words: 0,
    };
}

impl Reach {
    pub(super) const NOTHING: Reach = Reach {
        squares: 1,
        at: [Reached::NOTHING; SIZE + 1],
    };

    /// Back to no square filled (entries past the first are written before they are read).
    fn clear(&mut self) {
        self.squares = 1;
        self.at[0] = Reached::NOTHING;
    }

    /// Starts entry `n` from entry `n - 1`.
    fn extend(&mut self, n: usize) {
        self.squares = n + 1;
        self.at[n] = self.at[n - 1];
    }
}

/// A rack's letters, most points first, to find the best tile a cross-check allows.
pub(super) struct TilesByPoints {
    /// Points and letter bit, for each letter the rack holds.
    letters: [(i32, u32); 26],
    len: usize,
    /// The points a blank scores, if the rack holds one (it goes anywhere).
    blank: Option<i32>,
}

impl TilesByPoints {
    pub(super) fn of(rack: &Rack, points: &[i32; KINDS]) -> TilesByPoints {
        let mut tiles = TilesByPoints {
            letters: [(0, 0); 26],
            len: 0,
            blank: (rack.count(BLANK) > 0).then_some(points[BLANK]),
        };
        for kind in rack.present_kinds().filter(|&kind| kind != BLANK) {
            tiles.letters[tiles.len] = (points[kind], 1 << kind);
            tiles.len += 1;
        }
        tiles.letters[..tiles.len].sort_unstable_by_key(|&(points, _)| std::cmp::Reverse(points));
        tiles
    }

    /// The points of the best tile that may go where `allowed` says (0 if none may).
    fn best_in(&self, allowed: u32) -> i32 {
        let letter = self.letters[..self.len]
            .iter()
            .find(|&&(_, bit)| allowed & bit != 0)
            .map(|&(points, _)| points);
        letter.max(self.blank).unwrap_or(0)
    }
}

/// What the lexicon says `rack` can spell by itself, whatever the board: kept by the
/// generator while its searches hold the same rack (an equity player's look-ahead searches
/// each rack it draws once for every move it judges).
#[derive(Debug, Clone)]
pub(super) struct RackSpelled {
    lexicon: u64,
    points: [i32; KINDS],
    rack: Rack,
    /// Entry `k`: the most points `k` of the rack's tiles spelling a word by themselves add
    /// up to, if any `k` do.
    parts: [Option<i32>; MAX_WORD_LEN + 1],
}

impl RackSpelled {
    /// Asks the lexicon's anagram graph what `rack` spells, its tiles worth `points`.
    pub(super) fn of(lexicon: &Lexicon, rack: &Rack, points: &[i32; KINDS]) -> RackSpelled {
        let letters: [u8; 26] = std::array::from_fn(|letter| rack.count(letter));
        let letter_points: [i32; 26] = std::array::from_fn(|letter| points[letter]);
        RackSpelled {
            lexicon: lexicon.id(),
            points: *points,
            rack: *rack,
            parts: lexicon
                .anagram_graph()
                .best_parts(&letters, rack.count(BLANK), &letter_points),
        }
    }

    /// Whether these are the spellings of `rack` in `lexicon` with tiles worth `points`.
    pub(super) fn is_for(&self, lexicon: &Lexicon, rack: &Rack, points: &[i32; KINDS]) -> bool {
        self.lexicon == lexicon.id() && self.rack == *rack && self.points == *points
    }
}

/// What the rack can spell (asked of the lexicon's anagram graph and word map) and score, while
/// bounding anchors.
pub(super) struct Spelling<'a> {
    lexicon: &'a Lexicon,
    /// Entry `n`: the points of the rack's `n` most valuable tiles.
    best_tiles: [i32; SIZE + 1],
    letters: [u8; 26],
    /// The same, as the word map counts letters.
    counts: LetterCounts,
    blanks: u8,
    tiles: usize,
    /// Entry `k`: the most points `k` of the rack's tiles spelling a word by themselves add
    /// up to, if any `k` do.
    parts: [Option<i32>; MAX_WORD_LEN + 1],
    /// Whether the whole rack and these board letters spell a word, as found so far for this rack.
    whole_with: &'a mut CountsMap<bool>,
}

impl<'a> Spelling<'a> {
    /// What `rack` can spell, for bounds worked out with tile `points`, from what the
    /// lexicon said of it ([`RackSpelled`]); `whole_with` keeps the answers about the whole
    /// rack with board letters (cleared by the caller for another rack).
    pub(super) fn new(
        lexicon: &'a Lexicon,
        rack: &Rack,
        points: &[i32; KINDS],
        spelled: &RackSpelled,
        whole_with: &'a mut CountsMap<bool>,
    ) -> Spelling<'a> {
        debug_assert!(
            spelled.is_for(lexicon, rack, points),
            "another rack's spellings"
        );
        Spelling {
            lexicon,
            best_tiles: best_tiles(rack, points),
            letters: std::array::from_fn(|letter| rack.count(letter)),
            counts: counts_of(rack),
            blanks: rack.count(BLANK),
            tiles: rack.len(),
            parts: spelled.parts,
            whole_with,
        }
    }

    /// Whether some word could take `tiles` rack tiles and the board tiles `letters` (`count`
    /// of them), and if so the most the rack tiles in it could be worth (`i32::MAX`: not
    /// known). Checked for no board tile, or for the whole rack; assumed otherwise.
    #[inline]
    fn possible(&mut self, tiles: usize, count: u8, letters: u128) -> Option<i32> {
        if count == 0 {
            return self.parts[tiles];
        }
        if tiles == self.tiles {
            return self.whole_rack_with(letters).then_some(i32::MAX);
        }
        Some(i32::MAX)
    }

    /// Whether the whole rack and the board tiles `letters` spell a word (asked once a rack
    /// for each set of letters).
    #[inline(never)]
    fn whole_rack_with(&mut self, letters: u128) -> bool {
        let lexicon = self.lexicon;
        let (rack, counts, blanks) = (self.letters, self.counts, self.blanks);
        *self.whole_with.entry(letters).or_insert_with(|| {
            // The word map's filters answer in a cache line or two (with blanks, perhaps:
            // a bound may only be looser for it); the anagram graph what they cannot.
            lexicon
                .word_map()
                .may_spell(counts + letters, blanks)
                .unwrap_or_else(|| {
                    let all: [u8; 26] =
                        std::array::from_fn(|l| rack[l] + ((letters >> (4 * l)) & 15) as u8);
                    lexicon.anagram_graph().spelled_by_all(&all, blanks)
                })
        })
    }
}

impl LineGen<'_> {
    /// The board tiles from `pos` on (leftwards or rightwards) up to the first empty square,
    /// added to entry `n` of `reach`; returns that empty square, if the line has one.
    fn take_in_tiles(
        &self,
        reach: &mut Reach,
        n: usize,
        pos: usize,
        leftwards: bool,
    ) -> Option<usize> {
        let mut pos = pos;
        loop {
            let cell = self.squares.cells[pos];
            if cell.is_empty() {
                return Some(pos);
            }
            reach.at[n].through += self.points[cell.kind()];
            reach.at[n].through_tiles += 1;
            reach.at[n].through_letters += 1 << (4 * u32::from(cell.letter()));
            pos = if leftwards {
                pos.checked_sub(1)?
            } else if pos + 1 < SIZE {
                pos + 1
            } else {
                return None;
            };
        }
    }

    /// Works out, for each square under a perpendicular word, the best tile of `rack` that
    /// may go there.
    pub(super) fn find_best_crossing(&mut self, tiles: &TilesByPoints) {
        for pos in 0..SIZE {
            if self.squares.cross_points[pos] != NO_CROSS && self.squares.cells[pos].is_empty() {
                self.best_crossing[pos] = tiles.best_in(self.squares.cross_sets[pos]);
            }
        }
    }

    /// Adds square `pos`, filled with a rack tile, to entry `n` of `reach`.
    fn fill(&self, reach: &mut Reach, n: usize, pos: usize) {
        reach.at[n].word_multiplier *= i32::from(self.squares.word_multiplier[pos]);
        reach.at[n].hogwarts += u8::from(self.squares.hogwarts & (1 << pos) != 0);
        let letter_multiplier = i32::from(self.squares.letter_multiplier[pos]);
        if self.squares.cross_points[pos] == NO_CROSS {
            reach.at[n].open += 1;
            match letter_multiplier {
                3 => reach.at[n].triples += 1,
                2 => reach.at[n].doubles += 1,
                _ => debug_assert_eq!(letter_multiplier, 1, "letter premiums are 2 or 3"),
            }
        } else {
            let letter = self.best_crossing[pos] * letter_multiplier;
            reach.at[n].crossing_letters += letter;
            reach.at[n].crossing_words += (i32::from(self.squares.cross_points[pos]) + letter)
                * i32::from(self.squares.word_multiplier[pos]);
        }
    }

    /// An upper bound on the score of any move whose leftmost anchor is `anchor`.
    ///
    /// For every stretch such a move could cover (so many tiles left of the anchor, over empty
    /// squares up to the previous anchor, so many right, over squares some rack tile may fill)
    /// that some word could fill, it takes the board tiles the word must include, the word
    /// premiums under the stretch, and the rack's most valuable tiles on the squares that
    /// multiply them most (a square under a perpendicular word gets the best tile its
    /// cross-check allows), and the bingo bonus for a stretch as long. No move through the
    /// anchor beats the largest of these.
    ///
    /// The bound is of `value_bound` over the stretches; `stretches` gets each stretch's (see
    /// [`KeptStretches`]). `reaches` are room for the two sides' sums, kept between anchors.
    pub(super) fn shadow(
        &self,
        anchor: usize,
        rack: &Rack,
        spelling: &mut Spelling<'_>,
        value_bound: &impl Fn(&Stretch) -> i32,
        stretches: &mut Vec<i32>,
        reaches: (&mut Reach, &mut Reach),
    ) -> (AnchorBounds, KeptStretches) {
        let blanks = usize::from(rack.count(BLANK));
        let mut bounds = AnchorBounds {
            looked_up: [i32::MIN; MOST_LEFT_OUT + 1],
            walked: i32::MIN,
            placing: i32::MIN,
        };
        // The table a move placing a blank is bounded by, and the stretches the walk covers.
        let placing_table = blanks.checked_sub(1).map(|fewer| fewer.min(MAX_BLANKS));
        let walked_below = if by_lookup(rack) {
            fewest_looked_up(rack)
        } else {
            usize::MAX
        };
        let limit = rack.len().min(SIZE);
        let playable = rack.playable_letters();
        let (left, right) = reaches;
        left.clear();
        let mut next = anchor
            .checked_sub(1)
            .and_then(|pos| self.take_in_tiles(left, 0, pos, true));
        while let Some(pos) = next {
            let n = left.squares;
            if self.squares.is_anchor(pos) || n >= limit {
                break;
            }
            left.extend(n);
            self.fill(left, n, pos);
            next = pos
                .checked_sub(1)
                .and_then(|pos| self.take_in_tiles(left, n, pos, true));
        }
        right.clear();
        self.fill(right, 0, anchor);
        let mut next = (anchor + 1 < SIZE)
            .then(|| self.take_in_tiles(right, 0, anchor + 1, false))
            .flatten();
        while let Some(pos) = next {
            let n = right.squares;
            if n >= limit || self.squares.cross_sets[pos] & playable == 0 {
                break;
            }
            right.extend(n);
            self.fill(right, n, pos);
            next = (pos + 1 < SIZE)
                .then(|| self.take_in_tiles(right, n, pos + 1, false))
                .flatten();
        }
        // Only the tables for the blanks this rack can hold are read; a stretch no word fits
        // keeps the least bound.
        let tables = blanks.min(MAX_BLANKS) + 1;
        let region = KeptStretches {
            start: stretches.len() as u32,
            lefts: left.squares as u8,
            rights: right.squares as u8,
            tables: tables as u8,
        };
        stretches.resize(
            stretches.len() + left.squares * right.squares * tables,
            i32::MIN,
        );
        // `l` tiles left of the anchor, `r + 1` from the anchor rightwards.
        for l in 0..left.squares {
            for r in 0..right.squares.min(limit - l) {
                let tiles = l + r + 1;
                let (left_at, right_at) = (&left.at[l], &right.at[r]);
                let through_tiles = left_at.through_tiles + right_at.through_tiles;
                let through_letters = left_at.through_letters + right_at.through_letters;
                let Some(most) = spelling.possible(tiles, through_tiles, through_letters) else {
                    continue;
                };
                let word_multiplier = left_at.word_multiplier * right_at.word_multiplier;
                let triples = usize::from(left_at.triples + right_at.triples);
                let doubles = usize::from(left_at.doubles + right_at.doubles);
                let open = usize::from(left_at.open + right_at.open);
                // The best tiles on the open squares, the most valuable under the triples, then
                // the doubles: each premium tier adds its top tiles once more (and never more
                // than the tiles of a word could be worth).
                let best_tiles = &spelling.best_tiles;
                let letters = best_tiles[triples].min(most)
                    + best_tiles[triples + doubles].min(most)
                    + best_tiles[open].min(most);
                let through = left_at.through + right_at.through;
                let mut score = (letters + through + right_at.crossing_letters) * word_multiplier
                    + right_at.crossing_words;
                if tiles >= self.bingo_tiles {
                    score += self.bingo_bonus;
                }
                let stretch = Stretch {
                    score,
                    tiles,
                    hogwarts: usize::from(left_at.hogwarts + right_at.hogwarts),
                    blanks_kept: blanks.min(rack.len() - tiles),
                };
                let bound = value_bound(&stretch);
                // The last table serves the rack's own blanks (or MAX_BLANKS and more); with
                // fewer blanks still on the rack, the leave keeps fewer.
                let at = region.start as usize + (l * right.squares + r) * tables;
                stretches[at + tables - 1] = bound;
                for (b, entry) in stretches[at..at + tables - 1].iter_mut().enumerate() {
                    let fewer = Stretch {
                        blanks_kept: b.min(rack.len() - tiles),
                        ..stretch
                    };
                    *entry = value_bound(&fewer);
                }
                if tiles >= walked_below {
                    let fewer = &mut bounds.looked_up[rack.len() - tiles];
                    *fewer = (*fewer).max(bound);
                } else {
                    bounds.walked = bounds.walked.max(bound);
                    if let Some(table) = placing_table {
                        bounds.placing = bounds.placing.max(stretches[at + table]);
                    }
                }
            }
        }
        (bounds, region)
    }
}

/// Entry `n`: the points of the rack's `n` most valuable tiles (all of them past its size).
fn best_tiles(rack: &Rack, points: &[i32; KINDS]) -> [i32; SIZE + 1] {
    let mut values = [0i32; SIZE];
    for (slot, kind) in values.iter_mut().zip(rack.kinds()) {
        *slot = points[kind];
    }
    values.sort_unstable_by(|a, b| b.cmp(a));
    let mut sums = [0i32; SIZE + 1];
    for n in 0..SIZE {
        sums[n + 1] = sums[n] + values[n];
    }
    sums
}
