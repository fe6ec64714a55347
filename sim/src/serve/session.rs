//! One Scrabble: Harry Potter Edition game on the server: people's seats (each with a secret
//! token), bots' seats, the turns told as lines, and what each seat may see.
//!
//! A person's seat is a decider that never answers at once: the engine's own loop plays the
//! bots until a person is asked something, and the person's request answers it.

use std::sync::Arc;

use bots::seating::{PERSON, seat_table};
use engine::hogwarts::{House, HpAnswer, HpGame, HpObservation, HpQuestion, HpRules};
use engine::play::{Decider, Pending, Stepped, play_out};
use engine::scrabble::{Direction, IllegalMove, Move, Rack, SIZE};
use lexicon::Lexicon;
use serde_json::{Value, json};

use super::access::{Refusal, SeatTokens};
use crate::gcg::Reader;
use crate::hp_text::{Narrator, Told, check_offered, end_lines, gcg, hints, offered_challenge};
use engine::hogwarts::notation::parse_card_play;

/// A person on the web page: answers come later, through the API.
struct WebSeat;

impl Decider<HpGame> for WebSeat {
    fn name(&self) -> &str {
        PERSON
    }

    fn waits(&self) -> bool {
        true
    }

    fn decide(&mut self, view: &HpObservation<'_>, question: HpQuestion) -> Option<HpAnswer> {
        match question {
            HpQuestion::Challenge { player } if !offered_challenge(view, player) => {
                Some(HpAnswer::Challenge(false))
            }
            _ => None,
        }
    }
}

/// Greedy for every seat until the bag is empty, then no answer: a position near the end.
struct UntilBagEmpty(Box<dyn Decider<HpGame>>);

impl Decider<HpGame> for UntilBagEmpty {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn decide(&mut self, view: &HpObservation<'_>, question: HpQuestion) -> Option<HpAnswer> {
        let opening = matches!(question, HpQuestion::Card | HpQuestion::Challenge { .. });
        if opening && view.core.bag_len == 0 {
            return None;
        }
        self.0.decide(view, question)
    }
}

/// A game and its seats.
pub struct Session {
    game: HpGame,
    names: Vec<String>,
    seats: Vec<Box<dyn Decider<HpGame>>>,
    tokens: SeatTokens,
    lines: Vec<Told>,
    narrator: Narrator,
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
        let (names, seed) = (setup.seats, setup.seed);
        let mut tokens = SeatTokens::default();
        let mut person = |_| Box::new(WebSeat) as Box<dyn Decider<HpGame>>;
        let seats = seat_table(names, seed, &bots::Settings::default(), Some(&mut person))
            .map_err(|e| e.to_string())?;
        for name in names {
            tokens.push((name == PERSON).then(&mut token));
        }
        let game = match setup.houses {
            Some(houses) if houses.len() != names.len() => {
                return Err(format!("{} houses for {} seats", houses.len(), names.len()));
            }
            Some(houses) => HpGame::new(rules, lexicon, houses, seed),
            None => HpGame::sorted(rules, lexicon, names.len(), seed),
        }
        .map_err(|e| e.to_string())?;
        let mut session = Session {
            game,
            names: names.to_vec(),
            seats,
            tokens,
            lines: Vec::new(),
            narrator: Narrator::default(),
        };
        if setup.near_end {
            let mut greedy: Vec<Box<dyn Decider<HpGame>>> = (0..names.len())
                .map(|_| {
                    let greedy = bots::bot::<HpGame>("greedy").map_err(|e| e.to_string())?;
                    Ok(Box::new(UntilBagEmpty(greedy)) as Box<dyn Decider<HpGame>>)
                })
                .collect::<Result<_, String>>()?;
            session.advance_with(&mut greedy)?;
        }
        session.advance()?;
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

    /// Plays with `deciders` until someone has no answer.
    fn advance_with(&mut self, deciders: &mut [Box<dyn Decider<HpGame>>]) -> Result<(), String> {
        let (narrator, names, lines) = (&mut self.narrator, &self.names, &mut self.lines);
        // What happened before anyone answered (Gryffindor's opening cards) comes first.
        lines.extend(narrator.lines(&self.game, names));
        play_out(&mut self.game, deciders, |game: &HpGame| {
            lines.extend(narrator.lines(game, names));
        })
        .map_err(|e| e.to_string())?;
        Ok(())
    }

    /// The bots play until a person is asked something or the game ends.
    fn advance(&mut self) -> Result<(), String> {
        let mut seats = std::mem::take(&mut self.seats);
        let done = self.advance_with(&mut seats);
        self.seats = seats;
        done
    }

    /// The lines from `from` on that `seat` may read (`None`: a spectator's).
    fn lines_for(&self, from: usize, seat: Option<usize>) -> Vec<String> {
        let reader = seat.map_or(Reader::Spectator, Reader::Seat);
        self.lines[from..]
            .iter()
            .filter(|line| line.read_by(reader))
            .map(|line| line.text.clone())
            .collect()
    }

    /// The question waiting for `seat`, or why it may not act now.
    fn asked(&self, seat: usize) -> Result<HpQuestion, Refusal> {
        match self.game.pending() {
            None => Err(Refusal::Conflict("the game is over".into())),
            Some(Pending { seat: asked, .. }) if asked != seat => Err(Refusal::Conflict(format!(
                "it is player {}'s turn",
                asked + 1
            ))),
            Some(pending) => Ok(pending.question),
        }
    }

    /// Answers the question waiting for `seat`; a refusal is the game's reason.
    fn answer(&mut self, answer: HpAnswer) -> Result<(), Refusal> {
        self.game
            .answer(answer)
            .map_err(|rejected| Refusal::Unprocessable(rejected.reason.to_string()))?;
        let told = self.narrator.lines(&self.game, &self.names);
        self.lines.extend(told);
        Ok(())
    }

