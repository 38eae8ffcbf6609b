//! The engine-free half of the backend methods of `MjTable` and the names of `MjKit`: events as
//! Dictionaries, the event reader, snapshots, records, matches and names, on plain Rust values.

use super::{Call, Out, Result, Value, dict_entries, fail, int_in, opt};
use mjkit::table::event::{ACTION_KINDS, MAX_COUNTERS, MAX_EVENT_TILES, MELD_KINDS};
use mjkit::table::event::{
    ACTION_NAMES, EVENT_KIND_NAMES, EVENT_KINDS, HIDDEN_TILE, MELD_NAMES, REASON_NAMES, REASONS,
    flags,
};
use mjkit::table::names::{self, Lang};
use mjkit::table::record::{self, Recorder};
use mjkit::table::{
    Client, DealerRule, Event, MatchEnd, MatchRules, MatchState, NO_SEAT, NO_TILE, Reader, Rules,
    SEATS, Table,
};

/// A hidden tile in an event Dictionary (another seat's draw, deal or concealed kong).
pub const HIDDEN: i64 = -2;

/// The flag names of an event Dictionary's `flags`, with their bits (the record's names).
pub const FLAG_NAMES: [(&str, u32); 18] = [
    ("replacement", flags::REPLACEMENT),
    ("drawn", flags::DRAWN),
    ("self_drawn", flags::SELF_DRAWN),
    ("robbed_kong", flags::ROBBED_KONG),
    ("last_tile", flags::LAST_TILE),
    ("first_turn", flags::FIRST_TURN),
    ("next_hand", flags::NEXT_HAND),
    ("ready_first_discard", flags::READY_FIRST_DISCARD),
    ("eight_flowers", flags::EIGHT_FLOWERS),
    ("seven_rob_one", flags::SEVEN_ROB_ONE),
    ("flower_offer", flags::FLOWER_OFFER),
    ("after_exposed_kong", flags::AFTER_EXPOSED_KONG),
    ("first_go_around", flags::FIRST_GO_AROUND),
    ("ready_from_deal", flags::READY_FROM_DEAL),
    ("shown", flags::SHOWN),
    ("riichi", flags::RIICHI),
    ("double_riichi", flags::DOUBLE_RIICHI),
    ("ippatsu", flags::IPPATSU),
];

/// The names of the bits of `f` set, in [`FLAG_NAMES`]' order.
pub fn flag_names(f: u32) -> Out {
    Out::List(
        FLAG_NAMES
            .iter()
            .filter(|(_, bit)| f & bit != 0)
            .map(|(n, _)| Out::Text(n.to_string()))
            .collect(),
    )
}

/// The dealer rules of `create_match`, in the core's order.
pub const DEALER_RULES: [(&str, DealerRule); 4] = [
    ("keep_on_win_or_draw", DealerRule::KeepOnWinOrDraw),
    ("keep_on_win", DealerRule::KeepOnWin),
    ("keep_on_win_or_ready", DealerRule::KeepOnWinOrReady),
    ("always_pass", DealerRule::AlwaysPass),
];

/// The keys of the match Dictionary of `create_match`.
pub const MATCH_KEYS: [&str; 5] = [
    "start_score",
    "first_dealer",
    "dealer_rule",
    "end",
    "end_value",
];

fn tile_out(t: u8) -> Out {
    if t == HIDDEN_TILE {
        Out::Int(HIDDEN)
    } else {
        opt(t)
    }
}

/// The position of `x` in `all` (its code).
fn code<T: PartialEq>(all: &[T], x: T) -> usize {
    all.iter().position(|y| *y == x).unwrap_or(usize::MAX)
}

