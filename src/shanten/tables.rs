//! Run-time side of the shanten tables: statics built at compile time from the committed
//! class tables (nothing is loaded or checked for at run time).
//!
//! A suit shape (9 counts of 0..=4, at most 17 tiles; 886,400 shapes) is looked up by a dense
//! index that needs no tile count, `P[key(c0..c3)] + Q[key(c4..c8)]` ([`dense_index`]; 8 and
//! 32 KB tables whose entries also carry the special-form counts, see [`Tables::prefix`]). The
//! suit classes are numbered in the rank order (tile count first, then lexicographic:
//! `TA[sum(c4..c8)][key(c0..c3)] + TB[key(c4..c8)]`, `rank_tables`, generator side only), so
//! the common small shapes have small class ids. An honour shape is keyed by its count
//! histogram (`n1 + 8 n2 + 64 n3 + 512 n4`), because the honours are interchangeable. For 4
//! melds (13/14 tiles) one-byte combination tables with merged classes replace the general
//! ones ([`Tables::replacement4`]).

use crate::tile::{Counts, block_words_of, count_words};

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

/// Distinct replacement vectors of suit shapes.
pub const SUIT_CLASSES: usize = 187;
/// Distinct replacement vectors of honour shapes.
pub const HONOR_CLASSES: usize = 83;
/// Distinct min-plus combinations of two suit classes.
pub const PAIR_CLASSES: usize = 328;
/// Distinct min-plus combinations of a suit class and an honour class.
pub const SUIT_HONOR_CLASSES: usize = 275;
/// Largest replacement number (a hand of 17 tiles needs at most 17 swaps).
const MAX_REPLACEMENT: usize = 17;
/// Pair classes with distinct final rows for 4 melds (13/14-tile hands).
pub const PAIR4_CLASSES: usize = 164;
/// Suit-honour classes with distinct final columns for 4 melds.
pub const SUIT_HONOR4_CLASSES: usize = 158;

const PREFIX_KEYS: usize = 625; // 5^4: c0..c3
const SUFFIX_KEYS: usize = 3125; // 5^5: c4..c8
/// Row strides of the run-time combination tables (class ids are below them, so an index
/// `row << bits | col` needs no bounds check).
const PAIR_STRIDE: usize = 256;
const SUIT_HONOR_STRIDE: usize = 128;
const TB_LEN: usize = 4096;
const STATS_PREFIX_LEN: usize = 1024;
/// Power of two above [`FINAL_LEN`].
const FINAL_PAD: usize = 1 << 20;
const FINAL_LEN: usize = (MAX_MELDS + 1) * PAIR_CLASSES * SUIT_HONOR_CLASSES;

/// The committed suit class table, by dense index ([`dense_index`]).
static SUIT_CLASS: &[u8; SUIT_SHAPES] = include_bytes!("data/suit_class.bin");
static HONOR_CLASS: &[u8; HONOR_HIST_KEYS] = include_bytes!("data/honor_class.bin");
const COMBINE_SUITS: &[u8; 2 * SUIT_CLASSES * SUIT_CLASSES] =
    include_bytes!("data/combine_suits.bin");
const COMBINE_SUIT_HONOR: &[u8; 2 * SUIT_CLASSES * HONOR_CLASSES] =
    include_bytes!("data/combine_suit_honor.bin");
const FINAL: &[u8; FINAL_LEN] = include_bytes!("data/final.bin");
const COMBINE_SUITS4: &[u8; SUIT_CLASSES * SUIT_CLASSES] =
    include_bytes!("data/combine_suits4.bin");
const COMBINE_SUIT_HONOR4: &[u8; SUIT_CLASSES * HONOR_CLASSES] =
    include_bytes!("data/combine_suit_honor4.bin");
const FINAL4: &[u8; PAIR4_CLASSES * SUIT_HONOR4_CLASSES] = include_bytes!("data/final4.bin");

/// The committed table files, in the order of the generator's `FILES`.
#[cfg(test)]
pub(crate) fn committed_files() -> [&'static [u8]; 8] {
    [
        SUIT_CLASS,
        HONOR_CLASS,
        COMBINE_SUITS,
        COMBINE_SUIT_HONOR,
        FINAL,
        COMBINE_SUITS4,
        COMBINE_SUIT_HONOR4,
        FINAL4,
    ]
}

