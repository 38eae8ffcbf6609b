//! Seven pairs and thirteen orphans (14-tile forms) and their waits, branch-free over kinds.
//!
//! Two implementations: the `Words` functions, used by [`crate::win`], decide each form from
//! the five count words (eight counts per word) with a few word operations and reach
//! for bit planes only on the rare hands that pass a cheap test; the `Masks` functions read
//! the forms off the count bit planes directly and are their test reference.

use crate::tile::{Counts, TERMINALS_AND_HONORS_MASK, count_planes};

const LOW: u64 = 0x0101_0101_0101_0101;

/// Per count word, 0xff in the bytes of terminal and honour kinds.
const ORPHAN_BYTES: [u64; 5] = {
    let mut out = [0u64; 5];
    let mut k = 0;
    while k < 34 {
        if TERMINALS_AND_HONORS_MASK >> k & 1 == 1 {
            out[k / 8] |= 0xff << (8 * (k % 8));
        }
        k += 1;
    }
    out
};

/// The count words of a hand (each count at most 4), for the word-based form tests.
#[derive(Debug, Clone, Copy)]
pub struct Words(pub [u64; 5]);

impl Words {
    /// The words of `c`.
    #[inline(always)]
    pub fn new(c: &Counts) -> Words {
        Words(crate::tile::count_words(c))
    }

    /// OR of the five words (the bits held by some count, byte by byte).
    #[inline(always)]
    fn or(&self) -> u64 {
        let w = &self.0;
        w[0] | w[1] | w[2] | w[3] | w[4]
    }

    /// Number of kinds with an odd count.
    #[inline(always)]
    fn odd_kinds(&self) -> u32 {
        let w = &self.0;
        let s = (w[0] & LOW) + (w[1] & LOW) + (w[2] & LOW) + (w[3] & LOW) + (w[4] & LOW);
        (s.wrapping_mul(LOW) >> 56) as u32
    }

    /// No tile outside the terminals and honours.
    #[inline(always)]
    fn only_orphans(&self) -> bool {
        let w = &self.0;
        let o = &ORPHAN_BYTES;
        (w[0] & !o[0]) | (w[1] & !o[1]) | (w[2] & !o[2]) | (w[3] & !o[3]) | (w[4] & !o[4]) == 0
    }

    /// Number of terminal and honour kinds held (counts at most 4).
    #[inline(always)]
    fn orphan_kinds(&self) -> u32 {
        let held = |i: usize| {
            let x = self.0[i];
            (x | x >> 1 | x >> 2) & LOW & ORPHAN_BYTES[i]
        };
        let s = held(0) + held(1) + held(2) + held(3) + held(4);
        (s.wrapping_mul(LOW) >> 56) as u32
    }

    /// Seven distinct pairs (14 tiles): every count 0 or 2.
    #[inline(always)]
    pub fn seven_pairs(&self) -> bool {
        self.or() & 0x0505_0505_0505_0505 == 0
    }

    /// Seven pairs with quads (14 tiles): every count even.
    #[inline(always)]
    pub fn seven_pairs_quads(&self) -> bool {
        self.or() & LOW == 0
    }

    /// Thirteen orphans (14 tiles): only terminals and honours, all thirteen held.
    #[inline(always)]
    pub fn thirteen_orphans(&self) -> bool {
        // 2m..8m first: almost every other hand stops there.
        self.0[0] & !ORPHAN_BYTES[0] == 0 && self.only_orphans() && self.orphan_kinds() == 13
    }

    /// Waits of a 13-tile hand for seven distinct pairs: counts 0, 1 or 2 with one odd (six
    /// pairs and a single on seven kinds).
    #[inline(always)]
    pub fn seven_pairs_waits(&self) -> u64 {
        // The odd-count test first: it rejects almost every hand.
        if self.odd_kinds() != 1 {
            return 0;
        }
        let bad = |x: u64| (x & 0x0404_0404_0404_0404) | (x & x >> 1 & LOW);
        let w = &self.0;
        if bad(w[0]) | bad(w[1]) | bad(w[2]) | bad(w[3]) | bad(w[4]) != 0 {
            return 0;
        }
        self.odd_plane()
    }

    /// Waits of a 13-tile hand for seven pairs with quads: the one odd count.
    #[inline(always)]
    pub fn seven_pairs_quads_waits(&self) -> u64 {
        if self.odd_kinds() != 1 {
            return 0;
        }
        self.odd_plane()
    }

    /// Waits of a 13-tile hand for thirteen orphans: all thirteen when thirteen are held, the
    /// missing one when twelve are (one of them twice).
    #[inline(always)]
    pub fn thirteen_orphans_waits(&self) -> u64 {
        // 2m..8m first: almost every other hand stops there.
        if self.0[0] & !ORPHAN_BYTES[0] != 0 || !self.only_orphans() {
            return 0;
        }
        match self.orphan_kinds() {
            13 => TERMINALS_AND_HONORS_MASK,
            12 => {
                let [p0, p1, p2] = self.planes();
                TERMINALS_AND_HONORS_MASK & !(p0 | p1 | p2)
            }
            _ => 0,
        }
    }

    /// The kinds with an odd count, as a mask.
    #[cold]
    fn odd_plane(&self) -> u64 {
        self.planes()[0]
    }

    fn planes(&self) -> [u64; 3] {
        let mut c = [0u8; 34];
        for (i, x) in self.0.iter().enumerate() {
            let n = if i == 4 { 2 } else { 8 };
            c[8 * i..8 * i + n].copy_from_slice(&x.to_le_bytes()[..n]);
        }
        count_planes(&c)
    }
}

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

    /// The word tests equal the bit-plane ones on random 13- and 14-tile hands, many of them
    /// built near the special forms.
    #[test]
    fn words_match_masks() {
        let mut seed = 11u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for i in 0..400_000 {
            let size = 13 + i % 2;
            let mut c = [0u8; 34];
            let style = next(4);
            let mut placed = 0;
            if style == 0 {
                // Near seven pairs: pairs, then singles / extra copies.
                while placed + 2 <= size {
                    let range = if next(2) == 0 { 34 } else { 10 };
                    let k = next(range) as usize;
                    if c[k] + 2 <= 4 {
                        c[k] += 2;
                        placed += 2;
                    }
                }
            } else if style == 1 {
                // Near thirteen orphans.
                for &k in &crate::tile::TERMINALS_AND_HONORS {
                    if placed < size && next(8) != 0 {
                        c[k] += 1;
                        placed += 1;
                    }
                }
            }
            while placed < size {
                let k = if style == 1 && next(4) != 0 {
                    crate::tile::TERMINALS_AND_HONORS[next(13) as usize]
                } else {
                    next(34) as usize
                };
                if c[k] < 4 {
                    c[k] += 1;
                    placed += 1;
                }
            }
            let (m, w) = (Masks::new(&c), Words::new(&c));
            if size == 14 {
                assert_eq!(w.seven_pairs(), seven_pairs(&m), "{c:?}");
                assert_eq!(w.seven_pairs_quads(), seven_pairs_quads(&m), "{c:?}");
                assert_eq!(w.thirteen_orphans(), thirteen_orphans(&m), "{c:?}");
            } else {
                assert_eq!(w.seven_pairs_waits(), seven_pairs_waits(&m), "{c:?}");
                assert_eq!(
                    w.seven_pairs_quads_waits(),
                    seven_pairs_quads_waits(&m),
                    "{c:?}"
                );
                assert_eq!(
                    w.thirteen_orphans_waits(),
                    thirteen_orphans_waits(&m),
                    "{c:?}"
                );
            }
        }
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
