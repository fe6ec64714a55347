//! Monopoly: Harry Potter for Python: a table stepped question by question through the
//! engine's `Stepped` (a bid inside an auction inside a landing is one question), a seat's
//! view kept as a copy of the table with nothing hidden in it, and each question's answers
//! listed as typed answers (a bid or a deal discretised: any other is typed as text).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::OnceLock;

use crate::contest::{refused, rules_args};
use engine::hogwarts::House;
use engine::monopoly::questions::{ask, parse, typed};
use engine::monopoly::{
    Answer, Lot, Monopoly as Table, PropertyKind, Question, Trade, View, mask_bits,
};
use engine::play::Stepped;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList};

use crate::bot::Held;

/// The most distinct bids listed for one auction (evenly spaced from the opening bid to the
/// bidder's points; any other bid on the auction's steps may be typed).
const LISTED_BIDS: usize = 16;

/// One answer to a Monopoly question, at the step it was listed.
#[pyclass(module = "owlery", frozen, from_py_object)]
#[derive(Clone)]
pub struct MonopolyChoice {
    answer: Answer,
    /// The answer as a person types it (`y`, `n`, `40`, `mortgage 37`, `trade 2 take 6
    /// points 100`, `none`, `auto`).
    #[pyo3(get)]
    text: String,
    /// The seat it is for.
    #[pyo3(get)]
    seat: usize,
    /// The step (answers given in the game so far) it was listed at: it answers only that one.
    #[pyo3(get)]
    step: u64,
    /// Its place in the listed choices (`None` for a bot's answer not among them).
    #[pyo3(get)]
    index: Option<usize>,
}

crate::table::listed!(MonopolyChoice, Answer, answer, step);

#[pymethods]
impl MonopolyChoice {
    /// The kind of answer: `trade`, `mortgage`, `accept`, `crests`, `unmortgage`, `jail`,
    /// `explore`, `take_common_room`, `bid`, `ask_rent` or `raise`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.answer {
            Answer::Trade(_) => "trade",
            Answer::Mortgage(_) => "mortgage",
            Answer::Accept(_) => "accept",
            Answer::Crests(_) => "crests",
            Answer::Unmortgage(_) => "unmortgage",
            Answer::Jail(_) => "jail",
            Answer::Explore(_) => "explore",
            Answer::TakeCommonRoom(_) => "take_common_room",
            Answer::Bid(_) => "bid",
            Answer::AskRent(_) => "ask_rent",
            Answer::Raise(_) => "raise",
        }
    }

    fn __repr__(&self) -> String {
        format!("MonopolyChoice({:?})", self.text)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }
}

/// A question's name in Python.
fn question_kind(question: Question) -> &'static str {
    match question {
        Question::Trade => "trade",
        Question::Accept { .. } => "accept",
        Question::Crests => "crests",
        Question::Unmortgage => "unmortgage",
        Question::Jail => "jail",
        Question::Explore { .. } => "explore",
        Question::TakeCommonRoom { .. } => "take_common_room",
        Question::Bid { .. } => "bid",
        Question::AskRent { .. } => "ask_rent",
        Question::Raise { .. } => "raise",
    }
}

/// A deal as a dict: seats and property indices.
fn trade_dict<'py>(py: Python<'py>, trade: &Trade) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("from", trade.from)?;
    dict.set_item("to", trade.to)?;
    dict.set_item("give", mask_bits(trade.give).collect::<Vec<_>>())?;
    dict.set_item("take", mask_bits(trade.take).collect::<Vec<_>>())?;
    dict.set_item("points", trade.points)?;
    dict.set_item("give_cards", trade.give_cards)?;
    dict.set_item("take_cards", trade.take_cards)?;
    Ok(dict)
}

/// `question` as a dict: its `kind`, the `text` a person is shown, and what it is about.
fn question_dict<'py>(
    py: Python<'py>,
    view: &View<'_>,
    question: Question,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("kind", question_kind(question))?;
    dict.set_item("text", ask(view, question).text)?;
    match question {
        Question::Accept { trade } => dict.set_item("trade", trade_dict(py, &trade)?)?,
        Question::Explore { property } | Question::TakeCommonRoom { property } => {
            dict.set_item("property", property)?
        }
        Question::Bid { lot } => match lot {
            Lot::Property(property) => dict.set_item("property", property)?,
            Lot::LastCrest(house) => dict.set_item("last_crest", house.name())?,
        },
        Question::AskRent { payer, property } => {
            dict.set_item("payer", payer)?;
            dict.set_item("property", property)?;
        }
        Question::Raise { owed } => dict.set_item("owed", owed)?,
        Question::Trade | Question::Crests | Question::Unmortgage | Question::Jail => {}
    }
    Ok(dict)
}

