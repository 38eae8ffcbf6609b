//! The slow reference of the discard analysis: mjkit's model with no search budget (every
//! draw followed, every discard and every riichi choice tried), as a plain expectimax over
//! draw sequences in exact rational arithmetic. Wins are priced by `riichi::score` itself with
//! every set of ura indicators the pool can give, one call each. Memoised on (hand, riichi,
//! draws left): a pure function, so the cache changes nothing but time.
// Index loops over tile kinds read as the definitions do.
#![allow(clippy::needless_range_loop)]

use super::graph::{TILES, kind_of, split};
use super::{EV_URA, EvHand, FIVES};
use crate::error::Error;
use crate::forms::Forms;
use crate::riichi::{RIICHI, Rules, TSUMO, score};
use crate::shanten::shanten_unchecked;
use crate::tile::{Counts, TILE_KINDS};
use std::collections::HashMap;

/// An exact fraction (reduced, positive denominator).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Q {
    pub n: i128,
    pub d: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

impl Q {
    pub const ZERO: Q = Q { n: 0, d: 1 };
    pub const ONE: Q = Q { n: 1, d: 1 };
    pub fn new(n: i128, d: i128) -> Q {
        let g = gcd(n, d).max(1);
        let s = if d < 0 { -1 } else { 1 };
        Q {
            n: s * n / g,
            d: s * d / g,
        }
    }
    pub fn add(self, o: Q) -> Q {
        Q::new(self.n * o.d + o.n * self.d, self.d * o.d)
    }
    pub fn mul(self, o: Q) -> Q {
        Q::new(self.n * o.n, self.d * o.d)
    }
    pub fn max(self, o: Q) -> Q {
        if self.n * o.d >= o.n * self.d {
            self
        } else {
            o
        }
    }
    pub fn to_f64(self) -> f64 {
        self.n as f64 / self.d as f64
    }
}

/// The three figures.
pub(super) type V = [Q; 3];

pub(super) struct Brute<'a> {
    pub hand: &'a EvHand,
    pub rules: &'a Rules,
    pub ura: bool,
    forms: Forms,
    total13: u32,
    closed: bool,
    /// Pool at the start plus the hand given, per tile.
    base: [u8; TILES],
    memo: HashMap<(Counts, u8, bool, u32), V>,
}

