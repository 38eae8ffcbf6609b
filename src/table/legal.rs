//! The one definition of legality: what a seat may do, from what that seat can see.

use super::types::*;
use crate::forms::Forms;
use crate::tile::{Counts, HONOR_START, number};

/// Whether `counts` (3n+2 concealed tiles, melds excluded) is a complete regular hand.
pub(crate) fn is_complete(counts: &Counts) -> bool {
    crate::win::is_win(counts, Forms::REGULAR).unwrap_or(false)
}

/// Whether `hand` (3n+1 tiles) plus `tile` is complete.
pub(crate) fn wins_with(hand: &Counts, tile: u8) -> bool {
    let t = usize::from(tile);
    if hand[t] >= 4 {
        return false;
    }
    let mut c = *hand;
    c[t] += 1;
    is_complete(&c)
}

/// Actions of a seat in the turn phase: `hand` holds 3n+2 tiles, `drawn` is the tile just drawn
/// (or [`NO_TILE`] after a claim), `melds` the seat's declared melds.
pub(crate) fn turn_actions(
    hand: &Counts,
    drawn: u8,
    melds: &[Meld],
    wall_left: u16,
    out: &mut Actions,
) {
    if drawn != NO_TILE {
        if is_complete(hand) {
            out.push(Action::new(ActionKind::Win, drawn));
        }
        if wall_left > 0 {
            for (k, &c) in hand.iter().enumerate() {
                if c == 4 {
                    out.push(Action::new(ActionKind::ConcealedKong, k as u8));
                }
            }
            for m in melds {
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

/// Claims open to `seat` on `tile` offered by `from`; pass is not included. Returns nothing
/// when the seat can only pass.
pub(crate) fn claim_actions(
    hand: &Counts,
    seat: usize,
    from: usize,
    tile: u8,
    offer: Offer,
    wall_left: u16,
    out: &mut Actions,
) {
    let t = usize::from(tile);
    if wins_with(hand, tile) {
        out.push(Action::new(ActionKind::Win, tile));
    }
    if offer == Offer::AddedKong {
        return;
    }
    if hand[t] >= 2 {
        out.push(Action::new(ActionKind::Pung, tile));
    }
    if hand[t] == 3 && wall_left > 0 {
        out.push(Action::new(ActionKind::ExposedKong, tile));
    }
    if seat == (from + 1) % SEATS && t < HONOR_START {
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

/// The legal actions of the view's seat now: empty unless the table waits for this seat.
///
/// Turn phase (the seat holds 3n+2 tiles): a self-drawn win, concealed and added kongs (only
/// after a draw, and while the wall has a replacement tile), and a discard of every kind held.
/// Claim phase: a win on the offered tile, a pung, an exposed kong (while the wall has a
/// replacement), chows (only the seat after the discarder; `tile` is the run's lowest tile),
/// and pass. A robbed-kong offer allows only win or pass.
pub fn legal_actions(view: &View) -> Actions {
    seat_actions(&SeatState {
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
    })
}

/// What legality depends on for one seat: the table and a view both describe it.
pub(crate) struct SeatState<'a> {
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
}

/// The legal actions of a seat (see [`legal_actions`]).
pub(crate) fn seat_actions(st: &SeatState<'_>) -> Actions {
    let mut out = Actions::new();
    if !st.pending {
        return out;
    }
    match st.phase {
        Phase::Turn => turn_actions(st.hand, st.drawn, st.melds, st.wall_left, &mut out),
        Phase::Claim => {
            claim_actions(
                st.hand,
                st.seat,
                st.actor,
                st.offered,
                st.offer,
                st.wall_left,
                &mut out,
            );
            out.push(Action::PASS);
        }
        Phase::Over => {}
    }
    out
}
