//! Where a player lands: fines, Jail, properties explored, auctioned or paid rent on, and the
//! Owl Post cards.

use super::ask::Asker;
use super::board::{PropertyKind, Space};
use super::events::Event;
use super::game::{Ending, Monopoly};
use super::owl_post::{Effect, nearest};

impl Monopoly {
    pub(super) fn land(&mut self, seat: usize, ask: &mut Asker<'_>) {
        let space = self.seats[seat].position as usize;
        self.tally.landings[space] += 1;
        self.note(Event::Landed { seat, space });
        match self.rules.board.spaces[space] {
            Space::Go | Space::Jail | Space::FreeParking => {}
            Space::Fine(points) => {
                let payment = |points| Event::PaidBank { seat, points };
                self.pay_noting(seat, None, points, ask, Some(&payment));
            }
            Space::GoToJail => self.send_to_jail(seat),
            Space::OwlPost => self.owl_post(seat, ask),
            Space::Property(property) => self.land_on_property(seat, property as usize, ask),
        }
    }

    fn land_on_property(&mut self, seat: usize, property: usize, ask: &mut Asker<'_>) {
        let own_room = self.view(seat).is_own_common_room(seat, property);
        match self.owner(property) {
            None => {
                let value = self.rules.board.properties[property].value;
                if own_room && ask.take_common_room(self, seat, property) {
                    self.note(Event::Explored {
                        seat,
                        property,
                        points: 0,
                    });
                    self.acquire(property, seat);
                } else if self.seats[seat].points >= value && ask.explore(self, seat, property) {
                    self.pay(seat, None, value, ask);
                    self.tally.explored[property] += 1;
                    self.tally.cost[property] += value;
                    self.note(Event::Explored {
                        seat,
                        property,
                        points: value,
                    });
                    self.acquire(property, seat);
                } else {
                    self.auction_property(property, seat, ask);
                }
            }
            Some(owner) if owner == seat => {}
            Some(owner) => {
                if own_room || self.mortgaged & (1 << property) != 0 {
                    return;
                }
                if !ask.ask_rent(self, owner, seat, property) {
                    return;
                }
                let rent = self.rent_owed(property, owner);
                let payment = |points| Event::Rent {
                    payer: seat,
                    owner,
                    property,
                    points,
                };
                let paid = self.pay_noting(seat, Some(owner), rent, ask, Some(&payment));
                self.tally.rent[property] += paid;
            }
        }
    }

    /// A property changes hands from the Bank; the game ends when none is left unexplored.
    pub(super) fn acquire(&mut self, property: usize, seat: usize) {
        self.owner[property] = seat as u8;
        self.owned[seat] |= 1 << property;
        self.note_sets(seat);
        if self.unexplored() == 0 {
            self.ending = Some(Ending::Explored);
        }
    }

    /// Counts each colour set a player holds whole, once per game.
    pub(super) fn note_sets(&mut self, seat: usize) {
        for (group, set) in self.rules.board.groups.iter().enumerate() {
            if self.owned[seat] & set.members == set.members {
                self.tally.sets[seat] |= 1 << group;
            }
        }
    }

    /// The rent of a location or common room by what its owner holds; `None` for a spell,
    /// whose rent the dice decide.
    fn held_rent(&self, property: usize, owner: usize) -> Option<i32> {
        let board = &self.rules.board;
        let deed = &board.properties[property];
        match deed.kind {
            PropertyKind::Location(group) => {
                let members = board.groups[group as usize].members;
                Some(if self.crested & (1 << property) != 0 {
                    deed.rent[2]
                } else if self.owned[owner] & members == members {
                    deed.rent[1]
                } else {
                    deed.rent[0]
                })
            }
            PropertyKind::CommonRoom(_) => {
                let rooms = (self.owned[owner] & board.common_rooms).count_ones() as usize;
                Some(self.rules.numbers.common_room_rent[rooms.clamp(1, 4) - 1])
            }
            PropertyKind::Spell => None,
        }
    }

