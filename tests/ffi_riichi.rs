//! C ABI of riichi scoring: NULL handling, every refusal class (outputs untouched), the
//! initialisers and presets, and `mj_riichi_yaku_info`.

#[path = "riichi_common/mod.rs"]
mod riichi_common;

use mjkit::ffi::*;
use mjkit::riichi;
use std::ffi::CStr;

fn counts(s: &str) -> [u8; MJ_TILE_KINDS] {
    mjkit::tile::parse(s).expect("notation").counts
}

fn kind(s: &str) -> u8 {
    counts(s).iter().position(|&c| c > 0).expect("one tile") as u8
}

/// Riichi, pinfu-less closed hand 123m 456p 789s 234s 55z won on 5z.
fn valid() -> MjRiichiHand {
    let mut h = mj_riichi_hand_default();
    h.counts = counts("123m456p789s234s55z");
    h.win_tile = kind("5z");
    h.conditions = MJ_RIICHI_RIICHI;
    h
}

const SENTINEL: MjRiichiResult = MjRiichiResult {
    han: -7,
    fu: -7,
    main: -7,
    additional: -7,
    main_bonus: -7,
    additional_bonus: -7,
    sticks_bonus: -7,
    total: -7,
    yaku: [7; MJ_RIICHI_YAKU_SLOTS],
    fu_parts: [MjRiichiFu { reason: 7, fu: 7 }; MJ_RIICHI_MAX_FU_PARTS],
    limit: 7,
    yakuman_multiple: 7,
    fu_count: 7,
};

fn score(h: &MjRiichiHand, r: &MjRiichiRules) -> (MjStatus, MjRiichiResult) {
    let mut out = SENTINEL;
    // SAFETY: all pointers are valid.
    let st = unsafe { mj_riichi_score(h, r, &mut out) };
    (st, out)
}

fn refused(h: &MjRiichiHand, r: &MjRiichiRules, want: MjStatus) {
    let (st, out) = score(h, r);
    assert_eq!(st, want, "{h:?}");
    assert_eq!(out, SENTINEL, "output written on {want:?}");
}

#[test]
fn mj_riichi_score_riichi_hand() {
    let r = mj_riichi_rules_default();
    let (st, out) = score(&valid(), &r);
    assert_eq!(st, MjStatus::Ok);
    // Riichi 1 han; concealed ron 30 + 2 (dragon pair) + 2 (pair wait) = 40 fu: 1,300.
    assert_eq!((out.han, out.fu, out.main, out.total), (1, 40, 1300, 1300));
    assert_eq!(out.yaku[2], 1);
    assert_eq!(out.limit, MJ_RIICHI_LIMIT_NONE);
    assert_eq!(out.fu_count, 3);
}

#[test]
fn mj_riichi_score_null_pointers() {
    let h = valid();
    let r = mj_riichi_rules_default();
    let mut out = SENTINEL;
    // SAFETY: NULL is reported, never dereferenced; the other pointers are valid.
    unsafe {
        assert_eq!(
            mj_riichi_score(std::ptr::null(), &r, &mut out),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_riichi_score(&h, std::ptr::null(), &mut out),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_riichi_score(&h, &r, std::ptr::null_mut()),
            MjStatus::NullPointer
        );
    }
    assert_eq!(out, SENTINEL);
}

