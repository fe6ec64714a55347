//! A run directory's strategy guide, written from its tables: `owlery report` and every value
//! of `owlery sweep`.

use std::path::Path;

use runner::store::Manifest;

/// Writes the guide of the run in `run` into `out`; a sweep's directory (sweep.csv, no
/// manifest of its own) gets the sweep's guide.
pub fn write_report(run: &Path, out: &Path) -> anyhow::Result<()> {
    if run.join("sweep.csv").exists() && !run.join("manifest.toml").exists() {
        reports::sweep::write_sweep_guide(run, out)?;
        return Ok(());
    }
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