    /// Whether the owner holds both spells (or more): both dice count.
    fn both_spells(&self, owner: usize) -> bool {
        (self.owned[owner] & self.rules.board.spells).count_ones() >= 2
    }

    /// The rent owed now (a spell's dice are rolled).
    fn rent_owed(&mut self, property: usize, owner: usize) -> i32 {
        if let Some(rent) = self.held_rent(property, owner) {
            return rent;
        }
        let per_pip = self.rules.numbers.spell_rent_per_pip;
        let both = self.both_spells(owner);
        let (a, b) = self.roll();
        if both {
            per_pip * i32::from(a + b)
        } else {
            per_pip * i32::from(a.max(b))
        }
    }

    /// The rent a player would owe on landing now, spells at the dice's mean; 0 where none is due.
    pub fn expected_rent(&self, property: usize, payer: usize) -> i32 {
        let Some(owner) = self.owner(property) else {
            return 0;
        };
        let deed = &self.rules.board.properties[property];
        if owner == payer
            || self.mortgaged & (1 << property) != 0
            || deed.kind == PropertyKind::CommonRoom(self.seats[payer].house)
        {
            return 0;
        }
        self.held_rent(property, owner).unwrap_or_else(|| {
            let per_pip = self.rules.numbers.spell_rent_per_pip;
            // The higher of two dice averages 161/36; both together 7.
            if self.both_spells(owner) {
                per_pip * 7
            } else {
                (per_pip * 161 + 18) / 36
            }
        })
    }

    fn owl_post(&mut self, seat: usize, ask: &mut Asker<'_>) {
        let Some(card) = self.deck.draw() else {
            return;
        };
        let before = self.seats[seat].points;
        self.tally.owl_drawn[card] += 1;
        self.tally.owl_drawers[card] |= 1 << seat;
        self.note(Event::OwlPost { seat, card });
        let effect = self.rules.cards[card].effect;
        if effect == Effect::GetOutOfJailFree {
            self.seats[seat].held |= 1 << card;
        } else {
            self.deck.put_under(card);
        }
        let len = self.rules.board.len();
        let here = self.seats[seat].position as usize;
        match effect {
            Effect::Gain(points) => self.gain(seat, points),
            Effect::Lose(points) => {
                let payment = |points| Event::PaidBank { seat, points };
                self.pay_noting(seat, None, points, ask, Some(&payment));
            }
            Effect::CollectFromEach(points) => {
                for other in 0..self.players {
                    if other != seat && !self.seats[other].out && self.ending.is_none() {
                        self.pay(other, Some(seat), points, ask);
                    }
                }
            }
            Effect::PayEach(points) => {
                for other in 0..self.players {
                    if other != seat && !self.seats[other].out && !self.seats[seat].out {
                        self.pay(seat, Some(other), points, ask);
                    }
                }
            }
            Effect::PayPerCrest(points) => {
                let crests = (self.crested & self.owned[seat]).count_ones() as i32;
                if crests > 0 {
                    let payment = |points| Event::PaidBank { seat, points };
                    self.pay_noting(seat, None, points * crests, ask, Some(&payment));
                }
            }
            Effect::Advance(to) => self.move_to(seat, to as usize, ask),
            Effect::NearestCommonRoom => {
                let to = nearest(&self.rules.board, here, true);
                self.move_to(seat, to, ask);
            }
            Effect::NearestSpell => {
                let to = nearest(&self.rules.board, here, false);
                self.move_to(seat, to, ask);
            }
            Effect::Back(spaces) => {
                self.seats[seat].position = ((here + len - spaces as usize) % len) as u8;
                self.land(seat, ask);
            }
            Effect::GoToJail => {
                self.send_to_jail(seat);
                self.seats[seat].jailed_by = Some(card as u8);
            }
            Effect::GetOutOfJailFree => {}
        }
        self.tally.owl_points[card] += self.seats[seat].points - before;
    }
}
