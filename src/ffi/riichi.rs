//! Riichi scoring: `mj_riichi_score`, `mj_riichi_yaku_info`, the hand and rules initialisers and
//! their types.

use super::{MJ_TILE_KINDS, MjStatus, guard, out_mut};
use crate::riichi::{self, RiichiHand, RiichiMeld, Rules, Score, yaku};

// The riichi hand, its melds, their array lengths and the condition bits are the core's
// (`riichi::RiichiHand`, `riichi::RiichiMeld`, `riichi::MAX_MELDS`, `riichi::TSUMO`, ...), exported
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
    FU_VALUED_PAIR as MJ_RIICHI_FU_VALUED_PAIR, HAITEI as MJ_RIICHI_HAITEI,
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
    RiichiHand as MjRiichiHand, RiichiMeld as MjRiichiMeld, TENHOU as MJ_RIICHI_TENHOU,
    TSUMO as MJ_RIICHI_TSUMO,
};
use std::ffi::c_char;

/// Slots of `MjRiichiResult::yaku`: index 0 unused, 1..=65 the yaku ids (see the README table
/// and `mj_riichi_yaku_info`).
pub const MJ_RIICHI_YAKU_SLOTS: usize = 66;
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

/// Optional rules, one `uint8_t` (0/1) per switch of the reference's `OptionalRules`; start
/// from `mj_riichi_rules_default()` or `mj_riichi_rules_preset()`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjRiichiRules {
    /// Tanyao on open hands (kuitan).
    pub open_tanyao: u8,
    /// Red fives are dora.
    pub aka_dora: u8,
    /// Dai suushii, 13-sided kokushi, suu ankou tanki and junsei chuuren count twice.
    pub double_yakuman: u8,
    /// `MJ_RIICHI_KAZOE_*`.
    pub kazoe: u8,
    /// Kiriage mangan.
    pub kiriage: u8,
    /// 2 fu for an open hand without fu.
    pub fu_for_open_pinfu: u8,
    /// Tsumo fu on a pinfu shape too (which then does not score pinfu).
    pub fu_for_pinfu_tsumo: u8,
    /// Renhou is a yakuman (else 5 han).
    pub renhou_as_yakuman: u8,
    /// Daisharin (dots) is a yakuman.
    pub daisharin: u8,
    /// Daisharin also in characters and bamboo (implies `daisharin`).
    pub daisharin_other_suits: u8,
    /// Daichisei (seven pairs of honours) is a yakuman.
    pub daichisei: u8,
    /// Ron on an open riichi is a yakuman (sashikomi).
    pub sashikomi: u8,
    /// At most six yakuman counted.
    pub sextuple_limit: u8,
    /// Paarenchan needs another yaku.
    pub paarenchan_needs_yaku: u8,
    /// Three-player (sanma).
    pub three_player: u8,
}

/// One entry of a fu breakdown.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjRiichiFu {
    /// `MJ_RIICHI_FU_*`.
    pub reason: u8,
    /// Fu.
    pub fu: u8,
}

/// The score of a riichi hand.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjRiichiResult {
    /// Total han (dora included; 13 per yakuman).
    pub han: i32,
    /// Fu (rounded; 25 for seven pairs, 0 for thirteen orphans).
    pub fu: i32,
    /// Ron: the discarder's payment. Tsumo: the dealer's (each player's when the winner is the
    /// dealer). Without honba.
    pub main: i32,
    /// Tsumo: each non-dealer's payment (0 on a ron). Without honba.
    pub additional: i32,
    /// Honba added to `main`.
    pub main_bonus: i32,
    /// Honba added to `additional`.
    pub additional_bonus: i32,
    /// Riichi sticks collected (1,000 each).
    pub sticks_bonus: i32,
    /// Everything the winner receives.
    pub total: i32,
    /// Han per yaku id (0 = absent); dora, red fives and ura dora carry their count.
    pub yaku: [u16; MJ_RIICHI_YAKU_SLOTS],
    /// The fu breakdown; the first `fu_count` entries are used.
    pub fu_parts: [MjRiichiFu; MJ_RIICHI_MAX_FU_PARTS],
    /// `MJ_RIICHI_LIMIT_*`.
    pub limit: u8,
    /// Yakuman paid for `MJ_RIICHI_LIMIT_YAKUMAN` / `_KAZOE_YAKUMAN`, else 0.
    pub yakuman_multiple: u8,
    /// Entries of `fu_parts`.
    pub fu_count: u8,
}

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

