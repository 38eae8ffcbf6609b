//! Riichi scoring: `mj_riichi_score`, `mj_riichi_yaku_info`, the hand and rules initialisers and
//! their types.

use super::{MJ_TILE_KINDS, MjStatus, guard, out_mut};
use crate::riichi::{self, RiichiHand, RiichiMeld, Rules, Score, yaku};

// The riichi hand, its melds, the rules, the result and its fu entries, their array lengths and
// the condition bits are the core's (`riichi::RiichiHand`, `riichi::RiichiMeld`, `riichi::Rules`,
// `riichi::Score`, `riichi::FuPart`, `riichi::MAX_MELDS`, `riichi::TSUMO`, ...), exported
// under their C names by cbindgen (`[export.rename]` in cbindgen.toml); here they get the same
// names for Rust callers of this module.
pub use crate::riichi::{
    CHANKAN as MJ_RIICHI_CHANKAN, CHIIHOU as MJ_RIICHI_CHIIHOU,
    DOUBLE_RIICHI as MJ_RIICHI_DOUBLE_RIICHI, FU_BASE as MJ_RIICHI_FU_BASE,
    FU_CLOSED_KAN as MJ_RIICHI_FU_CLOSED_KAN, FU_CLOSED_PON as MJ_RIICHI_FU_CLOSED_PON,
    FU_CLOSED_TERMINAL_KAN as MJ_RIICHI_FU_CLOSED_TERMINAL_KAN,
    FU_CLOSED_TERMINAL_PON as MJ_RIICHI_FU_CLOSED_TERMINAL_PON,
    FU_DOUBLE_VALUED_PAIR as MJ_RIICHI_FU_DOUBLE_VALUED_PAIR, FU_KANCHAN as MJ_RIICHI_FU_KANCHAN,
    FU_OPEN_KAN as MJ_RIICHI_FU_OPEN_KAN, FU_OPEN_PINFU as MJ_RIICHI_FU_OPEN_PINFU,
    FU_OPEN_PON as MJ_RIICHI_FU_OPEN_PON, FU_OPEN_TERMINAL_KAN as MJ_RIICHI_FU_OPEN_TERMINAL_KAN,
    FU_OPEN_TERMINAL_PON as MJ_RIICHI_FU_OPEN_TERMINAL_PON, FU_PAIR_WAIT as MJ_RIICHI_FU_PAIR_WAIT,
    FU_PENCHAN as MJ_RIICHI_FU_PENCHAN, FU_TSUMO as MJ_RIICHI_FU_TSUMO,
    FU_VALUED_PAIR as MJ_RIICHI_FU_VALUED_PAIR, FuPart as MjRiichiFu, HAITEI as MJ_RIICHI_HAITEI,
    HOUTEI as MJ_RIICHI_HOUTEI, IPPATSU as MJ_RIICHI_IPPATSU,
    KAZOE_NO_LIMIT as MJ_RIICHI_KAZOE_NO_LIMIT, KAZOE_SANBAIMAN as MJ_RIICHI_KAZOE_SANBAIMAN,
    KAZOE_YAKUMAN as MJ_RIICHI_KAZOE_YAKUMAN, LIMIT_BAIMAN as MJ_RIICHI_LIMIT_BAIMAN,
    LIMIT_HANEMAN as MJ_RIICHI_LIMIT_HANEMAN,
    LIMIT_KAZOE_SANBAIMAN as MJ_RIICHI_LIMIT_KAZOE_SANBAIMAN,
    LIMIT_KAZOE_YAKUMAN as MJ_RIICHI_LIMIT_KAZOE_YAKUMAN,
    LIMIT_KIRIAGE_MANGAN as MJ_RIICHI_LIMIT_KIRIAGE_MANGAN, LIMIT_MANGAN as MJ_RIICHI_LIMIT_MANGAN,
    LIMIT_NAGASHI_MANGAN as MJ_RIICHI_LIMIT_NAGASHI_MANGAN, LIMIT_NONE as MJ_RIICHI_LIMIT_NONE,
    LIMIT_SANBAIMAN as MJ_RIICHI_LIMIT_SANBAIMAN, LIMIT_YAKUMAN as MJ_RIICHI_LIMIT_YAKUMAN,
    MAX_FU_PARTS as MJ_RIICHI_MAX_FU_PARTS, MAX_INDICATORS as MJ_RIICHI_MAX_INDICATORS,
    MAX_MELDS as MJ_RIICHI_MAX_MELDS, MELD_ADDED_KAN as MJ_RIICHI_MELD_ADDED_KAN,
    MELD_CHI as MJ_RIICHI_MELD_CHI, MELD_CLOSED_KAN as MJ_RIICHI_MELD_CLOSED_KAN,
    MELD_OPEN_KAN as MJ_RIICHI_MELD_OPEN_KAN, MELD_PON as MJ_RIICHI_MELD_PON,
    NAGASHI_MANGAN as MJ_RIICHI_NAGASHI_MANGAN, OPEN_RIICHI as MJ_RIICHI_OPEN_RIICHI,
    RENHOU as MJ_RIICHI_RENHOU, RIICHI as MJ_RIICHI_RIICHI, RINSHAN as MJ_RIICHI_RINSHAN,
    RiichiHand as MjRiichiHand, RiichiMeld as MjRiichiMeld, Rules as MjRiichiRules,
    Score as MjRiichiResult, TENHOU as MJ_RIICHI_TENHOU, TSUMO as MJ_RIICHI_TSUMO,
    YAKU_SLOTS as MJ_RIICHI_YAKU_SLOTS,
};
use std::ffi::c_char;

