//! The bag: the tiles not yet drawn, drawn uniformly at random from the game's seeded RNG.

use rand::Rng;

use super::rack::Rack;
use super::tiles::{KINDS, TileSet};

/// Tiles in the bag, by kind; the order carries no information.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Bag {
    tiles: Vec<u8>,
}

impl Bag {
    /// Every tile of the set.
    pub fn full(set: &TileSet) -> Bag {
        let mut tiles = Vec::with_capacity(set.total());
        for kind in 0..KINDS {
            tiles.extend(std::iter::repeat_n(
                kind as u8,
                usize::from(set.count(kind)),
            ));
        }
        Bag { tiles }
    }

    /// Tiles left.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Whether the bag is empty.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// Draws one tile at random, if any are left.
    pub fn draw(&mut self, rng: &mut impl Rng) -> Option<usize> {
        if self.tiles.is_empty() {
            return None;
        }
        let index = rng.random_range(0..self.tiles.len());
        Some(usize::from(self.tiles.swap_remove(index)))
    }

    /// Draws the tile a keyed draw picks (see [`crate::draws`]), if any are left.
    pub fn draw_keyed(&mut self, key: u64) -> Option<usize> {
        let kind = crate::draws::pick_keyed(&self.counts(), key)?;
        self.remove(kind);
        Some(kind)
    }

    /// Draws tiles onto a rack until it holds `size` or the bag is empty.
    pub fn fill(&mut self, rack: &mut Rack, size: usize, rng: &mut impl Rng) {
        while rack.len() < size {
            match self.draw(rng) {
                Some(kind) => rack.add(kind),
                None => break,
            }
        }
    }

    /// Puts tiles back.
    pub fn put_back(&mut self, tiles: &Rack) {
        self.tiles.extend(tiles.kinds().map(|kind| kind as u8));
    }

    /// Takes out specific tiles (setting up a position); false if one is missing.
    pub fn remove(&mut self, kind: usize) -> bool {
        match self.tiles.iter().position(|&k| usize::from(k) == kind) {
            Some(index) => {
                self.tiles.swap_remove(index);
                true
            }
            None => false,
        }
    }

    /// How many tiles of each kind remain.
    pub fn counts(&self) -> [u8; KINDS] {
        let mut counts = [0u8; KINDS];
        for &kind in &self.tiles {
            counts[usize::from(kind)] += 1;
        }
        counts
    }
}
