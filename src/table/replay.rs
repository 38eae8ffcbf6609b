//! Rebuilding a table from a log: the one path by which records and snapshots come back. Every
//! action found in the log is re-applied through the referee ([`Table::apply`]), and every
//! event the referee produces must equal the logged one, so a log can never smuggle in a state
//! that play could not reach.

use super::engine::Table;
use super::event::{Event, EventKind, NUMBERED_READERS, Reason, flags};
use super::matches::{MatchRules, MatchState};
use super::types::*;
use crate::tile::is_red_code;

/// What a log is replayed from besides its events: the table's rules, its seed and the match as
/// it stood before the log's first event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Header {
    /// The rules of the table.
    pub rules: Rules,
    /// The rules of the match.
    pub match_rules: MatchRules,
    /// The table seed (the wall of hand `i` is a pure function of the seed and `i`).
    pub seed: u64,
    /// The match before the first event: scores, hands played, consecutive deals, rounds.
    pub state: MatchState,
    /// The index of the log's first event in the stream of each seat 0..3 and of the
    /// spectator (each reader numbers its own stream: [`Table::event_bounds`]); the observer's
    /// is the first event's `index`.
    pub readers: [u64; NUMBERED_READERS],
}

impl Table {
    /// The header a log of the current hand replays from: rules, seed, and the match as it
    /// stood when the hand was dealt.
    pub fn header(&self) -> Header {
        Header {
            rules: *self.rules(),
            match_rules: *self.match_rules(),
            seed: self.seed(),
            state: self.state_at_hand_start(),
            readers: self.reader_base,
        }
    }
}

/// Why a log did not replay: the position of the event (0-based) and what was wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ReplayError {
    /// Position of the offending event in the log (the log's length when it ends too early).
    pub event: usize,
    /// What was wrong.
    pub why: &'static str,
}

fn fail<T>(event: usize, why: &'static str) -> Result<T, ReplayError> {
    Err(ReplayError { event, why })
}

/// Rebuilds the table that produced `events` (one or more hands, from a
/// [`EventKind::HandStart`] on) from `header`.
///
/// # Errors
/// A [`ReplayError`] naming the first event that is out of sequence, an illegal action, or
/// differs from what the referee produced, or the end of a log that stops short of the
/// referee's.
pub fn replay(header: &Header, events: &[Event]) -> Result<Table, ReplayError> {
    let Some(first) = events.first() else {
        return fail(0, "the log is empty");
    };
    if first.kind != EventKind::HandStart {
        return fail(0, "the log does not begin with a hand start");
    }
    let Ok(mut t) = Table::blank(
        header.rules,
        header.match_rules,
        header.seed,
        header.state,
        first.index,
        header.readers,
    ) else {
        return fail(0, "rules out of range");
    };
    for (i, e) in events.iter().enumerate() {
        let want = first.index.checked_add(i as u64);
        if Some(e.index) != want {
            return fail(i, "event index out of sequence");
        }
        if e.index >= t.next_event_index() {
            // The referee logs some events before the action that causes them (a kan dora
            // turned before the discard that reveals it): the next action in the log comes first.
            let k = if is_input(e) {
                i
            } else {
                match events[i..].iter().position(is_input) {
                    Some(d) => i + d,
                    None => return fail(i, "an event the referee did not produce"),
                }
            };
            apply_input(&mut t, k, &events[k], &events[k + 1..])?;
        }
        let base = t.first_event_index();
        let produced = e
            .index
            .checked_sub(base)
            .and_then(|k| t.log().get(k as usize));
        if produced != Some(e) {
            return fail(i, "differs from the referee's event");
        }
    }
    if t.next_event_index() != first.index + events.len() as u64 {
        return fail(events.len(), "the log ends before the referee's");
    }
    Ok(t)
}

