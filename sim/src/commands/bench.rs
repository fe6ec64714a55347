//! `owlery bench`: this machine's standard figures, so machines can be compared and a bot
//! author sees what a bot costs: games a second of every game's every bot (each seat played
//! by it) on one thread and on all, the crossword positions a second whose every move is
//! generated, the lexicon's load time and the process's peak memory.

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::bail;
use bots::registry::Registered;
use clap::Parser;
use engine::play::Stepped;
use engine::scrabble::{Board, Game, MoveGen, Rack, Rules};
use lexicon::{Edition, Lexicon};
use reports::schema::{BenchRow, Fixed, to_csv};
use runner::bench::peak_memory_kb;
use runner::store::write_atomically;

use crate::cli::{
    BenchArgs, Cli, Command, EVERY_GAME, ForGame, GameArg, SimArgs, VariantArg, for_game,
};
use crate::output;
use crate::simulate::contest;

/// The master seed every figure plays from.
const SEED: u64 = 1;

/// A game's bots by name.
struct Names;

impl ForGame for Names {
    type Out = Vec<String>;

    fn run<G: Registered>(self) -> Vec<String> {
        G::bots()
            .iter()
            .map(|entry| entry.name.to_string())
            .collect()
    }
}

/// Every game and variant a bench plays: the listed ones, and Forfeit (the card game's bots).
fn games() -> Vec<(GameArg, VariantArg)> {
    let mut games = EVERY_GAME.to_vec();
    games.insert(3, (GameArg::ScrabbleCards, VariantArg::Forfeit));
    games
}

/// The label of a game and variant, as the command line names them.
fn label(game: GameArg, variant: VariantArg) -> String {
    match game {
        GameArg::ScrabbleCards => format!("{} {}", game.name(), variant.name()),
        _ => game.name().to_string(),
    }
}

/// `owlery sim`'s arguments for `bot` in every seat of a two-player game.
fn sim_args(game: GameArg, variant: VariantArg, bot: &str) -> anyhow::Result<SimArgs> {
    let bots = format!("{bot},{bot}");
    let mut line = vec!["owlery", "sim", game.name(), "--bots", &bots];
    if game == GameArg::ScrabbleCards {
        line.extend(["--variant", variant.name()]);
    }
    match Cli::try_parse_from(line)?.command {
        Command::Sim(args) => Ok(args),
        _ => unreachable!("a sim command line"),
    }
}

/// Positions of greedy self-play, each with the rack of the player to move.
fn positions(rules: &Arc<Rules>, lexicon: &Arc<Lexicon>, games: u64) -> Vec<(Board, Rack)> {
    let mut positions = Vec::new();
    for seed in 0..games {
        let Ok(mut game) = Game::new(rules.clone(), lexicon.clone(), 2, seed) else {
            continue;
        };
        let Ok(mut greedy) = bots::bot::<Game>("greedy") else {
            continue;
        };
        while let Some(pending) = game.pending() {
            let view = game.view(pending.seat);
            positions.push((view.board.clone(), view.rack));
            let Some(answer) = greedy.decide(&view, pending.question) else {
                break;
            };
            if game.answer(answer).is_err() {
                break;
            }
        }
    }
    positions
}

/// Every move of each position, over and over until `window` has passed: positions a second.
fn all_moves(window: Duration) -> (f64, u64) {
    let rules = Arc::new(Rules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
    let positions = positions(&rules, &lexicon, 4);
    let mut generator = MoveGen::new();
    let (mut done, mut moves) = (0u64, 0u64);
    let started = Instant::now();
    while started.elapsed() < window || done == 0 {
        for (board, rack) in &positions {
            generator.generate(board, &rules, &lexicon, rack, |_| moves += 1);
            done += 1;
        }
    }
    (
        done as f64 / started.elapsed().as_secs_f64(),
        moves / done.max(1),
    )
}

fn row(measure: &str, game: &str, bot: &str, threads: usize, value: f64, unit: &str) -> BenchRow {
    BenchRow {
        measure: measure.to_string(),
        game: game.to_string(),
        bot: bot.to_string(),
        threads,
        value: Fixed(value),
        unit: unit.to_string(),
    }
}

/// Runs `owlery bench`.
pub fn run(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    let window = Duration::from_secs_f64(if args.quick { 0.4 } else { 3.0 });
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut threads = vec![1];
    if cores > 1 {
        threads.push(cores);
    }
    let mut rows = Vec::new();
    let mut out = output::stdout();
    writeln!(
        out,
        "{:<24} {:<28} {:<18} {:>7} {:>12} unit",
        "measure", "game", "bot", "threads", "value"
    )?;
    let mut tell = |row: BenchRow, out: &mut dyn Write| -> anyhow::Result<()> {
        writeln!(
            out,
            "{:<24} {:<28} {:<18} {:>7} {:>12.1} {}",
            row.measure, row.game, row.bot, row.threads, row.value.0, row.unit
        )?;
        out.flush()?;
        rows.push(row);
        Ok(())
    };
    let loads = (0..3).map(|_| {
        let started = Instant::now();
        let lexicon = Lexicon::embedded(Edition::HarryPotter);
        let seconds = started.elapsed().as_secs_f64();
        drop(lexicon);
        seconds
    });
    let fastest = loads.fold(f64::MAX, f64::min);
    tell(
        row("lexicon load", "scrabble-hp", "", 1, 1000.0 * fastest, "ms"),
        &mut out,
    )?;
    let (rate, moves) = all_moves(window);
    tell(
        row(
            "all-moves positions",
            "scrabble",
            &format!("{moves} moves each"),
            1,
            rate,
            "positions/s",
        ),
        &mut out,
    )?;
    let wanted = |game: &(GameArg, VariantArg)| args.game.is_none_or(|only| only == game.0);
    for (game, variant) in games().into_iter().filter(wanted) {
        for bot in for_game(game, variant, Names) {
            let (built, _) = contest(&sim_args(game, variant, &bot)?)?;
            for &count in &threads {
                let timed = built.games_in(SEED, window, count)?;
                tell(
                    row(
                        "games",
                        &label(game, variant),
                        &bot,
                        count,
                        timed.rate(),
                        "games/s",
                    ),
                    &mut out,
                )?;
            }
        }
    }
    match peak_memory_kb() {
        Some(kb) => tell(
            row("peak memory", "", "", cores, kb as f64 / 1024.0, "MiB"),
            &mut out,
        )?,
        None => writeln!(out, "peak memory: not reported by this system")?,
    }
    output::finish(out)?;
    if let Some(path) = &args.out {
        if path.is_dir() {
            bail!(
                "--out {}: expected a file for the CSV, found a directory",
                path.display()
            );
        }
        write_atomically(path, &to_csv(&rows)?)?;
        eprintln!("wrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
