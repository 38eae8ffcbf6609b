//! Tests of the `MjTable` conversions.

use super::*;
use crate::convert::test_util::{back, err, map, text};
use mjkit::table::NO_SEAT;

fn int(o: Option<&Out>) -> i64 {
    match o {
        Some(Out::Int(n)) => *n,
        other => panic!("not an int: {other:?}"),
    }
}

#[test]
fn rules_defaults_and_keys() {
    assert_eq!(rules(&Value::Nil), Ok(Rules::taiwan16()));
    assert_eq!(rules(&map([])), Ok(Rules::taiwan16()));
    assert_eq!(
        rules(&map([("variant", text("13"))])),
        Ok(Rules::thirteen())
    );
    let r = rules(&map([
        ("variant", text("taiwan16")),
        ("dead_wall", Value::Int(14)),
        ("multi_win", Value::Int(1)),
        ("rob_kong", Value::Int(0)),
    ]))
    .unwrap();
    assert_eq!(r.variant, Variant::Taiwan16);
    assert_eq!(r.dead_wall, 14);
    assert_eq!(r.multi_win, MultiWin::All);
    assert!(!r.rob_kong);
    // What view()["rules"] shows is accepted by create.
    assert_eq!(rules(&back(&rules_out(&r))), Ok(r));
    let t = Rules::thirteen();
    assert_eq!(rules(&back(&rules_out(&t))), Ok(t));
}

#[test]
fn rules_errors() {
    assert_eq!(
        err(rules(&map([("variant", text("riichi5"))]))),
        "MjTable.create: variant \"riichi5\" is not \"taiwan16\", \"13\" or \"riichi\""
    );
    // Riichi: the Tenhou-like preset by default, the Mahjong Soul-like one by name.
    assert_eq!(
        rules(&map([("variant", text("riichi"))])),
        Ok(Rules::riichi_tenhou())
    );
    assert_eq!(
        rules(&map([
            ("variant", text("riichi")),
            ("riichi", text("mahjong_soul"))
        ])),
        Ok(Rules::riichi_mahjong_soul())
    );
    assert_eq!(
        err(rules(&map([
            ("variant", text("riichi")),
            ("riichi", text("ema"))
        ]))),
        "MjTable.create: riichi preset \"ema\" is not \"tenhou\" or \"mahjong_soul\""
    );
    assert_eq!(
        err(rules(&map([
            ("variant", text("riichi")),
            ("pass_lock", Value::Int(1))
        ]))),
        "MjTable.create: pass_lock is not a riichi rule (riichi, multi_win, rob_kong, claim_window)"
    );
    assert_eq!(
        err(rules(&map([("riichi", text("tenhou"))]))),
        "MjTable.create: riichi rules need variant \"riichi\""
    );
    assert_eq!(
        err(rules(&map([("dead_wall", Value::Int(61))]))),
        "MjTable.create: dead_wall must be 0 to 60, not 61"
    );
    assert_eq!(
        err(rules(&map([("multi_win", Value::Int(2))]))),
        "MjTable.create: multi_win must be a bool, not 2"
    );
    assert_eq!(
        err(rules(&map([("rob_kong", text("yes"))]))),
        "MjTable.create: rob_kong must be a bool, not a String"
    );
    assert_eq!(
        err(rules(&map([("deadwall", Value::Int(14))]))),
        "MjTable.create: unknown rule \"deadwall\" (known: variant, dead_wall, multi_win, rob_kong, scoring, tai, pass_lock, claim_window, riichi)"
    );
    assert_eq!(
        err(rules(&Value::Int(3))),
        "MjTable.create: rules must be a Dictionary, not a int"
    );
}

