//! Core C functions: initialisation, version, notation, win check and waits.

use super::{MjStatus, counts_ref, guard, out_mut};
use crate::forms::Forms;
use crate::tile;

/// Builds every lookup table now, so that no later call pays for it (for example during a
/// loading screen). Idempotent and thread-safe; calling it is optional.
///
/// # Errors
/// `MJ_STATUS_PANIC` only if building failed (a bug).
#[unsafe(no_mangle)]
pub extern "C" fn mj_init() -> MjStatus {
    guard(|| {
        crate::init();
        Ok(())
    })
}

/// The library version as a static NUL-terminated string, e.g. `"0.2.0"`. Never NULL.
#[unsafe(no_mangle)]
pub extern "C" fn mj_version() -> *const std::ffi::c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// Parses tile notation such as `"123m406p789s11z"` into counts.
///
/// `0` is a red five (counted as a five); honours may be `1z`-`7z` or the letters `ESWNPFC`;
/// whitespace is ignored. Any number of tiles up to 4 of each kind is accepted.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` if `text` or `out_counts` is NULL; `MJ_STATUS_BAD_NOTATION` for
/// malformed text (anywhere: also after a fifth copy; `mj_parse_error_pos` tells where);
/// `MJ_STATUS_TOO_MANY_COPIES` for a fifth copy of a kind in well-formed text.
///
/// # Safety
/// `text` is NULL or a NUL-terminated string; `out_counts` is NULL or writable for
/// `MJ_TILE_KINDS` bytes; `out_red_fives` is NULL (not wanted) or writable for 3 bytes, which
/// receive the number of red fives in m, p and s.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_parse(
    text: *const std::ffi::c_char,
    out_counts: *mut u8,
    out_red_fives: *mut u8,
) -> MjStatus {
    guard(|| {
        if text.is_null() {
            return Err(MjStatus::NullPointer);
        }
        // SAFETY: non-NULL and NUL-terminated per the contract.
        let bytes = unsafe { std::ffi::CStr::from_ptr(text) }.to_bytes();
        // SAFETY: NULL or writable for 34 bytes, alignment 1.
        let out = unsafe { out_mut(out_counts.cast::<tile::Counts>()) }?;
        let parsed = tile::parse_bytes(bytes)?;
        *out = parsed.counts;
        // SAFETY: NULL or writable for 3 bytes, alignment 1.
        if let Some(red) = unsafe { out_red_fives.cast::<[u8; 3]>().as_mut() } {
            *red = parsed.red_fives;
        }
        Ok(())
    })
}

/// Where notation goes wrong: writes to `*out_pos` the byte offset of the first character that
/// `mj_parse` rejects as malformed (the first digit of a group that has no suit letter counts),
/// or the length of `text` when it is well-formed notation. For a UI that highlights the error.
///
/// A fifth copy of a kind is not malformed notation: such text gives its length here (and
/// `MJ_STATUS_TOO_MANY_COPIES` from `mj_parse`).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` if `text` or `out_pos` is NULL.
///
/// # Safety
/// `text` is NULL or a NUL-terminated string; `out_pos` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_parse_error_pos(
    text: *const std::ffi::c_char,
    out_pos: *mut usize,
) -> MjStatus {
    guard(|| {
        if text.is_null() {
            return Err(MjStatus::NullPointer);
        }
        // SAFETY: non-NULL and NUL-terminated per the contract.
        let bytes = unsafe { std::ffi::CStr::from_ptr(text) }.to_bytes();
        // SAFETY: NULL or writable.
        let out = unsafe { out_mut(out_pos) }?;
        *out = tile::notation_error_pos(bytes).unwrap_or(bytes.len());
        Ok(())
    })
}

