//! Exact shanten (deficiency) numbers for hands of 1 to 17 tiles.
//!
//! The shanten number is the replacement number minus one, where the replacement number of a
//! hand is the fewest tiles that must be drawn (each swapped for a tile of the hand) to reach a
//! complete hand, over every complete hand that respects the 4-copies limit: `-1` complete,
//! `0` tenpai, and so on. It is exact, unlike the `8 - 2 * melds - partials` rule of thumb.
//!
//! The regular form (`n` melds and a pair, `n = total / 3`, up to 5 melds for 16/17-tile
//! Taiwanese hands) uses per-block class tables generated offline (`src/shanten/generate.rs`
//! documents the construction): a rank and a class per block, two combination lookups and a
//! final one, with no DP per hand. Seven pairs, seven pairs with quads and thirteen orphans are
//! branch-free closed forms over counts of kinds, pairs and orphans, for 13/14-tile hands.

#[cfg(any(test, feature = "gen"))]
pub mod generate;
pub mod knitted;
mod tables;

pub use tables::table_bytes;

use crate::error::Error;
use crate::forms::Forms;
use crate::hand::{AsCounts, Hand};
use crate::tile::{Counts, TERMINALS_AND_HONORS_MASK};

/// Nothing to do: the shanten tables are statics built at compile time (kept so that
/// [`crate::init`] calls every module the same way).
pub fn init() {
    tables::init();
}

/// The forms of `forms` that apply to `hand` (3n+1 or 3n+2 tiles).
///
/// # Errors
/// [`Error::InvalidArgument`] for an empty form set; [`Error::BadTileTotal`] for a total of 3n
/// tiles or when no requested form fits the size.
#[inline]
pub(crate) fn applicable_forms(hand: &Hand, forms: Forms) -> Result<Forms, Error> {
    forms.for_hand_size(hand.total())
}

/// Shanten number of a hand given as 34 counts (1m..9m, 1p..9p, 1s..9s, then the honours) or
/// a [`Hand`], the minimum over `forms`: the one entry of the query. The counts are validated here (by
/// [`Hand::new`]'s test, read in place without a copy) and then go to the core; the C ABI's
/// `mj_shanten` and `mj_shanten_batch` add only their pointer and form-bit checks.
///
/// Regular form for every 3n+1 / 3n+2 size up to 17 tiles; seven pairs (distinct or with quads)
/// and thirteen orphans for 13/14 tiles; the MCR knitted forms as [`knitted`] computes
/// them (全不靠 13/14 tiles, 组合龙 13/14 and 10/11). A requested form that does not fit the size
/// is skipped.
///
/// # Errors
/// [`Error::TooManyCopies`] for the first kind above 4, [`Error::BadTileTotal`] for more than
/// [`Hand::MAX_TILES`] tiles; [`Error::InvalidArgument`] for an empty form set;
/// [`Error::BadTileTotal`] for a total of 3n tiles (including 0) or when no requested form fits
/// the size; [`Error::ThreePlayerTile`] when `forms` has [`Forms::THREE_PLAYER`] and the hand
/// holds a 2m-8m.
#[inline(always)]
pub fn shanten(counts: &impl AsCounts, forms: Forms) -> Result<i32, Error> {
    let counts = counts.as_counts();
    let (total, w) = Hand::validate_words(counts)?;
    shanten_valid(counts, &w, total, forms)
}

/// The core of [`shanten`]: counts `c` that passed [`Hand::new`]'s test, their count words `w`
/// (as validation read them) and their `total`.
///
/// # Errors
/// As [`shanten`], after validation.
#[inline(always)]
pub(crate) fn shanten_valid(
    c: &Counts,
    w: &[u64; 5],
    total: u32,
    forms: Forms,
) -> Result<i32, Error> {
    let f = forms.for_valid_hand_size(total)?;
    if f.is_three_player() {
        f.check_words(w)?;
        return Ok(shanten_three_player(c, total, f));
    }
    Ok(shanten_of_keys(c, &tables::HandKeys::of_words(w), total, f))
}

/// 1 for each terminal and honour kind.
const ORPHAN_KINDS: [u8; 34] = {
    let mut m = [0u8; 34];
    let mut k = 0;
    while k < 34 {
        m[k] = crate::tile::is_terminal_or_honor(k) as u8;
        k += 1;
    }
    m
};