fn rules_to_c(r: &Rules) -> MjRiichiRules {
    MjRiichiRules {
        open_tanyao: u8::from(r.open_tanyao),
        aka_dora: u8::from(r.aka_dora),
        double_yakuman: u8::from(r.double_yakuman),
        kazoe: r.kazoe as u8,
        kiriage: u8::from(r.kiriage),
        fu_for_open_pinfu: u8::from(r.fu_for_open_pinfu),
        fu_for_pinfu_tsumo: u8::from(r.fu_for_pinfu_tsumo),
        renhou_as_yakuman: u8::from(r.renhou_as_yakuman),
        daisharin: u8::from(r.daisharin),
        daisharin_other_suits: u8::from(r.daisharin_other_suits),
        daichisei: u8::from(r.daichisei),
        sashikomi: u8::from(r.sashikomi),
        sextuple_limit: u8::from(r.sextuple_limit),
        paarenchan_needs_yaku: u8::from(r.paarenchan_needs_yaku),
        three_player: u8::from(r.three_player),
    }
}

/// Byte masks keeping the first `n` fu entries (two bytes each), by `n`.
const FU_KEEP: [[u8; 2 * MJ_RIICHI_MAX_FU_PARTS]; MJ_RIICHI_MAX_FU_PARTS + 1] = {
    let mut t = [[0u8; 2 * MJ_RIICHI_MAX_FU_PARTS]; MJ_RIICHI_MAX_FU_PARTS + 1];
    let mut n = 0;
    while n <= MJ_RIICHI_MAX_FU_PARTS {
        let mut i = 0;
        while i < 2 * n {
            t[n][i] = 0xff;
            i += 1;
        }
        n += 1;
    }
    t
};

/// Checks every byte of `r` (switches 0 or 1, `kazoe` 0..=2) and reads it in place as the core
/// rules, which have the same layout.
fn rules_in_place(r: &MjRiichiRules) -> Result<&Rules, MjStatus> {
    // SAFETY: `MjRiichiRules` is 15 `u8` fields without padding (asserted below).
    let b = unsafe { &*std::ptr::from_ref(r).cast::<[u8; 15]>() };
    let (Some(lo), Some(hi)) = (b.first_chunk::<8>(), b.last_chunk::<8>()) else {
        return Err(MjStatus::InvalidArgument);
    };
    // Bytes 0..8 and 7..15: a switch may only have bit 0 set, `kazoe` (byte 3) bits 0 and 1
    // but not both.
    let bad = u64::from_le_bytes(*lo) & 0xfefe_fefe_fcfe_fefe
        | u64::from_le_bytes(*hi) & 0xfefe_fefe_fefe_fefe;
    if bad != 0 || r.kazoe > MJ_RIICHI_KAZOE_NO_LIMIT {
        return Err(MjStatus::InvalidArgument);
    }
    // SAFETY: `Rules` is `repr(C)` with the same fields in the same order (asserted below):
    // `bool` fields whose bytes are 0 or 1 and `KazoeLimit` (`repr(u8)`, 0..=2), all checked.
    Ok(unsafe { &*std::ptr::from_ref(r).cast::<Rules>() })
}

