//! `owlery sim`: many games across all cores, checkpointed in chunks, written as CSV tables.

use std::ops::Range;
use std::process::ExitCode;

use anyhow::bail;

use crate::setup::{
    bot_settings, card_rules, check_game_options, check_rummy_pack, crossword_rules, game_lexicon,
    hp_rules, monopoly_rules,
};
use bots::Settings;
use engine::draws::Draws;

use crate::cli::{GameArg, SimArgs};
use runner::games::{CardContest, Crossword, HarryPotter, Lineup, MonopolyContest, RummyContest};
use runner::seeds::{crossword_fingerprint, monopoly_fingerprint};
use runner::store::Manifest;

/// The game a run plays.
pub enum Contest {
    Crossword(Crossword),
    HarryPotter(HarryPotter),
    Monopoly(MonopolyContest),
    Cards(CardContest),
    Rummy(RummyContest),
}

impl Contest {
    /// Games played in `window` on `threads` workers.
    pub fn games_in(
        &self,
        master: u64,
        window: std::time::Duration,
        threads: usize,
    ) -> anyhow::Result<runner::bench::Timed> {
        use runner::bench::games_in;
        match self {
            Contest::Crossword(game) => games_in(game, master, window, threads),
            Contest::HarryPotter(game) => games_in(game, master, window, threads),
            Contest::Monopoly(game) => games_in(game, master, window, threads),
            Contest::Cards(game) => games_in(game, master, window, threads),
            Contest::Rummy(game) => games_in(game, master, window, threads),
        }
    }

    /// Each group's share of the wins over games `range` of the run seeded `master`, chunk
    /// by chunk (`runner::levels::levels_by_chunk`).
    pub fn levels_by_chunk(
        &self,
        names: &[String],
        master: u64,
        range: Range<u64>,
        threads: Option<usize>,
    ) -> anyhow::Result<Vec<runner::levels::Levels>> {
        use runner::levels::levels_by_chunk as by_chunk;
        match self {
            Contest::Crossword(game) => by_chunk(game, names, master, range, threads),
            Contest::HarryPotter(game) => by_chunk(game, names, master, range, threads),
            Contest::Monopoly(game) => by_chunk(game, names, master, range, threads),
            Contest::Cards(game) => by_chunk(game, names, master, range, threads),
            Contest::Rummy(game) => by_chunk(game, names, master, range, threads),
        }
    }
}

/// Reads `I/N` (I from 0) into the shard's index and count.
pub(crate) fn parse_shard(text: &str) -> anyhow::Result<(u64, u64)> {
    let parsed = text
        .split_once('/')
        .and_then(|(i, n)| Some((i.trim().parse::<u64>().ok()?, n.trim().parse::<u64>().ok()?)));
    match parsed {
        Some((index, count)) if count > 0 && index < count => Ok((index, count)),
        _ => bail!("--shard {text:?}: expected I/N with 0 <= I < N, e.g. 0/4"),
    }
}

/// The shard a Slurm array task plays when `--shard` is left out: `SLURM_ARRAY_TASK_ID` of
/// `SLURM_ARRAY_TASK_COUNT`, as text for the manifest.
pub(crate) fn shard_from_slurm(var: impl Fn(&str) -> Option<String>) -> Option<String> {
    let index = var("SLURM_ARRAY_TASK_ID")?;
    let count = var("SLURM_ARRAY_TASK_COUNT")?;
    Some(format!("{}/{}", index.trim(), count.trim()))
}

/// The games of shard `index` of `count`.
pub(crate) fn shard_range(games: u64, index: u64, count: u64) -> Range<u64> {
    let bound = |k: u64| (u128::from(games) * u128::from(k) / u128::from(count)) as u64;
    bound(index)..bound(index + 1)
}

/// The crossword games' contest and the fingerprint of their rules, leave values and lexicon.
fn scrabble_contest(args: &SimArgs, settings: Settings) -> anyhow::Result<(Contest, String)> {
    let lexicon = game_lexicon(args.game, &args.lexicon)?;
    let described = |rules: &dyn std::fmt::Debug| crossword_fingerprint(rules, &settings, &lexicon);
    Ok(match args.game {
        GameArg::Scrabble => {
            let rules = crossword_rules(&args.data)?;
            let hash = described(&rules);
            let contest = Contest::Crossword(Crossword {
                rules,
                lexicon: lexicon.clone(),
                lineup: Lineup::registered(args.bots.clone(), settings),
                draws: Draws::Shared,
            });
            (contest, hash)
        }
        GameArg::ScrabbleHp => {
            let rules = hp_rules(&args.data)?;
            let hash = described(&rules);
            let contest = Contest::HarryPotter(HarryPotter {
                rules,
                lexicon: lexicon.clone(),
                lineup: Lineup::registered(args.bots.clone(), settings),
                houses_follow_bots: false,
                draws: Draws::Shared,
            });
            (contest, hash)
        }
        GameArg::ScrabbleCards => {
            let rules = card_rules(&args.data, args.variant.into())?;
            check_rummy_pack(&rules, &args.data, args.bots.len())?;
            let hash = described(&(&rules, args.variant));
            let bots = args.bots.clone();
            let contest = if rules.variant == engine::cardgame::Variant::Rummy {
                let lineup = Lineup::registered(bots, settings);
                Contest::Rummy(RummyContest::new(rules, lexicon.clone(), lineup))
            } else {
                let lineup = Lineup::registered(bots, settings);
                Contest::Cards(CardContest::new(rules, lexicon.clone(), lineup))
            };
            (contest, hash)
        }
        GameArg::MonopolyHp => unreachable!("monopoly-hp has its own contest"),
    })
}

