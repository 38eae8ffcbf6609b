//! Tests of the tai scoring conversions: the C demo's sample and a hand reading every option
//! against `mjkit::tai::score`, the rules Dictionary, each option error and each refusal.

use super::*;
use crate::convert::test_util::{err, map, text};

/// The C demo's sample: seat 1 self-draws 8p with its flower 夏; the dealer is seat 0.
fn sample(extra: Vec<(&str, Value)>) -> Value {
    let mut e = vec![
        ("win_tile", text("8p")),
        ("winner", Value::Int(1)),
        ("flowers", Value::List(vec![Value::Int(2)])),
    ];
    e.extend(extra);
    map(e)
}

const HAND: &str = "123456789m234678p55s";

fn int_of(o: &Out, key: &str) -> i64 {
    match o.get(key) {
        Some(Out::Int(n)) => *n,
        other => panic!("{key}: {other:?}"),
    }
}

fn core(f: WinFacts, r: &TaiRules) -> TaiScore {
    tai::score(&f, r).expect("core score")
}

#[test]
fn tai_sample_matches_the_core() {
    let o = tai_score(&text(HAND), &sample(vec![])).unwrap();
    let mut f = WinFacts::new(mjkit::tile::parse(HAND).unwrap().counts, 16).with_flower(2);
    f.winner = 1;
    let s = core(f, &TaiRules::atawmj());
    assert_eq!(o, score_out(&s, &TaiRules::atawmj()));
    assert_eq!(int_of(&o, "total"), 5);
    assert_eq!(int_of(&o, "dealer_tai"), 1);
    assert_eq!(int_of(&o, "winner_tai"), 4);
    assert_eq!(o.get("qualifies"), Some(&Out::Bool(true)));
    assert_eq!(
        o.get("payments"),
        Some(&Out::List(vec![
            Out::Int(-200),
            Out::Int(560),
            Out::Int(-180),
            Out::Int(-180)
        ]))
    );
    let Some(Out::Dicts(p)) = o.get("patterns") else {
        panic!("no patterns");
    };
    assert_eq!(p.len(), 5);
    assert_eq!(p[0].get("name_zh"), Some(&Out::Text("莊家".to_owned())));
    assert_eq!(p[0].get("dealer"), Some(&Out::Bool(true)));
    // docs/godot.md's second example: 平胡 (id 19) and nothing else.
    let chow = map(vec![("kind", text("chow")), ("tile", text("1m"))]);
    let options = map(vec![
        ("win_tile", text("6p")),
        ("how", text("discard")),
        ("from", Value::Int(2)),
        ("winner", Value::Int(1)),
        ("melds", Value::List(vec![chow])),
        ("rules", text("common")),
    ]);
    let o = tai_score(&text("456m789m234p678p55s"), &options).unwrap();
    assert_eq!(int_of(&o, "total"), 2);
    assert_eq!(
        tai_pattern_info(19, &Value::Nil).unwrap().get("name_en"),
        Some(&Out::Text("All chows".to_owned()))
    );
    // The common preset by name: 門清自摸 3.
    let o = tai_score(&text(HAND), &sample(vec![("rules", text("common"))])).unwrap();
    let Some(Out::Dicts(p)) = o.get("patterns") else {
        panic!("no patterns");
    };
    assert!(p.iter().any(|x| x.get("id") == Some(&Out::Int(6))
        && x.get("tai") == Some(&Out::Int(3))
        && x.get("name_zh") == Some(&Out::Text("門清自摸".to_owned()))));
}

