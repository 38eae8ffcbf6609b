//! The riichi part: Japanese riichi at a table of four (three-player riichi will be a preset of
//! this part). Its state ([`State`]) is the riichi of every seat, furiten, kuikae, the dora
//! turned and pending, ippatsu, nagashi and pao; its legality is in `legal`, its settlement and
//! the match's progress in `settle`.

pub(crate) mod client;
pub(crate) mod codec;
mod legal;
pub(crate) mod rules;
mod settle;
pub(crate) mod view;

pub(crate) use legal::seat_actions;

use super::{DealPattern, Params};
use crate::table::engine::Table;
use crate::table::event::{Event, EventKind, flags};
use crate::table::types::*;
use crate::tile::{Counts, TILE_KINDS, code_kind, is_terminal_or_honor};
use view::*;

/// The riichi state of a hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct State {
    /// Riichi state of every seat ([`RIICHI_NONE`] ...).
    pub riichi: [u8; SEATS],
    /// Position of every seat's riichi discard in the discard list, or 255.
    pub riichi_discard: [u8; SEATS],
    /// Seats in double riichi.
    pub double: u8,
    /// Seats that may still win with ippatsu.
    pub ippatsu: u8,
    /// Seats in temporary furiten (a winning tile passed since their last discard).
    pub furiten_temp: u8,
    /// Seats in riichi furiten (a winning tile passed in riichi).
    pub furiten_riichi: u8,
    /// The kinds each seat may not discard this turn (kuikae).
    pub kuikae: [u64; SEATS],
    /// Dora indicators turned (1..5).
    pub indicators: u8,
    /// The indicators turned, in order.
    pub indicator_tiles: [u8; MAX_INDICATORS],
    /// Kan dora owed: turned after the next discard or kong.
    pub pending_dora: u8,
    /// Seats still eligible for nagashi mangan.
    pub nagashi: u8,
    /// The seat liable (pao) for each seat's big three dragons, or [`NO_SEAT`].
    pub pao_dragons: [u8; SEATS],
    /// The seat liable for each seat's big four winds, or [`NO_SEAT`].
    pub pao_winds: [u8; SEATS],
    /// The seat whose riichi discard waits to pass (the stick is placed then), or [`NO_SEAT`].
    pub accepting: u8,
}

impl State {
    pub(crate) const fn new() -> State {
        State {
            riichi: [RIICHI_NONE; SEATS],
            riichi_discard: [u8::MAX; SEATS],
            double: 0,
            ippatsu: 0,
            furiten_temp: 0,
            furiten_riichi: 0,
            kuikae: [0; SEATS],
            indicators: 0,
            indicator_tiles: [NO_TILE; MAX_INDICATORS],
            pending_dora: 0,
            nagashi: 0xFF,
            pao_dragons: [NO_SEAT; SEATS],
            pao_winds: [NO_SEAT; SEATS],
            accepting: NO_SEAT,
        }
    }

    /// The flags of `seat`'s discard: [`flags::RIICHI`] for the riichi discard.
    pub(crate) fn discard_flags(&self, seat: usize) -> u32 {
        if self.riichi[seat] == RIICHI_DECLARED {
            flags::RIICHI
        } else {
            0
        }
    }
}

/// The parameters of a riichi table.
pub(crate) fn params(rules: &Rules) -> Params {
    Params {
        seats: SEATS as u8,
        hand_tiles: 13,
        sets: 4,
        wall_tiles: 136,
        flowers: 0,
        red_fives: rules.riichi.red_fives,
        dead_wall: RIICHI_DEAD_WALL,
        deal: DealPattern::Blocks,
        hidden_concealed_kongs: false,
    }
}

/// Whether a 3n+1 concealed hand is ready: it has a wait (the regular form, seven pairs or
/// thirteen orphans; a kind held four times is no wait).
pub(crate) fn is_ready(hand: &Counts) -> bool {
    legal::waits(hand) != 0
}

