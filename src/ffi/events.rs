//! The table's event log in the C ABI: `MjEvent`, `mj_table_events`, `mj_table_event_bounds`.
//!
//! `MjEvent` is the core `Event` with every enum as its integer code: an event kind's code is
//! its position in the core's list of kinds (`EVENT_KINDS`), so a kind added to the core flows
//! through this layer unchanged (its `MJ_EVENT_*` constant is the only addition, and a unit test
//! below fails until it is there).

use super::table::{lock, table_ref};
use super::{MjStatus, guard, out_mut};
use crate::table::event::{
    ACTION_KINDS, COUNTER_CONSECUTIVE, EVENT_KINDS, FLOWER_CODE_BASE, HIDDEN_TILE, MAX_COUNTERS,
    MAX_EVENT_TILES, MELD_KINDS, REASONS, code_of, flags,
};
use crate::table::{Event, Reader};

/// Most tiles one `MjEvent` carries (a dealer's deal: 17 tiles in 16-tile mahjong).
pub const MJ_MAX_EVENT_TILES: usize = 17;
/// Counters one `MjEvent` carries (`MjEvent::counters`).
pub const MJ_MAX_COUNTERS: usize = 4;
/// `MjEvent::counters` slot of the dealer's consecutive deals before the hand (連莊); the other
/// slots are the variant's (riichi: 本場, the riichi sticks), 0 where unused.
pub const MJ_COUNTER_CONSECUTIVE: usize = 0;
/// `MjEvent::counters` slot of riichi's honba (本場) at a hand start (`MJ_VARIANT_RIICHI`).
pub const MJ_COUNTER_HONBA: usize = 1;
/// `MjEvent::counters` slot of the riichi sticks on the table at a hand start
/// (`MJ_VARIANT_RIICHI`).
pub const MJ_COUNTER_STICKS: usize = 2;
/// The one marker of a tile the reader may not see, in events and views alike: another seat's
/// deal or draw (`MjEvent`), the tile of another seat's concealed kong (`MjEvent`,
/// `MjView::meld_tile`). `MJ_NO_TILE` (255) is "no tile at all".
pub const MJ_HIDDEN_TILE: u8 = 254;
/// Tile codes `MJ_FLOWER_CODE_BASE + f` (34..41) in events and names are flower f (0..7): 34..37
/// spring summer autumn winter, 38..41 plum orchid bamboo chrysanthemum.
pub const MJ_FLOWER_CODE_BASE: u8 = 34;
/// "No action" / "no meld kind" in `MjEvent.action` and `MjEvent.meld`.
pub const MJ_NO_KIND: u8 = 255;
/// The reader that sees everything (a referee, a record writer): `mj_table_events` gives it
/// every event as logged. Seats read as 0..3.
pub const MJ_READER_OBSERVER: u32 = 4;
/// The reader that sees public information only (a spectator): no concealed tile of any seat,
/// no seat's options or claim answers (`mj_table_events`, `mj_table_view`, `mj_client_new`).
pub const MJ_READER_SPECTATOR: u32 = 5;

