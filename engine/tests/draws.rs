//! Draws by seat (duplicate seating): a seat's tiles barely depend on what the other seats
//! draw, where with one shared stream every later tile moves to someone else.

use std::sync::Arc;

use engine::draws::Draws;
use engine::scrabble::{Game, Rack, Rules, Setup};
use lexicon::{Edition, Lexicon};

/// A two-player game whose first seat opens with `first_tiles`.
fn dealt(seed: u64, first_tiles: usize, draws: Draws) -> Game {
    let mut setup = Setup::standard(2, 7);
    setup.opening_tiles[0] = first_tiles;
    setup.draws = draws;
    let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
    Game::with_setup(Arc::new(Rules::standard()), lexicon, setup, seed).unwrap()
}

/// Its two racks.
fn racks(seed: u64, first_tiles: usize, draws: Draws) -> (Rack, Rack) {
    let game = dealt(seed, first_tiles, draws);
    (*game.rack(0), *game.rack(1))
}

#[test]
fn by_seat_a_seat_keeps_its_tiles_when_another_draws_one_more() {
    let (mut same_by_seat, mut same_shared) = (0, 0);
    for seed in 0..200 {
        let (short, second) = racks(seed, 7, Draws::BySeat);
        let (long, second_after_eight) = racks(seed, 8, Draws::BySeat);
        // The first seat's first seven draws are the same draws from the same bag.
        assert!(long.contains(&short), "seed {seed}: {short} in {long}");
        same_by_seat += u32::from(second == second_after_eight);
        let (_, shared) = racks(seed, 7, Draws::Shared);
        let (_, shared_after_eight) = racks(seed, 8, Draws::Shared);
        same_shared += u32::from(shared == shared_after_eight);
    }
    // The second seat's rack changes only when the first seat's eighth tile is one it would
    // have drawn (about one game in fourteen).
    assert!(
        same_by_seat >= 160,
        "{same_by_seat} of 200 the same by seat"
    );
    assert!(
        same_shared <= 40,
        "{same_shared} of 200 the same from one stream"
    );
}

#[test]
fn by_seat_draws_deal_every_tile_of_the_set() {
    let game = dealt(3, 7, Draws::BySeat);
    let mut counts = game.bag_counts().map(u32::from);
    for kind in game.rack(0).kinds().chain(game.rack(1).kinds()) {
        counts[kind] += 1;
    }
    assert_eq!(counts, Rules::standard().tiles.counts().map(u32::from));
}