fn name_at(list: &[&'static str], code: usize) -> Out {
    Out::Text(list.get(code).copied().unwrap_or("").to_string())
}

/// An event as GDScript gets it: `{index, kind, seat, from, tile, action, meld, reason, flags,
/// tiles, value, seed, scores, counters, text}` (`text` one line in English, seats by number,
/// tiles in words; `MjKit.event_text` writes others); names as the record format spells
/// them (`"discard"`, `"lost_to_pung"`), `""` for no action / meld; seats and tiles -1 for
/// none, tiles -2 hidden; `flags` an Array of names; `scores` (a hand start's, by seat) a
/// PackedInt64Array; `counters` (a hand start's: 0 the consecutive deals) a PackedInt32Array.
pub fn event_out(e: &Event) -> Out {
    let action = e.action.map_or(Out::Text(String::new()), |a| {
        name_at(&ACTION_NAMES, code(&mjkit::table::event::ACTION_KINDS, a))
    });
    let meld = e.meld.map_or(Out::Text(String::new()), |m| {
        name_at(&MELD_NAMES, code(&mjkit::table::event::MELD_KINDS, m))
    });
    let flag_list = flag_names(e.flags);
    Out::Map(vec![
        ("index", Out::Int(e.index as i64)),
        (
            "kind",
            name_at(&EVENT_KIND_NAMES, code(&EVENT_KINDS, e.kind)),
        ),
        ("seat", opt(e.seat)),
        ("from", opt(e.from)),
        ("tile", tile_out(e.tile)),
        ("action", action),
        ("meld", meld),
        ("reason", name_at(&REASON_NAMES, code(&REASONS, e.reason))),
        ("flags", flag_list),
        (
            "tiles",
            Out::Ints(
                e.tile_list()
                    .iter()
                    .map(|&t| {
                        if t == HIDDEN_TILE {
                            HIDDEN as i32
                        } else {
                            i32::from(t)
                        }
                    })
                    .collect(),
            ),
        ),
        ("value", Out::Int(e.value)),
        ("seed", Out::Int(e.seed as i64)),
        ("scores", Out::Longs(e.scores.to_vec())),
        (
            "counters",
            Out::Ints(e.counters.iter().map(|&c| c as i32).collect()),
        ),
        ("text", Out::Text(names::event_line(e, Lang::English))),
    ])
}

/// A reader argument: 0 to 3 a seat, 4 the observer, 5 the spectator.
pub fn reader(call: Call, r: i64) -> Result<Reader> {
    u32::try_from(r)
        .ok()
        .and_then(Reader::from_code)
        .map_or_else(
            || {
                fail(
                    call,
                    format_args!(
                        "reader {r} is not a seat (0 to 3), 4 (the observer) or 5 (the spectator)"
                    ),
                )
            },
            Ok,
        )
}

/// `MjTable.events`: `reader`'s events from index `from` on (each reader numbers its own
/// stream), as it may know them.
pub fn events(t: &Table, r: i64, from: i64) -> Result<Vec<Out>> {
    let reader = reader(Call::TableEvents, r)?;
    let start = u64::try_from(from).unwrap_or(0);
    Ok(t.reader_events(reader, start)
        .map(|e| event_out(&e))
        .collect())
}

/// `MjTable.next_event_index`: the index `reader`'s next event will get.
pub fn next_event_index(t: &Table, r: i64) -> Result<i64> {
    let reader = reader(Call::TableNextEventIndex, r)?;
    Ok(t.event_bounds(reader).1 as i64)
}

/// An event from the Dictionary `event_out` gives (as a client receives it, over a network
/// say): `index` and `kind` required, the other keys optional (`text` ignored).
pub fn event_in(v: &Value) -> Result<Event> {
    event_in_for(Call::ClientApply, v)
}

/// [`event_in`] for `call`'s messages.
pub fn event_in_for(call: Call, v: &Value) -> Result<Event> {
    let entries = dict_entries(call, v, "event")?;
    let find = |key: &str| entries.iter().find(|(k, _)| k == key).map(|(_, v)| v);
    let int = |key: &str, lo: i64, hi: i64| -> Result<Option<i64>> {
        match find(key) {
            None => Ok(None),
            Some(Value::Int(n)) if (lo..=hi).contains(n) => Ok(Some(*n)),
            Some(other) => fail(
                call,
                format_args!("{key} must be an int from {lo} to {hi}, not {other:?}"),
            ),
        }
    };
    let name = |key: &str, list: &[&str]| -> Result<Option<usize>> {
        match find(key) {
            None => Ok(None),
            Some(Value::Text(t)) if t.is_empty() => Ok(None),
            Some(Value::Text(t)) => list.iter().position(|n| n == t).map_or_else(
                || fail(call, format_args!("{key} {t:?} is not a known name")),
                |i| Ok(Some(i)),
            ),
            Some(other) => fail(
                call,
                format_args!("{key} must be a String, not a {}", other.type_name()),
            ),
        }
    };
    let byte = |n: i64| -> u8 {
        match n {
            -1 => NO_TILE,
            HIDDEN => HIDDEN_TILE,
            n => n as u8,
        }
    };
    let Some(kind) = name("kind", &EVENT_KIND_NAMES)? else {
        return fail(call, "an event needs its kind");
    };
    let mut e = Event::new(EVENT_KINDS[kind]);
    let Some(index) = int("index", 0, i64::MAX)? else {
        return fail(call, "an event needs its index");
    };
    e.index = index as u64;
    e.seat = int("seat", -1, 3)?.map_or(NO_SEAT, byte);
    e.from = int("from", -1, 3)?.map_or(NO_SEAT, byte);
    e.tile = int("tile", -2, 253)?.map_or(NO_TILE, byte);
    e.action = name("action", &ACTION_NAMES)?.map(|i| ACTION_KINDS[i]);
    e.meld = name("meld", &MELD_NAMES)?.map(|i| MELD_KINDS[i]);
    e.reason = name("reason", &REASON_NAMES)?.map_or(e.reason, |i| REASONS[i]);
    e.value = int("value", i64::MIN, i64::MAX)?.unwrap_or(0);
    e.seed = int("seed", i64::MIN, i64::MAX)?.unwrap_or(0) as u64;
    let list = |key: &str| -> Result<Vec<i64>> {
        match find(key) {
            None => Ok(Vec::new()),
            Some(Value::List(items)) => items
                .iter()
                .map(|x| match x {
                    Value::Int(n) => Ok(*n),
                    other => fail(call, format_args!("{key} holds a {}", other.type_name())),
                })
                .collect(),
            Some(other) => fail(
                call,
                format_args!("{key} must be an Array, not a {}", other.type_name()),
            ),
        }
    };
    if let Some(f) = find("flags") {
        let Value::List(items) = f else {
            return fail(call, "flags must be an Array of names");
        };
        for item in items {
            let Value::Text(t) = item else {
                return fail(call, "flags must be names");
            };
            let Some((_, bit)) = FLAG_NAMES.iter().find(|(n, _)| n == t) else {
                return fail(call, format_args!("unknown flag {t:?}"));
            };
            e.flags |= bit;
        }
    }
    let tiles = list("tiles")?;
    if tiles.len() > MAX_EVENT_TILES || tiles.iter().any(|&t| !(-2..=253).contains(&t)) {
        return fail(call, "tiles out of range");
    }
    let tiles: Vec<u8> = tiles.into_iter().map(byte).collect();
    e = e.with_tiles(&tiles);
    let scores = list("scores")?;
    if !scores.is_empty() {
        e.scores = scores
            .try_into()
            .or_else(|_| fail(call, "scores must have four entries"))?;
    }
    let counters = list("counters")?;
    if !counters.is_empty() {
        if counters.len() != MAX_COUNTERS
            || counters
                .iter()
                .any(|&c| !(0..=u32::MAX as i64).contains(&c))
        {
            return fail(call, "counters must be four ints from 0 to 2^32 - 1");
        }
        for (o, c) in e.counters.iter_mut().zip(counters) {
            *o = c as u32;
        }
    }
    Ok(e)
}

/// `MjClient.create`: a client of `reader` (a seat 0 to 3 or 5, the spectator) at a table with
/// `rules` (the Dictionary of `MjTable.create`).
pub fn client(rules: &Rules, r: i64) -> Result<Client> {
    let reader = super::table::view_reader(Call::ClientCreate, r)?;
    Client::new(*rules, reader).or_else(|e| fail(Call::ClientCreate, e))
}

/// `MjClient.apply`: folds one event in (nothing changes on error).
pub fn client_apply(c: &mut Client, v: &Value) -> Result<()> {
    let e = event_in(v)?;
    c.apply(&e).or_else(|x| {
        fail(
            Call::ClientApply,
            format_args!(
                "event {} ({x}): out of sequence, or impossible after the events before",
                e.index
            ),
        )
    })
}

/// `MjClient.view`: the view the events so far give (`{}` before a hand start).
pub fn client_view(c: &Client) -> Result<Out> {
    c.view()
        .map(super::table::view_out)
        .map_or_else(|| fail(Call::ClientView, "no hand start yet"), Ok)
}

/// `MjTable.continue_record`: the record kept before the table's record begins, in front of
/// it (nothing changes on error).
pub fn continue_record(record: &mut Recorder, t: &Table, earlier: &str) -> Result<()> {
    record.continue_from(earlier, t).or_else(|e| {
        fail(
            Call::TableContinueRecord,
            format_args!("line {}: {}", e.line, e.why),
        )
    })
}

/// The record of an `MjTable`: the events are kept (copied) before every deal, the only change
/// that drops events from the table's log, and formatted when the record is read.
pub fn keep_record(record: &mut Recorder, t: &Table) {
    record
        .keep(t)
        .expect("the record is kept before every deal");
}

/// `MjTable.record`: the record's text up to the table's last event.
pub fn record_text<'a>(record: &'a mut Recorder, t: &Table) -> &'a str {
    record
        .text(t)
        .expect("the record is kept before every deal")
}

