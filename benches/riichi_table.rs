//! Random legal play of riichi hands through the C ABI on one thread: `mj_table_deal`, then
//! `mj_table_pending`, `mj_table_legal_actions` and `mj_table_apply` of a uniformly random legal
//! action for the first pending seat until the hand is over (the loop RiichiEnv's Rust core is
//! timed with in `lab/peers/riichienv`). Also the same loop on the Rust API, and the Taiwanese
//! 16-tile table for reference. `cargo bench --bench riichi_table` (`MJ_BENCH_HANDS`, default
//! 20,000 hands per row; three runs, the median printed).

use std::time::Instant;

use mjkit::ffi::*;
use mjkit::table::rng::Rng;
use mjkit::table::{Phase, Rules, Table};

fn ffi_hands(rules: &MjRules, hands: u32, seed: u64) -> f64 {
    let mut t: *mut MjTable = std::ptr::null_mut();
    // SAFETY: valid pointers; the table is freed below.
    unsafe { mj_table_new(rules, seed, &mut t) };
    let mut rng = Rng::from_u64(seed);
    let mut legal = [MjAction {
        kind: 0,
        tile: 0,
        aux: 0,
    }; MJ_MAX_ACTIONS];
    let start = Instant::now();
    for h in 0..hands {
        // SAFETY: a live table.
        unsafe { mj_table_deal(t, h, (h % 4) as u8, 0) };
        loop {
            let (mut pending, mut phase) = (0u8, 0u8);
            // SAFETY: a live table, writable outputs.
            unsafe { mj_table_pending(t, &mut pending, &mut phase) };
            if phase == MJ_PHASE_OVER {
                break;
            }
            let seat = pending.trailing_zeros() as u8;
            let mut n = 0u32;
            // SAFETY: the buffer holds MJ_MAX_ACTIONS actions.
            unsafe { mj_table_legal_actions(t, seat, legal.as_mut_ptr(), MJ_MAX_ACTIONS, &mut n) };
            let a = legal[rng.below(u64::from(n)) as usize];
            // SAFETY: a live table.
            let s = unsafe { mj_table_apply(t, seat, a) };
            assert_eq!(s, MjStatus::Ok);
        }
    }
    let secs = start.elapsed().as_secs_f64();
    // SAFETY: the table from mj_table_new.
    unsafe { mj_table_free(t) };
    f64::from(hands) / secs
}

fn rust_hands(rules: Rules, hands: u32, seed: u64) -> f64 {
    let mut t = Table::new(rules, seed).expect("rules");
    let mut rng = Rng::from_u64(seed);
    let start = Instant::now();
    for h in 0..hands {
        t.deal(h, (h % 4) as u8, 0).expect("deal");
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let legal = t.legal_actions(seat);
            let a = legal.as_slice()[rng.below(legal.len() as u64) as usize];
            t.apply(seat, a).expect("legal");
        }
    }
    f64::from(hands) / start.elapsed().as_secs_f64()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
    v[v.len() / 2]
}

fn main() {
    let hands: u32 = std::env::var("MJ_BENCH_HANDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);
    mjkit::init();
    let mut riichi = mj_rules_default();
    // SAFETY: a writable MjRules.
    unsafe { mj_rules_preset(MJ_PRESET_RIICHI_TENHOU, &mut riichi) };
    let taiwan = mj_rules_default();
    println!("random legal play, one thread, {hands} hands per run, median of 3 runs");
    println!("{:<34} {:>12}", "loop", "hands/s");
    type Row<'a> = (&'a str, Box<dyn Fn(u64) -> f64 + 'a>);
    let rows: [Row; 4] = [
        (
            "riichi (Tenhou) through the C ABI",
            Box::new(|s| ffi_hands(&riichi, hands, s)),
        ),
        (
            "riichi (Tenhou), Rust API",
            Box::new(|s| rust_hands(Rules::riichi_tenhou(), hands, s)),
        ),
        (
            "taiwan16 through the C ABI",
            Box::new(|s| ffi_hands(&taiwan, hands, s)),
        ),
        (
            "taiwan16, Rust API",
            Box::new(|s| rust_hands(Rules::taiwan16(), hands, s)),
        ),
    ];
    // MJ_BENCH_ROW=n runs row n alone, once (for callgrind: scripts/callgrind-riichi-table.sh).
    let only: Option<usize> = std::env::var("MJ_BENCH_ROW")
        .ok()
        .and_then(|s| s.parse().ok());
    for (i, (name, f)) in rows.into_iter().enumerate() {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        let runs = if only.is_some() { 1 } else { 3 };
        let m = median((1..=runs).map(&f).collect());
        println!("{name:<34} {m:>12.0}");
    }
}
