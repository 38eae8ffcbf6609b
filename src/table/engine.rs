//! The table: deals, draws, claims, kongs, wins, draws by exhaustion; the referee of a hand.

use super::event::{Event, EventKind, MAX_EVENT_TILES, Reason, flags};
use super::legal::{SeatState, claim_actions, seat_actions};
use super::matches::{MatchRules, MatchState, Progress, progress};
use super::rng::Rng;
use super::score::{HandFacts, WinFacts, score_hand};
use super::types::*;
use crate::error::Error;
use crate::tile::{Counts, TILE_KINDS};

/// Wall codes 0..33 are tile kinds; 34..41 are the eight flowers.
pub(super) const FLOWER_BASE: u8 = TILE_KINDS as u8;
const WALL_MAX: usize = 144;
/// Largest dead wall accepted: after the deal at least 18 tiles stay drawable in either variant.
pub const MAX_DEAD_WALL: u8 = 60;

/// A 4-player table, deterministic for its seed: hand `i` is dealt from the wall
/// `Rng::for_hand(seed, i)` shuffles, and the same actions give the same hand on every platform.
///
/// The game asks whose decision is pending ([`Table::pending`]), shows each seat its
/// [`Table::view`], lists the [`Table::legal_actions`], and [`Table::apply`]s one; an illegal
/// action is refused with [`Error::IllegalAction`] and changes nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub(super) rules: Rules,
    pub(super) match_rules: MatchRules,
    pub(super) seed: u64,
    pub(super) hand_index: u32,
    pub(super) dealer: u8,
    pub(super) prevalent_wind: u8,
    /// The match: scores, hands played, consecutive deals, rounds.
    pub(super) state: MatchState,
    /// The match as it stood when the current hand was dealt (what a snapshot replays from).
    pub(super) at_start: MatchState,
    /// Who deals next, decided when the hand ended.
    pub(super) next: Option<Progress>,
    /// The current hand's events; `log[0]` has index `log_base`.
    pub(super) log: Vec<Event>,
    pub(super) log_base: u64,
    /// Whether the tile just drawn came from the back of the wall.
    pub(super) from_back: bool,
    pub(super) wall: [u8; WALL_MAX],
    /// Next tile drawn from the front.
    pub(super) head: usize,
    /// One past the tile drawn next from the back (replacements).
    pub(super) tail: usize,
    pub(super) hands: [Counts; SEATS],
    pub(super) melds: [[Meld; MAX_MELDS]; SEATS],
    pub(super) meld_counts: [u8; SEATS],
    pub(super) flowers: [u8; SEATS],
    pub(super) discards: [DiscardEntry; MAX_DISCARDS],
    pub(super) discard_count: u16,
    pub(super) phase: Phase,
    pub(super) actor: u8,
    pub(super) drawn: u8,
    pub(super) offered: u8,
    pub(super) offer: Offer,
    pub(super) pending: u8,
    pub(super) responses: [Option<Action>; SEATS],
    pub(super) result: Option<HandResult>,
}

impl Table {
    /// A table with `rules`, dealing hand 0 with seat 0 as dealer and East as prevalent wind, in
    /// an endless match ([`MatchRules::endless`]).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when the dead wall leaves no tile to draw (above 60 tiles).
    pub fn new(rules: Rules, seed: u64) -> Result<Table, Error> {
        Table::with_match(rules, MatchRules::endless(), seed)
    }

    /// A table with `rules` starting a match under `match_rules`: every seat starts with the
    /// match's starting score, and hand 0 is dealt by its first dealer with East as prevalent
    /// wind.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when the dead wall leaves no tile to draw (above 60 tiles) or
    /// the match rules are out of range ([`MatchRules::validate`]).
    pub fn with_match(rules: Rules, match_rules: MatchRules, seed: u64) -> Result<Table, Error> {
        let mut t = Table::blank(rules, match_rules, seed, MatchState::start(&match_rules), 0)?;
        t.deal(0, match_rules.first_dealer, 0)?;
        Ok(t)
    }