/// `STRINGS[n][s]`: number of digit strings of length `n` (digits 0..=4) with sum `s`.
const STRINGS: [[u32; 37]; 10] = {
    let mut t = [[0u32; 37]; 10];
    t[0][0] = 1;
    let mut n = 1;
    while n < 10 {
        let mut s = 0;
        while s < 37 {
            let mut d = 0;
            while d <= 4 && d <= s {
                t[n][s] += t[n - 1][s - d];
                d += 1;
            }
            s += 1;
        }
        n += 1;
    }
    t
};

#[cfg(any(test, feature = "gen"))]
fn strings(n: usize, s: usize) -> u32 {
    STRINGS[n].get(s).copied().unwrap_or(0)
}

/// Number of strings of length `len` and sum `s` that begin with `d[..i]`, then a digit
/// smaller than `d[i]`, for some `i` (that is, lexicographically before any string starting
/// with `d`).
#[cfg(any(test, feature = "gen"))]
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
/// prefix among shapes of `sum(c0..c3) + sq` tiles (after all shapes with fewer tiles);
/// `TB[key(c4..c8)]` is the suffix's rank among suffixes of the same sum `sq`. Keys read the
/// digits most significant first. The generator numbers the suit classes in this order.
#[cfg(any(test, feature = "gen"))]
pub fn rank_tables() -> (Vec<u32>, Vec<u16>) {
    let mut first = [0u32; MAX_SUM + 2];
    for s in 0..=MAX_SUM {
        first[s + 1] = first[s] + strings(9, s);
    }
    let mut ta = vec![0u32; (MAX_SUM + 1) * PREFIX_KEYS];
    for pk in 0..PREFIX_KEYS {
        let d: [u8; 4] = std::array::from_fn(|i| (pk / 5usize.pow(3 - i as u32) % 5) as u8);
        let sp: usize = d.iter().map(|&x| usize::from(x)).sum();
        for sq in 0..=MAX_SUM.saturating_sub(sp) {
            let s = sp + sq;
            ta[sq * PREFIX_KEYS + pk] = first[s] + lex_smaller(&d, 9, s);
        }
    }
    let tb = (0..SUFFIX_KEYS)
        .map(|sk| {
            let d: [u8; 5] = std::array::from_fn(|i| (sk / 5usize.pow(4 - i as u32) % 5) as u8);
            let sq: usize = d.iter().map(|&x| usize::from(x)).sum();
            u16::try_from(lex_smaller(&d, 5, sq)).expect("at most 381 suffixes per sum")
        })
        .collect();
    (ta, tb)
}

/// Rank of a suit shape given as 9 digits (generator side).
#[cfg(any(test, feature = "gen"))]
pub fn suit_rank_digits(ta: &[u32], tb: &[u16], d: &[u8; 9]) -> usize {
    let pk = d[..4].iter().fold(0, |k, &x| k * 5 + usize::from(x));
    let sk = d[4..].iter().fold(0, |k, &x| k * 5 + usize::from(x));
    let sq: usize = d[4..].iter().map(|&x| usize::from(x)).sum();
    ta[sq * PREFIX_KEYS + pk] as usize + usize::from(tb[sk])
}

/// Sum of the `len` base-5 digits of `key`.
const fn digit_sum(key: usize, len: u32) -> usize {
    let (mut k, mut s, mut i) = (key, 0, 0);
    while i < len {
        s += k % 5;
        k /= 5;
        i += 1;
    }
    s
}

/// Number of 5-digit strings (digits 0..=4) with sum at most `t` (at most 17).
const fn suffixes_upto(t: usize) -> u32 {
    let (mut r, mut s) = (0, 0);
    while s <= t {
        r += STRINGS[5][s];
        s += 1;
    }
    r
}

