//! Riichi (Japanese) scoring: yaku, fu, han, limit and payments, scored exactly as the PyPI
//! package `mahjong` 2.1.0 (`HandCalculator.estimate_hand_value`) does, with every optional rule
//! of its `OptionalRules`, three-player (sanma) included.
//!
//! Input: the concealed tiles **including** the winning tile, up to four declared melds (their
//! tiles are *not* in `counts`), the winning tile, red fives, win conditions, winds, dora and ura
//! indicators, honba, riichi sticks, kita (nuki dora) and a paarenchan count. Every reading of
//! the tiles (each decomposition, each set the winning tile can complete, seven pairs, thirteen
//! orphans) is scored and the best is kept as the reference keeps it (points, then a real
//! yakuman over a counted one, then han, then fu, then the raw fu sum, then the first reading).
//! Inputs that no game can produce are refused with their own error (see [`crate::riichi::score`]).

/// cbindgen:ignore
pub mod yaku;

/// Parsed by cbindgen: the discard analysis' input, options and result are the C ABI's
/// (renamed in cbindgen.toml).
pub mod ev;
/// cbindgen:ignore
mod eval;
/// cbindgen:ignore
mod points;
mod rules;
pub use rules::*;
#[cfg(test)]
mod tests;

use crate::error::Error;
use crate::tile::{Counts, TILE_KINDS};
pub use yaku::YakuInfo;

/// Most declared melds of a riichi hand (`MjRiichiHand::melds`).
pub const MAX_MELDS: usize = 4;
/// Most dora (and ura dora) indicators of a riichi hand.
pub const MAX_INDICATORS: usize = 5;
/// Slots of `MjRiichiResult::yaku`: index 0 unused, 1..=65 the yaku ids (see
/// `mj_riichi_yaku_info`).
pub const YAKU_SLOTS: usize = 66;
/// Most entries of a fu breakdown (`MjRiichiResult::fu_parts`).
pub const MAX_FU_PARTS: usize = 10;

/// Condition: won by self-draw (tsumo); without it, on a discard (ron).
pub const TSUMO: u32 = 1;
/// Condition: riichi.
pub const RIICHI: u32 = 2;
/// Condition: double riichi (riichi on the first turn).
pub const DOUBLE_RIICHI: u32 = 4;
/// Condition: ippatsu (within one go-around of the riichi, no call in between; needs riichi or
/// double riichi).
pub const IPPATSU: u32 = 8;
/// Condition: rinshan kaihou (tsumo on a kan replacement tile; needs a declared kan).
pub const RINSHAN: u32 = 16;
/// Condition: chankan (ron on another player's added kan).
pub const CHANKAN: u32 = 32;
/// Condition: haitei (tsumo on the last wall tile).
pub const HAITEI: u32 = 64;
/// Condition: houtei (ron on the last discard).
pub const HOUTEI: u32 = 128;
/// Condition: tenhou (the dealer's first draw completes the hand).
pub const TENHOU: u32 = 256;
/// Condition: chiihou (a non-dealer's first draw completes the hand, no call before).
pub const CHIIHOU: u32 = 512;
/// Condition: renhou (a non-dealer's ron before their first draw, no call before).
pub const RENHOU: u32 = 1024;
/// Condition: nagashi mangan at the exhaustive draw (with tsumo; the tiles are not read).
pub const NAGASHI_MANGAN: u32 = 2048;
/// Condition: open riichi (the riichi was declared with the hand shown; needs riichi or double
/// riichi).
pub const OPEN_RIICHI: u32 = 4096;
/// Every defined condition bit.
///
/// cbindgen:ignore
pub const CONDITIONS_ALL: u32 = (1 << 13) - 1;

/// Meld kind: chi; `tile` is its lowest tile, `claimed` which tile (1, 2, 3) was taken.
pub const MELD_CHI: u8 = 1;
/// Meld kind: pon; `claimed` is the seat it came from (1 right, 2 opposite, 3 left).
pub const MELD_PON: u8 = 2;
/// Meld kind: open kan from a discard (daiminkan); `claimed` as for a pon.
pub const MELD_OPEN_KAN: u8 = 3;
/// Meld kind: added kan (shouminkan); `claimed` as for the pon it extends.
pub const MELD_ADDED_KAN: u8 = 4;
/// Meld kind: closed kan (ankan); `claimed` must be 0. The hand stays concealed.
pub const MELD_CLOSED_KAN: u8 = 5;