/// Counts behind the special forms of a hand.
#[derive(Clone, Copy)]
struct SpecialStats {
    /// Kinds held.
    kinds: i32,
    /// Kinds held at least twice.
    pairs: i32,
    /// Sum of `c / 2`: pairs when a four of a kind counts as two.
    half: i32,
    /// Terminal and honour kinds held.
    orphans: i32,
    /// Terminal and honour kinds held at least twice.
    orphan_pairs: i32,
}

impl SpecialStats {
    /// Direct count over the 34 kinds (the tables' packed sums are tested against it).
    #[cfg(test)]
    fn of(c: &Counts) -> SpecialStats {
        let (mut kinds, mut pairs, mut half) = (0u8, 0u8, 0u8);
        let (mut orphans, mut orphan_pairs) = (0u8, 0u8);
        for (&n, &o) in c.iter().zip(&ORPHAN_KINDS) {
            let held = u8::from(n > 0);
            let pair = u8::from(n >= 2);
            kinds += held;
            pairs += pair;
            half += n >> 1;
            orphans += held & o;
            orphan_pairs += pair & o;
        }
        SpecialStats {
            kinds: i32::from(kinds),
            pairs: i32::from(pairs),
            half: i32::from(half),
            orphans: i32::from(orphans),
            orphan_pairs: i32::from(orphan_pairs),
        }
    }

    /// Unpacks the table form ([`tables::Stats`]).
    #[inline(always)]
    fn from_packed(p: u32) -> SpecialStats {
        use tables::Stats;
        SpecialStats {
            kinds: Stats::field(p, Stats::KINDS),
            pairs: Stats::field(p, Stats::PAIRS),
            half: Stats::field(p, Stats::HALF),
            orphans: Stats::field(p, Stats::ORPHANS),
            orphan_pairs: Stats::field(p, Stats::ORPHAN_PAIRS),
        }
    }

    /// The stats after one more tile of a kind the hand held `n` (< 4) of, an orphan (a
    /// terminal or honour) or not.
    #[inline(always)]
    fn with_draw_of(self, n: u8, orphan: bool) -> SpecialStats {
        let held = i32::from(n == 0);
        let pair = i32::from(n == 1);
        let o = i32::from(orphan);
        SpecialStats {
            kinds: self.kinds + held,
            pairs: self.pairs + pair,
            half: self.half + i32::from(n & 1),
            orphans: self.orphans + held * o,
            orphan_pairs: self.orphan_pairs + pair * o,
        }
    }

    /// The stats after one tile fewer of kind `k`, which the hand held `n` (>= 1) of.
    #[inline(always)]
    fn with_discard(self, k: usize, n: u8) -> SpecialStats {
        let held = i32::from(n == 1);
        let pair = i32::from(n == 2);
        let o = i32::from(ORPHAN_KINDS[k]);
        SpecialStats {
            kinds: self.kinds - held,
            pairs: self.pairs - pair,
            half: self.half - i32::from(n & 1 == 0),
            orphans: self.orphans - held * o,
            orphan_pairs: self.orphan_pairs - pair * o,
        }
    }

    /// Minimum replacement number over the special forms in `bits` (13/14 tiles), branch-free:
    /// seven distinct pairs `7 - pairs + max(0, 7 - kinds)`, seven pairs with quads
    /// `7 - min(7, half)`, thirteen orphans `14 - orphans - [an orphan pair]`.
    ///
    /// The tests on `bits` only skip forms that were not asked for (the same way on every call
    /// with the same mask); nothing branches on the tiles.
    #[inline(always)]
    fn replacement(self, bits: u32) -> i32 {
        let mut best = i32::MAX;
        if bits & Forms::SEVEN_PAIRS.bits() != 0 {
            best = best.min(7 - self.pairs + (7 - self.kinds).max(0));
        }
        if bits & Forms::SEVEN_PAIRS_QUADS.bits() != 0 {
            best = best.min(7 - self.half.min(7));
        }
        if bits & Forms::THIRTEEN_ORPHANS.bits() != 0 {
            best = best.min(14 - self.orphans - i32::from(self.orphan_pairs > 0));
        }
        best
    }
}

/// Shanten of counts already validated: `total` is 3n+1 or 3n+2 (at most 17) and `forms` holds
/// only forms applicable to that size (at least one). The test reference of tile efficiency,
/// and the discard analysis' shanten of a 14-tile state.
pub(crate) fn shanten_unchecked(c: &Counts, total: u32, forms: Forms) -> i32 {
    if forms.is_three_player() {
        return shanten_three_player(c, total, forms);
    }
    shanten_of_keys(c, &tables::HandKeys::of(c), total, forms)
}

