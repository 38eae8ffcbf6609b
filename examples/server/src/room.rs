//! One room: a table (the referee), its seats (people with tokens, or bots), the connections
//! reading it (each one reader: a seat or the spectator) and the timers. A plain state
//! machine driven by the room's task: every method takes the time, and what must be sent is
//! left in [`Room::outbox`], so the tests drive it without a network.
//!
//! What each connection receives is decided by the library alone: its reader's events
//! ([`Table::reader_events`], masked by `Reader::sees`) and, for a seat the table waits for,
//! that seat's legal actions. Nothing else about another seat is sent: not whether the table
//! waits for it, not its answers, not its timer.

use std::time::{Duration, Instant};

use mjkit::ai;
use mjkit::table::names::{NameContext, SeatStyle, TileStyle, event_text};
use mjkit::table::record::{Recorder, event_line};
use mjkit::table::{Action, Event, EventKind, MeldKind, Offer, Phase, Reader, SEATS, Table};
use serde_json::{Value, json};

use crate::config::{Checked, RoomConfig};
use crate::protocol::{ClientMsg, Lang, Refusal, Want, action_json};

/// A connection's id, unique in the process.
pub type ConnId = u64;

/// What the room's task sends to a connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Out {
    /// A text frame.
    Text(String),
    /// Close the connection with a WebSocket close code and reason.
    Close(u16, String),
}

#[derive(Debug, Clone, Default)]
struct Seat {
    human: bool,
    token: Option<String>,
    conn: Option<ConnId>,
}

#[derive(Debug, Clone)]
struct Conn {
    id: ConnId,
    reader: Reader,
    /// The index of the next event of its reader's stream to send.
    next: u64,
    lang: Lang,
    /// The reader's next index when the last options were sent (not sent twice for one state).
    options_at: Option<u64>,
    /// The hand index whose end this connection was told of.
    over_told: Option<u32>,
}

/// The claim window open now (a discard, or a tile added to a pung).
#[derive(Debug, Clone, Copy)]
struct Window {
    open: Instant,
    /// Whether a person is among the seats asked (its length is then held).
    asks_human: bool,
}

/// One room (see the module documentation).
pub struct Room {
    /// The room's id.
    pub id: String,
    /// Its settings.
    pub config: RoomConfig,
    checked: Checked,
    /// The table.
    pub table: Table,
    recorder: Recorder,
    seats: [Seat; SEATS],
    conns: Vec<Conn>,
    /// When each seat's current decision began.
    since: [Option<Instant>; SEATS],
    window: Option<Window>,
    /// The answer that closes a held window, applied when the window's time is up.
    held: Option<(usize, Action)>,
    over_since: Option<Instant>,
    ready_next: u8,
    /// Frames to send, in order.
    pub outbox: Vec<(ConnId, Out)>,
    /// The table or the seats changed since the last [`Room::take_dirty`].
    dirty: bool,
    /// A hand was dealt since the record was last saved.
    record_dirty: bool,
}

