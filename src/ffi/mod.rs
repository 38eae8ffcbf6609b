//! The C ABI: the only module with `unsafe` code.
//!
//! Conventions (see README "API conventions"): every function returns an [`MjStatus`]; outputs are
//! written only when it is `MJ_STATUS_OK`; NULL pointers are reported, never dereferenced; no panic
//! crosses the boundary (it becomes `MJ_STATUS_PANIC`); tile counts are `const uint8_t *` pointing
//! to `MJ_TILE_KINDS` bytes.
#![allow(unsafe_code)]

mod backend;
mod batch;
mod client;
mod events;
mod hint;
mod mcr;
mod mjai;
mod mjai_table;
mod names;
mod riichi;
mod riichi_ev;
mod shanten;
mod table;
mod tai;
mod tiles;

pub use backend::*;
pub use batch::*;
pub use client::*;
pub use events::*;
pub use hint::*;
pub use mcr::*;
pub use mjai::*;
pub use mjai_table::*;
pub use names::*;
pub use riichi::*;
pub use riichi_ev::*;
pub use shanten::*;
pub use table::*;
pub use tai::*;
pub use tiles::*;

use crate::error::Error;
use crate::tile::Counts;

/// Number of tile kinds; every `counts` array has this many bytes.
pub const MJ_TILE_KINDS: usize = 34;

/// Form bit: n melds and a pair, for every size 3n+2 up to 17 tiles.
pub const MJ_FORM_REGULAR: u32 = 1;
/// Form bit: seven distinct pairs (14 tiles); a four of a kind is not two pairs.
pub const MJ_FORM_SEVEN_PAIRS: u32 = 2;
/// Form bit: thirteen orphans (14 tiles).
pub const MJ_FORM_THIRTEEN_ORPHANS: u32 = 4;
/// Form bit: seven pairs where a four of a kind counts as two pairs (MCR rule; 14 tiles).
pub const MJ_FORM_SEVEN_PAIRS_QUADS: u32 = 8;
/// Form bit: 全不靠 / 七星不靠, honours and knitted tiles (MCR; 14 tiles).
pub const MJ_FORM_HONORS_AND_KNITTED: u32 = 16;
/// Form bit: 组合龙, knitted straight + a set + a pair (MCR; 14 tiles, or 11 concealed tiles
/// when the set is a declared meld).
pub const MJ_FORM_KNITTED_STRAIGHT: u32 = 32;
/// Modifier bit, not a form: three-player (sanma) tiles for `mj_shanten`, `mj_waits`,
/// `mj_ukeire`, `mj_discards` and `mj_is_win`. The 2m-8m kinds can be neither held (a hand or
/// `visible` holding one is `MJ_STATUS_THREE_PLAYER_TILE`) nor drawn (never waits, never in
/// ukeire), and shanten counts only complete hands without them. Combine it with riichi forms
/// only (`MJ_FORMS_RIICHI | MJ_FORM_THREE_PLAYER`); with an MCR form, or alone, it is
/// `MJ_STATUS_INVALID_ARGUMENT`.
pub const MJ_FORM_THREE_PLAYER: u32 = 64;
/// The riichi forms: `MJ_FORM_REGULAR | MJ_FORM_SEVEN_PAIRS | MJ_FORM_THIRTEEN_ORPHANS`.
pub const MJ_FORMS_RIICHI: u32 = 7;
/// The MCR forms: `MJ_FORM_REGULAR | MJ_FORM_THIRTEEN_ORPHANS | MJ_FORM_SEVEN_PAIRS_QUADS |
/// MJ_FORM_HONORS_AND_KNITTED | MJ_FORM_KNITTED_STRAIGHT`.
pub const MJ_FORMS_MCR: u32 = 61;

/// Wind: East (seat and prevalent wind fields, 0..3; the dealer's seat wind).
pub const MJ_WIND_EAST: u8 = 0;
/// Wind: South.
pub const MJ_WIND_SOUTH: u8 = 1;
/// Wind: West.
pub const MJ_WIND_WEST: u8 = 2;
/// Wind: North.
pub const MJ_WIND_NORTH: u8 = 3;

/// Bytes a `mj_format` buffer needs at most, including the terminating NUL.
pub const MJ_FORMAT_BUF_LEN: usize = 141;

