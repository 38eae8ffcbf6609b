//! 牌組整理 (tile organisation, choice 4 of [`super`]): the complete sets and the pair taken out
//! of a hand by the decomposition with the highest block value, and the per-suit table of
//! partial blocks it reads.

use crate::tile::{Counts, TILE_KINDS};

/// Most sets one tile group can hold (17 tiles).
const GROUP_SETS: usize = 6;

/// One group's best way to hold a number of sets: partial blocks and the tiles left.
#[derive(Debug, Clone, Copy)]
struct GroupOpt {
    partials: i8,
    left: [u8; 9],
}

/// Per group: for (pair taken 0/1, sets 0..6) the option with the most partial blocks.
struct GroupBest {
    opt: [[Option<GroupOpt>; GROUP_SETS]; 2],
}

/// 牌組整理: the tiles left after removing the complete sets and the pair of the
/// decomposition with the best block value (module doc, choice 4). `sets_needed` is the
/// number of sets the concealed tiles still need (total / 3).
pub fn organise(c: &Counts, sets_needed: usize) -> Counts {
    let groups: [(usize, usize, bool); 4] =
        [(0, 9, true), (9, 9, true), (18, 9, true), (27, 7, false)];
    let mut best = [const {
        GroupBest {
            opt: [[None; GROUP_SETS]; 2],
        }
    }; 4];
    for (g, &(start, len, chows)) in groups.iter().enumerate() {
        let mut gc = [0u8; 9];
        gc[..len].copy_from_slice(&c[start..start + len]);
        enum_sets(&mut gc, len, chows, 0, 0, &mut best[g]);
    }
    // DP over the groups: state (pair taken, sets) -> most partial blocks, with the options.
    type State = Option<(i32, [(u8, u8); 4])>;
    let mut dp: [[State; GROUP_SETS]; 2] = [[None; GROUP_SETS]; 2];
    dp[0][0] = Some((0, [(0, 0); 4]));
    for (g, gb) in best.iter().enumerate() {
        let mut next: [[State; GROUP_SETS]; 2] = [[None; GROUP_SETS]; 2];
        for e in 0..2 {
            for m in 0..GROUP_SETS {
                let Some((p, choice)) = dp[e][m] else {
                    continue;
                };
                for ge in 0..2 - e {
                    for gm in 0..GROUP_SETS - m {
                        let Some(o) = gb.opt[ge][gm] else { continue };
                        let np = p + i32::from(o.partials);
                        let slot = &mut next[e + ge][m + gm];
                        if slot.is_none_or(|(q, _)| np > q) {
                            let mut ch = choice;
                            ch[g] = (ge as u8, gm as u8);
                            *slot = Some((np, ch));
                        }
                    }
                }
            }
        }
        dp = next;
    }
    // (value, sets, pair, partial blocks) and the per-group choice.
    type Pick = ((i32, usize, usize, i32), [(u8, u8); 4]);
    let mut pick: Option<Pick> = None;
    for m in (0..GROUP_SETS).rev() {
        if m > sets_needed {
            continue;
        }
        for e in (0..2).rev() {
            let Some((p, ch)) = dp[e][m] else { continue };
            let value = 2 * m as i32 + p.min((sets_needed - m) as i32) + e as i32;
            let key = (value, m, e, p);
            if pick.is_none_or(|(k, _)| key > k) {
                pick = Some((key, ch));
            }
        }
    }
    let mut left = [0u8; TILE_KINDS];
    match pick {
        Some((_, ch)) => {
            for (g, &(start, len, _)) in groups.iter().enumerate() {
                let (e, m) = ch[g];
                if let Some(mut o) = best[g].opt[usize::from(e)][usize::from(m)] {
                    if e == 1 {
                        remove_eye(&mut o.left, len, groups[g].2, o.partials);
                    }
                    left[start..start + len].copy_from_slice(&o.left[..len]);
                }
            }
        }
        None => left = *c,
    }
    left
}

/// Enumerates the ways to take complete sets (pungs, and chows when `chows`) out of a group,
/// recording each leftover in `best`.
fn enum_sets(c: &mut [u8; 9], len: usize, chows: bool, i: usize, m: usize, best: &mut GroupBest) {
    if i >= len {
        record(c, len, chows, m, best);
        return;
    }
    if c[i] == 0 {
        enum_sets(c, len, chows, i + 1, m, best);
        return;
    }
    let pungs = if c[i] >= 3 { 1 } else { 0 };
    for pung in 0..=pungs {
        c[i] -= 3 * pung;
        let most = if chows && i + 2 < len {
            c[i].min(c[i + 1]).min(c[i + 2])
        } else {
            0
        };
        for ch in 0..=most {
            if ch > 0 {
                c[i] -= ch;
                c[i + 1] -= ch;
                c[i + 2] -= ch;
            }
            let sets = m + usize::from(pung) + usize::from(ch);
            if sets < GROUP_SETS {
                enum_sets(c, len, chows, i + 1, sets, best);
            }
            if ch > 0 {
                c[i] += ch;
                c[i + 1] += ch;
                c[i + 2] += ch;
            }
        }
        c[i] += 3 * pung;
    }
}

