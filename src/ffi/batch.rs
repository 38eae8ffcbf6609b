//! Batch C functions: shanten, win check and waits over an array of hands in one call, for
//! callers that pay per call (P/Invoke, GDScript, Python ctypes).
//!
//! Conventions shared by the three functions (the exception to "outputs only on OK" is that
//! each hand's output is written when that hand succeeds):
//! - `counts` holds `n` hands back to back, `MJ_TILE_KINDS` bytes each; `out` has `n` entries;
//!   `out_status` is NULL or has `n` entries. `n` = 0 is a successful call that writes nothing.
//! - Whole-call errors write nothing: `MJ_STATUS_NULL_POINTER` when `n` > 0 and `counts` or
//!   `out` is NULL; `MJ_STATUS_INVALID_ARGUMENT` for `forms` = 0 or an unknown bit, or when
//!   `n * MJ_TILE_KINDS` bytes cannot exist.
//! - Otherwise every hand is processed, whatever the others give: hand `i` is validated and
//!   computed exactly as the single call would, `out[i]` is written only when it succeeds,
//!   and `out_status[i]` (when given) receives its status (`MJ_STATUS_OK`,
//!   `MJ_STATUS_TOO_MANY_COPIES` or `MJ_STATUS_BAD_TILE_TOTAL`). The call returns
//!   `MJ_STATUS_OK` when every hand succeeded, else the status of the first hand that failed.

use super::{MjStatus, guard};
use crate::error::Error;
use crate::forms::Forms;
use crate::tile::{Counts, TILE_KINDS};

/// Runs `f` on each of `n` hands (see the module conventions).
///
/// # Safety
/// `counts` is NULL or readable for `n * MJ_TILE_KINDS` bytes; `out` is NULL or writable for
/// `n` entries; `out_status` is NULL or writable for `n` entries; the three do not overlap.
#[inline(always)]
unsafe fn batch<T>(
    counts: *const u8,
    n: usize,
    forms: u32,
    out: *mut T,
    out_status: *mut MjStatus,
    f: impl Fn(&Counts, Forms) -> Result<T, Error>,
) -> MjStatus {
    guard(|| {
        if n == 0 {
            return Ok(());
        }
        if counts.is_null() || out.is_null() {
            return Err(MjStatus::NullPointer);
        }
        let forms = Forms::from_bits(forms)?;
        if forms.is_empty() {
            return Err(MjStatus::InvalidArgument);
        }
        // `n` hands of `MJ_TILE_KINDS` bytes must fit in an allocation.
        if n > isize::MAX as usize / TILE_KINDS {
            return Err(MjStatus::InvalidArgument);
        }
        // SAFETY: non-NULL, readable for `n * MJ_TILE_KINDS` bytes per the contract; `Counts`
        // is `[u8; MJ_TILE_KINDS]`, alignment 1.
        let hands = unsafe { std::slice::from_raw_parts(counts.cast::<Counts>(), n) };
        // SAFETY: non-NULL, writable for `n` entries, not overlapping `hands`, per the contract.
        let outs = unsafe { std::slice::from_raw_parts_mut(out, n) };
        // One hand: its output on success, its status.
        let one = |c: &Counts, o: &mut T| match f(c, forms) {
            Ok(v) => {
                *o = v;
                MjStatus::Ok
            }
            Err(e) => MjStatus::from(e),
        };
        let mut first = MjStatus::Ok;
        if out_status.is_null() {
            for (c, o) in hands.iter().zip(outs) {
                let st = one(c, o);
                if first == MjStatus::Ok {
                    first = st;
                }
            }
        } else {
            // SAFETY: non-NULL, writable for `n` entries and overlapping nothing else.
            let statuses = unsafe { std::slice::from_raw_parts_mut(out_status, n) };
            for ((c, o), s) in hands.iter().zip(outs).zip(statuses) {
                let st = one(c, o);
                *s = st;
                if first == MjStatus::Ok {
                    first = st;
                }
            }
        }
        match first {
            MjStatus::Ok => Ok(()),
            st => Err(st),
        }
    })
}

