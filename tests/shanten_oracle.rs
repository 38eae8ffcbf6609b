//! The fast shanten and tile-efficiency code against an independent, slow reference.
//!
//! The reference follows the definition: the replacement number is the fewest draws that turn
//! the hand into some complete hand with at most 4 copies of a kind, and shanten is that minus
//! one. For the regular form it enumerates, block by block (each suit, the honours), every way
//! to lay out `m` melds and `h` pairs kind by kind (pungs, chows by starting kind, the pair) with
//! a position DP, charging `max(0, t_i - c_i)` draws per kind, then splits the melds and the pair
//! between the blocks with a DP. Seven pairs (distinct or with quads) and thirteen orphans are
//! knapsacks over kinds. Nothing here uses the tables or closed forms of the library.
//!
//! `MJ_DIFF_N` sets the random hands per size and generator (default 20,000; five generators:
//! full wall, one suit or the honours, many fours and threes of a kind, a few dense kinds, near
//! complete hands).

#![allow(clippy::needless_range_loop)] // index loops read like the DP recurrences

mod support;

use std::collections::HashMap;
use support::Rng;

use mjkit::efficiency::{discards, ukeire};
use mjkit::shanten::shanten;
use mjkit::{Counts, Forms, Hand, TILE_KINDS};

const INF: u32 = 1_000;
const MAX_MELDS: usize = 5;
const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Draws to reach `m` melds and `h` pairs inside one block: `[m][h]`.
type BlockDraws = [[u32; 2]; MAX_MELDS + 1];

/// Position DP over the kinds of one block. State: chows started one kind back, two kinds back,
/// melds so far, pairs so far. At each kind choose a pung (0/1), a pair (0/1) and how many chows
/// start here; the target holds `t` copies of the kind (at most 4) and costs `max(0, t - c)`.
fn block_draws(c: &[u8], chows: bool) -> BlockDraws {
    let len = c.len();
    let mut cur = [[[[INF; 2]; MAX_MELDS + 1]; 5]; 5];
    cur[0][0][0][0] = 0;
    for i in 0..len {
        let mut next = [[[[INF; 2]; MAX_MELDS + 1]; 5]; 5];
        let new_max = if chows && i + 2 < len { 4 } else { 0 };
        for o1 in 0..5 {
            for o2 in 0..5 - o1 {
                for m in 0..=MAX_MELDS {
                    for h in 0..2 {
                        let v = cur[o1][o2][m][h];
                        if v >= INF {
                            continue;
                        }
                        for pung in 0..2 {
                            for pair in 0..2 {
                                for new in 0..=new_max {
                                    let t = o1 + o2 + new + 3 * pung + 2 * pair;
                                    let (m2, h2) = (m + pung + new, h + pair);
                                    if t > 4 || m2 > MAX_MELDS || h2 > 1 {
                                        continue;
                                    }
                                    let cost = v + (t as u32).saturating_sub(u32::from(c[i]));
                                    let slot = &mut next[new][o1][m2][h2];
                                    *slot = (*slot).min(cost);
                                }
                            }
                        }
                    }
                }
            }
        }
        cur = next;
    }
    cur[0][0]
}

struct Oracle {
    memo: HashMap<(bool, Vec<u8>), BlockDraws>,
}

impl Oracle {
    fn new() -> Oracle {
        Oracle {
            memo: HashMap::new(),
        }
    }

    fn block(&mut self, c: &[u8], chows: bool) -> BlockDraws {
        *self
            .memo
            .entry((chows, c.to_vec()))
            .or_insert_with(|| block_draws(c, chows))
    }

    /// Replacement number of the regular form with `melds` melds and one pair.
    fn regular(&mut self, c: &Counts, melds: usize) -> u32 {
        let blocks = [
            self.block(&c[0..9], true),
            self.block(&c[9..18], true),
            self.block(&c[18..27], true),
            self.block(&c[27..34], false),
        ];
        let mut best = [[INF; 2]; MAX_MELDS + 1];
        best[0][0] = 0;
        for b in &blocks {
            let mut next = [[INF; 2]; MAX_MELDS + 1];
            for m in 0..=MAX_MELDS {
                for h in 0..2 {
                    for m1 in 0..=m {
                        for h1 in 0..=h {
                            let v = best[m1][h1] + b[m - m1][h - h1];
                            next[m][h] = next[m][h].min(v);
                        }
                    }
                }
            }
            best = next;
        }
        best[melds][1]
    }
}

