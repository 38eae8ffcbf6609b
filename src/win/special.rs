//! Seven pairs and thirteen orphans (14-tile forms) and their waits, branch-free over kinds.

use crate::tile::{Counts, TERMINALS_AND_HONORS_MASK, count_planes};

/// Kind masks a 13- or 14-tile hand needs for the special forms.
#[derive(Debug, Clone, Copy)]
pub struct Masks {
    /// Kinds held at least once.
    pub held: u64,
    /// Kinds held an odd number of times (1 or 3).
    pub odd: u64,
    /// Kinds held exactly twice.
    pub two: u64,
}

impl Masks {
    /// Computes the masks (counts of at most 4).
    #[inline]
    pub fn new(c: &Counts) -> Masks {
        let [p0, p1, p2] = count_planes(c);
        Masks {
            held: p0 | p1 | p2,
            odd: p0,
            two: p1 & !p0,
        }
    }
}

/// All-ones when `b`, else zero.
#[inline(always)]
fn select(b: bool) -> u64 {
    0u64.wrapping_sub(u64::from(b))
}

// The checks below assume the hand's size is right (14 tiles complete, 13 waiting), as the
// dispatchers in `win` guarantee; with that, a few mask tests decide each form.

/// Seven distinct pairs (14 tiles): seven kinds held exactly twice.
pub fn seven_pairs(m: &Masks) -> bool {
    m.two.count_ones() == 7
}

/// Seven pairs counting a four of a kind as two pairs (MCR; 14 tiles): every count even.
pub fn seven_pairs_quads(m: &Masks) -> bool {
    m.odd == 0
}

/// Thirteen orphans (14 tiles): exactly the thirteen terminals and honours are held.
pub fn thirteen_orphans(m: &Masks) -> bool {
    m.held == TERMINALS_AND_HONORS_MASK
}

/// Waits of a 13-tile hand for seven distinct pairs: six pairs and a single.
pub fn seven_pairs_waits(m: &Masks) -> u64 {
    let single = m.odd & !m.two;
    single & select(m.two.count_ones() == 6 && single.count_ones() == 1 && m.held.count_ones() == 7)
}

/// Waits of a 13-tile hand for seven pairs with quads allowed: the one odd count (1 or 3).
pub fn seven_pairs_quads_waits(m: &Masks) -> u64 {
    m.odd & select(m.odd.count_ones() == 1)
}

/// Waits of a 13-tile hand for thirteen orphans: all thirteen when all are held once, else the
/// missing one when twelve are held (one of them twice).
pub fn thirteen_orphans_waits(m: &Masks) -> u64 {
    let only = m.held & !TERMINALS_AND_HONORS_MASK == 0;
    let missing = TERMINALS_AND_HONORS_MASK & !m.held;
    let n = missing.count_ones();
    (TERMINALS_AND_HONORS_MASK & select(only && n == 0)) | (missing & select(only && n == 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::tiles;

    #[test]
    fn seven_pairs_distinct_vs_quads() {
        assert!(seven_pairs(&Masks::new(&tiles("1122m3344p5566s77z"))));
        assert!(!seven_pairs(&Masks::new(&tiles("1111m3344p5566s77z"))));
        assert!(seven_pairs_quads(&Masks::new(&tiles("1111m3344p5566s77z"))));
        assert!(!seven_pairs_quads(&Masks::new(&tiles(
            "1112m3344p5566s77z"
        ))));
    }

    #[test]
    fn thirteen_orphans_needs_each_once() {
        assert!(thirteen_orphans(&Masks::new(&tiles("119m19p19s1234567z"))));
        assert!(!thirteen_orphans(&Masks::new(&tiles("119m19p19s1234566z"))));
    }

    #[test]
    fn waits_special() {
        assert_eq!(
            seven_pairs_waits(&Masks::new(&tiles("1122m3344p5566s7z"))),
            1 << 33
        );
        assert_eq!(
            seven_pairs_waits(&Masks::new(&tiles("1111m3344p5566s7z"))),
            0
        );
        assert_eq!(
            seven_pairs_quads_waits(&Masks::new(&tiles("1111m344p5566s77z"))),
            1 << 11
        );
        assert_eq!(
            seven_pairs_quads_waits(&Masks::new(&tiles("111m3344p5566s77z"))),
            1
        );
        assert_eq!(
            thirteen_orphans_waits(&Masks::new(&tiles("19m19p19s1234567z"))),
            TERMINALS_AND_HONORS_MASK
        );
        assert_eq!(
            thirteen_orphans_waits(&Masks::new(&tiles("119m19p19s123456z"))),
            1 << 33
        );
    }
}
