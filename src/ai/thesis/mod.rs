//! The thesis bot: the bot of 許綸洲, 《麻將人工智慧設計》 (2014), sections 3.1 to 3.4.
//!
//! On its turn the bot computes RHnum, the draws it still needs to be ready (進聽分析), and
//! RHmin from AttackLevel and GameTime (牌局情勢判斷, formulas 1 and 2). With RHnum < RHmin it
//! attacks: every tile left after removing the complete sets (牌組整理) gets a base weight
//! (fig. 3-7), a bonus for each combination it forms (figs. 3-8 and 3-9) and a penalty for the
//! combination's tiles already discarded (fig. 3-10); it discards the lowest weight. Otherwise
//! it defends: the weights lose a safety term from the discards (formulas 3 and 4), per
//! opponent (method 1, 3.3.3.1) and, when the three opponents disagree, over all discards
//! (method 2, 3.3.3.2). On another seat's discard it chows, pungs or kongs when that lowers
//! RHnum (3.4). It always wins when a win is legal.
//!
//! [`decide`] allocates nothing; it costs a few shanten lookups and a small search over the
//! ways to take complete sets out of each suit (with a 19,683-entry table of partial blocks per
//! suit, built on first use or by [`init`]).
//!
//! # Choices where the thesis is ambiguous
//!
//! 1. **RHnum** is the exact regular-form shanten number of the concealed tiles
//!    ([`crate::shanten::shanten`], regular form): 0 when ready, 1 for the thesis' 一進聽. On the turn the
//!    hand holds 3n+2 tiles, so RHnum is the shanten number after the best discard. Fig. 3-6
//!    counts draws to *win* (進胡 = RHnum + 1) while 3.3.1 defines RHnum as draws to *ready*;
//!    the bot follows 3.3.1.
//! 2. **GameTime** (formula 1) = max(1 - drawable / start, other seats' melds / max melds).
//!    The thesis' start value 58 is 136 non-flower tiles - 4 x 16 dealt - 14 tiles left at the
//!    exhaustive draw (the dealer's 17th tile counts as a draw). Here start =
//!    136 - 4 x hand size - `rules.dead_wall` (58 with [`crate::table::Rules::thesis`], 56 with
//!    the default 16-tile dead wall, 70 in the 13-tile mode) and drawable =
//!    `wall_left` - flowers not yet set aside (so with every flower counted in the live wall,
//!    as the thesis' 58 does, drawable is exactly the non-flower tiles still to draw), clamped
//!    to 0..=start. The meld term counts every declared meld of the other three seats
//!    (concealed kongs included) over 3 x 5 = 15 (3 x 4 = 12 in the 13-tile mode).
//! 3. **RHmin** = floor(AttackLevel - AttackLevel x GameTime) + 1 (formula 2), computed in
//!    integers (no rounding error at the floor), and the bot attacks when RHnum < RHmin: the
//!    thesis' note on the "+ 1" (at GameTime = 1 a ready hand still uses the weight system)
//!    only makes sense with a strict comparison. So AttackLevel 99 folds only when GameTime
//!    reaches 1 (no tile left to draw, or 15 melds at the other seats) with a hand that is not
//!    ready; AttackLevel 0 always defends unless ready.
//! 4. **牌組整理 (tile organisation)**: the thesis removes the complete sets; its example
//!    (figs. 3-5 and 3-9) leaves only 7m and North of a one-from-ready hand whose ready draws
//!    include South, so the pair (眼) is removed too. Where several ways exist, the bot takes the
//!    sets and the pair of the decomposition with the highest block value
//!    2 x sets + min(partial blocks, sets needed - sets) + pair (partial blocks: pairs, two
//!    adjacent, two with a gap, counted in what is left), preferring more sets, then a pair,
//!    then more partial blocks, then the first found in a fixed search order (from 1 to 9:
//!    no set, then chows, then a pung; the lowest pair as the eye). The tiles left are the
//!    "unnecessary tiles" (不必要的牌) that both discard systems choose from.
//! 5. **Weights** (figs. 3-7 to 3-10), per kind left: base 0 for 1, 9 and honours, 1 for 2 and
//!    8, 2 for 3 to 7; plus, for every combination with another kind left (same kind twice,
//!    two adjacent, two with a one-tile gap; each combination counts once per kind, whatever
//!    the copies), the sum over the tiles that complete it of 4 - the copies this seat holds
//!    (concealed and in its own melds: "五五" gets 4 - 2 = 2, "五六" 4 + 4 = 8 when no 4m or
//!    7m is held) minus the copies of those tiles in the discards. A tile in two combinations
//!    gets both.
//! 6. **Discards counted**: every discard of the hand, claimed or not (a claimed discard is
//!    as gone as one in the pond, and what a seat threw away is information either way), for
//!    the penalties and for the safety formulas; positions are 1-based in discard order, per
//!    seat (method 1) or over the whole table, this seat included (method 2).
//! 7. **Attack selection**: the lowest weight among the tiles left (choice 4) whose discard
//!    keeps RHnum at its minimum (as the brief asks; the thesis only says "among the
//!    unnecessary tiles", which is the same set whenever the organisation is an optimal
//!    decomposition). If no tile left qualifies, every tile keeping RHnum minimal is a
//!    candidate, weighted by its base weight when it was not left.
//! 8. **Safety** (formulas 3 and 4): "related" tiles (相關棄牌) are the suji tiles three
//!    apart in the same suit (the example relates 4m to 7m), their copies summed and their
//!    latest position taken. A term whose tile was never discarded is 0 (the thesis' 對家
//!    line drops the own term of 7m, discarded 0 times; the bot treats an honour never
//!    discarded the same way instead of 2^0 = 1). An empty pile gives 0.
//! 9. **Defence candidates** are the tiles left (choice 4), not restricted to RHnum-keeping
//!    ones, as 3.2 says of the discard system (從不必要的牌中). This matches the thesis' own
//!    results: at AttackLevel 3 to 8 the folding seat's deal-in and win rates stay within
//!    noise of the AttackLevel-99 seats (figs. 4-1 to 4-6), and chapter 4 concludes that a low
//!    AttackLevel does not reduce deal-ins effectively. Measured with this bot (thesis rules,
//!    4,000 hands, thesis:3 against three thesis:99): win 24.7% and deal-in 17.9% against 24.2%
//!    and 18.6% for the others. Method 1 takes, for each opponent, the lowest weight - safety
//!    over that opponent's discards; when the three lowest are the same kind it is
//!    discarded, else method 2 decides over all discards.
//! 10. **The thesis' arithmetic**: in the method 1 example 上家 gives 7 - 0.56 = 6.44 (the
//!     thesis prints 6.64); in the method 2 example 7 - 2 x 27/42 - 4 x (36/42) / 2 = 4.0 (the
//!     thesis prints 7 - 2.26 = 4.74). The bot follows the formulas; the tests pin 6.44 and 4.0.
//! 11. **Claims** (3.4): for each legal chow, pung and exposed kong, RHnum after the claim
//!     (the concealed tiles left, after the best discard for a chow or pung, before the
//!     replacement draw for a kong) is compared with RHnum before (the 3n+1 hand); the lowest
//!     one that is strictly lower is claimed, ties going to the first in
//!     [`crate::table::legal_actions`] order (pung, kong, chows from the lowest run). Claims
//!     do not depend on attack or defence.
//! 12. **Own kongs** (not in the thesis): a concealed or added kong is declared when RHnum
//!     after it (before the replacement draw) is no higher than RHnum now: the kong costs
//!     nothing in readiness and draws a tile.
//! 13. **Ties** everywhere (equal weights or scores) go to the highest tile kind, so honours
//!     go before bamboo, dots and characters, and 9 before 1.