/// Seven pairs: pick exactly `7` pairs over the kinds, at most `max_per_kind` per kind
/// (1 = distinct pairs, 2 = a quad may be two pairs); a kind with p pairs costs max(0, 2p - c).
fn seven_pairs(c: &Counts, max_per_kind: usize) -> u32 {
    let mut best = [INF; 8];
    best[0] = 0;
    for &n in c.iter() {
        let mut next = [INF; 8];
        for (have, &v) in best.iter().enumerate() {
            for p in 0..=max_per_kind {
                if have + p <= 7 && v < INF {
                    let cost = v + (2 * p as u32).saturating_sub(u32::from(n));
                    next[have + p] = next[have + p].min(cost);
                }
            }
        }
        best = next;
    }
    best[7]
}

/// Thirteen orphans: one of each terminal and honour, plus a second copy of one of them.
fn thirteen_orphans(c: &Counts) -> u32 {
    ORPHANS
        .iter()
        .map(|&extra| {
            ORPHANS
                .iter()
                .map(|&k| (1 + u32::from(k == extra)).saturating_sub(u32::from(c[k])))
                .sum::<u32>()
        })
        .min()
        .unwrap()
}

/// Reference shanten: min over the requested forms that fit the size; `None` if none fits.
fn oracle_shanten(o: &mut Oracle, c: &Counts, forms: Forms) -> Option<i32> {
    let total: usize = c.iter().map(|&x| usize::from(x)).sum();
    if total % 3 == 0 || total > 17 {
        return None;
    }
    let mut best = INF;
    if forms.contains(Forms::REGULAR) {
        best = best.min(o.regular(c, total / 3));
    }
    // The MCR knitted forms are the MCR helper's (`mjkit::shanten::knitted`, tested in tests/mcr_knitted.rs against its own
    // reference); they enter here only so that every form set can be compared.
    if forms.contains(Forms::HONORS_AND_KNITTED) {
        if let Some(s) = mjkit::shanten::knitted::honors_and_knitted_shanten(c) {
            best = best.min((s + 1) as u32);
        }
    }
    if forms.contains(Forms::KNITTED_STRAIGHT) {
        if let Some(s) = mjkit::shanten::knitted::knitted_straight_shanten(c) {
            best = best.min((s + 1) as u32);
        }
    }
    if total == 13 || total == 14 {
        if forms.contains(Forms::SEVEN_PAIRS) {
            best = best.min(seven_pairs(c, 1));
        }
        if forms.contains(Forms::SEVEN_PAIRS_QUADS) {
            best = best.min(seven_pairs(c, 2));
        }
        if forms.contains(Forms::THIRTEEN_ORPHANS) {
            best = best.min(thirteen_orphans(c));
        }
    }
    (best < INF).then(|| best as i32 - 1)
}

impl Rng {
    /// A hand of exactly `n` tiles from `generator` (the dense one is retried when its few
    /// kinds cannot hold `n` tiles).
    fn hand_of_size(&mut self, generator: usize, n: usize) -> Counts {
        loop {
            let c = self.hand(generator, n);
            if c.iter().map(|&x| usize::from(x)).sum::<usize>() == n {
                return c;
            }
        }
    }

