//! Exact shanten (deficiency) numbers for hands of 1 to 17 tiles.
//!
//! The shanten number is the replacement number minus one, where the replacement number of a
//! hand is the fewest tiles that must be drawn (each swapped for a tile of the hand) to reach a
//! complete hand, over every complete hand that respects the 4-copies limit: `-1` complete,
//! `0` tenpai, and so on. It is exact, unlike the `8 - 2 * melds - partials` rule of thumb.
//!
//! The regular form (`n` melds and a pair, `n = total / 3`, up to 5 melds for 16/17-tile
//! Taiwanese hands) uses per-block class tables generated offline ([`generate`] documents the
//! construction) and four lookups; seven pairs, seven pairs with quads and thirteen orphans are
//! branch-free closed forms over the counts, for 13/14-tile hands.

#[cfg(any(test, feature = "gen"))]
pub mod generate;
mod tables;

pub use tables::table_bytes;

use crate::error::Error;
use crate::forms::Forms;
use crate::hand::Hand;
use crate::tile::Counts;

/// Loads and checks the tables now instead of on first use (idempotent, thread-safe).
pub fn init() {
    tables::init();
}

/// The forms of `forms` that apply to `hand` (3n+1 or 3n+2 tiles).
///
/// # Errors
/// [`Error::InvalidArgument`] for an empty form set; [`Error::BadTileTotal`] for a total of 3n
/// tiles or when no requested form fits the size.
pub(crate) fn applicable_forms(hand: &Hand, forms: Forms) -> Result<Forms, Error> {
    if forms.is_empty() {
        return Err(Error::InvalidArgument);
    }
    let total = hand.total();
    let complete = match total % 3 {
        1 => total + 1,
        2 => total,
        _ => return Err(Error::BadTileTotal { total }),
    };
    let f = forms.applicable(complete);
    if f.is_empty() {
        return Err(Error::BadTileTotal { total });
    }
    Ok(f)
}

/// Shanten number of `hand`, the minimum over `forms`.
///
/// Regular form for every 3n+1 / 3n+2 size up to 17 tiles; seven pairs (distinct or with quads)
/// and thirteen orphans for 13/14 tiles only. A requested form that does not fit the size is
/// skipped.
///
/// # Errors
/// [`Error::InvalidArgument`] for an empty form set; [`Error::BadTileTotal`] for a total of 3n
/// tiles (including 0) or when no requested form fits the size.
pub fn shanten(hand: &Hand, forms: Forms) -> Result<i32, Error> {
    let f = applicable_forms(hand, forms)?;
    Ok(shanten_unchecked(hand.counts(), hand.total(), f))
}

/// Regular-form shanten (n melds and a pair, n = total / 3), any 3n+1 / 3n+2 size.
///
/// # Errors
/// As [`shanten`].
pub fn regular(hand: &Hand) -> Result<i32, Error> {
    shanten(hand, Forms::REGULAR)
}

/// Seven distinct pairs shanten (13/14 tiles).
///
/// # Errors
/// [`Error::BadTileTotal`] for any other size.
pub fn seven_pairs(hand: &Hand) -> Result<i32, Error> {
    shanten(hand, Forms::SEVEN_PAIRS)
}

/// Seven pairs shanten where a four of a kind counts as two pairs (13/14 tiles).
///
/// # Errors
/// [`Error::BadTileTotal`] for any other size.
pub fn seven_pairs_quads(hand: &Hand) -> Result<i32, Error> {
    shanten(hand, Forms::SEVEN_PAIRS_QUADS)
}

/// Thirteen orphans shanten (13/14 tiles).
///
/// # Errors
/// [`Error::BadTileTotal`] for any other size.
pub fn thirteen_orphans(hand: &Hand) -> Result<i32, Error> {
    shanten(hand, Forms::THIRTEEN_ORPHANS)
}

const ONES: u64 = 0x0101_0101_0101_0101;
/// Per 8-kind word, a 1 in the byte of each terminal or honour kind.
const ORPHAN_BYTES: [u64; 5] = [
    0x0000_0000_0000_0001, // 1m
    0x0000_0000_0000_0101, // 9m 1p
    0x0000_0000_0001_0100, // 9p 1s
    0x0101_0101_0101_0000, // 9s E S W N Wh
    0x0000_0000_0000_0101, // G R
];

