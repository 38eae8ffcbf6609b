//! Knitted forms of MCR: win check, waits and shanten of 全不靠 / 七星不靠
//! ([`crate::Forms::HONORS_AND_KNITTED`]) and 组合龙 with a set and a pair
//! ([`crate::Forms::KNITTED_STRAIGHT`]).
//!
//! A *knitted family* spreads 147, 258 and 369 over the three suits (six families, e.g.
//! 147m 258p 369s). 全不靠: 14 different tiles, the suited ones from one family, the rest honours
//! (七星不靠, all seven honours, is the subset with 7 suited tiles). 组合龙: the 9 tiles of one
//! family plus one set and a pair (14 tiles), or plus a pair only when the set is a declared meld
//! (11 concealed tiles).
//!
//! The functions take counts of a validated [`crate::Hand`] (each count at most 4). A size the
//! form does not fit gives `false` or `0`. The shanten numbers of these forms are in
//! [`crate::shanten::knitted`], which builds on this module (never the other way round).

use crate::hand::Hand;
use crate::tile::{Counts, TILE_KINDS};

/// The six knitted families as kind masks (bit i = kind i, mjkit order).
pub const FAMILIES: [u64; 6] = {
    let perms = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = [0u64; 6];
    let mut i = 0;
    while i < 6 {
        let mut s = 0;
        while s < 3 {
            let mut j = 0;
            while j < 3 {
                out[i] |= 1 << (s * 9 + perms[i][s] + 3 * j);
                j += 1;
            }
            s += 1;
        }
        i += 1;
    }
    out
};

/// The honour kinds as a mask.
pub(crate) const HONORS: u64 = 0x7F << 27;

pub(crate) fn total(c: &Counts) -> u32 {
    c.iter().map(|&x| u32::from(x)).sum()
}

pub(crate) fn mask(c: &Counts) -> u64 {
    c.iter()
        .enumerate()
        .filter(|&(_, &x)| x != 0)
        .fold(0, |m, (k, _)| m | 1 << k)
}

/// 全不靠 (七星不靠 included): 14 different tiles, the suited ones from one knitted family.
pub fn honors_and_knitted_is_win(c: &Counts) -> bool {
    if total(c) != 14 || c.iter().any(|&x| x > 1) {
        return false;
    }
    let suited = mask(c) & !HONORS;
    FAMILIES.iter().any(|&f| suited & !f == 0)
}

/// 组合龙 + a set + a pair (14 tiles), or 组合龙 + a pair (11 tiles, the set declared).
pub fn knitted_straight_is_win(c: &Counts) -> bool {
    let n = total(c);
    if n != 14 && n != 11 {
        return false;
    }
    let present = mask(c);
    FAMILIES.iter().any(|&f| {
        if present & f != f {
            return false;
        }
        let mut rest = *c;
        for (k, r) in rest.iter_mut().enumerate() {
            if f & (1 << k) != 0 {
                *r -= 1;
            }
        }
        Hand::new(&rest).is_ok_and(|h| crate::win::regular::is_complete(&h))
    })
}

fn waits_of(c: &Counts, n: u32, win: fn(&Counts) -> bool) -> u64 {
    if total(c) != n {
        return 0;
    }
    let mut m = 0;
    let mut d = *c;
    for k in 0..TILE_KINDS {
        if d[k] < 4 {
            d[k] += 1;
            if win(&d) {
                m |= 1 << k;
            }
            d[k] -= 1;
        }
    }
    m
}

/// Kinds completing a 13-tile hand as 全不靠 / 七星不靠 (bit i = kind i).
pub fn honors_and_knitted_waits(c: &Counts) -> u64 {
    waits_of(c, 13, honors_and_knitted_is_win)
}

/// Kinds completing a 13-tile (or 10-tile, set declared) hand as 组合龙 (bit i = kind i).
pub fn knitted_straight_waits(c: &Counts) -> u64 {
    match total(c) {
        13 => waits_of(c, 13, knitted_straight_is_win),
        10 => waits_of(c, 10, knitted_straight_is_win),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::tiles;

    #[test]
    fn families_hold_nine_tiles_and_cover_each_suit_once() {
        for f in FAMILIES {
            assert_eq!(f.count_ones(), 9);
            assert_eq!(f & HONORS, 0);
        }
        assert!(FAMILIES.contains(&mask(&tiles("147m258p369s"))));
    }

    #[test]
    fn honors_and_knitted_examples() {
        assert!(honors_and_knitted_is_win(&tiles("147m258p36s123456z")));
        assert!(honors_and_knitted_is_win(&tiles("147m25p36s1234567z")));
        assert!(!honors_and_knitted_is_win(&tiles("147m258p36s123455z")));
        assert!(!honors_and_knitted_is_win(&tiles("147m258p35s123456z")));
        assert_eq!(
            honors_and_knitted_waits(&tiles("147m258p3s123456z")),
            (1 << 23) | (1 << 26) | (1 << 33)
        );
    }

    #[test]
    fn knitted_straight_examples() {
        assert!(knitted_straight_is_win(&tiles("147m258p123369s55z")));
        assert!(knitted_straight_is_win(&tiles("147m258p369s55z")));
        assert!(!knitted_straight_is_win(&tiles("147m258p124369s55z")));
        // 组合龙 + 555z + a lone East: only the second East completes it.
        assert_eq!(knitted_straight_waits(&tiles("147m258p369s1555z")), 1 << 27);
        // 组合龙 + 12s + 55z: 3s completes the chow.
        assert_eq!(knitted_straight_waits(&tiles("147m258p12369s55z")), 1 << 20);
    }
}