/// Writes counts as canonical notation (`"123m456p789s11z"`) with a terminating NUL.
///
/// A buffer of `MJ_FORMAT_BUF_LEN` bytes is always large enough. `*out_len` receives the length
/// without the NUL.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` if `counts`, `buf` or `out_len` is NULL; `MJ_STATUS_TOO_MANY_COPIES`
/// for a count above 4; `MJ_STATUS_BUFFER_TOO_SMALL` when `buf_len` is less than the length + 1
/// (nothing is written then).
///
/// # Safety
/// `counts` is NULL or readable for `MJ_TILE_KINDS` bytes; `buf` is NULL or writable for
/// `buf_len` bytes; `out_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_format(
    counts: *const u8,
    buf: *mut std::ffi::c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> MjStatus {
    guard(|| {
        // SAFETY: forwarded contract.
        let c = unsafe { counts_ref(counts) }?;
        // SAFETY: NULL or writable.
        let out_len = unsafe { out_mut(out_len) }?;
        if buf.is_null() {
            return Err(MjStatus::NullPointer);
        }
        tile::check_counts(c)?;
        let text = tile::format(c);
        if text.len() + 1 > buf_len {
            return Err(MjStatus::BufferTooSmall);
        }
        // SAFETY: `buf` is writable for `buf_len` >= len + 1 bytes and cannot overlap `text`,
        // which this function just allocated.
        let dst = unsafe { std::slice::from_raw_parts_mut(buf.cast::<u8>(), text.len() + 1) };
        dst[..text.len()].copy_from_slice(text.as_bytes());
        dst[text.len()] = 0;
        *out_len = text.len();
        Ok(())
    })
}

/// Whether a hand of 3n+2 tiles (2 to 17) is complete in one of `forms` (`MJ_FORM_*` bits).
///
/// Forms that do not apply to the hand's size are skipped (seven pairs and thirteen orphans
/// need 14 tiles). `*out_win` receives 1 (complete) or 0.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`; `MJ_STATUS_TOO_MANY_COPIES`; `MJ_STATUS_INVALID_ARGUMENT` for an
/// unknown or empty form mask; `MJ_STATUS_BAD_TILE_TOTAL` when no requested form applies to the
/// number of tiles; `MJ_STATUS_THREE_PLAYER_TILE` for a 2m-8m under `MJ_FORM_THREE_PLAYER`.
///
/// # Safety
/// `counts` is NULL or readable for `MJ_TILE_KINDS` bytes; `out_win` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_is_win(counts: *const u8, forms: u32, out_win: *mut u8) -> MjStatus {
    guard(|| {
        // SAFETY: forwarded contract.
        let c = unsafe { counts_ref(counts) }?;
        // SAFETY: NULL or writable.
        let out = unsafe { out_mut(out_win) }?;
        *out = u8::from(crate::win::is_win(c, Forms::from_bits(forms)?)?);
        Ok(())
    })
}

/// The kinds that complete a hand of 3n+1 tiles (1 to 16) in one of `forms`, as a mask:
/// bit i set = drawing kind i wins. A kind the hand holds four of is never a wait.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`; `MJ_STATUS_TOO_MANY_COPIES`; `MJ_STATUS_INVALID_ARGUMENT` for an
/// unknown or empty form mask; `MJ_STATUS_BAD_TILE_TOTAL` when no requested form applies to the
/// number of tiles; `MJ_STATUS_THREE_PLAYER_TILE` for a 2m-8m under `MJ_FORM_THREE_PLAYER`.
///
/// # Safety
/// `counts` is NULL or readable for `MJ_TILE_KINDS` bytes; `out_waits` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_waits(counts: *const u8, forms: u32, out_waits: *mut u64) -> MjStatus {
    guard(|| {
        // SAFETY: forwarded contract.
        let c = unsafe { counts_ref(counts) }?;
        // SAFETY: NULL or writable.
        let out = unsafe { out_mut(out_waits) }?;
        *out = crate::win::waits(c, Forms::from_bits(forms)?)?;
        Ok(())
    })
}

/// Always panics inside the boundary guard; returns `MJ_STATUS_PANIC`. Test builds only
/// (feature `test-hooks`): proves that no panic crosses the C boundary.
#[cfg(feature = "test-hooks")]
#[unsafe(no_mangle)]
pub extern "C" fn mj_test_panic() -> MjStatus {
    guard(|| panic!("mj_test_panic"))
}
