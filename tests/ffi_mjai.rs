//! C ABI of MJAI lines: `mj_mjai_parse` and `mj_mjai_format`, every status they document
//! (outputs untouched on error), the fields of every kind, and round trips.

use mjkit::ffi::*;
use std::ffi::CStr;

fn parse(line: &[u8]) -> (MjStatus, MjMjaiEvent) {
    // Every byte of the output is a sentinel until the call writes it.
    // SAFETY: MjMjaiEvent is plain old data; any byte pattern is a value.
    let mut out: MjMjaiEvent =
        unsafe { std::mem::transmute([0xA5u8; std::mem::size_of::<MjMjaiEvent>()]) };
    // SAFETY: `line` is readable for its length; `out` is writable.
    let s = unsafe { mj_mjai_parse(line.as_ptr(), line.len(), &mut out) };
    (s, out)
}

fn sentinel() -> MjMjaiEvent {
    // SAFETY: as above.
    unsafe { std::mem::transmute([0xA5u8; std::mem::size_of::<MjMjaiEvent>()]) }
}

fn format(e: &MjMjaiEvent, cap: usize) -> (MjStatus, String, usize) {
    let mut buf = vec![0xA5u8; cap];
    let mut len = usize::MAX;
    // SAFETY: `buf` is writable for `cap` bytes, `len` writable.
    let s = unsafe { mj_mjai_format(e, buf.as_mut_ptr(), cap, &mut len) };
    let text = if s == MjStatus::Ok {
        CStr::from_bytes_until_nul(&buf)
            .unwrap()
            .to_str()
            .unwrap()
            .to_string()
    } else {
        assert!(
            buf.iter().all(|&b| b == 0xA5),
            "the buffer was written on status {s:?}"
        );
        String::new()
    };
    (s, text, len)
}

