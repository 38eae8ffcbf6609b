//! Godot 4 GDExtension for mjkit: registers the `MjKit` class, whose static methods give GDScript
//! shanten, win checks, waits, tile efficiency, Chinese Official (MCR) and riichi scoring, and the
//! `MjTable` class: a 4-player table (deal, views, legal actions, apply, result) with mjkit's bots.
//!
//! ```gdscript
//! var hand := "123m456p789s1122z9p"
//! print(MjKit.shanten(hand))                    # 0
//! print(MjKit.waits("123m456p789s1122z"))       # [27, 28]: 1z, 2z
//! for d in MjKit.best_discards(hand, MjKit.FORMS_RIICHI, null):  # [{tile: 17, shanten: 0, ...}]
//!     print(MjKit.tile_name(d.tile))            # 9p
//! ```
//!
//! Hands are a notation `String` (`"123m456p789s11z"`) or a `PackedByteArray` of 34 counts (an
//! `Array` of 34 ints is accepted too). On bad input a method reports the cause through Godot's
//! error mechanism (`godot_error!`: the Output panel and the debugger's Errors tab) and returns
//! its documented sentinel: `-2` for `shanten`, `-1` for `tile_index`, `false` for `is_win`, an
//! empty array, Dictionary or String otherwise. `MjKit.validate(hand)` checks a hand without
//! reporting anything.
//!
//! The `MjTable` class runs mjkit's table engine (Taiwanese 16-tile or 13-tile mahjong) as a
//! referee and its bots as NPCs:
//!
//! ```gdscript
//! var table := MjTable.create({"variant": "taiwan16"}, 42)
//! while table.phase() != "over":
//!     for seat in 4:
//!         if table.pending() & (1 << seat):
//!             table.apply(seat, table.decide(seat, "mjkit"))   # or a player's legal_actions()
//! print(table.result())   # e.g. {end: "discard", winners: [3], discarder: 0, tile: 2, ...}
//! ```
//!
//! Riichi scoring: `MjKit.riichi_score(hand, options)` (see [`riichi_convert`]) and
//! `MjKit.riichi_yaku_info(id)`.
//!
//! Every argument check and conversion lives in [`convert`], [`riichi_convert`] and
//! [`table_convert`], on plain Rust values, with unit tests; the methods here only move values
//! between Godot types and those modules.

mod client;
pub mod convert;
mod mjai;
mod values;

pub use client::MjClient;
use values::{dict_list, ints, out_array, out_dict, report, text_of, value};

use convert::{ToOut, Value, dicts};
use godot::prelude::*;
use mjkit::table::Table;
use mjkit::table::record::Recorder;

struct MjKitExtension;

#[gdextension]
// SAFETY: the one ExtensionLibrary of this library; it registers only the classes below.
unsafe impl ExtensionLibrary for MjKitExtension {
    fn on_stage_init(stage: InitStage) {
        if stage == InitStage::Scene {
            // Build the lookup tables while the engine loads, not on the first call in a frame.
            mjkit::init();
        }
    }
}

/// mjkit for GDScript: every method is static (`MjKit.shanten(hand)`).
///
/// A hand is a notation `String` or a `PackedByteArray` of 34 counts (index: 0-8 = 1m-9m,
/// 9-17 = 1p-9p, 18-26 = 1s-9s, 27-33 = East South West North White Green Red). Tile lists are
/// `PackedInt32Array`s of kinds. Bad input is reported with `godot_error!` and the method
/// returns its sentinel (see each method).
#[derive(GodotClass)]
#[class(base = RefCounted, init)]
pub struct MjKit {}

/// The default `forms` of `shanten`, `is_win` and `waits`.
const FORMS_RIICHI: i64 = mjkit::Forms::RIICHI.bits() as i64;

#[godot_api]
impl MjKit {
    /// Number of tile kinds: the length of a counts array.
    #[constant]
    const TILE_KINDS: i64 = mjkit::TILE_KINDS as i64;
    /// Form bit: n melds and a pair.
    #[constant]
    const FORM_REGULAR: i64 = mjkit::Forms::REGULAR.bits() as i64;
    /// Form bit: seven distinct pairs (riichi).
    #[constant]
    const FORM_SEVEN_PAIRS: i64 = mjkit::Forms::SEVEN_PAIRS.bits() as i64;
    /// Form bit: thirteen orphans.
    #[constant]
    const FORM_THIRTEEN_ORPHANS: i64 = mjkit::Forms::THIRTEEN_ORPHANS.bits() as i64;
    /// Form bit: seven pairs where a four of a kind counts as two pairs (MCR).
    #[constant]
    const FORM_SEVEN_PAIRS_QUADS: i64 = mjkit::Forms::SEVEN_PAIRS_QUADS.bits() as i64;
    /// Form bit: 全不靠 / 七星不靠 (MCR).
    #[constant]
    const FORM_HONORS_AND_KNITTED: i64 = mjkit::Forms::HONORS_AND_KNITTED.bits() as i64;
    /// Form bit: 组合龙 (MCR).
    #[constant]
    const FORM_KNITTED_STRAIGHT: i64 = mjkit::Forms::KNITTED_STRAIGHT.bits() as i64;
    /// Modifier bit, not a form: three-player (sanma) tiles, no 2m-8m held or drawn; with the
    /// riichi forms only (`FORMS_RIICHI | FORM_THREE_PLAYER`).
    #[constant]
    const FORM_THREE_PLAYER: i64 = mjkit::Forms::THREE_PLAYER.bits() as i64;
    /// Riichi forms: regular, seven pairs, thirteen orphans (the default `forms` of `shanten`,
    /// `is_win` and `waits`).
    #[constant]
    const FORMS_RIICHI: i64 = FORMS_RIICHI;
    /// Chinese Official forms: regular, thirteen orphans, seven pairs with quads, the knitted forms.
    #[constant]
    const FORMS_MCR: i64 = mjkit::Forms::MCR.bits() as i64;
    /// Win flag for `mcr_score`: self-drawn.
    #[constant]
    const WIN_SELF_DRAWN: i64 = mjkit::mcr::WIN_SELF_DRAWN as i64;
    /// Win flag for `mcr_score`: the last copy of the winning tile.
    #[constant]
    const WIN_LAST_COPY: i64 = mjkit::mcr::WIN_LAST_COPY as i64;
    /// Win flag for `mcr_score`: out on a kong replacement, or robbing a kong.
    #[constant]
    const WIN_KONG: i64 = mjkit::mcr::WIN_KONG as i64;
    /// Win flag for `mcr_score`: the last tile of the wall.
    #[constant]
    const WIN_WALL_LAST: i64 = mjkit::mcr::WIN_WALL_LAST as i64;
    /// What `shanten` returns on bad input (-1 is a complete hand, 0 ready).
    #[constant]
    const SHANTEN_ERROR: i64 = -2;

