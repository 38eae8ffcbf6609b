//! Fans of one regular decomposition (four sets and a pair), and the adjustments shared with
//! the special forms (suits, tile traits, number ranges, win flags, exclusions).

pub(crate) use super::exclusions::exclusions;
use super::fans::*;
use super::{
    CHOW, Context, DRAGON_MASK, GREEN_MASK, HONOR_MASK, KONG, PUNG, REVERSIBLE_MASK, SUIT_MASK,
    Set, TABLE_LEN, TERMINAL_MASK, Table, WIN_KONG, WIN_SELF_DRAWN, WIN_WALL_LAST, WIND_MASK, code,
    is_dragon, is_suited, is_terminal, is_wind, rank, total,
};
use crate::tile::TILE_KINDS;

// ----------------------------------------------------------------------------- chows

/// Fan of two chows (lowest tiles `a`, `b`), or 0.
fn two_chows(a: u8, b: u8) -> usize {
    let (ca, cb) = (code(a as usize), code(b as usize));
    if ca >> 4 != cb >> 4 {
        if ca & 15 == cb & 15 {
            return MIXED_DOUBLE_CHOW;
        }
        return 0;
    }
    if ca.abs_diff(cb) == 3 {
        return SHORT_STRAIGHT;
    }
    if ca.abs_diff(cb) == 6 && (ca & 15 == 1 || cb & 15 == 1) {
        return TWO_TERMINAL_CHOWS;
    }
    if ca == cb {
        return PURE_DOUBLE_CHOW;
    }
    0
}

/// Fan of three chows sorted by position, or 0.
fn three_chows(a: u8, b: u8, c: u8) -> usize {
    let (ca, cb, cc) = (code(a as usize), code(b as usize), code(c as usize));
    let (sa, sb, sc) = (ca >> 4, cb >> 4, cc >> 4);
    let (ra, rb, rc) = (ca & 15, cb & 15, cc & 15);
    if sa != sb && sa != sc && sb != sc {
        let mut r = [ra, rb, rc];
        r.sort_unstable();
        if r[0] + 1 == r[1] && r[1] + 1 == r[2] {
            return MIXED_SHIFTED_CHOWS;
        }
        if ra == rb && rb == rc {
            return MIXED_TRIPLE_CHOW;
        }
        if r == [1, 4, 7] {
            return MIXED_STRAIGHT;
        }
        return 0;
    }
    if ca + 3 == cb && cb + 3 == cc {
        return PURE_STRAIGHT;
    }
    if (ca + 2 == cb && cb + 2 == cc) || (ca + 1 == cb && cb + 1 == cc) {
        return PURE_SHIFTED_CHOWS;
    }
    if ca == cb && cb == cc {
        return PURE_TRIPLE_CHOW;
    }
    0
}

/// Trims the two-chow fans of a group to `max` as the reference does: repeated fans go first,
/// 老少副 before 连六 before 喜相逢 before 一般高, first down to one of each, then to none.
fn trim_pair_fans(fans_found: &[usize], max: usize, t: &mut Table) {
    const ORDER: [usize; 4] = [
        PURE_DOUBLE_CHOW,
        MIXED_DOUBLE_CHOW,
        SHORT_STRAIGHT,
        TWO_TERMINAL_CHOWS,
    ];
    let mut n = [0u8; 4];
    let mut total = 0usize;
    for &f in fans_found {
        if f != 0 {
            n[ORDER.iter().position(|&o| o == f).unwrap_or(0)] += 1;
            total += 1;
        }
    }
    for keep in [1u8, 0] {
        for i in (0..4).rev() {
            while total > max && n[i] > keep {
                n[i] -= 1;
                total -= 1;
            }
        }
    }
    for (i, &f) in ORDER.iter().enumerate() {
        t[f] = n[i];
    }
}

