//! `owlery play scrabble-cards`: the Classic card game between bots and people at the terminal.
//!
//! A person types a play (`HOB@-1,3`, `THROB@-2,1v` for down, `+triple@1` after it to lay a
//! Premium card on the word's first letter), `exchange LETTERS` (`?` for a blank; `double` or
//! `triple` for a Premium card), `pass`, `hint`, `table`, `help` or `quit`. A typo or an illegal
//! play is explained and the prompt returns.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use anyhow::bail;
use bots::cardgame::best_premium;
use bots::cardgame::{CardBot, card_bot_by_name};
use engine::cardgame::{CardEnd, CardGame, CardMove, TableMoveGen};
use engine::scrabble::Rack;

use super::setup::{card_rules, game_lexicon};
use crate::cards_text::{draw_table, parse_play, play_notation};
use crate::cli::{GameArg, PlayArgs};
use crate::output;

const HELP: &str = "\
commands:
  WORD@ROW,COL          a play across from (ROW, COL); WORD@ROW,COLv reads down. Spell the whole
                        word, the table's letters too; a blank is a lower-case letter
  ... +double@N         lay a Double (or +triple@N a Triple) on the word's Nth letter, one you lay
  exchange LETTERS      discard these cards and draw as many (? a blank; double, triple)
  pass                  do nothing this turn
  hint                  the five best plays for your hand
  table                 the table again
  help                  this list
  quit                  leave the game";

enum Seat {
    Person,
    Bot(Box<dyn CardBot>),
}

/// Reads `exchange ...` into letters and Premium cards.
fn parse_exchange(words: &[&str]) -> Result<CardMove, String> {
    let mut letters = Rack::EMPTY;
    let mut premiums = [0u8; 2];
    let mut action = false;
    for word in words {
        match word.to_ascii_lowercase().as_str() {
            "action" => action = true,
            "double" => premiums[0] += 1,
            "triple" => premiums[1] += 1,
            text => {
                let rack = Rack::parse(&text.to_ascii_uppercase())
                    .map_err(|error| format!("exchange {text:?}: {error}"))?;
                letters.add_all(&rack);
            }
        }
    }
    if letters.is_empty() && premiums == [0, 0] && !action {
        return Err("exchange needs the cards to give up, e.g. exchange QV".into());
    }
    Ok(CardMove::Exchange {
        letters,
        premiums,
        action,
    })
}

/// The best plays for the player to move, as notation and points.
fn hints(game: &CardGame, count: usize) -> Vec<(String, i32)> {
    let view = game.view(game.mover());
    let opening = view.table.is_empty();
    let mut found = Vec::new();
    TableMoveGen::new().generate(
        view.table,
        view.rules,
        view.lexicon,
        &view.hand.letters,
        |c| {
            let (premium, points) = best_premium(&view, c, opening);
            let play = c.to_play(premium);
            let mut after = view.table.clone();
            for tile in &play.tiles {
                after.put(tile.pos, tile.cell);
            }
            found.push((play_notation(&after, &play), points));
        },
    );
    found.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    found.truncate(count);
    found
}

/// Asks the person until a legal move; `None` when they quit or the input ends.
fn person_move(game: &CardGame, out: &mut impl Write) -> anyhow::Result<Option<CardMove>> {
    let seat = game.mover();
    let hand = game.hand(seat);
    writeln!(
        out,
        "{}your hand: {}   premium cards: {} double, {} triple   draw pile: {}",
        draw_table(game.table()),
        hand.letters,
        hand.premiums[0],
        hand.premiums[1],
        game.draw_len()
    )?;
    let stdin = std::io::stdin();
    loop {
        write!(out, "player {}> ", seat + 1)?;
        out.flush()?;
        let mut line = String::new();
        if stdin.lock().read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&first) = words.first() else {
            continue;
        };
        let action = match first.to_ascii_lowercase().as_str() {
            "quit" => return Ok(None),
            "help" => {
                writeln!(out, "{HELP}")?;
                continue;
            }
            "table" => {
                write!(out, "{}", draw_table(game.table()))?;
                continue;
            }
            "hint" => {
                for (notation, points) in hints(game, 5) {
                    writeln!(out, "  {notation:<28} {points:>4}")?;
                }
                continue;
            }
            "pass" => CardMove::Pass,
            "exchange" => match parse_exchange(&words[1..]) {
                Ok(action) => action,
                Err(message) => {
                    writeln!(out, "{message}")?;
                    continue;
                }
            },
            _ => match parse_play(game.table(), line.trim()) {
                Ok(play) => CardMove::Place(play),
                Err(message) => {
                    writeln!(out, "{message}; type help for the commands")?;
                    continue;
                }
            },
        };
        let check = match &action {
            CardMove::Place(play) => game.score(play).map(|_| ()),
            _ => Ok(()),
        };
        match check {
            Ok(()) => return Ok(Some(action)),
            Err(error) => writeln!(out, "{error}")?,
        }
    }
}

