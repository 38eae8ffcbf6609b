//! The engine-free half of the binding: every argument check, every call into mjkit and every
//! error message, on plain Rust values.
//!
//! The `#[func]` methods in `lib.rs` only turn Godot values into a [`Value`], call one function
//! here, and turn the `Ok` result into Godot types or report the `Err` message through Godot's
//! error mechanism. Godot's types cannot be built without a running engine, so keeping this layer
//! free of them lets `cargo test` check all of it.

use mjkit::efficiency::{self, Discard, Ukeire};
use mjkit::mcr::{self, McrHand, Meld, MeldKind, Score, fans};
use mjkit::tile::{self, COPIES, Counts, TILE_KINDS};
use mjkit::{Error, Forms, Hand, shanten as core_shanten, win};

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
            Call::TableCreate => "create",
            Call::TableDeal => "deal",
            Call::TableNextHand => "next_hand",
            Call::TableView => "view",
            Call::TableLegalActions => "legal_actions",
            Call::TableApply => "apply",
            Call::TableResult => "result",
            Call::TableDecide => "decide",
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
            | Call::TableDecide => "MjTable",
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

/// `MjKit.parse`: the 34 counts of notation text.
pub fn parse(text: &str) -> Result<Counts> {
    parse_text(Call::Parse, text)
}

/// `MjKit.validate`: `Ok` for a valid hand of at most 17 tiles, else the reason.
pub fn validate(v: &Value) -> Result<()> {
    hand(Call::Validate, v).map(|_| ())
}

/// `MjKit.format`: canonical notation of a hand argument (notation is normalised).
pub fn format(v: &Value) -> Result<String> {
    Ok(tile::format(&hand_counts(Call::Format, v)?))
}

/// `MjKit.shanten`: the shanten number (-1 = complete, 0 = ready) under `forms`.
pub fn shanten(v: &Value, form_bits: i64) -> Result<i32> {
    let call = Call::Shanten;
    let f = forms(call, form_bits)?;
    core_shanten::shanten(&hand(call, v)?, f).map_err(|e| explain(call, e, "hand"))
}

/// `MjKit.is_win`: whether a 3n+2 hand is complete in one of `forms`.
pub fn is_win(v: &Value, form_bits: i64) -> Result<bool> {
    let call = Call::IsWin;
    let f = forms(call, form_bits)?;
    win::is_win(&hand(call, v)?, f).map_err(|e| explain(call, e, "hand"))
}

/// `MjKit.waits`: the kinds that complete a 3n+1 hand, ascending.
pub fn waits(v: &Value, form_bits: i64) -> Result<Vec<i32>> {
    let call = Call::Waits;
    let f = forms(call, form_bits)?;
    win::waits(&hand(call, v)?, f)
        .map(mask_tiles)
        .map_err(|e| explain(call, e, "hand"))
}

/// `MjKit.shanten_batch`: [`shanten`] of every hand in one call. An unknown or empty form set
/// fails the whole call; a hand that cannot be analysed gets its own error, the others their
/// number.
pub fn shanten_batch(vs: &[Value], form_bits: i64) -> Result<Vec<Result<i32>>> {
    forms(Call::Shanten, form_bits)?;
    Ok(vs.iter().map(|v| shanten(v, form_bits)).collect())
}

/// `MjKit.is_win_batch`: [`is_win`] of every hand in one call (errors as [`shanten_batch`]).
pub fn is_win_batch(vs: &[Value], form_bits: i64) -> Result<Vec<Result<bool>>> {
    forms(Call::IsWin, form_bits)?;
    Ok(vs.iter().map(|v| is_win(v, form_bits)).collect())
}

/// `MjKit.waits_batch`: [`waits`] of every hand in one call (errors as [`shanten_batch`]).
pub fn waits_batch(vs: &[Value], form_bits: i64) -> Result<Vec<Result<Vec<i32>>>> {
    forms(Call::Waits, form_bits)?;
    Ok(vs.iter().map(|v| waits(v, form_bits)).collect())
}

/// `MjKit.ukeire` as plain values: what `MjKit` returns as a Dictionary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UkeireOut {
    /// Shanten number of the hand.
    pub shanten: i32,
    /// The kinds whose draw lowers the shanten number, ascending.
    pub tiles: Vec<i32>,
    /// Unseen copies of each kind of `tiles`, in the same order.
    pub counts: Vec<i32>,
    /// Sum of `counts`.
    pub total: i32,
}

