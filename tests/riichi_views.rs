//! Views from outside: views of random play at riichi and Taiwanese tables, damaged byte by byte
//! (a red five's code in a Taiwanese discard list, say), given to `mj_legal_actions` and
//! `mj_ai_decide` (the greedy bot at riichi, every bot at Taiwanese tables): each call answers a
//! documented status, never a panic, and a view that passes is decided legally. `MJ_VIEWS_N` sets
//! the views per table (default 20,000).

use mjkit::ffi::*;
use mjkit::table::rng::Rng;

const NONE: MjAction = MjAction {
    kind: 0,
    tile: 0,
    aux: 0,
};

fn legal_of_view(v: &MjView) -> (MjStatus, Vec<MjAction>) {
    let mut buf = [NONE; MJ_MAX_ACTIONS];
    let mut n = 0u32;
    // SAFETY: valid pointers, MJ_MAX_ACTIONS slots.
    let s = unsafe { mj_legal_actions(v, buf.as_mut_ptr(), MJ_MAX_ACTIONS, &mut n) };
    (s, buf[..n as usize].to_vec())
}

#[test]
fn damaged_riichi_views_are_refused_or_decided_legally() {
    let n: u64 = std::env::var("MJ_VIEWS_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);
    let mut rng = Rng::from_u64(5);
    let greedy = MjBotConfig {
        tie_break: 0,
        kind: MJ_BOT_GREEDY,
        attack_level: 99,
        ..mj_bot_config_default()
    };
    for preset in [
        MJ_PRESET_RIICHI_TENHOU,
        MJ_PRESET_RIICHI_MAHJONG_SOUL,
        u32::from(MJ_VARIANT_TAIWAN16),
    ] {
        let riichi = preset != u32::from(MJ_VARIANT_TAIWAN16);
        let mut rules = mj_rules_default();
        // SAFETY: writable rules; a table freed at the end.
        unsafe { mj_rules_preset(preset, &mut rules) };
        let mut t: *mut MjTable = std::ptr::null_mut();
        assert_eq!(unsafe { mj_table_new(&rules, 3, &mut t) }, MjStatus::Ok);
        let mut views = 0;
        let mut hand = 0;
        while views < n {
            unsafe { mj_table_deal(t, hand, (hand % 4) as u8, 0) };
            hand += 1;
            loop {
                let (mut pending, mut phase) = (0u8, 0u8);
                unsafe { mj_table_pending(t, &mut pending, &mut phase) };
                if phase == MJ_PHASE_OVER {
                    break;
                }
                let seat = pending.trailing_zeros() as u8;
                let mut v = std::mem::MaybeUninit::<MjView>::uninit();
                assert_eq!(
                    unsafe { mj_table_view(t, (rng.below(4)) as u32, v.as_mut_ptr()) },
                    MjStatus::Ok
                );
                let mut v = unsafe { v.assume_init() };
                // Damage: up to four random bytes (or none).
                let bytes = unsafe {
                    std::slice::from_raw_parts_mut(
                        (&mut v as *mut MjView).cast::<u8>(),
                        std::mem::size_of::<MjView>(),
                    )
                };
                for _ in 0..rng.below(5) {
                    let i = rng.below(bytes.len() as u64) as usize;
                    bytes[i] = rng.below(256) as u8;
                }
                let (ls, legal) = legal_of_view(&v);
                assert_ne!(ls, MjStatus::Panic, "mj_legal_actions panicked on {v:?}");
                let mut a = NONE;
                let cfg = if riichi {
                    greedy
                } else {
                    MjBotConfig {
                        kind: rng.below(3) as u8,
                        ..greedy
                    }
                };
                let s = unsafe { mj_ai_decide(&v, &cfg, &mut a) };
                assert_ne!(s, MjStatus::Panic, "mj_ai_decide panicked on {v:?}");
                if s == MjStatus::Ok {
                    assert!(legal.contains(&a), "{a:?} not in {legal:?}");
                }
                views += 1;
                // Play on: a random legal action of the waiting seat.
                let mut buf = [NONE; MJ_MAX_ACTIONS];
                let mut k = 0u32;
                unsafe {
                    mj_table_legal_actions(t, seat, buf.as_mut_ptr(), MJ_MAX_ACTIONS, &mut k)
                };
                let pick = buf[rng.below(u64::from(k)) as usize];
                assert_eq!(unsafe { mj_table_apply(t, seat, pick) }, MjStatus::Ok);
            }
        }
        unsafe { mj_table_free(t) };
    }
}

#[test]
fn a_red_five_in_a_taiwanese_view_is_refused() {
    let rules = mj_rules_default();
    let mut t: *mut MjTable = std::ptr::null_mut();
    assert_eq!(unsafe { mj_table_new(&rules, 5, &mut t) }, MjStatus::Ok);
    // Play on until the seat whose turn it is sees two discards (the first is not on offer).
    let v = loop {
        let (mut pending, mut phase) = (0u8, 0u8);
        unsafe { mj_table_pending(t, &mut pending, &mut phase) };
        let seat = pending.trailing_zeros() as u8;
        let mut v = std::mem::MaybeUninit::<MjView>::uninit();
        assert_eq!(
            unsafe { mj_table_view(t, u32::from(seat), v.as_mut_ptr()) },
            MjStatus::Ok
        );
        let v = unsafe { v.assume_init() };
        if phase == MJ_PHASE_TURN && v.discard_count >= 2 {
            break v;
        }
        let mut buf = [NONE; MJ_MAX_ACTIONS];
        let mut k = 0u32;
        unsafe { mj_table_legal_actions(t, seat, buf.as_mut_ptr(), MJ_MAX_ACTIONS, &mut k) };
        let a = buf[..k as usize]
            .iter()
            .copied()
            .find(|a| a.kind == MJ_ACTION_PASS || a.kind == MJ_ACTION_DISCARD)
            .unwrap();
        assert_eq!(unsafe { mj_table_apply(t, seat, a) }, MjStatus::Ok);
    };
    let bots = [MJ_BOT_THESIS, MJ_BOT_GREEDY, MJ_BOT_MJKIT];
    for (field, code) in [(0, 42u8), (1, 43)] {
        let mut bad = v;
        match field {
            0 => bad.discard_tile[0] = code,
            _ => bad.red[1] = 1,
        }
        for kind in bots {
            let cfg = MjBotConfig {
                tie_break: 0,
                kind,
                attack_level: 99,
                ..mj_bot_config_default()
            };
            let mut a = NONE;
            let s = unsafe { mj_ai_decide(&bad, &cfg, &mut a) };
            assert_eq!(s, MjStatus::InvalidView, "field {field} bot {kind}");
        }
        assert_eq!(legal_of_view(&bad).0, MjStatus::InvalidView);
    }
    unsafe { mj_table_free(t) };
}
