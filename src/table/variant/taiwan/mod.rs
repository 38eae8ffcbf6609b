//! The Taiwanese part: the 16-tile game (144 tiles with flowers, tai or the thesis' points,
//! 過水, 八仙過海, 七搶一, 嚦咕嚦咕, 天聽) and the 13-tile game (136 tiles, the thesis' points).

pub(crate) mod flowers;
mod score;

pub use score::{HandFacts, WinFacts, points, score_hand, tai_meld};

use super::{DealPattern, Params};
use crate::table::engine::Table;
use crate::table::event::{EventKind, flags};
use crate::table::legal::{self, SeatState, is_complete};
use crate::table::play::Replacement;
use crate::table::types::*;
use crate::tai::Pattern;
use crate::tile::{Counts, TILE_KINDS};

/// Wall codes 34..41 are the eight flowers (the first flower code).
pub(crate) const FLOWER_CODE: u8 = TILE_KINDS as u8;

/// Whether wall code `code` is a flower (34..41).
pub(crate) const fn is_flower(code: u8) -> bool {
    code >= FLOWER_CODE && code < FLOWER_CODE + FLOWERS as u8
}

/// The Taiwanese state of a hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct State {
    /// Seats ready since their first discard, nobody having claimed before it, their hand
    /// unchanged since (地聽; the dealer's is 天聽).
    pub ready_first: [bool; SEATS],
    /// Non-dealers whose hand was ready as dealt and is unchanged since (天聽 from the deal; the
    /// dealer's is `ready_first`).
    pub ready_deal: [bool; SEATS],
    /// Whether the tile just drawn from the back replaced an exposed kong (not a flower or an
    /// own concealed or added kong).
    pub after_exposed_kong: bool,
    /// 過水: the tile kinds each seat may not win on now.
    pub pass_locked: [u64; SEATS],
    /// What follows a flower offer that every seat passed.
    pub flower_resume: FlowerResume,
}

/// What follows a flower offer ([`Offer::Flower`]) that every seat passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FlowerResume {
    /// The seat that set the flower aside draws its replacement.
    Replacement,
    /// The flower was set aside in the deal: the dealer's first turn begins, `drawn` being its
    /// 17th tile.
    DealerTurn {
        /// The dealer's 17th tile.
        drawn: u8,
    },
}

impl State {
    pub(crate) const fn new() -> State {
        State {
            ready_first: [false; SEATS],
            ready_deal: [false; SEATS],
            after_exposed_kong: false,
            pass_locked: [0; SEATS],
            flower_resume: FlowerResume::Replacement,
        }
    }

    /// Whether a flower offer of the deal holds the dealer with its 17th (14th) tile outside its
    /// turn: during that offer, or in a flower win it ended in.
    pub(crate) fn dealt_offer(&self, t: &Table) -> bool {
        let flower_win = t
            .result
            .is_some_and(|r| is_flower(r.tile) && r.tile != NO_TILE);
        matches!(self.flower_resume, FlowerResume::DealerTurn { .. })
            && (flower_win || (t.phase == Phase::Claim && t.offer == Offer::Flower))
    }
}

/// The parameters of a Taiwanese table.
pub(crate) fn params(rules: &Rules) -> Params {
    let sixteen = rules.variant == Variant::Taiwan16;
    Params {
        seats: SEATS as u8,
        hand_tiles: rules.variant.hand_tiles() as u8,
        sets: rules.variant.sets() as u8,
        wall_tiles: rules.variant.wall_tiles() as u8,
        flowers: if sixteen { FLOWERS as u8 } else { 0 },
        red_fives: 0,
        dead_wall: rules.dead_wall,
        deal: DealPattern::OneAtATime,
        hidden_concealed_kongs: true,
    }
}

/// 嚦咕嚦咕 (八對半): 17 concealed tiles, seven pairs of seven kinds and a pung of an eighth.
pub(crate) fn is_seven_pairs_and_pung(counts: &Counts) -> bool {
    let (mut pairs, mut pungs) = (0, 0);
    for &c in counts {
        match c {
            0 => {}
            2 => pairs += 1,
            3 => pungs += 1,
            _ => return false,
        }
    }
    pairs == 7 && pungs == 1
}

