//! Tests of the riichi scoring conversions.

use super::*;
use crate::convert::test_util::{err, map, text};
use mjkit::tile;

fn names(list: &[&str]) -> Value {
    Value::List(list.iter().map(|n| text(n)).collect())
}

/// Riichi-less concealed tanyao pinfu: 234m 567p 234s 678s 55s, won on 8s.
const CLOSED: &str = "234m567p23455678s";

fn closed(extra: Vec<(&str, Value)>) -> Value {
    let mut e = vec![("win_tile", text("8s"))];
    e.extend(extra);
    map(e)
}

/// An open hand without yaku: chi 123m, concealed 567p 234s 55s 678s, won on 8s.
fn open_no_yaku(extra: Vec<(&str, Value)>) -> (Value, Value) {
    let chi = map(vec![
        ("kind", text("chi")),
        ("tile", text("1m")),
        ("claimed", Value::Int(1)),
    ]);
    let mut e = vec![("win_tile", text("8s")), ("melds", Value::List(vec![chi]))];
    e.extend(extra);
    (text("567p23455678s"), map(e))
}

fn int_of(o: &Out, key: &str) -> i64 {
    match o.get(key) {
        Some(Out::Int(n)) => *n,
        other => panic!("{key}: {other:?}"),
    }
}

#[test]
fn riichi_tanyao_pinfu_ron_is_3_han_30_fu_3900() {
    let o = riichi_score(
        &text(CLOSED),
        &closed(vec![("conditions", names(&["riichi"]))]),
    )
    .unwrap();
    assert_eq!(int_of(&o, "han"), 3);
    assert_eq!(int_of(&o, "fu"), 30);
    assert_eq!(int_of(&o, "total"), 3900);
    assert_eq!(int_of(&o, "main"), 3900);
    assert_eq!(int_of(&o, "additional"), 0);
    assert_eq!(o.get("limit"), Some(&Out::Text("none".to_owned())));
    let Some(Out::List(yaku)) = o.get("yaku") else {
        panic!("no yaku list");
    };
    let ids: Vec<i64> = yaku.iter().map(|y| int_of(y, "id")).collect();
    assert_eq!(ids.len(), 3);
    for y in yaku {
        let info = yaku::info(int_of(y, "id") as usize).unwrap();
        assert_eq!(y.get("name_en"), Some(&text_out(info.en)));
        assert_eq!(y.get("name_ja"), Some(&text_out(info.ja)));
        assert_eq!(int_of(y, "han"), 1);
    }
    let Some(Out::List(parts)) = o.get("fu_parts") else {
        panic!("no fu parts");
    };
    assert_eq!(parts[0].get("reason"), Some(&Out::Text("base".to_owned())));
}

/// The README's GDScript example of `riichi_score`.
#[test]
fn readme_examples() {
    let s = riichi_score(
        &text("234m567p23455678s"),
        &map(vec![
            ("win_tile", text("8s")),
            ("conditions", names(&["riichi"])),
        ]),
    )
    .unwrap();
    let Some(Out::List(yaku)) = s.get("yaku") else {
        panic!("no yaku list");
    };
    let got: Vec<(Out, i64)> = yaku
        .iter()
        .map(|y| (y.get("name_en").unwrap().clone(), int_of(y, "han")))
        .collect();
    let want = ["Riichi", "Pinfu", "All Simples (Tanyao)"]
        .map(|n| (Out::Text(n.to_owned()), 1))
        .to_vec();
    assert_eq!(got, want);
    let pon = map(vec![
        ("kind", text("pon")),
        ("tile", text("P")),
        ("claimed", Value::Int(2)),
    ]);
    let t = riichi_score(
        &text("234m567p23455s"),
        &map(vec![
            ("win_tile", text("5s")),
            ("melds", Value::List(vec![pon])),
            ("rules", text("mahjong_soul")),
        ]),
    )
    .unwrap();
    assert_eq!(t.get("limit"), Some(&Out::Text("none".to_owned())));
    assert_eq!(int_of(&t, "total"), 1000);
}

