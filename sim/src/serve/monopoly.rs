//! Monopoly: Harry Potter on the server. The engine asks its seats for decisions as it goes,
//! so each game runs on its own thread: a person's seat publishes its question and waits for
//! the answer the page posts; the bots answer at once.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

use bots::monopoly::monopoly_bot_by_name;
use engine::hogwarts::House;
use engine::monopoly::{Monopoly, MonopolyRules, Seat, View};
use serde_json::{Value, json};

use super::access::{Refusal, SeatTokens};
use crate::commands::monopoly_person::{Person, Prompter};
use crate::monopoly_text::describe;

/// What the game thread last made public, and the question waiting for a person.
#[derive(Default)]
struct Published {
    snapshot: Value,
    question: Option<Question>,
}

/// A person's pending question.
#[derive(Clone)]
struct Question {
    seat: usize,
    number: u64,
    text: String,
    choices: Vec<String>,
    problem: Option<String>,
}

/// A game on its thread.
pub struct Table {
    published: Arc<Mutex<Published>>,
    answers: Vec<Option<Sender<String>>>,
    tokens: SeatTokens,
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
            json!({
                "space": space,
                "name": name,
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
        .map(|event| describe(game, event, names))
        .collect();
    json!({
        "game": "monopoly-hp",
        "spaces": spaces,
        "players": players,
        "turns": game.turns(),
        "over": over,
        "ending": game.ending().map(|e| e.name()),
        "events": lines,
    })
}

/// A person's answers, from the page through the server.
struct Web {
    published: Arc<Mutex<Published>>,
    answers: Receiver<String>,
    names: Vec<String>,
    asked: u64,
}

impl Prompter for Web {
    fn prompt(
        &mut self,
        view: &View<'_>,
        question: &str,
        choices: &[String],
        problem: Option<&str>,
    ) -> Option<String> {
        self.asked += 1;
        {
            let mut published = self.published.lock().expect("the table lock");
            published.snapshot = snapshot(view.game(), &self.names);
            published.question = Some(Question {
                seat: view.seat,
                number: self.asked,
                text: question.to_string(),
                choices: choices.to_vec(),
                problem: problem.map(str::to_string),
            });
        }
        // The page's answer, or `None` once the table is gone.
        let answer = self.answers.recv().ok();
        self.published.lock().expect("the table lock").question = None;
        answer
    }
}

impl Table {
    /// Starts a game on its thread: `human` seats answer through the page.
    pub fn start(
        rules: Arc<MonopolyRules>,
        seats: &[String],
        houses: Option<Vec<House>>,
        seed: u64,
        mut token: impl FnMut() -> String,
    ) -> Result<Table, String> {
        let names = seats.to_vec();
        let mut game = match houses {
            Some(houses) => Monopoly::new(rules, &houses, seed),
            None => Monopoly::sorted(rules, seats.len(), seed),
        }
        .map_err(|e| e.to_string())?;
        let published = Arc::new(Mutex::new(Published::default()));
        let mut answers = Vec::new();
        let mut tokens = SeatTokens::default();
        let mut table_seats: Vec<Box<dyn Seat>> = Vec::new();
        for (seat, name) in seats.iter().enumerate() {
            if name == "human" {
                let (send, receive) = channel();
                answers.push(Some(send));
                tokens.push(Some(token()));
                table_seats.push(Box::new(Person::new(Web {
                    published: published.clone(),
                    answers: receive,
                    names: names.clone(),
                    asked: 0,
                })));
            } else {
                let mut bot = monopoly_bot_by_name(name, 0).map_err(|e| e.to_string())?;
                bot.start_game(seed.wrapping_mul(31).wrapping_add(seat as u64));
                answers.push(None);
                tokens.push(None);
                table_seats.push(bot);
            }
        }
        game.record_events();
        published.lock().expect("the table lock").snapshot = snapshot(&game, &names);
        let thread_published = published.clone();
        std::thread::spawn(move || {
            while game.ending().is_none() {
                game.play_turn(&mut table_seats);
                thread_published.lock().expect("the table lock").snapshot = snapshot(&game, &names);
            }
        });
        Ok(Table {
            published,
            answers,
            tokens,
        })
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
        let published = self.published.lock().expect("the table lock");
        let mut state = published.snapshot.clone();
        state["id"] = json!(id.to_string());
        state["seat"] = json!(seat);
        let waiting = published.question.as_ref();
        state["waiting_for"] = json!(waiting.map(|q| q.seat));
        if let Some(q) = waiting.filter(|q| Some(q.seat) == seat) {
            state["question"] = json!({
                "number": q.number,
                "text": q.text,
                "choices": q.choices,
                "problem": q.problem,
            });
        }
        state
    }

    /// Hands a person's answer to the game, if it answers the question waiting for them.
    pub fn answer(&self, seat: usize, number: u64, text: &str) -> Result<(), Refusal> {
        let mut published = self.published.lock().expect("the table lock");
        match &published.question {
            Some(q) if q.seat == seat && q.number == number => {
                // Taken at once, so a second post of the same answer finds nothing to answer.
                published.question = None;
                if let Some(Some(sender)) = self.answers.get(seat) {
                    let _ = sender.send(text.to_string());
                }
                Ok(())
            }
            _ => Err(Refusal::Conflict(format!(
                "no question {number} waits for seat {}",
                seat + 1
            ))),
        }
    }
}
