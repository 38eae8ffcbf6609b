//! The engine-free half of `MjKit.tai_score` and `MjKit.tai_pattern_info`: the options
//! Dictionary (winning tile, melds, flowers, how the win came, seats, winds, flags, rules preset
//! or values and switches) is checked here, mjkit's tai engine is called here, and its score is
//! turned into an [`Out`] tree that `lib.rs` maps one to one onto a Godot Dictionary.

use super::{
    Call, Failure, Out, Result, Value, bool_arg, dict_entries, fail, hand_counts, int, int_in,
    list, meld_parts, names, score_refusal, tile_arg,
};
use mjkit::Error;
use mjkit::tai::{
    self, FLOWERS, MAX_MELDS, MeldKind, PATTERN_SLOTS, Pattern, TaiRules, TaiScore, WinFacts,
    WinHow,
};

/// The keys `tai_score` reads from its options Dictionary.
pub const OPTION_KEYS: [&str; 18] = [
    "win_tile",
    "melds",
    "flowers",
    "how",
    "from",
    "winner",
    "dealer",
    "seat_wind",
    "consecutive_deals",
    "prevalent_wind",
    "replacement",
    "after_exposed_kong",
    "last_tile",
    "first_turn",
    "first_go_around",
    "ready_from_first_discard",
    "ready_from_deal",
    "rules",
];

/// The facts given as bools, by option name: their flag bits.
const FLAG_OPTIONS: [(&str, u32); 7] = [
    ("replacement", tai::FLAG_REPLACEMENT),
    ("after_exposed_kong", tai::FLAG_AFTER_EXPOSED_KONG),
    ("last_tile", tai::FLAG_LAST_TILE),
    ("first_turn", tai::FLAG_FIRST_TURN),
    ("first_go_around", tai::FLAG_FIRST_GO_AROUND),
    (
        "ready_from_first_discard",
        tai::FLAG_READY_FROM_FIRST_DISCARD,
    ),
    ("ready_from_deal", tai::FLAG_READY_FROM_DEAL),
];

/// How a win came, by name.
pub const HOW: [(&str, WinHow); 5] = [
    ("self_drawn", WinHow::SelfDrawn),
    ("discard", WinHow::Discard),
    ("robbing_kong", WinHow::RobbingKong),
    ("eight_flowers", WinHow::EightFlowers),
    ("seven_rob_one", WinHow::SevenRobOne),
];

/// Meld kinds by name (as for `mcr_score`, with the added kong told apart).
const MELD_KINDS: [(&str, MeldKind); 5] = [
    ("chow", MeldKind::Chow),
    ("pung", MeldKind::Pung),
    ("kong", MeldKind::Kong),
    ("added_kong", MeldKind::AddedKong),
    ("concealed_kong", MeldKind::ConcealedKong),
];

/// A preset's constructor.
pub type Preset = fn() -> TaiRules;

/// Rules presets by name.
pub const PRESETS: [(&str, Preset); 2] =
    [("atawmj", TaiRules::atawmj), ("common", TaiRules::common)];

/// The switches of a rules Dictionary (bools): the core's names.
pub use mjkit::tai::SWITCH_NAMES as RULE_SWITCHES;

pub(crate) fn named<T: Copy>(call: Call, v: &Value, what: &str, table: &[(&str, T)]) -> Result<T> {
    match v {
        Value::Text(name) => match table.iter().find(|(n, _)| n == name) {
            Some((_, x)) => Ok(*x),
            None => fail(
                call,
                format_args!("{what} {name:?} is not one of {}", names(table)),
            ),
        },
        other => fail(
            call,
            format_args!("{what} must be a String, not a {}", other.type_name()),
        ),
    }
}

/// A non-negative int argument `what` of at most `max` (wider than [`int_in`]'s `u8`).
fn uint(call: Call, v: &Value, what: &str, max: u32) -> Result<u32> {
    match v {
        Value::Int(n) if (0..=i64::from(max)).contains(n) => Ok(*n as u32),
        Value::Int(n) => fail(call, format_args!("{what} must be 0 to {max}, not {n}")),
        other => fail(
            call,
            format_args!("{what} must be an int, not a {}", other.type_name()),
        ),
    }
}

