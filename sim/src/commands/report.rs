//! `owlery report`: a run's tables as a strategy guide.

use std::process::ExitCode;

use crate::cli::ReportArgs;
use crate::runner::store::Manifest;

/// Runs `owlery report`.
pub fn run(args: &ReportArgs) -> anyhow::Result<ExitCode> {
    let manifest = Manifest::read(&args.run)?;
    let title = format!(
        "Owlery strategy guide: {} ({}, {} games)",
        manifest.game,
        manifest.bots.join(" vs "),
        manifest.games
    );
    reports::guide::write_guide(&args.run, &title, &args.out)?;
    println!("{}", args.out.join("guide.html").display());
    Ok(ExitCode::SUCCESS)
}