/// Event: a hand begins, with the match as it stands (any hand's events stand alone). `seat`
/// dealer; `from` the match's first dealer (with the dealer and the prevalent wind it names the
/// round, `mj_round_name`); `tile` prevalent wind (0..3); `tiles[0 .. 4]` the seat winds of
/// seats 0..3; `value` hand index; `scores` every seat's score; `counters`
/// (`MJ_COUNTER_CONSECUTIVE`: the dealer's consecutive deals, 連莊; the other slots the
/// variant's); `seed` the table seed (observer only, else 0); flag `MJ_FLAG_NEXT_HAND` when
/// dealt by `mj_table_next_hand` (else by `mj_table_deal`).
pub const MJ_EVENT_HAND_START: u8 = 0;
/// Event: a seat's deal. `seat`; `tiles[0 .. count]` in the order dealt (flowers are
/// `MJ_FLOWER_CODE_BASE + f`), `MJ_HIDDEN_TILE` for other seats.
pub const MJ_EVENT_DEAL: u8 = 1;
/// Event: a draw. `seat`; `tile` (`MJ_HIDDEN_TILE` for other seats); flag
/// `MJ_FLAG_REPLACEMENT` for a draw from the back (after a flower or a kong).
pub const MJ_EVENT_DRAW: u8 = 2;
/// Event: a flower set aside (a replacement draw follows). `seat`; `tile` its code.
pub const MJ_EVENT_FLOWER: u8 = 3;
/// Event: a discard. `seat`; `tile`; flag `MJ_FLAG_DRAWN` when the tile just drawn was thrown.
pub const MJ_EVENT_DISCARD: u8 = 4;
/// Event: one seat's answer to an offered tile, logged when it is given: only the observer
/// receives it (the public outcome is `MJ_EVENT_CLAIM_WON` / `MJ_EVENT_CLAIM_LOST`), except the
/// answer to a flower offer (flag `MJ_FLAG_FLOWER_OFFER`), which every reader receives. `seat`;
/// `from` the offering seat; `action`; `tile` the action's tile (a chow's lowest tile); `value`
/// the action's `aux` (red fives taken from the hand).
pub const MJ_EVENT_CLAIM_ANSWER: u8 = 5;
/// Event: the claim that took an offered tile. `seat`; `from`; `action`; `tile`.
pub const MJ_EVENT_CLAIM_WON: u8 = 6;
/// Event: a claim that lost. `seat`; `from`; `action`; `tile`; `reason` (`MJ_REASON_*`).
pub const MJ_EVENT_CLAIM_LOST: u8 = 7;
/// Event: a meld declared. `seat`; `meld` (`MJ_MELD_*`); `from` (`MJ_NO_SEAT` for a concealed or
/// added kong); `tile` the claimed or added tile; `tiles[0 .. count]` the meld's tiles (hidden
/// from other seats for a concealed kong).
pub const MJ_EVENT_MELD: u8 = 8;
/// Event: a win, one per winner. `seat`; `from` the discarder (`MJ_NO_SEAT`: self-drawn);
/// `tile`; `tiles[0 .. count]` the concealed hand with the winning tile; flags
/// `MJ_FLAG_SELF_DRAWN`, `MJ_FLAG_ROBBED_KONG`, `MJ_FLAG_LAST_TILE`, `MJ_FLAG_REPLACEMENT`,
/// `MJ_FLAG_AFTER_EXPOSED_KONG`, `MJ_FLAG_FIRST_TURN`, `MJ_FLAG_FIRST_GO_AROUND`,
/// `MJ_FLAG_READY_FIRST_DISCARD`, `MJ_FLAG_READY_FROM_DEAL`, `MJ_FLAG_EIGHT_FLOWERS`,
/// `MJ_FLAG_SEVEN_ROB_ONE`.
pub const MJ_EVENT_WIN: u8 = 9;
/// Event: the live wall ran out. `value` bit s set when seat s was ready (each seat sees its
/// own bit only, a spectator none).
pub const MJ_EVENT_EXHAUSTIVE_DRAW: u8 = 10;
/// Event: points won or paid by one seat for the hand (one per seat). `seat`; `value`;
/// `reason`.
pub const MJ_EVENT_PAYMENT: u8 = 11;
/// Event: the dealer keeps the deal. `seat` dealer; `value` consecutive deals (連莊).
pub const MJ_EVENT_DEALER_KEPT: u8 = 12;
/// Event: the deal passes. `seat` the next dealer.
pub const MJ_EVENT_DEALER_PASSED: u8 = 13;
/// Event: the prevalent wind advances for the next hand. `tile` the new wind (0..3).
pub const MJ_EVENT_WIND_ADVANCED: u8 = 14;
/// Event: the match is over. `value` hands played.
pub const MJ_EVENT_MATCH_OVER: u8 = 15;
/// Event: a seat's score was set (`mj_table_set_score`). `seat`; `value` the new score.
pub const MJ_EVENT_SCORE_SET: u8 = 16;
/// Event: one tai pattern that counted for a winner (under tai scoring; after the win events,
/// before the payments, by winner and pattern id). `seat` the winner; `tile` the pattern id
/// (1..38, named by `mj_tai_pattern_info`); `value` its tai.
pub const MJ_EVENT_TAI: u8 = 17;
/// Event: the hand was aborted (riichi). `reason` `MJ_REASON_NINE_TERMINALS`,
/// `_FOUR_WINDS`, `_FOUR_RIICHI`, `_FOUR_KONGS` or `_TRIPLE_RON`; `seat` the seat that declared
/// nine terminals.
pub const MJ_EVENT_ABORTIVE_DRAW: u8 = 18;
/// Event: a seat declared riichi (its next discard is the riichi discard). `seat`.
pub const MJ_EVENT_RIICHI: u8 = 19;
/// Event: a riichi discard passed and its stick is placed. `seat`; `value` -1000.
pub const MJ_EVENT_RIICHI_ACCEPTED: u8 = 20;
/// Event: a dora indicator turned. `tile` the indicator; `value` its position 0..4.
pub const MJ_EVENT_DORA: u8 = 21;
/// Event: an ura dora indicator turned (when a winner was in riichi, after the wins). `tile`;
/// `value` its position 0..4.
pub const MJ_EVENT_URA_DORA: u8 = 22;
/// Event: nagashi mangan at the exhaustive draw. `seat`.
pub const MJ_EVENT_NAGASHI: u8 = 23;
/// Event: a yaku that counted for a winner (riichi). `seat`; `tile` the yaku id (1..65, named
/// by `mj_riichi_yaku_info`); `value` its han.
pub const MJ_EVENT_YAKU: u8 = 24;
/// Event: a riichi winner's fu and limit. `seat`; `tile` `MJ_RIICHI_LIMIT_*`; `value` the fu.
pub const MJ_EVENT_FU: u8 = 25;
/// Event: part of a wall the game gave (`mj_table_deal_wall`), seen by the observer only (an
/// empty event for the other readers). `value` the position of its first tile; `tiles` the
/// codes.
pub const MJ_EVENT_WALL: u8 = 26;

