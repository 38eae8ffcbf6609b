//! The tai patterns: ids, names and the two presets' values.
//!
//! Ids are stable (they will be the C ABI's pattern ids); slot 0 is unused. The definitions are
//! in `docs/tai.md`, one row per pattern.

use super::PATTERN_SLOTS;

/// A tai pattern (台型). The discriminant is the pattern's id, 1..[`PATTERN_SLOTS`].
#[repr(u8)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pattern {
    /// 莊家: the dealer wins or pays.
    Dealer = 1,
    /// 連莊: per consecutive deal of the dealer (連N), when the dealer wins or pays.
    ConsecutiveDeal = 2,
    /// 拉莊: per consecutive deal of the dealer (拉N), when the dealer wins or pays.
    DealerPull = 3,
    /// 門清: no chow, pung, exposed or added kong (concealed kongs allowed).
    Concealed = 4,
    /// 自摸: the winning tile was drawn by the winner.
    SelfDrawn = 5,
    /// 不求 / 門清自摸: a self-drawn win with nothing claimed (the rules say whether an exposed
    /// kong is allowed, and whether it counts beside 門清 and 自摸 or replaces them).
    ConcealedSelfDrawn = 6,
    /// 門風: a pung or kong of the seat wind.
    SeatWind = 7,
    /// 圈風: a pung or kong of the prevalent wind.
    PrevalentWind = 8,
    /// 正花: per flower of the winner's own seat.
    SeatFlower = 9,
    /// 花槓: per complete set of 春夏秋冬 or 梅蘭竹菊.
    FlowerKong = 10,
    /// 三元牌: per pung or kong of dragons.
    DragonPung = 11,
    /// 獨聽: the hand before the winning tile waited on one kind only (邊張, 中洞, 單吊).
    SingleWait = 12,
    /// 半求: five claimed melds, the last tile drawn by the winner.
    HalfSeek = 13,
    /// 全求人: five claimed melds, the last tile from another seat.
    AllSeek = 14,
    /// 搶槓: won on the tile another seat added to its pung.
    RobbingKong = 15,
    /// 槓上開花: won on the replacement draw after a flower or a kong (after an exposed kong as
    /// the rules say).
    ReplacementWin = 16,
    /// 海底撈月: won by drawing the last tile of the live wall.
    LastTileDraw = 17,
    /// 河底撈魚: won on the last discard.
    LastDiscard = 18,
    /// 平胡: five chows and a pair, with the conditions of the rules.
    AllChows = 19,
    /// 三暗刻: three concealed pungs (concealed kongs included).
    ThreeConcealedPungs = 20,
    /// 四暗刻: four concealed pungs.
    FourConcealedPungs = 21,
    /// 五暗刻: five concealed pungs.
    FiveConcealedPungs = 22,
    /// 碰碰胡: five pungs or kongs and a pair.
    AllPungs = 23,
    /// 混一色: one suit and honours.
    HalfFlush = 24,
    /// 清一色: one suit, no honours.
    FullFlush = 25,
    /// 字一色: honours only.
    AllHonors = 26,
    /// 小三元: two dragon pungs and a dragon pair.
    LittleDragons = 27,
    /// 大三元: three dragon pungs.
    BigDragons = 28,
    /// 小四喜: three wind pungs and a wind pair.
    LittleWinds = 29,
    /// 大四喜: four wind pungs.
    BigWinds = 30,
    /// 天聽: a hand ready as dealt (any seat's, where the rules count it from the deal), or the
    /// dealer's readiness from its first discard.
    HeavenlyReady = 31,
    /// 地聽: a non-dealer was ready from its first discard.
    EarthlyReady = 32,
    /// 天胡: the dealer wins on its dealt hand.
    HeavenlyWin = 33,
    /// 地胡: a non-dealer wins on its first draw, nobody having claimed.
    EarthlyWin = 34,
    /// 人胡: a win on a discard in the first go-around, nobody having claimed (any seat's, or a
    /// non-dealer's before its own first discard, as the rules say).
    HumanWin = 35,
    /// 八仙過海: all eight flowers.
    EightFlowers = 36,
    /// 七搶一: a seat holding seven flowers takes the eighth from the seat that drew it.
    SevenRobOne = 37,
    /// 嚦咕嚦咕 (八對半): seven pairs and a pung, concealed.
    SevenPairsAndPung = 38,
}

