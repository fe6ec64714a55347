//! `simmer`: a simulating player that races its candidate moves: each is judged as
//! `lookahead` judges one (its equity less the next player's best reply, over racks drawn
//! from the unseen tiles), rack after rack, and a move is dropped as soon as the evidence says
//! it trails the leader; once the bag is empty with two players, the endgame is searched.

use engine::play::Decider;
use engine::scrabble::{Game, Move, Observation, Placement, Question};

use super::endgame::{BUDGET, EndgameSearch};
use super::equity::Equity;
use super::leaves::LeaveModel;
use super::lookahead::{Lookahead, Reach};

/// How far `simmer` looks: the candidates raced and the most racks any of them meets.
pub const STANDARD: Reach = Reach {
    width: 16,
    samples: 96,
};

/// Racks drawn per round; after each, the trailing moves are dropped.
const ROUND: usize = 8;

/// Racks every move meets before any is dropped.
const FIRST_LOOK: usize = 16;

/// A move is dropped once its mean deficit to the leader, over the racks both met, exceeds
/// this many standard errors of that deficit (about 2.5 % of dropping a move as good).
const DROP_AT: f64 = 2.0;

/// Races `equity`'s `width` best placements (and its exchange, when that is its choice):
/// every move meets the same racks, ROUND at a time; after FIRST_LOOK racks, a move whose
/// paired deficit to the leader is beyond DROP_AT standard errors is dropped; the race ends
/// with one move left or `samples` racks met, and the leader by mean worth is played. Once
/// the bag is empty in a two-player game it plays what [`EndgameSearch`] finds best.
#[derive(Debug, Clone)]
pub struct Simmer {
    reach: Reach,
    equity: Equity,
    lookahead: Lookahead,
    endgame: EndgameSearch,
    placements: Vec<(i32, Placement)>,
    moves: Vec<(i32, Move)>,
    /// Each move's worth against each rack so far: `worth[move * samples + rack]`.
    worth: Vec<i64>,
    alive: Vec<bool>,
    /// Each live move's reply against one rack.
    replies: Vec<i64>,
}

impl Simmer {
    /// A simmer valuing leaves by `model`, its draws seeded by `seed`, racing as `reach` says.
    pub fn new(model: &'static LeaveModel, seed: u64, reach: Reach) -> Simmer {
        Simmer {
            reach,
            equity: Equity::new(model),
            lookahead: Lookahead::with_reach(model, seed, reach),
            endgame: EndgameSearch::new(BUDGET),
            placements: Vec::with_capacity(reach.width),
            moves: Vec::with_capacity(reach.width + 1),
            worth: Vec::with_capacity((reach.width + 1) * reach.samples),
            alive: Vec::with_capacity(reach.width + 1),
            replies: Vec::with_capacity(reach.width + 1),
        }
    }

    /// Readies the bot for a new game: its draws reseeded from `seed`.
    pub fn start_game(&mut self, seed: u64) {
        self.lookahead.start_game(seed);
    }

    /// The move this bot makes from `observation`.
    pub fn choose(&mut self, observation: &Observation<'_>) -> Move {
        if let Some(verdict) = self.endgame.search(observation) {
            return verdict.chosen;
        }
        let (chosen, chosen_value) = self.equity.choose_valued(observation);
        self.equity
            .top_placements(observation, self.reach.width, &mut self.placements);
        self.moves.clear();
        let placements = self.placements.iter();
        self.moves
            .extend(placements.map(|&(value, placement)| (value, Move::Place(placement))));
        if !matches!(chosen, Move::Place(_)) {
            self.moves.push((chosen_value, chosen));
        }
        if self.moves.len() < 2 {
            return chosen;
        }
        let Some(samples) =
            self.lookahead
                .begin_judging(observation, &self.moves, self.reach.samples)
        else {
            return chosen;
        };
        let best = self.race(observation, samples);
        self.moves[best].1
    }

    /// Races the moves over `samples` racks; returns the index of the winner.
    fn race(&mut self, observation: &Observation<'_>, samples: usize) -> usize {
        let moves = self.moves.len();
        let others = observation.scores.len() as i64 - 1;
        self.worth.clear();
        self.worth.resize(moves * samples, 0);
        self.alive.clear();
        self.alive.resize(moves, true);
        self.replies.clear();
        self.replies.resize(moves, 0);
        let mut met = 0;
        while met < samples {
            let end = (met + ROUND).min(samples);
            for rack in met..end {
                let alive = &self.alive;
                self.lookahead
                    .replies_against(observation, rack, |m| alive[m], &mut self.replies);
                for judged in (0..moves).filter(|&m| self.alive[m]) {
                    let value = i64::from(self.moves[judged].0);
                    self.worth[judged * samples + rack] = value - self.replies[judged] / others;
                }
            }
            met = end;
            let leader = self.leader(samples, met);
            if met >= FIRST_LOOK.min(samples) {
                for judged in 0..moves {
                    if self.alive[judged]
                        && judged != leader
                        && self.trails(judged, leader, samples, met)
                    {
                        self.alive[judged] = false;
                    }
                }
            }
            if self.alive.iter().filter(|&&a| a).count() == 1 {
                break;
            }
        }
        self.leader(samples, met)
    }

    /// The live move of the highest mean worth over the first `met` racks (ties to the
    /// higher equity, which comes first).
    fn leader(&self, samples: usize, met: usize) -> usize {
        let sum = |m: usize| -> i64 { self.worth[m * samples..m * samples + met].iter().sum() };
        let mut best = None;
        for m in (0..self.moves.len()).filter(|&m| self.alive[m]) {
            let total = sum(m);
            if best.is_none_or(|(_, top)| total > top) {
                best = Some((m, total));
            }
        }
        best.map_or(0, |(m, _)| m)
    }

    /// Whether `judged` trails `leader` beyond doubt over the first `met` racks: the mean of
    /// their paired differences beyond DROP_AT standard errors of it.
    fn trails(&self, judged: usize, leader: usize, samples: usize, met: usize) -> bool {
        let n = met as f64;
        let (mut sum, mut squares) = (0.0, 0.0);
        for rack in 0..met {
            let d =
                (self.worth[leader * samples + rack] - self.worth[judged * samples + rack]) as f64;
            sum += d;
            squares += d * d;
        }
        let mean = sum / n;
        let variance = ((squares - sum * mean) / (n - 1.0)).max(0.0);
        let error = (variance / n).sqrt();
        // Identical worth on every rack: no doubt left, the equity order decides.
        mean > DROP_AT * error && mean > 0.0
    }
}

impl Decider<Game> for Simmer {
    fn name(&self) -> &str {
        "simmer"
    }

    fn start_game(&mut self, seed: u64) {
        Simmer::start_game(self, seed);
    }

    fn decide(&mut self, view: &Observation<'_>, _: Question) -> Option<Move> {
        Some(self.choose(view))
    }
}
