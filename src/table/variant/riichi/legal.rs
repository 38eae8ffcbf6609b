//! Riichi legality, from what the seat can see ([`SeatState`], which a view describes as well
//! as the table): the turn (a self-drawn win with a yaku, kongs, riichi, nine terminals, the
//! discards kuikae and the riichi lock allow) and the claims on an offered tile (a win with a
//! yaku and without furiten; pon, kan and chi while the hand is not in riichi and a draw
//! remains, none while an abortive draw is pending).

use super::view::*;
use crate::forms::Forms;
use crate::riichi::{self, RiichiHand, RiichiMeld};
use crate::table::legal::{self, SeatState, can_take, red_of};
use crate::table::types::*;
use crate::tile::{Counts, TERMINALS_AND_HONORS, TILE_KINDS, code_kind, number};

/// The kinds that complete a 3n+1 concealed hand (regular form, seven pairs, thirteen orphans;
/// a kind held four times is never a wait).
pub(crate) fn waits(hand: &Counts) -> u64 {
    crate::win::waits(hand, Forms::RIICHI).unwrap_or(0)
}

/// Whether a 3n+2 concealed hand is complete.
pub(crate) fn complete(hand: &Counts) -> bool {
    crate::win::is_win(hand, Forms::RIICHI).unwrap_or(false)
}

/// Whether some discard of a 3n+2 hand leaves it ready; the kinds whose discard does, as a mask.
pub(crate) fn ready_discards(hand: &Counts) -> u64 {
    if crate::shanten::shanten(hand, Forms::RIICHI).is_ok_and(|s| s > 0) {
        return 0;
    }
    let mut mask = 0u64;
    for k in 0..TILE_KINDS {
        if hand[k] == 0 {
            continue;
        }
        let mut h = *hand;
        h[k] -= 1;
        if waits(&h) != 0 {
            mask |= 1 << k;
        }
    }
    mask
}

/// The kinds a seat discarded this hand (claimed or not).
fn discarded_kinds(st: &SeatState<'_>, seat: usize) -> u64 {
    st.discards
        .iter()
        .filter(|d| usize::from(d.seat) == seat)
        .fold(0, |m, d| m | 1 << code_kind(d.tile))
}

/// Whether a wait of the seat's 3n+1 hand is among its own discards.
pub(crate) fn own_discard_furiten(st: &SeatState<'_>) -> bool {
    waits(st.hand) & discarded_kinds(st, st.seat) != 0
}

/// Total melds of every seat.
fn melds_total(st: &SeatState<'_>) -> usize {
    st.meld_counts.iter().map(|&n| usize::from(n)).sum()
}

/// Kongs declared at the table, and the seats that declared one.
fn kongs(st: &SeatState<'_>) -> (usize, u8) {
    let (mut n, mut seats) = (0, 0u8);
    if st.meld_counts == [0; SEATS] {
        return (0, 0);
    }
    for s in 0..st.seats {
        let k = st.all_melds[s][..usize::from(st.meld_counts[s])]
            .iter()
            .filter(|m| m.is_kong())
            .count();
        n += k;
        if k > 0 {
            seats |= 1 << s;
        }
    }
    (n, seats)
}

/// Whether the first go-around is uninterrupted: nobody called (a concealed kong included) and
/// not every seat has discarded yet.
pub(crate) fn first_go_around(st: &SeatState<'_>) -> bool {
    melds_total(st) == 0 && st.discards.len() < st.seats
}