#[test]
fn create_is_deterministic_and_deals_hand_zero() {
    let a = create(&map([("variant", text("13"))]), 7).unwrap();
    let b = create(&map([("variant", text("13"))]), 7).unwrap();
    assert_eq!(view_out(&a.view(0)), view_out(&b.view(0)));
    let v = view(&a, 0).unwrap();
    assert_eq!(v.get("phase"), Some(&Out::Text("turn".into())));
    assert_eq!(int(v.get("pending")), 1);
    assert_eq!(int(v.get("actor")), 0);
    // The dealer holds 14 tiles in 13-tile mahjong; hand_text is their notation.
    let Some(Out::Bytes(hand)) = v.get("hand") else {
        panic!("no hand")
    };
    assert_eq!(hand.iter().map(|&n| u32::from(n)).sum::<u32>(), 14);
    let counts: [u8; 34] = hand.as_slice().try_into().unwrap();
    assert_eq!(v.get("hand_text"), Some(&Out::Text(tile::format(&counts))));
    assert!((0..34).contains(&int(v.get("drawn"))));
    assert_eq!(int(v.get("offered")), -1);
    // Another seat sees no drawn tile.
    assert_eq!(int(view(&a, 1).unwrap().get("drawn")), -1);
    // Negative seeds are their two's complement.
    let n = create(&Value::Nil, -1).unwrap();
    let u = Table::new(Rules::taiwan16(), u64::MAX).unwrap();
    assert_eq!(n.view(2), u.view(2));
    assert_eq!(
        default_table().view(0),
        Table::new(Rules::taiwan16(), 0).unwrap().view(0)
    );
}

#[test]
fn seat_and_deal_errors() {
    let mut t = default_table();
    for (s, call) in [
        (4, Call::TableView),
        (-1, Call::TableLegalActions),
        (4, Call::TableApply),
        (4, Call::TableDecide),
    ] {
        assert_eq!(
            err(seat(call, s)),
            format!("MjTable.{}: seat {s} is not a seat (0 to 3)", call.name())
        );
    }
    assert_eq!(
        err(view(&t, 4)),
        "MjTable.view: reader 4 is not a seat (0 to 3) or 5 (the spectator)"
    );
    assert_eq!(
        err(legal_actions(&t, 4)),
        "MjTable.legal_actions: seat 4 is not a seat (0 to 3)"
    );
    assert_eq!(
        err(deal(&mut t, 0, 4, 0)),
        "MjTable.deal: dealer 4 is not a seat (0 to 3)"
    );
    assert_eq!(
        err(deal(&mut t, 0, 0, 4)),
        "MjTable.deal: wind 4 is not a wind (0 to 3: East South West North)"
    );
    assert_eq!(
        err(deal(&mut t, -1, 0, 0)),
        "MjTable.deal: hand_index -1 is not 0 to 4294967295"
    );
    deal(&mut t, 5, 2, 1).unwrap();
    let v = t.view(2);
    assert_eq!((v.hand_index, v.dealer, v.prevalent_wind), (5, 2, 1));
    assert_eq!(t.pending(), 1 << 2);
    assert_eq!(
        err(next_hand(&mut t)),
        "MjTable.next_hand: the hand is not over (phase turn)"
    );
}