/// `MjTable.load`: the table of a snapshot.
pub fn load(bytes: &[u8]) -> Result<Table> {
    Table::load(bytes).or_else(|e| fail(Call::TableLoad, format_args!("a bad snapshot ({e:?})")))
}

/// `MjTable.from_record`: the table of a record and its recorder, or the bad line.
pub fn from_record(text: &str) -> Result<(Table, Recorder)> {
    match record::read(text) {
        Ok(t) => {
            let r = Recorder::resume(text, &t);
            Ok((t, r))
        }
        Err(e) => fail(
            Call::TableFromRecord,
            format_args!("line {}: {}", e.line, e.why),
        ),
    }
}

/// The match Dictionary of `MjTable.create_match`: [`MATCH_KEYS`], every key optional
/// (`start_score` int, `first_dealer` 0-3, `dealer_rule` a [`DEALER_RULES`] name, `end`
/// `"never"` | `"hands"` | `"wind_rounds"`, `end_value` the hands (1 or more) or wind rounds
/// (1-4)).
pub fn match_rules(v: &Value) -> Result<MatchRules> {
    let call = Call::TableCreateMatch;
    let entries = dict_entries(call, v, "match")?;
    let mut m = MatchRules::endless();
    let (mut end, mut end_value) = ("never".to_string(), 0i64);
    for (k, val) in entries {
        match (k.as_str(), val) {
            ("start_score", Value::Int(n)) => m.start_score = *n,
            ("first_dealer", v) => m.first_dealer = int_in(call, v, "first_dealer", 3)?,
            ("dealer_rule", Value::Text(t)) => {
                m.dealer_rule = DEALER_RULES
                    .iter()
                    .find(|(n, _)| n == t)
                    .map(|(_, r)| *r)
                    .map_or_else(
                        || {
                            fail(
                                call,
                                format_args!(
                                    "dealer_rule {t:?} is not one of {}",
                                    super::names(&DEALER_RULES)
                                ),
                            )
                        },
                        Ok,
                    )?
            }
            ("end", Value::Text(t)) => end = t.clone(),
            ("end_value", Value::Int(n)) => end_value = *n,
            (k, other) if MATCH_KEYS.contains(&k) => {
                return fail(
                    call,
                    format_args!("{k} has the wrong type ({})", other.type_name()),
                );
            }
            (k, _) => {
                return fail(
                    call,
                    format_args!("unknown match key {k:?} (known: {})", MATCH_KEYS.join(", ")),
                );
            }
        }
    }
    m.end = match (end.as_str(), end_value) {
        ("never", 0) => MatchEnd::Never,
        ("hands", n) if (1..=i64::from(u32::MAX)).contains(&n) => MatchEnd::Hands(n as u32),
        ("wind_rounds", n) if (1..=4).contains(&n) => MatchEnd::WindRounds(n as u8),
        (e, n) => {
            return fail(
                call,
                format_args!(
                    "end {e:?} with end_value {n}: \"never\" (0), \"hands\" (1 or more) or \"wind_rounds\" (1 to 4)"
                ),
            );
        }
    };
    Ok(m)
}

