//! Monopoly: Harry Potter as text: an event as a line, the ring of spaces with owners and crests.

use engine::monopoly::questions::trade_side;
use engine::monopoly::{Ending, Event, Monopoly, MonopolyRules, View, mask_bits};

use crate::verdict;

/// One event as a line.
pub fn describe(rules: &MonopolyRules, event: &Event, names: &[String]) -> String {
    let board = &rules.board;
    let who = |seat: usize| format!("{} ({})", seat + 1, names[seat]);
    let deed = |property: usize| board.properties[property].name.as_str();
    match *event {
        Event::Rolled { seat, dice } => format!("{} rolls {}+{}", who(seat), dice.0, dice.1),
        Event::Landed { seat, space } => format!("  {} lands on {}", who(seat), board.names[space]),
        Event::PassedGo { seat, points } => format!("  {} passes GO: +{points}", who(seat)),
        Event::Explored {
            seat,
            property,
            points: 0,
        } => format!("  {} takes {} free", who(seat), deed(property)),
        Event::Explored {
            seat,
            property,
            points,
        } => format!("  {} explores {} for {points}", who(seat), deed(property)),
        Event::Auctioned {
            property,
            sale: Some((seat, price)),
        } => format!(
            "  {} wins {} at auction for {price}",
            who(seat),
            deed(property)
        ),
        Event::Auctioned {
            property,
            sale: None,
        } => format!("  no one bids for {}", deed(property)),
        Event::Rent {
            payer,
            owner,
            property,
            points,
        } => format!(
            "  {} pays {} rent of {points} on {}",
            who(payer),
            who(owner),
            deed(property)
        ),
        Event::PaidBank { seat, points } => format!("  {} gives the Bank {points}", who(seat)),
        Event::OwlPost { seat, card } => {
            format!("  {} opens Owl Post: {}", who(seat), rules.cards[card].name)
        }
        Event::Jailed { seat } => format!("  {} goes to Jail", who(seat)),
        Event::Freed { seat } => format!("  {} leaves Jail", who(seat)),
        Event::StaysInJail { seat } => {
            format!("  {} rolls no doubles and stays in Jail", who(seat))
        }
        Event::Crest {
            seat,
            property,
            points,
        } => format!(
            "{} adds a crest to {} for {points}",
            who(seat),
            deed(property)
        ),
        Event::CrestReturned { seat, property } => {
            format!("  {} returns the crest on {}", who(seat), deed(property))
        }
        Event::Mortgaged { seat, property } => {
            format!("  {} mortgages {}", who(seat), deed(property))
        }
        Event::Unmortgaged { seat, property } => {
            format!("{} lifts the mortgage on {}", who(seat), deed(property))
        }
        Event::Traded { trade, accepted } => {
            let list = |mask: u32| mask_bits(mask).map(|p| deed(p).to_string()).collect();
            // Points are the offerer's to give; negative, theirs to receive.
            let give = trade_side(list(trade.give), trade.give_cards, trade.points);
            let take = trade_side(list(trade.take), trade.take_cards, -trade.points);
            format!(
                "{} offers {} {give} for {take}: {}",
                who(trade.from),
                who(trade.to),
                if accepted { "accepted" } else { "refused" }
            )
        }
        Event::WentOut { seat, creditor } => format!(
            "  {} is out, to {}",
            who(seat),
            creditor.map_or("the Bank".to_string(), who)
        ),
    }
}

/// The ring of spaces from GO: each property's value, owner, crest and mortgage, and the
/// tokens standing on each space; then everyone's points.
pub fn ring(game: &View<'_>, names: &[String]) -> String {
    let board = game.board();
    let mut text = String::new();
    for (space, name) in board.names.iter().enumerate() {
        let mut line = format!("{space:>2} {name:<24}");
        if let Some(property) = board.property_at(space) {
            let deed = &board.properties[property];
            line.push_str(&format!(" {:>3}", deed.value));
            match game.owner(property) {
                Some(seat) => line.push_str(&format!("  player {}", seat + 1)),
                None => line.push_str("  unexplored"),
            }
            if game.crested() & (1 << property) != 0 {
                line.push_str(" +crest");
            }
            if game.mortgaged() & (1 << property) != 0 {
                line.push_str(" (mortgaged)");
            }
        }
        let tokens: Vec<String> = (0..game.players())
            .filter(|&s| !game.is_out(s) && game.position(s) == space)
            .map(|s| {
                let jailed = if game.in_jail(s) { " in jail" } else { "" };
                format!("[{}{jailed}]", s + 1)
            })
            .collect();
        if !tokens.is_empty() {
            line = format!("{line:<52} {}", tokens.join(" "));
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    let points: Vec<String> = (0..game.players())
        .map(|s| {
            let out = if game.is_out(s) { ", out" } else { "" };
            format!(
                "player {} ({}, {}): {}{out}",
                s + 1,
                names[s],
                game.house(s).name(),
                game.points(s)
            )
        })
        .collect();
    text.push_str(&points.join("\n"));
    text.push('\n');
    text
}

/// Why a game ended, in words.
pub fn ending_text(ending: Ending) -> &'static str {
    match ending {
        Ending::Explored => "every property has been explored",
        Ending::LastStanding => "every other player is out",
        Ending::TurnCap => "the turn cap stopped a stalled game",
    }
}

/// A finished game's end: each player's line (bot, house, final count: points and what the
/// properties added) and the verdict naming the winner: the terminal's and the page's.
pub fn end_lines(game: &Monopoly, names: &[String]) -> (Vec<String>, String) {
    let scores = game.final_scores();
    let labels: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(seat, name)| verdict::label(seat, &format!("{name}, {}", game.house(seat).name())))
        .collect();
    let lines = labels
        .iter()
        .enumerate()
        .map(|(seat, label)| {
            if game.is_out(seat) {
                format!("{label}: {} (out of the game)", scores[seat])
            } else {
                format!(
                    "{label}: {} ({} in points and {} for the properties explored)",
                    scores[seat],
                    game.points(seat),
                    scores[seat] - game.points(seat)
                )
            }
        })
        .collect();
    (lines, verdict::verdict(&labels, &scores[..names.len()]))
}
