//! Hand and match records: JSON Lines, the format version and the table's header on the first
//! line, then one event per line as the observer sees it. Reading a record re-applies every
//! action through the referee ([`super::replay::replay`]), so a record arrives at exactly the
//! state the table had, or is refused with the line that is wrong.
//!
//! The writer and the reader of this fixed schema are written here (the library's runtime
//! dependencies stay libc and once_cell): the reader accepts the JSON this module writes and
//! nothing looser (objects, arrays, integers, `true`/`false`, strings without escapes; every key
//! known, none repeated, every required key present). The schema is in `docs/backend.md`.

use std::fmt::Write;

use super::engine::Table;
use super::event::*;
use super::matches::*;
use super::names::{Lang, TileStyle, tile_name};
use super::replay::{Header, replay};
use super::snapshot::{
    CLAIM_WINDOWS, DEALER_RULES, PASS_LOCKS, claim_window_code, dealer_rule_code, pass_lock_code,
    variant_code,
};
use super::types::*;
use crate::tai::TaiRules;

/// The record format version this library writes and reads. Earlier versions are refused
/// ("unsupported record version"): 1 (before tai scoring and 過水 were rules), 2 (before
/// the claim window switch, each reader's stream and the match state in every hand start) and 3
/// (before the minimum tai, the tai switches of the presets' sources and the 過水 modes).
pub const RECORD_VERSION: u32 = 4;

/// Why a record was refused: the line (1-based) and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RecordError {
    /// The offending line, 1-based (the line after the last when the record ends too early).
    pub line: usize,
    /// What was wrong.
    pub why: &'static str,
}

const FLAG_NAMES: [(u32, &str); 18] = [
    (flags::REPLACEMENT, "replacement"),
    (flags::DRAWN, "drawn"),
    (flags::SELF_DRAWN, "self_drawn"),
    (flags::ROBBED_KONG, "robbed_kong"),
    (flags::LAST_TILE, "last_tile"),
    (flags::FIRST_TURN, "first_turn"),
    (flags::NEXT_HAND, "next_hand"),
    (flags::READY_FIRST_DISCARD, "ready_first_discard"),
    (flags::EIGHT_FLOWERS, "eight_flowers"),
    (flags::SEVEN_ROB_ONE, "seven_rob_one"),
    (flags::FLOWER_OFFER, "flower_offer"),
    (flags::AFTER_EXPOSED_KONG, "after_exposed_kong"),
    (flags::FIRST_GO_AROUND, "first_go_around"),
    (flags::READY_FROM_DEAL, "ready_from_deal"),
    (flags::SHOWN, "shown"),
    (flags::RIICHI, "riichi"),
    (flags::DOUBLE_RIICHI, "double_riichi"),
    (flags::IPPATSU, "ippatsu"),
];
const CLAIM_WINDOW_NAMES: [&str; 2] = ["every_seat", "claimants"];
const VARIANT_NAMES: [&str; 3] = ["taiwan16", "thirteen", "riichi"];
const PASS_LOCK_NAMES: [&str; 3] = ["off", "until_draw", "until_discard"];
const DEALER_RULE_NAMES: [&str; 4] = [
    "keep_on_win_or_draw",
    "keep_on_win",
    "keep_on_win_or_ready",
    "always_pass",
];

