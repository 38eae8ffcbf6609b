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
pub(crate) fn for_each_division(ctx: &Context, f: impl FnMut(&[Set; 4], u8)) {
    if !ctx.any_pair {
        return; // no pair
    }
    let mut walker = Walker {
        counts: ctx.standing,
        sets: [Set {
            kind: 0,
            tile: 0,
            melded: false,
        }; 4],
        f,
    };
    walker.sets[..ctx.fixed_n].copy_from_slice(&ctx.fixed[..ctx.fixed_n]);
    walker.walk(ctx.standing_mask, ctx.fixed_n);
}

/// Positions where a chow can start: ranks 1-7 of the three suits.
const CHOW_STARTS: u64 = {
    let mut m = 0u64;
    let mut p = 0;
    while p < 27 {
        if is_suited(p) && rank(p) <= 7 {
            m |= 1 << p;
        }
        p += 1;
    }
    m
};

/// The search state: remaining counts, the sets chosen so far, the callback.
struct Walker<F> {
    counts: [u8; TILE_KINDS],
    sets: [Set; 4],
    f: F,
}

/// One level of the search: chooses set `$idx` and calls `$next` for the following ones. Each
/// level is its own function, inlined into the one above, so that the whole search is one loop
/// nest without calls (the recursion's calls were a fifth of its cost).
macro_rules! level {
    ($name:ident, $idx:literal, $next:ident) => {
        /// Chooses set `$idx` and the following ones; `nz`: kinds with a nonzero count;
        /// `prev`: key of the previous set (-1 for none).
        #[inline(always)]
        fn $name(&mut self, nz: u64, prev: i32) {
            // Tiles below the position of the next set can no longer be covered by a set, so
            // all of them together must be exactly the pair: at most one kind, with two copies.
            let mut leftover = false;
            let start = (prev.max(0) / 2) as usize;
            let mut it = nz & !((1u64 << start) - 1);
            while it != 0 {
                let p = it.trailing_zeros() as usize;
                it &= it - 1;
                let c = self.counts[p];
                let key = 2 * p as i32;
                // Pung: key 2p must exceed the previous key (two equal pungs are impossible).
                if c >= 3 && key > prev {
                    self.counts[p] -= 3;
                    self.sets[$idx] = Set {
                        kind: PUNG,
                        tile: p as u8,
                        melded: false,
                    };
                    let m = if c == 3 { nz & !(1 << p) } else { nz };
                    self.$next(m, key);
                    self.counts[p] += 3;
                }
                // Chow: key 2p + 1 may equal the previous key.
                if CHOW_STARTS >> p & 1 != 0 && nz >> (p + 1) & 3 == 3 && key + 1 >= prev {
                    let mut m = nz;
                    for q in p..p + 3 {
                        self.counts[q] -= 1;
                        if self.counts[q] == 0 {
                            m &= !(1 << q);
                        }
                    }
                    self.sets[$idx] = Set {
                        kind: CHOW,
                        tile: p as u8,
                        melded: false,
                    };
                    self.$next(m, key + 1);
                    self.counts[p..p + 3].iter_mut().for_each(|c| *c += 1);
                }
                if c != 2 || leftover {
                    return;
                }
                leftover = true;
            }
        }
    };
}

impl<F: FnMut(&[Set; 4], u8)> Walker<F> {
    /// Starts the search at set `idx` (the number of declared melds).
    fn walk(&mut self, nz: u64, idx: usize) {
        match idx {
            0 => self.set0(nz, -1),
            1 => self.set1(nz, -1),
            2 => self.set2(nz, -1),
            3 => self.set3(nz, -1),
            _ => self.done(nz, -1),
        }
    }

    level!(set0, 0, set1);
    level!(set1, 1, set2);
    level!(set2, 2, set3);
    level!(set3, 3, done);

    /// All sets chosen: the remaining two tiles must be one pair.
    #[inline(always)]
    fn done(&mut self, nz: u64, _prev: i32) {
        if nz != 0 && nz & (nz - 1) == 0 {
            let p = nz.trailing_zeros() as usize;
            if self.counts[p] == 2 {
                (self.f)(&self.sets, p as u8);
            }
        }
    }
}