    /// Hands of `n` tiles from one of several generators, including adversarial ones.
    fn hand(&mut self, generator: usize, n: usize) -> Counts {
        match generator {
            // The whole 136-tile set.
            0 => self.draw_from(&(0..34).collect::<Vec<_>>(), n),
            // One suit, or the honours when they hold enough tiles.
            1 => {
                let b = self.below(if n <= 28 { 4 } else { 3 });
                let kinds: Vec<usize> = if b == 3 {
                    (27..34).collect()
                } else {
                    (9 * b..9 * b + 9).collect()
                };
                self.draw_from(&kinds, n)
            }
            // Many fours and threes of a kind in few kinds.
            2 => {
                let mut c = [0u8; TILE_KINDS];
                let mut left = n;
                let base = self.below(4) * 9;
                while left > 0 {
                    let k = if self.below(3) == 0 {
                        27 + self.below(7)
                    } else {
                        (base + self.below(9)).min(33)
                    };
                    let room = usize::from(4 - c[k]).min(left);
                    let take = room.min(3 + self.below(2));
                    c[k] += take as u8;
                    left -= take;
                }
                c
            }
            // Near complete: melds and a pair, tiles removed down to `n`, one tile swapped half
            // of the time.
            4 => loop {
                let full = n + (2 + 3 - n % 3) % 3;
                let mut c = [0u8; TILE_KINDS];
                c[self.below(34)] += 2;
                for _ in 0..full / 3 {
                    if self.below(2) == 0 {
                        c[self.below(34)] += 3;
                    } else {
                        let k = 9 * self.below(3) + self.below(7);
                        for d in 0..3 {
                            c[k + d] += 1;
                        }
                    }
                }
                if c.iter().any(|&x| x > 4) {
                    continue;
                }
                let mut extra = full - n;
                while extra > 0 {
                    let k = self.below(34);
                    if c[k] > 0 {
                        c[k] -= 1;
                        extra -= 1;
                    }
                }
                if self.below(2) == 0 {
                    let (from, to) = (self.below(34), self.below(34));
                    if c[from] > 0 && c[to] < 4 {
                        c[from] -= 1;
                        c[to] += 1;
                    }
                }
                break c;
            },
            // A few random kinds, dense.
            _ => {
                let count = 5 + self.below(4);
                let kinds: Vec<usize> = (0..count)
                    .map(|_| self.below(34))
                    .collect::<std::collections::BTreeSet<_>>()
                    .into_iter()
                    .collect();
                let n = n.min(4 * kinds.len());
                self.draw_from(&kinds, n)
            }
        }
    }
}

fn diff_n() -> usize {
    std::env::var("MJ_DIFF_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000)
}

/// Every form but the MCR knitted ones.
fn all_but_knitted() -> Forms {
    Forms::REGULAR | Forms::SEVEN_PAIRS | Forms::SEVEN_PAIRS_QUADS | Forms::THIRTEEN_ORPHANS
}

const FORM_SETS: [Forms; 8] = [
    Forms::REGULAR,
    Forms::SEVEN_PAIRS,
    Forms::SEVEN_PAIRS_QUADS,
    Forms::THIRTEEN_ORPHANS,
    Forms::RIICHI,
    Forms::MCR,
    Forms::ALL,
    Forms::NONE,
];

/// Compares every form set; the sets with the MCR knitted forms (slow to evaluate, and tested by
/// their owner) only when `with_knitted`.
fn check(o: &mut Oracle, c: &Counts, with_knitted: bool) {
    let hand = Hand::new(c).unwrap();
    for forms in FORM_SETS {
        if !with_knitted && forms.intersects(Forms::HONORS_AND_KNITTED | Forms::KNITTED_STRAIGHT) {
            continue;
        }
        let want = oracle_shanten(o, c, forms);
        let got = shanten(hand.counts(), forms).ok();
        assert_eq!(got, want, "{} forms {:?}", mjkit::tile::format(c), forms);
    }
}

/// Hand generators of [`Rng::hand`].
const GENERATORS: usize = 5;

const SIZES: [usize; 12] = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17];

#[test]
fn shanten_random_hands_every_size_match_oracle() {
    let n = diff_n();
    let mut o = Oracle::new();
    let mut rng = Rng(0x5EED_0001);
    for &size in &SIZES {
        for generator in 0..GENERATORS {
            for i in 0..n {
                let c = rng.hand_of_size(generator, size);
                check(&mut o, &c, i % 16 == 0);
            }
        }
        eprintln!(
            "{size} tiles: {} random hands match the oracle",
            GENERATORS * n
        );
    }
}

