//! Engine tests: random legal play under both variants, invariants after every action, the
//! view's legality equal to the table's, refusals that change nothing, determinism.

use super::rng::Rng;
use super::*;
use crate::tile::TILE_KINDS;

/// Plays one hand with uniformly random legal actions, checking everything on the way.
fn random_hand(rules: Rules, seed: u64, hand: u32, rng: &mut Rng) -> (HandResult, u32) {
    let mut t = Table::new(rules, seed).unwrap();
    t.deal(hand, (hand % 4) as u8, 0).unwrap();
    let mut steps = 0;
    while t.phase() != Phase::Over {
        let pending = t.pending();
        assert_ne!(pending, 0);
        for s in 0..SEATS {
            let v = t.view(s);
            let from_view = legal_actions(&v);
            assert_eq!(from_view, t.legal_actions(s), "seat {s}");
            assert_eq!(pending & (1 << s) != 0, !from_view.is_empty());
        }
        let seat = pending.trailing_zeros() as usize;
        let legal = t.legal_actions(seat);
        // An illegal action is refused and changes nothing.
        let before = t.clone();
        let bogus = Action::new(ActionKind::Discard, 33);
        if !legal.contains(&bogus) {
            assert_eq!(t.apply(seat, bogus), Err(crate::Error::IllegalAction));
        }
        let other = (seat + 1) % 4;
        if pending & (1 << other) == 0 {
            assert_eq!(
                t.apply(other, Action::PASS),
                Err(crate::Error::IllegalAction)
            );
        }
        assert!(before == t, "a refused action changed the table");
        // Prefer wins and claims now and then, to reach every path.
        let a = legal.as_slice()[rng.below(legal.len() as u64) as usize];
        t.apply(seat, a).unwrap();
        assert_eq!(t.invariant_error(), None, "after {a:?} by {seat}");
        steps += 1;
    }
    (t.result().unwrap(), steps)
}

#[test]
fn random_play_keeps_every_invariant() {
    for rules in [Rules::taiwan16(), Rules::thirteen(), {
        let mut r = Rules::thesis();
        r.multi_win = MultiWin::All;
        r.rob_kong = false;
        r
    }] {
        let mut rng = Rng::from_u64(1);
        let mut ends = [0u32; 3];
        for h in 0..300 {
            let (r, _) = random_hand(rules, 99, h, &mut rng);
            ends[r.end.code() as usize] += 1;
            assert_eq!(r.points.iter().sum::<i64>(), 0);
        }
        assert!(ends[2] > 0, "{ends:?}");
    }
}

/// A bot that always wins when it can, else claims, else discards its first legal tile: it
/// reaches wins, kongs and claims often.
fn eager(legal: &Actions) -> Action {
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

#[test]
fn eager_play_reaches_wins_kongs_and_claims() {
    let mut seen = std::collections::HashSet::new();
    let mut ends = [0u32; 3];
    for h in 0..400u32 {
        let mut t = Table::new(
            if h % 2 == 0 {
                Rules::taiwan16()
            } else {
                Rules::thirteen()
            },
            5,
        )
        .unwrap();
        t.deal(h, (h % 4) as u8, 0).unwrap();
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let a = eager(&t.legal_actions(seat));
            seen.insert(a.kind);
            t.apply(seat, a).unwrap();
            assert_eq!(t.invariant_error(), None);
        }
        let r = t.result().unwrap();
        ends[r.end.code() as usize] += 1;
        let tai = matches!(t.rules().scoring, Scoring::Tai(_));
        let negative = r.points.iter().filter(|&&p| p < 0).count();
        match r.end {
            End::SelfDraw if tai => assert_eq!(negative, 3),
            End::SelfDraw => assert_eq!(r.points.iter().filter(|&&p| p == -1).count(), 3),
            End::Discard => assert!(r.points[usize::from(r.discarder)] < 0),
            End::ExhaustiveDraw => assert_eq!(r.points, [0; 4]),
            End::AbortiveDraw(_) => unreachable!("no abortive draw in Taiwanese play"),
        }
        assert_eq!(r.points.iter().sum::<i64>(), 0);
        for s in 0..SEATS {
            // Under tai every winner, and only a winner, has its breakdown.
            let won = r.winners & (1 << s) != 0;
            assert_eq!(r.tai[s].is_some(), tai && won, "seat {s}: {r:?}");
            if let Some(sc) = &r.tai[s] {
                assert!(r.points[s] > 0, "{sc:?}");
            }
        }
    }
    for k in [
        ActionKind::Win,
        ActionKind::Pung,
        ActionKind::Chow,
        ActionKind::ExposedKong,
    ] {
        assert!(seen.contains(&k), "{k:?} never played");
    }
    assert!(ends.iter().all(|&e| e > 0), "{ends:?}");
}

