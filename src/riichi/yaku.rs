//! Riichi yaku ids (stable, dense), their han and their names in Japanese, English and Chinese.
//!
//! Ids 1..=65 index [`crate::riichi::Score::yaku`]; slot 0 is unused. The reference calculator's own ids
//! are listed in docs/riichi.md (the differential test maps between them).

use std::ffi::CStr;

pub use super::YAKU_SLOTS;

/// Highest yaku id.
pub const MAX_YAKU_ID: usize = 65;

const fn cstr(s: &'static str) -> &'static CStr {
    match CStr::from_bytes_with_nul(s.as_bytes()) {
        Ok(c) => c,
        Err(_) => panic!("yaku names end with their only NUL"),
    }
}

/// Static facts about one yaku.
#[derive(Debug, Clone, Copy)]
pub struct YakuInfo {
    /// Han when the hand is concealed (13 per yakuman; 1 per tile for the dora kinds).
    pub han_closed: u8,
    /// Han when the hand is open; 0 when the yaku needs a concealed hand.
    pub han_open: u8,
    /// Whether it is a yakuman (limit hand).
    pub yakuman: bool,
    /// Japanese name.
    pub ja: &'static CStr,
    /// English name.
    pub en: &'static CStr,
    /// Chinese name.
    pub zh: &'static CStr,
}

macro_rules! yaku {
    ($($id:literal $name:ident $closed:literal $open:literal $ym:literal $ja:literal $en:literal $zh:literal;)*) => {
        $(
            #[doc = concat!("Yaku ", stringify!($id), ": ", $ja, " (", $en, ").")]
            pub const $name: usize = $id;
        )*
        static INFO: [Option<YakuInfo>; YAKU_SLOTS] = {
            let mut t: [Option<YakuInfo>; YAKU_SLOTS] = [None; YAKU_SLOTS];
            $( t[$id] = Some(YakuInfo {
                han_closed: $closed,
                han_open: $open,
                yakuman: $ym,
                ja: cstr(concat!($ja, "\0")),
                en: cstr(concat!($en, "\0")),
                zh: cstr(concat!($zh, "\0")),
            }); )*
            t
        };
        /// Han closed and open by id (0 for unused slots): the hot path's table.
        pub(crate) const HAN_TABLE: [[u8; 2]; YAKU_SLOTS] = {
            let mut t = [[0u8; 2]; YAKU_SLOTS];
            $( t[$id] = [$closed, $open]; )*
            t
        };
    };
}

yaku! {
    1 MENZEN_TSUMO 1 0 false "門前清自摸和" "Fully Concealed Self-Draw (Menzen Tsumo)" "门前清自摸和";
    2 RIICHI 1 0 false "立直" "Riichi" "立直";
    3 OPEN_RIICHI 2 0 false "オープン立直" "Open Riichi" "开立直";
    4 IPPATSU 1 0 false "一発" "Ippatsu" "一发";
    5 CHANKAN 1 1 false "槍槓" "Robbing a Kan (Chankan)" "抢杠";
    6 RINSHAN 1 1 false "嶺上開花" "After a Kan (Rinshan Kaihou)" "岭上开花";
    7 HAITEI 1 1 false "海底摸月" "Last Tile Draw (Haitei Raoyue)" "海底摸月";
    8 HOUTEI 1 1 false "河底撈魚" "Last Discard (Houtei Raoyui)" "河底捞鱼";
    9 DOUBLE_RIICHI 2 0 false "ダブル立直" "Double Riichi" "两立直";
    10 DOUBLE_OPEN_RIICHI 3 0 false "ダブルオープン立直" "Double Open Riichi" "两开立直";
    11 NAGASHI_MANGAN 5 5 false "流し満貫" "Nagashi Mangan" "流局满贯";
    12 RENHOU 5 0 false "人和" "Blessing of Man (Renhou)" "人和";
    13 PINFU 1 0 false "平和" "Pinfu" "平和";
    14 TANYAO 1 1 false "断幺九" "All Simples (Tanyao)" "断幺九";
    15 IIPEIKOU 1 0 false "一盃口" "Pure Double Sequence (Iipeikou)" "一杯口";
    16 HAKU 1 1 false "役牌 白" "Dragon Pung: White (Haku)" "役牌 白";
    17 HATSU 1 1 false "役牌 發" "Dragon Pung: Green (Hatsu)" "役牌 发";
    18 CHUN 1 1 false "役牌 中" "Dragon Pung: Red (Chun)" "役牌 中";
    19 SEAT_EAST 1 1 false "自風 東" "Seat Wind: East" "自风 东";
    20 SEAT_SOUTH 1 1 false "自風 南" "Seat Wind: South" "自风 南";
    21 SEAT_WEST 1 1 false "自風 西" "Seat Wind: West" "自风 西";
    22 SEAT_NORTH 1 1 false "自風 北" "Seat Wind: North" "自风 北";
    23 ROUND_EAST 1 1 false "場風 東" "Round Wind: East" "场风 东";
    24 ROUND_SOUTH 1 1 false "場風 南" "Round Wind: South" "场风 南";
    25 ROUND_WEST 1 1 false "場風 西" "Round Wind: West" "场风 西";
    26 ROUND_NORTH 1 1 false "場風 北" "Round Wind: North" "场风 北";
    27 SANSHOKU 2 1 false "三色同順" "Mixed Triple Sequence (Sanshoku Doujun)" "三色同顺";
    28 ITTSU 2 1 false "一気通貫" "Pure Straight (Ittsu)" "一气通贯";
    29 CHANTA 2 1 false "混全帯幺九" "Half Outside Hand (Chanta)" "混全带幺九";
    30 HONROUTOU 2 2 false "混老頭" "All Terminals and Honours (Honroutou)" "混老头";
    31 TOITOI 2 2 false "対々和" "All Triplets (Toitoi)" "对对和";
    32 SANANKOU 2 2 false "三暗刻" "Three Concealed Triplets (San Ankou)" "三暗刻";
    33 SANKANTSU 2 2 false "三槓子" "Three Kans (San Kantsu)" "三杠子";
    34 SANSHOKU_DOUKOU 2 2 false "三色同刻" "Triple Triplets (Sanshoku Doukou)" "三色同刻";
    35 CHIITOITSU 2 0 false "七対子" "Seven Pairs (Chiitoitsu)" "七对子";
    36 SHOUSANGEN 2 2 false "小三元" "Little Three Dragons (Shousangen)" "小三元";
    37 HONITSU 3 2 false "混一色" "Half Flush (Honitsu)" "混一色";
    38 JUNCHAN 3 2 false "純全帯幺九" "Fully Outside Hand (Junchan)" "纯全带幺九";
    39 RYANPEIKOU 3 0 false "二盃口" "Twice Pure Double Sequence (Ryanpeikou)" "二杯口";
    40 CHINITSU 6 5 false "清一色" "Full Flush (Chinitsu)" "清一色";
    41 KOKUSHI 13 0 true "国士無双" "Thirteen Orphans (Kokushi Musou)" "国士无双";
    42 CHUUREN 13 0 true "九蓮宝燈" "Nine Gates (Chuuren Poutou)" "九莲宝灯";
    43 SUUANKOU 13 0 true "四暗刻" "Four Concealed Triplets (Suu Ankou)" "四暗刻";
    44 DAISANGEN 13 13 true "大三元" "Big Three Dragons (Daisangen)" "大三元";
    45 SHOUSUUSHII 13 13 true "小四喜" "Little Four Winds (Shousuushii)" "小四喜";
    46 RYUUIISOU 13 13 true "緑一色" "All Green (Ryuuiisou)" "绿一色";
    47 SUUKANTSU 13 13 true "四槓子" "Four Kans (Suu Kantsu)" "四杠子";
    48 TSUUIISOU 13 13 true "字一色" "All Honours (Tsuu Iisou)" "字一色";
    49 CHINROUTOU 13 13 true "清老頭" "All Terminals (Chinroutou)" "清老头";
    50 DAISHARIN 13 0 true "大車輪" "Big Wheels (Daisharin, dots)" "大车轮";
    51 DAISUURIN 13 0 true "大数隣" "Big Neighbours (Daisuurin, characters)" "大数邻";
    52 DAICHIKURIN 13 0 true "大竹林" "Bamboo Forest (Daichikurin, bamboo)" "大竹林";
    53 DAICHISEI 13 0 true "大七星" "Big Seven Stars (Daichisei)" "大七星";
    54 DAISUUSHII 26 26 true "大四喜" "Big Four Winds (Dai Suushii)" "大四喜";
    55 KOKUSHI_13_WAIT 26 0 true "国士無双十三面待ち" "Thirteen Orphans, 13-sided Wait" "国士无双十三面";
    56 SUUANKOU_TANKI 26 0 true "四暗刻単騎" "Four Concealed Triplets, Single Wait" "四暗刻单骑";
    57 JUNSEI_CHUUREN 26 0 true "純正九蓮宝燈" "True Nine Gates (Junsei Chuuren Poutou)" "纯正九莲宝灯";
    58 TENHOU 13 0 true "天和" "Blessing of Heaven (Tenhou)" "天和";
    59 CHIIHOU 13 0 true "地和" "Blessing of Earth (Chiihou)" "地和";
    60 RENHOU_YAKUMAN 13 0 true "人和（役満）" "Blessing of Man, as Yakuman (Renhou)" "人和（役满）";
    61 SASHIKOMI 13 0 true "オープン立直への放銃" "Deal-in to Open Riichi (Sashikomi)" "放铳开立直";
    62 PAARENCHAN 13 13 true "八連荘" "Eight Consecutive Dealer Wins (Paarenchan)" "八连庄";
    63 DORA 1 1 false "ドラ" "Dora" "宝牌";
    64 AKA_DORA 1 1 false "赤ドラ" "Red Five (Aka Dora)" "赤宝牌";
    65 URA_DORA 1 0 false "裏ドラ" "Ura Dora" "里宝牌";
}

/// Facts about yaku `id` (1..=[`MAX_YAKU_ID`]), `None` for other ids.
pub fn info(id: usize) -> Option<&'static YakuInfo> {
    INFO.get(id).and_then(Option::as_ref)
}

/// The double yakuman that count once when [`super::Rules::double_yakuman`] is off.
pub(crate) const fn is_double_yakuman(id: usize) -> bool {
    matches!(
        id,
        DAISUUSHII | KOKUSHI_13_WAIT | SUUANKOU_TANKI | JUNSEI_CHUUREN
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_every_id_named() {
        for id in 1..=MAX_YAKU_ID {
            let i = info(id).unwrap_or_else(|| panic!("id {id}"));
            assert!(!i.ja.is_empty() && !i.en.is_empty() && !i.zh.is_empty());
            assert!(i.han_closed > 0);
            assert_eq!(i.yakuman, i.han_closed >= 13);
        }
        assert!(info(0).is_none() && info(YAKU_SLOTS).is_none());
    }
}