/// Reason: none applies.
pub const MJ_REASON_NONE: u8 = 0;
/// Reason: a claim lost to a win on the same tile.
pub const MJ_REASON_LOST_TO_WIN: u8 = 1;
/// Reason: a chow lost to a pung or a kong.
pub const MJ_REASON_LOST_TO_PUNG: u8 = 2;
/// Reason: a win lost to an earlier winner in turn order (head bump, 截胡).
pub const MJ_REASON_HEAD_BUMP: u8 = 3;
/// Reason (payment): the seat won.
pub const MJ_REASON_WON: u8 = 4;
/// Reason (payment): the seat discarded the winning tile (or had its kong robbed).
pub const MJ_REASON_DEALT_IN: u8 = 5;
/// Reason (payment): another seat won by self-draw.
pub const MJ_REASON_SELF_DRAW_PAID: u8 = 6;
/// Reason (payment): the seat neither won nor paid.
pub const MJ_REASON_UNINVOLVED: u8 = 7;
/// Reason (payment): the hand ended in an exhaustive draw.
pub const MJ_REASON_DRAW: u8 = 8;
/// Reason (abortive draw): nine different terminals and honours in a seat's first draw.
pub const MJ_REASON_NINE_TERMINALS: u8 = 9;
/// Reason (abortive draw): every seat discarded the same wind in the first go-around.
pub const MJ_REASON_FOUR_WINDS: u8 = 10;
/// Reason (abortive draw): every seat in riichi.
pub const MJ_REASON_FOUR_RIICHI: u8 = 11;
/// Reason (abortive draw): a fourth kong by more than one seat.
pub const MJ_REASON_FOUR_KONGS: u8 = 12;
/// Reason (abortive draw): three seats winning on one discard.
pub const MJ_REASON_TRIPLE_RON: u8 = 13;
/// Reason (payment at the exhaustive draw): the seat was ready.
pub const MJ_REASON_TENPAI: u8 = 14;
/// Reason (payment at the exhaustive draw): the seat was not ready.
pub const MJ_REASON_NOTEN: u8 = 15;
/// Reason (payment): nagashi mangan.
pub const MJ_REASON_NAGASHI: u8 = 16;
/// Reason (payment): the seat was liable (pao) for the yakuman it fed.
pub const MJ_REASON_LIABLE: u8 = 17;
/// Reason (payment at the end of a match): riichi sticks left, to first place.
pub const MJ_REASON_STICKS: u8 = 18;

