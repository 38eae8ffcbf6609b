//! Discard candidates of mjkit's bot: shanten, live acceptance and its weighting, the order of
//! efficiency and the two-step look-ahead among close candidates.

use super::{LOOK_AHEAD_MAX, LOOK_AHEAD_SECOND, LOOK_AHEAD_SHARE, PUNG_WEIGHT, Reading};
use crate::efficiency;
use crate::forms::Forms;
use crate::tile::{Counts, HONOR_START, TILE_KINDS};
use std::cmp::Ordering;

/// One discard candidate: shanten, live ukeire and weighted acceptance after it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Candidate {
    pub(super) tile: u8,
    pub(super) shanten: i32,
    pub(super) ukeire: u32,
    pub(super) accept: f64,
    /// Kinds whose draw lowers the shanten number after the discard.
    pub(super) mask: u64,
}

impl Candidate {
    /// An unused slot.
    pub(super) const NONE: Candidate = Candidate {
        tile: 0,
        shanten: 0,
        ukeire: 0,
        accept: 0.0,
        mask: 0,
    };
}

/// Scores every discard of a 3n+2 hand, counting the tiles of `visible` as gone; returns how
/// many were written.
pub(super) fn candidates(
    hand: &Counts,
    visible: &Counts,
    out: &mut [Candidate; TILE_KINDS],
) -> usize {
    let mut list = Vec::with_capacity(TILE_KINDS);
    if efficiency::discards(hand, Forms::REGULAR, Some(visible), |d| list.push(d)).is_err() {
        return 0;
    }
    let mut n = 0;
    for d in &list {
        let t = usize::from(d.tile());
        let mut after = *hand;
        after[t] -= 1;
        let accept = weighted_acceptance(&after, d.shanten, d.ukeire_mask, visible);
        out[n] = Candidate {
            tile: d.tile(),
            shanten: d.shanten,
            ukeire: d.ukeire_count,
            accept,
            mask: d.ukeire_mask,
        };
        n += 1;
    }
    n
}

/// Live acceptance of a 3n+1 hand weighted by how the accepted kinds can arrive: a kind the
/// hand holds a pair of can also be punged from any discard, a kind that completes a run can
/// be chowed from the left seat.
pub(super) fn weighted_acceptance(
    after: &Counts,
    shanten: i32,
    mask: u64,
    visible: &Counts,
) -> f64 {
    // Live copies of every accepted kind, and of those the hand holds a pair of.
    let (mut live, mut paired) = (0u32, 0u32);
    let mut m = mask;
    while m != 0 {
        let k = m.trailing_zeros() as usize;
        m &= m - 1;
        let l = u32::from(4u8.saturating_sub(after[k] + visible[k]));
        live += l;
        paired += l & 0u32.wrapping_sub(u32::from(after[k] >= 2));
    }
    let pung = if shanten >= 1 { PUNG_WEIGHT } else { 0.0 };
    f64::from(live) + pung * f64::from(paired)
}

/// The most efficient discard: lowest shanten, then most weighted live ukeire, then the tile that
/// connects least with the hand, then the tie-break value.
pub(super) fn most_efficient(hand: &Counts, cs: &[Candidate], tie_break: u64) -> Candidate {
    *cs.iter()
        .min_by(|a, b| efficiency_order(hand, tie_break, a, b))
        .expect("a 3n+2 hand has a discard")
}

/// The order of [`most_efficient`]: lowest shanten, then most weighted live ukeire, then the
/// tile that connects least with the hand, then the tie-break value.
pub(super) fn efficiency_order(
    hand: &Counts,
    tie_break: u64,
    a: &Candidate,
    b: &Candidate,
) -> Ordering {
    a.shanten
        .cmp(&b.shanten)
        .then_with(|| b.accept.total_cmp(&a.accept))
        .then_with(|| {
            connectivity(hand, a.tile.into()).total_cmp(&connectivity(hand, b.tile.into()))
        })
        .then_with(|| tie_key(tie_break, a.tile).cmp(&tie_key(tie_break, b.tile)))
}

/// The most efficient discard among the close candidates by the two-step value: the
/// candidates of the best one's shanten (1 or more) whose weighted acceptance is at least
/// `LOOK_AHEAD_SHARE` of the best, the first `LOOK_AHEAD_MAX` of them in the order of
/// [`most_efficient`]; with two or more, the highest [`two_step_values`] wins (ties keep that
/// order), the second discard taken among the first `LOOK_AHEAD_SECOND` candidates of that
/// shanten. `best` is the most efficient of `cs`.
pub(super) fn look_ahead(
    hand: &Counts,
    cs: &[Candidate],
    best: Candidate,
    r: &Reading,
    tie_break: u64,
) -> Candidate {
    if best.shanten < 1 {
        return best;
    }
    let floor = LOOK_AHEAD_SHARE * best.accept;
    if cs
        .iter()
        .filter(|c| c.shanten == best.shanten && c.accept >= floor)
        .nth(1)
        .is_none()
    {
        return best;
    }
    // The candidates of that shanten in the order of `most_efficient`.
    let mut same = [best; TILE_KINDS];
    let mut n = 0;
    for c in cs.iter().filter(|c| c.shanten == best.shanten) {
        same[n] = *c;
        n += 1;
    }
    let same = &mut same[..n];
    same.sort_unstable_by(|a, b| efficiency_order(hand, tie_break, a, b));
    // Sorted by acceptance first: the close ones are a prefix.
    let close = &same[..n.min(LOOK_AHEAD_SECOND)];
    let compared = close
        .iter()
        .take(LOOK_AHEAD_MAX)
        .filter(|c| c.accept >= floor)
        .count();
    let mut values = [0.0f64; LOOK_AHEAD_MAX];
    two_step_values(hand, close, compared, &r.visible, &mut values);
    let mut top = 0;
    for i in 1..compared {
        if values[i] > values[top] + 1e-9 {
            top = i;
        }
    }
    close[top]
}

