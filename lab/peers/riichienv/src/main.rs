//! mjkit's riichi scorer against riichienv-core 0.4.11 (`HandEvaluator::new` + `calc`) on the
//! same seeded four-player winning hands (the generator of tests/riichi_common), in one run:
//! microseconds per hand, best of `MJ_BENCH_REPS` (default 15) passes.

#[path = "../../../../tests/riichi_common/mod.rs"]
#[allow(dead_code, unused_imports)]
mod riichi_common;

use mjkit::ffi::{MjRiichiResult, mj_riichi_score};
use mjkit::riichi::{self, MeldKind, RiichiHand};
use riichienv_core::hand_evaluator::HandEvaluator;
use riichienv_core::types::{Conditions, RiichiMeld, MeldType, Wind};
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

/// riichienv's input for one hand: concealed 136-format tiles (winning tile included), melds,
/// the winning tile, indicators and conditions.
struct Theirs {
    tiles: Vec<u8>,
    melds: Vec<RiichiMeld>,
    win: u8,
    dora: Vec<u8>,
    ura: Vec<u8>,
    cond: Conditions,
}

fn theirs(h: &RiichiHand) -> Theirs {
    let mut next = [0u8; 34];
    for s in 0..3 {
        next[s * 9 + 4] = u8::from(h.red_fives[s] == 0);
    }
    let mut take = |k: usize| {
        let id = (k * 4) as u8 + next[k];
        next[k] += 1;
        id
    };
    let mut melds = Vec::new();
    for m in h.melds() {
        let t = usize::from(m.tile);
        let (ty, ids): (MeldType, Vec<u8>) = match m.kind() {
            MeldKind::Chi => (MeldType::Chi, (t..t + 3).map(&mut take).collect()),
            MeldKind::Pon => (MeldType::Pon, (0..3).map(|_| take(t)).collect()),
            MeldKind::OpenKan => (MeldType::Daiminkan, (0..4).map(|_| take(t)).collect()),
            MeldKind::AddedKan => (MeldType::Kakan, (0..4).map(|_| take(t)).collect()),
            MeldKind::ClosedKan => (MeldType::Ankan, (0..4).map(|_| take(t)).collect()),
        };
        let opened = m.kind().is_open();
        let called = if opened { Some(ids[0]) } else { None };
        melds.push(RiichiMeld::new(ty, ids, opened, if opened { 1 } else { -1 }, called));
    }
    let mut tiles = Vec::new();
    let mut win = 0;
    for k in 0..34 {
        for _ in 0..h.counts[k] {
            let id = take(k);
            if k == usize::from(h.win_tile) {
                win = id;
            }
            tiles.push(id);
        }
    }
    let has = |b: u32| h.conditions & b != 0;
    let cond = Conditions {
        tsumo: has(riichi::TSUMO),
        riichi: has(riichi::RIICHI),
        double_riichi: has(riichi::DOUBLE_RIICHI),
        ippatsu: has(riichi::IPPATSU),
        haitei: has(riichi::HAITEI),
        houtei: has(riichi::HOUTEI),
        rinshan: has(riichi::RINSHAN),
        player_wind: Wind::from(h.seat_wind),
        round_wind: Wind::from(h.round_wind),
        chankan: has(riichi::CHANKAN),
        tsumo_first_turn: has(riichi::TENHOU) || has(riichi::CHIIHOU),
        riichi_sticks: h.riichi_sticks,
        honba: h.honba,
        ..Conditions::default()
    };
    let ind = |v: &[u8]| v.iter().map(|&k| k * 4 + 3).collect();
    Theirs {
        tiles,
        melds,
        win,
        dora: ind(&h.dora[..usize::from(h.dora_count)]),
        ura: ind(&h.ura[..usize::from(h.ura_count)]),
        cond,
    }
}

