//! Enumeration of the regular decompositions of the concealed tiles, in the reference's order.
//!
//! The concealed sets of a decomposition are generated as a non-decreasing sequence of keys
//! `2 * position + (0 for a pung, 1 for a chow)` (strictly increasing for pungs), positions in
//! reference order; so every multiset of sets is produced once, in lexicographic order of its
//! sorted key sequence. That order decides ties between decompositions of equal total.

use super::{CHOW, Context, PUNG, Set, is_suited, rank};
use crate::tile::TILE_KINDS;

/// Calls `f(sets, pair)` for every decomposition of the concealed tiles into `4 - melds` sets
/// and a pair; `sets` starts with the declared melds.
pub(crate) fn for_each_division(ctx: &Context, mut f: impl FnMut(&[Set; 4], u8)) {
    let mut counts = ctx.standing;
    if !counts.iter().any(|&c| c >= 2) {
        return;
    }
    let mut sets = [Set {
        kind: 0,
        tile: 0,
        melded: false,
    }; 4];
    sets[..ctx.fixed_n].copy_from_slice(&ctx.fixed[..ctx.fixed_n]);
    walk(
        &mut counts,
        ctx.standing_mask,
        ctx.fixed_n,
        -1,
        &mut sets,
        &mut f,
    );
}

/// `nz`: kinds with a nonzero count.
fn walk(
    counts: &mut [u8; TILE_KINDS],
    nz: u64,
    idx: usize,
    prev: i32,
    sets: &mut [Set; 4],
    f: &mut impl FnMut(&[Set; 4], u8),
) {
    if idx == 4 {
        // The remaining two tiles must be one pair.
        if nz.count_ones() == 1 {
            let p = nz.trailing_zeros() as usize;
            if counts[p] == 2 {
                f(sets, p as u8);
            }
        }
        return;
    }
    // Tiles below the position of the next set can no longer be covered by a set, so all of
    // them together must be exactly the pair: at most one kind, with two copies.
    let mut leftover = false;
    let start = (prev.max(0) / 2) as usize;
    let mut it = nz & !((1u64 << start) - 1);
    while it != 0 {
        let p = it.trailing_zeros() as usize;
        it &= it - 1;
        let c = counts[p];
        let key = 2 * p as i32;
        // Pung: key 2p must exceed the previous key (two equal pungs are impossible).
        if c >= 3 && key > prev {
            counts[p] -= 3;
            sets[idx] = Set {
                kind: PUNG,
                tile: p as u8,
                melded: false,
            };
            let m = if c == 3 { nz & !(1 << p) } else { nz };
            walk(counts, m, idx + 1, key, sets, f);
            counts[p] += 3;
        }
        // Chow: key 2p + 1 may equal the previous key.
        if is_suited(p) && rank(p) <= 7 && nz >> (p + 1) & 3 == 3 && key + 1 >= prev {
            let mut m = nz;
            for (q, c) in counts.iter_mut().enumerate().skip(p).take(3) {
                *c -= 1;
                if *c == 0 {
                    m &= !(1 << q);
                }
            }
            sets[idx] = Set {
                kind: CHOW,
                tile: p as u8,
                melded: false,
            };
            walk(counts, m, idx + 1, key + 1, sets, f);
            counts[p..p + 3].iter_mut().for_each(|c| *c += 1);
        }
        if c != 2 || leftover {
            return;
        }
        leftover = true;
    }
}
