//! Riichi's draws, payments and matches at the table (aborts, multiple wins, exhaustive draws,
//! nagashi, pao, kokushi on a concealed kong, the match's renchan, ends and final points), each
//! constructed through play on an explicit wall, as in `riichi_rule_tests`.

use super::riichi_rule_tests::*;
use super::*;
use crate::riichi::yaku;

#[test]
fn nine_terminals_abort_the_hand_and_the_dealer_keeps_it_with_a_honba() {
    let s = stack(0, [Some("19m19p19s1234z55m6p"), None, None, None], "7z");
    let mut t = s.table(Rules::riichi_tenhou());
    let nine = Action::new(ActionKind::NineTerminals, NO_TILE);
    assert!(has(&t, 0, nine));
    t.apply(0, nine).unwrap();
    let r = t.result().unwrap();
    assert_eq!(r.end, End::AbortiveDraw(AbortReason::NineTerminals));
    assert_eq!(r.points, [0; SEATS]);
    let e = events(&t, EventKind::AbortiveDraw)[0];
    assert_eq!((e.seat, e.reason), (0, event::Reason::NineTerminals));
    assert_eq!(events(&t, EventKind::DealerKept).len(), 1);
    assert_eq!(t.match_state().part.riichi().unwrap().honba, 1);
    t.next_hand().unwrap();
    assert_eq!(t.view(0).riichi.honba, 1);
    // Not after the first go-around, nor once a seat called.
    let mut late = stack(0, [Some("19m19p19s1234z55m6p"), None, None, None], "7z")
        .table(Rules::riichi_tenhou());
    discard(&mut late, 0, "7z");
    assert!(!has(&late, 0, nine));
}

#[test]
fn four_winds_in_the_first_go_around_abort_the_hand() {
    let s = stack(0, [Some("123m456p789s23s5z1z"), None, None, None], "9m");
    let mut w = s.wall();
    // Seats 1, 2 and 3 draw an East each and throw it.
    for k in 0..3 {
        place(&mut w, 53 + k, 27);
    }
    let mut t = table_on(Rules::riichi_tenhou(), 0, &w);
    assert_eq!(&w[53..56], [27, 27, 27], "{:?}", t.view(1).hand);
    discard(&mut t, 0, "1z");
    for seat in 1..4 {
        pass_all(&mut t);
        discard(&mut t, seat, "1z");
    }
    pass_all(&mut t);
    assert_eq!(
        t.result().unwrap().end,
        End::AbortiveDraw(AbortReason::FourWinds)
    );
}

#[test]
fn four_riichi_abort_once_the_fourth_stick_is_placed() {
    let s = Stack {
        draws: "7z7z7z",
        ..stack(
            0,
            [
                Some("123m456p789s23s11z"),
                Some("123m456p789s23s22z"),
                Some("123m406p789s23s33z"),
                Some("123m456p789s23s44z"),
            ],
            "7z",
        )
    };
    let mut t = s.table(Rules::riichi_tenhou());
    for seat in 0..4 {
        pass_all(&mut t);
        t.apply(seat, Action::new(ActionKind::Riichi, NO_TILE))
            .unwrap();
        discard(&mut t, seat, "7z");
    }
    pass_all(&mut t);
    assert_eq!(
        t.result().unwrap().end,
        End::AbortiveDraw(AbortReason::FourRiichi)
    );
    assert_eq!(events(&t, EventKind::RiichiAccepted).len(), 4);
    assert_eq!(sticks(&t), 4, "the sticks stay on the table");
    assert_eq!(t.view(0).riichi.double_riichi, 0b1111);
}

#[test]
fn four_kongs_by_two_seats_abort_when_the_next_discard_passes() {
    let s = Stack {
        draws: "1z",
        rinshan: "2z3z5z6z",
        ..stack(
            0,
            [
                Some("1111m2222m456s78p"),
                Some("3333p4444p567s11z"),
                None,
                None,
            ],
            "9p",
        )
    };
    let mut t = s.table(Rules::riichi_tenhou());
    t.apply(0, Action::new(ActionKind::ConcealedKong, 0))
        .unwrap();
    t.apply(0, Action::new(ActionKind::ConcealedKong, 1))
        .unwrap();
    discard(&mut t, 0, "2z");
    pass_all(&mut t);
    t.apply(1, Action::new(ActionKind::ConcealedKong, 11))
        .unwrap();
    t.apply(1, Action::new(ActionKind::ConcealedKong, 12))
        .unwrap();
    assert_eq!(events(&t, EventKind::Dora).len(), 5);
    // No fifth kong, whatever the hand holds.
    assert!(
        !t.legal_actions(1)
            .as_slice()
            .iter()
            .any(|a| a.kind == ActionKind::ConcealedKong)
    );
    discard(&mut t, 1, "6z");
    pass_all(&mut t);
    assert_eq!(
        t.result().unwrap().end,
        End::AbortiveDraw(AbortReason::FourKongs)
    );
}