/// Event flag: a draw from the back of the wall; a win on such a draw.
pub const MJ_FLAG_REPLACEMENT: u32 = 1;
/// Event flag: the discard of the tile just drawn.
pub const MJ_FLAG_DRAWN: u32 = 2;
/// Event flag: a win by self-draw.
pub const MJ_FLAG_SELF_DRAWN: u32 = 4;
/// Event flag: a win on a tile added to a pung (robbing the kong).
pub const MJ_FLAG_ROBBED_KONG: u32 = 8;
/// Event flag: a win on the last drawable tile (or the discard after it).
pub const MJ_FLAG_LAST_TILE: u32 = 16;
/// Event flag: a win in the winner's first turn, before any meld (heavenly / earthly hand).
pub const MJ_FLAG_FIRST_TURN: u32 = 32;
/// Event flag: a hand start dealt by `mj_table_next_hand`.
pub const MJ_FLAG_NEXT_HAND: u32 = 64;
/// Event flag: a win by a seat ready from its first discard, nobody having claimed before it,
/// hand unchanged since (地聽; the dealer's is 天聽).
pub const MJ_FLAG_READY_FIRST_DISCARD: u32 = 128;
/// Event flag: a win holding all eight flowers (八仙過海).
pub const MJ_FLAG_EIGHT_FLOWERS: u32 = 256;
/// Event flag: a win taking the eighth flower another seat set aside (七搶一).
pub const MJ_FLAG_SEVEN_ROB_ONE: u32 = 512;
/// Event flag: a claim answer to a flower offer (八仙過海, 七搶一): public.
pub const MJ_FLAG_FLOWER_OFFER: u32 = 1024;
/// Event flag: a win on the replacement drawn after an exposed kong (with `MJ_FLAG_REPLACEMENT`;
/// the ATAWMJ preset counts no 槓上開花 for it).
pub const MJ_FLAG_AFTER_EXPOSED_KONG: u32 = 2048;
/// Event flag: a win on a discard of the first go-around (第一巡: no seat had discarded twice,
/// nobody had claimed; 人胡).
pub const MJ_FLAG_FIRST_GO_AROUND: u32 = 4096;
/// Event flag: a win by a seat whose hand was ready as dealt (配牌即聽牌; the dealer's: after its
/// first discard), unchanged since (天聽 under the ATAWMJ preset).
pub const MJ_FLAG_READY_FROM_DEAL: u32 = 8192;
/// Event flag: a concealed kong shown to every seat (riichi); an exhaustive draw whose ready
/// mask is public (riichi).
pub const MJ_FLAG_SHOWN: u32 = 16384;
/// Event flag: the riichi discard (the tile turned sideways); a win of a seat in riichi.
pub const MJ_FLAG_RIICHI: u32 = 32768;
/// Event flag: a win of a seat in double riichi.
pub const MJ_FLAG_DOUBLE_RIICHI: u32 = 65536;
/// Event flag: a win with ippatsu.
pub const MJ_FLAG_IPPATSU: u32 = 131072;

/// One change of table state, as one reader may know it. Fixed size; fields a kind does not
/// use hold `MJ_NO_SEAT`, `MJ_NO_TILE`, `MJ_NO_KIND`, `MJ_REASON_NONE` or zero, and the
/// padding is zero (equal events compare equal with `memcmp`). The use of the fields by kind is
/// documented on the `MJ_EVENT_*` constants.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjEvent {
    /// Position in the reader's stream: each reader numbers the events it receives 0, 1, 2, ...
    /// from the table's creation (the observer's numbering is the table's log).
    pub index: u64,
    /// Points, hand index, hand count, consecutive deals or ready mask (see the kind).
    pub value: i64,
    /// The table seed (`MJ_EVENT_HAND_START`, observer only; 0 otherwise).
    pub seed: u64,
    /// Every seat's score, by seat (`MJ_EVENT_HAND_START`; 0 otherwise).
    pub scores: [i64; 4],
    /// The match's counters (`MJ_EVENT_HAND_START`, see `MJ_COUNTER_CONSECUTIVE`; 0
    /// otherwise).
    pub counters: [u32; MJ_MAX_COUNTERS],
    /// `MJ_FLAG_*` bits.
    pub flags: u32,
    /// `MJ_EVENT_*`.
    pub kind: u8,
    /// The seat it concerns, or `MJ_NO_SEAT`.
    pub seat: u8,
    /// The other seat involved (discarder, offering seat, claimed-from seat), or `MJ_NO_SEAT`.
    pub from: u8,
    /// The tile (0..33, a flower code 34..41, `MJ_HIDDEN_TILE`, `MJ_NO_TILE`), or a wind 0..3
    /// for `MJ_EVENT_HAND_START` and `MJ_EVENT_WIND_ADVANCED`.
    pub tile: u8,
    /// `MJ_ACTION_*` of a claim answer, won or lost claim; else `MJ_NO_KIND`.
    pub action: u8,
    /// `MJ_MELD_*` of a declared meld; else `MJ_NO_KIND`.
    pub meld: u8,
    /// `MJ_REASON_*`.
    pub reason: u8,
    /// Tiles used in `tiles`.
    pub count: u8,
    /// Tiles of a deal, meld or winning hand (unused slots hold `MJ_NO_TILE`).
    pub tiles: [u8; MJ_MAX_EVENT_TILES],
}

