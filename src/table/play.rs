//! Play within a hand: draws (flowers set aside and replaced), turns, discards, kongs, the
//! claim phase and its resolution. The variant's part is told at fixed points (`part_*`).

use super::engine::Table;
use super::event::{Event, EventKind, Reason, flags};
use super::legal::SeatState;
use super::types::*;
use super::variant::seat_actions;
use crate::tile::{code_kind, is_red_code, red_code};

/// What a draw replaces: nothing (a draw from the front), or a kong (from the back).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Replacement {
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
        let mut kind = replacement;
        loop {
            if self.wall_left() == 0 {
                self.finish_exhaustive();
                return None;
            }
            let from_back = kind != Replacement::None;
            self.part_on_draw(usize::from(seat), kind);
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
                return Some(code);
            }
            self.emit(Event {
                seat,
                tile: code,
                ..Event::new(EventKind::Flower)
            });
            // A flower win it makes possible is offered before the replacement draw.
            if self.part_on_bonus(seat, code) {
                return None;
            }
            kind = Replacement::Back;
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
        let i = usize::from(self.meld_counts[seat]);
        self.melds[seat][i] = meld;
        self.meld_counts[seat] += 1;
        self.part_on_meld(seat, meld);
    }

    pub(super) fn apply_turn(&mut self, seat: usize, action: Action) {
        let s8 = seat as u8;
        match action.kind {
            ActionKind::Discard => {
                let tile = action.tile;
                self.part_before_discard(seat);
                let drawn = self.part_discard_is_drawn(seat, tile);
                self.emit(Event {
                    seat: s8,
                    tile,
                    flags: if drawn { flags::DRAWN } else { 0 } | self.part_discard_flags(seat),
                    ..Event::new(EventKind::Discard)
                });
                let first = !self.discards[..usize::from(self.discard_count)]
                    .iter()
                    .any(|d| d.seat == s8);
                self.remove_tile(seat, tile);
                self.part_on_discard(seat, tile, first);
                let i = usize::from(self.discard_count);
                self.discards[i] = DiscardEntry {
                    tile,
                    seat: s8,
                    claimed_by: NO_SEAT,
                    drawn_and_discarded: drawn,
                };
                self.discard_count += 1;
                self.offer_tile(seat, tile, Offer::Discard);
            }
            ActionKind::ConcealedKong => {
                let k = action.tile;
                self.emit_meld(s8, MeldKind::ConcealedKong, NO_SEAT, k, k, action.aux);
                self.remove_kind(seat, k, 4, action.aux);
                self.push_meld(
                    seat,
                    Meld {
                        kind: MeldKind::ConcealedKong,
                        tile: k,
                        claimed: NO_TILE,
                        from: NO_SEAT,
                        red: action.aux,
                    },
                );
                if self.part_may_rob_concealed_kong() {
                    self.offer_tile(seat, k, Offer::ConcealedKong);
                } else {
                    self.part_before_replacement(MeldKind::ConcealedKong);
                    self.begin_turn(s8, Replacement::Back);
                }
            }
            ActionKind::AddedKong => {
                let code = action.tile;
                let k = code_kind(code);
                let red = u8::from(is_red_code(code));
                let n = usize::from(self.meld_counts[seat]);
                let i = self.melds[seat][..n]
                    .iter()
                    .position(|m| m.kind == MeldKind::Pung && m.tile == k)
                    .expect("legal added kong has its pung");
                let pung_red = self.melds[seat][i].red;
                self.emit_meld(s8, MeldKind::AddedKong, NO_SEAT, code, k, pung_red + red);
                self.remove_tile(seat, code);
                let m = &mut self.melds[seat][i];
                m.kind = MeldKind::AddedKong;
                m.red += red;
                let meld = *m;
                self.part_on_meld(seat, meld);
                if self.rules.rob_kong {
                    self.offer_tile(seat, code, Offer::AddedKong);
                } else {
                    self.part_before_replacement(MeldKind::AddedKong);
                    self.begin_turn(s8, Replacement::Back);
                }
            }
            ActionKind::Win => self.finish_win(1 << seat, NO_SEAT, action.tile, false, 0),
            ActionKind::Riichi | ActionKind::NineTerminals => self.part_apply_turn(seat, action),
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
        let mut legal = [Actions::new(); SEATS];
        for (other, l) in legal.iter_mut().enumerate().take(self.seats()) {
            if other == seat {
                continue;
            }
            let a = seat_actions(&SeatState {
                pending: true,
                ..self.seat_state(other)
            });
            let asked = match self.rules.claim_window {
                ClaimWindow::EverySeat => true,
                // More than a pass.
                ClaimWindow::Claimants => a.len() > 1,
            };
            if asked {
                pending |= 1 << other;
                *l = a;
            }
        }
        self.pending = pending;
        self.part_on_offer(&legal);
        if pending == 0 {
            self.resolve_claims();
        } else {
            // The claim phase waits: these are its legal actions.
            self.legal = legal;
            self.legal_fresh = true;
        }
    }

    /// The seats after `from` in turn order.
    fn after(&self, from: usize) -> ([usize; SEATS], usize) {
        let n = self.seats();
        let mut order = [0usize; SEATS];
        for (i, o) in order.iter_mut().enumerate().take(n - 1) {
            *o = (from + 1 + i) % n;
        }
        (order, n - 1)
    }

    /// Every pending seat has answered: a win beats a pung or kong, which beats a chow. The
    /// outcome is logged first (the claim that won, each claim that lost and why), then the
    /// meld or the win.
    pub(super) fn resolve_claims(&mut self) {
        if self.offer == Offer::Flower {
            self.part_resolve_offer();
            return;
        }
        let from = usize::from(self.actor);
        let tile = self.offered;
        let t = code_kind(tile);
        let (order, n) = self.after(from);
        let order = &order[..n];
        let responses = self.responses;
        let kind_of = |s: usize| responses[s].map(|a| a.kind);
        let mut winners = 0u8;
        let mut bumped = false;
        for &s in order {
            if kind_of(s) == Some(ActionKind::Win) {
                if bumped {
                    continue;
                }
                winners |= 1 << s;
                bumped = self.rules.multi_win == MultiWin::HeadBump;
            }
        }
        if let Some(reason) = self.part_on_claims(winners) {
            self.finish_abortive(reason, NO_SEAT);
            return;
        }
        // The claim that takes the tile when nobody wins: a pung or kong, else the next seat's
        // chow (at most one seat can hold two copies of the offered tile).
        let taker = if winners != 0 || self.offer != Offer::Discard {
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
        for &s in order {
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
            let robbed = self.offer != Offer::Discard;
            let nm = usize::from(self.meld_counts[from]);
            match self.offer {
                // The robbed tile leaves the kong, which is a pung again.
                Offer::AddedKong => {
                    if let Some(m) = self.melds[from][..nm]
                        .iter_mut()
                        .find(|m| m.kind == MeldKind::AddedKong && m.tile == t)
                    {
                        m.kind = MeldKind::Pung;
                        m.red -= u8::from(is_red_code(tile));
                    }
                }
                // A robbed concealed kong is no kong: its other three tiles go back to the hand.
                Offer::ConcealedKong => {
                    let m = self.melds[from][nm - 1];
                    self.meld_counts[from] -= 1;
                    self.melds[from][nm - 1] = Meld::EMPTY;
                    self.hands[from][usize::from(t)] += 3;
                    if let Some(suit) = super::legal::five_suit(usize::from(t)) {
                        self.red[from][suit] += m.red - u8::from(is_red_code(tile));
                    }
                }
                _ => {
                    // With several winners the first in turn order is recorded as the claimer.
                    for &s in order {
                        if winners & (1 << s) != 0 {
                            self.discards[last_discard].claimed_by = s as u8;
                            break;
                        }
                    }
                }
            }
            // The winning tile joins each winner's hand.
            for s in 0..self.seats() {
                if winners & (1 << s) != 0 {
                    self.take(s as u8, tile);
                }
            }
            self.finish_win(winners, from as u8, tile, robbed, 0);
            return;
        }
        match self.offer {
            Offer::AddedKong => {
                self.part_before_replacement(MeldKind::AddedKong);
                self.begin_turn(from as u8, Replacement::Back);
                return;
            }
            Offer::ConcealedKong => {
                self.part_before_replacement(MeldKind::ConcealedKong);
                self.begin_turn(from as u8, Replacement::Back);
                return;
            }
            _ => {}
        }
        let Some(s) = taker else {
            if let Some(reason) = self.part_before_next_draw() {
                self.finish_abortive(reason, NO_SEAT);
                return;
            }
            self.begin_turn(order[0] as u8, Replacement::None);
            return;
        };
        let a = self.responses[s].expect("the taker answered");
        self.discards[last_discard].claimed_by = s as u8;
        let red = a.aux + u8::from(is_red_code(tile));
        match a.kind {
            ActionKind::Pung => {
                self.emit_meld(s as u8, MeldKind::Pung, from as u8, tile, t, red);
                self.remove_kind(s, t, 2, a.aux);
                self.push_meld(
                    s,
                    Meld {
                        kind: MeldKind::Pung,
                        tile: t,
                        claimed: tile,
                        from: from as u8,
                        red,
                    },
                );
                self.start_claimed_turn(s);
            }
            ActionKind::ExposedKong => {
                self.emit_meld(s as u8, MeldKind::ExposedKong, from as u8, tile, t, red);
                self.remove_kind(s, t, 3, a.aux);
                self.push_meld(
                    s,
                    Meld {
                        kind: MeldKind::ExposedKong,
                        tile: t,
                        claimed: tile,
                        from: from as u8,
                        red,
                    },
                );
                self.part_before_replacement(MeldKind::ExposedKong);
                self.begin_turn(s as u8, Replacement::ExposedKong);
            }
            _ => {
                let start = a.tile;
                self.emit_meld(s as u8, MeldKind::Chow, from as u8, tile, start, red);
                for k in start..start + 3 {
                    if k != t {
                        let r = u8::from(
                            a.aux > 0 && super::legal::five_suit(usize::from(k)).is_some(),
                        );
                        self.remove_kind(s, k, 1, r);
                    }
                }
                self.push_meld(
                    s,
                    Meld {
                        kind: MeldKind::Chow,
                        tile: start,
                        claimed: tile,
                        from: from as u8,
                        red,
                    },
                );
                self.start_claimed_turn(s);
            }
        }
    }

    /// Logs a meld of `kind` by `seat` whose lowest tile kind is `low`, holding `red` red fives
    /// (`tile`: the claimed or added tile's code).
    pub(super) fn emit_meld(
        &mut self,
        seat: u8,
        kind: MeldKind,
        from: u8,
        tile: u8,
        low: u8,
        red: u8,
    ) {
        let mut list = [low; 4];
        let n = match kind {
            MeldKind::Chow => {
                list[1] = low + 1;
                list[2] = low + 2;
                3
            }
            MeldKind::Pung => 3,
            _ => 4,
        };
        // Red fives first among the copies of the five.
        let mut left = red;
        for c in &mut list[..n] {
            if left > 0 {
                if let Some(suit) = super::legal::five_suit(usize::from(*c)) {
                    *c = red_code(suit);
                    left -= 1;
                }
            }
        }
        // A concealed kong is face down for the other seats unless the variant shows it.
        let shown = kind == MeldKind::ConcealedKong && !self.params.hidden_concealed_kongs;
        let e = Event {
            seat,
            from,
            tile,
            meld: Some(kind),
            flags: if shown { flags::SHOWN } else { 0 },
            ..Event::new(EventKind::Meld)
        }
        .with_tiles(&list[..n]);
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
