//! The names a client shows, in English and Chinese, all from the library's `names` module and
//! the tai patterns: sent once in the `welcome` message, so the browser holds no name table of
//! its own.

use std::sync::OnceLock;

use mjkit::table::event::{ACTION_KINDS, MELD_KINDS, REASON_NAMES, REASONS};
use mjkit::table::names::{
    Lang, TileStyle, action_name, meld_name, pattern_name, reason_name, tile_name, wind_name,
};
use mjkit::tai::Pattern;
use serde_json::{Value, json};

use crate::protocol::action_kind_name;

fn lang_names(lang: Lang) -> Value {
    let tiles: Vec<String> = (0..42u8)
        .map(|t| tile_name(t, TileStyle::Words, lang).unwrap_or_default())
        .collect();
    let winds: Vec<String> = (0..4)
        .map(|w| wind_name(w, lang).unwrap_or_default())
        .collect();
    let actions: serde_json::Map<String, Value> = ACTION_KINDS
        .iter()
        .map(|&k| (action_kind_name(k).to_string(), action_name(k, lang).into()))
        .collect();
    let melds: serde_json::Map<String, Value> = MELD_KINDS
        .iter()
        .zip(mjkit::table::event::MELD_NAMES)
        .map(|(&k, n)| (n.to_string(), meld_name(k, lang).into()))
        .collect();
    let reasons: serde_json::Map<String, Value> = REASONS
        .iter()
        .zip(REASON_NAMES)
        .map(|(&r, n)| (n.to_string(), reason_name(r, lang).into()))
        .collect();
    let mut patterns = vec![String::new(); mjkit::tai::PATTERN_SLOTS];
    for p in Pattern::ALL {
        patterns[p.id()] = pattern_name(p, lang);
    }
    json!({"tiles": tiles, "winds": winds, "actions": actions, "melds": melds,
           "reasons": reasons, "patterns": patterns})
}

/// Every name the client shows: `notation` and `unicode` of the 42 tile codes, and by language
/// (`en`, `zh`) the tiles, winds, actions, meld kinds, payment reasons and tai patterns (by id;
/// slot 0 unused).
pub fn names() -> &'static Value {
    static NAMES: OnceLock<Value> = OnceLock::new();
    NAMES.get_or_init(|| {
        let notation: Vec<String> = (0..42u8)
            .map(|t| tile_name(t, TileStyle::Notation, Lang::English).unwrap_or_default())
            .collect();
        let unicode: Vec<String> = (0..42u8)
            .map(|t| tile_name(t, TileStyle::Unicode, Lang::English).unwrap_or_default())
            .collect();
        json!({"notation": notation, "unicode": unicode,
               "en": lang_names(Lang::English), "zh": lang_names(Lang::Traditional)})
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_from_the_library() {
        let n = names();
        assert_eq!(n["notation"][4], "5m");
        assert_eq!(n["zh"]["tiles"][22], "五條");
        assert_eq!(n["en"]["tiles"][13], "Five of Dots");
        assert_eq!(n["zh"]["actions"]["pung"], "碰");
        assert_eq!(n["en"]["reasons"]["dealt_in"], "dealt in");
        assert_eq!(n["zh"]["reasons"]["self_draw_paid"], "被自摸");
        assert_eq!(
            n["zh"]["patterns"][Pattern::ALL[0].id()],
            Pattern::ALL[0].chinese()
        );
        assert_eq!(
            n["en"]["patterns"].as_array().unwrap().len(),
            mjkit::tai::PATTERN_SLOTS
        );
    }
}
