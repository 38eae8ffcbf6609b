//! The one definition of legality: what a seat may do, from what that seat can see. The
//! variant's part composes a seat's actions ([`super::variant::seat_actions`]) from the common
//! pieces here (discards, own kongs, claims on an offered tile, the regular winning form).

use super::types::*;
use crate::forms::Forms;
use crate::tile::{Counts, HONOR_START, TILE_KINDS, code_kind, number, red_code};

/// Whether `counts` (3n+2 concealed tiles, melds excluded) is a complete regular hand.
pub(crate) fn is_complete(counts: &Counts) -> bool {
    crate::win::is_win(counts, Forms::REGULAR).unwrap_or(false)
}

/// The suit (0..2) of a five, or `None` for any other kind.
pub(crate) const fn five_suit(kind: usize) -> Option<usize> {
    match kind {
        4 => Some(0),
        13 => Some(1),
        22 => Some(2),
        _ => None,
    }
}

/// Red fives of kind `kind` among `red` (per suit): 0 unless `kind` is a five.
pub(crate) const fn red_of(red: &[u8; 3], kind: usize) -> u8 {
    match five_suit(kind) {
        Some(s) => red[s],
        None => 0,
    }
}

/// What legality depends on for one seat: the table and a view both describe it.
pub(crate) struct SeatState<'a> {
    pub rules: &'a Rules,
    pub seats: usize,
    pub phase: Phase,
    pub pending: bool,
    pub seat: usize,
    pub hand: &'a Counts,
    /// Red fives among the concealed tiles, per suit.
    pub red: [u8; 3],
    /// The seat's declared melds.
    pub melds: &'a [Meld],
    /// Every seat's melds (the first `meld_counts[s]` of seat `s` are used).
    pub all_melds: &'a [[Meld; MAX_MELDS]; SEATS],
    pub meld_counts: [u8; SEATS],
    /// The discards of the hand, in order.
    pub discards: &'a [DiscardEntry],
    pub actor: usize,
    pub drawn: u8,
    pub offered: u8,
    pub offer: Offer,
    pub wall_left: u16,
    pub dealer: u8,
    pub prevalent_wind: u8,
    pub scores: [i64; SEATS],
    /// Flowers of every seat (bit f = flower f).
    pub flowers: [u8; SEATS],
    /// Tile kinds this seat may not win on (過水), bit k = kind k.
    pub locked: u64,
    /// The riichi block of the seat's view.
    pub riichi: RiichiView,
    /// The dealer's consecutive deals (連莊).
    pub consecutive: u32,
    /// Whether any seat has claimed a tile (a meld other than a concealed kong).
    pub any_claim: bool,
    /// This seat's facts the rest does not show ([`View::win_flags`]).
    pub win_flags: u32,
}

impl SeatState<'_> {
    /// The seat that may chow: the one after the actor in turn order.
    pub fn next_after_actor(&self) -> usize {
        (self.actor + 1) % self.seats
    }
}

/// A discard of every tile held: each kind once, and a red five separately from the other
/// copies of its kind; `allowed(kind)` filters by kind.
pub(crate) fn discards(st: &SeatState<'_>, out: &mut Actions, allowed: impl Fn(usize) -> bool) {
    for (k, &c) in st.hand.iter().enumerate() {
        if c == 0 || !allowed(k) {
            continue;
        }
        let r = red_of(&st.red, k);
        if c > r {
            out.push(Action::new(ActionKind::Discard, k as u8));
        }
        if r > 0 {
            out.push(Action::new(
                ActionKind::Discard,
                red_code(five_suit(k).unwrap_or(0)),
            ));
        }
    }
}

/// Concealed kongs (four of a kind held) and added kongs (a declared pung and its fourth tile
/// held) of the seat whose turn it is.
pub(crate) fn own_kongs(st: &SeatState<'_>, out: &mut Actions) {
    let hand = st.hand;
    for (k, &c) in hand.iter().enumerate() {
        if c == 4 {
            out.push(Action::with_aux(
                ActionKind::ConcealedKong,
                k as u8,
                red_of(&st.red, k),
            ));
        }
    }
    for m in st.melds {
        let t = usize::from(m.tile);
        if m.kind == MeldKind::Pung && hand[t] > 0 {
            // The fourth copy: the red five when it is the one held.
            let code = if red_of(&st.red, t) > 0 {
                red_code(five_suit(t).unwrap_or(0))
            } else {
                m.tile
            };
            out.push(Action::new(ActionKind::AddedKong, code));
        }
    }
}

