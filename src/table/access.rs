//! The backend surface of a [`Table`]: its log and readers, the match, scores set by the game.

use super::engine::Table;
use super::event::{Event, EventKind, Reader};
use super::matches::{MatchResult, MatchRules, MatchState};
use crate::error::Error;

impl Table {
    /// [`Table::deal`] with the hand start's flags of a replayed log (seat and wind checked by
    /// the caller).
    pub(crate) fn deal_logged(
        &mut self,
        hand_index: u32,
        dealer: u8,
        wind: u8,
        start_flags: u16,
        given: Option<&[u8; super::engine::WALL_MAX]>,
    ) {
        // A free deal is its dealer's first: no 連莊 carried over from another dealer's streak.
        // (A replayed log that starts with a hand `next_hand` dealt has its count in the header.)
        if start_flags & super::event::flags::NEXT_HAND == 0 {
            self.state.consecutive = 0;
        }
        self.deal_hand(hand_index, dealer, wind, start_flags, given);
    }

    /// Deals hand 0 from `wall` (a full wall in the table's use order) with `dealer` in the East
    /// round: tests construct positions through play.
    #[cfg(test)]
    pub(crate) fn deal_stacked(&mut self, dealer: u8, wall: &[u8]) {
        self.deal_wall(0, dealer, 0, wall).expect("a full wall");
    }

    /// The match as it stood when the current hand was dealt.
    pub(crate) fn state_at_hand_start(&self) -> MatchState {
        self.at_start
    }

    /// Sets `seat`'s score (a game restoring a session), logged as [`EventKind::ScoreSet`].
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a seat past the table's seats.
    pub fn set_score(&mut self, seat: usize, score: i32) -> Result<(), Error> {
        if seat >= self.seats() {
            return Err(Error::InvalidArgument);
        }
        self.state.scores[seat] = score;
        self.emit(Event {
            seat: seat as u8,
            value: i64::from(score),
            ..Event::new(EventKind::ScoreSet)
        });
        Ok(())
    }

    /// The match rules.
    pub fn match_rules(&self) -> &MatchRules {
        &self.match_rules
    }

    /// Where the match stands (scores, hands played, consecutive deals, rounds, over).
    pub fn match_state(&self) -> &MatchState {
        &self.state
    }

    /// The match's final scores and ranks, once it is over.
    pub fn match_result(&self) -> Option<MatchResult> {
        self.state.over.then(|| self.part_match_result())
    }

    /// The table seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Index of the current hand, its dealer and prevalent wind.
    pub fn position(&self) -> (u32, u8, u8) {
        (self.hand_index, self.dealer, self.prevalent_wind)
    }

    /// The current hand's log, unmasked (the observer's reader), from its
    /// [`EventKind::HandStart`] on.
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// Index of the first event of the current hand's log (earlier hands' events are gone).
    pub fn first_event_index(&self) -> u64 {
        self.log_base
    }

    /// Index the next event will get.
    pub fn next_event_index(&self) -> u64 {
        self.log_base + self.log.len() as u64
    }

    /// Copies the events with index `from` onward, as `reader` may know them
    /// ([`Reader::sees`]), into `out`; returns how many were written. An index before the
    /// current hand reads from its first event; a client polls with `from` = one past the last
    /// index it read.
    pub fn read_events(&self, reader: Reader, from: u64, out: &mut [Event]) -> usize {
        let start = from
            .saturating_sub(self.log_base)
            .min(self.log.len() as u64) as usize;
        let mut n = 0;
        for (o, e) in out.iter_mut().zip(&self.log[start..]) {
            *o = reader.sees(e);
            n += 1;
        }
        n
    }
}