/// A line and the check of the struct it reads into.
type Case = (&'static str, fn(&MjMjaiEvent));

#[test]
fn every_kind_reads_into_its_fields_and_writes_back() {
    let cases: &[Case] = &[
        (r#"{"type":"none"}"#, |e| assert_eq!(e.kind, MJ_MJAI_NONE)),
        (r#"{"type":"start_game","id":2}"#, |e| {
            assert_eq!((e.kind, e.id, e.flags), (MJ_MJAI_START_GAME, 2, 0));
        }),
        (
            r#"{"type":"start_kyoku","bakaze":"S","dora_marker":"5pr","kyoku":3,"honba":2,"kyotaku":1,"oya":2,"scores":[24000,26000,25000,25000],"tehais":[["1m","2m","3m","4m","5mr","6m","7m","8m","9m","E","S","W","N"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["P","F","C","1p","9p","1s","9s","5m","5m","5m","5s","5sr","5p"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}"#,
            |e| {
                assert_eq!(
                    (e.kind, e.bakaze, e.kyoku, e.honba, e.kyotaku, e.oya),
                    (MJ_MJAI_START_KYOKU, 1, 3, 2, 1, 2)
                );
                assert_eq!(e.scores, [24000, 26000, 25000, 25000]);
                assert_eq!(e.dora_marker, 43);
                assert_eq!(
                    &e.tehais[..13],
                    &[0, 1, 2, 3, 42, 5, 6, 7, 8, 27, 28, 29, 30]
                );
                assert_eq!(&e.tehais[13..26], &[MJ_HIDDEN_TILE; 13]);
                assert_eq!(
                    &e.tehais[26..39],
                    &[31, 32, 33, 9, 17, 18, 26, 4, 4, 4, 22, 44, 13]
                );
                assert_eq!((e.actor, e.pai), (MJ_NO_SEAT, MJ_NO_TILE));
            },
        ),
        (r#"{"type":"tsumo","actor":1,"pai":"?"}"#, |e| {
            assert_eq!((e.kind, e.actor, e.pai), (MJ_MJAI_TSUMO, 1, MJ_HIDDEN_TILE));
        }),
        (
            r#"{"type":"dahai","actor":3,"pai":"C","tsumogiri":true}"#,
            |e| {
                assert_eq!(
                    (e.kind, e.actor, e.pai, e.tsumogiri),
                    (MJ_MJAI_DAHAI, 3, 33, 1)
                );
            },
        ),
        (
            r#"{"type":"chi","actor":0,"target":3,"pai":"4s","consumed":["5sr","6s"]}"#,
            |e| {
                assert_eq!(
                    (e.kind, e.actor, e.target, e.pai, e.consumed_count),
                    (MJ_MJAI_CHI, 0, 3, 21, 2)
                );
                assert_eq!(e.consumed, [44, 23, MJ_NO_TILE, MJ_NO_TILE]);
            },
        ),
        (
            r#"{"type":"pon","actor":2,"target":0,"pai":"E","consumed":["E","E"]}"#,
            |e| {
                assert_eq!((e.kind, e.target, e.consumed_count), (MJ_MJAI_PON, 0, 2));
            },
        ),
        (
            r#"{"type":"daiminkan","actor":2,"target":1,"pai":"5m","consumed":["5mr","5m","5m"]}"#,
            |e| {
                assert_eq!(
                    (e.kind, e.consumed_count, e.consumed),
                    (MJ_MJAI_DAIMINKAN, 3, [42, 4, 4, MJ_NO_TILE])
                );
            },
        ),
        (
            r#"{"type":"kakan","actor":2,"pai":"N","consumed":["N","N","N"]}"#,
            |e| {
                assert_eq!((e.kind, e.pai, e.consumed_count), (MJ_MJAI_KAKAN, 30, 3));
            },
        ),
        (
            r#"{"type":"ankan","actor":1,"consumed":["9p","9p","9p","9p"]}"#,
            |e| {
                assert_eq!(
                    (e.kind, e.consumed, e.consumed_count),
                    (MJ_MJAI_ANKAN, [17; 4], 4)
                );
            },
        ),
        (r#"{"type":"dora","dora_marker":"9s"}"#, |e| {
            assert_eq!((e.kind, e.dora_marker), (MJ_MJAI_DORA, 26))
        }),
        (r#"{"type":"reach","actor":0}"#, |e| {
            assert_eq!((e.kind, e.actor), (MJ_MJAI_REACH, 0))
        }),
        (r#"{"type":"reach_accepted","actor":0}"#, |e| {
            assert_eq!(e.kind, MJ_MJAI_REACH_ACCEPTED)
        }),
        (
            r#"{"type":"hora","actor":1,"target":0,"deltas":[-8000,9300,0,0],"ura_markers":["3m"]}"#,
            |e| {
                assert_eq!(
                    (e.kind, e.actor, e.target, e.pai),
                    (MJ_MJAI_HORA, 1, 0, MJ_NO_TILE)
                );
                assert_eq!(e.flags, MJ_MJAI_HAS_DELTAS | MJ_MJAI_HAS_URA);
                assert_eq!(
                    (e.deltas, e.ura_count, e.ura_markers[0]),
                    ([-8000, 9300, 0, 0], 1, 2)
                );
            },
        ),
        (r#"{"type":"hora","actor":1,"target":1,"pai":"3m"}"#, |e| {
            assert_eq!((e.flags, e.pai, e.ura_count), (0, 2, 0));
        }),
        (
            r#"{"type":"ryukyoku","reason":"sanchaho","deltas":[0,0,0,0]}"#,
            |e| {
                assert_eq!(
                    (e.kind, e.reason, e.flags),
                    (
                        MJ_MJAI_RYUKYOKU,
                        MJ_MJAI_REASON_THREE_RONS,
                        MJ_MJAI_HAS_DELTAS
                    )
                );
            },
        ),
        (r#"{"type":"end_kyoku"}"#, |e| {
            assert_eq!(e.kind, MJ_MJAI_END_KYOKU)
        }),
        (r#"{"type":"end_game"}"#, |e| {
            assert_eq!(e.kind, MJ_MJAI_END_GAME)
        }),
    ];
    for (line, check) in cases {
        let (s, e) = parse(line.as_bytes());
        assert_eq!(s, MjStatus::Ok, "{line}");
        check(&e);
        let (s, text, len) = format(&e, MJ_MJAI_BUF_LEN);
        assert_eq!((s, text.as_str(), len), (MjStatus::Ok, *line, line.len()));
        let (_, again) = parse(text.as_bytes());
        assert_eq!(again, e);
    }
}

