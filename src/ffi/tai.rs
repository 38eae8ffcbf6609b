//! Taiwanese tai scoring: `mj_tai_score`, `mj_tai_pattern_info`, the hand and rules initialisers
//! and their types. One conversion each way between these C structs and the core's
//! `tai::WinFacts` / `tai::TaiRules` / `tai::TaiScore`; the rules' switches are listed once, in
//! [`switches!`].

use super::{MJ_MCR_MELD_CHOW, MJ_MCR_MELD_CONCEALED_KONG, MJ_MCR_MELD_KONG, MJ_MCR_MELD_PUNG};
use super::{MJ_TILE_KINDS, MjStatus, guard, out_mut};
use crate::tai::{self, FLOWERS, MAX_MELDS, MeldKind, PATTERN_SLOTS, Pattern, SEATS};
use crate::tai::{TaiRules, WinFacts, WinHow};
use std::ffi::c_char;
use std::mem::size_of;
use std::sync::OnceLock;

/// Most declared melds in an `MjTaiHand` (a 16-tile hand is five sets and a pair).
pub const MJ_TAI_MAX_MELDS: usize = 5;
/// Number of flower tiles: 春夏秋冬 are flowers 1-4, 梅蘭竹菊 5-8 (竹 7, 菊 8).
pub const MJ_TAI_FLOWERS: usize = 8;
/// Seats at a Taiwanese table; `MjTaiResult::payments` has one entry per seat.
pub const MJ_TAI_SEATS: usize = 4;
/// Slots of `MjTaiResult::tai` and `MjTaiRules::values`: index 0 unused, 1..=38 the pattern ids
/// (see `mj_tai_pattern_info` and the table in docs/tai.md).
pub const MJ_TAI_PATTERN_SLOTS: usize = 39;
/// Highest pattern id accepted by `mj_tai_pattern_info`.
pub const MJ_TAI_MAX_PATTERN_ID: u32 = 38;

const _: () = assert!(
    MJ_TAI_MAX_MELDS == MAX_MELDS
        && MJ_TAI_FLOWERS == FLOWERS
        && MJ_TAI_SEATS == SEATS
        && MJ_TAI_PATTERN_SLOTS == PATTERN_SLOTS
        && MJ_TAI_MAX_PATTERN_ID as usize == PATTERN_SLOTS - 1
);

/// How the win came: the winner drew the winning tile (自摸); every other seat pays.
pub const MJ_TAI_WIN_SELF_DRAWN: u8 = 0;
/// How the win came: on the tile seat `from` discarded; `from` pays.
pub const MJ_TAI_WIN_DISCARD: u8 = 1;
/// How the win came: robbing a kong (搶槓), the tile seat `from` added to its pung; `from` pays.
pub const MJ_TAI_WIN_ROBBING_KONG: u8 = 2;
/// How the win came: the winner completed the eight flowers (八仙過海); the tiles need not win;
/// every other seat pays.
pub const MJ_TAI_WIN_EIGHT_FLOWERS: u8 = 3;
/// How the win came: the winner, holding seven flowers, took the eighth that seat `from` drew
/// (七搶一); the tiles need not win; `from` pays.
pub const MJ_TAI_WIN_SEVEN_ROB_ONE: u8 = 4;

/// Win flag: the winning tile was a replacement draw after a flower or a kong (self-draw only).
pub const MJ_TAI_FLAG_REPLACEMENT: u32 = 1;
/// Win flag: the winning tile was the last tile of the live wall (self-draw) or the last discard.
pub const MJ_TAI_FLAG_LAST_TILE: u32 = 2;
/// Win flag: the winner had not discarded yet and nobody had claimed a tile (天胡, 地胡, 人胡).
pub const MJ_TAI_FLAG_FIRST_TURN: u32 = 4;
/// Win flag: the winner was ready from its first discard, nobody having claimed before it, and
/// its hand unchanged since (天聽, 地聽).
pub const MJ_TAI_FLAG_READY_FROM_FIRST_DISCARD: u32 = 8;
/// Every `MJ_TAI_FLAG_*` bit.
const KNOWN_FLAGS: u32 = 15;

