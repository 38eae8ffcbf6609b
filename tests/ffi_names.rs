//! Names through the C ABI: tiles, flowers, winds, actions, meld kinds and event lines.

use mjkit::ffi::*;
use mjkit::table::event::{ACTION_KINDS, EVENT_KINDS, MELD_KINDS, REASONS};
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
        seat: 0,
        from: 0,
        tile: 0,
        action: 0,
        meld: 0,
        reason: 0,
        count: 0,
        tiles: [0; MJ_MAX_EVENT_TILES],
    }
}

fn name(f: impl Fn(*mut u8, usize) -> MjStatus) -> Result<String, MjStatus> {
    let mut buf = [0xAAu8; MJ_TEXT_BUF_LEN];
    match f(buf.as_mut_ptr(), buf.len()) {
        MjStatus::Ok => {
            let end = buf.iter().position(|&b| b == 0).unwrap();
            Ok(String::from_utf8(buf[..end].to_vec()).unwrap())
        }
        s => Err(s),
    }
}

#[test]
fn names_of_tiles_flowers_winds_actions_melds_and_events() {
    let tile = |t, s| name(|b, c| unsafe { mj_tile_name(t, s, b, c) });
    assert_eq!(tile(4, MJ_TILE_STYLE_NOTATION).unwrap(), "5m");
    assert_eq!(
        tile(4, MJ_TILE_STYLE_ENGLISH).unwrap(),
        "Five of Characters"
    );
    assert_eq!(tile(4, MJ_TILE_STYLE_CHINESE).unwrap(), "五萬");
    assert_eq!(tile(4, MJ_TILE_STYLE_UNICODE).unwrap(), "🀋");
    assert_eq!(tile(38, MJ_TILE_STYLE_CHINESE).unwrap(), "梅");
    assert_eq!(tile(42, 0).unwrap(), "0m");
    assert_eq!(
        tile(44, MJ_TILE_STYLE_ENGLISH).unwrap(),
        "Red Five of Bamboo"
    );
    assert_eq!(tile(45, 0), Err(MjStatus::InvalidArgument));
    assert_eq!(tile(MJ_HIDDEN_TILE, 0), Err(MjStatus::InvalidArgument));
    assert_eq!(tile(0, 4), Err(MjStatus::InvalidArgument));
    // Every name fits MJ_NAME_BUF_LEN; one byte less than name + NUL is too small.
    for t in 0..45u8 {
        for s in 0..4 {
            let n = tile(t, s).unwrap();
            assert!(n.len() < MJ_NAME_BUF_LEN);
            let mut buf = vec![0u8; n.len()];
            assert_eq!(
                unsafe { mj_tile_name(t, s, buf.as_mut_ptr(), buf.len()) },
                MjStatus::BufferTooSmall
            );
        }
    }
    assert_eq!(
        unsafe { mj_tile_name(0, 0, null_mut(), 8) },
        MjStatus::NullPointer
    );
    let mut wind = 9u8;
    let flower = |f, l, w: *mut u8| name(|b, c| unsafe { mj_flower_name(f, l, b, c, w) });
    assert_eq!(flower(7, MJ_LANG_CHINESE, &mut wind).unwrap(), "菊");
    assert_eq!(wind, 3);
    assert_eq!(flower(1, MJ_LANG_ENGLISH, null_mut()).unwrap(), "Summer");
    assert_eq!(flower(8, 0, &mut wind), Err(MjStatus::InvalidArgument));
    assert_eq!(flower(0, 2, &mut wind), Err(MjStatus::InvalidArgument));
    assert_eq!(wind, 3, "untouched on error");
    let w = |x, l| name(|b, c| unsafe { mj_wind_name(x, l, b, c) });
    assert_eq!(w(1, MJ_LANG_CHINESE).unwrap(), "南");
    assert_eq!(w(4, 0), Err(MjStatus::InvalidArgument));
    let a = |x, l| name(|b, c| unsafe { mj_action_name(x, l, b, c) });
    assert_eq!(a(MJ_ACTION_CHOW, MJ_LANG_CHINESE).unwrap(), "吃");
    assert_eq!(
        a(ACTION_KINDS.len() as u8, 0),
        Err(MjStatus::InvalidArgument)
    );
    assert_eq!(a(0, 7), Err(MjStatus::InvalidArgument));
    let m = |x, l| name(|b, c| unsafe { mj_meld_name(x, l, b, c) });
    assert_eq!(
        m(MJ_MELD_CONCEALED_KONG, MJ_LANG_ENGLISH).unwrap(),
        "concealed kong"
    );
    assert_eq!(m(MELD_KINDS.len() as u8, 0), Err(MjStatus::InvalidArgument));
    for f in [mj_wind_name, mj_action_name, mj_meld_name] {
        assert_eq!(unsafe { f(0, 0, null_mut(), 9) }, MjStatus::NullPointer);
        let mut one = [0u8; 1];
        assert_eq!(
            unsafe { f(0, 0, one.as_mut_ptr(), 1) },
            MjStatus::BufferTooSmall
        );
    }
    let mut one = [0u8; 1];
    assert_eq!(
        unsafe { mj_flower_name(0, 0, one.as_mut_ptr(), 1, null_mut()) },
        MjStatus::BufferTooSmall
    );
    // Event text: a real event, and the longest events fit MJ_TEXT_BUF_LEN.
    let text = |e: &MjEvent, l| name(|b, c| unsafe { mj_event_text(e, l, b, c) });
    let discard = MjEvent {
        index: 37,
        kind: MJ_EVENT_DISCARD,
        seat: 1,
        from: MJ_NO_SEAT,
        tile: 13,
        flags: MJ_FLAG_DRAWN,
        action: MJ_NO_KIND,
        meld: MJ_NO_KIND,
        ..blank()
    };
    assert_eq!(
        text(&discard, MJ_LANG_ENGLISH).unwrap(),
        "37: seat 1 discards 5p (drawn)"
    );
    assert_eq!(
        text(&discard, MJ_LANG_CHINESE).unwrap(),
        "37: 1號位摸打 五筒"
    );
    for kind in 0..EVENT_KINDS.len() as u8 {
        for lang in 0..2 {
            let worst = MjEvent {
                index: u64::MAX,
                value: i64::MIN,
                seed: u64::MAX,
                scores: [i64::MIN; 4],
                counters: [u32::MAX; MJ_MAX_COUNTERS],
                kind,
                seat: 255,
                from: 254,
                tile: MJ_HIDDEN_TILE,
                action: MJ_ACTION_CONCEALED_KONG,
                meld: MJ_MELD_CONCEALED_KONG,
                reason: MJ_REASON_SELF_DRAW_PAID,
                count: MJ_MAX_EVENT_TILES as u8,
                tiles: [MJ_HIDDEN_TILE; MJ_MAX_EVENT_TILES],
                flags: 127,
            };
            let s = text(&worst, lang).unwrap();
            assert!(s.len() < MJ_TEXT_BUF_LEN, "{s}");
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
        assert_eq!(text(&bad, 0), Err(MjStatus::InvalidArgument));
    }
    assert_eq!(text(&discard, 2), Err(MjStatus::InvalidArgument));
    let mut small = [0u8; 10];
    assert_eq!(
        unsafe { mj_event_text(&discard, 0, small.as_mut_ptr(), small.len()) },
        MjStatus::BufferTooSmall
    );
    assert_eq!(
        unsafe { mj_event_text(null(), 0, small.as_mut_ptr(), small.len()) },
        MjStatus::NullPointer
    );
    assert_eq!(
        unsafe { mj_event_text(&discard, 0, null_mut(), 99) },
        MjStatus::NullPointer
    );
}
