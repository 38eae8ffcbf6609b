//! The exact search: regular targets level by level, scored by the real scorer, and the special
//! forms' distances from [`super::special`].

use super::special;
use super::{DiscardPlan, Limits, MAX_ROUTES, Plan, PlanHand, Route};
use crate::forms::Forms;
use crate::mcr::{DivisionScorer, TABLE_LEN, Table, fans};
use crate::tile::{Counts, TILE_KINDS};
use std::cell::Cell;

/// Kinds where a chow may start (ranks 1-7 of the three suits), mjkit order.
const CHOW_STARTS: u64 = 0x7F | 0x7F << 9 | 0x7F << 18;

/// A regular target as the enumeration passes it: the concealed counts, and how many tiles of
/// each kind are missing from the hand.
pub(crate) struct Target<'a> {
    /// Concealed counts of the target (the pair and the sets; declared melds not included).
    pub counts: &'a Counts,
    /// Tiles missing from the hand, in all.
    pub deficit: u32,
    /// The concealed sets: `(true, first)` a chow, `(false, tile)` a pung.
    pub sets: &'a [(bool, u8)],
    /// The pair's kind.
    pub pair: u8,
}

/// Enumerates the regular targets of the hand `g` (concealed counts) with `sets` concealed sets
/// and a pair, at most `caps[k]` copies of kind `k`, and at most `max_deficit` tiles missing;
/// `extra` = target size minus hand size (1 for a waiting hand, 0 for a hand about to
/// discard). A target with several decompositions is passed once per decomposition. `f`
/// returns false to stop; the search also stops when `budget` (search steps) runs out. Returns
/// whether it ran to the end.
pub(crate) fn each_regular_target(
    g: &Counts,
    caps: &Counts,
    sets: usize,
    max_deficit: u32,
    extra: u32,
    budget: &Cell<u32>,
    f: &mut dyn FnMut(&Target) -> bool,
) -> bool {
    let ge = [1u8, 2, 3].map(|n| (0..TILE_KINDS).fold(0u64, |m, k| m | u64::from(g[k] >= n) << k));
    let mut e = Enum {
        budget,
        r: *g,
        rem: g.iter().map(|&x| u32::from(x)).sum(),
        ge,
        t: [0; TILE_KINDS],
        chosen: [(false, 0); 4],
        pair: 0,
        caps: *caps,
        sets,
        max_deficit,
        // Held tiles a target leaves unused: its deficit minus `extra`.
        max_skip: max_deficit.saturating_sub(extra),
        f,
    };
    for (p, &cap) in caps.iter().enumerate() {
        if cap < 2 {
            continue;
        }
        let used = e.r[p].min(2);
        let d = 2 - u32::from(used);
        if d > max_deficit {
            continue;
        }
        e.r[p] -= used;
        e.sync(p);
        e.rem -= u32::from(used);
        e.t[p] = 2;
        e.pair = p as u8;
        let go = e.sets(0, -1, 0, 0, d);
        e.t[p] = 0;
        e.rem += u32::from(used);
        e.r[p] += used;
        e.sync(p);
        if !go {
            return false;
        }
    }
    true
}

struct Enum<'f> {
    /// Search steps left.
    budget: &'f Cell<u32>,
    /// Held tiles not used by the target so far, their number, and the kinds with at least
    /// one, two, three of them left.
    r: Counts,
    rem: u32,
    ge: [u64; 3],
    /// The target so far, its sets and pair.
    t: Counts,
    chosen: [(bool, u8); 4],
    pair: u8,
    caps: Counts,
    sets: usize,
    max_deficit: u32,
    max_skip: u32,
    f: &'f mut dyn FnMut(&Target) -> bool,
}