    /// A table with no hand dealt yet (phase over, empty log whose next index is `log_base`).
    pub(crate) fn blank(
        rules: Rules,
        match_rules: MatchRules,
        seed: u64,
        state: MatchState,
        log_base: u64,
    ) -> Result<Table, Error> {
        rules.validate()?;
        match_rules.validate()?;
        Ok(Table {
            rules,
            match_rules,
            seed,
            hand_index: 0,
            dealer: 0,
            prevalent_wind: 0,
            state,
            at_start: state,
            next: None,
            log: Vec::with_capacity(256),
            log_base,
            from_back: false,
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
        })
    }

    /// Deals hand `hand_index` with `dealer` and `prevalent_wind` (both 0..3), whatever the
    /// state of the current hand: a free deal outside the match's own progression (the match
    /// state, scores included, is kept, but the consecutive-deal count restarts at 0: a free deal
    /// is its dealer's first; [`Table::next_hand`] continues the match).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a seat or wind above 3.
    pub fn deal(&mut self, hand_index: u32, dealer: u8, prevalent_wind: u8) -> Result<(), Error> {
        if usize::from(dealer) >= SEATS || usize::from(prevalent_wind) >= SEATS {
            return Err(Error::InvalidArgument);
        }
        self.deal_logged(hand_index, dealer, prevalent_wind, 0);
        Ok(())
    }