/// Calls `f` on every hand of exactly `n` tiles (each kind at most 4).
fn for_each_hand(n: usize, f: &mut impl FnMut(&Counts)) {
    fn rec(c: &mut Counts, kind: usize, left: usize, f: &mut impl FnMut(&Counts)) {
        if left == 0 {
            f(c);
            return;
        }
        if kind == TILE_KINDS {
            return;
        }
        for take in (0..=left.min(4)).rev() {
            c[kind] = take as u8;
            rec(c, kind + 1, left - take, f);
        }
        c[kind] = 0;
    }
    rec(&mut [0; TILE_KINDS], 0, n, f);
}

#[test]
fn shanten_every_hand_up_to_5_tiles_matches_oracle() {
    let mut o = Oracle::new();
    let mut count = 0usize;
    for n in [1, 2, 4, 5] {
        for_each_hand(n, &mut |c| {
            let want = oracle_shanten(&mut o, c, Forms::REGULAR);
            assert_eq!(
                shanten(c, Forms::ALL).ok(),
                want,
                "{}",
                mjkit::tile::format(c)
            );
            count += 1;
        });
    }
    // Multisets of n of 34 kinds: C(34 + n - 1, n), minus the 34 five-of-a-kind hands for n = 5.
    assert_eq!(count, 34 + 595 + 66_045 + (501_942 - 34));
}

/// Every honours-only hand (44,690 with a 3n+1 / 3n+2 total), and every hand of one suit
/// (651,042), each under every form set.
fn single_block(first: usize, len: usize) {
    let mut o = Oracle::new();
    let mut count = 0;
    let mut c = [0u8; TILE_KINDS];
    for key in 0..5usize.pow(len as u32) {
        let mut k = key;
        let mut total = 0;
        for i in 0..len {
            c[first + i] = (k % 5) as u8;
            total += k % 5;
            k /= 5;
        }
        if total > 17 || total % 3 == 0 {
            continue;
        }
        check(&mut o, &c, count % 16 == 0);
        count += 1;
    }
    eprintln!("checked {count} single-block hands");
}

#[test]
fn shanten_every_honours_hand_matches_oracle() {
    single_block(27, 7);
}

#[test]
fn shanten_every_one_suit_hand_matches_oracle() {
    single_block(9, 9);
}

#[test]
fn shanten_minus_one_iff_win() {
    let mut rng = Rng(0x5EED_0002);
    for &size in &[2usize, 5, 8, 11, 14, 17] {
        for generator in 0..GENERATORS {
            for _ in 0..diff_n() / 4 {
                let c = rng.hand_of_size(generator, size);
                let hand = Hand::new(&c).unwrap();
                for forms in &FORM_SETS[..7] {
                    let Ok(s) = shanten(hand.counts(), *forms) else {
                        continue;
                    };
                    assert_eq!(
                        s == -1,
                        mjkit::win::is_win(hand.counts(), *forms).unwrap(),
                        "{}",
                        mjkit::tile::format(&c)
                    );
                }
            }
        }
    }
}

#[test]
fn shanten_hand_checked_values() {
    let mut o = Oracle::new();
    for (text, forms, want) in [
        ("1111m", Forms::REGULAR, 1),
        ("1111m111122233z", Forms::REGULAR, 1),
        ("1111m111122233z", Forms::RIICHI, 1),
        ("4444m4444p4444s11z", Forms::REGULAR, 1),
        ("11112222z", Forms::REGULAR, 1),
        ("1111m3344p5566s77z", Forms::SEVEN_PAIRS, 1),
        ("1111m3344p5566s77z", Forms::SEVEN_PAIRS_QUADS, -1),
        ("1111222233334444m1z", Forms::REGULAR, 0),
        ("111222333m444555p66s", Forms::REGULAR, -1),
        ("1112223334445m555p", Forms::REGULAR, 0),
    ] {
        let Ok(p) = mjkit::tile::parse(text) else {
            panic!("{text}")
        };
        let got = shanten(&p.counts, forms).unwrap();
        assert_eq!(got, want, "{text}");
        assert_eq!(
            oracle_shanten(&mut o, &p.counts, forms),
            Some(want),
            "oracle {text}"
        );
    }
}

