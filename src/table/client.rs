//! A client's rebuild of the hand: the state folded from one reader's events, as a game client
//! shows it (its hand or the other seats' counts as far as the reader may know, melds, flowers,
//! discards, the wall, scores, 連莊, the round, whose turn), without ever asking the table.
//!
//! [`Client`] takes the events of one reader's stream in order ([`super::Table::read_events`],
//! `mj_table_events`, or the same events sent over a network) and keeps a [`View`]: after the
//! events of every change, it is exactly the view the table gives that reader
//! ([`super::Table::view_for`]; tested as a property over many hands, across snapshots and
//! record continuations). A hand's first event carries the match as it stands, so a client can
//! join at any hand start. Events that do not follow from the ones before (a gap in the
//! numbering, a tile the seat does not hold, a meld that is not there) are refused with
//! [`Error::BadEvent`], and nothing changes.

use super::event::{
    COUNTER_CONSECUTIVE, Event, EventKind, FLOWER_CODE_BASE, Reader, Secret, flags,
};
use super::legal::{SeatState, legal_actions, view_state};
use super::types::*;
use super::variant::taiwan::flowers::{FlowerPlace, deal_offer, flower_candidates};
use super::variant::{ClientPart, Params, is_ready, seat_actions};
use crate::error::Error;
use crate::tile::{Counts, TILE_KINDS, code_kind, is_red_code};

/// How a hand's deal stands, for the flower offer its end may open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Deal {
    /// The deal's events are coming (or complete, before the dealer's first action): the
    /// offer, if any, follows from the flowers.
    Open,
    /// A flower offer of the deal has been answered by somebody: it stands until decided.
    Answered,
    /// Over: the dealer has acted, or the deal's offer was passed by everyone.
    Done,
}

/// One reader's rebuild of the hand from its events (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Client {
    reader: Reader,
    rules: Rules,
    /// The view so far; `None` before the first hand start.
    view: Option<View>,
    /// The index the next event must have.
    next: Option<u64>,
    /// The match's first dealer (from the hand start).
    first_dealer: u8,
    /// Tiles taken from the front and from the back of the wall.
    head: usize,
    tail: usize,
    /// The tile this seat drew last (its own draws only).
    drawn: u8,
    /// The dealer's 17th tile (own view), for its first turn.
    dealer_drawn: u8,
    deal: Deal,
    /// The last flower each seat set aside (its wall code).
    last_flower: [u8; SEATS],
    /// Claim phase: whether this seat has answered the window (its own answers only).
    answered: bool,
    /// Flower offer: the seats that may answer, and those that have.
    candidates: u8,
    flower_answers: u8,
    /// The hands the win events showed.
    shown: [Option<Counts>; SEATS],
    /// The table's parameters (seats, the wall).
    params: Params,
    /// The variant's part of the fold.
    part: ClientPart,
    /// This seat's facts for a win ([`View::win_flags`], Taiwanese tables): its last tile drawn
    /// came from the back of the wall, after its exposed kong (none claimed before a flower);
    /// its exposed kong awaits its replacement; it is ready since its first discard (地聽; the
    /// dealer's 天聽), or (a non-dealer) since the deal, its hand unchanged since.
    from_back: bool,
    after_exposed_kong: bool,
    exposed_kong: bool,
    ready_first: bool,
    ready_deal: bool,
}

/// Whether `code` is a tile (a kind or a red five), not a flower.
fn is_tile(code: u8) -> bool {
    code < FLOWER_CODE_BASE || is_red_code(code)
}

fn bad<T>() -> Result<T, Error> {
    Err(Error::BadEvent)
}

