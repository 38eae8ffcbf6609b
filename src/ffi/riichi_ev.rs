//! Riichi discard analysis (EV): `mj_riichi_ev` and its initialisers.

use super::{MjStatus, guard};
use crate::riichi::Rules;
use crate::riichi::ev::{self, EvHand, EvOptions, EvResult};

// The hand, options, entry and result are the core's (`riichi::ev::EvHand`, ...), exported
// under their C names by cbindgen (`[export.rename]` in cbindgen.toml); here they get the same
// names for Rust callers of this module.
pub use crate::riichi::ev::{
    EV_DEFAULT_MAX_NODES as MJ_RIICHI_EV_DEFAULT_MAX_NODES, EV_MAX_DRAWS as MJ_RIICHI_EV_MAX_DRAWS,
    EV_MAX_ENTRIES as MJ_RIICHI_EV_MAX_ENTRIES, EV_MAX_EXTRA as MJ_RIICHI_EV_MAX_EXTRA,
    EV_MODEL_MAHJONG_CPP as MJ_RIICHI_EV_MODEL_MAHJONG_CPP,
    EV_MODEL_MJKIT as MJ_RIICHI_EV_MODEL_MJKIT, EV_NO_TILE as MJ_RIICHI_EV_NO_TILE,
    EV_SHANTEN_DOWN as MJ_RIICHI_EV_SHANTEN_DOWN, EV_TEGAWARI as MJ_RIICHI_EV_TEGAWARI,
    EV_URA as MJ_RIICHI_EV_URA, EvEntry as MjRiichiEvEntry, EvHand as MjRiichiEvHand,
    EvOptions as MjRiichiEvOptions, EvResult as MjRiichiEvResult,
};

// The structs cross the boundary as they are: fixed-width integer and double fields only.
const _: () = {
    use std::mem::{align_of, size_of};
    assert!(size_of::<EvHand>() == 108 && align_of::<EvHand>() == 4);
    assert!(size_of::<EvOptions>() == 12);
    assert!(size_of::<ev::EvEntry>() == 32 && align_of::<ev::EvEntry>() == 8);
    assert!(size_of::<EvResult>() == 920);
};

/// An empty analysis hand: no tiles, nothing visible, no melds, South seat, East round, no
/// dora, not in riichi, no honba or sticks. Set `counts`, `visible` and the rest before
/// `mj_riichi_ev`.
#[unsafe(no_mangle)]
pub extern "C" fn mj_riichi_ev_hand_default() -> EvHand {
    EvHand::new()
}

/// The default analysis options: 17 draws, `extra` 1, `MJ_RIICHI_EV_TEGAWARI |
/// MJ_RIICHI_EV_SHANTEN_DOWN | MJ_RIICHI_EV_URA`, `MJ_RIICHI_EV_MODEL_MJKIT`, at most
/// `MJ_RIICHI_EV_DEFAULT_MAX_NODES` search states.
#[unsafe(no_mangle)]
pub extern "C" fn mj_riichi_ev_options_default() -> EvOptions {
    EvOptions::new()
}

/// Discard analysis of a riichi hand: for each discard of a 14-tile hand (each tile kind, a red
/// five apart, without and, when it leaves a closed hand ready, with riichi), or for a 13-tile
/// hand itself, the probability of being ready and of winning within `options->draws` draws
/// and the expected points, over the tiles the seat cannot see. The model (self-draws only,
/// discards shuffled back into the unseen tiles, each figure under its own best play, the
/// search budget `extra`) is in docs/riichi-ev.md; `MJ_RIICHI_EV_MODEL_MAHJONG_CPP` gives
/// mahjong-cpp's figures instead. Deterministic, thread-safe; allocates only while it runs.
///
/// # Errors
/// - `MJ_STATUS_NULL_POINTER`: `hand`, `rules`, `options` or `out_result` is NULL.
/// - `MJ_STATUS_INVALID_ARGUMENT`: `meld_count` above 4, a wind above 3, more than 5 dora
///   indicators or one outside 0..33, an indicator not counted in `visible`, `riichi` above 1
///   or set on a 14-tile hand, honba or sticks above 100, a rules field out of range, an
///   option out of range (`draws` above `MJ_RIICHI_EV_MAX_DRAWS`, `extra` above
///   `MJ_RIICHI_EV_MAX_EXTRA`, an unknown model or flag, `reserved` not 0), or mahjong-cpp's
///   model with fewer than 18 unseen tiles.
/// - `MJ_STATUS_ILLEGAL_MELD`: a meld as `mj_riichi_score` refuses it.
/// - `MJ_STATUS_TOO_MANY_COPIES`: more than 4 copies of a kind in `counts` + melds + `visible`.
/// - `MJ_STATUS_BAD_TILE_TOTAL`: `counts` totals neither `13 - 3 * meld_count` nor one more.
/// - `MJ_STATUS_RED_FIVES`: with aka dora, more than one red five of a suit in `red_fives`,
///   `meld_red_fives` and `visible_red` together, or a red five where no five of its suit is.
/// - `MJ_STATUS_RIICHI_CONFLICT`: riichi with an open meld or on a hand that is not ready.
/// - `MJ_STATUS_THREE_PLAYER_TILE`: three-player rules with a 2m-8m, a chi or the North seat.
/// - `MJ_STATUS_SEARCH_LIMIT`: more than `options->max_nodes` states even at `extra` 0.
///
/// `*out_result` is written only on `MJ_STATUS_OK`.
///
/// # Safety
/// `hand`, `rules` and `options` are NULL or point to readable structs; `out_result` is NULL
/// or points to a writable `MjRiichiEvResult`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_riichi_ev(
    hand: *const EvHand,
    rules: *const Rules,
    options: *const EvOptions,
    out_result: *mut EvResult,
) -> MjStatus {
    guard(|| {
        // SAFETY: NULL or readable per the contract. Every field of the three input structs
        // (`repr(C)`) is an integer or an array of integers, so any bytes are valid values;
        // `analyze` checks them before it reads them as anything else.
        let (h, r, o) = unsafe { (hand.as_ref(), rules.as_ref(), options.as_ref()) };
        let (h, r, o) = (
            h.ok_or(MjStatus::NullPointer)?,
            r.ok_or(MjStatus::NullPointer)?,
            o.ok_or(MjStatus::NullPointer)?,
        );
        if out_result.is_null() {
            return Err(MjStatus::NullPointer);
        }
        let result = ev::analyze(h, r, o)?;
        // SAFETY: non-NULL and writable per the contract; written only on success.
        unsafe { out_result.write(result) };
        Ok(())
    })
}
