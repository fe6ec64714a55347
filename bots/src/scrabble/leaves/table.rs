//! The leave table: a value for every leave of one to six tiles, looked up by the leave's rank.
//!
//! A leave is a multiset of the 27 kinds; written as its kinds in order, `s0 <= s1 <= ... <
//! s(k-1)`, the numbers `s(i) + i` are a k-combination of `26 + k` (the stars-and-bars
//! bijection), which the combinatorial number system ranks without a search. Leaves of each
//! size follow those of the sizes before, so every leave of six tiles or fewer has one place in
//! a dense array of 1,107,568 values (C(33, 6)), whether or not the tile set allows it: a
//! lookup is a few table reads, with no hashing and no branch on what the tile set holds.

use engine::scrabble::Rack;
use engine::scrabble::tiles::KINDS;

/// The most tiles a leave in the table holds (a rack of seven less one tile played).
pub const MOST_TILES: usize = 6;

/// `BINOMIAL[n][k]` = C(n, k), for every n and k the ranking needs.
const BINOMIAL: [[u32; MOST_TILES + 2]; KINDS + MOST_TILES + 1] = {
    let mut table = [[0u32; MOST_TILES + 2]; KINDS + MOST_TILES + 1];
    let mut n = 0;
    while n < table.len() {
        table[n][0] = 1;
        let mut k = 1;
        while k < MOST_TILES + 2 {
            table[n][k] = if n == 0 {
                0
            } else {
                table[n - 1][k - 1] + table[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    table
};

/// `FIRST[k]`: the rank of the first leave of k tiles (the leaves of fewer tiles come first).
const FIRST: [u32; MOST_TILES + 2] = {
    let mut first = [0u32; MOST_TILES + 2];
    let mut k = 1;
    while k < MOST_TILES + 2 {
        // Multisets of k - 1 tiles from KINDS kinds: C(KINDS + k - 2, k - 1).
        first[k] = first[k - 1] + BINOMIAL[KINDS + k - 2][k - 1];
        k += 1;
    }
    first
};

/// Leaves of six tiles or fewer, impossible ones included: the table's length.
pub const LEAVES: usize = FIRST[MOST_TILES + 1] as usize;

/// The place of `leave` in the table, or none for a leave of more than six tiles.
#[inline]
pub fn rank(leave: &Rack) -> Option<usize> {
    let size = leave.len();
    if size > MOST_TILES {
        return None;
    }
    let mut rank = FIRST[size];
    let mut position = 0;
    for kind in leave.present_kinds() {
        for _ in 0..leave.count(kind) {
            // The combination's element kind + position, ranked in colex order.
            rank += BINOMIAL[kind + position][position + 1];
            position += 1;
        }
    }
    Some(rank as usize)
}

/// The leave at `rank` (the inverse of [`rank`]).
pub fn unrank(rank: usize) -> Rack {
    let size = (0..=MOST_TILES)
        .rev()
        .find(|&size| FIRST[size] as usize <= rank)
        .expect("FIRST[0] is 0");
    let mut rest = (rank - FIRST[size] as usize) as u32;
    let mut leave = Rack::EMPTY;
    // The largest element first: the greatest c with C(c, position + 1) <= rest.
    for position in (0..size).rev() {
        let mut element = position;
        while BINOMIAL[element + 1][position + 1] <= rest {
            element += 1;
        }
        rest -= BINOMIAL[element][position + 1];
        leave.add(element - position);
    }
    leave
}

/// The most points a value in the table may be, either way: far beyond any leave's worth,
/// and what hundredths of a point in 16 bits hold (the table stays small enough to stay in
/// the caches: a turn reads it for every sub-rack of its rack).
pub const MOST_POINTS: i32 = 300;

/// A value for every leave of six tiles or fewer, in hundredths of a point.
#[derive(Clone, PartialEq, Eq)]
pub struct LeaveTable {
    values: Box<[i16]>,
}

impl std::fmt::Debug for LeaveTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LeaveTable({} values)", self.values.len())
    }
}

impl Default for LeaveTable {
    fn default() -> Self {
        LeaveTable {
            values: vec![0; LEAVES].into_boxed_slice(),
        }
    }
}

impl LeaveTable {
    /// The value of `leave`, if it holds six tiles or fewer.
    #[inline]
    pub fn get(&self, leave: &Rack) -> Option<i32> {
        rank(leave).map(|rank| self.at(rank))
    }

    /// The value at `rank`.
    #[inline]
    pub fn at(&self, rank: usize) -> i32 {
        i32::from(self.values[rank])
    }

    /// Sets the value of `leave` (of six tiles or fewer), held to `MOST_POINTS` either way.
    pub fn set(&mut self, leave: &Rack, value: i32) {
        let rank = rank(leave).expect("a leave of six tiles or fewer");
        let most = MOST_POINTS * 100;
        self.values[rank] = value.clamp(-most, most) as i16;
    }
}

/// Calls `visit` with every leave of one to six tiles that `counts` (tiles per kind in the
/// whole set) allows, in rank order.
pub fn for_each_possible_leave(counts: &[u8; KINDS], mut visit: impl FnMut(&Rack)) {
    for rank in FIRST[1] as usize..LEAVES {
        let leave = unrank(rank);
        if (0..KINDS).all(|kind| leave.count(kind) <= counts[kind]) {
            visit(&leave);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_holds_every_multiset_of_six_or_fewer() {
        // C(27 + 6, 6): multisets of up to six from 27 kinds.
        assert_eq!(LEAVES, 1_107_568);
        assert_eq!(rank(&Rack::EMPTY), Some(0));
        assert_eq!(rank(&Rack::parse("A").unwrap()), Some(1));
        assert_eq!(rank(&Rack::parse("??????").unwrap()), Some(LEAVES - 1));
        assert_eq!(rank(&Rack::parse("AEINRST").unwrap()), None);
    }

    #[test]
    fn ranks_are_one_to_one_and_unrank_inverts_them() {
        // rank(unrank(r)) = r for every place: each place holds one leave, none twice.
        for place in 0..LEAVES {
            let leave = unrank(place);
            assert!(leave.len() <= MOST_TILES);
            assert_eq!(rank(&leave), Some(place), "{leave}");
        }
    }

    #[test]
    fn the_english_tile_set_allows_914_624_leaves() {
        // The standard distribution: A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6
        // S4 T6 U4 V2 W2 X1 Y2 Z1 and two blanks.
        let counts = [
            9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1, 2,
        ];
        let mut found = 0;
        let mut last = None;
        for_each_possible_leave(&counts, |leave| {
            found += 1;
            let here = rank(leave);
            assert!(here > last, "in rank order");
            last = here;
        });
        assert_eq!(found, 914_624);
    }
}