/// The bids listed for an auction: pass, then at most [`LISTED_BIDS`] bids on the auction's
/// steps, evenly spaced from the opening bid to the bidder's points.
fn listed_bids(view: &View<'_>) -> Vec<String> {
    let numbers = &view.rules().numbers;
    let (opening, step) = (numbers.auction_opening, numbers.auction_step.max(1));
    let points = view.points(view.seat);
    let mut bids = vec!["0".to_string()];
    if points < opening {
        return bids;
    }
    let steps = ((points - opening) / step) as usize + 1;
    let picks = steps.min(LISTED_BIDS);
    for pick in 0..picks {
        let k = if picks == 1 {
            0
        } else {
            (pick * (steps - 1) + (picks - 1) / 2) / (picks - 1)
        };
        let bid = (opening + k as i32 * step).to_string();
        if bids.last() != Some(&bid) {
            bids.push(bid);
        }
    }
    bids
}

/// Typed answers to `question` from `view`: every yes and no, Jail choice and step to raise
/// points; no change, each property alone and all of them where properties are asked for;
/// bids spaced over what the seat can pay; and, before the roll, each single mortgage and
/// each deal of one property for its value with one other player. Each is read back by the
/// game's own parser, so every one listed is an answer the game takes.
fn options(view: &View<'_>, question: Question) -> Vec<(String, Answer)> {
    let me = view.seat;
    let board = view.board();
    let space = |p: usize| board.properties[p].space;
    let each_and_all = |mask: u32| {
        let mut texts = vec!["none".to_string()];
        texts.extend(mask_bits(mask).map(|p| space(p).to_string()));
        if mask.count_ones() > 1 {
            let all: Vec<String> = mask_bits(mask).map(|p| space(p).to_string()).collect();
            texts.push(all.join(" "));
        }
        texts
    };
    let texts: Vec<String> = match question {
        Question::Trade => {
            let mut texts = vec!["none".to_string()];
            let mine = view.owned(me);
            texts.extend(
                mask_bits(mine & !view.mortgaged()).map(|p| format!("mortgage {}", space(p))),
            );
            for other in (0..view.players()).filter(|&o| o != me && !view.is_out(o)) {
                for p in mask_bits(view.owned(other)) {
                    let value = board.properties[p].value;
                    texts.push(format!(
                        "trade {} take {} points {value}",
                        other + 1,
                        space(p)
                    ));
                }
                for p in mask_bits(mine) {
                    let value = board.properties[p].value;
                    texts.push(format!(
                        "trade {} give {} points -{value}",
                        other + 1,
                        space(p)
                    ));
                }
            }
            texts
        }
        Question::Accept { .. }
        | Question::Explore { .. }
        | Question::TakeCommonRoom { .. }
        | Question::AskRent { .. } => vec!["y".into(), "n".into()],
        Question::Crests => each_and_all(view.crestable(me)),
        Question::Unmortgage => each_and_all(view.owned(me) & view.mortgaged()),
        Question::Jail => ["pay", "card", "roll"].map(String::from).to_vec(),
        Question::Bid { .. } => listed_bids(view),
        Question::Raise { .. } => ask(view, question).choices,
    };
    texts
        .into_iter()
        .filter_map(|text| {
            parse(view, question, &text)
                .ok()
                .map(|answer| (text, answer))
        })
        .collect()
}

/// What one seat sees when asked: the table (everything on it is public) without the Owl
/// Post deck's order or the dice to come, and the question.
#[pyclass(module = "owlery", frozen)]
pub struct MonopolyObservation {
    table: Table,
    /// The seat looking.
    #[pyo3(get)]
    seat: usize,
    question: Option<Question>,
    /// Answers given in the game before this one.
    #[pyo3(get)]
    step: u64,
    legal: OnceLock<Vec<MonopolyChoice>>,
}

impl MonopolyObservation {
    /// Seat `seat`'s view of `view`'s table at `step`, asked `question` (if it is asked).
    pub(crate) fn new(
        view: &View<'_>,
        question: Option<Question>,
        step: u64,
    ) -> MonopolyObservation {
        MonopolyObservation {
            table: view.observed(),
            seat: view.seat,
            question,
            step,
            legal: OnceLock::new(),
        }
    }