/// The rules of `options.rules`: a preset name (`"atawmj"`, the default, or `"common"`), or a
/// Dictionary with an optional `preset`, `base`, `price`, `min_tai`, `values` (a Dictionary from
/// pattern id to tai) and any of [`RULE_SWITCHES`] as bools.
pub fn rules(call: Call, v: &Value) -> Result<TaiRules> {
    let entries = match v {
        Value::Nil => return Ok(TaiRules::atawmj()),
        Value::Text(_) => return named(call, v, "rules", &PRESETS).map(|f| f()),
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
        Some((_, p)) => named(call, p, "rules.preset", &PRESETS)?(),
        None => TaiRules::atawmj(),
    };
    for (key, value) in entries {
        match key.as_str() {
            "preset" => {}
            "base" => r.base = uint(call, value, "rules.base", u32::MAX)?,
            "price" => r.price = uint(call, value, "rules.price", u32::MAX)?,
            "min_tai" => r.min_tai = uint(call, value, "rules.min_tai", u32::MAX)?,
            "values" => {
                for (id, tai) in dict_entries(call, value, "rules.values")? {
                    let p = id.parse::<usize>().ok().and_then(Pattern::from_id);
                    let Some(p) = p else {
                        return fail(
                            call,
                            format_args!(
                                "rules.values key {id:?} is not a pattern id (1 to {})",
                                PATTERN_SLOTS - 1
                            ),
                        );
                    };
                    let what = format!("rules.values[{id}]");
                    r.values[p.id()] = uint(call, tai, &what, u32::from(u16::MAX))? as u16;
                }
            }
            name => {
                if !RULE_SWITCHES.contains(&name) {
                    return fail(
                        call,
                        format_args!(
                            "unknown rules key {name:?} (preset, base, price, min_tai, values, {})",
                            RULE_SWITCHES.join(", ")
                        ),
                    );
                }
                let on = bool_arg(call, value, &format!("rules.{name}"))?;
                r.set_switch(name, on);
            }
        }
    }
    Ok(r)
}

/// Pattern ids as Dictionary keys (index = id).
const ID_KEYS: [&str; PATTERN_SLOTS] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
    "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32",
    "33", "34", "35", "36", "37", "38",
];

/// Tai rules as [`rules`] takes them, in full: `base`, `price`, `min_tai`, `values` (pattern
/// id to tai, every id 1..38) and every switch of [`RULE_SWITCHES`].
pub fn rules_out(r: &TaiRules) -> Out {
    let mut m = vec![
        ("base", Out::Int(r.base.into())),
        ("price", Out::Int(r.price.into())),
        ("min_tai", Out::Int(r.min_tai.into())),
        (
            "values",
            Out::Map(
                (1..PATTERN_SLOTS)
                    .map(|id| (ID_KEYS[id], Out::Int(r.values[id].into())))
                    .collect(),
            ),
        ),
    ];
    for (name, on) in RULE_SWITCHES.iter().zip(r.switches()) {
        m.push((name, Out::Bool(on)));
    }
    Out::Map(m)
}

