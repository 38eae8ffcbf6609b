//! The wire check: what clients received, recorded from the wire, judged by the library's
//! reader rules. For every connection (one reader: a seat or the spectator):
//!
//! 1. every event line reads back to the same line ([`event_from_json`] and
//!    [`event_line`]);
//! 2. every event carries nothing its reader may not know: `Reader::sees` leaves it as it is
//!    (another seat's deal, draws and concealed kongs hidden, no other seat's claim answer,
//!    no ready bit of another seat, no seed);
//! 3. the events fold into the library's [`Client`] from the hand start each connection
//!    began at, without a gap or an impossible change;
//! 4. every options message reaches a seat the table waits for, and lists exactly the legal
//!    actions of that seat's view as its own events give it (`legal_actions` of the client's
//!    view): a seat's options come from what it may know; a hint that comes with them is
//!    the library's hint for that same view ([`hint_for`]), so it reveals nothing more;
//! 5. with the match's record (the observer's log, published when the match is over), each
//!    connection's events are exactly the record's events as its reader sees them, in order,
//!    none left out;
//! 6. the state the browser showed at the end equals the library client's view
//!    ([`view_json`]).

use mjkit::table::record::event_line;
use mjkit::table::{Client, Event, NO_SEAT, NO_TILE, Reader, Rules, SEATS, View, legal_actions};
use serde_json::value::RawValue;
use serde_json::{Value, json};

use crate::protocol::{action_json, event_from_json, hint_for, meld_kind_name, tile_text};

/// A view as the browser client shows it, in JSON: the round, the hand (34 counts; zeros for
/// the spectator), every seat's concealed count, melds, flowers (bit mask), the discards with
/// who claimed them, the wall, the scores and 連莊. The browser's
/// state (`window.mjState()`) has the same form, so the two compare as JSON values.
pub fn view_json(v: &View) -> Value {
    let seat_or_null = |s: u8| if s == NO_SEAT { Value::Null } else { json!(s) };
    let tile_or_null = |t: u8| {
        if t == NO_TILE {
            Value::Null
        } else {
            json!(tile_text(t))
        }
    };
    let melds: Vec<Value> = (0..SEATS)
        .map(|s| {
            Value::Array(
                v.melds_of(s)
                    .iter()
                    .map(|m| {
                        json!({"kind": meld_kind_name(m.kind),
                               "tile": tile_text(m.tile), "claimed": tile_or_null(m.claimed),
                               "from": seat_or_null(m.from)})
                    })
                    .collect(),
            )
        })
        .collect();
    let discards: Vec<Value> = v
        .discard_list()
        .iter()
        .map(|d| {
            json!({"tile": tile_text(d.tile), "seat": d.seat,
                   "claimed_by": seat_or_null(d.claimed_by), "drawn": d.drawn_and_discarded})
        })
        .collect();
    json!({
        "hand_index": v.hand_index, "dealer": v.dealer, "wind": v.prevalent_wind,
        "first_dealer": v.first_dealer, "hand": v.hand.to_vec(),
        "concealed": v.concealed_counts.to_vec(), "melds": melds, "flowers": v.flowers.to_vec(),
        "discards": discards, "wall_left": v.wall_left, "scores": v.scores.to_vec(),
        "consecutive": v.consecutive,
    })
}

/// What one connection received: its reader and its text frames in order.
#[derive(Debug, Clone)]
pub struct Wire {
    /// The reader (a seat or the spectator).
    pub reader: Reader,
    /// Every text frame received, in order.
    pub frames: Vec<String>,
    /// The state the client showed at the end ([`view_json`]'s form), if known.
    pub shown: Option<Value>,
}

/// What the check counted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// Connections checked.
    pub connections: usize,
    /// Event lines checked.
    pub events: usize,
    /// Events of other seats' hidden tiles received masked.
    pub masked: usize,
    /// Options messages checked.
    pub options: usize,
    /// Events compared with the record.
    pub against_record: usize,
    /// Client states compared with the library's client.
    pub states: usize,
    /// Options messages that carried a hint (each equal to the library's for the view).
    pub hints: usize,
}

#[derive(serde::Deserialize)]
struct Frame<'a> {
    #[serde(rename = "type")]
    kind: String,
    #[serde(borrow, default)]
    events: Vec<&'a RawValue>,
    #[serde(default)]
    actions: Vec<Value>,
    #[serde(default)]
    next: Option<u64>,
    #[serde(default)]
    hint: Value,
}

/// The record's events (its lines after the header).
fn record_events(record: &str) -> Result<Vec<Event>, String> {
    record
        .lines()
        .skip(1)
        .filter(|l| !l.is_empty())
        .enumerate()
        .map(|(i, l)| {
            let v: Value =
                serde_json::from_str(l).map_err(|e| format!("record line {}: {e}", i + 2))?;
            event_from_json(&v).map_err(|e| format!("record line {}: {e}", i + 2))
        })
        .collect()
}

fn same_but_index(a: &Event, b: &Event) -> bool {
    Event { index: 0, ..*a } == Event { index: 0, ..*b }
}

