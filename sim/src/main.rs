//! `owlery`: play, analyze and simulate Owlery's games from the command line.

mod cards_text;
mod cli;
mod commands;
mod gcg;
mod guide;
mod hp_text;
mod monopoly_text;
mod output;
mod render;
mod serve;
mod setup;
mod simulate;
mod verdict;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match commands::run(cli) {
        Ok(code) => code,
        Err(error) if output::is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("Error: {error:#}");
            ExitCode::from(2)
        }
    }
}