#[test]
fn action_parsing_and_errors() {
    let call = Call::TableApply;
    let a = |e: &[(&str, Value)]| action(call, &map(e.iter().cloned()));
    assert_eq!(
        a(&[("kind", text("discard")), ("tile", Value::Int(4))]),
        Ok(Action::new(ActionKind::Discard, 4))
    );
    assert_eq!(
        a(&[("kind", text("pung")), ("tile", text("E"))]),
        Ok(Action::new(ActionKind::Pung, 27))
    );
    assert_eq!(a(&[("kind", text("pass"))]), Ok(Action::PASS));
    assert_eq!(
        a(&[("kind", text("pass")), ("tile", Value::Int(-1))]),
        Ok(Action::PASS)
    );
    assert_eq!(
        err(a(&[("kind", text("riichi")), ("tile", Value::Int(4))])),
        "MjTable.apply: a riichi action has no tile (leave it out or give -1)"
    );
    assert_eq!(
        a(&[("kind", text("riichi"))]),
        Ok(Action::new(ActionKind::Riichi, NO_TILE))
    );
    // A red five is its code; aux counts the red fives a call takes from the hand.
    assert_eq!(
        a(&[("kind", text("discard")), ("tile", Value::Int(43))]),
        Ok(Action::new(ActionKind::Discard, 43))
    );
    assert_eq!(
        a(&[
            ("kind", text("pung")),
            ("tile", text("5m")),
            ("aux", Value::Int(1))
        ]),
        Ok(Action::with_aux(ActionKind::Pung, 4, 1))
    );
    assert_eq!(
        err(a(&[
            ("kind", text("pung")),
            ("tile", text("5m")),
            ("aux", Value::Int(5))
        ])),
        "MjTable.apply: aux must be 0 to 4, not 5"
    );
    assert_eq!(
        err(a(&[("kind", Value::Int(1))])),
        "MjTable.apply: action kind must be a String (pass, discard, chow, pung, \
         exposed_kong, added_kong, concealed_kong, win, eight_flowers, rob_flower, riichi, \
         nine_terminals), not a int"
    );
    assert_eq!(
        err(a(&[("tile", Value::Int(4))])),
        "MjTable.apply: action has no kind"
    );
    assert_eq!(
        err(a(&[("kind", text("discard"))])),
        "MjTable.apply: a discard action needs a tile"
    );
    assert_eq!(
        err(a(&[("kind", text("discard")), ("tile", Value::Int(34))])),
        "MjTable.apply: action tile 34 is not a tile kind (0 to 33)"
    );
    assert_eq!(
        err(a(&[("kind", text("pass")), ("tile", Value::Int(3))])),
        "MjTable.apply: a pass action has no tile (leave it out or give -1)"
    );
    assert_eq!(
        err(a(&[
            ("kind", text("win")),
            ("tile", Value::Int(3)),
            ("seat", Value::Int(0))
        ])),
        "MjTable.apply: action has an unknown key \"seat\" (kind, tile, aux)"
    );
    assert_eq!(
        err(action(call, &Value::Nil)),
        "MjTable.apply: action must be a Dictionary {kind, tile}, not a null"
    );
}

#[test]
fn legal_actions_round_trip() {
    let t = create(&Value::Nil, 3).unwrap();
    let legal = legal_actions(&t, 0).unwrap();
    let core = t.legal_actions(0);
    assert_eq!(legal.len(), core.len());
    assert!(!legal.is_empty());
    for (o, a) in legal.iter().zip(core.as_slice()) {
        assert_eq!(action(Call::TableApply, &back(o)), Ok(*a));
    }
    // Seats the table does not wait for have no action.
    assert_eq!(legal_actions(&t, 1), Ok(vec![]));
}

