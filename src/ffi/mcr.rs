//! MCR (Chinese Official) scoring: `mj_mcr_score`, `mj_mcr_fan_info` and their types.

use super::{MJ_TILE_KINDS, MjStatus, guard, out_mut};
use crate::mcr::{self, McrHand, McrScore, Meld, fans};

// The MCR hand, its melds, the result, their array lengths and the win flags are the core's
// (`mcr::McrHand`, `meld::Meld`, `mcr::McrScore`, `mcr::MELD_SLOTS`, `mcr::FAN_SLOTS`,
// `mcr::WIN_*`), exported under their C names
// by cbindgen (`[export.rename]` in cbindgen.toml); here they get the same names for Rust callers
// of this module.
pub use crate::mcr::{
    FAN_SLOTS as MJ_MCR_FAN_SLOTS, MELD_SLOTS as MJ_MCR_MAX_MELDS, McrHand as MjMcrHand,
    McrScore as MjMcrResult, Meld as MjMcrMeld, WIN_KONG as MJ_MCR_WIN_KONG,
    WIN_LAST_COPY as MJ_MCR_WIN_LAST_COPY, WIN_SELF_DRAWN as MJ_MCR_WIN_SELF_DRAWN,
    WIN_WALL_LAST as MJ_MCR_WIN_WALL_LAST,
};
pub use crate::meld::{
    KIND_CHOW as MJ_MCR_MELD_CHOW, KIND_CONCEALED_KONG as MJ_MCR_MELD_CONCEALED_KONG,
    KIND_KONG as MJ_MCR_MELD_KONG, KIND_PUNG as MJ_MCR_MELD_PUNG,
};
use std::ffi::c_char;

/// Highest fan id accepted by `mj_mcr_fan_info`.
pub const MJ_MCR_MAX_FAN_ID: u32 = 82;

/// An empty hand: no tiles, no melds, winning tile 0, won on a discard, East seat and round, no
/// flowers. Set `counts`, `win_tile` and the rest before scoring.
#[unsafe(no_mangle)]
pub extern "C" fn mj_mcr_hand_default() -> McrHand {
    McrHand {
        melds: [Meld {
            kind: 0,
            tile: 0,
            claimed: 0,
        }; mcr::MELD_SLOTS],
        ..McrHand::new([0; MJ_TILE_KINDS], 0)
    }
}

// The C layout of the core hand and meld.
const _: () = {
    assert!(std::mem::size_of::<McrHand>() == 60 && std::mem::size_of::<Meld>() == 3);
};

/// Scores a winning MCR hand: every fan by official id, the total, and whether the 8-point
/// minimum is reached without flowers. Scoring matches the reference calculator (pymahjonggb);
/// see the README for the rule choices and tie-breaking.
///
/// # Errors
/// - `MJ_STATUS_NULL_POINTER`: `hand` or `out_result` is NULL.
/// - `MJ_STATUS_INVALID_ARGUMENT`: `meld_count` above 4, a wind above 3, more than 8 flowers, a
///   winning tile outside 0..33 or not in `counts`.
/// - `MJ_STATUS_ILLEGAL_MELD`: unknown meld kind, meld tile outside 0..33, a chow of honours or
///   starting at 8 or 9, `claimed` out of range.
/// - `MJ_STATUS_TOO_MANY_COPIES`: a fifth copy of a kind in `counts` + melds.
/// - `MJ_STATUS_BAD_TILE_TOTAL`: `counts` does not total `14 - 3 * meld_count`.
/// - `MJ_STATUS_INVALID_FLAGS`: an unknown flag bit, or a flag that cannot hold: last copy while
///   `counts` holds another copy of the winning tile; kong + self-drawn without a declared kong;
///   kong on a discard (robbing) when another copy of the winning tile is in `counts` or the
///   melds, or together with `MJ_MCR_WIN_WALL_LAST`.
/// - `MJ_STATUS_NOT_WINNING`: the tiles are not a winning hand.
///
/// `*out_result` is written only on `MJ_STATUS_OK`.
///
/// # Safety
/// `hand` is NULL or points to a readable `MjMcrHand`; `out_result` is NULL or points to a
/// writable `MjMcrResult`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_mcr_score(hand: *const McrHand, out_result: *mut McrScore) -> MjStatus {
    guard(|| {
        // SAFETY: NULL or a readable MjMcrHand per the contract. Every field of `McrHand`
        // (`repr(C)`) is an integer or an array of integers, so any bytes are a valid hand;
        // `score` checks the values (meld kinds included) before it reads them.
        let h = unsafe { hand.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: NULL or writable per the contract.
        let out = unsafe { out_mut(out_result) }?;
        *out = mcr::score(h)?;
        Ok(())
    })
}

/// Points and names of fan `id` (1..=82, see `MJ_MCR_FAN_SLOTS`), for user interfaces. The names
/// are static NUL-terminated UTF-8 strings (Chinese as in the rule book, and English) that live
/// for the whole program.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` if an output is NULL; `MJ_STATUS_INVALID_ARGUMENT` for an id outside
/// 1..=82. Outputs are written only on `MJ_STATUS_OK`.
///
/// # Safety
/// `out_points`, `out_name_zh` and `out_name_en` are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_mcr_fan_info(
    id: u32,
    out_points: *mut i32,
    out_name_zh: *mut *const c_char,
    out_name_en: *mut *const c_char,
) -> MjStatus {
    guard(|| {
        // SAFETY: NULL or writable per the contract.
        let (p, zh, en) = unsafe {
            (
                out_mut(out_points)?,
                out_mut(out_name_zh)?,
                out_mut(out_name_en)?,
            )
        };
        let id = id as usize;
        let (points, name_zh, name_en) =
            match (fans::points(id), fans::name_zh(id), fans::name_en(id)) {
                (Some(a), Some(b), Some(c)) => (a, b, c),
                _ => return Err(MjStatus::InvalidArgument),
            };
        *p = i32::from(points);
        *zh = name_zh.as_ptr();
        *en = name_en.as_ptr();
        Ok(())
    })
}
