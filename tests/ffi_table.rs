//! The table engine and the bots through the C ABI: whole hands played by every bot, every
//! error class of every `mj_table_*` / `mj_ai_decide` / `mj_legal_actions` function, outputs
//! untouched on error, illegal actions that change nothing, determinism, a table shared by
//! threads.

use mjkit::ffi::*;
use std::ptr::{null, null_mut};

fn new_table(rules: &MjRules, seed: u64) -> *mut MjTable {
    let mut t = null_mut();
    assert_eq!(unsafe { mj_table_new(rules, seed, &mut t) }, MjStatus::Ok);
    assert!(!t.is_null());
    t
}

fn view(t: *const MjTable, seat: u8) -> MjView {
    let mut v = std::mem::MaybeUninit::<MjView>::uninit();
    assert_eq!(
        unsafe { mj_table_view(t, u32::from(seat), v.as_mut_ptr()) },
        MjStatus::Ok
    );
    unsafe { v.assume_init() }
}

fn pending(t: *const MjTable) -> (u8, u8) {
    let (mut p, mut ph) = (0u8, 0u8);
    assert_eq!(
        unsafe { mj_table_pending(t, &mut p, &mut ph) },
        MjStatus::Ok
    );
    (p, ph)
}

fn bot(kind: u8, al: u8) -> MjBotConfig {
    MjBotConfig {
        tie_break: 3,
        kind,
        attack_level: al,
        level: MJ_MAX_LEVEL,
    }
}

/// Plays one hand with `bots` by seat through the ABI; returns the result and the decisions.
fn play(t: *mut MjTable, bots: &[MjBotConfig; 4]) -> (MjHandResult, u32) {
    let mut decisions = 0;
    loop {
        let (p, phase) = pending(t);
        if phase == MJ_PHASE_OVER {
            assert_eq!(p, 0);
            break;
        }
        let seat = p.trailing_zeros() as u8;
        let v = view(t, seat);
        let mut a = MjAction {
            kind: 99,
            tile: 99,
            aux: 0,
        };
        assert_eq!(
            unsafe { mj_ai_decide(&v, &bots[usize::from(seat)], &mut a) },
            MjStatus::Ok
        );
        // The decision is one of the legal actions, from the table and from the view alike.
        let mut legal = [MjAction {
            kind: 0,
            tile: 0,
            aux: 0,
        }; MJ_MAX_ACTIONS];
        let mut n = 0u32;
        assert_eq!(
            unsafe { mj_table_legal_actions(t, seat, legal.as_mut_ptr(), MJ_MAX_ACTIONS, &mut n) },
            MjStatus::Ok
        );
        let mut legal2 = [MjAction {
            kind: 0,
            tile: 0,
            aux: 0,
        }; MJ_MAX_ACTIONS];
        let mut n2 = 0u32;
        assert_eq!(
            unsafe { mj_legal_actions(&v, legal2.as_mut_ptr(), MJ_MAX_ACTIONS, &mut n2) },
            MjStatus::Ok
        );
        assert_eq!(&legal[..n as usize], &legal2[..n2 as usize]);
        assert!(legal[..n as usize].contains(&a), "{a:?} not legal");
        assert_eq!(unsafe { mj_table_apply(t, seat, a) }, MjStatus::Ok);
        decisions += 1;
    }
    let mut r = std::mem::MaybeUninit::<MjHandResult>::uninit();
    assert_eq!(unsafe { mj_table_result(t, r.as_mut_ptr()) }, MjStatus::Ok);
    (unsafe { r.assume_init() }, decisions)
}