fn four_chows_fans(m: &[u8; 4], t: &mut Table) {
    let c: [u8; 4] = m.map(|x| code(x as usize));
    if c[0] + 2 == c[1] && c[1] + 2 == c[2] && c[2] + 2 == c[3] {
        t[FOUR_PURE_SHIFTED_CHOWS] = 1;
        return;
    }
    if c[0] + 1 == c[1] && c[1] + 1 == c[2] && c[2] + 1 == c[3] {
        t[FOUR_PURE_SHIFTED_CHOWS] = 1;
        return;
    }
    if c[0] == c[1] && c[1] == c[2] && c[2] == c[3] {
        t[QUADRUPLE_CHOW] = 1;
        return;
    }
    // A three-chow fan, then the fourth chow may add one two-chow fan.
    for (i, j, k, x) in [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)] {
        let f = three_chows(m[i], m[j], m[k]);
        if f != 0 {
            t[f] = 1;
            let extra = [
                two_chows(m[i], m[x]),
                two_chows(m[j], m[x]),
                two_chows(m[k], m[x]),
            ];
            for want in [
                PURE_DOUBLE_CHOW,
                MIXED_DOUBLE_CHOW,
                SHORT_STRAIGHT,
                TWO_TERMINAL_CHOWS,
            ] {
                if extra.contains(&want) {
                    t[want] = 1;
                    break;
                }
            }
            return;
        }
    }
    let pairs = [
        two_chows(m[0], m[1]),
        two_chows(m[0], m[2]),
        two_chows(m[0], m[3]),
        two_chows(m[1], m[2]),
        two_chows(m[1], m[3]),
        two_chows(m[2], m[3]),
    ];
    // Each chow related to no other lowers the limit of three by one.
    let lonely = |a: usize, b: usize, c: usize| pairs[a] == 0 && pairs[b] == 0 && pairs[c] == 0;
    let mut max = 3i32;
    for (a, b, c) in [(0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)] {
        if lonely(a, b, c) {
            max -= 1;
        }
    }
    if max > 0 {
        trim_pair_fans(&pairs, max as usize, t);
    }
}

fn three_chows_fans(m: &[u8; 3], t: &mut Table) {
    let f = three_chows(m[0], m[1], m[2]);
    if f != 0 {
        t[f] = 1;
        return;
    }
    let pairs = [
        two_chows(m[0], m[1]),
        two_chows(m[0], m[2]),
        two_chows(m[1], m[2]),
    ];
    trim_pair_fans(&pairs, 2, t);
}

/// 三色双龙会: pair of fives; 123 and 789 in each of the two other suits.
fn three_suited_terminal_chows(chows: &[u8; 4], pair: u8) -> bool {
    let pc = code(pair as usize);
    if pc & 15 != 5 || pc >> 4 > 3 {
        return false;
    }
    let mut seen = [[false; 2]; 4];
    for &c in chows {
        let cc = code(c as usize);
        if cc >> 4 == pc >> 4 {
            return false;
        }
        match cc & 15 {
            1 => seen[usize::from(cc >> 4)][0] = true,
            7 => seen[usize::from(cc >> 4)][1] = true,
            _ => return false,
        }
    }
    (1..=3)
        .filter(|&s| s != pc >> 4)
        .all(|s| seen[usize::from(s)] == [true, true])
}

/// 一色双龙会: pair of fives; two 123 and two 789 of the same suit.
fn pure_terminal_chows(chows: &[u8; 4], pair: u8) -> bool {
    let pc = code(pair as usize);
    if pc & 15 != 5 || pc >> 4 > 3 {
        return false;
    }
    let (mut low, mut high) = (0, 0);
    for &c in chows {
        let cc = code(c as usize);
        if cc >> 4 != pc >> 4 {
            return false;
        }
        match cc & 15 {
            1 => low += 1,
            7 => high += 1,
            _ => return false,
        }
    }
    low == 2 && high == 2
}

// ----------------------------------------------------------------------------- pungs

fn is_suited_code(c: u8) -> bool {
    c >> 4 <= 3
}

