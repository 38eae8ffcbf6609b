//! The batch C functions: every error class (whole call and per hand), outputs written exactly
//! for the hands that succeed, and agreement with the single calls on random hands.

#[path = "support/mod.rs"]
mod support;

use mjkit::ffi::{
    MjStatus, mj_is_win, mj_is_win_batch, mj_shanten, mj_shanten_batch, mj_waits, mj_waits_batch,
};
use mjkit::{Counts, TILE_KINDS};
use support::Rng;

fn tiles(s: &str) -> Counts {
    mjkit::tile::parse(s).unwrap().counts
}

type Batch<T> = unsafe extern "C" fn(*const u8, usize, u32, *mut T, *mut MjStatus) -> MjStatus;
type Single<T> = unsafe extern "C" fn(*const u8, u32, *mut T) -> MjStatus;

/// One batch call on `hands` with outputs preset to `fill`: (status, outputs, per-hand statuses).
fn run<T: Copy>(
    f: Batch<T>,
    hands: &[Counts],
    forms: u32,
    fill: T,
) -> (MjStatus, Vec<T>, Vec<MjStatus>) {
    let mut out = vec![fill; hands.len()];
    let mut st = vec![MjStatus::Panic; hands.len()];
    // SAFETY: `hands` is contiguous 34-byte arrays; outputs hold one entry per hand.
    let r = unsafe {
        f(
            hands.as_ptr().cast(),
            hands.len(),
            forms,
            out.as_mut_ptr(),
            st.as_mut_ptr(),
        )
    };
    (r, out, st)
}

fn single<T: Copy>(f: Single<T>, c: &Counts, forms: u32, fill: T) -> (MjStatus, T) {
    let mut out = fill;
    // SAFETY: a 34-byte array and a valid output.
    let st = unsafe { f(c.as_ptr(), forms, &mut out) };
    (st, out)
}

/// Every hand of a batch equals the single call on it (status and output, or the output left
/// as preset on failure), and the call returns the first failure.
fn check_against_single<T: Copy + PartialEq + std::fmt::Debug>(
    b: Batch<T>,
    s: Single<T>,
    hands: &[Counts],
    forms: u32,
    fill: T,
) {
    let (r, out, st) = run(b, hands, forms, fill);
    let mut first = MjStatus::Ok;
    for (i, c) in hands.iter().enumerate() {
        let (want_st, want_out) = single(s, c, forms, fill);
        assert_eq!((st[i], out[i]), (want_st, want_out), "hand {i} {c:?}");
        if first == MjStatus::Ok {
            first = want_st;
        }
    }
    assert_eq!(r, first);
    // Without the status array: same outputs and return.
    let mut out2 = vec![fill; hands.len()];
    // SAFETY: as in `run`, with no status array.
    let r2 = unsafe {
        b(
            hands.as_ptr().cast(),
            hands.len(),
            forms,
            out2.as_mut_ptr(),
            std::ptr::null_mut(),
        )
    };
    assert_eq!((r2, &out2), (r, &out));
}

/// Hands of every size 0..=18 and every validity, including fifth copies.
fn mixed_hands(rng: &mut Rng, n: usize) -> Vec<Counts> {
    (0..n)
        .map(|i| {
            let size = [14, 13, 14, 13, rng.below(19)][i % 5];
            let mut c = support::wall_hand(rng, size.min(17));
            if size == 18 {
                c[rng.below(TILE_KINDS)] += 1;
                c[rng.below(TILE_KINDS)] += 1;
            }
            if rng.below(50) == 0 {
                c[rng.below(TILE_KINDS)] = 5 + rng.below(250) as u8;
            }
            c
        })
        .collect()
}

#[test]
fn batches_equal_single_calls() {
    let mut rng = Rng(0xBA7C_0001);
    for forms in [1, 2, 4, 7, 8, 61, 63, 16, 32] {
        let hands = mixed_hands(&mut rng, 3000);
        check_against_single(mj_shanten_batch, mj_shanten, &hands, forms, 12345);
        check_against_single(mj_is_win_batch, mj_is_win, &hands, forms, 7);
        check_against_single(mj_waits_batch, mj_waits, &hands, forms, 0xdead);
        // Valid hands only: every status OK.
        let ok: Vec<Counts> = (0..500)
            .map(|i| support::wall_hand(&mut rng, [13, 14][i % 2]))
            .collect();
        let (r, _, st) = run(mj_shanten_batch, &ok, forms, 0);
        assert_eq!(r, MjStatus::Ok, "forms {forms}");
        assert!(st.iter().all(|&s| s == MjStatus::Ok));
    }
}

