//! Names in the C ABI: tiles, flowers, winds, seats, rounds, actions, meld kinds, reasons, tai
//! patterns and one line per event, in English, Traditional or Simplified Chinese. Every name
//! function has the signature of `mj_format`: its inputs, the language, then `char *buf`,
//! `size_t buf_len` and `size_t *out_len`, and writes NUL-terminated UTF-8.

use super::events::{MjEvent, event_to_core};
use super::table::{MjRules, rules_to_core};
use super::{MjStatus, guard, out_mut};
use crate::table::Reader;
use crate::table::event::{ACTION_KINDS, MELD_KINDS, REASONS};
use crate::table::names::{self, Lang, NameContext, SeatStyle, TileStyle};

/// Bytes that always suffice for every name function but `mj_event_text`, the NUL included.
pub const MJ_NAME_BUF_LEN: usize = 64;
/// Bytes that always suffice for `mj_event_text`, the NUL included.
pub const MJ_TEXT_BUF_LEN: usize = 512;

/// Tile style: notation (`5m`, `7z`, flowers `1f`..`8f`), the same in every language.
pub const MJ_TILE_STYLE_NOTATION: u32 = 0;
/// Tile style: in words ("Five of Characters", 五萬, 五万; "East Wind", 東風; "Plum", 梅).
pub const MJ_TILE_STYLE_WORDS: u32 = 1;
/// Tile style: the Unicode mahjong tile character (U+1F000 block: 🀋, 🀀, 🀢).
pub const MJ_TILE_STYLE_UNICODE: u32 = 2;
/// Seat style: by number ("seat 2", 2號位).
pub const MJ_SEAT_STYLE_NUMBER: u32 = 0;
/// Seat style: relative to the reading seat ("you", "Right" 下家, "Across" 對家, "Left" 上家);
/// for a reader that is not a seat, by wind.
pub const MJ_SEAT_STYLE_RELATIVE: u32 = 1;
/// Seat style: by seat wind, the dealer East ("East", 東家).
pub const MJ_SEAT_STYLE_WIND: u32 = 2;
/// Language: English.
pub const MJ_LANG_ENGLISH: u32 = 0;
/// Language: Traditional Chinese (the characters of Taiwan's game).
pub const MJ_LANG_TRADITIONAL: u32 = 1;
/// Language: Simplified Chinese.
pub const MJ_LANG_SIMPLIFIED: u32 = 2;

/// Who reads a text and how it names seats and tiles (`mj_seat_name`, `mj_event_text`). Start
/// from `mj_name_context_default()`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjNameContext {
    /// The reader (a seat 0..3, `MJ_READER_OBSERVER`, `MJ_READER_SPECTATOR`): its own seat is
    /// "you" in the relative style.
    pub reader: u32,
    /// `MJ_SEAT_STYLE_*`.
    pub seat_style: u32,
    /// `MJ_TILE_STYLE_*`.
    pub tile_style: u32,
    /// The dealer (East) for the wind style, 0..3 (a hand start's text names its own).
    pub dealer: u8,
}

/// The observer, dealer 0, seats by number, tiles in words.
#[unsafe(no_mangle)]
pub extern "C" fn mj_name_context_default() -> MjNameContext {
    MjNameContext {
        reader: super::events::MJ_READER_OBSERVER,
        seat_style: MJ_SEAT_STYLE_NUMBER,
        tile_style: MJ_TILE_STYLE_WORDS,
        dealer: 0,
    }
}

fn lang_of(code: u32) -> Result<Lang, MjStatus> {
    match code {
        MJ_LANG_ENGLISH => Ok(Lang::English),
        MJ_LANG_TRADITIONAL => Ok(Lang::Traditional),
        MJ_LANG_SIMPLIFIED => Ok(Lang::Simplified),
        _ => Err(MjStatus::InvalidArgument),
    }
}

fn tile_style_of(code: u32) -> Result<TileStyle, MjStatus> {
    match code {
        MJ_TILE_STYLE_NOTATION => Ok(TileStyle::Notation),
        MJ_TILE_STYLE_WORDS => Ok(TileStyle::Words),
        MJ_TILE_STYLE_UNICODE => Ok(TileStyle::Unicode),
        _ => Err(MjStatus::InvalidArgument),
    }
}

