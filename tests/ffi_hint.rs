//! Hints and levels through the C ABI: `mj_hint`, `mj_hint_reason_str`, `mj_view_visible` and
//! `MjBotConfig.level`: every error class with its output untouched, the C hint equal to the
//! core's field by field, the same bytes on every call.

use mjkit::ai::{self, BotConfig, Reason};
use mjkit::ffi::*;
use mjkit::table::{Rules, Table};

fn new_table(rules: &MjRules, seed: u64) -> *mut MjTable {
    let mut t = std::ptr::null_mut();
    assert_eq!(unsafe { mj_table_new(rules, seed, &mut t) }, MjStatus::Ok);
    t
}

fn view_of(t: *const MjTable, seat: u8) -> MjView {
    let mut v = std::mem::MaybeUninit::<MjView>::uninit();
    assert_eq!(
        unsafe { mj_table_view(t, u32::from(seat), v.as_mut_ptr()) },
        MjStatus::Ok
    );
    unsafe { v.assume_init() }
}

fn mjkit(level: u8) -> MjBotConfig {
    let mut c = mj_bot_config_default();
    c.kind = MJ_BOT_MJKIT;
    c.level = level;
    c
}

/// A hint written over bytes `fill`.
fn hint(v: &MjView, cfg: &MjBotConfig, fill: u8) -> (MjStatus, Vec<u8>) {
    let mut m = std::mem::MaybeUninit::<MjHint>::uninit();
    unsafe { std::ptr::write_bytes(m.as_mut_ptr().cast::<u8>(), fill, size_of::<MjHint>()) };
    let s = unsafe { mj_hint(v, cfg, m.as_mut_ptr()) };
    let bytes = unsafe { std::slice::from_raw_parts(m.as_ptr().cast::<u8>(), size_of::<MjHint>()) }
        .to_vec();
    (s, bytes)
}

fn as_hint(bytes: &[u8]) -> MjHint {
    assert_eq!(bytes.len(), size_of::<MjHint>());
    unsafe { std::ptr::read_unaligned(bytes.as_ptr().cast::<MjHint>()) }
}

#[test]
fn mj_hint_error_classes_leave_the_output_untouched() {
    let t = new_table(&mj_rules_default(), 5);
    let v = view_of(t, 0);
    let ok = mjkit(5);
    let untouched = vec![0xA5; size_of::<MjHint>()];
    let refused = |v: &MjView, c: &MjBotConfig, want: MjStatus| {
        let (s, bytes) = hint(v, c, 0xA5);
        assert_eq!(s, want);
        assert_eq!(bytes, untouched, "{want:?} wrote its output");
    };
    let mut out = std::mem::MaybeUninit::<MjHint>::uninit();
    unsafe {
        assert_eq!(
            mj_hint(std::ptr::null(), &ok, out.as_mut_ptr()),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_hint(&v, std::ptr::null(), out.as_mut_ptr()),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_hint(&v, &ok, std::ptr::null_mut()),
            MjStatus::NullPointer
        );
    }
    for kind in [MJ_BOT_THESIS, MJ_BOT_GREEDY, 3, 200] {
        let mut c = ok;
        c.kind = kind;
        refused(&v, &c, MjStatus::InvalidArgument);
    }
    for level in [0, MJ_MAX_LEVEL + 1, 255] {
        refused(&v, &mjkit(level), MjStatus::InvalidArgument);
    }
    // A seat with nothing to decide, an impossible view, a fifth copy in sight.
    refused(&view_of(t, 1), &ok, MjStatus::InvalidView);
    let mut bad = v;
    bad.phase = 9;
    refused(&bad, &ok, MjStatus::InvalidView);
    let mut bad = v;
    bad.hand[0] = 4;
    bad.hand[1] = 4;
    bad.discard_count = 1;
    bad.discard_tile[0] = 0;
    bad.discard_seat[0] = 1;
    bad.discard_claimed_by[0] = MJ_NO_SEAT;
    refused(&bad, &ok, MjStatus::TooManyCopies);
    assert_eq!(hint(&v, &ok, 0).0, MjStatus::Ok);
    unsafe { mj_table_free(t) };
}

