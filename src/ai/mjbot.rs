//! mjkit's own bot: exact tile efficiency, a win-probability estimate, a danger model read from
//! the table, and push/fold from the two.
//!
//! **Efficiency.** For every discard the exact regular-form shanten and the live ukeire (copies
//! of the accepted kinds that this seat has not seen) come from [`crate::efficiency`].
//!
//! **Win probability.** `p_win(s, u, d)` estimates the chance to complete the hand from shanten
//! `s` with `u` live accepted tiles among `unseen`, with `d` own draws left: a small dynamic
//! program over the remaining draw cycles, where each cycle the hand advances with probability
//! `1 - (1 - u/unseen)^e` (`e` counts the own draw plus the discards of the others that could
//! be claimed: a win on any discard when ready, a pung or chow before), later stages use typical
//! acceptance for their shanten, and the hand survives each cycle (nobody else wins) with a
//! probability that falls as the opponents get closer to ready.
//!
//! **Danger.** For each opponent, the chance of being ready comes from its melds, its discards
//! and the stage of the hand (a logistic curve fitted to self-play; see the README). Given
//! ready, the chance that kind `k` is among its waits is proportional to the number of live
//! shapes waiting on `k` (sequences from the unseen copies of the partner tiles, pairs and
//! singles from the unseen copies of `k`), discounted where the opponent itself discarded the
//! partner tiles or `k` (there is no furiten in these rules, so a discarded kind stays possible
//! but less likely). A kind with no unseen copy left and no sequence shape is safe.
//!
//! **Decision.** The most efficient discard (lowest shanten, then most live ukeire, then the
//! tile that connects least) is played while its danger is below `SAFE_ENOUGH`; otherwise each
//! discard is scored `GAIN * p_win(after) - LOSS * danger(tile)` and the best is played, which
//! folds a far hand and pushes a close one. Chows and pungs are claimed when they lower the
//! shanten number, kongs declared when they do not raise it, and a win is always taken. Ties
//! break by the seed.

use crate::efficiency;
use crate::forms::Forms;
use crate::hand::Hand;
use crate::table::{Action, ActionKind, Actions, NO_TILE, Phase, SEATS, View, legal_actions};
use crate::tile::{Counts, HONOR_START, TILE_KINDS};

/// Value of winning relative to a deal-in (a discard win is +1, a self-draw +3, and a win also
/// stops the others' self-draws, which cost -1 each).
const GAIN: f64 = 2.0;
/// Cost of dealing in.
const LOSS: f64 = 1.0;
/// Typical live acceptance of a hand at shanten 0, 1, 2, ... (used for later stages).
const TYPICAL_UKEIRE: [f64; 9] = [5.0, 16.0, 28.0, 38.0, 46.0, 52.0, 56.0, 60.0, 64.0];
/// Danger below which the most efficient discard is played without weighing it.
const SAFE_ENOUGH: f64 = 0.03;
/// Most draw cycles modelled.
const MAX_CYCLES: usize = 40;

/// What the bot knows of the table, computed once per decision.
struct Reading {
    /// Tiles this seat sees outside its hand.
    visible: Counts,
    /// Sum of `unseen`.
    unseen_total: f64,
    /// Own draws left.
    cycles: usize,
    /// Per kind, the probability of dealing in by discarding it now.
    danger: [f64; TILE_KINDS],
    /// Probability per cycle that nobody else wins.
    survive: f64,
}

/// The decision of mjkit's bot for a pending seat of `view` (ties broken by `seed`).
pub fn decide(view: &View, seed: u64) -> Action {
    let legal = legal_actions(view);
    decide_among(view, &legal, seed)
}

fn decide_among(view: &View, legal: &Actions, seed: u64) -> Action {
    let actions = legal.as_slice();
    if let Some(a) = actions.iter().find(|a| a.kind == ActionKind::Win) {
        return *a;
    }
    let Some(&first) = actions.first() else {
        return Action::PASS;
    };
    let r = read(view);
    match view.phase {
        Phase::Turn => turn(view, actions, &r, seed),
        Phase::Claim => claim(view, actions, &r),
        Phase::Over => first,
    }
}

