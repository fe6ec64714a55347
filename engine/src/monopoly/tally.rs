//! What one game did, counted for the simulator's tables: landings, purchases, rent, cards, deals.

use super::MAX_PLAYERS;
use super::board::{MAX_PROPERTIES, MAX_SPACES};
use super::owl_post::MAX_CARDS;

/// Counters of one game, indexed by space, property, Owl Post card or seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    /// Tokens landing on each space (moves that end there, Owl Post moves included).
    pub landings: [u32; MAX_SPACES],
    /// Times each property was explored at its value (or taken free: a common room).
    pub explored: [u16; MAX_PROPERTIES],
    /// Times each property was won at auction.
    pub auctioned: [u16; MAX_PROPERTIES],
    /// Auctions of each property that drew no bid.
    pub unsold: [u16; MAX_PROPERTIES],
    /// Points paid at auction for each property.
    pub auction_points: [i32; MAX_PROPERTIES],
    /// Points paid to the Bank for each property (explored or auctioned).
    pub cost: [i32; MAX_PROPERTIES],
    /// Rent collected on each property.
    pub rent: [i32; MAX_PROPERTIES],
    /// Times each Owl Post card was drawn.
    pub owl_drawn: [u16; MAX_CARDS],
    /// The seats that drew each Owl Post card, as a mask.
    pub owl_drawers: [u8; MAX_CARDS],
    /// The drawer's change of points while each card was carried out (rent on a move included).
    pub owl_points: [i32; MAX_CARDS],
    /// Points each card moved later: Jail fines paid to leave a stay it began (negative), the
    /// fine a Get Out of Jail Free card saved when used (positive).
    pub owl_later_points: [i32; MAX_CARDS],
    /// Turns its drawer spent in Jail without moving, for each card that sent them there.
    pub owl_jail_turns: [u16; MAX_CARDS],
    /// Trades each seat proposed.
    pub trades_proposed: [u16; MAX_PLAYERS],
    /// Trades each seat proposed that were accepted.
    pub trades_accepted: [u16; MAX_PLAYERS],
    /// Points that changed hands in trades.
    pub trade_points: i64,
    /// Properties each seat's accepted proposals moved, as a mask.
    pub traded: [u32; MAX_PLAYERS],
    /// Colour sets each seat held whole at some point, as a mask of set numbers.
    pub sets: [u16; MAX_PLAYERS],
    /// Crests each seat placed.
    pub crests: [u16; MAX_PLAYERS],
    /// Auctions of a house's last crest.
    pub crest_auctions: u32,
    /// Seats that went out.
    pub out: [bool; MAX_PLAYERS],
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            landings: [0; MAX_SPACES],
            explored: [0; MAX_PROPERTIES],
            auctioned: [0; MAX_PROPERTIES],
            unsold: [0; MAX_PROPERTIES],
            auction_points: [0; MAX_PROPERTIES],
            cost: [0; MAX_PROPERTIES],
            rent: [0; MAX_PROPERTIES],
            owl_drawn: [0; MAX_CARDS],
            owl_drawers: [0; MAX_CARDS],
            owl_points: [0; MAX_CARDS],
            owl_later_points: [0; MAX_CARDS],
            owl_jail_turns: [0; MAX_CARDS],
            trades_proposed: [0; MAX_PLAYERS],
            trades_accepted: [0; MAX_PLAYERS],
            trade_points: 0,
            traded: [0; MAX_PLAYERS],
            sets: [0; MAX_PLAYERS],
            crests: [0; MAX_PLAYERS],
            crest_auctions: 0,
            out: [false; MAX_PLAYERS],
        }
    }
}
