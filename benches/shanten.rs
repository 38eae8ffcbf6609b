//! Shanten: ns per hand for mjkit and the `xiangting` crate on the same seeded random hands in
//! the same run, plus table load time and bytes.
//!
//! `cargo bench --bench shanten` (set `MJ_BENCH_N` to change the 1,000,000 hands per size).
//!
//! Hands are drawn from a shuffled 136-tile wall. Each figure is the median of 11 passes over all
//! hands; the passes of mjkit and xiangting alternate so both see the same machine state.
//! xiangting (6.0.2) accepts at most 14 tiles and always takes the minimum over the regular form,
//! seven pairs and thirteen orphans, so its anchor is printed for 13/14 tiles and compared with
//! mjkit's `Forms::RIICHI` (the same three forms). `core` calls `mjkit::shanten::shanten` on
//! prevalidated `Hand`s; `C ABI` calls `mj_shanten` on raw counts (validation included, as in
//! xiangting).

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use support::Rng;

use mjkit::ffi::{MjStatus, mj_shanten};
use mjkit::shanten::shanten;
use mjkit::{Counts, Forms, Hand, TILE_KINDS};

fn wall_hand(rng: &mut Rng, size: usize) -> Counts {
    let mut wall: [u8; 136] = std::array::from_fn(|i| (i / 4) as u8);
    let mut c = [0u8; TILE_KINDS];
    for i in 0..size {
        let j = i + (rng.next_u64() % (136 - i) as u64) as usize;
        wall.swap(i, j);
        c[usize::from(wall[i])] += 1;
    }
    c
}

const PASSES: usize = 11;

/// `MJ_BENCH_ONLY=none|regular|riichi|capi|xiangting`: one pass of one function over
/// `MJ_BENCH_N` hands of `MJ_BENCH_SIZE` (default 14) tiles, for instruction counting under
/// callgrind: instructions per hand = (Ir(mode) - Ir(none)) / N.
fn only(mode: &str, n: usize) {
    let size: usize = std::env::var("MJ_BENCH_SIZE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(14);
    let mut rng = Rng(0x5EED_0000 + size as u64);
    let hands: Vec<Hand> = (0..n)
        .map(|_| Hand::new(&wall_hand(&mut rng, size)).unwrap())
        .collect();
    mjkit::init();
    let riichi = if size <= 14 {
        Forms::RIICHI
    } else {
        Forms::REGULAR
    };
    let mut acc = 0i64;
    for h in &hands {
        let h = black_box(h);
        acc += match mode {
            "none" => i64::from(h.total()),
            "regular" => i64::from(shanten(h.counts(), Forms::REGULAR).unwrap()),
            "riichi" => i64::from(shanten(h.counts(), riichi).unwrap()),
            "capi" => {
                let mut out = 0;
                // SAFETY: a 34-byte array and a valid output.
                let st = unsafe { mj_shanten(h.counts().as_ptr(), riichi.bits(), &mut out) };
                assert_eq!(st, MjStatus::Ok);
                i64::from(out)
            }
            "xiangting" => i64::from(
                xiangting::calculate_replacement_number(h.counts(), xiangting::PlayerCount::Four)
                    .unwrap(),
            ),
            _ => panic!("MJ_BENCH_ONLY: none, regular, riichi, capi or xiangting"),
        };
    }
    println!("{mode}: {n} hands of {size} tiles, checksum {acc}");
}

fn main() {
    if let Ok(mode) = std::env::var("MJ_BENCH_ONLY") {
        let n = std::env::var("MJ_BENCH_N")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(100_000);
        return only(&mode, n);
    }
    println!(
        "shanten tables: {} bytes (statics built at compile time, nothing to load)",
        mjkit::shanten::table_bytes()
    );
    let n: usize = std::env::var("MJ_BENCH_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    println!("{n} random hands per size, median of {PASSES} passes, ns per hand\n");
    println!(
        "| tiles | mjkit regular (core) | mjkit all forms (core) | mjkit all forms (C ABI) | xiangting (all forms) | mjkit / xiangting |"
    );
    println!("|---|---|---|---|---|---|");
    for size in [13usize, 14, 16, 17] {
        let mut rng = Rng(0x5EED_0000 + size as u64);
        let counts: Vec<Counts> = (0..n).map(|_| wall_hand(&mut rng, size)).collect();
        let hands: Vec<Hand> = counts.iter().map(|c| Hand::new(c).unwrap()).collect();
        let all = if size <= 14 {
            Forms::RIICHI
        } else {
            Forms::REGULAR
        };
        let anchor = size <= 14;
        let (mut reg, mut forms, mut ffi, mut xt) = (vec![], vec![], vec![], vec![]);
        for _ in 0..PASSES {
            reg.push(support::ns_per_item(&hands, |h| {
                i64::from(shanten(h.counts(), Forms::REGULAR).unwrap())
            }));
            forms.push(support::ns_per_item(&hands, |h| {
                i64::from(shanten(h.counts(), all).unwrap())
            }));
            ffi.push(support::ns_per_item(&counts, |c| {
                let mut out = 0;
                // SAFETY: a 34-byte array and a valid output.
                let st = unsafe { mj_shanten(c.as_ptr(), all.bits(), &mut out) };
                assert_eq!(st, MjStatus::Ok);
                i64::from(out)
            }));
            if anchor {
                xt.push(support::ns_per_item(&counts, |c| {
                    i64::from(
                        xiangting::calculate_replacement_number(c, xiangting::PlayerCount::Four)
                            .unwrap(),
                    )
                }));
            }
        }
        let (reg, forms, ffi) = (
            support::median(reg),
            support::median(forms),
            support::median(ffi),
        );
        if anchor {
            let xt = support::median(xt);
            println!(
                "| {size} | {reg:.1} | {forms:.1} | {ffi:.1} | {xt:.1} | {:.2} (core) / {:.2} (C ABI) |",
                forms / xt,
                ffi / xt
            );
        } else {
            println!(
                "| {size} | {reg:.1} | {forms:.1} (regular only) | {ffi:.1} | n/a (max 14 tiles) | n/a |"
            );
        }
    }

    // Tile efficiency on 13-tile hands (ukeire) and 14-tile hands (every discard).
    let mut rng = Rng(0x5EED_1000);
    let m = (n / 10).max(1);
    let h13: Vec<Hand> = (0..m)
        .map(|_| Hand::new(&wall_hand(&mut rng, 13)).unwrap())
        .collect();
    let h14: Vec<Hand> = (0..m)
        .map(|_| Hand::new(&wall_hand(&mut rng, 14)).unwrap())
        .collect();
    let uk = support::median(
        (0..PASSES)
            .map(|_| {
                support::ns_per_item(&h13, |h| {
                    i64::from(
                        mjkit::efficiency::ukeire(h.counts(), Forms::RIICHI, None)
                            .unwrap()
                            .total,
                    )
                })
            })
            .collect(),
    );
    let dc = support::median(
        (0..PASSES)
            .map(|_| {
                support::ns_per_item(&h14, |h| {
                    let mut n = 0i64;
                    mjkit::efficiency::discards(h.counts(), Forms::RIICHI, None, |_| n += 1)
                        .unwrap();
                    n
                })
            })
            .collect(),
    );
    println!(
        "\nukeire (13 tiles, riichi forms): {uk:.0} ns per hand; discards (14 tiles): {dc:.0} ns per hand ({m} hands)"
    );
}
