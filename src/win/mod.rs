//! Win check and waits for every form, any size 3n+2 (win) or 3n+1 (waits) up to 17 tiles.
//!
//! The regular form uses the table-driven fast path in [`crate::win::regular`];
//! [`crate::win::theorem1`] is the readable reference from the seeds (Theorems 1 and 2) that the
//! fast path is tested against.

pub mod regular;
pub mod special;
pub mod theorem1;

use crate::error::Error;
use crate::forms::Forms;
use crate::hand::Hand;

/// Whether a `3n+2`-tile hand is complete in one of `forms`.
///
/// # Errors
/// [`Error::InvalidArgument`] for an empty form set; [`Error::BadTileTotal`] when no requested
/// form applies to the hand's size (regular: 2, 5, ..., 17 tiles; the others: 14).
pub fn is_win(hand: &Hand, forms: Forms) -> Result<bool, Error> {
    let f = forms.for_size(hand.total(), hand.total())?;
    f.check_tiles(hand.counts())?;
    let mut win = f.contains(Forms::REGULAR) && regular::is_complete(hand);
    if f.intersects(Forms::SPECIAL) {
        let m = special::Masks::new(hand.counts());
        win |= f.contains(Forms::SEVEN_PAIRS) && special::seven_pairs(&m);
        win |= f.contains(Forms::SEVEN_PAIRS_QUADS) && special::seven_pairs_quads(&m);
        win |= f.contains(Forms::THIRTEEN_ORPHANS) && special::thirteen_orphans(&m);
        win |= f.contains(Forms::HONORS_AND_KNITTED)
            && crate::knitted::honors_and_knitted_is_win(hand.counts());
        win |= f.contains(Forms::KNITTED_STRAIGHT)
            && crate::knitted::knitted_straight_is_win(hand.counts());
    }
    Ok(win)
}

/// The kinds that complete a `3n+1`-tile hand in one of `forms`, as a mask (bit i = kind i).
/// A kind the hand already holds four of is never included.
///
/// # Errors
/// [`Error::InvalidArgument`] for an empty form set; [`Error::BadTileTotal`] when no requested
/// form applies to the hand's size (regular: 1, 4, ..., 16 tiles; the others: 13).
pub fn waits(hand: &Hand, forms: Forms) -> Result<u64, Error> {
    let f = forms.for_size(hand.total(), hand.total() + 1)?;
    f.check_tiles(hand.counts())?;
    let mut mask = 0;
    if f.contains(Forms::REGULAR) {
        mask |= regular::waits(hand);
    }
    if f.intersects(Forms::SPECIAL) {
        let m = special::Masks::new(hand.counts());
        let sel = |form: Forms| 0u64.wrapping_sub(u64::from(f.contains(form)));
        mask |= special::seven_pairs_waits(&m) & sel(Forms::SEVEN_PAIRS);
        mask |= special::seven_pairs_quads_waits(&m) & sel(Forms::SEVEN_PAIRS_QUADS);
        mask |= special::thirteen_orphans_waits(&m) & sel(Forms::THIRTEEN_ORPHANS);
        if f.contains(Forms::HONORS_AND_KNITTED) {
            mask |= crate::knitted::honors_and_knitted_waits(hand.counts());
        }
        if f.contains(Forms::KNITTED_STRAIGHT) {
            mask |= crate::knitted::knitted_straight_waits(hand.counts());
        }
    }
    if f.is_three_player() {
        mask &= !Forms::MAN_2_TO_8;
    }
    Ok(mask)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::hand;

    #[test]
    fn is_win_checks_sizes() {
        assert_eq!(
            is_win(&hand("123m"), Forms::REGULAR),
            Err(Error::BadTileTotal { total: 3 })
        );
        assert_eq!(
            is_win(&hand("11m22p33s44z55z66z"), Forms::SEVEN_PAIRS),
            Err(Error::BadTileTotal { total: 12 })
        );
        assert_eq!(
            is_win(&hand("11m"), Forms::NONE),
            Err(Error::InvalidArgument)
        );
        // A form that does not fit is skipped when another one does.
        assert_eq!(is_win(&hand("11m"), Forms::ALL), Ok(true));
    }

    #[test]
    fn is_win_forms() {
        let sp = hand("1122m3344p5566s77z");
        assert_eq!(is_win(&sp, Forms::REGULAR), Ok(false));
        assert_eq!(is_win(&sp, Forms::SEVEN_PAIRS), Ok(true));
        let ko = hand("119m19p19s1234567z");
        assert_eq!(is_win(&ko, Forms::RIICHI), Ok(true));
        assert_eq!(is_win(&ko, Forms::REGULAR | Forms::SEVEN_PAIRS), Ok(false));
    }

    #[test]
    fn waits_union_of_forms() {
        // 1122m3344p5566s7z: seven pairs wait on 7z only; no regular wait.
        let h = hand("1122m3344p5566s7z");
        assert_eq!(waits(&h, Forms::RIICHI), Ok(1 << 33));
        assert_eq!(waits(&h, Forms::REGULAR), Ok(0));
        assert_eq!(waits(&hand("1m"), Forms::RIICHI), Ok(1));
        assert_eq!(
            waits(&hand("11m"), Forms::RIICHI),
            Err(Error::BadTileTotal { total: 2 })
        );
    }
}