    /// The mjkit version, e.g. `"0.2.0"`.
    #[func]
    fn version() -> GString {
        mjkit::VERSION.into()
    }

    /// `""` when `hand` is a valid hand of at most 17 tiles, else the reason; reports nothing.
    #[func]
    fn validate(hand: Variant) -> GString {
        match convert::hand::validate(&value(&hand)) {
            Ok(_) => GString::new(),
            Err(f) => f.0.as_str().into(),
        }
    }

    /// The 34 counts of notation text; empty on error.
    #[func]
    fn parse(text: GString) -> PackedByteArray {
        report(
            convert::hand::parse(&text.to_string()).map(|c| PackedByteArray::from(&c[..])),
            PackedByteArray::new,
        )
    }

    /// Canonical notation of a hand (notation or counts); `""` on error (and for no tiles).
    #[func]
    fn format(hand: Variant) -> GString {
        report(
            convert::hand::format(&value(&hand)).map(|s| s.as_str().into()),
            GString::new,
        )
    }

    /// Shanten number under `forms` (-1 complete, 0 ready); `SHANTEN_ERROR` (-2) on error.
    #[func]
    fn shanten(hand: Variant, #[opt(default = FORMS_RIICHI)] forms: i64) -> i64 {
        report(
            convert::hand::shanten(&value(&hand), forms).map(i64::from),
            || Self::SHANTEN_ERROR,
        )
    }

    /// Whether a 3n+2 hand is complete in one of `forms`; `false` on error.
    #[func]
    fn is_win(hand: Variant, #[opt(default = FORMS_RIICHI)] forms: i64) -> bool {
        report(convert::hand::is_win(&value(&hand), forms), || false)
    }

    /// The kinds that complete a 3n+1 hand, ascending; empty when it has none and on error.
    #[func]
    fn waits(hand: Variant, #[opt(default = FORMS_RIICHI)] forms: i64) -> PackedInt32Array {
        report(
            convert::hand::waits(&value(&hand), forms).map(|w| ints(&w)),
            PackedInt32Array::new,
        )
    }

    /// Shanten of every hand of `hands` (an Array of hands) in one call, for loops over many
    /// hands; a hand that cannot be analysed is reported and gets `SHANTEN_ERROR` (-2). A bad
    /// `forms` is reported once and gives an empty array.
    #[func]
    fn shanten_batch(
        hands: VarArray,
        #[opt(default = FORMS_RIICHI)] forms: i64,
    ) -> PackedInt32Array {
        let vals: Vec<Value> = hands.iter_shared().map(|v| value(&v)).collect();
        report(
            convert::hand::shanten_batch(&vals, forms).map(|rs| {
                let out: Vec<i32> = rs
                    .into_iter()
                    .map(|r| report(r, || Self::SHANTEN_ERROR as i32))
                    .collect();
                ints(&out)
            }),
            PackedInt32Array::new,
        )
    }

    /// Win check of every hand of `hands` in one call; a bad hand is reported and gives
    /// `false`. A bad `forms` is reported once and gives an empty array.
    #[func]
    fn is_win_batch(hands: VarArray, #[opt(default = FORMS_RIICHI)] forms: i64) -> VarArray {
        let vals: Vec<Value> = hands.iter_shared().map(|v| value(&v)).collect();
        report(
            convert::hand::is_win_batch(&vals, forms).map(|rs| {
                rs.into_iter()
                    .map(|r| report(r, || false).to_variant())
                    .collect::<VarArray>()
            }),
            VarArray::new,
        )
    }

    /// Waits of every hand of `hands` in one call (an Array of `PackedInt32Array`); a bad hand
    /// is reported and gives an empty array. A bad `forms` is reported once and gives `[]`.
    #[func]
    fn waits_batch(hands: VarArray, #[opt(default = FORMS_RIICHI)] forms: i64) -> VarArray {
        let vals: Vec<Value> = hands.iter_shared().map(|v| value(&v)).collect();
        report(
            convert::hand::waits_batch(&vals, forms).map(|rs| {
                rs.into_iter()
                    .map(|r| ints(&report(r, Vec::new)).to_variant())
                    .collect::<VarArray>()
            }),
            VarArray::new,
        )
    }