/// The abortive draw pending on the offered discard, if any (claims other than a win are then
/// closed): the fourth wind of the first go-around, a fourth kong by several seats, the fourth
/// riichi.
pub(crate) fn abort_pending(st: &SeatState<'_>) -> Option<AbortReason> {
    let rules = &st.rules.riichi;
    let n = st.seats;
    if rules.four_winds
        && melds_total(st) == 0
        && st.discards.len() == n
        && st.discards.iter().all(|d| {
            let k = usize::from(code_kind(d.tile));
            (27..31).contains(&k) && d.tile == st.discards[0].tile
        })
    {
        return Some(AbortReason::FourWinds);
    }
    if rules.four_kongs && melds_total(st) >= 4 {
        let (k, by) = kongs(st);
        if k >= 4 && by.count_ones() > 1 {
            return Some(AbortReason::FourKongs);
        }
    }
    if rules.four_riichi && (0..n).all(|s| st.riichi.riichi[s] >= RIICHI_DISCARDED) {
        return Some(AbortReason::FourRiichi);
    }
    None
}

/// The scorer's meld for a table meld of seat `seat`.
pub(crate) fn scorer_meld(m: &Meld, seat: usize, seats: usize) -> RiichiMeld {
    let rel = ((usize::from(m.from) + seats - seat) % seats) as u8;
    match m.kind {
        MeldKind::Chow => RiichiMeld::chi(m.tile, code_kind(m.claimed) - m.tile + 1),
        MeldKind::Pung => RiichiMeld::pon(m.tile, rel),
        MeldKind::ExposedKong => RiichiMeld::open_kan(m.tile, rel),
        MeldKind::AddedKong => RiichiMeld::added_kan(m.tile, rel),
        MeldKind::ConcealedKong => RiichiMeld::closed_kan(m.tile),
    }
}

/// How a win came, for the scorer's conditions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct WinCase {
    /// Self-drawn.
    pub tsumo: bool,
    /// On a robbed kong (chankan).
    pub robbed: bool,
    /// On a replacement draw (rinshan).
    pub replacement: bool,
    /// On the last tile (haitei when self-drawn, houtei on a discard).
    pub last: bool,
}

/// The scorer's hand for `st`'s seat winning on `tile` (a code; already in `hand`), without
/// dora, honba or sticks (the table adds them when it settles).
pub(crate) fn scorer_hand(
    st: &SeatState<'_>,
    hand: &Counts,
    red: [u8; 3],
    tile: u8,
    case: WinCase,
) -> RiichiHand {
    let seat = st.seat;
    let mut h = RiichiHand::new(*hand, code_kind(tile));
    let mut reds = red;
    for m in st.melds {
        h = h.with_meld(scorer_meld(m, seat, st.seats));
        if m.red > 0 {
            reds[usize::from(m.tile) / 9] += m.red;
        }
    }
    h.red_fives = reds;
    h.seat_wind = ((seat + st.seats - usize::from(st.dealer)) % st.seats) as u8;
    h.round_wind = st.prevalent_wind;
    let r = &st.riichi;
    let bit = 1u8 << seat;
    let mut c = 0u32;
    if case.tsumo {
        c |= riichi::TSUMO;
    }
    if r.riichi[seat] >= RIICHI_DISCARDED {
        c |= if r.double_riichi & bit != 0 {
            riichi::DOUBLE_RIICHI
        } else {
            riichi::RIICHI
        };
        if r.ippatsu & bit != 0 {
            c |= riichi::IPPATSU;
        }
    }
    if case.replacement {
        c |= riichi::RINSHAN;
    }
    if case.robbed {
        c |= riichi::CHANKAN;
    }
    if case.last && case.tsumo && !case.replacement {
        c |= riichi::HAITEI;
    }
    if case.last && !case.tsumo && !case.robbed {
        c |= riichi::HOUTEI;
    }
    let own_discards = st.discards.iter().any(|d| usize::from(d.seat) == seat);
    if melds_total(st) == 0 && !own_discards {
        if case.tsumo && first_go_around(st) {
            c |= if usize::from(st.dealer) == seat {
                riichi::TENHOU
            } else {
                riichi::CHIIHOU
            };
        } else if !case.tsumo && st.rules.riichi.renhou && usize::from(st.dealer) != seat {
            c |= riichi::RENHOU;
        }
    }
    h.conditions = c;
    h
}