/// The first line of a record (no newline).
pub fn header_line(h: &Header) -> String {
    let r = &h.rules;
    let m = &h.match_rules;
    let s = &h.state;
    let (end, end_value) = match m.end {
        MatchEnd::Never => ("never", 0),
        MatchEnd::Hands(n) => ("hands", n),
        MatchEnd::WindRounds(n) => ("wind_rounds", u32::from(n)),
    };
    let riichi = r.variant == Variant::Riichi;
    // The variant's own block: the Taiwanese 過水 and scoring, or the riichi object.
    let window = CLAIM_WINDOW_NAMES[usize::from(claim_window_code(r.claim_window))];
    let part = if riichi {
        format!("\"claim_window\":\"{window}\",{}", riichi_json(&r.riichi))
    } else {
        format!(
            "\"pass_lock\":\"{}\",\"claim_window\":\"{window}\",{}",
            PASS_LOCK_NAMES[usize::from(pass_lock_code(r.pass_lock))],
            scoring_json(&r.scoring)
        )
    };
    let counters = match s.part {
        MatchPart::Riichi(m) => format!(",\"honba\":{},\"sticks\":{}", m.honba, m.sticks),
        MatchPart::None => String::new(),
    };
    format!(
        concat!(
            "{{\"mjkit_record\":{},\"rules\":{{\"variant\":\"{}\",\"dead_wall\":{},",
            "\"multi_win\":\"{}\",\"rob_kong\":{},{}}},",
            "\"match\":{{\"start_score\":{},\"first_dealer\":{},\"dealer_rule\":\"{}\",",
            "\"end\":\"{}\",\"end_value\":{}}},\"seed\":{},",
            "\"state\":{{\"scores\":[{},{},{},{}],\"hands_played\":{},\"consecutive\":{},",
            "\"rounds\":{},\"over\":{},\"readers\":[{},{},{},{},{}]{}}}}}"
        ),
        RECORD_VERSION,
        VARIANT_NAMES[usize::from(variant_code(r.variant))],
        r.dead_wall,
        if r.multi_win == MultiWin::All {
            "all"
        } else {
            "head_bump"
        },
        r.rob_kong,
        part,
        m.start_score,
        m.first_dealer,
        DEALER_RULE_NAMES[usize::from(dealer_rule_code(m.dealer_rule))],
        end,
        end_value,
        h.seed,
        s.scores[0],
        s.scores[1],
        s.scores[2],
        s.scores[3],
        s.hands_played,
        s.consecutive,
        s.rounds,
        s.over,
        h.readers[0],
        h.readers[1],
        h.readers[2],
        h.readers[3],
        h.readers[4],
        counters
    )
}

/// `"riichi":{...}`: every switch of the riichi rules by name.
fn riichi_json(r: &crate::table::RiichiTableRules) -> String {
    use crate::table::variant::riichi::codec::{Value, fields};
    fn value(v: &Value) -> String {
        match v {
            Value::Bool(b) => b.to_string(),
            Value::Int(n) => n.to_string(),
            Value::Name(s) => format!("\"{s}\""),
            Value::Ints(list) => {
                let items: Vec<String> = list.iter().map(i64::to_string).collect();
                format!("[{}]", items.join(","))
            }
        }
    }
    let (scoring, table) = fields(r);
    let obj = |list: &[(&str, Value)]| {
        let items: Vec<String> = list
            .iter()
            .map(|(k, v)| format!("\"{k}\":{}", value(v)))
            .collect();
        items.join(",")
    };
    format!(
        "\"riichi\":{{\"scoring\":{{{}}},{}}}",
        obj(&scoring),
        obj(&table)
    )
}

/// Reads the `"riichi"` object of a header.
fn parse_riichi(v: Json) -> Parsed<crate::table::RiichiTableRules> {
    use crate::table::variant::riichi::codec::{Value, from_fields};
    fn value(v: Json) -> Option<Value> {
        Some(match v {
            Json::Bool(b) => Value::Bool(b),
            Json::Int(n) => Value::Int(i64::try_from(n).ok()?),
            Json::Str(s) => Value::Name(match s.as_str() {
                "immediate" => "immediate",
                "after_discard" => "after_discard",
                _ => "?",
            }),
            Json::Arr(list) => Value::Ints(
                list.into_iter()
                    .map(|x| match x {
                        Json::Int(n) => i64::try_from(n).ok(),
                        _ => None,
                    })
                    .collect::<Option<Vec<_>>>()?,
            ),
            Json::Obj(_) => return None,
        })
    }
    let mut f = object(v)?;
    let mut scoring = object(f.need("scoring")?)?;
    let bad = std::cell::Cell::new(false);
    let r = from_fields(
        |n| {
            let v = scoring.take(n).map(value);
            bad.set(bad.get() | (v == Some(None)));
            v.flatten()
        },
        |n| {
            let v = f.take(n).map(value);
            bad.set(bad.get() | (v == Some(None)));
            v.flatten()
        },
    );
    if bad.get() {
        return Err("a value of the wrong type");
    }
    let r = r?;
    scoring.done()?;
    f.done()?;
    Ok(r)
}