#[test]
fn illegal_action_changes_nothing() {
    let mut t = create(&Value::Nil, 11).unwrap();
    let before = t.view(0);
    // The whole table, hidden tiles and the wall included.
    let whole = format!("{t:?}");
    let hand = before.hand;
    let absent = (0..34).find(|&k| hand[k] == 0).unwrap();
    let msg = err(apply(
        &mut t,
        0,
        &map([
            ("kind", text("discard")),
            ("tile", Value::Int(absent as i64)),
        ]),
    ));
    assert!(
        msg.starts_with(&format!(
            "MjTable.apply: discard {} is not a legal action of seat 0 now (legal: discard ",
            kind_name(absent)
        )),
        "{msg}"
    );
    assert_eq!(
        err(apply(&mut t, 1, &map([("kind", text("pass"))]))),
        "MjTable.apply: the table does not wait for seat 1 (pending: seats [0])"
    );
    assert_eq!(
        err(apply(&mut t, 4, &map([("kind", text("pass"))]))),
        "MjTable.apply: seat 4 is not a seat (0 to 3)"
    );
    assert_eq!(
        err(apply(&mut t, 0, &map([("kind", text("chew"))]))),
        "MjTable.apply: action kind \"chew\" is not one of pass, discard, chow, pung, \
         exposed_kong, added_kong, concealed_kong, win, eight_flowers, rob_flower, riichi, \
         nine_terminals"
    );
    assert_eq!(t.view(0), before);
    assert_eq!(format!("{t:?}"), whole);
    // A legal discard is applied.
    let d = kind_name((0..34).find(|&k| hand[k] > 0).unwrap());
    apply(
        &mut t,
        0,
        &map([("kind", text("discard")), ("tile", text(&d))]),
    )
    .unwrap();
    assert_ne!(t.view(0), before);
    let v = view(&t, 2).unwrap();
    let Some(Out::List(discards)) = v.get("discards") else {
        panic!("no discards")
    };
    assert_eq!(discards.len(), 1);
    assert_eq!(int(discards[0].get("seat")), 0);
    assert_eq!(int(discards[0].get("claimed_by")), -1);
    // In a claim phase (bots play until a discard can be claimed): a pung of a tile that is
    // not offered, and a discard, are refused and change nothing.
    while t.phase() != Phase::Claim {
        let s = t.pending().trailing_zeros() as i64;
        let a = decide(&t, s, "greedy").unwrap();
        apply(&mut t, s, &back(&action_out(&a))).unwrap();
    }
    let s = t.pending().trailing_zeros() as i64;
    let offered = t.view(s as usize).offered;
    let other = kind_name(usize::from((offered + 1) % 34));
    let whole = format!("{t:?}");
    let msg = err(apply(
        &mut t,
        s,
        &map([("kind", text("pung")), ("tile", text(&other))]),
    ));
    assert!(
        msg.starts_with(&format!(
            "MjTable.apply: pung {other} is not a legal action of seat {s} now (legal: "
        )) && msg.ends_with("pass)"),
        "{msg}"
    );
    let discard = map([("kind", text("discard")), ("tile", text(&other))]);
    assert!(apply(&mut t, s, &discard).is_err());
    assert_eq!(format!("{t:?}"), whole);
    assert_eq!(
        legal_actions(&t, s).unwrap().last(),
        Some(&action_out(&Action::PASS))
    );
    let pass = map([("kind", text("pass")), ("tile", Value::Int(-1))]);
    apply(&mut t, s, &pass).unwrap();
    assert_ne!(format!("{t:?}"), whole);
}

#[test]
fn bot_names() {
    let call = Call::TableDecide;
    assert_eq!(bot(call, "mjkit"), Ok(BotConfig::mjkit()));
    assert_eq!(bot(call, "greedy"), Ok(BotConfig::greedy()));
    assert_eq!(bot(call, "thesis:99"), Ok(BotConfig::thesis(99)));
    assert_eq!(bot(call, "thesis:1"), Ok(BotConfig::thesis(1)));
    for bad in ["seed:99", "thesis", "Mjkit", "", "random"] {
        assert_eq!(
            err(bot(call, bad)),
            format!(
                "MjTable.decide: unknown bot {bad:?}: the bots are mjkit, mjkit:L (level L from 1 to 5), greedy and thesis:N (N from 1 to 99)"
            )
        );
    }
    assert_eq!(bot(call, "mjkit:3"), Ok(BotConfig::mjkit_level(3)));
    assert_eq!(bot(call, "mjkit:5"), Ok(BotConfig::mjkit()));
    assert_eq!(
        err(bot(call, "mjkit:9")),
        "MjTable.decide: bad level \"9\" in mjkit:L: L is a whole number from 1 to 5"
    );
    for (bad, level) in [("thesis:0", "0"), ("thesis:100", "100"), ("thesis:", "")] {
        assert_eq!(
            err(bot(call, bad)),
            format!(
                "MjTable.decide: bad AttackLevel {level:?} in thesis:N: N is a whole number from 1 to 99"
            )
        );
    }
}

