//! Riichi scoring speed: microseconds per hand on a fixed set of 20,000 generated winning hands
//! (seeded, random rules, every meld kind and condition, three-player included), for
//! `mjkit::riichi::score`, the C entry point `mj_riichi_score`, and the reference calculator
//! (PyPI `mahjong` 2.1.0, `HandCalculator.estimate_hand_value`) on the same hands in the same run.
//!
//! Run: `cargo bench --bench riichi`. The Python side needs the oracle venv (created on demand by
//! `tests/oracle/setup.sh`, or `MJ_ORACLE_PYTHON`); without it only mjkit's figures are printed.
//! riichienv-core is timed by the lab's separate crate `lab/peers/riichienv` (see `lab/README.md`).

#[path = "../tests/riichi_common/mod.rs"]
mod riichi_common;

use mjkit::ffi::{MjRiichiResult, mj_riichi_score};
use mjkit::riichi;
use riichi_common::support::best_us_per_item;
use std::hint::black_box;

const HANDS: usize = 20_000;

fn main() {
    mjkit::init();
    let cases: Vec<_> = riichi_common::generate(0xBE4C_0009, HANDS * 2)
        .into_iter()
        .filter(|c| riichi::score(&c.hand, &c.rules).is_ok())
        .take(HANDS)
        .collect();
    assert_eq!(cases.len(), HANDS);
    let c_cases: Vec<_> = cases.iter().map(|c| riichi_common::to_c(c, 0)).collect();
    let reps: usize = std::env::var("MJ_BENCH_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(15);
    let core = best_us_per_item(reps, HANDS, || {
        cases
            .iter()
            .map(|c| {
                riichi::score(black_box(&c.hand), black_box(&c.rules)).map_or(0, |s| s.total as u64)
            })
            .sum()
    });
    let ffi = best_us_per_item(reps, HANDS, || {
        // SAFETY: a plain-data struct; all-zero is a valid value.
        let mut out: MjRiichiResult = unsafe { std::mem::zeroed() };
        c_cases
            .iter()
            .map(|(h, r)| {
                // SAFETY: valid pointers to live values.
                let st = unsafe { mj_riichi_score(black_box(h), black_box(r), &mut out) };
                st as u64 + out.total as u64
            })
            .sum()
    });
    println!(
        "Riichi scoring, {HANDS} winning hands (seeded generator, random rules, melds, conditions, sanma)"
    );
    println!("  mjkit::riichi::score     {core:8.3} us/hand");
    println!("  mj_riichi_score (C ABI)  {ffi:8.3} us/hand");
    match riichi_common::oracle_python() {
        Ok(py) => {
            let lines = riichi_common::run_oracle(&py, &cases, &["--bench"]);
            let py_us: f64 = lines
                .first()
                .and_then(|l| l.trim().parse().ok())
                .expect("oracle timing line");
            println!(
                "  mahjong 2.1.0 (Python)   {py_us:8.3} us/hand   (estimate_hand_value, same hands)"
            );
            println!(
                "  ratio Python/mjkit       {:8.0}x (core), {:.0}x (C ABI)",
                py_us / core,
                py_us / ffi
            );
        }
        Err(e) => println!("  reference not measured: {e}"),
    }
}
