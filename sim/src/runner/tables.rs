//! The CSV tables of a run, tidy (one header row, one observation a row) so pandas and R
//! read them as they are. Floats are printed with fixed decimals so equal counts give equal bytes.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;

use super::aggregate::{Aggregates, CardRecord, Record, SCORE_BUCKET};
use super::stats::{differs_from_half, edge_over_seats, elo, rates_differ, wilson};
use super::store::write_atomically;

const RECORD_COLUMNS: [&str; 7] = [
    "games",
    "wins",
    "win_rate",
    "ci95_low",
    "ci95_high",
    "mean_score",
    "mean_margin",
];

pub(super) fn record_fields(record: &Record) -> Vec<String> {
    let games = record.games as f64;
    let wins = record.wins();
    let (low, high) = wilson(wins, games);
    let mean = |sum: i64| {
        if record.games == 0 {
            0.0
        } else {
            sum as f64 / games
        }
    };
    vec![
        record.games.to_string(),
        format!("{wins:.2}"),
        format!("{:.4}", if record.games == 0 { 0.0 } else { wins / games }),
        format!("{low:.4}"),
        format!("{high:.4}"),
        format!("{:.2}", mean(record.score_sum)),
        format!("{:.2}", mean(record.margin_sum)),
    ]
}

/// `numerator / denominator`, or 0 when nothing was counted.
pub(super) fn per(numerator: f64, denominator: u64) -> f64 {
    if denominator == 0 {
        0.0
    } else {
        numerator / denominator as f64
    }
}

pub(super) fn csv_bytes(
    header: &[&str],
    rows: impl IntoIterator<Item = Vec<String>>,
) -> anyhow::Result<Vec<u8>> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(header)?;
    for row in rows {
        writer.write_record(&row)?;
    }
    writer.into_inner().context("finishing a CSV table")
}

