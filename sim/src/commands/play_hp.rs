//! `owlery play scrabble-hp`: a Harry Potter game between bots and people at the terminal.
//!
//! A person's seat reads commands from standard input (a script drives it just as well): a
//! move in standard notation, `exchange TILES`, `pass`, `card NAME [ARGS]`, `hint`,
//! `challenge`, `help`, `quit`. A typo or an illegal move is explained and the prompt returns.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::bail;
use bots::hogwarts::{HpBot, hp_bot_by_name};
use engine::hogwarts::{Card, CardPlay, House, HpError, HpGame, TurnReport};
use engine::scrabble::{IllegalMove, Move, MoveGen, Placement, Rack, SIZE};

use super::setup::{game_lexicon, hp_rules};
use crate::cli::{GameArg, PlayArgs};
use crate::render::{self, Style};

/// Who plays a seat.
enum Seat {
    /// A person at the terminal.
    Person,
    /// A bot.
    Bot(Box<dyn HpBot>),
}

const HELP: &str = "\
commands:
  8H WORD            a move: row 8 from column H across (H8 = down); letters already on the
                     board in parentheses or as '.', a blank as a lower-case letter;
                     after card confundo, 8G <TAC lays TAC and reads it backwards (CAT)
  exchange TILES     swap tiles with the bag (? for a blank), e.g. exchange QV
  pass               do nothing this turn
  card NAME [ARGS]   play a Hogwarts card before your move: revelio, reparo, rictusempra,
                     felix_felicis, gemino, engorgio, harry_potter (and the other Bonus cards),
                     expelliarmus PLAYER, veritaserum PLAYER LETTER GIVE, alohomora SQUARE,
                     transfiguration TILES
  hint               the five best-scoring moves for your rack
  challenge          challenge the last word a bot played (it stands if it is a word: you lose points)
  help               this list
  quit               leave the game";

/// The outcome of reading one turn from a person.
enum Turn {
    Played(TurnReport),
    Quit,
}

/// Reads a card name: the rules key, any case, with or without separators.
fn parse_card(name: &str) -> Option<Card> {
    let wanted: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    Card::ALL
        .into_iter()
        .find(|card| card.key().replace('_', "") == wanted)
}

/// Reads a square such as `H8` (column, row).
fn parse_square(text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let column = chars.next()?.to_ascii_uppercase();
    let row: usize = chars.as_str().parse().ok()?;
    let col = (column as u8).checked_sub(b'A')? as usize;
    (col < SIZE && (1..=SIZE).contains(&row)).then(|| (row - 1) * SIZE + col)
}

/// Reads `card NAME [ARGS]` into a card play for `seat`.
pub(crate) fn parse_card_play(words: &[&str], players: usize) -> Result<CardPlay, String> {
    let name = words
        .first()
        .ok_or("card needs a name: card revelio, card expelliarmus 2, ...")?;
    let card = parse_card(name).ok_or_else(|| format!("{name:?} is not a Hogwarts card"))?;
    let player = |text: Option<&&str>| -> Result<usize, String> {
        let text = text.ok_or(format!("{card} needs a player number, e.g. card {card} 2"))?;
        match text.parse::<usize>() {
            Ok(n) if (1..=players).contains(&n) => Ok(n - 1),
            _ => Err(format!("{text:?} is not a player number 1 to {players}")),
        }
    };
    let tile = |text: Option<&&str>, what: &str| -> Result<usize, String> {
        let text = text.ok_or(format!("{card} needs {what}"))?;
        match Rack::parse(text) {
            Ok(rack) if rack.len() == 1 => Ok(rack.kinds().next().expect("one tile")),
            _ => Err(format!("{text:?} is not one tile ({what})")),
        }
    };
    Ok(match card {
        Card::Veritaserum => {
            let target = player(words.get(1))?;
            let letter = tile(words.get(2), "the letter you ask for")?;
            if letter >= 26 {
                return Err("ask for a letter, not the blank".into());
            }
            let give = tile(words.get(3), "the tile you give in exchange")?;
            CardPlay::Veritaserum {
                target,
                letter: letter as u8,
                give,
            }
        }
        Card::FelixFelicis => CardPlay::FelixFelicis,
        Card::HarryPotter | Card::TomMarvoloRiddle | Card::RonWeasley | Card::Buckbeak => {
            CardPlay::Bonus(card)
        }
        Card::Revelio => CardPlay::Revelio,
        Card::Expelliarmus => CardPlay::Expelliarmus {
            target: player(words.get(1))?,
        },
        Card::Rictusempra => CardPlay::Rictusempra,
        Card::Alohomora => {
            let text = words
                .get(1)
                .ok_or("alohomora needs the blank's square, e.g. card alohomora H8")?;
            CardPlay::Alohomora {
                square: parse_square(text).ok_or(format!("{text:?} is not a square such as H8"))?,
            }
        }
        Card::Gemino => CardPlay::Gemino,
        Card::Engorgio => CardPlay::Engorgio,
        Card::Transfiguration => {
            let text = words
                .get(1)
                .ok_or("transfiguration needs the tiles to exchange")?;
            CardPlay::Transfiguration {
                tiles: Rack::parse(text).map_err(|e| e.to_string())?,
            }
        }
        Card::Confundo => CardPlay::Confundo,
        Card::Reparo => CardPlay::Reparo,
        other => {
            return Err(format!(
                "{other} is a Competition card: it scored when drawn"
            ));
        }
    })
}