/// Rules preset: the tai table of the Taiwanese mahjong association ATAWMJ (= `mj_tai_rules_default()`).
pub const MJ_TAI_PRESET_ATAWMJ: u32 = 0;
/// Rules preset: the common game's table (門清自摸 3 tai as one pattern, 人胡 8, 嚦咕嚦咕 8,
/// 菊 West's flower).
pub const MJ_TAI_PRESET_COMMON: u32 = 1;

/// A Taiwanese win to score. Fill it from `mj_tai_hand_default()`.
///
/// `counts` holds the concealed tiles **including the winning tile**; the tiles of declared melds
/// are not in `counts`, so it totals `17 - 3 * meld_count` (a flower win: that or one less).
/// Melds use the MCR meld struct: `MJ_MCR_MELD_CHOW` (claimed from the seat before the winner;
/// `claimed` is which of its tiles was taken, 1..3), `MJ_MCR_MELD_PUNG` and `MJ_MCR_MELD_KONG`
/// (`claimed` is the seat it came from relative to the winner: 1 the seat before, 2 opposite,
/// 3 the seat after), `MJ_MCR_MELD_CONCEALED_KONG` (`claimed` 0).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjTaiHand {
    /// Concealed tiles by kind (`MJ_TILE_KINDS` counts), winning tile included.
    pub counts: [u8; MJ_TILE_KINDS],
    /// Declared melds; only the first `meld_count` are read.
    pub melds: [crate::meld::Meld; MJ_TAI_MAX_MELDS],
    /// Number of declared melds, 0..5.
    pub meld_count: u8,
    /// Flower numbers 1..8 set aside by the winner, each at most once; only the first
    /// `flower_count` are read.
    pub flowers: [u8; MJ_TAI_FLOWERS],
    /// Number of flowers, 0..8.
    pub flower_count: u8,
    /// Winning tile kind 0..33, in `counts` (not read for a flower win).
    pub win_tile: u8,
    /// `MJ_TAI_WIN_*`.
    pub how: u8,
    /// The seat 0..3 that discarded, was robbed or drew the eighth flower (not read for
    /// `MJ_TAI_WIN_SELF_DRAWN` and `MJ_TAI_WIN_EIGHT_FLOWERS`).
    pub from: u8,
    /// The winner's seat 0..3; seats are numbered in turn order.
    pub winner: u8,
    /// The dealer's seat 0..3. The dealer sits East: the winner's seat wind is
    /// `(winner - dealer) mod 4`.
    pub dealer: u8,
    /// The dealer's consecutive deals N (連N拉N), 0 on its first deal.
    pub consecutive_deals: u8,
    /// Prevalent (round) wind 0..3 (East, South, West, North).
    pub prevalent_wind: u8,
    /// `MJ_TAI_FLAG_*` bits.
    pub flags: u32,
}

