//! Names through the C ABI: tiles, flowers (with the rules' 竹 / 菊), winds, seats (by number,
//! relative, by wind), rounds, actions, meld kinds, reasons, tai patterns and event lines, in
//! English, Traditional and Simplified Chinese; one signature style (`char *buf, size_t
//! buf_len, size_t *out_len`, as `mj_format`); every error class with nothing written.

use mjkit::ffi::*;
use mjkit::table::event::{ACTION_KINDS, EVENT_KINDS, MELD_KINDS, REASONS};
use std::ffi::c_char;
use std::ptr::{null, null_mut};

fn blank() -> MjEvent {
    MjEvent {
        index: 0,
        value: 0,
        seed: 0,
        scores: [0; 4],
        counters: [0; MJ_MAX_COUNTERS],
        flags: 0,
        kind: 0,
        seat: MJ_NO_SEAT,
        from: MJ_NO_SEAT,
        tile: MJ_NO_TILE,
        action: MJ_NO_KIND,
        meld: MJ_NO_KIND,
        reason: 0,
        count: 0,
        tiles: [MJ_NO_TILE; MJ_MAX_EVENT_TILES],
    }
}

/// Calls a name function with a full buffer: the text, its length checked against `out_len`.
fn name(f: impl Fn(*mut c_char, usize, *mut usize) -> MjStatus) -> Result<String, MjStatus> {
    let mut buf = [0x55 as c_char; MJ_TEXT_BUF_LEN];
    let mut len = 777usize;
    match f(buf.as_mut_ptr(), buf.len(), &mut len) {
        MjStatus::Ok => {
            let bytes: Vec<u8> = buf.iter().map(|&c| c as u8).collect();
            let end = bytes.iter().position(|&b| b == 0).unwrap();
            assert_eq!(end, len, "out_len is the length without the NUL");
            Ok(String::from_utf8(bytes[..end].to_vec()).unwrap())
        }
        s => {
            assert_eq!(len, 777, "out_len untouched on error");
            assert!(buf.iter().all(|&c| c == 0x55), "buf untouched on error");
            Err(s)
        }
    }
}

/// The error classes every name function shares: NULL `buf`, NULL `out_len`, a buffer one byte
/// short of the text and its NUL, an unknown language.
fn common_errors(what: &str, f: impl Fn(u32, *mut c_char, usize, *mut usize) -> MjStatus) {
    let n = name(|b, c, l| f(MJ_LANG_ENGLISH, b, c, l)).unwrap_or_else(|s| panic!("{what}: {s:?}"));
    let mut len = 0usize;
    assert_eq!(
        f(0, null_mut(), 64, &mut len),
        MjStatus::NullPointer,
        "{what}"
    );
    let mut buf = vec![0 as c_char; n.len() + 1];
    assert_eq!(
        f(0, buf.as_mut_ptr(), buf.len(), null_mut()),
        MjStatus::NullPointer,
        "{what}"
    );
    assert_eq!(
        f(0, buf.as_mut_ptr(), n.len(), &mut len),
        MjStatus::BufferTooSmall,
        "{what}"
    );
    assert_eq!(
        f(0, buf.as_mut_ptr(), buf.len(), &mut len),
        MjStatus::Ok,
        "{what}"
    );
    assert_eq!(len, n.len());
    assert_eq!(
        name(|b, c, l| f(3, b, c, l)),
        Err(MjStatus::InvalidArgument),
        "{what}"
    );
}

