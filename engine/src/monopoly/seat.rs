//! The decisions a player makes: the [`Question`]s the game asks a seat's decider, the
//! [`Answer`]s, and the [`View`] of what the seat may see.
//!
//! Everything on the table is public in Monopoly: points, deeds, crests, mortgages, tokens,
//! held cards and what has happened. What no seat sees is the order of the Owl Post deck and
//! the dice to come, so a view offers no way to read them.

use super::board::{Board, PropertyKind};
use super::deals::TradeError;
use super::events::Event;
use super::game::Monopoly;
use super::rules::MonopolyRules;
use crate::hogwarts::House;

/// What an auction sells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lot {
    /// An unexplored property.
    Property(usize),
    /// The last crest of a house, for a location of the bidder's.
    LastCrest(House),
}

/// How a player in Jail starts their turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JailChoice {
    /// Give the fine to the Bank, then roll and move.
    Pay,
    /// Use a Get Out of Jail Free card, then roll and move.
    Card,
    /// Roll for doubles.
    Roll,
}

/// One step towards paying a debt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Raise {
    /// Return the crest on a location for its cost.
    ReturnCrest(usize),
    /// Mortgage a property (its set's crests are returned first).
    Mortgage(usize),
    /// Raise no more: go out now, leaving everything to the creditor (a person's choice;
    /// docs/RULES.md).
    GiveUp,
}

/// A deal between two players: properties, points and Get Out of Jail Free cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Trade {
    /// The player who proposes.
    pub from: usize,
    /// The player asked.
    pub to: usize,
    /// Properties `from` gives, as a mask.
    pub give: u32,
    /// Properties `from` receives, as a mask.
    pub take: u32,
    /// Points `from` gives `to` (negative: `to` gives `from`).
    pub points: i32,
    /// Get Out of Jail Free cards `from` gives.
    pub give_cards: u8,
    /// Get Out of Jail Free cards `from` receives.
    pub take_cards: u8,
}

/// What the game asks a seat, with what the question is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Question {
    /// A deal to offer at the start of this player's turn, if any; or properties to
    /// mortgage first ([`Answer::Mortgage`]), after which this is asked again.
    Trade,
    /// Whether to accept a deal offered to this player.
    Accept {
        /// The deal.
        trade: Trade,
    },
    /// Locations to add a crest to now, as a mask (only eligible ones are granted).
    Crests,
    /// Mortgaged properties to buy back now, as a mask.
    Unmortgage,
    /// How to start a turn in Jail.
    Jail,
    /// Explore (buy at its value) the unexplored property the player stands on, or auction it.
    Explore {
        /// The property.
        property: usize,
    },
    /// Whether to take one's own house's unexplored common room for free.
    TakeCommonRoom {
        /// The common room.
        property: usize,
    },
    /// The most this player would bid for a lot; below the opening bid means no bid.
    Bid {
        /// What is sold.
        lot: Lot,
    },
    /// Whether to ask for the rent a player owes on landing.
    AskRent {
        /// Who landed.
        payer: usize,
        /// Where.
        property: usize,
    },
    /// The next step to raise `owed` points; none leaves the choice to the engine's order.
    Raise {
        /// Points still short.
        owed: i32,
    },
}

/// An answer to a [`Question`], of the same name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// The deal offered, or none.
    Trade(Option<Trade>),
    /// Before the roll, properties to mortgage now, as a mask (an answer to
    /// [`Question::Trade`], which is asked again after it).
    Mortgage(u32),
    /// Accept the deal or not.
    Accept(bool),
    /// Locations to crest, as a mask.
    Crests(u32),
    /// Properties to buy back, as a mask.
    Unmortgage(u32),
    /// How to leave Jail.
    Jail(JailChoice),
    /// Explore (`true`) or auction.
    Explore(bool),
    /// Take the common room or not.
    TakeCommonRoom(bool),
    /// The highest bid.
    Bid(i32),
    /// Ask for the rent or not.
    AskRent(bool),
    /// The next step, or the engine's choice.
    Raise(Option<Raise>),
}

impl Question {
    /// What the game takes when a question goes unanswered: the answer that changes least.
    pub fn default_answer(self) -> Answer {
        match self {
            Question::Trade => Answer::Trade(None),
            Question::Accept { .. } => Answer::Accept(false),
            Question::Crests => Answer::Crests(0),
            Question::Unmortgage => Answer::Unmortgage(0),
            Question::Jail => Answer::Jail(JailChoice::Roll),
            Question::Explore { .. } => Answer::Explore(false),
            Question::TakeCommonRoom { .. } => Answer::TakeCommonRoom(true),
            Question::Bid { .. } => Answer::Bid(0),
            Question::AskRent { .. } => Answer::AskRent(true),
            Question::Raise { .. } => Answer::Raise(None),
        }
    }

