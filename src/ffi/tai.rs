//! Taiwanese tai scoring: `mj_tai_score`, `mj_tai_pattern_info` and the hand and rules
//! initialisers. The hand, the rules and the result are the core's own structs
//! (`tai::WinFacts`, `tai::TaiRules`, `tai::TaiScore`), exported under their C names by cbindgen
//! (`[export.rename]` in cbindgen.toml); here they get the same names for Rust callers of this
//! module. `mj_tai_score` scores the caller's structs in place.

use super::{MjStatus, guard, out_mut};
use crate::tai::{self, PATTERN_SLOTS, Pattern, TaiRules, TaiScore, WinFacts};
use std::ffi::c_char;
use std::mem::size_of;
use std::sync::OnceLock;

pub use crate::meld::KIND_ADDED_KONG as MJ_MCR_MELD_ADDED_KONG;
pub use crate::tai::{
    FLAG_AFTER_EXPOSED_KONG as MJ_TAI_FLAG_AFTER_EXPOSED_KONG,
    FLAG_FIRST_GO_AROUND as MJ_TAI_FLAG_FIRST_GO_AROUND, FLAG_FIRST_TURN as MJ_TAI_FLAG_FIRST_TURN,
    FLAG_LAST_TILE as MJ_TAI_FLAG_LAST_TILE, FLAG_READY_FROM_DEAL as MJ_TAI_FLAG_READY_FROM_DEAL,
    FLAG_READY_FROM_FIRST_DISCARD as MJ_TAI_FLAG_READY_FROM_FIRST_DISCARD,
    FLAG_REPLACEMENT as MJ_TAI_FLAG_REPLACEMENT, HOW_DISCARD as MJ_TAI_WIN_DISCARD,
    HOW_EIGHT_FLOWERS as MJ_TAI_WIN_EIGHT_FLOWERS, HOW_ROBBING_KONG as MJ_TAI_WIN_ROBBING_KONG,
    HOW_SELF_DRAWN as MJ_TAI_WIN_SELF_DRAWN, HOW_SEVEN_ROB_ONE as MJ_TAI_WIN_SEVEN_ROB_ONE,
    MAX_PATTERN_ID as MJ_TAI_MAX_PATTERN_ID, PATTERN_SLOTS as MJ_TAI_PATTERN_SLOTS,
    SEAT_WIND_FROM_DEALER as MJ_TAI_SEAT_WIND_FROM_DEALER, TAI_FLOWER_SLOTS as MJ_TAI_FLOWERS,
    TAI_MELD_SLOTS as MJ_TAI_MAX_MELDS, TAI_SEAT_SLOTS as MJ_TAI_SEATS, TaiRules as MjTaiRules,
    TaiScore as MjTaiResult, WinFacts as MjTaiHand,
};

// The C layout of the core structs (a change here is a change of the C ABI).
const _: () = {
    assert!(size_of::<WinFacts>() == 72 && size_of::<TaiRules>() == 108);
    assert!(size_of::<TaiScore>() == 208);
    assert!(MJ_TAI_MAX_PATTERN_ID as usize == PATTERN_SLOTS - 1);
};

/// Rules preset: the tai table of the Taiwanese mahjong association ATAWMJ (= `mj_tai_rules_default()`).
pub const MJ_TAI_PRESET_ATAWMJ: u32 = 0;
/// Rules preset: the common game's table (門清自摸 3 tai as one pattern, 人胡 8, 嚦咕嚦咕 8,
/// 菊 West's flower, 槓上開花 after any kong).
pub const MJ_TAI_PRESET_COMMON: u32 = 1;

