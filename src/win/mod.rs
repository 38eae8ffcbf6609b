//! Win check and waits for every form, any size 3n+2 (win) or 3n+1 (waits) up to 17 tiles.
//!
//! The regular form uses the table-driven fast path in [`crate::win::regular`];
//! [`crate::win::theorem1`] is the readable reference from the seeds (Theorems 1 and 2) that the
//! fast path is tested against.

pub mod knitted;
pub mod regular;
pub mod special;
pub mod theorem1;

use crate::error::Error;
use crate::forms::Forms;
use crate::hand::{AsCounts, Hand};
use crate::tile::Counts;

/// Whether a `3n+2`-tile hand, given as 34 counts (1m..9m, 1p..9p, 1s..9s, then the honours)
/// or a [`Hand`], is complete in one of `forms`: the one entry of the query. The counts are validated here (by
/// [`Hand::new`]'s test, read in place without a copy); the C ABI's `mj_is_win` and
/// `mj_is_win_batch` add only their pointer and form-bit checks.
///
/// # Errors
/// [`Error::TooManyCopies`] for the first kind above 4, [`Error::BadTileTotal`] for more than
/// [`Hand::MAX_TILES`] tiles; [`Error::InvalidArgument`] for an empty form set;
/// [`Error::BadTileTotal`] when no requested form applies to the hand's size (regular: 2, 5,
/// ..., 17 tiles; the others: 14, or 11 for the knitted straight); [`Error::ThreePlayerTile`]
/// when `forms` has [`Forms::THREE_PLAYER`] and the hand holds a 2m-8m.
#[inline(always)]
pub fn is_win(counts: &impl AsCounts, forms: Forms) -> Result<bool, Error> {
    let counts = counts.as_counts();
    let (total, w) = Hand::validate_words(counts)?;
    is_win_valid(counts, &w, total, forms)
}

/// The core of [`is_win`]: counts `c` that passed [`Hand::new`]'s test, their count words `w`
/// (as validation read them) and their `total`.
///
/// # Errors
/// As [`is_win`], after validation.
#[inline(always)]
pub(crate) fn is_win_valid(
    c: &Counts,
    w: &[u64; 5],
    total: u32,
    forms: Forms,
) -> Result<bool, Error> {
    let f = forms.for_valid_size(total, total)?;
    if f.is_three_player() {
        return is_win_three_player(c, f);
    }
    Ok(is_win_forms(c, w, f))
}

/// [`is_win_valid`] under the three-player modifier (out of line, so that the four-player
/// path pays one bit test for it): the 2m-8m test, then the same forms. It reads the count
/// words again rather than taking them, so that the hot path keeps them in registers.
#[cold]
#[inline(never)]
fn is_win_three_player(c: &Counts, f: Forms) -> Result<bool, Error> {
    let w = crate::tile::count_words(c);
    f.check_words(&w)?;
    Ok(is_win_forms(c, &w, f))
}

/// Whether validated counts `c` (words `w`) are complete in one of `f`, forms that fit the size.
#[inline(always)]
fn is_win_forms(c: &Counts, w: &[u64; 5], f: Forms) -> bool {
    // The special forms first: a few word operations each, on the counts `Hand::new` just
    // wrote as words.
    if f.intersects(Forms::SPECIAL) {
        let w = special::Words(*w);
        if (f.contains(Forms::SEVEN_PAIRS) && w.seven_pairs())
            || (f.contains(Forms::SEVEN_PAIRS_QUADS) && w.seven_pairs_quads())
            || (f.contains(Forms::THIRTEEN_ORPHANS) && w.thirteen_orphans())
        {
            return true;
        }
        if f.intersects(Forms::HONORS_AND_KNITTED | Forms::KNITTED_STRAIGHT) && knitted_win(c, f) {
            return true;
        }
    }
    f.contains(Forms::REGULAR) && regular::is_complete_words(w)
}

