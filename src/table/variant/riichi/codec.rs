//! The riichi rules in records (a JSON object of every switch by name) and snapshots (a fixed
//! blob), both read back strictly.

use super::rules::{KanDora, RiichiTableRules};

/// A value of the record's `riichi` object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Value {
    Bool(bool),
    Int(i64),
    Name(&'static str),
    Ints(Vec<i64>),
}

/// A named field of `T` of type `F`.
type Field<T, F> = (&'static str, fn(&mut T) -> &mut F);

/// A record's fields by name.
type Named = Vec<(&'static str, Value)>;

/// The scorer's 0/1 switches, by record name, with their field.
const SCORING: [Field<crate::riichi::Rules, u8>; 14] = [
    ("open_tanyao", |r| &mut r.open_tanyao),
    ("aka_dora", |r| &mut r.aka_dora),
    ("double_yakuman", |r| &mut r.double_yakuman),
    ("kiriage", |r| &mut r.kiriage),
    ("fu_for_open_pinfu", |r| &mut r.fu_for_open_pinfu),
    ("fu_for_pinfu_tsumo", |r| &mut r.fu_for_pinfu_tsumo),
    ("renhou_as_yakuman", |r| &mut r.renhou_as_yakuman),
    ("daisharin", |r| &mut r.daisharin),
    ("daisharin_other_suits", |r| &mut r.daisharin_other_suits),
    ("daichisei", |r| &mut r.daichisei),
    ("sashikomi", |r| &mut r.sashikomi),
    ("sextuple_limit", |r| &mut r.sextuple_limit),
    ("paarenchan_needs_yaku", |r| &mut r.paarenchan_needs_yaku),
    ("three_player", |r| &mut r.three_player),
];

/// The table's boolean switches, by record name, with their field.
const SWITCHES: [Field<RiichiTableRules, bool>; 17] = [
    ("kuikae", |r| &mut r.kuikae),
    ("kokushi_robs_concealed_kong", |r| {
        &mut r.kokushi_robs_concealed_kong
    }),
    ("triple_ron_draw", |r| &mut r.triple_ron_draw),
    ("nine_terminals", |r| &mut r.nine_terminals),
    ("four_winds", |r| &mut r.four_winds),
    ("four_riichi", |r| &mut r.four_riichi),
    ("four_kongs", |r| &mut r.four_kongs),
    ("renhou", |r| &mut r.renhou),
    ("nagashi", |r| &mut r.nagashi),
    ("pao", |r| &mut r.pao),
    ("pao_liability_only", |r| &mut r.pao_liability_only),
    ("dealer_first_discard_drawn", |r| {
        &mut r.dealer_first_discard_drawn
    }),
    ("bust", |r| &mut r.bust),
    ("extension", |r| &mut r.extension),
    ("agari_yame", |r| &mut r.agari_yame),
    ("tenpai_yame", |r| &mut r.tenpai_yame),
    ("sticks_to_first", |r| &mut r.sticks_to_first),
];

/// The kong kinds' dora timings, by record name.
const KAN_DORA: [Field<RiichiTableRules, KanDora>; 3] = [
    ("kan_dora_concealed", |r| &mut r.kan_dora_concealed),
    ("kan_dora_exposed", |r| &mut r.kan_dora_exposed),
    ("kan_dora_added", |r| &mut r.kan_dora_added),
];

const KAN_DORA_NAMES: [&str; 2] = ["immediate", "after_discard"];

fn kan_dora_code(k: KanDora) -> u8 {
    match k {
        KanDora::Immediate => 0,
        KanDora::AfterDiscard => 1,
    }
}

fn kan_dora_of(code: u8) -> Option<KanDora> {
    match code {
        0 => Some(KanDora::Immediate),
        1 => Some(KanDora::AfterDiscard),
        _ => None,
    }
}

/// Every field by record name, in the order a record writes them (the scorer's switches under
/// `scoring`, then `kazoe`).
pub(crate) fn fields(r: &RiichiTableRules) -> (Named, Named) {
    let mut r = *r;
    let mut scoring: Vec<(&'static str, Value)> = SCORING
        .iter()
        .map(|(n, f)| (*n, Value::Bool(*f(&mut r.scoring) != 0)))
        .collect();
    scoring.push(("kazoe", Value::Int(i64::from(r.scoring.kazoe))));
    let mut out = vec![("red_fives", Value::Int(i64::from(r.red_fives)))];
    for (n, f) in SWITCHES {
        out.push((n, Value::Bool(*f(&mut r))));
    }
    for (n, f) in KAN_DORA {
        out.push((
            n,
            Value::Name(KAN_DORA_NAMES[usize::from(kan_dora_code(*f(&mut r)))]),
        ));
    }
    out.push(("target", Value::Int(i64::from(r.target))));
    out.push(("return_score", Value::Int(i64::from(r.return_score))));
    out.push((
        "uma",
        Value::Ints(r.uma.iter().map(|&u| i64::from(u)).collect()),
    ));
    (scoring, out)
}

/// The rules from their record fields: `scoring` and `table` give a value by name (each name
/// asked once); every name must be present with a value of its type and in range.
pub(crate) fn from_fields(
    mut scoring: impl FnMut(&str) -> Option<Value>,
    mut table: impl FnMut(&str) -> Option<Value>,
) -> Result<RiichiTableRules, &'static str> {
    let missing = "a required key is missing";
    let mut r = RiichiTableRules::tenhou();
    for (n, f) in SCORING {
        match scoring(n).ok_or(missing)? {
            Value::Bool(b) => *f(&mut r.scoring) = u8::from(b),
            _ => return Err("true or false was expected"),
        }
    }
    r.scoring.kazoe = int(scoring("kazoe").ok_or(missing)?)?;
    r.red_fives = int(table("red_fives").ok_or(missing)?)?;
    for (n, f) in SWITCHES {
        match table(n).ok_or(missing)? {
            Value::Bool(b) => *f(&mut r) = b,
            _ => return Err("true or false was expected"),
        }
    }
    for (n, f) in KAN_DORA {
        match table(n).ok_or(missing)? {
            Value::Name(s) => {
                let code = KAN_DORA_NAMES
                    .iter()
                    .position(|k| *k == s)
                    .ok_or("unknown name")?;
                *f(&mut r) = kan_dora_of(code as u8).ok_or("unknown name")?;
            }
            _ => return Err("a name was expected"),
        }
    }
    r.target = int(table("target").ok_or(missing)?)?;
    r.return_score = int(table("return_score").ok_or(missing)?)?;
    match table("uma").ok_or(missing)? {
        Value::Ints(list) if list.len() == 4 => {
            for (o, v) in r.uma.iter_mut().zip(list) {
                *o = int(Value::Int(v))?;
            }
        }
        _ => return Err("uma must be four numbers"),
    }
    if !r.is_valid() {
        return Err("riichi rules out of range");
    }
    Ok(r)
}

fn int<T: TryFrom<i64>>(v: Value) -> Result<T, &'static str> {
    match v {
        Value::Int(n) => T::try_from(n).map_err(|_| "number out of range"),
        _ => Err("a number was expected"),
    }
}

/// Bytes of the riichi rules blob of a snapshot.
pub(crate) const BLOB: usize = 46;

/// The snapshot blob: the scorer's 14 switches (u8 each) and its kazoe, the red fives, the table
/// switches as a u32 bit set (in the record's order), the three kan dora timings, the target,
/// the return score and the four uma (i32 each).
pub(crate) fn encode(r: &RiichiTableRules, b: &mut Vec<u8>) {
    let mut r = *r;
    for (_, f) in SCORING {
        b.push(*f(&mut r.scoring));
    }
    b.push(r.scoring.kazoe);
    b.push(r.red_fives);
    let mut bits = 0u32;
    for (i, (_, f)) in SWITCHES.iter().enumerate() {
        bits |= u32::from(*f(&mut r)) << i;
    }
    b.extend_from_slice(&bits.to_le_bytes()[..3]);
    for (_, f) in KAN_DORA {
        b.push(kan_dora_code(*f(&mut r)));
    }
    b.extend_from_slice(&r.target.to_le_bytes());
    b.extend_from_slice(&r.return_score.to_le_bytes());
    for u in r.uma {
        b.extend_from_slice(&u.to_le_bytes());
    }
}

/// The rules of a snapshot blob (`BLOB` bytes), or what is wrong.
pub(crate) fn decode(b: &[u8; BLOB]) -> Result<RiichiTableRules, &'static str> {
    let mut r = RiichiTableRules::tenhou();
    let mut at = 0;
    for (_, f) in SCORING {
        *f(&mut r.scoring) = b[at];
        at += 1;
    }
    r.scoring.kazoe = b[at];
    r.red_fives = b[at + 1];
    at += 2;
    let bits = u32::from_le_bytes([b[at], b[at + 1], b[at + 2], 0]);
    at += 3;
    if bits >> SWITCHES.len() != 0 {
        return Err("riichi switches");
    }
    for (i, (_, f)) in SWITCHES.iter().enumerate() {
        *f(&mut r) = bits >> i & 1 != 0;
    }
    for (_, f) in KAN_DORA {
        *f(&mut r) = kan_dora_of(b[at]).ok_or("kan dora timing")?;
        at += 1;
    }
    let i32_at = |at: usize| i32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]);
    r.target = i32_at(at);
    r.return_score = i32_at(at + 4);
    at += 8;
    for u in &mut r.uma {
        *u = i32_at(at);
        at += 4;
    }
    debug_assert_eq!(at, BLOB);
    if !r.is_valid() {
        return Err("riichi rules out of range");
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encode_decode_round_trips_every_switch() {
        let mut all = vec![RiichiTableRules::tenhou(), RiichiTableRules::mahjong_soul()];
        for switch in SWITCHES {
            let mut r = RiichiTableRules::tenhou();
            let f = switch.1;
            *f(&mut r) ^= true;
            all.push(r);
        }
        let mut r = RiichiTableRules::tenhou();
        r.red_fives = 4;
        r.kan_dora_concealed = KanDora::AfterDiscard;
        r.target = -7;
        r.uma = [i32::MIN, 1, 2, i32::MAX];
        r.scoring.kazoe = 2;
        all.push(r);
        for r in all {
            let mut b = Vec::new();
            encode(&r, &mut b);
            assert_eq!(b.len(), BLOB);
            assert_eq!(decode(&b.try_into().unwrap()), Ok(r));
            let (s, t) = fields(&r);
            let back = from_fields(
                |n| s.iter().find(|(k, _)| *k == n).map(|(_, v)| v.clone()),
                |n| t.iter().find(|(k, _)| *k == n).map(|(_, v)| v.clone()),
            );
            assert_eq!(back, Ok(r));
        }
    }
}
