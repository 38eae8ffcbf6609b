//! The end of a hand: the win and its facts, the exhaustive draw, scoring, payments and the
//! match's progress.

use super::engine::Table;
use super::event::{Event, EventKind, MAX_EVENT_TILES, Reason};
use super::legal::win_flags;
use super::matches::progress;
use super::score::{HandFacts, WinFacts, score_hand};
use super::types::*;

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
        flower: u16,
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
        };
        let mut facts = self.hand_facts(r);
        let start = if discarder == NO_SEAT {
            usize::from(self.actor)
        } else {
            usize::from(discarder) + 1
        };
        for i in 0..SEATS {
            let s = (start + i) % SEATS;
            if winners & (1 << s) == 0 {
                continue;
            }
            // A flower win: none of the winning hand's facts apply.
            let f = if flower != 0 {
                flower
            } else {
                win_flags(&self.seat_state(s))
            };
            let mut list = [NO_TILE; MAX_EVENT_TILES];
            let mut n = 0;
            for (k, &c) in self.hands[s].iter().enumerate() {
                for _ in 0..c {
                    if n < MAX_EVENT_TILES {
                        list[n] = k as u8;
                        n += 1;
                    }
                }
            }
            self.emit(
                Event {
                    seat: s as u8,
                    from: discarder,
                    tile,
                    flags: f,
                    ..Event::new(EventKind::Win)
                }
                .with_tiles(&list[..n]),
            );
            facts.winners[s] = Some(WinFacts {
                flags: f,
                flowers: self.flowers[s],
                seat_wind: ((s + SEATS - usize::from(self.dealer)) % SEATS) as u8,
                concealed: self.hands[s],
                melds: self.melds[s],
                meld_count: self.meld_counts[s],
            });
        }
        self.finish(facts);
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
        };
        self.emit(Event {
            value: i64::from(r.tenpai),
            ..Event::new(EventKind::ExhaustiveDraw)
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

    /// Scores the hand, logs the payments and the match progress, and ends the hand.
    pub(super) fn finish(&mut self, facts: HandFacts) {
        let mut r = facts.result;
        (r.points, r.tai) = score_hand(&self.rules, &facts);
        if r.tai.iter().any(Option::is_some) {
            // Each winner's Win event carries its total tai, and each pattern that counted is
            // logged.
            for e in self.log.iter_mut().filter(|e| e.kind == EventKind::Win) {
                if let Some(sc) = &r.tai[usize::from(e.seat)] {
                    e.value = i64::from(sc.total);
                }
            }
            for (s, sc) in r.tai.iter().enumerate() {
                let Some(sc) = sc else { continue };
                for (p, tai) in sc.breakdown() {
                    self.emit(Event {
                        seat: s as u8,
                        tile: p.id() as u8,
                        value: i64::from(tai),
                        ..Event::new(EventKind::Tai)
                    });
                }
            }
        }
        for s in 0..SEATS {
            self.state.scores[s] = self.state.scores[s].saturating_add(r.points[s]);
            let reason = if r.end == End::ExhaustiveDraw {
                Reason::Draw
            } else if r.winners & (1 << s) != 0 {
                Reason::Won
            } else if usize::from(r.discarder) == s {
                Reason::DealtIn
            } else if r.end == End::SelfDraw {
                Reason::SelfDrawPaid
            } else {
                Reason::Uninvolved
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
        let p = progress(
            &self.match_rules,
            &mut self.state,
            self.dealer,
            self.prevalent_wind,
            &r,
        );
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

    /// Whether any seat has claimed a tile this hand (a declared meld other than a concealed
    /// kong).
    pub(super) fn any_claim(&self) -> bool {
        (0..SEATS).any(|s| {
            self.melds[s][..usize::from(self.meld_counts[s])]
                .iter()
                .any(|m| m.kind != MeldKind::ConcealedKong)
        })
    }

    /// Whether `seat`'s 3n+1 concealed hand is ready (one tile from a form the table accepts:
    /// the regular form, or 嚦咕嚦咕 where the rules accept it).
    pub(super) fn is_ready(&self, seat: usize) -> bool {
        super::legal::is_ready(
            &self.hands[seat],
            usize::from(self.meld_counts[seat]),
            &self.rules,
        )
    }

    /// Seats other than the winners whose 3n+1 concealed hand is ready.
    pub(super) fn tenpai_mask(&self, winners: u8) -> u8 {
        let mut mask = 0u8;
        for s in 0..SEATS {
            if winners & (1 << s) == 0 && self.is_ready(s) {
                mask |= 1 << s;
            }
        }
        mask
    }
}
