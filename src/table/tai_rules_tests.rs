//! The Taiwanese rules as the presets' sources write them, each constructed through play on a
//! stacked wall: 過水 until the draw (and the strict lock), the minimum tai (起胡), 天聽 from the
//! deal, 人胡 in the first go-around, 槓上開花 and 不求 beside exposed and added kongs; the win
//! flags a view carries; the rules in snapshots and records.

use super::event::flags;
use super::tai_tests::{codes, table_with, win_flags};
use super::*;
use crate::tai::{Pattern, TaiRules};

fn tai_of(r: &HandResult, seat: usize, p: Pattern) -> u32 {
    r.tai[seat].as_ref().unwrap().tai[p.id()]
}

fn t1(code: &str) -> u8 {
    codes(code)[0]
}

fn discard(t: &mut Table, seat: usize, tile: &str) {
    t.apply(seat, Action::new(ActionKind::Discard, t1(tile)))
        .unwrap();
    assert_eq!(t.invariant_error(), None);
}

/// The pending seat discards the tile it drew.
fn tsumogiri(t: &mut Table) {
    let seat = t.pending().trailing_zeros() as usize;
    let v = t.view(seat);
    assert_eq!(v.phase, Phase::Turn);
    t.apply(seat, Action::new(ActionKind::Discard, v.drawn))
        .unwrap();
}

/// Rules with tai under `tai` and 過水 `pass_lock`.
fn with(tai: TaiRules, pass_lock: PassLock) -> Rules {
    Rules {
        scoring: Scoring::Tai(tai),
        pass_lock,
        ..Rules::taiwan16()
    }
}

/// Seat 1 waits on 7p (and 1p, 4p); the dealer holds nothing it can use or claim.
const WAITER: &str = "123456789m1234567p";
const DEALER: &str = "44455566688899m677z";

/// Seat 2 discards the 7p it drew (seat 1 passes), seat 3 discards another: seat 1 draws the
/// last 7p. Returns the table at each step's end for the caller's checks.
fn pass_then_draw(pass_lock: PassLock) -> Table {
    let p7 = Action::new(ActionKind::Win, t1("7p"));
    let mut t = table_with(
        with(TaiRules::atawmj(), pass_lock),
        [Some(DEALER), Some(WAITER), None, None],
        "1z7p7p2z7p",
        "",
    );
    discard(&mut t, 0, "6z");
    tsumogiri(&mut t); // seat 1: 1z
    tsumogiri(&mut t); // seat 2: 7p
    assert!(t.legal_actions(1).contains(&p7));
    t.apply(1, Action::PASS).unwrap();
    assert_eq!(t.view(1).pass_locked, 1 << t1("7p"));
    tsumogiri(&mut t); // seat 3: 7p, which seat 1 may not win on: nobody is asked
    assert_eq!((t.phase(), t.view(0).actor), (Phase::Turn, 0));
    tsumogiri(&mut t); // the dealer: 2z
    let v = t.view(1);
    assert_eq!((v.phase, v.actor, v.drawn), (Phase::Turn, 1, t1("7p")));
    t
}

#[test]
fn pass_lock_lifts_at_the_draw_and_allows_a_self_draw() {
    let t = pass_then_draw(PassLock::UntilDraw);
    let v = t.view(1);
    assert_eq!(v.pass_locked, 0, "lifted at the draw");
    let win = Action::new(ActionKind::Win, t1("7p"));
    assert!(t.legal_actions(1).contains(&win));
    assert_eq!(legal_actions(&v), t.legal_actions(1));
}

#[test]
fn the_strict_pass_lock_blocks_the_self_draw_until_the_discard() {
    let t = pass_then_draw(PassLock::UntilDiscard);
    let v = t.view(1);
    assert_eq!(v.pass_locked, 1 << t1("7p"));
    let win = Action::new(ActionKind::Win, t1("7p"));
    assert!(!t.legal_actions(1).contains(&win));
    assert_eq!(legal_actions(&v), t.legal_actions(1));
}

