//! Hand-written tai tests: a worked example per pattern, per exclusion rule and per switch,
//! the payments, and every refusal.

use super::*;
use crate::test_util::tiles;
use Pattern as P;

fn k(s: &str) -> u8 {
    tiles(s).iter().position(|&c| c > 0).expect("one tile") as u8
}

/// Concealed `hand` won by seat 1 (South) on `win` discarded by seat 2; dealer seat 0, East
/// round, no flowers: no dealer tai unless a test changes the seats.
fn d(hand: &str, win: &str) -> WinFacts {
    let mut f = WinFacts::new(tiles(hand), k(win));
    f.winner = 1;
    f.how = WinHow::Discard as u8;
    f.from = 2;
    f
}

/// As [`d`], self-drawn.
fn s(hand: &str, win: &str) -> WinFacts {
    WinFacts {
        how: HOW_SELF_DRAWN,
        ..d(hand, win)
    }
}

fn sc_with(f: &WinFacts, r: &TaiRules) -> TaiScore {
    score(f, r).unwrap_or_else(|e| panic!("{f:?}: {e}"))
}

fn sc(f: &WinFacts) -> TaiScore {
    sc_with(f, &TaiRules::atawmj())
}

fn list(s: &TaiScore) -> Vec<(Pattern, u32)> {
    s.breakdown().collect()
}

/// The breakdown is exactly `want`.
fn is(f: &WinFacts, r: &TaiRules, want: &[(Pattern, u32)]) -> TaiScore {
    let s = sc_with(f, r);
    assert_eq!(list(&s), want, "{f:?}");
    let sum: u32 = want.iter().map(|&(_, t)| t).sum();
    assert_eq!(s.total, sum);
    s
}

fn atawmj() -> TaiRules {
    TaiRules::atawmj()
}

fn common() -> TaiRules {
    TaiRules::common()
}

const CHOWS: &str = "123m456m789m234p678p55s";

// ---- patterns, one worked example each --------------------------------------------------------

#[test]
fn all_chows_two_sided_on_a_discard() {
    // 78p waited on 6p and 9p; five chows, a pair of 5s, no honours, no flowers.
    let s = is(
        &d(CHOWS, "6p"),
        &atawmj(),
        &[(P::Concealed, 1), (P::AllChows, 2)],
    );
    assert_eq!(s.payments, [0, 160, -160, 0]);
}

#[test]
fn all_chows_needs_a_win_on_another_seat_s_tile() {
    let f = s(CHOWS, "6p");
    is(
        &f,
        &atawmj(),
        &[
            (P::Dealer, 1),
            (P::Concealed, 1),
            (P::SelfDrawn, 1),
            (P::ConcealedSelfDrawn, 1),
        ],
    );
    let r = TaiRules {
        all_chows_not_self_drawn: 0,
        ..atawmj()
    };
    assert_eq!(sc_with(&f, &r).tai[P::AllChows.id()], 2);
}

#[test]
fn all_chows_needs_no_flowers() {
    let f = d(CHOWS, "6p").with_flower(1);
    is(&f, &atawmj(), &[(P::Concealed, 1)]);
    let r = TaiRules {
        all_chows_no_flowers: 0,
        ..atawmj()
    };
    assert_eq!(sc_with(&f, &r).tai[P::AllChows.id()], 2);
}

#[test]
fn all_chows_needs_no_honour_pair() {
    let f = d("123m456m789m234p678p55z", "6p");
    is(&f, &atawmj(), &[(P::Concealed, 1)]);
    let r = TaiRules {
        all_chows_no_honors: 0,
        ..atawmj()
    };
    is(&f, &r, &[(P::Concealed, 1), (P::AllChows, 2)]);
}

#[test]
fn all_chows_counts_with_claimed_chows() {
    // 123m claimed from seat 0 (before seat 1); the rest in hand.
    let f = d("456m789m234p678p55s", "6p").with_meld(MeldKind::Chow, k("1m"), 1);
    is(&f, &atawmj(), &[(P::AllChows, 2)]);
}

#[test]
fn single_wait_edge() {
    // 12m waits on 3m only.
    is(
        &d(CHOWS, "3m"),
        &atawmj(),
        &[(P::Concealed, 1), (P::SingleWait, 1)],
    );
}