/// The pungs, exposed kong and chows open to the seat on the offered tile (pass and win not
/// included): a pung with and without a red five are two actions (`aux` the red fives taken from
/// the hand). `kongs_ok`: an exposed kong is possible (a replacement tile remains); `chow_ok`:
/// the seat may chow (the one after the discarder, where the variant has chows).
pub(crate) fn claim_melds(st: &SeatState<'_>, out: &mut Actions, kongs_ok: bool, chow_ok: bool) {
    let (hand, tile) = (st.hand, st.offered);
    let t = usize::from(code_kind(tile));
    let (c, r) = (hand[t], red_of(&st.red, t));
    if c >= 2 {
        // Two taken from the hand: from max(0, 2 - plain) to min(2, red) red fives.
        let plain = c - r;
        for aux in 2u8.saturating_sub(plain)..=r.min(2) {
            out.push(Action::with_aux(ActionKind::Pung, tile, aux));
        }
    }
    if c == 3 && kongs_ok {
        out.push(Action::with_aux(ActionKind::ExposedKong, tile, r));
    }
    if chow_ok && t < HONOR_START {
        let n = number(t) - 1; // 0..8 within the suit
        for start_n in n.saturating_sub(2)..=n.min(6) {
            let start = t - n + start_n;
            let ok = (start..start + 3).all(|k| k == t || hand[k] > 0);
            if !ok {
                continue;
            }
            // The five the run takes from the hand, if any: plain and red are two chows.
            let five = (start..start + 3).find(|&k| k != t && five_suit(k).is_some());
            match five {
                Some(f) if red_of(&st.red, f) > 0 => {
                    if hand[f] > red_of(&st.red, f) {
                        out.push(Action::new(ActionKind::Chow, start as u8));
                    }
                    out.push(Action::with_aux(ActionKind::Chow, start as u8, 1));
                }
                _ => out.push(Action::new(ActionKind::Chow, start as u8)),
            }
        }
    }
}

/// Whether `hand` (3n+1 tiles) holds fewer than four of `tile`'s kind, so it can take one more.
pub(crate) fn can_take(hand: &Counts, tile: u8) -> bool {
    let t = usize::from(code_kind(tile));
    t < TILE_KINDS && hand[t] < 4
}

/// The legal actions of the view's seat now: empty unless the table waits for this seat. The
/// variant decides them (the Taiwanese rules are on the table page, riichi's on the riichi
/// table page); a view gives the same actions as the table it came from.
pub fn legal_actions(view: &View) -> Actions {
    super::variant::seat_actions(&view_state(view))
}

/// What legality depends on for the view's seat, as the view shows it.
pub(crate) fn view_state(view: &View) -> SeatState<'_> {
    let seat = usize::from(view.seat);
    SeatState {
        rules: &view.rules,
        seats: usize::from(view.seats),
        phase: view.phase,
        pending: view.is_pending(),
        seat,
        hand: &view.hand,
        red: view.red,
        melds: view.melds_of(seat),
        all_melds: &view.melds,
        meld_counts: view.meld_counts,
        discards: view.discard_list(),
        actor: usize::from(view.actor),
        drawn: view.drawn,
        offered: view.offered,
        offer: view.offer,
        wall_left: view.wall_left,
        dealer: view.dealer,
        prevalent_wind: view.prevalent_wind,
        scores: view.scores,
        flowers: view.flowers,
        locked: view.pass_locked,
        riichi: view.riichi,
        consecutive: view.consecutive,
        any_claim: (0..SEATS).any(|s| {
            view.melds_of(s)
                .iter()
                .any(|m| m.kind != MeldKind::ConcealedKong)
        }),
        win_flags: view.win_flags,
    }
}
