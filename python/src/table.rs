//! What every game's Python table shares: which seat to observe, and who won.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;

/// The seat to observe: `asked`, else the seat to play; refused past the table or once the
/// game is over with no seat named.
pub(crate) fn seat_to_observe(
    asked: Option<usize>,
    to_play: Option<usize>,
    players: usize,
) -> PyResult<usize> {
    match asked.or(to_play) {
        Some(seat) if seat < players => Ok(seat),
        Some(seat) => Err(PyIndexError::new_err(format!(
            "seat {seat}: expected 0 to {}",
            players - 1
        ))),
        None => Err(PyValueError::new_err("the game is over: no seat to play")),
    }
}

/// The seats with the highest score once the game is over (none before).
pub(crate) fn winners(scores: &[i32], over: bool) -> Vec<usize> {
    if !over {
        return Vec::new();
    }
    let best = scores.iter().copied().max().unwrap_or(0);
    (0..scores.len()).filter(|&s| scores[s] == best).collect()
}