/// Counts of a hand as five little-endian words of 8, 8, 8, 8 and 2 kinds.
#[inline(always)]
fn words(c: &Counts) -> [u64; 5] {
    let w = |i: usize| u64::from_le_bytes(c[i..i + 8].try_into().expect("8 bytes"));
    [
        w(0),
        w(8),
        w(16),
        w(24),
        u64::from(c[32]) | u64::from(c[33]) << 8,
    ]
}

/// Sum of the bytes of `x` (each sum below 256).
#[inline(always)]
fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(ONES) >> 56) as u32
}

/// Replacement numbers of the three special forms, branch-free: seven distinct pairs, seven
/// pairs with quads, thirteen orphans. Valid for 13/14-tile hands of counts 0..=4.
#[inline(always)]
fn special_replacements(c: &Counts) -> (i32, i32, i32) {
    let (mut held, mut pairs, mut bit1, mut bit2) = (0, 0, 0, 0);
    let (mut orphans, mut orphan_pairs) = (0, 0);
    for (w, o) in words(c).into_iter().zip(ORPHAN_BYTES) {
        let (b1, b2) = ((w >> 1) & ONES, (w >> 2) & ONES);
        let nz = (w | b1 | b2) & ONES;
        let ge2 = b1 | b2;
        held += nz;
        pairs += ge2;
        bit1 += b1;
        bit2 += b2;
        orphans += nz & o;
        orphan_pairs |= ge2 & o;
    }
    let (kinds, pairs) = (byte_sum(held) as i32, byte_sum(pairs) as i32);
    // A count c holds c / 2 pairs: bit 1 plus twice bit 2 (c <= 4).
    let half = (byte_sum(bit1) + 2 * byte_sum(bit2)) as i32;
    let seven = 7 - pairs + (7 - kinds).max(0);
    let quads = 7 - half.min(7);
    let orphan = 14 - byte_sum(orphans) as i32 - i32::from(orphan_pairs != 0);
    (seven, quads, orphan)
}

/// Shanten of counts already validated: `total` is 3n+1 or 3n+2 (at most 17) and `forms` holds
/// only forms applicable to that size (at least one).
#[inline(always)]
pub(crate) fn shanten_unchecked(c: &Counts, total: u32, forms: Forms) -> i32 {
    let bits = forms.bits();
    let mut best = i32::MAX;
    if bits & Forms::REGULAR.bits() != 0 {
        let t = tables::tables();
        best = i32::from(t.replacement(&t.classes(c), (total / 3) as usize));
    }
    if bits & !Forms::REGULAR.bits() != 0 {
        best = best.min(special_min(c, bits));
    }
    best - 1
}

/// Shanten of validated counts (as [`shanten_unchecked`]) and of every hand with one more tile:
/// `after[k]` is the shanten after drawing kind `k`, or `i32::MAX` when `c[k]` is 4. Only the
/// block of the drawn tile is looked up again.
pub(crate) fn shanten_after_draws(c: &Counts, total: u32, forms: Forms) -> (i32, [i32; 34]) {
    let t = tables::tables();
    let bits = forms.bits();
    let regular = bits & Forms::REGULAR.bits() != 0;
    let special = bits & !Forms::REGULAR.bits() != 0;
    let classes = t.classes(c);
    let base = shanten_unchecked(c, total, forms);
    let melds = ((total + 1) / 3) as usize;
    let mut after = [i32::MAX; 34];
    let mut d = *c;
    for (k, slot) in after.iter_mut().enumerate() {
        if d[k] >= 4 {
            continue;
        }
        d[k] += 1;
        let mut best = i32::MAX;
        if regular {
            let mut drawn = classes;
            let block = k / 9;
            drawn[block] = t.block_class(&d, block);
            best = i32::from(t.replacement(&drawn, melds));
        }
        if special {
            best = best.min(special_min(&d, bits));
        }
        d[k] -= 1;
        *slot = best - 1;
    }
    (base, after)
}