/// Every seat's view Dictionary: each seat holds 3 tiles per meld plus its concealed tiles
/// (16 or 17, 13 or 14), and other seats' concealed kongs show no tile.
fn check_views(t: &Table) {
    let size = t.rules().variant.hand_tiles() as i64;
    for viewer in 0..4 {
        let v = view(t, viewer).unwrap();
        let (Some(Out::List(melds)), Some(Out::Ints(concealed))) =
            (v.get("melds"), v.get("concealed_counts"))
        else {
            panic!("no melds or concealed_counts")
        };
        for (s, ms) in melds.iter().enumerate() {
            let Out::List(ms) = ms else {
                panic!("melds[{s}]")
            };
            let held = i64::from(concealed[s]) + 3 * ms.len() as i64;
            assert!(held == size || held == size + 1, "seat {s} holds {held}");
            for m in ms {
                if m.get("kind") == Some(&Out::Text("concealed_kong".into())) {
                    assert_eq!(int(m.get("tile")) == -1, s as i64 != viewer);
                }
            }
        }
    }
}

/// Plays one hand with the bots through the functions GDScript calls, as the demo does.
fn play(t: &mut Table, bots: [&str; 4]) -> Out {
    let mut steps = 0;
    while t.phase() != Phase::Over {
        for s in 0..4 {
            if t.pending() >> s & 1 == 1 {
                let a = decide(t, s, bots[s as usize]).unwrap();
                // The bot saw only its seat's view.
                assert_eq!(
                    ai::decide_checked(
                        &t.view(s as usize),
                        &bot(Call::TableDecide, bots[s as usize]).unwrap()
                    ),
                    Ok(a)
                );
                apply(t, s, &back(&action_out(&a))).unwrap();
            }
        }
        check_views(t);
        steps += 1;
        assert!(steps < 1000, "the hand does not end");
    }
    result(t).unwrap()
}

#[test]
fn bots_play_whole_hands_and_results_match_the_core() {
    for (seed, variant) in [(1, "taiwan16"), (2, "13"), (3, "taiwan16")] {
        let mut t = create(&map([("variant", text(variant))]), seed).unwrap();
        assert_eq!(
            err(result(&t)),
            "MjTable.result: the hand is not over (phase turn)"
        );
        let r = play(&mut t, ["mjkit", "thesis:99", "greedy", "thesis:5"]);
        assert_eq!(r, result_out(&t.result().unwrap()));
        let Some(Out::Longs(points)) = r.get("points") else {
            panic!("no points")
        };
        assert_eq!(points.iter().sum::<i64>(), 0, "thesis points sum to zero");
        let v = view(&t, 0).unwrap();
        assert_eq!(v.get("phase"), Some(&Out::Text("over".into())));
        assert_eq!(int(v.get("actor")), -1);
        assert_eq!(v.get("scores"), Some(&Out::Longs(points.clone())));
        assert_eq!(
            err(decide(&t, 0, "mjkit")),
            "MjTable.decide: the hand is over (deal or next_hand first)"
        );
        assert_eq!(
            err(apply(&mut t, 0, &map([("kind", text("pass"))]))),
            "MjTable.apply: the hand is over (deal or next_hand first)"
        );
        next_hand(&mut t).unwrap();
        assert_eq!(int(view(&t, 0).unwrap().get("hand_index")), 1);
        assert!(result(&t).is_err());
    }
    // Same seed, same bots: the same hand.
    let mut a = create(&Value::Nil, 9).unwrap();
    let mut b = create(&Value::Nil, 9).unwrap();
    assert_eq!(play(&mut a, ["mjkit"; 4]), play(&mut b, ["mjkit"; 4]));
}

