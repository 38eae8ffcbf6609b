//! Oracle tests of the knitted forms (`mjkit::knitted`, shanten in `mjkit::shanten::knitted`) against brute force over every complete
//! target: win check (a hand is complete iff it equals a target), waits (the kinds whose addition
//! gives a target) and shanten (fewest missing tiles to any target, minus one).

mod support;

use mjkit::shanten::knitted::{honors_and_knitted_shanten, knitted_straight_shanten};
use mjkit::tile::{Counts, TILE_KINDS};
use mjkit::win::knitted::*;
use std::collections::HashSet;
use support::Rng;

/// The nine kinds of each knitted family, built from the definition (147/258/369 over m, p, s).
fn families() -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for a in 0..3 {
        for b in 0..3 {
            for c in 0..3 {
                if a != b && b != c && a != c {
                    let off = [a, b, c];
                    out.push(
                        (0..3)
                            .flat_map(|s| (0..3).map(move |j| s * 9 + off[s] + 3 * j))
                            .collect(),
                    );
                }
            }
        }
    }
    out
}

fn valid(c: &Counts) -> bool {
    c.iter().all(|&x| x <= 4)
}

/// Every 14-tile 全不靠 / 七星不靠 hand.
fn honors_targets() -> Vec<Counts> {
    let mut set = HashSet::new();
    for f in families() {
        let cand: Vec<usize> = f.iter().copied().chain(27..34).collect();
        for i in 0..cand.len() {
            for j in i + 1..cand.len() {
                let mut c = [0u8; TILE_KINDS];
                for (n, &k) in cand.iter().enumerate() {
                    if n != i && n != j {
                        c[k] = 1;
                    }
                }
                set.insert(c);
            }
        }
    }
    set.into_iter().collect()
}

/// Every 组合龙 hand: family + set + pair (14 tiles), or family + pair (11 tiles).
fn straight_targets(with_set: bool) -> Vec<Counts> {
    let mut set = HashSet::new();
    for f in families() {
        let mut base = [0u8; TILE_KINDS];
        for &k in &f {
            base[k] = 1;
        }
        let mut sets: Vec<Vec<usize>> = vec![vec![]];
        if with_set {
            sets = (0..34).map(|k| vec![k, k, k]).collect();
            sets.extend(
                (0..27)
                    .filter(|k| k % 9 <= 6)
                    .map(|k| vec![k, k + 1, k + 2]),
            );
        }
        for s in &sets {
            for p in 0..34 {
                let mut c = base;
                for &k in s {
                    c[k] += 1;
                }
                c[p] += 2;
                if valid(&c) {
                    set.insert(c);
                }
            }
        }
    }
    set.into_iter().collect()
}

fn missing(target: &Counts, c: &Counts) -> i32 {
    target
        .iter()
        .zip(c)
        .map(|(&t, &h)| (i32::from(t) - i32::from(h)).max(0))
        .sum()
}

fn brute_shanten(targets: &[Counts], c: &Counts) -> i32 {
    targets.iter().map(|t| missing(t, c)).min().unwrap() - 1
}

fn brute_waits(targets: &HashSet<Counts>, c: &Counts) -> u64 {
    let mut m = 0;
    for k in 0..TILE_KINDS {
        let mut d = *c;
        d[k] += 1;
        if c[k] < 4 && targets.contains(&d) {
            m |= 1 << k;
        }
    }
    m
}

/// A hand of `n` tiles: a random target with a few tiles swapped, or fully random.
fn hand_near(rng: &mut Rng, targets: &[Counts], n: usize) -> Counts {
    loop {
        let mut c = if rng.below(5) == 0 {
            [0u8; TILE_KINDS]
        } else {
            targets[rng.below(targets.len())]
        };
        let mut total: usize = c.iter().map(|&x| usize::from(x)).sum();
        let swaps = rng.below(5);
        for _ in 0..swaps {
            let held: Vec<usize> = (0..34).filter(|&k| c[k] > 0).collect();
            if !held.is_empty() {
                c[held[rng.below(held.len())]] -= 1;
                total -= 1;
            }
        }
        while total > n {
            let held: Vec<usize> = (0..34).filter(|&k| c[k] > 0).collect();
            c[held[rng.below(held.len())]] -= 1;
            total -= 1;
        }
        while total < n {
            let k = rng.below(34);
            if c[k] < 4 {
                c[k] += 1;
                total += 1;
            }
        }
        if valid(&c) {
            return c;
        }
    }
}

