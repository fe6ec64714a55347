//! A person's seat at Monopoly: Harry Potter: every decision asked at the terminal.
//!
//! Before each question the seat prints what happened since it last looked. A typo
//! re-prompts with what was expected; `board` shows the ring, `help` the commands, `quit`
//! (or the end of input) leaves the game, after which the seat declines everything.

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use engine::monopoly::{JailChoice, Lot, Raise, Seat, Trade, View, mask_bits};

use crate::monopoly_text::{describe, ring};

const HELP: &str = "\
answers: y or n to a yes/no question; a number for a bid (0 to pass); space numbers from the
board (e.g. 37 39) where properties are asked for, or none.
a trade at the start of your turn: trade PLAYER give SPACES take SPACES points N
  (points you give; negative: points you receive), e.g. trade 2 give 1 take 3 points 20
anywhere: board (the ring, owners, crests, tokens), help, quit";

/// What the play loop and the person's seat share.
#[derive(Clone, Default)]
pub struct Shared {
    /// Set when the person quits or the input ends.
    pub quit: Arc<AtomicBool>,
    /// Events already printed.
    pub printed: Arc<AtomicUsize>,
}

impl Shared {
    /// Prints the game's events not printed yet.
    pub fn catch_up(&self, view: &View<'_>, names: &[String], out: &mut impl Write) {
        let events = view.game().events();
        let from = self
            .printed
            .swap(events.len(), Ordering::Relaxed)
            .min(events.len());
        for event in &events[from..] {
            let _ = writeln!(out, "{}", describe(view.game(), event, names));
        }
    }
}

/// Where a person's answers come from: the terminal, or a browser through the server.
pub trait Prompter: Send {
    /// Puts a question (with the answers that fit it as `choices`, and the last answer's
    /// problem, if any) and returns the next answer; `None` once the person has left.
    fn prompt(
        &mut self,
        view: &View<'_>,
        question: &str,
        choices: &[String],
        problem: Option<&str>,
    ) -> Option<String>;
}

/// The terminal: prints what happened and the question, reads a line; `help` and `board`
/// are answered here.
pub struct Terminal {
    shared: Shared,
    names: Vec<String>,
}

impl Terminal {
    /// The terminal for players with these names.
    pub fn new(shared: Shared, names: Vec<String>) -> Terminal {
        Terminal { shared, names }
    }
}

impl Prompter for Terminal {
    fn prompt(
        &mut self,
        view: &View<'_>,
        question: &str,
        _choices: &[String],
        problem: Option<&str>,
    ) -> Option<String> {
        if self.shared.quit.load(Ordering::Relaxed) {
            return None;
        }
        let mut out = std::io::stdout().lock();
        self.shared.catch_up(view, &self.names, &mut out);
        if let Some(problem) = problem {
            let _ = writeln!(out, "{problem}");
        }
        loop {
            let _ = write!(out, "{question}\nplayer {}> ", view.seat + 1);
            let _ = out.flush();
            let Some(line) = read_line() else {
                self.shared.quit.store(true, Ordering::Relaxed);
                let _ = writeln!(out);
                return None;
            };
            let text = line.trim();
            if text.eq_ignore_ascii_case("quit") {
                self.shared.quit.store(true, Ordering::Relaxed);
                return None;
            } else if text.eq_ignore_ascii_case("help") {
                let _ = writeln!(out, "{HELP}");
            } else if text.eq_ignore_ascii_case("board") {
                let _ = write!(out, "{}", ring(view.game(), &self.names));
            } else {
                return Some(text.to_string());
            }
        }
    }
}

/// A person's seat: every decision asked through a [`Prompter`].
pub struct Person<P: Prompter> {
    prompter: P,
}

impl<P: Prompter> Person<P> {
    /// A person's seat answering through `prompter`.
    pub fn new(prompter: P) -> Person<P> {
        Person { prompter }
    }

    /// Asks until `parse` accepts an answer; `None` once the person has left.
    fn ask<T>(
        &mut self,
        view: &View<'_>,
        question: &str,
        choices: &[String],
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Option<T> {
        let mut problem: Option<String> = None;
        loop {
            let text = self
                .prompter
                .prompt(view, question, choices, problem.as_deref())?;
            match parse(&text) {
                Ok(answer) => return Some(answer),
                Err(message) => problem = Some(message),
            }
        }
    }

    fn yes_no(&mut self, view: &View<'_>, question: &str) -> Option<bool> {
        let choices = ["y".to_string(), "n".to_string()];
        self.ask(
            view,
            &format!("{question} [y/n]"),
            &choices,
            |text| match text.to_ascii_lowercase().as_str() {
                "y" | "yes" => Ok(true),
                "n" | "no" => Ok(false),
                other => Err(format!("{other:?}: expected y or n")),
            },
        )
    }
}

/// The spaces of a mask as choices.
fn space_choices(view: &View<'_>, mask: u32) -> Vec<String> {
    mask_bits(mask)
        .map(|p| view.board().properties[p].space.to_string())
        .collect()
}

fn read_line() -> Option<String> {
    let mut line = String::new();
    match std::io::stdin().lock().read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line),
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

/// The spaces of a property mask, as `37 Room of Requirement, 39 Dumbledore's Office`.
fn spaces(view: &View<'_>, mask: u32) -> String {
    let board = view.board();
    let listed: Vec<String> = mask_bits(mask)
        .map(|p| format!("{} {}", board.properties[p].space, board.properties[p].name))
        .collect();
    if listed.is_empty() {
        "none".to_string()
    } else {
        listed.join(", ")
    }
}

/// Reads `trade PLAYER give SPACES take SPACES points N` for `seat`.
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
    view.game()
        .check_trade(&trade)
        .map_err(|error| format!("that trade cannot be made: {error}"))?;
    Ok(Some(trade))
}

