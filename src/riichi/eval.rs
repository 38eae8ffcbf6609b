//! Decompositions, yaku and fu of one riichi hand, and the choice of the best reading.

use super::points::{self, Cost};
use super::yaku::{self as y, YAKU_SLOTS};
use super::{
    CHANKAN, CHIIHOU, DOUBLE_RIICHI, FuPart, FuReason, HAITEI, HOUTEI, IPPATSU, MAX_FU_PARTS,
    MeldKind, OPEN_RIICHI, RENHOU, RIICHI, RINSHAN, RiichiHand, Rules, Score, TENHOU, TSUMO,
};
use crate::error::Error;
use crate::tile::{Counts, TILE_KINDS};

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

/// Every reading of the concealed `counts` as sets and one pair, with `meld_blocks` added,
/// sorted as the reference sorts them; seven pairs first considered when there is no meld.
pub(super) fn decompositions(
    counts: &Counts,
    meld_blocks: &[u8],
    out: &mut [Decomp; MAX_DECOMPS],
) -> usize {
    let mut n = 0;
    if meld_blocks.is_empty() && counts.iter().all(|&c| c == 0 || c == 2) {
        let mut d = Decomp::default();
        for (k, &c) in counts.iter().enumerate() {
            if c == 2 && d.len < 7 {
                d.blocks[usize::from(d.len)] = (k as u8) << 2 | PAIR;
                d.len += 1;
            }
        }
        if d.len == 7 && counts.iter().filter(|&&c| c == 2).count() == 7 {
            out[0] = d;
            n = 1;
        }
    }
    // The pair sits in the one block (suit or honours) whose tile count is 2 mod 3; every other
    // block must hold a multiple of 3, and honours only pairs and triplets.
    let mut pair_block = usize::MAX;
    for b in 0..4 {
        let range = if b < 3 { 9 * b..9 * b + 9 } else { 27..34 };
        let total: u32 = counts[range].iter().map(|&x| u32::from(x)).sum();
        match total % 3 {
            0 => {}
            2 if pair_block == usize::MAX => pair_block = b,
            _ => return finish(out, n),
        }
    }
    if pair_block == usize::MAX || counts[27..34].iter().any(|&x| x == 1 || x == 4) {
        return finish(out, n);
    }
    let mut w = Walker {
        c: *counts,
        stack: [0; 5],
        meld_blocks,
        out,
        n,
        pair_block,
    };
    w.walk(0, 0, false, 0);
    let n = w.n;
    finish(out, n)
}

fn finish(out: &mut [Decomp; MAX_DECOMPS], n: usize) -> usize {
    out[..n].sort_unstable_by(|a, b| a.blocks().cmp(b.blocks()));
    n
}

/// The depth-first search over the concealed tiles: at the lowest kind left, a pair (in the
/// pair's block only), then a triplet, then sequences, so that each multiset of blocks is
/// generated once.
struct Walker<'a> {
    c: Counts,
    stack: [u8; 5],
    meld_blocks: &'a [u8],
    out: &'a mut [Decomp; MAX_DECOMPS],
    n: usize,
    pair_block: usize,
}