/// Whether `e` records an action, a deal or a score change (what replay applies).
fn is_input(e: &Event) -> bool {
    match e.kind {
        EventKind::HandStart
        | EventKind::Discard
        | EventKind::ClaimAnswer
        | EventKind::ScoreSet
        | EventKind::Riichi => true,
        EventKind::Meld => matches!(
            e.meld,
            Some(MeldKind::ConcealedKong) | Some(MeldKind::AddedKong)
        ),
        EventKind::Win => e.flags & flags::SELF_DRAWN != 0,
        EventKind::AbortiveDraw => e.reason == Reason::NineTerminals,
        _ => false,
    }
}

/// The wall that the `Wall` events at the start of `rest` give, if any.
fn given_wall(rest: &[Event]) -> Option<Vec<u8>> {
    let mut wall = Vec::new();
    for e in rest.iter().take_while(|e| e.kind == EventKind::Wall) {
        if e.value != wall.len() as i64 {
            return None;
        }
        wall.extend_from_slice(e.tile_list());
    }
    Some(wall)
}

/// Applies the action, deal or score change that `e` records (`rest`: the events after it).
fn apply_input(t: &mut Table, i: usize, e: &Event, rest: &[Event]) -> Result<(), ReplayError> {
    let seat = usize::from(e.seat);
    let act = |kind: ActionKind| Action::new(kind, e.tile);
    let r = match e.kind {
        EventKind::HandStart => {
            let (Ok(index), true, true) = (
                u32::try_from(e.value),
                e.seat < t.seats() as u8,
                usize::from(e.tile) < WINDS,
            ) else {
                return fail(i, "hand start out of range");
            };
            if e.flags & flags::NEXT_HAND != 0 && i > 0 {
                match given_wall(rest) {
                    Some(list) if list.is_empty() => t.next_hand(),
                    Some(list) => t.next_hand_wall(&list),
                    None => return fail(i + 1, "a wall out of sequence"),
                }
            } else if e.flags & !flags::NEXT_HAND != 0 {
                return fail(i, "hand start flags out of range");
            } else {
                let Some(list) = given_wall(rest) else {
                    return fail(i + 1, "a wall out of sequence");
                };
                if list.is_empty() {
                    t.deal_logged(index, e.seat, e.tile, e.flags, None);
                } else {
                    let Ok(wall) = t.check_wall(&list) else {
                        return fail(i + 1, "a wall that is not the variant's tile set");
                    };
                    t.deal_logged(index, e.seat, e.tile, e.flags, Some(&wall));
                }
                Ok(())
            }
        }
        EventKind::Discard => t.apply(seat, act(ActionKind::Discard)),
        EventKind::ClaimAnswer => match (e.action, u8::try_from(e.value)) {
            (Some(kind), Ok(aux)) => t.apply(seat, Action::with_aux(kind, e.tile, aux)),
            _ => return fail(i, "a claim answer without its action"),
        },
        EventKind::Meld => match e.meld {
            Some(MeldKind::ConcealedKong) => {
                let red = e.tile_list().iter().filter(|&&c| is_red_code(c)).count() as u8;
                t.apply(
                    seat,
                    Action::with_aux(ActionKind::ConcealedKong, e.tile, red),
                )
            }
            Some(MeldKind::AddedKong) => t.apply(seat, act(ActionKind::AddedKong)),
            _ => return fail(i, "a claimed meld without its claim"),
        },
        EventKind::Win if e.flags & flags::SELF_DRAWN != 0 => t.apply(seat, act(ActionKind::Win)),
        EventKind::Riichi => t.apply(seat, Action::new(ActionKind::Riichi, NO_TILE)),
        EventKind::AbortiveDraw if e.reason == Reason::NineTerminals => {
            t.apply(seat, Action::new(ActionKind::NineTerminals, NO_TILE))
        }
        EventKind::ScoreSet => t.set_score(seat, e.value),
        _ => return fail(i, "an event the referee did not produce"),
    };
    match r {
        Ok(()) => Ok(()),
        Err(_) => fail(i, "illegal action"),
    }
}
