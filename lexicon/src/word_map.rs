//! Long words by their letters (MAGPIE's word map): the words a whole rack (or all its tiles
//! but one) spells, with the board letters a play takes in, are looked up instead of walked.
//!
//! Finding such a play by walking the GADDAG explores every partial word that might still
//! grow to use six or seven tiles; with a blank that is most of a turn's search. Here a play's
//! letters (rack, board letters, a letter for each blank) name the words directly. The map of
//! the embedded dictionary is laid out at build time and read in place.

use std::borrow::Cow;
use std::hash::Hasher;

use crate::wordlist::MAX_WORD_LEN;

/// Letter counts packed four bits a letter (bit `4 * letter`): a word holds 15 letters at most.
pub type LetterCounts = u128;

/// The counts of `letters` (0-25).
pub fn letter_counts(letters: &[u8]) -> LetterCounts {
    letters
        .iter()
        .fold(0, |counts, &letter| counts + (1 << (4 * u32::from(letter))))
}

/// How many letters `counts` holds.
fn total(counts: LetterCounts) -> usize {
    (0..26)
        .map(|letter| ((counts >> (4 * letter)) & 15) as usize)
        .sum()
}

/// `u32`s in the header of a map's bytes.
const HEADER_WORDS: usize = 16;

/// An empty slot of the index.
const EMPTY: u32 = u32::MAX;

/// Group `group`'s counts from four `u32`s a group.
fn counts_at(counts: &[u32], group: usize) -> LetterCounts {
    counts[4 * group..4 * group + 4]
        .iter()
        .rev()
        .fold(0, |all, &part| (all << 32) | LetterCounts::from(part))
}

/// Where `counts` starts looking in an index of `mask + 1` slots (the same at build and run
/// time: the layout is written by the build script).
fn slot_of(counts: LetterCounts, mask: usize) -> usize {
    mix(counts) as usize & mask
}

