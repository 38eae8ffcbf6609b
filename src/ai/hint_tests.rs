//! Tests of the levels of mjkit's bot and of hints, on positions of real play.

use super::*;
use crate::efficiency;
use crate::forms::Forms;
use crate::table::{ActionKind, Phase, Rules, SEATS, Table};
use crate::tile::TILE_KINDS;

/// Plays `hands` hands with `bots` by seat on `rules`; calls `visit` with every view a seat
/// decides on and the configuration that decides it.
fn visit_play(
    rules: Rules,
    seed: u64,
    hands: u32,
    bots: [BotConfig; SEATS],
    mut visit: impl FnMut(&Table, &View, &BotConfig),
) {
    let mut t = Table::new(rules, seed).unwrap();
    for h in 0..hands {
        t.deal(h, (h % 4) as u8, 0).unwrap();
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let v = t.view(seat);
            visit(&t, &v, &bots[seat]);
            let a = decide(&v, &bots[seat]);
            t.apply(seat, a)
                .unwrap_or_else(|e| panic!("hand {h}: {a:?} refused ({e:?})"));
        }
    }
}

fn levels() -> [BotConfig; SEATS] {
    [1u8, 2, 3, 4].map(|l| BotConfig {
        tie_break: u64::from(l) * 77,
        ..BotConfig::mjkit_level(l)
    })
}

#[test]
fn every_level_plays_legal_moves_under_both_scorings() {
    for rules in [
        Rules::taiwan16_thesis_points(),
        Rules::taiwan16(),
        Rules::thirteen(),
    ] {
        let mut decisions = [0u32; 6];
        for bots in [
            levels(),
            [
                BotConfig::mjkit_level(5),
                BotConfig::mjkit_level(1),
                BotConfig::mjkit_level(2),
                BotConfig::mjkit_level(3),
            ],
        ] {
            visit_play(rules, 3, 60, bots, |_, v, cfg| {
                let a = decide_checked(v, cfg).unwrap();
                assert!(legal_actions(v).contains(&a), "level {}: {a:?}", cfg.level);
                decisions[usize::from(cfg.level)] += 1;
            });
        }
        assert!(decisions[1..].iter().all(|&d| d > 500), "{decisions:?}");
    }
}

#[test]
fn level_five_is_the_full_bot_and_levels_are_pure_functions_of_view_and_seed() {
    let mut differ = [0u32; 6];
    visit_play(Rules::taiwan16(), 11, 40, levels(), |_, v, _| {
        assert_eq!(
            decide(v, &BotConfig::mjkit_level(5)),
            mjkit::decide(v, &BotConfig::mjkit())
        );
        for level in 1..=4u8 {
            let cfg = BotConfig {
                tie_break: 5,
                ..BotConfig::mjkit_level(level)
            };
            let a = decide(v, &cfg);
            assert_eq!(a, decide(v, &cfg), "level {level}");
            let other = decide(
                v,
                &BotConfig {
                    tie_break: 6,
                    ..cfg
                },
            );
            differ[usize::from(level)] += u32::from(a != other);
        }
    });
    // The seed moves the lapses (and level 1-2's liked tiles) of the low levels.
    assert!(
        differ[1] > 20 && differ[2] > 20 && differ[3] > 5,
        "{differ:?}"
    );
}

