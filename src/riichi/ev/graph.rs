//! The search graph of the discard analysis and its backward induction.
//!
//! Two kinds of states: a *draw state* (13 - 3m concealed tiles waiting for a draw, with its
//! riichi flag) and a *discard state* (one tile more, choosing a discard). A tile is one of 37:
//! the 34 kinds (for a five, its normal copies) and the three red fives. An edge joins a draw
//! state `s` and the discard state `s + t`; it is found from either end (a draw the search
//! follows from `s`, or a discard the search follows from `s + t`) and then serves both ways:
//! from `s` as the draw of `t`, from `s + t` as the discard of `t`. mjkit's model keeps the
//! riichi flag on every draw (a discard state with riichi is never built: a riichi draw state
//! wins or discards the tile it drew, so its edges loop back to it); mahjong-cpp's model lets
//! every edge serve both ways whatever the flags, as its graph does.
//!
//! The pool of a state is `base - hand` per tile, `base` being the pool at the start plus the
//! hand given. Values are computed backwards over the draws left `n`: `V_0(s)` is (ready, 0,
//! 0), and `V_n(s) = V_{n-1}(s) + sum over edges w_t / den_n * (A_t - V_{n-1}(s))` with
//! `A_t` = (1, 1, max(score, continue)) for a winning draw and the best option of `s + t` at
//! `n - 1` otherwise; a ready draw state's first figure is 1.

use super::{
    EV_MAX_ENTRIES, EV_MODEL_MJKIT, EV_NO_TILE, EV_SHANTEN_DOWN, EV_TEGAWARI, EvEntry, EvHand,
    EvOptions, EvResult, FIVES,
};
use crate::error::Error;
use crate::forms::Forms;
use crate::riichi::{MeldKind, RiichiHand, Rules};
use crate::shanten::{discards_shanten, lowering_draws, shanten_unchecked};
use crate::tile::{Counts, TILE_KINDS};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasherDefault, Hasher};

/// Tiles of the analysis: 34 kinds, then the red 5m, 5p, 5s.
pub(super) const TILES: usize = 37;

/// The kind of tile `t` (0..37).
#[inline(always)]
pub(super) const fn kind_of(t: usize) -> usize {
    if t < TILE_KINDS {
        t
    } else {
        FIVES[t - TILE_KINDS]
    }
}

/// Counts of the 37 tiles of concealed counts `c` with red-five bits `red`.
#[inline(always)]
pub(super) fn split(c: &Counts, red: u8) -> [u8; TILES] {
    let mut out = [0u8; TILES];
    out[..TILE_KINDS].copy_from_slice(c);
    for (s, &k) in FIVES.iter().enumerate() {
        let r = red >> s & 1;
        out[k] -= r;
        out[TILE_KINDS + s] = r;
    }
    out
}

/// A state's hand: concealed counts, red-five bits (bit s: the red five of suit s held), riichi.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct State {
    pub counts: Counts,
    pub red: u8,
    pub riichi: bool,
}

impl State {
    /// The hash key: 3 bits a kind (kind `k` at bit `3 * (33 - k)`), then the red bits (102..)
    /// and the flag (105).
    #[inline(always)]
    fn key(&self) -> u128 {
        let mut k = 0u128;
        for &c in &self.counts {
            k = k << 3 | u128::from(c);
        }
        k | u128::from(self.red) << 102 | u128::from(self.riichi) << 105
    }
    /// Adds tile `t`.
    #[inline(always)]
    fn plus(&self, t: usize) -> State {
        let mut s = *self;
        s.counts[kind_of(t)] += 1;
        if t >= TILE_KINDS {
            s.red |= 1 << (t - TILE_KINDS);
        }
        s
    }
    /// Removes tile `t`.
    #[inline(always)]
    fn minus(&self, t: usize) -> State {
        let mut s = *self;
        s.counts[kind_of(t)] -= 1;
        if t >= TILE_KINDS {
            s.red &= !(1 << (t - TILE_KINDS));
        }
        s
    }
}

