//! Long words by their letters (MAGPIE's word map): the words a whole rack spells, with the
//! board letters a play takes in, are looked up instead of walked.
//!
//! Finding a full-rack play by walking the GADDAG explores every partial word that might still
//! grow to use all seven tiles; with a blank that is most of a turn's search. Here a play's
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
    let folded = (counts as u64) ^ ((counts >> 64) as u64).rotate_left(29);
    (folded.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize & mask
}

/// The filter's bits per group, about: with three bits a key, 2 % of absent keys pass.
const FILTER_BITS_PER_GROUP: usize = 9;

/// The filter bits `counts` sets in a filter of `mask + 1` bits.
fn filter_bits(counts: LetterCounts, mask: usize) -> [usize; 3] {
    let folded = (counts as u64).rotate_left(17) ^ ((counts >> 64) as u64);
    let hash = folded.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    let (first, step) = ((hash >> 32) as usize, (hash as usize) | 1);
    std::array::from_fn(|i| first.wrapping_add(i.wrapping_mul(step)) & mask)
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
    /// A Bloom filter of the groups' counts (a power of two bits, 32 a word): most lookups
    /// find no word, and the filter, small enough to stay in cache, turns most away.
    filter: Cow<'static, [u32]>,
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
        let filter_words = (groups * FILTER_BITS_PER_GROUP / 32 + 1).next_power_of_two();
        let mut filter = vec![0u32; filter_words];
        for group in 0..groups {
            for bit in filter_bits(counts_at(&counts, group), 32 * filter_words - 1) {
                filter[bit / 32] |= 1 << (bit % 32);
            }
        }
        WordMap {
            counts: Cow::Owned(counts),
            starts: Cow::Owned(starts),
            index: Cow::Owned(index),
            filter: Cow::Owned(filter),
            letters: Cow::Owned(letters),
            more: None,
        }
    }

    /// This map's words and `more`'s, looked up together (`more` holds none of these).
    pub fn with_more(mut self, more: WordMap) -> WordMap {
        self.more = Some(Box::new(more));
        self
    }

    /// The map as bytes, for [`WordMap::from_static`]: the group count, the index and filter
    /// lengths, the counts, the starts, the index, the filter (all little-endian `u32`s), then
    /// the letters.
    pub fn to_bytes(&self) -> Vec<u8> {
        let groups = (self.starts.len() - 1) as u32;
        [groups, self.index.len() as u32, self.filter.len() as u32]
            .into_iter()
            .chain(self.counts.iter().copied())
            .chain(self.starts.iter().copied())
            .chain(self.index.iter().copied())
            .chain(self.filter.iter().copied())
            .flat_map(u32::to_le_bytes)
            .chain(self.letters.iter().copied())
            .collect()
    }

    /// Reads bytes written by [`WordMap::to_bytes`] in place (aligned for `u32`s).
    pub fn from_static(bytes: &'static [u8]) -> Result<WordMap, CorruptWordMap> {
        let word = |at: usize| -> Result<&'static [u32], CorruptWordMap> {
            let part = bytes.get(..at * 4).ok_or(CorruptWordMap)?;
            bytemuck::try_cast_slice(part).map_err(|_| CorruptWordMap)
        };
        if !cfg!(target_endian = "little") {
            return Err(CorruptWordMap);
        }
        let sizes = word(3)?;
        let (groups, slots, filter_words) =
            (sizes[0] as usize, sizes[1] as usize, sizes[2] as usize);
        let header = word(3 + 5 * groups + 1 + slots + filter_words)?;
        let (counts, rest) = header[3..].split_at(4 * groups);
        let (starts, rest) = rest.split_at(groups + 1);
        let (index, filter) = rest.split_at(slots);
        let letters = &bytes[header.len() * 4..];
        let map = WordMap {
            counts: Cow::Borrowed(counts),
            starts: Cow::Borrowed(starts),
            index: Cow::Borrowed(index),
            filter: Cow::Borrowed(filter),
            letters: Cow::Borrowed(letters),
            more: None,
        };
        // The groups in order over the letters, the index naming groups, and every letter a
        // letter (the build wrote the rest; a group's words are read whole, so a short one
        // would only lose a word).
        let ordered = starts.windows(2).all(|pair| pair[0] <= pair[1]);
        let ends_at_letters = starts.first() == Some(&0)
            && starts.last().map(|&end| end as usize) == Some(letters.len());
        let indexed = slots.is_power_of_two()
            && filter_words.is_power_of_two()
            && slots > groups
            && index
                .iter()
                .all(|&group| group == EMPTY || (group as usize) < groups);
        if !ordered || !ends_at_letters || !indexed || letters.iter().any(|&letter| letter >= 26) {
            return Err(CorruptWordMap);
        }
        Ok(map)
    }

    /// How many words it holds.
    pub fn len(&self) -> usize {
        let own = self
            .starts
            .windows(2)
            .enumerate()
            .map(|(group, pair)| (pair[1] - pair[0]) as usize / total(self.counts_of(group)))
            .sum::<usize>();
        own + self.more.as_ref().map_or(0, |more| more.len())
    }

    /// Whether it holds no word.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn counts_of(&self, group: usize) -> LetterCounts {
        counts_at(&self.counts, group)
    }

    /// The words spelled by exactly the letters `counts`, one after another.
    fn group(&self, counts: LetterCounts) -> &[u8] {
        let filter_mask = 32 * self.filter.len() - 1;
        let filtered = filter_bits(counts, filter_mask)
            .iter()
            .any(|&bit| self.filter[bit / 32] & (1 << (bit % 32)) == 0);
        if filtered {
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

    fn for_each_with_blanks(
        &self,
        counts: LetterCounts,
        blanks: u8,
        first_letter: u32,
        len: usize,
        visit: &mut impl FnMut(&[u8]),
    ) {
        if blanks == 0 {
            let mut map = Some(self);
            while let Some(words) = map {
                words.group(counts).chunks_exact(len).for_each(&mut *visit);
                map = words.more.as_deref();
            }
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
        assert!(
            spelled(&map, "AEINRS", 0).is_empty(),
            "too short to look up"
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