/// A tai pattern's names and values, from `mj_tai_pattern_info`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjTaiPatternInfo {
    /// Chinese name, a static NUL-terminated UTF-8 string (e.g. "門清").
    pub name_zh: *const c_char,
    /// English name, a static NUL-terminated UTF-8 string (e.g. "Concealed hand").
    pub name_en: *const c_char,
    /// Tai per occurrence in the rules given (the ATAWMJ preset when they are NULL).
    pub value: u16,
    /// Tai per occurrence in the ATAWMJ preset.
    pub value_atawmj: u16,
    /// Tai per occurrence in the common preset.
    pub value_common: u16,
    /// 1 for the dealer's patterns (莊家, 連莊, 拉莊), which count only in the payments the
    /// dealer takes part in; else 0.
    pub dealer: u8,
}

use crate::tai::with_switches as switches;

/// The bytes of an `MjTaiRules` at offset `at` that its fields cover, as (offset, length).
pub(crate) fn rules_spans(at: usize, out: &mut Vec<(usize, usize)>) {
    use std::mem::offset_of;
    out.push((
        at + offset_of!(TaiRules, values),
        size_of::<[u16; PATTERN_SLOTS]>(),
    ));
    out.push((at + offset_of!(TaiRules, base), size_of::<u32>()));
    out.push((at + offset_of!(TaiRules, price), size_of::<u32>()));
    out.push((at + offset_of!(TaiRules, min_tai), size_of::<u32>()));
    macro_rules! spans {
        ($($s:ident),*) => { $( out.push((at + offset_of!(TaiRules, $s), 1)); )* };
    }
    switches!(spans);
}

/// Zeroes the padding of an `MjTaiRules` written by the library.
fn zero_rules_padding(out: &mut TaiRules) {
    static GAPS: OnceLock<Vec<(usize, usize)>> = OnceLock::new();
    let gaps = GAPS.get_or_init(|| {
        let mut spans = Vec::new();
        rules_spans(0, &mut spans);
        super::gaps(size_of::<TaiRules>(), &spans)
    });
    // SAFETY: `out` is a valid, writable `MjTaiRules`; the gaps lie inside it.
    unsafe { super::zero_gaps(std::ptr::from_mut(out).cast(), gaps) };
}

/// Zeroes the padding of an `MjTaiResult` written by the library.
fn zero_result_padding(out: &mut TaiScore) {
    use std::mem::offset_of;
    static GAPS: OnceLock<Vec<(usize, usize)>> = OnceLock::new();
    let gaps = GAPS.get_or_init(|| {
        let spans = [
            (offset_of!(TaiScore, tai), size_of::<[u32; PATTERN_SLOTS]>()),
            (offset_of!(TaiScore, hand_tai), 4),
            (offset_of!(TaiScore, dealer_tai), 4),
            (offset_of!(TaiScore, total), 4),
            (offset_of!(TaiScore, winner_tai), 4),
            (offset_of!(TaiScore, qualifies), 1),
            (
                offset_of!(TaiScore, payments),
                size_of::<[i64; tai::SEATS]>(),
            ),
        ];
        super::gaps(size_of::<TaiScore>(), &spans)
    });
    // SAFETY: `out` is a valid, writable `MjTaiResult`; the gaps lie inside it.
    unsafe { super::zero_gaps(std::ptr::from_mut(out).cast(), gaps) };
}

/// An empty hand: no tiles, melds or flowers, winning tile 0, self-drawn, seat 0 winning as
/// dealer on its first deal, seat wind from the dealer (`MJ_TAI_SEAT_WIND_FROM_DEALER`), East
/// round, no flags. Set `counts`, `win_tile` and the rest before scoring.
#[unsafe(no_mangle)]
pub extern "C" fn mj_tai_hand_default() -> WinFacts {
    WinFacts {
        melds: [crate::meld::Meld {
            kind: 0,
            tile: 0,
            claimed: 0,
        }; MJ_TAI_MAX_MELDS],
        ..WinFacts::new([0; super::MJ_TILE_KINDS], 0)
    }
}

/// The ATAWMJ preset's rules (= `mj_tai_rules_preset(MJ_TAI_PRESET_ATAWMJ, ...)`).
#[unsafe(no_mangle)]
pub extern "C" fn mj_tai_rules_default() -> TaiRules {
    TaiRules::atawmj()
}