/// The state a person sees before moving.
fn show(
    out: &mut impl Write,
    game: &HpGame,
    seat: usize,
    names: &[String],
    style: Style,
) -> std::io::Result<()> {
    let core = game.core();
    writeln!(
        out,
        "\n{}",
        render::styled_board(core.board(), &core.rules().layout, style)
    )?;
    for (s, name) in names.iter().enumerate() {
        let marker = if s == seat { "*" } else { " " };
        let cards = game.piles().hands[s].len();
        writeln!(
            out,
            "{marker} player {} {:<10} {:<8} {:>4}  cards held: {cards}",
            s + 1,
            game.houses()[s].name(),
            name,
            core.scores()[s]
        )?;
    }
    let hand: Vec<&str> = game.piles().hands[seat].iter().map(|c| c.key()).collect();
    writeln!(
        out,
        "bag: {} tiles   your rack: {}   your cards: {}",
        core.bag_len(),
        core.rack(seat),
        hand.join(", ")
    )
}

pub(crate) fn turn_line(game: &HpGame, names: &[String], report: &TurnReport) -> String {
    let core = game.core();
    let turn = core.history().last().expect("a turn was played");
    let action = match turn.action {
        Move::Place(placement) => placement.notation(core.board()),
        other => other.notation(core.board()),
    };
    let mut line = format!(
        "player {} ({}, {}): {action} {:+}",
        turn.seat + 1,
        game.houses()[turn.seat],
        names[turn.seat],
        report.score
    );
    if let Some(card) = report.card_played {
        line += &format!(" [played {card}]");
    }
    if !report.glossary_words.is_empty() {
        line += &format!(" [Glossary: {}]", report.glossary_words.join(", "));
    }
    if !report.cards_drawn.is_empty() {
        line += &format!(" [drew {} card(s)]", report.cards_drawn.len());
    }
    line
}

/// The five highest-scoring placements for `seat`'s rack, ties in canonical order: the
/// terminal's and the web page's hints.
pub fn hints(game: &HpGame, seat: usize) -> Vec<(i32, Placement)> {
    let core = game.core();
    let mut moves = Vec::new();
    MoveGen::new().generate(
        core.board(),
        core.rules(),
        core.lexicon(),
        core.rack(seat),
        |c| moves.push((c.score(), c.placement())),
    );
    moves.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    moves.truncate(5);
    moves
}

