//! The optional rules of riichi scoring ([`Rules`]) and the kazoe limit.

/// Kazoe limit: 13+ han without a yakuman pay one yakuman.
pub const KAZOE_YAKUMAN: u8 = 0;
/// Kazoe limit: 13+ han without a yakuman pay sanbaiman.
pub const KAZOE_SANBAIMAN: u8 = 1;
/// Kazoe limit: 13+ han pay one yakuman, 26+ two, and so on.
pub const KAZOE_NO_LIMIT: u8 = 2;

/// Limit on counted yakuman (kazoe: 13 han or more without a yakuman).
///
/// cbindgen:ignore
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum KazoeLimit {
    /// 13+ han pay one yakuman.
    Yakuman = KAZOE_YAKUMAN,
    /// 13+ han pay sanbaiman.
    Sanbaiman = KAZOE_SANBAIMAN,
    /// 13+ han pay one yakuman, 26+ two, and so on.
    NoLimit = KAZOE_NO_LIMIT,
}

/// Optional rules, one `uint8_t` (0/1) per switch of the reference's `OptionalRules`; start
/// from `mj_riichi_rules_default()` or `mj_riichi_rules_preset()`. Scoring refuses a switch
/// other than 0 or 1, or a `kazoe` above 2, with `MJ_STATUS_INVALID_ARGUMENT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Rules {
    /// Tanyao counts on an open hand (kuitan). Reference default: off.
    pub open_tanyao: u8,
    /// Red fives are dora (aka dora). Default: off.
    pub aka_dora: u8,
    /// The four double yakuman (dai suushii, 13-sided kokushi, suu ankou tanki, junsei chuuren)
    /// count twice. Default: on.
    pub double_yakuman: u8,
    /// Counted-yakuman limit, `MJ_RIICHI_KAZOE_*`. Default: `MJ_RIICHI_KAZOE_YAKUMAN`.
    pub kazoe: u8,
    /// Kiriage mangan: 4 han 30 fu and 3 han 60 fu pay mangan. Default: off.
    pub kiriage: u8,
    /// An open hand with no fu gets 2 fu (30 fu instead of 20). Default: on.
    pub fu_for_open_pinfu: u8,
    /// Tsumo fu also on a pinfu shape (which then loses pinfu: no pinfu-tsumo). Default: off.
    pub fu_for_pinfu_tsumo: u8,
    /// Renhou is a yakuman instead of 5 han. Default: off.
    pub renhou_as_yakuman: u8,
    /// Daisharin (22334455667788 in dots, concealed) is a yakuman. Default: off.
    pub daisharin: u8,
    /// Daisharin also in characters (daisuurin) and bamboo (daichikurin); implies `daisharin`.
    /// Default: off.
    pub daisharin_other_suits: u8,
    /// Daichisei (seven pairs of honours) is a yakuman (on top of tsuu iisou). Default: off.
    pub daichisei: u8,
    /// Sashikomi: ron on an open riichi is a yakuman. Default: off.
    pub sashikomi: u8,
    /// At most six yakuman (78 han) are counted. Default: on.
    pub sextuple_limit: u8,
    /// Paarenchan counts only when the hand has another yaku. Default: on.
    pub paarenchan_needs_yaku: u8,
    /// Three-player (sanma): no 2m-8m, no chi, 1m indicator shows 9m, kita, payments by two.
    /// Default: off.
    pub three_player: u8,
}

/// The `bool` reader and writer of each 0/1 switch of [`Rules`].
macro_rules! rule_switches {
    ($($field:ident $set:ident),* $(,)?) => {
        /// Each 0/1 switch read and set as a `bool` (`rules.open_tanyao()`,
        /// `rules.set_open_tanyao(true)`); the kazoe cap as a [`KazoeLimit`].
        ///
        /// cbindgen:ignore
        impl Rules {
            $(
                #[doc = concat!("Whether `", stringify!($field), "` is on (the field is not 0).")]
                #[inline(always)]
                pub const fn $field(&self) -> bool {
                    self.$field != 0
                }
                #[doc = concat!("Turns `", stringify!($field), "` on or off.")]
                #[inline]
                pub const fn $set(&mut self, on: bool) {
                    self.$field = on as u8;
                }
            )*
        }
    };
}

rule_switches!(
    open_tanyao set_open_tanyao,
    aka_dora set_aka_dora,
    double_yakuman set_double_yakuman,
    kiriage set_kiriage,
    fu_for_open_pinfu set_fu_for_open_pinfu,
    fu_for_pinfu_tsumo set_fu_for_pinfu_tsumo,
    renhou_as_yakuman set_renhou_as_yakuman,
    daisharin set_daisharin,
    daisharin_other_suits set_daisharin_other_suits,
    daichisei set_daichisei,
    sashikomi set_sashikomi,
    sextuple_limit set_sextuple_limit,
    paarenchan_needs_yaku set_paarenchan_needs_yaku,
    three_player set_three_player,
);

