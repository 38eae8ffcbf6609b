//! Win check and waits: ns per hand, table fast path vs the Theorem-1 reference path, same hands,
//! same run. `cargo bench --bench win` (set `MJ_BENCH_N` to change the 1,000,000 hands).
//!
//! Two hand sets per size: `random` (tiles drawn from a full wall) and `near` (built from melds
//! and a pair, then a tile swapped half of the time), since random hands are almost never close
//! to complete and let every path exit early.

#[path = "../tests/support/mod.rs"]
mod support;

use std::time::Instant;

use mjkit::win::{regular, theorem1};
use mjkit::{Forms, Hand};

/// Median over `runs` passes of the ns per hand of `f` over all hands.
fn time<T, R>(hands: &[T], runs: usize, mut f: impl FnMut(&T) -> R) -> f64 {
    support::median(
        (0..runs)
            .map(|_| support::ns_per_item(hands, &mut f))
            .collect(),
    )
}

fn main() {
    let n: usize = std::env::var("MJ_BENCH_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let runs = 5;
    let t0 = Instant::now();
    mjkit::init();
    println!(
        "mjkit win bench: {n} hands per set, median of {runs} runs; tables {} bytes, init {:.2} ms",
        regular::table_bytes(),
        t0.elapsed().as_secs_f64() * 1e3
    );
    println!(
        "{:<22} {:>8} {:>12} {:>12} {:>12} {:>8}",
        "operation", "set", "fast ns", "ffi ns", "theorem1 ns", "ratio"
    );
    let mut rng = support::Rng(42);
    for (size, op) in [(14, "win"), (17, "win"), (13, "waits"), (16, "waits")] {
        for set in ["random", "near"] {
            let hands: Vec<Hand> = (0..n)
                .map(|_| {
                    let c = if set == "random" {
                        support::wall_hand(&mut rng, size)
                    } else {
                        support::near_hand(&mut rng, size)
                    };
                    Hand::new(&c).expect("valid hand")
                })
                .collect();
            let (fast, ffi, reference) = if op == "win" {
                (
                    time(&hands, runs, |h| u64::from(regular::is_complete(h))),
                    time(&hands, runs, |h| {
                        let mut out = 0u8;
                        // SAFETY: a 34-byte array and a valid output location.
                        unsafe {
                            mjkit::ffi::mj_is_win(
                                h.counts().as_ptr(),
                                mjkit::ffi::MJ_FORM_REGULAR,
                                &mut out,
                            )
                        };
                        u64::from(out)
                    }),
                    time(&hands, runs, |h| {
                        u64::from(theorem1::is_complete(h.counts()))
                    }),
                )
            } else {
                (
                    time(&hands, runs, regular::waits),
                    time(&hands, runs, |h| {
                        let mut out = 0u64;
                        // SAFETY: a 34-byte array and a valid output location.
                        unsafe {
                            mjkit::ffi::mj_waits(
                                h.counts().as_ptr(),
                                mjkit::ffi::MJ_FORM_REGULAR,
                                &mut out,
                            )
                        };
                        out
                    }),
                    time(&hands, runs, |h| theorem1::waits(h.counts())),
                )
            };
            println!(
                "{:<22} {:>8} {:>12.1} {:>12.1} {:>12.1} {:>7.1}x",
                format!("{op} {size} tiles (regular)"),
                set,
                fast,
                ffi,
                reference,
                reference / fast
            );
        }
    }
    // All riichi forms through the safe API, 14 / 13 tiles.
    let hands14: Vec<Hand> = (0..n)
        .map(|_| Hand::new(&support::wall_hand(&mut rng, 14)).unwrap())
        .collect();
    let hands13: Vec<Hand> = (0..n)
        .map(|_| Hand::new(&support::wall_hand(&mut rng, 13)).unwrap())
        .collect();
    let w = time(&hands14, runs, |h| {
        u64::from(mjkit::win::is_win(h.counts(), Forms::RIICHI).unwrap_or(false))
    });
    let q = time(&hands13, runs, |h| {
        mjkit::win::waits(h.counts(), Forms::RIICHI).unwrap_or(0)
    });
    println!("{:<22} {:>8} {:>12.1}", "win 14 (3 forms)", "random", w);
    println!("{:<22} {:>8} {:>12.1}", "waits 13 (3 forms)", "random", q);
}
