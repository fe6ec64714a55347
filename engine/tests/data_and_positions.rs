//! Data files, CGP positions and typed moves: good input reads back, bad input is refused
//! with an error that says where and what was expected.

use engine::data::NumbersFile;
use std::sync::Arc;

use engine::scrabble::{Cgp, Game, IllegalMove, Layout, Move, Numbers, Rules, TileSet};
use lexicon::{Edition, Lexicon};

#[test]
fn the_standard_data_is_the_standard_game() {
    let rules = Rules::standard();
    assert_eq!(rules.tiles.total(), 100);
    assert_eq!(rules.tiles.count(26), 2);
    assert_eq!(
        (rules.tiles.points(16), rules.tiles.points(26)),
        (10, 0),
        "Q 10, blank 0"
    );
    assert_eq!(rules.layout.start(), 7 * 15 + 7);
    assert_eq!(
        (
            rules.layout.word_multiplier(0),
            rules.layout.letter_multiplier(3)
        ),
        (3, 2)
    );
    assert_eq!(rules.numbers.scoreless_turns_to_end, 6);
}

#[test]
fn a_malformed_board_names_the_line_and_column() {
    let good = engine::scrabble::layout::DEFAULT_BOARD;
    let bad = good.replacen("T..d...T...d..T", "T..d...T...x..T", 1);
    let error = Layout::parse(&bad, "my-board.txt").unwrap_err().to_string();
    assert_eq!(
        error,
        "my-board.txt: line 4, column 12: expected one of . d t D T * h, found 'x'"
    );
    let short = good.replacen(".D...t...t...D.", ".D...t...t...D", 1);
    let error = Layout::parse(&short, "b.txt").unwrap_err().to_string();
    assert!(
        error.starts_with("b.txt: line 5, column 15: expected 15 squares, found 14"),
        "{error}"
    );
    let no_start = good.replace('*', ".");
    assert_eq!(
        Layout::parse(&no_start, "b.txt").unwrap_err().to_string(),
        "b.txt: no start square `*`"
    );
    let missing_row: String = good.lines().take(10).map(|l| format!("{l}\n")).collect();
    let error = Layout::parse(&missing_row, "b.txt")
        .unwrap_err()
        .to_string();
    assert_eq!(error, "b.txt: line 11: expected 15 rows, found 7");
}

#[test]
fn a_malformed_tile_table_names_the_line_and_column() {
    let error = TileSet::parse("A 9 1\nB two 3\n", "t.txt")
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "t.txt: line 2, column 3: expected a count (0-255), found \"two\""
    );
    let error = TileSet::parse("A 9 1\nA 2 1\n", "t.txt")
        .unwrap_err()
        .to_string();
    assert_eq!(error, "t.txt: line 2, column 1: A is listed twice");
    let error = TileSet::parse("A 9\n", "t.txt").unwrap_err().to_string();
    assert!(
        error.starts_with("t.txt: line 1: expected `LETTER COUNT POINTS`"),
        "{error}"
    );
    let error = TileSet::parse("# nothing\n", "t.txt")
        .unwrap_err()
        .to_string();
    assert!(error.contains("no tiles"));
}

#[test]
fn a_malformed_rules_file_names_the_line() {
    let error = Numbers::parse("rack_size = 7\nbingo_bonus = \"fifty\"\n", "r.toml").unwrap_err();
    assert_eq!(
        error.to_string(),
        "r.toml: line 2, column 1: bingo_bonus: expected a whole number from -100000 to 100000 \
         (points), found the text \"fifty\""
    );
    let error = Numbers::parse("rack_size = 7\n", "r.toml")
        .unwrap_err()
        .to_string();
    assert!(error.contains("missing field"), "{error}");
}

const MIDGAME: &str =
    "15/15/15/15/15/7F7/7A7/5HORN6/7M7/5PAStE5/15/15/15/15/15 BOQVXYZ/ABC 48/0 2 lex NWL20;";

#[test]
fn cgp_round_trips() {
    let cgp: Cgp = MIDGAME.parse().unwrap();
    assert_eq!(cgp.to_string(), MIDGAME);
    assert_eq!(cgp.board.tile_count(), 12);
    assert!(
        cgp.board.get(9, 8).is_blank(),
        "lower case is a blank on the board"
    );
    assert_eq!(cgp.racks[1].to_string(), "ABC");
    assert_eq!((cgp.scores.clone(), cgp.scoreless), (vec![48, 0], 2));
    assert_eq!(
        cgp.operations,
        vec![("lex".to_string(), "NWL20".to_string())]
    );
    let empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINST?/ 0/0 0";
    assert_eq!(empty.parse::<Cgp>().unwrap().to_string(), empty);
}