/// Forfeit: after a play, each player in turn from its maker may lay their Action card on its
/// words; a person is asked when a category fits. Returns `false` if the person quit.
fn actions_round(
    game: &mut CardGame,
    seats: &mut [Seat],
    maker: usize,
    names: &[String],
    out: &mut impl Write,
) -> anyhow::Result<bool> {
    for k in 0..game.players() {
        let seat = (maker + k) % game.players();
        let view = game.view(seat);
        let (Some(card), Some(player)) = (view.action.cloned(), view.turn_player) else {
            continue;
        };
        let choice = match &mut seats[seat] {
            Seat::Bot(bot) => bot.choose_action(&view),
            Seat::Person => {
                let fits: Vec<usize> = (0..2)
                    .filter(|&c| {
                        view.turn_words
                            .iter()
                            .any(|w| card.categories[c].test.passes(w))
                    })
                    .collect();
                if fits.is_empty() {
                    continue;
                }
                let offer: Vec<String> = fits
                    .iter()
                    .map(|&c| {
                        let category = &card.categories[c];
                        format!(
                            "{} \"{}\" (+{}/-{})",
                            c + 1,
                            category.name,
                            category.plus,
                            category.minus
                        )
                    })
                    .collect();
                // The question goes straight to the screen; `out` gathers what happened.
                let mut screen = std::io::stdout().lock();
                writeln!(
                    screen,
                    "Your Action card fits player {}'s words: {}. Play it? [{} / n]",
                    player + 1,
                    offer.join(", "),
                    fits.iter()
                        .map(|c| (c + 1).to_string())
                        .collect::<Vec<_>>()
                        .join(" / ")
                )?;
                loop {
                    write!(screen, "player {}> ", seat + 1)?;
                    screen.flush()?;
                    let mut line = String::new();
                    if std::io::stdin().lock().read_line(&mut line)? == 0 {
                        return Ok(false);
                    }
                    match line.trim() {
                        "quit" => return Ok(false),
                        "n" | "no" | "" => break None,
                        text => match text.parse::<usize>() {
                            Ok(n) if fits.contains(&(n.wrapping_sub(1))) => break Some(n - 1),
                            _ => writeln!(
                                screen,
                                "{text:?}: expected one of the numbers shown, or n"
                            )?,
                        },
                    }
                }
            }
        };
        if let Some(category) = choice {
            match game.play_action(seat, category) {
                Ok(points) => {
                    let name = &card.categories[category].name;
                    let effect = if seat == player {
                        format!("+{points} to player {}", seat + 1)
                    } else {
                        format!("-{points} to player {}", player + 1)
                    };
                    writeln!(
                        out,
                        "     player {} ({}) plays Action \"{name}\": {effect}",
                        seat + 1,
                        names[seat]
                    )?;
                }
                Err(error) => writeln!(out, "     {error}")?,
            }
        }
    }
    Ok(true)
}

/// Runs `owlery play scrabble-cards`.
pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let rules = card_rules(&args.data, args.variant)?;
    if rules.variant == engine::cardgame::Variant::Rummy {
        return super::play_rummy::run(args, rules);
    }
    let lexicon = game_lexicon(GameArg::ScrabbleCards, &args.lexicon)?;
    if !(2..=engine::cardgame::MAX_CARD_PLAYERS).contains(&args.bots.len()) {
        bail!("--bots lists {} seats: expected 2 to 4", args.bots.len());
    }
    let mut seats = Vec::new();
    for (seat, name) in args.bots.iter().enumerate() {
        if name == "human" {
            seats.push(Seat::Person);
        } else {
            let seed = args.seed.wrapping_mul(31).wrapping_add(seat as u64);
            let mut bot = card_bot_by_name(name, seed).map_err(|mut unknown| {
                unknown.known.push("human");
                unknown
            })?;
            bot.start_game(seed);
            seats.push(Seat::Bot(bot));
        }
    }
    let mut game = CardGame::new(rules, lexicon, seats.len(), args.seed)?;
    let mut out = output::stdout();
    let people = args.bots.iter().any(|name| name == "human");
    while game.end().is_none() {
        let seat = game.mover();
        let action = match &mut seats[seat] {
            Seat::Bot(bot) => bot.choose(&game.view(seat)),
            Seat::Person => match person_move(&game, &mut out)? {
                Some(action) => action,
                None => {
                    writeln!(out, "game abandoned")?;
                    output::finish(out)?;
                    return Ok(ExitCode::SUCCESS);
                }
            },
        };
        let turn = game.play(action)?.clone();
        let mut said_actions = Vec::new();
        if !actions_round(
            &mut game,
            &mut seats,
            turn.seat,
            &args.bots,
            &mut said_actions,
        )? {
            writeln!(out, "game abandoned")?;
            output::finish(out)?;
            return Ok(ExitCode::SUCCESS);
        }
        if args.quiet && !people {
            continue;
        }
        let said = match &turn.action {
            CardMove::Place(play) => {
                let scored = turn.scored.as_ref().expect("a play is scored");
                let words: Vec<String> = scored.words.iter().map(|w| w.text.clone()).collect();
                format!(
                    "{} ({}) {:+} [{}], {} cards cleared",
                    play_notation(game.table(), play),
                    words.join(", "),
                    scored.points,
                    game.scores()[turn.seat],
                    turn.cleared
                )
            }
            CardMove::Exchange {
                letters,
                premiums,
                action,
            } => format!(
                "exchanges {} card(s){}",
                letters.len() + premiums[0] as usize + premiums[1] as usize,
                if *action { " and the Action card" } else { "" }
            ),
            CardMove::Pass => "passes".into(),
        };
        writeln!(
            out,
            "{:>3}. player {} ({}): {said}",
            game.history().len(),
            turn.seat + 1,
            args.bots[turn.seat]
        )?;
        out.write_all(&said_actions)?;
    }
    let end = match game.end() {
        Some(CardEnd::WentOut { seat }) => format!("player {} went out", seat + 1),
        _ => "every player passed twice in a row".into(),
    };
    if !args.quiet {
        write!(out, "{}", draw_table(game.table()))?;
    }
    writeln!(out, "game over: {end}")?;
    for (seat, name) in args.bots.iter().enumerate() {
        writeln!(
            out,
            "player {} ({name}): {} (end adjustment {:+}, hand {})",
            seat + 1,
            game.scores()[seat],
            game.adjustments()[seat],
            game.hand(seat).letters
        )?;
    }
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}
