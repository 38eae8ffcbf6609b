//! The names of `MjKit` on plain Rust values: tiles, flowers, winds, seats, rounds, actions,
//! meld kinds, reasons, tai patterns and event lines, in English, Traditional and Simplified
//! Chinese (`lang` `"en"`, `"zh_Hant"`, `"zh_Hans"`, Godot's locale codes).

use super::{Call, Out, Result, Value, dict_entries, fail, int_in};
use mjkit::table::Reader;
use mjkit::table::event::{MELD_KINDS, MELD_NAMES, REASON_NAMES, REASONS};
use mjkit::table::names::{self, Lang, NameContext, SeatStyle, TileStyle};

/// The languages by their `lang` argument.
pub const LANGS: [(&str, Lang); 3] = [
    ("en", Lang::English),
    ("zh_Hant", Lang::Traditional),
    ("zh_Hans", Lang::Simplified),
];

/// The tile styles by their `style` argument (and a context's `tiles`).
pub const TILE_STYLES: [(&str, TileStyle); 3] = [
    ("notation", TileStyle::Notation),
    ("words", TileStyle::Words),
    ("unicode", TileStyle::Unicode),
];

/// The seat styles by a context's `seats`.
pub const SEAT_STYLES: [(&str, SeatStyle); 3] = [
    ("number", SeatStyle::Number),
    ("relative", SeatStyle::Relative),
    ("wind", SeatStyle::Wind),
];

/// The keys of a name context Dictionary.
pub const CONTEXT_KEYS: [&str; 4] = ["reader", "dealer", "seats", "tiles"];

/// The entry of `list` named `name`, or a failure naming `what` and the known names.
fn named<T: Copy>(call: Call, list: &[(&str, T)], what: &str, name: &str) -> Result<T> {
    match list.iter().find(|(n, _)| *n == name) {
        Some((_, x)) => Ok(*x),
        None => fail(
            call,
            format_args!("{what} {name:?} is not one of {}", super::names(list)),
        ),
    }
}

fn lang(call: Call, l: &str) -> Result<Lang> {
    named(call, &LANGS, "language", l)
}

/// A name context Dictionary (every key optional; `{}` the default: the observer, dealer 0,
/// seats by number, tiles in words): `reader` (0-3 a seat, 4 the observer, 5 the spectator),
/// `dealer` (0-3), `seats` ([`SEAT_STYLES`]), `tiles` ([`TILE_STYLES`]).
pub fn context(call: Call, v: &Value) -> Result<NameContext> {
    let entries = dict_entries(call, v, "context")?;
    let mut c = NameContext::default();
    for (k, x) in entries {
        let text = || match x {
            Value::Text(t) => Ok(t.as_str()),
            other => fail(
                call,
                format_args!("{k} must be a String, not a {}", other.type_name()),
            ),
        };
        match k.as_str() {
            "reader" => {
                c.reader = match x {
                    Value::Int(r) => u32::try_from(*r).ok().and_then(Reader::from_code),
                    _ => None,
                }
                .map_or_else(
                    || {
                        fail(
                            call,
                            "reader must be a seat (0 to 3), 4 (the observer) or 5 (the spectator)",
                        )
                    },
                    Ok,
                )?;
            }
            "dealer" => c.dealer = int_in(call, x, "dealer", 3)?,
            "seats" => c.seats = named(call, &SEAT_STYLES, "seats", text()?)?,
            "tiles" => c.tiles = named(call, &TILE_STYLES, "tiles", text()?)?,
            other => {
                return fail(
                    call,
                    format_args!(
                        "unknown context key {other:?} (known: {})",
                        CONTEXT_KEYS.join(", ")
                    ),
                );
            }
        }
    }
    Ok(c)
}

/// A code 0..=`max` as a byte, or a failure naming `what`.
fn code(call: Call, what: &str, v: i64, max: u8) -> Result<u8> {
    match u8::try_from(v) {
        Ok(c) if c <= max => Ok(c),
        _ => fail(call, format_args!("{what} {v} is not 0 to {max}")),
    }
}

/// `MjKit.tile_text`: tile code 0-41 (34-41 flowers) in `style` ([`TILE_STYLES`]) and `lang`.
pub fn tile_text(c: i64, style: &str, l: &str) -> Result<String> {
    let call = Call::TileText;
    let style = named(call, &TILE_STYLES, "style", style)?;
    let lang = lang(call, l)?;
    let t = code(call, "tile", c, 41)?;
    Ok(names::tile_name(t, style, lang).expect("a tile code 0 to 41"))
}

