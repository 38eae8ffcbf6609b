//! Exact shanten (deficiency) numbers for hands of 1 to 17 tiles.
//!
//! The shanten number is the replacement number minus one, where the replacement number of a
//! hand is the fewest tiles that must be drawn (each swapped for a tile of the hand) to reach a
//! complete hand, over every complete hand that respects the 4-copies limit: `-1` complete,
//! `0` tenpai, and so on. It is exact, unlike the `8 - 2 * melds - partials` rule of thumb.
//!
//! The regular form (`n` melds and a pair, `n = total / 3`, up to 5 melds for 16/17-tile
//! Taiwanese hands) uses per-block class tables generated offline (`src/shanten/generate.rs`
//! documents the construction): a rank and a class per block, two combination lookups and a
//! final one, with no DP per hand. Seven pairs, seven pairs with quads and thirteen orphans are
//! branch-free closed forms over counts of kinds, pairs and orphans, for 13/14-tile hands.

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
#[inline]
pub(crate) fn applicable_forms(hand: &Hand, forms: Forms) -> Result<Forms, Error> {
    forms.for_hand_size(hand.total())
}

/// Shanten number of `hand`, the minimum over `forms`.
///
/// Regular form for every 3n+1 / 3n+2 size up to 17 tiles; seven pairs (distinct or with quads)
/// and thirteen orphans for 13/14 tiles; the MCR knitted forms as [`crate::knitted`] computes
/// them (全不靠 13/14 tiles, 组合龙 13/14 and 10/11). A requested form that does not fit the size
/// is skipped.
///
/// # Errors
/// [`Error::InvalidArgument`] for an empty form set; [`Error::BadTileTotal`] for a total of 3n
/// tiles (including 0) or when no requested form fits the size.
#[inline]
pub fn shanten(hand: &Hand, forms: Forms) -> Result<i32, Error> {
    let f = applicable_forms(hand, forms)?;
    f.check_tiles(hand.counts())?;
    Ok(shanten_unchecked(hand.counts(), hand.total(), f))
}

