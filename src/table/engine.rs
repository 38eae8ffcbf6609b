//! The table: deals, draws, claims, kongs, wins, draws by exhaustion; the referee of a hand.

use super::event::{
    COUNTER_CONSECUTIVE, Event, EventKind, MAX_EVENT_TILES, NUMBERED_READERS, Reader, Secret, flags,
};
use super::legal::{SeatState, seat_actions};
use super::matches::{MatchRules, MatchState, Progress};
use super::rng::Rng;
use super::types::*;
use crate::error::Error;
use crate::tile::{Counts, TILE_KINDS};

/// Wall codes 0..33 are tile kinds; 34..41 are the eight flowers.
pub(super) const FLOWER_BASE: u8 = TILE_KINDS as u8;
pub(super) const WALL_MAX: usize = 144;
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
    /// For each numbered reader (seats 0..3, the spectator: [`Reader::slot`]), the positions in
    /// `log` of the events it receives; its stream's index of `log[reader_pos[r][i]]` is
    /// `reader_base[r] + i`.
    pub(super) reader_pos: [Vec<u32>; NUMBERED_READERS],
    pub(super) reader_base: [u64; NUMBERED_READERS],
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
    /// Seats ready since their first discard, nobody having claimed before it, their hand
    /// unchanged since (地聽; the dealer's is 天聽).
    pub(super) ready_first: [bool; SEATS],
    /// Non-dealers whose hand was ready as dealt and is unchanged since (天聽 from the deal; the
    /// dealer's is `ready_first`).
    pub(super) ready_deal: [bool; SEATS],
    /// Whether the tile just drawn from the back replaced an exposed kong (not a flower or an
    /// own concealed or added kong).
    pub(super) after_exposed_kong: bool,
    /// 過水: the tile kinds each seat may not win on now.
    pub(super) pass_locked: [u64; SEATS],
    /// What follows a flower offer that every seat passed.
    pub(super) flower_resume: FlowerResume,
}