fn text_out(s: &std::ffi::CStr) -> Out {
    Out::Text(s.to_str().unwrap().to_owned())
}

/// The conversion against the core called directly on the same hand.
#[test]
fn score_matches_the_core_field_by_field() {
    let counts = tile::parse(CLOSED).unwrap().counts;
    let options = closed(vec![
        ("conditions", names(&["tsumo", "riichi", "ippatsu"])),
        ("seat_wind", Value::Int(0)),
        ("round_wind", Value::Int(1)),
        ("dora", Value::List(vec![text("4s"), Value::Int(3)])),
        ("ura", Value::List(vec![text("1m")])),
        ("honba", Value::Int(2)),
        ("riichi_sticks", Value::Int(1)),
        ("rules", text("tenhou")),
    ]);
    let (h, rules) = riichi_hand(&Value::Bytes(counts.to_vec()), &options).unwrap();
    let mut want = RiichiHand::new(counts, 25)
        .with_dora(21)
        .with_dora(3)
        .with_ura(0);
    want.conditions = riichi::TSUMO | riichi::RIICHI | riichi::IPPATSU;
    want.seat_wind = 0;
    want.round_wind = 1;
    want.honba = 2;
    want.riichi_sticks = 1;
    assert_eq!(h, want);
    assert_eq!(rules, Rules::TENHOU);
    let s = riichi::score(&want, &Rules::TENHOU).unwrap();
    let o = riichi_score(&Value::Bytes(counts.to_vec()), &options).unwrap();
    assert_eq!(o, score_out(&s));
    assert_eq!(int_of(&o, "han"), i64::from(s.han));
    assert_eq!(int_of(&o, "main"), i64::from(s.main));
    assert_eq!(int_of(&o, "additional"), i64::from(s.additional));
    assert_eq!(int_of(&o, "main_bonus"), i64::from(s.main_bonus));
    assert_eq!(int_of(&o, "sticks_bonus"), 1000);
    assert_eq!(int_of(&o, "total"), i64::from(s.total));
    let Some(Out::List(yaku)) = o.get("yaku") else {
        panic!("no yaku list");
    };
    assert_eq!(yaku.len(), s.yaku_list().count());
    // Indicators 4s (two 5s held) and 4m (no 5m); ura 1m (one 2m held).
    let han_of = |id: usize| {
        yaku.iter()
            .find(|y| int_of(y, "id") == id as i64)
            .map(|y| int_of(y, "han"))
    };
    assert_eq!(han_of(yaku::DORA), Some(2));
    assert_eq!(han_of(yaku::URA_DORA), Some(1));
}

#[test]
fn melds_parse_every_kind_and_default_claimed() {
    let mk = |kind: &str, tile: Value, claimed: Option<i64>| {
        let mut e = vec![("kind", text(kind)), ("tile", tile)];
        if let Some(c) = claimed {
            e.push(("claimed", Value::Int(c)));
        }
        map(e)
    };
    let melds = Value::List(vec![
        mk("chi", text("1m"), Some(2)),
        mk("pon", text("P"), None),
        mk("open_kan", Value::Int(9), Some(3)),
        mk("added_kan", text("9s"), Some(1)),
    ]);
    let (h, _) = riichi_hand(
        &text("55z"),
        &map(vec![("win_tile", text("5z")), ("melds", melds)]),
    )
    .unwrap();
    assert_eq!(
        h.melds(),
        &[
            RiichiMeld::chi(0, 2),
            RiichiMeld::pon(31, 1),
            RiichiMeld::open_kan(9, 3),
            RiichiMeld::added_kan(26, 1)
        ]
    );
    let (h, _) = riichi_hand(
        &text("55z"),
        &map(vec![
            ("win_tile", text("5z")),
            (
                "melds",
                Value::List(vec![mk("closed_kan", text("E"), None)]),
            ),
        ]),
    )
    .unwrap();
    assert_eq!(h.melds(), &[RiichiMeld::closed_kan(27)]);
}