impl From<Ukeire> for UkeireOut {
    fn from(u: Ukeire) -> UkeireOut {
        let tiles = mask_tiles(u.mask);
        let counts = tiles
            .iter()
            .map(|&k| i32::from(u.per_kind[k as usize]))
            .collect();
        UkeireOut {
            shanten: u.shanten,
            tiles,
            counts,
            total: u.total as i32,
        }
    }
}

/// `MjKit.ukeire`: tile acceptance of a 3n+1 hand; `visible` is `null`, empty, 34 counts or
/// notation.
pub fn ukeire(v: &Value, form_bits: i64, seen: &Value) -> Result<UkeireOut> {
    let call = Call::Ukeire;
    let f = forms(call, form_bits)?;
    let h = hand(call, v)?;
    let seen = visible(call, seen)?;
    efficiency::ukeire(&h, f, seen.as_ref())
        .map(UkeireOut::from)
        .map_err(|e| explain(call, e, "hand + visible tiles"))
}

/// One discard as plain values: what `MjKit` returns as a Dictionary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscardOut {
    /// The kind discarded.
    pub tile: i32,
    /// Shanten number after the discard.
    pub shanten: i32,
    /// The kinds whose draw then lowers the shanten number, ascending.
    pub ukeire: Vec<i32>,
    /// Unseen copies of the kinds of `ukeire`.
    pub ukeire_count: i32,
}

impl From<Discard> for DiscardOut {
    fn from(d: Discard) -> DiscardOut {
        DiscardOut {
            tile: i32::from(d.tile),
            shanten: d.shanten,
            ukeire: mask_tiles(d.ukeire_mask),
            ukeire_count: d.ukeire_count as i32,
        }
    }
}

fn all_discards(call: Call, v: &Value, form_bits: i64, seen: &Value) -> Result<Vec<Discard>> {
    let f = forms(call, form_bits)?;
    let h = hand(call, v)?;
    let seen = visible(call, seen)?;
    efficiency::discards(&h, f, seen.as_ref()).map_err(|e| explain(call, e, "hand + visible tiles"))
}

/// `MjKit.discards`: every distinct discard of a 3n+2 hand, by increasing kind.
pub fn discards(v: &Value, form_bits: i64, seen: &Value) -> Result<Vec<DiscardOut>> {
    Ok(all_discards(Call::Discards, v, form_bits, seen)?
        .into_iter()
        .map(DiscardOut::from)
        .collect())
}

/// `MjKit.best_discards`: the discards that leave the lowest shanten number and, among those,
/// the most unseen accepted tiles, by increasing kind.
pub fn best_discards(v: &Value, form_bits: i64, seen: &Value) -> Result<Vec<DiscardOut>> {
    let all = all_discards(Call::BestDiscards, v, form_bits, seen)?;
    let best = all
        .iter()
        .map(|d| (d.shanten, std::cmp::Reverse(d.ukeire_count)))
        .min();
    Ok(all
        .into_iter()
        .filter(|d| Some((d.shanten, std::cmp::Reverse(d.ukeire_count))) == best)
        .map(DiscardOut::from)
        .collect())
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

/// `MjKit.tile_index`: the kind of one tile's notation (`"5m"` is 4, `"E"` and `"1z"` are 27).
pub fn tile_index(text: &str) -> Result<i32> {
    tile_arg(Call::TileIndex, &Value::Text(text.to_owned()), "tile").map(i32::from)
}

/// `MjKit.tile_name`: the notation of kind 0..=33 (`"5m"`, `"1z"`).
pub fn tile_name(kind: i64) -> Result<String> {
    tile_arg(Call::TileName, &Value::Int(kind), "tile").map(|k| kind_name(k.into()))
}

/// One fan of a score as plain values: what `MjKit` returns as a Dictionary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FanOut {
    /// Official id, 1..=82.
    pub id: i32,
    /// How many times it counts.
    pub count: i32,
    /// Points of one occurrence.
    pub points: i32,
    /// Chinese name.
    pub name_zh: String,
    /// English name.
    pub name_en: String,
}