    /// The engine's view, for a bot.
    pub(crate) fn view(&self) -> View<'_> {
        self.table.view(self.seat)
    }

    /// The question, or an error for a seat not asked one.
    fn asked(&self) -> PyResult<Question> {
        self.question.ok_or_else(|| {
            PyValueError::new_err(format!("seat {} is not asked anything now", self.seat))
        })
    }

    /// The listed answers, once.
    fn choices(&self) -> &[MonopolyChoice] {
        self.legal.get_or_init(|| {
            let Some(question) = self.question else {
                return Vec::new();
            };
            options(&self.view(), question)
                .into_iter()
                .enumerate()
                .map(|(index, (text, answer))| MonopolyChoice {
                    answer,
                    text,
                    seat: self.seat,
                    step: self.step,
                    index: Some(index),
                })
                .collect()
        })
    }

    /// `answer` as this seat's choice now: the listed one where the choices were listed.
    pub(crate) fn choice_of(&self, answer: Answer) -> MonopolyChoice {
        let listed = self.legal.get();
        if let Some(listed) = listed.and_then(|l| l.iter().find(|c| c.answer == answer)) {
            return listed.clone();
        }
        MonopolyChoice {
            text: typed(&self.view(), &answer),
            answer,
            seat: self.seat,
            step: self.step,
            index: None,
        }
    }

    /// Reads what a Python player answered: a `MonopolyChoice` listed now, `True` or
    /// `False` to a yes-or-no question, an index into the listed choices, or a typed answer.
    pub(crate) fn answer_of(&self, answer: &Bound<'_, PyAny>) -> PyResult<Answer> {
        let question = self.asked()?;
        // A bool is an int to Python: read it as yes or no before an index.
        let yes_no = answer
            .cast::<PyBool>()
            .ok()
            .map(|yes| if yes.is_true() { "y" } else { "n" });
        if let Some(text) = yes_no {
            return parse(&self.view(), question, text).map_err(PyValueError::new_err);
        }
        crate::table::read_answer(
            answer,
            self.seat,
            self.step,
            || self.choices(),
            |text| parse(&self.view(), question, text),
            "a MonopolyChoice, True or False, an index into legal() or a typed answer such as 'y' or '40'",
        )
    }
}

/// Properties of a mask as a list of indices.
fn indices(mask: u32) -> Vec<usize> {
    mask_bits(mask).collect()
}

#[pymethods]
impl MonopolyObservation {
    /// The question asked of this seat (`kind`, `text`, and what it is about), or `None`.
    #[getter]
    fn question<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.question
            .map(|question| question_dict(py, &self.view(), question))
            .transpose()
    }

    /// Every seat's house points.
    #[getter]
    fn points(&self) -> Vec<i32> {
        (0..self.table.players())
            .map(|s| self.table.points(s))
            .collect()
    }

    /// Every seat's space on the ring.
    #[getter]
    fn positions(&self) -> Vec<usize> {
        (0..self.table.players())
            .map(|s| self.table.position(s))
            .collect()
    }

    /// Every seat's house.
    #[getter]
    fn houses(&self) -> Vec<&'static str> {
        (0..self.table.players())
            .map(|s| self.table.house(s).name())
            .collect()
    }

    /// Whether each seat has gone out.
    #[getter]
    fn out(&self) -> Vec<bool> {
        (0..self.table.players())
            .map(|s| self.table.is_out(s))
            .collect()
    }

    /// Whether each seat is in Jail.
    #[getter]
    fn in_jail(&self) -> Vec<bool> {
        (0..self.table.players())
            .map(|s| self.table.in_jail(s))
            .collect()
    }

    /// Each seat's Get Out of Jail Free cards.
    #[getter]
    fn jail_cards(&self) -> Vec<u8> {
        (0..self.table.players())
            .map(|s| self.table.jail_cards(s))
            .collect()
    }

    /// Each property's owner (by property index; `None` while unexplored or the Bank's).
    #[getter]
    fn owners(&self) -> Vec<Option<usize>> {
        (0..self.table.rules().board.properties.len())
            .map(|p| self.table.owner(p))
            .collect()
    }

    /// Mortgaged properties (indices).
    #[getter]
    fn mortgaged(&self) -> Vec<usize> {
        indices(self.table.mortgaged())
    }

    /// Locations with a house crest (indices).
    #[getter]
    fn crested(&self) -> Vec<usize> {
        indices(self.table.crested())
    }

    /// Properties not yet explored (indices).
    #[getter]
    fn unexplored(&self) -> Vec<usize> {
        indices(self.table.unexplored())
    }

    /// Crests each house still has with the Bank.
    #[getter]
    fn crests_left<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for house in House::ALL {
            dict.set_item(house.name(), self.table.crests_left(house))?;
        }
        Ok(dict)
    }

    /// Turns played so far.
    #[getter]
    fn turns(&self) -> u32 {
        self.table.turns()
    }

    /// Cards left in the Owl Post deck (not their order).
    #[getter]
    fn deck(&self) -> usize {
        self.table.deck_len()
    }

    /// The answers listed for the question asked (none for a seat not asked).
    fn legal(&self) -> Vec<MonopolyChoice> {
        self.choices().to_vec()
    }

    /// The observation as a dict of plain values.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("seat", self.seat)?;
        dict.set_item("step", self.step)?;
        dict.set_item("question", self.question(py)?)?;
        dict.set_item("points", self.points())?;
        dict.set_item("positions", self.positions())?;
        dict.set_item("houses", self.houses())?;
        dict.set_item("out", self.out())?;
        dict.set_item("in_jail", self.in_jail())?;
        dict.set_item("jail_cards", self.jail_cards())?;
        dict.set_item("owners", self.owners())?;
        dict.set_item("mortgaged", self.mortgaged())?;
        dict.set_item("crested", self.crested())?;
        dict.set_item("unexplored", self.unexplored())?;
        dict.set_item("crests_left", self.crests_left(py)?)?;
        dict.set_item("turns", self.turns())?;
        dict.set_item("deck", self.deck())?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "MonopolyObservation(seat={}, step={}, question={:?}, points={:?})",
            self.seat,
            self.step,
            self.question.map(question_kind),
            self.points()
        )
    }
}

