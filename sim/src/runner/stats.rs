//! The statistics the tables report: Wilson intervals for rates, Elo ratings from results.

use std::collections::BTreeMap;

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `successes` out of `trials` (successes may be fractional).
pub fn wilson(successes: f64, trials: f64) -> (f64, f64) {
    if trials <= 0.0 {
        return (0.0, 1.0);
    }
    let p = successes / trials;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / trials;
    let centre = (p + z2 / (2.0 * trials)) / denominator;
    let half = Z95 * (p * (1.0 - p) / trials + z2 / (4.0 * trials * trials)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Whether a rate's 95% interval excludes one half: the only case the tables call significant.
pub fn differs_from_half(successes: f64, trials: f64) -> bool {
    let (low, high) = wilson(successes, trials);
    high < 0.5 || low > 0.5
}

/// Elo ratings (mean 1500) fitted to pairwise results by the Bradley-Terry model.
///
/// `results[a][b]` is a's score against b (wins plus half the ties) and the games they played.
pub fn elo(results: &BTreeMap<String, BTreeMap<String, (f64, f64)>>) -> BTreeMap<String, f64> {
    let names: Vec<&String> = results.keys().collect();
    let mut strength: BTreeMap<&String, f64> = names.iter().map(|&n| (n, 1.0)).collect();
    // Minorisation-maximisation iterations; a small prior of one drawn game against an
    // average player keeps a bot that always wins (or loses) finite.
    for _ in 0..200 {
        let mut next = BTreeMap::new();
        for &name in &names {
            let mut wins = 0.5;
            let mut denominator = 1.0 / (strength[name] + 1.0);
            for (opponent, &(score, games)) in &results[name] {
                let Some(&theirs) = strength.get(opponent) else {
                    continue;
                };
                wins += score;
                denominator += games / (strength[name] + theirs);
            }
            next.insert(name, wins / denominator);
        }
        let mean_log: f64 =
            next.values().map(|s: &f64| s.ln()).sum::<f64>() / next.len().max(1) as f64;
        strength = next
            .into_iter()
            .map(|(n, s)| (n, (s.ln() - mean_log).exp()))
            .collect();
    }
    strength
        .into_iter()
        .map(|(name, s)| (name.clone(), 1500.0 + 400.0 * s.log10()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_a_known_interval() {
        // 60 of 100: the textbook Wilson interval is 0.5020 to 0.6906.
        let (low, high) = wilson(60.0, 100.0);
        assert!(
            (low - 0.5020).abs() < 1e-4 && (high - 0.6906).abs() < 1e-4,
            "{low} {high}"
        );
        assert!(differs_from_half(60.0, 100.0));
        assert!(!differs_from_half(55.0, 100.0));
    }

    #[test]
    fn elo_orders_the_stronger_bot_first_by_the_expected_gap() {
        let mut results = BTreeMap::new();
        results.insert(
            "a".to_string(),
            BTreeMap::from([("b".to_string(), (7500.0, 10000.0))]),
        );
        results.insert(
            "b".to_string(),
            BTreeMap::from([("a".to_string(), (2500.0, 10000.0))]),
        );
        let ratings = elo(&results);
        let gap = ratings["a"] - ratings["b"];
        // A 75% score is 191 Elo points.
        assert!((gap - 190.8).abs() < 2.0, "{gap}");
    }
}

/// Whether two rates differ at the 5% level (two-sided two-proportion z-test, pooled).
pub fn rates_differ(successes_a: f64, trials_a: f64, successes_b: f64, trials_b: f64) -> bool {
    // The normal approximation behind the test is poor on small groups (a card played in 32
    // seat-games): too few games are never called a difference.
    let fewest = reports::schema::MIN_GROUP_GAMES as f64;
    if trials_a < fewest || trials_b < fewest {
        return false;
    }
    let pooled = (successes_a + successes_b) / (trials_a + trials_b);
    let spread = (pooled * (1.0 - pooled) * (1.0 / trials_a + 1.0 / trials_b)).sqrt();
    if spread == 0.0 {
        return false;
    }
    ((successes_a / trials_a - successes_b / trials_b) / spread).abs() > Z95
}

#[cfg(test)]
mod difference_tests {
    use super::*;

    #[test]
    fn the_two_proportion_test_separates_clear_from_noisy_differences() {
        assert!(rates_differ(600.0, 1000.0, 500.0, 1000.0));
        assert!(!rates_differ(52.0, 100.0, 48.0, 100.0));
        assert!(!rates_differ(0.0, 0.0, 5.0, 10.0));
        // 28 wins of 32 against 100 of 1,000 is a wide gap on too few games.
        assert!(!rates_differ(28.0, 32.0, 100.0, 1000.0));
        assert!(rates_differ(80.0, 100.0, 100.0, 1000.0));
    }
}

/// A group's win rate against the rate its seats would give it: the group played `games` in
/// seats whose players won at the given rates (`(games there, that seat's rate)` pairs). The
/// expected rate, the edge (rate less expected) and the edge's 95% interval, treating the seats'
/// rates as known (each is measured over all of that seat's games, the group's among them).
pub fn edge_over_seats(wins: f64, by_seat: &[(f64, f64)]) -> SeatEdge {
    let games: f64 = by_seat.iter().map(|&(n, _)| n).sum();
    if games <= 0.0 {
        return SeatEdge::default();
    }
    let expected: f64 = by_seat.iter().map(|&(n, p)| n * p).sum();
    let variance: f64 = by_seat.iter().map(|&(n, p)| n * p * (1.0 - p)).sum();
    let edge = (wins - expected) / games;
    let half = Z95 * variance.max(0.0).sqrt() / games;
    SeatEdge {
        seat_rate: expected / games,
        edge,
        low: edge - half,
        high: edge + half,
    }
}

/// What [`edge_over_seats`] finds.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SeatEdge {
    /// The win rate the group's seats gave their players, weighted by its games in each.
    pub seat_rate: f64,
    /// The group's win rate less `seat_rate`.
    pub edge: f64,
    /// The edge's 95% interval.
    pub low: f64,
    /// See `low`.
    pub high: f64,
}

#[cfg(test)]
mod edge_tests {
    use super::*;

    #[test]
    fn an_edge_is_measured_against_the_seats_a_group_played_from() {
        // 100 games from a seat winning 60% and 100 from one winning 20%: 80 wins expected.
        let level = edge_over_seats(80.0, &[(100.0, 0.6), (100.0, 0.2)]);
        assert!((level.seat_rate - 0.4).abs() < 1e-12);
        assert!(level.edge.abs() < 1e-12 && level.low < 0.0 && level.high > 0.0);
        // 120 wins: 20 points above, with a spread of sqrt(24 + 16) wins.
        let above = edge_over_seats(120.0, &[(100.0, 0.6), (100.0, 0.2)]);
        assert!((above.edge - 0.2).abs() < 1e-12);
        let half = Z95 * 40f64.sqrt() / 200.0;
        assert!((above.low - (0.2 - half)).abs() < 1e-12 && above.low > 0.0);
        // A group that always sits where it alone sits matches its seat exactly.
        let alone = edge_over_seats(57.0, &[(200.0, 0.285)]);
        assert!(alone.edge.abs() < 1e-12);
        assert_eq!(edge_over_seats(0.0, &[]), SeatEdge::default());
    }
}
