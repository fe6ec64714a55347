//! `owlery review`: a finished plain game's record (GCG) replayed, each move set beside the
//! best the bots find from the mover's seat, and what it cost.

mod judge;
mod replay;

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, bail};
use bots::monopoly::DEFAULT_ROLLOUTS;
use serde::Serialize;

use self::judge::{Judge, SOLVER, WINS, review_by_name};
use self::replay::replay;
use crate::cli::{Format, GameArg, ReviewArgs, ReviewBy};
use crate::gcg::read::Record;
use crate::output;
use crate::setup::{bot_settings, crossword_rules, game_lexicon};

/// One move reviewed, as every format prints it.
#[derive(Debug, Serialize)]
pub(super) struct Row {
    /// The move's place among the record's moves, from 1.
    pub(super) turn: usize,
    /// Its line in the record.
    pub(super) line: usize,
    /// The mover's nickname.
    pub(super) player: String,
    /// Tiles in the bag before the move, as its mover counts them.
    pub(super) bag: usize,
    pub(super) rack: String,
    pub(super) played: String,
    pub(super) score: i32,
    /// The judge's value of the move played, in points (by a `wins` judge, the chance of
    /// winning, in percent).
    pub(super) value: f64,
    pub(super) best: String,
    pub(super) best_score: i32,
    pub(super) best_value: f64,
    /// What the move played gave up against the best, in the value's units.
    pub(super) lost: f64,
    /// What valued the moves: the `--rank-by` judge, `solver` with the bag empty, or where
    /// `equity` looks ahead as the bot does, `wins:WIDTHxSAMPLES` (`lookahead:` with the bag
    /// empty).
    pub(super) judge: String,
    /// Where the solver judges: the replies and answers after the best that make its value.
    pub(super) best_line: String,
    /// A word the lexicon lacks, or a move taken back.
    pub(super) note: String,
}

/// Runs `owlery review`.
pub fn run(args: &ReviewArgs) -> anyhow::Result<ExitCode> {
    let file = args.gcg.display().to_string();
    let text = std::fs::read_to_string(&args.gcg).with_context(|| format!("reading {file}"))?;
    let record = crate::gcg::read::read(&text, &file)?;
    if text.lines().any(|line| line.starts_with("#note house ")) {
        bail!(
            "{file}: a Scrabble: Harry Potter Edition game (its houses are noted); review reads \
             the plain game's records"
        );
    }
    let wanted = match &args.player {
        Some(who) => Some(
            record
                .players
                .iter()
                .position(|(nick, name)| nick == who || name == who)
                .with_context(|| {
                    let nicks: Vec<&str> = record.players.iter().map(|(n, _)| n.as_str()).collect();
                    format!(
                        "--player {who:?}: {file} has no such player; expected one of {}",
                        nicks.join(", ")
                    )
                })?,
        ),
        None => None,
    };
    let rules = crossword_rules(&args.data)?;
    let lexicon = game_lexicon(GameArg::Scrabble, &args.lexicon)?;
    let leaves = bot_settings(&args.data, DEFAULT_ROLLOUTS)?.leaves();
    let mut judge = Judge::new(leaves, args.rank_by, args.endgame);
    let reviewed = |seat| wanted.is_none_or(|wanted| wanted == seat);
    let (turns, unshown) = replay(&record, &file, &rules, &lexicon, reviewed)?;
    let rows: Vec<Row> = turns
        .iter()
        .map(|turn| judge.row(turn, &rules, &lexicon, &record))
        .collect();
    let mut out = output::stdout();
    match args.format {
        Format::Table => table(&mut out, &rows, &record, &unshown, args.rank_by)?,
        Format::Csv | Format::Json => output::write_rows(&mut out, args.format, &rows, HEADER)?,
    }
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}

/// The columns of the CSV and JSON listings.
const HEADER: &[&str] = &[
    "turn",
    "line",
    "player",
    "bag",
    "rack",
    "played",
    "score",
    "value",
    "best",
    "best_score",
    "best_value",
    "lost",
    "judge",
    "best_line",
    "note",
];

/// Hundredths of a point as points, to one decimal.
fn points(hundredths: i64) -> f64 {
    (hundredths as f64 / 10.0).round() / 10.0
}

