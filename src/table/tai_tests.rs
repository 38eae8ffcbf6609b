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
            counted[r.end as usize] += 1;
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
                assert_eq!(
                    sc.total,
                    sc.breakdown().map(|(_, v)| u32::from(v)).sum::<u32>()
                );
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
    tr.all_chows_no_honors = false;
    let rules = Rules {
        scoring: Scoring::Tai(tr),
        pass_lock: false,
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
            let n = u16::try_from(v.consecutive).unwrap();
            let dealer_in = sc.dealer_tai > 0;
            if dealer_in {
                assert_eq!(sc.tai[Pattern::Dealer.id()], tr.value(Pattern::Dealer));
                assert_eq!(
                    sc.tai[Pattern::ConsecutiveDeal.id()],
                    tr.value(Pattern::ConsecutiveDeal) * n
                );
                assert_eq!(
                    sc.tai[Pattern::DealerPull.id()],
                    tr.value(Pattern::DealerPull) * n
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
