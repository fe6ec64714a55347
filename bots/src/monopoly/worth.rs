//! What properties are worth to a player, shared by the heuristic and the Monte Carlo trader.

use engine::monopoly::{Trade, View, mask_bits};

/// Points a whole colour set adds beyond its locations' values: the doubling at the final
/// count plus as much again for the doubled rent and crests it opens.
pub fn set_premium(view: &View<'_>, members: u32) -> i32 {
    let board = view.board();
    2 * mask_bits(members)
        .map(|p| board.properties[p].value)
        .sum::<i32>()
}

/// The worth of holding `mask`: each property's value, plus the premium of each whole set,
/// less the unmortgage cost of mortgaged ones.
pub fn holding_worth(view: &View<'_>, mask: u32) -> i32 {
    let board = view.board();
    let mut worth: i32 = mask_bits(mask)
        .map(|p| {
            let lift = if view.mortgaged() & (1 << p) != 0 {
                board.properties[p].unmortgage
            } else {
                0
            };
            board.properties[p].value - lift
        })
        .sum();
    for group in &board.groups {
        if mask & group.members == group.members {
            worth += set_premium(view, group.members);
        }
    }
    worth
}

/// The colour set a property would complete for `seat`, if it is the only piece missing.
pub fn completes_set(view: &View<'_>, seat: usize, property: usize) -> Option<u32> {
    let set = view.board().group_of(property);
    let rest = set & !(1 << property);
    (set != 0 && view.owned(seat) & rest == rest).then_some(set)
}

/// Whether another single player holds the rest of a property's colour set.
pub fn blocks_set(view: &View<'_>, seat: usize, property: usize) -> bool {
    let set = view.board().group_of(property);
    let rest = set & !(1 << property);
    rest != 0
        && (0..view.players())
            .filter(|&s| s != seat)
            .any(|s| view.owned(s) & rest == rest)
}

/// What a trade gains `seat` (either party): the change in its holdings' worth, plus points
/// and Get Out of Jail Free cards (10 each) received.
pub fn trade_gain(view: &View<'_>, seat: usize, trade: &Trade) -> i32 {
    let (gives, gets, points, cards) = if seat == trade.from {
        (
            trade.give,
            trade.take,
            -trade.points,
            i32::from(trade.take_cards) - i32::from(trade.give_cards),
        )
    } else {
        (
            trade.take,
            trade.give,
            trade.points,
            i32::from(trade.give_cards) - i32::from(trade.take_cards),
        )
    };
    let before = view.owned(seat);
    let after = (before & !gives) | gets;
    holding_worth(view, after) - holding_worth(view, before) + points + 10 * cards
}

/// What `trade` costs `seat` in sets it is one location from completing (it holds two or more
/// and lacks one) and would give a location of: half of each one's premium, the chance of
/// completing it given up, beyond the locations' values that [`trade_gain`] counts.
pub fn near_set_loss(view: &View<'_>, seat: usize, trade: &Trade) -> i32 {
    let gives = if seat == trade.from {
        trade.give
    } else {
        trade.take
    };
    let before = view.owned(seat);
    view.board()
        .groups
        .iter()
        .filter(|g| {
            let held = (before & g.members).count_ones();
            held >= 2 && held + 1 == g.members.count_ones() && gives & g.members != 0
        })
        .map(|g| set_premium(view, g.members) / 2)
        .sum()
}

/// What the partner asks on top for handing the proposer whole sets: `share` percent of each
/// one's premium (the heuristic asks half).
pub fn set_price(view: &View<'_>, trade: &Trade, share: i32) -> i32 {
    let before = view.owned(trade.from);
    let after = (before & !trade.give) | trade.take;
    view.board()
        .groups
        .iter()
        .filter(|g| after & g.members == g.members && before & g.members != g.members)
        .map(|g| set_premium(view, g.members) * share / 100)
        .sum()
}
