//! Fast regular-form (n melds + a pair) win check and waits, driven by per-block tables.
//!
//! A block is one suit (9 kinds) or the honours (7 kinds, pungs only). Each block shape is keyed
//! by its counts read as a base-5 number, `key = sum c[i] * 5^i`, and the table holds a 2-bit code
//! per key: `0` not complete, `1` complete as melds only, `2` complete as melds plus one pair.
//! A shape's size mod 3 decides which of the two it can be, so one code per shape suffices.
//! The suit table has `5^9` entries (512 KiB packed), the honour table `5^7` (32 KiB); both are
//! built once, on first use or by [`crate::init`], in about a millisecond.
//!
//! A hand is complete when every block has a nonzero code and exactly one block uses its pair.
//! Tables cover block shapes of up to 17 tiles, which every [`Hand`] satisfies.

use once_cell::sync::Lazy;

use crate::hand::Hand;
use crate::tile::{Counts, block_words_of, count_words};

const SUIT_KEYS: usize = 1_953_125; // 5^9
const HONOR_KEYS: usize = 78_125; // 5^7
const POW5: [u32; 9] = [1, 5, 25, 125, 625, 3125, 15_625, 78_125, 390_625];
/// Most melds one block of a legal hand can hold (17 tiles = 5 melds + a pair).
const MAX_MELDS: usize = 5;

/// Code of a block shape.
const NOT_COMPLETE: u8 = 0;
const MELDS: u8 = 1;
const MELDS_AND_PAIR: u8 = 2;

/// Table words, padded to powers of two so that masked indices need no bounds checks.
const SUIT_WORDS: usize = 1 << 16; // >= SUIT_KEYS / 32
const HONOR_WORDS: usize = 1 << 12; // >= HONOR_KEYS / 32

const _: () = assert!(SUIT_WORDS * 32 >= SUIT_KEYS && HONOR_WORDS * 32 >= HONOR_KEYS);

struct Tables {
    suit: Box<[u64; SUIT_WORDS]>,
    honor: Box<[u64; HONOR_WORDS]>,
}

static TABLES: Lazy<Tables> = Lazy::new(build);

/// Builds the tables now (idempotent).
pub(crate) fn init() {
    Lazy::force(&TABLES);
}

/// Bytes held by the tables.
pub fn table_bytes() -> usize {
    (TABLES.suit.len() + TABLES.honor.len()) * 8
}

fn build() -> Tables {
    Tables {
        suit: build_block(9, true).try_into().expect("suit table size"),
        honor: build_block(7, false).try_into().expect("honour table size"),
    }
}

/// Marks every complete shape of a block of `len` kinds by adding melds in nondecreasing order.
fn build_block(len: usize, chows: bool) -> Box<[u64]> {
    let words = if len == 9 { SUIT_WORDS } else { HONOR_WORDS };
    let mut table = vec![0u64; words].into_boxed_slice();
    // Meld shapes as (key delta, kinds touched).
    let mut melds: Vec<[usize; 3]> = (0..len).map(|i| [i, i, i]).collect();
    if chows {
        melds.extend((0..len - 2).map(|i| [i, i + 1, i + 2]));
    }
    let mut counts = [0u8; 9];
    // No pair, then each possible pair.
    fill(&mut table, &melds, &mut counts, 0, 0, MELDS, len);
    for p in 0..len {
        counts[p] = 2;
        fill(&mut table, &melds, &mut counts, 0, 0, MELDS_AND_PAIR, len);
        counts[p] = 0;
    }
    table
}

fn fill(
    table: &mut [u64],
    melds: &[[usize; 3]],
    counts: &mut [u8; 9],
    first: usize,
    depth: usize,
    code: u8,
    len: usize,
) {
    let key: usize = (0..len)
        .map(|i| counts[i] as usize * POW5[i] as usize)
        .sum();
    set(table, key, code);
    if depth == MAX_MELDS {
        return;
    }
    for (m, meld) in melds.iter().enumerate().skip(first) {
        for &k in meld {
            counts[k] += 1;
        }
        if meld.iter().all(|&k| counts[k] <= 4) {
            fill(table, melds, counts, m, depth + 1, code, len);
        }
        for &k in meld {
            counts[k] -= 1;
        }
    }
}

fn set(table: &mut [u64], key: usize, code: u8) {
    table[key >> 5] |= u64::from(code) << ((key & 31) * 2);
}

#[inline(always)]
fn code<const W: usize>(table: &[u64; W], key: usize) -> u8 {
    // `W` is a power of two, so the mask keeps the index in range without a check.
    ((table[(key >> 5) & (W - 1)] >> ((key & 31) * 2)) & 3) as u8
}