use super::UNREACHABLE;
use crate::forms::Forms;
use crate::hand::Hand;
use crate::table::{Action, ActionKind, FLOWERS, Phase, Rules, SEATS, View, legal_actions};
use crate::tile::{COPIES, Counts, HONOR_START, TILE_KINDS, number};

/// An AttackLevel that attacks until GameTime reaches 1 (the thesis' opponents).
#[cfg(test)]
pub const NEVER_FOLD: u8 = 99;

/// The thesis bot's action for the view's seat, with AttackLevel `attack_level`.
///
/// Always one of [`legal_actions`]`(view)`; [`Action::PASS`] when the seat has no decision.
/// Deterministic, no allocation.
pub fn decide(view: &View, attack_level: u8) -> Action {
    let legal = legal_actions(view);
    let acts = legal.as_slice();
    let Some(&first) = acts.first() else {
        return Action::PASS;
    };
    if let Some(&win) = acts.iter().find(|a| a.kind == ActionKind::Win) {
        return win;
    }
    let chosen = match view.phase {
        Phase::Claim => claim(view, acts),
        _ => turn(view, acts, attack_level),
    };
    debug_assert!(acts.contains(&chosen), "thesis bot chose an illegal action");
    if acts.contains(&chosen) {
        chosen
    } else {
        first
    }
}