/// Result of every fallible `mj_` function; zero is success.
///
/// The value travels as an `int32_t`. `mj_status_str` gives a static description of each.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MjStatus {
    /// Success; the outputs were written.
    Ok = 0,
    /// A required pointer argument was NULL.
    NullPointer = 1,
    /// A tile kind has more than 4 copies (in `counts`, or in `counts` + `visible`).
    TooManyCopies = 2,
    /// The number of tiles is not valid for the call (e.g. 13 tiles to `mj_is_win`).
    BadTileTotal = 3,
    /// Malformed tile notation.
    BadNotation = 4,
    /// The output buffer is too small.
    BufferTooSmall = 5,
    /// An argument is out of range: an unknown form bit, tile kind or enum value.
    InvalidArgument = 6,
    /// MCR scoring: the tiles do not form a winning hand.
    NotWinning = 7,
    /// MCR scoring: an impossible declared meld (honour chow, chow from 8 or 9, unknown kind,
    /// claimed-from out of range).
    IllegalMeld = 8,
    /// MCR scoring: an unknown win-flag bit or a flag that cannot hold for the tiles.
    InvalidFlags = 9,
    /// Riichi scoring: a winning shape without any yaku.
    NoYaku = 10,
    /// Riichi scoring: riichi, double riichi, open riichi or ippatsu on an open hand; ippatsu or
    /// open riichi without riichi; ippatsu together with rinshan.
    RiichiConflict = 11,
    /// Riichi scoring: win timings that exclude each other (chankan or houtei with tsumo,
    /// rinshan or haitei without tsumo, haitei with rinshan, houtei with chankan).
    WinTimingConflict = 12,
    /// Riichi scoring: rinshan kaihou without a declared kan.
    RinshanWithoutKan = 13,
    /// Riichi scoring: chankan while the hand (or a meld) holds another copy of the winning tile.
    ChankanConflict = 14,
    /// Riichi scoring: tenhou / chiihou / renhou that cannot hold (seat, tsumo or ron, a meld,
    /// two of them, or with riichi, ippatsu, rinshan, chankan, haitei, houtei).
    BlessingConflict = 15,
    /// Riichi scoring: more red fives in a suit than fives of that suit held.
    RedFives = 16,
    /// Three-player rules with 2m-8m: a hand or `visible` under `MJ_FORM_THREE_PLAYER`; in riichi
    /// scoring 2m-8m in the hand, melds or indicators, a chi or the North seat, or kita in a
    /// four-player game.
    ThreePlayerTile = 17,
    /// Riichi scoring: nagashi mangan without tsumo or with another win condition.
    NagashiConflict = 18,
    /// Riichi scoring: paarenchan for a non-dealer.
    PaarenchanNotDealer = 19,
    /// Table: the action is not one of the seat's legal actions now, or the table does not wait
    /// for that seat. Nothing changed.
    IllegalAction = 20,
    /// AI: an impossible view (more than 4 copies of a kind in sight, tile totals that do not
    /// match the melds and phase, fields out of range) or a view that asks for no decision.
    InvalidView = 21,
    /// Table: the hand is still being played, so it has no result yet.
    HandNotOver = 22,
    /// Table: the match is over (its end condition was reached), so `mj_table_next_hand` deals
    /// no next hand. Read the final scores and ranks with `mj_table_match_result`.
    MatchOver = 23,
    /// Table: the match is still being played, so it has no result yet.
    MatchNotOver = 24,
    /// Snapshot: not a table image, or a damaged one (truncated, a bad checksum, a field out of
    /// range, a log that does not replay through the referee). Nothing was built.
    BadSnapshot = 25,
    /// Snapshot: a format version this library does not read (written by another mjkit
    /// version). Nothing was built.
    SnapshotVersion = 26,
    /// Record: malformed JSON Lines, a wrong format version, an unknown or missing key, an
    /// illegal action or an event that differs from the referee's; the line is reported.
    /// Nothing was built.
    BadRecord = 27,
    /// MJAI: a line that is not one valid MJAI event (invalid UTF-8, malformed JSON, a
    /// repeated, unknown or missing key, a wrong type, a number out of range, an unknown tile, a
    /// meld whose tiles do not make it), or an MJAI log that does not replay through the
    /// referee (the line is reported). Nothing was written or built.
    BadMjai = 28,
    /// Discard analysis: the search needs more states than `MjRiichiEvOptions::max_nodes`
    /// allows, even with `extra` lowered to 0. Nothing was written.
    SearchLimit = 29,
    /// Client: an event that does not follow from the events the client folded before it (out
    /// of sequence, before a hand start, fields out of range, or a change the hand so far makes
    /// impossible). Nothing changed.
    BadEvent = 30,
    /// A bug in mjkit: a panic was caught at the boundary (silently: the library never prints).
    /// Please report it. A table on which it happened is poisoned: every later call on it but
    /// `mj_table_free` answers `MJ_STATUS_PANIC`.
    Panic = 99,
}

