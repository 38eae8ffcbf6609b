//! Validation of views that come from outside (a game, a network, the C ABI): a bot never
//! decides on a view that no table could have produced.

use super::engine::{FLOWER_BASE, FlowerResume, Table};
use super::types::*;
use crate::error::Error;
use crate::tile::{HONOR_START, TILE_KINDS, number};

impl View {
    /// Whether [`View::win_flags`] could be this seat's: only its own facts' bits, a replacement
    /// only for the tile it has just drawn (after an exposed kong only when it holds one), and
    /// readiness only with no claimed meld of its own (from the first discard: once it has
    /// discarded).
    fn win_flags_possible(&self) -> bool {
        use super::event::flags as f;
        let known =
            f::REPLACEMENT | f::AFTER_EXPOSED_KONG | f::READY_FIRST_DISCARD | f::READY_FROM_DEAL;
        let w = self.win_flags;
        let has = |bit: u16| w & bit != 0;
        let seat = usize::from(self.seat);
        let own = self.melds_of(seat.min(SEATS - 1));
        let claimed = own.iter().any(|m| m.kind != MeldKind::ConcealedKong);
        let exposed = own.iter().any(|m| m.kind == MeldKind::ExposedKong);
        let discarded = self.discard_list().iter().any(|d| d.seat == self.seat);
        let own_draw =
            self.phase == Phase::Turn && self.actor == self.seat && self.drawn != NO_TILE;
        w & !known == 0
            && (!has(f::REPLACEMENT) || own_draw)
            && (!has(f::AFTER_EXPOSED_KONG) || (has(f::REPLACEMENT) && exposed))
            && (!has(f::READY_FIRST_DISCARD) || (discarded && !claimed))
            && (!has(f::READY_FROM_DEAL) || !claimed)
    }