/// Three seats each waiting on 7z alone with a pure straight; the dealer throws 7z.
fn triple(rules: Rules) -> Table {
    stack(
        0,
        [
            None,
            Some("123456789m123p7z"),
            Some("123456789p123s7z"),
            Some("123456789s123m7z"),
        ],
        "7z",
    )
    .table(rules)
}

#[test]
fn three_wins_on_one_discard_abort_under_tenhou_and_all_win_under_mahjong_soul() {
    for (rules, abort) in [
        (Rules::riichi_tenhou(), true),
        (Rules::riichi_mahjong_soul(), false),
    ] {
        let mut t = triple(rules);
        discard(&mut t, 0, "7z");
        for s in 1..4 {
            t.apply(s, act(ActionKind::Win, "7z")).unwrap();
        }
        let r = t.result().unwrap();
        if abort {
            assert_eq!(r.end, End::AbortiveDraw(AbortReason::TripleRon));
            assert_eq!(r.points, [0; SEATS]);
        } else {
            assert_eq!((r.end, r.winners), (End::Discard, 0b1110));
            assert!(r.points[1] > 0 && r.points[2] > 0 && r.points[3] > 0);
            assert_eq!(r.points.iter().sum::<i64>(), 0);
        }
    }
}

#[test]
fn two_wins_on_one_discard_give_the_honba_and_sticks_to_the_first_winner() {
    let mut t = triple(Rules::riichi_tenhou());
    // One honba and one stick from an earlier hand.
    if let MatchPart::Riichi(m) = &mut t.state.part {
        m.sticks = 1;
    }
    if let MatchPart::Riichi(m) = &mut t.at_start.part {
        m.honba = 1;
    }
    discard(&mut t, 0, "7z");
    t.apply(1, act(ActionKind::Win, "7z")).unwrap();
    t.apply(2, act(ActionKind::Win, "7z")).unwrap();
    t.apply(3, Action::PASS).unwrap();
    let r = t.result().unwrap();
    let (a, b) = (r.riichi[1].unwrap(), r.riichi[2].unwrap());
    assert_eq!((a.main_bonus, a.sticks_bonus), (300, 1000));
    assert_eq!((b.main_bonus, b.sticks_bonus), (0, 0));
    assert_eq!(r.points[1], i64::from(a.total));
    assert_eq!(r.points[0], -i64::from(a.main + a.main_bonus + b.main));
}

#[test]
fn an_exhaustive_draw_pays_tenpai_and_noten_and_nagashi_replaces_it() {
    // Nobody calls or wins; seat 1 is ready from the deal and stays so (it throws its draws).
    let s = stack(0, [None, Some("123m456p789s23s11z"), None, None], "7z");
    let mut w = s.wall();
    // Seat 1 never draws a wait tile (1s, 4s): move them into the dead wall region's ura slots.
    for (slot, code) in [(122, 18), (124, 18), (126, 21), (128, 21)] {
        let j = (53..122).find(|&j| w[j] == code).unwrap_or(slot);
        w.swap(slot, j);
    }
    let mut t = table_on(Rules::riichi_tenhou(), 0, &w);
    while t.phase() != Phase::Over {
        pass_all(&mut t);
        if t.phase() == Phase::Over {
            break;
        }
        let s = t.pending().trailing_zeros() as usize;
        let legal = t.legal_actions(s);
        // Throw the drawn tile (riichi never declared, no win taken).
        let d = t.view(s).drawn;
        let a = Action::new(ActionKind::Discard, d);
        assert!(legal.contains(&a));
        t.apply(s, a).unwrap();
    }
    let r = t.result().unwrap();
    assert_eq!(r.end, End::ExhaustiveDraw);
    let ready = i64::from(r.tenpai.count_ones());
    assert!(r.tenpai & 0b10 != 0);
    if events(&t, EventKind::Nagashi).is_empty() && ready < 4 {
        assert_eq!(r.points[1], 3000 / ready);
        for s in 0..4 {
            if r.tenpai & (1 << s) == 0 {
                assert_eq!(r.points[s], -3000 / (4 - ready));
            }
        }
    }
    assert_eq!(r.points.iter().sum::<i64>(), 0);
}