/// The key change of adding tile `t` (subtract it to remove the tile).
#[inline(always)]
const fn tile_key(t: usize) -> u128 {
    let kind = 1u128 << (3 * (TILE_KINDS - 1 - kind_of(t)));
    if t >= TILE_KINDS {
        kind | 1u128 << (102 + t - TILE_KINDS)
    } else {
        kind
    }
}

/// The riichi flag's key bit.
const RIICHI_KEY: u128 = 1 << 105;

/// A multiplicative hasher for the u128 keys (the keys are already well mixed).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u128(&mut self, k: u128) {
        let x = (k as u64) ^ ((k >> 64) as u64).wrapping_mul(0xff51_afd7_ed55_8ccd);
        self.0 = (x ^ x >> 29).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (x >> 32);
    }
}

type Map = HashMap<u128, u32, BuildHasherDefault<KeyHasher>>;

/// The problem, validated: everything the search needs that does not depend on `extra`.
pub(super) struct Problem<'a> {
    pub(super) rules: &'a Rules,
    pub(super) opts: EvOptions,
    /// Melds, winds, dora, honba and sticks of every win; counts, red fives, winning tile and
    /// conditions are set per win.
    pub(super) template: RiichiHand,
    /// Red fives in the melds, per suit.
    pub(super) meld_red: [u8; 3],
    /// Tiles of the melds per kind (a kan counts 4), for the ura dora.
    pub(super) meld_tiles: Counts,
    pub(super) forms: Forms,
    pub(super) total13: u32,
    /// Pool at the start plus the hand given, per tile: the pool of hand `h` is `base - h`.
    pub(super) base: [u8; TILES],
    /// The hand given, per tile.
    h0: [u8; TILES],
    /// The pool at the start, per tile.
    pub(super) pool0: [u8; TILES],
    sh0: i32,
    closed: bool,
    start: State,
    fourteen: bool,
}

/// An edge: draw state `s`, discard state `d` (or [`SELF`]: a riichi draw state's win), tile.
#[derive(Clone, Copy)]
struct Edge {
    s: u32,
    d: u32,
    tile: u8,
    /// Copies of the tile in the draw state's pool.
    weight: u8,
    /// Found from the draw state's end.
    from_draw: bool,
    /// The win on this draw (0: none, or no yaku).
    score: f64,
}

/// The root tile of a 13-tile hand (tiles 34..37 are the red fives).
const NO_ROOT_TILE: u8 = u8::MAX;

/// A riichi draw state's win edge: it returns to the state.
const SELF: u32 = u32::MAX;

/// A draw state's facts.
#[derive(Clone, Copy)]
struct DrawInfo {
    state: State,
    key: u128,
    shanten: i8,
    /// Kinds whose draw lowers the shanten number.
    waits: u64,
    /// Tiles (0..37) whose draw the state's own expansion follows.
    drawn: u64,
}

/// A discard state's facts.
#[derive(Clone, Copy)]
struct DiscardInfo {
    state: State,
    key: u128,
}

struct Search<'p, 'a> {
    p: &'p Problem<'a>,
    extra: i32,
    draws: Vec<DrawInfo>,
    discards: Vec<DiscardInfo>,
    draw_map: Map,
    discard_map: Map,
    edges: Vec<Edge>,
    queue_draw: Vec<u32>,
    queue_discard: Vec<u32>,
}

