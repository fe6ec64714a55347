//! Rummy players: `greedy` plans for the Round card (the best words it can lay, the discard
//! that keeps its chances), `random` lays whatever it finds first.

use engine::cardgame::{
    CardRules, RoundCard, RummyAnswer, RummyGame, RummyQuestion, RummyView, meld_points,
};
use engine::play::Decider;

use crate::registry::{Entry, made};
use engine::scrabble::tiles::BLANK;
use engine::scrabble::{Cell, Rack};
use lexicon::{LetterCounts, Lexicon, MAX_WORD_LEN, WordMap};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The best meld of a hand for a Round card: its score, words and discard.
pub type Meld = (i32, Vec<Vec<Cell>>, u8);

/// Words as cells (a blank's letter in lower case), in one list: each word a span of `cells`,
/// so a hand's hundreds of words are not each a list of their own.
#[derive(Debug, Default)]
struct WordList {
    cells: Vec<Cell>,
    /// Each word's first cell and length.
    spans: Vec<(u32, u8)>,
}

impl WordList {
    /// How many words.
    fn len(&self) -> usize {
        self.spans.len()
    }

    /// Word `i`.
    fn word(&self, i: usize) -> &[Cell] {
        cells_at(&self.cells, self.spans[i])
    }

    /// The length of word `i`.
    fn word_len(&self, i: usize) -> usize {
        usize::from(self.spans[i].1)
    }

    /// The words in order.
    fn iter(&self) -> impl Iterator<Item = &[Cell]> {
        (0..self.len()).map(|i| self.word(i))
    }
}

/// Words that the letters of `rack` spell, of the lengths `wanted` allows (none longer than
/// `longest`): longest first, then alphabetical.
fn words_of(
    lexicon: &Lexicon,
    rack: &Rack,
    longest: usize,
    wanted: &impl Fn(usize) -> bool,
) -> WordList {
    // By counts, not a query string: a hand after the draw may hold more cards than a word
    // has letters (16 with `hand_size = 15`).
    let counts = std::array::from_fn(|letter| rack.count(letter));
    let mut words = WordList::default();
    lexicon.for_each_anagram_up_to(counts, rack.count(BLANK), longest, |word| {
        if !wanted(word.len()) {
            return;
        }
        let start = words.cells.len();
        for &letter in word {
            match Cell::from_char(char::from(letter)) {
                Some(cell) => words.cells.push(cell),
                None => {
                    words.cells.truncate(start);
                    return;
                }
            }
        }
        words.spans.push((start as u32, word.len() as u8));
    });
    // Found alphabetical: a stable sort by length keeps that order within each length.
    words.spans.sort_by_key(|&(_, len)| std::cmp::Reverse(len));
    words
}

/// The cells of the word at `(start, len)` in `cells`.
fn cells_at(cells: &[Cell], (start, len): (u32, u8)) -> &[Cell] {
    &cells[start as usize..][..usize::from(len)]
}

/// `word`'s letters spelled from `rack` into `spelled` as `anagrams` spells them: a letter's
/// real cards first, left to right, then the blank; false if the rack cannot spell it.
fn spell_from(word: &[Cell], mut rack: Rack, spelled: &mut Vec<Cell>) -> bool {
    spelled.clear();
    for cell in word {
        let letter = cell.letter();
        if rack.take(letter as usize) {
            spelled.push(Cell::tile(letter, false));
        } else if rack.take(BLANK) {
            spelled.push(Cell::tile(letter, true));
        } else {
            return false;
        }
    }
    true
}

fn rack_of(word: &[Cell]) -> Rack {
    let mut rack = Rack::EMPTY;
    for &cell in word {
        rack.add(cell.kind());
    }
    rack
}

/// The words of a hand for a Round card, each with the discards that leave it: the words of
/// the hand less each discard, merged, in the order `anagrams` gives each list (longest
/// first, then alphabetical). A word spelled with the blank for a letter appears only where
/// the hand less the discard lacks that letter, as `anagrams` spells it.
struct HandWords {
    words: WordList,
    racks: Vec<Rack>,
    /// Bit k set when the word is among the words of the hand less a card of kind k.
    discards: Vec<u32>,
    /// Each word's letter points.
    values: Vec<i32>,
    /// Each word's dearest letter.
    dearest: Vec<i32>,
}

