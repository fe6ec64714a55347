//! Every CSV table of a run, and its manifest, as types: the simulator writes these rows and
//! the guides read them, so a column is named once. Tables are tidy (one header row, one
//! observation a row) so pandas and R read them as they are; a decimal prints with fixed
//! decimals, so equal counts give equal bytes. Reading a cell that is not what its column
//! holds is an error naming the file, the line and the column, never a zero. (games.csv, one
//! row a game with a column per seat, is written by the runner alone and read by no guide.)

use std::path::Path;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A table (or manifest) that could not be read: the file, and what was wrong where.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {message}")]
pub struct TableError {
    /// The file.
    pub path: String,
    /// What went wrong (a CSV error names the record, line and field).
    pub message: String,
}

/// A decimal written with `D` decimals (read as any number).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct Fixed<const D: usize>(pub f64);

impl<const D: usize> Serialize for Fixed<D> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!("{:.*}", D, self.0))
    }
}

impl<'de, const D: usize> Deserialize<'de> for Fixed<D> {
    fn deserialize<De: Deserializer<'de>>(deserializer: De) -> Result<Self, De::Error> {
        f64::deserialize(deserializer).map(Fixed)
    }
}

/// A table's row type and its file's name.
pub trait Row: Serialize + DeserializeOwned {
    /// The file in a run's directory.
    const FILE: &'static str;
}

/// The rows of `dir/R::FILE`.
pub fn read<R: Row>(dir: &Path) -> Result<Vec<R>, TableError> {
    read_file(dir, R::FILE)
}

/// The rows of `dir/file`, each of type `R`.
pub fn read_file<R: DeserializeOwned>(dir: &Path, file: &str) -> Result<Vec<R>, TableError> {
    let path = dir.join(file);
    let unreadable = |message: String| TableError {
        path: path.display().to_string(),
        message,
    };
    let mut reader = csv::Reader::from_path(&path).map_err(|e| unreadable(e.to_string()))?;
    let header = reader
        .headers()
        .map_err(|e| unreadable(e.to_string()))?
        .clone();
    reader
        .deserialize()
        .map(|row| row.map_err(|e| unreadable(cell_error(&e, &header))))
        .collect()
}

/// A CSV error as a reader wants it: the line, the column by name, and what was wrong.
fn cell_error(error: &csv::Error, header: &csv::StringRecord) -> String {
    let line = error.position().map(|p| p.line());
    match (error.kind(), line) {
        (csv::ErrorKind::Deserialize { err, .. }, Some(line)) => {
            let column = err
                .field()
                .and_then(|i| header.get(i as usize))
                .map_or(String::new(), |name| format!(", column {name:?}"));
            format!("line {line}{column}: {}", err.kind())
        }
        _ => error.to_string(),
    }
}

/// `rows` as CSV text, the header first (alone when there are no rows).
pub fn to_csv<R: Serialize + Default>(rows: &[R]) -> Result<Vec<u8>, csv::Error> {
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    writer.write_record(header::<R>())?;
    for row in rows {
        writer.serialize(row)?;
    }
    writer
        .into_inner()
        .map_err(|error| csv::Error::from(error.into_error()))
}

/// A row's cells as its table writes them.
pub fn cells<R: Serialize>(row: &R) -> Vec<String> {
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    let _ = writer.serialize(row);
    let text = writer.into_inner().unwrap_or_default();
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_slice());
    reader
        .records()
        .next()
        .and_then(Result::ok)
        .map(|record| record.iter().map(str::to_string).collect())
        .unwrap_or_default()
}

/// The columns of a row type, from its fields' names.
pub fn header<R: Serialize + Default>() -> Vec<String> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    // Serializing one row writes the header from the field names first.
    let _ = writer.serialize(R::default());
    let text = writer.into_inner().unwrap_or_default();
    let text = String::from_utf8_lossy(&text);
    let first = text.lines().next().unwrap_or("");
    first.split(',').map(str::to_string).collect()
}

