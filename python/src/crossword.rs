//! The plain crossword game for Python: a table stepped one answer at a time through the
//! engine's `Stepped`, a seat's view kept as an owned snapshot (so Python may hold it), and
//! the legal moves listed as choices.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use engine::play::Stepped;
use engine::scrabble::tiles::{BLANK, KINDS, kind_char};
use engine::scrabble::{Board, Game as Crossword, Move, Observation as View, Rack, Rules};
use engine::scrabble::{MAX_PLAYERS, MoveGen, SIZE};
use lexicon::{Edition, Lexicon};
use pyo3::exceptions::PyValueError;
use runner::rules::crossword_rules;

use crate::contest::{refused, rules_args};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// What one seat may see, owned: the engine's view borrows the game, a snapshot does not.
pub(crate) struct Snapshot {
    pub(crate) seat: usize,
    pub(crate) rack: Rack,
    pub(crate) board: Board,
    pub(crate) scores: Vec<i32>,
    pub(crate) rack_sizes: Vec<usize>,
    pub(crate) keeps_leftovers: [bool; MAX_PLAYERS],
    pub(crate) bag_len: usize,
    pub(crate) unseen: [u8; KINDS],
    pub(crate) scoreless: u32,
    pub(crate) backwards: bool,
    pub(crate) rules: Arc<Rules>,
    pub(crate) lexicon: Arc<Lexicon>,
}

impl Snapshot {
    /// The snapshot of `view`, whose rules and lexicon are `rules` and `lexicon`.
    pub(crate) fn of(view: &View<'_>, rules: &Arc<Rules>, lexicon: &Arc<Lexicon>) -> Snapshot {
        let seats = view.scores.len();
        Snapshot {
            seat: view.seat,
            rack: view.rack,
            board: view.board.clone(),
            scores: view.scores.to_vec(),
            rack_sizes: view.rack_sizes[..seats].to_vec(),
            keeps_leftovers: view.keeps_leftovers,
            bag_len: view.bag_len,
            unseen: view.unseen,
            scoreless: view.scoreless,
            backwards: view.backwards,
            rules: rules.clone(),
            lexicon: lexicon.clone(),
        }
    }

    /// The engine's view of this snapshot, as a bot is shown it.
    pub(crate) fn view(&self) -> View<'_> {
        let mut rack_sizes = [0; MAX_PLAYERS];
        rack_sizes[..self.rack_sizes.len()].copy_from_slice(&self.rack_sizes);
        View {
            seat: self.seat,
            rack: self.rack,
            board: &self.board,
            scores: &self.scores,
            rack_sizes,
            keeps_leftovers: self.keeps_leftovers,
            bag_len: self.bag_len,
            unseen: self.unseen,
            scoreless: self.scoreless,
            rules: &self.rules,
            lexicon: &self.lexicon,
            backwards: self.backwards,
        }
    }

    /// Every legal answer: each placement (best score first), each distinct exchange, and
    /// the pass, in an order that depends only on the position.
    pub(crate) fn legal(&self, turn: u64) -> Vec<Choice> {
        let view = self.view();
        let mut placements = Vec::new();
        // After Confundo (the Harry Potter edition) words may also read backwards.
        MoveGen::new().generate_with(
            &self.board,
            &self.rules,
            &self.lexicon,
            &self.rack,
            self.backwards,
            |candidate| placements.push((Move::Place(candidate.placement()), candidate.score())),
        );
        let mut choices: Vec<Choice> = placements
            .into_iter()
            .map(|(action, score)| self.choice(action, score, turn))
            .collect();
        choices.sort_by(|a, b| b.score.cmp(&a.score).then_with(|| a.text.cmp(&b.text)));
        let mut exchanges = Vec::new();
        sub_racks(&self.rack, 0, Rack::EMPTY, &mut exchanges);
        for tiles in exchanges {
            let action = Move::Exchange(tiles);
            if view.check(&action).is_ok() {
                choices.push(self.choice(action, 0, turn));
            }
        }
        choices.push(self.choice(Move::Pass, 0, turn));
        for (index, choice) in choices.iter_mut().enumerate() {
            choice.index = Some(index);
        }
        choices
    }

    /// `action` as a choice of this seat at `turn`.
    pub(crate) fn choice(&self, action: Move, score: i32, turn: u64) -> Choice {
        let tiles = match &action {
            Move::Place(placement) => placement
                .tiles
                .iter()
                .take(usize::from(placement.len))
                .filter(|cell| !cell.is_empty())
                .map(|cell| kind_char(cell.kind()))
                .collect(),
            Move::Exchange(rack) => rack.to_string(),
            Move::Pass => String::new(),
        };
        Choice {
            text: action.notation(&self.board),
            action,
            score,
            tiles,
            seat: self.seat,
            turn,
            index: None,
        }
    }
}

