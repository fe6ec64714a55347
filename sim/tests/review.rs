//! `owlery review`: a game record replayed and each move judged from its mover's seat.

mod common;

use std::collections::HashMap;
use std::path::Path;

/// The review of `gcg` with `extra` arguments, as CSV rows keyed by column.
fn review_rows(gcg: &Path, extra: &[&str]) -> Vec<HashMap<String, String>> {
    let mut args = vec!["review", gcg.to_str().unwrap(), "--format", "csv"];
    args.extend_from_slice(extra);
    let text = common::ran(&common::owlery(&args, ""));
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|record| {
            let record = record.unwrap();
            header
                .iter()
                .zip(record.iter())
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

fn number(row: &HashMap<String, String>, column: &str) -> f64 {
    row[column].parse().unwrap()
}

/// A game between `bots` from `seed`, saved as GCG in `dir`.
fn played(dir: &Path, bots: &str, seed: &str) -> std::path::PathBuf {
    let gcg = dir.join(format!("{seed}.gcg"));
    let args = [
        "play", "scrabble", "--bots", bots, "--seed", seed, "--quiet",
    ];
    let mut args = args.to_vec();
    args.extend_from_slice(&["--gcg", gcg.to_str().unwrap()]);
    common::ran(&common::owlery(&args, ""));
    gcg
}

#[test]
fn equity_finds_its_own_moves_best_while_the_bag_is_full() {
    let dir = common::scratch("review", "own");
    for seed in ["3", "4", "5"] {
        let gcg = played(&dir, "equity,greedy", seed);
        let record = std::fs::read_to_string(&gcg).unwrap();
        let move_lines = record
            .lines()
            .filter(|line| line.starts_with('>') && !line.contains('('))
            .count();
        let rows = review_rows(&gcg, &[]);
        // Every move of the game is reviewed, its racks all shown.
        assert_eq!(rows.len(), move_lines, "seed {seed}");
        let mut judged_alike = 0;
        for row in &rows {
            assert!(number(row, "best_value") >= number(row, "value"), "{row:?}");
            // `equity` plays the static best until the bag runs low (it then looks ahead), so
            // the replayed position must be the one it saw: the same rack, unseen tiles and bag.
            if row["player"] == "p1" && number(row, "bag") > 6.0 {
                assert_eq!(number(row, "lost"), 0.0, "seed {seed}: {row:?}");
                assert_eq!(row["value"], row["best_value"], "seed {seed}: {row:?}");
                judged_alike += 1;
            }
        }
        assert!(judged_alike >= 5, "seed {seed}: {judged_alike}");
    }
}

#[test]
fn the_help_names_every_column_the_csv_gives() {
    let dir = common::scratch("review", "columns");
    let gcg = played(&dir, "equity,greedy", "3");
    let text = common::ran(&common::owlery(
        &["review", gcg.to_str().unwrap(), "--format", "csv"],
        "",
    ));
    let header = text.lines().next().unwrap();
    let help = common::ran(&common::owlery(&["review", "--help"], ""));
    // Clap wraps the help: compare word by word.
    let help_words: Vec<&str> = help
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .collect();
    let columns: Vec<&str> = header.split(',').collect();
    assert!(columns.len() >= 15, "{header}");
    for column in columns {
        assert!(help_words.contains(&column), "{column} not in the help");
    }
}

#[test]
fn the_pre_endgame_is_judged_as_the_equity_bot_judges_it_by_the_chance_of_winning() {
    let dir = common::scratch("review", "pre-endgame");
    let (mut judged, mut best_by_wins, mut best_by_static) = (0, 0, 0);
    let (mut undecided, mut decided) = (0, 0);
    for seed in 3..=22 {
        let gcg = played(&dir, "equity,equity", &seed.to_string());
        // A small search: the endgame is not what is measured here.
        let by_wins = review_rows(&gcg, &["--endgame", "solver:2000"]);
        let by_static = review_rows(
            &gcg,
            &["--rank-by", "equity-static", "--endgame", "solver:2000"],
        );
        assert_eq!(by_wins.len(), by_static.len());
        for (row, static_row) in by_wins.iter().zip(&by_static) {
            let bag = number(row, "bag");
            if !(1.0..=6.0).contains(&bag) {
                // Elsewhere the two judges are one.
                let judged_alike = |row: &HashMap<String, String>| {
                    let mut row = row.clone();
                    row.remove("judge");
                    row
                };
                assert_eq!(judged_alike(row), judged_alike(static_row), "seed {seed}");
                let static_judge = static_row["judge"].replace("equity-static", "equity");
                assert_eq!(row["judge"], static_judge);
                continue;
            }
            assert_eq!(static_row["judge"], "equity-static");
            assert!(number(row, "lost") >= 0.0, "{row:?}");
            judged += 1;
            if row["judge"] == "lookahead:4x16" {
                // A game already decided, the move played not the best: the points decide.
                assert!(number(row, "lost") > 0.0, "{row:?}");
                decided += 1;
            } else {
                assert_eq!(row["judge"], "wins:4x16", "seed {seed}: {row:?}");
                for column in ["value", "best_value"] {
                    assert!((0.0..=100.0).contains(&number(row, column)), "{row:?}");
                }
                let value = number(row, "value");
                undecided += usize::from(value > 0.0 && value < 100.0);
            }
            best_by_wins += usize::from(number(row, "lost") == 0.0);
            best_by_static += usize::from(number(static_row, "lost") == 0.0);
        }
    }
    // The bot chose each of these moves by the chance of winning over racks of its own: the
    // judge that values them so finds more of them best than equity's static values do.
    assert!(
        judged >= 25 && undecided >= 5,
        "{undecided} undecided of {judged}"
    );
    assert!(decided < judged / 4, "{decided} decided of {judged}");
    assert!(
        best_by_wins * 10 >= judged * 7 && best_by_wins >= best_by_static + 5,
        "{best_by_wins} and {best_by_static} of {judged}"
    );
}

#[test]
fn a_move_is_valued_as_analyze_values_it() {
    let dir = common::scratch("review", "analyze");
    let gcg = played(&dir, "equity,greedy", "3");
    let first = &review_rows(&gcg, &[])[0];
    assert_eq!(first["rack"], "AAEEEPR");
    assert_eq!(first["bag"], "86");
    let empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
    let cgp = format!("{empty} AAEEEPR/ 0/0 0");
    let listing = common::ran(&common::owlery(
        &[
            "analyze",
            "scrabble",
            "--cgp",
            &cgp,
            "--rank-by",
            "equity",
            "--format",
            "csv",
        ],
        "",
    ));
    let analyzed = listing
        .lines()
        .find(|line| line.contains(&format!(",{},", first["played"])))
        .expect("the move played is listed");
    // rank,move,word,score,leave,equity
    let equity = analyzed.rsplit(',').next().unwrap();
    assert_eq!(first["value"], equity);
    let best = listing.lines().nth(1).unwrap().rsplit(',').next().unwrap();
    assert_eq!(first["best_value"], best);
}

#[test]
fn lookahead_judges_one_players_moves() {
    let dir = common::scratch("review", "lookahead");
    let gcg = played(&dir, "equity,greedy", "4");
    let rows = review_rows(&gcg, &["--rank-by", "lookahead:4x8", "--player", "p2"]);
    let by_equity = review_rows(&gcg, &["--player", "p2"]);
    assert!(rows.len() >= 8 && rows.len() == by_equity.len(), "{rows:?}");
    for row in &rows {
        assert_eq!(row["player"], "p2");
    }
    // Lookahead takes the reply off: its values are not equity's.
    let differ = rows
        .iter()
        .zip(&by_equity)
        .filter(|(judged, valued)| judged["value"] != valued["value"])
        .count();
    assert!(differ * 2 > rows.len(), "{differ} of {}", rows.len());
    // Each move meets racks of its own: a row reads the same with the other player's beside it.
    let both = review_rows(&gcg, &["--rank-by", "lookahead:4x8"]);
    let p2: Vec<_> = both
        .into_iter()
        .filter(|row| row["player"] == "p2")
        .collect();
    assert_eq!(p2, rows);
    let table = common::ran(&common::owlery(
        &["review", gcg.to_str().unwrap(), "--player", "greedy"],
        "",
    ));
    assert!(table.contains("value: equity's, in points"), "{table}");
    assert!(table.contains("p2 (greedy): "), "{table}");
    assert!(!table.contains("p1 (equity): "), "{table}");
}

#[test]
fn the_endgame_is_searched_each_move_valued_to_the_end() {
    let dir = common::scratch("review", "endgame");
    let (mut chained, mut went_out, mut mistakes) = (0, 0, 0);
    for seed in ["3", "4", "5", "6", "7", "8"] {
        let gcg = played(&dir, "greedy,greedy", seed);
        let rows = review_rows(&gcg, &[]);
        for row in &rows {
            // In the pre-endgame equity looks ahead as the equity bot does.
            let judge = match number(row, "bag") {
                0.0 => "solver",
                // Where the game is decided the points judge, as they break the bot's ties.
                1.0..=6.0 if row["judge"] == "lookahead:4x16" => "lookahead:4x16",
                1.0..=6.0 => "wins:4x16",
                _ => "equity",
            };
            assert_eq!(row["judge"], judge, "seed {seed}: {row:?}");
            if judge == "lookahead:4x16" {
                // The points judge a decided game only where the move played was not the best.
                assert!(number(row, "lost") > 0.0, "seed {seed}: {row:?}");
            }
            if judge != "solver" {
                assert_eq!(row["best_line"], "", "{row:?}");
            }
            assert!(number(row, "best_value") >= number(row, "value"), "{row:?}");
        }
        let ending: Vec<_> = rows.iter().filter(|row| row["bag"] == "0").collect();
        let solved = |row: &HashMap<String, String>| row["note"].is_empty();
        // Where the budget stops the search short of the end (a few first moves of seven
        // tiles against seven), the row says so.
        for row in ending.iter().filter(|row| !solved(row)) {
            assert_eq!(
                row["note"],
                "the search did not reach the end: values estimated"
            );
        }
        mistakes += ending
            .iter()
            .filter(|row| number(row, "lost") > 0.0)
            .count();
        // A move's worth is its score less the best the opponent can make of what it leaves:
        // the next row's best, from a search of its own.
        for pair in ending
            .windows(2)
            .filter(|pair| solved(pair[0]) && solved(pair[1]))
        {
            let (move_row, reply) = (pair[0], pair[1]);
            let expected = number(move_row, "score") - number(reply, "best_value");
            assert_eq!(number(move_row, "value"), expected, "seed {seed}: {pair:?}");
            chained += 1;
        }
        // The move that goes out gains its score and twice the tiles left on the other rack.
        let last = ending.last().unwrap();
        let record = std::fs::read_to_string(&gcg).unwrap();
        let bonus = record.lines().find_map(|line| {
            let rest = line.strip_prefix(&format!(">{}: (", last["player"]))?;
            rest.split_once(") +")?
                .1
                .split(' ')
                .next()?
                .parse::<f64>()
                .ok()
        });
        if let Some(bonus) = bonus.filter(|_| solved(last)) {
            assert_eq!(number(last, "value"), number(last, "score") + 2.0 * bonus);
            went_out += 1;
        }
        // Without the search equity judges the end as the equity bot does, by the known rack.
        for row in review_rows(&gcg, &["--endgame", "off"]) {
            let judge = match number(&row, "bag") {
                0.0 => "lookahead:8x1",
                // Where the game is decided the points judge, as they break the bot's ties.
                1.0..=6.0 if row["judge"] == "lookahead:4x16" => "lookahead:4x16",
                1.0..=6.0 => "wins:4x16",
                _ => "equity",
            };
            assert_eq!(row["judge"], judge, "seed {seed}: {row:?}");
            if judge == "lookahead:4x16" {
                assert!(number(&row, "lost") > 0.0, "seed {seed}: {row:?}");
            }
        }
    }
    assert!(
        chained >= 12 && went_out >= 4,
        "{chained} chained, {went_out} out"
    );
    // Greedy ends its games badly at times: the search finds better.
    assert!(mistakes >= 1);
}

/// The first two moves of `play scrabble --bots equity,greedy --seed 3`.
const OPENING: &str = "#player1 a Ada\n#player2 b Bob\n>a: AAEEEPR 8D PERAEA +22 22\n\
                       >b: BEIJNRV 7I JIVER +41 41\n";

#[test]
fn a_word_taken_back_is_a_lost_turn_and_a_partial_rack_is_left_out() {
    let dir = common::scratch("review", "phony");
    let gcg = dir.join("phony.gcg");
    // Ada tries VEDINP down from D3 onto the P, is challenged off, and passes next; Bob's
    // move shows only the tiles he laid.
    let record = format!(
        "{OPENING}>a: DEGINSV D3 VEDIN. +20 42\n>a: DEGINSV -- -20 22\n>b: ?BM 9G BaM +35 76\n\
         >a: DEGINSV - +0 22\n"
    );
    std::fs::write(&gcg, record).unwrap();
    let rows = review_rows(&gcg, &[]);
    let phony = rows.iter().find(|row| row["turn"] == "3").unwrap();
    assert_eq!(phony["note"], "VEDINP is not in the lexicon: taken back");
    let pass = rows.iter().find(|row| row["turn"] == "5").unwrap();
    assert_eq!(pass["played"], "pass");
    // Taken back, the phony was worth what the pass after it was: the rack kept.
    assert_eq!(phony["value"], pass["value"]);
    assert!(rows.iter().all(|row| row["turn"] != "4"), "{rows:?}");
    let table = common::ran(&common::owlery(&["review", gcg.to_str().unwrap()], ""));
    assert!(
        table.contains("b (Bob): 1 move reviewed, ")
            && table.contains("; 1 move not reviewed: the rack not shown in full"),
        "{table}"
    );
}

#[test]
fn a_phony_that_stood_keeps_the_points_the_record_gives_it() {
    let dir = common::scratch("review", "stood");
    let gcg = dir.join("stood.gcg");
    // The score of a word the lexicon lacks cannot be checked: however large, it is taken.
    let record = format!("{OPENING}>a: DEGINSV D3 VEDIN. +99999999 100000021\n");
    std::fs::write(&gcg, record).unwrap();
    let rows = review_rows(&gcg, &[]);
    let phony = rows.iter().find(|row| row["turn"] == "3").unwrap();
    assert_eq!(phony["note"], "VEDINP is not in the lexicon");
    assert_eq!(phony["lost"], "0.0");
    assert!(number(phony, "value") > 99_999_990.0, "{phony:?}");
    // Valued above anything the lexicon allows, it is the best move by that judge.
    assert_eq!(phony["best"], phony["played"]);
    assert_eq!(phony["best_score"], "99999999");
    assert_eq!(phony["best_value"], phony["value"]);
}

#[test]
fn a_record_that_does_not_add_up_is_refused_at_its_line() {
    let dir = common::scratch("review", "bad");
    let cases = [
        (
            ">a: DEGINSV E5 DEV.INS +45 67\n",
            "line 5: E5 DEV(E)INS scores +44 on this board with these tiles, not +45",
        ),
        (
            ">a: DEGINSV E5 DEV.INS +44 67\n",
            "line 5: the total 67 should be 22 +44",
        ),
        (
            ">a: DEGINSX E5 DEV.INS +44 66\n",
            "line 5: E5 DEV(E)INS: the rack DEGINSX does not hold",
        ),
        (
            ">a: ZZZAAAA -ZZZ +0 22\n",
            "line 5: the board and the rack hold 3 of Z; expected at most the set's 1",
        ),
        (
            ">a: DEGINSV - +3 25\n",
            "line 5: an exchange or a pass scores +0, not +3",
        ),
        (
            ">a: DEGINSVA -QU +0 22\n",
            "line 5: the rack ADEGINSV holds 8 tiles; expected at most 7",
        ),
        (
            ">a: DEGINSV - +0 22\n>a: DEGINSV - +2147483647 -2147483627\n",
            "line 6: the total -2147483627 should be 22 +2147483647",
        ),
        (
            ">a: DEGINSV -QU +0 22\n",
            "line 5: the rack DEGINSV does not hold QU to exchange",
        ),
        (
            ">a: DEGINSV E5 DEV +9 31\n",
            "line 5: E5 DEV: the word continues onto E8",
        ),
    ];
    let players = "#player1 a Ada\n#player2 b Bob\n";
    let withdrawn = (
        format!("{players}>b: BEIJNRV - +0 0\n>a: DEGINSV -- -0 0\n"),
        "line 4: `--` takes back a word, but a has none on the board to take back",
    );
    let cases = cases
        .iter()
        .map(|(line, expected)| (format!("{OPENING}{line}"), *expected))
        .chain([withdrawn]);
    for (index, (text, expected)) in cases.enumerate() {
        let gcg = dir.join(format!("{index}.gcg"));
        std::fs::write(&gcg, &text).unwrap();
        let error = common::refused(&common::owlery(&["review", gcg.to_str().unwrap()], ""));
        assert!(error.contains(&gcg.display().to_string()), "{error}");
        assert!(error.contains(expected), "{text}: {error}");
    }
    let hp = dir.join("hp.gcg");
    std::fs::write(&hp, format!("#note house a Slytherin\n{OPENING}")).unwrap();
    let error = common::refused(&common::owlery(&["review", hp.to_str().unwrap()], ""));
    assert!(
        error.contains("a Scrabble: Harry Potter Edition game"),
        "{error}"
    );
    let error = common::refused(&common::owlery(&["review", "no-such.gcg"], ""));
    assert!(error.contains("reading no-such.gcg"), "{error}");
    let error = common::refused(&common::owlery(
        &["review", hp.to_str().unwrap(), "--rank-by", "solver"],
        "",
    ));
    assert!(
        error.contains("expected equity, equity-static, lookahead"),
        "{error}"
    );
}
