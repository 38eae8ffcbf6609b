//! experiment that knows the opponents' policy, which a bot for human opponents would not.
//!
//! Importance sampling: ready hands of the opponent's concealed size are built from the tiles
//! this seat has not seen (n sets and a single, or n-1 sets, a pair and a two-tile partial,
//! each part drawn in proportion to its ways among the unseen copies), and each is weighted by
//! the view's evidence: 0 when a tile that passed since its last change would complete it
//! (`lab::passed_since_change`) or when it would have won with its last discard from the
//! hand; `eps` for each of its last discard from the hand and its last tsumogiri discards that
//! `thesis:99`, holding that hand (with the discards before it), would not have made.

use super::*;
use mjkit::table::{MeldKind, NO_TILE};

/// Settings of the sampler.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Sampled hands per opponent and decision.
    pub samples: usize,
    /// Likelihood of a discard the policy would not have made.
    pub eps: f64,
    /// Tsumogiri discards checked against the policy.
    pub tsumogiri: usize,
    /// Discards from the hand walked back through.
    pub depth: usize,
    /// Chance of the pair form (n-1 sets, a pair, a partial) over n sets and a single.
    pub pair_form: u32,
}

/// What the sampler saw, for the report.
#[derive(Default, Clone, Copy)]
pub struct Counters {
    /// Hands built.
    pub built: u64,
    /// Hands that survived the hard evidence.
    pub kept: u64,
    /// Policy checks, and those where `thesis:99` would have made the same discard.
    pub checks: u64,
    pub agree: u64,
}

impl Counters {
    pub fn add(&mut self, o: &Counters) {
        self.built += o.built;
        self.kept += o.kept;
        self.checks += o.checks;
        self.agree += o.agree;
    }
}

fn below(rng: &mut Rng, n: u32) -> u32 {
    rng.below(u64::from(n)) as u32
}

/// `o`'s turn as it looked when it made discard `idx`, holding `g`.
fn turn_view(view: &View, o: usize, idx: usize, g: &[u8; TILE_KINDS]) -> View {
    let mut v = *view;
    v.seat = o as u8;
    v.hand = *g;
    v.phase = Phase::Turn;
    v.actor = o as u8;
    v.pending = 1 << o;
    v.drawn = NO_TILE;
    v.offered = NO_TILE;
    v.discard_count = idx as u16;
    v.concealed_counts[o] = g.iter().sum();
    v
}

/// Whether `thesis:99` in `o`'s seat, holding `g` at discard `idx`, discards `x`.
fn seed_discards(
    view: &View,
    o: usize,
    idx: usize,
    g: &[u8; TILE_KINDS],
    x: u8,
    c: &mut Counters,
) -> bool {
    let a = lab::thesis_decide(&turn_view(view, o, idx, g), 99);
    let ok = a.kind == ActionKind::Discard && a.tile == x;
    c.checks += 1;
    c.agree += u64::from(ok);
    ok
}

/// One of `o`'s discards, read backwards from the view.
struct Event {
    /// Index of the discard in the view.
    idx: usize,
    tile: u8,
    /// Discarded straight after it was drawn.
    tsumogiri: bool,
    /// Kinds the other seats discarded between `o`'s previous discard and this one (the
    /// hand `o` held then did not wait on them).
    passed_before: u64,
    /// `o` claimed a tile between its previous discard and this one.
    claim_before: bool,
}

/// The evidence of `o`'s discards since its last kong, most recent first.
struct History {
    events: Vec<Event>,
    /// Kinds that cannot be waits now.
    passed: u64,
}

