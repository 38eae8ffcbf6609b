//! The Taiwanese self-play results on fixed walls against their golden JSON
//! (`tests/golden/selfplay.txt`, one line per run, the clock's `hands_per_second` and `seconds`
//! left out): taiwan16 and 13-tile, thesis and tai scoring, several bot lists, duplicate and
//! paired runs. The table grows variants behind one seam; the Taiwanese games must not notice.
//!
//! `MJ_BLESS=1 cargo test -p mjkit-selfplay --test golden` rewrites the file: only for a change
//! meant to change the Taiwanese game or its bots, named in its commit message.

use std::process::Command;

const RUNS: [&[&str]; 8] = [
    &["--hands", "40"],
    &[
        "--hands",
        "24",
        "--scoring",
        "tai",
        "--bots",
        "mjkit,greedy,thesis:99,mjkit:blind",
    ],
    &[
        "--hands",
        "24",
        "--scoring",
        "tai",
        "--preset",
        "common",
        "--duplicate",
    ],
    &[
        "--hands",
        "40",
        "--rules",
        "13",
        "--bots",
        "greedy,thesis:50,mjkit,thesis:99",
    ],
    &[
        "--hands",
        "30",
        "--dead-wall",
        "14",
        "--bots",
        "thesis:99,thesis:1,greedy,greedy",
    ],
    &[
        "--hands",
        "20",
        "--rules",
        "13",
        "--duplicate",
        "--seed",
        "7",
    ],
    &[
        "--hands",
        "16",
        "--scoring",
        "tai",
        "--paired",
        "greedy",
        "--seed",
        "3",
    ],
    &[
        "--hands",
        "30",
        "--seed",
        "11",
        "--bots",
        "mjkit,mjkit,mjkit,mjkit",
    ],
];

#[test]
fn taiwanese_self_play_equals_the_golden_json() {
    let mut lines = String::new();
    for args in RUNS {
        let out = Command::new(env!("CARGO_BIN_EXE_mjkit-selfplay"))
            .args(args)
            .args(["--json", "--threads", "2"])
            .output()
            .expect("run mjkit-selfplay");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one object");
        // The clock's figures are not the game's.
        let o = v.as_object_mut().expect("an object");
        o.remove("hands_per_second");
        o.remove("seconds");
        lines.push_str(&format!("{} {v}\n", args.join(" ")));
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/selfplay.txt");
    if std::env::var_os("MJ_BLESS").is_some() {
        std::fs::create_dir_all(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden")).unwrap();
        std::fs::write(path, &lines).unwrap();
    }
    let want = std::fs::read_to_string(path).unwrap_or_default();
    for (w, g) in want.lines().zip(lines.lines()) {
        assert_eq!(
            w, g,
            "self-play differs from {path} (MJ_BLESS=1 rewrites it)"
        );
    }
    assert_eq!(want, lines, "self-play differs from {path}");
}
