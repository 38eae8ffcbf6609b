//! The table as a game backend in the C ABI: matches (`MjMatchRules`, scores, the result),
//! snapshots (`mj_table_save` / `mj_table_load`), records (`mj_table_record` /
//! `mj_table_from_record`) and the rule presets.

use super::table::{
    Live, MJ_SEATS, MjRules, MjTable, into_handle, into_handle_with, lock, rules_from_core,
    rules_to_core, table_ref,
};
use super::{MjStatus, guard, out_mut};
use crate::table::record::{self, Recorder};
use crate::table::snapshot::SnapshotError;
use crate::table::{DealerRule, MatchEnd, MatchRules, SEATS, Table, Variant};

/// Dealer rule: the dealer keeps the deal after winning or an exhaustive draw (Taiwanese;
/// the default).
pub const MJ_DEALER_KEEP_ON_WIN_OR_DRAW: u8 = 0;
/// Dealer rule: the dealer keeps the deal only after winning.
pub const MJ_DEALER_KEEP_ON_WIN: u8 = 1;
/// Dealer rule: the dealer keeps the deal after winning or when ready at an exhaustive draw
/// (riichi).
pub const MJ_DEALER_KEEP_ON_WIN_OR_READY: u8 = 2;
/// Dealer rule: the deal always passes (MCR).
pub const MJ_DEALER_ALWAYS_PASS: u8 = 3;

/// Match end: never (hands are dealt until the game stops; the wind wraps from North to East).
pub const MJ_MATCH_END_NEVER: u8 = 0;
/// Match end: after `end_value` hands (repeated deals included; 1 or more).
pub const MJ_MATCH_END_HANDS: u8 = 1;
/// Match end: after `end_value` wind rounds (1..4: 1 an East round, 4 a full game).
pub const MJ_MATCH_END_WIND_ROUNDS: u8 = 2;

/// The rules of a match. Start from `mj_match_rules_default()`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjMatchRules {
    /// Every seat's score when the match starts.
    pub start_score: i64,
    /// `MJ_MATCH_END_HANDS`: the number of hands; `MJ_MATCH_END_WIND_ROUNDS`: the wind rounds
    /// (1..4); `MJ_MATCH_END_NEVER`: 0.
    pub end_value: u32,
    /// The first hand's dealer (0..3); the prevalent wind advances when the deal returns here.
    pub first_dealer: u8,
    /// `MJ_DEALER_*`.
    pub dealer_rule: u8,
    /// `MJ_MATCH_END_*`.
    pub end: u8,
}

/// Where a match stands.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjMatchState {
    /// Cumulative scores (64-bit: they saturate at the limits instead of wrapping).
    pub scores: [i64; MJ_SEATS],
    /// Hands finished in this match.
    pub hands_played: u32,
    /// Consecutive deals of the current dealer (連莊; 0 on a dealer's first hand).
    pub consecutive: u32,
    /// Wind rounds completed.
    pub rounds: u32,
    /// The riichi part of the match (zero at a table of another variant).
    pub riichi: MjRiichiMatch,
    /// 1 once the match is over, else 0.
    pub over: u8,
}

/// Riichi's match state (`MjMatchState::riichi`): what carries from hand to hand besides the
/// scores.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjRiichiMatch {
    /// The honba of the next hand (of the current hand while it is played).
    pub honba: u32,
    /// The riichi sticks on the table.
    pub sticks: u32,
}

/// The outcome of a finished match.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjMatchResult {
    /// Final scores.
    pub scores: [i64; MJ_SEATS],
    /// The final result in points: the scores (Taiwanese), or under riichi the score minus
    /// the return score plus the uma of the rank and the oka for first place.
    pub points: [i64; MJ_SEATS],
    /// Hands played.
    pub hands_played: u32,
    /// Rank of each seat, 1..4 (Taiwanese: equal scores share the better rank; riichi: ties go
    /// to the seat first in turn order from the first dealer).
    pub ranks: [u8; MJ_SEATS],
}