/// Highest yaku id accepted by `mj_riichi_yaku_info`.
pub const MJ_RIICHI_MAX_YAKU_ID: u32 = 65;

/// Rules preset: the reference calculator's defaults (= `mj_riichi_rules_default()`).
pub const MJ_RIICHI_PRESET_REFERENCE: u32 = 0;
/// Rules preset: open tanyao, aka dora, no double yakuman (Tenhou style).
pub const MJ_RIICHI_PRESET_TENHOU: u32 = 1;
/// Rules preset: open tanyao, aka dora, double yakuman (Mahjong Soul style).
pub const MJ_RIICHI_PRESET_MAHJONG_SOUL: u32 = 2;
/// Rules preset: open tanyao, no aka, no double yakuman, kazoe capped at sanbaiman, kiriage.
pub const MJ_RIICHI_PRESET_TOURNAMENT: u32 = 3;
/// Rules preset: every optional yakuman and no caps (see README).
pub const MJ_RIICHI_PRESET_LOCAL_YAKU: u32 = 4;
/// Rules preset: three-player with the Tenhou-style switches.
pub const MJ_RIICHI_PRESET_SANMA: u32 = 5;

/// An empty hand: no tiles, no melds, winning tile 0, won on a discard, South seat, East
/// round, no dora, no honba or sticks. Set `counts`, `win_tile` and the rest before scoring.
#[unsafe(no_mangle)]
pub extern "C" fn mj_riichi_hand_default() -> RiichiHand {
    RiichiHand {
        melds: [RiichiMeld {
            kind: 0,
            tile: 0,
            claimed: 0,
        }; riichi::MAX_MELDS],
        ..RiichiHand::new([0; MJ_TILE_KINDS], 0)
    }
}

// The hand, rules and result cross the boundary as they are: fixed-width integer fields only.
const _: () = {
    use std::mem::{align_of, size_of};
    assert!(size_of::<RiichiHand>() == 80 && size_of::<RiichiMeld>() == 3);
    assert!(size_of::<Rules>() == 15 && align_of::<Rules>() == 1);
    assert!(size_of::<MjRiichiFu>() == 2 && align_of::<MjRiichiFu>() == 1);
};

/// The reference calculator's default rules (`MJ_RIICHI_PRESET_REFERENCE`): no open tanyao, no
/// aka dora, double yakuman, kazoe yakuman, no kiriage, 2 fu for open pinfu, no pinfu-tsumo fu,
/// renhou 5 han, no daisharin / daichisei / sashikomi, six-yakuman cap, paarenchan needs a yaku,
/// four players.
#[unsafe(no_mangle)]
pub extern "C" fn mj_riichi_rules_default() -> Rules {
    Rules::REFERENCE
}

/// Rules of a preset (`MJ_RIICHI_PRESET_*`; the README lists every switch of each).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` if `out_rules` is NULL; `MJ_STATUS_INVALID_ARGUMENT` for an unknown
/// preset. `*out_rules` is written only on `MJ_STATUS_OK`.
///
/// # Safety
/// `out_rules` is NULL or points to a writable `MjRiichiRules`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_riichi_rules_preset(preset: u32, out_rules: *mut Rules) -> MjStatus {
    guard(|| {
        // SAFETY: NULL or writable per the contract.
        let out = unsafe { out_mut(out_rules) }?;
        let r = match preset {
            MJ_RIICHI_PRESET_REFERENCE => Rules::REFERENCE,
            MJ_RIICHI_PRESET_TENHOU => Rules::TENHOU,
            MJ_RIICHI_PRESET_MAHJONG_SOUL => Rules::MAHJONG_SOUL,
            MJ_RIICHI_PRESET_TOURNAMENT => Rules::TOURNAMENT,
            MJ_RIICHI_PRESET_LOCAL_YAKU => Rules::LOCAL_YAKU,
            MJ_RIICHI_PRESET_SANMA => Rules::SANMA,
            _ => return Err(MjStatus::InvalidArgument),
        };
        *out = r;
        Ok(())
    })
}