#[test]
fn low_levels_overlook_claims_and_wins_high_levels_do_not() {
    // Counted over the moments where the full bot would win on a discard or claim.
    let mut seen = [[0u32; 2]; 6]; // [level] = [overlooked wins, overlooked claims]
    let mut chances = [[0u32; 2]; 6];
    visit_play(
        Rules::taiwan16_thesis_points(),
        21,
        150,
        levels(),
        |_, v, _| {
            if v.phase != Phase::Claim {
                return;
            }
            let (full, _) = mjkit::decide_explained(v, &BotConfig::mjkit());
            for level in 1..=5u8 {
                let cfg = BotConfig {
                    tie_break: 9,
                    ..BotConfig::mjkit_level(level)
                };
                let (a, reason) = mjkit::decide_explained(v, &cfg);
                let l = usize::from(level);
                match full.kind {
                    ActionKind::Win => {
                        chances[l][0] += 1;
                        if reason == Reason::OverlookedWin {
                            assert_eq!(a, crate::table::Action::PASS);
                            seen[l][0] += 1;
                        }
                    }
                    ActionKind::Chow | ActionKind::Pung | ActionKind::ExposedKong => {
                        chances[l][1] += 1;
                        seen[l][1] += u32::from(reason == Reason::OverlookedClaim);
                    }
                    _ => {}
                }
            }
        },
    );
    for (l, s) in seen.iter().enumerate().skip(3) {
        assert_eq!(s[0], 0, "level {l} overlooked a win");
    }
    assert_eq!(seen[5][1], 0);
    // Shares near the levels' rates (10% / 5% of wins, 40% / 25% / 15% / 10% of claims).
    let share = |l: usize, k: usize| f64::from(seen[l][k]) / f64::from(chances[l][k]);
    assert!(chances[1][0] > 100 && chances[1][1] > 300, "{chances:?}");
    assert!((0.03..0.2).contains(&share(1, 0)), "{seen:?} {chances:?}");
    assert!((0.3..0.5).contains(&share(1, 1)), "{seen:?} {chances:?}");
    assert!((0.17..0.33).contains(&share(2, 1)), "{seen:?} {chances:?}");
    assert!((0.09..0.21).contains(&share(3, 1)), "{seen:?} {chances:?}");
    assert!((0.05..0.16).contains(&share(4, 1)), "{seen:?} {chances:?}");
}

#[test]
fn decide_checked_refuses_levels_outside_one_to_five() {
    let t = Table::new(Rules::taiwan16(), 1).unwrap();
    let seat = t.pending().trailing_zeros() as usize;
    let v = t.view(seat);
    for level in [0u8, 6, 255] {
        let cfg = BotConfig::mjkit_level(level);
        assert_eq!(decide_checked(&v, &cfg), Err(Error::InvalidArgument));
        assert_eq!(hint(&v, &cfg), Err(Error::InvalidArgument));
    }
    // Other bots ignore the level.
    let greedy = BotConfig {
        level: 0,
        ..BotConfig::greedy()
    };
    assert!(decide_checked(&v, &greedy).is_ok());
}

#[test]
fn hint_options_are_the_legal_actions_read_as_the_bot_reads_them() {
    let mut turns = 0;
    let mut reasons = std::collections::HashSet::new();
    for rules in [Rules::taiwan16_thesis_points(), Rules::taiwan16()] {
        let bots = [
            BotConfig::mjkit(),
            BotConfig::mjkit_level(1),
            BotConfig::mjkit_level(3),
            BotConfig::mjkit_level(4),
        ];
        visit_play(rules, 8, 30, bots, |_, v, cfg| {
            let h = hint(v, cfg).unwrap();
            assert_eq!(h.choice, decide(v, cfg));
            reasons.insert(h.reason);
            match (v.phase, h.efficient) {
                (Phase::Turn, Some(e)) => {
                    assert_eq!(e.kind, ActionKind::Discard);
                    assert!(legal_actions(v).contains(&e));
                    match h.reason {
                        Reason::Push
                        | Reason::Efficient
                        | Reason::LookAhead
                        | Reason::Loneliest
                        | Reason::Habit => {
                            assert_eq!(h.choice, e, "{:?}", h.reason)
                        }
                        Reason::Defend | Reason::Value => assert_ne!(h.choice, e),
                        _ => {}
                    }
                }
                (Phase::Turn, None) => panic!("a turn without an efficient discard"),
                (_, e) => assert_eq!(e, None),
            }
            assert_eq!((h.seat, h.phase), (v.seat, v.phase));
            let legal = legal_actions(v);
            assert_eq!(h.options.len(), legal.len());
            for a in legal.as_slice() {
                assert!(h.options.iter().any(|o| o.action == *a), "{a:?}");
            }
            let danger = mjkit::danger::danger(v);
            assert_eq!(h.danger, danger);
            assert_eq!(h.ready[usize::from(v.seat)], 0.0);
            let visible = v.visible();
            for w in h.options.windows(2) {
                assert!(
                    (w[0].shanten, std::cmp::Reverse(w[0].live))
                        <= (w[1].shanten, std::cmp::Reverse(w[1].live)),
                    "{:?}",
                    h.options
                );
            }
            for o in &h.options {
                assert!((0.0..=1.0).contains(&o.win_chance) && (0.0..=1.0).contains(&o.danger));
                match o.action.kind {
                    ActionKind::Discard => {
                        let mut after = v.hand;
                        after[usize::from(o.action.tile)] -= 1;
                        let u = efficiency::ukeire(&after, Forms::REGULAR, Some(&visible)).unwrap();
                        assert_eq!(
                            (o.shanten, o.live, o.accepted),
                            (u.shanten, u.total, u.mask)
                        );
                        assert_eq!(o.danger, danger[usize::from(o.action.tile)]);
                        if u.shanten == 0 {
                            assert_eq!(
                                o.accepted,
                                crate::win::waits(&after, Forms::REGULAR).unwrap()
                            );
                        }
                    }
                    ActionKind::Win => assert_eq!((o.shanten, o.win_chance), (-1, 1.0)),
                    _ => assert_eq!(o.danger, 0.0),
                }
            }
            match (rules.scoring.tai(), h.variant) {
                (Some(_), VariantHint::Tai(t)) => {
                    assert_eq!(h.value_unit, ValueUnit::Tai);
                    for s in 0..SEATS {
                        let own = s == usize::from(v.seat);
                        assert_eq!(own, t.deal_in_tai[s] == 0.0, "{t:?}");
                        assert_eq!(own, t.deal_in_payment[s] == 0.0, "{t:?}");
                    }
                }
                (None, VariantHint::Thesis) => {
                    assert_eq!(h.value_unit, ValueUnit::None);
                    assert!(h.options.iter().all(|o| o.value == 0.0));
                }
                (_, other) => panic!("variant {other:?}"),
            }
            if v.phase == Phase::Turn {
                turns += 1;
                let lowest = h.options.iter().map(|o| o.shanten).min().unwrap();
                assert_eq!(h.shanten, lowest);
            }
        });
    }
    assert!(turns > 1000, "{turns}");
    for r in [
        Reason::Win,
        Reason::Efficient,
        Reason::LookAhead,
        Reason::Claim,
        Reason::PassClaim,
        Reason::OverlookedClaim,
        Reason::Loneliest,
        Reason::Kong,
    ] {
        assert!(reasons.contains(&r), "{r:?} never seen: {reasons:?}");
    }
}

