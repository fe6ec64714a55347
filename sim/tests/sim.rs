//! The simulator through the real binary: the same files on 1 and 2 threads, in shards merged,
//! and after a kill and a resume; merge refuses shards that do not belong together.

mod common;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{ran as assert_ran, report};

/// The binary, outside any Slurm array task even when the tests run inside one.
fn owlery_command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_owlery"));
    command
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("SLURM_ARRAY_TASK_COUNT");
    command
}

fn owlery(args: &[&str]) -> Output {
    common::owlery(args, "")
}

fn scratch(name: &str) -> std::path::PathBuf {
    common::scratch("sim", name)
}

/// The result files of a run directory (not its checkpoint chunks), by name.
fn results(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file())
        .map(|path| {
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&path).unwrap(),
            )
        })
        .collect();
    files.sort();
    assert!(
        files.iter().any(|(name, _)| name == "bots.csv"),
        "no tables in {}",
        dir.display()
    );
    files
}

/// A CSV table's rows, each by column name.
fn table_rows(path: &Path) -> Vec<std::collections::BTreeMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|line| {
            header
                .iter()
                .zip(line.split(','))
                .map(|(name, value)| (name.to_string(), value.to_string()))
                .collect()
        })
        .collect()
}

fn sim(out: &Path, extra: &[&str]) -> Output {
    sim_with(out, extra, &[])
}

/// The arguments of the tests' run: 48 scrabble games, greedy against random, from `seed`,
/// listed game by game, into `out`, with `extra` flags.
fn sim_args<'a>(seed: &'a str, out: &'a Path, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "sim",
        "scrabble",
        "--games",
        "48",
        "--bots",
        "greedy,random",
    ];
    args.extend(["--seed", seed, "--per-game", "--out", out.to_str().unwrap()]);
    args.extend_from_slice(extra);
    args
}

/// `sim` with environment variables set for the binary.
fn sim_with(out: &Path, extra: &[&str], env: &[(&str, &str)]) -> Output {
    let args = sim_args("5", out, extra);
    let output = owlery_command()
        .args(&args)
        .envs(env.iter().copied())
        .output()
        .expect("owlery runs");
    assert_ran(&output);
    output
}

