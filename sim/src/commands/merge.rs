//! `owlery merge`: add up the shards of one run, after checking they belong together.

use std::path::Path;
use std::process::ExitCode;

use anyhow::bail;

use crate::cli::MergeArgs;
use runner::combine;
use runner::store::{
    MANIFEST, Manifest, clear_for_new_run, read_manifest, remove_stale_temporaries,
};

/// Runs `owlery merge`.
pub fn run(args: &MergeArgs) -> anyhow::Result<ExitCode> {
    let manifests = args
        .shards
        .iter()
        .map(|dir| read_manifest(dir))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let first = &manifests[0];
    for (dir, manifest) in args.shards.iter().zip(&manifests).skip(1) {
        if let Some(field) = first.mismatch(manifest) {
            bail!(
                "{} and {} are not shards of one run: their {field} differs",
                args.shards[0].display(),
                dir.display()
            );
        }
    }
    let merged = Manifest {
        shard: None,
        ..first.clone()
    };
    let dirs: Vec<&Path> = args.shards.iter().map(|p| p.as_path()).collect();
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if let Some(shard) = dirs.iter().find(|dir| same(dir, &args.out)) {
        bail!(
            "--out {}: one of the shards being merged; choose another directory",
            shard.display()
        );
    }
    if args.resume {
        check_resumable(&args.out, &merged)?;
        remove_stale_temporaries(&args.out)?;
    } else {
        clear_for_new_run(&args.out, args.force)?;
    }
    combine(&dirs, &merged, &(0..merged.games), &args.out)?;
    println!(
        "{} games from {} shards merged into {}",
        merged.games,
        dirs.len(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Refuses `--resume` into `out` unless it holds this merge's files: its manifest (a merge
/// writes it last, after every table), or no manifest yet.
fn check_resumable(out: &Path, merged: &Manifest) -> anyhow::Result<()> {
    if !out.join(MANIFEST).exists() {
        return Ok(());
    }
    let there = read_manifest(out)?;
    let field = match there.shard {
        Some(_) => Some("shard"),
        None => merged.mismatch(&there),
    };
    if let Some(field) = field {
        bail!(
            "--out {}: holds another run (its {field} differs); --force clears it first",
            out.display()
        );
    }
    Ok(())
}