#[test]
fn the_deal_gives_16_tiles_and_17_to_the_dealer_without_flowers_in_hand() {
    for h in 0..50 {
        let mut t = Table::new(Rules::taiwan16(), 3).unwrap();
        t.deal(h, (h % 4) as u8, 1).unwrap();
        let v = t.view(0);
        let mut flowers = 0;
        for s in 0..SEATS {
            let n: u32 = t.hand(s).iter().map(|&c| u32::from(c)).sum();
            assert_eq!(n, if s as u32 == h % 4 { 17 } else { 16 });
            flowers += v.flowers[s].count_ones();
        }
        // Flowers set aside are replaced: the wall lost 64 + 1 + flowers tiles.
        assert_eq!(u32::from(v.wall_left), 144 - 65 - flowers - 16);
        assert_eq!(v.actor, (h % 4) as u8);
        assert_ne!(t.view(v.actor as usize).drawn, NO_TILE);
    }
    let t = Table::new(Rules::thirteen(), 3).unwrap();
    assert_eq!(t.view(0).wall_left, 136 - 53 - 14);
    assert_eq!(t.view(0).flowers, [0; 4]);
}

#[test]
fn same_seed_same_hand_and_different_seeds_differ() {
    let play = |seed: u64| {
        let mut t = Table::new(Rules::taiwan16(), seed).unwrap();
        let mut log = Vec::new();
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let a = eager(&t.legal_actions(seat));
            log.push((seat, a));
            t.apply(seat, a).unwrap();
        }
        (log, t.result())
    };
    assert_eq!(play(11), play(11));
    assert_ne!(play(11).0, play(12).0);
}

#[test]
fn other_seats_never_see_a_concealed_kong_or_hidden_tiles() {
    let mut found = false;
    for h in 0..400u32 {
        let mut t = Table::new(Rules::taiwan16(), 8).unwrap();
        t.deal(h, 0, 0).unwrap();
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let a = eager(&t.legal_actions(seat));
            t.apply(seat, a).unwrap();
            for s in 0..SEATS {
                let v = t.view(s);
                assert_eq!(v.hand, *t.hand(s));
                for o in 0..SEATS {
                    for m in v.melds_of(o) {
                        if m.kind == MeldKind::ConcealedKong {
                            found = true;
                            assert_eq!(m.tile == HIDDEN_TILE, o != s);
                        }
                    }
                }
                // What a seat sees never exceeds four copies with its own hand.
                let vis = v.visible();
                for (&seen, &held) in vis.iter().zip(&v.hand) {
                    assert!(seen + held <= 4);
                }
            }
        }
    }
    assert!(found, "no concealed kong in 400 eager hands");
}

#[test]
fn next_hand_keeps_or_passes_the_deal() {
    let mut t = Table::new(Rules::taiwan16(), 1).unwrap();
    assert_eq!(t.next_hand(), Err(crate::Error::HandNotOver));
    for _ in 0..40 {
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let a = eager(&t.legal_actions(seat));
            t.apply(seat, a).unwrap();
        }
        let r = t.result().unwrap();
        let before = t.view(0);
        t.next_hand().unwrap();
        let after = t.view(0);
        assert_eq!(after.hand_index, before.hand_index + 1);
        let keeps = r.end == End::ExhaustiveDraw || r.winners & (1 << before.dealer) != 0;
        assert_eq!(after.dealer == before.dealer, keeps);
        assert_eq!(after.scores, t.scores());
    }
}

#[test]
fn every_view_of_random_play_validates_and_corruptions_do_not() {
    let mut rng = Rng::from_u64(4);
    for h in 0..200u32 {
        let rules = if h % 3 == 0 {
            Rules::thirteen()
        } else {
            Rules::taiwan16()
        };
        let mut t = Table::new(rules, 77).unwrap();
        t.deal(h, (h % 4) as u8, (h % 4) as u8).unwrap();
        loop {
            for s in 0..SEATS {
                let v = t.view(s);
                assert_eq!(v.validate(), Ok(()), "{v:?}");
                let mut bad = v;
                bad.seat = 4;
                assert_eq!(bad.validate(), Err(crate::Error::InvalidView));
                let mut bad = v;
                let k = (0..TILE_KINDS).find(|&k| v.hand[k] > 0).unwrap();
                bad.hand[k] = 5;
                assert!(bad.validate().is_err());
                let mut bad = v;
                bad.concealed_counts[(s + 1) % 4] += 1;
                if v.phase != Phase::Over {
                    assert_eq!(bad.validate(), Err(crate::Error::InvalidView));
                }
            }
            if t.phase() == Phase::Over {
                break;
            }
            let seat = t.pending().trailing_zeros() as usize;
            let legal = t.legal_actions(seat);
            let a = legal.as_slice()[rng.below(legal.len() as u64) as usize];
            t.apply(seat, a).unwrap();
        }
    }
}
