//! Bad input never panics: random text, and good text with a few typos in it, given to every
//! reader of positions, moves, racks and data files comes back as a value or as an error that
//! names the field, or the file and a line that exists; and data that reads and passes its
//! game's check plays a game to its end. (Here rather than in the engine's tests because the
//! games are played by bots.)

use bots::Settings;
use bots::registry::Registered;
use bots::seating::seat_table;
use engine::play::play_out;
use std::sync::{Arc, OnceLock};

use engine::cardgame::actions::{DEFAULT_ACTIONS, parse_actions};
use engine::cardgame::rules::DEFAULT_CARD_RULES;
use engine::cardgame::rummy::{DEFAULT_ROUNDS, parse_rounds};
use engine::cardgame::{CardGame, CardRules, RummyGame, Variant};
use engine::data::ranges::numbers_in;
use engine::data::{DataError, NumbersFile, Source, path_text};
use engine::hogwarts::rules::{DEFAULT_HP_BOARD, DEFAULT_HP_RULES};
use engine::hogwarts::{HpGame, HpRules};
use engine::monopoly::board::DEFAULT_BOARD as DEFAULT_MONOPOLY_BOARD;
use engine::monopoly::owl_post::{DEFAULT_OWL_POST, parse_cards};
use engine::monopoly::rules::DEFAULT_MONOPOLY_RULES;
use engine::monopoly::{Board as MonopolyBoard, Monopoly, MonopolyRules};
use engine::scrabble::layout::DEFAULT_BOARD;
use engine::scrabble::rules::DEFAULT_RULES;
use engine::scrabble::tiles::DEFAULT_TILES;
use engine::scrabble::{Board, Cgp, Game, Layout, Move, Rack, Rules, TileSet};
use engine::shipped::SHIPPED_TOML;
use lexicon::{Dictionary, DictionaryError, Edition, Lexicon, OnBadLine};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestRunner;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// Characters a typo brings into a data file or a typed position: syntax, digits, letters,
/// signs, a line break, and one character outside ASCII.
const TYPED: &[char] = &[
    '0', '1', '7', '9', '-', '+', '.', '=', '"', '[', ']', '{', '}', '#', ',', '/', ' ', '\n', 'a',
    'q', 'Z', '?', '_', 'é',
];

/// One typo: a character deleted, inserted or replaced, or a line deleted, doubled or swapped.
#[derive(Debug, Clone)]
enum Typo {
    Delete(Index),
    Insert(Index, char),
    Replace(Index, char),
    DeleteLine(Index),
    DoubleLine(Index),
    SwapLines(Index, Index),
}

fn typo() -> impl Strategy<Value = Typo> {
    let typed = || proptest::sample::select(TYPED);
    prop_oneof![
        any::<Index>().prop_map(Typo::Delete),
        (any::<Index>(), typed()).prop_map(|(at, c)| Typo::Insert(at, c)),
        (any::<Index>(), typed()).prop_map(|(at, c)| Typo::Replace(at, c)),
        any::<Index>().prop_map(Typo::DeleteLine),
        any::<Index>().prop_map(Typo::DoubleLine),
        (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Typo::SwapLines(a, b)),
    ]
}

fn typos() -> impl Strategy<Value = Vec<Typo>> {
    prop::collection::vec(typo(), 1..4)
}