/// `MjKit.flower_name`: flower 0-7 as `{name, wind}` (the seat wind it belongs to under
/// `rules`, the Dictionary of `MjTable.create`).
pub fn flower_name(f: i64, rules: &Value, l: &str) -> Result<Out> {
    let call = Call::FlowerName;
    let lang = lang(call, l)?;
    let rules = super::table::rules_in(call, rules)?;
    let f = code(call, "flower", f, 7)?;
    let (name, wind) = names::flower_name(f, &rules, lang).expect("a flower 0 to 7");
    Ok(Out::Map(vec![
        ("name", Out::Text(name)),
        ("wind", Out::Int(i64::from(wind))),
    ]))
}

/// `MjKit.wind_name`: wind 0-3.
pub fn wind_name(w: i64, l: &str) -> Result<String> {
    let call = Call::WindName;
    let lang = lang(call, l)?;
    let w = code(call, "wind", w, 3)?;
    Ok(names::wind_name(w, lang).expect("a wind 0 to 3"))
}

/// `MjKit.seat_name`: seat 0-3 as the context Dictionary names seats ([`context`]).
pub fn seat_name(seat: i64, ctx: &Value, l: &str) -> Result<String> {
    let call = Call::SeatName;
    let lang = lang(call, l)?;
    let ctx = context(call, ctx)?;
    let seat = code(call, "seat", seat, 3)?;
    Ok(names::seat_name(seat, &ctx, lang).expect("a seat and dealer 0 to 3"))
}

/// `MjKit.round_name`: the round of a hand (`"East 1"`, 東風東局) from a view's
/// `prevalent_wind`, `dealer` and `first_dealer`.
pub fn round_name(prevalent: i64, dealer: i64, first_dealer: i64, l: &str) -> Result<String> {
    let call = Call::RoundName;
    let lang = lang(call, l)?;
    let p = code(call, "prevalent wind", prevalent, 3)?;
    let d = code(call, "dealer", dealer, 3)?;
    let f = code(call, "first dealer", first_dealer, 3)?;
    Ok(names::round_name(p, d, f, lang).expect("values 0 to 3"))
}

/// `MjKit.action_name`: an action kind by its GDScript name (`"chow"`).
pub fn action_name(kind: &str, l: &str) -> Result<String> {
    let call = Call::ActionName;
    let lang = lang(call, l)?;
    let k = named(call, &super::table::ACTION_KINDS, "action", kind)?;
    Ok(names::action_name(k, lang))
}

/// The position of `name` in `list`, or a failure naming `what` and the known names.
fn position(call: Call, list: &[&str], what: &str, name: &str) -> Result<usize> {
    list.iter().position(|n| *n == name).map_or_else(
        || {
            fail(
                call,
                format_args!("{what} {name:?} is not one of {}", list.join(", ")),
            )
        },
        Ok,
    )
}

/// `MjKit.meld_name`: a meld kind by its record name (`"concealed_kong"`).
pub fn meld_name(kind: &str, l: &str) -> Result<String> {
    let call = Call::MeldName;
    let lang = lang(call, l)?;
    let i = position(call, &MELD_NAMES, "meld", kind)?;
    Ok(names::meld_name(MELD_KINDS[i], lang))
}

/// `MjKit.reason_name`: a reason by its record name (`"dealt_in"`).
pub fn reason_name(reason: &str, l: &str) -> Result<String> {
    let call = Call::ReasonName;
    let lang = lang(call, l)?;
    let i = position(call, &REASON_NAMES, "reason", reason)?;
    Ok(names::reason_name(REASONS[i], lang))
}

/// `MjKit.tai_pattern_name`: tai pattern `id` (1-38, as `tai_pattern_info`).
pub fn tai_pattern_name(id: i64, l: &str) -> Result<String> {
    let call = Call::TaiPatternName;
    let lang = lang(call, l)?;
    usize::try_from(id)
        .ok()
        .and_then(mjkit::tai::Pattern::from_id)
        .map_or_else(
            || fail(call, format_args!("tai pattern {id} is not 1 to 38")),
            |p| Ok(names::pattern_name(p, lang)),
        )
}

