//! The table: deals, draws, claims, kongs, wins, draws by exhaustion; the referee of a hand.

use super::legal::{SeatState, claim_actions, seat_actions};
use super::rng::Rng;
use super::score::points;
use super::types::*;
use crate::error::Error;
use crate::tile::{Counts, TILE_KINDS};

/// Wall codes 0..33 are tile kinds; 34..41 are the eight flowers.
const FLOWER_BASE: u8 = TILE_KINDS as u8;
const WALL_MAX: usize = 144;
/// Largest dead wall accepted: after the deal at least 18 tiles stay drawable in either variant.
pub const MAX_DEAD_WALL: u8 = 60;

/// A 4-player table, deterministic for its seed: hand `i` is dealt from the wall
/// `Rng::for_hand(seed, i)` shuffles, and the same actions give the same hand on every platform.
///
/// The game asks whose decision is pending ([`Table::pending`]), shows each seat its
/// [`Table::view`], lists the [`Table::legal_actions`], and [`Table::apply`]s one; an illegal
/// action is refused with [`Error::IllegalAction`] and changes nothing.
#[derive(Debug, Clone)]
pub struct Table {
    rules: Rules,
    seed: u64,
    hand_index: u32,
    dealer: u8,
    prevalent_wind: u8,
    scores: [i32; SEATS],
    wall: [u8; WALL_MAX],
    /// Next tile drawn from the front.
    head: usize,
    /// One past the tile drawn next from the back (replacements).
    tail: usize,
    hands: [Counts; SEATS],
    melds: [[Meld; MAX_MELDS]; SEATS],
    meld_counts: [u8; SEATS],
    flowers: [u8; SEATS],
    discards: [DiscardEntry; MAX_DISCARDS],
    discard_count: u16,
    phase: Phase,
    actor: u8,
    drawn: u8,
    offered: u8,
    offer: Offer,
    pending: u8,
    responses: [Option<Action>; SEATS],
    result: Option<HandResult>,
}

impl Table {
    /// A table with `rules`, dealing hand 0 with seat 0 as dealer and East as prevalent wind.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when the dead wall leaves no tile to draw (above 60 tiles).
    pub fn new(rules: Rules, seed: u64) -> Result<Table, Error> {
        rules.validate()?;
        let mut t = Table {
            rules,
            seed,
            hand_index: 0,
            dealer: 0,
            prevalent_wind: 0,
            scores: [0; SEATS],
            wall: [0; WALL_MAX],
            head: 0,
            tail: 0,
            hands: [[0; TILE_KINDS]; SEATS],
            melds: [[Meld::EMPTY; MAX_MELDS]; SEATS],
            meld_counts: [0; SEATS],
            flowers: [0; SEATS],
            discards: [DiscardEntry::EMPTY; MAX_DISCARDS],
            discard_count: 0,
            phase: Phase::Over,
            actor: NO_SEAT,
            drawn: NO_TILE,
            offered: NO_TILE,
            offer: Offer::Discard,
            pending: 0,
            responses: [None; SEATS],
            result: None,
        };
        t.deal(0, 0, 0)?;
        Ok(t)
    }

    /// Deals hand `hand_index` with `dealer` and `prevalent_wind` (both 0..3), whatever the
    /// state of the current hand. Scores are kept.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a seat or wind above 3.
    pub fn deal(&mut self, hand_index: u32, dealer: u8, prevalent_wind: u8) -> Result<(), Error> {
        if usize::from(dealer) >= SEATS || usize::from(prevalent_wind) >= SEATS {
            return Err(Error::InvalidArgument);
        }
        self.hand_index = hand_index;
        self.dealer = dealer;
        self.prevalent_wind = prevalent_wind;
        let n = self.rules.variant.wall_tiles();
        for k in 0..136 {
            self.wall[k] = (k / 4) as u8;
        }
        for f in 0..n - 136 {
            self.wall[136 + f] = FLOWER_BASE + f as u8;
        }
        Rng::for_hand(self.seed, u64::from(hand_index)).shuffle(&mut self.wall[..n]);
        self.head = 0;
        self.tail = n;
        self.hands = [[0; TILE_KINDS]; SEATS];
        self.melds = [[Meld::EMPTY; MAX_MELDS]; SEATS];
        self.meld_counts = [0; SEATS];
        self.flowers = [0; SEATS];
        self.discards = [DiscardEntry::EMPTY; MAX_DISCARDS];
        self.discard_count = 0;
        self.responses = [None; SEATS];
        self.result = None;
        self.offered = NO_TILE;
        self.offer = Offer::Discard;
        // Deal 16 (or 13) tiles to each seat from the dealer on, and one more to the dealer. A
        // flower is set aside at once and owed a replacement.
        let size = self.rules.variant.hand_tiles();
        let mut last = NO_TILE;
        let mut owed = [0u8; SEATS];
        for i in 0..SEATS * size + 1 {
            let seat = if i == SEATS * size {
                dealer
            } else {
                (dealer + (i % SEATS) as u8) % 4
            };
            let code = self.wall[self.head];
            self.head += 1;
            if self.take(seat, code) {
                owed[usize::from(seat)] += 1;
            } else if seat == dealer {
                last = code;
            }
        }
        // Replacements come from the back, seat by seat from the dealer, until no flower is owed
        // (the wall always has enough tiles here: at most 8 flowers).
        for i in 0..SEATS as u8 {
            let seat = (dealer + i) % 4;
            while owed[usize::from(seat)] > 0 {
                owed[usize::from(seat)] -= 1;
                self.tail -= 1;
                let code = self.wall[self.tail];
                if self.take(seat, code) {
                    owed[usize::from(seat)] += 1;
                } else if seat == dealer {
                    last = code;
                }
            }
        }
        self.phase = Phase::Turn;
        self.actor = dealer;
        // The dealer's 17th tile counts as drawn (a win on it is a self-drawn win).
        self.drawn = last;
        self.pending = 1 << dealer;
        self.check_invariants();
        Ok(())
    }