#[test]
fn every_bot_plays_whole_hands_through_the_abi() {
    let lineups = [
        [
            bot(MJ_BOT_MJKIT, 0),
            bot(MJ_BOT_THESIS, 99),
            bot(MJ_BOT_GREEDY, 0),
            bot(MJ_BOT_THESIS, 5),
        ],
        [
            bot(MJ_BOT_THESIS, 3),
            bot(MJ_BOT_MJKIT, 0),
            bot(MJ_BOT_THESIS, 8),
            bot(MJ_BOT_GREEDY, 0),
        ],
    ];
    for (variant, dead, scoring) in [
        (MJ_VARIANT_TAIWAN16, 16, MJ_SCORING_TAI),
        (MJ_VARIANT_TAIWAN16, 16, MJ_SCORING_THESIS),
        (MJ_VARIANT_THIRTEEN, 14, MJ_SCORING_THESIS),
    ] {
        let rules = MjRules {
            variant,
            dead_wall: dead,
            scoring,
            ..mj_rules_default()
        };
        let t = new_table(&rules, 5);
        let mut totals = [0i64; 4];
        for h in 0..40 {
            let (r, decisions) = play(t, &lineups[h % 2]);
            assert!(decisions > 10);
            assert_eq!(r.points.iter().sum::<i64>(), 0);
            for (total, &points) in totals.iter_mut().zip(&r.points) {
                *total += points;
            }
            assert_eq!(view(t, 0).scores, totals);
            assert_eq!(unsafe { mj_table_next_hand(t) }, MjStatus::Ok);
        }
        unsafe { mj_table_free(t) };
    }
}

#[test]
fn same_seed_same_hand() {
    let bots = [
        bot(MJ_BOT_MJKIT, 0),
        bot(MJ_BOT_THESIS, 99),
        bot(MJ_BOT_GREEDY, 0),
        bot(MJ_BOT_THESIS, 4),
    ];
    let run = |seed| {
        let t = new_table(&mj_rules_default(), seed);
        let r = play(t, &bots);
        let v = view(t, 2);
        unsafe { mj_table_free(t) };
        (r, v)
    };
    assert_eq!(run(9), run(9));
    assert_ne!(run(9).1, run(10).1);
}