impl<'a> Problem<'a> {
    /// Validates the input (see [`super::analyze`]) and prepares the search.
    pub(super) fn new(
        hand: &EvHand,
        rules: &'a Rules,
        opts: &EvOptions,
    ) -> Result<Problem<'a>, Error> {
        let three = rules.three_player();
        if usize::from(hand.meld_count) > super::MAX_MELDS
            || hand.seat_wind > 3
            || hand.round_wind > 3
            || usize::from(hand.dora_count) > super::MAX_INDICATORS
            || hand.riichi > 1
            || hand.honba > 100
            || hand.riichi_sticks > 100
            || !rules.is_valid()
            || opts.draws > super::EV_MAX_DRAWS
            || opts.extra > super::EV_MAX_EXTRA
            || opts.model > super::EV_MODEL_MAHJONG_CPP
            || opts.flags & !super::EV_FLAGS_ALL != 0
            || opts.reserved != 0
            || hand.dora[..usize::from(hand.dora_count)]
                .iter()
                .any(|&k| usize::from(k) >= TILE_KINDS)
        {
            return Err(Error::InvalidArgument);
        }
        let mut melds = [0u8; TILE_KINDS];
        let mut closed = true;
        for m in hand.melds() {
            super::check_meld(m, three)?;
            let t = usize::from(m.tile);
            if m.kind() == MeldKind::Chi {
                for c in &mut melds[t..t + 3] {
                    *c += 1;
                }
            } else {
                melds[t] += m.size();
            }
            closed &= !m.kind().is_open();
        }
        let total = crate::tile::check_counts(&hand.counts)?;
        let total13 = 13 - 3 * u32::from(hand.meld_count);
        if total != total13 && total != total13 + 1 {
            return Err(Error::BadTileTotal { total });
        }
        let fourteen = total == total13 + 1;
        for (k, ((&c, &m), &v)) in hand
            .counts
            .iter()
            .zip(&melds)
            .zip(&hand.visible)
            .enumerate()
        {
            if u32::from(c) + u32::from(m) + u32::from(v) > 4 || v > 4 {
                return Err(Error::TooManyCopies { kind: k as u8 });
            }
        }
        if three {
            let bad = (1..8).any(|k| hand.counts[k] + melds[k] + hand.visible[k] > 0)
                || hand.dora[..usize::from(hand.dora_count)]
                    .iter()
                    .any(|&k| (1..8).contains(&k))
                || hand.seat_wind == 3;
            if bad {
                return Err(Error::ThreePlayerTile);
            }
        }
        let mut shown = [0u8; TILE_KINDS];
        for &k in &hand.dora[..usize::from(hand.dora_count)] {
            shown[usize::from(k)] += 1;
        }
        if (0..TILE_KINDS).any(|k| shown[k] > hand.visible[k]) {
            return Err(Error::InvalidArgument);
        }
        let red_on = rules.aka_dora();
        let (mut red, mut meld_red, mut visible_red) = (0u8, [0u8; 3], [0u8; 3]);
        if red_on {
            for (s, &k) in FIVES.iter().enumerate() {
                let (h, m, v) = (
                    hand.red_fives[s],
                    hand.meld_red_fives[s],
                    hand.visible_red[s],
                );
                if h + m + v > 1
                    || h > hand.counts[k]
                    || m > melds[k]
                    || v > hand.visible[k]
                    || three && s == 0 && h + m + v > 0
                {
                    return Err(Error::RedFives);
                }
                red |= h << s;
                meld_red[s] = m;
                visible_red[s] = v;
            }
        }
        if hand.riichi == 1 && (!closed || fourteen) {
            return Err(if fourteen {
                Error::InvalidArgument
            } else {
                Error::RiichiConflict
            });
        }
        let mut forms = Forms::RIICHI;
        if three {
            forms = Forms::from_bits(Forms::RIICHI.bits() | Forms::THREE_PLAYER.bits())?;
        }
        let forms = forms.for_valid_hand_size(total13)?;
        let sh0 = shanten_unchecked(&hand.counts, total, forms);
        if hand.riichi == 1 && sh0 != 0 {
            return Err(Error::RiichiConflict);
        }
        // The pool at the start, per tile (2m-8m absent in three-player).
        let mut pool0 = [0u8; TILES];
        for k in 0..TILE_KINDS {
            if three && (1..8).contains(&k) {
                continue;
            }
            pool0[k] = 4 - hand.counts[k] - melds[k] - hand.visible[k];
        }
        if red_on {
            for (s, &k) in FIVES.iter().enumerate() {
                let r = 1 - hand.red_fives[s] - meld_red[s] - visible_red[s];
                // A red five unseen is one of the unseen fives: `pool0[k]` counts it.
                if r > pool0[k] {
                    return Err(Error::RedFives);
                }
                pool0[k] -= r;
                pool0[TILE_KINDS + s] = r;
            }
        }
        let start = State {
            counts: hand.counts,
            red,
            riichi: hand.riichi == 1,
        };
        let h0 = split(&hand.counts, red);
        let mut base = pool0;
        for t in 0..TILES {
            base[t] += h0[t];
        }
        if opts.model != EV_MODEL_MJKIT {
            let sum: u32 = pool0.iter().map(|&x| u32::from(x)).sum();
            if sum < u32::from(super::EV_MAX_DRAWS) {
                return Err(Error::InvalidArgument);
            }
        }
        let mut template = RiichiHand::new([0; TILE_KINDS], 0);
        template.melds = hand.melds;
        template.meld_count = hand.meld_count;
        template.seat_wind = hand.seat_wind;
        template.round_wind = hand.round_wind;
        template.dora = hand.dora;
        template.dora_count = hand.dora_count;
        template.honba = hand.honba;
        template.riichi_sticks = hand.riichi_sticks;
        Ok(Problem {
            rules,
            opts: *opts,
            template,
            meld_red,
            meld_tiles: melds,
            forms,
            total13,
            base,
            h0,
            pool0,
            sh0,
            closed,
            start,
            fourteen,
        })
    }

    /// The analysis at search budget `extra`.
    ///
    /// # Errors
    /// [`Error::SearchLimit`] when the search needs more states than `max_nodes`.
    pub(super) fn solve(&self, extra: u8) -> Result<EvResult, Error> {
        let mut search = Search {
            p: self,
            extra: i32::from(extra),
            draws: Vec::new(),
            discards: Vec::new(),
            draw_map: Map::default(),
            discard_map: Map::default(),
            edges: Vec::new(),
            queue_draw: Vec::new(),
            queue_discard: Vec::new(),
        };
        // The roots: the hand's draw state, or its discard state and every discard.
        let mut roots: Vec<(u8, u8, u32)> = Vec::new(); // (tile, riichi, draw state)
        if self.fourteen {
            let d = search.discard_node(self.start.key(), || self.start)?;
            // Expanded here, as the root, and only here.
            search.queue_discard.clear();
            search.expand_discard(d, true, &mut roots)?;
        } else {
            let s = search.draw_node(self.start.key(), || self.start)?;
            roots.push((NO_ROOT_TILE, u8::from(self.start.riichi), s));
        }
        search.run()?;
        let (values, edges) = search.values();
        let mut out = EvResult {
            entries: [EvEntry::default(); EV_MAX_ENTRIES],
            count: 0,
            nodes: (search.draws.len() + search.discards.len()) as u32,
            wall: self.pool0.iter().map(|&x| u32::from(x)).sum(),
            edges,
            wins: search.edges.iter().filter(|e| e.score != 0.0).count() as u32,
            extra,
            shanten: self.sh0 as i8,
            draws: self.opts.draws,
            model: self.opts.model,
        };
        // Sorted by kind, the normal tile before the red five, dama before riichi.
        roots.sort_by_key(|&(t, r, _)| {
            let t = usize::from(t);
            let order = if (TILE_KINDS..TILES).contains(&t) {
                FIVES[t - TILE_KINDS] * 2 + 1
            } else {
                t * 2
            };
            (order, r)
        });
        for (i, &(t, r, s)) in roots.iter().enumerate().take(EV_MAX_ENTRIES) {
            let info = &search.draws[s as usize];
            let ukeire = (0..TILES)
                .filter(|&u| info.waits >> kind_of(u) & 1 != 0)
                .map(|u| u32::from(self.pool0[u]))
                .sum();
            let (kind, red) = match usize::from(t) {
                x if x == usize::from(NO_ROOT_TILE) => (EV_NO_TILE, 0),
                x if x >= TILE_KINDS => (FIVES[x - TILE_KINDS] as u8, 1),
                x => (x as u8, 0),
            };
            out.entries[i] = EvEntry {
                tenpai: values[s as usize][0],
                win: values[s as usize][1],
                score: values[s as usize][2],
                ukeire,
                tile: kind,
                red,
                riichi: r,
                shanten: info.shanten,
            };
            out.count += 1;
        }
        Ok(out)
    }

    /// Sum over 37 tiles of how many more of each `h` holds than the hand given.
    #[inline(always)]
    fn distance(&self, st: &State) -> i32 {
        let h = split(&st.counts, st.red);
        (0..TILES)
            .map(|t| i32::from(h[t].saturating_sub(self.h0[t])))
            .sum()
    }
}