/// Checks what connections received (see the module documentation). `record` is the
/// match's record, if published.
///
/// # Errors
/// Every violation found, each naming the connection and the frame.
pub fn check(rules: Rules, wires: &[Wire], record: Option<&str>) -> Result<Report, Vec<String>> {
    let mut errors = Vec::new();
    let mut report = Report::default();
    let observed = match record.map(record_events).transpose() {
        Ok(r) => r,
        Err(e) => {
            return Err(vec![e]);
        }
    };
    for (w, wire) in wires.iter().enumerate() {
        report.connections += 1;
        let reader = wire.reader;
        let expected: Option<Vec<Event>> = observed
            .as_ref()
            .map(|log| log.iter().filter_map(|e| reader.sees(e)).collect());
        let mut client: Option<Client> = None;
        // Position in `expected` of the next event this session should receive.
        let mut cursor: Option<usize> = None;
        let mut fail = |f: usize, what: String| {
            errors.push(format!("connection {w} ({reader:?}) frame {f}: {what}"))
        };
        for (f, text) in wire.frames.iter().enumerate() {
            let frame: Frame = match serde_json::from_str(text) {
                Ok(fr) => fr,
                Err(e) => {
                    fail(f, format!("not a server message: {e}"));
                    continue;
                }
            };
            match frame.kind.as_str() {
                "welcome" => {
                    client = Client::new(rules, reader).ok();
                    cursor = None;
                }
                "events" => {
                    for raw in &frame.events {
                        report.events += 1;
                        let line = raw.get();
                        let v: Value = match serde_json::from_str(line) {
                            Ok(v) => v,
                            Err(e) => {
                                fail(f, format!("event not JSON: {e}"));
                                continue;
                            }
                        };
                        let e = match event_from_json(&v) {
                            Ok(e) => e,
                            Err(why) => {
                                fail(f, format!("event {line}: {why}"));
                                continue;
                            }
                        };
                        if event_line(&e) != line {
                            fail(
                                f,
                                format!(
                                    "event {line} is not in the record format ({})",
                                    event_line(&e)
                                ),
                            );
                        }
                        if reader.sees(&e) != Some(e) {
                            fail(
                                f,
                                format!("event {line} tells {reader:?} what it may not know"),
                            );
                        }
                        if e.tile == mjkit::table::HIDDEN_TILE
                            || e.tile_list().contains(&mjkit::table::HIDDEN_TILE)
                        {
                            report.masked += 1;
                        }
                        match client.as_mut() {
                            None => fail(f, "events before the welcome".into()),
                            Some(c) => {
                                if let Err(err) = c.apply(&e) {
                                    fail(f, format!("event {line} does not follow ({err:?})"));
                                }
                            }
                        }
                        if let Some(exp) = &expected {
                            let at = match cursor {
                                Some(k) => Some(k),
                                None => exp
                                    .iter()
                                    .position(|x| x.kind == e.kind && same_but_index(x, &e)),
                            };
                            match at.and_then(|k| exp.get(k).map(|x| (k, x))) {
                                Some((k, x)) if same_but_index(x, &e) => {
                                    report.against_record += 1;
                                    cursor = Some(k + 1);
                                }
                                Some((_, x)) => fail(
                                    f,
                                    format!("event {line}: the record has {} here", event_line(x)),
                                ),
                                None => fail(f, format!("event {line} is not in the record")),
                            }
                        }
                    }
                }
                "options" => {
                    report.options += 1;
                    let Reader::Seat(_) = reader else {
                        fail(f, "options sent to the spectator".into());
                        continue;
                    };
                    let Some(view) = client.as_ref().and_then(Client::view) else {
                        fail(f, "options before the hand".into());
                        continue;
                    };
                    if !view.is_pending() {
                        fail(
                            f,
                            "options to a seat its own events say the table does not wait for"
                                .into(),
                        );
                    }
                    if frame.next != client.as_ref().and_then(Client::next_index) {
                        fail(f, "options for another event index".into());
                    }
                    let legal: Vec<Value> = legal_actions(view)
                        .as_slice()
                        .iter()
                        .map(action_json)
                        .collect();
                    if legal != frame.actions {
                        fail(
                            f,
                            format!(
                                "options {:?} are not the seat's legal actions {legal:?}",
                                frame.actions
                            ),
                        );
                    }
                    if !frame.hint.is_null() {
                        report.hints += 1;
                        // Through the text, as the frame came: floats parse the same way.
                        let expected = hint_for(view)
                            .and_then(|h| serde_json::from_str::<Value>(&h.to_string()).ok());
                        if expected.as_ref() != Some(&frame.hint) {
                            fail(
                                f,
                                format!(
                                    "the hint {} is not the library's hint for the seat's view {expected:?}",
                                    frame.hint
                                ),
                            );
                        }
                    }
                }
                "error" | "seats" | "timeout" | "hand_over" => {}
                k => fail(f, format!("unknown message type {k}")),
            }
        }
        if let (Some(shown), Some(view)) = (&wire.shown, client.as_ref().and_then(Client::view)) {
            report.states += 1;
            let lib = view_json(view);
            if &lib != shown {
                errors.push(format!(
                    "connection {w} ({reader:?}): the browser showed {shown}\nthe library's client has {lib}"
                ));
            }
        }
    }
    if errors.is_empty() {
        Ok(report)
    } else {
        Err(errors)
    }
}