/// The core context of a C context (NULL: the default).
fn context_of(ctx: Option<&MjNameContext>) -> Result<NameContext, MjStatus> {
    let Some(c) = ctx else {
        return Ok(NameContext::default());
    };
    let reader = Reader::from_code(c.reader).ok_or(MjStatus::InvalidArgument)?;
    let seats = match c.seat_style {
        MJ_SEAT_STYLE_NUMBER => SeatStyle::Number,
        MJ_SEAT_STYLE_RELATIVE => SeatStyle::Relative,
        MJ_SEAT_STYLE_WIND => SeatStyle::Wind,
        _ => return Err(MjStatus::InvalidArgument),
    };
    if c.dealer > 3 {
        return Err(MjStatus::InvalidArgument);
    }
    Ok(NameContext {
        reader,
        dealer: c.dealer,
        seats,
        tiles: tile_style_of(c.tile_style)?,
    })
}

/// Writes `text` and a NUL into `buf` (`buf_len` bytes) and its length into `*out_len`, as
/// `mj_format` does: nothing is written on error.
fn write_text(
    text: &str,
    buf: *mut std::ffi::c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> Result<(), MjStatus> {
    // SAFETY: caller contract: NULL or writable.
    let len = unsafe { out_mut(out_len) }?;
    if buf.is_null() {
        return Err(MjStatus::NullPointer);
    }
    if text.len() >= buf_len {
        return Err(MjStatus::BufferTooSmall);
    }
    // SAFETY: `buf` is writable for `buf_len > text.len()` bytes (caller contract), and a Rust
    // string never overlaps a caller buffer.
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), text.len());
        buf.add(text.len()).write(0);
    }
    *len = text.len();
    Ok(())
}

/// Writes the name of tile code `tile` in `style` (`MJ_TILE_STYLE_*`) and `lang`
/// (`MJ_LANG_*`): tile kinds 0..33, flower codes `MJ_FLOWER_CODE_BASE` + f (34..41) and the red
/// fives 42..44 (`0m`, "Red Five of Characters", 赤五萬, the five's Unicode character).
/// `MJ_NAME_BUF_LEN` bytes always suffice; `*out_len` gets the length without the NUL.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`buf`, `out_len`), `MJ_STATUS_INVALID_ARGUMENT` (a tile above 44,
/// an unknown style or language), `MJ_STATUS_BUFFER_TOO_SMALL`. Nothing is written on error.
///
/// # Safety
/// `buf` is NULL or writable for `buf_len` bytes; `out_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_tile_name(
    tile: u8,
    style: u32,
    lang: u32,
    buf: *mut std::ffi::c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> MjStatus {
    guard(|| {
        let name = names::tile_name(tile, tile_style_of(style)?, lang_of(lang)?)
            .ok_or(MjStatus::InvalidArgument)?;
        write_text(&name, buf, buf_len, out_len)
    })
}

/// Writes the name of flower `flower` (0..7: 春夏秋冬 spring summer autumn winter, 梅蘭竹菊 plum
/// orchid bamboo chrysanthemum) and the seat wind it belongs to under `rules` (`flower % 4`,
/// 0 East = the dealer; under tai rules with `chrysanthemum_west`, the common game's, 菊 is
/// West's and 竹 North's) into `*out_wind` (NULL if not wanted).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`rules`, `buf`, `out_len`), `MJ_STATUS_INVALID_ARGUMENT` (a flower
/// above 7, an unknown language, rules a table refuses), `MJ_STATUS_BUFFER_TOO_SMALL`. Nothing
/// is written on error.
///
/// # Safety
/// `rules` is NULL or readable; `buf` is NULL or writable for `buf_len` bytes; `out_len` and
/// `out_wind` are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_flower_name(
    flower: u8,
    rules: *const MjRules,
    lang: u32,
    buf: *mut std::ffi::c_char,
    buf_len: usize,
    out_len: *mut usize,
    out_wind: *mut u8,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let rules = unsafe { rules.as_ref() }.ok_or(MjStatus::NullPointer)?;
        let rules = rules_to_core(rules)?;
        let (name, wind) =
            names::flower_name(flower, &rules, lang_of(lang)?).ok_or(MjStatus::InvalidArgument)?;
        write_text(&name, buf, buf_len, out_len)?;
        // SAFETY: caller contract; NULL is allowed.
        if let Some(w) = unsafe { out_wind.as_mut() } {
            *w = wind;
        }
        Ok(())
    })
}