/// Minimum replacement number over the special forms in `bits`.
#[inline(always)]
fn special_min(c: &Counts, bits: u32) -> i32 {
    let (seven, quads, orphan) = special_replacements(c);
    let pick = |form: Forms, v: i32| if bits & form.bits() != 0 { v } else { i32::MAX };
    pick(Forms::SEVEN_PAIRS, seven)
        .min(pick(Forms::SEVEN_PAIRS_QUADS, quads))
        .min(pick(Forms::THIRTEEN_ORPHANS, orphan))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::hand;

    fn sh(s: &str, f: Forms) -> i32 {
        shanten(&hand(s), f).unwrap()
    }

    #[test]
    fn shanten_regular_basics() {
        assert_eq!(sh("123m456p789s11222z", Forms::REGULAR), -1);
        assert_eq!(sh("123m456p789s1122z", Forms::REGULAR), 0);
        assert_eq!(sh("1m", Forms::REGULAR), 0);
        assert_eq!(sh("11m", Forms::REGULAR), -1);
        assert_eq!(sh("19m", Forms::REGULAR), 0);
        assert_eq!(sh("1m9p", Forms::REGULAR), 0);
        assert_eq!(sh("1234m", Forms::REGULAR), 0);
        assert_eq!(sh("19m19p19s1234567z", Forms::REGULAR), 8);
    }

    #[test]
    fn shanten_four_copies_subtleties() {
        // 1111m (target: a meld and a pair, 5 tiles). A target holds at most four 1m, and no
        // meld-plus-pair shape uses all four (111m + 11m is five copies; 123m + 11m uses three):
        // best overlap 3, replacement 2, shanten 1 (not tenpai, although it "has" a pung).
        assert_eq!(sh("1111m", Forms::REGULAR), 1);
        // 1111m111122233z: the quads cannot be pung + pair of the same kind; replacement 2
        // (xiangting documents the same), shanten 1.
        assert_eq!(sh("1111m111122233z", Forms::REGULAR), 1);
        // 4444m4444p4444s11z: 444m 444p 444s 11z plus a fourth meld that reuses a spare 4
        // (e.g. 345m) still needs 2 draws; no target uses 13 of the tiles. Shanten 1.
        assert_eq!(sh("4444m4444p4444s11z", Forms::REGULAR), 1);
        // 11112222z (8 tiles: 2 melds + pair): 111z 222z + a pair of a third honour, 2 draws.
        assert_eq!(sh("11112222z", Forms::REGULAR), 1);
        // In a suit the spare copies fit in chows: 111m 123m 22m needs only a 3m for a 2m.
        assert_eq!(sh("11112222m", Forms::REGULAR), 0);
    }

    #[test]
    fn shanten_special_forms() {
        assert_eq!(sh("1122m3344p5566s77z", Forms::SEVEN_PAIRS), -1);
        assert_eq!(sh("1122m3344p5566s7z", Forms::SEVEN_PAIRS), 0);
        // A quad is one distinct pair only: six distinct pairs in six kinds, so two of the 1m
        // must be swapped for a pair of a new kind: replacement 2, shanten 1.
        assert_eq!(sh("1111m3344p5566s77z", Forms::SEVEN_PAIRS), 1);
        assert_eq!(sh("1111m3344p5566s77z", Forms::SEVEN_PAIRS_QUADS), -1);
        assert_eq!(sh("119m19p19s1234567z", Forms::THIRTEEN_ORPHANS), -1);
        assert_eq!(sh("19m19p19s1234567z", Forms::THIRTEEN_ORPHANS), 0);
        assert_eq!(sh("19m19p19s1234567z", Forms::RIICHI), 0);
        assert_eq!(sh("23455m345p45678s", Forms::THIRTEEN_ORPHANS), 13);
    }

    #[test]
    fn shanten_errors() {
        assert_eq!(
            shanten(&hand("123m"), Forms::REGULAR),
            Err(Error::BadTileTotal { total: 3 })
        );
        assert_eq!(
            shanten(&hand(""), Forms::REGULAR),
            Err(Error::BadTileTotal { total: 0 })
        );
        assert_eq!(
            shanten(&hand("11m"), Forms::NONE),
            Err(Error::InvalidArgument)
        );
        assert_eq!(
            shanten(&hand("11m"), Forms::SEVEN_PAIRS),
            Err(Error::BadTileTotal { total: 2 })
        );
        // Forms that do not fit are skipped when one does.
        assert_eq!(shanten(&hand("11m"), Forms::ALL), Ok(-1));
    }
}
