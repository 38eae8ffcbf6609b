//! Random legal play, mjkit's riichi table through the C ABI against riichienv-core 0.4.11 in
//! the same run (the riichi table's speed goal). RiichiEnv: one four-player hand per
//! `GameState::new(0, true, Some(seed), 0, rule)` (game mode 0 = a single hand, MJAI logging
//! off), then `step` with a uniformly random pick of `_get_legal_actions_internal` for the acting
//! seat (phase `WaitAct`) or for every seat asked to respond (phase `WaitResponse`) until
//! `is_done`. mjkit: one table per preset (`mj_rules_preset`, `mj_table_new`), hand i dealt by
//! `mj_table_deal(t, i, 0, 0)`, claim windows asking the seats that may claim as RiichiEnv's do
//! (`MJ_CLAIM_WINDOW_CLAIMANTS`), then `mj_table_pending`, `mj_table_legal_actions` of the first
//! pending seat and `mj_table_apply` of a uniformly random pick until the hand is over. Prints
//! hands per second, the median of `MJ_BENCH_REPS` (default 7) passes of `MJ_BENCH_HANDS`
//! (default 2,000) hands, one thread.
//!
//! Run: cargo run --release --manifest-path lab/peers/riichienv/Cargo.toml --bin play

use mjkit::ffi::{
    MJ_CLAIM_WINDOW_CLAIMANTS, MJ_MAX_ACTIONS, MJ_PHASE_OVER, MJ_PRESET_RIICHI_MAHJONG_SOUL, MJ_PRESET_RIICHI_TENHOU, MjAction, MjRules,
    MjStatus, MjTable, mj_rules_default, mj_rules_preset, mj_table_apply, mj_table_deal, mj_table_free,
    mj_table_legal_actions, mj_table_new, mj_table_pending,
};
use riichienv_core::action::{Action, Phase};
use riichienv_core::rule::GameRule;
use riichienv_core::state::GameState;
use riichienv_core::state::legal_actions::GameStateLegalActions;
use std::collections::HashMap;
use std::hint::black_box;
use std::time::Instant;

/// SplitMix64: the pick among legal actions (the same stream for every pass).
struct Pick(u64);

impl Pick {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((u128::from(z) * n as u128) >> 64) as usize
    }
}

/// Counts of one pass: hands, steps, decisions, and hands RiichiEnv ended on an illegal action
/// (must stay 0: every action comes from its own legal set).
#[derive(Default, Clone, Copy)]
struct Counts {
    hands: u64,
    steps: u64,
    decisions: u64,
    illegal: u64,
}

fn play_hand(seed: u64, rule: GameRule, pick: &mut Pick, c: &mut Counts) {
    let mut g = GameState::new(0, true, Some(seed), 0, rule);
    let mut actions: HashMap<u8, Action> = HashMap::new();
    while !g.is_done {
        actions.clear();
        let seats: Vec<u8> = match g.phase {
            Phase::WaitAct => vec![g.current_player],
            Phase::WaitResponse => g.active_players.clone(),
        };
        for pid in seats {
            let legal = g._get_legal_actions_internal(pid);
            if legal.is_empty() {
                continue;
            }
            let a = legal[pick.next(legal.len())].clone();
            actions.insert(pid, a);
            c.decisions += 1;
        }
        g.step(&actions);
        c.steps += 1;
    }
    if g.last_error.is_some() {
        c.illegal += 1;
    }
    c.hands += 1;
}

/// One hand of random legal play on an mjkit table through the C ABI; returns the actions.
fn play_mjkit(t: *mut MjTable, hand: u32, pick: &mut Pick) -> u64 {
    let mut actions = 0;
    let mut legal = [MjAction { kind: 0, tile: 0, aux: 0 }; MJ_MAX_ACTIONS];
    // SAFETY: `t` is a live table; every out pointer is a local.
    unsafe {
        assert_eq!(mj_table_deal(t, hand, 0, 0), MjStatus::Ok);
        loop {
            let (mut pending, mut phase) = (0u8, 0u8);
            mj_table_pending(t, &mut pending, &mut phase);
            if phase == MJ_PHASE_OVER {
                return actions;
            }
            let seat = pending.trailing_zeros() as u8;
            let mut n = 0u32;
            mj_table_legal_actions(t, seat, legal.as_mut_ptr(), legal.len(), &mut n);
            let a = legal[pick.next(n as usize)];
            assert_eq!(mj_table_apply(t, seat, a), MjStatus::Ok);
            actions += 1;
        }
    }
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    let hands = env_usize("MJ_BENCH_HANDS", 2_000) as u64;
    let reps = env_usize("MJ_BENCH_REPS", 7);
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    for (name, rule, preset) in [
        ("tenhou", GameRule::default_tenhou(), MJ_PRESET_RIICHI_TENHOU),
        ("mjsoul", GameRule::default_mjsoul(), MJ_PRESET_RIICHI_MAHJONG_SOUL),
    ] {
        let mut rules: MjRules = mj_rules_default();
        let mut table: *mut MjTable = std::ptr::null_mut();
        // SAFETY: out pointers are locals.
        unsafe {
            assert_eq!(mj_rules_preset(preset, &mut rules), MjStatus::Ok);
            rules.claim_window = MJ_CLAIM_WINDOW_CLAIMANTS;
            assert_eq!(mj_table_new(&rules, 1, &mut table), MjStatus::Ok);
        }
        let (mut theirs, mut ours) = (Vec::new(), Vec::new());
        let mut last = Counts::default();
        let mut our_actions = 0;
        for _ in 0..reps {
            let mut c = Counts::default();
            let mut pick = Pick(1);
            let t = Instant::now();
            for seed in 0..hands {
                play_hand(seed, rule, &mut pick, &mut c);
            }
            theirs.push(c.hands as f64 / t.elapsed().as_secs_f64());
            last = black_box(c);
            let mut pick = Pick(1);
            let t = Instant::now();
            our_actions = 0;
            for h in 0..hands {
                our_actions += play_mjkit(table, h as u32, &mut pick);
            }
            ours.push(hands as f64 / t.elapsed().as_secs_f64());
        }
        // SAFETY: the table is not used after this.
        unsafe { mj_table_free(table) };
        let (r, m) = (median(theirs), median(ours));
        println!(
            "{name}: mjkit (C ABI) {m:.0} hands/s, {:.1} actions a hand; riichienv-core 0.4.11 {r:.0} hands/s, {:.1} steps a hand, {} illegal; ratio {:.1}x (medians of {reps} passes of {hands} hands)",
            our_actions as f64 / hands as f64,
            last.steps as f64 / last.hands as f64,
            last.illegal,
            m / r
        );
    }
}