    /// Tile acceptance of a 3n+1 hand: `{shanten, tiles, counts, total}` (`counts[i]` unseen
    /// copies of `tiles[i]`). `visible`: the tiles seen outside the hand as 34 counts or
    /// notation, or `null`. Empty Dictionary on error.
    #[func]
    fn ukeire(hand: Variant, forms: i64, visible: Variant) -> VarDictionary {
        report(
            convert::hand::ukeire(&value(&hand), forms, &value(&visible))
                .map(|u| out_dict(&u.to_out())),
            VarDictionary::new,
        )
    }

    /// Every distinct discard of a 3n+2 hand by kind: `{tile, shanten, ukeire, ukeire_count}`;
    /// `visible` as for `ukeire`. Empty on error.
    #[func]
    fn discards(hand: Variant, forms: i64, visible: Variant) -> Array<VarDictionary> {
        report(
            convert::hand::discards(&value(&hand), forms, &value(&visible))
                .map(|l| out_array(&dicts(&l))),
            Array::new,
        )
    }

    /// The discards with the lowest shanten and, among them, the most unseen accepted tiles,
    /// as `discards` gives them. Empty on error.
    #[func]
    fn best_discards(hand: Variant, forms: i64, visible: Variant) -> Array<VarDictionary> {
        report(
            convert::hand::best_discards(&value(&hand), forms, &value(&visible))
                .map(|l| out_array(&dicts(&l))),
            Array::new,
        )
    }

    /// Chinese Official score of a winning hand: `{total, base, qualifies, fans}`, `fans` an
    /// Array of `{id, count, points, name_zh, name_en}`. `hand`: concealed tiles including
    /// `win_tile` (a kind or one tile's notation). `options` (every key optional): `melds`
    /// (Array of `{kind: "chow"|"pung"|"kong"|"concealed_kong", tile, claimed}`), `flags`
    /// (`WIN_*` bits), `seat_wind`, `prevalent_wind` (0-3), `flowers` (0-8); `{}` for none.
    /// Empty on error.
    #[func]
    fn mcr_score(hand: Variant, win_tile: Variant, options: VarDictionary) -> VarDictionary {
        let options = value(&options.to_variant());
        report(
            convert::mcr::mcr_score(&value(&hand), &value(&win_tile), &options)
                .map(|s| out_dict(&s.to_out())),
            VarDictionary::new,
        )
    }

    /// Points and names of MCR fan `id` (1-82): `{id, count: 1, points, name_zh, name_en}`.
    /// Empty on error.
    #[func]
    fn fan_info(id: i64) -> VarDictionary {
        report(
            convert::mcr::fan_info(id).map(|f| out_dict(&f.to_out())),
            VarDictionary::new,
        )
    }

    /// Riichi score of a winning hand: `{han, fu, yaku, fu_parts, limit, yakuman_multiple, main,
    /// additional, main_bonus, additional_bonus, sticks_bonus, total}`; `yaku` an Array of
    /// `{id, name_en, name_ja, han}`, `fu_parts` of `{reason, fu}`, `limit` a name (`"none"`,
    /// `"mangan"`, ..., `"yakuman"`). `hand`: concealed tiles including the winning tile
    /// (notation, `0m`/`0p`/`0s` red fives, or 34 counts). `options`: `win_tile` (required, a
    /// kind or one tile's notation), `melds` (Array of `{kind: "chi"|"pon"|"open_kan"|
    /// "added_kan"|"closed_kan", tile, claimed}`), `conditions` (Array of names such as
    /// `"tsumo"`, `"riichi"`, or an int bitmask), `seat_wind`, `round_wind` (0-3), `dora`, `ura`
    /// (Arrays of indicator tiles), `red_fives` (`[m, p, s]`), `honba`, `riichi_sticks`, `kita`,
    /// `paarenchan`, `rules` (a preset name or a Dictionary of switches). Empty on error.
    #[func]
    fn riichi_score(hand: Variant, options: VarDictionary) -> VarDictionary {
        let options = value(&options.to_variant());
        report(
            convert::riichi::riichi_score(&value(&hand), &options).map(|o| out_dict(&o)),
            VarDictionary::new,
        )
    }

    /// One MJAI line (a bot's response, a line of a log) as a Dictionary with the MJAI keys of
    /// the event: `type` first, seats 0-3, tiles as table tile codes (0-33, the red fives 42 5mr,
    /// 43 5pr, 44 5sr, 254 for `?`), `bakaze` a wind 0-3. The reader is strict (docs/mjai.md).
    /// `{}` on error.
    #[func]
    fn mjai_parse(line: GString) -> VarDictionary {
        report(
            convert::mjai::mjai_parse(&line.to_string()).map(|o| out_dict(&o)),
            VarDictionary::new,
        )
    }

    /// The MJAI line of an event Dictionary (as `mjai_parse` gives it); it must describe a
    /// valid event. `""` on error.
    #[func]
    fn mjai_format(event: VarDictionary) -> GString {
        report(
            convert::mjai::mjai_format(&value(&event.to_variant())).map(|s| s.as_str().into()),
            GString::new,
        )
    }

    /// Names and han of riichi yaku `id` (1-65): `{id, name_en, name_ja, name_zh, han_closed,
    /// han_open, yakuman}`. Empty on error.
    #[func]
    fn riichi_yaku_info(id: i64) -> VarDictionary {
        report(
            convert::riichi::riichi_yaku_info(id).map(|o| out_dict(&o)),
            VarDictionary::new,
        )
    }