/// Kind of a declared meld. The discriminants are the values of [`RiichiMeld::kind`] (in C
/// `MJ_RIICHI_MELD_*`).
///
/// cbindgen:ignore
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MeldKind {
    /// Chi (a claimed sequence); `claimed` is which of its three tiles was taken, 1..=3.
    Chi = MELD_CHI,
    /// Pon; `claimed` is the seat it came from: 1 right (shimocha), 2 opposite, 3 left.
    Pon = MELD_PON,
    /// Open kan (daiminkan, from a discard); `claimed` as for a pon.
    OpenKan = MELD_OPEN_KAN,
    /// Added kan (shouminkan, a fourth tile added to a pon); `claimed` is where the pon came from.
    AddedKan = MELD_ADDED_KAN,
    /// Closed kan (ankan); `claimed` must be 0. It keeps the hand concealed.
    ClosedKan = MELD_CLOSED_KAN,
}

impl MeldKind {
    /// The kind whose discriminant is `value` (1..=5), if any.
    pub const fn from_u8(value: u8) -> Option<MeldKind> {
        match value {
            MELD_CHI => Some(MeldKind::Chi),
            MELD_PON => Some(MeldKind::Pon),
            MELD_OPEN_KAN => Some(MeldKind::OpenKan),
            MELD_ADDED_KAN => Some(MeldKind::AddedKan),
            MELD_CLOSED_KAN => Some(MeldKind::ClosedKan),
            _ => None,
        }
    }
    /// Whether the meld opens the hand (everything but a closed kan).
    pub const fn is_open(self) -> bool {
        !matches!(self, MeldKind::ClosedKan)
    }
    /// Whether it is one of the three kans.
    pub const fn is_kan(self) -> bool {
        matches!(
            self,
            MeldKind::OpenKan | MeldKind::AddedKan | MeldKind::ClosedKan
        )
    }
}

/// A declared meld of an `MjRiichiHand`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct RiichiMeld {
    /// `MJ_RIICHI_MELD_*` (in Rust a `MeldKind` discriminant: build melds with
    /// `RiichiMeld::chi` and the other constructors, read the kind with `RiichiMeld::kind`).
    pub kind: u8,
    /// Tile kind 0..33: the lowest tile of a chi, the tile of a pon or kan.
    pub tile: u8,
    /// Chi: which tile was claimed (1..3). Pon / open kan / added kan: seat it came from (1..3).
    /// Closed kan: 0.
    pub claimed: u8,
}

impl RiichiMeld {
    /// A meld of `kind` at `tile` with `claimed` (see the fields).
    pub const fn new(kind: MeldKind, tile: u8, claimed: u8) -> RiichiMeld {
        RiichiMeld {
            kind: kind as u8,
            tile,
            claimed,
        }
    }
    /// A chi starting at `first`, the `claimed`-th (1..=3) tile taken.
    pub const fn chi(first: u8, claimed: u8) -> RiichiMeld {
        RiichiMeld::new(MeldKind::Chi, first, claimed)
    }
    /// A pon of `tile` claimed from seat `from` (1..=3).
    pub const fn pon(tile: u8, from: u8) -> RiichiMeld {
        RiichiMeld::new(MeldKind::Pon, tile, from)
    }
    /// An open kan of `tile` claimed from seat `from` (1..=3).
    pub const fn open_kan(tile: u8, from: u8) -> RiichiMeld {
        RiichiMeld::new(MeldKind::OpenKan, tile, from)
    }
    /// An added kan of `tile` (its pon came from seat `from`, 1..=3).
    pub const fn added_kan(tile: u8, from: u8) -> RiichiMeld {
        RiichiMeld::new(MeldKind::AddedKan, tile, from)
    }
    /// A closed kan of `tile`.
    pub const fn closed_kan(tile: u8) -> RiichiMeld {
        RiichiMeld::new(MeldKind::ClosedKan, tile, 0)
    }
    /// The kind, or None for a `kind` byte that is no [`MeldKind`] ([`score`] refuses such a
    /// meld with [`Error::IllegalMeld`]).
    pub const fn try_kind(&self) -> Option<MeldKind> {
        MeldKind::from_u8(self.kind)
    }
    /// The kind; a `kind` byte that is no [`MeldKind`] reads as [`MeldKind::ClosedKan`] (such a
    /// meld never gets past [`score`]'s checks).
    pub const fn kind(&self) -> MeldKind {
        match self.try_kind() {
            Some(k) => k,
            None => MeldKind::ClosedKan,
        }
    }
    /// Tiles of the meld (3, or 4 for a kan).
    pub const fn size(&self) -> u8 {
        if self.kind().is_kan() { 4 } else { 3 }
    }
}

