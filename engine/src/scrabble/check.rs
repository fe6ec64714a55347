//! Checking a placement against the rules (1, 3, 4 and 8) and scoring it (15-22).
//!
//! This is the straightforward reading of the rules, square by square. The move generator
//! scores by a faster route; the tests hold the two to the same answers.

use lexicon::Lexicon;

use super::board::{Board, Direction};
use super::layout::SIZE;
use super::moves::Placement;
use super::rack::Rack;
use super::rules::Rules;
use super::tiles::Cell;

/// Why a move is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The word leaves the board.
    #[error("the word runs off the board")]
    OffBoard,
    /// A tile is placed on an occupied square.
    #[error("square {square} is already taken")]
    SquareTaken {
        /// The square in notation, e.g. H8.
        square: String,
    },
    /// A placement with no new tile.
    #[error("no tile is placed")]
    NothingPlaced,
    /// The word given stops short of tiles that touch its ends.
    #[error("the word continues onto {square}: give the whole word")]
    WordContinues {
        /// The square in notation.
        square: String,
    },
    /// A word of one letter.
    #[error("a word has at least two letters")]
    OneLetter,
    /// The rack lacks a tile.
    #[error("the rack {rack} does not hold {needed}")]
    NotOnRack {
        /// The rack.
        rack: String,
        /// The tiles the move needs.
        needed: String,
    },
    /// The first move misses the centre.
    #[error("the first word must cover the centre square")]
    MissesCentre,
    /// The first move places one tile.
    #[error("the first word must use two or more tiles")]
    FirstWordTooShort,
    /// The tiles do not touch the tiles already on the board.
    #[error("the word must join the tiles already on the board")]
    NotConnected,
    /// A word formed is not in the lexicon.
    #[error("{word} is not a playable word")]
    NotAWord {
        /// The word.
        word: String,
    },
    /// An exchange with too few tiles in the bag.
    #[error("an exchange needs {needed} tiles in the bag; it holds {bag}")]
    BagTooSmall {
        /// Tiles in the bag.
        bag: usize,
        /// Tiles needed.
        needed: usize,
    },
    /// An exchange of no tiles.
    #[error("an exchange must return at least one tile")]
    EmptyExchange,
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A backwards word without the Confundo card.
    #[error("a word may be played backwards only with the Confundo card")]
    BackwardsNeedsConfundo,
}

/// A word formed by a placement, with its score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormedWord {
    /// The word in capitals.
    pub word: String,
    /// Its score with the premiums under the tiles placed this turn.
    pub score: i32,
    /// The direction its letters lie in.
    pub direction: Direction,
    /// Its squares (row-major), in board order.
    pub squares: Vec<usize>,
    /// Whether it reads backwards (right to left, bottom to top).
    pub backwards: bool,
}

/// A legal placement's words and total score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedPlay {
    /// The main word first, then each cross word in order along the main word.
    pub words: Vec<FormedWord>,
    /// Sum of the words plus the bingo premium.
    pub score: i32,
    /// Tiles placed.
    pub placed: usize,
}

/// A square as players name it: column letter and row number, `H8`.
pub fn square_name(square: usize) -> String {
    format!(
        "{}{}",
        (b'A' + (square % SIZE) as u8) as char,
        square / SIZE + 1
    )
}

/// Scores one run of cells: letter premiums under new tiles first, then word premiums (rules 17-20).
fn score_run(rules: &Rules, run: &[(usize, Cell, bool)]) -> i32 {
    let mut sum = 0;
    let mut word_multiplier = 1;
    for &(square, cell, placed) in run {
        let points = rules.tiles.cell_points(cell);
        if placed {
            sum += points * rules.layout.letter_multiplier(square);
            word_multiplier *= rules.layout.word_multiplier(square);
        } else {
            sum += points;
        }
    }
    sum * word_multiplier
}

/// The maximal run through `pos` along `line` in `direction`, with `placement`'s tiles laid.
fn run_through(
    board: &Board,
    direction: Direction,
    line: usize,
    pos: usize,
    laid: &dyn Fn(usize) -> Option<Cell>,
) -> Vec<(usize, Cell, bool)> {
    let cell_at = |p: usize| {
        let square = direction.square(line, p);
        match laid(square) {
            Some(cell) => (square, cell, true),
            None => (square, board.at(square), false),
        }
    };
    let mut first = pos;
    while first > 0 && !cell_at(first - 1).1.is_empty() {
        first -= 1;
    }
    let mut run = Vec::new();
    let mut p = first;
    while p < SIZE && !cell_at(p).1.is_empty() {
        run.push(cell_at(p));
        p += 1;
    }
    run
}