impl From<Error> for MjStatus {
    fn from(e: Error) -> MjStatus {
        match e {
            Error::TooManyCopies { .. } => MjStatus::TooManyCopies,
            Error::BadTileTotal { .. } => MjStatus::BadTileTotal,
            Error::BadNotation { .. } => MjStatus::BadNotation,
            Error::BufferTooSmall { .. } => MjStatus::BufferTooSmall,
            Error::InvalidArgument => MjStatus::InvalidArgument,
            Error::NotWinning => MjStatus::NotWinning,
            Error::IllegalMeld => MjStatus::IllegalMeld,
            Error::InvalidFlags => MjStatus::InvalidFlags,
            Error::NoYaku => MjStatus::NoYaku,
            Error::RiichiConflict => MjStatus::RiichiConflict,
            Error::WinTimingConflict => MjStatus::WinTimingConflict,
            Error::RinshanWithoutKan => MjStatus::RinshanWithoutKan,
            Error::ChankanConflict => MjStatus::ChankanConflict,
            Error::BlessingConflict => MjStatus::BlessingConflict,
            Error::RedFives => MjStatus::RedFives,
            Error::ThreePlayerTile => MjStatus::ThreePlayerTile,
            Error::NagashiConflict => MjStatus::NagashiConflict,
            Error::PaarenchanNotDealer => MjStatus::PaarenchanNotDealer,
            Error::IllegalAction => MjStatus::IllegalAction,
            Error::InvalidView => MjStatus::InvalidView,
            Error::HandNotOver => MjStatus::HandNotOver,
            Error::MatchOver => MjStatus::MatchOver,
            Error::SearchLimit => MjStatus::SearchLimit,
            Error::BadEvent => MjStatus::BadEvent,
        }
    }
}

impl MjStatus {
    /// Static NUL-terminated description of a status value.
    fn text(code: i32) -> &'static str {
        match code {
            0 => "ok\0",
            1 => "a required pointer argument was NULL\0",
            2 => "a tile kind has more than 4 copies\0",
            3 => "the number of tiles is not valid for this call\0",
            4 => "malformed tile notation\0",
            5 => "the output buffer is too small\0",
            6 => "an argument is out of range (unknown form bit, tile kind or enum value)\0",
            7 => "not a winning hand\0",
            8 => "illegal meld\0",
            9 => "win flags that cannot hold for these tiles\0",
            10 => "riichi: a winning shape without any yaku\0",
            11 => "riichi: riichi / ippatsu conditions that cannot hold\0",
            12 => "riichi: win timings that exclude each other\0",
            13 => "riichi: rinshan without a declared kan\0",
            14 => "riichi: chankan with another copy of the robbed tile\0",
            15 => "riichi: tenhou / chiihou / renhou that cannot hold\0",
            16 => "riichi: more red fives than fives held\0",
            17 => {
                "three-player: a tile, meld or seat the game does not have (or kita in four-player)\0"
            }
            18 => "riichi: nagashi mangan without tsumo or with a win condition\0",
            19 => "riichi: paarenchan for a non-dealer\0",
            20 => "illegal action: not one of the seat's legal actions now\0",
            21 => "impossible view, or a view that asks for no decision\0",
            22 => "the hand is not over yet\0",
            23 => "the match is over: no next hand\0",
            24 => "the match is not over yet\0",
            25 => "not a table snapshot, or a damaged one\0",
            26 => "a snapshot format version this library does not read\0",
            27 => "a malformed or illegal record line\0",
            28 => "not a valid MJAI line, or a log the referee refuses\0",
            29 => "discard analysis: the search needs more states than its budget\0",
            30 => "an event that does not follow from the events before it\0",
            99 => "internal error: a panic was caught at the C boundary\0",
            _ => "unknown status code\0",
        }
    }
}

/// Runs `f`, turning its error or a panic into a status (inlined into each `mj_` function, so
/// that the body and its validation are one function with no extra call).
#[inline(always)]
pub(crate) fn guard(f: impl FnOnce() -> Result<(), MjStatus>) -> MjStatus {
    match quiet_catch(f) {
        Ok(Ok(())) => MjStatus::Ok,
        Ok(Err(s)) => s,
        Err(()) => MjStatus::Panic,
    }
}

