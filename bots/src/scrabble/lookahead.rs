//! `lookahead`: equity's best few moves, each judged by the opponent's best reply to it over
//! racks drawn from the tiles unseen (a two-ply Monte Carlo simulation, as Quackle's simmer).

use engine::scrabble::tiles::{Cell, KINDS};
use engine::scrabble::{Board, Move, Observation, Placement, Rack, SIZE};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::Bot;
use super::equity::Equity;
use super::leaves::LeaveModel;

/// Moves of highest equity looked at each turn.
pub const WIDTH: usize = 8;

/// Opponent racks drawn each turn; every move is tried against the same ones.
pub const SAMPLES: usize = 24;

/// Plays the move worth most by its equity less the equity of the opponent's best reply,
/// averaged over racks drawn for the opponent from the tiles this seat has not seen. Only the
/// `WIDTH` moves of highest equity (and equity's exchange, if that is its choice) are looked
/// at. With other than two players, once the bag is empty, or with a word to be read
/// backwards, it plays as `equity` does.
#[derive(Debug, Clone)]
pub struct Lookahead {
    equity: Equity,
    rng: Pcg64Mcg,
    /// This turn's moves looked at, with their equity.
    moves: Vec<(i32, Move)>,
    placements: Vec<(i32, Placement)>,
    /// This turn's opponent racks.
    samples: Vec<Rack>,
    /// The unseen tiles, one entry a tile, shuffled in part for each sample.
    pool: Vec<u8>,
    /// The position with each move looked at laid on it in turn (and taken off again).
    board: Board,
}

impl Lookahead {
    /// A lookahead bot valuing leaves by `model`, its draws seeded by `seed`.
    pub fn new(model: &'static LeaveModel, seed: u64) -> Lookahead {
        Lookahead {
            equity: Equity::new(model),
            rng: Pcg64Mcg::seed_from_u64(seed),
            moves: Vec::with_capacity(WIDTH + 1),
            placements: Vec::with_capacity(WIDTH),
            samples: Vec::with_capacity(SAMPLES),
            pool: Vec::new(),
            board: Board::empty(),
        }
    }

    /// Fills `samples` with racks of `tiles` tiles drawn without replacement from `unseen`.
    fn draw_samples(&mut self, unseen: &[u8; KINDS], tiles: usize) {
        self.pool.clear();
        for (kind, &count) in unseen.iter().enumerate() {
            self.pool
                .extend(std::iter::repeat_n(kind as u8, usize::from(count)));
        }
        self.samples.clear();
        let tiles = tiles.min(self.pool.len());
        for _ in 0..SAMPLES {
            let mut rack = Rack::EMPTY;
            // A partial Fisher-Yates shuffle: the first `tiles` entries are the draw.
            for i in 0..tiles {
                let j = self.rng.random_range(i..self.pool.len());
                self.pool.swap(i, j);
                rack.add(usize::from(self.pool[i]));
            }
            self.samples.push(rack);
        }
    }

    /// The summed equity of the opponent's best reply on `board` over this turn's samples,
    /// with `drawn` tiles gone from the bag.
    fn replies(&mut self, observation: &Observation<'_>, board: &Board, drawn: usize) -> i64 {
        let opponent = 1 - observation.seat;
        let mut total = 0;
        for s in 0..self.samples.len() {
            let seen = Observation {
                seat: opponent,
                rack: self.samples[s],
                board,
                bag_len: observation.bag_len - drawn,
                scoreless: 0,
                backwards: false,
                ..*observation
            };
            total += i64::from(self.equity.choose_valued(&seen).1);
        }
        total
    }
}

impl Bot for Lookahead {
    fn name(&self) -> &'static str {
        "lookahead"
    }

    fn start_game(&mut self, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
    }

    fn choose(&mut self, observation: &Observation<'_>) -> Move {
        let (chosen, chosen_value) = self.equity.choose_valued(observation);
        let unseen_tiles: usize = observation.unseen.iter().map(|&n| usize::from(n)).sum();
        // Two players: the opponent holds every unseen tile not in the bag.
        let opponent_tiles = unseen_tiles.saturating_sub(observation.bag_len);
        if observation.scores.len() != 2
            || observation.bag_len == 0
            || observation.backwards
            || opponent_tiles == 0
        {
            return chosen;
        }
        let mut placements = std::mem::take(&mut self.placements);
        self.equity
            .top_placements(observation, WIDTH, &mut placements);
        self.moves.clear();
        self.moves.extend(
            placements
                .iter()
                .map(|&(value, placement)| (value, Move::Place(placement))),
        );
        self.placements = placements;
        if !matches!(chosen, Move::Place(_)) {
            self.moves.push((chosen_value, chosen));
        }
        if self.moves.len() < 2 {
            return chosen;
        }
        self.draw_samples(&observation.unseen, opponent_tiles);
        let mut best: Option<(i64, Move)> = None;
        let moves = std::mem::take(&mut self.moves);
        // Plain data: a copy, no allocation.
        let mut board = std::mem::take(&mut self.board);
        board.clone_from(observation.board);
        for &(value, action) in &moves {
            let placement = match action {
                Move::Place(placement) => Some(placement),
                _ => None,
            };
            let placed = || placement.iter().flat_map(|p| p.placed());
            for (square, cell) in placed() {
                board.set(square / SIZE, square % SIZE, cell);
            }
            let drawn = placement.map_or(0, |p| p.placed_count().min(observation.bag_len));
            let replies = self.replies(observation, &board, drawn);
            for (square, _) in placed() {
                board.set(square / SIZE, square % SIZE, Cell::EMPTY);
            }
            let worth = i64::from(value) * self.samples.len() as i64 - replies;
            if best.as_ref().is_none_or(|(top, _)| worth > *top) {
                best = Some((worth, action));
            }
        }
        self.board = board;
        self.moves = moves;
        best.map_or(chosen, |(_, action)| action)
    }
}
