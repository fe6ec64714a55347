//! `owlery play scrabble-cards --variant rummy`: ten rounds between bots and people.
//!
//! A person answers `pile` or `discard` to draw, then lays words for the Round card
//! (`TRAIN HO`, blanks in lower case) and names the card to discard after a slash
//! (`TRAIN HO / Q`), or only `/ Q` to lay nothing; `hint`, `help` and `quit` work throughout.

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::bail;
use bots::cardgame::rummy::best_meld;
use bots::seating::seat_table;
use engine::cardgame::notation::{parse_meld, spelled};
use engine::cardgame::rummy::RoundCard;
use engine::cardgame::{CardRules, RummyAnswer, RummyGame, RummyQuestion, RummyView};
use engine::play::{Decider, Progress, play_out};
use engine::scrabble::Cell;
use engine::scrabble::tiles::kind_char;

use super::read_line;
use crate::cli::{GameArg, PlayArgs};
use crate::setup::{bot_settings, check_rummy_pack, game_lexicon};
use crate::{output, verdict};

const HELP: &str = "\
commands:
  pile | discard        draw from the draw pile, or take the discard pile's top card
                        (hint: the best words either way)
  WORD WORD ... / CARD  lay these words for the Round card, then discard CARD (? a blank)
  / CARD                lay nothing and discard CARD
  hint                  the best words your hand allows for this round
  help, quit";

/// Reads a line from standard input after a prompt; `None` at its end or on `quit`.
fn ask(seat: usize) -> Option<String> {
    print!("player {}> ", seat + 1);
    let _ = std::io::stdout().flush();
    read_line().filter(|line| !line.eq_ignore_ascii_case("quit"))
}

/// The draw step's hint: the best words with the discard pile's top card taken, and with the
/// hand as it is (a card from the pile can only add to those).
fn draw_hint(view: &RummyView<'_>) -> String {
    let told = |meld: Option<(i32, Vec<Vec<Cell>>, u8)>| match meld {
        Some((points, words, discard)) => format!(
            "{} / {} for {points}",
            spelled(&words),
            kind_char(discard as usize)
        ),
        None => "no words for this round".to_string(),
    };
    let kept = format!("  your hand as it is: {}", told(best_meld(view, view.hand)));
    match view.discard_top {
        Some(top) => {
            let mut taken = *view.hand;
            taken.add(top as usize);
            format!(
                "  taking the discard pile's {}: {}\n{kept}",
                kind_char(top as usize),
                told(best_meld(view, &taken))
            )
        }
        None => kept,
    }
}

/// A person at the terminal, answering the questions put to their seat.
struct Terminal;

impl Terminal {
    fn draw(&self, view: &RummyView<'_>) -> Option<RummyAnswer> {
        let top = view.discard_top.map_or('-', |k| kind_char(k as usize));
        println!("your hand: {}   discard pile: {top}", view.hand);
        loop {
            let line = ask(view.seat)?;
            match line.to_ascii_lowercase().as_str() {
                "pile" => {
                    return Some(RummyAnswer::Draw {
                        from_discard: false,
                    });
                }
                "discard" if view.discard_top.is_some() => {
                    return Some(RummyAnswer::Draw { from_discard: true });
                }
                "discard" => println!("the discard pile is empty: draw from the pile"),
                "help" => println!("{HELP}"),
                "hint" => println!("{}", draw_hint(view)),
                _ => println!("{line:?}: expected pile or discard (help lists all)"),
            }
        }
    }

    fn meld(&self, view: &RummyView<'_>) -> Option<RummyAnswer> {
        println!("your hand: {}", view.hand);
        loop {
            let line = ask(view.seat)?;
            match line.to_ascii_lowercase().as_str() {
                "help" => println!("{HELP}"),
                "hint" => match best_meld(view, view.hand) {
                    Some((points, words, discard)) => println!(
                        "  {} / {} for {points}",
                        spelled(&words),
                        kind_char(discard as usize)
                    ),
                    None => println!("  no words for this round yet"),
                },
                _ => match parse_meld(&line) {
                    Ok((words, discard)) => return Some(RummyAnswer::Meld { words, discard }),
                    Err(message) => println!("{message}"),
                },
            }
        }
    }
}

impl Decider<RummyGame> for Terminal {
    fn name(&self) -> &str {
        "human"
    }

    fn decide(&mut self, view: &RummyView<'_>, question: RummyQuestion) -> Option<RummyAnswer> {
        match question {
            RummyQuestion::Draw => self.draw(view),
            RummyQuestion::Meld => self.meld(view),
        }
    }

    fn refused(&mut self, reason: &str) -> bool {
        println!("{reason}");
        true
    }
}

/// Tells each turn as it ends and each round's card as it is turned up.
#[derive(Default)]
struct Narrator {
    round: Option<usize>,
    /// Rounds whose results are told.
    told: usize,
}

