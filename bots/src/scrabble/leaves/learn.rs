//! Learning the leave table from self-play: each leave's value is how much more its keeper
//! makes of its next turn than a keeper of nothing, who draws seven fresh tiles.
//!
//! After each turn whose draw refilled the rack, the tiles kept are a sample and the next
//! turn's equity its target: that turn's points plus the value, by the model being improved,
//! of the leave that turn kept (when its draw refilled the rack too). Sums are kept per leave
//! in whole hundredths, so chunks add up to the same totals in any order. A leave's value is
//! its mean target less the empty leave's, each mean shrunk towards a prior (a linear model,
//! shifted to the targets' level) by `smoothing` samples' weight: a leave seen rarely is
//! worth about what the prior says, one seen often what its games say.

use std::collections::BTreeMap;

use engine::scrabble::Rack;
use engine::scrabble::tiles::KINDS;
use serde::{Deserialize, Serialize};

use super::LeaveModel;
use super::table::{LeaveTable, for_each_possible_leave, rank};

/// Targets summed per leave: by the leave's rank in the table, (samples, sum in hundredths).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaveSums {
    by_rank: BTreeMap<u32, (u64, i64)>,
}

impl LeaveSums {
    /// Adds one sample: `leave` kept, then a next turn worth `target` hundredths.
    pub fn add(&mut self, leave: &Rack, target: i32) {
        let Some(rank) = rank(leave) else {
            return;
        };
        let sum = self.by_rank.entry(rank as u32).or_default();
        sum.0 += 1;
        sum.1 += i64::from(target);
    }

    /// Adds another's sums (another chunk's, thread's or shard's).
    pub fn merge(&mut self, other: &LeaveSums) {
        for (&rank, &(samples, sum)) in &other.by_rank {
            let mine = self.by_rank.entry(rank).or_default();
            mine.0 += samples;
            mine.1 += sum;
        }
    }

    /// Samples in all.
    pub fn samples(&self) -> u64 {
        self.by_rank.values().map(|&(samples, _)| samples).sum()
    }

    /// Distinct leaves seen.
    pub fn leaves_seen(&self) -> usize {
        self.by_rank.len()
    }

    /// The samples of `leave`.
    pub fn samples_of(&self, leave: &Rack) -> u64 {
        rank(leave)
            .and_then(|rank| self.by_rank.get(&(rank as u32)))
            .map_or(0, |&(samples, _)| samples)
    }

    /// The values learned: for every leave of one to six tiles `counts` allows, its smoothed
    /// mean target less the empty leave's, with `prior` the leave's value before any sample
    /// (in hundredths) and `smoothing` the prior's weight in samples. Returns the table and
    /// each possible leave with its value, in rank order.
    pub fn solve(
        &self,
        prior: &LeaveModel,
        counts: &[u8; KINDS],
        smoothing: f64,
    ) -> (LeaveTable, Vec<(Rack, i32)>) {
        // The prior's level among the targets: the mean of target less prior over samples.
        let (mut samples, mut excess) = (0.0, 0.0);
        for (&rank, &(n, sum)) in &self.by_rank {
            let leave = super::table::unrank(rank as usize);
            samples += n as f64;
            excess += sum as f64 - n as f64 * f64::from(prior.value(&leave));
        }
        let level = if samples > 0.0 { excess / samples } else { 0.0 };
        let smoothed = |leave: &Rack| -> f64 {
            let (n, sum) = rank(leave)
                .and_then(|rank| self.by_rank.get(&(rank as u32)))
                .map_or((0.0, 0.0), |&(n, sum)| (n as f64, sum as f64));
            let prior_target = f64::from(prior.value(leave)) + level;
            (sum + smoothing * prior_target) / (n + smoothing)
        };
        let empty = smoothed(&Rack::EMPTY);
        let mut table = LeaveTable::default();
        let mut leaves = Vec::new();
        for_each_possible_leave(counts, |leave| {
            let value = (smoothed(leave) - empty).round() as i32;
            table.set(leave, value);
            leaves.push((*leave, value));
        });
        (table, leaves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rack(text: &str) -> Rack {
        Rack::parse(text).unwrap()
    }

    #[test]
    fn values_are_means_over_the_empty_leave_shrunk_towards_the_prior() {
        let prior = LeaveModel::from_table(LeaveTable::default());
        let mut sums = LeaveSums::default();
        // The empty leave's next turns make 30 points; S's 38; Q's 20, seen once.
        for _ in 0..1000 {
            sums.add(&Rack::EMPTY, 3000);
            sums.add(&rack("S"), 3800);
        }
        sums.add(&rack("Q"), 2000);
        let counts = *engine::scrabble::TileSet::standard().counts();
        let (table, leaves) = sums.solve(&prior, &counts, 10.0);
        assert_eq!(leaves.len(), 914_624);
        let value = |text: &str| table.get(&rack(text)).unwrap();
        // The prior's level is the mean target, 33.99: S (1000 samples) keeps most of its
        // 8 points, Q (one sample) little of its -10, a leave never seen gets the prior.
        let level: f64 = (1000.0 * 3000.0 + 1000.0 * 3800.0 + 2000.0) / 2001.0;
        let empty = (1000.0 * 3000.0 + 10.0 * level) / 1010.0;
        let s = (1000.0 * 3800.0 + 10.0 * level) / 1010.0 - empty;
        let q = (2000.0 + 10.0 * level) / 11.0 - empty;
        assert_eq!(value("S"), s.round() as i32);
        assert_eq!(value("Q"), q.round() as i32);
        assert_eq!(value("Z"), (level - empty).round() as i32);
        assert!(value("S") > 750 && value("Q") < value("Z"));
    }

    #[test]
    fn sums_add_up_the_same_in_any_order() {
        let mut a = LeaveSums::default();
        let mut b = LeaveSums::default();
        a.add(&rack("AE"), 1200);
        b.add(&rack("AE"), -300);
        b.add(&rack("??"), 5000);
        a.add(&rack("AEINRST"), 100); // seven tiles: not in the table, not counted
        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b.clone();
        ba.merge(&a);
        assert_eq!(ab, ba);
        assert_eq!(ab.samples(), 3);
        assert_eq!(ab.samples_of(&rack("AE")), 2);
    }
}