#[test]
fn per_hand_error_classes() {
    let mut five = tiles("123m456p789s1122z");
    five[0] = 5;
    let hands = [
        tiles("123m456p789s11222z"),    // 14, complete
        five,                           // a fifth copy
        tiles("123m456p789s112z"),      // 12 tiles: 3n
        tiles("111222333m444555p666s"), // 18 tiles
        tiles("123m456p789s1122z"),     // 13, tenpai
    ];
    let (r, out, st) = run(mj_shanten_batch, &hands, 1, 99);
    assert_eq!(r, MjStatus::TooManyCopies);
    assert_eq!(
        st,
        [
            MjStatus::Ok,
            MjStatus::TooManyCopies,
            MjStatus::BadTileTotal,
            MjStatus::BadTileTotal,
            MjStatus::Ok
        ]
    );
    assert_eq!(out, [-1, 99, 99, 99, 0]);
    // A form that fits no hand's size: every hand BAD_TILE_TOTAL, first one returned.
    let (r, out, st) = run(mj_is_win_batch, &hands[2..3], 2, 7);
    assert_eq!(
        (r, out, st),
        (
            MjStatus::BadTileTotal,
            vec![7],
            vec![MjStatus::BadTileTotal]
        )
    );
    // Waits need 3n+1 tiles: the 14-tile hand fails, the 13-tile one succeeds.
    let (r, out, st) = run(mj_waits_batch, &[hands[0], hands[4]], 7, 1);
    assert_eq!(r, MjStatus::BadTileTotal);
    assert_eq!(st, [MjStatus::BadTileTotal, MjStatus::Ok]);
    assert_eq!(out, [1, (1 << 27) | (1 << 28)]);
}

#[test]
fn whole_call_errors_write_nothing() {
    let hands = [tiles("123m456p789s11222z"); 3];
    let p = hands.as_ptr().cast::<u8>();
    let mut out = [55i32; 3];
    let mut st = [MjStatus::Panic; 3];
    // SAFETY: every non-NULL pointer is valid for 3 entries; NULL ones are reported.
    unsafe {
        let o = out.as_mut_ptr();
        let s = st.as_mut_ptr();
        let null_in = std::ptr::null::<u8>();
        let null_out = std::ptr::null_mut::<i32>();
        assert_eq!(mj_shanten_batch(null_in, 3, 7, o, s), MjStatus::NullPointer);
        assert_eq!(
            mj_shanten_batch(p, 3, 7, null_out, s),
            MjStatus::NullPointer
        );
        assert_eq!(mj_shanten_batch(p, 3, 0, o, s), MjStatus::InvalidArgument);
        assert_eq!(
            mj_shanten_batch(p, 3, 1 << 9, o, s),
            MjStatus::InvalidArgument
        );
        assert_eq!(
            mj_shanten_batch(p, usize::MAX / 2, 7, o, s),
            MjStatus::InvalidArgument
        );
        // n = 0: success, nothing read or written (NULL allowed).
        assert_eq!(
            mj_shanten_batch(null_in, 0, 7, null_out, std::ptr::null_mut()),
            MjStatus::Ok
        );
        assert_eq!(
            mj_is_win_batch(null_in, 0, 0, std::ptr::null_mut(), s),
            MjStatus::Ok
        );
        assert_eq!(
            mj_waits_batch(p, 3, 7, std::ptr::null_mut(), s),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_is_win_batch(null_in, 3, 7, std::ptr::null_mut(), s),
            MjStatus::NullPointer
        );
        let mut waits = [9u64; 3];
        assert_eq!(
            mj_waits_batch(p, 3, 64, waits.as_mut_ptr(), s),
            MjStatus::InvalidArgument
        );
        assert_eq!(waits, [9; 3]);
    }
    assert_eq!(out, [55; 3]);
    assert_eq!(st, [MjStatus::Panic; 3]);
}
