//! The statistics the tables report: Wilson intervals for rates, Elo ratings from results.

use std::collections::BTreeMap;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

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
    if trials_a <= 0.0 || trials_b <= 0.0 {
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
    }
}