    /// Discard analysis of a riichi hand (13 or 14 concealed tiles: notation with `0m`/`0p`/`0s`
    /// red fives, or 34 counts): `{shanten, wall, nodes, extra, entries}`, `entries` an Array of
    /// `{tile (kind, -1 for a 13-tile hand), tile_name, red, riichi, shanten, ukeire, tenpai,
    /// win, score}` (probabilities of being ready and of winning within the draws left, expected
    /// points). `options`: `visible` (tiles seen outside the hand and own melds: notation or 34
    /// counts; the dora indicators are added to it), `visible_red` and `meld_red_fives` (`[m,
    /// p, s]`), `melds`, `seat_wind`, `round_wind`, `dora`, `riichi` (bool), `honba`,
    /// `riichi_sticks`, `draws` (default 17), `extra` (1), `model` (`"mjkit"` or
    /// `"mahjong_cpp"`), `tegawari`, `shanten_down`, `ura` (bools, default true), `max_nodes`,
    /// `rules` (as for `riichi_score`). Empty on error.
    #[func]
    fn riichi_ev(hand: Variant, options: VarDictionary) -> VarDictionary {
        let options = value(&options.to_variant());
        report(
            convert::riichi_ev::riichi_ev(&value(&hand), &options).map(|o| out_dict(&o)),
            VarDictionary::new,
        )
    }

    /// Taiwanese tai score of a win: `{total, hand_tai, dealer_tai, winner_tai, qualifies,
    /// patterns, payments}`; `patterns` an Array of `{id, name_zh, name_en, tai, dealer}` (the
    /// patterns that count, by id, named as the rules count them), `payments` what seats 0-3
    /// receive (+) or pay (-). `hand`: concealed tiles including the winning tile (notation or
    /// 34 counts). `options`: `win_tile` (required but for a flower win), `melds` (up to 5 of
    /// `{kind: "chow"|"pung"|"kong"|"added_kong"|"concealed_kong", tile, claimed}`, `claimed`
    /// the seat relative to the winner: 1 before, 2 opposite, 3 after; a chow's the tile taken),
    /// `flowers` (Array of 1-8), `how` (`"self_drawn"`, `"discard"`, `"robbing_kong"`,
    /// `"eight_flowers"`, `"seven_rob_one"`), `from`, `winner`, `dealer` (0-3), `seat_wind`
    /// (0-3, when the wall was opened elsewhere than at the dealer), `consecutive_deals`,
    /// `prevalent_wind`, the bools `replacement`, `after_exposed_kong`, `last_tile`,
    /// `first_turn`, `first_go_around`, `ready_from_first_discard`, `ready_from_deal`, `rules`
    /// (`"atawmj"`, `"common"` or a Dictionary). Empty on error.
    #[func]
    fn tai_score(hand: Variant, options: VarDictionary) -> VarDictionary {
        let options = value(&options.to_variant());
        report(
            convert::tai::tai_score(&value(&hand), &options).map(|o| out_dict(&o)),
            VarDictionary::new,
        )
    }

    /// Names and values of tai pattern `id` (1-38) under the ATAWMJ preset: `{id, name_zh,
    /// name_en, value, atawmj, common, dealer}` (`tai_pattern_info_with` for other rules).
    /// Empty on error.
    #[func]
    fn tai_pattern_info(id: i64) -> VarDictionary {
        report(
            convert::tai::tai_pattern_info(id, &convert::Value::Nil).map(|o| out_dict(&o)),
            VarDictionary::new,
        )
    }

    /// Names and values of tai pattern `id` (1-38) under `rules` (a preset name or a rules
    /// Dictionary as for `tai_score`): `{id, name_zh, name_en, value, atawmj, common, dealer}`,
    /// named as the rules count the pattern (id 6: 不求 where it counts beside 門清 and 自摸,
    /// 門清自摸 where it replaces them). Empty on error.
    #[func]
    fn tai_pattern_info_with(id: i64, rules: Variant) -> VarDictionary {
        report(
            convert::tai::tai_pattern_info(id, &value(&rules)).map(|o| out_dict(&o)),
            VarDictionary::new,
        )
    }

    /// The kind (0-33) of one tile's notation (`"5m"`, `"0p"`, `"E"`); -1 on error.
    #[func]
    fn tile_index(tile: GString) -> i64 {
        report(
            convert::hand::tile_index(&tile.to_string()).map(i64::from),
            || -1,
        )
    }

    /// The name of tile code `code` (0-33 tile kinds, 34-41 the flowers 春夏秋冬梅蘭竹菊) in
    /// `style`: `"notation"` (`5m`), `"words"` (Five of Characters, 五萬, 五万) or `"unicode"`
    /// (🀋), and `lang`: `"en"`, `"zh_Hant"` (Traditional Chinese) or `"zh_Hans"` (Simplified).
    /// `""` on error.
    #[func]
    fn tile_text(
        code: i64,
        #[opt(default = "words")] style: GString,
        #[opt(default = "en")] lang: GString,
    ) -> GString {
        text_of(convert::names::tile_text(
            code,
            &style.to_string(),
            &lang.to_string(),
        ))
    }

    /// Flower `f` (0-7: 春夏秋冬 then 梅蘭竹菊) in `lang` and the seat wind it belongs to under
    /// `rules` (the Dictionary of `MjTable.create`; under tai rules with `chrysanthemum_west`,
    /// the common game's, 菊 is West's and 竹 North's): `{name, wind}` (wind 0-3, East = the
    /// dealer). `{}` on error.
    #[func]
    fn flower_name(
        f: i64,
        rules: VarDictionary,
        #[opt(default = "en")] lang: GString,
    ) -> VarDictionary {
        report(
            convert::names::flower_name(f, &value(&rules.to_variant()), &lang.to_string())
                .map(|o| out_dict(&o)),
            VarDictionary::new,
        )
    }

