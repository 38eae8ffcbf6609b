//! Hand-written riichi tests: one per yaku (with the reason it scores), fu and payments,
//! refusals, the documented deviations from the reference, and the decomposition bound.

use super::eval::{MAX_READINGS, Reading, readings};
use super::yaku as y;
use super::*;
use crate::test_util::tiles;

fn k(s: &str) -> u8 {
    tiles(s).iter().position(|&c| c > 0).expect("one tile") as u8
}

/// A concealed hand from notation, won on `win` (South seat, East round, ron).
fn h(s: &str, win: &str) -> RiichiHand {
    RiichiHand::new(tiles(s), k(win))
}

fn sc(hand: &RiichiHand) -> Score {
    score(hand, &Rules::REFERENCE).unwrap_or_else(|e| panic!("{hand:?}: {e}"))
}

fn scr(hand: &RiichiHand, rules: &Rules) -> Score {
    score(hand, rules).unwrap_or_else(|e| panic!("{hand:?}: {e}"))
}

fn has(s: &Score, id: usize, han: u16) {
    assert_eq!(
        s.yaku[id],
        han,
        "yaku {id} in {:?}",
        s.yaku_list().collect::<Vec<_>>()
    );
}

fn with(mut hand: RiichiHand, cond: u32) -> RiichiHand {
    hand.conditions |= cond;
    hand
}

// ---- yaku, one test each -------------------------------------------------------------------

#[test]
fn yaku_menzen_tsumo_concealed_self_draw() {
    has(
        &sc(&with(h("123m456p789s234s55z", "5z"), TSUMO)),
        y::MENZEN_TSUMO,
        1,
    );
}

#[test]
fn yaku_riichi_declared() {
    has(
        &sc(&with(h("123m456p789s234s55z", "5z"), RIICHI)),
        y::RIICHI,
        1,
    );
}

#[test]
fn yaku_open_riichi_two_han() {
    has(
        &sc(&with(h("123m456p789s234s55z", "5z"), RIICHI | OPEN_RIICHI)),
        y::OPEN_RIICHI,
        2,
    );
}

#[test]
fn yaku_ippatsu_after_riichi() {
    has(
        &sc(&with(h("123m456p789s234s55z", "5z"), RIICHI | IPPATSU)),
        y::IPPATSU,
        1,
    );
}

#[test]
fn yaku_chankan_robbing_a_kan() {
    // The winning 3s is the only copy held: the other three were in the robbed kan.
    has(
        &sc(&with(h("123m456p789s234s55z", "3s"), CHANKAN)),
        y::CHANKAN,
        1,
    );
}

#[test]
fn yaku_rinshan_after_own_kan() {
    let hand = h("123m456p234s55z", "5z").with_meld(RiichiMeld::closed_kan(k("9s")));
    has(&sc(&with(hand, TSUMO | RINSHAN)), y::RINSHAN, 1);
}

#[test]
fn yaku_haitei_last_draw() {
    has(
        &sc(&with(h("123m456p789s234s55z", "5z"), TSUMO | HAITEI)),
        y::HAITEI,
        1,
    );
}

#[test]
fn yaku_houtei_last_discard() {
    has(
        &sc(&with(h("123m456p789s234s55z", "5z"), HOUTEI)),
        y::HOUTEI,
        1,
    );
}

#[test]
fn yaku_double_riichi_first_turn() {
    has(
        &sc(&with(h("123m456p789s234s55z", "5z"), DOUBLE_RIICHI)),
        y::DOUBLE_RIICHI,
        2,
    );
}

#[test]
fn yaku_double_open_riichi_three_han() {
    let s = sc(&with(
        h("123m456p789s234s55z", "5z"),
        DOUBLE_RIICHI | OPEN_RIICHI,
    ));
    has(&s, y::DOUBLE_OPEN_RIICHI, 3);
}

#[test]
fn yaku_nagashi_mangan_pays_mangan_tsumo() {
    let s = sc(&with(RiichiHand::new([0; 34], 0), NAGASHI_MANGAN | TSUMO));
    has(&s, y::NAGASHI_MANGAN, 5);
    assert_eq!(
        (s.limit(), s.payment().main, s.payment().additional),
        (Limit::NagashiMangan, 4000, 2000)
    );
}