#[test]
fn mj_view_visible_error_classes_and_the_core_counts() {
    let t = new_table(&mj_rules_default(), 9);
    // Some play first, so that discards and melds are in sight.
    for _ in 0..80 {
        let (mut p, mut ph) = (0u8, 0u8);
        unsafe { mj_table_pending(t, &mut p, &mut ph) };
        if ph == MJ_PHASE_OVER {
            break;
        }
        let seat = p.trailing_zeros() as u8;
        let v = view_of(t, seat);
        let mut a = MjAction {
            kind: 0,
            tile: 0,
            aux: 0,
        };
        assert_eq!(unsafe { mj_ai_decide(&v, &mjkit(2), &mut a) }, MjStatus::Ok);
        assert_eq!(unsafe { mj_table_apply(t, seat, a) }, MjStatus::Ok);
    }
    for seat in 0..4 {
        let v = view_of(t, seat);
        let mut out = [0xA5u8; MJ_TILE_KINDS];
        assert_eq!(
            unsafe { mj_view_visible(&v, out.as_mut_ptr()) },
            MjStatus::Ok
        );
        let total: u32 = out.iter().map(|&c| u32::from(c)).sum();
        assert!(total > 0, "seat {seat}");
        for (o, h) in out.iter().zip(&v.hand) {
            assert!(o + h <= 4);
        }
        // The same counts as mj_ukeire's `visible` makes them live: rebuilt from the lists.
        let mut want = [0u8; MJ_TILE_KINDS];
        for i in 0..usize::from(v.discard_count) {
            if v.discard_claimed_by[i] == MJ_NO_SEAT {
                want[usize::from(v.discard_tile[i])] += 1;
            }
        }
        for s in 0..4 {
            for m in 0..usize::from(v.meld_counts[s]) {
                let slot = s * MJ_MAX_MELDS + m;
                let (kind, tile) = (v.meld_kind[slot], usize::from(v.meld_tile[slot]));
                if v.meld_tile[slot] == MJ_HIDDEN_TILE {
                    continue;
                }
                match kind {
                    MJ_MELD_CHOW => (0..3).for_each(|d| want[tile + d] += 1),
                    MJ_MELD_PUNG => want[tile] += 3,
                    _ => want[tile] += 4,
                }
            }
        }
        assert_eq!(out, want, "seat {seat}");
    }
    let v = view_of(t, 0);
    let mut out = [0xA5u8; MJ_TILE_KINDS];
    unsafe {
        assert_eq!(
            mj_view_visible(std::ptr::null(), out.as_mut_ptr()),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_view_visible(&v, std::ptr::null_mut()),
            MjStatus::NullPointer
        );
        let mut bad = v;
        bad.phase = 7;
        assert_eq!(
            mj_view_visible(&bad, out.as_mut_ptr()),
            MjStatus::InvalidView
        );
        let mut bad = v;
        bad.hand = [0; MJ_TILE_KINDS];
        bad.hand[5] = 4;
        bad.discard_count = 1;
        bad.discard_tile[0] = 5;
        bad.discard_seat[0] = 1;
        bad.discard_claimed_by[0] = MJ_NO_SEAT;
        let s = mj_view_visible(&bad, out.as_mut_ptr());
        assert!(
            s == MjStatus::TooManyCopies || s == MjStatus::InvalidView,
            "{s:?}"
        );
    }
    assert_eq!(out, [0xA5; MJ_TILE_KINDS]);
    unsafe { mj_table_free(t) };
}

