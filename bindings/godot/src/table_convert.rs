//! The engine-free half of the `MjTable` class: the rules Dictionary, seats, actions and bot
//! names are checked here, the table engine and the bots are called here, and views, actions and
//! results are turned into an [`Out`] tree that `lib.rs` maps one to one onto Godot values.
//!
//! Tiles are kinds 0..=33 (as everywhere in the binding); "no tile" and "no seat" are `-1`.

use crate::convert::{
    Call, Failure, Result, Value, dict_entries, fail, int_in, kind_name, tile_arg,
};
use mjkit::ai::{self, BotConfig};
use mjkit::table::{
    Action, ActionKind, DiscardEntry, End, HandResult, MAX_DEAD_WALL, Meld, MeldKind, MultiWin,
    NO_SEAT, NO_TILE, Offer, Phase, Rules, SEATS, Table, Variant, View,
};
use mjkit::{Error, tile};

/// A value returned to GDScript, built without the engine; `lib.rs` turns it into a `Variant`.
#[derive(Debug, Clone, PartialEq)]
pub enum Out {
    /// `bool`.
    Bool(bool),
    /// `int`.
    Int(i64),
    /// `String`.
    Text(String),
    /// `PackedByteArray`.
    Bytes(Vec<u8>),
    /// `PackedInt32Array`.
    Ints(Vec<i32>),
    /// `Array`.
    List(Vec<Out>),
    /// `Dictionary` with String keys, in this order.
    Map(Vec<(&'static str, Out)>),
}

impl Out {
    /// The entry `key` of a `Map` (for tests and callers that read one field).
    pub fn get(&self, key: &str) -> Option<&Out> {
        match self {
            Out::Map(entries) => entries.iter().find(|(k, _)| *k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// The keys of the rules Dictionary of `MjTable.create`.
pub const RULE_KEYS: [&str; 4] = ["variant", "dead_wall", "multi_win", "rob_kong"];

/// The action kinds as GDScript names them, in the engine's order.
pub const ACTION_KINDS: [(&str, ActionKind); 8] = [
    ("pass", ActionKind::Pass),
    ("discard", ActionKind::Discard),
    ("chow", ActionKind::Chow),
    ("pung", ActionKind::Pung),
    ("exposed_kong", ActionKind::ExposedKong),
    ("added_kong", ActionKind::AddedKong),
    ("concealed_kong", ActionKind::ConcealedKong),
    ("win", ActionKind::Win),
];

/// A tile or seat field: its value, or -1 for [`NO_TILE`] / [`NO_SEAT`].
fn opt(v: u8) -> Out {
    Out::Int(if v == NO_TILE || v == NO_SEAT {
        -1
    } else {
        i64::from(v)
    })
}

/// The seats whose bit is set in `mask`, ascending.
pub fn seats_of(mask: u8) -> Vec<i32> {
    (0..SEATS as i32).filter(|s| mask >> s & 1 == 1).collect()
}

fn bool_arg(call: Call, v: &Value, what: &str) -> Result<bool> {
    // Value::Int also carries GDScript bools (0 / 1).
    match v {
        Value::Int(0) => Ok(false),
        Value::Int(1) => Ok(true),
        other => fail(
            call,
            format_args!(
                "{what} must be a bool, not {}",
                match other {
                    Value::Int(n) => n.to_string(),
                    o => format!("a {}", o.type_name()),
                }
            ),
        ),
    }
}

/// The rules of `MjTable.create`: a Dictionary of [`RULE_KEYS`], every key optional.
/// `variant` is `"taiwan16"` (the default: 144 tiles, 16 left at the draw) or `"13"` (136 tiles,
/// 14 left); `dead_wall` (0 to 60) overrides the variant's default; `multi_win` (bool, default
/// false: only the first winner after the discarder wins); `rob_kong` (bool, default true).
pub fn rules(v: &Value) -> Result<Rules> {
    let call = Call::TableCreate;
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
            other => {
                return fail(
                    call,
                    format_args!("variant {other:?} is not \"taiwan16\" or \"13\""),
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

/// An action as GDScript gets it: `{kind, tile}` (`tile` -1 for a pass).
pub fn action_out(a: &Action) -> Out {
    Out::Map(vec![
        ("kind", Out::Text(action_kind_name(a.kind).to_owned())),
        ("tile", opt(a.tile)),
    ])
}

/// A human-readable action (`"discard 5m"`, `"pass"`), for messages.
pub fn action_text(a: &Action) -> String {
    if a.tile == NO_TILE {
        action_kind_name(a.kind).to_owned()
    } else {
        format!(
            "{} {}",
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
    let (mut kind, mut tile) = (None, None);
    for (key, value) in entries {
        match key.as_str() {
            "kind" => kind = Some(value),
            "tile" => tile = Some(value),
            other => {
                return fail(
                    call,
                    format_args!("action has an unknown key {other:?} (kind, tile)"),
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
        (ActionKind::Pass, None | Some(Value::Int(-1))) => NO_TILE,
        (ActionKind::Pass, Some(_)) => {
            return fail(call, "a pass has no tile (leave it out or give -1)");
        }
        (_, None) => {
            return fail(
                call,
                format_args!("a {} action needs a tile", action_kind_name(kind)),
            );
        }
        (_, Some(t)) => tile_arg(call, t, "action tile")?,
    };
    Ok(Action::new(kind, tile))
}

fn meld_out(m: &Meld) -> Out {
    Out::Map(vec![
        ("kind", Out::Text(meld_kind_name(m.kind).to_owned())),
        ("tile", opt(m.tile)),
        ("claimed", opt(m.claimed)),
        ("from", opt(m.from)),
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

/// The rules as `MjTable.create` takes them.
pub fn rules_out(r: &Rules) -> Out {
    Out::Map(vec![
        (
            "variant",
            Out::Text(
                match r.variant {
                    Variant::Taiwan16 => "taiwan16",
                    Variant::Thirteen => "13",
                }
                .to_owned(),
            ),
        ),
        ("dead_wall", Out::Int(r.dead_wall.into())),
        ("multi_win", Out::Bool(r.multi_win == MultiWin::All)),
        ("rob_kong", Out::Bool(r.rob_kong)),
    ])
}

fn ints<T: Copy + Into<i64>>(v: &[T]) -> Out {
    Out::Ints(v.iter().map(|&x| x.into() as i32).collect())
}

/// A view as the Dictionary of `MjTable.view`.
pub fn view_out(v: &View) -> Out {
    let per_seat = |f: &dyn Fn(usize) -> Out| Out::List((0..SEATS).map(f).collect());
    Out::Map(vec![
        ("seat", Out::Int(v.seat.into())),
        ("dealer", Out::Int(v.dealer.into())),
        ("prevalent_wind", Out::Int(v.prevalent_wind.into())),
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
        ("scores", ints(&v.scores)),
        ("rules", rules_out(&v.rules)),
    ])
}

/// The flowers of a bit set (bit f = flower f, 0..=7), ascending.
fn flower_list(bits: u8) -> Vec<i32> {
    (0..8).filter(|f| bits >> f & 1 == 1).collect()
}

/// `MjTable.view`: what `seat` can see.
pub fn view(t: &Table, s: i64) -> Result<Out> {
    Ok(view_out(&t.view(seat(Call::TableView, s)?)))
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
fn not_pending(t: &Table, s: usize) -> Option<String> {
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
                }
                .to_owned(),
            ),
        ),
        ("winners", Out::Ints(seats_of(r.winners))),
        ("discarder", opt(r.discarder)),
        ("tile", opt(r.tile)),
        ("robbed_kong", Out::Bool(r.robbed_kong)),
        ("points", ints(&r.points)),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn map(entries: &[(&str, Value)]) -> Value {
        Value::Map(
            entries
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.clone()))
                .collect(),
        )
    }

    fn text(s: &str) -> Value {
        Value::Text(s.to_owned())
    }

    fn err<T: std::fmt::Debug>(r: Result<T>) -> String {
        r.expect_err("expected a failure").0
    }

    /// The Value GDScript would pass back for an action Dictionary it got from legal_actions.
    fn back(o: &Out) -> Value {
        match o {
            Out::Bool(b) => Value::Int(i64::from(*b)),
            Out::Int(n) => Value::Int(*n),
            Out::Text(t) => Value::Text(t.clone()),
            Out::Bytes(b) => Value::Bytes(b.clone()),
            Out::Ints(v) => Value::List(v.iter().map(|&n| Value::Int(n.into())).collect()),
            Out::List(v) => Value::List(v.iter().map(back).collect()),
            Out::Map(e) => Value::Map(e.iter().map(|(k, v)| ((*k).to_owned(), back(v))).collect()),
        }
    }

    fn int(o: Option<&Out>) -> i64 {
        match o {
            Some(Out::Int(n)) => *n,
            other => panic!("not an int: {other:?}"),
        }
    }

    #[test]
    fn rules_defaults_and_keys() {
        assert_eq!(rules(&Value::Nil), Ok(Rules::taiwan16()));
        assert_eq!(rules(&map(&[])), Ok(Rules::taiwan16()));
        assert_eq!(
            rules(&map(&[("variant", text("13"))])),
            Ok(Rules::thirteen())
        );
        let r = rules(&map(&[
            ("variant", text("taiwan16")),
            ("dead_wall", Value::Int(14)),
            ("multi_win", Value::Int(1)),
            ("rob_kong", Value::Int(0)),
        ]))
        .unwrap();
        assert_eq!(r.variant, Variant::Taiwan16);
        assert_eq!(r.dead_wall, 14);
        assert_eq!(r.multi_win, MultiWin::All);
        assert!(!r.rob_kong);
        // What view()["rules"] shows is accepted by create.
        assert_eq!(rules(&back(&rules_out(&r))), Ok(r));
        let t = Rules::thirteen();
        assert_eq!(rules(&back(&rules_out(&t))), Ok(t));
    }

    #[test]
    fn rules_errors() {
        assert_eq!(
            err(rules(&map(&[("variant", text("riichi"))]))),
            "MjTable.create: variant \"riichi\" is not \"taiwan16\" or \"13\""
        );
        assert_eq!(
            err(rules(&map(&[("dead_wall", Value::Int(61))]))),
            "MjTable.create: dead_wall must be 0 to 60, not 61"
        );
        assert_eq!(
            err(rules(&map(&[("multi_win", Value::Int(2))]))),
            "MjTable.create: multi_win must be a bool, not 2"
        );
        assert_eq!(
            err(rules(&map(&[("rob_kong", text("yes"))]))),
            "MjTable.create: rob_kong must be a bool, not a String"
        );
        assert_eq!(
            err(rules(&map(&[("deadwall", Value::Int(14))]))),
            "MjTable.create: unknown rule \"deadwall\" (known: variant, dead_wall, multi_win, rob_kong)"
        );
        assert_eq!(
            err(rules(&Value::Int(3))),
            "MjTable.create: rules must be a Dictionary, not a int"
        );
    }

    #[test]
    fn create_is_deterministic_and_deals_hand_zero() {
        let a = create(&map(&[("variant", text("13"))]), 7).unwrap();
        let b = create(&map(&[("variant", text("13"))]), 7).unwrap();
        assert_eq!(view_out(&a.view(0)), view_out(&b.view(0)));
        let v = view(&a, 0).unwrap();
        assert_eq!(v.get("phase"), Some(&Out::Text("turn".into())));
        assert_eq!(int(v.get("pending")), 1);
        assert_eq!(int(v.get("actor")), 0);
        // The dealer holds 14 tiles in 13-tile mahjong; hand_text is their notation.
        let Some(Out::Bytes(hand)) = v.get("hand") else {
            panic!("no hand")
        };
        assert_eq!(hand.iter().map(|&n| u32::from(n)).sum::<u32>(), 14);
        let counts: [u8; 34] = hand.as_slice().try_into().unwrap();
        assert_eq!(v.get("hand_text"), Some(&Out::Text(tile::format(&counts))));
        assert!((0..34).contains(&int(v.get("drawn"))));
        assert_eq!(int(v.get("offered")), -1);
        // Another seat sees no drawn tile.
        assert_eq!(int(view(&a, 1).unwrap().get("drawn")), -1);
        // Negative seeds are their two's complement.
        let n = create(&Value::Nil, -1).unwrap();
        let u = Table::new(Rules::taiwan16(), u64::MAX).unwrap();
        assert_eq!(n.view(2), u.view(2));
        assert_eq!(
            default_table().view(0),
            Table::new(Rules::taiwan16(), 0).unwrap().view(0)
        );
    }

    #[test]
    fn seat_and_deal_errors() {
        let mut t = default_table();
        for (s, call) in [
            (4, Call::TableView),
            (-1, Call::TableLegalActions),
            (4, Call::TableApply),
            (4, Call::TableDecide),
        ] {
            assert_eq!(
                err(seat(call, s)),
                format!("MjTable.{}: seat {s} is not a seat (0 to 3)", call.name())
            );
        }
        assert_eq!(
            err(view(&t, 4)),
            "MjTable.view: seat 4 is not a seat (0 to 3)"
        );
        assert_eq!(
            err(legal_actions(&t, 4)),
            "MjTable.legal_actions: seat 4 is not a seat (0 to 3)"
        );
        assert_eq!(
            err(deal(&mut t, 0, 4, 0)),
            "MjTable.deal: dealer 4 is not a seat (0 to 3)"
        );
        assert_eq!(
            err(deal(&mut t, 0, 0, 4)),
            "MjTable.deal: wind 4 is not a wind (0 to 3: East South West North)"
        );
        assert_eq!(
            err(deal(&mut t, -1, 0, 0)),
            "MjTable.deal: hand_index -1 is not 0 to 4294967295"
        );
        deal(&mut t, 5, 2, 1).unwrap();
        let v = t.view(2);
        assert_eq!((v.hand_index, v.dealer, v.prevalent_wind), (5, 2, 1));
        assert_eq!(t.pending(), 1 << 2);
        assert_eq!(
            err(next_hand(&mut t)),
            "MjTable.next_hand: the hand is not over (phase turn)"
        );
    }

    #[test]
    fn action_parsing_and_errors() {
        let call = Call::TableApply;
        let a = |e: &[(&str, Value)]| action(call, &map(e));
        assert_eq!(
            a(&[("kind", text("discard")), ("tile", Value::Int(4))]),
            Ok(Action::new(ActionKind::Discard, 4))
        );
        assert_eq!(
            a(&[("kind", text("pung")), ("tile", text("E"))]),
            Ok(Action::new(ActionKind::Pung, 27))
        );
        assert_eq!(a(&[("kind", text("pass"))]), Ok(Action::PASS));
        assert_eq!(
            a(&[("kind", text("pass")), ("tile", Value::Int(-1))]),
            Ok(Action::PASS)
        );
        assert_eq!(
            err(a(&[("kind", text("riichi")), ("tile", Value::Int(4))])),
            "MjTable.apply: action kind \"riichi\" is not one of pass, discard, chow, pung, \
             exposed_kong, added_kong, concealed_kong, win"
        );
        assert_eq!(
            err(a(&[("kind", Value::Int(1))])),
            "MjTable.apply: action kind must be a String (pass, discard, chow, pung, \
             exposed_kong, added_kong, concealed_kong, win), not a int"
        );
        assert_eq!(
            err(a(&[("tile", Value::Int(4))])),
            "MjTable.apply: action has no kind"
        );
        assert_eq!(
            err(a(&[("kind", text("discard"))])),
            "MjTable.apply: a discard action needs a tile"
        );
        assert_eq!(
            err(a(&[("kind", text("discard")), ("tile", Value::Int(34))])),
            "MjTable.apply: action tile 34 is not a tile kind (0 to 33)"
        );
        assert_eq!(
            err(a(&[("kind", text("pass")), ("tile", Value::Int(3))])),
            "MjTable.apply: a pass has no tile (leave it out or give -1)"
        );
        assert_eq!(
            err(a(&[
                ("kind", text("win")),
                ("tile", Value::Int(3)),
                ("seat", Value::Int(0))
            ])),
            "MjTable.apply: action has an unknown key \"seat\" (kind, tile)"
        );
        assert_eq!(
            err(action(call, &Value::Nil)),
            "MjTable.apply: action must be a Dictionary {kind, tile}, not a null"
        );
    }

    #[test]
    fn legal_actions_round_trip() {
        let t = create(&Value::Nil, 3).unwrap();
        let legal = legal_actions(&t, 0).unwrap();
        let core = t.legal_actions(0);
        assert_eq!(legal.len(), core.len());
        assert!(!legal.is_empty());
        for (o, a) in legal.iter().zip(core.as_slice()) {
            assert_eq!(action(Call::TableApply, &back(o)), Ok(*a));
        }
        // Seats the table does not wait for have no action.
        assert_eq!(legal_actions(&t, 1), Ok(vec![]));
    }

    #[test]
    fn illegal_action_changes_nothing() {
        let mut t = create(&Value::Nil, 11).unwrap();
        let before = t.view(0);
        // The whole table, hidden tiles and the wall included.
        let whole = format!("{t:?}");
        let hand = before.hand;
        let absent = (0..34).find(|&k| hand[k] == 0).unwrap();
        let msg = err(apply(
            &mut t,
            0,
            &map(&[
                ("kind", text("discard")),
                ("tile", Value::Int(absent as i64)),
            ]),
        ));
        assert!(
            msg.starts_with(&format!(
                "MjTable.apply: discard {} is not a legal action of seat 0 now (legal: discard ",
                kind_name(absent)
            )),
            "{msg}"
        );
        assert_eq!(
            err(apply(&mut t, 1, &map(&[("kind", text("pass"))]))),
            "MjTable.apply: the table does not wait for seat 1 (pending: seats [0])"
        );
        assert_eq!(
            err(apply(&mut t, 4, &map(&[("kind", text("pass"))]))),
            "MjTable.apply: seat 4 is not a seat (0 to 3)"
        );
        assert_eq!(
            err(apply(&mut t, 0, &map(&[("kind", text("chew"))]))),
            "MjTable.apply: action kind \"chew\" is not one of pass, discard, chow, pung, \
             exposed_kong, added_kong, concealed_kong, win"
        );
        assert_eq!(t.view(0), before);
        assert_eq!(format!("{t:?}"), whole);
        // A legal discard is applied.
        let d = kind_name((0..34).find(|&k| hand[k] > 0).unwrap());
        apply(
            &mut t,
            0,
            &map(&[("kind", text("discard")), ("tile", text(&d))]),
        )
        .unwrap();
        assert_ne!(t.view(0), before);
        let v = view(&t, 2).unwrap();
        let Some(Out::List(discards)) = v.get("discards") else {
            panic!("no discards")
        };
        assert_eq!(discards.len(), 1);
        assert_eq!(int(discards[0].get("seat")), 0);
        assert_eq!(int(discards[0].get("claimed_by")), -1);
        // In a claim phase (bots play until a discard can be claimed): a pung of a tile that is
        // not offered, and a discard, are refused and change nothing.
        while t.phase() != Phase::Claim {
            let s = t.pending().trailing_zeros() as i64;
            let a = decide(&t, s, "greedy").unwrap();
            apply(&mut t, s, &back(&action_out(&a))).unwrap();
        }
        let s = t.pending().trailing_zeros() as i64;
        let offered = t.view(s as usize).offered;
        let other = kind_name(usize::from((offered + 1) % 34));
        let whole = format!("{t:?}");
        let msg = err(apply(
            &mut t,
            s,
            &map(&[("kind", text("pung")), ("tile", text(&other))]),
        ));
        assert!(
            msg.starts_with(&format!(
                "MjTable.apply: pung {other} is not a legal action of seat {s} now (legal: "
            )) && msg.ends_with("pass)"),
            "{msg}"
        );
        let discard = map(&[("kind", text("discard")), ("tile", text(&other))]);
        assert!(apply(&mut t, s, &discard).is_err());
        assert_eq!(format!("{t:?}"), whole);
        assert_eq!(
            legal_actions(&t, s).unwrap().last(),
            Some(&action_out(&Action::PASS))
        );
        let pass = map(&[("kind", text("pass")), ("tile", Value::Int(-1))]);
        apply(&mut t, s, &pass).unwrap();
        assert_ne!(format!("{t:?}"), whole);
    }

    #[test]
    fn bot_names() {
        let call = Call::TableDecide;
        assert_eq!(bot(call, "mjkit"), Ok(BotConfig::mjkit()));
        assert_eq!(bot(call, "greedy"), Ok(BotConfig::greedy()));
        assert_eq!(bot(call, "thesis:99"), Ok(BotConfig::thesis(99)));
        assert_eq!(bot(call, "thesis:1"), Ok(BotConfig::thesis(1)));
        for bad in ["seed:99", "thesis", "Mjkit", "", "random"] {
            assert_eq!(
                err(bot(call, bad)),
                format!(
                    "MjTable.decide: unknown bot {bad:?}: the bots are mjkit, greedy and thesis:N (N from 1 to 99)"
                )
            );
        }
        for (bad, level) in [("thesis:0", "0"), ("thesis:100", "100"), ("thesis:", "")] {
            assert_eq!(
                err(bot(call, bad)),
                format!(
                    "MjTable.decide: bad AttackLevel {level:?} in thesis:N: N is a whole number from 1 to 99"
                )
            );
        }
    }

    /// Every seat's view Dictionary: each seat holds 3 tiles per meld plus its concealed tiles
    /// (16 or 17, 13 or 14), and other seats' concealed kongs show no tile.
    fn check_views(t: &Table) {
        let size = t.rules().variant.hand_tiles() as i64;
        for viewer in 0..4 {
            let v = view(t, viewer).unwrap();
            let (Some(Out::List(melds)), Some(Out::Ints(concealed))) =
                (v.get("melds"), v.get("concealed_counts"))
            else {
                panic!("no melds or concealed_counts")
            };
            for (s, ms) in melds.iter().enumerate() {
                let Out::List(ms) = ms else {
                    panic!("melds[{s}]")
                };
                let held = i64::from(concealed[s]) + 3 * ms.len() as i64;
                assert!(held == size || held == size + 1, "seat {s} holds {held}");
                for m in ms {
                    if m.get("kind") == Some(&Out::Text("concealed_kong".into())) {
                        assert_eq!(int(m.get("tile")) == -1, s as i64 != viewer);
                    }
                }
            }
        }
    }

    /// Plays one hand with the bots through the functions GDScript calls, as the demo does.
    fn play(t: &mut Table, bots: [&str; 4]) -> Out {
        let mut steps = 0;
        while t.phase() != Phase::Over {
            for s in 0..4 {
                if t.pending() >> s & 1 == 1 {
                    let a = decide(t, s, bots[s as usize]).unwrap();
                    // The bot saw only its seat's view.
                    assert_eq!(
                        ai::decide_checked(
                            &t.view(s as usize),
                            &bot(Call::TableDecide, bots[s as usize]).unwrap()
                        ),
                        Ok(a)
                    );
                    apply(t, s, &back(&action_out(&a))).unwrap();
                }
            }
            check_views(t);
            steps += 1;
            assert!(steps < 1000, "the hand does not end");
        }
        result(t).unwrap()
    }

    #[test]
    fn bots_play_whole_hands_and_results_match_the_core() {
        for (seed, variant) in [(1, "taiwan16"), (2, "13"), (3, "taiwan16")] {
            let mut t = create(&map(&[("variant", text(variant))]), seed).unwrap();
            assert_eq!(
                err(result(&t)),
                "MjTable.result: the hand is not over (phase turn)"
            );
            let r = play(&mut t, ["mjkit", "thesis:99", "greedy", "thesis:5"]);
            assert_eq!(r, result_out(&t.result().unwrap()));
            let Some(Out::Ints(points)) = r.get("points") else {
                panic!("no points")
            };
            assert_eq!(points.iter().sum::<i32>(), 0, "thesis points sum to zero");
            let v = view(&t, 0).unwrap();
            assert_eq!(v.get("phase"), Some(&Out::Text("over".into())));
            assert_eq!(int(v.get("actor")), -1);
            assert_eq!(v.get("scores"), Some(&Out::Ints(points.clone())));
            assert_eq!(
                err(decide(&t, 0, "mjkit")),
                "MjTable.decide: the hand is over (deal or next_hand first)"
            );
            assert_eq!(
                err(apply(&mut t, 0, &map(&[("kind", text("pass"))]))),
                "MjTable.apply: the hand is over (deal or next_hand first)"
            );
            next_hand(&mut t).unwrap();
            assert_eq!(int(view(&t, 0).unwrap().get("hand_index")), 1);
            assert!(result(&t).is_err());
        }
        // Same seed, same bots: the same hand.
        let mut a = create(&Value::Nil, 9).unwrap();
        let mut b = create(&Value::Nil, 9).unwrap();
        assert_eq!(play(&mut a, ["mjkit"; 4]), play(&mut b, ["mjkit"; 4]));
    }

    #[test]
    fn decide_errors() {
        let t = create(&Value::Nil, 4).unwrap();
        assert_eq!(
            err(decide(&t, 4, "mjkit")),
            "MjTable.decide: seat 4 is not a seat (0 to 3)"
        );
        assert_eq!(
            err(decide(&t, 0, "thesis:0")),
            "MjTable.decide: bad AttackLevel \"0\" in thesis:N: N is a whole number from 1 to 99"
        );
        assert_eq!(
            err(decide(&t, 2, "greedy")),
            "MjTable.decide: the table does not wait for seat 2 (pending: seats [0])"
        );
        let a = decide(&t, 0, "greedy").unwrap();
        assert!(t.legal_actions(0).contains(&a));
    }

    #[test]
    fn view_shows_melds_flowers_and_hides_concealed_kongs() {
        let m = meld_out(&Meld {
            kind: MeldKind::ConcealedKong,
            tile: NO_TILE,
            claimed: NO_TILE,
            from: NO_SEAT,
        });
        assert_eq!(
            m,
            Out::Map(vec![
                ("kind", Out::Text("concealed_kong".into())),
                ("tile", Out::Int(-1)),
                ("claimed", Out::Int(-1)),
                ("from", Out::Int(-1)),
            ])
        );
        assert_eq!(flower_list(0b1010_0001), vec![0, 5, 7]);
        assert_eq!(seats_of(0b1010), vec![1, 3]);
        // Flowers of a 16-tile deal: the view lists the same set the core holds.
        let t = create(&Value::Nil, 5).unwrap();
        let core = t.view(1);
        let v = view_out(&core);
        let Some(Out::List(fl)) = v.get("flowers") else {
            panic!("no flowers")
        };
        let mut dealt = 0;
        for (s, f) in fl.iter().enumerate() {
            assert_eq!(*f, Out::Ints(flower_list(core.flowers[s])));
            dealt += core.flowers[s].count_ones();
        }
        assert!(dealt > 0, "seed 5 deals flowers");
        assert_eq!(action_text(&Action::new(ActionKind::Chow, 0)), "chow 1m");
        assert_eq!(action_text(&Action::PASS), "pass");
    }
}
