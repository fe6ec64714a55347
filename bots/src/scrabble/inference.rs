//! What the opponent's last play says about the tiles it kept (inference, as Macondo does):
//! leaves drawn from the unseen tiles, each kept as likely as the play was near the best its
//! rack allowed, for a simulating player to draw the opponent's racks around.

use engine::scrabble::{Board, Move, Observation, Rack, SIZE, unseen_by};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::equity::Equity;

/// How many leaves [`Inference::infer`] draws at most a turn, and keeps at most.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tries {
    /// Leaves drawn and tested.
    pub drawn: usize,
    /// Leaves kept: the draw stops once this many pass.
    pub kept: usize,
}

/// A leave passing its test is kept with probability `exp(-gap / SOFTNESS)`, `gap` being how
/// far (hundredths of a point) its play fell short of the best equity that rack allowed: an
/// `equity` opponent's own leave always passes, and an opponent judging otherwise is not
/// taken to have played the one best move.
pub const SOFTNESS: f64 = 100.0;

/// Fewer leaves kept than this say too little (the opponent plays unlike `equity`, or the
/// tries ran out): the opponent's racks are then drawn from all the unseen tiles.
pub const FEWEST_KEPT: usize = 4;

/// The position after this seat's own move, remembered until its next turn, and the leaves
/// the opponent's play between them says it may have kept.
#[derive(Debug, Clone)]
pub struct Inference {
    rng: Pcg64Mcg,
    /// The board after this seat's last move, if it remembers one this game.
    before: Option<Before>,
    board: Board,
    pool: Vec<u8>,
    leaves: Vec<Rack>,
}

/// What the opponent faced when it last moved, besides the board.
#[derive(Debug, Clone, Copy)]
struct Before {
    opponent_score: i32,
    bag_len: usize,
}

impl Inference {
    /// An inference drawing leaves with the generator seeded by `seed`.
    pub fn new(seed: u64) -> Inference {
        Inference {
            rng: Pcg64Mcg::seed_from_u64(seed),
            before: None,
            board: Board::empty(),
            pool: Vec::new(),
            leaves: Vec::new(),
        }
    }

    /// Readies it for a new game: nothing remembered, draws reseeded from `seed`.
    pub fn start_game(&mut self, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
        self.before = None;
    }

    /// Remembers the position `chosen` leaves, made from `observation`, for the next turn.
    pub fn remember(&mut self, observation: &Observation<'_>, chosen: &Move) {
        if observation.scores.len() != 2 {
            return;
        }
        self.board.clone_from(observation.board);
        let mut drawn = 0;
        if let Move::Place(placement) = chosen {
            placement.lay_on(&mut self.board);
            drawn = placement.placed_count().min(observation.bag_len);
        }
        self.before = Some(Before {
            opponent_score: observation.scores[1 - observation.seat],
            bag_len: observation.bag_len - drawn,
        });
    }

    /// The leaves the opponent may have kept from its last play, drawn and tested as
    /// [`SOFTNESS`] says with `equity`'s judgement, at most `tries` of them: empty where
    /// nothing is inferred (more than two players, an exchange or a pass, a board with brown
    /// squares, whose cards change racks, a play made with 6 tiles or fewer in the bag, which
    /// `equity` judges otherwise, or fewer than [`FEWEST_KEPT`] kept).
    pub fn infer(
        &mut self,
        observation: &Observation<'_>,
        equity: &mut Equity,
        tries: Tries,
    ) -> &[Rack] {
        self.leaves.clear();
        let Some(before) = self.before.take() else {
            return &self.leaves;
        };
        let Some((played, leave_len)) = self.played(observation, before) else {
            return &self.leaves;
        };
        let opponent = 1 - observation.seat;
        let score = observation.scores[opponent] - before.opponent_score;
        self.pool.clear();
        for (kind, &count) in observation.unseen.iter().enumerate() {
            self.pool
                .extend(std::iter::repeat_n(kind as u8, usize::from(count)));
        }
        if leave_len > self.pool.len() {
            return &self.leaves;
        }
        // Its view then: the board before its play, the bag then, and as unseen everything
        // but the board and its rack.
        let mut rack_sizes = observation.rack_sizes;
        rack_sizes[opponent] = played.len() + leave_len;
        let unseen_but_leave = unseen_by(&observation.rules.tiles, &self.board, &played);
        for _ in 0..tries.drawn {
            if self.leaves.len() == tries.kept {
                break;
            }
            let mut leave = Rack::EMPTY;
            for i in 0..leave_len {
                let j = self.rng.random_range(i..self.pool.len());
                self.pool.swap(i, j);
                leave.add(usize::from(self.pool[i]));
            }
            let mut rack = played;
            rack.add_all(&leave);
            let view = Observation {
                seat: opponent,
                rack,
                board: &self.board,
                rack_sizes,
                bag_len: before.bag_len,
                unseen: std::array::from_fn(|kind| unseen_but_leave[kind] - leave.count(kind)),
                scoreless: 0,
                backwards: false,
                ..*observation
            };
            let its_equity = score * 100 + equity.model().value(&leave);
            // Kept unless some move beat the play by more than a gap drawn to keep it with
            // probability exp(-gap / SOFTNESS).
            let gap = -SOFTNESS * (1.0 - self.rng.random::<f64>()).ln();
            let floor = its_equity.saturating_add(gap.min(f64::from(i32::MAX / 2)) as i32 + 1);
            if equity.choose_above(&view, floor).is_none() {
                self.leaves.push(leave);
            }
        }
        if self.leaves.len() < FEWEST_KEPT {
            self.leaves.clear();
        }
        &self.leaves
    }

    /// The tiles the opponent played since this seat's last move, and how many it kept,
    /// where its play is one `equity` judged by its static values and nothing else changed
    /// its rack.
    fn played(&self, observation: &Observation<'_>, before: Before) -> Option<(Rack, usize)> {
        let layout = &observation.rules.layout;
        let squares = 0..SIZE * SIZE;
        if observation.scores.len() != 2 || squares.clone().any(|s| layout.is_hogwarts(s)) {
            return None;
        }
        let mut played = Rack::EMPTY;
        for square in squares {
            let (then, now) = (self.board.at(square), observation.board.at(square));
            if then.is_empty() && !now.is_empty() {
                played.add(now.kind());
            } else if then != now {
                return None;
            }
        }
        let opponent = 1 - observation.seat;
        // Its rack now holds the leave and the tiles it drew, one for each played.
        let leave_len = observation.rack_sizes[opponent].checked_sub(played.len())?;
        let static_judgement = before.bag_len > 6 && before.bag_len >= played.len();
        (static_judgement && !played.is_empty() && leave_len > 0).then_some((played, leave_len))
    }
}