#[test]
fn mj_hint_is_the_core_hint_field_by_field_and_the_same_bytes() {
    let mut seen_tai = 0;
    for (rules, core_rules) in [
        (mj_rules_default(), Rules::taiwan16()),
        (
            {
                let mut r = mj_rules_default();
                r.scoring = MJ_SCORING_THESIS;
                r.pass_lock = 0;
                r
            },
            Rules::taiwan16_thesis_points(),
        ),
    ] {
        let t = new_table(&rules, 12);
        let mut core = Table::new(core_rules, 12).unwrap();
        core.deal(0, 0, 0).unwrap();
        for step in 0..200 {
            let (mut p, mut ph) = (0u8, 0u8);
            unsafe { mj_table_pending(t, &mut p, &mut ph) };
            if ph == MJ_PHASE_OVER {
                break;
            }
            let seat = p.trailing_zeros() as u8;
            let v = view_of(t, seat);
            let cv = core.view(usize::from(seat));
            let level = (step % 5 + 1) as u8;
            let cfg = MjBotConfig {
                tie_break: 3,
                ..mjkit(level)
            };
            let (s, a) = hint(&v, &cfg, 0xAA);
            let (s2, b) = hint(&v, &cfg, 0x55);
            assert_eq!((s, s2), (MjStatus::Ok, MjStatus::Ok));
            assert_eq!(a, b, "padding differs between calls");
            let h = as_hint(&a);
            let core_cfg = BotConfig {
                tie_break: 3,
                ..BotConfig::mjkit_level(level)
            };
            let c = ai::hint(&cv, &core_cfg).unwrap();
            let scaled = |p: f64| (p * f64::from(MJ_HINT_SCALE)).round() as u16;
            assert_eq!(usize::from(h.option_count), c.options.len());
            assert_eq!((h.seat, h.level, h.shanten), (seat, level, c.shanten as i8));
            assert_eq!(Reason::from_code(h.reason), Some(c.reason));
            match c.efficient {
                Some(e) => {
                    let i = usize::from(h.efficient_index);
                    assert!(i < c.options.len() && c.options[i].action == e);
                }
                None => assert_eq!(h.efficient_index, MJ_HINT_NO_OPTION),
            }
            assert_eq!(
                (h.choice.tile, h.choice.kind),
                (c.choice.tile, {
                    let mut x = MjAction {
                        kind: 0,
                        tile: 0,
                        aux: 0,
                    };
                    assert_eq!(unsafe { mj_ai_decide(&v, &cfg, &mut x) }, MjStatus::Ok);
                    x.kind
                })
            );
            for (i, o) in c.options.iter().enumerate() {
                assert_eq!(h.option_tile[i], o.action.tile);
                assert_eq!(i32::from(h.option_shanten[i]), o.shanten);
                assert_eq!(u32::from(h.option_live[i]), o.live);
                assert_eq!(h.option_accepted[i], o.accepted);
                assert_eq!(h.option_danger[i], scaled(o.danger));
                assert_eq!(h.option_win_chance[i], scaled(o.win_chance));
                assert_eq!(h.option_value[i], (o.value * 100.0).round() as i32);
            }
            for i in c.options.len()..MJ_MAX_ACTIONS {
                assert_eq!(
                    (h.option_kind[i], h.option_accepted[i], h.option_value[i]),
                    (0, 0, 0)
                );
            }
            assert_eq!(h.danger, c.danger.map(scaled));
            assert_eq!(h.ready, c.ready.map(scaled));
            match c.variant {
                ai::VariantHint::Tai(th) => {
                    seen_tai += 1;
                    assert_eq!(h.variant, MJ_HINT_VARIANT_TAI);
                    assert_eq!(h.value_unit, MJ_HINT_UNIT_TAI);
                    assert_eq!(
                        h.tai.deal_in_tai,
                        th.deal_in_tai.map(|x| (x * 100.0).round() as i32)
                    );
                    assert_eq!(
                        h.tai.deal_in_payment,
                        th.deal_in_payment.map(|x| x.round() as i32)
                    );
                }
                _ => {
                    assert_eq!(
                        (h.variant, h.value_unit),
                        (MJ_HINT_VARIANT_THESIS, MJ_HINT_UNIT_NONE)
                    );
                    assert_eq!(h.tai, MjHintTai::default());
                }
            }
            // Play the hint's choice on both tables.
            assert_eq!(unsafe { mj_table_apply(t, seat, h.choice) }, MjStatus::Ok);
            core.apply(usize::from(seat), c.choice).unwrap();
        }
        unsafe { mj_table_free(t) };
    }
    assert!(seen_tai > 20, "{seen_tai}");
}

#[test]
fn mj_hint_reason_str_describes_every_reason() {
    for r in Reason::ALL {
        let p = mj_hint_reason_str(i32::from(r as u8));
        let s = unsafe { std::ffi::CStr::from_ptr(p) }.to_str().unwrap();
        assert_eq!(s, r.text());
    }
    for code in [-1, 17, 255, i32::MAX, i32::MIN] {
        let s = unsafe { std::ffi::CStr::from_ptr(mj_hint_reason_str(code)) };
        assert_eq!(s.to_str().unwrap(), "unknown reason");
    }
}

#[test]
fn levels_through_the_abi_are_the_core_levels() {
    let t = new_table(&mj_rules_default(), 21);
    let v = view_of(t, 0);
    let cv = Table::new(Rules::taiwan16(), 21).unwrap().view(0);
    for level in 1..=MJ_MAX_LEVEL {
        for tie_break in [0u64, 1, u64::MAX] {
            let cfg = MjBotConfig {
                tie_break,
                ..mjkit(level)
            };
            let mut a = MjAction {
                kind: 0,
                tile: 0,
                aux: 0,
            };
            assert_eq!(unsafe { mj_ai_decide(&v, &cfg, &mut a) }, MjStatus::Ok);
            let c = ai::decide(
                &cv,
                &BotConfig {
                    tie_break,
                    ..BotConfig::mjkit_level(level)
                },
            );
            assert_eq!(a.tile, c.tile);
        }
    }
    // The level is ignored by the bots that do not read it.
    for kind in [MJ_BOT_THESIS, MJ_BOT_GREEDY] {
        let mut cfg = mj_bot_config_default();
        cfg.kind = kind;
        cfg.level = 0;
        let mut a = MjAction {
            kind: 0,
            tile: 0,
            aux: 0,
        };
        assert_eq!(unsafe { mj_ai_decide(&v, &cfg, &mut a) }, MjStatus::Ok);
    }
    assert_eq!(mj_bot_config_default().level, MJ_MAX_LEVEL);
    unsafe { mj_table_free(t) };
}