/// Brute-force ukeire: draw each kind, recompute the reference shanten.
fn brute_ukeire(o: &mut Oracle, c: &Counts, forms: Forms, visible: &Counts) -> (i32, u64, Counts) {
    let base = oracle_shanten(o, c, forms).unwrap();
    let mut mask = 0;
    let mut per = [0u8; TILE_KINDS];
    for k in 0..TILE_KINDS {
        if c[k] == 4 {
            continue;
        }
        let mut d = *c;
        d[k] += 1;
        if oracle_shanten(o, &d, forms).unwrap() < base {
            mask |= 1 << k;
            per[k] = 4 - c[k] - visible[k];
        }
    }
    (base, mask, per)
}

fn random_visible(rng: &mut Rng, c: &Counts) -> Counts {
    let mut v = [0u8; TILE_KINDS];
    for k in 0..TILE_KINDS {
        v[k] = rng.below(usize::from(4 - c[k]) + 1) as u8 * u8::from(rng.below(3) == 0);
    }
    v
}

#[test]
fn ukeire_and_discards_match_brute_force() {
    let mut o = Oracle::new();
    let mut rng = Rng(0x5EED_0003);
    let rounds = (diff_n() / 100).max(50);
    for &size in &[1usize, 4, 7, 10, 13, 16] {
        for generator in 0..GENERATORS {
            for i in 0..rounds {
                let forms = [Forms::REGULAR, Forms::RIICHI, all_but_knitted()][i % 3];
                let c = rng.hand_of_size(generator, size);
                let hand = Hand::new(&c).unwrap();
                let visible = random_visible(&mut rng, &c);
                let vis = (i % 2 == 0).then_some(&visible);
                let zero = [0u8; TILE_KINDS];
                let (base, mask, per) = brute_ukeire(&mut o, &c, forms, vis.unwrap_or(&zero));
                let u = ukeire(hand.counts(), forms, vis).unwrap();
                assert_eq!((u.shanten, u.mask, u.per_kind), (base, mask, per));
                assert_eq!(u.total, per.iter().map(|&x| u32::from(x)).sum::<u32>());

                // The same hand plus one drawn tile: every discard.
                let draw = loop {
                    let k = rng.below(TILE_KINDS);
                    if c[k] + visible[k] < 4 {
                        break k;
                    }
                };
                let mut full = c;
                full[draw] += 1;
                let mut list = Vec::new();
                discards(&full, forms, vis, |d| list.push(d)).unwrap();
                let kinds: Vec<u8> = (0..TILE_KINDS as u8)
                    .filter(|&k| full[usize::from(k)] > 0)
                    .collect();
                assert_eq!(list.iter().map(|d| d.tile()).collect::<Vec<_>>(), kinds);
                for d in &list {
                    let mut after = full;
                    after[usize::from(d.tile())] -= 1;
                    let (s, m, p) = brute_ukeire(&mut o, &after, forms, vis.unwrap_or(&zero));
                    assert_eq!((d.shanten, d.ukeire_mask), (s, m));
                    assert_eq!(d.ukeire_count, p.iter().map(|&x| u32::from(x)).sum::<u32>());
                }
            }
        }
    }
}

#[test]
fn ukeire_with_knitted_forms_matches_brute_force() {
    let mut o = Oracle::new();
    let mut rng = Rng(0x5EED_0004);
    for &size in &[10usize, 13] {
        for generator in 0..GENERATORS {
            for _ in 0..4 {
                let c = rng.hand_of_size(generator, size);
                let hand = Hand::new(&c).unwrap();
                for forms in [Forms::MCR, Forms::ALL] {
                    let (base, mask, per) = brute_ukeire(&mut o, &c, forms, &[0; TILE_KINDS]);
                    let u = ukeire(hand.counts(), forms, None).unwrap();
                    assert_eq!((u.shanten, u.mask, u.per_kind), (base, mask, per));
                }
            }
        }
    }
    // A knitted hand: 147m 258p 369s + honours, 全不靠 tenpai.
    let c = mjkit::tile::parse("147m258p369s1234z").unwrap().counts;
    let u = ukeire(&c, Forms::HONORS_AND_KNITTED, None).unwrap();
    let (base, mask, _) = brute_ukeire(&mut o, &c, Forms::HONORS_AND_KNITTED, &[0; TILE_KINDS]);
    assert_eq!((u.shanten, u.mask), (base, mask));
}
