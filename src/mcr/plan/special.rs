//! The special forms' distances in closed form. Every special form scores at least 8 fan (七对
//! 24, 十三幺 88, 全不靠 12, 七星不靠 24, 组合龙 12), so any of its targets qualifies with any
//! winning tile: only the least number of missing tiles matters, under the live caps.

use super::{Plan, PlanHand};
use crate::mcr::fans;
use crate::tile::{Counts, TILE_KINDS};

/// A special form's distance (missing tiles - 1, or [`Plan::NONE`]), the kinds whose draw
/// lowers it, and its fan id (for the routes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FormDistance {
    pub fan: u8,
    pub distance: i32,
    pub draws: u64,
}

impl FormDistance {
    const fn none(fan: usize) -> FormDistance {
        FormDistance {
            fan: fan as u8,
            distance: Plan::NONE,
            draws: 0,
        }
    }
}

/// The six knitted straights (147, 258, 369 over the three suits).
const KNITTED: [u64; 6] = crate::win::knitted::FAMILIES;
const HONORS: u64 = 0x7F << 27;
const ORPHANS: u64 = crate::tile::TERMINALS_AND_HONORS_MASK;

/// Least missing tiles for seven pairs (a four of a kind is two pairs).
pub(crate) fn seven_pairs(c: &Counts, caps: &Counts) -> Option<u32> {
    // Pair slots by cost: a kind's first pair costs 2 - min(c, 2), its second (four of a kind)
    // costs what the four needs beyond the first pair; a kind's second slot never costs less
    // than its first, so the seven cheapest slots are a valid choice.
    let mut by_cost = [0u32; 3];
    for k in 0..TILE_KINDS {
        let n = c[k];
        if caps[k] >= 2 {
            by_cost[usize::from(2 - n.min(2))] += 1;
        }
        if caps[k] >= 4 {
            by_cost[usize::from(4u8.saturating_sub(n) - 2u8.saturating_sub(n))] += 1;
        }
    }
    let mut need = 7u32;
    let mut missing = 0;
    for (cost, &n) in by_cost.iter().enumerate() {
        let take = need.min(n);
        missing += take * cost as u32;
        need -= take;
    }
    (need == 0).then_some(missing)
}

/// Least missing tiles for thirteen orphans.
pub(crate) fn thirteen_orphans(c: &Counts, caps: &Counts) -> Option<u32> {
    let mut missing = 0;
    let (mut has_pair, mut can_pair) = (false, false);
    for k in 0..TILE_KINDS {
        if ORPHANS >> k & 1 == 0 {
            continue;
        }
        if caps[k] == 0 {
            return None;
        }
        missing += u32::from(c[k] == 0);
        has_pair |= c[k] >= 2;
        can_pair |= caps[k] >= 2;
    }
    if has_pair {
        Some(missing)
    } else if can_pair {
        Some(missing + 1)
    } else {
        None
    }
}

/// Least missing tiles for 全不靠 / 七星不靠: fourteen different kinds among one knitted
/// straight's nine and the seven honours.
pub(crate) fn honors_and_knitted(c: &Counts, caps: &Counts) -> Option<u32> {
    let held = (0..TILE_KINDS).fold(0u64, |m, k| m | u64::from(c[k] != 0) << k);
    let live = (0..TILE_KINDS).fold(0u64, |m, k| m | u64::from(caps[k] != 0) << k);
    KNITTED
        .iter()
        .filter_map(|&fam| {
            let cand = fam | HONORS;
            ((cand & live).count_ones() >= 14).then(|| 14 - (cand & held).count_ones().min(14))
        })
        .min()
}

/// Least missing tiles of the knitted tiles alone (a lower bound of 组合龙's).
pub(crate) fn knitted_lower(c: &Counts, caps: &Counts) -> Option<u32> {
    KNITTED
        .iter()
        .filter(|&&fam| (0..27).all(|k| fam >> k & 1 == 0 || caps[k] != 0))
        .map(|&fam| (0..27).filter(|&k| fam >> k & 1 == 1 && c[k] == 0).count() as u32)
        .min()
}

