//! `owlery bots`: each game's bots, as their tables list them, and what each does.

use std::io::Write;
use std::process::ExitCode;

use bots::registry::Registered;

use crate::cli::{BotsArgs, EVERY_GAME, ForGame, GameArg, VariantArg, for_game};
use crate::output;

/// A game's bots as text: its name, then a line a bot (with the setting its name may carry).
struct Listing;

impl ForGame for Listing {
    type Out = String;

    fn run<G: Registered>(self) -> String {
        let mut text = format!("{}:\n", G::GAME);
        for entry in G::bots() {
            let name = match entry.setting {
                Some(setting) => {
                    let form = setting.split(' ').next().unwrap_or("");
                    format!("{}[:{form}]", entry.name)
                }
                None => entry.name.to_string(),
            };
            text += &format!("  {name:<32} {}\n", entry.about);
            if let Some(setting) = entry.setting {
                text += &format!("  {:<32} {}:{setting}\n", "", entry.name);
            }
        }
        text
    }
}

/// Runs `owlery bots`.
pub fn run(args: &BotsArgs) -> anyhow::Result<ExitCode> {
    let mut out = output::stdout();
    if args.variant.is_some() && args.game != Some(GameArg::ScrabbleCards) {
        anyhow::bail!("--variant applies to scrabble-cards");
    }
    match args.game {
        None => {
            for (game, variant) in EVERY_GAME {
                write!(out, "{}", for_game(game, variant, Listing))?;
            }
            writeln!(
                out,
                "a seat of `owlery play` may also be human: a person at the terminal"
            )?;
        }
        Some(game) => {
            let variant = args.variant.unwrap_or(VariantArg::Classic);
            write!(out, "{}", for_game(game, variant, Listing))?;
        }
    }
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}