#[test]
fn a_passed_self_draw_locks_nothing_until_the_draw() {
    // Seat 1 draws its 7p, declines the self-drawn win and discards: under the default 過水
    // nothing is locked (its own draws are never locked), so it wins on the next 7p discarded.
    let mut t = table_with(
        Rules::taiwan16(),
        [Some(DEALER), Some(WAITER), None, None],
        "7p7p",
        "",
    );
    discard(&mut t, 0, "6z");
    assert!(
        t.legal_actions(1)
            .contains(&Action::new(ActionKind::Win, t1("7p")))
    );
    discard(&mut t, 1, "1p"); // still waiting on 7p
    assert_eq!(t.view(1).pass_locked, 0);
    tsumogiri(&mut t); // seat 2 throws the second 7p
    assert!(
        t.legal_actions(1)
            .contains(&Action::new(ActionKind::Win, t1("7p")))
    );
}

/// `seat`'s tai if it took the win `a` now (on a clone of the table).
fn tai_of_taking(t: &Table, seat: usize, a: Action) -> u32 {
    let mut c = t.clone();
    c.apply(seat, a).unwrap();
    let r = c.result().unwrap();
    r.tai[seat].as_ref().unwrap().winner_tai
}

#[test]
fn minimum_tai_offers_only_wins_that_reach_it() {
    // The dealer discards 7p to seat 1 (a 人胡 in the first go-around), and later seat 1 draws
    // the winning 4p: each win is offered exactly when its tai reach the minimum.
    let p7 = Action::new(ActionKind::Win, t1("7p"));
    for min in [0u32, 1, 16, 17, 18, 30] {
        let mut tr = TaiRules::atawmj();
        tr.min_tai = min;
        let mut t = table_with(
            with(tr, PassLock::Off),
            [Some("44455566m888999p67z7p"), Some(WAITER), None, None],
            "4p",
            "",
        );
        discard(&mut t, 0, "7p");
        let free = table_with(
            with(TaiRules::atawmj(), PassLock::Off),
            [Some("44455566m888999p67z7p"), Some(WAITER), None, None],
            "4p",
            "",
        );
        let mut free = free;
        discard(&mut free, 0, "7p");
        // 人胡 16 (天聽 from the deal and 門清 not beside it); the dealer's tai are not seat 1's.
        let worth = tai_of_taking(&free, 1, p7);
        assert_eq!(worth, 16);
        // Seat 1 may chow the 7p either way; the win is offered at or above the minimum.
        let offered = t.legal_actions(1).contains(&p7);
        assert_eq!(offered, worth >= min, "min {min}");
        assert_eq!(legal_actions(&t.view(1)), t.legal_actions(1));
        t.apply(1, Action::PASS).unwrap();
        // Seat 1 draws 4p before its first discard, nobody having claimed: 地胡 16.
        let v = t.view(1);
        assert_eq!((v.phase, v.drawn), (Phase::Turn, t1("4p")));
        let w4 = Action::new(ActionKind::Win, t1("4p"));
        let worth = tai_of_taking(&free_after_pass(), 1, w4);
        assert_eq!(t.legal_actions(1).contains(&w4), worth >= min, "min {min}");
        assert_eq!(legal_actions(&v), t.legal_actions(1));
    }
}

/// The table of [`minimum_tai_offers_only_wins_that_reach_it`] without a minimum, seat 1 about
/// to win on its drawn 4p.
fn free_after_pass() -> Table {
    let mut t = table_with(
        with(TaiRules::atawmj(), PassLock::Off),
        [Some("44455566m888999p67z7p"), Some(WAITER), None, None],
        "4p",
        "",
    );
    discard(&mut t, 0, "7p");
    t.apply(1, Action::PASS).unwrap();
    t
}

#[test]
fn minimum_tai_agrees_between_table_and_views_in_play() {
    // Bots play under a minimum of 4 tai: every legal list the table gives equals the one the
    // seat's view gives (the view's win flags carry what the tai needs), every win paid
    // reaches the minimum, and some wins the same walls give without a minimum are refused.
    const MIN: u32 = 4;
    let mut tr = TaiRules::common();
    tr.min_tai = MIN;
    let bot = crate::ai::BotConfig::greedy();
    let play = |t: &mut Table, check: bool| {
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let view = t.view(seat);
            if check {
                assert_eq!(legal_actions(&view), t.legal_actions(seat));
            }
            t.apply(seat, crate::ai::decide(&view, &bot)).unwrap();
        }
        t.result().unwrap()
    };
    let (mut wins, mut below) = (0, 0);
    for h in 0..150u32 {
        let mut t = Table::new(with(tr, PassLock::UntilDraw), 5).unwrap();
        t.deal(h, (h % 4) as u8, 0).unwrap();
        for sc in play(&mut t, true).tai.iter().flatten() {
            assert!(sc.winner_tai >= MIN && sc.qualifies());
            wins += 1;
        }
        let mut free = Table::new(with(TaiRules::common(), PassLock::UntilDraw), 5).unwrap();
        free.deal(h, (h % 4) as u8, 0).unwrap();
        let r = play(&mut free, false);
        below += r
            .tai
            .iter()
            .flatten()
            .filter(|s| s.winner_tai < MIN)
            .count();
    }
    assert!(wins > 15 && below > 10, "{wins} {below}");
}