/// [`shanten_unchecked`] from the hand's table keys.
#[inline(always)]
fn shanten_of_keys(c: &Counts, keys: &tables::HandKeys, total: u32, forms: Forms) -> i32 {
    let bits = forms.bits();
    let mut best = i32::MAX;
    let t = tables::tables();
    let e = t.entries(keys);
    if bits & Forms::REGULAR.bits() != 0 {
        best = i32::from(t.replacement(&t.classes_of(&e, keys.honor), (total / 3) as usize));
    }
    if bits & PAIRS_AND_ORPHANS != 0 {
        best = best.min(SpecialStats::from_packed(t.stats_of(&e, keys.honor)).replacement(bits));
    }
    if bits & KNITTED != 0 {
        best = best.min(knitted_replacement(c, bits));
    }
    best - 1
}

/// [`shanten_of_keys`] under the three-player modifier (out of line, off the four-player path):
/// the regular form reads the three-player block classes, where 1m and 9m form no sequences;
/// the special forms are the same counts (the modifier goes with the riichi forms only).
#[cold]
#[inline(never)]
fn shanten_three_player(c: &Counts, total: u32, forms: Forms) -> i32 {
    let t = tables::tables();
    let keys = tables::HandKeys::of(c);
    let bits = forms.bits();
    let mut best = i32::MAX;
    if bits & Forms::REGULAR.bits() != 0 {
        let classes = t.classes_three_player(c, &keys);
        best = i32::from(t.replacement(&classes, (total / 3) as usize));
    }
    if bits & PAIRS_AND_ORPHANS != 0 {
        best = best.min(SpecialStats::from_packed(t.stats(&keys)).replacement(bits));
    }
    if bits & KNITTED != 0 {
        best = best.min(knitted_replacement(c, bits));
    }
    best - 1
}

/// Regular-form replacement number of `c` towards exactly `melds` melds and a pair, whatever
/// the number of tiles (counts at most 4, at most 17 tiles). Used by the knitted straight for
/// its set and pair.
pub(crate) fn regular_replacement(c: &Counts, melds: usize) -> i32 {
    let t = tables::tables();
    i32::from(t.replacement(&t.classes(&tables::HandKeys::of(c)), melds))
}

/// The seven-pairs and thirteen-orphans forms, computed here from kind counts.
const PAIRS_AND_ORPHANS: u32 =
    Forms::SEVEN_PAIRS.bits() | Forms::SEVEN_PAIRS_QUADS.bits() | Forms::THIRTEEN_ORPHANS.bits();
/// The MCR knitted forms, whose shanten comes from [`knitted`].
const KNITTED: u32 = Forms::HONORS_AND_KNITTED.bits() | Forms::KNITTED_STRAIGHT.bits();

/// Minimum replacement number over the knitted forms in `bits` (sizes checked by
/// [`knitted`]: `None` where a form does not fit).
#[cold]
fn knitted_replacement(c: &Counts, bits: u32) -> i32 {
    let mut best = i32::MAX;
    if bits & Forms::HONORS_AND_KNITTED.bits() != 0 {
        if let Some(s) = knitted::honors_and_knitted_shanten(c) {
            best = best.min(s + 1);
        }
    }
    if bits & Forms::KNITTED_STRAIGHT.bits() != 0 {
        if let Some(s) = knitted::knitted_straight_shanten(c) {
            best = best.min(s + 1);
        }
    }
    best
}

/// Shanten of validated counts (as [`shanten_unchecked`]) and the kinds whose draw lowers it
/// (bit k; never a kind held four times).
///
/// Incremental: a draw changes one block, so its class comes from the block's keys plus one
/// digit ([`tables::SuitKey::with_delta`]; an honour draw only moves the histogram key, so the
/// seven honours need at most four evaluations), and the special-form counts after a draw
/// depend only on the kind's count and whether it is an orphan (at most eight evaluations).
/// The MCR knitted forms are recomputed per draw.
pub(crate) fn lowering_draws(c: &Counts, total: u32, forms: Forms) -> (i32, u64) {
    if forms.is_three_player() {
        return lowering_draws_three_player(c, total, forms);
    }
    let e = Efficiency::new(c, total, forms);
    let b = e.bases(c);
    let draws = if b.regular == b.best() {
        e.keys.suits.map(|k| e.t.suit_draw_classes(k))
    } else {
        [[0; 9]; 3]
    };
    let mask = e.lowering(c, &b, &draws, fours(c), || crate::tile::count_planes(c));
    (b.best() - 1, mask)
}