/// The contest `args` describe (the game, its rules from `args.data`, the bots) and the
/// fingerprint of its rules, every flag checked.
pub fn contest(args: &SimArgs) -> anyhow::Result<(Contest, String)> {
    check_game_options(args.game, args.variant, Some(args.rollouts))?;
    let seats = args.game.seats();
    if !seats.contains(&args.bots.len()) {
        bail!(
            "--bots lists {} bot{}: expected {} to {}, one per seat",
            args.bots.len(),
            if args.bots.len() == 1 { "" } else { "s" },
            seats.start(),
            seats.end()
        );
    }
    if args.games == 0 {
        bail!("--games 0: expected at least one game");
    }
    let settings = bot_settings(&args.data, args.rollouts)?;
    let built = if args.game == GameArg::MonopolyHp {
        let rules = monopoly_rules(&args.data)?;
        let hash = monopoly_fingerprint(&rules, args.rollouts);
        (
            Contest::Monopoly(MonopolyContest::new(
                rules,
                Lineup::registered(args.bots.clone(), settings),
            )),
            hash,
        )
    } else {
        scrabble_contest(args, settings)?
    };
    for name in &args.bots {
        args.game.check_bot(name, args.variant)?;
    }
    Ok(built)
}

/// Runs `owlery sim`.
pub fn run(args: &SimArgs) -> anyhow::Result<ExitCode> {
    let shard_text = args
        .shard
        .clone()
        .or_else(|| shard_from_slurm(|name| std::env::var(name).ok()));
    if args.shard.is_none()
        && let Some(text) = &shard_text
    {
        eprintln!("shard {text} from SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT");
    }
    let shard = shard_text.as_deref().map(parse_shard).transpose()?;
    let range = shard.map_or(0..args.games, |(index, count)| {
        shard_range(args.games, index, count)
    });
    let chunk = args
        .chunk
        .unwrap_or_else(|| args.games.div_ceil(64).clamp(1, 1000));
    if chunk == 0 {
        bail!("--chunk 0: expected at least one game per chunk");
    }
    let (contest, rules_hash) = contest(args)?;
    let manifest = Manifest {
        chunk,
        per_game: args.per_game,
        shard: shard_text,
        variant: (args.game == GameArg::ScrabbleCards).then(|| args.variant.name().to_string()),
        ..Manifest::new(
            args.game.name(),
            &args.bots,
            args.seed,
            args.games,
            rules_hash,
        )
    };
    runner::store::open_run(&args.out, &manifest, args.resume, args.force)?;
    match &contest {
        Contest::Crossword(game) => runner::run(game, &manifest, range, &args.out, args.threads)?,
        Contest::HarryPotter(game) => runner::run(game, &manifest, range, &args.out, args.threads)?,
        Contest::Monopoly(game) => runner::run(game, &manifest, range, &args.out, args.threads)?,
        Contest::Cards(game) => runner::run(game, &manifest, range, &args.out, args.threads)?,
        Contest::Rummy(game) => runner::run(game, &manifest, range, &args.out, args.threads)?,
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_games() {
        let ranges: Vec<_> = (0..3).map(|i| shard_range(10, i, 3)).collect();
        assert_eq!(ranges, vec![0..3, 3..6, 6..10]);
        assert!(
            parse_shard("3/3").is_err()
                && parse_shard("x/2").is_err()
                && parse_shard("1/0").is_err()
        );
        assert_eq!(parse_shard("1/4").unwrap(), (1, 4));
    }

    #[test]
    fn slurm_array_tasks_name_their_shard() {
        let env = |id: Option<&'static str>, count: Option<&'static str>| {
            move |name: &str| match name {
                "SLURM_ARRAY_TASK_ID" => id.map(String::from),
                "SLURM_ARRAY_TASK_COUNT" => count.map(String::from),
                _ => None,
            }
        };
        assert_eq!(
            shard_from_slurm(env(Some("3"), Some("8"))).as_deref(),
            Some("3/8")
        );
        assert_eq!(shard_from_slurm(env(Some("3"), None)), None);
        assert_eq!(shard_from_slurm(env(None, None)), None);
    }
}