impl Search<'_, '_> {
    fn limit(&self) -> Result<(), Error> {
        let max = self.p.opts.max_nodes as usize;
        if max != 0 && self.draws.len() + self.discards.len() > max {
            return Err(Error::SearchLimit);
        }
        Ok(())
    }

    /// The draw state of key `key` (built from `st()` and queued if new).
    fn draw_node(&mut self, key: u128, st: impl FnOnce() -> State) -> Result<u32, Error> {
        let i = self.draws.len() as u32;
        match self.draw_map.entry(key) {
            Entry::Occupied(e) => return Ok(*e.get()),
            Entry::Vacant(e) => e.insert(i),
        };
        let st = st();
        debug_assert_eq!(st.key(), key);
        let (sh, waits) = lowering_draws(&st.counts, self.p.total13, self.p.forms);
        self.draws.push(DrawInfo {
            state: st,
            key,
            shanten: sh as i8,
            waits,
            drawn: 0,
        });
        self.queue_draw.push(i);
        self.limit()?;
        Ok(i)
    }

    fn discard_node(&mut self, key: u128, st: impl FnOnce() -> State) -> Result<u32, Error> {
        let i = self.discards.len() as u32;
        match self.discard_map.entry(key) {
            Entry::Occupied(e) => return Ok(*e.get()),
            Entry::Vacant(e) => e.insert(i),
        };
        let st = st();
        debug_assert_eq!(st.key(), key);
        self.discards.push(DiscardInfo { state: st, key });
        self.queue_discard.push(i);
        self.limit()?;
        Ok(i)
    }

