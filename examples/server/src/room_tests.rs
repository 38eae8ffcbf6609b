//! The room driven without a network, on a simulated clock: people are test peers that fold
//! their frames into the library's client and decide with mjkit's bot from that view alone.

use std::time::{Duration, Instant};

use mjkit::ai::{self, BotConfig};
use mjkit::table::{Action, ActionKind, Client, Phase, Reader, Rules};
use serde_json::Value;

use crate::check::{Wire, check, view_json};
use crate::config::RoomConfig;
use crate::protocol::{Lang, Want, event_from_json, parse_client};
use crate::room::{ConnId, Out, Room};

/// One connection as a test sees it.
struct Peer {
    id: ConnId,
    reader: Reader,
    frames: Vec<String>,
    client: Option<Client>,
    /// The last options: the event index they answer and the actions.
    options: Option<(u64, Vec<Value>)>,
    hand_over: bool,
    errors: Vec<String>,
    closed: Option<u16>,
    token: Option<String>,
}

impl Peer {
    fn new(id: ConnId, reader: Reader) -> Peer {
        Peer {
            id,
            reader,
            frames: Vec::new(),
            client: None,
            options: None,
            hand_over: false,
            errors: Vec::new(),
            closed: None,
            token: None,
        }
    }

    fn take(&mut self, text: String, rules: Rules) {
        let v: Value = serde_json::from_str(&text).unwrap();
        match v["type"].as_str().unwrap() {
            "welcome" => {
                self.client = Some(Client::new(rules, self.reader).unwrap());
                self.token = v["token"].as_str().map(str::to_string);
                self.options = None;
            }
            "events" => {
                for e in v["events"].as_array().unwrap() {
                    let e = event_from_json(e).unwrap();
                    self.client.as_mut().unwrap().apply(&e).unwrap();
                    if e.kind == mjkit::table::EventKind::HandStart {
                        self.hand_over = false;
                    }
                }
                let next = self.client.as_ref().unwrap().next_index();
                if self.options.as_ref().is_some_and(|(n, _)| Some(*n) != next) {
                    self.options = None;
                }
            }
            "options" => {
                self.options = Some((
                    v["next"].as_u64().unwrap(),
                    v["actions"].as_array().unwrap().clone(),
                ));
            }
            "hand_over" => self.hand_over = true,
            "error" => self.errors.push(v["code"].as_str().unwrap().to_string()),
            _ => {}
        }
        self.frames.push(text);
    }

    fn wire(&self) -> Wire {
        Wire {
            reader: self.reader,
            frames: self.frames.clone(),
            shown: self.client.as_ref().and_then(Client::view).map(view_json),
        }
    }

    /// The bot's decision from this peer's own client view, as a message.
    fn decide(&self) -> Option<String> {
        let (next, _) = self.options.as_ref()?;
        let view = self.client.as_ref()?.view()?;
        let a = ai::decide(view, &BotConfig::mjkit());
        let mut m = crate::protocol::action_json(&a);
        m["type"] = "act".into();
        m["next"] = (*next).into();
        Some(m.to_string())
    }
}

struct Harness {
    room: Room,
    peers: Vec<Peer>,
    now: Instant,
    rules: Rules,
}

impl Harness {
    fn new(config: RoomConfig, seed: u64) -> Harness {
        let room = Room::new("test".into(), config, seed).unwrap();
        let rules = *room.table.rules();
        Harness {
            room,
            peers: Vec::new(),
            now: Instant::now(),
            rules,
        }
    }

    fn pump(&mut self) {
        for (id, out) in std::mem::take(&mut self.room.outbox) {
            let p = self.peers.iter_mut().find(|p| p.id == id).unwrap();
            match out {
                Out::Text(t) => p.take(t, self.rules),
                Out::Close(code, _) => p.closed = Some(code),
            }
        }
    }