/// cbindgen:ignore
impl Rules {
    /// The reference calculator's defaults (`OptionalRules()`).
    pub const REFERENCE: Rules = Rules {
        open_tanyao: 0,
        aka_dora: 0,
        double_yakuman: 1,
        kazoe: KAZOE_YAKUMAN,
        kiriage: 0,
        fu_for_open_pinfu: 1,
        fu_for_pinfu_tsumo: 0,
        renhou_as_yakuman: 0,
        daisharin: 0,
        daisharin_other_suits: 0,
        daichisei: 0,
        sashikomi: 0,
        sextuple_limit: 1,
        paarenchan_needs_yaku: 1,
        three_player: 0,
    };
    /// Common online rules (Tenhou style): open tanyao, aka dora, no double yakuman, counted
    /// yakuman, no kiriage.
    pub const TENHOU: Rules = Rules {
        open_tanyao: 1,
        aka_dora: 1,
        double_yakuman: 0,
        ..Rules::REFERENCE
    };
    /// Mahjong Soul style: open tanyao, aka dora, double yakuman, counted yakuman, no kiriage.
    pub const MAHJONG_SOUL: Rules = Rules {
        open_tanyao: 1,
        aka_dora: 1,
        ..Rules::REFERENCE
    };
    /// Tournament style (EMA / WRC-like): open tanyao, no aka dora, no double yakuman, kazoe
    /// capped at sanbaiman, kiriage mangan.
    pub const TOURNAMENT: Rules = Rules {
        open_tanyao: 1,
        double_yakuman: 0,
        kazoe: KAZOE_SANBAIMAN,
        kiriage: 1,
        ..Rules::REFERENCE
    };
    /// Every optional yakuman on: renhou as yakuman, daisharin in all suits, daichisei,
    /// sashikomi; kazoe without limit, no sextuple cap, paarenchan without another yaku.
    pub const LOCAL_YAKU: Rules = Rules {
        open_tanyao: 1,
        aka_dora: 1,
        kazoe: KAZOE_NO_LIMIT,
        renhou_as_yakuman: 1,
        daisharin: 1,
        daisharin_other_suits: 1,
        daichisei: 1,
        sashikomi: 1,
        sextuple_limit: 0,
        paarenchan_needs_yaku: 0,
        ..Rules::REFERENCE
    };
    /// Three-player (sanma) with Tenhou-style switches.
    pub const SANMA: Rules = Rules {
        three_player: 1,
        ..Rules::TENHOU
    };

    /// The kazoe cap, or None for a `kazoe` byte above 2 (which [`score`](super::score) refuses).
    pub const fn try_kazoe_limit(&self) -> Option<KazoeLimit> {
        match self.kazoe {
            KAZOE_YAKUMAN => Some(KazoeLimit::Yakuman),
            KAZOE_SANBAIMAN => Some(KazoeLimit::Sanbaiman),
            KAZOE_NO_LIMIT => Some(KazoeLimit::NoLimit),
            _ => None,
        }
    }
    /// The kazoe cap; a `kazoe` byte above 2 reads as [`KazoeLimit::NoLimit`] (such rules
    /// never get past [`score`](super::score)'s checks).
    pub const fn kazoe_limit(&self) -> KazoeLimit {
        match self.try_kazoe_limit() {
            Some(k) => k,
            None => KazoeLimit::NoLimit,
        }
    }
    /// Sets the kazoe cap.
    pub const fn set_kazoe_limit(&mut self, limit: KazoeLimit) {
        self.kazoe = limit as u8;
    }
    /// Whether every switch is 0 or 1 and `kazoe` is a [`KazoeLimit`].
    #[inline(always)]
    pub const fn is_valid(&self) -> bool {
        // A switch may only have bit 0 set; `kazoe` at most 2. (An OR of the fields: a word
        // built from them costs more, measured with scripts/callgrind-riichi.sh.)
        let any = self.open_tanyao
            | self.aka_dora
            | self.double_yakuman
            | self.kiriage
            | self.fu_for_open_pinfu
            | self.fu_for_pinfu_tsumo
            | self.renhou_as_yakuman
            | self.daisharin
            | self.daisharin_other_suits
            | self.daichisei
            | self.sashikomi
            | self.sextuple_limit
            | self.paarenchan_needs_yaku
            | self.three_player;
        any <= 1 && self.kazoe <= KAZOE_NO_LIMIT
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::REFERENCE
    }
}