impl HandWords {
    /// The words of `hand` from `whole`, the words the whole hand spells (as [`words_of`]
    /// lists them).
    fn new(rules: &CardRules, hand: &Rack, whole: WordList) -> HandWords {
        // Each word the whole hand spells, spelled again as `anagrams` would from the hand less
        // each discard (real cards first, left to right, the blank for the rest): one entry
        // per distinct spelling, marked with the discards that give it.
        let mut cells: Vec<Cell> = Vec::new();
        let mut found: Vec<((u32, u8), u32)> = Vec::new();
        let mut spelled = Vec::new();
        for word in whole.iter() {
            let spellings = found.len();
            // `anagrams` spells it from the whole hand as `spell_from` would.
            debug_assert!(spell_from(word, *hand, &mut spelled) && spelled == word);
            let used = rack_of(word);
            // A discard the word leaves a card of changes nothing: spelled as from the hand.
            let unchanged = hand
                .present_kinds()
                .filter(|&kind| used.count(kind) < hand.count(kind))
                .fold(0, |discards, kind| discards | 1 << kind);
            // A discard of a kind the word takes every card of leaves it only with a blank to
            // stand in, one the word does not already take: spelled again, with that blank.
            let spare_blank = unchanged & 1 << BLANK != 0;
            for discard in hand
                .present_kinds()
                .filter(|&kind| spare_blank && unchanged & 1 << kind == 0)
            {
                let mut rest = *hand;
                rest.take(discard);
                if !spell_from(word, rest, &mut spelled) {
                    continue;
                }
                let same = |entry: &&mut ((u32, u8), u32)| cells_at(&cells, entry.0) == spelled;
                match found[spellings..].iter_mut().find(same) {
                    Some((_, discards)) => *discards |= 1 << discard,
                    None => {
                        found.push(((cells.len() as u32, spelled.len() as u8), 1 << discard));
                        cells.extend_from_slice(&spelled);
                    }
                }
            }
            if unchanged != 0 {
                found.push(((cells.len() as u32, word.len() as u8), unchanged));
                cells.extend_from_slice(word);
            }
            // The words come longest first, then alphabetical: only a word's own spellings
            // need ordering.
            found[spellings..].sort_by(|a, b| cells_at(&cells, a.0).cmp(cells_at(&cells, b.0)));
        }
        let points = |cell: &Cell| rules.letters.cell_points(*cell);
        let words = WordList {
            spans: found.iter().map(|&(span, _)| span).collect(),
            cells,
        };
        HandWords {
            racks: words.iter().map(rack_of).collect(),
            discards: found.iter().map(|&(_, discards)| discards).collect(),
            values: words
                .iter()
                .map(|word| word.iter().map(points).sum())
                .collect(),
            dearest: words
                .iter()
                .map(|word| word.iter().map(points).fold(0, i32::max))
                .collect(),
            words,
        }
    }
}

