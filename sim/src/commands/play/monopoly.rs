//! `owlery play monopoly-hp`: a game between bots and people, told event by event, and the
//! final count. A person's seat (`human`) is a decider like a bot's: every question the game
//! asks it is put at the terminal, with what happened since it last looked.

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::bail;
use bots::seating::{PERSON, seat_table};
use engine::hogwarts::House;
use engine::monopoly::{Answer, Monopoly, MonopolyRules, Question, View};
use engine::play::{Decider, Progress, play_out};

use super::read_line;
use crate::cli::PlayArgs;
use crate::monopoly_text::{describe, end_lines, ending_text, ring};
use crate::output;
use crate::setup::{bot_settings, monopoly_rules};
use engine::monopoly::questions::{HELP, ask, needless, parse};

/// Prints the game's events after the first `printed` (and counts them printed).
fn catch_up(rules: &MonopolyRules, view: &View<'_>, names: &[String], printed: &AtomicUsize) {
    let events = view.events();
    let from = printed
        .swap(events.len(), Ordering::Relaxed)
        .min(events.len());
    let mut out = std::io::stdout().lock();
    for event in &events[from..] {
        let _ = writeln!(out, "{}", describe(rules, event, names));
    }
}

/// A person at the terminal: what happened, the question, and a typed answer.
struct Terminal {
    rules: Arc<MonopolyRules>,
    names: Vec<String>,
    /// Events printed so far, shared with the game's narration.
    printed: Arc<AtomicUsize>,
}

impl Decider<Monopoly> for Terminal {
    fn name(&self) -> &str {
        PERSON
    }

    fn waits(&self) -> bool {
        true
    }

    fn decide(&mut self, view: &View<'_>, question: Question) -> Option<Answer> {
        catch_up(&self.rules, view, &self.names, &self.printed);
        if let Some(answer) = needless(view, question) {
            return Some(answer);
        }
        let asked = ask(view, question);
        loop {
            print!("{}\nplayer {}> ", asked.text, view.seat + 1);
            let _ = std::io::stdout().flush();
            let line = read_line()?;
            if line.eq_ignore_ascii_case("quit") {
                return None;
            } else if line.eq_ignore_ascii_case("help") {
                println!("{HELP}");
            } else if line.eq_ignore_ascii_case("board") {
                print!("{}", ring(view, &self.names));
            } else {
                match parse(view, question, &line) {
                    Ok(answer) => return Some(answer),
                    Err(problem) => println!("{problem}"),
                }
            }
        }
    }
}

/// Runs `owlery play monopoly-hp`.
pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let rules = monopoly_rules(&args.data)?;
    if !(2..=rules.max_players()).contains(&args.bots.len()) {
        bail!(
            "--bots lists {} seats: expected 2 to {}",
            args.bots.len(),
            rules.max_players()
        );
    }
    let settings = bot_settings(&args.data, args.rollouts)?;
    let names = args.bots.clone();
    let printed = Arc::new(AtomicUsize::new(0));
    let mut person = |_| {
        Box::new(Terminal {
            rules: rules.clone(),
            names: names.clone(),
            printed: printed.clone(),
        }) as Box<dyn Decider<Monopoly>>
    };
    let mut seats = seat_table(&names, args.seed, &settings, Some(&mut person))?;
    let mut game = if args.houses.is_empty() {
        Monopoly::sorted(rules.clone(), seats.len(), args.seed)?
    } else {
        let houses: Vec<House> = args
            .houses
            .iter()
            .map(|name| name.parse())
            .collect::<Result<_, _>>()?;
        if houses.len() != seats.len() {
            bail!(
                "--houses lists {} houses for {} seats",
                houses.len(),
                seats.len()
            );
        }
        Monopoly::new(rules.clone(), &houses, args.seed)?
    };
    let people = names.iter().any(|name| name == PERSON);
    let told = !args.quiet || people;
    for (seat, name) in names.iter().enumerate() {
        println!("player {} ({name}): {}", seat + 1, game.house(seat).name());
    }
    game.record_events();
    let heading = |game: &Monopoly| {
        if told && game.ending().is_none() {
            let mover = game.mover();
            println!(
                "turn {}: player {} ({})",
                game.turns() + 1,
                mover + 1,
                names[mover]
            );
        }
    };
    heading(&game);
    let progress = play_out(&mut game, &mut seats, |game: &Monopoly| {
        let view = game.view(game.mover());
        if told {
            catch_up(&rules, &view, &names, &printed);
            let points: Vec<String> = (0..game.players())
                .map(|s| game.points(s).to_string())
                .collect();
            println!("  points: {}", points.join(" / "));
        } else {
            printed.store(view.events().len(), Ordering::Relaxed);
        }
        heading(game);
    })?;
    let mut out = output::stdout();
    if let Progress::Waiting(_) = progress {
        writeln!(out, "game abandoned after {} turns", game.turns())?;
        output::finish(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let ending = game.ending().expect("a game played out has ended");
    if !args.quiet {
        write!(out, "{}", ring(&game.view(0), &names))?;
    }
    writeln!(
        out,
        "game over after {} turns: {}",
        game.turns(),
        ending_text(ending)
    )?;
    let (lines, verdict) = end_lines(&game, &names);
    for line in lines {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "{verdict}")?;
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}
