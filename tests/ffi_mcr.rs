//! C ABI of MCR scoring: NULL handling, every refusal class, outputs untouched on error, and
//! `mj_mcr_fan_info`.

use mjkit::ffi::*;
use std::ffi::CStr;

fn counts(s: &str) -> [u8; MJ_TILE_KINDS] {
    mjkit::tile::parse(s).expect("notation").counts
}

fn kind(s: &str) -> u8 {
    counts(s).iter().position(|&c| c > 0).expect("one tile") as u8
}

/// A valid concealed hand: 234m 456p 789s 123s 55z, won on a discarded 5z.
fn valid() -> MjMcrHand {
    let mut h = mj_mcr_hand_default();
    h.counts = counts("234m456p789s123s55z");
    h.win_tile = kind("5z");
    h
}

const SENTINEL: MjMcrResult = MjMcrResult {
    total: -7,
    base: -7,
    qualifies: 7,
    fans: [7; MJ_MCR_FAN_SLOTS],
};

fn score(h: &MjMcrHand) -> (MjStatus, MjMcrResult) {
    let mut out = SENTINEL;
    // SAFETY: both pointers are valid.
    let st = unsafe { mj_mcr_score(h, &mut out) };
    (st, out)
}

#[test]
fn mj_mcr_hand_default_is_empty() {
    let h = mj_mcr_hand_default();
    assert_eq!(h.counts, [0; MJ_TILE_KINDS]);
    assert_eq!((h.meld_count, h.win_tile, h.flags, h.flowers), (0, 0, 0, 0));
    assert_eq!((h.seat_wind, h.prevalent_wind), (0, 0));
}

#[test]
fn mj_mcr_score_scores_a_hand() {
    let mut h = mj_mcr_hand_default();
    // 九莲宝灯 won on 5m, self-drawn, with two flowers.
    h.counts = counts("11123455678999m");
    h.win_tile = kind("5m");
    h.flags = MJ_MCR_WIN_SELF_DRAWN;
    h.flowers = 2;
    let (st, out) = score(&h);
    assert_eq!(st, MjStatus::Ok);
    assert_eq!(out.fans[4], 1, "九莲宝灯");
    assert_eq!(out.fans[81], 2, "花牌");
    assert_eq!(out.total, out.base + 2);
    assert_eq!(out.qualifies, 1);
    assert_eq!(out.fans[0], 0);
    let sum: i32 = (1..MJ_MCR_FAN_SLOTS)
        .map(|id| {
            let mut p = 0;
            let (mut zh, mut en) = (std::ptr::null(), std::ptr::null());
            // SAFETY: valid output pointers.
            assert_eq!(
                unsafe { mj_mcr_fan_info(id as u32, &mut p, &mut zh, &mut en) },
                MjStatus::Ok
            );
            p * i32::from(out.fans[id])
        })
        .sum();
    assert_eq!(sum, out.total);
}

#[test]
fn mj_mcr_score_with_melds() {
    let mut h = mj_mcr_hand_default();
    // Claimed chow 123m, melded kong of 5p from the opposite seat, concealed kong of East.
    h.counts = counts("789s55z");
    h.melds[0] = MjMcrMeld {
        kind: MJ_MCR_MELD_CHOW,
        tile: kind("1m"),
        claimed: 2,
    };
    h.melds[1] = MjMcrMeld {
        kind: MJ_MCR_MELD_KONG,
        tile: kind("5p"),
        claimed: 2,
    };
    h.melds[2] = MjMcrMeld {
        kind: MJ_MCR_MELD_CONCEALED_KONG,
        tile: kind("1z"),
        claimed: 0,
    };
    h.meld_count = 3;
    h.win_tile = kind("5z");
    let (st, out) = score(&h);
    assert_eq!(st, MjStatus::Ok);
    assert_eq!(out.fans[82], 1, "明暗杠");
    assert_eq!(out.fans[60], 1, "圈风刻 (East round)");
}