    /// After `seat`'s answer: the bots' replies, and the lines since `from` it may read.
    fn replies(&mut self, from: usize, seat: usize) -> Result<Vec<String>, Refusal> {
        self.advance().map_err(Refusal::Unprocessable)?;
        Ok(self.lines_for(from, Some(seat)))
    }

    /// A person's move (`8H WORD`, `H8 WORD`, `exchange TILES`, `pass`), then the bots' replies.
    /// `discard` names the tiles to return when Engorgio leaves the rack over-full.
    pub fn play(&mut self, seat: usize, text: &str, discard: &str) -> Result<Vec<String>, Refusal> {
        let from = self.lines.len();
        let unprocessable = |e: String| Refusal::Unprocessable(e);
        if let HpQuestion::Discard { needed, .. } = self.asked(seat)? {
            self.answer(HpAnswer::Discard(parse_discard(discard, needed)?))?;
            return self.replies(from, seat);
        }
        let action = Move::parse(text, self.game.core().board())
            .map_err(|e| unprocessable(e.to_string()))?;
        let view = self.game.observation(seat);
        check_offered(&view, &action).map_err(unprocessable)?;
        // A word the lexicon lacks is challenged off: the turn is a pass, and after Engorgio
        // the rack is discarded down all the same.
        let taken = match view.core.check(&action) {
            Err(IllegalMove::NotAWord { .. }) => Move::Pass,
            _ => action,
        };
        let left = self
            .game
            .discard_needed(&taken)
            .map_err(|e| unprocessable(e.to_string()))?;
        let discard = if left > 0 {
            Some(parse_discard(discard, left)?)
        } else {
            None
        };
        if let HpQuestion::Challenge { .. } = self.asked(seat)? {
            self.answer(HpAnswer::Challenge(false))?;
        }
        if let HpQuestion::Card = self.asked(seat)? {
            self.answer(HpAnswer::Card(None))?;
        }
        self.answer(HpAnswer::Move(action))?;
        if let (Ok(HpQuestion::Discard { .. }), Some(discard)) = (self.asked(seat), discard) {
            self.answer(HpAnswer::Discard(discard))?;
        }
        self.replies(from, seat)
    }

    /// A person's Hogwarts card before their move (`revelio`, `expelliarmus 2`, ...).
    pub fn card(&mut self, seat: usize, text: &str) -> Result<Vec<String>, Refusal> {
        let from = self.lines.len();
        let words: Vec<&str> = text.split_whitespace().collect();
        let play =
            parse_card_play(&words, self.game.core().players()).map_err(Refusal::Unprocessable)?;
        if let HpQuestion::Challenge { .. } = self.asked(seat)? {
            self.answer(HpAnswer::Challenge(false))?;
        }
        match self.asked(seat)? {
            HpQuestion::Card => self.answer(HpAnswer::Card(Some(play)))?,
            _ => {
                return Err(Refusal::Conflict(
                    "a card is played before the move, one a turn".into(),
                ));
            }
        }
        self.replies(from, seat)
    }

    /// A person challenges the words just played: they stand (every word played is in the
    /// lexicon), so the challenger loses points.
    pub fn challenge(&mut self, seat: usize) -> Result<Vec<String>, Refusal> {
        let from = self.lines.len();
        match self.asked(seat)? {
            HpQuestion::Challenge { .. } => self.answer(HpAnswer::Challenge(true))?,
            _ => {
                return Err(Refusal::Conflict(
                    "there is no word to challenge now".into(),
                ));
            }
        }
        self.replies(from, seat)
    }

    /// The best five placements for a seat's rack.
    pub fn hints(&self, seat: usize) -> Vec<Value> {
        let board = self.game.core().board();
        hints(&self.game.observation(seat))
            .iter()
            .map(|hint| {
                json!({
                    "move": hint.placement.notation(board),
                    "score": hint.total(),
                    "detail": hint.detail(),
                })
            })
            .collect()
    }

    /// The game so far as GCG, as `seat` may see it.
    pub fn gcg(&self, seat: usize) -> String {
        gcg(&self.game, &self.names, Reader::Seat(seat))
    }

    /// What `seat` may see (`None`: a spectator, no rack or cards).
    pub fn state(&self, id: u64, seat: Option<usize>) -> Value {
        let core = self.game.core();
        let layout = &core.rules().layout;
        let backwards = |square: usize| {
            !core.board().at(square).is_empty()
                && [Direction::Across, Direction::Down]
                    .into_iter()
                    .any(|d| core.board().is_backwards(square, d))
        };
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
                            "backwards": backwards(square),
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
                    "score": self.game.score_now(s),
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
        let end = core.is_over().then(|| {
            let (lines, verdict) = end_lines(&self.game, &self.names);
            json!({ "lines": lines, "verdict": verdict })
        });
        let can_challenge =
            seat.is_some_and(|seat| matches!(self.asked(seat), Ok(HpQuestion::Challenge { .. })));
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
            "end": end,
            "moves": self.lines_for(0, seat),
            "can_challenge": can_challenge,
        })
    }
}

/// Reads the tiles to return after Engorgio.
fn parse_discard(text: &str, needed: usize) -> Result<Rack, Refusal> {
    match Rack::parse(text.trim()) {
        Ok(rack) if rack.len() == needed => Ok(rack),
        _ => Err(Refusal::Unprocessable(format!(
            "this move leaves more than 7 tiles: name {needed} to return in \"discard\""
        ))),
    }
}