impl Walker<'_> {
    fn walk(&mut self, from: usize, min_ty: u8, has_pair: bool, depth: usize) {
        let mut i = from;
        while i < TILE_KINDS && self.c[i] == 0 {
            i += 1;
        }
        if i == TILE_KINDS {
            if has_pair && depth + self.meld_blocks.len() == 5 && self.n < MAX_DECOMPS {
                let mut d = Decomp {
                    blocks: [0; 7],
                    len: 5,
                };
                d.blocks[..depth].copy_from_slice(&self.stack[..depth]);
                d.blocks[depth..5].copy_from_slice(self.meld_blocks);
                d.blocks[..5].sort_unstable();
                self.out[self.n] = d;
                self.n += 1;
            }
            return;
        }
        let min_ty = if i == from { min_ty } else { 0 };
        if depth >= 5 {
            return;
        }
        let t = i as u8;
        let c = &mut self.c;
        if min_ty == 0 && !has_pair && c[i] >= 2 && i / 9 == self.pair_block.min(3) {
            c[i] -= 2;
            self.stack[depth] = t << 2 | PAIR;
            self.walk(i, 1, true, depth + 1);
            self.c[i] += 2;
        }
        let c = &mut self.c;
        if min_ty <= 1 && c[i] >= 3 {
            c[i] -= 3;
            self.stack[depth] = t << 2 | TRIPLET;
            self.walk(i, 2, has_pair, depth + 1);
            self.c[i] += 3;
        }
        let c = &mut self.c;
        if i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
            c[i] -= 1;
            c[i + 1] -= 1;
            c[i + 2] -= 1;
            self.stack[depth] = t << 2 | SEQ;
            self.walk(i, 2, has_pair, depth + 1);
            let c = &mut self.c;
            c[i] += 1;
            c[i + 1] += 1;
            c[i + 2] += 1;
        }
    }
}

/// Per-hand facts that do not depend on the reading.
struct Ctx<'a> {
    hand: &'a RiichiHand,
    rules: &'a Rules,
    /// Every tile: concealed + melds (a kan counts 4).
    all: Counts,
    open: bool,
    tsumo: bool,
    /// Per tile of a declared pon / kan: 1 opened, 2 kan.
    meld_state: [u8; TILE_KINDS],
    /// Blocks of the declared melds.
    meld_blocks: [u8; 4],
    /// Blocks of opened melds (for the concealed-triplet count), as in the reference.
    open_blocks: [u8; 4],
    n_open_blocks: usize,
    kans: usize,
    dora: u32,
    aka: u32,
    ura: u32,
    win: usize,
}

/// The scored reading kept so far.
struct Best {
    key: (i32, bool, i32, i32, i32),
    score: Score,
}

/// Scores every reading and keeps the best.
pub(super) fn best(hand: &RiichiHand, rules: &Rules) -> Result<Score, Error> {
    let ctx = Ctx::new(hand, rules);
    let mut decs = [Decomp::default(); MAX_DECOMPS];
    let nd = decompositions(
        &hand.counts,
        &ctx.meld_blocks[..hand.meld_count as usize],
        &mut decs,
    );
    let mut best: Option<Best> = None;
    let mut any = false;
    for d in &decs[..nd] {
        any = true;
        ctx.score_decomp(d, &mut best);
    }
    if hand.meld_count == 0 && is_kokushi(&hand.counts) {
        any = true;
        ctx.score_kokushi(&mut best);
    }
    if !any {
        return Err(Error::NotWinning);
    }
    match best {
        Some(b) if b.key.0 >= 0 => Ok(b.score),
        _ => Err(Error::NoYaku),
    }
}

fn is_kokushi(c: &Counts) -> bool {
    let mut prod = 1u32;
    for k in crate::tile::TERMINALS_AND_HONORS {
        prod *= u32::from(c[k]);
    }
    prod == 2
}

/// Dora kind shown by indicator `k`.
fn dora_of(k: usize, three_player: bool) -> usize {
    if three_player && k == 0 {
        8
    } else if k < 27 {
        k / 9 * 9 + (k % 9 + 1) % 9
    } else if k <= 30 {
        27 + (k - 27 + 1) % 4
    } else {
        31 + (k - 31 + 1) % 3
    }
}

/// Whether yaku `id` is a yakuman (ids 41..=62).
const fn is_yakuman(id: usize) -> bool {
    id >= y::KOKUSHI && id <= y::PAARENCHAN
}

/// A list of yaku with their han for one reading, with running han sums.
struct YakuList {
    ids: [u8; 24],
    han: [u16; 24],
    n: usize,
    /// Han of the yaku that are not yakuman.
    plain: i32,
    /// Han of the yakuman.
    yakuman_han: i32,
    yakuman: bool,
}