fn read(view: &View) -> Reading {
    let vis = view.visible();
    let mut unseen = [0u8; TILE_KINDS];
    let mut unseen_total = 0.0;
    for k in 0..TILE_KINDS {
        unseen[k] = 4u8.saturating_sub(vis[k] + view.hand[k]);
        unseen_total += f64::from(unseen[k]);
    }
    let flowers_left = if view.rules.variant.has_flowers() {
        8 - view.flowers.iter().map(|f| f.count_ones()).sum::<u32>()
    } else {
        0
    };
    let draws_left = u32::from(view.wall_left).saturating_sub(flowers_left);
    let cycles = ((draws_left as usize) / SEATS).min(MAX_CYCLES);
    let me = usize::from(view.seat);
    let mut danger = [0.0f64; TILE_KINDS];
    let mut safe_all = [1.0f64; TILE_KINDS];
    let mut threat = 0.0;
    for o in 0..SEATS {
        if o == me {
            continue;
        }
        let p = ready_probability(view, o, draws_left);
        threat += p;
        let w = wait_weights(view, o, &unseen);
        let sum: f64 = w.iter().sum();
        if sum <= 0.0 {
            continue;
        }
        for k in 0..TILE_KINDS {
            // A ready hand waits on about two kinds.
            let pk = (p * 2.0 * w[k] / sum).min(p);
            safe_all[k] *= 1.0 - pk;
        }
    }
    for k in 0..TILE_KINDS {
        danger[k] = 1.0 - safe_all[k];
    }
    // Each cycle a ready opponent completes with roughly the chance of its own draw plus the
    // discards it sees.
    let survive = (1.0 - 0.06 * threat).clamp(0.5, 1.0);
    Reading {
        visible: vis,
        unseen_total: unseen_total.max(1.0),
        cycles,
        danger,
        survive,
    }
}

/// Chance that opponent `o` is ready, from its melds, discards and the stage of the hand.
fn ready_probability(view: &View, o: usize, draws_left: u32) -> f64 {
    let melds = f64::from(view.meld_counts[o]);
    let discards = view
        .discard_list()
        .iter()
        .filter(|d| usize::from(d.seat) == o)
        .count() as f64;
    let sets = view.rules.variant.sets() as f64;
    // Fitted on self-play (see README): later in the hand and with more melds, more ready.
    let x = -4.2 + 0.22 * discards + 0.55 * melds * 5.0 / sets - 0.004 * f64::from(draws_left);
    1.0 / (1.0 + (-x).exp())
}

/// Relative weight of each kind being among opponent `o`'s waits, given it is ready.
fn wait_weights(view: &View, o: usize, unseen: &[u8; TILE_KINDS]) -> [f64; TILE_KINDS] {
    let mut discarded = [false; TILE_KINDS];
    for d in view.discard_list() {
        if usize::from(d.seat) == o {
            discarded[usize::from(d.tile)] = true;
        }
    }
    let u = |k: usize| -> f64 {
        let base = f64::from(unseen[k]);
        if discarded[k] { base * 0.5 } else { base }
    };
    let mut w = [0.0f64; TILE_KINDS];
    for k in 0..TILE_KINDS {
        // Pair waits (shanpon) and single waits (tanki) need copies of k in the opponent's hand.
        let uk = f64::from(unseen[k]);
        let mut shapes = 0.25 * uk + 0.15 * uk * (uk - 1.0).max(0.0);
        if k < HONOR_START {
            let n = k % 9;
            // Two-sided and edge waits: k-2,k-1 / k+1,k+2; closed wait: k-1,k+1.
            if n >= 2 {
                let f = if n == 2 { 0.6 } else { 1.0 };
                shapes += f * u(k - 2) * u(k - 1) * 0.25;
            }
            if n <= 6 {
                let f = if n == 6 { 0.6 } else { 1.0 };
                shapes += f * u(k + 1) * u(k + 2) * 0.25;
            }
            if (1..=7).contains(&n) {
                shapes += 0.6 * u(k - 1) * u(k + 1) * 0.25;
            }
        }
        if discarded[k] {
            shapes *= 0.6;
        }
        w[k] = shapes;
    }
    w
}

