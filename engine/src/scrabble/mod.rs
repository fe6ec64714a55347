//! The crossword core of Scrabble: board, tiles, moves, scoring, move generation, CGP.

pub mod bag;
pub mod board;
pub mod cgp;
pub mod check;
pub mod game;
pub mod layout;
pub mod movegen;
pub mod moves;
pub mod observation;
pub mod rack;
pub mod rules;
pub mod tiles;

pub use board::{Board, Direction};
pub use cgp::{Cgp, CgpError};
pub use check::{CheckedPlay, FormedWord, IllegalMove, check_placement, square_name};
pub use game::{
    EndReason, Game, GameRng, MAX_PLAYERS, Question, Setup, SetupError, Turn, TurnExtras,
    bag_after, check_move, end_adjustments, end_adjustments_of_points,
};
pub use layout::{Layout, SIZE};
pub use movegen::{Anchors, Candidate, LinesSeen, MoveGen, Ranking, Reached, Readings, Stretch};
pub use moves::{Move, MoveParseError, Placement, leave_after};
pub use observation::{Observation, unseen_by};
pub use rack::Rack;
pub use rules::{Numbers, Rules};
pub use tiles::{Cell, TileSet};
