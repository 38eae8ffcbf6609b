//! Tests of the conversion layer, the hand queries and MCR scoring.

use super::hand::*;
use super::mcr::*;
use super::*;
use crate::convert::test_util::{err, map, text};
use mjkit::Forms;
use mjkit::efficiency;
use mjkit::mcr::{self, McrHand, Meld, fans};
use mjkit::tile;

fn bytes(s: &str) -> Value {
    Value::Bytes(tile::parse(s).unwrap().counts.to_vec())
}

const RIICHI: i64 = Forms::RIICHI.bits() as i64;
const MCR: i64 = Forms::MCR.bits() as i64;

#[test]
fn hand_counts_from_text_bytes_and_int_array() {
    let want = tile::parse("123m456p789s11z").unwrap().counts;
    assert_eq!(
        hand_counts(Call::Shanten, &text("123m456p789s11z")),
        Ok(want)
    );
    assert_eq!(
        hand_counts(Call::Shanten, &bytes("123m456p789s11z")),
        Ok(want)
    );
    let list = Value::List(want.iter().map(|&n| Value::Int(n.into())).collect());
    assert_eq!(hand_counts(Call::Shanten, &list), Ok(want));
}

#[test]
fn hand_counts_rejects_wrong_length_and_types() {
    assert_eq!(
        err(hand_counts(Call::Waits, &Value::Bytes(vec![0; 33]))),
        "MjKit.waits: hand must hold 34 counts, not 33"
    );
    assert_eq!(
        err(hand_counts(Call::Waits, &Value::List(vec![]))),
        "MjKit.waits: hand must hold 34 counts, not 0"
    );
    assert_eq!(
        err(hand_counts(Call::Waits, &Value::Int(3))),
        "MjKit.waits: hand must be a String of notation or 34 counts, not a int"
    );
    let mut l = vec![Value::Int(0); 34];
    l[5] = text("x");
    assert_eq!(
        err(hand_counts(Call::Waits, &Value::List(l.clone()))),
        "MjKit.waits: hand[5] is a String, not an int"
    );
    l[5] = Value::Int(-1);
    assert_eq!(
        err(hand_counts(Call::Waits, &Value::List(l))),
        "MjKit.waits: hand[5] is -1"
    );
}

#[test]
fn hand_counts_rejects_fifth_copy() {
    let mut b = vec![0u8; 34];
    b[4] = 5;
    assert_eq!(
        err(hand_counts(Call::Shanten, &Value::Bytes(b))),
        "MjKit.shanten: 5 copies of 5m in the hand"
    );
    assert_eq!(
        err(hand_counts(Call::Shanten, &text("55555m"))),
        "MjKit.shanten: more than 4 copies of 5m in \"55555m\""
    );
}

#[test]
fn parse_reports_byte_offset_and_hints() {
    assert_eq!(
        err(parse("123x")),
        "MjKit.parse: bad notation \"123x\" at byte 3 ('x')"
    );
    assert!(err(parse("123M")).contains("suit letters are lowercase"));
    assert_eq!(
        err(parse("123m45")),
        "MjKit.parse: bad notation \"123m45\" at byte 4 ('4': these digits have no suit letter after them)"
    );
    assert_eq!(
        err(parse("1238z")),
        "MjKit.parse: bad notation \"1238z\" at byte 3 ('8z': honours are 1z to 7z)"
    );
    assert_eq!(parse("0m").unwrap()[4], 1, "a red five counts as a five");
}

#[test]
fn validate_names_the_cause() {
    assert_eq!(validate(&text("123m456p789s1122z9p")), Ok(()));
    assert_eq!(validate(&Value::Bytes(vec![0; 34])), Ok(()));
    assert_eq!(
        err(validate(&text("111222333444555666m"))),
        "MjKit.validate: 18 tiles; 17 at most"
    );
    assert_eq!(
        err(validate(&text("11111m"))),
        "MjKit.validate: more than 4 copies of 1m in \"11111m\""
    );
    assert!(err(validate(&text("12q"))).starts_with("MjKit.validate: bad notation"));
}

#[test]
fn format_is_canonical() {
    assert_eq!(format(&text("EE 321m")).unwrap(), "123m11z");
    assert_eq!(
        format(&bytes("19m19p19s1234567z")).unwrap(),
        "19m19p19s1234567z"
    );
    assert_eq!(format(&Value::Bytes(vec![0; 34])).unwrap(), "");
}