#[test]
fn yaku_renhou_five_han_or_yakuman() {
    let hand = with(h("123m456p789s234s55z", "5z"), RENHOU);
    has(&sc(&hand), y::RENHOU, 5);
    let rules = Rules {
        renhou_as_yakuman: 1,
        ..Rules::REFERENCE
    };
    has(&scr(&hand, &rules), y::RENHOU_YAKUMAN, 13);
}

#[test]
fn yaku_pinfu_all_sequences_two_sided_wait() {
    // 23m waiting on 1m/4m, non-valued pair, concealed: only the base fu.
    let s = sc(&h("123m456p789s234s99p", "1m"));
    has(&s, y::PINFU, 1);
    assert_eq!(s.fu, 30);
}

#[test]
fn yaku_tanyao_all_simples() {
    has(&sc(&h("234m456p678s345s88p", "2m")), y::TANYAO, 1);
}

#[test]
fn yaku_iipeikou_two_identical_sequences() {
    has(&sc(&h("223344m456p789s11p", "2m")), y::IIPEIKOU, 1);
}

#[test]
fn yaku_dragon_pons() {
    for (t, id) in [("5z", y::HAKU), ("6z", y::HATSU), ("7z", y::CHUN)] {
        let mut c = tiles("123m456p789s11p");
        c[usize::from(k(t))] = 3;
        has(&sc(&RiichiHand::new(c, k("1p"))), id, 1);
    }
}

#[test]
fn yaku_seat_and_round_winds() {
    for w in 0..4u8 {
        let mut c = tiles("123m456p789s11p");
        c[27 + usize::from(w)] = 3;
        let mut hand = RiichiHand::new(c, k("1p"));
        hand.seat_wind = w;
        hand.round_wind = w;
        let s = sc(&hand);
        has(&s, y::SEAT_EAST + usize::from(w), 1);
        has(&s, y::ROUND_EAST + usize::from(w), 1);
    }
}

#[test]
fn yaku_sanshoku_same_sequence_three_suits() {
    let s = sc(&h("123m123p123s789s55p", "5p"));
    has(&s, y::SANSHOKU, 2);
    let open = h("123p123s789s55p", "5p").with_meld(RiichiMeld::chi(k("1m"), 1));
    has(&sc(&open), y::SANSHOKU, 1);
}

#[test]
fn yaku_ittsu_one_to_nine() {
    has(&sc(&h("123456789m234p55s", "5s")), y::ITTSU, 2);
}

#[test]
fn yaku_chanta_terminal_or_honour_in_every_set() {
    has(&sc(&h("123m789p123s111z99s", "9s")), y::CHANTA, 2);
}

#[test]
fn yaku_honroutou_only_terminals_and_honours() {
    let s = sc(&h("111m999p111s11z", "1z").with_meld(RiichiMeld::pon(k("9s"), 2)));
    has(&s, y::HONROUTOU, 2);
    has(&s, y::TOITOI, 2);
}

#[test]
fn yaku_toitoi_four_pons() {
    has(
        &sc(&h("222m333p444s55s", "5s").with_meld(RiichiMeld::pon(k("6m"), 1))),
        y::TOITOI,
        2,
    );
}

#[test]
fn yaku_sanankou_three_concealed_pons() {
    // Won on the pair: all three pons stay concealed.
    has(&sc(&h("222m333p444s678s55m", "5m")), y::SANANKOU, 2);
}

#[test]
fn yaku_sankantsu_three_kans() {
    let hand = h("234m55p", "5p")
        .with_meld(RiichiMeld::closed_kan(k("2s")))
        .with_meld(RiichiMeld::open_kan(k("6s"), 1))
        .with_meld(RiichiMeld::added_kan(k("8p"), 2));
    has(&sc(&hand), y::SANKANTSU, 2);
}

#[test]
fn yaku_sanshoku_doukou_same_pon_three_suits() {
    has(&sc(&h("333m333p333s789s55p", "5p")), y::SANSHOKU_DOUKOU, 2);
}

#[test]
fn yaku_chiitoitsu_seven_distinct_pairs() {
    let s = sc(&h("1133m4477p2299s11z", "1z"));
    has(&s, y::CHIITOITSU, 2);
    assert_eq!(s.fu, 25);
}

#[test]
fn yaku_shousangen_two_dragon_pons_and_dragon_pair() {
    has(&sc(&h("555666z77z123m456p", "7z")), y::SHOUSANGEN, 2);
}

#[test]
fn yaku_honitsu_one_suit_and_honours() {
    has(&sc(&h("123456m789m111z22z", "2z")), y::HONITSU, 3);
}