/// `P[key(c0..c3)]` (run-time keys, least significant digit first): prefixes are ordered by
/// tile count, then key, and each owns a block of as many entries as there are suffixes it
/// can take (`sum(c4..c8) <= 17 - sum(c0..c3)`). Padded to a power of two.
static DENSE_P: [u32; STATS_PREFIX_LEN] = {
    let mut per_sum = [0u32; 17];
    let mut k = 0;
    while k < PREFIX_KEYS {
        per_sum[digit_sum(k, 4)] += 1;
        k += 1;
    }
    let mut start = [0u32; 18];
    let mut s = 0;
    while s < 17 {
        start[s + 1] = start[s] + per_sum[s] * suffixes_upto(MAX_SUM - s);
        s += 1;
    }
    assert!(start[17] as usize == SUIT_SHAPES);
    let mut seen = [0u32; 17];
    let mut p = [0u32; STATS_PREFIX_LEN];
    let mut k = 0;
    while k < PREFIX_KEYS {
        let s = digit_sum(k, 4);
        p[k] = start[s] + seen[s] * suffixes_upto(MAX_SUM - s);
        seen[s] += 1;
        k += 1;
    }
    p
};

/// `Q[key(c4..c8)]`: the suffix's place among suffixes ordered by tile count, then key (below
/// `suffixes_upto(sum)`, so inside the block of any prefix it can follow). Padded.
static DENSE_Q: [u16; TB_LEN] = {
    let mut q = [0u16; TB_LEN];
    let mut seen = [0u32; 21];
    let mut k = 0;
    while k < SUFFIX_KEYS {
        let s = digit_sum(k, 5);
        let before = if s == 0 { 0 } else { suffixes_upto(s - 1) };
        q[k] = (before + seen[s]) as u16;
        seen[s] += 1;
        k += 1;
    }
    q
};

/// Dense index of the suit shape with prefix key `pk` (c0..c3) and suffix key `sk` (c4..c8),
/// both least significant digit first: `P[pk] + Q[sk]`, a bijection from the shapes of at
/// most 17 tiles onto `0..SUIT_SHAPES` (the order of the committed suit class table).
#[cfg_attr(not(any(test, feature = "gen")), allow(dead_code))]
pub fn dense_index(pk: usize, sk: usize) -> usize {
    DENSE_P[pk] as usize + usize::from(DENSE_Q[sk])
}

pub(crate) struct Tables {
    /// Suit classes by dense index `P[key(c0..c3)] + Q[key(c4..c8)]` ([`dense_index`]).
    suit: &'static [u8; SUIT_SHAPES],
    honor: &'static [u8; HONOR_HIST_KEYS],
    /// The committed final table in a power-of-two array, so that a masked index needs no
    /// bounds check (the zero tail is never read).
    final_: &'static [u8; FINAL_PAD],
    /// By prefix key (c0..c3): `P` in the low 32 bits, the prefix's packed special-form
    /// counts ([`Stats`]) in the high 32 (padded to a power of two).
    prefix: &'static [u64; STATS_PREFIX_LEN],
    /// By suffix key (c4..c8): `Q` low, the suffix's packed counts high. One addition of the
    /// two entries gives a suit's dense index (low half, no carry: below 2^20) and its counts
    /// (high half).
    suffix: &'static [u64; TB_LEN],
    /// `C1[a << 8 | b]`, pair class of suit classes `a` and `b`.
    pair: &'static [u16; 256 * PAIR_STRIDE],
    /// `C2[c << 7 | z]`, class of suit class `c` with honour class `z`.
    suit_honor: &'static [u16; 256 * SUIT_HONOR_STRIDE],
    /// Packed special-form counts of the honours, by histogram key.
    honor_stats: &'static [u32; HONOR_HIST_KEYS],
    /// For 4 melds (13/14-tile hands): `C1'[a << 8 | b]`, the merged pair class of suit
    /// classes `a` and `b` (one byte).
    pair4: &'static [u8; 256 * 256],
    /// For 4 melds: `C2'[c << 7 | z]`, the merged class of suit class `c` with honour class `z`.
    suit_honor4: &'static [u8; 256 * SUIT_HONOR_STRIDE],
    /// For 4 melds: `F'[x << 8 | w]`, the replacement number of merged classes `x` and `w`.
    final4: &'static [u8; 256 * 256],
}