/// A winning riichi hand with its table situation (in C `MjRiichiHand`; fill it from
/// `mj_riichi_hand_default()`, in Rust from `RiichiHand::new`).
///
/// `counts` holds the concealed tiles **including the winning tile**; the tiles of declared
/// melds are not in `counts`, so it totals `14 - 3 * meld_count` (a kan counts 3 there).
/// 80 bytes, fixed-width fields only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct RiichiHand {
    /// Concealed tiles by kind (`MJ_TILE_KINDS` counts), winning tile included.
    pub counts: [u8; TILE_KINDS],
    /// Declared melds; only the first `meld_count` are read.
    pub melds: [RiichiMeld; MAX_MELDS],
    /// Number of declared melds, 0..4.
    pub meld_count: u8,
    /// Winning tile kind 0..33; it must be in `counts`.
    pub win_tile: u8,
    /// Seat wind 0..3 (`MJ_WIND_*`; East = dealer, South, West, North).
    pub seat_wind: u8,
    /// Round (prevalent) wind 0..3.
    pub round_wind: u8,
    /// Red fives held per suit (man, pin, sou), in `counts` and the melds together; at most the
    /// fives of that suit held.
    pub red_fives: [u8; 3],
    /// Dora indicator kinds; only the first `dora_count` are read.
    pub dora: [u8; MAX_INDICATORS],
    /// Number of dora indicators, 0..5.
    pub dora_count: u8,
    /// Ura dora indicator kinds (counted only with riichi); the first `ura_count` are read.
    pub ura: [u8; MAX_INDICATORS],
    /// Number of ura dora indicators, 0..5.
    pub ura_count: u8,
    /// North tiles set aside as kita (nuki dora), three-player only, 0..4.
    pub kita: u8,
    /// Paarenchan yakuman count, dealer only (0 = none; the dealer's eighth consecutive win is
    /// 1), 0..6.
    pub paarenchan: u8,
    /// Condition bits (`MJ_RIICHI_TSUMO`, `MJ_RIICHI_RIICHI`, ...; in Rust `riichi::TSUMO`, ...).
    pub conditions: u32,
    /// Honba (repeat) counters, 0..100.
    pub honba: u32,
    /// Riichi sticks on the table (1,000 points each to the winner), 0..100.
    pub riichi_sticks: u32,
}

impl RiichiHand {
    /// A concealed hand won on a discard: East round, South seat, no dora, no sticks.
    pub fn new(counts: Counts, win_tile: u8) -> RiichiHand {
        RiichiHand {
            counts,
            melds: [RiichiMeld::closed_kan(0); MAX_MELDS],
            meld_count: 0,
            win_tile,
            red_fives: [0; 3],
            conditions: 0,
            seat_wind: 1,
            round_wind: 0,
            dora: [0; MAX_INDICATORS],
            dora_count: 0,
            ura: [0; MAX_INDICATORS],
            ura_count: 0,
            honba: 0,
            riichi_sticks: 0,
            kita: 0,
            paarenchan: 0,
        }
    }

    /// Adds a declared meld. A fifth meld is not stored but still counted, so that [`score`]
    /// refuses the hand with [`Error::InvalidArgument`].
    pub fn with_meld(mut self, meld: RiichiMeld) -> RiichiHand {
        if usize::from(self.meld_count) < MAX_MELDS {
            self.melds[usize::from(self.meld_count)] = meld;
        }
        self.meld_count = self.meld_count.saturating_add(1);
        self
    }

    /// Adds a dora indicator (a sixth is counted, not stored: refused by [`score`]).
    pub fn with_dora(mut self, kind: u8) -> RiichiHand {
        if usize::from(self.dora_count) < MAX_INDICATORS {
            self.dora[usize::from(self.dora_count)] = kind;
        }
        self.dora_count = self.dora_count.saturating_add(1);
        self
    }

    /// Adds an ura dora indicator.
    pub fn with_ura(mut self, kind: u8) -> RiichiHand {
        if usize::from(self.ura_count) < MAX_INDICATORS {
            self.ura[usize::from(self.ura_count)] = kind;
        }
        self.ura_count = self.ura_count.saturating_add(1);
        self
    }

    /// The declared melds.
    #[inline(always)]
    pub fn melds(&self) -> &[RiichiMeld] {
        &self.melds[..usize::from(self.meld_count).min(MAX_MELDS)]
    }

    /// Whether the seat wind is East.
    pub const fn is_dealer(&self) -> bool {
        self.seat_wind == 0
    }

    /// Whether a condition bit is set.
    pub const fn has(&self, bit: u32) -> bool {
        self.conditions & bit != 0
    }
}

