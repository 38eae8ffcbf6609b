//! `MjTable.hint` and `MjTable.visible`: a hint for a human player in a seat, and the tiles that
//! seat sees, as GDScript values.

use super::table::{action_out, bot, not_pending, phase_name, seat};
use super::{Call, Out, Result, fail};
use mjkit::ai::{self, Hint, Reason, ValueUnit, VariantHint};
use mjkit::table::Table;

/// The reason names of a hint (`reason`), in code order: snake case of [`Reason`].
pub const REASONS: [(&str, Reason); 17] = [
    ("only", Reason::Only),
    ("win", Reason::Win),
    ("flower_win", Reason::FlowerWin),
    ("pass_win_for_value", Reason::PassWinForValue),
    ("overlooked_win", Reason::OverlookedWin),
    ("efficient", Reason::Efficient),
    ("look_ahead", Reason::LookAhead),
    ("value", Reason::Value),
    ("defend", Reason::Defend),
    ("push", Reason::Push),
    ("kong", Reason::Kong),
    ("claim", Reason::Claim),
    ("pass_claim", Reason::PassClaim),
    ("pass_claim_for_value", Reason::PassClaimForValue),
    ("overlooked_claim", Reason::OverlookedClaim),
    ("habit", Reason::Habit),
    ("loneliest", Reason::Loneliest),
];

fn reason_name(r: Reason) -> &'static str {
    REASONS
        .iter()
        .find(|(_, x)| *x == r)
        .map_or("unknown", |(n, _)| n)
}

/// The kinds of a mask, ascending.
fn kinds(mask: u64) -> Out {
    Out::Ints((0..34).filter(|k| mask >> k & 1 == 1).collect())
}

fn floats(v: &[f64]) -> Out {
    Out::List(v.iter().map(|&x| Out::Float(x)).collect())
}

/// The Dictionary of a hint: `{seat, phase, shanten, options, danger, ready, choice,
/// choice_index, efficient_index, reason, reason_text, level, unit, variant, tai}`; each option `{action,
/// shanten, live, accepted, danger, win_chance, value}`; `tai` (`{deal_in_tai,
/// deal_in_payment}`) only with `variant` `"tai"`.
pub fn hint_out(h: &Hint, level: u8) -> Out {
    let choice_index = h
        .options
        .iter()
        .position(|o| o.action == h.choice)
        .unwrap_or(0);
    let options = h
        .options
        .iter()
        .map(|o| {
            Out::Map(vec![
                ("action", action_out(&o.action)),
                ("shanten", Out::Int(o.shanten.into())),
                ("live", Out::Int(o.live.into())),
                ("accepted", kinds(o.accepted)),
                ("danger", Out::Float(o.danger)),
                ("win_chance", Out::Float(o.win_chance)),
                ("value", Out::Float(o.value)),
            ])
        })
        .collect();
    let mut m = vec![
        ("seat", Out::Int(h.seat.into())),
        ("phase", Out::Text(phase_name(h.phase).to_owned())),
        ("shanten", Out::Int(h.shanten.into())),
        ("options", Out::Dicts(options)),
        ("danger", floats(&h.danger)),
        ("ready", floats(&h.ready)),
        ("choice", action_out(&h.choice)),
        ("choice_index", Out::Int(choice_index as i64)),
        (
            "efficient_index",
            Out::Int(
                h.efficient
                    .and_then(|e| h.options.iter().position(|o| o.action == e))
                    .map_or(-1, |i| i as i64),
            ),
        ),
        ("reason", Out::Text(reason_name(h.reason).to_owned())),
        ("reason_text", Out::Text(h.reason.text().to_owned())),
        ("level", Out::Int(level.into())),
        (
            "unit",
            Out::Text(
                match h.value_unit {
                    ValueUnit::Tai => "tai",
                    _ => "none",
                }
                .to_owned(),
            ),
        ),
    ];
    match &h.variant {
        VariantHint::Tai(t) => {
            m.push(("variant", Out::Text("tai".to_owned())));
            m.push((
                "tai",
                Out::Map(vec![
                    ("deal_in_tai", floats(&t.deal_in_tai)),
                    ("deal_in_payment", floats(&t.deal_in_payment)),
                ]),
            ));
        }
        _ => m.push(("variant", Out::Text("thesis".to_owned()))),
    }
    Out::Map(m)
}

/// `MjTable.hint`: the hint of mjkit's bot named `bot_name` (`"mjkit"` or `"mjkit:L"`, level L
/// 1-5) for `seat`, from that seat's view alone.
pub fn hint(t: &Table, s: i64, bot_name: &str) -> Result<Out> {
    let call = Call::TableHint;
    let s = seat(call, s)?;
    let cfg = bot(call, bot_name)?;
    if cfg.kind != ai::BotKind::Mjkit {
        return fail(
            call,
            format_args!(
                "hints come from mjkit's bot (\"mjkit\" or \"mjkit:L\"), not {bot_name:?}"
            ),
        );
    }
    if let Some(why) = not_pending(t, s) {
        return fail(call, why);
    }
    let h = ai::hint(&t.view(s), &cfg).or_else(|e| fail(call, e))?;
    Ok(hint_out(&h, cfg.level))
}

/// `MjTable.visible`: the tiles `seat` sees outside its own concealed hand, per kind (34
/// counts).
pub fn visible(t: &Table, s: i64) -> Result<Vec<u8>> {
    let s = seat(Call::TableVisible, s)?;
    Ok(t.view(s).visible().to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use mjkit::table::Rules;

    #[test]
    fn reasons_are_in_code_order_and_complete() {
        for (i, (_, r)) in REASONS.iter().enumerate() {
            assert_eq!(*r as u8 as usize, i);
        }
        assert_eq!(REASONS.len(), Reason::ALL.len());
    }

    #[test]
    fn hint_of_the_dealer_and_every_error() {
        let t = Table::new(Rules::taiwan16(), 3).unwrap();
        let h = hint(&t, 0, "mjkit:2").unwrap();
        let legal = t.legal_actions(0);
        match h.get("options") {
            Some(Out::Dicts(o)) => assert_eq!(o.len(), legal.len()),
            other => panic!("{other:?}"),
        }
        assert!(matches!(h.get("level"), Some(Out::Int(2))));
        assert!(matches!(h.get("variant"), Some(Out::Text(v)) if v == "tai"));
        assert!(h.get("tai").is_some());
        let core = ai::hint(&t.view(0), &"mjkit:2".parse().unwrap()).unwrap();
        assert!(matches!(h.get("reason"), Some(Out::Text(r)) if r == reason_name(core.reason)));
        for (seat, bot_name, needle) in [
            (0, "thesis:99", "hints come from mjkit's bot"),
            (0, "greedy", "hints come from mjkit's bot"),
            (0, "mjkit:0", "bad level"),
            (0, "mjkit:6", "bad level"),
            (0, "nobody", "unknown bot"),
            (1, "mjkit", "does not wait for seat 1"),
            (4, "mjkit", "seat"),
        ] {
            let e = hint(&t, seat, bot_name).unwrap_err().to_string();
            assert!(e.contains(needle), "{seat} {bot_name}: {e}");
            assert!(e.contains("MjTable.hint"), "{e}");
        }
        let v = visible(&t, 2).unwrap();
        assert_eq!(v, t.view(2).visible().to_vec());
        assert!(visible(&t, -1).is_err());
    }
}