    /// Checks that a table could have shown this view.
    ///
    /// # Errors
    /// [`Error::TooManyCopies`] when a kind has more than four copies in the hand, or in the
    /// hand and everything visible together; [`Error::InvalidView`] for fields out of range
    /// (seats, winds, meld shapes, discard entries, flowers of two seats, flowers in the 13-tile
    /// game, more melds than sets, win flags the seat cannot have) and for tile totals that do
    /// not match the melds and phase.
    pub fn validate(&self) -> Result<(), Error> {
        let bad = Err(Error::InvalidView);
        let seats = SEATS as u8;
        if self.seat >= seats
            || self.dealer >= seats
            || self.prevalent_wind >= seats
            || self.first_dealer >= seats
        {
            return bad;
        }
        // A view shows its own pending bit only; 過水 locks only under the rule.
        if self.pending & !(1 << self.seat) != 0
            || self.pass_locked >> TILE_KINDS != 0
            || (self.rules.pass_lock == PassLock::Off && self.pass_locked != 0)
        {
            return bad;
        }
        if self.phase != Phase::Claim && self.offer != Offer::Discard {
            return bad;
        }
        match self.phase {
            Phase::Over => {
                if self.pending != 0 {
                    return bad;
                }
            }
            Phase::Turn => {
                if self.actor >= seats
                    || (self.pending != 0) != (self.actor == self.seat)
                    || self.offered != NO_TILE
                {
                    return bad;
                }
            }
            Phase::Claim if self.offer == Offer::Flower => {
                // The actor itself is pending only for 八仙過海.
                let code = self.offered.wrapping_sub(FLOWER_BASE);
                if self.actor >= seats || code >= 8 {
                    return bad;
                }
            }
            Phase::Claim => {
                if self.actor >= seats
                    || self.pending & (1 << self.actor) != 0
                    || usize::from(self.offered) >= TILE_KINDS
                {
                    return bad;
                }
            }
        }
        let own_turn = self.phase == Phase::Turn && self.actor == self.seat;
        if self.drawn != NO_TILE && (!own_turn || usize::from(self.drawn) >= TILE_KINDS) {
            return bad;
        }
        if !self.win_flags_possible() {
            return bad;
        }
        if self.drawn != NO_TILE && self.hand[usize::from(self.drawn)] == 0 {
            return bad;
        }
        let variant = self.rules.variant;
        let mut flower_bits = 0u8;
        for s in 0..SEATS {
            if flower_bits & self.flowers[s] != 0 {
                return bad;
            }
            flower_bits |= self.flowers[s];
        }
        if !variant.has_flowers() && flower_bits != 0 {
            return bad;
        }
        // The rules within the table's limits (the wall is checked against them at the end).
        if self.rules.validate().is_err() || usize::from(self.discard_count) > MAX_DISCARDS {
            return bad;
        }
        for d in self.discard_list() {
            if usize::from(d.tile) >= TILE_KINDS
                || d.seat >= seats
                || (d.claimed_by != NO_SEAT && (d.claimed_by >= seats || d.claimed_by == d.seat))
            {
                return bad;
            }
        }
        for s in 0..SEATS {
            if usize::from(self.meld_counts[s]) > variant.sets() {
                return bad;
            }
            for m in self.melds_of(s) {
                let hidden = m.kind == MeldKind::ConcealedKong && m.tile == HIDDEN_TILE;
                if hidden {
                    if s == usize::from(self.seat) {
                        return bad;
                    }
                    continue;
                }
                let t = usize::from(m.tile);
                if t >= TILE_KINDS {
                    return bad;
                }
                let ok = match m.kind {
                    MeldKind::Chow => {
                        t < HONOR_START
                            && number(t) <= 7
                            && (t..t + 3).contains(&usize::from(m.claimed))
                            && m.from == (s as u8 + 3) % seats
                    }
                    MeldKind::Pung | MeldKind::ExposedKong | MeldKind::AddedKong => {
                        m.claimed == m.tile && m.from < seats && usize::from(m.from) != s
                    }
                    MeldKind::ConcealedKong => m.claimed == NO_TILE && m.from == NO_SEAT,
                };
                if !ok {
                    return bad;
                }
            }
        }
        // Copies: the hand alone, then the hand with everything in sight.
        if let Some(k) = self.hand.iter().position(|&c| c > 4) {
            return Err(Error::TooManyCopies { kind: k as u8 });
        }
        let vis = self.visible();
        for (k, (&seen, &held)) in vis.iter().zip(&self.hand).enumerate() {
            // The offered tile is already counted: it is the last discard, or in the added kong.
            if u32::from(seen) + u32::from(held) > 4 {
                return Err(Error::TooManyCopies { kind: k as u8 });
            }
        }
        // Tile totals: concealed tiles plus three per meld make a full hand, one more for the
        // seat whose turn it is.
        let full = variant.hand_tiles() as u32;
        let own: u32 = self.hand.iter().map(|&c| u32::from(c)).sum();
        if own != u32::from(self.concealed_counts[usize::from(self.seat)]) {
            return bad;
        }
        // A flower offer in the deal comes before the dealer's first discard: it holds 17.
        let dealt_offer = self.phase == Phase::Claim
            && self.offer == Offer::Flower
            && self.discard_count == 0
            && self.meld_counts == [0; SEATS];
        for s in 0..SEATS {
            let acting = (self.phase == Phase::Turn && usize::from(self.actor) == s)
                || (dealt_offer
                    && s == usize::from(self.dealer)
                    && self.concealed_counts[s] as usize == variant.hand_tiles() + 1);
            let total = u32::from(self.concealed_counts[s]) + 3 * u32::from(self.meld_counts[s]);
            if self.phase != Phase::Over && total != full + u32::from(acting) {
                return bad;
            }
        }
        if self.phase == Phase::Claim {
            let last = self.discard_list().last();
            match self.offer {
                Offer::Discard => {
                    let ok = last.is_some_and(|d| {
                        d.tile == self.offered && d.seat == self.actor && d.claimed_by == NO_SEAT
                    });
                    if !ok {
                        return bad;
                    }
                }
                Offer::Flower => {
                    let bit = 1u8 << (self.offered - FLOWER_BASE);
                    if self.flowers[usize::from(self.actor)] & bit == 0 {
                        return bad;
                    }
                }
                Offer::AddedKong => {
                    let actor = usize::from(self.actor);
                    let ok = self
                        .melds_of(actor)
                        .iter()
                        .any(|m| m.kind == MeldKind::AddedKong && m.tile == self.offered);
                    if !ok {
                        return bad;
                    }
                }
            }
        }
        // No more tiles in the live wall than the set leaves beside the dead wall and every tile
        // out of the wall (hands, melds, discards not claimed, flowers).
        let meld_tiles = |s: usize| -> usize {
            let n = usize::from(self.meld_counts[s]).min(MAX_MELDS);
            self.melds[s][..n]
                .iter()
                .map(|m| match m.kind {
                    MeldKind::Chow | MeldKind::Pung => 3,
                    _ => 4,
                })
                .sum()
        };
        let out_of_wall = (0..SEATS)
            .map(|s| usize::from(self.concealed_counts[s]) + meld_tiles(s))
            .sum::<usize>()
            + self
                .discard_list()
                .iter()
                .filter(|d| d.claimed_by == NO_SEAT)
                .count()
            + flower_bits.count_ones() as usize;
        if usize::from(self.wall_left) + usize::from(self.rules.dead_wall) + out_of_wall
            > variant.wall_tiles()
        {
            return bad;
        }
        Ok(())
    }
}

