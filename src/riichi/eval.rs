//! Readings, yaku and fu of one riichi hand, and the choice of the best reading.
//!
//! What does not depend on the reading is computed once per hand ([`HandFacts`], in `facts`):
//! the tile-set yaku (tanyao, flushes, all terminals / honours / green, daisharin), the
//! condition yaku, the honour sets (an honour can only be read one way), kans, chuuren and the
//! dora. Here the hand is read as blocks (every split into sets and a pair, or seven pairs;
//! the block encoding and its bit helpers are in `reading`), and a reading adds only its
//! sequence and triplet yaku and its fu; yaku are kept as a bit set of ids until the best
//! reading is written out.
//!
//! The search for readings and the scoring of a reading stay in this one module: split over
//! modules, they land in different codegen units and inline differently (about 6 more
//! instructions per score under `scripts/callgrind-riichi.sh`). What moved out is
//! `#[inline(always)]`, constant, out of line anyway, or marked `#[inline]`.

mod facts;
mod reading;

use super::points::{self, Cost};
use super::yaku::{self, YAKU_SLOTS};
use super::{
    CHIIHOU, DOUBLE_RIICHI, FuPart, FuReason, MAX_FU_PARTS, OPEN_RIICHI, RENHOU, RIICHI,
    RiichiHand, Rules, Score, TENHOU,
};
use crate::error::Error;
use crate::tile::{Counts, block_words_of, count_words};
#[cfg(test)]
pub(super) use reading::readings;
use reading::{
    BLOCK_INFO, Greedy, PAIR, SEQUENCE, STACK, SuitReadings, TRIPLET, block_kind, block_tile,
    gather, greedy_sets, held_of, is_set_of_same, nibbles, pair_start, sort5, suit_readings,
};
pub(super) use reading::{MAX_READINGS, Reading};

/// Kind masks (bit i = kind i).
pub(super) const HONORS: u64 = 0x7f << 27;
const WINDS: u64 = 0xf << 27;
const DRAGONS: u64 = 0x7 << 31;
pub(super) const TERMINALS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26;
const GREEN: u64 = 1 << 19 | 1 << 20 | 1 << 21 | 1 << 23 | 1 << 25 | 1 << 32;
const ONE_SUIT: u64 = 0x1ff;