/// Whether `counts` (3n+2 concealed tiles) of a seat with `melds` declared melds is a winning
/// hand under `rules`: the regular form, or 嚦咕嚦咕 where the rules accept it.
pub(crate) fn is_winning(counts: &Counts, melds: usize, rules: &Rules) -> bool {
    is_complete(counts)
        || (melds == 0
            && rules.scoring.accepts(Pattern::SevenPairsAndPung)
            && is_seven_pairs_and_pung(counts))
}

/// Whether `hand` (3n+1 tiles) plus `tile` wins under `rules`.
pub(crate) fn wins_with(hand: &Counts, tile: u8, melds: usize, rules: &Rules) -> bool {
    let t = usize::from(tile);
    if t >= TILE_KINDS || hand[t] >= 4 {
        return false;
    }
    let mut c = *hand;
    c[t] += 1;
    is_winning(&c, melds, rules)
}

/// Whether a 3n+1 hand is ready (one tile from a winning hand) under `rules`.
pub(crate) fn is_ready(hand: &Counts, melds: usize, rules: &Rules) -> bool {
    let total: u32 = hand.iter().map(|&c| u32::from(c)).sum();
    if total % 3 != 1 {
        return false;
    }
    if crate::shanten::shanten(hand, crate::forms::Forms::REGULAR) == Ok(0) {
        return true;
    }
    melds == 0
        && total == 16
        && rules.scoring.accepts(Pattern::SevenPairsAndPung)
        && (0..TILE_KINDS as u8).any(|t| wins_with(hand, t, 0, rules))
}

/// Whether tile kind `tile` is locked for the seat's wins by 過水 (`self_drawn`: a win on its
/// own draw, which only the strict lock blocks).
fn locked(st: &SeatState<'_>, tile: u8, self_drawn: bool) -> bool {
    if self_drawn && st.rules.pass_lock != PassLock::UntilDiscard {
        return false;
    }
    usize::from(tile) < TILE_KINDS && st.locked >> tile & 1 != 0
}

/// The event flags of a win by the seat now: on its own draw in the turn phase, on the offered
/// tile in the claim phase (a discard or a robbed kong; flower wins carry only their own flag).
/// The one definition, for the legality of a win under a minimum tai and for its scoring.
pub(crate) fn win_flags(st: &SeatState<'_>) -> u32 {
    let own = flags::REPLACEMENT | flags::AFTER_EXPOSED_KONG;
    let ready = flags::READY_FIRST_DISCARD | flags::READY_FROM_DEAL;
    let mut f = st.win_flags & ready;
    let self_drawn = st.phase == Phase::Turn;
    if self_drawn {
        f |= flags::SELF_DRAWN | (st.win_flags & own);
    } else if st.offer == Offer::AddedKong {
        f |= flags::ROBBED_KONG;
    }
    if st.wall_left == 0 {
        f |= flags::LAST_TILE;
    }
    let discarded = st.discards.iter().any(|d| usize::from(d.seat) == st.seat);
    if !st.any_claim && !discarded {
        f |= flags::FIRST_TURN;
    }
    if st.phase == Phase::Claim && st.offer == Offer::Discard && !st.any_claim {
        // Every discard so far the first of its seat: the first go-around (第一巡).
        let mut seen = 0u8;
        let first = st.discards.iter().all(|d| {
            let bit = 1u8 << (d.seat & 3);
            let new = seen & bit == 0;
            seen |= bit;
            new
        });
        if first {
            f |= flags::FIRST_GO_AROUND;
        }
    }
    f
}

/// Whether a win of the seat with `flags` and its concealed tiles `concealed` (the winning tile
/// included) reaches the rules' minimum tai (起胡): always without tai scoring or a minimum.
fn reaches_minimum(st: &SeatState<'_>, concealed: &Counts, tile: u8, flags: u32) -> bool {
    let Scoring::Tai(r) = &st.rules.scoring else {
        return true;
    };
    if r.min_tai == 0 {
        return true;
    }
    let mut melds = [Meld::EMPTY; MAX_MELDS];
    melds[..st.melds.len()].copy_from_slice(st.melds);
    let w = score::WinFacts {
        flags,
        flowers: st.flowers[st.seat],
        seat_wind: ((st.seat + SEATS - usize::from(st.dealer)) % SEATS) as u8,
        concealed: *concealed,
        melds,
        meld_count: st.melds.len() as u8,
    };
    let from = if st.phase == Phase::Turn {
        NO_SEAT
    } else {
        st.actor as u8
    };
    let place = score::Place {
        dealer: st.dealer,
        prevalent_wind: st.prevalent_wind,
        consecutive: st.consecutive,
    };
    let f = score::tai_win_facts(&place, st.seat, tile, from, &w);
    crate::tai::score(&f, r).is_ok_and(|s| s.qualifies())
}

