//! C ABI of tai scoring: the initialisers and presets, a scored sample, NULL handling, every
//! refusal class with the output untouched, `mj_tai_pattern_info` (names as the rules count the
//! pattern), the values that used to clamp, and a differential test: the C ABI against the core
//! on the random wins of `tests/tai_diff.rs`'s generator (`MJ_TAI_N`, default 100,000).

mod tai_common;

use mjkit::ffi::*;
use mjkit::tai::{self, Pattern, TaiRules};
use std::ffi::CStr;
use tai_common::{Rng, random_facts, random_rules};

fn counts(s: &str) -> [u8; MJ_TILE_KINDS] {
    mjkit::tile::parse(s).expect("notation").counts
}

fn kind(s: &str) -> u8 {
    counts(s).iter().position(|&c| c > 0).expect("one tile") as u8
}

fn meld(kind: u8, tile: &str, claimed: u8) -> MjMcrMeld {
    MjMcrMeld {
        kind,
        tile: self::kind(tile),
        claimed,
    }
}

/// The docs' sample: seat 1 (South) wins on 6p discarded by seat 2, dealer seat 0; a chow of
/// 1-2-3m claimed from seat 0, the flower 夏.
fn sample() -> MjTaiHand {
    let mut h = mj_tai_hand_default();
    h.counts = counts("456m789m234p678p55s");
    h.melds[0] = meld(MJ_MCR_MELD_CHOW, "1m", 1);
    h.meld_count = 1;
    h.flowers[0] = 2;
    h.flower_count = 1;
    h.win_tile = kind("6p");
    h.how = MJ_TAI_WIN_DISCARD;
    h.from = 2;
    h.winner = 1;
    h
}

const SENTINEL: MjTaiResult = MjTaiResult {
    tai: [7; MJ_TAI_PATTERN_SLOTS],
    hand_tai: 7,
    dealer_tai: 7,
    total: 7,
    winner_tai: 7,
    qualifies: 7,
    payments: [7; MJ_TAI_SEATS],
};

fn preset(p: u32) -> MjTaiRules {
    let mut r = mj_tai_rules_default();
    // SAFETY: a valid output pointer.
    assert_eq!(unsafe { mj_tai_rules_preset(p, &mut r) }, MjStatus::Ok);
    r
}

fn score_with(h: &MjTaiHand, r: &MjTaiRules) -> (MjStatus, MjTaiResult) {
    let mut out = SENTINEL;
    // SAFETY: every pointer is valid.
    let st = unsafe { mj_tai_score(h, r, &mut out) };
    (st, out)
}

fn score(h: &MjTaiHand) -> (MjStatus, MjTaiResult) {
    score_with(h, &mj_tai_rules_default())
}

#[test]
fn mj_tai_hand_default_is_empty() {
    let h = mj_tai_hand_default();
    assert_eq!(h.counts, [0; MJ_TILE_KINDS]);
    assert_eq!(
        (h.meld_count, h.flower_count, h.win_tile, h.flags),
        (0, 0, 0, 0)
    );
    assert_eq!(
        (h.how, h.from, h.winner, h.dealer),
        (MJ_TAI_WIN_SELF_DRAWN, 0, 0, 0)
    );
    assert_eq!((h.consecutive_deals, h.prevalent_wind), (0, 0));
    assert_eq!(h.seat_wind, MJ_TAI_SEAT_WIND_FROM_DEALER);
    for m in h.melds {
        assert_eq!((m.kind, m.tile, m.claimed), (0, 0, 0));
    }
}

