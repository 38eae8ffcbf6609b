//! The engine-free half of the binding: every argument check, every call into mjkit and every
//! error message, on plain Rust values.
//!
//! The `#[func]` methods in `lib.rs` only turn Godot values into a [`Value`], call one function
//! of the area modules ([`hand`], [`mcr`], [`mjai`], [`riichi`], [`table`], [`tai`]), and turn the `Ok` result, an
//! [`Out`] tree (or a value that [`ToOut`] turns into one), into Godot types, or report the `Err`
//! message through Godot's error mechanism. Godot's types cannot be built without a running
//! engine, so keeping this layer free of them lets `cargo test` check all of it.
//!
//! This module is the one conversion layer the areas share: [`Value`] in, [`Out`] out,
//! [`Failure`] messages named by [`Call`], and the helpers for hands, tiles, ints, bools, lists,
//! Dictionaries, name tables and melds.

pub mod backend;
pub mod hand;
pub mod hint;
pub mod mcr;
pub mod mjai;
pub mod names;
pub mod riichi;
pub mod riichi_ev;
pub mod table;
pub mod tai;

#[cfg(test)]
mod test_util;
#[cfg(test)]
mod tests;

use mjkit::table::{NO_SEAT, NO_TILE};
use mjkit::tile::{self, COPIES, Counts, TILE_KINDS};
use mjkit::{Error, Forms, Hand};

/// A GDScript argument, converted from a `Variant` by the engine-facing layer.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `null`.
    Nil,
    /// `int` (and `bool`, as 0 / 1).
    Int(i64),
    /// `String` or `StringName`.
    Text(String),
    /// `PackedByteArray`.
    Bytes(Vec<u8>),
    /// `Array` (and the packed integer arrays other than bytes).
    List(Vec<Value>),
    /// `Dictionary`, in its iteration order; keys are rendered as text.
    Map(Vec<(String, Value)>),
    /// Any other Variant type, by its Godot type name (for the error message).
    Other(String),
}

impl Value {
    /// How the value is named in error messages: its GDScript type.
    pub(crate) fn type_name(&self) -> &str {
        match self {
            Value::Nil => "null",
            Value::Int(_) => "int",
            Value::Text(_) => "String",
            Value::Bytes(_) => "PackedByteArray",
            Value::List(_) => "Array",
            Value::Map(_) => "Dictionary",
            Value::Other(name) => name,
        }
    }
}

/// The calls of the `MjKit` class; they name themselves in error messages and state which tile
/// totals they take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Call {
    /// `MjKit.validate`.
    Validate,
    /// `MjKit.parse`.
    Parse,
    /// `MjKit.format`.
    Format,
    /// `MjKit.shanten`.
    Shanten,
    /// `MjKit.is_win`.
    IsWin,
    /// `MjKit.waits`.
    Waits,
    /// `MjKit.ukeire`.
    Ukeire,
    /// `MjKit.discards`.
    Discards,
    /// `MjKit.best_discards`.
    BestDiscards,
    /// `MjKit.mcr_score`.
    McrScore,
    /// `MjKit.tile_index`.
    TileIndex,
    /// `MjKit.tile_name`.
    TileName,
    /// `MjKit.fan_info`.
    FanInfo,
    /// `MjKit.riichi_score`.
    RiichiScore,
    /// `MjKit.riichi_yaku_info`.
    RiichiYakuInfo,
    /// `MjKit.riichi_ev`.
    RiichiEv,
    /// `MjKit.tai_score`.
    TaiScore,
    /// `MjKit.tai_pattern_info`.
    TaiPatternInfo,
    /// `MjTable.create`.
    TableCreate,
    /// `MjTable.deal`.
    TableDeal,
    /// `MjTable.next_hand`.
    TableNextHand,
    /// `MjTable.view`.
    TableView,
    /// `MjTable.legal_actions`.
    TableLegalActions,
    /// `MjTable.apply`.
    TableApply,
    /// `MjTable.result`.
    TableResult,
    /// `MjTable.decide`.
    TableDecide,
    /// `MjTable.events`.
    TableEvents,
    /// `MjTable.set_event_reader`.
    TableSetEventReader,
    /// `MjTable.load`.
    TableLoad,
    /// `MjTable.from_record`.
    TableFromRecord,
    /// `MjTable.create_match`.
    TableCreateMatch,
    /// `MjTable.set_score`.
    TableSetScore,
    /// `MjTable.match_result`.
    TableMatchResult,
    /// `MjTable.hint`.
    TableHint,
    /// `MjTable.visible`.
    TableVisible,
    /// `MjTable.continue_record`.
    TableContinueRecord,
    /// `MjTable.default_action`.
    TableDefaultAction,
    /// `MjTable.apply_default`.
    TableApplyDefault,
    /// `MjTable.next_event_index`.
    TableNextEventIndex,
    /// `MjClient.create`.
    ClientCreate,
    /// `MjClient.apply`.
    ClientApply,
    /// `MjClient.view`.
    ClientView,
    /// `MjKit.tile_text`.
    TileText,
    /// `MjKit.flower_name`.
    FlowerName,
    /// `MjKit.wind_name`.
    WindName,
    /// `MjKit.action_name`.
    ActionName,
    /// `MjKit.meld_name`.
    MeldName,
    /// `MjKit.mjai_parse`.
    MjaiParse,
    /// `MjKit.mjai_format`.
    MjaiFormat,
    /// `MjTable.respond`.
    TableRespond,
    /// `MjTable.from_mjai`.
    TableFromMjai,
    /// `MjKit.seat_name`.
    SeatName,
    /// `MjKit.round_name`.
    RoundName,
    /// `MjKit.reason_name`.
    ReasonName,
    /// `MjKit.tai_pattern_name`.
    TaiPatternName,
    /// `MjKit.event_text`.
    EventText,
}