/// A record's columns: games, wins (a tie counts half), the win rate and its 95 % Wilson
/// interval, mean score and mean margin over the best other player.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RecordColumns {
    /// Games counted.
    pub games: u64,
    /// Wins, a tie counting half.
    pub wins: Fixed<2>,
    /// Wins over games.
    pub win_rate: Fixed<4>,
    /// The win rate's 95 % interval, low end.
    pub ci95_low: Fixed<4>,
    /// Its high end.
    pub ci95_high: Fixed<4>,
    /// Mean final score.
    pub mean_score: Fixed<2>,
    /// Mean margin over the best other player.
    pub mean_margin: Fixed<2>,
}

/// Declares a row type with a key and a record's columns (and perhaps more columns after).
macro_rules! record_row {
    ($(#[$doc:meta])* $name:ident, $file:literal, $($key:ident: $ty:ty),* $(; $($extra:ident: $extra_ty:ty),*)?) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
        pub struct $name {
            $(
                #[allow(missing_docs)]
                pub $key: $ty,
            )*
            /// Games counted.
            pub games: u64,
            /// Wins, a tie counting half.
            pub wins: Fixed<2>,
            /// Wins over games.
            pub win_rate: Fixed<4>,
            /// The win rate's 95 % Wilson interval, low end.
            pub ci95_low: Fixed<4>,
            /// Its high end.
            pub ci95_high: Fixed<4>,
            /// Mean final score.
            pub mean_score: Fixed<2>,
            /// Mean margin over the best other player.
            pub mean_margin: Fixed<2>,
            $($(
                #[allow(missing_docs)]
                pub $extra: $extra_ty,
            )*)?
        }

        impl Row for $name {
            const FILE: &'static str = $file;
        }

        impl $name {
            /// The row of `record` under these keys, any further column empty.
            pub fn new($($key: $ty,)* record: RecordColumns) -> $name {
                $name {
                    $($key,)*
                    games: record.games,
                    wins: record.wins,
                    win_rate: record.win_rate,
                    ci95_low: record.ci95_low,
                    ci95_high: record.ci95_high,
                    mean_score: record.mean_score,
                    mean_margin: record.mean_margin,
                    $($($extra: Default::default(),)*)?
                }
            }

            /// The record's columns.
            pub fn record(&self) -> RecordColumns {
                RecordColumns {
                    games: self.games,
                    wins: self.wins,
                    win_rate: self.win_rate,
                    ci95_low: self.ci95_low,
                    ci95_high: self.ci95_high,
                    mean_score: self.mean_score,
                    mean_margin: self.mean_margin,
                }
            }
        }
    };
}

record_row!(
    /// seats.csv: each seat's record (seat 1 moved first).
    SeatRow, "seats.csv", seat: usize
);
record_row!(
    /// bots.csv: each bot's record.
    BotRow, "bots.csv", bot: String
);
record_row!(
    /// house_seats.csv: each house's record in each seat.
    HouseSeatRow, "house_seats.csv", house: String, seat: usize
);
record_row!(
    /// houses.csv: each house's record, and its edge: its win rate less what the seats it
    /// played from gave their players (empty where a run's counts cannot tell it).
    HouseRow, "houses.csv", house: String;
    seat_win_rate: Option<Fixed<4>>,
    edge: Option<Fixed<4>>,
    edge_ci95_low: Option<Fixed<4>>,
    edge_ci95_high: Option<Fixed<4>>
);

/// head_to_head.csv: each bot's record against each other bot, pair by pair.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HeadToHeadRow {
    /// The bot.
    pub bot: String,
    /// Its opponent.
    pub opponent: String,
    /// Games they met in.
    pub games: u64,
    /// The bot's wins over the opponent, a tie counting half.
    pub wins: Fixed<2>,
    /// Wins over games.
    pub win_rate: Fixed<4>,
    /// The win rate's 95 % interval, low end.
    pub ci95_low: Fixed<4>,
    /// Its high end.
    pub ci95_high: Fixed<4>,
    /// Whether the win rate differs from a half at the 5 % level.
    pub significant: bool,
}

impl Row for HeadToHeadRow {
    const FILE: &'static str = "head_to_head.csv";
}

/// elo.csv: each bot's Elo rating from the head-to-head results.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EloRow {
    /// The bot.
    pub bot: String,
    /// Its rating.
    pub elo: Fixed<1>,
}

