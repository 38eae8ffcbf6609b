//! Records (JSON Lines) written and read back, every line checked with serde_json; a mutation
//! fuzz of snapshots and records: every mutant is refused or loads into a valid table.
//!
//! `MJ_RECORD_N` sets the hands recorded (default 2,000; the documented run is 100,000);
//! `MJ_FUZZ_N` the mutants of each kind (default 20,000; the documented run is 1,000,000).

use mjkit::table::record::{self, Recorder};
use mjkit::table::rng::Rng;
use mjkit::table::*;

fn env_n(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn choose(legal: &Actions, rng: &mut Rng) -> Action {
    let list = legal.as_slice();
    if rng.below(3) != 0 {
        for k in [
            ActionKind::Win,
            ActionKind::ExposedKong,
            ActionKind::ConcealedKong,
            ActionKind::AddedKong,
            ActionKind::Pung,
            ActionKind::Chow,
        ] {
            if let Some(a) = list.iter().find(|a| a.kind == k) {
                return *a;
            }
        }
    }
    list[rng.below(list.len() as u64) as usize]
}

const EVENT_KEYS: [&str; 17] = [
    "i", "kind", "seat", "from", "tile", "wind", "pattern", "action", "meld", "reason", "flags",
    "tiles", "winds", "value", "scores", "counters", "seed",
];

/// Checks a record line by line with serde_json against the documented schema.
fn check_schema(text: &str) {
    let mut lines = text.lines();
    let head: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    assert_eq!(head["mjkit_record"], mjkit::table::record::RECORD_VERSION);
    for key in ["rules", "match", "seed", "state"] {
        assert!(head.get(key).is_some(), "header lacks {key}");
    }
    assert_eq!(head["state"]["scores"].as_array().unwrap().len(), 4);
    let mut last = None;
    for l in lines {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        let obj = v.as_object().unwrap();
        for k in obj.keys() {
            assert!(EVENT_KEYS.contains(&k.as_str()), "unknown key {k} in {l}");
        }
        let i = obj["i"].as_u64().unwrap();
        if let Some(p) = last {
            assert_eq!(i, p + 1);
        }
        last = Some(i);
        assert!(obj["kind"].is_string());
        for k in ["seat", "from", "wind"] {
            if let Some(s) = obj.get(k) {
                assert!(s.as_u64().unwrap() < 4);
            }
        }
        if let Some(t) = obj.get("tiles") {
            let n = t.as_array().unwrap().len();
            assert!((1..=17).contains(&n));
        }
    }
}

/// Plays `hands` hands as matches of `per_match`, recording each match; returns the records
/// and the final tables.
fn record_matches(hands: u64, per_match: u32, seed: u64) -> Vec<(String, Table)> {
    let mut rng = Rng::from_u64(seed);
    let mut out = Vec::new();
    let mut played = 0;
    let mut m = 0u64;
    while played < hands {
        let mut rules = if m % 3 == 2 {
            Rules::thirteen()
        } else {
            Rules::taiwan16()
        };
        if m % 5 == 3 {
            rules.multi_win = MultiWin::All;
        }
        let mr = MatchRules {
            start_score: (m % 5) as i64 * 100,
            first_dealer: (m % 4) as u8,
            dealer_rule: [
                DealerRule::KeepOnWinOrDraw,
                DealerRule::KeepOnWin,
                DealerRule::KeepOnWinOrReady,
                DealerRule::AlwaysPass,
            ][(m % 4) as usize],
            end: MatchEnd::Hands(per_match),
        };
        let mut t = Table::with_match(rules, mr, seed ^ m).unwrap();
        let mut rec = Recorder::new(&t);
        if m % 7 == 0 {
            t.set_score(1, 42).unwrap();
            rec.update(&t).unwrap();
        }
        loop {
            while t.phase() != Phase::Over {
                let seat = t.pending().trailing_zeros() as usize;
                let legal = t.legal_actions(seat);
                // Odd matches are played by the greedy bot taking every kong and win, so
                // records hold wins on discards, several winners and robbed kongs.
                let a = if m % 2 == 1 {
                    let take = legal.as_slice().iter().copied().find(|a| {
                        matches!(
                            a.kind,
                            ActionKind::Win | ActionKind::AddedKong | ActionKind::ConcealedKong
                        )
                    });
                    take.unwrap_or_else(|| {
                        mjkit::ai::decide(&t.view(seat), &mjkit::ai::BotConfig::greedy())
                    })
                } else {
                    choose(&legal, &mut rng)
                };
                t.apply(seat, a).unwrap();
                rec.update(&t).unwrap();
            }
            played += 1;
            if t.match_result().is_some() || played >= hands {
                break;
            }
            t.next_hand().unwrap();
            rec.update(&t).unwrap();
        }
        out.push((rec.as_str().to_string(), t));
        m += 1;
    }
    out
}

#[test]
fn records_read_back_to_identical_states() {
    let n = env_n("MJ_RECORD_N", 2_000);
    let start = std::time::Instant::now();
    let mut lines = 0usize;
    let (mut robbed, mut multi) = (0, 0);
    for (text, t) in record_matches(n, 8, 1) {
        robbed += text.matches("robbed_kong").count();
        multi += usize::from(
            text.lines()
                .filter(|l| l.contains("\"kind\":\"win\""))
                .count()
                > text.matches("hand_start").count(),
        );
        check_schema(&text);
        lines += text.lines().count();
        let back = record::read(&text).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(back.save(), t.save(), "same snapshot");
        assert!(back == t, "same state");
        assert_eq!(back.match_result(), t.match_result());
    }
    println!(
        "{n} hands, {lines} record lines written and read back in {:.1} s; {robbed} robbed kongs, {multi} records with several winners on one tile",
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn a_record_with_an_illegal_action_names_its_line() {
    let (text, _) = record_matches(1, 8, 4).remove(0);
    let lines: Vec<&str> = text.lines().collect();
    // Replace the first discard's tile by one the seat does not hold.
    let k = lines
        .iter()
        .position(|l| l.contains("\"discard\""))
        .unwrap();
    let e: serde_json::Value = serde_json::from_str(lines[k]).unwrap();
    let tile = e["tile"].as_str().unwrap();
    let mut bad = None;
    for other in ["1m", "9p", "5s", "7z", "3z"] {
        if other != tile {
            let mut v = lines.clone();
            let l = lines[k].replace(
                &format!("\"tile\":\"{tile}\""),
                &format!("\"tile\":\"{other}\""),
            );
            v[k] = &l;
            let text2 = v.join("\n");
            if let Err(err) = record::read(&text2) {
                bad = Some(err);
                break;
            }
        }
    }
    let err = bad.expect("some other tile is illegal");
    assert_eq!(err.line, k + 1, "{err:?}");
    let mut v = lines.clone();
    v[0] = "{\"mjkit_record\":2}";
    assert_eq!(record::read(&v.join("\n")).unwrap_err().line, 1);
    // A record cut short of the referee's log is refused at the line after its end.
    let cut = &lines[..lines.len() - 1];
    assert_eq!(record::read(&cut.join("\n")).unwrap_err().line, lines.len());
}

#[test]
fn snapshots_refuse_wrong_versions_truncation_and_flips() {
    let (_, t) = record_matches(2, 8, 8).remove(0);
    let bytes = t.save();
    assert_eq!(Table::load(&bytes).unwrap().save(), bytes);
    for cut in 0..bytes.len() {
        assert!(Table::load(&bytes[..cut]).is_err());
    }
    let mut v = bytes.clone();
    v[4] = 1; // version 1, before tai scoring and 過水 were rules: refused, not misread
    assert_eq!(
        Table::load(&v).unwrap_err(),
        snapshot::SnapshotError::Version(1)
    );
    let mut v = bytes.clone();
    v[4] = 9;
    assert_eq!(
        Table::load(&v).unwrap_err(),
        snapshot::SnapshotError::Version(9)
    );
    let mut v = bytes.clone();
    v[0] = b'X';
    assert_eq!(
        Table::load(&v).unwrap_err(),
        snapshot::SnapshotError::NotASnapshot
    );
    let mut v = bytes.clone();
    v[40] ^= 1;
    assert_eq!(
        Table::load(&v).unwrap_err(),
        snapshot::SnapshotError::Checksum
    );
}

/// FNV-1a 64 (the snapshot checksum, as documented), to forge mutants that pass it.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn reseal(v: &mut [u8]) {
    let n = v.len();
    if n >= 8 {
        let sum = fnv1a(&v[..n - 8]);
        v[n - 8..].copy_from_slice(&sum.to_le_bytes());
    }
}

fn mutate(src: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut v = src.to_vec();
    let n = v.len();
    match rng.below(5) {
        0 => v.truncate(rng.below(n as u64) as usize),
        1 => {
            for _ in 0..=rng.below(3) {
                let i = rng.below(n as u64) as usize;
                v[i] ^= 1 << rng.below(8);
            }
        }
        2 => {
            let i = rng.below(n as u64) as usize;
            v[i] = rng.below(256) as u8;
        }
        3 => {
            let (i, j) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            v.swap(i, j);
        }
        _ => {
            // Swap two runs of bytes (fields of events, whole events).
            let len = 1 + rng.below(20) as usize;
            if n > 2 * len {
                let i = rng.below((n - len) as u64) as usize;
                let j = rng.below((n - len) as u64) as usize;
                let a = v[i..i + len].to_vec();
                let b = v[j..j + len].to_vec();
                v[j..j + len].copy_from_slice(&a);
                v[i..i + len].copy_from_slice(&b);
            }
        }
    }
    v
}

#[test]
fn mutated_snapshots_and_records_are_refused_or_valid() {
    let n = env_n("MJ_FUZZ_N", 20_000);
    // Matches of one and of three hands: short records keep a million mutants affordable.
    let mut corpus = record_matches(24, 1, 21);
    corpus.extend(record_matches(12, 3, 22));
    let mut rng = Rng::from_u64(77);
    // Mutants that changed nothing (a swap of equal bytes) load as the original; `changed`
    // counts the loaded mutants that differ from their source.
    let (mut refused, mut loaded, mut changed) = ([0u64; 3], [0u64; 3], [0u64; 3]);
    let check = |t: &Table| {
        assert_eq!(t.invariant_error(), None);
        let again = Table::load(&t.save()).unwrap();
        assert_eq!(again.save(), t.save());
    };
    for k in 0..n {
        let (text, t) = &corpus[(k % corpus.len() as u64) as usize];
        // Snapshots as they are (the checksum catches most), and resealed (the fields and the
        // replay must catch them).
        let bytes = t.save();
        for (slot, reseal_it) in [(0usize, false), (1, true)] {
            let mut m = mutate(&bytes, &mut rng);
            if reseal_it {
                reseal(&mut m);
            }
            match Table::load(&m) {
                Ok(back) => {
                    assert_eq!(back.save(), m, "a loaded snapshot is canonical");
                    check(&back);
                    loaded[slot] += 1;
                    changed[slot] += u64::from(m != bytes);
                }
                Err(_) => refused[slot] += 1,
            }
        }
        // Records: mutate the text (bytes), or swap or drop lines.
        let m = if rng.below(2) == 0 {
            mutate(text.as_bytes(), &mut rng)
        } else {
            let mut lines: Vec<&str> = text.lines().collect();
            let i = rng.below(lines.len() as u64) as usize;
            let j = rng.below(lines.len() as u64) as usize;
            if rng.below(2) == 0 {
                lines.swap(i, j);
            } else {
                lines.remove(i);
            }
            lines.join("\n").into_bytes()
        };
        match std::str::from_utf8(&m).map(record::read) {
            Ok(Ok(back)) => {
                check(&back);
                loaded[2] += 1;
                changed[2] += u64::from(m != text.as_bytes());
            }
            _ => refused[2] += 1,
        }
    }
    println!(
        "{n} mutants each: snapshots refused {} loaded {} (changed {}); resealed snapshots refused {} loaded {} (changed {}); records refused {} loaded {} (changed {})",
        refused[0],
        loaded[0],
        changed[0],
        refused[1],
        loaded[1],
        changed[1],
        refused[2],
        loaded[2],
        changed[2]
    );
}

/// Plays seed 767 of `Rules::taiwan16()` (claims passed, the drawn tile discarded) with a
/// recorder until the table waits on a flower offer (seat 2 holds seven flowers; seat 0 sets the
/// eighth aside: 七搶一 is offered).
fn to_flower_offer() -> (Table, Recorder) {
    let mut t = Table::new(Rules::taiwan16(), 767).unwrap();
    let mut rec = Recorder::new(&t);
    while t.phase() != Phase::Over {
        let seat = t.pending().trailing_zeros() as usize;
        let v = t.view(seat);
        if v.phase == Phase::Claim && v.offer == Offer::Flower {
            return (t, rec);
        }
        let legal = t.legal_actions(seat);
        let l = legal.as_slice();
        let a = if t.phase() == Phase::Claim {
            Action::PASS
        } else {
            l.iter()
                .copied()
                .find(|a| a.kind == ActionKind::Discard && a.tile == v.drawn)
                .unwrap_or(l[l.len() - 1])
        };
        let a = if l.contains(&a) { a } else { l[0] };
        t.apply(seat, a).unwrap();
        rec.update(&t).unwrap();
    }
    panic!("seed 767 opened no flower offer");
}

#[test]
fn a_snapshot_and_a_record_round_trip_during_a_flower_offer() {
    let (t, mut rec) = to_flower_offer();
    let v = t.view(2);
    assert_eq!(
        (v.phase, v.offer, v.actor),
        (Phase::Claim, Offer::Flower, 0)
    );
    assert_eq!(t.pending(), 1 << 2);
    let rob = Action::new(ActionKind::RobFlower, v.offered);
    assert_eq!(t.legal_actions(2).as_slice(), &[rob, Action::PASS]);
    let text = rec.text(&t).unwrap().to_string();
    assert!(
        text.contains("flower"),
        "the record holds the flowers set aside"
    );
    let loaded = Table::load(&t.save()).unwrap();
    let read = record::read(&text).unwrap_or_else(|e| panic!("{e:?}"));
    for back in [&loaded, &read] {
        assert!(*back == t, "same state");
        assert_eq!(back.save(), t.save());
        assert_eq!(back.pending(), t.pending());
        for s in 0..4 {
            assert!(back.view(s) == t.view(s), "seat {s}'s view");
            assert_eq!(back.legal_actions(s), t.legal_actions(s));
        }
        assert!(back.view_for(Reader::Spectator) == t.view_for(Reader::Spectator));
    }
    // The offer answered on each copy: the same outcome, and the answer's record reads back.
    for answer in [rob, Action::PASS] {
        let mut outcomes = Vec::new();
        for base in [&t, &loaded, &read] {
            let mut c = base.clone();
            c.apply(2, answer).unwrap();
            let mut r = Recorder::resume(&text, base);
            r.update(&c).unwrap();
            let again = record::read(r.text(&c).unwrap()).unwrap_or_else(|e| panic!("{e:?}"));
            assert_eq!(again.save(), c.save());
            outcomes.push((c.phase(), c.result().map(|r| r.points), c.save()));
        }
        assert!(outcomes.windows(2).all(|w| w[0] == w[1]));
        if answer == rob {
            assert_eq!(outcomes[0].0, Phase::Over, "七搶一 wins");
        } else {
            assert_eq!(outcomes[0].0, Phase::Turn, "play resumes");
        }
    }
}
