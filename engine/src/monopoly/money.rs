//! Paying: debts, raising points by returning crests and mortgaging, going out, and auctions.

use super::MAX_PLAYERS;
use super::ask::Asker;
use super::events::Event;
use super::game::{Ending, Monopoly, NOBODY, mask_bits};
use super::seat::{Lot, Raise};

impl Monopoly {
    /// A player owes `amount` to a creditor (`None`: the Bank). If their points fall short
    /// they raise points; if that is not enough they go out. Returns the points handed over.
    pub(super) fn pay(
        &mut self,
        debtor: usize,
        creditor: Option<usize>,
        amount: i32,
        ask: &mut Asker<'_>,
    ) -> i32 {
        self.pay_noting(debtor, creditor, amount, ask, None)
    }

    /// [`Monopoly::pay`], noting `payment` of the points paid: before the debtor goes out, if
    /// they do, so the log tells the debt before its consequence.
    pub(super) fn pay_noting(
        &mut self,
        debtor: usize,
        creditor: Option<usize>,
        amount: i32,
        ask: &mut Asker<'_>,
        payment: Option<&dyn Fn(i32) -> Event>,
    ) -> i32 {
        let paid = if amount <= 0 {
            0
        } else {
            if self.seats[debtor].points < amount {
                self.raise_points(debtor, amount, ask);
            }
            if self.seats[debtor].points < amount {
                return self.go_out(debtor, creditor, ask, payment);
            }
            self.seats[debtor].points -= amount;
            self.credit(creditor, amount);
            amount
        };
        if let Some(payment) = payment {
            self.note(payment(paid));
        }
        paid
    }

    fn credit(&mut self, creditor: Option<usize>, amount: i32) {
        match creditor {
            Some(seat) => self.seats[seat].points += amount,
            None => self.bank += i64::from(amount),
        }
    }

    /// Points a player could raise: every crest's cost and every unmortgaged property's mortgage.
    pub fn raisable(&self, seat: usize) -> i32 {
        let board = &self.rules.board;
        let owned = self.owned[seat];
        mask_bits(owned & self.crested)
            .map(|p| board.properties[p].crest_cost)
            .chain(mask_bits(owned & !self.mortgaged).map(|p| board.properties[p].mortgage))
            .sum()
    }

    /// Returns crests and mortgages, as the player chooses (or in the engine's order), until
    /// they hold `amount` or have nothing left to raise.
    fn raise_points(&mut self, seat: usize, amount: i32, ask: &mut Asker<'_>) {
        while self.seats[seat].points < amount {
            // Nothing left to return or mortgage: no question to ask.
            if self.default_raise(seat).is_none() {
                return;
            }
            let owed = amount - self.seats[seat].points;
            let chosen = ask
                .raise(self, seat, owed)
                .filter(|step| self.can_raise(seat, *step));
            if chosen == Some(Raise::GiveUp) {
                return;
            }
            let Some(step) = chosen.or_else(|| self.default_raise(seat)) else {
                return;
            };
            self.apply_raise(seat, step);
        }
    }

    fn can_raise(&self, seat: usize, step: Raise) -> bool {
        let owned = self.owned[seat];
        match step {
            Raise::ReturnCrest(p) => p < 32 && owned & self.crested & (1 << p) != 0,
            Raise::Mortgage(p) => p < 32 && owned & !self.mortgaged & (1 << p) != 0,
            Raise::GiveUp => true,
        }
    }

    /// Crests first (they come back at full cost), then the smallest mortgage, properties
    /// outside whole sets before those in them.
    fn default_raise(&self, seat: usize) -> Option<Raise> {
        let owned = self.owned[seat];
        if let Some(p) = mask_bits(owned & self.crested).next() {
            return Some(Raise::ReturnCrest(p));
        }
        let board = &self.rules.board;
        mask_bits(owned & !self.mortgaged)
            .min_by_key(|&p| {
                let set = board.group_of(p);
                let whole = set != 0 && owned & set == set;
                (whole, board.properties[p].mortgage, p)
            })
            .map(Raise::Mortgage)
    }

    pub(super) fn apply_raise(&mut self, seat: usize, step: Raise) {
        match step {
            Raise::ReturnCrest(p) => self.return_crest(p),
            Raise::Mortgage(p) => {
                self.return_set_crests(p);
                self.note(Event::Mortgaged { seat, property: p });
                self.mortgaged |= 1 << p;
                let value = self.rules.board.properties[p].mortgage;
                self.gain(seat, value);
            }
            // Giving up raises nothing: the debt goes unpaid and the debtor goes out.
            Raise::GiveUp => {}
        }
    }

    /// The Bank takes back the crest on a location and gives its owner the cost.
    pub(super) fn return_crest(&mut self, property: usize) {
        let owner = self.owner[property] as usize;
        self.crested &= !(1 << property);
        self.note(Event::CrestReturned {
            seat: owner,
            property,
        });
        let house = self.seats[owner].house;
        let slot = crate::hogwarts::House::ALL
            .iter()
            .position(|&h| h == house)
            .expect("every house is listed");
        self.crests_left[slot] += 1;
        let cost = self.rules.board.properties[property].crest_cost;
        self.gain(owner, cost);
    }