impl YakuList {
    fn new() -> YakuList {
        YakuList {
            ids: [0; 24],
            han: [0; 24],
            n: 0,
            plain: 0,
            yakuman_han: 0,
            yakuman: false,
        }
    }
    fn push(&mut self, id: usize, han: u16) {
        if self.n < self.ids.len() {
            self.ids[self.n] = id as u8;
            self.han[self.n] = han;
            self.n += 1;
            if is_yakuman(id) {
                self.yakuman = true;
                self.yakuman_han += i32::from(han);
            } else {
                self.plain += i32::from(han);
            }
        }
    }
    fn iter(&self) -> impl Iterator<Item = (usize, u16)> + '_ {
        self.ids[..self.n]
            .iter()
            .zip(&self.han[..self.n])
            .map(|(&i, &h)| (usize::from(i), h))
    }
}

impl<'a> Ctx<'a> {
    fn new(hand: &'a RiichiHand, rules: &'a Rules) -> Ctx<'a> {
        let mut all = hand.counts;
        let mut meld_state = [0u8; TILE_KINDS];
        let mut meld_blocks = [0u8; 4];
        let mut open_blocks = [0u8; 4];
        let mut n_open_blocks = 0;
        let mut open = false;
        let mut kans = 0;
        for (i, m) in hand.melds().iter().enumerate() {
            let t = usize::from(m.tile);
            let block = match m.kind {
                MeldKind::Chi => {
                    all[t..t + 3].iter_mut().for_each(|c| *c += 1);
                    m.tile << 2 | SEQ
                }
                MeldKind::Pon => {
                    all[t] += 3;
                    m.tile << 2 | TRIPLET
                }
                _ => {
                    all[t] += 4;
                    kans += 1;
                    m.tile << 2 | QUAD
                }
            };
            meld_blocks[i] = block;
            if m.kind.is_open() {
                open = true;
                open_blocks[n_open_blocks] = block;
                n_open_blocks += 1;
            }
            if m.kind != MeldKind::Chi {
                meld_state[t] = u8::from(m.kind.is_open()) | if m.kind.is_kan() { 2 } else { 0 };
            }
        }
        let tp = rules.three_player;
        let kita = u32::from(hand.kita);
        // Each indicator adds the copies of the kind it shows; kita are North tiles set aside,
        // each a dora itself and one more per indicator showing North.
        let count = |inds: &[u8]| -> (u32, u32) {
            let mut n = 0;
            let mut north = 0;
            for &k in inds {
                let d = dora_of(usize::from(k), tp);
                n += u32::from(all[d]);
                north += u32::from(d == 30);
            }
            (n, north)
        };
        let (mut dora, dora_north) = count(&hand.dora[..usize::from(hand.dora_count)]);
        if kita > 0 {
            dora += dora_north * kita + kita;
        }
        let aka = if rules.aka_dora {
            hand.red_fives.iter().map(|&r| u32::from(r)).sum()
        } else {
            0
        };
        let mut ura = 0;
        if hand.has(RIICHI) || hand.has(DOUBLE_RIICHI) {
            let (n, north) = count(&hand.ura[..usize::from(hand.ura_count)]);
            ura = n + north * kita;
        }
        Ctx {
            hand,
            rules,
            all,
            open,
            tsumo: hand.has(TSUMO),
            meld_state,
            meld_blocks,
            open_blocks,
            n_open_blocks,
            kans,
            dora,
            aka,
            ura,
            win: usize::from(hand.win_tile),
        }
    }

    fn han_of(&self, id: usize) -> u16 {
        let info = y::info(id).expect("known yaku id");
        let mut closed = u16::from(info.han_closed);
        let mut open = u16::from(info.han_open);
        if !self.rules.double_yakuman && y::is_double_yakuman(id) {
            closed = 13;
            if open > 0 {
                open = 13;
            }
        }
        if self.open && open > 0 { open } else { closed }
    }

    fn is_open_block(&self, b: u8) -> bool {
        self.open_blocks[..self.n_open_blocks].contains(&b)
    }

    /// Fu of one reading with the winning tile in `wg`: the breakdown and the rounded total.
    fn fu(&self, d: &Decomp, wg: u8, parts: &mut [FuPart; MAX_FU_PARTS]) -> (usize, i32, i32) {
        let mut n = 0;
        let mut push = |parts: &mut [FuPart; MAX_FU_PARTS], reason: FuReason, fu: u8| {
            parts[n] = FuPart { reason, fu };
            n += 1;
        };
        if d.len == 7 {
            push(parts, FuReason::Base, 25);
            return (1, 25, 25);
        }
        let h = self.hand;
        let mut total = 0i32;
        let win = self.win;
        if bty(wg) == SEQ {
            let s = bt(wg);
            if (s % 9 == 0 && win == s + 2) || (s % 9 == 6 && win == s) {
                push(parts, FuReason::Penchan, 2);
                total += 2;
            }
            if win == s + 1 {
                push(parts, FuReason::Kanchan, 2);
                total += 2;
            }
        }
        let pair = d.blocks().iter().find(|&&b| bty(b) == PAIR).map(|&b| bt(b));
        if let Some(p) = pair {
            let valued = [
                31,
                32,
                33,
                27 + usize::from(h.seat_wind),
                27 + usize::from(h.round_wind),
            ];
            match valued.iter().filter(|&&v| v == p).count() {
                0 => {}
                1 => {
                    push(parts, FuReason::ValuedPair, 2);
                    total += 2;
                }
                _ => {
                    push(parts, FuReason::DoubleValuedPair, 4);
                    total += 4;
                }
            }
        }
        if bty(wg) == PAIR {
            push(parts, FuReason::PairWait, 2);
            total += 2;
        }
        for &b in d.blocks() {
            if !is_set_of_same(b) {
                continue;
            }
            let t = bt(b);
            let state = self.meld_state[t];
            let mut open = state & 1 != 0;
            let kan = bty(b) == QUAD || state & 2 != 0;
            if !self.tsumo && bty(wg) == bty(b) && bt(wg) == t {
                open = true;
            }
            let term = crate::tile::is_terminal_or_honor(t);
            let (fu, reason) = match (term, kan, open) {
                (false, false, false) => (4, FuReason::ClosedPon),
                (false, false, true) => (2, FuReason::OpenPon),
                (true, false, false) => (8, FuReason::ClosedTerminalPon),
                (true, false, true) => (4, FuReason::OpenTerminalPon),
                (false, true, false) => (16, FuReason::ClosedKan),
                (false, true, true) => (8, FuReason::OpenKan),
                (true, true, false) => (32, FuReason::ClosedTerminalKan),
                (true, true, true) => (16, FuReason::OpenTerminalKan),
            };
            push(parts, reason, fu);
            total += i32::from(fu);
        }
        if self.tsumo && (total > 0 || self.rules.fu_for_pinfu_tsumo) {
            push(parts, FuReason::Tsumo, 2);
            total += 2;
        }
        if self.open && total == 0 && self.rules.fu_for_open_pinfu {
            push(parts, FuReason::OpenPinfu, 2);
            total += 2;
        }
        let base = if self.open || self.tsumo { 20 } else { 30 };
        push(parts, FuReason::Base, base);
        total += i32::from(base);
        (n, (total + 9) / 10 * 10, total)
    }

    fn score_decomp(&self, d: &Decomp, best: &mut Option<Best>) {
        let h = self.hand;
        let r = self.rules;
        let blocks = d.blocks();
        let chiitoitsu = d.len == 7;
        let mut chis = 0;
        let mut pons = 0; // triplets and quads
        let mut suit_mask = 0u8;
        let mut honors = 0;
        let mut tanyao = true;
        let (mut all_honor, mut all_th, mut all_term, mut all_green) = (true, true, true, true);
        const GREEN: u64 = 1 << 19 | 1 << 20 | 1 << 21 | 1 << 23 | 1 << 25 | 1 << 32;
        const TERM: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26;
        for &b in blocks {
            let t = bt(b);
            let tiles: u64 = if bty(b) == SEQ { 7 << t } else { 1 << t };
            all_honor &= t >= 27;
            all_th &= tiles & !(TERM | 0x7f << 27) == 0;
            all_term &= tiles & !TERM == 0;
            all_green &= tiles & !GREEN == 0;
            match bty(b) {
                SEQ => {
                    chis += 1;
                    if t % 9 == 0 || t % 9 == 6 {
                        tanyao = false;
                    }
                }
                QUAD | TRIPLET => {
                    pons += 1;
                    if crate::tile::is_terminal_or_honor(t) {
                        tanyao = false;
                    }
                }
                _ => {
                    if crate::tile::is_terminal_or_honor(t) {
                        tanyao = false;
                    }
                }
            }
            if t >= 27 {
                honors += 1;
            } else {
                suit_mask |= 1 << (t / 9);
            }
        }
        let has_honors = honors > 0;
        let one_suit = suit_mask.count_ones() == 1;
        // Win groups: distinct concealed blocks holding the winning tile, in block order.
        let mut groups = [0u8; 7];
        let mut ng = 0;
        {
            let mut consumed = [false; 4];
            let opened = &self.open_blocks[..self.n_open_blocks];
            for &b in blocks {
                if let Some(j) = (0..opened.len()).find(|&j| !consumed[j] && opened[j] == b) {
                    consumed[j] = true;
                    continue;
                }
                let t = bt(b);
                let holds = if bty(b) == SEQ {
                    (t..t + 3).contains(&self.win)
                } else {
                    t == self.win
                };
                if holds && !groups[..ng].contains(&b) {
                    groups[ng] = b;
                    ng += 1;
                }
            }
        }

        // Yaku that do not depend on the win group.
        let mut base = YakuList::new();
        if chiitoitsu {
            base.push(y::CHIITOITSU, self.han_of(y::CHIITOITSU));
        }
        if r.daisharin || r.daisharin_other_suits {
            if let Some(id) = self.daisharin(blocks, suit_mask, honors) {
                base.push(id, self.han_of(id));
            }
        }
        if r.daichisei && chiitoitsu && all_honor {
            base.push(y::DAICHISEI, self.han_of(y::DAICHISEI));
        }
        if (!self.open || r.open_tanyao) && tanyao {
            base.push(y::TANYAO, self.han_of(y::TANYAO));
        }
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
        if one_suit && !has_honors {
            base.push(y::CHINITSU, self.han_of(y::CHINITSU));
        } else if one_suit && has_honors {
            base.push(y::HONITSU, self.han_of(y::HONITSU));
        }
        if chis == 0 {
            if has_honors && all_honor {
                base.push(y::TSUUIISOU, self.han_of(y::TSUUIISOU));
            }
            if !tanyao {
                if all_th {
                    base.push(y::HONROUTOU, self.han_of(y::HONROUTOU));
                }
                if !has_honors && all_term {
                    base.push(y::CHINROUTOU, self.han_of(y::CHINROUTOU));
                }
            }
        }
        if all_green {
            base.push(y::RYUUIISOU, self.han_of(y::RYUUIISOU));
        }
        if h.paarenchan > 0 && !r.paarenchan_needs_yaku {
            base.push(y::PAARENCHAN, 13 * u16::from(h.paarenchan));
        }
        if chis > 0 {
            if !tanyao {
                let (mut term, mut hon) = (0, 0);
                for &b in blocks {
                    let t = bt(b);
                    let last = if bty(b) == SEQ { t + 2 } else { t };
                    if crate::tile::is_terminal(t) || crate::tile::is_terminal(last) {
                        term += 1;
                    } else if t >= 27 {
                        hon += 1;
                    }
                }
                if term + hon == 5 && term != 0 && hon != 0 {
                    base.push(y::CHANTA, self.han_of(y::CHANTA));
                }
                if term == 5 {
                    base.push(y::JUNCHAN, self.han_of(y::JUNCHAN));
                }
                let mut masks = [0u8; 3];
                for &b in blocks {
                    if bty(b) == SEQ && bt(b) % 3 == 0 {
                        masks[bt(b) / 9] |= 1 << (bt(b) % 9 / 3);
                    }
                }
                if masks.contains(&7) {
                    base.push(y::ITTSU, self.han_of(y::ITTSU));
                }
            }
            if !self.open {
                let mut per = [0u8; 27];
                for &b in blocks {
                    if bty(b) == SEQ {
                        per[bt(b)] += 1;
                    }
                }
                let pairs: u8 = per.iter().map(|&c| c / 2).sum();
                if pairs >= 2 {
                    base.push(y::RYANPEIKOU, self.han_of(y::RYANPEIKOU));
                } else if pairs >= 1 {
                    base.push(y::IIPEIKOU, self.han_of(y::IIPEIKOU));
                }
            }
            if suit_mask == 7 {
                let mut m = [0u16; 3];
                for &b in blocks {
                    if bty(b) == SEQ {
                        m[bt(b) / 9] |= 1 << (bt(b) % 9);
                    }
                }
                if m[0] & m[1] & m[2] != 0 {
                    base.push(y::SANSHOKU, self.han_of(y::SANSHOKU));
                }
            }
        }
        if pons > 0 {
            if pons == 4 {
                base.push(y::TOITOI, self.han_of(y::TOITOI));
            }
            if self.sanankou(blocks) {
                base.push(y::SANANKOU, self.han_of(y::SANANKOU));
            }
            if suit_mask == 7 {
                let mut m = [0u16; 3];
                for &b in blocks {
                    if is_set_of_same(b) && bt(b) < 27 {
                        m[bt(b) / 9] |= 1 << (bt(b) % 9);
                    }
                }
                if m[0] & m[1] & m[2] != 0 {
                    base.push(y::SANSHOKU_DOUKOU, self.han_of(y::SANSHOKU_DOUKOU));
                }
            }
            if has_honors {
                let pon_of = |t: usize| blocks.iter().any(|&b| is_set_of_same(b) && bt(b) == t);
                let dragons = blocks
                    .iter()
                    .filter(|&&b| bt(b) >= 31 && bty(b) != SEQ)
                    .count();
                if dragons == 3 {
                    base.push(y::SHOUSANGEN, self.han_of(y::SHOUSANGEN));
                }
                for (t, id) in [(31, y::HAKU), (32, y::HATSU), (33, y::CHUN)] {
                    if pon_of(t) {
                        base.push(id, self.han_of(id));
                    }
                }
                let seat = 27 + usize::from(h.seat_wind);
                if pon_of(seat) {
                    let id = y::SEAT_EAST + usize::from(h.seat_wind);
                    base.push(id, self.han_of(id));
                }
                let round = 27 + usize::from(h.round_wind);
                if pon_of(round) {
                    let id = y::ROUND_EAST + usize::from(h.round_wind);
                    base.push(id, self.han_of(id));
                }
                let dragon_pons = (31..34).filter(|&t| pon_of(t)).count();
                if dragon_pons == 3 {
                    base.push(y::DAISANGEN, self.han_of(y::DAISANGEN));
                }
                let wind_pons = (27..31).filter(|&t| pon_of(t)).count();
                let wind_pair = blocks
                    .iter()
                    .filter(|&&b| bty(b) == PAIR && (27..31).contains(&bt(b)))
                    .count();
                if wind_pons == 3 && wind_pair == 1 {
                    base.push(y::SHOUSUUSHII, self.han_of(y::SHOUSUUSHII));
                }
                if wind_pons == 4 {
                    base.push(y::DAISUUSHII, self.han_of(y::DAISUUSHII));
                }
            }
            if h.meld_count == 0 && !tanyao && self.chuuren(blocks, suit_mask, honors) {
                let c = self.all[self.win];
                let id = if c == 2 || c == 4 {
                    y::JUNSEI_CHUUREN
                } else {
                    y::CHUUREN
                };
                base.push(id, self.han_of(id));
            }
            if !self.open && self.suuankou(blocks) {
                let id = if self.all[self.win] == 2 {
                    y::SUUANKOU_TANKI
                } else {
                    y::SUUANKOU
                };
                base.push(id, self.han_of(id));
            }
            if self.kans == 3 {
                base.push(y::SANKANTSU, self.han_of(y::SANKANTSU));
            }
            if self.kans == 4 {
                base.push(y::SUUKANTSU, self.han_of(y::SUUKANTSU));
            }
        }

        for &wg in &groups[..ng] {
            let mut parts = [FuPart {
                reason: FuReason::Base,
                fu: 0,
            }; MAX_FU_PARTS];
            let (nparts, fu, raw) = self.fu(d, wg, &mut parts);
            let pinfu = nparts == 1 && !chiitoitsu && !self.open;
            let menzen_tsumo = self.tsumo && !self.open;
            let listed = base.n + usize::from(menzen_tsumo) + usize::from(pinfu);
            let paarenchan = h.paarenchan > 0 && r.paarenchan_needs_yaku && listed > 0;
            let yakuman = base.yakuman || paarenchan;
            let mut han = if yakuman {
                base.yakuman_han
                    + if paarenchan {
                        13 * i32::from(h.paarenchan)
                    } else {
                        0
                    }
            } else {
                base.plain + i32::from(menzen_tsumo) + i32::from(pinfu)
            };
            let cost = if han == 0 {
                None
            } else {
                if !yakuman {
                    han += (self.dora + self.aka + self.ura) as i32;
                }
                if r.sextuple_limit && han > 78 {
                    han = 78;
                }
                Some(points::cost(han, fu, yakuman, h, r))
            };
            let total = cost.as_ref().map_or(-1, |c| c.payment.total);
            let key = (total, yakuman, han, fu, raw);
            if best.as_ref().is_some_and(|b| b.key >= key) {
                continue;
            }
            let mut yaku = [0u16; YAKU_SLOTS];
            if cost.is_some() {
                let mut put = |id: usize, v: u16| {
                    if !yakuman || is_yakuman(id) {
                        yaku[id] += v;
                    }
                };
                if menzen_tsumo {
                    put(y::MENZEN_TSUMO, 1);
                }
                if pinfu {
                    put(y::PINFU, 1);
                }
                for (id, v) in base.iter() {
                    put(id, v);
                }
                if paarenchan {
                    put(y::PAARENCHAN, 13 * u16::from(h.paarenchan));
                }
                if !yakuman {
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
            }
            self.offer(best, cost, yakuman, han, fu, raw, yaku, parts, nparts);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn offer(
        &self,
        best: &mut Option<Best>,
        cost: Option<Cost>,
        yakuman: bool,
        han: i32,
        fu: i32,
        raw: i32,
        yaku: [u16; YAKU_SLOTS],
        parts: [FuPart; MAX_FU_PARTS],
        nparts: usize,
    ) {
        let total = cost.as_ref().map_or(-1, |c| c.payment.total);
        let key = (total, yakuman, han, fu, raw);
        if best.as_ref().is_some_and(|b| b.key >= key) {
            return;
        }
        let (limit, multiple, payment) = match cost {
            Some(c) => (c.limit, c.multiple, c.payment),
            None => (
                super::Limit::None,
                0,
                super::Payment {
                    main: 0,
                    additional: 0,
                    main_bonus: 0,
                    additional_bonus: 0,
                    sticks_bonus: 0,
                    total: 0,
                },
            ),
        };
        *best = Some(Best {
            key,
            score: Score {
                han,
                fu,
                yaku,
                fu_parts: parts,
                fu_count: nparts as u8,
                limit,
                yakuman_multiple: multiple,
                payment,
            },
        });
    }

    fn score_kokushi(&self, best: &mut Option<Best>) {
        let h = self.hand;
        let r = self.rules;
        let mut yaku = [0u16; YAKU_SLOTS];
        let id = if self.all[self.win] == 2 {
            y::KOKUSHI_13_WAIT
        } else {
            y::KOKUSHI
        };
        yaku[id] = self.han_of(id);
        if !self.tsumo
            && r.sashikomi
            && h.has(OPEN_RIICHI)
            && (h.has(RIICHI) || h.has(DOUBLE_RIICHI))
        {
            yaku[y::SASHIKOMI] = self.han_of(y::SASHIKOMI);
        }
        if h.has(RENHOU) && r.renhou_as_yakuman {
            yaku[y::RENHOU_YAKUMAN] = self.han_of(y::RENHOU_YAKUMAN);
        }
        if h.has(TENHOU) {
            yaku[y::TENHOU] = self.han_of(y::TENHOU);
        }
        if h.has(CHIIHOU) {
            yaku[y::CHIIHOU] = self.han_of(y::CHIIHOU);
        }
        if h.paarenchan > 0 {
            yaku[y::PAARENCHAN] = 13 * u16::from(h.paarenchan);
        }
        let han: i32 = yaku.iter().map(|&v| i32::from(v)).sum();
        let cost = points::cost(han, 0, true, h, r);
        let parts = [FuPart {
            reason: FuReason::Base,
            fu: 0,
        }; MAX_FU_PARTS];
        self.offer(best, Some(cost), true, han, 0, 0, yaku, parts, 0);
    }

    fn daisharin(&self, blocks: &[u8], suit_mask: u8, honors: usize) -> Option<usize> {
        if self.open || honors > 0 || suit_mask.count_ones() != 1 {
            return None;
        }
        if !self.rules.daisharin_other_suits && suit_mask != 2 {
            return None;
        }
        let mut counts = [0u8; 9];
        for &b in blocks {
            let t = bt(b);
            match bty(b) {
                SEQ => (0..3).for_each(|i| counts[(t + i) % 9] += 1),
                QUAD => counts[t % 9] += 4,
                TRIPLET => counts[t % 9] += 3,
                _ => counts[t % 9] += 2,
            }
        }
        if !(1..8).all(|i| counts[i] == 2) {
            return None;
        }
        Some(match suit_mask {
            1 => y::DAISUURIN,
            2 => y::DAISHARIN,
            _ => y::DAICHIKURIN,
        })
    }

    fn chuuren(&self, blocks: &[u8], suit_mask: u8, honors: usize) -> bool {
        if honors > 0 || suit_mask.count_ones() != 1 {
            return false;
        }
        let s = suit_mask.trailing_zeros() as usize * 9;
        let mut c = [0u8; 9];
        c.copy_from_slice(&self.all[s..s + 9]);
        let _ = blocks;
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

    fn sanankou(&self, blocks: &[u8]) -> bool {
        let mut closed = 0i32;
        let mut chi_with_win = false;
        for &b in blocks {
            let t = bt(b);
            if is_set_of_same(b) {
                if !self.is_open_block(b) {
                    closed += 1;
                }
            } else if bty(b) == SEQ && (t..t + 3).contains(&self.win) && !self.is_open_block(b) {
                chi_with_win = true;
            }
        }
        if !self.tsumo
            && !chi_with_win
            && blocks
                .iter()
                .any(|&b| is_set_of_same(b) && bt(b) == self.win && !self.is_open_block(b))
        {
            closed -= 1;
        }
        closed == 3
    }

    fn suuankou(&self, blocks: &[u8]) -> bool {
        let n = blocks
            .iter()
            .filter(|&&b| is_set_of_same(b) && (self.tsumo || bt(b) != self.win))
            .count();
        n == 4
    }
}