/// Fu reason: base fu (20, 30 concealed ron, 25 seven pairs).
pub const FU_BASE: u8 = 1;
/// Fu reason: edge wait.
pub const FU_PENCHAN: u8 = 2;
/// Fu reason: closed wait.
pub const FU_KANCHAN: u8 = 3;
/// Fu reason: valued pair (dragon, seat or round wind).
pub const FU_VALUED_PAIR: u8 = 4;
/// Fu reason: pair of the wind that is both seat and round wind.
pub const FU_DOUBLE_VALUED_PAIR: u8 = 5;
/// Fu reason: single wait on the pair.
pub const FU_PAIR_WAIT: u8 = 6;
/// Fu reason: self-draw.
pub const FU_TSUMO: u8 = 7;
/// Fu reason: open hand without other fu.
pub const FU_OPEN_PINFU: u8 = 8;
/// Fu reason: concealed pon of simples (4).
pub const FU_CLOSED_PON: u8 = 9;
/// Fu reason: open pon of simples (2).
pub const FU_OPEN_PON: u8 = 10;
/// Fu reason: concealed pon of terminals or honours (8).
pub const FU_CLOSED_TERMINAL_PON: u8 = 11;
/// Fu reason: open pon of terminals or honours (4).
pub const FU_OPEN_TERMINAL_PON: u8 = 12;
/// Fu reason: closed kan of simples (16).
pub const FU_CLOSED_KAN: u8 = 13;
/// Fu reason: open kan of simples (8).
pub const FU_OPEN_KAN: u8 = 14;
/// Fu reason: closed kan of terminals or honours (32).
pub const FU_CLOSED_TERMINAL_KAN: u8 = 15;
/// Fu reason: open kan of terminals or honours (16).
pub const FU_OPEN_TERMINAL_KAN: u8 = 16;

/// Why a fu entry was awarded. The discriminants are the `FU_*` constants (in C
/// `MJ_RIICHI_FU_*`), which `FuPart::reason` holds in the C result.
///
/// cbindgen:ignore
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum FuReason {
    /// Base fu: 20 (open or tsumo), 30 (concealed ron), 25 (seven pairs).
    Base = FU_BASE,
    /// Edge wait (12-3, 7-89).
    Penchan = FU_PENCHAN,
    /// Closed wait (1-3).
    Kanchan = FU_KANCHAN,
    /// Pair of dragons, seat wind or round wind.
    ValuedPair = FU_VALUED_PAIR,
    /// Pair of a wind that is both seat and round wind.
    DoubleValuedPair = FU_DOUBLE_VALUED_PAIR,
    /// Single wait on the pair.
    PairWait = FU_PAIR_WAIT,
    /// Self-draw.
    Tsumo = FU_TSUMO,
    /// Open hand without fu (open pinfu).
    OpenPinfu = FU_OPEN_PINFU,
    /// Concealed pon of simples.
    ClosedPon = FU_CLOSED_PON,
    /// Open pon of simples.
    OpenPon = FU_OPEN_PON,
    /// Concealed pon of terminals or honours.
    ClosedTerminalPon = FU_CLOSED_TERMINAL_PON,
    /// Open pon of terminals or honours.
    OpenTerminalPon = FU_OPEN_TERMINAL_PON,
    /// Closed kan of simples.
    ClosedKan = FU_CLOSED_KAN,
    /// Open kan of simples.
    OpenKan = FU_OPEN_KAN,
    /// Closed kan of terminals or honours.
    ClosedTerminalKan = FU_CLOSED_TERMINAL_KAN,
    /// Open kan of terminals or honours.
    OpenTerminalKan = FU_OPEN_TERMINAL_KAN,
}

impl FuReason {
    /// The reason whose discriminant is `value` (`FU_*`), if any.
    pub const fn from_u8(value: u8) -> Option<FuReason> {
        match value {
            FU_BASE => Some(FuReason::Base),
            FU_PENCHAN => Some(FuReason::Penchan),
            FU_KANCHAN => Some(FuReason::Kanchan),
            FU_VALUED_PAIR => Some(FuReason::ValuedPair),
            FU_DOUBLE_VALUED_PAIR => Some(FuReason::DoubleValuedPair),
            FU_PAIR_WAIT => Some(FuReason::PairWait),
            FU_TSUMO => Some(FuReason::Tsumo),
            FU_OPEN_PINFU => Some(FuReason::OpenPinfu),
            FU_CLOSED_PON => Some(FuReason::ClosedPon),
            FU_OPEN_PON => Some(FuReason::OpenPon),
            FU_CLOSED_TERMINAL_PON => Some(FuReason::ClosedTerminalPon),
            FU_OPEN_TERMINAL_PON => Some(FuReason::OpenTerminalPon),
            FU_CLOSED_KAN => Some(FuReason::ClosedKan),
            FU_OPEN_KAN => Some(FuReason::OpenKan),
            FU_CLOSED_TERMINAL_KAN => Some(FuReason::ClosedTerminalKan),
            FU_OPEN_TERMINAL_KAN => Some(FuReason::OpenTerminalKan),
            _ => None,
        }
    }
}

