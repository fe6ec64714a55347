//! Balance reports and strategy guides from the simulator's CSV tables.
//!
//! This crate knows the tables' columns, not the engine: it reads a run directory and writes
//! a Markdown guide, a self-contained HTML page, and SVG charts.

mod advice;
pub mod charts;
pub mod document;
pub mod guide;
pub mod houses;
pub mod letters;
pub mod monopoly;
pub mod plays;
pub mod schema;
pub mod sweep;
