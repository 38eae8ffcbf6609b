use super::*;

const LOG: &str = r#"{"type":"start_game","id":0,"names":["a","b","c","d"]}
{"type":"start_kyoku","bakaze":"E","dora_marker":"3p","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4p","5pr","6p","7s","8s","9s","E","E","P","C"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}
{"type":"tsumo","actor":0,"pai":"F"}
{"type":"dahai","actor":0,"pai":"F","tsumogiri":true}
{"type":"tsumo","actor":1,"pai":"?"}
{"type":"dahai","actor":1,"pai":"6m","tsumogiri":false}
{"type":"chi","actor":2,"target":1,"pai":"6m","consumed":["5mr","7m"]}
{"type":"pon","actor":0,"target":2,"pai":"E","consumed":["E","E"]}
{"type":"daiminkan","actor":3,"target":0,"pai":"5s","consumed":["5sr","5s","5s"]}
{"type":"kakan","actor":0,"pai":"E","consumed":["E","E","E"]}
{"type":"ankan","actor":2,"consumed":["9p","9p","9p","9p"]}
{"type":"dora","dora_marker":"N"}
{"type":"reach","actor":1}
{"type":"reach_accepted","actor":1}
{"type":"hora","actor":1,"target":3,"deltas":[0,9000,0,-8000],"ura_markers":["2s","W"]}
{"type":"hora","actor":1,"target":1,"pai":"3s"}
{"type":"ryukyoku","reason":"exhaustive_draw","deltas":[1500,-1500,1500,-1500]}
{"type":"ryukyoku"}
{"type":"none"}
{"type":"end_kyoku"}
{"type":"end_game"}
"#;

#[test]
fn a_log_round_trips_byte_for_byte() {
    let events = read_log(LOG).unwrap();
    assert_eq!(events.len(), 21);
    let written: String = events.iter().map(|e| e.to_line() + "\n").collect();
    assert_eq!(written, LOG);
    assert_eq!(
        events[6],
        Event::Chi {
            actor: 2,
            target: 1,
            pai: Pai::new(5, false).unwrap(),
            consumed: [Pai::new(4, true).unwrap(), Pai::new(6, false).unwrap()],
        }
    );
}

#[test]
fn tiles() {
    for code in 0..38u8 {
        let p = Pai(code);
        assert_eq!(Pai::from_name(p.name()), Some(p));
    }
    assert_eq!(Pai::from_name("5pr").unwrap().kind(), Some(13));
    assert!(Pai::from_name("5pr").unwrap().is_red());
    assert_eq!(Pai::from_name("P").unwrap().kind(), Some(31));
    assert_eq!(Pai::from_name("C").unwrap().kind(), Some(33));
    assert_eq!(Pai::UNKNOWN.kind(), None);
    for bad in ["0m", "5m0", "5z", "p", "", "??", "5MR", "1z"] {
        assert_eq!(Pai::from_name(bad), None, "{bad}");
    }
    assert_eq!(Pai::new(4, true), Pai::from_name("5mr"));
    assert_eq!(Pai::new(5, true), None);
    assert_eq!(Pai::new(34, false), None);
}

#[test]
fn other_writers_keys_are_read_and_dropped() {
    let cases = [
        // RiichiEnv: sorted keys, `tsumo`, `pai` of an ankan, `kyoutaku`, a ryukyoku reason.
        (
            r#"{"actor":1,"deltas":[-2600,7800,-2600,-2600],"target":1,"tsumo":true,"type":"hora","ura_markers":[]}"#,
            r#"{"type":"hora","actor":1,"target":1,"deltas":[-2600,7800,-2600,-2600],"ura_markers":[]}"#,
        ),
        (
            r#"{"actor":2,"consumed":["5p","5p","5pr","5p"],"pai":"5pr","type":"ankan"}"#,
            r#"{"type":"ankan","actor":2,"consumed":["5p","5p","5pr","5p"]}"#,
        ),
        // The original protocol: uradora_markers, yakus, reach_accepted with deltas and scores.
        (
            r#"{"type":"hora","actor":0,"target":2,"pai":"3m","uradora_markers":["1m"],"hora_tehais":["3m"],"yakus":[["reach",1]],"fu":30,"fan":1,"hora_points":1000,"deltas":[1000,0,-1000,0],"scores":[26000,25000,24000,25000]}"#,
            r#"{"type":"hora","actor":0,"target":2,"pai":"3m","deltas":[1000,0,-1000,0],"ura_markers":["1m"]}"#,
        ),
        (
            r#"{"type":"reach_accepted","actor":3,"deltas":[0,0,0,-1000],"scores":[25000,25000,25000,24000]}"#,
            r#"{"type":"reach_accepted","actor":3}"#,
        ),
        // A Mortal bot's response with its metadata.
        (
            r#"{"type":"dahai","actor":0,"pai":"9s","tsumogiri":false,"meta":{"q_values":[0.25,-1.5e-3],"mask_bits":1,"is_greedy":true}}"#,
            r#"{"type":"dahai","actor":0,"pai":"9s","tsumogiri":false}"#,
        ),
        (
            r#"{"type":"start_game","names":["\u6771","b\"","c\\","d"],"seed":[1,2]}"#,
            r#"{"type":"start_game","names":["東","b\"","c\\","d"]}"#,
        ),
        (
            r#" {"type":"end_game","scores":[1,2,3,4]} "#,
            r#"{"type":"end_game"}"#,
        ),
    ];
    for (input, canonical) in cases {
        let e = Event::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(e.to_line(), canonical);
        assert_eq!(Event::parse(canonical).unwrap(), e);
    }
}