/// Special-form counts packed in a `u32` so that blocks add up field by field: kinds held
/// (bits 0..6), kinds held twice or more (6..11), sum of `c / 2` (11..16), terminal/honour
/// kinds held (16..21) and held twice or more (21..26). No field can overflow for 17 tiles.
pub(crate) struct Stats;

impl Stats {
    pub(crate) const KINDS: u32 = 0;
    pub(crate) const PAIRS: u32 = 6;
    pub(crate) const HALF: u32 = 11;
    pub(crate) const ORPHANS: u32 = 16;
    pub(crate) const ORPHAN_PAIRS: u32 = 21;

    /// Packed counts of the `len` counts of `key` (base 5, least significant digit first);
    /// bit `i` of `orphans` marks the `i`-th kind as a terminal or honour.
    const fn of_key(key: usize, len: u32, orphans: u32) -> u32 {
        let (mut k, mut sum, mut i) = (key, 0, 0);
        while i < len {
            let n = (k % 5) as u32;
            let (held, pair) = ((n > 0) as u32, (n >= 2) as u32);
            let o = orphans >> i & 1;
            sum += held << Self::KINDS
                | pair << Self::PAIRS
                | (n / 2) << Self::HALF
                | (held * o) << Self::ORPHANS
                | (pair * o) << Self::ORPHAN_PAIRS;
            k /= 5;
            i += 1;
        }
        sum
    }

    /// Field `shift` of packed counts.
    #[inline(always)]
    pub(crate) fn field(packed: u32, shift: u32) -> i32 {
        let width = if shift == Self::KINDS { 6 } else { 5 };
        ((packed >> shift) & ((1 << width) - 1)) as i32
    }
}

/// Spreads a little-endian `rows x cols` u16 table into rows of `stride` entries; every
/// entry must be below `limit` (checked at compile time).
const fn spread<const N: usize>(
    bytes: &[u8],
    cols: usize,
    stride: usize,
    limit: usize,
) -> [u16; N] {
    let mut out = [0u16; N];
    let mut i = 0;
    while i < bytes.len() / 2 {
        let v = bytes[2 * i] as u16 | (bytes[2 * i + 1] as u16) << 8;
        assert!((v as usize) < limit, "class id in range");
        out[i / cols * stride + i % cols] = v;
        i += 1;
    }
    out
}

/// `FINAL` in a zeroed power-of-two array.
static FINAL_PADDED: [u8; FINAL_PAD] = {
    let mut out = [0u8; FINAL_PAD];
    let mut i = 0;
    while i < FINAL_LEN {
        out[i] = FINAL[i];
        i += 1;
    }
    out
};

/// Spreads a `rows x cols` byte table into rows of `stride` entries of an `N`-entry table;
/// every entry must be below `limit` (checked at compile time).
const fn spread_bytes<const N: usize>(
    bytes: &[u8],
    cols: usize,
    stride: usize,
    limit: usize,
) -> [u8; N] {
    let mut out = [0u8; N];
    let mut i = 0;
    while i < bytes.len() {
        assert!((bytes[i] as usize) < limit, "class id in range");
        out[i / cols * stride + i % cols] = bytes[i];
        i += 1;
    }
    out
}

static PAIR4: [u8; 256 * 256] = spread_bytes(COMBINE_SUITS4, SUIT_CLASSES, 256, PAIR4_CLASSES);
static SUIT_HONOR4: [u8; 256 * SUIT_HONOR_STRIDE] = spread_bytes(
    COMBINE_SUIT_HONOR4,
    HONOR_CLASSES,
    SUIT_HONOR_STRIDE,
    SUIT_HONOR4_CLASSES,
);
static FINAL4_SPREAD: [u8; 256 * 256] =
    spread_bytes(FINAL4, SUIT_HONOR4_CLASSES, 256, MAX_REPLACEMENT + 1);

static PAIR: [u16; 256 * PAIR_STRIDE] =
    spread(COMBINE_SUITS, SUIT_CLASSES, PAIR_STRIDE, PAIR_CLASSES);
