//! A model of the search's measures over a grid too large to play whole: each measure (a
//! group's share of the wins, or a card's worth) fitted as a quadratic in the parameters'
//! positions by least squares over the candidates played, so the grid's unplayed points it
//! expects nearest the target can join the race.

use std::collections::HashSet;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::Target;
use super::search::Candidate;
use super::tally::Tally;

/// Grid points predicted at most: a larger grid is predicted at this many drawn at random.
const MOST_PREDICTED: usize = 1_000_000;

/// One measure as a quadratic in the parameters' positions (each from 0 to 1 along its
/// values): a constant, a term per parameter, and one per pair and square.
#[derive(Debug, Clone)]
pub(super) struct Quadratic {
    coefficients: Vec<f64>,
}

/// The quadratic's terms at `position`.
fn terms(position: &[f64]) -> Vec<f64> {
    let mut terms = vec![1.0];
    terms.extend_from_slice(position);
    for i in 0..position.len() {
        for j in i..position.len() {
            terms.push(position[i] * position[j]);
        }
    }
    terms
}

impl Quadratic {
    /// The least-squares fit of `values` at `positions`; `None` with too few points for the
    /// terms (or points that cannot tell them apart).
    pub fn fit(positions: &[Vec<f64>], values: &[f64]) -> Option<Quadratic> {
        let rows: Vec<Vec<f64>> = positions.iter().map(|p| terms(p)).collect();
        let width = rows.first()?.len();
        if rows.len() < width {
            return None;
        }
        // The normal equations, solved by Gaussian elimination with partial pivoting.
        let mut system = vec![vec![0.0; width + 1]; width];
        for (row, &value) in rows.iter().zip(values) {
            for i in 0..width {
                for j in 0..width {
                    system[i][j] += row[i] * row[j];
                }
                system[i][width] += row[i] * value;
            }
        }
        // A light ridge: a parameter of two values makes its square the same column as itself.
        let ridge = 1e-9 * rows.len() as f64;
        for (i, row) in system.iter_mut().enumerate().skip(1) {
            row[i] += ridge;
        }
        for column in 0..width {
            let pivot = (column..width)
                .max_by(|&a, &b| system[a][column].abs().total_cmp(&system[b][column].abs()))?;
            if system[pivot][column].abs() < 1e-12 {
                return None;
            }
            system.swap(column, pivot);
            let pivot = system[column].clone();
            for (index, row) in system.iter_mut().enumerate() {
                if index != column {
                    let factor = row[column] / pivot[column];
                    for (x, p) in row[column..].iter_mut().zip(&pivot[column..]) {
                        *x -= factor * p;
                    }
                }
            }
        }
        let coefficients = (0..width)
            .map(|i| system[i][width] / system[i][i])
            .collect();
        Some(Quadratic { coefficients })
    }

    /// The fitted value at `position`.
    pub fn predict(&self, position: &[f64]) -> f64 {
        terms(position)
            .iter()
            .zip(&self.coefficients)
            .map(|(t, c)| t * c)
            .sum()
    }
}

/// Where a candidate (its index into each of `sizes` values) sits: each index from 0 to 1.
pub(super) fn position(sizes: &[usize], candidate: &[usize]) -> Vec<f64> {
    sizes
        .iter()
        .zip(candidate)
        .map(|(&size, &index)| {
            if size > 1 {
                index as f64 / (size - 1) as f64
            } else {
                0.0
            }
        })
        .collect()
}

/// At most `count` points of the grid of `sizes` not in `played`, those that `models`
/// predict nearest the target by `off` (of each model's prediction, in order), best first.
/// A grid of more than [`MOST_PREDICTED`] points is predicted at that many drawn from `seed`.
pub(super) fn proposals(
    sizes: &[usize],
    played: &HashSet<Vec<usize>>,
    models: &[Quadratic],
    off: impl Fn(&[f64]) -> f64,
    count: usize,
    seed: u64,
) -> Vec<Vec<usize>> {
    let total = sizes
        .iter()
        .try_fold(1usize, |total, &size| total.checked_mul(size));
    let decode = |mut number: usize| -> Vec<usize> {
        sizes
            .iter()
            .map(|&size| {
                let index = number % size;
                number /= size;
                index
            })
            .collect()
    };
    let points: Vec<Vec<usize>> = match total {
        Some(total) if total <= MOST_PREDICTED => (0..total).map(decode).collect(),
        _ => {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            (0..MOST_PREDICTED)
                .map(|_| {
                    sizes
                        .iter()
                        .map(|&size| rng.random_range(0..size))
                        .collect()
                })
                .collect()
        }
    };
    let mut scored: Vec<(f64, Vec<usize>)> = points
        .into_iter()
        .filter(|point| !played.contains(point))
        .map(|point| {
            let at = position(sizes, &point);
            let predicted: Vec<f64> = models.iter().map(|model| model.predict(&at)).collect();
            (off(&predicted), point)
        })
        .collect();
    scored.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored
        .into_iter()
        .take(count)
        .map(|(_, point)| point)
        .collect()
}