#[test]
fn a_malformed_cgp_names_the_field() {
    let field = |text: &str| text.parse::<Cgp>().unwrap_err().field;
    assert_eq!(field(""), "board");
    assert_eq!(field("15/15 A/ 0/0 0"), "board");
    assert_eq!(field(&MIDGAME.replace("5HORN6", "5HORN7")), "board row 8");
    assert_eq!(field(&MIDGAME.replace("5HORN6", "5HO0N6")), "board row 8");
    assert_eq!(field(&MIDGAME.replace("5HORN6", "5HO#N6")), "board row 8");
    assert_eq!(field(&MIDGAME.replace("BOQVXYZ/ABC", "OB1/ABC")), "racks");
    assert_eq!(field(&MIDGAME.replace("48/0", "48")), "scores");
    assert_eq!(field(&MIDGAME.replace("48/0", "48/x")), "scores");
    assert_eq!(
        field(&MIDGAME.replace(" 2 lex", " two lex")),
        "scoreless turns"
    );
    assert_eq!(field(&MIDGAME.replace("NWL20;", "NWL20")), "operations");
    let message = MIDGAME
        .replace("5HORN6", "5HORN7")
        .parse::<Cgp>()
        .unwrap_err()
        .to_string();
    assert!(message.starts_with("CGP board row 8: "), "{message}");
}

fn game_at(cgp: &str) -> Game {
    let rules = Arc::new(Rules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
    Game::from_cgp(rules, lexicon, &cgp.parse().unwrap(), 1).unwrap()
}

fn refusal(game: &Game, typed: &str) -> IllegalMove {
    let action = Move::parse(typed, game.board()).unwrap();
    game.check(&action).unwrap_err()
}

#[test]
fn each_kind_of_illegal_move_is_refused_with_its_reason() {
    let empty = game_at("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 CATSXYZ/ 0/0 0");
    assert_eq!(refusal(&empty, "1A CAT"), IllegalMove::MissesCentre);
    assert_eq!(
        refusal(&empty, "2B CATS").to_string(),
        "the first word must cover the centre square"
    );
    assert!(matches!(
        refusal(&empty, "8H DOG"),
        IllegalMove::NotOnRack { .. }
    ));
    assert_eq!(
        refusal(&empty, "8G TACX"),
        IllegalMove::NotAWord {
            word: "TACX".into()
        }
    );
    assert!(
        Move::parse("8N CATS", empty.board())
            .unwrap_err()
            .to_string()
            .contains("runs off the board")
    );
    let mut off = engine::scrabble::Placement::new(engine::scrabble::Direction::Across, 7, 13);
    off.len = 4;
    assert_eq!(
        empty.check(&Move::Place(off)).unwrap_err(),
        IllegalMove::OffBoard
    );
    let game = game_at("15/15/15/15/15/15/15/5HORN6/15/15/15/15/15/15/15 CATSXYZ/ 0/0 0");
    assert_eq!(refusal(&game, "1A CAT"), IllegalMove::NotConnected);
    assert_eq!(
        refusal(&game, "8C CAT"),
        IllegalMove::WordContinues {
            square: "F8".into()
        }
    );
    assert_eq!(refusal(&game, "9A CATS"), IllegalMove::NotConnected);
    assert_eq!(
        refusal(&game, "9H ZAX"),
        IllegalMove::NotAWord { word: "RZ".into() }
    );
    assert_eq!(refusal(&game, "8F (HORN)").to_string(), "no tile is placed");
    assert!(matches!(
        refusal(&game, "exchange QQ"),
        IllegalMove::NotOnRack { .. }
    ));
    assert_eq!(
        game.check(&Move::Exchange(engine::scrabble::Rack::EMPTY))
            .unwrap_err(),
        IllegalMove::EmptyExchange
    );
    // An endgame position: only 3 tiles left in the bag, so no exchange.
    let endgame_board = "AAAAABCDDDEEEEE/EEEEEFFGGHIIIII/IIIJKLLLMMNNNNN/OOOOOOOPPQRRRRR/SSSTTTTTUUUUVVW/WY13/15/5HORN6/15/15/15/15/15/15/15";
    let endgame = game_at(&format!("{endgame_board} CATSXYZ/BDEEGIL 0/0 0"));
    assert!(endgame.bag_len() < 7, "{}", endgame.bag_len());
    assert!(matches!(
        refusal(&endgame, "exchange XYZ"),
        IllegalMove::BagTooSmall { .. }
    ));
    // Commands are read in any case; a bare exchange, or a pass with more, says what is wrong.
    let board = game.board();
    assert_eq!(Move::parse("Pass", board).unwrap(), Move::Pass);
    assert_eq!(
        Move::parse("EXCHANGE CD", board).unwrap(),
        Move::Exchange(engine::scrabble::Rack::parse("CD").unwrap())
    );
    let refused = |text: &str| Move::parse(text, board).unwrap_err().to_string();
    assert!(refused("exchange").contains("`exchange` needs the tiles to return"));
    assert!(refused("pass extra").contains("`pass` takes nothing after it"));
    assert!(refused("exchange C D").contains("the tiles written together"));
    // A typed move over a square that holds another letter is refused when read.
    assert_eq!(
        Move::parse("8F HAT", game.board()).unwrap_err().problem,
        "G8 already holds O"
    );
    // As is one with no letters (found by bots/tests/bad_input.rs's soak: "A1 (" read as a
    // placement of nothing, whose notation did not read back).
    for empty_word in ["A1 (", "8H ()", "8H <"] {
        let error = Move::parse(empty_word, game.board())
            .unwrap_err()
            .to_string();
        assert!(error.contains("no letters after the coordinate"), "{error}");
    }
}
