//! `owlery sim|play monopoly-hp` through the real binary: the same tables on 1 and 2 threads
//! and in shards, every Monopoly table written, and bad input refused with a clear message.

mod common;

use std::path::Path;
use std::process::Output;

use common::{csv_tables as tables, ran as assert_ran, refused, report};

fn owlery(args: &[&str]) -> Output {
    common::owlery(args, "")
}

fn scratch(name: &str) -> std::path::PathBuf {
    common::scratch("monopoly", name)
}

fn sim(out: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "sim",
        "monopoly-hp",
        "--games",
        "3000",
        "--bots",
        "heuristic,heuristic,random,heuristic,random",
        "--seed",
        "9",
        "--per-game",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    owlery(&args)
}

#[test]
fn monopoly_runs_agree_on_threads_and_shards_and_write_every_table() {
    let dir = scratch("runs");
    assert_ran(&sim(&dir.join("one"), &["--threads", "1"]));
    assert_ran(&sim(&dir.join("two"), &["--threads", "2"]));
    for shard in ["0/2", "1/2"] {
        let out = dir.join(format!("shard{}", &shard[..1]));
        assert_ran(&sim(&out, &["--shard", shard]));
    }
    let merged = dir.join("merged");
    assert_ran(&owlery(&[
        "merge",
        dir.join("shard0").to_str().unwrap(),
        dir.join("shard1").to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]));
    let one = tables(&dir.join("one"));
    assert_eq!(one, tables(&dir.join("two")));
    assert_eq!(one, tables(&merged));
    let names: Vec<&str> = one.iter().map(|(name, _)| name.as_str()).collect();
    for table in [
        "properties.csv",
        "sets.csv",
        "owl_post.csv",
        "trades.csv",
        "endings.csv",
        "landings.csv",
        "houses.csv",
        "bots.csv",
        "games.csv",
    ] {
        assert!(names.contains(&table), "{table} missing from {names:?}");
    }
    let read = |name: &str| {
        String::from_utf8(one.iter().find(|(n, _)| n == name).unwrap().1.clone()).unwrap()
    };
    let properties = read("properties.csv");
    assert_eq!(properties.lines().count(), 29, "28 properties and a header");
    assert!(properties.contains("Dumbledore's Office,dark_blue,50,"));
    assert_eq!(read("owl_post.csv").lines().count(), 33);
    let endings = read("endings.csv");
    let games: u64 = endings
        .lines()
        .skip(1)
        .map(|line| line.split(',').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(
        games, 3000,
        "every game ended one way or another:\n{endings}"
    );
    let header = read("games.csv").lines().next().unwrap().to_string();
    assert!(header.contains("bot5,house1") && header.ends_with("score5,winner,turns"));

    let guide = dir.join("guide");
    let markdown = report(&dir.join("one"), &guide);
    for heading in [
        "## Which properties pay",
        "## Colour sets",
        "## Where tokens land",
        "## Owl Post",
        "## Trades, crests and going out",
        "## How games end",
        "## Which house wins",
    ] {
        assert!(markdown.contains(heading), "{heading} missing");
    }
    // The Owl Post table counts what a card moves later (Jail fines, fines saved) and the
    // turns lost in Jail; landings and turns say what they are counted over.
    assert!(
        markdown.contains(
            "| card | Howler | draws | points while carried out | points later | turns lost in Jail | mean effect (not measured against a game without it) |"
        ),
        "{markdown}"
    );
    let owl = read("owl_post.csv");
    assert!(
        owl.starts_with(
            "card,howler,drawn,mean_effect,mean_later,mean_total,jail_turns_per_draw\n"
        )
    );
    for row in owl.lines().filter(|l| l.contains("go to Jail")) {
        let cells: Vec<&str> = row.rsplitn(4, ',').collect();
        let (turns, later): (f64, f64) = (cells[0].parse().unwrap(), cells[2].parse().unwrap());
        assert!(
            later < 0.0 && turns > 0.0,
            "a Jail letter costs fines and turns: {row}"
        );
    }
    for row in owl.lines().filter(|l| l.contains("get out of Jail free")) {
        let later: f64 = row.rsplit(',').nth(2).unwrap().parse().unwrap();
        assert!(later > 0.0, "a free card saves fines: {row}");
    }
    assert!(markdown.contains("not the long-run share of an endless one"));
    assert!(markdown.contains("a turn is one player's turn, every player's counted"));
    for svg in ["rent.svg", "sets.svg", "landings.svg", "owl_post.svg"] {
        assert!(guide.join("charts").join(svg).exists(), "{svg} missing");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn monopoly_refuses_bad_flags_and_files_by_name() {
    let dir = scratch("bad");
    let out = dir.join("run");
    let seven = "heuristic,heuristic,heuristic,heuristic,heuristic,heuristic,heuristic";
    let message = refused(&owlery(&[
        "sim",
        "monopoly-hp",
        "--bots",
        seven,
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(message.contains("expected 2 to 6"), "{message}");
    let message = refused(&owlery(&[
        "sim",
        "monopoly-hp",
        "--bots",
        "heuristic,greedy",
    ]));
    assert!(
        message.contains("unknown bot \"greedy\"") && message.contains("heuristic"),
        "{message}"
    );
    let cards = dir.join("owl.toml");
    std::fs::write(&cards, "[[card]]\nname = \"x\"\neffect = \"teleport\"\n").unwrap();
    let message = refused(&owlery(&[
        "sim",
        "monopoly-hp",
        "--bots",
        "heuristic,heuristic",
        "--owl-post",
        cards.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(
        message.contains("owl.toml: line 1: effect \"teleport\": expected gain"),
        "{message}"
    );
    let message = refused(&owlery(&[
        "sim",
        "monopoly-hp",
        "--bots",
        "heuristic,heuristic",
        "--set",
        "go_reward=-5",
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(message.contains("go_reward"), "{message}");
    let message = refused(&owlery(&[
        "play",
        "scrabble",
        "--owl-post",
        cards.to_str().unwrap(),
    ]));
    assert!(
        message.contains("--owl-post applies to monopoly-hp"),
        "{message}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_played_game_is_told_and_counted_the_same_for_a_seed() {
    let args = [
        "play",
        "monopoly-hp",
        "--bots",
        "heuristic,random,heuristic",
        "--seed",
        "4",
    ];
    let first = assert_ran(&owlery(&args));
    assert_eq!(first, assert_ran(&owlery(&args)));
    assert!(first.contains("turn 1: player") && first.contains("game over after"));
    let lines: Vec<&str> = first.lines().collect();
    let [.., third, verdict] = lines[..] else {
        panic!("{first}")
    };
    assert!(third.starts_with("player 3 (heuristic, "), "{third}");
    assert!(
        verdict.contains(" wins with ") || verdict.contains(" tie with "),
        "{verdict}"
    );
    let houses = assert_ran(&owlery(&[
        "play",
        "monopoly-hp",
        "--bots",
        "heuristic,heuristic",
        "--houses",
        "slytherin,slytherin",
        "--quiet",
    ]));
    assert!(
        houses.contains("player 2 (heuristic, slytherin)"),
        "{houses}"
    );
}

fn play_with_input(args: &[&str], input: &str) -> Output {
    let mut all = vec!["play", "monopoly-hp"];
    all.extend_from_slice(args);
    common::owlery(&all, input)
}

#[test]
fn a_person_is_asked_every_decision_and_typos_reprompt() {
    let output = play_with_input(
        &["--bots", "human,heuristic", "--seed", "2"],
        "help\nboard\nfoo\ntrade 2 take 6 points 500\ntrade 2 take 6 points 40\n\nmaybe\ny\nquit\n",
    );
    let screen = assert_ran(&output);
    for expected in [
        "anywhere: board (the ring, owners, crests, tokens), help, quit",
        "15 Hufflepuff Common Room    20  player 2",
        "expected trade PLAYER give SPACES take SPACES points N, or none",
        "that trade cannot be made: a side gives points or cards it does not have",
        "1 (human) offers 2 (heuristic) 40 points for Quidditch Pitch:",
        "\"maybe\": expected y or n",
        "1 (human) explores Hogsmeade Station for 20",
        "game abandoned after",
    ] {
        assert!(
            screen.contains(expected),
            "missing {expected:?} in\n{screen}"
        );
    }
    // The end of input leaves the game as quit does.
    let output = play_with_input(&["--bots", "heuristic,human", "--seed", "2"], "\n");
    assert!(assert_ran(&output).contains("game abandoned after"));
}

#[test]
fn every_owl_post_cards_worth_is_measured_and_put_beside_its_means() {
    let run = common::scratch("monopoly", "letters");
    let dir = run.to_str().unwrap();
    let common_args = [
        "--games",
        "40",
        "--bots",
        "heuristic,heuristic",
        "--out",
        dir,
    ];
    common::ran(&common::owlery(
        &[&["sim", "monopoly-hp"][..], &common_args].concat(),
        "",
    ));
    let printed = common::ran(&common::owlery(
        &[&["effect", "monopoly-hp", "--every-card"][..], &common_args].concat(),
        "",
    ));
    assert_eq!(
        printed.lines().filter(|l| l.starts_with("drew ")).count(),
        32
    );
    let table = std::fs::read_to_string(run.join("card_effects.csv")).unwrap();
    assert!(
        table.contains("owl post card 1 does nothing,drew,"),
        "{table}"
    );
    let markdown = common::report(&run, &run.join("guide"));
    for expected in [
        "worth to its drawer, points of win rate (paired, 95 %)",
        "Measured by paired games",
        "A house's reward here is its own common room",
    ] {
        assert!(markdown.contains(expected), "{expected:?} in\n{markdown}");
    }
    // Houses have no power `effect --every-house` switches off here.
    assert!(!markdown.contains("--every-house"), "{markdown}");
}
