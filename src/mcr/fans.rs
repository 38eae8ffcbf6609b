//! The 81 official fans (ids in the order of the 1998/2006 rule book) plus the reference
//! calculator's 明暗杠 (id 82), with their points and names.

use std::ffi::CStr;

pub use super::FAN_SLOTS;

/// Highest fan id.
pub const MAX_FAN_ID: usize = 82;

const fn cstr(s: &'static str) -> &'static CStr {
    match CStr::from_bytes_with_nul(s.as_bytes()) {
        Ok(c) => c,
        Err(_) => panic!("fan names end with their only NUL"),
    }
}

macro_rules! fans {
    ($($id:literal $name:ident $pts:literal $zh:literal $en:literal;)*) => {
        $(
            #[doc = concat!("Fan ", stringify!($id), ": ", $zh, " (", $en, "), ", stringify!($pts), " points.")]
            pub const $name: usize = $id;
        )*
        /// Points, Chinese name and English name by fan id (index 0 is a placeholder).
        static INFO: [(u8, &CStr, &CStr); FAN_SLOTS] = {
            let mut t: [(u8, &CStr, &CStr); FAN_SLOTS] = [(0, cstr("\0"), cstr("\0")); FAN_SLOTS];
            $( t[$id] = ($pts, cstr(concat!($zh, "\0")), cstr(concat!($en, "\0"))); )*
            t
        };
    };
}

fans! {
    1 BIG_FOUR_WINDS 88 "大四喜" "Big Four Winds";
    2 BIG_THREE_DRAGONS 88 "大三元" "Big Three Dragons";
    3 ALL_GREEN 88 "绿一色" "All Green";
    4 NINE_GATES 88 "九莲宝灯" "Nine Gates";
    5 FOUR_KONGS 88 "四杠" "Four Kongs";
    6 SEVEN_SHIFTED_PAIRS 88 "连七对" "Seven Shifted Pairs";
    7 THIRTEEN_ORPHANS 88 "十三幺" "Thirteen Orphans";
    8 ALL_TERMINALS 64 "清幺九" "All Terminals";
    9 LITTLE_FOUR_WINDS 64 "小四喜" "Little Four Winds";
    10 LITTLE_THREE_DRAGONS 64 "小三元" "Little Three Dragons";
    11 ALL_HONORS 64 "字一色" "All Honors";
    12 FOUR_CONCEALED_PUNGS 64 "四暗刻" "Four Concealed Pungs";
    13 PURE_TERMINAL_CHOWS 64 "一色双龙会" "Pure Terminal Chows";
    14 QUADRUPLE_CHOW 48 "一色四同顺" "Quadruple Chow";
    15 FOUR_PURE_SHIFTED_PUNGS 48 "一色四节高" "Four Pure Shifted Pungs";
    16 FOUR_PURE_SHIFTED_CHOWS 32 "一色四步高" "Four Pure Shifted Chows";
    17 THREE_KONGS 32 "三杠" "Three Kongs";
    18 ALL_TERMINALS_AND_HONORS 32 "混幺九" "All Terminals and Honors";
    19 SEVEN_PAIRS 24 "七对" "Seven Pairs";
    20 GREATER_HONORS_AND_KNITTED 24 "七星不靠" "Greater Honors and Knitted Tiles";
    21 ALL_EVEN_PUNGS 24 "全双刻" "All Even Pungs";
    22 FULL_FLUSH 24 "清一色" "Full Flush";
    23 PURE_TRIPLE_CHOW 24 "一色三同顺" "Pure Triple Chow";
    24 PURE_SHIFTED_PUNGS 24 "一色三节高" "Pure Shifted Pungs";
    25 UPPER_TILES 24 "全大" "Upper Tiles";
    26 MIDDLE_TILES 24 "全中" "Middle Tiles";
    27 LOWER_TILES 24 "全小" "Lower Tiles";
    28 PURE_STRAIGHT 16 "清龙" "Pure Straight";
    29 THREE_SUITED_TERMINAL_CHOWS 16 "三色双龙会" "Three-Suited Terminal Chows";
    30 PURE_SHIFTED_CHOWS 16 "一色三步高" "Pure Shifted Chows";
    31 ALL_FIVE 16 "全带五" "All Five";
    32 TRIPLE_PUNG 16 "三同刻" "Triple Pung";
    33 THREE_CONCEALED_PUNGS 16 "三暗刻" "Three Concealed Pungs";
    34 LESSER_HONORS_AND_KNITTED 12 "全不靠" "Lesser Honors and Knitted Tiles";
    35 KNITTED_STRAIGHT 12 "组合龙" "Knitted Straight";
    36 UPPER_FOUR 12 "大于五" "Upper Four";
    37 LOWER_FOUR 12 "小于五" "Lower Four";
    38 BIG_THREE_WINDS 12 "三风刻" "Big Three Winds";
    39 MIXED_STRAIGHT 8 "花龙" "Mixed Straight";
    40 REVERSIBLE_TILES 8 "推不倒" "Reversible Tiles";
    41 MIXED_TRIPLE_CHOW 8 "三色三同顺" "Mixed Triple Chow";
    42 MIXED_SHIFTED_PUNGS 8 "三色三节高" "Mixed Shifted Pungs";
    43 CHICKEN_HAND 8 "无番和" "Chicken Hand";
    44 LAST_TILE_DRAW 8 "妙手回春" "Last Tile Draw";
    45 LAST_TILE_CLAIM 8 "海底捞月" "Last Tile Claim";
    46 OUT_WITH_REPLACEMENT_TILE 8 "杠上开花" "Out with Replacement Tile";
    47 ROBBING_THE_KONG 8 "抢杠和" "Robbing the Kong";
    48 ALL_PUNGS 6 "碰碰和" "All Pungs";
    49 HALF_FLUSH 6 "混一色" "Half Flush";
    50 MIXED_SHIFTED_CHOWS 6 "三色三步高" "Mixed Shifted Chows";
    51 ALL_TYPES 6 "五门齐" "All Types";
    52 MELDED_HAND 6 "全求人" "Melded Hand";
    53 TWO_CONCEALED_KONGS 6 "双暗杠" "Two Concealed Kongs";
    54 TWO_DRAGON_PUNGS 6 "双箭刻" "Two Dragon Pungs";
    55 OUTSIDE_HAND 4 "全带幺" "Outside Hand";
    56 FULLY_CONCEALED_HAND 4 "不求人" "Fully Concealed Hand";
    57 TWO_MELDED_KONGS 4 "双明杠" "Two Melded Kongs";
    58 LAST_TILE 4 "和绝张" "Last Tile";
    59 DRAGON_PUNG 2 "箭刻" "Dragon Pung";
    60 PREVALENT_WIND 2 "圈风刻" "Prevalent Wind";
    61 SEAT_WIND 2 "门风刻" "Seat Wind";
    62 CONCEALED_HAND 2 "门前清" "Concealed Hand";
    63 ALL_CHOWS 2 "平和" "All Chows";
    64 TILE_HOG 2 "四归一" "Tile Hog";
    65 DOUBLE_PUNG 2 "双同刻" "Double Pung";
    66 TWO_CONCEALED_PUNGS 2 "双暗刻" "Two Concealed Pungs";
    67 CONCEALED_KONG 2 "暗杠" "Concealed Kong";
    68 ALL_SIMPLES 2 "断幺" "All Simples";
    69 PURE_DOUBLE_CHOW 1 "一般高" "Pure Double Chow";
    70 MIXED_DOUBLE_CHOW 1 "喜相逢" "Mixed Double Chow";
    71 SHORT_STRAIGHT 1 "连六" "Short Straight";
    72 TWO_TERMINAL_CHOWS 1 "老少副" "Two Terminal Chows";
    73 PUNG_OF_TERMINALS_OR_HONORS 1 "幺九刻" "Pung of Terminals or Honors";
    74 MELDED_KONG 1 "明杠" "Melded Kong";
    75 ONE_VOIDED_SUIT 1 "缺一门" "One Voided Suit";
    76 NO_HONORS 1 "无字" "No Honors";
    77 EDGE_WAIT 1 "边张" "Edge Wait";
    78 CLOSED_WAIT 1 "嵌张" "Closed Wait";
    79 SINGLE_WAIT 1 "单钓将" "Single Wait";
    80 SELF_DRAWN 1 "自摸" "Self-Drawn";
    81 FLOWER_TILES 1 "花牌" "Flower Tiles";
    82 CONCEALED_KONG_AND_MELDED_KONG 5 "明暗杠" "Concealed Kong and Melded Kong";
}

/// Points of one occurrence of fan `id` (1..=82), or `None` for an unknown id.
pub fn points(id: usize) -> Option<u8> {
    (1..=MAX_FAN_ID).contains(&id).then(|| INFO[id].0)
}

/// Chinese name of fan `id` (static, NUL-terminated UTF-8), or `None` for an unknown id.
pub fn name_zh(id: usize) -> Option<&'static CStr> {
    (1..=MAX_FAN_ID).contains(&id).then(|| INFO[id].1)
}

