//! The one definition of legality: what a seat may do, from what that seat can see.

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

/// Whether tile kind `tile` is locked for `seat`'s wins by 過水.
fn locked(st: &SeatState<'_>, tile: u8) -> bool {
    usize::from(tile) < TILE_KINDS && st.locked >> tile & 1 != 0
}

/// Actions of a seat in the turn phase: `hand` holds 3n+2 tiles, `drawn` is the tile just drawn
/// (or [`NO_TILE`] after a claim), `melds` the seat's declared melds.
fn turn_actions(st: &SeatState<'_>, out: &mut Actions) {
    let hand = st.hand;
    if st.drawn != NO_TILE {
        if !locked(st, st.drawn) && is_winning(hand, st.melds.len(), st.rules) {
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
    if !locked(st, tile) && wins_with(hand, tile, st.melds.len(), st.rules) {
        out.push(Action::new(ActionKind::Win, tile));
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
        if st.flowers[st.seat] == 0xFF && st.rules.scoring.accepts(Pattern::EightFlowers) {
            out.push(Action::new(ActionKind::EightFlowers, st.offered));
        }
    } else if st.flowers[st.actor] & bit != 0
        && st.flowers[st.seat] == !bit
        && st.rules.scoring.accepts(Pattern::SevenRobOne)
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
/// (八仙過海 or 七搶一) or pass. Under 過水 (`pass_lock`) a win on a kind the seat passed since
/// its last discard is not offered.
pub fn legal_actions(view: &View) -> Actions {
    seat_actions(&SeatState {
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
    })
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
