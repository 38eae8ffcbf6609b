//! The blocks of a riichi reading: their encoding (`tile * 4 + kind`), the room for a hand's
//! readings, and the bit-parallel helpers the search for readings (in `eval.rs`) is built from.

use super::{HONORS, TERMINALS};
#[cfg(test)]
use crate::tile::{Counts, count_words};

// Block types, in the reference's sort order (a quad sorts before a triplet, a pair, a
// sequence on the same tile). A block is `tile * 4 + type`.
pub(super) const QUAD: u8 = 0;
pub(super) const TRIPLET: u8 = 1;
pub(super) const PAIR: u8 = 2;
pub(super) const SEQUENCE: u8 = 3;

pub(super) const fn block_tile(b: u8) -> usize {
    (b >> 2) as usize
}
pub(super) const fn block_kind(b: u8) -> u8 {
    b & 3
}
pub(super) const fn is_set_of_same(b: u8) -> bool {
    block_kind(b) == QUAD || block_kind(b) == TRIPLET
}

/// Room for the readings of one hand: at most 4 regular readings (an exhaustive count over every
/// one-suit shape, combined over the suits, in tests.rs) plus seven pairs.
pub(in crate::riichi) const MAX_READINGS: usize = 8;

/// A reading of the whole hand: sorted blocks (declared melds included).
#[derive(Clone, Copy, Default)]
pub(in crate::riichi) struct Reading {
    /// The blocks (`tile * 4 + kind`), sorted; `len` of them are used.
    pub(super) blocks: [u8; 7],
    /// How many of `blocks` are used: 5, or 7 for seven pairs.
    pub(super) len: u8,
}

impl Reading {
    // `#[inline]` on what `eval.rs` calls across the module line: a local copy in the caller's
    // codegen unit, so the split into files inlines as the single file did.
    #[inline]
    pub(super) fn blocks(&self) -> &[u8] {
        &self.blocks[..usize::from(self.len)]
    }
}