/// `MjKit.fan_info`: points and names of fan `id` (1..=82).
pub fn fan_info(id: i64) -> Result<FanOut> {
    let info = usize::try_from(id).ok().and_then(|i| {
        Some((
            fans::points(i)?,
            fans::name_zh(i)?.to_str().ok()?,
            fans::name_en(i)?.to_str().ok()?,
        ))
    });
    match info {
        Some((points, zh, en)) => Ok(FanOut {
            id: id as i32,
            count: 1,
            points: i32::from(points),
            name_zh: zh.to_owned(),
            name_en: en.to_owned(),
        }),
        None => fail(
            Call::FanInfo,
            format_args!("{id} is not a fan id (1 to {})", fans::MAX_FAN_ID),
        ),
    }
}

/// `MjKit.mcr_score` as plain values: what `MjKit` returns as a Dictionary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreOut {
    /// Total points, flowers included.
    pub total: i32,
    /// Points without flowers.
    pub base: i32,
    /// Whether `base` reaches the 8-point minimum.
    pub qualifies: bool,
    /// The fans that count, by id.
    pub fans: Vec<FanOut>,
}

impl From<Score> for ScoreOut {
    fn from(s: Score) -> ScoreOut {
        let fans = s
            .fan_list()
            .filter_map(|(id, n)| {
                let mut f = fan_info(id as i64).ok()?;
                f.count = i32::from(n);
                Some(f)
            })
            .collect();
        ScoreOut {
            total: s.total,
            base: s.base,
            qualifies: s.qualifies,
            fans,
        }
    }
}

/// The keys `mcr_score` reads from its options Dictionary.
pub const MCR_OPTION_KEYS: [&str; 5] = ["melds", "flags", "seat_wind", "prevalent_wind", "flowers"];

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

/// The MCR meld kinds by name, as `melds[i].kind` takes them.
const MCR_MELD_KINDS: [(&str, MeldKind); 4] = [
    ("chow", MeldKind::Chow),
    ("pung", MeldKind::Pung),
    ("kong", MeldKind::Kong),
    ("concealed_kong", MeldKind::ConcealedKong),
];

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

fn meld(call: Call, i: usize, v: &Value) -> Result<Meld> {
    let (kind, tile, claimed) = meld_parts(
        call,
        i,
        v,
        &MCR_MELD_KINDS,
        MeldKind::ConcealedKong,
        "concealed kong",
    )?;
    Ok(Meld {
        kind,
        tile,
        claimed,
    })
}