    pub(super) fn deal_hand(
        &mut self,
        hand_index: u32,
        dealer: u8,
        prevalent_wind: u8,
        start_flags: u16,
    ) {
        self.log_base += self.log.len() as u64;
        self.log.clear();
        self.at_start = self.state;
        self.next = None;
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
        self.from_back = false;
        let mut start = Event::new(EventKind::HandStart);
        start.seat = dealer;
        start.tile = prevalent_wind;
        start.value = i64::from(hand_index);
        start.seed = self.seed;
        start.flags = start_flags;
        self.emit(start);
        // Deal 16 (or 13) tiles to each seat from the dealer on, and one more to the dealer. A
        // flower is set aside and owed a replacement once the deal is complete.
        let size = self.rules.variant.hand_tiles();
        let mut dealt = [[NO_TILE; MAX_EVENT_TILES]; SEATS];
        let mut dealt_n = [0usize; SEATS];
        for i in 0..SEATS * size + 1 {
            let seat = if i == SEATS * size {
                dealer
            } else {
                (dealer + (i % SEATS) as u8) % 4
            };
            let code = self.wall[self.head];
            self.head += 1;
            let s = usize::from(seat);
            dealt[s][dealt_n[s]] = code;
            dealt_n[s] += 1;
        }
        let mut last = NO_TILE;
        for i in 0..SEATS as u8 {
            let seat = (dealer + i) % 4;
            let s = usize::from(seat);
            self.emit(
                Event {
                    seat,
                    ..Event::new(EventKind::Deal)
                }
                .with_tiles(&dealt[s][..dealt_n[s]]),
            );
            for &code in &dealt[s][..dealt_n[s]] {
                if !self.take(seat, code) && seat == dealer {
                    last = code;
                }
            }
        }
        // Replacements come from the back, seat by seat from the dealer: each flower is set
        // aside and replaced, and a flower drawn as a replacement is replaced in turn (the wall
        // always has enough tiles here: at most 8 flowers).
        for i in 0..SEATS as u8 {
            let seat = (dealer + i) % 4;
            let s = usize::from(seat);
            // At most 8 flowers in the wall, so at most 8 owed.
            let mut owed = [0u8; FLOWERS];
            let mut n = 0;
            for &c in dealt[s][..dealt_n[s]].iter().filter(|&&c| c >= FLOWER_BASE) {
                owed[n] = c;
                n += 1;
            }
            let mut k = 0;
            while k < n {
                self.emit(Event {
                    seat,
                    tile: owed[k],
                    ..Event::new(EventKind::Flower)
                });
                k += 1;
                self.tail -= 1;
                let code = self.wall[self.tail];
                self.emit(Event {
                    seat,
                    tile: code,
                    flags: flags::REPLACEMENT,
                    ..Event::new(EventKind::Draw)
                });
                if self.take(seat, code) {
                    owed[n] = code;
                    n += 1;
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
    }

    /// Deals the next hand of the match: the dealer keeps or passes the deal by the match's
    /// [`super::DealerRule`], and the prevalent wind advances when the deal returns to the
    /// match's first dealer.
    ///
    /// # Errors
    /// [`Error::HandNotOver`] while the current hand is being played; [`Error::MatchOver`]
    /// when the match is over (see [`Table::match_result`]); [`Error::InvalidArgument`] when the
    /// hand index would pass `u32::MAX`.
    pub fn next_hand(&mut self) -> Result<(), Error> {
        self.result.ok_or(Error::HandNotOver)?;
        if self.state.over {
            return Err(Error::MatchOver);
        }
        let p = self.next.ok_or(Error::HandNotOver)?;
        let index = self
            .hand_index
            .checked_add(1)
            .ok_or(Error::InvalidArgument)?;
        self.deal_hand(index, p.next_dealer, p.next_wind, flags::NEXT_HAND);
        Ok(())
    }

    /// Appends `e` to the log with the next index.
    pub(super) fn emit(&mut self, mut e: Event) {
        e.index = self.next_event_index();
        self.log.push(e);
    }

    /// The rules of the table.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Cumulative points of every seat.
    pub fn scores(&self) -> [i32; SEATS] {
        self.state.scores
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
            scores: self.state.scores,
            consecutive: self.at_start.consecutive,
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
                self.emit(Event {
                    seat: seat as u8,
                    from: self.actor,
                    tile: action.tile,
                    action: Some(action.kind),
                    ..Event::new(EventKind::ClaimAnswer)
                });
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
                self.begin_turn(s8, true);
            }
            ActionKind::AddedKong => {
                self.emit_meld(s8, MeldKind::AddedKong, NO_SEAT, action.tile, action.tile);
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

    /// Every pending seat has answered: a win beats a pung or kong, which beats a chow. The
    /// outcome is logged first (the claim that won, each claim that lost and why), then the
    /// meld or the win.
    fn resolve_claims(&mut self) {
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
            self.finish_win(winners, from as u8, tile, robbed);
            return;
        }
        if self.offer == Offer::AddedKong {
            self.begin_turn(from as u8, true);
            return;
        }
        let Some(s) = taker else {
            self.begin_turn(order[0] as u8, false);
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
                self.begin_turn(s as u8, true);
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
    fn emit_meld(&mut self, seat: u8, kind: MeldKind, from: u8, tile: u8, low: u8) {
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
        let any_meld = self.meld_counts.iter().any(|&c| c > 0);
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
            let mut f = 0u16;
            if discarder == NO_SEAT {
                f |= flags::SELF_DRAWN;
                if self.from_back {
                    f |= flags::REPLACEMENT;
                }
            }
            if robbed_kong {
                f |= flags::ROBBED_KONG;
            }
            if self.wall_left() == 0 {
                f |= flags::LAST_TILE;
            }
            let discarded = self.discards[..usize::from(self.discard_count)]
                .iter()
                .any(|d| usize::from(d.seat) == s);
            if !any_meld && !discarded {
                f |= flags::FIRST_TURN;
            }
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

    fn finish_exhaustive(&mut self) {
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
    fn hand_facts(&self, result: HandResult) -> HandFacts {
        HandFacts {
            result,
            dealer: self.dealer,
            prevalent_wind: self.prevalent_wind,
            consecutive: self.state.consecutive,
            winners: [None; SEATS],
        }
    }

    /// Scores the hand, logs the payments and the match progress, and ends the hand.
    fn finish(&mut self, facts: HandFacts) {
        let mut r = facts.result;
        (r.points, r.tai) = score_hand(&self.rules, &facts);
        if r.tai.iter().any(Option::is_some) {
            // Each winner's Win event carries its total tai.
            for e in self.log.iter_mut().filter(|e| e.kind == EventKind::Win) {
                if let Some(sc) = &r.tai[usize::from(e.seat)] {
                    e.value = i64::from(sc.total);
                }
            }
        }
        for s in 0..SEATS {
            self.state.scores[s] = self.state.scores[s].wrapping_add(r.points[s]);
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
                value: i64::from(r.points[s]),
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
}
