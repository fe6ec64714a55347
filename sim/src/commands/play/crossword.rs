//! `owlery play scrabble`: one game of the plain crossword game between bots and people, every
//! turn and the board printed.
//!
//! A person's seat reads commands from standard input: a move in standard notation, `exchange
//! TILES`, `pass`, `hint`, `position` (the position as CGP, to analyze), `help`, `quit`. A
//! typo or an illegal move (a word the lexicon lacks included) is explained and the prompt
//! returns. Other seats' racks and exchanged tiles stay hidden from a person until the game
//! is over.

use std::io::Write;
use std::process::ExitCode;

use bots::seating::{PERSON, seat_table};
use engine::play::{Decider, Progress, play_out};
use engine::scrabble::{EndReason, Game, Move, MoveGen, Observation, Question};
use runner::store::write_atomically;

use super::{position, prompt_line};
use crate::cli::PlayArgs;
use crate::gcg::Reader;
use crate::render::{self, Style};
use crate::setup::{bot_settings, crossword_rules, game_lexicon};
use crate::{output, verdict};

const HELP: &str = "\
commands:
  8H WORD            a move: row 8 from column H across (H8 = down); letters already on the
                     board in parentheses or as '.', a blank as a lower-case letter
  exchange TILES     swap tiles with the bag (? for a blank), e.g. exchange QV
  pass               do nothing this turn
  hint               the five best-scoring moves for your rack
  position           this position as CGP, for owlery analyze scrabble --cgp (the
                     opponent's rack left out while the bag holds tiles)
  help               this list
  quit               leave the game
A word the lexicon lacks is refused, and the turn is yours again.";

/// A person at the terminal, answering their seat's moves.
struct Terminal {
    names: Vec<String>,
    style: Style,
    /// The game refused the last answer: the question comes again, the board already shown.
    refused: bool,
}

impl Terminal {
    /// What the seat sees before moving: the board, the scores, the bag and its rack.
    fn show(&self, view: &Observation<'_>) {
        let mut out = std::io::stdout().lock();
        let layout = &view.rules.layout;
        let board = render::board_at_prompt(view.board, layout, self.style, render::PLAIN_LEGEND);
        let _ = writeln!(out, "{board}");
        for (seat, name) in self.names.iter().enumerate() {
            let marker = if seat == view.seat { "*" } else { " " };
            let score = view.scores[seat];
            let _ = writeln!(out, "{marker} player {} {name:<10} {score:>4}", seat + 1);
        }
        let _ = writeln!(
            out,
            "bag: {} tiles   your rack: {}",
            view.bag_len, view.rack
        );
    }
}

/// The five placements scoring most for the seat's rack, ties in canonical order.
fn hints(view: &Observation<'_>) -> Vec<String> {
    let mut placements = Vec::new();
    MoveGen::new().generate_with(
        view.board,
        view.rules,
        view.lexicon,
        &view.rack,
        false,
        |c| placements.push((c.score(), c.placement())),
    );
    placements.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    placements
        .iter()
        .take(5)
        .map(|(score, placement)| format!("{:<20} {score}", placement.notation(view.board)))
        .collect()
}

impl Decider<Game> for Terminal {
    fn name(&self) -> &str {
        PERSON
    }

    fn decide(&mut self, view: &Observation<'_>, _question: Question) -> Option<Move> {
        if !std::mem::take(&mut self.refused) {
            self.show(view);
        }
        let prompt = format!("player {}> ", view.seat + 1);
        loop {
            let line = prompt_line(&prompt, HELP, || hints(view), || position(view))?;
            match Move::parse(&line, view.board) {
                Ok(action) => return Some(action),
                Err(error) => println!("{error}; type help for the commands"),
            }
        }
    }

    fn refused(&mut self, reason: &str) -> bool {
        println!("{reason}");
        self.refused = true;
        true
    }
}

/// Plays the plain game.
pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let rules = crossword_rules(&args.data)?;
    let lexicon = game_lexicon(args.game, &args.lexicon)?;
    let settings = bot_settings(&args.data, args.rollouts)?;
    let names: Vec<String> = args.bots.clone();
    let style = Style::of_stdout();
    let mut person = |_| {
        Box::new(Terminal {
            names: names.clone(),
            style,
            refused: false,
        }) as Box<dyn Decider<Game>>
    };
    let mut seats = seat_table(&names, args.seed, &settings, Some(&mut person))?;
    let mut game = Game::new(rules.clone(), lexicon, seats.len(), args.seed)?;
    let reader = Reader::at_terminal(&names);
    // A person sees the board at their prompt, so the turns are told without it.
    let person_seated = names.iter().any(|name| name == PERSON);
    let mut out = output::stdout();
    let mut failure = None;
    let progress = play_out(&mut game, &mut seats, |game: &Game| {
        if args.quiet || failure.is_some() {
            return;
        }
        let turn = game.history().last().expect("a turn was played");
        let shown = reader.sees(game, turn.seat);
        let action = match turn.action {
            Move::Place(placement) => placement.notation(game.board()),
            Move::Exchange(tiles) if !shown => format!("exchange {} tiles", tiles.len()),
            other => other.notation(game.board()),
        };
        let rack = if shown {
            turn.rack.to_string()
        } else {
            String::new()
        };
        let line = format!(
            "{:>3}. {} ({}) {:<7} {:<20} {:>+4} {:>5}",
            game.history().len(),
            turn.seat + 1,
            names[turn.seat],
            rack,
            action,
            turn.score,
            turn.total
        );
        let written = if !person_seated {
            let board = render::board(game.board(), &game.rules().layout);
            writeln!(out, "{line}\n{board}")
        } else {
            // Flushed before a person's prompt prints beside it.
            writeln!(out, "{line}").and_then(|()| out.flush())
        };
        if let Err(error) = written {
            failure = Some(error);
        }
    });
    if let Some(error) = failure {
        return Err(error.into());
    }
    if let Progress::Waiting(_) = progress? {
        writeln!(out, "game abandoned")?;
        output::finish(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    if !args.quiet && person_seated {
        let board = render::styled_board(game.board(), &game.rules().layout, style);
        writeln!(out, "{board}")?;
    }
    let end = match game.end() {
        Some(EndReason::WentOut { seat }) => format!("player {} went out", seat + 1),
        _ => format!("{} scoreless turns in a row", game.scoreless()),
    };
    if !args.quiet {
        writeln!(out, "game over: {end}")?;
    }
    for (seat, name) in names.iter().enumerate() {
        let rack = game.rack(seat).to_string();
        writeln!(
            out,
            "{}: {} ({})",
            verdict::label(seat, name),
            game.scores()[seat],
            verdict::adjustment_note(game.adjustments()[seat], &rack, "tiles", false)
        )?;
    }
    let labels: Vec<String> = (0..names.len())
        .map(|seat| verdict::label(seat, &names[seat]))
        .collect();
    writeln!(out, "{}", verdict::verdict(&labels, game.scores()))?;
    if let Some(path) = &args.gcg {
        let text = crate::gcg::record(&game, &names, &[], &[], Reader::Referee);
        write_atomically(path, text.as_bytes())?;
        if person_seated {
            let path = path.display();
            writeln!(
                out,
                "saved {path}: `owlery review {path}` sets each move beside the best"
            )?;
        }
    }
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}
