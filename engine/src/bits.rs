//! Bit masks of small sets (a line's squares, a player's properties), read a member at a time.

/// The set bits of a mask, lowest first.
pub fn mask_bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let bit = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(bit)
    })
}
