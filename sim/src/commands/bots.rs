//! `owlery bots`: each game's bots, as their tables list them, and what each does.

use std::io::Write;
use std::process::ExitCode;

use bots::registry::Registered;
use engine::cardgame::{CardGame, RummyGame};
use engine::hogwarts::HpGame;
use engine::monopoly::Monopoly;
use engine::scrabble::Game;

use crate::cli::{BotsArgs, GameArg, VariantArg};
use crate::output;

/// Writes a game's bots: its name, then a line a bot (with the setting its name may carry).
fn list<G: Registered>(out: &mut impl Write) -> std::io::Result<()> {
    writeln!(out, "{}:", G::GAME)?;
    for entry in G::bots() {
        let name = match entry.setting {
            Some(setting) => format!(
                "{}[:{}]",
                entry.name,
                setting.split(' ').next().unwrap_or("")
            ),
            None => entry.name.to_string(),
        };
        writeln!(out, "  {name:<32} {}", entry.about)?;
        if let Some(setting) = entry.setting {
            writeln!(out, "  {:<32} {}:{setting}", "", entry.name)?;
        }
    }
    Ok(())
}

/// Runs `owlery bots`.
pub fn run(args: &BotsArgs) -> anyhow::Result<ExitCode> {
    let mut out = output::stdout();
    let rummy = args.variant == Some(VariantArg::Rummy);
    if args.variant.is_some() && args.game != Some(GameArg::ScrabbleCards) {
        anyhow::bail!("--variant applies to scrabble-cards");
    }
    match args.game {
        None => {
            list::<Game>(&mut out)?;
            list::<HpGame>(&mut out)?;
            list::<CardGame>(&mut out)?;
            list::<RummyGame>(&mut out)?;
            list::<Monopoly>(&mut out)?;
            writeln!(
                out,
                "a seat of `owlery play` may also be human: a person at the terminal"
            )?;
        }
        Some(GameArg::Scrabble) => list::<Game>(&mut out)?,
        Some(GameArg::ScrabbleHp) => list::<HpGame>(&mut out)?,
        Some(GameArg::ScrabbleCards) if rummy => list::<RummyGame>(&mut out)?,
        Some(GameArg::ScrabbleCards) => list::<CardGame>(&mut out)?,
        Some(GameArg::MonopolyHp) => list::<Monopoly>(&mut out)?,
    }
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}
