//! Tai at the table, through play: payments as the tai engine says, the win facts the table
//! supplies, 連莊, the flower actions, 嚦咕嚦咕 and 過水.

use super::event::flags;
use super::*;
use crate::tai::Pattern;

/// A bot that always wins when it can, else claims, else discards its last legal tile.
pub(super) fn eager(legal: &Actions) -> Action {
    let order = [
        ActionKind::Win,
        ActionKind::ExposedKong,
        ActionKind::ConcealedKong,
        ActionKind::AddedKong,
        ActionKind::Pung,
        ActionKind::Chow,
    ];
    for k in order {
        if let Some(a) = legal.as_slice().iter().find(|a| a.kind == k) {
            return *a;
        }
    }
    *legal
        .as_slice()
        .iter()
        .rev()
        .find(|a| a.kind == ActionKind::Discard)
        .unwrap_or(&Action::PASS)
}

/// Plays the current hand out with [`eager`].
fn play_out(t: &mut Table) {
    while t.phase() != Phase::Over {
        let seat = t.pending().trailing_zeros() as usize;
        let a = eager(&t.legal_actions(seat));
        t.apply(seat, a).unwrap();
    }
}

/// What `payer` owes `winner` for `sc` under `tr`, from the definition (base + tai × price,
/// the dealer's tai only when the dealer pays or wins).
fn owed(
    tr: &crate::tai::TaiRules,
    sc: &crate::tai::TaiScore,
    winner: u8,
    payer: u8,
    dealer: u8,
) -> i64 {
    let mut tai = i64::from(sc.hand_tai);
    if winner == dealer || payer == dealer {
        tai += i64::from(sc.dealer_tai);
    }
    i64::from(tr.base) + tai * i64::from(tr.price)
}

#[test]
fn tai_payments_follow_the_definition_for_every_winner() {
    let mut counted = [0u32; 3];
    let mut several = 0;
    for preset in [Rules::taiwan16(), Rules::taiwan16_common()] {
        let mut rules = preset;
        rules.multi_win = MultiWin::All;
        let Scoring::Tai(tr) = rules.scoring else {
            unreachable!()
        };
        for h in 0..300u32 {
            let mut t = Table::new(rules, 11).unwrap();
            t.deal(h, (h % 4) as u8, (h / 4 % 4) as u8).unwrap();
            play_out(&mut t);
            let r = t.result().unwrap();
            counted[r.end.code() as usize] += 1;
            let dealer = t.view(0).dealer;
            let mut want = [0i64; SEATS];
            for w in 0..SEATS {
                let won = r.winners & (1 << w) != 0;
                assert_eq!(r.tai[w].is_some(), won);
                let Some(sc) = &r.tai[w] else { continue };
                let payers: Vec<u8> = match r.end {
                    End::SelfDraw => (0..4).filter(|&s| s != w as u8).collect(),
                    _ => vec![r.discarder],
                };
                for p in payers {
                    let v = owed(&tr, sc, w as u8, p, dealer);
                    want[w] += v;
                    want[usize::from(p)] -= v;
                }
                // The Win event carries the winner's total tai.
                let e = t
                    .log()
                    .iter()
                    .find(|e| e.kind == EventKind::Win && usize::from(e.seat) == w)
                    .unwrap();
                assert_eq!(e.value, i64::from(sc.total));
                assert_eq!(sc.total, sc.breakdown().map(|(_, v)| v).sum::<u32>());
            }
            several += u32::from(r.winners.count_ones() > 1);
            assert_eq!(r.points.map(i64::from), want, "hand {h}: {r:?}");
            if r.end == End::ExhaustiveDraw {
                assert_eq!(r.points, [0; SEATS]);
            }
        }
    }
    assert!(counted.iter().all(|&c| c > 0), "{counted:?}");
    assert!(several > 0, "no hand with several winners");
}

#[test]
fn thesis_rules_keep_the_thesis_points() {
    let mut t = Table::new(Rules::thesis(), 3).unwrap();
    for h in 0..40 {
        t.deal(h, 0, 0).unwrap();
        play_out(&mut t);
        let r = t.result().unwrap();
        assert_eq!(r.tai, [None; SEATS]);
        match r.end {
            End::SelfDraw => assert_eq!(r.points.iter().filter(|&&p| p == -1).count(), 3),
            End::Discard => assert_eq!(r.points[usize::from(r.discarder)], -1),
            End::ExhaustiveDraw => assert_eq!(r.points, [0; SEATS]),
            End::AbortiveDraw(_) => unreachable!("no abortive draw in Taiwanese play"),
        }
    }
}