    #[inline(never)]
    fn run(&mut self) -> Result<(), Error> {
        let mut none = Vec::new();
        loop {
            if let Some(s) = self.queue_draw.pop() {
                self.expand_draw(s)?;
            } else if let Some(d) = self.queue_discard.pop() {
                self.expand_discard(d, false, &mut none)?;
            } else {
                return Ok(());
            }
        }
    }

    fn expand_draw(&mut self, s: u32) -> Result<(), Error> {
        let p = self.p;
        let info = self.draws[s as usize];
        let (st, key) = (info.state, info.key);
        let pool = self.pool_of(&st);
        let mjkit = p.opts.model == EV_MODEL_MJKIT;
        if st.riichi && mjkit {
            // A riichi hand wins on a wait or discards what it drew.
            for (t, &w) in pool.iter().enumerate() {
                if w > 0 && info.waits >> kind_of(t) & 1 != 0 {
                    let score = super::win::value(p, &st.plus(t), t, &self.pool_of(&st.plus(t)));
                    self.edges.push(Edge {
                        s,
                        d: SELF,
                        tile: t as u8,
                        weight: w,
                        from_draw: true,
                        score,
                    });
                }
            }
            return Ok(());
        }
        let sh = i32::from(info.shanten);
        let tegawari = p.opts.flags & EV_TEGAWARI != 0
            && !st.riichi
            && p.distance(&st) + sh < p.sh0 + self.extra;
        let mut drawn = 0u64;
        for (t, &w) in pool.iter().enumerate() {
            if w == 0 || !(tegawari || info.waits >> kind_of(t) & 1 != 0) {
                continue;
            }
            let d = self.discard_node(key + tile_key(t), || st.plus(t))?;
            let score = if sh == 0 && info.waits >> kind_of(t) & 1 != 0 {
                let next = st.plus(t);
                super::win::value(p, &next, t, &self.pool_of(&next))
            } else {
                0.0
            };
            drawn |= 1 << t;
            self.edges.push(Edge {
                s,
                d,
                tile: t as u8,
                weight: w,
                from_draw: true,
                score,
            });
        }
        self.draws[s as usize].drawn = drawn;
        Ok(())
    }

