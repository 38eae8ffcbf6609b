//! The engine-free half of the `MjTable` class: the rules Dictionary, seats, actions and bot
//! names are checked here, the table engine and the bots are called here, and views, actions and
//! results are turned into an [`Out`] tree that `lib.rs` maps one to one onto Godot values.
//!
//! Tiles are kinds 0..=33 (as everywhere in the binding), and at a riichi table the red fives
//! 42..=44 (0m 0p 0s) where a tile is named one by one (a discard, a draw, a meld's claim, an
//! action's tile); "no tile" and "no seat" are `-1`.

use super::{
    Call, Failure, Out, Result, Value, bool_arg, dict_entries, fail, int_in, ints, kind_name, opt,
    tile_arg,
};
use mjkit::ai::{self, BotConfig};
use mjkit::table::{
    Action, ActionKind, ClaimWindow, DiscardEntry, End, HandResult, MAX_DEAD_WALL, Meld, MeldKind,
    MultiWin, NO_TILE, Offer, PassLock, Phase, Reader, RiichiTableRules, RiichiView, Rules, SEATS,
    Scoring, Table, Variant, View,
};
use mjkit::{Error, tile};

/// The 過水 modes by name.
pub const PASS_LOCKS: [(&str, PassLock); 3] = [
    ("off", PassLock::Off),
    ("until_draw", PassLock::UntilDraw),
    ("until_discard", PassLock::UntilDiscard),
];

/// The keys of the rules Dictionary of `MjTable.create`.
pub const RULE_KEYS: [&str; 9] = [
    "variant",
    "dead_wall",
    "multi_win",
    "rob_kong",
    "scoring",
    "tai",
    "pass_lock",
    "claim_window",
    "riichi",
];

/// The claim windows as GDScript names them.
pub const CLAIM_WINDOWS: [(&str, ClaimWindow); 2] = [
    ("every_seat", ClaimWindow::EverySeat),
    ("claimants", ClaimWindow::Claimants),
];

/// The action kinds as GDScript names them, in the engine's order.
pub const ACTION_KINDS: [(&str, ActionKind); 12] = [
    ("pass", ActionKind::Pass),
    ("discard", ActionKind::Discard),
    ("chow", ActionKind::Chow),
    ("pung", ActionKind::Pung),
    ("exposed_kong", ActionKind::ExposedKong),
    ("added_kong", ActionKind::AddedKong),
    ("concealed_kong", ActionKind::ConcealedKong),
    ("win", ActionKind::Win),
    ("eight_flowers", ActionKind::EightFlowers),
    ("rob_flower", ActionKind::RobFlower),
    ("riichi", ActionKind::Riichi),
    ("nine_terminals", ActionKind::NineTerminals),
];

/// The seats whose bit is set in `mask`, ascending.
pub fn seats_of(mask: u8) -> Vec<i32> {
    (0..SEATS as i32).filter(|s| mask >> s & 1 == 1).collect()
}

/// The rules of `MjTable.create`: a Dictionary of [`RULE_KEYS`], every key optional.
/// `variant` is `"taiwan16"` (the default: 144 tiles, 16 left at the draw) or `"13"` (136 tiles,
/// 14 left); `dead_wall` (0 to 60) overrides the variant's default; `multi_win` (bool, default
/// false: only the first winner after the discarder wins); `rob_kong` (bool, default true);
/// `scoring` (`"tai"`, the default of `"taiwan16"`, or `"thesis"`, the thesis' +1/-1 points and
/// the only scoring of `"13"`); `tai` (the tai rules, with `"tai"` only: a preset name,
/// `"atawmj"` (the default) or `"common"`, or a Dictionary with an optional `preset`, `base`,
/// `price`, `min_tai`, `values` (pattern id to tai) and switches, as `MjKit.tai_score`'s
/// `rules`); `pass_lock` (過水: `"until_draw"`, the default under tai, `"until_discard"`, the
/// strict lock, or `"off"`, the default under thesis; `true` is `"until_draw"`, `false`
/// `"off"`); `claim_window`
/// (`"every_seat"`, the default: every seat but the discarder answers each discard, so the
/// table's pace tells nobody who could claim; or `"claimants"`: only the seats that can claim).
/// `variant` `"riichi"`: Japanese riichi (136 tiles, red fives, the dead wall of 14) under
/// `riichi`, a preset name, `"tenhou"` (the default) or `"mahjong_soul"`; `scoring`, `tai`,
/// `pass_lock` and `dead_wall` are not riichi's.
pub fn rules(v: &Value) -> Result<Rules> {
    rules_in(Call::TableCreate, v)
}