#[test]
fn yaku_junchan_terminal_in_every_set_no_honours() {
    has(&sc(&h("123m789m123p789s11s", "1s")), y::JUNCHAN, 3);
}

#[test]
fn yaku_ryanpeikou_two_iipeikou() {
    let s = sc(&h("112233m778899p55s", "5s"));
    has(&s, y::RYANPEIKOU, 3);
    assert_eq!(
        s.yaku[y::CHIITOITSU],
        0,
        "the ryanpeikou reading scores higher"
    );
}

#[test]
fn yaku_chinitsu_one_suit() {
    has(&sc(&h("123345567789p11p", "4p")), y::CHINITSU, 6);
}

#[test]
fn yaku_kokushi_and_thirteen_wait() {
    has(&sc(&h("19m19p19s1234567z1m", "9m")), y::KOKUSHI, 13);
    has(&sc(&h("19m19p19s1234567z1m", "1m")), y::KOKUSHI_13_WAIT, 26);
}

#[test]
fn yaku_chuuren_and_junsei() {
    has(&sc(&h("11123455678999m", "2m")), y::CHUUREN, 13);
    has(&sc(&h("11123455678999m", "5m")), y::JUNSEI_CHUUREN, 26);
}

#[test]
fn yaku_suuankou_and_tanki() {
    has(
        &sc(&with(h("222m444p666s888s55z", "8s"), TSUMO)),
        y::SUUANKOU,
        13,
    );
    has(&sc(&h("222m444p666s888s55z", "5z")), y::SUUANKOU_TANKI, 26);
    // A ron on a pon: only three concealed pons.
    assert_eq!(sc(&h("222m444p666s888s55z", "8s")).yaku[y::SUUANKOU], 0);
}

#[test]
fn yaku_daisangen_three_dragon_pons() {
    has(&sc(&h("555666777z123m44p", "4p")), y::DAISANGEN, 13);
}

#[test]
fn yaku_shousuushii_and_daisuushii() {
    has(&sc(&h("11122233344z123m", "1m")), y::SHOUSUUSHII, 13);
    has(&sc(&h("111222333444z55m", "5m")), y::DAISUUSHII, 26);
}

#[test]
fn yaku_ryuuiisou_green_tiles_only() {
    has(&sc(&h("22334466888s666z", "6z")), y::RYUUIISOU, 13);
}

#[test]
fn yaku_suukantsu_four_kans() {
    let hand = h("55z", "5z")
        .with_meld(RiichiMeld::closed_kan(k("2s")))
        .with_meld(RiichiMeld::open_kan(k("6s"), 1))
        .with_meld(RiichiMeld::added_kan(k("8p"), 2))
        .with_meld(RiichiMeld::closed_kan(k("1m")));
    has(&sc(&hand), y::SUUKANTSU, 13);
}

#[test]
fn yaku_tsuuiisou_all_honours() {
    has(&sc(&h("11122233355566z", "6z")), y::TSUUIISOU, 13);
}

#[test]
fn yaku_chinroutou_terminals_only() {
    has(&sc(&h("111999m111999p11s", "1s")), y::CHINROUTOU, 13);
}

#[test]
fn yaku_daisharin_family_by_suit() {
    let rules = Rules {
        daisharin_other_suits: 1,
        ..Rules::REFERENCE
    };
    has(&scr(&h("22334455667788p", "5p"), &rules), y::DAISHARIN, 13);
    has(&scr(&h("22334455667788m", "5m"), &rules), y::DAISUURIN, 13);
    has(
        &scr(&h("22334455667788s", "5s"), &rules),
        y::DAICHIKURIN,
        13,
    );
    // Dots only without the other-suits switch.
    let dots = Rules {
        daisharin: 1,
        ..Rules::REFERENCE
    };
    assert_eq!(
        scr(&h("22334455667788s", "5s"), &dots).yaku[y::DAICHIKURIN],
        0
    );
}

#[test]
fn yaku_daichisei_seven_honour_pairs() {
    let rules = Rules {
        daichisei: 1,
        ..Rules::REFERENCE
    };
    let s = scr(&h("11223344556677z", "7z"), &rules);
    has(&s, y::DAICHISEI, 13);
    has(&s, y::TSUUIISOU, 13);
}