impl Client {
    /// A client of `reader`'s stream at a table with `rules` (a seat 0..3 or the spectator).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for the observer (who reads the table itself), a seat above 3,
    /// or rules a table refuses ([`Rules::validate`]).
    pub fn new(rules: Rules, reader: Reader) -> Result<Client, Error> {
        rules.validate()?;
        match reader {
            Reader::Seat(s) if usize::from(s) < SEATS => {}
            Reader::Spectator => {}
            _ => return Err(Error::InvalidArgument),
        }
        Ok(Client {
            reader,
            rules,
            view: None,
            next: None,
            first_dealer: 0,
            head: 0,
            tail: 0,
            drawn: NO_TILE,
            dealer_drawn: NO_TILE,
            deal: Deal::Done,
            last_flower: [FLOWER_CODE_BASE; SEATS],
            answered: false,
            candidates: 0,
            flower_answers: 0,
            shown: [None; SEATS],
            params: Params::of(&rules),
            part: ClientPart::new(&rules),
            from_back: false,
            after_exposed_kong: false,
            exposed_kong: false,
            ready_first: false,
            ready_deal: false,
        })
    }

    /// The reader whose stream this client folds.
    pub fn reader(&self) -> Reader {
        self.reader
    }

    /// The view the events so far give: what the table's view of this reader says. `None`
    /// before the first hand start.
    pub fn view(&self) -> Option<&View> {
        self.view.as_ref()
    }

    /// The index the next event must have (`None` before the first event).
    pub fn next_index(&self) -> Option<u64> {
        self.next
    }

    /// The match's first dealer, from the last hand start (with the dealer and the prevalent
    /// wind it names the round).
    pub fn first_dealer(&self) -> u8 {
        self.first_dealer
    }

    /// The concealed hand `seat` showed by winning this hand (its win event), if it did.
    pub fn shown_hand(&self, seat: usize) -> Option<&Counts> {
        self.shown.get(seat)?.as_ref()
    }

    /// Folds the next event of the reader's stream in. The first event must be a hand start
    /// (a client joins at a hand's first event); after it, each event's index is one more than
    /// the last.
    ///
    /// # Errors
    /// [`Error::BadEvent`] for an event that does not follow from the ones before: out of
    /// sequence, before a hand start, fields out of range, or a change the hand so far makes
    /// impossible (a tile this seat does not hold, a meld that is not there, a seat with fewer
    /// concealed tiles than it gives up). Nothing changes on error.
    pub fn apply(&mut self, event: &Event) -> Result<(), Error> {
        let mut next = self.clone();
        next.fold(event)?;
        *self = next;
        Ok(())
    }

    fn me(&self) -> Option<usize> {
        match self.reader {
            Reader::Seat(s) => Some(usize::from(s)),
            _ => None,
        }
    }

    fn fold(&mut self, e: &Event) -> Result<(), Error> {
        if let Some(n) = self.next {
            if e.index != n {
                return bad();
            }
        }
        if e.kind == EventKind::HandStart {
            self.hand_start(e)?;
        } else {
            let Some(mut v) = self.view else {
                return bad();
            };
            let me = self.me();
            self.part.before(&mut v, e, me)?;
            self.event(&mut v, e)?;
            self.part.after(&mut v, e, me)?;
            self.finish(&mut v);
            self.view = Some(v);
        }
        self.next = Some(e.index.checked_add(1).ok_or(Error::BadEvent)?);
        Ok(())
    }