/// As [`shanten`] for counts that `hand` was validated from, read in place: the C ABI passes
/// the caller's array so that the lookups do not reread the fresh copy inside `hand`. Measured
/// against calling [`shanten`] on the copy: 70-75 vs 77-81 ns per `mj_shanten` call (4 runs
/// alternating). The general fix would be a `Hand` that borrows the caller's counts.
#[inline]
pub(crate) fn shanten_in_place(c: &Counts, hand: &Hand, forms: Forms) -> Result<i32, Error> {
    debug_assert_eq!(c, hand.counts());
    let f = forms.for_hand_size(hand.total())?;
    f.check_tiles(c)?;
    Ok(shanten_unchecked(c, hand.total(), f))
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

/// 1 for each terminal and honour kind.
const ORPHAN_KINDS: [u8; 34] = {
    let mut m = [0u8; 34];
    let mut k = 0;
    while k < 34 {
        m[k] = crate::tile::is_terminal_or_honor(k) as u8;
        k += 1;
    }
    m
};

/// Counts behind the special forms of a hand.
#[derive(Clone, Copy)]
struct SpecialStats {
    /// Kinds held.
    kinds: i32,
    /// Kinds held at least twice.
    pairs: i32,
    /// Sum of `c / 2`: pairs when a four of a kind counts as two.
    half: i32,
    /// Terminal and honour kinds held.
    orphans: i32,
    /// Terminal and honour kinds held at least twice.
    orphan_pairs: i32,
}

impl SpecialStats {
    /// Direct count over the 34 kinds (the tables' packed sums are tested against it).
    #[cfg(test)]
    fn of(c: &Counts) -> SpecialStats {
        let (mut kinds, mut pairs, mut half) = (0u8, 0u8, 0u8);
        let (mut orphans, mut orphan_pairs) = (0u8, 0u8);
        for (&n, &o) in c.iter().zip(&ORPHAN_KINDS) {
            let held = u8::from(n > 0);
            let pair = u8::from(n >= 2);
            kinds += held;
            pairs += pair;
            half += n >> 1;
            orphans += held & o;
            orphan_pairs += pair & o;
        }
        SpecialStats {
            kinds: i32::from(kinds),
            pairs: i32::from(pairs),
            half: i32::from(half),
            orphans: i32::from(orphans),
            orphan_pairs: i32::from(orphan_pairs),
        }
    }

    /// Unpacks the table form ([`tables::Stats`]).
    #[inline(always)]
    fn from_packed(p: u32) -> SpecialStats {
        use tables::Stats;
        SpecialStats {
            kinds: Stats::field(p, Stats::KINDS),
            pairs: Stats::field(p, Stats::PAIRS),
            half: Stats::field(p, Stats::HALF),
            orphans: Stats::field(p, Stats::ORPHANS),
            orphan_pairs: Stats::field(p, Stats::ORPHAN_PAIRS),
        }
    }

    /// The stats after one more tile of kind `k`, which the hand held `n` (< 4) of.
    #[inline(always)]
    fn with_draw(self, k: usize, n: u8) -> SpecialStats {
        let held = i32::from(n == 0);
        let pair = i32::from(n == 1);
        let o = i32::from(ORPHAN_KINDS[k]);
        SpecialStats {
            kinds: self.kinds + held,
            pairs: self.pairs + pair,
            half: self.half + i32::from(n & 1),
            orphans: self.orphans + held * o,
            orphan_pairs: self.orphan_pairs + pair * o,
        }
    }

    /// Minimum replacement number over the special forms in `bits` (13/14 tiles), branch-free:
    /// seven distinct pairs `7 - pairs + max(0, 7 - kinds)`, seven pairs with quads
    /// `7 - min(7, half)`, thirteen orphans `14 - orphans - [an orphan pair]`.
    ///
    /// The tests on `bits` only skip forms that were not asked for (the same way on every call
    /// with the same mask); nothing branches on the tiles.
    #[inline(always)]
    fn replacement(self, bits: u32) -> i32 {
        let mut best = i32::MAX;
        if bits & Forms::SEVEN_PAIRS.bits() != 0 {
            best = best.min(7 - self.pairs + (7 - self.kinds).max(0));
        }
        if bits & Forms::SEVEN_PAIRS_QUADS.bits() != 0 {
            best = best.min(7 - self.half.min(7));
        }
        if bits & Forms::THIRTEEN_ORPHANS.bits() != 0 {
            best = best.min(14 - self.orphans - i32::from(self.orphan_pairs > 0));
        }
        best
    }
}

/// Shanten of counts already validated: `total` is 3n+1 or 3n+2 (at most 17) and `forms` holds
/// only forms applicable to that size (at least one).
#[inline(always)]
pub(crate) fn shanten_unchecked(c: &Counts, total: u32, forms: Forms) -> i32 {
    let bits = forms.bits();
    let mut best = i32::MAX;
    let t = tables::tables();
    let keys = tables::HandKeys::of(c);
    if bits & Forms::REGULAR.bits() != 0 {
        let classes = if forms.is_three_player() {
            t.classes_three_player(c)
        } else {
            t.classes(&keys)
        };
        best = i32::from(t.replacement(&classes, (total / 3) as usize));
    }
    if bits & PAIRS_AND_ORPHANS != 0 {
        best = best.min(SpecialStats::from_packed(t.stats(&keys)).replacement(bits));
    }
    if bits & KNITTED != 0 {
        best = best.min(knitted_replacement(c, bits));
    }
    best - 1
}

/// Regular-form replacement number of `c` towards exactly `melds` melds and a pair, whatever
/// the number of tiles (counts at most 4, at most 17 tiles). Used by the knitted straight for
/// its set and pair.
pub(crate) fn regular_replacement(c: &Counts, melds: usize) -> i32 {
    let t = tables::tables();
    i32::from(t.replacement(&t.classes(&tables::HandKeys::of(c)), melds))
}

/// The seven-pairs and thirteen-orphans forms, computed here from kind counts.
const PAIRS_AND_ORPHANS: u32 =
    Forms::SEVEN_PAIRS.bits() | Forms::SEVEN_PAIRS_QUADS.bits() | Forms::THIRTEEN_ORPHANS.bits();
/// The MCR knitted forms, whose shanten comes from [`crate::knitted`].
const KNITTED: u32 = Forms::HONORS_AND_KNITTED.bits() | Forms::KNITTED_STRAIGHT.bits();

/// Minimum replacement number over the knitted forms in `bits` (sizes checked by
/// [`crate::knitted`]: `None` where a form does not fit).
#[cold]
fn knitted_replacement(c: &Counts, bits: u32) -> i32 {
    let mut best = i32::MAX;
    if bits & Forms::HONORS_AND_KNITTED.bits() != 0 {
        if let Some(s) = crate::knitted::honors_and_knitted_shanten(c) {
            best = best.min(s + 1);
        }
    }
    if bits & Forms::KNITTED_STRAIGHT.bits() != 0 {
        if let Some(s) = crate::knitted::knitted_straight_shanten(c) {
            best = best.min(s + 1);
        }
    }
    best
}

/// Shanten of validated counts (as [`shanten_unchecked`]) and of every hand with one more tile:
/// `after[k]` is the shanten after drawing kind `k`, or `i32::MAX` when `c[k]` is 4. Only the
/// block of the drawn tile is looked up again; the special-form counts are updated by the one
/// tile; the knitted forms (MCR) are recomputed.
pub(crate) fn shanten_after_draws(c: &Counts, total: u32, forms: Forms) -> (i32, [i32; 34]) {
    let t = tables::tables();
    let bits = forms.bits();
    let regular = bits & Forms::REGULAR.bits() != 0;
    let special = bits & PAIRS_AND_ORPHANS != 0;
    let knitted = bits & KNITTED != 0;
    let keys = tables::HandKeys::of(c);
    let classes = t.classes(&keys);
    let stats = SpecialStats::from_packed(t.stats(&keys));
    let base = shanten_unchecked(c, total, forms);
    let melds = ((total + 1) / 3) as usize;
    let mut after = [i32::MAX; 34];
    let mut d = *c;
    if forms.is_three_player() {
        for (k, slot) in after.iter_mut().enumerate() {
            if d[k] >= 4 || (1..8).contains(&k) {
                continue;
            }
            d[k] += 1;
            *slot = shanten_unchecked(&d, total + 1, forms);
            d[k] -= 1;
        }
        return (base, after);
    }
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
            best = best.min(stats.with_draw(k, c[k]).replacement(bits));
        }
        if knitted {
            best = best.min(knitted_replacement(&d, bits));
        }
        d[k] -= 1;
        *slot = best - 1;
    }
    (base, after)
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
    fn special_stats_tables_match_direct_count() {
        let t = tables::tables();
        let mut seed = 7u64;
        for _ in 0..20_000 {
            let mut c = [0u8; 34];
            let mut n = 0;
            while n < 17 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let k = (seed >> 33) as usize % 34;
                if c[k] < 4 {
                    c[k] += 1;
                    n += 1;
                }
            }
            let a = SpecialStats::of(&c);
            let b = SpecialStats::from_packed(t.stats(&tables::HandKeys::of(&c)));
            assert_eq!(
                (a.kinds, a.pairs, a.half, a.orphans, a.orphan_pairs),
                (b.kinds, b.pairs, b.half, b.orphans, b.orphan_pairs)
            );
        }
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
