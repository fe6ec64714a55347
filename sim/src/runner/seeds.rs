//! Per-game seeds: a hash of (master seed, game index), so a game's result depends on nothing
//! else — not the thread, the chunk or the shard that plays it.

pub use bots::seating::bot_seed;
use bots::seating::mix;

/// The seed of game `index` in a run seeded `master`.
pub fn game_seed(master: u64, index: u64) -> u64 {
    mix(master ^ mix(index.wrapping_add(0x9e37_79b9_7f4a_7c15)))
}

/// A stable fingerprint of bytes (FNV-1a): a run's rules for shard headers.
pub fn fingerprint(bytes: &[u8]) -> u64 {
    engine::fingerprint::Fingerprint::of(bytes)
}

/// The fingerprint of a crossword run (any of the three word games): its rules as `Debug`
/// shows them, the bots' leave values and the lexicon, so a resumed or merged run is refused
/// when any of them changed.
pub fn crossword_fingerprint(
    rules: &dyn std::fmt::Debug,
    settings: &bots::Settings,
    lexicon: &lexicon::Lexicon,
) -> String {
    let text = format!(
        "{rules:?}|{:016x}|{:016x}|{}|{}|{}",
        settings.leaves_fingerprint(),
        settings.card_leaves_fingerprint(),
        lexicon.dictionary().origin(),
        lexicon.dictionary().len(),
        lexicon.glossary_len()
    );
    format!("{:016x}", fingerprint(text.as_bytes()))
}

/// The fingerprint of a Monopoly run: its rules and `mc-trader`'s rollouts (which change how
/// it plays).
pub fn monopoly_fingerprint(rules: &dyn std::fmt::Debug, rollouts: usize) -> String {
    let text = format!("{rules:?}|rollouts {rollouts}");
    format!("{:016x}", fingerprint(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_differ_by_index_and_master() {
        assert_ne!(game_seed(1, 0), game_seed(1, 1));
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
        assert_ne!(bot_seed(5, 0), bot_seed(5, 1));
        assert_eq!(game_seed(42, 7), game_seed(42, 7));
    }
}