/// Bit 0 of each of the eight bytes of `x`, gathered into the low byte (byte i -> bit i).
#[inline(always)]
pub(super) fn gather(x: u64) -> u64 {
    (x & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// Multiplier moving the top bit of byte i to bit 56 + i (bits 7j, j = 0..8).
pub(super) const SEVEN: u64 = {
    let mut m = 0u64;
    let mut j = 0;
    while j < 8 {
        m |= 1 << (7 * j);
        j += 1;
    }
    m
};

/// The kinds held (bit i = kind i), from the count words (counts of at most 4): adding 127 to
/// a byte sets its top bit when it is nonzero (without a carry into the next byte), and the
/// multiply moves the top bit of byte i to bit 56 + i (the partial products' bits are
/// distinct, so nothing carries into the top byte).
#[inline(always)]
pub(super) fn held_of(words: &[u64; 5]) -> u64 {
    let mut held = 0u64;
    for (w, &x) in words.iter().enumerate() {
        let top = x.wrapping_add(0x7f7f_7f7f_7f7f_7f7f) & 0x8080_8080_8080_8080;
        held |= top.wrapping_mul(SEVEN) >> 56 << (w * 8);
    }
    held
}

/// Every reading of the concealed `counts` as sets and one pair, with `meld_blocks` added,
/// sorted as the reference sorts them; seven pairs first considered when there is no meld.
#[cfg(test)]
pub(in crate::riichi) fn readings(
    counts: &Counts,
    meld_blocks: &[u8],
    out: &mut [Reading; MAX_READINGS],
) -> usize {
    let words = count_words(counts);
    let mut melds = [0u8; 4];
    melds[..meld_blocks.len()].copy_from_slice(meld_blocks);
    super::readings_of(&words, held_of(&words), &melds, meld_blocks.len(), out)
}

/// The suit's nine counts (at most 4 each) as nibbles, kind 1 in the lowest: bytes `lo` (kinds
/// 1-8) packed 8 -> 4 bits by shifts, and `nine`.
#[inline(always)]
pub(super) fn nibbles(lo: u64, nine: u32) -> u64 {
    let mut w = (lo | lo >> 4) & 0x00ff_00ff_00ff_00ff;
    w = (w | w >> 8) & 0x0000_ffff_0000_ffff;
    w = (w | w >> 16) & 0x0000_0000_ffff_ffff;
    w | u64::from(nine) << 32
}

/// Room for a reading's blocks and the fixed-size writes past its end.
pub(super) const STACK: usize = 16;

/// What [`greedy_sets`] found.
pub(super) enum Greedy {
    /// No reading.
    Fail,
    /// A kind where a triplet and sequences both fit.
    Branch,
    /// The only reading, ending at this stack depth.
    Done(usize),
}

/// The first number (0-based) the pair of a suit with counts `x` can sit on; the others are
/// 3 and 6 above. Sets leave the sum of the tile numbers at 0 mod 3, which fixes the pair's.
#[inline(always)]
pub(super) fn pair_start(x: u64) -> u32 {
    // Tiles on numbers 2, 5, 8 and on 3, 6, 9 (each sum at most 12: fits a nibble).
    const EVERY_THIRD: u64 = 0x00f0_0f00f;
    let y1 = x >> 4 & EVERY_THIRD;
    let y2 = x >> 8 & EVERY_THIRD;
    let s1 = (y1 + (y1 >> 12) + (y1 >> 24)) & 0xf;
    let s2 = (y2 + (y2 >> 12) + (y2 >> 24)) & 0xf;
    ((2 * s1 + s2) % 3) as u32
}

/// The lowest kind held in the nonzero suit counts `x` (nibbles, the suit starting at kind
/// `base`): its nibble shift, the kind, and its count and the next two kinds' counts.
#[inline(always)]
pub(super) fn lowest_kind(x: u64, base: u8) -> (u32, u8, u64, u64, u64) {
    let shift = x.trailing_zeros() & !3;
    (
        shift,
        base + (shift / 4) as u8,
        x >> shift & 0xf,
        x >> (shift + 4) & 0xf,
        x >> (shift + 8) & 0xf,
    )
}

/// Reads the counts `x` of the suit starting at kind `base` as sets onto `stack[len..]`, when
/// there is one way: at the lowest kind left with `c` tiles, `c` sequences or a triplet and
/// `c - 3` sequences.
#[inline(always)]
pub(super) fn greedy_sets(mut x: u64, base: u8, stack: &mut [u8; STACK], mut len: usize) -> Greedy {
    while x != 0 {
        let (shift, t, c0, c1, c2) = lowest_kind(x, base);
        let seqs_fit = c1 >= c0 && c2 >= c0;
        if c0 >= 3 {
            let k = c0 - 3;
            if c1 >= k && c2 >= k {
                if seqs_fit {
                    return Greedy::Branch;
                }
                if len + 1 + k as usize > 5 {
                    return Greedy::Fail;
                }
                stack[len] = t << 2 | TRIPLET;
                stack[len + 1..len + 5].copy_from_slice(&[t << 2 | SEQUENCE; 4]);
                len += 1 + k as usize;
                x -= (c0 << shift) + k * (0x110 << shift);
                continue;
            }
        }
        if !seqs_fit || len + c0 as usize > 5 {
            return Greedy::Fail;
        }
        stack[len..len + 4].copy_from_slice(&[t << 2 | SEQUENCE; 4]);
        len += c0 as usize;
        x -= c0 * (0x111 << shift);
    }
    Greedy::Done(len)
}

/// Sorts the first five bytes (insertion sort).
#[inline(always)]
pub(super) fn sort5(b: &mut [u8; 7]) {
    for i in 1..5 {
        let x = b[i];
        let mut j = i;
        while j > 0 && b[j - 1] > x {
            b[j] = b[j - 1];
            j -= 1;
        }
        b[j] = x;
    }
}

/// Per block (`tile * 4 + type`), four-bit fields added up over a reading: bits 0-3 a
/// sequence, 4-7 a block with a terminal (a sequence holding a 1 or a 9, a set or pair of
/// terminals), 8-11 an honour block (set or pair), 12-15 a set (triplet or quad).
pub(super) const BLOCK_INFO: [u16; 136] = {
    let mut t = [0u16; 136];
    let mut b = 0;
    while b < 136 {
        let k = b / 4;
        let ty = (b % 4) as u8;
        let term_kind = TERMINALS >> k & 1 != 0;
        let honor = HONORS >> k & 1 != 0;
        t[b] = if ty == SEQUENCE {
            1 | if k < 27 && (k % 9 == 0 || k % 9 == 6) {
                1 << 4
            } else {
                0
            }
        } else {
            (if term_kind { 1 << 4 } else { 0 })
                | (if honor { 1 << 8 } else { 0 })
                | (if ty != PAIR { 1 << 12 } else { 0 })
        };
        b += 1;
    }
    t
};

/// The readings of one suit's tiles: up to 4, each up to 5 blocks.
#[derive(Clone, Copy)]
pub(super) struct SuitReadings {
    pub(super) n: usize,
    pub(super) len: [u8; 4],
    pub(super) blocks: [[u8; 5]; 4],
}

impl SuitReadings {
    pub(super) const EMPTY: SuitReadings = SuitReadings {
        n: 0,
        len: [0; 4],
        blocks: [[0; 5]; 4],
    };
    pub(super) fn get(&self, i: usize) -> &[u8] {
        &self.blocks[i][..usize::from(self.len[i])]
    }
}

/// Every reading of suit `s`'s counts `x` (nibbles, kind 1 lowest) as sets, plus one pair when
/// `with_pair`. Sets leave the sum of the tile numbers at 0 mod 3, which fixes the pair's number
/// mod 3; each kind there holding two or more is tried.
pub(super) fn suit_readings(x: u64, s: usize, with_pair: bool, out: &mut SuitReadings) {
    let base = (s * 9) as u8;
    if !with_pair {
        suit_sets(x, base, [0; 5], 0, out);
        return;
    }
    let mut j = pair_start(x);
    while j < 9 {
        if x >> (4 * j) & 0xf >= 2 {
            let mut cur = [0u8; 5];
            cur[0] = (base + j as u8) << 2 | PAIR;
            suit_sets(x - (2 << (4 * j)), base, cur, 1, out);
        }
        j += 3;
    }
}

/// Appends to `out` every reading of the counts `x` as sets after the blocks `cur[..len]`: at
/// the lowest kind left with `c` tiles, `c` sequences start there or, when `c >= 3`, a triplet
/// and `c - 3` sequences (so each multiset of blocks comes once). Recurses only where both are
/// possible.
fn suit_sets(mut x: u64, base: u8, mut cur: [u8; 5], mut len: usize, out: &mut SuitReadings) {
    while x != 0 {
        let (shift, t, c0, c1, c2) = lowest_kind(x, base);
        let seqs_fit = c1 >= c0 && c2 >= c0 && len + c0 as usize <= 5;
        if c0 >= 3 {
            let k = c0 - 3;
            if c1 >= k && c2 >= k && len + 1 + k as usize <= 5 {
                if seqs_fit {
                    let mut other = cur;
                    for slot in &mut other[len..len + c0 as usize] {
                        *slot = t << 2 | SEQUENCE;
                    }
                    suit_sets(
                        x - c0 * (0x111 << shift),
                        base,
                        other,
                        len + c0 as usize,
                        out,
                    );
                }
                cur[len] = t << 2 | TRIPLET;
                for slot in &mut cur[len + 1..len + 1 + k as usize] {
                    *slot = t << 2 | SEQUENCE;
                }
                len += 1 + k as usize;
                x -= (c0 << shift) + k * (0x110 << shift);
                continue;
            }
        }
        if !seqs_fit {
            return;
        }
        for slot in &mut cur[len..len + c0 as usize] {
            *slot = t << 2 | SEQUENCE;
        }
        len += c0 as usize;
        x -= c0 * (0x111 << shift);
    }
    if out.n < out.len.len() {
        out.blocks[out.n] = cur;
        out.len[out.n] = len as u8;
        out.n += 1;
    }
}
