//! The four houses and the sorting (To Begin, rule 10).

use std::fmt;
use std::str::FromStr;

use rand::seq::SliceRandom;

use crate::scrabble::GameRng;

/// A Hogwarts house; each gives its player a power.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum House {
    /// Draws Hogwarts cards at the start.
    Gryffindor,
    /// Keeps the value of its left-over tiles.
    Hufflepuff,
    /// Starts with eight tiles.
    Ravenclaw,
    /// Always begins.
    Slytherin,
}

impl House {
    /// The four houses in the order the Sorting Hat's bag is filled.
    pub const ALL: [House; 4] = [
        House::Gryffindor,
        House::Hufflepuff,
        House::Ravenclaw,
        House::Slytherin,
    ];

    /// The house's name in lower case, as the command line and the tables write it.
    pub fn name(self) -> &'static str {
        match self {
            House::Gryffindor => "gryffindor",
            House::Hufflepuff => "hufflepuff",
            House::Ravenclaw => "ravenclaw",
            House::Slytherin => "slytherin",
        }
    }

    /// Sorts `players` players: each draws a house card from the bag at random.
    pub fn sort(players: usize, rng: &mut GameRng) -> Vec<House> {
        let mut houses = House::ALL.to_vec();
        houses.shuffle(rng);
        houses.truncate(players);
        houses
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A house name that is not one of the four.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown house {0:?}: expected gryffindor, hufflepuff, ravenclaw or slytherin")]
pub struct UnknownHouse(pub String);

impl FromStr for House {
    type Err = UnknownHouse;

    fn from_str(text: &str) -> Result<House, UnknownHouse> {
        House::ALL
            .into_iter()
            .find(|house| house.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownHouse(text.to_string()))
    }
}