#[test]
fn mj_tai_rules_presets_are_the_core_presets() {
    assert_eq!(mj_tai_rules_default(), TaiRules::atawmj());
    assert_eq!(preset(MJ_TAI_PRESET_ATAWMJ), TaiRules::atawmj());
    assert_eq!(preset(MJ_TAI_PRESET_COMMON), TaiRules::common());
    let r = preset(MJ_TAI_PRESET_COMMON);
    assert_eq!((r.values[6], r.chrysanthemum_west), (3, 1));
    let mut out = mj_tai_rules_default();
    out.base = 12345;
    let before = out;
    // SAFETY: NULL is reported; the other pointer is valid.
    unsafe {
        assert_eq!(mj_tai_rules_preset(2, &mut out), MjStatus::InvalidArgument);
        assert_eq!(
            mj_tai_rules_preset(u32::MAX, &mut out),
            MjStatus::InvalidArgument
        );
        assert_eq!(
            mj_tai_rules_preset(MJ_TAI_PRESET_ATAWMJ, std::ptr::null_mut()),
            MjStatus::NullPointer
        );
    }
    assert_eq!(out, before);
}

#[test]
fn mj_tai_score_scores_the_sample() {
    let (st, out) = score(&sample());
    assert_eq!(st, MjStatus::Ok);
    let mut want = [0u32; MJ_TAI_PATTERN_SLOTS];
    want[Pattern::SeatFlower.id()] = 1;
    assert_eq!(out.tai, want);
    assert_eq!((out.hand_tai, out.dealer_tai, out.total), (1, 0, 1));
    assert_eq!((out.winner_tai, out.qualifies), (1, 1));
    assert_eq!(out.payments, [0, 120, -120, 0]);
}

#[test]
fn mj_tai_score_reads_every_field() {
    // Dealer seat 3 on its second consecutive deal wins by self-draw on a replacement tile:
    // a pung of West (the round wind; the dealer's seat wind is East) claimed from the seat
    // opposite,
    // a concealed kong of 9s, 正花 春 and 梅, the flags.
    let mut h = mj_tai_hand_default();
    h.counts = counts("123m456m789p11s");
    h.melds[0] = meld(MJ_MCR_MELD_PUNG, "3z", 2);
    h.melds[1] = meld(MJ_MCR_MELD_CONCEALED_KONG, "9s", 0);
    h.meld_count = 2;
    h.flowers[..2].copy_from_slice(&[1, 5]);
    h.flower_count = 2;
    h.win_tile = kind("1s");
    h.winner = 3;
    h.dealer = 3;
    h.consecutive_deals = 2;
    h.prevalent_wind = 2;
    h.flags = MJ_TAI_FLAG_REPLACEMENT | MJ_TAI_FLAG_LAST_TILE;
    let (st, out) = score(&h);
    assert_eq!(st, MjStatus::Ok);
    let want: &[(Pattern, u32)] = &[
        (Pattern::Dealer, 1),
        (Pattern::ConsecutiveDeal, 2),
        (Pattern::DealerPull, 2),
        (Pattern::SelfDrawn, 1),
        (Pattern::PrevalentWind, 1),
        (Pattern::SeatFlower, 2),
        (Pattern::SingleWait, 1),
        (Pattern::ReplacementWin, 1),
        (Pattern::LastTileDraw, 1),
    ];
    let got: Vec<(Pattern, u32)> = Pattern::ALL
        .iter()
        .map(|&p| (p, out.tai[p.id()]))
        .filter(|&(_, t)| t != 0)
        .collect();
    assert_eq!(got, want);
    assert_eq!((out.dealer_tai, out.hand_tai, out.total), (5, 7, 12));
    assert_eq!(out.winner_tai, 12);
    // Every other seat pays 100 + 12 x 20.
    assert_eq!(out.payments, [-340, -340, -340, 1020]);
    // The wall opened at seat 2: the dealer sits South, so West is no seat wind but 正花 are
    // 夏 and 蘭 (not held).
    h.seat_wind = 1;
    let (st, out) = score(&h);
    assert_eq!(st, MjStatus::Ok);
    assert_eq!(out.tai[Pattern::SeatFlower.id()], 0);
}