/// Chance of completing the hand from shanten `s` with `u` live accepted tiles.
fn p_win(s: i32, u: f64, r: &Reading) -> f64 {
    if s < 0 {
        return 1.0;
    }
    let s = s as usize;
    let n = r.cycles;
    if n == 0 || s >= TYPICAL_UKEIRE.len() {
        return 0.0;
    }
    // Tiles the hand can use per cycle: own draw, and the others' discards (any when ready,
    // fewer before: pungs from anyone, chows only from the left).
    let advance = |stage: usize, live: f64| -> f64 {
        let exposures = if stage == 0 { 2.2 } else { 1.5 };
        1.0 - (1.0 - (live / r.unseen_total).min(1.0)).powf(exposures)
    };
    // prob[j] = chance of having completed within j cycles from the current stage downwards.
    let mut next = [0.0f64; MAX_CYCLES + 1]; // stage below (starts as "complete": 1.0)
    for v in next.iter_mut() {
        *v = 1.0;
    }
    let mut cur = [0.0f64; MAX_CYCLES + 1];
    // s < TYPICAL_UKEIRE.len() (checked above): stages 0..=s.
    for (stage, &typical) in TYPICAL_UKEIRE.iter().enumerate().take(s + 1) {
        let live = if stage == s {
            u
        } else {
            typical * r.unseen_total / 100.0
        };
        let q = advance(stage, live);
        // cur[j] = sum over first success at cycle i <= j of (1-q)^(i-1) q * survive^i * next[j-i]
        for j in 0..=n {
            let mut acc = 0.0;
            let mut miss = 1.0;
            let mut alive = 1.0;
            for i in 1..=j {
                alive *= r.survive;
                acc += miss * q * alive * next[j - i];
                miss *= 1.0 - q;
            }
            cur[j] = acc;
        }
        next = cur;
    }
    next[n]
}

/// One discard candidate: shanten and live ukeire after it, danger of the tile, score.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    tile: u8,
    shanten: i32,
    ukeire: u32,
    score: f64,
}

/// Scores every discard of a 3n+2 hand; returns how many were written.
fn candidates(hand: &Counts, r: &Reading, out: &mut [Candidate; TILE_KINDS]) -> usize {
    let Ok(h) = Hand::new(hand) else { return 0 };
    let Ok(list) = efficiency::discards(&h, Forms::REGULAR, Some(&r.visible)) else {
        return 0;
    };
    let mut n = 0;
    for d in &list {
        let t = usize::from(d.tile);
        let score = GAIN * p_win(d.shanten, f64::from(d.ukeire_count), r) - LOSS * r.danger[t];
        out[n] = Candidate {
            tile: d.tile,
            shanten: d.shanten,
            ukeire: d.ukeire_count,
            score,
        };
        n += 1;
    }
    n
}

/// The most efficient discard: lowest shanten, then most live ukeire, then the tile that
/// connects least with the hand, then the seed.
fn most_efficient(hand: &Counts, cs: &[Candidate], seed: u64) -> Candidate {
    let key = |c: &Candidate| (c.shanten, std::cmp::Reverse(c.ukeire));
    *cs.iter()
        .min_by(|a, b| {
            key(a).cmp(&key(b)).then_with(|| {
                let (ca, cb) = (
                    connectivity(hand, a.tile.into()),
                    connectivity(hand, b.tile.into()),
                );
                ca.partial_cmp(&cb)
                    .unwrap_or(std::cmp::Ordering::Equal)
                    .then_with(|| tie_key(seed, a.tile).cmp(&tie_key(seed, b.tile)))
            })
        })
        .expect("a 3n+2 hand has a discard")
}

/// The discard to play and its score: the most efficient one while it is safe enough, else
/// the best trade of win chance against danger.
fn choose_discard(hand: &Counts, r: &Reading, seed: u64) -> Option<Candidate> {
    let mut buf = [Candidate {
        tile: 0,
        shanten: 0,
        ukeire: 0,
        score: 0.0,
    }; TILE_KINDS];
    let n = candidates(hand, r, &mut buf);
    if n == 0 {
        return None;
    }
    let cs = &buf[..n];
    let best = most_efficient(hand, cs, seed);
    if r.danger[usize::from(best.tile)] <= SAFE_ENOUGH {
        return Some(best);
    }
    let top = cs
        .iter()
        .copied()
        .fold(best, |a, b| if b.score > a.score + 1e-9 { b } else { a });
    Some(top)
}

/// How much a kind connects with the hand (for tie-breaking).
fn connectivity(hand: &Counts, k: usize) -> f64 {
    let mut c = f64::from(hand[k]) * 2.0;
    if k < HONOR_START {
        let n = k % 9;
        for (dn, w) in [(-2i32, 0.5), (-1, 1.0), (1, 1.0), (2, 0.5)] {
            let m = n as i32 + dn;
            if (0..9).contains(&m) {
                c += w * f64::from(hand[k - n + m as usize]);
            }
        }
        c += if n == 0 || n == 8 { 0.0 } else { 0.5 };
    }
    c
}

