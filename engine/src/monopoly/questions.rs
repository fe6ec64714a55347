//! Monopoly: Harry Potter's questions put to a person as text, and their typed answers read
//! back: the terminal, the web page and the Python package ask and read them the same way.

use super::game::mask_bits;
use super::seat::{Answer, JailChoice, Lot, Question, Raise, Trade, View};

/// How to answer, for `help`.
pub const HELP: &str = "\
answers: y or n to a yes/no question; a number for a bid (0 to pass); space numbers from the
board (e.g. 37 39) where properties are asked for, or none.
at the start of your turn, before a trade: mortgage SPACES (e.g. mortgage 37 39), as often
  as you like
a trade at the start of your turn: trade PLAYER give SPACES take SPACES points N
  (points you give; negative: points you receive), e.g. trade 2 give 1 take 3 points 20;
  card among the spaces is a Get Out of Jail Free card, e.g. trade 2 give card points 10
when short of points: crest SPACE, mortgage SPACE, auto (the game's order: crests first,
  then the smallest mortgages), or give up (go out, everything to whom you owe)
anywhere: board (the ring, owners, crests, tokens), help, quit";

/// A question as a person reads it, with the answers that fit it (for buttons).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asked {
    /// The question.
    pub text: String,
    /// Answers that fit, as typed.
    pub choices: Vec<String>,
}

/// One side of a trade: its properties (as listed), Get Out of Jail Free cards and points
/// (if positive), as "Lumos, a Get Out of Jail Free card and 20 points", or "nothing".
pub fn trade_side(properties: Vec<String>, cards: u8, points: i32) -> String {
    let mut parts = Vec::new();
    if !properties.is_empty() {
        parts.push(properties.join(", "));
    }
    match cards {
        0 => {}
        1 => parts.push("a Get Out of Jail Free card".to_string()),
        n => parts.push(format!("{n} Get Out of Jail Free cards")),
    }
    if points > 0 {
        parts.push(format!("{points} points"));
    }
    match parts.len() {
        0 => "nothing".to_string(),
        1 => parts.remove(0),
        n => format!("{} and {}", parts[..n - 1].join(", "), parts[n - 1]),
    }
}

/// Each property of a mask as `37 Room of Requirement`.
fn listed(view: &View<'_>, mask: u32) -> Vec<String> {
    let board = view.board();
    mask_bits(mask)
        .map(|p| format!("{} {}", board.properties[p].space, board.properties[p].name))
        .collect()
}

/// The spaces of a property mask, as `37 Room of Requirement, 39 Dumbledore's Office`.
fn spaces(view: &View<'_>, mask: u32) -> String {
    let listed = listed(view, mask);
    if listed.is_empty() {
        "none".to_string()
    } else {
        listed.join(", ")
    }
}

/// The spaces of a mask as choices.
fn space_choices(view: &View<'_>, mask: u32) -> Vec<String> {
    mask_bits(mask)
        .map(|p| view.board().properties[p].space.to_string())
        .collect()
}

fn yes_no(text: String) -> Asked {
    Asked {
        text: format!("{text} [y/n]"),
        choices: vec!["y".into(), "n".into()],
    }
}

/// What the seat may raise points with: crests to return, properties to mortgage.
fn raisable(view: &View<'_>) -> (u32, u32) {
    let mine = view.owned(view.seat);
    (mine & view.crested(), mine & !view.mortgaged())
}