/// `mj_shanten` over `n` hands stored back to back (`n * MJ_TILE_KINDS` bytes): `out_shanten[i]`
/// receives the shanten number of hand `i` under `forms`.
///
/// Per hand, the status and result are those of `mj_shanten` on that hand; `out_shanten[i]` is
/// written only when hand `i` succeeds, and `out_status[i]` (when `out_status` is not NULL)
/// receives its status.
///
/// # Errors
/// Whole call, nothing written: `MJ_STATUS_NULL_POINTER` when `n` > 0 and `counts` or
/// `out_shanten` is NULL; `MJ_STATUS_INVALID_ARGUMENT` for `forms` = 0, an unknown bit or an
/// impossible `n`. Otherwise `MJ_STATUS_OK` when every hand succeeded, else the status of the
/// first hand that failed (`MJ_STATUS_TOO_MANY_COPIES`, `MJ_STATUS_BAD_TILE_TOTAL` or
/// `MJ_STATUS_THREE_PLAYER_TILE`), after every hand was processed.
///
/// # Safety
/// `counts` is NULL or readable for `n * MJ_TILE_KINDS` bytes; `out_shanten` is NULL or
/// writable for `n` entries; `out_status` is NULL or writable for `n` entries; they do not
/// overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_shanten_batch(
    counts: *const u8,
    n: usize,
    forms: u32,
    out_shanten: *mut i32,
    out_status: *mut MjStatus,
) -> MjStatus {
    // SAFETY: forwarded contract.
    unsafe {
        batch(
            counts,
            n,
            forms,
            out_shanten,
            out_status,
            crate::shanten::shanten,
        )
    }
}

/// `mj_is_win` over `n` hands stored back to back (`n * MJ_TILE_KINDS` bytes): `out_win[i]`
/// receives 1 when hand `i` is complete in one of `forms`, else 0.
///
/// Per hand, the status and result are those of `mj_is_win` on that hand; `out_win[i]` is
/// written only when hand `i` succeeds, and `out_status[i]` (when `out_status` is not NULL)
/// receives its status.
///
/// # Errors
/// As `mj_shanten_batch`.
///
/// # Safety
/// `counts` is NULL or readable for `n * MJ_TILE_KINDS` bytes; `out_win` is NULL or writable
/// for `n` bytes; `out_status` is NULL or writable for `n` entries; they do not overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_is_win_batch(
    counts: *const u8,
    n: usize,
    forms: u32,
    out_win: *mut u8,
    out_status: *mut MjStatus,
) -> MjStatus {
    // SAFETY: forwarded contract.
    unsafe {
        batch(counts, n, forms, out_win, out_status, |c, f| {
            crate::win::is_win(c, f).map(u8::from)
        })
    }
}

/// `mj_waits` over `n` hands stored back to back (`n * MJ_TILE_KINDS` bytes): `out_waits[i]`
/// receives the mask of kinds that complete hand `i` in one of `forms`.
///
/// Per hand, the status and result are those of `mj_waits` on that hand; `out_waits[i]` is
/// written only when hand `i` succeeds, and `out_status[i]` (when `out_status` is not NULL)
/// receives its status.
///
/// # Errors
/// As `mj_shanten_batch`.
///
/// # Safety
/// `counts` is NULL or readable for `n * MJ_TILE_KINDS` bytes; `out_waits` is NULL or writable
/// for `n` entries; `out_status` is NULL or writable for `n` entries; they do not overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_waits_batch(
    counts: *const u8,
    n: usize,
    forms: u32,
    out_waits: *mut u64,
    out_status: *mut MjStatus,
) -> MjStatus {
    // SAFETY: forwarded contract.
    unsafe { batch(counts, n, forms, out_waits, out_status, crate::win::waits) }
}