/// Whether `seat`'s ready 3n+1 `hand` waits on a kind among its own `discards` (furiten by its
/// discards; the table's view and a client's fold ask the same question).
pub(crate) fn discard_furiten(hand: &Counts, discards: &[DiscardEntry], seat: usize) -> bool {
    let own: u64 = discards
        .iter()
        .filter(|d| usize::from(d.seat) == seat)
        .fold(0, |m, d| m | 1 << code_kind(d.tile));
    let total: u32 = hand.iter().map(|&c| u32::from(c)).sum();
    own != 0 && total % 3 == 1 && legal::waits(hand) & own != 0
}

/// The riichi checks of a view: no flowers, 過水 or Taiwanese win flags, states and indicators in range, red fives
/// within the set, riichi only on a concealed hand.
pub(crate) fn validate_view(v: &View) -> Result<(), crate::Error> {
    let bad = Err(crate::Error::InvalidView);
    let r = &v.riichi;
    let seats = usize::from(v.seats);
    if v.flowers != [0; SEATS] || v.pass_locked != 0 || v.win_flags != 0 || v.offer == Offer::Flower
    {
        return bad;
    }
    if r.furiten > 7
        || r.kuikae >> TILE_KINDS != 0
        || r.replacement > 1
        || (r.replacement == 1 && v.drawn == NO_TILE)
        || r.double_riichi >> seats != 0
        || r.ippatsu >> seats != 0
        || !(1..=view::MAX_INDICATORS as u8).contains(&r.indicator_count)
    {
        return bad;
    }
    if r.indicator_list()
        .iter()
        .any(|&t| !crate::table::check::is_tile_code(t))
    {
        return bad;
    }
    for s in 0..SEATS {
        let state = r.riichi[s];
        if state > RIICHI_ACCEPTED || (s >= seats && state != RIICHI_NONE) {
            return bad;
        }
        let open = v
            .melds_of(s)
            .iter()
            .any(|m| m.kind != MeldKind::ConcealedKong);
        if state != RIICHI_NONE && open {
            return bad;
        }
        // Declared: its riichi discard is the seat's next action.
        if state == RIICHI_DECLARED && !(v.phase == Phase::Turn && usize::from(v.actor) == s) {
            return bad;
        }
        let d = r.riichi_discard[s];
        let placed = matches!(state, RIICHI_DISCARDED | RIICHI_ACCEPTED);
        if placed != (d != u8::MAX)
            || (placed
                && v.discard_list()
                    .get(usize::from(d))
                    .is_none_or(|e| usize::from(e.seat) != s))
        {
            return bad;
        }
        if (r.double_riichi | r.ippatsu) >> s & 1 != 0 && !placed {
            return bad;
        }
    }
    // Red fives: no more in sight than the set holds.
    let set = match v.rules.riichi.red_fives {
        0 => [0, 0, 0],
        3 => [1, 1, 1],
        _ => [1, 2, 1],
    };
    let mut seen = v.red;
    for d in v.discard_list() {
        if d.claimed_by == NO_SEAT && crate::tile::is_red_code(d.tile) {
            seen[usize::from(d.tile - 42)] += 1;
        }
    }
    for s in 0..SEATS {
        for m in v.melds_of(s) {
            if m.red > 0 && m.tile != NO_TILE {
                seen[usize::from(m.tile) / 9] += m.red;
            }
        }
    }
    if (0..3).any(|i| seen[i] > set[i]) {
        return bad;
    }
    Ok(())
}

/// The riichi hooks.
impl Table {
    pub(crate) fn riichi_state(&self) -> &State {
        match &self.part {
            super::Part::Riichi(s) => s,
            _ => unreachable!("a riichi hook at another table"),
        }
    }

    pub(crate) fn riichi_mut(&mut self) -> &mut State {
        match &mut self.part {
            super::Part::Riichi(s) => s,
            _ => unreachable!("a riichi hook at another table"),
        }
    }

    /// Riichi's match counters.
    pub(crate) fn riichi_match_mut(&mut self) -> &mut crate::table::matches::RiichiMatch {
        match &mut self.state.part {
            crate::table::matches::MatchPart::Riichi(m) => m,
            crate::table::matches::MatchPart::None => unreachable!("a riichi table keeps its part"),
        }
    }

