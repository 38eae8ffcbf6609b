//! The MJAI driver (`mjai::respond`, `response_action`, `response_event`) at every decision of
//! riichi matches of random, eager and greedy play under both presets. Checked at each
//! decision, for every seat: every legal action has an MJAI response that reads back to it
//! (distinct actions, distinct lines); responses that are no move, from the wrong actor, with
//! tiles not held or not offered, the wrong target or tsumogiri, or out of turn are refused with
//! the key at fault; random events are never taken for an illegal action; the chosen move,
//! sent as an MJAI line, changes the table exactly as `Table::apply`, and a refused line
//! changes nothing. `MJ_MJAI_DRIVE_N` matches per preset (default 6).

use mjkit::mjai::{DriveErrorKind, Event as Mjai, Pai, respond, response_action, response_event};
use mjkit::table::rng::Rng;
use mjkit::table::{Action, ActionKind, MatchEnd, MatchRules, Phase, Rules, Table, View};

fn matches() -> u64 {
    std::env::var("MJ_MJAI_DRIVE_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6)
}

fn pick(legal: &[Action], rng: &mut Rng, eager: bool) -> Action {
    if eager {
        for k in [
            ActionKind::Win,
            ActionKind::Riichi,
            ActionKind::ConcealedKong,
            ActionKind::AddedKong,
            ActionKind::ExposedKong,
            ActionKind::Pung,
            ActionKind::Chow,
        ] {
            if let Some(a) = legal.iter().find(|a| a.kind == k) {
                if rng.below(4) != 0 {
                    return *a;
                }
            }
        }
    }
    legal[rng.below(legal.len() as u64) as usize]
}

fn tile(rng: &mut Rng) -> Pai {
    let k = rng.below(34) as u8;
    Pai::new(k, matches!(k, 4 | 13 | 22) && rng.below(3) == 0).unwrap()
}

/// A random move event, its seat mostly `seat` and its tiles mostly from `view`.
fn random_event(view: &View, rng: &mut Rng) -> Mjai {
    let actor = if rng.below(8) == 0 {
        rng.below(4) as u8
    } else {
        view.seat
    };
    let target = if rng.below(3) == 0 {
        rng.below(4) as u8
    } else {
        view.actor
    };
    let held: Vec<u8> = (0..34u8)
        .filter(|&k| view.hand[usize::from(k)] > 0)
        .collect();
    let mut t = || {
        if !held.is_empty() && rng.below(3) != 0 {
            let k = held[rng.below(held.len() as u64) as usize];
            Pai::new(k, matches!(k, 4 | 13 | 22) && rng.below(2) == 0).unwrap()
        } else {
            tile(rng)
        }
    };
    let (a, b, c, d) = (t(), t(), t(), t());
    match rng.below(10) {
        0 => Mjai::None,
        1 => Mjai::Dahai {
            actor,
            pai: a,
            tsumogiri: rng.below(2) == 0,
        },
        2 => Mjai::Reach { actor },
        3 => Mjai::Chi {
            actor,
            target,
            pai: a,
            consumed: [b, c],
        },
        4 => Mjai::Pon {
            actor,
            target,
            pai: a,
            consumed: [a, b],
        },
        5 => Mjai::Daiminkan {
            actor,
            target,
            pai: a,
            consumed: [a, a, b],
        },
        6 => Mjai::Kakan {
            actor,
            pai: a,
            consumed: [a, a, b],
        },
        7 => Mjai::Ankan {
            actor,
            consumed: [a, a, a, d],
        },
        8 => Mjai::Hora {
            actor,
            target,
            pai: (rng.below(2) == 0).then_some(a),
            deltas: None,
            ura_markers: None,
        },
        _ => Mjai::Ryukyoku {
            reason: None,
            deltas: None,
        },
    }
}

/// `e` with its actor changed to `to` (`None` for an event without one).
fn with_actor(e: &Mjai, to: u8) -> Option<Mjai> {
    let mut e = e.clone();
    match &mut e {
        Mjai::Dahai { actor, .. }
        | Mjai::Chi { actor, .. }
        | Mjai::Pon { actor, .. }
        | Mjai::Daiminkan { actor, .. }
        | Mjai::Kakan { actor, .. }
        | Mjai::Ankan { actor, .. }
        | Mjai::Reach { actor }
        | Mjai::Hora { actor, .. } => *actor = to,
        _ => return None,
    }
    Some(e)
}

#[derive(Default, Debug)]
struct Counts {
    decisions: u64,
    actions: u64,
    refused: u64,
    random: u64,
    random_accepted: u64,
}

fn refused_with(view: &View, e: &Mjai, kind: DriveErrorKind, key: Option<&str>, c: &mut Counts) {
    let err = response_action(view, e).expect_err(&e.to_line());
    assert_eq!((err.kind, err.key), (kind, key), "{}: {err}", e.to_line());
    c.refused += 1;
}

/// Every check of one seat at one decision.
fn check_seat(t: &Table, seat: usize, rng: &mut Rng, c: &mut Counts) {
    let view = t.view(seat);
    let legal = t.legal_actions(seat);
    let me = seat as u8;
    let illegal = DriveErrorKind::Illegal;
    if !view.is_pending() {
        assert_eq!(response_action(&view, &Mjai::None), Ok(None));
        let e = Mjai::Reach { actor: me };
        refused_with(&view, &e, illegal, Some("type"), c);
        return;
    }
    let mut lines = std::collections::HashSet::new();
    for a in legal.as_slice() {
        let e = response_event(&view, a).unwrap_or_else(|| panic!("no response for {a:?}"));
        assert_eq!(response_action(&view, &e), Ok(Some(*a)), "{}", e.to_line());
        assert!(
            lines.insert(e.to_line()),
            "two actions write {}",
            e.to_line()
        );
        c.actions += 1;
        // The same move from another seat.
        if let Some(other) = with_actor(&e, (me + 1) % 4) {
            refused_with(&view, &other, illegal, Some("actor"), c);
        }
        match e {
            Mjai::Dahai {
                actor,
                pai,
                tsumogiri,
            } => {
                // A tile not held.
                if let Some(k) = (0..34u8).find(|&k| view.hand[usize::from(k)] == 0) {
                    let e = Mjai::Dahai {
                        actor,
                        pai: Pai::new(k, false).unwrap(),
                        tsumogiri: false,
                    };
                    refused_with(&view, &e, illegal, Some("pai"), c);
                }
                // The tile just drawn, said not to be (with no other copy), or the other way.
                let copies = if pai.is_red() {
                    1
                } else {
                    view.hand[usize::from(pai.kind().unwrap())]
                };
                let dealer_first = view.seat == view.dealer && view.discard_count == 0;
                if !tsumogiri || (copies == 1 && !dealer_first) {
                    let flipped = Mjai::Dahai {
                        actor,
                        pai,
                        tsumogiri: !tsumogiri,
                    };
                    refused_with(&view, &flipped, illegal, Some("tsumogiri"), c);
                }
            }
            Mjai::Pon {
                actor,
                target,
                pai,
                consumed,
            } => {
                let e = Mjai::Pon {
                    actor,
                    target: (target + 2) % 4,
                    pai,
                    consumed,
                };
                if (target + 2) % 4 != actor {
                    refused_with(&view, &e, illegal, Some("target"), c);
                }
            }
            Mjai::Hora {
                actor,
                target,
                deltas,
                ura_markers,
                ..
            } => {
                let wrong = Pai::new((view.drawn.min(33) + 1) % 34, false);
                let e = Mjai::Hora {
                    actor,
                    target,
                    pai: wrong,
                    deltas,
                    ura_markers,
                };
                if wrong.map(|p| p.code()) != Some(view.offered)
                    && wrong.map(|p| p.code()) != Some(view.drawn)
                {
                    refused_with(&view, &e, illegal, Some("pai"), c);
                }
            }
            _ => {}
        }
    }
    // Events that are no move.
    for e in [
        Mjai::Tsumo {
            actor: me,
            pai: tile(rng),
        },
        Mjai::ReachAccepted { actor: me },
        Mjai::EndKyoku,
    ] {
        refused_with(&view, &e, illegal, Some("type"), c);
    }
    // The other phase's moves.
    if view.phase == Phase::Turn {
        refused_with(&view, &Mjai::None, illegal, Some("type"), c);
    } else {
        let e = Mjai::Dahai {
            actor: me,
            pai: tile(rng),
            tsumogiri: false,
        };
        refused_with(&view, &e, illegal, Some("type"), c);
    }
    // Random events: never taken for an illegal action.
    for _ in 0..20 {
        let e = random_event(&view, rng);
        c.random += 1;
        if let Ok(Some(a)) = response_action(&view, &e) {
            assert!(legal.contains(&a), "{} taken as {a:?}", e.to_line());
            c.random_accepted += 1;
        }
    }
}

fn play(rules: Rules, seed: u64, mode: u64, c: &mut Counts) {
    let mr = MatchRules {
        start_score: 25_000,
        end: MatchEnd::WindRounds(1),
        ..MatchRules::endless()
    };
    let mut t = Table::with_match(rules, mr, seed).unwrap();
    let mut rng = Rng::from_u64(seed ^ 0xd81e);
    loop {
        while t.phase() != Phase::Over {
            for s in 0..4 {
                check_seat(&t, s, &mut rng, c);
            }
            c.decisions += 1;
            let seat = t.pending().trailing_zeros() as usize;
            let legal = t.legal_actions(seat);
            let a = if mode == 2 {
                mjkit::ai::decide(&t.view(seat), &mjkit::ai::BotConfig::greedy())
            } else {
                pick(legal.as_slice(), &mut rng, mode == 1)
            };
            // A refused line changes nothing.
            let before = t.save();
            let bad = "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"0m\",\"tsumogiri\":false}";
            let err = respond(&mut t, seat, bad).unwrap_err();
            assert_eq!(err.kind, DriveErrorKind::BadLine);
            let wrong = Mjai::Reach {
                actor: (seat as u8 + 1) % 4,
            };
            assert!(respond(&mut t, seat, &wrong.to_line()).is_err());
            assert_eq!(t.save(), before);
            // The move as an MJAI line: the same as applying it.
            let mut expected = t.clone();
            expected.apply(seat, a).unwrap();
            let line = response_event(&t.view(seat), &a).unwrap().to_line();
            assert_eq!(respond(&mut t, seat, &line), Ok(Some(a)), "{line}");
            assert_eq!(t.save(), expected.save(), "{line}");
        }
        if t.match_result().is_some() {
            break;
        }
        t.next_hand().unwrap();
    }
}

#[test]
fn every_legal_move_round_trips_and_bad_responses_are_refused() {
    let mut c = Counts::default();
    for (p, rules) in [Rules::riichi_tenhou(), Rules::riichi_mahjong_soul()]
        .into_iter()
        .enumerate()
    {
        for m in 0..matches() {
            play(rules, p as u64 * 100 + m, m % 3, &mut c);
        }
    }
    println!("{c:?}");
    assert!(
        c.random_accepted > 0 && c.refused > 10 * c.decisions,
        "{c:?}"
    );
}

#[test]
fn respond_refuses_other_tables_and_seats() {
    let mut t = Table::new(Rules::taiwan16(), 1).unwrap();
    let e = respond(&mut t, 0, "{\"type\":\"none\"}").unwrap_err();
    assert_eq!(e.kind, DriveErrorKind::NotRiichi);
    let mut t = Table::new(Rules::riichi_tenhou(), 1).unwrap();
    assert_eq!(
        respond(&mut t, 4, "{\"type\":\"none\"}").unwrap_err().kind,
        DriveErrorKind::NotRiichi
    );
    let e = respond(&mut t, 0, "{\"type\":\"dahai\"").unwrap_err();
    assert_eq!((e.kind, e.key), (DriveErrorKind::BadLine, None));
    // A seat the table does not wait for may acknowledge, not move.
    let idle = (0..4).find(|&s| t.pending() >> s & 1 == 0).unwrap();
    assert_eq!(respond(&mut t, idle, "{\"type\":\"none\"}"), Ok(None));
    assert_eq!(
        format!(
            "{}",
            respond(&mut t, idle, &Mjai::Reach { actor: idle as u8 }.to_line()).unwrap_err()
        ),
        "illegal MJAI response (type): the table does not wait for this seat's move"
    );
}