    fn join(&mut self, id: ConnId, want: Want, token: Option<&str>) -> usize {
        let reader = match want {
            Want::Seat(s) => Reader::Seat(s),
            Want::Spectator => Reader::Spectator,
            Want::Any => Reader::Seat(0),
        };
        self.peers.push(Peer::new(id, reader));
        let _ = self.room.join(id, want, token, Lang::En, self.now);
        self.pump();
        self.peers.len() - 1
    }

    fn send(&mut self, k: usize, text: &str) {
        let id = self.peers[k].id;
        if text.contains(r#""type":"act""#) {
            // The options are answered (a client shows them once).
            self.peers[k].options = None;
        }
        match parse_client(text) {
            Ok(msg) => self.room.message(id, msg, self.now),
            Err(r) => self.peers[k].errors.push(r.code.to_string()),
        }
        self.pump();
    }

    /// Lets simulated time run to the room's next deadline.
    fn wait(&mut self) -> bool {
        match self.room.deadline() {
            Some(t) => {
                self.now = self.now.max(t);
                self.room.tick(self.now);
                self.pump();
                true
            }
            None => false,
        }
    }

    /// Seat peers decide (after `think`), the hands go on, until the match is over or `stop`.
    fn play(&mut self, think: Duration, mut stop: impl FnMut(&Harness) -> bool) {
        for _ in 0..200_000 {
            if self.room.table.match_result().is_some() || stop(self) {
                return;
            }
            let mut acted = false;
            for k in 0..self.peers.len() {
                if let Some(m) = self.peers[k].decide() {
                    self.now += think;
                    self.room.tick(self.now);
                    self.pump();
                    if let Some(m) = self.peers[k].decide().filter(|n| *n == m) {
                        self.send(k, &m);
                        acted = true;
                    }
                } else if self.peers[k].hand_over && self.room.table.phase() == Phase::Over {
                    self.peers[k].hand_over = false;
                    self.send(k, r#"{"type":"next"}"#);
                    acted = true;
                }
            }
            if !acted && !self.wait() {
                panic!("the room waits for nobody");
            }
        }
        panic!("the match did not end");
    }
}

fn fast() -> RoomConfig {
    RoomConfig {
        turn_ms: 0,
        claim_ms: 0,
        hold_claims: false,
        bot_ms: 0,
        next_ms: 0,
        ..RoomConfig::default()
    }
}

#[test]
fn room_plays_an_east_round_and_every_wire_passes_the_check() {
    let mut h = Harness::new(fast(), 11);
    let me = h.join(1, Want::Any, None);
    let watcher = h.join(2, Want::Spectator, None);
    h.play(Duration::from_millis(10), |_| false);
    assert!(h.room.table.match_result().is_some());
    let record = h.room.record().expect("published at the match's end");
    let wires = [h.peers[me].wire(), h.peers[watcher].wire()];
    let report = check(h.rules, &wires, Some(&record)).unwrap();
    assert!(report.masked > 100 && report.options > 50, "{report:?}");
    assert_eq!(
        report.hints, report.options,
        "every option carries the hint"
    );
    assert_eq!(report.against_record, report.events);
    assert_eq!(report.states, 2);
    assert!(h.peers.iter().all(|p| p.errors.is_empty()));
}

#[test]
fn check_finds_a_leak_and_a_missing_event() {
    let mut h = Harness::new(fast(), 12);
    let me = h.join(1, Want::Any, None);
    h.play(Duration::from_millis(10), |_| false);
    let record = h.room.record().unwrap();
    let mut wire = h.peers[me].wire();
    // Another seat's draw shown to seat 0.
    let k = wire
        .frames
        .iter()
        .position(|f| f.contains(r#""kind":"draw","seat":1,"tile":"hidden""#))
        .unwrap();
    let leaked = wire.frames[k].replacen(
        r#""kind":"draw","seat":1,"tile":"hidden""#,
        r#""kind":"draw","seat":1,"tile":"5m""#,
        1,
    );
    let original = std::mem::replace(&mut wire.frames[k], leaked);
    let errs = check(h.rules, std::slice::from_ref(&wire), Some(&record)).unwrap_err();
    assert!(errs.iter().any(|e| e.contains("may not know")), "{errs:?}");
    // A hint that is not the library's for the seat's view (here: another choice, as a hint
    // read from more than the view could make).
    wire.frames[k] = original.clone();
    let o = wire
        .frames
        .iter()
        .position(|f| {
            f.contains(r#""type":"options""#) && f.contains(r#""choice":{"action":"discard""#)
        })
        .unwrap();
    let mut v: Value = serde_json::from_str(&wire.frames[o]).unwrap();
    let other = v["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| **a != v["hint"]["choice"])
        .unwrap()
        .clone();
    v["hint"]["choice"] = other;
    let hinted = std::mem::replace(&mut wire.frames[o], v.to_string());
    let errs = check(h.rules, std::slice::from_ref(&wire), Some(&record)).unwrap_err();
    assert!(
        errs.iter().any(|e| e.contains("not the library's hint")),
        "{errs:?}"
    );
    wire.frames[o] = hinted;
    // A frame of events left out: the client cannot fold on, the record misses them.
    wire.frames[k] = original;
    let j = wire
        .frames
        .iter()
        .position(|f| f.contains(r#""kind":"discard""#))
        .unwrap();
    wire.frames.remove(j);
    let errs = check(h.rules, &[wire], Some(&record)).unwrap_err();
    assert!(
        errs.iter().any(|e| e.contains("does not follow")),
        "{errs:?}"
    );
}

#[test]
fn bad_messages_get_an_error_and_change_nothing() {
    // The bots wait a second before their turns: seat 0 is not asked right after its discard.
    let config = RoomConfig {
        bot_ms: 1_000,
        ..fast()
    };
    let mut h = Harness::new(config, 3);
    let me = h.join(1, Want::Seat(0), None);
    let watcher = h.join(2, Want::Spectator, None);
    let stranger = h.peers.len();
    h.peers.push(Peer::new(3, Reader::Spectator));
    // Wait for seat 0's turn.
    while h.peers[me].options.is_none() {
        assert!(h.wait());
    }
    let before = h.room.table.save();
    let good = h.peers[me].decide().unwrap();
    let (next, actions) = h.peers[me].options.clone().unwrap();
    let legal: Vec<Action> = h.room.table.legal_actions(0).as_slice().to_vec();
    let illegal = (0..34u8)
        .map(|t| Action::new(ActionKind::Discard, t))
        .find(|a| !legal.contains(a))
        .unwrap();
    let illegal = crate::protocol::action_json(&illegal);
    let cases: Vec<(usize, String, &str)> = vec![
        (me, "garbage".into(), "malformed"),
        (
            me,
            r#"{"type":"act","action":"steal","tile":"1m"}"#.into(),
            "bad_action",
        ),
        (
            me,
            format!(
                r#"{{"type":"act","action":"discard","tile":{},"next":{next}}}"#,
                illegal["tile"]
            ),
            "illegal_action",
        ),
        (
            me,
            r#"{"type":"act","action":"pung","tile":"1m"}"#.into(),
            "illegal_action",
        ),
        (
            me,
            format!(r#"{{"type":"act","action":"pass","next":{}}}"#, next + 5),
            "stale",
        ),
        (me, r#"{"type":"next"}"#.into(), "hand_not_over"),
        (me, r#"{"type":"join","seat":1}"#.into(), "already_joined"),
        (
            watcher,
            format!(
                r#"{{"type":"act","action":"discard","tile":{}}}"#,
                actions[0]["tile"]
            ),
            "spectator",
        ),
        (
            stranger,
            r#"{"type":"act","action":"pass"}"#.into(),
            "not_joined",
        ),
    ];
    for (k, text, code) in cases {
        let n = h.peers[k].errors.len();
        h.send(k, &text);
        assert_eq!(
            h.peers[k].errors.get(n).map(String::as_str),
            Some(code),
            "{text}"
        );
        assert_eq!(h.room.table.save(), before, "{text} changed the table");
    }
    // Seats: a bot's, a taken one, a wrong token.
    let t = h.peers[me].token.clone().unwrap();
    let k = h.join(4, Want::Seat(1), None);
    assert_eq!(h.peers[k].errors, ["no_such_seat"]);
    let k = h.join(5, Want::Seat(0), None);
    assert_eq!(h.peers[k].errors, ["seat_taken"]);
    let k = h.join(6, Want::Seat(0), Some("0000"));
    assert_eq!(h.peers[k].errors, ["bad_token"]);
    let k = h.join(7, Want::Any, Some("0000"));
    assert_eq!(h.peers[k].errors, ["seat_taken"]);
    assert_eq!(h.room.table.save(), before);
    // Not its turn: seat 0 acting again right after its discard.
    h.send(me, &good);
    assert!(h.peers[me].errors.len() == 7);
    let after = h.room.table.save();
    h.send(me, &good);
    assert_eq!(
        h.peers[me].errors.last().map(String::as_str),
        Some("not_your_turn")
    );
    assert_eq!(h.room.table.save(), after);
    // The rightful owner takes the seat over with its token: the old connection is closed.
    let k = h.join(8, Want::Seat(0), Some(&t));
    assert!(h.peers[k].errors.is_empty());
    assert_eq!(h.peers[me].closed, Some(4000));
}

#[test]
fn a_rejoined_seat_catches_up_from_the_hand_start() {
    let mut h = Harness::new(fast(), 21);
    let me = h.join(1, Want::Any, None);
    let token = h.peers[me].token.clone().unwrap();
    h.play(Duration::from_millis(10), |h| h.room.table.log().len() > 60);
    h.room.leave(1, h.now);
    h.pump();
    // Nobody is connected: the room waits.
    assert_eq!(h.room.deadline(), None);
    let again = h.join(9, Want::Any, Some(&token));
    let client = h.peers[again].client.as_ref().unwrap();
    assert_eq!(
        client.view(),
        h.room.table.view_for(Reader::Seat(0)).as_ref(),
        "the rejoined client shows the true hand and scores"
    );
    h.play(Duration::from_millis(10), |_| false);
    let record = h.room.record().unwrap();
    let wires = [h.peers[me].wire(), h.peers[again].wire()];
    check(h.rules, &wires, Some(&record)).unwrap();
}

#[test]
fn a_seat_whose_time_runs_out_plays_the_default() {
    let config = RoomConfig {
        turn_ms: 5_000,
        claim_ms: 1_000,
        hold_claims: true,
        bot_ms: 0,
        next_ms: 3_000,
        ..RoomConfig::default()
    };
    let mut h = Harness::new(config, 5);
    let me = h.join(1, Want::Any, None);
    let start = h.now;
    let mut turns = 0;
    // Seat 0 never answers: its timer plays every decision.
    while h.room.table.match_result().is_none() && h.room.table.position().0 == 0 {
        let view = h.room.table.view(0);
        let before = h.now;
        let waiting = h.room.table.pending() & 1 != 0;
        assert!(h.wait());
        if waiting && view.phase == Phase::Turn && h.room.table.view(0).phase != Phase::Turn {
            turns += 1;
            assert_eq!(h.now - before, Duration::from_millis(5_000));
        }
    }
    assert!(turns > 3, "{turns}");
    let frames = &h.peers[me].frames;
    let timeouts = frames
        .iter()
        .filter(|f| f.contains(r#""type":"timeout""#))
        .count();
    assert!(timeouts >= turns, "{timeouts}");
    // A timed-out turn discards the drawn tile when it can.
    assert!(
        frames
            .iter()
            .any(|f| f.contains(r#""action":{"action":"discard""#))
    );
    assert!(h.now > start);
}

/// Every claim window that asks a person lasts exactly `claim_ms`, whether that person could
/// claim or not: the time between a discard and the next public event tells nothing.
#[test]
fn held_claim_windows_all_last_the_same() {
    let config = RoomConfig {
        turn_ms: 0,
        claim_ms: 1_500,
        hold_claims: true,
        bot_ms: 0,
        next_ms: 0,
        ..RoomConfig::default()
    };
    let mut h = Harness::new(config, 8);
    let me = h.join(1, Want::Any, None);
    let watcher = h.join(2, Want::Spectator, None);
    // The spectator's frames with the simulated time they were sent at.
    let mut seen = 0;
    let mut timeline: Vec<(Instant, String)> = Vec::new();
    for _ in 0..100_000 {
        if h.room.table.match_result().is_some() {
            break;
        }
        let frames = &h.peers[watcher].frames;
        for f in &frames[seen..] {
            timeline.push((h.now, f.clone()));
        }
        seen = frames.len();
        if h.peers[me].hand_over && h.room.table.phase() == Phase::Over {
            h.peers[me].hand_over = false;
            h.send(me, r#"{"type":"next"}"#);
        } else if let Some(m) = h.peers[me].decide() {
            h.now += Duration::from_millis(300);
            h.send(me, &m);
        } else {
            assert!(h.wait());
        }
    }
    let mut windows = Vec::new();
    for (k, (t, f)) in timeline.iter().enumerate() {
        let v: Value = serde_json::from_str(f).unwrap();
        let Some(events) = v["events"].as_array() else {
            continue;
        };
        let Some(last) = events.last() else { continue };
        if last["kind"] == "discard" && last["seat"] != 0 {
            if let Some((t2, _)) = timeline.get(k + 1) {
                windows.push(*t2 - *t);
            }
        }
    }
    assert!(windows.len() > 40, "{}", windows.len());
    assert!(
        windows.iter().all(|w| *w == Duration::from_millis(1_500)),
        "{windows:?}"
    );
}

#[test]
fn a_restored_room_goes_on_where_it_was() {
    let mut h = Harness::new(fast(), 31);
    let me = h.join(1, Want::Any, None);
    let token = h.peers[me].token.clone().unwrap();
    h.play(Duration::from_millis(10), |h| {
        h.room.table.position().0 >= 1 && h.room.table.log().len() > 40
    });
    let (meta, snap, record) = h.room.persist_final();
    let back = Room::restore(&meta, &snap, record.as_deref()).unwrap();
    assert_eq!(back.table.save(), h.room.table.save());
    assert_eq!(back.config, h.room.config);
    h.room = back;
    let again = h.join(9, Want::Any, Some(&token));
    assert!(h.peers[again].errors.is_empty());
    h.play(Duration::from_millis(10), |_| false);
    // The record spans the restart: every hand since the room was made.
    let record = h.room.record().unwrap();
    let table = mjkit::table::record::read(&record).unwrap();
    assert_eq!(table.save(), h.room.table.save());
    check(
        h.rules,
        &[h.peers[me].wire(), h.peers[again].wire()],
        Some(&record),
    )
    .unwrap();
}

#[test]
fn a_room_without_hints_sends_none() {
    let mut h = Harness::new(
        RoomConfig {
            hints: false,
            bot: "mjkit:2".into(),
            end: "hands:1".into(),
            ..fast()
        },
        4,
    );
    let me = h.join(1, Want::Any, None);
    h.play(Duration::from_millis(10), |_| false);
    let report = check(h.rules, &[h.peers[me].wire()], h.room.record().as_deref()).unwrap();
    assert!(report.options > 5 && report.hints == 0, "{report:?}");
}

#[test]
fn options_are_not_sent_for_a_pass_only_window() {
    let mut h = Harness::new(fast(), 2);
    let me = h.join(1, Want::Any, None);
    h.play(Duration::from_millis(10), |_| false);
    for f in &h.peers[me].frames {
        let v: Value = serde_json::from_str(f).unwrap();
        if v["type"] == "options" {
            assert_ne!(v["actions"], serde_json::json!([{"action": "pass"}]));
        }
    }
}