#[test]
fn tiles_winds_actions_melds_reasons_patterns_in_three_languages() {
    let tile = |t, s, lang| name(|b, c, l| unsafe { mj_tile_name(t, s, lang, b, c, l) });
    assert_eq!(
        tile(4, MJ_TILE_STYLE_NOTATION, MJ_LANG_SIMPLIFIED).unwrap(),
        "5m"
    );
    assert_eq!(
        tile(4, MJ_TILE_STYLE_WORDS, MJ_LANG_ENGLISH).unwrap(),
        "Five of Characters"
    );
    assert_eq!(
        tile(4, MJ_TILE_STYLE_WORDS, MJ_LANG_TRADITIONAL).unwrap(),
        "五萬"
    );
    assert_eq!(
        tile(4, MJ_TILE_STYLE_WORDS, MJ_LANG_SIMPLIFIED).unwrap(),
        "五万"
    );
    assert_eq!(
        tile(4, MJ_TILE_STYLE_UNICODE, MJ_LANG_ENGLISH).unwrap(),
        "🀋"
    );
    assert_eq!(
        tile(32, MJ_TILE_STYLE_WORDS, MJ_LANG_SIMPLIFIED).unwrap(),
        "青发"
    );
    assert_eq!(tile(42, 0, 0).unwrap(), "0m");
    assert_eq!(
        tile(44, MJ_TILE_STYLE_WORDS, MJ_LANG_ENGLISH).unwrap(),
        "Red Five of Bamboo"
    );
    assert_eq!(
        tile(43, MJ_TILE_STYLE_WORDS, MJ_LANG_SIMPLIFIED).unwrap(),
        "赤五筒"
    );
    assert_eq!(tile(45, 0, 0), Err(MjStatus::InvalidArgument));
    assert_eq!(tile(MJ_HIDDEN_TILE, 0, 0), Err(MjStatus::InvalidArgument));
    assert_eq!(tile(0, 3, 0), Err(MjStatus::InvalidArgument));
    for t in 0..45u8 {
        for s in 0..3 {
            for lang in 0..3 {
                assert!(tile(t, s, lang).unwrap().len() < MJ_NAME_BUF_LEN);
            }
        }
    }
    common_errors("mj_tile_name", |lang, b, c, l| unsafe {
        mj_tile_name(9, MJ_TILE_STYLE_WORDS, lang, b, c, l)
    });
    let wind = |w, lang| name(|b, c, l| unsafe { mj_wind_name(w, lang, b, c, l) });
    assert_eq!(wind(0, MJ_LANG_SIMPLIFIED).unwrap(), "东");
    assert_eq!(wind(1, MJ_LANG_TRADITIONAL).unwrap(), "南");
    assert_eq!(wind(4, 0), Err(MjStatus::InvalidArgument));
    common_errors("mj_wind_name", |lang, b, c, l| unsafe {
        mj_wind_name(2, lang, b, c, l)
    });
    let action = |a, lang| name(|b, c, l| unsafe { mj_action_name(a, lang, b, c, l) });
    assert_eq!(
        action(MJ_ACTION_EXPOSED_KONG, MJ_LANG_SIMPLIFIED).unwrap(),
        "明杠"
    );
    assert_eq!(
        action(ACTION_KINDS.len() as u8, 0),
        Err(MjStatus::InvalidArgument)
    );
    common_errors("mj_action_name", |lang, b, c, l| unsafe {
        mj_action_name(2, lang, b, c, l)
    });
    let meld = |m, lang| name(|b, c, l| unsafe { mj_meld_name(m, lang, b, c, l) });
    assert_eq!(
        meld(MJ_MELD_CONCEALED_KONG, MJ_LANG_TRADITIONAL).unwrap(),
        "暗槓"
    );
    assert_eq!(
        meld(MELD_KINDS.len() as u8, 0),
        Err(MjStatus::InvalidArgument)
    );
    common_errors("mj_meld_name", |lang, b, c, l| unsafe {
        mj_meld_name(1, lang, b, c, l)
    });
    let reason = |r, lang| name(|b, c, l| unsafe { mj_reason_name(r, lang, b, c, l) });
    assert_eq!(
        reason(MJ_REASON_DEALT_IN, MJ_LANG_TRADITIONAL).unwrap(),
        "放槍"
    );
    assert_eq!(
        reason(MJ_REASON_DEALT_IN, MJ_LANG_SIMPLIFIED).unwrap(),
        "放枪"
    );
    assert_eq!(
        reason(MJ_REASON_SELF_DRAW_PAID, MJ_LANG_ENGLISH).unwrap(),
        "paid a self-draw"
    );
    assert_eq!(
        reason(REASONS.len() as u8, 0),
        Err(MjStatus::InvalidArgument)
    );
    common_errors("mj_reason_name", |lang, b, c, l| unsafe {
        mj_reason_name(5, lang, b, c, l)
    });
    let pattern = |p, lang| name(|b, c, l| unsafe { mj_tai_pattern_name(p, lang, b, c, l) });
    assert_eq!(pattern(0, 0), Err(MjStatus::InvalidArgument));
    assert_eq!(pattern(39, 0), Err(MjStatus::InvalidArgument));
    for id in 1..=38u8 {
        for lang in 0..3 {
            assert!(!pattern(id, lang).unwrap().is_empty());
        }
    }
    common_errors("mj_tai_pattern_name", |lang, b, c, l| unsafe {
        mj_tai_pattern_name(7, lang, b, c, l)
    });
}

