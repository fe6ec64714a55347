//! `owlery analyze`: every legal placement in a CGP position, best first.

use std::io::Write;
use std::process::ExitCode;

use std::sync::Arc;

use anyhow::{Context, bail};
use engine::hogwarts::{Card, House, HpNumbers};
use engine::scrabble::{Cgp, MoveGen, Rules, bag_after, check_placement, leave_after};
use serde::Serialize;

use super::setup::{check_game_options, crossword_rules, game_lexicon, hp_rules};
use crate::cli::{AnalyzeArgs, Format, GameArg};
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

/// The Harry Potter extras of a position, from its CGP operations `houses` and `cards`.
struct HpExtras {
    /// Points for each Glossary word formed.
    glossary_bonus: i32,
    /// The player to move holds Confundo: backwards words count.
    confundo: bool,
}

fn hp_extras(cgp: &Cgp, numbers: &HpNumbers) -> anyhow::Result<HpExtras> {
    let mut extras = HpExtras {
        glossary_bonus: numbers.glossary_bonus,
        confundo: false,
    };
    for (name, value) in &cgp.operations {
        match name.as_str() {
            "houses" => {
                for house in value.split(',') {
                    house.parse::<House>().context("CGP operation houses")?;
                }
            }
            "cards" => {
                for card in value.split(',').map(str::trim).filter(|c| !c.is_empty()) {
                    let Some(card) = Card::ALL.into_iter().find(|c| c.key() == card) else {
                        bail!(
                            "CGP operation cards: {card:?} is not a Hogwarts card (expected names such as revelio, confundo)"
                        );
                    };
                    match card {
                        Card::Confundo => extras.confundo = true,
                        Card::Revelio => extras.glossary_bonus = numbers.revelio_bonus,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    Ok(extras)
}

/// Refuses a position no game could reach by its tiles: more of some tile on the board and
/// racks than the set has, or a rack fuller than `most` (the rack size, or in the Harry
/// Potter edition what house powers and cards can grow a rack to).
fn check_tiles(cgp: &Cgp, rules: &Rules, most: usize) -> anyhow::Result<()> {
    bag_after(&rules.tiles, cgp).context("--cgp")?;
    if let Some(rack) = cgp.racks.iter().find(|rack| rack.len() > most) {
        bail!(
            "--cgp racks: {} holds {} tiles; expected at most {most}",
            rack,
            rack.len()
        );
    }
    Ok(())
}

/// Runs `owlery analyze`.
pub fn run(args: &AnalyzeArgs) -> anyhow::Result<ExitCode> {
    check_game_options(args.game, args.variant, None)?;
    match args.game {
        GameArg::MonopolyHp => {
            anyhow::bail!("analyze reads Scrabble positions (CGP); monopoly-hp has none to read")
        }
        GameArg::ScrabbleCards => return super::analyze_cards::run(args),
        _ => {}
    }
    let Some(cgp_text) = &args.cgp else {
        anyhow::bail!("--cgp: {} needs a position in CGP", args.game.name());
    };
    let cgp: Cgp = cgp_text.parse().context("reading --cgp")?;
    let lexicon = game_lexicon(args.game, &args.lexicon)?;
    let (rules, extras, most_on_rack) = match args.game {
        GameArg::Scrabble => {
            let rules = crossword_rules(&args.data)?;
            let most = rules.numbers.rack_size;
            (rules, None, most)
        }
        GameArg::ScrabbleHp => {
            let hp = hp_rules(&args.data)?;
            let extras = hp_extras(&cgp, &hp.numbers)?;
            let most = hp.largest_rack();
            (Arc::new(hp.crossword.clone()), Some(extras), most)
        }
        GameArg::MonopolyHp | GameArg::ScrabbleCards => unreachable!("handled above"),
    };
    check_tiles(&cgp, &rules, most_on_rack)?;
    let rack = cgp.racks[0];
    let confundo = extras.as_ref().is_some_and(|e| e.confundo);
    let mut moves = Vec::new();
    MoveGen::new().generate_with(&cgp.board, &rules, &lexicon, &rack, confundo, |candidate| {
        moves.push((candidate.score(), candidate.placement()))
    });
    let mut rows: Vec<Row> = moves
        .iter()
        .map(|(score, placement)| {
            // In the Harry Potter edition the score counts the Glossary bonus for each word formed.
            let bonus = extras.as_ref().map_or(0, |extras| {
                check_placement(&cgp.board, &rules, &lexicon, &rack, placement, confundo).map_or(
                    0,
                    |play| {
                        play.words
                            .iter()
                            .filter(|w| lexicon.is_glossary(&w.word))
                            .count() as i32
                    },
                ) * extras.glossary_bonus
            });
            Row {
                rank: 0,
                notation: placement.notation(&cgp.board),
                word: placement.word(&cgp.board),
                score: score + bonus,
                leave: leave_after(&rack, placement).to_string(),
            }
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
        Format::Csv | Format::Json => write_rows(
            &mut out,
            args.format,
            &rows,
            &["rank", "move", "word", "score", "leave"],
        )?,
    }
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}

/// A listing as CSV (the header alone when empty) or as one JSON array.
pub fn write_rows<R: serde::Serialize>(
    out: &mut impl Write,
    format: Format,
    rows: &[R],
    header: &[&str],
) -> anyhow::Result<()> {
    if format == Format::Json {
        serde_json::to_writer_pretty(&mut *out, rows)?;
        writeln!(out)?;
        return Ok(());
    }
    let mut writer = csv::Writer::from_writer(&mut *out);
    for row in rows {
        writer.serialize(row)?;
    }
    if rows.is_empty() {
        writer.write_record(header)?;
    }
    writer.flush()?;
    Ok(())
}
