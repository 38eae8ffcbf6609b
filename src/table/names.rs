//! Names a game shows as they are, in English, Traditional Chinese and Simplified Chinese: tiles
//! (notation, words, the Unicode mahjong tiles), flowers with the seat each belongs to under the
//! rules, winds, seats (by number, relative to the reader: 下家 / 對家 / 上家, or by seat wind:
//! 東家), the round (東風東局), actions, meld kinds, why a claim lost or a payment was made, tai
//! patterns, and one line of text per event.
//!
//! Tile codes are tile kinds 0..33 (`1m`..`9m`, `1p`..`9p`, `1s`..`9s`, East South West North,
//! White Green Red) and flowers 34..41 ([`super::event::FLOWER_CODE_BASE`] + f). Flower f is
//! 春夏秋冬 (Spring, Summer, Autumn, Winter) for f = 0..3 and 梅蘭竹菊 (Plum, Orchid, Bamboo,
//! Chrysanthemum) for f = 4..7; it belongs to the seat wind f % 4, except that under tai rules
//! with [`crate::tai::TaiRules::chrysanthemum_west`] (the common game's) 菊 is West's and 竹
//! North's. Simplified Chinese is the Traditional text with each character simplified
//! ([`simplified`]; checked against OpenCC's `t2s` by `tests/names_oracle.rs`).

use std::fmt::Write;

use super::event::{COUNTER_CONSECUTIVE, Event, EventKind, Reader, Reason, flags};
use super::types::*;

/// Language of a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    English,
    /// Traditional Chinese (the characters of Taiwan's game).
    Traditional,
    /// Simplified Chinese.
    Simplified,
}

/// How a tile is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TileStyle {
    /// Short notation, the same in every language: `5m`, `7z`, flowers `1f`..`8f`.
    Notation,
    /// In words: "Five of Characters", 五萬, 五万; "East Wind", 東風; "Plum", 梅.
    Words,
    /// The Unicode mahjong tile character (U+1F000 block): 🀋, 🀀, 🀢.
    Unicode,
}

/// How a seat is named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SeatStyle {
    /// By number: "seat 2", 2號位.
    Number,
    /// Relative to the reading seat: "you", "Right" (下家, the seat after it), "Across"
    /// (對家), "Left" (上家, the seat before it). For a reader that is not a seat (the
    /// spectator, the observer) seats are named by wind.
    Relative,
    /// By seat wind, the dealer East: "East", 東家.
    Wind,
}

/// Who reads a text and how it names seats and tiles ([`event_text`], [`seat_name`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NameContext {
    /// The reader: its own seat is "you" in the relative style.
    pub reader: Reader,
    /// The dealer (East), for the wind style.
    pub dealer: u8,
    /// How seats are named.
    pub seats: SeatStyle,
    /// How tiles are written.
    pub tiles: TileStyle,
}