#[test]
fn mj_mcr_score_null_pointers() {
    let h = valid();
    let mut out = SENTINEL;
    // SAFETY: NULL is allowed and reported.
    unsafe {
        assert_eq!(
            mj_mcr_score(std::ptr::null(), &mut out),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_mcr_score(&h, std::ptr::null_mut()),
            MjStatus::NullPointer
        );
    }
    assert_eq!(out, SENTINEL);
}

#[test]
fn mj_mcr_score_refusals_leave_output_untouched() {
    let mut cases: Vec<(&str, MjMcrHand, MjStatus)> = Vec::new();
    let mut h = valid();
    h.counts = counts("234m456p789s124s55z");
    cases.push(("not winning", h, MjStatus::NotWinning));
    let mut h = valid();
    h.counts = counts("234m456p789s12s55z");
    cases.push(("13 tiles", h, MjStatus::BadTileTotal));
    let mut h = valid();
    h.counts[0] = 5;
    cases.push(("count 5", h, MjStatus::TooManyCopies));
    let mut h = valid();
    h.counts = counts("234m456p789s55z");
    h.melds[0] = MjMcrMeld {
        kind: MJ_MCR_MELD_KONG,
        tile: kind("5z"),
        claimed: 1,
    };
    h.meld_count = 1;
    h.counts = counts("234m456p789s5z5z");
    cases.push(("fifth copy with a meld", h, MjStatus::TooManyCopies));
    for (what, m) in [
        ("honour chow", (MJ_MCR_MELD_CHOW, kind("1z"), 1)),
        ("chow from 8", (MJ_MCR_MELD_CHOW, kind("8m"), 1)),
        ("chow from 9", (MJ_MCR_MELD_CHOW, kind("9s"), 1)),
        ("unknown kind", (9, kind("1m"), 1)),
        ("kind 0", (0, kind("1m"), 1)),
        ("claimed 4", (MJ_MCR_MELD_PUNG, kind("1m"), 4)),
        ("claimed 0 pung", (MJ_MCR_MELD_PUNG, kind("1m"), 0)),
        (
            "claimed concealed kong",
            (MJ_MCR_MELD_CONCEALED_KONG, kind("1m"), 1),
        ),
        ("tile 34", (MJ_MCR_MELD_PUNG, 34, 1)),
    ] {
        let mut h = valid();
        h.counts = counts("456p789s123s55z");
        h.melds[0] = MjMcrMeld {
            kind: m.0,
            tile: m.1,
            claimed: m.2,
        };
        h.meld_count = 1;
        cases.push((what, h, MjStatus::IllegalMeld));
    }
    let mut h = valid();
    h.meld_count = 5;
    cases.push(("5 melds", h, MjStatus::InvalidArgument));
    let mut h = valid();
    h.seat_wind = 4;
    cases.push(("seat wind 4", h, MjStatus::InvalidArgument));
    let mut h = valid();
    h.prevalent_wind = 9;
    cases.push(("prevalent wind 9", h, MjStatus::InvalidArgument));
    let mut h = valid();
    h.flowers = 9;
    cases.push(("9 flowers", h, MjStatus::InvalidArgument));
    let mut h = valid();
    h.win_tile = 34;
    cases.push(("win tile 34", h, MjStatus::InvalidArgument));
    let mut h = valid();
    h.win_tile = kind("1m");
    cases.push(("win tile not held", h, MjStatus::InvalidArgument));
    let mut h = valid();
    h.flags = 16;
    cases.push(("unknown flag", h, MjStatus::InvalidFlags));
    let mut h = valid();
    h.flags = MJ_MCR_WIN_LAST_COPY;
    cases.push(("last copy of a held pair tile", h, MjStatus::InvalidFlags));
    let mut h = valid();
    h.flags = MJ_MCR_WIN_SELF_DRAWN | MJ_MCR_WIN_KONG;
    cases.push(("replacement tile without kong", h, MjStatus::InvalidFlags));
    let mut h = valid();
    h.flags = MJ_MCR_WIN_KONG;
    cases.push(("robbing a held tile", h, MjStatus::InvalidFlags));
    let mut h = valid();
    h.win_tile = kind("3s");
    h.flags = MJ_MCR_WIN_KONG | MJ_MCR_WIN_WALL_LAST;
    cases.push(("robbing after the wall", h, MjStatus::InvalidFlags));

    for (what, h, want) in cases {
        let (st, out) = score(&h);
        assert_eq!(st, want, "{what}");
        assert_eq!(out, SENTINEL, "{what}: output written on error");
    }
}