    /// The name of wind `w` (0-3) in `lang`. `""` on error.
    #[func]
    fn wind_name(w: i64, #[opt(default = "en")] lang: GString) -> GString {
        text_of(convert::names::wind_name(w, &lang.to_string()))
    }

    /// The name of `seat` (0-3) as `context` names seats: `{reader, dealer, seats, tiles}`,
    /// every key optional (`{}`: the observer, seats by number, "seat 2"); `seats`
    /// `"relative"` names them from `reader`'s seat (you, 下家, 對家, 上家), `"wind"` by seat
    /// wind with `dealer` East (東家). `""` on error.
    #[func]
    fn seat_name(
        seat: i64,
        context: VarDictionary,
        #[opt(default = "en")] lang: GString,
    ) -> GString {
        text_of(convert::names::seat_name(
            seat,
            &value(&context.to_variant()),
            &lang.to_string(),
        ))
    }

    /// The round of a hand ("East 1", 東風東局) from a view's `prevalent_wind`, `dealer` and
    /// `first_dealer`. `""` on error.
    #[func]
    fn round_name(
        prevalent_wind: i64,
        dealer: i64,
        first_dealer: i64,
        #[opt(default = "en")] lang: GString,
    ) -> GString {
        text_of(convert::names::round_name(
            prevalent_wind,
            dealer,
            first_dealer,
            &lang.to_string(),
        ))
    }

    /// The name of an action kind (`"chow"`, as `MjTable.legal_actions` names it) in `lang`
    /// (吃). `""` on error.
    #[func]
    fn action_name(kind: GString, #[opt(default = "en")] lang: GString) -> GString {
        text_of(convert::names::action_name(
            &kind.to_string(),
            &lang.to_string(),
        ))
    }

    /// The name of a meld kind (`"concealed_kong"`, as events name it) in `lang` (暗槓).
    /// `""` on error.
    #[func]
    fn meld_name(kind: GString, #[opt(default = "en")] lang: GString) -> GString {
        text_of(convert::names::meld_name(
            &kind.to_string(),
            &lang.to_string(),
        ))
    }

    /// Why a claim lost or a payment was made (`"dealt_in"`, as events name it) in `lang`
    /// (放槍). `""` on error.
    #[func]
    fn reason_name(reason: GString, #[opt(default = "en")] lang: GString) -> GString {
        text_of(convert::names::reason_name(
            &reason.to_string(),
            &lang.to_string(),
        ))
    }

    /// The name of tai pattern `id` (1-38, as `tai_pattern_info`) in `lang`. `""` on error.
    #[func]
    fn tai_pattern_name(id: i64, #[opt(default = "en")] lang: GString) -> GString {
        text_of(convert::names::tai_pattern_name(id, &lang.to_string()))
    }

    /// One line of text for an event Dictionary (of `MjTable.events`) as `context` names seats
    /// and tiles (as `seat_name`; `{"reader": 1, "seats": "relative"}` gives "you discard ...",
    /// 下家打出 ...). `""` on error.
    #[func]
    fn event_text(
        event: VarDictionary,
        context: VarDictionary,
        #[opt(default = "en")] lang: GString,
    ) -> GString {
        text_of(convert::names::event_text(
            &value(&event.to_variant()),
            &value(&context.to_variant()),
            &lang.to_string(),
        ))
    }

    /// The notation of kind 0-33 (`"5m"`, `"1z"`); `""` on error.
    #[func]
    fn tile_name(kind: i64) -> GString {
        report(
            convert::hand::tile_name(kind).map(|s| s.as_str().into()),
            GString::new,
        )
    }
}

/// A mahjong table for GDScript: the Taiwanese 16-tile (or 13-tile) table engine of mjkit as a
/// referee, and its bots as NPCs.
///
/// Create it with `MjTable.create(rules, seed)` (`MjTable.new()` is Taiwanese 16-tile rules with
/// seed 0); hand 0 is dealt at once. Loop: `pending()` says which seats must decide (bit s =
/// seat s), `view(seat)` shows a seat what it may see, `legal_actions(seat)` lists its choices
/// as `{kind, tile}` Dictionaries, `apply(seat, action)` plays one, or `decide(seat, bot)` asks
/// a bot; `result()` once `phase()` is `"over"`, then `next_hand()`. Tiles are kinds 0-33
/// (`MjKit.tile_name`); "no tile" and "no seat" are -1. Bad arguments and illegal actions are
/// reported through `godot_error!` and the method returns its sentinel (`false`, `{}`, `[]`);
/// an illegal action changes nothing.
///
/// Events: `set_event_reader(reader)` makes the table emit the signal `event(ev)` for every
/// event of its log as that reader may know it (a seat 0-3, or 4 the observer), from the
/// current hand's start on and then after every change (`apply`, `deal`, `next_hand`,
/// `set_score`), so a scene reacts to what happened instead of polling; `events(reader, from)`
/// reads them on demand. `save()` / `MjTable.load(bytes)` snapshot and restore the table (undo
/// is loading an earlier snapshot), `record()` / `MjTable.from_record(text)` write and replay a
/// JSON Lines record, `MjTable.create_match(rules, match, seed)` plays a match to its end
/// (`match_state()`, `match_result()`, `set_score(seat, score)`).
#[derive(GodotClass)]
#[class(base = RefCounted, init)]
pub struct MjTable {
    #[init(val = convert::table::default_table())]
    table: Table,
    #[init(val = Recorder::new(&convert::table::default_table()))]
    record: Recorder,
    /// The reader whose events are emitted (-1: none).
    #[init(val = -1)]
    reader: i64,
    /// The index of the next event to emit.
    next_emit: u64,
    base: Base<RefCounted>,
}

