//! `owlery sim|play|analyze scrabble-cards` through the real binary.

mod common;

use common::{csv_tables as tables, owlery, ran, refused};

fn scratch(name: &str) -> std::path::PathBuf {
    common::scratch("cards", name)
}

#[test]
fn card_game_runs_agree_on_threads_and_count_the_premium_cards() {
    let dir = scratch("runs");
    for threads in ["1", "2"] {
        let out = dir.join(threads);
        ran(&owlery(
            &[
                "sim",
                "scrabble-cards",
                "--variant",
                "classic",
                "--games",
                "120",
                "--bots",
                "greedy,random,greedy",
                "--threads",
                threads,
                "--out",
                out.to_str().unwrap(),
            ],
            "",
        ));
    }
    let one = tables(&dir.join("1"));
    assert_eq!(one, tables(&dir.join("2")));
    let cards = String::from_utf8(
        one.iter()
            .find(|(n, _)| n == "cards.csv")
            .unwrap()
            .1
            .clone(),
    )
    .unwrap();
    assert!(
        cards.contains("\ndouble_word,") && cards.contains("\ntriple_word,"),
        "{cards}"
    );
    // Each letter card's fate, and the guide's words for cards held in hands.
    let letters = String::from_utf8(
        one.iter()
            .find(|(n, _)| n == "letter_cards.csv")
            .expect("letter_cards.csv")
            .1
            .clone(),
    )
    .unwrap();
    assert!(
        letters.lines().any(|l| l.starts_with("Q,10,1,")),
        "{letters}"
    );
    assert_eq!(letters.lines().count(), 28, "{letters}");
    assert!(!one.iter().any(|(n, _)| n == "letters.csv"));
    let markdown = common::report(&dir.join("1"), &dir.join("guide"));
    assert!(
        markdown.contains("## How each letter fares")
            && markdown.contains("Left in a hand at the end most often: ")
            && markdown.contains("| letter | value | cards |")
            && markdown.contains(" turns on average (a turn is one player's turn"),
        "{markdown}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn analyze_lists_the_rulebooks_plays_with_their_scores() {
    let listing = ran(&owlery(
        &[
            "analyze",
            "scrabble-cards",
            "--table",
            "TRAINER@0,0",
            "--hand",
            "HOBRTSS",
            "--format",
            "csv",
        ],
        "",
    ));
    for (play, points) in [
        ("THROB@-2,1v", 10),
        ("STRAINERS@0,-1", 9),
        ("THROBS@-5,7v", 19),
        ("HOB@-1,3", 19),
    ] {
        assert!(
            listing
                .lines()
                .any(|line| line.contains(&format!(",\"{play}\","))
                    && line.ends_with(&format!(",{points}"))),
            "{play} for {points} missing"
        );
    }
    // Every play with its best Premium card use: HOB with the Triple on H (HOB and HI
    // tripled), though `greedy` keeps the Triple for six letters.
    let with_triple = ran(&owlery(
        &[
            "analyze",
            "scrabble-cards",
            "--table",
            "TRAINER@0,0",
            "--hand",
            "HOBRTSS triple",
            "--format",
            "csv",
        ],
        "",
    ));
    assert!(
        with_triple
            .lines()
            .any(|line| line.ends_with(",\"HOB@-1,3 +triple@1\",HOB HI ON BE,45")),
        "{with_triple}"
    );
    let refused = owlery(
        &["analyze", "scrabble-cards", "--table", "TRAINER@0,0 XQ@1,1"],
        "",
    );
    assert!(!refused.status.success());
}

#[test]
fn analyze_ranks_card_plays_by_equity_as_the_equity_bot_plays() {
    let by = |ranking: &str| {
        ran(&owlery(
            &[
                "analyze",
                "scrabble-cards",
                "--hand",
                "?INPLWM",
                "--rank-by",
                ranking,
                "--top",
                "3",
                "--format",
                "csv",
            ],
            "",
        ))
    };
    let by_score = by("score");
    assert_eq!(by_score.lines().next(), Some("rank,play,words,points"));
    assert!(
        by_score.lines().nth(1).unwrap().contains("IMPaWN"),
        "{by_score}"
    );
    // The equity bot keeps the blank for two points less, and the listing says why.
    let by_equity = by("equity");
    let mut lines = by_equity.lines();
    assert_eq!(lines.next(), Some("rank,play,words,points,leave,equity"));
    let best = lines.next().unwrap();
    let Some(equity) = best.strip_prefix("1,\"WIMP@0,0\",WIMP,22,LN?,") else {
        panic!("{by_equity}");
    };
    let equity: f64 = equity.parse().unwrap();
    assert!(equity > 22.0 + 5.0, "the blank is worth keeping: {equity}");
    let values: Vec<f64> = by_equity
        .lines()
        .skip(1)
        .map(|line| line.rsplit(',').next().unwrap().parse().unwrap())
        .collect();
    assert!(
        values.windows(2).all(|pair| pair[0] >= pair[1]),
        "{by_equity}"
    );
    let rummy = owlery(
        &[
            "analyze",
            "scrabble-cards",
            "--variant",
            "rummy",
            "--round",
            "full monty",
            "--hand",
            "TRAINERQ",
            "--rank-by",
            "equity",
        ],
        "",
    );
    assert_eq!(rummy.status.code(), Some(2));
}

/// The screen of a person (typing `input`) against `greedy` in the Classic game `seed`.
fn play_against_greedy(seed: &str, input: &str) -> String {
    ran(&owlery(
        &[
            "play",
            "scrabble-cards",
            "--bots",
            "human,greedy",
            "--seed",
            seed,
        ],
        input,
    ))
}

#[test]
fn a_person_plays_the_card_game_and_mistakes_reprompt() {
    let screen = play_against_greedy(
        "1",
        "help\nhint\nZ@0,0\nZZZ@0,0\nexchange\nPass now\nfoo\nquit\n",
    );
    for expected in [
        "`pass` takes nothing after it",
        "exchange LETTERS",
        "your hand:",
        "\"Z\": expected two letters or more",
        "the hand does not hold the cards the move uses",
        "exchange needs the cards to give up",
        "game abandoned",
    ] {
        if !screen.contains(expected) {
            panic!("missing {expected:?} in\n{screen}");
        }
    }
}

#[test]
fn a_forfeit_run_counts_each_action_category() {
    let dir = scratch("forfeit");
    let out = dir.join("run");
    ran(&owlery(
        &[
            "sim",
            "scrabble-cards",
            "--variant",
            "forfeit",
            "--games",
            "60",
            "--bots",
            "greedy,greedy",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    ));
    let cards = std::fs::read_to_string(out.join("cards.csv")).unwrap();
    assert!(cards.contains("\naction: Ends in S,"), "{cards}");
    // Every category of the deck has its row, however many there are (two a card).
    let deck = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../engine/data/scrabble-cards/actions.toml"),
    )
    .unwrap();
    let categories = deck.matches("name = ").count();
    let rows = cards.lines().filter(|l| l.starts_with("action: ")).count();
    assert_eq!((categories, rows), (32, 32), "{cards}");
    // The guide's card rows show draws and the seat-games behind each rate, and call no
    // difference on a side of fewer than 100 seat-games (120 in all here).
    let guide = common::report(&out, &dir.join("guide"));
    assert!(
        guide.contains(
            "| card | draws | plays | points a play | win rate when played (correlation) |"
        ),
        "{guide}"
    );
    let action_rows: Vec<&str> = guide
        .lines()
        .filter(|line| line.starts_with("| Action: "))
        .collect();
    assert_eq!(action_rows.len(), 32, "{guide}");
    for row in &action_rows {
        assert!(row.contains(" seat-games |"), "{row}");
        assert!(!row.ends_with("| yes |"), "{row}");
    }
    assert!(
        guide.contains("too few games (under 100 a side)"),
        "{guide}"
    );
    let bad = dir.join("actions.toml");
    std::fs::write(&bad, "[[card]]\nfirst = { name = \"X\", plus = 1, minus = 1 }\nsecond = { name = \"Y\", letters = 2, plus = 1, minus = 1 }\n").unwrap();
    let refused = owlery(
        &[
            "sim",
            "scrabble-cards",
            "--variant",
            "forfeit",
            "--actions",
            bad.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("actions.toml: line 1: \"X\": expected exactly one test"),
        "{message}"
    );
    // A person sees their own Action card, and is asked to play it on an opponent's words
    // with the words it would hit; yes plays the one category that fits.
    let screen = ran(&owlery(
        &[
            "play",
            "scrabble-cards",
            "--variant",
            "forfeit",
            "--bots",
            "human,greedy",
            "--seed",
            "2",
        ],
        "help\npass\npass\nyes\nquit\n",
    ));
    for expected in [
        "your Action card: \"Starts with a vowel\" (+5 on your words, -3 on theirs) or \"Ends in \
         LY\" (+10 on your words, -5 on theirs)",
        "Player 2 played DOEK, OF, EL, KI. Your Action card fits: 1 \"Starts with a vowel\" (-3 \
         to player 2) on OF, EL. Play it? [1 / yes / no]",
        "in Forfeit, action gives up your Action card",
    ] {
        assert!(
            screen.contains(expected),
            "missing {expected:?} in\n{screen}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rummy_runs_count_each_round_card_and_a_person_can_play() {
    let dir = scratch("rummy");
    let out = dir.join("run");
    ran(&owlery(
        &[
            "sim",
            "scrabble-cards",
            "--variant",
            "rummy",
            "--games",
            "12",
            "--bots",
            "greedy,random",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    ));
    let cards = std::fs::read_to_string(out.join("cards.csv")).unwrap();
    assert!(
        cards.contains("\nround: Deuces Wild,") && cards.contains("\nround: Quadruple Word Score,"),
        "{cards}"
    );
    // Each letter card's fate round by round, and the guide's words for it.
    let letters = std::fs::read_to_string(out.join("rummy_letter_cards.csv")).unwrap();
    assert_eq!(letters.lines().count(), 28, "{letters}");
    assert!(
        letters.lines().any(|l| l.starts_with("Q,10,1,")),
        "{letters}"
    );
    assert!(!out.join("letter_cards.csv").exists());
    let markdown = common::report(&out, &dir.join("guide"));
    assert!(
        markdown.contains("## How each letter fares")
            && markdown.contains("Left in a hand at a round's end most often: ")
            && markdown.contains("still in a hand when a round ends, summed over")
            && markdown.contains(" rounds on average."),
        "{markdown}"
    );
    // A sweep of a letter's points says when Rummy's left-over cards were counted.
    let sweep = dir.join("sweep");
    ran(&owlery(
        &[
            "sweep",
            "scrabble-cards",
            "--variant",
            "rummy",
            "--param",
            "points.Q=5,10",
            "--games",
            "6",
            "--bots",
            "greedy,random",
            "--out",
            sweep.to_str().unwrap(),
        ],
        "",
    ));
    let rows = std::fs::read_to_string(sweep.join("sweep_letters.csv")).unwrap();
    assert_eq!(rows.lines().count(), 3, "{rows}");
    assert!(
        rows.lines()
            .skip(1)
            .all(|row| row.starts_with("points.Q,") && row.ends_with(",round_end")),
        "{rows}"
    );
    let guide = std::fs::read_to_string(sweep.join("guide/guide.md")).unwrap();
    assert!(
        guide.contains("still held when a round ends (summed over a game's rounds)"),
        "{guide}"
    );
    let screen = ran(&owlery(
        &[
            "play",
            "scrabble-cards",
            "--variant",
            "rummy",
            "--bots",
            "human,greedy",
            "--seed",
            "2",
        ],
        "help\nsideways\nHint\nPILE\nhint\nQQQ / A\n/ 7\nquit\n",
    ));
    for expected in [
        "round 1: Quadruple Word Score (every card left after the discard, as one word; one word \
         counts 4 times)",
        "  taking the discard pile's ",
        "  your hand as it is: ",
        "pile | discard",
        "\"sideways\": expected pile or discard",
        "the hand does not hold those cards",
        "expected one card to discard",
        "game abandoned",
    ] {
        assert!(
            screen.contains(expected),
            "missing {expected:?} in\n{screen}"
        );
    }
    // Each round's result and the running totals are told; --quiet tells only the end.
    let bots = [
        "play",
        "scrabble-cards",
        "--variant",
        "rummy",
        "--bots",
        "greedy,random",
    ];
    let told = ran(&owlery(&[&bots[..], &["--seed", "4"]].concat(), ""));
    assert!(
        told.contains("round 1 over: player 1 8, player 2 0; totals 8, 0"),
        "{told}"
    );
    let quiet = ran(&owlery(
        &[&bots[..], &["--seed", "4", "--quiet"]].concat(),
        "",
    ));
    assert_eq!(
        quiet.lines().collect::<Vec<_>>(),
        [
            "game over after 10 rounds",
            "player 1 (greedy): 194",
            "player 2 (random): 54",
            "player 1 (greedy) wins with 194, 140 ahead of the next"
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_rummy_pack_too_small_for_the_hands_is_refused_before_any_game() {
    let dir = scratch("short-pack");
    let pack = dir.join("pack.txt");
    // Fourteen cards: one short of two hands of seven and a card turned up.
    std::fs::write(&pack, "A 3 1\nE 3 1\nT 3 1\nS 3 1\nR 1 1\n? 1 0\n").unwrap();
    let (pack, out) = (pack.to_str().unwrap(), dir.join("run"));
    let expected = format!(
        "--tiles {pack}: rummy deals 2 hands of 7 cards and turns one up: the pack needs at \
         least 15 letter cards and holds 14"
    );
    let rummy = ["scrabble-cards", "--variant", "rummy", "--tiles", pack];
    let sim = [
        &["sim"],
        &rummy[..],
        &["--games", "4", "--out", out.to_str().unwrap()],
    ]
    .concat();
    let play = [&["play"], &rummy[..], &["--quiet"]].concat();
    let sweep_out = dir.join("sweep");
    // The sweep's first value deals (five cards each), its second does not: refused before
    // the first is played.
    let sweep = [
        &["sweep"],
        &rummy[..],
        &["--param", "hand_size=5,7", "--games", "4", "--out"],
        &[sweep_out.to_str().unwrap()],
    ]
    .concat();
    for args in [&sim, &play, &sweep] {
        let message = refused(&owlery(args, ""));
        assert!(message.contains(&expected), "{args:?}: {message}");
    }
    assert!(!out.exists() && !sweep_out.exists());
    // Classic deals what the pack holds and plays on.
    ran(&owlery(
        &[
            "sim",
            "scrabble-cards",
            "--tiles",
            pack,
            "--games",
            "4",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn analyze_lists_a_rummy_hands_melds_for_a_round_card() {
    let listing = ran(&owlery(
        &[
            "analyze",
            "scrabble-cards",
            "--variant",
            "rummy",
            "--round",
            "quadruple word score",
            "--hand",
            "TRAINERQ",
            "--format",
            "csv",
        ],
        "",
    ));
    // TRAINER four times (7 x 4 = 28), discarding the Q; the best first.
    let first = listing.lines().nth(1).unwrap();
    assert!(
        first.starts_with("1,") && first.ends_with(",28"),
        "{listing}"
    );
    assert!(first.contains("/ Q"), "{first}");
    let refused = owlery(
        &[
            "analyze",
            "scrabble-cards",
            "--variant",
            "rummy",
            "--round",
            "Nine Lives",
            "--hand",
            "AB",
        ],
        "",
    );
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("expected one of: Deuces Wild"),
        "{message}"
    );
    let empty = owlery(&["analyze", "scrabble-cards", "--hand", " double "], "");
    assert_eq!(empty.status.code(), Some(2));
    let message = String::from_utf8_lossy(&empty.stderr);
    assert!(
        message.contains("--hand \" double \": no letters"),
        "{message}"
    );
    // A hand larger than the rules deal is refused at once: twelve cards with two blanks
    // once listed 15.9 million melds in 40 s and 2.7 GB.
    let rummy = ["analyze", "scrabble-cards", "--variant", "rummy"];
    let large = owlery(
        &[
            &rummy[..],
            &["--round", "Full Monty", "--hand", "??REIESRTANL"],
        ]
        .concat(),
        "",
    );
    assert_eq!(large.status.code(), Some(2));
    let message = String::from_utf8_lossy(&large.stderr);
    assert!(
        message.contains(
            "--hand: 12 cards; a Rummy hand after the draw (hand_size + 1) holds 8 at most"
        ),
        "{message}"
    );
    let classic = owlery(&["analyze", "scrabble-cards", "--hand", "AEINRSTL"], "");
    let message = String::from_utf8_lossy(&classic.stderr);
    assert!(
        message.contains("--hand: 8 cards; a hand (hand_size) holds 7 at most"),
        "{message}"
    );
    // With the rules' hand made larger, so may the hand be; `--top` keeps only the best.
    let larger = ran(&owlery(
        &[
            &rummy[..],
            &["--round", "6 of the Best", "--hand", "??REIESRTANL"],
            &["--set", "hand_size=11", "--top", "3", "--format", "csv"],
        ]
        .concat(),
        "",
    ));
    assert_eq!(larger.lines().count(), 4, "{larger}");
    assert!(larger.lines().nth(3).unwrap().starts_with("3,"), "{larger}");
}

#[test]
fn a_bad_exchange_is_refused_and_asked_again_and_a_premium_exchange_keeps_seven_letters() {
    let screen = play_against_greedy(
        "4",
        "exchange QQQ\nexchange action\nexchange AEELPRW AEELPRW\nexchange double\nquit\n",
    );
    // A hint lists each play with its best Premium card use (PRELAW with the Double: 35).
    let hinted = play_against_greedy("4", "pass\nhint\nquit\n");
    assert!(
        hinted.contains("PRELAW@-1,-4 +double@6         35"),
        "{hinted}"
    );
    let refusals = screen
        .matches("the hand does not hold the cards the move uses")
        .count();
    assert_eq!(refusals, 3, "{screen}");
    assert!(screen.contains("premium cards: 1 double"), "{screen}");
    let hands: Vec<&str> = screen
        .lines()
        .filter_map(|line| line.strip_prefix("your hand: "))
        .map(|rest| rest.split_whitespace().next().unwrap())
        .collect();
    assert!(hands.len() >= 5, "{screen}");
    assert!(
        hands.iter().all(|hand| hand.len() == 7),
        "every hand shown holds seven letters: {hands:?}"
    );
    assert!(screen.contains("game abandoned"), "{screen}");
}