impl Row for EloRow {
    const FILE: &'static str = "elo.csv";
}

/// scores.csv: how many of a bot's games ended with a score in each bucket.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ScoreRow {
    /// The bot.
    pub bot: String,
    /// The bucket's lowest score.
    pub score_from: i32,
    /// Its highest.
    pub score_to: i32,
    /// Games ending in it.
    pub games: u64,
}

impl Row for ScoreRow {
    const FILE: &'static str = "scores.csv";
}

/// lengths.csv: games by their number of turns (Rummy's by rounds, its column `rounds`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LengthRow {
    /// Turns played (rounds in Rummy).
    #[serde(alias = "rounds")]
    pub turns: u32,
    /// Games that long.
    pub games: u64,
}

impl Row for LengthRow {
    const FILE: &'static str = "lengths.csv";
}

/// Rummy's lengths.csv: games by their number of rounds.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RoundLengthRow {
    /// Rounds played.
    pub rounds: u32,
    /// Games that long.
    pub games: u64,
}

impl Row for RoundLengthRow {
    const FILE: &'static str = "lengths.csv";
}

/// The fewest seat-games on each side for the tables to call two win rates different (the
/// two-proportion test's normal approximation is poor below it).
pub const MIN_GROUP_GAMES: u64 = 100;

/// A card's columns: how often it was drawn and played, what a play gained, and the win rates
/// of the seats that played it and of those that did not.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct CardColumns {
    /// Times drawn.
    pub drawn: u64,
    /// Times played.
    pub played: u64,
    /// Points a play gained.
    pub mean_points_when_played: Fixed<2>,
    /// The record of the seat-games that played it.
    pub played_record: RecordColumns,
    /// The record of those that did not.
    pub not_played_record: RecordColumns,
    /// Whether the two win rates differ at the 5 % level.
    pub significant: bool,
}

/// Declares a card table's row type: its keys, then a card's columns.
macro_rules! card_row {
    ($(#[$doc:meta])* $name:ident, $file:literal, $($key:ident: $ty:ty),*) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
        pub struct $name {
            $(
                #[allow(missing_docs)]
                pub $key: $ty,
            )*
            /// Times drawn.
            pub drawn: u64,
            /// Times played.
            pub played: u64,
            /// Points a play gained.
            pub mean_points_when_played: Fixed<2>,
            /// Seat-games that played it.
            pub games_played: u64,
            /// Their win rate.
            pub win_rate_played: Fixed<4>,
            /// Its 95 % interval, low end.
            pub ci95_low_played: Fixed<4>,
            /// Its high end.
            pub ci95_high_played: Fixed<4>,
            /// Seat-games that did not.
            pub games_not_played: u64,
            /// Their win rate.
            pub win_rate_not_played: Fixed<4>,
            /// Its 95 % interval, low end.
            pub ci95_low_not_played: Fixed<4>,
            /// Its high end.
            pub ci95_high_not_played: Fixed<4>,
            /// Whether the two rates differ at the 5 % level.
            pub significant: bool,
        }

        impl Row for $name {
            const FILE: &'static str = $file;
        }

        impl $name {
            /// The row of a card's columns under these keys.
            pub fn new($($key: $ty,)* card: CardColumns) -> $name {
                let (with, without) = (card.played_record, card.not_played_record);
                $name {
                    $($key,)*
                    drawn: card.drawn,
                    played: card.played,
                    mean_points_when_played: card.mean_points_when_played,
                    games_played: with.games,
                    win_rate_played: with.win_rate,
                    ci95_low_played: with.ci95_low,
                    ci95_high_played: with.ci95_high,
                    games_not_played: without.games,
                    win_rate_not_played: without.win_rate,
                    ci95_low_not_played: without.ci95_low,
                    ci95_high_not_played: without.ci95_high,
                    significant: card.significant,
                }
            }
        }
    };
}

card_row!(
    /// cards.csv: each card (Hogwarts cards; the card game's Premium cards, Action categories
    /// as `action: NAME`, Round cards as `round: NAME`).
    CardRow, "cards.csv", card: String
);
card_row!(
    /// cards_by_bot.csv: each card under each bot's policy.
    CardByBotRow, "cards_by_bot.csv", card: String, bot: String
);

/// plays.csv: how each bot of a crossword game made its points.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PlayRow {
    /// The bot.
    pub bot: String,
    /// Its seat-games.
    pub games: u64,
    /// Turns a game.
    pub turns_per_game: Fixed<3>,
    /// Plays (placements) a game.
    pub plays_per_game: Fixed<3>,
    /// Points a play.
    pub points_per_play: Fixed<3>,
    /// Tiles a play.
    pub tiles_per_play: Fixed<3>,
    /// Bingos a game.
    pub bingos_per_game: Fixed<3>,
    /// Points from the bingo premium a game.
    pub bingo_points_per_game: Fixed<3>,
    /// Points from outside the crossword rules (Glossary, cards) a game.
    pub bonus_points_per_game: Fixed<3>,
    /// Exchanges a game.
    pub exchanges_per_game: Fixed<3>,
    /// Passes a game.
    pub passes_per_game: Fixed<3>,
    /// Rule 24's end adjustment a game.
    pub end_adjustment_per_game: Fixed<3>,
    /// Final score a game.
    pub score_per_game: Fixed<3>,
}