impl Pattern {
    /// Every pattern in id order.
    pub const ALL: [Pattern; PATTERN_SLOTS - 1] = [
        Pattern::Dealer,
        Pattern::ConsecutiveDeal,
        Pattern::DealerPull,
        Pattern::Concealed,
        Pattern::SelfDrawn,
        Pattern::ConcealedSelfDrawn,
        Pattern::SeatWind,
        Pattern::PrevalentWind,
        Pattern::SeatFlower,
        Pattern::FlowerKong,
        Pattern::DragonPung,
        Pattern::SingleWait,
        Pattern::HalfSeek,
        Pattern::AllSeek,
        Pattern::RobbingKong,
        Pattern::ReplacementWin,
        Pattern::LastTileDraw,
        Pattern::LastDiscard,
        Pattern::AllChows,
        Pattern::ThreeConcealedPungs,
        Pattern::FourConcealedPungs,
        Pattern::FiveConcealedPungs,
        Pattern::AllPungs,
        Pattern::HalfFlush,
        Pattern::FullFlush,
        Pattern::AllHonors,
        Pattern::LittleDragons,
        Pattern::BigDragons,
        Pattern::LittleWinds,
        Pattern::BigWinds,
        Pattern::HeavenlyReady,
        Pattern::EarthlyReady,
        Pattern::HeavenlyWin,
        Pattern::EarthlyWin,
        Pattern::HumanWin,
        Pattern::EightFlowers,
        Pattern::SevenRobOne,
        Pattern::SevenPairsAndPung,
    ];

    /// The pattern's id (its slot in a breakdown).
    pub const fn id(self) -> usize {
        self as usize
    }

    /// The pattern with id `id`, if any.
    pub fn from_id(id: usize) -> Option<Pattern> {
        id.checked_sub(1).and_then(|i| Pattern::ALL.get(i).copied())
    }

    /// The Chinese name, e.g. `"門清"` (id 6: 不求, its ATAWMJ name; the rules' name is
    /// [`super::TaiRules::names`]).
    pub const fn chinese(self) -> &'static str {
        INFO[self as usize].0
    }

    /// The English name, e.g. `"Concealed hand"`.
    pub const fn english(self) -> &'static str {
        INFO[self as usize].1
    }

    /// True for the dealer's patterns (莊家, 連莊, 拉莊), which count only in the payments the
    /// dealer takes part in.
    pub const fn is_dealer(self) -> bool {
        matches!(
            self,
            Pattern::Dealer | Pattern::ConsecutiveDeal | Pattern::DealerPull
        )
    }
}