/// At most `count` candidates of the grid of `sizes`, none of those in `standing`, that
/// quadratics fitted to `standing`'s measures put nearest `target` with `players` seats;
/// none where the measures cannot be fitted.
pub(super) fn propose(
    standing: &[(Candidate, Tally)],
    sizes: &[usize],
    target: Target,
    players: usize,
    count: usize,
    seed: u64,
) -> Vec<Vec<usize>> {
    let positions: Vec<Vec<f64>> = standing
        .iter()
        .map(|((_, candidate), _)| position(sizes, candidate))
        .collect();
    let measured: Vec<Vec<f64>> = standing.iter().map(|(_, t)| t.measures(target)).collect();
    let width = measured.first().map_or(0, Vec::len);
    if width == 0 || measured.iter().any(|m| m.len() != width) {
        return Vec::new();
    }
    let models: Option<Vec<Quadratic>> = (0..width)
        .map(|m| {
            let values: Vec<f64> = measured.iter().map(|v| v[m]).collect();
            Quadratic::fit(&positions, &values)
        })
        .collect();
    let Some(models) = models else {
        return Vec::new();
    };
    let played: HashSet<Vec<usize>> = standing.iter().map(|((_, c), _)| c.clone()).collect();
    proposals(
        sizes,
        &played,
        &models,
        |v| target.off(v, players),
        count,
        seed,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quadratic_is_fitted_exactly_and_proposes_its_minimum() {
        // y = 1 + 2a - 3b + 4ab + b^2 over a 5 x 4 grid.
        let sizes = [5, 4];
        let truth = |p: &[f64]| 1.0 + 2.0 * p[0] - 3.0 * p[1] + 4.0 * p[0] * p[1] + p[1] * p[1];
        let points: Vec<Vec<usize>> = (0..5)
            .flat_map(|a| (0..4).map(move |b| vec![a, b]))
            .collect();
        let positions: Vec<Vec<f64>> = points.iter().map(|p| position(&sizes, p)).collect();
        let values: Vec<f64> = positions.iter().map(|p| truth(p)).collect();
        let model = Quadratic::fit(&positions, &values).unwrap();
        for at in &positions {
            assert!((model.predict(at) - truth(at)).abs() < 1e-6);
        }
        // Too few points for six terms.
        assert!(Quadratic::fit(&positions[..5], &values[..5]).is_none());
        // A parameter of two values: its square is itself, and the fit still stands.
        let two: Vec<Vec<f64>> = (0..12)
            .map(|i| vec![(i % 2) as f64, (i / 2) as f64 / 5.0])
            .collect();
        let line: Vec<f64> = two.iter().map(|p| 3.0 - p[0] + 2.0 * p[1]).collect();
        let flat = Quadratic::fit(&two, &line).unwrap();
        for (at, value) in two.iter().zip(&line) {
            assert!((flat.predict(at) - value).abs() < 1e-6);
        }
        // Nearest to 2.0, leaving out what was played.
        let played: HashSet<Vec<usize>> = [vec![0, 0]].into();
        let best = proposals(&sizes, &played, &[model], |v| (v[0] - 2.0).abs(), 2, 1);
        let expected: Vec<f64> = best.iter().map(|p| truth(&position(&sizes, p))).collect();
        assert_eq!(best.len(), 2);
        for (point, value) in points.iter().zip(&values) {
            if !played.contains(point) && !best.contains(point) {
                assert!(
                    expected
                        .iter()
                        .all(|e| (e - 2.0).abs() <= (value - 2.0).abs() + 1e-9)
                );
            }
        }
    }
}
