//! Seating a table: a decider per seat from its name, a person's where the name is
//! [`PERSON`], and every bot seeded for this game and seat, so a game replays wherever it is
//! played (the simulator, the terminal, the web page, the tests).

use engine::play::Decider;

use crate::registry::{Registered, Settings, UnknownBot, bot_with};

/// The name of a seat a person plays.
pub const PERSON: &str = "human";

/// SplitMix64's finaliser: a fast, well-mixed 64-bit hash.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of the decider in `seat` for a game seeded `game`.
pub fn bot_seed(game: u64, seat: usize) -> u64 {
    mix(game ^ mix(seat as u64 + 1))
}

/// The deciders for a game seeded `game_seed`, one per name in seat order: `person(seat)`
/// where the name is [`PERSON`] (refused as unknown when there is no `person`), else the
/// registered bot of that name made with `settings`, each readied with [`bot_seed`] for its
/// seat.
pub fn seat_table<G: Registered>(
    names: &[impl AsRef<str>],
    game_seed: u64,
    settings: &Settings,
    mut person: Option<&mut dyn FnMut(usize) -> Box<dyn Decider<G>>>,
) -> Result<Vec<Box<dyn Decider<G>>>, UnknownBot> {
    let make = |name: &str| bot_with::<G>(name, settings);
    let mut table = Vec::with_capacity(names.len());
    for (seat, name) in names.iter().enumerate() {
        let name = name.as_ref();
        let mut decider = match person.as_mut() {
            Some(person) if name == PERSON => person(seat),
            Some(_) => make(name).map_err(|mut unknown| {
                unknown.known.push(PERSON.to_string());
                unknown
            })?,
            None => make(name)?,
        };
        decider.start_game(bot_seed(game_seed, seat));
        table.push(decider);
    }
    Ok(table)
}
