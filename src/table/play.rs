//! Play within a hand: draws (flowers set aside and replaced), turns, discards, kongs, the
//! claim phase and its resolution.

use super::engine::FlowerResume;
use super::engine::Table;
use super::event::{Event, EventKind, Reason, flags};
use super::legal::{SeatState, seat_actions};
use super::types::*;

/// What a draw replaces: nothing (a draw from the front), or a kong (from the back).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Replacement {
    /// A draw from the front of the wall.
    None,
    /// A replacement from the back after a flower or the seat's own concealed or added kong.
    Back,
    /// The replacement for an exposed kong (claimed from a discard).
    ExposedKong,
}

impl Table {
    /// Draws for `seat` from the front (or the back for a replacement), setting flowers aside
    /// and replacing them from the back. Returns the tile, or `None` when the live wall is
    /// exhausted (the hand has then ended in an exhaustive draw) or a flower set aside opened a
    /// flower offer (the replacement follows once every seat passed).
    pub(super) fn draw(&mut self, seat: u8, replacement: Replacement) -> Option<u8> {
        let mut from_back = replacement != Replacement::None;
        let mut after_exposed_kong = replacement == Replacement::ExposedKong;
        loop {
            if self.wall_left() == 0 {
                self.finish_exhaustive();
                return None;
            }
            // 過水 until the draw: the seat's locks lift as it draws.
            if self.rules.pass_lock == PassLock::UntilDraw {
                self.pass_locked[usize::from(seat)] = 0;
            }
            let code = if from_back {
                self.tail -= 1;
                self.wall[self.tail]
            } else {
                self.head += 1;
                self.wall[self.head - 1]
            };
            self.emit(Event {
                seat,
                tile: code,
                flags: if from_back { flags::REPLACEMENT } else { 0 },
                ..Event::new(EventKind::Draw)
            });
            if !self.take(seat, code) {
                self.from_back = from_back;
                self.after_exposed_kong = after_exposed_kong;
                return Some(code);
            }
            self.emit(Event {
                seat,
                tile: code,
                ..Event::new(EventKind::Flower)
            });
            // A flower win it makes possible is offered before the replacement draw.
            if self.open_flower_offer(seat, code, FlowerResume::Replacement) {
                return None;
            }
            from_back = true;
            after_exposed_kong = false;
        }
    }

    /// `seat` draws (from the back after `replacement`) and begins its turn.
    pub(super) fn begin_turn(&mut self, seat: u8, replacement: Replacement) {
        if let Some(t) = self.draw(seat, replacement) {
            self.phase = Phase::Turn;
            self.actor = seat;
            self.drawn = t;
            self.pending = 1 << seat;
        }
    }

    pub(super) fn push_meld(&mut self, seat: usize, meld: Meld) {
        // A meld changes the hand: no longer ready from the first discard or the deal.
        self.ready_first[seat] = false;
        self.ready_deal[seat] = false;
        let i = usize::from(self.meld_counts[seat]);
        self.melds[seat][i] = meld;
        self.meld_counts[seat] += 1;
    }

