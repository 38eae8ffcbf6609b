//! Differential test: mjkit's riichi scorer against the reference calculator (PyPI `mahjong`
//! 2.1.0, `HandCalculator.estimate_hand_value`) on `MJ_DIFF_N` (default 100,000) seeded
//! generated hands with random rules.
//!
//! The oracle runs through `tests/oracle/riichi_oracle.py` in one Python process; the
//! interpreter is `$MJ_ORACLE_PYTHON` or a venv that `tests/oracle/setup.sh` creates under
//! `target/`. If the oracle cannot run the test FAILS; `MJ_SKIP_ORACLE=1` skips it (local use
//! only).

mod riichi_common;

use mjkit::Error;
use mjkit::riichi::{self, YAKU_SLOTS, yaku};
use riichi_common::{
    Deviation, Expect, generate, oracle_python, ours, parse_line, reference_label, run_oracle,
};
use std::collections::BTreeMap;

#[test]
fn riichi_matches_reference_calculator() {
    if std::env::var_os("MJ_SKIP_ORACLE").is_some_and(|v| v == "1") {
        eprintln!("MJ_SKIP_ORACLE=1: the riichi differential test was SKIPPED");
        return;
    }
    let n: usize = std::env::var("MJ_DIFF_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let seed: u64 = std::env::var("MJ_DIFF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5249_4943);
    let python = oracle_python().unwrap_or_else(|e| panic!("the riichi oracle cannot run: {e}"));
    let t0 = std::time::Instant::now();
    let cases = generate(seed, n);
    let lines = run_oracle(&python, &cases, &[]);
    let oracle_secs = t0.elapsed().as_secs_f64();
    assert_eq!(lines.len(), n, "one oracle line per hand");

    let mut yaku_seen = [0usize; YAKU_SLOTS];
    let mut families: BTreeMap<&str, usize> = BTreeMap::new();
    let mut outcomes: BTreeMap<String, usize> = BTreeMap::new();
    let mut deviations: BTreeMap<Deviation, usize> = BTreeMap::new();
    let mut cond_seen = [0usize; 13];
    let mut meld_kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut limits: BTreeMap<String, usize> = BTreeMap::new();
    let (mut scored, mut three, mut open, mut closed) = (0usize, 0usize, 0usize, 0usize);
    let mut diffs = Vec::new();
    for (i, (case, line)) in cases.iter().zip(&lines).enumerate() {
        *families.entry(case.family).or_default() += 1;
        let h = &case.hand;
        let oracle = parse_line(line);
        let mine = riichi::score(h, &case.rules);
        let mut bump = |k: String| *outcomes.entry(k).or_default() += 1;
        match (case.expect, &mine, &oracle) {
            (Expect::Refuse(e), Err(got), _) if *got == e => {
                let e = match e {
                    Error::TooManyCopies { .. } => "TooManyCopies".to_string(),
                    e => format!("{e:?}"),
                };
                bump(format!(
                    "refused as planned: {e} (oracle {})",
                    if oracle.is_ok() { "scores" } else { "refuses" }
                ));
            }
            (Expect::Refuse(e), _, _) => diffs.push(format!(
                "#{i} expected refusal {e:?}, got {mine:?}\n  {h:?}"
            )),
            (Expect::Agree, Ok(s), Ok(o)) => {
                let is_open = h.melds().iter().any(|m| m.kind().is_open());
                let daisharin = [yaku::DAISHARIN, yaku::DAISUURIN, yaku::DAICHIKURIN];
                if is_open && o.yaku.iter().any(|(id, _)| daisharin.contains(id)) {
                    *deviations.entry(Deviation::OpenDaisharin).or_default() += 1;
                    continue;
                }
                let (y, parts, cost) = ours(s);
                let (label, dev) = reference_label(s, &case.rules);
                if let Some(d) = dev {
                    *deviations.entry(d).or_default() += 1;
                }
                let mut oparts = o.fu_parts.clone();
                oparts.sort_unstable();
                if i64::from(s.han) != o.han
                    || i64::from(s.fu) != o.fu
                    || y != o.yaku
                    || parts != oparts
                    || cost != o.cost
                    || label != o.level
                {
                    diffs.push(format!(
                        "#{i} {:?} rules {:?}\n  mjkit  han {} fu {} {y:?} {parts:?} {cost:?} {label:?} ({:?})\n  oracle han {} fu {} {:?} {oparts:?} {:?} {:?}",
                        h, case.rules, s.han, s.fu, s.limit, o.han, o.fu, o.yaku, o.cost, o.level
                    ));
                    continue;
                }
                scored += 1;
                for (id, _) in s.yaku_list() {
                    yaku_seen[id] += 1;
                }
                *limits.entry(format!("{:?}", s.limit)).or_default() += 1;
                three += usize::from(case.rules.three_player);
                if is_open {
                    open += 1
                } else {
                    closed += 1
                }
                for (b, c) in cond_seen.iter_mut().enumerate() {
                    if h.conditions & (1 << b) != 0 {
                        *c += 1;
                    }
                }
                for m in h.melds() {
                    *meld_kinds.entry(format!("{:?}", m.kind())).or_default() += 1;
                }
            }
            (Expect::Agree, Err(Error::NotWinning), Err(msg)) if msg == "hand_not_winning" => {
                bump("not winning (both)".into())
            }
            (Expect::Agree, Err(Error::NoYaku), Err(msg)) if msg == "no_yaku" => {
                bump("no yaku (both)".into())
            }
            (Expect::Agree, Err(Error::NoYaku), Ok(o))
                if h.melds().iter().any(|m| m.kind().is_open())
                    && o.yaku.iter().any(|(id, _)| {
                        [yaku::DAISHARIN, yaku::DAISUURIN, yaku::DAICHIKURIN].contains(id)
                    }) =>
            {
                *deviations.entry(Deviation::OpenDaisharin).or_default() += 1;
            }
            _ => diffs.push(format!(
                "#{i} {:?} rules {:?}\n  mjkit  {mine:?}\n  oracle {oracle:?}",
                h, case.rules
            )),
        }
    }
    eprintln!(
        "riichi differential: {n} hands ({:.1} s generation + oracle), {scored} scored identically, {} differences",
        oracle_secs,
        diffs.len()
    );
    eprintln!("  families: {families:?}");
    eprintln!("  outcomes: {outcomes:?}");
    eprintln!("  documented deviations: {deviations:?}");
    eprintln!("  open {open}, closed {closed}, three-player {three}; limits: {limits:?}");
    eprintln!("  conditions (bit order): {cond_seen:?}; melds: {meld_kinds:?}");
    let cov: Vec<String> = (1..YAKU_SLOTS)
        .map(|id| format!("{id}:{}", yaku_seen[id]))
        .collect();
    eprintln!("  yaku coverage: {}", cov.join(" "));
    for d in diffs.iter().take(12) {
        eprintln!("{d}");
    }
    assert!(
        diffs.is_empty(),
        "{} differences with the reference",
        diffs.len()
    );
    if n >= 100_000 {
        let thin: Vec<usize> = (1..YAKU_SLOTS).filter(|&id| yaku_seen[id] < 10).collect();
        assert!(thin.is_empty(), "yaku seen fewer than 10 times: {thin:?}");
        assert!(
            cond_seen.iter().all(|&c| c >= 20),
            "every condition bit: {cond_seen:?}"
        );
        assert_eq!(meld_kinds.len(), 5, "every meld kind: {meld_kinds:?}");
        assert!(three >= 1000 && open >= 1000 && closed >= 1000);
    }
}