/// Records a group leftover with `m` sets: without a pair taken, and with each pair taken.
fn record(c: &[u8; 9], len: usize, chows: bool, m: usize, best: &mut GroupBest) {
    let (p0, p1) = max_blocks(c, len, chows);
    for (e, p) in [(0, p0), (1, p1)] {
        let slot = &mut best.opt[e][m];
        if p >= 0 && slot.is_none_or(|o| p > o.partials) {
            *slot = Some(GroupOpt {
                partials: p,
                left: *c,
            });
        }
    }
}

/// Removes from `left` the pair that leaves `partials` partial blocks (the eye of an option
/// recorded with a pair taken): the lowest such kind.
fn remove_eye(left: &mut [u8; 9], len: usize, chows: bool, partials: i8) {
    for k in 0..len {
        if left[k] >= 2 {
            left[k] -= 2;
            if max_blocks(left, len, chows).0 == partials {
                return;
            }
            left[k] += 2;
        }
    }
}

/// Most disjoint partial blocks (pair, two adjacent, two with a gap) in a group: with no
/// pair taken out, and with one pair taken out as the eye (-1 when the group has no pair).
/// A suit with at most two of each number (almost every leftover) is looked up in
/// [`SUIT_BLOCKS`]; others run the DP.
pub(super) fn max_blocks(c: &[u8; 9], len: usize, chows: bool) -> (i8, i8) {
    if !chows {
        let pairs: i8 = c[..len].iter().map(|&x| (x / 2) as i8).sum();
        return (pairs, pairs - 1);
    }
    if len == 9 && c.iter().all(|&x| x <= 2) {
        let key = c.iter().rev().fold(0usize, |k, &x| k * 3 + usize::from(x));
        return SUIT_BLOCKS[key];
    }
    blocks_dp(c, len)
}

/// [`max_blocks`] of every suit with at most two of each number, indexed by the base-3 number
/// of the counts (1 in the lowest digit): 3^9 = 19,683 DP runs, a few milliseconds on first use.
pub(super) static SUIT_BLOCKS: once_cell::sync::Lazy<Vec<(i8, i8)>> =
    once_cell::sync::Lazy::new(|| {
        (0..3usize.pow(9))
            .map(|key| {
                let c: [u8; 9] = std::array::from_fn(|i| (key / 3usize.pow(i as u32) % 3) as u8);
                blocks_dp(&c, 9)
            })
            .collect()
    });

/// [`max_blocks`] of a suit by the memoised DP of [`blocks_from`].
fn blocks_dp(c: &[u8; 9], len: usize) -> (i8, i8) {
    let mut memo = [[[(-1i8, -1i8); 5]; 5]; 9];
    blocks_from(c, len, 0, c[0], if len > 1 { c[1] } else { 0 }, &mut memo)
}

/// [`max_blocks`] from position `i`, with `a` copies left at `i` and `b` at `i + 1`: every
/// choice of an eye at `i`, pairs at `i`, blocks with `i + 1` and with `i + 2` (unused copies
/// are dropped), memoised on (`i`, `a`, `b`).
fn blocks_from(
    c: &[u8; 9],
    len: usize,
    i: usize,
    a: u8,
    b: u8,
    memo: &mut [[[(i8, i8); 5]; 5]; 9],
) -> (i8, i8) {
    if i >= len {
        return (0, -1);
    }
    let (ai, bi) = (usize::from(a.min(4)), usize::from(b.min(4)));
    if memo[i][ai][bi].0 >= 0 {
        return memo[i][ai][bi];
    }
    let c2 = if i + 2 < len { c[i + 2] } else { 0 };
    let (mut no_eye, mut with_eye) = (0i8, -1i8);
    for eye in 0..=u8::from(a >= 2) {
        let a = a - 2 * eye;
        for p in 0..=a / 2 {
            let r = a - 2 * p;
            for x in 0..=r.min(b) {
                for y in 0..=(r - x).min(c2) {
                    let (n0, n1) = blocks_from(c, len, i + 1, b - x, c2 - y, memo);
                    let here = (p + x + y) as i8;
                    if eye == 1 {
                        with_eye = with_eye.max(here + n0);
                    } else {
                        no_eye = no_eye.max(here + n0);
                        if n1 >= 0 {
                            with_eye = with_eye.max(here + n1);
                        }
                    }
                }
            }
        }
    }
    memo[i][ai][bi] = (no_eye, with_eye);
    (no_eye, with_eye)
}