#[godot_api]
impl MjTable {
    /// `pending()` bit of seat 0 (seat s is `1 << s`).
    #[constant]
    const SEAT_0: i64 = 1;
    /// `pending()` bit of seat 1.
    #[constant]
    const SEAT_1: i64 = 2;
    /// `pending()` bit of seat 2.
    #[constant]
    const SEAT_2: i64 = 4;
    /// `pending()` bit of seat 3.
    #[constant]
    const SEAT_3: i64 = 8;

    /// A table with `rules` (`{variant: "taiwan16" | "13", dead_wall: 0-60, multi_win: bool,
    /// rob_kong: bool}`, every key optional; `{}` for Taiwanese 16-tile rules) and `seed` (the
    /// same seed and actions replay the same hands on every platform). Hand 0 is dealt with
    /// seat 0 as dealer and East as prevalent wind. `null` on error.
    #[func]
    fn create(rules: VarDictionary, seed: i64) -> Option<Gd<MjTable>> {
        let rules = value(&rules.to_variant());
        match convert::table::create(&rules, seed) {
            Ok(table) => Some(MjTable::wrap(table, None)),
            Err(f) => {
                godot_error!("{}", f);
                None
            }
        }
    }

    /// Deals hand `hand_index` with `dealer` (0-3) and prevalent `wind` (0-3: East South West
    /// North), whatever the state of the current hand; scores are kept. `false` on error.
    #[func]
    fn deal(&mut self, hand_index: i64, dealer: i64, wind: i64) -> bool {
        convert::backend::keep_record(&mut self.record, &self.table);
        let ok = report(
            convert::table::deal(&mut self.table, hand_index, dealer, wind).map(|()| true),
            || false,
        );
        self.emit_events();
        ok
    }

    /// Deals hand `hand_index` from `wall` (every tile code of the variant's set in the order the
    /// table uses them: red fives are 42-44; docs/backend.md "Walls") with `dealer` and `wind`.
    /// The wall is logged for the observer, so records and snapshots replay on it. `false` on
    /// error (a wall that is not the set, a seat or wind out of range); nothing changes then.
    #[func]
    fn deal_wall(
        &mut self,
        hand_index: i64,
        dealer: i64,
        wind: i64,
        wall: PackedByteArray,
    ) -> bool {
        let wall = wall.to_vec();
        convert::backend::keep_record(&mut self.record, &self.table);
        let ok = report(
            convert::table::deal_wall(&mut self.table, hand_index, dealer, wind, &wall)
                .map(|()| true),
            || false,
        );
        self.emit_events();
        ok
    }

    /// Deals the next hand once this one is over (the dealer keeps the deal after a win or a
    /// draw, else it passes on). `false` on error (the hand is not over).
    #[func]
    fn next_hand(&mut self) -> bool {
        convert::backend::keep_record(&mut self.record, &self.table);
        let ok = report(
            convert::table::next_hand(&mut self.table).map(|()| true),
            || false,
        );
        self.emit_events();
        ok
    }

    /// Bit s set: the table waits for a decision of seat s (`SEAT_0`..`SEAT_3`); 0 when over.
    /// The referee's: a server never sends it to a seat (a seat's view shows its own bit).
    #[func]
    fn pending(&self) -> i64 {
        self.table.pending().into()
    }

    /// `"turn"` (the actor discards, konges or wins), `"claim"` (seats may claim the offered
    /// tile or pass) or `"over"`.
    #[func]
    fn phase(&self) -> GString {
        convert::table::phase_name(self.table.phase()).into()
    }

    /// What `reader` may see (a seat 0-3, or `READER_SPECTATOR`: public information only):
    /// `{seat, dealer, prevalent_wind, first_dealer, hand_index, phase, actor, pending, hand (34
    /// counts), hand_text, drawn, offered, offer, melds, flowers, concealed_counts, discards,
    /// wall_left, scores, consecutive, pass_locked, rules}` (see the README); `pending` holds
    /// the seat's own bit only, `seat` is -1 in the spectator's view. `{}` on error.
    #[func]
    fn view(&self, reader: i64) -> VarDictionary {
        report(
            convert::table::view(&self.table, reader).map(|o| out_dict(&o)),
            VarDictionary::new,
        )
    }

    /// The actions `seat` may take now, as `{kind, tile}` Dictionaries (`kind`: "pass",
    /// "discard", "chow", "pung", "exposed_kong", "added_kong", "concealed_kong" or "win"; `tile`
    /// -1 for a pass). Empty when the table does not wait for `seat`, and on error.
    #[func]
    fn legal_actions(&self, seat: i64) -> Array<VarDictionary> {
        report(
            convert::table::legal_actions(&self.table, seat).map(|l| dict_list(&l)),
            Array::new,
        )
    }

    /// Plays `action` (`{kind, tile}`, `tile` a kind or one tile's notation) for `seat`. `false`
    /// on error (an illegal action is reported with the legal ones and changes nothing).
    #[func]
    fn apply(&mut self, seat: i64, action: VarDictionary) -> bool {
        let action = value(&action.to_variant());
        let ok = report(
            convert::table::apply(&mut self.table, seat, &action).map(|()| true),
            || false,
        );
        self.emit_events();
        ok
    }