/// Least missing tiles for 组合龙 (one knitted straight, one set and a pair; the set may be the
/// one declared meld, `declared`), over the families whose knitted tiles miss at most `limit`
/// tiles, and the kinds missing in some target with that many missing.
pub(crate) fn knitted_within(
    c: &Counts,
    caps: &Counts,
    declared: bool,
    limit: u32,
) -> Option<(u32, u64)> {
    let mut best: Option<(u32, u64)> = None;
    for &fam in &KNITTED {
        let mut rest = *c;
        let mut room = *caps;
        let mut missing = 0;
        let mut must = 0u64;
        let mut ok = true;
        for k in 0..27 {
            if fam >> k & 1 == 0 {
                continue;
            }
            if caps[k] == 0 {
                ok = false;
                break;
            }
            room[k] -= 1;
            if rest[k] > 0 {
                rest[k] -= 1;
            } else {
                missing += 1;
                must |= 1 << k;
            }
        }
        if !ok || missing > limit {
            continue;
        }
        if best.is_some_and(|(b, _)| missing > b) {
            continue;
        }
        let Some((m, kinds)) = set_and_pair(&rest, &room, !declared) else {
            continue;
        };
        let total = missing + m;
        match best {
            Some((b, _)) if total > b => {}
            Some((b, k)) if total == b => best = Some((b, k | must | kinds)),
            _ => best = Some((total, must | kinds)),
        }
    }
    best
}

/// [`knitted_within`]'s least missing tiles alone, by a faster search: the pair and the set
/// are taken among those that use a held tile, and a few that use none (enough that one of them
/// avoids the other part's kinds), which gives the same least count.
pub(crate) fn knitted_missing(
    c: &Counts,
    caps: &Counts,
    declared: bool,
    limit: u32,
) -> Option<u32> {
    let mut best: Option<u32> = None;
    for &fam in &KNITTED {
        let mut rest = *c;
        let mut room = *caps;
        let mut missing = 0;
        let mut ok = true;
        for k in 0..27 {
            if fam >> k & 1 == 0 {
                continue;
            }
            if caps[k] == 0 {
                ok = false;
                break;
            }
            room[k] -= 1;
            if rest[k] > 0 {
                rest[k] -= 1;
            } else {
                missing += 1;
            }
        }
        if !ok || missing > limit || best.is_some_and(|b| missing >= b) {
            continue;
        }
        if let Some(m) = set_and_pair_min(&rest, &room, !declared) {
            let total = missing + m;
            if best.is_none_or(|b| total < b) {
                best = Some(total);
            }
        }
    }
    best
}

/// Least missing tiles for a pair (and a set when `with_set`) from `rest` under `room`: see
/// [`knitted_missing`].
fn set_and_pair_min(rest: &Counts, room: &Counts, with_set: bool) -> Option<u32> {
    // Pair kinds: the held ones and up to five others.
    let mut pairs = [0u8; TILE_KINDS];
    let mut np = 0;
    let mut fresh = 0;
    for p in 0..TILE_KINDS {
        if room[p] >= 2 && (rest[p] > 0 || fresh < 5) {
            fresh += usize::from(rest[p] == 0);
            pairs[np] = p as u8;
            np += 1;
        }
    }
    // Sets: `(chow, first)` touching a held tile, and up to six touching none.
    let mut sets = [(false, 0u8); 64];
    let mut ns = 0;
    if with_set {
        let mut fresh = 0;
        for q in 0..TILE_KINDS {
            if room[q] >= 3 && (rest[q] > 0 || fresh < 6) {
                fresh += usize::from(rest[q] == 0);
                sets[ns] = (false, q as u8);
                ns += 1;
            }
            if q < 27 && q % 9 <= 6 && (q..q + 3).all(|x| room[x] >= 1) {
                let touches = (q..q + 3).any(|x| rest[x] > 0);
                if touches || fresh < 6 {
                    fresh += usize::from(!touches);
                    sets[ns] = (true, q as u8);
                    ns += 1;
                }
            }
        }
    }
    let mut best: Option<u32> = None;
    for &p in &pairs[..np] {
        let p = usize::from(p);
        let pair_missing = 2 - u32::from(rest[p].min(2));
        if !with_set {
            best = Some(best.map_or(pair_missing, |b| b.min(pair_missing)));
            continue;
        }
        let mut r = *rest;
        r[p] -= rest[p].min(2);
        let mut left = *room;
        left[p] -= 2;
        for &(chow, q) in &sets[..ns] {
            let q = usize::from(q);
            let m = if chow {
                if !(q..q + 3).all(|x| left[x] >= 1) {
                    continue;
                }
                (q..q + 3).filter(|&x| r[x] == 0).count() as u32
            } else {
                if left[q] < 3 {
                    continue;
                }
                3 - u32::from(r[q].min(3))
            };
            let total = pair_missing + m;
            best = Some(best.map_or(total, |b| b.min(total)));
        }
    }
    best
}