#[test]
fn single_wait_middle() {
    // 13m waits on 2m only.
    is(
        &d(CHOWS, "2m"),
        &atawmj(),
        &[(P::Concealed, 1), (P::SingleWait, 1)],
    );
}

#[test]
fn single_wait_pair() {
    // A lone 5s waits on 5s only.
    is(
        &d(CHOWS, "5s"),
        &atawmj(),
        &[(P::Concealed, 1), (P::SingleWait, 1)],
    );
}

#[test]
fn single_wait_not_when_the_hand_waits_on_two_kinds() {
    // 1234m waits on 1m and 4m (and 7m with 567m): the pair wait on 4m is no single wait.
    is(
        &d("12344m567m234p678p999s", "4m"),
        &atawmj(),
        &[(P::Concealed, 1)],
    );
}

#[test]
fn single_wait_when_the_other_kind_is_all_held() {
    // 23m waits on 1m and 4m, but the winner's kong holds all four 4m.
    let f = d("123m567p789p234s55s", "1m").with_meld(MeldKind::Kong, k("4m"), 3);
    is(&f, &atawmj(), &[(P::SingleWait, 1)]);
}

#[test]
fn seat_and_prevalent_wind() {
    // Seat 1 is South; South round; a pung of South counts both.
    let mut f = d("222z123m456m789p234s11s", "2z");
    f.prevalent_wind = 1;
    is(
        &f,
        &atawmj(),
        &[(P::Concealed, 1), (P::SeatWind, 1), (P::PrevalentWind, 1)],
    );
    f.prevalent_wind = 0;
    is(&f, &atawmj(), &[(P::Concealed, 1), (P::SeatWind, 1)]);
}

#[test]
fn prevalent_wind_alone() {
    // East round, seat South: the East pung counts 圈風 only.
    is(
        &d("111z123m456m789p234s11s", "1z"),
        &atawmj(),
        &[(P::Concealed, 1), (P::PrevalentWind, 1)],
    );
}

#[test]
fn dragon_pungs_one_each() {
    // 555z 666z: two dragon pungs (555z completed by the discard; 5z and 1p both waited on).
    is(
        &d("555z666z123m456m11p789p", "5z"),
        &atawmj(),
        &[(P::Concealed, 1), (P::DragonPung, 2)],
    );
}

#[test]
fn little_dragons_without_dragon_pungs() {
    let f = d("555z666z77z123m456p789s", "5z");
    is(&f, &atawmj(), &[(P::Concealed, 1), (P::LittleDragons, 4)]);
    let r = TaiRules {
        dragon_hands_keep_dragon_pungs: 1,
        ..atawmj()
    };
    is(
        &f,
        &r,
        &[(P::Concealed, 1), (P::DragonPung, 2), (P::LittleDragons, 4)],
    );
}

#[test]
fn big_dragons_without_little_dragons_or_dragon_pungs() {
    let f = d("555z666z777z123m44p789s", "7z");
    is(&f, &atawmj(), &[(P::Concealed, 1), (P::BigDragons, 8)]);
    let r = TaiRules {
        dragon_hands_keep_dragon_pungs: 1,
        ..atawmj()
    };
    is(
        &f,
        &r,
        &[(P::Concealed, 1), (P::DragonPung, 3), (P::BigDragons, 8)],
    );
}

#[test]
fn little_winds_without_wind_pungs() {
    // Seat South, East round: 111z and 222z would count 圈風 and 門風.
    let f = d("111z222z333z44z123m789p", "3z");
    is(&f, &atawmj(), &[(P::Concealed, 1), (P::LittleWinds, 8)]);
    let r = TaiRules {
        wind_hands_keep_wind_pungs: 1,
        ..atawmj()
    };
    is(
        &f,
        &r,
        &[
            (P::Concealed, 1),
            (P::SeatWind, 1),
            (P::PrevalentWind, 1),
            (P::LittleWinds, 8),
        ],
    );
}

#[test]
fn big_winds_without_little_winds_or_wind_pungs() {
    // 111z 222z 333z concealed (444z completed by the discard): 三暗刻 too.
    is(
        &d("111z222z333z444z55m123p", "4z"),
        &atawmj(),
        &[
            (P::Concealed, 1),
            (P::ThreeConcealedPungs, 2),
            (P::BigWinds, 16),
        ],
    );
}