/// `question` put to the view's seat.
pub fn ask(view: &View<'_>, question: Question) -> Asked {
    let board = view.board();
    let me = view.seat;
    match question {
        Question::Trade => {
            let (_, mortgageable) = raisable(view);
            let mortgage = if mortgageable == 0 {
                String::new()
            } else {
                " Mortgage first (mortgage SPACES) if you like.".to_string()
            };
            Asked {
                text: format!(
                    "Your turn, with {} points.{mortgage} Offer a trade (trade PLAYER give \
                     SPACES take SPACES points N), or press enter to roll",
                    view.points(me)
                ),
                choices: vec![String::new()],
            }
        }
        Question::Accept { trade } => {
            // Points are the offerer's to give; negative, yours to pay.
            let side =
                |mask: u32, cards: u8, points: i32| trade_side(listed(view, mask), cards, points);
            yes_no(format!(
                "Player {} offers a trade: you get {}; you give {}. Accept?",
                trade.from + 1,
                side(trade.give, trade.give_cards, trade.points),
                side(trade.take, trade.take_cards, -trade.points),
            ))
        }
        Question::Crests => {
            let eligible = view.crestable(me);
            Asked {
                text: format!(
                    "Add house crests? Spaces (or none) among: {}",
                    spaces(view, eligible)
                ),
                choices: space_choices(view, eligible),
            }
        }
        Question::Unmortgage => {
            let mortgaged = view.owned(me) & view.mortgaged();
            Asked {
                text: format!(
                    "Lift mortgages? Spaces (or none) among: {}",
                    spaces(view, mortgaged)
                ),
                choices: space_choices(view, mortgaged),
            }
        }
        Question::Jail => Asked {
            text: format!(
                "In Jail: pay {}, use a card ({} held), or roll for doubles? [pay/card/roll]",
                view.rules().numbers.jail_fine,
                view.jail_cards(me)
            ),
            choices: ["pay", "card", "roll"].map(String::from).to_vec(),
        },
        Question::Explore { property } => {
            let deed = &board.properties[property];
            yes_no(format!(
                "Explore {} for {} (you have {})? n auctions it",
                deed.name,
                deed.value,
                view.points(me)
            ))
        }
        Question::TakeCommonRoom { property } => yes_no(format!(
            "Take {}, your house's common room, for free?",
            board.properties[property].name
        )),
        Question::Bid { lot } => {
            let what = match lot {
                Lot::Property(property) => board.properties[property].name.clone(),
                Lot::LastCrest(house) => format!("the last {} crest", house.name()),
            };
            Asked {
                text: format!(
                    "Auction of {what}: your highest bid (bids from {} in tens; 0 to pass; you have {})",
                    view.rules().numbers.auction_opening,
                    view.points(me)
                ),
                choices: vec!["0".into()],
            }
        }
        Question::AskRent { payer, property } => yes_no(format!(
            "Player {} landed on your {}: ask for rent?",
            payer + 1,
            board.properties[property].name
        )),
        Question::Raise { owed } => {
            let (crests, mortgageable) = raisable(view);
            let choices = mask_bits(crests)
                .map(|p| format!("crest {}", board.properties[p].space))
                .chain(
                    mask_bits(mortgageable)
                        .map(|p| format!("mortgage {}", board.properties[p].space)),
                )
                .chain(["auto".to_string(), "give up".to_string()])
                .collect();
            Asked {
                text: format!(
                    "You are {owed} short. crest SPACE returns a crest ({}); mortgage SPACE \
                     mortgages ({}); auto leaves it to the game (crests first, then the \
                     smallest mortgages); give up goes out, everything to whom you owe",
                    spaces(view, crests),
                    spaces(view, mortgageable)
                ),
                choices,
            }
        }
    }
}

