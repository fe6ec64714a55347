//! `owlery analyze scrabble-cards`: every legal play of a hand on a table, best first.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, bail};
use bots::cardgame::rummy::for_each_meld;
use bots::cardgame::{PremiumPolicy, value_play};
use bots::monopoly::DEFAULT_ROLLOUTS;
use engine::cardgame::{CardRules, CardView, Hand, TableMoveGen, Variant};
use engine::scrabble::Rack;
use engine::scrabble::tiles::kind_char;
use serde::Serialize;

use crate::cards_text::{parse_table, play_notation};
use crate::cli::{AnalyzeArgs, Format, GameArg, RankBy, VariantArg};
use crate::output;
use crate::setup::{bot_settings, card_rules, game_lexicon};

/// One play in the listing.
#[derive(Serialize)]
struct Row {
    rank: usize,
    play: String,
    words: String,
    points: i32,
    /// Ranked by equity: the letters kept, and the points with their learned value.
    #[serde(skip_serializing_if = "Option::is_none")]
    leave: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    equity: Option<f64>,
    /// What the listing ranks by, in hundredths of a point.
    #[serde(skip)]
    worth: i32,
}

/// The plays found so far, to be listed best first (most worth, then by notation): with
/// `--top N` only the N best are kept as they come, so the millions of plays of a large hand
/// do not all wait in memory.
struct Listing {
    rows: Vec<Row>,
    top: Option<usize>,
    /// Whether the same play found twice is listed once.
    once: bool,
}

impl Listing {
    fn new(top: Option<usize>, once: bool) -> Listing {
        Listing {
            rows: Vec::new(),
            top,
            once,
        }
    }

    fn push(&mut self, row: Row) {
        self.rows.push(row);
        if self
            .top
            .is_some_and(|top| self.rows.len() >= 2 * top + 4096)
        {
            self.settle();
        }
    }

    /// Sorts, drops repeats and keeps the best `top`: a play dropped here is beaten by `top`
    /// others, whatever comes later.
    fn settle(&mut self) {
        self.rows
            .sort_by(|a, b| b.worth.cmp(&a.worth).then_with(|| a.play.cmp(&b.play)));
        if self.once {
            self.rows.dedup_by(|a, b| a.play == b.play);
        }
        self.rows.truncate(self.top.unwrap_or(usize::MAX));
    }

    /// The listing, ranked.
    fn ranked(mut self) -> Vec<Row> {
        self.settle();
        for (index, row) in self.rows.iter_mut().enumerate() {
            row.rank = index + 1;
        }
        self.rows
    }
}

/// Refuses a hand larger than the game deals: `most` cards (`what` says why).
fn check_hand_size(hand: &Rack, most: usize, what: &str) -> anyhow::Result<()> {
    if hand.len() > most {
        bail!(
            "--hand: {} cards; {what} holds {most} at most (--set hand_size=N changes it)",
            hand.len()
        );
    }
    Ok(())
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

/// The cards left to draw once two hands are dealt from the whole pack of letter and Premium
/// cards.
fn fresh_draw_pile(rules: &CardRules) -> usize {
    let letters: usize = rules.letters.counts().iter().map(|&n| usize::from(n)).sum();
    let numbers = &rules.numbers;
    let premiums = usize::from(numbers.double_word_cards) + usize::from(numbers.triple_word_cards);
    (letters + premiums).saturating_sub(2 * numbers.hand_size)
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
    let rules = card_rules(&args.data, Variant::Classic)?;
    check_hand_size(&hand.letters, rules.numbers.hand_size, "a hand (hand_size)")?;
    let lexicon = game_lexicon(GameArg::ScrabbleCards, &args.lexicon)?;
    for run in table.words() {
        let word = table.text(&run).to_ascii_uppercase();
        if !lexicon.contains(&word) {
            bail!("--table: {word} is not a word");
        }
    }
    let by_equity = args.rank_by == RankBy::Equity;
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
        // Ranked by equity, the position is taken as early in the game, the draw pile full
        // after the deal: a leave and a Premium card kept are worth their full value.
        draw_len: if by_equity {
            fresh_draw_pile(&rules)
        } else {
            0
        },
        rules: &rules,
        lexicon: &lexicon,
    };
    let model = bot_settings(&args.data, DEFAULT_ROLLOUTS)?.card_leaves();
    let premiums = PremiumPolicy::STANDARD;
    let mut listing = Listing::new(args.top, false);
    TableMoveGen::new().generate(&table, &rules, &lexicon, &hand.letters, |candidate| {
        // By score, each play with its best Premium card use; by equity, as the equity bot
        // values it (its Premium card policy and the leave).
        let mut value = value_play(model, premiums, &view, candidate);
        if !by_equity {
            (value.premium, value.points) =
                candidate.best_premium_use(hand.premiums, table.is_empty(), &rules, |_| true);
        }
        let play = candidate.to_play(value.premium);
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
        listing.push(Row {
            rank: 0,
            play: play_notation(&after, &play),
            words,
            points: value.points,
            leave: by_equity.then(|| value.kept.to_string()),
            equity: by_equity.then(|| f64::from(value.equity()) / 100.0),
            worth: if by_equity {
                value.equity()
            } else {
                100 * value.points
            },
        });
    });
    print_rows(args.format, &listing.ranked(), by_equity)
}

/// The listing, as a table, CSV or JSON; with the leave and equity columns when ranked by
/// equity.
fn print_rows(format: Format, rows: &[Row], by_equity: bool) -> anyhow::Result<ExitCode> {
    let mut out = output::stdout();
    let header = &["rank", "play", "words", "points", "leave", "equity"];
    let header = if by_equity { &header[..] } else { &header[..4] };
    match format {
        Format::Table => {
            let mut line = format!(
                "{:>4}  {:<30} {:<30} {:>6}",
                "rank", "play", "words", "points"
            );
            if by_equity {
                line += &format!("  {:<8} {:>7}", "leave", "equity");
            }
            writeln!(out, "{}", line.trim_end())?;
            for row in rows {
                let mut line = format!(
                    "{:>4}  {:<30} {:<30} {:>6}",
                    row.rank, row.play, row.words, row.points
                );
                if let (Some(leave), Some(equity)) = (&row.leave, row.equity) {
                    line += &format!("  {leave:<8} {equity:>7.2}");
                }
                writeln!(out, "{}", line.trim_end())?;
            }
        }
        Format::Csv | Format::Json => crate::output::write_rows(&mut out, format, rows, header)?,
    }
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}

/// Every meld of a Rummy hand (after the draw) for a Round card, best first.
fn rummy(args: &AnalyzeArgs, hand: &Rack) -> anyhow::Result<ExitCode> {
    let rules = card_rules(&args.data, Variant::Rummy)?;
    let after_draw = rules.numbers.hand_size + 1;
    check_hand_size(
        hand,
        after_draw,
        "a Rummy hand after the draw (hand_size + 1)",
    )?;
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
    let mut listing = Listing::new(args.top, true);
    for_each_meld(card, &rules, &lexicon, hand, |points, words, discard| {
        let words: Vec<String> = words
            .iter()
            .map(|w| w.iter().map(|c| c.to_char()).collect())
            .collect();
        listing.push(Row {
            rank: 0,
            play: format!("{} / {}", words.join(" "), kind_char(discard as usize)),
            words: words.join(" "),
            points,
            leave: None,
            equity: None,
            worth: 100 * points,
        });
    });
    print_rows(args.format, &listing.ranked(), false)
}
