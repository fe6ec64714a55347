//! `owlery report`: a run's tables as a strategy guide.

use std::path::Path;
use std::process::ExitCode;

use crate::cli::ReportArgs;
use crate::runner::store::Manifest;

/// Runs `owlery report`.
pub fn run(args: &ReportArgs) -> anyhow::Result<ExitCode> {
    write_report(&args.run, &args.out)?;
    println!("{}", args.out.join("guide.html").display());
    Ok(ExitCode::SUCCESS)
}

/// Writes the guide of the run in `run` into `out`.
pub fn write_report(run: &Path, out: &Path) -> anyhow::Result<()> {
    let manifest = Manifest::read(run)?;
    let title = format!(
        "Owlery strategy guide: {} ({}, {} games)",
        manifest.game,
        manifest.bots.join(" vs "),
        manifest.games
    );
    reports::guide::write_guide(run, &title, out)?;
    Ok(())
}