fn main() {
    mjkit::init();
    let cases: Vec<_> = riichi_common::generate(0xBE4C_0009, HANDS * 3)
        .into_iter()
        .filter(|c| {
            !c.rules.three_player()
                && c.hand.paarenchan == 0
                && c.hand.conditions & (riichi::NAGASHI_MANGAN | riichi::RENHOU | riichi::OPEN_RIICHI) == 0
                && riichi::score(&c.hand, &c.rules).is_ok()
        })
        .take(HANDS)
        .collect();
    assert_eq!(cases.len(), HANDS);
    let inputs: Vec<Theirs> = cases.iter().map(|c| theirs(&c.hand)).collect();
    let reps: usize = std::env::var("MJ_BENCH_REPS").ok().and_then(|s| s.parse().ok()).unwrap_or(15);

    let core = per_hand_us(reps, || {
        cases
            .iter()
            .map(|c| riichi::score(black_box(&c.hand), black_box(&c.rules)).map_or(0, |s| s.total as u64))
            .sum()
    });
    let c_in: Vec<_> = cases
        .iter()
        .map(|c| {
            let mut h = mjkit::ffi::mj_riichi_hand_default();
            h.counts = c.hand.counts;
            h.meld_count = c.hand.meld_count;
            for (slot, m) in h.melds.iter_mut().zip(c.hand.melds()) {
                *slot = *m;
            }
            h.win_tile = c.hand.win_tile;
            h.seat_wind = c.hand.seat_wind;
            h.round_wind = c.hand.round_wind;
            h.red_fives = c.hand.red_fives;
            h.dora = c.hand.dora;
            h.dora_count = c.hand.dora_count;
            h.ura = c.hand.ura;
            h.ura_count = c.hand.ura_count;
            h.conditions = c.hand.conditions;
            h.honba = c.hand.honba;
            h.riichi_sticks = c.hand.riichi_sticks;
            let mut r = mjkit::ffi::mj_riichi_rules_default();
            r.aka_dora = c.rules.aka_dora;
            r.open_tanyao = c.rules.open_tanyao;
            (h, r)
        })
        .collect();
    let ffi = per_hand_us(reps, || {
        // SAFETY: a plain-data struct; all-zero is a valid value.
        let mut out: MjRiichiResult = unsafe { std::mem::zeroed() };
        c_in.iter()
            .map(|(h, r)| {
                // SAFETY: valid pointers to live values.
                let st = unsafe { mj_riichi_score(black_box(h), black_box(r), &mut out) };
                st as u64 + out.total as u64
            })
            .sum()
    });
    let full = per_hand_us(reps, || {
        inputs
            .iter()
            .map(|t| {
                let ev = HandEvaluator::new(black_box(t.tiles.clone()), black_box(t.melds.clone()));
                let r = ev.calc(t.win, t.dora.clone(), t.ura.clone(), Some(t.cond.clone()));
                u64::from(r.han) + u64::from(r.ron_agari)
            })
            .sum()
    });
    let evaluators: Vec<HandEvaluator> = inputs.iter().map(|t| HandEvaluator::new(t.tiles.clone(), t.melds.clone())).collect();
    let calc_only = per_hand_us(reps, || {
        evaluators
            .iter()
            .zip(&inputs)
            .map(|(ev, t)| {
                let r = ev.calc(black_box(t.win), t.dora.clone(), t.ura.clone(), Some(t.cond.clone()));
                u64::from(r.han) + u64::from(r.ron_agari)
            })
            .sum()
    });
    let agree_han = cases
        .iter()
        .zip(&inputs)
        .filter(|(c, t)| {
            let r = HandEvaluator::new(t.tiles.clone(), t.melds.clone()).calc(t.win, t.dora.clone(), t.ura.clone(), Some(t.cond.clone()));
            riichi::score(&c.hand, &c.rules).is_ok_and(|s| s.han as u32 == r.han)
        })
        .count();
    println!("Riichi scoring, {HANDS} four-player winning hands, same run");
    println!("  mjkit::riichi::score             {core:8.3} us/hand");
    println!("  mj_riichi_score (C ABI)          {ffi:8.3} us/hand");
    println!("  riichienv-core new + calc        {full:8.3} us/hand   ({:.1}x mjkit core)", full / core);
    println!("  riichienv-core calc only         {calc_only:8.3} us/hand   ({:.1}x mjkit core)", calc_only / core);
    println!("  (same han on {agree_han} of {HANDS} hands; the rules differ, e.g. riichienv has no option switches)");
}
