//! The one definition of legality: what a seat may do, from what that seat can see.

use super::event::flags;
use super::types::*;
use crate::forms::Forms;
use crate::tai::Pattern;
use crate::tile::{Counts, HONOR_START, TILE_KINDS, number};

/// Wall codes 34..41 are the eight flowers (the first flower code).
const FLOWER_CODE: u8 = TILE_KINDS as u8;

/// Whether `counts` (3n+2 concealed tiles, melds excluded) is a complete regular hand.
pub(crate) fn is_complete(counts: &Counts) -> bool {
    crate::win::is_win(counts, Forms::REGULAR).unwrap_or(false)
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
    if crate::shanten::shanten(hand, Forms::REGULAR) == Ok(0) {
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
pub(crate) fn win_flags(st: &SeatState<'_>) -> u16 {
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
fn reaches_minimum(st: &SeatState<'_>, concealed: &Counts, tile: u8, flags: u16) -> bool {
    let Scoring::Tai(r) = &st.rules.scoring else {
        return true;
    };
    if r.min_tai == 0 {
        return true;
    }
    let mut melds = [Meld::EMPTY; MAX_MELDS];
    melds[..st.melds.len()].copy_from_slice(st.melds);
    let w = super::score::WinFacts {
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
    let place = super::score::Place {
        dealer: st.dealer,
        prevalent_wind: st.prevalent_wind,
        consecutive: st.consecutive,
    };
    let f = super::score::tai_win_facts(&place, st.seat, tile, from, &w);
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
            for (k, &c) in hand.iter().enumerate() {
                if c == 4 {
                    out.push(Action::new(ActionKind::ConcealedKong, k as u8));
                }
            }
            for m in st.melds {
                if m.kind == MeldKind::Pung && hand[usize::from(m.tile)] > 0 {
                    out.push(Action::new(ActionKind::AddedKong, m.tile));
                }
            }
        }
    }
    for (k, &c) in hand.iter().enumerate() {
        if c > 0 {
            out.push(Action::new(ActionKind::Discard, k as u8));
        }
    }
}

/// Claims open to the seat on the offered tile; pass is not included. Returns nothing when the
/// seat can only pass.
fn claim_actions(st: &SeatState<'_>, out: &mut Actions) {
    let (hand, tile, from) = (st.hand, st.offered, st.actor);
    if st.offer == Offer::Flower {
        flower_actions(st, out);
        return;
    }
    let t = usize::from(tile);
    if !locked(st, tile, false) && wins_with(hand, tile, st.melds.len(), st.rules) {
        let mut with = *hand;
        with[t] += 1;
        if reaches_minimum(st, &with, tile, win_flags(st)) {
            out.push(Action::new(ActionKind::Win, tile));
        }
    }
    if st.offer == Offer::AddedKong {
        return;
    }
    if hand[t] >= 2 {
        out.push(Action::new(ActionKind::Pung, tile));
    }
    if hand[t] == 3 && st.wall_left > 0 {
        out.push(Action::new(ActionKind::ExposedKong, tile));
    }
    if st.seat == (from + 1) % SEATS && t < HONOR_START {
        let n = number(t) - 1; // 0..8 within the suit
        for start_n in n.saturating_sub(2)..=n.min(6) {
            let start = t - n + start_n;
            let ok = (start..start + 3).all(|k| k == t || hand[k] > 0);
            if ok {
                out.push(Action::new(ActionKind::Chow, start as u8));
            }
        }
    }
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

/// The legal actions of the view's seat now: empty unless the table waits for this seat.
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
pub fn legal_actions(view: &View) -> Actions {
    seat_actions(&view_state(view))
}

/// What legality depends on for the view's seat, as the view shows it.
pub(crate) fn view_state(view: &View) -> SeatState<'_> {
    SeatState {
        rules: &view.rules,
        phase: view.phase,
        pending: view.is_pending(),
        seat: usize::from(view.seat),
        hand: &view.hand,
        melds: view.melds_of(usize::from(view.seat)),
        actor: usize::from(view.actor),
        drawn: view.drawn,
        offered: view.offered,
        offer: view.offer,
        wall_left: view.wall_left,
        flowers: view.flowers,
        locked: view.pass_locked,
        dealer: view.dealer,
        prevalent_wind: view.prevalent_wind,
        consecutive: view.consecutive,
        discards: view.discard_list(),
        any_claim: (0..SEATS).any(|s| {
            view.melds_of(s)
                .iter()
                .any(|m| m.kind != MeldKind::ConcealedKong)
        }),
        win_flags: view.win_flags,
    }
}

/// What legality depends on for one seat: the table and a view both describe it.
pub(crate) struct SeatState<'a> {
    pub rules: &'a Rules,
    pub phase: Phase,
    pub pending: bool,
    pub seat: usize,
    pub hand: &'a Counts,
    pub melds: &'a [Meld],
    pub actor: usize,
    pub drawn: u8,
    pub offered: u8,
    pub offer: Offer,
    pub wall_left: u16,
    /// Flowers of every seat (bit f = flower f).
    pub flowers: [u8; SEATS],
    /// Tile kinds this seat may not win on (過水), bit k = kind k.
    pub locked: u64,
    /// The dealer's seat.
    pub dealer: u8,
    /// The prevalent wind.
    pub prevalent_wind: u8,
    /// The dealer's consecutive deals (連莊).
    pub consecutive: u32,
    /// Every discard of the hand, in order.
    pub discards: &'a [DiscardEntry],
    /// Whether any seat has claimed a tile (a meld other than a concealed kong).
    pub any_claim: bool,
    /// This seat's facts the rest does not show ([`View::win_flags`]).
    pub win_flags: u16,
}

/// The legal actions of a seat (see [`legal_actions`]).
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
