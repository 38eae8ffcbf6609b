//! The special forms: seven pairs (连七对), 全不靠 / 七星不靠, thirteen orphans, 组合龙 with a set
//! and a pair, 九莲宝灯.

use super::fans::*;
use super::regular::{
    exclusions, range_fans, suit_fans, tile_trait_fans, wait_fans, win_flag_fans, wind_fans,
};
use super::wait::{Wide, unique_after_removing_4, unique_completion};
use super::{
    CHOW, Context, HONOR_MASK, KONG, PUNG, SUIT_MASK, Set, TERMINAL_MASK, Table, WIN_SELF_DRAWN,
    is_dragon, is_suited, is_terminal, is_wind, rank,
};
use crate::tile::TILE_KINDS;

/// The six knitted straights (147, 258, 369 spread over the three suits) as kind masks: the
/// families of [`crate::win::knitted`], in the same order.
pub(crate) const KNITTED: [u64; 6] = crate::win::knitted::FAMILIES;

const ORPHANS: u64 = TERMINAL_MASK | HONOR_MASK;

/// Seven pairs (a four of a kind counts as two) or 连七对.
pub(crate) fn seven_pairs(ctx: &Context, t: &mut Table) -> bool {
    let c = &ctx.standing;
    if ctx.any_odd {
        return false; // an odd count
    }
    if is_suited(ctx.win) {
        let base = ctx.win / 9 * 9;
        let pair = |r: usize| c[base + r - 1] == 2;
        let shifted =
            (3..=7).all(pair) && ((pair(2) && (pair(1) || pair(8))) || (pair(8) && pair(9)));
        if shifted {
            t[SEVEN_SHIFTED_PAIRS] = 1;
            if c[base] == 0 && c[base + 8] == 0 {
                t[ALL_SIMPLES] = 1;
            }
            win_flag_fans(ctx.flags, t);
            return true;
        }
    }
    t[SEVEN_PAIRS] = 1;
    suit_fans(ctx.present, t);
    tile_trait_fans(ctx.present, t);
    range_fans(ctx.present, t);
    t[TILE_HOG] = ctx.concealed_fours;
    win_flag_fans(ctx.flags, t);
    exclusions(t);
    true
}

/// 全不靠 (with 组合龙 when all nine knitted tiles are there) or 七星不靠.
pub(crate) fn honors_and_knitted(ctx: &Context, t: &mut Table) -> bool {
    // Fourteen different kinds: no kind twice (cheap to test first), fourteen kinds present.
    if ctx.any_pair || ctx.present.count_ones() != 14 {
        return false;
    }
    let suited = ctx.present & !HONOR_MASK;
    let n = suited.count_ones();
    if !(7..=9).contains(&n) || !KNITTED.iter().any(|&k| suited & !k == 0) {
        return false;
    }
    if n == 7 {
        t[GREATER_HONORS_AND_KNITTED] = 1;
    } else {
        t[LESSER_HONORS_AND_KNITTED] = 1;
        if n == 9 {
            t[KNITTED_STRAIGHT] = 1;
        }
    }
    win_flag_fans(ctx.flags, t);
    true
}

/// 十三幺.
pub(crate) fn thirteen_orphans(ctx: &Context, t: &mut Table) -> bool {
    if ctx.present != ORPHANS {
        return false;
    }
    t[THIRTEEN_ORPHANS] = 1;
    win_flag_fans(ctx.flags, t);
    true
}