fn tie_key(seed: u64, tile: u8) -> u64 {
    let mut z = seed ^ u64::from(tile).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z ^ (z >> 29)
}

/// Shanten of a 3n+1 (or 3n+2) hand, regular form; 99 when invalid.
fn shanten(hand: &Counts) -> i32 {
    Hand::new(hand)
        .ok()
        .and_then(|h| crate::shanten::regular(&h).ok())
        .unwrap_or(99)
}

fn turn(view: &View, actions: &[Action], r: &Reading, seed: u64) -> Action {
    let hand = view.hand;
    let Some(Candidate { tile, .. }) = choose_discard(&hand, r, seed) else {
        return actions[0];
    };
    // Kongs that keep the shanten number: a free replacement draw.
    let best_s = {
        let mut c = hand;
        c[usize::from(tile)] -= 1;
        shanten(&c)
    };
    for a in actions {
        let t = usize::from(a.tile);
        let after = match a.kind {
            ActionKind::ConcealedKong => {
                let mut c = hand;
                c[t] -= 4;
                shanten(&c)
            }
            ActionKind::AddedKong => {
                let mut c = hand;
                c[t] -= 1;
                shanten(&c)
            }
            _ => continue,
        };
        if after <= best_s {
            return *a;
        }
    }
    let d = Action::new(ActionKind::Discard, tile);
    if actions.contains(&d) { d } else { actions[0] }
}

fn claim(view: &View, actions: &[Action], _r: &Reading) -> Action {
    let hand = view.hand;
    let t = view.offered;
    if t == NO_TILE {
        return Action::PASS;
    }
    let ti = usize::from(t);
    let now = shanten(&hand);
    // A claim is taken when the shanten number after it (and the best discard) drops; a kong
    // when it does not rise (it draws a replacement tile). Measured in self-play, this beats
    // weighing the claim by the win-probability estimate.
    let mut best = (Action::PASS, now);
    for a in actions {
        let mut c = hand;
        match a.kind {
            ActionKind::Pung => c[ti] -= 2,
            ActionKind::Chow => {
                for k in a.tile..a.tile + 3 {
                    if k != t {
                        c[usize::from(k)] -= 1;
                    }
                }
            }
            ActionKind::ExposedKong => {
                c[ti] -= 3;
                if shanten(&c) <= now {
                    return *a;
                }
                continue;
            }
            _ => continue,
        }
        let mut after = 99;
        for k in 0..TILE_KINDS {
            if c[k] > 0 {
                c[k] -= 1;
                after = after.min(shanten(&c));
                c[k] += 1;
            }
        }
        if after < best.1 {
            best = (*a, after);
        }
    }
    best.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Rules, Table};

    #[test]
    fn p_win_falls_with_shanten_and_rises_with_acceptance() {
        let r = Reading {
            visible: [0; TILE_KINDS],
            unseen_total: 100.0,
            cycles: 12,
            danger: [0.0; TILE_KINDS],
            survive: 0.97,
        };
        let p0 = p_win(0, 8.0, &r);
        let p0_small = p_win(0, 2.0, &r);
        let p1 = p_win(1, 20.0, &r);
        let p3 = p_win(3, 40.0, &r);
        assert!(
            p0 > p0_small && p0 > p1 && p1 > p3 && p3 > 0.0,
            "{p0} {p0_small} {p1} {p3}"
        );
        assert!(p0 < 1.0);
        assert_eq!(p_win(-1, 0.0, &r), 1.0);
        let late = Reading { cycles: 0, ..r };
        assert_eq!(p_win(0, 8.0, &late), 0.0);
    }

    #[test]
    fn plays_only_legal_actions_over_many_hands() {
        for h in 0..60u32 {
            let rules = if h % 2 == 0 {
                Rules::taiwan16()
            } else {
                Rules::thirteen()
            };
            let mut t = Table::new(rules, 21).unwrap();
            t.deal(h, (h % 4) as u8, 0).unwrap();
            while t.phase() != Phase::Over {
                let seat = t.pending().trailing_zeros() as usize;
                let v = t.view(seat);
                let a = decide(&v, 1);
                assert!(t.legal_actions(seat).contains(&a), "{a:?}");
                t.apply(seat, a).unwrap();
            }
        }
    }
}