#[test]
fn five_concealed_pungs_self_drawn() {
    // Five pungs in hand, the pair 6s drawn: 五暗刻 (not 四暗刻, 三暗刻) and 碰碰胡; the
    // dealer pays, so 莊家 counts in its payment.
    let s = is(
        &s("111m222p333s444m555p66s", "6s"),
        &atawmj(),
        &[
            (P::Dealer, 1),
            (P::Concealed, 1),
            (P::SelfDrawn, 1),
            (P::ConcealedSelfDrawn, 1),
            (P::SingleWait, 1),
            (P::FiveConcealedPungs, 8),
            (P::AllPungs, 4),
        ],
    );
    assert_eq!((s.hand_tai, s.dealer_tai), (16, 1));
    // The dealer pays 100 + 17 * 20, the others 100 + 16 * 20.
    assert_eq!(s.payments, [-440, 1280, -420, -420]);
}

#[test]
fn four_concealed_pungs_when_the_discard_completes_the_fifth() {
    is(
        &d("111m222p333s444m555p66s", "5p"),
        &atawmj(),
        &[
            (P::Concealed, 1),
            (P::FourConcealedPungs, 5),
            (P::AllPungs, 4),
        ],
    );
}

#[test]
fn three_concealed_pungs_reading_the_discard_into_a_chow() {
    // 1111m23m: 111m + 123m; the discarded 1m is read into the chow, so 111m stays concealed.
    is(
        &d("1111m23m222p333s789s55p", "1m"),
        &atawmj(),
        &[(P::Concealed, 1), (P::ThreeConcealedPungs, 2)],
    );
}

#[test]
fn concealed_pungs_not_when_the_discard_completes_one() {
    // 111m completed by the discarded 1m: only 222p and 333s are concealed.
    is(
        &d("111m222p333s789s55p456s", "1m"),
        &atawmj(),
        &[(P::Concealed, 1)],
    );
}

#[test]
fn concealed_pungs_count_concealed_kongs_not_claimed_pungs() {
    // Concealed kong of 9s + 111m 222p in hand = 3; the claimed pung of 5z is not concealed.
    let f = s("111m222p123s77s", "7s")
        .with_meld(MeldKind::ConcealedKong, k("9s"), 0)
        .with_meld(MeldKind::Pung, k("5z"), 2);
    is(
        &f,
        &atawmj(),
        &[
            (P::Dealer, 1),
            (P::SelfDrawn, 1),
            (P::DragonPung, 1),
            (P::SingleWait, 1),
            (P::ThreeConcealedPungs, 2),
        ],
    );
}

#[test]
fn best_decomposition_three_pungs_over_three_chows() {
    // 111222333m reads as three pungs or three chows; the pungs are worth more.
    let s = sc(&s("111222333m456p789s55s", "4p"));
    assert_eq!(s.tai[P::ThreeConcealedPungs.id()], 2);
}

#[test]
fn full_flush_not_half_flush() {
    let s = sc(&d("111m234m456m789m789m55m", "5m"));
    assert_eq!(s.tai[P::FullFlush.id()], 8);
    assert_eq!(s.tai[P::HalfFlush.id()], 0);
}

#[test]
fn half_flush() {
    is(
        &d("123m456m789m345m111z22z", "2z"),
        &atawmj(),
        &[
            (P::Concealed, 1),
            (P::PrevalentWind, 1),
            (P::SingleWait, 1),
            (P::HalfFlush, 4),
        ],
    );
}

#[test]
fn all_honors_without_all_pungs() {
    // 字一色 implies 碰碰胡 (not counted); 小三元 without 三元牌; East round and South seat.
    is(
        &d("111z222z333z555z666z77z", "7z"),
        &atawmj(),
        &[
            (P::Concealed, 1),
            (P::SeatWind, 1),
            (P::PrevalentWind, 1),
            (P::SingleWait, 1),
            (P::FiveConcealedPungs, 8),
            (P::AllHonors, 16),
            (P::LittleDragons, 4),
        ],
    );
}

#[test]
fn concealed_self_drawn_per_preset() {
    let f = s(CHOWS, "6p");
    // ATAWMJ: 門清, 不求 and 自摸 one tai each.
    is(
        &f,
        &atawmj(),
        &[
            (P::Dealer, 1),
            (P::Concealed, 1),
            (P::SelfDrawn, 1),
            (P::ConcealedSelfDrawn, 1),
        ],
    );
    // Common: 門清自摸 3 tai, alone.
    is(&f, &common(), &[(P::Dealer, 1), (P::ConcealedSelfDrawn, 3)]);
}