#[test]
fn parse_refusals_leave_the_output_untouched() {
    for line in [
        &b""[..],
        b"{\"type\":\"dahai\",\"actor\":0,\"pai\":\"1m\",\"tsumogiri\":false",
        b"{\"type\":\"dahai\",\"actor\":4,\"pai\":\"1m\",\"tsumogiri\":false}",
        b"{\"type\":\"dahai\",\"actor\":0,\"pai\":\"1x\",\"tsumogiri\":false}",
        b"{\"type\":\"dahai\",\"actor\":0,\"pai\":\"1m\",\"tsumogiri\":false,\"tsumogiri\":true}",
        b"{\"type\":\"tsumo\",\"actor\":99999999999999999999999999,\"pai\":\"1m\"}",
        b"{\"type\":\"pon\",\"actor\":0,\"target\":1,\"pai\":\"1m\",\"consumed\":[\"1m\",\"2m\"]}",
        b"{\"type\":\"none\",\"why\":\"\xff\"}",
    ] {
        let (s, out) = parse(line);
        assert_eq!(s, MjStatus::BadMjai, "{}", String::from_utf8_lossy(line));
        assert_eq!(out, sentinel());
    }
    let mut out = sentinel();
    // SAFETY: NULL text with a length is refused before any read; `out` is writable.
    assert_eq!(
        unsafe { mj_mjai_parse(std::ptr::null(), 3, &mut out) },
        MjStatus::NullPointer
    );
    assert_eq!(out, sentinel());
    let line = b"{\"type\":\"none\"}";
    // SAFETY: `line` readable; NULL out is refused.
    assert_eq!(
        unsafe { mj_mjai_parse(line.as_ptr(), line.len(), std::ptr::null_mut()) },
        MjStatus::NullPointer
    );
    // A NULL text of length 0 is the empty text.
    // SAFETY: nothing is read.
    assert_eq!(
        unsafe { mj_mjai_parse(std::ptr::null(), 0, &mut out) },
        MjStatus::BadMjai
    );
}

#[test]
fn format_refusals() {
    let (_, good) =
        parse(br#"{"type":"chi","actor":1,"target":0,"pai":"3m","consumed":["1m","2m"]}"#);
    let bad = |f: fn(&mut MjMjaiEvent)| {
        let mut e = good;
        f(&mut e);
        let (s, _, len) = format(&e, MJ_MJAI_BUF_LEN);
        assert_eq!((s, len), (MjStatus::InvalidArgument, usize::MAX));
    };
    bad(|e| e.kind = 17);
    bad(|e| e.actor = 4);
    bad(|e| e.target = 2); // not the seat on the left
    bad(|e| e.consumed[1] = 5); // not a run
    bad(|e| e.consumed_count = 3);
    bad(|e| e.pai = 34); // a flower code: not an MJAI tile
    bad(|e| e.pai = MJ_HIDDEN_TILE); // a call shows its tile
    bad(|e| e.flags = 8);
    let (_, kyoku) = parse(
        br#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[0,0,0,0],"tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}"#,
    );
    for f in [
        (|e: &mut MjMjaiEvent| e.kyoku = 5) as fn(&mut MjMjaiEvent),
        |e| e.bakaze = 4,
        |e| e.oya = 4,
        |e| e.tehais[51] = 200,
        |e| e.dora_marker = MJ_HIDDEN_TILE,
    ] {
        let mut e = kyoku;
        f(&mut e);
        assert_eq!(format(&e, MJ_MJAI_BUF_LEN).0, MjStatus::InvalidArgument);
    }
    let (_, ryu) = parse(br#"{"type":"ryukyoku"}"#);
    let mut e = ryu;
    e.reason = 9;
    assert_eq!(format(&e, MJ_MJAI_BUF_LEN).0, MjStatus::InvalidArgument);
    let (_, hora) = parse(br#"{"type":"hora","actor":1,"target":0,"ura_markers":[]}"#);
    let mut e = hora;
    e.ura_count = 6;
    assert_eq!(format(&e, MJ_MJAI_BUF_LEN).0, MjStatus::InvalidArgument);
    // Fields a kind does not use are ignored.
    let mut e = good;
    e.tehais = [7; 52];
    e.scores = [1, 2, 3, 4];
    assert_eq!(format(&e, MJ_MJAI_BUF_LEN).0, MjStatus::Ok);

    // Too small: nothing written but the length.
    let want = r#"{"type":"chi","actor":1,"target":0,"pai":"3m","consumed":["1m","2m"]}"#;
    for cap in [0, 1, want.len()] {
        let (s, _, len) = format(&good, cap);
        assert_eq!((s, len), (MjStatus::BufferTooSmall, want.len()));
    }
    assert_eq!(format(&good, want.len() + 1).1, want);

    let mut buf = [0u8; 8];
    let mut len = 0usize;
    // SAFETY: each call passes one NULL and otherwise valid pointers.
    unsafe {
        assert_eq!(
            mj_mjai_format(std::ptr::null(), buf.as_mut_ptr(), 8, &mut len),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_mjai_format(&good, std::ptr::null_mut(), 8, &mut len),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_mjai_format(&good, buf.as_mut_ptr(), 8, std::ptr::null_mut()),
            MjStatus::NullPointer
        );
    }
    assert_eq!(len, 0);
    // SAFETY: a static NUL-terminated string.
    let text = unsafe { CStr::from_ptr(mj_status_str(MjStatus::BadMjai as i32)) };
    assert_eq!(
        text.to_str().unwrap(),
        "not a valid MJAI line, or a log the referee refuses"
    );
}