    fn hand_start(&mut self, e: &Event) -> Result<(), Error> {
        let n = self.params.seats;
        let winds: [u8; SEATS] = std::array::from_fn(|s| (s as u8 + n - e.seat % n) % n);
        let Ok(hand_index) = u32::try_from(e.value) else {
            return bad();
        };
        if e.seat >= n
            || e.from >= n
            || usize::from(e.tile) >= WINDS
            || e.tile_list() != &winds[..usize::from(n)]
        {
            return bad();
        }
        self.first_dealer = e.from;
        self.head = 0;
        self.tail = usize::from(self.params.wall_tiles);
        self.drawn = NO_TILE;
        self.dealer_drawn = NO_TILE;
        self.deal = Deal::Open;
        self.last_flower = [FLOWER_CODE_BASE; SEATS];
        self.answered = false;
        self.candidates = 0;
        self.flower_answers = 0;
        self.shown = [None; SEATS];
        let riichi = self.part.start_view(&e.counters);
        self.from_back = false;
        self.after_exposed_kong = false;
        self.exposed_kong = false;
        self.ready_first = false;
        self.ready_deal = false;
        let mut v = View {
            rules: self.rules,
            seats: n,
            seat: self.me().map_or(NO_SEAT, |s| s as u8),
            dealer: e.seat,
            prevalent_wind: e.tile,
            first_dealer: e.from,
            hand_index,
            phase: Phase::Turn,
            actor: e.seat,
            pending: 0,
            hand: [0; TILE_KINDS],
            red: [0; 3],
            drawn: NO_TILE,
            offered: NO_TILE,
            offer: Offer::Discard,
            melds: [[Meld::EMPTY; MAX_MELDS]; SEATS],
            meld_counts: [0; SEATS],
            flowers: [0; SEATS],
            concealed_counts: [0; SEATS],
            discards: [DiscardEntry::EMPTY; MAX_DISCARDS],
            discard_count: 0,
            wall_left: 0,
            scores: e.scores,
            consecutive: e.counters[COUNTER_CONSECUTIVE],
            pass_locked: 0,
            win_flags: 0,
            riichi,
        };
        self.finish(&mut v);
        self.view = Some(v);
        Ok(())
    }

    /// Whether this reader knows `seat`'s concealed tiles.
    fn knows_tiles(&self, seat: u8) -> bool {
        self.reader.knows(Secret::Tiles(seat))
    }

    /// `seat` receives wall code `code` (from a deal or a draw).
    fn receive(&mut self, v: &mut View, seat: u8, code: u8) -> Result<(), Error> {
        let s = usize::from(seat);
        if self.knows_tiles(seat) {
            let flower = (FLOWER_CODE_BASE..FLOWER_CODE_BASE + self.params.flowers).contains(&code);
            let red = is_red_code(code) && self.params.red_fives > 0;
            if !flower && !red && usize::from(code) >= TILE_KINDS {
                return bad();
            }
            if !flower {
                let k = usize::from(code_kind(code));
                if v.hand[k] >= 4 {
                    return bad();
                }
                v.hand[k] += 1;
                if red {
                    v.red[usize::from(code - crate::tile::RED_FIVE_CODE)] += 1;
                }
                v.concealed_counts[s] += 1;
            }
        } else {
            // Flowers are counted until their flower event sets them aside.
            v.concealed_counts[s] = v.concealed_counts[s]
                .checked_add(1)
                .ok_or(Error::BadEvent)?;
        }
        Ok(())
    }

    /// `seat` gives up `n` concealed tiles of code `tile` (a discard, a meld; a red five's code
    /// is that red five, a five's kind one that is not red).
    fn give_up(&self, v: &mut View, seat: u8, tile: u8, n: u8) -> Result<(), Error> {
        let s = usize::from(seat);
        if self.knows_tiles(seat) {
            let k = usize::from(code_kind(tile));
            if usize::from(tile) >= TILE_KINDS && !is_red_code(tile) {
                return bad();
            }
            let red = super::legal::red_of(&v.red, k);
            let held = if is_red_code(tile) {
                red
            } else {
                v.hand[k] - red
            };
            if held < n {
                return bad();
            }
            v.hand[k] -= n;
            if is_red_code(tile) {
                v.red[usize::from(tile - crate::tile::RED_FIVE_CODE)] -= n;
            }
        }
        v.concealed_counts[s] = v.concealed_counts[s]
            .checked_sub(n)
            .ok_or(Error::BadEvent)?;
        Ok(())
    }