#[test]
fn concealed_on_a_discard_and_self_drawn_when_open() {
    is(
        &d(CHOWS, "6p"),
        &common(),
        &[(P::Concealed, 1), (P::AllChows, 2)],
    );
    let f = s("456m789m234p678p55s", "6p").with_meld(MeldKind::Chow, k("1m"), 1);
    is(&f, &common(), &[(P::Dealer, 1), (P::SelfDrawn, 1)]);
}

/// Five claimed melds and a lone 5z.
fn seek(how: WinHow) -> WinFacts {
    let mut f = d("55z", "5z")
        .with_meld(MeldKind::Chow, k("1m"), 1)
        .with_meld(MeldKind::Pung, k("5p"), 2)
        .with_meld(MeldKind::Pung, k("9s"), 3)
        .with_meld(MeldKind::Chow, k("4s"), 1)
        .with_meld(MeldKind::Kong, k("7p"), 3);
    f.how = how as u8;
    f
}

#[test]
fn all_seek_on_a_discard_without_single_wait() {
    is(&seek(WinHow::Discard), &atawmj(), &[(P::AllSeek, 2)]);
}

#[test]
fn half_seek_self_drawn_without_single_wait() {
    is(
        &seek(WinHow::SelfDrawn),
        &atawmj(),
        &[(P::Dealer, 1), (P::SelfDrawn, 1), (P::HalfSeek, 1)],
    );
}

#[test]
fn no_seek_with_a_concealed_kong() {
    let mut f = seek(WinHow::Discard);
    f.melds[4] = Meld::concealed_kong(k("7p"));
    is(&f, &atawmj(), &[(P::SingleWait, 1)]);
}

#[test]
fn robbing_a_kong() {
    let mut f = d(CHOWS, "3m");
    f.how = WinHow::RobbingKong as u8;
    is(
        &f,
        &atawmj(),
        &[(P::Concealed, 1), (P::SingleWait, 1), (P::RobbingKong, 1)],
    );
}

#[test]
fn replacement_win() {
    let mut f = s(CHOWS, "6p");
    f.flags |= FLAG_REPLACEMENT;
    is(
        &f,
        &common(),
        &[
            (P::Dealer, 1),
            (P::ConcealedSelfDrawn, 3),
            (P::ReplacementWin, 1),
        ],
    );
}

#[test]
fn last_tile_drawn_and_last_discard() {
    let mut f = s(CHOWS, "6p");
    f.flags |= FLAG_LAST_TILE;
    is(
        &f,
        &common(),
        &[
            (P::Dealer, 1),
            (P::ConcealedSelfDrawn, 3),
            (P::LastTileDraw, 1),
        ],
    );
    // A replacement draw that was the last tile counts both.
    f.flags |= FLAG_REPLACEMENT;
    assert_eq!(sc_with(&f, &common()).total, 6);
    let mut f = d(CHOWS, "6p");
    f.flags |= FLAG_LAST_TILE;
    is(
        &f,
        &atawmj(),
        &[(P::Concealed, 1), (P::LastDiscard, 1), (P::AllChows, 2)],
    );
}

#[test]
fn seat_flowers_by_number() {
    // Seat 1 is South: 夏 (2) and 蘭 (6) are its flowers, 春 (1) is not.
    let f = d(CHOWS, "3m").with_flower(2).with_flower(6).with_flower(1);
    is(
        &f,
        &atawmj(),
        &[(P::Concealed, 1), (P::SeatFlower, 2), (P::SingleWait, 1)],
    );
    // The dealer sits East whatever its seat number: with dealer 3, seat 1 is West (秋 3, 竹 7).
    let mut f = d(CHOWS, "3m").with_flower(3).with_flower(7);
    f.dealer = 3;
    f.from = 2;
    assert_eq!(sc(&f).tai[P::SeatFlower.id()], 2);
}

