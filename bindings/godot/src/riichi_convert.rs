//! The engine-free half of `MjKit.riichi_score` and `MjKit.riichi_yaku_info`: the options
//! Dictionary (melds, condition names, winds, indicators, sticks, rules preset or switches) is
//! checked here, mjkit's riichi scorer is called here, and its score is turned into an [`Out`]
//! tree that `lib.rs` maps one to one onto a Godot Dictionary.

use crate::convert::{
    Call, Failure, Result, Value, dict_entries, explain, fail, hand_text_or_counts, int_in,
    meld_parts, names, tile_arg,
};
use crate::table_convert::Out;
use mjkit::Error;
use mjkit::riichi::{
    self, FuReason, KazoeLimit, Limit, MAX_INDICATORS, MAX_MELDS, Meld, MeldKind, RiichiHand,
    Rules, Score, yaku,
};

/// The keys `riichi_score` reads from its options Dictionary.
pub const OPTION_KEYS: [&str; 13] = [
    "win_tile",
    "melds",
    "conditions",
    "seat_wind",
    "round_wind",
    "dora",
    "ura",
    "red_fives",
    "honba",
    "riichi_sticks",
    "kita",
    "paarenchan",
    "rules",
];

/// Condition names as GDScript spells them, with their bit.
pub const CONDITIONS: [(&str, u32); 13] = [
    ("tsumo", riichi::TSUMO),
    ("riichi", riichi::RIICHI),
    ("double_riichi", riichi::DOUBLE_RIICHI),
    ("ippatsu", riichi::IPPATSU),
    ("rinshan", riichi::RINSHAN),
    ("chankan", riichi::CHANKAN),
    ("haitei", riichi::HAITEI),
    ("houtei", riichi::HOUTEI),
    ("tenhou", riichi::TENHOU),
    ("chiihou", riichi::CHIIHOU),
    ("renhou", riichi::RENHOU),
    ("nagashi_mangan", riichi::NAGASHI_MANGAN),
    ("open_riichi", riichi::OPEN_RIICHI),
];

/// Meld kinds as GDScript spells them.
pub const MELD_KINDS: [(&str, MeldKind); 5] = [
    ("chi", MeldKind::Chi),
    ("pon", MeldKind::Pon),
    ("open_kan", MeldKind::OpenKan),
    ("added_kan", MeldKind::AddedKan),
    ("closed_kan", MeldKind::ClosedKan),
];

/// Rules presets by name.
pub const PRESETS: [(&str, Rules); 6] = [
    ("reference", Rules::REFERENCE),
    ("tenhou", Rules::TENHOU),
    ("mahjong_soul", Rules::MAHJONG_SOUL),
    ("tournament", Rules::TOURNAMENT),
    ("local_yaku", Rules::LOCAL_YAKU),
    ("sanma", Rules::SANMA),
];

/// The switches of a rules Dictionary besides `preset` and `kazoe`.
pub const RULE_SWITCHES: [&str; 14] = [
    "open_tanyao",
    "aka_dora",
    "double_yakuman",
    "kiriage",
    "fu_for_open_pinfu",
    "fu_for_pinfu_tsumo",
    "renhou_as_yakuman",
    "daisharin",
    "daisharin_other_suits",
    "daichisei",
    "sashikomi",
    "sextuple_limit",
    "paarenchan_needs_yaku",
    "three_player",
];

const KAZOE: [(&str, KazoeLimit); 3] = [
    ("yakuman", KazoeLimit::Yakuman),
    ("sanbaiman", KazoeLimit::Sanbaiman),
    ("no_limit", KazoeLimit::NoLimit),
];