#[test]
fn refusals_are_named() {
    let cases = [
        ("", "unexpected end of text"),
        ("{\"type\":\"dahai\"", "',' or '}' expected in an object"),
        ("[]", "an MJAI event must be a JSON object"),
        ("{}", "the key \"type\" is missing"),
        ("{\"type\":\"dance\"}", "an unknown event type"),
        ("{\"type\":\"end_kyoku\",\"x\":1}", "an unknown key"),
        (
            "{\"type\":\"none\",\"type\":\"none\"}",
            "a key appears twice in an object",
        ),
        (
            r#"{"type":"tsumo","actor":4,"pai":"1m"}"#,
            "a seat must be 0..3",
        ),
        (
            r#"{"type":"tsumo","actor":-1,"pai":"1m"}"#,
            "a seat must be 0..3",
        ),
        (
            r#"{"type":"tsumo","actor":1e0,"pai":"1m"}"#,
            "a seat must be 0..3",
        ),
        (
            r#"{"type":"tsumo","actor":"0","pai":"1m"}"#,
            "a number was expected",
        ),
        (
            r#"{"type":"tsumo","actor":0}"#,
            "the key \"pai\" is missing",
        ),
        (
            r#"{"type":"tsumo","actor":0,"pai":"0m"}"#,
            "an unknown tile name",
        ),
        (
            r#"{"type":"tsumo","actor":0,"pai":5}"#,
            "a tile name was expected",
        ),
        (
            r#"{"type":"dahai","actor":0,"pai":"?","tsumogiri":false}"#,
            "the unknown tile \"?\" where a tile must be shown",
        ),
        (
            r#"{"type":"dahai","actor":0,"pai":"1m","tsumogiri":1}"#,
            "true or false was expected",
        ),
        (
            r#"{"type":"chi","actor":1,"target":2,"pai":"3m","consumed":["1m","2m"]}"#,
            "a chi must take the discard of the seat on the left",
        ),
        (
            r#"{"type":"chi","actor":1,"target":0,"pai":"9m","consumed":["1p","2p"]}"#,
            "a chi must make a run of three in one suit",
        ),
        (
            r#"{"type":"chi","actor":1,"target":0,"pai":"8m","consumed":["9m","1p"]}"#,
            "a chi must make a run of three in one suit",
        ),
        (
            r#"{"type":"chi","actor":1,"target":0,"pai":"E","consumed":["S","W"]}"#,
            "a chi must make a run of three in one suit",
        ),
        (
            r#"{"type":"pon","actor":1,"target":1,"pai":"E","consumed":["E","E"]}"#,
            "a call from the caller itself",
        ),
        (
            r#"{"type":"pon","actor":1,"target":0,"pai":"E","consumed":["E","S"]}"#,
            "the tiles of a pon or kan must be of one kind",
        ),
        (
            r#"{"type":"pon","actor":1,"target":0,"pai":"E","consumed":["E"]}"#,
            "2 tiles were expected",
        ),
        (
            r#"{"type":"ankan","actor":1,"consumed":["E","E","E","S"]}"#,
            "the tiles of a pon or kan must be of one kind",
        ),
        (
            r#"{"type":"ankan","actor":1,"consumed":["E","E","E","E"],"pai":"S"}"#,
            "the tiles of a pon or kan must be of one kind",
        ),
        (
            r#"{"type":"hora","actor":1,"target":0,"deltas":[1,2,3]}"#,
            "4 numbers were expected (one per seat)",
        ),
        (
            r#"{"type":"hora","actor":1,"target":0,"deltas":[1,2,3,2147483648]}"#,
            "a score out of range",
        ),
        (
            r#"{"type":"hora","actor":1,"target":0,"deltas":[1,2,3,99999999999999999999999]}"#,
            "a score out of range",
        ),
        (
            r#"{"type":"hora","actor":1,"target":0,"tsumo":true}"#,
            "\"tsumo\" disagrees with actor and target",
        ),
        (
            r#"{"type":"hora","actor":1,"target":0,"ura_markers":[],"uradora_markers":[]}"#,
            "both ura_markers and uradora_markers",
        ),
        (
            r#"{"type":"hora","actor":1,"target":0,"ura_markers":["1m","1m","1m","1m","1m","1m"]}"#,
            "more than 5 ura indicators",
        ),
        (r#"{"type":"ryukyoku","reason":3}"#, "a string was expected"),
        (
            r#"{"type":"start_game","names":["a"]}"#,
            "4 names were expected",
        ),
        (
            r#"{"type":"start_kyoku","bakaze":"X","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[0,0,0,0],"tehais":[]}"#,
            "bakaze must be E, S, W or N",
        ),
        (
            r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":5,"honba":0,"kyotaku":0,"oya":0,"scores":[0,0,0,0],"tehais":[]}"#,
            "kyoku must be 1..4",
        ),
        (
            r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":256,"kyotaku":0,"oya":0,"scores":[0,0,0,0],"tehais":[]}"#,
            "a counter must be 0..255",
        ),
        (
            r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"kyoutaku":0,"oya":0,"scores":[0,0,0,0],"tehais":[]}"#,
            "both kyotaku and kyoutaku",
        ),
        (
            r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[0,0,0,0],"tehais":[[],[],[]]}"#,
            "4 starting hands were expected",
        ),
        (
            r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[0,0,0,0],"tehais":[[],[],[],[]]}"#,
            "13 tiles were expected",
        ),
    ];
    for (input, why) in cases {
        assert_eq!(Event::parse(input).map_err(|e| e.why), Err(why), "{input}");
    }
}

