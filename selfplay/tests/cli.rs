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

/// The JSON of a run without what depends on the machine (`seconds`, `hands_per_second`).
fn without_time(mut v: serde_json::Value) -> serde_json::Value {
    let o = v.as_object_mut().expect("an object");
    assert!(o.remove("seconds").is_some() && o.remove("hands_per_second").is_some());
    v
}

/// Runs with `args` and returns stdout, expecting status 0.
fn stdout_of(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Writes the JSON of shards `0/n .. n-1/n` of the run `args` into files under `dir`, in the
/// order `order`, and returns their paths.
fn shard_files(dir: &std::path::Path, args: &[&str], n: u64, order: &[u64]) -> Vec<String> {
    order
        .iter()
        .map(|k| {
            let shard = format!("{k}/{n}");
            let json = stdout_of(&[args, &["--json", "--shard", &shard]].concat());
            let path = dir.join(format!("shard-{k}-of-{n}.json"));
            std::fs::write(&path, json).expect("write");
            path.to_string_lossy().into_owned()
        })
        .collect()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mjkit-selfplay-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

#[test]
fn merged_shards_equal_the_one_run_statistics_and_intervals_included() {
    let dir = scratch("merge");
    let runs: [&[&str]; 3] = [
        &[
            "--hands",
            "7",
            "--duplicate",
            "--paired",
            "greedy",
            "--threads",
            "2",
        ],
        &[
            "--hands",
            "6",
            "--scoring",
            "tai",
            "--preset",
            "common",
            "--bots",
            "greedy,thesis:5,greedy,mjkit",
            "--seed",
            "9",
            "--threads",
            "1",
        ],
        &["--hands", "5", "--rules", "13", "--dead-wall", "10"],
    ];
    for args in runs {
        let one = stdout_of(&[args, &["--json"]].concat());
        let one_json = without_time(serde_json::from_str(&one).expect("json"));
        let walls = one_json["walls"].as_u64().unwrap();
        // Statistics are present: rates with intervals for every bot.
        for b in one_json["bots"].as_array().unwrap() {
            for k in ["win_rate", "win_ci95", "deal_in_rate", "deal_in_ci95"] {
                assert!(b[k].as_f64().is_some(), "{k} in {b}");
            }
            assert!(b["points_per_hand"].is_number() && b["points_ci95"].is_number());
        }
        // Shards in any order, one file each or all in one JSON Lines file, from 1 shard to
        // one shard per wall.
        for n in [1, 2, 3, walls] {
            let order: Vec<u64> = (0..n).rev().collect();
            let files = shard_files(&dir, args, n, &order);
            let merged = stdout_of(
                &[
                    &["merge", "--json"][..],
                    &files.iter().map(String::as_str).collect::<Vec<_>>(),
                ]
                .concat(),
            );
            assert_eq!(
                without_time(serde_json::from_str(&merged).expect("json")),
                one_json,
                "{args:?} in {n} shards"
            );
            let lines: String = files
                .iter()
                .map(|f| std::fs::read_to_string(f).unwrap())
                .collect();
            let jsonl = dir.join("all.jsonl");
            std::fs::write(&jsonl, lines).unwrap();
            let merged = stdout_of(&["merge", "--json", jsonl.to_str().unwrap()]);
            assert_eq!(
                without_time(serde_json::from_str(&merged).expect("json")),
                one_json
            );
            // The table too, but for the speed line.
            let table = stdout_of(&["merge", jsonl.to_str().unwrap()]);
            let one_table = stdout_of(args);
            let strip = |t: &str| -> Vec<String> {
                t.lines()
                    .filter(|l| !l.contains("hands/s"))
                    .map(str::to_string)
                    .collect()
            };
            assert_eq!(strip(&table), strip(&one_table), "{args:?} in {n} shards");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shard_flags_and_merge_refuse_what_is_not_one_run() {
    refused(
        &["--hands", "4", "--shard", "4/4"],
        "K must be from 0 to N-1 = 3",
    );
    refused(&["--hands", "4", "--shard", "0/0"], "N must be at least 1");
    refused(&["--hands", "4", "--shard", "1"], "is not K/N");
    refused(&["--hands", "4", "--shard=-1/3"], "is not K/N");
    refused(&["--hands", "4", "--shard", "1/x"], "is not K/N");
    refused(&["--hands", "4", "--shard", "0/5"], "at most 4 shards");
    refused(
        &["--start-dist", "4", "--shard", "0/2"],
        "cannot be used with",
    );
    refused(&["merge"], "FILES");
    let dir = scratch("merge-errors");
    let args: &[&str] = &["--hands", "3", "--threads", "1"];
    let files = shard_files(&dir, args, 3, &[0, 1, 2]);
    let f = |i: usize| files[i].as_str();
    refused(&["merge", f(0), f(2)], "shards missing: 1 (of 0..2)");
    refused(
        &["merge", f(0), f(1), f(1), f(2)],
        "shard 1/3 is given twice",
    );
    let other = shard_files(&dir, &["--hands", "3", "--seed", "2"], 3, &[1]);
    refused(&["merge", f(0), &other[0], f(2)], "\"seed\" differs");
    let other = shard_files(
        &dir,
        &["--hands", "3", "--bots", "greedy,greedy,greedy,greedy"],
        3,
        &[1],
    );
    refused(&["merge", f(0), &other[0], f(2)], "\"seats\" differs");
    let halves = shard_files(&dir, args, 2, &[1]);
    refused(&["merge", f(0), &halves[0]], "of a run split in 2");
    let whole = dir.join("whole.json");
    std::fs::write(&whole, stdout_of(&[args, &["--json"]].concat())).unwrap();
    refused(&["merge", whole.to_str().unwrap()], "not a shard");
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{\"walls\": 1,").unwrap();
    refused(&["merge", junk.to_str().unwrap()], "not JSON");
    std::fs::write(&junk, "").unwrap();
    refused(&["merge", junk.to_str().unwrap()], "no JSON object");
    std::fs::write(&junk, "[1, 2]").unwrap();
    refused(&["merge", junk.to_str().unwrap()], "not a JSON object");
    // A count edited by hand: the shard's walls no longer match its place in the run.
    let text = std::fs::read_to_string(f(1)).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["shard"]["first_wall"] = 0.into();
    std::fs::write(&junk, v.to_string()).unwrap();
    refused(
        &["merge", f(0), junk.to_str().unwrap(), f(2)],
        "holds walls 1..1",
    );
    v = serde_json::from_str(&text).unwrap();
    v["bots"][0]
        .as_object_mut()
        .unwrap()
        .remove("sums_of_squares");
    std::fs::write(&junk, v.to_string()).unwrap();
    refused(&["merge", junk.to_str().unwrap()], "no \"sums_of_squares\"");
    refused(
        &["merge", dir.join("absent.json").to_str().unwrap()],
        "absent.json",
    );
    let _ = std::fs::remove_dir_all(&dir);
}