#[test]
fn seat_flowers_bamboo_and_chrysanthemum_per_switch() {
    // Seat 1 with dealer 3 sits West; with dealer 2 it sits North.
    let west = |n: u8| {
        let mut f = d(CHOWS, "3m").with_flower(n);
        f.dealer = 3;
        f.from = 2;
        f
    };
    let north = |n: u8| {
        let mut f = d(CHOWS, "3m").with_flower(n);
        f.dealer = 2;
        f.from = 3;
        f
    };
    let seat_flower = |f: &WinFacts, r: &TaiRules| sc_with(f, r).tai[P::SeatFlower.id()];
    // ATAWMJ (梅蘭竹菊): 竹 (7) is West's, 菊 (8) North's.
    let a = atawmj();
    assert!(!a.chrysanthemum_west());
    assert_eq!(
        (seat_flower(&west(7), &a), seat_flower(&west(8), &a)),
        (1, 0)
    );
    assert_eq!(
        (seat_flower(&north(7), &a), seat_flower(&north(8), &a)),
        (0, 1)
    );
    // Common tables (梅蘭菊竹): 菊 (8) is West's, 竹 (7) North's.
    let c = TaiRules::common();
    assert!(c.chrysanthemum_west());
    assert_eq!(
        (seat_flower(&west(7), &c), seat_flower(&west(8), &c)),
        (0, 1)
    );
    assert_eq!(
        (seat_flower(&north(7), &c), seat_flower(&north(8), &c)),
        (1, 0)
    );
    // East's and South's flowers, and 秋 / 冬, do not move.
    for r in [a, c] {
        assert_eq!(seat_flower(&west(3), &r), 1);
        assert_eq!(seat_flower(&north(4), &r), 1);
        for n in [1, 2, 5, 6] {
            assert_eq!(seat_flower(&west(n), &r) + seat_flower(&north(n), &r), 0);
        }
    }
    let seats: Vec<u8> = (1..=8).map(|n| c.flower_seat(n)).collect();
    assert_eq!(seats, [0, 1, 2, 3, 0, 1, 3, 2]);
    let seats: Vec<u8> = (1..=8).map(|n| a.flower_seat(n)).collect();
    assert_eq!(seats, [0, 1, 2, 3, 0, 1, 2, 3]);
    // With 花槓 not keeping 正花: West's 菊 in a complete 梅蘭竹菊 does not count, 秋 outside
    // a complete 春夏秋冬 does.
    let r = TaiRules {
        flower_kong_keeps_seat_flower: 0,
        ..c
    };
    let f = west(5)
        .with_flower(6)
        .with_flower(7)
        .with_flower(8)
        .with_flower(3);
    let s = sc_with(&f, &r);
    assert_eq!(
        (s.tai[P::SeatFlower.id()], s.tai[P::FlowerKong.id()]),
        (1, 2)
    );
    let s = sc_with(&f, &c);
    assert_eq!(
        (s.tai[P::SeatFlower.id()], s.tai[P::FlowerKong.id()]),
        (2, 2)
    );
}

#[test]
fn flower_kong_keeps_the_seat_flower_per_switch() {
    let f = d(CHOWS, "3m")
        .with_flower(1)
        .with_flower(2)
        .with_flower(3)
        .with_flower(4);
    is(
        &f,
        &atawmj(),
        &[
            (P::Concealed, 1),
            (P::SeatFlower, 1),
            (P::FlowerKong, 2),
            (P::SingleWait, 1),
        ],
    );
    let r = TaiRules {
        flower_kong_keeps_seat_flower: 0,
        ..atawmj()
    };
    is(
        &f,
        &r,
        &[(P::Concealed, 1), (P::FlowerKong, 2), (P::SingleWait, 1)],
    );
    // 蘭 outside the complete set still counts.
    let f = f.with_flower(6);
    assert_eq!(sc_with(&f, &r).tai[P::SeatFlower.id()], 1);
}

fn eight(mut f: WinFacts) -> WinFacts {
    for n in 1..=8 {
        f = f.with_flower(n);
    }
    f
}

#[test]
fn eight_flowers_in_a_regular_win_without_flower_kongs_or_seat_flowers() {
    is(
        &eight(d(CHOWS, "3m")),
        &atawmj(),
        &[(P::Concealed, 1), (P::SingleWait, 1), (P::EightFlowers, 8)],
    );
}

#[test]
fn eight_flowers_as_a_win() {
    // The hand need not win; 16 tiles (the flower was the draw). The dealer pays its tai.
    let mut f = eight(s("123m456m789m234p678p5s", "5s"));
    f.how = WinHow::EightFlowers as u8;
    let s = is(&f, &atawmj(), &[(P::Dealer, 1), (P::EightFlowers, 8)]);
    assert_eq!(s.payments, [-280, 800, -260, -260]);
}