/// Tai values and switches; fill it from `mj_tai_rules_preset()` or `mj_tai_rules_default()`.
/// Every value is per occurrence; 0 turns a pattern off. Switches are 0 or 1.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjTaiRules {
    /// Tai per pattern id (see `MJ_TAI_PATTERN_SLOTS`); slot 0 must be 0.
    pub values: [u16; MJ_TAI_PATTERN_SLOTS],
    /// Base (底) of every payment.
    pub base: u32,
    /// Price per tai (台價): a payment is `base + tai * price`.
    pub price: u32,
    /// 1: 不求 / 門清自摸 counts together with 門清 (ATAWMJ 1, common 0).
    pub concealed_self_drawn_keeps_concealed: u8,
    /// 1: 不求 / 門清自摸 counts together with 自摸 (ATAWMJ 1, common 0).
    pub concealed_self_drawn_keeps_self_drawn: u8,
    /// 1: 小三元 / 大三元 also count 三元牌 (both presets 0).
    pub dragon_hands_keep_dragon_pungs: u8,
    /// 1: 小四喜 / 大四喜 also count 門風 and 圈風 (both presets 0).
    pub wind_hands_keep_wind_pungs: u8,
    /// 1: 花槓 also counts 正花 for the seat's flower in the set (both presets 1).
    pub flower_kong_keeps_seat_flower: u8,
    /// 1: 平胡 needs a hand without honour tiles, the pair included (both presets 1).
    pub all_chows_no_honors: u8,
    /// 1: 平胡 needs no flowers (both presets 1).
    pub all_chows_no_flowers: u8,
    /// 1: 平胡 needs a win on another seat's tile (both presets 1).
    pub all_chows_not_self_drawn: u8,
    /// 1: 菊 (flower 8) is West's flower and 竹 (7) North's (common 1); 0: 竹 West's, 菊 North's
    /// (ATAWMJ 0).
    pub chrysanthemum_west: u8,
}

/// A scored win.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjTaiResult {
    /// Tai each pattern counts, by id (value x occurrences), 0 when it does not count; slot 0 is 0.
    pub tai: [u16; MJ_TAI_PATTERN_SLOTS],
    /// Tai of every pattern but the dealer's (ids 4..38).
    pub hand_tai: u32,
    /// Tai of the dealer's patterns (莊家, 連莊, 拉莊: ids 1..3); they count only in the payments
    /// the dealer takes part in.
    pub dealer_tai: u32,
    /// `hand_tai + dealer_tai`, the sum of `tai`.
    pub total: u32,
    /// What each seat receives (positive, the winner) or pays (negative); they sum to zero.
    pub payments: [i64; MJ_TAI_SEATS],
}

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
    use std::mem::{offset_of, size_of};
    out.push((
        at + offset_of!(MjTaiRules, values),
        size_of::<[u16; MJ_TAI_PATTERN_SLOTS]>(),
    ));
    out.push((at + offset_of!(MjTaiRules, base), size_of::<u32>()));
    out.push((at + offset_of!(MjTaiRules, price), size_of::<u32>()));
    macro_rules! spans {
        ($($s:ident),*) => { $( out.push((at + offset_of!(MjTaiRules, $s), 1)); )* };
    }
    switches!(spans);
}

pub(crate) fn rules_to_c(r: &TaiRules) -> MjTaiRules {
    macro_rules! build {
        ($($s:ident),*) => {
            MjTaiRules { values: r.values, base: r.base, price: r.price, $($s: u8::from(r.$s)),* }
        };
    }
    switches!(build)
}

pub(crate) fn rules_from_c(c: &MjTaiRules) -> Result<TaiRules, MjStatus> {
    macro_rules! build {
        ($($s:ident),*) => {{
            if c.values[0] != 0 $(|| c.$s > 1)* {
                return Err(MjStatus::InvalidArgument);
            }
            TaiRules { values: c.values, base: c.base, price: c.price, $($s: c.$s == 1),* }
        }};
    }
    Ok(switches!(build))
}

