//! Playing Scrabble: Harry Potter Edition at the terminal, driven by scripted standard input.

mod common;

use std::process::Output;

fn play(args: &[&str], input: &str) -> Output {
    let mut all = vec!["play", "scrabble-hp"];
    all.extend_from_slice(args);
    common::owlery(&all, input)
}

fn text(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

const SEATS: [&str; 4] = ["--seats", "human,greedy", "--seed", "3"];

#[test]
fn mistakes_are_explained_and_the_prompt_returns() {
    let output = play(
        &SEATS,
        "help\n8H ZZZQ\nfoo bar\ncard revelio\ncard quidditch\ncard nonsense\nchallenge\nquit\n",
    );
    assert!(output.status.success());
    let screen = text(&output);
    assert!(
        screen.starts_with("Sorted: player 1 gryffindor, player 2 hufflepuff"),
        "{screen}"
    );
    assert!(
        screen.contains("your rack: AAEEEPR   your cards: confundo"),
        "{screen}"
    );
    for expected in [
        "exchange TILES",
        "does not hold QZZZ",
        "expected a coordinate such as 8H",
        "you do not hold revelio",
        "\"quidditch\" is not a Hogwarts card",
        "there is no word to challenge now",
        "game abandoned",
    ] {
        assert!(
            screen.contains(expected),
            "missing {expected:?} in\n{screen}"
        );
    }
    assert_eq!(screen.matches("player 1> ").count(), 8);
}

#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_game_goes_on() {
    let output = common::owlery(
        &[
            "play",
            "scrabble-hp",
            "--seats",
            "human,greedy",
            "--seed",
            "3",
        ],
        b"\xff\xfe 8H\npass\nquit\n",
    );
    assert!(output.status.success());
    let screen = text(&output);
    for expected in [
        "expected a coordinate such as 8H",
        "player 1 (gryffindor, human): pass +0",
        "game abandoned",
    ] {
        assert!(
            screen.contains(expected),
            "missing {expected:?} in\n{screen}"
        );
    }
}

#[test]
fn a_person_plays_the_hint_the_bot_replies_and_a_failed_challenge_costs_ten() {
    let first = text(&play(&SEATS, "hint\nquit\n"));
    let hint = first
        .lines()
        .find(|l| l.starts_with("player 1>   "))
        .expect("a hint");
    let best = hint.trim_start_matches("player 1>").trim();
    let (notation, score) = best.rsplit_once(' ').unwrap();
    let output = play(
        &SEATS,
        &format!("{}\nchallenge\npass\nquit\n", notation.trim()),
    );
    let screen = text(&output);
    let mine = format!(
        "player 1 (gryffindor, human): {} +{}",
        notation.trim(),
        score.trim()
    );
    assert!(screen.contains(&mine), "{mine:?} in\n{screen}");
    // Under the board, what its symbols mean.
    assert!(
        screen.contains("# Hogwarts square (a card)\na lower-case letter: a blank  <A: a letter of a word read backwards (Confundo)"),
        "{screen}"
    );
    assert!(
        screen.contains("player 2 (hufflepuff, greedy): "),
        "{screen}"
    );
    assert!(
        screen.contains(
            "player 1 challenges player 2's words: they stand, and player 1 loses 10 points"
        ),
        "{screen}"
    );
    assert!(
        screen.contains("player 1 (gryffindor, human): pass -10"),
        "{screen}"
    );
}

#[test]
fn a_word_not_in_the_lexicon_is_challenged_and_the_turn_is_lost() {
    let output = play(&SEATS, "8H PAEAE\nquit\n");
    let screen = text(&output);
    assert!(
        screen.contains(
            "player 1 (gryffindor, human): pass +0 [PAEAE is not a word: challenged off, the turn lost]"
        ),
        "{screen}"
    );
    assert!(screen.contains("your rack: AAEEEPR"), "the tiles came back");
}