#[test]
fn shanten_values_and_errors() {
    assert_eq!(shanten(&text("123m456p789s1122z"), RIICHI), Ok(0));
    assert_eq!(shanten(&text("123m456p789s11122z"), RIICHI), Ok(-1));
    // Seven pairs counts under riichi forms, not under the regular form alone.
    assert_eq!(shanten(&text("1133557799m1133p"), RIICHI), Ok(-1));
    assert_eq!(shanten(&text("1133557799m1133p"), 1), Ok(3));
    assert_eq!(
        err(shanten(&text("123m"), RIICHI)),
        "MjKit.shanten: 3 tiles; shanten takes 1 to 17 tiles, not a multiple of 3, that a requested form fits"
    );
    assert_eq!(
        err(shanten(&text("111222333444555666m"), RIICHI)),
        "MjKit.shanten: 18 tiles; 17 at most"
    );
    assert!(err(shanten(&text("1m"), 0)).contains("forms must be a non-empty sum"));
    assert!(err(shanten(&text("1m"), 64)).contains("not 64"));
    assert!(err(shanten(&text("1m"), 64 | 8)).contains("not 72"));
    assert!(err(shanten(&text("1m"), 128)).contains("not 128"));
    // Three-player tiles: 2m-8m refused, and never counted as draws.
    let sanma = RIICHI | Forms::THREE_PLAYER.bits() as i64;
    assert_eq!(shanten(&text("19m19p19s1234567z"), sanma), Ok(0));
    assert_eq!(
        err(shanten(&text("123m456p789s1122z"), sanma)),
        "MjKit.shanten: a tile or seat that three-player does not have"
    );
    assert_eq!(waits(&text("11m456p789s11122z"), sanma), Ok(vec![0, 28]));
    assert_eq!(waits(&text("11m456p789s11122z"), RIICHI), Ok(vec![0, 28]));
    assert!(err(shanten(&text("1m"), -1)).contains("not -1"));
    assert!(err(shanten(&text("1m"), 1 << 40)).contains("forms"));
}

#[test]
fn is_win_values_and_errors() {
    assert_eq!(is_win(&text("123m456p789s11122z"), RIICHI), Ok(true));
    assert_eq!(is_win(&text("123m456p789s11123z"), RIICHI), Ok(false));
    assert_eq!(is_win(&text("19m19p19s12345677z"), RIICHI), Ok(true));
    assert_eq!(is_win(&text("19m19p19s12345677z"), 1), Ok(false));
    // 全不靠 is an MCR form only.
    assert_eq!(is_win(&text("147m258p369s12345z"), MCR), Ok(true));
    assert_eq!(is_win(&text("147m258p369s12345z"), RIICHI), Ok(false));
    assert_eq!(
        err(is_win(&text("123m456p789s1122z"), RIICHI)),
        "MjKit.is_win: 13 tiles; is_win takes 3n+2 tiles (2, 5, 8, 11, 14 or 17) that a requested form fits"
    );
}

#[test]
fn waits_lists_kinds() {
    assert_eq!(
        waits(&text("1112345678999m"), RIICHI),
        Ok((0..9).collect::<Vec<i32>>())
    );
    assert_eq!(waits(&text("123m456p789s1122z"), RIICHI), Ok(vec![27, 28]));
    assert_eq!(waits(&text("19m19p19s1234567z"), RIICHI).unwrap().len(), 13);
    assert_eq!(waits(&text("1357m2468p1357s9m"), RIICHI), Ok(vec![]));
    assert!(err(waits(&text("11m"), RIICHI)).contains("waits takes 3n+1 tiles"));
}

/// The values the README's GDScript quick start prints.
#[test]
fn readme_quick_start_values() {
    assert_eq!(shanten(&text("123m456p789s1122z9p"), RIICHI), Ok(0));
    assert_eq!(waits(&text("123m456p789s1122z"), RIICHI), Ok(vec![27, 28]));
    let best = best_discards(&text("123m456p789s1122z9p"), RIICHI, &Value::Nil).unwrap();
    let names: Vec<_> = best
        .iter()
        .map(|d| tile_name(d.tile.into()).unwrap())
        .collect();
    assert_eq!(names, ["9p"]);
    assert_eq!(best[0].ukeire_count, 4);
    let melds = map([(
        "melds",
        Value::List(vec![
            map([("kind", text("concealed_kong")), ("tile", text("E"))]),
            map([
                ("kind", text("pung")),
                ("tile", text("9s")),
                ("claimed", Value::Int(1)),
            ]),
        ]),
    )]);
    let s = mcr_score(&text("123m456p55s"), &text("5s"), &melds).unwrap();
    assert_eq!((s.total, s.qualifies, s.fans.len()), (8, true, 5));
    assert_eq!(s.fans[0].name_en, "Prevalent Wind");
}