// The C rules and result and the core types they are read as / written from share one layout.
const _: () = {
    use std::mem::{align_of, offset_of, size_of};
    assert!(size_of::<RiichiHand>() == 80 && size_of::<RiichiMeld>() == 3);
    assert!(size_of::<MjRiichiRules>() == 15 && size_of::<Rules>() == 15);
    assert!(align_of::<MjRiichiRules>() == 1 && align_of::<Rules>() == 1);
    assert!(offset_of!(Rules, kazoe) == offset_of!(MjRiichiRules, kazoe));
    assert!(offset_of!(Rules, three_player) == offset_of!(MjRiichiRules, three_player));
    assert!(offset_of!(Rules, kiriage) == offset_of!(MjRiichiRules, kiriage));
    assert!(size_of::<MjRiichiResult>() == size_of::<Score>());
    assert!(align_of::<MjRiichiResult>() == align_of::<Score>());
    assert!(offset_of!(Score, han) == offset_of!(MjRiichiResult, han));
    assert!(offset_of!(Score, fu) == offset_of!(MjRiichiResult, fu));
    assert!(offset_of!(Score, payment) == offset_of!(MjRiichiResult, main));
    assert!(offset_of!(riichi::Payment, main) == 0);
    assert!(offset_of!(riichi::Payment, additional) == 4);
    assert!(offset_of!(riichi::Payment, main_bonus) == 8);
    assert!(offset_of!(riichi::Payment, additional_bonus) == 12);
    assert!(offset_of!(riichi::Payment, sticks_bonus) == 16);
    assert!(offset_of!(riichi::Payment, total) == 20);
    assert!(offset_of!(MjRiichiResult, additional) == offset_of!(MjRiichiResult, main) + 4);
    assert!(offset_of!(MjRiichiResult, main_bonus) == offset_of!(MjRiichiResult, main) + 8);
    assert!(offset_of!(MjRiichiResult, additional_bonus) == offset_of!(MjRiichiResult, main) + 12);
    assert!(offset_of!(MjRiichiResult, sticks_bonus) == offset_of!(MjRiichiResult, main) + 16);
    assert!(offset_of!(MjRiichiResult, total) == offset_of!(MjRiichiResult, main) + 20);
    assert!(offset_of!(Score, yaku) == offset_of!(MjRiichiResult, yaku));
    assert!(offset_of!(Score, fu_parts) == offset_of!(MjRiichiResult, fu_parts));
    assert!(size_of::<riichi::FuPart>() == size_of::<MjRiichiFu>());
    assert!(size_of::<MjRiichiFu>() == 2 && align_of::<MjRiichiFu>() == 1);
    assert!(offset_of!(riichi::FuPart, reason) == offset_of!(MjRiichiFu, reason));
    assert!(offset_of!(riichi::FuPart, fu) == offset_of!(MjRiichiFu, fu));
    assert!(offset_of!(Score, limit) == offset_of!(MjRiichiResult, limit));
    assert!(offset_of!(Score, yakuman_multiple) == offset_of!(MjRiichiResult, yakuman_multiple));
    assert!(offset_of!(Score, fu_count) == offset_of!(MjRiichiResult, fu_count));
};

/// The reference calculator's default rules (`MJ_RIICHI_PRESET_REFERENCE`): no open tanyao, no
/// aka dora, double yakuman, kazoe yakuman, no kiriage, 2 fu for open pinfu, no pinfu-tsumo fu,
/// renhou 5 han, no daisharin / daichisei / sashikomi, six-yakuman cap, paarenchan needs a yaku,
/// four players.
#[unsafe(no_mangle)]
pub extern "C" fn mj_riichi_rules_default() -> MjRiichiRules {
    rules_to_c(&Rules::REFERENCE)
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
pub unsafe extern "C" fn mj_riichi_rules_preset(
    preset: u32,
    out_rules: *mut MjRiichiRules,
) -> MjStatus {
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
        *out = rules_to_c(&r);
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
    rules: *const MjRiichiRules,
    out_result: *mut MjRiichiResult,
) -> MjStatus {
    guard(|| {
        // SAFETY: NULL or readable per the contract. Every field of `RiichiHand` (`repr(C)`)
        // is an integer or an array of integers, so any bytes are a valid hand; `score` checks
        // the values (meld kinds included) before it reads them.
        let h = unsafe { hand.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: NULL or readable per the contract.
        let r = unsafe { rules.as_ref() }.ok_or(MjStatus::NullPointer)?;
        if out_result.is_null() {
            return Err(MjStatus::NullPointer);
        }
        let scored = riichi::score(h, rules_in_place(r)?);
        let s = match &scored {
            Ok(s) => s,
            Err(e) => return Err(MjStatus::from(*e)),
        };
        let n = usize::from(s.fu_count).min(MJ_RIICHI_MAX_FU_PARTS);
        // SAFETY: non-NULL and writable per the contract; `Score` is `repr(C)` with the layout
        // of `MjRiichiResult` (asserted above), and every byte of it is a valid
        // `MjRiichiResult`. `write` neither reads nor drops the old value.
        unsafe { out_result.cast::<Score>().write(*s) };
        // SAFETY: as above; the value was just written.
        let out = unsafe { &mut *out_result };
        // Unused fu entries read as reason 0 in C: the twenty bytes masked by the row for `n`
        // (a fixed-size AND instead of a variable-length fill, which would be a library call).
        // SAFETY: `MjRiichiFu` is two `u8` without padding (asserted below), so the entries are
        // twenty plain bytes.
        let bytes =
            unsafe { &mut *(&raw mut out.fu_parts).cast::<[u8; 2 * MJ_RIICHI_MAX_FU_PARTS]>() };
        for (b, k) in bytes.iter_mut().zip(&FU_KEEP[n]) {
            *b &= k;
        }
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