    /// 過水: this seat, about to answer or act with `kind` in the view's phase, passes the win
    /// its legal actions offer (if any): the kind of the winning tile is locked as the table's
    /// referee locks it (under `UntilDraw` a win on another seat's tile, under `UntilDiscard`
    /// any win).
    fn lock_if_passed(v: &mut View, kind: ActionKind) {
        let locks = match v.rules.pass_lock {
            PassLock::Off => false,
            PassLock::UntilDraw => v.phase == Phase::Claim,
            PassLock::UntilDiscard => true,
        };
        if !locks || kind == ActionKind::Win {
            return;
        }
        let actions = seat_actions(&SeatState {
            pending: true,
            ..view_state(v)
        });
        if let Some(w) = actions
            .as_slice()
            .iter()
            .find(|a| a.kind == ActionKind::Win)
        {
            v.pass_locked |= 1 << w.tile;
        }
    }

    /// Whether any seat has claimed a tile (a meld other than a concealed kong).
    fn any_claim(v: &View) -> bool {
        (0..SEATS).any(|s| {
            v.melds_of(s)
                .iter()
                .any(|m| m.kind != MeldKind::ConcealedKong)
        })
    }

    fn event(&mut self, v: &mut View, e: &Event) -> Result<(), Error> {
        let seat = e.seat;
        let s = usize::from(seat);
        let seat_ok = s < SEATS;
        let own = self.me() == Some(s);
        match e.kind {
            EventKind::HandStart => unreachable!("handled by hand_start"),
            EventKind::Deal => {
                if !seat_ok || self.deal != Deal::Open || v.discard_count != 0 {
                    return bad();
                }
                let list = *e;
                for &code in list.tile_list() {
                    self.receive(v, seat, code)?;
                    if seat == v.dealer && self.knows_tiles(seat) && is_tile(code) {
                        self.dealer_drawn = code;
                    }
                }
                self.head += usize::from(e.count);
            }
            EventKind::Draw => {
                if !seat_ok || (e.flags & !flags::REPLACEMENT) != 0 {
                    return bad();
                }
                if e.flags & flags::REPLACEMENT != 0 {
                    self.tail = self.tail.checked_sub(1).ok_or(Error::BadEvent)?;
                } else {
                    self.head += 1;
                }
                if self.head > self.tail {
                    return bad();
                }
                self.receive(v, seat, e.tile)?;
                if own && self.deal == Deal::Done {
                    // 過水 until the draw: the seat's locks lift as it draws.
                    if self.rules.pass_lock == PassLock::UntilDraw {
                        v.pass_locked = 0;
                    }
                    if is_tile(e.tile) {
                        self.from_back = e.flags & flags::REPLACEMENT != 0;
                        self.after_exposed_kong = self.from_back && self.exposed_kong;
                        self.exposed_kong = false;
                    }
                }
                if own && is_tile(e.tile) {
                    self.drawn = e.tile;
                    if self.deal == Deal::Open && seat == v.dealer {
                        self.dealer_drawn = e.tile;
                    }
                }
                if self.deal == Deal::Done {
                    v.phase = Phase::Turn;
                    v.actor = seat;
                }
            }
            EventKind::Flower => {
                let f = e.tile.wrapping_sub(FLOWER_CODE_BASE);
                if !seat_ok || usize::from(f) >= FLOWERS {
                    return bad();
                }
                let bit = 1u8 << f;
                if v.flowers.iter().any(|&b| b & bit != 0) {
                    return bad();
                }
                v.flowers[s] |= bit;
                if !self.knows_tiles(seat) {
                    v.concealed_counts[s] = v.concealed_counts[s]
                        .checked_sub(1)
                        .ok_or(Error::BadEvent)?;
                }
                self.last_flower[s] = e.tile;
                if own {
                    // A replacement for a flower is not one for an exposed kong.
                    self.exposed_kong = false;
                }
                if self.deal == Deal::Done {
                    let c = flower_candidates(&self.rules, Self::place(v), seat, e.tile);
                    if c != 0 {
                        self.open(v, seat, e.tile, Offer::Flower);
                        self.candidates = c;
                    }
                }
            }
            EventKind::Discard => {
                if !seat_ok || (e.flags & !(flags::DRAWN | flags::RIICHI)) != 0 {
                    return bad();
                }
                let n = usize::from(v.discard_count);
                if n >= MAX_DISCARDS {
                    return bad();
                }
                let first = !v.discard_list().iter().any(|d| d.seat == seat);
                self.give_up(v, seat, e.tile, 1)?;
                let drawn = e.flags & flags::DRAWN != 0;
                if own {
                    if self.rules.pass_lock == PassLock::UntilDiscard {
                        v.pass_locked = 0;
                    }
                    let melds = usize::from(v.meld_counts[s]);
                    if first {
                        // Ready from the first discard, nobody having claimed before it.
                        self.ready_first =
                            !Self::any_claim(v) && is_ready(&v.hand, melds, &self.rules);
                    } else if !drawn {
                        self.ready_first = false;
                    }
                    if !drawn {
                        self.ready_deal = false;
                    }
                }
                v.discards[n] = DiscardEntry {
                    tile: e.tile,
                    seat,
                    claimed_by: NO_SEAT,
                    drawn_and_discarded: drawn,
                };
                v.discard_count += 1;
                self.deal = Deal::Done;
                self.open(v, seat, e.tile, Offer::Discard);
            }
            EventKind::ClaimAnswer => {
                let Some(kind) = e.action else { return bad() };
                if !seat_ok || v.phase != Phase::Claim {
                    return bad();
                }
                if e.flags & flags::FLOWER_OFFER != 0 {
                    if v.offer != Offer::Flower || self.candidates & (1 << s) == 0 {
                        return bad();
                    }
                    self.flower_answers |= 1 << s;
                    if self.deal == Deal::Open {
                        self.deal = Deal::Answered;
                    }
                    // At most one seat can take a flower: its pass closes the offer. Passing the
                    // deal's offer begins the dealer's turn (no event follows; a passed offer in
                    // play is followed by the replacement draw).
                    let all = self.flower_answers == self.candidates;
                    if all && kind == ActionKind::Pass && self.deal == Deal::Answered {
                        self.deal = Deal::Done;
                        v.phase = Phase::Turn;
                        v.actor = v.dealer;
                        self.drawn = self.dealer_drawn;
                    }
                } else {
                    if !own || v.offer == Offer::Flower || self.answered || e.flags != 0 {
                        return bad();
                    }
                    Self::lock_if_passed(v, kind);
                    self.answered = true;
                }
            }
            EventKind::ClaimWon => {
                if !seat_ok || v.phase != Phase::Claim {
                    return bad();
                }
                if v.offer == Offer::Discard {
                    let n = usize::from(v.discard_count);
                    let d = &mut v.discards[n - 1];
                    if d.claimed_by == NO_SEAT {
                        d.claimed_by = seat;
                    }
                }
            }
            EventKind::ClaimLost => {
                if !seat_ok || v.phase != Phase::Claim {
                    return bad();
                }
            }
            EventKind::Meld => self.meld(v, e)?,
            EventKind::Win => self.win(v, e)?,
            EventKind::ExhaustiveDraw | EventKind::AbortiveDraw => self.over(v),
            EventKind::Payment => {
                if !seat_ok {
                    return bad();
                }
                // The payments end the hand (after every winner's win event).
                self.over(v);
                v.scores[s] = v.scores[s].saturating_add(e.value);
            }
            EventKind::ScoreSet => {
                if !seat_ok {
                    return bad();
                }
                v.scores[s] = e.value;
            }
            // The variant's kinds are its part's (it refuses those of other variants).
            EventKind::Tai
            | EventKind::Riichi
            | EventKind::RiichiAccepted
            | EventKind::Dora
            | EventKind::UraDora
            | EventKind::Nagashi
            | EventKind::Yaku
            | EventKind::Fu
            | EventKind::Wall
            | EventKind::DealerKept
            | EventKind::DealerPassed
            | EventKind::WindAdvanced
            | EventKind::MatchOver => {}
        }
        Ok(())
    }