#[test]
fn heavenly_ready_from_the_deal_and_the_dealer_s_per_preset() {
    // Seat 1 is dealt a ready hand and wins on its own draw after two go-arounds.
    for (rules, heavenly, earthly) in [(Rules::taiwan16(), 8, 0), (Rules::taiwan16_common(), 0, 4)]
    {
        let mut t = table_with(
            rules,
            [Some(DEALER), Some(WAITER), None, None],
            "1z2z3z4z4p",
            "",
        );
        discard(&mut t, 0, "6z");
        for _ in 0..4 {
            tsumogiri(&mut t);
        }
        let v = t.view(1);
        assert_eq!(v.drawn, t1("4p"));
        assert_eq!(
            v.win_flags,
            flags::READY_FIRST_DISCARD | flags::READY_FROM_DEAL
        );
        t.apply(1, Action::new(ActionKind::Win, t1("4p"))).unwrap();
        let r = t.result().unwrap();
        assert_ne!(win_flags(&t, 1) & flags::READY_FROM_DEAL, 0);
        assert_eq!(tai_of(&r, 1, Pattern::HeavenlyReady), heavenly);
        assert_eq!(tai_of(&r, 1, Pattern::EarthlyReady), earthly);
    }
    // A seat that changes its dealt hand loses it (ATAWMJ: 地聽 from its first discard only).
    let mut t = table_with(
        Rules::taiwan16(),
        [Some(DEALER), Some("123456789m1234567p"), None, None],
        "7m1z2z3z4z4p",
        "",
    );
    discard(&mut t, 0, "6z");
    discard(&mut t, 1, "1m"); // keeps 7m: 23456789m77m1234567p... still ready, hand changed
    assert_eq!(t.view(1).win_flags & flags::READY_FROM_DEAL, 0);
}

#[test]
fn human_win_in_the_first_go_around_for_the_dealer() {
    // The dealer discards its 17th tile and waits on 1p / 4p / 7p; seat 1 throws the 4p it
    // draws: the dealer's win is 人胡 (ATAWMJ 16, common 8), not under the old reading.
    let old = TaiRules {
        human_win_first_go_around: 0,
        ..TaiRules::atawmj()
    };
    for (tai, human) in [(TaiRules::atawmj(), 16), (TaiRules::common(), 8), (old, 0)] {
        let mut t = table_with(
            with(tai, PassLock::UntilDraw),
            [Some("123456789m1234567p7z"), None, None, None],
            "4p",
            "",
        );
        discard(&mut t, 0, "7z");
        tsumogiri(&mut t); // seat 1: 4p
        t.apply(0, Action::new(ActionKind::Win, t1("4p"))).unwrap();
        let r = t.result().unwrap();
        assert_eq!((r.end, r.winners, r.discarder), (End::Discard, 1, 1));
        let f = win_flags(&t, 0);
        assert_ne!(f & flags::FIRST_GO_AROUND, 0);
        assert_eq!(f & flags::FIRST_TURN, 0);
        assert_eq!(tai_of(&r, 0, Pattern::HumanWin), human);
        // The old reading counts the dealer's readiness from its first discard: 天聽.
        assert_eq!(
            tai_of(&r, 0, Pattern::HeavenlyReady),
            if human == 0 { 8 } else { 0 }
        );
    }
}

#[test]
fn no_first_go_around_after_a_seat_discards_twice() {
    let mut t = table_with(
        Rules::taiwan16(),
        [Some("123456789m1234567p7z"), None, None, None],
        "1z2z3z5z4p",
        "",
    );
    discard(&mut t, 0, "7z");
    for _ in 0..4 {
        tsumogiri(&mut t); // seats 1, 2, 3 and the dealer (5z)
    }
    tsumogiri(&mut t); // seat 1's second discard: 4p
    t.apply(0, Action::new(ActionKind::Win, t1("4p"))).unwrap();
    let r = t.result().unwrap();
    assert_eq!(win_flags(&t, 0) & flags::FIRST_GO_AROUND, 0);
    assert_eq!(tai_of(&r, 0, Pattern::HumanWin), 0);
}