fn two_pungs(a: u8, b: u8) -> usize {
    let (ca, cb) = (code(a as usize), code(b as usize));
    if is_suited_code(ca) && is_suited_code(cb) {
        if ca & 15 == cb & 15 {
            return DOUBLE_PUNG;
        }
        return 0;
    }
    if is_dragon(a as usize) && is_dragon(b as usize) {
        return TWO_DRAGON_PUNGS;
    }
    0
}

/// Fan of three pungs sorted by position, or 0.
fn three_pungs(a: u8, b: u8, c: u8) -> usize {
    let (ca, cb, cc) = (code(a as usize), code(b as usize), code(c as usize));
    if is_suited_code(ca) && is_suited_code(cb) && is_suited_code(cc) {
        let (sa, sb, sc) = (ca >> 4, cb >> 4, cc >> 4);
        if sa != sb && sa != sc && sb != sc {
            let mut r = [ca & 15, cb & 15, cc & 15];
            r.sort_unstable();
            if r[0] + 1 == r[1] && r[1] + 1 == r[2] {
                return MIXED_SHIFTED_PUNGS;
            }
            if r[0] == r[2] {
                return TRIPLE_PUNG;
            }
        } else if ca + 1 == cb && cb + 1 == cc {
            return PURE_SHIFTED_PUNGS;
        }
        return 0;
    }
    if [a, b, c].iter().all(|&p| is_wind(p as usize)) {
        return BIG_THREE_WINDS;
    }
    if [a, b, c].iter().all(|&p| is_dragon(p as usize)) {
        return BIG_THREE_DRAGONS;
    }
    0
}

fn four_pungs_fans(m: &[u8; 4], t: &mut Table) {
    let c: [u8; 4] = m.map(|x| code(x as usize));
    if is_suited_code(c[0]) && c[0] + 1 == c[1] && c[1] + 1 == c[2] && c[2] + 1 == c[3] {
        t[FOUR_PURE_SHIFTED_PUNGS] = 1;
        return;
    }
    if m.iter().all(|&p| is_wind(p as usize)) {
        t[BIG_FOUR_WINDS] = 1;
        return;
    }
    for (i, j, k, x) in [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)] {
        let f = three_pungs(m[i], m[j], m[k]);
        if f != 0 {
            t[f] = 1;
            // The fourth pung combines once, with the first of the others that fits.
            for y in [0, 1, 2, 3] {
                if y == x {
                    continue;
                }
                let g = two_pungs(m[y], m[x]);
                if g != 0 {
                    t[g] += 1;
                    break;
                }
            }
            return;
        }
    }
    for (a, b) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
        let g = two_pungs(m[a], m[b]);
        if g != 0 {
            t[g] += 1;
        }
    }
}

fn three_pungs_fans(m: &[u8; 3], t: &mut Table) {
    let f = three_pungs(m[0], m[1], m[2]);
    if f != 0 {
        t[f] = 1;
        return;
    }
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        let g = two_pungs(m[a], m[b]);
        if g != 0 {
            t[g] += 1;
        }
    }
}

/// Kong and concealed-pung fans from the numbers of concealed pungs, melded and concealed kongs.
fn kong_fans(cp: i32, mk: i32, ck: i32, t: &mut Table) {
    let concealed = |n: i32, t: &mut Table| match n {
        2 => t[TWO_CONCEALED_PUNGS] = 1,
        3 => t[THREE_CONCEALED_PUNGS] = 1,
        4 => t[FOUR_CONCEALED_PUNGS] = 1,
        _ => {}
    };
    match (mk + ck, ck) {
        (0, _) => concealed(cp, t),
        (1, 0) => {
            t[MELDED_KONG] = 1;
            if cp <= 3 {
                concealed(cp, t);
            }
        }
        (1, _) => {
            t[CONCEALED_KONG] = 1;
            concealed(cp + 1, t);
        }
        (2, 0) => {
            t[TWO_MELDED_KONGS] = 1;
            if cp == 2 {
                t[TWO_CONCEALED_PUNGS] = 1;
            }
        }
        (2, 1) => {
            t[CONCEALED_KONG_AND_MELDED_KONG] = 1;
            if cp <= 2 {
                concealed(cp + 1, t);
            }
        }
        (2, _) => {
            t[TWO_CONCEALED_KONGS] = 1;
            if cp >= 1 {
                concealed(cp + 2, t);
            }
        }
        (3, ck) => {
            t[THREE_KONGS] = 1;
            match ck {
                1 if cp > 0 => t[TWO_CONCEALED_PUNGS] = 1,
                2 => concealed(2 + cp.min(1), t),
                3 => concealed(3 + cp.min(1), t),
                _ => {}
            }
        }
        (_, ck) => {
            t[FOUR_KONGS] = 1;
            if ck >= 2 {
                concealed(ck, t);
            }
        }
    }
}

