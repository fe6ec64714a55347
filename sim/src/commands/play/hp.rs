//! `owlery play scrabble-hp`: a Harry Potter game between bots and people at the terminal.
//!
//! A person's seat is a decider like a bot's: asked the game's questions, it reads commands
//! from standard input (a script drives it just as well): a move in standard notation,
//! `exchange TILES`, `pass`, `card NAME [ARGS]`, `hint`, `position`, `challenge`, `help`,
//! `quit`. A typo or an illegal move is explained and the prompt returns. The game loop is the
//! engine's.

use std::io::Write;
use std::process::ExitCode;

use bots::seating::seat_table;
use engine::hogwarts::{House, HpAnswer, HpGame, HpObservation, HpQuestion};
use engine::play::{Decider, Progress, play_out};
use engine::scrabble::{Cgp, EndReason, Move, Rack};

use super::{position, prompt_line, read_line};
use crate::cli::{GameArg, PlayArgs};
use crate::gcg::Reader;
use crate::hp_text::{Narrator, check_offered, end_lines, gcg, hints, offered_challenge};
use crate::render::{self, Style};
use crate::setup::{bot_settings, game_lexicon, hp_rules};
use engine::hogwarts::notation::parse_card_play;

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
  position           this position as CGP, for owlery analyze scrabble-hp --cgp (the
                     others' racks left out while the bag holds tiles; a card played this
                     turn is not in it)
  challenge          challenge the word just played (it stands if it is a word: you lose points)
  help               this list
  quit               leave the game";

/// A person at the terminal, answering the questions put to their seat.
struct Terminal {
    names: Vec<String>,
    style: Style,
    /// A move typed when the game asked for a card (or a challenge): the answer to come.
    typed: Option<String>,
    /// The game refused the last answer: the question comes again, the board already shown.
    refused: bool,
}

impl Terminal {
    /// What the seat sees before deciding: the board, the table, its rack and cards.
    fn show(&self, view: &HpObservation<'_>) {
        let core = &view.core;
        let mut out = std::io::stdout().lock();
        let layout = &core.rules.layout;
        let board = render::board_at_prompt(core.board, layout, self.style, render::HP_LEGEND);
        let _ = writeln!(out, "{board}");
        for (seat, name) in self.names.iter().enumerate() {
            let marker = if seat == core.seat { "*" } else { " " };
            let _ = writeln!(
                out,
                "{marker} player {} {:<10} {:<8} {:>4}  cards held: {}",
                seat + 1,
                view.houses[seat].name(),
                name,
                view.scores_now[seat],
                view.hand_sizes[seat]
            );
        }
        let hand: Vec<&str> = view.hand.iter().map(|c| c.key()).collect();
        let _ = writeln!(
            out,
            "bag: {} tiles   your rack: {}   your cards: {}",
            core.bag_len,
            core.rack,
            hand.join(", ")
        );
    }

    /// Shows the position before a question, unless the answer was typed already or the
    /// last one was just refused (the position has not changed).
    fn show_unless_typed(&mut self, view: &HpObservation<'_>) {
        if self.typed.is_none() && !std::mem::take(&mut self.refused) {
            self.show(view);
        }
    }

    /// The line typed already for this turn, else the next one read.
    fn typed_or_read(&mut self, view: &HpObservation<'_>) -> Option<String> {
        match self.typed.take() {
            Some(line) => Some(line),
            None => self.next_line(view),
        }
    }

    /// Prompts until a line that is not a command answered here; `None` on `quit` or the end.
    fn next_line(&self, view: &HpObservation<'_>) -> Option<String> {
        let prompt = format!("player {}> ", view.core.seat + 1);
        let hints = || {
            hints(view)
                .iter()
                .map(|hint| {
                    let detail = hint.detail();
                    let detail = if detail.is_empty() {
                        detail
                    } else {
                        format!("  ({detail})")
                    };
                    let notation = hint.placement.notation(view.core.board);
                    format!("{notation:<20} {}{detail}", hint.total())
                })
                .collect()
        };
        prompt_line(&prompt, HELP, hints, || hp_position(view))
    }

    /// The turn's opening questions (a challenge of the last word, a card): answered from
    /// the line typed already or typed now; a move typed is kept for the move question.
    fn opening(&mut self, view: &HpObservation<'_>, question: HpQuestion) -> Option<HpAnswer> {
        self.show_unless_typed(view);
        loop {
            let line = self.typed_or_read(view)?;
            let words: Vec<&str> = line.split_whitespace().collect();
            let first = words
                .first()
                .map(|w| w.to_ascii_lowercase())
                .unwrap_or_default();
            match (first.as_str(), question) {
                ("challenge", HpQuestion::Challenge { .. }) => {
                    return Some(HpAnswer::Challenge(true));
                }
                ("challenge", _) => println!("there is no word to challenge now"),
                (_, HpQuestion::Challenge { .. }) => {
                    self.typed = Some(line);
                    return Some(HpAnswer::Challenge(false));
                }
                ("card", _) => match parse_card_play(&words[1..], view.core.scores.len()) {
                    Ok(play) => return Some(HpAnswer::Card(Some(play))),
                    Err(message) => println!("{message}"),
                },
                _ => match Move::parse(&line, view.core.board) {
                    Err(error) => println!("{error}; type help for the commands"),
                    Ok(action) => match check_offered(view, &action) {
                        Err(reason) => println!("{reason}"),
                        Ok(()) => {
                            self.typed = Some(line);
                            return Some(HpAnswer::Card(None));
                        }
                    },
                },
            }
        }
    }

