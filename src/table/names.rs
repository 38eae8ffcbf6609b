//! Names for everything a game shows: tiles (notation, English, Chinese, the Unicode mahjong tile
//! characters), flowers and seasons with the seat each belongs to, winds, actions, meld kinds,
//! and one line of text per event in English or Chinese.
//!
//! Tile codes are tile kinds 0..33 (`1m`..`9m`, `1p`..`9p`, `1s`..`9s`, East South West North,
//! White Green Red) and flowers 34..41 ([`super::event::FLOWER_CODE_BASE`] + f). Flower f is
//! 春夏秋冬 (Spring, Summer, Autumn, Winter) for f = 0..3 and 梅蘭竹菊 (Plum, Orchid, Bamboo,
//! Chrysanthemum) for f = 4..7; it belongs to the seat whose seat wind is f % 4 (East = the
//! dealer).

use std::fmt::Write;

use super::event::{Event, EventKind, HIDDEN_TILE, Reason};
use super::types::*;

/// Language of a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    English,
    /// Traditional Chinese.
    Chinese,
}

/// How a tile is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TileStyle {
    /// Short notation: `5m`, `7z`, flowers `1f`..`8f`.
    Notation,
    /// English: "Five of Characters", "East Wind", "Plum".
    English,
    /// Chinese: 五萬, 東風, 梅.
    Chinese,
    /// The Unicode mahjong tile character (U+1F000 block): 🀋, 🀀, 🀢.
    Unicode,
}

const NOTATION: [&str; 45] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p",
    "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1z", "2z", "3z", "4z", "5z",
    "6z", "7z", "1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f", "0m", "0p", "0s",
];
const NUMBERS_EN: [&str; 9] = [
    "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
];
const NUMBERS_ZH: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const SUITS_EN: [&str; 3] = ["Characters", "Dots", "Bamboo"];
const SUITS_ZH: [&str; 3] = ["萬", "筒", "條"];
const HONORS_EN: [&str; 7] = [
    "East Wind",
    "South Wind",
    "West Wind",
    "North Wind",
    "White Dragon",
    "Green Dragon",
    "Red Dragon",
];
const HONORS_ZH: [&str; 7] = ["東風", "南風", "西風", "北風", "白板", "青發", "紅中"];
const FLOWERS_EN: [&str; 8] = [
    "Spring",
    "Summer",
    "Autumn",
    "Winter",
    "Plum",
    "Orchid",
    "Bamboo",
    "Chrysanthemum",
];
const FLOWERS_ZH: [&str; 8] = ["春", "夏", "秋", "冬", "梅", "蘭", "竹", "菊"];
const WINDS_EN: [&str; 4] = ["East", "South", "West", "North"];
const WINDS_ZH: [&str; 4] = ["東", "南", "西", "北"];

/// The name of tile code `code` (0..33 kinds, 34..41 flowers, 42..44 red fives) in `style`, or
/// `None` for a code out of range. A red five is `0m` / `0p` / `0s` in notation, "Red Five of
/// Characters", 赤五萬, and the five's Unicode character.
pub fn tile_name(code: u8, style: TileStyle) -> Option<String> {
    let c = usize::from(code);
    if c >= NOTATION.len() {
        return None;
    }
    Some(match style {
        TileStyle::Notation => NOTATION[c].to_string(),
        TileStyle::Unicode => char::from_u32(unicode_tile(code)?)?.to_string(),
        TileStyle::English => match c {
            0..=26 => format!("{} of {}", NUMBERS_EN[c % 9], SUITS_EN[c / 9]),
            27..=33 => HONORS_EN[c - 27].to_string(),
            34..=41 => FLOWERS_EN[c - 34].to_string(),
            _ => format!("Red Five of {}", SUITS_EN[c - 42]),
        },
        TileStyle::Chinese => match c {
            0..=26 => format!("{}{}", NUMBERS_ZH[c % 9], SUITS_ZH[c / 9]),
            27..=33 => HONORS_ZH[c - 27].to_string(),
            34..=41 => FLOWERS_ZH[c - 34].to_string(),
            _ => format!("赤五{}", SUITS_ZH[c - 42]),
        },
    })
}