/// Reads a typed answer to `question`, or says what was expected.
pub fn parse(view: &View<'_>, question: Question, text: &str) -> Result<Answer, String> {
    let text = text.trim();
    let yes = || match text.to_ascii_lowercase().as_str() {
        "y" | "yes" => Ok(true),
        "n" | "no" => Ok(false),
        other => Err(format!("{other:?}: expected y or n")),
    };
    let me = view.seat;
    Ok(match question {
        Question::Trade => match text.split_once(' ') {
            Some((verb, rest)) if verb.eq_ignore_ascii_case("mortgage") => {
                let (_, mortgageable) = raisable(view);
                match parse_spaces(view, rest.trim(), mortgageable)? {
                    0 => {
                        return Err(
                            "mortgage needs the spaces to mortgage, e.g. mortgage 37".into()
                        );
                    }
                    mask => Answer::Mortgage(mask),
                }
            }
            _ if text.eq_ignore_ascii_case("mortgage") => {
                return Err("mortgage needs the spaces to mortgage, e.g. mortgage 37".into());
            }
            _ => Answer::Trade(parse_trade(view, text)?),
        },
        Question::Accept { .. } => Answer::Accept(yes()?),
        Question::Crests => Answer::Crests(parse_spaces(view, text, view.crestable(me))?),
        Question::Unmortgage => {
            Answer::Unmortgage(parse_spaces(view, text, view.owned(me) & view.mortgaged())?)
        }
        Question::Jail => Answer::Jail(match text.to_ascii_lowercase().as_str() {
            "pay" => JailChoice::Pay,
            "card" if view.jail_cards(me) > 0 => JailChoice::Card,
            "card" => return Err("you hold no Get Out of Jail Free card".into()),
            "roll" => JailChoice::Roll,
            other => return Err(format!("{other:?}: expected pay, card or roll")),
        }),
        Question::Explore { .. } => Answer::Explore(yes()?),
        Question::TakeCommonRoom { .. } => Answer::TakeCommonRoom(yes()?),
        Question::AskRent { .. } => Answer::AskRent(yes()?),
        Question::Bid { .. } => Answer::Bid(parse_bid(view, text)?),
        Question::Raise { .. } => {
            let (crests, mortgageable) = raisable(view);
            let lower = text.to_ascii_lowercase();
            let (verb, rest) = lower.split_once(' ').unwrap_or((&lower, ""));
            Answer::Raise(match (verb, rest.trim()) {
                ("auto", "") => None,
                ("give", "up") => Some(Raise::GiveUp),
                ("crest", rest) => Some(Raise::ReturnCrest(single(parse_spaces(
                    view, rest, crests,
                )?)?)),
                ("mortgage", rest) => Some(Raise::Mortgage(single(parse_spaces(
                    view,
                    rest,
                    mortgageable,
                )?)?)),
                _ => {
                    return Err(format!(
                        "{text:?}: expected crest SPACE, mortgage SPACE, auto or give up"
                    ));
                }
            })
        }
    })
}

/// Reads a bid: 0 to pass, or the opening bid and steps above it, up to the points in hand.
fn parse_bid(view: &View<'_>, text: &str) -> Result<i32, String> {
    let numbers = &view.rules().numbers;
    let (opening, step) = (numbers.auction_opening, numbers.auction_step);
    let points = view.points(view.seat);
    let bid: i32 = text
        .parse()
        .map_err(|_| format!("{text:?}: expected a bid in points, or 0 to pass"))?;
    if bid == 0 {
        return Ok(0);
    }
    if bid < opening || bid > points {
        return Err(format!(
            "{bid}: expected 0 to pass, or a bid from {opening} to your {points} points"
        ));
    }
    if (bid - opening) % step != 0 {
        let lower = bid - (bid - opening) % step;
        return Err(format!(
            "{bid}: bids go up in steps of {step} from {opening}; bid {lower} or {}",
            lower + step
        ));
    }
    Ok(bid)
}