#[test]
fn mask_tiles_is_ascending() {
    assert_eq!(mask_tiles(0), Vec::<i32>::new());
    assert_eq!(mask_tiles(1 | 1 << 33 | 1 << 9), vec![0, 9, 33]);
}

#[test]
fn ukeire_with_and_without_visible() {
    let u = ukeire(&text("23m456p789s11122z"), RIICHI, &Value::Nil).unwrap();
    assert_eq!(
        u,
        UkeireOut {
            shanten: 0,
            tiles: vec![0, 3],
            counts: vec![4, 4],
            total: 8
        }
    );
    let seen = bytes("14m");
    let u = ukeire(&text("23m456p789s11122z"), RIICHI, &seen).unwrap();
    assert_eq!((u.counts, u.total), (vec![3, 3], 6));
    let u2 = ukeire(&text("23m456p789s11122z"), RIICHI, &text("14m")).unwrap();
    assert_eq!(u2.total, 6, "visible tiles as notation");
    assert_eq!(
        ukeire(&text("23m456p789s11122z"), RIICHI, &Value::Bytes(vec![]))
            .unwrap()
            .total,
        8
    );
    assert_eq!(
        err(ukeire(&text("23m456p789s11122z"), RIICHI, &text("11122z"))),
        "MjKit.ukeire: more than 4 copies of 1z in the hand + visible tiles"
    );
    assert_eq!(
        err(ukeire(
            &text("23m456p789s11122z"),
            RIICHI,
            &Value::Bytes(vec![1; 3])
        )),
        "MjKit.ukeire: visible tiles must hold 34 counts, not 3"
    );
    assert!(err(ukeire(&text("23m456p789s111222z"), RIICHI, &Value::Nil)).contains("3n+1"));
}

#[test]
fn discards_in_kind_order_and_best() {
    // Every discard of a 14-tile hand, checked field by field against the core.
    let hand_text = "123m456p78s11223z4z";
    let all = discards(&text(hand_text), RIICHI, &Value::Nil).unwrap();
    let mut core = Vec::new();
    efficiency::discards(
        &tile::parse(hand_text).unwrap().counts,
        Forms::RIICHI,
        None,
        |d| core.push(d),
    )
    .unwrap();
    assert_eq!(all.len(), core.len());
    assert!(all.windows(2).all(|w| w[0].tile < w[1].tile));
    for (d, c) in all.iter().zip(&core) {
        assert_eq!(d, &DiscardOut::from(*c));
        assert_eq!(d.ukeire, mask_tiles(c.ukeire_mask));
    }
    let best = best_discards(&text(hand_text), RIICHI, &Value::Nil).unwrap();
    let min_shanten = all.iter().map(|d| d.shanten).min().unwrap();
    let max_count = all
        .iter()
        .filter(|d| d.shanten == min_shanten)
        .map(|d| d.ukeire_count)
        .max()
        .unwrap();
    assert!(!best.is_empty());
    assert!(
        best.iter()
            .all(|d| d.shanten == min_shanten && d.ukeire_count == max_count)
    );
    assert_eq!(
        best.len(),
        all.iter()
            .filter(|d| d.shanten == min_shanten && d.ukeire_count == max_count)
            .count()
    );
    assert!(err(discards(&text("123m"), RIICHI, &Value::Nil)).contains("3n+2"));
}

#[test]
fn best_discards_prefers_lower_shanten_over_more_ukeire() {
    // Discarding 9p keeps tenpai; discarding anything from the complete sets breaks it.
    let best = best_discards(&text("123m456p789s1122z9p"), RIICHI, &Value::Nil).unwrap();
    assert_eq!(best.len(), 1);
    assert_eq!((best[0].tile, best[0].shanten), (17, 0));
    assert_eq!(best[0].ukeire, vec![27, 28]);
}

#[test]
fn tile_index_and_name_round_trip() {
    for k in 0..34 {
        let name = tile_name(k).unwrap();
        assert_eq!(tile_index(&name), Ok(k as i32), "{name}");
    }
    assert_eq!(tile_index("5m"), Ok(4));
    assert_eq!(tile_index("0p"), Ok(13));
    assert_eq!(tile_index("E"), Ok(27));
    assert_eq!(tile_index("C"), Ok(33));
    assert_eq!(tile_name(33), Ok("7z".to_owned()));
    assert!(err(tile_index("55m")).contains("exactly one tile, not 2"));
    assert!(err(tile_index("")).contains("exactly one tile, not 0"));
    assert!(err(tile_index("8z")).contains("bad notation"));
    assert!(err(tile_name(34)).contains("not a tile kind"));
    assert!(err(tile_name(-1)).contains("not a tile kind"));
}