#[test]
fn table_error_classes_leave_outputs_and_table_untouched() {
    let rules = mj_rules_default();
    let mut t = null_mut();
    assert_eq!(
        unsafe { mj_table_new(null(), 1, &mut t) },
        MjStatus::NullPointer
    );
    assert_eq!(
        unsafe { mj_table_new(&rules, 1, null_mut()) },
        MjStatus::NullPointer
    );
    for bad in [
        MjRules {
            variant: 2,
            ..rules
        },
        MjRules {
            multi_win: 2,
            ..rules
        },
        MjRules {
            rob_kong: 2,
            ..rules
        },
        MjRules {
            scoring: 2,
            ..rules
        },
        MjRules {
            tai: MjTaiRules {
                values: {
                    let mut v = rules.tai.values;
                    v[0] = 1;
                    v
                },
                ..rules.tai
            },
            ..rules
        },
        MjRules {
            tai: MjTaiRules {
                chrysanthemum_west: 2,
                ..rules.tai
            },
            ..rules
        },
        MjRules {
            tai: MjTaiRules {
                concealed_self_drawn_keeps_concealed: 255,
                ..rules.tai
            },
            ..rules
        },
        MjRules {
            variant: MJ_VARIANT_THIRTEEN,
            ..rules
        },
        MjRules {
            pass_lock: 3,
            ..rules
        },
        MjRules {
            dead_wall: 61,
            ..rules
        },
    ] {
        assert_eq!(
            unsafe { mj_table_new(&bad, 1, &mut t) },
            MjStatus::InvalidArgument,
            "{bad:?}"
        );
        assert!(t.is_null());
    }
    let t = new_table(&rules, 1);
    // NULL handles.
    let mut v = view(t, 0);
    let before = v;
    assert_eq!(
        unsafe { mj_table_view(null(), 0, &mut v) },
        MjStatus::NullPointer
    );
    assert_eq!(
        unsafe { mj_table_view(t, 0, null_mut()) },
        MjStatus::NullPointer
    );
    assert_eq!(
        unsafe { mj_table_view(t, 4, &mut v) },
        MjStatus::InvalidArgument
    );
    assert_eq!(v, before);
    assert_eq!(
        unsafe { mj_table_deal(null_mut(), 0, 0, 0) },
        MjStatus::NullPointer
    );
    assert_eq!(
        unsafe { mj_table_deal(t, 0, 4, 0) },
        MjStatus::InvalidArgument
    );
    assert_eq!(
        unsafe { mj_table_deal(t, 0, 0, 4) },
        MjStatus::InvalidArgument
    );
    assert_eq!(view(t, 0), before);
    assert_eq!(
        unsafe { mj_table_next_hand(null_mut()) },
        MjStatus::NullPointer
    );
    assert_eq!(unsafe { mj_table_next_hand(t) }, MjStatus::HandNotOver);
    let mut p = 77u8;
    assert_eq!(
        unsafe { mj_table_pending(null(), &mut p, null_mut()) },
        MjStatus::NullPointer
    );
    assert_eq!(
        unsafe { mj_table_pending(t, null_mut(), null_mut()) },
        MjStatus::NullPointer
    );
    assert_eq!(p, 77);
    assert_eq!(
        unsafe { mj_table_pending(t, &mut p, null_mut()) },
        MjStatus::Ok
    );
    assert_eq!(p, 1 << before.dealer);
    // Legal actions: NULL, seat, buffer.
    let mut buf = [MjAction {
        kind: 9,
        tile: 9,
        aux: 0,
    }; MJ_MAX_ACTIONS];
    let mut n = 555u32;
    assert_eq!(
        unsafe { mj_table_legal_actions(null(), 0, buf.as_mut_ptr(), 48, &mut n) },
        MjStatus::NullPointer
    );
    assert_eq!(
        unsafe { mj_table_legal_actions(t, 0, buf.as_mut_ptr(), 48, null_mut()) },
        MjStatus::NullPointer
    );
    assert_eq!(
        unsafe { mj_table_legal_actions(t, 4, buf.as_mut_ptr(), 48, &mut n) },
        MjStatus::InvalidArgument
    );
    assert_eq!(
        unsafe { mj_table_legal_actions(t, 0, buf.as_mut_ptr(), 2, &mut n) },
        MjStatus::BufferTooSmall
    );
    assert_eq!(
        unsafe { mj_table_legal_actions(t, 0, null_mut(), 48, &mut n) },
        MjStatus::NullPointer
    );
    assert_eq!(
        (n, buf[0]),
        (
            555,
            MjAction {
                kind: 9,
                tile: 9,
                aux: 0
            }
        )
    );
    // A seat with nothing to do: zero actions, NULL buffer allowed.
    let other = (before.dealer + 1) % 4;
    assert_eq!(
        unsafe { mj_table_legal_actions(t, other, null_mut(), 0, &mut n) },
        MjStatus::Ok
    );
    assert_eq!(n, 0);
    // Apply: NULL, seat, unknown kind, tile out of range, illegal; nothing changes.
    let dealer = before.dealer;
    let held = before.hand.iter().position(|&c| c > 0).unwrap() as u8;
    let missing = before.hand.iter().position(|&c| c == 0).unwrap() as u8;
    let disc = |tile| MjAction {
        kind: MJ_ACTION_DISCARD,
        tile,
        aux: 0,
    };
    assert_eq!(
        unsafe { mj_table_apply(null_mut(), dealer, disc(held)) },
        MjStatus::NullPointer
    );
    assert_eq!(
        unsafe { mj_table_apply(t, 4, disc(held)) },
        MjStatus::InvalidArgument
    );
    assert_eq!(
        unsafe {
            mj_table_apply(
                t,
                dealer,
                MjAction {
                    kind: 8,
                    tile: held,
                    aux: 0,
                },
            )
        },
        MjStatus::InvalidArgument
    );
    assert_eq!(
        unsafe { mj_table_apply(t, dealer, disc(34)) },
        MjStatus::InvalidArgument
    );
    assert_eq!(
        unsafe { mj_table_apply(t, dealer, disc(missing)) },
        MjStatus::IllegalAction
    );
    assert_eq!(
        unsafe { mj_table_apply(t, other, disc(held)) },
        MjStatus::IllegalAction
    );
    assert_eq!(
        unsafe {
            mj_table_apply(
                t,
                dealer,
                MjAction {
                    kind: MJ_ACTION_PASS,
                    tile: MJ_NO_TILE,
                    aux: 0,
                },
            )
        },
        MjStatus::IllegalAction
    );
    for s in 0..4 {
        let now = view(t, s);
        assert_eq!(now.hand, view(t, s).hand);
    }
    assert_eq!(view(t, 0), before);
    // Result before the end.
    let mut r = MjHandResult {
        points: [7; 4],
        tai: [7; 4],
        han: [7; 4],
        fu: [7; 4],
        end: 7,
        winners: 7,
        discarder: 7,
        tile: 7,
        robbed_kong: 7,
        tenpai: 7,
        abort_reason: 7,
    };
    let r0 = r;
    assert_eq!(unsafe { mj_table_result(t, &mut r) }, MjStatus::HandNotOver);
    assert_eq!(
        unsafe { mj_table_result(null(), &mut r) },
        MjStatus::NullPointer
    );
    assert_eq!(
        unsafe { mj_table_result(t, null_mut()) },
        MjStatus::NullPointer
    );
    assert_eq!(r, r0);
    // The legal discard goes through.
    assert_eq!(
        unsafe { mj_table_apply(t, dealer, disc(held)) },
        MjStatus::Ok
    );
    unsafe { mj_table_free(t) };
    unsafe { mj_table_free(null_mut()) };
}

