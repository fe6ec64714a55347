//! Every legal play of a hand on the open table, each once, with the points of its words; or
//! the best of them, found without walking every anchor.
//!
//! Appel and Jacobson's algorithm over the forward word graph, on a window of the table wide
//! enough for any play of the hand: for each line and each anchor (an empty square next to a
//! card), left parts of the hand's letters grow on the empty squares before the anchor that are
//! not anchors themselves, then the word extends rightwards over cards and empty squares under
//! the cross-checks. Plays go to a callback as [`TableCandidate`]s; buffers are reused. The
//! search for the best play bounds every anchor first and walks them most promising first,
//! stopping at the first that cannot beat the best found.

mod bound;
mod line;
mod walk;

use lexicon::{Lexicon, MAX_WORD_LEN};

use super::check::{Placed, Premium};
use super::rules::CardRules;
use super::table::{Axis, Table};
use crate::scrabble::Rack;
use bound::{HandBound, StretchTable};
use line::{Line, LineSetting, Runs, Window};
use walk::{Every, Plays, Setting, Walk};

/// A play found by the generator: where its cards go and what its words are worth.
#[derive(Debug)]
pub struct TableCandidate<'a> {
    /// How the main word reads.
    pub axis: Axis,
    /// The cards laid, in reading order.
    pub tiles: &'a [Placed],
    /// The main word's letters' sum (0 when the main word is a single letter).
    pub main_points: i32,
    /// The main word's length.
    pub main_len: usize,
    /// For each card laid, the sum of the cross word through it (0 when there is none).
    pub cross_points: &'a [i32],
    /// For each card laid, whether a cross word runs through it.
    pub has_cross: &'a [bool],
}

impl TableCandidate<'_> {
    /// The points of its words without a Premium card or bonus.
    pub fn base_points(&self) -> i32 {
        let main = if self.main_len >= 2 {
            self.main_points
        } else {
            0
        };
        main + self.cross_points.iter().sum::<i32>()
    }

    /// What a Premium card adds laid on card `index`: the extra multiples of the words through it.
    pub fn premium_gain(&self, index: usize, multiplier: i32) -> i32 {
        let main = if self.main_len >= 2 {
            self.main_points
        } else {
            0
        };
        (multiplier - 1) * (main + self.cross_points[index])
    }

    /// The turn's points with a Premium card on card `index` (or none), as the checker counts
    /// them: the first word's multiplier and the whole-hand bonus included.
    pub fn points(
        &self,
        premium: Option<(Premium, usize)>,
        opening: bool,
        rules: &CardRules,
    ) -> i32 {
        let numbers = &rules.numbers;
        let mut points = self.base_points();
        if let Some((premium, index)) = premium {
            points += self.premium_gain(index, numbers.multiplier(premium));
        }
        let whole_hand = self.tiles.len() == numbers.hand_size;
        if opening && (!whole_hand || numbers.first_word_bingo_multiplied) {
            points *= numbers.first_word_multiplier;
        }
        if whole_hand {
            points += numbers.bingo_bonus;
        }
        points
    }

    /// The most points the play can score with the Premium cards held (`premiums`: Double,
    /// Triple), where `allowed` permits a card, and the card laid for them (none on the
    /// opening word, rule "Scoring the First Word"); ties keep the plainer use.
    pub fn best_premium_use(
        &self,
        premiums: [u8; 2],
        opening: bool,
        rules: &CardRules,
        allowed: impl Fn(Premium) -> bool,
    ) -> (Option<(Premium, usize)>, i32) {
        let mut best = (None, self.points(None, opening, rules));
        if opening {
            return best;
        }
        for premium in [Premium::Double, Premium::Triple] {
            if premiums[premium as usize] == 0 || !allowed(premium) {
                continue;
            }
            for index in 0..self.tiles.len() {
                let points = self.points(Some((premium, index)), opening, rules);
                if points > best.1 {
                    best = (Some((premium, index)), points);
                }
            }
        }
        best
    }

    /// The play, ready for [`super::CardGame::play`].
    pub fn to_play(&self, premium: Option<(Premium, usize)>) -> super::Play {
        super::Play {
            tiles: self.tiles.to_vec(),
            premium,
        }
    }

    /// The words' letters (blanks in lower case) and placement, for checking and display.
    pub fn tiles_vec(&self) -> Vec<Placed> {
        self.tiles.to_vec()
    }
}

/// Reusable buffers for generating plays.
#[derive(Debug, Default)]
pub struct TableMoveGen {
    window: Window,
    /// The lines loaded: the one being walked, or every line with an anchor.
    lines: Vec<Line>,
    runs: Runs,
    walk: Walk,
    /// The anchors the best play's search walks, most promising first.
    ranked: Vec<RankedAnchor>,
    /// The best play's cards.
    best_tiles: Vec<Placed>,
    /// The anchor being walked's bounds.
    stretches: Box<StretchTable>,
}