fn hand_from_c(h: &MjTaiHand) -> Result<WinFacts, MjStatus> {
    if usize::from(h.meld_count) > MJ_TAI_MAX_MELDS
        || usize::from(h.flower_count) > MJ_TAI_FLOWERS
        || h.winner > 3
    {
        return Err(MjStatus::InvalidArgument);
    }
    if h.flags & !KNOWN_FLAGS != 0 {
        return Err(MjStatus::InvalidFlags);
    }
    let mut f = WinFacts::new(h.counts, h.win_tile);
    f.how = match h.how {
        MJ_TAI_WIN_SELF_DRAWN => WinHow::SelfDrawn,
        MJ_TAI_WIN_DISCARD => WinHow::Discard,
        MJ_TAI_WIN_ROBBING_KONG => WinHow::RobbingKong,
        MJ_TAI_WIN_EIGHT_FLOWERS => WinHow::EightFlowers,
        MJ_TAI_WIN_SEVEN_ROB_ONE => WinHow::SevenRobOne,
        _ => return Err(MjStatus::InvalidArgument),
    };
    // Through `with_meld`, which builds the core meld whatever its field names.
    for m in &h.melds[..usize::from(h.meld_count)] {
        let relative = (1..=3).contains(&m.claimed);
        let (kind, from) = match m.kind {
            MJ_MCR_MELD_CHOW if relative => (MeldKind::Chow, (h.winner + 3) % 4),
            MJ_MCR_MELD_PUNG if relative => (MeldKind::Pung, (h.winner + 4 - m.claimed) % 4),
            MJ_MCR_MELD_KONG if relative => (MeldKind::Kong, (h.winner + 4 - m.claimed) % 4),
            MJ_MCR_MELD_CONCEALED_KONG if m.claimed == 0 => (MeldKind::ConcealedKong, h.winner),
            _ => return Err(MjStatus::IllegalMeld),
        };
        f = f.with_meld(kind, m.tile, from);
    }
    f.flowers = h.flowers;
    f.flower_count = h.flower_count;
    f.from = h.from;
    f.winner = h.winner;
    f.dealer = h.dealer;
    f.consecutive_deals = h.consecutive_deals;
    f.prevalent_wind = h.prevalent_wind;
    f.replacement = h.flags & MJ_TAI_FLAG_REPLACEMENT != 0;
    f.last_tile = h.flags & MJ_TAI_FLAG_LAST_TILE != 0;
    f.first_turn = h.flags & MJ_TAI_FLAG_FIRST_TURN != 0;
    f.ready_from_first_discard = h.flags & MJ_TAI_FLAG_READY_FROM_FIRST_DISCARD != 0;
    Ok(f)
}

/// An empty hand: no tiles, melds or flowers, winning tile 0, self-drawn, seat 0 winning as
/// dealer on its first deal, East round, no flags. Set `counts`, `win_tile` and the rest before
/// scoring.
#[unsafe(no_mangle)]
pub extern "C" fn mj_tai_hand_default() -> MjTaiHand {
    MjTaiHand {
        counts: [0; MJ_TILE_KINDS],
        melds: [crate::meld::Meld {
            kind: 0,
            tile: 0,
            claimed: 0,
        }; MJ_TAI_MAX_MELDS],
        meld_count: 0,
        flowers: [0; MJ_TAI_FLOWERS],
        flower_count: 0,
        win_tile: 0,
        how: MJ_TAI_WIN_SELF_DRAWN,
        from: 0,
        winner: 0,
        dealer: 0,
        consecutive_deals: 0,
        prevalent_wind: 0,
        flags: 0,
    }
}

/// The ATAWMJ preset's rules (= `mj_tai_rules_preset(MJ_TAI_PRESET_ATAWMJ, ...)`).
#[unsafe(no_mangle)]
pub extern "C" fn mj_tai_rules_default() -> MjTaiRules {
    rules_to_c(&TaiRules::atawmj())
}