    /// Returns every crest in the colour set of a property (before it is mortgaged or traded).
    pub(super) fn return_set_crests(&mut self, property: usize) {
        let set = self.rules.board.group_of(property);
        for crested in mask_bits(set & self.crested) {
            self.return_crest(crested);
        }
    }

    /// The debtor goes out: what they hold goes to the creditor, or back to the Bank, which
    /// auctions the properties at once. Returns the points the creditor received.
    fn go_out(
        &mut self,
        debtor: usize,
        creditor: Option<usize>,
        ask: &mut Asker<'_>,
        payment: Option<&dyn Fn(i32) -> Event>,
    ) -> i32 {
        for property in mask_bits(self.owned[debtor] & self.crested) {
            self.return_crest(property);
        }
        let points = self.seats[debtor].points;
        self.seats[debtor].points = 0;
        self.credit(creditor, points);
        if let Some(payment) = payment {
            self.note(payment(points));
        }
        self.seats[debtor].out = true;
        self.note(Event::WentOut {
            seat: debtor,
            creditor,
        });
        self.seats[debtor].jail = None;
        self.tally.out[debtor] = true;
        let properties = self.owned[debtor];
        self.owned[debtor] = 0;
        let cards = std::mem::take(&mut self.seats[debtor].held);
        match creditor {
            Some(seat) => {
                for property in mask_bits(properties) {
                    self.owner[property] = seat as u8;
                }
                self.owned[seat] |= properties;
                self.seats[seat].held |= cards;
                self.note_sets(seat);
            }
            None => {
                for property in mask_bits(properties) {
                    self.owner[property] = NOBODY;
                }
                self.mortgaged &= !properties;
                let mut held = cards;
                while held != 0 {
                    let card = held.trailing_zeros() as usize;
                    held &= held - 1;
                    self.deck.put_under(card);
                }
            }
        }
        if (0..self.players).filter(|&s| !self.seats[s].out).count() <= 1 {
            self.ending = Some(Ending::LastStanding);
            return points;
        }
        if creditor.is_none() {
            let next = (debtor + 1) % self.players;
            for property in mask_bits(properties) {
                if self.ending.is_some() {
                    break;
                }
                self.auction_property(property, next, ask);
            }
        }
        points
    }

    /// Auctions an unexplored property to every player still in, the lander included.
    pub(super) fn auction_property(&mut self, property: usize, first: usize, ask: &mut Asker<'_>) {
        let everyone = (0..self.players)
            .filter(|&s| !self.seats[s].out)
            .fold(0u8, |mask, s| mask | 1 << s);
        self.auction_among(property, everyone, first, ask);
    }

    /// Auctions an unexplored property among `bidders` (a seat mask).
    pub(super) fn auction_among(
        &mut self,
        property: usize,
        bidders: u8,
        first: usize,
        ask: &mut Asker<'_>,
    ) {
        let sale = self.auction(Lot::Property(property), bidders, first, ask);
        self.note(Event::Auctioned { property, sale });
        match sale {
            Some((winner, price)) => {
                self.seats[winner].points -= price;
                self.bank += i64::from(price);
                self.tally.auctioned[property] += 1;
                self.tally.auction_points[property] += price;
                self.tally.cost[property] += price;
                self.acquire(property, winner);
            }
            None => self.tally.unsold[property] += 1,
        }
    }

    /// An open auction among `bidders` (a seat mask), read as each bidder's highest bid: the
    /// top bidder wins for one step over the runner-up's highest, or the opening bid alone.
    /// Ties go to the first bidder in order from `first`. Bids never exceed a bidder's points.
    pub(super) fn auction(
        &mut self,
        lot: Lot,
        bidders: u8,
        first: usize,
        ask: &mut Asker<'_>,
    ) -> Option<(usize, i32)> {
        self.auction_keeping(lot, bidders, first, &[0; MAX_PLAYERS], ask)
    }

    /// [`Monopoly::auction`] where each bidder must keep `keep[seat]` points after paying (a
    /// last crest's cost, paid on top of the bid), so a winner can always pay.
    pub(super) fn auction_keeping(
        &mut self,
        lot: Lot,
        bidders: u8,
        first: usize,
        keep: &[i32; MAX_PLAYERS],
        ask: &mut Asker<'_>,
    ) -> Option<(usize, i32)> {
        let numbers = &self.rules.numbers;
        let (opening, step) = (numbers.auction_opening, numbers.auction_step);
        let mut best: Option<(usize, i32)> = None;
        let mut runner_up: Option<i32> = None;
        for k in 0..self.players {
            let seat = (first + k) % self.players;
            if bidders & (1 << seat) == 0 {
                continue;
            }
            let limit = ask
                .bid_limit(self, seat, lot)
                .min(self.seats[seat].points - keep[seat]);
            if limit < opening {
                continue;
            }
            // Bids are the opening bid plus whole steps.
            let limit = opening + (limit - opening) / step * step;
            match best {
                Some((_, top)) if limit <= top => {
                    runner_up = Some(runner_up.map_or(limit, |r| r.max(limit)));
                }
                _ => {
                    runner_up = best.map(|(_, top)| top).or(runner_up);
                    best = Some((seat, limit));
                }
            }
        }
        let (winner, top) = best?;
        let price = runner_up.map_or(opening, |second| (second + step).min(top));
        Some((winner, price))
    }
}
