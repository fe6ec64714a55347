//! One Scrabble: Harry Potter Edition game on the server: people's seats (each with a secret
//! token), bots' seats, the turns told as lines, and what each seat may see.

use std::sync::Arc;

use bots::hogwarts::{HpBot, hp_bot_by_name, play_one_turn};
use engine::hogwarts::{House, HpError, HpGame, HpRules};
use engine::scrabble::{IllegalMove, Move, Rack, SIZE};
use lexicon::Lexicon;
use serde_json::{Value, json};

use super::access::{Refusal, SeatTokens};
use crate::commands::play_hp::{hints, parse_card_play, report_notes, turn_line};

/// A game and its seats.
pub struct Session {
    game: HpGame,
    names: Vec<String>,
    bots: Vec<Option<Box<dyn HpBot>>>,
    tokens: SeatTokens,
    lines: Vec<String>,
    notes: Vec<Vec<String>>,
    challengeable: Option<usize>,
}

/// How a game starts.
pub struct Setup<'a> {
    /// `human` or a bot's name, per seat.
    pub seats: &'a [String],
    /// The game's seed.
    pub seed: u64,
    /// Each seat's house, or sorted at random.
    pub houses: Option<Vec<House>>,
    /// Greedy plays every seat until the bag is empty before anyone takes over.
    pub near_end: bool,
}

impl Session {
    /// A game between these seats (`human` or a bot's name); `token` makes each person's secret.
    pub fn new(
        rules: Arc<HpRules>,
        lexicon: Arc<Lexicon>,
        setup: Setup<'_>,
        mut token: impl FnMut() -> String,
    ) -> Result<Session, String> {
        let (seats, seed) = (setup.seats, setup.seed);
        if !(2..=4).contains(&seats.len()) {
            return Err(format!("{} seats: expected 2 to 4", seats.len()));
        }
        let mut bots = Vec::new();
        let mut tokens = SeatTokens::default();
        for (seat, name) in seats.iter().enumerate() {
            if name == "human" {
                bots.push(None);
                tokens.push(Some(token()));
            } else {
                let mut bot = hp_bot_by_name(name, 0).map_err(|e| e.to_string())?;
                bot.start_game(seed.wrapping_mul(31).wrapping_add(seat as u64));
                bots.push(Some(bot));
                tokens.push(None);
            }
        }
        let game = match setup.houses {
            Some(houses) if houses.len() != seats.len() => {
                return Err(format!("{} houses for {} seats", houses.len(), seats.len()));
            }
            Some(houses) => HpGame::new(rules, lexicon, houses, seed),
            None => HpGame::sorted(rules, lexicon, seats.len(), seed),
        }
        .map_err(|e| e.to_string())?;
        let mut session = Session {
            game,
            names: seats.to_vec(),
            bots,
            tokens,
            lines: Vec::new(),
            notes: Vec::new(),
            challengeable: None,
        };
        if setup.near_end {
            session.play_to_empty_bag();
        }
        session.run_bots();
        Ok(session)
    }

    /// The people's seats and their tokens.
    pub fn tokens(&self) -> Vec<(usize, String)> {
        self.tokens.tokens()
    }

    /// Checks that `token` is the secret of a person's `seat`.
    pub fn authorise(&self, seat: usize, token: &str) -> Result<(), Refusal> {
        self.tokens.authorise(seat, token)
    }

    fn record(&mut self, report: &engine::hogwarts::TurnReport) -> String {
        let line = turn_line(&self.game, &self.names, report);
        self.lines.push(line.clone());
        self.notes
            .resize(self.game.core().history().len(), Vec::new());
        if let Some(turn) = self.notes.last_mut() {
            turn.extend(report_notes(report));
        }
        line
    }

    /// Plays the bots' turns until a person is to move or the game ends; returns their lines.
    fn run_bots(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        while !self.game.core().is_over() {
            let seat = self.game.core().to_move();
            let Some(bot) = self.bots[seat].as_mut() else {
                break;
            };
            match play_one_turn(&mut self.game, bot.as_mut()) {
                Ok(report) => {
                    let placed = matches!(
                        self.game.core().history().last().map(|t| t.action),
                        Some(Move::Place(_))
                    );
                    self.challengeable = placed.then_some(seat);
                    lines.push(self.record(&report));
                }
                Err(error) => {
                    // A bot that cannot move legally passes rather than stall the game.
                    lines.push(format!(
                        "player {} ({}) fails: {error}",
                        seat + 1,
                        self.names[seat]
                    ));
                    if self.game.play_turn(Move::Pass, Rack::EMPTY).is_err() {
                        break;
                    }
                }
            }
        }
        lines
    }

    /// Greedy plays every seat (people's too) until the bag is empty: a seeded position near
    /// the end, for a short game.
    fn play_to_empty_bag(&mut self) {
        let mut greedy = hp_bot_by_name("greedy", 0).expect("greedy is a bot");
        while !self.game.core().is_over() && self.game.core().bag_len() > 0 {
            match play_one_turn(&mut self.game, greedy.as_mut()) {
                Ok(report) => {
                    self.record(&report);
                }
                Err(_) => break,
            }
        }
    }

    fn your_turn(&self, seat: usize) -> Result<(), Refusal> {
        if self.game.core().is_over() {
            return Err(Refusal::Conflict("the game is over".into()));
        }
        if self.game.core().to_move() != seat {
            return Err(Refusal::Conflict(format!(
                "it is player {}'s turn",
                self.game.core().to_move() + 1
            )));
        }
        Ok(())
    }