/// Every non-empty sub-rack of `rack`, kinds from `kind` on, added to `so_far`.
pub(crate) fn sub_racks(rack: &Rack, kind: usize, so_far: Rack, out: &mut Vec<Rack>) {
    let Some(next) = (kind..KINDS).find(|&k| rack.count(k) > 0) else {
        if !so_far.is_empty() {
            out.push(so_far);
        }
        return;
    };
    let mut with = so_far;
    for _ in 0..=rack.count(next) {
        sub_racks(rack, next + 1, with, out);
        with.add(next);
    }
}

/// One legal answer: a placement, an exchange or the pass, at the turn it was listed.
#[pyclass(module = "owlery", frozen, from_py_object)]
#[derive(Clone)]
pub struct Choice {
    pub(crate) action: Move,
    /// The move in the game's notation (`8D QI`, `H7 F(A)RM`, `exchange QV`, `pass`).
    #[pyo3(get)]
    pub(crate) text: String,
    /// Points it scores now (0 for an exchange or the pass).
    #[pyo3(get)]
    pub(crate) score: i32,
    /// The tiles it takes from the rack (`?` for a blank), or those exchanged.
    #[pyo3(get)]
    tiles: String,
    /// The seat it is for.
    #[pyo3(get)]
    seat: usize,
    /// The turn it was listed at: a choice answers only that turn.
    #[pyo3(get)]
    turn: u64,
    /// Its place in the list of legal choices it came from (`None` for a bot's choice made
    /// before the list was asked for).
    #[pyo3(get)]
    index: Option<usize>,
}

crate::table::listed!(Choice, Move, action, turn);

#[pymethods]
impl Choice {
    /// `place`, `exchange` or `pass`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.action {
            Move::Place(_) => "place",
            Move::Exchange(_) => "exchange",
            Move::Pass => "pass",
        }
    }

    fn __repr__(&self) -> String {
        format!("Choice({:?}, score={})", self.text, self.score)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }
}

/// What one seat sees at one turn: its own rack, never another's, and not the bag's order.
#[pyclass(module = "owlery", frozen)]
pub struct Observation {
    snapshot: Snapshot,
    /// The turn it was seen at.
    #[pyo3(get)]
    turn: u64,
    legal: OnceLock<Vec<Choice>>,
}

impl Observation {
    /// Seat `snapshot.seat`'s view at `turn`.
    pub(crate) fn new(snapshot: Snapshot, turn: u64) -> Observation {
        Observation {
            snapshot,
            turn,
            legal: OnceLock::new(),
        }
    }

