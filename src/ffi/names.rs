//! Names in the C ABI: tiles, flowers, winds, actions, meld kinds and one line per event, in
//! English or Chinese, written as NUL-terminated UTF-8 into caller buffers.

use super::events::{MjEvent, event_to_core};
use super::{MjStatus, guard};
use crate::table::event::{ACTION_KINDS, MELD_KINDS};
use crate::table::names::{self, Lang, TileStyle};

/// Bytes that always suffice for `mj_tile_name`, `mj_flower_name`, `mj_wind_name`,
/// `mj_action_name` and `mj_meld_name`, the NUL included.
pub const MJ_NAME_BUF_LEN: usize = 32;
/// Bytes that always suffice for `mj_event_text`, the NUL included.
pub const MJ_TEXT_BUF_LEN: usize = 512;

/// Tile style: notation (`5m`, `7z`, flowers `1f`..`8f`).
pub const MJ_TILE_STYLE_NOTATION: u32 = 0;
/// Tile style: English ("Five of Characters", "East Wind", "Plum").
pub const MJ_TILE_STYLE_ENGLISH: u32 = 1;
/// Tile style: Chinese (五萬, 東風, 梅).
pub const MJ_TILE_STYLE_CHINESE: u32 = 2;
/// Tile style: the Unicode mahjong tile character (U+1F000 block: 🀋, 🀀, 🀢).
pub const MJ_TILE_STYLE_UNICODE: u32 = 3;
/// Language: English.
pub const MJ_LANG_ENGLISH: u32 = 0;
/// Language: Chinese (traditional characters).
pub const MJ_LANG_CHINESE: u32 = 1;

fn lang_of(code: u32) -> Result<Lang, MjStatus> {
    match code {
        MJ_LANG_ENGLISH => Ok(Lang::English),
        MJ_LANG_CHINESE => Ok(Lang::Chinese),
        _ => Err(MjStatus::InvalidArgument),
    }
}

/// Writes `text` and a NUL into `buf` (`capacity` bytes).
fn write_text(text: &str, buf: *mut u8, capacity: usize) -> Result<(), MjStatus> {
    if buf.is_null() {
        return Err(MjStatus::NullPointer);
    }
    if text.len() >= capacity {
        return Err(MjStatus::BufferTooSmall);
    }
    // SAFETY: `buf` is writable for `capacity > text.len()` bytes (caller contract), and a
    // Rust string never overlaps a caller buffer.
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr(), buf, text.len());
        buf.add(text.len()).write(0);
    }
    Ok(())
}

/// Writes the name of `all[code]` in language `lang` (codes are positions in the core's lists).
fn kind_name<T: Copy>(
    all: &[T],
    code: u8,
    lang: u32,
    name: fn(T, Lang) -> &'static str,
    buf: *mut u8,
    capacity: usize,
) -> Result<(), MjStatus> {
    let lang = lang_of(lang)?;
    let kind = all
        .get(usize::from(code))
        .ok_or(MjStatus::InvalidArgument)?;
    write_text(name(*kind, lang), buf, capacity)
}

/// Writes the name of tile code `tile` in `style` (`MJ_TILE_STYLE_*`) as NUL-terminated UTF-8:
/// tile kinds 0..33, flower codes `MJ_FLOWER_CODE_BASE` + f (34..41) and the red fives 42..44
/// (`0m`, "Red Five of Characters", 赤五萬, the five's Unicode character).
/// `MJ_NAME_BUF_LEN` bytes always suffice.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`buf`), `MJ_STATUS_INVALID_ARGUMENT` (a tile above 44 or an
/// unknown style), `MJ_STATUS_BUFFER_TOO_SMALL` (nothing written).
///
/// # Safety
/// `buf` is NULL or writable for `capacity` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_tile_name(
    tile: u8,
    style: u32,
    buf: *mut u8,
    capacity: usize,
) -> MjStatus {
    guard(|| {
        let style = match style {
            MJ_TILE_STYLE_NOTATION => TileStyle::Notation,
            MJ_TILE_STYLE_ENGLISH => TileStyle::English,
            MJ_TILE_STYLE_CHINESE => TileStyle::Chinese,
            MJ_TILE_STYLE_UNICODE => TileStyle::Unicode,
            _ => return Err(MjStatus::InvalidArgument),
        };
        let name = names::tile_name(tile, style).ok_or(MjStatus::InvalidArgument)?;
        write_text(&name, buf, capacity)
    })
}