/// The MCR knitted forms of `f` (out of line: the rare form sets).
#[cold]
fn knitted_win(c: &Counts, f: Forms) -> bool {
    (f.contains(Forms::HONORS_AND_KNITTED) && crate::win::knitted::honors_and_knitted_is_win(c))
        || (f.contains(Forms::KNITTED_STRAIGHT) && crate::win::knitted::knitted_straight_is_win(c))
}

/// The kinds that complete a `3n+1`-tile hand, given as 34 counts or a [`Hand`], in one of `forms`, as a mask
/// (bit i = kind i): the one entry of the query. A kind the hand already holds four of is never
/// included. The counts are validated here as by [`is_win`]; the C ABI's `mj_waits` and
/// `mj_waits_batch` add only their pointer and form-bit checks.
///
/// # Errors
/// [`Error::TooManyCopies`], [`Error::BadTileTotal`] for invalid counts as [`is_win`];
/// [`Error::InvalidArgument`] for an empty form set; [`Error::BadTileTotal`] when no requested
/// form applies to the hand's size (regular: 1, 4, ..., 16 tiles; the others: 13, or 10 for the
/// knitted straight); [`Error::ThreePlayerTile`] when `forms` has [`Forms::THREE_PLAYER`] and
/// the hand holds a 2m-8m.
#[inline(always)]
pub fn waits(counts: &impl AsCounts, forms: Forms) -> Result<u64, Error> {
    let counts = counts.as_counts();
    let (total, w) = Hand::validate_words(counts)?;
    waits_valid(counts, &w, total, forms)
}

/// The core of [`waits`]: counts `c` that passed [`Hand::new`]'s test, their count words
/// `words` (as validation read them) and their `total`.
///
/// # Errors
/// As [`waits`], after validation.
#[inline(always)]
pub(crate) fn waits_valid(
    c: &Counts,
    words: &[u64; 5],
    total: u32,
    forms: Forms,
) -> Result<u64, Error> {
    let f = forms.for_valid_size(total, total + 1)?;
    if f.is_three_player() {
        return waits_three_player(c, f);
    }
    Ok(waits_forms(c, words, f))
}

/// [`waits_valid`] under the three-player modifier (out of line): the 2m-8m test, then the
/// same forms, without the kinds that cannot be drawn (the count words read again, as in
/// [`is_win_three_player`]).
#[cold]
#[inline(never)]
fn waits_three_player(c: &Counts, f: Forms) -> Result<u64, Error> {
    let w = crate::tile::count_words(c);
    f.check_words(&w)?;
    Ok(waits_forms(c, &w, f) & !Forms::MAN_2_TO_8)
}

/// The waits of validated counts `c` (words `words`) in the forms `f`, which fit the size.
#[inline(always)]
fn waits_forms(c: &Counts, words: &[u64; 5], f: Forms) -> u64 {
    let mut mask = 0;
    if f.contains(Forms::REGULAR) {
        mask |= regular::waits_words(c, words);
    }
    if f.intersects(Forms::SPECIAL) {
        let w = special::Words(*words);
        if f.contains(Forms::SEVEN_PAIRS) {
            mask |= w.seven_pairs_waits();
        }
        if f.contains(Forms::SEVEN_PAIRS_QUADS) {
            mask |= w.seven_pairs_quads_waits();
        }
        if f.contains(Forms::THIRTEEN_ORPHANS) {
            mask |= w.thirteen_orphans_waits();
        }
        if f.intersects(Forms::HONORS_AND_KNITTED | Forms::KNITTED_STRAIGHT) {
            mask |= knitted_waits(c, f);
        }
    }
    mask
}