/// `answer` as a person would type it for the view's seat (what [`parse`] reads back, where
/// the answer is one a person may give: a bot's bid limit need not be on the auction's steps).
pub fn typed(view: &View<'_>, answer: &Answer) -> String {
    let board = view.board();
    let space = |p: usize| board.properties[p].space.to_string();
    // A bot's mask may name more than the board holds ("all of them"); the game ignores
    // the rest, and so does the text.
    let on_board = u32::MAX >> (32 - board.properties.len().clamp(1, 32));
    let spaces_of = |mask: u32| -> String {
        let listed: Vec<String> = mask_bits(mask & on_board).map(space).collect();
        if listed.is_empty() {
            "none".to_string()
        } else {
            listed.join(" ")
        }
    };
    let yes = |yes: bool| if yes { "y" } else { "n" }.to_string();
    match *answer {
        Answer::Trade(None) => "none".to_string(),
        Answer::Trade(Some(trade)) => {
            let mut text = format!("trade {}", trade.to + 1);
            let cards = |n: u8| " card".repeat(usize::from(n));
            if trade.give != 0 || trade.give_cards > 0 {
                let given = if trade.give == 0 {
                    String::new()
                } else {
                    format!(" {}", spaces_of(trade.give))
                };
                text += &format!(" give{given}{}", cards(trade.give_cards));
            }
            if trade.take != 0 || trade.take_cards > 0 {
                let taken = if trade.take == 0 {
                    String::new()
                } else {
                    format!(" {}", spaces_of(trade.take))
                };
                text += &format!(" take{taken}{}", cards(trade.take_cards));
            }
            if trade.points != 0 {
                text += &format!(" points {}", trade.points);
            }
            text
        }
        Answer::Mortgage(mask) => format!("mortgage {}", spaces_of(mask)),
        Answer::Accept(y) | Answer::Explore(y) | Answer::TakeCommonRoom(y) | Answer::AskRent(y) => {
            yes(y)
        }
        Answer::Crests(mask) | Answer::Unmortgage(mask) => spaces_of(mask),
        Answer::Jail(JailChoice::Pay) => "pay".to_string(),
        Answer::Jail(JailChoice::Card) => "card".to_string(),
        Answer::Jail(JailChoice::Roll) => "roll".to_string(),
        Answer::Bid(limit) => limit.max(0).to_string(),
        Answer::Raise(None) => "auto".to_string(),
        Answer::Raise(Some(Raise::GiveUp)) => "give up".to_string(),
        Answer::Raise(Some(Raise::ReturnCrest(p))) => format!("crest {}", space(p)),
        Answer::Raise(Some(Raise::Mortgage(p))) => format!("mortgage {}", space(p)),
    }
}

/// The answer a person need not be asked for: lifting mortgages when none can be paid for.
pub fn needless(view: &View<'_>, question: Question) -> Option<Answer> {
    match question {
        Question::Unmortgage => {
            let board = view.board();
            let points = view.points(view.seat);
            let affordable = mask_bits(view.owned(view.seat) & view.mortgaged())
                .any(|p| board.properties[p].unmortgage <= points);
            (!affordable).then_some(Answer::Unmortgage(0))
        }
        _ => None,
    }
}

fn single(mask: u32) -> Result<usize, String> {
    match mask.count_ones() {
        1 => Ok(mask.trailing_zeros() as usize),
        _ => Err("name one space".into()),
    }
}

/// Reads space numbers (or `none`) into a property mask, each one in `allowed`.
fn parse_spaces(view: &View<'_>, text: &str, allowed: u32) -> Result<u32, String> {
    if text.is_empty() || text.eq_ignore_ascii_case("none") {
        return Ok(0);
    }
    let board = view.board();
    let mut mask = 0;
    for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
        let space: usize = word
            .parse()
            .map_err(|_| format!("{word:?}: expected space numbers such as 37 39, or none"))?;
        let property = (space < board.len())
            .then(|| board.property_at(space))
            .flatten()
            .filter(|&p| allowed & (1 << p) != 0)
            .ok_or_else(|| format!("space {space} is not one of {}", spaces(view, allowed)))?;
        mask |= 1 << property;
    }
    Ok(mask)
}

