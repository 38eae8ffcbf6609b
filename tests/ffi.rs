//! The C ABI of the core functions: every failure class is reached, outputs stay untouched on
//! error, and panics become `MJ_STATUS_PANIC`.

use std::ffi::{CStr, c_char};
use std::ptr::{null, null_mut};

use mjkit::ffi::*;

fn counts(s: &str) -> [u8; MJ_TILE_KINDS] {
    mjkit::tile::parse(s).unwrap().counts
}

#[test]
fn status_strings_are_static_and_distinct() {
    let codes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 99];
    let texts: Vec<String> = codes
        .iter()
        .map(|&c| {
            unsafe { CStr::from_ptr(mj_status_str(c)) }
                .to_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    for (i, t) in texts.iter().enumerate() {
        assert!(!t.is_empty());
        assert!(texts.iter().skip(i + 1).all(|u| u != t));
    }
    let unknown = unsafe { CStr::from_ptr(mj_status_str(12345)) };
    assert_eq!(unknown.to_str().unwrap(), "unknown status code");
    assert_eq!(MjStatus::Ok as i32, 0);
}

#[test]
fn init_and_version() {
    assert_eq!(mj_init(), MjStatus::Ok);
    assert_eq!(mj_init(), MjStatus::Ok);
    let v = unsafe { CStr::from_ptr(mj_version()) }.to_str().unwrap();
    assert_eq!(v, env!("CARGO_PKG_VERSION"));
}

#[test]
fn parse_ok_and_errors() {
    let mut out = [0xAAu8; MJ_TILE_KINDS];
    let mut red = [0xAAu8; 3];
    let st = unsafe { mj_parse(c"12305m EE".as_ptr(), out.as_mut_ptr(), red.as_mut_ptr()) };
    assert_eq!(st, MjStatus::Ok);
    assert_eq!(out, counts("12355m11z"));
    assert_eq!(red, [1, 0, 0]);
    // Red fives are optional.
    assert_eq!(
        unsafe { mj_parse(c"1m".as_ptr(), out.as_mut_ptr(), null_mut()) },
        MjStatus::Ok
    );

    let mut untouched = [0xAAu8; MJ_TILE_KINDS];
    let cases: [(&CStr, MjStatus); 4] = [
        (c"123x", MjStatus::BadNotation),
        (c"12", MjStatus::BadNotation),
        (c"11111m", MjStatus::TooManyCopies),
        (c"\xff", MjStatus::BadNotation),
    ];
    for (text, want) in cases {
        let st = unsafe { mj_parse(text.as_ptr(), untouched.as_mut_ptr(), red.as_mut_ptr()) };
        assert_eq!(st, want, "{text:?}");
        assert_eq!(untouched, [0xAA; MJ_TILE_KINDS]);
    }
    assert_eq!(
        unsafe { mj_parse(null(), out.as_mut_ptr(), null_mut()) },
        MjStatus::NullPointer
    );
    assert_eq!(
        unsafe { mj_parse(c"1m".as_ptr(), null_mut(), null_mut()) },
        MjStatus::NullPointer
    );
}

#[test]
fn format_ok_and_errors() {
    let c = counts("123m456p789s1z");
    let mut buf = [0x55 as c_char; MJ_FORMAT_BUF_LEN];
    let mut len = 777usize;
    let st = unsafe { mj_format(c.as_ptr(), buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(st, MjStatus::Ok);
    assert_eq!(len, 14);
    assert_eq!(
        unsafe { CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap(),
        "123m456p789s1z"
    );

    // Exactly len + 1 fits; len does not.
    let mut small = [0x55 as c_char; 15];
    assert_eq!(
        unsafe { mj_format(c.as_ptr(), small.as_mut_ptr(), 15, &mut len) },
        MjStatus::Ok
    );
    let mut len = 777usize;
    let st = unsafe { mj_format(c.as_ptr(), small.as_mut_ptr(), 14, &mut len) };
    assert_eq!(st, MjStatus::BufferTooSmall);
    assert_eq!(len, 777);

    // The largest legal array fits MJ_FORMAT_BUF_LEN.
    let full = [4u8; MJ_TILE_KINDS];
    assert_eq!(
        unsafe { mj_format(full.as_ptr(), buf.as_mut_ptr(), buf.len(), &mut len) },
        MjStatus::Ok
    );
    assert_eq!(len + 1, MJ_FORMAT_BUF_LEN);

    let mut bad = full;
    bad[5] = 5;
    let mut len = 777usize;
    let st = unsafe { mj_format(bad.as_ptr(), buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(st, MjStatus::TooManyCopies);
    assert_eq!(len, 777);
    assert_eq!(
        unsafe { mj_format(null(), buf.as_mut_ptr(), 1, &mut len) },
        MjStatus::NullPointer
    );
    assert_eq!(
        unsafe { mj_format(c.as_ptr(), null_mut(), 1, &mut len) },
        MjStatus::NullPointer
    );
    assert_eq!(
        unsafe { mj_format(c.as_ptr(), buf.as_mut_ptr(), 1, null_mut()) },
        MjStatus::NullPointer
    );
}

#[test]
fn is_win_ok_and_every_error() {
    let mut win = 0xAAu8;
    let h = counts("123m456p789s11122z");
    assert_eq!(
        unsafe { mj_is_win(h.as_ptr(), MJ_FORM_REGULAR, &mut win) },
        MjStatus::Ok
    );
    assert_eq!(win, 1);
    let sp = counts("1122m3344p5566s77z");
    assert_eq!(
        unsafe { mj_is_win(sp.as_ptr(), MJ_FORMS_RIICHI, &mut win) },
        MjStatus::Ok
    );
    assert_eq!(win, 1);
    assert_eq!(
        unsafe { mj_is_win(sp.as_ptr(), MJ_FORM_REGULAR, &mut win) },
        MjStatus::Ok
    );
    assert_eq!(win, 0);

    let mut out = 0xAAu8;
    let mut five = h;
    five[0] = 5;
    let thirteen = counts("123m456p789s1112z");
    let eighteen = counts("111222333444555666m");
    let twelve = counts("11m22p33s44z55z66z");
    let cases = [
        (five.as_ptr(), MJ_FORM_REGULAR, MjStatus::TooManyCopies),
        (thirteen.as_ptr(), MJ_FORM_REGULAR, MjStatus::BadTileTotal),
        (eighteen.as_ptr(), MJ_FORM_REGULAR, MjStatus::BadTileTotal),
        (twelve.as_ptr(), MJ_FORM_SEVEN_PAIRS, MjStatus::BadTileTotal),
        (h.as_ptr(), 1 << 30, MjStatus::InvalidArgument),
        (h.as_ptr(), 0, MjStatus::InvalidArgument),
        (null(), MJ_FORM_REGULAR, MjStatus::NullPointer),
    ];
    for (p, forms, want) in cases {
        assert_eq!(unsafe { mj_is_win(p, forms, &mut out) }, want);
        assert_eq!(out, 0xAA);
    }
    assert_eq!(
        unsafe { mj_is_win(h.as_ptr(), MJ_FORM_REGULAR, null_mut()) },
        MjStatus::NullPointer
    );
}

#[test]
fn waits_ok_and_every_error() {
    let mut w = 0u64;
    let nine_gates = counts("1112345678999m");
    assert_eq!(
        unsafe { mj_waits(nine_gates.as_ptr(), MJ_FORMS_RIICHI, &mut w) },
        MjStatus::Ok
    );
    assert_eq!(w, 0x1ff);

    let mut out = 0xDEAD_BEEFu64;
    let mut five = nine_gates;
    five[4] = 5;
    let (two, one) = (counts("11m"), counts("1m"));
    let cases = [
        (five.as_ptr(), MJ_FORM_REGULAR, MjStatus::TooManyCopies),
        (two.as_ptr(), MJ_FORM_REGULAR, MjStatus::BadTileTotal),
        (
            one.as_ptr(),
            MJ_FORM_THIRTEEN_ORPHANS,
            MjStatus::BadTileTotal,
        ),
        (nine_gates.as_ptr(), 64, MjStatus::InvalidArgument),
        (null(), MJ_FORM_REGULAR, MjStatus::NullPointer),
    ];
    for (p, forms, want) in cases {
        assert_eq!(unsafe { mj_waits(p, forms, &mut out) }, want);
        assert_eq!(out, 0xDEAD_BEEF);
    }
    assert_eq!(
        unsafe { mj_waits(nine_gates.as_ptr(), 1, null_mut()) },
        MjStatus::NullPointer
    );
}

#[cfg(feature = "test-hooks")]
#[test]
fn panic_is_caught_at_the_boundary() {
    assert_eq!(mj_test_panic(), MjStatus::Panic);
    // The library still works afterwards.
    assert_eq!(mj_init(), MjStatus::Ok);
}

#[test]
fn concurrent_calls_agree() {
    let hands = [
        "1112345678999m",
        "19m19p19s1234567z",
        "123m456p789s1z",
        "2345m",
    ];
    let expected: Vec<u64> = hands
        .iter()
        .map(|s| {
            let mut w = 0;
            unsafe { mj_waits(counts(s).as_ptr(), MJ_FORMS_RIICHI, &mut w) };
            w
        })
        .collect();
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                for _ in 0..10_000 {
                    for (s, &e) in hands.iter().zip(&expected) {
                        let mut w = 0;
                        let st = unsafe { mj_waits(counts(s).as_ptr(), MJ_FORMS_RIICHI, &mut w) };
                        assert_eq!((st, w), (MjStatus::Ok, e));
                    }
                }
            });
        }
    });
}

#[test]
fn parse_error_pos_names_the_byte() {
    let mut pos = 777usize;
    let cases: [(&CStr, usize); 5] = [
        (c"123m456x", 7),
        (c"12m34", 3),
        (c"18z", 1),
        (c"123m456p789s11z", 15),
        (c"11111m", 6), // a fifth copy is not a notation error
    ];
    for (text, want) in cases {
        assert_eq!(
            unsafe { mj_parse_error_pos(text.as_ptr(), &mut pos) },
            MjStatus::Ok
        );
        assert_eq!(pos, want, "{text:?}");
    }
    let mut untouched = 777usize;
    assert_eq!(
        unsafe { mj_parse_error_pos(null(), &mut untouched) },
        MjStatus::NullPointer
    );
    assert_eq!(untouched, 777);
    assert_eq!(
        unsafe { mj_parse_error_pos(c"1m".as_ptr(), null_mut()) },
        MjStatus::NullPointer
    );
}