    /// Deals the next hand: the dealer keeps the deal after winning or an exhaustive draw, else
    /// it passes to the next seat, and the prevalent wind advances when it returns to seat 0.
    ///
    /// # Errors
    /// [`Error::HandNotOver`] while the current hand is being played; [`Error::InvalidArgument`]
    /// after hand `u32::MAX` (the last index: there is no next hand; nothing changes).
    pub fn next_hand(&mut self) -> Result<(), Error> {
        let r = self.result.ok_or(Error::HandNotOver)?;
        let keeps = r.end == End::ExhaustiveDraw || r.winners & (1 << self.dealer) != 0;
        let (dealer, wind) = if keeps {
            (self.dealer, self.prevalent_wind)
        } else {
            let d = (self.dealer + 1) % 4;
            (
                d,
                if d == 0 {
                    (self.prevalent_wind + 1) % 4
                } else {
                    self.prevalent_wind
                },
            )
        };
        // Hand u32::MAX has no next hand: refused, nothing changed (no wrap to hand 0's wall).
        let next = self
            .hand_index
            .checked_add(1)
            .ok_or(Error::InvalidArgument)?;
        self.deal(next, dealer, wind)
    }

    /// The rules of the table.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Cumulative points of every seat.
    pub fn scores(&self) -> [i32; SEATS] {
        self.scores
    }

    /// Bit s set: the table waits for a decision of seat s (0 when the hand is over).
    pub fn pending(&self) -> u8 {
        self.pending
    }

    /// The phase of the hand.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The result of the hand, once it is over.
    pub fn result(&self) -> Option<HandResult> {
        self.result
    }

    /// The tiles of `seat`'s concealed hand (for tests and replays; bots get views).
    pub fn hand(&self, seat: usize) -> &Counts {
        &self.hands[seat]
    }

    /// Draws left before the exhaustive draw.
    pub fn wall_left(&self) -> u16 {
        (self.tail - self.head).saturating_sub(usize::from(self.rules.dead_wall)) as u16
    }

    /// What `seat` (0..3) can see.
    ///
    /// # Panics
    /// When `seat` is above 3.
    pub fn view(&self, seat: usize) -> View {
        let mut melds = self.melds;
        for (s, ms) in melds.iter_mut().enumerate() {
            if s == seat {
                continue;
            }
            for m in ms.iter_mut() {
                if m.kind == MeldKind::ConcealedKong {
                    m.tile = NO_TILE;
                }
            }
        }
        let mut concealed_counts = [0u8; SEATS];
        for (s, c) in concealed_counts.iter_mut().enumerate() {
            *c = self.hands[s].iter().sum();
        }
        View {
            rules: self.rules,
            seat: seat as u8,
            dealer: self.dealer,
            prevalent_wind: self.prevalent_wind,
            hand_index: self.hand_index,
            phase: self.phase,
            actor: if self.phase == Phase::Over {
                NO_SEAT
            } else {
                self.actor
            },
            pending: self.pending,
            hand: self.hands[seat],
            drawn: if self.phase == Phase::Turn && usize::from(self.actor) == seat {
                self.drawn
            } else {
                NO_TILE
            },
            offered: if self.phase == Phase::Claim {
                self.offered
            } else {
                NO_TILE
            },
            offer: self.offer,
            melds,
            meld_counts: self.meld_counts,
            flowers: self.flowers,
            concealed_counts,
            discards: self.discards,
            discard_count: self.discard_count,
            wall_left: self.wall_left(),
            scores: self.scores,
        }
    }

