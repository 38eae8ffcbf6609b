//! `MjKit.mjai_parse` / `MjKit.mjai_format`: one MJAI line to a Dictionary and back;
//! `MjTable.respond` / `MjTable.from_mjai`: a bot's response played at a riichi table, a game
//! log replayed into a table.
//!
//! The Dictionary has the MJAI keys of the event (`type` first); tiles are table tile codes:
//! kinds 0..33, the red fives 42 (5mr), 43 (5pr), 44 (5sr), 254 for MJAI's `?`; `bakaze` is a
//! wind 0..3. `mjai_format` writes the Dictionary as JSON with MJAI tile names and reads it with
//! the library's strict reader, so it refuses exactly what `mjai_parse` would.

use super::{Call, Out, Result, Value, bool_arg, fail, list};
use mjkit::mjai::{Event, Pai};
use mjkit::table::{Action, Table};

const WINDS: [&str; 4] = ["E", "S", "W", "N"];

fn code(p: Pai) -> i64 {
    match (p.kind(), p.is_red()) {
        (None, _) => 254,
        (Some(k), true) => 42 + i64::from(k / 9),
        (Some(k), false) => i64::from(k),
    }
}

fn tile(p: Pai) -> Out {
    Out::Int(code(p))
}

fn tiles(ps: &[Pai]) -> Out {
    Out::Ints(ps.iter().map(|&p| code(p) as i32).collect())
}

fn ints4(v: &[i32; 4]) -> Out {
    Out::Ints(v.to_vec())
}