impl Row for PlayRow {
    const FILE: &'static str = "plays.csv";
}

/// letters.csv (the crossword games' tiles), letter_cards.csv (the card game's letter cards)
/// and rummy_letter_cards.csv (Rummy's, counted round by round): how each letter fared.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LetterRow {
    /// The letter, `?` the blank.
    pub letter: String,
    /// Its points.
    pub value: i64,
    /// Its tiles or cards in the set.
    pub tiles: u64,
    /// Placed (laid) a game.
    pub placed_per_game: Fixed<3>,
    /// Placed a game over the set's tiles.
    pub placed_share: Fixed<4>,
    /// Points a play using it.
    pub points_per_play_with: Fixed<2>,
    /// Points a play without it.
    pub points_per_play_without: Fixed<2>,
    /// Tiles a play using it.
    pub tiles_per_play_with: Fixed<3>,
    /// Tiles a play without it.
    pub tiles_per_play_without: Fixed<3>,
    /// Left on a rack or in a hand at the end (Rummy: at each round's end) a game.
    pub left_per_game: Fixed<3>,
    /// That over the set's tiles.
    pub left_share: Fixed<4>,
}

/// The crossword games' letters table (their tiles).
pub const CROSSWORD_LETTERS: &str = "letters.csv";
/// The card game's letters table (its letter cards).
pub const CARD_LETTERS: &str = "letter_cards.csv";
/// Rummy's letters table, counted round by round.
pub const RUMMY_LETTERS: &str = "rummy_letter_cards.csv";

/// The letters tables a run may hold, and when each counts the letters left over: at the
/// game's end, or (Rummy) at each round's end.
pub const LETTER_TABLES: [(&str, &str); 3] = [
    (CROSSWORD_LETTERS, "game_end"),
    (CARD_LETTERS, "game_end"),
    (RUMMY_LETTERS, "round_end"),
];

/// landings.csv (Monopoly): how often each space is landed on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LandingRow {
    /// The space's number from GO.
    pub space: usize,
    /// Its name.
    pub name: String,
    /// Landings a game.
    pub landings_per_game: Fixed<3>,
    /// Its share of all landings.
    pub share_of_landings: Fixed<5>,
}

impl Row for LandingRow {
    const FILE: &'static str = "landings.csv";
}

/// properties.csv (Monopoly): each property's landings, sales and rent.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PropertyRow {
    /// The property.
    pub property: String,
    /// Its set (a colour, common rooms, spells).
    pub set: String,
    /// Its value.
    pub value: i32,
    /// Landings a game.
    pub landings_per_game: Fixed<3>,
    /// Times explored.
    pub explored: u64,
    /// Times sold at auction.
    pub auctioned: u64,
    /// Auctions with no bid.
    pub unsold_auctions: u64,
    /// Mean price at auction.
    pub mean_auction_price: Fixed<2>,
    /// Rent collected a game.
    pub rent_per_game: Fixed<2>,
    /// Rent over what it cost its buyers.
    pub return_on_cost: Fixed<3>,
}