#[test]
fn nagashi_mangan_pays_a_mangan_by_self_draw() {
    // Seat 1 draws only terminals and honours and throws them; every other seat throws a simple.
    let s = stack(0, [None, None, None, None], "5m");
    let w = s.wall();
    // Draw k goes to seat (k + 1) % 4 from w[53 + k].
    let pool: Vec<u8> = w[53..].to_vec();
    let is_t = |c: u8| crate::tile::is_terminal_or_honor(usize::from(crate::tile::code_kind(c)));
    let mut t_pool: Vec<u8> = pool.iter().copied().filter(|&c| is_t(c)).collect();
    let mut s_pool: Vec<u8> = pool.iter().copied().filter(|&c| !is_t(c)).collect();
    let mut out = w.clone();
    for k in 0..83 {
        let want_terminal = k < 69 && (k + 1) % 4 == 1;
        let c = if want_terminal {
            t_pool.pop().unwrap()
        } else {
            s_pool.pop().or_else(|| t_pool.pop()).unwrap()
        };
        out[53 + k] = c;
    }
    let mut t = table_on(Rules::riichi_tenhou(), 0, &out);
    while t.phase() != Phase::Over {
        pass_all(&mut t);
        if t.phase() == Phase::Over {
            break;
        }
        let s = t.pending().trailing_zeros() as usize;
        let d = t.view(s).drawn;
        t.apply(s, Action::new(ActionKind::Discard, d)).unwrap();
    }
    let r = t.result().unwrap();
    assert_eq!(r.end, End::ExhaustiveDraw);
    let n = events(&t, EventKind::Nagashi);
    assert_eq!(n.len(), 1);
    assert_eq!(n[0].seat, 1);
    assert_eq!(r.points, [-4000, 8000, -2000, -2000]);
}

#[test]
fn pao_makes_the_seat_that_fed_the_third_dragon_pay_the_yakuman() {
    let s = Stack {
        draws: "6z7z1z1z1z4m",
        ..stack(0, [None, Some("55z66z77z1234m999s"), None, None], "5z")
    };
    for (rules, tenhou) in [
        (Rules::riichi_tenhou(), true),
        (Rules::riichi_mahjong_soul(), false),
    ] {
        let mut t = s.table(rules);
        discard(&mut t, 0, "5z");
        t.apply(1, act(ActionKind::Pung, "5z")).unwrap();
        discard(&mut t, 1, "9s");
        pass_all(&mut t);
        discard(&mut t, 2, "6z");
        t.apply(1, act(ActionKind::Pung, "6z")).unwrap();
        discard(&mut t, 1, "9s");
        pass_all(&mut t);
        discard(&mut t, 2, "7z");
        t.apply(1, act(ActionKind::Pung, "7z")).unwrap();
        discard(&mut t, 1, "9s");
        for _ in 0..3 {
            tsumogiri(&mut t);
        }
        let win = act(ActionKind::Win, "4m");
        assert!(has(&t, 1, win));
        t.apply(1, win).unwrap();
        let r = t.result().unwrap();
        assert!(r.riichi[1].unwrap().yaku[yaku::DAISANGEN] > 0);
        // Both presets: a single yakuman, all of it charged to seat 2.
        assert_eq!(r.points, [0, 32_000, -32_000, 0], "tenhou {tenhou}");
        let pays = events(&t, EventKind::Payment);
        assert_eq!(pays[2].reason, event::Reason::Liable);
    }
}

#[test]
fn thirteen_orphans_rob_a_concealed_kong_where_the_rules_allow_it() {
    let s = stack(
        0,
        [
            Some("1111m456p78s23s55s"),
            Some("99m19p19s1234567z"),
            None,
            None,
        ],
        "9s",
    );
    for (rules, robs) in [
        (Rules::riichi_tenhou(), false),
        (Rules::riichi_mahjong_soul(), true),
    ] {
        let mut t = s.table(rules);
        t.apply(0, Action::with_aux(ActionKind::ConcealedKong, 0, 0))
            .unwrap();
        let ron = act(ActionKind::Win, "1m");
        assert_eq!(has(&t, 1, ron), robs);
        if robs {
            t.apply(1, ron).unwrap();
            pass_all(&mut t);
            let r = t.result().unwrap();
            assert!(r.robbed_kong && r.riichi[1].unwrap().yaku[yaku::KOKUSHI] > 0);
            assert_eq!(t.view(1).meld_counts[0], 0, "the robbed kong is no kong");
            assert_eq!(t.invariant_error(), None);
        }
    }
}

/// A hand result of `end` won by `winners` from `discarder`.
fn result(end: End, winners: u8, discarder: u8, tenpai: u8) -> HandResult {
    HandResult {
        end,
        winners,
        discarder,
        tile: NO_TILE,
        robbed_kong: false,
        points: [0; SEATS],
        tenpai,
        tai: [None; SEATS],
        riichi: [None; SEATS],
    }
}