impl Default for NameContext {
    /// The observer, dealer 0, seats by number, tiles in words.
    fn default() -> NameContext {
        NameContext {
            reader: Reader::Observer,
            dealer: 0,
            seats: SeatStyle::Number,
            tiles: TileStyle::Words,
        }
    }
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

/// The characters of this module's Traditional text that Simplified Chinese writes otherwise,
/// with their simplified forms (the tai patterns' names included).
const SIMPLIFY: [(char, char); 45] = [
    ('價', '价'),
    ('優', '优'),
    ('單', '单'),
    ('嚦', '呖'),
    ('對', '对'),
    ('張', '张'),
    ('應', '应'),
    ('搶', '抢'),
    ('撈', '捞'),
    ('擇', '择'),
    ('數', '数'),
    ('東', '东'),
    ('條', '条'),
    ('槍', '枪'),
    ('槓', '杠'),
    ('為', '为'),
    ('無', '无'),
    ('獨', '独'),
    ('發', '发'),
    ('紅', '红'),
    ('結', '结'),
    ('聽', '听'),
    ('莊', '庄'),
    ('萬', '万'),
    ('蘭', '兰'),
    ('號', '号'),
    ('補', '补'),
    ('計', '计'),
    ('設', '设'),
    ('賽', '赛'),
    ('連', '连'),
    ('過', '过'),
    ('選', '选'),
    ('邊', '边'),
    ('門', '门'),
    ('開', '开'),
    ('關', '关'),
    ('風', '风'),
    ('魚', '鱼'),
    ('寶', '宝'),
    ('裏', '里'),
    ('滿', '满'),
    ('貫', '贯'),
    ('種', '种'),
    ('託', '托'),
];

/// `text` (Traditional Chinese) in Simplified Chinese: each of the 45 characters the names use
/// that differ (萬 → 万, 東 → 东, ...) replaced, as OpenCC's `t2s` does (`tests/names_oracle.rs`).
pub fn simplified(text: &str) -> String {
    text.chars()
        .map(|c| {
            SIMPLIFY
                .iter()
                .find(|(t, _)| *t == c)
                .map_or(c, |(_, s)| *s)
        })
        .collect()
}

/// The text of `lang` from its English and Traditional forms.
fn pick(lang: Lang, en: &str, zh: &str) -> String {
    match lang {
        Lang::English => en.to_string(),
        Lang::Traditional => zh.to_string(),
        Lang::Simplified => simplified(zh),
    }
}

/// The name of tile code `code` (0..33 kinds, 34..41 flowers, 42..44 red fives) in `style` and
/// `lang` (the notation and the Unicode character are the same in every language), or `None`
/// for a code out of range. A red five is `0m` / `0p` / `0s` in notation, "Red Five of
/// Characters" / 赤五萬 in words, and the five's Unicode character.
pub fn tile_name(code: u8, style: TileStyle, lang: Lang) -> Option<String> {
    let c = usize::from(code);
    if c >= NOTATION.len() {
        return None;
    }
    Some(match style {
        TileStyle::Notation => NOTATION[c].to_string(),
        TileStyle::Unicode => char::from_u32(unicode_tile(code)?)?.to_string(),
        TileStyle::Words => match c {
            0..=26 => pick(
                lang,
                &format!("{} of {}", NUMBERS_EN[c % 9], SUITS_EN[c / 9]),
                &format!("{}{}", NUMBERS_ZH[c % 9], SUITS_ZH[c / 9]),
            ),
            27..=33 => pick(lang, HONORS_EN[c - 27], HONORS_ZH[c - 27]),
            34..=41 => pick(lang, FLOWERS_EN[c - 34], FLOWERS_ZH[c - 34]),
            _ => pick(
                lang,
                &format!("Red Five of {}", SUITS_EN[c - 42]),
                &format!("赤五{}", SUITS_ZH[c - 42]),
            ),
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

/// The seat wind (0 East .. 3 North) flower `f` (0..7) belongs to under `rules`: `f % 4`, but
/// under tai rules with `chrysanthemum_west` 菊 (7) is West's and 竹 (6) North's. `None` for a
/// flower out of range.
pub fn flower_wind(f: u8, rules: &Rules) -> Option<u8> {
    if usize::from(f) >= FLOWERS {
        return None;
    }
    Some(match rules.scoring.tai() {
        Some(t) => t.flower_seat(f + 1),
        None => f % 4,
    })
}

/// The name of flower `f` (0..7) in `lang` and the seat wind it belongs to under `rules`
/// ([`flower_wind`]), or `None` for a flower out of range.
pub fn flower_name(f: u8, rules: &Rules, lang: Lang) -> Option<(String, u8)> {
    let wind = flower_wind(f, rules)?;
    let i = usize::from(f);
    Some((pick(lang, FLOWERS_EN[i], FLOWERS_ZH[i]), wind))
}

/// The name of wind `w` (0..3: East, South, West, North; 東南西北).
pub fn wind_name(w: u8, lang: Lang) -> Option<String> {
    let i = usize::from(w);
    (i < SEATS).then(|| pick(lang, WINDS_EN[i], WINDS_ZH[i]))
}

/// The name of `seat` (0..3) as `ctx` names seats, or `None` for a seat out of range (or a
/// dealer out of range in the wind style).
pub fn seat_name(seat: u8, ctx: &NameContext, lang: Lang) -> Option<String> {
    if usize::from(seat) >= SEATS || usize::from(ctx.dealer) >= SEATS {
        return None;
    }
    let wind = (seat + 4 - ctx.dealer) % 4;
    let by_wind = || {
        let w = usize::from(wind);
        pick(lang, WINDS_EN[w], &format!("{}家", WINDS_ZH[w]))
    };
    Some(match (ctx.seats, ctx.reader) {
        (SeatStyle::Number, _) => pick(lang, &format!("seat {seat}"), &format!("{seat}號位")),
        (SeatStyle::Relative, Reader::Seat(me)) if usize::from(me) < SEATS => {
            let (en, zh) = [
                ("you", "你"),
                ("Right", "下家"),
                ("Across", "對家"),
                ("Left", "上家"),
            ][usize::from((seat + 4 - me) % 4)];
            pick(lang, en, zh)
        }
        _ => by_wind(),
    })
}

/// The round of a hand: the prevalent wind and the deal within its wind round, counted from the
/// match's first dealer: "East 1" .. "North 4", 東風東局 .. 北風北局 (the second character the
/// seat wind of the dealer when the first dealer sits East). `None` for a value above 3.
pub fn round_name(prevalent: u8, dealer: u8, first_dealer: u8, lang: Lang) -> Option<String> {
    if prevalent > 3 || dealer > 3 || first_dealer > 3 {
        return None;
    }
    let k = usize::from((dealer + 4 - first_dealer) % 4);
    let p = usize::from(prevalent);
    Some(pick(
        lang,
        &format!("{} {}", WINDS_EN[p], k + 1),
        &format!("{}風{}局", WINDS_ZH[p], WINDS_ZH[k]),
    ))
}

/// The name of an action kind.
pub fn action_name(kind: ActionKind, lang: Lang) -> String {
    let (en, zh) = match kind {
        ActionKind::Pass => ("pass", "過"),
        ActionKind::Discard => ("discard", "打"),
        ActionKind::Chow => ("chow", "吃"),
        ActionKind::Pung => ("pung", "碰"),
        ActionKind::ExposedKong => ("exposed kong", "明槓"),
        ActionKind::AddedKong => ("added kong", "加槓"),
        ActionKind::ConcealedKong => ("concealed kong", "暗槓"),
        ActionKind::Win => ("win", "胡"),
        ActionKind::EightFlowers => ("win with eight flowers", "八仙過海"),
        ActionKind::RobFlower => ("take the eighth flower", "七搶一"),
        ActionKind::Riichi => ("riichi", "立直"),
        ActionKind::NineTerminals => ("nine terminals", "九種九牌"),
    };
    pick(lang, en, zh)
}

/// The name of a meld kind.
pub fn meld_name(kind: MeldKind, lang: Lang) -> String {
    let (en, zh) = match kind {
        MeldKind::Chow => ("chow", "吃"),
        MeldKind::Pung => ("pung", "碰"),
        MeldKind::ExposedKong => ("exposed kong", "明槓"),
        MeldKind::AddedKong => ("added kong", "加槓"),
        MeldKind::ConcealedKong => ("concealed kong", "暗槓"),
    };
    pick(lang, en, zh)
}

/// Why a claim lost or a payment was made.
pub fn reason_name(r: Reason, lang: Lang) -> String {
    let (en, zh) = match r {
        Reason::None => ("-", "-"),
        Reason::LostToWin => ("a win takes the tile", "有人胡牌"),
        Reason::LostToPung => ("a pung or kong takes the tile", "碰槓優先"),
        Reason::HeadBump => ("an earlier seat wins", "截胡"),
        Reason::Won => ("won", "胡牌"),
        Reason::DealtIn => ("dealt in", "放槍"),
        Reason::SelfDrawPaid => ("paid a self-draw", "被自摸"),
        Reason::Uninvolved => ("uninvolved", "無關"),
        Reason::Draw => ("draw", "流局"),
        Reason::NineTerminals => ("nine terminals", "九種九牌"),
        Reason::FourWinds => ("four winds", "四風連打"),
        Reason::FourRiichi => ("four riichi", "四家立直"),
        Reason::FourKongs => ("four kongs", "四槓散了"),
        Reason::TripleRon => ("three wins on one discard", "三家和"),
        Reason::Tenpai => ("ready", "聽牌"),
        Reason::Noten => ("not ready", "不聽"),
        Reason::Nagashi => ("nagashi mangan", "流局滿貫"),
        Reason::Liable => ("liable", "包牌"),
        Reason::Sticks => ("riichi sticks left", "供託"),
    };
    pick(lang, en, zh)
}

/// The name of a tai pattern in `lang`.
pub fn pattern_name(p: crate::tai::Pattern, lang: Lang) -> String {
    pick(lang, p.english(), p.chinese())
}

/// A tile of an event's text: a hidden tile in words, any other code as `ctx` writes tiles, a
/// code out of range as `?`.
fn tile_text(code: u8, ctx: &NameContext, lang: Lang) -> String {
    if code == HIDDEN_TILE {
        return pick(lang, "a hidden tile", "暗牌");
    }
    tile_name(code, ctx.tiles, lang).unwrap_or_else(|| "?".into())
}

fn tiles_text(e: &Event, ctx: &NameContext, lang: Lang) -> String {
    // Words in English need commas ("Five of Dots, Six of Dots"); notation, the Unicode tiles and
    // Chinese read well with spaces.
    let sep = if lang == Lang::English && ctx.tiles == TileStyle::Words {
        ", "
    } else {
        " "
    };
    let list: Vec<String> = e
        .tile_list()
        .iter()
        .map(|&t| tile_text(t, ctx, lang))
        .collect();
    list.join(sep)
}

/// A seat as the subject of a sentence: its name, and whether English conjugates for "you".
struct Who {
    name: String,
    you: bool,
}

impl Who {
    fn of(seat: u8, ctx: &NameContext, lang: Lang) -> Who {
        Who {
            name: seat_name(seat, ctx, lang).unwrap_or_else(|| "?".into()),
            you: ctx.seats == SeatStyle::Relative && ctx.reader == Reader::Seat(seat),
        }
    }
    /// `verb` for this subject: "discard" for "you", "discards" for the others.
    fn verb<'a>(&self, plain: &'a str, third: &'a str) -> &'a str {
        if self.you { plain } else { third }
    }
    /// "your" or "seat 1's".
    fn possessive(&self) -> String {
        if self.you {
            "your".into()
        } else {
            format!("{}'s", self.name)
        }
    }
    /// The Chinese possessive: 你的, 下家的.
    fn zh_of(&self) -> String {
        format!("{}的", self.name)
    }
}

/// One line of text for an event, as `ctx` names seats and tiles, e.g. "seat 1 discards Five
/// of Dots (just drawn)", "下家打出 五筒", 东风东局 for a hand start. A code out of range is
/// written `?`.
pub fn event_text(e: &Event, ctx: &NameContext, lang: Lang) -> String {
    let en = lang == Lang::English;
    // A hand start names its own dealer: seats by wind and rounds follow it.
    let ctx = &NameContext {
        dealer: if e.kind == EventKind::HandStart && e.seat < 4 {
            e.seat
        } else {
            ctx.dealer
        },
        ..*ctx
    };
    let who = Who::of(e.seat, ctx, lang);
    let from = Who::of(e.from, ctx, lang);
    let w = &who.name;
    let tile = tile_text(e.tile, ctx, lang);
    let action = e
        .action
        .map_or_else(|| "?".into(), |a| action_name(a, lang));
    let mut s = String::new();
    let _ = match e.kind {
        EventKind::HandStart => {
            let round = round_name(e.tile, e.seat, e.from, lang).unwrap_or_else(|| "?".into());
            let n = e.counters[COUNTER_CONSECUTIVE];
            match (en, n) {
                (true, 0) => write!(s, "{round}: hand {}, {w} deals", e.value),
                (true, n) => write!(s, "{round}: hand {}, {w} deals ({n} in a row)", e.value),
                (false, 0) => write!(s, "{round} 第{}局，{w}做莊", e.value),
                (false, n) => write!(s, "{round} 第{}局，{w}做莊，連{n}", e.value),
            }
        }
        EventKind::Deal if en => {
            let v = who.verb("are", "is");
            write!(s, "{w} {v} dealt {}", tiles_text(e, ctx, lang))
        }
        EventKind::Deal => write!(s, "{w}配牌 {}", tiles_text(e, ctx, lang)),
        EventKind::Draw => {
            let rep = e.flags & flags::REPLACEMENT != 0;
            match (en, rep) {
                (true, true) => write!(s, "{w} {} {tile} from the back", who.verb("draw", "draws")),
                (true, false) => write!(s, "{w} {} {tile}", who.verb("draw", "draws")),
                (false, true) => write!(s, "{w}補牌 {tile}"),
                (false, false) => write!(s, "{w}摸牌 {tile}"),
            }
        }
        EventKind::Flower if en => {
            write!(
                s,
                "{w} {} the flower {tile}",
                who.verb("set aside", "sets aside")
            )
        }
        EventKind::Flower => write!(s, "{w}補花 {tile}"),
        EventKind::Discard => {
            let drawn = e.flags & flags::DRAWN != 0;
            match (en, drawn) {
                (true, true) => write!(
                    s,
                    "{w} {} {tile} (just drawn)",
                    who.verb("discard", "discards")
                ),
                (true, false) => write!(s, "{w} {} {tile}", who.verb("discard", "discards")),
                (false, true) => write!(s, "{w}摸打 {tile}"),
                (false, false) => write!(s, "{w}打出 {tile}"),
            }
        }
        EventKind::ClaimAnswer => {
            let pass = e.action == Some(ActionKind::Pass);
            match (en, pass) {
                (true, true) => write!(s, "{w} {}", who.verb("pass", "passes")),
                (true, false) => write!(s, "{w} {} {action} on {tile}", who.verb("call", "calls")),
                (false, true) => write!(s, "{w}選擇過"),
                (false, false) => write!(s, "{w}選擇{action} {tile}"),
            }
        }
        EventKind::ClaimWon if en => write!(
            s,
            "{w} {} {} {tile}: {action}",
            who.verb("take", "takes"),
            from.possessive()
        ),
        EventKind::ClaimWon => write!(s, "{w}{action}{}{tile}", from.zh_of()),
        EventKind::ClaimLost => {
            let why = reason_name(e.reason, lang);
            if en {
                write!(
                    s,
                    "{} {action} of {} {tile} gives way: {why}",
                    who.possessive(),
                    from.possessive()
                )
            } else {
                write!(s, "{w}{action}{}{tile}不成立（{why}）", from.zh_of())
            }
        }
        EventKind::Meld => {
            let m = e.meld.map_or_else(|| "?".into(), |m| meld_name(m, lang));
            if en {
                let v = who.verb("declare", "declares");
                write!(s, "{w} {v} a {m}: {}", tiles_text(e, ctx, lang))
            } else {
                write!(s, "{w}{m} {}", tiles_text(e, ctx, lang))
            }
        }
        EventKind::Win => {
            let hand = tiles_text(e, ctx, lang);
            let eight = e.flags & flags::EIGHT_FLOWERS != 0;
            let rob = e.flags & flags::SEVEN_ROB_ONE != 0;
            let wins = who.verb("win", "wins");
            let _ = match (en, e.from == NO_SEAT) {
                _ if eight && en => write!(s, "{w} {wins} with all eight flowers: {hand}"),
                _ if eight => write!(s, "{w}八仙過海：{hand}"),
                _ if rob && en => write!(
                    s,
                    "{w} {} {} eighth flower {tile} and {wins}: {hand}",
                    who.verb("take", "takes"),
                    from.possessive()
                ),
                _ if rob => write!(s, "{w}七搶一，搶{}{tile}：{hand}", from.zh_of()),
                (true, true) => write!(s, "{w} {wins} by self-draw on {tile}: {hand}"),
                (true, false) => write!(s, "{w} {wins} on {} {tile}: {hand}", from.possessive()),
                (false, true) => write!(s, "{w}自摸 {tile}：{hand}"),
                (false, false) => write!(s, "{w}胡{}{tile}：{hand}", from.zh_of()),
            };
            match (en, e.value) {
                (_, 0) => Ok(()),
                (true, v) => write!(s, " ({v} tai)"),
                (false, v) => write!(s, "（{v}台）"),
            }
        }
        EventKind::Tai => match crate::tai::Pattern::from_id(usize::from(e.tile)) {
            Some(p) if en => write!(
                s,
                "{w} {} {}: {} tai",
                who.verb("count", "counts"),
                pattern_name(p, lang),
                e.value
            ),
            Some(p) => write!(s, "{w} {} {}台", pattern_name(p, lang), e.value),
            None => write!(s, "{w} ? {}", e.value),
        },
        EventKind::ExhaustiveDraw if en => write!(s, "the wall is exhausted: a draw"),
        EventKind::ExhaustiveDraw => write!(s, "流局"),
        EventKind::Payment => {
            let why = reason_name(e.reason, lang);
            if en {
                write!(s, "{w} {:+} ({why})", e.value)
            } else {
                write!(s, "{w} {:+}（{why}）", e.value)
            }
        }
        EventKind::DealerKept if en => write!(
            s,
            "{w} {} the deal ({} in a row)",
            who.verb("keep", "keeps"),
            e.value
        ),
        EventKind::DealerKept => write!(s, "{w}連莊（連{}）", e.value),
        EventKind::DealerPassed if en => write!(s, "the deal passes to {w}"),
        EventKind::DealerPassed => write!(s, "下莊，{w}做莊"),
        EventKind::WindAdvanced => {
            let wind = wind_name(e.tile, lang).unwrap_or_else(|| "?".into());
            if en {
                write!(s, "the {wind} round begins")
            } else {
                write!(s, "{wind}風圈開始")
            }
        }
        EventKind::MatchOver if en => write!(s, "the match is over after {} hands", e.value),
        EventKind::MatchOver => write!(s, "比賽結束，共{}局", e.value),
        EventKind::ScoreSet if en => write!(s, "{} score is set to {}", who.possessive(), e.value),
        EventKind::ScoreSet => write!(s, "{w}分數設為 {}", e.value),
        EventKind::AbortiveDraw => {
            let why = reason_name(e.reason, lang);
            if en {
                write!(s, "the hand is aborted ({why})")
            } else {
                write!(s, "途中流局（{why}）")
            }
        }
        EventKind::Riichi if en => write!(s, "{w} {} riichi", who.verb("declare", "declares")),
        EventKind::Riichi => write!(s, "{w}立直"),
        EventKind::RiichiAccepted if en => {
            write!(s, "{} riichi stick is placed", who.possessive())
        }
        EventKind::RiichiAccepted => write!(s, "{w}立直成立"),
        EventKind::Dora if en => write!(s, "dora indicator {tile}"),
        EventKind::Dora => write!(s, "寶牌指示牌 {tile}"),
        EventKind::UraDora if en => write!(s, "ura dora indicator {tile}"),
        EventKind::UraDora => write!(s, "裏寶牌指示牌 {tile}"),
        EventKind::Nagashi if en => write!(s, "{w} {} nagashi mangan", who.verb("have", "has")),
        EventKind::Nagashi => write!(s, "{w}流局滿貫"),
        EventKind::Yaku => {
            let info = crate::riichi::yaku::info(usize::from(e.tile));
            match (en, info) {
                (true, Some(y)) => write!(
                    s,
                    "{w} {} {} {}: {} han",
                    who.verb("count", "counts"),
                    y.ja.to_str().unwrap_or("?"),
                    y.en.to_str().unwrap_or("?"),
                    e.value
                ),
                (false, Some(y)) => {
                    write!(s, "{w} {} {}番", y.zh.to_str().unwrap_or("?"), e.value)
                }
                (_, None) => write!(s, "{w} ? {}", e.value),
            }
        }
        EventKind::Fu if en => write!(s, "{w} {} {} fu", who.verb("have", "has"), e.value),
        EventKind::Fu => write!(s, "{w} {}符", e.value),
        EventKind::Wall if en => write!(s, "the wall from tile {}", e.value),
        EventKind::Wall => write!(s, "牌山（第{}張起）", e.value),
    };
    if lang == Lang::Simplified {
        simplified(&s)
    } else {
        s
    }
}

/// [`event_text`] with the default context (seats by number, tiles in words).
pub fn event_line(e: &Event, lang: Lang) -> String {
    event_text(e, &NameContext::default(), lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_name_every_style_and_language() {
        let t = |code, style, lang| tile_name(code, style, lang).unwrap();
        assert_eq!(t(4, TileStyle::Notation, Lang::Simplified), "5m");
        assert_eq!(t(13, TileStyle::Words, Lang::English), "Five of Dots");
        assert_eq!(t(22, TileStyle::Words, Lang::Traditional), "五條");
        assert_eq!(t(22, TileStyle::Words, Lang::Simplified), "五条");
        assert_eq!(t(4, TileStyle::Words, Lang::Simplified), "五万");
        assert_eq!(t(32, TileStyle::Words, Lang::Simplified), "青发");
        assert_eq!(t(39, TileStyle::Words, Lang::Simplified), "兰");
        assert_eq!(t(27, TileStyle::Unicode, Lang::English), "🀀");
        assert_eq!(t(33, TileStyle::Unicode, Lang::English), "🀄");
        assert_eq!(t(0, TileStyle::Unicode, Lang::English), "🀇");
        assert_eq!(t(9, TileStyle::Unicode, Lang::English), "🀙");
        assert_eq!(t(18, TileStyle::Unicode, Lang::English), "🀐");
        assert_eq!(t(34, TileStyle::Unicode, Lang::English), "🀦");
        assert_eq!(t(38, TileStyle::Words, Lang::Traditional), "梅");
        assert_eq!(t(42, TileStyle::Notation, Lang::English), "0m");
        assert_eq!(t(43, TileStyle::Words, Lang::English), "Red Five of Dots");
        assert_eq!(t(44, TileStyle::Words, Lang::Traditional), "赤五條");
        assert_eq!(t(42, TileStyle::Words, Lang::Simplified), "赤五万");
        assert_eq!(
            tile_name(44, TileStyle::Unicode, Lang::English),
            tile_name(22, TileStyle::Unicode, Lang::English)
        );
        assert_eq!(tile_name(45, TileStyle::Notation, Lang::English), None);
        assert_eq!(
            tile_name(HIDDEN_TILE, TileStyle::Words, Lang::English),
            None
        );
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
    fn flower_wind_follows_the_rules() {
        let atawmj = Rules::taiwan16();
        let common = Rules::taiwan16_common();
        assert_eq!(
            flower_name(7, &atawmj, Lang::Traditional),
            Some(("菊".into(), 3))
        );
        // The common game's 菊 is West's, its 竹 North's.
        assert_eq!(flower_wind(7, &common), Some(2));
        assert_eq!(flower_wind(6, &common), Some(3));
        assert_eq!(flower_wind(6, &atawmj), Some(2));
        for f in 0..6 {
            assert_eq!(flower_wind(f, &common), Some(f % 4));
        }
        assert_eq!(flower_wind(7, &Rules::thirteen()), Some(3));
        assert_eq!(
            flower_name(5, &atawmj, Lang::Simplified),
            Some(("兰".into(), 1))
        );
        assert_eq!(flower_name(8, &atawmj, Lang::English), None);
    }

    #[test]
    fn seats_by_number_relative_and_wind() {
        let ctx = |reader, seats| NameContext {
            reader,
            dealer: 1,
            seats,
            tiles: TileStyle::Words,
        };
        let me = ctx(Reader::Seat(0), SeatStyle::Relative);
        let names: Vec<String> = (0..4)
            .map(|s| seat_name(s, &me, Lang::Traditional).unwrap())
            .collect();
        assert_eq!(names, ["你", "下家", "對家", "上家"]);
        assert_eq!(seat_name(2, &me, Lang::Simplified).unwrap(), "对家");
        assert_eq!(seat_name(3, &me, Lang::English).unwrap(), "Left");
        let wind = ctx(Reader::Spectator, SeatStyle::Relative);
        assert_eq!(seat_name(1, &wind, Lang::Traditional).unwrap(), "東家");
        assert_eq!(seat_name(0, &wind, Lang::Simplified).unwrap(), "北家");
        let number = ctx(Reader::Observer, SeatStyle::Number);
        assert_eq!(seat_name(2, &number, Lang::Simplified).unwrap(), "2号位");
        assert_eq!(seat_name(4, &number, Lang::English), None);
    }

    #[test]
    fn rounds_from_the_first_dealer() {
        assert_eq!(round_name(0, 2, 2, Lang::Traditional).unwrap(), "東風東局");
        assert_eq!(round_name(1, 3, 2, Lang::Simplified).unwrap(), "南风南局");
        assert_eq!(round_name(3, 1, 2, Lang::English).unwrap(), "North 4");
        assert_eq!(round_name(4, 0, 0, Lang::English), None);
    }

    #[test]
    fn event_text_names_relative_seats_and_conjugates() {
        let discard = Event {
            seat: 1,
            tile: 13,
            flags: flags::DRAWN,
            ..Event::new(EventKind::Discard)
        };
        let mine = NameContext {
            reader: Reader::Seat(1),
            seats: SeatStyle::Relative,
            ..NameContext::default()
        };
        assert_eq!(
            event_text(&discard, &mine, Lang::English),
            "you discard Five of Dots (just drawn)"
        );
        assert_eq!(event_line(&discard, Lang::Traditional), "1號位摸打 五筒");
        let left = NameContext {
            reader: Reader::Seat(2),
            ..mine
        };
        assert_eq!(
            event_text(&discard, &left, Lang::Simplified),
            "上家摸打 五筒"
        );
        let win = Event {
            seat: 1,
            from: 0,
            tile: 7,
            value: 3,
            ..Event::new(EventKind::Win)
        }
        .with_tiles(&[7, 7]);
        assert_eq!(
            event_text(&win, &mine, Lang::English),
            "you win on Left's Eight of Characters: Eight of Characters, Eight of Characters (3 tai)"
        );
        assert_eq!(
            event_text(&win, &left, Lang::Traditional),
            "上家胡對家的八萬：八萬 八萬（3台）"
        );
        let start = Event {
            seat: 1,
            from: 1,
            tile: 0,
            value: 4,
            counters: [2, 0, 0, 0],
            ..Event::new(EventKind::HandStart)
        };
        assert_eq!(
            event_line(&start, Lang::Simplified),
            "东风东局 第4局，1号位做庄，连2"
        );
        assert_eq!(
            event_line(&start, Lang::English),
            "East 1: hand 4, seat 1 deals (2 in a row)"
        );
    }
}