/// A random token (128 bits, hex).
pub fn random_hex(bytes: usize) -> String {
    let mut b = vec![0u8; bytes];
    getrandom::fill(&mut b).expect("the system's random source");
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn ms(d: Duration) -> u64 {
    d.as_millis().min(u128::from(u64::MAX)) as u64
}

impl Room {
    /// A new room with a table dealt from `seed`.
    ///
    /// # Errors
    /// The configuration's error.
    pub fn new(id: String, config: RoomConfig, seed: u64) -> Result<Room, String> {
        let checked = config.check()?;
        let table = Table::with_match(checked.rules, checked.match_rules, seed)
            .map_err(|e| format!("the table refused the rules: {e}"))?;
        Ok(Room::assemble(
            id,
            config,
            checked,
            table,
            None,
            [None, None, None, None],
        ))
    }

    fn assemble(
        id: String,
        mut config: RoomConfig,
        checked: Checked,
        table: Table,
        recorder: Option<Recorder>,
        tokens: [Option<String>; SEATS],
    ) -> Room {
        config.seed = Some(table.seed());
        let seats = std::array::from_fn(|s| Seat {
            human: checked.humans >> s & 1 != 0,
            token: tokens[s].clone(),
            conn: None,
        });
        let recorder = recorder.unwrap_or_else(|| Recorder::new(&table));
        let mut room = Room {
            id,
            config,
            checked,
            table,
            recorder,
            seats,
            conns: Vec::new(),
            since: [None; SEATS],
            window: None,
            held: None,
            over_since: None,
            ready_next: 0,
            outbox: Vec::new(),
            dirty: true,
            record_dirty: true,
        };
        room.restart_clocks(Instant::now());
        room
    }

    /// A room from what [`Room::persist`] saved.
    ///
    /// # Errors
    /// What is wrong with the saved files.
    pub fn restore(meta: &str, snapshot: &[u8], record: Option<&str>) -> Result<Room, String> {
        let m: Value = serde_json::from_str(meta).map_err(|e| format!("room file: {e}"))?;
        let id = m["id"].as_str().ok_or("room file: no id")?.to_string();
        let config: RoomConfig = serde_json::from_value(m["config"].clone())
            .map_err(|e| format!("room file: config: {e}"))?;
        let checked = config.check()?;
        let table = Table::load(snapshot).map_err(|e| format!("snapshot: {e:?}"))?;
        if *table.rules() != checked.rules || *table.match_rules() != checked.match_rules {
            return Err("the snapshot's rules are not the room's".into());
        }
        let tokens: [Option<String>; SEATS] = std::array::from_fn(|s| {
            m["tokens"][s]
                .as_str()
                .filter(|t| checked.humans >> s & 1 != 0 && !t.is_empty())
                .map(str::to_string)
        });
        let mut recorder = Recorder::new(&table);
        if let Some(earlier) = record {
            // The record kept through the last hand start, then the loaded hand; a record
            // that does not lead to the snapshot is dropped (the snapshot is the game).
            let mut joined = recorder.clone();
            if joined.continue_from(earlier, &table).is_ok() {
                recorder = joined;
            }
        }
        Ok(Room::assemble(
            id,
            config,
            checked,
            table,
            Some(recorder),
            tokens,
        ))
    }

    /// What to save: the room file (JSON: id, settings, seat tokens), the table's snapshot,
    /// and the record when a hand was dealt since it was last saved.
    pub fn persist(&mut self) -> (String, Vec<u8>, Option<String>) {
        let tokens: Vec<Value> = self
            .seats
            .iter()
            .map(|s| s.token.clone().map_or(Value::Null, Value::String))
            .collect();
        let meta = json!({"version": 1, "id": self.id, "config": self.config, "tokens": tokens})
            .to_string();
        let record = if std::mem::take(&mut self.record_dirty) {
            self.recorder.text(&self.table).ok().map(str::to_string)
        } else {
            None
        };
        (meta, self.table.save(), record)
    }

    /// What to save when the server stops: [`Room::persist`] with the record up to now.
    pub fn persist_final(&mut self) -> (String, Vec<u8>, Option<String>) {
        self.record_dirty = true;
        self.persist()
    }

    /// Whether the room changed since the last call (it should be saved).
    pub fn take_dirty(&mut self) -> bool {
        std::mem::take(&mut self.dirty)
    }

    /// The match's record (JSON Lines, every hand since the room was made), once the match
    /// is over: before, it would show every seat's tiles.
    pub fn record(&mut self) -> Option<String> {
        self.table.match_result()?;
        self.recorder.text(&self.table).ok().map(str::to_string)
    }

    fn human_mask(&self) -> u8 {
        self.checked.humans
    }

    /// Whether every person's seat has been taken (the game starts then).
    pub fn started(&self) -> bool {
        self.seats.iter().all(|s| !s.human || s.token.is_some())
    }

    /// A room with seats for people and none of them connected waits.
    fn paused(&self) -> bool {
        self.human_mask() != 0 && self.seats.iter().all(|s| !s.human || s.conn.is_none())
    }

    /// Public facts about the seats: people (taken, connected) and bots.
    pub fn seats_json(&self) -> Value {
        Value::Array(
            self.seats
                .iter()
                .map(|s| {
                    if s.human {
                        json!({"kind": "human", "taken": s.token.is_some(), "connected": s.conn.is_some()})
                    } else {
                        json!({"kind": "bot", "bot": self.config.bot})
                    }
                })
                .collect(),
        )
    }

    /// What the lobby lists about the room.
    pub fn info(&self) -> Value {
        let (hand, _, _) = self.table.position();
        json!({"id": self.id, "preset": self.config.preset, "end": self.config.end,
               "seats": self.seats_json(), "hand": hand, "started": self.started(),
               "over": self.table.match_result().is_some(),
               "watching": self.conns.iter().filter(|c| c.reader == Reader::Spectator).count()})
    }

    fn rules_json(&self) -> Value {
        let r = self.table.rules();
        json!({"variant": match r.variant { mjkit::table::Variant::Taiwan16 => "taiwan16", mjkit::table::Variant::Thirteen => "thirteen", mjkit::table::Variant::Riichi => "riichi" },
               "hand_tiles": r.variant.hand_tiles(), "wall_tiles": r.variant.wall_tiles(),
               "dead_wall": r.dead_wall, "flowers": r.variant.has_flowers(),
               "tai": r.scoring.tai().is_some()})
    }

    fn conn_mut(&mut self, id: ConnId) -> Option<&mut Conn> {
        self.conns.iter_mut().find(|c| c.id == id)
    }

    fn seat_of(&self, id: ConnId) -> Option<usize> {
        self.seats.iter().position(|s| s.conn == Some(id))
    }

    fn send(&mut self, id: ConnId, v: &Value) {
        self.outbox.push((id, Out::Text(v.to_string())));
    }

    fn refuse(&mut self, id: ConnId, r: Refusal) {
        self.outbox.push((id, Out::Text(r.to_json())));
    }

    fn broadcast_seats(&mut self) {
        let msg = json!({"type": "seats", "seats": self.seats_json()});
        let ids: Vec<ConnId> = self.conns.iter().map(|c| c.id).collect();
        for id in ids {
            self.send(id, &msg);
        }
    }

    /// A connection joins as a seat or as the spectator.
    ///
    /// # Errors
    /// The refusal (also sent to the connection); nothing changes.
    pub fn join(
        &mut self,
        id: ConnId,
        want: Want,
        token: Option<&str>,
        lang: Lang,
        now: Instant,
    ) -> Result<(), Refusal> {
        let r = self.try_join(id, want, token, lang, now);
        if let Err(e) = &r {
            self.refuse(id, e.clone());
        }
        r
    }

    fn try_join(
        &mut self,
        id: ConnId,
        want: Want,
        token: Option<&str>,
        lang: Lang,
        now: Instant,
    ) -> Result<(), Refusal> {
        if self.conns.iter().any(|c| c.id == id) {
            return Err(Refusal::new(
                "already_joined",
                "this connection has joined already",
            ));
        }
        let was_paused = self.paused();
        let seat = match want {
            Want::Spectator => None,
            Want::Seat(s) => Some(usize::from(s)),
            Want::Any => {
                let by_token = token.and_then(|t| {
                    self.seats
                        .iter()
                        .position(|s| s.token.as_deref() == Some(t))
                });
                let free = self.seats.iter().position(|s| s.human && s.token.is_none());
                Some(by_token.or(free).ok_or_else(|| {
                    Refusal::new(
                        "seat_taken",
                        "every seat for a person is taken: watch as a spectator",
                    )
                })?)
            }
        };
        let mut new_token = None;
        if let Some(s) = seat {
            let st = &self.seats[s];
            if !st.human {
                return Err(Refusal::new(
                    "no_such_seat",
                    format!("seat {s} is played by a bot"),
                ));
            }
            match (&st.token, token) {
                (None, _) => new_token = Some(random_hex(16)),
                (Some(t), Some(given)) if t == given => {}
                (Some(_), Some(_)) => {
                    return Err(Refusal::new(
                        "bad_token",
                        format!("that is not seat {s}'s token"),
                    ));
                }
                (Some(_), None) => {
                    return Err(Refusal::new(
                        "seat_taken",
                        format!("seat {s} is taken: rejoin it with its token"),
                    ));
                }
            }
            if let Some(old) = st.conn {
                self.outbox.push((
                    old,
                    Out::Close(
                        4000,
                        "this seat was taken over by another connection".into(),
                    ),
                ));
                self.conns.retain(|c| c.id != old);
            }
            let st = &mut self.seats[s];
            if let Some(t) = new_token.clone() {
                st.token = Some(t);
                self.dirty = true;
            }
            st.conn = Some(id);
        }
        let reader = seat.map_or(Reader::Spectator, |s| Reader::Seat(s as u8));
        let first = self.table.event_bounds(reader).0;
        self.conns.push(Conn {
            id,
            reader,
            next: first,
            lang,
            options_at: None,
            over_told: None,
        });
        let token = seat.and_then(|s| self.seats[s].token.clone());
        let welcome = json!({
            "type": "welcome", "room": self.id,
            "reader": seat.map_or(json!("spectator"), |s| json!(s)),
            "token": token, "config": self.config, "rules": self.rules_json(),
            "seats": self.seats_json(), "names": crate::text::names(),
        });
        self.send(id, &welcome);
        if was_paused && !self.paused() {
            self.restart_clocks(now);
        }
        self.broadcast_seats();
        self.advance(now);
        Ok(())
    }

    /// A connection left (closed, or its socket failed).
    pub fn leave(&mut self, id: ConnId, now: Instant) {
        let before = self.conns.len();
        self.conns.retain(|c| c.id != id);
        if before == self.conns.len() {
            return;
        }
        for s in &mut self.seats {
            if s.conn == Some(id) {
                s.conn = None;
            }
        }
        self.broadcast_seats();
        self.advance(now);
    }

    /// A message from a joined connection (a join is [`Room::join`]).
    pub fn message(&mut self, id: ConnId, msg: ClientMsg, now: Instant) {
        if let Err(r) = self.try_message(id, msg, now) {
            self.refuse(id, r);
        }
    }

    fn try_message(&mut self, id: ConnId, msg: ClientMsg, now: Instant) -> Result<(), Refusal> {
        let conn =
            self.conns.iter().find(|c| c.id == id).ok_or_else(|| {
                Refusal::new("not_joined", "join a seat first: {\"type\":\"join\"}")
            })?;
        let reader = conn.reader;
        match msg {
            ClientMsg::Join { .. } => Err(Refusal::new(
                "already_joined",
                "this connection has joined already",
            )),
            ClientMsg::Lang(l) => {
                if let Some(c) = self.conn_mut(id) {
                    c.lang = l;
                }
                Ok(())
            }
            ClientMsg::Next => {
                let seat = self.seat_of(id).ok_or_else(|| {
                    Refusal::new("spectator", "a spectator does not deal the next hand")
                })?;
                if self.table.phase() != Phase::Over {
                    return Err(Refusal::new("hand_not_over", "the hand is not over"));
                }
                if self.table.match_result().is_some() {
                    return Err(Refusal::new("match_over", "the match is over"));
                }
                self.ready_next |= 1 << seat;
                self.advance(now);
                Ok(())
            }
            ClientMsg::Act { action, next } => {
                let seat = self
                    .seat_of(id)
                    .ok_or_else(|| Refusal::new("spectator", "a spectator cannot act"))?;
                if !self.started() {
                    return Err(Refusal::new(
                        "not_your_turn",
                        "the game starts when every seat for a person is taken",
                    ));
                }
                let waiting = self.table.pending() >> seat & 1 != 0
                    && self.held.is_none_or(|(s, _)| s != seat);
                if !waiting {
                    return Err(Refusal::new(
                        "not_your_turn",
                        format!("the table is not waiting for seat {seat}'s decision"),
                    ));
                }
                let current = self.table.event_bounds(reader).1;
                if next.is_some_and(|n| n != current) {
                    return Err(Refusal::new(
                        "stale",
                        format!(
                            "the action answers event {} but the table is at event {current}: decide again",
                            next.unwrap_or(0)
                        ),
                    ));
                }
                if !self.table.legal_actions(seat).contains(&action) {
                    let a = action_json(&action);
                    return Err(Refusal::new(
                        "illegal_action",
                        format!(
                            "{a} is not one of seat {seat}'s legal actions now (see its last options)"
                        ),
                    ));
                }
                self.play(seat, action, now);
                self.advance(now);
                Ok(())
            }
        }
    }

    /// The time of the next thing the room does by itself (a timer, a bot, a held answer),
    /// or `None` when it waits for people.
    pub fn deadline(&self) -> Option<Instant> {
        if !self.started() || self.paused() {
            return None;
        }
        let mut at: Option<Instant> = None;
        let mut soonest = |t: Instant| at = Some(at.map_or(t, |a| a.min(t)));
        match self.table.phase() {
            Phase::Over => {
                if self.table.match_result().is_none() && self.config.next_ms > 0 {
                    if let Some(o) = self.over_since {
                        soonest(o + Duration::from_millis(self.config.next_ms));
                    }
                }
            }
            _ => {
                if let (Some(_), Some(w)) = (self.held, self.window) {
                    soonest(w.open + Duration::from_millis(self.config.claim_ms));
                }
                for seat in 0..SEATS {
                    if self.table.pending() >> seat & 1 == 0 {
                        continue;
                    }
                    if let Some(t) = self.seat_due(seat) {
                        soonest(t);
                    }
                }
            }
        }
        at
    }

    /// When `seat`'s pending decision is played without it: a bot's pace, a person's time
    /// limit.
    fn seat_due(&self, seat: usize) -> Option<Instant> {
        if self.held.is_some_and(|(s, _)| s == seat) {
            return None;
        }
        let since = self.since[seat]?;
        let claim = self.table.phase() == Phase::Claim;
        if !self.seats[seat].human {
            let pace = if claim { 0 } else { self.config.bot_ms };
            return Some(since + Duration::from_millis(pace));
        }
        let limit = if claim {
            self.config.claim_ms
        } else {
            self.config.turn_ms
        };
        if limit == 0 {
            return None;
        }
        let start = match (claim, self.window) {
            (true, Some(w)) => w.open,
            _ => since,
        };
        Some(start + Duration::from_millis(limit))
    }

    /// Runs what is due at `now` (timers, bots, held answers, the next hand).
    pub fn tick(&mut self, now: Instant) {
        self.advance(now);
    }

    /// Plays everything that can be played now, then sends each connection what is new.
    fn advance(&mut self, now: Instant) {
        let mut guard = 0;
        while self.started() && !self.paused() && guard < 10_000 {
            guard += 1;
            if !self.step(now) {
                break;
            }
        }
        self.flush(now);
    }

    /// One thing that is due; false when nothing is.
    fn step(&mut self, now: Instant) -> bool {
        if self.table.phase() == Phase::Over {
            if self.table.match_result().is_some() {
                return false;
            }
            let connected: u8 = (0..SEATS)
                .filter(|&s| self.seats[s].human && self.seats[s].conn.is_some())
                .fold(0, |m, s| m | 1 << s);
            let all_ready = connected & !self.ready_next == 0;
            let timed_out = self.config.next_ms > 0
                && self
                    .over_since
                    .is_some_and(|o| now >= o + Duration::from_millis(self.config.next_ms));
            if !(all_ready || timed_out) {
                return false;
            }
            // Every connection gets the hand's last events before they leave the log.
            self.flush(now);
            self.recorder
                .keep(&self.table)
                .expect("kept after every change");
            let before = self.table.next_event_index();
            self.table
                .next_hand()
                .expect("a hand is over and the match is not");
            self.changed(before, None, now);
            self.record_dirty = true;
            return true;
        }
        if let (Some((seat, a)), Some(w)) = (self.held, self.window) {
            if now >= w.open + Duration::from_millis(self.config.claim_ms) {
                // Seats still unanswered at the window's end play their default first.
                for s in 0..SEATS {
                    if s != seat && self.table.pending() >> s & 1 != 0 {
                        let d = self.table.default_action(s, None).unwrap_or(Action::PASS);
                        self.apply(s, d, now);
                        self.tell_timeout(s, &d);
                    }
                }
                self.held = None;
                self.apply(seat, a, now);
                return true;
            }
        }
        let pending = self.table.pending();
        for seat in 0..SEATS {
            if pending >> seat & 1 == 0 || self.held.is_some_and(|(s, _)| s == seat) {
                continue;
            }
            if !self.seats[seat].human {
                if self.seat_due(seat).is_some_and(|t| now < t) {
                    continue;
                }
                let mut cfg = self.checked.bot;
                cfg.tie_break = seat as u64;
                let a = ai::decide(&self.table.view(seat), &cfg);
                self.play(seat, a, now);
                return true;
            }
            let legal = self.table.legal_actions(seat);
            if legal.as_slice() == [Action::PASS] {
                // Nothing to decide: the seat passes at once (held like any other answer).
                self.play(seat, Action::PASS, now);
                return true;
            }
            if self.seat_due(seat).is_some_and(|t| now >= t) {
                let bot = self.config.timeout_bot.then_some(self.checked.bot);
                let Ok(a) = self.table.default_action(seat, bot.as_ref()) else {
                    continue;
                };
                self.play(seat, a, now);
                self.tell_timeout(seat, &a);
                return true;
            }
        }
        false
    }

    fn tell_timeout(&mut self, seat: usize, a: &Action) {
        if let Some(id) = self.seats[seat].conn {
            self.send(id, &json!({"type": "timeout", "action": action_json(a)}));
        }
    }

    /// Plays `a` for `seat`, or holds it when it closes a held claim window early.
    fn play(&mut self, seat: usize, a: Action, now: Instant) {
        let closes = self.table.pending() == 1 << seat;
        let hold = self.config.hold_claims
            && self.config.claim_ms > 0
            && self.table.phase() == Phase::Claim
            && closes
            && self.window.is_some_and(|w| {
                w.asks_human && now < w.open + Duration::from_millis(self.config.claim_ms)
            });
        if hold {
            self.held = Some((seat, a));
        } else {
            self.apply(seat, a, now);
        }
    }

    fn apply(&mut self, seat: usize, a: Action, now: Instant) {
        let before = self.table.next_event_index();
        let was_claim = self.table.phase() == Phase::Claim;
        self.table
            .apply(seat, a)
            .expect("only legal actions are applied");
        self.changed(before, Some((seat, was_claim)), now);
    }

    /// After a change: the claim window, when each seat's decision began, the hand's end.
    fn changed(&mut self, before: u64, by: Option<(usize, bool)>, now: Instant) {
        self.dirty = true;
        let first = self.table.first_event_index();
        let start = before.saturating_sub(first) as usize;
        let log = self.table.log();
        let opened = log.get(start..).unwrap_or(&[]).iter().any(|e: &Event| {
            e.kind == EventKind::Discard
                || (e.kind == EventKind::Meld && e.meld == Some(MeldKind::AddedKong))
        });
        let phase = self.table.phase();
        let offer = self
            .table
            .view_for(Reader::Spectator)
            .map(|v| v.offer)
            .unwrap_or(Offer::Discard);
        let same_window = phase == Phase::Claim && !opened && by.is_some_and(|(_, c)| c);
        if phase == Phase::Claim && offer != Offer::Flower {
            if opened {
                let asked = self.table.pending() & self.human_mask();
                self.window = Some(Window {
                    open: now,
                    asks_human: asked != 0,
                });
            }
        } else {
            self.window = None;
        }
        let pending = self.table.pending();
        for s in 0..SEATS {
            if pending >> s & 1 == 0 {
                self.since[s] = None;
            } else if !same_window || self.since[s].is_none() {
                self.since[s] = Some(now);
            }
        }
        if phase == Phase::Over {
            if self.over_since.is_none() {
                self.over_since = Some(now);
                self.ready_next = 0;
            }
        } else {
            self.over_since = None;
        }
    }

    /// Every clock starts again now (the game resumes after a pause or a restart).
    fn restart_clocks(&mut self, now: Instant) {
        let pending = self.table.pending();
        for s in 0..SEATS {
            self.since[s] = (pending >> s & 1 != 0).then_some(now);
        }
        let claim = self.table.phase() == Phase::Claim;
        let offer = self.table.view_for(Reader::Spectator).map(|v| v.offer);
        self.window = (claim && offer != Some(Offer::Flower)).then_some(Window {
            open: now,
            asks_human: pending & self.human_mask() != 0,
        });
        if self.table.phase() == Phase::Over {
            self.over_since = Some(now);
        }
    }

    /// Sends every connection its reader's new events, a seat's options when the table waits
    /// for it, and the end of a hand.
    fn flush(&mut self, now: Instant) {
        for k in 0..self.conns.len() {
            let (id, reader, from, lang) = {
                let c = &self.conns[k];
                (c.id, c.reader, c.next, c.lang)
            };
            let events: Vec<Event> = self.table.reader_events(reader, from).collect();
            if let Some(last) = events.last() {
                self.conns[k].next = last.index + 1;
                let mut frame = String::with_capacity(events.len() * 120 + 64);
                frame.push_str("{\"type\":\"events\",\"events\":[");
                for (i, e) in events.iter().enumerate() {
                    if i > 0 {
                        frame.push(',');
                    }
                    frame.push_str(&event_line(e));
                }
                frame.push_str("],\"texts\":");
                // The library's sentences as this reader says them: its seat is "you", the
                // others Right, Across and Left (the spectator names seats by wind).
                let ctx = NameContext {
                    reader,
                    dealer: self.table.position().1,
                    seats: SeatStyle::Relative,
                    tiles: TileStyle::Words,
                };
                let texts: Vec<String> = events
                    .iter()
                    .map(|e| event_text(e, &ctx, lang.names()))
                    .collect();
                frame.push_str(&serde_json::to_string(&texts).expect("strings"));
                frame.push('}');
                self.outbox.push((id, Out::Text(frame)));
            }
            let Reader::Seat(s) = reader else { continue };
            let seat = usize::from(s);
            let next = self.conns[k].next;
            let waiting = self.started()
                && self.table.pending() >> seat & 1 != 0
                && self.held.is_none_or(|(h, _)| h != seat);
            if waiting && self.conns[k].options_at != Some(next) {
                self.conns[k].options_at = Some(next);
                let actions: Vec<Value> = self
                    .table
                    .legal_actions(seat)
                    .as_slice()
                    .iter()
                    .map(action_json)
                    .collect();
                let deadline = self
                    .seat_due(seat)
                    .map(|t| ms(t.saturating_duration_since(now)));
                // The hint reads the seat's own view: what the seat may know, nothing more.
                let hint = if self.config.hints {
                    crate::protocol::hint_for(&self.table.view(seat)).unwrap_or(Value::Null)
                } else {
                    Value::Null
                };
                let msg = json!({"type": "options", "next": next, "actions": actions,
                                 "deadline_ms": deadline, "hint": hint});
                self.send(id, &msg);
            }
            let hand = self.table.position().0;
            if self.table.phase() == Phase::Over
                && self.table.match_result().is_none()
                && self.conns[k].over_told != Some(hand)
            {
                self.conns[k].over_told = Some(hand);
                let deadline = (self.config.next_ms > 0).then(|| {
                    self.over_since.map_or(self.config.next_ms, |o| {
                        ms((o + Duration::from_millis(self.config.next_ms))
                            .saturating_duration_since(now))
                    })
                });
                self.send(id, &json!({"type": "hand_over", "deadline_ms": deadline}));
            }
        }
    }

    /// Closes every connection (the server stops): they may rejoin the restarted server.
    pub fn close_all(&mut self, code: u16, why: &str) {
        let ids: Vec<ConnId> = self.conns.iter().map(|c| c.id).collect();
        for id in ids {
            self.outbox.push((id, Out::Close(code, why.to_string())));
        }
        self.conns.clear();
        for s in &mut self.seats {
            s.conn = None;
        }
    }
}
