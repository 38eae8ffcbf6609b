//! `MjKit`'s hand queries: notation, shanten, win check, waits, tile acceptance and discards.

use super::{
    Call, Out, Result, ToOut, Value, explain, forms, hand, hand_counts, int, kind_name, mask_tiles,
    parse_text, tile_arg, visible,
};
use mjkit::efficiency::{self, Discard, Ukeire};
use mjkit::tile::Counts;
use mjkit::{shanten as core_shanten, tile, win};

/// `MjKit.parse`: the 34 counts of notation text.
pub fn parse(text: &str) -> Result<Counts> {
    parse_text(Call::Parse, text)
}

/// `MjKit.validate`: `Ok` for a valid hand of at most 17 tiles, else the reason.
pub fn validate(v: &Value) -> Result<()> {
    hand(Call::Validate, v).map(|_| ())
}

/// `MjKit.format`: canonical notation of a hand argument (notation is normalised).
pub fn format(v: &Value) -> Result<String> {
    Ok(tile::format(&hand_counts(Call::Format, v)?))
}

/// `MjKit.shanten`: the shanten number (-1 = complete, 0 = ready) under `forms`.
pub fn shanten(v: &Value, form_bits: i64) -> Result<i32> {
    let call = Call::Shanten;
    let f = forms(call, form_bits)?;
    core_shanten::shanten(hand(call, v)?.counts(), f).map_err(|e| explain(call, e, "hand"))
}

/// `MjKit.is_win`: whether a 3n+2 hand is complete in one of `forms`.
pub fn is_win(v: &Value, form_bits: i64) -> Result<bool> {
    let call = Call::IsWin;
    let f = forms(call, form_bits)?;
    win::is_win(hand(call, v)?.counts(), f).map_err(|e| explain(call, e, "hand"))
}

/// `MjKit.waits`: the kinds that complete a 3n+1 hand, ascending.
pub fn waits(v: &Value, form_bits: i64) -> Result<Vec<i32>> {
    let call = Call::Waits;
    let f = forms(call, form_bits)?;
    win::waits(hand(call, v)?.counts(), f)
        .map(mask_tiles)
        .map_err(|e| explain(call, e, "hand"))
}

/// `MjKit.shanten_batch`: [`shanten`] of every hand in one call. An unknown or empty form set
/// fails the whole call; a hand that cannot be analysed gets its own error, the others their
/// number.
pub fn shanten_batch(vs: &[Value], form_bits: i64) -> Result<Vec<Result<i32>>> {
    forms(Call::Shanten, form_bits)?;
    Ok(vs.iter().map(|v| shanten(v, form_bits)).collect())
}

/// `MjKit.is_win_batch`: [`is_win`] of every hand in one call (errors as [`shanten_batch`]).
pub fn is_win_batch(vs: &[Value], form_bits: i64) -> Result<Vec<Result<bool>>> {
    forms(Call::IsWin, form_bits)?;
    Ok(vs.iter().map(|v| is_win(v, form_bits)).collect())
}

/// `MjKit.waits_batch`: [`waits`] of every hand in one call (errors as [`shanten_batch`]).
pub fn waits_batch(vs: &[Value], form_bits: i64) -> Result<Vec<Result<Vec<i32>>>> {
    forms(Call::Waits, form_bits)?;
    Ok(vs.iter().map(|v| waits(v, form_bits)).collect())
}

/// `MjKit.ukeire` as plain values: what `MjKit` returns as a Dictionary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UkeireOut {
    /// Shanten number of the hand.
    pub shanten: i32,
    /// The kinds whose draw lowers the shanten number, ascending.
    pub tiles: Vec<i32>,
    /// Unseen copies of each kind of `tiles`, in the same order.
    pub counts: Vec<i32>,
    /// Sum of `counts`.
    pub total: i32,
}

impl From<Ukeire> for UkeireOut {
    fn from(u: Ukeire) -> UkeireOut {
        let tiles = mask_tiles(u.mask);
        let counts = tiles
            .iter()
            .map(|&k| i32::from(u.per_kind[k as usize]))
            .collect();
        UkeireOut {
            shanten: u.shanten,
            tiles,
            counts,
            total: u.total as i32,
        }
    }
}