#[test]
fn decide_errors() {
    let t = create(&Value::Nil, 4).unwrap();
    assert_eq!(
        err(decide(&t, 4, "mjkit")),
        "MjTable.decide: seat 4 is not a seat (0 to 3)"
    );
    assert_eq!(
        err(decide(&t, 0, "thesis:0")),
        "MjTable.decide: bad AttackLevel \"0\" in thesis:N: N is a whole number from 1 to 99"
    );
    assert_eq!(
        err(decide(&t, 2, "greedy")),
        "MjTable.decide: the table does not wait for seat 2 (pending: seats [0])"
    );
    let a = decide(&t, 0, "greedy").unwrap();
    assert!(t.legal_actions(0).contains(&a));
}

#[test]
fn view_shows_melds_flowers_and_hides_concealed_kongs() {
    let m = meld_out(&Meld {
        kind: MeldKind::ConcealedKong,
        tile: NO_TILE,
        claimed: NO_TILE,
        from: NO_SEAT,
        red: 0,
    });
    assert_eq!(
        m,
        Out::Map(vec![
            ("kind", Out::Text("concealed_kong".into())),
            ("tile", Out::Int(-1)),
            ("claimed", Out::Int(-1)),
            ("from", Out::Int(-1)),
            ("red", Out::Int(0)),
        ])
    );
    assert_eq!(flower_list(0b1010_0001), vec![0, 5, 7]);
    assert_eq!(seats_of(0b1010), vec![1, 3]);
    // Flowers of a 16-tile deal: the view lists the same set the core holds.
    let t = create(&Value::Nil, 5).unwrap();
    let core = t.view(1);
    let v = view_out(&core);
    let Some(Out::List(fl)) = v.get("flowers") else {
        panic!("no flowers")
    };
    let mut dealt = 0;
    for (s, f) in fl.iter().enumerate() {
        assert_eq!(*f, Out::Ints(flower_list(core.flowers[s])));
        dealt += core.flowers[s].count_ones();
    }
    assert!(dealt > 0, "seed 5 deals flowers");
    assert_eq!(action_text(&Action::new(ActionKind::Chow, 0)), "chow 1m");
    assert_eq!(action_text(&Action::PASS), "pass");
}

#[test]
fn rules_tai_in_full_round_trips() {
    use mjkit::tai::TaiRules;
    assert_eq!(
        rules(&map([("tai", text("common"))])).map(|r| r.scoring),
        Ok(Scoring::tai_common())
    );
    let mut custom = TaiRules::common();
    custom.base = 30;
    custom.price = 7;
    custom.values[1] = 0;
    custom.values[38] = u16::MAX;
    custom.chrysanthemum_west = 0;
    custom.all_chows_no_flowers = 0;
    custom.min_tai = 3;
    let r = rules(&map([(
        "tai",
        map([
            ("preset", text("common")),
            ("base", Value::Int(30)),
            ("price", Value::Int(7)),
            (
                "values",
                map([("1", Value::Int(0)), ("38", Value::Int(65535))]),
            ),
            ("chrysanthemum_west", Value::Int(0)),
            ("all_chows_no_flowers", Value::Int(0)),
            ("min_tai", Value::Int(3)),
        ]),
    )]))
    .unwrap();
    assert_eq!(r.scoring, Scoring::Tai(custom));
    // Every tai value and switch comes back through view()["rules"].
    for t in [TaiRules::atawmj(), TaiRules::common(), custom] {
        for pass_lock in [PassLock::Off, PassLock::UntilDraw, PassLock::UntilDiscard] {
            let r = Rules {
                scoring: Scoring::Tai(t),
                pass_lock,
                ..Rules::taiwan16()
            };
            assert_eq!(rules(&back(&rules_out(&r))), Ok(r));
        }
    }
    // 過水 by name, or as a bool (true: until the draw).
    for (v, want) in [
        (text("until_discard"), PassLock::UntilDiscard),
        (text("off"), PassLock::Off),
        (Value::Int(1), PassLock::UntilDraw),
        (Value::Int(0), PassLock::Off),
    ] {
        assert_eq!(
            rules(&map([("pass_lock", v)])).map(|r| r.pass_lock),
            Ok(want)
        );
    }
    assert!(err(rules(&map([("pass_lock", text("strict"))]))).contains("pass_lock \"strict\""));
    let thesis = Rules {
        scoring: Scoring::Thesis,
        ..Rules::taiwan16()
    };
    assert_eq!(rules(&back(&rules_out(&thesis))), Ok(thesis));
    assert_eq!(
        err(rules(&map([
            ("scoring", text("thesis")),
            ("tai", text("atawmj"))
        ]))),
        "MjTable.create: tai needs scoring \"tai\""
    );
    assert_eq!(
        err(rules(&map([("tai", text("wrc"))]))),
        "MjTable.create: rules \"wrc\" is not one of atawmj, common"
    );
}