#[test]
fn tai_is_refused_on_a_thirteen_tile_table() {
    let mut r = Rules::thirteen();
    r.scoring = Scoring::tai_atawmj();
    assert_eq!(Table::new(r, 1).err(), Some(crate::Error::InvalidArgument));
    assert!(
        Rules::preset(Variant::Taiwan16)
            .scoring
            .accepts(Pattern::EightFlowers)
    );
    assert!(!Rules::thesis().scoring.accepts(Pattern::EightFlowers));
    let _ = flags::ALL;
}

#[test]
fn snapshots_and_records_carry_the_tai_rules() {
    let mut tr = crate::tai::TaiRules::common();
    tr.values[Pattern::SevenPairsAndPung.id()] = 5;
    tr.price = 7;
    tr.all_chows_no_honors = 0;
    let rules = Rules {
        scoring: Scoring::Tai(tr),
        pass_lock: PassLock::Off,
        ..Rules::taiwan16()
    };
    let mut t = Table::new(rules, 21).unwrap();
    for _ in 0..3 {
        play_out(&mut t);
        t.next_hand().unwrap();
    }
    let back = Table::load(&t.save()).unwrap();
    assert_eq!(back.rules(), &rules);
    assert!(back == t);
    let mut rec = record::Recorder::new(&t);
    rec.update(&t).unwrap();
    play_out(&mut t);
    rec.update(&t).unwrap();
    let read = record::read(rec.as_str()).unwrap();
    assert_eq!(read.rules(), &rules);
    assert_eq!(read.result(), t.result());
}

#[test]
fn consecutive_deals_grow_reset_and_are_paid() {
    let mut t = Table::new(Rules::taiwan16(), 4).unwrap();
    let tr = crate::tai::TaiRules::atawmj();
    let (mut kept, mut passed, mut paid) = (0, 0, 0);
    let mut want = 0u32;
    for _ in 0..300 {
        let v = t.view(0);
        assert_eq!(v.consecutive, want);
        play_out(&mut t);
        let r = t.result().unwrap();
        for sc in r.tai.iter().flatten() {
            let n = v.consecutive;
            let dealer_in = sc.dealer_tai > 0;
            if dealer_in {
                assert_eq!(
                    sc.tai[Pattern::Dealer.id()],
                    u32::from(tr.value(Pattern::Dealer))
                );
                assert_eq!(
                    sc.tai[Pattern::ConsecutiveDeal.id()],
                    u32::from(tr.value(Pattern::ConsecutiveDeal)) * n
                );
                assert_eq!(
                    sc.tai[Pattern::DealerPull.id()],
                    u32::from(tr.value(Pattern::DealerPull)) * n
                );
                paid += u32::from(n > 0);
            }
        }
        // Taiwanese rule (the match default): the dealer keeps the deal on its win or a draw.
        let dealer_won = r.winners & (1 << v.dealer) != 0;
        if dealer_won || r.end == End::ExhaustiveDraw {
            want += 1;
            kept += 1;
        } else {
            want = 0;
            passed += 1;
        }
        assert_eq!(t.match_state().consecutive, want);
        t.next_hand().unwrap();
        assert_eq!(t.view(2).consecutive, want);
        assert_eq!(t.view(0).dealer == v.dealer, want > 0);
    }
    assert!(kept > 0 && passed > 0 && paid > 0, "{kept} {passed} {paid}");
    // A free deal is its dealer's first.
    t.deal(0, 1, 0).unwrap();
    assert_eq!(t.view(0).consecutive, 0);
}

// ---- constructed positions (a stacked wall), played through the referee ----

/// Wall codes of a notation: tiles `123m`, `45p`, `6s`, `7z`; flowers `1f`..`8f` (flower f - 1).
pub(super) fn codes(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut digits = Vec::new();
    for ch in s.chars() {
        if let Some(d) = ch.to_digit(10) {
            digits.push(d as u8);
            continue;
        }
        let base = match ch {
            'm' => 0,
            'p' => 9,
            's' => 18,
            'z' => 27,
            'f' => super::event::FLOWER_CODE_BASE,
            _ => panic!("bad notation {s}"),
        };
        out.extend(digits.drain(..).map(|d| base + d - 1));
    }
    assert!(digits.is_empty(), "bad notation {s}");
    out
}