/// Builds the bot's table of partial blocks per suit now instead of on first use (about 20 ms;
/// idempotent, thread-safe).
pub fn init() {
    once_cell::sync::Lazy::force(&SUIT_BLOCKS);
}

/// RHnum: regular-form shanten number of concealed counts (3n+1 or 3n+2 tiles).
pub fn rh_num(counts: &Counts) -> i32 {
    super::regular_shanten(counts)
}

/// Non-flower tiles a seat can draw in a whole hand (the thesis' 58): 136 - 4 x hand size -
/// the dead wall.
pub fn start_drawable(rules: &Rules) -> u32 {
    let dealt = rules.variant.hand_tiles() as u32 * SEATS as u32;
    136u32.saturating_sub(dealt + u32::from(rules.dead_wall))
}

/// Non-flower tiles still to draw: `wall_left` minus the flowers not yet set aside, within
/// 0..=[`start_drawable`].
pub fn drawable(view: &View) -> u32 {
    let unseen_flowers = if view.rules.variant.has_flowers() {
        let shown: u32 = view.flowers.iter().map(|f| f.count_ones()).sum();
        (FLOWERS as u32).saturating_sub(shown)
    } else {
        0
    };
    u32::from(view.wall_left)
        .saturating_sub(unseen_flowers)
        .min(start_drawable(&view.rules))
}

/// Declared melds of the three other seats, and the most they can have (15 or 12).
fn other_melds(view: &View) -> (u32, u32) {
    let seat = usize::from(view.seat);
    let m: u32 = (0..SEATS)
        .filter(|&s| s != seat)
        .map(|s| u32::from(view.meld_counts[s]))
        .sum();
    let most = 3 * view.rules.variant.sets() as u32;
    (m.min(most), most)
}

/// GameTime (formula 1): max(1 - drawable / start, other seats' melds / 15), in 0..=1, in
/// floating point as the thesis writes it: the tests' reference for [`rh_min`], which the bot
/// computes in integers.
#[cfg(test)]
pub fn game_time(view: &View) -> f64 {
    let start = start_drawable(&view.rules);
    let by_wall = if start == 0 {
        1.0
    } else {
        1.0 - f64::from(drawable(view)) / f64::from(start)
    };
    let (m, most) = other_melds(view);
    by_wall.max(f64::from(m) / f64::from(most)).clamp(0.0, 1.0)
}

/// RHmin (formula 2): floor(AttackLevel - AttackLevel x GameTime) + 1, exact in integers
/// (AttackLevel x (1 - GameTime) is the smaller of AttackLevel x drawable / start and
/// AttackLevel x (15 - melds) / 15, and the floor of a minimum is the minimum of the floors).
pub fn rh_min(view: &View, attack_level: u8) -> i32 {
    let al = u64::from(attack_level);
    let start = u64::from(start_drawable(&view.rules));
    let by_wall = (al * u64::from(drawable(view)))
        .checked_div(start)
        .unwrap_or(0);
    let (m, most) = other_melds(view);
    let by_melds = al * u64::from(most - m) / u64::from(most);
    by_wall.min(by_melds) as i32 + 1
}

/// Whether the bot attacks (RHnum < RHmin) rather than defends.
pub fn attacks(rh: i32, view: &View, attack_level: u8) -> bool {
    rh < rh_min(view, attack_level)
}