static SUIT_HONOR: [u16; 256 * SUIT_HONOR_STRIDE] = spread(
    COMBINE_SUIT_HONOR,
    HONOR_CLASSES,
    SUIT_HONOR_STRIDE,
    SUIT_HONOR_CLASSES,
);

/// `P` and the packed special-form counts of a suit prefix (c0 is a terminal), by run-time
/// key ([`Tables::prefix`]).
static PREFIX: [u64; STATS_PREFIX_LEN] = halves(PREFIX_KEYS, false);

/// `Q` and the packed special-form counts of a suit suffix (c8 is a terminal), by run-time
/// key ([`Tables::suffix`]).
static SUFFIX: [u64; TB_LEN] = halves(SUFFIX_KEYS, true);

/// The first `keys` entries of [`PREFIX`] (`suffix` false: four digits, the first a
/// terminal) or [`SUFFIX`] (five digits, the last a terminal): the dense-index part in the low
/// 32 bits, the special-form counts above.
const fn halves<const N: usize>(keys: usize, suffix: bool) -> [u64; N] {
    let mut t = [0u64; N];
    let mut k = 0;
    while k < keys {
        t[k] = if suffix {
            DENSE_Q[k] as u64 | (Stats::of_key(k, 5, 0b1_0000) as u64) << 32
        } else {
            DENSE_P[k] as u64 | (Stats::of_key(k, 4, 0b1) as u64) << 32
        };
        k += 1;
    }
    t
}

/// Packed special-form counts ([`Stats`]) of the honours by histogram key
/// `n1 + 8 n2 + 64 n3 + 512 n4` (every honour is an orphan); keys of more than seven kinds are
/// never looked up and get 0.
static HONOR_STATS: [u32; HONOR_HIST_KEYS] = {
    let mut t = [0u32; HONOR_HIST_KEYS];
    let mut key = 0;
    while key < HONOR_HIST_KEYS as u32 {
        // Kinds held once, twice, three and four times.
        let (n1, n2, n3, n4) = (key & 7, (key >> 3) & 7, (key >> 6) & 7, (key >> 9) & 7);
        let (held, pairs) = (n1 + n2 + n3 + n4, n2 + n3 + n4);
        if held <= 7 {
            let half = n2 + n3 + 2 * n4;
            t[key as usize] = held << Stats::KINDS
                | pairs << Stats::PAIRS
                | half << Stats::HALF
                | held << Stats::ORPHANS
                | pairs << Stats::ORPHAN_PAIRS;
        }
        key += 1;
    }
    t
};

/// The tables: statics built at compile time from the committed files (nothing to load).
static TABLES: Tables = Tables {
    suit: SUIT_CLASS,
    honor: HONOR_CLASS,
    final_: &FINAL_PADDED,
    prefix: &PREFIX,
    suffix: &SUFFIX,
    pair: &PAIR,
    suit_honor: &SUIT_HONOR,
    honor_stats: &HONOR_STATS,
    pair4: &PAIR4,
    suit_honor4: &SUIT_HONOR4,
    final4: &FINAL4_SPREAD,
};

/// Nothing to load: the tables are statics (kept so that `init` stays one call for every
/// module).
pub(crate) fn init() {}

/// Bytes of table data used at run time: the committed class tables (suit shapes, honour
/// histograms, final answers) plus the index, combination and special-form count tables
/// built at compile time.
pub fn table_bytes() -> usize {
    let t = &TABLES;
    std::mem::size_of_val(t.suit)
        + std::mem::size_of_val(t.honor)
        + FINAL_LEN
        + std::mem::size_of_val(t.prefix)
        + std::mem::size_of_val(t.suffix)
        + std::mem::size_of_val(t.pair)
        + std::mem::size_of_val(t.suit_honor)
        + std::mem::size_of_val(t.honor_stats)
        + COMBINE_SUITS4.len()
        + COMBINE_SUIT_HONOR4.len()
        + FINAL4.len()
}

/// The classes of the four blocks of a hand: m, p, s suits and honours.
pub(crate) type BlockClasses = [u8; 4];

/// Table keys of one suit: the prefix key `c0 + 5 c1 + 25 c2 + 125 c3` and the suffix key
/// `c4 + 5 c5 + 25 c6 + 125 c7 + 625 c8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SuitKey {
    prefix: u32,
    suffix: u32,
}