/// `"scoring":"thesis"`, or `"scoring":"tai","tai":{...}` with every value and switch.
fn scoring_json(s: &Scoring) -> String {
    let Scoring::Tai(t) = s else {
        return "\"scoring\":\"thesis\"".to_string();
    };
    let mut out = String::from("\"scoring\":\"tai\",\"tai\":{\"values\":[");
    for (i, v) in t.values.iter().enumerate() {
        let _ = write!(out, "{}{v}", if i == 0 { "" } else { "," });
    }
    let _ = write!(
        out,
        "],\"base\":{},\"price\":{},\"min_tai\":{}",
        t.base, t.price, t.min_tai
    );
    for (name, on) in crate::tai::SWITCH_NAMES.iter().zip(t.switches()) {
        let _ = write!(out, ",\"{name}\":{on}");
    }
    out.push('}');
    out
}

/// Reads the `"tai"` object of a header.
fn parse_tai(v: Json) -> Parsed<TaiRules> {
    let mut f = object(v)?;
    let Json::Arr(list) = f.need("values")? else {
        return Err("tai values must be an array");
    };
    let mut t = TaiRules::atawmj();
    if list.len() != t.values.len() {
        return Err("tai values must have one entry per pattern slot");
    }
    for (o, v) in t.values.iter_mut().zip(list) {
        *o = int(v)?;
    }
    t.base = int(f.need("base")?)?;
    t.price = int(f.need("price")?)?;
    t.min_tai = int(f.need("min_tai")?)?;
    for name in crate::tai::SWITCH_NAMES {
        let on = boolean(f.need(name)?)?;
        t.set_switch(name, on);
    }
    f.done()?;
    Ok(t)
}

fn write_tile(out: &mut String, t: u8) {
    match t {
        HIDDEN_TILE => out.push_str("\"hidden\""),
        _ => match tile_name(t, TileStyle::Notation, Lang::English) {
            Some(n) => {
                let _ = write!(out, "\"{n}\"");
            }
            None => {
                let _ = write!(out, "{t}");
            }
        },
    }
}

/// Whether `kind`'s `tile` field holds a wind rather than a tile.
fn tile_is_wind(kind: EventKind) -> bool {
    matches!(kind, EventKind::HandStart | EventKind::WindAdvanced)
}

/// One record line for an event (no newline). Unused fields are left out.
pub fn event_line(e: &Event) -> String {
    let mut s = String::with_capacity(96);
    let kind = EVENT_KIND_NAMES[usize::from(code_of(&EVENT_KINDS, &e.kind))];
    let _ = write!(s, "{{\"i\":{},\"kind\":\"{kind}\"", e.index);
    if e.seat != NO_SEAT {
        let _ = write!(s, ",\"seat\":{}", e.seat);
    }
    if e.from != NO_SEAT {
        let _ = write!(s, ",\"from\":{}", e.from);
    }
    if tile_is_wind(e.kind) {
        let _ = write!(s, ",\"wind\":{}", e.tile);
    } else if e.kind == EventKind::Tai {
        let _ = write!(s, ",\"pattern\":{}", e.tile);
    } else if e.kind == EventKind::Yaku {
        let _ = write!(s, ",\"yaku\":{}", e.tile);
    } else if e.kind == EventKind::Fu {
        let _ = write!(s, ",\"limit\":{}", e.tile);
    } else if e.tile != NO_TILE {
        s.push_str(",\"tile\":");
        write_tile(&mut s, e.tile);
    }
    if let Some(a) = e.action {
        let _ = write!(
            s,
            ",\"action\":\"{}\"",
            ACTION_NAMES[usize::from(code_of(&ACTION_KINDS, &a))]
        );
    }
    if let Some(m) = e.meld {
        let _ = write!(
            s,
            ",\"meld\":\"{}\"",
            MELD_NAMES[usize::from(code_of(&MELD_KINDS, &m))]
        );
    }
    if e.reason != Reason::None {
        let _ = write!(
            s,
            ",\"reason\":\"{}\"",
            REASON_NAMES[usize::from(code_of(&REASONS, &e.reason))]
        );
    }
    if e.flags != 0 {
        s.push_str(",\"flags\":[");
        let mut first = true;
        for (bit, name) in FLAG_NAMES {
            if e.flags & bit != 0 {
                if !first {
                    s.push(',');
                }
                first = false;
                let _ = write!(s, "\"{name}\"");
            }
        }
        s.push(']');
    }
    if e.kind == EventKind::HandStart {
        s.push_str(",\"winds\":[");
        for (k, &w) in e.tile_list().iter().enumerate() {
            let _ = write!(s, "{}{w}", if k == 0 { "" } else { "," });
        }
        s.push(']');
    } else if e.count > 0 {
        s.push_str(",\"tiles\":[");
        for (k, &t) in e.tile_list().iter().enumerate() {
            if k > 0 {
                s.push(',');
            }
            write_tile(&mut s, t);
        }
        s.push(']');
    }
    if e.value != 0 {
        let _ = write!(s, ",\"value\":{}", e.value);
    }
    let start = e.kind == EventKind::HandStart;
    if start || e.scores != [0; SEATS] {
        let [a, b, c, d] = e.scores;
        let _ = write!(s, ",\"scores\":[{a},{b},{c},{d}]");
    }
    if start || e.counters != [0; MAX_COUNTERS] {
        let [a, b, c, d] = e.counters;
        let _ = write!(s, ",\"counters\":[{a},{b},{c},{d}]");
    }
    if start {
        let _ = write!(s, ",\"seed\":{}", e.seed);
    }
    s.push('}');
    s
}