/// Custom tai rules set from C: a table keeps them (its views read them back) and pays by
/// them: with the dealer's patterns off, every payment of a win is `base + tai * price`.
#[test]
fn table_from_c_pays_custom_tai_values() {
    let mut tai = mj_tai_rules_default();
    for (id, v) in tai.values.iter_mut().enumerate() {
        // 莊家, 連莊, 拉莊 (ids 1..3) off; every other pattern one tai dearer than ATAWMJ.
        *v = if id <= 3 || *v == 0 { 0 } else { *v + 1 };
    }
    tai.base = 30;
    tai.price = 7;
    tai.chrysanthemum_west = 1;
    let rules = MjRules {
        tai,
        ..mj_rules_default()
    };
    assert_ne!(rules, mj_rules_default());
    let t = new_table(&rules, 11);
    assert_eq!(view(t, 2).rules, rules);
    let bots = [bot(MJ_BOT_MJKIT, 0); 4];
    let (mut discard_wins, mut self_draws) = (0, 0);
    for _ in 0..400 {
        let (r, _) = play(t, &bots);
        assert_eq!(view(t, 1).rules, rules);
        if r.winners.count_ones() == 1 {
            let w = r.winners.trailing_zeros() as usize;
            let pay = 30 + 7 * i64::from(r.tai[w]);
            match r.end {
                MJ_END_DISCARD => {
                    let d = usize::from(r.discarder);
                    let mut expect = [0; 4];
                    expect[w] = pay;
                    expect[d] = -pay;
                    assert_eq!(r.points, expect, "{r:?}");
                    discard_wins += 1;
                }
                MJ_END_SELF_DRAW => {
                    let mut expect = [-pay; 4];
                    expect[w] = 3 * pay;
                    assert_eq!(r.points, expect, "{r:?}");
                    self_draws += 1;
                }
                _ => unreachable!("{r:?}"),
            }
        }
        if discard_wins >= 10 && self_draws >= 3 {
            break;
        }
        assert_eq!(unsafe { mj_table_next_hand(t) }, MjStatus::Ok);
    }
    assert!(
        discard_wins >= 10 && self_draws >= 3,
        "{discard_wins} {self_draws}"
    );
    unsafe { mj_table_free(t) };
}

