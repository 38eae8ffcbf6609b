//! Flower wins as actions: 八仙過海 (a seat holding all eight flowers wins, offered the moment the
//! eighth is set aside, before its replacement draw and any discard) and 七搶一 (a seat holding
//! seven is offered the eighth when another seat sets it aside; taking it wins, that seat pays).
//! Both are offered only where the tai rules accept them ([`Scoring::accepts`]).

use super::{FLOWER_CODE as FLOWER_BASE, FlowerResume};
use crate::table::engine::Table;
use crate::table::event::{Event, EventKind, Reason, flags};
use crate::table::legal::SeatState;
use crate::table::types::*;
use crate::table::variant::seat_actions;

impl Table {
    /// Seats with a flower win on `code` (a flower wall code) just set aside by `actor`.
    fn flower_candidates(&self, actor: u8, code: u8) -> u8 {
        if !self
            .rules
            .scoring
            .accepts(crate::tai::Pattern::EightFlowers)
            && !self.rules.scoring.accepts(crate::tai::Pattern::SevenRobOne)
        {
            return 0;
        }
        let mut mask = 0u8;
        for s in 0..SEATS {
            let a = seat_actions(&SeatState {
                phase: Phase::Claim,
                pending: true,
                actor: usize::from(actor),
                offered: code,
                offer: Offer::Flower,
                ..self.seat_state(s)
            });
            if a.len() > 1 {
                mask |= 1 << s;
            }
        }
        mask
    }

    /// Opens a flower offer when `seat`'s flower `code` makes a flower win possible; returns
    /// whether it did (the table then waits for the candidates; `resume` follows a pass).
    pub(crate) fn open_flower_offer(&mut self, seat: u8, code: u8, resume: FlowerResume) -> bool {
        let pending = self.flower_candidates(seat, code);
        if pending == 0 {
            return false;
        }
        self.phase = Phase::Claim;
        self.actor = seat;
        self.offered = code;
        self.offer = Offer::Flower;
        self.drawn = NO_TILE;
        self.responses = [None; SEATS];
        self.pending = pending;
        self.taiwan_mut().flower_resume = resume;
        true
    }

    /// At the end of the deal: a seat dealt all eight flowers, or seven while another seat holds
    /// the eighth, is offered its flower win before the dealer's first action (`drawn`: the
    /// dealer's 17th tile, for the turn that follows a pass). The eighth flower is the last one
    /// its holder set aside.
    pub(crate) fn deal_flower_offer(&mut self, drawn: u8) {
        let seven = (0..SEATS).find(|&s| self.flowers[s].count_ones() >= 7);
        let Some(s) = seven else { return };
        let holder = if self.flowers[s] == 0xFF {
            s
        } else {
            // The eighth may still be in the wall: then nothing is offered yet.
            let missing = !self.flowers[s];
            let Some(o) = (0..SEATS).find(|&o| self.flowers[o] & missing != 0) else {
                return;
            };
            o
        };
        let f = if holder == s {
            // The last flower the holder set aside.
            self.log
                .iter()
                .rev()
                .find(|e| e.kind == EventKind::Flower && usize::from(e.seat) == s)
                .map_or(FLOWER_BASE, |e| e.tile)
        } else {
            FLOWER_BASE + (!self.flowers[s]).trailing_zeros() as u8
        };
        self.open_flower_offer(holder as u8, f, FlowerResume::DealerTurn { drawn });
    }

    /// Every candidate of a flower offer answered: the win, or play resumes.
    pub(crate) fn resolve_flower(&mut self) {
        let actor = usize::from(self.actor);
        let code = self.offered;
        let win = (0..SEATS).find(|&s| {
            matches!(self.responses[s], Some(a)
                if matches!(a.kind, ActionKind::EightFlowers | ActionKind::RobFlower))
        });
        let Some(w) = win else {
            match self.taiwan().flower_resume {
                FlowerResume::Replacement => self.begin_turn(actor as u8, true),
                FlowerResume::DealerTurn { drawn } => {
                    self.phase = Phase::Turn;
                    self.actor = self.dealer;
                    self.drawn = drawn;
                    self.pending = 1 << self.dealer;
                }
            }
            return;
        };
        let kind = self.responses[w].map(|a| a.kind);
        self.emit(Event {
            seat: w as u8,
            from: actor as u8,
            tile: code,
            action: kind,
            reason: Reason::None,
            ..Event::new(EventKind::ClaimWon)
        });
        if w == actor {
            self.finish_win(1 << w, NO_SEAT, code, false, flags::EIGHT_FLOWERS);
        } else {
            // The eighth flower changes hands.
            let bit = 1 << (code - FLOWER_BASE);
            self.flowers[actor] &= !bit;
            self.flowers[w] |= bit;
            self.finish_win(1 << w, actor as u8, code, false, flags::SEVEN_ROB_ONE);
        }
    }
}
