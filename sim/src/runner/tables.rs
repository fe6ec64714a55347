//! The CSV tables of a run, tidy (one header row, one observation a row) so pandas and R
//! read them as they are. Floats are printed with fixed decimals so equal counts give equal bytes.

use std::collections::BTreeMap;
use std::path::Path;

use reports::schema::{
    BotRow, CardByBotRow, CardColumns, CardRow, EloRow, Fixed, HeadToHeadRow, HouseRow,
    HouseSeatRow, LengthRow, RecordColumns, RoundLengthRow, Row, ScoreRow, SeatRow, to_csv,
};

use super::aggregate::{Aggregates, CardRecord, Record, SCORE_BUCKET};
use super::stats::{differs_from_half, edge_over_seats, elo, rates_differ, wilson};
use super::store::write_atomically;

/// A record's columns: games, wins, the win rate and its interval, mean score and margin.
pub(super) fn record_columns(record: &Record) -> RecordColumns {
    let games = record.games as f64;
    let wins = record.wins();
    let (low, high) = wilson(wins, games);
    RecordColumns {
        games: record.games,
        wins: Fixed(wins),
        win_rate: Fixed(per(wins, record.games)),
        ci95_low: Fixed(low),
        ci95_high: Fixed(high),
        mean_score: Fixed(per(record.score_sum as f64, record.games)),
        mean_margin: Fixed(per(record.margin_sum as f64, record.games)),
    }
}

/// `numerator / denominator`, or 0 when nothing was counted.
pub(super) fn per(numerator: f64, denominator: u64) -> f64 {
    if denominator == 0 {
        0.0
    } else {
        numerator / denominator as f64
    }
}

/// Writes `rows` as their table in `dir`, whole.
pub(super) fn write<R: Row + Default>(dir: &Path, rows: &[R]) -> anyhow::Result<()> {
    write_atomically(&dir.join(R::FILE), &to_csv(rows)?)
}

/// Writes every table of a run into `dir`.
pub fn write_tables(dir: &Path, totals: &Aggregates) -> anyhow::Result<()> {
    let seats: Vec<SeatRow> = totals
        .seats
        .iter()
        .map(|(seat, r)| SeatRow::new(*seat, record_columns(r)))
        .collect();
    write(dir, &seats)?;
    let bots: Vec<BotRow> = totals
        .bots
        .iter()
        .map(|(bot, r)| BotRow::new(bot.clone(), record_columns(r)))
        .collect();
    write(dir, &bots)?;

    let mut pairs = Vec::new();
    let mut results: BTreeMap<String, BTreeMap<String, (f64, f64)>> = BTreeMap::new();
    for (bot, opponents) in &totals.head_to_head {
        for (opponent, record) in opponents {
            let wins = record.wins();
            let columns = record_columns(record);
            pairs.push(HeadToHeadRow {
                bot: bot.clone(),
                opponent: opponent.clone(),
                games: columns.games,
                wins: columns.wins,
                win_rate: columns.win_rate,
                ci95_low: columns.ci95_low,
                ci95_high: columns.ci95_high,
                significant: differs_from_half(wins, record.games as f64),
            });
            results
                .entry(bot.clone())
                .or_default()
                .insert(opponent.clone(), (wins, record.games as f64));
        }
    }
    write(dir, &pairs)?;
    let ratings: Vec<EloRow> = elo(&results)
        .into_iter()
        .map(|(bot, rating)| EloRow {
            bot,
            elo: Fixed(rating),
        })
        .collect();
    write(dir, &ratings)?;

    let scores: Vec<ScoreRow> = totals
        .scores
        .iter()
        .flat_map(|(bot, buckets)| {
            buckets.iter().map(move |(low, count)| ScoreRow {
                bot: bot.clone(),
                score_from: *low,
                score_to: low + SCORE_BUCKET - 1,
                games: *count,
            })
        })
        .collect();
    write(dir, &scores)?;
    if !totals.houses.is_empty() {
        write_house_tables(dir, totals)?;
    }
    if !totals.cards.is_empty() {
        let rows: Vec<CardRow> = totals
            .cards
            .iter()
            .map(|(card, record)| CardRow::new(card.clone(), card_columns(record)))
            .collect();
        write(dir, &rows)?;
        // Each card under each bot's policy, side by side.
        let rows: Vec<CardByBotRow> = totals
            .bot_cards
            .iter()
            .flat_map(|(card, bots)| {
                bots.iter().map(move |(bot, record)| {
                    CardByBotRow::new(card.clone(), bot.clone(), card_columns(record))
                })
            })
            .collect();
        write(dir, &rows)?;
    }
    super::plays::write_table(dir, &totals.plays, &totals.bots)?;
    if let Some(letters) = &totals.letters {
        super::letters::write_table(dir, letters, totals.games)?;
    }
    if let Some(monopoly) = &totals.monopoly {
        super::monopoly::write_tables(dir, monopoly, totals.games)?;
    }
    let games = totals.turns.iter().map(|(&length, &games)| (length, games));
    if totals
        .letters
        .as_ref()
        .is_some_and(|letters| letters.rounds)
    {
        let lengths: Vec<RoundLengthRow> = games
            .map(|(rounds, games)| RoundLengthRow { rounds, games })
            .collect();
        return write(dir, &lengths);
    }
    let lengths: Vec<LengthRow> = games
        .map(|(turns, games)| LengthRow { turns, games })
        .collect();
    write(dir, &lengths)
}