/// Writes the name of flower `flower` (0..7: 春夏秋冬 spring summer autumn winter, 梅蘭竹菊
/// plum orchid bamboo chrysanthemum) and the seat wind it belongs to (`flower % 4`, 0 East =
/// the dealer; `out_wind` may be NULL).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`buf`), `MJ_STATUS_INVALID_ARGUMENT` (a flower above 7, an unknown
/// language), `MJ_STATUS_BUFFER_TOO_SMALL`. Nothing is written on error.
///
/// # Safety
/// `buf` is NULL or writable for `capacity` bytes; `out_wind` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_flower_name(
    flower: u8,
    lang: u32,
    buf: *mut u8,
    capacity: usize,
    out_wind: *mut u8,
) -> MjStatus {
    guard(|| {
        let (name, wind) =
            names::flower_name(flower, lang_of(lang)?).ok_or(MjStatus::InvalidArgument)?;
        write_text(name, buf, capacity)?;
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
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_INVALID_ARGUMENT` (a wind above 3, an unknown language),
/// `MJ_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `buf` is NULL or writable for `capacity` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_wind_name(
    wind: u8,
    lang: u32,
    buf: *mut u8,
    capacity: usize,
) -> MjStatus {
    guard(|| {
        let name = names::wind_name(wind, lang_of(lang)?).ok_or(MjStatus::InvalidArgument)?;
        write_text(name, buf, capacity)
    })
}

/// Writes the name of action kind `kind` (`MJ_ACTION_*`: "chow", 吃, ...).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_INVALID_ARGUMENT` (an unknown kind or language),
/// `MJ_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `buf` is NULL or writable for `capacity` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_action_name(
    kind: u8,
    lang: u32,
    buf: *mut u8,
    capacity: usize,
) -> MjStatus {
    guard(|| kind_name(&ACTION_KINDS, kind, lang, names::action_name, buf, capacity))
}

/// Writes the name of meld kind `kind` (`MJ_MELD_*`: "concealed kong", 暗槓, ...).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_INVALID_ARGUMENT` (an unknown kind or language),
/// `MJ_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `buf` is NULL or writable for `capacity` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_meld_name(
    kind: u8,
    lang: u32,
    buf: *mut u8,
    capacity: usize,
) -> MjStatus {
    guard(|| kind_name(&MELD_KINDS, kind, lang, names::meld_name, buf, capacity))
}

/// Writes one line of text for an event (no newline), e.g. `37: seat 1 discards 5p (drawn)` /
/// `37: 1號位摸打 五筒`. `MJ_TEXT_BUF_LEN` bytes always suffice. A hidden tile is written
/// as "a hidden tile" / 暗牌, a tile code out of range as `?`.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`event`, `buf`), `MJ_STATUS_INVALID_ARGUMENT` (an unknown language,
/// or an event with an unknown kind, action, meld or reason code, a count above
/// `MJ_MAX_EVENT_TILES`, an unknown flag bit), `MJ_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `event` is NULL or readable; `buf` is NULL or writable for `capacity` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_event_text(
    event: *const MjEvent,
    lang: u32,
    buf: *mut u8,
    capacity: usize,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let e = unsafe { event.as_ref() }.ok_or(MjStatus::NullPointer)?;
        let lang = lang_of(lang)?;
        let e = event_to_core(e)?;
        write_text(&names::event_line(&e, lang), buf, capacity)
    })
}
