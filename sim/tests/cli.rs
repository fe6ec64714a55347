//! The real `owlery` executable, driven as a user drives it.

use std::path::PathBuf;
use std::process::{Command, Output};

fn owlery(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_owlery"))
        .args(args)
        .output()
        .expect("owlery runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("owlery-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_subcommand_has_help() {
    let help = owlery(&["--help"]);
    assert!(help.status.success());
    assert!(stdout(&help).contains("lexicon"));
    for sub in ["check", "anagram", "pattern", "info", "build"] {
        let help = owlery(&["lexicon", sub, "--help"]);
        assert!(help.status.success(), "{sub}");
    }
}

#[test]
fn check_prints_a_verdict_per_word_and_exits_1_on_any_invalid() {
    let all_valid = owlery(&["lexicon", "check", "cat", "Quidditch"]);
    assert_eq!(all_valid.status.code(), Some(0));
    assert_eq!(stdout(&all_valid), "CAT valid\nQUIDDITCH valid glossary\n");
    let one_invalid = owlery(&["lexicon", "check", "cat", "xqz", "erised"]);
    assert_eq!(one_invalid.status.code(), Some(1));
    assert_eq!(
        stdout(&one_invalid),
        "CAT valid\nXQZ invalid\nERISED invalid\n"
    );
    let plain = owlery(&["lexicon", "check", "--edition", "plain", "azkaban"]);
    assert_eq!(stdout(&plain), "AZKABAN invalid\n");
}

#[test]
fn anagram_lists_longest_first() {
    let output = owlery(&["lexicon", "anagram", "owl"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let words: Vec<&str> = text.lines().collect();
    assert_eq!(words.first(), Some(&"LOW"));
    assert!(words.contains(&"OWL") && words.contains(&"LO"));
    let bad = owlery(&["lexicon", "anagram", "ow1"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("'1' is not a letter"),
        "{}",
        stderr(&bad)
    );
    for sub in ["anagram", "pattern"] {
        let empty = owlery(&["lexicon", sub, ""]);
        assert_eq!(empty.status.code(), Some(2), "{sub}");
        assert!(
            stderr(&empty).contains("an empty query: expected 1 to 15 letters"),
            "{}",
            stderr(&empty)
        );
    }
}

#[test]
fn info_reports_both_sets() {
    let output = owlery(&["lexicon", "info"]);
    let text = stdout(&output);
    assert!(
        text.contains("dictionary: ") && text.contains("glossary: 197 words"),
        "{text}"
    );
}

#[test]
fn build_then_play_a_user_list() {
    let dir = scratch("build");
    let list = dir.join("mine.txt");
    std::fs::write(&list, "cat\nDOG\n").unwrap();
    let lex = dir.join("mine.lex");
    let built = owlery(&[
        "lexicon",
        "build",
        list.to_str().unwrap(),
        "-o",
        lex.to_str().unwrap(),
    ]);
    assert!(built.status.success(), "{}", stderr(&built));
    assert!(stdout(&built).contains("2 words, 0 lines skipped"));
    let check = owlery(&[
        "lexicon",
        "check",
        "--lexicon",
        lex.to_str().unwrap(),
        "dog",
        "zebra",
    ]);
    assert_eq!(stdout(&check), "DOG valid\nZEBRA invalid\n");
    // The compiled GADDAG drives move generation: only the user's words are played.
    let empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ACDGOTZ/ 0/0 0";
    let lex_path = lex.to_str().unwrap();
    let args = [
        "analyze",
        "scrabble",
        "--cgp",
        empty,
        "--format",
        "csv",
        "--lexicon",
        lex_path,
    ];
    let text = stdout(&owlery(&args));
    let words: std::collections::BTreeSet<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap())
        .collect();
    assert_eq!(
        words.into_iter().collect::<Vec<_>>(),
        vec!["CAT", "DOG"],
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_word_lists_are_clear_errors() {
    let dir = scratch("bad");
    let list = dir.join("bad.txt");
    std::fs::write(&list, "cat\nhello world\n").unwrap();
    let out = dir.join("bad.lex");
    let args = [
        "lexicon",
        "build",
        list.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ];
    let failed = owlery(&args);
    assert_eq!(failed.status.code(), Some(2));
    let message = stderr(&failed);
    assert!(
        message.contains("bad.txt: line 2: \"hello world\""),
        "{message}"
    );
    assert!(!out.exists(), "nothing is written on error");
    let skipped = owlery(&[&args[..], &["--skip-invalid"]].concat());
    assert!(
        stdout(&skipped).contains("1 words, 1 lines skipped"),
        "{}",
        stdout(&skipped)
    );
    let missing = owlery(&[
        "lexicon",
        "check",
        "--lexicon",
        "/nonexistent/words.lex",
        "cat",
    ]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("/nonexistent/words.lex"));
    // The operating system's reason is said once, not again as the error's cause.
    assert_eq!(
        stderr(&missing).matches("(os error 2)").count(),
        1,
        "{}",
        stderr(&missing)
    );
    std::fs::write(&list, "").unwrap();
    let empty = owlery(&[
        "lexicon",
        "check",
        "--lexicon",
        list.to_str().unwrap(),
        "cat",
    ]);
    assert!(stderr(&empty).contains("no playable word"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_replays_byte_for_byte_from_a_seed() {
    let first = owlery(&["play", "scrabble", "--bots", "greedy,random", "--seed", "7"]);
    assert!(first.status.success(), "{}", stderr(&first));
    let again = owlery(&["play", "scrabble", "--bots", "greedy,random", "--seed", "7"]);
    assert_eq!(first.stdout, again.stdout);
    let text = stdout(&first);
    assert!(
        text.contains("  1. 1 (greedy)") && text.contains("game over: "),
        "{text}"
    );
    assert!(text.contains(" 8 ") && text.contains("A B C D E F G H I J K L M N O"));
    let other = owlery(&["play", "scrabble", "--bots", "greedy,random", "--seed", "8"]);
    assert_ne!(first.stdout, other.stdout);
}

#[test]
fn play_quiet_prints_only_the_final_scores_and_the_winner() {
    let quiet = owlery(&[
        "play",
        "scrabble",
        "--bots",
        "greedy,greedy,greedy",
        "--seed",
        "3",
        "--quiet",
    ]);
    let text = stdout(&quiet);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines.iter().all(|line| line.starts_with("player ")));
    // Each score says what its end adjustment was for, and the last line names the winner.
    assert_eq!(
        lines[..3],
        [
            "player 1 (greedy): 310 (+3 for the tiles the others had left)",
            "player 2 (greedy): 261 (-1 for the tiles left, E)",
            "player 3 (greedy): 361 (-2 for the tiles left, AN)",
        ]
    );
    assert_eq!(
        lines[3],
        "player 3 (greedy) wins with 361, 51 ahead of the next"
    );
}

#[test]
fn play_refuses_unknown_bots_and_bad_data_files() {
    let unknown = owlery(&["play", "scrabble", "--bots", "greedy,genius"]);
    assert_eq!(unknown.status.code(), Some(2));
    // The list comes from the game's table of bots, whatever it holds, and a person may sit.
    let known = bots::registry::known::<engine::scrabble::Game>().join(", ");
    assert!(
        stderr(&unknown).contains(&format!(
            "unknown bot \"genius\": expected one of {known}, human\n"
        )),
        "{}",
        stderr(&unknown)
    );
    // `cards` plays only the Harry Potter game, and that game's list names it.
    let plain = owlery(&["play", "scrabble", "--bots", "greedy,cards"]);
    assert_eq!(plain.status.code(), Some(2));
    let hp = owlery(&["sim", "scrabble-hp", "--bots", "greedy,genius"]);
    assert!(
        stderr(&hp)
            .contains("expected one of cards, cards:at-once=CARD+CARD (those timed cards played the first turn they may), cards-lookahead, cards-lookahead:WIDTHxSAMPLES"),
        "{}",
        stderr(&hp)
    );
    let one = owlery(&["play", "scrabble", "--bots", "greedy"]);
    assert!(
        stderr(&one).contains("expected 2 to 4 players, found 1"),
        "{}",
        stderr(&one)
    );
    let dir = scratch("data");
    let board = dir.join("board.txt");
    std::fs::write(&board, "T..d...T...d..X\n").unwrap();
    let bad = owlery(&["play", "scrabble", "--board", board.to_str().unwrap()]);
    assert!(
        stderr(&bad).contains("board.txt: line 1, column 15: expected one of"),
        "{}",
        stderr(&bad)
    );
    std::fs::remove_dir_all(&dir).unwrap();
    // Each number is in range, but together they would let a rack outgrow a line.
    let grown = owlery(&["play", "scrabble-hp", "--quiet", "--set", "rack_size=14"]);
    assert_eq!(grown.status.code(), Some(2));
    assert!(
        stderr(&grown).contains("let a rack hold 16 tiles; expected at most 15"),
        "{}",
        stderr(&grown)
    );
}

const HORN: &str = "15/15/15/15/15/15/15/5HORN6/15/15/15/15/15/15/15 AFM/ 14/0 0";

#[test]
fn analyze_lists_moves_best_first_in_three_formats() {
    let csv = owlery(&["analyze", "scrabble", "--cgp", HORN, "--format", "csv"]);
    assert!(csv.status.success(), "{}", stderr(&csv));
    let text = stdout(&csv);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("rank,move,word,score,leave"));
    let scores: Vec<i32> = lines
        .map(|l| l.split(',').nth(3).unwrap().parse().unwrap())
        .collect();
    assert!(scores.len() > 10 && scores.windows(2).all(|w| w[0] >= w[1]));
    assert!(text.contains(",H6 FA(R)M,FARM,9,\n"), "{text}");
    let top = owlery(&["analyze", "scrabble", "--cgp", HORN, "--top", "2"]);
    assert_eq!(stdout(&top).lines().count(), 3);
    let none = owlery(&["analyze", "scrabble", "--cgp", HORN, "--top", "0"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(
        stderr(&none).contains("invalid value '0' for '--top <TOP>'"),
        "{}",
        stderr(&none)
    );
    let json = owlery(&[
        "analyze", "scrabble", "--cgp", HORN, "--top", "1", "--format", "json",
    ]);
    let text = stdout(&json);
    assert!(
        text.contains("\"rank\": 1") && text.contains("\"move\": "),
        "{text}"
    );
}

/// The HORN position with a rack of vowels: the best score throws away the better leave.
const VOWELS: &str = "15/15/15/15/15/15/15/5HORN6/15/15/15/15/15/15/15 EEIIOUS/ 14/0 0";

/// The CSV rows of `analyze` on `cgp` with `extra` flags, split into fields (header first).
fn analyze_csv(cgp: &str, extra: &[&str]) -> Vec<Vec<String>> {
    let mut args = vec!["analyze", "scrabble", "--cgp", cgp, "--format", "csv"];
    args.extend_from_slice(extra);
    let output = owlery(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
        .lines()
        .map(|line| line.split(',').map(str::to_string).collect())
        .collect()
}

#[test]
fn analyze_ranks_by_equity_the_score_plus_the_leaves_learned_value() {
    let by_score = analyze_csv(VOWELS, &["--top", "1"]);
    assert_eq!(by_score[1], ["1", "7F OSE", "OSE", "14", "EIIU"]);
    let by_equity = analyze_csv(VOWELS, &["--rank-by", "equity"]);
    assert_eq!(by_equity[0].join(","), "rank,move,word,score,leave,equity");
    // Thirteen points keeping EIS beat fourteen keeping EIIU.
    assert_eq!(by_equity[1], ["1", "7D EUOI", "EUOI", "13", "EIS", "21.8"]);
    let model = bots::scrabble::leaves::LeaveModel::embedded();
    let mut last = f64::MAX;
    for row in &by_equity[1..] {
        let (score, leave, equity): (f64, _, f64) =
            (row[3].parse().unwrap(), &row[4], row[5].parse().unwrap());
        let leave = engine::scrabble::Rack::parse(leave).unwrap();
        let expected = score + f64::from(model.value(&leave)) / 100.0;
        assert!((equity - expected).abs() < 0.051, "{row:?}: {expected}");
        assert!(equity <= last, "best first");
        last = equity;
    }
}

#[test]
fn analyze_ranks_equitys_best_moves_by_lookahead_the_same_every_time() {
    let by_equity = analyze_csv(VOWELS, &["--rank-by", "equity", "--top", "8"]);
    let by_lookahead = analyze_csv(VOWELS, &["--rank-by", "lookahead"]);
    assert_eq!(
        analyze_csv(VOWELS, &["--rank-by", "lookahead"]),
        by_lookahead
    );
    assert_eq!(
        by_lookahead[0].join(","),
        "rank,move,word,score,leave,equity,lookahead"
    );
    // The eight best by equity are judged and come first, by their judgement.
    let mut judged: Vec<&str> = by_lookahead[1..9].iter().map(|r| r[1].as_str()).collect();
    let mut best: Vec<&str> = by_equity[1..].iter().map(|r| r[1].as_str()).collect();
    judged.sort_unstable();
    best.sort_unstable();
    assert_eq!(judged, best);
    let worth: Vec<f64> = by_lookahead[1..9]
        .iter()
        .map(|r| r[6].parse().unwrap())
        .collect();
    assert!(worth.windows(2).all(|w| w[0] >= w[1]), "{worth:?}");
    // Each is worth less than its equity: the opponent replies.
    for row in &by_lookahead[1..9] {
        assert!(
            row[6].parse::<f64>().unwrap() < row[5].parse::<f64>().unwrap(),
            "{row:?}"
        );
    }
    assert!(by_lookahead[9..].iter().all(|row| row[6].is_empty()));
}

#[test]
fn analyze_judges_a_three_player_position_by_the_next_players_replies() {
    let three = "15/15/15/15/15/15/15/5HORN6/15/15/15/15/15/15/15 EEIIOUS// 14/0/0 0";
    let rows = analyze_csv(three, &["--rank-by", "lookahead"]);
    assert_eq!(rows, analyze_csv(three, &["--rank-by", "lookahead"]));
    let judged: Vec<&Vec<String>> = rows[1..].iter().filter(|r| !r[6].is_empty()).collect();
    assert_eq!(judged.len(), 8);
    for row in &judged {
        let (equity, worth): (f64, f64) = (row[5].parse().unwrap(), row[6].parse().unwrap());
        assert!(worth < equity, "the next player replies: {row:?}");
    }
}

#[test]
fn analyze_ranks_by_a_lookahead_of_the_reach_asked_for() {
    let standard = analyze_csv(VOWELS, &["--rank-by", "lookahead"]);
    assert_eq!(
        analyze_csv(VOWELS, &["--rank-by", "lookahead:8x24"]),
        standard
    );
    // Three moves over the same 24 racks: equity's best three, each judged as the standard
    // reach judges it; the rest unjudged.
    let narrow = analyze_csv(VOWELS, &["--rank-by", "lookahead:3x24"]);
    let by_equity = analyze_csv(VOWELS, &["--rank-by", "equity", "--top", "3"]);
    let judgement = |rows: &[Vec<String>], notation: &str| {
        let row = rows.iter().find(|row| row[1] == notation).unwrap();
        row[6].clone()
    };
    for row in &by_equity[1..] {
        assert_eq!(
            judgement(&narrow, &row[1]),
            judgement(&standard, &row[1]),
            "{row:?}"
        );
    }
    let judged: Vec<&Vec<String>> = narrow[1..].iter().filter(|r| !r[6].is_empty()).collect();
    assert_eq!(judged.len(), 3, "{narrow:?}");
    // More racks, other figures for the same three moves.
    let deeper = analyze_csv(VOWELS, &["--rank-by", "lookahead:3x400"]);
    assert!(
        by_equity[1..]
            .iter()
            .any(|row| judgement(&deeper, &row[1]) != judgement(&narrow, &row[1])),
        "{deeper:?}"
    );
    let refused = owlery(&[
        "analyze",
        "scrabble",
        "--cgp",
        VOWELS,
        "--rank-by",
        "lookahead:0x4",
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains(
            "invalid value 'lookahead:0x4' for '--rank-by <RANKING>': expected score, equity, \
             lookahead, lookahead:WIDTHxSAMPLES (width 1 to 64, samples 1 to 1024), solver, \
             solver:BUDGET (budget 1 to 100000000), or a crossword bot's name (greedy, equity-static, equity-linear, \
             simmer, simmer-points, simmer-infer, random)"
        ),
        "{}",
        stderr(&refused)
    );
}

/// Runs `owlery args`, which must fail as a usage error (exit code 2) saying `message`.
fn assert_refused(args: &[&str], message: &str) {
    let output = owlery(args);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains(message), "{}", stderr(&output));
}

/// The first position of a two-player `greedy` game from `seed` with the bag empty and at
/// most three tiles on the rack to move, as CGP, if the game reaches one.
fn endgame_cgp(seed: u64) -> Option<String> {
    use engine::scrabble::{Game, Rules};
    let lexicon = std::sync::Arc::new(lexicon::Lexicon::embedded(lexicon::Edition::Plain));
    let rules = std::sync::Arc::new(Rules::standard());
    let mut game = Game::new(rules, lexicon, 2, seed).unwrap();
    let settings = bots::Settings::default();
    let mut seats = bots::seating::seat_table(&["greedy"; 2], seed, &settings, None).unwrap();
    let progress = engine::play::play_until(&mut game, &mut seats, |game| {
        game.bag_len() == 0 && game.rack(game.to_move()).len() <= 3
    })
    .unwrap();
    (progress == engine::play::Progress::Stopped && !game.is_over())
        .then(|| game.to_cgp().to_string())
}

#[test]
fn analyze_judges_an_endgame_against_the_opponents_known_rack() {
    let mut outs = 0;
    for cgp in (0..8).filter_map(endgame_cgp) {
        let rows = analyze_csv(&cgp, &["--rank-by", "lookahead"]);
        let judged: Vec<&Vec<String>> = rows[1..].iter().filter(|r| !r[6].is_empty()).collect();
        assert_eq!(judged.len(), (rows.len() - 1).min(8), "{cgp}");
        // A move going out ends the game: no reply, so its judgement is its equity, which
        // counts the opponent's tiles twice.
        for row in judged.iter().filter(|row| row[4].is_empty()) {
            outs += 1;
            assert_eq!(row[6], row[5], "{cgp}: {row:?}");
        }
    }
    assert!(outs > 0, "no judged move went out");
}

#[test]
fn analyze_values_every_endgame_move_to_the_end_of_the_game() {
    let rules = engine::scrabble::Rules::standard();
    let (mut outs, mut lines, mut played, mut bounded) = (0, 0, 0, 0);
    for cgp in (0..6).filter_map(endgame_cgp) {
        let rows = analyze_csv(&cgp, &["--rank-by", "solver"]);
        assert_eq!(rows, analyze_csv(&cgp, &["--rank-by", "solver"]), "{cgp}");
        assert_eq!(
            rows[0].join(","),
            "rank,move,word,score,leave,solver,exact,solved,line"
        );
        // Every placement the plain listing has, and a pass.
        let placements = analyze_csv(&cgp, &[]).len() - 1;
        assert_eq!(rows.len() - 1, placements + 1, "{cgp}");
        let pass: Vec<&Vec<String>> = rows.iter().filter(|row| row[1] == "pass").collect();
        assert_eq!(pass.len(), 1, "{cgp}");
        let values: Vec<i32> = rows[1..].iter().map(|r| r[5].parse().unwrap()).collect();
        assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
        // The best five valued exactly; the rest may be bounds.
        assert!(
            rows[1..].iter().take(5).all(|row| row[6] == "true"),
            "{cgp}"
        );
        bounded += rows[1..].iter().filter(|row| row[6] == "false").count();
        // Going out ends the game: the move's score and twice the tiles the opponent holds,
        // nothing estimated.
        let position: engine::scrabble::Cgp = cgp.parse().unwrap();
        let held: i32 = position.racks[1]
            .present_kinds()
            .map(|kind| rules.tiles.points(kind) * i32::from(position.racks[1].count(kind)))
            .sum();
        for row in rows[1..].iter().filter(|row| row[4].is_empty()) {
            outs += 1;
            let score: i32 = row[3].parse().unwrap();
            let expected = [
                (score + 2 * held).to_string(),
                "true".into(),
                "true".into(),
                String::new(),
            ];
            assert_eq!(row[5..], expected, "{cgp}");
        }
        // A move that does not end the game has a reply: the line names it.
        for row in rows[1..].iter().filter(|row| !row[4].is_empty()) {
            lines += usize::from(!row[8].is_empty());
            played += 1;
        }
    }
    assert!(outs > 0, "no move went out");
    assert!(bounded > 0, "no move bounded");
    assert!(lines * 10 >= played * 9, "{lines} lines of {played}");
    // The table puts the line last and says how deep the search went.
    let cgp = (0..6).find_map(endgame_cgp).unwrap();
    let table = owlery(&[
        "analyze",
        "scrabble",
        "--cgp",
        &cgp,
        "--rank-by",
        "solver:5000",
    ]);
    let text = stdout(&table);
    let mut listing = text.lines();
    assert!(
        listing
            .next()
            .unwrap()
            .ends_with("solver    exact   solved  leave    line"),
        "{text}"
    );
    let last = listing.next_back().unwrap();
    assert!(
        last.starts_with("solver: each move searched ") && last.contains("plies deep"),
        "{text}"
    );
    // Outside a two-player endgame there is nothing to search.
    assert_refused(
        &[
            "analyze",
            "scrabble",
            "--cgp",
            VOWELS,
            "--rank-by",
            "solver",
        ],
        "--rank-by solver: needs two players, a tile on each rack and the bag empty (at most 7 \
         tiles unseen by the player to move; this position has 2 players and 89 unseen)",
    );
}

#[test]
fn analyze_refuses_a_ranking_it_cannot_make() {
    // Confundo's backwards words are not judged.
    let empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
    let confounded = format!("{empty} NOXACTE/ 0/0 0 cards confundo;");
    let refused = owlery(&[
        "analyze",
        "scrabble-hp",
        "--cgp",
        &confounded,
        "--rank-by",
        "lookahead",
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains(
            "--rank-by lookahead: needs a tile on the next player's rack and no word read \
             backwards (this position has Confundo, or the bag and the next rack are both \
             empty)"
        ),
        "{}",
        stderr(&refused)
    );
    assert_refused(
        &[
            "analyze",
            "scrabble-hp",
            "--cgp",
            VOWELS,
            "--rank-by",
            "solver:500",
        ],
        "--rank-by solver applies to scrabble: its search counts word scores only, not \
         scrabble-hp's Glossary bonus or cards",
    );
    let cards = [
        "analyze",
        "scrabble-cards",
        "--hand",
        "HOBRTSS",
        "--rank-by",
        "lookahead",
    ];
    assert_refused(
        &cards,
        "--rank-by: scrabble-cards ranks by score, or by equity in Classic and Forfeit \
         (lookahead and solver apply to scrabble and scrabble-hp)",
    );
}

#[test]
fn analyze_names_the_bad_cgp_field() {
    let bad = owlery(&["analyze", "scrabble", "--cgp", "15/15 AB/ 0/0 0"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("CGP board: 2 rows"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn analyze_refuses_tiles_no_game_could_hold() {
    let horn_with =
        |rack: &str| format!("15/15/15/15/15/15/15/5HORN6/15/15/15/15/15/15/15 {rack}/ 14/0 0");
    let refusal = |game: &str, rack: &str| {
        let output = owlery(&["analyze", game, "--cgp", &horn_with(rack)]);
        assert_eq!(output.status.code(), Some(2), "{rack}");
        assert!(stdout(&output).is_empty(), "{rack}");
        stderr(&output)
    };
    // The set's two Hs: one on the board, two on the rack.
    let extra_h = refusal("scrabble", "HHA");
    assert!(
        extra_h.contains("--cgp: the position holds more H tiles than the set's 2"),
        "{extra_h}"
    );
    let blanks = refusal("scrabble-hp", "???");
    assert!(blanks.contains("more ? tiles than the set's 2"), "{blanks}");
    let full = refusal("scrabble", "AEFMRTXY");
    assert!(
        full.contains("--cgp racks: AEFMRTXY holds 8 tiles; expected at most 7"),
        "{full}"
    );
    // Expelliarmus's tile survives a pass, so a rack grows up to a line's length.
    let grown = refusal("scrabble-hp", "ABCDEFGIIIIMRSTX");
    assert!(
        grown.contains("holds 16 tiles; expected at most 15"),
        "{grown}"
    );
    let eleven = owlery(&[
        "analyze",
        "scrabble-hp",
        "--cgp",
        &horn_with("AEFIMRSTXY?"),
        "--top",
        "1",
    ]);
    assert!(eleven.status.success(), "{}", stderr(&eleven));
    let huge = refusal("scrabble", &"E".repeat(300));
    assert!(
        huge.contains("CGP racks: 300 tiles: expected at most 255"),
        "{huge}"
    );
    // A Harry Potter rack may hold 8 (Ravenclaw's opening rack, or Engorgio's draw).
    let eight = owlery(&[
        "analyze",
        "scrabble-hp",
        "--cgp",
        &horn_with("AEFMRTXY"),
        "--top",
        "1",
    ]);
    assert!(eight.status.success(), "{}", stderr(&eight));
}

#[test]
fn analyze_scrabble_hp_counts_the_glossary_bonus_and_confundo() {
    let empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
    let analysed = |operations: &str| {
        let cgp = format!("{empty} NOXACTE/ 0/0 0 houses slytherin,gryffindor; {operations}");
        let output = owlery(&["analyze", "scrabble-hp", "--cgp", &cgp, "--format", "csv"]);
        assert!(output.status.success(), "{}", stderr(&output));
        stdout(&output)
    };
    // NOX: 20 on the centre plus Revelio's 20 for a Glossary word.
    let text = analysed("cards revelio;");
    assert!(text.contains(",8G NOX,NOX,40,ACET\n"), "{text}");
    // Rictusempra's 10 at once count with the move, as the game counts the turn.
    let text = analysed("cards rictusempra;");
    assert!(text.contains(",8G NOX,NOX,40,ACET\n"), "{text}");
    let text = analysed("cards confundo;");
    assert!(
        text.contains(",8G <XON,NOX,30,ACET\n"),
        "Confundo adds backwards plays: {text}"
    );
    // Rule 14's worked example: HOPE with the Harry Potter card, 18 and 15 for H, O and P.
    let hope = owlery(&[
        "analyze",
        "scrabble-hp",
        "--cgp",
        &format!("{empty} HOPEXYZ/ 0/0 0 cards harry_potter;"),
        "--format",
        "csv",
    ]);
    assert!(
        stdout(&hope).contains(",8G HOPE,HOPE,33,"),
        "{}",
        stdout(&hope)
    );
    let two = owlery(&[
        "analyze",
        "scrabble-hp",
        "--cgp",
        &format!("{empty} NOXACTE/ 0/0 0 cards confundo,revelio;"),
    ]);
    assert!(
        stderr(&two).contains("names 2 cards; one Hogwarts card is played a turn (rule 13)"),
        "{}",
        stderr(&two)
    );
    let plain = owlery(&[
        "analyze",
        "scrabble-hp",
        "--cgp",
        &format!("{empty} NOXACTE/ 0/0 0"),
        "--format",
        "csv",
    ]);
    assert!(stdout(&plain).contains(",8G NOX,NOX,30,ACET\n"));
    assert!(!stdout(&plain).contains('<'));
    let bad = owlery(&[
        "analyze",
        "scrabble-hp",
        "--cgp",
        &format!("{empty} NOX/ 0/0 0 cards hogwarts;"),
    ]);
    assert!(
        stderr(&bad).contains("\"hogwarts\" is not a Hogwarts card"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn a_file_to_write_is_checked_before_the_work_and_flags_the_game_lacks_are_refused() {
    let nowhere = std::env::temp_dir().join("owlery-no-such-dir").join("out");
    let nowhere = nowhere.to_str().unwrap();
    // A million games would take hours: the check comes first.
    let train = owlery(&["train", "leaves", "--games", "1000000", "--out", nowhere]);
    assert_eq!(train.status.code(), Some(2));
    assert!(
        stderr(&train).contains("there is no directory"),
        "{}",
        stderr(&train)
    );
    let game = owlery(&["play", "scrabble", "--quiet", "--gcg", nowhere]);
    assert_eq!(game.status.code(), Some(2));
    assert!(stdout(&game).is_empty(), "no game was played");
    assert!(
        stderr(&game).contains("--gcg") && stderr(&game).contains("there is no directory"),
        "{}",
        stderr(&game)
    );
    let monopoly = owlery(&["play", "monopoly-hp", "--quiet", "--gcg", "game.gcg"]);
    assert!(
        stderr(&monopoly).contains("--gcg records crossword games"),
        "{}",
        stderr(&monopoly)
    );
    let plain = owlery(&[
        "play",
        "scrabble",
        "--quiet",
        "--houses",
        "gryffindor,slytherin",
    ]);
    assert!(
        stderr(&plain).contains("--houses: scrabble has no houses"),
        "{}",
        stderr(&plain)
    );
    let variant = owlery(&["play", "scrabble-hp", "--quiet", "--variant", "rummy"]);
    assert!(
        stderr(&variant)
            .contains("--variant applies to scrabble-cards; scrabble-hp has no variants"),
        "{}",
        stderr(&variant)
    );
    let rollouts = owlery(&["play", "scrabble", "--quiet", "--rollouts", "5"]);
    assert!(
        stderr(&rollouts).contains("--rollouts applies to monopoly-hp's mc-trader"),
        "{}",
        stderr(&rollouts)
    );
}

#[test]
fn equity_plays_under_a_penalty_as_large_as_the_data_allows() {
    // Every play a bingo worth -100000: the bound on a stretch with no leave of its size once
    // overflowed (this binary checks overflow).
    let dir = scratch("penalty");
    let output = owlery(&[
        "sim",
        "scrabble",
        "--games",
        "20",
        "--bots",
        "equity,random",
        "--set",
        "bingo_bonus=-100000",
        "--set",
        "bingo_tiles=1",
        "--out",
        dir.join("run").to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn train_leaves_writes_values_the_equity_bot_reads() {
    let dir = scratch("train");
    let out = dir.join("leaves.toml");
    let run = |threads: &str| {
        let output = owlery(&[
            "train",
            "leaves",
            "--bot",
            "greedy",
            "--games",
            "40",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        assert!(stderr(&output).contains("40 games"), "{}", stderr(&output));
        std::fs::read_to_string(&out).unwrap()
    };
    let text = run("1");
    let model = bots::scrabble::leaves::LeaveModel::read(text.as_bytes(), "leaves.toml").unwrap();
    assert_eq!(model.value(&engine::scrabble::Rack::EMPTY), 0);
    assert!(text.contains("games = 40"), "{text}");
    assert_eq!(run("2"), text, "the same file on one thread or two");
    // A run can use the trained values instead of the shipped ones: the crossword's bots and
    // the card game's equity, but not Rummy's players, which value no leave.
    let sim_with = |game: &[&str], out_dir: &str| {
        let run_dir = dir.join(out_dir);
        let mut args = vec!["sim"];
        args.extend_from_slice(game);
        args.extend_from_slice(&["--games", "4", "--bots", "equity,greedy", "--leaves"]);
        args.extend_from_slice(&[out.to_str().unwrap(), "--out", run_dir.to_str().unwrap()]);
        owlery(&args)
    };
    let sim = sim_with(&["scrabble"], "run");
    assert!(sim.status.success(), "{}", stderr(&sim));
    let sim = sim_with(&["scrabble-cards", "--variant", "classic"], "cards-run");
    assert!(sim.status.success(), "{}", stderr(&sim));
    let refused = sim_with(&["scrabble-cards", "--variant", "rummy"], "rummy-run");
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("not to --variant rummy"),
        "{}",
        stderr(&refused)
    );
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, text.replacen("\nA = ", "\nA = \"lots\"\nAA = ", 1)).unwrap();
    let refused = owlery(&[
        "play",
        "scrabble",
        "--bots",
        "equity,greedy",
        "--leaves",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("bad.toml"),
        "{}",
        stderr(&refused)
    );
    let refused = owlery(&["train", "leaves", "--bot", "clever"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("unknown bot \"clever\""),
        "{}",
        stderr(&refused)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn train_leaves_learns_a_table_that_resumes_merges_shards_and_plays() {
    let dir = scratch("train-table");
    let train = |extra: &[&str]| {
        let mut args = vec!["train", "leaves", "--games", "60", "--chunk", "20"];
        args.extend_from_slice(extra);
        let output = owlery(&args);
        assert!(output.status.success(), "{}", stderr(&output));
        output
    };
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let whole = train(&[
        "--threads",
        "1",
        "--run",
        &path("one"),
        "--out",
        &path("one.klv2"),
    ]);
    assert!(stderr(&whole).contains("60 games"), "{}", stderr(&whole));
    let bytes = std::fs::read(dir.join("one.klv2")).unwrap();
    let model = bots::scrabble::leaves::LeaveModel::read(&bytes, "one.klv2").unwrap();
    assert_eq!(model.kind(), "table");
    assert_eq!(model.value(&engine::scrabble::Rack::EMPTY), 0);
    // The same file on two threads, and from two shards merged.
    train(&[
        "--threads",
        "2",
        "--run",
        &path("two"),
        "--out",
        &path("two.klv2"),
    ]);
    assert_eq!(std::fs::read(dir.join("two.klv2")).unwrap(), bytes);
    for shard in ["0/2", "1/2"] {
        let run = path(&format!("shard{}", &shard[..1]));
        train(&[
            "--shard",
            shard,
            "--run",
            &run,
            "--out",
            &path("unused.klv2"),
        ]);
    }
    assert!(
        !dir.join("unused.klv2").exists(),
        "a shard writes no values"
    );
    train(&[
        "--merge",
        &path("shard0"),
        &path("shard1"),
        "--out",
        &path("merged.klv2"),
    ]);
    assert_eq!(std::fs::read(dir.join("merged.klv2")).unwrap(), bytes);
    // A run resumed plays only its missing chunks: with one removed, the same file again.
    let chunks: Vec<_> = std::fs::read_dir(dir.join("one/chunks")).unwrap().collect();
    assert_eq!(chunks.len(), 3, "60 games in chunks of 20");
    std::fs::remove_file(chunks[0].as_ref().unwrap().path()).unwrap();
    let resumed = train(&[
        "--resume",
        "--run",
        &path("one"),
        "--out",
        &path("again.klv"),
    ]);
    assert!(
        String::from_utf8_lossy(&resumed.stdout).contains("20 games in"),
        "{}",
        String::from_utf8_lossy(&resumed.stdout)
    );
    let klv = std::fs::read(dir.join("again.klv")).unwrap();
    let again = bots::scrabble::leaves::LeaveModel::read(&klv, "again.klv").unwrap();
    let leave = engine::scrabble::Rack::parse("ERS").unwrap();
    assert!(
        (again.value(&leave) - model.value(&leave)).abs() <= 1,
        "KLV keeps 256ths"
    );
    // Without --resume a run directory is not reused, and a shard does not mix with another.
    let refused = owlery(&[
        "train",
        "leaves",
        "--run",
        &path("one"),
        "--out",
        &path("x.klv2"),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("--resume"),
        "{}",
        stderr(&refused)
    );
    let other = owlery(&[
        "train",
        "leaves",
        "--games",
        "61",
        "--resume",
        "--run",
        &path("one"),
    ]);
    assert!(
        stderr(&other).contains("different games"),
        "{}",
        stderr(&other)
    );
    let wrong = owlery(&["train", "leaves", "--out", &path("leaves.txt")]);
    assert!(
        stderr(&wrong).contains("expected a .klv2"),
        "{}",
        stderr(&wrong)
    );
    // The card game's values, learned from its own games, played by its equity.
    train(&[
        "--game",
        "scrabble-cards",
        "--run",
        &path("cards"),
        "--out",
        &path("cards.klv2"),
    ]);
    let cards = owlery(&[
        "sim",
        "scrabble-cards",
        "--games",
        "4",
        "--bots",
        "equity,equity-linear",
        "--leaves",
        &path("cards.klv2"),
        "--out",
        &path("cards-sim"),
    ]);
    assert!(cards.status.success(), "{}", stderr(&cards));
    // A bot plays with the table.
    let sim = owlery(&[
        "sim",
        "scrabble",
        "--games",
        "4",
        "--bots",
        "equity,equity-linear",
        "--leaves",
        &path("one.klv2"),
        "--out",
        &path("sim"),
    ]);
    assert!(sim.status.success(), "{}", stderr(&sim));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn analyze_shows_the_move_any_registered_bot_plays() {
    let horn = "15/15/15/15/15/15/15/5HORN6/15/15/15/15/15/15/15 AEFMRT?/ 14/0 0";
    let listed = |bot: &str| {
        let output = owlery(&[
            "analyze",
            "scrabble",
            "--cgp",
            horn,
            "--rank-by",
            bot,
            "--format",
            "csv",
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        stdout(&output)
    };
    // greedy's move is the highest-scoring one, first and chosen; the rest by score.
    let greedy = listed("greedy");
    let lines: Vec<&str> = greedy.lines().collect();
    assert_eq!(lines[0], "rank,move,word,score,leave,chosen");
    assert_eq!(lines[1], "1,E5 RAFTMEn,RAFTMEN,102,,true");
    assert!(lines[2..].iter().all(|line| line.ends_with(",false")));
    // Every crossword bot of the table may rank: the same rows, one of them chosen.
    for entry in bots::scrabble::BOTS {
        if ["equity", "lookahead", "solver"].contains(&entry.name) {
            continue;
        }
        let text = listed(entry.name);
        assert_eq!(text.matches(",true\n").count(), 1, "{}: {text}", entry.name);
        assert_eq!(
            text.lines().count(),
            greedy.lines().count(),
            "{}",
            entry.name
        );
    }
}

#[test]
fn a_deck_is_recomposed_one_setting_at_a_time_and_checked_whole() {
    let base = [
        "sim",
        "scrabble-hp",
        "--games",
        "2",
        "--bots",
        "cards,greedy",
    ];
    let one = [&base[..], &["--set", "cards.reparo.count=3"]].concat();
    let refused = stderr(&owlery(&one));
    assert!(
        refused.contains(
            "--set cards.reparo.count=3: the cards' counts add up to 33; expected deck_size 32"
        ),
        "{refused}"
    );
    let out = scratch("recomposed");
    let two = [
        &base[..],
        &[
            "--set",
            "cards.reparo.count=3",
            "--set",
            "cards.veritaserum.count=1",
            "--out",
            out.to_str().unwrap(),
        ],
    ]
    .concat();
    let output = owlery(&two);
    assert!(output.status.success(), "{}", stderr(&output));
    let standard = scratch("standard-deck");
    let output = owlery(&[&base[..], &["--out", standard.to_str().unwrap()]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    let hash = |dir: &PathBuf| {
        let manifest = std::fs::read_to_string(dir.join("manifest.toml")).unwrap();
        let line = manifest.lines().find(|l| l.starts_with("rules_hash"));
        line.unwrap().to_string()
    };
    assert_ne!(
        hash(&out),
        hash(&standard),
        "the recomposed deck is the run's"
    );
}

#[test]
fn bench_prints_and_writes_this_machines_figures_for_a_games_every_bot() {
    let csv = scratch("bench").join("bench.csv");
    let output = owlery(&[
        "bench",
        "--quick",
        "--game",
        "monopoly-hp",
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let printed = stdout(&output);
    let table = std::fs::read_to_string(&csv).unwrap();
    assert!(
        table.starts_with("measure,game,bot,threads,value,unit\n"),
        "{table}"
    );
    for bot in ["heuristic", "mc-trader", "random"] {
        let line = table
            .lines()
            .find(|l| l.starts_with(&format!("games,monopoly-hp,{bot},1,")))
            .unwrap_or_else(|| panic!("{bot} in\n{table}"));
        let rate: f64 = line.split(',').nth(4).unwrap().parse().unwrap();
        assert!(rate > 0.0, "{line}");
        assert!(printed.contains(bot));
    }
    for measure in ["lexicon load,", "all-moves positions,"] {
        assert!(table.contains(measure), "{measure} in\n{table}");
    }
    assert!(
        !table.contains("scrabble-hp,cards"),
        "only the game asked for"
    );
}
