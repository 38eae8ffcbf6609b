//! Validation of views that come from outside (a game, a network, the C ABI): a bot never
//! decides on a view that no table could have produced. The common checks are here; the
//! variant's part adds its own ([`super::variant::validate_view`]).

use super::engine::Table;
use super::types::*;
use super::variant::Params;
use super::variant::taiwan::is_flower;
use crate::error::Error;
use crate::tile::{HONOR_START, TILE_KINDS, code_kind, is_red_code, number};

/// Whether `code` names a tile of a hand (a kind 0..33 or a red five 42..44).
pub(crate) const fn is_tile_code(code: u8) -> bool {
    (code as usize) < TILE_KINDS || is_red_code(code)
}

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
        let has = |bit: u32| w & bit != 0;
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
    /// game, more melds than sets, win flags the seat cannot have, the variant's own fields) and
    /// for tile totals that do not match the melds and phase.
    pub fn validate(&self) -> Result<(), Error> {
        let bad = Err(Error::InvalidView);
        // The rules within the table's limits (the wall is checked against them at the end).
        if self.rules.validate().is_err() || usize::from(self.discard_count) > MAX_DISCARDS {
            return bad;
        }
        let params = Params::of(&self.rules);
        let seats = params.seats;
        let n = usize::from(seats);
        if self.seats != seats
            || self.seat >= seats
            || self.dealer >= seats
            || usize::from(self.prevalent_wind) >= WINDS
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
                // The actor itself is pending only for 八仙過海 (the flower is checked by the
                // part).
                if self.actor >= seats {
                    return bad;
                }
            }
            Phase::Claim => {
                if self.actor >= seats
                    || self.pending & (1 << self.actor) != 0
                    || !is_tile_code(self.offered)
                {
                    return bad;
                }
            }
        }
        let own_turn = self.phase == Phase::Turn && self.actor == self.seat;
        if self.drawn != NO_TILE && (!own_turn || !is_tile_code(self.drawn)) {
            return bad;
        }
        if !self.win_flags_possible() {
            return bad;
        }
        if self.drawn != NO_TILE && self.hand[usize::from(code_kind(self.drawn))] == 0 {
            return bad;
        }
        if is_red_code(self.drawn) && self.red[usize::from(self.drawn - 42)] == 0 {
            return bad;
        }
        for d in self.discard_list() {
            if !is_tile_code(d.tile)
                || d.seat >= seats
                || (d.claimed_by != NO_SEAT && (d.claimed_by >= seats || d.claimed_by == d.seat))
            {
                return bad;
            }
        }
        for s in 0..SEATS {
            if s >= n && self.meld_counts[s] != 0 {
                return bad;
            }
            if self.meld_counts[s] > params.sets {
                return bad;
            }
            for m in self.melds_of(s) {
                let hidden = m.kind == MeldKind::ConcealedKong && m.tile == HIDDEN_TILE;
                if hidden {
                    if s == usize::from(self.seat) || m.red != 0 {
                        return bad;
                    }
                    continue;
                }
                let t = usize::from(m.tile);
                if t >= TILE_KINDS {
                    return bad;
                }
                let claimed = usize::from(code_kind(m.claimed));
                let ok = match m.kind {
                    MeldKind::Chow => {
                        t < HONOR_START
                            && number(t) <= 7
                            && is_tile_code(m.claimed)
                            && (t..t + 3).contains(&claimed)
                            && usize::from(m.from) == (s + n - 1) % n
                    }
                    MeldKind::Pung | MeldKind::ExposedKong | MeldKind::AddedKong => {
                        is_tile_code(m.claimed)
                            && claimed == t
                            && m.from < seats
                            && usize::from(m.from) != s
                    }
                    MeldKind::ConcealedKong => m.claimed == NO_TILE && m.from == NO_SEAT,
                };
                // Red fives only among the meld's fives.
                let fives = match m.kind {
                    MeldKind::Chow => {
                        u8::from((t..t + 3).any(|k| super::legal::five_suit(k).is_some()))
                    }
                    MeldKind::Pung => 3 * u8::from(super::legal::five_suit(t).is_some()),
                    _ => 4 * u8::from(super::legal::five_suit(t).is_some()),
                };
                if !ok || m.red > fives || (is_red_code(m.claimed) && m.red == 0) {
                    return bad;
                }
            }
        }
        for (suit, &r) in self.red.iter().enumerate() {
            if r > self.hand[suit * 9 + 4] {
                return bad;
            }
        }
        super::variant::validate_view(self)?;
        // Copies: the hand alone, then the hand with everything in sight.
        if let Some(k) = self.hand.iter().position(|&c| c > 4) {
            return Err(Error::TooManyCopies { kind: k as u8 });
        }
        let vis = self.visible();
        for (k, (&seen, &held)) in vis.iter().zip(&self.hand).enumerate() {
            // The offered tile is already counted: it is the last discard, or in the kong.
            if u32::from(seen) + u32::from(held) > 4 {
                return Err(Error::TooManyCopies { kind: k as u8 });
            }
        }
        // Tile totals: concealed tiles plus three per meld make a full hand, one more for the
        // seat whose turn it is.
        let full = u32::from(params.hand_tiles);
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
            if s >= n {
                if self.concealed_counts[s] != 0 {
                    return bad;
                }
                continue;
            }
            let acting = (self.phase == Phase::Turn && usize::from(self.actor) == s)
                || (dealt_offer
                    && s == usize::from(self.dealer)
                    && u32::from(self.concealed_counts[s]) == full + 1);
            let total = u32::from(self.concealed_counts[s]) + 3 * u32::from(self.meld_counts[s]);
            if self.phase != Phase::Over && total != full + u32::from(acting) {
                return bad;
            }
        }
        if self.phase == Phase::Claim {
            let last = self.discard_list().last();
            let actor = usize::from(self.actor);
            let k = code_kind(self.offered);
            let ok = match self.offer {
                Offer::Discard => last.is_some_and(|d| {
                    d.tile == self.offered && d.seat == self.actor && d.claimed_by == NO_SEAT
                }),
                Offer::Flower => true,
                Offer::AddedKong => self
                    .melds_of(actor)
                    .iter()
                    .any(|m| m.kind == MeldKind::AddedKong && m.tile == k),
                Offer::ConcealedKong => self
                    .melds_of(actor)
                    .last()
                    .is_some_and(|m| m.kind == MeldKind::ConcealedKong && m.tile == k),
            };
            if !ok {
                return bad;
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
        let flower_bits = self.flowers.iter().fold(0u8, |a, &f| a | f);
        let out_of_wall = (0..SEATS)
            .map(|s| usize::from(self.concealed_counts[s]) + meld_tiles(s))
            .sum::<usize>()
            + self
                .discard_list()
                .iter()
                .filter(|d| d.claimed_by == NO_SEAT)
                .count()
            + flower_bits.count_ones() as usize;
        if usize::from(self.wall_left) + usize::from(params.dead_wall) + out_of_wall
            > usize::from(params.wall_tiles)
        {
            return bad;
        }
        Ok(())
    }
}