#[test]
fn tai_new_facts_and_rules_reach_the_core() {
    // Seat 1 sits West (the wall opened elsewhere), self-draws on the replacement after an
    // exposed kong of 9s (claimed from seat 3, relative 2), ready from the deal; a minimum of
    // 30 tai.
    let kong = map(vec![
        ("kind", text("kong")),
        ("tile", text("9s")),
        ("claimed", Value::Int(2)),
    ]);
    let options = map(vec![
        ("win_tile", text("5s")),
        ("winner", Value::Int(1)),
        ("seat_wind", Value::Int(2)),
        ("melds", Value::List(vec![kong])),
        ("replacement", Value::Int(1)),
        ("after_exposed_kong", Value::Int(1)),
        ("ready_from_deal", Value::Int(0)),
        ("first_go_around", Value::Int(0)),
        (
            "rules",
            map(vec![
                ("min_tai", Value::Int(30)),
                ("replacement_win_after_exposed_kong", Value::Int(1)),
            ]),
        ),
    ]);
    let o = tai_score(&text("123m456m789m234p55s"), &options).unwrap();
    let mut f = WinFacts::new(
        mjkit::tile::parse("123m456m789m234p55s").unwrap().counts,
        22,
    )
    .with_meld(MeldKind::Kong, 26, 2);
    f.winner = 1;
    f.seat_wind = 2;
    f.flags = tai::FLAG_REPLACEMENT | tai::FLAG_AFTER_EXPOSED_KONG;
    let mut r = TaiRules::atawmj();
    r.min_tai = 30;
    r.replacement_win_after_exposed_kong = 1;
    let s = core(f, &r);
    assert_eq!(o, score_out(&s, &r));
    assert_eq!(s.tai[Pattern::ReplacementWin.id()], 1);
    assert_eq!(o.get("qualifies"), Some(&Out::Bool(false)));
    // An added kong by name.
    let added = map(vec![
        ("kind", text("added_kong")),
        ("tile", text("9s")),
        ("claimed", Value::Int(1)),
    ]);
    let o = tai_score(
        &text("123m456m789m234p55s"),
        &map(vec![
            ("win_tile", text("5s")),
            ("melds", Value::List(vec![added])),
        ]),
    )
    .unwrap();
    // The dealer (seat 0) wins: 莊家 1, 自摸 1, 獨聽 1; no 不求 after a pung.
    assert_eq!(int_of(&o, "winner_tai"), 3);
    let bad = err(tai_score(
        &text(HAND),
        &sample(vec![("seat_wind", Value::Int(4))]),
    ));
    assert!(bad.contains("seat_wind must be 0 to 3, not 4"), "{bad}");
}

#[test]
fn tai_every_option_reaches_the_core() {
    // Dealer seat 3, 連2, self-draw on a replacement tile that is the last of the wall; a pung
    // of West from the seat opposite (claimed 2: seat 1), a concealed kong of 9s; flowers 春 梅.
    let options = map(vec![
        ("win_tile", Value::Int(18)),
        (
            "melds",
            Value::List(vec![
                map(vec![
                    ("kind", text("pung")),
                    ("tile", text("W")),
                    ("claimed", Value::Int(2)),
                ]),
                map(vec![("kind", text("concealed_kong")), ("tile", text("9s"))]),
            ]),
        ),
        ("flowers", Value::List(vec![Value::Int(1), Value::Int(5)])),
        ("how", text("self_drawn")),
        ("winner", Value::Int(3)),
        ("dealer", Value::Int(3)),
        ("consecutive_deals", Value::Int(2)),
        ("prevalent_wind", Value::Int(2)),
        ("replacement", Value::Int(1)),
        ("last_tile", Value::Int(1)),
        ("first_turn", Value::Int(0)),
        ("ready_from_first_discard", Value::Int(0)),
        (
            "rules",
            map(vec![
                ("preset", text("atawmj")),
                ("base", Value::Int(50)),
                ("price", Value::Int(10)),
                ("values", map(vec![("9", Value::Int(2))])),
                ("chrysanthemum_west", Value::Int(1)),
            ]),
        ),
    ]);
    let o = tai_score(&text("123m456m789p11s"), &options).unwrap();
    let mut f = WinFacts::new(mjkit::tile::parse("123m456m789p11s").unwrap().counts, 18)
        .with_meld(MeldKind::Pung, 29, 2)
        .with_meld(MeldKind::ConcealedKong, 26, 0)
        .with_flower(1)
        .with_flower(5);
    f.winner = 3;
    f.dealer = 3;
    f.consecutive_deals = 2;
    f.prevalent_wind = 2;
    f.flags = tai::FLAG_REPLACEMENT | tai::FLAG_LAST_TILE;
    let mut r = TaiRules::atawmj();
    r.base = 50;
    r.price = 10;
    r.values[9] = 2;
    r.chrysanthemum_west = 1;
    let s = core(f, &r);
    assert_eq!(o, score_out(&s, &r));
    assert_eq!((s.dealer_tai, s.hand_tai), (5, 9));
    // A flower win needs no win_tile.
    let eight = map(vec![
        ("flowers", Value::List((1..=8).map(Value::Int).collect())),
        ("how", text("eight_flowers")),
    ]);
    let o = tai_score(&text("123456789m234678p5s"), &eight).unwrap();
    assert_eq!(int_of(&o, "total"), 9); // 莊家 1 + 八仙過海 8
}

