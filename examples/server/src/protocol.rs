//! The messages of the wire: what a client sends (join, act, next) and what the server sends
//! (welcome, events, options, errors), as JSON text frames.
//!
//! Events travel as the lines of mjkit's record format ([`mjkit::table::record::event_line`]),
//! masked for the connection's reader by the library ([`mjkit::table::Table::reader_events`]);
//! [`event_from_json`] reads one back (the load client and the wire check fold them into the
//! library's [`mjkit::table::Client`]). Actions use the record's names too: `{"type":"act",
//! "action":"chow","tile":"3m"}`.

use mjkit::ai::{self, BotConfig, Hint, ValueUnit};
use mjkit::table::event::{
    ACTION_KINDS, ACTION_NAMES, EVENT_KIND_NAMES, EVENT_KINDS, MAX_COUNTERS, MELD_KINDS,
    MELD_NAMES, REASON_NAMES, REASONS,
};
use mjkit::table::names::{self, TileStyle, tile_name};
use mjkit::table::{Action, ActionKind, Event, EventKind, HIDDEN_TILE, NO_TILE, SEATS, View};
use serde_json::{Map, Value, json};

/// Largest text frame a client may send (bytes); a longer one is refused unread.
pub const MAX_CLIENT_FRAME: usize = 4096;

/// The seat a client asks for when it joins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Want {
    /// This seat (0..3).
    Seat(u8),
    /// Any free player seat.
    Any,
    /// The spectator reader.
    Spectator,
}

/// A message from a client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientMsg {
    /// Take a seat (with the token a previous `welcome` gave, to rejoin it), or watch.
    Join {
        /// Which seat.
        want: Want,
        /// The seat's token from an earlier `welcome`.
        token: Option<String>,
        /// Language of the event texts: `"en"` or `"zh"`.
        lang: Lang,
    },
    /// A decision for the connection's seat.
    Act {
        /// The action.
        action: Action,
        /// The index of the next event the client expects (its options' `next`): an action
        /// decided on an older state is refused as stale. Optional.
        next: Option<u64>,
    },
    /// Ready for the next hand.
    Next,
    /// Switch the language of the event texts.
    Lang(Lang),
}

/// The language of texts sent to a connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// Traditional Chinese.
    Zh,
}

impl Lang {
    /// The library's language.
    pub fn names(self) -> mjkit::table::names::Lang {
        match self {
            Lang::En => mjkit::table::names::Lang::English,
            Lang::Zh => mjkit::table::names::Lang::Traditional,
        }
    }
}

/// Why a client message was refused: a code for programs and a message for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// `malformed`, `unknown_type`, `bad_action`, `bad_tile`, `not_joined`, `already_joined`,
    /// `no_such_seat`, `seat_taken`, `bad_token`, `spectator`, `not_your_turn`,
    /// `illegal_action`, `stale`, `too_large`, `binary`, `hand_not_over`, `match_over`,
    /// `replaced`.
    pub code: &'static str,
    /// What was wrong, in English.
    pub message: String,
}

impl Refusal {
    /// A refusal.
    pub fn new(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }

    /// The `error` message.
    pub fn to_json(&self) -> String {
        serde_json::json!({"type": "error", "code": self.code, "message": self.message}).to_string()
    }
}

/// The wall code (0..41) of a tile in notation (`5m`, `7z`, `3f`).
pub fn tile_code(s: &str) -> Option<u8> {
    (0..42u8)
        .find(|&t| tile_name(t, TileStyle::Notation, names::Lang::English).as_deref() == Some(s))
}

/// The notation of a wall code (0..41), `hidden` for [`HIDDEN_TILE`].
pub fn tile_text(t: u8) -> String {
    if t == HIDDEN_TILE {
        return "hidden".into();
    }
    tile_name(t, TileStyle::Notation, names::Lang::English).unwrap_or_else(|| t.to_string())
}