/// The Unicode scalar of tile code `code` (0..44; a red five is its five's) in the Mahjong Tiles
/// block: characters
/// U+1F007.., bamboo U+1F010.., circles (dots) U+1F019.., winds U+1F000..U+1F003, red / green /
/// white dragon U+1F004..U+1F006, plum orchid bamboo chrysanthemum U+1F022..U+1F025, spring
/// summer autumn winter U+1F026..U+1F029.
pub const fn unicode_tile(code: u8) -> Option<u32> {
    let c = code as u32;
    Some(match c {
        0..=8 => 0x1F007 + c,
        9..=17 => 0x1F019 + (c - 9),
        18..=26 => 0x1F010 + (c - 18),
        27..=30 => 0x1F000 + (c - 27),
        31 => 0x1F006,
        32 => 0x1F005,
        33 => 0x1F004,
        34..=37 => 0x1F026 + (c - 34),
        38..=41 => 0x1F022 + (c - 38),
        42 => 0x1F007 + 4,
        43 => 0x1F019 + 4,
        44 => 0x1F010 + 4,
        _ => return None,
    })
}

/// The name of flower `f` (0..7) and the seat wind it belongs to (0 = East .. 3 = North).
pub fn flower_name(f: u8, lang: Lang) -> Option<(&'static str, u8)> {
    let i = usize::from(f);
    if i >= FLOWERS {
        return None;
    }
    Some((
        match lang {
            Lang::English => FLOWERS_EN[i],
            Lang::Chinese => FLOWERS_ZH[i],
        },
        f % 4,
    ))
}

/// The name of wind `w` (0..3: East, South, West, North).
pub fn wind_name(w: u8, lang: Lang) -> Option<&'static str> {
    let i = usize::from(w);
    (i < SEATS).then(|| match lang {
        Lang::English => WINDS_EN[i],
        Lang::Chinese => WINDS_ZH[i],
    })
}

/// The name of an action kind.
pub const fn action_name(kind: ActionKind, lang: Lang) -> &'static str {
    match (lang, kind) {
        (Lang::English, ActionKind::Pass) => "pass",
        (Lang::English, ActionKind::Discard) => "discard",
        (Lang::English, ActionKind::Chow) => "chow",
        (Lang::English, ActionKind::Pung) => "pung",
        (Lang::English, ActionKind::ExposedKong) => "exposed kong",
        (Lang::English, ActionKind::AddedKong) => "added kong",
        (Lang::English, ActionKind::ConcealedKong) => "concealed kong",
        (Lang::English, ActionKind::Win) => "win",
        (Lang::English, ActionKind::EightFlowers) => "win with eight flowers",
        (Lang::English, ActionKind::RobFlower) => "take the eighth flower",
        (Lang::English, ActionKind::Riichi) => "riichi",
        (Lang::English, ActionKind::NineTerminals) => "nine terminals",
        (Lang::Chinese, ActionKind::Pass) => "過",
        (Lang::Chinese, ActionKind::Discard) => "打",
        (Lang::Chinese, ActionKind::Chow) => "吃",
        (Lang::Chinese, ActionKind::Pung) => "碰",
        (Lang::Chinese, ActionKind::ExposedKong) => "明槓",
        (Lang::Chinese, ActionKind::AddedKong) => "加槓",
        (Lang::Chinese, ActionKind::ConcealedKong) => "暗槓",
        (Lang::Chinese, ActionKind::Win) => "胡",
        (Lang::Chinese, ActionKind::EightFlowers) => "八仙過海",
        (Lang::Chinese, ActionKind::RobFlower) => "七搶一",
        (Lang::Chinese, ActionKind::Riichi) => "立直",
        (Lang::Chinese, ActionKind::NineTerminals) => "九種九牌",
    }
}

/// The name of a meld kind.
pub const fn meld_name(kind: MeldKind, lang: Lang) -> &'static str {
    match (lang, kind) {
        (Lang::English, MeldKind::Chow) => "chow",
        (Lang::English, MeldKind::Pung) => "pung",
        (Lang::English, MeldKind::ExposedKong) => "exposed kong",
        (Lang::English, MeldKind::AddedKong) => "added kong",
        (Lang::English, MeldKind::ConcealedKong) => "concealed kong",
        (Lang::Chinese, MeldKind::Chow) => "吃",
        (Lang::Chinese, MeldKind::Pung) => "碰",
        (Lang::Chinese, MeldKind::ExposedKong) => "明槓",
        (Lang::Chinese, MeldKind::AddedKong) => "加槓",
        (Lang::Chinese, MeldKind::ConcealedKong) => "暗槓",
    }
}

fn tile_text(code: u8, lang: Lang) -> String {
    if code == HIDDEN_TILE {
        return match lang {
            Lang::English => "a hidden tile".into(),
            Lang::Chinese => "暗牌".into(),
        };
    }
    let style = match lang {
        Lang::English => TileStyle::Notation,
        Lang::Chinese => TileStyle::Chinese,
    };
    tile_name(code, style).unwrap_or_else(|| "?".into())
}

