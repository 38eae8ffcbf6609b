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
        start_flags: u32,
        given: Option<&[u8; super::engine::WALL_MAX]>,
    ) {
        // A free deal is its dealer's first: no 連莊 carried over from another dealer's streak.
        // (A replayed log that starts with a hand `next_hand` dealt has its count in the header.)
        if start_flags & super::event::flags::NEXT_HAND == 0 {
            self.state.consecutive = 0;
        }
        self.deal_hand(hand_index, dealer, wind, start_flags, given);
    }

    /// Deals hand 0 from `wall` (a full wall in the table's use order; a longer buffer is cut to
    /// the variant's wall) with `dealer` in the East round: tests construct positions through
    /// play.
    #[cfg(test)]
    pub(crate) fn deal_stacked(&mut self, dealer: u8, wall: &[u8]) {
        let n = wall.len().min(usize::from(self.params.wall_tiles));
        self.deal_wall(0, dealer, 0, &wall[..n])
            .expect("a full wall");
    }

    /// The match as it stood when the current hand was dealt.
    pub(crate) fn state_at_hand_start(&self) -> MatchState {
        self.at_start
    }

    /// Sets `seat`'s score (a game restoring a session), logged as [`EventKind::ScoreSet`].
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a seat past the table's seats.
    pub fn set_score(&mut self, seat: usize, score: i64) -> Result<(), Error> {
        if seat >= self.seats() {
            return Err(Error::InvalidArgument);
        }
        self.state.scores[seat] = score;
        self.emit(Event {
            seat: seat as u8,
            value: score,
            ..Event::new(EventKind::ScoreSet)
        });
        // Riichi needs 1,000 points: the legal actions may change.
        self.refresh_legal();
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

    /// Index of the first event of the current hand's log, in the log's (the observer's)
    /// numbering (earlier hands' events are gone).
    pub fn first_event_index(&self) -> u64 {
        self.log_base
    }

    /// Index the next event will get, in the log's (the observer's) numbering.
    pub fn next_event_index(&self) -> u64 {
        self.log_base + self.log.len() as u64
    }

    /// `reader`'s stream: the index of its first event of the current hand and the index its
    /// next event will get. Every reader numbers its own stream 0, 1, 2, ... from the table's
    /// creation, counting only the events it receives ([`Reader::receives`]), so neither its
    /// events nor their indices tell it anything it may not know.
    pub fn event_bounds(&self, reader: Reader) -> (u64, u64) {
        match reader.slot() {
            None => (self.first_event_index(), self.next_event_index()),
            Some(r) => (
                self.reader_base[r],
                self.reader_base[r] + self.reader_pos[r].len() as u64,
            ),
        }
    }

    /// The events of `reader`'s stream with index `from` onward, as it may know them
    /// ([`Reader::sees`]; `index` in its own numbering, see [`Table::event_bounds`]). An index
    /// before the current hand reads from its first event.
    pub fn reader_events(&self, reader: Reader, from: u64) -> impl Iterator<Item = Event> + '_ {
        let (first, next) = self.event_bounds(reader);
        let start = from.clamp(first, next) - first;
        (start..next - first).filter_map(move |k| {
            let at = match reader.slot() {
                None => k as usize,
                Some(r) => self.reader_pos[r][k as usize] as usize,
            };
            let mut e = reader.sees(&self.log[at])?;
            e.index = first + k;
            Some(e)
        })
    }

    /// Copies [`Table::reader_events`] of `reader` from `from` into `out`; returns how many
    /// were written. A client polls with `from` = one past the last index it read.
    pub fn read_events(&self, reader: Reader, from: u64, out: &mut [Event]) -> usize {
        let mut n = 0;
        for (o, e) in out.iter_mut().zip(self.reader_events(reader, from)) {
            *o = e;
            n += 1;
        }
        n
    }
}
