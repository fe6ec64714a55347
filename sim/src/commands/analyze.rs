//! `owlery analyze`: every legal placement in a CGP position, best first.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use engine::scrabble::{Cgp, MoveGen, leave_after};
use serde::Serialize;

use super::setup::{crossword_rules, game_lexicon};
use crate::cli::{AnalyzeArgs, Format};
use crate::output;

/// One analysed move, as every format prints it.
#[derive(Debug, Serialize)]
struct Row {
    rank: usize,
    #[serde(rename = "move")]
    notation: String,
    word: String,
    score: i32,
    leave: String,
}

/// Runs `owlery analyze`.
pub fn run(args: &AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let rules = crossword_rules(&args.data)?;
    let lexicon = game_lexicon(args.game, &args.lexicon)?;
    let cgp: Cgp = args.cgp.parse().context("reading --cgp")?;
    let rack = cgp.racks[0];
    let mut moves = Vec::new();
    MoveGen::new().generate(&cgp.board, &rules, &lexicon, &rack, |candidate| {
        moves.push((candidate.score(), candidate.placement()))
    });
    let mut rows: Vec<Row> = moves
        .iter()
        .map(|(score, placement)| Row {
            rank: 0,
            notation: placement.notation(&cgp.board),
            word: placement.word(&cgp.board),
            score: *score,
            leave: leave_after(&rack, placement).to_string(),
        })
        .collect();
    rows.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then_with(|| a.notation.cmp(&b.notation))
    });
    rows.truncate(args.top.unwrap_or(usize::MAX));
    for (index, row) in rows.iter_mut().enumerate() {
        row.rank = index + 1;
    }
    let mut out = output::stdout();
    match args.format {
        Format::Table => {
            writeln!(
                out,
                "{:>4}  {:<22} {:<15} {:>5}  leave",
                "rank", "move", "word", "score"
            )?;
            for row in &rows {
                writeln!(
                    out,
                    "{:>4}  {:<22} {:<15} {:>5}  {}",
                    row.rank, row.notation, row.word, row.score, row.leave
                )?;
            }
        }
        Format::Csv => {
            let mut writer = csv::Writer::from_writer(&mut out);
            for row in &rows {
                writer.serialize(row)?;
            }
            if rows.is_empty() {
                writer.write_record(["rank", "move", "word", "score", "leave"])?;
            }
            writer.flush()?;
        }
        Format::Json => {
            serde_json::to_writer_pretty(&mut out, &rows)?;
            writeln!(out)?;
        }
    }
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}