fn name_of<T: PartialEq + Copy>(all: &[T], names: &[&'static str], x: T) -> &'static str {
    all.iter().position(|&y| y == x).map_or("?", |i| names[i])
}

fn by_name<T: Copy>(all: &[T], names: &[&str], s: &str) -> Option<T> {
    names.iter().position(|&n| n == s).map(|i| all[i])
}

/// The record name of an action kind (`pass`, `discard`, `chow`, ...).
pub fn action_kind_name(k: ActionKind) -> &'static str {
    name_of(&ACTION_KINDS, &ACTION_NAMES, k)
}

/// The record name of a meld kind (`chow`, `pung`, ...).
pub fn meld_kind_name(k: mjkit::table::MeldKind) -> &'static str {
    name_of(&MELD_KINDS, &MELD_NAMES, k)
}

/// An action as JSON: `{"action":"discard","tile":"5m"}` (no tile for a pass).
pub fn action_json(a: &Action) -> Value {
    let mut m = Map::new();
    m.insert("action".into(), action_kind_name(a.kind).into());
    if a.tile != NO_TILE {
        m.insert("tile".into(), tile_text(a.tile).into());
    }
    Value::Object(m)
}

/// A hint as the options message carries it: the bot's choice and its reason (the code of
/// `mjkit::ai::Reason` and its English sentence), the hand's shanten number, and per legal
/// action its shanten number, live tiles, danger, chance to win and value (in `value_unit`).
pub fn hint_json(h: &Hint) -> Value {
    let options: Vec<Value> = h
        .options
        .iter()
        .map(|o| {
            let mut a = action_json(&o.action);
            a["shanten"] = o.shanten.into();
            a["live"] = o.live.into();
            a["danger"] = o.danger.into();
            a["win_chance"] = o.win_chance.into();
            a["value"] = o.value.into();
            a
        })
        .collect();
    let unit = match h.value_unit {
        ValueUnit::Tai => "tai",
        _ => "none",
    };
    json!({
        "choice": action_json(&h.choice),
        "reason": h.reason as u8,
        "reason_text": h.reason.text(),
        "shanten": h.shanten,
        "value_unit": unit,
        "options": options,
    })
}

/// The hint of mjkit's full bot for the seat of `view`, as [`hint_json`]; `None` when the
/// library gives none for this view.
pub fn hint_for(view: &View) -> Option<Value> {
    ai::hint(view, &BotConfig::mjkit())
        .ok()
        .map(|h| hint_json(&h))
}

fn str_field<'a>(m: &'a Map<String, Value>, key: &str) -> Result<Option<&'a str>, Refusal> {
    match m.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(Refusal::new(
            "malformed",
            format!("\"{key}\" must be a string"),
        )),
    }
}

/// Reads an action from a message's `action` and `tile` fields.
fn parse_action(m: &Map<String, Value>) -> Result<Action, Refusal> {
    let name = str_field(m, "action")?
        .ok_or_else(|| Refusal::new("bad_action", "an act message needs \"action\""))?;
    let kind = by_name(&ACTION_KINDS, &ACTION_NAMES, name).ok_or_else(|| {
        Refusal::new(
            "bad_action",
            format!(
                "unknown action {name:?}: the actions are {}",
                ACTION_NAMES.join(", ")
            ),
        )
    })?;
    let tile = match (kind, str_field(m, "tile")?) {
        (ActionKind::Pass, None) => NO_TILE,
        (ActionKind::Pass, Some(_)) => {
            return Err(Refusal::new("bad_tile", "a pass takes no \"tile\""));
        }
        (_, None) => {
            return Err(Refusal::new(
                "bad_tile",
                format!("the action {name:?} needs a \"tile\""),
            ));
        }
        (_, Some(t)) => tile_code(t).ok_or_else(|| {
            Refusal::new(
                "bad_tile",
                format!(
                    "unknown tile {t:?}: tiles are written 1m..9m, 1p..9p, 1s..9s, 1z..7z, 1f..8f"
                ),
            )
        })?,
    };
    Ok(Action::new(kind, tile))
}