/// A game of Monopoly: Harry Potter stepped one answer at a time; the players' houses are
/// drawn from the seed, as the simulator draws them.
#[pyclass(module = "owlery")]
pub struct Monopoly {
    game: Table,
    seed: u64,
    answers: Vec<String>,
}

impl Monopoly {
    /// Seat `seat`'s view now, with the question if it is the one asked.
    fn observe_seat(&self, seat: usize) -> MonopolyObservation {
        let question = self
            .game
            .pending()
            .filter(|pending| pending.seat == seat)
            .map(|pending| pending.question);
        MonopolyObservation::new(&self.game.view(seat), question, self.answers.len() as u64)
    }
}

#[pymethods]
impl Monopoly {
    /// A new game for `players` seats (2 to 6) dealt from `seed`.
    /// The rules are the shipped ones changed by `rules` (a rules file), `set` (`KEY=VALUE`
    /// settings) and `data` (files by name), as in `owlery.sim`.
    #[new]
    #[pyo3(signature = (players = 4, seed = 0, rules = None, set = Vec::new(), data = None))]
    fn new(
        players: usize,
        seed: u64,
        rules: Option<PathBuf>,
        set: Vec<String>,
        data: Option<HashMap<String, PathBuf>>,
    ) -> PyResult<Monopoly> {
        let data = rules_args(rules, set, data)?;
        let rules = runner::rules::monopoly_rules(&data).map_err(refused)?;
        let error = |e: engine::monopoly::MonopolyError| PyValueError::new_err(e.to_string());
        let houses = Table::drawn_houses(&rules, players, seed).map_err(error)?;
        let game = Table::new(rules, &houses, seed).map_err(error)?;
        Ok(Monopoly {
            game,
            seed,
            answers: Vec::new(),
        })
    }

    /// The seats at the table.
    #[getter]
    fn players(&self) -> usize {
        self.game.players()
    }

