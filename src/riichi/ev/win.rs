//! The value of a self-drawn win: its total payment from the riichi scorer, with ura dora in
//! expectation over the pool when the hand has riichi.

use super::EV_URA;
use super::graph::{Problem, State, TILES, kind_of};
use crate::error::Error;
use crate::riichi::{RIICHI, TSUMO, score, score_ladder};
use crate::tile::TILE_KINDS;

/// Kind shown as dora by indicator kind `k` (1m shows 9m in three-player).
#[inline(always)]
pub(super) const fn dora_of(k: usize, three_player: bool) -> usize {
    if k < 27 {
        if three_player && k == 0 {
            8
        } else {
            k / 9 * 9 + (k % 9 + 1) % 9
        }
    } else if k <= 30 {
        27 + (k - 27 + 1) % 4
    } else {
        31 + (k - 31 + 1) % 3
    }
}

/// Expected points of winning by self-draw on tile `t` with the complete concealed hand `st`
/// (the draw included), the pool being `pool`; 0 when the hand has no yaku.
#[inline(never)]
pub(super) fn value(p: &Problem, st: &State, t: usize, pool: &[u8; TILES]) -> f64 {
    let mut h = p.template;
    h.counts = st.counts;
    h.win_tile = kind_of(t) as u8;
    for s in 0..3 {
        h.red_fives[s] = (st.red >> s & 1) + p.meld_red[s];
    }
    h.conditions = TSUMO | if st.riichi { RIICHI } else { 0 };
    let ura = st.riichi && p.opts.flags & EV_URA != 0 && h.dora_count > 0;
    if !ura {
        return match score(&h, p.rules) {
            Ok(s) => f64::from(s.total),
            Err(Error::NoYaku) => 0.0,
            Err(e) => unreachable_score(e),
        };
    }
    // Every tile held (melds included), per kind; the ura distribution first, so that the
    // scorer prices only the counts that can happen.
    let mut all = p.meld_tiles;
    for (a, &c) in all.iter_mut().zip(&st.counts) {
        *a += c;
    }
    let d = usize::from(h.dora_count);
    let dist = ura_distribution(pool, &all, d, p.rules.three_player());
    let len = dist.iter().rposition(|&x| x > 0.0).map_or(1, |u| u + 1);
    let mut ladder = [0i32; URA_SLOTS];
    match score_ladder(&h, p.rules, &mut ladder[..len]) {
        Ok(()) => {}
        Err(Error::NoYaku) => return 0.0,
        Err(e) => return unreachable_score(e),
    }
    ladder[..len]
        .iter()
        .zip(&dist[..len])
        .map(|(&pts, &pr)| f64::from(pts) * pr)
        .sum()
}

/// A scorer error on a complete hand the search built: a bug (never in the tests).
#[cold]
fn unreachable_score(e: Error) -> f64 {
    debug_assert!(false, "scorer refused a search state: {e:?}");
    0.0
}

/// Slots of an ura distribution: 0..=20 ura dora (5 indicators showing a kind held 4 times).
const URA_SLOTS: usize = 21;

/// Probability of `u` ura dora for each `u` (index), when `d` indicators are drawn without
/// replacement from `pool` (37 tiles; red fives are fives) and the hand holds `all` per kind.
pub(super) fn ura_distribution(
    pool: &[u8; TILES],
    all: &[u8; TILE_KINDS],
    d: usize,
    three_player: bool,
) -> [f64; URA_SLOTS] {
    let mut merged = [0u32; TILE_KINDS];
    for t in 0..TILES {
        merged[kind_of(t)] += u32::from(pool[t]);
    }
    let total: u32 = merged.iter().sum();
    let mut out = [0.0f64; URA_SLOTS];
    if total < d as u32 || d == 0 {
        out[0] = 1.0;
        return out;
    }
    if d == 1 {
        // One indicator: each kind's share of the pool, by the dora it adds.
        for (k, &n) in merged.iter().enumerate() {
            out[usize::from(all[dora_of(k, three_player)])] += f64::from(n);
        }
        let total = f64::from(total);
        for x in &mut out {
            *x /= total;
        }
        return out;
    }
    // Ways to draw `sel` indicators among the kinds that add dora, by the dora they add; the
    // rest come from the kinds that add none.
    let mut ways = [[0.0f64; URA_SLOTS]; 6];
    ways[0][0] = 1.0;
    let mut top = 0; // highest count with ways so far
    let mut zero = total;
    for (k, &n) in merged.iter().enumerate() {
        let gain = usize::from(all[dora_of(k, three_player)]);
        if n == 0 || gain == 0 {
            continue;
        }
        zero -= n;
        // In place, the larger selections first (each reads only smaller ones).
        for sel in (1..=d).rev() {
            for take in 1..=(n as usize).min(sel) {
                let c = choose(n, take as u32);
                for u in 0..=top {
                    let w = ways[sel - take][u];
                    if w != 0.0 {
                        ways[sel][(u + gain * take).min(URA_SLOTS - 1)] += w * c;
                    }
                }
            }
        }
        top = (top + gain * (n as usize).min(d)).min(URA_SLOTS - 1);
    }
    let inv = 1.0 / choose(total, d as u32);
    for (sel, row) in ways.iter().enumerate().take(d + 1) {
        let rest = choose(zero, (d - sel) as u32) * inv;
        for (o, &w) in out.iter_mut().zip(row).take(top + 1) {
            *o += w * rest;
        }
    }
    out
}

/// Binomial coefficient as f64 (exact: the values here stay far below 2^53).
fn choose(n: u32, r: u32) -> f64 {
    if r > n {
        return 0.0;
    }
    let mut v = 1.0f64;
    for i in 0..r {
        v = v * f64::from(n - i) / f64::from(i + 1);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dora_of_wraps_suits_and_honours() {
        assert_eq!(dora_of(8, false), 0);
        assert_eq!(dora_of(0, false), 1);
        assert_eq!(dora_of(0, true), 8);
        assert_eq!(dora_of(30, false), 27);
        assert_eq!(dora_of(33, false), 31);
    }

    #[test]
    fn ura_distribution_one_indicator_is_the_share_of_each_gain() {
        let mut pool = [0u8; TILES];
        pool[0] = 3; // 1m indicator shows 2m
        pool[9] = 2; // 1p indicator shows 2p
        pool[27] = 5;
        let mut all = [0u8; TILE_KINDS];
        all[1] = 2;
        all[10] = 1;
        let d = ura_distribution(&pool, &all, 1, false);
        assert_eq!(d[0], 0.5);
        assert_eq!(d[1], 0.2);
        assert_eq!(d[2], 0.3);
    }

    #[test]
    fn ura_distribution_two_indicators_counts_pairs() {
        // Pool {1m, 1m, E}: pairs {1m,1m} = 2 * gain, {1m,E} twice = gain.
        let mut pool = [0u8; TILES];
        pool[0] = 2;
        pool[27] = 1;
        let mut all = [0u8; TILE_KINDS];
        all[1] = 1;
        let d = ura_distribution(&pool, &all, 2, false);
        assert!((d[1] - 2.0 / 3.0).abs() < 1e-15 && (d[2] - 1.0 / 3.0).abs() < 1e-15);
    }
}
