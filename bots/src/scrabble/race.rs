//! A race of candidate moves over racks drawn for the next player: each move judged as
//! `lookahead` judges one (its equity less the best reply), rack after rack, and dropped as
//! soon as the evidence says it trails the leader, so the racks go to the moves still in doubt.

use engine::scrabble::{Move, Observation};

use super::lookahead::Lookahead;
use super::odds::win_chance;

/// What a race's moves are worth on a rack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    /// The move's equity less the reply's, in hundredths of a point.
    Points,
    /// With two players and tiles in the bag, the chance of winning after the move and the
    /// reply ([`win_chance`] of the lead, the leaves' values counted in), the lead breaking
    /// ties; otherwise as [`Objective::Points`].
    Wins,
}

/// Units of a win chance in a move's worth: a chance of 1 is worth this many, so that the
/// lead (in points) counts only between moves the odds cannot tell apart.
const WIN_UNITS: f64 = 1e9;

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
    /// What the moves are worth.
    pub objective: Objective,
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
        let odds = Odds::of(rule.objective, observation);
        let played_out = lookahead.plays_out();
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
                    let points = value - self.replies[judged] / others;
                    self.worth[judged * samples + rack] = match &odds {
                        _ if played_out => ending_worth(self.replies[judged], rule.objective),
                        Some(odds) => odds.worth(&moves[judged].1, points),
                        None => points,
                    };
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

/// What a turn's moves are worth by [`Objective::Wins`]: the lead now, the tiles unseen and
/// those in the bag (a move's draw is seen by its next turn).
#[derive(Debug, Clone, Copy)]
pub struct Odds {
    lead: i64,
    unseen: usize,
    bag_len: usize,
}

impl Odds {
    /// The odds `objective` judges a turn's moves by, where it judges by them:
    /// [`Objective::Wins`] with two players and tiles in the bag (once it is empty a
    /// judgement searches plies to near the end, and its points are the spread).
    pub fn of(objective: Objective, observation: &Observation<'_>) -> Option<Odds> {
        let judged_by_odds = objective == Objective::Wins
            && observation.scores.len() == 2
            && observation.bag_len > 0;
        if !judged_by_odds {
            return None;
        }
        let seat = observation.seat;
        let lead = observation.scores[seat] - observation.scores[1 - seat];
        Some(Odds {
            lead: i64::from(lead) * 100,
            unseen: observation.unseen.iter().map(|&n| usize::from(n)).sum(),
            bag_len: observation.bag_len,
        })
    }

    /// The worth of `action` on a rack where it gains `points` (hundredths) over the reply.
    pub fn worth(&self, action: &Move, points: i64) -> i64 {
        worth_in_wins(
            self.lead + points,
            unseen_after(action, self.bag_len, self.unseen),
        )
    }
}

/// A rack's worth under [`Objective::Wins`]: the chance of winning from `lead` (hundredths
/// of a point, the leaves' values counted in) with `unseen` tiles unseen, in [`WIN_UNITS`],
/// plus the lead in points.
fn worth_in_wins(lead: i64, unseen: usize) -> i64 {
    let chance = win_chance(lead as f64 / 100.0, unseen);
    (chance * WIN_UNITS).round() as i64 + lead / 100
}

/// The chance of winning a worth by [`Objective::Wins`] gives, in hundredths of a percent
/// (the lead it also counts, to break ties, is below that).
pub fn chance_of_worth(worth: i64) -> i64 {
    (worth as f64 / WIN_UNITS * 10_000.0).round() as i64
}

/// A move's worth against a rack where it was played out to the end of the game with a final
/// `spread` (hundredths of a point): by [`Objective::Wins`] a win, half of one for a tie, in
/// [`WIN_UNITS`], plus the spread in points; by [`Objective::Points`] the spread.
pub fn ending_worth(spread: i64, objective: Objective) -> i64 {
    match objective {
        Objective::Points => spread,
        Objective::Wins => {
            let wins = match spread.signum() {
                1 => WIN_UNITS,
                0 => WIN_UNITS / 2.0,
                _ => 0.0,
            };
            wins as i64 + spread / 100
        }
    }
}

/// The tiles this seat will not have seen when its turn comes again after `action` and a
/// reply: those it draws after the move and about four the reply lays are seen by then.
fn unseen_after(action: &Move, bag_len: usize, unseen: usize) -> usize {
    const REPLY_LAYS: usize = 4;
    let drawn = match action {
        Move::Place(placement) => placement.placed_count().min(bag_len),
        _ => 0,
    };
    unseen.saturating_sub(drawn + REPLY_LAYS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worth of a move over racks, each its lead after the reply in points.
    fn mean_worth(leads: &[i64], unseen: usize) -> i64 {
        leads
            .iter()
            .map(|&lead| worth_in_wins(lead * 100, unseen))
            .sum::<i64>()
            / leads.len() as i64
    }

    #[test]
    fn by_wins_a_leader_plays_safe_and_a_trailer_takes_risks() {
        // Late in the game, two moves of the same mean lead: one steady, one swinging.
        let (steady, swinging) = ([50, 50], [100, 0]);
        assert!(mean_worth(&steady, 10) > mean_worth(&swinging, 10));
        let (steady, swinging) = ([-90, -90], [-40, -140]);
        assert!(mean_worth(&swinging, 10) > mean_worth(&steady, 10));
        // Where the odds cannot tell two moves apart, the lead does.
        assert!(worth_in_wins(90_000, 0) > worth_in_wins(80_000, 0));
        assert!(worth_in_wins(-80_000, 0) > worth_in_wins(-90_000, 0));
    }
}