#[test]
fn mj_mcr_fan_info_names_and_points() {
    let mut p = -1;
    let (mut zh, mut en) = (std::ptr::null(), std::ptr::null());
    // SAFETY: valid output pointers; the names are static NUL-terminated strings.
    unsafe {
        assert_eq!(mj_mcr_fan_info(1, &mut p, &mut zh, &mut en), MjStatus::Ok);
        assert_eq!(p, 88);
        assert_eq!(CStr::from_ptr(zh).to_str().unwrap(), "大四喜");
        assert_eq!(CStr::from_ptr(en).to_str().unwrap(), "Big Four Winds");
        assert_eq!(mj_mcr_fan_info(81, &mut p, &mut zh, &mut en), MjStatus::Ok);
        assert_eq!((p, CStr::from_ptr(zh).to_str().unwrap()), (1, "花牌"));
        assert_eq!(mj_mcr_fan_info(82, &mut p, &mut zh, &mut en), MjStatus::Ok);
        assert_eq!((p, CStr::from_ptr(zh).to_str().unwrap()), (5, "明暗杠"));
        for id in 1..=MJ_MCR_MAX_FAN_ID {
            assert_eq!(mj_mcr_fan_info(id, &mut p, &mut zh, &mut en), MjStatus::Ok);
            assert!(p > 0 && !CStr::from_ptr(zh).is_empty() && !CStr::from_ptr(en).is_empty());
        }
        // Errors leave the outputs alone.
        let (mut p2, mut zh2, mut en2) = (-5, std::ptr::null(), std::ptr::null());
        for id in [0, 83, u32::MAX] {
            assert_eq!(
                mj_mcr_fan_info(id, &mut p2, &mut zh2, &mut en2),
                MjStatus::InvalidArgument
            );
        }
        assert_eq!(
            mj_mcr_fan_info(1, std::ptr::null_mut(), &mut zh2, &mut en2),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_mcr_fan_info(1, &mut p2, std::ptr::null_mut(), &mut en2),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_mcr_fan_info(1, &mut p2, &mut zh2, std::ptr::null_mut()),
            MjStatus::NullPointer
        );
        assert_eq!((p2, zh2, en2), (-5, std::ptr::null(), std::ptr::null()));
        let s = CStr::from_ptr(mj_status_str(MjStatus::InvalidFlags as i32));
        assert!(s.to_str().unwrap().contains("flags"));
    }
}

#[test]
fn readme_example() {
    // The C example of docs/mcr.md.
    let mut h = mj_mcr_hand_default();
    h.counts = counts("123m456p789s55z");
    h.melds[0] = MjMcrMeld {
        kind: MJ_MCR_MELD_CHOW,
        tile: 18,
        claimed: 2,
    };
    h.meld_count = 1;
    h.win_tile = 31;
    h.flags = MJ_MCR_WIN_SELF_DRAWN;
    h.seat_wind = 1;
    h.flowers = 2;
    let (st, out) = score(&h);
    assert_eq!(st, MjStatus::Ok);
    // 花龙 (123m 456p 789s, 8) + 喜相逢 (123m 123s, 1) + 单钓将 (1) + 自摸 (1) + 2 flowers.
    let got: Vec<(usize, u8)> = (1..MJ_MCR_FAN_SLOTS)
        .filter(|&i| out.fans[i] != 0)
        .map(|i| (i, out.fans[i]))
        .collect();
    assert_eq!(got, [(39, 1), (70, 1), (79, 1), (80, 1), (81, 2)]);
    assert_eq!((out.total, out.base, out.qualifies), (13, 11, 1));
}
