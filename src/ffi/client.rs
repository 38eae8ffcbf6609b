//! A client's rebuild of the hand in the C ABI: `MjClient` (opaque), `mj_client_new`,
//! `mj_client_apply`, `mj_client_view`, `mj_client_state`, `mj_client_free`.

use super::events::{MjEvent, event_to_core};
use super::table::{MJ_SEATS, MjRules, MjView, rules_to_core, view_from_core, view_gaps};
use super::{MJ_TILE_KINDS, MjStatus, guard, out_mut};
use crate::table::{Client, Reader};
use std::sync::Mutex;

/// Tile counts of `MjClientState::shown`: `MJ_TILE_KINDS` per seat.
pub const MJ_SHOWN_TILES: usize = 136;

/// A client's rebuild of the hand from one reader's events (seat 0..3 or
/// `MJ_READER_SPECTATOR`): give it the reader's events in order (`mj_table_events`, or the same
/// events received over a network) and read the view they give (`mj_client_view`), which is
/// exactly what `mj_table_view` of that reader says. Create with `mj_client_new`, release with
/// `mj_client_free`; calls on one client are serialised by a lock.
pub struct MjClient {
    inner: Mutex<Client>,
}

/// What a client knows besides its view.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjClientState {
    /// The index the next event must have (0 before the first event: the first event may
    /// have any index, and must be a hand start).
    pub next_index: u64,
    /// 1 once a hand start was folded (`mj_client_view` answers), else 0.
    pub started: u8,
    /// Bit s set: seat s won this hand and its win event showed its concealed hand.
    pub shown_mask: u8,
    /// The concealed hands the win events showed: seat s's `MJ_TILE_KINDS` counts at
    /// `s * MJ_TILE_KINDS` (zero for a seat that did not win).
    pub shown: [u8; MJ_SHOWN_TILES],
}

/// Borrows the client behind a handle.
///
/// # Safety
/// `c` is NULL or a live handle from `mj_client_new`.
unsafe fn client_ref<'a>(c: *const MjClient) -> Result<&'a MjClient, MjStatus> {
    // SAFETY: per the contract.
    unsafe { c.as_ref() }.ok_or(MjStatus::NullPointer)
}

fn lock(c: &MjClient) -> Result<std::sync::MutexGuard<'_, Client>, MjStatus> {
    c.inner.lock().map_err(|_| MjStatus::Panic)
}

/// Creates a client of `reader`'s stream (a seat 0..3 or `MJ_READER_SPECTATOR`) at a table with
/// `rules` (the table's rules: the client needs the variant, the dead wall, the claim window
/// and the special wins to follow the events).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`rules`, `out_client`), `MJ_STATUS_INVALID_ARGUMENT` (rules that
/// `mj_table_new` refuses; `MJ_READER_OBSERVER`, who reads the table itself; another reader
/// code). No client is created on error.
///
/// # Safety
/// `rules` is NULL or readable; `out_client` is NULL or writable. Free the client with
/// `mj_client_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_client_new(
    rules: *const MjRules,
    reader: u32,
    out_client: *mut *mut MjClient,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let rules = unsafe { rules.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_client) }?;
        let reader = Reader::from_code(reader).ok_or(MjStatus::InvalidArgument)?;
        let c = Client::new(rules_to_core(rules)?, reader)?;
        *out = Box::into_raw(Box::new(MjClient {
            inner: Mutex::new(c),
        }));
        Ok(())
    })
}

/// Frees a client. NULL is a no-op.
///
/// # Safety
/// `client` is NULL or a handle from `mj_client_new` not freed before; it is invalid
/// afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_client_free(client: *mut MjClient) {
    if !client.is_null() {
        let _ = super::quiet_catch(|| {
            // SAFETY: per the contract the pointer came from Box::into_raw in mj_client_new.
            drop(unsafe { Box::from_raw(client) });
        });
    }
}

/// Folds the next event of the reader's stream into the client. The first event must be a hand
/// start (a client joins at a hand's first event: `mj_table_event_bounds` gives its index);
/// after it, each event's index is one more than the last.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_INVALID_ARGUMENT` (an unknown kind, action, meld or
/// reason code, a count above `MJ_MAX_EVENT_TILES`, an unknown flag bit),
/// `MJ_STATUS_BAD_EVENT` (out of sequence, before a hand start, or impossible after the events
/// before it). Nothing changes on error.
///
/// # Safety
/// `client` is NULL or a live handle; `event` is NULL or readable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_client_apply(client: *mut MjClient, event: *const MjEvent) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let c = unsafe { client_ref(client) }?;
        // SAFETY: caller contract.
        let e = unsafe { event.as_ref() }.ok_or(MjStatus::NullPointer)?;
        let e = event_to_core(e)?;
        lock(c)?.apply(&e)?;
        Ok(())
    })
}

/// Writes the view the events so far give: what `mj_table_view` of the client's reader says
/// (the padding zeroed).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_INVALID_ARGUMENT` (no hand start folded yet).
///
/// # Safety
/// `client` is NULL or a live handle; `out_view` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_client_view(
    client: *const MjClient,
    out_view: *mut MjView,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let c = unsafe { client_ref(client) }?;
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_view) }?;
        let g = lock(c)?;
        let v = g.view().ok_or(MjStatus::InvalidArgument)?;
        *out = view_from_core(v);
        // SAFETY: `out` is a valid, writable `MjView`; the gaps lie inside it.
        unsafe { super::zero_gaps(std::ptr::from_mut(out).cast(), view_gaps()) };
        Ok(())
    })
}

/// Writes what the client knows besides its view: the index the next event must have, whether
/// a hand start was folded, and the hands the win events showed.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`.
///
/// # Safety
/// `client` is NULL or a live handle; `out_state` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_client_state(
    client: *const MjClient,
    out_state: *mut MjClientState,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let c = unsafe { client_ref(client) }?;
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_state) }?;
        let g = lock(c)?;
        let mut st = MjClientState {
            next_index: g.next_index().unwrap_or(0),
            started: u8::from(g.view().is_some()),
            shown_mask: 0,
            shown: [0; MJ_SHOWN_TILES],
        };
        for s in 0..MJ_SEATS {
            if let Some(h) = g.shown_hand(s) {
                st.shown_mask |= 1 << s;
                st.shown[s * MJ_TILE_KINDS..(s + 1) * MJ_TILE_KINDS].copy_from_slice(h);
            }
        }
        *out = st;
        Ok(())
    })
}

#[allow(dead_code)]
const _: () = assert!(MJ_SHOWN_TILES == MJ_SEATS * MJ_TILE_KINDS);