    /// The seed the game was dealt from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// Each seat's house.
    #[getter]
    fn houses(&self) -> Vec<&'static str> {
        (0..self.game.players())
            .map(|s| self.game.house(s).name())
            .collect()
    }

    /// The board's properties, by index: `space`, `name`, `kind` (`location`, `common_room`,
    /// `spell`), `group` or `house`, `value`, `rent`, `crest_cost`, `mortgage`, `unmortgage`.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let board = &self.game.rules().board;
        let list = PyList::empty(py);
        for property in &board.properties {
            let dict = PyDict::new(py);
            dict.set_item("space", property.space)?;
            dict.set_item("name", &property.name)?;
            match property.kind {
                PropertyKind::Location(group) => {
                    dict.set_item("kind", "location")?;
                    dict.set_item("group", &board.groups[usize::from(group)].name)?;
                }
                PropertyKind::CommonRoom(house) => {
                    dict.set_item("kind", "common_room")?;
                    dict.set_item("house", house.name())?;
                }
                PropertyKind::Spell => dict.set_item("kind", "spell")?,
            }
            dict.set_item("value", property.value)?;
            dict.set_item("rent", property.rent.to_vec())?;
            dict.set_item("crest_cost", property.crest_cost)?;
            dict.set_item("mortgage", property.mortgage)?;
            dict.set_item("unmortgage", property.unmortgage)?;
            list.append(dict)?;
        }
        Ok(list)
    }

    /// The seat whose answer the game waits for; `None` once it is over.
    #[getter]
    fn to_play(&self) -> Option<usize> {
        self.game.pending().map(|pending| pending.seat)
    }

    /// The question asked (see `MonopolyObservation.question`), or `None` once it is over.
    #[getter]
    fn question<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.game
            .pending()
            .map(|pending| question_dict(py, &self.game.view(pending.seat), pending.question))
            .transpose()
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.ending().is_some()
    }

    /// How it ended (`explored`, `last standing`, `turn cap`), once it has.
    #[getter]
    fn ending(&self) -> Option<&'static str> {
        self.game.ending().map(|ending| ending.name())
    }

    /// Turns played so far.
    #[getter]
    fn turns(&self) -> u32 {
        self.game.turns()
    }

    /// Answers given so far.
    #[getter]
    fn step(&self) -> u64 {
        self.answers.len() as u64
    }

    /// Every seat's count if the game ended now (points, property values and crests).
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.game.final_scores()[..self.game.players()].to_vec()
    }

    /// The seats with the highest count, once the game is over.
    #[getter]
    fn winners(&self) -> Vec<usize> {
        crate::table::winners(&self.scores(), self.is_over())
    }

    /// Every answer so far, as typed.
    #[getter]
    fn answers(&self) -> Vec<String> {
        self.answers.clone()
    }

    /// What `seat` may see (by default, the seat to play).
    #[pyo3(signature = (seat = None))]
    fn observe(&self, seat: Option<usize>) -> PyResult<MonopolyObservation> {
        let seat = crate::table::seat_to_observe(seat, self.to_play(), self.players())?;
        Ok(self.observe_seat(seat))
    }

    /// The listed answers of the seat to play (empty once the game is over).
    fn legal(&self) -> Vec<MonopolyChoice> {
        match self.to_play() {
            Some(seat) => self.observe_seat(seat).legal(),
            None => Vec::new(),
        }
    }

    /// Gives the seat to play's answer: a `MonopolyChoice` listed now, `True`/`False` to a
    /// yes-or-no question, an index into `legal()`, or a typed answer (`y`, `40`,
    /// `mortgage 37`, `trade 2 give 1 take 3 points 20`). A refused answer raises
    /// `ValueError` and changes nothing.
    fn apply(&mut self, answer: &Bound<'_, PyAny>) -> PyResult<()> {
        let Some(seat) = self.to_play() else {
            return Err(PyValueError::new_err("the game is over"));
        };
        let observation = self.observe_seat(seat);
        let answer = observation.answer_of(answer)?;
        let text = typed(&observation.view(), &answer);
        self.game
            .answer(answer)
            .map_err(|rejected| PyValueError::new_err(format!("{text}: {}", rejected.reason)))?;
        self.answers.push(text);
        Ok(())
    }

    fn __repr__(&self) -> String {
        format!(
            "Monopoly(players={}, seed={}, turns={}, scores={:?}{})",
            self.players(),
            self.seed,
            self.game.turns(),
            self.scores(),
            if self.is_over() { ", over" } else { "" }
        )
    }
}

/// One of Owlery's Monopoly bots (`heuristic`, `mc-trader`, `random`, ...), answering from a
/// seat's observation.
#[pyclass(module = "owlery")]
pub struct MonopolyBot {
    held: Held<Table>,
}

#[pymethods]
impl MonopolyBot {
    /// The Monopoly bot registered as `name`.
    #[new]
    fn new(name: &str) -> PyResult<MonopolyBot> {
        Ok(MonopolyBot {
            held: Held::new(name)?,
        })
    }

    /// Its registry name.
    #[getter]
    fn name(&self) -> &str {
        self.held.name()
    }

    /// Readies it for a new game; a bot that draws random numbers reseeds from `seed`.
    fn start_game(&self, seed: u64) {
        self.held.start_game(seed);
    }

    /// Its answer to the question `observation` shows: the listed choice where it is one,
    /// else the answer as typed (a bid limit, a deal).
    fn choose(
        &self,
        py: Python<'_>,
        observation: &MonopolyObservation,
    ) -> PyResult<MonopolyChoice> {
        let question = observation.asked()?;
        let answer = self.held.decide(py, &observation.view(), question)?;
        Ok(observation.choice_of(answer))
    }

    fn __repr__(&self) -> String {
        format!("MonopolyBot({:?})", self.held.name())
    }
}