impl ToOut for UkeireOut {
    fn to_out(&self) -> Out {
        Out::Map(vec![
            ("shanten", int(self.shanten)),
            ("tiles", Out::Ints(self.tiles.clone())),
            ("counts", Out::Ints(self.counts.clone())),
            ("total", int(self.total)),
        ])
    }
}

/// `MjKit.ukeire`: tile acceptance of a 3n+1 hand; `visible` is `null`, empty, 34 counts or
/// notation.
pub fn ukeire(v: &Value, form_bits: i64, seen: &Value) -> Result<UkeireOut> {
    let call = Call::Ukeire;
    let f = forms(call, form_bits)?;
    let h = hand(call, v)?;
    let seen = visible(call, seen)?;
    efficiency::ukeire(h.counts(), f, seen.as_ref())
        .map(UkeireOut::from)
        .map_err(|e| explain(call, e, "hand + visible tiles"))
}

/// One discard as plain values: what `MjKit` returns as a Dictionary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscardOut {
    /// The kind discarded.
    pub tile: i32,
    /// Shanten number after the discard.
    pub shanten: i32,
    /// The kinds whose draw then lowers the shanten number, ascending.
    pub ukeire: Vec<i32>,
    /// Unseen copies of the kinds of `ukeire`.
    pub ukeire_count: i32,
}

impl From<Discard> for DiscardOut {
    fn from(d: Discard) -> DiscardOut {
        DiscardOut {
            tile: i32::from(d.tile()),
            shanten: d.shanten,
            ukeire: mask_tiles(d.ukeire_mask),
            ukeire_count: d.ukeire_count as i32,
        }
    }
}

impl ToOut for DiscardOut {
    fn to_out(&self) -> Out {
        Out::Map(vec![
            ("tile", int(self.tile)),
            ("shanten", int(self.shanten)),
            ("ukeire", Out::Ints(self.ukeire.clone())),
            ("ukeire_count", int(self.ukeire_count)),
        ])
    }
}

fn all_discards(call: Call, v: &Value, form_bits: i64, seen: &Value) -> Result<Vec<Discard>> {
    let f = forms(call, form_bits)?;
    let h = hand(call, v)?;
    let seen = visible(call, seen)?;
    let mut all = Vec::with_capacity(mjkit::TILE_KINDS);
    efficiency::discards(h.counts(), f, seen.as_ref(), |d| all.push(d))
        .map_err(|e| explain(call, e, "hand + visible tiles"))?;
    Ok(all)
}

/// `MjKit.discards`: every distinct discard of a 3n+2 hand, by increasing kind.
pub fn discards(v: &Value, form_bits: i64, seen: &Value) -> Result<Vec<DiscardOut>> {
    Ok(all_discards(Call::Discards, v, form_bits, seen)?
        .into_iter()
        .map(DiscardOut::from)
        .collect())
}

/// `MjKit.best_discards`: the discards that leave the lowest shanten number and, among those,
/// the most unseen accepted tiles, by increasing kind.
pub fn best_discards(v: &Value, form_bits: i64, seen: &Value) -> Result<Vec<DiscardOut>> {
    let all = all_discards(Call::BestDiscards, v, form_bits, seen)?;
    let best = all
        .iter()
        .map(|d| (d.shanten, std::cmp::Reverse(d.ukeire_count)))
        .min();
    Ok(all
        .into_iter()
        .filter(|d| Some((d.shanten, std::cmp::Reverse(d.ukeire_count))) == best)
        .map(DiscardOut::from)
        .collect())
}

/// `MjKit.tile_index`: the kind of one tile's notation (`"5m"` is 4, `"E"` and `"1z"` are 27).
pub fn tile_index(text: &str) -> Result<i32> {
    tile_arg(Call::TileIndex, &Value::Text(text.to_owned()), "tile").map(i32::from)
}

/// `MjKit.tile_name`: the notation of kind 0..=33 (`"5m"`, `"1z"`).
pub fn tile_name(kind: i64) -> Result<String> {
    tile_arg(Call::TileName, &Value::Int(kind), "tile").map(|k| kind_name(k.into()))
}
