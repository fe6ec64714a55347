//! What happened, for people watching a game (the simulator leaves the log off).

use super::seat::Trade;

/// One thing that happened at the table. (Fields are named for what they hold: seats,
/// properties and spaces by number, points.)
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A player rolled the dice to move (or to leave Jail).
    Rolled { seat: usize, dice: (u8, u8) },
    /// A token came to rest on a space.
    Landed { seat: usize, space: usize },
    /// GO's reward.
    PassedGo { seat: usize, points: i32 },
    /// A property explored at its value (0: a common room taken free).
    Explored {
        seat: usize,
        property: usize,
        points: i32,
    },
    /// An auction's result: the winner and price, or no bid.
    Auctioned {
        property: usize,
        sale: Option<(usize, i32)>,
    },
    /// Rent paid.
    Rent {
        payer: usize,
        owner: usize,
        property: usize,
        points: i32,
    },
    /// A fine or Howler paid to the Bank.
    PaidBank { seat: usize, points: i32 },
    /// An Owl Post card drawn.
    OwlPost { seat: usize, card: usize },
    /// Sent to Jail.
    Jailed { seat: usize },
    /// Out of Jail.
    Freed { seat: usize },
    /// A roll for doubles in Jail failed: the player stays.
    StaysInJail { seat: usize },
    /// A crest added.
    Crest {
        seat: usize,
        property: usize,
        points: i32,
    },
    /// A crest returned.
    CrestReturned { seat: usize, property: usize },
    /// A property mortgaged.
    Mortgaged { seat: usize, property: usize },
    /// A mortgage lifted.
    Unmortgaged { seat: usize, property: usize },
    /// A trade offered, and whether it was carried out.
    Traded { trade: Trade, accepted: bool },
    /// A player out of the game, to a player or (None) the Bank.
    WentOut {
        seat: usize,
        creditor: Option<usize>,
    },
}
