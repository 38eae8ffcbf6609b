//! What the differential tests and benches share to run a Python oracle: the repository root,
//! finding an interpreter that can import the reference (making the venv of
//! `tests/oracle/setup.sh` when needed), and running an oracle script over JSON lines. Used by
//! tests/mcr_common and tests/riichi_common.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A Python interpreter for which `check` (a `python -c` program) succeeds: `$MJ_ORACLE_PYTHON`,
/// else the venv made by `tests/oracle/setup.sh` under `target/` (created if needed), else
/// `python3`. `what` names the reference in the error.
pub fn python_with(check: &str, what: &str) -> Result<PathBuf, String> {
    let works = |p: &Path| {
        Command::new(p)
            .args(["-c", check])
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false)
    };
    if let Some(p) = std::env::var_os("MJ_ORACLE_PYTHON") {
        let p = PathBuf::from(p);
        return if works(&p) {
            Ok(p)
        } else {
            Err(format!(
                "MJ_ORACLE_PYTHON={} cannot import {what}",
                p.display()
            ))
        };
    }
    let venv = repo().join("target/oracle-venv/bin/python");
    if works(&venv) {
        return Ok(venv);
    }
    let out = Command::new("sh")
        .arg(repo().join("tests/oracle/setup.sh"))
        .output()
        .map_err(|e| format!("cannot run tests/oracle/setup.sh: {e}"))?;
    if works(&venv) {
        Ok(venv)
    } else if works(Path::new("python3")) {
        Ok(PathBuf::from("python3"))
    } else {
        Err(format!(
            "tests/oracle/setup.sh did not produce a working oracle:\n{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// Runs `tests/oracle/<script>` over `lines` (written to a file under `target/<dir>`), with
/// `extra` arguments, and returns its stdout lines; panics with its stderr when it fails.
pub fn run_script(
    python: &Path,
    script: &str,
    dir: &str,
    lines: impl Iterator<Item = String>,
    extra: &[&str],
) -> Vec<String> {
    let dir = repo().join("target").join(dir);
    std::fs::create_dir_all(&dir).expect("create the oracle's directory");
    let input = dir.join(format!("hands-{}.jsonl", std::process::id()));
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&input).expect("create input"));
        for l in lines {
            writeln!(f, "{l}").expect("write");
        }
    }
    let out = Command::new(python)
        .arg(repo().join("tests/oracle").join(script))
        .arg(&input)
        .args(extra)
        .output()
        .expect("run the oracle script");
    let _ = std::fs::remove_file(&input);
    assert!(
        out.status.success(),
        "oracle script failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(str::to_string)
        .collect()
}
