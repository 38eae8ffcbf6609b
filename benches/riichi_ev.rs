//! Discard analysis speed: the median wall time of `riichi::ev::analyze` (and of `mj_riichi_ev`)
//! on a fixed list of hands, 17 draws, every search switch on, `extra` 1, under both models;
//! the search states built are printed beside each figure. The same hands are the ones the
//! mahjong-cpp comparison (docs/performance.md, "Discard analysis") times.
//!
//! Run: `cargo bench --bench riichi_ev` (`MJ_BENCH_REPS` passes per hand, default 11).
//! `MJ_EV_ONE=<hand index>,<model>` runs one analysis of that hand and exits (for callgrind:
//! `scripts/callgrind-riichi-ev.sh`).

use mjkit::ffi::{MjRiichiEvResult, MjStatus, mj_riichi_ev};
use mjkit::riichi::Rules;
use mjkit::riichi::ev::{self, EV_MODEL_MAHJONG_CPP, EV_MODEL_MJKIT, EvHand, EvOptions};
use std::hint::black_box;
use std::time::Instant;

/// The hands (14 tiles, no melds; East round, East seat, dora indicator 1z), by shanten.
pub const HANDS: [&str; 8] = [
    "123m456p789s1123s5z",
    "222567m345p33667s",
    "234567m33p45688s1z",
    "2346m35678p13456s",
    "12346m456p7899s15z",
    "23678m345p457s166z",
    "1368m2457p12399s1z",
    "345m23456p1279s55z",
];

fn hand_of(notation: &str) -> EvHand {
    let parsed = mjkit::tile::parse(notation).expect("bench hand");
    let mut h = EvHand::new();
    h.counts = parsed.counts;
    h.red_fives = parsed.red_fives;
    h.seat_wind = 0;
    h.round_wind = 0;
    h.with_dora(27)
}

fn median_ms<T: Default>(reps: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut nodes = T::default();
    let mut v: Vec<f64> = (0..reps)
        .map(|_| {
            let t = Instant::now();
            nodes = black_box(f());
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], nodes)
}

fn main() {
    mjkit::init();
    let reps: usize = std::env::var("MJ_BENCH_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(11);
    let rules = Rules::TENHOU;
    if let Ok(one) = std::env::var("MJ_EV_ONE") {
        let (i, model) = one.split_once(',').expect("MJ_EV_ONE=<hand>,<model>");
        let h = hand_of(HANDS[i.parse::<usize>().expect("hand index")]);
        let mut o = EvOptions::new();
        o.max_nodes = 0;
        o.model = model.parse().expect("model");
        let r = ev::analyze(black_box(&h), &rules, black_box(&o)).unwrap();
        println!(
            "{} states {} edges {} wins {}",
            HANDS[i.parse::<usize>().unwrap()],
            r.nodes,
            r.edges,
            r.wins
        );
        return;
    }
    println!("discard analysis, 17 draws, extra 1, median of {reps} (ms; search states)");
    println!(
        "{:<8} {:<20} {:>12} {:>17} {:>12} {:>17} {:>12}",
        "shanten",
        "tiles",
        "mjkit model",
        "states / edges",
        "m-cpp model",
        "states / edges",
        "mj_riichi_ev"
    );
    for notation in HANDS {
        let h = hand_of(notation);
        let mut o = EvOptions::new();
        o.max_nodes = 0;
        o.model = EV_MODEL_MJKIT;
        let shanten = ev::analyze(&h, &rules, &o).unwrap().shanten;
        let (mj, (mj_nodes, mj_edges)) = median_ms(reps, || {
            let r = ev::analyze(&h, &rules, &o).unwrap();
            (r.nodes, r.edges)
        });
        let mut oc = o;
        oc.model = EV_MODEL_MAHJONG_CPP;
        let (cpp, (cpp_nodes, cpp_edges)) = median_ms(reps, || {
            let r = ev::analyze(&h, &rules, &oc).unwrap();
            (r.nodes, r.edges)
        });
        let (capi, _) = median_ms(reps, || {
            let mut out = std::mem::MaybeUninit::<MjRiichiEvResult>::uninit();
            // SAFETY: valid pointers to live values; `out` is written on success.
            let s = unsafe { mj_riichi_ev(&h, &rules, &oc, out.as_mut_ptr()) };
            assert_eq!(s, MjStatus::Ok);
            // SAFETY: written on MJ_STATUS_OK.
            unsafe { out.assume_init() }.nodes
        });
        println!(
            "{shanten:<8} {notation:<20} {mj:>12.3} {:>17} {cpp:>12.3} {:>17} {capi:>12.3}",
            format!("{mj_nodes} / {mj_edges}"),
            format!("{cpp_nodes} / {cpp_edges}")
        );
    }
}