#[test]
fn yaku_tenhou_and_chiihou() {
    let mut hand = with(h("123m456p789s234s55z", "5z"), TSUMO | TENHOU);
    hand.seat_wind = 0;
    has(&sc(&hand), y::TENHOU, 13);
    has(
        &sc(&with(h("123m456p789s234s55z", "5z"), TSUMO | CHIIHOU)),
        y::CHIIHOU,
        13,
    );
}

#[test]
fn yaku_sashikomi_ron_on_open_riichi() {
    let rules = Rules {
        sashikomi: 1,
        ..Rules::REFERENCE
    };
    let hand = with(h("123m456p789s234s55z", "5z"), RIICHI | OPEN_RIICHI);
    has(&scr(&hand, &rules), y::SASHIKOMI, 13);
}

#[test]
fn yaku_paarenchan_dealer_streak() {
    let mut hand = h("123m456p789s234s55z", "5z");
    hand.seat_wind = 0;
    hand.paarenchan = 1;
    // Needs another yaku by default: this hand has none.
    assert_eq!(score(&hand, &Rules::REFERENCE), Err(Error::NoYaku));
    let rules = Rules {
        paarenchan_needs_yaku: 0,
        ..Rules::REFERENCE
    };
    has(&scr(&hand, &rules), y::PAARENCHAN, 13);
    has(&sc(&with(hand, RIICHI)), y::PAARENCHAN, 13);
}

#[test]
fn yaku_dora_aka_ura_kita() {
    let mut hand = with(h("123m406p789s234s55z", "5z"), RIICHI);
    hand.counts = tiles("123m456p789s234s55z");
    hand.red_fives = [0, 1, 0];
    // Red dragon (7z) indicators show White (5z): the pair is two dora, and two ura dora.
    hand = hand.with_dora(k("7z")).with_ura(k("7z"));
    let rules = Rules {
        aka_dora: 1,
        ..Rules::REFERENCE
    };
    let s = scr(&hand, &rules);
    has(&s, y::DORA, 2);
    has(&s, y::AKA_DORA, 1);
    has(&s, y::URA_DORA, 2);
    // Three-player: each kita is a dora, and a West indicator makes North (so kita) dora too.
    let mut sanma = with(h("111999m456p789s55z", "5z"), RIICHI).with_dora(k("3z"));
    sanma.kita = 2;
    let s = scr(&sanma, &Rules::SANMA);
    has(&s, y::DORA, 4);
}

// ---- fu, payments ---------------------------------------------------------------------------

#[test]
fn score_reference_examples() {
    // From the reference's own documentation.
    let s = sc(&h("22444m333567p444s", "4s"));
    assert_eq!((s.han, s.fu, s.payment().main), (1, 40, 1300));
    let s = sc(&with(h("234789m12345666p", "6p"), TSUMO | RIICHI));
    assert_eq!(
        (s.han, s.fu, s.payment().main, s.payment().additional),
        (3, 20, 1300, 700)
    );
}

#[test]
fn score_honba_and_sticks() {
    let mut hand = h("333444567p22444s", "4s");
    hand.honba = 2;
    hand.riichi_sticks = 3;
    let s = sc(&hand);
    assert_eq!(
        (
            s.payment().main,
            s.payment().main_bonus,
            s.payment().sticks_bonus,
            s.payment().total
        ),
        (1300, 600, 3000, 1300 + 600 + 3000)
    );
    let s = scr(
        &hand,
        &Rules {
            three_player: 1,
            ..Rules::REFERENCE
        },
    );
    assert_eq!(s.payment().main_bonus, 400);
}

#[test]
fn score_kiriage_mangan() {
    // Riichi, tsumo, tanyao, one dora; kanchan 3m + tsumo: 4 han 30 fu, 3900 from the dealer
    // (7,700 in all) without kiriage, 4,000 (mangan) with.
    let hand = with(h("234m456p678s345s88p", "3m"), RIICHI | TSUMO).with_dora(k("1m"));
    let s = sc(&hand);
    assert_eq!(
        (s.han, s.fu, s.payment().main, s.payment().additional),
        (4, 30, 3900, 2000)
    );
    let s = scr(
        &hand,
        &Rules {
            kiriage: 1,
            ..Rules::REFERENCE
        },
    );
    assert_eq!((s.limit(), s.payment().main), (Limit::KiriageMangan, 4000));
}

// ---- documented deviations ------------------------------------------------------------------