/// A well-mixed hash of letter counts (MurmurHash3's finaliser on the halves folded): every
/// output bit depends on every letter, so the filters' bits and the index's slots spread.
fn mix(counts: LetterCounts) -> u64 {
    let mut hash = (counts as u64) ^ ((counts >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    hash ^ (hash >> 33)
}

/// Bits a filter keeps per key, at least (blocks round up to a power of two); with three bits
/// a key in one block, a test holds the share of absent keys let through under 5 %.
const FILTER_BITS_PER_KEY: usize = 10;

/// `u32`s in a filter block: 512 bits, one cache line.
const BLOCK_WORDS: usize = 16;

/// A blocked Bloom filter's words for `keys` keys: a power of two blocks.
fn filter_words(keys: usize) -> usize {
    (keys * FILTER_BITS_PER_KEY / 512 + 1).next_power_of_two() * BLOCK_WORDS
}

/// The block and the three bits in it that `counts` sets in a filter of `words` words.
fn filter_bits(counts: LetterCounts, words: usize) -> (usize, [usize; 3]) {
    let hash = mix(counts);
    let block = (hash >> 32) as usize & (words / BLOCK_WORDS - 1);
    (
        block * BLOCK_WORDS,
        std::array::from_fn(|i| (hash >> (9 * i)) as usize & 511),
    )
}

/// Sets `counts`'s bits in `filter`.
fn filter_insert(filter: &mut [u32], counts: LetterCounts) {
    let (base, bits) = filter_bits(counts, filter.len());
    for bit in bits {
        filter[base + bit / 32] |= 1 << (bit % 32);
    }
}

/// Whether `filter` may hold `counts` (false: it surely does not).
fn filter_may_hold(filter: &[u32], counts: LetterCounts) -> bool {
    let (base, bits) = filter_bits(counts, filter.len());
    bits.iter()
        .all(|&bit| filter[base + bit / 32] & (1 << (bit % 32)) != 0)
}

/// Every word of [`WordMap::MIN_LEN`] letters or more, grouped by its letter counts.
#[derive(Debug, Clone)]
pub struct WordMap {
    /// Each group's letter counts as four `u32`s (low first), in increasing order.
    counts: Cow<'static, [u32]>,
    /// Group `i`'s words are `letters[starts[i]..starts[i + 1]]`, one after another.
    starts: Cow<'static, [u32]>,
    /// Open addressing over the groups by [`slot_of`] their counts: a group's index, or
    /// [`EMPTY`]; a power of two long, at most half full.
    index: Cow<'static, [u32]>,
    /// A blocked Bloom filter of the groups' counts: most lookups find no word, and the
    /// filter, small enough to stay in cache, turns most away with one cache line.
    filter: Cow<'static, [u32]>,
    /// The same of the groups' counts less one letter (each distinct letter in turn): a
    /// lookup with a blank asks it once before trying the blank as each letter.
    blank_filter: Cow<'static, [u32]>,
    /// The words' letters (0-25), each group's words in alphabetical order.
    letters: Cow<'static, [u8]>,
    /// More words (the Glossary's, in its edition), looked up as well.
    more: Option<Box<WordMap>>,
}

/// A word map's bytes break its layout.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the word map's bytes are corrupt")]
pub struct CorruptWordMap;

impl WordMap {
    /// The shortest word kept: a play of six tiles from a full rack of seven makes no
    /// shorter one.
    pub const MIN_LEN: usize = 6;

    /// Indexes the words (upper-case bytes) of [`WordMap::MIN_LEN`] letters or more.
    pub fn build<'w>(words: impl IntoIterator<Item = &'w [u8]>) -> WordMap {
        // Each word's letters go once into one buffer; the sort moves only counts and offsets.
        let mut all_letters = Vec::new();
        let mut keyed: Vec<(LetterCounts, u32, u8)> = Vec::new();
        for word in words {
            if !(Self::MIN_LEN..=MAX_WORD_LEN).contains(&word.len())
                || !word.iter().all(u8::is_ascii_uppercase)
            {
                continue;
            }
            let start = all_letters.len() as u32;
            all_letters.extend(word.iter().map(|b| b - b'A'));
            let counts = letter_counts(&all_letters[start as usize..]);
            keyed.push((counts, start, word.len() as u8));
        }
        let word_at = |&(_, start, len): &(LetterCounts, u32, u8)| {
            &all_letters[start as usize..start as usize + usize::from(len)]
        };
        keyed.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| word_at(a).cmp(word_at(b))));
        keyed.dedup_by(|a, b| a.0 == b.0 && word_at(a) == word_at(b));
        let (mut counts, mut starts, mut letters) = (Vec::new(), Vec::new(), Vec::new());
        for (i, entry) in keyed.iter().enumerate() {
            if i == 0 || keyed[i - 1].0 != entry.0 {
                counts.extend((0..4).map(|part| (entry.0 >> (32 * part)) as u32));
                starts.push(letters.len() as u32);
            }
            letters.extend_from_slice(word_at(entry));
        }
        starts.push(letters.len() as u32);
        let groups = starts.len() - 1;
        let mut index = vec![EMPTY; (2 * groups).next_power_of_two().max(2)];
        let mask = index.len() - 1;
        for group in 0..groups {
            let mut slot = slot_of(counts_at(&counts, group), mask);
            while index[slot] != EMPTY {
                slot = (slot + 1) & mask;
            }
            index[slot] = group as u32;
        }
        let mut filter = vec![0u32; filter_words(groups)];
        let mut short_keys = Vec::new();
        for group in 0..groups {
            let counts = counts_at(&counts, group);
            filter_insert(&mut filter, counts);
            for letter in (0..26).filter(|&letter| (counts >> (4 * letter)) & 15 != 0) {
                short_keys.push(counts - (1 << (4 * letter)));
            }
        }
        let mut blank_filter = vec![0u32; filter_words(short_keys.len())];
        for key in short_keys {
            filter_insert(&mut blank_filter, key);
        }
        WordMap {
            counts: Cow::Owned(counts),
            starts: Cow::Owned(starts),
            index: Cow::Owned(index),
            filter: Cow::Owned(filter),
            blank_filter: Cow::Owned(blank_filter),
            letters: Cow::Owned(letters),
            more: None,
        }
    }

    /// This map's words and `more`'s, looked up together (`more` holds none of these).
    pub fn with_more(mut self, more: WordMap) -> WordMap {
        self.more = Some(Box::new(more));
        self
    }

    /// The map as bytes, for [`WordMap::from_static`]: a header of 16 little-endian `u32`s
    /// (the group count, the index length, the two filters' lengths, then zeros), the two
    /// filters (so that, with the bytes aligned to 64, each block is one cache line), the
    /// index, the counts, the starts, then the letters.
    pub fn to_bytes(&self) -> Vec<u8> {
        let groups = (self.starts.len() - 1) as u32;
        let mut header = [0u32; HEADER_WORDS];
        header[..4].copy_from_slice(&[
            groups,
            self.index.len() as u32,
            self.filter.len() as u32,
            self.blank_filter.len() as u32,
        ]);
        header
            .into_iter()
            .chain(self.filter.iter().copied())
            .chain(self.blank_filter.iter().copied())
            .chain(self.index.iter().copied())
            .chain(self.counts.iter().copied())
            .chain(self.starts.iter().copied())
            .flat_map(u32::to_le_bytes)
            .chain(self.letters.iter().copied())
            .collect()
    }

    /// Reads bytes written by [`WordMap::to_bytes`] (by the build script) in place: aligned
    /// for `u32`s, and for speed to 64.
    pub fn from_static(bytes: &'static [u8]) -> Result<WordMap, CorruptWordMap> {
        let word = |at: usize| -> Result<&'static [u32], CorruptWordMap> {
            let part = bytes.get(..at * 4).ok_or(CorruptWordMap)?;
            bytemuck::try_cast_slice(part).map_err(|_| CorruptWordMap)
        };
        if !cfg!(target_endian = "little") {
            return Err(CorruptWordMap);
        }
        let sizes = word(HEADER_WORDS)?;
        let [groups, slots, filter_words, blank_words] = [0, 1, 2, 3].map(|at| sizes[at] as usize);
        let all = word(HEADER_WORDS + filter_words + blank_words + slots + 5 * groups + 1)?;
        let (filter, rest) = all[HEADER_WORDS..].split_at(filter_words);
        let (blank_filter, rest) = rest.split_at(blank_words);
        let (index, rest) = rest.split_at(slots);
        let (counts, starts) = rest.split_at(4 * groups);
        let letters = &bytes[all.len() * 4..];
        let map = WordMap {
            counts: Cow::Borrowed(counts),
            starts: Cow::Borrowed(starts),
            index: Cow::Borrowed(index),
            filter: Cow::Borrowed(filter),
            blank_filter: Cow::Borrowed(blank_filter),
            letters: Cow::Borrowed(letters),
            more: None,
        };
        // Only the build script writes these bytes, so the layout's sizes are checked, not
        // every entry (scanning them all took 18 M instructions at each start).
        let ends_at_letters = starts.first() == Some(&0)
            && starts.last().map(|&end| end as usize) == Some(letters.len());
        let blocks =
            |words: usize| words % BLOCK_WORDS == 0 && (words / BLOCK_WORDS).is_power_of_two();
        let sized = slots.is_power_of_two() && slots > groups && blocks(filter_words);
        if !ends_at_letters || !sized || !blocks(blank_words) {
            return Err(CorruptWordMap);
        }
        Ok(map)
    }

    /// How many words it holds.
    pub fn len(&self) -> usize {
        self.maps()
            .flat_map(|map| {
                map.starts
                    .windows(2)
                    .enumerate()
                    .map(|(group, pair)| (pair[1] - pair[0]) as usize / total(map.counts_of(group)))
            })
            .sum()
    }

    /// Whether it holds no word.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// This map and those in `more`, in the order looked up.
    fn maps(&self) -> impl Iterator<Item = &WordMap> {
        std::iter::successors(Some(self), |map| map.more.as_deref())
    }

    fn counts_of(&self, group: usize) -> LetterCounts {
        counts_at(&self.counts, group)
    }

    /// The words spelled by exactly the letters `counts`, one after another.
    fn group(&self, counts: LetterCounts) -> &[u8] {
        if !filter_may_hold(&self.filter, counts) {
            return &[];
        }
        let mask = self.index.len() - 1;
        let mut slot = slot_of(counts, mask);
        loop {
            let group = self.index[slot];
            if group == EMPTY {
                return &[];
            }
            let group = group as usize;
            if self.counts_of(group) == counts {
                return &self.letters[self.starts[group] as usize..self.starts[group + 1] as usize];
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Calls `visit` with each word (letters 0-25) spelled by exactly the letters `counts`
    /// and `blanks` more of any letter, each word once.
    pub fn for_each_spelled(&self, counts: LetterCounts, blanks: u8, mut visit: impl FnMut(&[u8])) {
        let len = total(counts) + usize::from(blanks);
        if !(Self::MIN_LEN..=MAX_WORD_LEN).contains(&len) {
            return;
        }
        // Each word has one set of letter counts, so each blank letter set (the letters in
        // non-decreasing order) finds different words.
        self.for_each_with_blanks(counts, blanks, 0, len, &mut visit);
    }

    /// Whether some word may be spelled by exactly the letters `counts` and `blanks` more of
    /// any letter: false surely none, true perhaps (certainly, with no blank); `None` when
    /// the map cannot say (a word shorter than it keeps, or more than two blanks).
    pub fn may_spell(&self, counts: LetterCounts, blanks: u8) -> Option<bool> {
        let len = total(counts) + usize::from(blanks);
        if !(Self::MIN_LEN..=MAX_WORD_LEN).contains(&len) {
            return None;
        }
        match blanks {
            0 => Some(self.maps().any(|map| !map.group(counts).is_empty())),
            1 => Some(self.may_spell_with_one_more(counts)),
            2 => Some(
                (0..26).any(|letter| self.may_spell_with_one_more(counts + (1 << (4 * letter)))),
            ),
            _ => None,
        }
    }

    /// Whether some word of this map or `more`'s may be `counts` and one letter more.
    fn may_spell_with_one_more(&self, counts: LetterCounts) -> bool {
        self.maps()
            .any(|map| filter_may_hold(&map.blank_filter, counts))
    }

    fn for_each_with_blanks(
        &self,
        counts: LetterCounts,
        blanks: u8,
        first_letter: u32,
        len: usize,
        visit: &mut impl FnMut(&[u8]),
    ) {
        if blanks == 0 {
            for map in self.maps() {
                map.group(counts).chunks_exact(len).for_each(&mut *visit);
            }
            return;
        }
        if blanks == 1 && !self.may_spell_with_one_more(counts) {
            return;
        }
        for letter in first_letter..26 {
            // A word has 15 letters at most, so no count overflows its four bits.
            let with = counts + (1 << (4 * letter));
            self.for_each_with_blanks(with, blanks - 1, letter, len, visit);
        }
    }
}

/// A hasher for letter counts: they are already spread over 104 bits, so one multiply mixes
/// them enough, far cheaper than the default SipHash on the search's path.
#[derive(Debug, Clone, Copy, Default)]
pub struct CountsHasher(u64);

impl Hasher for CountsHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(byte)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }

    fn write_u128(&mut self, value: u128) {
        let folded = (value as u64) ^ ((value >> 64) as u64).rotate_left(32);
        self.0 = (self.0 ^ folded).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 ^= self.0 >> 29;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(word: &str) -> Vec<u8> {
        word.bytes().map(|b| b - b'A').collect()
    }

    fn spelled(map: &WordMap, rack: &str, blanks: u8) -> Vec<String> {
        let mut found = Vec::new();
        map.for_each_spelled(letter_counts(&letters(rack)), blanks, |word| {
            found.push(
                word.iter()
                    .map(|&l| char::from(b'A' + l))
                    .collect::<String>(),
            )
        });
        found
    }

    const WORDS: [&str; 7] = [
        "RETAINS", "STAINER", "RETINAS", "NASTIER", "ANTSIER", "RETAINER", "TRAIN",
    ];

    #[test]
    fn words_are_found_by_their_letters_and_blanks() {
        let map = WordMap::build(WORDS.iter().map(|w| w.as_bytes()));
        assert_eq!(map.len(), 6, "TRAIN is too short to keep");
        let mut anagrams = spelled(&map, "AEINRST", 0);
        anagrams.sort();
        assert_eq!(
            anagrams,
            ["ANTSIER", "NASTIER", "RETAINS", "RETINAS", "STAINER"]
        );
        assert_eq!(spelled(&map, "AEINRT", 1).len(), 5, "the blank as S");
        assert_eq!(
            spelled(&map, "AEINRT", 2),
            ["RETAINER"],
            "blanks as E and R"
        );
        assert_eq!(spelled(&map, "AEIRT", 3), ["RETAINER"], "each word once");
        assert!(spelled(&map, "AEINRSX", 0).is_empty());
        assert!(spelled(&map, "AEINR", 0).is_empty(), "too short to look up");
        let may = |rack: &str, blanks| map.may_spell(letter_counts(&letters(rack)), blanks);
        assert_eq!(may("AEINRST", 0), Some(true));
        assert_eq!(may("AEINRSX", 0), Some(false));
        assert_eq!(may("AEINRT", 1), Some(true));
        assert_eq!(may("CJQVXZ", 1), Some(false), "no word with these letters");
        assert_eq!(may("AEINRT", 2), Some(true));
        assert_eq!(may("AEINR", 0), None, "shorter than the map keeps");
        assert_eq!(may("AEIR", 3), None, "three blanks");
    }

    #[test]
    fn the_filters_hold_every_key_and_turn_most_others_away() {
        // Twenty thousand made-up words of seven letters, from a fixed sequence.
        let mut state = 1u64;
        let mut next_letter = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            b'A' + ((state >> 33) % 26) as u8
        };
        let words: Vec<Vec<u8>> = (0..20_000)
            .map(|_| (0..7).map(|_| next_letter()).collect())
            .collect();
        let map = WordMap::build(words.iter().map(Vec::as_slice));
        let groups = map.starts.len() - 1;
        for group in 0..groups {
            let counts = map.counts_of(group);
            assert!(filter_may_hold(&map.filter, counts));
            for letter in (0..26).filter(|&letter| (counts >> (4 * letter)) & 15 != 0) {
                assert!(filter_may_hold(
                    &map.blank_filter,
                    counts - (1 << (4 * letter))
                ));
            }
        }
        // Other letter sets of seven: few pass.
        let (mut absent, mut passed) = (0, 0);
        for _ in 0..20_000 {
            let letters: Vec<u8> = (0..7).map(|_| next_letter() - b'A').collect();
            let counts = letter_counts(&letters);
            if map.group(counts).is_empty() {
                absent += 1;
                passed += usize::from(filter_may_hold(&map.filter, counts));
            }
        }
        assert!(
            passed * 20 < absent,
            "{passed} of {absent} absent keys passed"
        );
    }

    #[test]
    fn a_map_read_from_its_bytes_finds_the_same_words_as_its_more() {
        let map = WordMap::build(WORDS[..5].iter().map(|w| w.as_bytes()));
        let bytes: &'static [u32] = Vec::leak(
            map.to_bytes()
                .chunks(4)
                .map(|b| {
                    let mut word = [0u8; 4];
                    word[..b.len()].copy_from_slice(b);
                    u32::from_le_bytes(word)
                })
                .collect(),
        );
        let length = map.to_bytes().len();
        let read = WordMap::from_static(&bytemuck::cast_slice(bytes)[..length]).unwrap();
        let more = WordMap::build([b"RETAINER".as_slice()]);
        let both = read.with_more(more);
        assert_eq!(both.len(), 6);
        assert_eq!(spelled(&both, "AEINRST", 0).len(), 5);
        assert_eq!(spelled(&both, "AEINRT", 2), ["RETAINER"]);
        assert_eq!(
            WordMap::from_static(&[1, 0, 0, 0]).unwrap_err(),
            CorruptWordMap,
            "a group count with no groups after it"
        );
    }
}
