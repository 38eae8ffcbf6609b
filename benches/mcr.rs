//! MCR scoring speed: microseconds per hand on a fixed set of 20,000 generated winning hands
//! (seeded), for `mjkit::mcr::score`, the C entry point `mj_mcr_score`, the reference
//! calculator's C++ core (`calculate_fan` from the pymahjonggb sdist, built with `g++ -O2` by
//! `tests/oracle/setup_cpp.sh` outside the tracked tree) and the reference called from Python, on
//! the same hands in the same run.
//!
//! The C++ core runs in its own process (`ref_bench ... serve`) with the hands parsed into
//! memory, timed around its own loop; the bench alternates one pass of each (mjkit core, C ABI,
//! C++) for `MJ_BENCH_REPS` rounds (default 15, after one warm-up round) and prints the median
//! pass of each and the median of the per-round ratios, so every figure sees the same load.
//!
//! Run: `cargo bench --bench mcr`. The Python side needs the oracle venv (created on demand by
//! `tests/oracle/setup.sh`, or `MJ_ORACLE_PYTHON`); without it only mjkit's figures are printed.
//! `MJ_BENCH_CPP=0` skips the C++ core; `MJ_BENCH_WRITE_HANDS=FILE` writes the hands in the C++
//! driver's format and exits (scripts/callgrind-mcr.sh counts both sides from it).

#[path = "../tests/mcr_common/mod.rs"]
mod mcr_common;

use mcr_common::support::median;
use mjkit::ffi::{MjMcrHand, MjMcrMeld, MjMcrResult, mj_mcr_hand_default, mj_mcr_score};
use mjkit::mcr::{self, MeldKind};
use std::hint::black_box;
use std::io::{BufRead, BufReader, Write};
use std::time::Instant;

const HANDS: usize = 20_000;

/// One pass of the core scorer over the hands: the sum of the totals (refusals count 0).
#[inline(never)]
fn core_pass(hands: &[mcr::McrHand]) -> u64 {
    hands
        .iter()
        .map(|h| mcr::score(black_box(h)).map_or(0, |s| s.total as u64))
        .sum()
}

/// One pass of `mj_mcr_score` over the hands: the sum of status + total.
#[inline(never)]
fn ffi_pass(hands: &[MjMcrHand]) -> u64 {
    let mut out: MjMcrResult = unsafe { std::mem::zeroed() };
    hands
        .iter()
        .map(|h| {
            // SAFETY: valid pointers to live values.
            let st = unsafe { mj_mcr_score(black_box(h), &mut out) };
            st as u64 + out.total as u64
        })
        .sum()
}

/// Seconds of one call of `f`.
fn timed(f: impl FnOnce() -> u64) -> f64 {
    let t = Instant::now();
    black_box(f());
    t.elapsed().as_secs_f64()
}