#[test]
fn mj_riichi_score_every_refusal_leaves_output() {
    let r = mj_riichi_rules_default();
    let set = |f: &dyn Fn(&mut MjRiichiHand)| {
        let mut h = valid();
        f(&mut h);
        h
    };
    refused(
        &set(&|h| h.counts = counts("123m456p789s234s57z")),
        &r,
        MjStatus::NotWinning,
    );
    refused(&set(&|h| h.conditions = 0), &r, MjStatus::NoYaku);
    refused(
        &set(&|h| h.conditions = MJ_RIICHI_IPPATSU),
        &r,
        MjStatus::RiichiConflict,
    );
    refused(
        &set(&|h| h.conditions |= MJ_RIICHI_HAITEI),
        &r,
        MjStatus::WinTimingConflict,
    );
    refused(
        &set(&|h| h.conditions |= MJ_RIICHI_TSUMO | MJ_RIICHI_RINSHAN),
        &r,
        MjStatus::RinshanWithoutKan,
    );
    refused(
        &set(&|h| h.conditions |= MJ_RIICHI_CHANKAN),
        &r,
        MjStatus::ChankanConflict,
    );
    refused(
        &set(&|h| h.conditions = MJ_RIICHI_TSUMO | MJ_RIICHI_TENHOU),
        &r,
        MjStatus::BlessingConflict,
    );
    refused(&set(&|h| h.red_fives = [1, 0, 0]), &r, MjStatus::RedFives);
    refused(&set(&|h| h.kita = 1), &r, MjStatus::ThreePlayerTile);
    refused(
        &set(&|h| h.conditions = MJ_RIICHI_NAGASHI_MANGAN),
        &r,
        MjStatus::NagashiConflict,
    );
    refused(
        &set(&|h| h.paarenchan = 1),
        &r,
        MjStatus::PaarenchanNotDealer,
    );
    refused(&set(&|h| h.counts[0] = 5), &r, MjStatus::TooManyCopies);
    refused(&set(&|h| h.counts[0] = 0), &r, MjStatus::BadTileTotal);
    refused(&set(&|h| h.seat_wind = 4), &r, MjStatus::InvalidArgument);
    refused(
        &set(&|h| h.conditions |= 1 << 20),
        &r,
        MjStatus::InvalidArgument,
    );
    refused(&set(&|h| h.dora_count = 6), &r, MjStatus::InvalidArgument);
    refused(
        &set(&|h| {
            h.counts = counts("123m456p789s55z");
            h.melds[0] = MjRiichiMeld {
                kind: 9,
                tile: 18,
                claimed: 1,
            };
            h.meld_count = 1;
        }),
        &r,
        MjStatus::IllegalMeld,
    );
    refused(
        &set(&|h| {
            h.counts = counts("123m456p789s55z");
            h.melds[0] = MjRiichiMeld {
                kind: MJ_RIICHI_MELD_CHI,
                tile: 27,
                claimed: 1,
            };
            h.meld_count = 1;
        }),
        &r,
        MjStatus::IllegalMeld,
    );
    let mut sanma = r;
    sanma.three_player = 1;
    refused(&valid(), &sanma, MjStatus::ThreePlayerTile);
    let mut bad = r;
    bad.kiriage = 2;
    refused(&valid(), &bad, MjStatus::InvalidArgument);
    bad = r;
    bad.kazoe = 3;
    refused(&valid(), &bad, MjStatus::InvalidArgument);
}

#[test]
fn mj_riichi_rules_presets() {
    let mut out = mj_riichi_rules_default();
    for p in 0..=5 {
        // SAFETY: valid output pointer.
        assert_eq!(unsafe { mj_riichi_rules_preset(p, &mut out) }, MjStatus::Ok);
    }
    assert_eq!(out.three_player, 1);
    let before = out;
    // SAFETY: valid output pointer / NULL is reported.
    unsafe {
        assert_eq!(
            mj_riichi_rules_preset(6, &mut out),
            MjStatus::InvalidArgument
        );
        assert_eq!(
            mj_riichi_rules_preset(0, std::ptr::null_mut()),
            MjStatus::NullPointer
        );
    }
    assert_eq!(out, before);
    let d = mj_riichi_rules_default();
    assert_eq!(
        (
            d.double_yakuman,
            d.fu_for_open_pinfu,
            d.sextuple_limit,
            d.aka_dora
        ),
        (1, 1, 1, 0)
    );
}

