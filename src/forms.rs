//! Winning forms, selected by a bit mask.

use crate::error::Error;

/// Per complete size 0..=17, the form bits that fit it (one lookup in the hot paths): the regular
/// form every 3n+2 size, everything at 14, and the knitted straight also at 11 (its set declared
/// as a meld leaves 9 knitted tiles and a pair concealed). Padded to 32 sizes (none fit above
/// 17) so that a masked index needs no test.
const FITS: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut n = 2;
    while n < 18 {
        t[n] = Forms::REGULAR.0;
        n += 3;
    }
    t[14] = Forms::ALL.0;
    t[11] |= Forms::KNITTED_STRAIGHT.0;
    // The three-player modifier stays wherever a form fits.
    let mut i = 0;
    while i < 18 {
        if t[i] != 0 {
            t[i] |= Forms::THREE_PLAYER.0;
        }
        i += 1;
    }
    t
};

/// Per hand size 0..=17, the form bits that fit a hand that may be complete or one tile short
/// (`FITS[n] | FITS[n + 1]`; only 3n+2 sizes have forms, so at most one term is nonempty).
const FITS_HAND: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut n = 0;
    while n < 31 {
        t[n] = FITS[n] | FITS[n + 1];
        n += 1;
    }
    t
};

/// The entry of a 32-entry size table for `n` (sizes from 32 on wrap to a size that fits no
/// form: they get 0 from [`Forms::applicable`]'s explicit test).
#[inline(always)]
fn fits(table: &[u32; 32], n: u32) -> u32 {
    if n < 32 { table[n as usize & 31] } else { 0 }
}

/// The bytes of 2m-8m (kinds 1..=7) in the first word of [`crate::tile::count_words`]: the
/// kinds three-player mahjong does not have.
pub(crate) const MAN_2_8_WORD: u64 = 0xFFFF_FFFF_FFFF_FF00;

/// A set of winning forms (bit mask). Combine with `|`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Forms(u32);

impl Forms {
    /// n melds + a pair, for every size 3n+2 (n = 0..5).
    pub const REGULAR: Forms = Forms(1);
    /// Seven distinct pairs (14 tiles); a four of a kind is not two pairs.
    pub const SEVEN_PAIRS: Forms = Forms(2);
    /// Thirteen orphans: one of each terminal and honour plus a pair of one of them (14 tiles).
    pub const THIRTEEN_ORPHANS: Forms = Forms(4);
    /// Seven pairs where a four of a kind counts as two pairs (MCR rule; 14 tiles).
    pub const SEVEN_PAIRS_QUADS: Forms = Forms(8);
    /// 全不靠 / 七星不靠, honours and knitted tiles (MCR; 14 tiles): see [`crate::win::knitted`].
    pub const HONORS_AND_KNITTED: Forms = Forms(16);
    /// 组合龙, a knitted straight with a set and a pair (MCR; 14 tiles, or 11 when the set is a
    /// declared meld): see [`crate::win::knitted`].
    pub const KNITTED_STRAIGHT: Forms = Forms(32);
    /// MCR forms: regular, seven pairs with quads, thirteen orphans and both knitted forms.
    pub const MCR: Forms = Forms(1 | 4 | 8 | 16 | 32);
    /// The special forms (everything but the regular form).
    pub const SPECIAL: Forms = Forms(2 | 4 | 8 | 16 | 32);
    /// No form.
    pub const NONE: Forms = Forms(0);
    /// Every form this build knows.
    pub const ALL: Forms = Forms(1 | 2 | 4 | 8 | 16 | 32);
    /// Riichi forms: regular, seven distinct pairs, thirteen orphans.
    pub const RIICHI: Forms = Forms(1 | 2 | 4);
    /// Modifier, not a form: three-player (sanma) tiles, 108 of them without 2m-8m. Those kinds
    /// can be neither held (refused with [`Error::ThreePlayerTile`]) nor drawn, and shanten
    /// counts only complete hands without them. Combines with the riichi forms only.
    pub const THREE_PLAYER: Forms = Forms(64);
    /// Tile kinds 2m-8m, absent from the three-player set.
    pub const MAN_2_TO_8: u64 = 0b1111_1110;