// ----------------------------------------------------------------------------- shared

/// 和绝张, 妙手回春, 海底捞月, 杠上开花, 抢杠和 and 自摸 from the (normalised) flags.
pub(crate) fn win_flag_fans(flags: u32, t: &mut Table) {
    if flags & super::WIN_LAST_COPY != 0 {
        t[LAST_TILE] = 1;
    }
    if flags & WIN_SELF_DRAWN != 0 {
        t[SELF_DRAWN] = 1;
        if flags & WIN_WALL_LAST != 0 {
            t[LAST_TILE_DRAW] = 1;
            t[SELF_DRAWN] = 0;
        }
        if flags & WIN_KONG != 0 {
            t[OUT_WITH_REPLACEMENT_TILE] = 1;
            t[SELF_DRAWN] = 0;
        }
    } else {
        if flags & WIN_WALL_LAST != 0 {
            t[LAST_TILE_CLAIM] = 1;
        }
        if flags & WIN_KONG != 0 {
            t[ROBBING_THE_KONG] = 1;
            t[LAST_TILE] = 0;
        }
    }
}

/// 无字, 缺一门, 混一色, 清一色, 五门齐 from the kinds present.
pub(crate) fn suit_fans(present: u64, t: &mut Table) {
    let honors = present & HONOR_MASK != 0;
    if !honors {
        t[NO_HONORS] = 1;
    }
    let voided = SUIT_MASK.iter().filter(|&&m| present & m == 0).count() as u8;
    t[ONE_VOIDED_SUIT] += voided;
    if t[ONE_VOIDED_SUIT] == 2 {
        t[ONE_VOIDED_SUIT] = 0;
        if t[NO_HONORS] == 0 {
            t[HALF_FLUSH] = 1;
        } else {
            t[FULL_FLUSH] = 1;
            t[NO_HONORS] = 0;
        }
    }
    if voided == 0 && present & WIND_MASK != 0 && present & DRAGON_MASK != 0 {
        t[ALL_TYPES] = 1;
    }
}

/// 断幺, 推不倒, 绿一色, 字一色, 清幺九, 混幺九 from the kinds present.
pub(crate) fn tile_trait_fans(present: u64, t: &mut Table) {
    let outside = TERMINAL_MASK | HONOR_MASK;
    if present & outside == 0 {
        t[ALL_SIMPLES] = 1;
    }
    if present & !REVERSIBLE_MASK == 0 {
        t[REVERSIBLE_TILES] = 1;
    }
    if present & !GREEN_MASK == 0 {
        t[ALL_GREEN] = 1;
    }
    if t[ALL_SIMPLES] != 0 {
        return;
    }
    if present & !HONOR_MASK == 0 {
        t[ALL_HONORS] = 1;
    } else if present & !TERMINAL_MASK == 0 {
        t[ALL_TERMINALS] = 1;
    } else if present & !outside == 0 {
        t[ALL_TERMINALS_AND_HONORS] = 1;
    }
}

