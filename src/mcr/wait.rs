//! "Unique wait" (独听) as the reference decides it: the set of tiles its wait search finds for
//! the hand without the winning tile must have exactly one element.
//!
//! The search: with 4 tiles left, every pair is removed and the first remaining group that can
//! wait is read (a second copy, two in a row, or a gap); with 1 tile left, that tile; otherwise
//! every pung and chow is removed in turn. For 13 concealed tiles the seven-pairs wait is added.
//! Counts are `u16` and the winning tile is removed with wrapping arithmetic: for 组合龙 the
//! winning tile may be one of the nine knitted tiles, already taken out, and the reference then
//! searches a table holding 65535 copies of it. The result of that case is reproduced as is.

use super::{
    Context, count_bit_mask, from_ref, is_suited, mask_to_ref, pair_count, rank, single_bit, to_ref,
};
use crate::hand::Hand;
use crate::tile::TILE_KINDS;

pub(crate) type Wide = [u16; TILE_KINDS];

/// Whether the regular (or seven pairs) wait of the concealed hand is unique.
///
/// When the winning tile is in the hand (always, for this call), the search above finds exactly
/// the kinds that complete the hand without it as a regular hand (a fifth copy allowed), plus
/// the seven-pairs wait for 13 tiles; this computes that set directly and stops at two.
pub(crate) fn is_unique_wait(ctx: &Context) -> bool {
    if ctx.fixed_n == 4 {
        return true; // one tile left: it waits on itself only
    }
    let mut c = ctx.counts;
    c[ctx.win_kind] -= 1;
    let Ok(hand) = Hand::new(&c) else {
        return false; // unreachable: a validated hand minus one tile
    };
    let c = hand.counts();
    // The reference order copy is only read for kinds held four times.
    let mut r = ctx.standing;
    r[ctx.win] -= 1;
    let mut mask = completions(&hand, &r);
    if ctx.fixed_n == 0 && pair_count(c) == 6 {
        // Seven pairs (a four counts twice): with six pairs, the first kind in reference order
        // held once or three times.
        let odd = mask_to_ref(count_bit_mask(c, 0));
        if odd != 0 {
            mask |= 1 << from_ref(odd.trailing_zeros() as usize);
        }
    }
    single_bit(mask)
}

/// Whether exactly one kind completes `c` (reference order, 3n+1 tiles, counts at most 4) as
/// sets and a pair, a fifth copy allowed; the reference's search finds exactly these kinds when
/// no count is wrapped.
pub(crate) fn unique_completion(c: &[u8; TILE_KINDS]) -> bool {
    let mut counts = [0u8; TILE_KINDS];
    for (p, &x) in c.iter().enumerate() {
        counts[from_ref(p)] = x;
    }
    let Ok(hand) = Hand::new(&counts) else {
        return false; // unreachable: at most 4 copies and 13 tiles
    };
    single_bit(completions(&hand, c))
}

/// Kinds (mjkit order) that complete `hand` as a regular hand when a fifth copy is allowed;
/// `r` is the same hand in reference order. The table-driven waits leave out kinds held four
/// times; those are checked directly.
fn completions(hand: &Hand, r: &[u8; TILE_KINDS]) -> u64 {
    let mut mask = crate::win::regular::waits(hand);
    let mut fours = count_bit_mask(hand.counts(), 2);
    while fours != 0 {
        let k = fours.trailing_zeros() as usize;
        fours &= fours - 1;
        let mut d = *r;
        d[to_ref(k)] += 1;
        if is_regular_complete(&d) {
            mask |= 1 << k;
        }
    }
    mask
}

/// [`unique_completion`] by trying every kind near a held tile (slow; for the tests).
#[cfg(test)]
pub(crate) fn unique_completion_by_scan(c: &[u8; TILE_KINDS]) -> bool {
    let mut near = 0u64;
    for (p, &x) in c.iter().enumerate() {
        if x != 0 {
            near |= 1 << p;
            if is_suited(p) {
                let lo = p - (rank(p) - 1).min(2);
                let hi = p + (9 - rank(p)).min(2);
                near |= ((1u64 << (hi + 1)) - 1) & !((1u64 << lo) - 1);
            }
        }
    }
    let mut d = *c;
    let mut found = 0;
    while near != 0 {
        let w = near.trailing_zeros() as usize;
        near &= near - 1;
        d[w] += 1;
        if is_regular_complete(&d) {
            found += 1;
            if found > 1 {
                return false;
            }
        }
        d[w] -= 1;
    }
    found == 1
}

/// The reference search, kept for the tests (slow).
#[cfg(test)]
pub(crate) fn is_unique_wait_by_search(ctx: &Context) -> bool {
    let mut t: Wide = [0; TILE_KINDS];
    for (w, &c) in t.iter_mut().zip(ctx.standing.iter()) {
        *w = u16::from(c);
    }
    let n = 13 - 3 * ctx.fixed_n as i32;
    unique_after_removing(&mut t, n, ctx.win)
}