/// Least missing tiles for a pair (and a set when `with_set`) from `rest` under `room`, and the
/// kinds missing in some best choice. The least count comes from [`set_and_pair_min`]; then
/// only the pairs and sets that can reach it alone are combined.
fn set_and_pair(rest: &Counts, room: &Counts, with_set: bool) -> Option<(u32, u64)> {
    let best = set_and_pair_min(rest, room, with_set)?;
    let mut kinds_all = 0u64;
    // Every set's missing tiles on `rest` alone (a pair taking some of its tiles only adds).
    let mut sets = [(false, 0u8, 0u32); 64];
    let mut ns = 0;
    if with_set {
        for q in 0..TILE_KINDS {
            if room[q] >= 3 {
                sets[ns] = (false, q as u8, 3 - u32::from(rest[q].min(3)));
                ns += 1;
            }
            if q < 27 && q % 9 <= 6 && (q..q + 3).all(|x| room[x] >= 1) {
                let m = (q..q + 3).filter(|&x| rest[x] == 0).count() as u32;
                sets[ns] = (true, q as u8, m);
                ns += 1;
            }
        }
    }
    for p in 0..TILE_KINDS {
        if room[p] < 2 {
            continue;
        }
        let pair_missing = 2 - u32::from(rest[p].min(2));
        if pair_missing > best {
            continue;
        }
        let pair_kinds = if pair_missing > 0 { 1u64 << p } else { 0 };
        if !with_set {
            if pair_missing == best {
                kinds_all |= pair_kinds;
            }
            continue;
        }
        let mut r = *rest;
        r[p] -= rest[p].min(2);
        let mut left = *room;
        left[p] -= 2;
        for &(chow, q, alone) in &sets[..ns] {
            if pair_missing + alone > best {
                continue;
            }
            let q = usize::from(q);
            let (m, kinds) = if chow {
                if !(q..q + 3).all(|x| left[x] >= 1) {
                    continue;
                }
                let mut m = 0;
                let mut k = 0u64;
                for (x, &n) in r.iter().enumerate().skip(q).take(3) {
                    if n == 0 {
                        m += 1;
                        k |= 1 << x;
                    }
                }
                (m, k)
            } else {
                if left[q] < 3 {
                    continue;
                }
                (
                    3 - u32::from(r[q].min(3)),
                    if r[q] < 3 { 1u64 << q } else { 0 },
                )
            };
            if pair_missing + m == best {
                kinds_all |= pair_kinds | kinds;
            }
        }
    }
    Some((best, kinds_all))
}

/// Distance of a form from its missing-tile function `f` (its draws come later from
/// [`form_draws`], only for the forms that matter).
fn form(
    fan: usize,
    c: &Counts,
    caps: &Counts,
    f: fn(&Counts, &Counts) -> Option<u32>,
) -> FormDistance {
    match f(c, caps) {
        Some(missing) => FormDistance {
            fan: fan as u8,
            distance: missing as i32 - 1,
            draws: 0,
        },
        None => FormDistance::none(fan),
    }
}

/// The live kinds after whose draw `f` finds fewer tiles missing.
fn draws_by(c: &Counts, caps: &Counts, f: impl Fn(&Counts, &Counts) -> Option<u32>) -> u64 {
    let Some(missing) = f(c, caps) else {
        return 0;
    };
    let mut draws = 0u64;
    let mut d = *c;
    for x in 0..TILE_KINDS {
        if c[x] >= caps[x] {
            continue; // no unseen copy
        }
        d[x] += 1;
        if f(&d, caps).is_some_and(|m| m < missing) {
            draws |= 1 << x;
        }
        d[x] -= 1;
    }
    draws
}

/// Kinds with an unseen copy left.
fn drawable(c: &Counts, caps: &Counts) -> u64 {
    (0..TILE_KINDS).fold(0u64, |m, k| m | u64::from(c[k] < caps[k]) << k)
}