/// Sets of disjoint words (a word may repeat) fitting in `rack` and left by at least one
/// common discard (`allowed`), in index order, each offered to `visit` with what is left and
/// the discards allowed. `candidates` are the words that may come next; each level keeps those
/// that still fit in its own `levels` buffer, so a deeper level tests only the words its
/// parent could still place. Only words of the lengths `shape` allows at each depth are
/// placed there, and for a card using every card, only sets that can still grow to use every
/// card but the discard are made. Stops, returning false, once `visit` returns false.
#[allow(clippy::too_many_arguments)]
fn combinations(
    hand: &HandWords,
    candidates: &[usize],
    rack: Rack,
    allowed: u32,
    shape: &Shape,
    chosen: &mut Vec<usize>,
    levels: &mut [Vec<usize>],
    visit: &mut impl FnMut(&[usize], &Rack, u32) -> bool,
) -> bool {
    if !visit(chosen, &rack, allowed) {
        return false;
    }
    let Some((fitting, deeper)) = levels.split_first_mut() else {
        return true;
    };
    let depth = chosen.len();
    let len = |&i: &usize| hand.words.word_len(i);
    // The words lie longest first: those too long for this depth and every deeper one are
    // skipped at once. With every card to lay, a word must also leave a card to discard.
    let mut longest = shape.longest_from(depth);
    if shape.every_card {
        longest = longest.min(rack.len().saturating_sub(1));
    }
    let candidates = &candidates[candidates.partition_point(|i| len(i) > longest)..];
    let reachable = shape.lengths_from(depth);
    fitting.clear();
    fitting.extend(candidates.iter().copied().filter(|&i| {
        reachable & 1 << len(&i) != 0
            && allowed & hand.discards[i] != 0
            && rack.contains(&hand.racks[i])
    }));
    // With every card to lay, the word placed here must be long enough that it and the words
    // after it, no longer, can lay all the others: in a hand of many cards most words are too
    // short to come first.
    let placed_here = if shape.every_card {
        let least = longest.div_ceil(deeper.len() + 1).max(1);
        fitting.partition_point(|i| len(i) >= least)
    } else {
        fitting.len()
    };
    let here = shape.lengths_at(depth);
    for k in 0..placed_here {
        let i = fitting[k];
        if here & 1 << len(&i) == 0 {
            continue;
        }
        let mut left = rack;
        left.take_all(&hand.racks[i]);
        chosen.push(i);
        let still = allowed & hand.discards[i];
        let go_on = combinations(
            hand,
            &fitting[k..],
            left,
            still,
            shape,
            chosen,
            deeper,
            visit,
        );
        chosen.pop();
        if !go_on {
            return false;
        }
    }
    true
}

/// The most words a meld for the Round card holds, from a hand of `cards` cards.
fn most_words(card: &RoundCard, cards: usize) -> usize {
    if card.all_cards {
        // Every card but the discard, in words of two letters or more.
        if card.one_word {
            1
        } else {
            (cards.saturating_sub(1) / 2).max(1)
        }
    } else {
        (card.words.len() + usize::from(card.optional_word.is_some())).max(1)
    }
}

/// The longest word a meld for the Round card may hold: its printed lengths' longest, if it
/// prints any.
fn longest_wanted(card: &RoundCard) -> usize {
    card.words
        .iter()
        .chain(&card.optional_word)
        .copied()
        .max()
        .filter(|_| !card.words.is_empty())
        .unwrap_or(MAX_WORD_LEN)
}

/// Whether a word of `len` letters may be part of a meld for the Round card.
fn wanted_length(card: &RoundCard, len: usize) -> bool {
    (card.words.is_empty() || card.words.contains(&len) || card.optional_word == Some(len))
        && (!card.even_word || len % 2 == 0)
}

/// As [`words_of`], the words of all the cards of `rack` but one: each discard's letters
/// looked up in the word map, where it keeps words that long, then spelled as the walk
/// spells them (a letter's real cards first, left to right, then the blank).
fn words_of_all_but_one(
    lexicon: &Lexicon,
    rack: &Rack,
    wanted: &impl Fn(usize) -> bool,
) -> WordList {
    let len = rack.len().saturating_sub(1);
    // The map's counts hold 15 of a letter at most.
    let countable = (0..26).all(|letter| rack.count(letter) < 16);
    if !countable || !(WordMap::MIN_LEN..=MAX_WORD_LEN).contains(&len) {
        return words_of(lexicon, rack, len, &|n| n == len && wanted(n));
    }
    let mut words = WordList::default();
    if !wanted(len) {
        return words;
    }
    let counts: LetterCounts = (0..26).fold(0, |packed, letter| {
        packed | LetterCounts::from(rack.count(letter)) << (4 * letter)
    });
    let blanks = rack.count(BLANK);
    let mut letters: Vec<u8> = Vec::new();
    for discard in rack.present_kinds() {
        let (counts, blanks) = match discard {
            BLANK => (counts, blanks - 1),
            letter => (counts - (1 << (4 * letter)), blanks),
        };
        lexicon
            .word_map()
            .for_each_spelled(counts, blanks, |word| letters.extend_from_slice(word));
    }
    let mut found: Vec<&[u8]> = letters.chunks_exact(len).collect();
    found.sort_unstable();
    found.dedup();
    let (mut cells, mut spelled) = (Vec::with_capacity(len), Vec::with_capacity(len));
    for word in found {
        cells.clear();
        cells.extend(word.iter().map(|&letter| Cell::tile(letter, false)));
        if spell_from(&cells, *rack, &mut spelled) {
            words.spans.push((words.cells.len() as u32, len as u8));
            words.cells.extend_from_slice(&spelled);
        }
    }
    words
}

