//! Points from han and fu: limits, honba, riichi sticks, three-player payments.

use super::yaku::{NAGASHI_MANGAN as NAGASHI_ID, YAKU_SLOTS};
use super::{FuPart, KazoeLimit, Limit, MAX_FU_PARTS, Payment, RiichiHand, Rules, Score, TSUMO};

/// Label, yakuman multiple and payments of one reading.
#[derive(Clone, Copy)]
pub(super) struct Cost {
    pub limit: Limit,
    pub multiple: u8,
    pub payment: Payment,
}

impl Cost {
    /// No payment (a placeholder before any reading is priced).
    pub const NONE: Cost = Cost {
        limit: Limit::None,
        multiple: 0,
        payment: Payment {
            main: 0,
            additional: 0,
            main_bonus: 0,
            additional_bonus: 0,
            sticks_bonus: 0,
            total: 0,
        },
    };
}

const fn ceil100(x: i64) -> i64 {
    (x + 99) / 100 * 100
}

/// Payments of a hand below the han-based limits: base points `fu * 2^(2 + han)` times 1, 2, 4
/// and 6, each rounded up to 100; `mangan` when the rounded base points exceed 2,000.
#[derive(Clone, Copy)]
struct Below {
    pay: [u16; 4],
    mangan: bool,
}

const fn below(han: i32, fu: i32) -> Below {
    let bp = (fu as i64) << (2 + han);
    if ceil100(bp) > 2_000 {
        Below {
            pay: [2_000, 4_000, 8_000, 12_000],
            mangan: true,
        }
    } else {
        Below {
            pay: [
                ceil100(bp) as u16,
                ceil100(2 * bp) as u16,
                ceil100(4 * bp) as u16,
                ceil100(6 * bp) as u16,
            ],
            mangan: false,
        }
    }
}

/// Fu / 5 values covered by [`BELOW`] (fu 0 to 195).
const BELOW_FU: usize = 40;

/// [`below`] for han 1-4 and fu = 5 * index.
const BELOW: [[Below; BELOW_FU]; 4] = {
    let mut t = [[Below {
        pay: [0; 4],
        mangan: false,
    }; BELOW_FU]; 4];
    let mut h = 0;
    while h < 4 {
        let mut i = 0;
        while i < BELOW_FU {
            t[h][i] = below(h as i32 + 1, 5 * i as i32);
            i += 1;
        }
        h += 1;
    }
    t
};

/// What a hand of `han` and `fu` pays (`yakuman`: the han come from yakuman, so no kazoe cap).
pub(super) fn cost(han: i32, fu: i32, yakuman: bool, h: &RiichiHand, r: &Rules) -> Cost {
    // Han come from at most 65 yaku (26 each at most), paarenchan (78) and the dora kinds (a few
    // dozen): far below 10,000, so every payment below fits an `i32` (6 x 8,000 x 10,000 / 13).
    debug_assert!((0..10_000).contains(&han));
    let mut han = han;
    let (mut kazoe, mut kazoe_sanbaiman) = (false, false);
    if han >= 13 && !yakuman {
        match r.kazoe_limit() {
            KazoeLimit::Yakuman => {
                han = 13;
                kazoe = true;
            }
            KazoeLimit::Sanbaiman => {
                han = 12;
                kazoe_sanbaiman = true;
            }
            KazoeLimit::NoLimit => kazoe = true,
        }
    }
    let (limit, multiple, rounded, double, four, six);
    if han >= 5 {
        let (l, m, base): (Limit, i32, i32) = if han >= 78 {
            let extra = if r.sextuple_limit() {
                0
            } else {
                (han - 78) / 13
            };
            (Limit::Yakuman, 6 + extra, 48_000 + extra * 8_000)
        } else if han >= 13 {
            let m = han / 13;
            (Limit::Yakuman, m, 8_000 * m)
        } else if han >= 11 {
            (Limit::Sanbaiman, 0, 6_000)
        } else if han >= 8 {
            (Limit::Baiman, 0, 4_000)
        } else if han >= 6 {
            (Limit::Haneman, 0, 3_000)
        } else {
            (Limit::Mangan, 0, 2_000)
        };
        limit = match l {
            Limit::Yakuman if kazoe => Limit::KazoeYakuman,
            Limit::Sanbaiman if kazoe_sanbaiman => Limit::KazoeSanbaiman,
            other => other,
        };
        multiple = m;
        rounded = base;
        double = base * 2;
        four = base * 4;
        six = base * 6;
    } else {
        let kiriage = r.kiriage() && ((han == 4 && fu == 30) || (han == 3 && fu == 60));
        // Han 1-4: the four rounded payments by table (fu a multiple of 5 up to the table's
        // end, as every reading's fu is), else computed.
        let i = (fu / 5) as usize;
        let row = match BELOW.get((han - 1) as usize) {
            Some(t) if fu % 5 == 0 && i < BELOW_FU => t[i],
            _ => below(han, fu),
        };
        if kiriage || row.mangan {
            limit = if kiriage {
                Limit::KiriageMangan
            } else {
                Limit::Mangan
            };
            rounded = 2_000;
            double = 4_000;
            four = 8_000;
            six = 12_000;
        } else {
            limit = Limit::None;
            rounded = i32::from(row.pay[0]);
            double = i32::from(row.pay[1]);
            four = i32::from(row.pay[2]);
            six = i32::from(row.pay[3]);
        }
        multiple = 0;
    }
    let honba = h.honba as i32;
    let (main, additional, main_bonus, additional_bonus);
    if h.has(TSUMO) {
        main = double;
        main_bonus = 100 * honba;
        additional_bonus = main_bonus;
        additional = if h.is_dealer() { main } else { rounded };
    } else {
        additional = 0;
        additional_bonus = 0;
        main_bonus = if r.three_player() { 200 } else { 300 } * honba;
        main = if h.is_dealer() { six } else { four };
    }
    let payers = if r.three_player() { 1 } else { 2 };
    let sticks = 1_000 * h.riichi_sticks as i32;
    let total = main + main_bonus + payers * (additional + additional_bonus) + sticks;
    Cost {
        limit,
        multiple: u8::try_from(multiple).unwrap_or(u8::MAX),
        payment: Payment {
            main,
            additional,
            main_bonus,
            additional_bonus,
            sticks_bonus: sticks,
            total,
        },
    }
}

/// Nagashi mangan: 5 han 30 fu paid as a mangan self-draw; the tiles are not read.
pub(super) fn nagashi(h: &RiichiHand, r: &Rules) -> Score {
    let c = cost(5, 30, false, h, r);
    let mut yaku = [0u16; YAKU_SLOTS];
    yaku[NAGASHI_ID] = 5;
    Score {
        han: 5,
        fu: 30,
        yaku,
        fu_parts: [FuPart::EMPTY; MAX_FU_PARTS],
        fu_count: 0,
        limit: Limit::NagashiMangan as u8,
        yakuman_multiple: 0,
        main: c.payment.main,
        additional: c.payment.additional,
        main_bonus: c.payment.main_bonus,
        additional_bonus: c.payment.additional_bonus,
        sticks_bonus: c.payment.sticks_bonus,
        total: c.payment.total,
    }
}
