//! Run-time side of the shanten tables: the shape ranking and the committed class tables.
//!
//! A suit shape (9 counts of 0..=4, at most 17 tiles; 886,400 shapes) is ranked by tile count
//! first, then lexicographically, so the shapes of everyday hands sit together at the front of
//! the class table. The rank is `TA[sum(c4..c8)][key(c0..c3)] + TB[key(c4..c8)]`, two small
//! combinatorial tables built at init. An honour shape is keyed by its count histogram
//! (`n1 + 8 n2 + 64 n3 + 512 n4`), because the honours are interchangeable.

use once_cell::sync::Lazy;

use crate::tile::Counts;

/// `(m, h)` lanes of a block vector: `m` = 0..=5 melds, `h` = 0..=1 pairs.
#[cfg_attr(not(any(test, feature = "gen")), allow(dead_code))]
pub const LANES: usize = 12;
/// Most melds in a hand (17 tiles = 5 melds + a pair).
pub const MAX_MELDS: usize = 5;
/// Suit shapes with at most 17 tiles.
pub const SUIT_SHAPES: usize = 886_400;
/// Size of the honour histogram key space.
pub const HONOR_HIST_KEYS: usize = 4096;
/// Largest tile count the ranking covers.
const MAX_SUM: usize = 17;

const PREFIX_KEYS: usize = 625; // 5^4: c0..c3
const SUFFIX_KEYS: usize = 3125; // 5^5: c4..c8

static SUIT_CLASS: &[u8] = include_bytes!("data/suit_class.bin");
static HONOR_CLASS: &[u8] = include_bytes!("data/honor_class.bin");
static COMBINE_SUITS: &[u8] = include_bytes!("data/combine_suits.bin");
static COMBINE_THIRD: &[u8] = include_bytes!("data/combine_third.bin");
static FINAL: &[u8] = include_bytes!("data/final.bin");

/// The committed table files, in the order of the generator's `FILES`.
#[cfg(test)]
pub(crate) fn committed_files() -> [&'static [u8]; 5] {
    [SUIT_CLASS, HONOR_CLASS, COMBINE_SUITS, COMBINE_THIRD, FINAL]
}

/// Number of digit strings of length `n` (digits 0..=4) with sum `s`.
fn strings(n: usize, s: usize) -> u32 {
    let mut row = vec![0u32; 4 * n + 1];
    row[0] = 1;
    for _ in 0..n {
        let prev = row.clone();
        for (t, slot) in row.iter_mut().enumerate() {
            *slot = (0..=t.min(4)).map(|d| prev[t - d]).sum();
        }
    }
    row.get(s).copied().unwrap_or(0)
}

/// Number of strings of length `len` and sum `s` that begin with `d[..i]`, then a digit
/// smaller than `d[i]`, for some `i` (that is, lexicographically before any string starting
/// with `d`).
fn lex_smaller(d: &[u8], len: usize, s: usize) -> u32 {
    let mut r = 0;
    let mut used = 0usize;
    for (i, &di) in d.iter().enumerate() {
        for smaller in 0..usize::from(di) {
            if let Some(rest) = s.checked_sub(used + smaller) {
                r += strings(len - i - 1, rest);
            }
        }
        used += usize::from(di);
    }
    r
}

/// Builds `(TA, TB)`: `TA[sq * 625 + key(c0..c3)]` is the rank of the first shape with that
/// prefix among shapes of `sum(c0..c3) + sq` tiles; `TB[key(c4..c8)] = (sq * 625) << 16 | r` where
/// `r` is the suffix's rank among suffixes of its sum `sq`.
pub fn rank_tables() -> (Vec<u32>, Vec<u32>) {
    let per_sum: Vec<u32> = (0..=MAX_SUM).map(|s| strings(9, s)).collect();
    let mut first = [0u32; MAX_SUM + 2];
    for s in 0..=MAX_SUM {
        first[s + 1] = first[s] + per_sum[s];
    }
    let mut ta = vec![u32::MAX; (MAX_SUM + 1) * PREFIX_KEYS];
    for pk in 0..PREFIX_KEYS {
        let d: [u8; 4] = std::array::from_fn(|i| (pk / 5usize.pow(3 - i as u32) % 5) as u8);
        let sp: usize = d.iter().map(|&x| usize::from(x)).sum();
        for sq in 0..=MAX_SUM - sp.min(MAX_SUM) {
            let s = sp + sq;
            let r = first[s] + lex_smaller(&d, 9, s);
            ta[sq * PREFIX_KEYS + pk] = r;
        }
    }
    let tb = (0..SUFFIX_KEYS)
        .map(|sk| {
            let d: [u8; 5] = std::array::from_fn(|i| (sk / 5usize.pow(4 - i as u32) % 5) as u8);
            let sq: usize = d.iter().map(|&x| usize::from(x)).sum();
            ((sq * PREFIX_KEYS) as u32) << 16 | lex_smaller(&d, 5, sq)
        })
        .collect();
    (ta, tb)
}

/// Rank of a suit shape given as 9 digits (generator side).
#[cfg_attr(not(any(test, feature = "gen")), allow(dead_code))]
pub fn suit_rank_digits(ta: &[u32], tb: &[u32], d: &[u8; 9]) -> usize {
    let pk = d[..4].iter().fold(0, |k, &x| k * 5 + usize::from(x));
    let sk = d[4..].iter().fold(0, |k, &x| k * 5 + usize::from(x));
    let t = tb[sk];
    ta[(t >> 16) as usize + pk] as usize + (t & 0xFFFF) as usize
}