#[test]
fn fan_info_matches_core_table() {
    let f = fan_info(1).unwrap();
    assert_eq!(
        (f.points, f.name_zh.as_str(), f.name_en.as_str()),
        (88, "大四喜", "Big Four Winds")
    );
    assert_eq!(fan_info(82).unwrap().points, 5);
    assert!(err(fan_info(0)).contains("not a fan id"));
    assert!(err(fan_info(83)).contains("not a fan id"));
    assert!(err(fan_info(-5)).contains("not a fan id"));
}

#[test]
fn mcr_score_concealed_hand() {
    // Thirteen orphans won on 1m.
    let s = mcr_score(&text("119m19p19s1234567z"), &text("1m"), &Value::Nil).unwrap();
    assert!(s.qualifies);
    assert_eq!(s.base, 88);
    assert!(
        s.fans
            .iter()
            .any(|f| f.id == 7 && f.count == 1 && f.points == 88)
    );
    // The same through the core directly, with flowers and self-drawn from options.
    let counts = tile::parse("119m19p19s1234567z").unwrap().counts;
    let mut h = McrHand::new(counts, 0);
    h.flags = mcr::WIN_SELF_DRAWN;
    h.flowers = 2;
    h.seat_wind = 1;
    let want = ScoreOut::from(mcr::score(&h).unwrap());
    let opts = map([
        ("flags", Value::Int(mcr::WIN_SELF_DRAWN.into())),
        ("flowers", Value::Int(2)),
        ("seat_wind", Value::Int(1)),
    ]);
    let got = mcr_score(&bytes("119m19p19s1234567z"), &Value::Int(0), &opts).unwrap();
    assert_eq!(got, want);
    assert_eq!(got.total, got.base + 2);
    assert!(
        got.fans
            .iter()
            .any(|f| f.id == fans::FLOWER_TILES as i32 && f.count == 2)
    );
}

#[test]
fn mcr_score_with_melds_matches_core() {
    // 11 concealed tiles and a claimed chow of 123s, won on 5p.
    let concealed = "234m567p888s55p";
    let opts = map([(
        "melds",
        Value::List(vec![map([
            ("kind", text("chow")),
            ("tile", text("1s")),
            ("claimed", Value::Int(2)),
        ])]),
    )]);
    let got = mcr_score(&text(concealed), &text("5p"), &opts);
    let counts = tile::parse(concealed).unwrap().counts;
    let h = McrHand::new(counts, 13).with_meld(Meld::chow(18, 2));
    assert_eq!(got, Ok(ScoreOut::from(mcr::score(&h).unwrap())));
    // Concealed kong: `claimed` defaults to 0, and to 1 for the other kinds.
    let opts = map([(
        "melds",
        Value::List(vec![
            map([("kind", text("concealed_kong")), ("tile", Value::Int(27))]),
            map([("kind", text("pung")), ("tile", text("9s"))]),
        ]),
    )]);
    let got = mcr_score(&text("123m456p55s"), &text("5s"), &opts);
    let h = McrHand::new(tile::parse("123m456p55s").unwrap().counts, 22)
        .with_meld(Meld::concealed_kong(27))
        .with_meld(Meld::pung(26, 1));
    let got = got.unwrap();
    assert_eq!(got, ScoreOut::from(mcr::score(&h).unwrap()));
    // East seat and round with a concealed kong of East, won on a single wait.
    let ids: Vec<i32> = got.fans.iter().map(|f| f.id).collect();
    for id in [
        fans::PREVALENT_WIND,
        fans::SEAT_WIND,
        fans::CONCEALED_KONG,
        fans::SINGLE_WAIT,
    ] {
        assert!(ids.contains(&(id as i32)), "fan {id} in {ids:?}");
    }
}