#[test]
fn ai_and_view_error_classes() {
    let t = new_table(&mj_rules_default(), 2);
    let dealer = view(t, 0).dealer;
    let v = view(t, dealer);
    let cfg = bot(MJ_BOT_MJKIT, 0);
    let mut a = MjAction {
        kind: 9,
        tile: 9,
        aux: 0,
    };
    let untouched = a;
    assert_eq!(
        unsafe { mj_ai_decide(null(), &cfg, &mut a) },
        MjStatus::NullPointer
    );
    assert_eq!(
        unsafe { mj_ai_decide(&v, null(), &mut a) },
        MjStatus::NullPointer
    );
    assert_eq!(
        unsafe { mj_ai_decide(&v, &cfg, null_mut()) },
        MjStatus::NullPointer
    );
    for bad in [bot(3, 0), bot(MJ_BOT_THESIS, 0), bot(MJ_BOT_THESIS, 100)] {
        assert_eq!(
            unsafe { mj_ai_decide(&v, &bad, &mut a) },
            MjStatus::InvalidArgument
        );
    }
    // A seat that is not asked.
    let idle = view(t, (dealer + 1) % 4);
    assert_eq!(
        unsafe { mj_ai_decide(&idle, &cfg, &mut a) },
        MjStatus::InvalidView
    );
    // Corrupted views: every kind of field.
    let mut corrupt: Vec<(&str, MjView)> = Vec::new();
    let mut c = v;
    c.phase = 3;
    corrupt.push(("phase", c));
    let mut c = v;
    c.offer = 4;
    corrupt.push(("offer", c));
    let mut c = v;
    c.seat = 4;
    corrupt.push(("seat", c));
    let mut c = v;
    c.rules.variant = 7;
    corrupt.push(("variant", c));
    let mut c = v;
    c.rules.tai.values[0] = 3;
    corrupt.push(("tai values[0]", c));
    let mut c = v;
    c.rules.tai.all_chows_no_flowers = 2;
    corrupt.push(("tai switch", c));
    let mut c = v;
    c.pending = 0x10;
    corrupt.push(("pending", c));
    let mut c = v;
    c.meld_counts[1] = 6;
    corrupt.push(("meld count", c));
    let mut c = v;
    c.meld_counts[1] = 1;
    c.meld_kind[5] = 9;
    corrupt.push(("meld kind", c));
    let mut c = v;
    c.meld_counts[1] = 1;
    c.concealed_counts[1] -= 3;
    c.meld_kind[5] = MJ_MELD_CHOW;
    c.meld_tile[5] = 8; // a chow from 9m
    c.meld_claimed[5] = 8;
    c.meld_from[5] = 0;
    corrupt.push(("chow from 9m", c));
    let mut c = v;
    c.discard_count = 145;
    corrupt.push(("discard count", c));
    let mut c = v;
    c.flowers = [1, 1, 0, 0];
    corrupt.push(("one flower twice", c));
    let mut c = v;
    c.concealed_counts[usize::from(dealer)] -= 1;
    corrupt.push(("own count", c));
    let mut c = v;
    c.drawn = 40;
    corrupt.push(("drawn", c));
    for (what, c) in &corrupt {
        assert_eq!(
            unsafe { mj_ai_decide(c, &cfg, &mut a) },
            MjStatus::InvalidView,
            "{what}"
        );
        let mut n = 0u32;
        let mut buf = [MjAction {
            kind: 0,
            tile: 0,
            aux: 0,
        }; MJ_MAX_ACTIONS];
        assert_eq!(
            unsafe { mj_legal_actions(c, buf.as_mut_ptr(), MJ_MAX_ACTIONS, &mut n) },
            MjStatus::InvalidView,
            "{what}"
        );
    }
    // Five copies of a kind in sight.
    let mut c = v;
    let k = c.hand.iter().position(|&x| x > 0).unwrap();
    c.hand[k] = 5;
    assert_eq!(
        unsafe { mj_ai_decide(&c, &cfg, &mut a) },
        MjStatus::TooManyCopies
    );
    assert_eq!(a, untouched);
    // The real view decides.
    assert_eq!(unsafe { mj_ai_decide(&v, &cfg, &mut a) }, MjStatus::Ok);
    unsafe { mj_table_free(t) };
}