/// A riichi east-only match at hand `rounds` rounds in with `dealer` dealing and `scores`.
fn east(dealer: u8, rounds: u32, scores: [i64; 4]) -> Table {
    let mr = MatchRules {
        start_score: 25_000,
        end: MatchEnd::WindRounds(1),
        ..MatchRules::endless()
    };
    let mut t = Table::with_match(Rules::riichi_tenhou(), mr, 3).unwrap();
    t.deal(0, dealer, u8::try_from(rounds).unwrap()).unwrap();
    t.state.scores = scores;
    t.state.rounds = rounds;
    t
}

#[test]
fn the_match_follows_renchan_honba_and_the_east_round() {
    // A dealer win: renchan, honba + 1.
    let mut t = east(1, 0, [25_000; 4]);
    let p = t.riichi_progress(&result(End::SelfDraw, 0b10, NO_SEAT, 0));
    assert!(p.keeps && !p.over && p.next_dealer == 1);
    assert_eq!(t.state.part.riichi().unwrap().honba, 1);
    // An exhaustive draw with the dealer not ready: the deal passes, honba + 1.
    let p = t.riichi_progress(&result(End::ExhaustiveDraw, 0, NO_SEAT, 0b01));
    assert!(!p.keeps && p.next_dealer == 2);
    assert_eq!(t.state.part.riichi().unwrap().honba, 2);
    // A non-dealer win: honba back to 0.
    let p = t.riichi_progress(&result(End::Discard, 0b01, 2, 0));
    assert!(!p.keeps);
    assert_eq!(t.state.part.riichi().unwrap().honba, 0);
    // An abortive draw: renchan.
    let p = t.riichi_progress(&result(
        End::AbortiveDraw(AbortReason::FourWinds),
        0,
        NO_SEAT,
        0,
    ));
    assert!(p.keeps);
}

#[test]
fn busting_agari_yame_and_the_extension_end_the_match() {
    // A score below 0 ends the match at once.
    let mut t = east(0, 0, [40_100, 30_000, -100, 30_000]);
    assert!(t.riichi_progress(&result(End::Discard, 1, 2, 0)).over);
    // All-last (seat 3 deals the last hand of East): the dealer wins as first with 30,000+.
    let mut t = east(3, 0, [20_000, 20_000, 20_000, 40_000]);
    assert!(
        t.riichi_progress(&result(End::SelfDraw, 0b1000, NO_SEAT, 0))
            .over
    );
    // ... but not while another seat is ahead.
    let mut t = east(3, 0, [45_000, 20_000, 0, 35_000]);
    assert!(
        !t.riichi_progress(&result(End::SelfDraw, 0b1000, NO_SEAT, 0))
            .over
    );
    // Nobody at 30,000 when East ends: the south extension.
    let mut t = east(3, 0, [25_000, 25_000, 25_000, 25_000]);
    let p = t.riichi_progress(&result(End::Discard, 0b0001, 3, 0));
    assert!(!p.over && p.wind_advanced && p.next_wind == 1 && p.next_dealer == 0);
    // In the extension, the first hand end with a seat at 30,000 ends the match.
    let mut t = east(0, 1, [31_000, 25_000, 25_000, 19_000]);
    assert!(t.riichi_progress(&result(End::Discard, 0b0010, 3, 0)).over);
    // The extension lasts one round at most.
    let mut t = east(3, 1, [25_000; 4]);
    assert!(t.riichi_progress(&result(End::Discard, 0b0001, 3, 0)).over);
}

#[test]
fn the_final_points_count_the_return_uma_oka_and_the_sticks_left() {
    let mut t = east(3, 0, [35_000, 30_000, 20_000, 14_000]);
    if let MatchPart::Riichi(m) = &mut t.state.part {
        m.sticks = 1;
    }
    let p = t.riichi_progress(&result(End::Discard, 0b0001, 3, 0));
    assert!(p.over);
    assert_eq!(
        t.state.scores[0], 36_000,
        "the stick left goes to first place"
    );
    t.state.over = true;
    let r = t.match_result().unwrap();
    assert_eq!(r.ranks, [1, 2, 3, 4]);
    // 36,000 - 30,000 + 20,000 uma + 20,000 oka; the others by their uma.
    assert_eq!(r.points, [46_000, 10_000, -20_000, -36_000]);
    // Equal scores: the seat first in turn order from the first dealer ranks higher.
    t.state.scores = [25_000; 4];
    assert_eq!(t.match_result().unwrap().ranks, [1, 2, 3, 4]);
}