/// Every meld a hand of cards allows for a Round card, over every discard: `visit` gets its
/// score, words and discard.
pub fn for_each_meld(
    card: &RoundCard,
    rules: &CardRules,
    lexicon: &Lexicon,
    hand: &Rack,
    mut visit: impl FnMut(i32, &[Vec<Cell>], u8),
) {
    let mut meld: Vec<Vec<Cell>> = Vec::new();
    let melds = Melds::new(card, rules, lexicon, hand);
    melds.search(u32::MAX, |score, picked, discard| {
        meld.clear();
        meld.extend(picked.iter().map(|&i| melds.words.words.word(i).to_vec()));
        visit(score, &meld, discard);
        true
    });
}

/// The melds of one hand for one Round card: the words its cards spell, searched for sets of
/// the card's shape.
struct Melds<'a> {
    card: &'a RoundCard,
    rules: &'a CardRules,
    hand: Rack,
    words: HandWords,
    shape: Shape,
}

impl<'a> Melds<'a> {
    fn new(card: &'a RoundCard, rules: &'a CardRules, lexicon: &Lexicon, hand: &Rack) -> Self {
        let wanted = |len| wanted_length(card, len);
        // One word of every card but the discard: words of that length only, found by their
        // letters where the word map keeps them rather than by a walk.
        let whole = match card.all_cards && card.one_word {
            true => words_of_all_but_one(lexicon, hand, &wanted),
            false => words_of(lexicon, hand, longest_wanted(card), &wanted),
        };
        Melds {
            card,
            rules,
            hand: *hand,
            words: HandWords::new(rules, hand, whole),
            shape: Shape::of(card, hand.len()),
        }
    }

    /// Offers `visit` every meld whose discard is a kind in the mask `discards`, with its
    /// score, its words (indices into the hand's words) and discard, until `visit` returns
    /// false.
    fn search(&self, discards: u32, mut visit: impl FnMut(i32, &[usize], u8) -> bool) {
        let (card, words) = (self.card, &self.words);
        let most_words = self.shape.most_words();
        // One search over the whole hand: a word set fits the hand less a discard exactly when
        // it fits the hand and the discard is among the cards it leaves, so each discard need
        // not search again.
        let every: Vec<usize> = (0..words.words.len()).collect();
        let mut chosen = Vec::new();
        let mut values = Vec::with_capacity(most_words);
        let mut levels = vec![Vec::new(); most_words];
        combinations(
            words,
            &every,
            self.hand,
            discards,
            &self.shape,
            &mut chosen,
            &mut levels,
            &mut |picked, unused, allowed| {
                if picked.is_empty() || unused.is_empty() {
                    return true;
                }
                // Picked longest first, as the words lie. The shape and the words' points are
                // the same whatever the discard (but for the cards left, one fewer).
                let lengths = picked.iter().map(|&i| words.words.word_len(i));
                let Some(optional) = self
                    .shape
                    .fits(card, lengths, picked.len(), unused.len() - 1)
                else {
                    return true;
                };
                // The words are playable and of the card's shape: scored as `score_meld`
                // scores them, without checking them again.
                values.clear();
                values.extend(picked.iter().map(|&i| words.values[i]));
                let dearest = picked.iter().map(|&i| words.dearest[i]).fold(0, i32::max);
                let points = |kind| self.rules.letters.points(kind);
                let unused_points = unused.points(points);
                for discard in unused.present_kinds().filter(|&k| allowed & 1 << k != 0) {
                    let left_points = unused_points - points(discard);
                    let score = meld_points(card, &values, dearest, optional, left_points);
                    if !visit(score, picked, discard as u8) {
                        return false;
                    }
                }
                true
            },
        );
    }