#[test]
fn one_table_shared_by_threads_stays_consistent() {
    let t = new_table(&mj_rules_default(), 12);
    let addr = t as usize;
    // Four threads, one per seat, each applying its own decisions when it is asked.
    std::thread::scope(|s| {
        for seat in 0..4u8 {
            s.spawn(move || {
                let t = addr as *mut MjTable;
                let cfg = bot(MJ_BOT_THESIS, 99);
                loop {
                    let (p, phase) = pending(t);
                    if phase == MJ_PHASE_OVER {
                        break;
                    }
                    if p & (1 << seat) == 0 {
                        std::thread::yield_now();
                        continue;
                    }
                    let v = view(t, seat);
                    let mut a = MjAction {
                        kind: 0,
                        tile: 0,
                        aux: 0,
                    };
                    if unsafe { mj_ai_decide(&v, &cfg, &mut a) } != MjStatus::Ok {
                        continue; // the table moved on between pending and view
                    }
                    let st = unsafe { mj_table_apply(t, seat, a) };
                    assert!(matches!(st, MjStatus::Ok | MjStatus::IllegalAction));
                }
            });
        }
    });
    let mut r = std::mem::MaybeUninit::<MjHandResult>::uninit();
    assert_eq!(unsafe { mj_table_result(t, r.as_mut_ptr()) }, MjStatus::Ok);
    assert_eq!(unsafe { r.assume_init() }.points.iter().sum::<i64>(), 0);
    unsafe { mj_table_free(t) };
}

/// The bytes a view is written as do not depend on what the memory held before: padding
/// (`MjRules` and `MjTaiRules` have some) is written as zero, so views compare and travel as
/// bytes.
#[test]
fn views_and_rules_are_written_as_the_same_bytes() {
    /// Fills the stack below the caller with `fill`, so that padding copied from a stack
    /// temporary differs between calls.
    #[inline(never)]
    fn dirty_stack(fill: u8) {
        let mut a = [fill; 256 * 1024];
        std::hint::black_box(&mut a);
    }
    fn bytes_of<T>(fill: u8, write: impl FnOnce(*mut T) -> MjStatus) -> Vec<u8> {
        dirty_stack(fill);
        let mut m = std::mem::MaybeUninit::<T>::uninit();
        unsafe { std::ptr::write_bytes(m.as_mut_ptr().cast::<u8>(), fill, size_of::<T>()) };
        assert_eq!(write(m.as_mut_ptr()), MjStatus::Ok);
        unsafe { std::slice::from_raw_parts(m.as_ptr().cast::<u8>(), size_of::<T>()) }.to_vec()
    }
    for rules in [mj_rules_default(), {
        let mut r = mj_rules_default();
        r.scoring = MJ_SCORING_THESIS;
        r
    }] {
        let t = new_table(&rules, 4);
        for seat in 0..4 {
            let a = bytes_of(0xAA, |v| unsafe { mj_table_view(t, seat, v) });
            let b = bytes_of(0x55, |v| unsafe { mj_table_view(t, seat, v) });
            assert_eq!(a, b, "seat {seat}");
        }
        unsafe { mj_table_free(t) };
    }
    for variant in [MJ_VARIANT_TAIWAN16, MJ_VARIANT_THIRTEEN] {
        let a = bytes_of(0xAA, |r| unsafe { mj_rules_preset(variant.into(), r) });
        let b = bytes_of(0x55, |r| unsafe { mj_rules_preset(variant.into(), r) });
        assert_eq!(a, b);
    }
    for preset in [MJ_TAI_PRESET_ATAWMJ, MJ_TAI_PRESET_COMMON] {
        let a = bytes_of(0xAA, |r| unsafe { mj_tai_rules_preset(preset, r) });
        let b = bytes_of(0x55, |r| unsafe { mj_tai_rules_preset(preset, r) });
        assert_eq!(a, b);
    }
}