/// `MjKit.mcr_score`: scores a winning hand under the Chinese Official rules.
///
/// `v` holds the concealed tiles including the winning tile `win_tile`; `options` is the
/// Dictionary of [`MCR_OPTION_KEYS`] (every key optional): `melds` (an Array of Dictionaries
/// `{kind, tile, claimed}`), `flags` (`MjKit.WIN_*` bits), `seat_wind` and `prevalent_wind`
/// (0..=3, East South West North), `flowers` (0..=8).
pub fn mcr_score(v: &Value, win_tile: &Value, options: &Value) -> Result<ScoreOut> {
    let call = Call::McrScore;
    let counts = hand_counts(call, v)?;
    let win_tile = tile_arg(call, win_tile, "win_tile")?;
    let mut h = McrHand::new(counts, win_tile);
    let entries = dict_entries(call, options, "options")?;
    for (key, value) in entries {
        match key.as_str() {
            "melds" => {
                let Value::List(items) = value else {
                    return fail(
                        call,
                        format_args!("melds must be an Array, not a {}", value.type_name()),
                    );
                };
                if items.len() > mcr::MAX_MELDS {
                    return fail(call, format_args!("{} melds; 4 at most", items.len()));
                }
                for (i, m) in items.iter().enumerate() {
                    h = h.with_meld(meld(call, i, m)?);
                }
            }
            "flags" => {
                h.flags = match value {
                    Value::Int(n) if (0..=i64::from(mcr::WIN_ALL)).contains(n) => *n as u32,
                    _ => {
                        return fail(
                            call,
                            format_args!(
                                "flags must be a sum of MjKit.WIN_* bits (0 to {}), not {}",
                                mcr::WIN_ALL,
                                match value {
                                    Value::Int(n) => n.to_string(),
                                    other => format!("a {}", other.type_name()),
                                }
                            ),
                        );
                    }
                }
            }
            "seat_wind" => h.seat_wind = int_in(call, value, "seat_wind", 3)?,
            "prevalent_wind" => h.prevalent_wind = int_in(call, value, "prevalent_wind", 3)?,
            "flowers" => h.flowers = int_in(call, value, "flowers", 8)?,
            other => {
                return fail(
                    call,
                    format_args!(
                        "unknown option {other:?} (known: {})",
                        MCR_OPTION_KEYS.join(", ")
                    ),
                );
            }
        }
    }
    if counts[usize::from(win_tile)] == 0 {
        return fail(
            call,
            format_args!(
                "win_tile {} is not in the hand (the hand includes the winning tile)",
                kind_name(win_tile.into())
            ),
        );
    }
    mcr::score(&h)
        .map(ScoreOut::from)
        .map_err(|e| explain(call, e, "hand + melds"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Value {
        Value::Text(s.to_owned())
    }

    fn bytes(s: &str) -> Value {
        Value::Bytes(tile::parse(s).unwrap().counts.to_vec())
    }

    fn err<T: std::fmt::Debug>(r: Result<T>) -> String {
        r.expect_err("expected a failure").0
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
        let melds = map(&[(
            "melds",
            Value::List(vec![
                map(&[("kind", text("concealed_kong")), ("tile", text("E"))]),
                map(&[
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
        let core = efficiency::discards(
            &Hand::new(&tile::parse(hand_text).unwrap().counts).unwrap(),
            Forms::RIICHI,
            None,
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

    fn map(entries: &[(&str, Value)]) -> Value {
        Value::Map(
            entries
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.clone()))
                .collect(),
        )
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
        let opts = map(&[
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
        let opts = map(&[(
            "melds",
            Value::List(vec![map(&[
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
        let opts = map(&[(
            "melds",
            Value::List(vec![
                map(&[("kind", text("concealed_kong")), ("tile", Value::Int(27))]),
                map(&[("kind", text("pung")), ("tile", text("9s"))]),
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
            err(mcr_score(&hand, &text("2m"), &Value::Nil))
                .contains("win_tile 2m is not in the hand")
        );
        assert!(
            err(mcr_score(&hand, &Value::Int(34), &Value::Nil))
                .contains("win_tile 34 is not a tile kind")
        );
        assert!(
            err(mcr_score(&hand, &Value::Nil, &Value::Nil)).contains("win_tile must be an int")
        );
        assert!(
            err(mcr_score(&hand, &Value::Int(0), &Value::Int(1)))
                .contains("options must be a Dictionary")
        );
        assert!(
            err(mcr_score(
                &hand,
                &Value::Int(0),
                &map(&[("flag", Value::Int(1))])
            ))
            .contains("unknown option \"flag\"")
        );
        assert!(
            err(mcr_score(
                &hand,
                &Value::Int(0),
                &map(&[("flags", Value::Int(16))])
            ))
            .contains("flags must be a sum of MjKit.WIN_* bits (0 to 15), not 16")
        );
        assert!(
            err(mcr_score(
                &hand,
                &Value::Int(0),
                &map(&[("seat_wind", Value::Int(4))])
            ))
            .contains("seat_wind must be 0 to 3, not 4")
        );
        assert!(
            err(mcr_score(
                &hand,
                &Value::Int(0),
                &map(&[("flowers", Value::Int(9))])
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
                &map(&[("melds", Value::List(vec![m]))]),
            ))
        };
        assert!(bad_meld(Value::Int(1)).contains("melds[0] must be a Dictionary"));
        assert!(bad_meld(map(&[("tile", Value::Int(0))])).contains("melds[0] has no kind"));
        assert!(
            bad_meld(map(&[("kind", text("chi")), ("tile", Value::Int(0))]))
                .contains("\"chi\" is not a meld kind (chow, pung, kong, concealed_kong)")
        );
        assert!(bad_meld(map(&[("kind", text("pung"))])).contains("melds[0] has no tile"));
        assert!(
            bad_meld(map(&[
                ("kind", text("pung")),
                ("tile", Value::Int(0)),
                ("claimed", Value::Int(0))
            ]))
            .contains("claimed must be 1 to 3, not 0")
        );
        assert!(
            bad_meld(map(&[
                ("kind", text("pung")),
                ("tile", Value::Int(0)),
                ("from", Value::Int(1))
            ]))
            .contains("unknown key \"from\"")
        );
        assert!(
            bad_meld(map(&[("kind", text("chow")), ("tile", text("8m"))])).contains("illegal meld")
        );
        let five = Value::List(vec![
            map(&[
                ("kind", text("concealed_kong")),
                ("tile", Value::Int(0))
            ]);
            5
        ]);
        assert!(
            err(mcr_score(
                &text("11z"),
                &text("1z"),
                &map(&[("melds", five)])
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
}