impl Enum<'_> {
    /// Updates the count masks for kind `k` after `r[k]` changed.
    #[inline(always)]
    fn sync(&mut self, k: usize) {
        let n = self.r[k];
        for (i, m) in self.ge.iter_mut().enumerate() {
            *m = (*m & !(1 << k)) | u64::from(n > i as u8) << k;
        }
    }

    /// Chooses set `idx` and the following ones, keys `2p` (pung) / `2p + 1` (chow) not below
    /// `prev` (pungs above it); `from`: the position from which held tiles are not yet counted
    /// as skipped; `skipped`: held tiles below `from` left unused; `deficit` so far.
    ///
    /// Two bounds prune: the sets left can use at most three held tiles each, so the held
    /// tiles at or above the current position beyond that are left unused too; and they need
    /// three tiles each, so what the held tiles there cannot give is missing.
    fn sets(&mut self, idx: usize, prev: i32, from: usize, skipped: u32, deficit: u32) -> bool {
        let steps = self.budget.get();
        if steps == 0 {
            return false;
        }
        self.budget.set(steps - 1);
        if idx == self.sets {
            return (self.f)(&Target {
                counts: &self.t,
                deficit,
                sets: &self.chosen[..idx],
                pair: self.pair,
            });
        }
        let left = 3 * (self.sets - idx) as u32;
        let mut skipped = skipped;
        let start = (prev.max(0) / 2) as usize;
        // Held tiles between `from` and `start` can no longer be used.
        for q in from..start {
            skipped += u32::from(self.r[q]);
        }
        // Held tiles at or above the current position.
        let mut above = self.rem - skipped;
        let (max_skip, max_deficit) = (self.max_skip, self.max_deficit);
        let hopeless = |skipped: u32, above: u32| {
            skipped + above.saturating_sub(left) > max_skip
                || deficit + left.saturating_sub(above) > max_deficit
        };
        if hopeless(skipped, above) {
            return true;
        }
        // With fewer than three missing tiles left to spend, a set must hold some of the held
        // tiles: only those starts are tried (a mask of the kinds held, shifted per offset).
        let spend = max_deficit - deficit;
        let (pungs, chows) = if spend >= 3 {
            (crate::tile::ALL_KINDS_MASK, CHOW_STARTS)
        } else {
            let held = self.ge[0];
            let (h0, h1, h2) = (held, held >> 1, held >> 2);
            let need = (3 - spend) as usize; // held tiles the set must use
            let chows = match need {
                1 => h0 | h1 | h2,
                2 => (h0 & h1) | (h0 & h2) | (h1 & h2),
                _ => h0 & h1 & h2,
            } & CHOW_STARTS;
            (self.ge[need - 1], chows)
        };
        let candidates = (pungs | chows) & !((1u64 << start) - 1);
        let mut next = start;
        let mut it = candidates;
        while it != 0 {
            let p = it.trailing_zeros() as usize;
            it &= it - 1;
            // Held tiles between the last candidate and this one are left unused.
            for q in next..p {
                skipped += u32::from(self.r[q]);
                above -= u32::from(self.r[q]);
            }
            next = p;
            if hopeless(skipped, above) {
                return true;
            }
            let key = 2 * p as i32;
            if pungs >> p & 1 != 0 && key > prev && self.t[p] + 3 <= self.caps[p] {
                let used = self.r[p].min(3);
                let d = deficit + 3 - u32::from(used);
                if d <= self.max_deficit {
                    self.r[p] -= used;
                    self.sync(p);
                    self.rem -= u32::from(used);
                    self.t[p] += 3;
                    self.chosen[idx] = (false, p as u8);
                    let go = self.sets(idx + 1, key, p, skipped, d);
                    self.t[p] -= 3;
                    self.rem += u32::from(used);
                    self.r[p] += used;
                    self.sync(p);
                    if !go {
                        return false;
                    }
                }
            }
            if chows >> p & 1 != 0
                && key + 1 >= prev
                && self.t[p] < self.caps[p]
                && self.t[p + 1] < self.caps[p + 1]
                && self.t[p + 2] < self.caps[p + 2]
            {
                let missing = u32::from(self.r[p] == 0)
                    + u32::from(self.r[p + 1] == 0)
                    + u32::from(self.r[p + 2] == 0);
                let d = deficit + missing;
                if d <= self.max_deficit {
                    let used = [self.r[p] > 0, self.r[p + 1] > 0, self.r[p + 2] > 0];
                    for (i, q) in (p..p + 3).enumerate() {
                        self.r[q] -= u8::from(used[i]);
                        self.sync(q);
                        self.t[q] += 1;
                    }
                    self.rem -= 3 - missing;
                    self.chosen[idx] = (true, p as u8);
                    let go = self.sets(idx + 1, key + 1, p, skipped, d);
                    self.rem += 3 - missing;
                    for (i, q) in (p..p + 3).enumerate() {
                        self.t[q] -= 1;
                        self.r[q] += u8::from(used[i]);
                        self.sync(q);
                    }
                    if !go {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// What the search keeps of one qualifying target: its missing tiles and the qualifying
/// winning tiles among them, and its top fan.
#[derive(Clone, Copy)]
struct Found {
    missing: Counts,
    wins: u64,
    fan: u8,
    /// The winning tiles are held (a copy is discarded and drawn again), not missing.
    redraw: bool,
}

/// The kinds whose draw brings `f` one exchange nearer: any missing kind when the winning tile
/// is held; else a missing kind `x` such that a qualifying winning tile is still missing after
/// drawing `x`. When `ready`, the winning tiles.
fn draws_of(f: &Found, ready: bool) -> u64 {
    if ready {
        return f.wins;
    }
    if f.redraw {
        return (0..TILE_KINDS).fold(0u64, |m, x| m | u64::from(f.missing[x] != 0) << x);
    }
    let mut d = 0u64;
    for x in 0..TILE_KINDS {
        if f.missing[x] == 0 {
            continue;
        }
        let other_win = f.wins & !(1u64 << x) != 0;
        let same_again = f.wins >> x & 1 == 1 && f.missing[x] >= 2;
        if other_win || same_again {
            d |= 1 << x;
        }
    }
    d
}

/// Scores the regular target `t` won on each kind of `candidates`: a bound over every winning
/// tile first (one decomposition score), then each candidate when the bound reaches 8. Returns
/// the bound, the qualifying candidates and the top fan of the first.
fn score_target(hand: &PlanHand, t: &Target, candidates: u64) -> (i32, u64, u8) {
    let Ok(mut sc) = DivisionScorer::new(&hand.target(t.counts, t.pair)) else {
        return (0, 0, 0);
    };
    let sets = sc.sets(t.sets);
    let bound = sc.upper_bound(&sets, t.pair);
    if bound < 8 {
        return (bound, 0, 0);
    }
    let (mut wins, mut fan) = (0u64, 0u8);
    let mut table: Table = [0; TABLE_LEN];
    let mut m = candidates;
    while m != 0 {
        let k = m.trailing_zeros() as usize;
        m &= m - 1;
        if sc.total(&sets, t.pair, k, &mut table) >= 8 {
            wins |= 1 << k;
            if fan == 0 {
                fan = top_fan(&table);
            }
        }
    }
    (bound, wins, fan)
}

/// The top fan of a fan table: most points, the lower id first; 0 for none.
fn top_fan(t: &Table) -> u8 {
    let mut best = (0u8, 0usize);
    for (id, &n) in t.iter().enumerate().take(fans::MAX_FAN_ID + 1).skip(1) {
        if n == 0 || id == fans::FLOWER_TILES {
            continue;
        }
        let p = fans::points(id).unwrap_or(0);
        if p > best.0 {
            best = (p, id);
        }
    }
    best.1 as u8
}

/// Routes being collected.
struct Routes {
    list: [Route; MAX_ROUTES],
    n: usize,
}

impl Routes {
    fn add(&mut self, fan: u8, distance: i32, draws: u64) {
        if fan == 0 || !(0..=i32::from(u8::MAX)).contains(&distance) {
            return;
        }
        let distance = distance as u8;
        if let Some(r) = self.list[..self.n].iter_mut().find(|r| r.fan == fan) {
            if distance < r.distance {
                *r = Route {
                    fan,
                    distance,
                    draws,
                };
            } else if distance == r.distance {
                r.draws |= draws;
            }
            return;
        }
        if self.n < MAX_ROUTES {
            self.list[self.n] = Route {
                fan,
                distance,
                draws,
            };
            self.n += 1;
        }
    }
}

/// Unseen copies of the kinds in `mask`.
fn live(hand: &PlanHand, mask: u64) -> u32 {
    (0..TILE_KINDS)
        .filter(|&k| mask >> k & 1 == 1)
        .map(|k| u32::from(4 - hand.concealed[k] - hand.visible[k]))
        .sum()
}

/// Search steps charged for scoring one target (about what enumerating one costs).
const TARGET_STEPS: u32 = 16;

/// The plan of a validated waiting hand.
pub(crate) fn plan(hand: &PlanHand, limits: Limits) -> Plan {
    plan_within(hand, limits, &Cell::new(limits.max_steps), i32::MAX, true)
}

/// [`plan`] sharing `budget` (search steps left) and giving up past distance `stop_after`
/// (then `distance` is a lower bound above it, `exact` false); the special forms' draws only
/// with `special_draws` (else [`special_draws`] adds them later).
pub(crate) fn plan_within(
    hand: &PlanHand,
    limits: Limits,
    budget: &Cell<u32>,
    stop_after: i32,
    special_draws: bool,
) -> Plan {
    let g = &hand.concealed;
    let caps = hand.caps();
    let sets = hand.sets_needed();
    let forms = special::concealed_forms(hand, &caps);
    let mut special_best = forms.iter().map(|f| f.distance).min().unwrap_or(Plan::NONE);

    let mut routes = Routes {
        list: [Route::default(); MAX_ROUTES],
        n: 0,
    };
    let mut best_fan = 0i32;
    let mut found: Vec<Found> = Vec::new();
    let mut regular_best = Plan::NONE;

    // Level L holds the targets missing L tiles. A target whose winning tile is one of them
    // is L - 1 exchanges away; one whose winning tile is held (and still has an unseen copy)
    // is L away: a copy is discarded on the way and drawn again. So at level L the first pass
    // scores the missing kinds (distance L - 1); when neither it nor the second pass of level
    // L - 1 found a qualifying target, the second pass scores the held kinds (distance L).
    // The first level is the regular shanten number + 1. `lower` is set when the search stops
    // before finding a regular target: the regular distance is then at least that.
    let lowest = crate::shanten::shanten(g, Forms::REGULAR).map_or(u32::MAX, |s| (s + 1) as u32);
    let mut first_complete: Option<u32> = None;
    let mut lower: Option<i32> = None;
    let mut held: Vec<Found> = Vec::new();
    let mut level = lowest;
    while level <= 14 {
        let dist = level as i32 - 1;
        if dist > special_best {
            break; // a special form is nearer: the regular distance does not matter
        }
        if dist > stop_after || first_complete.is_some_and(|f| level - f > limits.slack) {
            if held.is_empty() {
                lower = Some(dist);
            } else {
                // The held winners of the last level are at this distance: it is exact (the
                // missing-tile targets of this level, at the same distance, are not searched).
                found.append(&mut held);
                regular_best = dist;
            }
            break;
        }
        let mut any = false;
        let done = each_regular_target(g, &caps, sets, level, 1, budget, &mut |t| {
            if t.deficit < level {
                return true; // scored at a lower level
            }
            any = true;
            let steps = budget.get();
            if steps < TARGET_STEPS {
                budget.set(0);
                return false;
            }
            budget.set(steps - TARGET_STEPS);
            let missing: Counts = std::array::from_fn(|k| t.counts[k].saturating_sub(g[k]));
            let candidates = (0..TILE_KINDS).fold(0u64, |m, k| m | u64::from(missing[k] != 0) << k);
            let (bound, wins, fan) = score_target(hand, t, candidates);
            best_fan = best_fan.max(bound);
            if wins != 0 {
                found.push(Found {
                    missing,
                    wins,
                    fan,
                    redraw: false,
                });
            }
            true
        });
        if !done {
            lower = Some(dist);
            break;
        }
        if any && first_complete.is_none() {
            first_complete = Some(level);
        }
        if !found.is_empty() || !held.is_empty() {
            found.append(&mut held);
            regular_best = dist;
            break;
        }
        // The second pass of this level: held winning tiles, distance `level`.
        if level as i32 > stop_after || level as i32 > special_best {
            lower = Some(level as i32);
            break;
        }
        let done = each_regular_target(g, &caps, sets, level, 1, budget, &mut |t| {
            if t.deficit < level {
                return true;
            }
            let steps = budget.get();
            if steps < TARGET_STEPS {
                budget.set(0);
                return false;
            }
            budget.set(steps - TARGET_STEPS);
            // Held kinds with an unseen copy left.
            let candidates = (0..TILE_KINDS).fold(0u64, |m, k| {
                m | u64::from(t.counts[k] != 0 && t.counts[k] <= g[k] && g[k] < caps[k]) << k
            });
            let (_, wins, fan) = score_target(hand, t, candidates);
            if wins != 0 {
                held.push(Found {
                    missing: std::array::from_fn(|k| t.counts[k].saturating_sub(g[k])),
                    wins,
                    fan,
                    redraw: true,
                });
            }
            true
        });
        if !done {
            lower = Some(level as i32);
            break;
        }
        level += 1;
    }

    if regular_best == Plan::NONE && lower.is_none() && !held.is_empty() {
        // Held winners of the last level (14 tiles missing).
        found.append(&mut held);
        regular_best = 14;
    }
    // 组合龙 last, only when it can be as near as what was found.
    let bound = regular_best
        .min(special_best)
        .min(lower.unwrap_or(Plan::NONE));
    let knitted = special::knitted_form(hand, &caps, bound);
    special_best = special_best.min(knitted.distance);
    let mut specials = [forms[0], forms[1], forms[2], knitted];
    // The regular distance is exact (found, or no regular target exists), or at least `lower`.
    let (distance, exact) = match lower {
        Some(lb) if lb <= special_best => (lb, lb == special_best),
        _ => (regular_best.min(special_best), true),
    };
    let mut draws = 0u64;
    if regular_best == distance && distance != Plan::NONE {
        for f in &found {
            let d = draws_of(f, distance == 0);
            draws |= d;
            routes.add(f.fan, distance, d);
        }
    }
    for f in &mut specials {
        if f.distance == Plan::NONE {
            continue;
        }
        // The draws of the forms as near as the plan (the routes of the others list none).
        if special_draws && f.distance == distance {
            f.draws = special::form_draws(usize::from(f.fan), hand, &caps);
        }
        if f.distance == distance {
            draws |= f.draws;
        }
        routes.add(f.fan, f.distance, f.draws);
    }
    // Nearest first, then by points.
    let list = &mut routes.list[..routes.n];
    list.sort_by_key(|r| {
        (
            r.distance,
            std::cmp::Reverse(fans::points(usize::from(r.fan)).unwrap_or(0)),
            r.fan,
        )
    });
    Plan {
        distance,
        exact,
        draws,
        live: live(hand, draws),
        routes: routes.list,
        route_count: routes.n as u8,
        best_fan,
    }
}

/// [`super::discards`] of a validated hand about to discard.
pub(crate) fn discards(hand: &PlanHand, limits: Limits) -> Vec<DiscardPlan> {
    discards_within(hand, limits, &Cell::new(limits.max_steps))
}

/// [`discards`] sharing `budget`.
pub(crate) fn discards_within(
    hand: &PlanHand,
    limits: Limits,
    budget: &Cell<u32>,
) -> Vec<DiscardPlan> {
    let h = hand.concealed;
    // Lower bounds first: the regular shanten number and the special forms' exact distances.
    let mut order: Vec<(i32, u8)> = Vec::new();
    for (k, &n) in h.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let mut g = *hand;
        g.concealed[k] -= 1;
        g.visible[k] += 1; // the discard is seen by everyone
        let regular = crate::shanten::shanten(&g.concealed, Forms::REGULAR).unwrap_or(Plan::NONE);
        let caps = g.caps();
        let mut special = Plan::NONE;
        if g.meld_count == 0 {
            let c = &g.concealed;
            for m in [
                special::seven_pairs(c, &caps),
                special::thirteen_orphans(c, &caps),
                special::honors_and_knitted(c, &caps),
            ]
            .into_iter()
            .flatten()
            {
                special = special.min(m as i32 - 1);
            }
        }
        if g.meld_count <= 1 {
            if let Some(m) = special::knitted_lower(&g.concealed, &caps) {
                special = special.min(m as i32 - 1);
            }
        }
        order.push((regular.min(special), k as u8));
    }
    order.sort();
    let mut best = Plan::NONE;
    let mut out = Vec::with_capacity(order.len());
    for &(lb, k) in &order {
        let mut g = *hand;
        g.concealed[usize::from(k)] -= 1;
        g.visible[usize::from(k)] += 1;
        let plan = if lb > best {
            Plan {
                distance: lb.max(best.saturating_add(1)).min(Plan::NONE),
                exact: false,
                draws: 0,
                live: 0,
                routes: [Route::default(); MAX_ROUTES],
                route_count: 0,
                best_fan: 0,
            }
        } else {
            plan_within(&g, limits, budget, best, false)
        };
        if plan.distance < best {
            best = plan.distance;
        }
        out.push(DiscardPlan { tile: k, plan });
    }
    // The special forms' draws, for the best discards only.
    for d in &mut out {
        if d.plan.distance == best && best != Plan::NONE {
            let mut g = *hand;
            g.concealed[usize::from(d.tile)] -= 1;
            g.visible[usize::from(d.tile)] += 1;
            add_special_draws(&g, &mut d.plan);
        }
    }
    out.sort_by_key(|d| d.tile);
    out
}

/// Adds to `plan` (of `hand`, made without them) the draws of the special forms at its
/// distance, to the plan's draws and to their routes.
pub(crate) fn add_special_draws(hand: &PlanHand, plan: &mut Plan) {
    let caps = hand.caps();
    let forms = special::concealed_forms(hand, &caps);
    let knitted = special::knitted_form(hand, &caps, plan.distance);
    for f in forms.iter().chain(std::iter::once(&knitted)) {
        if f.distance != plan.distance {
            continue;
        }
        let d = special::form_draws(usize::from(f.fan), hand, &caps);
        plan.draws |= d;
        for r in &mut plan.routes[..usize::from(plan.route_count)] {
            if r.fan == f.fan {
                r.draws |= d;
            }
        }
    }
    plan.live = live(hand, plan.draws);
}
