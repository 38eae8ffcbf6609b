//! Reference win check from the seeds: Theorem 1 (linear removal) with Theorem 2 (mod-3 eye
//! filter).
//!
//! **Theorem 1** (Cheng, Li and Li, arXiv:1707.07345): a hand with its pair removed decomposes
//! into melds iff repeatedly taking the smallest remaining tile `x` and removing `xxx` when there
//! are at least three of it, otherwise `x x+1 x+2`, empties the hand.
//!
//! **Theorem 2**: split a suit into the piles 1-4-7, 2-5-8 and 3-6-9. Every chow adds one tile to
//! each pile and every pung three to one pile, so without the pair the three pile sizes are equal
//! mod 3; the pair lies in the pile whose size differs mod 3 from the other two.
//!
//! This path is linear in the number of tiles and is kept as the documented, readable reference
//! that the table-driven fast path ([`super::regular`]) is tested against.

use crate::tile::{Counts, HONOR_START, TILE_KINDS};

/// True when `counts` (any 3n+2 total) is n melds plus a pair, by Theorems 1 and 2.
pub fn is_complete(counts: &Counts) -> bool {
    let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
    if total % 3 != 2 {
        return false;
    }
    // The pair's block is the one block whose size is 2 mod 3; every other block is 0 mod 3.
    let mut pair_block = None;
    for b in 0..4 {
        let (lo, hi) = block_range(b);
        let size: u32 = counts[lo..hi].iter().map(|&c| u32::from(c)).sum();
        match size % 3 {
            0 => {}
            2 if pair_block.is_none() => pair_block = Some(b),
            _ => return false,
        }
    }
    let Some(b) = pair_block else { return false };
    let (lo, hi) = block_range(b);
    for eye in eye_candidates(counts, b) {
        debug_assert!((lo..hi).contains(&eye));
        let mut rest = *counts;
        rest[eye] -= 2;
        if melds_only(&mut rest) {
            return true;
        }
    }
    false
}

/// Kinds of block `b` (0 m, 1 p, 2 s, 3 honours) that may hold the pair, by Theorem 2.
fn eye_candidates(counts: &Counts, b: usize) -> impl Iterator<Item = usize> + '_ {
    let (lo, hi) = block_range(b);
    let pile = if b == 3 {
        None
    } else {
        // Pile sizes mod 3; the pair's pile is the odd one out.
        let r: [u32; 3] = std::array::from_fn(|p| {
            (0..3)
                .map(|j| u32::from(counts[lo + p + 3 * j]))
                .sum::<u32>()
                % 3
        });
        match (r[0] == r[1], r[1] == r[2], r[0] == r[2]) {
            (true, false, _) => Some(2),
            (false, true, _) => Some(0),
            (false, false, true) => Some(1),
            // Unreachable for a block of size 2 mod 3 (three equal or three different residues
            // sum to 0 mod 3); no pile qualifies.
            _ => Some(3),
        }
    };
    (lo..hi).filter(move |&k| counts[k] >= 2 && pile.is_none_or(|p| (k - lo) % 3 == p))
}

/// Theorem 1: removes melds smallest-tile-first; true when everything was used.
fn melds_only(c: &mut Counts) -> bool {
    for k in 0..TILE_KINDS {
        let n = c[k];
        if n == 0 {
            continue;
        }
        // Theorem 1: three or more of the smallest tile form a pung; what is left of it (or all
        // of it, with fewer than three) must start chows.
        let n_chow = if n >= 3 { n - 3 } else { n };
        if n_chow > 0 {
            // A chow needs x+1 and x+2 in the same suit.
            if k >= HONOR_START || k % 9 > 6 || c[k + 1] < n_chow || c[k + 2] < n_chow {
                return false;
            }
            c[k + 1] -= n_chow;
            c[k + 2] -= n_chow;
        }
        c[k] = 0;
    }
    true
}

fn block_range(b: usize) -> (usize, usize) {
    if b == 3 {
        (HONOR_START, TILE_KINDS)
    } else {
        (b * 9, b * 9 + 9)
    }
}

/// Regular-form waits of a 3n+1 hand by Theorem 1: try each drawable kind (the seed's method).
pub fn waits(counts: &Counts) -> u64 {
    let mut mask = 0u64;
    for k in 0..TILE_KINDS {
        if counts[k] < 4 {
            let mut c = *counts;
            c[k] += 1;
            if is_complete(&c) {
                mask |= 1 << k;
            }
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::tiles;

    #[test]
    fn is_complete_seed_examples() {
        // Example 1 of seed 000: 33345678 wins (33 + 345 + 678).
        assert!(is_complete(&tiles("33345678m")));
        // Example 2: 55666777889 does not win (it is 11 tiles, 2 mod 3, but no decomposition).
        assert!(!is_complete(&tiles("55666777889m")));
        // Piles 1-4-7 / 2-5-8 / 3-6-9 hold 4 / 5 / 8 tiles: residues 1, 2, 2, so the pair is in
        // pile 1-4-7; 44 works: 333 567 567 888 999.
        assert!(is_complete(&tiles("33344556677888999m")));
        // Residues 2 / 1 / 2: the pair must be in pile 2-5-8, which has a single 5.
        assert!(!is_complete(&tiles("13579m")));
        // The film hand 23333444455556666 (17 tiles) wins with 44 as the eye.
        assert!(is_complete(&tiles("23333444455556666m")));
    }

    #[test]
    fn waits_seed_example_3() {
        // 3456667888m waits on 2, 5, 6, 7, 8, 9m (example 3 of seed 000, adding 5-9 and 2 win).
        let w = waits(&tiles("3456667888m"));
        let expect: u64 = [1u64, 4, 5, 6, 7, 8].iter().map(|&k| 1 << k).sum();
        assert_eq!(w, expect);
    }

    #[test]
    fn melds_only_handles_four_of_a_kind() {
        // 1111 2 3: pung 111 + chow 123.
        let mut c = tiles("111123m");
        assert!(melds_only(&mut c));
        let mut c = tiles("1111m");
        assert!(!melds_only(&mut c));
    }
}