/// What a Round card asks for, in words.
fn requirement(card: &RoundCard) -> String {
    let mut parts = Vec::new();
    if !card.words.is_empty() {
        let lengths: Vec<String> = card.words.iter().map(usize::to_string).collect();
        parts.push(format!(
            "words of {} letters",
            verdict::and_list(&lengths.iter().map(String::as_str).collect::<Vec<_>>())
        ));
    }
    if let Some(extra) = card.optional_word {
        parts.push(format!(
            "one more of {extra} letters may be added for +{}",
            card.optional_bonus
        ));
    }
    if card.even_word {
        parts.push("one word of an even number of letters".into());
    }
    if card.all_cards {
        parts.push(if card.one_word {
            "every card left after the discard, as one word".into()
        } else {
            "words using every card left after the discard".into()
        });
    }
    if card.word_multiplier > 1 {
        parts.push(format!("one word counts {} times", card.word_multiplier));
    }
    if card.letter_multiplier > 1 {
        parts.push(format!(
            "one letter counts {} times",
            card.letter_multiplier
        ));
    }
    if card.subtract_leftovers {
        parts.push("cards left in hand are subtracted".into());
    }
    parts.join("; ")
}

impl Narrator {
    /// What to tell after a step of the game: a turn ends with its meld, leaving the next
    /// player to draw.
    fn lines(&mut self, game: &RummyGame, names: &[String]) -> Vec<String> {
        let mut lines = Vec::new();
        if !game.drawn()
            && let Some(turn) = game.last_turn()
        {
            let what = match turn.points {
                Some(points) => format!("lays {} for {points:+}", spelled(&turn.words)),
                None => "lays nothing".into(),
            };
            lines.push(format!(
                "  player {} ({}): {what}, discards {}",
                turn.seat + 1,
                names[turn.seat],
                kind_char(turn.discard as usize)
            ));
        }
        let round = game.results().len();
        for result in &game.results()[self.told..] {
            self.told += 1;
            let scored: Vec<String> = (0..names.len())
                .filter(|&seat| result.players & (1 << seat) != 0)
                .map(|seat| format!("player {} {}", seat + 1, result.scores[seat].unwrap_or(0)))
                .collect();
            let totals: Vec<String> = game.scores().iter().map(i32::to_string).collect();
            lines.push(format!(
                "round {} over: {}; totals {}",
                self.told,
                scored.join(", "),
                totals.join(", ")
            ));
        }
        if !game.is_over() && self.round != Some(round) {
            self.round = Some(round);
            let card = &game.round_cards()[game.round_card()];
            lines.push(format!(
                "round {}: {} ({})",
                round + 1,
                card.name,
                requirement(card)
            ));
        }
        lines
    }
}

/// Runs a Rummy game.
pub fn run(args: &PlayArgs, rules: Arc<CardRules>) -> anyhow::Result<ExitCode> {
    let lexicon = game_lexicon(GameArg::ScrabbleCards, &args.lexicon)?;
    if !(2..=engine::cardgame::MAX_CARD_PLAYERS).contains(&args.bots.len()) {
        bail!("--bots lists {} seats: expected 2 to 4", args.bots.len());
    }
    check_rummy_pack(&rules, &args.data, args.bots.len())?;
    let mut person = |_| Box::new(Terminal) as Box<dyn Decider<RummyGame>>;
    let settings = bot_settings(&args.data, args.rollouts)?;
    let mut seats = seat_table(&args.bots, args.seed, &settings, Some(&mut person))?;
    let mut game = RummyGame::new(rules, lexicon, seats.len(), args.seed)?;
    let people = args.bots.iter().any(|name| name == bots::seating::PERSON);
    let mut narrator = Narrator::default();
    let mut tell = |game: &RummyGame| {
        for line in narrator.lines(game, &args.bots) {
            if !args.quiet || people {
                println!("{line}");
            }
        }
    };
    tell(&game);
    let progress = play_out(&mut game, &mut seats, |game: &RummyGame| tell(game))?;
    let mut out = output::stdout();
    if let Progress::Waiting(_) = progress {
        writeln!(out, "game abandoned")?;
        output::finish(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let rounds = game.results().len();
    let deciding = rounds > game.rules().rummy_rounds.len();
    writeln!(
        out,
        "game over after {rounds} rounds{}",
        if deciding {
            " (the last a deciding round between the tied players)"
        } else {
            ""
        }
    )?;
    let labels: Vec<String> = (args.bots.iter().enumerate())
        .map(|(seat, name)| verdict::label(seat, name))
        .collect();
    for (seat, label) in labels.iter().enumerate() {
        writeln!(out, "{label}: {}", game.scores()[seat])?;
    }
    writeln!(out, "{}", verdict::verdict(&labels, game.scores()))?;
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}