/// The C image of a core event (codes are positions in the core's lists).
pub(crate) fn event_from_core(e: &Event) -> MjEvent {
    MjEvent {
        index: e.index,
        value: e.value,
        seed: e.seed,
        scores: e.scores,
        counters: e.counters,
        flags: e.flags,
        kind: code_of(&EVENT_KINDS, &e.kind),
        seat: e.seat,
        from: e.from,
        tile: e.tile,
        action: e.action.map_or(MJ_NO_KIND, |a| code_of(&ACTION_KINDS, &a)),
        meld: e.meld.map_or(MJ_NO_KIND, |m| code_of(&MELD_KINDS, &m)),
        reason: code_of(&REASONS, &e.reason),
        count: e.count,
        tiles: e.tiles,
    }
}

/// The core event of a C event: every code and the tile count checked (tile values are not:
/// a name of an unknown tile is `?`).
pub(crate) fn event_to_core(e: &MjEvent) -> Result<Event, MjStatus> {
    fn pick<T: Copy>(all: &[T], code: u8) -> Result<T, MjStatus> {
        all.get(usize::from(code))
            .copied()
            .ok_or(MjStatus::InvalidArgument)
    }
    fn optional<T: Copy>(all: &[T], code: u8) -> Result<Option<T>, MjStatus> {
        if code == MJ_NO_KIND {
            Ok(None)
        } else {
            pick(all, code).map(Some)
        }
    }
    if usize::from(e.count) > MAX_EVENT_TILES || e.flags & !flags::ALL != 0 {
        return Err(MjStatus::InvalidArgument);
    }
    Ok(Event {
        index: e.index,
        kind: pick(&EVENT_KINDS, e.kind)?,
        seat: e.seat,
        from: e.from,
        tile: e.tile,
        action: optional(&ACTION_KINDS, e.action)?,
        meld: optional(&MELD_KINDS, e.meld)?,
        reason: pick(&REASONS, e.reason)?,
        flags: e.flags,
        count: e.count,
        tiles: e.tiles,
        value: e.value,
        seed: e.seed,
        scores: e.scores,
        counters: e.counters,
    })
}

/// The padding bytes of `MjEvent` (see `super::zero_gaps`).
pub(crate) fn event_gaps() -> &'static [(usize, usize)] {
    static GAPS: std::sync::OnceLock<Vec<(usize, usize)>> = std::sync::OnceLock::new();
    GAPS.get_or_init(|| {
        let mut spans = Vec::new();
        macro_rules! spans {
            ($($f:ident),*) => {
                $( spans.push((std::mem::offset_of!(MjEvent, $f), super::table::size_of_field(|v: &MjEvent| &v.$f))); )*
            };
        }
        spans!(
            index, value, seed, scores, counters, flags, kind, seat, from, tile, action, meld,
            reason, count, tiles
        );
        super::gaps(std::mem::size_of::<MjEvent>(), &spans)
    })
}

