//! A rack: a multiset of tiles held by counts per kind, so it is `Copy` and never allocates.

use std::fmt;

use super::tiles::{BLANK, KINDS, kind_char, kind_of_char};

/// Tiles by kind (26 letters then the blank).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Rack {
    counts: [u8; KINDS],
    len: u8,
    /// Bit k set while the rack holds a tile of kind k: lets move generation skip absent letters.
    present: u32,
}

/// A rack string that is not a rack.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RackParseError {
    /// It held something other than letters and `?`.
    #[error("{text:?}: {found:?} is not a tile (expected A-Z or ? for a blank)")]
    NotATile {
        /// The text given.
        text: String,
        /// The first character that is not a tile.
        found: char,
    },
    /// It held more tiles than a rack can count.
    #[error("{count} tiles: expected at most {most}", most = Rack::MOST)]
    TooMany {
        /// How many tiles it held.
        count: usize,
    },
}

impl Rack {
    /// An empty rack.
    pub const EMPTY: Rack = Rack {
        counts: [0; KINDS],
        len: 0,
        present: 0,
    };

    /// The most tiles a rack counts (a byte each for the total and every kind).
    pub const MOST: usize = u8::MAX as usize;

    /// Reads tiles such as `AEINRST` or `QI?` (any case).
    pub fn parse(text: &str) -> Result<Rack, RackParseError> {
        let mut rack = Rack::EMPTY;
        for c in text.chars() {
            let kind = kind_of_char(c).ok_or_else(|| RackParseError::NotATile {
                text: text.to_string(),
                found: c,
            })?;
            if rack.len() == Rack::MOST {
                let count = text.chars().count();
                return Err(RackParseError::TooMany { count });
            }
            rack.add(kind);
        }
        Ok(rack)
    }

    /// How many tiles of a kind it holds.
    #[inline]
    pub fn count(&self, kind: usize) -> u8 {
        self.counts[kind]
    }

    /// How many tiles it holds.
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether it holds no tiles.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds one tile.
    #[inline]
    pub fn add(&mut self, kind: usize) {
        self.counts[kind] += 1;
        self.len += 1;
        self.present |= 1 << kind;
    }

    /// Takes one tile away; false if there is none of that kind.
    #[inline]
    pub fn take(&mut self, kind: usize) -> bool {
        if self.counts[kind] == 0 {
            return false;
        }
        self.counts[kind] -= 1;
        self.len -= 1;
        if self.counts[kind] == 0 {
            self.present &= !(1 << kind);
        }
        true
    }

    /// Takes one tile of a kind it holds (the move generator's step, where that is known).
    #[inline]
    pub(crate) fn take_held(&mut self, kind: usize) {
        debug_assert!(self.counts[kind] > 0, "no tile of kind {kind} to take");
        self.counts[kind] -= 1;
        self.len -= 1;
        self.present &= !(u32::from(self.counts[kind] == 0) << kind);
    }

    /// The kinds it holds at least one tile of, in order (blanks last).
    #[inline]
    pub fn present_kinds(&self) -> impl Iterator<Item = usize> + use<> {
        let mut mask = self.present;
        std::iter::from_fn(move || {
            (mask != 0).then(|| {
                let kind = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                kind
            })
        })
    }

    /// The letters (bits 0-25) a tile on the rack can stand for: all of them while it holds a blank.
    #[inline]
    pub fn playable_letters(&self) -> u32 {
        if self.present & (1 << BLANK) != 0 {
            (1 << 26) - 1
        } else {
            self.present
        }
    }

    /// The letters held as tiles (blanks aside), as a set.
    pub fn letters_held(&self) -> u32 {
        self.present & ((1 << 26) - 1)
    }

    /// Whether every tile of `other` is here too.
    #[inline]
    pub fn contains(&self, other: &Rack) -> bool {
        // Most misses lack a kind altogether: the masks tell without reading the counts.
        if other.present & !self.present != 0 || other.len > self.len {
            return false;
        }
        // Every kind compared without a branch, so the loop runs as a few vector operations:
        // Rummy's search asks this of tens of thousands of words a hand.
        let short = self
            .counts
            .iter()
            .zip(other.counts.iter())
            .fold(0, |short, (have, want)| short | want.saturating_sub(*have));
        short == 0
    }

    /// Takes away every tile of `other`; false (and nothing taken) if one is missing.
    pub fn take_all(&mut self, other: &Rack) -> bool {
        if !self.contains(other) {
            return false;
        }
        for (have, want) in self.counts.iter_mut().zip(other.counts.iter()) {
            *have -= want;
        }
        self.len -= other.len;
        self.present = self.mask_from_counts();
        true
    }

    /// Adds every tile of `other`.
    pub fn add_all(&mut self, other: &Rack) {
        for (have, more) in self.counts.iter_mut().zip(other.counts.iter()) {
            *have += more;
        }
        self.len += other.len;
        self.present = self.mask_from_counts();
    }

    fn mask_from_counts(&self) -> u32 {
        (0..KINDS)
            .filter(|&kind| self.counts[kind] > 0)
            .fold(0, |mask, kind| mask | 1 << kind)
    }

    /// Each tile's kind, in alphabetical order with blanks last.
    pub fn kinds(&self) -> impl Iterator<Item = usize> + '_ {
        (0..KINDS).flat_map(move |kind| std::iter::repeat_n(kind, usize::from(self.counts[kind])))
    }

    /// The sum of the tiles' points under `points`.
    pub fn points(&self, points: impl Fn(usize) -> i32) -> i32 {
        self.kinds().map(points).sum()
    }
}

impl fmt::Display for Rack {
    /// Letters in alphabetical order, blanks as `?` at the end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for kind in self.kinds() {
            write!(f, "{}", kind_char(kind))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_reads_tiles_and_refuses_what_is_not_a_rack() {
        let rack = Rack::parse("qi?Q").unwrap();
        assert_eq!((rack.len(), rack.count(16), rack.count(BLANK)), (4, 2, 1));
        assert_eq!(
            Rack::parse("AB1").unwrap_err().to_string(),
            "\"AB1\": '1' is not a tile (expected A-Z or ? for a blank)"
        );
        assert_eq!(Rack::parse(&"E".repeat(255)).unwrap().len(), 255);
        // One more would wrap the byte counts into a small, wrong rack.
        assert_eq!(
            Rack::parse(&"E".repeat(256)).unwrap_err().to_string(),
            "256 tiles: expected at most 255"
        );
    }
}