/// Rules of a preset: `MJ_TAI_PRESET_ATAWMJ` or `MJ_TAI_PRESET_COMMON` (docs/tai.md lists every
/// value and switch of each, with the text of its source).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` if `out_rules` is NULL; `MJ_STATUS_INVALID_ARGUMENT` for an unknown
/// preset. `*out_rules` is written only on `MJ_STATUS_OK`.
///
/// # Safety
/// `out_rules` is NULL or points to a writable `MjTaiRules`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_tai_rules_preset(preset: u32, out_rules: *mut TaiRules) -> MjStatus {
    guard(|| {
        // SAFETY: NULL or writable per the contract.
        let out = unsafe { out_mut(out_rules) }?;
        *out = match preset {
            MJ_TAI_PRESET_ATAWMJ => TaiRules::atawmj(),
            MJ_TAI_PRESET_COMMON => TaiRules::common(),
            _ => return Err(MjStatus::InvalidArgument),
        };
        zero_rules_padding(out);
        Ok(())
    })
}

/// Scores a Taiwanese 16-tile win: the tai of every pattern that counts (the reading of the hand
/// worth the most, exclusions applied), the totals and each seat's payment. docs/tai.md defines
/// every pattern, exclusion and switch.
///
/// # Errors
/// - `MJ_STATUS_NULL_POINTER`: `hand`, `rules` or `out_result` is NULL.
/// - `MJ_STATUS_INVALID_ARGUMENT`: `meld_count` above 5, `flower_count` above 8, a flower number
///   outside 1..8 or given twice, an unknown `how`, a seat or wind above 3 (`seat_wind`: 0..3
///   or `MJ_TAI_SEAT_WIND_FROM_DEALER`), a winning tile outside 0..33 or not in `counts` (a
///   flower win: not read); in `rules`, a switch other than 0 or 1 or a nonzero `values[0]`.
/// - `MJ_STATUS_ILLEGAL_MELD`: an unknown meld kind, a `claimed` out of range (1..3, 0 for a
///   concealed kong), a meld tile outside 0..33, a chow of honours or starting at 8 or 9.
/// - `MJ_STATUS_TOO_MANY_COPIES`: a fifth copy of a kind in `counts` + melds.
/// - `MJ_STATUS_BAD_TILE_TOTAL`: `counts` does not total `17 - 3 * meld_count` (a flower win, or
///   a self-draw with all eight flowers: or one less).
/// - `MJ_STATUS_INVALID_FLAGS`: an unknown flag bit, or facts that cannot hold together: `from`
///   equal to the winner on a win from another seat; a replacement draw on a win from another
///   seat; `MJ_TAI_FLAG_AFTER_EXPOSED_KONG` without `MJ_TAI_FLAG_REPLACEMENT` or without an
///   exposed kong among the melds; the last tile with robbing a kong or a flower win; the first
///   turn with the last tile, robbing a kong, a claimed meld or readiness from the first
///   discard; the dealer's first turn on a discard or with readiness from the deal; readiness
///   (from the first discard or the deal) with a claimed meld; the first go-around on anything
///   but a discard, with a claimed meld or with the last tile; robbing a kong while the winner
///   holds another copy of the tile; 八仙過海 without all eight flowers, 七搶一 without seven.
/// - `MJ_STATUS_NOT_WINNING`: the tiles form no winning hand under the rules, or the flower win
///   is off (its value 0).
///
/// Pattern values are `uint16_t` and each pattern's tai a `uint32_t`, so no value can overflow
/// (at most 65,535 x 255 consecutive deals), and every payment fits its `int64_t`: no rules are
/// refused for their size. `*out_result` is written only on `MJ_STATUS_OK` (its padding zeroed).
///
/// # Safety
/// `hand` is NULL or points to a readable `MjTaiHand`; `rules` is NULL or points to a readable
/// `MjTaiRules`; `out_result` is NULL or points to a writable `MjTaiResult`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_tai_score(
    hand: *const WinFacts,
    rules: *const TaiRules,
    out_result: *mut TaiScore,
) -> MjStatus {
    guard(|| {
        // SAFETY: NULL or readable per the contract.
        let h = unsafe { hand.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: NULL or readable per the contract.
        let r = unsafe { rules.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: NULL or writable per the contract.
        let out = unsafe { out_mut(out_result) }?;
        *out = tai::score(h, r)?;
        zero_result_padding(out);
        Ok(())
    })
}

/// Names and values of tai pattern `id` (1..38, see `MJ_TAI_PATTERN_SLOTS`), for user
/// interfaces: the names as `rules` count the pattern (id 6 is 不求 where it counts beside
/// 門清 or 自摸, as in the ATAWMJ preset, and 門清自摸 where it replaces both, as in the
/// common preset), `value` in `rules` (the ATAWMJ preset when `rules` is NULL) and in both
/// presets.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` if `out_info` is NULL; `MJ_STATUS_INVALID_ARGUMENT` for an id outside
/// 1..38 or `rules` that `mj_tai_score` refuses (a switch other than 0 or 1, a nonzero
/// `values[0]`). `*out_info` is written only on `MJ_STATUS_OK`.
///
/// # Safety
/// `rules` is NULL or points to a readable `MjTaiRules`; `out_info` is NULL or points to a
/// writable `MjTaiPatternInfo`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_tai_pattern_info(
    id: u32,
    rules: *const TaiRules,
    out_info: *mut MjTaiPatternInfo,
) -> MjStatus {
    guard(|| {
        // SAFETY: NULL or writable per the contract.
        let out = unsafe { out_mut(out_info) }?;
        // SAFETY: NULL or readable per the contract.
        let rules = match unsafe { rules.as_ref() } {
            Some(c) => {
                c.validate()?;
                *c
            }
            None => TaiRules::atawmj(),
        };
        let p = Pattern::from_id(id as usize).ok_or(MjStatus::InvalidArgument)?;
        let names = if rules.names(p).0 == p.chinese() {
            &NAMES[p.id()]
        } else {
            &REPLACING_NAMES
        };
        *out = MjTaiPatternInfo {
            name_zh: names[0].as_ptr().cast(),
            name_en: names[1].as_ptr().cast(),
            value: rules.value(p),
            value_atawmj: TaiRules::atawmj().value(p),
            value_common: TaiRules::common().value(p),
            dealer: u8::from(p.is_dealer()),
        };
        Ok(())
    })
}

/// Longest name in bytes, with its NUL.
const NAME_BUF: usize = 48;

/// NUL-terminated copies of the core's names (`Pattern::chinese` / `english`), built at compile
/// time; a static, so the pointers handed out live for the whole program.
static NAMES: [[[u8; NAME_BUF]; 2]; PATTERN_SLOTS] = {
    let mut out = [[[0u8; NAME_BUF]; 2]; PATTERN_SLOTS];
    let mut i = 1;
    while i < PATTERN_SLOTS {
        let p = Pattern::ALL[i - 1];
        out[i] = [nul_terminated(p.chinese()), nul_terminated(p.english())];
        i += 1;
    }
    out
};

/// The names of id 6 where it replaces 門清 and 自摸 (門清自摸), as [`NAMES`].
static REPLACING_NAMES: [[u8; NAME_BUF]; 2] = {
    let (zh, en) = TaiRules::common().names(Pattern::ConcealedSelfDrawn);
    [nul_terminated(zh), nul_terminated(en)]
};

/// `s` and a NUL in a fixed buffer (a compile error if it does not fit).
const fn nul_terminated(s: &str) -> [u8; NAME_BUF] {
    let b = s.as_bytes();
    assert!(b.len() < NAME_BUF);
    let mut out = [0u8; NAME_BUF];
    let mut i = 0;
    while i < b.len() {
        out[i] = b[i];
        i += 1;
    }
    out
}