pub(crate) struct Tables {
    suit: &'static [u8; SUIT_SHAPES],
    honor: &'static [u8; HONOR_HIST_KEYS],
    ta: Box<[u32]>,
    tb: Box<[u32]>,
    combine_suits: Box<[u16]>,
    combine_third: Box<[u16]>,
    /// Suit classes.
    ns: usize,
    /// Honour classes.
    nz: usize,
    /// Classes of combined blocks.
    n1: usize,
}

static TABLES: Lazy<Tables> = Lazy::new(load);

fn u16s(bytes: &[u8]) -> Box<[u16]> {
    bytes
        .chunks_exact(2)
        .map(|p| u16::from_le_bytes([p[0], p[1]]))
        .collect()
}

fn load() -> Tables {
    let (ta, tb) = rank_tables();
    let combine_suits = u16s(COMBINE_SUITS);
    let combine_third = u16s(COMBINE_THIRD);
    let ns = combine_suits.len().isqrt();
    let n1 = combine_third.len() / ns;
    let nz = FINAL.len() / ((MAX_MELDS + 1) * n1);
    assert!(ns * ns == combine_suits.len() && n1 * ns == combine_third.len());
    assert!(nz * (MAX_MELDS + 1) * n1 == FINAL.len());
    assert!(SUIT_CLASS.iter().all(|&c| usize::from(c) < ns));
    assert!(HONOR_CLASS.iter().all(|&c| usize::from(c) < nz));
    assert!(
        combine_suits
            .iter()
            .chain(combine_third.iter())
            .all(|&c| usize::from(c) < n1)
    );
    Tables {
        suit: SUIT_CLASS
            .try_into()
            .expect("suit_class.bin has one byte per shape"),
        honor: HONOR_CLASS
            .try_into()
            .expect("honor_class.bin has 4096 bytes"),
        ta: ta.into_boxed_slice(),
        tb: tb.into_boxed_slice(),
        combine_suits,
        combine_third,
        ns,
        nz,
        n1,
    }
}

/// Loads and checks the tables now (idempotent).
pub(crate) fn init() {
    Lazy::force(&TABLES);
}

/// Bytes of table data used at run time (committed class tables plus the rank tables).
pub fn table_bytes() -> usize {
    let t = &*TABLES;
    SUIT_CLASS.len()
        + HONOR_CLASS.len()
        + FINAL.len()
        + 2 * (t.combine_suits.len() + t.combine_third.len())
        + 4 * (t.ta.len() + t.tb.len())
}

/// The classes of the four blocks of a hand: m, p, s suits and honours.
pub(crate) type BlockClasses = [u16; 4];

impl Tables {
    #[inline(always)]
    fn suit_class(&self, c: &Counts, o: usize) -> u16 {
        let d = |i: usize| usize::from(c[o + i]);
        let pk = d(3) + 5 * d(2) + 25 * d(1) + 125 * d(0);
        let sk = d(8) + 5 * d(7) + 25 * d(6) + 125 * d(5) + 625 * d(4);
        let t = self.tb[sk];
        let rank = self.ta[(t >> 16) as usize + pk] as usize + (t & 0xFFFF) as usize;
        u16::from(self.suit[rank])
    }

    #[inline(always)]
    fn honor_class(&self, c: &Counts) -> u16 {
        let mut key = 0usize;
        for &n in &c[27..34] {
            key += (1usize << (3 * u32::from(n))) >> 3;
        }
        u16::from(self.honor[key])
    }

    /// Class of block `b` (0..4) of `c`.
    #[inline(always)]
    pub(crate) fn block_class(&self, c: &Counts, b: usize) -> u16 {
        if b == 3 {
            self.honor_class(c)
        } else {
            self.suit_class(c, 9 * b)
        }
    }

    #[inline(always)]
    pub(crate) fn classes(&self, c: &Counts) -> BlockClasses {
        [
            self.suit_class(c, 0),
            self.suit_class(c, 9),
            self.suit_class(c, 18),
            self.honor_class(c),
        ]
    }

    /// Replacement number of the regular form with `melds` melds and one pair.
    #[inline(always)]
    pub(crate) fn replacement(&self, k: &BlockClasses, melds: usize) -> u8 {
        let x = usize::from(self.combine_suits[usize::from(k[0]) * self.ns + usize::from(k[1])]);
        let y = usize::from(self.combine_third[x * self.ns + usize::from(k[2])]);
        FINAL[(melds * self.n1 + y) * self.nz + usize::from(k[3])]
    }
}

/// The loaded tables.
#[inline(always)]
pub(crate) fn tables() -> &'static Tables {
    &TABLES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_tables_number_shapes_densely() {
        let (ta, tb) = rank_tables();
        let mut seen = vec![false; SUIT_SHAPES];
        let mut prev_rank_by_sum = [0usize; MAX_SUM + 1];
        for k in 0..5usize.pow(9) {
            let d: [u8; 9] = std::array::from_fn(|i| (k / 5usize.pow(8 - i as u32) % 5) as u8);
            let s: usize = d.iter().map(|&x| usize::from(x)).sum();
            if s > MAX_SUM {
                continue;
            }
            let r = suit_rank_digits(&ta, &tb, &d);
            assert!(!seen[r], "rank {r} used twice");
            seen[r] = true;
            // Within a sum, ranks follow lexicographic (= this loop's) order.
            assert!(r >= prev_rank_by_sum[s]);
            prev_rank_by_sum[s] = r;
        }
        assert!(seen.iter().all(|&x| x));
    }
}