fn tiles_text(e: &Event, lang: Lang) -> String {
    let list: Vec<String> = e.tile_list().iter().map(|&t| tile_text(t, lang)).collect();
    list.join(" ")
}

fn seat_text(seat: u8, lang: Lang) -> String {
    match lang {
        Lang::English => format!("seat {seat}"),
        Lang::Chinese => format!("{seat}號位"),
    }
}

/// One line of text for an event (no newline), e.g. `12: seat 1 discards 5p (drawn)`.
pub fn event_line(e: &Event, lang: Lang) -> String {
    let en = lang == Lang::English;
    let who = seat_text(e.seat, lang);
    let from = seat_text(e.from, lang);
    let tile = tile_text(e.tile, lang);
    let action = e.action.map(|a| action_name(a, lang)).unwrap_or("?");
    let mut s = format!("{}: ", e.index);
    let _ = match e.kind {
        EventKind::HandStart => {
            let wind = wind_name(e.tile, lang).unwrap_or("?");
            if en {
                write!(s, "hand {} starts, dealer {who}, {wind} round", e.value)
            } else {
                write!(s, "第{}局開始，莊家{who}，{wind}風圈", e.value)
            }
        }
        EventKind::Deal if en => write!(s, "{who} is dealt {}", tiles_text(e, lang)),
        EventKind::Deal => write!(s, "{who}配牌 {}", tiles_text(e, lang)),
        EventKind::Draw => {
            let rep = e.flags & super::event::flags::REPLACEMENT != 0;
            match (en, rep) {
                (true, true) => write!(s, "{who} draws {tile} from the back"),
                (true, false) => write!(s, "{who} draws {tile}"),
                (false, true) => write!(s, "{who}補牌 {tile}"),
                (false, false) => write!(s, "{who}摸牌 {tile}"),
            }
        }
        EventKind::Flower if en => write!(s, "{who} sets aside flower {tile}"),
        EventKind::Flower => write!(s, "{who}補花 {tile}"),
        EventKind::Discard => {
            let drawn = e.flags & super::event::flags::DRAWN != 0;
            match (en, drawn) {
                (true, true) => write!(s, "{who} discards {tile} (drawn)"),
                (true, false) => write!(s, "{who} discards {tile}"),
                (false, true) => write!(s, "{who}摸打 {tile}"),
                (false, false) => write!(s, "{who}打出 {tile}"),
            }
        }
        EventKind::ClaimAnswer if e.action.is_none() => {
            if en {
                write!(s, "a seat answers")
            } else {
                write!(s, "有人回應")
            }
        }
        EventKind::ClaimAnswer if en => write!(s, "{who} answers {action} {tile}"),
        EventKind::ClaimAnswer => write!(s, "{who}回應 {action} {tile}"),
        EventKind::ClaimWon if en => write!(s, "{who}'s {action} of {from}'s {tile} wins"),
        EventKind::ClaimWon => write!(s, "{who}{action}{from}的{tile}成立"),
        EventKind::ClaimLost => {
            let why = reason_text(e.reason, lang);
            if en {
                write!(s, "{who}'s {action} of {from}'s {tile} loses ({why})")
            } else {
                write!(s, "{who}{action}{from}的{tile}不成立（{why}）")
            }
        }
        EventKind::Meld => {
            let m = e.meld.map(|m| meld_name(m, lang)).unwrap_or("?");
            if en {
                write!(s, "{who} declares {m} {}", tiles_text(e, lang))
            } else {
                write!(s, "{who}{m} {}", tiles_text(e, lang))
            }
        }
        EventKind::Win => {
            let hand = tiles_text(e, lang);
            let eight = e.flags & super::event::flags::EIGHT_FLOWERS != 0;
            let rob = e.flags & super::event::flags::SEVEN_ROB_ONE != 0;
            let _ = match (en, e.from == NO_SEAT) {
                _ if eight && en => write!(s, "{who} wins with all eight flowers: {hand}"),
                _ if eight => write!(s, "{who}八仙過海：{hand}"),
                _ if rob && en => write!(
                    s,
                    "{who} takes {from}'s eighth flower {tile} and wins: {hand}"
                ),
                _ if rob => write!(s, "{who}七搶一，搶{from}的{tile}：{hand}"),
                (true, true) => write!(s, "{who} wins by self-draw on {tile}: {hand}"),
                (true, false) => write!(s, "{who} wins on {from}'s {tile}: {hand}"),
                (false, true) => write!(s, "{who}自摸 {tile}：{hand}"),
                (false, false) => write!(s, "{who}胡{from}的{tile}：{hand}"),
            };
            match (en, e.value) {
                (_, 0) => Ok(()),
                (true, v) => write!(s, " ({v} tai)"),
                (false, v) => write!(s, "（{v}台）"),
            }
        }
        EventKind::Tai => {
            let p = crate::tai::Pattern::from_id(usize::from(e.tile));
            match (en, p) {
                (true, Some(p)) => write!(
                    s,
                    "{who} counts {} {}: {} tai",
                    p.chinese(),
                    p.english(),
                    e.value
                ),
                (false, Some(p)) => write!(s, "{who} {} {}台", p.chinese(), e.value),
                (_, None) => write!(s, "{who} ? {}", e.value),
            }
        }
        EventKind::ExhaustiveDraw if en => write!(s, "the wall is exhausted (draw)"),
        EventKind::ExhaustiveDraw => write!(s, "流局"),
        EventKind::Payment => {
            let why = reason_text(e.reason, lang);
            if en {
                write!(s, "{who} {:+} ({why})", e.value)
            } else {
                write!(s, "{who} {:+}（{why}）", e.value)
            }
        }
        EventKind::DealerKept if en => write!(s, "{who} keeps the deal ({} in a row)", e.value),
        EventKind::DealerKept => write!(s, "{who}連莊 {}", e.value),
        EventKind::DealerPassed if en => write!(s, "the deal passes to {who}"),
        EventKind::DealerPassed => write!(s, "下莊，{who}做莊"),
        EventKind::WindAdvanced => {
            let wind = wind_name(e.tile, lang).unwrap_or("?");
            if en {
                write!(s, "the {wind} round begins")
            } else {
                write!(s, "{wind}風圈開始")
            }
        }
        EventKind::MatchOver if en => write!(s, "the match is over after {} hands", e.value),
        EventKind::MatchOver => write!(s, "比賽結束，共{}局", e.value),
        EventKind::ScoreSet if en => write!(s, "{who}'s score is set to {}", e.value),
        EventKind::ScoreSet => write!(s, "{who}分數設為 {}", e.value),
        EventKind::AbortiveDraw => {
            let why = reason_text(e.reason, lang);
            if en {
                write!(s, "the hand is aborted ({why})")
            } else {
                write!(s, "途中流局（{why}）")
            }
        }
        EventKind::Riichi if en => write!(s, "{who} declares riichi"),
        EventKind::Riichi => write!(s, "{who}立直"),
        EventKind::RiichiAccepted if en => write!(s, "{who}'s riichi stick is placed"),
        EventKind::RiichiAccepted => write!(s, "{who}立直成立"),
        EventKind::Dora if en => write!(s, "dora indicator {tile}"),
        EventKind::Dora => write!(s, "寶牌指示牌 {tile}"),
        EventKind::UraDora if en => write!(s, "ura dora indicator {tile}"),
        EventKind::UraDora => write!(s, "裏寶牌指示牌 {tile}"),
        EventKind::Nagashi if en => write!(s, "{who} has nagashi mangan"),
        EventKind::Nagashi => write!(s, "{who}流局滿貫"),
        EventKind::Yaku => {
            let info = crate::riichi::yaku::info(usize::from(e.tile));
            match (en, info) {
                (true, Some(y)) => write!(
                    s,
                    "{who} counts {} {}: {} han",
                    y.ja.to_str().unwrap_or("?"),
                    y.en.to_str().unwrap_or("?"),
                    e.value
                ),
                (false, Some(y)) => {
                    write!(s, "{who} {} {}番", y.zh.to_str().unwrap_or("?"), e.value)
                }
                (_, None) => write!(s, "{who} ? {}", e.value),
            }
        }
        EventKind::Fu if en => write!(s, "{who} has {} fu", e.value),
        EventKind::Fu => write!(s, "{who} {}符", e.value),
        EventKind::Wall if en => write!(s, "the wall from tile {}", e.value),
        EventKind::Wall => write!(s, "牌山（第{}張起）", e.value),
    };
    s
}

