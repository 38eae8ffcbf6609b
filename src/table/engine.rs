//! The table: deals, draws, claims, kongs, wins, draws by exhaustion; the referee of a hand.

use super::event::{
    COUNTER_CONSECUTIVE, Event, EventKind, MAX_EVENT_TILES, NUMBERED_READERS, Reader, Secret, flags,
};
use super::legal::SeatState;
use super::matches::{MatchRules, MatchState, Progress};
use super::rng::Rng;
use super::types::*;
use super::variant::taiwan::is_flower;
use super::variant::{DealPattern, Params, Part, seat_actions};
use crate::error::Error;
use crate::tile::{Counts, TILE_KINDS, code_kind, is_red_code};

/// The largest wall (144 tiles: 136 and 8 flowers).
pub(crate) const WALL_MAX: usize = 144;
/// Largest dead wall accepted: after the deal at least 18 tiles stay drawable in either variant.
pub const MAX_DEAD_WALL: u8 = 60;

/// A table of any variant, deterministic for its seed: hand `i` is dealt from the wall
/// `Rng::for_hand(seed, i)` shuffles (or from a wall the game gives, [`Table::deal_wall`]), and
/// the same actions give the same hand on every platform.
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
    /// Concealed tiles by kind.
    pub(super) hands: [Counts; SEATS],
    /// Red fives among the concealed tiles, per suit.
    pub(super) red: [[u8; 3]; SEATS],
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
    /// What the variant fixes (seats, hand size, tile set, deal, dead wall).
    pub(super) params: Params,
    /// The legal actions of every seat now (empty for a seat the table does not wait for):
    /// computed once per decision, when the table's state changes ([`Table::refresh_legal`]).
    pub(super) legal: [Actions; SEATS],
    /// Whether `legal` was just filled by the claim phase's opening (so the refresh keeps it).
    pub(super) legal_fresh: bool,
    /// The variant's state of the hand.
    pub(super) part: Part,
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
        let state = MatchState {
            part: super::matches::MatchPart::start(&rules),
            ..MatchState::start(&match_rules)
        };
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
        let params = Params::of(&rules);
        if usize::from(match_rules.first_dealer) >= usize::from(params.seats)
            || !state.part.fits(&rules)
        {
            return Err(Error::InvalidArgument);
        }
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
            red: [[0; 3]; SEATS],
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
            params,
            legal: [Actions::new(); SEATS],
            legal_fresh: false,
            part: Part::new(&rules),
        })
    }

    /// Deals hand `hand_index` with `dealer` and `prevalent_wind` (both 0..3), whatever the
    /// state of the current hand: a free deal outside the match's own progression (the match
    /// state, scores included, is kept, but the consecutive-deal count restarts at 0: a free deal
    /// is its dealer's first; [`Table::next_hand`] continues the match).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a seat past the table's seats or a wind above 3.
    pub fn deal(&mut self, hand_index: u32, dealer: u8, prevalent_wind: u8) -> Result<(), Error> {
        if dealer >= self.params.seats || usize::from(prevalent_wind) >= WINDS {
            return Err(Error::InvalidArgument);
        }
        self.deal_logged(hand_index, dealer, prevalent_wind, 0, None);
        Ok(())
    }

    /// Deals hand `hand_index` from `wall` instead of the seed's shuffle: every tile of the
    /// variant's set (tile codes: kinds, flowers, red fives) in the order the table uses them
    /// (docs/backend.md, "Walls"), with `dealer` and `prevalent_wind`; otherwise as
    /// [`Table::deal`]. The wall is logged (as `Wall` events, seen by the observer only), so
    /// records and snapshots of the hand replay on it.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a seat past the table's seats, a wind above 3, or a wall
    /// that is not the variant's tile set (a wrong length, an unknown code, a tile more or less
    /// often than the set holds it). Nothing changes on error.
    pub fn deal_wall(
        &mut self,
        hand_index: u32,
        dealer: u8,
        prevalent_wind: u8,
        wall: &[u8],
    ) -> Result<(), Error> {
        if dealer >= self.params.seats || usize::from(prevalent_wind) >= WINDS {
            return Err(Error::InvalidArgument);
        }
        let w = self.check_wall(wall)?;
        self.deal_logged(hand_index, dealer, prevalent_wind, 0, Some(&w));
        Ok(())
    }

    /// `wall` as a full wall buffer when it is a permutation of the variant's tile set.
    pub(crate) fn check_wall(&self, wall: &[u8]) -> Result<[u8; WALL_MAX], Error> {
        let n = usize::from(self.params.wall_tiles);
        if wall.len() != n {
            return Err(Error::InvalidArgument);
        }
        let mut set = [0u8; WALL_MAX];
        self.params.unshuffled(&mut set[..n]);
        let mut want = [0i32; 256];
        for &c in &set[..n] {
            want[usize::from(c)] += 1;
        }
        for &c in wall {
            want[usize::from(c)] -= 1;
        }
        if want.iter().any(|&d| d != 0) {
            return Err(Error::InvalidArgument);
        }
        let mut w = [0u8; WALL_MAX];
        w[..n].copy_from_slice(wall);
        Ok(w)
    }

    /// Seats at the table (4; three-player riichi will have 3).
    pub fn seats(&self) -> usize {
        usize::from(self.params.seats)
    }

    /// Deals a hand: from `given` (a wall the game gave, logged as `Wall` events) or the seed's
    /// shuffle.
    pub(super) fn deal_hand(
        &mut self,
        hand_index: u32,
        dealer: u8,
        prevalent_wind: u8,
        start_flags: u32,
        given: Option<&[u8; WALL_MAX]>,
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
        let n = usize::from(self.params.wall_tiles);
        match given {
            Some(w) => self.wall = *w,
            None => {
                self.params.unshuffled(&mut self.wall[..n]);
                Rng::for_hand(self.seed, u64::from(hand_index)).shuffle(&mut self.wall[..n]);
            }
        }
        self.head = 0;
        self.tail = n;
        self.hands = [[0; TILE_KINDS]; SEATS];
        self.red = [[0; 3]; SEATS];
        self.melds = [[Meld::EMPTY; MAX_MELDS]; SEATS];
        self.meld_counts = [0; SEATS];
        self.flowers = [0; SEATS];
        self.discards = [DiscardEntry::EMPTY; MAX_DISCARDS];
        self.discard_count = 0;
        self.responses = [None; SEATS];
        self.result = None;
        self.part_reset();
        self.offered = NO_TILE;
        self.offer = Offer::Discard;
        self.from_back = false;
        // The match as the hand begins: any hand's events stand alone.
        let seats = self.params.seats;
        let winds: [u8; SEATS] = std::array::from_fn(|s| (s as u8 + seats - dealer) % seats);
        let mut start = Event::new(EventKind::HandStart).with_tiles(&winds[..usize::from(seats)]);
        start.seat = dealer;
        start.from = self.match_rules.first_dealer;
        start.tile = prevalent_wind;
        start.value = i64::from(hand_index);
        start.seed = self.seed;
        start.flags = start_flags;
        start.scores = self.state.scores;
        start.counters[COUNTER_CONSECUTIVE] = self.state.consecutive;
        self.state.part.fill_counters(&mut start.counters);
        self.emit(start);
        if given.is_some() {
            let wall = self.wall;
            for (k, chunk) in wall[..n].chunks(MAX_EVENT_TILES).enumerate() {
                let e = Event {
                    value: (k * MAX_EVENT_TILES) as i64,
                    ..Event::new(EventKind::Wall)
                }
                .with_tiles(chunk);
                self.emit(e);
            }
        }
        // Deal 16 (or 13) tiles to each seat from the dealer on, and one more to the dealer. A
        // flower is set aside and owed a replacement once the deal is complete.
        let seats = usize::from(self.params.seats);
        let size = usize::from(self.params.hand_tiles);
        let mut dealt = [[NO_TILE; MAX_EVENT_TILES]; SEATS];
        let mut dealt_n = [0usize; SEATS];
        let mut give = |t: &mut Table, seat: usize| {
            let code = t.wall[t.head];
            t.head += 1;
            dealt[seat][dealt_n[seat]] = code;
            dealt_n[seat] += 1;
        };
        match self.params.deal {
            DealPattern::OneAtATime => {
                for i in 0..seats * size {
                    give(self, (usize::from(dealer) + i % seats) % seats);
                }
            }
            DealPattern::Blocks => {
                for _ in 0..size / 4 {
                    for i in 0..seats {
                        for _ in 0..4 {
                            give(self, (usize::from(dealer) + i) % seats);
                        }
                    }
                }
                for _ in 0..size % 4 {
                    for i in 0..seats {
                        give(self, (usize::from(dealer) + i) % seats);
                    }
                }
            }
        }
        give(self, usize::from(dealer));
        let mut last = NO_TILE;
        for i in 0..seats {
            let seat = ((usize::from(dealer) + i) % seats) as u8;
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
        for i in 0..seats {
            let seat = ((usize::from(dealer) + i) % seats) as u8;
            let s = usize::from(seat);
            // At most 8 flowers in the wall, so at most 8 owed.
            let mut owed = [0u8; FLOWERS];
            let mut n = 0;
            for &c in dealt[s][..dealt_n[s]].iter().filter(|&&c| is_flower(c)) {
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
        self.part_after_deal(last);
        self.refresh_legal();
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
        self.next_hand_from(None)
    }

    /// [`Table::next_hand`] dealt from `wall` (every tile of the variant's set in the order the
    /// table uses them, as [`Table::deal_wall`] takes it) instead of the seed's shuffle: the
    /// match goes on (dealer, wind, counters), the wall is logged like `deal_wall`'s. A game
    /// replayed from its own walls (an MJAI log) deals every hand this way.
    ///
    /// # Errors
    /// As [`Table::next_hand`], and [`Error::InvalidArgument`] for a wall that is not the
    /// variant's tile set. Nothing changes on error.
    pub fn next_hand_wall(&mut self, wall: &[u8]) -> Result<(), Error> {
        let w = self.check_wall(wall)?;
        self.next_hand_from(Some(&w))
    }

    fn next_hand_from(&mut self, wall: Option<&[u8; WALL_MAX]>) -> Result<(), Error> {
        self.result.ok_or(Error::HandNotOver)?;
        if self.state.over {
            return Err(Error::MatchOver);
        }
        let p = self.next.ok_or(Error::HandNotOver)?;
        let index = self
            .hand_index
            .checked_add(1)
            .ok_or(Error::InvalidArgument)?;
        self.deal_hand(index, p.next_dealer, p.next_wind, flags::NEXT_HAND, wall);
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
        if self.params.hidden_concealed_kongs {
            for (o, ms) in melds.iter_mut().enumerate() {
                if reader.knows(Secret::Tiles(o as u8)) {
                    continue;
                }
                for m in &mut ms[..usize::from(self.meld_counts[o])] {
                    if m.kind == MeldKind::ConcealedKong {
                        m.tile = HIDDEN_TILE;
                        m.red = 0;
                    }
                }
            }
        }
        let (riichi, pass_locked) = self.part_view(reader, true);
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
        Some(View {
            rules: self.rules,
            seats: self.params.seats,
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
            red: if tiles { self.red[s] } else { [0; 3] },
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
            pass_locked,
            win_flags: if tiles { self.part_own_win_flags(s) } else { 0 },
            riichi,
        })
    }

    /// Whether any seat has claimed a tile this hand (a declared meld other than a concealed
    /// kong).
    pub(crate) fn any_claim(&self) -> bool {
        (0..self.seats()).any(|s| {
            self.melds[s][..usize::from(self.meld_counts[s])]
                .iter()
                .any(|m| m.kind != MeldKind::ConcealedKong)
        })
    }

    /// What legality depends on for `seat` now.
    pub(super) fn seat_state(&self, seat: usize) -> SeatState<'_> {
        let (riichi, locked) = self.part_view(Reader::Seat(seat as u8), false);
        SeatState {
            rules: &self.rules,
            seats: usize::from(self.params.seats),
            phase: self.phase,
            pending: self.pending & (1 << seat) != 0,
            seat,
            hand: &self.hands[seat],
            red: self.red[seat],
            melds: &self.melds[seat][..usize::from(self.meld_counts[seat])],
            all_melds: &self.melds,
            meld_counts: self.meld_counts,
            discards: &self.discards[..usize::from(self.discard_count)],
            actor: usize::from(self.actor),
            drawn: self.drawn,
            offered: self.offered,
            offer: self.offer,
            wall_left: self.wall_left(),
            dealer: self.dealer,
            prevalent_wind: self.prevalent_wind,
            scores: self.state.scores,
            flowers: self.flowers,
            locked,
            riichi,
            consecutive: self.at_start.consecutive,
            any_claim: self.any_claim(),
            win_flags: self.part_own_win_flags(seat),
        }
    }

    /// The legal actions of `seat` now (empty unless the table waits for it).
    pub fn legal_actions(&self, seat: usize) -> Actions {
        if seat >= self.seats() {
            return Actions::new();
        }
        self.legal[seat]
    }

    /// Computes every seat's legal actions after a change of state (unless the claim phase that
    /// just opened computed them).
    pub(super) fn refresh_legal(&mut self) {
        if std::mem::take(&mut self.legal_fresh) {
            return;
        }
        for s in 0..SEATS {
            self.legal[s] = if s < self.seats() && self.pending & (1 << s) != 0 {
                seat_actions(&self.seat_state(s))
            } else {
                Actions::new()
            };
        }
    }

    /// Applies `action` for `seat`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a seat past the table's seats; [`Error::IllegalAction`]
    /// when the table does not wait for `seat` or `action` is not one of its legal actions.
    /// Nothing changes on error.
    pub fn apply(&mut self, seat: usize, action: Action) -> Result<(), Error> {
        if seat >= self.seats() {
            return Err(Error::InvalidArgument);
        }
        let legal = self.legal[seat];
        if !legal.contains(&action) {
            return Err(Error::IllegalAction);
        }
        self.part_before_apply(seat, &legal, action);
        match self.phase {
            Phase::Turn => self.apply_turn(seat, action),
            Phase::Claim => {
                self.emit(Event {
                    seat: seat as u8,
                    from: self.actor,
                    tile: action.tile,
                    action: Some(action.kind),
                    value: i64::from(action.aux),
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
        self.refresh_legal();
        self.check_invariants();
        Ok(())
    }

    // ---- internals ----

    /// Gives wall code `code` to `seat`: a flower is set aside (returns true), a tile joins the
    /// concealed hand (a red five counted as its kind and as red).
    pub(super) fn take(&mut self, seat: u8, code: u8) -> bool {
        let s = usize::from(seat);
        if is_flower(code) {
            self.flowers[s] |= 1 << (code - TILE_KINDS as u8);
            true
        } else {
            self.hands[s][usize::from(code_kind(code))] += 1;
            if is_red_code(code) {
                self.red[s][usize::from(code - crate::tile::RED_FIVE_CODE)] += 1;
            }
            false
        }
    }

    /// Removes one tile of code `code` from `seat`'s concealed hand.
    pub(super) fn remove_tile(&mut self, seat: usize, code: u8) {
        self.hands[seat][usize::from(code_kind(code))] -= 1;
        if is_red_code(code) {
            self.red[seat][usize::from(code - crate::tile::RED_FIVE_CODE)] -= 1;
        }
    }

    /// Removes `n` tiles of kind `kind` from `seat`'s hand, `red` of them red fives.
    pub(super) fn remove_kind(&mut self, seat: usize, kind: u8, n: u8, red: u8) {
        self.hands[seat][usize::from(kind)] -= n;
        if red > 0 {
            let suit = usize::from(kind / 9);
            self.red[seat][suit] -= red;
        }
    }

    /// Tile conservation and hand sizes (debug builds; tests call [`Table::invariant_error`]).
    pub(super) fn check_invariants(&self) {
        debug_assert_eq!(self.invariant_error(), None);
    }
}