#[test]
fn seven_rob_one_paid_by_the_seat_that_drew_the_eighth() {
    let mut f = eight(d("123m456m789m234p678p5s", "5s"));
    f.how = WinHow::SevenRobOne as u8;
    f.from = 3;
    let s = is(&f, &atawmj(), &[(P::SevenRobOne, 8)]);
    assert_eq!(s.payments, [0, 260, 0, -260]);
}

#[test]
fn flower_wins_refused_when_off() {
    let mut r = atawmj();
    r.values[P::EightFlowers.id()] = 0;
    let mut f = eight(s("123m456m789m234p678p5s", "5s"));
    f.how = WinHow::EightFlowers as u8;
    assert_eq!(score(&f, &r), Err(Error::NotWinning));
}

#[test]
fn heavenly_ready_without_concealed_keeps_self_drawn() {
    let mut f = s(CHOWS, "6p");
    f.winner = 0;
    f.flags |= FLAG_READY_FROM_FIRST_DISCARD;
    for r in [atawmj(), common()] {
        is(
            &f,
            &r,
            &[(P::Dealer, 1), (P::SelfDrawn, 1), (P::HeavenlyReady, 8)],
        );
    }
}

#[test]
fn earthly_ready_without_concealed() {
    let mut f = d(CHOWS, "6p");
    f.flags |= FLAG_READY_FROM_FIRST_DISCARD;
    is(&f, &atawmj(), &[(P::AllChows, 2), (P::EarthlyReady, 4)]);
}

#[test]
fn heavenly_win_alone() {
    let mut f = s(CHOWS, "3m");
    f.winner = 0;
    f.flags |= FLAG_FIRST_TURN;
    f.flags |= FLAG_REPLACEMENT; // the last tile of the deal was a flower replacement
    is(&f, &atawmj(), &[(P::Dealer, 1), (P::HeavenlyWin, 24)]);
}

#[test]
fn earthly_win_alone() {
    let mut f = s(CHOWS, "3m");
    f.flags |= FLAG_FIRST_TURN;
    is(&f, &atawmj(), &[(P::Dealer, 1), (P::EarthlyWin, 16)]);
}

#[test]
fn human_win_without_concealed_or_single_wait() {
    let mut f = d(CHOWS, "3m");
    f.flags |= FLAG_FIRST_TURN;
    f.from = 0;
    is(&f, &atawmj(), &[(P::Dealer, 1), (P::HumanWin, 16)]);
    is(&f, &common(), &[(P::Dealer, 1), (P::HumanWin, 8)]);
}

#[test]
fn seven_pairs_and_pung_in_the_common_preset_only() {
    // 7 pairs + 777z; the lone 4s was the only wait. 門清 is implied, not counted.
    let f = d("11m33m55m77p99p22s44s777z", "4s");
    is(
        &f,
        &common(),
        &[(P::SingleWait, 1), (P::SevenPairsAndPung, 8)],
    );
    assert_eq!(score(&f, &atawmj()), Err(Error::NotWinning));
    // Self-drawn: 自摸 only (門清自摸 needs 門清).
    let f = s("11m33m55m77p99p22s44s777z", "4s");
    is(
        &f,
        &common(),
        &[
            (P::Dealer, 1),
            (P::SelfDrawn, 1),
            (P::SingleWait, 1),
            (P::SevenPairsAndPung, 8),
        ],
    );
}

#[test]
fn seven_pairs_and_pung_waits_on_eight_kinds() {
    // Eight pairs before the win: any of them makes the pung, so no single wait.
    let f = d("11m33m55m77p99p22s44s77z7z", "7z");
    is(&f, &common(), &[(P::SevenPairsAndPung, 8)]);
}

#[test]
fn seven_pairs_and_pung_or_regular_whichever_is_worth_more() {
    // 112233m 556677p 888s 99s... as a regular hand: 123m 123m 567p 567p 888s + pair.
    let f = d("112233m556677p888s99s", "8s");
    let s = sc_with(&f, &common());
    assert_eq!(s.tai[P::SevenPairsAndPung.id()], 8);
    assert_eq!(s.tai[P::Concealed.id()], 0);
}

// ---- the dealer and the payments ------------------------------------------------------------