impl SuitKey {
    /// Keys of a suit from its first eight counts as a little-endian word and its nine.
    ///
    /// The even and odd counts go to 16-bit lanes and `e + 5 o` gives base-25 digit pairs
    /// `e0..e3` (at most 24); one multiplication by `25 + 2^16` puts `e0 + 25 e1` (the prefix
    /// key) in lane 1 and `e2 + 25 e3` in lane 3 (at most 624: no lane overflows).
    #[inline(always)]
    pub(crate) fn of(x: u64, nine: u32) -> SuitKey {
        const LANES: u64 = 0x00ff_00ff_00ff_00ff;
        let v = (x & LANES) + 5 * ((x >> 8) & LANES);
        let m = v.wrapping_mul(0x1_0019);
        SuitKey {
            prefix: u32::from((m >> 16) as u16),
            suffix: (m >> 48) as u32 + 625 * nine,
        }
    }

    /// The keys with one more (`delta` = 1) or one fewer (`delta` = -1) tile of the suit's
    /// `i`-th kind (0..9); the caller keeps the count within 0..=4.
    #[inline(always)]
    pub(crate) fn with_delta(self, i: usize, delta: i32) -> SuitKey {
        const POW5: [u32; 9] = [1, 5, 25, 125, 1, 5, 25, 125, 625];
        let d = (POW5[i] as i32 * delta) as u32;
        let mut k = self;
        if i < 4 {
            k.prefix = k.prefix.wrapping_add(d);
        } else {
            k.suffix = k.suffix.wrapping_add(d);
        }
        k
    }
}

/// Table keys of a hand: the three suits' [`SuitKey`]s and the honour histogram key.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HandKeys {
    pub(crate) suits: [SuitKey; 3],
    pub(crate) honor: usize,
}

impl HandKeys {
    /// Keys from the counts read as words ([`block_words_of`]): no per-kind loads.
    #[inline(always)]
    pub(crate) fn of(c: &Counts) -> HandKeys {
        Self::of_words(&count_words(c))
    }

    /// Keys from the count words already read ([`count_words`]).
    #[inline(always)]
    pub(crate) fn of_words(words: &[u64; 5]) -> HandKeys {
        let (w, nines) = block_words_of(words);
        HandKeys {
            suits: [
                SuitKey::of(w[0], nines[0]),
                SuitKey::of(w[1], nines[1]),
                SuitKey::of(w[2], nines[2]),
            ],
            honor: honor_key(w[3]),
        }
    }
}

/// Weight of an honour count in the histogram key.
pub(crate) const HONOR_WEIGHT: [usize; 5] = [0, 1, 8, 64, 512];

/// Honour histogram key `n1 + 8 n2 + 64 n3 + 512 n4` of the seven honour counts in the low
/// seven bytes of `h` (each at most 4): per byte, bit planes give `1` for a count of 1 and `8`
/// for 2 in one word, `1` for 3 and `8` for 4 in another (at most 56 each over seven bytes);
/// a multiplication sums each word's bytes.
#[inline(always)]
pub(crate) fn honor_key(h: u64) -> usize {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let (p0, p1, p2) = (h & LOW, (h >> 1) & LOW, (h >> 2) & LOW);
    let low = (p0 & !p1) | (p1 & !p0) << 3;
    let high = (p0 & p1) | p2 << 3;
    let sum = |x: u64| (x.wrapping_mul(LOW) >> 56) as usize;
    (sum(low) + 64 * sum(high)) & (HONOR_HIST_KEYS - 1)
}

impl Tables {
    /// A suit's dense index (low 32 bits) and packed special-form counts (high 32 bits).
    #[inline(always)]
    fn suit_entry(&self, k: SuitKey) -> u64 {
        self.prefix[k.prefix as usize & (STATS_PREFIX_LEN - 1)]
            .wrapping_add(self.suffix[k.suffix as usize & (TB_LEN - 1)])
    }

    /// Class of a suit from its keys.
    #[inline(always)]
    pub(crate) fn suit_class(&self, k: SuitKey) -> u8 {
        self.suit[self.suit_entry(k) as u32 as usize]
    }