#[test]
fn open_yakuhai_hand_scores_with_its_pon() {
    let pon = map(vec![("kind", text("pon")), ("tile", text("P"))]);
    let o = riichi_score(
        &text("234m567p23455s"),
        &map(vec![
            ("win_tile", text("5s")),
            ("melds", Value::List(vec![pon])),
        ]),
    )
    .unwrap();
    let Some(Out::List(yaku)) = o.get("yaku") else {
        panic!("no yaku list");
    };
    let ids: Vec<i64> = yaku.iter().map(|y| int_of(y, "id")).collect();
    assert!(ids.contains(&(yaku::HAKU as i64)), "{ids:?}");
    assert_eq!(int_of(&o, "han"), 1);
    assert_eq!(int_of(&o, "fu"), 30);
    assert_eq!(int_of(&o, "total"), 1000);
}

#[test]
fn condition_names_and_bitmask_agree() {
    let all: Vec<&str> = CONDITIONS.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        conditions(Call::RiichiScore, &names(&all)),
        Ok(riichi::CONDITIONS_ALL)
    );
    assert_eq!(
        conditions(Call::RiichiScore, &names(&["tsumo", "riichi"])),
        Ok(riichi::TSUMO | riichi::RIICHI)
    );
    assert_eq!(conditions(Call::RiichiScore, &Value::Int(3)), Ok(3));
    assert_eq!(conditions(Call::RiichiScore, &Value::List(vec![])), Ok(0));
}

#[test]
fn rules_presets_and_switches() {
    for (name, r) in PRESETS {
        assert_eq!(rules(Call::RiichiScore, &text(name)), Ok(r));
    }
    assert_eq!(rules(Call::RiichiScore, &Value::Nil), Ok(Rules::REFERENCE));
    let r = rules(
        Call::RiichiScore,
        &map(vec![
            ("kiriage", Value::Int(0)),
            ("preset", text("tournament")),
            ("kazoe", text("no_limit")),
            ("daichisei", Value::Int(1)),
        ]),
    )
    .unwrap();
    assert_eq!(
        r,
        Rules {
            kiriage: 0,
            kazoe: KazoeLimit::NoLimit as u8,
            daichisei: 1,
            ..Rules::TOURNAMENT
        }
    );
    for name in RULE_SWITCHES {
        let on = rules(Call::RiichiScore, &map(vec![(name, Value::Int(1))])).unwrap();
        let off = rules(Call::RiichiScore, &map(vec![(name, Value::Int(0))])).unwrap();
        assert_ne!(on, off, "{name}");
        let mut r = Rules::REFERENCE;
        *switch_mut(&mut r, name).unwrap() = 1;
        assert_eq!(on, r, "{name}");
    }
}

#[test]
fn red_fives_from_notation_and_option() {
    let (h, _) = riichi_hand(&text("234m0p67p23455678s"), &closed(vec![])).unwrap();
    assert_eq!(h.red_fives, [0, 1, 0]);
    let (h, _) = riichi_hand(
        &text("234m0p67p23455678s"),
        &closed(vec![(
            "red_fives",
            Value::List(vec![Value::Int(0), Value::Int(1), Value::Int(2)]),
        )]),
    )
    .unwrap();
    assert_eq!(h.red_fives, [0, 1, 2]);
    let aka = riichi_score(
        &text("234m0p67p23455678s"),
        &closed(vec![("rules", text("mahjong_soul"))]),
    )
    .unwrap();
    let Some(Out::List(yaku)) = aka.get("yaku") else {
        panic!("no yaku list");
    };
    assert!(
        yaku.iter()
            .any(|y| int_of(y, "id") == yaku::AKA_DORA as i64)
    );
}

