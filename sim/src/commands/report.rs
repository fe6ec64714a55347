//! `owlery report`: a run's tables as a strategy guide.

use std::process::ExitCode;

use crate::cli::ReportArgs;

/// Runs `owlery report`.
pub fn run(args: &ReportArgs) -> anyhow::Result<ExitCode> {
    crate::guide::write_report(&args.run, &args.out)?;
    println!("{}", args.out.join("guide.html").display());
    Ok(ExitCode::SUCCESS)
}