/// English name of fan `id` (static, NUL-terminated), or `None` for an unknown id.
pub fn name_en(id: usize) -> Option<&'static CStr> {
    (1..=MAX_FAN_ID).contains(&id).then(|| INFO[id].2)
}

/// Points by id as a plain table (index 0 = 0), for the scorer's inner loop.
pub(crate) static POINTS: [u8; FAN_SLOTS] = {
    let mut p = [0u8; FAN_SLOTS];
    let mut i = 0;
    while i < FAN_SLOTS {
        p[i] = INFO[i].0;
        i += 1;
    }
    p
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_follow_the_rule_book_groups() {
        // 7 fans of 88, 6 of 64, 2 of 48, 3 of 32, 9 of 24, 6 of 16, 5 of 12, 9 of 8, 7 of 6,
        // 4 of 4, 10 of 2, 12 of 1, then 花牌 (1 each) and the extension 明暗杠 (5).
        let groups = [
            (88, 7),
            (64, 6),
            (48, 2),
            (32, 3),
            (24, 9),
            (16, 6),
            (12, 5),
            (8, 9),
            (6, 7),
            (4, 4),
            (2, 10),
            (1, 13),
            (5, 1),
        ];
        let mut id = 1;
        for (pts, n) in groups {
            for _ in 0..n {
                assert_eq!(points(id), Some(pts), "fan {id}");
                id += 1;
            }
        }
        assert_eq!(id, FAN_SLOTS);
        assert_eq!(points(0), None);
        assert_eq!(points(83), None);
    }

    #[test]
    fn names_are_present() {
        for id in 1..=MAX_FAN_ID {
            assert!(!name_zh(id).unwrap().is_empty());
            assert!(!name_en(id).unwrap().is_empty());
        }
        assert_eq!(name_zh(81).unwrap().to_str().unwrap(), "花牌");
        assert_eq!(name_zh(82).unwrap().to_str().unwrap(), "明暗杠");
    }
}