pub(crate) fn match_rules_to_core(m: &MjMatchRules) -> Result<MatchRules, MjStatus> {
    let bad = MjStatus::InvalidArgument;
    let dealer_rule = match m.dealer_rule {
        MJ_DEALER_KEEP_ON_WIN_OR_DRAW => DealerRule::KeepOnWinOrDraw,
        MJ_DEALER_KEEP_ON_WIN => DealerRule::KeepOnWin,
        MJ_DEALER_KEEP_ON_WIN_OR_READY => DealerRule::KeepOnWinOrReady,
        MJ_DEALER_ALWAYS_PASS => DealerRule::AlwaysPass,
        _ => return Err(bad),
    };
    let end = match (m.end, m.end_value) {
        (MJ_MATCH_END_NEVER, 0) => MatchEnd::Never,
        (MJ_MATCH_END_HANDS, n) => MatchEnd::Hands(n),
        (MJ_MATCH_END_WIND_ROUNDS, n) => MatchEnd::WindRounds(u8::try_from(n).map_err(|_| bad)?),
        _ => return Err(bad),
    };
    let rules = MatchRules {
        start_score: m.start_score,
        first_dealer: m.first_dealer,
        dealer_rule,
        end,
    };
    rules.validate()?;
    Ok(rules)
}

/// The rules of a preset: a variant's own (`MJ_VARIANT_*`: Taiwanese 16-tile as
/// `mj_rules_default`; 13-tile, 136 tiles with 14 left at the exhaustive draw; riichi under
/// the Tenhou-like rules) or a named one (`MJ_PRESET_RIICHI_TENHOU`,
/// `MJ_PRESET_RIICHI_MAHJONG_SOUL`; a preset's low byte is its variant).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_INVALID_ARGUMENT` (an unknown preset).
///
/// # Safety
/// `out_rules` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_rules_preset(preset: u32, out_rules: *mut MjRules) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_rules) }?;
        let rules = match preset {
            p if p == u32::from(super::table::MJ_VARIANT_TAIWAN16) => {
                crate::table::Rules::preset(Variant::Taiwan16)
            }
            p if p == u32::from(super::table::MJ_VARIANT_THIRTEEN) => {
                crate::table::Rules::preset(Variant::Thirteen)
            }
            super::table::MJ_PRESET_RIICHI_TENHOU => crate::table::Rules::riichi_tenhou(),
            super::table::MJ_PRESET_RIICHI_MAHJONG_SOUL => {
                crate::table::Rules::riichi_mahjong_soul()
            }
            _ => return Err(MjStatus::InvalidArgument),
        };
        *out = rules_from_core(&rules);
        // SAFETY: `out` is a valid, writable `MjRules`; the gaps lie inside it.
        unsafe { super::zero_gaps(std::ptr::from_mut(out).cast(), super::table::rules_gaps()) };
        Ok(())
    })
}

/// An endless match: scores start at 0, seat 0 deals first, the dealer keeps the deal after a
/// win or an exhaustive draw (`MJ_DEALER_KEEP_ON_WIN_OR_DRAW`), `MJ_MATCH_END_NEVER`. This is
/// the match of a table from `mj_table_new`.
#[unsafe(no_mangle)]
pub extern "C" fn mj_match_rules_default() -> MjMatchRules {
    MjMatchRules {
        start_score: 0,
        end_value: 0,
        first_dealer: 0,
        dealer_rule: MJ_DEALER_KEEP_ON_WIN_OR_DRAW,
        end: MJ_MATCH_END_NEVER,
    }
}