/// For a 3n+2 hand (validated, `forms` fitting the size), calls `f(kind, shanten, mask)` for
/// each kind held, increasing: the shanten after discarding that kind and the kinds whose draw
/// then lowers it, as [`lowering_draws`] on the hand left.
///
/// The draw classes of the blocks a discard does not touch are computed once per hand.
pub(crate) fn discards_lowering_draws(
    c: &Counts,
    total: u32,
    forms: Forms,
    mut f: impl FnMut(usize, i32, u64),
) {
    if forms.is_three_player() {
        let mut d = *c;
        let mut held = held_kinds(c);
        while held != 0 {
            let a = held.trailing_zeros() as usize;
            held &= held - 1;
            d[a] -= 1;
            let (shanten, mask) = lowering_draws_three_player(&d, total - 1, forms);
            f(a, shanten, mask);
            d[a] += 1;
        }
        return;
    }
    let e = Efficiency::new(c, total - 1, forms);
    let regular = forms.bits() & Forms::REGULAR.bits() != 0;
    let draws = if regular {
        e.keys.suits.map(|k| e.t.suit_draw_classes(k))
    } else {
        [[0; 9]; 3]
    };
    let four = fours(c);
    let mut planes = None;
    let mut d = *c;
    let mut held = held_kinds(c);
    while held != 0 {
        let a = held.trailing_zeros() as usize;
        held &= held - 1;
        let n = c[a];
        d[a] -= 1;
        let left = e.with_discard(a, n);
        let b = left.bases(&d);
        let mut dr = draws;
        if regular && a < 27 && b.regular == b.best() {
            dr[a / 9] = left.t.suit_draw_classes(left.keys.suits[a / 9]);
        }
        // The bit planes of the hand left: kind `a` goes from `n` to `n - 1` copies.
        let left_planes = || {
            let p = *planes.get_or_insert_with(|| crate::tile::count_planes(c));
            std::array::from_fn(|i| p[i] & !(1 << a) | u64::from((n - 1) >> i & 1) << a)
        };
        let mask = left.lowering(&d, &b, &dr, four & !(1 << a), left_planes);
        f(a, b.best() - 1, mask);
        d[a] += 1;
    }
}

/// For a 3n+2 hand (validated, four-player, `forms` fitting the size), calls `f(kind,
/// shanten)` for each kind held, increasing: the shanten after discarding that kind. The
/// incremental half of [`discards_lowering_draws`] without the lowering draws (one block key
/// and class change per discard); the discard analysis uses it for every 14-tile state.
pub(crate) fn discards_shanten(
    c: &Counts,
    total: u32,
    forms: Forms,
    mut f: impl FnMut(usize, i32),
) {
    if forms.is_three_player() {
        let mut d = *c;
        let mut held = held_kinds(c);
        while held != 0 {
            let a = held.trailing_zeros() as usize;
            held &= held - 1;
            d[a] -= 1;
            f(a, shanten_three_player(&d, total - 1, forms));
            d[a] += 1;
        }
        return;
    }
    let e = Efficiency::new(c, total - 1, forms);
    let mut d = *c;
    let mut held = held_kinds(c);
    while held != 0 {
        let a = held.trailing_zeros() as usize;
        held &= held - 1;
        d[a] -= 1;
        let b = e.with_discard(a, c[a]).bases(&d);
        f(a, b.best() - 1);
        d[a] += 1;
    }
}