/// One entry of a fu breakdown. Entries past `fu_count` are all zero (`reason` 0 is no
/// `MJ_RIICHI_FU_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct FuPart {
    /// `MJ_RIICHI_FU_*`.
    pub reason: u8,
    /// Fu.
    pub fu: u8,
}

/// cbindgen:ignore
impl FuPart {
    /// An unused entry: both bytes 0.
    pub const EMPTY: FuPart = FuPart { reason: 0, fu: 0 };
    /// An entry of `fu` fu for `reason`.
    #[inline(always)]
    pub const fn new(reason: FuReason, fu: u8) -> FuPart {
        FuPart {
            reason: reason as u8,
            fu,
        }
    }
    /// Why, or None for an unused entry (reason byte 0) or a byte that is no [`FuReason`].
    pub const fn reason(&self) -> Option<FuReason> {
        FuReason::from_u8(self.reason)
    }
}

/// Limit label: below mangan.
pub const LIMIT_NONE: u8 = 0;
/// Limit label: mangan.
pub const LIMIT_MANGAN: u8 = 1;
/// Limit label: haneman.
pub const LIMIT_HANEMAN: u8 = 2;
/// Limit label: baiman.
pub const LIMIT_BAIMAN: u8 = 3;
/// Limit label: sanbaiman.
pub const LIMIT_SANBAIMAN: u8 = 4;
/// Limit label: yakuman, `yakuman_multiple` times.
pub const LIMIT_YAKUMAN: u8 = 5;
/// Limit label: counted (kazoe) yakuman, `yakuman_multiple` times.
pub const LIMIT_KAZOE_YAKUMAN: u8 = 6;
/// Limit label: counted sanbaiman (13+ han capped by the rules).
pub const LIMIT_KAZOE_SANBAIMAN: u8 = 7;
/// Limit label: kiriage mangan (4 han 30 fu, 3 han 60 fu).
pub const LIMIT_KIRIAGE_MANGAN: u8 = 8;
/// Limit label: nagashi mangan.
pub const LIMIT_NAGASHI_MANGAN: u8 = 9;

/// The payment label of a score.
///
/// cbindgen:ignore
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Limit {
    /// Below mangan: paid from han and fu.
    None = LIMIT_NONE,
    /// Mangan (5 han, or 4 han 40+ fu, 3 han 70+ fu).
    Mangan = LIMIT_MANGAN,
    /// Haneman (6-7 han).
    Haneman = LIMIT_HANEMAN,
    /// Baiman (8-10 han).
    Baiman = LIMIT_BAIMAN,
    /// Sanbaiman (11-12 han).
    Sanbaiman = LIMIT_SANBAIMAN,
    /// Yakuman, `yakuman_multiple` times.
    Yakuman = LIMIT_YAKUMAN,
    /// Counted yakuman (kazoe: 13+ han without a yakuman), `yakuman_multiple` times.
    KazoeYakuman = LIMIT_KAZOE_YAKUMAN,
    /// Counted sanbaiman (13+ han capped at sanbaiman by the rules).
    KazoeSanbaiman = LIMIT_KAZOE_SANBAIMAN,
    /// Kiriage mangan (4 han 30 fu or 3 han 60 fu).
    KiriageMangan = LIMIT_KIRIAGE_MANGAN,
    /// Nagashi mangan.
    NagashiMangan = LIMIT_NAGASHI_MANGAN,
}

impl Limit {
    /// The label whose discriminant is `value` (`LIMIT_*`), if any.
    pub const fn from_u8(value: u8) -> Option<Limit> {
        match value {
            LIMIT_NONE => Some(Limit::None),
            LIMIT_MANGAN => Some(Limit::Mangan),
            LIMIT_HANEMAN => Some(Limit::Haneman),
            LIMIT_BAIMAN => Some(Limit::Baiman),
            LIMIT_SANBAIMAN => Some(Limit::Sanbaiman),
            LIMIT_YAKUMAN => Some(Limit::Yakuman),
            LIMIT_KAZOE_YAKUMAN => Some(Limit::KazoeYakuman),
            LIMIT_KAZOE_SANBAIMAN => Some(Limit::KazoeSanbaiman),
            LIMIT_KIRIAGE_MANGAN => Some(Limit::KiriageMangan),
            LIMIT_NAGASHI_MANGAN => Some(Limit::NagashiMangan),
            _ => None,
        }
    }
}