/// `MjTable.match_state`: `{scores, hands_played, consecutive, rounds, over}`, and at a riichi
/// table `honba` and `sticks`.
pub fn match_state_out(s: &MatchState) -> Out {
    let mut m = vec![
        ("scores", Out::Longs(s.scores.to_vec())),
        ("hands_played", Out::Int(i64::from(s.hands_played))),
        ("consecutive", Out::Int(i64::from(s.consecutive))),
        ("rounds", Out::Int(i64::from(s.rounds))),
        ("over", Out::Bool(s.over)),
    ];
    if let Some(r) = s.part.riichi() {
        m.push(("honba", Out::Int(i64::from(r.honba))));
        m.push(("sticks", Out::Int(i64::from(r.sticks))));
    }
    Out::Map(m)
}

/// `MjTable.match_result`: `{scores, ranks, hands_played, points}` once the match is over
/// (`points`: the scores, or under riichi with the return score, uma and oka).
pub fn match_result(t: &Table) -> Result<Out> {
    let Some(r) = t.match_result() else {
        return fail(Call::TableMatchResult, "the match is not over");
    };
    Ok(Out::Map(vec![
        ("scores", Out::Longs(r.scores.to_vec())),
        (
            "ranks",
            Out::Ints(r.ranks.iter().map(|&x| i32::from(x)).collect()),
        ),
        ("hands_played", Out::Int(i64::from(r.hands_played))),
        ("points", Out::Longs(r.points.to_vec())),
    ]))
}