fn parse_lang(s: Option<&str>) -> Result<Lang, Refusal> {
    match s {
        None | Some("en") => Ok(Lang::En),
        Some("zh") => Ok(Lang::Zh),
        Some(o) => Err(Refusal::new(
            "malformed",
            format!("unknown language {o:?}: \"en\" or \"zh\""),
        )),
    }
}

/// Reads a client's text frame.
///
/// # Errors
/// A [`Refusal`] naming what is wrong: not JSON, not an object, no or an unknown `type`, a
/// field of the wrong type, an unknown action or tile, a frame over [`MAX_CLIENT_FRAME`].
pub fn parse_client(text: &str) -> Result<ClientMsg, Refusal> {
    if text.len() > MAX_CLIENT_FRAME {
        return Err(Refusal::new(
            "too_large",
            format!("a message is at most {MAX_CLIENT_FRAME} bytes"),
        ));
    }
    let v: Value = serde_json::from_str(text)
        .map_err(|e| Refusal::new("malformed", format!("not JSON: {e}")))?;
    let Value::Object(m) = v else {
        return Err(Refusal::new("malformed", "a message is a JSON object"));
    };
    let kind = str_field(&m, "type")?
        .ok_or_else(|| Refusal::new("malformed", "a message needs a \"type\""))?;
    let known: &[&str] = match kind {
        "join" => &["type", "seat", "token", "lang"],
        "act" => &["type", "action", "tile", "next"],
        "next" => &["type"],
        "lang" => &["type", "lang"],
        _ => {
            return Err(Refusal::new(
                "unknown_type",
                format!("unknown message type {kind:?}: join, act, next or lang"),
            ));
        }
    };
    if let Some(k) = m.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(Refusal::new(
            "malformed",
            format!("unknown field {k:?} in a {kind} message"),
        ));
    }
    match kind {
        "join" => {
            let want = match m.get("seat") {
                None | Some(Value::Null) => Want::Any,
                Some(Value::String(s)) if s == "any" => Want::Any,
                Some(Value::String(s)) if s == "spectator" => Want::Spectator,
                Some(Value::Number(n)) => match n.as_u64() {
                    Some(s) if (s as usize) < SEATS => Want::Seat(s as u8),
                    _ => {
                        return Err(Refusal::new(
                            "no_such_seat",
                            format!("seat {n} does not exist: seats are 0 to 3"),
                        ));
                    }
                },
                Some(o) => {
                    return Err(Refusal::new(
                        "malformed",
                        format!("\"seat\" is 0..3, \"any\" or \"spectator\", not {o}"),
                    ));
                }
            };
            Ok(ClientMsg::Join {
                want,
                token: str_field(&m, "token")?.map(str::to_string),
                lang: parse_lang(str_field(&m, "lang")?)?,
            })
        }
        "act" => {
            let next = match m.get("next") {
                None | Some(Value::Null) => None,
                Some(Value::Number(n)) if n.as_u64().is_some() => n.as_u64(),
                Some(_) => {
                    return Err(Refusal::new(
                        "malformed",
                        "\"next\" is an event index (a whole number)",
                    ));
                }
            };
            Ok(ClientMsg::Act {
                action: parse_action(&m)?,
                next,
            })
        }
        "next" => Ok(ClientMsg::Next),
        _ => Ok(ClientMsg::Lang(parse_lang(str_field(&m, "lang")?)?)),
    }
}