/// What follows a flower offer ([`Offer::Flower`]) that every seat passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum FlowerResume {
    /// The seat that set the flower aside draws its replacement.
    Replacement,
    /// The flower was set aside in the deal: the dealer's first turn begins, `drawn` being its
    /// 17th tile.
    DealerTurn {
        /// The dealer's 17th tile.
        drawn: u8,
    },
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
        let state = MatchState::start(&match_rules);
        let mut t = Table::blank(rules, match_rules, seed, state, 0, [0; NUMBERED_READERS])?;
        t.deal(0, match_rules.first_dealer, 0)?;
        Ok(t)
    }

    /// A table with no hand dealt yet (phase over, empty log whose next index is `log_base`,
    /// each numbered reader's next index `reader_base`).
    pub(crate) fn blank(
        rules: Rules,
        match_rules: MatchRules,
        seed: u64,
        state: MatchState,
        log_base: u64,
        reader_base: [u64; NUMBERED_READERS],
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
            reader_pos: std::array::from_fn(|_| Vec::with_capacity(256)),
            reader_base,
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
            ready_first: [false; SEATS],
            ready_deal: [false; SEATS],
            after_exposed_kong: false,
            pass_locked: [0; SEATS],
            flower_resume: FlowerResume::Replacement,
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
        stacked: Option<&[u8; WALL_MAX]>,
    ) {
        self.log_base += self.log.len() as u64;
        self.log.clear();
        for (base, pos) in self.reader_base.iter_mut().zip(&mut self.reader_pos) {
            *base += pos.len() as u64;
            pos.clear();
        }
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
        if let Some(w) = stacked {
            self.wall = *w;
        }
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
        self.ready_first = [false; SEATS];
        self.ready_deal = [false; SEATS];
        self.after_exposed_kong = false;
        self.pass_locked = [0; SEATS];
        self.flower_resume = FlowerResume::Replacement;
        self.offered = NO_TILE;
        self.offer = Offer::Discard;
        self.from_back = false;
        // The match as the hand begins: any hand's events stand alone.
        let winds: [u8; SEATS] = std::array::from_fn(|s| (s as u8 + 4 - dealer) % 4);
        let mut start = Event::new(EventKind::HandStart).with_tiles(&winds);
        start.seat = dealer;
        start.from = self.match_rules.first_dealer;
        start.tile = prevalent_wind;
        start.value = i64::from(hand_index);
        start.seed = self.seed;
        start.flags = start_flags;
        start.scores = self.state.scores;
        start.counters[COUNTER_CONSECUTIVE] = self.state.consecutive;
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
        // A non-dealer's hand ready as dealt (天聽 where the rules count it from the deal).
        for s in (0..SEATS).filter(|&s| s != usize::from(dealer)) {
            self.ready_deal[s] = self.is_ready(s);
        }
        self.phase = Phase::Turn;
        self.actor = dealer;
        // The dealer's 17th tile counts as drawn (a win on it is a self-drawn win).
        self.drawn = last;
        self.pending = 1 << dealer;
        // A flower win the deal completed is offered before the dealer's first action.
        self.deal_flower_offer(last);
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
        self.deal_hand(index, p.next_dealer, p.next_wind, flags::NEXT_HAND, None);
        Ok(())
    }

    /// Appends `e` to the log with the next index, and to the stream of every numbered reader
    /// that receives it ([`Reader::receives`]).
    pub(super) fn emit(&mut self, mut e: Event) {
        e.index = self.next_event_index();
        let at = self.log.len() as u32;
        for (slot, pos) in self.reader_pos.iter_mut().enumerate() {
            if Reader::of_slot(slot).receives(&e) {
                pos.push(at);
            }
        }
        self.log.push(e);
    }

    /// The rules of the table.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Cumulative points of every seat (64-bit: they saturate at the limits instead of
    /// wrapping).
    pub fn scores(&self) -> [i64; SEATS] {
        self.state.scores
    }

    /// Bit s set: the table waits for a decision of seat s (0 when the hand is over). The
    /// referee's: a seat's view shows its own bit only.
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

    /// What `seat` (0..3) can see: [`Table::view_for`] of [`Reader::Seat`].
    ///
    /// # Panics
    /// When `seat` is above 3.
    pub fn view(&self, seat: usize) -> View {
        let seat = u8::try_from(seat).unwrap_or(u8::MAX);
        self.view_for(Reader::Seat(seat)).expect("a seat 0..3")
    }

    /// What `reader` can see: a seat's view (its own tiles and options, everything public) or
    /// the spectator's (everything public: no hand, no pending bit, concealed kongs face
    /// down); `None` for the observer (who reads the table itself) and for a seat above 3.
    /// Every field that is not public is filled by [`Reader::knows`].
    pub fn view_for(&self, reader: Reader) -> Option<View> {
        let seat = match reader {
            Reader::Seat(s) if usize::from(s) < SEATS => s,
            Reader::Spectator => NO_SEAT,
            _ => return None,
        };
        let s = usize::from(seat);
        let mut melds = self.melds;
        for (o, ms) in melds.iter_mut().enumerate() {
            if reader.knows(Secret::Tiles(o as u8)) {
                continue;
            }
            for m in &mut ms[..usize::from(self.meld_counts[o])] {
                if m.kind == MeldKind::ConcealedKong {
                    m.tile = HIDDEN_TILE;
                }
            }
        }
        let mut concealed_counts = [0u8; SEATS];
        for (o, c) in concealed_counts.iter_mut().enumerate() {
            *c = self.hands[o].iter().sum();
        }
        let mut pending = 0u8;
        for o in 0..SEATS as u8 {
            if reader.knows(Secret::Options(o)) {
                pending |= self.pending & (1 << o);
            }
        }
        let tiles = reader.knows(Secret::Tiles(seat));
        let options = reader.knows(Secret::Options(seat));
        Some(View {
            rules: self.rules,
            seat,
            dealer: self.dealer,
            prevalent_wind: self.prevalent_wind,
            first_dealer: self.match_rules.first_dealer,
            hand_index: self.hand_index,
            phase: self.phase,
            actor: if self.phase == Phase::Over {
                NO_SEAT
            } else {
                self.actor
            },
            pending,
            hand: if tiles {
                self.hands[s]
            } else {
                [0; TILE_KINDS]
            },
            drawn: if tiles && self.phase == Phase::Turn && self.actor == seat {
                self.drawn
            } else {
                NO_TILE
            },
            offered: if self.phase == Phase::Claim {
                self.offered
            } else {
                NO_TILE
            },
            offer: if self.phase == Phase::Claim {
                self.offer
            } else {
                Offer::Discard
            },
            melds,
            meld_counts: self.meld_counts,
            flowers: self.flowers,
            concealed_counts,
            discards: self.discards,
            discard_count: self.discard_count,
            wall_left: self.wall_left(),
            scores: self.state.scores,
            consecutive: self.at_start.consecutive,
            pass_locked: if options { self.pass_locked[s] } else { 0 },
            win_flags: if tiles { self.own_win_flags(s) } else { 0 },
        })
    }

    /// `seat`'s facts for a win now that a view does not otherwise show (see
    /// [`View::win_flags`]).
    pub(super) fn own_win_flags(&self, seat: usize) -> u16 {
        let mut f = 0;
        let own_draw = self.phase == Phase::Turn && usize::from(self.actor) == seat;
        if own_draw && self.drawn != NO_TILE && self.from_back {
            f |= flags::REPLACEMENT;
            if self.after_exposed_kong {
                f |= flags::AFTER_EXPOSED_KONG;
            }
        }
        if self.ready_first[seat] {
            f |= flags::READY_FIRST_DISCARD;
        }
        let from_deal = if seat == usize::from(self.dealer) {
            self.ready_first[seat]
        } else {
            self.ready_deal[seat]
        };
        if from_deal {
            f |= flags::READY_FROM_DEAL;
        }
        f
    }

    /// What legality depends on for `seat` now.
    pub(super) fn seat_state(&self, seat: usize) -> SeatState<'_> {
        SeatState {
            rules: &self.rules,
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
            flowers: self.flowers,
            locked: self.pass_locked[seat],
            dealer: self.dealer,
            prevalent_wind: self.prevalent_wind,
            consecutive: self.at_start.consecutive,
            discards: &self.discards[..usize::from(self.discard_count)],
            any_claim: self.any_claim(),
            win_flags: self.own_win_flags(seat),
        }
    }

    /// The legal actions of `seat` now (empty unless the table waits for it).
    pub fn legal_actions(&self, seat: usize) -> Actions {
        if seat >= SEATS {
            return Actions::new();
        }
        seat_actions(&self.seat_state(seat))
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
        let legal = self.legal_actions(seat);
        if !legal.contains(&action) {
            return Err(Error::IllegalAction);
        }
        // 過水: a win passed (by a pass, another claim, a kong or a discard) locks its tile kind:
        // under `UntilDraw` only a win on another seat's tile, until the seat's next draw; under
        // `UntilDiscard` any win, until its next discard.
        let locks = match self.rules.pass_lock {
            PassLock::Off => false,
            PassLock::UntilDraw => self.phase == Phase::Claim,
            PassLock::UntilDiscard => true,
        };
        if locks && action.kind != ActionKind::Win {
            if let Some(w) = legal.as_slice().iter().find(|a| a.kind == ActionKind::Win) {
                self.pass_locked[seat] |= 1 << w.tile;
            }
        }
        match self.phase {
            Phase::Turn => self.apply_turn(seat, action),
            Phase::Claim => {
                self.emit(Event {
                    seat: seat as u8,
                    from: self.actor,
                    tile: action.tile,
                    action: Some(action.kind),
                    flags: if self.offer == Offer::Flower {
                        flags::FLOWER_OFFER
                    } else {
                        0
                    },
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
    pub(super) fn take(&mut self, seat: u8, code: u8) -> bool {
        let s = usize::from(seat);
        if code >= FLOWER_BASE {
            self.flowers[s] |= 1 << (code - FLOWER_BASE);
            true
        } else {
            self.hands[s][usize::from(code)] += 1;
            false
        }
    }

    /// Tile conservation and hand sizes (debug builds; tests call [`Table::invariant_error`]).
    pub(super) fn check_invariants(&self) {
        debug_assert_eq!(self.invariant_error(), None);
    }
}