impl Call {
    /// The method name as GDScript sees it.
    pub fn name(self) -> &'static str {
        match self {
            Call::Validate => "validate",
            Call::Parse => "parse",
            Call::Format => "format",
            Call::Shanten => "shanten",
            Call::IsWin => "is_win",
            Call::Waits => "waits",
            Call::Ukeire => "ukeire",
            Call::Discards => "discards",
            Call::BestDiscards => "best_discards",
            Call::McrScore => "mcr_score",
            Call::TileIndex => "tile_index",
            Call::TileName => "tile_name",
            Call::FanInfo => "fan_info",
            Call::RiichiScore => "riichi_score",
            Call::RiichiYakuInfo => "riichi_yaku_info",
            Call::RiichiEv => "riichi_ev",
            Call::TaiScore => "tai_score",
            Call::TaiPatternInfo => "tai_pattern_info",
            Call::TableCreate => "create",
            Call::TableDeal => "deal",
            Call::TableNextHand => "next_hand",
            Call::TableView => "view",
            Call::TableLegalActions => "legal_actions",
            Call::TableApply => "apply",
            Call::TableResult => "result",
            Call::TableDecide => "decide",
            Call::TableEvents => "events",
            Call::TableSetEventReader => "set_event_reader",
            Call::TableLoad => "load",
            Call::TableFromRecord => "from_record",
            Call::TableCreateMatch => "create_match",
            Call::TableSetScore => "set_score",
            Call::TableMatchResult => "match_result",
            Call::TableHint => "hint",
            Call::TableVisible => "visible",
            Call::TableContinueRecord => "continue_record",
            Call::TableDefaultAction => "default_action",
            Call::TableApplyDefault => "apply_default",
            Call::TableNextEventIndex => "next_event_index",
            Call::ClientCreate => "create",
            Call::ClientApply => "apply",
            Call::ClientView => "view",
            Call::TileText => "tile_text",
            Call::FlowerName => "flower_name",
            Call::WindName => "wind_name",
            Call::ActionName => "action_name",
            Call::MeldName => "meld_name",
            Call::MjaiParse => "mjai_parse",
            Call::MjaiFormat => "mjai_format",
            Call::TableRespond => "respond",
            Call::TableFromMjai => "from_mjai",
            Call::SeatName => "seat_name",
            Call::RoundName => "round_name",
            Call::ReasonName => "reason_name",
            Call::TaiPatternName => "tai_pattern_name",
            Call::EventText => "event_text",
        }
    }

    /// The GDScript class of the method: `MjKit` or `MjTable`.
    pub fn class(self) -> &'static str {
        match self {
            Call::TableCreate
            | Call::TableDeal
            | Call::TableNextHand
            | Call::TableView
            | Call::TableLegalActions
            | Call::TableApply
            | Call::TableResult
            | Call::TableDecide
            | Call::TableEvents
            | Call::TableSetEventReader
            | Call::TableLoad
            | Call::TableFromRecord
            | Call::TableCreateMatch
            | Call::TableSetScore
            | Call::TableMatchResult
            | Call::TableRespond
            | Call::TableFromMjai
            | Call::TableContinueRecord
            | Call::TableNextEventIndex
            | Call::TableDefaultAction
            | Call::TableApplyDefault
            | Call::TableHint
            | Call::TableVisible => "MjTable",
            Call::ClientCreate | Call::ClientApply | Call::ClientView => "MjClient",
            _ => "MjKit",
        }
    }

    /// The tile totals the call takes, for a `BadTileTotal` message.
    fn sizes(self) -> &'static str {
        match self {
            Call::Shanten => "1 to 17 tiles, not a multiple of 3, that a requested form fits",
            Call::IsWin | Call::Discards | Call::BestDiscards => {
                "3n+2 tiles (2, 5, 8, 11, 14 or 17) that a requested form fits"
            }
            Call::Waits | Call::Ukeire => {
                "3n+1 tiles (1, 4, 7, 10, 13 or 16) that a requested form fits"
            }
            Call::McrScore | Call::RiichiScore => {
                "14 - 3 x (declared melds) concealed tiles, winning tile included"
            }
            Call::RiichiEv => "13 or 14 - 3 x (declared melds) concealed tiles",
            _ => "1 to 17 tiles",
        }
    }
}

