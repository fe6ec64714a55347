//! `owlery play scrabble-cards`: the Classic card game between bots and people at the terminal.
//!
//! A person types a play (`HOB@-1,3`, `THROB@-2,1v` for down, `+triple@1` after it to lay a
//! Premium card on the word's first letter), `exchange LETTERS` (`?` for a blank; `double` or
//! `triple` for a Premium card), `pass`, `hint`, `table`, `help` or `quit`. A typo or an illegal
//! play is explained and the prompt returns.

use std::io::Write;
use std::process::ExitCode;

use anyhow::bail;
use bots::seating::seat_table;
use engine::cardgame::{
    CardAnswer, CardEnd, CardGame, CardMove, CardQuestion, CardView, TableMoveGen,
};
use engine::play::{Decider, Progress, play_out};
use engine::scrabble::Rack;

use super::read_line;
use crate::cards_text::{draw_table, parse_play, play_notation};
use crate::cli::{GameArg, PlayArgs};
use crate::setup::{bot_settings, card_rules, game_lexicon};
use crate::{output, verdict};

const HELP: &str = "\
commands:
  WORD@ROW,COL          a play across from (ROW, COL); WORD@ROW,COLv reads down. Spell the whole
                        word, the table's letters too; a blank is a lower-case letter
  ... +double@N         lay a Double (or +triple@N a Triple) on the word's Nth letter, one you lay
  exchange LETTERS      discard these cards and draw as many (? a blank; double, triple;
                        in Forfeit, action gives up your Action card for a new one)
  pass                  do nothing this turn
  hint                  the five best plays for your hand
  table                 the table again
  help                  this list
  quit                  leave the game";

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

