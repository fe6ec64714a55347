//! `owlery sweep`: one rules number over a list of values, a run and a guide per value, and
//! one table of win rates per value so a designer sees which value balances the game; a
//! letter's points or count (`points.Q`, `count.E`) also tabulates that letter's fate.

use std::process::ExitCode;

use anyhow::{Context, bail};
use reports::tables::Table;

use crate::cli::SweepArgs;
use crate::guide::write_report;
use crate::setup::{LetterKey, check_rules};
use engine::scrabble::tiles::kind_char;
use runner::store::write_atomically;

/// Reads `KEY=V1,V2` or `KEY=FIRST..LAST:STEP` into the key and its values.
fn parse_param(text: &str) -> anyhow::Result<(String, Vec<String>)> {
    let Some((key, values)) = text.split_once('=') else {
        bail!("--param {text:?}: expected KEY=V1,V2,... or KEY=FIRST..LAST:STEP");
    };
    let key = key.trim().to_string();
    if let Some((range, step)) = values.split_once(':') {
        let parse = |s: &str| {
            s.trim()
                .parse::<i64>()
                .with_context(|| format!("--param {text:?}: {s:?} is not a whole number"))
        };
        let (first, last) = range
            .split_once("..")
            .with_context(|| format!("--param {text:?}: expected FIRST..LAST:STEP"))?;
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

/// The header of sweep_letters.csv, after the key and value: the columns copied from each
/// value's letters table.
const LETTER_COLUMNS: [&str; 6] = [
    "placed_per_game",
    "placed_share",
    "left_per_game",
    "left_share",
    "points_per_play_with",
    "points_per_play_without",
];

/// The letters tables a run may hold, and when each counts the letters left over: at the
/// game's end, or (Rummy) at each round's end.
const LETTER_TABLES: [(&str, &str); 3] = [
    ("letters.csv", "game_end"),
    ("letter_cards.csv", "game_end"),
    ("rummy_letter_cards.csv", "round_end"),
];

/// The swept letter's row of one value's run, from its letters table (the crossword games'
/// tiles or the card game's letter cards), as sweep_letters.csv's cells, the last saying when
/// the letters left over were counted.
fn letter_row(run: &std::path::Path, letter: &str) -> anyhow::Result<Option<Vec<String>>> {
    let Some((file, left_at)) = LETTER_TABLES
        .into_iter()
        .find(|(file, _)| run.join(file).exists())
    else {
        return Ok(None);
    };
    let table = Table::read(run, file)?;
    let letters = table.column("letter", file)?;
    let columns = LETTER_COLUMNS
        .iter()
        .map(|name| table.column(name, file))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(table
        .rows
        .iter()
        .find(|row| row[letters] == letter)
        .map(|row| {
            let mut cells: Vec<String> = columns.iter().map(|&c| row[c].clone()).collect();
            cells.push(left_at.to_string());
            cells
        }))
}

/// Runs `owlery sweep`.
pub fn run(args: &SweepArgs) -> anyhow::Result<ExitCode> {
    let (key, values) = parse_param(&args.param)?;
    let letter = swept_letter(&key);
    let mut letter_rows = vec![format!(
        "key,value,letter,{},left_at\n",
        LETTER_COLUMNS.join(",")
    )];
    let mut rows = vec![
        "key,value,group,name,games,win_rate,ci95_low,ci95_high,mean_score,\
         edge,edge_ci95_low,edge_ci95_high\n"
            .to_string(),
    ];
    let with_value = |value: &str| {
        let mut sim = args.sim.clone();
        sim.data.swept = Some(format!("{key}={value}"));
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
            && let Some(cells) = letter_row(&sim.out, letter)?
        {
            letter_rows.push(format!("{key},{value},{letter},{}\n", cells.join(",")));
        }
        for (group, file) in [
            ("bot", "bots.csv"),
            ("seat", "seats.csv"),
            ("house", "houses.csv"),
        ] {
            if !sim.out.join(file).exists() {
                continue;
            }
            let table = Table::read(&sim.out, file)?;
            let column = |name: &str| table.column(name, file);
            let columns = [
                column(group)?,
                column("games")?,
                column("win_rate")?,
                column("ci95_low")?,
                column("ci95_high")?,
                column("mean_score")?,
            ];
            // A house's edge over the seats it played from; bots and seats have none.
            let edges = ["edge", "edge_ci95_low", "edge_ci95_high"].map(|name| column(name).ok());
            for row in &table.rows {
                let mut cells: Vec<&str> = columns.iter().map(|&c| row[c].as_str()).collect();
                cells.extend(edges.map(|c| c.map_or("", |c| row[c].as_str())));
                rows.push(format!("{key},{value},{group},{}\n", cells.join(",")));
            }
        }
    }
    let path = args.sim.out.join("sweep.csv");
    write_atomically(&path, rows.concat().as_bytes())?;
    println!("{}", path.display());
    if letter_rows.len() > 1 {
        let path = args.sim.out.join("sweep_letters.csv");
        write_atomically(&path, letter_rows.concat().as_bytes())?;
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
        assert!(
            parse_param("b=70..30:10").is_err()
                && parse_param("b").is_err()
                && parse_param("b=1..2:0").is_err()
        );
    }
}