    /// The highest-scoring meld, over every discard; among equals, the one with the first
    /// discard in kind order, then the first word set.
    fn best(&self) -> Option<Meld> {
        let mut best: Option<(i32, Vec<usize>, u8)> = None;
        let mut consider = |score: i32, picked: &[usize], discard: u8| {
            let better = best.as_ref().is_none_or(|(best_score, _, best_discard)| {
                score > *best_score || (score == *best_score && discard < *best_discard)
            });
            if better {
                best = Some((score, picked.to_vec(), discard));
            }
        };
        let card = self.card;
        if card.all_cards && (card.one_word || card.word_multiplier == 1) {
            // Every meld with a given discard lays the same cards, and scores the same: the
            // first found for each discard is the one to keep, and the search for that discard
            // stops there (a hand of many cards has millions of such melds).
            for discard in distinct(&self.hand) {
                self.search(1 << discard, |score, picked, discard| {
                    consider(score, picked, discard);
                    false
                });
            }
        } else {
            self.search(u32::MAX, |score, picked, discard| {
                consider(score, picked, discard);
                true
            });
        }
        best.map(|(score, picked, discard)| {
            let words = picked.iter().map(|&i| self.words.words.word(i).to_vec());
            (score, words.collect(), discard)
        })
    }
}

/// The highest-scoring meld the mover's hand allows for the Round card, over every discard;
/// among equals, the one with the first discard in kind order, then the first word set.
pub fn best_meld(view: &RummyView<'_>, hand: &Rack) -> Option<Meld> {
    Melds::new(view.round, view.rules, view.lexicon, hand).best()
}

/// The word lengths a Round card asks for, longest first: as printed, and with its optional
/// word added; and so the lengths a word may have at each depth of the search.
struct Shape {
    wanted: Vec<usize>,
    with_optional: Option<Vec<usize>>,
    /// The card lays every card but the discard.
    every_card: bool,
    /// For each depth, the lengths (bit n for n letters) a word placed there may have.
    lengths_at: Vec<u32>,
}

/// The bit of a word length in a mask of lengths: none for a length no word has.
fn length_bit(len: usize) -> u32 {
    u32::try_from(len)
        .ok()
        .and_then(|len| 1u32.checked_shl(len))
        .unwrap_or(0)
}

impl Shape {
    /// The shape of a meld for `card` from a hand of `cards` cards.
    fn of(card: &RoundCard, cards: usize) -> Shape {
        let longest_first = |mut lengths: Vec<usize>| {
            lengths.sort_unstable_by(|a, b| b.cmp(a));
            lengths
        };
        let wanted = longest_first(card.words.clone());
        let with_optional = card
            .optional_word
            .map(|extra| longest_first(card.words.iter().copied().chain([extra]).collect()));
        // A card of printed lengths places the nth longest word nth (of either list); the
        // others (every card, an even word) take a word of any length the hand's list holds.
        let lengths_at = if wanted.is_empty() {
            vec![u32::MAX; most_words(card, cards)]
        } else {
            (0..most_words(card, cards))
                .map(|depth| {
                    [Some(&wanted), with_optional.as_ref()]
                        .into_iter()
                        .flatten()
                        .filter_map(|lengths| lengths.get(depth))
                        .fold(0, |mask, &len| mask | length_bit(len))
                })
                .collect()
        };
        Shape {
            wanted,
            with_optional,
            every_card: card.all_cards,
            lengths_at,
        }
    }

    /// The most words a meld holds.
    fn most_words(&self) -> usize {
        self.lengths_at.len()
    }

    /// The lengths a word placed at `depth` may have.
    fn lengths_at(&self, depth: usize) -> u32 {
        self.lengths_at.get(depth).copied().unwrap_or(0)
    }

    /// The lengths a word placed at `depth` or deeper may have.
    fn lengths_from(&self, depth: usize) -> u32 {
        self.lengths_at[depth.min(self.lengths_at.len())..]
            .iter()
            .fold(0, |mask, &lengths| mask | lengths)
    }

