//! The thesis bot of seed 002 (許綸洲, 《麻將人工智慧設計》, 2014), sections 3.1 to 3.4.
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
//!    ([`crate::shanten::shanten`], regular form): 0 when ready, 1 for the thesis' 一進聽. On
//!    the turn the hand holds 3n+2 tiles, so RHnum is the shanten number after the best
//!    discard. Fig. 3-6 counts draws to *win* (進胡 = RHnum + 1) while 3.3.1 defines RHnum as
//!    draws to *ready*; the bot follows 3.3.1.
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
//!    4,000 hands, seed:3 against three seed:99): win 24.7% and deal-in 17.9% against 24.2%
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
pub const NEVER_FOLD: u8 = 99;

/// Most sets one tile group can hold (17 tiles).
const GROUP_SETS: usize = 6;

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
    debug_assert!(acts.contains(&chosen), "seed bot chose an illegal action");
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

/// GameTime (formula 1): max(1 - drawable / start, other seats' melds / 15), in 0..=1.
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
    let o = usize::from(offered);
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
fn max_blocks(c: &[u8; 9], len: usize, chows: bool) -> (i8, i8) {
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
static SUIT_BLOCKS: once_cell::sync::Lazy<Vec<(i8, i8)>> = once_cell::sync::Lazy::new(|| {
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::table::{
        DiscardEntry, MAX_DISCARDS, MAX_MELDS, Meld, MeldKind, NO_SEAT, NO_TILE, Offer,
    };
    use crate::test_util::tiles;

    /// SplitMix64, for the random views.
    pub(crate) struct Rng(pub u64);

    impl Rng {
        pub(crate) fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
        pub(crate) fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// An empty view of seat 0 under `rules`, its turn.
    pub(crate) fn empty_view(rules: Rules) -> View {
        View {
            rules,
            seat: 0,
            dealer: 0,
            prevalent_wind: 0,
            hand_index: 0,
            phase: Phase::Turn,
            actor: 0,
            pending: 1,
            hand: [0; TILE_KINDS],
            drawn: NO_TILE,
            offered: NO_TILE,
            offer: Offer::Discard,
            melds: [[Meld::EMPTY; MAX_MELDS]; SEATS],
            meld_counts: [0; SEATS],
            flowers: [0; SEATS],
            concealed_counts: [0; SEATS],
            discards: [DiscardEntry::EMPTY; MAX_DISCARDS],
            discard_count: 0,
            wall_left: 0,
            scores: [0; SEATS],
        }
    }

    fn push_discard(v: &mut View, seat: u8, tile: u8) {
        v.discards[usize::from(v.discard_count)] = DiscardEntry {
            tile,
            seat,
            claimed_by: NO_SEAT,
            drawn_and_discarded: false,
        };
        v.discard_count += 1;
    }

    /// Takes one copy of `kind` out of the pool, if there.
    fn take(pool: &mut Vec<u8>, kind: usize) -> bool {
        match pool.iter().position(|&t| usize::from(t) == kind) {
            Some(i) => {
                pool.swap_remove(i);
                true
            }
            None => false,
        }
    }

    /// A random view consistent with the 4-copies limit: a shuffled set of 136 tiles dealt to
    /// the seats' melds, concealed hands, discards and the offered tile; random flowers and
    /// wall; the turn of this seat or a claim on another seat's discard.
    pub(crate) fn random_view(rng: &mut Rng, rules: Rules) -> View {
        let mut v = empty_view(rules);
        let mut pool: Vec<u8> = (0..136).map(|i| (i / 4) as u8).collect();
        for i in (1..pool.len()).rev() {
            pool.swap(i, rng.below(i + 1));
        }
        let seat = rng.below(SEATS);
        let turn = rng.below(2) == 0;
        let actor = if turn {
            seat
        } else {
            (seat + 1 + rng.below(3)) % SEATS
        };
        v.seat = seat as u8;
        v.actor = actor as u8;
        v.dealer = rng.below(SEATS) as u8;
        v.phase = if turn { Phase::Turn } else { Phase::Claim };
        let sets = rules.variant.sets();
        for s in 0..SEATS {
            let want = if rng.below(3) == 0 {
                rng.below(sets + 1)
            } else {
                rng.below(2)
            };
            let mut made = 0;
            for _ in 0..40 {
                if made == want {
                    break;
                }
                let k = rng.below(TILE_KINDS);
                let from = ((s + 1 + rng.below(3)) % SEATS) as u8;
                let have = |pool: &Vec<u8>, k: usize| {
                    pool.iter().filter(|&&t| usize::from(t) == k).count()
                };
                let meld = match rng.below(5) {
                    0 if k < HONOR_START
                        && number(k) <= 7
                        && (0..3).all(|d| have(&pool, k + d) > 0) =>
                    {
                        for d in 0..3 {
                            take(&mut pool, k + d);
                        }
                        let claimed = (k + rng.below(3)) as u8;
                        Meld {
                            kind: MeldKind::Chow,
                            tile: k as u8,
                            claimed,
                            from: ((s + 3) % SEATS) as u8,
                        }
                    }
                    1 | 2 if have(&pool, k) >= 3 => {
                        for _ in 0..3 {
                            take(&mut pool, k);
                        }
                        Meld {
                            kind: MeldKind::Pung,
                            tile: k as u8,
                            claimed: k as u8,
                            from,
                        }
                    }
                    3 if have(&pool, k) >= 4 => {
                        for _ in 0..4 {
                            take(&mut pool, k);
                        }
                        let kind = if rng.below(2) == 0 {
                            MeldKind::ExposedKong
                        } else {
                            MeldKind::AddedKong
                        };
                        Meld {
                            kind,
                            tile: k as u8,
                            claimed: k as u8,
                            from,
                        }
                    }
                    4 if have(&pool, k) >= 4 => {
                        for _ in 0..4 {
                            take(&mut pool, k);
                        }
                        let tile = if s == seat { k as u8 } else { NO_TILE };
                        Meld {
                            kind: MeldKind::ConcealedKong,
                            tile,
                            claimed: NO_TILE,
                            from: NO_SEAT,
                        }
                    }
                    _ => continue,
                };
                v.melds[s][made] = meld;
                made += 1;
            }
            v.meld_counts[s] = made as u8;
            let n = rules.variant.hand_tiles() - 3 * made + usize::from(turn && s == actor);
            v.concealed_counts[s] = n as u8;
            for _ in 0..n {
                let t = pool.pop().unwrap();
                if s == seat {
                    v.hand[usize::from(t)] += 1;
                    v.drawn = t;
                }
            }
        }
        if !turn || rng.below(4) == 0 {
            v.drawn = NO_TILE;
        }
        let discards = rng.below(pool.len().min(70));
        for _ in 0..discards {
            let t = pool.pop().unwrap();
            let s = rng.below(SEATS) as u8;
            push_discard(&mut v, s, t);
        }
        if turn {
            v.pending = 1 << seat;
        } else {
            let t = pool.pop().unwrap();
            push_discard(&mut v, actor as u8, t);
            v.offered = t;
            v.offer = if rng.below(8) == 0 {
                Offer::AddedKong
            } else {
                Offer::Discard
            };
            v.pending = (1 << seat) | (rng.below(16) as u8 & !(1 << actor));
        }
        let dead = usize::from(rules.dead_wall);
        v.wall_left = pool.len().saturating_sub(dead).min(rng.below(80)) as u16;
        if rules.variant.has_flowers() {
            for f in 0..FLOWERS {
                if rng.below(3) == 0 {
                    v.flowers[rng.below(SEATS)] |= 1 << f;
                }
            }
        }
        v
    }

    /// Most disjoint partial blocks by trying every block on every tile (reference).
    fn max_blocks_brute(c: &mut [u8; 9], i: usize) -> i8 {
        let Some(i) = (i..9).find(|&k| c[k] > 0) else {
            return 0;
        };
        c[i] -= 1;
        let mut best = max_blocks_brute(c, i);
        for d in 0..=2 {
            if i + d < 9 && c[i + d] > 0 {
                c[i + d] -= 1;
                best = best.max(1 + max_blocks_brute(c, i));
                c[i + d] += 1;
            }
        }
        c[i] += 1;
        best
    }

    /// `cargo test --release --lib suit_blocks_build_time -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn suit_blocks_build_time() {
        let t = std::time::Instant::now();
        let n = SUIT_BLOCKS.len();
        println!(
            "SUIT_BLOCKS: {n} entries built in {:.1} ms",
            t.elapsed().as_secs_f64() * 1e3
        );
    }

    #[test]
    fn max_blocks_matches_brute_force() {
        let mut rng = Rng(3);
        for _ in 0..3000 {
            let mut c = [0u8; 9];
            for _ in 0..rng.below(13) {
                let k = rng.below(9);
                if c[k] < 4 {
                    c[k] += 1;
                }
            }
            let brute = max_blocks_brute(&mut c.clone(), 0);
            let eye = (0..9)
                .filter(|&k| c[k] >= 2)
                .map(|k| {
                    let mut d = c;
                    d[k] -= 2;
                    max_blocks_brute(&mut d, 0)
                })
                .max()
                .unwrap_or(-1);
            assert_eq!(max_blocks(&c, 9, true), (brute, eye), "{c:?}");
        }
    }

    #[test]
    fn organise_leaves_a_discard_that_keeps_rh_num() {
        // On random concealed hands (3n+2 tiles, not complete) some tile left by the
        // organisation keeps RHnum at its minimum, so the attack never needs its fallback.
        // Random deals, and the hands of seed-bot self-play.
        let misses = std::cell::Cell::new(0);
        let hands = std::cell::Cell::new(0);
        let check = |v: &View| {
            let c = v.hand;
            let rh = rh_num(&c);
            if v.phase != Phase::Turn || !v.is_pending() || rh < 0 {
                return;
            }
            hands.set(hands.get() + 1);
            let total: usize = c.iter().map(|&x| usize::from(x)).sum();
            let left = organise(&c, total / 3);
            let keeps = (0..TILE_KINDS).any(|k| {
                let mut d = c;
                left[k] > 0 && {
                    d[k] -= 1;
                    rh_num(&d) == rh
                }
            });
            if !keeps {
                misses.set(misses.get() + 1);
                eprintln!("{}", crate::tile::format(&c));
            }
        };
        let mut rng = Rng(5);
        for _ in 0..10_000 {
            check(&random_view(&mut rng, Rules::taiwan16()));
        }
        self_play(Rules::thesis(), 3, 200, |v| {
            check(v);
            decide(v, 5)
        });
        assert!(hands.get() > 5000);
        assert_eq!(misses.get(), 0);
    }

    const M7: usize = 6; // 7m
    const M8: usize = 7;
    const NORTH: usize = 30;

    /// The hand of figs. 3-5 and 3-9: four sets, a South pair, 7m and North, 8m just drawn.
    fn fig_3_9_view() -> View {
        let mut v = empty_view(Rules::thesis());
        v.hand = tiles("78m234567p345999s224z");
        v.drawn = M8 as u8;
        v.wall_left = 50 + 8;
        v
    }

    #[test]
    fn base_weight_fig_3_7() {
        let c = tiles("123456789m1z7z");
        let w: Vec<i32> = (0..TILE_KINDS)
            .filter(|&k| c[k] > 0)
            .map(base_weight)
            .collect();
        assert_eq!(w, [0, 1, 2, 2, 2, 2, 2, 1, 0, 0, 0]);
    }

    #[test]
    fn weights_fig_3_8() {
        // 五六 +8 (4m and 7m, four each), 五七 +4 (6m), 五五 +2 (5m, two of four held).
        let five = 4;
        for (hand, bonus) in [("56m", 8), ("57m", 4), ("55m", 2)] {
            let c = tiles(hand);
            let w = weights(&c, &c, &[0; TILE_KINDS]);
            assert_eq!(w[five] - base_weight(five), bonus, "{hand}");
        }
        // 五六七 and 五五五 are complete sets: organised away, no score.
        let c = tiles("567m555p19s1z");
        let left = organise(&c, 3);
        assert_eq!(left, tiles("19s1z"));
    }

    #[test]
    fn organise_figs_3_5_and_3_9() {
        let v = fig_3_9_view();
        assert_eq!(organise(&v.hand, 5), tiles("78m4z"));
        // Before the draw (fig. 3-5): 7m and North left, one draw from ready.
        let c = tiles("7m234567p345999s224z");
        assert_eq!(organise(&c, 5), tiles("7m4z"));
        assert_eq!(rh_num(&c), 1);
    }

    #[test]
    fn weights_fig_3_9() {
        let v = fig_3_9_view();
        let left = organise(&v.hand, 5);
        let w = weights(&left, &v.hand, &[0; TILE_KINDS]);
        assert_eq!((w[M7], w[M8], w[NORTH]), (10, 9, 0));
        assert_eq!(
            decide(&v, NEVER_FOLD),
            Action::new(ActionKind::Discard, NORTH as u8)
        );
    }

    #[test]
    fn weights_fig_3_10() {
        // 6m discarded once and 9m twice: 7m and 8m lose 3 each.
        let mut v = fig_3_9_view();
        for (s, t) in [(1, 5u8), (2, 8), (3, 8)] {
            push_discard(&mut v, s, t);
        }
        let piles = Piles::of(&v);
        let left = organise(&v.hand, 5);
        let w = weights(&left, &v.hand, &piles.all.count);
        assert_eq!((w[M7], w[M8], w[NORTH]), (7, 6, 0));
        assert_eq!(
            decide(&v, NEVER_FOLD),
            Action::new(ActionKind::Discard, NORTH as u8)
        );
    }

    /// Seat `s`'s pile from (position, tile) marks, the rest filled with Red dragons.
    fn pile(total: u16, marks: &[(u16, usize)]) -> Pile {
        let mut p = Pile::EMPTY;
        for pos in 1..=total {
            let t = marks.iter().find(|m| m.0 == pos).map_or(33, |m| m.1);
            p.push(t as u8);
        }
        p
    }

    #[test]
    fn safety_method_1_example() {
        let m4 = 3;
        // 下家: 7m at 7, 4m at 5, 10 discards; 對家: 4m at 3 of 9; 上家: 4m at 5 of 9.
        let next = pile(10, &[(7, M7), (5, m4)]);
        let across = pile(9, &[(3, m4)]);
        let prev = pile(9, &[(5, m4)]);
        let score = |p: &Pile| 7.0 - safety(M7, p);
        assert!((score(&next) - 5.1).abs() < 1e-9);
        assert!((score(&across) - (7.0 - 1.0 / 3.0)).abs() < 1e-9); // 6.67
        // The thesis prints 6.64; 7 - 2 x (5/9) / 2 = 6.44.
        assert!((score(&prev) - (7.0 - 5.0 / 9.0)).abs() < 1e-9);
        assert!((score(&prev) - 6.44).abs() < 0.01);
    }

    #[test]
    fn safety_method_2_example() {
        // 7m once, latest at 27 of 42; 4m twice, latest at 36.
        let all = pile(42, &[(27, M7), (20, 3), (36, 3)]);
        let score = 7.0 - safety(M7, &all);
        // The thesis prints 4.74; its formula gives 7 - 2 x 27/42 - 4 x (36/42) / 2 = 4.0.
        let formula = 7.0 - 2.0 * 27.0 / 42.0 - 4.0 * (36.0 / 42.0) / 2.0;
        assert!((score - formula).abs() < 1e-9);
        assert!((score - 4.0).abs() < 1e-9);
    }

    #[test]
    fn safety_honours_formula_4() {
        let p = pile(5, &[(1, NORTH), (4, NORTH)]);
        assert_eq!(safety(NORTH, &p), 4.0);
        assert_eq!(safety(NORTH, &pile(5, &[])), 0.0);
        assert_eq!(safety(NORTH, &Pile::EMPTY), 0.0);
    }

    #[test]
    fn game_time_and_rh_min_examples() {
        let mut v = empty_view(Rules::thesis());
        assert_eq!(start_drawable(&Rules::thesis()), 58);
        assert_eq!(start_drawable(&Rules::taiwan16()), 56);
        assert_eq!(start_drawable(&Rules::thirteen()), 70);
        // Start of the hand: 57 + 8 flowers in the wall after the dealer's draw.
        v.wall_left = 57 + 8;
        assert_eq!(drawable(&v), 57);
        assert!((game_time(&v) - 1.0 / 58.0).abs() < 1e-12);
        // floor(5 - 5/58) + 1 = 5.
        assert_eq!(rh_min(&v, 5), 5);
        // Half the wall drawn, 3 flowers shown: GameTime 0.5, RHmin = floor(2.5) + 1 = 3.
        v.flowers = [0b1, 0b110, 0, 0];
        v.wall_left = 29 + 5;
        assert!((game_time(&v) - 0.5).abs() < 1e-12);
        assert_eq!(rh_min(&v, 5), 3);
        assert_eq!(rh_min(&v, 4), 3);
        assert_eq!(rh_min(&v, 3), 2);
        // Nine melds at the other seats outweigh the wall: GameTime 0.6, RHmin = floor(2) + 1.
        v.meld_counts = [1, 3, 3, 3];
        assert!((game_time(&v) - 0.6).abs() < 1e-12);
        assert_eq!(rh_min(&v, 5), 3);
        assert_eq!(rh_min(&v, 6), 3); // floor(2.4) + 1
        // Nothing left to draw: GameTime 1, RHmin 1 for any AttackLevel.
        v.wall_left = 5;
        assert_eq!(game_time(&v), 1.0);
        assert_eq!(rh_min(&v, NEVER_FOLD), 1);
        assert!(attacks(0, &v, NEVER_FOLD) && !attacks(1, &v, NEVER_FOLD));
        // AttackLevel 99 at the dealer's first discard: floor(99 x 57/58) + 1 = 98.
        v.wall_left = 57 + 5;
        v.meld_counts = [0; SEATS];
        assert_eq!(rh_min(&v, NEVER_FOLD), 98);
        // 13-tile mode: no flowers; 35 of 70 left.
        let mut t = empty_view(Rules::thirteen());
        t.wall_left = 35;
        t.meld_counts = [0, 3, 0, 0];
        assert!((game_time(&t) - 0.5).abs() < 1e-12);
    }

    /// A view where seat 0 defends (AttackLevel 0, one from ready) holding 1p, 5s and
    /// North as unnecessary tiles.
    fn defend_view() -> View {
        let mut v = empty_view(Rules::thesis());
        v.hand = tiles("123m456m789m22p1p5s4z777z");
        v.drawn = 33;
        v.wall_left = 40;
        v
    }

    #[test]
    fn decide_defends_method_1_when_opponents_agree() {
        let mut v = defend_view();
        assert_eq!(rh_num(&v.hand), 1);
        assert_eq!(organise(&v.hand, 5), tiles("1p5s4z"));
        // Attack would throw North or 1p (weight 0, ties to the highest kind: North).
        assert_eq!(
            decide(&v, NEVER_FOLD),
            Action::new(ActionKind::Discard, NORTH as u8)
        );
        // Every opponent discarded 1p last: 0 - 2 x 2/2 = -2 against each, below North's 0.
        for s in 1..4 {
            push_discard(&mut v, s, 32);
            push_discard(&mut v, s, 9);
        }
        assert_eq!(decide(&v, 0), Action::new(ActionKind::Discard, 9));
        // Attacking, the discards only matter through the combinations: North again.
        assert_eq!(
            decide(&v, NEVER_FOLD),
            Action::new(ActionKind::Discard, NORTH as u8)
        );
    }

    #[test]
    fn decide_defends_method_2_when_opponents_disagree() {
        let mut v = defend_view();
        // Seat 1 threw North twice, seat 2 threw 5s, seat 3 threw 1p (at their last places).
        push_discard(&mut v, 1, NORTH as u8);
        push_discard(&mut v, 1, NORTH as u8);
        push_discard(&mut v, 2, 32);
        push_discard(&mut v, 2, 22);
        push_discard(&mut v, 3, 32);
        push_discard(&mut v, 3, 9);
        let piles = Piles::of(&v);
        let left = organise(&v.hand, 5);
        let w = weights(&left, &v.hand, &piles.all.count);
        let cand: [bool; TILE_KINDS] = std::array::from_fn(|k| left[k] > 0);
        let per_seat: Vec<usize> = (1..4)
            .map(|s| lowest(&cand, |k| f64::from(w[k]) - safety(k, &piles.seat[s])))
            .collect();
        // Method 1: North (0 - 4) for seat 1, a tie at 0 going to North for seat 2, 1p
        // (0 - 2 x 2/2) for seat 3: no agreement.
        assert_eq!(per_seat, [NORTH, NORTH, 9]);
        // Method 2 over all 6 discards: North 0 - 4, 5s 2 - 2 x 4/6, 1p 0 - 2 x 6/6.
        assert_eq!(decide(&v, 0), Action::new(ActionKind::Discard, NORTH as u8));
        // Without seat 1's Norths, seats 2 and 3 disagree again (North, 1p) and method 2 now
        // finds 1p (-2) below North (0).
        v.discards[0].tile = 32;
        v.discards[1].tile = 32;
        assert_eq!(decide(&v, 0), Action::new(ActionKind::Discard, 9));
    }

    #[test]
    fn decide_claims_when_rh_num_drops() {
        let mut v = empty_view(Rules::thesis());
        v.phase = Phase::Claim;
        v.seat = 1;
        v.actor = 0;
        v.pending = 0b10;
        v.wall_left = 40;
        v.hand = tiles("123m456m789m22p55p1s4z7z");
        // 5p pung: two from ready before, one after the pung and the best discard.
        v.offered = 13;
        push_discard(&mut v, 0, 13);
        assert_eq!(rh_num(&v.hand), 2);
        assert_eq!(decide(&v, NEVER_FOLD), Action::new(ActionKind::Pung, 13));
        // 6p from the left seat: the chow 567p lowers RHnum from 2 to 1.
        v.offered = 14;
        v.hand = tiles("123m456m789m22p57p1s4z7z");
        assert_eq!(decide(&v, NEVER_FOLD), Action::new(ActionKind::Chow, 13));
        // The same 6p from the seat across: no chow, so a pass.
        v.actor = 3;
        assert_eq!(decide(&v, NEVER_FOLD), Action::PASS);
        // Five blocks already (three sets, 22p, 57p, 13s): the pung of 2p keeps RHnum at 1.
        v.actor = 0;
        v.hand = tiles("123m456m789m22p57p13s4z");
        v.offered = 10;
        let pung = Action::new(ActionKind::Pung, 10);
        assert!(legal_actions(&v).contains(&pung));
        assert_eq!(rh_num(&v.hand), 1);
        assert_eq!(rh_num(&after_claim(&v.hand, v.offered, pung).unwrap()), 1);
        assert_eq!(decide(&v, NEVER_FOLD), Action::PASS);
    }

    #[test]
    fn decide_always_wins() {
        let mut v = empty_view(Rules::thesis());
        v.hand = tiles("123m456m789m234p55p");
        v.drawn = 13;
        v.wall_left = 20;
        assert_eq!(decide(&v, 0), Action::new(ActionKind::Win, 13));
        v.phase = Phase::Claim;
        v.actor = 3;
        v.hand = tiles("123m456m789m234p5p");
        v.offered = 13;
        assert_eq!(decide(&v, 0), Action::new(ActionKind::Win, 13));
    }

    #[test]
    fn decide_always_legal_on_random_views() {
        let mut rng = Rng(7);
        for rules in [Rules::thesis(), Rules::taiwan16(), Rules::thirteen()] {
            for i in 0..4000 {
                let v = random_view(&mut rng, rules);
                let legal = legal_actions(&v);
                for al in [0, 3, 5, 8, NEVER_FOLD] {
                    let a = decide(&v, al);
                    if legal.is_empty() {
                        assert_eq!(a, Action::PASS);
                    } else {
                        assert!(
                            legal.contains(&a),
                            "view {i}: {a:?} not in {:?}",
                            legal.as_slice()
                        );
                    }
                }
            }
        }
    }

    /// Per-seat counts of a self-play run.
    #[derive(Debug, Default)]
    pub(crate) struct Tally {
        pub(crate) wins: [u32; SEATS],
        pub(crate) self_draws: [u32; SEATS],
        pub(crate) deal_ins: [u32; SEATS],
        pub(crate) points: [i32; SEATS],
        pub(crate) draws: u32,
    }

    /// Plays `hands` hands on the engine with `bot` in every seat (each pending seat decides
    /// in seat order), checking every action is accepted.
    pub(crate) fn self_play(
        rules: Rules,
        seed: u64,
        hands: u32,
        bot: impl Fn(&View) -> Action,
    ) -> Tally {
        let mut t = crate::table::Table::new(rules, seed).unwrap();
        let mut tally = Tally::default();
        for h in 0..hands {
            t.deal(h, (h % 4) as u8, 0).unwrap();
            while t.phase() != Phase::Over {
                let pending = t.pending();
                let seat = pending.trailing_zeros() as usize;
                let v = t.view(seat);
                let a = bot(&v);
                if let Err(e) = t.apply(seat, a) {
                    panic!("hand {h}: {a:?} by seat {seat} refused ({e:?}) in {v:?}");
                }
            }
            let r = t.result().unwrap();
            tally.draws += u32::from(r.winners == 0);
            for s in 0..SEATS {
                let won = u32::from(r.winners >> s & 1);
                tally.wins[s] += won;
                if r.end == crate::table::End::SelfDraw {
                    tally.self_draws[s] += won;
                }
                tally.deal_ins[s] += u32::from(usize::from(r.discarder) == s);
                tally.points[s] += r.points[s];
            }
        }
        tally
    }

    /// The thesis' experiment (figs. 4-1 to 4-6): seed:AL in seat 0 against three seed:99.
    /// `cargo test --release --lib thesis_experiment -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn thesis_experiment() {
        crate::init();
        let n = 4_000;
        for al in 3..=8 {
            let t = self_play(Rules::thesis(), 2014, n, |v| {
                decide(v, if v.seat == 0 { al } else { NEVER_FOLD })
            });
            let pct = |x: u32| 100.0 * f64::from(x) / f64::from(n);
            println!(
                "AL {al} vs 99: draws {:.1}%, seat 0 win {:.1}% (self {:.1}%) deal-in {:.1}% points {}; \
                 others win {:.1}% deal-in {:.1}%",
                pct(t.draws),
                pct(t.wins[0]),
                pct(t.self_draws[0]),
                pct(t.deal_ins[0]),
                t.points[0],
                pct(t.wins[1..].iter().sum::<u32>()) / 3.0,
                pct(t.deal_ins[1..].iter().sum::<u32>()) / 3.0,
            );
        }
    }

    #[test]
    fn self_play_every_action_accepted() {
        for rules in [Rules::thesis(), Rules::thirteen()] {
            let t = self_play(rules, 5, 150, |v| {
                decide(v, [3, 5, 8, NEVER_FOLD][usize::from(v.seat)])
            });
            assert!(t.wins.iter().sum::<u32>() > 50, "{t:?}");
            assert_eq!(t.points.iter().sum::<i32>(), 0);
        }
    }

    /// CPU time of the calling thread in seconds (Linux; 0 elsewhere), so a speed test on a
    /// loaded machine still reports one core's throughput.
    pub(crate) fn thread_cpu_seconds() -> f64 {
        std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
            .map_or(0.0, |ns| ns as f64 * 1e-9)
    }

    /// `cargo test --release --lib self_play_speed -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn self_play_speed() {
        crate::init();
        for al in [5, NEVER_FOLD] {
            let n = 20_000;
            let (t, cpu) = (std::time::Instant::now(), thread_cpu_seconds());
            let wins = self_play(Rules::thesis(), 1, n, |v| decide(v, al)).wins;
            let (s, c) = (t.elapsed().as_secs_f64(), thread_cpu_seconds() - cpu);
            let n = f64::from(n);
            println!(
                "four seed:{al} bots: {:.0} hands/s wall, {:.0} hands/s of CPU time, wins {wins:?}",
                n / s,
                n / c
            );
        }
    }

    /// `cargo test --release --lib decide_speed -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn decide_speed() {
        // The views of seed-bot self-play (the decisions a game asks for), and random deals.
        let (turns, claims) = (
            std::cell::RefCell::new(Vec::new()),
            std::cell::RefCell::new(Vec::new()),
        );
        self_play(Rules::thesis(), 8, 1000, |v| {
            match v.phase {
                Phase::Turn => turns.borrow_mut().push(*v),
                _ => claims.borrow_mut().push(*v),
            }
            decide(v, 5)
        });
        let (turns, claims) = (turns.into_inner(), claims.into_inner());
        let mut rng = Rng(11);
        let mut random = Vec::new();
        while random.len() < 20_000 {
            let v = random_view(&mut rng, Rules::taiwan16());
            if v.is_pending() && v.phase == Phase::Turn {
                random.push(v);
            }
        }
        crate::init();
        let cpu = thread_cpu_seconds();
        let mut h = 0u8;
        for _ in 0..5 {
            for v in turns.iter() {
                let total: usize = v.hand.iter().map(|&x| usize::from(x)).sum();
                h = h.wrapping_add(std::hint::black_box(organise(&v.hand, total / 3))[0]);
            }
        }
        let us = (thread_cpu_seconds() - cpu) * 1e6 / (5 * turns.len()) as f64;
        println!("organise alone (self-play turns): {us:.2} µs CPU ({h})");
        for (name, views) in [
            ("self-play turn", &turns),
            ("self-play claim", &claims),
            ("random-deal turn", &random),
        ] {
            for al in [5, NEVER_FOLD] {
                let (t, cpu) = (std::time::Instant::now(), thread_cpu_seconds());
                let mut h = 0u64;
                for _ in 0..5 {
                    for v in views.iter() {
                        h = h.wrapping_add(u64::from(std::hint::black_box(decide(v, al)).tile));
                    }
                }
                let n = (5 * views.len()) as f64;
                let us = t.elapsed().as_secs_f64() * 1e6 / n;
                let cpu_us = (thread_cpu_seconds() - cpu) * 1e6 / n;
                println!(
                    "seed {name} AttackLevel {al}: {us:.2} µs wall, {cpu_us:.2} µs CPU per decision ({h})"
                );
            }
        }
    }
}