fn switch_mut<'a>(r: &'a mut Rules, name: &str) -> Option<&'a mut bool> {
    Some(match name {
        "open_tanyao" => &mut r.open_tanyao,
        "aka_dora" => &mut r.aka_dora,
        "double_yakuman" => &mut r.double_yakuman,
        "kiriage" => &mut r.kiriage,
        "fu_for_open_pinfu" => &mut r.fu_for_open_pinfu,
        "fu_for_pinfu_tsumo" => &mut r.fu_for_pinfu_tsumo,
        "renhou_as_yakuman" => &mut r.renhou_as_yakuman,
        "daisharin" => &mut r.daisharin,
        "daisharin_other_suits" => &mut r.daisharin_other_suits,
        "daichisei" => &mut r.daichisei,
        "sashikomi" => &mut r.sashikomi,
        "sextuple_limit" => &mut r.sextuple_limit,
        "paarenchan_needs_yaku" => &mut r.paarenchan_needs_yaku,
        "three_player" => &mut r.three_player,
        _ => return None,
    })
}

fn preset(call: Call, v: &Value, what: &str) -> Result<Rules> {
    match v {
        Value::Text(name) => match PRESETS.iter().find(|(n, _)| n == name) {
            Some((_, r)) => Ok(*r),
            None => fail(
                call,
                format_args!("{what} {name:?} is not a preset ({})", names(&PRESETS)),
            ),
        },
        other => fail(
            call,
            format_args!(
                "{what} must be a preset name String, not a {}",
                other.type_name()
            ),
        ),
    }
}

/// The rules of `options.rules`: a preset name, or a Dictionary with an optional `preset`
/// (default `"reference"`), `kazoe` (`"yakuman"`, `"sanbaiman"`, `"no_limit"`) and any of
/// [`RULE_SWITCHES`] as bools.
pub fn rules(call: Call, v: &Value) -> Result<Rules> {
    let entries = match v {
        Value::Nil => return Ok(Rules::REFERENCE),
        Value::Text(_) => return preset(call, v, "rules"),
        Value::Map(e) => e,
        other => {
            return fail(
                call,
                format_args!(
                    "rules must be a preset name or a Dictionary, not a {}",
                    other.type_name()
                ),
            );
        }
    };
    let mut r = match entries.iter().find(|(k, _)| k == "preset") {
        Some((_, p)) => preset(call, p, "rules.preset")?,
        None => Rules::REFERENCE,
    };
    for (key, value) in entries {
        match key.as_str() {
            "preset" => {}
            "kazoe" => {
                r.kazoe = match value {
                    Value::Text(t) => match KAZOE.iter().find(|(n, _)| n == t) {
                        Some((_, k)) => *k,
                        None => {
                            return fail(
                                call,
                                format_args!("rules.kazoe {t:?} is not one of {}", names(&KAZOE)),
                            );
                        }
                    },
                    other => {
                        return fail(
                            call,
                            format_args!(
                                "rules.kazoe must be a String, not a {}",
                                other.type_name()
                            ),
                        );
                    }
                }
            }
            name => {
                let Some(slot) = switch_mut(&mut r, name) else {
                    return fail(
                        call,
                        format_args!(
                            "unknown rules key {name:?} (preset, kazoe, {})",
                            RULE_SWITCHES.join(", ")
                        ),
                    );
                };
                *slot = int_in(call, value, &format!("rules.{name} (a bool)"), 1)? == 1;
            }
        }
    }
    Ok(r)
}

/// Condition bits from an Array of names or an int bitmask.
pub fn conditions(call: Call, v: &Value) -> Result<u32> {
    match v {
        Value::Int(n) if (0..=i64::from(riichi::CONDITIONS_ALL)).contains(n) => Ok(*n as u32),
        Value::Int(n) => fail(
            call,
            format_args!(
                "conditions {n} has bits outside 0 to {}",
                riichi::CONDITIONS_ALL
            ),
        ),
        Value::List(items) => {
            let mut bits = 0;
            for (i, item) in items.iter().enumerate() {
                let Value::Text(name) = item else {
                    return fail(
                        call,
                        format_args!(
                            "conditions[{i}] must be a String, not a {}",
                            item.type_name()
                        ),
                    );
                };
                match CONDITIONS.iter().find(|(n, _)| n == name) {
                    Some((_, b)) => bits |= b,
                    None => {
                        return fail(
                            call,
                            format_args!(
                                "conditions[{i}] {name:?} is not a condition ({})",
                                names(&CONDITIONS)
                            ),
                        );
                    }
                }
            }
            Ok(bits)
        }
        other => fail(
            call,
            format_args!(
                "conditions must be an Array of names or an int, not a {}",
                other.type_name()
            ),
        ),
    }
}