/// The tiles to return after Engorgio, asked of the person until valid.
fn ask_discard(
    out: &mut impl Write,
    input: &mut impl Iterator<Item = String>,
    needed: usize,
) -> anyhow::Result<Option<Rack>> {
    loop {
        write!(out, "discard {needed} tiles> ")?;
        out.flush()?;
        let Some(line) = input.next() else {
            return Ok(None);
        };
        match Rack::parse(line.trim()) {
            Ok(rack) if rack.len() == needed => return Ok(Some(rack)),
            Ok(_) => writeln!(out, "give exactly {needed} tiles")?,
            Err(error) => writeln!(out, "{error}")?,
        }
    }
}

/// One person's turn: commands until a move is made, or quit.
fn person_turn(
    out: &mut impl Write,
    input: &mut impl Iterator<Item = String>,
    game: &mut HpGame,
    names: &[String],
    style: Style,
    challengeable: &mut Option<usize>,
) -> anyhow::Result<Turn> {
    let seat = game.core().to_move();
    show(out, game, seat, names, style)?;
    loop {
        write!(out, "player {}> ", seat + 1)?;
        out.flush()?;
        let Some(line) = input.next() else {
            return Ok(Turn::Quit);
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().map(|w| w.to_ascii_lowercase()).as_deref() {
            None => continue,
            Some("help") => writeln!(out, "{HELP}")?,
            Some("quit") => return Ok(Turn::Quit),
            Some("hint") => {
                let hints = hints(game, seat);
                if hints.is_empty() {
                    writeln!(out, "no move places tiles: exchange or pass")?;
                }
                for (score, placement) in hints {
                    writeln!(
                        out,
                        "  {:<20} {score}",
                        placement.notation(game.core().board())
                    )?;
                }
            }
            Some("challenge") => match challengeable.take() {
                Some(bot_seat) => {
                    let penalty = game.rules().numbers.challenge_penalty;
                    game.add_points(seat, -penalty);
                    writeln!(
                        out,
                        "player {}'s words are in the lexicon: they stand, and you lose {penalty} points",
                        bot_seat + 1
                    )?;
                }
                None => writeln!(out, "there is no bot's word to challenge now")?,
            },
            Some("card") => match parse_card_play(&words[1..], game.core().players()) {
                Ok(play) => match game.play_card(play) {
                    Ok(points) => {
                        writeln!(
                            out,
                            "played {}{}",
                            play.card(),
                            if points != 0 {
                                format!(" ({points:+} points)")
                            } else {
                                String::new()
                            }
                        )?;
                        show(out, game, seat, names, style)?;
                    }
                    Err(error) => writeln!(out, "{error}")?,
                },
                Err(message) => writeln!(out, "{message}")?,
            },
            Some(_) => {
                let action = match Move::parse(&line, game.core().board()) {
                    Ok(action) => action,
                    Err(error) => {
                        writeln!(out, "{error}; type help for the commands")?;
                        continue;
                    }
                };
                *challengeable = None;
                let needed = game.discard_needed(&action);
                let discard = if needed > 0 {
                    match ask_discard(out, input, needed)? {
                        Some(discard) => discard,
                        None => return Ok(Turn::Quit),
                    }
                } else {
                    Rack::EMPTY
                };
                match game.play_turn(action, discard) {
                    Ok(report) => return Ok(Turn::Played(report)),
                    Err(HpError::Illegal(IllegalMove::NotAWord { word })) => {
                        // Rule 8: the bots challenge; the tiles go back and the turn is lost.
                        writeln!(
                            out,
                            "challenged: {word} is not a word; your tiles go back and you lose the turn"
                        )?;
                        let mut kept = Rack::EMPTY;
                        let over = game.discard_needed(&Move::Pass);
                        if over > 0 {
                            kept = match ask_discard(out, input, over)? {
                                Some(discard) => discard,
                                None => return Ok(Turn::Quit),
                            };
                        }
                        match game.play_turn(Move::Pass, kept) {
                            Ok(report) => return Ok(Turn::Played(report)),
                            Err(error) => writeln!(out, "{error}")?,
                        }
                    }
                    Err(error) => writeln!(out, "{error}")?,
                }
            }
        }
    }
}

/// The Harry Potter events of a turn, as GCG note lines.
pub(crate) fn report_notes(report: &TurnReport) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(card) = report.card_played {
        notes.push(format!("card played {card} {:+}", report.card_points));
    }
    if report.glossary_points != 0 {
        notes.push(format!(
            "glossary {} {:+}",
            report.glossary_words.join(" "),
            report.glossary_points
        ));
    }
    for card in &report.cards_drawn {
        notes.push(format!("card drawn {card}"));
    }
    if report.competition_points != 0 {
        notes.push(format!("competition {:+}", report.competition_points));
    }
    notes
}

