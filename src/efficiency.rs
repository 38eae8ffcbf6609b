//! Tile efficiency: which draws lower the shanten number, and what each discard leaves.
//!
//! `visible` counts the tiles the player can see outside the hand (discards, melds, dora
//! indicators); the unseen copies of a kind are `4 - hand - visible`. A kind whose draw lowers
//! the shanten number is in the ukeire mask even when no copy is unseen; the counts only add
//! unseen copies. A kind the hand holds four of cannot be drawn and is never in the mask.

use crate::error::Error;
use crate::forms::Forms;
use crate::hand::{Hand, check_visible};
use crate::shanten::{applicable_forms, shanten_after_draws};
use crate::tile::{COPIES, Counts, TILE_KINDS};

/// Tile acceptance of a 3n+1 hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ukeire {
    /// Shanten number of the hand.
    pub shanten: i32,
    /// Bit i set: drawing kind i lowers the shanten number.
    pub mask: u64,
    /// Per kind: unseen copies of kind i if it is in `mask`, else 0.
    pub per_kind: Counts,
    /// Sum of `per_kind`.
    pub total: u32,
}

/// One possible discard of a 3n+2 hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Discard {
    /// The kind discarded (0..34).
    pub tile: u8,
    /// Shanten number of the hand after the discard.
    pub shanten: i32,
    /// Bit i set: after the discard, drawing kind i lowers the shanten number.
    pub ukeire_mask: u64,
    /// Unseen copies of the kinds in `ukeire_mask` (the discarded tile itself is not counted
    /// as seen unless the caller put it in `visible`).
    pub ukeire_count: u32,
}

const NONE_VISIBLE: Counts = [0; TILE_KINDS];

/// Ukeire of validated input: `c` has a 3n+1 total `total`, `forms` fits it.
fn ukeire_unchecked(c: &Counts, total: u32, forms: Forms, visible: &Counts) -> Ukeire {
    let (shanten, after) = shanten_after_draws(c, total, forms);
    let mut mask = 0u64;
    let mut per_kind = [0u8; TILE_KINDS];
    let mut sum = 0u32;
    for k in 0..TILE_KINDS {
        // Kinds held four times have `after[k] == i32::MAX`.
        if after[k] < shanten {
            mask |= 1 << k;
            per_kind[k] = COPIES - c[k] - visible[k];
            sum += u32::from(per_kind[k]);
        }
    }
    Ukeire {
        shanten,
        mask,
        per_kind,
        total: sum,
    }
}

/// Tile acceptance of a 3n+1 hand (1, 4, ..., 16 tiles) under `forms`.
///
/// # Errors
/// [`Error::BadTileTotal`] unless the hand has 3n+1 tiles and a requested form fits the size;
/// [`Error::InvalidArgument`] for an empty form set; [`Error::TooManyCopies`] when hand + visible
/// exceeds 4 for a kind.
pub fn ukeire(hand: &Hand, forms: Forms, visible: Option<&Counts>) -> Result<Ukeire, Error> {
    if hand.total() % 3 != 1 {
        return Err(Error::BadTileTotal {
            total: hand.total(),
        });
    }
    let f = applicable_forms(hand, forms)?;
    let visible = visible.unwrap_or(&NONE_VISIBLE);
    f.check_tiles(hand.counts())?;
    f.check_tiles(visible)?;
    check_visible(hand, visible)?;
    Ok(ukeire_unchecked(hand.counts(), hand.total(), f, visible))
}

/// Every distinct discard of a 3n+2 hand (2, 5, ..., 17 tiles), by increasing kind, with the
/// shanten number and ukeire after it.
///
/// # Errors
/// [`Error::BadTileTotal`] unless the hand has 3n+2 tiles and a requested form fits the size;
/// [`Error::InvalidArgument`] for an empty form set; [`Error::TooManyCopies`] when hand + visible
/// exceeds 4 for a kind.
pub fn discards(
    hand: &Hand,
    forms: Forms,
    visible: Option<&Counts>,
) -> Result<Vec<Discard>, Error> {
    if hand.total() % 3 != 2 {
        return Err(Error::BadTileTotal {
            total: hand.total(),
        });
    }
    let f = applicable_forms(hand, forms)?;
    let visible = visible.unwrap_or(&NONE_VISIBLE);
    f.check_tiles(hand.counts())?;
    f.check_tiles(visible)?;
    check_visible(hand, visible)?;
    let mut c = *hand.counts();
    let mut out = Vec::with_capacity(TILE_KINDS);
    for k in 0..TILE_KINDS {
        if c[k] == 0 {
            continue;
        }
        c[k] -= 1;
        let u = ukeire_unchecked(&c, hand.total() - 1, f, visible);
        c[k] += 1;
        out.push(Discard {
            tile: k as u8,
            shanten: u.shanten,
            ukeire_mask: u.mask,
            ukeire_count: u.total,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::{hand, tiles};

    #[test]
    fn ukeire_tenpai_waits() {
        // 23m waits on 1m/4m; 1m and 4m: 4 unseen each.
        let u = ukeire(&hand("23m456p789s11122z"), Forms::REGULAR, None).unwrap();
        assert_eq!(u.shanten, 0);
        assert_eq!(u.mask, 0b1001);
        assert_eq!(u.total, 8);
        let v = tiles("14m");
        let u = ukeire(&hand("23m456p789s11122z"), Forms::REGULAR, Some(&v)).unwrap();
        assert_eq!((u.per_kind[0], u.per_kind[3], u.total), (3, 3, 6));
    }

    #[test]
    fn ukeire_errors() {
        let h = hand("23m456p789s11122z");
        assert_eq!(
            ukeire(&h, Forms::REGULAR, Some(&tiles("2222m"))),
            Err(Error::TooManyCopies { kind: 1 })
        );
        assert_eq!(
            ukeire(&hand("11m"), Forms::REGULAR, None),
            Err(Error::BadTileTotal { total: 2 })
        );
        assert_eq!(ukeire(&h, Forms::NONE, None), Err(Error::InvalidArgument));
    }

    #[test]
    fn discards_complete_hand() {
        let d = discards(&hand("123m456p789s11222z"), Forms::REGULAR, None).unwrap();
        assert_eq!(d.len(), 11);
        // Discarding 1z or 2z keeps tenpai.
        let z1 = d.iter().find(|x| x.tile == 27).unwrap();
        assert_eq!(z1.shanten, 0);
        assert_eq!(
            discards(&hand("1m"), Forms::REGULAR, None),
            Err(Error::BadTileTotal { total: 1 })
        );
    }
}