/// Writes the name of wind `wind` (0..3: East South West North; 東南西北).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`buf`, `out_len`), `MJ_STATUS_INVALID_ARGUMENT` (a wind above 3,
/// an unknown language), `MJ_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `buf` is NULL or writable for `buf_len` bytes; `out_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_wind_name(
    wind: u8,
    lang: u32,
    buf: *mut std::ffi::c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> MjStatus {
    guard(|| {
        let name = names::wind_name(wind, lang_of(lang)?).ok_or(MjStatus::InvalidArgument)?;
        write_text(&name, buf, buf_len, out_len)
    })
}

/// Writes the name of `seat` (0..3) as `ctx` names seats (NULL: the default context, by
/// number): "seat 2" / 2號位, relative to the reading seat ("you", "Right" 下家, "Across" 對家,
/// "Left" 上家), or by seat wind ("East", 東家).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`buf`, `out_len`), `MJ_STATUS_INVALID_ARGUMENT` (a seat above 3, an
/// unknown language, a context field out of range), `MJ_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `ctx` is NULL or readable; `buf` is NULL or writable for `buf_len` bytes; `out_len` is NULL
/// or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_seat_name(
    seat: u8,
    ctx: *const MjNameContext,
    lang: u32,
    buf: *mut std::ffi::c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let ctx = context_of(unsafe { ctx.as_ref() })?;
        let name = names::seat_name(seat, &ctx, lang_of(lang)?).ok_or(MjStatus::InvalidArgument)?;
        write_text(&name, buf, buf_len, out_len)
    })
}

/// Writes the round of a hand: the prevalent wind and the deal within its wind round counted
/// from the match's first dealer ("East 1" .. "North 4"; 東風東局 .. 北風北局). The three
/// values are in every view (`prevalent_wind`, `dealer`, `first_dealer`).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`buf`, `out_len`), `MJ_STATUS_INVALID_ARGUMENT` (a value above 3,
/// an unknown language), `MJ_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `buf` is NULL or writable for `buf_len` bytes; `out_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_round_name(
    prevalent_wind: u8,
    dealer: u8,
    first_dealer: u8,
    lang: u32,
    buf: *mut std::ffi::c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> MjStatus {
    guard(|| {
        let name = names::round_name(prevalent_wind, dealer, first_dealer, lang_of(lang)?)
            .ok_or(MjStatus::InvalidArgument)?;
        write_text(&name, buf, buf_len, out_len)
    })
}

