//! Win check and waits: table fast path == Theorem-1 reference == brute-force search.
//!
//! Exhaustive over every single-suit and every honour-only hand of 1 to 17 tiles, plus
//! `MJ_DIFF_N` (default 2,000,000) seeded random multi-suit hands of every size 1 to 17.
//! Also reproduces seed 000's tables of single-suit hands with 7, 8 and 9 waits.

mod support;

use mjkit::win::{regular, special, theorem1};
use mjkit::{Counts, Forms, Hand, TILE_KINDS};

/// Brute force: the first remaining tile is in a pung, a chow or the pair.
fn brute_complete(c: &mut Counts, pair_left: bool) -> bool {
    let Some(k) = c.iter().position(|&n| n > 0) else {
        return !pair_left;
    };
    if c[k] >= 3 {
        c[k] -= 3;
        let ok = brute_complete(c, pair_left);
        c[k] += 3;
        if ok {
            return true;
        }
    }
    if pair_left && c[k] >= 2 {
        c[k] -= 2;
        let ok = brute_complete(c, false);
        c[k] += 2;
        if ok {
            return true;
        }
    }
    if k < 27 && k % 9 <= 6 && c[k + 1] > 0 && c[k + 2] > 0 {
        c[k] -= 1;
        c[k + 1] -= 1;
        c[k + 2] -= 1;
        let ok = brute_complete(c, pair_left);
        c[k] += 1;
        c[k + 1] += 1;
        c[k + 2] += 1;
        if ok {
            return true;
        }
    }
    false
}

fn brute_is_complete(c: &Counts) -> bool {
    let total: u32 = c.iter().map(|&n| u32::from(n)).sum();
    total % 3 == 2 && brute_complete(&mut c.clone(), true)
}

fn brute_waits(c: &Counts) -> u64 {
    (0..TILE_KINDS)
        .filter(|&k| c[k] < 4)
        .filter(|&k| {
            let mut d = *c;
            d[k] += 1;
            brute_is_complete(&d)
        })
        .fold(0, |m, k| m | 1 << k)
}

/// Seven pairs / orphans from first principles: distinct pairs, all-even, orphan set.
fn brute_special_waits(c: &Counts, form: Forms) -> u64 {
    let check = |d: &Counts| {
        let pairs = d.iter().filter(|&&n| n == 2).count();
        let total: u32 = d.iter().map(|&n| u32::from(n)).sum();
        if total != 14 {
            return false;
        }
        if form == Forms::SEVEN_PAIRS {
            pairs == 7
        } else if form == Forms::SEVEN_PAIRS_QUADS {
            d.iter().all(|&n| n % 2 == 0)
        } else {
            let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
            orphans.iter().all(|&k| d[k] >= 1)
                && (0..TILE_KINDS).all(|k| orphans.contains(&k) || d[k] == 0)
        }
    };
    (0..TILE_KINDS)
        .filter(|&k| c[k] < 4)
        .filter(|&k| {
            let mut d = *c;
            d[k] += 1;
            check(&d)
        })
        .fold(0, |m, k| m | 1 << k)
}

/// Every count vector of `len` kinds (0..=4 each) with total <= 17, placed at `offset`.
fn for_each_block_shape(len: usize, offset: usize, mut f: impl FnMut(&Counts, u32)) {
    let mut digits = [0u8; 9];
    loop {
        let total: u32 = digits[..len].iter().map(|&d| u32::from(d)).sum();
        if total <= 17 {
            let mut c = [0u8; TILE_KINDS];
            c[offset..offset + len].copy_from_slice(&digits[..len]);
            f(&c, total);
        }
        // Increment the base-5 odometer.
        let mut i = 0;
        while i < len && digits[i] == 4 {
            digits[i] = 0;
            i += 1;
        }
        if i == len {
            break;
        }
        digits[i] += 1;
    }
}

fn check_hand(c: &Counts, total: u32) {
    let hand = Hand::new(c).unwrap();
    match total % 3 {
        2 => {
            let fast = regular::is_complete(&hand);
            let t1 = theorem1::is_complete(c);
            let brute = brute_is_complete(c);
            assert!(
                fast == brute && t1 == brute,
                "{c:?}: fast {fast} theorem1 {t1} brute {brute}"
            );
        }
        1 => {
            let fast = regular::waits(&hand);
            let t1 = theorem1::waits(c);
            let brute = brute_waits(c);
            assert!(
                fast == brute && t1 == brute,
                "{c:?}: fast {fast:x} theorem1 {t1:x} brute {brute:x}"
            );
        }
        _ => {
            assert!(!regular::is_complete(&hand));
        }
    }
}

