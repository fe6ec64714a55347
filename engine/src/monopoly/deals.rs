//! What happens before the dice: trades, crests (the last one auctioned), lifting mortgages.

use super::MAX_PLAYERS;
use super::ask::Asker;
use super::events::Event;
use super::game::{Monopoly, mask_bits};
use super::seat::{Answer, Lot, Raise, Trade};
use crate::hogwarts::House;

/// Why a proposed trade cannot happen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TradeError {
    /// Not the proposer's turn, or no such partner.
    #[error("a trade is proposed by the player to move to another player still in the game")]
    Parties,
    /// A property changes hands that its giver does not own.
    #[error("a traded property is not its giver's")]
    NotOwned,
    /// Points or cards a side does not have.
    #[error("a side gives points or cards it does not have")]
    CannotPay,
    /// Nothing changes hands.
    #[error("nothing changes hands")]
    Empty,
}

impl Monopoly {
    /// Checks a trade against the table: both parties in, each giving only what they hold.
    pub fn check_trade(&self, trade: &Trade) -> Result<(), TradeError> {
        let (from, to) = (trade.from, trade.to);
        if from >= self.players
            || to >= self.players
            || from == to
            || self.seats[from].out
            || self.seats[to].out
        {
            return Err(TradeError::Parties);
        }
        if trade.give & !self.owned[from] != 0 || trade.take & !self.owned[to] != 0 {
            return Err(TradeError::NotOwned);
        }
        let pays = |seat: usize, points: i32| self.seats[seat].points >= points;
        if !pays(from, trade.points)
            || !pays(to, -trade.points)
            || trade.give_cards > self.jail_cards(from)
            || trade.take_cards > self.jail_cards(to)
        {
            return Err(TradeError::CannotPay);
        }
        if trade.give | trade.take == 0
            && trade.give_cards == 0
            && trade.take_cards == 0
            && trade.points == 0
        {
            return Err(TradeError::Empty);
        }
        Ok(())
    }

    /// The player to move may offer one trade; the partner accepts or refuses.
    pub(super) fn trade_phase(&mut self, mover: usize, ask: &mut Asker<'_>) {
        let trade = loop {
            match ask.before_roll(self, mover) {
                // Mortgages first, as many times as asked; nothing to mortgage ends the phase.
                Answer::Mortgage(mask) => {
                    let chosen = mask & self.owned[mover] & !self.mortgaged;
                    if chosen == 0 {
                        return;
                    }
                    for property in mask_bits(chosen) {
                        self.apply_raise(mover, Raise::Mortgage(property));
                    }
                }
                Answer::Trade(Some(trade)) => break trade,
                _ => return,
            }
        };
        self.tally.trades_proposed[mover] += 1;
        if trade.from != mover || self.check_trade(&trade).is_err() {
            return;
        }
        let accepted = ask.accept_trade(self, trade.to, trade);
        self.note(Event::Traded { trade, accepted });
        if accepted {
            self.apply_trade(&trade);
        }
    }

    /// Carries out a checked trade: crests on the sets of traded locations go back to the
    /// Bank for their cost first; mortgages stay with the property.
    pub(super) fn apply_trade(&mut self, trade: &Trade) {
        let (from, to) = (trade.from, trade.to);
        for property in mask_bits(trade.give | trade.take) {
            self.return_set_crests(property);
        }
        self.owned[from] = (self.owned[from] & !trade.give) | trade.take;
        self.owned[to] = (self.owned[to] & !trade.take) | trade.give;
        for property in mask_bits(trade.give) {
            self.owner[property] = to as u8;
        }
        for property in mask_bits(trade.take) {
            self.owner[property] = from as u8;
        }
        self.seats[from].points -= trade.points;
        self.seats[to].points += trade.points;
        self.move_cards(from, to, trade.give_cards);
        self.move_cards(to, from, trade.take_cards);
        self.note_sets(from);
        self.note_sets(to);
        self.tally.trades_accepted[from] += 1;
        self.tally.trade_points += i64::from(trade.points.abs());
        self.tally.traded[from] |= trade.give | trade.take;
    }

    fn move_cards(&mut self, giver: usize, taker: usize, count: u8) {
        for _ in 0..count {
            let held = self.seats[giver].held;
            let card = held & held.wrapping_neg();
            self.seats[giver].held &= !card;
            self.seats[taker].held |= card;
        }
    }

    /// Locations where a player could add a crest now: in a whole, unmortgaged colour set of
    /// theirs, without one yet.
    pub fn crestable(&self, seat: usize) -> u32 {
        let owned = self.owned[seat];
        self.rules
            .board
            .groups
            .iter()
            .filter(|g| owned & g.members == g.members && self.mortgaged & g.members == 0)
            .fold(0, |mask, g| mask | g.members)
            & !self.crested
    }

