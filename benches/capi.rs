//! The C ABI as a caller sees it: every `mj_` hot function on raw count arrays, validation
//! included, next to xiangting (a dev-dependency) on the same hands in the same run.
//!
//! `cargo bench --bench capi`: ns per call (median of 11 passes, the passes of the functions
//! alternating) and the ratio to xiangting's shanten. Hands are drawn from a shuffled 136-tile
//! wall (fixed seed): 14 tiles for `mj_shanten`, `mj_is_win` and `mj_discards`, 13 tiles for
//! `mj_waits` and `mj_ukeire`; forms `MJ_FORMS_RIICHI` (`MJ_BENCH_FORMS` to change).
//!
//! Instruction counts (repeatable, unlike wall time on a shared machine): with
//! `MJ_BENCH_ONLY=<mode>` the binary makes one pass of one function over `MJ_BENCH_N` hands
//! (default 100,000) and exits, so under callgrind
//! `instructions per call = (Ir(mode) - Ir(none)) / N`, and per hand of a batch call
//! `(Ir(mode) - Ir(none_mode)) / N` (`none_shanten_batch` etc.: the same output buffers and
//! checksum without the call, so the batch call's own loop counts against it);
//! `scripts/callgrind-capi.sh` runs every mode and prints the instructions per call of docs/performance.md. Modes:
//! `none` (the loop of calls alone), `shanten`,
//! `is_win`, `waits`, `ukeire`, `discards` (the `mj_` functions), `shanten_batch`, `is_win_batch`,
//! `waits_batch` (per hand of one batch call over all hands), `entry_shanten`, `entry_is_win`,
//! `entry_waits` (the safe core's entries `shanten::shanten`, `win::is_win`, `win::waits` on raw
//! counts, which they validate, behind one out-of-line function call per hand as for the `mj_`
//! functions), `core_shanten`, `core_is_win`, `core_waits` (the same entries inlined into the
//! loop, on the counts of prevalidated `Hand`s) and `xiangting`.
//!
//! With `NYANTEN_DIR` set to a checkout of nyanten (header-only C++, never committed), the
//! bench also builds `benches/nyanten/compare.cpp` with `clang++-19 -O3` (`MJ_CXX` to change)
//! against `libmjkit.a` and runs it: the same hands, `mj_shanten` and nyanten in the same
//! process, with the ratio.

#[path = "../tests/support/mod.rs"]
mod support;

/// `shanten::shanten` behind a function call, as a Rust program that does not inline it calls it.
#[inline(never)]
fn entry_shanten(c: &Counts, f: Forms) -> i32 {
    mjkit::shanten::shanten(c, f).unwrap()
}

/// `win::is_win` behind a function call.
#[inline(never)]
fn entry_is_win(c: &Counts, f: Forms) -> bool {
    mjkit::win::is_win(c, f).unwrap()
}

/// `win::waits` behind a function call.
#[inline(never)]
fn entry_waits(c: &Counts, f: Forms) -> u64 {
    mjkit::win::waits(c, f).unwrap()
}

use std::hint::black_box;

use mjkit::ffi::{
    MjDiscard, MjStatus, mj_discards, mj_is_win, mj_is_win_batch, mj_shanten, mj_shanten_batch,
    mj_ukeire, mj_waits, mj_waits_batch,
};
use mjkit::{Counts, Forms, Hand, TILE_KINDS};
use support::Rng;

/// `size` tiles from a wall of 136 shuffled by a partial Fisher-Yates (the first `size` places).
fn shuffled_wall_hand(rng: &mut Rng, size: usize) -> Counts {
    let mut wall: [u8; 136] = std::array::from_fn(|i| (i / 4) as u8);
    let mut c = [0u8; TILE_KINDS];
    for i in 0..size {
        let j = i + rng.below(136 - i);
        wall.swap(i, j);
        c[usize::from(wall[i])] += 1;
    }
    c
}

