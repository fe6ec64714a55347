//! `owlery sweep`: one rules number over a list of values, a run and a guide per value, and
//! one table of win rates per value so a designer sees which value balances the game; a
//! letter's points or count (`points.Q`, `count.E`) also tabulates that letter's fate.

use std::process::ExitCode;

use anyhow::{Context, bail};
use reports::schema::{
    self, BotRow, HouseRow, LETTER_TABLES, LetterRow, Row, SeatRow, SweepLetterRow, SweepRow,
    to_csv,
};

use crate::cli::SweepArgs;
use crate::guide::write_report;
use crate::setup::{LetterKey, check_rules};
use engine::scrabble::tiles::kind_char;
use runner::store::write_atomically;

/// Reads `KEY=V1,V2`, `KEY=FIRST..LAST` (by ones) or `KEY=FIRST..LAST:STEP` into the key and
/// its values.
pub(super) fn parse_param(text: &str) -> anyhow::Result<(String, Vec<String>)> {
    let Some((key, values)) = text.split_once('=') else {
        bail!("--param {text:?}: expected KEY=V1,V2,... or KEY=FIRST..LAST[:STEP]");
    };
    let key = key.trim().to_string();
    if let Some((first, rest)) = values.split_once("..") {
        let parse = |s: &str| {
            s.trim()
                .parse::<i64>()
                .with_context(|| format!("--param {text:?}: {s:?} is not a whole number"))
        };
        let (last, step) = rest.split_once(':').unwrap_or((rest, "1"));
        let (first, last, step) = (parse(first)?, parse(last)?, parse(step)?);
        if step <= 0 || last < first {
            bail!("--param {text:?}: expected FIRST <= LAST and a positive STEP");
        }
        let values: Vec<String> = (0..)
            .map(|k| first + k * step)
            .take_while(|&v| v <= last)
            .map(|v| v.to_string())
            .collect();
        return Ok((key, values));
    }
    let values: Vec<String> = values
        .split(',')
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .collect();
    if values.is_empty() {
        bail!("--param {text:?}: no values after '='");
    }
    Ok((key, values))
}

/// The letter a swept key sets, as its tables name it (`points.q` sets Q, `points.?` the
/// blank); a bad letter key was refused when the values were checked.
fn swept_letter(key: &str) -> Option<String> {
    let letter = LetterKey::parse(key)?.ok()?;
    Some(kind_char(letter.kind()).to_string())
}

/// The swept letter's row of one value's run, from its letters table (the crossword games'
/// tiles or the card game's letter cards), saying when the letters left over were counted.
fn letter_row(
    run: &std::path::Path,
    key: &str,
    value: &str,
    letter: &str,
) -> anyhow::Result<Option<SweepLetterRow>> {
    let Some((file, left_at)) = LETTER_TABLES
        .into_iter()
        .find(|(file, _)| run.join(file).exists())
    else {
        return Ok(None);
    };
    let rows = schema::read_file::<LetterRow>(run, file)?;
    Ok(rows
        .into_iter()
        .find(|row| row.letter == letter)
        .map(|row| SweepLetterRow {
            key: key.to_string(),
            value: value.to_string(),
            letter: row.letter,
            placed_per_game: row.placed_per_game,
            placed_share: row.placed_share,
            left_per_game: row.left_per_game,
            left_share: row.left_share,
            points_per_play_with: row.points_per_play_with,
            points_per_play_without: row.points_per_play_without,
            left_at: left_at.to_string(),
        }))
}

/// One value's rows of sweep.csv: each bot's, seat's and (where the game has houses) house's
/// record in the run in `run`.
fn value_rows(run: &std::path::Path, key: &str, value: &str) -> anyhow::Result<Vec<SweepRow>> {
    let row = |group: &str, name: String, record: schema::RecordColumns| SweepRow {
        key: key.to_string(),
        value: value.to_string(),
        group: group.to_string(),
        name,
        games: record.games,
        win_rate: record.win_rate,
        ci95_low: record.ci95_low,
        ci95_high: record.ci95_high,
        mean_score: record.mean_score,
        edge: None,
        edge_ci95_low: None,
        edge_ci95_high: None,
    };
    let mut rows: Vec<SweepRow> = schema::read::<BotRow>(run)?
        .into_iter()
        .map(|bot| row("bot", bot.bot.clone(), bot.record()))
        .collect();
    rows.extend(
        schema::read::<SeatRow>(run)?
            .into_iter()
            .map(|seat| row("seat", seat.seat.to_string(), seat.record())),
    );
    if run.join(HouseRow::FILE).exists() {
        // A house's edge over the seats it played from; bots and seats have none.
        rows.extend(
            schema::read::<HouseRow>(run)?
                .into_iter()
                .map(|house| SweepRow {
                    edge: house.edge,
                    edge_ci95_low: house.edge_ci95_low,
                    edge_ci95_high: house.edge_ci95_high,
                    ..row("house", house.house.clone(), house.record())
                }),
        );
    }
    Ok(rows)
}

/// Runs `owlery sweep`.
pub fn run(args: &SweepArgs) -> anyhow::Result<ExitCode> {
    let (key, values) = parse_param(&args.param)?;
    let letter = swept_letter(&key);
    let mut letter_rows = Vec::new();
    let mut rows = Vec::new();
    let with_value = |value: &str| {
        let mut sim = args.sim.clone();
        sim.data.extra = vec![("--param", format!("{key}={value}"))];
        sim
    };
    // Every value is checked before the first run: one refused after hours of games would
    // leave the sweep half done.
    for value in &values {
        let sim = with_value(value);
        check_rules(sim.game, &sim.data, sim.variant, sim.bots.len())?;
    }
    for value in &values {
        let mut sim = with_value(value);
        sim.out = args.sim.out.join(format!("{key}={value}"));
        crate::simulate::run(&sim)?;
        write_report(&sim.out, &sim.out.join("guide"))?;
        if let Some(letter) = &letter
            && let Some(row) = letter_row(&sim.out, &key, value, letter)?
        {
            letter_rows.push(row);
        }
        rows.extend(value_rows(&sim.out, &key, value)?);
    }
    let path = args.sim.out.join(SweepRow::FILE);
    write_atomically(&path, &to_csv(&rows)?)?;
    println!("{}", path.display());
    if !letter_rows.is_empty() {
        let path = args.sim.out.join(SweepLetterRow::FILE);
        write_atomically(&path, &to_csv(&letter_rows)?)?;
        println!("{}", path.display());
    }
    let guide = args.sim.out.join("guide");
    reports::sweep::write_sweep_guide(&args.sim.out, &guide)?;
    println!("{}", guide.join("guide.html").display());
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_ranges_of_values() {
        assert_eq!(
            parse_param("a=7,8, 9").unwrap(),
            ("a".into(), vec!["7".into(), "8".into(), "9".into()])
        );
        assert_eq!(
            parse_param("b=30..70:20").unwrap().1,
            vec!["30", "50", "70"]
        );
        assert_eq!(parse_param("c=-1..1").unwrap().1, vec!["-1", "0", "1"]);
        assert!(
            parse_param("b=70..30:10").is_err()
                && parse_param("b").is_err()
                && parse_param("b=1..2:0").is_err()
                && parse_param("b=10..7").is_err()
                && parse_param("b=1..x").is_err()
        );
    }
}