/// Creates a table that plays a match: hand 0 is dealt by `match_rules->first_dealer` in the
/// East round, every seat starts with `start_score`, and `mj_table_next_hand` continues the
/// match until its end (then `MJ_STATUS_MATCH_OVER`; see `mj_table_match_result`).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_INVALID_ARGUMENT` (as `mj_table_new` for `rules`; a
/// first dealer above 3, an unknown dealer rule or end, `MJ_MATCH_END_HANDS` with 0,
/// `MJ_MATCH_END_WIND_ROUNDS` outside 1..4, `MJ_MATCH_END_NEVER` with a non-zero `end_value`).
///
/// # Safety
/// `rules` and `match_rules` are NULL or readable; `out_table` is NULL or writable. Free the
/// table with `mj_table_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_new_match(
    rules: *const MjRules,
    match_rules: *const MjMatchRules,
    seed: u64,
    out_table: *mut *mut MjTable,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let rules = unsafe { rules.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: caller contract.
        let m = unsafe { match_rules.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_table) }?;
        let t = Table::with_match(rules_to_core(rules)?, match_rules_to_core(m)?, seed)?;
        *out = into_handle(t);
        Ok(())
    })
}

/// Sets `seat`'s score (a game restoring a session); logged as `MJ_EVENT_SCORE_SET`.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_INVALID_ARGUMENT` (a seat above 3).
///
/// # Safety
/// `table` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_set_score(table: *mut MjTable, seat: u8, score: i64) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        lock(t)?.set_score(usize::from(seat), score)?;
        Ok(())
    })
}

/// Writes where the match stands: scores, hands played, the consecutive deals of the current
/// dealer (連莊), wind rounds completed, whether it is over.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`.
///
/// # Safety
/// `table` is NULL or a live handle; `out_state` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_match_state(
    table: *const MjTable,
    out_state: *mut MjMatchState,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_state) }?;
        let s = *lock(t)?.match_state();
        *out = MjMatchState {
            scores: s.scores,
            hands_played: s.hands_played,
            consecutive: s.consecutive,
            rounds: s.rounds,
            riichi: match s.part {
                crate::table::matches::MatchPart::Riichi(m) => MjRiichiMatch {
                    honba: m.honba,
                    sticks: m.sticks,
                },
                crate::table::matches::MatchPart::None => MjRiichiMatch {
                    honba: 0,
                    sticks: 0,
                },
            },
            over: u8::from(s.over),
        };
        Ok(())
    })
}

/// Writes the final scores and ranks of a finished match.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_MATCH_NOT_OVER`.
///
/// # Safety
/// `table` is NULL or a live handle; `out_result` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_match_result(
    table: *const MjTable,
    out_result: *mut MjMatchResult,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_result) }?;
        let r = lock(t)?.match_result().ok_or(MjStatus::MatchNotOver)?;
        *out = MjMatchResult {
            scores: r.scores,
            points: r.points,
            hands_played: r.hands_played,
            ranks: r.ranks,
        };
        Ok(())
    })
}

/// Writes `bytes` into `buf` when it fits; `*out_len` always gets the length (so a caller can
/// ask with `capacity` 0 and `buf` NULL, then allocate).
fn write_sized(
    bytes: &[u8],
    nul: bool,
    buf: *mut u8,
    capacity: usize,
    out_len: &mut usize,
) -> Result<(), MjStatus> {
    *out_len = bytes.len();
    if bytes.len() + usize::from(nul) > capacity {
        return Err(MjStatus::BufferTooSmall);
    }
    if buf.is_null() {
        return Err(MjStatus::NullPointer);
    }
    // SAFETY: `buf` is writable for `capacity` bytes (caller contract), enough for the bytes
    // and the NUL; a Rust buffer never overlaps a caller buffer.
    unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), buf, bytes.len());
        if nul {
            buf.add(bytes.len()).write(0);
        }
    }
    Ok(())
}

