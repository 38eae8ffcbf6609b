//! Timers through the C ABI (`mj_table_default_action`, `mj_table_apply_default`): hands played
//! on a clock, where a seat that does not answer in time gets its default; and the findings of
//! the independent fuzz of the C ABI, each as a small reproduction: stakes that could overflow
//! 32-bit points, a view with 過水 locks under rules without 過水.

use mjkit::ffi::*;
use mjkit::table::rng::Rng;
use std::ptr::{null, null_mut};

fn new_table(rules: &MjRules, seed: u64) -> *mut MjTable {
    let mut t = null_mut();
    assert_eq!(unsafe { mj_table_new(rules, seed, &mut t) }, MjStatus::Ok);
    t
}

fn pending(t: *const MjTable) -> (u8, u8) {
    let (mut p, mut ph) = (0u8, 0u8);
    assert_eq!(
        unsafe { mj_table_pending(t, &mut p, &mut ph) },
        MjStatus::Ok
    );
    (p, ph)
}

fn view(t: *const MjTable, seat: u8) -> MjView {
    let mut v = std::mem::MaybeUninit::<MjView>::uninit();
    assert_eq!(
        unsafe { mj_table_view(t, u32::from(seat), v.as_mut_ptr()) },
        MjStatus::Ok
    );
    unsafe { v.assume_init() }
}

/// A server's clock: each seat the table waits for gets a deadline when the wait starts; a
/// seat answers before it (a random legal action) or its timer runs out and the server plays
/// its default. Every hand ends, every default is legal, a pass in a claim window, the drawn
/// tile in a turn.
#[test]
fn hands_played_on_a_clock_end_with_defaults() {
    let mut rng = Rng::from_u64(31);
    let (mut timeouts, mut by_bot, mut answered) = (0u32, 0u32, 0u32);
    let mut bot = mj_bot_config_default();
    bot.kind = MJ_BOT_MJKIT;
    for h in 0..40u64 {
        let rules = mj_rules_default();
        let t = new_table(&rules, h);
        let mut now = 0u64;
        let mut deadline = [u64::MAX; 4];
        loop {
            let (p, phase) = pending(t);
            if phase == MJ_PHASE_OVER {
                break;
            }
            for (s, d) in deadline.iter_mut().enumerate() {
                if p >> s & 1 == 0 {
                    *d = u64::MAX;
                } else if *d == u64::MAX {
                    *d = now + 10;
                }
            }
            // The next thing to happen: a seat answers (before its deadline), or time runs out.
            now += 1 + rng.below(12);
            let seat = (0..4u8)
                .filter(|&s| p >> s & 1 != 0)
                .min_by_key(|&s| deadline[usize::from(s)])
                .unwrap();
            if now < deadline[usize::from(seat)] {
                let mut legal = [MjAction {
                    kind: 0,
                    tile: 0,
                    aux: 0,
                }; MJ_MAX_ACTIONS];
                let mut n = 0;
                unsafe {
                    mj_table_legal_actions(t, seat, legal.as_mut_ptr(), MJ_MAX_ACTIONS, &mut n)
                };
                let a = legal[rng.below(u64::from(n)) as usize];
                assert_eq!(unsafe { mj_table_apply(t, seat, a) }, MjStatus::Ok);
                answered += 1;
            } else {
                let v = view(t, seat);
                let cfg = if rng.below(3) == 0 {
                    &bot as *const _
                } else {
                    null()
                };
                let mut want = MjAction {
                    kind: 99,
                    tile: 99,
                    aux: 0,
                };
                assert_eq!(
                    unsafe { mj_table_default_action(t, seat, cfg, &mut want) },
                    MjStatus::Ok
                );
                let mut got = MjAction {
                    kind: 99,
                    tile: 99,
                    aux: 0,
                };
                assert_eq!(
                    unsafe { mj_table_apply_default(t, seat, cfg, &mut got) },
                    MjStatus::Ok
                );
                assert_eq!(got, want);
                if cfg.is_null() {
                    if v.phase == MJ_PHASE_CLAIM {
                        assert_eq!(got.kind, MJ_ACTION_PASS);
                    } else if v.drawn != MJ_NO_TILE {
                        assert_eq!((got.kind, got.tile), (MJ_ACTION_DISCARD, v.drawn));
                    } else {
                        assert_eq!(got.kind, MJ_ACTION_DISCARD);
                    }
                    timeouts += 1;
                } else {
                    by_bot += 1;
                }
            }
        }
        unsafe { mj_table_free(t) };
    }
    assert!(timeouts > 500 && by_bot > 100 && answered > 500);
}