/// [`rules`] for `call`'s messages.
pub fn rules_in(call: Call, v: &Value) -> Result<Rules> {
    let entries = dict_entries(call, v, "rules")?;
    let find = |key: &str| entries.iter().find(|(k, _)| k == key).map(|(_, v)| v);
    if let Some((k, _)) = entries
        .iter()
        .find(|(k, _)| !RULE_KEYS.contains(&k.as_str()))
    {
        return fail(
            call,
            format_args!("unknown rule {k:?} (known: {})", RULE_KEYS.join(", ")),
        );
    }
    let mut r = match find("variant") {
        None => Rules::taiwan16(),
        Some(Value::Text(t)) => match t.as_str() {
            "taiwan16" => Rules::taiwan16(),
            "13" => Rules::thirteen(),
            "riichi" => return riichi_rules(entries),
            other => {
                return fail(
                    call,
                    format_args!("variant {other:?} is not \"taiwan16\", \"13\" or \"riichi\""),
                );
            }
        },
        Some(other) => {
            return fail(
                call,
                format_args!("variant must be a String, not a {}", other.type_name()),
            );
        }
    };
    if let Some(d) = find("dead_wall") {
        r.dead_wall = int_in(call, d, "dead_wall", i64::from(MAX_DEAD_WALL))?;
    }
    if let Some(m) = find("multi_win") {
        r.multi_win = if bool_arg(call, m, "multi_win")? {
            MultiWin::All
        } else {
            MultiWin::HeadBump
        };
    }
    if let Some(k) = find("rob_kong") {
        r.rob_kong = bool_arg(call, k, "rob_kong")?;
    }
    let text = |key: &str, allowed: &[&str]| -> Result<Option<String>> {
        match find(key) {
            None => Ok(None),
            Some(Value::Text(t)) if allowed.contains(&t.as_str()) => Ok(Some(t.clone())),
            Some(Value::Text(t)) => fail(
                call,
                format_args!("{key} {t:?} is not one of {}", allowed.join(", ")),
            ),
            Some(other) => fail(
                call,
                format_args!("{key} must be a String, not a {}", other.type_name()),
            ),
        }
    };
    let scoring = text("scoring", &["tai", "thesis"])?;
    let tai = find("tai")
        .map(|t| super::tai::rules(call, t))
        .transpose()?;
    match (scoring.as_deref(), tai) {
        (Some("thesis"), Some(_)) => {
            return fail(call, "tai needs scoring \"tai\"");
        }
        (Some("thesis"), None) => {
            r.scoring = Scoring::Thesis;
            r.pass_lock = PassLock::Off;
        }
        (_, Some(t)) => r.scoring = Scoring::Tai(t),
        (Some(_), None) if r.scoring == Scoring::Thesis => {
            r.scoring = Scoring::tai_atawmj();
            r.pass_lock = PassLock::UntilDraw;
        }
        _ => {}
    }
    match find("pass_lock") {
        None => {}
        Some(v @ Value::Int(_)) => {
            r.pass_lock = if bool_arg(call, v, "pass_lock")? {
                PassLock::UntilDraw
            } else {
                PassLock::Off
            };
        }
        Some(v) => {
            let names: Vec<(&str, PassLock)> = PASS_LOCKS.to_vec();
            r.pass_lock = super::tai::named(call, v, "pass_lock", &names)?;
        }
    }
    let names: Vec<&str> = CLAIM_WINDOWS.iter().map(|(n, _)| *n).collect();
    if let Some(w) = text("claim_window", &names)? {
        r.claim_window = CLAIM_WINDOWS
            .iter()
            .find(|(n, _)| *n == w)
            .map(|(_, c)| *c)
            .unwrap_or(ClaimWindow::EverySeat);
    }
    if find("riichi").is_some() {
        return fail(call, "riichi rules need variant \"riichi\"");
    }
    Ok(r)
}