/// A 144-tile wall that deals `hands` (seat order; the dealer's has 17 codes, the others 16;
/// `None`: a filler hand of one 1s..9s and one of each honour), then draws `front` from the
/// front, and `back` from the back (replacements); the rest in kind order.
pub(super) fn stacked(
    dealer: u8,
    hands: [Option<&str>; SEATS],
    front: &str,
    back: &str,
) -> [u8; 144] {
    let mut pool = [4u8; 42];
    pool[34..].fill(1);
    let filler: Vec<u8> = (18..34).collect();
    let hands: Vec<Vec<u8>> = hands
        .iter()
        .map(|h| h.map_or_else(|| filler.clone(), codes))
        .collect();
    let mut wall = [NO_TILE; 144];
    let mut put = |slot: usize, code: u8, pool: &mut [u8; 42]| {
        assert!(pool[usize::from(code)] > 0, "a fifth copy of code {code}");
        pool[usize::from(code)] -= 1;
        wall[slot] = code;
    };
    let d = usize::from(dealer);
    for (s, h) in hands.iter().enumerate() {
        assert_eq!(h.len(), if s == d { 17 } else { 16 }, "hand of seat {s}");
    }
    for i in 0..64 {
        let seat = (d + i % 4) % 4;
        put(i, hands[seat][i / 4], &mut pool);
    }
    put(64, hands[d][16], &mut pool);
    for (k, c) in codes(front).into_iter().enumerate() {
        put(65 + k, c, &mut pool);
    }
    for (k, c) in codes(back).into_iter().enumerate() {
        put(143 - k, c, &mut pool);
    }
    let mut rest =
        (0..42u8).flat_map(|c| std::iter::repeat_n(c, usize::from(pool[usize::from(c)])));
    for w in wall.iter_mut().filter(|w| **w == NO_TILE) {
        *w = rest.next().unwrap();
    }
    wall
}

/// A table with `rules` dealt from [`stacked`] with seat 0 as dealer.
pub(super) fn table_with(
    rules: Rules,
    hands: [Option<&str>; SEATS],
    front: &str,
    back: &str,
) -> Table {
    // The scenarios name the seats that answer a claim window: those that can claim.
    let rules = Rules {
        claim_window: ClaimWindow::Claimants,
        ..rules
    };
    let mut t = Table::new(rules, 1).unwrap();
    t.deal_stacked(0, &stacked(0, hands, front, back));
    assert_eq!(t.invariant_error(), None);
    t
}

/// Plays until the hand ends: `target` wins whenever it may; every claim is passed; a seat in
/// its turn discards the tile it drew (else its first legal discard). Returns the result.
pub(super) fn drive(t: &mut Table, target: usize) -> HandResult {
    while t.phase() != Phase::Over {
        let seat = t.pending().trailing_zeros() as usize;
        let legal = t.legal_actions(seat);
        let win = legal
            .as_slice()
            .iter()
            .find(|a| matches!(a.kind, ActionKind::Win));
        let a = match win {
            Some(w) if seat == target => *w,
            _ if t.phase() == Phase::Claim => Action::PASS,
            _ => {
                let v = t.view(seat);
                let own = Action::new(ActionKind::Discard, v.drawn);
                if legal.contains(&own) {
                    own
                } else {
                    *legal
                        .as_slice()
                        .iter()
                        .find(|a| a.kind == ActionKind::Discard)
                        .unwrap()
                }
            }
        };
        t.apply(seat, a).unwrap();
        assert_eq!(t.invariant_error(), None);
    }
    t.result().unwrap()
}

/// The flags of `seat`'s Win event.
pub(super) fn win_flags(t: &Table, seat: usize) -> u32 {
    t.log()
        .iter()
        .find(|e| e.kind == EventKind::Win && usize::from(e.seat) == seat)
        .map(|e| e.flags)
        .unwrap()
}

fn tai_of(r: &HandResult, seat: usize, p: Pattern) -> u32 {
    r.tai[seat].as_ref().unwrap().tai[p.id()]
}

#[test]
fn heavenly_win_is_a_first_turn_self_draw_of_the_dealer() {
    let mut t = table_with(
        Rules::taiwan16(),
        [Some("123456789m12345677p"), None, None, None],
        "",
        "",
    );
    let r = drive(&mut t, 0);
    assert_eq!((r.end, r.winners), (End::SelfDraw, 1));
    assert_ne!(win_flags(&t, 0) & flags::FIRST_TURN, 0);
    assert_eq!(tai_of(&r, 0, Pattern::HeavenlyWin), 24);
    // The pattern is logged with its tai, and the Win event names the total.
    assert!(t.log().iter().any(|e| e.kind == EventKind::Tai
        && usize::from(e.tile) == Pattern::HeavenlyWin.id()
        && e.value == 24));
}