    /// A claim window opens on `tile` offered by `actor`.
    fn open(&mut self, v: &mut View, actor: u8, tile: u8, offer: Offer) {
        v.phase = Phase::Claim;
        v.actor = actor;
        v.offered = tile;
        v.offer = offer;
        self.answered = false;
        self.candidates = 0;
        self.flower_answers = 0;
    }

    fn over(&mut self, v: &mut View) {
        v.phase = Phase::Over;
        self.deal = Deal::Done;
    }

    fn meld(&mut self, v: &mut View, e: &Event) -> Result<(), Error> {
        let seat = e.seat;
        let s = usize::from(seat);
        let Some(kind) = e.meld else { return bad() };
        if s >= usize::from(self.params.seats) {
            return bad();
        }
        let n = usize::from(v.meld_counts[s]);
        let tile = e.tile;
        let own = self.me() == Some(s);
        let list = *e;
        let list = list.tile_list();
        let red = list.iter().filter(|&&c| is_red_code(c)).count() as u8;
        match kind {
            MeldKind::Chow | MeldKind::Pung | MeldKind::ExposedKong => {
                if v.phase != Phase::Claim || v.offer != Offer::Discard || tile != v.offered {
                    return bad();
                }
                let size = if kind == MeldKind::ExposedKong { 4 } else { 3 };
                if n >= MAX_MELDS || e.from != v.actor || list.len() != size {
                    return bad();
                }
                let low = list.iter().map(|&c| code_kind(c)).min().unwrap_or(0);
                let ok = match kind {
                    MeldKind::Chow => {
                        usize::from(low) + 2 < 27
                            && low % 9 <= 6
                            && (low..low + 3).contains(&code_kind(tile))
                            && (0..3).all(|i| list.iter().any(|&c| code_kind(c) == low + i))
                    }
                    _ => list.iter().all(|&c| code_kind(c) == code_kind(tile)),
                };
                if !ok {
                    return bad();
                }
                // The hand gives up the meld's tiles but the claimed one.
                let mut skipped = false;
                for &c in list {
                    if !skipped && c == tile {
                        skipped = true;
                        continue;
                    }
                    self.give_up(v, seat, c, 1)?;
                }
                if !skipped {
                    return bad();
                }
                v.melds[s][n] = Meld {
                    kind,
                    tile: if kind == MeldKind::Chow {
                        low
                    } else {
                        code_kind(tile)
                    },
                    claimed: tile,
                    from: e.from,
                    red,
                };
                v.meld_counts[s] += 1;
                v.phase = Phase::Turn;
                v.actor = seat;
                v.offered = NO_TILE;
                if own {
                    self.drawn = NO_TILE;
                    self.exposed_kong = kind == MeldKind::ExposedKong;
                    self.ready_first = false;
                    self.ready_deal = false;
                }
            }
            MeldKind::ConcealedKong | MeldKind::AddedKong => {
                if v.phase != Phase::Turn || v.actor != seat || n > MAX_MELDS {
                    return bad();
                }
                if own {
                    let act = if kind == MeldKind::ConcealedKong {
                        ActionKind::ConcealedKong
                    } else {
                        ActionKind::AddedKong
                    };
                    Self::lock_if_passed(v, act);
                    self.ready_first = false;
                    self.ready_deal = false;
                }
                if kind == MeldKind::ConcealedKong {
                    if n >= MAX_MELDS {
                        return bad();
                    }
                    let known = self.knows_tiles(seat);
                    let shown = e.flags & flags::SHOWN != 0;
                    if e.flags & !flags::SHOWN != 0 || list.len() != 4 {
                        return bad();
                    }
                    if known {
                        if list.iter().any(|&c| code_kind(c) != code_kind(tile)) {
                            return bad();
                        }
                        for &c in list {
                            self.give_up(v, seat, c, 1)?;
                        }
                    } else {
                        v.concealed_counts[s] = v.concealed_counts[s]
                            .checked_sub(4)
                            .ok_or(Error::BadEvent)?;
                    }
                    let face_up = known || shown;
                    v.melds[s][n] = Meld {
                        kind,
                        tile: if face_up {
                            code_kind(tile)
                        } else {
                            HIDDEN_TILE
                        },
                        claimed: NO_TILE,
                        from: NO_SEAT,
                        red: if face_up { red } else { 0 },
                    };
                    v.meld_counts[s] += 1;
                    if ClientPart::robs_concealed_kong(&self.rules) {
                        self.open(v, seat, code_kind(tile), Offer::ConcealedKong);
                    }
                } else {
                    let k = code_kind(tile);
                    let Some(m) = v.melds[s][..n]
                        .iter_mut()
                        .find(|m| m.kind == MeldKind::Pung && m.tile == k)
                    else {
                        return bad();
                    };
                    m.kind = MeldKind::AddedKong;
                    m.red += u8::from(is_red_code(tile));
                    self.give_up(v, seat, tile, 1)?;
                    if self.rules.rob_kong {
                        self.open(v, seat, tile, Offer::AddedKong);
                    }
                }
                self.deal = Deal::Done;
            }
        }
        Ok(())
    }