/// The payments of a win, as the reference computes them.
///
/// cbindgen:ignore
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Payment {
    /// Ron: what the discarder pays. Tsumo: what the dealer pays (each player when the winner
    /// is the dealer). Honba not included.
    pub main: i32,
    /// Tsumo: what each non-dealer pays (0 on a ron). Honba not included.
    pub additional: i32,
    /// Honba added to `main` (300 per honba on a ron, 200 in three-player; 100 on a tsumo).
    pub main_bonus: i32,
    /// Honba added to `additional` (100 per honba on a tsumo).
    pub additional_bonus: i32,
    /// Riichi sticks collected: 1,000 each.
    pub sticks_bonus: i32,
    /// Everything the winner receives.
    pub total: i32,
}

/// The score of a riichi hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Score {
    /// Total han (dora included; 13 per yakuman; capped at 78 under the sextuple limit).
    pub han: i32,
    /// Fu, rounded up to 10 (25 for seven pairs, 0 for thirteen orphans). Reported for
    /// yakuman too, as the reference does.
    pub fu: i32,
    /// Ron: the discarder's payment. Tsumo: the dealer's (each player's when the winner is the
    /// dealer). Without honba.
    pub main: i32,
    /// Tsumo: each non-dealer's payment (0 on a ron). Without honba.
    pub additional: i32,
    /// Honba added to `main` (300 per honba on a ron, 200 in three-player; 100 on a tsumo).
    pub main_bonus: i32,
    /// Honba added to `additional` (100 per honba on a tsumo).
    pub additional_bonus: i32,
    /// Riichi sticks collected (1,000 each).
    pub sticks_bonus: i32,
    /// Everything the winner receives.
    pub total: i32,
    /// Han per yaku id (0 = absent; see `mj_riichi_yaku_info`); dora, red fives and ura dora
    /// carry their count.
    pub yaku: [u16; YAKU_SLOTS],
    /// The fu breakdown; the first `fu_count` entries are used, the rest are zero.
    pub fu_parts: [FuPart; MAX_FU_PARTS],
    /// `MJ_RIICHI_LIMIT_*`.
    pub limit: u8,
    /// Yakuman paid for `MJ_RIICHI_LIMIT_YAKUMAN` / `_KAZOE_YAKUMAN`, else 0.
    pub yakuman_multiple: u8,
    /// Entries of `fu_parts`.
    pub fu_count: u8,
}

/// The payments as one [`Payment`], the label as a [`Limit`], the fu breakdown as a slice.
///
/// cbindgen:ignore
impl Score {
    /// The yaku present, as `(id, han)` in id order.
    pub fn yaku_list(&self) -> impl Iterator<Item = (usize, u16)> + '_ {
        self.yaku
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h > 0)
            .map(|(i, &h)| (i, h))
    }
    /// The fu breakdown (the first `fu_count` entries).
    pub fn fu_parts(&self) -> &[FuPart] {
        &self.fu_parts[..usize::from(self.fu_count).min(MAX_FU_PARTS)]
    }
    /// The payments.
    pub const fn payment(&self) -> Payment {
        Payment {
            main: self.main,
            additional: self.additional,
            main_bonus: self.main_bonus,
            additional_bonus: self.additional_bonus,
            sticks_bonus: self.sticks_bonus,
            total: self.total,
        }
    }
    /// The payment label, or None for a `limit` byte that is no [`Limit`].
    pub const fn try_limit(&self) -> Option<Limit> {
        Limit::from_u8(self.limit)
    }
    /// The payment label; a `limit` byte that is no [`Limit`] (never in a score the library
    /// wrote) reads as [`Limit::None`].
    pub const fn limit(&self) -> Limit {
        match self.try_limit() {
            Some(l) => l,
            None => Limit::None,
        }
    }
}

/// Scores a riichi hand under `rules`.
///
/// # Errors
/// - [`Error::InvalidArgument`]: `meld_count` above 4, a wind above 3, a winning tile outside
///   0..34 or not in `counts`, more than 5 dora or ura indicators, an indicator outside 0..34,
///   an unknown condition bit, honba or sticks above 100, kita above 4, paarenchan above 6.
/// - [`Error::IllegalMeld`]: a meld tile outside 0..34, a chi of honours or starting at 8 or 9,
///   `claimed` out of range.
/// - [`Error::TooManyCopies`]: a fifth copy of a kind in `counts` + melds + dora and ura
///   indicators + kita.
/// - [`Error::BadTileTotal`]: `counts` does not hold `14 - 3 * meld_count` tiles.
/// - [`Error::NotWinning`]: the tiles form no winning hand.
/// - [`Error::NoYaku`]: a winning shape without any yaku.
/// - [`Error::RiichiConflict`], [`Error::WinTimingConflict`], [`Error::RinshanWithoutKan`],
///   [`Error::ChankanConflict`], [`Error::BlessingConflict`], [`Error::RedFives`],
///   [`Error::ThreePlayerTile`], [`Error::NagashiConflict`], [`Error::PaarenchanNotDealer`]:
///   conditions or tiles that no game can produce (see each variant).
pub fn score(hand: &RiichiHand, rules: &Rules) -> Result<Score, Error> {
    validate_basic(hand, rules)?;
    if hand.has(NAGASHI_MANGAN) {
        return Ok(points::nagashi(hand, rules));
    }
    let all = validate_tiles(hand, rules)?;
    validate_conditions(hand)?;
    eval::best(hand, rules, &all)
}