fn history(view: &View, o: usize) -> History {
    let mut h = History {
        events: Vec::new(),
        passed: lab::passed_since_change(view, o),
    };
    let own_kong = view
        .melds_of(o)
        .iter()
        .any(|m| matches!(m.kind, MeldKind::AddedKong | MeldKind::ConcealedKong));
    if own_kong {
        return h;
    }
    let list = view.discard_list();
    let mut i = list.len();
    // Skip the discards after `o`'s last one.
    while i > 0 && usize::from(list[i - 1].seat) != o {
        i -= 1;
    }
    while i > 0 {
        let d = list[i - 1];
        let mut e = Event {
            idx: i - 1,
            tile: d.tile,
            tsumogiri: d.drawn_and_discarded,
            passed_before: 0,
            claim_before: false,
        };
        i -= 1;
        while i > 0 && usize::from(list[i - 1].seat) != o {
            let x = list[i - 1];
            if usize::from(x.claimed_by) == o {
                e.claim_before = true;
            } else {
                e.passed_before |= 1 << x.tile;
            }
            i -= 1;
        }
        let stop = e.claim_before;
        h.events.push(e);
        if stop {
            break;
        }
    }
    h
}

/// What the sampler weighs a hand of opponent `o` against.
struct Evidence<'a> {
    view: &'a View,
    o: usize,
    history: History,
    settings: &'a Settings,
}

/// Likelihood of the evidence if `o` holds the ready hand `hand` with waits `waits`: the
/// hand is walked back through `o`'s discards (a tile drawn before a discard from the hand
/// is drawn at random from the tiles kept), up to `s.depth` discards from the hand.
fn likelihood(
    e: &Evidence,
    hand: &[u8; TILE_KINDS],
    waits: u64,
    rng: &mut Rng,
    c: &mut Counters,
) -> f64 {
    let (view, o, h, s) = (e.view, e.o, &e.history, e.settings);
    if waits & h.passed != 0 {
        return 0.0;
    }
    let mut l = 1.0;
    let mut held = *hand;
    let (mut from_hand, mut tsumogiri) = (0, 0);
    for ev in &h.events {
        let x = usize::from(ev.tile);
        let mut g = held;
        g[x] += 1;
        if g[x] > 4 {
            return 0.0;
        }
        if ev.tsumogiri {
            if tsumogiri < s.tsumogiri && !seed_discards(view, o, ev.idx, &g, ev.tile, c) {
                l *= s.eps;
            }
            tsumogiri += 1;
        } else {
            if shanten(&g) < 0 {
                return 0.0;
            }
            if !seed_discards(view, o, ev.idx, &g, ev.tile, c) {
                l *= s.eps;
            }
            from_hand += 1;
            if from_hand >= s.depth || ev.claim_before {
                break;
            }
            // The tile drawn before this discard is one of those kept.
            let m: u32 = held.iter().map(|&n| u32::from(n)).sum();
            let y = nth(&held, below(rng, m));
            held = g;
            held[y] -= 1;
        }
        if ev.passed_before != 0 && shanten(&held) == 0 {
            let w = mjkit::win::waits(&held, Forms::REGULAR).unwrap_or(0);
            if w & ev.passed_before != 0 {
                return 0.0;
            }
        }
        if ev.claim_before {
            break;
        }
    }
    l
}

/// The kind of the `i`-th tile of `c`.
fn nth(c: &[u8; TILE_KINDS], mut i: u32) -> usize {
    for (k, &n) in c.iter().enumerate() {
        if i < u32::from(n) {
            return k;
        }
        i -= u32::from(n);
    }
    TILE_KINDS - 1
}

/// Takes one of `ways` (instance ways, tiles, how many tiles) from `rest` into `hand`,
/// with chance proportional to the ways; false when every way is 0.
fn take(
    rng: &mut Rng,
    ways: &[(u32, [u8; 3], u8)],
    rest: &mut [u8; TILE_KINDS],
    hand: &mut [u8; TILE_KINDS],
) -> bool {
    let total: u32 = ways.iter().map(|w| w.0).sum();
    if total == 0 {
        return false;
    }
    let mut r = below(rng, total);
    for &(w, tiles, n) in ways {
        if r < w {
            for &t in &tiles[..usize::from(n)] {
                rest[usize::from(t)] -= 1;
                hand[usize::from(t)] += 1;
            }
            return true;
        }
        r -= w;
    }
    false
}

fn choose2(n: u8) -> u32 {
    u32::from(n) * u32::from(n.saturating_sub(1)) / 2
}

