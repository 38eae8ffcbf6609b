//! Flower wins as actions: 八仙過海 (a seat holding all eight flowers wins, offered the moment the
//! eighth is set aside, before its replacement draw and any discard) and 七搶一 (a seat holding
//! seven is offered the eighth when another seat sets it aside; taking it wins, that seat pays).
//! Both are offered only where the tai rules accept them ([`Scoring::accepts`]).

use super::{FLOWER_CODE as FLOWER_BASE, FlowerResume};
use crate::table::engine::Table;
use crate::table::event::{Event, EventKind, Reason, flags};
use crate::table::legal::SeatState;
use crate::table::play::Replacement;
use crate::table::types::*;
use crate::table::variant::seat_actions;

/// The public facts a flower offer depends on: the flowers of every seat, the dealer and its
/// consecutive deals (for the minimum tai, 起胡).
#[derive(Debug, Clone, Copy)]
pub(crate) struct FlowerPlace {
    pub flowers: [u8; SEATS],
    pub dealer: u8,
    pub consecutive: u32,
}

/// Seats with a flower win on `code` (a flower wall code) just set aside by `actor`, from
/// public information only (`place` and the rules): the table and a client fold
/// ([`crate::table::client`]) ask the same question.
pub(crate) fn flower_candidates(rules: &Rules, place: FlowerPlace, actor: u8, code: u8) -> u8 {
    if !rules.scoring.accepts(crate::tai::Pattern::EightFlowers)
        && !rules.scoring.accepts(crate::tai::Pattern::SevenRobOne)
    {
        return 0;
    }
    let hand = [0u8; crate::tile::TILE_KINDS];
    let mut mask = 0u8;
    for s in 0..SEATS {
        let a = seat_actions(&SeatState {
            rules,
            seats: SEATS,
            phase: Phase::Claim,
            pending: true,
            seat: s,
            hand: &hand,
            red: [0; 3],
            melds: &[],
            all_melds: &[[Meld::EMPTY; MAX_MELDS]; SEATS],
            meld_counts: [0; SEATS],
            discards: &[],
            actor: usize::from(actor),
            drawn: NO_TILE,
            offered: code,
            offer: Offer::Flower,
            wall_left: 0,
            dealer: place.dealer,
            prevalent_wind: 0,
            scores: [0; SEATS],
            flowers: place.flowers,
            locked: 0,
            riichi: RiichiView::EMPTY,
            consecutive: place.consecutive,
            any_claim: false,
            win_flags: 0,
        });
        if a.len() > 1 {
            mask |= 1 << s;
        }
    }
    mask
}

/// The flower offer the end of a deal opens, from public information: a seat dealt all eight
/// flowers, or seven while another seat holds the eighth, is offered its flower win (the
/// eighth flower is the last one its holder set aside: `last_flower[s]`, the code of seat s's
/// last flower). `(holder, flower code)`, or `None`.
pub(crate) fn deal_offer(flowers: [u8; SEATS], last_flower: [u8; SEATS]) -> Option<(u8, u8)> {
    let s = (0..SEATS).find(|&s| flowers[s].count_ones() >= 7)?;
    let holder = if flowers[s] == 0xFF {
        s
    } else {
        // The eighth may still be in the wall: then nothing is offered yet.
        let missing = !flowers[s];
        (0..SEATS).find(|&o| flowers[o] & missing != 0)?
    };
    let f = if holder == s {
        last_flower[s]
    } else {
        FLOWER_BASE + (!flowers[s]).trailing_zeros() as u8
    };
    Some((holder as u8, f))
}

impl Table {
    /// Seats with a flower win on `code` (a flower wall code) just set aside by `actor`.
    fn flower_candidates(&self, actor: u8, code: u8) -> u8 {
        let place = FlowerPlace {
            flowers: self.flowers,
            dealer: self.dealer,
            consecutive: self.at_start.consecutive,
        };
        flower_candidates(&self.rules, place, actor, code)
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
    /// dealer's 17th tile, for the turn that follows a pass); see [`deal_offer`].
    pub(crate) fn deal_flower_offer(&mut self, drawn: u8) {
        let mut last = [FLOWER_BASE; SEATS];
        for e in self.log.iter().filter(|e| e.kind == EventKind::Flower) {
            last[usize::from(e.seat)] = e.tile;
        }
        if let Some((holder, f)) = deal_offer(self.flowers, last) {
            self.open_flower_offer(holder, f, FlowerResume::DealerTurn { drawn });
        }
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
                FlowerResume::Replacement => self.begin_turn(actor as u8, Replacement::Back),
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