    fn win(&mut self, v: &mut View, e: &Event) -> Result<(), Error> {
        let w = usize::from(e.seat);
        if w >= SEATS {
            return bad();
        }
        let flower_win = e.flags & (flags::EIGHT_FLOWERS | flags::SEVEN_ROB_ONE) != 0;
        if e.flags & flags::SEVEN_ROB_ONE != 0 {
            let f = e.tile.wrapping_sub(FLOWER_CODE_BASE);
            let from = usize::from(e.from);
            if usize::from(f) >= FLOWERS || from >= SEATS || v.flowers[from] & (1 << f) == 0 {
                return bad();
            }
            v.flowers[from] &= !(1 << f);
            v.flowers[w] |= 1 << f;
        } else if !flower_win && e.flags & flags::SELF_DRAWN == 0 {
            // A win on a discard or a robbed kong: the tile joins the winner's hand.
            if v.phase != Phase::Claim || e.tile != v.offered {
                return bad();
            }
            if e.flags & flags::ROBBED_KONG != 0 {
                let from = usize::from(e.from);
                if from >= SEATS || v.actor != e.from {
                    return bad();
                }
                let n = usize::from(v.meld_counts[from]);
                let k = code_kind(e.tile);
                if v.offer == Offer::ConcealedKong {
                    // A robbed concealed kong is no kong: its other three tiles go back.
                    let Some(i) = n.checked_sub(1) else {
                        return bad();
                    };
                    let m = v.melds[from][i];
                    if m.kind != MeldKind::ConcealedKong {
                        return bad();
                    }
                    v.melds[from][i] = Meld::EMPTY;
                    v.meld_counts[from] -= 1;
                    v.concealed_counts[from] += 3;
                    if self.knows_tiles(e.from) {
                        v.hand[usize::from(k)] += 3;
                        if let Some(suit) = super::legal::five_suit(usize::from(k)) {
                            v.red[suit] += m.red - u8::from(is_red_code(e.tile));
                        }
                    }
                } else if let Some(m) = v.melds[from][..n]
                    .iter_mut()
                    .find(|m| m.kind == MeldKind::AddedKong && m.tile == k)
                {
                    m.kind = MeldKind::Pung;
                    m.red -= u8::from(is_red_code(e.tile));
                }
            }
            self.receive(v, e.seat, e.tile)?;
        }
        let mut shown = [0u8; TILE_KINDS];
        for &t in e.tile_list() {
            let k = usize::from(code_kind(t));
            if k >= TILE_KINDS || shown[k] >= 4 {
                return bad();
            }
            shown[k] += 1;
        }
        if self.knows_tiles(e.seat) && shown != v.hand {
            return bad();
        }
        self.shown[w] = Some(shown);
        Ok(())
    }