#[test]
fn exhaustive_single_suit_and_honours() {
    let mut n = 0u64;
    for_each_block_shape(9, 0, |c, t| {
        check_hand(c, t);
        n += 1;
    });
    for_each_block_shape(9, 18, |c, t| {
        if t % 3 == 2 {
            check_hand(c, t);
        }
    });
    for_each_block_shape(7, 27, |c, t| {
        check_hand(c, t);
        n += 1;
    });
    assert!(n > 900_000, "{n}");
}

/// Seed 000: single-suit 13-tile hands with 9 / 8 / 7 waits number 1 / 16 / 79; 16-tile hands
/// 11 / 94 / 532. A kind held four times is not a wait.
#[test]
fn seed_wait_tables() {
    let mut hist13 = [0u32; 10];
    let mut hist16 = [0u32; 10];
    for_each_block_shape(9, 0, |c, t| {
        if t == 13 || t == 16 {
            let w = regular::waits(&Hand::new(c).unwrap()).count_ones() as usize;
            if t == 13 {
                hist13[w] += 1
            } else {
                hist16[w] += 1
            }
        }
    });
    assert_eq!(
        (hist13[9], hist13[8], hist13[7]),
        (1, 16, 79),
        "13 tiles: {hist13:?}"
    );
    assert_eq!(
        (hist16[9], hist16[8], hist16[7]),
        (11, 94, 532),
        "16 tiles: {hist16:?}"
    );
}

#[test]
fn random_multi_suit_hands_every_size() {
    let mut rng = support::Rng(0x6d6a_6b69_7400_0001);
    let n = support::diff_n(2_000_000);
    let mut wins = 0u64;
    let mut waits = 0u64;
    for i in 0..n {
        let size = 1 + i % 17;
        let c = support::mixed_hand(&mut rng, size);
        let total: u32 = c.iter().map(|&x| u32::from(x)).sum();
        assert_eq!(total as usize, size);
        check_hand(&c, total);
        let hand = Hand::new(&c).unwrap();
        if total % 3 == 2 && regular::is_complete(&hand) {
            wins += 1;
        }
        if total % 3 == 1 && regular::waits(&hand) != 0 {
            waits += 1;
        }
    }
    // The generator must produce plenty of positives for the comparison to mean something.
    assert!(
        wins as usize > n / 20 && waits as usize > n / 20,
        "wins {wins} tenpai {waits} of {n}"
    );
}

#[test]
fn random_special_forms_13_14() {
    let mut rng = support::Rng(0x6d6a_6b69_7400_0002);
    let n = support::diff_n(2_000_000) / 4;
    for i in 0..n {
        let mut c = support::mixed_hand(&mut rng, 13);
        // Bias towards pair-rich and orphan-rich hands.
        if i % 3 == 0 {
            c = [0; TILE_KINDS];
            let mut placed = 0;
            while placed < 13 {
                let k = rng.below(TILE_KINDS);
                let add = if placed <= 11 && rng.below(4) > 0 {
                    2
                } else {
                    1
                };
                if c[k] + add <= 4 {
                    c[k] += add;
                    placed += add as usize;
                }
            }
        } else if i % 3 == 1 {
            let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
            c = [0; TILE_KINDS];
            for _ in 0..13 {
                let k = if rng.below(10) == 0 {
                    rng.below(TILE_KINDS)
                } else {
                    orphans[rng.below(13)]
                };
                if c[k] < 4 {
                    c[k] += 1;
                }
            }
            let total: u32 = c.iter().map(|&x| u32::from(x)).sum();
            if total != 13 {
                continue; // a fifth copy was skipped: draw another hand
            }
        }
        let m = special::Masks::new(&c);
        for (form, fast) in [
            (Forms::SEVEN_PAIRS, special::seven_pairs_waits(&m)),
            (
                Forms::SEVEN_PAIRS_QUADS,
                special::seven_pairs_quads_waits(&m),
            ),
            (Forms::THIRTEEN_ORPHANS, special::thirteen_orphans_waits(&m)),
        ] {
            assert_eq!(fast, brute_special_waits(&c, form), "{c:?} {form:?}");
            // Each wait really completes the hand, and nothing else does.
            for k in 0..TILE_KINDS {
                if c[k] < 4 {
                    let mut d = c;
                    d[k] += 1;
                    let h = Hand::new(&d).unwrap();
                    let win = mjkit::win::is_win(h.counts(), form).unwrap();
                    assert_eq!(win, fast >> k & 1 == 1, "{d:?} {form:?}");
                }
            }
        }
    }
}