    /// Expands discard state `d`; `root`: every discard is followed, and each (tile, riichi,
    /// draw state) is pushed to `roots`.
    fn expand_discard(
        &mut self,
        d: u32,
        root: bool,
        roots: &mut Vec<(u8, u8, u32)>,
    ) -> Result<(), Error> {
        let p = self.p;
        let DiscardInfo { state: st, key } = self.discards[d as usize];
        let total14 = p.total13 + 1;
        let sh14 = shanten_unchecked(&st.counts, total14, p.forms);
        let complete = sh14 < 0;
        let down = root
            || p.opts.flags & EV_SHANTEN_DOWN != 0
                && !st.riichi
                && p.distance(&st) + sh14 < p.sh0 + self.extra;
        // The shanten number after each discard (kinds held), read for the discards kept and
        // for the ready ones: a complete hand leaves 0 whatever goes; when every discard is
        // followed from shanten 1 or more, none is ready and keeping does not matter (a new
        // draw state computes its lowering draws itself).
        let mut after = [sh14.max(0) + 1; TILE_KINDS];
        if complete {
            after = [0; TILE_KINDS];
        } else if sh14 == 0 || !down {
            discards_shanten(&st.counts, total14, p.forms, |a, sh| after[a] = sh);
        }
        let mjkit = p.opts.model == EV_MODEL_MJKIT;
        let held = split(&st.counts, st.red);
        let pool = self.pool_of(&st);
        for t in 0..TILES {
            if held[t] == 0 {
                continue;
            }
            let sh13 = after[kind_of(t)];
            let keep = !complete && sh13 == sh14;
            if !(down || keep) {
                continue;
            }
            let left_key = (key & !RIICHI_KEY) - tile_key(t);
            // The riichi flags the discard may leave.
            let ready_closed = p.closed && sh13 == 0;
            let (a, b) = if mjkit {
                debug_assert!(!st.riichi);
                (Some(false), ready_closed.then_some(true))
            } else {
                (Some(st.riichi || ready_closed && sh14 == 0 && keep), None)
            };
            for r in [a, b].into_iter().flatten() {
                let target = || State {
                    riichi: r,
                    ..st.minus(t)
                };
                let k = left_key | if r { RIICHI_KEY } else { 0 };
                let s = self.draw_node(k, target)?;
                if root {
                    roots.push((t as u8, u8::from(r), s));
                }
                let score = if complete && (!mjkit || r == st.riichi) {
                    super::win::value(p, &st, t, &pool)
                } else {
                    0.0
                };
                // The discarded tile is back in the draw state's pool.
                self.edges.push(Edge {
                    s,
                    d,
                    tile: t as u8,
                    weight: pool[t] + 1,
                    from_draw: false,
                    score,
                });
            }
        }
        Ok(())
    }

    /// The pool of a state's hand, per tile.
    #[inline(always)]
    fn pool_of(&self, st: &State) -> [u8; TILES] {
        let h = split(&st.counts, st.red);
        let mut out = self.p.base;
        for t in 0..TILES {
            out[t] -= h[t];
        }
        out
    }