/// The name of `all[code]` (codes are positions in the core's lists).
fn kind_name<T: Copy>(
    all: &[T],
    code: u8,
    lang: u32,
    name: fn(T, Lang) -> String,
    buf: *mut std::ffi::c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> Result<(), MjStatus> {
    let lang = lang_of(lang)?;
    let kind = all
        .get(usize::from(code))
        .ok_or(MjStatus::InvalidArgument)?;
    write_text(&name(*kind, lang), buf, buf_len, out_len)
}

/// Writes the name of action kind `kind` (`MJ_ACTION_*`: "chow", 吃, ...).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`buf`, `out_len`), `MJ_STATUS_INVALID_ARGUMENT` (an unknown kind or
/// language), `MJ_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `buf` is NULL or writable for `buf_len` bytes; `out_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_action_name(
    kind: u8,
    lang: u32,
    buf: *mut std::ffi::c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> MjStatus {
    guard(|| {
        kind_name(
            &ACTION_KINDS,
            kind,
            lang,
            names::action_name,
            buf,
            buf_len,
            out_len,
        )
    })
}

/// Writes the name of meld kind `kind` (`MJ_MELD_*`: "concealed kong", 暗槓, ...).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`buf`, `out_len`), `MJ_STATUS_INVALID_ARGUMENT` (an unknown kind or
/// language), `MJ_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `buf` is NULL or writable for `buf_len` bytes; `out_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_meld_name(
    kind: u8,
    lang: u32,
    buf: *mut std::ffi::c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> MjStatus {
    guard(|| {
        kind_name(
            &MELD_KINDS,
            kind,
            lang,
            names::meld_name,
            buf,
            buf_len,
            out_len,
        )
    })
}

/// Writes why a claim lost or a payment was made (`MJ_REASON_*`: "dealt in", 放槍, ...).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`buf`, `out_len`), `MJ_STATUS_INVALID_ARGUMENT` (an unknown reason
/// or language), `MJ_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `buf` is NULL or writable for `buf_len` bytes; `out_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_reason_name(
    reason: u8,
    lang: u32,
    buf: *mut std::ffi::c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> MjStatus {
    guard(|| {
        kind_name(
            &REASONS,
            reason,
            lang,
            names::reason_name,
            buf,
            buf_len,
            out_len,
        )
    })
}

/// Writes the name of tai pattern `id` (1..38, as `mj_tai_pattern_info` numbers them) in
/// `lang`: "Concealed hand", 門清, 门清.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`buf`, `out_len`), `MJ_STATUS_INVALID_ARGUMENT` (an unknown id or
/// language), `MJ_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `buf` is NULL or writable for `buf_len` bytes; `out_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_tai_pattern_name(
    id: u8,
    lang: u32,
    buf: *mut std::ffi::c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> MjStatus {
    guard(|| {
        let p = crate::tai::Pattern::from_id(usize::from(id)).ok_or(MjStatus::InvalidArgument)?;
        write_text(
            &names::pattern_name(p, lang_of(lang)?),
            buf,
            buf_len,
            out_len,
        )
    })
}

/// Writes one line of text for an event (no newline) as `ctx` names seats and tiles (NULL: the
/// default context: seats by number, tiles in words), e.g. "seat 1 discards Five of Dots (just
/// drawn)", "you discard ...", 下家打出 五筒, 东风东局 for a hand start. `MJ_TEXT_BUF_LEN` bytes
/// always suffice. A hidden tile is written "a hidden tile" / 暗牌, a code out of range `?`.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`event`, `buf`, `out_len`), `MJ_STATUS_INVALID_ARGUMENT` (an
/// unknown language, a context field out of range, or an event with an unknown kind, action,
/// meld or reason code, a count above `MJ_MAX_EVENT_TILES`, an unknown flag bit),
/// `MJ_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `event` and `ctx` are NULL or readable; `buf` is NULL or writable for `buf_len` bytes;
/// `out_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_event_text(
    event: *const MjEvent,
    ctx: *const MjNameContext,
    lang: u32,
    buf: *mut std::ffi::c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let e = unsafe { event.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: caller contract.
        let ctx = context_of(unsafe { ctx.as_ref() })?;
        let lang = lang_of(lang)?;
        let e = event_to_core(e)?;
        write_text(&names::event_text(&e, &ctx, lang), buf, buf_len, out_len)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name fits `MJ_NAME_BUF_LEN` (NUL included) in every style and language.
    #[test]
    fn names_fit_the_buffer() {
        let mut longest = 0;
        for lang in [Lang::English, Lang::Traditional, Lang::Simplified] {
            for t in 0..42 {
                for style in [TileStyle::Notation, TileStyle::Words, TileStyle::Unicode] {
                    longest = longest.max(names::tile_name(t, style, lang).unwrap().len());
                }
            }
            for p in crate::tai::Pattern::ALL {
                longest = longest.max(names::pattern_name(p, lang).len());
            }
            for r in REASONS {
                longest = longest.max(names::reason_name(r, lang).len());
            }
            for a in ACTION_KINDS {
                longest = longest.max(names::action_name(a, lang).len());
            }
        }
        assert!(longest < MJ_NAME_BUF_LEN, "{longest}");
    }
}