fn meld(call: Call, i: usize, v: &Value) -> Result<Meld> {
    let (kind, tile, claimed) =
        meld_parts(call, i, v, &MELD_KINDS, MeldKind::ClosedKan, "closed kan")?;
    Ok(Meld {
        kind,
        tile,
        claimed,
    })
}

fn list<'a>(call: Call, v: &'a Value, what: &str, max: usize) -> Result<&'a [Value]> {
    match v {
        Value::List(items) if items.len() <= max => Ok(items),
        Value::List(items) => fail(
            call,
            format_args!("{what} has {} entries; {max} at most", items.len()),
        ),
        other => fail(
            call,
            format_args!("{what} must be an Array, not a {}", other.type_name()),
        ),
    }
}

/// The [`RiichiHand`] and [`Rules`] of a `riichi_score` call, checked for shape only (the core
/// checks the tiles and the conditions against each other).
pub fn riichi_hand(v: &Value, options: &Value) -> Result<(RiichiHand, Rules)> {
    let call = Call::RiichiScore;
    let (counts, notation_reds) = hand_text_or_counts(call, v)?;
    let entries = dict_entries(call, options, "options")?;
    let Some((_, win)) = entries.iter().find(|(k, _)| k == "win_tile") else {
        return fail(
            call,
            "options.win_tile is required (the winning tile, a kind or one tile's notation)",
        );
    };
    let win_tile = tile_arg(call, win, "win_tile")?;
    if counts[usize::from(win_tile)] == 0 {
        return fail(
            call,
            format_args!(
                "win_tile {} is not in the hand (the hand includes the winning tile)",
                crate::convert::kind_name(win_tile.into())
            ),
        );
    }
    let mut h = RiichiHand::new(counts, win_tile);
    h.red_fives = notation_reds;
    let mut rules_value = &Value::Nil;
    for (key, value) in entries {
        match key.as_str() {
            "win_tile" => {}
            "melds" => {
                for (i, m) in list(call, value, "melds", MAX_MELDS)?.iter().enumerate() {
                    h = h.with_meld(meld(call, i, m)?);
                }
            }
            "conditions" => h.conditions = conditions(call, value)?,
            "seat_wind" => h.seat_wind = int_in(call, value, "seat_wind", 3)?,
            "round_wind" => h.round_wind = int_in(call, value, "round_wind", 3)?,
            "dora" => {
                for (i, t) in list(call, value, "dora", MAX_INDICATORS)?
                    .iter()
                    .enumerate()
                {
                    h = h.with_dora(tile_arg(call, t, &format!("dora[{i}]"))?);
                }
            }
            "ura" => {
                for (i, t) in list(call, value, "ura", MAX_INDICATORS)?.iter().enumerate() {
                    h = h.with_ura(tile_arg(call, t, &format!("ura[{i}]"))?);
                }
            }
            "red_fives" => {
                let items = list(call, value, "red_fives", 3)?;
                if items.len() != 3 {
                    return fail(
                        call,
                        format_args!(
                            "red_fives must hold 3 counts (man, pin, sou), not {}",
                            items.len()
                        ),
                    );
                }
                for (i, n) in items.iter().enumerate() {
                    h.red_fives[i] = int_in(call, n, &format!("red_fives[{i}]"), 4)?;
                }
            }
            "honba" => h.honba = int_in(call, value, "honba", 100)?.into(),
            "riichi_sticks" => h.riichi_sticks = int_in(call, value, "riichi_sticks", 100)?.into(),
            "kita" => h.kita = int_in(call, value, "kita", 4)?,
            "paarenchan" => h.paarenchan = int_in(call, value, "paarenchan", 6)?,
            "rules" => rules_value = value,
            other => {
                return fail(
                    call,
                    format_args!(
                        "unknown option {other:?} (known: {})",
                        OPTION_KEYS.join(", ")
                    ),
                );
            }
        }
    }
    Ok((h, rules(call, rules_value)?))
}