/// Base-5 key of the 8 counts packed in `x` (one per byte, each at most 4).
///
/// The even and the odd bytes are spread to 16-bit lanes; multiplying four lanes by
/// `15625 + 625 << 16 + 25 << 32 + 1 << 48` puts `l0 + 25 l1 + 625 l2 + 15625 l3` (at most
/// 65,104) in the top 16 bits with no carry from below (the next term is at most 65,100), so one
/// multiply per four counts gives the base-25 digits; the odd counts weigh five times more.
#[inline(always)]
fn key8(x: u64) -> u32 {
    const LANES: u64 = 0x00ff_00ff_00ff_00ff;
    const WEIGHTS: u64 = 15_625 | 625 << 16 | 25 << 32 | 1 << 48;
    let even = ((x & LANES).wrapping_mul(WEIGHTS) >> 48) as u32;
    let odd = (((x >> 8) & LANES).wrapping_mul(WEIGHTS) >> 48) as u32;
    even + 5 * odd
}

/// Keys of the four blocks (m, p, s, honours) from [`block_words_of`].
#[inline(always)]
fn keys(words: &[u64; 4], nines: &[u32; 3]) -> [usize; 4] {
    let suit = |s: usize| (key8(words[s]) + nines[s] * POW5[8]) as usize;
    [suit(0), suit(1), suit(2), key8(words[3]) as usize]
}

/// Whether four block codes (2 bits each, m in the low bits) make a complete hand: all nonzero,
/// exactly one pair.
const WIN: [u64; 4] = {
    let mut lut = [0u64; 4];
    let mut e = 0;
    while e < 256 {
        let mut ok = true;
        let mut pairs = 0;
        let mut b = 0;
        while b < 4 {
            let v = (e >> (2 * b)) & 3;
            if v == NOT_COMPLETE as usize || v == 3 {
                ok = false;
            }
            if v == MELDS_AND_PAIR as usize {
                pairs += 1;
            }
            b += 1;
        }
        if ok && pairs == 1 {
            lut[e >> 6] |= 1 << (e & 63);
        }
        e += 1;
    }
    lut
};

/// For four block codes (as in [`WIN`]), which blocks a drawn tile can complete the hand in:
/// bit `b` when the other three blocks are complete with at most one pair between them, and bit
/// `4 + b` when block `b` must then take the pair (the others have none).
const PROBE: [u8; 256] = {
    let mut lut = [0u8; 256];
    let mut e = 0;
    while e < 256 {
        let mut b = 0;
        while b < 4 {
            let mut ok = true;
            let mut pairs = 0;
            let mut o = 0;
            while o < 4 {
                let v = (e >> (2 * o)) & 3;
                if o != b {
                    if v == NOT_COMPLETE as usize || v == 3 {
                        ok = false;
                    }
                    if v == MELDS_AND_PAIR as usize {
                        pairs += 1;
                    }
                }
                o += 1;
            }
            if ok && pairs <= 1 {
                lut[e] |= 1 << b;
                if pairs == 0 {
                    lut[e] |= 1 << (4 + b);
                }
            }
            b += 1;
        }
        e += 1;
    }
    lut
};

#[inline(always)]
fn codes(t: &Tables, k: &[usize; 4]) -> [u8; 4] {
    [
        code(&t.suit, k[0]),
        code(&t.suit, k[1]),
        code(&t.suit, k[2]),
        code(&t.honor, k[3]),
    ]
}

/// Code of the honour block computed from its counts directly (no table): every honour count
/// must be 0, 2 or 3, with at most one 2. Equal to the honour table's code (tested).
#[inline(always)]
fn honor_code(honor_word: u64) -> u8 {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let x = honor_word;
    let (b0, b1, b2) = (x & LOW, (x >> 1) & LOW, (x >> 2) & LOW);
    let bad = (b0 & !b1) | b2; // a count of 1 or 4
    let twos = (b1 & !b0).count_ones();
    let ok = bad == 0 && twos <= 1;
    u8::from(ok) * (1 + twos as u8)
}

/// True when the hand is n melds plus a pair (any 3n+2 size; other sizes are never complete).
#[inline]
pub fn is_complete(hand: &Hand) -> bool {
    is_complete_words(&count_words(hand.counts()))
}