impl<'a> Brute<'a> {
    /// The reference for `hand` (already accepted by `analyze`) with the pool `pool0`.
    pub fn new(hand: &'a EvHand, rules: &'a Rules, flags: u32, pool0: &[u8; TILES]) -> Brute<'a> {
        let total13 = 13 - 3 * u32::from(hand.meld_count);
        let forms = Forms::RIICHI.for_valid_hand_size(total13).unwrap();
        let red = Self::red_bits(hand, rules);
        let h0 = split(&hand.counts, red);
        let mut base = *pool0;
        for t in 0..TILES {
            base[t] += h0[t];
        }
        Brute {
            hand,
            rules,
            ura: flags & EV_URA != 0,
            forms,
            total13,
            closed: hand.melds().iter().all(|m| !m.kind().is_open()),
            base,
            memo: HashMap::new(),
        }
    }

    fn red_bits(hand: &EvHand, rules: &Rules) -> u8 {
        if !rules.aka_dora() {
            return 0;
        }
        (0..3).map(|s| hand.red_fives[s] << s).sum()
    }

    fn pool(&self, c: &Counts, red: u8) -> [u8; TILES] {
        let h = split(c, red);
        let mut p = self.base;
        for t in 0..TILES {
            p[t] -= h[t];
        }
        p
    }

    fn ready(&self, c: &Counts) -> bool {
        shanten_unchecked(c, self.total13, self.forms) == 0
    }

    /// Exact expected value of a self-drawn win on tile `t` with the complete hand `c`.
    fn win(&self, c: &Counts, red: u8, t: usize, riichi: bool) -> Q {
        let mut h = crate::riichi::RiichiHand::new(*c, kind_of(t) as u8);
        h.melds = self.hand.melds;
        h.meld_count = self.hand.meld_count;
        h.seat_wind = self.hand.seat_wind;
        h.round_wind = self.hand.round_wind;
        h.dora = self.hand.dora;
        h.dora_count = self.hand.dora_count;
        h.honba = self.hand.honba;
        h.riichi_sticks = self.hand.riichi_sticks;
        for s in 0..3 {
            h.red_fives[s] = (red >> s & 1) + self.hand.meld_red_fives[s];
        }
        h.conditions = TSUMO | if riichi { RIICHI } else { 0 };
        let d = usize::from(h.dora_count);
        if !(riichi && self.ura && d > 0) {
            return match score(&h, self.rules) {
                Ok(s) => Q::new(i128::from(s.total), 1),
                Err(Error::NoYaku) => Q::ZERO,
                Err(e) => panic!("reference scored a state the scorer refuses: {e:?}"),
            };
        }
        // Every set of `d` tiles of the pool (tiles told apart), one score each.
        let pool = self.pool(c, red);
        let mut tiles = Vec::new();
        for k in 0..TILES {
            for _ in 0..pool[k] {
                tiles.push(kind_of(k) as u8);
            }
        }
        let (mut sum, mut sets) = (0i128, 0i128);
        let mut pick = vec![0usize; d];
        fn rec(
            at: usize,
            i: usize,
            tiles: &[u8],
            pick: &mut Vec<usize>,
            f: &mut dyn FnMut(&[usize]),
        ) {
            if i == pick.len() {
                f(pick);
                return;
            }
            for j in at..tiles.len() {
                pick[i] = j;
                rec(j + 1, i + 1, tiles, pick, f);
            }
        }
        rec(0, 0, &tiles, &mut pick, &mut |ix: &[usize]| {
            let mut hu = h;
            hu.ura_count = ix.len() as u8;
            for (n, &j) in ix.iter().enumerate() {
                hu.ura[n] = tiles[j];
            }
            sum += i128::from(score(&hu, self.rules).map(|s| s.total).unwrap_or(0));
            sets += 1;
        });
        if sets == 0 {
            return Q::ZERO;
        }
        Q::new(sum, sets)
    }

    /// Values of the draw state (13 - 3m tiles) with `n` draws left.
    pub fn draw(&mut self, c: &Counts, red: u8, riichi: bool, n: u32) -> V {
        if let Some(v) = self.memo.get(&(*c, red, riichi, n)) {
            return *v;
        }
        let ready = self.ready(c);
        let mut v = [if ready { Q::ONE } else { Q::ZERO }, Q::ZERO, Q::ZERO];
        if n > 0 {
            let pool = self.pool(c, red);
            let den: u32 = pool.iter().map(|&x| u32::from(x)).sum();
            if den > 0 {
                let mut acc = [Q::ZERO; 3];
                for t in 0..TILES {
                    if pool[t] == 0 {
                        continue;
                    }
                    let a = self.after_draw(c, red, riichi, t, n);
                    let p = Q::new(i128::from(pool[t]), i128::from(den));
                    for m in 0..3 {
                        acc[m] = acc[m].add(p.mul(a[m]));
                    }
                }
                v = acc;
                if ready {
                    v[0] = Q::ONE;
                }
            }
        }
        self.memo.insert((*c, red, riichi, n), v);
        v
    }

    /// The best of every choice after drawing tile `t` (`n` draws left before it).
    fn after_draw(&mut self, c: &Counts, red: u8, riichi: bool, t: usize, n: u32) -> V {
        let mut d = *c;
        d[kind_of(t)] += 1;
        let dred = if t >= TILE_KINDS {
            red | 1 << (t - TILE_KINDS)
        } else {
            red
        };
        let complete = shanten_unchecked(&d, self.total13 + 1, self.forms) < 0;
        let mut best = [Q::ZERO; 3];
        if complete {
            let w = self.win(&d, dred, t, riichi);
            if w.n > 0 {
                best = [Q::ONE, Q::ONE, w];
            }
        }
        let consider = |v: V, best: &mut V| {
            for m in 0..3 {
                best[m] = best[m].max(v[m]);
            }
        };
        if riichi {
            // Under riichi the drawn tile goes out again.
            let v = self.draw(c, red, true, n - 1);
            consider(v, &mut best);
            return best;
        }
        let held = split(&d, dred);
        for u in 0..TILES {
            if held[u] == 0 {
                continue;
            }
            let mut left = d;
            left[kind_of(u)] -= 1;
            let lred = if u >= TILE_KINDS {
                dred & !(1 << (u - TILE_KINDS))
            } else {
                dred
            };
            let v = self.draw(&left, lred, false, n - 1);
            consider(v, &mut best);
            if self.closed && self.ready(&left) {
                let v = self.draw(&left, lred, true, n - 1);
                consider(v, &mut best);
            }
        }
        best
    }

    /// The entries of a 14-tile hand: (tile, riichi, values), every discard.
    pub fn discards(&mut self, n: u32) -> Vec<(usize, bool, V)> {
        let red = Self::red_bits(self.hand, self.rules);
        let c = self.hand.counts;
        let held = split(&c, red);
        let mut out = Vec::new();
        for u in 0..TILES {
            if held[u] == 0 {
                continue;
            }
            let mut left = c;
            left[kind_of(u)] -= 1;
            let lred = if u >= TILE_KINDS {
                red & !(1 << (u - TILE_KINDS))
            } else {
                red
            };
            out.push((u, false, self.draw(&left, lred, false, n)));
            if self.closed && self.ready(&left) {
                out.push((u, true, self.draw(&left, lred, true, n)));
            }
        }
        let _ = FIVES;
        out
    }

    /// The entry of a 13-tile hand.
    pub fn hand_value(&mut self, n: u32) -> V {
        let red = Self::red_bits(self.hand, self.rules);
        let c = self.hand.counts;
        self.draw(&c, red, self.hand.riichi == 1, n)
    }
}
