//! The tai rules ([`TaiRules`], in C `MjTaiRules`): the value of every pattern, the stakes, the
//! minimum tai and the switches where rule sets differ; the two presets.

use super::patterns::{self, Pattern};
use super::{PATTERN_SLOTS, SEATS};
use crate::error::Error;

/// Calls `$m!(field, ...)` with every switch field of [`TaiRules`], in their fixed order (the
/// order of the struct's fields, of [`SWITCH_NAMES`], of snapshots and records): the one list
/// of the switches.
macro_rules! with_switches {
    ($m:ident) => {
        $m! {
            concealed_self_drawn_keeps_concealed,
            concealed_self_drawn_keeps_self_drawn,
            dragon_hands_keep_dragon_pungs,
            wind_hands_keep_wind_pungs,
            flower_kong_keeps_seat_flower,
            all_chows_no_honors,
            all_chows_no_flowers,
            all_chows_not_self_drawn,
            chrysanthemum_west,
            heavenly_ready_from_deal,
            human_win_first_go_around,
            replacement_win_after_exposed_kong,
            concealed_self_drawn_allows_exposed_kong
        }
    };
}
pub(crate) use with_switches;

/// Tai values, stakes, the minimum tai and the switches (in C `MjTaiRules`; fill it from
/// `mj_tai_rules_preset()` or `mj_tai_rules_default()`, in Rust from [`TaiRules::atawmj`] or
/// [`TaiRules::common`]). Every value is per occurrence (正花 per flower, 花槓 per set, 三元牌 per
/// pung, 連莊 and 拉莊 per consecutive deal); 0 turns a pattern off (for 八仙過海, 七搶一 and
/// 嚦咕嚦咕 it also refuses that win). Switches are 0 or 1; scoring refuses any other value, or
/// a nonzero `values[0]`, with `MJ_STATUS_INVALID_ARGUMENT`. docs/tai.md gives each preset's
/// choice with the text of its source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct TaiRules {
    /// Tai per pattern id (see `MJ_TAI_PATTERN_SLOTS`); slot 0 must be 0.
    pub values: [u16; PATTERN_SLOTS],
    /// Base (底) of every payment.
    pub base: u32,
    /// Price per tai (台價): a payment is `base + tai * price`.
    pub price: u32,
    /// 起胡: the least tai a win must count (the winner's own tai, `MjTaiResult::winner_tai`);
    /// `mj_tai_score` reports it in `qualifies`, and a table offers a win only at or above it.
    /// 0: no minimum (both presets).
    pub min_tai: u32,
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
    /// 1: 菊 (flower 8) is West's flower and 竹 (7) North's, as the common tables order the
    /// plants 梅蘭菊竹 (common 1); 0: 竹 West's, 菊 North's, as ATAWMJ orders them 梅蘭竹菊
    /// (ATAWMJ 0). The other six flowers are not affected.
    pub chrysanthemum_west: u8,
    /// 1: 天聽 is a hand ready as dealt (配牌即聽牌), any seat's (`MJ_TAI_FLAG_READY_FROM_DEAL`;
    /// the dealer's is its readiness from its first discard), and 地聽 a non-dealer's readiness
    /// from its first discard (ATAWMJ 1); 0: 天聽 is the dealer's readiness from its first
    /// discard and 地聽 a non-dealer's (common 0).
    pub heavenly_ready_from_deal: u8,
    /// 1: 人胡 is a win on a discard of the first go-around (第一巡內), any seat's, the dealer's
    /// included (`MJ_TAI_FLAG_FIRST_GO_AROUND`, or `MJ_TAI_FLAG_FIRST_TURN` on a discard; both
    /// presets 1); 0: a non-dealer's win on a discard before its own first discard
    /// (`MJ_TAI_FLAG_FIRST_TURN`).
    pub human_win_first_go_around: u8,
    /// 1: 槓上開花 also counts on the replacement after an exposed kong
    /// (`MJ_TAI_FLAG_AFTER_EXPOSED_KONG`; common 1); 0: only after a flower, a concealed kong or
    /// an added kong (ATAWMJ 0).
    pub replacement_win_after_exposed_kong: u8,
    /// 1: 不求 / 門清自摸 forbids only chows and pungs (an added kong was a pung), so an exposed
    /// kong keeps it (ATAWMJ 1; 門清 still needs no exposed kong); 0: it needs 門清 (common 0).
    pub concealed_self_drawn_allows_exposed_kong: u8,
}