    /// Whether `answer` answers this question.
    pub fn fits(self, answer: &Answer) -> bool {
        matches!((self, answer), (Question::Trade, Answer::Mortgage(_)))
            || std::mem::discriminant(&self.default_answer()) == std::mem::discriminant(answer)
    }
}

/// What one seat may see of a game.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub(crate) game: &'a Monopoly,
    /// The seat looking.
    pub seat: usize,
}

impl<'a> View<'a> {
    /// The view of a seat.
    pub fn new(game: &'a Monopoly, seat: usize) -> View<'a> {
        View { game, seat }
    }

    /// The rules in play.
    pub fn rules(&self) -> &'a MonopolyRules {
        self.game.rules()
    }

    /// The board.
    pub fn board(&self) -> &'a Board {
        &self.game.rules().board
    }

    /// Seats at the table (out ones included).
    pub fn players(&self) -> usize {
        self.game.players()
    }

    /// A player's house points.
    pub fn points(&self, seat: usize) -> i32 {
        self.game.points(seat)
    }

    /// A player's space.
    pub fn position(&self, seat: usize) -> usize {
        self.game.position(seat)
    }

    /// A player's house.
    pub fn house(&self, seat: usize) -> House {
        self.game.house(seat)
    }

    /// Whether a player is out of the game.
    pub fn is_out(&self, seat: usize) -> bool {
        self.game.is_out(seat)
    }

    /// Whether a player is in Jail.
    pub fn in_jail(&self, seat: usize) -> bool {
        self.game.in_jail(seat)
    }

    /// A player's Get Out of Jail Free cards.
    pub fn jail_cards(&self, seat: usize) -> u8 {
        self.game.jail_cards(seat)
    }

    /// A property's owner.
    pub fn owner(&self, property: usize) -> Option<usize> {
        self.game.owner(property)
    }

    /// The properties a player owns, as a mask.
    pub fn owned(&self, seat: usize) -> u32 {
        self.game.owned(seat)
    }

    /// Mortgaged properties, as a mask.
    pub fn mortgaged(&self) -> u32 {
        self.game.mortgaged()
    }

    /// Crested locations, as a mask.
    pub fn crested(&self) -> u32 {
        self.game.crested()
    }

    /// Crests of a house still with the Bank.
    pub fn crests_left(&self, house: House) -> u8 {
        self.game.crests_left(house)
    }

    /// Unexplored properties, as a mask.
    pub fn unexplored(&self) -> u32 {
        self.game.unexplored()
    }

    /// Turns played so far.
    pub fn turns(&self) -> u32 {
        self.game.turns()
    }

    /// Cards still in the Owl Post deck (not their order).
    pub fn deck_len(&self) -> usize {
        self.game.deck_len()
    }

    /// The rent a player landing on a property would owe now (spells: at the dice's mean).
    pub fn rent(&self, property: usize, payer: usize) -> i32 {
        self.game.expected_rent(property, payer)
    }

    /// Whether a property is one's own house's common room (no rent there, free to take).
    pub fn is_own_common_room(&self, seat: usize, property: usize) -> bool {
        self.board().properties[property].kind == PropertyKind::CommonRoom(self.house(seat))
    }

    /// Points a player could raise by returning every crest and mortgaging everything.
    pub fn raisable(&self, seat: usize) -> i32 {
        self.game.raisable(seat)
    }

    /// The same table seen from another seat (everything on it is public).
    pub fn from_seat(&self, seat: usize) -> View<'a> {
        View {
            game: self.game,
            seat,
        }
    }

    /// Locations where a player could add a crest now.
    pub fn crestable(&self, seat: usize) -> u32 {
        self.game.crestable(seat)
    }

    /// Checks a trade against the table.
    pub fn check_trade(&self, trade: &Trade) -> Result<(), TradeError> {
        self.game.check_trade(trade)
    }

    /// Every player's count if the game ended now.
    pub fn final_scores(&self) -> [i32; super::MAX_PLAYERS] {
        self.game.final_scores()
    }

    /// What has happened so far, where the game records it.
    pub fn events(&self) -> &'a [Event] {
        self.game.events()
    }

    /// A copy of the table a seat may hold ([`Monopoly::observed`]): every view of it reads
    /// as this one, and nothing hidden is in it.
    pub fn observed(&self) -> Monopoly {
        self.game.observed()
    }

    /// A copy of the table for a rollout, the hidden deck order and dice redrawn from `seed`
    /// ([`Monopoly::sampled`]).
    pub fn sampled(&self, seed: u64) -> Monopoly {
        self.game.sampled(seed)
    }
}