    /// Wall position of dora indicator `k` (ura: its ura indicator).
    fn indicator_at(&self, k: u8, ura: bool) -> usize {
        let n = usize::from(self.params.wall_tiles);
        n - 5 - 2 * usize::from(k) - usize::from(ura)
    }

    /// Turns the next dora indicator.
    fn reveal_dora(&mut self) {
        let k = self.riichi_state().indicators;
        if usize::from(k) >= MAX_INDICATORS {
            return;
        }
        let tile = self.wall[self.indicator_at(k, false)];
        let st = self.riichi_mut();
        st.indicators = k + 1;
        st.indicator_tiles[usize::from(k)] = tile;
        self.emit(Event {
            tile,
            value: i64::from(k),
            ..Event::new(EventKind::Dora)
        });
    }

    /// Turns the kan dora owed.
    fn reveal_pending(&mut self) {
        while self.riichi_state().pending_dora > 0 {
            self.riichi_mut().pending_dora -= 1;
            self.reveal_dora();
        }
    }

    /// The first dora indicator, after the deal.
    pub(crate) fn riichi_after_deal(&mut self) {
        self.reveal_dora();
    }

    /// Furiten: a win passed on an offered tile (by a pass or another claim) is temporary
    /// furiten, and for a seat in riichi furiten for the rest of the hand.
    pub(crate) fn riichi_before_apply(&mut self, seat: usize, legal: &Actions, action: Action) {
        if self.phase != Phase::Claim || action.kind == ActionKind::Win {
            return;
        }
        if legal.as_slice().iter().any(|a| a.kind == ActionKind::Win) {
            let in_riichi = self.riichi_state().riichi[seat] != RIICHI_NONE;
            let st = self.riichi_mut();
            st.furiten_temp |= 1 << seat;
            if in_riichi {
                st.furiten_riichi |= 1 << seat;
            }
        }
    }

    /// Riichi (the declaration) and nine terminals (the abortive draw).
    pub(crate) fn riichi_apply_turn(&mut self, seat: usize, action: Action) {
        match action.kind {
            ActionKind::Riichi => {
                self.riichi_mut().riichi[seat] = RIICHI_DECLARED;
                self.emit(Event {
                    seat: seat as u8,
                    ..Event::new(EventKind::Riichi)
                });
            }
            ActionKind::NineTerminals => {
                self.finish_abortive(AbortReason::NineTerminals, seat as u8);
            }
            _ => unreachable!("not a riichi action"),
        }
    }

    /// Kan dora owed are turned before the discard.
    pub(crate) fn riichi_before_discard(&mut self, _seat: usize) {
        self.reveal_pending();
    }

    /// Whether the first go-around is uninterrupted (no meld, not every seat discarded).
    fn first_go_around(&self) -> bool {
        self.meld_counts.iter().all(|&n| n == 0) && usize::from(self.discard_count) < self.seats()
    }

    /// A discard is a tsumogiri when it is the tile just drawn; the dealer's first discard is
    /// from the hand unless the rules count its 14th tile as drawn.
    pub(crate) fn riichi_discard_is_drawn(&self, seat: usize, tile: u8) -> bool {
        let dealer_first = seat == usize::from(self.dealer)
            && self.first_go_around()
            && !self.discards[..usize::from(self.discard_count)]
                .iter()
                .any(|d| usize::from(d.seat) == seat);
        if dealer_first && !self.rules.riichi.dealer_first_discard_drawn {
            return false;
        }
        self.drawn == tile
    }

    /// A discard: the riichi discard is made (double riichi in the first go-around); the seat's
    /// ippatsu, temporary furiten and kuikae end; nagashi needs terminals and honours.
    pub(crate) fn riichi_on_discard(&mut self, seat: usize, tile: u8) {
        let first = self.first_go_around();
        let index = self.discard_count as u8;
        let st = self.riichi_mut();
        let bit = 1u8 << seat;
        if st.riichi[seat] == RIICHI_DECLARED {
            st.riichi[seat] = RIICHI_DISCARDED;
            st.riichi_discard[seat] = index;
            if first {
                st.double |= bit;
            }
            st.accepting = seat as u8;
        }
        st.ippatsu &= !bit;
        st.furiten_temp &= !bit;
        st.kuikae[seat] = 0;
        if !is_terminal_or_honor(usize::from(code_kind(tile))) {
            st.nagashi &= !bit;
        }
    }