impl Row for PropertyRow {
    const FILE: &'static str = "properties.csv";
}

/// sets.csv (Monopoly): how often each set was completed, and how its owners did.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SetRow {
    /// The set.
    pub set: String,
    /// Seat-games that completed it, over all.
    pub completed_share: Fixed<4>,
    /// Seat-games that completed it.
    pub games_completed: u64,
    /// Their win rate.
    pub win_rate_completed: Fixed<4>,
    /// Its 95 % interval, low end.
    pub ci95_low_completed: Fixed<4>,
    /// Its high end.
    pub ci95_high_completed: Fixed<4>,
    /// Seat-games that did not.
    pub games_missed: u64,
    /// Their win rate.
    pub win_rate_missed: Fixed<4>,
    /// Its 95 % interval, low end.
    pub ci95_low_missed: Fixed<4>,
    /// Its high end.
    pub ci95_high_missed: Fixed<4>,
    /// Mean score of the seats that completed it.
    pub mean_score_completed: Fixed<2>,
}

impl Row for SetRow {
    const FILE: &'static str = "sets.csv";
}

/// owl_post.csv (Monopoly): each Owl Post card's draws and what it did to its drawer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct OwlPostRow {
    /// The card.
    pub card: String,
    /// Whether it is a Howler.
    pub howler: bool,
    /// Times drawn.
    pub drawn: u64,
    /// The drawer's points after less before, a draw, while the card is carried out.
    pub mean_effect: Fixed<2>,
    /// Points it moved later, a draw: Jail fines paid to leave a stay it began (negative),
    /// the fine a Get Out of Jail Free card saved when used (positive).
    pub mean_later: Fixed<2>,
    /// The two together, a draw.
    pub mean_total: Fixed<2>,
    /// Turns the drawer spent in Jail without moving, a draw, on a stay it began.
    pub jail_turns_per_draw: Fixed<3>,
}

impl Row for OwlPostRow {
    const FILE: &'static str = "owl_post.csv";
}

/// trades.csv (Monopoly): each bot's trading.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TradeRow {
    /// The bot.
    pub bot: String,
    /// Its seat-games.
    pub seat_games: u64,
    /// Trades it offered a game.
    pub proposed_per_game: Fixed<3>,
    /// Its offers accepted a game.
    pub accepted_per_game: Fixed<3>,
    /// Accepted over offered.
    pub acceptance_rate: Fixed<4>,
    /// Properties changing hands in its accepted trades a game.
    pub properties_traded_per_game: Fixed<3>,
    /// Crests it placed a game.
    pub crests_per_game: Fixed<3>,
    /// Share of its games it went out of.
    pub out_rate: Fixed<4>,
}

impl Row for TradeRow {
    const FILE: &'static str = "trades.csv";
}

/// endings.csv (Monopoly): how games ended.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EndingRow {
    /// The ending.
    pub ending: String,
    /// Games ending so.
    pub games: u64,
    /// Their share.
    pub share: Fixed<4>,
}

impl Row for EndingRow {
    const FILE: &'static str = "endings.csv";
}

/// effect.csv: what a change to the rules does to a group (bot, seat, house), measured by
/// paired games: each deal played under the run's rules and with the change, from one seed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EffectRow {
    /// The change, as KEY=VALUE settings joined by spaces.
    pub change: String,
    /// `bot`, `seat` or `house`.
    pub group: String,
    /// The bot, seat (from 1) or house.
    pub name: String,
    /// Deals (seeds) the group was in under both rules: the pairs the intervals count.
    pub deals: u64,
    /// Games played by each arm (a deal is one game, or one per seating with duplicate seating).
    pub games: u64,
    /// Win rate under the run's rules.
    pub base_win_rate: Fixed<4>,
    /// Win rate with the change.
    pub changed_win_rate: Fixed<4>,
    /// The change's effect on the win rate (changed minus base).
    pub win_rate_effect: Fixed<4>,
    /// Its paired 95 % interval, low end.
    pub win_ci95_low: Fixed<4>,
    /// Its high end.
    pub win_ci95_high: Fixed<4>,
    /// Mean final score under the run's rules.
    pub base_mean_score: Fixed<2>,
    /// Mean final score with the change.
    pub changed_mean_score: Fixed<2>,
    /// The change's effect on the score.
    pub score_effect: Fixed<2>,
    /// Its paired 95 % interval, low end.
    pub score_ci95_low: Fixed<2>,
    /// Its high end.
    pub score_ci95_high: Fixed<2>,
    /// The win-rate effect's variance as measured here over the variance two unpaired runs of
    /// as many games would have had (below 1: the pairing saved games).
    pub variance_ratio: Fixed<4>,
    /// The base win rate's variance as measured here over that of as many independent games
    /// (below 1: duplicate seating saved games; 1 without it).
    pub level_variance_ratio: Fixed<4>,
}