impl<P: Prompter> Seat for Person<P> {
    fn explore(&mut self, view: View<'_>, property: usize) -> bool {
        let deed = &view.board().properties[property];
        let question = format!(
            "Explore {} for {} (you have {})? n auctions it",
            deed.name,
            deed.value,
            view.points(view.seat)
        );
        self.yes_no(&view, &question).unwrap_or(false)
    }

    fn bid_limit(&mut self, view: View<'_>, lot: Lot) -> i32 {
        let what = match lot {
            Lot::Property(property) => view.board().properties[property].name.clone(),
            Lot::LastCrest(house) => format!("the last {} crest", house.name()),
        };
        let question = format!(
            "Auction of {what}: your highest bid (bids from {} in tens; 0 to pass; you have {})",
            view.rules().numbers.auction_opening,
            view.points(view.seat)
        );
        let points = view.points(view.seat);
        self.ask(&view, &question, &["0".to_string()], |text| {
            match text.parse::<i32>() {
                Ok(bid) if (0..=points).contains(&bid) => Ok(bid),
                _ => Err(format!("{text:?}: expected a bid from 0 to {points}")),
            }
        })
        .unwrap_or(0)
    }

    fn jail(&mut self, view: View<'_>) -> JailChoice {
        let question = format!(
            "In Jail: pay {}, use a card ({} held), or roll for doubles? [pay/card/roll]",
            view.rules().numbers.jail_fine,
            view.jail_cards(view.seat)
        );
        let choices = ["pay", "card", "roll"].map(String::from);
        self.ask(&view, &question, &choices, |text| {
            match text.to_ascii_lowercase().as_str() {
                "pay" => Ok(JailChoice::Pay),
                "card" if view.jail_cards(view.seat) > 0 => Ok(JailChoice::Card),
                "card" => Err("you hold no Get Out of Jail Free card".into()),
                "roll" => Ok(JailChoice::Roll),
                other => Err(format!("{other:?}: expected pay, card or roll")),
            }
        })
        .unwrap_or(JailChoice::Roll)
    }

    fn crests(&mut self, view: View<'_>) -> u32 {
        let eligible = view.game().crestable(view.seat);
        let question = format!(
            "Add house crests? Spaces (or none) among: {}",
            spaces(&view, eligible)
        );
        let choices = space_choices(&view, eligible);
        self.ask(&view, &question, &choices, |text| {
            parse_spaces(&view, text, eligible)
        })
        .unwrap_or(0)
    }

    fn unmortgage(&mut self, view: View<'_>) -> u32 {
        let mortgaged = view.owned(view.seat) & view.mortgaged();
        let question = format!(
            "Lift mortgages? Spaces (or none) among: {}",
            spaces(&view, mortgaged)
        );
        let choices = space_choices(&view, mortgaged);
        self.ask(&view, &question, &choices, |text| {
            parse_spaces(&view, text, mortgaged)
        })
        .unwrap_or(0)
    }

    fn raise(&mut self, view: View<'_>, owed: i32) -> Option<Raise> {
        let mine = view.owned(view.seat);
        let crests = mine & view.crested();
        let mortgageable = mine & !view.mortgaged();
        let question = format!(
            "You are {owed} short. crest SPACE returns a crest ({}); mortgage SPACE mortgages ({})",
            spaces(&view, crests),
            spaces(&view, mortgageable)
        );
        let choices: Vec<String> = mask_bits(crests)
            .map(|p| format!("crest {}", view.board().properties[p].space))
            .chain(
                mask_bits(mortgageable)
                    .map(|p| format!("mortgage {}", view.board().properties[p].space)),
            )
            .collect();
        self.ask(&view, &question, &choices, |text| {
            let (verb, rest) = text.split_once(' ').unwrap_or((text, ""));
            match verb.to_ascii_lowercase().as_str() {
                "crest" => parse_spaces(&view, rest.trim(), crests)
                    .and_then(|m| single(m).map(Raise::ReturnCrest)),
                "mortgage" => parse_spaces(&view, rest.trim(), mortgageable)
                    .and_then(|m| single(m).map(Raise::Mortgage)),
                _ => Err(format!("{text:?}: expected crest SPACE or mortgage SPACE")),
            }
        })
    }

    fn propose_trade(&mut self, view: View<'_>) -> Option<Trade> {
        let question = "Your turn. Offer a trade (trade PLAYER give SPACES take SPACES points N), or press enter to roll";
        self.ask(&view, question, &[String::new()], |text| {
            parse_trade(&view, text)
        })
        .flatten()
    }

    fn accept_trade(&mut self, view: View<'_>, trade: &Trade) -> bool {
        let question = format!(
            "Player {} offers you {} and {} points for {}. Accept?",
            trade.from + 1,
            spaces(&view, trade.give),
            trade.points,
            spaces(&view, trade.take)
        );
        self.yes_no(&view, &question).unwrap_or(false)
    }

    fn ask_rent(&mut self, view: View<'_>, payer: usize, property: usize) -> bool {
        let question = format!(
            "Player {} landed on your {}: ask for rent?",
            payer + 1,
            view.board().properties[property].name
        );
        self.yes_no(&view, &question).unwrap_or(true)
    }

    fn take_common_room(&mut self, view: View<'_>, property: usize) -> bool {
        let question = format!(
            "Take {}, your house's common room, for free?",
            view.board().properties[property].name
        );
        self.yes_no(&view, &question).unwrap_or(false)
    }
}

fn single(mask: u32) -> Result<usize, String> {
    match mask.count_ones() {
        1 => Ok(mask.trailing_zeros() as usize),
        _ => Err("name one space".into()),
    }
}
