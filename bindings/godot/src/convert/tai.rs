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
pub const OPTION_KEYS: [&str; 14] = [
    "win_tile",
    "melds",
    "flowers",
    "how",
    "from",
    "winner",
    "dealer",
    "consecutive_deals",
    "prevalent_wind",
    "replacement",
    "last_tile",
    "first_turn",
    "ready_from_first_discard",
    "rules",
];

/// How a win came, by name.
pub const HOW: [(&str, WinHow); 5] = [
    ("self_drawn", WinHow::SelfDrawn),
    ("discard", WinHow::Discard),
    ("robbing_kong", WinHow::RobbingKong),
    ("eight_flowers", WinHow::EightFlowers),
    ("seven_rob_one", WinHow::SevenRobOne),
];

/// Meld kinds by name (as for `mcr_score`).
const MELD_KINDS: [(&str, MeldKind); 4] = [
    ("chow", MeldKind::Chow),
    ("pung", MeldKind::Pung),
    ("kong", MeldKind::Kong),
    ("concealed_kong", MeldKind::ConcealedKong),
];

/// A preset's constructor.
pub type Preset = fn() -> TaiRules;

/// Rules presets by name.
pub const PRESETS: [(&str, Preset); 2] =
    [("atawmj", TaiRules::atawmj), ("common", TaiRules::common)];

/// The switches of a rules Dictionary (bools): the core's names.
pub use mjkit::tai::SWITCH_NAMES as RULE_SWITCHES;

fn named<T: Copy>(call: Call, v: &Value, what: &str, table: &[(&str, T)]) -> Result<T> {
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
/// Dictionary with an optional `preset`, `base`, `price`, `values` (a Dictionary from pattern id
/// to tai) and any of [`RULE_SWITCHES`] as bools.
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
                let Some(slot) = r.switch_mut(name) else {
                    return fail(
                        call,
                        format_args!(
                            "unknown rules key {name:?} (preset, base, price, values, {})",
                            RULE_SWITCHES.join(", ")
                        ),
                    );
                };
                *slot = bool_arg(call, value, &format!("rules.{name}"))?;
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

/// Tai rules as [`rules`] takes them, in full: `base`, `price`, `values` (pattern id to tai,
/// every id 1..38) and every switch of [`RULE_SWITCHES`].
pub fn rules_out(r: &TaiRules) -> Out {
    let mut r = *r;
    let mut m = vec![
        ("base", Out::Int(r.base.into())),
        ("price", Out::Int(r.price.into())),
        (
            "values",
            Out::Map(
                (1..PATTERN_SLOTS)
                    .map(|id| (ID_KEYS[id], Out::Int(r.values[id].into())))
                    .collect(),
            ),
        ),
    ];
    for name in RULE_SWITCHES {
        let on = *r.switch_mut(name).expect("every switch name is known");
        m.push((name, Out::Bool(on)));
    }
    Out::Map(m)
}

/// The [`WinFacts`] and [`TaiRules`] of a `tai_score` call, checked for shape only (the core
/// checks the tiles and the facts against each other). Melds take `claimed` as for MCR: the
/// chow tile taken (1-3), or the seat a pung or kong came from relative to the winner (1 the
/// seat before, 2 opposite, 3 the seat after).
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
            "how" => f.how = named(call, value, "how", &HOW)?,
            "from" => f.from = int_in(call, value, "from", 3)?,
            "winner" => f.winner = int_in(call, value, "winner", 3)?,
            "dealer" => f.dealer = int_in(call, value, "dealer", 3)?,
            "consecutive_deals" => {
                f.consecutive_deals = int_in(call, value, "consecutive_deals", 255)?;
            }
            "prevalent_wind" => f.prevalent_wind = int_in(call, value, "prevalent_wind", 3)?,
            "replacement" => f.replacement = bool_arg(call, value, "replacement")?,
            "last_tile" => f.last_tile = bool_arg(call, value, "last_tile")?,
            "first_turn" => f.first_turn = bool_arg(call, value, "first_turn")?,
            "ready_from_first_discard" => {
                f.ready_from_first_discard = bool_arg(call, value, "ready_from_first_discard")?;
            }
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
    // Melds after the winner is known: their seats are relative to it.
    for (i, m) in melds.iter().enumerate() {
        let (kind, tile, claimed) = meld_parts(
            call,
            i,
            m,
            &MELD_KINDS,
            MeldKind::ConcealedKong,
            "concealed kong",
        )?;
        let from = match kind {
            MeldKind::Chow => (f.winner + 3) % 4,
            MeldKind::ConcealedKong => f.winner,
            _ => (f.winner + 4 - claimed) % 4,
        };
        f = f.with_meld(kind, tile, from);
    }
    let flower_win = matches!(f.how, WinHow::EightFlowers | WinHow::SevenRobOne);
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

/// One pattern as a Dictionary: `{id, name_zh, name_en, tai, dealer}`.
fn pattern_out(p: Pattern, tai: u16) -> Out {
    Out::Map(vec![
        ("id", int(p.id() as i64)),
        ("name_zh", Out::Text(p.chinese().to_owned())),
        ("name_en", Out::Text(p.english().to_owned())),
        ("tai", int(tai)),
        ("dealer", Out::Bool(p.is_dealer())),
    ])
}

/// A score as the `tai_score` Dictionary.
pub fn score_out(s: &TaiScore) -> Out {
    Out::Map(vec![
        ("total", int(s.total)),
        ("hand_tai", int(s.hand_tai)),
        ("dealer_tai", int(s.dealer_tai)),
        (
            "patterns",
            Out::Dicts(s.breakdown().map(|(p, t)| pattern_out(p, t)).collect()),
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
        .map(|s| score_out(&s))
        .map_err(|e| refusal(e, &f))
}

/// `MjKit.tai_pattern_info`: `{id, name_zh, name_en, atawmj, common, dealer}` of pattern `id`
/// (1 to 38): its names and its tai in each preset.
pub fn tai_pattern_info(id: i64) -> Result<Out> {
    match usize::try_from(id).ok().and_then(Pattern::from_id) {
        Some(p) => Ok(Out::Map(vec![
            ("id", int(id)),
            ("name_zh", Out::Text(p.chinese().to_owned())),
            ("name_en", Out::Text(p.english().to_owned())),
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