impl Row for EffectRow {
    const FILE: &'static str = "effect.csv";
}

/// `owlery effect --every-card`'s table: each Hogwarts card's power switched off alone,
/// measured on the players who drew it (rows of [`EffectRow`], group `drew`).
pub const CARD_EFFECTS: &str = "card_effects.csv";

/// `owlery effect scrabble-hp --every-policy`'s table: each Hogwarts card the `cards` policy
/// holds back, played instead the first turn it may (group `policy`, named by the card;
/// `change` says what the policy holds it until).
pub const POLICY_EFFECTS: &str = "policy_effects.csv";

/// `owlery effect --every-house`'s table: each house's power switched off alone, measured on
/// that house (rows of [`EffectRow`], group `house`).
pub const HOUSE_EFFECTS: &str = "house_effects.csv";

/// `owlery bench`'s CSV: one figure of this machine.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct BenchRow {
    /// What is measured: `games`, `all-moves positions`, `lexicon load`, `peak memory`.
    pub measure: String,
    /// The game (and variant).
    pub game: String,
    /// The bot playing every seat, or what the figure is of.
    pub bot: String,
    /// Worker threads.
    pub threads: usize,
    /// The figure.
    pub value: Fixed<1>,
    /// Its unit.
    pub unit: String,
}

impl Row for BenchRow {
    const FILE: &'static str = "bench.csv";
}

/// balance_path.csv: each candidate `owlery balance` kept for a round, best first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct BalancePathRow {
    /// The round, from 1.
    pub round: u64,
    /// The candidate's values, as KEY=VALUE settings joined by spaces.
    pub values: String,
    /// Games (deals, for a card's worth) it has played so far.
    pub games: u64,
    /// How far it is from the target: its worst group from an even share of the wins, or
    /// a card's worth from the range asked for (0 within it).
    pub off_level: Fixed<4>,
}

impl Row for BalancePathRow {
    const FILE: &'static str = "balance_path.csv";
}

/// balance_confirm.csv: each group's win rate under the values found, on fresh seeds (for a
/// card-effect target, the card's worth to its drawers, group `drew`, over the deals it was
/// drawn in).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct BalanceConfirmRow {
    /// `house` or `seat`.
    pub group: String,
    /// The house, or the seat from 1.
    pub name: String,
    /// Games it played.
    pub games: u64,
    /// Its win rate.
    pub win_rate: Fixed<4>,
    /// Its 95 % interval, low end.
    pub ci95_low: Fixed<4>,
    /// Its high end.
    pub ci95_high: Fixed<4>,
    /// Whether the rate is within the tolerance of an even share.
    pub within_tolerance: bool,
}

impl Row for BalanceConfirmRow {
    const FILE: &'static str = "balance_confirm.csv";
}

/// sweep.csv: a group's (bot, seat, house) figures at each value of a swept number.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SweepRow {
    /// The number swept.
    pub key: String,
    /// Its value in this run.
    pub value: String,
    /// `bot`, `seat` or `house`.
    pub group: String,
    /// The bot, seat or house.
    pub name: String,
    /// Games counted.
    pub games: u64,
    /// Its win rate.
    pub win_rate: Fixed<4>,
    /// Its 95 % interval, low end.
    pub ci95_low: Fixed<4>,
    /// Its high end.
    pub ci95_high: Fixed<4>,
    /// Mean final score.
    pub mean_score: Fixed<2>,
    /// A house's edge over the seats it played from (none for bots and seats).
    pub edge: Option<Fixed<4>>,
    /// Its 95 % interval, low end.
    pub edge_ci95_low: Option<Fixed<4>>,
    /// Its high end.
    pub edge_ci95_high: Option<Fixed<4>>,
}