/// A random ready hand of `m` = 3n+1 tiles from `pool`.
fn build(rng: &mut Rng, pool: &[u8; TILE_KINDS], m: u32, s: &Settings) -> Option<[u8; TILE_KINDS]> {
    let n = (m - 1) / 3;
    let mut rest = *pool;
    let mut hand = [0u8; TILE_KINDS];
    let pair_form = n >= 1 && below(rng, 100) < s.pair_form;
    let mut ways = Vec::with_capacity(80);
    for _ in 0..n - u32::from(pair_form) {
        ways.clear();
        for k in 0..TILE_KINDS {
            let r = u32::from(rest[k]);
            if r >= 3 {
                ways.push((r * (r - 1) * (r - 2) / 6, [k as u8; 3], 3));
            }
            if k < 27 && k % 9 <= 6 {
                let w = r * u32::from(rest[k + 1]) * u32::from(rest[k + 2]);
                ways.push((w, [k as u8, k as u8 + 1, k as u8 + 2], 3));
            }
        }
        if !take(rng, &ways, &mut rest, &mut hand) {
            return None;
        }
    }
    ways.clear();
    if pair_form {
        ways.extend((0..TILE_KINDS).map(|k| (choose2(rest[k]), [k as u8; 3], 2)));
        if !take(rng, &ways, &mut rest, &mut hand) {
            return None;
        }
        ways.clear();
        for k in 0..TILE_KINDS {
            ways.push((choose2(rest[k]), [k as u8; 3], 2));
            for d in 1..=2 {
                if k < 27 && k % 9 + d <= 8 {
                    let w = u32::from(rest[k]) * u32::from(rest[k + d]);
                    ways.push((w, [k as u8, (k + d) as u8, 0], 2));
                }
            }
        }
    } else {
        ways.extend((0..TILE_KINDS).map(|k| (u32::from(rest[k]), [k as u8; 3], 1)));
    }
    take(rng, &ways, &mut rest, &mut hand).then_some(hand)
}

/// The wait model's chance `model` with its odds multiplied by the likelihood ratio of the
/// policy evidence (`with` / `without`: the sampled shares with and without it).
pub fn adjusted(model: f64, with: f64, without: f64) -> f64 {
    let odds = |x: f64| {
        let x = x.clamp(1e-4, 1.0 - 1e-4);
        x / (1.0 - x)
    };
    let r = odds(model) * odds(with) / odds(without);
    r / (1.0 + r)
}

/// Per kind, the weighted share of sampled ready hands of `o` that wait on it, with the
/// policy evidence and without it (every surviving hand weighted 1); `None` when no sample
/// survived the evidence.
pub fn waits(
    view: &View,
    o: usize,
    s: &Settings,
    rng: &mut Rng,
    c: &mut Counters,
) -> Option<([f64; TILE_KINDS], [f64; TILE_KINDS])> {
    let pool = lab::unseen(view, &view.visible());
    let m = u32::from(view.concealed_counts[o]);
    if m % 3 != 1 {
        return None;
    }
    let ev = Evidence {
        view,
        o,
        history: history(view, o),
        settings: s,
    };
    let mut acc = [0.0f64; TILE_KINDS];
    let mut total = 0.0;
    let mut plain = [0.0f64; TILE_KINDS];
    let mut kept = 0.0;
    for _ in 0..s.samples {
        let Some(hand) = build(rng, &pool, m, s) else {
            continue;
        };
        c.built += 1;
        let w = mjkit::win::waits(&hand, Forms::REGULAR).unwrap_or(0);
        let l = likelihood(&ev, &hand, w, rng, c);
        if l == 0.0 {
            continue;
        }
        c.kept += 1;
        total += l;
        kept += 1.0;
        let mut x = w;
        while x != 0 {
            acc[x.trailing_zeros() as usize] += l;
            plain[x.trailing_zeros() as usize] += 1.0;
            x &= x - 1;
        }
    }
    (total > 0.0).then(|| (acc.map(|a| a / total), plain.map(|a| a / kept)))
}
