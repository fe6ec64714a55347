//! A run killed at any moment, however often, ends after `--resume` in the same bytes as a run
//! never stopped, with no temporary file left behind: `sim` and `merge` alike. A soak
//! (`cargo test --release -p owlery-sim --test kills -- --ignored --nocapture`).

#![cfg(unix)]

mod common;

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

/// The kills each of `sim` and `merge` must take while still working.
const KILLS: usize = 100;

fn owlery(args: &[String]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_owlery"));
    command
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("SLURM_ARRAY_TASK_COUNT")
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    command
}

/// Runs a command to its end, failing the test with its stderr if it fails; its duration.
fn run(args: &[String]) -> Duration {
    let started = Instant::now();
    let output = owlery(args).output().unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    started.elapsed()
}

/// Starts a command and kills it (SIGKILL) after `delay`; whether the kill came while it
/// was still working (rather than after it had finished).
fn kill_after(args: &[String], delay: Duration) -> bool {
    let mut child = owlery(args).spawn().unwrap();
    std::thread::sleep(delay);
    child.kill().unwrap();
    let status = child.wait().unwrap();
    status.signal() == Some(SIGKILL)
}

/// The signal `Child::kill` sends on Unix.
const SIGKILL: i32 = 9;

/// A directory's files and, under it, its chunks' (name and bytes), and any temporary found.
fn files(dir: &Path) -> (Vec<(String, Vec<u8>)>, Vec<PathBuf>) {
    let mut found = Vec::new();
    let mut temporaries = Vec::new();
    for folder in [dir.to_path_buf(), dir.join("chunks")] {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for path in entries.map(|entry| entry.unwrap().path()) {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.contains(".tmp-") {
                temporaries.push(path.clone());
            }
            if path.is_file() && folder == dir {
                found.push((name, std::fs::read(&path).unwrap()));
            }
        }
    }
    found.sort();
    (found, temporaries)
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|arg| arg.to_string()).collect()
}

fn sim_args(out: &Path, extra: &[&str]) -> Vec<String> {
    let mut args = strings(&[
        "sim",
        "scrabble",
        "--games",
        "1200",
        "--bots",
        "greedy,greedy",
        "--seed",
        "7",
        "--chunk",
        "10",
        "--threads",
        "2",
        "--per-game",
        "--out",
        out.to_str().unwrap(),
    ]);
    args.extend(strings(extra));
    args
}

fn merge_args(shards: &[PathBuf], out: &Path, extra: &[&str]) -> Vec<String> {
    let mut args = strings(&["merge"]);
    args.extend(shards.iter().map(|dir| dir.to_str().unwrap().to_string()));
    args.extend(strings(&["--out", out.to_str().unwrap()]));
    args.extend(strings(extra));
    args
}

/// Asserts `dir` holds exactly the files of `whole`, byte for byte, and no temporary.
fn same_as(dir: &Path, whole: &[(String, Vec<u8>)], what: &str) {
    let (found, temporaries) = files(dir);
    assert!(temporaries.is_empty(), "{what}: left {temporaries:?}");
    let names = |files: &[(String, Vec<u8>)]| files.iter().map(|f| f.0.clone()).collect::<Vec<_>>();
    assert_eq!(names(&found), names(whole), "{what}");
    for ((name, bytes), (_, expected)) in found.iter().zip(whole) {
        assert!(bytes == expected, "{what}: {name} differs");
    }
}

/// Stops runs of `what` in fresh directories under `dir` (`stop` kills one and says how many
/// kills came while it worked) and resumes each to its end, until [`KILLS`] kills have come;
/// each run must end in the bytes of `whole`, with no temporary left.
fn kill_loop(
    what: &str,
    unstopped: Duration,
    dir: &Path,
    whole: &[(String, Vec<u8>)],
    mut stop: impl FnMut(&Path) -> usize,
    resume: impl Fn(&Path) -> Vec<String>,
) {
    let (mut kills, mut runs) = (0, 0);
    let started = Instant::now();
    while kills < KILLS {
        let out = dir.join(format!("{what}{runs}"));
        kills += stop(&out);
        run(&resume(&out));
        same_as(&out, whole, &format!("{what} {runs}"));
        std::fs::remove_dir_all(&out).unwrap();
        runs += 1;
    }
    eprintln!(
        "{what}: {kills} kills while working over {runs} runs, each resumed to the same bytes \
         (one unstopped {:.3} s; {:.0} s in all)",
        unstopped.as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
}

#[test]
#[ignore = "soak: at least 100 SIGKILLs each of sim and merge, then --resume (minutes)"]
fn soak_sim_and_merge_killed_at_random_moments_resume_to_the_same_bytes() {
    let dir = common::scratch("kills", "soak");
    let rng = std::cell::RefCell::new(Pcg64::seed_from_u64(43));

    let whole = dir.join("whole");
    let sim_time = run(&sim_args(&whole, &[]));
    let (whole_files, _) = files(&whole);
    let shards: Vec<PathBuf> = (0..2).map(|i| dir.join(format!("shard{i}"))).collect();
    for (i, shard) in shards.iter().enumerate() {
        run(&sim_args(shard, &["--shard", &format!("{i}/2")]));
    }
    let merged = dir.join("merged");
    let merge_time = run(&merge_args(&shards, &merged, &[]));
    same_as(&merged, &whole_files, "the shards merged");

    // sim: killed one to three times at a random moment of a run, then resumed to the end.
    let stop_sim = |out: &Path| {
        let mut rng = rng.borrow_mut();
        let mut kills = 0;
        for attempt in 0..rng.random_range(1..=3) {
            let resume: &[&str] = if attempt == 0 { &[] } else { &["--resume"] };
            let delay = sim_time.mul_f64(rng.random_range(0.0..1.1));
            kills += usize::from(kill_after(&sim_args(out, resume), delay));
        }
        kills
    };
    let resume_sim = |out: &Path| sim_args(out, &["--resume"]);
    kill_loop("sim", sim_time, &dir, &whole_files, stop_sim, resume_sim);
    // merge: killed at a random moment, then resumed.
    let stop_merge = |out: &Path| {
        let delay = merge_time.mul_f64(rng.borrow_mut().random_range(0.0..1.1));
        usize::from(kill_after(&merge_args(&shards, out, &[]), delay))
    };
    let resume_merge = |out: &Path| merge_args(&shards, out, &["--resume"]);
    kill_loop(
        "merge",
        merge_time,
        &dir,
        &whole_files,
        stop_merge,
        resume_merge,
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