/// A riichi preset: its name and its rules.
type Preset = (&'static str, fn() -> Rules);

/// The riichi presets by name.
const RIICHI_PRESETS: [Preset; 2] = [
    ("tenhou", Rules::riichi_tenhou),
    ("mahjong_soul", Rules::riichi_mahjong_soul),
];

/// The rules of variant `"riichi"`: `riichi` a preset name, `multi_win` and `rob_kong` as for
/// the others; the Taiwanese keys are refused.
fn riichi_rules(entries: &[(String, Value)]) -> Result<Rules> {
    let call = Call::TableCreate;
    let mut r = Rules::riichi_tenhou();
    for (k, v) in entries {
        match k.as_str() {
            "variant" => {}
            "riichi" => {
                let Value::Text(name) = v else {
                    return fail(
                        call,
                        format_args!("riichi must be a preset name, not a {}", v.type_name()),
                    );
                };
                match RIICHI_PRESETS.iter().find(|(n, _)| n == name) {
                    Some((_, preset)) => {
                        let p = preset();
                        r.riichi = p.riichi;
                    }
                    None => {
                        return fail(
                            call,
                            format_args!(
                                "riichi preset {name:?} is not \"tenhou\" or \"mahjong_soul\""
                            ),
                        );
                    }
                }
            }
            "multi_win" => {
                r.multi_win = if bool_arg(call, v, "multi_win")? {
                    MultiWin::All
                } else {
                    MultiWin::HeadBump
                };
            }
            "rob_kong" => r.rob_kong = bool_arg(call, v, "rob_kong")?,
            "claim_window" => {
                let window = match v {
                    Value::Text(w) => CLAIM_WINDOWS.iter().find(|(n, _)| n == w),
                    _ => None,
                };
                let Some((_, w)) = window else {
                    return fail(call, "claim_window must be \"every_seat\" or \"claimants\"");
                };
                r.claim_window = *w;
            }
            other => {
                return fail(
                    call,
                    format_args!(
                        "{other} is not a riichi rule (riichi, multi_win, rob_kong, claim_window)"
                    ),
                );
            }
        }
    }
    Ok(r)
}

/// `MjTable.create`: a table with these rules and seed (an `int`; negative seeds are taken as
/// their 64-bit two's complement), hand 0 dealt with seat 0 as dealer and East as wind.
pub fn create(rules_arg: &Value, seed: i64) -> Result<Table> {
    let r = rules(rules_arg)?;
    Table::new(r, seed as u64).or_else(|e| fail(Call::TableCreate, e))
}

/// The table an `MjTable.new()` holds: Taiwanese 16-tile rules, seed 0.
pub fn default_table() -> Table {
    // Rules::taiwan16() has a 16-tile dead wall, which Table::new accepts.
    Table::new(Rules::taiwan16(), 0).expect("the default rules are valid")
}

/// A seat argument, 0 to 3.
pub fn seat(call: Call, s: i64) -> Result<usize> {
    if (0..SEATS as i64).contains(&s) {
        Ok(s as usize)
    } else {
        fail(call, format_args!("seat {s} is not a seat (0 to 3)"))
    }
}

/// `MjTable.deal`: deals hand `hand_index` (0 to 2^32-1) with `dealer` and `wind` (0 to 3).
pub fn deal(t: &mut Table, hand_index: i64, dealer: i64, wind: i64) -> Result<()> {
    let call = Call::TableDeal;
    let Ok(index) = u32::try_from(hand_index) else {
        return fail(
            call,
            format_args!("hand_index {hand_index} is not 0 to {}", u32::MAX),
        );
    };
    let dealer = seat(call, dealer).map_err(|_| {
        Failure(format!(
            "MjTable.deal: dealer {dealer} is not a seat (0 to 3)"
        ))
    })?;
    if !(0..4).contains(&wind) {
        return fail(
            call,
            format_args!("wind {wind} is not a wind (0 to 3: East South West North)"),
        );
    }
    t.deal(index, dealer as u8, wind as u8)
        .or_else(|e| fail(call, e))
}

/// `MjTable.deal_wall`: deals hand `hand_index` from `wall` (every tile code of the variant's
/// set in the order the table uses them), with `dealer` and `wind` (0 to 3).
pub fn deal_wall(
    t: &mut Table,
    hand_index: i64,
    dealer: i64,
    wind: i64,
    wall: &[u8],
) -> Result<()> {
    let call = Call::TableDeal;
    let Ok(index) = u32::try_from(hand_index) else {
        return fail(
            call,
            format_args!("hand_index {hand_index} is not 0 to {}", u32::MAX),
        );
    };
    if !(0..4).contains(&dealer) || !(0..4).contains(&wind) {
        return fail(
            call,
            format_args!("dealer {dealer} or wind {wind} is not 0 to 3"),
        );
    }
    t.deal_wall(index, dealer as u8, wind as u8, wall).or_else(|_| {
        fail(
            call,
            format_args!(
                "the wall is not the table's set ({} tiles given, every tile of the set once in the table's order wanted)",
                wall.len()
            ),
        )
    })
}

/// `MjTable.next_hand`: deals the next hand once the current one is over.
pub fn next_hand(t: &mut Table) -> Result<()> {
    t.next_hand().or_else(|e| match e {
        Error::HandNotOver => fail(
            Call::TableNextHand,
            format_args!("the hand is not over (phase {})", phase_name(t.phase())),
        ),
        other => fail(Call::TableNextHand, other),
    })
}

/// The name of a phase: `"turn"`, `"claim"` or `"over"`.
pub fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Turn => "turn",
        Phase::Claim => "claim",
        Phase::Over => "over",
    }
}