impl Row for SweepRow {
    const FILE: &'static str = "sweep.csv";
}

/// sweep_letters.csv: the swept letter's fate at each value.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SweepLetterRow {
    /// The number swept (`points.X` or `count.X`).
    pub key: String,
    /// Its value in this run.
    pub value: String,
    /// The letter.
    pub letter: String,
    /// Placed a game.
    pub placed_per_game: Fixed<3>,
    /// Placed over the set's tiles.
    pub placed_share: Fixed<4>,
    /// Left at the end a game.
    pub left_per_game: Fixed<3>,
    /// Left over the set's tiles.
    pub left_share: Fixed<4>,
    /// Points a play using it.
    pub points_per_play_with: Fixed<2>,
    /// Points a play without it.
    pub points_per_play_without: Fixed<2>,
    /// When the letters left were counted: `game_end`, or `round_end` (Rummy); sweeps from
    /// before the column counted at the game's end.
    #[serde(default)]
    pub left_at: String,
}

impl Row for SweepLetterRow {
    const FILE: &'static str = "sweep_letters.csv";
}

/// What a run is: everything that must agree for two directories' games to be added up, and
/// what its guide says it was.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// The version of owlery that played the games.
    pub owlery_version: String,
    /// The game.
    pub game: String,
    /// The card game's variant (`classic`, `forfeit`, `rummy`); none for the other games.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub variant: Option<String>,
    /// The bots, in seat order for game 0; seats rotate by one each game.
    pub bots: Vec<String>,
    /// The master seed.
    pub seed: u64,
    /// Games in the whole run (all shards).
    pub games: u64,
    /// Games per chunk; chunk k holds games k*chunk to (k+1)*chunk.
    pub chunk: u64,
    /// A fingerprint of the rules data and the lexicon.
    pub rules_hash: String,
    /// Whether games.csv lists every game.
    pub per_game: bool,
    /// This directory's shard, `I/N`, or none for a whole run.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub shard: Option<String>,
}

/// The manifest's file name.
pub const MANIFEST: &str = "manifest.toml";

impl Manifest {
    /// A whole run of `games` games of `game` between `bots` (in seat order for game 0) from
    /// the master seed `seed`, in chunks of a 64th of the run (1 to 1,000 games);
    /// `rules_hash` fingerprints whatever else the games depend on (rules, lexicon, settings).
    pub fn new(game: &str, bots: &[String], seed: u64, games: u64, rules_hash: String) -> Manifest {
        Manifest {
            owlery_version: env!("CARGO_PKG_VERSION").to_string(),
            game: game.to_string(),
            variant: None,
            bots: bots.to_vec(),
            seed,
            games,
            chunk: games.div_ceil(64).clamp(1, 1000),
            rules_hash,
            per_game: false,
            shard: None,
        }
    }

    /// The first field in which two manifests differ (ignoring the shard), if any.
    pub fn mismatch(&self, other: &Manifest) -> Option<&'static str> {
        let fields: [(&'static str, bool); 9] = [
            (
                "owlery_version",
                self.owlery_version == other.owlery_version,
            ),
            ("game", self.game == other.game),
            // A manifest from before the variant was named lacks it; its rules_hash covers it.
            (
                "variant",
                self.variant.is_none() || other.variant.is_none() || self.variant == other.variant,
            ),
            ("bots", self.bots == other.bots),
            ("seed", self.seed == other.seed),
            ("games", self.games == other.games),
            ("chunk", self.chunk == other.chunk),
            ("rules_hash", self.rules_hash == other.rules_hash),
            ("per_game", self.per_game == other.per_game),
        ];
        fields
            .into_iter()
            .find(|(_, same)| !same)
            .map(|(name, _)| name)
    }

