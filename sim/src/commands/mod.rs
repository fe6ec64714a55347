//! One module per subcommand; each returns the process exit code.

mod analyze;
mod balance;
mod bench;
mod bots;
mod effect;
mod lexicon;
mod merge;
mod play;
mod report;
mod review;
mod sweep;
mod train;

use std::process::ExitCode;

use crate::cli::{Cli, Command};

/// Runs the parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Lexicon(command) => lexicon::run(command),
        Command::Play(args) => play::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Review(args) => review::run(&args),
        Command::Sim(args) => crate::simulate::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Report(args) => report::run(&args),
        Command::Sweep(args) => sweep::run(&args),
        Command::Effect(args) => effect::run(&args),
        Command::Balance(args) => balance::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Train(crate::cli::TrainCommand::Leaves(args)) => train::leaves(&args),
        Command::Serve(args) => crate::serve::run(&args),
        Command::Bots(args) => bots::run(&args),
    }
}