#[test]
fn mj_tai_score_does_not_clamp_large_values() {
    // The C fuzz's reproduction: a dealer self-draw with two consecutive deals and 連莊 worth
    // 40,000 counts 80,000 (it clamped at 65,535), and the total and payments follow.
    let mut h = mj_tai_hand_default();
    h.counts = counts("123m456m789m234p678p55s");
    h.win_tile = kind("6p");
    h.consecutive_deals = 2;
    let mut r = mj_tai_rules_default();
    r.values[2] = 40_000;
    let (st, out) = score_with(&h, &r);
    assert_eq!(st, MjStatus::Ok);
    assert_eq!(out.tai[2], 80_000);
    assert_eq!(out.total, out.tai.iter().sum::<u32>());
    let each = 100 + 20 * i64::from(out.total);
    assert_eq!(out.payments, [3 * each, -each, -each, -each]);
}

#[test]
fn mj_tai_score_null_pointers() {
    let h = sample();
    let r = mj_tai_rules_default();
    let mut out = SENTINEL;
    // SAFETY: NULL is allowed and reported; the other pointers are valid.
    unsafe {
        assert_eq!(
            mj_tai_score(std::ptr::null(), &r, &mut out),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_tai_score(&h, std::ptr::null(), &mut out),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_tai_score(&h, &r, std::ptr::null_mut()),
            MjStatus::NullPointer
        );
    }
    assert_eq!(out, SENTINEL);
}

