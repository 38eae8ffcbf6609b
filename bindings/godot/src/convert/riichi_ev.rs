//! The engine-free half of `MjKit.riichi_ev`: the options Dictionary (visible tiles, melds,
//! winds, indicators, search options, rules) is checked here, mjkit's discard analysis is
//! called here, and its table is turned into an [`Out`] tree.

use super::riichi::{MELD_KINDS, rules};
use super::{
    Call, Failure, Out, Result, Value, dict_entries, fail, hand_text_or_counts, int, int_in, list,
    meld_parts, score_refusal, tile_arg,
};
use mjkit::Error;
use mjkit::riichi::ev::{
    self, EV_MODEL_MAHJONG_CPP, EV_MODEL_MJKIT, EV_NO_TILE, EV_SHANTEN_DOWN, EV_TEGAWARI, EV_URA,
    EvHand, EvOptions, EvResult,
};
use mjkit::riichi::{MAX_INDICATORS, MAX_MELDS, RiichiMeld, Rules};

/// The keys `riichi_ev` reads from its options Dictionary.
pub const OPTION_KEYS: [&str; 18] = [
    "visible",
    "visible_red",
    "meld_red_fives",
    "melds",
    "seat_wind",
    "round_wind",
    "dora",
    "riichi",
    "honba",
    "riichi_sticks",
    "draws",
    "extra",
    "model",
    "tegawari",
    "shanten_down",
    "ura",
    "max_nodes",
    "rules",
];

fn reds(call: Call, v: &Value, what: &str) -> Result<[u8; 3]> {
    let items = list(call, v, what, 3)?;
    if items.len() != 3 {
        return fail(
            call,
            format_args!(
                "{what} must hold 3 counts (man, pin, sou), not {}",
                items.len()
            ),
        );
    }
    let mut out = [0u8; 3];
    for (i, n) in items.iter().enumerate() {
        out[i] = int_in(call, n, &format!("{what}[{i}]"), 1)?;
    }
    Ok(out)
}

fn flag(call: Call, v: &Value, what: &str, bit: u32, flags: &mut u32) -> Result<()> {
    if int_in(call, v, &format!("{what} (a bool)"), 1)? == 1 {
        *flags |= bit;
    } else {
        *flags &= !bit;
    }
    Ok(())
}

/// The hand, options and rules of a `riichi_ev` call, checked for shape (the core checks the
/// tiles against each other).
pub fn ev_input(v: &Value, options: &Value) -> Result<(EvHand, EvOptions, Rules)> {
    let call = Call::RiichiEv;
    let (counts, notation_reds) = hand_text_or_counts(call, v)?;
    let entries = dict_entries(call, options, "options")?;
    let mut h = EvHand::new();
    h.counts = counts;
    h.red_fives = notation_reds;
    let mut o = EvOptions::new();
    let mut rules_value = &Value::Nil;
    let mut dora = Vec::new();
    for (key, value) in entries {
        match key.as_str() {
            "visible" => {
                let (c, r) = hand_text_or_counts(call, value)?;
                h.visible = c;
                if r != [0; 3] {
                    h.visible_red = r;
                }
            }
            "visible_red" => h.visible_red = reds(call, value, "visible_red")?,
            "meld_red_fives" => h.meld_red_fives = reds(call, value, "meld_red_fives")?,
            "melds" => {
                for (i, m) in list(call, value, "melds", MAX_MELDS)?.iter().enumerate() {
                    let (kind, tile, claimed) = meld_parts(
                        call,
                        i,
                        m,
                        &MELD_KINDS,
                        mjkit::riichi::MeldKind::ClosedKan,
                        "closed kan",
                    )?;
                    h = h.with_meld(RiichiMeld::new(kind, tile, claimed));
                }
            }
            "seat_wind" => h.seat_wind = int_in(call, value, "seat_wind", 3)?,
            "round_wind" => h.round_wind = int_in(call, value, "round_wind", 3)?,
            "dora" => {
                for (i, t) in list(call, value, "dora", MAX_INDICATORS)?
                    .iter()
                    .enumerate()
                {
                    dora.push(tile_arg(call, t, &format!("dora[{i}]"))?);
                }
            }
            "riichi" => h.riichi = int_in(call, value, "riichi (a bool)", 1)?,
            "honba" => h.honba = int_in(call, value, "honba", 100)?.into(),
            "riichi_sticks" => h.riichi_sticks = int_in(call, value, "riichi_sticks", 100)?.into(),
            "draws" => o.draws = int_in(call, value, "draws", i64::from(ev::EV_MAX_DRAWS))?,
            "extra" => o.extra = int_in(call, value, "extra", i64::from(ev::EV_MAX_EXTRA))?,
            "model" => {
                o.model = match value {
                    Value::Text(t) if t == "mjkit" => EV_MODEL_MJKIT,
                    Value::Text(t) if t == "mahjong_cpp" => EV_MODEL_MAHJONG_CPP,
                    other => {
                        return fail(
                            call,
                            format_args!(
                                "model must be \"mjkit\" or \"mahjong_cpp\", not {other:?}"
                            ),
                        );
                    }
                }
            }
            "tegawari" => flag(call, value, "tegawari", EV_TEGAWARI, &mut o.flags)?,
            "shanten_down" => flag(call, value, "shanten_down", EV_SHANTEN_DOWN, &mut o.flags)?,
            "ura" => flag(call, value, "ura", EV_URA, &mut o.flags)?,
            "max_nodes" => match value {
                Value::Int(n @ 0..=0xffff_ffff) => o.max_nodes = *n as u32,
                other => {
                    return fail(
                        call,
                        format_args!("max_nodes must be an int 0 to 4294967295, not {other:?}"),
                    );
                }
            },
            "rules" => rules_value = value,
            other => {
                return fail(
                    call,
                    format_args!(
                        "unknown option {other:?} (known: {})",
                        OPTION_KEYS.join(", ")
                    ),
                );
            }
        }
    }
    for k in dora {
        h = h.with_dora(k);
    }
    Ok((h, o, rules(call, rules_value)?))
}

