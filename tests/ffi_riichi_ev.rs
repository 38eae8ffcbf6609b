//! C ABI of the riichi discard analysis: NULL handling, every refusal class with the output
//! untouched, the initialisers, and a result equal to the core's.

use mjkit::ffi::*;
use mjkit::riichi::ev;

fn counts(s: &str) -> [u8; MJ_TILE_KINDS] {
    mjkit::tile::parse(s).expect("notation").counts
}

/// 123m 456p 789s 1123s + 5z: discard 5z to wait on 1s / 4s.
fn valid() -> MjRiichiEvHand {
    let mut h = mj_riichi_ev_hand_default();
    h.counts = counts("123m456p789s1123s5z");
    h
}

fn options() -> MjRiichiEvOptions {
    let mut o = mj_riichi_ev_options_default();
    o.draws = 3;
    o
}

/// Calls `mj_riichi_ev` on a result full of 0xA5 bytes; on an error, checks that no byte
/// changed.
fn call(
    h: Option<&MjRiichiEvHand>,
    r: Option<&MjRiichiRules>,
    o: Option<&MjRiichiEvOptions>,
) -> MjStatus {
    let mut out = std::mem::MaybeUninit::<MjRiichiEvResult>::uninit();
    // SAFETY: the bytes of a plain struct.
    unsafe {
        std::ptr::write_bytes(
            out.as_mut_ptr().cast::<u8>(),
            0xA5,
            size_of::<MjRiichiEvResult>(),
        )
    };
    fn p<T>(x: Option<&T>) -> *const T {
        x.map_or(std::ptr::null(), |v| v as *const T)
    }
    // SAFETY: valid or NULL pointers, per the function's contract.
    let s = unsafe { mj_riichi_ev(p(h), p(r), p(o), out.as_mut_ptr()) };
    if s != MjStatus::Ok {
        // SAFETY: every byte was written above.
        let bytes = unsafe {
            std::slice::from_raw_parts(out.as_ptr().cast::<u8>(), size_of::<MjRiichiEvResult>())
        };
        assert!(
            bytes.iter().all(|&b| b == 0xA5),
            "result written on status {s:?}"
        );
    }
    s
}

#[test]
fn mj_riichi_ev_equals_the_core() {
    let (h, r, o) = (valid(), mj_riichi_rules_default(), options());
    let mut out = std::mem::MaybeUninit::<MjRiichiEvResult>::uninit();
    // SAFETY: valid pointers.
    assert_eq!(
        unsafe { mj_riichi_ev(&h, &r, &o, out.as_mut_ptr()) },
        MjStatus::Ok
    );
    // SAFETY: written on MJ_STATUS_OK.
    let got = unsafe { out.assume_init() };
    assert_eq!(got, ev::analyze(&h, &r, &o).unwrap());
    assert!(got.count > 0 && got.nodes > 0 && got.edges > 0 && got.wins > 0);
}

#[test]
fn mj_riichi_ev_defaults() {
    let h = mj_riichi_ev_hand_default();
    assert_eq!(h, ev::EvHand::new());
    let o = mj_riichi_ev_options_default();
    assert_eq!(
        (o.draws, o.extra, o.model, o.reserved),
        (17, 1, MJ_RIICHI_EV_MODEL_MJKIT, 0)
    );
    assert_eq!(
        o.flags,
        MJ_RIICHI_EV_TEGAWARI | MJ_RIICHI_EV_SHANTEN_DOWN | MJ_RIICHI_EV_URA
    );
    assert_eq!(o.max_nodes, MJ_RIICHI_EV_DEFAULT_MAX_NODES);
}

#[test]
fn mj_riichi_ev_refuses_every_error_class_and_writes_nothing() {
    let (h, r, o) = (valid(), mj_riichi_rules_default(), options());
    assert_eq!(call(Some(&h), Some(&r), Some(&o)), MjStatus::Ok);
    assert_eq!(call(None, Some(&r), Some(&o)), MjStatus::NullPointer);
    assert_eq!(call(Some(&h), None, Some(&o)), MjStatus::NullPointer);
    assert_eq!(call(Some(&h), Some(&r), None), MjStatus::NullPointer);
    // SAFETY: NULL output is reported, never written.
    let s = unsafe { mj_riichi_ev(&h, &r, &o, std::ptr::null_mut()) };
    assert_eq!(s, MjStatus::NullPointer);
    let with = |f: &dyn Fn(&mut MjRiichiEvHand, &mut MjRiichiRules, &mut MjRiichiEvOptions)| {
        let (mut h, mut r, mut o) = (h, r, o);
        f(&mut h, &mut r, &mut o);
        call(Some(&h), Some(&r), Some(&o))
    };
    assert_eq!(with(&|h, _, _| h.round_wind = 4), MjStatus::InvalidArgument);
    assert_eq!(
        with(&|_, _, o| o.extra = MJ_RIICHI_EV_MAX_EXTRA + 1),
        MjStatus::InvalidArgument
    );
    assert_eq!(with(&|_, _, o| o.reserved = 1), MjStatus::InvalidArgument);
    assert_eq!(with(&|_, r, _| r.aka_dora = 2), MjStatus::InvalidArgument);
    assert_eq!(
        with(&|h, _, _| {
            h.dora_count = 1;
            h.dora[0] = 3; // 4m, not counted in visible
        }),
        MjStatus::InvalidArgument
    );
    assert_eq!(
        with(&|h, _, _| {
            h.meld_count = 1;
            h.melds[0] = MjRiichiMeld {
                kind: 9,
                tile: 0,
                claimed: 1,
            };
        }),
        MjStatus::IllegalMeld
    );
    assert_eq!(with(&|h, _, _| h.visible[0] = 4), MjStatus::TooManyCopies);
    assert_eq!(with(&|h, _, _| h.counts[33] = 2), MjStatus::BadTileTotal);
    assert_eq!(
        with(&|h, r, _| {
            r.aka_dora = 1;
            h.visible_red[0] = 1; // no 5m visible
        }),
        MjStatus::RedFives
    );
    assert_eq!(
        with(&|h, _, _| {
            h.counts = counts("123m456p789s1357s");
            h.riichi = 1;
        }),
        MjStatus::RiichiConflict
    );
    assert_eq!(
        with(&|_, r, _| r.three_player = 1),
        MjStatus::ThreePlayerTile
    );
    assert_eq!(with(&|_, _, o| o.max_nodes = 2), MjStatus::SearchLimit);
}
