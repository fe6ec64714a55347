//! `owlery analyze scrabble-cards`: every legal play of a hand on a table, best first.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, bail};
use bots::cardgame::best_premium;
use engine::cardgame::{CardView, Hand, TableMoveGen};
use engine::scrabble::Rack;
use serde::Serialize;

use super::setup::{card_rules, game_lexicon};
use crate::cards_text::{parse_table, play_notation};
use crate::cli::{AnalyzeArgs, Format, GameArg};
use crate::output;

/// One play in the listing.
#[derive(Serialize)]
struct Row {
    rank: usize,
    play: String,
    words: String,
    points: i32,
}

/// Reads `--hand`: letters, then `double` / `triple` for each Premium card held.
fn parse_hand(text: &str) -> anyhow::Result<Hand> {
    let mut hand = Hand::default();
    for word in text.split_whitespace() {
        match word.to_ascii_lowercase().as_str() {
            "double" => hand.premiums[0] += 1,
            "triple" => hand.premiums[1] += 1,
            letters => hand
                .letters
                .add_all(&Rack::parse(&letters.to_ascii_uppercase()).context("reading --hand")?),
        }
    }
    Ok(hand)
}

/// Runs `owlery analyze scrabble-cards`.
pub fn run(args: &AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let Some(hand_text) = &args.hand else {
        bail!("--hand: scrabble-cards needs the hand to move, e.g. --hand HOBRTSS");
    };
    let hand = parse_hand(hand_text)?;
    let table = parse_table(&args.table).map_err(|message| anyhow::anyhow!("--table {message}"))?;
    let rules = card_rules(&args.data, crate::cli::VariantArg::Classic)?;
    let lexicon = game_lexicon(GameArg::ScrabbleCards, &args.lexicon)?;
    for run in table.words() {
        let word = table.text(&run).to_ascii_uppercase();
        if !lexicon.contains(&word) {
            bail!("--table: {word} is not a word");
        }
    }
    let scores = [0; 1];
    let view = CardView {
        seat: 0,
        action: None,
        turn_words: &[],
        turn_player: None,
        turn_actions: &[],
        hand: &hand,
        table: &table,
        scores: &scores,
        draw_len: 0,
        rules: &rules,
        lexicon: &lexicon,
    };
    let opening = table.is_empty();
    let mut rows = Vec::new();
    TableMoveGen::new().generate(&table, &rules, &lexicon, &hand.letters, |candidate| {
        let (premium, points) = best_premium(&view, candidate, opening);
        let play = candidate.to_play(premium);
        let mut after = table.clone();
        for tile in &play.tiles {
            after.put(tile.pos, tile.cell);
        }
        let scored = engine::cardgame::check_play(&table, &play, &rules, &lexicon);
        let words = scored.map_or(String::new(), |s| {
            s.words
                .iter()
                .map(|w| w.text.clone())
                .collect::<Vec<_>>()
                .join(" ")
        });
        rows.push(Row {
            rank: 0,
            play: play_notation(&after, &play),
            words,
            points,
        });
    });
    rows.sort_by(|a, b| b.points.cmp(&a.points).then_with(|| a.play.cmp(&b.play)));
    rows.truncate(args.top.unwrap_or(usize::MAX));
    for (index, row) in rows.iter_mut().enumerate() {
        row.rank = index + 1;
    }
    let mut out = output::stdout();
    match args.format {
        Format::Table => {
            writeln!(
                out,
                "{:>4}  {:<30} {:<30} {:>6}",
                "rank", "play", "words", "points"
            )?;
            for row in &rows {
                writeln!(
                    out,
                    "{:>4}  {:<30} {:<30} {:>6}",
                    row.rank, row.play, row.words, row.points
                )?;
            }
        }
        Format::Csv | Format::Json => super::analyze::write_rows(
            &mut out,
            args.format,
            &rows,
            &["rank", "play", "words", "points"],
        )?,
    }
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}