/// `MjTable.set_score`.
pub fn set_score(t: &mut Table, seat: i64, score: i64) -> Result<()> {
    let call = Call::TableSetScore;
    let s = super::table::seat(call, seat)?;
    t.set_score(s, score).or_else(|e| fail(call, e))
}

#[allow(dead_code)]
const _: () = assert!(SEATS == 4 && NO_SEAT == 255 && NO_TILE == 255);

#[cfg(test)]
mod tests {
    use super::*;
    use mjkit::table::{Phase, Rules};

    fn get<'a>(o: &'a Out, key: &str) -> &'a Out {
        match o {
            Out::Map(e) => &e.iter().find(|(k, _)| *k == key).unwrap().1,
            _ => panic!("not a map"),
        }
    }

    #[test]
    fn events_mask_other_seats_and_name_everything() {
        let mut t = Table::new(Rules::taiwan16(), 4).unwrap();
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let a = t.legal_actions(seat).as_slice()[0];
            t.apply(seat, a).unwrap();
        }
        let seat1 = events(&t, 1, 0).unwrap();
        let all = events(&t, 4, 0).unwrap();
        assert_eq!(all.len(), t.log().len());
        // Seat 1 receives its own claim answers only; the spectator none.
        let answers = |l: &[Out]| {
            l.iter()
                .filter(|e| get(e, "kind") == &Out::Text("claim_answer".into()))
                .count()
        };
        assert!(answers(&seat1) < answers(&all));
        assert_eq!(answers(&events(&t, 5, 0).unwrap()), 0);
        assert_eq!(seat1.len() as i64, next_event_index(&t, 1).unwrap());
        assert_eq!(get(&all[0], "kind"), &Out::Text("hand_start".into()));
        assert_eq!(get(&all[0], "seed"), &Out::Int(4));
        assert_eq!(get(&seat1[0], "seed"), &Out::Int(0));
        // Seat 1 sees seat 0's deal as hidden tiles, its own as tiles.
        match (get(&seat1[1], "seat"), get(&seat1[1], "tiles")) {
            (Out::Int(0), Out::Ints(v)) => assert!(v.iter().all(|&x| x == HIDDEN as i32)),
            other => panic!("{other:?}"),
        }
        assert!(matches!(get(&seat1[2], "tiles"), Out::Ints(v) if v.iter().all(|&x| x >= 0)));
        for e in &all {
            assert!(matches!(get(e, "text"), Out::Text(s) if !s.is_empty()));
            assert!(matches!(get(e, "kind"), Out::Text(s) if !s.is_empty()));
        }
        assert!(events(&t, 6, 0).is_err());
        assert!(next_event_index(&t, 6).is_err());
        let from = t.log()[3].index as i64;
        assert_eq!(events(&t, 4, from).unwrap().len(), t.log().len() - 3);
        // The hand start carries the match.
        assert_eq!(get(&all[0], "scores"), &Out::Longs(vec![0; 4]));
    }

    /// A client fed a reader's event Dictionaries (as GDScript gets and passes them back) shows
    /// the table's view of that reader after every action; bad events are refused.
    #[test]
    fn clients_rebuild_the_view_from_event_dictionaries() {
        use crate::convert::test_util::{back, map, text};
        let rules = Rules::taiwan16();
        let mut t = Table::new(rules, 6).unwrap();
        let readers = [0i64, 1, 2, 3, 5];
        let mut clients: Vec<Client> = readers
            .iter()
            .map(|&r| client(&rules, r).unwrap())
            .collect();
        let mut next = [0i64; 5];
        loop {
            for (i, c) in clients.iter_mut().enumerate() {
                for e in events(&t, readers[i], next[i]).unwrap() {
                    client_apply(c, &back(&e)).unwrap();
                    next[i] += 1;
                }
                assert_eq!(
                    client_view(c).unwrap(),
                    crate::convert::table::view(&t, readers[i]).unwrap()
                );
            }
            if t.phase() == Phase::Over {
                break;
            }
            let seat = t.pending().trailing_zeros() as usize;
            let a = t.legal_actions(seat).as_slice()[0];
            t.apply(seat, a).unwrap();
        }
        let c = &mut clients[0];
        let again = back(&events(&t, 0, 0).unwrap()[0]);
        assert!(client_apply(c, &again).is_err(), "out of sequence");
        assert!(client_apply(c, &map([("kind", text("dance"))])).is_err());
        assert!(client_apply(c, &map([("index", Value::Int(1))])).is_err());
        assert!(
            client(&rules, 4).is_err(),
            "the observer reads the table itself"
        );
        let fresh = client(&rules, 2).unwrap();
        assert!(client_view(&fresh).is_err());
    }

    #[test]
    fn match_rules_read_every_key_and_refuse_bad_ones() {
        let d = |e: Vec<(&str, Value)>| {
            Value::Map(e.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
        };
        let m = match_rules(&d(vec![
            ("start_score", Value::Int(500)),
            ("first_dealer", Value::Int(2)),
            ("dealer_rule", Value::Text("always_pass".into())),
            ("end", Value::Text("wind_rounds".into())),
            ("end_value", Value::Int(1)),
        ]))
        .unwrap();
        assert_eq!(
            (m.start_score, m.first_dealer, m.dealer_rule, m.end),
            (500, 2, DealerRule::AlwaysPass, MatchEnd::WindRounds(1))
        );
        assert_eq!(match_rules(&Value::Nil).unwrap(), MatchRules::endless());
        for bad in [
            d(vec![("first_dealer", Value::Int(4))]),
            d(vec![("dealer_rule", Value::Text("x".into()))]),
            d(vec![("end", Value::Text("hands".into()))]),
            d(vec![
                ("end", Value::Text("wind_rounds".into())),
                ("end_value", Value::Int(5)),
            ]),
            d(vec![("ends", Value::Int(1))]),
            d(vec![("start_score", Value::Text("1".into()))]),
        ] {
            assert!(match_rules(&bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn snapshots_records_and_scores() {
        let mut t = Table::new(Rules::taiwan16(), 8).unwrap();
        let mut rec = Recorder::new(&t);
        set_score(&mut t, 2, 40).unwrap();
        assert!(set_score(&mut t, 4, 0).is_err());
        // Scores are 64-bit.
        set_score(&mut t, 0, 1 << 40).unwrap();
        let image = t.save();
        assert_eq!(load(&image).unwrap().save(), image);
        assert!(load(&image[..10]).is_err());
        keep_record(&mut rec, &t);
        let (back, _) = from_record(record_text(&mut rec, &t)).unwrap();
        assert_eq!(back.save(), image);
        let err = from_record("{}").unwrap_err();
        assert!(err.0.starts_with("MjTable.from_record: line 1"), "{err}");
        assert!(match_result(&t).is_err());
        assert!(
            matches!(get(&match_state_out(t.match_state()), "scores"), Out::Longs(v) if v[2] == 40)
        );
        // A loaded table's record continues the one kept before; a record of another table is
        // refused, and nothing changes.
        let loaded = load(&t.save()).unwrap();
        let mut again = Recorder::new(&loaded);
        let before = record_text(&mut rec, &t).to_string();
        let other = Recorder::new(&Table::new(Rules::taiwan16(), 9).unwrap());
        assert!(continue_record(&mut again, &loaded, other.as_str()).is_err());
        continue_record(&mut again, &loaded, &before).unwrap();
        assert_eq!(record_text(&mut again, &loaded), before);
    }
}
