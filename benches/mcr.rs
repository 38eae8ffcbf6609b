//! MCR scoring speed: microseconds per hand on a fixed set of 20,000 generated winning hands
//! (seeded), for `mjkit::mcr::score`, the C entry point `mj_mcr_score`, and the reference
//! calculator called from Python (pymahjonggb) on the same hands in the same run.
//!
//! Run: `cargo bench --bench mcr`. The Python side needs the oracle venv (created on demand by
//! `tests/oracle/setup.sh`, or `MJ_ORACLE_PYTHON`); without it only mjkit's figures are printed.

#[path = "../tests/mcr_common/mod.rs"]
mod mcr_common;

use mcr_common::support::best_us_per_item;
use mjkit::ffi::{MjMcrHand, MjMcrMeld, MjMcrResult, mj_mcr_hand_default, mj_mcr_score};
use mjkit::mcr::{self, MeldKind};
use std::hint::black_box;

const HANDS: usize = 20_000;

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
                    kind: match m.kind() {
                        MeldKind::Chow => 1,
                        MeldKind::Pung => 2,
                        MeldKind::Kong => 3,
                        MeldKind::ConcealedKong => 4,
                        MeldKind::AddedKong => 5,
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

    let reps: usize = std::env::var("MJ_BENCH_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(15);
    let core = best_us_per_item(reps, HANDS, || {
        hands
            .iter()
            .map(|h| mcr::score(black_box(h)).map_or(0, |s| s.total as u64))
            .sum()
    });
    let ffi = best_us_per_item(reps, HANDS, || {
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
    let mine: i64 = hands
        .iter()
        .map(|h| mcr::score(h).map_or(0, |s| i64::from(s.total)))
        .sum();
    match reference_cpp(&hands) {
        Ok((us, checksum)) => {
            println!(
                "  reference C++ core     {us:8.3} us/hand   (calculate_fan, g++ -O2, same hands)"
            );
            println!("  ratio C++/mjkit        {:8.1}x", us / core);
            assert_eq!(checksum, mine, "reference and mjkit totals differ");
        }
        Err(e) => println!("  reference C++ core not measured: {e}"),
    }
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
            println!("  ratio Python/mjkit     {:8.1}x", py_us / core);
        }
        Err(e) => println!("  reference not measured: {e}"),
    }
}

/// The reference's tile code of an mjkit kind.
fn ref_tile(k: usize) -> u32 {
    match k {
        0..=8 => 0x11 + k as u32,
        9..=17 => 0x31 + (k - 9) as u32,
        18..=26 => 0x21 + (k - 18) as u32,
        27..=30 => 0x41 + (k - 27) as u32,
        31 => 0x47,
        32 => 0x46,
        _ => 0x45,
    }
}

/// Times the reference C++ core (built by tests/oracle/setup_cpp.sh) on `hands`: (us per hand,
/// sum of totals).
fn reference_cpp(hands: &[mcr::McrHand]) -> Result<(f64, i64), String> {
    use std::fmt::Write as _;
    let root = mcr_common::repo();
    let exe = root.join("target/oracle-cpp/ref_bench");
    if !exe.exists() {
        let out = std::process::Command::new("sh")
            .arg(root.join("tests/oracle/setup_cpp.sh"))
            .output()
            .map_err(|e| e.to_string())?;
        if !exe.exists() {
            return Err(String::from_utf8_lossy(&out.stderr).into_owned());
        }
    }
    let mut text = String::new();
    for h in hands {
        write!(text, "{}", h.meld_count).unwrap();
        for m in h.melds() {
            let t = usize::from(m.tile);
            let (ty, tile) = match m.kind() {
                MeldKind::Chow => (1, ref_tile(t + 1)),
                MeldKind::Pung => (2, ref_tile(t)),
                _ => (3, ref_tile(t)),
            };
            write!(text, " {}", u32::from(m.claimed) << 12 | ty << 8 | tile).unwrap();
        }
        let mut c = h.counts;
        c[usize::from(h.win_tile)] -= 1;
        let standing: Vec<u32> = (0..34)
            .flat_map(|k| std::iter::repeat_n(ref_tile(k), usize::from(c[k])))
            .collect();
        write!(text, " {}", standing.len()).unwrap();
        for t in standing {
            write!(text, " {t}").unwrap();
        }
        writeln!(
            text,
            " {} {} {} {} {}",
            ref_tile(usize::from(h.win_tile)),
            h.flowers,
            h.flags,
            h.seat_wind,
            h.prevalent_wind
        )
        .unwrap();
    }
    let path = root.join(format!(
        "target/oracle-cpp/hands-{}.txt",
        std::process::id()
    ));
    std::fs::write(&path, text).map_err(|e| e.to_string())?;
    let out = std::process::Command::new(&exe)
        .arg(&path)
        .output()
        .map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&path);
    let line = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut it = line.split_whitespace();
    let us = it.next().and_then(|x| x.parse().ok()).ok_or("no timing")?;
    let sum = it
        .next()
        .and_then(|x| x.parse().ok())
        .ok_or("no checksum")?;
    Ok((us, sum))
}