    /// Classes of a suit after drawing each of its nine kinds. A kind held four times gets a
    /// meaningless class (its digit would be 5), which the caller discards; the rank is clamped
    /// so that the lookup stays in the table.
    ///
    /// A draw among c0..c3 moves only the prefix key (same `Q` entry), a draw among c4..c8
    /// only the suffix key (same `P` entry).
    #[inline(always)]
    pub(crate) fn suit_draw_classes(&self, k: SuitKey) -> [u8; 9] {
        const POW5: [u32; 5] = [1, 5, 25, 125, 625];
        let p = |pk: u32| self.prefix[pk as usize & (STATS_PREFIX_LEN - 1)] as u32 as usize;
        let q = |sk: u32| self.suffix[sk as usize & (TB_LEN - 1)] as u32 as usize;
        let (p_same, q_same) = (p(k.prefix), q(k.suffix));
        let class = |i: usize| self.suit[i.min(SUIT_SHAPES - 1)];
        std::array::from_fn(|i| {
            if i < 4 {
                class(p(k.prefix + POW5[i]) + q_same)
            } else {
                class(p_same + q(k.suffix + POW5[i - 4]))
            }
        })
    }

    /// Class of the honours from their histogram key.
    #[inline(always)]
    pub(crate) fn honor_class(&self, key: usize) -> u8 {
        self.honor[key & (HONOR_HIST_KEYS - 1)]
    }

    #[inline(always)]
    pub(crate) fn classes(&self, k: &HandKeys) -> BlockClasses {
        self.classes_of(&self.entries(k), k.honor)
    }

    /// The three suits' entries ([`Tables::suit_entry`]), read once for both the block classes
    /// ([`Tables::classes_of`]) and the special-form counts ([`Tables::stats_of`]).
    #[inline(always)]
    pub(crate) fn entries(&self, k: &HandKeys) -> [u64; 3] {
        k.suits.map(|s| self.suit_entry(s))
    }

    /// The block classes from the suits' entries and the honour key.
    #[inline(always)]
    pub(crate) fn classes_of(&self, e: &[u64; 3], honor: usize) -> BlockClasses {
        let suit = |e: u64| self.suit[e as u32 as usize];
        [suit(e[0]), suit(e[1]), suit(e[2]), self.honor_class(honor)]
    }

    /// The block classes under three-player tiles (no 2m-8m): 1m and 9m cannot take part in a
    /// sequence, so they join the honours as kinds that form only pungs and pairs. The man
    /// block is then empty and the honour block is the histogram of the 7 honours, 1m and 9m;
    /// of more than 7 kinds held there only the 7 with the most copies are kept, which changes
    /// no value (a target uses at most 6 kinds: 5 melds and a pair, and more copies never
    /// overlap less).
    /// `k` are the hand's keys (their pin and sou blocks are read).
    #[inline]
    pub(crate) fn classes_three_player(&self, c: &Counts, k: &HandKeys) -> BlockClasses {
        let mut n = [0usize; 5];
        for &x in c[27..34].iter().chain([&c[0], &c[8]]) {
            n[usize::from(x.min(4))] += 1;
        }
        let mut excess = (n[1] + n[2] + n[3] + n[4]).saturating_sub(7);
        for x in n.iter_mut().skip(1) {
            let d = excess.min(*x);
            *x -= d;
            excess -= d;
        }
        let key = (n[1] + 8 * n[2] + 64 * n[3] + 512 * n[4]) & (HONOR_HIST_KEYS - 1);
        [
            self.suit_class(SuitKey::of(0, 0)),
            self.suit_class(k.suits[1]),
            self.suit_class(k.suits[2]),
            self.honor_class(key),
        ]
    }

    /// Packed special-form counts ([`Stats`]) of the whole hand.
    #[inline(always)]
    pub(crate) fn stats(&self, k: &HandKeys) -> u32 {
        self.stats_of(&self.entries(k), k.honor)
    }