    /// The longest word that may be placed at `depth` or deeper.
    fn longest_from(&self, depth: usize) -> usize {
        match self.lengths_from(depth) {
            0 => 0,
            lengths => 31 - lengths.leading_zeros() as usize,
        }
    }

    /// Whether `count` words of `lengths` (longest first) leaving `cards_left` cards in hand
    /// have the Round card's shape (checked before scoring), and if so whether they hold its
    /// optional word, as [`score_meld`](engine::cardgame::score_meld) counts it.
    fn fits(
        &self,
        card: &RoundCard,
        lengths: impl Iterator<Item = usize> + Clone,
        count: usize,
        cards_left: usize,
    ) -> Option<bool> {
        if card.all_cards {
            return (cards_left == 0 && (!card.one_word || count == 1)).then_some(false);
        }
        if card.even_word {
            return (count == 1).then_some(false);
        }
        if lengths.clone().eq(self.wanted.iter().copied()) {
            return Some(false);
        }
        let with = self.with_optional.as_ref()?;
        lengths
            .eq(with.iter().copied())
            .then_some(!card.words.is_empty())
    }
}

/// Each kind in a rack once.
fn distinct(rack: &Rack) -> Vec<usize> {
    let mut kinds: Vec<usize> = rack.kinds().collect();
    kinds.dedup();
    kinds
}

/// The discard that keeps most words of the Round card's lengths in reach (on a tie, the
/// dearest card where leftovers are subtracted, else the first).
fn keeping_discard(view: &RummyView<'_>, hand: &Rack) -> u8 {
    let card = view.round;
    let mut best = (i64::MIN, BLANK as u8);
    let all: Vec<Rack> = words_of(view.lexicon, hand, MAX_WORD_LEN, &|len| len >= 3)
        .iter()
        .map(rack_of)
        .collect();
    for kind in distinct(hand) {
        // The hand spells each word: the hand less a card of `kind` still does unless the
        // word takes every card of that kind.
        let reach = all
            .iter()
            .filter(|w| w.count(kind) < hand.count(kind))
            .count() as i64;
        let value = i64::from(view.rules.letters.points(kind));
        // The blank is never thrown away while a letter can go.
        let keep_blank = if kind == BLANK { -1_000 } else { 0 };
        let score = reach * 100
            + keep_blank
            + if card.subtract_leftovers {
                value
            } else {
                -value
            };
        if score > best.0 {
            best = (score, kind as u8);
        }
    }
    best.1
}

/// Plans for the Round card: takes the discard when it makes words worth laying now, lays
/// the best meld when it scores above nothing, and otherwise discards what helps least.
#[derive(Debug, Default)]
pub struct RummyGreedy {
    /// The last hand searched, its Round card and its best meld: taking the discard makes
    /// the hand just searched, so the turn's meld need not search it again.
    last: Option<(Rack, usize, Option<Meld>)>,
}

impl RummyGreedy {
    /// The best meld of `hand` for the current Round card, from the last search if it was
    /// this hand's.
    fn best(&mut self, view: &RummyView<'_>, hand: Rack) -> Option<Meld> {
        let round = view.round_card;
        if let Some((last_hand, last_round, meld)) = &self.last
            && *last_hand == hand
            && *last_round == round
        {
            return meld.clone();
        }
        let meld = best_meld(view, &hand);
        self.last = Some((hand, round, meld.clone()));
        meld
    }
}

impl RummyGreedy {
    /// Takes the discard when it makes words worth laying now.
    fn take_discard(&mut self, view: &RummyView<'_>) -> bool {
        let Some(top) = view.discard_top else {
            return false;
        };
        let mut with = *view.hand;
        with.add(top as usize);
        self.best(view, with).is_some_and(|m| m.0 > 0)
    }

    fn meld(&mut self, view: &RummyView<'_>) -> RummyAnswer {
        let hand = *view.hand;
        let (words, discard) = match self.best(view, hand) {
            Some((score, words, discard)) if score > 0 => (words, discard),
            _ => (Vec::new(), keeping_discard(view, &hand)),
        };
        RummyAnswer::Meld { words, discard }
    }
}