/// Whether the seat's flower win `pattern` reaches the rules' minimum tai (起胡) on its flower
/// tai alone ([`crate::tai::flower_win_tai`]): public, so that every seat's client knows which
/// seats a flower offer waits for.
fn flower_reaches_minimum(st: &SeatState<'_>, pattern: Pattern) -> bool {
    let Scoring::Tai(r) = &st.rules.scoring else {
        return true;
    };
    let dealer = st.seat == usize::from(st.dealer);
    let n = u8::try_from(st.consecutive).unwrap_or(u8::MAX);
    r.min_tai == 0 || crate::tai::flower_win_tai(r, pattern, dealer, n) >= r.min_tai
}

/// Actions of a seat in the turn phase: `hand` holds 3n+2 tiles, `drawn` is the tile just drawn
/// (or [`NO_TILE`] after a claim), `melds` the seat's declared melds.
fn turn_actions(st: &SeatState<'_>, out: &mut Actions) {
    let hand = st.hand;
    if st.drawn != NO_TILE {
        if !locked(st, st.drawn, true)
            && is_winning(hand, st.melds.len(), st.rules)
            && reaches_minimum(st, hand, st.drawn, win_flags(st))
        {
            out.push(Action::new(ActionKind::Win, st.drawn));
        }
        if st.wall_left > 0 {
            legal::own_kongs(st, out);
        }
    }
    legal::discards(st, out, |_| true);
}

/// Claims open to the seat on the offered tile; pass is not included. Returns nothing when the
/// seat can only pass.
fn claim_actions(st: &SeatState<'_>, out: &mut Actions) {
    let (hand, tile) = (st.hand, st.offered);
    if st.offer == Offer::Flower {
        flower_actions(st, out);
        return;
    }
    if !locked(st, tile, false) && wins_with(hand, tile, st.melds.len(), st.rules) {
        let mut with = *hand;
        with[usize::from(tile)] += 1;
        if reaches_minimum(st, &with, tile, win_flags(st)) {
            out.push(Action::new(ActionKind::Win, tile));
        }
    }
    if st.offer != Offer::Discard {
        return;
    }
    let chow = st.seat == st.next_after_actor();
    legal::claim_melds(st, out, st.wall_left > 0, chow);
}

/// The flower wins open to the seat when `actor` has just set aside flower `offered`:
/// 八仙過海 for the actor holding all eight, 七搶一 for another seat holding the other seven.
fn flower_actions(st: &SeatState<'_>, out: &mut Actions) {
    let Some(f) = st.offered.checked_sub(FLOWER_CODE).filter(|&f| f < 8) else {
        return;
    };
    let bit = 1u8 << f;
    if st.seat == st.actor {
        if st.flowers[st.seat] == 0xFF
            && st.rules.scoring.accepts(Pattern::EightFlowers)
            && flower_reaches_minimum(st, Pattern::EightFlowers)
        {
            out.push(Action::new(ActionKind::EightFlowers, st.offered));
        }
    } else if st.flowers[st.actor] & bit != 0
        && st.flowers[st.seat] == !bit
        && st.rules.scoring.accepts(Pattern::SevenRobOne)
        && flower_reaches_minimum(st, Pattern::SevenRobOne)
    {
        out.push(Action::new(ActionKind::RobFlower, st.offered));
    }
}