/// The GDScript name of a fu reason.
pub fn fu_reason_name(r: FuReason) -> &'static str {
    match r {
        FuReason::Base => "base",
        FuReason::Penchan => "penchan",
        FuReason::Kanchan => "kanchan",
        FuReason::ValuedPair => "valued_pair",
        FuReason::DoubleValuedPair => "double_valued_pair",
        FuReason::PairWait => "pair_wait",
        FuReason::Tsumo => "tsumo",
        FuReason::OpenPinfu => "open_pinfu",
        FuReason::ClosedPon => "closed_pon",
        FuReason::OpenPon => "open_pon",
        FuReason::ClosedTerminalPon => "closed_terminal_pon",
        FuReason::OpenTerminalPon => "open_terminal_pon",
        FuReason::ClosedKan => "closed_kan",
        FuReason::OpenKan => "open_kan",
        FuReason::ClosedTerminalKan => "closed_terminal_kan",
        FuReason::OpenTerminalKan => "open_terminal_kan",
    }
}

/// The GDScript name of a payment label.
pub fn limit_name(l: Limit) -> &'static str {
    match l {
        Limit::None => "none",
        Limit::Mangan => "mangan",
        Limit::Haneman => "haneman",
        Limit::Baiman => "baiman",
        Limit::Sanbaiman => "sanbaiman",
        Limit::Yakuman => "yakuman",
        Limit::KazoeYakuman => "kazoe_yakuman",
        Limit::KazoeSanbaiman => "kazoe_sanbaiman",
        Limit::KiriageMangan => "kiriage_mangan",
        Limit::NagashiMangan => "nagashi_mangan",
    }
}

fn int(n: impl Into<i64>) -> Out {
    Out::Int(n.into())
}

fn text(s: &std::ffi::CStr) -> Out {
    Out::Text(s.to_string_lossy().into_owned())
}

/// A score as the `riichi_score` Dictionary.
pub fn score_out(s: &Score) -> Out {
    let yaku = s
        .yaku_list()
        .filter_map(|(id, han)| {
            let info = yaku::info(id)?;
            Some(Out::Map(vec![
                ("id", int(id as i64)),
                ("name_en", text(info.en)),
                ("name_ja", text(info.ja)),
                ("han", int(han)),
            ]))
        })
        .collect();
    let fu_parts = s
        .fu_parts()
        .iter()
        .map(|p| {
            Out::Map(vec![
                ("reason", Out::Text(fu_reason_name(p.reason).to_owned())),
                ("fu", int(p.fu)),
            ])
        })
        .collect();
    let p = &s.payment;
    Out::Map(vec![
        ("han", int(s.han)),
        ("fu", int(s.fu)),
        ("yaku", Out::List(yaku)),
        ("fu_parts", Out::List(fu_parts)),
        ("limit", Out::Text(limit_name(s.limit).to_owned())),
        ("yakuman_multiple", int(s.yakuman_multiple)),
        ("main", int(p.main)),
        ("additional", int(p.additional)),
        ("main_bonus", int(p.main_bonus)),
        ("additional_bonus", int(p.additional_bonus)),
        ("sticks_bonus", int(p.sticks_bonus)),
        ("total", int(p.total)),
    ])
}