#[test]
fn flowers_follow_the_rules() {
    let atawmj = mj_rules_default();
    let mut common = atawmj;
    assert_eq!(
        unsafe { mj_tai_rules_preset(MJ_TAI_PRESET_COMMON, &mut common.tai) },
        MjStatus::Ok
    );
    let flower = |f, r: &MjRules, lang, w: *mut u8| {
        name(|b, c, l| unsafe { mj_flower_name(f, r, lang, b, c, l, w) })
    };
    let mut wind = 9u8;
    assert_eq!(
        flower(7, &atawmj, MJ_LANG_TRADITIONAL, &mut wind).unwrap(),
        "菊"
    );
    assert_eq!(wind, 3, "ATAWMJ: 菊 is North's");
    assert_eq!(
        flower(7, &common, MJ_LANG_SIMPLIFIED, &mut wind).unwrap(),
        "菊"
    );
    assert_eq!(wind, 2, "the common game: 菊 is West's");
    assert_eq!(
        flower(6, &common, MJ_LANG_ENGLISH, &mut wind).unwrap(),
        "Bamboo"
    );
    assert_eq!(wind, 3);
    assert_eq!(
        flower(5, &common, MJ_LANG_SIMPLIFIED, null_mut()).unwrap(),
        "兰"
    );
    assert_eq!(
        flower(8, &atawmj, 0, &mut wind),
        Err(MjStatus::InvalidArgument)
    );
    let mut bad = atawmj;
    bad.variant = 9;
    assert_eq!(
        flower(0, &bad, 0, &mut wind),
        Err(MjStatus::InvalidArgument)
    );
    assert_eq!(wind, 3, "untouched on error");
    assert_eq!(
        name(|b, c, l| unsafe { mj_flower_name(0, null(), 0, b, c, l, null_mut()) }),
        Err(MjStatus::NullPointer)
    );
    common_errors("mj_flower_name", |lang, b, c, l| unsafe {
        mj_flower_name(3, &atawmj, lang, b, c, l, null_mut())
    });
}

#[test]
fn seats_and_rounds() {
    let ctx = |reader, style| MjNameContext {
        reader,
        dealer: 2,
        seat_style: style,
        ..mj_name_context_default()
    };
    let seat =
        |s, c: &MjNameContext, lang| name(|b, n, l| unsafe { mj_seat_name(s, c, lang, b, n, l) });
    let mine = ctx(0, MJ_SEAT_STYLE_RELATIVE);
    let rel: Vec<String> = (0..4)
        .map(|s| seat(s, &mine, MJ_LANG_TRADITIONAL).unwrap())
        .collect();
    assert_eq!(rel, ["你", "下家", "對家", "上家"]);
    assert_eq!(seat(2, &mine, MJ_LANG_SIMPLIFIED).unwrap(), "对家");
    assert_eq!(seat(1, &mine, MJ_LANG_ENGLISH).unwrap(), "Right");
    let winds = ctx(MJ_READER_SPECTATOR, MJ_SEAT_STYLE_WIND);
    assert_eq!(seat(2, &winds, MJ_LANG_TRADITIONAL).unwrap(), "東家");
    assert_eq!(seat(1, &winds, MJ_LANG_SIMPLIFIED).unwrap(), "北家");
    assert_eq!(
        name(|b, n, l| unsafe { mj_seat_name(3, null(), MJ_LANG_ENGLISH, b, n, l) }).unwrap(),
        "seat 3"
    );
    assert_eq!(seat(4, &mine, 0), Err(MjStatus::InvalidArgument));
    for bad in [
        MjNameContext { reader: 6, ..mine },
        MjNameContext { dealer: 4, ..mine },
        MjNameContext {
            seat_style: 3,
            ..mine
        },
        MjNameContext {
            tile_style: 3,
            ..mine
        },
    ] {
        assert_eq!(seat(0, &bad, 0), Err(MjStatus::InvalidArgument), "{bad:?}");
    }
    common_errors("mj_seat_name", |lang, b, c, l| unsafe {
        mj_seat_name(1, &mine, lang, b, c, l)
    });
    let round = |p, d, f, lang| name(|b, c, l| unsafe { mj_round_name(p, d, f, lang, b, c, l) });
    assert_eq!(round(0, 1, 1, MJ_LANG_TRADITIONAL).unwrap(), "東風東局");
    assert_eq!(round(1, 2, 1, MJ_LANG_SIMPLIFIED).unwrap(), "南风南局");
    assert_eq!(round(2, 0, 1, MJ_LANG_ENGLISH).unwrap(), "West 4");
    assert_eq!(round(4, 0, 0, 0), Err(MjStatus::InvalidArgument));
    assert_eq!(round(0, 4, 0, 0), Err(MjStatus::InvalidArgument));
    common_errors("mj_round_name", |lang, b, c, l| unsafe {
        mj_round_name(0, 0, 0, lang, b, c, l)
    });
}