/// Whether counts (reference order, a count may be 5) form sets and one pair.
pub(crate) fn is_regular_complete(c: &[u8; TILE_KINDS]) -> bool {
    let mut pair_group = None;
    for g in 0..4 {
        let range = if g < 3 { g * 9..g * 9 + 9 } else { 27..34 };
        let sum: u32 = c[range].iter().map(|&x| u32::from(x)).sum();
        match sum % 3 {
            0 => {}
            2 if pair_group.is_none() => pair_group = Some(g),
            _ => return false,
        }
    }
    let Some(pg) = pair_group else {
        return false;
    };
    // Honours: every count 0 or 3, except one 2 (or 5) in the pair group.
    let honors = &c[27..34];
    if pg == 3 {
        if honors.iter().filter(|&&x| x == 2 || x == 5).count() != 1
            || honors.iter().any(|&x| !matches!(x, 0 | 2 | 3 | 5))
        {
            return false;
        }
    } else if honors.iter().any(|&x| x != 0 && x != 3) {
        return false;
    }
    for g in 0..3 {
        let mut a = [0u8; 9];
        a.copy_from_slice(&c[g * 9..g * 9 + 9]);
        if g == pg {
            let ok = (0..9).any(|r| {
                if a[r] < 2 {
                    return false;
                }
                let mut b = a;
                b[r] -= 2;
                sets_only(b)
            });
            if !ok {
                return false;
            }
        } else if !sets_only(a) {
            return false;
        }
    }
    true
}

/// Whether one suit splits into sets only: at the lowest rank, pungs for each three copies and
/// chows for the rest (three equal chows are three pungs).
fn sets_only(mut a: [u8; 9]) -> bool {
    for r in 0..9 {
        let x = a[r] % 3;
        if x != 0 {
            if r > 6 || a[r + 1] < x || a[r + 2] < x {
                return false;
            }
            a[r + 1] -= x;
            a[r + 2] -= x;
        }
    }
    true
}

/// Removes the winning tile from `t` (wrapping), collects the waits of a hand of `n` tiles and
/// tells whether there is exactly one. The reference's search as it is, kept for the tests.
#[cfg(test)]
pub(crate) fn unique_after_removing(t: &mut Wide, n: i32, win: usize) -> bool {
    t[win] = t[win].wrapping_sub(1);
    let mut mask = 0u64;
    if n == 13 {
        mask |= seven_pairs_wait(t);
    }
    search(t, n, -1, &mut mask);
    t[win] = t[win].wrapping_add(1);
    single_bit(mask)
}

/// `unique_after_removing` (the reference's search, in the tests) for the four tiles left
/// beside 组合龙 (`n` = 4): the same search, visiting only the kinds present (a mask kept along)
/// instead of scanning all 34.
pub(crate) fn unique_after_removing_4(t: &mut Wide, win: usize) -> bool {
    t[win] = t[win].wrapping_sub(1);
    let nz = t
        .iter()
        .enumerate()
        .fold(0u64, |m, (p, &c)| m | u64::from(c != 0) << p);
    let mut mask = 0u64;
    search_present(t, nz, 4, -1, &mut mask);
    t[win] = t[win].wrapping_add(1);
    single_bit(mask)
}

/// The reference's search (`search`, in the tests) where `nz` holds the kinds with a nonzero
/// count.
fn search_present(t: &mut Wide, nz: u64, n: i32, prev: i32, mask: &mut u64) {
    let kinds = |m: u64| {
        let mut m = m;
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let p = m.trailing_zeros() as usize;
                m &= m - 1;
                p
            })
        })
    };
    if n == 1 {
        if let Some(p) = kinds(nz).find(|&p| t[p] == 1) {
            *mask |= 1 << p;
        }
        return;
    }
    if n == 4 {
        for p in kinds(nz) {
            if t[p] >= 2 {
                t[p] -= 2;
                let left = if t[p] == 0 { nz & !(1 << p) } else { nz };
                *mask |= group_wait_present(t, left);
                t[p] += 2;
            }
        }
    }
    if n - 3 < 1 {
        return;
    }
    for p in kinds(nz) {
        let key = 2 * p as i32;
        if t[p] > 2 && key > prev {
            t[p] -= 3;
            let left = if t[p] == 0 { nz & !(1 << p) } else { nz };
            search_present(t, left, n - 3, key, mask);
            t[p] += 3;
        }
        if is_suited(p) && rank(p) <= 7 && nz >> (p + 1) & 3 == 3 && key + 1 >= prev {
            let mut left = nz;
            for (q, c) in t.iter_mut().enumerate().skip(p).take(3) {
                *c -= 1;
                if *c == 0 {
                    left &= !(1 << q);
                }
            }
            search_present(t, left, n - 3, key + 1, mask);
            t[p..p + 3].iter_mut().for_each(|c| *c += 1);
        }
    }
}

