//! Playing the plain crossword game at the terminal, driven by scripted standard input.

mod common;

use std::process::Output;

fn play(seats: &str, extra: &[&str], input: &str) -> Output {
    let mut all = vec!["play", "scrabble", "--seats", seats, "--seed", "3"];
    all.extend_from_slice(extra);
    common::owlery(&all, input)
}

#[test]
fn mistakes_are_explained_and_a_hint_lists_the_best_scores() {
    let output = play(
        "human,greedy",
        &[],
        "help\nhint\n8H ZZZQ\nfoo bar\n8D AAEEP\n8D PERAEA\nquit\n",
    );
    let screen = common::ran(&output);
    assert!(screen.contains("your rack: AAEEEPR"), "{screen}");
    for expected in [
        "exchange TILES",
        "  8D PERAEA            22\n",
        "does not hold QZZZ",
        "expected a coordinate such as 8H",
        "AAEEP is not a playable word",
        "  1. 1 (human) AAEEEPR 8D PERAEA             +22    22\n",
        "game abandoned",
    ] {
        assert!(screen.contains(expected), "{expected:?} in {screen}");
    }
    // The plain board's legend names no Hogwarts square.
    assert!(screen.contains("* start\n") && !screen.contains("Hogwarts"));
    // The bot's move is told, its rack is not.
    let bot = screen
        .lines()
        .find(|line| line.contains("2. 2 (greedy)"))
        .expect("the bot moved");
    assert!(bot.starts_with("  2. 2 (greedy)         "), "{bot}");
}

#[test]
fn a_person_plays_a_whole_game_and_saves_it() {
    let dir = std::env::temp_dir().join(format!("owlery-play-plain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let gcg = dir.join("game.gcg");
    // Passing every turn: the bot plays on until it goes out.
    let output = play(
        "greedy,human",
        &["--gcg", gcg.to_str().unwrap()],
        &"pass\n".repeat(200),
    );
    let screen = common::ran(&output);
    assert!(screen.contains("game over: player 1 went out"), "{screen}");
    assert!(
        screen.contains("player 1 (greedy) wins with 678"),
        "{screen}"
    );
    let record = std::fs::read_to_string(&gcg).unwrap();
    assert!(record.contains("#player2 p2 human"), "{record}");
    // Once the game is over the record shows every rack, the bot's included.
    assert!(
        record.contains(">p1: AAEEEPR 8D PERAEA +22 22\n"),
        "{record}"
    );
    assert!(record.contains(">p2: BEIJNRV - +0 0\n"), "{record}");
    let path = gcg.display();
    let saved = format!("saved {path}: `owlery review {path}` sets each move beside the best");
    assert!(screen.contains(&saved), "{screen}");
    // The review goes over the person's passes, each giving up the best move's value.
    let review = common::ran(&common::owlery(
        &["review", gcg.to_str().unwrap(), "--player", "human"],
        "",
    ));
    let passes = record
        .lines()
        .filter(|line| line.starts_with(">p2: BEIJNRV - "))
        .count();
    let reviewed = format!("p2 (human): {passes} moves reviewed, 0 the best");
    assert!(review.contains(&reviewed), "{review}");
    assert!(!review.contains("p1 (greedy)"), "{review}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn people_sharing_a_terminal_do_not_read_each_others_exchanges() {
    let screen = common::ran(&play("human,human", &[], "exchange AE\nquit\n"));
    let told = screen
        .lines()
        .find(|line| line.contains("1. 1 (human)"))
        .expect("the exchange is told");
    assert!(told.contains("exchange 2 tiles"), "{told}");
    assert!(!told.contains("AAEEEPR") && !told.contains("AE "), "{told}");
    assert!(screen.contains("game abandoned"));
}

#[test]
fn the_position_is_written_as_cgp_to_analyze() {
    let screen = common::ran(&play("human,greedy", &[], "position\nquit\n"));
    let empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
    assert!(
        screen.contains(&format!("player 1> {empty} AAEEEPR/ 0/0 0\n")),
        "{screen}"
    );
    // With the bag empty the opponent's rack is the tiles unseen, so the solver can take it.
    let input = format!("{}position\nquit\n", "pass\n".repeat(21));
    let screen = common::ran(&play("greedy,human", &[], &input));
    let cgp = screen
        .lines()
        .filter_map(|line| line.strip_prefix("player 2> "))
        .find(|line| line.contains('/'))
        .expect("the position is printed");
    assert!(cgp.ends_with(" BEIJNRV/LRZ 0/641 0"), "{cgp}");
    let analyzed = common::owlery(
        &[
            "analyze",
            "scrabble",
            "--rank-by",
            "solver:2000",
            "--top",
            "1",
            "--cgp",
            cgp,
        ],
        "",
    );
    let listing = common::ran(&analyzed);
    // analyze reads it and searches the endgame: the first move is listed.
    assert!(
        listing.contains("solver") && listing.contains("\n   1  "),
        "{listing}"
    );
}