/// (Chinese, English) names by id; slot 0 is unused.
const INFO: [(&str, &str); PATTERN_SLOTS] = [
    ("", ""),
    ("莊家", "Dealer"),
    ("連莊", "Consecutive deal"),
    ("拉莊", "Dealer pull"),
    ("門清", "Concealed hand"),
    ("自摸", "Self-drawn"),
    ("不求", "Self-drawn without claims"),
    ("門風", "Seat wind"),
    ("圈風", "Prevalent wind"),
    ("正花", "Seat flower"),
    ("花槓", "Flower set"),
    ("三元牌", "Dragon pung"),
    ("獨聽", "Single wait"),
    ("半求", "Half seek"),
    ("全求人", "All seek"),
    ("搶槓", "Robbing a kong"),
    ("槓上開花", "Win on a replacement"),
    ("海底撈月", "Last tile drawn"),
    ("河底撈魚", "Last discard"),
    ("平胡", "All chows"),
    ("三暗刻", "Three concealed pungs"),
    ("四暗刻", "Four concealed pungs"),
    ("五暗刻", "Five concealed pungs"),
    ("碰碰胡", "All pungs"),
    ("混一色", "Half flush"),
    ("清一色", "Full flush"),
    ("字一色", "All honours"),
    ("小三元", "Little three dragons"),
    ("大三元", "Big three dragons"),
    ("小四喜", "Little four winds"),
    ("大四喜", "Big four winds"),
    ("天聽", "Heavenly ready"),
    ("地聽", "Earthly ready"),
    ("天胡", "Heavenly win"),
    ("地胡", "Earthly win"),
    ("人胡", "Human win"),
    ("八仙過海", "Eight flowers"),
    ("七搶一", "Seven rob one"),
    ("嚦咕嚦咕", "Seven pairs and a pung"),
];

/// The names of id 6 where it replaces 門清 and 自摸 (the common game's 門清自摸).
pub(super) const CONCEALED_SELF_DRAWN_COMMON: (&str, &str) = ("門清自摸", "Concealed self-drawn");

/// Tai values of the ATAWMJ preset, by id.
pub(crate) const ATAWMJ: [u16; PATTERN_SLOTS] = [
    0, // unused
    1, 1, 1, // 莊家, 連莊 (per deal), 拉莊 (per deal)
    1, 1, 1, // 門清, 自摸, 不求
    1, 1, 1, 2, 1, // 門風, 圈風, 正花 (each), 花槓 (each set), 三元牌 (each)
    1, 1, 2, // 獨聽, 半求, 全求
    1, 1, 1, 1, // 搶槓, 槓上開花, 海底撈月, 河底撈魚
    2, 2, 5, 8, // 平胡, 三暗刻, 四暗刻, 五暗刻
    4, 4, 8, 16, // 碰碰胡, 混一色, 清一色, 字一色
    4, 8, 8, 16, // 小三元, 大三元, 小四喜, 大四喜
    8, 4, // 天聽, 地聽
    24, 16, 16, // 天胡, 地胡, 人胡
    8, 8, // 八仙過海, 七搶一
    0, // 嚦咕嚦咕: not in the association's table, off
];

/// Tai values of the common-game preset, by id.
pub(crate) const COMMON: [u16; PATTERN_SLOTS] = [
    0, // unused
    1, 1, 1, // 莊家, 連莊 (per deal), 拉莊 (per deal)
    1, 1, 3, // 門清, 自摸, 門清自摸 (replaces 門清 and 自摸)
    1, 1, 1, 2, 1, // 門風, 圈風, 正花 (each), 花槓 (each set), 三元牌 (each)
    1, 1, 2, // 獨聽, 半求, 全求人
    1, 1, 1, 1, // 搶槓, 槓上開花, 海底撈月, 河底撈魚
    2, 2, 5, 8, // 平胡, 三暗刻, 四暗刻, 五暗刻
    4, 4, 8, 16, // 碰碰胡, 混一色, 清一色, 字一色
    4, 8, 8, 16, // 小三元, 大三元, 小四喜, 大四喜
    8, 4, // 天聽, 地聽
    24, 16, 8, // 天胡, 地胡, 人胡
    8, 8, // 八仙過海, 七搶一
    8, // 嚦咕嚦咕
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_ids_are_dense_and_named() {
        for (i, p) in Pattern::ALL.iter().enumerate() {
            assert_eq!(p.id(), i + 1);
            assert_eq!(Pattern::from_id(i + 1), Some(*p));
            assert!(!p.chinese().is_empty() && !p.english().is_empty());
        }
        assert_eq!(Pattern::from_id(0), None);
        assert_eq!(Pattern::from_id(PATTERN_SLOTS), None);
    }
}