    /// Checks a mask coming from outside.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a bit that names no form, and for the three-player
    /// modifier alone or with an MCR form.
    #[inline(always)]
    pub fn from_bits(bits: u32) -> Result<Forms, Error> {
        // Form bits alone (no modifier): one test; the modifier's rules out of line.
        if bits & !Self::ALL.0 == 0 {
            return Ok(Forms(bits));
        }
        Self::from_bits_modifier(bits)
    }

    /// [`Forms::from_bits`] for a mask with a bit outside [`Forms::ALL`].
    #[inline(never)]
    fn from_bits_modifier(bits: u32) -> Result<Forms, Error> {
        if bits & !(Self::ALL.0 | Self::THREE_PLAYER.0) != 0 {
            return Err(Error::InvalidArgument);
        }
        // The modifier goes with riichi forms only, and with at least one.
        if bits & Self::THREE_PLAYER.0 != 0
            && (bits & !(Self::RIICHI.0 | Self::THREE_PLAYER.0) != 0 || bits & Self::RIICHI.0 == 0)
        {
            return Err(Error::InvalidArgument);
        }
        Ok(Forms(bits))
    }

    /// Whether the three-player modifier is set.
    pub const fn is_three_player(self) -> bool {
        self.0 & Self::THREE_PLAYER.0 != 0
    }

    /// Refuses, under the three-player modifier, counts holding a 2m-8m.
    ///
    /// # Errors
    /// [`Error::ThreePlayerTile`].
    #[inline]
    pub fn check_tiles(self, counts: &crate::tile::Counts) -> Result<(), Error> {
        if self.is_three_player() && counts[1..8].iter().any(|&c| c > 0) {
            return Err(Error::ThreePlayerTile);
        }
        Ok(())
    }

    /// [`Forms::check_tiles`] on the count words of [`crate::tile::count_words`] (2m-8m are
    /// bytes 1-7 of the first word, [`MAN_2_8_WORD`]): one test when the modifier is not set.
    ///
    /// # Errors
    /// [`Error::ThreePlayerTile`].
    #[inline(always)]
    pub(crate) fn check_words(self, w: &[u64; 5]) -> Result<(), Error> {
        if self.is_three_player() && w[0] & MAN_2_8_WORD != 0 {
            return Err(Error::ThreePlayerTile);
        }
        Ok(())
    }

    /// The raw mask.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// True when every form of `other` is in `self`.
    pub const fn contains(self, other: Forms) -> bool {
        self.0 & other.0 == other.0
    }

    /// True when `self` and `other` share a form.
    pub const fn intersects(self, other: Forms) -> bool {
        self.0 & other.0 != 0
    }

    /// True for the empty set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The forms of `self` that apply to a winning (3n+2) hand of `complete_total` tiles (for
    /// waits and shanten of a 3n+1 hand, pass its size + 1): the regular form fits every 3n+2
    /// size up to 17, the knitted straight 14 and 11, the other forms only 14.
    pub const fn applicable(self, complete_total: u32) -> Forms {
        let i = if complete_total < 32 {
            complete_total as usize
        } else {
            0
        };
        Forms(self.0 & FITS[i])
    }
}

impl Forms {
    /// The forms of `self` that apply to a hand of `total` tiles that must become a complete
    /// hand of `complete_total` tiles (the same for a win check, `total + 1` for waits and for
    /// the shanten of a 3n+1 hand); the single size check of every form-taking call.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an empty set; [`Error::BadTileTotal`] (naming `total`) when
    /// no form of `self` fits `complete_total`.
    #[inline]
    pub fn for_size(self, total: u32, complete_total: u32) -> Result<Forms, Error> {
        self.checked(Forms(self.0 & fits(&FITS, complete_total)), total)
    }