/// Scores a winning riichi hand under `rules`: han, fu with its breakdown, every yaku by id with
/// its han, the limit label and the payments (honba and riichi sticks included). Scoring
/// matches the reference calculator (PyPI `mahjong` 2.1.0) apart from the documented label
/// deviations (README, riichi section).
///
/// # Errors
/// - `MJ_STATUS_NULL_POINTER`: `hand`, `rules` or `out_result` is NULL.
/// - `MJ_STATUS_INVALID_ARGUMENT`: `meld_count` above 4, more than 5 dora or ura indicators, an
///   indicator or winning tile outside 0..33, a winning tile not in `counts`, a wind above 3,
///   an unknown condition bit, honba or sticks above 100, kita above 4, paarenchan above 6, a
///   rules field out of range.
/// - `MJ_STATUS_ILLEGAL_MELD`: unknown meld kind, meld tile outside 0..33, a chi of honours or
///   starting at 8 or 9, `claimed` out of range.
/// - `MJ_STATUS_TOO_MANY_COPIES`: a fifth copy in `counts` + melds + indicators + kita.
/// - `MJ_STATUS_BAD_TILE_TOTAL`: `counts` does not total `14 - 3 * meld_count`.
/// - `MJ_STATUS_NOT_WINNING`: the tiles form no winning hand.
/// - `MJ_STATUS_NO_YAKU` (10): a winning shape without yaku.
/// - `MJ_STATUS_RIICHI_CONFLICT`, `MJ_STATUS_WIN_TIMING_CONFLICT`,
///   `MJ_STATUS_RINSHAN_WITHOUT_KAN`, `MJ_STATUS_CHANKAN_CONFLICT`, `MJ_STATUS_BLESSING_CONFLICT`,
///   `MJ_STATUS_RED_FIVES`, `MJ_STATUS_THREE_PLAYER_TILE`, `MJ_STATUS_NAGASHI_CONFLICT`,
///   `MJ_STATUS_PAARENCHAN_NOT_DEALER` (11-19): conditions or tiles no game can produce (see
///   `MjStatus`).
///
/// `*out_result` is written only on `MJ_STATUS_OK`.
///
/// # Safety
/// `hand` and `rules` are NULL or point to readable structs; `out_result` is NULL or points to
/// a writable `MjRiichiResult`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_riichi_score(
    hand: *const RiichiHand,
    rules: *const Rules,
    out_result: *mut Score,
) -> MjStatus {
    guard(|| {
        // SAFETY: NULL or readable per the contract. Every field of `RiichiHand` (`repr(C)`)
        // is an integer or an array of integers, so any bytes are a valid hand; `score` checks
        // the values (meld kinds included) before it reads them.
        let h = unsafe { hand.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: NULL or readable per the contract. `Rules` has only `u8` fields, so any bytes
        // are valid; `score` checks the switches and `kazoe` before it reads them.
        let r = unsafe { rules.as_ref() }.ok_or(MjStatus::NullPointer)?;
        if out_result.is_null() {
            return Err(MjStatus::NullPointer);
        }
        // SAFETY: non-NULL and writable per the contract. `write` neither reads nor drops the
        // old value; the result is written only on success.
        riichi::score(h, r).map(|s| unsafe { out_result.write(s) })?;
        Ok(())
    })
}

/// Han and names of yaku `id` (1..=65, see `MJ_RIICHI_YAKU_SLOTS`), for user interfaces:
/// `*out_han_closed` (13 per yakuman, 26 for a double yakuman; 1 per tile for the dora kinds),
/// `*out_han_open` (0 = concealed hands only), and static NUL-terminated UTF-8 names in
/// Japanese, English and Chinese that live for the whole program.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` if an output is NULL; `MJ_STATUS_INVALID_ARGUMENT` for an id outside
/// 1..=65. Outputs are written only on `MJ_STATUS_OK`.
///
/// # Safety
/// Every `out_*` pointer is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_riichi_yaku_info(
    id: u32,
    out_han_closed: *mut i32,
    out_han_open: *mut i32,
    out_name_ja: *mut *const c_char,
    out_name_en: *mut *const c_char,
    out_name_zh: *mut *const c_char,
) -> MjStatus {
    guard(|| {
        // SAFETY: NULL or writable per the contract.
        let (hc, ho, ja, en, zh) = unsafe {
            (
                out_mut(out_han_closed)?,
                out_mut(out_han_open)?,
                out_mut(out_name_ja)?,
                out_mut(out_name_en)?,
                out_mut(out_name_zh)?,
            )
        };
        let info = yaku::info(id as usize).ok_or(MjStatus::InvalidArgument)?;
        *hc = i32::from(info.han_closed);
        *ho = i32::from(info.han_open);
        *ja = info.ja.as_ptr();
        *en = info.en.as_ptr();
        *zh = info.zh.as_ptr();
        Ok(())
    })
}
