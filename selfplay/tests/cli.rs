//! The built `mjkit-selfplay` binary: flags it refuses (status 2, a message starting with
//! `error:` that names the limit), the conflicts, and the labels of its JSON output.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mjkit-selfplay"))
        .args(args)
        .output()
        .expect("run mjkit-selfplay")
}

/// Runs with `args`, expects status 2 and a stderr starting with `error:` containing `needle`.
fn refused(args: &[&str], needle: &str) {
    let out = run(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.starts_with("error:"), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
}

#[test]
fn help_exits_zero() {
    let out = run(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("--start-dist") && text.contains("thesis:N"),
        "{text}"
    );
}

#[test]
fn zero_counts_are_errors() {
    refused(&["--hands", "0"], "must be at least 1");
    refused(&["--start-dist", "0"], "must be at least 1");
    refused(&["--threads", "0"], "must be at least 1");
}

#[test]
fn start_dist_conflicts_with_playing_flags() {
    refused(
        &["--hands", "5", "--start-dist", "5"],
        "cannot be used with",
    );
    refused(
        &["--start-dist", "5", "--bots", "mjkit,mjkit,mjkit,mjkit"],
        "cannot be used with",
    );
}

#[test]
fn bad_bots_rules_and_dead_wall_name_the_limit() {
    refused(
        &["--hands", "1", "--bots", "mjkit,greedy"],
        "exactly 4 bots",
    );
    refused(
        &["--hands", "1", "--bots", "mjkit,greedy,seed:99,mjkit"],
        "thesis:N (N from 1 to 99)",
    );
    refused(
        &["--hands", "1", "--bots", "mjkit,greedy,thesis:100,mjkit"],
        "from 1 to 99",
    );
    refused(&["--hands", "1", "--rules", "riichi"], "taiwan16");
    refused(&["--hands", "1", "--dead-wall", "250"], "at most");
}

#[test]
fn json_labels_are_canonical_names_without_spaces() {
    let out = run(&[
        "--hands",
        "2",
        "--threads",
        "1",
        "--json",
        "--bots",
        " mjkit , thesis:99,greedy ,thesis:99",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let labels: Vec<&str> = v["bots"]
        .as_array()
        .expect("bots")
        .iter()
        .map(|b| b["bot"].as_str().expect("label"))
        .collect();
    assert_eq!(labels, ["mjkit", "thesis:99", "greedy"]);
    assert_eq!(v["hands"], 2);
    assert_eq!(v["illegal"], 0);
}

#[test]
fn start_dist_json_counts_every_deal() {
    let out = run(&["--start-dist", "50", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["deals"], 50);
    let total: u64 = v["draws_to_win"]
        .as_object()
        .expect("counts")
        .values()
        .map(|c| c.as_u64().expect("count"))
        .sum();
    assert_eq!(total, 50);
}

#[test]
fn paired_reports_the_difference_on_the_same_walls() {
    refused(
        &["--hands", "1", "--paired", "seed:99"],
        "--paired: unknown bot",
    );
    let json = |args: &[&str]| -> serde_json::Value {
        let out = run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        serde_json::from_slice(&out.stdout).expect("json")
    };
    // Against itself: zero on every wall.
    let same = json(&[
        "--hands",
        "3",
        "--threads",
        "1",
        "--paired",
        "mjkit",
        "--json",
    ]);
    assert_eq!(same["paired"]["points_per_hand"], 0.0);
    assert_eq!(same["paired"]["ci95"], 0.0);
    // Against another bot: the first bot's points minus that bot's in the same seat, as two
    // separate runs give them.
    let args = [
        "--hands",
        "4",
        "--threads",
        "1",
        "--scoring",
        "tai",
        "--json",
    ];
    let a = json(&[&args[..], &["--paired", "greedy"]].concat());
    let b = json(
        &[
            &args[..],
            &["--bots", "greedy,thesis:99,thesis:99,thesis:99"],
        ]
        .concat(),
    );
    let (pa, pb) = (
        a["bots"][0]["points"].as_i64().unwrap(),
        b["bots"][0]["points"].as_i64().unwrap(),
    );
    let d = a["paired"]["points_per_hand"].as_f64().unwrap();
    assert!((d - (pa - pb) as f64 / 4.0).abs() < 1e-9, "{d} {pa} {pb}");
    assert_eq!(a["paired"]["against"], "greedy");
}