/// The message of a core error: tile errors as the other `MjKit` methods word them; the riichi
/// refusals (a hand no game can produce, or without yaku) name the core's status as well.
fn refusal(e: Error, h: &RiichiHand) -> Failure {
    let call = Call::RiichiScore;
    match e {
        Error::NoYaku
        | Error::RiichiConflict
        | Error::WinTimingConflict
        | Error::RinshanWithoutKan
        | Error::ChankanConflict
        | Error::BlessingConflict
        | Error::RedFives
        | Error::ThreePlayerTile
        | Error::NagashiConflict
        | Error::PaarenchanNotDealer => Failure(format!(
            "{}.{}: refused ({e:?}): {e}",
            call.class(),
            call.name()
        )),
        Error::BadTileTotal { total } => Failure(format!(
            "{}.{}: {total} concealed tiles with {} declared melds; it takes {}",
            call.class(),
            call.name(),
            h.meld_count,
            14 - 3 * u32::from(h.meld_count)
        )),
        other => explain(call, other, "hand + melds + indicators + kita"),
    }
}

/// `MjKit.riichi_score`: scores a riichi winning hand (see [`riichi_hand`] for the options).
pub fn riichi_score(v: &Value, options: &Value) -> Result<Out> {
    let (h, rules) = riichi_hand(v, options)?;
    riichi::score(&h, &rules)
        .map(|s| score_out(&s))
        .map_err(|e| refusal(e, &h))
}

/// `MjKit.riichi_yaku_info`: `{id, name_en, name_ja, name_zh, han_closed, han_open, yakuman}`
/// of yaku `id` (1 to 65).
pub fn riichi_yaku_info(id: i64) -> Result<Out> {
    match usize::try_from(id).ok().and_then(yaku::info) {
        Some(info) => Ok(Out::Map(vec![
            ("id", int(id)),
            ("name_en", text(info.en)),
            ("name_ja", text(info.ja)),
            ("name_zh", text(info.zh)),
            ("han_closed", int(info.han_closed)),
            ("han_open", int(info.han_open)),
            ("yakuman", Out::Bool(info.yakuman)),
        ])),
        None => fail(
            Call::RiichiYakuInfo,
            format_args!("{id} is not a riichi yaku id (1 to {})", yaku::MAX_YAKU_ID),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mjkit::tile;

    fn text(s: &str) -> Value {
        Value::Text(s.to_owned())
    }

    fn map(entries: Vec<(&str, Value)>) -> Value {
        Value::Map(
            entries
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect(),
        )
    }

    fn names(list: &[&str]) -> Value {
        Value::List(list.iter().map(|n| text(n)).collect())
    }

    fn err<T: std::fmt::Debug>(r: Result<T>) -> String {
        r.expect_err("expected a failure").0
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
        assert_eq!(int_of(&o, "main"), i64::from(s.payment.main));
        assert_eq!(int_of(&o, "additional"), i64::from(s.payment.additional));
        assert_eq!(int_of(&o, "main_bonus"), i64::from(s.payment.main_bonus));
        assert_eq!(int_of(&o, "sticks_bonus"), 1000);
        assert_eq!(int_of(&o, "total"), i64::from(s.payment.total));
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
                Meld::chi(0, 2),
                Meld::pon(31, 1),
                Meld::open_kan(9, 3),
                Meld::added_kan(26, 1)
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
        assert_eq!(h.melds(), &[Meld::closed_kan(27)]);
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
                kiriage: false,
                kazoe: KazoeLimit::NoLimit,
                daichisei: true,
                ..Rules::TOURNAMENT
            }
        );
        for name in RULE_SWITCHES {
            let on = rules(Call::RiichiScore, &map(vec![(name, Value::Int(1))])).unwrap();
            let off = rules(Call::RiichiScore, &map(vec![(name, Value::Int(0))])).unwrap();
            assert_ne!(on, off, "{name}");
            let mut r = Rules::REFERENCE;
            *switch_mut(&mut r, name).unwrap() = true;
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
}
