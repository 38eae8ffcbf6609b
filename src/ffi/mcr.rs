//! MCR (Chinese Official) scoring: `mj_mcr_score`, `mj_mcr_fan_info` and their types.

use super::{MJ_TILE_KINDS, MjStatus, guard, out_mut};
use crate::mcr::{self, McrHand, Meld, MeldKind, fans};
use std::ffi::c_char;

/// Most declared melds in an `MjMcrHand`.
pub const MJ_MCR_MAX_MELDS: usize = 4;
/// Slots of `MjMcrResult::fans`: index 0 unused, 1..=81 the official fans in rule-book order
/// (1 = 大四喜 ... 81 = 花牌), 82 = 明暗杠 (the reference calculator's extension, 5 points).
pub const MJ_MCR_FAN_SLOTS: usize = 83;
/// Highest fan id accepted by `mj_mcr_fan_info`.
pub const MJ_MCR_MAX_FAN_ID: u32 = 82;

/// Meld kind: a claimed chow; `tile` is its lowest tile, `claimed` which tile (1, 2, 3) was taken.
pub const MJ_MCR_MELD_CHOW: u8 = 1;
/// Meld kind: a claimed pung; `claimed` is the seat it came from (1 left, 2 opposite, 3 right).
pub const MJ_MCR_MELD_PUNG: u8 = 2;
/// Meld kind: a melded kong (from a discard or added to a pung); `claimed` as for a pung.
pub const MJ_MCR_MELD_KONG: u8 = 3;
/// Meld kind: a concealed kong; `claimed` must be 0.
pub const MJ_MCR_MELD_CONCEALED_KONG: u8 = 4;

/// Win flag: self-drawn (自摸).
pub const MJ_MCR_WIN_SELF_DRAWN: u32 = 1;
/// Win flag: the winning tile is the last copy of its kind (和绝张).
pub const MJ_MCR_WIN_LAST_COPY: u32 = 2;
/// Win flag: kong-related: with self-drawn 杠上开花, otherwise 抢杠和.
pub const MJ_MCR_WIN_KONG: u32 = 4;
/// Win flag: last tile of the wall: with self-drawn 妙手回春, otherwise 海底捞月.
pub const MJ_MCR_WIN_WALL_LAST: u32 = 8;

/// A declared meld of an `MjMcrHand`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjMcrMeld {
    /// `MJ_MCR_MELD_CHOW`, `MJ_MCR_MELD_PUNG`, `MJ_MCR_MELD_KONG` or `MJ_MCR_MELD_CONCEALED_KONG`.
    pub kind: u8,
    /// Tile kind 0..33: the lowest tile of a chow, the tile of a pung or kong.
    pub tile: u8,
    /// Chow: which tile was claimed (1..3). Pung/kong: seat it came from (1..3). Concealed kong: 0.
    pub claimed: u8,
}

/// A winning hand to score. Fill it from `mj_mcr_hand_default()`.
///
/// `counts` holds the concealed tiles **including the winning tile**; the tiles of declared melds
/// are not in `counts`. So `counts` totals `14 - 3 * meld_count` tiles (a kong counts as 3 there).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjMcrHand {
    /// Concealed tiles by kind (`MJ_TILE_KINDS` counts), winning tile included.
    pub counts: [u8; MJ_TILE_KINDS],
    /// Declared melds; only the first `meld_count` are read.
    pub melds: [MjMcrMeld; MJ_MCR_MAX_MELDS],
    /// Number of declared melds, 0..4.
    pub meld_count: u8,
    /// Winning tile kind 0..33; it must be in `counts`.
    pub win_tile: u8,
    /// Seat wind 0..3 (East, South, West, North).
    pub seat_wind: u8,
    /// Prevalent wind 0..3.
    pub prevalent_wind: u8,
    /// `MJ_MCR_WIN_*` bits.
    pub flags: u32,
    /// Flower tiles 0..8.
    pub flowers: u8,
}

/// The score of a hand.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjMcrResult {
    /// Total points, flowers included.
    pub total: i32,
    /// Total points without flowers.
    pub base: i32,
    /// 1 when `base` reaches the 8-point minimum, else 0.
    pub qualifies: u8,
    /// How many times each fan counts, by id (see `MJ_MCR_FAN_SLOTS`).
    pub fans: [u8; MJ_MCR_FAN_SLOTS],
}

/// An empty hand: no tiles, no melds, winning tile 0, won on a discard, East seat and round, no
/// flowers. Set `counts`, `win_tile` and the rest before scoring.
#[unsafe(no_mangle)]
pub extern "C" fn mj_mcr_hand_default() -> MjMcrHand {
    MjMcrHand {
        counts: [0; MJ_TILE_KINDS],
        melds: [MjMcrMeld {
            kind: 0,
            tile: 0,
            claimed: 0,
        }; MJ_MCR_MAX_MELDS],
        meld_count: 0,
        win_tile: 0,
        seat_wind: 0,
        prevalent_wind: 0,
        flags: 0,
        flowers: 0,
    }
}

fn to_core(h: &MjMcrHand) -> Result<McrHand, MjStatus> {
    if usize::from(h.meld_count) > MJ_MCR_MAX_MELDS {
        return Err(MjStatus::InvalidArgument);
    }
    let mut core = McrHand::new(h.counts, h.win_tile);
    for m in &h.melds[..usize::from(h.meld_count)] {
        let kind = match m.kind {
            MJ_MCR_MELD_CHOW => MeldKind::Chow,
            MJ_MCR_MELD_PUNG => MeldKind::Pung,
            MJ_MCR_MELD_KONG => MeldKind::Kong,
            MJ_MCR_MELD_CONCEALED_KONG => MeldKind::ConcealedKong,
            _ => return Err(MjStatus::IllegalMeld),
        };
        core = core.with_meld(Meld {
            kind,
            tile: m.tile,
            claimed: m.claimed,
        });
    }
    core.flags = h.flags;
    core.seat_wind = h.seat_wind;
    core.prevalent_wind = h.prevalent_wind;
    core.flowers = h.flowers;
    Ok(core)
}

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
pub unsafe extern "C" fn mj_mcr_score(
    hand: *const MjMcrHand,
    out_result: *mut MjMcrResult,
) -> MjStatus {
    guard(|| {
        // SAFETY: NULL or a readable MjMcrHand per the contract.
        let h = unsafe { hand.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: NULL or writable per the contract.
        let out = unsafe { out_mut(out_result) }?;
        let s = mcr::score(&to_core(h)?)?;
        *out = MjMcrResult {
            total: s.total,
            base: s.base,
            qualifies: u8::from(s.qualifies),
            fans: s.fans,
        };
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