/// Rules of a preset: `MJ_TAI_PRESET_ATAWMJ` or `MJ_TAI_PRESET_COMMON` (docs/tai.md lists every
/// value and switch of each).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` if `out_rules` is NULL; `MJ_STATUS_INVALID_ARGUMENT` for an unknown
/// preset. `*out_rules` is written only on `MJ_STATUS_OK`.
///
/// # Safety
/// `out_rules` is NULL or points to a writable `MjTaiRules`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_tai_rules_preset(preset: u32, out_rules: *mut MjTaiRules) -> MjStatus {
    guard(|| {
        // SAFETY: NULL or writable per the contract.
        let out = unsafe { out_mut(out_rules) }?;
        let r = match preset {
            MJ_TAI_PRESET_ATAWMJ => TaiRules::atawmj(),
            MJ_TAI_PRESET_COMMON => TaiRules::common(),
            _ => return Err(MjStatus::InvalidArgument),
        };
        *out = rules_to_c(&r);
        static GAPS: OnceLock<Vec<(usize, usize)>> = OnceLock::new();
        let gaps = GAPS.get_or_init(|| {
            let mut spans = Vec::new();
            rules_spans(0, &mut spans);
            super::gaps(size_of::<MjTaiRules>(), &spans)
        });
        // SAFETY: `out` is a valid, writable `MjTaiRules`; the gaps lie inside it.
        unsafe { super::zero_gaps(std::ptr::from_mut(out).cast(), gaps) };
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
///   outside 1..8 or given twice, an unknown `how`, a seat or wind above 3, a winning tile outside
///   0..33 or not in `counts`; in `rules`, a switch other than 0 or 1 or a nonzero `values[0]`.
/// - `MJ_STATUS_ILLEGAL_MELD`: an unknown meld kind, a `claimed` out of range (1..3, 0 for a
///   concealed kong), a meld tile outside 0..33, a chow of honours or starting at 8 or 9.
/// - `MJ_STATUS_TOO_MANY_COPIES`: a fifth copy of a kind in `counts` + melds.
/// - `MJ_STATUS_BAD_TILE_TOTAL`: `counts` does not total `17 - 3 * meld_count` (a flower win: or
///   one less).
/// - `MJ_STATUS_INVALID_FLAGS`: an unknown flag bit, or facts that cannot hold together: `from`
///   equal to the winner on a win from another seat; a replacement draw on a win from another
///   seat; the last tile with robbing a kong or a flower win; the first turn with the last tile,
///   robbing a kong, a claimed meld, readiness from the first discard, or a dealer winning on a
///   discard; readiness from the first discard with a claimed meld; robbing a kong while the
///   winner holds another copy of the tile; a flower win without all eight flowers.
/// - `MJ_STATUS_NOT_WINNING`: the tiles form no winning hand under the rules, or the flower win
///   is off (its value 0).
///
/// `*out_result` is written only on `MJ_STATUS_OK`.
///
/// # Safety
/// `hand` is NULL or points to a readable `MjTaiHand`; `rules` is NULL or points to a readable
/// `MjTaiRules`; `out_result` is NULL or points to a writable `MjTaiResult`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_tai_score(
    hand: *const MjTaiHand,
    rules: *const MjTaiRules,
    out_result: *mut MjTaiResult,
) -> MjStatus {
    guard(|| {
        // SAFETY: NULL or readable per the contract.
        let h = unsafe { hand.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: NULL or readable per the contract.
        let r = unsafe { rules.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: NULL or writable per the contract.
        let out = unsafe { out_mut(out_result) }?;
        let s = tai::score(&hand_from_c(h)?, &rules_from_c(r)?)?;
        *out = MjTaiResult {
            tai: s.tai,
            hand_tai: s.hand_tai,
            dealer_tai: s.dealer_tai,
            total: s.total,
            payments: s.payments,
        };
        Ok(())
    })
}

/// Names and values of tai pattern `id` (1..38, see `MJ_TAI_PATTERN_SLOTS`), for user
/// interfaces: `value` in `rules` (the ATAWMJ preset when `rules` is NULL) and in both presets.
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
    rules: *const MjTaiRules,
    out_info: *mut MjTaiPatternInfo,
) -> MjStatus {
    guard(|| {
        // SAFETY: NULL or writable per the contract.
        let out = unsafe { out_mut(out_info) }?;
        // SAFETY: NULL or readable per the contract.
        let rules = match unsafe { rules.as_ref() } {
            Some(c) => rules_from_c(c)?,
            None => TaiRules::atawmj(),
        };
        let p = Pattern::from_id(id as usize).ok_or(MjStatus::InvalidArgument)?;
        *out = MjTaiPatternInfo {
            name_zh: NAMES[p.id()][0].as_ptr().cast(),
            name_en: NAMES[p.id()][1].as_ptr().cast(),
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