/// The GDScript name of an action kind.
pub fn action_kind_name(k: ActionKind) -> &'static str {
    ACTION_KINDS
        .iter()
        .find(|(_, kind)| *kind == k)
        .map_or("pass", |(name, _)| name)
}

fn meld_kind_name(k: MeldKind) -> &'static str {
    match k {
        MeldKind::Chow => "chow",
        MeldKind::Pung => "pung",
        MeldKind::ExposedKong => "exposed_kong",
        MeldKind::AddedKong => "added_kong",
        MeldKind::ConcealedKong => "concealed_kong",
    }
}

/// An action as GDScript gets it: `{kind, tile, aux}` (`tile` -1 for a pass, riichi and nine
/// terminals; a red five's discard is its code 42..44; `aux` the red fives it takes from the
/// hand).
pub fn action_out(a: &Action) -> Out {
    Out::Map(vec![
        ("kind", Out::Text(action_kind_name(a.kind).to_owned())),
        ("tile", opt(a.tile)),
        ("aux", Out::Int(a.aux.into())),
    ])
}

/// A human-readable action (`"discard 5m"`, `"discard 0m"`, `"pass"`), for messages.
pub fn action_text(a: &Action) -> String {
    let red = if a.aux > 0 {
        format!(" ({} red)", a.aux)
    } else {
        String::new()
    };
    if a.tile == NO_TILE {
        action_kind_name(a.kind).to_owned()
    } else if tile::is_red_code(a.tile) {
        format!(
            "{} 0{}",
            action_kind_name(a.kind),
            ["m", "p", "s"][usize::from(a.tile - 42)]
        )
    } else {
        format!(
            "{} {}{red}",
            action_kind_name(a.kind),
            kind_name(usize::from(a.tile))
        )
    }
}