/// Writes the table's snapshot: a versioned binary image of the whole table (rules, match
/// rules and state, seed, the current hand's log) into `buf`, and its length into `*out_len`.
/// `*out_len` is written even when the buffer is too small (the one exception to "outputs
/// only on success"), so a caller can ask with `buf` NULL and `capacity` 0, then allocate.
/// `mj_table_load` gives the table back; saving it again gives the same bytes. Undo is loading
/// an earlier snapshot. Each reader's numbering of its events is kept, so clients go on
/// polling across a save and load.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`table`, `out_len`, or `buf` when it is large enough),
/// `MJ_STATUS_BUFFER_TOO_SMALL` (`capacity` below `*out_len`; nothing else written).
///
/// # Safety
/// `table` is NULL or a live handle; `buf` is NULL or writable for `capacity` bytes;
/// `out_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_save(
    table: *const MjTable,
    buf: *mut u8,
    capacity: usize,
    out_len: *mut usize,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        // SAFETY: caller contract.
        let len = unsafe { out_mut(out_len) }?;
        let image = lock(t)?.save();
        write_sized(&image, false, buf, capacity, len)
    })
}

/// Creates a table from a snapshot of `mj_table_save`. Everything is checked before anything
/// is built: truncation, the magic, the version, the checksum, every field's range, and the
/// log replays through the referee (which must produce every stored event); a bad image gives
/// a status and no table. The loaded table's record (`mj_table_record`) starts with its
/// current hand (whose hand start carries the match as it stands); `mj_table_record_continue`
/// puts the record kept before the save in front of it.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`bytes` with `len` above 0, `out_table`),
/// `MJ_STATUS_SNAPSHOT_VERSION` (a format version this library does not read),
/// `MJ_STATUS_BAD_SNAPSHOT` (anything else wrong).
///
/// # Safety
/// `bytes` is NULL or readable for `len` bytes; `out_table` is NULL or writable. Free the
/// table with `mj_table_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_load(
    bytes: *const u8,
    len: usize,
    out_table: *mut *mut MjTable,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let image = unsafe { byte_slice(bytes, len) }?;
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_table) }?;
        let t = Table::load(image).map_err(|e| match e {
            SnapshotError::Version(_) => MjStatus::SnapshotVersion,
            _ => MjStatus::BadSnapshot,
        })?;
        *out = into_handle(t);
        Ok(())
    })
}

/// Borrows `len` bytes at `p` (NULL is allowed for 0 bytes).
///
/// # Safety
/// `p` is NULL or readable for `len` bytes that stay unmodified for `'a`.
pub(crate) unsafe fn byte_slice<'a>(p: *const u8, len: usize) -> Result<&'a [u8], MjStatus> {
    if len == 0 {
        return Ok(&[]);
    }
    if p.is_null() {
        return Err(MjStatus::NullPointer);
    }
    // SAFETY: non-NULL and readable for `len` bytes per the contract.
    Ok(unsafe { std::slice::from_raw_parts(p, len) })
}

/// Writes the record of the table's play as JSON Lines text with a terminating NUL: a header
/// line (format version, rules, match, seed) and one line per event as the observer sees it,
/// for every hand since the table was created, loaded or read (or since
/// `mj_table_record_restart`). `*out_len` gets the text's length without the NUL, even when the
/// buffer is too small (`capacity` must be at least `*out_len + 1`). `mj_table_from_record`
/// reads it back. The format is documented in docs/backend.md.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`table`, `out_len`, or `buf` when it is large enough),
/// `MJ_STATUS_BUFFER_TOO_SMALL` (nothing else written).
///
/// # Safety
/// `table` is NULL or a live handle; `buf` is NULL or writable for `capacity` bytes;
/// `out_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_record(
    table: *const MjTable,
    buf: *mut u8,
    capacity: usize,
    out_len: *mut usize,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        // SAFETY: caller contract.
        let len = unsafe { out_mut(out_len) }?;
        let mut g = lock(t)?;
        let Live { table, record } = &mut *g;
        let text = record
            .text(table)
            .expect("the record is kept before every deal");
        write_sized(text.as_bytes(), true, buf, capacity, len)
    })
}

/// Drops the record of earlier hands: the record starts again with the current hand (a game
/// that runs hands without end keeps its record, and the memory it takes, bounded this way;
/// a record takes a few kilobytes per hand).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`.
///
/// # Safety
/// `table` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_record_restart(table: *mut MjTable) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        let mut g = lock(t)?;
        g.record = Recorder::new(&g.table);
        Ok(())
    })
}