/// Reads `trade PLAYER give SPACES take SPACES points N` for the view's seat.
fn parse_trade(view: &View<'_>, text: &str) -> Result<Option<Trade>, String> {
    if text.is_empty() || text.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.first().map(|w| w.to_ascii_lowercase()) != Some("trade".into()) {
        return Err("expected trade PLAYER give SPACES take SPACES points N, or none".into());
    }
    let to = words
        .get(1)
        .and_then(|w| w.parse::<usize>().ok())
        .filter(|&n| (1..=view.players()).contains(&n) && n - 1 != view.seat)
        .ok_or("trade needs another player's number")?
        - 1;
    let mut trade = Trade {
        from: view.seat,
        to,
        ..Trade::default()
    };
    let mut section = String::new();
    let (mut give, mut take) = (String::new(), String::new());
    for word in &words[2..] {
        let lower = word.to_ascii_lowercase();
        match lower.as_str() {
            "give" | "take" | "points" => section = lower,
            // A Get Out of Jail Free card among the spaces given or taken.
            "card" | "cards" if section == "give" => trade.give_cards += 1,
            "card" | "cards" if section == "take" => trade.take_cards += 1,
            value => match section.as_str() {
                "give" => give.push_str(&format!("{value} ")),
                "take" => take.push_str(&format!("{value} ")),
                "points" => {
                    trade.points = value
                        .parse()
                        .map_err(|_| format!("points {value:?}: expected a whole number"))?
                }
                _ => return Err(format!("{value:?}: expected give, take or points")),
            },
        }
    }
    trade.give = parse_spaces(view, give.trim(), view.owned(view.seat))?;
    trade.take = parse_spaces(view, take.trim(), view.owned(to))?;
    view.check_trade(&trade)
        .map_err(|error| format!("that trade cannot be made: {error}"))?;
    Ok(Some(trade))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hogwarts::House;
    use crate::monopoly::{Monopoly, MonopolyRules};
    use std::sync::Arc;

    fn game() -> Monopoly {
        let houses = [House::Gryffindor, House::Slytherin];
        Monopoly::new(Arc::new(MonopolyRules::standard()), &houses, 1).unwrap()
    }

    #[test]
    fn a_bid_off_the_steps_is_refused_with_the_bids_either_side() {
        let game = game();
        let view = game.view(0);
        let bid = |text: &str| parse_bid(&view, text);
        assert_eq!(bid("0"), Ok(0));
        assert_eq!(bid("30"), Ok(30));
        assert_eq!(
            bid("25"),
            Err("25: bids go up in steps of 10 from 10; bid 20 or 30".into())
        );
        assert_eq!(
            bid("5"),
            Err("5: expected 0 to pass, or a bid from 10 to your 300 points".into())
        );
        assert!(bid("310").is_err() && bid("ten").is_err());
    }

    #[test]
    fn an_offer_says_who_pays_whom() {
        let game = game();
        let view = game.view(1);
        let offer = |points: i32| {
            let trade = Trade {
                from: 0,
                to: 1,
                points,
                ..Trade::default()
            };
            ask(&view, Question::Accept { trade }).text
        };
        assert_eq!(
            offer(20),
            "Player 1 offers a trade: you get 20 points; you give nothing. Accept? [y/n]"
        );
        assert_eq!(
            offer(-10),
            "Player 1 offers a trade: you get nothing; you give 10 points. Accept? [y/n]"
        );
    }

    #[test]
    fn lifting_mortgages_is_not_asked_of_a_player_with_none() {
        let game = game();
        assert_eq!(
            needless(&game.view(0), Question::Unmortgage),
            Some(Answer::Unmortgage(0))
        );
        assert_eq!(needless(&game.view(0), Question::Crests), None);
    }

    #[test]
    fn a_person_mortgages_before_the_roll_and_trades_jail_cards() {
        let mut game = game();
        let board = game.rules().board.clone();
        let at = |space: usize| board.property_at(space).unwrap();
        let (lake, owlery) = (at(1), at(3));
        game.arrange(0, 50, (1 << lake) | (1 << owlery), 0, 0)
            .unwrap();
        game.give_jail_card(0).unwrap();
        let view = game.view(0);
        assert!(
            ask(&view, Question::Trade)
                .text
                .contains("Mortgage first (mortgage SPACES)")
        );
        let trade = |text: &str| parse(&view, Question::Trade, text);
        assert_eq!(
            trade("mortgage 1 3"),
            Ok(Answer::Mortgage((1 << lake) | (1 << owlery)))
        );
        assert_eq!(trade("MORTGAGE 1"), Ok(Answer::Mortgage(1 << lake)));
        assert!(trade("mortgage").unwrap_err().contains("e.g. mortgage 37"));
        assert!(
            trade("mortgage 6")
                .unwrap_err()
                .starts_with("space 6 is not one of")
        );
        let Ok(Answer::Trade(Some(offer))) = trade("trade 2 give card points 10") else {
            panic!("{:?}", trade("trade 2 give card points 10"));
        };
        assert_eq!((offer.give_cards, offer.points), (1, 10));
        assert_eq!(
            ask(&game.view(1), Question::Accept { trade: offer }).text,
            "Player 1 offers a trade: you get a Get Out of Jail Free card and 10 points; \
             you give nothing. Accept? [y/n]"
        );
        assert!(
            trade("trade 2 take card")
                .unwrap_err()
                .contains("does not have"),
            "player 2 holds no card"
        );
    }

    #[test]
    fn a_typed_answer_reads_back_as_itself() {
        let mut game = game();
        let board = game.rules().board.clone();
        let at = |space: usize| board.property_at(space).unwrap();
        game.arrange(0, 200, (1 << at(1)) | (1 << at(3)), 0, 0)
            .unwrap();
        game.arrange(1, 200, 1 << at(6), 0, 0).unwrap();
        game.give_jail_card(0).unwrap();
        let view = game.view(0);
        let trade = Trade {
            from: 0,
            to: 1,
            give: 1 << at(1),
            take: 1 << at(6),
            points: -20,
            give_cards: 1,
            take_cards: 0,
        };
        let answers = [
            (Question::Trade, Answer::Trade(None)),
            (Question::Trade, Answer::Trade(Some(trade))),
            (
                Question::Trade,
                Answer::Mortgage((1 << at(1)) | (1 << at(3))),
            ),
            (Question::Jail, Answer::Jail(JailChoice::Card)),
            (Question::Jail, Answer::Jail(JailChoice::Pay)),
            (
                Question::Explore { property: at(6) },
                Answer::Explore(false),
            ),
            (
                Question::Bid {
                    lot: Lot::Property(at(6)),
                },
                Answer::Bid(40),
            ),
            (
                Question::Raise { owed: 30 },
                Answer::Raise(Some(Raise::Mortgage(at(3)))),
            ),
            (Question::Raise { owed: 30 }, Answer::Raise(None)),
        ];
        for (question, answer) in answers {
            let text = typed(&view, &answer);
            assert_eq!(parse(&view, question, &text), Ok(answer), "{text:?}");
        }
        assert_eq!(
            typed(&view, &Answer::Trade(Some(trade))),
            "trade 2 give 1 card take 6 points -20"
        );
        assert_eq!(
            typed(&view, &Answer::Crests(u32::MAX)).split(' ').count(),
            28
        );
    }

    #[test]
    fn a_person_short_of_points_leaves_it_to_the_game_or_gives_up() {
        let game = game();
        let view = game.view(0);
        let raise = |text: &str| parse(&view, Question::Raise { owed: 30 }, text);
        assert_eq!(raise("auto"), Ok(Answer::Raise(None)));
        assert_eq!(raise("Give Up"), Ok(Answer::Raise(Some(Raise::GiveUp))));
        assert!(raise("surrender").unwrap_err().contains("auto or give up"));
        let asked = ask(&view, Question::Raise { owed: 30 });
        assert!(
            asked
                .choices
                .ends_with(&["auto".to_string(), "give up".to_string()])
        );
        assert!(asked.text.contains("give up goes out"), "{}", asked.text);
    }
}