#[test]
fn earthly_and_human_wins_need_the_first_turn_and_no_claim() {
    // Seat 1 waits on 4p or 7p; the dealer holds 7p as its 17th tile.
    let seat1 = "123456789m1234567p";
    // 人胡: the dealer's first discard is 7p (its 17th tile), seat 1 wins on it.
    let mut t = table_with(
        Rules::taiwan16(),
        [Some("44455566m888999p67z7p"), Some(seat1), None, None],
        "",
        "",
    );
    t.apply(0, Action::new(ActionKind::Discard, codes("7p")[0]))
        .unwrap();
    let r = drive(&mut t, 1);
    assert_eq!((r.end, r.winners, r.discarder), (End::Discard, 2, 0));
    assert_ne!(win_flags(&t, 1) & flags::FIRST_TURN, 0);
    assert_eq!(tai_of(&r, 1, Pattern::HumanWin), 16);
    // 地胡: the dealer discards 6z, seat 1 draws 7p.
    let mut t = table_with(
        Rules::taiwan16(),
        [Some("44455566m888999p67z7p"), Some(seat1), None, None],
        "7p",
        "",
    );
    t.apply(0, Action::new(ActionKind::Discard, codes("6z")[0]))
        .unwrap();
    let r = drive(&mut t, 1);
    assert_eq!((r.end, r.winners), (End::SelfDraw, 2));
    assert_ne!(win_flags(&t, 1) & flags::FIRST_TURN, 0);
    assert_eq!(tai_of(&r, 1, Pattern::EarthlyWin), 16);
    // After a claim (seat 2 pungs the dealer's 5z) the same draw is no first-turn win.
    let mut t = table_with(
        Rules::taiwan16(),
        [
            Some("44455566m888999p67z5z"),
            Some(seat1),
            Some("55z123456789s12346z"),
            None,
        ],
        "7p",
        "",
    );
    t.apply(0, Action::new(ActionKind::Discard, codes("5z")[0]))
        .unwrap();
    t.apply(2, Action::new(ActionKind::Pung, codes("5z")[0]))
        .unwrap();
    // Seat 2 discards, seat 3 draws 7p and discards it: seat 1 wins before its first discard,
    // but after a claim.
    let r = drive(&mut t, 1);
    assert_eq!((r.end, r.winners, r.discarder), (End::Discard, 2, 3));
    assert_eq!(win_flags(&t, 1) & flags::FIRST_TURN, 0);
    assert_eq!(tai_of(&r, 1, Pattern::HumanWin), 0);
}

/// Applies [`drive`]'s choice for the pending seat once.
fn step(t: &mut Table, target: usize) {
    let seat = t.pending().trailing_zeros() as usize;
    let legal = t.legal_actions(seat);
    let a = match legal.as_slice().iter().find(|a| a.kind == ActionKind::Win) {
        Some(w) if seat == target => *w,
        _ if t.phase() == Phase::Claim => Action::PASS,
        _ => {
            let own = Action::new(ActionKind::Discard, t.view(seat).drawn);
            if legal.contains(&own) {
                own
            } else {
                *legal
                    .as_slice()
                    .iter()
                    .find(|a| a.kind == ActionKind::Discard)
                    .unwrap()
            }
        }
    };
    t.apply(seat, a).unwrap();
}

/// Steps until it is `seat`'s turn with `drawn` just drawn.
fn until_draw(t: &mut Table, seat: usize, drawn: u8) {
    for _ in 0..200 {
        let v = t.view(seat);
        if v.phase == Phase::Turn && usize::from(v.actor) == seat && v.drawn == drawn {
            return;
        }
        step(t, usize::MAX);
    }
    panic!("seat {seat} never drew {drawn}");
}

const DEALER: &str = "44455566m888999p67z7p";

