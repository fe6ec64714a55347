//! What one seat may see: the information set a bot decides from.

use lexicon::Lexicon;

use super::board::Board;
use super::check::{CheckedPlay, IllegalMove};
use super::game::MAX_PLAYERS;
use super::game::check_move;
use super::moves::Move;
use super::rack::Rack;
use super::rules::Rules;
use super::tiles::{KINDS, TileSet};

/// A seat's view of the game: never another rack, the bag's order, or the RNG.
#[derive(Debug, Clone, Copy)]
pub struct Observation<'g> {
    /// The seat observing.
    pub seat: usize,
    /// Its own rack.
    pub rack: Rack,
    /// The board.
    pub board: &'g Board,
    /// Every seat's score.
    pub scores: &'g [i32],
    /// Tiles on each seat's rack, as seen across the table (0 past the seats in play).
    pub rack_sizes: [usize; MAX_PLAYERS],
    /// Seats whose tiles left at the end count for them (Hufflepuff, rule 10), as every
    /// player knows from the houses.
    pub keeps_leftovers: [bool; MAX_PLAYERS],
    /// Tiles in the bag.
    pub bag_len: usize,
    /// Tiles this seat has not seen: the set minus the board minus its rack (bag and other racks).
    pub unseen: [u8; KINDS],
    /// Consecutive scoreless turns.
    pub scoreless: u32,
    /// The rules in force.
    pub rules: &'g Rules,
    /// The lexicon in force.
    pub lexicon: &'g Lexicon,
    /// This turn's main word may read backwards (the Confundo card was played).
    pub backwards: bool,
}

impl Observation<'_> {
    /// Checks a move this seat might make now, as the game would (but for its end).
    pub fn check(&self, action: &Move) -> Result<Option<CheckedPlay>, IllegalMove> {
        check_move(
            self.board,
            self.rules,
            self.lexicon,
            &self.rack,
            self.bag_len,
            self.backwards,
            action,
        )
    }
}

/// The tiles a seat holding `rack` has not seen: the set's counts less the board's tiles and
/// the rack's (bag and other racks together).
pub fn unseen_by(tiles: &TileSet, board: &Board, rack: &Rack) -> [u8; KINDS] {
    let mut unseen = *tiles.counts();
    for kind in board.cells().map(|cell| cell.kind()).chain(rack.kinds()) {
        // A position holding more of a tile than the set is refused before it is seen.
        unseen[kind] = unseen[kind].saturating_sub(1);
    }
    unseen
}