fn main() {
    mjkit::init();
    let family = std::env::var("MJ_BENCH_FAMILY").ok();
    // One family of the generator only (`MJ_BENCH_FAMILY=regular`, "seven pairs", ...): for
    // profiling; the figures then are not the reference set's.
    let pool = if family.is_some() {
        HANDS * 40
    } else {
        HANDS * 2
    };
    let hands: Vec<_> = mcr_common::generate(0xBE4C_0001, pool)
        .into_iter()
        .filter(|c| family.as_deref().is_none_or(|f| f == c.family))
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

    if let Ok(path) = std::env::var("MJ_BENCH_WRITE_HANDS") {
        std::fs::write(&path, reference_text(&hands)).expect("write the hands");
        return;
    }
    let reps: usize = std::env::var("MJ_BENCH_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(15)
        .max(1);
    let mine: i64 = hands
        .iter()
        .map(|h| mcr::score(h).map_or(0, |s| i64::from(s.total)))
        .sum();
    let mut cpp = if std::env::var_os("MJ_BENCH_CPP").is_some_and(|v| v == "0") {
        Err("MJ_BENCH_CPP=0".to_string())
    } else {
        Reference::start(&hands)
    };
    let (mut core, mut ffi, mut reference, mut ratio) = (vec![], vec![], vec![], vec![]);
    // Round 0 warms the caches of both processes and is not counted.
    for round in 0..=reps {
        let c = timed(|| core_pass(&hands)) / HANDS as f64 * 1e6;
        let f = timed(|| ffi_pass(&c_hands)) / HANDS as f64 * 1e6;
        let r = match cpp.as_mut() {
            Ok(p) => match p.pass() {
                Ok((secs, sum)) => {
                    assert_eq!(sum, mine, "reference and mjkit totals differ");
                    Some(secs / HANDS as f64 * 1e6)
                }
                Err(e) => {
                    cpp = Err(e);
                    None
                }
            },
            Err(_) => None,
        };
        if round > 0 {
            core.push(c);
            ffi.push(f);
            if let Some(r) = r {
                reference.push(r);
                ratio.push(r / c);
            }
        }
    }
    println!(
        "MCR scoring, {HANDS} winning hands (seeded generator, all forms, melds and flags); \
         median of {reps} alternating passes"
    );
    let core = median(core);
    println!("  mjkit::mcr::score      {core:8.3} us/hand");
    println!("  mj_mcr_score (C ABI)   {:8.3} us/hand", median(ffi));
    match cpp {
        Ok(_) => {
            let lo = ratio.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = ratio.iter().copied().fold(0.0, f64::max);
            println!(
                "  reference C++ core     {:8.3} us/hand   (calculate_fan, g++ -O2, same hands, own loop)",
                median(reference)
            );
            println!(
                "  ratio C++/mjkit        {:8.1}x   (median of per-round ratios; range {lo:.1}-{hi:.1}x)",
                median(ratio)
            );
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

/// The hands in the C++ driver's format (tests/oracle/ref_bench.cpp), one per line.
fn reference_text(hands: &[mcr::McrHand]) -> String {
    use std::fmt::Write as _;
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
    text
}

/// The reference C++ core in its own process (`ref_bench FILE serve`, built by
/// tests/oracle/setup_cpp.sh), holding the hands in memory: one timed pass per request.
struct Reference {
    child: std::process::Child,
    out: BufReader<std::process::ChildStdout>,
}

impl Reference {
    fn start(hands: &[mcr::McrHand]) -> Result<Reference, String> {
        let root = mcr_common::repo();
        let exe = root.join("target/oracle-cpp/ref_bench");
        let out = std::process::Command::new("sh")
            .arg(root.join("tests/oracle/setup_cpp.sh"))
            .output()
            .map_err(|e| e.to_string())?;
        if !exe.exists() {
            return Err(String::from_utf8_lossy(&out.stderr).into_owned());
        }
        let path = root.join(format!(
            "target/oracle-cpp/hands-{}.txt",
            std::process::id()
        ));
        std::fs::write(&path, reference_text(hands)).map_err(|e| e.to_string())?;
        let child = std::process::Command::new(&exe)
            .arg(&path)
            .arg("serve")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .map_err(|e| e.to_string());
        let mut child = child?;
        let mut out = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut line = String::new();
        out.read_line(&mut line).map_err(|e| e.to_string())?;
        let _ = std::fs::remove_file(&path);
        if line.trim() != format!("ready {}", hands.len()) {
            return Err(format!("ref_bench: {line:?}"));
        }
        Ok(Reference { child, out })
    }

    /// One pass in the C++ process: (seconds, sum of totals).
    fn pass(&mut self) -> Result<(f64, i64), String> {
        let stdin = self.child.stdin.as_mut().ok_or("no stdin")?;
        stdin.write_all(b"p\n").map_err(|e| e.to_string())?;
        stdin.flush().map_err(|e| e.to_string())?;
        let mut line = String::new();
        self.out.read_line(&mut line).map_err(|e| e.to_string())?;
        let mut it = line.split_whitespace();
        let secs = it.next().and_then(|x| x.parse().ok()).ok_or("no timing")?;
        let sum = it
            .next()
            .and_then(|x| x.parse().ok())
            .ok_or("no checksum")?;
        Ok((secs, sum))
    }
}

impl Drop for Reference {
    fn drop(&mut self) {
        drop(self.child.stdin.take());
        let _ = self.child.wait();
    }
}
