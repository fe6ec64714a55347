//! What every game's Python table shares: which seat to observe, and who won.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::{PyClass, pyclass::boolean_struct};

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

/// A listed choice of one game's table: its answer, and the seat and step it answers.
pub(crate) trait Listed: PyClass + Sync {
    /// The engine's answer it stands for.
    type Answer: Clone;
    /// The answer.
    fn answer(&self) -> &Self::Answer;
    /// Its text, for messages.
    fn text(&self) -> &str;
    /// The seat it was listed for.
    fn seat(&self) -> usize;
    /// The step (or turn) it was listed at.
    fn step(&self) -> u64;
    /// What the game calls its steps in messages.
    const STEP: &'static str = "step";
}

/// Reads what a Python player answered seat `seat` at `step`: a choice listed then, an index
/// into `listed()`, or text `parse` reads; `expected` names these for the error otherwise.
pub(crate) fn read_answer<'a, C: Listed + PyClass<Frozen = boolean_struct::True> + 'a>(
    answer: &Bound<'_, PyAny>,
    seat: usize,
    step: u64,
    listed: impl FnOnce() -> &'a [C],
    parse: impl FnOnce(&str) -> Result<C::Answer, String>,
    expected: &str,
) -> PyResult<C::Answer> {
    if let Ok(choice) = answer.cast::<C>() {
        let choice = choice.get();
        if choice.step() != step || choice.seat() != seat {
            return Err(PyValueError::new_err(format!(
                "{:?} was listed for seat {} at {what} {}, not seat {seat} at {what} {step}",
                choice.text(),
                choice.seat(),
                choice.step(),
                what = C::STEP,
            )));
        }
        return Ok(choice.answer().clone());
    }
    if let Ok(index) = answer.extract::<usize>() {
        let choices = listed();
        return choices
            .get(index)
            .map(|c| c.answer().clone())
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "choice {index}: expected 0 to {} (the legal choices now)",
                    choices.len().saturating_sub(1)
                ))
            });
    }
    if let Ok(text) = answer.extract::<String>() {
        return parse(&text).map_err(PyValueError::new_err);
    }
    Err(PyValueError::new_err(format!(
        "{}: expected {expected}",
        answer.repr()?
    )))
}

/// Implements [`Listed`] for a choice class from its fields: the answer's, `text`, `seat`,
/// and the step's (with `turn` where the game counts turns).
macro_rules! listed {
    ($choice:ty, $answer:ty, $field:ident, $step:ident) => {
        impl $crate::table::Listed for $choice {
            type Answer = $answer;
            const STEP: &'static str = stringify!($step);

            fn answer(&self) -> &$answer {
                &self.$field
            }

            fn text(&self) -> &str {
                &self.text
            }

            fn seat(&self) -> usize {
                self.seat
            }

            fn step(&self) -> u64 {
                self.$step
            }
        }
    };
}
pub(crate) use listed;
