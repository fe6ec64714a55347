//! What the binary tests share: running `owlery` (with input on stdin), scratch directories,
//! and a run's CSV tables.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs `owlery` with `input` on standard input, outside any Slurm array task.
pub fn owlery(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_owlery"))
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("SLURM_ARRAY_TASK_COUNT")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("owlery runs");
    // A command that does not read its input may have exited already: that is no failure.
    let _ = child.stdin.take().unwrap().write_all(input.as_ref());
    child.wait_with_output().unwrap()
}

/// Asserts the command succeeded (else fails with its stderr) and returns its stdout.
pub fn ran(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Asserts the command failed and returns its stderr.
pub fn refused(output: &Output) -> String {
    assert!(!output.status.success(), "expected a refusal");
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs `owlery report RUN --out GUIDE` and returns the guide's Markdown.
pub fn report(run: &Path, guide: &Path) -> String {
    ran(&owlery(
        &[
            "report",
            run.to_str().unwrap(),
            "--out",
            guide.to_str().unwrap(),
        ],
        "",
    ));
    std::fs::read_to_string(guide.join("guide.md")).unwrap()
}

/// An empty directory of this test process: `owlery-<suite>-<pid>-<name>`.
pub fn scratch(suite: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("owlery-{suite}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The CSV tables of a run directory, by name.
pub fn csv_tables(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file() && path.extension().is_some_and(|e| e == "csv"))
        .map(|path| {
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&path).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}