fn reason_text(r: Reason, lang: Lang) -> &'static str {
    match (lang, r) {
        (Lang::English, Reason::None) => "-",
        (Lang::English, Reason::LostToWin) => "a win takes the tile",
        (Lang::English, Reason::LostToPung) => "a pung or kong takes the tile",
        (Lang::English, Reason::HeadBump) => "an earlier seat wins",
        (Lang::English, Reason::Won) => "won",
        (Lang::English, Reason::DealtIn) => "dealt in",
        (Lang::English, Reason::SelfDrawPaid) => "paid a self-draw",
        (Lang::English, Reason::Uninvolved) => "uninvolved",
        (Lang::English, Reason::Draw) => "draw",
        (Lang::English, Reason::NineTerminals) => "nine terminals",
        (Lang::English, Reason::FourWinds) => "four winds",
        (Lang::English, Reason::FourRiichi) => "four riichi",
        (Lang::English, Reason::FourKongs) => "four kongs",
        (Lang::English, Reason::TripleRon) => "three wins on one discard",
        (Lang::English, Reason::Tenpai) => "ready",
        (Lang::English, Reason::Noten) => "not ready",
        (Lang::English, Reason::Nagashi) => "nagashi mangan",
        (Lang::English, Reason::Liable) => "liable",
        (Lang::English, Reason::Sticks) => "riichi sticks left",
        (Lang::Chinese, Reason::None) => "-",
        (Lang::Chinese, Reason::LostToWin) => "有人胡牌",
        (Lang::Chinese, Reason::LostToPung) => "碰槓優先",
        (Lang::Chinese, Reason::HeadBump) => "截胡",
        (Lang::Chinese, Reason::Won) => "胡牌",
        (Lang::Chinese, Reason::DealtIn) => "放槍",
        (Lang::Chinese, Reason::SelfDrawPaid) => "被自摸",
        (Lang::Chinese, Reason::Uninvolved) => "無關",
        (Lang::Chinese, Reason::Draw) => "流局",
        (Lang::Chinese, Reason::NineTerminals) => "九種九牌",
        (Lang::Chinese, Reason::FourWinds) => "四風連打",
        (Lang::Chinese, Reason::FourRiichi) => "四家立直",
        (Lang::Chinese, Reason::FourKongs) => "四槓散了",
        (Lang::Chinese, Reason::TripleRon) => "三家和",
        (Lang::Chinese, Reason::Tenpai) => "聽牌",
        (Lang::Chinese, Reason::Noten) => "不聽",
        (Lang::Chinese, Reason::Nagashi) => "流局滿貫",
        (Lang::Chinese, Reason::Liable) => "包牌",
        (Lang::Chinese, Reason::Sticks) => "供託",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_name_every_style() {
        assert_eq!(tile_name(4, TileStyle::Notation).unwrap(), "5m");
        assert_eq!(tile_name(13, TileStyle::English).unwrap(), "Five of Dots");
        assert_eq!(tile_name(22, TileStyle::Chinese).unwrap(), "五條");
        assert_eq!(tile_name(27, TileStyle::Unicode).unwrap(), "🀀");
        assert_eq!(tile_name(33, TileStyle::Unicode).unwrap(), "🀄");
        assert_eq!(tile_name(0, TileStyle::Unicode).unwrap(), "🀇");
        assert_eq!(tile_name(9, TileStyle::Unicode).unwrap(), "🀙");
        assert_eq!(tile_name(18, TileStyle::Unicode).unwrap(), "🀐");
        assert_eq!(tile_name(34, TileStyle::Unicode).unwrap(), "🀦");
        assert_eq!(tile_name(38, TileStyle::Chinese).unwrap(), "梅");
        assert_eq!(tile_name(42, TileStyle::Notation).unwrap(), "0m");
        assert_eq!(
            tile_name(43, TileStyle::English).unwrap(),
            "Red Five of Dots"
        );
        assert_eq!(tile_name(44, TileStyle::Chinese).unwrap(), "赤五條");
        assert_eq!(
            tile_name(44, TileStyle::Unicode),
            tile_name(22, TileStyle::Unicode)
        );
        assert_eq!(tile_name(45, TileStyle::Notation), None);
        assert_eq!(tile_name(HIDDEN_TILE, TileStyle::English), None);
    }

    #[test]
    fn unicode_tile_is_a_bijection_onto_the_block() {
        let mut seen = std::collections::HashSet::new();
        for c in 0..42u8 {
            let u = unicode_tile(c).unwrap();
            assert!((0x1F000..=0x1F029).contains(&u));
            assert!(seen.insert(u));
        }
        assert_eq!(unicode_tile(42), unicode_tile(4));
        assert_eq!(unicode_tile(45), None);
    }

    #[test]
    fn flower_name_gives_the_seat() {
        assert_eq!(flower_name(0, Lang::Chinese), Some(("春", 0)));
        assert_eq!(flower_name(7, Lang::Chinese), Some(("菊", 3)));
        assert_eq!(flower_name(5, Lang::English), Some(("Orchid", 1)));
        assert_eq!(flower_name(8, Lang::English), None);
        assert_eq!(wind_name(2, Lang::Chinese), Some("西"));
        assert_eq!(wind_name(4, Lang::English), None);
    }
}