/// 大于五, 小于五, 全大, 全中, 全小 from the numbers present (only without honours).
pub(crate) fn range_fans(present: u64, t: &mut Table) {
    if present & HONOR_MASK != 0 {
        return;
    }
    let mut ranks = 0u16;
    for (s, &m) in SUIT_MASK.iter().enumerate() {
        ranks |= (((present & m) >> (9 * s)) as u16) << 1;
    }
    // bit r set when rank r is present (r = 1..=9)
    if ranks & !0b1_1110 == 0 {
        t[if ranks & (1 << 4) != 0 {
            LOWER_FOUR
        } else {
            LOWER_TILES
        }] = 1;
        return;
    }
    if ranks & !0b11_1100_0000 == 0 {
        t[if ranks & (1 << 6) != 0 {
            UPPER_FOUR
        } else {
            UPPER_TILES
        }] = 1;
        return;
    }
    if ranks & !0b111_0000 == 0 {
        t[MIDDLE_TILES] = 1;
    }
}

/// 圈风刻 / 门风刻 for a wind pung; the pung stops being a 幺九刻 unless a bigger wind or
/// terminal fan already removed those.
pub(crate) fn wind_fans(ctx: &Context, p: usize, t: &mut Table) {
    let deducted = t[BIG_THREE_WINDS] != 0
        || t[ALL_TERMINALS_AND_HONORS] != 0
        || t[ALL_HONORS] != 0
        || t[LITTLE_FOUR_WINDS] != 0;
    if p == ctx.prevalent {
        t[PREVALENT_WIND] = 1;
        if !deducted {
            t[PUNG_OF_TERMINALS_OR_HONORS] -= 1;
        }
    }
    if p == ctx.seat {
        t[SEAT_WIND] = 1;
        if ctx.seat != ctx.prevalent && !deducted {
            t[PUNG_OF_TERMINALS_OR_HONORS] -= 1;
        }
    }
}

/// Edge, closed or single wait, read from the concealed sets (only for a unique wait).
pub(crate) fn wait_fans(concealed: &[Set], pair: u8, win: usize, t: &mut Table) {
    if t[MELDED_HAND] != 0 || t[FOUR_KONGS] != 0 {
        return;
    }
    let (mut edge, mut closed) = (false, false);
    for s in concealed {
        if s.kind == CHOW {
            let first = usize::from(s.tile);
            if win == first + 1 {
                closed = true;
            } else if win == first || win == first + 2 {
                edge = true;
            }
        }
    }
    if edge {
        t[EDGE_WAIT] = 1;
    } else if closed {
        t[CLOSED_WAIT] = 1;
    } else if usize::from(pair) == win {
        t[SINGLE_WAIT] = 1;
    }
}

/// Number of kinds of which all four copies are used, hand and melds together.
pub(crate) fn fours(ctx: &Context) -> u8 {
    ctx.fours
}

// ----------------------------------------------------------------------------- division

/// Group traits for 全带幺 / 全带五 / 全双刻: a terminal or honour in the group, a five in it,
/// an even pung (or pair).
const OUTSIDE: u8 = 1;
const FIVE: u8 = 2;
const EVEN: u8 = 4;

/// Traits of a group by `[is chow][tile]` (lowest tile of a chow; a pung, kong or the pair
/// otherwise). The whole hand has a trait when all five groups have it.
const GROUP_TRAITS: [[u8; TILE_KINDS]; 2] = {
    let mut t = [[0u8; TILE_KINDS]; 2];
    let mut p = 0;
    while p < TILE_KINDS {
        if !is_suited(p) {
            t[0][p] = OUTSIDE;
            t[1][p] = OUTSIDE;
        } else {
            let r = rank(p);
            t[1][p] = match r {
                1 | 7 => OUTSIDE,
                3..=5 => FIVE,
                _ => 0,
            };
            t[0][p] = match r {
                1 | 9 => OUTSIDE,
                5 => FIVE,
                2 | 4 | 6 | 8 => EVEN,
                _ => 0,
            };
        }
        p += 1;
    }
    t
};