    /// Packed special-form counts of the whole hand from the suits' entries and the honour key
    /// (the entries' low halves add up below 2^22: no carry into the counts).
    #[inline(always)]
    pub(crate) fn stats_of(&self, e: &[u64; 3], honor: usize) -> u32 {
        let suits = e[0].wrapping_add(e[1]).wrapping_add(e[2]);
        self.honor_stats[honor & (HONOR_HIST_KEYS - 1)] + (suits >> 32) as u32
    }

    /// Replacement number of the regular form with `melds` melds (at most 5) and one pair.
    #[inline(always)]
    pub(crate) fn replacement(&self, k: &BlockClasses, melds: usize) -> u8 {
        if melds == 4 {
            return self.replacement4(k);
        }
        let x = self.pair_class(k[0], k[1]);
        let w = self.suit_honor_class(k[2], k[3]);
        self.combined(melds, x, w)
    }

    /// [`Tables::replacement`] for 4 melds, from the one-byte merged tables.
    #[inline(always)]
    pub(crate) fn replacement4(&self, k: &BlockClasses) -> u8 {
        let x = self.pair4[usize::from(k[0]) << 8 | usize::from(k[1])];
        let w = self.suit_honor4[usize::from(k[2]) << 7 | usize::from(k[3] & 127)];
        self.final4[usize::from(x) << 8 | usize::from(w)]
    }

    /// Class of the m and p suits together (`C1`).
    #[inline(always)]
    pub(crate) fn pair_class(&self, m: u8, p: u8) -> usize {
        usize::from(self.pair[usize::from(m) << 8 | usize::from(p)])
    }

    /// Class of the s suit and the honours together (`C2`).
    #[inline(always)]
    pub(crate) fn suit_honor_class(&self, s: u8, z: u8) -> usize {
        usize::from(self.suit_honor[usize::from(s) << 7 | usize::from(z & 127)])
    }

    /// Start of the rows of [`Tables::combined_at`] for `melds` melds.
    #[inline(always)]
    pub(crate) fn combined_row(&self, melds: usize) -> usize {
        melds * PAIR_CLASSES * SUIT_HONOR_CLASSES
    }

    /// [`Tables::combined`] with the melds' row start from [`Tables::combined_row`].
    #[inline(always)]
    pub(crate) fn combined_at(&self, row: usize, x: usize, w: usize) -> u8 {
        self.final_[(row + x * SUIT_HONOR_CLASSES + w) & (FINAL_PAD - 1)]
    }

    /// Replacement number from the two combined classes.
    #[inline(always)]
    pub(crate) fn combined(&self, melds: usize, x: usize, w: usize) -> u8 {
        self.final_[((melds * PAIR_CLASSES + x) * SUIT_HONOR_CLASSES + w) & (FINAL_PAD - 1)]
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
    fn dense_index_numbers_shapes_densely() {
        let mut seen = vec![false; SUIT_SHAPES];
        for pk in 0..PREFIX_KEYS {
            for sk in 0..SUFFIX_KEYS {
                if digit_sum(pk, 4) + digit_sum(sk, 5) <= MAX_SUM {
                    let i = dense_index(pk, sk);
                    assert!(!seen[i], "index {i} used twice");
                    seen[i] = true;
                }
            }
        }
        assert!(seen.iter().all(|&x| x));
    }

    #[test]
    fn four_meld_tables_match_general_ones() {
        let t = tables();
        for a in 0..SUIT_CLASSES as u8 {
            for b in 0..SUIT_CLASSES as u8 {
                for c in 0..SUIT_CLASSES as u8 {
                    // Every honour class for a few (a, b, c); all of them over the loop.
                    for z in (usize::from(a ^ b ^ c) % 7..HONOR_CLASSES).step_by(7) {
                        let k = [a, b, c, z as u8];
                        let x = t.pair_class(k[0], k[1]);
                        let w = t.suit_honor_class(k[2], k[3]);
                        assert_eq!(t.replacement4(&k), t.combined(4, x, w), "{k:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn committed_class_ids_in_range() {
        assert!(SUIT_CLASS.iter().all(|&c| usize::from(c) < SUIT_CLASSES));
        assert!(HONOR_CLASS.iter().all(|&c| usize::from(c) < HONOR_CLASSES));
    }

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