/// `MjKit.mjai_parse`: the event of one MJAI line as a Dictionary.
pub fn mjai_parse(line: &str) -> Result<Out> {
    let e = match Event::parse(line) {
        Ok(e) => e,
        Err(e) => {
            return fail(
                Call::MjaiParse,
                format_args!("not a valid MJAI event: {}", e.why),
            );
        }
    };
    let mut m: Vec<(&'static str, Out)> = vec![("type", Out::Text(e.kind_name().to_string()))];
    let seat = |s: u8| Out::Int(i64::from(s));
    match &e {
        Event::None | Event::EndKyoku | Event::EndGame => {}
        Event::StartGame { names, id } => {
            if let Some(id) = id {
                m.push(("id", seat(*id)));
            }
            if let Some(n) = names {
                m.push((
                    "names",
                    Out::List(n.iter().map(|s| Out::Text(s.clone())).collect()),
                ));
            }
        }
        Event::StartKyoku {
            bakaze,
            kyoku,
            honba,
            kyotaku,
            oya,
            scores,
            dora_marker,
            tehais,
        } => {
            m.push(("bakaze", Out::Int(i64::from(*bakaze))));
            m.push(("dora_marker", tile(*dora_marker)));
            m.push(("kyoku", Out::Int(i64::from(*kyoku))));
            m.push(("honba", Out::Int(i64::from(*honba))));
            m.push(("kyotaku", Out::Int(i64::from(*kyotaku))));
            m.push(("oya", seat(*oya)));
            m.push(("scores", ints4(scores)));
            m.push((
                "tehais",
                Out::List(tehais.iter().map(|h| tiles(h)).collect()),
            ));
        }
        Event::Tsumo { actor, pai } => {
            m.push(("actor", seat(*actor)));
            m.push(("pai", tile(*pai)));
        }
        Event::Dahai {
            actor,
            pai,
            tsumogiri,
        } => {
            m.push(("actor", seat(*actor)));
            m.push(("pai", tile(*pai)));
            m.push(("tsumogiri", Out::Bool(*tsumogiri)));
        }
        Event::Chi {
            actor,
            target,
            pai,
            consumed,
        }
        | Event::Pon {
            actor,
            target,
            pai,
            consumed,
        } => {
            m.push(("actor", seat(*actor)));
            m.push(("target", seat(*target)));
            m.push(("pai", tile(*pai)));
            m.push(("consumed", tiles(consumed)));
        }
        Event::Daiminkan {
            actor,
            target,
            pai,
            consumed,
        } => {
            m.push(("actor", seat(*actor)));
            m.push(("target", seat(*target)));
            m.push(("pai", tile(*pai)));
            m.push(("consumed", tiles(consumed)));
        }
        Event::Kakan {
            actor,
            pai,
            consumed,
        } => {
            m.push(("actor", seat(*actor)));
            m.push(("pai", tile(*pai)));
            m.push(("consumed", tiles(consumed)));
        }
        Event::Ankan { actor, consumed } => {
            m.push(("actor", seat(*actor)));
            m.push(("consumed", tiles(consumed)));
        }
        Event::Dora { dora_marker } => m.push(("dora_marker", tile(*dora_marker))),
        Event::Reach { actor } | Event::ReachAccepted { actor } => m.push(("actor", seat(*actor))),
        Event::Hora {
            actor,
            target,
            pai,
            deltas,
            ura_markers,
        } => {
            m.push(("actor", seat(*actor)));
            m.push(("target", seat(*target)));
            if let Some(p) = pai {
                m.push(("pai", tile(*p)));
            }
            if let Some(d) = deltas {
                m.push(("deltas", ints4(d)));
            }
            if let Some(u) = ura_markers {
                m.push(("ura_markers", tiles(u)));
            }
        }
        Event::Ryukyoku { reason, deltas } => {
            if let Some(r) = reason {
                m.push(("reason", Out::Text(r.clone())));
            }
            if let Some(d) = deltas {
                m.push(("deltas", ints4(d)));
            }
        }
    }
    Ok(Out::Map(m))
}

/// A JSON string literal.
fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn int_arg(call: Call, v: &Value, what: &str) -> Result<i64> {
    match v {
        Value::Int(n) => Ok(*n),
        other => fail(
            call,
            format_args!("{what} must be an int, not a {}", other.type_name()),
        ),
    }
}

/// The MJAI name of a tile code.
fn pai_arg(call: Call, v: &Value, what: &str) -> Result<String> {
    let n = int_arg(call, v, what)?;
    let p = match n {
        0..=33 => Pai::new(n as u8, false),
        42..=44 => Pai::new((n as u8 - 42) * 9 + 4, true),
        254 => Some(Pai::UNKNOWN),
        _ => None,
    };
    match p {
        Some(p) => Ok(quoted(p.name())),
        None => fail(
            call,
            format_args!("{what} is {n}: not a tile (0..33, 42..44 red fives, 254 unknown)"),
        ),
    }
}

fn json_list(items: impl Iterator<Item = Result<String>>) -> Result<String> {
    Ok(format!(
        "[{}]",
        items.collect::<Result<Vec<_>>>()?.join(",")
    ))
}

/// `MjKit.mjai_format`: the MJAI line of an event Dictionary (as `mjai_parse` gives it).
pub fn mjai_format(event: &Value) -> Result<String> {
    let call = Call::MjaiFormat;
    let Value::Map(entries) = event else {
        return fail(
            call,
            format_args!("event must be a Dictionary, not a {}", event.type_name()),
        );
    };
    let mut json = Vec::new();
    for (k, v) in entries {
        let what = format!("event.{k}");
        let text = match k.as_str() {
            "type" | "reason" => match v {
                Value::Text(s) => quoted(s),
                other => {
                    return fail(
                        call,
                        format_args!("{what} must be a String, not a {}", other.type_name()),
                    );
                }
            },
            "actor" | "target" | "id" | "kyoku" | "honba" | "kyotaku" | "oya" => {
                int_arg(call, v, &what)?.to_string()
            }
            "bakaze" => match int_arg(call, v, &what)? {
                w @ 0..=3 => quoted(WINDS[w as usize]),
                w => return fail(call, format_args!("{what} is {w}: a wind is 0..3")),
            },
            "pai" | "dora_marker" => pai_arg(call, v, &what)?,
            "tsumogiri" => bool_arg(call, v, &what)?.to_string(),
            "consumed" | "ura_markers" => json_list(
                list(call, v, &what, 5)?
                    .iter()
                    .map(|t| pai_arg(call, t, &what)),
            )?,
            "scores" | "deltas" => json_list(
                list(call, v, &what, 4)?
                    .iter()
                    .map(|n| int_arg(call, n, &what).map(|n| n.to_string())),
            )?,
            "tehais" => json_list(list(call, v, &what, 4)?.iter().map(|h| {
                json_list(
                    list(call, h, &what, 13)?
                        .iter()
                        .map(|t| pai_arg(call, t, &what)),
                )
            }))?,
            "names" => json_list(list(call, v, &what, 4)?.iter().map(|n| match n {
                Value::Text(s) => Ok(quoted(s)),
                other => fail(
                    call,
                    format_args!("{what} holds a {}, not a String", other.type_name()),
                ),
            }))?,
            other => return fail(call, format_args!("unknown key {other:?}")),
        };
        json.push(format!("{}:{text}", quoted(k)));
    }
    let line = format!("{{{}}}", json.join(","));
    match Event::parse(&line) {
        Ok(e) => Ok(e.to_line()),
        Err(e) => fail(call, format_args!("not a valid MJAI event: {}", e.why)),
    }
}

/// `MjTable.respond`: plays a bot's MJAI response `line` for `seat` at a riichi table
/// (docs/mjai.md). The action applied as `legal_actions` gives it, with `applied: true`; a
/// `none` from a seat the table does not wait for changes nothing and gives
/// `{kind: "pass", tile: -1, applied: false}`. Refused (the MJAI key at fault and why; nothing
/// changes): a line the reader refuses, a move that is not legal now, a seat the table does not
/// have, a table of another variant.
pub fn respond(t: &mut Table, seat: i64, line: &str) -> Result<Out> {
    let call = Call::TableRespond;
    let Some(s) = usize::try_from(seat).ok().filter(|&s| s < t.seats()) else {
        return fail(
            call,
            format_args!(
                "seat {seat} is not a seat of the table (0-{})",
                t.seats() - 1
            ),
        );
    };
    match mjkit::mjai::respond(t, s, line) {
        Ok(played) => {
            let mut entries = match super::table::action_out(&played.unwrap_or(Action::PASS)) {
                Out::Map(entries) => entries,
                other => vec![("action", other)],
            };
            entries.push(("applied", Out::Bool(played.is_some())));
            Ok(Out::Map(entries))
        }
        Err(e) => fail(call, e),
    }
}

/// `MjTable.from_mjai`: the table at the end of a whole-game MJAI log replayed through the
/// referee under `rules` (a riichi table's Dictionary, as `MjTable.create` takes it) and
/// `match_rules` (as `MjTable.create_match` takes it). The error names the line the referee
/// cannot accept and why.
pub fn from_mjai(log: &str, rules: &Value, match_rules: &Value) -> Result<Table> {
    let r = super::table::rules(rules)?;
    let m = super::backend::match_rules(match_rules)?;
    mjkit::mjai::replay_log(log, r, m).or_else(|e| fail(Call::TableFromMjai, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::test_util::err;

    /// The Dictionary `mjai_parse` gives, as the `Value` GDScript would pass back.
    fn back(o: &Out) -> Value {
        match o {
            Out::Bool(b) => Value::Int(i64::from(*b)),
            Out::Int(n) => Value::Int(*n),
            Out::Text(s) => Value::Text(s.clone()),
            Out::Ints(v) => Value::List(v.iter().map(|&n| Value::Int(n.into())).collect()),
            Out::Longs(v) => Value::List(v.iter().map(|&n| Value::Int(n)).collect()),
            Out::Float(_) => Value::Other("float".to_string()),
            Out::List(v) | Out::Dicts(v) => Value::List(v.iter().map(back).collect()),
            Out::Bytes(b) => Value::Bytes(b.clone()),
            Out::Map(kv) => Value::Map(kv.iter().map(|(k, v)| (k.to_string(), back(v))).collect()),
        }
    }

    #[test]
    fn lines_round_trip_through_dictionaries() {
        for line in [
            r#"{"type":"start_game","id":1,"names":["a","b\"","c","d"]}"#,
            r#"{"type":"start_kyoku","bakaze":"S","dora_marker":"5pr","kyoku":2,"honba":1,"kyotaku":0,"oya":1,"scores":[25000,24000,26000,25000],"tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],["1m","2m","3m","4p","5pr","6p","7s","8s","9s","E","E","P","C"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}"#,
            r#"{"type":"tsumo","actor":2,"pai":"?"}"#,
            r#"{"type":"dahai","actor":2,"pai":"5sr","tsumogiri":true}"#,
            r#"{"type":"chi","actor":3,"target":2,"pai":"6s","consumed":["5sr","7s"]}"#,
            r#"{"type":"kakan","actor":3,"pai":"W","consumed":["W","W","W"]}"#,
            r#"{"type":"ankan","actor":0,"consumed":["1m","1m","1m","1m"]}"#,
            r#"{"type":"hora","actor":1,"target":2,"pai":"3m","deltas":[0,8000,-8000,0],"ura_markers":["4m"]}"#,
            r#"{"type":"ryukyoku","reason":"exhaustive_draw","deltas":[1500,-1500,1500,-1500]}"#,
            r#"{"type":"end_game"}"#,
        ] {
            let o = mjai_parse(line).unwrap();
            assert_eq!(mjai_format(&back(&o)), Ok(line.to_string()), "{line}");
        }
        let o = mjai_parse(r#"{"type":"dahai","actor":2,"pai":"5mr","tsumogiri":false}"#).unwrap();
        assert_eq!(o.get("pai"), Some(&Out::Int(42)));
        assert_eq!(o.get("tsumogiri"), Some(&Out::Bool(false)));
    }

    #[test]
    fn refusals_name_the_cause() {
        assert_eq!(
            err(mjai_parse(
                r#"{"type":"dahai","actor":2,"pai":"0m","tsumogiri":false}"#
            )),
            "MjKit.mjai_parse: not a valid MJAI event: an unknown tile name"
        );
        let ev = |kv: Vec<(&str, Value)>| {
            Value::Map(kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
        };
        let t = |s: &str| Value::Text(s.to_string());
        assert_eq!(
            err(mjai_format(&Value::Int(3))),
            "MjKit.mjai_format: event must be a Dictionary, not a int"
        );
        assert_eq!(
            err(mjai_format(&ev(vec![
                ("type", t("reach")),
                ("actor", Value::Int(4))
            ]))),
            "MjKit.mjai_format: not a valid MJAI event: a seat must be 0..3"
        );
        assert_eq!(
            err(mjai_format(&ev(vec![
                ("type", t("dora")),
                ("dora_marker", Value::Int(34))
            ]))),
            "MjKit.mjai_format: event.dora_marker is 34: not a tile (0..33, 42..44 red fives, 254 unknown)"
        );
        assert_eq!(
            err(mjai_format(&ev(vec![
                ("type", t("dora")),
                ("dora", Value::Int(3))
            ]))),
            "MjKit.mjai_format: unknown key \"dora\""
        );
        assert_eq!(
            err(mjai_format(&ev(vec![
                ("type", t("reach")),
                ("actor", t("1"))
            ]))),
            "MjKit.mjai_format: event.actor must be an int, not a String"
        );
        assert_eq!(
            err(mjai_format(&ev(vec![
                ("type", t("dahai")),
                ("actor", Value::Int(0)),
                ("pai", Value::Int(254)),
                ("tsumogiri", Value::Int(0)),
            ]))),
            "MjKit.mjai_format: not a valid MJAI event: the unknown tile \"?\" where a tile must be shown"
        );
    }

    /// The fixture log's match: one hand from 25,000 (tests/fixtures/mjai_hand.jsonl).
    fn one_hand() -> Value {
        use crate::convert::test_util::{map, text};
        map([
            ("start_score", Value::Int(25_000)),
            ("dealer_rule", text("keep_on_win_or_ready")),
            ("end", text("hands")),
            ("end_value", Value::Int(1)),
        ])
    }

    fn fixture() -> String {
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/mjai_hand.jsonl"
        ))
        .unwrap()
    }

    #[test]
    fn responses_play_the_fixture_log_and_bad_ones_are_refused() {
        use mjkit::table::{MatchEnd, MatchRules, Phase, Rules};
        let log = fixture();
        let mr = MatchRules {
            start_score: 25_000,
            end: MatchEnd::Hands(1),
            dealer_rule: mjkit::table::DealerRule::KeepOnWinOrReady,
            ..MatchRules::endless()
        };
        let mut t = Table::with_match(Rules::riichi_tenhou(), mr, 12).unwrap();
        // Every seat asked about the last tile passes.
        let pass_all = |t: &mut Table| {
            while t.phase() == Phase::Claim {
                let s = i64::from(t.pending().trailing_zeros());
                let o = respond(t, s, r#"{"type":"none"}"#).unwrap();
                assert_eq!(o.get("applied"), Some(&Out::Bool(true)));
            }
        };
        for line in log.lines() {
            let e = Event::parse(line).unwrap();
            match e.kind_name() {
                "dahai" | "reach" | "chi" | "pon" | "daiminkan" | "kakan" | "ankan" | "hora" => {
                    let actor = e.actor().unwrap();
                    let claim = match &e {
                        Event::Chi { .. } | Event::Pon { .. } | Event::Daiminkan { .. } => true,
                        Event::Hora { actor, target, .. } => actor != target,
                        _ => false,
                    };
                    // A move on the seat's turn: the seats asked about the last tile pass first.
                    if t.phase() == Phase::Claim && !claim {
                        pass_all(&mut t);
                    }
                    let o = respond(&mut t, i64::from(actor), line).unwrap();
                    assert_eq!(o.get("applied"), Some(&Out::Bool(true)), "{line}");
                }
                "end_kyoku" => pass_all(&mut t),
                _ => {}
            }
        }
        assert_eq!(t.phase(), Phase::Over);
        // Errors name the key at fault; nothing changes.
        let mut t = Table::new(Rules::riichi_tenhou(), 7).unwrap();
        let dealer = t.pending().trailing_zeros() as i64;
        let before = t.save();
        assert_eq!(
            err(respond(&mut t, dealer, r#"{"type":"none"}"#)),
            "MjTable.respond: illegal MJAI response (type): the seat's turn: it must discard (none is no move here)"
        );
        assert!(
            err(respond(&mut t, dealer, r#"{"type":"dahai"}"#))
                .starts_with("MjTable.respond: bad MJAI line")
        );
        assert_eq!(
            err(respond(&mut t, 4, r#"{"type":"none"}"#)),
            "MjTable.respond: seat 4 is not a seat of the table (0-3)"
        );
        let other = (dealer + 1) % 4;
        let o = respond(&mut t, other, r#"{"type":"none"}"#).unwrap();
        assert_eq!(o.get("applied"), Some(&Out::Bool(false)));
        assert_eq!(t.save(), before);
        let mut taiwan = Table::new(Rules::default(), 1).unwrap();
        assert!(
            err(respond(&mut taiwan, 0, r#"{"type":"none"}"#))
                .starts_with("MjTable.respond: no riichi seat")
        );
    }

    #[test]
    fn from_mjai_replays_the_fixture_and_names_the_bad_line() {
        use crate::convert::test_util::{map, text};
        let riichi = map([("variant", text("riichi"))]);
        let log = fixture();
        let t = from_mjai(&log, &riichi, &one_hand()).unwrap();
        assert!(t.match_state().over);
        let cut: String = log.lines().take(20).map(|l| format!("{l}\n")).collect();
        let e = err(from_mjai(&cut, &riichi, &one_hand()));
        assert!(
            e.starts_with("MjTable.from_mjai: MJAI log refused at line 21: the log ends before"),
            "{e}"
        );
        assert!(err(from_mjai(&log, &map([]), &one_hand())).contains("riichi"));
    }
}