    /// Reads `dir/manifest.toml`.
    pub fn read(dir: &Path) -> Result<Manifest, TableError> {
        let path = dir.join(MANIFEST);
        let unreadable = |message: String| TableError {
            path: path.display().to_string(),
            message,
        };
        let text = std::fs::read_to_string(&path).map_err(|e| unreadable(e.to_string()))?;
        toml::from_str(&text)
            .map_err(|e| unreadable(format!("not an owlery run manifest: {}", e.message())))
    }

    /// The manifest as TOML.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// Whether the run is of the card game's Rummy variant.
    pub fn is_rummy(&self) -> bool {
        self.variant.as_deref() == Some("rummy")
    }

    /// Whether the run is of the card game (any variant).
    pub fn is_card_game(&self) -> bool {
        self.game == "scrabble-cards"
    }

    /// Whether the run is of Monopoly: Harry Potter.
    pub fn is_monopoly(&self) -> bool {
        self.game == "monopoly-hp"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("owlery-schema-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn rows_read_back_as_written() {
        let dir = temp_dir("round-trip");
        let record = RecordColumns {
            games: 300,
            wins: Fixed(160.5),
            win_rate: Fixed(0.535),
            ci95_low: Fixed(0.4786),
            ci95_high: Fixed(0.5906),
            mean_score: Fixed(401.25),
            mean_margin: Fixed(-3.5),
        };
        let rows = vec![
            HouseRow::new("gryffindor".into(), record),
            HouseRow {
                edge: Some(Fixed(0.0123)),
                edge_ci95_low: Some(Fixed(-0.01)),
                edge_ci95_high: Some(Fixed(0.0346)),
                ..HouseRow::new("slytherin".into(), record)
            },
        ];
        let text = to_csv(&rows).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert_eq!(
            text.lines().next().unwrap(),
            "house,games,wins,win_rate,ci95_low,ci95_high,mean_score,mean_margin,\
             seat_win_rate,edge,edge_ci95_low,edge_ci95_high"
        );
        assert_eq!(
            text.lines().nth(1).unwrap(),
            "gryffindor,300,160.50,0.5350,0.4786,0.5906,401.25,-3.50,,,,"
        );
        std::fs::write(dir.join(HouseRow::FILE), &text).unwrap();
        assert_eq!(read::<HouseRow>(&dir).unwrap(), rows);
        assert_eq!(rows[1].record(), record);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_cell_that_is_not_its_columns_kind_is_an_error_naming_file_line_and_column() {
        let dir = temp_dir("bad-cell");
        let header = header::<BotRow>().join(",");
        std::fs::write(
            dir.join(BotRow::FILE),
            format!("{header}\ngreedy,10,5.00,0.5000,0.2,0.8,400.00,1.00\nequity,10,5.00,half,0.2,0.8,400.00,1.00\n"),
        )
        .unwrap();
        let error = read::<BotRow>(&dir).unwrap_err().to_string();
        assert!(error.contains("bots.csv"), "{error}");
        assert!(error.contains("line 3, column \"win_rate\""), "{error}");
        // A missing column is refused too, not read as zero.
        std::fs::write(dir.join(BotRow::FILE), "bot,games\ngreedy,10\n").unwrap();
        let error = read::<BotRow>(&dir).unwrap_err().to_string();
        assert!(error.contains("missing field `wins`"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_manifest_reads_back_and_names_its_first_difference() {
        let dir = temp_dir("manifest");
        let mut manifest = Manifest::new("scrabble-cards", &["greedy".into()], 7, 100, "h".into());
        manifest.variant = Some("rummy".into());
        std::fs::write(dir.join(MANIFEST), manifest.to_toml()).unwrap();
        let read_back = Manifest::read(&dir).unwrap();
        assert_eq!(read_back, manifest);
        assert!(read_back.is_rummy() && read_back.is_card_game());
        let mut other = manifest.clone();
        other.variant = Some("classic".into());
        other.seed = 8;
        assert_eq!(manifest.mismatch(&other), Some("variant"));
        let unnamed = Manifest {
            variant: None,
            ..manifest.clone()
        };
        assert_eq!(manifest.mismatch(&unnamed), None, "an older manifest's run");
        std::fs::write(dir.join(MANIFEST), "game = 3\n").unwrap();
        let error = Manifest::read(&dir).unwrap_err().to_string();
        assert!(error.contains("not an owlery run manifest"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