    pub(super) fn apply_turn(&mut self, seat: usize, action: Action) {
        let t = usize::from(action.tile);
        let s8 = seat as u8;
        match action.kind {
            ActionKind::Discard => {
                self.emit(Event {
                    seat: s8,
                    tile: action.tile,
                    flags: if self.drawn == action.tile {
                        flags::DRAWN
                    } else {
                        0
                    },
                    ..Event::new(EventKind::Discard)
                });
                let first = !self.discards[..usize::from(self.discard_count)]
                    .iter()
                    .any(|d| d.seat == s8);
                self.hands[seat][t] -= 1;
                if self.rules.pass_lock == PassLock::UntilDiscard {
                    self.pass_locked[seat] = 0;
                }
                if first {
                    // Ready from the first discard, nobody having claimed before it.
                    self.ready_first[seat] = !self.any_claim() && self.is_ready(seat);
                } else if self.drawn != action.tile {
                    // The hand changed.
                    self.ready_first[seat] = false;
                }
                if self.drawn != action.tile {
                    // The hand as dealt changed.
                    self.ready_deal[seat] = false;
                }
                let i = usize::from(self.discard_count);
                self.discards[i] = DiscardEntry {
                    tile: action.tile,
                    seat: s8,
                    claimed_by: NO_SEAT,
                    drawn_and_discarded: self.drawn == action.tile,
                };
                self.discard_count += 1;
                self.offer_tile(seat, action.tile, Offer::Discard);
            }
            ActionKind::ConcealedKong => {
                self.emit_meld(
                    s8,
                    MeldKind::ConcealedKong,
                    NO_SEAT,
                    action.tile,
                    action.tile,
                );
                self.hands[seat][t] -= 4;
                self.push_meld(
                    seat,
                    Meld {
                        kind: MeldKind::ConcealedKong,
                        tile: action.tile,
                        claimed: NO_TILE,
                        from: NO_SEAT,
                    },
                );
                self.begin_turn(s8, Replacement::Back);
            }
            ActionKind::AddedKong => {
                self.emit_meld(s8, MeldKind::AddedKong, NO_SEAT, action.tile, action.tile);
                self.hands[seat][t] -= 1;
                self.ready_first[seat] = false;
                self.ready_deal[seat] = false;
                let n = usize::from(self.meld_counts[seat]);
                let m = self.melds[seat][..n]
                    .iter_mut()
                    .find(|m| m.kind == MeldKind::Pung && m.tile == action.tile)
                    .expect("legal added kong has its pung");
                m.kind = MeldKind::AddedKong;
                if self.rules.rob_kong {
                    self.offer_tile(seat, action.tile, Offer::AddedKong);
                } else {
                    self.begin_turn(s8, Replacement::Back);
                }
            }
            ActionKind::Win => self.finish_win(1 << seat, NO_SEAT, action.tile, false, 0),
            ActionKind::Pass
            | ActionKind::Chow
            | ActionKind::Pung
            | ActionKind::ExposedKong
            | ActionKind::EightFlowers
            | ActionKind::RobFlower => {
                unreachable!("not a turn action")
            }
        }
    }

    /// Offers `tile` from `seat` to the others: every other seat answers
    /// ([`ClaimWindow::EverySeat`]), or only those that can claim ([`ClaimWindow::Claimants`];
    /// without one, play goes on at once).
    pub(super) fn offer_tile(&mut self, seat: usize, tile: u8, offer: Offer) {
        self.phase = Phase::Claim;
        self.actor = seat as u8;
        self.offered = tile;
        self.offer = offer;
        self.drawn = NO_TILE;
        self.responses = [None; SEATS];
        let mut pending = 0u8;
        for other in 0..SEATS {
            if other == seat {
                continue;
            }
            let asked = match self.rules.claim_window {
                ClaimWindow::EverySeat => true,
                // More than a pass.
                ClaimWindow::Claimants => {
                    seat_actions(&SeatState {
                        pending: true,
                        ..self.seat_state(other)
                    })
                    .len()
                        > 1
                }
            };
            if asked {
                pending |= 1 << other;
            }
        }
        self.pending = pending;
        if pending == 0 {
            self.resolve_claims();
        }
    }

