//! The exclusions (不计) of the rule book: the fans a bigger fan already implies, removed once
//! every fan of a reading is found.

use super::Table;
use super::fans::*;

/// The fans with ids below 48 whose presence excludes others in [`exclusions`].
const RARE_TRIGGERS: [usize; 24] = [
    BIG_FOUR_WINDS,
    BIG_THREE_DRAGONS,
    ALL_GREEN,
    FOUR_KONGS,
    ALL_TERMINALS,
    LITTLE_FOUR_WINDS,
    LITTLE_THREE_DRAGONS,
    ALL_HONORS,
    FOUR_CONCEALED_PUNGS,
    PURE_TERMINAL_CHOWS,
    FOUR_PURE_SHIFTED_PUNGS,
    ALL_TERMINALS_AND_HONORS,
    ALL_EVEN_PUNGS,
    UPPER_TILES,
    MIDDLE_TILES,
    LOWER_TILES,
    THREE_SUITED_TERMINAL_CHOWS,
    ALL_FIVE,
    UPPER_FOUR,
    LOWER_FOUR,
    BIG_THREE_WINDS,
    REVERSIBLE_TILES,
    LAST_TILE_DRAW,
    OUT_WITH_REPLACEMENT_TILE,
];

/// Byte masks over the first 48 table entries, one word per eight ids: 0xFF at each of
/// [`RARE_TRIGGERS`].
const RARE_TRIGGER_WORDS: [u64; 6] = {
    let mut w = [0u64; 6];
    let mut i = 0;
    while i < RARE_TRIGGERS.len() {
        let id = RARE_TRIGGERS[i];
        w[id / 8] |= 0xFF << (8 * (id % 8));
        i += 1;
    }
    w
};

/// Whether any of [`RARE_TRIGGERS`] counts in `t`: six word tests instead of 24 byte tests.
#[inline(always)]
fn any_rare_trigger(t: &Table) -> bool {
    let mut any = 0u64;
    for (i, &m) in RARE_TRIGGER_WORDS.iter().enumerate() {
        let mut b = [0u8; 8];
        b.copy_from_slice(&t[8 * i..8 * i + 8]);
        any |= u64::from_le_bytes(b) & m;
    }
    any != 0
}

/// Exclusions the rule book lists for the bigger fans ("不计"), applied after every fan is found.
pub(crate) fn exclusions(t: &mut Table) {
    if any_rare_trigger(t) {
        rare_exclusions(t);
    }
    if t[MELDED_HAND] != 0 {
        t[SINGLE_WAIT] = 0;
    }
    if t[TWO_DRAGON_PUNGS] != 0 {
        t[DRAGON_PUNG] = 0;
    }
    if t[FULLY_CONCEALED_HAND] != 0 {
        t[SELF_DRAWN] = 0;
    }
    if t[ALL_CHOWS] != 0 || t[ALL_SIMPLES] != 0 {
        t[NO_HONORS] = 0;
    }
}