    /// The engine's view, for a bot.
    pub(crate) fn view(&self) -> View<'_> {
        self.snapshot.view()
    }

    /// The legal choices, listed once.
    pub(crate) fn choices(&self) -> &[Choice] {
        self.legal.get_or_init(|| self.snapshot.legal(self.turn))
    }

    /// `action` as this seat's choice now (scored as the game would), with its index where
    /// the legal choices were listed already.
    pub(crate) fn choice_of(&self, action: Move) -> PyResult<Choice> {
        let checked = self
            .view()
            .check(&action)
            .map_err(|reason| PyValueError::new_err(reason.to_string()))?;
        // Listing every move to find this one's index would cost more than the bot's search.
        if let Some(listed) = self
            .legal
            .get()
            .and_then(|l| l.iter().find(|c| c.action == action))
        {
            return Ok(listed.clone());
        }
        let score = checked.map_or(0, |play| play.score);
        Ok(self.snapshot.choice(action, score, self.turn))
    }

    /// Reads what a Python player answered: a `Choice` listed now, an index into
    /// [`Observation::choices`], or a move in notation.
    pub(crate) fn answer_of(&self, answer: &Bound<'_, PyAny>) -> PyResult<Move> {
        crate::table::read_answer(
            answer,
            self.snapshot.seat,
            self.turn,
            || self.choices(),
            |text| Move::parse(text, &self.snapshot.board).map_err(|e| e.to_string()),
            "a Choice, an index into legal() or a move such as '8D QI'",
        )
    }
}

/// The board as rows of text: `A`-`Z` a tile, `a`-`z` a blank, `.` an empty square.
pub(crate) fn board_rows(board: &Board) -> Vec<String> {
    (0..SIZE)
        .map(|row| (0..SIZE).map(|col| board.get(row, col).to_char()).collect())
        .collect()
}

/// Tiles by kind as text, letters in order and blanks as `?` last.
pub(crate) fn tiles_text(counts: &[u8; KINDS]) -> String {
    (0..KINDS)
        .filter(|&kind| kind != BLANK)
        .chain([BLANK])
        .flat_map(|kind| std::iter::repeat_n(kind_char(kind), usize::from(counts[kind])))
        .collect()
}

#[pymethods]
impl Observation {
    /// The seat looking.
    #[getter]
    fn seat(&self) -> usize {
        self.snapshot.seat
    }

    /// Its rack, e.g. `AEINST?`.
    #[getter]
    fn rack(&self) -> String {
        self.snapshot.rack.to_string()
    }

    /// The board, fifteen rows of fifteen characters.
    #[getter]
    fn board(&self) -> Vec<String> {
        board_rows(&self.snapshot.board)
    }

    /// Every seat's score.
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.snapshot.scores.clone()
    }

    /// Tiles on each seat's rack, as seen across the table.
    #[getter]
    fn rack_sizes(&self) -> Vec<usize> {
        self.snapshot.rack_sizes.clone()
    }

    /// Tiles in the bag.
    #[getter]
    fn bag(&self) -> usize {
        self.snapshot.bag_len
    }

    /// The tiles this seat has not seen (the bag and the other racks together).
    #[getter]
    fn unseen(&self) -> String {
        tiles_text(&self.snapshot.unseen)
    }

    /// Consecutive scoreless turns.
    #[getter]
    fn scoreless(&self) -> u32 {
        self.snapshot.scoreless
    }

    /// The legal choices now: placements by score, then exchanges, then the pass.
    fn legal(&self) -> Vec<Choice> {
        self.choices().to_vec()
    }

    /// The observation as a dict of plain values.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("seat", self.seat())?;
        dict.set_item("turn", self.turn)?;
        dict.set_item("rack", self.rack())?;
        dict.set_item("board", self.board())?;
        dict.set_item("scores", self.scores())?;
        dict.set_item("rack_sizes", self.rack_sizes())?;
        dict.set_item("bag", self.bag())?;
        dict.set_item("unseen", self.unseen())?;
        dict.set_item("scoreless", self.scoreless())?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "Observation(seat={}, turn={}, rack={:?}, scores={:?}, bag={})",
            self.seat(),
            self.turn,
            self.rack(),
            self.snapshot.scores,
            self.snapshot.bag_len
        )
    }
}

/// A game of Scrabble (the plain crossword game) stepped one answer at a time.
#[pyclass(module = "owlery")]
pub struct Game {
    game: Crossword,
    rules: Arc<Rules>,
    lexicon: Arc<Lexicon>,
    seed: u64,
    moves: Vec<String>,
}