#[test]
fn mj_tai_score_refusals_leave_output_untouched() {
    let mut cases: Vec<(&str, MjTaiHand, MjStatus)> = Vec::new();
    let mut case = |what, f: &dyn Fn(&mut MjTaiHand), st| {
        let mut h = sample();
        f(&mut h);
        cases.push((what, h, st));
    };
    use MjStatus as S;
    case("6 melds", &|h| h.meld_count = 6, S::InvalidArgument);
    case("9 flowers", &|h| h.flower_count = 9, S::InvalidArgument);
    case("flower 0", &|h| h.flowers[0] = 0, S::InvalidArgument);
    case("flower 9", &|h| h.flowers[0] = 9, S::InvalidArgument);
    case(
        "flower twice",
        &|h| {
            h.flowers[1] = 2;
            h.flower_count = 2;
        },
        S::InvalidArgument,
    );
    case("how 5", &|h| h.how = 5, S::InvalidArgument);
    case("winner 4", &|h| h.winner = 4, S::InvalidArgument);
    case("dealer 4", &|h| h.dealer = 4, S::InvalidArgument);
    case("from 4", &|h| h.from = 4, S::InvalidArgument);
    case(
        "round wind 4",
        &|h| h.prevalent_wind = 4,
        S::InvalidArgument,
    );
    case("win tile 34", &|h| h.win_tile = 34, S::InvalidArgument);
    case(
        "win tile not held",
        &|h| h.win_tile = kind("1z"),
        S::InvalidArgument,
    );
    for (what, m) in [
        ("kind 0", meld(0, "1m", 1)),
        ("kind 6", meld(6, "1m", 1)),
        ("chow claimed 0", meld(MJ_MCR_MELD_CHOW, "1m", 0)),
        ("chow claimed 4", meld(MJ_MCR_MELD_CHOW, "1m", 4)),
        ("honour chow", meld(MJ_MCR_MELD_CHOW, "1z", 1)),
        ("chow from 8", meld(MJ_MCR_MELD_CHOW, "8m", 1)),
        ("pung claimed 0", meld(MJ_MCR_MELD_PUNG, "1z", 0)),
        ("kong claimed 4", meld(MJ_MCR_MELD_KONG, "1z", 4)),
        (
            "added kong claimed 0",
            meld(MJ_MCR_MELD_ADDED_KONG, "1z", 0),
        ),
        (
            "concealed kong claimed",
            meld(MJ_MCR_MELD_CONCEALED_KONG, "1z", 1),
        ),
        (
            "tile 34",
            MjMcrMeld {
                kind: MJ_MCR_MELD_PUNG,
                tile: 34,
                claimed: 1,
            },
        ),
    ] {
        case(what, &move |h| h.melds[0] = m, S::IllegalMeld);
    }
    case("count 5", &|h| h.counts[0] = 5, S::TooManyCopies);
    case(
        "fifth copy with a meld",
        &|h| {
            h.counts = counts("1111m789m234p678p5s");
            h.win_tile = kind("5s");
        },
        S::TooManyCopies,
    );
    case(
        "13 tiles",
        &|h| h.counts[kind("5s") as usize] = 1,
        S::BadTileTotal,
    );
    case("seat wind 4", &|h| h.seat_wind = 4, S::InvalidArgument);
    case("unknown flag", &|h| h.flags = 128, S::InvalidFlags);
    case(
        "after an exposed kong without a replacement",
        &|h| {
            h.how = MJ_TAI_WIN_SELF_DRAWN;
            h.flags = MJ_TAI_FLAG_AFTER_EXPOSED_KONG;
        },
        S::InvalidFlags,
    );
    case(
        "first go-around on a self-draw",
        &|h| {
            h.how = MJ_TAI_WIN_SELF_DRAWN;
            h.melds[0].kind = MJ_MCR_MELD_CONCEALED_KONG;
            h.melds[0].tile = kind("1z");
            h.melds[0].claimed = 0;
            h.flags = MJ_TAI_FLAG_FIRST_GO_AROUND;
        },
        S::InvalidFlags,
    );
    case(
        "ready from the deal with a claimed chow",
        &|h| h.flags = MJ_TAI_FLAG_READY_FROM_DEAL,
        S::InvalidFlags,
    );
    case(
        "replacement on a discard",
        &|h| h.flags = MJ_TAI_FLAG_REPLACEMENT,
        S::InvalidFlags,
    );
    case("from the winner", &|h| h.from = 1, S::InvalidFlags);
    case(
        "first turn with a claimed chow",
        &|h| h.flags = MJ_TAI_FLAG_FIRST_TURN,
        S::InvalidFlags,
    );
    case(
        "eight flowers without them",
        &|h| h.how = MJ_TAI_WIN_EIGHT_FLOWERS,
        S::InvalidFlags,
    );
    case(
        "not winning",
        &|h| {
            h.counts = counts("456m789m234p679p55s");
            h.win_tile = kind("6p");
        },
        S::NotWinning,
    );
    for (what, h, want) in &cases {
        let (st, out) = score(h);
        assert_eq!(st, *want, "{what}");
        assert_eq!(out, SENTINEL, "{what}: output written");
    }
    // Rules the ABI refuses.
    let mut r = mj_tai_rules_default();
    r.all_chows_no_flowers = 2;
    assert_eq!(score_with(&sample(), &r), (S::InvalidArgument, SENTINEL));
    let mut r = mj_tai_rules_default();
    r.values[0] = 1;
    assert_eq!(score_with(&sample(), &r), (S::InvalidArgument, SENTINEL));
    // A flower win turned off; 七搶一 listing the seven flowers only is the same win.
    let mut h = sample();
    h.counts = counts("456m789m234p678p5s");
    h.flowers = [1, 2, 3, 4, 5, 6, 7, 8];
    h.flower_count = 8;
    h.how = MJ_TAI_WIN_SEVEN_ROB_ONE;
    let mut r = mj_tai_rules_default();
    let all_eight = score_with(&h, &r);
    assert_eq!(all_eight.0, S::Ok);
    h.flower_count = 7;
    assert_eq!(score_with(&h, &r), all_eight);
    h.flower_count = 6;
    assert_eq!(score_with(&h, &r), (S::InvalidFlags, SENTINEL));
    h.flower_count = 8;
    r.values[Pattern::SevenRobOne.id()] = 0;
    assert_eq!(score_with(&h, &r), (S::NotWinning, SENTINEL));
}