    /// A person's move (`8H WORD`, `H8 WORD`, `exchange TILES`, `pass`), then the bots' replies.
    pub fn play(&mut self, seat: usize, text: &str, discard: &str) -> Result<Vec<String>, Refusal> {
        self.your_turn(seat)?;
        let action = Move::parse(text, self.game.core().board())
            .map_err(|e| Refusal::Unprocessable(e.to_string()))?;
        let discard = self.discard_for(&action, discard)?;
        self.challengeable = None;
        let mut lines = Vec::new();
        match self.game.play_turn(action, discard) {
            Ok(report) => lines.push(self.record(&report)),
            Err(HpError::Illegal(IllegalMove::NotAWord { word })) => {
                // Rule 8: the bots challenge; the tiles go back and the turn is lost.
                let pass_discard = self.discard_for(&Move::Pass, "")?;
                let report = self
                    .game
                    .play_turn(Move::Pass, pass_discard)
                    .map_err(|e| Refusal::Unprocessable(e.to_string()))?;
                lines.push(format!(
                    "challenged: {word} is not a word; the turn is lost"
                ));
                lines.push(self.record(&report));
            }
            Err(error) => return Err(Refusal::Unprocessable(error.to_string())),
        }
        lines.extend(self.run_bots());
        Ok(lines)
    }

    fn discard_for(&self, action: &Move, discard: &str) -> Result<Rack, Refusal> {
        let needed = self.game.discard_needed(action);
        if needed == 0 {
            return Ok(Rack::EMPTY);
        }
        match Rack::parse(discard.trim()) {
            Ok(rack) if rack.len() == needed => Ok(rack),
            _ => Err(Refusal::Unprocessable(format!(
                "this move leaves more than 7 tiles: name {needed} to return in \"discard\""
            ))),
        }
    }

    /// A person's Hogwarts card before their move (`revelio`, `expelliarmus 2`, ...).
    pub fn card(&mut self, seat: usize, text: &str) -> Result<String, Refusal> {
        self.your_turn(seat)?;
        let words: Vec<&str> = text.split_whitespace().collect();
        let play =
            parse_card_play(&words, self.game.core().players()).map_err(Refusal::Unprocessable)?;
        let points = self
            .game
            .play_card(play)
            .map_err(|e| Refusal::Unprocessable(e.to_string()))?;
        let line = format!("player {} plays {} ({points:+})", seat + 1, play.card());
        self.lines.push(line.clone());
        Ok(line)
    }

    /// A person challenges the last bot's word: it always stands, so they lose points.
    pub fn challenge(&mut self, seat: usize) -> Result<String, Refusal> {
        self.your_turn(seat)?;
        let Some(bot_seat) = self.challengeable.take() else {
            return Err(Refusal::Conflict(
                "there is no bot's word to challenge now".into(),
            ));
        };
        let penalty = self.game.rules().numbers.challenge_penalty;
        self.game.add_points(seat, -penalty);
        let line = format!(
            "player {} challenges player {}: the words stand, {penalty} points lost",
            seat + 1,
            bot_seat + 1
        );
        self.lines.push(line.clone());
        Ok(line)
    }

    /// The best five placements for a seat's rack.
    pub fn hints(&self, seat: usize) -> Vec<Value> {
        let board = self.game.core().board();
        hints(&self.game, seat)
            .iter()
            .map(|(score, p)| json!({ "move": p.notation(board), "score": score }))
            .collect()
    }

    /// The game so far as GCG.
    pub fn gcg(&self) -> String {
        let header: Vec<String> = (0..self.names.len())
            .map(|s| format!("house p{} {}", s + 1, self.game.houses()[s]))
            .collect();
        crate::gcg::record(self.game.core(), &self.names, &header, &self.notes)
    }

    /// What `seat` may see (`None`: a spectator, no rack or cards).
    pub fn state(&self, id: u64, seat: Option<usize>) -> Value {
        let core = self.game.core();
        let layout = &core.rules().layout;
        let board: Vec<Vec<Value>> = (0..SIZE)
            .map(|row| {
                (0..SIZE)
                    .map(|col| {
                        let square = row * SIZE + col;
                        let cell = core.board().get(row, col);
                        let premium = match (layout.letter_multiplier(square), layout.word_multiplier(square)) {
                            (_, 3) => "tw",
                            (_, 2) if square == layout.start() => "start",
                            (_, 2) => "dw",
                            (3, _) => "tl",
                            (2, _) => "dl",
                            _ => "",
                        };
                        json!({
                            "letter": if cell.is_empty() { Value::Null } else { json!(cell.to_char().to_string()) },
                            "premium": premium,
                            "brown": layout.is_hogwarts(square),
                        })
                    })
                    .collect()
            })
            .collect();
        let players: Vec<Value> = (0..core.players())
            .map(|s| {
                json!({
                    "name": self.names[s],
                    "house": self.game.houses()[s].name(),
                    "score": core.scores()[s],
                    "cards_held": self.game.piles().hands[s].len(),
                    "human": self.tokens.is_person(s),
                })
            })
            .collect();
        let (rack, cards) = match seat {
            Some(seat) => (
                json!(core.rack(seat).to_string()),
                json!(
                    self.game.piles().hands[seat]
                        .iter()
                        .map(|c| c.key())
                        .collect::<Vec<_>>()
                ),
            ),
            None => (Value::Null, Value::Null),
        };
        json!({
            "id": id.to_string(),
            "game": "scrabble-hp",
            "seat": seat,
            "players": players,
            "board": board,
            "rack": rack,
            "cards": cards,
            "to_move": core.to_move(),
            "bag": core.bag_len(),
            "over": core.is_over(),
            "moves": self.lines,
            "can_challenge": self.challengeable.is_some(),
        })
    }
}
