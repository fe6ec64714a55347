//! Setting up a position by hand: the rulebook's worked examples, tests and seeded positions.
//! Bots cannot reach these (a [`super::View`] lends the game only immutably).

use super::ask::Asker;
use super::game::{Monopoly, NOBODY, mask_bits};
use super::owl_post::Effect;
use crate::play::Decider;

impl Monopoly {
    /// Gives a seat exactly these points and deeds (taken from the Bank), crests on `crested`
    /// and mortgages on `mortgaged`; the Bank balances the points, so they stay conserved.
    pub fn arrange(
        &mut self,
        seat: usize,
        points: i32,
        properties: u32,
        crested: u32,
        mortgaged: u32,
    ) -> Result<(), String> {
        if seat >= self.players || points < 0 {
            return Err(format!("seat {seat} with {points} points"));
        }
        if properties & !self.rules.board.all_properties() != 0
            || (crested | mortgaged) & !properties != 0
            || crested & mortgaged != 0
        {
            return Err("crests and mortgages go on the seat's own, distinct properties".into());
        }
        if let Some(taken) = mask_bits(properties)
            .find(|&p| self.owner[p] != NOBODY && self.owner[p] as usize != seat)
        {
            return Err(format!("property {taken} belongs to another seat"));
        }
        for property in mask_bits(self.owned[seat] & self.crested) {
            self.return_crest(property);
        }
        for property in mask_bits(self.owned[seat]) {
            self.owner[property] = NOBODY;
        }
        self.mortgaged &= !self.owned[seat];
        self.owned[seat] = properties;
        for property in mask_bits(properties) {
            self.owner[property] = seat as u8;
        }
        self.mortgaged |= mortgaged;
        for property in mask_bits(crested) {
            if self.crestable(seat) & (1 << property) == 0
                || self.crests_left(self.house(seat)) == 0
            {
                return Err(format!("no crest can go on property {property}"));
            }
            let cost = self.rules.board.properties[property].crest_cost;
            self.gain(seat, cost);
            self.place_crest(seat, property);
        }
        self.tally.crests[seat] = 0;
        let change = points - self.seats[seat].points;
        self.gain(seat, change);
        self.note_sets(seat);
        Ok(())
    }

    /// Puts a token on a space without landing there.
    pub fn place_token(&mut self, seat: usize, space: usize) {
        self.seats[seat].position = (space % self.rules.board.len()) as u8;
    }

    /// Moves an Owl Post card in the deck to the top.
    pub fn stack_owl_post(&mut self, card: usize) -> Result<(), String> {
        let cards: Vec<usize> = self.deck.cards().collect();
        if !cards.contains(&card) {
            return Err(format!("card {card} is not in the deck"));
        }
        while self.deck.cards().next() != Some(card) {
            let top = self.deck.draw().expect("the deck holds the card");
            self.deck.put_under(top);
        }
        Ok(())
    }

    /// Hands a seat a Get Out of Jail Free card from the deck.
    pub fn give_jail_card(&mut self, seat: usize) -> Result<(), String> {
        let card = self
            .deck
            .cards()
            .find(|&c| self.rules.cards[c].effect == Effect::GetOutOfJailFree)
            .ok_or("no Get Out of Jail Free card in the deck")?;
        self.stack_owl_post(card)?;
        self.deck.draw();
        self.seats[seat].held |= 1 << card;
        Ok(())
    }

    /// Carries out the space a token stands on, as if it had just landed there.
    pub fn land_here(&mut self, seat: usize, deciders: &mut [Box<dyn Decider<Monopoly>>]) {
        self.land(seat, &mut Asker::new(deciders));
    }

    /// What-if, for a rollout on a [`Monopoly::sampled`] copy: a player explores an
    /// unexplored property at its value.
    pub fn explore_now(&mut self, seat: usize, property: usize) -> Result<(), String> {
        let value = self.rules.board.properties[property].value;
        if self.owner[property] != NOBODY || self.seats[seat].points < value {
            return Err(format!("seat {seat} cannot explore property {property}"));
        }
        self.seats[seat].points -= value;
        self.bank += i64::from(value);
        self.acquire(property, seat);
        Ok(())
    }

    /// What-if: an unexplored property auctioned among `bidders` (a seat mask).
    pub fn auction_now(
        &mut self,
        property: usize,
        bidders: u8,
        deciders: &mut [Box<dyn Decider<Monopoly>>],
    ) -> Result<(), String> {
        if self.owner[property] != NOBODY {
            return Err(format!("property {property} is explored"));
        }
        let first = self.mover;
        self.auction_among(property, bidders, first, &mut Asker::new(deciders));
        Ok(())
    }

    /// What-if: a trade carried out as if accepted.
    pub fn trade_now(&mut self, trade: &super::seat::Trade) -> Result<(), super::TradeError> {
        self.check_trade(trade)?;
        self.apply_trade(trade);
        Ok(())
    }

    /// Sends a player to Jail.
    pub fn jail(&mut self, seat: usize) {
        self.send_to_jail(seat);
    }
}
