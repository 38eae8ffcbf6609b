//! Riichi at the table: random and eager legal play under both presets with every invariant
//! checked after every action, the view's legality equal to the table's, records and
//! snapshots replaying, scores conserved with the sticks.

use super::rng::Rng;
use super::*;

/// Picks uniformly, or (eager) riichi, wins, kongs and claims first.
pub(super) fn pick(legal: &Actions, rng: &mut Rng, eager: bool) -> Action {
    let list = legal.as_slice();
    if eager {
        for k in [
            ActionKind::Win,
            ActionKind::NineTerminals,
            ActionKind::Riichi,
            ActionKind::ExposedKong,
            ActionKind::ConcealedKong,
            ActionKind::AddedKong,
            ActionKind::Pung,
            ActionKind::Chow,
        ] {
            if let Some(a) = list.iter().find(|a| a.kind == k) {
                if rng.below(4) != 0 {
                    return *a;
                }
            }
        }
    }
    list[rng.below(list.len() as u64) as usize]
}

/// How the seats choose.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Mode {
    /// Uniformly among the legal actions.
    Random,
    /// Riichi, wins, kongs and claims first (3 in 4).
    Eager,
    /// The greedy bot at every seat (wins, riichi, no yakuless call).
    Greedy,
}

/// Plays a hand out, checking the invariants and every seat's legality from its view.
pub(super) fn play(t: &mut Table, rng: &mut Rng, mode: Mode, check_views: bool) -> u32 {
    let mut steps = 0;
    while t.phase() != Phase::Over {
        let pending = t.pending();
        assert_ne!(pending, 0);
        if check_views {
            for s in 0..t.seats() {
                let v = t.view(s);
                assert_eq!(v.validate(), Ok(()), "seat {s}: {v:?}");
                assert_eq!(legal_actions(&v), t.legal_actions(s), "seat {s}");
            }
        }
        let seat = pending.trailing_zeros() as usize;
        let legal = t.legal_actions(seat);
        assert!(!legal.is_empty());
        let a = match mode {
            Mode::Greedy => crate::ai::decide(&t.view(seat), &crate::ai::BotConfig::greedy()),
            _ => pick(&legal, rng, mode == Mode::Eager),
        };
        t.apply(seat, a).unwrap();
        assert_eq!(t.invariant_error(), None, "after {a:?} by {seat}");
        steps += 1;
    }
    steps
}

/// The sum of the scores and the sticks on the table (1,000 each) never changes.
fn total(t: &Table) -> i64 {
    t.scores().iter().sum::<i64>()
        + 1000 * i64::from(t.match_state().part.riichi().map_or(0, |m| m.sticks))
}

#[test]
fn random_riichi_play_keeps_every_invariant() {
    for rules in [Rules::riichi_tenhou(), Rules::riichi_mahjong_soul()] {
        let mut rng = Rng::from_u64(7);
        let mut ends = [0u32; 4];
        for (m, mode) in [Mode::Random, Mode::Eager, Mode::Greedy]
            .into_iter()
            .enumerate()
        {
            let mr = MatchRules {
                start_score: 25_000,
                end: MatchEnd::WindRounds(2),
                ..MatchRules::endless()
            };
            let mut t = Table::with_match(rules, mr, 11 + m as u64).unwrap();
            let mut start = total(&t);
            for _ in 0..200 {
                play(&mut t, &mut rng, mode, true);
                let r = t.result().unwrap();
                ends[usize::from(r.end.code())] += 1;
                assert_eq!(total(&t), start, "{r:?}");
                if t.match_result().is_some() {
                    // Over (busting, the end of the south round): a new match.
                    t = Table::with_match(rules, mr, rng.next_u64()).unwrap();
                    start = total(&t);
                    continue;
                }
                t.next_hand().unwrap();
            }
        }
        assert!(ends.iter().all(|&n| n > 0), "{ends:?}");
    }
}

#[test]
fn riichi_records_and_snapshots_replay() {
    let mr = MatchRules {
        start_score: 25_000,
        end: MatchEnd::WindRounds(1),
        ..MatchRules::endless()
    };
    let mut t = Table::with_match(Rules::riichi_tenhou(), mr, 5).unwrap();
    let mut rec = record::Recorder::new(&t);
    loop {
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let a = crate::ai::decide(&t.view(seat), &crate::ai::BotConfig::greedy());
            t.apply(seat, a).unwrap();
            rec.update(&t).unwrap();
            let img = t.save();
            assert_eq!(Table::load(&img).map(|b| b.save()), Ok(img));
        }
        if t.match_result().is_some() {
            break;
        }
        t.next_hand().unwrap();
        rec.update(&t).unwrap();
    }
    let back = record::read(rec.as_str()).unwrap();
    assert_eq!(back.save(), t.save());
}

#[test]
#[ignore]
fn riichi_stats() {
    let mut rng = Rng::from_u64(7);
    let mut kinds = std::collections::BTreeMap::<String, u32>::new();
    let mut t = Table::new(Rules::riichi_tenhou(), 11).unwrap();
    for h in 0..2000 {
        t.deal(h, (h % 4) as u8, 0).unwrap();
        // riichi-first eager: riichi and wins always, never claims
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let legal = t.legal_actions(seat);
            let list = legal.as_slice();
            let a = list
                .iter()
                .find(|a| {
                    matches!(
                        a.kind,
                        ActionKind::Win | ActionKind::Riichi | ActionKind::NineTerminals
                    )
                })
                .copied()
                .unwrap_or_else(|| {
                    if t.phase() == Phase::Claim {
                        Action::PASS
                    } else {
                        // the greedy discard
                        crate::ai::decide(&t.view(seat), &crate::ai::BotConfig::greedy())
                    }
                });
            let a = if legal.contains(&a) { a } else { list[0] };
            t.apply(seat, a).unwrap();
            assert_eq!(t.invariant_error(), None);
        }
        for e in t.log() {
            *kinds.entry(format!("{:?}", e.kind)).or_default() += 1;
        }
        let r = t.result().unwrap();
        *kinds.entry(format!("end {:?}", r.end)).or_default() += 1;
        let _ = &mut rng;
    }
    eprintln!("{kinds:#?}");
}
