//! Random legal play in riichienv-core 0.4.11 (the peer of the riichi table's speed goal): one
//! four-player hand per `GameState::new(0, true, Some(seed), 0, GameRule::default_tenhou())`
//! (game mode 0 = a single hand, MJAI logging off), then `step` with a uniformly random pick of
//! `_get_legal_actions_internal` for the acting seat (phase `WaitAct`) or for every seat asked
//! to respond (phase `WaitResponse`) until `is_done`. Prints hands per second, the median of
//! `MJ_BENCH_REPS` (default 7) passes of `MJ_BENCH_HANDS` (default 2,000) hands, one thread.
//!
//! Run: cargo run --release --manifest-path lab/peers/riichienv/Cargo.toml --bin play

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

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    let hands = env_usize("MJ_BENCH_HANDS", 2_000) as u64;
    let reps = env_usize("MJ_BENCH_REPS", 7);
    for (name, rule) in [("tenhou", GameRule::default_tenhou()), ("mjsoul", GameRule::default_mjsoul())] {
        let mut rates = Vec::new();
        let mut last = Counts::default();
        for _ in 0..reps {
            let mut c = Counts::default();
            let mut pick = Pick(1);
            let t = Instant::now();
            for seed in 0..hands {
                play_hand(seed, rule, &mut pick, &mut c);
            }
            let secs = t.elapsed().as_secs_f64();
            rates.push(c.hands as f64 / secs);
            last = black_box(c);
        }
        rates.sort_by(f64::total_cmp);
        println!(
            "riichienv-core 0.4.11 {name}: {:.0} hands/s median of {reps} (min {:.0}, max {:.0}); {} hands, {:.1} steps and {:.1} decisions a hand, {} illegal",
            rates[reps / 2],
            rates[0],
            rates[reps - 1],
            last.hands,
            last.steps as f64 / last.hands as f64,
            last.decisions as f64 / last.hands as f64,
            last.illegal
        );
    }
}
