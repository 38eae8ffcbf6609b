//! Differential test: mjkit's MCR scorer against the reference calculator (pymahjonggb) on
//! `MJ_DIFF_N` (default 100,000) seeded generated winning hands.
//!
//! The oracle runs through `tests/oracle/mcr_oracle.py`; the interpreter is `$MJ_ORACLE_PYTHON`
//! or a venv that `tests/oracle/setup.sh` creates under `target/` (pip install pymahjonggb). If
//! the oracle cannot run the test FAILS; `MJ_SKIP_ORACLE=1` skips it (local use only).

mod mcr_common;

use mcr_common::{Expect, generate, oracle_python, parse_line, run_oracle};
use mjkit::Error;
use mjkit::mcr::{self, FAN_SLOTS, fans};
use std::collections::BTreeMap;

#[test]
fn mcr_matches_reference_calculator() {
    if std::env::var_os("MJ_SKIP_ORACLE").is_some_and(|v| v == "1") {
        eprintln!("MJ_SKIP_ORACLE=1: the MCR differential test was SKIPPED");
        return;
    }
    let n: usize = std::env::var("MJ_DIFF_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let seed: u64 = std::env::var("MJ_DIFF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x4D43_5221);
    let python = oracle_python().unwrap_or_else(|e| panic!("the MCR oracle cannot run: {e}"));
    let cases = generate(seed, n);
    let hands: Vec<_> = cases.iter().map(|c| c.hand).collect();
    let lines = run_oracle(&python, &hands, &[]);
    assert_eq!(lines.len(), n, "one oracle line per hand");

    let mut fan_seen = [0usize; FAN_SLOTS];
    let mut families: BTreeMap<&str, usize> = BTreeMap::new();
    let mut refusals: BTreeMap<String, usize> = BTreeMap::new();
    let mut flag_seen = [0usize; 4];
    let mut meld_kinds: BTreeMap<String, usize> = BTreeMap::new();
    let (mut below8, mut scored) = (0usize, 0usize);
    let mut diffs = Vec::new();
    for (i, (case, line)) in cases.iter().zip(&lines).enumerate() {
        *families.entry(case.family).or_default() += 1;
        for (b, seen) in flag_seen.iter_mut().enumerate() {
            if case.hand.flags & (1 << b) != 0 {
                *seen += 1;
            }
        }
        for m in case.hand.melds() {
            *meld_kinds.entry(format!("{:?}", m.kind())).or_default() += 1;
        }
        let oracle = parse_line(line);
        let ours = mcr::score(&case.hand);
        match (&ours, &oracle, case.expect) {
            (Ok(s), Ok(want), Expect::Score) => {
                let got: Vec<(usize, u32)> =
                    s.fan_list().map(|(id, n)| (id, u32::from(n))).collect();
                let want_total: u32 = want
                    .iter()
                    .map(|&(id, n)| n * u32::from(fans::points(id).unwrap_or(0)))
                    .sum();
                if &got != want || s.total as u32 != want_total {
                    diffs.push(format!(
                        "#{i} {:?}\n  mjkit  {got:?} = {}\n  oracle {want:?} = {want_total}",
                        case.hand, s.total
                    ));
                }
                scored += 1;
                if !s.qualifies() {
                    below8 += 1;
                }
                for (id, _) in s.fan_list() {
                    fan_seen[id] += 1;
                }
            }
            (Err(e), Ok(_), Expect::InvalidFlags) if *e == Error::InvalidFlags => {
                *refusals
                    .entry("invalid flags (oracle scores)".into())
                    .or_default() += 1;
            }
            (Err(Error::TooManyCopies { .. }), Ok(_), Expect::TooManyCopies) => {
                *refusals
                    .entry("fifth copy (oracle scores)".into())
                    .or_default() += 1;
            }
            (Err(Error::NotWinning), Err(msg), _) if msg.contains("NOT_WIN") => {
                *refusals.entry("not winning (both)".into()).or_default() += 1;
            }
            _ => diffs.push(format!(
                "#{i} {:?} expect {:?}\n  mjkit  {ours:?}\n  oracle {oracle:?}",
                case.hand, case.expect
            )),
        }
    }
    eprintln!(
        "MCR differential: {n} hands, {scored} scored identically, {} differences",
        diffs.len()
    );
    eprintln!("  families: {families:?}");
    eprintln!("  refusals: {refusals:?}");
    eprintln!("  flags (self, last copy, kong, wall last): {flag_seen:?}; melds: {meld_kinds:?}");
    eprintln!("  totals below 8: {below8}");
    let rare: Vec<String> = (1..FAN_SLOTS)
        .map(|id| format!("{id}:{}", fan_seen[id]))
        .collect();
    eprintln!("  fan coverage: {}", rare.join(" "));
    for d in diffs.iter().take(20) {
        eprintln!("{d}");
    }
    assert!(
        diffs.is_empty(),
        "{} differences with the reference",
        diffs.len()
    );
    if n >= 100_000 {
        let thin: Vec<usize> = (1..FAN_SLOTS).filter(|&id| fan_seen[id] < 20).collect();
        assert!(thin.is_empty(), "fans seen fewer than 20 times: {thin:?}");
        assert!(below8 >= 20, "too few totals below 8");
        assert!(flag_seen.iter().all(|&c| c >= 20));
        assert_eq!(meld_kinds.len(), 4, "every meld kind: {meld_kinds:?}");
    }
}