    /// As [`Forms::for_size`] for a hand that may be complete or one tile short (shanten, tile
    /// efficiency): 3n+2 tiles take the forms of their size, 3n+1 those of the next size, 3n none.
    ///
    /// # Errors
    /// As [`Forms::for_size`].
    #[inline]
    pub fn for_hand_size(self, total: u32) -> Result<Forms, Error> {
        self.checked(Forms(self.0 & fits(&FITS_HAND, total)), total)
    }

    /// [`Forms::for_size`] for a `total` that passed validation (at most [`crate::Hand::MAX_TILES`],
    /// so `complete_total` is at most 18): the size table is read without a range test.
    ///
    /// # Errors
    /// As [`Forms::for_size`].
    #[inline(always)]
    pub(crate) fn for_valid_size(self, total: u32, complete_total: u32) -> Result<Forms, Error> {
        debug_assert!(complete_total <= crate::Hand::MAX_TILES + 1);
        self.checked(Forms(self.0 & FITS[complete_total as usize & 31]), total)
    }

    /// [`Forms::for_hand_size`] for a `total` that passed validation, as [`Forms::for_valid_size`].
    ///
    /// # Errors
    /// As [`Forms::for_size`].
    #[inline(always)]
    pub(crate) fn for_valid_hand_size(self, total: u32) -> Result<Forms, Error> {
        debug_assert!(total <= crate::Hand::MAX_TILES);
        self.checked(Forms(self.0 & FITS_HAND[total as usize & 31]), total)
    }

    /// `applicable` (a subset of `self`) if nonempty; one test on the success path.
    #[inline(always)]
    fn checked(self, applicable: Forms, total: u32) -> Result<Forms, Error> {
        if applicable.0 & !Self::THREE_PLAYER.0 == 0 {
            return Err(self.unfit(total));
        }
        Ok(applicable)
    }

    /// The error when no form of `self` fits: a set without forms (empty, or the three-player
    /// modifier alone) is an invalid argument.
    #[cold]
    fn unfit(self, total: u32) -> Error {
        if self.0 & !Self::THREE_PLAYER.0 == 0 {
            Error::InvalidArgument
        } else {
            Error::BadTileTotal { total }
        }
    }
}

impl std::ops::BitOr for Forms {
    type Output = Forms;
    fn bitor(self, rhs: Forms) -> Forms {
        Forms(self.0 | rhs.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_bits_rejects_unknown() {
        assert_eq!(Forms::from_bits(7), Ok(Forms::RIICHI));
        assert_eq!(Forms::from_bits(1 << 20), Err(Error::InvalidArgument));
        assert_eq!(Forms::from_bits(64), Err(Error::InvalidArgument));
        assert_eq!(Forms::from_bits(64 | 8), Err(Error::InvalidArgument));
        assert_eq!(
            Forms::from_bits(64 | 2),
            Ok(Forms::SEVEN_PAIRS | Forms::THREE_PLAYER)
        );
    }

    #[test]
    fn for_size_errors() {
        assert_eq!(Forms::NONE.for_size(14, 14), Err(Error::InvalidArgument));
        assert_eq!(
            Forms::SEVEN_PAIRS.for_size(11, 11),
            Err(Error::BadTileTotal { total: 11 })
        );
        assert_eq!(Forms::ALL.for_size(13, 14), Ok(Forms::ALL));
        assert_eq!(
            Forms::ALL.for_size(3, 0),
            Err(Error::BadTileTotal { total: 3 })
        );
    }

    #[test]
    fn applicable_by_size() {
        assert_eq!(Forms::ALL.applicable(14), Forms::ALL);
        assert_eq!(Forms::ALL.applicable(17), Forms::REGULAR);
        assert_eq!(Forms::SEVEN_PAIRS.applicable(11), Forms::NONE);
        assert_eq!(Forms::ALL.applicable(13), Forms::NONE);
        assert_eq!(Forms::ALL.applicable(20), Forms::NONE);
        assert_eq!(
            Forms::ALL.applicable(11),
            Forms::REGULAR | Forms::KNITTED_STRAIGHT
        );
    }
}
