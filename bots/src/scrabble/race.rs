//! A race of candidate moves over racks drawn for the next player: each move judged as
//! `lookahead` judges one (its equity less the best reply), rack after rack, and dropped as
//! soon as the evidence says it trails the leader, so the racks go to the moves still in doubt.

use engine::scrabble::{Move, Observation};

use super::lookahead::Lookahead;

/// When a race drops a move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RaceRule {
    /// Racks drawn per round; after each, the trailing moves are dropped.
    pub round: usize,
    /// Racks every move meets before any is dropped.
    pub first_look: usize,
    /// A move is dropped once its mean deficit to the leader, over the racks both met,
    /// exceeds this many standard errors of that deficit (2.0: about 2.5 % of dropping a
    /// move as good).
    pub drop_at: f64,
}

/// A race's buffers, reused turn after turn.
#[derive(Debug, Clone, Default)]
pub struct Race {
    /// Each move's worth against each rack so far: `worth[move * samples + rack]`.
    worth: Vec<i64>,
    alive: Vec<bool>,
    /// Each live move's reply against one rack.
    replies: Vec<i64>,
}

impl Race {
    /// Races `moves` (each with its equity, readied by [`Lookahead::begin_judging`]) over
    /// `samples` racks as `rule` says: every move meets the same racks, a round at a time;
    /// the race ends with one move left or every rack met. Returns the index of the live
    /// move of the highest mean worth (ties to the earlier, of higher equity).
    pub fn run(
        &mut self,
        lookahead: &mut Lookahead,
        observation: &Observation<'_>,
        moves: &[(i32, Move)],
        samples: usize,
        rule: RaceRule,
    ) -> usize {
        let count = moves.len();
        let others = observation.scores.len() as i64 - 1;
        self.worth.clear();
        self.worth.resize(count * samples, 0);
        self.alive.clear();
        self.alive.resize(count, true);
        self.replies.clear();
        self.replies.resize(count, 0);
        let mut met = 0;
        while met < samples {
            let end = (met + rule.round).min(samples);
            for rack in met..end {
                let alive = &self.alive;
                lookahead.replies_against(observation, rack, |m| alive[m], &mut self.replies);
                for judged in (0..count).filter(|&m| self.alive[m]) {
                    let value = i64::from(moves[judged].0);
                    self.worth[judged * samples + rack] = value - self.replies[judged] / others;
                }
            }
            met = end;
            let leader = self.leader(samples, met);
            if met >= rule.first_look.min(samples) {
                for judged in 0..count {
                    if self.alive[judged]
                        && judged != leader
                        && self.trails(judged, leader, samples, met, rule.drop_at)
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
        for m in (0..self.alive.len()).filter(|&m| self.alive[m]) {
            let total = sum(m);
            if best.is_none_or(|(_, top)| total > top) {
                best = Some((m, total));
            }
        }
        best.map_or(0, |(m, _)| m)
    }

    /// Whether `judged` trails `leader` beyond doubt over the first `met` racks: the mean of
    /// their paired differences beyond `drop_at` standard errors of it.
    fn trails(
        &self,
        judged: usize,
        leader: usize,
        samples: usize,
        met: usize,
        drop_at: f64,
    ) -> bool {
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
        mean > drop_at * error && mean > 0.0
    }
}
