//! Where a seat's draws come from: the game's one shared stream, or a stream of the seat's
//! own (duplicate seating).
//!
//! With one shared stream the n-th tile drawn goes to whoever draws n-th, so a game whose
//! play differs early deals every later tile to someone else. With a stream per seat, a
//! seat's k-th draw is the remaining item with the least key `hash(stream, seat, k, item)`,
//! where an item is named by its kind and its copy among the remaining ones of that kind.
//! Each draw is still uniform over what remains (fresh keys, independent of the labels), so
//! the games are the same in distribution; but a seat's k-th draw changes only when the item
//! it would take is gone, so each seat meets much the same tiles and cards however the play
//! goes, and in whichever seat a bot or house sits.

/// How draws are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Draws {
    /// From the game's shared random stream, in the order the seats draw.
    #[default]
    Shared,
    /// From a stream per seat, keyed by the game's seed.
    BySeat,
}

/// A finaliser of SplitMix64: every input bit moves every output bit.
pub fn mix(value: u64) -> u64 {
    let mut z = value.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Each seat's draws counted, under one stream key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatStreams {
    key: u64,
    drawn: [u32; 4],
}

impl SeatStreams {
    /// Streams for a game seeded `seed`; `purpose` keeps tiles and cards apart.
    pub fn new(seed: u64, purpose: u64) -> SeatStreams {
        SeatStreams {
            key: mix(seed ^ mix(purpose)),
            drawn: [0; 4],
        }
    }

    /// The key of `seat`'s next draw, counting it.
    pub fn next_key(&mut self, seat: usize) -> u64 {
        let count = &mut self.drawn[seat];
        let key = mix(self.key ^ mix(((seat as u64) << 32) | u64::from(*count)));
        *count += 1;
        key
    }
}

/// The kind drawn by the draw keyed `key` from `counts` (how many of each kind remain): the
/// least of `hash(key, kind, copy)` over every remaining copy; `None` if nothing remains.
pub fn pick_keyed(counts: &[u8], key: u64) -> Option<usize> {
    let mut best: Option<(u64, usize)> = None;
    for (kind, &count) in counts.iter().enumerate() {
        for copy in 0..u64::from(count) {
            let value = mix(key ^ ((kind as u64) << 16 | copy));
            if best.is_none_or(|(least, _)| value < least) {
                best = Some((value, kind));
            }
        }
    }
    best.map(|(_, kind)| kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_keyed_draw_is_uniform_over_what_remains() {
        let counts = [1u8, 3, 0, 6];
        let mut seen = [0u32; 4];
        let mut streams = SeatStreams::new(11, 1);
        let draws = 100_000;
        for _ in 0..draws {
            seen[pick_keyed(&counts, streams.next_key(2)).unwrap()] += 1;
        }
        assert_eq!(seen[2], 0);
        for (kind, &count) in counts.iter().enumerate() {
            let expected = f64::from(draws) * f64::from(count) / 10.0;
            // Five standard deviations of a binomial count.
            let sd = (expected * (1.0 - f64::from(count) / 10.0)).sqrt();
            assert!(
                (f64::from(seen[kind]) - expected).abs() <= 5.0 * sd,
                "kind {kind}: {} drawn, about {expected} expected",
                seen[kind]
            );
        }
        assert_eq!(pick_keyed(&[0, 0], 5), None);
    }

    #[test]
    fn a_draw_changes_only_when_its_pick_is_gone() {
        let mut streams = SeatStreams::new(3, 1);
        let full = [4u8, 4, 4, 4, 4];
        let mut unchanged = 0;
        for _ in 0..1000 {
            let key = streams.next_key(0);
            let pick = pick_keyed(&full, key).unwrap();
            // Take away one copy of another kind: the pick survives unless that copy was it.
            let mut fewer = full;
            fewer[(pick + 1) % 5] -= 1;
            unchanged += u32::from(pick_keyed(&fewer, key) == Some(pick));
        }
        assert_eq!(unchanged, 1000);
    }

    #[test]
    fn seats_and_draws_have_their_own_keys() {
        let mut a = SeatStreams::new(9, 1);
        let mut b = SeatStreams::new(9, 1);
        let first = a.next_key(0);
        assert_eq!(first, b.next_key(0));
        assert_ne!(first, a.next_key(0));
        assert_ne!(first, a.next_key(1));
        assert_ne!(first, SeatStreams::new(9, 2).next_key(0));
    }
}