#[test]
fn deviation_kazoe_yakuman_is_labelled_counted() {
    // Riichi 1, tsumo 1, ippatsu 1, ryanpeikou 3, chinitsu 6, two dora (4p shows 5p) = 14.
    let hand = with(h("112233778899p55p", "5p"), RIICHI | TSUMO | IPPATSU).with_dora(k("4p"));
    let s = sc(&hand);
    assert!(s.han >= 13, "{s:?}");
    assert_eq!((s.limit(), s.yakuman_multiple), (Limit::KazoeYakuman, 1));
    let s = scr(
        &hand,
        &Rules {
            kazoe: KAZOE_SANBAIMAN,
            ..Rules::REFERENCE
        },
    );
    assert_eq!(s.limit(), Limit::KazoeSanbaiman);
}

#[test]
fn deviation_open_daisharin_is_not_yakuman() {
    let rules = Rules {
        daisharin: 1,
        ..Rules::REFERENCE
    };
    let hand = h("234567567p88p", "8p").with_meld(RiichiMeld::chi(k("2p"), 1));
    let s = scr(&hand, &rules);
    assert_eq!(s.yaku[y::DAISHARIN], 0);
    has(&s, y::CHINITSU, 5);
}

#[test]
fn deviation_kiriage_rule_keeps_mangan_label() {
    // Riichi, tanyao, two dora (1m indicator shows 2m); ron on the 3m kanchan: 30 + 2 = 40 fu.
    // 4 han 40 fu pays mangan with or without kiriage; the reference drops the label when the
    // kiriage switch is on, mjkit keeps it.
    let hand = with(h("234m456p678s345s88p", "3m"), RIICHI)
        .with_dora(k("1m"))
        .with_dora(k("1m"));
    let s = scr(
        &hand,
        &Rules {
            kiriage: 1,
            ..Rules::REFERENCE
        },
    );
    assert_eq!((s.han, s.fu), (4, 40));
    assert_eq!((s.limit(), s.payment().main), (Limit::Mangan, 8000));
}

// ---- refusals --------------------------------------------------------------------------------

#[test]
fn score_refusals_each_class() {
    let base = h("123m456p789s234s55z", "5z");
    let bad = |hand: RiichiHand, e: Error| {
        assert_eq!(score(&hand, &Rules::REFERENCE), Err(e), "{hand:?}")
    };
    bad(h("123m456p789s234s57z", "5z"), Error::NotWinning);
    bad(
        h("123m456p789s234s55z", "5z").with_meld(RiichiMeld::pon(k("1z"), 1)),
        Error::BadTileTotal { total: 14 },
    );
    bad(
        h("123m456p789s55z", "5z").with_meld(RiichiMeld::chi(k("2s"), 1)),
        Error::NoYaku,
    );
    bad(with(base, IPPATSU), Error::RiichiConflict);
    bad(
        with(
            h("123m456p789s55z", "5z").with_meld(RiichiMeld::chi(k("2s"), 1)),
            RIICHI,
        ),
        Error::RiichiConflict,
    );
    bad(with(base, CHANKAN | TSUMO), Error::WinTimingConflict);
    bad(with(base, HAITEI), Error::WinTimingConflict);
    bad(with(base, TSUMO | RINSHAN), Error::RinshanWithoutKan);
    bad(with(base, CHANKAN), Error::ChankanConflict);
    bad(with(base, TSUMO | TENHOU), Error::BlessingConflict);
    let mut red = base;
    red.red_fives = [1, 0, 0];
    bad(red, Error::RedFives);
    let mut kita = base;
    kita.kita = 1;
    bad(kita, Error::ThreePlayerTile);
    assert_eq!(score(&base, &Rules::SANMA), Err(Error::ThreePlayerTile));
    bad(with(base, NAGASHI_MANGAN), Error::NagashiConflict);
    let mut p = base;
    p.paarenchan = 1;
    bad(p, Error::PaarenchanNotDealer);
    bad(
        base.with_dora(k("5z"))
            .with_dora(k("5z"))
            .with_dora(k("5z")),
        Error::TooManyCopies { kind: 31 },
    );
    let mut w = base;
    w.seat_wind = 4;
    bad(w, Error::InvalidArgument);
}

// ---- decomposition bound ----------------------------------------------------------------------