/// The total paid for `hand` (which has riichi and no ura indicators) with `u` ura dora, for
/// each `u` in `0..out.len()`, each the best reading's as [`score`] would choose it.
///
/// # Errors
/// As [`score`].
pub(crate) fn score_ladder(hand: &RiichiHand, rules: &Rules, out: &mut [i32]) -> Result<(), Error> {
    validate_basic(hand, rules)?;
    let all = validate_tiles(hand, rules)?;
    validate_conditions(hand)?;
    eval::best_ladder(hand, rules, &all, out)
}

fn validate_basic(hand: &RiichiHand, rules: &Rules) -> Result<(), Error> {
    if usize::from(hand.meld_count) > MAX_MELDS
        || hand.seat_wind > 3
        || hand.round_wind > 3
        || usize::from(hand.win_tile) >= TILE_KINDS
        || usize::from(hand.dora_count) > MAX_INDICATORS
        || usize::from(hand.ura_count) > MAX_INDICATORS
        || hand.conditions & !CONDITIONS_ALL != 0
        || hand.honba > 100
        || hand.riichi_sticks > 100
        || hand.kita > 4
        || hand.paarenchan > 6
        || hand.red_fives.iter().any(|&r| r > 4)
        || !rules.is_valid()
    {
        return Err(Error::InvalidArgument);
    }
    // Plain loops over the two lists (a chained iterator costs more than the test).
    let dora = &hand.dora[..usize::from(hand.dora_count)];
    let ura = &hand.ura[..usize::from(hand.ura_count)];
    // The kinds shown (below 64), and whether one is out of range.
    let (mut kinds, mut bad) = (0u64, false);
    for &k in dora {
        kinds |= 1 << (k & 63);
        bad |= usize::from(k) >= TILE_KINDS;
    }
    for &k in ura {
        kinds |= 1 << (k & 63);
        bad |= usize::from(k) >= TILE_KINDS;
    }
    if bad {
        return Err(Error::InvalidArgument);
    }
    let man_2_8 = kinds & 0xfe != 0;
    if rules.three_player() {
        if hand.seat_wind == 3 || man_2_8 {
            return Err(Error::ThreePlayerTile);
        }
    } else if hand.kita > 0 {
        return Err(Error::ThreePlayerTile);
    }
    if hand.has(NAGASHI_MANGAN) {
        let allowed = NAGASHI_MANGAN | TSUMO | RIICHI | DOUBLE_RIICHI;
        if hand.conditions & !allowed != 0 || !hand.has(TSUMO) {
            return Err(Error::NagashiConflict);
        }
    }
    if hand.paarenchan > 0 && !hand.is_dealer() {
        return Err(Error::PaarenchanNotDealer);
    }
    Ok(())
}