std::thread_local! {
    /// Whether the current thread is inside a boundary call (then panics are silent). A flag,
    /// not a depth: no `mj_` function calls another, and a callback into C never runs inside one.
    static IN_BOUNDARY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Installs, once per process, the panic hook that keeps the library silent: a panic on a
/// thread inside [`quiet_catch`] prints nothing (it becomes `MJ_STATUS_PANIC`), and every
/// other panic goes to the hook that was installed before (the host's, or Rust's default).
static QUIET_HOOK: std::sync::Once = std::sync::Once::new();

/// `catch_unwind` with the library's silence: no panic message or backtrace is written while
/// `f` runs on this thread (the library never prints).
#[inline(always)]
pub(crate) fn quiet_catch<R>(f: impl FnOnce() -> R) -> Result<R, ()> {
    QUIET_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !IN_BOUNDARY.with(std::cell::Cell::get) {
                previous(info);
            }
        }));
    });
    // One lookup of the flag for both writes (in a shared library each thread-local access is a
    // call into the dynamic linker, `__tls_get_addr`), and `f` runs outside `LocalKey::with`, so
    // that it stays inlined into the `mj_` function.
    let flag: *const std::cell::Cell<bool> = IN_BOUNDARY.with(|d| d as *const _);
    // SAFETY: a thread-local lives as long as its thread, and this function returns on the
    // thread that looked it up; `Cell` is only ever touched from its own thread.
    unsafe { (*flag).set(true) };
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    // SAFETY: as above.
    unsafe { (*flag).set(false) };
    r.map_err(|_| ())
}

/// Borrows a 34-byte count array.
///
/// # Safety
/// `p` is NULL or points to `MJ_TILE_KINDS` readable bytes that stay valid and unmodified for `'a`.
#[inline(always)]
pub(crate) unsafe fn counts_ref<'a>(p: *const u8) -> Result<&'a Counts, MjStatus> {
    // SAFETY: per the contract `p` is NULL (as_ref gives None) or valid for 34 bytes; `[u8; 34]`
    // has alignment 1.
    unsafe { p.cast::<Counts>().as_ref() }.ok_or(MjStatus::NullPointer)
}

/// Borrows an optional 34-byte count array (NULL gives `None`), e.g. `visible` tiles.
///
/// # Safety
/// As [`counts_ref`].
#[allow(dead_code)] // used by the tile-efficiency functions
#[inline(always)]
pub(crate) unsafe fn counts_opt<'a>(p: *const u8) -> Option<&'a Counts> {
    // SAFETY: as in counts_ref.
    unsafe { p.cast::<Counts>().as_ref() }
}

/// The padding of a `size`-byte struct whose fields cover `spans` (offset, length): the byte
/// ranges no field covers, as (offset, length).
pub(crate) fn gaps(size: usize, spans: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut covered = vec![false; size];
    for &(at, len) in spans {
        covered[at..at + len].iter_mut().for_each(|c| *c = true);
    }
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (i, _) in covered.iter().enumerate().filter(|(_, c)| !**c) {
        match out.last_mut() {
            Some((at, len)) if *at + *len == i => *len += 1,
            _ => out.push((i, 1)),
        }
    }
    out
}

/// Zeroes the padding bytes `gaps` (from [`gaps`]) of the struct at `p`, so that a struct the
/// library writes is the same bytes whenever its fields are the same (callers compare views
/// with `memcmp` and send them over networks as they are).
///
/// # Safety
/// `p` points to a writable struct that every gap lies inside.
pub(crate) unsafe fn zero_gaps(p: *mut u8, gaps: &[(usize, usize)]) {
    for &(at, len) in gaps {
        // SAFETY: inside the struct per the contract.
        unsafe { std::ptr::write_bytes(p.add(at), 0, len) };
    }
}

/// Borrows an output location.
///
/// # Safety
/// `p` is NULL or valid, aligned and writable for one `T` for `'a`.
#[inline(always)]
pub(crate) unsafe fn out_mut<'a, T>(p: *mut T) -> Result<&'a mut T, MjStatus> {
    // SAFETY: per the contract; NULL gives None.
    unsafe { p.as_mut() }.ok_or(MjStatus::NullPointer)
}

/// Static description of a status value, as a NUL-terminated UTF-8 string. Never NULL; unknown
/// codes give `"unknown status code"`. The string lives for the whole program.
#[unsafe(no_mangle)]
pub extern "C" fn mj_status_str(status: i32) -> *const std::ffi::c_char {
    MjStatus::text(status).as_ptr().cast()
}