#[test]
fn one_and_two_threads_write_identical_files() {
    let dir = scratch("threads");
    let one = sim(&dir.join("one"), &["--threads", "1"]);
    sim(&dir.join("two"), &["--threads", "2"]);
    assert_eq!(results(&dir.join("one")), results(&dir.join("two")));
    let last = String::from_utf8_lossy(&one.stdout);
    assert!(
        last.starts_with("48 games in ") && last.trim_end().ends_with("games/s"),
        "{last}"
    );
    let games = std::fs::read_to_string(dir.join("one/games.csv")).unwrap();
    assert_eq!(games.lines().count(), 49);
    let seats = std::fs::read_to_string(dir.join("one/seats.csv")).unwrap();
    assert!(
        seats.contains("\n1,48,") && seats.contains("\n2,48,"),
        "{seats}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn three_shards_merged_equal_one_run() {
    let dir = scratch("shards");
    sim(&dir.join("whole"), &[]);
    let mut shards = Vec::new();
    for i in 0..3 {
        let shard = dir.join(format!("shard{i}"));
        if i == 1 {
            // As a Slurm array task: the shard from the environment.
            let env = [
                ("SLURM_ARRAY_TASK_ID", "1"),
                ("SLURM_ARRAY_TASK_COUNT", "3"),
            ];
            let output = sim_with(&shard, &[], &env);
            assert!(String::from_utf8_lossy(&output.stderr).contains("shard 1/3 from SLURM"));
        } else {
            sim(&shard, &["--shard", &format!("{i}/3")]);
        }
        shards.push(shard.to_str().unwrap().to_string());
    }
    let merged = dir.join("merged");
    let mut args: Vec<&str> = vec!["merge"];
    args.extend(shards.iter().map(String::as_str));
    args.extend(["--out", merged.to_str().unwrap()]);
    assert!(owlery(&args).status.success());
    assert_eq!(results(&merged), results(&dir.join("whole")));

    let refuse = |args: &[&str], expected: &str| {
        let output = owlery(args);
        assert_eq!(output.status.code(), Some(2));
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains(expected), "{message}");
    };
    let out = dir.join("bad");
    let out = out.to_str().unwrap();
    refuse(
        &["merge", &shards[0], &shards[2], "--out", out],
        "are missing",
    );
    refuse(
        &[
            "merge", &shards[0], &shards[1], &shards[1], &shards[2], "--out", out,
        ],
        "counted twice",
    );
    let other = dir.join("other");
    let output = owlery(&[
        "sim",
        "scrabble",
        "--games",
        "48",
        "--bots",
        "greedy,random",
        "--seed",
        "6",
        "--per-game",
        "--shard",
        "1/3",
        "--out",
        other.to_str().unwrap(),
    ]);
    assert!(output.status.success());
    refuse(
        &[
            "merge",
            &shards[0],
            other.to_str().unwrap(),
            &shards[2],
            "--out",
            out,
        ],
        "their seed differs",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_killed_run_resumes_to_the_same_files() {
    let dir = scratch("resume");
    let whole = dir.join("whole");
    let args = |out: &Path| -> Vec<String> {
        [
            "sim",
            "scrabble",
            "--games",
            "400",
            "--bots",
            "greedy,greedy",
            "--chunk",
            "4",
            "--threads",
            "1",
            "--per-game",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain(["--out".to_string(), out.to_str().unwrap().to_string()])
        .collect()
    };
    let killed = dir.join("killed");
    let mut child = owlery_command()
        .args(args(&killed))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill it once a few chunks are saved, well before the end.
    let started = Instant::now();
    loop {
        let saved = std::fs::read_dir(killed.join("chunks")).map_or(0, |entries| entries.count());
        if saved >= 6 || started.elapsed() > Duration::from_secs(60) {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        !killed.join("bots.csv").exists(),
        "the run was killed before it finished"
    );
    let refused = owlery_command().args(args(&killed)).output().unwrap();
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--resume"));
    let mut resume = args(&killed);
    resume.push("--resume".to_string());
    let resumed = owlery_command().args(&resume).output().unwrap();
    assert_ran(&resumed);
    let finished = owlery_command().args(args(&whole)).output().unwrap();
    assert!(finished.status.success());
    assert_eq!(results(&killed), results(&whole));
    let mut different = args(&killed);
    different[5] = "greedy,random".to_string();
    different.push("--resume".to_string());
    let mismatch = owlery_command().args(&different).output().unwrap();
    assert!(String::from_utf8_lossy(&mismatch.stderr).contains("different bots"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn report_writes_a_guide_with_charts_from_a_run() {
    let dir = scratch("report");
    let run = dir.join("run");
    sim(&run, &[]);
    let guide = dir.join("guide");
    let markdown = report(&run, &guide);
    assert!(markdown.starts_with("# Owlery strategy guide: scrabble (greedy vs random, 48 games)"));
    assert!(
        markdown.contains("Figures from 48 simulated games."),
        "{markdown}"
    );
    assert!(
        markdown.contains("Against random, greedy wins "),
        "{markdown}"
    );
    assert!(markdown.contains("The player who moves first wins "));
    // How the points are made: each bot's score a game is its plays' and the end's points.
    let plays = table_rows(&run.join("plays.csv"));
    let bots = table_rows(&run.join("bots.csv"));
    assert_eq!(plays.len(), 2);
    for (play, bot) in plays.iter().zip(&bots) {
        assert_eq!(play["bot"], bot["bot"]);
        let score: f64 = play["score_per_game"].parse().unwrap();
        let mean: f64 = bot["mean_score"].parse().unwrap();
        assert!((score - mean).abs() < 0.006, "{play:?} {bot:?}");
        let per_game = |column: &str| play[column].parse::<f64>().unwrap();
        assert!(per_game("plays_per_game") <= per_game("turns_per_game"));
    }
    assert!(
        markdown.contains("## How the points are made") && markdown.contains("greedy makes "),
        "{markdown}"
    );
    assert!(
        !markdown.contains("Glossary"),
        "no bonuses in the plain game"
    );
    // How each letter fares: the 100 tiles, each letter's placed and left within its count.
    let letters = table_rows(&run.join("letters.csv"));
    assert_eq!(letters.len(), 27);
    let number = |row: &std::collections::BTreeMap<String, String>, column: &str| {
        row[column].parse::<f64>().unwrap()
    };
    let tiles: f64 = letters.iter().map(|row| number(row, "tiles")).sum();
    assert_eq!(tiles, 100.0);
    for row in &letters {
        let accounted = number(row, "placed_per_game") + number(row, "left_per_game");
        assert!(accounted <= number(row, "tiles") + 0.001, "{row:?}");
        assert!(number(row, "placed_share") > 0.5, "{row:?}");
    }
    assert!(
        markdown.contains("## How each letter fares")
            && markdown.contains("Left on a rack at the end most often: "),
        "{markdown}"
    );
    let html = std::fs::read_to_string(guide.join("guide.html")).unwrap();
    assert_eq!(html.matches("<svg").count(), 5, "five charts inline");
    for chart in [
        "bots.svg",
        "seats.svg",
        "scores.svg",
        "lengths.svg",
        "letters.svg",
    ] {
        let svg = std::fs::read_to_string(guide.join("charts").join(chart)).unwrap();
        assert!(svg.starts_with("<svg"), "{chart}");
    }
    let missing = owlery(&["report", dir.join("nothing").to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("manifest.toml"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_guide_counts_each_game_once_when_a_bot_holds_every_seat() {
    let dir = scratch("report-mirror");
    let (run, guide) = (dir.join("run"), dir.join("guide"));
    assert_ran(&owlery(&[
        "sim",
        "scrabble",
        "--games",
        "10",
        "--bots",
        "greedy,greedy,greedy",
        "--out",
        run.to_str().unwrap(),
    ]));
    let markdown = report(&run, &guide);
    // Not 30: greedy played 30 seats' games.
    assert!(
        markdown.contains("Figures from 10 simulated games."),
        "{markdown}"
    );
    assert!(
        markdown.contains("greedy held every seat, so no strategy is compared here"),
        "{markdown}"
    );
    assert!(!markdown.contains("wins most often"), "{markdown}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sweep_runs_each_value_and_tabulates_win_rates() {
    let dir = scratch("sweep");
    let out = dir.join("sweep");
    let output = owlery(&[
        "sweep",
        "scrabble",
        "--param",
        "bingo_bonus=0..100:100",
        "--games",
        "12",
        "--bots",
        "greedy,random",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_ran(&output);
    let table = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(
        lines[0],
        "key,value,group,name,games,win_rate,ci95_low,ci95_high,mean_score,\
         edge,edge_ci95_low,edge_ci95_high"
    );
    assert!(
        lines[1].ends_with(",,,"),
        "a bot has no edge over seats: {}",
        lines[1]
    );
    assert_eq!(lines.len(), 1 + 2 * 4, "{table}");
    assert!(lines[1].starts_with("bingo_bonus,0,bot,greedy,12,"));
    assert!(out.join("bingo_bonus=100/guide/guide.html").exists());
    let hashes: Vec<String> = ["bingo_bonus=0", "bingo_bonus=100"]
        .iter()
        .map(|run| std::fs::read_to_string(out.join(run).join("manifest.toml")).unwrap())
        .map(|m| {
            m.lines()
                .find(|l| l.starts_with("rules_hash"))
                .unwrap()
                .to_string()
        })
        .collect();
    assert_ne!(
        hashes[0], hashes[1],
        "a changed number changes the rules fingerprint"
    );
    // What a two-game run with these settings prints on refusing them.
    let refusal = |settings: &[&str]| {
        let out = dir.join("refused");
        let mut args = vec![
            "sim",
            "scrabble",
            "--games",
            "2",
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(settings);
        let output = owlery(&args);
        assert!(!output.status.success(), "{settings:?} ran");
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    let message = refusal(&["--set", "bingo=3"]);
    assert!(
        message.contains("unknown key `bingo`; expected one of: bingo_bonus"),
        "{message}"
    );
    // A letter's keys are not in the rules file, so the refusal names them too.
    assert!(
        message.contains("scoreless_turns_to_end, or points.X or count.X (X one letter"),
        "{message}"
    );
    // A letter's points are swept like a number, and its fate is tabled per value.
    let letter = dir.join("letter");
    assert_ran(&owlery(&[
        "sweep",
        "scrabble",
        "--param",
        "points.Q=1,20",
        "--games",
        "100",
        "--bots",
        "greedy,greedy",
        "--out",
        letter.to_str().unwrap(),
    ]));
    let rows = table_rows(&letter.join("sweep_letters.csv"));
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!((&*rows[0]["value"], &*rows[0]["letter"]), ("1", "Q"));
    assert_eq!(rows[0]["left_at"], "game_end", "{rows:?}");
    let left = |row: &std::collections::BTreeMap<String, String>| {
        row["left_share"].parse::<f64>().unwrap()
    };
    // A one-point Q is left on a rack far more often than a twenty-point one.
    assert!(left(&rows[0]) > left(&rows[1]) + 0.1, "{rows:?}");
    let q = table_rows(&letter.join("points.Q=20/letters.csv"));
    assert!(
        q.iter()
            .any(|row| row["letter"] == "Q" && row["value"] == "20")
    );
    let guide = std::fs::read_to_string(letter.join("guide/guide.md")).unwrap();
    assert!(
        guide.contains("## Q across the values")
            && guide.contains("With points.Q at 1, ")
            && guide.contains("still held when the game ends"),
        "{guide}"
    );
    let message = refusal(&["--set", "points.QU=3"]);
    assert!(
        message.contains("expected points.X with X one letter A-Z or ? (the blank)"),
        "{message}"
    );
    let tiny = dir.join("tiny.txt");
    std::fs::write(&tiny, "A 3 1\n").unwrap();
    let message = refusal(&["--tiles", tiny.to_str().unwrap(), "--set", "count.A=0"]);
    assert!(
        message.contains("--set \"count.A=0\": the set would hold no tiles"),
        "{message}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_number_out_of_its_range_or_of_the_wrong_type_is_refused_by_key_line_and_range() {
    let dir = scratch("ranges");
    let out = dir.join("run");
    let run = |game: &str, settings: &[&str]| {
        let mut args = vec!["sim", game, "--games", "2", "--out", out.to_str().unwrap()];
        args.extend_from_slice(settings);
        owlery(&args)
    };
    let refusal = |game: &str, settings: &[&str]| {
        let output = run(game, settings);
        assert_eq!(output.status.code(), Some(2), "{settings:?} ran");
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    for (game, setting, expected) in [
        (
            "scrabble-hp",
            "houses.gryffindor.opening_cards=2147483647",
            "houses.gryffindor.opening_cards: expected 0 to 100 (cards drawn before play), \
             found 2147483647",
        ),
        (
            "scrabble-hp",
            "cards.felix_felicis.draws=4294967295",
            "cards.felix_felicis.draws: expected 0 to 100 (cards drawn), found 4294967295",
        ),
        (
            "scrabble",
            "exchange_min_bag=18446744073709551615",
            "exchange_min_bag: expected 0 to 10000 (tiles in the bag), found \
             18446744073709551615",
        ),
        (
            "scrabble",
            "rack_size=\"seven\"",
            "rack_size: expected a whole number from 1 to 15 (tiles on a full rack, at most a \
             line's length), found the text \"seven\"",
        ),
        (
            "monopoly-hp",
            "common_room_rent=[10, 20, -40, 80]",
            "common_room_rent[2]: expected 0 to 100000 (points), found -40",
        ),
        (
            "scrabble-cards",
            "first_word_bingo_multiplied=2",
            "first_word_bingo_multiplied: invalid type: integer `2`, expected a boolean",
        ),
    ] {
        let message = refusal(game, &["--set", setting]);
        assert!(
            message.contains(&format!("--set {setting}: {expected}")),
            "{message}"
        );
    }
    // A rules file's error gives its line; a byte-order mark is no part of the text.
    let rules = dir.join("rules.toml");
    std::fs::write(
        &rules,
        "\u{feff}# mine\nglossary_bonus = 12\n[cards.reparo]\ncount = 300\n",
    )
    .unwrap();
    let message = refusal("scrabble-hp", &["--rules", rules.to_str().unwrap()]);
    assert!(
        message.contains(&format!(
            "{}: line 4, column 1: cards.reparo.count: expected 0 to 100 (cards of this kind in \
             the deck), found 300",
            rules.display()
        )),
        "{message}"
    );
    let board = dir.join("board.txt");
    let standard = include_str!("../../engine/data/scrabble/board.txt");
    std::fs::write(&board, format!("\u{feff}{standard}")).unwrap();
    let output = run("scrabble", &["--board", board.to_str().unwrap(), "--force"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_sweep_checks_every_value_before_its_first_run() {
    let dir = scratch("sweep-refused");
    let out = dir.join("sweep");
    let refused = owlery(&[
        "sweep",
        "scrabble",
        "--param",
        "rack_size=7,8,99",
        "--games",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("--param rack_size=99: rack_size: expected 1 to 15"),
        "{message}"
    );
    assert!(!out.exists(), "no value ran");
    // In the Harry Potter edition an unknown key lists both layers' keys.
    let unknown = owlery(&[
        "sweep",
        "scrabble-hp",
        "--param",
        "glossary_bonu=5,10",
        "--games",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    let message = String::from_utf8_lossy(&unknown.stderr);
    assert!(
        message.contains(
            "--param glossary_bonu=5: unknown key `glossary_bonu`; expected one of: \
             bingo_bonus, bingo_tiles, cards, challenge_penalty, deck_size, \
             exchange_min_bag, glossary_bonus, houses, rack_size"
        ),
        "{message}"
    );
    assert!(!out.exists(), "no value ran");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn harry_potter_runs_write_house_and_card_tables_the_same_on_threads_and_shards() {
    let dir = scratch("hp");
    let run = |out: &Path, extra: &[&str]| {
        let mut args = vec![
            "sim",
            "scrabble-hp",
            "--games",
            "40",
            "--bots",
            "greedy,random,greedy",
            "--per-game",
        ];
        args.extend_from_slice(&["--out", out.to_str().unwrap()]);
        args.extend_from_slice(extra);
        let output = owlery(&args);
        assert_ran(&output);
    };
    run(&dir.join("one"), &["--threads", "1"]);
    run(&dir.join("two"), &["--threads", "2"]);
    assert_eq!(results(&dir.join("one")), results(&dir.join("two")));
    run(&dir.join("s0"), &["--shard", "0/2"]);
    run(&dir.join("s1"), &["--shard", "1/2"]);
    let merged = dir.join("merged");
    let status = owlery(&[
        "merge",
        dir.join("s0").to_str().unwrap(),
        dir.join("s1").to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert!(status.status.success());
    assert_eq!(results(&merged), results(&dir.join("one")));
    // A shard whose chunk comes from an older owlery (no header line, no checksum): refused by
    // name rather than merged into tables that would lack its counts.
    let chunk = std::fs::read_dir(dir.join("s0/chunks"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|path| path.extension().is_some_and(|e| e == "json"))
        .unwrap();
    let text = std::fs::read_to_string(&chunk).unwrap();
    let (_, counts) = text.split_once('\n').unwrap();
    std::fs::write(&chunk, counts).unwrap();
    let mixed = dir.join("mixed");
    let refused = owlery(&[
        "merge",
        dir.join("s0").to_str().unwrap(),
        dir.join("s1").to_str().unwrap(),
        "--out",
        mixed.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("no header line"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
    let houses = std::fs::read_to_string(dir.join("one/houses.csv")).unwrap();
    assert!(houses.starts_with(
        "house,games,wins,win_rate,ci95_low,ci95_high,mean_score,mean_margin,\
         seat_win_rate,edge,edge_ci95_low,edge_ci95_high\n"
    ));
    let games: u32 = houses
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().parse::<u32>().unwrap())
        .sum();
    assert_eq!(games, 120, "three houses a game, 40 games");
    // Each house by seat: the same games, split by where the house sat.
    let house_seats = std::fs::read_to_string(dir.join("one/house_seats.csv")).unwrap();
    assert!(house_seats.starts_with("house,seat,games,wins,win_rate,"));
    let by_seat: u32 = house_seats
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap().parse::<u32>().unwrap())
        .sum();
    assert_eq!(by_seat, 120, "{house_seats}");
    // Slytherin moves first whenever it plays (rule 1): every one of its rows is seat 1.
    assert!(
        house_seats
            .lines()
            .filter(|l| l.starts_with("slytherin,"))
            .all(|l| l.starts_with("slytherin,1,")),
        "{house_seats}"
    );
    let cards = std::fs::read_to_string(dir.join("one/cards.csv")).unwrap();
    assert_eq!(cards.lines().count(), 1 + 19, "every kind of card");
    assert!(cards.contains("\nquidditch_cup,"));
    // Each card under each bot's policy: greedy and random, side by side.
    let by_bot = std::fs::read_to_string(dir.join("one/cards_by_bot.csv")).unwrap();
    assert!(by_bot.starts_with("card,bot,drawn,played,"), "{by_bot}");
    assert_eq!(by_bot.lines().count(), 1 + 19 * 2, "every card, both bots");
    assert!(by_bot.contains("\nreparo,greedy,") && by_bot.contains("\nreparo,random,"));
    let guide = dir.join("guide");
    let markdown = report(&dir.join("one"), &guide);
    assert!(
        markdown.contains("## Which house wins")
            && markdown.contains("## What the Hogwarts cards are worth")
    );
    assert!(
        markdown.contains("Rictusempra gains 10.0 points a play on average."),
        "{markdown}"
    );
    assert!(
        markdown.contains("## Each card under each bot's policy")
            && markdown
                .contains("| card | greedy: plays | greedy: points a play | random: plays |"),
        "{markdown}"
    );
    // The Glossary and the cards add points to the plays, and the guide says how many.
    let plays = table_rows(&dir.join("one/plays.csv"));
    assert!(
        plays
            .iter()
            .any(|row| row["bonus_points_per_game"].parse::<f64>().unwrap() > 0.0),
        "{plays:?}"
    );
    assert!(
        markdown.contains("| Glossary and card points a game |")
            && (markdown.contains("Of the 3 seats")
                || markdown.contains("No other of the 3 seats does as well")),
        "{markdown}"
    );
    let html = std::fs::read_to_string(guide.join("guide.html")).unwrap();
    assert_eq!(
        html.matches("<svg").count(),
        7,
        "bots, seats, houses, cards, scores, letters, lengths"
    );
    let games_csv = std::fs::read_to_string(dir.join("one/games.csv")).unwrap();
    assert!(
        games_csv
            .lines()
            .nth(1)
            .unwrap()
            .split(',')
            .nth(6)
            .is_some_and(|house| !house.is_empty())
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_house_power_sweep_tabulates_win_rates_per_house() {
    let dir = scratch("house-sweep");
    let out = dir.join("sweep");
    let output = owlery(&[
        "sweep",
        "scrabble-hp",
        "--param",
        "houses.ravenclaw.opening_tiles=7,9",
        "--games",
        "8",
        "--bots",
        "greedy,greedy,greedy,greedy",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_ran(&output);
    let table = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
    let ravenclaw: Vec<&str> = table
        .lines()
        .filter(|l| l.contains(",house,ravenclaw,"))
        .collect();
    assert_eq!(ravenclaw.len(), 2, "{table}");
    assert!(
        ravenclaw[0].starts_with("houses.ravenclaw.opening_tiles,7,house,ravenclaw,8,"),
        "{table}"
    );
    // Ravenclaw's edge over its seats, with its interval around it.
    let edge: Vec<f64> = ravenclaw[0]
        .split(',')
        .skip(9)
        .map(|cell| cell.parse().unwrap())
        .collect();
    assert!(
        edge.len() == 3 && edge[1] <= edge[0] && edge[0] <= edge[2],
        "{table}"
    );
    // Four players: Slytherin holds seat 1 in every game, so it has no edge over its seat,
    // and the guide says its power cannot be told apart from moving first.
    let run = out.join("houses.ravenclaw.opening_tiles=7");
    let houses = std::fs::read_to_string(run.join("houses.csv")).unwrap();
    let slytherin = houses
        .lines()
        .find(|l| l.starts_with("slytherin,"))
        .unwrap();
    let fields: Vec<&str> = slytherin.split(',').collect();
    assert_eq!(fields[3], fields[8], "its win rate is its seat's: {houses}");
    assert_eq!(fields[9].parse::<f64>().unwrap(), 0.0, "{houses}");
    let guide = std::fs::read_to_string(run.join("guide/guide.md")).unwrap();
    assert!(
        guide.contains(
            "Slytherin played every game from seat 1 and held seat 1 in every game: its figures \
             are the seat's"
        ),
        "{guide}"
    );
    // The sweep's own guide: each group across the values, and the value that levels it.
    let sweep_guide = std::fs::read_to_string(out.join("guide/guide.md")).unwrap();
    assert!(
        sweep_guide.starts_with("# Owlery sweep: houses.ravenclaw.opening_tiles = 7, 9\n")
            && sweep_guide
                .contains("The seats are closest to level at houses.ravenclaw.opening_tiles=")
            && sweep_guide
                .contains("The houses are closest to level at houses.ravenclaw.opening_tiles="),
        "{sweep_guide}"
    );
    assert!(out.join("guide/charts/houses.svg").exists());
    // `report` on a sweep's directory writes the same guide.
    let again = dir.join("again");
    assert_eq!(report(&out, &again), sweep_guide);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_lookahead_of_another_reach_is_a_bot_of_its_own_name() {
    let dir = scratch("reach");
    let out = dir.join("run");
    let output = owlery(&[
        "sim",
        "scrabble",
        "--games",
        "4",
        "--bots",
        "lookahead:1x2,lookahead:2x2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_ran(&output);
    let bots = std::fs::read_to_string(out.join("bots.csv")).unwrap();
    assert!(
        bots.contains("\nlookahead:1x2,4,") && bots.contains("\nlookahead:2x2,4,"),
        "{bots}"
    );
    let refused = owlery(&[
        "sim",
        "scrabble",
        "--games",
        "4",
        "--bots",
        "lookahead:0x2,greedy",
    ]);
    assert_eq!(refused.status.code(), Some(2));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("unknown bot \"lookahead:0x2\"")
            && message.contains("lookahead:WIDTHxSAMPLES (width 1 to 64, samples 1 to 1024)"),
        "{message}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The final scores `owlery play` prints, in seat order: each `player N (...): SCORE` line.
fn played_scores(text: &str) -> Vec<i64> {
    text.lines()
        .filter(|line| line.starts_with("player ") && line.contains("): "))
        .filter_map(|line| {
            let after = line.split_once("): ")?.1;
            after.split_whitespace().next()?.parse().ok()
        })
        .collect()
}

/// Every game `sim --per-game` lists is the game `play --game-seed` plays with its seed and
/// its bots in seat order: each bot is seeded from the game's seed and its seat alone.
#[test]
fn play_replays_any_simulated_game_from_its_listed_seed() {
    let cases: [(&str, &[&str], &str); 5] = [
        ("scrabble", &[], "greedy,random,lookahead:2x3"),
        ("scrabble-hp", &[], "cards,random"),
        (
            "scrabble-cards",
            &["--variant", "forfeit"],
            "random,equity,greedy",
        ),
        ("scrabble-cards", &["--variant", "rummy"], "random,greedy"),
        ("monopoly-hp", &[], "random,heuristic,mc-trader"),
    ];
    for (game, variant, bots) in cases {
        let dir = scratch(&format!("replay-{game}-{}", variant.len()));
        let out = dir.to_str().unwrap();
        let mut args = vec!["sim", game, "--games", "3", "--bots", bots, "--seed", "9"];
        args.extend(["--per-game", "--out", out, "--rollouts", "2"]);
        args.extend(variant);
        if game != "monopoly-hp" {
            args.retain(|&a| a != "--rollouts" && a != "2");
        }
        assert_ran(&owlery(&args));
        let seats = bots.split(',').count();
        for row in table_rows(&dir.join("games.csv")) {
            let seed = &row["seed"];
            let seated: Vec<&str> = (1..=seats)
                .map(|s| row[&format!("bot{s}")].as_str())
                .collect();
            let scores: Vec<i64> = (1..=seats)
                .map(|s| row[&format!("score{s}")].parse().unwrap())
                .collect();
            let seated = seated.join(",");
            let mut play = vec![
                "play",
                game,
                "--bots",
                &seated,
                "--game-seed",
                seed,
                "--quiet",
            ];
            play.extend(variant);
            if game == "monopoly-hp" {
                play.extend(["--rollouts", "2"]);
            }
            let text = assert_ran(&owlery(&play));
            assert_eq!(
                played_scores(&text),
                scores,
                "{game} {variant:?} seed {seed}\n{text}"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// The chunk files of a run directory, in game order.
fn chunk_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir.join("chunks"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

#[test]
fn a_changed_copied_or_foreign_chunk_is_refused_by_resume_and_merge() {
    let dir = scratch("chunks");
    let run = dir.join("run");
    assert_ran(&sim(&run, &["--chunk", "12"]));
    let chunks = chunk_files(&run);
    assert_eq!(chunks.len(), 4);
    let pristine: Vec<Vec<u8>> = chunks.iter().map(|c| std::fs::read(c).unwrap()).collect();
    let restore = || {
        for (path, bytes) in chunks.iter().zip(&pristine) {
            std::fs::write(path, bytes).unwrap();
        }
    };
    let refused = |args: &[&str], expected: &str| {
        let output = owlery(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let message = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(message.contains(expected), "{args:?}: {message}");
        message
    };
    let run_path = run.to_str().unwrap();
    let merged = dir.join("merged");
    let merged = merged.to_str().unwrap();
    let resume = |expected: &str| {
        refused(
            &sim_args("5", &run, &["--chunk", "12", "--resume"]),
            expected,
        );
    };
    // One digit changed in the counts.
    let text = String::from_utf8(pristine[1].clone()).unwrap();
    let (header, body) = text.split_once('\n').unwrap();
    let digit = body.find(|c: char| c.is_ascii_digit() && c != '9').unwrap();
    let mut changed = body.to_string();
    let next = (body.as_bytes()[digit] + 1) as char;
    changed.replace_range(digit..=digit, &next.to_string());
    std::fs::write(&chunks[1], format!("{header}\n{changed}")).unwrap();
    resume("changed since it was written");
    refused(
        &["merge", run_path, "--out", merged],
        "changed since it was written",
    );
    restore();
    // Another chunk copied over it.
    std::fs::copy(&chunks[0], &chunks[1]).unwrap();
    resume("not the 12..24 its name says");
    restore();
    // Cut short.
    std::fs::write(&chunks[2], &pristine[2][..pristine[2].len() / 2]).unwrap();
    resume(&chunks[2].file_name().unwrap().to_string_lossy());
    restore();
    // A chunk of a run with another seed.
    let other = dir.join("other");
    assert_ran(&owlery(&sim_args("6", &other, &["--chunk", "12"])));
    std::fs::copy(&chunk_files(&other)[3], &chunks[3]).unwrap();
    resume("a chunk of another run");
    restore();
    // A changed rows file.
    let rows = chunks[0].with_extension("games.csv");
    let mut bytes = std::fs::read(&rows).unwrap();
    bytes[10] ^= 1;
    std::fs::write(&rows, &bytes).unwrap();
    refused(
        &["merge", run_path, "--out", merged],
        "games.csv: changed since it was written",
    );
    bytes[10] ^= 1;
    std::fs::write(&rows, &bytes).unwrap();
    // Restored, the run resumes and merges as it was, and a killed run's temporaries go.
    let stale = [
        run.join("bots.csv.tmp-999999"),
        run.join("chunks")
            .join("000000000000-000000000012.json.tmp-999999"),
    ];
    for path in &stale {
        std::fs::write(path, "half").unwrap();
    }
    assert_ran(&sim(&run, &["--chunk", "12", "--resume"]));
    assert!(stale.iter().all(|path| !path.exists()));
    assert!(
        owlery(&["merge", run_path, "--out", merged])
            .status
            .success()
    );
    assert_eq!(results(Path::new(merged)), results(&run));
}

#[test]
fn a_directory_holding_another_runs_files_is_refused_unless_forced() {
    let dir = scratch("force");
    let run = dir.join("run");
    assert_ran(&sim(&run, &[]));
    let fresh = dir.join("fresh");
    let seed6 = |out: &Path, extra: &[&str]| owlery(&sim_args("6", out, extra));
    assert_ran(&seed6(&fresh, &[]));
    // Chunks without their manifest are not taken for a new run's.
    std::fs::remove_file(run.join("manifest.toml")).unwrap();
    let refused = seed6(&run, &[]);
    assert_eq!(refused.status.code(), Some(2));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(message.contains("holds another run's files"), "{message}");
    // --resume starts a run where there is none (as a Slurm task does), but not on its chunks.
    let refused = seed6(&run, &["--resume"]);
    assert_eq!(refused.status.code(), Some(2));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(message.contains("a chunk of another run"), "{message}");
    assert!(
        !run.join("manifest.toml").exists(),
        "a refused run writes nothing"
    );
    // Forced, the old files go first and the run is the fresh run, byte for byte.
    std::fs::write(run.join("notes.txt"), "mine").unwrap();
    assert_ran(&seed6(&run, &["--force"]));
    let run_files = |dir: &Path| {
        let mut files = results(dir);
        files.retain(|(name, _)| name != "notes.txt");
        files
    };
    assert_eq!(run_files(&run), run_files(&fresh));
    assert!(
        run.join("notes.txt").exists(),
        "only a run's files are cleared"
    );
    // merge will not write over a run, nor into a shard it reads.
    let merged = fresh.to_str().unwrap();
    let refused = owlery(&["merge", run.to_str().unwrap(), "--out", merged]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--force"));
    let into_itself = owlery(&[
        "merge",
        run.to_str().unwrap(),
        "--out",
        run.to_str().unwrap(),
    ]);
    assert!(String::from_utf8_lossy(&into_itself.stderr).contains("one of the shards"));
    assert_ran(&owlery(&[
        "merge",
        run.to_str().unwrap(),
        "--out",
        merged,
        "--force",
    ]));
    assert_eq!(run_files(&fresh), run_files(&run));
    // A stopped merge is finished with --resume: its tables (and no manifest yet, a merge
    // writes it last) are written again and its temporaries removed; another run is refused.
    let stopped = dir.join("stopped");
    std::fs::create_dir_all(&stopped).unwrap();
    std::fs::write(stopped.join("bots.csv"), "half").unwrap();
    std::fs::write(stopped.join("seats.csv.tmp-999999"), "half").unwrap();
    let merge_into = |out: &Path, extra: &[&str]| {
        let mut args = vec![
            "merge",
            run.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        owlery(&args)
    };
    assert!(String::from_utf8_lossy(&merge_into(&stopped, &[]).stderr).contains("--force"));
    assert_ran(&merge_into(&stopped, &["--resume"]));
    assert!(run_files(&stopped) == run_files(&run));
    assert!(!stopped.join("seats.csv.tmp-999999").exists());
    assert_ran(&merge_into(&stopped, &["--resume"]));
    assert!(run_files(&stopped) == run_files(&run));
    let other = dir.join("other");
    assert_ran(&owlery(&sim_args("9", &other, &[])));
    let refused = merge_into(&other, &["--resume"]);
    assert_eq!(refused.status.code(), Some(2));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("holds another run (its seed differs)"),
        "{message}"
    );
}

#[test]
fn an_effect_pairs_each_run_game_with_one_under_the_change() {
    let (run, effect) = (scratch("effect-base"), scratch("effect"));
    let common = ["--games", "60", "--bots", "greedy,equity", "--seed", "4"];
    assert_ran(&owlery(
        &[
            &["sim", "scrabble", "--out", run.to_str().unwrap()],
            &common[..],
        ]
        .concat(),
    ));
    let changed = [
        &["effect", "scrabble", "--change", "bingo_bonus=20"],
        &common[..],
        &["--out", effect.to_str().unwrap()],
    ]
    .concat();
    let printed = assert_ran(&owlery(&changed));
    assert!(printed.starts_with("60 deals, 60 games under each rules (one game a deal)"));
    let table = std::fs::read_to_string(effect.join("effect.csv")).unwrap();
    let rows: Vec<Vec<&str>> = table.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(
        rows[0][..6],
        ["change", "group", "name", "deals", "games", "base_win_rate"]
    );
    // The run's rules arm is the simulator's run, game for game.
    let bots = std::fs::read_to_string(run.join("bots.csv")).unwrap();
    for row in &rows[1..3] {
        assert_eq!((row[0], row[1]), ("bingo_bonus=20", "bot"));
        let sim_row = bots
            .lines()
            .find(|l| l.starts_with(&format!("{},", row[2])))
            .unwrap();
        assert_eq!(sim_row.split(',').nth(3), Some(row[5]), "{sim_row}");
    }
    // Duplicate seating rounds the games up to whole deals.
    let duplicate = [
        &[
            "effect",
            "scrabble",
            "--change",
            "bingo_bonus=20",
            "--duplicate",
        ][..],
        &["--games", "5", "--bots", "greedy,equity"],
        &["--out", effect.to_str().unwrap()],
    ]
    .concat();
    assert!(assert_ran(&owlery(&duplicate)).starts_with("3 deals, 6 games under each rules"));
    let same = [
        &["effect", "scrabble", "--change", "bingo_bonus=50"][..],
        &["--out", effect.to_str().unwrap()],
    ]
    .concat();
    let refused = String::from_utf8_lossy(&owlery(&same).stderr).into_owned();
    assert!(
        refused.contains("the rules are the same with it"),
        "{refused}"
    );
    let sharded = [&changed[..], &["--shard", "0/2"]].concat();
    let refused = String::from_utf8_lossy(&owlery(&sharded).stderr).into_owned();
    assert!(
        refused.contains("--shard, --resume and --per-game are for"),
        "{refused}"
    );
}

#[test]
fn an_effect_to_a_precision_stops_there_with_the_table_of_as_many_deals() {
    let (adaptive, fixed) = (scratch("precision"), scratch("precision-fixed"));
    let common = [
        "effect",
        "scrabble",
        "--bots",
        "greedy,greedy",
        "--change",
        "bingo_bonus=20",
        "--seed",
        "4",
    ];
    let to_precision = |games: &str, points: &str| {
        let out = adaptive.to_str().unwrap();
        let extra = ["--games", games, "--precision", points, "--out", out];
        assert_ran(&owlery(&[&common[..], &extra].concat()))
    };
    let printed = to_precision("4000", "4");
    let deals: u64 = printed.split(' ').next().unwrap().parse().unwrap();
    // More than the first round of 256 deals, far fewer than asked for, in whole chunks.
    assert!(deals > 256 && deals < 1000 && deals % 64 == 0, "{printed}");
    assert!(
        printed.contains("precision: every win-rate effect within ±"),
        "{printed}"
    );
    let table = std::fs::read_to_string(adaptive.join("effect.csv")).unwrap();
    for row in table.lines().skip(1) {
        let cells: Vec<f64> = row.split(',').skip(3).map(|c| c.parse().unwrap()).collect();
        // win_ci95_low and win_ci95_high, as shares.
        assert!((cells[6] - cells[5]) / 2.0 <= 0.04, "{row}");
    }
    // The table is the one a run of as many deals gives, here on one thread.
    let deals_text = deals.to_string();
    let extra = ["--games", &deals_text, "--threads", "1"];
    let out = ["--out", fixed.to_str().unwrap()];
    assert_ran(&owlery(&[&common[..], &extra, &out].concat()));
    let same = std::fs::read_to_string(fixed.join("effect.csv")).unwrap();
    assert_eq!(table, same);
    // A precision --games does not reach: the run stops there and says so.
    let capped = to_precision("300", "0.5");
    assert!(
        capped.starts_with("300 deals")
            && capped.contains("precision: --games reached at 300 deals with the widest"),
        "{capped}"
    );
    let refused = owlery(&[&common[..], &["--precision", "0"]].concat());
    assert_eq!(refused.status.code(), Some(2));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(message.contains("more than 0 and at most 50"), "{message}");
    // Each house's power is measured until its own effect is known well enough.
    let houses = scratch("precision-houses");
    let every = [
        "effect",
        "scrabble-hp",
        "--bots",
        "greedy,greedy",
        "--every-house",
        "--games",
        "3000",
        "--seed",
        "3",
        "--precision",
        "6",
        "--out",
        houses.to_str().unwrap(),
    ];
    let printed = assert_ran(&owlery(&every));
    assert!(
        printed.starts_with("at most 3000 deals")
            && printed.contains("each measurement stopped once its own was"),
        "{printed}"
    );
    let table = std::fs::read_to_string(houses.join("house_effects.csv")).unwrap();
    assert!(table.lines().count() >= 4, "{table}");
    for row in table.lines().skip(1) {
        let cells: Vec<f64> = row.split(',').skip(3).map(|c| c.parse().unwrap()).collect();
        assert!(
            (cells[6] - cells[5]) / 2.0 <= 0.06 && cells[0] < 3000.0,
            "{row}"
        );
    }
}

#[test]
fn versus_measures_another_bot_in_the_first_bots_place_on_the_same_deals() {
    let (run, effect) = (scratch("versus-run"), scratch("versus"));
    let games = ["--games", "60", "--seed", "4"];
    assert_ran(&owlery(
        &[
            &["sim", "scrabble", "--bots", "equity,greedy"][..],
            &games,
            &["--out", run.to_str().unwrap()],
        ]
        .concat(),
    ));
    let versus = [
        &[
            "effect",
            "scrabble",
            "--bots",
            "greedy,greedy",
            "--versus",
            "equity",
        ][..],
        &games,
        &["--out", effect.to_str().unwrap()],
    ]
    .concat();
    assert_ran(&owlery(&versus));
    let table = std::fs::read_to_string(effect.join("effect.csv")).unwrap();
    let rows: Vec<Vec<&str>> = table.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 2, "{table}");
    assert_eq!(
        rows[1][..4],
        ["greedy -> equity", "policy", "greedy -> equity", "60"]
    );
    // The changed arm is the simulator's run of `equity` in the first seat, game for game.
    let bots = std::fs::read_to_string(run.join("bots.csv")).unwrap();
    let equity = bots.lines().find(|l| l.starts_with("equity,")).unwrap();
    assert_eq!(equity.split(',').nth(3), Some(rows[1][6]), "{equity}");
    let same = [
        &[
            "effect",
            "scrabble",
            "--bots",
            "greedy,equity",
            "--versus",
            "greedy",
        ][..],
        &["--out", effect.to_str().unwrap()],
    ]
    .concat();
    let refused = String::from_utf8_lossy(&owlery(&same).stderr).into_owned();
    assert!(
        refused.contains("the first bot is greedy already"),
        "{refused}"
    );
    let both = [&versus[..], &["--change", "bingo_bonus=20"]].concat();
    assert_eq!(owlery(&both).status.code(), Some(2));
}

#[test]
fn balance_finds_values_confirms_them_and_writes_them_as_a_rules_file() {
    let out = scratch("balance");
    let args = |threads: &str, out: &Path, extra: &[&str]| {
        let mut args = vec![
            "balance",
            "scrabble",
            "--param",
            "bingo_bonus=0..1:1",
            "--param",
            "rack_size=6,7",
            "--target",
            "seats-level",
            "--budget",
            "240",
            "--bots",
            "greedy,greedy",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        owlery(&args)
    };
    let printed = assert_ran(&args("1", &out, &[]));
    let files = [
        "values.toml",
        "balance_path.csv",
        "balance_confirm.csv",
        "balance.md",
    ];
    let first: Vec<Vec<u8>> = files
        .iter()
        .map(|f| std::fs::read(out.join(f)).unwrap())
        .collect();
    let values = String::from_utf8(first[0].clone()).unwrap();
    assert!(
        values.contains("bingo_bonus = ") && values.contains("rack_size = "),
        "{values}"
    );
    assert!(
        printed.contains("target); confirmed on 60 games"),
        "{printed}"
    );
    // Four candidates: two rounds, four then two, best first.
    let path = String::from_utf8(first[1].clone()).unwrap();
    let rounds: Vec<&str> = path.lines().skip(1).map(|l| &l[..2]).collect();
    assert_eq!(rounds, ["1,", "1,", "1,", "1,", "2,", "2,"], "{path}");
    let confirm = String::from_utf8(first[2].clone()).unwrap();
    assert_eq!(confirm.lines().count(), 3, "two seats: {confirm}");
    let same_files = |dir: &Path| {
        for (file, bytes) in files.iter().zip(&first) {
            assert_eq!(&std::fs::read(dir.join(file)).unwrap(), bytes, "{file}");
        }
    };
    // The same files on two threads, and from three shards sharing one folder as the tasks
    // of a Slurm array do, whether they run together or one after another.
    let two = scratch("balance-two-threads");
    assert_ran(&args("2", &two, &[]));
    same_files(&two);
    let shared = scratch("balance-shards");
    let shards: Vec<_> = (0..3)
        .map(|i| {
            let shard = format!("{i}/3");
            let mut command = owlery_command();
            command.args(["balance", "scrabble", "--param", "bingo_bonus=0..1:1"]);
            command.args(["--param", "rack_size=6,7", "--target", "seats-level"]);
            command.args([
                "--budget",
                "240",
                "--bots",
                "greedy,greedy",
                "--threads",
                "1",
            ]);
            command.args(["--shard", &shard, "--out", shared.to_str().unwrap()]);
            command.stderr(std::process::Stdio::null());
            command.spawn().expect("owlery runs")
        })
        .collect();
    for mut shard in shards {
        assert!(shard.wait().unwrap().success());
    }
    same_files(&shared);
    let alone = scratch("balance-one-shard");
    assert_ran(&args("1", &alone, &["--shard", "1/3"]));
    assert!(
        !alone.join("values.toml").exists(),
        "shard 0 writes the results"
    );
    let last = args("1", &alone, &["--shard", "0/3"]);
    assert_ran(&last);
    let said = String::from_utf8_lossy(&last.stderr).into_owned();
    assert!(said.contains("units of games already played"), "{said}");
    same_files(&alone);
    // Run again, it keeps the games it finds and writes the same files.
    let again = assert_ran(&args("2", &out, &[]));
    assert!(again.contains("target); confirmed on 60 games"), "{again}");
    same_files(&out);
    // The values play as a rules file.
    let run = scratch("balanced-run");
    let rules = out.join("values.toml");
    assert_ran(&owlery(&[
        "sim",
        "scrabble",
        "--games",
        "4",
        "--rules",
        rules.to_str().unwrap(),
        "--out",
        run.to_str().unwrap(),
    ]));
    // A card's worth to its drawers as the target: paired games of its power on and off.
    // Into the folder of another search: refused, then cleared by --force.
    let card = |extra: &[&str]| {
        let mut args = vec![
            "balance",
            "scrabble-hp",
            "--param",
            "cards.rictusempra.points=0,10",
        ];
        args.extend([
            "--target",
            "card-effect=rictusempra:-100..100",
            "--budget",
            "40",
        ]);
        args.extend(["--bots", "cards,greedy", "--out", out.to_str().unwrap()]);
        args.extend_from_slice(extra);
        owlery(&args)
    };
    let refused = String::from_utf8_lossy(&card(&[]).stderr).into_owned();
    assert!(
        refused.contains("games of another balance run"),
        "{refused}"
    );
    let card = card(&["--force"]);
    assert!(assert_ran(&card).contains("(on target)"));
    let confirm = std::fs::read_to_string(out.join("balance_confirm.csv")).unwrap();
    assert!(
        confirm
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("drew,rictusempra,"),
        "{confirm}"
    );
    for (target, expected) in [
        (
            "card-effect=nimbus:0..5",
            "expected houses-level, seats-level or card-effect",
        ),
        (
            "card-effect=reparo:0..5",
            "card-effect measures a Hogwarts card: scrabble-hp",
        ),
    ] {
        let refused = owlery(&[
            "balance",
            "scrabble",
            "--param",
            "bingo_bonus=0,1",
            "--target",
            target,
        ]);
        let message = String::from_utf8_lossy(&refused.stderr).into_owned();
        assert!(message.contains(expected), "{message}");
    }
    let small = owlery(&[
        "balance",
        "scrabble",
        "--param",
        "bingo_bonus=0..9",
        "--budget",
        "20",
    ]);
    let refused = String::from_utf8_lossy(&small.stderr).into_owned();
    assert!(
        refused.contains("--budget 20: too few games for 10 candidates"),
        "{refused}"
    );
}

#[test]
fn every_cards_and_houses_effect_is_measured_and_the_guide_tells_it() {
    let run = scratch("card-effects");
    let dir = run.to_str().unwrap();
    let common = ["--games", "12", "--bots", "cards,greedy", "--out", dir];
    assert_ran(&owlery(&[&["sim", "scrabble-hp"][..], &common].concat()));
    let guide = scratch("card-effects-guide");
    let before = report(&run, &guide);
    assert!(
        before.contains("`owlery effect scrabble-hp --every-card"),
        "{before}"
    );
    let printed = assert_ran(&owlery(
        &[&["effect", "scrabble-hp", "--every-card"][..], &common].concat(),
    ));
    assert_eq!(
        printed.lines().filter(|l| l.starts_with("drew ")).count(),
        19
    );
    let table = std::fs::read_to_string(run.join("card_effects.csv")).unwrap();
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("cards.reparo.power=false,drew,reparo,"))
    );
    assert!(
        before.contains("--every-house --out RUN` measures each power"),
        "{before}"
    );
    let printed = assert_ran(&owlery(
        &[&["effect", "scrabble-hp", "--every-house"][..], &common].concat(),
    ));
    assert_eq!(
        printed.lines().filter(|l| l.starts_with("house ")).count(),
        4
    );
    let after = report(&run, &guide);
    for expected in [
        "win rate when played (correlation)",
        "worth to its drawer, points of win rate (paired, 95 %)",
        "Measured by paired games",
        "Ravenclaw's power is worth",
        "without it: houses.ravenclaw.opening_tiles=7)",
    ] {
        assert!(after.contains(expected), "{expected:?} in\n{after}");
    }
    let refused = owlery(&["effect", "scrabble", "--every-card", "--out", dir]);
    assert!(
        String::from_utf8_lossy(&refused.stderr)
            .contains("--every-card measures the Hogwarts cards")
    );
}

#[test]
fn advice_comes_from_paired_comparisons_of_the_cards_policy() {
    let run = scratch("policy-effects");
    let dir = run.to_str().unwrap();
    let common = ["--games", "4", "--bots", "cards,greedy", "--out", dir];
    assert_ran(&owlery(&[&["sim", "scrabble-hp"][..], &common].concat()));
    let guide = scratch("policy-effects-guide");
    let before = report(&run, &guide);
    assert!(
        before.contains("`owlery effect scrabble-hp --every-policy --out RUN`"),
        "{before}"
    );
    let printed = assert_ran(&owlery(
        &[&["effect", "scrabble-hp", "--every-policy"][..], &common].concat(),
    ));
    assert_eq!(
        printed.lines().filter(|l| l.starts_with("policy ")).count(),
        8,
        "{printed}"
    );
    let table = std::fs::read_to_string(run.join("policy_effects.csv")).unwrap();
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("held until another card is held,policy,gemino,4,4,")),
        "{table}"
    );
    let after = report(&run, &guide);
    assert!(
        after.contains("Advice, each from paired games of two policies"),
        "{after}"
    );
    assert!(after.contains("Gemino"), "{after}");
    let refused = owlery(&[
        "effect",
        "scrabble-hp",
        "--every-policy",
        "--bots",
        "greedy,cards",
        "--out",
        dir,
    ]);
    assert!(
        String::from_utf8_lossy(&refused.stderr)
            .contains("the first bot `cards` (found greedy,cards)")
    );
}

#[test]
fn the_card_games_premium_and_action_cards_are_measured_by_effect() {
    let run = scratch("card-game-effects");
    let dir = run.to_str().unwrap();
    let common = [
        "--variant",
        "forfeit",
        "--games",
        "4",
        "--bots",
        "greedy,greedy",
        "--out",
        dir,
    ];
    assert_ran(&owlery(&[&["sim", "scrabble-cards"][..], &common].concat()));
    let guide = scratch("card-game-effects-guide");
    let before = report(&run, &guide);
    assert!(
        before.contains("`owlery effect scrabble-cards --variant forfeit --every-card"),
        "{before}"
    );
    let printed = assert_ran(&owlery(
        &[&["effect", "scrabble-cards", "--every-card"][..], &common].concat(),
    ));
    // Two Premium cards and the 16 Action cards' 32 categories.
    assert_eq!(
        printed.lines().filter(|l| l.starts_with("drew ")).count(),
        34,
        "{printed}"
    );
    let table = std::fs::read_to_string(run.join("card_effects.csv")).unwrap();
    let row = |change: &str| -> Vec<String> {
        let line = table
            .lines()
            .find(|l| l.starts_with(change))
            .unwrap_or_else(|| panic!("{change} in\n{table}"));
        line.split(',').map(String::from).collect()
    };
    let double = row("double_word_multiplier=1,drew,double_word,");
    // Doubling nothing costs the players who drew Doubles points (score_effect, column 13).
    let points: f64 = double[12].parse().unwrap();
    assert!(points < 0.0, "{double:?}");
    // An Action category counts the deals in which its card was held.
    let held: u64 = row("action: Ends in S worth 0,drew,action: Ends in S,")[3]
        .parse()
        .unwrap();
    assert!(held <= 4, "{held}");
    let after = report(&run, &guide);
    assert!(after.contains("worth to its drawer"), "{after}");
}