/// A record table's header: its key column, then the record's.
fn keyed(key: &'static str) -> Vec<&'static str> {
    [&[key][..], &RECORD_COLUMNS[..]].concat()
}

/// Writes every table of a run into `dir`.
pub fn write_tables(dir: &Path, totals: &Aggregates) -> anyhow::Result<()> {
    let seats = totals
        .seats
        .iter()
        .map(|(seat, r)| [vec![seat.to_string()], record_fields(r)].concat());
    write_atomically(&dir.join("seats.csv"), &csv_bytes(&keyed("seat"), seats)?)?;
    let bots = totals
        .bots
        .iter()
        .map(|(bot, r)| [vec![bot.clone()], record_fields(r)].concat());
    write_atomically(&dir.join("bots.csv"), &csv_bytes(&keyed("bot"), bots)?)?;

    let mut pairs = Vec::new();
    let mut results: BTreeMap<String, BTreeMap<String, (f64, f64)>> = BTreeMap::new();
    for (bot, opponents) in &totals.head_to_head {
        for (opponent, record) in opponents {
            let wins = record.wins();
            let significant = differs_from_half(wins, record.games as f64);
            let fields = record_fields(record);
            pairs.push(
                [
                    vec![bot.clone(), opponent.clone()],
                    fields[..5].to_vec(),
                    vec![significant.to_string()],
                ]
                .concat(),
            );
            results
                .entry(bot.clone())
                .or_default()
                .insert(opponent.clone(), (wins, record.games as f64));
        }
    }
    let header = [
        "bot",
        "opponent",
        "games",
        "wins",
        "win_rate",
        "ci95_low",
        "ci95_high",
        "significant",
    ];
    write_atomically(&dir.join("head_to_head.csv"), &csv_bytes(&header, pairs)?)?;
    let ratings = elo(&results)
        .into_iter()
        .map(|(bot, rating)| vec![bot, format!("{rating:.1}")]);
    write_atomically(&dir.join("elo.csv"), &csv_bytes(&["bot", "elo"], ratings)?)?;

    let scores = totals.scores.iter().flat_map(|(bot, buckets)| {
        buckets.iter().map(move |(low, count)| {
            vec![
                bot.clone(),
                low.to_string(),
                (low + SCORE_BUCKET - 1).to_string(),
                count.to_string(),
            ]
        })
    });
    let header = ["bot", "score_from", "score_to", "games"];
    write_atomically(&dir.join("scores.csv"), &csv_bytes(&header, scores)?)?;
    if !totals.houses.is_empty() {
        write_house_tables(dir, totals)?;
    }
    if !totals.cards.is_empty() {
        let rows = totals
            .cards
            .iter()
            .map(|(card, record)| (vec![card.clone()], record));
        write_atomically(&dir.join("cards.csv"), &card_table(&["card"], rows)?)?;
        // Each card under each bot's policy, side by side.
        let rows = totals.bot_cards.iter().flat_map(|(card, bots)| {
            bots.iter()
                .map(move |(bot, record)| (vec![card.clone(), bot.clone()], record))
        });
        write_atomically(
            &dir.join("cards_by_bot.csv"),
            &card_table(&["card", "bot"], rows)?,
        )?;
    }
    super::plays::write_table(dir, &totals.plays, &totals.bots)?;
    if let Some(letters) = &totals.letters {
        super::letters::write_table(dir, letters, totals.games)?;
    }
    if let Some(monopoly) = &totals.monopoly {
        super::monopoly::write_tables(dir, monopoly, totals.games)?;
    }
    let lengths = totals
        .turns
        .iter()
        .map(|(turns, count)| vec![turns.to_string(), count.to_string()]);
    write_atomically(
        &dir.join("lengths.csv"),
        &csv_bytes(&["turns", "games"], lengths)?,
    )?;
    Ok(())
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
    let houses = totals.houses.iter().map(|(house, record)| {
        let by_seat: Vec<(f64, f64)> = totals
            .house_seats
            .get(house)
            .into_iter()
            .flatten()
            .map(|(seat, r)| (r.games as f64, seat_rate(seat)))
            .collect();
        let mut row = [vec![house.clone()], record_fields(record)].concat();
        // Chunks written before houses were counted by seat (a run resumed or merged across
        // versions) leave the seats short of the house's games: no edge rather than a wrong one.
        let counted: f64 = by_seat.iter().map(|&(games, _)| games).sum();
        if counted == record.games as f64 {
            let edge = edge_over_seats(record.wins(), &by_seat);
            row.extend([edge.seat_rate, edge.edge, edge.low, edge.high].map(|x| format!("{x:.4}")));
        } else {
            row.extend([""; 4].map(String::from));
        }
        row
    });
    let mut header = keyed("house");
    header.extend(["seat_win_rate", "edge", "edge_ci95_low", "edge_ci95_high"]);
    write_atomically(&dir.join("houses.csv"), &csv_bytes(&header, houses)?)?;
    let rows = totals.house_seats.iter().flat_map(|(house, seats)| {
        seats.iter().map(move |(seat, record)| {
            [vec![house.clone(), seat.to_string()], record_fields(record)].concat()
        })
    });
    let header = [&["house", "seat"][..], &RECORD_COLUMNS[..]].concat();
    write_atomically(&dir.join("house_seats.csv"), &csv_bytes(&header, rows)?)
}

/// Games, win rate and its 95% interval of a record.
pub(super) fn win_rate_columns(record: &Record) -> Vec<String> {
    let fields = record_fields(record);
    vec![
        fields[0].clone(),
        fields[2].clone(),
        fields[3].clone(),
        fields[4].clone(),
    ]
}

/// cards.csv (by card) and cards_by_bot.csv (by card and bot): how often each card is drawn
/// and played, what a play gains, and the win rate of the seats that played it against those
/// that did not.
fn card_table<'r>(
    keys: &[&str],
    records: impl Iterator<Item = (Vec<String>, &'r CardRecord)>,
) -> anyhow::Result<Vec<u8>> {
    let columns = [
        "drawn",
        "played",
        "mean_points_when_played",
        "games_played",
        "win_rate_played",
        "ci95_low_played",
        "ci95_high_played",
        "games_not_played",
        "win_rate_not_played",
        "ci95_low_not_played",
        "ci95_high_not_played",
        "significant",
    ];
    let header: Vec<&str> = keys.iter().chain(&columns).copied().collect();
    let rows = records.map(|(labels, record)| {
        let mean = if record.played == 0 {
            0.0
        } else {
            record.points as f64 / record.played as f64
        };
        let with = record_fields(&record.with);
        let without = record_fields(&record.without);
        let significant = rates_differ(
            record.with.wins(),
            record.with.games as f64,
            record.without.wins(),
            record.without.games as f64,
        );
        let mut row = labels;
        row.extend([
            record.drawn.to_string(),
            record.played.to_string(),
            format!("{mean:.2}"),
        ]);
        row.push(with[0].clone());
        row.extend_from_slice(&with[2..5]);
        row.push(without[0].clone());
        row.extend_from_slice(&without[2..5]);
        row.push(significant.to_string());
        row
    });
    csv_bytes(&header, rows)
}