#[test]
fn yaku_info_for_every_id_and_errors() {
    for id in 1..=yaku::MAX_YAKU_ID as i64 {
        let o = riichi_yaku_info(id).unwrap();
        let info = yaku::info(id as usize).unwrap();
        assert_eq!(int_of(&o, "id"), id);
        assert_eq!(o.get("name_zh"), Some(&text_out(info.zh)));
        assert_eq!(int_of(&o, "han_closed"), i64::from(info.han_closed));
        assert_eq!(o.get("yakuman"), Some(&Out::Bool(info.yakuman)));
    }
    for id in [0, 66, -1] {
        assert_eq!(
            err(riichi_yaku_info(id)),
            format!("MjKit.riichi_yaku_info: {id} is not a riichi yaku id (1 to 65)")
        );
    }
}

#[test]
fn option_errors() {
    let s = |o: Value| err(riichi_score(&text(CLOSED), &o));
    assert_eq!(
        s(closed(vec![("conditions", names(&["tsumo", "rich"]))])),
        format!(
            "MjKit.riichi_score: conditions[1] \"rich\" is not a condition ({})",
            CONDITIONS.map(|(n, _)| n).join(", ")
        )
    );
    assert_eq!(
        s(closed(vec![("conditions", Value::Int(1 << 13))])),
        "MjKit.riichi_score: conditions 8192 has bits outside 0 to 8191"
    );
    assert_eq!(
        s(closed(vec![(
            "conditions",
            Value::List(vec![Value::Int(1)])
        )])),
        "MjKit.riichi_score: conditions[0] must be a String, not a int"
    );
    let bad_meld = map(vec![("kind", text("chow")), ("tile", text("1m"))]);
    assert_eq!(
        s(closed(vec![("melds", Value::List(vec![bad_meld]))])),
        "MjKit.riichi_score: melds[0].kind \"chow\" is not a meld kind \
         (chi, pon, open_kan, added_kan, closed_kan)"
    );
    let no_tile = map(vec![("kind", text("pon"))]);
    assert_eq!(
        s(closed(vec![("melds", Value::List(vec![no_tile]))])),
        "MjKit.riichi_score: melds[0] has no tile"
    );
    let claimed = map(vec![
        ("kind", text("closed_kan")),
        ("tile", text("E")),
        ("claimed", Value::Int(2)),
    ]);
    assert_eq!(
        s(closed(vec![("melds", Value::List(vec![claimed]))])),
        "MjKit.riichi_score: melds[0].claimed of a closed kan must be 0 to 0, not 2"
    );
    assert_eq!(
        s(map(vec![])),
        "MjKit.riichi_score: options.win_tile is required (the winning tile, a kind or one \
         tile's notation)"
    );
    assert_eq!(
        s(map(vec![("win_tile", text("9s"))])),
        "MjKit.riichi_score: win_tile 9s is not in the hand (the hand includes the winning tile)"
    );
    assert_eq!(
        s(closed(vec![("wind", Value::Int(0))])),
        format!(
            "MjKit.riichi_score: unknown option \"wind\" (known: {})",
            OPTION_KEYS.join(", ")
        )
    );
    assert_eq!(
        s(closed(vec![("seat_wind", Value::Int(4))])),
        "MjKit.riichi_score: seat_wind must be 0 to 3, not 4"
    );
    assert_eq!(
        s(closed(vec![("dora", Value::List(vec![Value::Int(0); 6]))])),
        "MjKit.riichi_score: dora has 6 entries; 5 at most"
    );
    assert_eq!(
        s(closed(vec![("ura", Value::List(vec![Value::Int(34)]))])),
        "MjKit.riichi_score: ura[0] 34 is not a tile kind (0 to 33)"
    );
    assert_eq!(
        s(closed(vec![(
            "red_fives",
            Value::List(vec![Value::Int(0)])
        )])),
        "MjKit.riichi_score: red_fives must hold 3 counts (man, pin, sou), not 1"
    );
    assert_eq!(
        s(closed(vec![("honba", Value::Int(101))])),
        "MjKit.riichi_score: honba must be 0 to 100, not 101"
    );
    assert_eq!(
        s(closed(vec![("rules", text("wrc"))])),
        format!(
            "MjKit.riichi_score: rules \"wrc\" is not a preset ({})",
            PRESETS.map(|(n, _)| n).join(", ")
        )
    );
    assert_eq!(
        s(closed(vec![(
            "rules",
            map(vec![("kuitan", Value::Int(1))])
        )])),
        format!(
            "MjKit.riichi_score: unknown rules key \"kuitan\" (preset, kazoe, {})",
            RULE_SWITCHES.join(", ")
        )
    );
    assert_eq!(
        s(closed(vec![("rules", map(vec![("kazoe", text("none"))]))])),
        "MjKit.riichi_score: rules.kazoe \"none\" is not one of yakuman, sanbaiman, no_limit"
    );
    assert_eq!(
        err(riichi_score(&text(CLOSED), &Value::Int(1))),
        "MjKit.riichi_score: options must be a Dictionary, not a int"
    );
    assert_eq!(
        err(riichi_score(&text("123x"), &closed(vec![]))),
        "MjKit.riichi_score: bad notation \"123x\" at byte 3 ('x')"
    );
}