/// The fans that depend only on the hand, not on how it is decomposed: win flags, concealed /
/// melded hand, suits (无字 ... 五门齐), tile traits (断幺 ... 混幺九), number ranges, and
/// 四归一. [`score_division`] starts from this table; none of the fans it adds itself is set
/// here, so the result is the same as adding these in the middle of its work.
pub(crate) fn hand_fans(ctx: &Context) -> Table {
    let mut t: Table = [0; TABLE_LEN];
    let self_drawn = ctx.flags & WIN_SELF_DRAWN != 0;
    win_flag_fans(ctx.flags, &mut t);
    // Concealed hand / fully concealed / melded hand.
    let fixed = &ctx.fixed[..ctx.fixed_n];
    match fixed.iter().filter(|s| s.melded).count() {
        0 => {
            t[if self_drawn {
                FULLY_CONCEALED_HAND
            } else {
                CONCEALED_HAND
            }] = 1
        }
        4 => t[if self_drawn { SELF_DRAWN } else { MELDED_HAND }] = 1,
        _ => {
            if self_drawn {
                t[SELF_DRAWN] = 1;
            }
        }
    }
    suit_fans(ctx.present, &mut t);
    tile_trait_fans(ctx.present, &mut t);
    range_fans(ctx.present, &mut t);
    // 四归一: all four copies used, not as a kong (kongs are always declared melds). A
    // decomposition with 一色四同顺 drops it.
    let kongs = fixed.iter().filter(|s| s.kind == KONG).count() as u8;
    t[TILE_HOG] = fours(ctx) - kongs;
    t
}

