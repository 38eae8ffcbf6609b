//! MCR scoring speed: microseconds per hand on a fixed set of 20,000 generated winning hands
//! (seeded), for `mjkit::mcr::score`, the C entry point `mj_mcr_score`, and the reference
//! calculator called from Python (pymahjonggb) on the same hands in the same run.
//!
//! Run: `cargo bench --bench mcr`. The Python side needs the oracle venv (created on demand by
//! `tests/oracle/setup.sh`, or `MJ_ORACLE_PYTHON`); without it only mjkit's figures are printed.

#[path = "../tests/mcr_common/mod.rs"]
mod mcr_common;

use mjkit::ffi::{MjMcrHand, MjMcrMeld, MjMcrResult, mj_mcr_hand_default, mj_mcr_score};
use mjkit::mcr::{self, MeldKind};
use std::hint::black_box;
use std::time::Instant;

const HANDS: usize = 20_000;

fn per_hand_us(reps: usize, mut f: impl FnMut() -> u64) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..reps {
        let t = Instant::now();
        black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    best / HANDS as f64 * 1e6
}

fn main() {
    mjkit::init();
    let hands: Vec<_> = mcr_common::generate(0xBE4C_0001, HANDS * 2)
        .into_iter()
        .map(|c| c.hand)
        .filter(|h| mcr::score(h).is_ok())
        .take(HANDS)
        .collect();
    assert_eq!(hands.len(), HANDS);
    let c_hands: Vec<MjMcrHand> = hands
        .iter()
        .map(|h| {
            let mut c = mj_mcr_hand_default();
            c.counts = h.counts;
            c.meld_count = h.meld_count;
            for (slot, m) in c.melds.iter_mut().zip(h.melds()) {
                *slot = MjMcrMeld {
                    kind: match m.kind {
                        MeldKind::Chow => 1,
                        MeldKind::Pung => 2,
                        MeldKind::Kong => 3,
                        MeldKind::ConcealedKong => 4,
                    },
                    tile: m.tile,
                    claimed: m.claimed,
                };
            }
            c.win_tile = h.win_tile;
            c.flags = h.flags;
            c.seat_wind = h.seat_wind;
            c.prevalent_wind = h.prevalent_wind;
            c.flowers = h.flowers;
            c
        })
        .collect();

    let core = per_hand_us(15, || {
        hands
            .iter()
            .map(|h| mcr::score(black_box(h)).map_or(0, |s| s.total as u64))
            .sum()
    });
    let ffi = per_hand_us(15, || {
        let mut out: MjMcrResult = unsafe { std::mem::zeroed() };
        c_hands
            .iter()
            .map(|h| {
                // SAFETY: valid pointers to live values.
                let st = unsafe { mj_mcr_score(black_box(h), &mut out) };
                st as u64 + out.total as u64
            })
            .sum()
    });
    println!("MCR scoring, {HANDS} winning hands (seeded generator, all forms, melds and flags)");
    println!("  mjkit::mcr::score      {core:8.3} us/hand");
    println!("  mj_mcr_score (C ABI)   {ffi:8.3} us/hand");
    match mcr_common::oracle_python() {
        Ok(py) => {
            let lines = mcr_common::run_oracle(&py, &hands, &["--bench"]);
            let py_us: f64 = lines
                .first()
                .and_then(|l| l.trim().parse().ok())
                .expect("oracle timing line");
            println!(
                "  pymahjonggb (Python)   {py_us:8.3} us/hand   (reference C++ core + Python call)"
            );
            println!("  ratio reference/mjkit  {:8.1}x", py_us / core);
        }
        Err(e) => println!("  reference not measured: {e}"),
    }
}