    /// A discard is offered: a seat whose shape it completes but that may not win on it (no
    /// yaku, furiten) is in temporary furiten.
    pub(crate) fn riichi_on_offer(&mut self, offered: &[Actions; SEATS]) {
        if self.offer != Offer::Discard {
            return;
        }
        let actor = usize::from(self.actor);
        let mut missed = 0u8;
        for (s, legal) in offered.iter().enumerate().take(self.seats()) {
            if s == actor || legal.as_slice().iter().any(|a| a.kind == ActionKind::Win) {
                continue;
            }
            if legal::completes_hand(&self.hands[s], self.offered) {
                missed |= 1 << s;
            }
        }
        self.riichi_mut().furiten_temp |= missed;
    }

    /// A meld: every ippatsu ends; a chi or pon sets kuikae and the discarder loses nagashi; a
    /// pung or kong of the third dragon or fourth wind makes its discarder liable (pao); a kong
    /// turns the kan dora owed by an earlier kong.
    pub(crate) fn riichi_on_meld(&mut self, seat: usize, meld: Meld) {
        let kuikae_on = self.rules.riichi.kuikae;
        let melds = self.melds[seat];
        let count = usize::from(self.meld_counts[seat]);
        let st = self.riichi_mut();
        st.ippatsu = 0;
        let claimed = matches!(
            meld.kind,
            MeldKind::Chow | MeldKind::Pung | MeldKind::ExposedKong
        );
        if claimed {
            st.nagashi &= !(1 << meld.from);
        }
        if matches!(meld.kind, MeldKind::Chow | MeldKind::Pung) && kuikae_on {
            st.kuikae[seat] = legal::kuikae_kinds(
                meld.kind,
                usize::from(meld.tile),
                usize::from(code_kind(meld.claimed)),
            );
        }
        if matches!(meld.kind, MeldKind::Pung | MeldKind::ExposedKong) {
            let t = usize::from(meld.tile);
            let sets = |range: std::ops::Range<usize>| {
                melds[..count]
                    .iter()
                    .filter(|m| m.kind != MeldKind::Chow && range.contains(&usize::from(m.tile)))
                    .count()
            };
            if (31..34).contains(&t) && sets(31..34) == 3 {
                st.pao_dragons[seat] = meld.from;
            }
            if (27..31).contains(&t) && sets(27..31) == 4 {
                st.pao_winds[seat] = meld.from;
            }
        }
        if meld.is_kong() {
            self.reveal_pending();
        }
    }

    /// A kong's own dora: at once, or owed until the next discard, by its kind.
    pub(crate) fn riichi_before_replacement(&mut self, kind: MeldKind) {
        let r = &self.rules.riichi;
        let timing = match kind {
            MeldKind::ConcealedKong => r.kan_dora_concealed,
            MeldKind::ExposedKong => r.kan_dora_exposed,
            _ => r.kan_dora_added,
        };
        match timing {
            KanDora::Immediate => self.reveal_dora(),
            KanDora::AfterDiscard => self.riichi_mut().pending_dora += 1,
        }
    }

    /// The claim phase resolved: three rons abort the hand (a switch); with no win the riichi
    /// discard passed and its stick is placed; a win on it places none.
    pub(crate) fn riichi_on_claims(&mut self, winners: u8) -> Option<AbortReason> {
        let accepting = self.riichi_state().accepting;
        self.riichi_mut().accepting = NO_SEAT;
        if winners != 0 {
            let three = winners.count_ones() as usize == self.seats() - 1 && self.seats() == 4;
            if three && self.rules.riichi.triple_ron_draw {
                return Some(AbortReason::TripleRon);
            }
            return None;
        }
        if accepting != NO_SEAT {
            let s = usize::from(accepting);
            let st = self.riichi_mut();
            st.riichi[s] = RIICHI_ACCEPTED;
            st.ippatsu |= 1 << s;
            self.state.scores[s] = self.state.scores[s].saturating_sub(1000);
            let m = self.riichi_match_mut();
            m.sticks = m.sticks.saturating_add(1);
            self.emit(Event {
                seat: accepting,
                value: -1000,
                ..Event::new(EventKind::RiichiAccepted)
            });
        }
        None
    }