#[test]
fn mcr_score_errors() {
    let hand = text("119m19p19s1234567z");
    assert!(
        err(mcr_score(&hand, &text("2m"), &Value::Nil)).contains("win_tile 2m is not in the hand")
    );
    assert!(
        err(mcr_score(&hand, &Value::Int(34), &Value::Nil))
            .contains("win_tile 34 is not a tile kind")
    );
    assert!(err(mcr_score(&hand, &Value::Nil, &Value::Nil)).contains("win_tile must be an int"));
    assert!(
        err(mcr_score(&hand, &Value::Int(0), &Value::Int(1)))
            .contains("options must be a Dictionary")
    );
    assert!(
        err(mcr_score(
            &hand,
            &Value::Int(0),
            &map([("flag", Value::Int(1))])
        ))
        .contains("unknown option \"flag\"")
    );
    assert!(
        err(mcr_score(
            &hand,
            &Value::Int(0),
            &map([("flags", Value::Int(16))])
        ))
        .contains("flags must be a sum of MjKit.WIN_* bits (0 to 15), not 16")
    );
    assert!(
        err(mcr_score(
            &hand,
            &Value::Int(0),
            &map([("seat_wind", Value::Int(4))])
        ))
        .contains("seat_wind must be 0 to 3, not 4")
    );
    assert!(
        err(mcr_score(
            &hand,
            &Value::Int(0),
            &map([("flowers", Value::Int(9))])
        ))
        .contains("flowers must be 0 to 8, not 9")
    );
    assert_eq!(
        err(mcr_score(
            &text("123m456p789s1122z"),
            &Value::Int(0),
            &Value::Nil
        )),
        "MjKit.mcr_score: 13 tiles; mcr_score takes 14 - 3 x (declared melds) concealed tiles, \
         winning tile included"
    );
    assert_eq!(
        err(mcr_score(
            &text("123m456p789s11123z"),
            &Value::Int(0),
            &Value::Nil
        )),
        "MjKit.mcr_score: not a winning hand"
    );
    let bad_meld = |m: Value| {
        err(mcr_score(
            &text("123m456p789s11z"),
            &text("1z"),
            &map([("melds", Value::List(vec![m]))]),
        ))
    };
    assert!(bad_meld(Value::Int(1)).contains("melds[0] must be a Dictionary"));
    assert!(bad_meld(map([("tile", Value::Int(0))])).contains("melds[0] has no kind"));
    assert!(
        bad_meld(map([("kind", text("chi")), ("tile", Value::Int(0))]))
            .contains("\"chi\" is not a meld kind (chow, pung, kong, concealed_kong)")
    );
    assert!(bad_meld(map([("kind", text("pung"))])).contains("melds[0] has no tile"));
    assert!(
        bad_meld(map([
            ("kind", text("pung")),
            ("tile", Value::Int(0)),
            ("claimed", Value::Int(0))
        ]))
        .contains("claimed must be 1 to 3, not 0")
    );
    assert!(
        bad_meld(map([
            ("kind", text("pung")),
            ("tile", Value::Int(0)),
            ("from", Value::Int(1))
        ]))
        .contains("unknown key \"from\"")
    );
    assert!(bad_meld(map([("kind", text("chow")), ("tile", text("8m"))])).contains("illegal meld"));
    let five = Value::List(vec![
        map([
            ("kind", text("concealed_kong")),
            ("tile", Value::Int(0))
        ]);
        5
    ]);
    assert!(
        err(mcr_score(
            &text("11z"),
            &text("1z"),
            &map([("melds", five)])
        ))
        .contains("5 melds; 4 at most")
    );
}

#[test]
fn batch_calls_match_the_single_calls_and_report_each_bad_hand() {
    let hands = [
        Value::Text("1112345678999m".into()),
        Value::Text("123m".into()),
        Value::Text("123m456p789s1122z".into()),
        Value::Text("12x".into()),
    ];
    let sh = shanten_batch(&hands, 7).unwrap();
    let w = waits_batch(&hands, 7).unwrap();
    for (i, h) in hands.iter().enumerate() {
        assert_eq!(sh[i], shanten(h, 7), "shanten {i}");
        assert_eq!(w[i], waits(h, 7), "waits {i}");
    }
    assert!(sh[1].is_err() && sh[3].is_err() && sh[0] == Ok(0));
    let wins = [
        Value::Text("123m456p789s11122z".into()),
        Value::Text("123m456p789s11234z".into()),
    ];
    let iw = is_win_batch(&wins, 7).unwrap();
    assert_eq!(iw, vec![Ok(true), Ok(false)]);
    // A bad form set fails the whole call, as for one hand.
    assert!(shanten_batch(&hands, 0).is_err());
    assert!(is_win_batch(&wins, 1 << 20).is_err());
    assert!(waits_batch(&hands, 0).is_err());
    assert_eq!(shanten_batch(&[], 7).unwrap(), vec![]);
}