macro_rules! switch_table {
    ($($s:ident),*) => {
        /// Number of switches of [`TaiRules`].
        ///
        /// cbindgen:ignore
        pub const SWITCHES: usize = [$(stringify!($s)),*].len();

        /// The names of [`TaiRules`]' switches (their field names), in their fixed order.
        ///
        /// cbindgen:ignore
        pub const SWITCH_NAMES: [&str; SWITCHES] = [$(stringify!($s)),*];

        /// cbindgen:ignore
        impl TaiRules {
            $(
                #[doc = concat!("Whether `", stringify!($s), "` is on (the field is not 0).")]
                #[inline(always)]
                pub const fn $s(&self) -> bool {
                    self.$s != 0
                }
            )*

            /// The switches, in [`SWITCH_NAMES`]' order (true: the field is not 0).
            pub const fn switches(&self) -> [bool; SWITCHES] {
                [$(self.$s != 0),*]
            }

            /// Sets every switch from `on`, in [`SWITCH_NAMES`]' order.
            pub fn set_switches(&mut self, on: [bool; SWITCHES]) {
                let [$($s),*] = on;
                $(self.$s = u8::from($s);)*
            }

            /// Sets the switch named `name` (one of [`SWITCH_NAMES`]); false for another name.
            pub fn set_switch(&mut self, name: &str, on: bool) -> bool {
                match name {
                    $(stringify!($s) => self.$s = u8::from(on),)*
                    _ => return false,
                }
                true
            }

            /// The raw switch bytes, in [`SWITCH_NAMES`]' order.
            const fn switch_bytes(&self) -> [u8; SWITCHES] {
                [$(self.$s),*]
            }

            /// The raw switch bytes to write, in [`SWITCH_NAMES`]' order.
            #[cfg(test)]
            pub(crate) fn switch_bytes_mut(&mut self) -> [&mut u8; SWITCHES] {
                [$(&mut self.$s),*]
            }
        }

        /// The byte offset of each switch in the struct, in [`SWITCH_NAMES`]' order.
        ///
        /// cbindgen:ignore
        #[cfg(test)]
        pub(crate) const SWITCH_OFFSETS: [usize; SWITCHES] =
            [$(std::mem::offset_of!(TaiRules, $s)),*];
    };
}
with_switches!(switch_table);

/// cbindgen:ignore
impl TaiRules {
    /// The tai table of the Taiwanese mahjong association ATAWMJ (台數計算, revision of
    /// 2009-12-26), its switches as its text reads (docs/tai.md quotes it); base 100, 20 per
    /// tai, no minimum.
    pub const fn atawmj() -> TaiRules {
        TaiRules {
            values: patterns::ATAWMJ,
            base: 100,
            price: 20,
            min_tai: 0,
            concealed_self_drawn_keeps_concealed: 1,
            concealed_self_drawn_keeps_self_drawn: 1,
            dragon_hands_keep_dragon_pungs: 0,
            wind_hands_keep_wind_pungs: 0,
            flower_kong_keeps_seat_flower: 1,
            all_chows_no_honors: 1,
            all_chows_no_flowers: 1,
            all_chows_not_self_drawn: 1,
            chrysanthemum_west: 0,
            heavenly_ready_from_deal: 1,
            human_win_first_go_around: 1,
            replacement_win_after_exposed_kong: 0,
            concealed_self_drawn_allows_exposed_kong: 1,
        }
    }

    /// The common game's table (門清自摸 3 tai as one pattern, 嚦咕嚦咕 8, 人胡 8, 菊 West's,
    /// 槓上開花 after any kong); base 100, 20 per tai, no minimum.
    pub const fn common() -> TaiRules {
        TaiRules {
            values: patterns::COMMON,
            concealed_self_drawn_keeps_concealed: 0,
            concealed_self_drawn_keeps_self_drawn: 0,
            chrysanthemum_west: 1,
            heavenly_ready_from_deal: 0,
            replacement_win_after_exposed_kong: 1,
            concealed_self_drawn_allows_exposed_kong: 0,
            ..TaiRules::atawmj()
        }
    }

    /// Checks what scoring refuses: a switch other than 0 or 1, a nonzero `values[0]`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`].
    pub fn validate(&self) -> Result<(), Error> {
        if self.values[0] != 0 || self.switch_bytes().iter().any(|&b| b > 1) {
            return Err(Error::InvalidArgument);
        }
        Ok(())
    }

    /// The value of one pattern.
    pub const fn value(&self, p: Pattern) -> u16 {
        self.values[p as usize]
    }

    /// The pattern's (Chinese, English) names as these rules count it: 不求 / "Self-drawn
    /// without claims" for id 6 where it counts beside 門清 or 自摸 (ATAWMJ), 門清自摸 /
    /// "Concealed self-drawn" where it replaces both (common); every other pattern its own
    /// names ([`Pattern::chinese`], [`Pattern::english`]).
    pub const fn names(&self, p: Pattern) -> (&'static str, &'static str) {
        let replaces = self.concealed_self_drawn_keeps_concealed == 0
            && self.concealed_self_drawn_keeps_self_drawn == 0;
        if matches!(p, Pattern::ConcealedSelfDrawn) && replaces {
            patterns::CONCEALED_SELF_DRAWN_COMMON
        } else {
            (p.chinese(), p.english())
        }
    }

    /// The seat wind (0 East .. 3 North) that flower `n` (1..=8) belongs to: `(n - 1) % 4`, with
    /// 竹 (7) and 菊 (8) swapped when `chrysanthemum_west` is on.
    pub const fn flower_seat(&self, n: u8) -> u8 {
        let wind = n.wrapping_sub(1) % 4;
        if self.chrysanthemum_west != 0 && n >= 7 {
            5 - wind
        } else {
            wind
        }
    }

    /// The flowers of seat wind `wind` (0..=3) as a mask, bit `n - 1` for flower `n`.
    pub(crate) const fn seat_flowers(&self, wind: usize) -> u8 {
        let plant = if self.chrysanthemum_west != 0 && wind >= 2 {
            5 - wind
        } else {
            wind
        };
        1 << (wind % SEATS) | 1 << (4 + plant % SEATS)
    }
}

/// cbindgen:ignore
impl Default for TaiRules {
    /// [`TaiRules::atawmj`].
    fn default() -> TaiRules {
        TaiRules::atawmj()
    }
}