/// Waits of the MCR knitted forms of `f` (out of line: the rare form sets).
#[cold]
fn knitted_waits(c: &Counts, f: Forms) -> u64 {
    let mut mask = 0;
    if f.contains(Forms::HONORS_AND_KNITTED) {
        mask |= crate::win::knitted::honors_and_knitted_waits(c);
    }
    if f.contains(Forms::KNITTED_STRAIGHT) {
        mask |= crate::win::knitted::knitted_straight_waits(c);
    }
    mask
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::test_util::{hand, tiles};

    /// Raw count arrays for the entries on raw counts: mostly valid 13/14-tile hands, some with
    /// a count of 5 to 7, some of the wrong size or above 17 tiles (a small LCG, fixed seed).
    pub(crate) fn raw_count_arrays(n: usize) -> Vec<Counts> {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move |m: u64| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (x >> 33) % m
        };
        (0..n)
            .map(|i| {
                let mut c = [0u8; 34];
                let size = [13, 14, 14, 13, 11, 12, 17, 18, 2][i % 9];
                let mut placed = 0;
                while placed < size {
                    // Few kinds, so that pairs, sets and four of a kind are common.
                    let k = if next(2) == 0 { next(9) } else { next(34) } as usize;
                    if c[k] < 4 {
                        c[k] += 1;
                        placed += 1;
                    }
                }
                if i % 17 == 5 {
                    c[next(34) as usize] = 5 + next(3) as u8;
                }
                c
            })
            .collect()
    }

    #[test]
    fn entries_validate_as_hand_new() {
        let sets = [
            Forms::REGULAR,
            Forms::RIICHI,
            Forms::MCR,
            Forms::ALL,
            Forms::SEVEN_PAIRS,
            Forms::RIICHI | Forms::THREE_PLAYER,
            Forms::REGULAR | Forms::THREE_PLAYER,
            Forms::NONE,
        ];
        let (mut errors, mut oks) = (0, 0);
        for c in raw_count_arrays(20_000) {
            for f in sets {
                // The entries validate in place; Hand::new validates by copying.
                let words = |h: &Hand| crate::tile::count_words(h.counts());
                let win =
                    Hand::new(&c).and_then(|h| is_win_valid(h.counts(), &words(&h), h.total(), f));
                let waits_ref =
                    Hand::new(&c).and_then(|h| waits_valid(h.counts(), &words(&h), h.total(), f));
                assert_eq!(is_win(&c, f), win, "{c:?} {f:?}");
                assert_eq!(waits(&c, f), waits_ref, "{c:?} {f:?}");
                if win.is_ok() {
                    oks += 1;
                } else {
                    errors += 1;
                }
            }
        }
        // Both paths are exercised.
        assert!(oks > 10_000 && errors > 10_000, "{oks} {errors}");
    }

    #[test]
    fn is_win_checks_sizes() {
        assert_eq!(
            is_win(&tiles("123m"), Forms::REGULAR),
            Err(Error::BadTileTotal { total: 3 })
        );
        assert_eq!(
            is_win(&tiles("11m22p33s44z55z66z"), Forms::SEVEN_PAIRS),
            Err(Error::BadTileTotal { total: 12 })
        );
        assert_eq!(
            is_win(&tiles("11m"), Forms::NONE),
            Err(Error::InvalidArgument)
        );
        // A form that does not fit is skipped when another one does.
        assert_eq!(is_win(&tiles("11m"), Forms::ALL), Ok(true));
    }

    #[test]
    fn is_win_forms() {
        let sp = hand("1122m3344p5566s77z");
        assert_eq!(is_win(sp.counts(), Forms::REGULAR), Ok(false));
        assert_eq!(is_win(sp.counts(), Forms::SEVEN_PAIRS), Ok(true));
        let ko = hand("119m19p19s1234567z");
        assert_eq!(is_win(ko.counts(), Forms::RIICHI), Ok(true));
        assert_eq!(
            is_win(ko.counts(), Forms::REGULAR | Forms::SEVEN_PAIRS),
            Ok(false)
        );
    }

    #[test]
    fn waits_union_of_forms() {
        // 1122m3344p5566s7z: seven pairs wait on 7z only; no regular wait.
        let h = hand("1122m3344p5566s7z");
        assert_eq!(waits(h.counts(), Forms::RIICHI), Ok(1 << 33));
        assert_eq!(waits(h.counts(), Forms::REGULAR), Ok(0));
        assert_eq!(waits(&tiles("1m"), Forms::RIICHI), Ok(1));
        assert_eq!(
            waits(&tiles("11m"), Forms::RIICHI),
            Err(Error::BadTileTotal { total: 2 })
        );
    }
}