    /// The result of the finished hand: `{end: "discard" | "self_draw" | "exhaustive_draw",
    /// winners, discarder, tile, robbed_kong, points, tenpai}`. `{}` on error (not over yet).
    #[func]
    fn result(&self) -> VarDictionary {
        report(
            convert::table::result(&self.table).map(|o| out_dict(&o)),
            VarDictionary::new,
        )
    }

    /// The decision of a bot for `seat`, from that seat's view alone: `bot` is "mjkit",
    /// "mjkit:L" (mjkit's bot at level L, 1 easy to 5, the full bot "mjkit"), "greedy" or
    /// "thesis:N" (the thesis bot at AttackLevel N, 1-99). Returns the action (as
    /// `legal_actions` gives it) without applying it. `{}` on error.
    #[func]
    fn decide(&self, seat: i64, bot: GString) -> VarDictionary {
        report(
            convert::table::decide(&self.table, seat, &bot.to_string())
                .map(|a| out_dict(&convert::table::action_out(&a))),
            VarDictionary::new,
        )
    }

    /// The action `apply_default` would play for `seat` now (its timer ran out): with `bot`
    /// ("mjkit", "greedy", "thesis:N"), that bot's choice from the seat's view; with `""`, a
    /// pass on an offer, else the discard of the tile just drawn (after a chow or pung, of the
    /// highest tile kind held). `{}` on error (the table does not wait for `seat`).
    #[func]
    fn default_action(&mut self, seat: i64, #[opt(default = "")] bot: GString) -> VarDictionary {
        report(
            convert::table::default_action(&mut self.table, seat, &bot.to_string(), false)
                .map(|a| out_dict(&convert::table::action_out(&a))),
            VarDictionary::new,
        )
    }

    /// A hint for a human player in `seat` from mjkit's bot `bot` ("mjkit" or "mjkit:L"), read
    /// from that seat's view alone: `{seat, phase, shanten, options, danger, ready, choice,
    /// choice_index, efficient_index, reason, reason_text, level, unit, variant, tai}`
    /// (`efficient_index`: on a turn the level's most efficient discard before danger and
    /// value, the option the choice was weighed against; -1 in a claim). `options` holds every
    /// legal action `{action, shanten, live, accepted, danger, win_chance, value}`, wins first,
    /// then by shanten, live tiles (most first) and danger; `accepted` are the kinds that lower
    /// the shanten number (the waits when `shanten` is 0); `danger` (per kind, 34 floats) the
    /// chance a discard deals in now; `ready` (per seat) the chance an opponent is ready;
    /// `reason` names the rule of the choice ("efficient", "defend", "claim", ...) and
    /// `reason_text` says it for a player; `value` is in `unit` ("tai": the tai of a win
    /// after the option; "none"); `tai` (`{deal_in_tai, deal_in_payment}` per seat) only with
    /// `variant` "tai". `{}` on error.
    #[func]
    fn hint(&self, seat: i64, bot: GString) -> VarDictionary {
        report(
            convert::hint::hint(&self.table, seat, &bot.to_string()).map(|o| out_dict(&o)),
            VarDictionary::new,
        )
    }

    /// Plays the default action for `seat`, whose timer ran out (see `default_action`), and
    /// returns it. `{}` on error (nothing changed).
    #[func]
    fn apply_default(&mut self, seat: i64, #[opt(default = "")] bot: GString) -> VarDictionary {
        let played = report(
            convert::table::default_action(&mut self.table, seat, &bot.to_string(), true)
                .map(|a| out_dict(&convert::table::action_out(&a))),
            VarDictionary::new,
        );
        self.emit_events();
        played
    }

    /// The tiles `seat` sees outside its own concealed hand, per kind (34 counts: the discards
    /// not claimed and every meld's tiles), the `visible` argument of `MjKit.ukeire` and
    /// `MjKit.discards`. Empty on error.
    #[func]
    fn visible(&self, seat: i64) -> PackedByteArray {
        report(
            convert::hint::visible(&self.table, seat).map(|v| PackedByteArray::from(&v[..])),
            PackedByteArray::new,
        )
    }

    /// Emitted for every event of the table's log, as the reader chosen with
    /// `set_event_reader` may know it (see `events` for the Dictionary).
    #[signal]
    fn event(ev: VarDictionary);

    /// Makes the table emit `event(ev)` for `reader` (0-3 a seat, 4 the observer, 5 the
    /// spectator, -1 none): at once for the current hand's events so far, then after every
    /// change. `false` on error.
    #[func]
    fn set_event_reader(&mut self, reader: i64) -> bool {
        if let (true, Err(f)) = (
            reader != -1,
            convert::backend::reader(convert::Call::TableSetEventReader, reader),
        ) {
            godot_error!("{}", f);
            return false;
        }
        self.reader = reader;
        self.next_emit = u32::try_from(reader)
            .ok()
            .and_then(mjkit::table::Reader::from_code)
            .map_or(0, |r| self.table.event_bounds(r).0);
        self.emit_events();
        true
    }

    /// The events of `reader`'s stream from index `from` on (0-3 a seat, 4 the observer, 5 the
    /// spectator; each reader numbers its own stream), as it may know them: `{index, kind,
    /// seat, from, tile, action, meld, reason, flags, tiles, value, seed, scores, counters,
    /// text}` (kinds, actions, melds, reasons and flags by their record names; seats and tiles
    /// -1 for none, `HIDDEN_TILE` for a tile the reader may not see; a hand start's `scores`
    /// and `counters` the match as it stands; `text` one line in English, seats by number:
    /// `MjKit.event_text` writes it for a reader, in Chinese). The current hand's events are complete; an index before it reads from its
    /// start. `[]` on error.
    #[func]
    fn events(&self, reader: i64, from: i64) -> Array<VarDictionary> {
        report(
            convert::backend::events(&self.table, reader, from).map(|l| dict_list(&l)),
            Array::new,
        )
    }

