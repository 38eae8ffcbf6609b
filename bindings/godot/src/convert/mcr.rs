//! `MjKit`'s Chinese Official (MCR) scoring: `mcr_score` and `fan_info`.

use super::{
    Call, Out, Result, ToOut, Value, dict_entries, dicts, explain, fail, hand_counts, int, int_in,
    kind_name, meld_parts, tile_arg,
};
use mjkit::mcr::{self, McrHand, Meld, MeldKind, Score, fans};

/// One fan of a score as plain values: what `MjKit` returns as a Dictionary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FanOut {
    /// Official id, 1..=82.
    pub id: i32,
    /// How many times it counts.
    pub count: i32,
    /// Points of one occurrence.
    pub points: i32,
    /// Chinese name.
    pub name_zh: String,
    /// English name.
    pub name_en: String,
}

impl ToOut for FanOut {
    fn to_out(&self) -> Out {
        Out::Map(vec![
            ("id", int(self.id)),
            ("count", int(self.count)),
            ("points", int(self.points)),
            ("name_zh", Out::Text(self.name_zh.clone())),
            ("name_en", Out::Text(self.name_en.clone())),
        ])
    }
}

/// `MjKit.fan_info`: points and names of fan `id` (1..=82).
pub fn fan_info(id: i64) -> Result<FanOut> {
    let info = usize::try_from(id).ok().and_then(|i| {
        Some((
            fans::points(i)?,
            fans::name_zh(i)?.to_str().ok()?,
            fans::name_en(i)?.to_str().ok()?,
        ))
    });
    match info {
        Some((points, zh, en)) => Ok(FanOut {
            id: id as i32,
            count: 1,
            points: i32::from(points),
            name_zh: zh.to_owned(),
            name_en: en.to_owned(),
        }),
        None => fail(
            Call::FanInfo,
            format_args!("{id} is not a fan id (1 to {})", fans::MAX_FAN_ID),
        ),
    }
}

/// `MjKit.mcr_score` as plain values: what `MjKit` returns as a Dictionary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreOut {
    /// Total points, flowers included.
    pub total: i32,
    /// Points without flowers.
    pub base: i32,
    /// Whether `base` reaches the 8-point minimum.
    pub qualifies: bool,
    /// The fans that count, by id.
    pub fans: Vec<FanOut>,
}

impl From<Score> for ScoreOut {
    fn from(s: Score) -> ScoreOut {
        let fans = s
            .fan_list()
            .filter_map(|(id, n)| {
                let mut f = fan_info(id as i64).ok()?;
                f.count = i32::from(n);
                Some(f)
            })
            .collect();
        ScoreOut {
            total: s.total,
            base: s.base,
            qualifies: s.qualifies(),
            fans,
        }
    }
}

impl ToOut for ScoreOut {
    fn to_out(&self) -> Out {
        Out::Map(vec![
            ("total", int(self.total)),
            ("base", int(self.base)),
            ("qualifies", Out::Bool(self.qualifies)),
            ("fans", dicts(&self.fans)),
        ])
    }
}

/// The keys `mcr_score` reads from its options Dictionary.
pub const MCR_OPTION_KEYS: [&str; 5] = ["melds", "flags", "seat_wind", "prevalent_wind", "flowers"];

/// The MCR meld kinds by name, as `melds[i].kind` takes them.
const MCR_MELD_KINDS: [(&str, MeldKind); 4] = [
    ("chow", MeldKind::Chow),
    ("pung", MeldKind::Pung),
    ("kong", MeldKind::Kong),
    ("concealed_kong", MeldKind::ConcealedKong),
];

fn meld(call: Call, i: usize, v: &Value) -> Result<Meld> {
    let (kind, tile, claimed) = meld_parts(
        call,
        i,
        v,
        &MCR_MELD_KINDS,
        MeldKind::ConcealedKong,
        "concealed kong",
    )?;
    Ok(Meld::new(kind, tile, claimed))
}

/// `MjKit.mcr_score`: scores a winning hand under the Chinese Official rules.
///
/// `v` holds the concealed tiles including the winning tile `win_tile`; `options` is the
/// Dictionary of [`MCR_OPTION_KEYS`] (every key optional): `melds` (an Array of Dictionaries
/// `{kind, tile, claimed}`), `flags` (`MjKit.WIN_*` bits), `seat_wind` and `prevalent_wind`
/// (0..=3, East South West North), `flowers` (0..=8).
pub fn mcr_score(v: &Value, win_tile: &Value, options: &Value) -> Result<ScoreOut> {
    let call = Call::McrScore;
    let counts = hand_counts(call, v)?;
    let win_tile = tile_arg(call, win_tile, "win_tile")?;
    let mut h = McrHand::new(counts, win_tile);
    let entries = dict_entries(call, options, "options")?;
    for (key, value) in entries {
        match key.as_str() {
            "melds" => {
                let Value::List(items) = value else {
                    return fail(
                        call,
                        format_args!("melds must be an Array, not a {}", value.type_name()),
                    );
                };
                if items.len() > mcr::MAX_MELDS {
                    return fail(call, format_args!("{} melds; 4 at most", items.len()));
                }
                for (i, m) in items.iter().enumerate() {
                    h = h.with_meld(meld(call, i, m)?);
                }
            }
            "flags" => {
                h.flags = match value {
                    Value::Int(n) if (0..=i64::from(mcr::WIN_ALL)).contains(n) => *n as u32,
                    _ => {
                        return fail(
                            call,
                            format_args!(
                                "flags must be a sum of MjKit.WIN_* bits (0 to {}), not {}",
                                mcr::WIN_ALL,
                                match value {
                                    Value::Int(n) => n.to_string(),
                                    other => format!("a {}", other.type_name()),
                                }
                            ),
                        );
                    }
                }
            }
            "seat_wind" => h.seat_wind = int_in(call, value, "seat_wind", 3)?,
            "prevalent_wind" => h.prevalent_wind = int_in(call, value, "prevalent_wind", 3)?,
            "flowers" => h.flowers = int_in(call, value, "flowers", 8)?,
            other => {
                return fail(
                    call,
                    format_args!(
                        "unknown option {other:?} (known: {})",
                        MCR_OPTION_KEYS.join(", ")
                    ),
                );
            }
        }
    }
    if counts[usize::from(win_tile)] == 0 {
        return fail(
            call,
            format_args!(
                "win_tile {} is not in the hand (the hand includes the winning tile)",
                kind_name(win_tile.into())
            ),
        );
    }
    mcr::score(&h)
        .map(ScoreOut::from)
        .map_err(|e| explain(call, e, "hand + melds"))
}