/// Fans of one decomposition, `sets` (declared melds first) and `pair`, written to `out`, and
/// their total; `base` is [`hand_fans`] of the hand. With `BOUND` (the planner's filter), a
/// total no decomposition's score with any winning tile exceeds: the winning tile's pung is
/// not demoted to melded, and the wait fans count one more point (without testing the wait).
pub(crate) fn score_division<const BOUND: bool>(
    ctx: &Context,
    base: &Table,
    sets: &[Set; 4],
    pair: u8,
    unique: &dyn Fn() -> bool,
    out: &mut Table,
) -> i32 {
    *out = *base;
    let t = out;
    let mut chows = [0u8; 4];
    let mut pungs = [0u8; 4];
    let (mut nc, mut np) = (0, 0);
    let (mut cp, mut mk, mut ck) = (0i32, 0i32, 0i32);
    let self_drawn = ctx.flags & WIN_SELF_DRAWN != 0;
    let w = ctx.win as u8;
    // The winning tile in a concealed chow; concealed pungs of the winning tile.
    let (mut win_in_chow, mut win_pungs) = (false, 0i32);
    // Wait fans need the winning tile in a concealed chow or the pair, and a unique wait. A
    // concealed chow won at an end that could shift outwards (45 + 3 -> also 6) proves two
    // waits, without the full test.
    let mut two_sided = false;
    for (i, s) in sets.iter().enumerate() {
        let concealed = i >= ctx.fixed_n;
        match s.kind {
            CHOW => {
                chows[nc] = s.tile;
                nc += 1;
                if concealed && w.wrapping_sub(s.tile) < 3 {
                    win_in_chow = true;
                    let first = usize::from(s.tile);
                    two_sided |=
                        (w == s.tile && rank(first) < 7) || (w == s.tile + 2 && rank(first) > 1);
                }
            }
            PUNG => {
                pungs[np] = s.tile;
                np += 1;
                if !s.melded {
                    cp += 1;
                    win_pungs += i32::from(s.tile == w);
                }
            }
            _ => {
                pungs[np] = s.tile;
                np += 1;
                if s.melded {
                    mk += 1;
                } else {
                    ck += 1;
                    win_pungs += i32::from(s.tile == w);
                }
            }
        }
    }

    // On a discard, a concealed pung of the winning tile counts as melded unless the winning
    // tile can be read as part of a concealed chow.
    if !BOUND && !self_drawn && !win_in_chow {
        cp -= win_pungs;
    }

    if np != 0 {
        kong_fans(cp, mk, ck, t);
        if np == 4 && t[FOUR_KONGS] == 0 && t[FOUR_CONCEALED_PUNGS] == 0 {
            t[ALL_PUNGS] = 1;
        }
        for &p in &pungs[..np] {
            let p = usize::from(p);
            if is_dragon(p) {
                t[DRAGON_PUNG] += 1;
            } else if is_terminal(p) || is_wind(p) {
                t[PUNG_OF_TERMINALS_OR_HONORS] += 1;
            }
        }
    }

    match nc {
        4 => {
            if three_suited_terminal_chows(&chows, pair) {
                t[THREE_SUITED_TERMINAL_CHOWS] = 1;
            } else if pure_terminal_chows(&chows, pair) {
                t[PURE_TERMINAL_CHOWS] = 1;
            } else {
                chows.sort_unstable();
                four_chows_fans(&chows, t);
            }
        }
        3 => {
            let mut m = [chows[0], chows[1], chows[2]];
            m.sort_unstable();
            three_chows_fans(&m, t);
        }
        2 => {
            let f = two_chows(chows[0], chows[1]);
            if f != 0 {
                t[f] += 1;
            }
            let g = two_pungs(pungs[0], pungs[1]);
            if g != 0 {
                t[g] += 1;
            }
        }
        1 => {
            let mut m = [pungs[0], pungs[1], pungs[2]];
            m.sort_unstable();
            three_pungs_fans(&m, t);
        }
        _ => {
            pungs.sort_unstable();
            four_pungs_fans(&pungs, t);
        }
    }

    // The pair: 平和, 小三元, 小四喜.
    let pr = usize::from(pair);
    if nc == 4 {
        if is_suited(pr) {
            t[ALL_CHOWS] = 1;
        }
    } else if t[TWO_DRAGON_PUNGS] != 0 {
        if is_dragon(pr) {
            t[LITTLE_THREE_DRAGONS] = 1;
            t[TWO_DRAGON_PUNGS] = 0;
        }
    } else if t[BIG_THREE_WINDS] != 0 && is_wind(pr) {
        t[LITTLE_FOUR_WINDS] = 1;
        t[BIG_THREE_WINDS] = 0;
    }

    // Every set and the pair: 全带幺, 全带五, 全双刻.
    let mut traits = GROUP_TRAITS[0][usize::from(pair)];
    for s in sets {
        traits &= GROUP_TRAITS[usize::from(s.kind == CHOW)][usize::from(s.tile)];
    }
    let (outside, five, even) = (
        traits & OUTSIDE != 0,
        traits & FIVE != 0,
        traits & EVEN != 0,
    );
    if outside {
        t[OUTSIDE_HAND] = 1;
    } else if five {
        t[ALL_FIVE] = 1;
    } else if even {
        t[ALL_EVEN_PUNGS] = 1;
    }

    if t[QUADRUPLE_CHOW] != 0 {
        t[TILE_HOG] = 0;
    }
    let could_wait = win_in_chow || usize::from(pair) == ctx.win;
    // (wait_fans adds nothing to a melded hand or four kongs: no need to test the wait then.)
    if !BOUND && could_wait && !two_sided && t[MELDED_HAND] == 0 && t[FOUR_KONGS] == 0 && unique() {
        wait_fans(&sets[ctx.fixed_n..], pair, ctx.win, t);
    }
    exclusions(t);
    if t[BIG_FOUR_WINDS] == 0 {
        for &p in &pungs[..np] {
            if is_wind(usize::from(p)) {
                wind_fans(ctx, usize::from(p), t);
            }
        }
    }
    // No fan at all (every fan is worth points): 无番和.
    let v = total(t);
    if v == 0 {
        t[CHICKEN_HAND] = 1;
        return i32::from(POINTS[CHICKEN_HAND]);
    }
    if BOUND {
        // A discard win on a concealed pung's tile demotes it: when the concealed-pung fans
        // are all the hand has, some winning tile may leave no fan at all, which is 无番和.
        let pungs =
            v - 2 * i32::from(t[TWO_CONCEALED_PUNGS]) - 16 * i32::from(t[THREE_CONCEALED_PUNGS]);
        if t[FOUR_CONCEALED_PUNGS] == 0 && pungs == 0 {
            return (v + 1).max(i32::from(POINTS[CHICKEN_HAND]));
        }
        v + 1
    } else {
        v
    }
}