    /// Backward induction: the (ready, win, score) values of every draw state at `draws`.
    #[inline(never)]
    fn values(&self) -> (Vec<[f64; 3]>, u32) {
        let p = self.p;
        let mjkit = p.opts.model == EV_MODEL_MJKIT;
        let nd = self.draws.len();
        let nx = self.discards.len();
        // The edges each end uses, deduplicated (a discard-side edge that a draw-side edge
        // already gives), as compressed rows: per draw state its plain draws (target, weight)
        // then its winning draws (target, weight, points), per discard state its options.
        let mut plain_count = vec![0u32; nd + 1];
        let mut win_count = vec![0u32; nd + 1];
        let mut option_count = vec![0u32; nx + 1];
        let mut keep = Vec::with_capacity(self.edges.len());
        for e in &self.edges {
            let s = &self.draws[e.s as usize];
            let counts = if e.score > 0.0 {
                &mut win_count
            } else {
                &mut plain_count
            };
            if e.d == SELF {
                counts[e.s as usize] += 1;
                keep.push((e, true, false));
                continue;
            }
            let dst = &self.discards[e.d as usize].state;
            let same = s.state.riichi == dst.riichi;
            if !e.from_draw && same && s.drawn >> e.tile & 1 != 0 {
                continue;
            }
            let drawable = e.from_draw || !mjkit || same;
            counts[e.s as usize] += u32::from(drawable);
            option_count[e.d as usize] += 1;
            keep.push((e, drawable, true));
        }
        let prefix = |c: &mut Vec<u32>| {
            let mut acc = 0;
            for x in c.iter_mut() {
                let n = *x;
                *x = acc;
                acc += n;
            }
        };
        prefix(&mut plain_count);
        prefix(&mut win_count);
        prefix(&mut option_count);
        let (mut plain_at, mut win_at, mut option_at) =
            (plain_count.clone(), win_count.clone(), option_count.clone());
        let mut plain_rows = vec![(0u32, 0.0f32); plain_count[nd] as usize];
        let mut win_rows = vec![(0u32, 0.0f64, 0.0f64); win_count[nd] as usize];
        let mut option_rows = vec![0u32; option_count[nx] as usize];
        for &(e, drawable, option) in &keep {
            if drawable {
                let s = e.s as usize;
                if e.score > 0.0 {
                    win_rows[win_at[s] as usize] = (e.d, f64::from(e.weight), e.score);
                    win_at[s] += 1;
                } else {
                    plain_rows[plain_at[s] as usize] = (e.d, f32::from(e.weight));
                    plain_at[s] += 1;
                }
            }
            if option {
                let at = &mut option_at[e.d as usize];
                option_rows[*at as usize] = e.s;
                *at += 1;
            }
        }
        let ready: Vec<bool> = self.draws.iter().map(|d| d.shanten == 0).collect();
        let mut v: Vec<[f64; 3]> = ready
            .iter()
            .map(|&r| [if r { 1.0 } else { 0.0 }, 0.0, 0.0])
            .collect();
        let mut next = v.clone();
        let mut c = vec![[0.0f64; 3]; nx];
        let pool_total: u32 = p.base.iter().map(|&x| u32::from(x)).sum::<u32>() - p.total13;
        let sum0: u32 = p.pool0.iter().map(|&x| u32::from(x)).sum();
        for n in 1..=u32::from(p.opts.draws) {
            for (x, best) in c.iter_mut().enumerate() {
                let mut b = [0.0f64; 3];
                for &s in &option_rows[option_count[x] as usize..option_count[x + 1] as usize] {
                    let w = &v[s as usize];
                    b[0] = b[0].max(w[0]);
                    b[1] = b[1].max(w[1]);
                    b[2] = b[2].max(w[2]);
                }
                *best = b;
            }
            let den = if mjkit {
                f64::from(pool_total)
            } else {
                f64::from(sum0) - f64::from(u32::from(super::EV_MAX_DRAWS) - n)
            };
            if den <= 0.0 {
                continue;
            }
            let inv = 1.0 / den;
            for s in 0..nd {
                let cur = v[s];
                let mut acc = [0.0f64; 3];
                let plain = &plain_rows[plain_count[s] as usize..plain_count[s + 1] as usize];
                for &(d, w) in plain {
                    let a = &c[d as usize];
                    let w = f64::from(w);
                    acc[0] += w * (a[0] - cur[0]);
                    acc[1] += w * (a[1] - cur[1]);
                    acc[2] += w * (a[2] - cur[2]);
                }
                for &(d, w, score) in &win_rows[win_count[s] as usize..win_count[s + 1] as usize] {
                    let cont = if d == SELF { cur[2] } else { c[d as usize][2] };
                    acc[0] += w * (1.0 - cur[0]);
                    acc[1] += w * (1.0 - cur[1]);
                    acc[2] += w * (score.max(cont) - cur[2]);
                }
                next[s] = [
                    if ready[s] { 1.0 } else { cur[0] + acc[0] * inv },
                    cur[1] + acc[1] * inv,
                    cur[2] + acc[2] * inv,
                ];
            }
            std::mem::swap(&mut v, &mut next);
        }
        (v, keep.len() as u32)
    }
}