/// An event read back from its record line (the inverse of
/// [`mjkit::table::record::event_line`]; [`event_from_json`] of a line and `event_line` of the
/// result give the line back, which the tests check on every line they read).
///
/// # Errors
/// What is wrong with the line.
pub fn event_from_json(v: &Value) -> Result<Event, String> {
    let m = v.as_object().ok_or("an event is an object")?;
    let int = |k: &str| -> Result<Option<i64>, String> {
        match m.get(k) {
            None => Ok(None),
            Some(x) => x.as_i64().map(Some).ok_or(format!("{k} is not an integer")),
        }
    };
    let small = |k: &str| -> Result<Option<u8>, String> {
        int(k)?
            .map(|x| u8::try_from(x).map_err(|_| format!("{k} out of range")))
            .transpose()
    };
    let tile = |x: &Value| -> Result<u8, String> {
        let s = x.as_str().ok_or("a tile is a string")?;
        if s == "hidden" {
            Ok(HIDDEN_TILE)
        } else {
            tile_code(s).ok_or(format!("unknown tile {s}"))
        }
    };
    let kind_name = m.get("kind").and_then(Value::as_str).ok_or("no kind")?;
    let kind = by_name(&EVENT_KINDS, &EVENT_KIND_NAMES, kind_name).ok_or("unknown kind")?;
    let mut e = Event::new(kind);
    e.index = m.get("i").and_then(Value::as_u64).ok_or("no index")?;
    if let Some(s) = small("seat")? {
        e.seat = s;
    }
    if let Some(s) = small("from")? {
        e.from = s;
    }
    if let Some(w) = small("wind")? {
        e.tile = w;
    }
    if let Some(p) = small("pattern")? {
        e.tile = p;
    }
    if let Some(t) = m.get("tile") {
        e.tile = tile(t)?;
    }
    if let Some(a) = m.get("action") {
        let a = a.as_str().ok_or("action is a string")?;
        e.action = Some(by_name(&ACTION_KINDS, &ACTION_NAMES, a).ok_or("unknown action")?);
    }
    if let Some(a) = m.get("meld") {
        let a = a.as_str().ok_or("meld is a string")?;
        e.meld = Some(by_name(&MELD_KINDS, &MELD_NAMES, a).ok_or("unknown meld")?);
    }
    if let Some(a) = m.get("reason") {
        let a = a.as_str().ok_or("reason is a string")?;
        e.reason = by_name(&REASONS, &REASON_NAMES, a).ok_or("unknown reason")?;
    }
    if let Some(f) = m.get("flags") {
        for name in f.as_array().ok_or("flags is an array")? {
            let name = name.as_str().ok_or("a flag is a string")?;
            e.flags |=
                mjkit::table::record::flag_by_name(name).ok_or(format!("unknown flag {name}"))?;
        }
    }
    let list: Vec<u8> = if let Some(w) = m.get("winds") {
        w.as_array()
            .ok_or("winds is an array")?
            .iter()
            .map(|x| {
                x.as_u64()
                    .and_then(|x| u8::try_from(x).ok())
                    .ok_or("bad wind")
            })
            .collect::<Result<_, _>>()?
    } else if let Some(t) = m.get("tiles") {
        t.as_array()
            .ok_or("tiles is an array")?
            .iter()
            .map(tile)
            .collect::<Result<_, _>>()?
    } else {
        Vec::new()
    };
    if !list.is_empty() {
        e = e.with_tiles(&list);
    }
    e.value = int("value")?.unwrap_or(0);
    if let Some(s) = m.get("scores") {
        let s = s.as_array().ok_or("scores is an array")?;
        if s.len() != SEATS {
            return Err("scores has 4 entries".into());
        }
        for (k, x) in s.iter().enumerate() {
            e.scores[k] = x.as_i64().ok_or("a score is an integer")?;
        }
    }
    if let Some(c) = m.get("counters") {
        let c = c.as_array().ok_or("counters is an array")?;
        if c.len() != MAX_COUNTERS {
            return Err("counters has 4 entries".into());
        }
        for (k, x) in c.iter().enumerate() {
            e.counters[k] = x
                .as_u64()
                .and_then(|x| u32::try_from(x).ok())
                .ok_or("a counter is a u32")?;
        }
    }
    if let Some(s) = m.get("seed") {
        e.seed = s.as_u64().ok_or("seed is a u64")?;
    }
    if e.kind == EventKind::HandStart && e.tile == NO_TILE {
        return Err("a hand start needs its wind".into());
    }
    Ok(e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mjkit::table::record::event_line;
    use mjkit::table::{Phase, Reader, Rules, Table};

    #[test]
    fn event_from_json_inverts_event_line_over_whole_hands() {
        let mut lines = 0;
        for seed in 0..40 {
            let mut t = Table::new(Rules::taiwan16(), seed).unwrap();
            let mut next = [0u64; 6];
            while t.phase() != Phase::Over {
                let seat = t.pending().trailing_zeros() as usize;
                let legal = t.legal_actions(seat);
                let a = legal.as_slice()[(seed as usize * 7 + lines) % legal.len()];
                t.apply(seat, a).unwrap();
                for (r, n) in Reader::ALL.iter().zip(&mut next) {
                    for e in t.reader_events(*r, *n) {
                        let line = event_line(&e);
                        let v: Value = serde_json::from_str(&line).unwrap();
                        let back = event_from_json(&v).unwrap();
                        assert_eq!(back, e, "{line}");
                        assert_eq!(event_line(&back), line);
                        *n = e.index + 1;
                        lines += 1;
                    }
                }
            }
        }
        assert!(lines > 10_000, "{lines}");
    }

    #[test]
    fn parse_client_reads_every_message() {
        assert_eq!(
            parse_client(r#"{"type":"act","action":"discard","tile":"5m","next":12}"#),
            Ok(ClientMsg::Act {
                action: Action::new(ActionKind::Discard, 4),
                next: Some(12)
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"act","action":"pass"}"#),
            Ok(ClientMsg::Act {
                action: Action::PASS,
                next: None
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"act","action":"rob_flower","tile":"8f"}"#),
            Ok(ClientMsg::Act {
                action: Action::new(ActionKind::RobFlower, 41),
                next: None
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"join","seat":2,"token":"abc","lang":"zh"}"#),
            Ok(ClientMsg::Join {
                want: Want::Seat(2),
                token: Some("abc".into()),
                lang: Lang::Zh
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"join","seat":"spectator"}"#),
            Ok(ClientMsg::Join {
                want: Want::Spectator,
                token: None,
                lang: Lang::En
            })
        );
        assert_eq!(parse_client(r#"{"type":"next"}"#), Ok(ClientMsg::Next));
        assert_eq!(
            parse_client(r#"{"type":"lang","lang":"zh"}"#),
            Ok(ClientMsg::Lang(Lang::Zh))
        );
    }

    #[test]
    fn parse_client_refuses_with_a_code_and_a_message() {
        let cases: [(&str, &str); 17] = [
            ("", "malformed"),
            ("{", "malformed"),
            ("[1,2]", "malformed"),
            ("\"act\"", "malformed"),
            ("{}", "malformed"),
            (r#"{"type":7}"#, "malformed"),
            (r#"{"type":"shout"}"#, "unknown_type"),
            (r#"{"type":"act"}"#, "bad_action"),
            (
                r#"{"type":"act","action":"steal","tile":"5m"}"#,
                "bad_action",
            ),
            (r#"{"type":"act","action":"discard"}"#, "bad_tile"),
            (
                r#"{"type":"act","action":"discard","tile":"0m"}"#,
                "bad_tile",
            ),
            (r#"{"type":"act","action":"pass","tile":"1m"}"#, "bad_tile"),
            (
                r#"{"type":"act","action":"discard","tile":"1m","next":-1}"#,
                "malformed",
            ),
            (
                r#"{"type":"act","action":"discard","tile":"1m","cheat":1}"#,
                "malformed",
            ),
            (r#"{"type":"join","seat":4}"#, "no_such_seat"),
            (r#"{"type":"join","seat":true}"#, "malformed"),
            (r#"{"type":"join","lang":"fr"}"#, "malformed"),
        ];
        for (text, code) in cases {
            let r = parse_client(text).unwrap_err();
            assert_eq!(r.code, code, "{text}: {}", r.message);
            assert!(!r.message.is_empty());
            let back: Value = serde_json::from_str(&r.to_json()).unwrap();
            assert_eq!(back["type"], "error");
        }
        let long = format!(r#"{{"type":"next","pad":"{}"}}"#, "x".repeat(5000));
        assert_eq!(parse_client(&long).unwrap_err().code, "too_large");
    }
}
