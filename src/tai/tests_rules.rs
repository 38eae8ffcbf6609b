//! Tests of the rules that follow the presets' sources (天聽 from the deal, 人胡 in the first
//! go-around, 槓上開花 after an exposed kong, 不求 beside an exposed kong), the stated seat wind,
//! the winner's own tai and the minimum, the flower wins without a second call, the arithmetic
//! at its extremes, and the rules' names and layout.

use super::*;
use crate::test_util::tiles;
use Pattern as P;

fn k(s: &str) -> u8 {
    tiles(s).iter().position(|&c| c > 0).expect("one tile") as u8
}

/// Concealed `hand` won by seat 1 (South) on `win` discarded by seat 2; dealer seat 0.
fn d(hand: &str, win: &str) -> WinFacts {
    let mut f = WinFacts::new(tiles(hand), k(win));
    f.winner = 1;
    f.how = HOW_DISCARD;
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

fn list(f: &WinFacts, r: &TaiRules) -> Vec<(Pattern, u32)> {
    score(f, r)
        .unwrap_or_else(|e| panic!("{f:?}: {e}"))
        .breakdown()
        .collect()
}

const CHOWS: &str = "123m456m789m234p678p55s";
/// Waits on 3m only (12m), so 平胡 never counts.
const EDGE: &str = "123m456m789m234p678p55s";

#[test]
fn heavenly_ready_from_the_deal_for_any_seat_under_atawmj() {
    // A non-dealer ready as dealt, self-drawing later: 天聽 8 (門清 and 不求 do not count, 自摸
    // does), under ATAWMJ; the common preset knows no readiness from the deal.
    let mut f = s(EDGE, "3m");
    f.flags |= FLAG_READY_FROM_DEAL;
    let dealer = (P::Dealer, 1);
    assert_eq!(
        list(&f, &TaiRules::atawmj()),
        [
            dealer,
            (P::SelfDrawn, 1),
            (P::SingleWait, 1),
            (P::HeavenlyReady, 8)
        ]
    );
    assert_eq!(
        list(&f, &TaiRules::common()),
        [dealer, (P::ConcealedSelfDrawn, 3), (P::SingleWait, 1)]
    );
    // Ready from the deal and from its first discard: 天聽, not 地聽 too (ATAWMJ); 地聽 in the
    // common preset.
    f.flags |= FLAG_READY_FROM_FIRST_DISCARD;
    assert_eq!(
        list(&f, &TaiRules::atawmj()),
        [
            dealer,
            (P::SelfDrawn, 1),
            (P::SingleWait, 1),
            (P::HeavenlyReady, 8)
        ]
    );
    assert_eq!(
        list(&f, &TaiRules::common()),
        [
            dealer,
            (P::SelfDrawn, 1),
            (P::SingleWait, 1),
            (P::EarthlyReady, 4)
        ]
    );
    // The dealer's readiness from its first discard is 天聽 in both; its readiness from the deal
    // is the same fact.
    for flag in [FLAG_READY_FROM_FIRST_DISCARD, FLAG_READY_FROM_DEAL] {
        let mut g = s(EDGE, "3m");
        g.winner = 0;
        g.flags = flag;
        for r in [TaiRules::atawmj(), TaiRules::common()] {
            assert_eq!(score(&g, &r).unwrap().tai[P::HeavenlyReady.id()], 8);
            assert_eq!(score(&g, &r).unwrap().tai[P::EarthlyReady.id()], 0);
        }
    }
}

#[test]
fn earthly_win_implies_the_heavenly_ready_it_needs() {
    // A non-dealer ready as dealt wins on its first draw: 地胡 alone, not 天聽 beside it.
    let mut f = s(CHOWS, "6p");
    f.flags |= FLAG_FIRST_TURN | FLAG_READY_FROM_DEAL;
    assert_eq!(
        list(&f, &TaiRules::atawmj()),
        [(P::Dealer, 1), (P::EarthlyWin, 16)]
    );
}

#[test]
fn human_win_in_the_first_go_around_the_dealer_included() {
    // The dealer (seat 0) wins on seat 2's first discard: 人胡 under both presets (16 and 8),
    // refused by the old reading (a non-dealer before its first discard).
    let mut f = d(EDGE, "3m");
    f.winner = 0;
    f.flags |= FLAG_FIRST_GO_AROUND;
    assert_eq!(
        list(&f, &TaiRules::atawmj()),
        [(P::Dealer, 1), (P::HumanWin, 16)]
    );
    assert_eq!(
        list(&f, &TaiRules::common()),
        [(P::Dealer, 1), (P::HumanWin, 8)]
    );
    let old = TaiRules {
        human_win_first_go_around: 0,
        ..TaiRules::atawmj()
    };
    assert_eq!(
        list(&f, &old),
        [(P::Dealer, 1), (P::Concealed, 1), (P::SingleWait, 1)]
    );
    // A non-dealer that has discarded (so it was ready from that discard: 地聽 is implied and
    // not counted) wins in the first go-around.
    let mut g = d(EDGE, "3m");
    g.flags |= FLAG_FIRST_GO_AROUND | FLAG_READY_FROM_FIRST_DISCARD;
    assert_eq!(list(&g, &TaiRules::atawmj()), [(P::HumanWin, 16)]);
    assert_eq!(list(&g, &old), [(P::SingleWait, 1), (P::EarthlyReady, 4)]);
    // Before its own first discard (FIRST_TURN): 人胡 in both readings.
    let mut h = d(EDGE, "3m");
    h.flags |= FLAG_FIRST_TURN;
    assert_eq!(list(&h, &TaiRules::atawmj()), [(P::HumanWin, 16)]);
    assert_eq!(list(&h, &old), [(P::HumanWin, 16)]);
}

#[test]
fn replacement_win_after_an_exposed_kong_per_preset() {
    // Self-drawn on the replacement after an exposed kong of 9s (claimed from seat 3).
    let mut f = s("123m456m789m234p55s", "5s").with_meld(MeldKind::Kong, k("9s"), 2);
    f.flags |= FLAG_REPLACEMENT | FLAG_AFTER_EXPOSED_KONG;
    let atawmj = score(&f, &TaiRules::atawmj()).unwrap();
    assert_eq!(atawmj.tai[P::ReplacementWin.id()], 0);
    let common = score(&f, &TaiRules::common()).unwrap();
    assert_eq!(common.tai[P::ReplacementWin.id()], 1);
    // After a flower, a concealed or an added kong: 槓上開花 in both.
    for kind in [MeldKind::AddedKong, MeldKind::ConcealedKong] {
        let claimed = if kind == MeldKind::ConcealedKong {
            0
        } else {
            2
        };
        let mut g = s("123m456m789m234p55s", "5s").with_meld(kind, k("9s"), claimed);
        g.flags |= FLAG_REPLACEMENT;
        for r in [TaiRules::atawmj(), TaiRules::common()] {
            assert_eq!(
                score(&g, &r).unwrap().tai[P::ReplacementWin.id()],
                1,
                "{kind:?}"
            );
        }
    }
}

#[test]
fn concealed_self_drawn_beside_an_exposed_kong_per_preset() {
    // ATAWMJ's 不求 forbids only chows and pungs: an exposed kong keeps it (not 門清).
    let f = s("123m456m789m234p55s", "5s").with_meld(MeldKind::Kong, k("9s"), 2);
    assert_eq!(
        list(&f, &TaiRules::atawmj()),
        [
            (P::Dealer, 1),
            (P::SelfDrawn, 1),
            (P::ConcealedSelfDrawn, 1),
            (P::SingleWait, 1)
        ]
    );
    // The common game's 門清自摸 needs 門清.
    assert_eq!(
        list(&f, &TaiRules::common()),
        [(P::Dealer, 1), (P::SelfDrawn, 1), (P::SingleWait, 1)]
    );
    // An added kong was a pung: no 不求 in either.
    let g = s("123m456m789m234p55s", "5s").with_meld(MeldKind::AddedKong, k("9s"), 2);
    assert_eq!(
        list(&g, &TaiRules::atawmj()),
        [(P::Dealer, 1), (P::SelfDrawn, 1), (P::SingleWait, 1)]
    );
}

#[test]
fn seat_wind_counted_from_the_opening_seat_when_given() {
    // Winner seat 1, dealer seat 0, but the wall was opened so that seat 1 sits West: a pung of
    // West is 門風 and 秋 (3) its flower.
    let mut f = d("333z123m456m789p234s11s", "3z")
        .with_flower(3)
        .with_flower(2);
    assert_eq!(
        list(&f, &TaiRules::atawmj()),
        [(P::Concealed, 1), (P::SeatFlower, 1)]
    );
    f.seat_wind = 2;
    assert_eq!(
        list(&f, &TaiRules::atawmj()),
        [(P::Concealed, 1), (P::SeatWind, 1), (P::SeatFlower, 1)]
    );
    assert_eq!(f.winner_wind(), 2);
    f.seat_wind = 4;
    assert_eq!(score(&f, &TaiRules::atawmj()), Err(Error::InvalidArgument));
}

#[test]
fn winner_tai_beside_the_total() {
    // A non-dealer's self-draw: the dealer pays its tai, which are not the winner's.
    let mut f = s(CHOWS, "6p");
    f.consecutive_deals = 1;
    let sc = score(&f, &TaiRules::atawmj()).unwrap();
    assert_eq!((sc.dealer_tai, sc.hand_tai, sc.total), (3, 3, 6));
    assert_eq!(sc.winner_tai, 3);
    // The dealer's own win: its tai are its own.
    f.winner = 0;
    let sc = score(&f, &TaiRules::atawmj()).unwrap();
    assert_eq!(sc.winner_tai, sc.total);
    assert_eq!(sc.winner_tai, 6);
}

#[test]
fn minimum_tai_sets_qualifies() {
    // 平胡 2 + 門清 1 on a discard: 3 tai.
    let f = d(CHOWS, "6p");
    for (min, q) in [(0, 1), (3, 1), (4, 0)] {
        let r = TaiRules {
            min_tai: min,
            ..TaiRules::atawmj()
        };
        let sc = score(&f, &r).unwrap();
        assert_eq!((sc.winner_tai, sc.qualifies), (3, q), "min {min}");
        assert_eq!(sc.qualifies(), q == 1);
    }
}

#[test]
fn seven_rob_one_with_the_seven_flowers_listed() {
    let mut f = d(CHOWS, "6p");
    f.how = HOW_SEVEN_ROB_ONE;
    for n in 1..=7 {
        f = f.with_flower(n);
    }
    let seven = score(&f, &TaiRules::atawmj()).unwrap();
    let eight = score(&f.with_flower(8), &TaiRules::atawmj()).unwrap();
    assert_eq!(seven, eight);
    assert_eq!(seven.tai[P::SevenRobOne.id()], 8);
    assert_eq!(seven.payments, [0, 260, -260, 0]);
}

#[test]
fn eight_flowers_needs_no_second_call() {
    let eight = |mut f: WinFacts| {
        for n in 1..=8 {
            f = f.with_flower(n);
        }
        f
    };
    // Self-drawn with tiles that do not win: the flower win.
    let broken = eight(s("123m456m789m234p679p55s", "5s"));
    let sc = score(&broken, &TaiRules::atawmj()).unwrap();
    assert_eq!(sc.tai[P::EightFlowers.id()], 8);
    assert_eq!(sc.hand_tai, 8);
    // Self-drawn before the replacement (16 tiles): the flower win too.
    let mut short = broken;
    short.counts[k("5s") as usize] -= 1;
    assert_eq!(score(&short, &TaiRules::atawmj()).unwrap(), sc);
    // A flower win whose tiles win: the self-drawn hand with 八仙過海 in it.
    let mut f = eight(s(CHOWS, "6p"));
    let drawn = score(&f, &TaiRules::atawmj()).unwrap();
    f.how = HOW_EIGHT_FLOWERS;
    let flower = score(&f, &TaiRules::atawmj()).unwrap();
    assert_eq!(flower, drawn);
    assert!(flower.hand_tai > 8, "{flower:?}");
    // The flower win alone when the winning tile is not given (not read for a flower win).
    f.win_tile = k("9s");
    assert_eq!(score(&f, &TaiRules::atawmj()).unwrap(), sc);
    // Off: a self-draw that does not win is refused.
    let off = TaiRules {
        values: {
            let mut v = TaiRules::atawmj().values;
            v[P::EightFlowers.id()] = 0;
            v
        },
        ..TaiRules::atawmj()
    };
    assert_eq!(score(&broken, &off), Err(Error::NotWinning));
}

#[test]
fn large_values_neither_clamp_nor_overflow() {
    // The C ABI fuzz's case: a dealer self-draw with two consecutive deals and 連莊 40,000.
    let mut f = s(CHOWS, "6p");
    f.winner = 0;
    f.consecutive_deals = 2;
    let mut r = TaiRules::atawmj();
    r.values[P::ConsecutiveDeal.id()] = 40_000;
    let sc = score(&f, &r).unwrap();
    assert_eq!(sc.tai[P::ConsecutiveDeal.id()], 80_000);
    let each = 100 + i64::from(sc.total) * 20;
    assert_eq!(sc.payments, [3 * each, -each, -each, -each]);
    // Every value, stake and count at its largest: exact, and the payments sum to zero.
    let mut big = TaiRules::common();
    big.values = [u16::MAX; PATTERN_SLOTS];
    big.values[0] = 0;
    big.base = u32::MAX;
    big.price = u32::MAX;
    f.consecutive_deals = u8::MAX;
    f.winner = 1;
    let sc = score(&f, &big).unwrap();
    assert_eq!(sc.tai[P::ConsecutiveDeal.id()], 65_535 * 255);
    assert_eq!(sc.total, sc.tai.iter().sum::<u32>());
    assert_eq!(sc.payments.iter().sum::<i64>(), 0);
    let dealer_pays = i64::from(u32::MAX) + i64::from(sc.total) * i64::from(u32::MAX);
    assert_eq!(sc.payments[0], -dealer_pays);
}

#[test]
fn names_follow_the_rules() {
    let p = P::ConcealedSelfDrawn;
    assert_eq!(TaiRules::atawmj().names(p).0, "不求");
    assert_eq!(TaiRules::common().names(p).0, "門清自摸");
    assert_eq!(
        TaiRules::common().names(P::Concealed),
        ("門清", "Concealed hand")
    );
    // Counting beside one of them is still 不求.
    let mixed = TaiRules {
        concealed_self_drawn_keeps_self_drawn: 1,
        ..TaiRules::common()
    };
    assert_eq!(mixed.names(p).0, "不求");
}

#[test]
fn rules_out_of_range_are_refused() {
    let f = d(CHOWS, "6p");
    let mut r = TaiRules::atawmj();
    r.values[0] = 1;
    assert_eq!(score(&f, &r), Err(Error::InvalidArgument));
    for i in 0..SWITCHES {
        let mut r = TaiRules::atawmj();
        let mut on = r.switches();
        on[i] = !on[i];
        r.set_switches(on);
        assert!(score(&f, &r).is_ok());
        *r.switch_bytes_mut()[i] = 2;
        assert_eq!(score(&f, &r), Err(Error::InvalidArgument), "switch {i}");
        assert_eq!(r.validate(), Err(Error::InvalidArgument));
    }
    assert!(!TaiRules::atawmj().set_switch("no_such_switch", true));
}

#[test]
fn switch_list_matches_the_struct() {
    // The switches follow `min_tai` one byte each, in SWITCH_NAMES' order (the order records,
    // snapshots and the C struct share), and each name sets its own field.
    let first = std::mem::offset_of!(TaiRules, min_tai) + 4;
    for (i, &at) in super::rules::SWITCH_OFFSETS.iter().enumerate() {
        assert_eq!(at, first + i, "{}", SWITCH_NAMES[i]);
    }
    for (i, name) in SWITCH_NAMES.iter().enumerate() {
        let mut r = TaiRules::common();
        r.set_switches([false; SWITCHES]);
        assert!(r.set_switch(name, true));
        let mut want = [false; SWITCHES];
        want[i] = true;
        assert_eq!(r.switches(), want, "{name}");
        assert_eq!(*r.switch_bytes_mut()[i], 1, "{name}");
    }
}

#[test]
fn refuses_contradictions_of_the_new_facts() {
    let cases: [fn(&mut WinFacts); 9] = [
        |f| f.flags |= 128, // an unknown flag bit
        |f| {
            // After an exposed kong, but no replacement draw.
            f.how = HOW_SELF_DRAWN;
            f.flags |= FLAG_AFTER_EXPOSED_KONG;
        },
        |f| {
            // A replacement after an exposed kong the winner does not hold.
            f.how = HOW_SELF_DRAWN;
            f.flags |= FLAG_REPLACEMENT | FLAG_AFTER_EXPOSED_KONG;
        },
        |f| {
            // The dealer's readiness from the deal needs its first discard.
            f.how = HOW_SELF_DRAWN;
            f.winner = 0;
            f.flags |= FLAG_FIRST_TURN | FLAG_READY_FROM_DEAL;
        },
        |f| f.flags |= FLAG_FIRST_GO_AROUND | FLAG_LAST_TILE,
        |f| {
            f.how = HOW_SELF_DRAWN;
            f.flags |= FLAG_FIRST_GO_AROUND;
        },
        |f| {
            f.how = HOW_ROBBING_KONG;
            f.flags |= FLAG_FIRST_GO_AROUND;
        },
        |f| {
            f.flags |= FLAG_FIRST_GO_AROUND;
            *f = f.with_meld(MeldKind::Pung, k("1z"), 2);
            f.counts[k("5s") as usize] = 0;
            f.counts[k("1m") as usize] -= 1;
        },
        |f| {
            f.flags |= FLAG_READY_FROM_DEAL;
            *f = f.with_meld(MeldKind::Pung, k("1z"), 2);
            f.counts[k("5s") as usize] = 0;
            f.counts[k("1m") as usize] -= 1;
        },
    ];
    for (i, change) in cases.iter().enumerate() {
        let mut f = d(CHOWS, "6p");
        change(&mut f);
        assert_eq!(
            score(&f, &TaiRules::atawmj()),
            Err(Error::InvalidFlags),
            "case {i}: {f:?}"
        );
    }
}