    /// The legal actions of `seat` now (empty unless the table waits for it).
    pub fn legal_actions(&self, seat: usize) -> Actions {
        if seat >= SEATS {
            return Actions::new();
        }
        seat_actions(&SeatState {
            phase: self.phase,
            pending: self.pending & (1 << seat) != 0,
            seat,
            hand: &self.hands[seat],
            melds: &self.melds[seat][..usize::from(self.meld_counts[seat])],
            actor: usize::from(self.actor),
            drawn: self.drawn,
            offered: self.offered,
            offer: self.offer,
            wall_left: self.wall_left(),
        })
    }

    /// Applies `action` for `seat`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a seat above 3; [`Error::IllegalAction`] when the table
    /// does not wait for `seat` or `action` is not one of its legal actions. Nothing changes
    /// on error.
    pub fn apply(&mut self, seat: usize, action: Action) -> Result<(), Error> {
        if seat >= SEATS {
            return Err(Error::InvalidArgument);
        }
        if !self.legal_actions(seat).contains(&action) {
            return Err(Error::IllegalAction);
        }
        match self.phase {
            Phase::Turn => self.apply_turn(seat, action),
            Phase::Claim => {
                self.responses[seat] = Some(action);
                self.pending &= !(1 << seat);
                if self.pending == 0 {
                    self.resolve_claims();
                }
            }
            Phase::Over => unreachable!("no legal action once the hand is over"),
        }
        self.check_invariants();
        Ok(())
    }

    // ---- internals ----

    /// Gives wall code `code` to `seat`: a flower is set aside (returns true), a tile joins the
    /// concealed hand.
    fn take(&mut self, seat: u8, code: u8) -> bool {
        let s = usize::from(seat);
        if code >= FLOWER_BASE {
            self.flowers[s] |= 1 << (code - FLOWER_BASE);
            true
        } else {
            self.hands[s][usize::from(code)] += 1;
            false
        }
    }

    /// Draws for `seat` from the front (or the back for a replacement), setting flowers aside
    /// and replacing them from the back. Returns the tile, or `None` when the live wall is
    /// exhausted (the hand has then ended in an exhaustive draw).
    fn draw(&mut self, seat: u8, replacement: bool) -> Option<u8> {
        let mut from_back = replacement;
        loop {
            if self.wall_left() == 0 {
                self.finish_exhaustive();
                return None;
            }
            let code = if from_back {
                self.tail -= 1;
                self.wall[self.tail]
            } else {
                self.head += 1;
                self.wall[self.head - 1]
            };
            if !self.take(seat, code) {
                return Some(code);
            }
            from_back = true;
        }
    }

    /// `seat` draws and begins its turn.
    fn begin_turn(&mut self, seat: u8, replacement: bool) {
        if let Some(t) = self.draw(seat, replacement) {
            self.phase = Phase::Turn;
            self.actor = seat;
            self.drawn = t;
            self.pending = 1 << seat;
        }
    }

    fn push_meld(&mut self, seat: usize, meld: Meld) {
        let i = usize::from(self.meld_counts[seat]);
        self.melds[seat][i] = meld;
        self.meld_counts[seat] += 1;
    }

    fn apply_turn(&mut self, seat: usize, action: Action) {
        let t = usize::from(action.tile);
        let s8 = seat as u8;
        match action.kind {
            ActionKind::Discard => {
                self.hands[seat][t] -= 1;
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
                self.begin_turn(s8, true);
            }
            ActionKind::AddedKong => {
                self.hands[seat][t] -= 1;
                let n = usize::from(self.meld_counts[seat]);
                let m = self.melds[seat][..n]
                    .iter_mut()
                    .find(|m| m.kind == MeldKind::Pung && m.tile == action.tile)
                    .expect("legal added kong has its pung");
                m.kind = MeldKind::AddedKong;
                if self.rules.rob_kong {
                    self.offer_tile(seat, action.tile, Offer::AddedKong);
                } else {
                    self.begin_turn(s8, true);
                }
            }
            ActionKind::Win => self.finish_win(1 << seat, NO_SEAT, action.tile, false),
            ActionKind::Pass | ActionKind::Chow | ActionKind::Pung | ActionKind::ExposedKong => {
                unreachable!("not a turn action")
            }
        }
    }