/// `text` with `typos` made in it, in order.
fn with_typos(text: &str, typos: &[Typo]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for typo in typos {
        let mut lines: Vec<String> = chars
            .split(|&c| c == '\n')
            .map(|line| line.iter().collect())
            .collect();
        match typo {
            Typo::Delete(at) if !chars.is_empty() => {
                chars.remove(at.index(chars.len()));
            }
            Typo::Insert(at, c) => chars.insert(at.index(chars.len() + 1), *c),
            Typo::Replace(at, c) if !chars.is_empty() => {
                let at = at.index(chars.len());
                chars[at] = *c;
            }
            Typo::DeleteLine(at) => {
                lines.remove(at.index(lines.len()));
                chars = lines.join("\n").chars().collect();
            }
            Typo::DoubleLine(at) => {
                let at = at.index(lines.len());
                lines.insert(at, lines[at].clone());
                chars = lines.join("\n").chars().collect();
            }
            Typo::SwapLines(a, b) => {
                let count = lines.len();
                lines.swap(a.index(count), b.index(count));
                chars = lines.join("\n").chars().collect();
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// A data file's error names the file it was given and, where it has a place, a line of it.
fn names_its_place(result: Result<(), DataError>, file: &str, text: &str) -> Result<(), String> {
    let Err(error) = result else {
        return Ok(());
    };
    if error.file != file {
        return Err(format!("names {:?}, not {file:?}: {error}", error.file));
    }
    let lines = text.lines().count().max(1);
    match error.place {
        Some(place) if place.line == 0 || place.line > lines + 1 => Err(format!(
            "line {} of a file of {lines} lines: {error}",
            place.line
        )),
        _ if error.message.is_empty() => Err(format!("no message: {error}")),
        _ => Ok(()),
    }
}

/// The errors a whole rules set's check gives name some file and say what is wrong.
fn says_what(result: Result<(), DataError>) -> Result<(), String> {
    match result {
        Err(error) if error.file.is_empty() || error.message.is_empty() => {
            Err(format!("an error naming nothing: {error:?}"))
        }
        _ => Ok(()),
    }
}

const FILE: &str = "edited.txt";

/// The lexicons the games play with, loaded once.
fn lexicon(edition: Edition) -> Arc<Lexicon> {
    static PLAIN: OnceLock<Arc<Lexicon>> = OnceLock::new();
    static HARRY_POTTER: OnceLock<Arc<Lexicon>> = OnceLock::new();
    let cell = match edition {
        Edition::Plain => &PLAIN,
        Edition::HarryPotter => &HARRY_POTTER,
    };
    cell.get_or_init(|| Arc::new(Lexicon::embedded(edition)))
        .clone()
}

/// Plays `game` to its end between the bots `names`.
fn played<G: Registered>(mut game: G, names: &[&str], seed: u64) -> Result<(), String> {
    let mut seats = seat_table(names, seed, &Settings::default(), None).unwrap();
    play_out(&mut game, &mut seats, |_| {}).map_err(|e| e.to_string())?;
    Ok(())
}

/// A two-player crossword game on `rules`, `greedy` against `random`, played to its end.
fn crossword_game(rules: Rules, seed: u64) -> Result<(), String> {
    let game = Game::new(Arc::new(rules), lexicon(Edition::Plain), 2, seed)
        .map_err(|e| format!("no game: {e}"))?;
    played(game, &["greedy", "random"], seed)
}

/// The same in the Harry Potter edition, `cards` against `random`.
fn hp_game(rules: HpRules, seed: u64) -> Result<(), String> {
    let game = HpGame::sorted(Arc::new(rules), lexicon(Edition::HarryPotter), 2, seed)
        .map_err(|e| format!("no game: {e}"))?;
    played(game, &["cards", "random"], seed)
}

/// A three-player Monopoly game on `rules`, played to its end.
fn monopoly_game(rules: MonopolyRules, seed: u64) -> Result<(), String> {
    let game = Monopoly::sorted(Arc::new(rules), 3, seed).map_err(|e| format!("no game: {e}"))?;
    played(game, &["heuristic", "random", "random"], seed)
}

/// A two-player card game on `rules` (Rummy's rounds, or Forfeit's tables), played to its end.
fn card_game(rules: CardRules, seed: u64) -> Result<(), String> {
    let lexicon = lexicon(Edition::Plain);
    let rules = Arc::new(rules);
    if rules.variant == Variant::Rummy {
        let game = RummyGame::new(rules, lexicon, 2, seed).map_err(|e| e.to_string())?;
        return played(game, &["greedy", "random"], seed);
    }
    let game = CardGame::new(rules, lexicon, 2, seed).map_err(|e| e.to_string())?;
    played(game, &["greedy", "random"], seed)
}

/// The rules one data file makes, with the rest of its game's standard rules.
enum Built {
    Crossword(Rules),
    HarryPotter(HpRules),
    Monopoly(MonopolyRules),
    Cards(CardRules),
}

/// Reads `text` as data file `which` of [`DATA`], as the `owlery` command line reads a user's
/// copy: the rules it makes, or `None` for an error that names its place.
fn read(which: usize, text: &str) -> Result<Option<Built>, String> {
    match build(which, text) {
        Ok(built) => Ok(Some(built)),
        Err(error) if error.file == FILE => names_its_place(Err(error), FILE, text).map(|()| None),
        // The Owl Post cards, read against an edited board.
        Err(error) => says_what(Err(error)).map(|()| None),
    }
}

/// The rules data file `which` of [`DATA`] makes with `text`, or its error.
fn build(which: usize, text: &str) -> Result<Built, DataError> {
    let crossword = Rules::standard;
    let cards = |variant| CardRules {
        variant,
        ..CardRules::standard()
    };
    Ok(match which {
        0 => Built::Crossword(Rules {
            layout: Layout::parse(text, FILE)?,
            ..crossword()
        }),
        1 => Built::Crossword(Rules {
            tiles: TileSet::parse(text, FILE)?,
            ..crossword()
        }),
        2 => Built::Crossword(Rules {
            numbers: crossword().numbers.overlay(text, FILE)?,
            ..crossword()
        }),
        3 => Built::HarryPotter(HpRules {
            numbers: HpRules::standard().numbers.overlay(text, FILE)?,
            ..HpRules::standard()
        }),
        4 => {
            let mut rules = HpRules::standard();
            rules.crossword.layout = Layout::parse(text, FILE)?;
            Built::HarryPotter(rules)
        }
        5 => {
            let board = MonopolyBoard::parse(text, FILE)?;
            // The Owl Post cards name spaces of the board they are read against.
            let cards = parse_cards(DEFAULT_OWL_POST, "owl_post.toml", &board)?;
            Built::Monopoly(MonopolyRules {
                board,
                cards,
                ..MonopolyRules::standard()
            })
        }
        6 => {
            let rules = MonopolyRules::standard();
            Built::Monopoly(MonopolyRules {
                cards: parse_cards(text, FILE, &rules.board)?,
                ..rules
            })
        }
        7 => Built::Monopoly(MonopolyRules {
            numbers: MonopolyRules::standard().numbers.overlay(text, FILE)?,
            ..MonopolyRules::standard()
        }),
        8 => Built::Cards(CardRules {
            actions: parse_actions(text, FILE)?,
            ..cards(Variant::Forfeit)
        }),
        9 => Built::Cards(CardRules {
            numbers: CardRules::standard().numbers.overlay(text, FILE)?,
            ..cards(Variant::Forfeit)
        }),
        _ => Built::Cards(CardRules {
            rummy_rounds: parse_rounds(text, FILE)?,
            ..cards(Variant::Rummy)
        }),
    })
}

/// Reads `text` as data file `which` of [`DATA`]: an error must name its place; rules that
/// read must pass their game's check or say what is wrong; and rules that pass must play a
/// game to its end.
fn read_and_play(which: usize, text: &str, seed: u64) -> Result<(), String> {
    match read(which, text)? {
        Some(built) => check_and_play(built, seed),
        None => Ok(()),
    }
}

/// Rules that read must pass their game's check or say what is wrong; rules that pass must
/// play a game to its end.
fn check_and_play(built: Built, seed: u64) -> Result<(), String> {
    let check = match &built {
        Built::Crossword(rules) => rules.check(),
        Built::HarryPotter(rules) => rules.check(),
        Built::Monopoly(rules) => rules.check(),
        // The card game's numbers are checked as they are read.
        Built::Cards(_) => Ok(()),
    };
    says_what(check.clone())?;
    if check.is_err() {
        return Ok(());
    }
    match built {
        Built::Crossword(rules) => crossword_game(rules, seed),
        Built::HarryPotter(rules) => hp_game(rules, seed),
        Built::Monopoly(rules) => monopoly_game(rules, seed),
        Built::Cards(rules) => card_game(rules, seed),
    }
}

/// The embedded text of each data file `read_and_play` reads, in its order.
const DATA: [&str; 11] = [
    DEFAULT_BOARD,
    DEFAULT_TILES,
    DEFAULT_RULES,
    DEFAULT_HP_RULES,
    DEFAULT_HP_BOARD,
    DEFAULT_MONOPOLY_BOARD,
    DEFAULT_OWL_POST,
    DEFAULT_MONOPOLY_RULES,
    DEFAULT_ACTIONS,
    DEFAULT_CARD_RULES,
    DEFAULT_ROUNDS,
];

#[test]
fn every_embedded_data_file_reads_checks_and_plays() {
    for (which, text) in DATA.iter().enumerate() {
        let result = read_and_play(which, text, 1);
        assert!(result.is_ok(), "file {which}: {result:?}");
    }
}

/// A word list of a few hundred words of every length: every 400th word of the embedded list.
fn small_word_list() -> String {
    let mut words = Vec::new();
    lexicon(Edition::Plain)
        .for_each_word(|word| words.push(String::from_utf8_lossy(word).into_owned()));
    words
        .into_iter()
        .step_by(400)
        .collect::<Vec<_>>()
        .join("\n")
}

/// A user's word list read as `--lexicon` reads it: refused naming a line it has, or (with
/// bad lines skipped, as `--skip-invalid` does) a lexicon a crossword game plays to its end.
fn word_list_reads_and_plays(text: &str, skip: bool, seed: u64) -> Result<(), String> {
    let path = std::path::Path::new("edited-words.txt");
    let on_bad = if skip {
        OnBadLine::Skip
    } else {
        OnBadLine::Fail
    };
    let dictionary = match Dictionary::compile_text(text, path, on_bad) {
        Ok(compiled) => compiled.dictionary,
        Err(DictionaryError::BadLine { path: named, bad }) => {
            let lines = text.lines().count().max(1);
            return if named != path || bad.line == 0 || bad.line > lines {
                Err(format!("{}: line {} of {lines}", named.display(), bad.line))
            } else {
                Ok(())
            };
        }
        Err(DictionaryError::Empty { .. }) => return Ok(()),
        Err(other) => return Err(format!("unexpected: {other}")),
    };
    let lexicon = Lexicon::new(dictionary, Edition::Plain).map_err(|e| e.to_string())?;
    let game = Game::new(Arc::new(Rules::standard()), Arc::new(lexicon), 2, seed)
        .map_err(|e| format!("no game: {e}"))?;
    played(game, &["greedy", "random"], seed)
}

/// A midgame position with a blank on the board, two racks, scores and an operation.
const MIDGAME: &str =
    "15/15/15/15/15/7F7/7A7/5HORN6/7M7/5PAStE5/15/15/15/15/15 BOQVXYZ/ABC 48/0 2 lex NWL20;";

/// The fields a CGP error may name.
fn is_cgp_field(field: &str) -> bool {
    ["board", "racks", "scores", "scoreless turns", "operations"].contains(&field)
        || field
            .strip_prefix("board row ")
            .and_then(|row| row.parse::<usize>().ok())
            .is_some_and(|row| (1..=15).contains(&row))
}

/// A CGP read is written back the way it reads again, or refused naming a field.
fn reads_back_or_names_a_field(text: &str) -> Result<(), TestCaseError> {
    match text.parse::<Cgp>() {
        Ok(cgp) => {
            let written = cgp.to_string();
            let again: Cgp = written
                .parse()
                .map_err(|e| TestCaseError::fail(format!("{written:?} does not read: {e}")))?;
            prop_assert_eq!(again.to_string(), written);
        }
        Err(error) => prop_assert!(is_cgp_field(&error.field), "{:?}", error),
    }
    Ok(())
}

/// Checks `check` on `cases` values drawn from `strategy`; a failure panics with the
/// smallest failing value proptest finds.
fn property<S: Strategy>(
    cases: u32,
    strategy: S,
    check: impl Fn(S::Value) -> Result<(), TestCaseError>,
) {
    // Failures are not saved to a file: the smallest failing value is in the panic message.
    let config = ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let mut runner = TestRunner::new(config);
    if let Err(error) = runner.run(&strategy, check) {
        panic!("{error}");
    }
}

fn data_files_with_typos(cases: u32) {
    property(
        cases,
        (0..DATA.len(), typos(), 0..1000u64),
        |(which, typos, seed)| {
            let text = with_typos(DATA[which], &typos);
            read_and_play(which, &text, seed)
                .map_err(|problem| TestCaseError::fail(format!("file {which}: {problem}\n{text}")))
        },
    );
}

fn cgps_with_typos(cases: u32) {
    property(cases, typos(), |typos| {
        reads_back_or_names_a_field(&with_typos(MIDGAME, &typos))
    });
}

fn any_text_as_a_cgp(cases: u32) {
    property(cases, "\\PC{0,120}", |text| {
        reads_back_or_names_a_field(&text)
    });
}

fn any_text_as_a_move_or_a_rack(cases: u32) {
    let board: Board = MIDGAME.parse::<Cgp>().unwrap().board;
    property(cases, "[A-Za-z0-9?()<>. -]{0,24}", |text| {
        if let Ok(parsed) = Move::parse(&text, &board) {
            // What was read is written in notation that reads as the same move.
            let written = parsed.notation(&board);
            prop_assert_eq!(
                Move::parse(&written, &board).ok(),
                Some(parsed),
                "{}",
                written
            );
        }
        if let Ok(rack) = Rack::parse(&text) {
            prop_assert_eq!(Rack::parse(&rack.to_string()).ok(), Some(rack));
        }
        Ok(())
    });
}

fn word_lists_with_typos(cases: u32) {
    let words = small_word_list();
    property(
        cases,
        (typos(), any::<bool>(), 0..1000u64),
        |(typos, skip, seed)| {
            word_list_reads_and_plays(&with_typos(&words, &typos), skip, seed)
                .map_err(TestCaseError::fail)
        },
    );
}

#[test]
fn a_data_file_with_typos_is_refused_or_plays() {
    data_files_with_typos(1000);
}

#[test]
fn a_cgp_with_typos_reads_back_or_names_a_field() {
    cgps_with_typos(1000);
}

#[test]
fn any_text_as_a_cgp_reads_back_or_names_a_field() {
    any_text_as_a_cgp(1000);
}

#[test]
fn any_text_as_a_move_or_a_rack_is_a_value_or_an_error() {
    any_text_as_a_move_or_a_rack(1000);
}

#[test]
fn a_word_list_with_typos_is_refused_or_plays() {
    // Each case compiles a word list and its graphs: fewer cases.
    word_lists_with_typos(150);
}

/// The ends of what a number in a data file could be written as: zero, negative, and the
/// largest 32-bit, unsigned 32-bit and unsigned 64-bit values.
const EXTREMES: [&str; 5] = [
    "0",
    "-1",
    "2147483647",
    "4294967295",
    "18446744073709551615",
];

/// The longest one case may take, reading its rules and (with `play`) playing its game: far
/// beyond any game's seconds, and far short of a hang.
const CASE_LIMIT: Duration = Duration::from_secs(120);

/// `work`'s answer, or what went wrong: a panic, or no answer within [`CASE_LIMIT`].
fn within_limit<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Result<T, String> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(work());
    });
    match receiver.recv_timeout(CASE_LIMIT) {
        Ok(answer) => answer,
        Err(RecvTimeoutError::Timeout) => Err(format!("no answer within {CASE_LIMIT:?}")),
        Err(RecvTimeoutError::Disconnected) => Err("panicked".to_string()),
    }
}

/// Every number of every shipped TOML file, set in turn to each of [`EXTREMES`] and to each
/// end of its range: a value
/// outside the number's range is refused naming the key and the range; one inside is read
/// (and, with `play`, checked and played to the end) or refused saying what is wrong; no case
/// panics or passes [`CASE_LIMIT`]. Returns the cases and how many read.
fn every_number_at_its_extremes(play: bool) -> (usize, usize) {
    let (mut cases, mut read_cases) = (0, 0);
    for (which, &text) in DATA.iter().enumerate() {
        let Some(file) = SHIPPED_TOML.iter().find(|file| file.text == text) else {
            continue;
        };
        let document = Source::new(text, file.name).document().unwrap();
        for (path, span) in numbers_in(document.get_ref()) {
            let key = path_text(&path);
            let range = file.ranges.iter().find(|range| range.matches(&path));
            let range = range.unwrap_or_else(|| panic!("{}: {key} has no range", file.name));
            let ends = [range.least.to_string(), range.most.to_string()];
            for extreme in EXTREMES
                .iter()
                .copied()
                .chain(ends.iter().map(String::as_str))
            {
                cases += 1;
                let edited = format!("{}{extreme}{}", &text[..span.start], &text[span.end..]);
                let inside = extreme
                    .parse::<i128>()
                    .is_ok_and(|value| (range.least.into()..=range.most.into()).contains(&value));
                let case = format!("{} {key} = {extreme}", file.name);
                let key = key.clone();
                let answer = within_limit(move || match build(which, &edited) {
                    Err(error) if !inside => {
                        let wanted = format!("{key}: expected {} to {}", range.least, range.most);
                        match error.to_string().contains(&wanted) {
                            true => Ok(false),
                            false => Err(format!("refused without {wanted:?}: {error}")),
                        }
                    }
                    Ok(_) if !inside => Err("read, outside its range".to_string()),
                    Err(error) => names_its_place(Err(error), FILE, &edited).map(|()| false),
                    Ok(built) if play => check_and_play(built, 1).map(|()| true),
                    Ok(_) => Ok(true),
                });
                match answer {
                    Ok(read) => read_cases += usize::from(read),
                    Err(problem) => panic!("{case}: {problem}"),
                }
            }
        }
    }
    (cases, read_cases)
}

#[test]
fn every_number_at_its_extremes_is_refused_by_key_and_range_or_read() {
    let (cases, read) = every_number_at_its_extremes(false);
    // Every number of the eight files, seven values each.
    assert!(cases > 1_000, "{cases}");
    assert!(read > 0 && read < cases / 2, "{read} of {cases}");
}

#[test]
#[ignore = "soak: every number of every shipped file at its extremes, each read played to its end"]
fn soak_every_number_at_its_extremes() {
    let started = std::time::Instant::now();
    let (cases, read) = every_number_at_its_extremes(true);
    eprintln!(
        "{cases} cases, {read} read and played to the end, in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

#[test]
#[ignore = "soak: every reader above on 20 to 50 times the cases (cargo test --release -- --ignored)"]
fn soak_bad_input_in_every_reader() {
    data_files_with_typos(50_000);
    cgps_with_typos(50_000);
    any_text_as_a_cgp(50_000);
    any_text_as_a_move_or_a_rack(50_000);
    word_lists_with_typos(3_000);
}