#[test]
fn event_lines_name_seats_as_the_reader_does() {
    let text = |e: &MjEvent, c: *const MjNameContext, lang| {
        name(|b, n, l| unsafe { mj_event_text(e, c, lang, b, n, l) })
    };
    let discard = MjEvent {
        index: 37,
        kind: MJ_EVENT_DISCARD,
        seat: 1,
        tile: 13,
        flags: MJ_FLAG_DRAWN,
        ..blank()
    };
    assert_eq!(
        text(&discard, null(), MJ_LANG_ENGLISH).unwrap(),
        "seat 1 discards Five of Dots (just drawn)"
    );
    assert_eq!(
        text(&discard, null(), MJ_LANG_TRADITIONAL).unwrap(),
        "1號位摸打 五筒"
    );
    let mine = MjNameContext {
        reader: 1,
        seat_style: MJ_SEAT_STYLE_RELATIVE,
        tile_style: MJ_TILE_STYLE_NOTATION,
        ..mj_name_context_default()
    };
    assert_eq!(
        text(&discard, &mine, MJ_LANG_ENGLISH).unwrap(),
        "you discard 5p (just drawn)"
    );
    let theirs = MjNameContext { reader: 2, ..mine };
    assert_eq!(
        text(&discard, &theirs, MJ_LANG_SIMPLIFIED).unwrap(),
        "上家摸打 5p"
    );
    let start = MjEvent {
        kind: MJ_EVENT_HAND_START,
        seat: 3,
        from: 3,
        tile: 1,
        value: 9,
        counters: [1, 0, 0, 0],
        ..blank()
    };
    assert_eq!(
        text(&start, null(), MJ_LANG_TRADITIONAL).unwrap(),
        "南風東局 第9局，3號位做莊，連1"
    );
    // Every kind with the longest fields fits MJ_TEXT_BUF_LEN in every language.
    for kind in 0..EVENT_KINDS.len() as u8 {
        for lang in 0..3 {
            for tiles in [MJ_HIDDEN_TILE, 6, 34] {
                let worst = MjEvent {
                    index: u64::MAX,
                    value: i64::MIN,
                    seed: u64::MAX,
                    scores: [i64::MIN; 4],
                    counters: [u32::MAX; MJ_MAX_COUNTERS],
                    kind,
                    seat: 3,
                    from: 2,
                    tile: tiles,
                    action: MJ_ACTION_ROB_FLOWER,
                    meld: MJ_MELD_CONCEALED_KONG,
                    reason: MJ_REASON_LOST_TO_PUNG,
                    flags: MJ_FLAG_SEVEN_ROB_ONE | MJ_FLAG_REPLACEMENT | MJ_FLAG_DRAWN,
                    count: MJ_MAX_EVENT_TILES as u8,
                    tiles: [tiles; MJ_MAX_EVENT_TILES],
                };
                let t = text(&worst, &mine, lang).unwrap();
                assert!(t.len() < MJ_TEXT_BUF_LEN, "{t}");
            }
        }
    }
    for bad in [
        MjEvent {
            kind: EVENT_KINDS.len() as u8,
            ..discard
        },
        MjEvent {
            action: ACTION_KINDS.len() as u8,
            ..discard
        },
        MjEvent {
            meld: MELD_KINDS.len() as u8,
            ..discard
        },
        MjEvent {
            reason: REASONS.len() as u8,
            ..discard
        },
        MjEvent {
            count: 18,
            ..discard
        },
        MjEvent {
            flags: MJ_FLAG_IPPATSU << 1, // the first unknown flag bit
            ..discard
        },
    ] {
        assert_eq!(text(&bad, null(), 0), Err(MjStatus::InvalidArgument));
    }
    let bad_ctx = MjNameContext {
        seat_style: 7,
        ..mine
    };
    assert_eq!(text(&discard, &bad_ctx, 0), Err(MjStatus::InvalidArgument));
    assert_eq!(
        name(|b, n, l| unsafe { mj_event_text(null(), null(), 0, b, n, l) }),
        Err(MjStatus::NullPointer)
    );
    common_errors("mj_event_text", |lang, b, c, l| unsafe {
        mj_event_text(&discard, &mine, lang, b, c, l)
    });
}