#[test]
fn tai_option_errors_name_the_key() {
    let e = |extra: Vec<(&str, Value)>| err(tai_score(&text(HAND), &sample(extra)));
    assert!(e(vec![("color", Value::Int(1))]).contains("unknown option \"color\""));
    assert!(e(vec![("how", text("ron"))]).contains("how \"ron\" is not one of self_drawn"));
    assert!(e(vec![("winner", Value::Int(4))]).contains("winner must be 0 to 3, not 4"));
    assert!(
        e(vec![("flowers", Value::List(vec![Value::Int(9)]))])
            .contains("flowers[0] must be 0 to 8")
    );
    assert!(e(vec![("last_tile", Value::Int(2))]).contains("last_tile must be a bool"));
    assert!(
        e(vec![("rules", text("tenhou"))])
            .contains("rules \"tenhou\" is not one of atawmj, common")
    );
    assert!(
        e(vec![("rules", map(vec![("pinfu", Value::Int(1))]))])
            .contains("unknown rules key \"pinfu\"")
    );
    assert!(
        e(vec![(
            "rules",
            map(vec![("values", map(vec![("39", Value::Int(1))]))])
        )])
        .contains("rules.values key \"39\" is not a pattern id")
    );
    assert!(
        e(vec![(
            "melds",
            Value::List(vec![map(vec![("kind", text("pon")), ("tile", text("1z"))])])
        )])
        .contains("melds[0].kind \"pon\" is not a meld kind")
    );
    let no_win = err(tai_score(&text(HAND), &map(vec![])));
    assert!(no_win.contains("options.win_tile is required"), "{no_win}");
    let not_held = err(tai_score(&text(HAND), &map(vec![("win_tile", text("1z"))])));
    assert!(
        not_held.contains("win_tile 1z is not in the hand"),
        "{not_held}"
    );
}

#[test]
fn tai_refusals_name_the_status() {
    let e = |hand: &str, extra: Vec<(&str, Value)>| err(tai_score(&text(hand), &sample(extra)));
    assert!(
        e("123456789m234679p55s", vec![("win_tile", text("9p"))])
            .starts_with("MjKit.tai_score: refused (NotWinning)")
    );
    assert!(
        e(
            HAND,
            vec![("how", text("discard")), ("from", Value::Int(1))]
        )
        .contains("refused (InvalidFlags)")
    );
    assert!(
        e(HAND, vec![("flowers", Value::List(vec![Value::Int(0)]))])
            .contains("refused (InvalidArgument)")
    );
    let chow = map(vec![("kind", text("chow")), ("tile", text("E"))]);
    assert!(
        e(
            "456789m234678p55s",
            vec![("melds", Value::List(vec![chow]))]
        )
        .contains("refused (IllegalMeld)")
    );
    assert!(
        e("123456789m234678p5s", vec![])
            .contains("16 concealed tiles with 0 declared melds; it takes 17")
    );
    assert!(
        e("11111m234678p55s", vec![("win_tile", text("1m"))]).contains("more than 4 copies of 1m")
    );
}

#[test]
fn tai_pattern_info_every_id() {
    for p in Pattern::ALL {
        let o = tai_pattern_info(p.id() as i64, &Value::Nil).unwrap();
        assert_eq!(o.get("name_zh"), Some(&Out::Text(p.chinese().to_owned())));
        assert_eq!(int_of(&o, "atawmj"), i64::from(TaiRules::atawmj().value(p)));
        assert_eq!(int_of(&o, "common"), i64::from(TaiRules::common().value(p)));
        // Under the common preset, named as it counts the pattern.
        let o = tai_pattern_info(p.id() as i64, &text("common")).unwrap();
        let zh = TaiRules::common().names(p).0;
        assert_eq!(o.get("name_zh"), Some(&Out::Text(zh.to_owned())));
        assert_eq!(int_of(&o, "value"), i64::from(TaiRules::common().value(p)));
    }
    let six = tai_pattern_info(6, &text("common")).unwrap();
    assert_eq!(six.get("name_zh"), Some(&Out::Text("門清自摸".to_owned())));
    assert!(err(tai_pattern_info(0, &Value::Nil)).contains("0 is not a tai pattern id (1 to 38)"));
    assert!(err(tai_pattern_info(39, &Value::Nil)).starts_with("MjKit.tai_pattern_info:"));
    assert!(err(tai_pattern_info(6, &text("tenhou"))).contains("rules \"tenhou\" is not one of"));
}