#[test]
fn hint_refuses_bots_without_hints_seats_without_a_decision_and_bad_views() {
    let t = Table::new(Rules::taiwan16(), 4).unwrap();
    let seat = t.pending().trailing_zeros() as usize;
    let v = t.view(seat);
    assert!(hint(&v, &BotConfig::mjkit()).is_ok());
    for cfg in [BotConfig::thesis(99), BotConfig::greedy()] {
        assert_eq!(hint(&v, &cfg), Err(Error::InvalidArgument));
    }
    let idle = t.view((seat + 1) % SEATS);
    assert_eq!(hint(&idle, &BotConfig::mjkit()), Err(Error::InvalidView));
    let mut bad = v;
    bad.hand[0] = 5;
    assert!(matches!(
        hint(&bad, &BotConfig::mjkit()),
        Err(Error::InvalidView | Error::TooManyCopies { .. })
    ));
    let mut bad = v;
    bad.seat = 9;
    assert_eq!(hint(&bad, &BotConfig::mjkit()), Err(Error::InvalidView));
    // Nothing depends on anything but the view and the configuration.
    assert_eq!(hint(&v, &BotConfig::mjkit()), hint(&v, &BotConfig::mjkit()));
    let _ = TILE_KINDS;
}

#[test]
fn hint_values_a_win_by_the_tai_engine() {
    let (mut wins, mut equal) = (0, 0);
    visit_play(
        Rules::taiwan16(),
        31,
        80,
        [BotConfig::mjkit(); SEATS],
        |t, v, cfg| {
            let h = hint(v, cfg).unwrap();
            for o in h
                .options
                .iter()
                .filter(|o| o.action.kind == ActionKind::Win)
            {
                // The table's own breakdown of this win, when it is taken: the hand's tai.
                let mut t2 = t.clone();
                t2.apply(usize::from(v.seat), o.action).unwrap();
                if let Some(r) = t2.result() {
                    if let Some(b) = &r.tai[usize::from(v.seat)] {
                        // Patterns of the moment (海底, 槓上, 天胡 ...) are the table's alone.
                        assert!(o.value <= f64::from(b.hand_tai), "{o:?} {b:?}");
                        equal += u32::from(o.value == f64::from(b.hand_tai));
                        wins += 1;
                    }
                }
            }
        },
    );
    assert!(wins > 20 && equal * 10 >= wins * 9, "{equal} of {wins}");
}
