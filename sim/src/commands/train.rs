//! `owlery train leaves`: the equity bot's leave values, fitted to self-play.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, bail};
use bots::scrabble::leaves::{LeaveFit, LeaveModel, LeaveSample};
use bots::seating::seat_table;
use engine::play::play_out;
use engine::scrabble::{Game, Move, Rules};
use lexicon::{Edition, Lexicon};
use rayon::prelude::*;

use crate::cli::TrainLeavesArgs;
use runner::seeds::game_seed;
use runner::store::check_writable;

/// Games per unit of work: enough to amortise the fit's sums, few enough to spread over cores.
const BATCH: u64 = 250;

/// Runs `owlery train leaves`.
pub fn leaves(args: &TrainLeavesArgs) -> anyhow::Result<ExitCode> {
    if args.games == 0 {
        bail!("--games 0: expected at least one game");
    }
    bots::bot::<Game>(&args.bot)?;
    check_writable(&args.out, "--out")?;
    let rules = Arc::new(Rules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = args.threads {
        pool = pool.num_threads(threads);
    }
    let pool = pool.build().context("starting the worker threads")?;
    let started = Instant::now();
    let batches: Vec<u64> = (0..args.games.div_ceil(BATCH)).collect();
    // Sums are added in batch order whatever thread ran a batch, so a seed gives one file.
    let fits: Vec<LeaveFit> = pool.install(|| {
        batches
            .par_iter()
            .map(|&batch| {
                let mut fit = LeaveFit::default();
                let games = batch * BATCH..((batch + 1) * BATCH).min(args.games);
                for index in games {
                    let seed = game_seed(args.seed, index);
                    learn_from_game(&rules, &lexicon, &args.bot, seed, &mut fit)?;
                }
                Ok(fit)
            })
            .collect::<anyhow::Result<_>>()
    })?;
    let mut total = LeaveFit::default();
    for fit in &fits {
        total.merge(fit);
    }
    // Training plays the plain game: the brown squares' worth is kept from the shipped file.
    let hogwarts_square = f64::from(LeaveModel::embedded().hogwarts_square()) / 100.0;
    let model = total.solve(args.games, &args.bot, hogwarts_square);
    std::fs::write(&args.out, model.to_toml())
        .with_context(|| format!("writing {}", args.out.display()))?;
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "{} games, {} turns learned from, in {seconds:.1} s: wrote {}",
        args.games,
        total.samples(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Plays one self-play game and adds, for every turn after which the seat's rack was refilled
/// whole, the tiles it kept and the points of its next turn.
fn learn_from_game(
    rules: &Arc<Rules>,
    lexicon: &Arc<Lexicon>,
    bot: &str,
    seed: u64,
    fit: &mut LeaveFit,
) -> anyhow::Result<()> {
    let mut game = Game::new(rules.clone(), lexicon.clone(), 2, seed)?;
    let names = [bot.to_string(), bot.to_string()];
    let mut seats = seat_table(&names, seed, &bots::Settings::default(), None)?;
    // Per seat, the leave of its last turn still waiting for its next turn's score.
    let mut waiting: [Option<engine::scrabble::Rack>; 2] = [None, None];
    play_out(&mut game, &mut seats, |game: &Game| {
        let Some(turn) = game.history().last() else {
            return;
        };
        let seat = turn.seat;
        if let Some(leave) = waiting[seat].take() {
            fit.add(&LeaveSample {
                leave,
                next_score: turn.score,
            });
        }
        let mut kept = turn.rack;
        match turn.action {
            Move::Place(placement) => kept.take_all(&placement.rack_tiles()),
            Move::Exchange(given) => kept.take_all(&given),
            Move::Pass => return,
        };
        // Only leaves followed by a full rack: near the end the draw, not the leave, decides.
        if game.rack(seat).len() == rules.numbers.rack_size {
            waiting[seat] = Some(kept);
        }
    })?;
    Ok(())
}