/// The word a run spells, in reading order: backwards when `backwards`.
fn spell(run: &[(usize, Cell, bool)], backwards: bool) -> (String, Vec<u8>) {
    let mut letters: Vec<u8> = run.iter().map(|&(_, cell, _)| cell.letter()).collect();
    if backwards {
        letters.reverse();
    }
    (
        letters.iter().map(|&l| (b'A' + l) as char).collect(),
        letters,
    )
}

/// Checks a placement for the player holding `rack`, returning its words and score.
///
/// `backwards_allowed` says whether the main word may read backwards (the Confundo card).
pub fn check_placement(
    board: &Board,
    rules: &Rules,
    lexicon: &Lexicon,
    rack: &Rack,
    placement: &Placement,
    backwards_allowed: bool,
) -> Result<CheckedPlay, IllegalMove> {
    if placement.backwards && !backwards_allowed {
        return Err(IllegalMove::BackwardsNeedsConfundo);
    }
    let len = usize::from(placement.len);
    let start = usize::from(placement.start);
    let line = usize::from(placement.line);
    let direction = placement.direction;
    if len == 0 || start + len > SIZE || line >= SIZE {
        return Err(if len == 0 {
            IllegalMove::NothingPlaced
        } else {
            IllegalMove::OffBoard
        });
    }
    for i in 0..len {
        let square = placement.square(i);
        let on_board = board.at(square);
        match (placement.tiles[i].is_empty(), on_board.is_empty()) {
            (true, true) => return Err(IllegalMove::NothingPlaced),
            (false, false) => {
                return Err(IllegalMove::SquareTaken {
                    square: square_name(square),
                });
            }
            _ => {}
        }
    }
    let placed = placement.placed_count();
    if placed == 0 {
        return Err(IllegalMove::NothingPlaced);
    }
    for pos in [start.checked_sub(1), Some(start + len)]
        .into_iter()
        .flatten()
    {
        if pos < SIZE && !board.at(direction.square(line, pos)).is_empty() {
            return Err(IllegalMove::WordContinues {
                square: square_name(direction.square(line, pos)),
            });
        }
    }
    if len < 2 {
        return Err(IllegalMove::OneLetter);
    }
    let needed = placement.rack_tiles();
    if !rack.contains(&needed) {
        return Err(IllegalMove::NotOnRack {
            rack: rack.to_string(),
            needed: needed.to_string(),
        });
    }
    let laid = |square: usize| {
        placement
            .placed()
            .find(|&(s, _)| s == square)
            .map(|(_, cell)| cell)
    };
    let mut words = Vec::new();
    let main = run_through(board, direction, line, start, &laid);
    let mut touches = placed < len;
    let mut cross_runs = Vec::new();
    for i in 0..len {
        if placement.tiles[i].is_empty() {
            continue;
        }
        let cross = direction.cross();
        let cross_run = run_through(board, cross, start + i, line, &laid);
        if cross_run.len() > 1 {
            touches = true;
            cross_runs.push(cross_run);
        }
    }
    if board.is_empty() {
        let start_square = rules.layout.start();
        if !(0..len).any(|i| placement.square(i) == start_square) {
            return Err(IllegalMove::MissesCentre);
        }
        if placed < 2 {
            return Err(IllegalMove::FirstWordTooShort);
        }
    } else if !touches {
        return Err(IllegalMove::NotConnected);
    }
    let mut score = 0;
    let runs = std::iter::once((direction, &main))
        .chain(cross_runs.iter().map(|run| (direction.cross(), run)));
    for (run_direction, run) in runs {
        // A word reads backwards when played with Confundo, or when it runs through a word
        // that was: an extension continues the direction.
        let backwards = (run_direction == direction && placement.backwards)
            || run
                .iter()
                .any(|&(square, _, _)| board.is_backwards(square, run_direction));
        let (word, letters) = spell(run, backwards);
        if !lexicon.graph().contains_letters(&letters) {
            return Err(IllegalMove::NotAWord { word });
        }
        let word_score = score_run(rules, run);
        score += word_score;
        words.push(FormedWord {
            word,
            score: word_score,
            direction: run_direction,
            squares: run.iter().map(|&(square, _, _)| square).collect(),
            backwards,
        });
    }
    if placed >= rules.numbers.bingo_tiles {
        score += rules.numbers.bingo_bonus;
    }
    Ok(CheckedPlay {
        words,
        score,
        placed,
    })
}