#[test]
fn dealer_consecutive_deals_in_every_payment_of_a_dealer_win() {
    let mut f = s(CHOWS, "6p");
    f.winner = 0;
    f.consecutive_deals = 2;
    let s = is(
        &f,
        &atawmj(),
        &[
            (P::Dealer, 1),
            (P::ConsecutiveDeal, 2),
            (P::DealerPull, 2),
            (P::Concealed, 1),
            (P::SelfDrawn, 1),
            (P::ConcealedSelfDrawn, 1),
        ],
    );
    assert_eq!((s.hand_tai, s.dealer_tai), (3, 5));
    assert_eq!(s.payments, [780, -260, -260, -260]);
}

#[test]
fn dealer_tai_only_in_the_dealer_s_payment() {
    let mut f = s(CHOWS, "6p");
    f.consecutive_deals = 1;
    let s = sc(&f);
    assert_eq!((s.hand_tai, s.dealer_tai), (3, 3));
    assert_eq!(s.payments, [-220, 100 * 3 + 20 * 12, -160, -160]);
}

#[test]
fn dealer_tai_not_counted_when_the_dealer_takes_no_part() {
    let mut f = d(CHOWS, "6p");
    f.consecutive_deals = 4;
    let s = sc(&f);
    assert_eq!(s.dealer_tai, 0);
    assert_eq!(s.payments, [0, 160, -160, 0]);
    // The dealer discarding pays them.
    f.from = 0;
    let s = sc(&f);
    assert_eq!(s.dealer_tai, 9);
    assert_eq!(s.payments, [-(100 + 12 * 20), 340, 0, 0]);
}

#[test]
fn base_and_price_are_configurable() {
    let r = TaiRules {
        base: 0,
        price: 1,
        ..atawmj()
    };
    assert_eq!(sc_with(&d(CHOWS, "6p"), &r).payments, [0, 3, -3, 0]);
}

#[test]
fn every_value_is_configurable() {
    let mut r = atawmj();
    r.values[P::AllChows.id()] = 7;
    r.values[P::Concealed.id()] = 0;
    is(&d(CHOWS, "6p"), &r, &[(P::AllChows, 7)]);
}

// ---- refusals --------------------------------------------------------------------------------

#[test]
fn refuses_impossible_hands() {
    assert_eq!(
        score(&d("123m456m789m234p678p56s", "6p"), &atawmj()),
        Err(Error::NotWinning)
    );
    assert_eq!(
        score(&d("123m456m789m234p678p5s", "5s"), &atawmj()),
        Err(Error::BadTileTotal { total: 16 })
    );
    // The winning tile must be in the hand.
    assert_eq!(
        score(&d(CHOWS, "1z"), &atawmj()),
        Err(Error::InvalidArgument)
    );
    let mut f = d(CHOWS, "6p");
    f.win_tile = 34;
    assert_eq!(score(&f, &atawmj()), Err(Error::InvalidArgument));
}

#[test]
fn refuses_more_than_four_copies() {
    let f = d("456m789m234p678p55s", "6p").with_meld(MeldKind::Pung, k("5s"), 2);
    // 123m is missing: 14 tiles + pung; add a fifth 5s through the meld.
    let mut g = f;
    g.counts[k("1m") as usize] += 3;
    assert_eq!(
        score(&g, &atawmj()),
        Err(Error::TooManyCopies { kind: k("5s") })
    );
}

#[test]
fn refuses_flowers_out_of_range_or_twice() {
    for bad in [
        d(CHOWS, "6p").with_flower(0),
        d(CHOWS, "6p").with_flower(9),
        d(CHOWS, "6p").with_flower(3).with_flower(3),
        eight(d(CHOWS, "6p")).with_flower(1),
    ] {
        assert_eq!(score(&bad, &atawmj()), Err(Error::InvalidArgument));
    }
}

#[test]
fn refuses_seats_and_winds_out_of_range() {
    for change in [
        |f: &mut WinFacts| f.winner = 4,
        |f: &mut WinFacts| f.dealer = 4,
        |f: &mut WinFacts| f.prevalent_wind = 4,
        |f: &mut WinFacts| f.from = 4,
    ] {
        let mut f = d(CHOWS, "6p");
        change(&mut f);
        assert_eq!(score(&f, &atawmj()), Err(Error::InvalidArgument));
    }
    let mut f = seek(WinHow::Discard).with_meld(MeldKind::Pung, k("1z"), 3);
    assert_eq!(score(&f, &atawmj()), Err(Error::InvalidArgument));
    f.meld_count = 5;
    assert!(score(&f, &atawmj()).is_ok());
}