/// A refused argument: the message that `MjKit` or `MjTable` reports through Godot's error
/// mechanism, already prefixed with the class and method name (`"MjKit.shanten: ..."`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure(pub String);

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Result of every function of this module.
pub type Result<T> = std::result::Result<T, Failure>;

pub(crate) fn fail<T>(call: Call, cause: impl std::fmt::Display) -> Result<T> {
    Err(Failure(format!(
        "{}.{}: {cause}",
        call.class(),
        call.name()
    )))
}

/// A value returned to GDScript, built without the engine; `lib.rs` turns it into a `Variant`.
#[derive(Debug, Clone, PartialEq)]
pub enum Out {
    /// `bool`.
    Bool(bool),
    /// `int`.
    Int(i64),
    /// `float`.
    Float(f64),
    /// `String`.
    Text(String),
    /// `PackedByteArray`.
    Bytes(Vec<u8>),
    /// `PackedInt32Array`.
    Ints(Vec<i32>),
    /// `PackedInt64Array` (scores and points: 64-bit).
    Longs(Vec<i64>),
    /// `Array`.
    List(Vec<Out>),
    /// `Dictionary` with String keys, in this order.
    Map(Vec<(&'static str, Out)>),
    /// `Array[Dictionary]` (a typed Array) of `Map`s.
    Dicts(Vec<Out>),
}

/// A plain result that GDScript gets as a Dictionary: its one conversion to an [`Out`] tree.
pub trait ToOut {
    /// The [`Out::Map`] of the value.
    fn to_out(&self) -> Out;
}

/// `Array[Dictionary]` of the values.
pub fn dicts<T: ToOut>(items: &[T]) -> Out {
    Out::Dicts(items.iter().map(ToOut::to_out).collect())
}

impl Out {
    /// The entry `key` of a `Map` (for tests and callers that read one field).
    pub fn get(&self, key: &str) -> Option<&Out> {
        match self {
            Out::Map(entries) => entries.iter().find(|(k, _)| *k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// A tile or seat field: its value, or -1 for [`NO_TILE`] / [`NO_SEAT`].
pub(crate) fn opt(v: u8) -> Out {
    Out::Int(if v == NO_TILE || v == NO_SEAT {
        -1
    } else if v == mjkit::table::HIDDEN_TILE {
        backend::HIDDEN
    } else {
        i64::from(v)
    })
}

/// `PackedInt32Array` of the values.
fn ints<T: Copy + Into<i64>>(v: &[T]) -> Out {
    Out::Ints(v.iter().map(|&x| x.into() as i32).collect())
}

/// A bool argument `what` (GDScript passes bools as ints 0 / 1).
fn bool_arg(call: Call, v: &Value, what: &str) -> Result<bool> {
    // Value::Int also carries GDScript bools (0 / 1).
    match v {
        Value::Int(0) => Ok(false),
        Value::Int(1) => Ok(true),
        other => fail(
            call,
            format_args!(
                "{what} must be a bool, not {}",
                match other {
                    Value::Int(n) => n.to_string(),
                    o => format!("a {}", o.type_name()),
                }
            ),
        ),
    }
}

/// The items of an Array argument `what` of at most `max` entries.
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

/// `int`.
fn int(n: impl Into<i64>) -> Out {
    Out::Int(n.into())
}

/// `String` of a static C string of the core (names of yaku and fans).
fn c_text(s: &std::ffi::CStr) -> Out {
    Out::Text(s.to_string_lossy().into_owned())
}

/// Notation of one tile kind (`"5m"`, `"1z"`); the caller guarantees `kind < 34`.
pub(crate) fn kind_name(kind: usize) -> String {
    let mut c = [0u8; TILE_KINDS];
    c[kind] = 1;
    tile::format(&c)
}

/// The message for an error of the mjkit core. `what` names where the tiles came from when
/// several sources add up ("hand + visible", "hand + melds").
pub(crate) fn explain(call: Call, e: Error, what: &str) -> Failure {
    let cause = match e {
        Error::TooManyCopies { kind } if usize::from(kind) < TILE_KINDS => {
            format!(
                "more than 4 copies of {} in the {what}",
                kind_name(kind.into())
            )
        }
        Error::BadTileTotal { total } if total > Hand::MAX_TILES => {
            format!("{total} tiles; 17 at most")
        }
        Error::BadTileTotal { total } => {
            format!("{total} tiles; {} takes {}", call.name(), call.sizes())
        }
        other => other.to_string(),
    };
    Failure(format!("{}.{}: {cause}", call.class(), call.name()))
}

/// The message of a scorer's error: a `refused` error (facts no game can produce, or no win)
/// names the core's status; a bad tile total names the declared melds and the total it takes
/// (`full` concealed tiles less 3 a meld); other errors as [`explain`] words them for `what`.
pub(crate) fn score_refusal(
    call: Call,
    e: Error,
    refused: bool,
    melds: u8,
    full: u32,
    what: &str,
) -> Failure {
    let (class, name) = (call.class(), call.name());
    match e {
        _ if refused => Failure(format!("{class}.{name}: refused ({e:?}): {e}")),
        Error::BadTileTotal { total } => Failure(format!(
            "{class}.{name}: {total} concealed tiles with {melds} declared melds; it takes {}",
            full - 3 * u32::from(melds)
        )),
        other => explain(call, other, what),
    }
}

/// Counts from a `PackedByteArray` (or an `Array` of ints) of exactly 34 entries, each 0..=4.
fn counts_from(call: Call, v: &Value, what: &str) -> Result<Counts> {
    let mut c = [0u8; TILE_KINDS];
    let len = match v {
        Value::Bytes(b) if b.len() == TILE_KINDS => {
            c.copy_from_slice(b);
            TILE_KINDS
        }
        Value::Bytes(b) => b.len(),
        Value::List(items) if items.len() == TILE_KINDS => {
            for (k, item) in items.iter().enumerate() {
                match item {
                    Value::Int(n @ 0..=255) => c[k] = *n as u8,
                    Value::Int(n) => return fail(call, format_args!("{what}[{k}] is {n}")),
                    other => {
                        return fail(
                            call,
                            format_args!("{what}[{k}] is a {}, not an int", other.type_name()),
                        );
                    }
                }
            }
            TILE_KINDS
        }
        Value::List(items) => items.len(),
        other => {
            return fail(
                call,
                format_args!(
                    "{what} must be a String of notation or 34 counts, not a {}",
                    other.type_name()
                ),
            );
        }
    };
    if len != TILE_KINDS {
        return fail(call, format_args!("{what} must hold 34 counts, not {len}"));
    }
    if let Some(k) = (0..TILE_KINDS).find(|&k| c[k] > COPIES) {
        return fail(
            call,
            format_args!("{} copies of {} in the {what}", c[k], kind_name(k)),
        );
    }
    Ok(c)
}

/// Counts from notation text.
fn parse_text(call: Call, text: &str) -> Result<Counts> {
    parse_text_reds(call, text).map(|(c, _)| c)
}

/// Counts and red fives per suit (man, pin, sou) from notation text.
fn parse_text_reds(call: Call, text: &str) -> Result<(Counts, [u8; 3])> {
    match tile::parse(text) {
        Ok(p) => Ok((p.counts, p.red_fives)),
        Err(Error::BadNotation { pos }) => {
            let rest = text.get(pos..).unwrap_or("");
            let ch = rest.chars().next();
            // The first byte after the run of digits that starts at `pos`, if any.
            let after = rest
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .chars()
                .next();
            let hint = match (ch, after) {
                (Some(ch), Some('z')) if ch.is_ascii_digit() => {
                    format!(" ('{ch}z': honours are 1z to 7z)")
                }
                (Some(ch), _) if ch.is_ascii_digit() => {
                    format!(" ('{ch}': these digits have no suit letter after them)")
                }
                (Some(ch @ ('M' | 'Z')), _) => format!(
                    " ('{ch}': suit letters are lowercase m p s z; honours are 1z-7z or E S W N P F C)"
                ),
                (Some(ch), _) => format!(" ('{ch}')"),
                (None, _) => String::new(),
            };
            fail(
                call,
                format_args!("bad notation {text:?} at byte {pos}{hint}"),
            )
        }
        Err(Error::TooManyCopies { kind }) => fail(
            call,
            format_args!(
                "more than 4 copies of {} in {text:?}",
                kind_name(kind.into())
            ),
        ),
        Err(e) => Err(explain(call, e, "hand")),
    }
}

/// The 34 counts of a hand argument and its red fives per suit: notation `String` (`0m`, `0p`,
/// `0s` are red fives) or 34 counts (no red fives).
pub fn hand_text_or_counts(call: Call, v: &Value) -> Result<(Counts, [u8; 3])> {
    match v {
        Value::Text(t) => parse_text_reds(call, t),
        other => counts_from(call, other, "hand").map(|c| (c, [0; 3])),
    }
}

/// The 34 counts of a hand argument: notation `String` or 34 counts.
pub fn hand_counts(call: Call, v: &Value) -> Result<Counts> {
    match v {
        Value::Text(t) => parse_text(call, t),
        other => counts_from(call, other, "hand"),
    }
}

/// A validated hand (at most 17 tiles) from a hand argument.
pub fn hand(call: Call, v: &Value) -> Result<Hand> {
    let c = hand_counts(call, v)?;
    Hand::new(&c).map_err(|e| explain(call, e, "hand"))
}

/// A form set from `MjKit.FORM_*` bits.
pub fn forms(call: Call, bits: i64) -> Result<Forms> {
    u32::try_from(bits)
        .ok()
        .and_then(|b| Forms::from_bits(b).ok())
        .filter(|f| f.bits() & Forms::ALL.bits() != 0)
        .map_or_else(
            || {
                fail(
                    call,
                    format_args!(
                        "forms must be a non-empty sum of MjKit.FORM_* bits (1 to {}; \
                         FORM_THREE_PLAYER {} only added to riichi forms), not {bits}",
                        Forms::ALL.bits(),
                        Forms::THREE_PLAYER.bits()
                    ),
                )
            },
            Ok,
        )
}

/// The optional visible tiles: `null`, an empty array, or 34 counts.
fn visible(call: Call, v: &Value) -> Result<Option<Counts>> {
    match v {
        Value::Nil => Ok(None),
        Value::Bytes(b) if b.is_empty() => Ok(None),
        Value::List(l) if l.is_empty() => Ok(None),
        Value::Text(t) => parse_text(call, t).map(Some),
        other => counts_from(call, other, "visible tiles").map(Some),
    }
}

/// The kinds of a tile mask, ascending.
pub fn mask_tiles(mask: u64) -> Vec<i32> {
    (0..TILE_KINDS as i32)
        .filter(|&k| mask >> k & 1 == 1)
        .collect()
}

/// A tile argument: a kind 0..=33 or the notation of one tile (`"5m"`, `"0p"`, `"E"`).
pub(crate) fn tile_arg(call: Call, v: &Value, what: &str) -> Result<u8> {
    match v {
        Value::Int(k @ 0..=33) => Ok(*k as u8),
        Value::Int(k) => fail(
            call,
            format_args!("{what} {k} is not a tile kind (0 to 33)"),
        ),
        Value::Text(t) => {
            let c = parse_text(call, t)?;
            match (tile::total(&c), c.iter().position(|&n| n > 0)) {
                (1, Some(k)) => Ok(k as u8),
                (n, _) => fail(
                    call,
                    format_args!("{what} {t:?} must name exactly one tile, not {n}"),
                ),
            }
        }
        other => fail(
            call,
            format_args!(
                "{what} must be an int 0 to 33 or one tile's notation, not a {}",
                other.type_name()
            ),
        ),
    }
}

/// An int argument `what` in `0..=max`.
pub(crate) fn int_in(call: Call, v: &Value, what: &str, max: i64) -> Result<u8> {
    match v {
        Value::Int(n) if (0..=max).contains(n) => Ok(*n as u8),
        Value::Int(n) => fail(call, format_args!("{what} must be 0 to {max}, not {n}")),
        other => fail(
            call,
            format_args!("{what} must be an int, not a {}", other.type_name()),
        ),
    }
}

/// The key / value pairs of an optional Dictionary argument `what` (Nil: none).
pub(crate) fn dict_entries<'a>(
    call: Call,
    v: &'a Value,
    what: &str,
) -> Result<&'a [(String, Value)]> {
    match v {
        Value::Nil => Ok(&[]),
        Value::Map(e) => Ok(e),
        other => fail(
            call,
            format_args!("{what} must be a Dictionary, not a {}", other.type_name()),
        ),
    }
}

/// The names of a name table, comma-separated (for error messages).
pub(crate) fn names<T>(table: &[(&str, T)]) -> String {
    table.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

/// Reads the meld Dictionary `melds[i]` = `{kind, tile, claimed}` (MCR or riichi) as (kind, tile,
/// claimed): `kinds` names every kind; `concealed` is the kind whose `claimed` must be 0
/// (`concealed_name` names it in errors); `claimed` is optional (1, or 0 for `concealed`) and
/// otherwise 1 to 3. Unknown keys, missing kind or tile and wrong types are errors naming the key.
pub(crate) fn meld_parts<K: Copy + PartialEq>(
    call: Call,
    i: usize,
    v: &Value,
    kinds: &[(&str, K)],
    concealed: K,
    concealed_name: &str,
) -> Result<(K, u8, u8)> {
    let Value::Map(entries) = v else {
        return fail(
            call,
            format_args!("melds[{i}] must be a Dictionary, not a {}", v.type_name()),
        );
    };
    let (mut kind, mut tile, mut claimed) = (None, None, None);
    for (key, value) in entries {
        match key.as_str() {
            "kind" => kind = Some(value),
            "tile" => tile = Some(value),
            "claimed" => claimed = Some(value),
            other => {
                return fail(
                    call,
                    format_args!("melds[{i}] has an unknown key {other:?} (kind, tile, claimed)"),
                );
            }
        }
    }
    let kind = match kind {
        Some(Value::Text(k)) => match kinds.iter().find(|(n, _)| n == k) {
            Some((_, kind)) => *kind,
            None => {
                return fail(
                    call,
                    format_args!(
                        "melds[{i}].kind {k:?} is not a meld kind ({})",
                        names(kinds)
                    ),
                );
            }
        },
        Some(other) => {
            return fail(
                call,
                format_args!(
                    "melds[{i}].kind must be a String, not a {}",
                    other.type_name()
                ),
            );
        }
        None => return fail(call, format_args!("melds[{i}] has no kind")),
    };
    let Some(tile) = tile else {
        return fail(call, format_args!("melds[{i}] has no tile"));
    };
    let tile = tile_arg(call, tile, &format!("melds[{i}].tile"))?;
    let claimed = match claimed {
        None if kind == concealed => 0,
        None => 1,
        Some(c) if kind == concealed => int_in(
            call,
            c,
            &format!("melds[{i}].claimed of a {concealed_name}"),
            0,
        )?,
        Some(c) => match int_in(call, c, &format!("melds[{i}].claimed"), 3)? {
            0 => {
                return fail(
                    call,
                    format_args!("melds[{i}].claimed must be 1 to 3, not 0"),
                );
            }
            n => n,
        },
    };
    Ok((kind, tile, claimed))
}