/// The legal actions of a seat at a Taiwanese table.
///
/// Turn phase (the seat holds 3n+2 tiles): a self-drawn win, concealed and added kongs (only
/// after a draw, and while the wall has a replacement tile), and a discard of every kind held.
/// Claim phase: a win on the offered tile, a pung, an exposed kong (while the wall has a
/// replacement), chows (only the seat after the discarder; `tile` is the run's lowest tile),
/// and pass. A robbed-kong offer allows only win or pass; a flower offer only the flower win
/// (八仙過海 or 七搶一) or pass. Under 過水 (`pass_lock`) a win on a kind the seat passed is not
/// offered (on another seat's tile until the seat draws; with the strict lock, any win until it
/// discards). Under tai scoring with a minimum (`min_tai`, 起胡) a win is offered only when its
/// tai reach it.
pub(crate) fn seat_actions(st: &SeatState<'_>) -> Actions {
    let mut out = Actions::new();
    if !st.pending {
        return out;
    }
    match st.phase {
        Phase::Turn => turn_actions(st, &mut out),
        Phase::Claim => {
            claim_actions(st, &mut out);
            out.push(Action::PASS);
        }
        Phase::Over => {}
    }
    out
}

/// The Taiwanese checks of a view: flowers held by two seats or in the 13-tile game, 過水 bits
/// outside the kinds, a flower offer's flower.
pub(crate) fn validate_view(view: &View) -> Result<(), crate::Error> {
    let bad = Err(crate::Error::InvalidView);
    if view.pass_locked >> TILE_KINDS != 0 || view.riichi != RiichiView::EMPTY {
        return bad;
    }
    // No red fives in a Taiwanese set: not in the hand, the melds, the discards or the offer.
    let red = crate::tile::is_red_code;
    if view.red != [0; 3]
        || (0..SEATS).any(|s| {
            view.melds_of(s)
                .iter()
                .any(|m| m.red != 0 || red(m.claimed))
        })
        || view.discard_list().iter().any(|d| red(d.tile))
        || red(view.offered)
        || red(view.drawn)
    {
        return bad;
    }
    let mut flower_bits = 0u8;
    for s in 0..SEATS {
        if flower_bits & view.flowers[s] != 0 {
            return bad;
        }
        flower_bits |= view.flowers[s];
    }
    if !view.rules.variant.has_flowers() && flower_bits != 0 {
        return bad;
    }
    if view.phase == Phase::Claim && view.offer == Offer::Flower {
        let code = view.offered.wrapping_sub(FLOWER_CODE);
        if code >= 8 || view.flowers[usize::from(view.actor)] & (1 << code) == 0 {
            return bad;
        }
    }
    if view.phase == Phase::Claim && view.offer == Offer::ConcealedKong {
        return bad;
    }
    Ok(())
}

/// The Taiwanese hooks.
impl Table {
    pub(crate) fn taiwan(&self) -> &State {
        match &self.part {
            super::Part::Taiwan(s) => s,
            _ => unreachable!("a Taiwanese hook at another table"),
        }
    }

    pub(crate) fn taiwan_mut(&mut self) -> &mut State {
        match &mut self.part {
            super::Part::Taiwan(s) => s,
            _ => unreachable!("a Taiwanese hook at another table"),
        }
    }

    /// A non-dealer's hand ready as dealt counts for 天聽 (where the rules count it from the
    /// deal); a flower win the deal completed is offered before the dealer's first action.
    pub(crate) fn taiwan_after_deal(&mut self, last: u8) {
        let dealer = usize::from(self.dealer);
        for s in (0..SEATS).filter(|&s| s != dealer) {
            let ready = self.is_ready(s);
            self.taiwan_mut().ready_deal[s] = ready;
        }
        self.deal_flower_offer(last);
    }

    /// `seat` is about to draw (`kind`: what the draw replaces): under 過水 until the draw
    /// ([`PassLock::UntilDraw`]) its locks lift; a replacement for an exposed kong is noted.
    pub(crate) fn taiwan_on_draw(&mut self, seat: usize, kind: Replacement) {
        let until_draw = self.rules.pass_lock == PassLock::UntilDraw;
        let st = self.taiwan_mut();
        if until_draw {
            st.pass_locked[seat] = 0;
        }
        st.after_exposed_kong = kind == Replacement::ExposedKong;
    }