#[test]
fn tile_errors_from_the_core() {
    assert_eq!(
        err(riichi_score(&text("234m567p2345678s"), &closed(vec![]))),
        "MjKit.riichi_score: 13 concealed tiles with 0 declared melds; it takes 14"
    );
    assert_eq!(
        err(riichi_score(&text("234m567p23456789s"), &closed(vec![]))),
        "MjKit.riichi_score: not a winning hand"
    );
    assert_eq!(
        err(riichi_score(
            &text(CLOSED),
            &closed(vec![("dora", Value::List(vec![text("5s"); 3]))])
        )),
        "MjKit.riichi_score: more than 4 copies of 5s in the hand + melds + indicators + kita"
    );
}

/// Every refusal status of the core reaches GDScript with its name.
#[test]
fn refusals_name_the_core_status() {
    let refused = |hand: &Value, options: &Value, status: &str| {
        let m = err(riichi_score(hand, options));
        assert!(
            m.starts_with(&format!("MjKit.riichi_score: refused ({status}): ")),
            "{m}"
        );
    };
    let (h, o) = open_no_yaku(vec![]);
    refused(&h, &o, "NoYaku");
    let (h, o) = open_no_yaku(vec![("conditions", names(&["riichi"]))]);
    refused(&h, &o, "RiichiConflict");
    let c = text(CLOSED);
    let with = |conds: &[&str]| closed(vec![("conditions", names(conds))]);
    refused(&c, &with(&["tsumo", "chankan"]), "WinTimingConflict");
    refused(&c, &with(&["tsumo", "rinshan"]), "RinshanWithoutKan");
    refused(
        &c,
        &map(vec![
            ("win_tile", text("5s")),
            ("conditions", names(&["chankan"])),
        ]),
        "ChankanConflict",
    );
    refused(&c, &with(&["tsumo", "tenhou"]), "BlessingConflict");
    refused(
        &c,
        &closed(vec![(
            "red_fives",
            Value::List(vec![Value::Int(0), Value::Int(0), Value::Int(3)]),
        )]),
        "RedFives",
    );
    refused(
        &c,
        &closed(vec![("rules", text("sanma"))]),
        "ThreePlayerTile",
    );
    refused(&c, &with(&["nagashi_mangan"]), "NagashiConflict");
    refused(
        &c,
        &closed(vec![("paarenchan", Value::Int(1))]),
        "PaarenchanNotDealer",
    );
}