/// Live copies of kind `t` after `discard` from `hand` when the draw can still come (0 when
/// every copy is seen).
pub(super) fn live_after(hand: &Counts, discard: usize, t: usize, visible: &Counts) -> u8 {
    4u8.saturating_sub(hand[t] - u8::from(discard == t) + visible[t])
}

/// Two-step values of discarding each of the first `compared` of `close` (candidates of one
/// shanten `s` >= 1) from the 3n+2 `hand`: for candidate `a`, the sum over its live accepted
/// draws `t` of the live copies of `t` (weighted as in [`weighted_acceptance`]) times the best
/// weighted acceptance at shanten `s - 1` after drawing `t` and discarding another of `close`
/// (`a` itself again when the hand holds two), 0 when none of them keeps `s - 1`.
///
/// The hand after discarding `a`, drawing `t` and discarding `b` is the hand after discarding
/// `b`, drawing `t` and discarding `a`: each pair of candidates is one 3n-tile base, evaluated
/// once for the draws of both ([`crate::shanten::draws_lowering_draws`], incremental per draw).
pub(super) fn two_step_values(
    hand: &Counts,
    close: &[Candidate],
    compared: usize,
    visible: &Counts,
    out: &mut [f64],
) {
    let total: u32 = hand.iter().map(|&x| u32::from(x)).sum();
    let target = close[0].shanten - 1;
    let mut lives = [0u64; LOOK_AHEAD_MAX];
    for (l, c) in lives.iter_mut().zip(&close[..compared]) {
        let a = usize::from(c.tile);
        let mut m = c.mask;
        while m != 0 {
            let t = m.trailing_zeros() as usize;
            m &= m - 1;
            if live_after(hand, a, t, visible) > 0 {
                *l |= 1 << t;
            }
        }
    }
    let live_of = |k: usize| if k < compared { lives[k] } else { 0 };
    let mut second = [[0.0f64; TILE_KINDS]; LOOK_AHEAD_MAX];
    for (i, c) in close[..compared].iter().enumerate() {
        let a = usize::from(c.tile);
        for (j, d) in close.iter().enumerate().skip(i) {
            let b = usize::from(d.tile);
            let mut base = *hand;
            base[a] -= 1;
            if base[b] == 0 {
                continue;
            }
            base[b] -= 1;
            // Drawing `a` or `b` back gives a hand of shanten `s`: never `s - 1`.
            let draws = (lives[i] | live_of(j)) & !(1u64 << a | 1u64 << b);
            // One draw lowers the shanten by at most one: the hands kept are at `s - 1`.
            crate::shanten::draws_lowering_draws(
                &base,
                total - 1,
                Forms::REGULAR,
                draws,
                target,
                |t, s2, m2| {
                    let mut h = base;
                    h[t] += 1;
                    let w = weighted_acceptance(&h, s2, m2, visible);
                    for k in [i, j] {
                        if live_of(k) >> t & 1 != 0 && w > second[k][t] {
                            second[k][t] = w;
                        }
                    }
                },
            );
        }
    }
    for (i, c) in close[..compared].iter().enumerate() {
        let a = usize::from(c.tile);
        let mut v = 0.0;
        let mut m = lives[i];
        while m != 0 {
            let t = m.trailing_zeros() as usize;
            m &= m - 1;
            let held = hand[t] - u8::from(a == t);
            let w = if held >= 2 { 1.0 + PUNG_WEIGHT } else { 1.0 };
            v += f64::from(live_after(hand, a, t, visible)) * w * second[i][t];
        }
        out[i] = v;
    }
}

/// How much a kind connects with the hand (for tie-breaking).
pub(super) fn connectivity(hand: &Counts, k: usize) -> f64 {
    let mut c = f64::from(hand[k]) * 2.0;
    if k < HONOR_START {
        let n = k % 9;
        for (dn, w) in [(-2i32, 0.5), (-1, 1.0), (1, 1.0), (2, 0.5)] {
            let m = n as i32 + dn;
            if (0..9).contains(&m) {
                c += w * f64::from(hand[k - n + m as usize]);
            }
        }
        c += if n == 0 || n == 8 { 0.0 } else { 0.5 };
    }
    c
}

pub(super) fn tie_key(tie_break: u64, tile: u8) -> u64 {
    let mut z = tie_break ^ u64::from(tile).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z ^ (z >> 29)
}