/// Collects a record of a table's play, hand after hand: create it when the table is created
/// (or at any hand start), call [`Recorder::update`] after every change (apply, next hand,
/// deal, score set), and take the text at the end. A game loop that wants no formatting work
/// per hand calls [`Recorder::keep`] instead before every deal (it copies the hand's events,
/// 64 bytes each) and [`Recorder::text`] when it wants the record.
#[derive(Debug, Clone)]
pub struct Recorder {
    text: String,
    /// Events kept but not formatted yet.
    kept: Vec<Event>,
    next: u64,
}

impl Recorder {
    /// A record starting with the table's current hand.
    pub fn new(table: &Table) -> Recorder {
        let mut r = Recorder {
            text: header_line(&table.header()),
            kept: Vec::new(),
            next: table.first_event_index(),
        };
        r.text.push('\n');
        r.update(table).expect("the current hand's log is complete");
        r
    }

    /// Appends the events logged since the last update.
    ///
    /// # Errors
    /// [`crate::Error::InvalidArgument`] when events were lost (a hand was dealt and dealt
    /// over again between two updates), so the record would not replay.
    pub fn update(&mut self, table: &Table) -> Result<(), crate::Error> {
        self.keep(table)?;
        for e in self.kept.drain(..) {
            self.text.push_str(&event_line(&e));
            self.text.push('\n');
        }
        Ok(())
    }

    /// Keeps the events logged since the last update without formatting them (a copy); they
    /// enter the text at the next [`Recorder::update`] or [`Recorder::text`].
    ///
    /// # Errors
    /// As [`Recorder::update`].
    pub fn keep(&mut self, table: &Table) -> Result<(), crate::Error> {
        if self.next < table.first_event_index() {
            return Err(crate::Error::InvalidArgument);
        }
        let start = (self.next - table.first_event_index()) as usize;
        self.kept
            .extend_from_slice(table.log().get(start..).unwrap_or(&[]));
        self.next = table.next_event_index();
        Ok(())
    }

    /// The record up to the table's last event: [`Recorder::update`], then the text.
    ///
    /// # Errors
    /// As [`Recorder::update`].
    pub fn text(&mut self, table: &Table) -> Result<&str, crate::Error> {
        self.update(table)?;
        Ok(&self.text)
    }

    /// A recorder that continues `text`, the record [`read`] turned into `table`: its lines
    /// are kept (blank lines dropped, every line ended by a newline) and later updates append
    /// what `table` logs next.
    pub fn resume(text: &str, table: &Table) -> Recorder {
        let mut out = String::with_capacity(text.len() + 1);
        for line in text.lines().filter(|l| !l.is_empty()) {
            out.push_str(line);
            out.push('\n');
        }
        Recorder {
            text: out,
            kept: Vec::new(),
            next: table.next_event_index(),
        }
    }

