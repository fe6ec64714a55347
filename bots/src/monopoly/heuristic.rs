//! `heuristic`: a careful player's rules of thumb for every decision.

use engine::monopoly::{
    Answer, JailChoice, Lot, Monopoly, Question, Raise, Trade, View, mask_bits,
};
use engine::play::Decider;

use super::worth::{blocks_set, completes_set, near_set_loss, set_premium, set_price, trade_gain};
use super::{Policy, answer_by};

/// The points it keeps back for rent, and its thresholds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reserves {
    /// Points kept after exploring or bidding, unless the property completes a set.
    pub explore: i32,
    /// Points kept after adding a crest (crests come back at full cost, so this is small).
    pub crest: i32,
    /// Points kept after lifting a mortgage.
    pub unmortgage: i32,
    /// While this many properties are unexplored, leave Jail at once to keep exploring.
    pub leave_jail_while_unexplored: u32,
    /// The share of a set's premium, in percent, it offers for the piece that completes its
    /// set and asks for one that completes another's.
    pub premium_share: i32,
}

impl Default for Reserves {
    fn default() -> Self {
        Reserves::STANDARD
    }
}

impl Reserves {
    /// The heuristic's own.
    pub const STANDARD: Reserves = Reserves {
        explore: 60,
        crest: 30,
        unmortgage: 120,
        leave_jail_while_unexplored: 8,
        premium_share: 50,
    };

    /// Keeps much back, stays in Jail early and asks the whole premium of a set.
    pub const CAUTIOUS: Reserves = Reserves {
        explore: 150,
        crest: 80,
        unmortgage: 200,
        leave_jail_while_unexplored: 12,
        premium_share: 100,
    };

    /// Spends to the last point, leaves Jail while anything is unexplored and sells a set's
    /// last piece for a quarter of its premium.
    pub const BOLD: Reserves = Reserves {
        explore: 0,
        crest: 0,
        unmortgage: 40,
        leave_jail_while_unexplored: 1,
        premium_share: 25,
    };

    /// The form of a setting: a style's name or the five numbers.
    pub const SETTING: &'static str = "cautious, bold, or EXPLORE/CREST/UNMORTGAGE/JAIL/SHARE \
         (reserves 0 to 1000 points, jail 0 to 40 properties, share 0 to 200 percent)";

    /// Reads a setting: `cautious`, `bold`, or the five numbers `60/30/120/8/50` (the
    /// default's).
    pub fn parse(setting: &str) -> Option<Reserves> {
        match setting {
            "cautious" => return Some(Reserves::CAUTIOUS),
            "bold" => return Some(Reserves::BOLD),
            _ => {}
        }
        let numbers: Vec<i32> = setting
            .split('/')
            .map(|n| n.parse().ok())
            .collect::<Option<_>>()?;
        let &[explore, crest, unmortgage, jail, share] = numbers.as_slice() else {
            return None;
        };
        let points = 0..=1000;
        let fits = [explore, crest, unmortgage]
            .iter()
            .all(|n| points.contains(n))
            && (0..=40).contains(&jail)
            && (0..=200).contains(&share);
        fits.then_some(Reserves {
            explore,
            crest,
            unmortgage,
            leave_jail_while_unexplored: jail as u32,
            premium_share: share,
        })
    }
}

/// Buys when it keeps a reserve or completes a set; bids up to a property's value, more for a
/// set it completes or blocks; crests every whole set it can; stays in Jail late in the game;
/// buys the missing piece of a set for its value plus half the set's premium, and sells only
/// at that price or better.
#[derive(Debug, Clone, Default)]
pub struct Heuristic {
    reserves: Reserves,
}

impl Heuristic {
    /// A heuristic player with the default reserves.
    pub fn new() -> Heuristic {
        Heuristic::default()
    }

    /// A heuristic player with other reserves.
    pub fn with_reserves(reserves: Reserves) -> Heuristic {
        Heuristic { reserves }
    }

    /// The most it pays for a property: its value, plus half the premium of a set it
    /// completes, or a quarter of one it keeps from an opponent.
    pub fn property_limit(&self, view: &View<'_>, property: usize) -> i32 {
        let value = view.board().properties[property].value;
        let me = view.seat;
        let points = view.points(me);
        if let Some(set) = completes_set(view, me, property) {
            return (value + set_premium(view, set) / 2).min(points);
        }
        let mut limit = value;
        if blocks_set(view, me, property) {
            limit += set_premium(view, view.board().group_of(property)) / 4;
        }
        limit.min(points - self.reserves.explore / 2)
    }
}

impl Decider<Monopoly> for Heuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn decide(&mut self, view: &View<'_>, question: Question) -> Option<Answer> {
        Some(answer_by(self, *view, question))
    }
}