/// The review as a table, and each player's sum.
fn table(
    out: &mut impl Write,
    rows: &[Row],
    record: &Record,
    unshown: &[usize],
    rank_by: ReviewBy,
) -> anyhow::Result<()> {
    let judge = review_by_name(rank_by);
    writeln!(
        out,
        "{:>4}  {:<6} {:>3}  {:<8} {:<22} {:>5} {:>7}  {:<22} {:>5} {:>7} {:>6}",
        "turn",
        "player",
        "bag",
        "rack",
        "played",
        "score",
        "value",
        "best",
        "score",
        "value",
        "lost"
    )?;
    for row in rows {
        let mut note = match (row.judge.as_str(), row.note.as_str()) {
            (SOLVER, "") => SOLVER.to_string(),
            (SOLVER, note) => format!("{SOLVER}; {note}"),
            (_, note) => note.to_string(),
        };
        // Where the move played lost, the best line shows why the best is better.
        if row.lost > 0.0 && !row.best_line.is_empty() {
            note += &format!("; the best, then: {}", row.best_line);
        }
        let text = format!(
            "{:>4}  {:<6} {:>3}  {:<8} {:<22} {:>5} {:>7.1}  {:<22} {:>5} {:>7.1} {:>6.1}  {}",
            row.turn,
            row.player,
            row.bag,
            row.rack,
            row.played,
            row.score,
            row.value,
            row.best,
            row.best_score,
            row.best_value,
            row.lost,
            note
        );
        writeln!(out, "{}", text.trim_end())?;
    }
    writeln!(
        out,
        "value: {judge}'s, in points (score and the tiles kept{}); lost: the best's value less \
         the move played's",
        if judge == "equity" {
            ""
        } else {
            ", less the reply's over racks drawn for the next player"
        }
    )?;
    let mut others: Vec<&str> = rows
        .iter()
        .map(|row| row.judge.as_str())
        .filter(|&name| name != judge && name != SOLVER)
        .collect();
    others.sort_unstable();
    others.dedup();
    for name in others {
        if name.starts_with(WINS) {
            writeln!(
                out,
                "{name}: with 1 to 6 tiles in the bag of a two-player game, as the equity bot \
                 judges: equity's best moves and the move played, each less the opponent's best \
                 reply over racks drawn from the unseen tiles; value: the chance of winning the \
                 lead after the reply leaves, in percent; lost: in points of percentage"
            )?;
        } else {
            let judged =
                |bag: fn(usize) -> bool| rows.iter().any(|row| row.judge == name && bag(row.bag));
            let wheres = [
                (
                    judged(|bag| bag > 0),
                    "over racks drawn from the unseen tiles where the chance of winning is the \
                     same either way (the game decided)",
                ),
                (
                    judged(|bag| bag == 0),
                    "from the rack it holds once the bag is empty",
                ),
            ];
            let wheres: Vec<&str> = wheres
                .iter()
                .filter(|(judged, _)| *judged)
                .map(|&(_, text)| text)
                .collect();
            writeln!(
                out,
                "{name}: in a two-player game, as the equity bot judges: equity's best moves and \
                 the move played, each less the opponent's best reply {}, in points",
                wheres.join(", or ")
            )?;
        }
    }
    if rows.iter().any(|row| row.judge == SOLVER) {
        writeln!(
            out,
            "{SOLVER}: with the bag empty, the endgame searched; value: the points the move gains \
             over the opponent from there to the end of the game"
        )?;
    }
    for ((nick, name), &unshown) in record.players.iter().zip(unshown) {
        let mine: Vec<&Row> = rows.iter().filter(|row| row.player == *nick).collect();
        let label = if name.is_empty() {
            nick.clone()
        } else {
            format!("{nick} ({name})")
        };
        let mut summary = String::new();
        if !mine.is_empty() {
            let best = mine.iter().filter(|row| row.lost == 0.0).count();
            summary = format!("{} reviewed, {best} the best", moves(mine.len()));
            // Points and chances of winning are summed apart.
            let (by_wins, in_points): (Vec<&Row>, Vec<&Row>) =
                mine.iter().partition(|row| row.judge.starts_with(WINS));
            if !in_points.is_empty() {
                let lost: f64 = in_points.iter().map(|row| row.lost).sum();
                let share = if by_wins.is_empty() {
                    String::new()
                } else {
                    format!(" over {}", moves(in_points.len()))
                };
                summary += &format!(
                    "; {lost:.1} points lost{share} ({:.1} a move){}",
                    lost / in_points.len() as f64,
                    costliest(&in_points, "")
                );
            }
            if !by_wins.is_empty() {
                let lost: f64 = by_wins.iter().map(|row| row.lost).sum();
                summary += &format!(
                    "; in the pre-endgame {lost:.1} % of the chance of winning lost over {}{}",
                    moves(by_wins.len()),
                    costliest(&by_wins, " %")
                );
            }
        }
        if unshown > 0 {
            let gap = if summary.is_empty() { "" } else { "; " };
            let unshown = moves(unshown);
            summary += &format!("{gap}{unshown} not reviewed: the rack not shown in full");
        }
        if !summary.is_empty() {
            writeln!(out, "{label}: {summary}")?;
        }
    }
    Ok(())
}

/// The three rows that lost most, with what each lost in `unit`, after ", the costliest: ";
/// empty where none lost.
fn costliest(rows: &[&Row], unit: &str) -> String {
    let mut lost: Vec<&&Row> = rows.iter().filter(|row| row.lost > 0.0).collect();
    lost.sort_by(|a, b| b.lost.total_cmp(&a.lost).then(a.turn.cmp(&b.turn)));
    let worst: Vec<String> = lost
        .iter()
        .take(3)
        .map(|row| format!("turn {} ({:.1}{unit})", row.turn, row.lost))
        .collect();
    if worst.is_empty() {
        String::new()
    } else {
        format!(", the costliest: {}", worst.join(", "))
    }
}

/// `count` moves, in words.
fn moves(count: usize) -> String {
    format!("{count} move{}", if count == 1 { "" } else { "s" })
}