/// The best plays for the seat's hand, each with its best Premium card use, as notation and
/// points.
fn hints(view: &CardView<'_>, count: usize) -> Vec<(String, i32)> {
    let opening = view.table.is_empty();
    let mut found = Vec::new();
    TableMoveGen::new().generate(
        view.table,
        view.rules,
        view.lexicon,
        &view.hand.letters,
        |c| {
            let (premium, points) =
                c.best_premium_use(view.hand.premiums, opening, view.rules, |_| true);
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

/// A person at the terminal, answering the questions put to their seat.
struct Terminal;

impl Terminal {
    /// Asks for a move until one the game may take; `None` when they quit or the input ends.
    fn choose(&self, view: &CardView<'_>) -> Option<CardMove> {
        let hand = view.hand;
        println!(
            "{}your hand: {}   premium cards: {} double, {} triple   draw pile: {}",
            draw_table(view.table),
            hand.letters,
            hand.premiums[0],
            hand.premiums[1],
            view.draw_len
        );
        if let Some(card) = view.action {
            let told: Vec<String> = card
                .categories
                .iter()
                .map(|c| {
                    format!(
                        "\"{}\" (+{} on your words, -{} on theirs)",
                        c.name, c.plus, c.minus
                    )
                })
                .collect();
            println!("your Action card: {}", told.join(" or "));
        }
        loop {
            print!("player {}> ", view.seat + 1);
            let _ = std::io::stdout().flush();
            let line = read_line()?;
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some(&first) = words.first() else {
                continue;
            };
            let action = match first.to_ascii_lowercase().as_str() {
                "quit" => return None,
                "help" => {
                    println!("{HELP}");
                    continue;
                }
                "table" => {
                    print!("{}", draw_table(view.table));
                    continue;
                }
                "hint" => {
                    for (notation, points) in hints(view, 5) {
                        println!("  {notation:<28} {points:>4}");
                    }
                    continue;
                }
                "pass" if words.len() == 1 => CardMove::Pass,
                "pass" => {
                    println!("`pass` takes nothing after it");
                    continue;
                }
                "exchange" => match parse_exchange(&words[1..]) {
                    Ok(action) => action,
                    Err(message) => {
                        println!("{message}");
                        continue;
                    }
                },
                _ => match parse_play(view.table, &line) {
                    Ok(play) => CardMove::Place(play),
                    Err(message) => {
                        println!("{message}; type help for the commands");
                        continue;
                    }
                },
            };
            return Some(action);
        }
    }

    /// Forfeit: whether to lay the Action card on `player`'s words, and with which category.
    fn action(&self, view: &CardView<'_>, player: usize) -> Option<Option<usize>> {
        let card = view.action?;
        let fits: Vec<usize> = (0..2)
            .filter(|&c| {
                view.turn_words
                    .iter()
                    .any(|w| card.categories[c].test.passes(w))
            })
            .collect();
        let offer: Vec<String> = fits
            .iter()
            .map(|&c| {
                let category = &card.categories[c];
                let hit: Vec<String> = view
                    .turn_words
                    .iter()
                    .filter(|w| category.test.passes(w))
                    .cloned()
                    .collect();
                format!(
                    "{} \"{}\" (-{} to player {}) on {}",
                    c + 1,
                    category.name,
                    category.minus,
                    player + 1,
                    hit.join(", ")
                )
            })
            .collect();
        let numbers: Vec<String> = fits.iter().map(|c| (c + 1).to_string()).collect();
        let words = view.turn_words;
        println!(
            "Player {} played {}. Your Action card fits: {}. Play it? [{} / yes / no]",
            player + 1,
            words.join(", "),
            offer.join("; "),
            numbers.join(" / ")
        );
        loop {
            print!("player {}> ", view.seat + 1);
            let _ = std::io::stdout().flush();
            let line = read_line()?.to_ascii_lowercase();
            match line.as_str() {
                "quit" => return None,
                "n" | "no" | "" => return Some(None),
                // With one category that fits, yes is that one.
                "y" | "yes" if fits.len() == 1 => return Some(Some(fits[0])),
                "y" | "yes" => println!("name the category: {}", numbers.join(" or ")),
                text => match text.parse::<usize>() {
                    Ok(n) if fits.contains(&(n.wrapping_sub(1))) => return Some(Some(n - 1)),
                    _ => println!("{text:?}: expected one of the numbers shown, or n"),
                },
            }
        }
    }
}

impl Decider<CardGame> for Terminal {
    fn name(&self) -> &str {
        "human"
    }

    fn decide(&mut self, view: &CardView<'_>, question: CardQuestion) -> Option<CardAnswer> {
        match question {
            CardQuestion::Move => self.choose(view).map(CardAnswer::Move),
            CardQuestion::Action { player } => self.action(view, player).map(CardAnswer::Action),
        }
    }

    fn refused(&mut self, reason: &str) -> bool {
        println!("{reason}");
        true
    }
}

/// The line telling turn `index` of the game, just played.
fn turn_line(game: &CardGame, names: &[String], index: usize) -> String {
    let turn = &game.history()[index];
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
        CardMove::Pass => match &turn.challenged_off {
            Some(word) => format!("plays {word}, not a word: challenged off, the turn is lost"),
            None => "passes".into(),
        },
    };
    format!(
        "{:>3}. player {} ({}): {said}",
        index + 1,
        turn.seat + 1,
        names[turn.seat]
    )
}

/// Tells each turn and Action card played since it last looked.
#[derive(Default)]
struct Narrator {
    turns: usize,
    actions: usize,
}

impl Narrator {
    fn lines(&mut self, game: &CardGame, names: &[String]) -> Vec<String> {
        let mut lines = Vec::new();
        for index in self.turns..game.history().len() {
            lines.push(turn_line(game, names, index));
        }
        self.turns = game.history().len();
        for play in &game.action_plays()[self.actions..] {
            let category = &game.rules().actions[play.card].categories[play.category];
            let effect = if play.seat == play.word_player {
                format!("+{} to player {}", play.points, play.seat + 1)
            } else {
                format!("-{} to player {}", play.points, play.word_player + 1)
            };
            lines.push(format!(
                "     player {} ({}) plays Action \"{}\": {effect}",
                play.seat + 1,
                names[play.seat],
                category.name
            ));
        }
        self.actions = game.action_plays().len();
        lines
    }
}

/// Runs `owlery play scrabble-cards`.
pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let rules = card_rules(&args.data, args.variant.into())?;
    if rules.variant == engine::cardgame::Variant::Rummy {
        return super::rummy::run(args, rules);
    }
    let lexicon = game_lexicon(GameArg::ScrabbleCards, &args.lexicon)?;
    if !(2..=engine::cardgame::MAX_CARD_PLAYERS).contains(&args.bots.len()) {
        bail!("--bots lists {} seats: expected 2 to 4", args.bots.len());
    }
    let mut person = |_| Box::new(Terminal) as Box<dyn Decider<CardGame>>;
    let settings = bot_settings(&args.data, args.rollouts)?;
    let mut seats = seat_table(&args.bots, args.seed, &settings, Some(&mut person))?;
    let mut game = CardGame::new(rules, lexicon, seats.len(), args.seed)?;
    let people = args.bots.iter().any(|name| name == bots::seating::PERSON);
    let mut narrator = Narrator::default();
    let progress = play_out(&mut game, &mut seats, |game: &CardGame| {
        let lines = narrator.lines(game, &args.bots);
        if !args.quiet || people {
            for line in lines {
                println!("{line}");
            }
        }
    })?;
    let mut out = output::stdout();
    if let Progress::Waiting(_) = progress {
        writeln!(out, "game abandoned")?;
        output::finish(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let end = match game.end() {
        Some(CardEnd::WentOut { seat }) => format!("player {} went out", seat + 1),
        _ => "every player passed twice in a row".into(),
    };
    if !args.quiet {
        write!(out, "{}", draw_table(game.table()))?;
    }
    writeln!(out, "game over: {end}")?;
    let labels: Vec<String> = (args.bots.iter().enumerate())
        .map(|(seat, name)| verdict::label(seat, name))
        .collect();
    for (seat, label) in labels.iter().enumerate() {
        let hand = game.hand(seat).letters.to_string();
        writeln!(
            out,
            "{label}: {} ({})",
            game.scores()[seat],
            verdict::adjustment_note(game.adjustments()[seat], &hand, "cards", false)
        )?;
    }
    writeln!(out, "{}", verdict::verdict(&labels, game.scores()))?;
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}