#[test]
fn default_action_error_classes() {
    let rules = mj_rules_default();
    let t = new_table(&rules, 2);
    let (p, _) = pending(t);
    let idle = (p.trailing_zeros() as u8 + 1) % 4;
    let mut a = MjAction {
        kind: 77,
        tile: 77,
        aux: 0,
    };
    let st = |s| unsafe { mj_table_apply_default(t, s, null(), null_mut()) };
    assert_eq!(st(4), MjStatus::InvalidArgument);
    assert_eq!(st(idle), MjStatus::IllegalAction);
    let mut bad = mj_bot_config_default();
    bad.attack_level = 0;
    let seat = p.trailing_zeros() as u8;
    assert_eq!(
        unsafe { mj_table_default_action(t, seat, &bad, &mut a) },
        MjStatus::InvalidArgument
    );
    bad.kind = 9;
    assert_eq!(
        unsafe { mj_table_apply_default(t, seat, &bad, &mut a) },
        MjStatus::InvalidArgument
    );
    assert_eq!((a.kind, a.tile), (77, 77), "untouched on error");
    assert_eq!(
        unsafe { mj_table_default_action(t, seat, null(), null_mut()) },
        MjStatus::NullPointer
    );
    assert_eq!(
        unsafe { mj_table_apply_default(null_mut(), 0, null(), null_mut()) },
        MjStatus::NullPointer
    );
    assert_eq!(pending(t).0, p, "nothing changed");
    unsafe { mj_table_free(t) };
}

/// The fuzz finding: base and price at 4e9 and a score of 2,147,483,000 gave payments
/// `0 -2147483648 2147483647 0` (sum -1) and a wrapped score. Points are 64-bit now: every
/// hand's payments sum to zero and the scores are the exact sums.
#[test]
fn stakes_near_the_32_bit_limit_neither_wrap_nor_lose_a_point() {
    let mut rules = mj_rules_default();
    rules.tai.base = 4_000_000_000;
    rules.tai.price = 4_000_000_000;
    let t = new_table(&rules, 7);
    assert_eq!(
        unsafe { mj_table_set_score(t, 1, 2_147_483_000) },
        MjStatus::Ok
    );
    let mut totals = [0i64, 2_147_483_000, 0, 0];
    let mut bot = mj_bot_config_default();
    bot.kind = MJ_BOT_GREEDY;
    let mut wins = 0;
    for _ in 0..30 {
        loop {
            let (p, phase) = pending(t);
            if phase == MJ_PHASE_OVER {
                break;
            }
            let seat = p.trailing_zeros() as u8;
            assert_eq!(
                unsafe { mj_table_apply_default(t, seat, &bot, null_mut()) },
                MjStatus::Ok
            );
        }
        let mut r = std::mem::MaybeUninit::<MjHandResult>::uninit();
        assert_eq!(unsafe { mj_table_result(t, r.as_mut_ptr()) }, MjStatus::Ok);
        let r = unsafe { r.assume_init() };
        assert_eq!(r.points.iter().sum::<i64>(), 0, "{r:?}");
        if r.winners != 0 {
            wins += 1;
            assert!(r.points.iter().any(|&p| p.abs() > i64::from(i32::MAX)));
        }
        for (total, p) in totals.iter_mut().zip(r.points) {
            *total += p;
        }
        assert_eq!(view(t, 0).scores, totals);
        assert_eq!(unsafe { mj_table_next_hand(t) }, MjStatus::Ok);
    }
    assert!(wins > 10);
    unsafe { mj_table_free(t) };
}

/// The fuzz finding: a view with `pass_locked` bits under rules whose `pass_lock` is 0 was
/// accepted by `mj_legal_actions` and `mj_ai_decide` (the header says the field is 0 then).
#[test]
fn a_pass_lock_without_the_rule_is_an_impossible_view() {
    let mut rules = mj_rules_default();
    rules.pass_lock = 0;
    let t = new_table(&rules, 3);
    let seat = pending(t).0.trailing_zeros() as u8;
    let mut v = view(t, seat);
    let mut legal = [MjAction {
        kind: 0,
        tile: 0,
        aux: 0,
    }; MJ_MAX_ACTIONS];
    let mut n = 0;
    assert_eq!(
        unsafe { mj_legal_actions(&v, legal.as_mut_ptr(), MJ_MAX_ACTIONS, &mut n) },
        MjStatus::Ok
    );
    v.pass_locked = 1 << 5;
    assert_eq!(
        unsafe { mj_legal_actions(&v, legal.as_mut_ptr(), MJ_MAX_ACTIONS, &mut n) },
        MjStatus::InvalidView
    );
    let mut a = MjAction {
        kind: 0,
        tile: 0,
        aux: 0,
    };
    let bot = mj_bot_config_default();
    assert_eq!(
        unsafe { mj_ai_decide(&v, &bot, &mut a) },
        MjStatus::InvalidView
    );
    // Under the rule the same lock is a possible view.
    v.rules.pass_lock = 1;
    assert_eq!(
        unsafe { mj_legal_actions(&v, legal.as_mut_ptr(), MJ_MAX_ACTIONS, &mut n) },
        MjStatus::Ok
    );
    unsafe { mj_table_free(t) };
}
