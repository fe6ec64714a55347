//! `owlery analyze scrabble-cards`: every legal play of a hand on a table, best first.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, bail};
use bots::cardgame::best_premium;
use bots::cardgame::rummy::for_each_meld;
use engine::cardgame::{CardView, Hand, TableMoveGen};
use engine::scrabble::Rack;
use engine::scrabble::tiles::kind_char;
use serde::Serialize;

use super::setup::{card_rules, game_lexicon};
use crate::cards_text::{parse_table, play_notation};
use crate::cli::{AnalyzeArgs, Format, GameArg, VariantArg};
use crate::output;

/// One play in the listing.
#[derive(Serialize)]
struct Row {
    rank: usize,
    play: String,
    words: String,
    points: i32,
}

/// Reads `--hand`: letters (at least one), then `double` / `triple` for each Premium card held.
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
    if hand.letters.is_empty() {
        bail!("--hand {text:?}: no letters; expected the hand to move, e.g. --hand HOBRTSS");
    }
    Ok(hand)
}

/// Runs `owlery analyze scrabble-cards`.
pub fn run(args: &AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let Some(hand_text) = &args.hand else {
        bail!("--hand: scrabble-cards needs the hand to move, e.g. --hand HOBRTSS");
    };
    let hand = parse_hand(hand_text)?;
    if args.variant == VariantArg::Rummy {
        return rummy(args, &hand.letters);
    }
    let table = parse_table(&args.table).map_err(|message| anyhow::anyhow!("--table {message}"))?;
    let rules = card_rules(&args.data, VariantArg::Classic)?;
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
    print_rows(args.format, &rows)
}

/// The listing, as a table, CSV or JSON.
fn print_rows(format: Format, rows: &[Row]) -> anyhow::Result<ExitCode> {
    let mut out = output::stdout();
    match format {
        Format::Table => {
            writeln!(
                out,
                "{:>4}  {:<30} {:<30} {:>6}",
                "rank", "play", "words", "points"
            )?;
            for row in rows {
                writeln!(
                    out,
                    "{:>4}  {:<30} {:<30} {:>6}",
                    row.rank, row.play, row.words, row.points
                )?;
            }
        }
        Format::Csv | Format::Json => super::analyze::write_rows(
            &mut out,
            format,
            rows,
            &["rank", "play", "words", "points"],
        )?,
    }
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}

/// Every meld of a Rummy hand (after the draw) for a Round card, best first.
fn rummy(args: &AnalyzeArgs, hand: &Rack) -> anyhow::Result<ExitCode> {
    let rules = card_rules(&args.data, VariantArg::Rummy)?;
    let lexicon = game_lexicon(GameArg::ScrabbleCards, &args.lexicon)?;
    let mut names: Vec<&str> = rules.rummy_rounds.iter().map(|c| c.name.as_str()).collect();
    names.dedup();
    let Some(wanted) = &args.round else {
        bail!(
            "--round: rummy needs the Round card, one of: {}",
            names.join(", ")
        );
    };
    let Some(card) = rules
        .rummy_rounds
        .iter()
        .find(|c| c.name.eq_ignore_ascii_case(wanted.trim()))
    else {
        bail!("--round {wanted:?}: expected one of: {}", names.join(", "));
    };
    let mut rows = Vec::new();
    for_each_meld(card, &rules, &lexicon, hand, |points, words, discard| {
        let words: Vec<String> = words
            .iter()
            .map(|w| w.iter().map(|c| c.to_char()).collect())
            .collect();
        rows.push(Row {
            rank: 0,
            play: format!("{} / {}", words.join(" "), kind_char(discard as usize)),
            words: words.join(" "),
            points,
        });
    });
    rows.sort_by(|a, b| b.points.cmp(&a.points).then_with(|| a.play.cmp(&b.play)));
    rows.dedup_by(|a, b| a.play == b.play);
    rows.truncate(args.top.unwrap_or(usize::MAX));
    for (index, row) in rows.iter_mut().enumerate() {
        row.rank = index + 1;
    }
    print_rows(args.format, &rows)
}
