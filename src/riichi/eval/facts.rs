//! The facts of one riichi hand that hold for every reading: melds, dora, the tile-set and
//! condition yaku, the honour sets and kans (see [`HandFacts`]).

use super::reading::{QUAD, SEQUENCE, SEVEN, TRIPLET};
use super::{DRAGONS, GREEN, HONORS, HandFacts, ONE_SUIT, TERMINALS, WINDS, YakuSet};
use crate::riichi::yaku::{self, YAKU_SLOTS};
use crate::riichi::{
    CHANKAN, CHIIHOU, DOUBLE_RIICHI, HAITEI, HOUTEI, IPPATSU, MeldKind, OPEN_RIICHI, RENHOU,
    RIICHI, RINSHAN, RiichiHand, Rules, TENHOU, TSUMO,
};
use crate::tile::Counts;

/// Han of each yaku id by `open | double_yakuman << 1`: the open value on an open hand when the
/// yaku has one, else the closed value; 13 for a double yakuman when they count once.
const HAN_BY: [[u8; YAKU_SLOTS]; 4] = {
    let mut t = [[0u8; YAKU_SLOTS]; 4];
    let mut row = 0;
    while row < 4 {
        let (open, double) = (row & 1 != 0, row & 2 != 0);
        let mut id = 0;
        while id < YAKU_SLOTS {
            let [closed, open_han] = yaku::HAN_TABLE[id];
            t[row][id] = if !double && yaku::is_double_yakuman(id) {
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

impl<'a> HandFacts<'a> {
    // Out of line: inlined into `best`, it costs more (register pressure) than the call.
    #[inline(never)]
    pub(super) fn new(
        hand: &'a RiichiHand,
        rules: &'a Rules,
        all: &'a Counts,
        held: u64,
    ) -> HandFacts<'a> {
        let mut held = held;
        let mut meld_blocks = [0u8; 4];
        let mut open_blocks = [0u8; 4];
        let mut open_block_count = 0;
        let mut open_sets = 0u64;
        let mut open_set_count = 0;
        let mut open_chis = 0u64;
        let mut kan_sets = 0u64;
        let mut open = false;
        let mut kans = 0;
        for (i, m) in hand.melds().iter().enumerate() {
            let t = usize::from(m.tile);
            let block = match m.kind() {
                MeldKind::Chi => {
                    held |= 7 << t;
                    open_chis |= 1 << t;
                    m.tile << 2 | SEQUENCE
                }
                MeldKind::Pon => {
                    held |= 1 << t;
                    open_sets |= 1 << t;
                    open_set_count += 1;
                    m.tile << 2 | TRIPLET
                }
                kind => {
                    held |= 1 << t;
                    kan_sets |= 1 << t;
                    kans += 1;
                    if kind != MeldKind::ClosedKan {
                        open_sets |= 1 << t;
                        open_set_count += 1;
                    }
                    m.tile << 2 | QUAD
                }
            };
            meld_blocks[i] = block;
            if m.kind().is_open() {
                open = true;
                open_blocks[open_block_count] = block;
                open_block_count += 1;
            }
        }
        let kita = u32::from(hand.kita);
        let next = &DORA_NEXT[usize::from(rules.three_player())];
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
        let red_dora = if rules.aka_dora() {
            hand.red_fives.iter().map(|&red| u32::from(red)).sum()
        } else {
            0
        };
        let ura_dora = if hand.has(RIICHI) || hand.has(DOUBLE_RIICHI) {
            count(&hand.ura[..usize::from(hand.ura_count)])
        } else {
            0
        };
        let suit_mask = u8::from(held & ONE_SUIT != 0)
            | u8::from(held >> 9 & ONE_SUIT != 0) << 1
            | u8::from(held >> 18 & ONE_SUIT != 0) << 2;
        HandFacts {
            hand,
            han: &HAN_BY[usize::from(open) | usize::from(rules.double_yakuman()) << 1],
            rules,
            all,
            open,
            tsumo: hand.has(TSUMO),
            open_sets,
            open_set_count,
            open_chis,
            kan_sets,
            meld_blocks,
            open_blocks,
            open_block_count,
            dora,
            red_dora,
            ura_dora,
            win: usize::from(hand.win_tile),
            tanyao: held & (TERMINALS | HONORS) == 0,
            suit_mask,
            common: YakuSet::default(),
            chuuren: 0,
            held,
            honor_word: 0,
            kans,
        }
    }

    #[inline(always)]
    pub(super) fn han_of(&self, id: usize) -> u16 {
        u16::from(self.han[id])
    }

    /// The yaku every reading has: conditions and facts of the tile set. Also sets `chuuren`.
    // `#[inline]` (here and on `regular_yaku`): called from `eval.rs` once per hand, inlined
    // there as when both were in one file.
    #[inline]
    pub(super) fn common_yaku(&mut self) -> YakuSet {
        let held = self.held;
        let hand = self.hand;
        let rules = self.rules;
        let mut base = YakuSet::default();
        let has_honors = held & HONORS != 0;
        if self.suit_mask.is_power_of_two() {
            if has_honors {
                base.push(yaku::HONITSU, self.han_of(yaku::HONITSU));
            } else {
                base.push(yaku::CHINITSU, self.han_of(yaku::CHINITSU));
                if (rules.daisharin() || rules.daisharin_other_suits())
                    && !self.open
                    && (rules.daisharin_other_suits() || self.suit_mask == 2)
                {
                    let s = self.suit_mask.trailing_zeros() as usize * 9;
                    if self.all[s + 1..s + 8].iter().all(|&c| c == 2) {
                        let id = match self.suit_mask {
                            1 => yaku::DAISUURIN,
                            2 => yaku::DAISHARIN,
                            _ => yaku::DAICHIKURIN,
                        };
                        base.push(id, self.han_of(id));
                    }
                }
                if hand.meld_count == 0 && !self.tanyao && self.is_chuuren() {
                    let c = self.all[self.win];
                    self.chuuren = if c == 2 || c == 4 {
                        yaku::JUNSEI_CHUUREN
                    } else {
                        yaku::CHUUREN
                    };
                }
            }
        }
        if (!self.open || rules.open_tanyao()) && self.tanyao {
            base.push(yaku::TANYAO, self.han_of(yaku::TANYAO));
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
        if hand.conditions & CONDITION_YAKU != 0 {
            let riichi = hand.has(RIICHI);
            let double = hand.has(DOUBLE_RIICHI);
            let open_riichi = hand.has(OPEN_RIICHI);
            if riichi && !double {
                let id = if open_riichi {
                    yaku::OPEN_RIICHI
                } else {
                    yaku::RIICHI
                };
                base.push(id, self.han_of(id));
            }
            if double {
                let id = if open_riichi {
                    yaku::DOUBLE_OPEN_RIICHI
                } else {
                    yaku::DOUBLE_RIICHI
                };
                base.push(id, self.han_of(id));
            }
            if !self.tsumo && rules.sashikomi() && (riichi || double) && open_riichi {
                base.push(yaku::SASHIKOMI, self.han_of(yaku::SASHIKOMI));
            }
            if hand.conditions & (IPPATSU | RINSHAN | CHANKAN | HAITEI | HOUTEI) != 0 {
                for (bit, id) in [
                    (IPPATSU, yaku::IPPATSU),
                    (RINSHAN, yaku::RINSHAN),
                    (CHANKAN, yaku::CHANKAN),
                    (HAITEI, yaku::HAITEI),
                    (HOUTEI, yaku::HOUTEI),
                ] {
                    if hand.has(bit) {
                        base.push(id, self.han_of(id));
                    }
                }
            }
            if hand.conditions & (RENHOU | TENHOU | CHIIHOU) != 0 {
                if hand.has(RENHOU) {
                    let id = if rules.renhou_as_yakuman() {
                        yaku::RENHOU_YAKUMAN
                    } else {
                        yaku::RENHOU
                    };
                    base.push(id, self.han_of(id));
                }
                if hand.has(TENHOU) {
                    base.push(yaku::TENHOU, self.han_of(yaku::TENHOU));
                }
                if hand.has(CHIIHOU) {
                    base.push(yaku::CHIIHOU, self.han_of(yaku::CHIIHOU));
                }
            }
        }
        // Every tile an honour, a terminal or an honour, a terminal, or green: no sequence can
        // be read (but green ones), so these hold for every reading. A simple that is not green
        // rules them all out.
        if held & !(TERMINALS | HONORS | GREEN) == 0 {
            if has_honors && held & !HONORS == 0 {
                base.push(yaku::TSUUIISOU, self.han_of(yaku::TSUUIISOU));
            }
            if !self.tanyao {
                if held & !(TERMINALS | HONORS) == 0 {
                    base.push(yaku::HONROUTOU, self.han_of(yaku::HONROUTOU));
                }
                if !has_honors && held & !TERMINALS == 0 {
                    base.push(yaku::CHINROUTOU, self.han_of(yaku::CHINROUTOU));
                }
            }
            if held & !GREEN == 0 {
                base.push(yaku::RYUUIISOU, self.han_of(yaku::RYUUIISOU));
            }
        }
        if hand.paarenchan > 0 && !rules.paarenchan_needs_yaku() {
            base.push(yaku::PAARENCHAN, 13 * u16::from(hand.paarenchan));
        }
        base
    }

    /// Yaku of every regular reading (not seven pairs) that do not depend on which one: the
    /// honour sets (an honour is a pair, a triplet or a declared meld in every reading) and
    /// the kans. Each needs a triplet, as in the reference's per-reading checks.
    #[inline]
    pub(super) fn regular_yaku(&self) -> YakuSet {
        let hand = self.hand;
        let mut base = YakuSet::default();
        let honors = self.held & HONORS;
        if honors != 0 {
            // Honour kinds held as a set of three or four (three in hand, or a declared pon or
            // kan), and as a pair (the others).
            // Concealed: honour counts one a byte (at most 4), plus 125 sets the top bit of
            // those of 3 and 4; gathered as in `held_of`.
            let honor_word = self.honor_word;
            let threes = (honor_word.wrapping_add(0x7d7d_7d7d_7d7d_7d7d) & 0x8080_8080_8080_8080)
                .wrapping_mul(SEVEN)
                >> 56
                << 27;
            let sets = threes | (self.open_sets | self.kan_sets) & HONORS;
            let pairs = honors & !sets;
            if honors & DRAGONS == DRAGONS {
                base.push(yaku::SHOUSANGEN, self.han_of(yaku::SHOUSANGEN));
            }
            for (t, id) in [(31, yaku::HAKU), (32, yaku::HATSU), (33, yaku::CHUN)] {
                if sets >> t & 1 != 0 {
                    base.push(id, self.han_of(id));
                }
            }
            if sets >> (27 + u32::from(hand.seat_wind)) & 1 != 0 {
                let id = yaku::SEAT_EAST + usize::from(hand.seat_wind);
                base.push(id, self.han_of(id));
            }
            if sets >> (27 + u32::from(hand.round_wind)) & 1 != 0 {
                let id = yaku::ROUND_EAST + usize::from(hand.round_wind);
                base.push(id, self.han_of(id));
            }
            if sets & DRAGONS == DRAGONS {
                base.push(yaku::DAISANGEN, self.han_of(yaku::DAISANGEN));
            }
            // Wind sets counted by a 4-bit table; the wind pair is at most one kind.
            const POP4: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
            let wind_sets = POP4[(sets >> 27 & 0xf) as usize];
            if wind_sets == 3 && pairs & WINDS != 0 {
                base.push(yaku::SHOUSUUSHII, self.han_of(yaku::SHOUSUUSHII));
            }
            if wind_sets == 4 {
                base.push(yaku::DAISUUSHII, self.han_of(yaku::DAISUUSHII));
            }
        }
        if self.kans == 3 {
            base.push(yaku::SANKANTSU, self.han_of(yaku::SANKANTSU));
        }
        if self.kans == 4 {
            base.push(yaku::SUUKANTSU, self.han_of(yaku::SUUKANTSU));
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
}