#[test]
fn mj_tai_pattern_info_names_and_values() {
    let mut common = preset(MJ_TAI_PRESET_COMMON);
    common.values[Pattern::AllChows.id()] = 9;
    for p in Pattern::ALL {
        let mut info = MjTaiPatternInfo {
            name_zh: std::ptr::null(),
            name_en: std::ptr::null(),
            value: 0,
            value_atawmj: 0,
            value_common: 0,
            dealer: 9,
        };
        let id = p.id() as u32;
        // SAFETY: valid pointers; NULL rules mean the ATAWMJ preset.
        assert_eq!(
            unsafe { mj_tai_pattern_info(id, std::ptr::null(), &mut info) },
            MjStatus::Ok
        );
        // SAFETY: the names are static NUL-terminated strings.
        let (zh, en) = unsafe { (CStr::from_ptr(info.name_zh), CStr::from_ptr(info.name_en)) };
        assert_eq!(zh.to_str().unwrap(), p.chinese());
        assert_eq!(en.to_str().unwrap(), p.english());
        assert_eq!((p.chinese(), p.english()), TaiRules::atawmj().names(p));
        assert_eq!(info.value, TaiRules::atawmj().value(p));
        assert_eq!(info.value_atawmj, TaiRules::atawmj().value(p));
        assert_eq!(info.value_common, TaiRules::common().value(p));
        assert_eq!(info.dealer, u8::from(p.is_dealer()));
        // SAFETY: valid pointers.
        assert_eq!(
            unsafe { mj_tai_pattern_info(id, &common, &mut info) },
            MjStatus::Ok
        );
        assert_eq!(info.value, common.values[p.id()]);
        // The names as the common preset counts the pattern (id 6: 門清自摸).
        // SAFETY: the names are static NUL-terminated strings.
        let (zh, en) = unsafe { (CStr::from_ptr(info.name_zh), CStr::from_ptr(info.name_en)) };
        let (want_zh, want_en) = TaiRules::common().names(p);
        assert_eq!(
            (zh.to_str().unwrap(), en.to_str().unwrap()),
            (want_zh, want_en)
        );
        if p == Pattern::ConcealedSelfDrawn {
            assert_eq!(want_zh, "門清自摸");
        }
    }
    assert_eq!(common.values[Pattern::AllChows.id()], 9);
    let before = MjTaiPatternInfo {
        name_zh: std::ptr::null(),
        name_en: std::ptr::null(),
        value: 5,
        value_atawmj: 5,
        value_common: 5,
        dealer: 5,
    };
    let mut info = before;
    let mut bad = mj_tai_rules_default();
    bad.chrysanthemum_west = 7;
    // SAFETY: valid or NULL pointers.
    unsafe {
        for id in [0, MJ_TAI_MAX_PATTERN_ID + 1, u32::MAX] {
            assert_eq!(
                mj_tai_pattern_info(id, std::ptr::null(), &mut info),
                MjStatus::InvalidArgument
            );
        }
        assert_eq!(
            mj_tai_pattern_info(1, &bad, &mut info),
            MjStatus::InvalidArgument
        );
        assert_eq!(
            mj_tai_pattern_info(1, std::ptr::null(), std::ptr::null_mut()),
            MjStatus::NullPointer
        );
    }
    assert_eq!(info, before);
}

#[test]
fn mj_tai_score_matches_the_core_on_random_wins() {
    let n: usize = std::env::var("MJ_TAI_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let mut rng = Rng::new(0x7A1_0002);
    let (mut scored, mut refused) = (0usize, 0usize);
    for i in 0..n {
        let f = random_facts(&mut rng);
        let r = random_rules(&mut rng);
        let (st, out) = score_with(&f, &r);
        match tai::score(&f, &r) {
            Ok(s) => {
                assert_eq!(st, MjStatus::Ok, "case {i}: {f:?}");
                assert_eq!(out, s, "case {i}");
                assert_eq!(out.tai.iter().sum::<u32>(), out.total);
                assert_eq!(out.payments.iter().sum::<i64>(), 0);
                scored += 1;
            }
            Err(e) => {
                assert_eq!(st, MjStatus::from(e), "case {i}: {f:?}");
                assert_eq!(out, SENTINEL, "case {i}");
                refused += 1;
            }
        }
    }
    eprintln!("{n} wins: {scored} scored and {refused} refused identically by the C ABI");
    assert!(scored > n / 2 && refused > n / 100);
}