/// Whether `hand` (3n+2 tiles, `tile` the winning code in it) wins with a yaku.
fn has_yaku(st: &SeatState<'_>, hand: &Counts, red: [u8; 3], tile: u8, case: WinCase) -> bool {
    let h = scorer_hand(st, hand, red, tile, case);
    match riichi::score(&h, &st.rules.riichi.scoring) {
        Ok(_) => true,
        Err(crate::Error::NoYaku) => false,
        Err(e) => {
            debug_assert!(false, "the scorer refused table facts: {e:?} for {h:?}");
            false
        }
    }
}

/// Whether the seat wins on the offered tile: the shape completes, no furiten, a yaku.
pub(crate) fn may_ron(st: &SeatState<'_>) -> bool {
    let tile = st.offered;
    if !can_take(st.hand, tile) {
        return false;
    }
    let t = usize::from(code_kind(tile));
    let mut h = *st.hand;
    h[t] += 1;
    if !complete(&h) {
        return false;
    }
    if st.riichi.furiten & (FURITEN_TEMPORARY | FURITEN_RIICHI) != 0 || own_discard_furiten(st) {
        return false;
    }
    if st.offer == Offer::ConcealedKong {
        // Only thirteen orphans robs a concealed kong.
        let orphans = crate::win::is_win(&h, Forms::THIRTEEN_ORPHANS).unwrap_or(false);
        if !orphans {
            return false;
        }
    }
    let mut red = st.red;
    if let Some(s) = crate::tile::is_red_code(tile).then(|| usize::from(tile - 42)) {
        red[s] += 1;
    }
    let case = WinCase {
        tsumo: false,
        robbed: st.offer != Offer::Discard,
        replacement: false,
        last: st.wall_left == 0,
    };
    has_yaku(st, &h, red, tile, case)
}

/// Whether the seat wins on the tile it drew (its hand holds it).
pub(crate) fn may_tsumo(st: &SeatState<'_>) -> bool {
    if st.drawn == NO_TILE || !complete(st.hand) {
        return false;
    }
    let case = WinCase {
        tsumo: true,
        robbed: false,
        replacement: st.riichi.replacement != 0,
        last: st.wall_left == 0,
    };
    has_yaku(st, st.hand, st.red, st.drawn, case)
}

/// Whether the seat's concealed hand has nine different terminals and honours.
fn nine_kinds(hand: &Counts) -> bool {
    TERMINALS_AND_HONORS
        .iter()
        .filter(|&&k| hand[k] > 0)
        .count()
        >= 9
}

fn turn(st: &SeatState<'_>, out: &mut Actions) {
    let me = st.seat;
    let r = &st.riichi;
    let (kong_count, _) = kongs(st);
    let kongs_ok = st.wall_left > 0 && kong_count < 4;
    match r.riichi[me] {
        RIICHI_DECLARED => {
            // The riichi discard: one that leaves the hand ready.
            let ready = ready_discards(st.hand);
            legal::discards(st, out, |k| ready >> k & 1 != 0);
        }
        RIICHI_DISCARDED | RIICHI_ACCEPTED => {
            // In riichi: win, a concealed kong of the drawn tile that keeps the waits, or the
            // drawn tile.
            if st.drawn == NO_TILE {
                legal::discards(st, out, |_| true);
                return;
            }
            if may_tsumo(st) {
                out.push(Action::new(ActionKind::Win, st.drawn));
            }
            let k = usize::from(code_kind(st.drawn));
            if kongs_ok && st.hand[k] == 4 {
                let mut before = *st.hand;
                before[k] -= 1;
                let mut after = *st.hand;
                after[k] = 0;
                let w = waits(&before);
                if w != 0 && w == waits(&after) {
                    out.push(Action::with_aux(
                        ActionKind::ConcealedKong,
                        k as u8,
                        red_of(&st.red, k),
                    ));
                }
            }
            out.push(Action::new(ActionKind::Discard, st.drawn));
        }
        _ => {
            if st.drawn != NO_TILE {
                if may_tsumo(st) {
                    out.push(Action::new(ActionKind::Win, st.drawn));
                }
                if kongs_ok {
                    legal::own_kongs(st, out);
                }
                let own_discards = st.discards.iter().any(|d| usize::from(d.seat) == me);
                if st.rules.riichi.nine_terminals
                    && first_go_around(st)
                    && !own_discards
                    && nine_kinds(st.hand)
                {
                    out.push(Action::new(ActionKind::NineTerminals, NO_TILE));
                }
            }
            let kuikae = r.kuikae;
            legal::discards(st, out, |k| kuikae >> k & 1 == 0);
            let concealed = st.melds.iter().all(|m| m.kind == MeldKind::ConcealedKong);
            if concealed
                && st.scores[me] >= 1000
                && st.wall_left >= 4
                && ready_discards(st.hand) != 0
            {
                out.push(Action::new(ActionKind::Riichi, NO_TILE));
            }
        }
    }
}