    /// The index `reader`'s next event will get (-1 on error).
    #[func]
    fn next_event_index(&self, reader: i64) -> i64 {
        report(
            convert::backend::next_event_index(&self.table, reader),
            || -1,
        )
    }

    /// The snapshot of the table (a versioned binary image); `MjTable.load` gives it back.
    #[func]
    fn save(&self) -> PackedByteArray {
        PackedByteArray::from(&self.table.save()[..])
    }

    /// The table of a snapshot from `save()`; `null` (and an error naming the cause) for a
    /// damaged image. Undo is loading an earlier snapshot.
    #[func]
    fn load(bytes: PackedByteArray) -> Option<Gd<MjTable>> {
        match convert::backend::load(bytes.as_slice()) {
            Ok(t) => Some(MjTable::wrap(t, None)),
            Err(f) => {
                godot_error!("{}", f);
                None
            }
        }
    }

    /// The record of the play since the table was created, loaded or read: JSON Lines, a
    /// header line and one line per event (docs/backend.md).
    #[func]
    fn record(&mut self) -> GString {
        convert::backend::record_text(&mut self.record, &self.table).into()
    }

    /// Puts `earlier`, the record of this table's play before its record begins (kept by the
    /// game before it saved the snapshot this table was loaded from), in front of the table's
    /// record. `false` (and an error naming the bad line; nothing changed) on error.
    #[func]
    fn continue_record(&mut self, earlier: GString) -> bool {
        report(
            convert::backend::continue_record(&mut self.record, &self.table, &earlier.to_string())
                .map(|()| true),
            || false,
        )
    }

    /// The table a record describes, every action re-applied through the referee; `null` (and
    /// an error naming the bad line) for a bad record.
    #[func]
    fn from_record(text: GString) -> Option<Gd<MjTable>> {
        match convert::backend::from_record(&text.to_string()) {
            Ok((t, r)) => Some(MjTable::wrap(t, Some(r))),
            Err(f) => {
                godot_error!("{}", f);
                None
            }
        }
    }

    /// A table that plays a match: `rules` as `create`, `match` = `{start_score, first_dealer
    /// (0-3), dealer_rule ("keep_on_win_or_draw", "keep_on_win", "keep_on_win_or_ready",
    /// "always_pass"), end ("never", "hands", "wind_rounds"), end_value}` (every key optional).
    /// `next_hand()` continues it until its end; then `match_result()`. `null` on error.
    #[func]
    fn create_match(
        rules: VarDictionary,
        match_rules: VarDictionary,
        seed: i64,
    ) -> Option<Gd<MjTable>> {
        let made = convert::table::rules(&value(&rules.to_variant())).and_then(|r| {
            let m = convert::backend::match_rules(&value(&match_rules.to_variant()))?;
            Table::with_match(r, m, seed as u64)
                .or_else(|e| convert::fail(convert::Call::TableCreateMatch, e))
        });
        match made {
            Ok(t) => Some(MjTable::wrap(t, None)),
            Err(f) => {
                godot_error!("{}", f);
                None
            }
        }
    }

    /// Sets a seat's score (a game restoring a session); logged as a `score_set` event.
    /// `false` on error.
    #[func]
    fn set_score(&mut self, seat: i64, score: i64) -> bool {
        let ok = report(
            convert::backend::set_score(&mut self.table, seat, score).map(|()| true),
            || false,
        );
        self.emit_events();
        ok
    }

    /// Where the match stands: `{scores, hands_played, consecutive, rounds, over}`.
    #[func]
    fn match_state(&self) -> VarDictionary {
        out_dict(&convert::backend::match_state_out(self.table.match_state()))
    }

    /// The final `{scores, ranks, hands_played}` of a finished match; `{}` (and an error)
    /// before its end.
    #[func]
    fn match_result(&self) -> VarDictionary {
        report(
            convert::backend::match_result(&self.table).map(|o| out_dict(&o)),
            VarDictionary::new,
        )
    }

    /// A tile the reader may not see, in event and view Dictionaries.
    #[constant]
    const HIDDEN_TILE: i64 = convert::backend::HIDDEN;
    /// The reader that sees everything (`events`, `set_event_reader`).
    #[constant]
    const READER_OBSERVER: i64 = 4;
    /// The reader that sees public information only (`view`, `events`, `MjClient`).
    #[constant]
    const READER_SPECTATOR: i64 = 5;
}

impl MjTable {
    /// A new object holding `table` (and its record, or one starting with its current hand).
    fn wrap(table: Table, record: Option<Recorder>) -> Gd<MjTable> {
        let record = record.unwrap_or_else(|| Recorder::new(&table));
        Gd::from_init_fn(|base| MjTable {
            table,
            record,
            reader: -1,
            next_emit: 0,
            base,
        })
    }

    /// Emits `event` for every event since the last emission, as the chosen reader sees it.
    fn emit_events(&mut self) {
        let Ok(reader) = u32::try_from(self.reader) else {
            return;
        };
        let Some(reader) = mjkit::table::Reader::from_code(reader) else {
            return;
        };
        let list: Vec<VarDictionary> = self
            .table
            .reader_events(reader, self.next_emit)
            .map(|e| out_dict(&convert::backend::event_out(&e)))
            .collect();
        self.next_emit = self.table.event_bounds(reader).1;
        for d in list {
            self.signals().event().emit(&d);
        }
    }
}