#[test]
fn readings_fit_the_buffer() {
    // Every one-suit shape of 2..14 tiles: at most 4 regular readings, so a full hand (one
    // suit carries the most) never needs more than MAX_READINGS slots.
    let mut worst = 0;
    let mut c = [0u8; 9];
    loop {
        let n: u8 = c.iter().sum();
        if n == 14 {
            let mut counts = [0u8; 34];
            counts[9..18].copy_from_slice(&c);
            let mut out = [Reading::default(); MAX_READINGS];
            worst = worst.max(readings(&counts, &[], &mut out));
        }
        let mut i = 0;
        loop {
            if i == 9 {
                assert!(worst < MAX_READINGS, "worst {worst}");
                assert_eq!(
                    worst, 4,
                    "at most 4 readings of one suit, seven pairs included"
                );
                return;
            }
            c[i] += 1;
            if c[i] <= 4 && c.iter().sum::<u8>() <= 14 {
                break;
            }
            c[i] = 0;
            i += 1;
        }
    }
}

// ---- the rules and score accessors ---------------------------------------------------------

#[test]
fn score_refuses_rules_bytes_out_of_range() {
    let hand = with(h("123m456p789s234s55z", "5z"), RIICHI);
    for i in 0..15 {
        for v in [2u8, 3, 0x80, 0xff] {
            let mut bad = Rules::REFERENCE;
            // Byte 3 is `kazoe`, which takes 0..=2.
            if i == 3 && v == 2 {
                continue;
            }
            match i {
                0 => bad.open_tanyao = v,
                1 => bad.aka_dora = v,
                2 => bad.double_yakuman = v,
                3 => bad.kazoe = v,
                4 => bad.kiriage = v,
                5 => bad.fu_for_open_pinfu = v,
                6 => bad.fu_for_pinfu_tsumo = v,
                7 => bad.renhou_as_yakuman = v,
                8 => bad.daisharin = v,
                9 => bad.daisharin_other_suits = v,
                10 => bad.daichisei = v,
                11 => bad.sashikomi = v,
                12 => bad.sextuple_limit = v,
                13 => bad.paarenchan_needs_yaku = v,
                _ => bad.three_player = v,
            }
            assert!(!bad.is_valid(), "byte {i} = {v}");
            assert_eq!(
                score(&hand, &bad),
                Err(Error::InvalidArgument),
                "byte {i} = {v}"
            );
        }
    }
    for r in [
        Rules::REFERENCE,
        Rules::TENHOU,
        Rules::MAHJONG_SOUL,
        Rules::TOURNAMENT,
        Rules::LOCAL_YAKU,
        Rules::SANMA,
    ] {
        assert!(r.is_valid(), "{r:?}");
    }
}

#[test]
fn rules_accessors_read_and_set_the_bytes() {
    let mut r = Rules::REFERENCE;
    assert!(!r.open_tanyao() && r.double_yakuman());
    r.set_open_tanyao(true);
    r.set_double_yakuman(false);
    assert_eq!((r.open_tanyao, r.double_yakuman), (1, 0));
    assert_eq!(r.kazoe_limit(), KazoeLimit::Yakuman);
    r.set_kazoe_limit(KazoeLimit::NoLimit);
    assert_eq!(
        (r.kazoe, r.try_kazoe_limit()),
        (KAZOE_NO_LIMIT, Some(KazoeLimit::NoLimit))
    );
    r.kazoe = 3;
    assert_eq!(r.try_kazoe_limit(), None);
}

#[test]
fn score_accessors_match_the_fields() {
    // Tsumo with two honba and a stick: every payment field set.
    let mut hand = with(h("123m456p789s234s55z", "5z"), RIICHI | TSUMO);
    hand.honba = 2;
    hand.riichi_sticks = 1;
    let s = sc(&hand);
    let p = s.payment();
    assert_eq!(
        [
            p.main,
            p.additional,
            p.main_bonus,
            p.additional_bonus,
            p.sticks_bonus,
            p.total
        ],
        [
            s.main,
            s.additional,
            s.main_bonus,
            s.additional_bonus,
            s.sticks_bonus,
            s.total
        ]
    );
    assert_eq!((p.main_bonus, p.sticks_bonus), (200, 1000));
    assert_eq!(s.limit(), Limit::None);
    assert_eq!(s.try_limit(), Some(Limit::None));
    assert!(s.fu_parts().iter().all(|f| f.reason().is_some()));
    assert!(
        s.fu_parts[s.fu_parts().len()..]
            .iter()
            .all(|f| *f == FuPart::EMPTY)
    );
    assert!(s.fu_parts().contains(&FuPart::new(FuReason::Base, 20)));
}