#[test]
fn a_log_names_its_first_bad_line() {
    let bad = LOG.replacen(
        "\"pai\":\"6m\",\"tsumogiri\"",
        "\"pai\":\"6x\",\"tsumogiri\"",
        1,
    );
    assert_eq!(
        read_log(&bad),
        Err(MjaiError {
            line: 6,
            why: "an unknown tile name"
        })
    );
    assert_eq!(read_log("").unwrap_err().line, 1);
    assert_eq!(
        read_log("{\"type\":\"none\"}\n\n{\"type\":\"none\"}")
            .unwrap_err()
            .line,
        2
    );
    assert_eq!(
        read_log("{\"type\":\"none\"}\n").unwrap(),
        vec![Event::None]
    );
    assert_eq!(
        read_log("{\"type\":\"none\"}\r\n").unwrap(),
        vec![Event::None]
    );
    assert_eq!(
        read_log("{\"type\":\"none\"}\n{\"type\":\"none\"}\n\n").unwrap_err(),
        MjaiError {
            line: 3,
            why: "unexpected end of text"
        }
    );
}

#[test]
fn masking_hides_other_seats_draws_and_starting_hands_only() {
    let events = read_log(LOG).unwrap();
    let full: Vec<Event> = events
        .iter()
        .map(|e| match e {
            Event::StartKyoku { .. } => {
                let mut e = e.clone();
                if let Event::StartKyoku { tehais, .. } = &mut e {
                    for h in tehais.iter_mut() {
                        *h = [Pai::new(0, false).unwrap(); 13];
                    }
                }
                e
            }
            Event::Tsumo { actor, .. } => Event::Tsumo {
                actor: *actor,
                pai: Pai::new(9, false).unwrap(),
            },
            e => e.clone(),
        })
        .collect();
    for seat in 0..4u8 {
        for (e, m) in full.iter().map(|e| (e, e.masked_for(seat))) {
            match (&e, &m) {
                (Event::StartKyoku { tehais: a, .. }, Event::StartKyoku { tehais: b, .. }) => {
                    for s in 0..4 {
                        assert_eq!(b[s] == a[s], s == usize::from(seat));
                        assert_eq!(b[s] == [Pai::UNKNOWN; 13], s != usize::from(seat));
                    }
                }
                (Event::Tsumo { actor, pai: a }, Event::Tsumo { pai: b, .. }) => {
                    assert_eq!(b == a, *actor == seat);
                    assert_eq!(b.is_unknown(), *actor != seat);
                }
                (Event::StartGame { .. }, Event::StartGame { id, .. }) => {
                    assert_eq!(*id, Some(seat))
                }
                _ => assert_eq!(e, &m),
            }
        }
    }
}

/// Lines of the log with a few bytes changed, inserted or removed (and random JSON-ish
/// bytes): the reader never panics, and what it accepts writes back to a line it reads as the
/// same event.
#[test]
fn mutated_lines_never_panic_and_accepted_ones_round_trip() {
    let mut state = 0x28u64;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let lines: Vec<&str> = LOG.lines().collect();
    let alphabet = b"{}[],:\"\\ 0123456789-.eE?rmpsESWNPFCtyaehu_\x7f";
    let (mut accepted, mut refused) = (0u32, 0u32);
    for _ in 0..200_000 {
        let mut b = lines[(next() % lines.len() as u64) as usize]
            .as_bytes()
            .to_vec();
        for _ in 0..1 + next() % 3 {
            let at = (next() % (b.len() as u64 + 1)) as usize;
            let c = alphabet[(next() % alphabet.len() as u64) as usize];
            match next() % 3 {
                0 if at < b.len() => b[at] = c,
                1 if at < b.len() => {
                    b.remove(at);
                }
                _ => b.insert(at, c),
            }
        }
        let Ok(text) = String::from_utf8(b) else {
            continue;
        };
        match Event::parse(&text) {
            Ok(e) => {
                assert_eq!(Event::parse(&e.to_line()), Ok(e), "{text}");
                accepted += 1;
            }
            Err(err) => {
                assert!(!err.why.is_empty());
                refused += 1;
            }
        }
    }
    assert!(
        accepted > 1_000 && refused > 100_000,
        "{accepted} {refused}"
    );
}