#[test]
fn replacement_after_a_flower_flowers_by_number_and_earthly_ready() {
    // Seat 1 (South) is dealt 6f (蘭, South's) and replaces it with 7p: ready on 4p / 7p from
    // its first discard (9s, drawn). It later draws 2f (夏, South's) and wins on the replacement.
    let mut t = table_with(
        Rules::taiwan16(),
        [Some(DEALER), Some("123456789m123456p6f"), None, None],
        "9123s2f",
        "7p4p",
    );
    t.apply(0, Action::new(ActionKind::Discard, codes("6z")[0]))
        .unwrap();
    let r = drive(&mut t, 1);
    assert_eq!(
        (r.end, r.winners, r.tile),
        (End::SelfDraw, 2, codes("4p")[0])
    );
    let f = win_flags(&t, 1);
    assert_ne!(f & flags::REPLACEMENT, 0);
    assert_ne!(f & flags::READY_FIRST_DISCARD, 0);
    assert_eq!(f & flags::FIRST_TURN, 0);
    assert_eq!(t.view(0).flowers[1], (1 << 1) | (1 << 5));
    assert_eq!(tai_of(&r, 1, Pattern::ReplacementWin), 1);
    assert_eq!(tai_of(&r, 1, Pattern::SeatFlower), 2);
    // Its hand was ready as dealt (after the flower's replacement): 天聽 under ATAWMJ, which
    // counts it from the deal (配牌即聽牌), and not 地聽 beside it.
    assert_ne!(f & flags::READY_FROM_DEAL, 0);
    assert_eq!(tai_of(&r, 1, Pattern::HeavenlyReady), 8);
    assert_eq!(tai_of(&r, 1, Pattern::EarthlyReady), 0);
    // The common preset's 天聽 is the dealer's: 地聽 for seat 1.
    let mut t = table_with(
        Rules::taiwan16_common(),
        [Some(DEALER), Some("123456789m123456p6f"), None, None],
        "9123s2f",
        "7p4p",
    );
    t.apply(0, Action::new(ActionKind::Discard, codes("6z")[0]))
        .unwrap();
    let r = drive(&mut t, 1);
    assert_eq!(tai_of(&r, 1, Pattern::EarthlyReady), 4);
    assert_eq!(tai_of(&r, 1, Pattern::HeavenlyReady), 0);
    // A seat that changes its hand after its first discard is no longer ready from it: seat 1
    // discards a tile from its hand (1m) instead of the drawn 9s... and is then not ready.
    let mut t = table_with(
        Rules::taiwan16(),
        [Some(DEALER), Some("123456789m123456p6f"), None, None],
        "9123s2f",
        "7p4p",
    );
    t.apply(0, Action::new(ActionKind::Discard, codes("6z")[0]))
        .unwrap();
    until_draw(&mut t, 1, codes("9s")[0]);
    assert!(t.taiwan().ready_first == [false; SEATS]);
    t.apply(1, Action::new(ActionKind::Discard, codes("9s")[0]))
        .unwrap();
    assert!(t.taiwan().ready_first[1]);
    let r = drive(&mut t, 1);
    assert_ne!(win_flags(&t, 1) & flags::READY_FIRST_DISCARD, 0);
    assert_eq!(r.winners, 2);
}

#[test]
fn heavenly_ready_holds_until_the_hand_changes() {
    // The dealer discards 7z (not its 17th tile) and is ready on 6z / 7p... : 天聽.
    // The dealer discards 1m (not its 17th tile, 7p) and is ready on 7p: 天聽.
    let hand = "444555666m888999p7p1m";
    for change in [false, true] {
        let mut t = table_with(
            Rules::taiwan16(),
            [Some(hand), None, None, None],
            "2222m7p",
            "",
        );
        t.apply(0, Action::new(ActionKind::Discard, codes("1m")[0]))
            .unwrap();
        assert!(t.taiwan().ready_first[0]);
        until_draw(&mut t, 0, codes("2m")[0]);
        if change {
            // It keeps the drawn 2m and discards 4m: its hand changed.
            t.apply(0, Action::new(ActionKind::Discard, codes("4m")[0]))
                .unwrap();
            assert!(!t.taiwan().ready_first[0]);
        } else {
            t.apply(0, Action::new(ActionKind::Discard, codes("2m")[0]))
                .unwrap();
            assert!(t.taiwan().ready_first[0]);
            // It wins on the next 7p (seat 1 draws and discards it), with 天聽.
            let r = drive(&mut t, 0);
            assert_eq!((r.end, r.winners, r.discarder), (End::Discard, 1, 1));
            assert_ne!(win_flags(&t, 0) & flags::READY_FIRST_DISCARD, 0);
            assert_eq!(tai_of(&r, 0, Pattern::HeavenlyReady), 8);
        }
    }
}

#[test]
fn replacement_after_a_kong() {
    // Seat 1 discards its first draw, draws 4p, declares a concealed kong of 1m and wins on the
    // replacement 2p.
    let mut t = table_with(
        Rules::taiwan16(),
        [Some(DEALER), Some("1111m234567m555p11p3p"), None, None],
        "9123s4p",
        "2p",
    );
    t.apply(0, Action::new(ActionKind::Discard, codes("6z")[0]))
        .unwrap();
    until_draw(&mut t, 1, codes("4p")[0]);
    t.apply(1, Action::new(ActionKind::ConcealedKong, 0))
        .unwrap();
    let r = drive(&mut t, 1);
    assert_eq!(
        (r.end, r.winners, r.tile),
        (End::SelfDraw, 2, codes("2p")[0])
    );
    assert_ne!(win_flags(&t, 1) & flags::REPLACEMENT, 0);
    assert_eq!(tai_of(&r, 1, Pattern::ReplacementWin), 1);
}

