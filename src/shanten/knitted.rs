//! Shanten of the MCR knitted forms: 全不靠 / 七星不靠 ([`crate::Forms::HONORS_AND_KNITTED`]) and
//! 组合龙 with a set and a pair ([`crate::Forms::KNITTED_STRAIGHT`]).
//!
//! Built on [`crate::win::knitted`] (the families and the win checks) and on this module's regular
//! tables; [`crate::win::knitted`] does not depend on the shanten code. A size the form does not
//! fit gives `None`.

use crate::tile::Counts;
use crate::win::knitted::{FAMILIES, HONORS, mask, total};

/// Shanten of 13 or 14 tiles towards 全不靠 (-1 when complete): 13 minus the number of different
/// useful tiles of the best family (at most 14).
pub fn honors_and_knitted_shanten(c: &Counts) -> Option<i32> {
    if !(13..=14).contains(&total(c)) {
        return None;
    }
    let present = mask(c);
    let useful = FAMILIES
        .iter()
        .map(|&f| (present & (f | HONORS)).count_ones())
        .max()
        .unwrap_or(0)
        .min(14);
    Some(13 - useful as i32)
}

/// Shanten towards 组合龙 + set + pair for 13 or 14 tiles, or 组合龙 + pair for 10 or 11 tiles
/// (the set declared); -1 when complete.
///
/// Exact: the fewest tiles missing from any complete target (a family, a set and a pair with at
/// most 4 copies of a kind), minus one.
pub fn knitted_straight_shanten(c: &Counts) -> Option<i32> {
    let with_set = match total(c) {
        13 | 14 => true,
        10 | 11 => false,
        _ => return None,
    };
    let mut best = i32::MAX;
    for &f in &FAMILIES {
        // After one of each family kind is set aside, `rest` is what is left for the set and the
        // pair, and `missing` counts the family kinds not held.
        let mut rest = *c;
        let mut missing = 0;
        for (k, r) in rest.iter_mut().enumerate() {
            if f & (1 << k) != 0 {
                missing += i32::from(*r == 0);
                *r = r.saturating_sub(1);
            }
        }
        // With one family copy per kind, no target of one set and a pair needs more than 3 of a
        // kind (pung 3, chow + pair 3; pung + pair would be 5 anyway), so the 4-copies limit acts
        // on `rest` exactly as on a plain hand: the regular replacement number for 1 meld (or
        // none) and a pair is the exact cost.
        let part = super::regular_replacement(&rest, usize::from(with_set));
        best = best.min(missing + part);
    }
    Some(best - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::tiles;

    #[test]
    fn honors_and_knitted_examples() {
        assert_eq!(
            honors_and_knitted_shanten(&tiles("147m258p36s123456z")),
            Some(-1)
        );
        assert_eq!(
            honors_and_knitted_shanten(&tiles("147m258p3s123456z")),
            Some(0)
        );
    }

    #[test]
    fn knitted_straight_examples() {
        assert_eq!(
            knitted_straight_shanten(&tiles("147m258p123369s55z")),
            Some(-1)
        );
        assert_eq!(
            knitted_straight_shanten(&tiles("147m258p369s55z")),
            Some(-1)
        );
        assert_eq!(
            knitted_straight_shanten(&tiles("147m258p12369s55z")),
            Some(0)
        );
    }
}