impl Table {
    /// `None` when the table is consistent, else what is wrong: every tile, red five and flower
    /// is in exactly one place (wall, a hand, a meld, an unclaimed discard, the flowers set
    /// aside), no kind exceeds four copies, each seat's tiles match its melds and the phase, and
    /// the variant's own state is consistent.
    pub fn invariant_error(&self) -> Option<String> {
        let mut kinds = [0u32; TILE_KINDS];
        let mut reds = [0u32; 3];
        let mut flowers = 0u32;
        let count = |code: u8, kinds: &mut [u32; TILE_KINDS], reds: &mut [u32; 3]| {
            if is_red_code(code) {
                reds[usize::from(code - 42)] += 1;
            }
            kinds[usize::from(code_kind(code))] += 1;
        };
        for &code in &self.wall[self.head..self.tail] {
            if is_flower(code) {
                flowers += 1;
            } else {
                count(code, &mut kinds, &mut reds);
            }
        }
        for s in 0..SEATS {
            flowers += self.flowers[s].count_ones();
            for (count, &held) in kinds.iter_mut().zip(&self.hands[s]) {
                *count += u32::from(held);
            }
            for (r, &held) in reds.iter_mut().zip(&self.red[s]) {
                *r += u32::from(held);
            }
            let mut m = [0u8; TILE_KINDS];
            for meld in &self.melds[s][..usize::from(self.meld_counts[s])] {
                meld.add_tiles(&mut m);
                if meld.red > 0 {
                    reds[usize::from(meld.tile) / 9] += u32::from(meld.red);
                }
            }
            for (count, &melded) in kinds.iter_mut().zip(&m) {
                *count += u32::from(melded);
            }
        }
        for d in &self.discards[..usize::from(self.discard_count)] {
            if d.claimed_by == NO_SEAT {
                count(d.tile, &mut kinds, &mut reds);
            }
        }
        // A win on a discard or a robbed kong puts the tile into every winner's hand, so with
        // several winners it is counted once per winner.
        if let Some(r) = self.result {
            if r.end == End::Discard && r.winners.count_ones() > 1 {
                kinds[usize::from(code_kind(r.tile))] -= r.winners.count_ones() - 1;
                if is_red_code(r.tile) {
                    reds[usize::from(r.tile - 42)] -= r.winners.count_ones() - 1;
                }
            }
        }
        let want = u32::from(self.params.flowers);
        if flowers != want {
            return Some(format!("{flowers} flowers, want {want}"));
        }
        if let Some(k) = kinds.iter().position(|&c| c != 4) {
            return Some(format!("kind {k} has {} copies in play", kinds[k]));
        }
        let want_red = match self.params.red_fives {
            0 => [0, 0, 0],
            3 => [1, 1, 1],
            _ => [1, 2, 1],
        };
        if reds != want_red {
            return Some(format!("red fives {reds:?}, want {want_red:?}"));
        }
        for s in 0..SEATS {
            for suit in 0..3 {
                if self.red[s][suit] > self.hands[s][suit * 9 + 4] {
                    return Some(format!("seat {s} holds more red fives than fives"));
                }
            }
        }
        let full = u32::from(self.params.hand_tiles);
        let dealt_offer = self.part_dealt_offer();
        for s in 0..self.seats() {
            let total: u32 = self.hands[s].iter().map(|&c| u32::from(c)).sum();
            let sets = 3 * u32::from(self.meld_counts[s]);
            // A flower win takes no tile; a flower offer in the deal finds the dealer with 17.
            let flower_win = self
                .result
                .is_some_and(|r| is_flower(r.tile) && r.tile != NO_TILE);
            let acting = match self.phase {
                Phase::Turn => usize::from(self.actor) == s,
                Phase::Over if flower_win => dealt_offer && s == usize::from(self.dealer),
                Phase::Over => self.result.is_some_and(|r| {
                    r.winners & (1 << s) != 0
                        || (matches!(r.end, End::AbortiveDraw(AbortReason::NineTerminals))
                            && usize::from(self.actor) == s)
                }),
                Phase::Claim => dealt_offer && s == usize::from(self.dealer),
            };
            let want = full + u32::from(acting);
            if total + sets != want {
                return Some(format!(
                    "seat {s} holds {total} + {sets} tiles, want {want}"
                ));
            }
        }
        self.part_invariant_error()
    }
}