/// An anchor bounded: the most a play from it can score, where it comes in the order
/// [`TableMoveGen::generate`] finds plays, and where it is.
#[derive(Debug, Clone, Copy)]
struct RankedAnchor {
    bound: i32,
    order: u32,
    line: u32,
    anchor: u32,
}

/// What a valuation gives a play at most: `per_point` for each of its points with the best
/// use of the Premium cards held (`premiums`: Double, Triple), and `besides[k]` more for a
/// play laying `k` cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ValueBound {
    /// The Double and Triple cards held.
    pub premiums: [u8; 2],
    /// What a point is worth in the valuation's units (at least 1).
    pub per_point: i32,
    /// Entry `k`: the most the valuation adds besides the points to a play of `k` cards (what
    /// the letters it keeps may be worth).
    pub besides: [i32; MAX_WORD_LEN + 1],
}

impl ValueBound {
    /// A valuation of the points alone.
    pub fn points(premiums: [u8; 2]) -> ValueBound {
        ValueBound {
            premiums,
            per_point: 1,
            besides: [0; MAX_WORD_LEN + 1],
        }
    }
}

/// The best play a search found: its value, what the valuation chose with it, and its cards.
#[derive(Debug)]
pub struct TableBest<'a, T> {
    /// What the valuation made of it.
    pub value: i32,
    /// What the valuation chose with it (a Premium card's use, say).
    pub choice: T,
    /// The cards laid, in reading order.
    pub tiles: &'a [Placed],
}

/// The best play of a search so far, and what a play must score to beat it.
struct BestPlays<'a, F, T> {
    value: &'a mut F,
    /// What the hand's plays can be worth at most.
    bounds: &'a HandBound<'a>,
    /// The bounds of the anchor walked.
    stretches: &'a mut StretchTable,
    /// The best so far: its value, choice and its anchor's place in the order of finding.
    best: Option<(i32, T, u32)>,
    /// The place of the anchor walked in the order of finding.
    order: u32,
    /// What a play from the anchor walked must score to be the best, kept as `best` and
    /// `order` change: the walk asks at every step.
    need: i32,
    tiles: &'a mut Vec<Placed>,
}

impl<F: FnMut(&TableCandidate<'_>) -> (i32, T), T: Copy> BestPlays<'_, F, T> {
    /// Walks the anchor at `order` next.
    fn walk_anchor(&mut self, order: u32) {
        self.order = order;
        self.need = self.need_now();
    }

    /// What a play from the anchor walked must score to be the best: more than the best so
    /// far, or as much if its anchor comes first in the order of finding.
    fn need_now(&self) -> i32 {
        match self.best {
            None => i32::MIN,
            Some((top, _, order)) if self.order < order => top,
            Some((top, _, _)) => top.saturating_add(1),
        }
    }
}

impl<F: FnMut(&TableCandidate<'_>) -> (i32, T), T: Copy> Plays for BestPlays<'_, F, T> {
    fn take(&mut self, candidate: &TableCandidate<'_>) {
        let (points, choice) = (self.value)(candidate);
        if points >= self.need {
            self.best = Some((points, choice, self.order));
            self.need = self.need_now();
            self.tiles.clear();
            self.tiles.extend_from_slice(candidate.tiles);
        }
    }

    fn may_matter_before(&self, before: usize) -> bool {
        self.stretches.may_reach_before(before, self.need)
    }

    fn may_matter(&self, before: usize, after: usize) -> bool {
        self.stretches.may_reach(before, after, self.need)
    }

    fn may_take(&self, main: i32, cross: i32, best_cross: i32, laid: usize) -> bool {
        self.bounds.valued(main, cross, best_cross, laid) >= self.need
    }
}

impl Setting<'_> {
    /// What loading a line reads, the window's margin `margin`.
    fn loading(&self, margin: usize) -> LineSetting<'_> {
        LineSetting {
            graph: self.graph,
            gaddag: self.gaddag,
            points: &self.points,
            first: self.first,
            margin,
        }
    }
}

impl TableMoveGen {
    /// Empty buffers.
    pub fn new() -> TableMoveGen {
        TableMoveGen::default()
    }

