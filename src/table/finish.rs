//! The end of a hand: the win and its facts, the exhaustive and abortive draws, the variant's
//! settlement, payments and the match's progress.

use super::engine::Table;
use super::event::{Event, EventKind, MAX_EVENT_TILES, Reason, flags};
use super::types::*;
use super::variant::taiwan::{HandFacts, WinFacts};
use crate::tile::red_code;

impl Table {
    /// Ends the hand with a win of each seat in `winners`. `flower` is 0 for a winning hand, or
    /// [`flags::EIGHT_FLOWERS`] / [`flags::SEVEN_ROB_ONE`] for a flower win (`tile` is then the
    /// eighth flower's code, and `discarder` the seat 七搶一 took it from).
    pub(super) fn finish_win(
        &mut self,
        winners: u8,
        discarder: u8,
        tile: u8,
        robbed_kong: bool,
        flower: u32,
    ) {
        let end = if discarder == NO_SEAT {
            End::SelfDraw
        } else {
            End::Discard
        };
        let r = HandResult {
            end,
            winners,
            discarder,
            tile,
            robbed_kong,
            points: [0; SEATS],
            tenpai: self.tenpai_mask(winners),
            tai: [None; SEATS],
            riichi: [None; SEATS],
        };
        let mut facts = self.hand_facts(r);
        let seats = self.seats();
        let start = if discarder == NO_SEAT {
            usize::from(self.actor)
        } else {
            usize::from(discarder) + 1
        };
        for i in 0..seats {
            let s = (start + i) % seats;
            if winners & (1 << s) == 0 {
                continue;
            }
            let mut f = 0u32;
            if flower != 0 {
                // A flower win: none of the winning hand's facts apply.
                f = flower;
            } else if discarder == NO_SEAT {
                f |= flags::SELF_DRAWN;
                if self.from_back {
                    f |= flags::REPLACEMENT;
                }
            }
            if robbed_kong {
                f |= flags::ROBBED_KONG;
            }
            if self.wall_left() == 0 && flower == 0 {
                f |= flags::LAST_TILE;
            }
            let f = self.part_win_flags(s, f, flower);
            let list = self.hand_codes(s);
            self.emit(
                Event {
                    seat: s as u8,
                    from: discarder,
                    tile,
                    flags: f,
                    ..Event::new(EventKind::Win)
                }
                .with_tiles(list.as_slice()),
            );
            facts.winners[s] = Some(WinFacts {
                flags: f,
                flowers: self.flowers[s],
                seat_wind: ((s + seats - usize::from(self.dealer)) % seats) as u8,
                concealed: self.hands[s],
                melds: self.melds[s],
                meld_count: self.meld_counts[s],
            });
        }
        self.finish(facts);
    }

    /// `seat`'s concealed tiles as codes in kind order, red fives first among the fives.
    pub(super) fn hand_codes(&self, seat: usize) -> CodeList {
        let mut list = CodeList::default();
        for (k, &c) in self.hands[seat].iter().enumerate() {
            let red = super::legal::red_of(&self.red[seat], k);
            for i in 0..c {
                let code = if i < red { red_code(k / 9) } else { k as u8 };
                list.push(code);
            }
        }
        list
    }

    pub(super) fn finish_exhaustive(&mut self) {
        let r = HandResult {
            end: End::ExhaustiveDraw,
            winners: 0,
            discarder: NO_SEAT,
            tile: NO_TILE,
            robbed_kong: false,
            points: [0; SEATS],
            tenpai: self.tenpai_mask(0),
            tai: [None; SEATS],
            riichi: [None; SEATS],
        };
        self.emit(Event {
            value: i64::from(r.tenpai),
            ..Event::new(EventKind::ExhaustiveDraw)
        });
        let facts = self.hand_facts(r);
        self.finish(facts);
    }

