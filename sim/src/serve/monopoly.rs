//! Monopoly: Harry Potter on the server. A person's seat is a decider that never answers at
//! once: the engine plays the bots until a person is asked something and keeps the question;
//! the page reads it and posts the answer, which the game takes and goes on from. No thread
//! waits for a person.

use std::sync::Arc;

use bots::seating::{PERSON, seat_table};
use engine::hogwarts::House;
use engine::monopoly::{Answer, Monopoly, MonopolyRules, PropertyKind, Question, View};
use engine::play::{Decider, Pending, Stepped, play_out};
use serde_json::{Value, json};

use super::access::{Refusal, SeatTokens};
use crate::monopoly_text::{describe, end_lines, ending_text};
use engine::monopoly::questions::{ask, needless, parse};

/// A person on the web page: answers come later, through the API.
struct WebSeat;

impl Decider<Monopoly> for WebSeat {
    fn name(&self) -> &str {
        PERSON
    }

    fn waits(&self) -> bool {
        true
    }

    fn decide(&mut self, view: &View<'_>, question: Question) -> Option<Answer> {
        needless(view, question)
    }
}

/// A game on the server, its seats, and the question waiting.
pub struct Table {
    game: Monopoly,
    names: Vec<String>,
    seats: Vec<Box<dyn Decider<Monopoly>>>,
    tokens: SeatTokens,
    /// The waiting question's number: it grows with each question put to a person.
    asked: u64,
    /// Why the last answer to the waiting question could not be read.
    problem: Option<String>,
}

/// The public picture of a game: spaces, owners, crests, tokens, points, what happened.
fn snapshot(game: &Monopoly, names: &[String]) -> Value {
    let board = &game.rules().board;
    let spaces: Vec<Value> = board
        .names
        .iter()
        .enumerate()
        .map(|(space, name)| {
            let property = board.property_at(space);
            let tokens: Vec<usize> = (0..game.players())
                .filter(|&s| !game.is_out(s) && game.position(s) == space)
                .collect();
            // A location's colour set, a common room's house, or the kind of property.
            let band = property.map(|p| match board.properties[p].kind {
                PropertyKind::Location(group) => board.groups[group as usize].name.clone(),
                PropertyKind::CommonRoom(house) => house.name().to_string(),
                PropertyKind::Spell => "spell".to_string(),
            });
            json!({
                "space": space,
                "name": name,
                "band": band,
                "value": property.map(|p| board.properties[p].value),
                "owner": property.and_then(|p| game.owner(p)),
                "crest": property.is_some_and(|p| game.crested() & (1 << p) != 0),
                "mortgaged": property.is_some_and(|p| game.mortgaged() & (1 << p) != 0),
                "tokens": tokens,
            })
        })
        .collect();
    let over = game.ending().is_some();
    let scores = game.final_scores();
    let players: Vec<Value> = (0..game.players())
        .map(|s| {
            json!({
                "name": names[s],
                "house": game.house(s).name(),
                "points": game.points(s),
                "final": if over { Some(scores[s]) } else { None },
                "in_jail": game.in_jail(s),
                "out": game.is_out(s),
                "jail_cards": game.jail_cards(s),
            })
        })
        .collect();
    let events = game.events();
    let lines: Vec<String> = events[events.len().saturating_sub(200)..]
        .iter()
        .map(|event| describe(game.rules(), event, names))
        .collect();
    json!({
        "game": "monopoly-hp",
        "spaces": spaces,
        "players": players,
        "turns": game.turns(),
        "over": over,
        "ending": game.ending().map(|e| e.name()),
        "end": game.ending().map(|ending| {
            let (lines, verdict) = end_lines(game, names);
            json!({ "why": ending_text(ending), "lines": lines, "verdict": verdict })
        }),
        "events": lines,
    })
}

impl Table {
    /// A game between these seats: `human` seats answer through the page.
    pub fn start(
        rules: Arc<MonopolyRules>,
        names: &[String],
        houses: Option<Vec<House>>,
        seed: u64,
        mut token: impl FnMut() -> String,
    ) -> Result<Table, String> {
        if let Some(houses) = houses.as_ref().filter(|h| h.len() != names.len()) {
            return Err(format!(
                "{} houses for {} seats: expected one house per seat",
                houses.len(),
                names.len()
            ));
        }
        let mut game = match houses {
            Some(houses) => Monopoly::new(rules, &houses, seed),
            None => Monopoly::sorted(rules, names.len(), seed),
        }
        .map_err(|e| e.to_string())?;
        let mut person = |_| Box::new(WebSeat) as Box<dyn Decider<Monopoly>>;
        let seats = seat_table(names, seed, &bots::Settings::default(), Some(&mut person))
            .map_err(|e| e.to_string())?;
        let mut tokens = SeatTokens::default();
        for name in names {
            tokens.push((name == PERSON).then(&mut token));
        }
        game.record_events();
        let mut table = Table {
            game,
            names: names.to_vec(),
            seats,
            tokens,
            asked: 0,
            problem: None,
        };
        table.advance()?;
        Ok(table)
    }

    /// The bots play until a person is asked something or the game ends.
    fn advance(&mut self) -> Result<(), String> {
        play_out(&mut self.game, &mut self.seats, |_| {}).map_err(|e| e.to_string())?;
        self.asked += 1;
        Ok(())
    }

    /// The people's seats and their tokens.
    pub fn tokens(&self) -> Vec<(usize, String)> {
        self.tokens.tokens()
    }

    /// Checks that `token` is the secret of a person's `seat`.
    pub fn authorise(&self, seat: usize, token: &str) -> Result<(), Refusal> {
        self.tokens.authorise(seat, token)
    }

    /// The public picture, and the question waiting for `seat` if any.
    pub fn state(&self, id: u64, seat: Option<usize>) -> Value {
        let mut state = snapshot(&self.game, &self.names);
        state["id"] = json!(id.to_string());
        state["seat"] = json!(seat);
        let waiting = self.game.pending();
        state["waiting_for"] = json!(waiting.map(|q| q.seat));
        if let Some(Pending {
            seat: asked,
            question,
        }) = waiting.filter(|q| Some(q.seat) == seat)
        {
            let put = ask(&self.game.view(asked), question);
            state["question"] = json!({
                "number": self.asked,
                "text": put.text,
                "choices": put.choices,
                "problem": self.problem,
            });
        }
        state
    }

    /// A person's answer to the question waiting for them (by its number); the bots then play
    /// on. An answer that cannot be read is kept as the question's problem.
    pub fn answer(&mut self, seat: usize, number: u64, text: &str) -> Result<bool, Refusal> {
        let question = match self.game.pending() {
            Some(pending) if pending.seat == seat && number == self.asked => pending.question,
            _ => {
                return Err(Refusal::Conflict(format!(
                    "no question {number} waits for seat {}",
                    seat + 1
                )));
            }
        };
        let answer = match parse(&self.game.view(seat), question, text) {
            Ok(answer) => answer,
            Err(problem) => {
                self.problem = Some(problem);
                return Ok(false);
            }
        };
        self.problem = None;
        self.game
            .answer(answer)
            .map_err(|rejected| Refusal::Unprocessable(rejected.reason.to_string()))?;
        self.advance().map_err(Refusal::Unprocessable)?;
        Ok(true)
    }
}