/// [`readings`] from the count words and the kinds held, already read.
fn readings_of(
    words: &[u64; 5],
    held: u64,
    melds: &[u8; 4],
    meld_count: usize,
    out: &mut [Reading; MAX_READINGS],
) -> usize {
    let meld_blocks = &melds[..meld_count];
    let mut n = 0;
    // Seven pairs: no meld, every count 0 or 2, seven kinds.
    let any = words[0] | words[1] | words[2] | words[3] | words[4];
    if meld_blocks.is_empty() && any & !0x0202_0202_0202_0202 == 0 && held.count_ones() == 7 {
        let mut d = Reading {
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
    let (block_words, nines) = block_words_of(words);
    let byte_sum = |x: u64| (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32;
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
    let mod3 = |total: u32| (MOD3 >> (2 * (total & 31))) & 3;
    let remainders = [
        mod3(byte_sum(block_words[0]) + nines[0]),
        mod3(byte_sum(block_words[1]) + nines[1]),
        mod3(byte_sum(block_words[2]) + nines[2]),
        mod3(byte_sum(block_words[3])),
    ];
    let mut pair_block = usize::MAX;
    for (s, &x) in remainders.iter().enumerate() {
        match x {
            0 => {}
            2 if pair_block == usize::MAX => pair_block = s,
            _ => return finish(out, n),
        }
    }
    let honors = held & HONORS;
    // Honour counts, one a byte (kinds 27-33 in bytes 0-6): one or four copies cannot be read.
    const LOW7: u64 = 0x0001_0101_0101_0101;
    let honor_word = block_words[3];
    if pair_block == usize::MAX || (honor_word & !(honor_word >> 1) | honor_word >> 2) & LOW7 != 0 {
        return finish(out, n);
    }
    // Honours read one way: a pair (only in the pair's block, once) or a triplet. (No
    // `count_ones` on the hot path: the default x86-64 target has no popcount instruction.)
    let honor_pairs = gather(honor_word >> 1 & !honor_word) << 27;
    if (honor_pairs != 0) != (pair_block == 3) || honor_pairs & honor_pairs.wrapping_sub(1) != 0 {
        return finish(out, n);
    }
    let mut honor_blocks = [0u8; 7];
    let mut honor_count = 0;
    let mut m = honors;
    while m != 0 {
        let k = m.trailing_zeros() as u8;
        honor_blocks[honor_count] = k << 2
            | if honor_pairs >> k & 1 != 0 {
                PAIR
            } else {
                TRIPLET
            };
        honor_count += 1;
        m &= m - 1;
    }
    if honor_count + meld_blocks.len() > 5 {
        return finish(out, n);
    }
    let suit_counts = [
        nibbles(block_words[0], nines[0]),
        nibbles(block_words[1], nines[1]),
        nibbles(block_words[2], nines[2]),
    ];
    // Most hands read one way: every suit without a kind where a triplet and sequences both
    // fit, and one pair position that works. Such a hand is read on one stack.
    match single_reading(
        &suit_counts,
        pair_block,
        &honor_blocks,
        honor_count,
        melds,
        meld_count,
    ) {
        Single(d) => {
            out[n] = d;
            return finish(out, n + 1);
        }
        Unreadable => return finish(out, n),
        Several => {}
    }
    // Each suit read on its own; the hand's readings are their products.
    let mut per_suit = [SuitReadings::EMPTY; 3];
    for (s, suit) in per_suit.iter_mut().enumerate() {
        let x = suit_counts[s];
        if x == 0 {
            suit.n = 1;
            continue;
        }
        suit_readings(x, s, s == pair_block, suit);
        if suit.n == 0 {
            return finish(out, n);
        }
    }
    for i0 in 0..per_suit[0].n {
        for i1 in 0..per_suit[1].n {
            for i2 in 0..per_suit[2].n {
                if n == MAX_READINGS {
                    break;
                }
                let mut d = Reading {
                    blocks: [0; 7],
                    len: 5,
                };
                let mut len = 0;
                let mut put = |new_blocks: &[u8]| {
                    for &x in new_blocks {
                        if len < 5 {
                            d.blocks[len] = x;
                        }
                        len += 1;
                    }
                };
                put(per_suit[0].get(i0));
                put(per_suit[1].get(i1));
                put(per_suit[2].get(i2));
                put(&honor_blocks[..honor_count]);
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
enum OnlyReading {
    /// The hand's only regular reading.
    Single(Reading),
    /// No regular reading.
    Unreadable,
    /// A suit can be read more than one way: the general search decides.
    Several,
}

use OnlyReading::{Several, Single, Unreadable};

/// The regular reading of a hand whose suits (counts `suit_counts`, nibbles) each read one way.
///
/// Blocks are written with fixed-size copies (room to spare in `stack`), never variable-length
/// ones, which would be library calls.
fn single_reading(
    suit_counts: &[u64; 3],
    pair_block: usize,
    honor_blocks: &[u8; 7],
    honor_count: usize,
    melds: &[u8; 4],
    meld_count: usize,
) -> OnlyReading {
    let mut stack = [0u8; STACK];
    let mut depth = 0;
    for (s, &x) in suit_counts.iter().enumerate() {
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
    if depth + honor_count + meld_count != 5 {
        return Unreadable;
    }
    stack[depth..depth + 7].copy_from_slice(honor_blocks);
    stack[depth + honor_count..depth + honor_count + 4].copy_from_slice(melds);
    let mut d = Reading {
        blocks: [0; 7],
        len: 5,
    };
    d.blocks[..5].copy_from_slice(&stack[..5]);
    sort5(&mut d.blocks);
    Single(d)
}

fn finish(out: &mut [Reading; MAX_READINGS], n: usize) -> usize {
    if n > 1 {
        out[..n].sort_unstable_by(|a, b| a.blocks().cmp(b.blocks()));
    }
    n
}

/// Whether yaku `id` is a yakuman (ids 41..=62).
const fn is_yakuman(id: usize) -> bool {
    id >= yaku::KOKUSHI && id <= yaku::PAARENCHAN
}

/// The yakuman ids as bits of a [`YakuSet`].
const YAKUMAN_BITS: u64 = ((1u64 << (yaku::PAARENCHAN + 1)) - 1) & !((1u64 << yaku::KOKUSHI) - 1);

// A reading's yaku set holds ids up to paarenchan (62); dora, red fives and ura dora (63-65)
// are added only when the score is written out. So one 64-bit word holds the set.
const _: () = assert!(yaku::PAARENCHAN < 64 && yaku::DORA > yaku::PAARENCHAN);

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
struct HandFacts<'a> {
    /// The hand being scored.
    hand: &'a RiichiHand,
    /// Han by yaku id under these rules for this hand (a row of [`HAN_BY`]).
    han: &'static [u8; YAKU_SLOTS],
    /// The rules it is scored under.
    rules: &'a Rules,
    /// Every tile: concealed + melds (a kan counts 4).
    all: &'a Counts,
    /// A meld was called (a closed kan leaves the hand closed).
    open: bool,
    /// Won by self-draw.
    tsumo: bool,
    /// Kinds of the opened pons and kans.
    open_sets: u64,
    /// Number of opened pons and kans.
    open_set_count: u32,
    /// First kinds of the opened chis.
    open_chis: u64,
    /// Kinds of the declared kans.
    kan_sets: u64,
    /// Blocks of the declared melds.
    meld_blocks: [u8; 4],
    /// Blocks of opened melds (the concealed blocks holding the winning tile exclude them).
    open_blocks: [u8; 4],
    /// How many of `open_blocks` are used.
    open_block_count: usize,
    /// Han from the dora indicators (and kita).
    dora: u32,
    /// Han from red fives (0 when the rules have none).
    red_dora: u32,
    /// Han from the ura dora indicators (riichi hands only).
    ura_dora: u32,
    /// The winning tile's kind.
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
    /// Number of declared kans.
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
    fu_part_count: usize,
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
    let mut facts = HandFacts::new(hand, rules, all, held);
    facts.honor_word = words[3] >> 24 | words[4] << 40;
    facts.common = facts.common_yaku();
    let mut found = [Reading::default(); MAX_READINGS];
    let found_count = readings_of(
        &words,
        held,
        &facts.meld_blocks,
        usize::from(hand.meld_count),
        &mut found,
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
        parts: [FuPart::EMPTY; MAX_FU_PARTS],
        fu_part_count: 0,
        cost: Cost::NONE,
    };
    let mut regular: Option<YakuSet> = None;
    for d in &found[..found_count] {
        if d.len == 7 {
            facts.score_chiitoitsu(&mut best);
        } else {
            let extra = *regular.get_or_insert_with(|| facts.regular_yaku());
            facts.score_regular(d, &extra, &mut best);
        }
    }
    let mut any = found_count > 0;
    // Thirteen orphans: every terminal and honour held, nothing else (the pair is checked by
    // `is_kokushi`).
    if hand.meld_count == 0
        && held == crate::tile::TERMINALS_AND_HONORS_MASK
        && is_kokushi(&hand.counts)
    {
        any = true;
        facts.score_kokushi(&mut best);
    }
    if !any {
        return Err(Error::NotWinning);
    }
    if best.key == 0 {
        return Err(Error::NoYaku);
    }
    facts.write_out(&best)
}

/// The total paid for the best reading of a riichi hand with `u` ura dora, for each `u` in
/// `0..out.len()` (`out[u]`): the readings are found once and priced once per count, so a
/// reading that pays more only with more han wins where it does. The discard analysis
/// ([`crate::riichi::ev`]) takes the expectation over the ura indicators from it. `hand` has
/// riichi and no ura indicators.
pub(super) fn best_ladder(
    hand: &RiichiHand,
    rules: &Rules,
    all: &Counts,
    out: &mut [i32],
) -> Result<(), Error> {
    let words = count_words(&hand.counts);
    let held = held_of(&words);
    let mut facts = HandFacts::new(hand, rules, all, held);
    facts.honor_word = words[3] >> 24 | words[4] << 40;
    facts.common = facts.common_yaku();
    let mut found = [Reading::default(); MAX_READINGS];
    let found_count = readings_of(
        &words,
        held,
        &facts.meld_blocks,
        usize::from(hand.meld_count),
        &mut found,
    );
    let kokushi = hand.meld_count == 0
        && held == crate::tile::TERMINALS_AND_HONORS_MASK
        && is_kokushi(&hand.counts);
    if found_count == 0 && !kokushi {
        return Err(Error::NotWinning);
    }
    let regular = found[..found_count]
        .iter()
        .any(|d| d.len != 7)
        .then(|| facts.regular_yaku());
    for (u, slot) in out.iter_mut().enumerate() {
        facts.ura_dora = u as u32;
        let mut best = Best {
            key: 0,
            yaku: YakuSet::default(),
            menzen_tsumo: false,
            pinfu: false,
            paarenchan: false,
            yakuman: false,
            han: 0,
            fu: 0,
            parts: [FuPart::EMPTY; MAX_FU_PARTS],
            fu_part_count: 0,
            cost: Cost::NONE,
        };
        for d in &found[..found_count] {
            match &regular {
                Some(extra) if d.len != 7 => facts.score_regular(d, extra, &mut best),
                _ => facts.score_chiitoitsu(&mut best),
            }
        }
        if kokushi {
            facts.score_kokushi(&mut best);
        }
        if best.key == 0 {
            return Err(Error::NoYaku);
        }
        *slot = best.cost.payment.total;
    }
    Ok(())
}

fn is_kokushi(c: &Counts) -> bool {
    let mut prod = 1u32;
    for k in crate::tile::TERMINALS_AND_HONORS {
        prod *= u32::from(c[k]);
    }
    prod == 2
}

impl<'a> HandFacts<'a> {
    /// Scores a seven-pairs reading.
    fn score_chiitoitsu(&self, best: &mut Best) {
        let mut yaku_set = self.common;
        yaku_set.push(yaku::CHIITOITSU, self.han_of(yaku::CHIITOITSU));
        if self.rules.daichisei() && self.held & !HONORS == 0 {
            yaku_set.push(yaku::DAICHISEI, self.han_of(yaku::DAICHISEI));
        }
        let mut parts = [FuPart::EMPTY; MAX_FU_PARTS];
        parts[0] = FuPart::new(FuReason::Base, 25);
        // One win group: the winning tile's pair.
        self.consider(&yaku_set, false, 25, 25, &parts, 1, best);
    }

    /// Scores a regular reading (four sets and a pair), once per block that can hold the
    /// winning tile.
    fn score_regular(&self, d: &Reading, extra: &YakuSet, best: &mut Best) {
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
        for &block in blocks {
            let t = block_tile(block);
            sum += u32::from(BLOCK_INFO[usize::from(block)]);
            match block_kind(block) {
                SEQUENCE => {
                    let seq = 1u64 << t;
                    peikou += u32::from(odd & seq != 0);
                    odd ^= seq;
                    seqs |= seq;
                }
                PAIR => pair = t,
                _ => set_kinds |= 1 << t,
            }
        }
        let sequence_count = sum & 0xf;
        let terminal_blocks = sum >> 4 & 0xf;
        let honor_blocks = sum >> 8 & 0xf;
        let set_count = sum >> 12 & 0xf;
        // Sets not opened by a call: the opened pons and kans are sets of every reading.
        let mut closed_sets = set_count - self.open_set_count;
        let seqs = seqs as u32;
        let sets = set_kinds as u32 & 0x7ff_ffff;
        // Sanankou and suu ankou count concealed sets; on a ron the set completed by the
        // winning tile is open unless a concealed sequence can take that tile instead.
        let closed_set_win = (set_kinds & !self.open_sets) >> win & 1 != 0;
        let window = (0b111u64 << win) >> 2;
        let chi_with_win = u64::from(seqs & !(self.open_chis as u32)) & window != 0;
        let concealed_sets = set_count - u32::from(!self.tsumo && set_kinds >> win & 1 != 0);
        let mut yaku_set = self.common.with(extra);
        if sequence_count > 0 {
            if !self.tanyao {
                if terminal_blocks + honor_blocks == 5 && terminal_blocks != 0 && honor_blocks != 0
                {
                    yaku_set.push(yaku::CHANTA, self.han_of(yaku::CHANTA));
                }
                if terminal_blocks == 5 {
                    yaku_set.push(yaku::JUNCHAN, self.han_of(yaku::JUNCHAN));
                }
                const STRAIGHT: u32 = 1 | 1 << 3 | 1 << 6;
                if (0..3).any(|s| seqs >> (9 * s) & STRAIGHT == STRAIGHT) {
                    yaku_set.push(yaku::ITTSU, self.han_of(yaku::ITTSU));
                }
            }
            if !self.open {
                if peikou >= 2 {
                    yaku_set.push(yaku::RYANPEIKOU, self.han_of(yaku::RYANPEIKOU));
                } else if peikou >= 1 {
                    yaku_set.push(yaku::IIPEIKOU, self.han_of(yaku::IIPEIKOU));
                }
            }
            if self.suit_mask == 7 && seqs & seqs >> 9 & seqs >> 18 & 0x1ff != 0 {
                yaku_set.push(yaku::SANSHOKU, self.han_of(yaku::SANSHOKU));
            }
        }
        if set_count > 0 {
            if set_count == 4 {
                yaku_set.push(yaku::TOITOI, self.han_of(yaku::TOITOI));
            }
            if !self.tsumo && !chi_with_win && closed_set_win {
                closed_sets -= 1;
            }
            if closed_sets == 3 {
                yaku_set.push(yaku::SANANKOU, self.han_of(yaku::SANANKOU));
            }
            if self.suit_mask == 7 && sets & sets >> 9 & sets >> 18 & 0x1ff != 0 {
                yaku_set.push(yaku::SANSHOKU_DOUKOU, self.han_of(yaku::SANSHOKU_DOUKOU));
            }
            if self.chuuren != 0 {
                yaku_set.push(self.chuuren, self.han_of(self.chuuren));
            }
            if !self.open && concealed_sets == 4 {
                let id = if self.all[win] == 2 {
                    yaku::SUUANKOU_TANKI
                } else {
                    yaku::SUUANKOU
                };
                yaku_set.push(id, self.han_of(id));
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
            let block = blocks[i];
            // Between `lo` and `hi` a sequence holds the winning tile (sequences never cross
            // suits), a set or pair only on its own tile.
            if block_kind(block) != SEQUENCE && block_tile(block) != win {
                i += 1;
                continue;
            }
            let mut same = 1;
            while i + same < blocks.len() && blocks[i + same] == block {
                same += 1;
            }
            i += same;
            let opened = self.open_blocks[..self.open_block_count]
                .iter()
                .filter(|&&o| o == block)
                .count();
            if same <= opened {
                continue;
            }
            let mut parts = [FuPart::EMPTY; MAX_FU_PARTS];
            let (fu_part_count, fu, raw) = self.fu(set_kinds, pair, block, &mut parts);
            let pinfu = fu_part_count == 1 && !self.open;
            self.consider(&yaku_set, pinfu, fu, raw, &parts, fu_part_count, best);
        }
    }

    /// Fu of a regular reading with the winning tile in `win_block`: the breakdown, the rounded total
    /// and the raw sum.
    fn fu(
        &self,
        set_kinds: u64,
        pair: usize,
        win_block: u8,
        parts: &mut [FuPart; MAX_FU_PARTS],
    ) -> (usize, i32, i32) {
        let mut n = 0;
        let mut total = 0i32;
        macro_rules! push {
            ($reason:expr, $fu:expr) => {{
                parts[n] = FuPart::new($reason, $fu);
                n += 1;
                total += i32::from($fu);
            }};
        }
        let hand = self.hand;
        let win = self.win;
        if block_kind(win_block) == SEQUENCE {
            let s = block_tile(win_block);
            if (s % 9 == 0 && win == s + 2) || (s % 9 == 6 && win == s) {
                push!(FuReason::Penchan, 2);
            }
            if win == s + 1 {
                push!(FuReason::Kanchan, 2);
            }
        }
        if pair >= 27 {
            let valued = u32::from(pair >= 31)
                + u32::from(pair == 27 + usize::from(hand.seat_wind))
                + u32::from(pair == 27 + usize::from(hand.round_wind));
            match valued {
                0 => {}
                1 => push!(FuReason::ValuedPair, 2),
                _ => push!(FuReason::DoubleValuedPair, 4),
            }
        }
        if block_kind(win_block) == PAIR {
            push!(FuReason::PairWait, 2);
        }
        // Sets in block order (one per kind, ascending); a quad is always a declared kan.
        let won_set = if !self.tsumo && is_set_of_same(win_block) {
            1u64 << block_tile(win_block)
        } else {
            0
        };
        let mut m = set_kinds;
        while m != 0 {
            let bit = m & m.wrapping_neg();
            m ^= bit;
            let open = (self.open_sets | won_set) & bit != 0;
            let kan = self.kan_sets & bit != 0;
            let term = (TERMINALS | HONORS) & bit != 0;
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
        if self.tsumo && (total > 0 || self.rules.fu_for_pinfu_tsumo()) {
            push!(FuReason::Tsumo, 2);
        }
        if self.open && total == 0 && self.rules.fu_for_open_pinfu() {
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
        yaku_set: &YakuSet,
        pinfu: bool,
        fu: i32,
        raw: i32,
        parts: &[FuPart; MAX_FU_PARTS],
        fu_part_count: usize,
        best: &mut Best,
    ) {
        let hand = self.hand;
        let rules = self.rules;
        let menzen_tsumo = self.tsumo && !self.open;
        let listed = yaku_set.bits != 0 || menzen_tsumo || pinfu;
        let paarenchan = hand.paarenchan > 0 && rules.paarenchan_needs_yaku() && listed;
        let yakuman = yaku_set.yakuman() || paarenchan;
        let mut han = if yakuman {
            yaku_set.yakuman_han
                + if paarenchan {
                    13 * i32::from(hand.paarenchan)
                } else {
                    0
                }
        } else {
            yaku_set.plain + i32::from(menzen_tsumo) + i32::from(pinfu)
        };
        if han == 0 {
            // No yaku: never kept (a hand whose every reading is here has no yaku).
            return;
        }
        if !yakuman {
            han += (self.dora + self.red_dora + self.ura_dora) as i32;
        }
        if rules.sextuple_limit() && han > 78 {
            han = 78;
        }
        let cost = points::cost(han, fu, yakuman, hand, rules);
        let key = key(cost.payment.total, yakuman, han, fu, raw);
        if best.key >= key {
            return;
        }
        *best = Best {
            key,
            yaku: *yaku_set,
            menzen_tsumo,
            pinfu,
            paarenchan,
            yakuman,
            han,
            fu,
            parts: *parts,
            fu_part_count,
            cost,
        };
    }

    fn score_kokushi(&self, best: &mut Best) {
        let hand = self.hand;
        let rules = self.rules;
        let mut yaku_set = YakuSet::default();
        let id = if self.all[self.win] == 2 {
            yaku::KOKUSHI_13_WAIT
        } else {
            yaku::KOKUSHI
        };
        yaku_set.push(id, self.han_of(id));
        if !self.tsumo
            && rules.sashikomi()
            && hand.has(OPEN_RIICHI)
            && (hand.has(RIICHI) || hand.has(DOUBLE_RIICHI))
        {
            yaku_set.push(yaku::SASHIKOMI, self.han_of(yaku::SASHIKOMI));
        }
        if hand.has(RENHOU) && rules.renhou_as_yakuman() {
            yaku_set.push(yaku::RENHOU_YAKUMAN, self.han_of(yaku::RENHOU_YAKUMAN));
        }
        if hand.has(TENHOU) {
            yaku_set.push(yaku::TENHOU, self.han_of(yaku::TENHOU));
        }
        if hand.has(CHIIHOU) {
            yaku_set.push(yaku::CHIIHOU, self.han_of(yaku::CHIIHOU));
        }
        if hand.paarenchan > 0 {
            yaku_set.push(yaku::PAARENCHAN, 13 * u16::from(hand.paarenchan));
        }
        let han = yaku_set.yakuman_han;
        let cost = points::cost(han, 0, true, hand, rules);
        let key = key(cost.payment.total, true, han, 0, 0);
        if best.key >= key {
            return;
        }
        *best = Best {
            key,
            yaku: yaku_set,
            menzen_tsumo: false,
            pinfu: false,
            paarenchan: false,
            yakuman: true,
            han,
            fu: 0,
            parts: [FuPart::EMPTY; MAX_FU_PARTS],
            fu_part_count: 0,
            cost,
        };
    }

    /// The score of the best reading: each yaku with its han (only the yakuman on a yakuman
    /// hand, dora otherwise).
    #[inline(always)]
    fn write_out(&self, best: &Best) -> Result<Score, Error> {
        let mut bits = best.yaku.bits
            | u64::from(best.menzen_tsumo) << yaku::MENZEN_TSUMO
            | u64::from(best.pinfu) << yaku::PINFU
            | u64::from(best.paarenchan) << yaku::PAARENCHAN;
        if best.yakuman {
            bits &= YAKUMAN_BITS;
        }
        // Built in place, in the result itself (the yaku filled there, not copied into it).
        let mut res = Ok(Score {
            han: best.han,
            fu: best.fu,
            yaku: [0u16; YAKU_SLOTS],
            fu_parts: best.parts,
            fu_count: best.fu_part_count as u8,
            limit: best.cost.limit as u8,
            yakuman_multiple: best.cost.multiple,
            main: best.cost.payment.main,
            additional: best.cost.payment.additional,
            main_bonus: best.cost.payment.main_bonus,
            additional_bonus: best.cost.payment.additional_bonus,
            sticks_bonus: best.cost.payment.sticks_bonus,
            total: best.cost.payment.total,
        });
        let Ok(score) = &mut res else { return res };
        let han_by_id = &mut score.yaku;
        while bits != 0 {
            let id = bits.trailing_zeros() as usize;
            han_by_id[id] = if id == yaku::PAARENCHAN {
                13 * u16::from(self.hand.paarenchan)
            } else {
                self.han_of(id)
            };
            bits &= bits - 1;
        }
        if !best.yakuman {
            for (id, v) in [
                (yaku::DORA, self.dora),
                (yaku::AKA_DORA, self.red_dora),
                (yaku::URA_DORA, self.ura_dora),
            ] {
                if v > 0 {
                    han_by_id[id] = v as u16;
                }
            }
        }
        res
    }
}