/// Seat 1 declares a kong of 1p, exposed from the dealer's discard or added to the pung it
/// claimed, and wins on the replacement 4s. Returns the result and seat 1's Win flags.
fn kong_and_replacement(rules: Rules, added: bool) -> (HandResult, u32) {
    let dealer = "44455566m888999p67z1p";
    let mut t = if added {
        let mut t = table_with(
            rules,
            [Some(dealer), Some("11p123456789m2355s7z"), None, None],
            "1z2z3z1p",
            "4s",
        );
        discard(&mut t, 0, "1p");
        t.apply(1, Action::new(ActionKind::Pung, t1("1p"))).unwrap();
        discard(&mut t, 1, "7z");
        for _ in 0..3 {
            tsumogiri(&mut t);
        }
        t.apply(1, Action::new(ActionKind::AddedKong, t1("1p")))
            .unwrap();
        t
    } else {
        let mut t = table_with(
            rules,
            [Some(dealer), Some("111p123456789m2355s"), None, None],
            "",
            "4s",
        );
        discard(&mut t, 0, "1p");
        t.apply(1, Action::new(ActionKind::ExposedKong, t1("1p")))
            .unwrap();
        t
    };
    let v = t.view(1);
    assert_eq!(v.drawn, t1("4s"));
    assert_ne!(v.win_flags & flags::REPLACEMENT, 0);
    assert_eq!(v.win_flags & flags::AFTER_EXPOSED_KONG != 0, !added);
    t.apply(1, Action::new(ActionKind::Win, t1("4s"))).unwrap();
    (t.result().unwrap(), win_flags(&t, 1))
}

#[test]
fn replacement_win_and_concealed_self_drawn_beside_kongs_per_preset() {
    // (preset, added kong, 槓上開花, 不求 / 門清自摸)
    for (rules, added, replacement, unclaimed) in [
        (Rules::taiwan16(), false, 0, 1),
        (Rules::taiwan16_common(), false, 1, 0),
        (Rules::taiwan16(), true, 1, 0),
        (Rules::taiwan16_common(), true, 1, 0),
    ] {
        let (r, f) = kong_and_replacement(rules, added);
        assert_eq!((r.end, r.winners), (End::SelfDraw, 2));
        assert_ne!(f & flags::REPLACEMENT, 0);
        assert_eq!(f & flags::AFTER_EXPOSED_KONG != 0, !added);
        assert_eq!(
            tai_of(&r, 1, Pattern::ReplacementWin),
            replacement,
            "{added}"
        );
        assert_eq!(
            tai_of(&r, 1, Pattern::ConcealedSelfDrawn),
            unclaimed,
            "{added}"
        );
        assert_eq!(tai_of(&r, 1, Pattern::Concealed), 0);
        assert_eq!(tai_of(&r, 1, Pattern::SelfDrawn), 1);
    }
}

#[test]
fn snapshots_and_records_carry_the_new_rules() {
    let mut tr = TaiRules::atawmj();
    tr.min_tai = 2;
    let flipped = tr.switches().map(|b| !b);
    tr.set_switches(flipped);
    tr.values[Pattern::SevenPairsAndPung.id()] = 6;
    for pass_lock in [PassLock::Off, PassLock::UntilDraw, PassLock::UntilDiscard] {
        let rules = with(tr, pass_lock);
        let mut t = Table::new(rules, 9).unwrap();
        for _ in 0..2 {
            while t.phase() != Phase::Over {
                let seat = t.pending().trailing_zeros() as usize;
                let a = super::tai_tests::eager(&t.legal_actions(seat));
                t.apply(seat, a).unwrap();
            }
            t.next_hand().unwrap();
        }
        let back = Table::load(&t.save()).unwrap();
        assert_eq!(back.rules(), &rules);
        assert!(back == t);
        let mut rec = record::Recorder::new(&t);
        rec.update(&t).unwrap();
        let read = record::read(rec.as_str()).unwrap();
        assert_eq!(read.rules(), &rules);
    }
}