impl Decider<RummyGame> for RummyGreedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn start_game(&mut self, _seed: u64) {
        self.last = None;
    }

    fn decide(&mut self, view: &RummyView<'_>, question: RummyQuestion) -> Option<RummyAnswer> {
        Some(match question {
            RummyQuestion::Draw => RummyAnswer::Draw {
                from_discard: self.take_discard(view),
            },
            RummyQuestion::Meld => self.meld(view),
        })
    }
}

/// Lays the first meld it finds (or none) and discards at random: the fuzzing baseline.
#[derive(Debug)]
pub struct RummyRandom {
    rng: Pcg64Mcg,
}

impl RummyRandom {
    /// A random player with its own RNG.
    pub fn new(seed: u64) -> RummyRandom {
        RummyRandom {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

impl RummyRandom {
    fn meld(&mut self, view: &RummyView<'_>) -> RummyAnswer {
        let hand = *view.hand;
        if self.rng.random_bool(0.5)
            && let Some((_, words, discard)) = best_meld(view, &hand)
        {
            return RummyAnswer::Meld { words, discard };
        }
        let kinds: Vec<usize> = hand.kinds().collect();
        RummyAnswer::Meld {
            words: Vec::new(),
            discard: kinds[self.rng.random_range(0..kinds.len())] as u8,
        }
    }
}

impl Decider<RummyGame> for RummyRandom {
    fn name(&self) -> &str {
        "random"
    }

    fn start_game(&mut self, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
    }

    fn decide(&mut self, view: &RummyView<'_>, question: RummyQuestion) -> Option<RummyAnswer> {
        Some(match question {
            RummyQuestion::Draw => RummyAnswer::Draw {
                from_discard: view.discard_top.is_some() && self.rng.random_bool(0.3),
            },
            RummyQuestion::Meld => self.meld(view),
        })
    }
}

/// Rummy's players.
pub static BOTS: &[Entry<RummyGame>] = &[
    Entry {
        name: "greedy",
        setting: None,
        about: "lays the best words the Round card allows as soon as they score; takes the discard when it makes such words; discards what helps least",
        make: |_, _| made(RummyGreedy::default()),
    },
    Entry {
        name: "random",
        setting: None,
        about: "lays the first meld it finds half the time and discards at random: the fuzzing baseline",
        make: |_, _| made(RummyRandom::new(0)),
    },
];

impl crate::registry::Registered for RummyGame {
    const GAME: &'static str = "scrabble-cards --variant rummy";

    fn bots() -> &'static [Entry<RummyGame>] {
        BOTS
    }
}

#[cfg(test)]
mod tests {
    use engine::cardgame::{CardRules, score_meld};
    use engine::scrabble::tiles::kind_char;
    use lexicon::Edition;
    use rand::seq::SliceRandom;

    use super::*;

    /// The search as first written: for each discard, every set of the remaining cards'
    /// words, testing every word at every step.
    fn melds_discard_by_discard(
        card: &RoundCard,
        rules: &CardRules,
        lexicon: &Lexicon,
        hand: &Rack,
    ) -> Vec<(i32, Vec<Vec<Cell>>, u8)> {
        fn sets(
            racks: &[Rack],
            from: usize,
            rack: Rack,
            depth: usize,
            out: &mut Vec<Vec<usize>>,
            chosen: &mut Vec<usize>,
        ) {
            out.push(chosen.clone());
            if depth == 0 {
                return;
            }
            for i in from..racks.len() {
                let mut left = rack;
                if left.take_all(&racks[i]) {
                    chosen.push(i);
                    sets(racks, i, left, depth - 1, out, chosen);
                    chosen.pop();
                }
            }
        }
        // One word more than the search makes: a set that large must never score.
        let most_words = most_words(card, hand.len()) + 1;
        let wanted = |len| wanted_length(card, len);
        let mut melds = Vec::new();
        for discard in distinct(hand) {
            let mut rest = *hand;
            rest.take(discard);
            let words = words_of(lexicon, &rest, MAX_WORD_LEN, &wanted);
            let racks: Vec<Rack> = words.iter().map(rack_of).collect();
            let mut found = Vec::new();
            sets(&racks, 0, rest, most_words, &mut found, &mut Vec::new());
            for picked in found.iter().filter(|p| !p.is_empty()) {
                let mut left = rest;
                for &i in picked {
                    left.take_all(&racks[i]);
                }
                let meld: Vec<Vec<Cell>> = picked.iter().map(|&i| words.word(i).to_vec()).collect();
                if let Ok(score) = score_meld(card, &meld, &left, rules, lexicon) {
                    melds.push((score, meld, discard as u8));
                }
            }
        }
        melds
    }

    /// `deals` hands dealt from a shuffled pack (RNG seeded by `seed`), the nth of `size(n)`
    /// cards.
    fn dealt_hands(
        rules: &CardRules,
        seed: u64,
        deals: usize,
        size: impl Fn(usize) -> usize,
    ) -> impl Iterator<Item = (usize, Rack)> {
        let mut pack: Vec<usize> = (0..27)
            .flat_map(|kind| std::iter::repeat_n(kind, usize::from(rules.letters.count(kind))))
            .collect();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        (0..deals).map(move |deal| {
            pack.shuffle(&mut rng);
            let mut hand = Rack::EMPTY;
            for &kind in &pack[..size(deal)] {
                hand.add(kind);
            }
            (deal, hand)
        })
    }

    /// The best meld, found with the searches for all-card Round cards cut short, is the best
    /// of every meld (the first discard, then the first word set, among equals).
    #[test]
    fn the_best_meld_is_the_best_of_every_meld() {
        let rules = CardRules::standard();
        let lexicon = Lexicon::embedded(Edition::Plain);
        let mut best_found = 0;
        for (deal, hand) in dealt_hands(&rules, 12, 30, |deal| 7 + deal % 5) {
            for card in &rules.rummy_rounds {
                let mut expected: Option<Meld> = None;
                for_each_meld(card, &rules, &lexicon, &hand, |score, words, discard| {
                    let better = expected.as_ref().is_none_or(|(best, _, best_discard)| {
                        score > *best || (score == *best && discard < *best_discard)
                    });
                    if better {
                        expected = Some((score, words.to_vec(), discard));
                    }
                });
                let best = Melds::new(card, &rules, &lexicon, &hand).best();
                assert_eq!(best, expected, "deal {deal}, hand {hand}, {}", card.name);
                best_found += usize::from(best.is_some());
            }
        }
        assert!(best_found > 100, "{best_found} hands with a meld");
    }

    /// The one search over the whole hand finds exactly the melds the search discard by
    /// discard found, for every Round card, on hands with and without blanks.
    #[test]
    fn one_search_over_the_hand_finds_every_discard_s_melds() {
        let rules = CardRules::standard();
        let lexicon = Lexicon::embedded(Edition::Plain);
        let mut melds_found = 0;
        for (deal, hand) in dealt_hands(&rules, 11, 40, |deal| 8 + deal % 3) {
            for card in &rules.rummy_rounds {
                let mut expected = melds_discard_by_discard(card, &rules, &lexicon, &hand);
                let mut found = Vec::new();
                for_each_meld(card, &rules, &lexicon, &hand, |score, words, discard| {
                    found.push((score, words.to_vec(), discard));
                });
                expected.sort();
                found.sort();
                let show = |melds: &[(i32, Vec<Vec<Cell>>, u8)],
                            others: &[(i32, Vec<Vec<Cell>>, u8)]| {
                    melds
                        .iter()
                        .filter(|m| !others.contains(m))
                        .take(5)
                        .map(|(score, words, discard)| {
                            let words: Vec<String> = words
                                .iter()
                                .map(|w| w.iter().map(|c| c.to_char()).collect())
                                .collect();
                            format!("{score} {words:?} /{}", kind_char(*discard as usize))
                        })
                        .collect::<Vec<_>>()
                };
                assert_eq!(
                    found,
                    expected,
                    "deal {deal}, hand {hand}, {}: only found {:?}, only expected {:?}",
                    card.name,
                    show(&found, &expected),
                    show(&expected, &found)
                );
                melds_found += found.len();
            }
        }
        assert!(
            melds_found > 1000,
            "{melds_found} melds: the hands were exercised"
        );
    }
}