/// `MjKit.event_text`: one line for an event Dictionary (of `MjTable.events`) as the context
/// Dictionary names seats and tiles.
pub fn event_text(ev: &Value, ctx: &Value, l: &str) -> Result<String> {
    let call = Call::EventText;
    let lang = lang(call, l)?;
    let ctx = context(call, ctx)?;
    let e = super::backend::event_in_for(call, ev)?;
    Ok(names::event_text(&e, &ctx, lang))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::test_util::{map, text};

    #[test]
    fn names_in_every_style_and_language() {
        assert_eq!(tile_text(4, "words", "zh_Hant").unwrap(), "五萬");
        assert_eq!(tile_text(4, "words", "zh_Hans").unwrap(), "五万");
        assert_eq!(tile_text(38, "words", "en").unwrap(), "Plum");
        assert_eq!(tile_text(4, "unicode", "en").unwrap(), "🀋");
        assert_eq!(tile_text(42, "notation", "en").unwrap(), "0m");
        assert!(tile_text(45, "notation", "en").is_err());
        assert!(tile_text(0, "klingon", "en").is_err());
        assert!(tile_text(0, "words", "zh").is_err());
        let fw = |f, rules: &Value, l| flower_name(f, rules, l).unwrap();
        let atawmj = Value::Nil;
        let common = map([("scoring", text("tai")), ("tai", text("common"))]);
        assert_eq!(
            fw(7, &atawmj, "zh_Hant"),
            Out::Map(vec![
                ("name", Out::Text("菊".into())),
                ("wind", Out::Int(3))
            ])
        );
        assert_eq!(
            fw(7, &common, "zh_Hans"),
            Out::Map(vec![
                ("name", Out::Text("菊".into())),
                ("wind", Out::Int(2))
            ])
        );
        assert!(flower_name(8, &atawmj, "en").is_err());
        assert!(flower_name(0, &map([("variant", text("x"))]), "en").is_err());
        assert_eq!(wind_name(1, "zh_Hant").unwrap(), "南");
        assert_eq!(wind_name(0, "zh_Hans").unwrap(), "东");
        assert!(wind_name(0, "fr").is_err());
        assert!(wind_name(4, "en").is_err());
        let me = map([("reader", Value::Int(0)), ("seats", text("relative"))]);
        let rel: Vec<String> = (0..4)
            .map(|s| seat_name(s, &me, "zh_Hant").unwrap())
            .collect();
        assert_eq!(rel, ["你", "下家", "對家", "上家"]);
        let winds = map([
            ("reader", Value::Int(5)),
            ("seats", text("wind")),
            ("dealer", Value::Int(2)),
        ]);
        assert_eq!(seat_name(2, &winds, "zh_Hans").unwrap(), "东家");
        assert_eq!(seat_name(3, &Value::Nil, "en").unwrap(), "seat 3");
        for bad in [
            map([("reader", Value::Int(6))]),
            map([("dealer", Value::Int(4))]),
            map([("seats", text("left"))]),
            map([("tiles", Value::Int(1))]),
            map([("who", Value::Int(1))]),
        ] {
            assert!(seat_name(0, &bad, "en").is_err(), "{bad:?}");
        }
        assert!(seat_name(4, &me, "en").is_err());
        assert_eq!(round_name(0, 1, 1, "zh_Hant").unwrap(), "東風東局");
        assert_eq!(round_name(1, 2, 1, "en").unwrap(), "South 2");
        assert!(round_name(4, 0, 0, "en").is_err());
        assert_eq!(action_name("chow", "zh_Hant").unwrap(), "吃");
        assert!(action_name("chew", "en").is_err());
        assert_eq!(meld_name("concealed_kong", "zh_Hans").unwrap(), "暗杠");
        assert!(meld_name("kong", "en").is_err());
        assert_eq!(reason_name("dealt_in", "zh_Hans").unwrap(), "放枪");
        assert!(reason_name("bad_luck", "en").is_err());
        assert!(!tai_pattern_name(1, "zh_Hans").unwrap().is_empty());
        assert!(tai_pattern_name(0, "en").is_err());
        assert!(tai_pattern_name(39, "en").is_err());
    }

    #[test]
    fn event_text_names_seats_as_the_reader_does() {
        let discard = map([
            ("index", Value::Int(3)),
            ("kind", text("discard")),
            ("seat", Value::Int(1)),
            ("tile", Value::Int(13)),
            ("flags", Value::List(vec![text("drawn")])),
        ]);
        assert_eq!(
            event_text(&discard, &Value::Nil, "en").unwrap(),
            "seat 1 discards Five of Dots (just drawn)"
        );
        let mine = map([
            ("reader", Value::Int(1)),
            ("seats", text("relative")),
            ("tiles", text("notation")),
        ]);
        assert_eq!(
            event_text(&discard, &mine, "en").unwrap(),
            "you discard 5p (just drawn)"
        );
        let theirs = map([("reader", Value::Int(2)), ("seats", text("relative"))]);
        assert_eq!(
            event_text(&discard, &theirs, "zh_Hans").unwrap(),
            "上家摸打 五筒"
        );
        assert!(event_text(&map([("kind", text("dance"))]), &Value::Nil, "en").is_err());
        let err = event_text(&discard, &Value::Nil, "xx").unwrap_err();
        assert!(err.0.starts_with("MjKit.event_text: "), "{err}");
    }
}
