//! The engine-free half of `MjKit.riichi_score` and `MjKit.riichi_yaku_info`: the options
//! Dictionary (melds, condition names, winds, indicators, sticks, rules preset or switches) is
//! checked here, mjkit's riichi scorer is called here, and its score is turned into an [`Out`]
//! tree that `lib.rs` maps one to one onto a Godot Dictionary.

use super::{
    Call, Failure, Out, Result, Value, c_text, dict_entries, fail, hand_text_or_counts, int,
    int_in, list, meld_parts, names, score_refusal, tile_arg,
};
use mjkit::Error;
use mjkit::riichi::{
    self, FuReason, KazoeLimit, Limit, MAX_INDICATORS, MAX_MELDS, MeldKind, RiichiHand, RiichiMeld,
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

/// RiichiMeld kinds as GDScript spells them.
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

fn switch_mut<'a>(r: &'a mut Rules, name: &str) -> Option<&'a mut u8> {
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
                        Some((_, k)) => *k as u8,
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
                *slot = u8::from(int_in(call, value, &format!("rules.{name} (a bool)"), 1)? == 1);
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

fn meld(call: Call, i: usize, v: &Value) -> Result<RiichiMeld> {
    let (kind, tile, claimed) =
        meld_parts(call, i, v, &MELD_KINDS, MeldKind::ClosedKan, "closed kan")?;
    Ok(RiichiMeld::new(kind, tile, claimed))
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

/// A score as the `riichi_score` Dictionary.
pub fn score_out(s: &Score) -> Out {
    let yaku = s
        .yaku_list()
        .filter_map(|(id, han)| {
            let info = yaku::info(id)?;
            Some(Out::Map(vec![
                ("id", int(id as i64)),
                ("name_en", c_text(info.en)),
                ("name_ja", c_text(info.ja)),
                ("han", int(han)),
            ]))
        })
        .collect();
    let fu_parts = s
        .fu_parts()
        .iter()
        .map(|p| {
            Out::Map(vec![
                (
                    "reason",
                    Out::Text(p.reason().map_or("unknown", fu_reason_name).to_owned()),
                ),
                ("fu", int(p.fu)),
            ])
        })
        .collect();
    let p = s.payment();
    Out::Map(vec![
        ("han", int(s.han)),
        ("fu", int(s.fu)),
        ("yaku", Out::List(yaku)),
        ("fu_parts", Out::List(fu_parts)),
        ("limit", Out::Text(limit_name(s.limit()).to_owned())),
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
    let refused = matches!(
        e,
        Error::NoYaku
            | Error::RiichiConflict
            | Error::WinTimingConflict
            | Error::RinshanWithoutKan
            | Error::ChankanConflict
            | Error::BlessingConflict
            | Error::RedFives
            | Error::ThreePlayerTile
            | Error::NagashiConflict
            | Error::PaarenchanNotDealer
    );
    let what = "hand + melds + indicators + kita";
    score_refusal(Call::RiichiScore, e, refused, h.meld_count, 14, what)
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
            ("name_en", c_text(info.en)),
            ("name_ja", c_text(info.ja)),
            ("name_zh", c_text(info.zh)),
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
mod tests;