/// The turn: a kong, or a discard by the weight system (attack) or a discard method (defence).
fn turn(view: &View, acts: &[Action], attack_level: u8) -> Action {
    let c = view.hand;
    let mut after = [i32::MAX; TILE_KINDS];
    let mut rh = i32::MAX;
    let mut c2 = c;
    // Validated once (at most 4 a kind, 3n+2 at most 17 tiles), the discards read the tables
    // directly.
    let valid = Hand::new(&c).is_ok_and(|h| h.total() % 3 == 2);
    let total = c.iter().map(|&x| u32::from(x)).sum::<u32>();
    for k in 0..TILE_KINDS {
        if c[k] > 0 {
            c2[k] -= 1;
            after[k] = if valid {
                {
                    let w = crate::tile::count_words(&c2);
                    crate::shanten::shanten_valid(&c2, &w, total - 1, Forms::REGULAR)
                        .unwrap_or(UNREACHABLE)
                }
            } else {
                rh_num(&c2)
            };
            c2[k] += 1;
            rh = rh.min(after[k]);
        }
    }
    for &a in acts {
        let t = usize::from(a.tile);
        let keeps = match a.kind {
            ActionKind::ConcealedKong => {
                c2[t] -= 4;
                let s = rh_num(&c2);
                c2[t] += 4;
                s <= rh
            }
            ActionKind::AddedKong => after[t] <= rh,
            _ => false,
        };
        if keeps {
            return a;
        }
    }

    let left = organise(&c, total as usize / 3);
    let mut own = c;
    for m in view.melds_of(usize::from(view.seat)) {
        m.add_tiles(&mut own);
    }
    let piles = Piles::of(view);
    let w = weights(&left, &own, &piles.all.count);

    let mut cand = [false; TILE_KINDS];
    let defend = !attacks(rh, view, attack_level);
    let mut any = false;
    for k in 0..TILE_KINDS {
        cand[k] = left[k] > 0 && (defend || after[k] == rh);
        any |= cand[k];
    }
    let mut w = w;
    if !any {
        for k in 0..TILE_KINDS {
            cand[k] = after[k] == rh;
            if cand[k] && left[k] == 0 {
                w[k] = base_weight(k);
            }
        }
    }
    let tile = if defend {
        defend_choice(view, &cand, &w, &piles)
    } else {
        lowest(&cand, |k| f64::from(w[k]))
    };
    Action::new(ActionKind::Discard, tile as u8)
}

/// The candidate kind with the lowest score; ties go to the highest kind.
fn lowest(cand: &[bool; TILE_KINDS], score: impl Fn(usize) -> f64) -> usize {
    let mut best = usize::MAX;
    let mut best_score = f64::INFINITY;
    for (k, _) in cand.iter().enumerate().filter(|c| *c.1) {
        let s = score(k);
        if best == usize::MAX || s <= best_score {
            best = k;
            best_score = s;
        }
    }
    best
}

/// Defence: method 1 (each opponent's pile) when the three opponents agree, else method 2
/// (every discard).
fn defend_choice(
    view: &View,
    cand: &[bool; TILE_KINDS],
    w: &[i32; TILE_KINDS],
    piles: &Piles,
) -> usize {
    let seat = usize::from(view.seat);
    let mut agreed = None;
    for i in 1..SEATS {
        let pile = &piles.seat[(seat + i) % SEATS];
        let k = lowest(cand, |k| f64::from(w[k]) - safety(k, pile));
        match agreed {
            None => agreed = Some(k),
            Some(a) if a == k => {}
            Some(_) => {
                return lowest(cand, |k| f64::from(w[k]) - safety(k, &piles.all));
            }
        }
    }
    agreed.unwrap_or_else(|| lowest(cand, |k| f64::from(w[k])))
}

/// A claim on another seat's discard (3.4): the claim that lowers RHnum most, if any does.
fn claim(view: &View, acts: &[Action]) -> Action {
    let c = view.hand;
    let before = rh_num(&c);
    let mut best: Option<(i32, Action)> = None;
    for &a in acts {
        let Some(rest) = after_claim(&c, view.offered, a) else {
            continue;
        };
        let s = rh_num(&rest);
        if best.is_none_or(|(b, _)| s < b) {
            best = Some((s, a));
        }
    }
    match best {
        Some((s, a)) if s < before => a,
        _ => Action::PASS,
    }
}

/// The concealed tiles after claiming `offered` with `a` (a chow, pung or exposed kong), or
/// `None` for any other action or tiles the hand lacks.
pub(crate) fn after_claim(c: &Counts, offered: u8, a: Action) -> Option<Counts> {
    let mut rest = *c;
    let o = usize::from(crate::tile::code_kind(offered));
    let mut take = |k: usize, n: u8| -> Option<()> {
        rest[k] = rest.get(k)?.checked_sub(n)?;
        Some(())
    };
    match a.kind {
        ActionKind::Chow => {
            let s = usize::from(a.tile);
            for k in s..s + 3 {
                if k != o {
                    take(k, 1)?;
                }
            }
        }
        ActionKind::Pung => take(o, 2)?,
        ActionKind::ExposedKong => take(o, 3)?,
        _ => return None,
    }
    Some(rest)
}

/// Base weight of a kind (fig. 3-7): 0 for 1, 9 and honours, 1 for 2 and 8, 2 for 3 to 7.
pub fn base_weight(kind: usize) -> i32 {
    if kind >= HONOR_START {
        return 0;
    }
    match number(kind) {
        1 | 9 => 0,
        2 | 8 => 1,
        _ => 2,
    }
}

