//! Decompositions, yaku and fu of one riichi hand, and the choice of the best reading.
//!
//! What does not depend on the reading is computed once per hand: the tile-set yaku (tanyao,
//! flushes, all terminals / honours / green, daisharin), the condition yaku, the honour sets
//! (an honour can only be read one way), kans, chuuren and the dora. A reading then adds only
//! its sequence and triplet yaku and its fu; yaku are kept as a bit set of ids until the best
//! reading is written out.

use super::points::{self, Cost};
use super::yaku::{self as y, YAKU_SLOTS};
use super::{
    CHANKAN, CHIIHOU, DOUBLE_RIICHI, FuPart, FuReason, HAITEI, HOUTEI, IPPATSU, MAX_FU_PARTS,
    MeldKind, OPEN_RIICHI, RENHOU, RIICHI, RINSHAN, RiichiHand, Rules, Score, TENHOU, TSUMO,
};
use crate::error::Error;
use crate::tile::{Counts, block_words_of, count_words};

// Block types, in the reference's sort order (a quad sorts before a triplet, a pair, a
// sequence on the same tile). A block is `tile * 4 + type`.
const QUAD: u8 = 0;
const TRIPLET: u8 = 1;
const PAIR: u8 = 2;
const SEQ: u8 = 3;

const fn bt(b: u8) -> usize {
    (b >> 2) as usize
}
const fn bty(b: u8) -> u8 {
    b & 3
}
const fn is_set_of_same(b: u8) -> bool {
    bty(b) == QUAD || bty(b) == TRIPLET
}

/// Kind masks (bit i = kind i).
const HONORS: u64 = 0x7f << 27;
const WINDS: u64 = 0xf << 27;
const DRAGONS: u64 = 0x7 << 31;
const TERM: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26;
const GREEN: u64 = 1 << 19 | 1 << 20 | 1 << 21 | 1 << 23 | 1 << 25 | 1 << 32;
const SUIT: u64 = 0x1ff;