impl Game {
    /// The answers applied so far.
    fn turn(&self) -> u64 {
        self.moves.len() as u64
    }

    /// Seat `seat`'s view now.
    fn observe_seat(&self, seat: usize) -> Observation {
        let view = self.game.view(seat);
        Observation::new(Snapshot::of(&view, &self.rules, &self.lexicon), self.turn())
    }
}

#[pymethods]
impl Game {
    /// A new game for `players` seats (2 to 4) whose tiles come from `seed`.
    /// The rules are the shipped ones changed by `rules` (a rules file), `set` (`KEY=VALUE`
    /// settings) and `data` (files by name), as in `owlery.sim`.
    #[new]
    #[pyo3(signature = (players = 2, seed = 0, rules = None, set = Vec::new(), data = None))]
    fn new(
        players: usize,
        seed: u64,
        rules: Option<PathBuf>,
        set: Vec<String>,
        data: Option<HashMap<String, PathBuf>>,
    ) -> PyResult<Game> {
        let data = rules_args(rules, set, data)?;
        let rules = crossword_rules(&data).map_err(refused)?;
        let lexicon = shared_lexicon();
        let game = Crossword::new(rules.clone(), lexicon.clone(), players, seed)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Game {
            game,
            rules,
            lexicon,
            seed,
            moves: Vec::new(),
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

    /// The seat whose answer the game waits for; `None` once it is over.
    #[getter]
    fn to_play(&self) -> Option<usize> {
        self.game.pending().map(|pending| pending.seat)
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Answers applied so far.
    #[getter(turn)]
    fn turn_count(&self) -> u64 {
        self.turn()
    }

    /// Every seat's score (with the end's adjustments once it is over).
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.game.scores().to_vec()
    }

    /// The seats with the highest score, once the game is over.
    #[getter]
    fn winners(&self) -> Vec<usize> {
        crate::table::winners(self.game.scores(), self.game.is_over())
    }

    /// Every answer so far, in notation.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.moves.clone()
    }

    /// What `seat` may see (by default, the seat to play).
    #[pyo3(signature = (seat = None))]
    fn observe(&self, seat: Option<usize>) -> PyResult<Observation> {
        let seat = crate::table::seat_to_observe(seat, self.to_play(), self.players())?;
        Ok(self.observe_seat(seat))
    }

    /// The legal choices of the seat to play (empty once the game is over).
    fn legal(&self) -> Vec<Choice> {
        match self.to_play() {
            Some(seat) => self.observe_seat(seat).legal(),
            None => Vec::new(),
        }
    }

    /// Plays the seat to play's answer: a `Choice` listed this turn, an index into `legal()`,
    /// or a move in notation (`8D QI`, `exchange QV`, `pass`). A refused answer raises
    /// `ValueError` and changes nothing.
    fn apply(&mut self, answer: &Bound<'_, PyAny>) -> PyResult<()> {
        let Some(seat) = self.to_play() else {
            return Err(PyValueError::new_err("the game is over"));
        };
        let action = self.observe_seat(seat).answer_of(answer)?;
        let text = self.game.notation(&action);
        self.game
            .answer(action)
            .map_err(|rejected| PyValueError::new_err(format!("{text}: {}", rejected.reason)))?;
        self.moves.push(text);
        Ok(())
    }

    /// The position as CGP, with the rack of the seat to play (the referee's view).
    fn cgp(&self) -> String {
        self.game.describe()
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(scrabble, players={}, seed={}, turn={}, scores={:?}{})",
            self.players(),
            self.seed,
            self.turn(),
            self.game.scores(),
            if self.is_over() { ", over" } else { "" }
        )
    }
}

/// The embedded word list, loaded once per process and shared.
pub(crate) fn shared_lexicon() -> Arc<Lexicon> {
    static LEXICON: OnceLock<Arc<Lexicon>> = OnceLock::new();
    LEXICON
        .get_or_init(|| Arc::new(Lexicon::embedded(Edition::Plain)))
        .clone()
}