    /// Every player may add crests (not only on their turn); asked in turn order from the
    /// player to move. When two players of a house want its last crest, it is auctioned.
    pub(super) fn crest_phase(&mut self, mover: usize, ask: &mut Asker<'_>) {
        let mut wants = [0u32; MAX_PLAYERS];
        let mut anyone = false;
        for k in 0..self.players {
            let seat = (mover + k) % self.players;
            let eligible = self.crestable(seat);
            if self.seats[seat].out || eligible == 0 || self.crests_left(self.house(seat)) == 0 {
                continue;
            }
            wants[seat] = ask.crests(self, seat) & eligible;
            anyone |= wants[seat] != 0;
        }
        if !anyone {
            return;
        }
        for k in 0..self.players {
            let seat = (mover + k) % self.players;
            for property in mask_bits(wants[seat]) {
                let house = self.house(seat);
                if self.crests_left(house) == 0 {
                    break;
                }
                let cost = self.rules.board.properties[property].crest_cost;
                if self.crests_left(house) == 1
                    && let Some(rival) = self.rival_for_last_crest(seat, house, &wants)
                {
                    self.auction_last_crest(house, seat, rival, &mut wants, ask);
                    break;
                }
                if self.seats[seat].points >= cost {
                    self.place_crest(seat, property);
                }
            }
        }
    }

    /// Another player of the same house who still wants a crest and can pay for one.
    fn rival_for_last_crest(
        &self,
        seat: usize,
        house: House,
        wants: &[u32; MAX_PLAYERS],
    ) -> Option<usize> {
        (0..self.players).find(|&other| {
            other != seat
                && self.house(other) == house
                && mask_bits(wants[other] & self.crestable(other))
                    .any(|p| self.seats[other].points >= self.rules.board.properties[p].crest_cost)
        })
    }

    /// The winner pays the bid to the Bank, then the crest's cost, for the cheapest location
    /// they wanted: a bid leaves that cost in hand, so the winner can pay. Either way both
    /// bidders are done for this phase, so the crest is auctioned once.
    fn auction_last_crest(
        &mut self,
        house: House,
        seat: usize,
        rival: usize,
        wants: &mut [u32; MAX_PLAYERS],
        ask: &mut Asker<'_>,
    ) {
        let bidders = (1u8 << seat) | (1u8 << rival);
        let mut keep = [0; MAX_PLAYERS];
        let mut cheapest = [None; MAX_PLAYERS];
        for bidder in [seat, rival] {
            cheapest[bidder] = mask_bits(wants[bidder] & self.crestable(bidder))
                .min_by_key(|&p| (self.rules.board.properties[p].crest_cost, p));
            keep[bidder] = cheapest[bidder]
                .map_or(i32::MAX / 2, |p| self.rules.board.properties[p].crest_cost);
        }
        self.tally.crest_auctions += 1;
        let sale = self.auction_keeping(Lot::LastCrest(house), bidders, seat, &keep, ask);
        wants[seat] = 0;
        wants[rival] = 0;
        let Some((winner, price)) = sale else {
            return;
        };
        let property = cheapest[winner].expect("a bidder wants a location");
        self.seats[winner].points -= price;
        self.bank += i64::from(price);
        self.place_crest(winner, property);
    }

    pub(super) fn place_crest(&mut self, seat: usize, property: usize) {
        let cost = self.rules.board.properties[property].crest_cost;
        self.seats[seat].points -= cost;
        self.bank += i64::from(cost);
        self.crested |= 1 << property;
        self.note(Event::Crest {
            seat,
            property,
            points: cost,
        });
        let slot = House::ALL
            .iter()
            .position(|&h| h == self.house(seat))
            .expect("every house is listed");
        self.crests_left[slot] -= 1;
        self.tally.crests[seat] += 1;
    }

    /// The player to move may buy back mortgaged properties.
    pub(super) fn unmortgage_phase(&mut self, mover: usize, ask: &mut Asker<'_>) {
        let mortgaged = self.owned[mover] & self.mortgaged;
        if mortgaged == 0 || self.seats[mover].out {
            return;
        }
        let chosen = ask.unmortgage(self, mover) & mortgaged;
        for property in mask_bits(chosen) {
            let cost = self.rules.board.properties[property].unmortgage;
            if self.seats[mover].points >= cost {
                self.seats[mover].points -= cost;
                self.bank += i64::from(cost);
                self.mortgaged &= !(1 << property);
                self.note(Event::Unmortgaged {
                    seat: mover,
                    property,
                });
            }
        }
    }
}