/// The first group's wait as in the reference (`group_wait`, in the tests), over the kinds in
/// `nz` (those with a nonzero count).
fn group_wait_present(t: &Wide, nz: u64) -> u64 {
    let mut m = nz;
    while m != 0 {
        let p = m.trailing_zeros() as usize;
        m &= m - 1;
        if t[p] > 1 {
            return 1 << p;
        }
        if is_suited(p) {
            let r = rank(p);
            if r > 1 && t[p - 1] != 0 {
                let mut w = 0;
                if r < 9 {
                    w |= 1 << (p + 1);
                }
                if r > 2 {
                    w |= 1 << (p - 2);
                }
                return w;
            }
            if r > 2 && t[p - 2] != 0 {
                return 1 << (p - 1);
            }
        }
    }
    0
}

#[cfg(test)]
fn seven_pairs_wait(t: &Wide) -> u64 {
    let pairs: u32 = t
        .iter()
        .map(|&c| match c {
            2 | 3 => 1,
            4 => 2,
            _ => 0,
        })
        .sum();
    if pairs == 6 {
        if let Some(p) = t.iter().position(|&c| c == 1 || c == 3) {
            return 1 << p;
        }
    }
    0
}

#[cfg(test)]
fn search(t: &mut Wide, n: i32, prev: i32, mask: &mut u64) {
    if n == 1 {
        if let Some(p) = t.iter().position(|&c| c == 1) {
            *mask |= 1 << p;
        }
        return;
    }
    if n == 4 {
        for p in 0..TILE_KINDS {
            if t[p] >= 2 {
                t[p] -= 2;
                *mask |= group_wait(t);
                t[p] += 2;
            }
        }
    }
    if n - 3 < 1 {
        return; // nothing below can add a wait
    }
    for p in 0..TILE_KINDS {
        if t[p] == 0 {
            continue;
        }
        let key = 2 * p as i32;
        if t[p] > 2 && key > prev {
            t[p] -= 3;
            search(t, n - 3, key, mask);
            t[p] += 3;
        }
        if is_suited(p) && rank(p) <= 7 && t[p + 1] != 0 && t[p + 2] != 0 && key + 1 >= prev {
            t[p] -= 1;
            t[p + 1] -= 1;
            t[p + 2] -= 1;
            search(t, n - 3, key + 1, mask);
            t[p] += 1;
            t[p + 1] += 1;
            t[p + 2] += 1;
        }
    }
}

/// The wait of the first two-tile group found scanning in order: a second copy waits on that
/// tile; two in a row wait on both sides; a gap waits on the middle.
#[cfg(test)]
fn group_wait(t: &Wide) -> u64 {
    for p in 0..TILE_KINDS {
        if t[p] == 0 {
            continue;
        }
        if t[p] > 1 {
            return 1 << p;
        }
        if is_suited(p) {
            let r = rank(p);
            if r > 1 && t[p - 1] != 0 {
                let mut m = 0;
                if r < 9 {
                    m |= 1 << (p + 1);
                }
                if r > 2 {
                    m |= 1 << (p - 2);
                }
                return m;
            }
            if r > 2 && t[p - 2] != 0 {
                return 1 << (p - 1);
            }
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unique_completion_matches_the_scan() {
        // Random 4-, 7- and 10-tile hands (reference order), many dense in one suit.
        let mut st = 7u64;
        let mut next = || {
            st = st.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = st;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let (mut unique, mut tried) = (0, 0);
        while tried < 20_000 {
            let n = [4, 7, 10][(next() % 3) as usize];
            let narrow = next() % 2 == 0;
            let mut c = [0u8; TILE_KINDS];
            let mut placed = 0;
            while placed < n {
                let p = (next() % if narrow { 9 } else { 34 }) as usize;
                if c[p] < 4 {
                    c[p] += 1;
                    placed += 1;
                }
            }
            let fast = unique_completion(&c);
            assert_eq!(fast, unique_completion_by_scan(&c), "{c:?}");
            unique += usize::from(fast);
            tried += 1;
        }
        assert!(unique > 100, "{unique}");
    }

    #[test]
    fn four_tile_search_matches_the_full_search() {
        // Four tiles and a winning tile that may be absent (its count then wraps, as beside
        // 组合龙), mostly in one suit.
        let mut st = 11u64;
        let mut next = || {
            st = st.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = st;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut unique = 0;
        for _ in 0..50_000 {
            let narrow = next() % 2 == 0;
            let mut pick = || (next() % if narrow { 9 } else { 34 }) as usize;
            let mut t: Wide = [0; TILE_KINDS];
            let mut placed = 0;
            while placed < 4 {
                let p = pick();
                if t[p] < 4 {
                    t[p] += 1;
                    placed += 1;
                }
            }
            let win = pick();
            let mut a = t;
            let fast = unique_after_removing_4(&mut a, win);
            let mut b = t;
            assert_eq!(fast, unique_after_removing(&mut b, 4, win), "{t:?} {win}");
            assert_eq!(a, t);
            unique += usize::from(fast);
        }
        assert!(unique > 100, "{unique}");
    }
}