    /// The move: the one typed already, or asked for.
    fn action(&mut self, view: &HpObservation<'_>) -> Option<HpAnswer> {
        self.show_unless_typed(view);
        loop {
            let line = self.typed_or_read(view)?;
            if line.split_whitespace().next().map(str::to_ascii_lowercase) == Some("card".into()) {
                println!("a card is played before the move, one a turn");
                continue;
            }
            match Move::parse(&line, view.core.board) {
                Ok(action) => return Some(HpAnswer::Move(action)),
                Err(error) => println!("{error}; type help for the commands"),
            }
        }
    }
}

/// The position as the seat sees it, in CGP for `owlery analyze scrabble-hp`: the houses in
/// the same order, the scores with every card's points; a card played this turn left out.
fn hp_position(view: &HpObservation<'_>) -> Cgp {
    let mut cgp = position(&view.core);
    let players = cgp.racks.len();
    let order = (0..players).map(|k| (view.core.seat + k) % players);
    cgp.scores = order.clone().map(|seat| view.scores_now[seat]).collect();
    let houses: Vec<&str> = order.map(|seat| view.houses[seat].name()).collect();
    cgp.operations.push(("houses".into(), houses.join(",")));
    cgp
}

impl Decider<HpGame> for Terminal {
    fn name(&self) -> &str {
        "human"
    }

    fn decide(&mut self, view: &HpObservation<'_>, question: HpQuestion) -> Option<HpAnswer> {
        match question {
            HpQuestion::Challenge { player } if !offered_challenge(view, player) => {
                Some(HpAnswer::Challenge(false))
            }
            HpQuestion::Challenge { .. } | HpQuestion::Card => self.opening(view, question),
            HpQuestion::Move => self.action(view),
            HpQuestion::Discard { needed, .. } => loop {
                print!("discard {needed} tiles> ");
                let _ = std::io::stdout().flush();
                match Rack::parse(&read_line()?) {
                    Ok(rack) if rack.len() == needed && view.core.rack.contains(&rack) => {
                        return Some(HpAnswer::Discard(rack));
                    }
                    Ok(rack) if rack.len() == needed => println!(
                        "your rack {} does not hold {rack}: name {needed} of its tiles",
                        view.core.rack
                    ),
                    Ok(_) => println!("give exactly {needed} tiles"),
                    Err(error) => println!("{error}"),
                }
            },
        }
    }

    fn refused(&mut self, reason: &str) -> bool {
        println!("{reason}");
        self.refused = true;
        true
    }
}

/// Runs `owlery play scrabble-hp`.
pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let rules = hp_rules(&args.data)?;
    let lexicon = game_lexicon(GameArg::ScrabbleHp, &args.lexicon)?;
    let names = args.bots.clone();
    let style = Style::of_stdout();
    let mut person = |_| {
        Box::new(Terminal {
            names: names.clone(),
            style,
            typed: None,
            refused: false,
        }) as Box<dyn Decider<HpGame>>
    };
    let settings = bot_settings(&args.data, args.rollouts)?;
    let mut seats = seat_table(&names, args.seed, &settings, Some(&mut person))?;
    let players = seats.len();
    let mut game = if args.houses.is_empty() {
        HpGame::sorted(rules, lexicon, players, args.seed)?
    } else {
        let houses = args
            .houses
            .iter()
            .map(|h| h.parse::<House>())
            .collect::<Result<Vec<_>, _>>()?;
        if houses.len() != players {
            anyhow::bail!(
                "--houses names {} houses for {players} seats: expected one different house per seat",
                houses.len()
            );
        }
        HpGame::new(rules, lexicon, houses, args.seed)?
    };
    if !args.quiet {
        let houses: Vec<String> = (0..players)
            .map(|s| format!("player {} {}", s + 1, game.houses()[s]))
            .collect();
        println!("Sorted: {}", houses.join(", "));
    }
    let reader = Reader::at_terminal(&names);
    let mut narrator = Narrator::default();
    let mut tell = |game: &HpGame| {
        let lines = narrator.lines(game, &names);
        if !args.quiet {
            for line in lines.iter().filter(|line| line.read_by(reader)) {
                println!("{}", line.text);
            }
        }
    };
    // What happened before anyone answered (Gryffindor's opening cards) comes first.
    tell(&game);
    let progress = play_out(&mut game, &mut seats, tell)?;
    let mut out = std::io::stdout().lock();
    if let Progress::Waiting(_) = progress {
        writeln!(out, "game abandoned")?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(path) = &args.gcg {
        let text = gcg(&game, &names, Reader::Referee);
        runner::store::write_atomically(path, text.as_bytes())?;
    }
    let core = game.core();
    if !args.quiet {
        writeln!(
            out,
            "{}",
            render::styled_board(core.board(), &core.rules().layout, style)
        )?;
    }
    let end = match core.end() {
        Some(EndReason::WentOut { seat }) => format!("player {} went out", seat + 1),
        _ => format!("{} scoreless turns in a row", core.scoreless()),
    };
    if !args.quiet {
        writeln!(out, "game over: {end}")?;
    }
    let (lines, verdict) = end_lines(&game, &names);
    for line in lines {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "{verdict}")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