/// The exclusions of [`RARE_TRIGGERS`], in the rule book's order; each is a no-op when its
/// fan does not count, so skipping all of them when none counts changes nothing.
#[inline(never)]
fn rare_exclusions(t: &mut Table) {
    if t[BIG_FOUR_WINDS] != 0 {
        t[ALL_PUNGS] = 0;
        t[PUNG_OF_TERMINALS_OR_HONORS] = 0;
    }
    if t[BIG_THREE_DRAGONS] != 0 {
        t[DRAGON_PUNG] = 0;
    }
    if t[ALL_GREEN] != 0 {
        t[HALF_FLUSH] = 0;
        t[ONE_VOIDED_SUIT] = 0;
    }
    if t[FOUR_KONGS] != 0 {
        t[SINGLE_WAIT] = 0;
    }
    if t[ALL_TERMINALS] != 0 {
        for f in [
            ALL_PUNGS,
            OUTSIDE_HAND,
            PUNG_OF_TERMINALS_OR_HONORS,
            NO_HONORS,
            DOUBLE_PUNG,
        ] {
            t[f] = 0;
        }
    }
    if t[LITTLE_FOUR_WINDS] != 0 {
        t[PUNG_OF_TERMINALS_OR_HONORS] = 0;
    }
    if t[LITTLE_THREE_DRAGONS] != 0 {
        t[DRAGON_PUNG] = 0;
    }
    if t[ALL_HONORS] != 0 {
        for f in [
            ALL_PUNGS,
            OUTSIDE_HAND,
            PUNG_OF_TERMINALS_OR_HONORS,
            ONE_VOIDED_SUIT,
        ] {
            t[f] = 0;
        }
    }
    if t[FOUR_CONCEALED_PUNGS] != 0 {
        t[ALL_PUNGS] = 0;
        t[CONCEALED_HAND] = 0;
        if t[FULLY_CONCEALED_HAND] != 0 {
            t[FULLY_CONCEALED_HAND] = 0;
            t[SELF_DRAWN] = 1;
        }
    }
    if t[PURE_TERMINAL_CHOWS] != 0 {
        t[FULL_FLUSH] = 0;
        t[ALL_CHOWS] = 0;
        t[NO_HONORS] = 0;
    }
    if t[FOUR_PURE_SHIFTED_PUNGS] != 0 {
        t[ALL_PUNGS] = 0;
    }
    if t[ALL_TERMINALS_AND_HONORS] != 0 {
        t[ALL_PUNGS] = 0;
        t[OUTSIDE_HAND] = 0;
        t[PUNG_OF_TERMINALS_OR_HONORS] = 0;
    }
    if t[ALL_EVEN_PUNGS] != 0 {
        t[ALL_PUNGS] = 0;
        t[ALL_SIMPLES] = 0;
        t[NO_HONORS] = 0;
    }
    if t[UPPER_TILES] != 0 {
        t[NO_HONORS] = 0;
    }
    if t[MIDDLE_TILES] != 0 {
        t[ALL_SIMPLES] = 0;
        t[NO_HONORS] = 0;
    }
    if t[LOWER_TILES] != 0 {
        t[NO_HONORS] = 0;
    }
    if t[THREE_SUITED_TERMINAL_CHOWS] != 0 {
        t[ALL_CHOWS] = 0;
        t[NO_HONORS] = 0;
    }
    if t[ALL_FIVE] != 0 {
        t[ALL_SIMPLES] = 0;
        t[NO_HONORS] = 0;
    }
    if t[UPPER_FOUR] != 0 || t[LOWER_FOUR] != 0 {
        t[NO_HONORS] = 0;
    }
    if t[BIG_THREE_WINDS] != 0 && t[ALL_HONORS] == 0 && t[ALL_TERMINALS_AND_HONORS] == 0 {
        // The three wind pungs are not also 幺九刻.
        t[PUNG_OF_TERMINALS_OR_HONORS] -= 3;
    }
    if t[REVERSIBLE_TILES] != 0 {
        t[ONE_VOIDED_SUIT] = 0;
    }
    if t[LAST_TILE_DRAW] != 0 || t[OUT_WITH_REPLACEMENT_TILE] != 0 {
        t[SELF_DRAWN] = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcr::TABLE_LEN;

    /// The gated exclusions equal the rare block applied unconditionally, on random tables.
    #[test]
    fn exclusions_match_the_ungated_rules() {
        let mut st = 3u64;
        let mut next = || {
            st = st
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            st >> 33
        };
        let mut rare = 0;
        for _ in 0..200_000 {
            let mut t: Table = [0; TABLE_LEN];
            for _ in 0..next() % 12 {
                let id = 1 + (next() % 82) as usize;
                t[id] = 1 + (next() % 3) as u8;
            }
            // As in a real reading: 三风刻's three wind pungs are 幺九刻 (subtracted here), and
            // it does not come with the fans that remove 幺九刻 first.
            if t[BIG_THREE_WINDS] != 0 {
                t[PUNG_OF_TERMINALS_OR_HONORS] = t[PUNG_OF_TERMINALS_OR_HONORS].max(3);
                for f in [BIG_FOUR_WINDS, ALL_TERMINALS, LITTLE_FOUR_WINDS] {
                    t[f] = 0;
                }
            }
            let mut want = t;
            rare_exclusions(&mut want);
            if want[MELDED_HAND] != 0 {
                want[SINGLE_WAIT] = 0;
            }
            if want[TWO_DRAGON_PUNGS] != 0 {
                want[DRAGON_PUNG] = 0;
            }
            if want[FULLY_CONCEALED_HAND] != 0 {
                want[SELF_DRAWN] = 0;
            }
            if want[ALL_CHOWS] != 0 || want[ALL_SIMPLES] != 0 {
                want[NO_HONORS] = 0;
            }
            rare += usize::from(any_rare_trigger(&t));
            let mut got = t;
            exclusions(&mut got);
            assert_eq!(got, want, "{t:?}");
        }
        assert!(rare > 10_000 && rare < 190_000, "{rare}");
    }
}
