//! MJAI at a riichi table in the C ABI: `mj_mjai_respond` plays a bot's MJAI response line as
//! a seat's action (the driver of docs/mjai.md "Playing a bot's responses"), and
//! `mj_mjai_replay` replays a whole-game MJAI log through the referee into a new table (docs/mjai.md
//! "Replaying a game log").

use super::backend::{byte_slice, match_rules_to_core};
use super::table::into_handle;
use super::table::{MjAction, MjRules, MjTable, action_from_core, lock, rules_to_core, table_ref};
use super::{MjMatchRules, MjStatus, guard, out_mut};
use crate::mjai::{DriveErrorKind, replay_log, respond};

/// Plays a bot's MJAI response (`len` bytes of UTF-8 JSON, one object such as
/// `{"type":"dahai","actor":0,"pai":"5mr","tsumogiri":false}`; a NUL is not needed) as
/// `seat`'s action at a riichi table. `none` passes in a claim window; `dahai`, `reach`,
/// `chi`, `pon`, `daiminkan`, `kakan`, `ankan`, `hora` and `ryukyoku` (nine terminals) are the
/// moves of docs/mjai.md, the red fives of `consumed` choosing the action's `aux`. On
/// `MJ_STATUS_OK`, `*out_action` gets the action applied and `*out_applied` 1; a `none` from a
/// seat the table does not wait for (a bot acknowledging an event) changes nothing and writes
/// `*out_applied` 0 (`*out_action` a pass). Nothing changes on error.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`table`, `text` with `len` above 0, `out_action`, `out_applied`),
/// `MJ_STATUS_INVALID_ARGUMENT` (a seat the table does not have, a table of another variant),
/// `MJ_STATUS_BAD_MJAI` (invalid UTF-8 or a line the MJAI reader refuses),
/// `MJ_STATUS_ILLEGAL_ACTION` (an event that is not a legal move of the seat now: another
/// `actor`, an event that is no move, tiles not held or not offered, a wrong `target` or
/// `tsumogiri`, the wrong phase, a move the rules forbid).
///
/// # Safety
/// `table` is NULL or a live handle; `text` is NULL or readable for `len` bytes; `out_action`
/// and `out_applied` are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_mjai_respond(
    table: *mut MjTable,
    seat: u8,
    text: *const u8,
    len: usize,
    out_action: *mut MjAction,
    out_applied: *mut u8,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        // SAFETY: caller contract.
        let bytes = unsafe { byte_slice(text, len) }?;
        // SAFETY: caller contract.
        let action = unsafe { out_mut(out_action) }?;
        // SAFETY: caller contract.
        let applied = unsafe { out_mut(out_applied) }?;
        let mut g = lock(t)?;
        if usize::from(seat) >= g.seats() || g.rules().variant != crate::table::Variant::Riichi {
            return Err(MjStatus::InvalidArgument);
        }
        let line = std::str::from_utf8(bytes).map_err(|_| MjStatus::BadMjai)?;
        let played = respond(&mut g, usize::from(seat), line).map_err(|e| match e.kind {
            DriveErrorKind::BadLine => MjStatus::BadMjai,
            DriveErrorKind::Illegal => MjStatus::IllegalAction,
            DriveErrorKind::NotRiichi => MjStatus::InvalidArgument,
        })?;
        *action = action_from_core(played.unwrap_or(crate::table::Action::PASS));
        *applied = u8::from(played.is_some());
        Ok(())
    })
}

/// Replays a whole-game MJAI log (`len` bytes of JSON Lines text, every tile shown: the
/// observer's log of a game, not a seat's stream; a NUL is not needed) through a riichi table
/// with `rules` (the log's platform: `mj_rules_preset`) and `match_rules` (its match: the start
/// score, the first dealer, `MJ_MATCH_END_WIND_ROUNDS` 1 for east-only, 2 for a hanchan), and
/// creates the table at the end of the game. Each hand is dealt from its wall rebuilt from the
/// log, so every draw, dora and ura indicator is checked, with every move, score change and
/// the match (docs/mjai.md "Replaying a game log"). On `MJ_STATUS_BAD_MJAI`, `*out_line` gets
/// the 1-based line the referee cannot accept (the line after the last when the log stops
/// short); `out_line` may be NULL and is written on that status only.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`text` with `len` above 0, `rules`, `match_rules`, `out_table`),
/// `MJ_STATUS_INVALID_ARGUMENT` (rules that are not valid or not riichi, match rules out of
/// range), `MJ_STATUS_BAD_MJAI` (invalid UTF-8, a line the reader refuses, a move the referee
/// refuses, a line that is not the referee's next event, tiles that cannot be one wall, a log
/// that ends before the match does).
///
/// # Safety
/// `text` is NULL or readable for `len` bytes; `rules` and `match_rules` are NULL or readable;
/// `out_table` and `out_line` are NULL or writable. Free the table with `mj_table_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_mjai_replay(
    text: *const u8,
    len: usize,
    rules: *const MjRules,
    match_rules: *const MjMatchRules,
    out_table: *mut *mut MjTable,
    out_line: *mut usize,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let bytes = unsafe { byte_slice(text, len) }?;
        // SAFETY: caller contract.
        let rules = unsafe { rules.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: caller contract.
        let m = unsafe { match_rules.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_table) }?;
        let rules = rules_to_core(rules)?;
        if rules.variant != crate::table::Variant::Riichi {
            return Err(MjStatus::InvalidArgument);
        }
        let m = match_rules_to_core(m)?;
        let result = match std::str::from_utf8(bytes) {
            Ok(s) => replay_log(s, rules, m).map_err(|e| e.line),
            Err(e) => Err(1 + bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()),
        };
        match result {
            Ok(t) => {
                *out = into_handle(t);
                Ok(())
            }
            Err(line) => {
                // SAFETY: caller contract; NULL is allowed.
                if let Some(l) = unsafe { out_line.as_mut() } {
                    *l = line;
                }
                Err(MjStatus::BadMjai)
            }
        }
    })
}