/// The [`WinFacts`] and [`TaiRules`] of a `tai_score` call, checked for shape only (the core
/// checks the tiles and the facts against each other). Melds take `claimed` as for MCR: the
/// chow tile taken (1-3), or the seat a pung, exposed kong or added kong came from relative to
/// the winner (1 the seat before, 2 opposite, 3 the seat after). `seat_wind` (0-3) states the
/// winner's wind when the wall was opened elsewhere than at the dealer.
pub fn tai_facts(v: &Value, options: &Value) -> Result<(WinFacts, TaiRules)> {
    let call = Call::TaiScore;
    let counts = hand_counts(call, v)?;
    let entries = dict_entries(call, options, "options")?;
    let mut f = WinFacts::new(counts, 0);
    let mut win_tile = None;
    let mut melds: &[Value] = &[];
    let mut rules_value = &Value::Nil;
    for (key, value) in entries {
        match key.as_str() {
            "win_tile" => win_tile = Some(tile_arg(call, value, "win_tile")?),
            "melds" => melds = list(call, value, "melds", MAX_MELDS)?,
            "flowers" => {
                for (i, n) in list(call, value, "flowers", FLOWERS)?.iter().enumerate() {
                    f = f.with_flower(int_in(call, n, &format!("flowers[{i}]"), 8)?);
                }
            }
            "how" => f.how = named(call, value, "how", &HOW)? as u8,
            "from" => f.from = int_in(call, value, "from", 3)?,
            "winner" => f.winner = int_in(call, value, "winner", 3)?,
            "dealer" => f.dealer = int_in(call, value, "dealer", 3)?,
            "seat_wind" => f.seat_wind = int_in(call, value, "seat_wind", 3)?,
            "consecutive_deals" => {
                f.consecutive_deals = int_in(call, value, "consecutive_deals", 255)?;
            }
            "prevalent_wind" => f.prevalent_wind = int_in(call, value, "prevalent_wind", 3)?,
            "rules" => rules_value = value,
            name if FLAG_OPTIONS.iter().any(|(n, _)| *n == name) => {
                let bit = FLAG_OPTIONS
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map_or(0, |f| f.1);
                if bool_arg(call, value, name)? {
                    f.flags |= bit;
                }
            }
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
    for (i, m) in melds.iter().enumerate() {
        let (kind, tile, claimed) = meld_parts(
            call,
            i,
            m,
            &MELD_KINDS,
            MeldKind::ConcealedKong,
            "concealed kong",
        )?;
        f = f.with_meld(kind, tile, claimed);
    }
    let flower_win = f.how().is_flower_win();
    match win_tile {
        Some(t) => f.win_tile = t,
        None if flower_win => {}
        None => {
            return fail(
                call,
                "options.win_tile is required (the winning tile, a kind or one tile's notation)",
            );
        }
    }
    if !flower_win && counts[usize::from(f.win_tile)] == 0 {
        return fail(
            call,
            format_args!(
                "win_tile {} is not in the hand (the hand includes the winning tile)",
                crate::convert::kind_name(f.win_tile.into())
            ),
        );
    }
    Ok((f, rules(call, rules_value)?))
}

/// One pattern as a Dictionary, named as `rules` count it: `{id, name_zh, name_en, tai,
/// dealer}`.
fn pattern_out(p: Pattern, tai: u32, rules: &TaiRules) -> Out {
    let (zh, en) = rules.names(p);
    Out::Map(vec![
        ("id", int(p.id() as i64)),
        ("name_zh", Out::Text(zh.to_owned())),
        ("name_en", Out::Text(en.to_owned())),
        ("tai", int(tai)),
        ("dealer", Out::Bool(p.is_dealer())),
    ])
}

/// A score under `rules` as the `tai_score` Dictionary.
pub fn score_out(s: &TaiScore, rules: &TaiRules) -> Out {
    Out::Map(vec![
        ("total", int(s.total)),
        ("hand_tai", int(s.hand_tai)),
        ("dealer_tai", int(s.dealer_tai)),
        ("winner_tai", int(s.winner_tai)),
        ("qualifies", Out::Bool(s.qualifies())),
        (
            "patterns",
            Out::Dicts(
                s.breakdown()
                    .map(|(p, t)| pattern_out(p, t, rules))
                    .collect(),
            ),
        ),
        (
            "payments",
            Out::List(s.payments.iter().map(|&p| int(p)).collect()),
        ),
    ])
}

/// The message of a core error: tile errors as the other `MjKit` methods word them; the
/// refusals of facts no game can produce name the core's status as well.
fn refusal(e: Error, f: &WinFacts) -> Failure {
    let refused = matches!(
        e,
        Error::NotWinning | Error::IllegalMeld | Error::InvalidFlags | Error::InvalidArgument
    );
    score_refusal(Call::TaiScore, e, refused, f.meld_count, 17, "hand + melds")
}

/// `MjKit.tai_score`: scores a Taiwanese win (see [`tai_facts`] for the options).
pub fn tai_score(v: &Value, options: &Value) -> Result<Out> {
    let (f, rules) = tai_facts(v, options)?;
    tai::score(&f, &rules)
        .map(|s| score_out(&s, &rules))
        .map_err(|e| refusal(e, &f))
}

/// `MjKit.tai_pattern_info`: `{id, name_zh, name_en, value, atawmj, common, dealer}` of pattern
/// `id` (1 to 38) under `rules` (as `tai_score` takes them; nil: the ATAWMJ preset): its names
/// as the rules count it, its tai in them and in each preset.
pub fn tai_pattern_info(id: i64, rules_value: &Value) -> Result<Out> {
    let r = rules(Call::TaiPatternInfo, rules_value)?;
    if r.validate().is_err() {
        return fail(Call::TaiPatternInfo, "rules out of range");
    }
    match usize::try_from(id).ok().and_then(Pattern::from_id) {
        Some(p) => Ok(Out::Map(vec![
            ("id", int(id)),
            ("name_zh", Out::Text(r.names(p).0.to_owned())),
            ("name_en", Out::Text(r.names(p).1.to_owned())),
            ("value", int(r.value(p))),
            ("atawmj", int(TaiRules::atawmj().value(p))),
            ("common", int(TaiRules::common().value(p))),
            ("dealer", Out::Bool(p.is_dealer())),
        ])),
        None => fail(
            Call::TaiPatternInfo,
            format_args!("{id} is not a tai pattern id (1 to {})", PATTERN_SLOTS - 1),
        ),
    }
}

#[cfg(test)]
mod tests;