/// For a hand `c` of 3n tiles (validated), calls `f(kind, shanten, mask)` for each kind of
/// `draws` (increasing; a kind held four times is skipped) after which the shanten is at most
/// `at_most`: the shanten of `c` plus that kind (a 3n+1 hand of `total` tiles) and the kinds
/// whose draw then lowers it, as [`lowering_draws`] on that hand.
///
/// Regular form only, incremental: a draw changes one block, so the keys and draw classes of
/// the other blocks are computed once, and the lowering draws only for the hands kept. Any
/// other form set falls back to [`lowering_draws`] per draw.
pub(crate) fn draws_lowering_draws(
    c: &Counts,
    total: u32,
    forms: Forms,
    draws: u64,
    at_most: i32,
    mut f: impl FnMut(usize, i32, u64),
) {
    let mut d = *c;
    let mut m = draws & !fours(c);
    if forms != Forms::REGULAR {
        while m != 0 {
            let t = m.trailing_zeros() as usize;
            m &= m - 1;
            d[t] += 1;
            let (shanten, mask) = lowering_draws(&d, total, forms);
            if shanten <= at_most {
                f(t, shanten, mask);
            }
            d[t] -= 1;
        }
        return;
    }
    let e = Efficiency::new(c, total, forms);
    let base_draws = e.keys.suits.map(|k| e.t.suit_draw_classes(k));
    while m != 0 {
        let t = m.trailing_zeros() as usize;
        m &= m - 1;
        let blk = t / 9;
        // Regular form only: no special-form stats to update.
        let x = e.with_block_delta(t, c[t], 1);
        d[t] += 1;
        let b = x.bases(&d);
        if b.best() - 1 > at_most {
            d[t] -= 1;
            continue;
        }
        let mut dr = base_draws;
        if blk < 3 && b.regular == b.best() {
            dr[blk] = x.t.suit_draw_classes(x.keys.suits[blk]);
        }
        let mask = x.lowering(&d, &b, &dr, fours(&d), || crate::tile::count_planes(&d));
        f(t, b.best() - 1, mask);
        d[t] -= 1;
    }
}

/// [`lowering_draws`] under the three-player modifier, by recomputing the shanten after each
/// draw: the incremental tables assume that 1m and 9m can form sequences, and 2m-8m cannot be
/// drawn (they never lower the shanten here and are left out).
#[cold]
fn lowering_draws_three_player(c: &Counts, total: u32, forms: Forms) -> (i32, u64) {
    let base = shanten_three_player(c, total, forms);
    let mut mask = 0u64;
    let mut d = *c;
    for k in (0..34).filter(|k| !(1..8).contains(k)) {
        if d[k] >= 4 {
            continue;
        }
        d[k] += 1;
        if shanten_three_player(&d, total + 1, forms) < base {
            mask |= 1 << k;
        }
        d[k] -= 1;
    }
    (base, mask)
}

/// The kinds held, as a mask (counts at most 4).
#[inline(always)]
fn held_kinds(c: &Counts) -> u64 {
    gather_bits(c, |x| x | x >> 1 | x >> 2)
}