/// Writes `e` as the C image of a core event at `out`, padding zeroed.
///
/// # Safety
/// `out` is writable for one `MjEvent`.
pub(crate) unsafe fn write_event(out: *mut MjEvent, e: &Event) {
    // SAFETY: the caller's contract; the gaps lie inside the struct.
    unsafe {
        out.write(event_from_core(e));
        super::zero_gaps(out.cast(), event_gaps());
    }
}

/// Copies `reader`'s events with index `from` onward, as it may know them, into
/// `out_events[0 .. *out_count]` (at most `capacity`). `reader` is a seat 0..3 (its own tiles
/// and everything public: another seat's deal and draws are `MJ_HIDDEN_TILE`, its concealed
/// kong is face down, no claim answer but the seat's own), `MJ_READER_SPECTATOR` (public
/// information only) or `MJ_READER_OBSERVER` (everything). Each reader numbers the events it
/// receives 0, 1, 2, ... from the table's creation, so neither its events nor their indices
/// tell it anything it may not know.
///
/// Polling: keep `next`, the index one past the last event read (start with the first index of
/// `mj_table_event_bounds` for the same reader); after each `mj_table_apply` (or deal) call
/// this with `from = next` until `*out_count` is 0, each time setting
/// `next = out_events[*out_count - 1].index + 1`. A `capacity` smaller than the events waiting
/// is not an error: `*out_count` is `capacity` and the rest is read by the next call. The
/// current hand's events are complete from its `MJ_EVENT_HAND_START`; an index before it reads
/// from there (earlier hands' events are gone once the next hand is dealt), an index past the
/// end reads nothing. The events' padding is zeroed.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`table`, `out_count`, or `out_events` when there is something to
/// write), `MJ_STATUS_INVALID_ARGUMENT` (`reader` not a seat 0..3, `MJ_READER_OBSERVER` or
/// `MJ_READER_SPECTATOR`).
///
/// # Safety
/// `table` is NULL or a live handle; `out_events` is NULL or writable for `capacity` events;
/// `out_count` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_events(
    table: *const MjTable,
    reader: u32,
    from: u64,
    out_events: *mut MjEvent,
    capacity: usize,
    out_count: *mut u32,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        // SAFETY: caller contract.
        let count = unsafe { out_mut(out_count) }?;
        let reader = Reader::from_code(reader).ok_or(MjStatus::InvalidArgument)?;
        let g = lock(t)?;
        let (first, next) = g.event_bounds(reader);
        let waiting = next - from.clamp(first, next);
        let n = usize::try_from(waiting)
            .unwrap_or(usize::MAX)
            .min(capacity)
            .min(u32::MAX as usize);
        if n > 0 && out_events.is_null() {
            return Err(MjStatus::NullPointer);
        }
        let mut written = 0;
        for (i, e) in g.reader_events(reader, from).take(n).enumerate() {
            // SAFETY: `out_events` is non-NULL and writable for `capacity` events, `i < n <=
            // capacity`.
            unsafe { write_event(out_events.add(i), &e) };
            written += 1;
        }
        *count = written as u32;
        Ok(())
    })
}

/// Writes the bounds of `reader`'s stream: the index of its first event of the current hand
/// and the index its next event will get (the events waiting for a reader at `next` are
/// `*out_next - next`). Either output may be NULL. `reader` as for `mj_table_events`.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`table`), `MJ_STATUS_INVALID_ARGUMENT` (an unknown `reader`).
///
/// # Safety
/// `table` is NULL or a live handle; the outputs are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_event_bounds(
    table: *const MjTable,
    reader: u32,
    out_first: *mut u64,
    out_next: *mut u64,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        let reader = Reader::from_code(reader).ok_or(MjStatus::InvalidArgument)?;
        let (first, next) = lock(t)?.event_bounds(reader);
        // SAFETY: caller contract; NULL is allowed.
        if let Some(f) = unsafe { out_first.as_mut() } {
            *f = first;
        }
        // SAFETY: caller contract; NULL is allowed.
        if let Some(n) = unsafe { out_next.as_mut() } {
            *n = next;
        }
        Ok(())
    })
}

use super::table::MjTable;