    /// Puts `earlier`, a record of the same table's play before this record's first event (a
    /// game's record before it saved the snapshot this table was loaded from, say), in front of
    /// this record: `earlier`'s header and its lines before this record's first event, then this
    /// record's lines (so an earlier record that ran past that point, as after an undo, is cut
    /// back to it). The joined record must read back to exactly `table`; nothing changes on
    /// error.
    ///
    /// # Errors
    /// [`RecordError`] with the 1-based line of `earlier` that is wrong: a bad line, a record
    /// of another table (line 1), one that stops before this record starts (the line after its
    /// last), or one that does not lead to `table` (the line after its last).
    pub fn continue_from(&mut self, earlier: &str, table: &Table) -> Result<(), RecordError> {
        let past_end = earlier.lines().count() + 1;
        self.update(table).map_err(|_| RecordError {
            line: past_end,
            why: "the table's record lost events",
        })?;
        let mut own = self.text.lines();
        let own_head = parse_header(own.next().unwrap_or_default()).map_err(|why| RecordError {
            line: past_end,
            why,
        })?;
        let own_lines: Vec<&str> = own.collect();
        let first = match own_lines.first() {
            Some(l) => parse_event(l).map_or(table.first_event_index(), |e| e.index),
            None => table.next_event_index(),
        };
        let mut lines = earlier.lines().enumerate().filter(|(_, l)| !l.is_empty());
        let (_, head) = lines.next().ok_or(RecordError {
            line: 1,
            why: "empty record",
        })?;
        let header = parse_header(head).map_err(|why| RecordError { line: 1, why })?;
        if (header.rules, header.match_rules, header.seed)
            != (own_head.rules, own_head.match_rules, own_head.seed)
        {
            return Err(RecordError {
                line: 1,
                why: "a record of another table",
            });
        }
        let mut out = String::with_capacity(earlier.len() + self.text.len());
        out.push_str(head);
        out.push('\n');
        let mut next: Option<u64> = None;
        for (i, l) in lines {
            let e = parse_event(l).map_err(|why| RecordError { line: i + 1, why })?;
            if e.index >= first {
                break;
            }
            out.push_str(l);
            out.push('\n');
            next = Some(e.index + 1);
        }
        // It reaches this record's start: by its events, or it starts where this one does.
        if next.map_or(header != own_head, |n| n != first) {
            return Err(RecordError {
                line: past_end,
                why: "the record stops before this record starts",
            });
        }
        for l in own_lines {
            out.push_str(l);
            out.push('\n');
        }
        let back = read(&out).map_err(|e| RecordError {
            line: e.line.min(past_end),
            why: e.why,
        })?;
        if back.save() != table.save() {
            return Err(RecordError {
                line: past_end,
                why: "the record does not lead to this table",
            });
        }
        self.text = out;
        Ok(())
    }

    /// The record up to the last [`Recorder::update`] (JSON Lines, every line ended by a
    /// newline; events only kept are not in it yet).
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

/// The table a record describes: its first line's header, then every line's event re-applied
/// through the referee.
///
/// # Errors
/// [`RecordError`] with the 1-based line: malformed JSON, an unknown or missing key, a value out
/// of range, a wrong format version, an illegal action, an event that differs from the
/// referee's, or a record that ends before the referee's log.
pub fn read(text: &str) -> Result<Table, RecordError> {
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.is_empty());
    let (_, first) = lines.next().ok_or(RecordError {
        line: 1,
        why: "empty record",
    })?;
    let header = parse_header(first).map_err(|why| RecordError { line: 1, why })?;
    let mut events = Vec::new();
    let mut line_of = Vec::new();
    for (i, l) in lines {
        let e = parse_event(l).map_err(|why| RecordError { line: i + 1, why })?;
        events.push(e);
        line_of.push(i + 1);
    }
    replay(&header, &events).map_err(|e| RecordError {
        line: line_of
            .get(e.event)
            .copied()
            .unwrap_or(text.lines().count() + 1),
        why: e.why,
    })
}

mod json;
use json::{Fields, Json, Parsed, boolean, int, int_array, name, object, parse};

fn tile(v: Json) -> Parsed<u8> {
    match v {
        Json::Str(s) if s == "hidden" => Ok(HIDDEN_TILE),
        Json::Str(s) => (0..45u8)
            .find(|&t| {
                tile_name(t, TileStyle::Notation, Lang::English).as_deref() == Some(s.as_str())
            })
            .ok_or("unknown tile"),
        Json::Int(n) => {
            let t = u8::try_from(n).map_err(|_| "tile out of range")?;
            // Codes with a notation are written as notation: a number is only for the others.
            if tile_name(t, TileStyle::Notation, Lang::English).is_some()
                || t == HIDDEN_TILE
                || t == NO_TILE
            {
                Err("tile not in canonical form")
            } else {
                Ok(t)
            }
        }
        _ => Err("a tile was expected"),
    }
}

