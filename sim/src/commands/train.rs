//! `owlery train leaves`: the equity bot's leave values learned from self-play: the leave
//! table through the runner's chunks (so a run resumes, and shards merge), or the linear
//! model in one pass.

use std::ops::Range;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, bail};
use bots::Settings;
use bots::scrabble::leaves::LeaveModel;
use bots::scrabble::leaves::klv::{self, KlvFormat};
use bots::scrabble::leaves::learn::LeaveSums;
use bots::scrabble::leaves::linear::{LeaveFit, LeaveSample};
use bots::seating::seat_table;
use engine::cardgame::{CardGame, CardMove, CardRules};
use engine::play::play_out;
use engine::scrabble::{Game, Move, Rack, Rules};
use lexicon::{Edition, Lexicon};
use rayon::prelude::*;

use crate::cli::{TrainGame, TrainLeavesArgs};
use crate::simulate::{parse_shard, shard_from_slurm, shard_range};
use runner::seeds::{fingerprint, game_seed};
use runner::store::open_run;
use runner::store::{Manifest, check_writable, read_manifest, write_atomically};

/// Games per unit of work of the linear fit: enough to amortise its sums, few enough to
/// spread over cores.
const BATCH: u64 = 250;

/// What a training game learns from: a seat's turn that left `kept` (refilled whole), and
/// the points and leave value of the seat's next turn.
struct Learned {
    kept: Rack,
    next_score: i32,
    next_leave_value: i32,
}

/// The file a `--out` names: a table (KLV2 or KLV) or the linear model.
fn out_format(out: &Path) -> anyhow::Result<Option<KlvFormat>> {
    let extension = out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("klv2") => Ok(Some(KlvFormat::Klv2)),
        Some("klv") => Ok(Some(KlvFormat::Klv)),
        Some("toml") => Ok(None),
        _ => bail!(
            "--out {}: expected a .klv2 or .klv file (the leave table) or a .toml file (the linear model)",
            out.display()
        ),
    }
}

/// Runs `owlery train leaves`.
pub fn leaves(args: &TrainLeavesArgs) -> anyhow::Result<ExitCode> {
    if args.games == 0 {
        bail!("--games 0: expected at least one game");
    }
    if !(args.smoothing.is_finite() && args.smoothing > 0.0) {
        bail!(
            "--smoothing {}: expected a positive number of samples",
            args.smoothing
        );
    }
    match args.game {
        TrainGame::Scrabble => bots::bot::<Game>(&args.bot).map(drop)?,
        TrainGame::ScrabbleCards => bots::bot::<CardGame>(&args.bot).map(drop)?,
    }
    check_writable(&args.out, "--out")?;
    let format = out_format(&args.out)?;
    let settings = bot_settings(args)?;
    match format {
        Some(format) => table(args, format, &settings),
        None => {
            let table_only = args.shard.is_some() || args.resume || !args.merge.is_empty();
            if table_only || args.game != TrainGame::Scrabble {
                bail!(
                    "--shard, --resume, --merge and --game scrabble-cards train a leave table: give --out a .klv2 file"
                );
            }
            linear(args, &settings)
        }
    }
}

/// The bot's settings: its leave values from `--leaves` or the shipped ones.
fn bot_settings(args: &TrainLeavesArgs) -> anyhow::Result<Settings> {
    let Some(path) = &args.leaves else {
        return Ok(Settings::default());
    };
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let model = LeaveModel::read(&bytes, &path.display().to_string())?;
    let leaves = &*Box::leak(Box::new(model));
    Ok(Settings {
        leaves: Some(leaves),
        card_leaves: Some(leaves),
        ..Settings::default()
    })
}

/// The training run's manifest: its games depend on the bot, its leave values and the seed.
fn manifest(args: &TrainLeavesArgs, shard: Option<String>) -> anyhow::Result<Manifest> {
    let leaves = match &args.leaves {
        Some(path) => {
            let bytes =
                std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
            format!("{:016x}", fingerprint(&bytes))
        }
        None => "shipped".to_string(),
    };
    let defining = format!("train leaves|{leaves}");
    let chunk = args
        .chunk
        .unwrap_or_else(|| args.games.div_ceil(16).clamp(1, 100_000));
    if chunk == 0 {
        bail!("--chunk 0: expected at least one game per chunk");
    }
    let bots = [args.bot.clone(), args.bot.clone()];
    let (game, variant) = match args.game {
        TrainGame::Scrabble => ("scrabble", None),
        TrainGame::ScrabbleCards => ("scrabble-cards", Some("classic".to_string())),
    };
    Ok(Manifest {
        chunk,
        shard,
        variant,
        ..Manifest::new(
            game,
            &bots,
            args.seed,
            args.games,
            format!("{:016x}", fingerprint(defining.as_bytes())),
        )
    })
}