/// [`draws_by`] of [`thirteen_orphans`]: a missing orphan; without a pair also a held orphan
/// that can be paired.
fn orphans_draws(c: &Counts, caps: &Counts) -> u64 {
    if thirteen_orphans(c, caps).is_none() {
        return 0;
    }
    let held = (0..TILE_KINDS).fold(0u64, |m, k| m | u64::from(c[k] != 0) << k);
    let paired = (0..TILE_KINDS).any(|k| ORPHANS >> k & 1 == 1 && c[k] >= 2);
    let pairable = (0..TILE_KINDS).fold(0u64, |m, k| m | u64::from(caps[k] >= 2) << k);
    let mut d = ORPHANS & !held;
    if !paired {
        d |= ORPHANS & held & pairable;
    }
    d & drawable(c, caps)
}

/// [`draws_by`] of [`honors_and_knitted`]: a kind not held of a family with the fewest
/// missing.
fn honors_and_knitted_draws(c: &Counts, caps: &Counts) -> u64 {
    let Some(missing) = honors_and_knitted(c, caps) else {
        return 0;
    };
    if missing == 0 {
        return 0;
    }
    let held = (0..TILE_KINDS).fold(0u64, |m, k| m | u64::from(c[k] != 0) << k);
    let live = (0..TILE_KINDS).fold(0u64, |m, k| m | u64::from(caps[k] != 0) << k);
    let mut d = 0u64;
    for &fam in &KNITTED {
        let cand = fam | HONORS;
        if (cand & live).count_ones() >= 14 && 14 - (cand & held).count_ones().min(14) == missing {
            d |= cand & !held;
        }
    }
    d & drawable(c, caps)
}

/// The draws of the special form `fan` (a fan id of [`concealed_forms`] or
/// [`knitted_form`]): the live kinds missing in some of its nearest targets.
pub(crate) fn form_draws(fan: usize, hand: &PlanHand, caps: &Counts) -> u64 {
    let c = &hand.concealed;
    match fan {
        fans::SEVEN_PAIRS => draws_by(c, caps, seven_pairs),
        fans::THIRTEEN_ORPHANS => orphans_draws(c, caps),
        fans::LESSER_HONORS_AND_KNITTED => honors_and_knitted_draws(c, caps),
        fans::KNITTED_STRAIGHT => {
            // Every missing kind of a nearest target is a draw (any winning tile qualifies);
            // when ready, the missing kinds are the winning tiles.
            let declared = hand.meld_count == 1;
            let live = (0..TILE_KINDS).fold(0u64, |m, k| m | u64::from(c[k] < caps[k]) << k);
            // Only the families whose knitted tiles alone miss no more than the best can hold
            // a nearest target.
            let Some(best) = knitted_missing(c, caps, declared, u32::MAX) else {
                return 0;
            };
            knitted_within(c, caps, declared, best).map_or(0, |(_, kinds)| kinds & live)
        }
        _ => 0,
    }
}

/// Seven pairs, thirteen orphans and 全不靠 of a concealed waiting hand (none of them has a
/// declared meld); distances only.
pub(crate) fn concealed_forms(hand: &PlanHand, caps: &Counts) -> [FormDistance; 3] {
    let c = &hand.concealed;
    if hand.meld_count != 0 {
        return [
            FormDistance::none(fans::SEVEN_PAIRS),
            FormDistance::none(fans::THIRTEEN_ORPHANS),
            FormDistance::none(fans::LESSER_HONORS_AND_KNITTED),
        ];
    }
    [
        form(fans::SEVEN_PAIRS, c, caps, seven_pairs),
        form(fans::THIRTEEN_ORPHANS, c, caps, thirteen_orphans),
        form(fans::LESSER_HONORS_AND_KNITTED, c, caps, honors_and_knitted),
    ]
}

/// 组合龙 of a waiting hand with at most one declared meld, when its distance can be at most
/// `bound` (else [`Plan::NONE`]); distance only.
pub(crate) fn knitted_form(hand: &PlanHand, caps: &Counts, bound: i32) -> FormDistance {
    if hand.meld_count > 1 {
        return FormDistance::none(fans::KNITTED_STRAIGHT);
    }
    let declared = hand.meld_count == 1;
    // Families whose knitted tiles alone miss more than `bound + 1` cannot be in reach.
    let limit = u32::try_from(bound.saturating_add(1)).unwrap_or(0);
    match knitted_missing(&hand.concealed, caps, declared, limit) {
        Some(missing) if missing as i32 - 1 <= bound => FormDistance {
            fan: fans::KNITTED_STRAIGHT as u8,
            distance: missing as i32 - 1,
            draws: 0,
        },
        _ => FormDistance::none(fans::KNITTED_STRAIGHT),
    }
}
