//! C functions for shanten numbers and tile efficiency.

use super::{MjStatus, counts_opt, counts_ref, guard, out_mut};
use crate::efficiency::{self, Discard};
use crate::forms::Forms;
use crate::tile::{Counts, TILE_KINDS};

/// The discard entry of `mj_discards` is the core's (`efficiency::Discard`, exported by
/// cbindgen as `MjDiscard`); Rust callers of this module get it under its C name.
pub use crate::efficiency::Discard as MjDiscard;

/// Shanten number of a hand: the fewest tile swaps to a complete hand, minus one (-1 complete,
/// 0 tenpai, ...), exact and respecting the 4-copies limit; the minimum over the forms in
/// `forms` (`MJ_FORM_*` bits).
///
/// The regular form fits every hand of 3n+1 or 3n+2 tiles up to 17 (16/17: Taiwanese, 5 melds
/// and a pair); seven pairs, seven pairs with quads, thirteen orphans and
/// `MJ_FORM_HONORS_AND_KNITTED` fit 13/14 tiles, `MJ_FORM_KNITTED_STRAIGHT` 13/14 and 10/11; a
/// form that does not fit the size is skipped.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` if `counts` or `out_shanten` is NULL; `MJ_STATUS_TOO_MANY_COPIES`
/// for a count above 4; `MJ_STATUS_BAD_TILE_TOTAL` for 0, 3n or more than 17 tiles, or when no
/// requested form fits the size; `MJ_STATUS_INVALID_ARGUMENT` for `forms` = 0 or an unknown bit;
/// `MJ_STATUS_THREE_PLAYER_TILE` for a 2m-8m under `MJ_FORM_THREE_PLAYER`. `*out_shanten` is written only on `MJ_STATUS_OK`.
///
/// # Safety
/// `counts` is NULL or readable for `MJ_TILE_KINDS` bytes; `out_shanten` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_shanten(
    counts: *const u8,
    forms: u32,
    out_shanten: *mut i32,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract above.
        let c = unsafe { counts_ref(counts) }?;
        // SAFETY: caller contract above.
        let out = unsafe { out_mut(out_shanten) }?;
        *out = crate::shanten::shanten(c, Forms::from_bits(forms)?)?;
        Ok(())
    })
}

/// Tile acceptance (ukeire) of a 3n+1 hand (1, 4, ..., 16 tiles): per tile kind, the unseen
/// copies whose draw lowers the shanten number under `forms`; `*out_total` is their sum.
///
/// `visible` is NULL (nothing seen) or `MJ_TILE_KINDS` counts of the tiles the player sees
/// outside the hand (discards, melds, dora indicators); unseen = 4 - hand - visible. A kind
/// whose draw does not lower the shanten number, or that the hand holds four of, gets 0.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` if `counts`, `out_per_kind` or `out_total` is NULL;
/// `MJ_STATUS_TOO_MANY_COPIES` for a count above 4 or hand + visible above 4 for a kind;
/// `MJ_STATUS_BAD_TILE_TOTAL` unless the hand has 3n+1 tiles (at most 16) and a requested form
/// fits; `MJ_STATUS_INVALID_ARGUMENT` for `forms` = 0 or an unknown bit;
/// `MJ_STATUS_THREE_PLAYER_TILE` for a 2m-8m under `MJ_FORM_THREE_PLAYER` (in the hand or in `visible`). Outputs are written only on `MJ_STATUS_OK`.
///
/// # Safety
/// `counts` is NULL or readable for `MJ_TILE_KINDS` bytes; `visible` is NULL or readable for
/// `MJ_TILE_KINDS` bytes; `out_per_kind` is NULL or writable for `MJ_TILE_KINDS` bytes;
/// `out_total` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_ukeire(
    counts: *const u8,
    forms: u32,
    visible: *const u8,
    out_per_kind: *mut u8,
    out_total: *mut u32,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract above.
        let c = unsafe { counts_ref(counts) }?;
        // SAFETY: caller contract above.
        let visible = unsafe { counts_opt(visible) };
        // SAFETY: NULL or writable for 34 bytes, alignment 1.
        let per_kind = unsafe { out_mut(out_per_kind.cast::<Counts>()) }?;
        // SAFETY: caller contract above.
        let total = unsafe { out_mut(out_total) }?;
        let forms = Forms::from_bits(forms)?;
        let u = efficiency::ukeire(c, forms, visible)?;
        *per_kind = u.per_kind;
        *total = u.total;
        Ok(())
    })
}

/// Every distinct discard of a 3n+2 hand (2, 5, ..., 17 tiles) by increasing tile kind, with
/// the shanten number and tile acceptance of the hand left (as `mj_ukeire` on it, same
/// `forms` and `visible`). `*out_len` receives the number of entries written to `out`.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` if `counts`, `out` or `out_len` is NULL;
/// `MJ_STATUS_TOO_MANY_COPIES` for a count above 4 or hand + visible above 4 for a kind;
/// `MJ_STATUS_BAD_TILE_TOTAL` unless the hand has 3n+2 tiles (at most 17) and a requested form
/// fits; `MJ_STATUS_INVALID_ARGUMENT` for `forms` = 0 or an unknown bit;
/// `MJ_STATUS_THREE_PLAYER_TILE` for a 2m-8m under `MJ_FORM_THREE_PLAYER` (in the hand or in `visible`). Outputs are written only on `MJ_STATUS_OK`.
///
/// # Safety
/// `counts` is NULL or readable for `MJ_TILE_KINDS` bytes; `visible` is NULL or readable for
/// `MJ_TILE_KINDS` bytes; `out` is NULL or writable for `MJ_TILE_KINDS` `MjDiscard` entries;
/// `out_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_discards(
    counts: *const u8,
    forms: u32,
    visible: *const u8,
    out: *mut Discard,
    out_len: *mut u32,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract above.
        let c = unsafe { counts_ref(counts) }?;
        // SAFETY: caller contract above.
        let visible = unsafe { counts_opt(visible) };
        // SAFETY: NULL or writable for 34 entries, alignment of MjDiscard.
        let out = unsafe { out_mut(out.cast::<[Discard; TILE_KINDS]>()) }?;
        // SAFETY: caller contract above.
        let len = unsafe { out_mut(out_len) }?;
        let forms = Forms::from_bits(forms)?;
        // Every check comes before the first entry is written.
        let mut n = 0;
        efficiency::discards(c, forms, visible, |d| {
            out[n] = d;
            n += 1;
        })?;
        *len = n as u32;
        Ok(())
    })
}