    /// Offers `tile` from `seat` to the others; without a possible claim, play goes on at once.
    fn offer_tile(&mut self, seat: usize, tile: u8, offer: Offer) {
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
            let mut a = Actions::new();
            claim_actions(
                &self.hands[other],
                other,
                seat,
                tile,
                offer,
                self.wall_left(),
                &mut a,
            );
            if !a.is_empty() {
                pending |= 1 << other;
            }
        }
        self.pending = pending;
        if pending == 0 {
            self.resolve_claims();
        }
    }

    /// Every pending seat has answered: a win beats a pung or kong, which beats a chow.
    fn resolve_claims(&mut self) {
        let from = usize::from(self.actor);
        let tile = self.offered;
        let t = usize::from(tile);
        let order = [(from + 1) % 4, (from + 2) % 4, (from + 3) % 4];
        let kind_of = |s: usize| self.responses[s].map(|a| a.kind);
        let mut winners = 0u8;
        for &s in &order {
            if kind_of(s) == Some(ActionKind::Win) {
                winners |= 1 << s;
                if self.rules.multi_win == MultiWin::HeadBump {
                    break;
                }
            }
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
            self.finish_win(winners, from as u8, tile, robbed);
            return;
        }
        if self.offer == Offer::AddedKong {
            self.begin_turn(from as u8, true);
            return;
        }
        // Pung or kong (at most one seat can hold two copies of the offered tile).
        for &s in &order {
            match self.responses[s] {
                Some(Action {
                    kind: ActionKind::Pung,
                    ..
                }) => {
                    self.hands[s][t] -= 2;
                    self.discards[last_discard].claimed_by = s as u8;
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
                    return;
                }
                Some(Action {
                    kind: ActionKind::ExposedKong,
                    ..
                }) => {
                    self.hands[s][t] -= 3;
                    self.discards[last_discard].claimed_by = s as u8;
                    self.push_meld(
                        s,
                        Meld {
                            kind: MeldKind::ExposedKong,
                            tile,
                            claimed: tile,
                            from: from as u8,
                        },
                    );
                    self.begin_turn(s as u8, true);
                    return;
                }
                _ => {}
            }
        }
        let next = order[0];
        if let Some(Action {
            kind: ActionKind::Chow,
            tile: start,
        }) = self.responses[next]
        {
            for k in start..start + 3 {
                if k != tile {
                    self.hands[next][usize::from(k)] -= 1;
                }
            }
            self.discards[last_discard].claimed_by = next as u8;
            self.push_meld(
                next,
                Meld {
                    kind: MeldKind::Chow,
                    tile: start,
                    claimed: tile,
                    from: from as u8,
                },
            );
            self.start_claimed_turn(next);
            return;
        }
        self.begin_turn(next as u8, false);
    }

    /// A turn after a chow or pung: discard only (no draw, so no self-drawn win or kong).
    fn start_claimed_turn(&mut self, seat: usize) {
        self.phase = Phase::Turn;
        self.actor = seat as u8;
        self.drawn = NO_TILE;
        self.offered = NO_TILE;
        self.pending = 1 << seat;
    }

    fn finish_win(&mut self, winners: u8, discarder: u8, tile: u8, robbed_kong: bool) {
        let end = if discarder == NO_SEAT {
            End::SelfDraw
        } else {
            End::Discard
        };
        let mut r = HandResult {
            end,
            winners,
            discarder,
            tile,
            robbed_kong,
            points: [0; SEATS],
            tenpai: self.tenpai_mask(winners),
        };
        r.points = points(&self.rules, &r);
        self.finish(r);
    }

    fn finish_exhaustive(&mut self) {
        let mut r = HandResult {
            end: End::ExhaustiveDraw,
            winners: 0,
            discarder: NO_SEAT,
            tile: NO_TILE,
            robbed_kong: false,
            points: [0; SEATS],
            tenpai: self.tenpai_mask(0),
        };
        r.points = points(&self.rules, &r);
        self.finish(r);
    }

    fn finish(&mut self, r: HandResult) {
        for s in 0..SEATS {
            self.scores[s] += r.points[s];
        }
        self.result = Some(r);
        self.phase = Phase::Over;
        self.pending = 0;
        self.offered = NO_TILE;
        self.drawn = NO_TILE;
    }

    /// Seats other than the winners whose 3n+1 concealed hand is ready.
    fn tenpai_mask(&self, winners: u8) -> u8 {
        let mut mask = 0u8;
        for s in 0..SEATS {
            if winners & (1 << s) != 0 {
                continue;
            }
            let h = &self.hands[s];
            let total: u32 = h.iter().map(|&c| u32::from(c)).sum();
            if total % 3 != 1 {
                continue;
            }
            if crate::shanten::shanten(h, crate::forms::Forms::REGULAR) == Ok(0) {
                mask |= 1 << s;
            }
        }
        mask
    }

    /// Tile conservation and hand sizes (debug builds; tests call [`Table::invariant_error`]).
    fn check_invariants(&self) {
        debug_assert_eq!(self.invariant_error(), None);
    }

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
            let acting = match self.phase {
                Phase::Turn => usize::from(self.actor) == s,
                Phase::Over => self.result.is_some_and(|r| r.winners & (1 << s) != 0),
                Phase::Claim => false,
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