/// 组合龙 + one set + a pair; the set may be the one declared meld.
pub(crate) fn knitted_straight(ctx: &Context, t: &mut Table) -> bool {
    let c = &ctx.standing;
    if !ctx.any_pair {
        return false;
    }
    let Some(&fam) = KNITTED.iter().find(|&&k| ctx.standing_mask & k == k) else {
        return false;
    };
    let mut rest = *c;
    for (p, r) in rest.iter_mut().enumerate().take(27) {
        if fam & (1 << p) != 0 {
            *r -= 1;
        }
    }
    // The one decomposition of the rest (exactly one is required).
    let (set, pair) = if ctx.fixed_n == 1 {
        let Some(pair) = only_pair(&rest) else {
            return false;
        };
        (ctx.fixed[0], pair)
    } else {
        let mut found = None;
        let mut n = 0;
        for p in 0..TILE_KINDS {
            if rest[p] >= 3 {
                let mut r = rest;
                r[p] -= 3;
                if let Some(pr) = only_pair(&r) {
                    found = Some((PUNG, p, pr));
                    n += 1;
                }
            }
            if is_suited(p) && rank(p) <= 7 && rest[p] != 0 && rest[p + 1] != 0 && rest[p + 2] != 0
            {
                let mut r = rest;
                r[p] -= 1;
                r[p + 1] -= 1;
                r[p + 2] -= 1;
                if let Some(pr) = only_pair(&r) {
                    found = Some((CHOW, p, pr));
                    n += 1;
                }
            }
        }
        if n != 1 {
            return false;
        }
        let Some((kind, p, pr)) = found else {
            return false;
        };
        (
            Set {
                kind,
                tile: p as u8,
                melded: false,
            },
            pr,
        )
    };

    t[KNITTED_STRAIGHT] = 1;
    let pr = usize::from(pair);
    let tile = usize::from(set.tile);
    let all = |p: usize| ctx.melds_of(p) + c[p];
    if set.kind == CHOW {
        if is_suited(pr) {
            t[ALL_CHOWS] = 1;
        }
        if all(pr) == 4 {
            t[TILE_HOG] = 1;
        }
    } else if !is_suited(tile) {
        if is_wind(tile) {
            t[PUNG_OF_TERMINALS_OR_HONORS] = 1;
            wind_fans(ctx, tile, t);
            if is_dragon(pr) {
                t[ALL_TYPES] = 1;
            }
        } else {
            t[DRAGON_PUNG] = 1;
            if is_wind(pr) {
                t[ALL_TYPES] = 1;
            }
        }
    } else {
        if is_terminal(tile) {
            t[PUNG_OF_TERMINALS_OR_HONORS] = 1;
        }
        if is_suited(pr) {
            t[NO_HONORS] = 1;
        }
        if set.kind != KONG && all(tile) == 4 {
            t[TILE_HOG] = 1;
        }
    }
    win_flag_fans(ctx.flags, t);
    if set.melded {
        if set.kind == KONG {
            t[MELDED_KONG] = 1;
        }
    } else {
        if set.kind == KONG {
            t[CONCEALED_KONG] = 1;
        }
        if ctx.flags & WIN_SELF_DRAWN != 0 {
            t[FULLY_CONCEALED_HAND] = 1;
            t[SELF_DRAWN] = 0;
        } else {
            t[CONCEALED_HAND] = 1;
        }
    }
    if ctx.fixed_n == 0 {
        let unique = if rest[ctx.win] != 0 {
            let mut r = rest;
            r[ctx.win] -= 1;
            unique_completion(&r)
        } else {
            // The winning tile was taken as a knitted tile: the reference's search then runs on
            // a wrapped count; reproduce it.
            let mut wide: Wide = [0; TILE_KINDS];
            for (w, &r) in wide.iter_mut().zip(rest.iter()) {
                *w = u16::from(r);
            }
            unique_after_removing_4(&mut wide, ctx.win)
        };
        if unique {
            wait_fans(&[set], pair, ctx.win, t);
        }
    } else if fam & (1 << ctx.win) == 0 || c[ctx.win] == 3 {
        // With a declared meld the wait is the pair: outside the knitted tiles, or a knitted
        // tile held three times (one knitted, two as the pair).
        t[SINGLE_WAIT] = 1;
    }
    exclusions(t);
    true
}

/// The pair, when `r` is exactly one pair.
fn only_pair(r: &[u8; TILE_KINDS]) -> Option<u8> {
    let p = r.iter().position(|&n| n != 0)?;
    (r[p] == 2 && r[p + 1..].iter().all(|&n| n == 0)).then_some(p as u8)
}

/// 九莲宝灯: 1112345678999 of one suit plus the winning tile of that suit.
pub(crate) fn nine_gates(ctx: &Context, t: &mut Table) -> bool {
    if !is_suited(ctx.win) {
        return false;
    }
    let base = ctx.win / 9 * 9;
    let c = &ctx.standing;
    if ctx.present & !SUIT_MASK[ctx.win / 9] != 0 {
        return false;
    }
    let r = rank(ctx.win);
    let want = |k: usize| -> u8 {
        let gate = if k == 1 || k == 9 { 3 } else { 1 };
        gate + u8::from(k == r)
    };
    if (1..=9).any(|k| c[base + k - 1] != want(k)) {
        return false;
    }
    t[NINE_GATES] = 1;
    match r {
        1 | 9 => {
            t[PURE_STRAIGHT] = 1;
            t[TILE_HOG] = 1;
        }
        2 | 8 => {
            t[TWO_CONCEALED_PUNGS] = 1;
            t[SHORT_STRAIGHT] = 1;
            t[PUNG_OF_TERMINALS_OR_HONORS] = 1;
        }
        5 => {
            t[TWO_CONCEALED_PUNGS] = 1;
            t[PUNG_OF_TERMINALS_OR_HONORS] = 1;
        }
        _ => t[SHORT_STRAIGHT] = 1,
    }
    win_flag_fans(ctx.flags, t);
    true
}