impl Table {
    /// `None` when the table is consistent, else what is wrong: every tile and flower is in
    /// exactly one place (wall, a hand, a meld, an unclaimed discard, the flowers set aside),
    /// no kind exceeds four copies, and each seat's tiles match its melds and the phase.
    pub fn invariant_error(&self) -> Option<String> {
        let mut kinds = [0u32; TILE_KINDS];
        let mut flowers = 0u32;
        for &code in &self.wall[self.head..self.tail] {
            if code >= FLOWER_BASE {
                flowers += 1;
            } else {
                kinds[usize::from(code)] += 1;
            }
        }
        for s in 0..SEATS {
            flowers += self.flowers[s].count_ones();
            for (count, &held) in kinds.iter_mut().zip(&self.hands[s]) {
                *count += u32::from(held);
            }
            let mut m = [0u8; TILE_KINDS];
            for meld in &self.melds[s][..usize::from(self.meld_counts[s])] {
                meld.add_tiles(&mut m);
            }
            for (count, &melded) in kinds.iter_mut().zip(&m) {
                *count += u32::from(melded);
            }
        }
        for d in &self.discards[..usize::from(self.discard_count)] {
            if d.claimed_by == NO_SEAT {
                kinds[usize::from(d.tile)] += 1;
            }
        }
        // A win on a discard or a robbed kong puts the tile into every winner's hand, so with
        // several winners it is counted once per winner.
        if let Some(r) = self.result {
            if r.end == End::Discard && r.winners.count_ones() > 1 {
                kinds[usize::from(r.tile)] -= r.winners.count_ones() - 1;
            }
        }
        let want = if self.rules.variant.has_flowers() {
            FLOWERS as u32
        } else {
            0
        };
        if flowers != want {
            return Some(format!("{flowers} flowers, want {want}"));
        }
        if let Some(k) = kinds.iter().position(|&c| c != 4) {
            return Some(format!("kind {k} has {} copies in play", kinds[k]));
        }
        let full = self.rules.variant.hand_tiles() as u32;
        for s in 0..SEATS {
            let total: u32 = self.hands[s].iter().map(|&c| u32::from(c)).sum();
            let sets = 3 * u32::from(self.meld_counts[s]);
            // A flower win takes no tile; a flower offer in the deal finds the dealer with 17.
            let flower_win = self
                .result
                .is_some_and(|r| r.tile >= FLOWER_BASE && r.tile != NO_TILE);
            let dealt_offer = matches!(self.flower_resume, FlowerResume::DealerTurn { .. })
                && (flower_win || (self.phase == Phase::Claim && self.offer == Offer::Flower));
            let acting = match self.phase {
                Phase::Turn => usize::from(self.actor) == s,
                Phase::Over if flower_win => dealt_offer && s == usize::from(self.dealer),
                Phase::Over => self.result.is_some_and(|r| r.winners & (1 << s) != 0),
                Phase::Claim => dealt_offer && s == usize::from(self.dealer),
            };
            let want = full + u32::from(acting);
            if total + sets != want {
                return Some(format!(
                    "seat {s} holds {total} + {sets} tiles, want {want}"
                ));
            }
        }
        None
    }
}