    /// Ends the hand in an abortive draw for `reason` (`seat`: the seat that declared nine
    /// terminals, else [`NO_SEAT`]).
    pub(super) fn finish_abortive(&mut self, reason: AbortReason, seat: u8) {
        let r = HandResult {
            end: End::AbortiveDraw(reason),
            winners: 0,
            discarder: NO_SEAT,
            tile: NO_TILE,
            robbed_kong: false,
            points: [0; SEATS],
            tenpai: 0,
            tai: [None; SEATS],
            riichi: [None; SEATS],
        };
        self.emit(Event {
            seat,
            reason: Reason::of_abort(reason),
            ..Event::new(EventKind::AbortiveDraw)
        });
        let facts = self.hand_facts(r);
        self.finish(facts);
    }

    /// What the scoring hook is told about the hand besides the winners' facts.
    pub(super) fn hand_facts(&self, result: HandResult) -> HandFacts {
        HandFacts {
            result,
            dealer: self.dealer,
            prevalent_wind: self.prevalent_wind,
            consecutive: self.state.consecutive,
            winners: [None; SEATS],
        }
    }

    /// Scores the hand (the variant's settlement and its events), logs the payments and the
    /// match progress, and ends the hand.
    pub(super) fn finish(&mut self, facts: HandFacts) {
        let (r, reasons) = self.part_settle(&facts);
        for s in 0..self.seats() {
            self.state.scores[s] = self.state.scores[s].saturating_add(r.points[s]);
            let reason = match reasons {
                Some(list) => list[s],
                None => Self::payment_reason(&r, s),
            };
            self.emit(Event {
                seat: s as u8,
                value: r.points[s],
                reason,
                ..Event::new(EventKind::Payment)
            });
        }
        self.result = Some(r);
        self.phase = Phase::Over;
        self.pending = 0;
        self.offered = NO_TILE;
        self.drawn = NO_TILE;
        let p = self.part_progress(&r);
        self.next = Some(p);
        if p.over {
            self.emit(Event {
                value: i64::from(self.state.hands_played),
                ..Event::new(EventKind::MatchOver)
            });
            return;
        }
        if p.keeps {
            self.emit(Event {
                seat: self.dealer,
                value: i64::from(self.state.consecutive),
                ..Event::new(EventKind::DealerKept)
            });
        } else {
            self.emit(Event {
                seat: p.next_dealer,
                ..Event::new(EventKind::DealerPassed)
            });
        }
        if p.wind_advanced {
            self.emit(Event {
                tile: p.next_wind,
                ..Event::new(EventKind::WindAdvanced)
            });
        }
    }

    /// The common reason of seat `s`'s payment.
    pub(super) fn payment_reason(r: &HandResult, s: usize) -> Reason {
        if matches!(r.end, End::ExhaustiveDraw | End::AbortiveDraw(_)) {
            Reason::Draw
        } else if r.winners & (1 << s) != 0 {
            Reason::Won
        } else if usize::from(r.discarder) == s {
            Reason::DealtIn
        } else if r.end == End::SelfDraw {
            Reason::SelfDrawPaid
        } else {
            Reason::Uninvolved
        }
    }

    /// Whether `seat`'s 3n+1 concealed hand is ready (one tile from a form the variant accepts).
    pub(super) fn is_ready(&self, seat: usize) -> bool {
        super::variant::is_ready(
            &self.hands[seat],
            usize::from(self.meld_counts[seat]),
            &self.rules,
        )
    }

    /// Seats other than the winners whose 3n+1 concealed hand is ready.
    pub(super) fn tenpai_mask(&self, winners: u8) -> u8 {
        let mut mask = 0u8;
        for s in 0..self.seats() {
            if winners & (1 << s) == 0 && self.is_ready(s) {
                mask |= 1 << s;
            }
        }
        mask
    }
}

/// A seat's concealed tiles as codes (at most [`MAX_EVENT_TILES`]).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct CodeList {
    list: [u8; MAX_EVENT_TILES],
    n: usize,
}

impl CodeList {
    fn push(&mut self, code: u8) {
        if self.n < MAX_EVENT_TILES {
            self.list[self.n] = code;
            self.n += 1;
        }
    }
    /// The codes.
    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.list[..self.n]
    }
}