#[test]
fn bots_play_a_whole_game_the_same_way_every_time() {
    let args = [
        "--seats",
        "greedy,random,greedy",
        "--houses",
        "ravenclaw,slytherin,gryffindor",
        "--quiet",
    ];
    let first = play(&args, "");
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert_eq!(first.stdout, play(&args, "").stdout);
    let screen = text(&first);
    assert!(screen.contains("player 2 (slytherin, random): "));
    assert_eq!(
        screen
            .lines()
            .filter(|l| l.starts_with("player ") && l.contains("tiles"))
            .count(),
        3
    );
    let bad = play(
        &[
            "--seats",
            "greedy,greedy",
            "--houses",
            "ravenclaw,ravenclaw",
        ],
        "",
    );
    assert!(
        String::from_utf8_lossy(&bad.stderr)
            .contains("ravenclaw is named for two seats: expected a different house for each seat")
    );
    let unknown = play(&["--houses", "durmstrang,slytherin"], "");
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("unknown house \"durmstrang\""));
}

#[test]
fn a_finished_game_saves_as_gcg_with_houses_and_cards_as_notes() {
    let path = std::env::temp_dir().join(format!("owlery-{}-game.gcg", std::process::id()));
    let args = [
        "--seats",
        "greedy,greedy",
        "--seed",
        "5",
        "--quiet",
        "--gcg",
        path.to_str().unwrap(),
    ];
    assert!(play(&args, "").status.success());
    let gcg = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = gcg.lines().collect();
    assert_eq!(
        &lines[..3],
        [
            "#character-encoding UTF-8",
            "#player1 p1 greedy",
            "#player2 p2 greedy"
        ]
    );
    assert!(
        gcg.contains("#note house p1 ") && gcg.contains("#note card drawn "),
        "{gcg}"
    );
    // Every move line is `>NICK: RACK MOVE +SCORE TOTAL`, and the totals end at the final scores.
    let moves: Vec<&&str> = lines.iter().filter(|l| l.starts_with('>')).collect();
    assert!(moves.len() > 10);
    for line in &moves {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert!(
            fields.len() >= 4 && fields[fields.len() - 2].starts_with(['+', '-']),
            "{line}"
        );
    }
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_house_s_opening_points_are_told_and_written_as_a_line_of_their_own() {
    let path = std::env::temp_dir().join(format!("owlery-{}-opening.gcg", std::process::id()));
    let set = [
        "--bots",
        "cards,cards,cards",
        "--seed",
        "4",
        "--set",
        "houses.hufflepuff.opening_points=12",
        "--set",
        "houses.slytherin.opening_points=-15",
        "--gcg",
        path.to_str().unwrap(),
    ];
    let screen = text(&play(&set, ""));
    // Seed 4 sorts three players into Gryffindor, Ravenclaw and Hufflepuff: no Slytherin.
    let told: Vec<&str> = screen
        .lines()
        .filter(|l| l.contains("opening points"))
        .collect();
    assert_eq!(
        told,
        ["player 3 (hufflepuff, cards) is given +12 opening points, counted on its first turn"],
        "{screen}"
    );
    let gcg = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = gcg.lines().collect();
    let note = lines
        .iter()
        .position(|l| *l == "#note hufflepuff's opening points")
        .unwrap_or_else(|| panic!("{gcg}"));
    // The line above it carries the points, after the house's first move, and adds them up.
    let points: Vec<&str> = lines[note - 1].split_whitespace().collect();
    let first_move = lines.iter().position(|l| l.starts_with(">p3: ")).unwrap();
    assert!(first_move < note - 1, "{gcg}");
    let before: i32 = lines[first_move]
        .split_whitespace()
        .last()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(points[points.len() - 2], "+12", "{gcg}");
    assert_eq!(points[points.len() - 1], (before + 12).to_string(), "{gcg}");
    assert_eq!(gcg.matches("opening points").count(), 1, "{gcg}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn competition_cards_and_reparo_are_named_when_they_happen() {
    // Seed 7 sorts player 2 into Gryffindor.
    let screen = text(&play(&["--bots", "cards,cards", "--seed", "7"], ""));
    let lines: Vec<&str> = screen.lines().collect();
    // Gryffindor's opening card is told before the first turn, which counts it.
    let opening = lines
        .iter()
        .position(|line| line.ends_with("on the first turn (Gryffindor's opening card)"))
        .unwrap_or_else(|| panic!("{screen}"));
    assert!(
        lines[..opening]
            .iter()
            .all(|line| !line.contains(", cards): ")),
        "{screen}"
    );
    // A Competition card drawn in a turn is told after that turn's line (and the other cards
    // drawn with it, shown to this table of bots), naming its points.
    let drawn = lines
        .iter()
        .position(|line| {
            line.starts_with(
                "player 2 (gryffindor, cards) draws owl_results, a Competition card: +15",
            )
        })
        .unwrap_or_else(|| panic!("{screen}"));
    let turn = lines[..drawn]
        .iter()
        .rev()
        .find(|line| !line.contains(" draws "))
        .unwrap();
    assert!(
        turn.starts_with("player 2 (gryffindor, cards): ") && turn.contains("[drew"),
        "{turn}"
    );
    assert!(screen.contains("plays reparo: another whole turn after this one"));
}

#[test]
fn a_card_drawn_is_named_to_its_holder_alone_and_a_lost_challenge_shows_at_once() {
    // Seed 3 sorts player 1 into Gryffindor, whose opening card is confundo.
    let drawn = "player 1 (gryffindor, human) draws confundo, unseen by the others";
    let screen = text(&play(&SEATS, "8H PAEAE\nchallenge\nquit\n"));
    let lines: Vec<&str> = screen.lines().collect();
    let told = lines.iter().position(|l| *l == drawn).expect(&screen);
    let first_prompt = lines.iter().position(|l| l.contains("player 1> ")).unwrap();
    assert!(told < first_prompt, "told before the first turn:\n{screen}");
    // The challenge is lost: the table under the next board shows the 10 points gone.
    let lost = lines
        .iter()
        .position(|l| l.contains("player 1 loses 10 points"))
        .expect(&screen);
    let row = lines[lost..]
        .iter()
        .find(|l| l.starts_with("* player 1 gryffindor human"))
        .expect(&screen);
    assert!(row.contains(" -10  cards held: 1"), "{row}");
    // Player 2 at the same table sees no name for player 1's card.
    let other = text(&play(&["--seats", "greedy,human", "--seed", "3"], "quit\n"));
    assert!(!other.contains("draws confundo"), "{other}");
    assert!(other.contains("player 1 (gryffindor, greedy) plays confundo"));
}

#[test]
fn an_engorgio_discard_naming_tiles_not_held_is_asked_again() {
    // A deck of Engorgio cards only: Gryffindor (player 1, seed 3) opens holding one.
    let mut args: Vec<String> = [
        "--seats",
        "human,greedy",
        "--seed",
        "3",
        "--set",
        "deck_size=4",
    ]
    .map(String::from)
    .to_vec();
    for card in engine::hogwarts::Card::ALL {
        let count = if card == engine::hogwarts::Card::Engorgio {
            4
        } else {
            0
        };
        args.push("--set".into());
        args.push(format!("cards.{}.count={count}", card.key()));
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let screen = text(&play(&args, "card engorgio\npass\nZZ\nAE\nquit\n"));
    assert!(screen.contains("plays engorgio"), "{screen}");
    assert!(screen.contains("discard 2 tiles> "), "{screen}");
    assert!(
        screen.contains("does not hold ZZ: name 2 of its tiles"),
        "{screen}"
    );
    assert!(
        screen.contains("player 1 (gryffindor, human): pass +0"),
        "{screen}"
    );
}

#[test]
fn the_position_is_written_as_cgp_with_the_houses() {
    let output = play(&SEATS, "position\nquit\n");
    let screen = text(&output);
    let cgp = screen
        .lines()
        .filter_map(|line| line.strip_prefix("player 1> "))
        .find(|line| line.contains('/'))
        .expect("the position is printed");
    let empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
    assert_eq!(
        cgp,
        format!("{empty} AAEEEPR/ 0/0 0 houses gryffindor,hufflepuff;")
    );
    // analyze reads it back, the houses included.
    let analyzed = common::owlery(&["analyze", "scrabble-hp", "--top", "1", "--cgp", cgp], "");
    assert!(common::ran(&analyzed).contains("8D PERAEA"));
}