/// An action Dictionary: `kind` (one of [`ACTION_KINDS`]) and `tile` (a kind 0..=33 or one
/// tile's notation; absent or -1 for a pass).
pub fn action(call: Call, v: &Value) -> Result<Action> {
    let Value::Map(entries) = v else {
        return fail(
            call,
            format_args!(
                "action must be a Dictionary {{kind, tile}}, not a {}",
                v.type_name()
            ),
        );
    };
    let (mut kind, mut tile, mut aux) = (None, None, 0u8);
    for (key, value) in entries {
        match key.as_str() {
            "kind" => kind = Some(value),
            "tile" => tile = Some(value),
            "aux" => aux = int_in(call, value, "aux", 4)?,
            other => {
                return fail(
                    call,
                    format_args!("action has an unknown key {other:?} (kind, tile, aux)"),
                );
            }
        }
    }
    let names = || {
        ACTION_KINDS
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let kind = match kind {
        Some(Value::Text(k)) => match ACTION_KINDS.iter().find(|(n, _)| n == k) {
            Some((_, kind)) => *kind,
            None => {
                return fail(
                    call,
                    format_args!("action kind {k:?} is not one of {}", names()),
                );
            }
        },
        Some(other) => {
            return fail(
                call,
                format_args!(
                    "action kind must be a String ({}), not a {}",
                    names(),
                    other.type_name()
                ),
            );
        }
        None => return fail(call, "action has no kind"),
    };
    let tile = match (kind, tile) {
        (
            ActionKind::Pass | ActionKind::Riichi | ActionKind::NineTerminals,
            None | Some(Value::Int(-1)),
        ) => NO_TILE,
        (ActionKind::Pass | ActionKind::Riichi | ActionKind::NineTerminals, Some(_)) => {
            return fail(
                call,
                format_args!(
                    "a {} action has no tile (leave it out or give -1)",
                    action_kind_name(kind)
                ),
            );
        }
        // A red five is its code 42..44.
        (_, Some(Value::Int(n))) if (42..45).contains(n) => *n as u8,
        (_, None) => {
            return fail(
                call,
                format_args!("a {} action needs a tile", action_kind_name(kind)),
            );
        }
        // A flower win's tile is the flower's wall code, 34..41.
        (ActionKind::EightFlowers | ActionKind::RobFlower, Some(Value::Int(n)))
            if (34..42).contains(n) =>
        {
            *n as u8
        }
        (ActionKind::EightFlowers | ActionKind::RobFlower, Some(_)) => {
            return fail(call, "a flower win's tile is the flower's code, 34 to 41");
        }
        (_, Some(t)) => tile_arg(call, t, "action tile")?,
    };
    Ok(Action::with_aux(kind, tile, aux))
}

fn meld_out(m: &Meld) -> Out {
    Out::Map(vec![
        ("kind", Out::Text(meld_kind_name(m.kind).to_owned())),
        ("tile", opt(m.tile)),
        ("claimed", opt(m.claimed)),
        ("from", opt(m.from)),
        ("red", Out::Int(m.red.into())),
    ])
}

fn discard_out(d: &DiscardEntry) -> Out {
    Out::Map(vec![
        ("tile", opt(d.tile)),
        ("seat", opt(d.seat)),
        ("claimed_by", opt(d.claimed_by)),
        ("drawn_and_discarded", Out::Bool(d.drawn_and_discarded)),
    ])
}

/// The rules as `MjTable.create` takes them (`tai` in full, under `"tai"` scoring only).
pub fn rules_out(r: &Rules) -> Out {
    let scoring = match r.scoring {
        Scoring::Thesis => "thesis",
        Scoring::Tai(_) => "tai",
    };
    if r.variant == Variant::Riichi {
        let preset = if r.riichi == RiichiTableRules::mahjong_soul() {
            "mahjong_soul"
        } else if r.riichi == RiichiTableRules::tenhou() {
            "tenhou"
        } else {
            "custom"
        };
        return Out::Map(vec![
            ("variant", Out::Text("riichi".to_owned())),
            ("riichi", Out::Text(preset.to_owned())),
            ("multi_win", Out::Bool(r.multi_win == MultiWin::All)),
            ("rob_kong", Out::Bool(r.rob_kong)),
            ("red_fives", Out::Int(r.riichi.red_fives.into())),
        ]);
    }
    let mut m = vec![
        (
            "variant",
            Out::Text(
                match r.variant {
                    Variant::Taiwan16 => "taiwan16",
                    Variant::Thirteen | Variant::Riichi => "13",
                }
                .to_owned(),
            ),
        ),
        ("dead_wall", Out::Int(r.dead_wall.into())),
        ("multi_win", Out::Bool(r.multi_win == MultiWin::All)),
        ("rob_kong", Out::Bool(r.rob_kong)),
        ("scoring", Out::Text(scoring.to_owned())),
    ];
    if let Scoring::Tai(t) = &r.scoring {
        m.push(("tai", super::tai::rules_out(t)));
    }
    let lock = PASS_LOCKS.iter().find(|(_, p)| *p == r.pass_lock);
    m.push((
        "pass_lock",
        Out::Text(lock.map_or("off", |(n, _)| n).to_owned()),
    ));
    m.push((
        "claim_window",
        Out::Text(
            CLAIM_WINDOWS
                .iter()
                .find(|(_, c)| *c == r.claim_window)
                .map_or("", |(n, _)| n)
                .to_owned(),
        ),
    ));
    Out::Map(m)
}

/// A view as the Dictionary of `MjTable.view`.
pub fn view_out(v: &View) -> Out {
    let per_seat = |f: &dyn Fn(usize) -> Out| Out::List((0..SEATS).map(f).collect());
    Out::Map(vec![
        ("seat", opt(v.seat)),
        ("dealer", Out::Int(v.dealer.into())),
        ("prevalent_wind", Out::Int(v.prevalent_wind.into())),
        ("first_dealer", Out::Int(v.first_dealer.into())),
        ("hand_index", Out::Int(v.hand_index.into())),
        ("phase", Out::Text(phase_name(v.phase).to_owned())),
        ("actor", opt(v.actor)),
        ("pending", Out::Int(v.pending.into())),
        ("hand", Out::Bytes(v.hand.to_vec())),
        ("hand_text", Out::Text(tile::format(&v.hand))),
        ("drawn", opt(v.drawn)),
        ("offered", opt(v.offered)),
        (
            "offer",
            Out::Text(
                match (v.phase, v.offer) {
                    (Phase::Claim, Offer::Discard) => "discard",
                    (Phase::Claim, Offer::AddedKong) => "added_kong",
                    (Phase::Claim, Offer::Flower) => "flower",
                    (Phase::Claim, Offer::ConcealedKong) => "concealed_kong",
                    _ => "",
                }
                .to_owned(),
            ),
        ),
        (
            "melds",
            per_seat(&|s| Out::List(v.melds_of(s).iter().map(meld_out).collect())),
        ),
        (
            "flowers",
            per_seat(&|s| Out::Ints(flower_list(v.flowers[s]))),
        ),
        ("concealed_counts", ints(&v.concealed_counts)),
        (
            "discards",
            Out::List(v.discard_list().iter().map(discard_out).collect()),
        ),
        ("wall_left", Out::Int(v.wall_left.into())),
        ("scores", Out::Longs(v.scores.to_vec())),
        ("consecutive", Out::Int(v.consecutive.into())),
        ("pass_locked", Out::Ints(pass_locked_list(v.pass_locked))),
        ("rules", rules_out(&v.rules)),
        ("win_flags", super::backend::flag_names(v.win_flags)),
        ("seats", Out::Int(v.seats.into())),
        ("red", ints(&v.red)),
        ("riichi", riichi_view_out(&v.riichi)),
    ])
}

/// The riichi block of a view: every seat's riichi state (0 none, 1 declared, 2 discarded, 3
/// the stick placed), riichi discard (-1 none), double riichi and ippatsu seats, the dora
/// indicators, this seat's furiten bits (1 own discards, 2 temporary, 4 riichi) and kuikae
/// kinds, whether its drawn tile is a replacement, honba and sticks.
fn riichi_view_out(r: &RiichiView) -> Out {
    Out::Map(vec![
        ("states", ints(&r.riichi)),
        (
            "riichi_discards",
            Out::Ints(
                r.riichi_discard
                    .iter()
                    .map(|&d| if d == u8::MAX { -1 } else { i32::from(d) })
                    .collect(),
            ),
        ),
        ("double_riichi", Out::Ints(seats_of(r.double_riichi))),
        ("ippatsu", Out::Ints(seats_of(r.ippatsu))),
        (
            "indicators",
            Out::Ints(r.indicator_list().iter().map(|&t| i32::from(t)).collect()),
        ),
        ("furiten", Out::Int(r.furiten.into())),
        (
            "kuikae",
            Out::Ints((0..34).filter(|k| r.kuikae >> k & 1 == 1).collect()),
        ),
        ("replacement", Out::Bool(r.replacement != 0)),
        ("honba", Out::Int(r.honba.into())),
        ("sticks", Out::Int(r.sticks.into())),
    ])
}

/// The flowers of a bit set (bit f = flower f, 0..=7), ascending.
fn flower_list(bits: u8) -> Vec<i32> {
    (0..8).filter(|f| bits >> f & 1 == 1).collect()
}

/// The tile kinds of a 過水 mask (bit k = kind k), ascending.
fn pass_locked_list(bits: u64) -> Vec<i32> {
    (0..34).filter(|k| bits >> k & 1 == 1).collect()
}

/// A reader that has a view: a seat 0 to 3 or 5 (the spectator).
pub fn view_reader(call: Call, r: i64) -> Result<Reader> {
    match r {
        0..=3 => Ok(Reader::Seat(r as u8)),
        5 => Ok(Reader::Spectator),
        _ => fail(
            call,
            format_args!("reader {r} is not a seat (0 to 3) or 5 (the spectator)"),
        ),
    }
}

/// `MjTable.view`: what `reader` (a seat, or 5 the spectator) can see.
pub fn view(t: &Table, r: i64) -> Result<Out> {
    let reader = view_reader(Call::TableView, r)?;
    t.view_for(reader)
        .map(|v| view_out(&v))
        .map_or_else(|| fail(Call::TableView, "no view"), Ok)
}

/// `MjTable.legal_actions`: the actions `seat` may take now (empty when the table does not wait
/// for it).
pub fn legal_actions(t: &Table, s: i64) -> Result<Vec<Out>> {
    let s = seat(Call::TableLegalActions, s)?;
    Ok(t.legal_actions(s)
        .as_slice()
        .iter()
        .map(action_out)
        .collect())
}

/// Why `seat` cannot act now, or `None` when the table waits for it.
pub(crate) fn not_pending(t: &Table, s: usize) -> Option<String> {
    if t.pending() >> s & 1 == 1 {
        return None;
    }
    Some(if t.phase() == Phase::Over {
        "the hand is over (deal or next_hand first)".to_owned()
    } else {
        format!(
            "the table does not wait for seat {s} (pending: seats {:?})",
            seats_of(t.pending())
        )
    })
}

/// `MjTable.apply`: plays `action` for `seat`; an illegal action is refused and changes nothing.
pub fn apply(t: &mut Table, s: i64, action_arg: &Value) -> Result<()> {
    let call = Call::TableApply;
    let s = seat(call, s)?;
    let a = action(call, action_arg)?;
    if let Some(why) = not_pending(t, s) {
        return fail(call, why);
    }
    match t.apply(s, a) {
        Ok(()) => Ok(()),
        Err(Error::IllegalAction) => {
            let legal: Vec<String> = t
                .legal_actions(s)
                .as_slice()
                .iter()
                .map(action_text)
                .collect();
            fail(
                call,
                format_args!(
                    "{} is not a legal action of seat {s} now (legal: {})",
                    action_text(&a),
                    legal.join(", ")
                ),
            )
        }
        Err(e) => fail(call, e),
    }
}

/// A hand result as the Dictionary of `MjTable.result`.
pub fn result_out(r: &HandResult) -> Out {
    Out::Map(vec![
        (
            "end",
            Out::Text(
                match r.end {
                    End::Discard => "discard",
                    End::SelfDraw => "self_draw",
                    End::ExhaustiveDraw => "exhaustive_draw",
                    End::AbortiveDraw(_) => "abortive_draw",
                }
                .to_owned(),
            ),
        ),
        (
            "abort_reason",
            Out::Text(
                match r.end {
                    End::AbortiveDraw(a) => {
                        use mjkit::table::AbortReason as A;
                        match a {
                            A::NineTerminals => "nine_terminals",
                            A::FourWinds => "four_winds",
                            A::FourRiichi => "four_riichi",
                            A::FourKongs => "four_kongs",
                            A::TripleRon => "triple_ron",
                        }
                    }
                    _ => "",
                }
                .to_owned(),
            ),
        ),
        (
            "han",
            Out::Ints(r.riichi.map(|s| s.map_or(0, |x| x.han)).to_vec()),
        ),
        (
            "fu",
            Out::Ints(r.riichi.map(|s| s.map_or(0, |x| x.fu)).to_vec()),
        ),
        ("winners", Out::Ints(seats_of(r.winners))),
        ("discarder", opt(r.discarder)),
        ("tile", opt(r.tile)),
        ("robbed_kong", Out::Bool(r.robbed_kong)),
        ("points", Out::Longs(r.points.to_vec())),
        ("tenpai", Out::Ints(seats_of(r.tenpai))),
    ])
}

/// `MjTable.result`: the result of the hand, once it is over.
pub fn result(t: &Table) -> Result<Out> {
    match t.result() {
        Some(r) => Ok(result_out(&r)),
        None => fail(
            Call::TableResult,
            format_args!("the hand is not over (phase {})", phase_name(t.phase())),
        ),
    }
}

/// A bot name, read by the core's `FromStr for BotConfig`: `"mjkit"`, `"greedy"` or
/// `"thesis:N"` (the thesis bot at AttackLevel N, 1 to 99; 99 never folds).
pub fn bot(call: Call, name: &str) -> Result<BotConfig> {
    name.parse::<BotConfig>()
        .or_else(|e| fail(call, format_args!("{e}")))
}

/// `MjTable.decide`: the decision of bot `bot_name` for `seat`, from that seat's view alone.
/// The action is returned, not applied.
pub fn decide(t: &Table, s: i64, bot_name: &str) -> Result<Action> {
    let call = Call::TableDecide;
    let s = seat(call, s)?;
    let cfg = bot(call, bot_name)?;
    if let Some(why) = not_pending(t, s) {
        return fail(call, why);
    }
    ai::decide_checked(&t.view(s), &cfg).or_else(|e| fail(call, e))
}

/// `MjTable.default_action` / `apply_default`: the action a seat whose timer ran out plays: a
/// bot's choice when `bot_name` names one, else the pass / the drawn tile (`""`).
pub fn default_action(t: &mut Table, s: i64, bot_name: &str, apply: bool) -> Result<Action> {
    let call = if apply {
        Call::TableApplyDefault
    } else {
        Call::TableDefaultAction
    };
    let s = seat(call, s)?;
    let cfg = if bot_name.is_empty() {
        None
    } else {
        Some(bot(call, bot_name)?)
    };
    if let Some(why) = not_pending(t, s) {
        return fail(call, why);
    }
    let r = if apply {
        t.apply_default(s, cfg.as_ref())
    } else {
        t.default_action(s, cfg.as_ref())
    };
    r.or_else(|e| fail(call, e))
}

#[cfg(test)]
mod tests;
