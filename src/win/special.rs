//! Seven pairs and thirteen orphans (14-tile forms) and their waits, branch-free over kinds.

use crate::tile::{Counts, TERMINALS_AND_HONORS_MASK, TILE_KINDS};

/// Masks of the kinds holding exactly 1, 2, 3 and 4 tiles.
#[inline(always)]
fn count_masks(c: &Counts) -> [u64; 5] {
    let mut m = [0u64; 5];
    for (k, &n) in c.iter().enumerate().take(TILE_KINDS) {
        // `n` is at most 4 for validated hands; clamp keeps the index in range regardless.
        m[usize::from(n.min(4))] |= 1 << k;
    }
    m
}

/// Seven distinct pairs: exactly seven kinds held twice and nothing else (14 tiles).
pub fn seven_pairs(c: &Counts) -> bool {
    let m = count_masks(c);
    m[2].count_ones() == 7 && (m[1] | m[3] | m[4]) == 0
}

/// Seven pairs counting a four of a kind as two pairs (MCR): every count even, 14 tiles.
pub fn seven_pairs_quads(c: &Counts) -> bool {
    let m = count_masks(c);
    (m[1] | m[3]) == 0 && m[2].count_ones() + 2 * m[4].count_ones() == 7
}

/// Thirteen orphans: one of each terminal and honour plus one more of them (14 tiles).
pub fn thirteen_orphans(c: &Counts) -> bool {
    let m = count_masks(c);
    let held = m[1] | m[2] | m[3] | m[4];
    held == TERMINALS_AND_HONORS_MASK && m[2].count_ones() == 1 && (m[3] | m[4]) == 0
}

/// Waits of a 13-tile hand for seven distinct pairs: six pairs and a single.
pub fn seven_pairs_waits(c: &Counts) -> u64 {
    let m = count_masks(c);
    let ok = m[2].count_ones() == 6 && m[1].count_ones() == 1 && (m[3] | m[4]) == 0;
    m[1] & 0u64.wrapping_sub(u64::from(ok))
}

/// Waits of a 13-tile hand for seven pairs with quads allowed: one odd count (1 or 3).
pub fn seven_pairs_quads_waits(c: &Counts) -> u64 {
    let m = count_masks(c);
    let odd = m[1] | m[3];
    let pairs = m[2].count_ones() + 2 * m[4].count_ones() + m[3].count_ones();
    let ok = odd.count_ones() == 1 && pairs == 6;
    odd & 0u64.wrapping_sub(u64::from(ok))
}

/// Waits of a 13-tile hand for thirteen orphans.
pub fn thirteen_orphans_waits(c: &Counts) -> u64 {
    let m = count_masks(c);
    let held = m[1] | m[2] | m[3] | m[4];
    let only_orphans = held & !TERMINALS_AND_HONORS_MASK == 0 && (m[3] | m[4]) == 0;
    let missing = TERMINALS_AND_HONORS_MASK & !held;
    let all13 = only_orphans && m[2] == 0 && missing == 0;
    let one_missing = only_orphans && m[2].count_ones() == 1 && missing.count_ones() == 1;
    (TERMINALS_AND_HONORS_MASK & 0u64.wrapping_sub(u64::from(all13)))
        | (missing & 0u64.wrapping_sub(u64::from(one_missing)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::tiles;

    #[test]
    fn seven_pairs_distinct_vs_quads() {
        assert!(seven_pairs(&tiles("1122m3344p5566s77z")));
        assert!(!seven_pairs(&tiles("1111m3344p5566s77z")));
        assert!(seven_pairs_quads(&tiles("1111m3344p5566s77z")));
        assert!(!seven_pairs_quads(&tiles("1112m3344p5566s77z")));
    }

    #[test]
    fn thirteen_orphans_needs_each_once() {
        assert!(thirteen_orphans(&tiles("119m19p19s1234567z")));
        assert!(!thirteen_orphans(&tiles("119m19p19s1234566z")));
    }

    #[test]
    fn waits_special() {
        assert_eq!(seven_pairs_waits(&tiles("1122m3344p5566s7z")), 1 << 33);
        assert_eq!(seven_pairs_waits(&tiles("1111m3344p5566s7z")), 0);
        assert_eq!(
            seven_pairs_quads_waits(&tiles("1111m344p5566s77z")),
            1 << 11
        );
        assert_eq!(seven_pairs_quads_waits(&tiles("111m3344p5566s77z")), 1);
        assert_eq!(
            thirteen_orphans_waits(&tiles("19m19p19s1234567z")),
            TERMINALS_AND_HONORS_MASK
        );
        assert_eq!(thirteen_orphans_waits(&tiles("119m19p19s123456z")), 1 << 33);
    }
}