#[test]
fn refuses_illegal_melds() {
    let base = || d("456m789m234p678p55s", "6p");
    for (kind, tile, claimed) in [
        (MeldKind::Chow, k("1m"), 0),          // a chow's claimed tile is 1..3
        (MeldKind::Chow, k("1m"), 4),          // a chow's claimed tile is 1..3
        (MeldKind::Chow, k("8m"), 1),          // 89m + ?
        (MeldKind::Chow, k("1z"), 1),          // honours
        (MeldKind::Pung, k("1m"), 0),          // claimed from the winner
        (MeldKind::Kong, 34, 2),               // tile out of range
        (MeldKind::AddedKong, k("1z"), 0),     // an added kong from the winner's own pung
        (MeldKind::ConcealedKong, k("1z"), 2), // concealed kong from another seat
        (MeldKind::Pung, k("1z"), 4),          // seat out of range
    ] {
        let f = base().with_meld(kind, tile, claimed);
        assert_eq!(score(&f, &atawmj()), Err(Error::IllegalMeld), "{kind:?}");
    }
    // An unknown kind byte.
    let mut f = base().with_meld(MeldKind::Pung, k("1z"), 2);
    f.melds[0].kind = 6;
    assert_eq!(score(&f, &atawmj()), Err(Error::IllegalMeld));
}

#[test]
fn refuses_contradictory_facts() {
    let cases: [fn(&mut WinFacts); 13] = [
        |f| f.from = 1,                  // discarded by the winner
        |f| f.flags |= FLAG_REPLACEMENT, // replacement draw on a discard
        |f| {
            f.how = WinHow::RobbingKong as u8;
            f.flags |= FLAG_LAST_TILE;
        },
        |f| {
            f.flags |= FLAG_FIRST_TURN;
            f.flags |= FLAG_LAST_TILE;
        },
        |f| {
            f.flags |= FLAG_FIRST_TURN;
            f.how = WinHow::RobbingKong as u8;
        },
        |f| {
            f.flags |= FLAG_FIRST_TURN;
            f.flags |= FLAG_READY_FROM_FIRST_DISCARD;
        },
        |f| {
            f.flags |= FLAG_FIRST_TURN;
            f.winner = 0; // the dealer cannot win on a discard before its first discard
        },
        |f| {
            f.how = WinHow::RobbingKong as u8; // the winner holds two 6p
            f.counts[k("6p") as usize] += 1;
            f.counts[k("5s") as usize] -= 1;
        },
        |f| f.how = WinHow::EightFlowers as u8, // without the eight flowers
        |f| f.how = WinHow::SevenRobOne as u8,  // without seven flowers
        |f| {
            // Six flowers are not seven.
            for n in 1..=6 {
                *f = f.with_flower(n);
            }
            f.how = WinHow::SevenRobOne as u8;
        },
        |f| {
            *f = eight(*f);
            f.how = WinHow::EightFlowers as u8;
            f.flags |= FLAG_LAST_TILE;
        },
        |f| {
            f.flags |= FLAG_FIRST_TURN;
            *f = f.with_meld(MeldKind::Pung, k("1z"), 2);
            f.counts[k("5s") as usize] = 0;
            f.counts[k("1m") as usize] -= 1;
        },
    ];
    for (i, change) in cases.iter().enumerate() {
        let mut f = d(CHOWS, "6p");
        change(&mut f);
        assert_eq!(
            score(&f, &atawmj()),
            Err(Error::InvalidFlags),
            "case {i}: {f:?}"
        );
    }
    // Ready from the first discard with a claimed chow.
    let mut f = d("456m789m234p678p55s", "6p").with_meld(MeldKind::Chow, k("1m"), 1);
    f.flags |= FLAG_READY_FROM_FIRST_DISCARD;
    assert_eq!(score(&f, &atawmj()), Err(Error::InvalidFlags));
}

#[test]
fn refuses_a_fifth_copy_beside_a_kong() {
    // A kong holds four tiles: one more 5s in the hand is a fifth.
    let f = d("123m456m789m234p5s1z", "1z").with_meld(MeldKind::Kong, k("5s"), 3);
    assert_eq!(
        score(&f, &atawmj()),
        Err(Error::TooManyCopies { kind: k("5s") })
    );
}