    /// The abortive draw due when a discard passed, if any.
    pub(crate) fn riichi_abort_reason(&self) -> Option<AbortReason> {
        legal::abort_pending(&self.seat_state(usize::from(self.actor)))
    }

    /// The riichi flags of `seat`'s win.
    pub(crate) fn riichi_win_flags(&self, seat: usize, base: u32) -> u32 {
        let st = self.riichi_state();
        let mut f = base;
        if st.riichi[seat] != RIICHI_NONE {
            f |= flags::RIICHI;
            if st.double & (1 << seat) != 0 {
                f |= flags::DOUBLE_RIICHI;
            }
            if st.ippatsu & (1 << seat) != 0 {
                f |= flags::IPPATSU;
            }
        }
        let own_discards = self.discards[..usize::from(self.discard_count)]
            .iter()
            .any(|d| usize::from(d.seat) == seat);
        let no_meld = self.meld_counts.iter().all(|&n| n == 0);
        if no_meld && !own_discards {
            f |= flags::FIRST_TURN;
        }
        f
    }

    /// What the riichi rules let `seat` know.
    pub(crate) fn riichi_view(&self, seat: usize) -> RiichiView {
        let st = self.riichi_state();
        let bit = 1u8 << seat;
        let mut v = self.riichi_public_view();
        if st.furiten_temp & bit != 0 {
            v.furiten |= FURITEN_TEMPORARY;
        }
        if st.furiten_riichi & bit != 0 {
            v.furiten |= FURITEN_RIICHI;
        }
        let own_turn = self.phase == Phase::Turn && usize::from(self.actor) == seat;
        v.kuikae = st.kuikae[seat];
        v.replacement = u8::from(own_turn && self.from_back && self.drawn != NO_TILE);
        v
    }

    /// What the riichi rules let a reader know of no seat's secrets (the spectator): no furiten,
    /// no kuikae, no replacement draw.
    pub(crate) fn riichi_public_view(&self) -> RiichiView {
        let st = self.riichi_state();
        RiichiView {
            riichi: st.riichi,
            riichi_discard: st.riichi_discard,
            double_riichi: st.double,
            ippatsu: st.ippatsu,
            indicators: st.indicator_tiles,
            indicator_count: st.indicators,
            furiten: 0,
            kuikae: 0,
            replacement: 0,
            honba: self.at_start.part.riichi().map_or(0, |m| m.honba),
            sticks: self.state.part.riichi().map_or(0, |m| m.sticks),
        }
    }

    /// [`Table::riichi_view`] with the own-discard furiten bit (computed for a seat's view, not
    /// on the legality path, which computes it where it needs it).
    pub(crate) fn riichi_full_view(&self, seat: usize) -> RiichiView {
        let mut v = self.riichi_view(seat);
        let discards = &self.discards[..usize::from(self.discard_count)];
        if discard_furiten(&self.hands[seat], discards, seat) {
            v.furiten |= FURITEN_DISCARDS;
        }
        v
    }

    /// The riichi state's own consistency: indicators turned and owed within five.
    pub(crate) fn riichi_invariant_error(&self) -> Option<String> {
        let st = self.riichi_state();
        if st.indicators == 0 && self.hand_index_dealt() {
            return Some("no dora indicator".into());
        }
        if st.indicators + st.pending_dora > 5 {
            return Some(format!(
                "{} indicators and {} owed",
                st.indicators, st.pending_dora
            ));
        }
        None
    }

    /// Whether a hand is dealt (its log begins with a hand start).
    fn hand_index_dealt(&self) -> bool {
        !self.log.is_empty()
    }
}
