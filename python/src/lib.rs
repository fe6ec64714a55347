//! Owlery for Python: the crossword game, the Harry Potter edition, the card game (Classic,
//! Forfeit, Rummy) and Monopoly as environments stepped answer by
//! answer, Owlery's bots asked from Python, Python players seated in the simulator, and runs
//! written as the `owlery` command writes them (the `owlery` package reads their tables as
//! DataFrames).

use pyo3::prelude::*;

mod bot;
mod cards;
mod compare;
mod contest;
mod crossword;
mod hogwarts;
mod monopoly;
mod players;
mod rummy;
mod run;
mod table;

/// The extension module behind the `owlery` package.
#[pymodule]
fn _owlery(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<crossword::Game>()?;
    module.add_class::<crossword::Observation>()?;
    module.add_class::<crossword::Choice>()?;
    module.add_class::<bot::Bot>()?;
    module.add_class::<cards::CardGame>()?;
    module.add_class::<cards::CardChoice>()?;
    module.add_class::<cards::CardBot>()?;
    module.add_class::<cards::CardObservation>()?;
    module.add_class::<hogwarts::HpGame>()?;
    module.add_class::<hogwarts::HpObservation>()?;
    module.add_class::<hogwarts::HpChoice>()?;
    module.add_class::<hogwarts::HpBot>()?;
    module.add_class::<rummy::RummyGame>()?;
    module.add_class::<rummy::RummyObservation>()?;
    module.add_class::<rummy::RummyChoice>()?;
    module.add_class::<rummy::RummyBot>()?;
    module.add_class::<monopoly::Monopoly>()?;
    module.add_class::<monopoly::MonopolyObservation>()?;
    module.add_class::<monopoly::MonopolyChoice>()?;
    module.add_class::<monopoly::MonopolyBot>()?;
    module.add_function(wrap_pyfunction!(bot::registered_bots, module)?)?;
    module.add_function(wrap_pyfunction!(run::sim, module)?)?;
    module.add_function(wrap_pyfunction!(compare::compare, module)?)?;
    module.add_function(wrap_pyfunction!(compare::effect, module)?)?;
    module.add_function(wrap_pyfunction!(run::bot_seed, module)?)?;
    module.add_function(wrap_pyfunction!(run::game_seed, module)?)?;
    Ok(())
}