/// Per block (`tile * 4 + type`), four-bit fields added up over a reading: bits 0-3 a
/// sequence, 4-7 a block with a terminal (a sequence holding a 1 or a 9, a set or pair of
/// terminals), 8-11 an honour block (set or pair), 12-15 a set (triplet or quad).
const BLOCK_INFO: [u16; 136] = {
    let mut t = [0u16; 136];
    let mut b = 0;
    while b < 136 {
        let k = b / 4;
        let ty = (b % 4) as u8;
        let term_kind = TERM >> k & 1 != 0;
        let honor = HONORS >> k & 1 != 0;
        t[b] = if ty == SEQ {
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

/// Room for the readings of one hand: at most 4 regular readings (an exhaustive count over every
/// one-suit shape, combined over the suits, in tests.rs) plus seven pairs.
pub(super) const MAX_DECOMPS: usize = 8;

/// A reading of the whole hand: sorted blocks (declared melds included).
#[derive(Clone, Copy, Default)]
pub(super) struct Decomp {
    blocks: [u8; 7],
    len: u8,
}

impl Decomp {
    fn blocks(&self) -> &[u8] {
        &self.blocks[..usize::from(self.len)]
    }
}

/// Bit 0 of each of the eight bytes of `x`, gathered into the low byte (byte i -> bit i).
#[inline(always)]
fn gather(x: u64) -> u64 {
    (x & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// Multiplier moving the top bit of byte i to bit 56 + i (bits 7j, j = 0..8).
const SEVEN: u64 = {
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
fn held_of(words: &[u64; 5]) -> u64 {
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
pub(super) fn decompositions(
    counts: &Counts,
    meld_blocks: &[u8],
    out: &mut [Decomp; MAX_DECOMPS],
) -> usize {
    let words = count_words(counts);
    let mut melds = [0u8; 4];
    melds[..meld_blocks.len()].copy_from_slice(meld_blocks);
    decompositions_of(&words, held_of(&words), &melds, meld_blocks.len(), out)
}

/// The suit's nine counts (at most 4 each) as nibbles, kind 1 in the lowest: bytes `lo` (kinds
/// 1-8) packed 8 -> 4 bits by shifts, and `nine`.
#[inline(always)]
fn nibbles(lo: u64, nine: u32) -> u64 {
    let mut w = (lo | lo >> 4) & 0x00ff_00ff_00ff_00ff;
    w = (w | w >> 8) & 0x0000_ffff_0000_ffff;
    w = (w | w >> 16) & 0x0000_0000_ffff_ffff;
    w | u64::from(nine) << 32
}

/// [`decompositions`] from the count words and the kinds held, already read.
fn decompositions_of(
    words: &[u64; 5],
    held: u64,
    melds: &[u8; 4],
    nm: usize,
    out: &mut [Decomp; MAX_DECOMPS],
) -> usize {
    let meld_blocks = &melds[..nm];
    let mut n = 0;
    // Seven pairs: no meld, every count 0 or 2, seven kinds.
    let any = words[0] | words[1] | words[2] | words[3] | words[4];
    if meld_blocks.is_empty() && any & !0x0202_0202_0202_0202 == 0 && held.count_ones() == 7 {
        let mut d = Decomp {
            blocks: [0; 7],
            len: 7,
        };
        let mut m = held;
        for slot in &mut d.blocks {
            *slot = (m.trailing_zeros() as u8) << 2 | PAIR;
            m &= m - 1;
        }
        out[0] = d;
        n = 1;
    }
    // The pair sits in the one block (suit or honours) whose tile count is 2 mod 3; every other
    // block must hold a multiple of 3, and honours only pairs and triplets.
    let (b, nines) = block_words_of(words);
    let sum8 = |x: u64| (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32;
    // Block totals mod 3 in two bits each (a block holds at most 14 concealed tiles).
    const MOD3: u64 = {
        let mut t = 0u64;
        let mut i = 0;
        while i < 32 {
            t |= ((i % 3) as u64) << (2 * i);
            i += 1;
        }
        t
    };
    let m3 = |total: u32| (MOD3 >> (2 * (total & 31))) & 3;
    let r = [
        m3(sum8(b[0]) + nines[0]),
        m3(sum8(b[1]) + nines[1]),
        m3(sum8(b[2]) + nines[2]),
        m3(sum8(b[3])),
    ];
    let mut pair_block = usize::MAX;
    for (s, &x) in r.iter().enumerate() {
        match x {
            0 => {}
            2 if pair_block == usize::MAX => pair_block = s,
            _ => return finish(out, n),
        }
    }
    let honors = held & HONORS;
    // Honour counts, one a byte (kinds 27-33 in bytes 0-6): one or four copies cannot be read.
    const LOW7: u64 = 0x0001_0101_0101_0101;
    let hw = b[3];
    if pair_block == usize::MAX || (hw & !(hw >> 1) | hw >> 2) & LOW7 != 0 {
        return finish(out, n);
    }
    // Honours read one way: a pair (only in the pair's block, once) or a triplet. (No
    // `count_ones` on the hot path: the default x86-64 target has no popcount instruction.)
    let honor_pairs = gather(hw >> 1 & !hw) << 27;
    if (honor_pairs != 0) != (pair_block == 3) || honor_pairs & honor_pairs.wrapping_sub(1) != 0 {
        return finish(out, n);
    }
    let mut hon = [0u8; 7];
    let mut nh = 0;
    let mut m = honors;
    while m != 0 {
        let k = m.trailing_zeros() as u8;
        hon[nh] = k << 2
            | if honor_pairs >> k & 1 != 0 {
                PAIR
            } else {
                TRIPLET
            };
        nh += 1;
        m &= m - 1;
    }
    if nh + meld_blocks.len() > 5 {
        return finish(out, n);
    }
    let xs = [
        nibbles(b[0], nines[0]),
        nibbles(b[1], nines[1]),
        nibbles(b[2], nines[2]),
    ];
    // Most hands read one way: every suit without a kind where a triplet and sequences both
    // fit, and one pair position that works. Such a hand is read on one stack.
    match single_reading(&xs, pair_block, &hon, nh, melds, nm) {
        Single(d) => {
            out[n] = d;
            return finish(out, n + 1);
        }
        Unreadable => return finish(out, n),
        Several => {}
    }
    // Each suit read on its own; the hand's readings are their products.
    let mut per = [SuitReadings::EMPTY; 3];
    for (s, r) in per.iter_mut().enumerate() {
        let x = xs[s];
        if x == 0 {
            r.n = 1;
            continue;
        }
        suit_readings(x, s, s == pair_block, r);
        if r.n == 0 {
            return finish(out, n);
        }
    }
    for a in 0..per[0].n {
        for b in 0..per[1].n {
            for c in 0..per[2].n {
                if n == MAX_DECOMPS {
                    break;
                }
                let mut d = Decomp {
                    blocks: [0; 7],
                    len: 5,
                };
                let mut len = 0;
                let mut put = |xs: &[u8]| {
                    for &x in xs {
                        if len < 5 {
                            d.blocks[len] = x;
                        }
                        len += 1;
                    }
                };
                put(per[0].get(a));
                put(per[1].get(b));
                put(per[2].get(c));
                put(&hon[..nh]);
                put(meld_blocks);
                if len != 5 {
                    continue;
                }
                sort5(&mut d.blocks);
                out[n] = d;
                n += 1;
            }
        }
    }
    finish(out, n)
}

/// What [`single_reading`] found.
enum Reading {
    /// The hand's only regular reading.
    Single(Decomp),
    /// No regular reading.
    Unreadable,
    /// A suit can be read more than one way: the general search decides.
    Several,
}
use Reading::{Several, Single, Unreadable};

/// Room for a reading's blocks and the fixed-size writes past its end.
const STACK: usize = 16;

/// What [`greedy_sets`] found.
enum Greedy {
    /// No reading.
    Fail,
    /// A kind where a triplet and sequences both fit.
    Branch,
    /// The only reading, ending at this stack depth.
    Done(usize),
}

/// The regular reading of a hand whose suits (counts `xs`, nibbles) each read one way.
///
/// Blocks are written with fixed-size copies (room to spare in `stack`), never variable-length
/// ones, which would be library calls.
fn single_reading(
    xs: &[u64; 3],
    pair_block: usize,
    hon: &[u8; 7],
    nh: usize,
    melds: &[u8; 4],
    nm: usize,
) -> Reading {
    let mut stack = [0u8; STACK];
    let mut depth = 0;
    for (s, &x) in xs.iter().enumerate() {
        if x == 0 {
            continue;
        }
        let base = (s * 9) as u8;
        if s != pair_block {
            match greedy_sets(x, base, &mut stack, depth) {
                Greedy::Done(d) => depth = d,
                Greedy::Fail => return Unreadable,
                Greedy::Branch => return Several,
            }
            continue;
        }
        let mut found: Option<([u8; STACK], usize)> = None;
        let mut j = pair_start(x);
        while j < 9 {
            if x >> (4 * j) & 0xf >= 2 {
                let mut tmp = stack;
                tmp[depth] = (base + j as u8) << 2 | PAIR;
                match greedy_sets(x - (2 << (4 * j)), base, &mut tmp, depth + 1) {
                    Greedy::Fail => {}
                    Greedy::Branch => return Several,
                    Greedy::Done(d) => {
                        if found.is_some() {
                            return Several;
                        }
                        found = Some((tmp, d));
                    }
                }
            }
            j += 3;
        }
        match found {
            Some((tmp, d)) => {
                stack = tmp;
                depth = d;
            }
            None => return Unreadable,
        }
    }
    if depth + nh + nm != 5 {
        return Unreadable;
    }
    stack[depth..depth + 7].copy_from_slice(hon);
    stack[depth + nh..depth + nh + 4].copy_from_slice(melds);
    let mut d = Decomp {
        blocks: [0; 7],
        len: 5,
    };
    d.blocks[..5].copy_from_slice(&stack[..5]);
    sort5(&mut d.blocks);
    Single(d)
}

/// The first number (0-based) the pair of a suit with counts `x` can sit on; the others are
/// 3 and 6 above. Sets leave the sum of the tile numbers at 0 mod 3, which fixes the pair's.
#[inline(always)]
fn pair_start(x: u64) -> u32 {
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
fn lowest_kind(x: u64, base: u8) -> (u32, u8, u64, u64, u64) {
    let sh = x.trailing_zeros() & !3;
    (
        sh,
        base + (sh / 4) as u8,
        x >> sh & 0xf,
        x >> (sh + 4) & 0xf,
        x >> (sh + 8) & 0xf,
    )
}

/// Reads the counts `x` of the suit starting at kind `base` as sets onto `stack[len..]`, when
/// there is one way: at the lowest kind left with `c` tiles, `c` sequences or a triplet and
/// `c - 3` sequences.
#[inline(always)]
fn greedy_sets(mut x: u64, base: u8, stack: &mut [u8; STACK], mut len: usize) -> Greedy {
    while x != 0 {
        let (sh, t, c0, c1, c2) = lowest_kind(x, base);
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
                stack[len + 1..len + 5].copy_from_slice(&[t << 2 | SEQ; 4]);
                len += 1 + k as usize;
                x -= (c0 << sh) + k * (0x110 << sh);
                continue;
            }
        }
        if !seqs_fit || len + c0 as usize > 5 {
            return Greedy::Fail;
        }
        stack[len..len + 4].copy_from_slice(&[t << 2 | SEQ; 4]);
        len += c0 as usize;
        x -= c0 * (0x111 << sh);
    }
    Greedy::Done(len)
}

/// Sorts the first five bytes (insertion sort).
#[inline(always)]
fn sort5(b: &mut [u8; 7]) {
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

fn finish(out: &mut [Decomp; MAX_DECOMPS], n: usize) -> usize {
    if n > 1 {
        out[..n].sort_unstable_by(|a, b| a.blocks().cmp(b.blocks()));
    }
    n
}

/// The readings of one suit's tiles: up to 4, each up to 5 blocks.
#[derive(Clone, Copy)]
struct SuitReadings {
    n: usize,
    len: [u8; 4],
    blocks: [[u8; 5]; 4],
}

impl SuitReadings {
    const EMPTY: SuitReadings = SuitReadings {
        n: 0,
        len: [0; 4],
        blocks: [[0; 5]; 4],
    };
    fn get(&self, i: usize) -> &[u8] {
        &self.blocks[i][..usize::from(self.len[i])]
    }
}

/// Every reading of suit `s`'s counts `x` (nibbles, kind 1 lowest) as sets, plus one pair when
/// `with_pair`. Sets leave the sum of the tile numbers at 0 mod 3, which fixes the pair's number
/// mod 3; each kind there holding two or more is tried.
fn suit_readings(x: u64, s: usize, with_pair: bool, out: &mut SuitReadings) {
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
        let (sh, t, c0, c1, c2) = lowest_kind(x, base);
        let seqs_fit = c1 >= c0 && c2 >= c0 && len + c0 as usize <= 5;
        if c0 >= 3 {
            let k = c0 - 3;
            if c1 >= k && c2 >= k && len + 1 + k as usize <= 5 {
                if seqs_fit {
                    let mut other = cur;
                    for slot in &mut other[len..len + c0 as usize] {
                        *slot = t << 2 | SEQ;
                    }
                    suit_sets(x - c0 * (0x111 << sh), base, other, len + c0 as usize, out);
                }
                cur[len] = t << 2 | TRIPLET;
                for slot in &mut cur[len + 1..len + 1 + k as usize] {
                    *slot = t << 2 | SEQ;
                }
                len += 1 + k as usize;
                x -= (c0 << sh) + k * (0x110 << sh);
                continue;
            }
        }
        if !seqs_fit {
            return;
        }
        for slot in &mut cur[len..len + c0 as usize] {
            *slot = t << 2 | SEQ;
        }
        len += c0 as usize;
        x -= c0 * (0x111 << sh);
    }
    if out.n < out.len.len() {
        out.blocks[out.n] = cur;
        out.len[out.n] = len as u8;
        out.n += 1;
    }
}

/// Han of each yaku id by `open | double_yakuman << 1`: the open value on an open hand when the
/// yaku has one, else the closed value; 13 for a double yakuman when they count once.
const HAN_BY: [[u8; YAKU_SLOTS]; 4] = {
    let mut t = [[0u8; YAKU_SLOTS]; 4];
    let mut row = 0;
    while row < 4 {
        let (open, double) = (row & 1 != 0, row & 2 != 0);
        let mut id = 0;
        while id < YAKU_SLOTS {
            let [closed, open_han] = y::HAN_TABLE[id];
            t[row][id] = if !double && y::is_double_yakuman(id) {
                13
            } else if open && open_han > 0 {
                open_han
            } else {
                closed
            };
            id += 1;
        }
        row += 1;
    }
    t
};

/// Whether yaku `id` is a yakuman (ids 41..=62).
const fn is_yakuman(id: usize) -> bool {
    id >= y::KOKUSHI && id <= y::PAARENCHAN
}

/// The yakuman ids as bits of a [`YakuSet`].
const YAKUMAN_BITS: u64 = ((1u64 << (y::PAARENCHAN + 1)) - 1) & !((1u64 << y::KOKUSHI) - 1);

// A reading's yaku set holds ids up to paarenchan (62); dora, red fives and ura dora (63-65)
// are added only when the score is written out. So one 64-bit word holds the set.
const _: () = assert!(y::PAARENCHAN < 64 && y::DORA > y::PAARENCHAN);

/// The yaku of a reading: a set of ids with the running han sums.
#[derive(Clone, Copy, Default)]
struct YakuSet {
    bits: u64,
    /// Han of the yaku that are not yakuman.
    plain: i32,
    /// Han of the yakuman.
    yakuman_han: i32,
}

impl YakuSet {
    #[inline(always)]
    fn push(&mut self, id: usize, han: u16) {
        self.bits |= 1 << id;
        if is_yakuman(id) {
            self.yakuman_han += i32::from(han);
        } else {
            self.plain += i32::from(han);
        }
    }
    /// The union with a set of other ids.
    #[inline(always)]
    fn with(self, o: &YakuSet) -> YakuSet {
        YakuSet {
            bits: self.bits | o.bits,
            plain: self.plain + o.plain,
            yakuman_han: self.yakuman_han + o.yakuman_han,
        }
    }
    fn yakuman(&self) -> bool {
        self.bits & YAKUMAN_BITS != 0
    }
}

/// Per-hand facts that do not depend on the reading.
struct Ctx<'a> {
    hand: &'a RiichiHand,
    /// Han by yaku id under these rules for this hand (a row of [`HAN_BY`]).
    han: &'static [u8; YAKU_SLOTS],
    rules: &'a Rules,
    /// Every tile: concealed + melds (a kan counts 4).
    all: &'a Counts,
    open: bool,
    tsumo: bool,
    /// Kinds of the opened pons and kans.
    open_sets: u64,
    /// Number of opened pons and kans.
    n_open_sets: u32,
    /// First kinds of the opened chis.
    open_chis: u64,
    /// Kinds of the declared kans.
    kan_sets: u64,
    /// Blocks of the declared melds.
    meld_blocks: [u8; 4],
    /// Blocks of opened melds (the concealed blocks holding the winning tile exclude them).
    open_blocks: [u8; 4],
    n_open_blocks: usize,
    dora: u32,
    aka: u32,
    ura: u32,
    win: usize,
    /// Every tile is a simple.
    tanyao: bool,
    /// Bit s: suit s present.
    suit_mask: u8,
    /// Yaku of every reading (conditions and tile-set yaku).
    common: YakuSet,
    /// Chuuren (id) for a reading with a triplet, 0 if none.
    chuuren: usize,
    /// Every kind held (melds included).
    held: u64,
    /// The concealed honour counts, one a byte (kinds 27-33 in bytes 0-6).
    honor_word: u64,
    kans: usize,
}

/// The best reading so far, compact; written out as a [`Score`] once at the end.
struct Best {
    /// The order of readings as one number (see [`key`]); 0 before any reading is kept.
    key: u64,
    yaku: YakuSet,
    menzen_tsumo: bool,
    pinfu: bool,
    paarenchan: bool,
    yakuman: bool,
    han: i32,
    fu: i32,
    parts: [FuPart; MAX_FU_PARTS],
    nparts: usize,
    cost: Cost,
}

/// The readings' order (total payment, then a real yakuman, then han, then fu, then the raw fu
/// sum) as one number, compared as the tuple would be: the total (positive: a kept reading has
/// a yaku, so it pays) in the high 32 bits, then the yakuman flag, han (below 2^15), fu and the
/// raw fu (each below 256: at most 30 + 4 x 32 + 8 before rounding).
#[inline(always)]
fn key(total: i32, yakuman: bool, han: i32, fu: i32, raw: i32) -> u64 {
    debug_assert!(total > 0 && (0..1 << 15).contains(&han));
    debug_assert!((0..256).contains(&fu) && (0..256).contains(&raw));
    (total as u64) << 32
        | u64::from(yakuman) << 31
        | (han as u64) << 16
        | (fu as u64) << 8
        | raw as u64
}

/// Scores every reading and keeps the best.
pub(super) fn best(hand: &RiichiHand, rules: &Rules, all: &Counts) -> Result<Score, Error> {
    let words = count_words(&hand.counts);
    let held = held_of(&words);
    let mut ctx = Ctx::new(hand, rules, all, held);
    ctx.honor_word = words[3] >> 24 | words[4] << 40;
    ctx.common = ctx.common_yaku();
    let mut decs = [Decomp::default(); MAX_DECOMPS];
    let nd = decompositions_of(
        &words,
        held,
        &ctx.meld_blocks,
        usize::from(hand.meld_count),
        &mut decs,
    );
    let mut best = Best {
        key: 0,
        yaku: YakuSet::default(),
        menzen_tsumo: false,
        pinfu: false,
        paarenchan: false,
        yakuman: false,
        han: 0,
        fu: 0,
        parts: [FuPart {
            reason: FuReason::Base,
            fu: 0,
        }; MAX_FU_PARTS],
        nparts: 0,
        cost: Cost::NONE,
    };
    let mut regular: Option<YakuSet> = None;
    for d in &decs[..nd] {
        if d.len == 7 {
            ctx.score_chiitoitsu(&mut best);
        } else {
            let extra = *regular.get_or_insert_with(|| ctx.regular_yaku());
            ctx.score_regular(d, &extra, &mut best);
        }
    }
    let mut any = nd > 0;
    // Thirteen orphans: every terminal and honour held, nothing else (the pair is checked by
    // `is_kokushi`).
    if hand.meld_count == 0
        && held == crate::tile::TERMINALS_AND_HONORS_MASK
        && is_kokushi(&hand.counts)
    {
        any = true;
        ctx.score_kokushi(&mut best);
    }
    if !any {
        return Err(Error::NotWinning);
    }
    if best.key == 0 {
        return Err(Error::NoYaku);
    }
    ctx.write_out(&best)
}

fn is_kokushi(c: &Counts) -> bool {
    let mut prod = 1u32;
    for k in crate::tile::TERMINALS_AND_HONORS {
        prod *= u32::from(c[k]);
    }
    prod == 2
}

/// Kind shown as dora by each indicator kind: four-player, then three-player (1m shows 9m).
const DORA_NEXT: [[u8; 34]; 2] = {
    let mut t = [[0u8; 34]; 2];
    let mut k = 0;
    while k < 34 {
        t[0][k] = if k < 27 {
            k / 9 * 9 + (k % 9 + 1) % 9
        } else if k <= 30 {
            27 + (k - 27 + 1) % 4
        } else {
            31 + (k - 31 + 1) % 3
        } as u8;
        t[1][k] = t[0][k];
        k += 1;
    }
    t[1][0] = 8;
    t
};

impl<'a> Ctx<'a> {
    // Out of line: inlined into `best`, it costs more (register pressure) than the call.
    #[inline(never)]
    fn new(hand: &'a RiichiHand, rules: &'a Rules, all: &'a Counts, held: u64) -> Ctx<'a> {
        let mut held = held;
        let mut meld_blocks = [0u8; 4];
        let mut open_blocks = [0u8; 4];
        let mut n_open_blocks = 0;
        let mut open_sets = 0u64;
        let mut n_open_sets = 0;
        let mut open_chis = 0u64;
        let mut kan_sets = 0u64;
        let mut open = false;
        let mut kans = 0;
        for (i, m) in hand.melds().iter().enumerate() {
            let t = usize::from(m.tile);
            let block = match m.kind {
                MeldKind::Chi => {
                    held |= 7 << t;
                    open_chis |= 1 << t;
                    m.tile << 2 | SEQ
                }
                MeldKind::Pon => {
                    held |= 1 << t;
                    open_sets |= 1 << t;
                    n_open_sets += 1;
                    m.tile << 2 | TRIPLET
                }
                kind => {
                    held |= 1 << t;
                    kan_sets |= 1 << t;
                    kans += 1;
                    if kind != MeldKind::ClosedKan {
                        open_sets |= 1 << t;
                        n_open_sets += 1;
                    }
                    m.tile << 2 | QUAD
                }
            };
            meld_blocks[i] = block;
            if m.kind.is_open() {
                open = true;
                open_blocks[n_open_blocks] = block;
                n_open_blocks += 1;
            }
        }
        let kita = u32::from(hand.kita);
        let next = &DORA_NEXT[usize::from(rules.three_player)];
        // Each indicator adds the copies of the kind it shows; kita are North tiles set aside,
        // each a dora itself and one more per indicator showing North.
        let count = |inds: &[u8]| -> u32 {
            let mut n = 0;
            for &k in inds {
                n += u32::from(all[usize::from(next[usize::from(k)])]);
            }
            if kita > 0 {
                let north = inds.iter().filter(|&&k| next[usize::from(k)] == 30).count();
                n += north as u32 * kita;
            }
            n
        };
        let dora = count(&hand.dora[..usize::from(hand.dora_count)]) + kita;
        let aka = if rules.aka_dora {
            hand.red_fives.iter().map(|&r| u32::from(r)).sum()
        } else {
            0
        };
        let ura = if hand.has(RIICHI) || hand.has(DOUBLE_RIICHI) {
            count(&hand.ura[..usize::from(hand.ura_count)])
        } else {
            0
        };
        let suit_mask = u8::from(held & SUIT != 0)
            | u8::from(held >> 9 & SUIT != 0) << 1
            | u8::from(held >> 18 & SUIT != 0) << 2;
        Ctx {
            hand,
            han: &HAN_BY[usize::from(open) | usize::from(rules.double_yakuman) << 1],
            rules,
            all,
            open,
            tsumo: hand.has(TSUMO),
            open_sets,
            n_open_sets,
            open_chis,
            kan_sets,
            meld_blocks,
            open_blocks,
            n_open_blocks,
            dora,
            aka,
            ura,
            win: usize::from(hand.win_tile),
            tanyao: held & (TERM | HONORS) == 0,
            suit_mask,
            common: YakuSet::default(),
            chuuren: 0,
            held,
            honor_word: 0,
            kans,
        }
    }

    #[inline(always)]
    fn han_of(&self, id: usize) -> u16 {
        u16::from(self.han[id])
    }

    /// The yaku every reading has: conditions and facts of the tile set. Also sets `chuuren`.
    fn common_yaku(&mut self) -> YakuSet {
        let held = self.held;
        let h = self.hand;
        let r = self.rules;
        let mut base = YakuSet::default();
        let has_honors = held & HONORS != 0;
        if self.suit_mask.is_power_of_two() {
            if has_honors {
                base.push(y::HONITSU, self.han_of(y::HONITSU));
            } else {
                base.push(y::CHINITSU, self.han_of(y::CHINITSU));
                if (r.daisharin || r.daisharin_other_suits)
                    && !self.open
                    && (r.daisharin_other_suits || self.suit_mask == 2)
                {
                    let s = self.suit_mask.trailing_zeros() as usize * 9;
                    if self.all[s + 1..s + 8].iter().all(|&c| c == 2) {
                        let id = match self.suit_mask {
                            1 => y::DAISUURIN,
                            2 => y::DAISHARIN,
                            _ => y::DAICHIKURIN,
                        };
                        base.push(id, self.han_of(id));
                    }
                }
                if h.meld_count == 0 && !self.tanyao && self.is_chuuren() {
                    let c = self.all[self.win];
                    self.chuuren = if c == 2 || c == 4 {
                        y::JUNSEI_CHUUREN
                    } else {
                        y::CHUUREN
                    };
                }
            }
        }
        if (!self.open || r.open_tanyao) && self.tanyao {
            base.push(y::TANYAO, self.han_of(y::TANYAO));
        }
        const CONDITION_YAKU: u32 = RIICHI
            | DOUBLE_RIICHI
            | IPPATSU
            | RINSHAN
            | CHANKAN
            | HAITEI
            | HOUTEI
            | RENHOU
            | TENHOU
            | CHIIHOU;
        if h.conditions & CONDITION_YAKU != 0 {
            let riichi = h.has(RIICHI);
            let double = h.has(DOUBLE_RIICHI);
            let open_riichi = h.has(OPEN_RIICHI);
            if riichi && !double {
                let id = if open_riichi {
                    y::OPEN_RIICHI
                } else {
                    y::RIICHI
                };
                base.push(id, self.han_of(id));
            }
            if double {
                let id = if open_riichi {
                    y::DOUBLE_OPEN_RIICHI
                } else {
                    y::DOUBLE_RIICHI
                };
                base.push(id, self.han_of(id));
            }
            if !self.tsumo && r.sashikomi && (riichi || double) && open_riichi {
                base.push(y::SASHIKOMI, self.han_of(y::SASHIKOMI));
            }
            if h.conditions & (IPPATSU | RINSHAN | CHANKAN | HAITEI | HOUTEI) != 0 {
                for (bit, id) in [
                    (IPPATSU, y::IPPATSU),
                    (RINSHAN, y::RINSHAN),
                    (CHANKAN, y::CHANKAN),
                    (HAITEI, y::HAITEI),
                    (HOUTEI, y::HOUTEI),
                ] {
                    if h.has(bit) {
                        base.push(id, self.han_of(id));
                    }
                }
            }
            if h.conditions & (RENHOU | TENHOU | CHIIHOU) != 0 {
                if h.has(RENHOU) {
                    let id = if r.renhou_as_yakuman {
                        y::RENHOU_YAKUMAN
                    } else {
                        y::RENHOU
                    };
                    base.push(id, self.han_of(id));
                }
                if h.has(TENHOU) {
                    base.push(y::TENHOU, self.han_of(y::TENHOU));
                }
                if h.has(CHIIHOU) {
                    base.push(y::CHIIHOU, self.han_of(y::CHIIHOU));
                }
            }
        }
        // Every tile an honour, a terminal or an honour, a terminal, or green: no sequence can
        // be read (but green ones), so these hold for every reading. A simple that is not green
        // rules them all out.
        if held & !(TERM | HONORS | GREEN) == 0 {
            if has_honors && held & !HONORS == 0 {
                base.push(y::TSUUIISOU, self.han_of(y::TSUUIISOU));
            }
            if !self.tanyao {
                if held & !(TERM | HONORS) == 0 {
                    base.push(y::HONROUTOU, self.han_of(y::HONROUTOU));
                }
                if !has_honors && held & !TERM == 0 {
                    base.push(y::CHINROUTOU, self.han_of(y::CHINROUTOU));
                }
            }
            if held & !GREEN == 0 {
                base.push(y::RYUUIISOU, self.han_of(y::RYUUIISOU));
            }
        }
        if h.paarenchan > 0 && !r.paarenchan_needs_yaku {
            base.push(y::PAARENCHAN, 13 * u16::from(h.paarenchan));
        }
        base
    }

    /// Yaku of every regular reading (not seven pairs) that do not depend on which one: the
    /// honour sets (an honour is a pair, a triplet or a declared meld in every reading) and
    /// the kans. Each needs a triplet, as in the reference's per-reading checks.
    fn regular_yaku(&self) -> YakuSet {
        let h = self.hand;
        let mut base = YakuSet::default();
        let honors = self.held & HONORS;
        if honors != 0 {
            // Honour kinds held as a set of three or four (three in hand, or a declared pon or
            // kan), and as a pair (the others).
            // Concealed: honour counts one a byte (at most 4), plus 125 sets the top bit of
            // those of 3 and 4; gathered as in `held_of`.
            let hw = self.honor_word;
            let threes = (hw.wrapping_add(0x7d7d_7d7d_7d7d_7d7d) & 0x8080_8080_8080_8080)
                .wrapping_mul(SEVEN)
                >> 56
                << 27;
            let sets = threes | (self.open_sets | self.kan_sets) & HONORS;
            let pairs = honors & !sets;
            if honors & DRAGONS == DRAGONS {
                base.push(y::SHOUSANGEN, self.han_of(y::SHOUSANGEN));
            }
            for (t, id) in [(31, y::HAKU), (32, y::HATSU), (33, y::CHUN)] {
                if sets >> t & 1 != 0 {
                    base.push(id, self.han_of(id));
                }
            }
            if sets >> (27 + u32::from(h.seat_wind)) & 1 != 0 {
                let id = y::SEAT_EAST + usize::from(h.seat_wind);
                base.push(id, self.han_of(id));
            }
            if sets >> (27 + u32::from(h.round_wind)) & 1 != 0 {
                let id = y::ROUND_EAST + usize::from(h.round_wind);
                base.push(id, self.han_of(id));
            }
            if sets & DRAGONS == DRAGONS {
                base.push(y::DAISANGEN, self.han_of(y::DAISANGEN));
            }
            // Wind sets counted by a 4-bit table; the wind pair is at most one kind.
            const POP4: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
            let wind_sets = POP4[(sets >> 27 & 0xf) as usize];
            if wind_sets == 3 && pairs & WINDS != 0 {
                base.push(y::SHOUSUUSHII, self.han_of(y::SHOUSUUSHII));
            }
            if wind_sets == 4 {
                base.push(y::DAISUUSHII, self.han_of(y::DAISUUSHII));
            }
        }
        if self.kans == 3 {
            base.push(y::SANKANTSU, self.han_of(y::SANKANTSU));
        }
        if self.kans == 4 {
            base.push(y::SUUKANTSU, self.han_of(y::SUUKANTSU));
        }
        base
    }

    /// Nine gates shape in the one suit held (no honours): 1112345678999 plus one more.
    fn is_chuuren(&self) -> bool {
        let s = self.suit_mask.trailing_zeros() as usize * 9;
        let mut c = [0u8; 9];
        c.copy_from_slice(&self.all[s..s + 9]);
        if c[0] < 3 || c[8] < 3 {
            return false;
        }
        c[0] -= 2;
        c[8] -= 2;
        let mut two = false;
        for &x in &c {
            match x {
                1 => {}
                2 if !two => two = true,
                _ => return false,
            }
        }
        two
    }

    /// Scores a seven-pairs reading.
    fn score_chiitoitsu(&self, best: &mut Best) {
        let mut ys = self.common;
        ys.push(y::CHIITOITSU, self.han_of(y::CHIITOITSU));
        if self.rules.daichisei && self.held & !HONORS == 0 {
            ys.push(y::DAICHISEI, self.han_of(y::DAICHISEI));
        }
        let mut parts = [FuPart {
            reason: FuReason::Base,
            fu: 0,
        }; MAX_FU_PARTS];
        parts[0] = FuPart {
            reason: FuReason::Base,
            fu: 25,
        };
        // One win group: the winning tile's pair.
        self.consider(&ys, false, 25, 25, &parts, 1, best);
    }

    /// Scores a regular reading (four sets and a pair), once per block that can hold the
    /// winning tile.
    fn score_regular(&self, d: &Decomp, extra: &YakuSet, best: &mut Best) {
        let blocks = d.blocks();
        let win = self.win;
        // Per block, from a table: sequence, terminal and honour blocks and sets counted in
        // four-bit fields of one sum; the kinds by masks (branch-free).
        let mut sum = 0u32;
        let mut seqs = 0u64; // first kinds of the sequences
        let mut odd = 0u64; // sequences seen an odd number of times
        let mut peikou = 0u32; // pairs of identical sequences
        let mut set_kinds = 0u64; // kinds of the triplets and quads (one set per kind)
        let mut pair = 0usize;
        for &b in blocks {
            let t = bt(b);
            sum += u32::from(BLOCK_INFO[usize::from(b)]);
            match bty(b) {
                SEQ => {
                    let seq = 1u64 << t;
                    peikou += u32::from(odd & seq != 0);
                    odd ^= seq;
                    seqs |= seq;
                }
                PAIR => pair = t,
                _ => set_kinds |= 1 << t,
            }
        }
        let chis = sum & 0xf;
        let term = sum >> 4 & 0xf;
        let hon = sum >> 8 & 0xf;
        let pons = sum >> 12 & 0xf;
        // Sets not opened by a call: the opened pons and kans are sets of every reading.
        let mut closed_sets = pons - self.n_open_sets;
        let seqs = seqs as u32;
        let sets = set_kinds as u32 & 0x7ff_ffff;
        // Sanankou and suu ankou count concealed sets; on a ron the set completed by the
        // winning tile is open unless a concealed sequence can take that tile instead.
        let closed_set_win = (set_kinds & !self.open_sets) >> win & 1 != 0;
        let window = (0b111u64 << win) >> 2;
        let chi_with_win = u64::from(seqs & !(self.open_chis as u32)) & window != 0;
        let suu = pons - u32::from(!self.tsumo && set_kinds >> win & 1 != 0);
        let mut ys = self.common.with(extra);
        if chis > 0 {
            if !self.tanyao {
                if term + hon == 5 && term != 0 && hon != 0 {
                    ys.push(y::CHANTA, self.han_of(y::CHANTA));
                }
                if term == 5 {
                    ys.push(y::JUNCHAN, self.han_of(y::JUNCHAN));
                }
                const STRAIGHT: u32 = 1 | 1 << 3 | 1 << 6;
                if (0..3).any(|s| seqs >> (9 * s) & STRAIGHT == STRAIGHT) {
                    ys.push(y::ITTSU, self.han_of(y::ITTSU));
                }
            }
            if !self.open {
                if peikou >= 2 {
                    ys.push(y::RYANPEIKOU, self.han_of(y::RYANPEIKOU));
                } else if peikou >= 1 {
                    ys.push(y::IIPEIKOU, self.han_of(y::IIPEIKOU));
                }
            }
            if self.suit_mask == 7 && seqs & seqs >> 9 & seqs >> 18 & 0x1ff != 0 {
                ys.push(y::SANSHOKU, self.han_of(y::SANSHOKU));
            }
        }
        if pons > 0 {
            if pons == 4 {
                ys.push(y::TOITOI, self.han_of(y::TOITOI));
            }
            if !self.tsumo && !chi_with_win && closed_set_win {
                closed_sets -= 1;
            }
            if closed_sets == 3 {
                ys.push(y::SANANKOU, self.han_of(y::SANANKOU));
            }
            if self.suit_mask == 7 && sets & sets >> 9 & sets >> 18 & 0x1ff != 0 {
                ys.push(y::SANSHOKU_DOUKOU, self.han_of(y::SANSHOKU_DOUKOU));
            }
            if self.chuuren != 0 {
                ys.push(self.chuuren, self.han_of(self.chuuren));
            }
            if !self.open && suu == 4 {
                let id = if self.all[win] == 2 {
                    y::SUUANKOU_TANKI
                } else {
                    y::SUUANKOU
                };
                ys.push(id, self.han_of(id));
            }
        }

        // Win groups: distinct blocks holding the winning tile, in block order, not counting
        // the copies that are opened melds.
        // Blocks are sorted by `tile * 4 + type`: those that can hold the winning tile lie
        // between a sequence starting two below it and the blocks of its own tile.
        let lo = (win.saturating_sub(2) << 2) as u8;
        let hi = (win << 2 | 3) as u8;
        let mut i = 0;
        while i < blocks.len() && blocks[i] < lo {
            i += 1;
        }
        while i < blocks.len() && blocks[i] <= hi {
            let b = blocks[i];
            // Between `lo` and `hi` a sequence holds the winning tile (sequences never cross
            // suits), a set or pair only on its own tile.
            if bty(b) != SEQ && bt(b) != win {
                i += 1;
                continue;
            }
            let mut same = 1;
            while i + same < blocks.len() && blocks[i + same] == b {
                same += 1;
            }
            i += same;
            let opened = self.open_blocks[..self.n_open_blocks]
                .iter()
                .filter(|&&o| o == b)
                .count();
            if same <= opened {
                continue;
            }
            let mut parts = [FuPart {
                reason: FuReason::Base,
                fu: 0,
            }; MAX_FU_PARTS];
            let (nparts, fu, raw) = self.fu(set_kinds, pair, b, &mut parts);
            let pinfu = nparts == 1 && !self.open;
            self.consider(&ys, pinfu, fu, raw, &parts, nparts, best);
        }
    }

    /// Fu of a regular reading with the winning tile in `wg`: the breakdown, the rounded total
    /// and the raw sum.
    fn fu(
        &self,
        set_kinds: u64,
        pair: usize,
        wg: u8,
        parts: &mut [FuPart; MAX_FU_PARTS],
    ) -> (usize, i32, i32) {
        let mut n = 0;
        let mut total = 0i32;
        macro_rules! push {
            ($reason:expr, $fu:expr) => {{
                parts[n] = FuPart {
                    reason: $reason,
                    fu: $fu,
                };
                n += 1;
                total += i32::from($fu);
            }};
        }
        let h = self.hand;
        let win = self.win;
        if bty(wg) == SEQ {
            let s = bt(wg);
            if (s % 9 == 0 && win == s + 2) || (s % 9 == 6 && win == s) {
                push!(FuReason::Penchan, 2);
            }
            if win == s + 1 {
                push!(FuReason::Kanchan, 2);
            }
        }
        if pair >= 27 {
            let valued = u32::from(pair >= 31)
                + u32::from(pair == 27 + usize::from(h.seat_wind))
                + u32::from(pair == 27 + usize::from(h.round_wind));
            match valued {
                0 => {}
                1 => push!(FuReason::ValuedPair, 2),
                _ => push!(FuReason::DoubleValuedPair, 4),
            }
        }
        if bty(wg) == PAIR {
            push!(FuReason::PairWait, 2);
        }
        // Sets in block order (one per kind, ascending); a quad is always a declared kan.
        let won_set = if !self.tsumo && is_set_of_same(wg) {
            1u64 << bt(wg)
        } else {
            0
        };
        let mut m = set_kinds;
        while m != 0 {
            let bit = m & m.wrapping_neg();
            m ^= bit;
            let open = (self.open_sets | won_set) & bit != 0;
            let kan = self.kan_sets & bit != 0;
            let term = (TERM | HONORS) & bit != 0;
            // By terminal / honour, kan, opened.
            const SET_FU: [(u8, FuReason); 8] = [
                (4, FuReason::ClosedPon),
                (2, FuReason::OpenPon),
                (16, FuReason::ClosedKan),
                (8, FuReason::OpenKan),
                (8, FuReason::ClosedTerminalPon),
                (4, FuReason::OpenTerminalPon),
                (32, FuReason::ClosedTerminalKan),
                (16, FuReason::OpenTerminalKan),
            ];
            let (fu, reason) =
                SET_FU[usize::from(term) << 2 | usize::from(kan) << 1 | usize::from(open)];
            push!(reason, fu);
        }
        if self.tsumo && (total > 0 || self.rules.fu_for_pinfu_tsumo) {
            push!(FuReason::Tsumo, 2);
        }
        if self.open && total == 0 && self.rules.fu_for_open_pinfu {
            push!(FuReason::OpenPinfu, 2);
        }
        let base: u8 = if self.open || self.tsumo { 20 } else { 30 };
        push!(FuReason::Base, base);
        (n, (total + 9) / 10 * 10, total)
    }

    /// Prices one reading with one win group and keeps it if it beats the best so far (points,
    /// then a real yakuman, then han, then fu, then the raw fu; the first on a tie).
    #[allow(clippy::too_many_arguments)]
    fn consider(
        &self,
        ys: &YakuSet,
        pinfu: bool,
        fu: i32,
        raw: i32,
        parts: &[FuPart; MAX_FU_PARTS],
        nparts: usize,
        best: &mut Best,
    ) {
        let h = self.hand;
        let r = self.rules;
        let menzen_tsumo = self.tsumo && !self.open;
        let listed = ys.bits != 0 || menzen_tsumo || pinfu;
        let paarenchan = h.paarenchan > 0 && r.paarenchan_needs_yaku && listed;
        let yakuman = ys.yakuman() || paarenchan;
        let mut han = if yakuman {
            ys.yakuman_han
                + if paarenchan {
                    13 * i32::from(h.paarenchan)
                } else {
                    0
                }
        } else {
            ys.plain + i32::from(menzen_tsumo) + i32::from(pinfu)
        };
        if han == 0 {
            // No yaku: never kept (a hand whose every reading is here has no yaku).
            return;
        }
        if !yakuman {
            han += (self.dora + self.aka + self.ura) as i32;
        }
        if r.sextuple_limit && han > 78 {
            han = 78;
        }
        let cost = points::cost(han, fu, yakuman, h, r);
        let key = key(cost.payment.total, yakuman, han, fu, raw);
        if best.key >= key {
            return;
        }
        *best = Best {
            key,
            yaku: *ys,
            menzen_tsumo,
            pinfu,
            paarenchan,
            yakuman,
            han,
            fu,
            parts: *parts,
            nparts,
            cost,
        };
    }

    fn score_kokushi(&self, best: &mut Best) {
        let h = self.hand;
        let r = self.rules;
        let mut ys = YakuSet::default();
        let id = if self.all[self.win] == 2 {
            y::KOKUSHI_13_WAIT
        } else {
            y::KOKUSHI
        };
        ys.push(id, self.han_of(id));
        if !self.tsumo
            && r.sashikomi
            && h.has(OPEN_RIICHI)
            && (h.has(RIICHI) || h.has(DOUBLE_RIICHI))
        {
            ys.push(y::SASHIKOMI, self.han_of(y::SASHIKOMI));
        }
        if h.has(RENHOU) && r.renhou_as_yakuman {
            ys.push(y::RENHOU_YAKUMAN, self.han_of(y::RENHOU_YAKUMAN));
        }
        if h.has(TENHOU) {
            ys.push(y::TENHOU, self.han_of(y::TENHOU));
        }
        if h.has(CHIIHOU) {
            ys.push(y::CHIIHOU, self.han_of(y::CHIIHOU));
        }
        if h.paarenchan > 0 {
            ys.push(y::PAARENCHAN, 13 * u16::from(h.paarenchan));
        }
        let han = ys.yakuman_han;
        let cost = points::cost(han, 0, true, h, r);
        let key = key(cost.payment.total, true, han, 0, 0);
        if best.key >= key {
            return;
        }
        *best = Best {
            key,
            yaku: ys,
            menzen_tsumo: false,
            pinfu: false,
            paarenchan: false,
            yakuman: true,
            han,
            fu: 0,
            parts: [FuPart {
                reason: FuReason::Base,
                fu: 0,
            }; MAX_FU_PARTS],
            nparts: 0,
            cost,
        };
    }

    /// The score of the best reading: each yaku with its han (only the yakuman on a yakuman
    /// hand, dora otherwise).
    #[inline(always)]
    fn write_out(&self, b: &Best) -> Result<Score, Error> {
        let mut bits = b.yaku.bits
            | u64::from(b.menzen_tsumo) << y::MENZEN_TSUMO
            | u64::from(b.pinfu) << y::PINFU
            | u64::from(b.paarenchan) << y::PAARENCHAN;
        if b.yakuman {
            bits &= YAKUMAN_BITS;
        }
        // Built in place, in the result itself (the yaku filled there, not copied into it).
        let mut res = Ok(Score {
            han: b.han,
            fu: b.fu,
            yaku: [0u16; YAKU_SLOTS],
            fu_parts: b.parts,
            fu_count: b.nparts as u8,
            limit: b.cost.limit,
            yakuman_multiple: b.cost.multiple,
            payment: b.cost.payment,
        });
        let Ok(score) = &mut res else { return res };
        let yaku = &mut score.yaku;
        while bits != 0 {
            let id = bits.trailing_zeros() as usize;
            yaku[id] = if id == y::PAARENCHAN {
                13 * u16::from(self.hand.paarenchan)
            } else {
                self.han_of(id)
            };
            bits &= bits - 1;
        }
        if !b.yakuman {
            for (id, v) in [
                (y::DORA, self.dora),
                (y::AKA_DORA, self.aka),
                (y::URA_DORA, self.ura),
            ] {
                if v > 0 {
                    yaku[id] = v as u16;
                }
            }
        }
        res
    }
}