/// The hand set of one size (the seed depends on the size only).
fn hands(size: usize, n: usize) -> Vec<Counts> {
    let mut rng = Rng(0xCAB1_0000 + size as u64);
    (0..n).map(|_| shuffled_wall_hand(&mut rng, size)).collect()
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn ok(st: MjStatus) {
    assert_eq!(st, MjStatus::Ok);
}

fn shanten(c: &Counts, forms: u32) -> i64 {
    let mut out = 0;
    // SAFETY: a 34-byte array and a valid output.
    ok(unsafe { mj_shanten(c.as_ptr(), forms, &mut out) });
    i64::from(out)
}

fn is_win(c: &Counts, forms: u32) -> i64 {
    let mut out = 0;
    // SAFETY: a 34-byte array and a valid output.
    ok(unsafe { mj_is_win(c.as_ptr(), forms, &mut out) });
    i64::from(out)
}

fn waits(c: &Counts, forms: u32) -> i64 {
    let mut out = 0;
    // SAFETY: a 34-byte array and a valid output.
    ok(unsafe { mj_waits(c.as_ptr(), forms, &mut out) });
    out as i64
}

fn ukeire(c: &Counts, forms: u32) -> i64 {
    let mut per_kind = [0u8; TILE_KINDS];
    let mut total = 0;
    // SAFETY: 34-byte arrays (no visible tiles) and valid outputs.
    ok(unsafe {
        mj_ukeire(
            c.as_ptr(),
            forms,
            std::ptr::null(),
            per_kind.as_mut_ptr(),
            &mut total,
        )
    });
    i64::from(total) + i64::from(per_kind[0])
}

fn discards(c: &Counts, forms: u32) -> i64 {
    let mut out = [MjDiscard::default(); TILE_KINDS];
    let mut len = 0;
    // SAFETY: a 34-byte array, no visible tiles, 34 output entries and a valid length.
    ok(unsafe {
        mj_discards(
            c.as_ptr(),
            forms,
            std::ptr::null(),
            out.as_mut_ptr(),
            &mut len,
        )
    });
    i64::from(len) + i64::from(out[0].ukeire_count)
}

fn xiangting(c: &Counts) -> i64 {
    i64::from(xiangting::calculate_replacement_number(c, xiangting::PlayerCount::Four).unwrap())
}

/// One batch call over all of `hs`; returns a checksum.
///
/// With `call` false, everything but the call (the buffers and the checksum): the baseline of
/// the per-hand instruction count.
fn batch(mode: &str, hs: &[Counts], forms: u32, call: bool) -> i64 {
    let n = hs.len();
    let mut status = vec![MjStatus::Panic; n];
    let p = hs.as_ptr().cast::<u8>();
    // SAFETY: `hs` is `n` contiguous 34-byte arrays; every output holds `n` entries.
    let (st, sum) = unsafe {
        match mode {
            "shanten_batch" => {
                let mut out = vec![0i32; n];
                let st = if call {
                    mj_shanten_batch(p, n, forms, out.as_mut_ptr(), status.as_mut_ptr())
                } else {
                    black_box((&mut out, &mut status));
                    MjStatus::Ok
                };
                (st, out.iter().map(|&x| i64::from(x)).sum::<i64>())
            }
            "is_win_batch" => {
                let mut out = vec![0u8; n];
                let st = if call {
                    mj_is_win_batch(p, n, forms, out.as_mut_ptr(), status.as_mut_ptr())
                } else {
                    black_box((&mut out, &mut status));
                    MjStatus::Ok
                };
                (st, out.iter().map(|&x| i64::from(x)).sum())
            }
            _ => {
                let mut out = vec![0u64; n];
                let st = if call {
                    mj_waits_batch(p, n, forms, out.as_mut_ptr(), status.as_mut_ptr())
                } else {
                    black_box((&mut out, &mut status));
                    MjStatus::Ok
                };
                (st, out.iter().map(|&x| x.count_ones() as i64).sum())
            }
        }
    };
    ok(st);
    sum
}

/// One pass of `f` over the hands (raw counts and the same hands prevalidated); a function of
/// its own per mode, so that no mode's code shapes the loop of another.
#[inline(never)]
fn each(hs: &[Counts], prepared: &[Hand], f: impl Fn(&Counts, &Hand) -> i64) -> i64 {
    let mut acc = 0i64;
    for (c, h) in hs.iter().zip(prepared) {
        acc += f(black_box(c), black_box(h));
    }
    acc
}

/// One pass of one function over `n` hands, for callgrind.
fn only(mode: &str, n: usize, forms: u32) {
    let size = match mode {
        "waits" | "ukeire" | "core_waits" | "entry_waits" | "waits_batch" => 13,
        _ => 14,
    };
    let hs = hands(size, n);
    let prepared: Vec<Hand> = hs.iter().map(|c| Hand::new(c).unwrap()).collect();
    mjkit::init();
    let f = Forms::from_bits(forms).unwrap();
    let (hs_, ps) = (&hs[..], &prepared[..]);
    let acc = match mode {
        m if m.starts_with("none_") => batch(&m[5..], black_box(&hs), forms, false),
        m if m.ends_with("_batch") => batch(mode, black_box(&hs), forms, true),
        "none" => each(hs_, ps, |c, _| i64::from(c[0])),
        "shanten" => each(hs_, ps, |c, _| shanten(c, forms)),
        "is_win" => each(hs_, ps, |c, _| is_win(c, forms)),
        "waits" => each(hs_, ps, |c, _| waits(c, forms)),
        "ukeire" => each(hs_, ps, |c, _| ukeire(c, forms)),
        "discards" => each(hs_, ps, |c, _| discards(c, forms)),
        "entry_shanten" => each(hs_, ps, |c, _| i64::from(entry_shanten(c, f))),
        "entry_is_win" => each(hs_, ps, |c, _| i64::from(entry_is_win(c, f))),
        "entry_waits" => each(hs_, ps, |c, _| entry_waits(c, f) as i64),
        "core_shanten" => each(hs_, ps, |_, h| {
            i64::from(mjkit::shanten::shanten(h.counts(), f).unwrap())
        }),
        "core_is_win" => each(hs_, ps, |_, h| {
            i64::from(mjkit::win::is_win(h.counts(), f).unwrap())
        }),
        "core_waits" => each(hs_, ps, |_, h| {
            mjkit::win::waits(h.counts(), f).unwrap() as i64
        }),
        "xiangting" => each(hs_, ps, |c, _| xiangting(c)),
        _ => panic!("unknown MJ_BENCH_ONLY mode {mode}"),
    };
    println!("{mode}: {n} hands of {size} tiles, checksum {acc}");
}

const PASSES: usize = 11;

/// Builds and runs the nyanten comparison when `NYANTEN_DIR` is set, on `hands`.
fn nyanten(hands: &[Counts]) {
    let Ok(dir) = std::env::var("NYANTEN_DIR") else {
        println!("\n(nyanten: set NYANTEN_DIR to a checkout to compare in the same run)");
        return;
    };
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // `cargo bench` builds the static library next to the bench's deps directory.
    let lib = std::env::current_exe()
        .ok()
        .and_then(|p| Some(p.parent()?.parent()?.join("libmjkit.a")))
        .filter(|p| p.exists())
        .unwrap_or_else(|| root.join("target/release/libmjkit.a"));
    let exe = root.join("target/nyanten-compare");
    let data = root.join("target/nyanten-hands.bin");
    std::fs::write(&data, hands.concat()).expect("write the hands file");
    let cxx = std::env::var("MJ_CXX").unwrap_or_else(|_| "clang++-19".into());
    let built = std::process::Command::new(&cxx)
        .args(["-std=c++20", "-O3", "-DNDEBUG", "-I"])
        .arg(&dir)
        .arg("-I")
        .arg(root.join("include"))
        .arg(root.join("benches/nyanten/compare.cpp"))
        .arg(&lib)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&exe)
        .status();
    match built {
        Ok(s) if s.success() => {}
        other => {
            println!("\nnyanten: building with {cxx} failed ({other:?}); skipped");
            return;
        }
    }
    let st = std::process::Command::new(&exe)
        .arg(&data)
        .status()
        .expect("run nyanten-compare");
    assert!(st.success(), "nyanten-compare failed");
}