/// Learns the leave table: plays the run's chunks into `--run` (or takes the chunks of the
/// `--merge` directories), then, for a whole run, writes the table.
fn table(
    args: &TrainLeavesArgs,
    format: KlvFormat,
    settings: &Settings,
) -> anyhow::Result<ExitCode> {
    let rules = Arc::new(Rules::standard());
    let card_rules = Arc::new(CardRules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
    let started = Instant::now();
    let (manifest, dirs) = if args.merge.is_empty() {
        let shard_text = args
            .shard
            .clone()
            .or_else(|| shard_from_slurm(|name| std::env::var(name).ok()));
        let shard = shard_text.as_deref().map(parse_shard).transpose()?;
        let range = shard.map_or(0..args.games, |(index, count)| {
            shard_range(args.games, index, count)
        });
        let manifest = manifest(args, shard_text)?;
        open_run(&args.run, &manifest, args.resume, args.force)?;
        let work = |games: Range<u64>| -> anyhow::Result<LeaveSums> {
            let mut sums = LeaveSums::default();
            for index in games {
                let seed = game_seed(args.seed, index);
                let learn = |learned: Learned| {
                    let target = learned.next_score * 100 + learned.next_leave_value;
                    sums.add(&learned.kept, target);
                };
                match args.game {
                    TrainGame::Scrabble => {
                        learn_from_game(&rules, &lexicon, &args.bot, settings, seed, learn)?
                    }
                    TrainGame::ScrabbleCards => learn_from_card_game(
                        &card_rules,
                        &lexicon,
                        &args.bot,
                        settings,
                        seed,
                        learn,
                    )?,
                }
            }
            Ok(sums)
        };
        let (games, seconds) = runner::run_chunks(&manifest, range, &args.run, args.threads, work)?;
        runner::print_rate(games, seconds);
        if shard.is_some() {
            eprintln!(
                "shard played into {}: learn from all the shards with --merge DIR... --out FILE",
                args.run.display()
            );
            return Ok(ExitCode::SUCCESS);
        }
        (manifest, vec![args.run.clone()])
    } else {
        let first = read_manifest(&args.merge[0])?;
        for dir in &args.merge[1..] {
            if let Some(field) = read_manifest(dir)?.mismatch(&first) {
                bail!(
                    "{}: a different {field} than {}; merge the shards of one run",
                    dir.display(),
                    args.merge[0].display()
                );
            }
        }
        (first, args.merge.clone())
    };
    let dirs: Vec<&Path> = dirs.iter().map(|dir| dir.as_path()).collect();
    let chunks: Vec<LeaveSums> = runner::load_chunks(&dirs, &manifest, &(0..manifest.games))?;
    let mut sums = LeaveSums::default();
    for chunk in &chunks {
        sums.merge(chunk);
    }
    let counts = match args.game {
        TrainGame::Scrabble => *rules.tiles.counts(),
        TrainGame::ScrabbleCards => *card_rules.letters.counts(),
    };
    let (_, leaves) = sums.solve(LeaveModel::linear(), &counts, args.smoothing);
    let bytes = klv::write(&leaves, format).map_err(|error| anyhow::anyhow!("{error}"))?;
    write_atomically(&args.out, &bytes)?;
    eprintln!(
        "{} games, {} turns learned from ({} leaves seen of {}), in {:.1} s: wrote {}",
        manifest.games,
        sums.samples(),
        sums.leaves_seen(),
        leaves.len(),
        started.elapsed().as_secs_f64(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Fits the linear model in one pass over the games, batch by batch.
fn linear(args: &TrainLeavesArgs, settings: &Settings) -> anyhow::Result<ExitCode> {
    let rules = Arc::new(Rules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
    let pool = runner::worker_pool(args.threads)?;
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
                    learn_from_game(&rules, &lexicon, &args.bot, settings, seed, |learned| {
                        fit.add(&LeaveSample {
                            leave: learned.kept,
                            next_score: learned.next_score,
                        })
                    })?;
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
    let hogwarts_square = f64::from(LeaveModel::linear().hogwarts_square()) / 100.0;
    let model = total.solve(args.games, &args.bot, hogwarts_square);
    write_atomically(&args.out, model.to_toml().as_bytes())?;
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "{} games, {} turns learned from, in {seconds:.1} s: wrote {}",
        args.games,
        total.samples(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Each seat's leave still waiting for its next turn, which says what the leave was worth.
#[derive(Default)]
struct LeaveLedger {
    waiting: [Option<Rack>; 2],
}

impl LeaveLedger {
    /// `seat`'s turn scored `points` and kept `kept`: the leave waiting from its last turn is
    /// learned from (with `kept`'s value by `value` when the rack was refilled whole, since
    /// near the end the draw, not the leave, decides), and `kept` waits if it was refilled.
    fn turn(
        &mut self,
        seat: usize,
        kept: Rack,
        refilled: bool,
        points: i32,
        value: impl Fn(&Rack) -> i32,
        learn: &mut impl FnMut(Learned),
    ) {
        if let Some(leave) = self.waiting[seat].take() {
            learn(Learned {
                kept: leave,
                next_score: points,
                next_leave_value: if refilled { value(&kept) } else { 0 },
            });
        }
        if refilled {
            self.waiting[seat] = Some(kept);
        }
    }
}

/// Plays one self-play game and tells `learn`, for every turn after which the seat's rack
/// was refilled whole, the tiles it kept and what its next turn made of them.
fn learn_from_game(
    rules: &Arc<Rules>,
    lexicon: &Arc<Lexicon>,
    bot: &str,
    settings: &Settings,
    seed: u64,
    mut learn: impl FnMut(Learned),
) -> anyhow::Result<()> {
    let mut game = Game::new(rules.clone(), lexicon.clone(), 2, seed)?;
    let names = [bot.to_string(), bot.to_string()];
    let mut seats = seat_table(&names, seed, settings, None)?;
    let mut ledger = LeaveLedger::default();
    play_out(&mut game, &mut seats, |game: &Game| {
        let Some(turn) = game.history().last() else {
            return;
        };
        let seat = turn.seat;
        let mut kept = turn.rack;
        let left = match turn.action {
            Move::Place(placement) => kept.take_all(&placement.rack_tiles()),
            Move::Exchange(given) => kept.take_all(&given),
            Move::Pass => false,
        };
        let refilled = left && game.rack(seat).len() == rules.numbers.rack_size;
        let value = |leave: &Rack| settings.leaves().value(leave);
        ledger.turn(seat, kept, refilled, turn.score, value, &mut learn);
    })?;
    Ok(())
}

/// Plays one self-play game of the card game (Classic) and tells `learn`, for every turn after
/// which the seat's hand was refilled whole, the letters it kept and what its next turn made
/// of them (points, Premium cards included, and its leave by the bot's values).
fn learn_from_card_game(
    rules: &Arc<CardRules>,
    lexicon: &Arc<Lexicon>,
    bot: &str,
    settings: &Settings,
    seed: u64,
    mut learn: impl FnMut(Learned),
) -> anyhow::Result<()> {
    let mut game = CardGame::new(rules.clone(), lexicon.clone(), 2, seed)?;
    let names = [bot.to_string(), bot.to_string()];
    let mut seats = seat_table(&names, seed, settings, None)?;
    // Each seat's letters before its next move, and its score before it.
    let mut hands = [game.hand(0).letters, game.hand(1).letters];
    let mut scores = [0i32; 2];
    let mut ledger = LeaveLedger::default();
    let mut turns_seen = 0;
    play_out(&mut game, &mut seats, |game: &CardGame| {
        for turn in &game.history()[turns_seen..] {
            let seat = turn.seat;
            let mut kept = hands[seat];
            let left = match &turn.action {
                CardMove::Place(_) if turn.challenged_off.is_some() => false,
                CardMove::Place(play) => play.tiles.iter().all(|t| kept.take(t.cell.kind())),
                CardMove::Exchange { letters, .. } => kept.take_all(letters),
                CardMove::Pass => false,
            };
            let refilled = left && game.hand(seat).letters.len() == rules.numbers.hand_size;
            let points = game.scores()[seat] - scores[seat];
            let value = |leave: &Rack| settings.card_leaves().value(leave);
            ledger.turn(seat, kept, refilled, points, value, &mut learn);
        }
        turns_seen = game.history().len();
        for seat in 0..2 {
            hands[seat] = game.hand(seat).letters;
            scores[seat] = game.scores()[seat];
        }
    })?;
    Ok(())
}