/// Runs `owlery play scrabble-hp`.
pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let rules = hp_rules(&args.data)?;
    let lexicon = game_lexicon(GameArg::ScrabbleHp, &args.lexicon)?;
    let mut seats = Vec::new();
    for (seat, name) in args.bots.iter().enumerate() {
        seats.push(if name == "human" {
            Seat::Person
        } else {
            let mut bot = hp_bot_by_name(name, 0)?;
            bot.start_game(args.seed.wrapping_mul(31).wrapping_add(seat as u64));
            Seat::Bot(bot)
        });
    }
    let players = seats.len();
    let mut game = if args.houses.is_empty() {
        HpGame::sorted(rules, lexicon, players, args.seed)?
    } else {
        let houses = args
            .houses
            .iter()
            .map(|h| h.parse::<House>())
            .collect::<Result<Vec<_>, _>>()?;
        let mut distinct = houses.clone();
        distinct.sort();
        distinct.dedup();
        if houses.len() != players || distinct.len() != players {
            bail!(
                "--houses names {} houses for {players} seats: expected one different house per seat",
                houses.len()
            );
        }
        HpGame::new(rules, lexicon, houses, args.seed)?
    };
    let names: Vec<String> = args.bots.clone();
    let style = if std::io::stdout().is_terminal() {
        Style::Colour
    } else {
        Style::Plain
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock().lines().map_while(Result::ok);
    let mut out = std::io::stdout().lock();
    let houses: Vec<String> = (0..players)
        .map(|s| format!("player {} {}", s + 1, game.houses()[s]))
        .collect();
    if !args.quiet {
        writeln!(out, "Sorted: {}", houses.join(", "))?;
    }
    let mut challengeable = None;
    let mut notes: Vec<Vec<String>> = Vec::new();
    while !game.core().is_over() {
        let seat = game.core().to_move();
        let report = match &mut seats[seat] {
            Seat::Person => match person_turn(
                &mut out,
                &mut input,
                &mut game,
                &names,
                style,
                &mut challengeable,
            )? {
                Turn::Played(report) => report,
                Turn::Quit => {
                    writeln!(out, "game abandoned")?;
                    return Ok(ExitCode::SUCCESS);
                }
            },
            Seat::Bot(bot) => {
                let report = bots::hogwarts::play_one_turn(&mut game, bot.as_mut())?;
                let placed = matches!(
                    game.core().history().last().map(|t| t.action),
                    Some(Move::Place(_))
                );
                challengeable = placed.then_some(seat);
                report
            }
        };
        if !args.quiet {
            writeln!(out, "{}", turn_line(&game, &names, &report))?;
        }
        notes.resize(game.core().history().len(), Vec::new());
        if let Some(turn_notes) = notes.last_mut() {
            turn_notes.extend(report_notes(&report));
        }
    }
    if let Some(path) = &args.gcg {
        let header: Vec<String> = (0..players)
            .map(|s| format!("house p{} {}", s + 1, game.houses()[s]))
            .collect();
        let text = crate::gcg::record(game.core(), &names, &header, &notes);
        crate::runner::store::write_atomically(path, text.as_bytes())?;
    }
    let core = game.core();
    if !args.quiet {
        writeln!(
            out,
            "{}",
            render::styled_board(core.board(), &core.rules().layout, style)
        )?;
    }
    for (seat, name) in names.iter().enumerate() {
        writeln!(
            out,
            "player {} ({}, {name}): {} (end adjustment {:+}, rack {})",
            seat + 1,
            game.houses()[seat],
            core.scores()[seat],
            core.adjustments()[seat],
            core.rack(seat)
        )?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