/// houses.csv (each house's record, and its edge over the seats it played from) and
/// house_seats.csv (each house in each seat).
fn write_house_tables(dir: &Path, totals: &Aggregates) -> anyhow::Result<()> {
    let seat_rate = |seat: &usize| {
        totals
            .seats
            .get(seat)
            .filter(|r| r.games > 0)
            .map_or(0.0, |r| r.wins() / r.games as f64)
    };
    let houses: Vec<HouseRow> = totals
        .houses
        .iter()
        .map(|(house, record)| {
            let by_seat: Vec<(f64, f64)> = totals
                .house_seats
                .get(house)
                .into_iter()
                .flatten()
                .map(|(seat, r)| (r.games as f64, seat_rate(seat)))
                .collect();
            let mut row = HouseRow::new(house.clone(), record_columns(record));
            // Chunks written before houses were counted by seat (a run resumed or merged
            // across versions) leave the seats short of the house's games: no edge rather
            // than a wrong one.
            let counted: f64 = by_seat.iter().map(|&(games, _)| games).sum();
            if counted == record.games as f64 {
                let edge = edge_over_seats(record.wins(), &by_seat);
                row.seat_win_rate = Some(Fixed(edge.seat_rate));
                row.edge = Some(Fixed(edge.edge));
                row.edge_ci95_low = Some(Fixed(edge.low));
                row.edge_ci95_high = Some(Fixed(edge.high));
            }
            row
        })
        .collect();
    write(dir, &houses)?;
    let rows: Vec<HouseSeatRow> = totals
        .house_seats
        .iter()
        .flat_map(|(house, seats)| {
            seats.iter().map(move |(seat, record)| {
                HouseSeatRow::new(house.clone(), *seat, record_columns(record))
            })
        })
        .collect();
    write(dir, &rows)
}

/// A card's columns over a run: how often it is drawn and played, what a play gains, and the
/// win rate of the seats that played it against those that did not.
fn card_columns(record: &CardRecord) -> CardColumns {
    CardColumns {
        drawn: record.drawn,
        played: record.played,
        mean_points_when_played: Fixed(per(record.points as f64, record.played)),
        played_record: record_columns(&record.with),
        not_played_record: record_columns(&record.without),
        significant: rates_differ(
            record.with.wins(),
            record.with.games as f64,
            record.without.wins(),
            record.without.games as f64,
        ),
    }
}