/// The kinds kuikae forbids after a claim of `tile` (a kind) into the meld whose lowest kind is
/// `low` (a chow) or `tile` (a pung): the claimed kind, and for a chow claimed at one end, the
/// kind beyond the other end.
pub(crate) fn kuikae_kinds(kind: MeldKind, low: usize, tile: usize) -> u64 {
    let mut m = 1u64 << tile;
    if kind == MeldKind::Chow {
        if tile == low && number(low) <= 6 {
            m |= 1 << (low + 3);
        } else if tile == low + 2 && number(low) >= 2 {
            m |= 1 << (low - 1);
        }
    }
    m
}

/// Whether the seat keeps a tile it may discard after claiming `a` (kuikae).
fn keeps_a_discard(st: &SeatState<'_>, a: &Action) -> bool {
    let t = usize::from(code_kind(st.offered));
    let mut h = *st.hand;
    let (low, kind) = match a.kind {
        ActionKind::Chow => {
            let low = usize::from(a.tile);
            for (k, c) in h.iter_mut().enumerate().skip(low).take(3) {
                if k != t {
                    *c -= 1;
                }
            }
            (low, MeldKind::Chow)
        }
        _ => {
            h[t] -= 2;
            (t, MeldKind::Pung)
        }
    };
    let forbidden = if st.rules.riichi.kuikae {
        kuikae_kinds(kind, low, t)
    } else {
        0
    };
    (0..TILE_KINDS).any(|k| h[k] > 0 && forbidden >> k & 1 == 0)
}

fn claim(st: &SeatState<'_>, out: &mut Actions) {
    if may_ron(st) {
        out.push(Action::new(ActionKind::Win, st.offered));
    }
    if st.offer != Offer::Discard
        || st.riichi.riichi[st.seat] != RIICHI_NONE
        || st.wall_left == 0
        || abort_pending(st).is_some()
    {
        return;
    }
    let (kong_count, _) = kongs(st);
    let mut calls = Actions::new();
    legal::claim_melds(
        st,
        &mut calls,
        kong_count < 4,
        st.seat == st.next_after_actor(),
    );
    for a in calls.as_slice() {
        if a.kind == ActionKind::ExposedKong || keeps_a_discard(st, a) {
            out.push(*a);
        }
    }
}

/// The legal actions of a seat at a riichi table (the rules are on the table page).
pub(crate) fn seat_actions(st: &SeatState<'_>) -> Actions {
    let mut out = Actions::new();
    if !st.pending {
        return out;
    }
    match st.phase {
        Phase::Turn => turn(st, &mut out),
        Phase::Claim => {
            claim(st, &mut out);
            out.push(Action::PASS);
        }
        Phase::Over => {}
    }
    out
}

/// Whether `tile` completes the 3n+1 `hand` (a wait), whether or not it may win on it.
pub(crate) fn completes_hand(hand: &Counts, tile: u8) -> bool {
    if !can_take(hand, tile) {
        return false;
    }
    let mut h = *hand;
    h[usize::from(code_kind(tile))] += 1;
    complete(&h)
}