#[test]
fn every_win_fact_reaches_its_pattern_in_play() {
    let tr = crate::tai::TaiRules::atawmj();
    let mut seen = [0u32; 6];
    for seed in 0..40u64 {
        let mut t = Table::new(Rules::taiwan16(), seed).unwrap();
        for h in 0..50u32 {
            t.deal(h, (h % 4) as u8, 0).unwrap();
            play_out(&mut t);
            let r = t.result().unwrap();
            for s in 0..SEATS {
                let Some(sc) = &r.tai[s] else { continue };
                let f = win_flags(&t, s);
                let own = r.end == End::SelfDraw;
                let first = f & flags::FIRST_TURN != 0;
                if f & flags::LAST_TILE != 0 {
                    let p = if own {
                        Pattern::LastTileDraw
                    } else {
                        Pattern::LastDiscard
                    };
                    assert_eq!(sc.tai[p.id()], u32::from(tr.value(p)));
                    seen[usize::from(own)] += 1;
                }
                if f & flags::ROBBED_KONG != 0 {
                    assert!(r.robbed_kong);
                    assert_eq!(
                        sc.tai[Pattern::RobbingKong.id()],
                        u32::from(tr.value(Pattern::RobbingKong))
                    );
                    seen[2] += 1;
                }
                // ATAWMJ: no 槓上開花 on the replacement after an exposed kong.
                let exposed = f & flags::AFTER_EXPOSED_KONG != 0;
                if own && f & flags::REPLACEMENT != 0 && !first {
                    assert_eq!(sc.tai[Pattern::ReplacementWin.id()], u32::from(!exposed));
                    seen[3] += 1;
                }
                let dealer = t.view(0).dealer as usize;
                let wind = (s + SEATS - dealer) % SEATS;
                let fl = t.view(0).flowers[s];
                let own_flowers = (fl >> wind & 1) + (fl >> (wind + 4) & 1);
                if fl != 0xFF {
                    assert_eq!(sc.tai[Pattern::SeatFlower.id()], u32::from(own_flowers));
                }
                seen[4] += u32::from(own_flowers > 0);
                // 人胡 implies the readiness (not counted beside it); ATAWMJ's 天聽 is any
                // seat's readiness from the deal.
                let human = sc.tai[Pattern::HumanWin.id()] != 0;
                if f & flags::READY_FIRST_DISCARD != 0 && !human {
                    let p = if s == dealer || f & flags::READY_FROM_DEAL != 0 {
                        Pattern::HeavenlyReady
                    } else {
                        Pattern::EarthlyReady
                    };
                    assert_eq!(sc.tai[p.id()], u32::from(tr.value(p)));
                    seen[5] += 1;
                }
            }
        }
    }
    // Robbing a kong is constructed below (eager players never leave a wait on it).
    seen[2] = 1;
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn robbing_a_kong() {
    // Seat 2 pungs the dealer's 5p (seat 1, waiting on 2p / 5p, passes), later draws the
    // fourth 5p and adds it: seat 1 robs the kong.
    let mut t = table_with(
        Rules::taiwan16(),
        [
            Some("44455566m888999p67z5p"),
            Some("123456789m1177734p"),
            Some("55p123456789s12345z"),
            None,
        ],
        "123s5p",
        "",
    );
    let p5 = codes("5p")[0];
    t.apply(0, Action::new(ActionKind::Discard, p5)).unwrap();
    t.apply(1, Action::PASS).unwrap();
    t.apply(2, Action::new(ActionKind::Pung, p5)).unwrap();
    until_draw(&mut t, 2, p5);
    t.apply(2, Action::new(ActionKind::AddedKong, p5)).unwrap();
    t.apply(1, Action::new(ActionKind::Win, p5)).unwrap();
    let r = t.result().unwrap();
    assert_eq!(
        (r.end, r.winners, r.discarder, r.robbed_kong),
        (End::Discard, 2, 2, true)
    );
    assert_ne!(win_flags(&t, 1) & flags::ROBBED_KONG, 0);
    assert_eq!(tai_of(&r, 1, Pattern::RobbingKong), 1);
    assert!(r.points[2] < 0 && r.points[0] == 0 && r.points[3] == 0);
}

// ---- flower wins, 嚦咕嚦咕, 過水 ----

fn flower(n: u8) -> u8 {
    super::event::FLOWER_CODE_BASE + n - 1
}

#[test]
fn eight_flowers_is_offered_when_the_eighth_is_set_aside() {
    for take in [true, false] {
        // Seat 1 is dealt seven flowers; its first draw is the eighth.
        let mut t = table_with(
            Rules::taiwan16(),
            [Some(DEALER), Some("123456789m1234567f"), None, None],
            "8f",
            "",
        );
        assert_eq!(t.phase(), Phase::Turn);
        t.apply(0, Action::new(ActionKind::Discard, codes("6z")[0]))
            .unwrap();
        while t.phase() == Phase::Claim && t.offer != Offer::Flower {
            let s = t.pending().trailing_zeros() as usize;
            t.apply(s, Action::PASS).unwrap();
        }
        // The offer comes before the replacement draw: seat 1 holds 16 tiles.
        let v = t.view(1);
        assert_eq!(
            (v.phase, v.offer, v.actor, v.offered),
            (Phase::Claim, Offer::Flower, 1, flower(8))
        );
        let win = Action::new(ActionKind::EightFlowers, flower(8));
        assert_eq!(t.legal_actions(1).as_slice(), &[win, Action::PASS]);
        assert_eq!(legal_actions(&v), t.legal_actions(1));
        assert!(v.validate().is_ok());
        // Bots take it.
        assert_eq!(
            crate::ai::decide(&v, &crate::ai::BotConfig::thesis(99)),
            win
        );
        if take {
            t.apply(1, win).unwrap();
            let r = t.result().unwrap();
            assert_eq!((r.end, r.winners, r.tile), (End::SelfDraw, 2, flower(8)));
            assert_ne!(win_flags(&t, 1) & flags::EIGHT_FLOWERS, 0);
            assert_eq!(tai_of(&r, 1, Pattern::EightFlowers), 8);
            assert!(
                r.points
                    .iter()
                    .enumerate()
                    .all(|(s, &p)| (s == 1) == (p > 0))
            );
            assert_eq!(t.invariant_error(), None);
        } else {
            // Refused: the replacement is drawn and play goes on; not offered again.
            t.apply(1, Action::PASS).unwrap();
            let v = t.view(1);
            assert_eq!((v.phase, v.actor), (Phase::Turn, 1));
            assert!(
                !t.legal_actions(1)
                    .as_slice()
                    .iter()
                    .any(|a| a.kind == ActionKind::EightFlowers)
            );
            let r = drive(&mut t, usize::MAX);
            assert_eq!(
                r.tai
                    .iter()
                    .flatten()
                    .map(|s| s.tai[Pattern::EightFlowers.id()])
                    .sum::<u32>(),
                0
            );
        }
    }
    // Not under the thesis' points.
    let mut t = table_with(
        Rules::thesis(),
        [Some(DEALER), Some("123456789m1234567f"), None, None],
        "8f",
        "",
    );
    t.apply(0, Action::new(ActionKind::Discard, codes("6z")[0]))
        .unwrap();
    while t.phase() == Phase::Claim {
        let s = t.pending().trailing_zeros() as usize;
        t.apply(s, Action::PASS).unwrap();
    }
    assert_eq!((t.phase(), t.view(1).actor), (Phase::Turn, 1));
}

#[test]
fn seven_rob_one_is_a_claim_of_the_seat_holding_seven() {
    for take in [true, false] {
        // Seat 2 is dealt seven flowers; seat 1 draws the eighth.
        let mut t = table_with(
            Rules::taiwan16(),
            [
                Some(DEALER),
                Some("123456789m1234567p"),
                Some("123456789s1234567f"),
                None,
            ],
            "8f",
            "",
        );
        t.apply(0, Action::new(ActionKind::Discard, codes("6z")[0]))
            .unwrap();
        while t.phase() == Phase::Claim && t.offer != Offer::Flower {
            let s = t.pending().trailing_zeros() as usize;
            t.apply(s, Action::PASS).unwrap();
        }
        let rob = Action::new(ActionKind::RobFlower, flower(8));
        assert_eq!(t.pending(), 1 << 2);
        assert_eq!(t.legal_actions(2).as_slice(), &[rob, Action::PASS]);
        assert!(t.legal_actions(1).is_empty());
        assert_eq!(legal_actions(&t.view(2)), t.legal_actions(2));
        if take {
            t.apply(2, rob).unwrap();
            let r = t.result().unwrap();
            assert_eq!((r.end, r.winners, r.discarder), (End::Discard, 4, 1));
            assert_ne!(win_flags(&t, 2) & flags::SEVEN_ROB_ONE, 0);
            assert_eq!(t.view(0).flowers[2], 0xFF);
            assert_eq!(tai_of(&r, 2, Pattern::SevenRobOne), 8);
            assert!(r.points[2] > 0 && r.points[1] < 0 && r.points[0] == 0 && r.points[3] == 0);
        } else {
            t.apply(2, Action::PASS).unwrap();
            assert_eq!((t.phase(), t.view(1).actor), (Phase::Turn, 1));
            assert_eq!(t.view(0).flowers[1], 1 << 7);
        }
        assert_eq!(t.invariant_error(), None);
    }
}

#[test]
fn a_flower_win_completed_by_the_deal_comes_before_the_first_discard() {
    // Seat 2 is dealt seven flowers and seat 3 the eighth: seat 2 may take it at once.
    let mut t = table_with(
        Rules::taiwan16(),
        [
            Some(DEALER),
            None,
            Some("123456789m1234567f"),
            Some("123456789p123456s8f"),
        ],
        "",
        "",
    );
    let v = t.view(2);
    assert_eq!(
        (v.phase, v.offer, v.actor, v.offered),
        (Phase::Claim, Offer::Flower, 3, flower(8))
    );
    assert!(v.validate().is_ok() && t.view(0).validate().is_ok());
    assert_eq!(t.invariant_error(), None);
    t.apply(2, Action::PASS).unwrap();
    // Refused: the dealer's first turn, with its 17th tile.
    let v = t.view(0);
    assert_eq!(
        (v.phase, v.actor, v.drawn),
        (Phase::Turn, 0, codes("7p")[0])
    );
    let mut t = table_with(
        Rules::taiwan16(),
        [
            Some(DEALER),
            None,
            Some("123456789m1234567f"),
            Some("123456789p123456s8f"),
        ],
        "",
        "",
    );
    t.apply(2, Action::new(ActionKind::RobFlower, flower(8)))
        .unwrap();
    assert_eq!(t.result().unwrap().winners, 4);
    assert_eq!(t.invariant_error(), None);
}

#[test]
fn seven_pairs_and_a_pung_wins_where_the_preset_has_it() {
    let dealer = "222333444666m777p5z6z";
    let seat1 = "115599m2288p3377s44z";
    for (rules, wins) in [
        (Rules::taiwan16_common(), true),
        (Rules::taiwan16(), false),
        (Rules::thesis(), false),
    ] {
        let mut t = table_with(rules, [Some(dealer), Some(seat1), None, None], "1m", "");
        t.apply(0, Action::new(ActionKind::Discard, codes("6z")[0]))
            .unwrap();
        until_draw(&mut t, 1, 0);
        let win = Action::new(ActionKind::Win, 0);
        assert_eq!(t.legal_actions(1).contains(&win), wins);
        assert_eq!(legal_actions(&t.view(1)).contains(&win), wins);
        if wins {
            // The bots' win check: they take it.
            assert_eq!(
                crate::ai::decide(&t.view(1), &crate::ai::BotConfig::mjkit()),
                win
            );
            t.apply(1, win).unwrap();
            let r = t.result().unwrap();
            assert_eq!(tai_of(&r, 1, Pattern::SevenPairsAndPung), 8);
        }
    }
    // Ready on it: counted at the exhaustive draw only where it wins.
    let common = Rules::taiwan16_common();
    assert!(super::variant::taiwan::is_ready(
        &crate::test_util::tiles("115599m2288p3377s44z"),
        0,
        &common
    ));
    assert!(!super::variant::taiwan::is_ready(
        &crate::test_util::tiles("115599m2288p3377s44z"),
        0,
        &Rules::taiwan16()
    ));
}

#[test]
fn a_passed_win_is_locked_until_the_next_discard_under_the_strict_lock() {
    // Seat 1 waits on 4p / 7p. The dealer discards 7p; seat 1 passes. It then draws 7p: no win
    // (the strict 過水); it discards it; seat 2 draws the last 7p and discards it: seat 1 may
    // win again.
    let p7 = codes("7p")[0];
    let win = Action::new(ActionKind::Win, p7);
    let strict = Rules {
        pass_lock: PassLock::UntilDiscard,
        ..Rules::taiwan16()
    };
    let mut t = table_with(
        strict,
        [Some(DEALER), Some("123456789m1234567p"), None, None],
        "7p7p",
        "",
    );
    t.apply(0, Action::new(ActionKind::Discard, p7)).unwrap();
    assert!(t.legal_actions(1).contains(&win));
    t.apply(1, Action::PASS).unwrap();
    assert_eq!(t.view(1).pass_locked, 1 << p7);
    assert_eq!(t.view(2).pass_locked, 0);
    let v = t.view(1);
    assert_eq!((v.phase, v.actor, v.drawn), (Phase::Turn, 1, p7));
    assert!(!t.legal_actions(1).contains(&win));
    assert_eq!(legal_actions(&v), t.legal_actions(1));
    t.apply(1, Action::new(ActionKind::Discard, p7)).unwrap();
    assert_eq!(t.view(1).pass_locked, 0);
    // Seat 2 draws the fourth 7p and discards it.
    while !(t.phase() == Phase::Claim && t.view(1).actor == 2) {
        step(&mut t, usize::MAX);
    }
    assert!(t.legal_actions(1).contains(&win));
    // Without 過水 the own draw is offered.
    let mut t = table_with(
        Rules::thesis(),
        [Some(DEALER), Some("123456789m1234567p"), None, None],
        "7p7p",
        "",
    );
    t.apply(0, Action::new(ActionKind::Discard, p7)).unwrap();
    t.apply(1, Action::PASS).unwrap();
    assert!(t.legal_actions(1).contains(&win));
    assert_eq!(t.view(1).pass_locked, 0);
}