fn main() {
    let forms = env_usize("MJ_BENCH_FORMS", Forms::RIICHI.bits() as usize) as u32;
    if let Ok(mode) = std::env::var("MJ_BENCH_ONLY") {
        return only(&mode, env_usize("MJ_BENCH_N", 100_000), forms);
    }
    mjkit::init();
    let n = env_usize("MJ_BENCH_N", 200_000);
    let (h14, h13) = (hands(14, n), hands(13, n));
    let m = (n / 20).max(1);
    println!(
        "C ABI, {n} hands per set ({m} for ukeire/discards), forms {forms}, ns per call, median of {PASSES} passes\n"
    );
    type Run = (&'static str, fn(&[Counts], usize, u32) -> f64);
    let runs: Vec<Run> = vec![
        ("xiangting shanten (14)", |h, _, _| {
            support::ns_per_item(h, xiangting)
        }),
        ("mj_shanten (14)", |h, _, f| {
            support::ns_per_item(h, |c| shanten(c, f))
        }),
        ("mj_shanten_batch (14), per hand", |h, _, f| {
            let t = std::time::Instant::now();
            black_box(batch("shanten_batch", h, f, true));
            t.elapsed().as_nanos() as f64 / h.len() as f64
        }),
        ("mj_is_win (14)", |h, _, f| {
            support::ns_per_item(h, |c| is_win(c, f))
        }),
        ("mj_waits (13)", |h, _, f| {
            support::ns_per_item(h, |c| waits(c, f))
        }),
        ("mj_ukeire (13)", |h, m, f| {
            support::ns_per_item(&h[..m], |c| ukeire(c, f))
        }),
        ("mj_discards (14)", |h, m, f| {
            support::ns_per_item(&h[..m], |c| discards(c, f))
        }),
    ];
    let mut samples = vec![Vec::new(); runs.len()];
    for _ in 0..PASSES {
        for (i, (name, run)) in runs.iter().enumerate() {
            let set = if name.contains("(13)") { &h13 } else { &h14 };
            samples[i].push(run(set, m, forms));
        }
    }
    let medians: Vec<f64> = samples.into_iter().map(support::median).collect();
    println!("| call | ns per call | / xiangting shanten |");
    println!("|---|---|---|");
    for ((name, _), t) in runs.iter().zip(&medians) {
        println!("| {name} | {t:.1} | {:.2} |", t / medians[0]);
    }
    nyanten(&h14);
}
