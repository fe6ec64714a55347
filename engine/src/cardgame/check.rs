//! Whether a play is legal on the open table, and what it scores.

use lexicon::Lexicon;

use super::rules::CardRules;
use super::table::{Axis, Pos, Run, Table, run_of};
use crate::scrabble::Cell;

/// The two Premium cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Premium {
    /// Double Word Score.
    Double,
    /// Triple Word Score.
    Triple,
}

impl Premium {
    /// Its name in moves and tables.
    pub fn name(self) -> &'static str {
        match self {
            Premium::Double => "double",
            Premium::Triple => "triple",
        }
    }
}

/// A letter card laid this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Placed {
    /// Its square.
    pub pos: Pos,
    /// Its letter (a blank carries the letter it stands for).
    pub cell: Cell,
}

/// Letter cards laid in one line, and perhaps a Premium card on one of them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Play {
    /// The cards laid.
    pub tiles: Vec<Placed>,
    /// A Premium card, and the index in `tiles` of the card it lies on.
    pub premium: Option<(Premium, usize)>,
}

/// Why a play is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalPlay {
    /// Nothing laid.
    #[error("no cards laid")]
    Empty,
    /// A square taken twice or already holding a card.
    #[error("square ({0}, {1}) already holds a card")]
    Occupied(i32, i32),
    /// Cards in more than one line, or with a gap.
    #[error("the cards must lie in one row or column with no gap")]
    NotALine,
    /// The first word of the game needs two cards at least.
    #[error("the first word needs two cards or more")]
    FirstTooShort,
    /// A later word must cross or add to a word on the table.
    #[error("the word must cross or add to a word on the table")]
    NotJoined,
    /// A word formed is not in the lexicon.
    #[error("{0} is not a word")]
    NotAWord(String),
    /// No Premium card on the first turn, and only on a card laid this turn.
    #[error("a Premium card goes on a card laid this turn, never on the first word")]
    Premium,
}

/// A scored word: where it lies, its text, its points before a multiplier, and whether the
/// Premium card's letter is in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// Where it lies.
    pub run: Run,
    /// Its letters (a blank in lower case).
    pub text: String,
    /// The sum of its letters' values.
    pub points: i32,
    /// Whether the Premium card multiplies it.
    pub premium: bool,
}

/// A legal play's words and total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scored {
    /// Every word formed or modified, the main word first.
    pub words: Vec<Word>,
    /// The turn's points, multipliers and the whole-hand bonus included.
    pub points: i32,
}

/// Checks a play against the table and scores it.
pub fn check_play(
    table: &Table,
    play: &Play,
    rules: &CardRules,
    lexicon: &Lexicon,
) -> Result<Scored, IllegalPlay> {
    let tiles = &play.tiles;
    let first = tiles.first().ok_or(IllegalPlay::Empty)?;
    for (i, tile) in tiles.iter().enumerate() {
        if table.get(tile.pos).is_some() || tiles[..i].iter().any(|t| t.pos == tile.pos) {
            return Err(IllegalPlay::Occupied(tile.pos.0, tile.pos.1));
        }
    }
    let opening = table.is_empty();
    if opening && tiles.len() < 2 {
        return Err(IllegalPlay::FirstTooShort);
    }
    if let Some((_, on)) = play.premium
        && (opening || on >= tiles.len())
    {
        return Err(IllegalPlay::Premium);
    }
    let same_row = tiles.iter().all(|t| t.pos.0 == first.pos.0);
    let same_col = tiles.iter().all(|t| t.pos.1 == first.pos.1);
    let after = After { table, tiles };
    let axis = match (same_row, same_col) {
        (true, false) => Axis::Across,
        (false, true) => Axis::Down,
        (true, true) => {
            // One card: its word runs whichever way it has neighbours (across when both).
            if after.run_through(first.pos, Axis::Across).len >= 2 || opening {
                Axis::Across
            } else {
                Axis::Down
            }
        }
        (false, false) => return Err(IllegalPlay::NotALine),
    };
    let main = after.run_through(first.pos, axis);
    let squares: Vec<Pos> = main.squares().collect();
    if tiles.iter().any(|t| !squares.contains(&t.pos)) {
        return Err(IllegalPlay::NotALine);
    }
    let mut runs = Vec::new();
    if main.len >= 2 {
        runs.push(main);
    }
    for tile in tiles {
        let cross = after.run_through(tile.pos, axis.cross());
        if cross.len >= 2 {
            runs.push(cross);
        }
    }
    if !opening
        && runs
            .iter()
            .all(|run| run.len == tiles.len() && run == &main)
    {
        // Every card of the only word is new: it touches nothing on the table.
        return Err(IllegalPlay::NotJoined);
    }
    if runs.is_empty() {
        return Err(IllegalPlay::NotJoined);
    }
    let premium_square = play.premium.map(|(_, on)| tiles[on].pos);
    let mut words = Vec::with_capacity(runs.len());
    for run in runs {
        let text = after.text(&run);
        if !lexicon.contains(&text.to_ascii_uppercase()) {
            return Err(IllegalPlay::NotAWord(text.to_ascii_uppercase()));
        }
        let points = run
            .squares()
            .filter_map(|pos| after.get(pos))
            .map(|cell| rules.letters.cell_points(cell))
            .sum();
        let premium = premium_square.is_some_and(|square| run.squares().any(|p| p == square));
        words.push(Word {
            run,
            text,
            points,
            premium,
        });
    }
    let whole_hand = tiles.len() == rules.numbers.hand_size;
    let points = total(
        &words,
        play.premium.map(|(p, _)| p),
        opening,
        whole_hand,
        rules,
    );
    Ok(Scored { words, points })
}

/// The table with a play's cards laid on it, read without copying the table.
struct After<'a> {
    table: &'a Table,
    tiles: &'a [Placed],
}

impl After<'_> {
    fn get(&self, pos: Pos) -> Option<Cell> {
        match self.tiles.iter().find(|tile| tile.pos == pos) {
            Some(tile) => Some(tile.cell),
            None => self.table.get(pos),
        }
    }

    fn run_through(&self, pos: Pos, axis: Axis) -> Run {
        run_of(|square| self.get(square).is_some(), pos, axis)
    }

    /// A run's letters as text (blanks in lower case).
    fn text(&self, run: &Run) -> String {
        run.squares()
            .filter_map(|pos| self.get(pos))
            .map(Cell::to_char)
            .collect()
    }
}

/// A turn's points: each word times the Premium card's multiplier if it holds its letter,
/// the first word times the first-word multiplier, then the whole-hand bonus.
pub fn total(
    words: &[Word],
    premium: Option<Premium>,
    opening: bool,
    whole_hand: bool,
    rules: &CardRules,
) -> i32 {
    let numbers = &rules.numbers;
    let multiplier = premium.map_or(1, |p| numbers.multiplier(p));
    let mut points: i32 = words
        .iter()
        .map(|w| {
            if w.premium {
                w.points * multiplier
            } else {
                w.points
            }
        })
        .sum();
    if opening && (!whole_hand || numbers.first_word_bingo_multiplied) {
        points *= numbers.first_word_multiplier;
    }
    if whole_hand {
        points += numbers.bingo_bonus;
    }
    points
}