fn parse_header(line: &str) -> Parsed<Header> {
    let mut f = Fields(parse(line)?);
    let version: u32 = int(f.need("mjkit_record")?)?;
    if version != RECORD_VERSION {
        return Err("unsupported record version");
    }
    let mut r = object(f.need("rules")?)?;
    let variant = name(
        r.need("variant")?,
        &VARIANT_NAMES,
        &[Variant::Taiwan16, Variant::Thirteen, Variant::Riichi],
    )?;
    let mut rules = Rules {
        variant,
        dead_wall: int(r.need("dead_wall")?)?,
        multi_win: name(
            r.need("multi_win")?,
            &["head_bump", "all"],
            &[MultiWin::HeadBump, MultiWin::All],
        )?,
        rob_kong: boolean(r.need("rob_kong")?)?,
        ..Rules::thirteen()
    };
    rules.claim_window = name(r.need("claim_window")?, &CLAIM_WINDOW_NAMES, &CLAIM_WINDOWS)?;
    if variant == Variant::Riichi {
        rules.riichi = parse_riichi(r.need("riichi")?)?;
    } else {
        rules.pass_lock = name(r.need("pass_lock")?, &PASS_LOCK_NAMES, &PASS_LOCKS)?;
        rules.scoring = match name(r.need("scoring")?, &["thesis", "tai"], &[false, true])? {
            false => Scoring::Thesis,
            true => Scoring::Tai(parse_tai(r.need("tai")?)?),
        };
    }
    r.done()?;
    let mut m = object(f.need("match")?)?;
    let start_score = int(m.need("start_score")?)?;
    let first_dealer = int(m.need("first_dealer")?)?;
    let dealer_rule = name(m.need("dealer_rule")?, &DEALER_RULE_NAMES, &DEALER_RULES)?;
    let end_kind = name(
        m.need("end")?,
        &["never", "hands", "wind_rounds"],
        &[0, 1, 2],
    )?;
    let end_value: u32 = int(m.need("end_value")?)?;
    m.done()?;
    let end = match end_kind {
        0 if end_value == 0 => MatchEnd::Never,
        1 => MatchEnd::Hands(end_value),
        2 => MatchEnd::WindRounds(u8::try_from(end_value).map_err(|_| "match end out of range")?),
        _ => return Err("match end out of range"),
    };
    let seed = int(f.need("seed")?)?;
    let mut s = object(f.need("state")?)?;
    let scores = int_array(s.need("scores")?)?;
    let riichi = variant == Variant::Riichi;
    let state = MatchState {
        scores,
        hands_played: int(s.need("hands_played")?)?,
        consecutive: int(s.need("consecutive")?)?,
        rounds: int(s.need("rounds")?)?,
        over: boolean(s.need("over")?)?,
        part: if riichi {
            MatchPart::Riichi(RiichiMatch {
                honba: int(s.need("honba")?)?,
                sticks: int(s.need("sticks")?)?,
            })
        } else {
            MatchPart::None
        },
    };
    let readers = int_array(s.need("readers")?)?;
    s.done()?;
    f.done()?;
    Ok(Header {
        rules,
        match_rules: MatchRules {
            start_score,
            first_dealer,
            dealer_rule,
            end,
        },
        seed,
        state,
        readers,
    })
}

/// The value of `key`: required when `required`, else optional.
fn take_required(f: &mut Fields, key: &str, required: bool) -> Parsed<Option<Json>> {
    if required {
        f.need(key).map(Some)
    } else {
        Ok(f.take(key))
    }
}

fn seat(v: Json) -> Parsed<u8> {
    let s: u8 = int(v)?;
    if usize::from(s) < SEATS {
        Ok(s)
    } else {
        Err("seat out of range")
    }
}

fn wind(v: Json) -> Parsed<u8> {
    let w: u8 = int(v)?;
    if usize::from(w) < WINDS {
        Ok(w)
    } else {
        Err("wind out of range")
    }
}