#[test]
fn timed_out_seats_play_their_default() {
    let mut t = create(&map([]), 11).unwrap();
    let mut n = 0;
    while t.phase() != Phase::Over {
        let seat = i64::from(t.pending().trailing_zeros() as u8);
        let bot = if n % 3 == 0 { "greedy" } else { "" };
        let want = default_action(&mut t, seat, bot, false).unwrap();
        assert_eq!(default_action(&mut t, seat, bot, true).unwrap(), want);
        n += 1;
    }
    assert!(n > 50);
    let mut t = create(&map([]), 12).unwrap();
    let idle = (i64::from(t.pending().trailing_zeros() as u8) + 1) % 4;
    assert!(err(default_action(&mut t, idle, "", true)).starts_with("MjTable.apply_default:"));
    assert_eq!(
        err(default_action(&mut t, 4, "", false)),
        "MjTable.default_action: seat 4 is not a seat (0 to 3)"
    );
    assert!(default_action(&mut t, 0, "thesis:0", false).is_err());
}

#[test]
fn a_riichi_table_plays_and_shows_its_riichi_view() {
    let mut t = create(&map([("variant", text("riichi"))]), 3).unwrap();
    let v = view_out(&t.view(0));
    let Some(Out::Map(r)) = v.get("riichi") else {
        panic!("no riichi block")
    };
    assert!(
        r.iter()
            .any(|(k, v)| *k == "indicators" && matches!(v, Out::Ints(i) if i.len() == 1))
    );
    assert_eq!(v.get("seats"), Some(&Out::Int(4)));
    // Four greedy NPCs to the end of the hand.
    while t.phase() != Phase::Over {
        let seat = t.pending().trailing_zeros() as i64;
        let a = decide(&t, seat, "greedy").unwrap();
        apply(&mut t, seat, &action_value(&a)).unwrap();
    }
    let r = result_out(&t.result().unwrap());
    assert!(matches!(r.get("han"), Some(Out::Ints(h)) if h.len() == 4));
    // The thesis bot does not play riichi.
    let mut u = create(&map([("variant", text("riichi"))]), 3).unwrap();
    assert!(decide(&u, 0, "thesis:99").is_err());
    // The explicit wall: the set in code order deals seat 0 four 1m.
    let mut wall: Vec<u8> = (0..136).map(|k| (k / 4) as u8).collect();
    wall[16] = 42;
    wall[52] = 43;
    wall[88] = 44;
    assert!(deal_wall(&mut u, 0, 0, 0, &wall[..135]).is_err());
    assert!(deal_wall(&mut u, 0, 4, 0, &wall).is_err());
    deal_wall(&mut u, 0, 0, 0, &wall).unwrap();
    assert_eq!(u.view(0).hand[0], 4);
}

/// An action as the Dictionary GDScript would pass back.
fn action_value(a: &Action) -> Value {
    let Out::Map(m) = action_out(a) else {
        panic!("an action is a Dictionary")
    };
    Value::Map(
        m.into_iter()
            .map(|(k, v)| {
                let Out::Int(n) = v else {
                    let Out::Text(t) = v else { panic!("{v:?}") };
                    return (k.to_owned(), Value::Text(t));
                };
                (k.to_owned(), Value::Int(n))
            })
            .collect(),
    )
}