/// Bit 0 of `f(word)` for each count byte, as a kind mask (eight kinds per multiplication).
#[inline(always)]
fn gather_bits(c: &Counts, f: impl Fn(u64) -> u64) -> u64 {
    let w = crate::tile::count_words(c);
    let gather = |x: u64| (f(x) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56;
    gather(w[0]) | gather(w[1]) << 8 | gather(w[2]) << 16 | gather(w[3]) << 24 | gather(w[4]) << 32
}

/// State of a hand for one-tile changes: its keys, block classes and special-form counts.
#[derive(Clone, Copy)]
struct Efficiency {
    t: &'static tables::Tables,
    keys: tables::HandKeys,
    classes: tables::BlockClasses,
    stats: SpecialStats,
    bits: u32,
    /// Melds of the complete hand a 3n+1 hand of this size aims at.
    melds: usize,
}

impl Efficiency {
    /// State of `c`, a hand of `total` (3n+1) tiles for the purposes of `melds`, under `forms`
    /// (a 3n+2 hand passes its size - 1: the state is then updated by a discard).
    #[inline(always)]
    fn new(c: &Counts, total: u32, forms: Forms) -> Efficiency {
        let t = tables::tables();
        let keys = tables::HandKeys::of(c);
        let e = t.entries(&keys);
        Efficiency {
            t,
            keys,
            classes: t.classes_of(&e, keys.honor),
            stats: SpecialStats::from_packed(t.stats_of(&e, keys.honor)),
            bits: forms.bits(),
            melds: ((total + 1) / 3) as usize,
        }
    }

    /// The block keys and classes after kind `k`, held `n` times, gains `delta` copies (1 or
    /// -1); the special-form stats are left as they were.
    #[inline(always)]
    fn with_block_delta(&self, k: usize, n: u8, delta: i32) -> Efficiency {
        let mut e = *self;
        let b = k / 9;
        if b < 3 {
            e.keys.suits[b] = e.keys.suits[b].with_delta(k % 9, delta);
            e.classes[b] = e.t.suit_class(e.keys.suits[b]);
        } else {
            let n = usize::from(n);
            if delta < 0 {
                e.keys.honor -= tables::HONOR_WEIGHT[n] - tables::HONOR_WEIGHT[n - 1];
            } else {
                e.keys.honor += tables::HONOR_WEIGHT[n + 1] - tables::HONOR_WEIGHT[n];
            }
            e.classes[3] = e.t.honor_class(e.keys.honor);
        }
        e
    }

    /// The state after discarding kind `a`, held `n` times.
    #[inline(always)]
    fn with_discard(&self, a: usize, n: u8) -> Efficiency {
        let mut e = self.with_block_delta(a, n, -1);
        if self.bits & PAIRS_AND_ORPHANS != 0 {
            e.stats = e.stats.with_discard(a, n);
        }
        e
    }

    /// Replacement numbers of the hand itself per form group (`i32::MAX` for a group not asked
    /// for): regular, seven pairs / thirteen orphans, knitted (`c` = the counts, read by the
    /// knitted forms only). The shanten is their minimum minus one.
    #[inline(always)]
    fn bases(&self, c: &Counts) -> Bases {
        let mut b = Bases {
            regular: i32::MAX,
            special: i32::MAX,
            knitted: i32::MAX,
        };
        if self.bits & Forms::REGULAR.bits() != 0 {
            b.regular = i32::from(self.t.replacement(&self.classes, self.melds));
        }
        if self.bits & PAIRS_AND_ORPHANS != 0 {
            b.special = self.stats.replacement(self.bits);
        }
        if self.bits & KNITTED != 0 {
            b.knitted = knitted_replacement(c, self.bits);
        }
        b
    }

    /// The kinds whose draw lowers the shanten of the hand (`c` its counts, `b` its
    /// [`Efficiency::bases`]); `draws[b]` are the classes of suit `b` after drawing each of its
    /// kinds ([`tables::Tables::suit_draw_classes`]; read only with the regular form).
    ///
    /// One draw lowers a form's replacement number by at most one, so a form group whose own
    /// number is above the hand's best cannot produce a lowering draw and is skipped.
    #[inline(always)]
    fn lowering(
        &self,
        c: &Counts,
        b: &Bases,
        draws: &[[u8; 9]; 3],
        fours: u64,
        planes: impl FnOnce() -> [u64; 3],
    ) -> u64 {
        let t = self.t;
        // A draw lowers the shanten when a replacement number after it is below this.
        let limit = b.best();
        let mut mask = 0u64;
        if b.regular == limit {
            let [c0, c1, c2, c3] = self.classes;
            let x = t.pair_class(c0, c1);
            let w = t.suit_honor_class(c2, c3);
            let row = t.combined_row(self.melds);
            let lowers = |x: usize, w: usize| i32::from(t.combined_at(row, x, w)) < limit;
            let [m, p, s] = draws;
            for (i, ((&dm, &dp), &ds)) in m.iter().zip(p).zip(s).enumerate() {
                mask |= u64::from(lowers(t.pair_class(dm, c1), w)) << i;
                mask |= u64::from(lowers(t.pair_class(c0, dp), w)) << (9 + i);
                mask |= u64::from(lowers(x, t.suit_honor_class(ds, c3))) << (18 + i);
            }
            // Honours: the result depends only on the count held (never drawn at four).
            let mut by_count = [false; 5];
            for (n, lowers_n) in by_count[..4].iter_mut().enumerate() {
                let key = self.keys.honor + tables::HONOR_WEIGHT[n + 1] - tables::HONOR_WEIGHT[n];
                *lowers_n = lowers(x, t.suit_honor_class(c2, t.honor_class(key)));
            }
            if by_count != [false; 5] {
                for k in 27..34 {
                    mask |= u64::from(by_count[usize::from(c[k].min(4))]) << k;
                }
            }
        }
        if b.special == limit {
            // The special forms after a draw depend on the count held and on being an orphan.
            let lowers: [[bool; 4]; 2] = std::array::from_fn(|o| {
                std::array::from_fn(|n| {
                    self.stats
                        .with_draw_of(n as u8, o == 1)
                        .replacement(self.bits)
                        < limit
                })
            });
            let [p0, p1, p2] = planes();
            let [zero, one, two, three] = count_classes(p0, p1, p2);
            for (o, kinds) in [!TERMINALS_AND_HONORS_MASK, TERMINALS_AND_HONORS_MASK]
                .into_iter()
                .enumerate()
            {
                let sel = |b: bool, m: u64| m & 0u64.wrapping_sub(u64::from(b));
                let l = lowers[o];
                mask |=
                    kinds & (sel(l[0], zero) | sel(l[1], one) | sel(l[2], two) | sel(l[3], three));
            }
        }
        if b.knitted == limit {
            let mut d = *c;
            for k in 0..34 {
                if d[k] < 4 {
                    d[k] += 1;
                    mask |= u64::from(knitted_replacement(&d, self.bits) < limit) << k;
                    d[k] -= 1;
                }
            }
        }
        // A kind held four times cannot be drawn.
        mask & !fours
    }
}

/// Replacement numbers of a hand per form group (see [`Efficiency::bases`]).
#[derive(Clone, Copy)]
struct Bases {
    regular: i32,
    special: i32,
    knitted: i32,
}

impl Bases {
    /// The hand's replacement number (its shanten + 1).
    #[inline(always)]
    fn best(&self) -> i32 {
        self.regular.min(self.special).min(self.knitted)
    }
}

/// The kinds held four times, as a mask (bit 2 of each count).
#[inline(always)]
fn fours(c: &Counts) -> u64 {
    gather_bits(c, |x| x >> 2)
}

/// Kinds held 0, 1, 2 and 3 times, from the count bit planes (counts at most 4).
#[inline(always)]
fn count_classes(p0: u64, p1: u64, p2: u64) -> [u64; 4] {
    [
        !(p0 | p1 | p2) & crate::tile::ALL_KINDS_MASK,
        p0 & !p1,
        p1 & !p0,
        p0 & p1,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::{hand, tiles};

    fn sh(s: &str, f: Forms) -> i32 {
        shanten(hand(s).counts(), f).unwrap()
    }

    #[test]
    fn shanten_validates_as_hand_new() {
        let sets = [
            Forms::REGULAR,
            Forms::RIICHI,
            Forms::MCR,
            Forms::ALL,
            Forms::RIICHI | Forms::THREE_PLAYER,
            Forms::NONE,
        ];
        let mut oks = 0;
        for c in crate::win::tests::raw_count_arrays(20_000) {
            for f in sets {
                // The entry validates in place; Hand::new validates by copying.
                let want = Hand::new(&c).and_then(|h| {
                    let w = crate::tile::count_words(h.counts());
                    shanten_valid(h.counts(), &w, h.total(), f)
                });
                oks += usize::from(want.is_ok());
                assert_eq!(shanten(&c, f), want, "{c:?} {f:?}");
            }
        }
        assert!(oks > 20_000, "{oks}");
    }

    #[test]
    fn draws_lowering_draws_matches_lowering_draws() {
        // Random 3n hands (n = 1..5), every drawable kind: the incremental result equals a
        // whole lowering_draws of the hand with the draw, for the regular form and, through
        // the fallback, for the riichi forms.
        let mut rng = crate::table::rng::Rng::from_u64(17);
        let mut checked = 0;
        for i in 0..3000 {
            let n = 1 + i % 5;
            let mut c = [0u8; 34];
            let mut placed = 0;
            while placed < 3 * n {
                let k = (rng.next_u64() % 34) as usize;
                if c[k] < 4 {
                    c[k] += 1;
                    placed += 1;
                }
            }
            let total = 3 * n as u32 + 1;
            let forms = if n == 4 && i % 2 == 1 {
                Forms::RIICHI
            } else {
                Forms::REGULAR
            };
            let draws = rng.next_u64() & ((1u64 << 34) - 1) | 1 << (i % 34);
            // Every draw, then only those that reach the shanten of a random one of them.
            let pick = (rng.next_u64() % 34) as usize;
            let mut d = c;
            d[pick] += 1;
            let limit = if c[pick] < 4 {
                lowering_draws(&d, total, forms).0
            } else {
                9
            };
            for at_most in [9, limit] {
                let mut seen = 0u64;
                draws_lowering_draws(&c, total, forms, draws, at_most, |t, s, mask| {
                    let mut d = c;
                    d[t] += 1;
                    assert_eq!((s, mask), lowering_draws(&d, total, forms), "{c:?} + {t}");
                    seen |= 1 << t;
                    checked += 1;
                });
                let want = (0..34)
                    .filter(|&k| draws >> k & 1 != 0 && c[k] < 4)
                    .filter(|&k| {
                        let mut d = c;
                        d[k] += 1;
                        lowering_draws(&d, total, forms).0 <= at_most
                    });
                assert_eq!(seen, want.fold(0u64, |m, k| m | 1 << k), "{c:?} {at_most}");
            }
        }
        assert!(checked > 30_000, "{checked}");
    }

    #[test]
    fn shanten_regular_basics() {
        assert_eq!(sh("123m456p789s11222z", Forms::REGULAR), -1);
        assert_eq!(sh("123m456p789s1122z", Forms::REGULAR), 0);
        assert_eq!(sh("1m", Forms::REGULAR), 0);
        assert_eq!(sh("11m", Forms::REGULAR), -1);
        assert_eq!(sh("19m", Forms::REGULAR), 0);
        assert_eq!(sh("1m9p", Forms::REGULAR), 0);
        assert_eq!(sh("1234m", Forms::REGULAR), 0);
        assert_eq!(sh("19m19p19s1234567z", Forms::REGULAR), 8);
    }

    #[test]
    fn shanten_four_copies_subtleties() {
        // 1111m (target: a meld and a pair, 5 tiles). A target holds at most four 1m, and no
        // meld-plus-pair shape uses all four (111m + 11m is five copies; 123m + 11m uses three):
        // best overlap 3, replacement 2, shanten 1 (not tenpai, although it "has" a pung).
        assert_eq!(sh("1111m", Forms::REGULAR), 1);
        // 1111m111122233z: the quads cannot be pung + pair of the same kind; replacement 2
        // (xiangting documents the same), shanten 1.
        assert_eq!(sh("1111m111122233z", Forms::REGULAR), 1);
        // 4444m4444p4444s11z: 444m 444p 444s 11z plus a fourth meld that reuses a spare 4
        // (e.g. 345m) still needs 2 draws; no target uses 13 of the tiles. Shanten 1.
        assert_eq!(sh("4444m4444p4444s11z", Forms::REGULAR), 1);
        // 11112222z (8 tiles: 2 melds + pair): 111z 222z + a pair of a third honour, 2 draws.
        assert_eq!(sh("11112222z", Forms::REGULAR), 1);
        // In a suit the spare copies fit in chows: 111m 123m 22m needs only a 3m for a 2m.
        assert_eq!(sh("11112222m", Forms::REGULAR), 0);
    }

    #[test]
    fn shanten_special_forms() {
        assert_eq!(sh("1122m3344p5566s77z", Forms::SEVEN_PAIRS), -1);
        assert_eq!(sh("1122m3344p5566s7z", Forms::SEVEN_PAIRS), 0);
        // A quad is one distinct pair only: six distinct pairs in six kinds, so two of the 1m
        // must be swapped for a pair of a new kind: replacement 2, shanten 1.
        assert_eq!(sh("1111m3344p5566s77z", Forms::SEVEN_PAIRS), 1);
        assert_eq!(sh("1111m3344p5566s77z", Forms::SEVEN_PAIRS_QUADS), -1);
        assert_eq!(sh("119m19p19s1234567z", Forms::THIRTEEN_ORPHANS), -1);
        assert_eq!(sh("19m19p19s1234567z", Forms::THIRTEEN_ORPHANS), 0);
        assert_eq!(sh("19m19p19s1234567z", Forms::RIICHI), 0);
        assert_eq!(sh("23455m345p45678s", Forms::THIRTEEN_ORPHANS), 13);
    }

    #[test]
    fn special_stats_tables_match_direct_count() {
        let t = tables::tables();
        let mut seed = 7u64;
        for _ in 0..20_000 {
            let mut c = [0u8; 34];
            let mut n = 0;
            while n < 17 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let k = (seed >> 33) as usize % 34;
                if c[k] < 4 {
                    c[k] += 1;
                    n += 1;
                }
            }
            let a = SpecialStats::of(&c);
            let b = SpecialStats::from_packed(t.stats(&tables::HandKeys::of(&c)));
            assert_eq!(
                (a.kinds, a.pairs, a.half, a.orphans, a.orphan_pairs),
                (b.kinds, b.pairs, b.half, b.orphans, b.orphan_pairs)
            );
        }
    }

    #[test]
    fn shanten_errors() {
        assert_eq!(
            shanten(&tiles("123m"), Forms::REGULAR),
            Err(Error::BadTileTotal { total: 3 })
        );
        assert_eq!(
            shanten(&tiles(""), Forms::REGULAR),
            Err(Error::BadTileTotal { total: 0 })
        );
        assert_eq!(
            shanten(&tiles("11m"), Forms::NONE),
            Err(Error::InvalidArgument)
        );
        assert_eq!(
            shanten(&tiles("11m"), Forms::SEVEN_PAIRS),
            Err(Error::BadTileTotal { total: 2 })
        );
        // Forms that do not fit are skipped when one does.
        assert_eq!(shanten(&tiles("11m"), Forms::ALL), Ok(-1));
    }
}