/// Continues `text` (`len` bytes), a record of the same table's play before this table's
/// record begins, so that the record spans both: after `mj_table_load`, whose record starts
/// with the loaded hand, give it the record the game kept before it saved the snapshot.
/// `text`'s header and its lines before this record's first event come first (a record that
/// ran past that point, as after an undo, is cut back to it), then this record's lines; the
/// whole must read back to exactly this table (checked: the record is replayed). On
/// `MJ_STATUS_BAD_RECORD`, `*out_line` gets the 1-based line of `text` that is wrong (the line
/// after its last when it stops short or does not lead to this table); `out_line` may be NULL
/// and is written on that status only. Nothing changes on error.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`table`, `text` with `len` above 0), `MJ_STATUS_BAD_RECORD`
/// (malformed text or invalid UTF-8, a record of another table, one that stops before this
/// record begins, one whose events disagree with this table's).
///
/// # Safety
/// `table` is NULL or a live handle; `text` is NULL or readable for `len` bytes; `out_line` is
/// NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_record_continue(
    table: *mut MjTable,
    text: *const u8,
    len: usize,
    out_line: *mut usize,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        // SAFETY: caller contract.
        let bytes = unsafe { byte_slice(text, len) }?;
        let mut g = lock(t)?;
        let result = match std::str::from_utf8(bytes) {
            Ok(s) => {
                let Live { table, record } = &mut *g;
                record.continue_from(s, table)
            }
            Err(e) => Err(utf8_error(bytes, e)),
        };
        result.map_err(|e| {
            // SAFETY: caller contract; NULL is allowed.
            if let Some(l) = unsafe { out_line.as_mut() } {
                *l = e.line;
            }
            MjStatus::BadRecord
        })
    })
}

/// The record error of text that is not UTF-8: the line of the first bad byte.
fn utf8_error(bytes: &[u8], e: std::str::Utf8Error) -> record::RecordError {
    record::RecordError {
        line: 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count(),
        why: "invalid UTF-8",
    }
}

/// Creates a table from a record (`len` bytes of JSON Lines text, as `mj_table_record` writes
/// it; a NUL is not needed). Every action in it is re-applied through the referee and every
/// other line must equal the event the referee produces, so the table arrives at exactly the
/// recorded state. On `MJ_STATUS_BAD_RECORD`, `*out_line` gets the 1-based line that is wrong
/// (the line after the last when the record stops short); `out_line` may be NULL and is written
/// on that status only. The table's record continues the text read.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`text` with `len` above 0, `out_table`), `MJ_STATUS_BAD_RECORD`
/// (malformed text or invalid UTF-8, a wrong format version, an unknown or missing key, an
/// illegal action, an event that differs from the referee's, a record that ends too early).
///
/// # Safety
/// `text` is NULL or readable for `len` bytes; `out_table` is NULL or writable; `out_line` is
/// NULL or writable. Free the table with `mj_table_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_from_record(
    text: *const u8,
    len: usize,
    out_table: *mut *mut MjTable,
    out_line: *mut usize,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let bytes = unsafe { byte_slice(text, len) }?;
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_table) }?;
        let result = match std::str::from_utf8(bytes) {
            Ok(s) => record::read(s).map(|t| (Recorder::resume(s, &t), t)),
            Err(e) => Err(utf8_error(bytes, e)),
        };
        match result {
            Ok((record, t)) => {
                *out = into_handle_with(record, t);
                Ok(())
            }
            Err(e) => {
                // SAFETY: caller contract; NULL is allowed.
                if let Some(l) = unsafe { out_line.as_mut() } {
                    *l = e.line;
                }
                Err(MjStatus::BadRecord)
            }
        }
    })
}

#[allow(dead_code)]
const _: () = assert!(SEATS == MJ_SEATS);