    /// `seat`'s facts for a win now that a view does not otherwise show (see
    /// [`View::win_flags`]).
    pub(crate) fn taiwan_own_win_flags(&self, seat: usize) -> u32 {
        let st = self.taiwan();
        let mut f = 0;
        let own_draw = self.phase == Phase::Turn && usize::from(self.actor) == seat;
        if own_draw && self.drawn != NO_TILE && self.from_back {
            f |= flags::REPLACEMENT;
            if st.after_exposed_kong {
                f |= flags::AFTER_EXPOSED_KONG;
            }
        }
        if st.ready_first[seat] {
            f |= flags::READY_FIRST_DISCARD;
        }
        let from_deal = if seat == usize::from(self.dealer) {
            st.ready_first[seat]
        } else {
            st.ready_deal[seat]
        };
        if from_deal {
            f |= flags::READY_FROM_DEAL;
        }
        f
    }

    /// A flower set aside from a draw: a flower win it makes possible is offered before the
    /// replacement draw.
    pub(crate) fn taiwan_on_bonus(&mut self, seat: u8, code: u8) -> bool {
        self.open_flower_offer(seat, code, FlowerResume::Replacement)
    }

    /// 過水: a win passed (by a pass, another claim, a kong or a discard) locks its tile kind:
    /// under `UntilDraw` only a win on another seat's tile, until the seat's next draw; under
    /// `UntilDiscard` any win, until its next discard.
    pub(crate) fn taiwan_before_apply(&mut self, seat: usize, legal: &Actions, action: Action) {
        let locks = match self.rules.pass_lock {
            PassLock::Off => false,
            PassLock::UntilDraw => self.phase == Phase::Claim,
            PassLock::UntilDiscard => true,
        };
        if locks && action.kind != ActionKind::Win {
            if let Some(w) = legal.as_slice().iter().find(|a| a.kind == ActionKind::Win) {
                self.taiwan_mut().pass_locked[seat] |= 1 << w.tile;
            }
        }
    }

    /// A discard: the strict 過水 ends; 地聽 begins with a ready first discard nobody claimed
    /// before, and ends when the hand changes, as does readiness from the deal.
    pub(crate) fn taiwan_on_discard(&mut self, seat: usize, tile: u8, first: bool) {
        let ready = first && !self.any_claim() && self.is_ready(seat);
        let changed = self.drawn != tile;
        let until_discard = self.rules.pass_lock == PassLock::UntilDiscard;
        let st = self.taiwan_mut();
        if until_discard {
            st.pass_locked[seat] = 0;
        }
        if first {
            st.ready_first[seat] = ready;
        } else if changed {
            st.ready_first[seat] = false;
        }
        if changed {
            // The hand as dealt changed.
            st.ready_deal[seat] = false;
        }
    }

    /// A meld changes the hand: no longer ready from the first discard or the deal.
    pub(crate) fn taiwan_on_meld(&mut self, seat: usize) {
        let st = self.taiwan_mut();
        st.ready_first[seat] = false;
        st.ready_deal[seat] = false;
    }

    /// The flags of `seat`'s win: a flower win's own flag alone (none of the winning hand's
    /// facts apply), else [`win_flags`] of the seat now (`base`, the engine's, is a subset).
    pub(crate) fn taiwan_win_flags(&self, seat: usize, _base: u32, flower: u32) -> u32 {
        if flower != 0 {
            flower
        } else {
            win_flags(&self.seat_state(seat))
        }
    }

    /// Scores the hand under the thesis' points or tai and logs each winner's tai (the `Win`
    /// event's total and one `Tai` event per pattern).
    pub(crate) fn taiwan_settle(&mut self, facts: &HandFacts) -> HandResult {
        let mut r = facts.result;
        (r.points, r.tai) = score_hand(&self.rules, facts);
        if r.tai.iter().any(Option::is_some) {
            for e in self.log.iter_mut().filter(|e| e.kind == EventKind::Win) {
                if let Some(sc) = &r.tai[usize::from(e.seat)] {
                    e.value = i64::from(sc.total);
                }
            }
            for (s, sc) in r.tai.iter().enumerate() {
                let Some(sc) = sc else { continue };
                for (p, tai) in sc.breakdown() {
                    self.emit(crate::table::Event {
                        seat: s as u8,
                        tile: p.id() as u8,
                        value: i64::from(tai),
                        ..crate::table::Event::new(EventKind::Tai)
                    });
                }
            }
        }
        r
    }
}