    /// Loads the window around `table` and reads the rules' letter points; returns the
    /// margin, the setting of the lines and whether this is the first word.
    fn begin<'a>(
        &mut self,
        table: &Table,
        rules: &CardRules,
        lexicon: &'a Lexicon,
        hand: &Rack,
    ) -> (usize, Setting<'a>) {
        let margin = hand.len() + 1;
        self.window.load(table, margin as i32);
        let setting = Setting {
            graph: lexicon.graph(),
            gaddag: lexicon.gaddag(),
            points: std::array::from_fn(|kind| rules.letters.points(kind)),
            origin: self.window.origin,
            first: table.is_empty(),
        };
        (margin, setting)
    }

    /// Calls `sink` with every legal play of the letters in `hand` on `table`.
    pub fn generate(
        &mut self,
        table: &Table,
        rules: &CardRules,
        lexicon: &Lexicon,
        hand: &Rack,
        mut sink: impl FnMut(&TableCandidate<'_>),
    ) {
        let (margin, setting) = self.begin(table, rules, lexicon, hand);
        let loading = setting.loading(margin);
        if self.lines.is_empty() {
            self.lines.push(Line::default());
        }
        for (axis, l) in self.window.searched(margin, setting.first) {
            let line = &mut self.lines[0];
            line.load(&self.window, axis, l, &loading, &mut self.runs);
            for anchor in 0..line.cells.len() {
                if line.anchor[anchor] {
                    self.walk
                        .anchor(&setting, line, anchor, hand, &mut Every(&mut sink));
                }
            }
        }
    }

    /// The play of `hand` on `table` that `value` rates highest (the first found on ties, in
    /// the order [`TableMoveGen::generate`] finds plays), or `None` if there is no play.
    /// `value` rates a play and says what it chose with it; it must never rate a play above
    /// its points with the best use of the Premium cards held (`premiums`: Double, Triple),
    /// since anchors that cannot beat the best found are not walked.
    pub fn best<T: Copy>(
        &mut self,
        table: &Table,
        rules: &CardRules,
        lexicon: &Lexicon,
        hand: &Rack,
        premiums: [u8; 2],
        value: impl FnMut(&TableCandidate<'_>) -> (i32, T),
    ) -> Option<TableBest<'_, T>> {
        self.best_valued(
            table,
            rules,
            lexicon,
            hand,
            ValueBound::points(premiums),
            value,
        )
    }

    /// As [`TableMoveGen::best`], for a valuation in other units: `at_most` says what it can
    /// give a play at most, against its points with the best use of the Premium cards held.
    pub fn best_valued<T: Copy>(
        &mut self,
        table: &Table,
        rules: &CardRules,
        lexicon: &Lexicon,
        hand: &Rack,
        at_most: ValueBound,
        mut value: impl FnMut(&TableCandidate<'_>) -> (i32, T),
    ) -> Option<TableBest<'_, T>> {
        let (margin, setting) = self.begin(table, rules, lexicon, hand);
        let loading = setting.loading(margin);
        let bounds = HandBound::new(lexicon, rules, hand, &at_most, setting.first);
        self.ranked.clear();
        let mut loaded = 0;
        let mut order = 0;
        for (axis, l) in self.window.searched(margin, setting.first) {
            if loaded == self.lines.len() {
                self.lines.push(Line::default());
            }
            let line = &mut self.lines[loaded];
            line.load(&self.window, axis, l, &loading, &mut self.runs);
            let before = self.ranked.len();
            for anchor in 0..line.cells.len() {
                if !line.anchor[anchor] {
                    continue;
                }
                let room = line.left_room(anchor, setting.first);
                if let Some(bound) = bounds.anchor(line, anchor, room) {
                    self.ranked.push(RankedAnchor {
                        bound,
                        order,
                        line: loaded as u32,
                        anchor: anchor as u32,
                    });
                }
                order += 1;
            }
            if self.ranked.len() > before {
                loaded += 1;
            }
        }
        self.ranked
            .sort_unstable_by_key(|ranked| (std::cmp::Reverse(ranked.bound), ranked.order));
        let mut plays = BestPlays {
            value: &mut value,
            bounds: &bounds,
            stretches: &mut self.stretches,
            best: None,
            order: 0,
            need: i32::MIN,
            tiles: &mut self.best_tiles,
        };
        for ranked in &self.ranked {
            plays.walk_anchor(ranked.order);
            if ranked.bound < plays.need {
                break;
            }
            let line = &self.lines[ranked.line as usize];
            let anchor = ranked.anchor as usize;
            let room = line.left_room(anchor, setting.first);
            bounds.anchor_table(line, anchor, room, plays.stretches);
            self.walk.anchor(&setting, line, anchor, hand, &mut plays);
        }
        let best = plays.best;
        best.map(|(value, choice, _)| TableBest {
            value,
            choice,
            tiles: &self.best_tiles,
        })
    }
}
