//! Tai scoring speed: median nanoseconds per win over repeated passes on a fixed set of seeded
//! generated wins (both presets), through the core (`tai::score`) and through the C ABI
//! (`mj_tai_score`, on the same structs: the core's are the C ABI's), beside two anchors timed in the same run on the same
//! machine: the MCR scorer (`mjkit::mcr::score`) on its own generated winning hands, and the
//! 17-tile regular win check.
//!
//! Run: `cargo bench --bench tai` (`MJ_BENCH_REPS` passes, default 21).

// Both generators bring their own copy of tests/support.
#![allow(clippy::duplicate_mod)]

#[path = "../tests/mcr_common/mod.rs"]
mod mcr_common;
#[path = "../tests/tai_common/mod.rs"]
mod tai_common;

use mjkit::ffi::{MJ_TAI_PATTERN_SLOTS, MJ_TAI_SEATS, MjStatus, MjTaiResult, mj_tai_score};
use mjkit::tai::WinHow;
use mjkit::tai::{self, TaiRules};
use mjkit::{Forms, mcr};
use std::hint::black_box;
use std::time::Instant;

const HANDS: usize = 20_000;

/// Median over `reps` passes of the nanoseconds per item of `f` (one pass over `items`).
fn median_ns(reps: usize, items: usize, mut f: impl FnMut() -> u64) -> f64 {
    let mut v: Vec<f64> = (0..reps)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed().as_secs_f64() * 1e9 / items as f64
        })
        .collect();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    mjkit::init();
    let reps: usize = std::env::var("MJ_BENCH_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(21);
    let mut rng = tai_common::Rng::new(0x7A1_BE4C);
    let presets = [TaiRules::atawmj(), TaiRules::common()];
    let mut wins = Vec::with_capacity(HANDS);
    while wins.len() < HANDS {
        let f = tai_common::random_facts(&mut rng);
        let r = presets[wins.len() % 2];
        if tai::score(&f, &r).is_ok() {
            wins.push((f, r));
        }
    }
    let regular: Vec<_> = wins
        .iter()
        .filter(|(f, _)| {
            f.meld_count == 0 && matches!(f.how(), WinHow::SelfDrawn | WinHow::Discard)
        })
        .map(|(f, _)| f.counts)
        .collect();
    let mcr_hands: Vec<_> = mcr_common::generate(0xBE4C_0001, HANDS * 2)
        .into_iter()
        .map(|c| c.hand)
        .filter(|h| mcr::score(h).is_ok())
        .take(HANDS)
        .collect();

    let tai_ns = median_ns(reps, wins.len(), || {
        wins.iter()
            .map(|(f, r)| tai::score(black_box(f), r).map_or(0, |s| u64::from(s.total)))
            .sum()
    });
    let ffi_ns = median_ns(reps, wins.len(), || {
        let mut out = MjTaiResult {
            tai: [0; MJ_TAI_PATTERN_SLOTS],
            hand_tai: 0,
            dealer_tai: 0,
            total: 0,
            winner_tai: 0,
            qualifies: 0,
            payments: [0; MJ_TAI_SEATS],
        };
        wins.iter()
            .map(|(h, r)| {
                // SAFETY: valid pointers to live values.
                let st = unsafe { mj_tai_score(black_box(h), r, &mut out) };
                if st == MjStatus::Ok {
                    u64::from(out.total)
                } else {
                    0
                }
            })
            .sum()
    });
    let mcr_ns = median_ns(reps, mcr_hands.len(), || {
        mcr_hands
            .iter()
            .map(|h| mcr::score(black_box(h)).map_or(0, |s| s.total as u64))
            .sum()
    });
    let win_ns = median_ns(reps, regular.len(), || {
        regular
            .iter()
            .map(|c| u64::from(mjkit::win::is_win(black_box(c), Forms::REGULAR) == Ok(true)))
            .sum()
    });
    println!("Tai scoring, {HANDS} generated wins (both presets), median of {reps} passes");
    println!("  mjkit::tai::score              {tai_ns:8.1} ns/win");
    println!("  mj_tai_score (C ABI)           {ffi_ns:8.1} ns/win");
    println!("anchors, same run:");
    println!(
        "  mjkit::mcr::score              {mcr_ns:8.1} ns/hand  ({} MCR winning hands)",
        mcr_hands.len()
    );
    println!(
        "  win::is_win (17 tiles)        {win_ns:8.1} ns/hand  ({} concealed wins)",
        regular.len()
    );
    println!("  tai / mcr                      {:8.2}x", tai_ns / mcr_ns);
}