#[test]
fn mj_riichi_yaku_info_names() {
    let (mut hc, mut ho) = (0, 0);
    let (mut ja, mut en, mut zh) = (std::ptr::null(), std::ptr::null(), std::ptr::null());
    for id in 1..=MJ_RIICHI_MAX_YAKU_ID {
        // SAFETY: valid output pointers.
        let st = unsafe { mj_riichi_yaku_info(id, &mut hc, &mut ho, &mut ja, &mut en, &mut zh) };
        assert_eq!(st, MjStatus::Ok);
        assert!(hc > 0);
        // SAFETY: the library returns static NUL-terminated strings.
        let names = unsafe { [CStr::from_ptr(ja), CStr::from_ptr(en), CStr::from_ptr(zh)] };
        assert!(
            names
                .iter()
                .all(|n| !n.to_bytes().is_empty() && n.to_str().is_ok())
        );
    }
    // SAFETY: as above.
    unsafe {
        assert_eq!(
            mj_riichi_yaku_info(13, &mut hc, &mut ho, &mut ja, &mut en, &mut zh),
            MjStatus::Ok
        );
        assert_eq!(CStr::from_ptr(ja).to_str(), Ok("平和"));
        assert_eq!((hc, ho), (1, 0));
        hc = -1;
        assert_eq!(
            mj_riichi_yaku_info(0, &mut hc, &mut ho, &mut ja, &mut en, &mut zh),
            MjStatus::InvalidArgument
        );
        assert_eq!(
            mj_riichi_yaku_info(66, &mut hc, &mut ho, &mut ja, &mut en, &mut zh),
            MjStatus::InvalidArgument
        );
        assert_eq!(hc, -1);
        assert_eq!(
            mj_riichi_yaku_info(1, std::ptr::null_mut(), &mut ho, &mut ja, &mut en, &mut zh),
            MjStatus::NullPointer
        );
    }
}

#[test]
fn mj_status_str_riichi_codes() {
    for code in 10..=19 {
        // SAFETY: static string.
        let s = unsafe { CStr::from_ptr(mj_status_str(code)) }
            .to_str()
            .expect("utf-8");
        assert!(
            s.starts_with("riichi:") || s.starts_with("three-player:"),
            "{code}: {s}"
        );
    }
}

/// The C entry point gives the core's result, field by field, on generated hands (winning,
/// not winning, impossible inputs), whatever the unused slots and the old output hold.
#[test]
fn mj_riichi_score_matches_the_core() {
    let mut scored = 0;
    for (i, c) in riichi_common::generate(0xFF1_0009, 100_000)
        .iter()
        .enumerate()
    {
        let (h, r) = riichi_common::to_c(c, [0, 5, 0xff, 34][i % 4]);
        let (st, out) = score(&h, &r);
        match riichi::score(&c.hand, &c.rules) {
            Err(e) => {
                assert_eq!(st, MjStatus::from(e), "{c:?}");
                assert_eq!(out, SENTINEL, "{c:?}");
            }
            Ok(s) => {
                scored += 1;
                assert_eq!(st, MjStatus::Ok, "{c:?}");
                // The C result is the core's score as it is, its unused fu entries zero.
                let n = usize::from(s.fu_count);
                assert!(n <= MJ_RIICHI_MAX_FU_PARTS, "{c:?}");
                assert!(
                    out.fu_parts[n..]
                        .iter()
                        .all(|p| *p == MjRiichiFu { reason: 0, fu: 0 }),
                    "{c:?}"
                );
                assert!(s.fu_parts().iter().all(|p| p.reason().is_some()), "{c:?}");
                assert_eq!(s.payment().total, out.total, "{c:?}");
                let want = s;
                assert_eq!(out, want, "{c:?}");
            }
        }
    }
    assert!(scored > 30_000, "{scored} scored");
}

/// Rules bytes outside 0/1 (a switch) or 0..=2 (`kazoe`) are refused, whichever byte it is.
#[test]
fn mj_riichi_score_checks_every_rules_byte() {
    let h = valid();
    for field in 0..15 {
        for v in [2u8, 3, 0x80, 0xff] {
            let mut r = mj_riichi_rules_default();
            // SAFETY: `MjRiichiRules` is 15 `u8` fields.
            let bytes = unsafe { &mut *(&raw mut r).cast::<[u8; 15]>() };
            bytes[field] = v;
            if field == 3 && v == 2 {
                assert_eq!(score(&h, &r).0, MjStatus::Ok);
            } else {
                refused(&h, &r, MjStatus::InvalidArgument);
            }
        }
    }
}