/// The riichi wall in code order: four of each kind, the first five of each suit red.
fn riichi_wall() -> Vec<u8> {
    let mut w: Vec<u8> = (0..136).map(|k| (k / 4) as u8).collect();
    w[16] = 42;
    w[52] = 43;
    w[88] = 44;
    w
}

fn save(t: *const MjTable) -> Vec<u8> {
    let mut len = 0usize;
    unsafe { mj_table_save(t, null_mut(), 0, &mut len) };
    let mut b = vec![0u8; len];
    assert_eq!(
        unsafe { mj_table_save(t, b.as_mut_ptr(), len, &mut len) },
        MjStatus::Ok
    );
    b
}

#[test]
fn deal_wall_error_classes_change_nothing() {
    let mut rules = mj_rules_default();
    assert_eq!(
        unsafe { mj_rules_preset(MJ_PRESET_RIICHI_TENHOU, &mut rules) },
        MjStatus::Ok
    );
    let t = new_table(&rules, 4);
    let w = riichi_wall();
    let before = save(t);
    let deal = |t: *mut MjTable, dealer: u8, wind: u8, wall: *const u8, len: usize| unsafe {
        mj_table_deal_wall(t, 0, dealer, wind, wall, len)
    };
    assert_eq!(
        deal(null_mut(), 0, 0, w.as_ptr(), w.len()),
        MjStatus::NullPointer
    );
    assert_eq!(deal(t, 0, 0, std::ptr::null(), 136), MjStatus::NullPointer);
    assert_eq!(
        deal(t, 0, 0, std::ptr::null(), 0),
        MjStatus::InvalidArgument
    );
    assert_eq!(deal(t, 0, 0, w.as_ptr(), 135), MjStatus::InvalidArgument);
    assert_eq!(deal(t, 4, 0, w.as_ptr(), 136), MjStatus::InvalidArgument);
    assert_eq!(deal(t, 0, 4, w.as_ptr(), 136), MjStatus::InvalidArgument);
    for (at, code) in [(0usize, 1u8), (16, 4), (3, 45), (7, 34), (9, 255)] {
        let mut bad = w.clone();
        bad[at] = code;
        assert_eq!(
            deal(t, 0, 0, bad.as_ptr(), 136),
            MjStatus::InvalidArgument,
            "code {code} at {at}"
        );
    }
    assert_eq!(save(t), before, "refusals change nothing");
    // A Taiwanese table takes its own set (144 with flowers), not a riichi wall.
    let tw = new_table(&mj_rules_default(), 4);
    assert_eq!(deal(tw, 0, 0, w.as_ptr(), 136), MjStatus::InvalidArgument);
    assert_eq!(deal(t, 1, 2, w.as_ptr(), 136), MjStatus::Ok);
    let v = view(t, 1);
    // The dealer (seat 1) has w[0..4] (1m), w[16] (0m) and its 14th tile w[52] (0p).
    assert_eq!(
        (v.dealer, v.prevalent_wind, v.hand[0], v.red),
        (1, 2, 4, [1, 1, 0])
    );
    // The record and the snapshot replay on the given wall.
    let img = save(t);
    let mut back = null_mut();
    assert_eq!(
        unsafe { mj_table_load(img.as_ptr(), img.len(), &mut back) },
        MjStatus::Ok
    );
    assert_eq!(save(back), img);
    unsafe {
        mj_table_free(back);
        mj_table_free(tw);
        mj_table_free(t);
    }
}