    /// The public facts of a flower offer.
    fn place(v: &View) -> FlowerPlace {
        FlowerPlace {
            flowers: v.flowers,
            dealer: v.dealer,
            consecutive: v.consecutive,
        }
    }

    /// This seat's facts for a win now ([`View::win_flags`], as the table gives them); 0 for
    /// the spectator.
    fn win_flags(&mut self, v: &View) -> u32 {
        let Some(me) = self.me() else { return 0 };
        if !self.part.has_win_flags() {
            return 0;
        }
        if self.deal != Deal::Done && me != usize::from(v.dealer) {
            // A non-dealer's hand as dealt (天聽 where the rules count it from the deal).
            let melds = usize::from(v.meld_counts[me]);
            self.ready_deal = is_ready(&v.hand, melds, &self.rules);
        }
        let mut f = 0;
        let own_turn = v.phase == Phase::Turn && usize::from(v.actor) == me;
        if own_turn && self.drawn != NO_TILE && self.from_back {
            f |= flags::REPLACEMENT;
            if self.after_exposed_kong {
                f |= flags::AFTER_EXPOSED_KONG;
            }
        }
        if self.ready_first {
            f |= flags::READY_FIRST_DISCARD;
        }
        let from_deal = if me == usize::from(v.dealer) {
            self.ready_first
        } else {
            self.ready_deal
        };
        if from_deal {
            f |= flags::READY_FROM_DEAL;
        }
        f
    }

