//! A run directory's strategy guide, written from its tables: `owlery report` and every value
//! of `owlery sweep`.

use std::path::Path;

use reports::schema::{MANIFEST, Row, SweepRow};

/// Writes the guide of the run in `run` into `out`; a sweep's directory (sweep.csv, no
/// manifest of its own) gets the sweep's guide.
pub fn write_report(run: &Path, out: &Path) -> anyhow::Result<()> {
    if run.join(SweepRow::FILE).exists() && !run.join(MANIFEST).exists() {
        reports::sweep::write_sweep_guide(run, out)?;
        return Ok(());
    }
    let manifest = runner::store::read_manifest(run)?;
    reports::guide::write_guide(run, &manifest, out)?;
    Ok(())
}