#[test]
fn honors_and_knitted_against_brute_force() {
    let targets = honors_targets();
    // 16 candidates (9 family tiles, 7 honours) choose 14, per family; all distinct.
    assert_eq!(targets.len(), 6 * 120);
    let set: HashSet<Counts> = targets.iter().copied().collect();
    let mut rng = Rng(11);
    for _ in 0..4000 {
        let c14 = hand_near(&mut rng, &targets, 14);
        assert_eq!(
            honors_and_knitted_is_win(&c14),
            set.contains(&c14),
            "{c14:?}"
        );
        assert_eq!(
            honors_and_knitted_shanten(&c14),
            Some(brute_shanten(&targets, &c14))
        );
        let c13 = hand_near(&mut rng, &targets, 13);
        assert_eq!(
            honors_and_knitted_waits(&c13),
            brute_waits(&set, &c13),
            "{c13:?}"
        );
        assert_eq!(
            honors_and_knitted_shanten(&c13),
            Some(brute_shanten(&targets, &c13)),
            "{c13:?}"
        );
    }
    for t in &targets {
        assert!(honors_and_knitted_is_win(t));
    }
}

#[test]
fn knitted_straight_against_brute_force() {
    for (with_set, n) in [(true, 14usize), (false, 11)] {
        let targets = straight_targets(with_set);
        let set: HashSet<Counts> = targets.iter().copied().collect();
        for t in &targets {
            assert!(knitted_straight_is_win(t), "{t:?}");
        }
        let mut rng = Rng(23 + n as u64);
        let rounds = if with_set { 1500 } else { 3000 };
        for _ in 0..rounds {
            let c = hand_near(&mut rng, &targets, n);
            assert_eq!(knitted_straight_is_win(&c), set.contains(&c), "{c:?}");
            assert_eq!(
                knitted_straight_shanten(&c),
                Some(brute_shanten(&targets, &c)),
                "{c:?}"
            );
            let w = hand_near(&mut rng, &targets, n - 1);
            assert_eq!(knitted_straight_waits(&w), brute_waits(&set, &w), "{w:?}");
            assert_eq!(
                knitted_straight_shanten(&w),
                Some(brute_shanten(&targets, &w)),
                "{w:?}"
            );
        }
    }
}

#[test]
fn knitted_sizes_that_do_not_fit() {
    let c = mjkit::tile::parse("147m258p369s").unwrap().counts;
    assert!(!knitted_straight_is_win(&c));
    assert!(!honors_and_knitted_is_win(&c));
    assert_eq!(knitted_straight_waits(&c), 0);
    assert_eq!(knitted_straight_shanten(&c), None);
    assert_eq!(honors_and_knitted_shanten(&c), None);
}

#[test]
fn dispatch_through_win_and_waits() {
    use mjkit::{Forms, Hand, win};
    let h = Hand::new(&mjkit::tile::parse("147m258p36s123456z").unwrap().counts).unwrap();
    assert_eq!(win::is_win(h.counts(), Forms::HONORS_AND_KNITTED), Ok(true));
    assert_eq!(win::is_win(h.counts(), Forms::REGULAR), Ok(false));
    let h = Hand::new(&mjkit::tile::parse("147m258p12369s55z").unwrap().counts).unwrap();
    assert_eq!(win::waits(h.counts(), Forms::KNITTED_STRAIGHT), Ok(1 << 20));
}

/// Far-from-complete hands too: random wall draws of every size the form fits.
#[test]
fn knitted_straight_shanten_random_hands() {
    let mut rng = Rng(97);
    for (with_set, sizes) in [(true, [13usize, 14]), (false, [10, 11])] {
        let targets = straight_targets(with_set);
        for _ in 0..600 {
            for &n in &sizes {
                let mut c = [0u8; TILE_KINDS];
                let mut placed = 0;
                while placed < n {
                    let k = rng.below(TILE_KINDS);
                    if c[k] < 4 {
                        c[k] += 1;
                        placed += 1;
                    }
                }
                assert_eq!(
                    knitted_straight_shanten(&c),
                    Some(brute_shanten(&targets, &c)),
                    "{c:?}"
                );
            }
        }
    }
}