/// Checks the tiles and returns every tile held (concealed + melds, a kan counting 4).
fn validate_tiles(hand: &RiichiHand, rules: &Rules) -> Result<Counts, Error> {
    let mut all = hand.counts;
    // A kind above 4 can only come from what the melds, indicators and kita add (the counts
    // themselves are checked below): those kinds are tested as they are added.
    let mut over = false;
    let mut sanma_tile = false;
    for m in hand.melds() {
        let t = usize::from(m.tile);
        if t >= TILE_KINDS {
            return Err(Error::IllegalMeld);
        }
        let Some(kind) = m.try_kind() else {
            return Err(Error::IllegalMeld);
        };
        let claimed_ok = match kind {
            MeldKind::Chi => (1..=3).contains(&m.claimed) && t < 27 && t % 9 <= 6,
            MeldKind::Pon | MeldKind::OpenKan | MeldKind::AddedKan => (1..=3).contains(&m.claimed),
            MeldKind::ClosedKan => m.claimed == 0,
        };
        if !claimed_ok {
            return Err(Error::IllegalMeld);
        }
        if kind == MeldKind::Chi {
            if rules.three_player() {
                return Err(Error::ThreePlayerTile);
            }
            for c in &mut all[t..t + 3] {
                *c = c.saturating_add(1);
                over |= *c > 4;
            }
        } else {
            all[t] = all[t].saturating_add(m.size());
            over |= all[t] > 4;
            sanma_tile |= (1..8).contains(&t);
        }
    }
    let words = crate::tile::count_words(&hand.counts);
    if rules.three_player() && (sanma_tile || words[0] & crate::forms::MAN_2_8_WORD != 0) {
        return Err(Error::ThreePlayerTile);
    }
    if crate::tile::over_four(&words) != 0 {
        return Err(crate::tile::too_many_copies(&hand.counts));
    }
    let total = crate::tile::words_total(&words);
    if total != 14 - 3 * u32::from(hand.meld_count) {
        return Err(Error::BadTileTotal { total });
    }
    if hand.counts[usize::from(hand.win_tile)] == 0 {
        return Err(Error::InvalidArgument);
    }
    let mut seen = all;
    for &k in &hand.dora[..usize::from(hand.dora_count)] {
        let c = &mut seen[usize::from(k)];
        *c = c.saturating_add(1);
        over |= *c > 4;
    }
    for &k in &hand.ura[..usize::from(hand.ura_count)] {
        let c = &mut seen[usize::from(k)];
        *c = c.saturating_add(1);
        over |= *c > 4;
    }
    if hand.kita > 0 {
        seen[30] = seen[30].saturating_add(hand.kita);
        over |= seen[30] > 4;
    }
    if over {
        let k = seen.iter().position(|&c| c > 4).unwrap_or(0);
        return Err(Error::TooManyCopies { kind: k as u8 });
    }
    if hand.red_fives != [0; 3] {
        for s in 0..3 {
            if hand.red_fives[s] > all[s * 9 + 4] {
                return Err(Error::RedFives);
            }
        }
    }
    Ok(all)
}

fn validate_conditions(hand: &RiichiHand) -> Result<(), Error> {
    let riichi = hand.has(RIICHI) || hand.has(DOUBLE_RIICHI);
    // Without the rarer bits the only conflict is a riichi with an open meld.
    const RARE: u32 =
        IPPATSU | OPEN_RIICHI | RINSHAN | CHANKAN | HAITEI | HOUTEI | TENHOU | CHIIHOU | RENHOU;
    if hand.conditions & RARE == 0 {
        return if riichi && hand.melds().iter().any(|m| m.kind().is_open()) {
            Err(Error::RiichiConflict)
        } else {
            Ok(())
        };
    }
    let open = hand.melds().iter().any(|m| m.kind().is_open());
    let any_kan = hand.melds().iter().any(|m| m.kind().is_kan());
    let tsumo = hand.has(TSUMO);
    if (riichi || hand.has(OPEN_RIICHI) || hand.has(IPPATSU)) && open
        || (hand.has(IPPATSU) || hand.has(OPEN_RIICHI)) && !riichi
        || hand.has(IPPATSU) && hand.has(RINSHAN)
    {
        return Err(Error::RiichiConflict);
    }
    if (hand.has(CHANKAN) || hand.has(HOUTEI)) && tsumo
        || (hand.has(RINSHAN) || hand.has(HAITEI)) && !tsumo
        || hand.has(HAITEI) && hand.has(RINSHAN)
        || hand.has(HOUTEI) && hand.has(CHANKAN)
    {
        return Err(Error::WinTimingConflict);
    }
    if hand.has(RINSHAN) && !any_kan {
        return Err(Error::RinshanWithoutKan);
    }
    if hand.has(CHANKAN)
        && (hand.counts[usize::from(hand.win_tile)] != 1
            || hand.melds().iter().any(|m| match m.kind() {
                MeldKind::Chi => (m.tile..m.tile + 3).contains(&hand.win_tile),
                _ => m.tile == hand.win_tile,
            }))
    {
        return Err(Error::ChankanConflict);
    }
    let blessings = [TENHOU, CHIIHOU, RENHOU]
        .iter()
        .filter(|&&b| hand.has(b))
        .count();
    if blessings > 0 {
        let others =
            RIICHI | DOUBLE_RIICHI | OPEN_RIICHI | IPPATSU | RINSHAN | CHANKAN | HAITEI | HOUTEI;
        let dealer = hand.is_dealer();
        if blessings > 1
            || hand.conditions & others != 0
            || hand.meld_count > 0
            || hand.has(TENHOU) && (!dealer || !tsumo)
            || hand.has(CHIIHOU) && (dealer || !tsumo)
            || hand.has(RENHOU) && (dealer || tsumo)
        {
            return Err(Error::BlessingConflict);
        }
    }
    Ok(())
}