/// Weights of the kinds in `left` (figs. 3-7 to 3-10): base weight, plus for each combination
/// with a kind left the copies of its completing tiles not held (`own`), minus their copies in
/// `discarded`. Kinds not in `left` get 0.
pub fn weights(left: &Counts, own: &Counts, discarded: &Counts) -> [i32; TILE_KINDS] {
    let live = |k: usize| i32::from(COPIES.saturating_sub(own[k])) - i32::from(discarded[k]);
    let mut w = [0i32; TILE_KINDS];
    for k in 0..TILE_KINDS {
        if left[k] == 0 {
            continue;
        }
        let mut s = base_weight(k);
        if left[k] >= 2 {
            s += live(k);
        }
        if k < HONOR_START {
            let n = number(k);
            let has = |d: isize| -> bool {
                let m = n as isize + d;
                (1..=9).contains(&m) && left[(k as isize + d) as usize] > 0
            };
            // Adjacent above (k, k+1): completed by k-1 and k+2.
            if has(1) {
                if n >= 2 {
                    s += live(k - 1);
                }
                if n <= 7 {
                    s += live(k + 2);
                }
            }
            // Adjacent below (k-1, k): completed by k-2 and k+1.
            if has(-1) {
                if n >= 3 {
                    s += live(k - 2);
                }
                if n <= 8 {
                    s += live(k + 1);
                }
            }
            // Gap above (k, k+2) and below (k-2, k).
            if has(2) {
                s += live(k + 1);
            }
            if has(-2) {
                s += live(k - 1);
            }
        }
        w[k] = s;
    }
    w
}

/// Discards of one pile: copies per kind, 1-based position of the latest copy, total.
#[derive(Debug, Clone, Copy)]
pub struct Pile {
    /// Copies of each kind discarded.
    pub count: Counts,
    /// 1-based position in the pile of each kind's latest copy (0 if none).
    pub last: [u16; TILE_KINDS],
    /// Number of discards in the pile.
    pub total: u16,
}

impl Pile {
    const EMPTY: Pile = Pile {
        count: [0; TILE_KINDS],
        last: [0; TILE_KINDS],
        total: 0,
    };

    fn push(&mut self, tile: u8) {
        self.total += 1;
        let k = usize::from(tile);
        if k < TILE_KINDS {
            self.count[k] = self.count[k].saturating_add(1);
            self.last[k] = self.total;
        }
    }
}

/// Every seat's pile and the whole table's.
#[derive(Debug, Clone, Copy)]
pub struct Piles {
    /// Discards of each seat.
    pub seat: [Pile; SEATS],
    /// Every discard of the hand.
    pub all: Pile,
}

impl Piles {
    /// The piles of a view (every discard, claimed or not).
    pub fn of(view: &View) -> Piles {
        let mut p = Piles {
            seat: [Pile::EMPTY; SEATS],
            all: Pile::EMPTY,
        };
        for d in view.discard_list() {
            if let Some(s) = p.seat.get_mut(usize::from(d.seat)) {
                s.push(d.tile);
            }
            p.all.push(d.tile);
        }
        p
    }
}

/// Safety deduction of a kind against a pile: formula 3 for suited kinds,
/// 2^own copies x latest / total + (2^related copies x latest related / total) / 2, with the
/// suji tiles three apart as related; formula 4 for honours, 2^own copies. A term whose tiles
/// were never discarded is 0.
pub fn safety(kind: usize, pile: &Pile) -> f64 {
    if pile.total == 0 || kind >= TILE_KINDS {
        return 0.0;
    }
    let n = pile.count[kind];
    if kind >= HONOR_START {
        return if n > 0 {
            f64::from(1u32 << n.min(8))
        } else {
            0.0
        };
    }
    let total = f64::from(pile.total);
    let mut s = 0.0;
    if n > 0 {
        s += f64::from(1u32 << n.min(8)) * f64::from(pile.last[kind]) / total;
    }
    let num = number(kind);
    let mut r = 0u8;
    let mut last = 0u16;
    for (ok, j) in [(num >= 4, kind.wrapping_sub(3)), (num <= 6, kind + 3)] {
        if ok && pile.count[j] > 0 {
            r += pile.count[j];
            last = last.max(pile.last[j]);
        }
    }
    if r > 0 {
        s += f64::from(1u32 << r.min(8)) * f64::from(last) / total / 2.0;
    }
    s
}

mod organise;
#[cfg(test)]
pub(crate) mod tests;

use organise::SUIT_BLOCKS;
pub use organise::organise;