impl Policy for Heuristic {
    fn explore(&mut self, view: View<'_>, property: usize) -> bool {
        let value = view.board().properties[property].value;
        let points = view.points(view.seat);
        points - value >= self.reserves.explore
            || completes_set(&view, view.seat, property).is_some()
    }

    fn bid_limit(&mut self, view: View<'_>, lot: Lot) -> i32 {
        match lot {
            Lot::Property(property) => self.property_limit(&view, property),
            Lot::LastCrest(_) => {
                let deeds = &view.board().properties;
                let cheapest = mask_bits(view.owned(view.seat) & !view.crested())
                    .map(|p| deeds[p].crest_cost)
                    .filter(|&c| c > 0)
                    .min()
                    .unwrap_or(0);
                (view.points(view.seat) - cheapest - self.reserves.crest).min(cheapest / 2)
            }
        }
    }

    fn jail(&mut self, view: View<'_>) -> JailChoice {
        if view.unexplored().count_ones() < self.reserves.leave_jail_while_unexplored {
            JailChoice::Roll
        } else if view.jail_cards(view.seat) > 0 {
            JailChoice::Card
        } else {
            JailChoice::Pay
        }
    }

    fn crests(&mut self, view: View<'_>) -> u32 {
        let board = view.board();
        let mut points = view.points(view.seat);
        let mut wanted = 0;
        // The dearest crests first: rent grows with the location's value.
        let mut eligible: Vec<usize> = mask_bits(view.crestable(view.seat)).collect();
        eligible.sort_by_key(|&p| std::cmp::Reverse(board.properties[p].crest_cost));
        for property in eligible {
            let cost = board.properties[property].crest_cost;
            if points - cost >= self.reserves.crest {
                points -= cost;
                wanted |= 1 << property;
            }
        }
        wanted
    }

    fn unmortgage(&mut self, view: View<'_>) -> u32 {
        let board = view.board();
        let mut points = view.points(view.seat);
        let mut chosen = 0;
        for property in mask_bits(view.owned(view.seat) & view.mortgaged()) {
            let cost = board.properties[property].unmortgage;
            if points - cost >= self.reserves.unmortgage {
                points -= cost;
                chosen |= 1 << property;
            }
        }
        chosen
    }

    fn raise(&mut self, _view: View<'_>, _owed: i32) -> Option<Raise> {
        // The engine's order (crests back first, then the smallest mortgages outside whole
        // sets) is the one this player would choose.
        None
    }

    fn propose_trade(&mut self, view: View<'_>) -> Option<Trade> {
        let me = view.seat;
        let board = view.board();
        let points = view.points(me);
        let mut best: Option<(i32, Trade)> = None;
        for group in &board.groups {
            let missing = group.members & !view.owned(me);
            if missing.count_ones() != 1 {
                continue;
            }
            let property = missing.trailing_zeros() as usize;
            let Some(owner) = view.owner(property) else {
                continue;
            };
            let premium = set_premium(&view, group.members);
            let mut trade = Trade {
                from: me,
                to: owner,
                take: missing,
                ..Trade::default()
            };
            // What the owner asks: what it loses in holdings plus a share of the set's premium.
            let loss = -trade_gain(&view, owner, &trade);
            let share = premium * self.reserves.premium_share / 100;
            let offer = ((loss + share).max(0) + 9) / 10 * 10;
            if points - offer < self.reserves.explore / 2 || offer > premium + loss {
                continue;
            }
            trade.points = offer;
            let gain = premium - offer;
            if best.is_none_or(|(top, _)| gain > top) {
                best = Some((gain, trade));
            }
        }
        best.map(|(_, trade)| trade)
    }

    fn accept_trade(&mut self, view: View<'_>, trade: &Trade) -> bool {
        let me = view.seat;
        if trade.points < 0 && view.points(me) + trade.points < self.reserves.explore / 2 {
            return false;
        }
        // A set one location from whole is worth more than its locations' values say.
        let gain = trade_gain(&view, me, trade) - near_set_loss(&view, me, trade);
        gain >= set_price(&view, trade, self.reserves.premium_share) && gain >= 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_name_a_style_or_give_five_numbers() {
        assert_eq!(Reserves::parse("cautious"), Some(Reserves::CAUTIOUS));
        assert_eq!(Reserves::parse("bold"), Some(Reserves::BOLD));
        assert_eq!(Reserves::parse("60/30/120/8/50"), Some(Reserves::STANDARD));
        for bad in [
            "",
            "60/30/120/8",
            "60/30/120/8/50/1",
            "60/30/120/8/201",
            "-1/30/120/8/50",
            "x",
        ] {
            assert_eq!(Reserves::parse(bad), None, "{bad:?}");
        }
    }
}