    /// Every pending seat has answered: a win beats a pung or kong, which beats a chow. The
    /// outcome is logged first (the claim that won, each claim that lost and why), then the
    /// meld or the win.
    pub(super) fn resolve_claims(&mut self) {
        if self.offer == Offer::Flower {
            self.resolve_flower();
            return;
        }
        let from = usize::from(self.actor);
        let tile = self.offered;
        let t = usize::from(tile);
        let order = [(from + 1) % 4, (from + 2) % 4, (from + 3) % 4];
        let kind_of = |s: usize| self.responses[s].map(|a| a.kind);
        let mut winners = 0u8;
        let mut bumped = false;
        for &s in &order {
            if kind_of(s) == Some(ActionKind::Win) {
                if bumped {
                    continue;
                }
                winners |= 1 << s;
                bumped = self.rules.multi_win == MultiWin::HeadBump;
            }
        }
        // The claim that takes the tile when nobody wins: a pung or kong, else the next seat's
        // chow (at most one seat can hold two copies of the offered tile).
        let taker = if winners != 0 || self.offer == Offer::AddedKong {
            None
        } else {
            order
                .iter()
                .copied()
                .find(|&s| {
                    matches!(
                        kind_of(s),
                        Some(ActionKind::Pung) | Some(ActionKind::ExposedKong)
                    )
                })
                .or_else(|| (kind_of(order[0]) == Some(ActionKind::Chow)).then_some(order[0]))
        };
        for &s in &order {
            let Some(a) = self.responses[s] else { continue };
            if a.kind == ActionKind::Pass {
                continue;
            }
            let won = winners & (1 << s) != 0 || taker == Some(s);
            let reason = if won {
                Reason::None
            } else if a.kind == ActionKind::Win {
                Reason::HeadBump
            } else if winners != 0 {
                Reason::LostToWin
            } else {
                Reason::LostToPung
            };
            self.emit(Event {
                seat: s as u8,
                from: from as u8,
                tile,
                action: Some(a.kind),
                reason,
                ..Event::new(if won {
                    EventKind::ClaimWon
                } else {
                    EventKind::ClaimLost
                })
            });
        }
        let last_discard = usize::from(self.discard_count).wrapping_sub(1);
        if winners != 0 {
            let robbed = self.offer == Offer::AddedKong;
            if robbed {
                // The robbed tile leaves the kong, which is a pung again.
                let n = usize::from(self.meld_counts[from]);
                if let Some(m) = self.melds[from][..n]
                    .iter_mut()
                    .find(|m| m.kind == MeldKind::AddedKong && m.tile == tile)
                {
                    m.kind = MeldKind::Pung;
                }
            } else {
                // With several winners the first in turn order is recorded as the claimer.
                for &s in &order {
                    if winners & (1 << s) != 0 {
                        self.discards[last_discard].claimed_by = s as u8;
                        break;
                    }
                }
            }
            // The winning tile joins each winner's hand.
            for s in 0..SEATS {
                if winners & (1 << s) != 0 {
                    self.hands[s][t] += 1;
                }
            }
            self.finish_win(winners, from as u8, tile, robbed, 0);
            return;
        }
        if self.offer == Offer::AddedKong {
            self.begin_turn(from as u8, Replacement::Back);
            return;
        }
        let Some(s) = taker else {
            self.begin_turn(order[0] as u8, Replacement::None);
            return;
        };
        let a = self.responses[s].expect("the taker answered");
        self.discards[last_discard].claimed_by = s as u8;
        match a.kind {
            ActionKind::Pung => {
                self.emit_meld(s as u8, MeldKind::Pung, from as u8, tile, tile);
                self.hands[s][t] -= 2;
                self.push_meld(
                    s,
                    Meld {
                        kind: MeldKind::Pung,
                        tile,
                        claimed: tile,
                        from: from as u8,
                    },
                );
                self.start_claimed_turn(s);
            }
            ActionKind::ExposedKong => {
                self.emit_meld(s as u8, MeldKind::ExposedKong, from as u8, tile, tile);
                self.hands[s][t] -= 3;
                self.push_meld(
                    s,
                    Meld {
                        kind: MeldKind::ExposedKong,
                        tile,
                        claimed: tile,
                        from: from as u8,
                    },
                );
                self.begin_turn(s as u8, Replacement::ExposedKong);
            }
            _ => {
                let start = a.tile;
                self.emit_meld(s as u8, MeldKind::Chow, from as u8, tile, start);
                for k in start..start + 3 {
                    if k != tile {
                        self.hands[s][usize::from(k)] -= 1;
                    }
                }
                self.push_meld(
                    s,
                    Meld {
                        kind: MeldKind::Chow,
                        tile: start,
                        claimed: tile,
                        from: from as u8,
                    },
                );
                self.start_claimed_turn(s);
            }
        }
    }

    /// Logs a meld of `kind` by `seat` whose lowest tile is `low`.
    pub(super) fn emit_meld(&mut self, seat: u8, kind: MeldKind, from: u8, tile: u8, low: u8) {
        let list: &[u8] = match kind {
            MeldKind::Chow => &[low, low + 1, low + 2],
            MeldKind::Pung => &[low; 3],
            _ => &[low; 4],
        };
        let e = Event {
            seat,
            from,
            tile,
            meld: Some(kind),
            ..Event::new(EventKind::Meld)
        }
        .with_tiles(list);
        self.emit(e);
    }

    /// A turn after a chow or pung: discard only (no draw, so no self-drawn win or kong).
    pub(super) fn start_claimed_turn(&mut self, seat: usize) {
        self.phase = Phase::Turn;
        self.actor = seat as u8;
        self.drawn = NO_TILE;
        self.offered = NO_TILE;
        self.pending = 1 << seat;
    }
}