#[allow(dead_code)]
const _: () = assert!(
    MJ_MAX_EVENT_TILES == MAX_EVENT_TILES
        && MJ_HIDDEN_TILE == HIDDEN_TILE
        && MJ_FLOWER_CODE_BASE == FLOWER_CODE_BASE
        && MJ_FLAG_REPLACEMENT == flags::REPLACEMENT
        && MJ_FLAG_DRAWN == flags::DRAWN
        && MJ_FLAG_SELF_DRAWN == flags::SELF_DRAWN
        && MJ_FLAG_ROBBED_KONG == flags::ROBBED_KONG
        && MJ_FLAG_LAST_TILE == flags::LAST_TILE
        && MJ_FLAG_FIRST_TURN == flags::FIRST_TURN
        && MJ_FLAG_NEXT_HAND == flags::NEXT_HAND
        && MJ_FLAG_READY_FIRST_DISCARD == flags::READY_FIRST_DISCARD
        && MJ_FLAG_EIGHT_FLOWERS == flags::EIGHT_FLOWERS
        && MJ_FLAG_SEVEN_ROB_ONE == flags::SEVEN_ROB_ONE
        && MJ_FLAG_FLOWER_OFFER == flags::FLOWER_OFFER
        && MJ_FLAG_SHOWN == flags::SHOWN
        && MJ_FLAG_RIICHI == flags::RIICHI
        && MJ_FLAG_DOUBLE_RIICHI == flags::DOUBLE_RIICHI
        && MJ_FLAG_IPPATSU == flags::IPPATSU
        && MJ_FLAG_AFTER_EXPOSED_KONG == flags::AFTER_EXPOSED_KONG
        && MJ_FLAG_FIRST_GO_AROUND == flags::FIRST_GO_AROUND
        && MJ_FLAG_READY_FROM_DEAL == flags::READY_FROM_DEAL
        && MJ_MAX_COUNTERS == MAX_COUNTERS
        && MJ_COUNTER_CONSECUTIVE == COUNTER_CONSECUTIVE
        && MJ_COUNTER_HONBA == crate::table::matches::COUNTER_HONBA
        && MJ_COUNTER_STICKS == crate::table::matches::COUNTER_STICKS
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::event::{ACTION_NAMES, EVENT_KIND_NAMES, MELD_NAMES, REASON_NAMES};

    /// The `MJ_*` constants of each code list, named as the core names its values: a kind
    /// added to the core fails here until its constant is in this layer.
    #[test]
    fn constants_follow_the_core_lists() {
        let kinds = [
            (MJ_EVENT_HAND_START, "hand_start"),
            (MJ_EVENT_DEAL, "deal"),
            (MJ_EVENT_DRAW, "draw"),
            (MJ_EVENT_FLOWER, "flower"),
            (MJ_EVENT_DISCARD, "discard"),
            (MJ_EVENT_CLAIM_ANSWER, "claim_answer"),
            (MJ_EVENT_CLAIM_WON, "claim_won"),
            (MJ_EVENT_CLAIM_LOST, "claim_lost"),
            (MJ_EVENT_MELD, "meld"),
            (MJ_EVENT_WIN, "win"),
            (MJ_EVENT_EXHAUSTIVE_DRAW, "exhaustive_draw"),
            (MJ_EVENT_PAYMENT, "payment"),
            (MJ_EVENT_DEALER_KEPT, "dealer_kept"),
            (MJ_EVENT_DEALER_PASSED, "dealer_passed"),
            (MJ_EVENT_WIND_ADVANCED, "wind_advanced"),
            (MJ_EVENT_MATCH_OVER, "match_over"),
            (MJ_EVENT_SCORE_SET, "score_set"),
            (MJ_EVENT_TAI, "tai"),
            (MJ_EVENT_ABORTIVE_DRAW, "abortive_draw"),
            (MJ_EVENT_RIICHI, "riichi"),
            (MJ_EVENT_RIICHI_ACCEPTED, "riichi_accepted"),
            (MJ_EVENT_DORA, "dora"),
            (MJ_EVENT_URA_DORA, "ura_dora"),
            (MJ_EVENT_NAGASHI, "nagashi"),
            (MJ_EVENT_YAKU, "yaku"),
            (MJ_EVENT_FU, "fu"),
            (MJ_EVENT_WALL, "wall"),
        ];
        let reasons = [
            (MJ_REASON_NONE, "none"),
            (MJ_REASON_LOST_TO_WIN, "lost_to_win"),
            (MJ_REASON_LOST_TO_PUNG, "lost_to_pung"),
            (MJ_REASON_HEAD_BUMP, "head_bump"),
            (MJ_REASON_WON, "won"),
            (MJ_REASON_DEALT_IN, "dealt_in"),
            (MJ_REASON_SELF_DRAW_PAID, "self_draw_paid"),
            (MJ_REASON_UNINVOLVED, "uninvolved"),
            (MJ_REASON_DRAW, "draw"),
            (MJ_REASON_NINE_TERMINALS, "nine_terminals"),
            (MJ_REASON_FOUR_WINDS, "four_winds"),
            (MJ_REASON_FOUR_RIICHI, "four_riichi"),
            (MJ_REASON_FOUR_KONGS, "four_kongs"),
            (MJ_REASON_TRIPLE_RON, "triple_ron"),
            (MJ_REASON_TENPAI, "tenpai"),
            (MJ_REASON_NOTEN, "noten"),
            (MJ_REASON_NAGASHI, "nagashi"),
            (MJ_REASON_LIABLE, "liable"),
            (MJ_REASON_STICKS, "sticks"),
        ];
        use super::super::table::*;
        let actions = [
            (MJ_ACTION_PASS, "pass"),
            (MJ_ACTION_DISCARD, "discard"),
            (MJ_ACTION_CHOW, "chow"),
            (MJ_ACTION_PUNG, "pung"),
            (MJ_ACTION_EXPOSED_KONG, "exposed_kong"),
            (MJ_ACTION_ADDED_KONG, "added_kong"),
            (MJ_ACTION_CONCEALED_KONG, "concealed_kong"),
            (MJ_ACTION_WIN, "win"),
            (MJ_ACTION_EIGHT_FLOWERS, "eight_flowers"),
            (MJ_ACTION_ROB_FLOWER, "rob_flower"),
            (MJ_ACTION_RIICHI, "riichi"),
            (MJ_ACTION_NINE_TERMINALS, "nine_terminals"),
        ];
        let melds = [
            (MJ_MELD_CHOW, "chow"),
            (MJ_MELD_PUNG, "pung"),
            (MJ_MELD_EXPOSED_KONG, "exposed_kong"),
            (MJ_MELD_ADDED_KONG, "added_kong"),
            (MJ_MELD_CONCEALED_KONG, "concealed_kong"),
        ];
        for (list, core) in [
            (&kinds[..], &EVENT_KIND_NAMES[..]),
            (&reasons[..], &REASON_NAMES[..]),
            (&actions[..], &ACTION_NAMES[..]),
            (&melds[..], &MELD_NAMES[..]),
        ] {
            assert_eq!(list.len(), core.len(), "a constant is missing for {core:?}");
            for &(code, name) in list {
                assert_eq!(core[usize::from(code)], name);
            }
        }
    }

    #[test]
    fn event_round_trips_through_the_c_image() {
        let mut t = crate::table::Table::new(crate::table::Rules::taiwan16(), 11).unwrap();
        while t.phase() != crate::table::Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let a = t.legal_actions(seat).as_slice()[0];
            t.apply(seat, a).unwrap();
        }
        for e in t.log() {
            for r in Reader::ALL {
                if let Some(seen) = r.sees(e) {
                    assert_eq!(event_to_core(&event_from_core(&seen)), Ok(seen));
                }
            }
        }
    }

    #[test]
    fn event_to_core_refuses_bad_codes() {
        let ok = event_from_core(&Event::new(crate::table::EventKind::Discard));
        assert!(event_to_core(&ok).is_ok());
        for bad in [
            MjEvent {
                kind: EVENT_KINDS.len() as u8,
                ..ok
            },
            MjEvent {
                action: ACTION_KINDS.len() as u8,
                ..ok
            },
            MjEvent {
                meld: MELD_KINDS.len() as u8,
                ..ok
            },
            MjEvent {
                reason: REASONS.len() as u8,
                ..ok
            },
            MjEvent { count: 18, ..ok },
            MjEvent {
                flags: 262144,
                ..ok
            },
            MjEvent {
                flags: 1 << 31,
                ..ok
            },
        ] {
            assert_eq!(event_to_core(&bad), Err(MjStatus::InvalidArgument));
        }
    }
}