/// An analysis as the `riichi_ev` Dictionary.
pub fn result_out(r: &EvResult) -> Out {
    let entries = r
        .entries()
        .iter()
        .map(|e| {
            let (tile, name) = if e.tile == EV_NO_TILE {
                (-1, String::new())
            } else {
                let mut n = mjkit::tile::format(&{
                    let mut c = [0u8; mjkit::TILE_KINDS];
                    c[usize::from(e.tile)] = 1;
                    c
                });
                if e.red == 1 {
                    n = n.replacen('5', "0", 1);
                }
                (i64::from(e.tile), n)
            };
            Out::Map(vec![
                ("tile", int(tile)),
                ("tile_name", Out::Text(name)),
                ("red", Out::Bool(e.red == 1)),
                ("riichi", Out::Bool(e.riichi == 1)),
                ("shanten", int(e.shanten)),
                ("ukeire", int(e.ukeire)),
                ("tenpai", Out::Float(e.tenpai)),
                ("win", Out::Float(e.win)),
                ("score", Out::Float(e.score)),
            ])
        })
        .collect();
    Out::Map(vec![
        ("shanten", int(r.shanten)),
        ("wall", int(r.wall)),
        ("nodes", int(r.nodes)),
        ("extra", int(r.extra)),
        ("entries", Out::Dicts(entries)),
    ])
}

/// The message of a core error.
fn refusal(e: Error, h: &EvHand) -> Failure {
    let refused = matches!(
        e,
        Error::RiichiConflict | Error::RedFives | Error::ThreePlayerTile | Error::SearchLimit
    );
    let what = "hand + melds + visible";
    score_refusal(Call::RiichiEv, e, refused, h.meld_count, 14, what)
}

/// `MjKit.riichi_ev`: the discard analysis (see [`ev_input`] for the options).
pub fn riichi_ev(v: &Value, options: &Value) -> Result<Out> {
    let (h, o, rules) = ev_input(v, options)?;
    ev::analyze(&h, &rules, &o)
        .map(|r| result_out(&r))
        .map_err(|e| refusal(e, &h))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Value {
        Value::Text(s.to_owned())
    }
    fn map(entries: Vec<(&str, Value)>) -> Value {
        Value::Map(
            entries
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect(),
        )
    }
    fn get<'a>(o: &'a Out, key: &str) -> &'a Out {
        match o {
            Out::Map(e) => &e.iter().find(|(k, _)| *k == key).unwrap().1,
            _ => panic!("not a map"),
        }
    }

    #[test]
    fn riichi_ev_lists_every_discard_with_riichi() {
        let out = riichi_ev(
            &text("123m456p789s1123s5z"),
            &map(vec![("draws", Value::Int(1)), ("ura", Value::Int(0))]),
        )
        .unwrap();
        assert_eq!(get(&out, "shanten"), &Out::Int(0));
        let Out::Dicts(entries) = get(&out, "entries") else {
            panic!("entries")
        };
        let five_z: Vec<&Out> = entries
            .iter()
            .filter(|e| get(e, "tile") == &Out::Int(31))
            .collect();
        assert_eq!(five_z.len(), 2);
        assert_eq!(get(five_z[0], "win"), &Out::Float(6.0 / 123.0));
        assert_eq!(get(five_z[1], "riichi"), &Out::Bool(true));
        assert_eq!(get(five_z[0], "tile_name"), &Out::Text("5z".to_owned()));
    }

    #[test]
    fn riichi_ev_adds_dora_to_visible_and_names_refusals() {
        let ok = riichi_ev(
            &text("123m456p789s1123s5z"),
            &map(vec![
                ("dora", Value::List(vec![text("1z")])),
                ("model", text("mahjong_cpp")),
            ]),
        );
        assert!(ok.is_ok());
        let e = riichi_ev(
            &text("123m456p789s1357s"),
            &map(vec![("riichi", Value::Int(1))]),
        )
        .unwrap_err();
        assert!(e.0.contains("RiichiConflict"), "{}", e.0);
        let e = riichi_ev(
            &text("123m456p789s1123s5z"),
            &map(vec![("model", text("x"))]),
        )
        .unwrap_err();
        assert!(e.0.contains("model"), "{}", e.0);
        let e = riichi_ev(
            &text("123m456p789s1123s5z"),
            &map(vec![("max_nodes", Value::Int(1))]),
        )
        .unwrap_err();
        assert!(e.0.contains("SearchLimit"), "{}", e.0);
        let e = riichi_ev(
            &text("123m456p789s1123s5z"),
            &map(vec![("draws", Value::Int(19))]),
        )
        .unwrap_err();
        assert!(e.0.contains("draws"), "{}", e.0);
    }
}
