//! The Scrabble Card Game (../shared/rulebooks/scrabble-card-game.txt), Classic: words of
//! letter cards on an open table with no premium squares, Premium cards that multiply the
//! words through a card, and the words of earlier turns cleared away after each play.

pub mod actions;
pub mod check;
pub mod game;
pub mod movegen;
pub mod notation;
pub mod rules;
pub mod rummy;
mod step;
pub mod table;

pub use actions::{ActionCard, Category, Test};
pub use check::{IllegalPlay, Placed, Play, Premium, Scored, Word, check_play};
pub use game::{
    ActionError, ActionPlay, CardEnd, CardGame, CardMove, CardMoveError, CardSetup, CardTurn,
    CardView, Hand, MAX_CARD_PLAYERS,
};
pub use movegen::{TableBest, TableCandidate, TableMoveGen, ValueBound};
pub use rules::{CardNumbers, CardRules, Variant};
pub use rummy::{
    LaidWords, MeldError, RoundCard, RoundResult, RummyGame, RummyTurn, meld_points, score_meld,
};
pub use step::{CardAnswer, CardQuestion, RummyAnswer, RummyQuestion, RummyView};
pub use table::{Axis, Pos, Run, Table};