    /// The fields that follow from the others: the wall left, whose decision is awaited, the
    /// fields a phase does not use.
    fn finish(&mut self, v: &mut View) {
        v.wall_left = (self.tail.saturating_sub(self.head))
            .saturating_sub(usize::from(self.rules.dead_wall)) as u16;
        if self.deal == Deal::Open && v.phase != Phase::Over {
            // The deal's flower offer, or the dealer's first turn.
            match deal_offer(v.flowers, self.last_flower) {
                Some((holder, f))
                    if flower_candidates(&self.rules, Self::place(v), holder, f) != 0 =>
                {
                    if v.phase != Phase::Claim || v.offered != f {
                        self.open(v, holder, f, Offer::Flower);
                    }
                    self.candidates = flower_candidates(&self.rules, Self::place(v), holder, f);
                }
                _ => {
                    v.phase = Phase::Turn;
                    v.actor = v.dealer;
                    self.drawn = self.dealer_drawn;
                }
            }
        }
        let me = self.me();
        v.win_flags = self.win_flags(v);
        match v.phase {
            Phase::Over => {
                v.actor = NO_SEAT;
                v.offered = NO_TILE;
            }
            Phase::Turn => v.offered = NO_TILE,
            Phase::Claim => {}
        }
        if v.phase != Phase::Claim {
            v.offer = Offer::Discard;
        }
        v.drawn = match me {
            Some(s) if v.phase == Phase::Turn && usize::from(v.actor) == s => self.drawn,
            _ => NO_TILE,
        };
        self.part.refresh(v, me);
        let pending = match (v.phase, me) {
            (Phase::Over, _) | (_, None) => false,
            (Phase::Turn, Some(s)) => s == usize::from(v.actor),
            (Phase::Claim, Some(s)) => {
                if v.offer == Offer::Flower {
                    (self.candidates & !self.flower_answers) & (1 << s) != 0
                } else if s == usize::from(v.actor) || self.answered {
                    false
                } else {
                    match self.rules.claim_window {
                        ClaimWindow::EverySeat => true,
                        // More than a pass.
                        ClaimWindow::Claimants => {
                            let mut asked = *v;
                            asked.pending = 1 << s;
                            legal_actions(&asked).len() > 1
                        }
                    }
                }
            }
        };
        v.pending = match me {
            Some(s) if pending => 1 << s,
            _ => 0,
        };
    }
}