fn parse_event(line: &str) -> Parsed<Event> {
    let mut f = Fields(parse(line)?);
    let index = int(f.need("i")?)?;
    let kind = name(f.need("kind")?, &EVENT_KIND_NAMES, &EVENT_KINDS)?;
    let mut e = Event::new(kind);
    e.index = index;
    if let Some(v) = f.take("seat") {
        e.seat = seat(v)?;
    }
    if let Some(v) = f.take("from") {
        e.from = seat(v)?;
    }
    if tile_is_wind(kind) {
        e.tile = wind(f.need("wind")?)?;
    } else if kind == EventKind::Tai {
        let id: u8 = int(f.need("pattern")?)?;
        if crate::tai::Pattern::from_id(usize::from(id)).is_none() {
            return Err("unknown tai pattern");
        }
        e.tile = id;
    } else if kind == EventKind::Yaku {
        let id: u8 = int(f.need("yaku")?)?;
        if crate::riichi::yaku::info(usize::from(id)).is_none() {
            return Err("unknown yaku");
        }
        e.tile = id;
    } else if kind == EventKind::Fu {
        let limit: u8 = int(f.need("limit")?)?;
        if crate::riichi::Limit::from_u8(limit).is_none() {
            return Err("unknown limit");
        }
        e.tile = limit;
    } else if let Some(v) = f.take("tile") {
        e.tile = tile(v)?;
    }
    if let Some(v) = f.take("action") {
        e.action = Some(name(v, &ACTION_NAMES, &ACTION_KINDS)?);
    }
    if let Some(v) = f.take("meld") {
        e.meld = Some(name(v, &MELD_NAMES, &MELD_KINDS)?);
    }
    if let Some(v) = f.take("reason") {
        e.reason = name(v, &REASON_NAMES, &REASONS)?;
        if e.reason == Reason::None {
            return Err("reason none is written by leaving the key out");
        }
    }
    if let Some(v) = f.take("flags") {
        let Json::Arr(list) = v else {
            return Err("flags must be an array");
        };
        let mut bits = 0u32;
        let mut last = 0u32;
        for item in list {
            let bit = name(
                item,
                &FLAG_NAMES.map(|(_, n)| n),
                &FLAG_NAMES.map(|(b, _)| b),
            )?;
            if bit <= last {
                return Err("flags not in canonical order");
            }
            last = bit;
            bits |= bit;
        }
        if bits == 0 {
            return Err("empty flags are written by leaving the key out");
        }
        e.flags = bits;
    }
    if kind == EventKind::HandStart {
        let winds: [u8; SEATS] = int_array(f.need("winds")?)?;
        if winds.iter().any(|&w| usize::from(w) >= SEATS) {
            return Err("wind out of range");
        }
        e = e.with_tiles(&winds);
    } else if let Some(v) = f.take("tiles") {
        let Json::Arr(list) = v else {
            return Err("tiles must be an array");
        };
        if list.is_empty() || list.len() > MAX_EVENT_TILES {
            return Err("tile count out of range");
        }
        let mut tiles = Vec::with_capacity(list.len());
        for item in list {
            tiles.push(tile(item)?);
        }
        e = e.with_tiles(&tiles);
    }
    if let Some(v) = f.take("value") {
        e.value = int(v)?;
        if e.value == 0 {
            return Err("a zero value is written by leaving the key out");
        }
    }
    let start = kind == EventKind::HandStart;
    if let Some(v) = take_required(&mut f, "scores", start)? {
        e.scores = int_array(v)?;
        if !start && e.scores == [0; SEATS] {
            return Err("zero scores are written by leaving the key out");
        }
    }
    if let Some(v) = take_required(&mut f, "counters", start)? {
        e.counters = int_array(v)?;
        if !start && e.counters == [0; MAX_COUNTERS] {
            return Err("zero counters are written by leaving the key out");
        }
    }
    if start {
        e.seed = int(f.need("seed")?)?;
    }
    f.done()?;
    Ok(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recorder_keep_then_text_equals_update_after_every_change() {
        let mut t = Table::new(Rules::taiwan16(), 21).unwrap();
        let (mut every, mut lazy) = (Recorder::new(&t), Recorder::new(&t));
        for _ in 0..3 {
            while t.phase() != Phase::Over {
                let seat = t.pending().trailing_zeros() as usize;
                let a = t.legal_actions(seat).as_slice()[0];
                t.apply(seat, a).unwrap();
                every.update(&t).unwrap();
            }
            lazy.keep(&t).unwrap();
            t.next_hand().unwrap();
            every.update(&t).unwrap();
        }
        assert_eq!(lazy.text(&t).unwrap(), every.as_str());
        assert_eq!(read(lazy.as_str()).unwrap().save(), t.save());
        // Events lost between two calls are refused.
        let mut late = Recorder::new(&t);
        t.deal(9, 0, 0).unwrap();
        t.deal(10, 0, 0).unwrap();
        late.next = 0;
        assert!(late.keep(&t).is_err());
    }

    #[test]
    fn event_line_round_trips_every_field() {
        let e = Event {
            index: 77,
            seat: 2,
            from: 1,
            tile: 33,
            action: Some(ActionKind::Win),
            meld: Some(MeldKind::AddedKong),
            reason: Reason::HeadBump,
            flags: flags::SELF_DRAWN | flags::LAST_TILE,
            value: -12,
            ..Event::new(EventKind::Win)
        }
        .with_tiles(&[0, 9, 18, 27, 34, HIDDEN_TILE]);
        let line = event_line(&e);
        assert_eq!(parse_event(&line), Ok(e), "{line}");
        let start = Event {
            seat: 3,
            from: 1,
            tile: 2,
            value: 5,
            seed: u64::MAX,
            flags: flags::NEXT_HAND,
            scores: [-5, i64::MAX, i64::MIN, 0],
            counters: [3, 0, 7, u32::MAX],
            ..Event::new(EventKind::HandStart)
        }
        .with_tiles(&[1, 2, 3, 0]);
        assert_eq!(parse_event(&event_line(&start)), Ok(start));
    }

    #[test]
    fn parse_event_is_strict() {
        for (line, why) in [
            ("{\"i\":1,\"kind\":\"discard\",\"i\":2}", "repeated key"),
            ("{\"i\":1,\"kind\":\"discard\",\"x\":2}", "unknown key"),
            ("{\"kind\":\"discard\"}", "a required key is missing"),
            ("{\"i\":1,\"kind\":\"dance\"}", "unknown name"),
            (
                "{\"i\":1,\"kind\":\"discard\",\"seat\":4}",
                "seat out of range",
            ),
            (
                "{\"i\":1,\"kind\":\"discard\",\"tile\":\"0z\"}",
                "unknown tile",
            ),
            (
                "{\"i\":1,\"kind\":\"discard\",\"tile\":\"5\\m\"}",
                "escapes are not used in records",
            ),
            (
                "{\"i\":1,\"kind\":\"discard\",\"value\":0}",
                "a zero value is written by leaving the key out",
            ),
            ("{\"i\":01,\"kind\":\"discard\"}", "malformed number"),
            (
                "{\"i\":1,\"kind\":\"discard\"} x",
                "text after the JSON object",
            ),
            (
                "{\"i\":1,\"kind\":\"draw\",\"flags\":[\"drawn\",\"replacement\"]}",
                "flags not in canonical order",
            ),
            (
                "{\"i\":1,\"kind\":\"hand_start\",\"seed\":1}",
                "a required key is missing",
            ),
            ("[1]", "a line must be a JSON object"),
            (
                "{\"i\":1,\"kind\":\"discard\",\"tiles\":[[[[[1]]]]]}",
                "JSON nested too deep",
            ),
        ] {
            assert_eq!(parse_event(line), Err(why), "{line}");
        }
    }

    #[test]
    fn header_line_round_trips() {
        let t = Table::with_match(
            Rules::thirteen(),
            MatchRules {
                start_score: -30,
                first_dealer: 3,
                dealer_rule: DealerRule::KeepOnWinOrReady,
                end: MatchEnd::WindRounds(4),
            },
            u64::MAX,
        )
        .unwrap();
        let h = t.header();
        assert_eq!(parse_header(&header_line(&h)), Ok(h));
        // Tai rules: both presets and one with every value and switch changed.
        let mut custom = TaiRules::common();
        for (i, v) in custom.values.iter_mut().enumerate() {
            *v = (i * 7) as u16;
        }
        custom.base = u32::MAX;
        custom.price = 3;
        let sw = custom.switches().map(|b| !b);
        custom.set_switches(sw);
        for scoring in [
            Scoring::tai_atawmj(),
            Scoring::tai_common(),
            Scoring::Tai(custom),
        ] {
            let rules = Rules {
                scoring,
                pass_lock: if scoring == Scoring::tai_common() {
                    PassLock::Off
                } else {
                    PassLock::UntilDraw
                },
                ..Rules::taiwan16()
            };
            let h = Table::new(rules, 7).unwrap().header();
            assert_eq!(parse_header(&header_line(&h)), Ok(h));
        }
    }
}