/// [`is_complete`] on the count words of counts of at most 4 each, at most 17 tiles.
#[inline(always)]
pub(crate) fn is_complete_words(w: &[u64; 5]) -> bool {
    let (words, nines) = block_words_of(w);
    let h = honor_code(words[3]);
    if h == NOT_COMPLETE {
        return false;
    }
    let t = &*TABLES;
    let k = keys(&words, &nines);
    let e = [
        code(&t.suit, k[0]),
        code(&t.suit, k[1]),
        code(&t.suit, k[2]),
        h,
    ];
    let e = usize::from(e[0])
        | usize::from(e[1]) << 2
        | usize::from(e[2]) << 4
        | usize::from(e[3]) << 6;
    (WIN[e >> 6] >> (e & 63)) & 1 == 1
}

/// Regular-form waits of a hand (meaningful for 3n+1 sizes): bit `i` is set when drawing kind
/// `i` completes the hand. Kinds the hand holds four of are never set.
pub fn waits(hand: &Hand) -> u64 {
    waits_words(hand.counts(), &count_words(hand.counts()))
}

/// [`waits`] on counts of at most 4 each (at most 17 tiles) and their count words `w`.
#[inline(always)]
pub(crate) fn waits_words(c: &Counts, w: &[u64; 5]) -> u64 {
    let t = &*TABLES;
    let (words, nines) = block_words_of(w);
    let k = keys(&words, &nines);
    let e = codes(t, &k);
    let plan = PROBE[usize::from(e[0])
        | usize::from(e[1]) << 2
        | usize::from(e[2]) << 4
        | usize::from(e[3]) << 6];
    if plan == 0 {
        // Two or more incomplete blocks: one drawn tile changes one block only.
        return 0;
    }
    let mut mask = 0u64;
    for (b, &key) in k.iter().enumerate() {
        if plan >> b & 1 == 0 {
            continue;
        }
        let need = if plan >> (4 + b) & 1 == 1 {
            MELDS_AND_PAIR
        } else {
            MELDS
        };
        let base = b * 9;
        // Branch-free over the kinds: whether each one is below four and completes the block.
        let mut m = 0u64;
        if b == 3 {
            for i in 0..7 {
                let hit = (c[base + i] < 4) & (code(&t.honor, key + POW5[i] as usize) == need);
                m |= u64::from(hit) << i;
            }
        } else {
            for i in 0..9 {
                let hit = (c[base + i] < 4) & (code(&t.suit, key + POW5[i] as usize) == need);
                m |= u64::from(hit) << i;
            }
        }
        mask |= m << base;
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::hand;
    use crate::tile::block_words;

    #[test]
    fn is_complete_examples() {
        assert!(is_complete(&hand("11m")));
        assert!(is_complete(&hand("123m456p789s111z22z")));
        assert!(is_complete(&hand("11122233344455566m")));
        assert!(is_complete(&hand("23333444455556666m")));
        assert!(!is_complete(&hand("11m22p")));
        assert!(!is_complete(&hand("1111m")));
        assert!(!is_complete(&hand("1122m")));
        assert!(!is_complete(&hand("123z11m")));
        assert!(!is_complete(&hand("11m22p33s44z55z")));
    }

    #[test]
    fn waits_nine_gates() {
        assert_eq!(waits(&hand("1112345678999m")), 0x1ff);
    }

    #[test]
    fn waits_skip_fifth_copy() {
        // 1111m: the only shape would need a fifth 1m.
        assert_eq!(waits(&hand("1111m")), 0);
        // 1111234m: 111 123 4+4; drawing 1m is impossible.
        assert_eq!(waits(&hand("1111234m")), 1 << 3);
    }

    #[test]
    fn waits_two_pair_blocks() {
        // 11m 22p: either pair becomes a pung.
        assert_eq!(waits(&hand("11m22p")), (1 << 0) | (1 << 10));
        assert_eq!(waits(&hand("1z")), 1 << 27);
    }

    #[test]
    fn honor_code_matches_table() {
        let mut c = [0u8; 34];
        for key in 0..HONOR_KEYS {
            let mut k = key;
            for h in 0..7 {
                c[crate::tile::HONOR_START + h] = (k % 5) as u8;
                k /= 5;
            }
            let total: u32 = c.iter().map(|&n| u32::from(n)).sum();
            if total <= 17 {
                let w = block_words(&c).0[3];
                assert_eq!(honor_code(w), code(&TABLES.honor, key), "{:?}", &c[27..]);
            }
        }
    }

    #[test]
    fn key8_is_base5() {
        let mut x = 1u64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let b: [u8; 8] = std::array::from_fn(|i| ((x >> (5 * i)) % 5) as u8);
            let want: u32 = (0..8).map(|i| u32::from(b[i]) * POW5[i]).sum();
            assert_eq!(key8(u64::from_le_bytes(b)), want);
        }
    }

    #[test]
    fn table_bytes_reported() {
        assert_eq!(table_bytes(), (SUIT_WORDS + HONOR_WORDS) * 8);
    }
}
