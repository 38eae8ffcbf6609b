//! Tile efficiency: which draws lower the shanten number, and what each discard leaves.
//!
//! `visible` counts the tiles the player can see outside the hand (discards, melds, dora
//! indicators); the unseen copies of a kind are `4 - hand - visible`. A kind whose draw lowers
//! the shanten number is in the ukeire mask even when no copy is unseen; the counts only add
//! unseen copies. A kind the hand holds four of cannot be drawn and is never in the mask.

use crate::error::Error;
use crate::forms::Forms;
use crate::hand::{AsCounts, Hand, check_visible};
use crate::shanten::{applicable_forms, discards_lowering_draws, lowering_draws};
use crate::tile::{Counts, TILE_KINDS, count_words};

/// Tile acceptance of a 3n+1 hand.
///
/// cbindgen:ignore
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ukeire {
    /// Shanten number of the hand.
    pub shanten: i32,
    /// Bit i set: drawing kind i lowers the shanten number.
    pub mask: u64,
    /// Per kind: unseen copies of kind i if it is in `mask`, else 0.
    pub per_kind: Counts,
    /// Sum of `per_kind`.
    pub total: u32,
}

/// One possible discard of a 3n+2 hand, as written by `mj_discards` (in Rust passed by
/// `efficiency::discards`).
///
/// 24 bytes, no padding, every field fixed-width (blittable from C#).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Discard {
    /// Bit i set: after this discard, drawing tile kind i lowers the shanten number (whether
    /// or not any copy is unseen). Never set for a kind the hand holds four of.
    pub ukeire_mask: u64,
    /// Shanten number of the hand after the discard (-1 complete, 0 tenpai, ...).
    pub shanten: i32,
    /// Unseen copies (4 - hand - visible) of the kinds in `ukeire_mask`, summed. The discarded
    /// tile counts as unseen unless the caller added it to `visible`.
    pub ukeire_count: u32,
    /// Number of kinds in `ukeire_mask`.
    pub ukeire_kinds: u32,
    /// The tile kind discarded (0..`MJ_TILE_KINDS`).
    pub tile: u32,
}

impl Discard {
    /// The tile kind discarded (0..34), as the `u8` the rest of the crate uses (the field is
    /// 32 bits wide for the C layout).
    pub const fn tile(&self) -> u8 {
        self.tile as u8
    }
}

/// Ukeire of validated input: `c` has a 3n+1 total `total`, `forms` fits it.
#[inline(always)]
fn ukeire_unchecked(c: &Counts, total: u32, forms: Forms, visible: Option<&Counts>) -> Ukeire {
    let (shanten, mask) = lowering_draws(c, total, forms);
    let (per_kind, sum) = unseen_of(c, mask, visible);
    Ukeire {
        shanten,
        mask,
        per_kind,
        total: sum,
    }
}

/// Per kind, the unseen copies `4 - c - visible` of the kinds in `mask` (0 elsewhere), and
/// their sum; `c + visible <= 4` for every kind.
#[inline(always)]
fn unseen_of(c: &Counts, mask: u64, visible: Option<&Counts>) -> (Counts, u32) {
    let unseen = unseen_words(c, visible);
    let mut out = [0u8; TILE_KINDS];
    let mut sum = 0u64;
    for (w, &u) in unseen.iter().enumerate() {
        let kept = u & byte_mask(mask >> (8 * w));
        sum += kept;
        let n = if w == 4 { 2 } else { 8 };
        out[8 * w..8 * w + n].copy_from_slice(&kept.to_le_bytes()[..n]);
    }
    (out, byte_sum(sum))
}

/// Unseen copies `4 - c - visible` per kind as five count words (no borrow: `c + visible <= 4`).
#[inline(always)]
fn unseen_words(c: &Counts, visible: Option<&Counts>) -> [u64; 5] {
    const FOURS: [u64; 5] = [
        0x0404_0404_0404_0404,
        0x0404_0404_0404_0404,
        0x0404_0404_0404_0404,
        0x0404_0404_0404_0404,
        0x0404,
    ];
    let cw = count_words(c);
    let vw = visible.map_or([0; 5], count_words);
    std::array::from_fn(|w| FOURS[w] - cw[w] - vw[w])
}

/// Bit i of the low byte of `bits` spread to byte i (0xff or 0x00).
#[inline(always)]
fn byte_mask(bits: u64) -> u64 {
    let spread = (bits & 0xff).wrapping_mul(0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
    let ones = (((spread + 0x7f7f_7f7f_7f7f_7f7f) | spread) >> 7) & 0x0101_0101_0101_0101;
    ones.wrapping_mul(0xff)
}

/// Sum of the bytes of `x` (each sum of at most 5 words of bytes at most 4: no carries).
#[inline(always)]
fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// Tile acceptance of a 3n+1 hand (1, 4, ..., 16 tiles), given as 34 counts or a [`Hand`],
/// under `forms`:
/// the one entry of the query. `visible` holds the tiles seen outside the hand (None: nothing
/// seen). Every input is validated here; the C ABI's `mj_ukeire` adds only its pointer and
/// form-bit checks.
///
/// # Errors
/// [`Error::TooManyCopies`] for a count above 4 or hand + visible above 4 for a kind;
/// [`Error::BadTileTotal`] unless the hand has 3n+1 tiles and a requested form fits the size;
/// [`Error::InvalidArgument`] for an empty form set; [`Error::ThreePlayerTile`] under
/// [`Forms::THREE_PLAYER`] for a 2m-8m in the hand or in `visible`.
#[inline]
pub fn ukeire(
    counts: &impl AsCounts,
    forms: Forms,
    visible: Option<&Counts>,
) -> Result<Ukeire, Error> {
    let hand = Hand::new(counts.as_counts())?;
    if hand.total() % 3 != 1 {
        return Err(Error::BadTileTotal {
            total: hand.total(),
        });
    }
    let f = applicable_forms(&hand, forms)?;
    f.check_tiles(hand.counts())?;
    if let Some(v) = visible {
        f.check_tiles(v)?;
        check_visible(&hand, v)?;
    }
    Ok(ukeire_unchecked(hand.counts(), hand.total(), f, visible))
}

/// Every distinct discard of a 3n+2 hand (2, 5, ..., 17 tiles), given as 34 counts or a
/// [`Hand`], by
/// increasing kind, with the shanten number and tile acceptance after it (as [`ukeire`] on the
/// hand left, same `forms` and `visible`), each passed to `each`: the one entry of the query,
/// which allocates nothing (collect with `|d| list.push(d)`). Every input is validated first,
/// so nothing is passed on error; the C ABI's `mj_discards` writes each into the caller's array.
///
/// # Errors
/// [`Error::TooManyCopies`] for a count above 4 or hand + visible above 4 for a kind;
/// [`Error::BadTileTotal`] unless the hand has 3n+2 tiles and a requested form fits the size;
/// [`Error::InvalidArgument`] for an empty form set; [`Error::ThreePlayerTile`] under
/// [`Forms::THREE_PLAYER`] for a 2m-8m in the hand or in `visible`.
#[inline]
pub fn discards(
    counts: &impl AsCounts,
    forms: Forms,
    visible: Option<&Counts>,
    each: impl FnMut(Discard),
) -> Result<(), Error> {
    let hand = Hand::new(counts.as_counts())?;
    if hand.total() % 3 != 2 {
        return Err(Error::BadTileTotal {
            total: hand.total(),
        });
    }
    let forms = applicable_forms(&hand, forms)?;
    forms.check_tiles(hand.counts())?;
    if let Some(v) = visible {
        forms.check_tiles(v)?;
        check_visible(&hand, v)?;
    }
    discards_unchecked(&hand, forms, visible, each);
    Ok(())
}

/// Discards of a checked 3n+2 hand, `forms` fitting its size, `visible` checked.
#[inline(always)]
fn discards_unchecked(
    hand: &Hand,
    forms: Forms,
    visible: Option<&Counts>,
    mut f: impl FnMut(Discard),
) {
    let c = hand.counts();
    // Unseen copies per kind with the hand as it is; after discarding `k`, kind `k` has one
    // more unseen copy.
    let unseen = unseen_words(c, visible);
    discards_lowering_draws(c, hand.total(), forms, |k, shanten, mask| {
        let mut sum = 0u64;
        for (w, &u) in unseen.iter().enumerate() {
            sum += u & byte_mask(mask >> (8 * w));
        }
        f(Discard {
            ukeire_mask: mask,
            shanten,
            ukeire_count: byte_sum(sum) + (mask >> k & 1) as u32,
            ukeire_kinds: mask.count_ones(),
            tile: k as u32,
        });
    });
}

/// The previous implementation, kept as the test reference of the incremental one: every draw
/// and discard recomputes a whole shanten number.
#[cfg(test)]
pub(crate) mod reference {
    use super::*;
    use crate::shanten::shanten_unchecked;
    use crate::tile::COPIES;

    /// Ukeire by recomputing the shanten after each draw (under the three-player modifier,
    /// 2m-8m are never drawn).
    pub(crate) fn ukeire(c: &Counts, total: u32, forms: Forms, visible: &Counts) -> Ukeire {
        let shanten = shanten_unchecked(c, total, forms);
        let mut after = [i32::MAX; 34];
        let mut d = *c;
        for k in 0..TILE_KINDS {
            if d[k] < COPIES && !(forms.is_three_player() && (1..8).contains(&k)) {
                d[k] += 1;
                after[k] = shanten_unchecked(&d, total + 1, forms);
                d[k] -= 1;
            }
        }
        let mut mask = 0u64;
        let mut per_kind = [0u8; TILE_KINDS];
        for k in 0..TILE_KINDS {
            if after[k] < shanten {
                mask |= 1 << k;
                per_kind[k] = COPIES - c[k] - visible[k];
            }
        }
        Ukeire {
            shanten,
            mask,
            per_kind,
            total: per_kind.iter().map(|&x| u32::from(x)).sum(),
        }
    }

    /// Discards by recomputing the ukeire of each hand left.
    pub(crate) fn discards(c: &Counts, total: u32, forms: Forms, visible: &Counts) -> Vec<Discard> {
        let mut d = *c;
        let mut out = vec![];
        for k in 0..TILE_KINDS {
            if d[k] == 0 {
                continue;
            }
            d[k] -= 1;
            let u = ukeire(&d, total - 1, forms, visible);
            d[k] += 1;
            out.push(Discard {
                ukeire_mask: u.mask,
                shanten: u.shanten,
                ukeire_count: u.total,
                ukeire_kinds: u.mask.count_ones(),
                tile: k as u32,
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`discards`] collected.
    fn discard_list(
        c: &Counts,
        forms: Forms,
        visible: Option<&Counts>,
    ) -> Result<Vec<Discard>, Error> {
        let mut list = Vec::new();
        discards(c, forms, visible, |d| list.push(d))?;
        Ok(list)
    }
    use crate::test_util::{hand, tiles};
    use crate::tile::COPIES;

    /// Random counts of `size` tiles: from a full wall, or crowded into a few kinds (many
    /// threes and fours), or in one suit with honours.
    fn random_counts(seed: &mut u64, size: usize) -> Counts {
        let mut next = |n: usize| {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((*seed >> 33) % n as u64) as usize
        };
        let style = next(3);
        let pool: Vec<usize> = match style {
            0 => (0..TILE_KINDS).collect(),
            1 => (0..6).map(|_| next(TILE_KINDS)).collect(),
            _ => {
                let s = next(3) * 9;
                (s..s + 9).chain(27..34).collect()
            }
        };
        let mut c = [0u8; TILE_KINDS];
        let mut placed = 0;
        let mut tries = 0;
        while placed < size && tries < 10_000 {
            tries += 1;
            let k = pool[next(pool.len())];
            if c[k] < COPIES {
                c[k] += 1;
                placed += 1;
            }
        }
        // A crowded pool may hold too few distinct kinds: top up from the wall.
        while placed < size {
            let k = next(TILE_KINDS);
            if c[k] < COPIES {
                c[k] += 1;
                placed += 1;
            }
        }
        c
    }

    fn random_visible(seed: &mut u64, c: &Counts) -> Counts {
        let mut v = [0u8; TILE_KINDS];
        for k in 0..TILE_KINDS {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let r = (*seed >> 33) as u8;
            if r % 3 == 0 {
                v[k] = (r >> 2) % (COPIES - c[k] + 1);
            }
        }
        v
    }

    /// The incremental ukeire and discards equal the previous implementation (every draw and
    /// discard recomputed) on random hands of every size, under every form set, with and without
    /// visible tiles. `MJ_DIFF_N` scales the count (MCR knitted sets: a tenth).
    #[test]
    fn incremental_matches_reference() {
        let n: usize = std::env::var("MJ_DIFF_N")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(20_000);
        let sets = [
            Forms::REGULAR,
            Forms::RIICHI,
            Forms::SEVEN_PAIRS,
            Forms::THIRTEEN_ORPHANS,
            Forms::SEVEN_PAIRS_QUADS,
            Forms::REGULAR | Forms::SEVEN_PAIRS_QUADS,
            Forms::MCR,
            Forms::ALL,
            Forms::HONORS_AND_KNITTED,
            Forms::KNITTED_STRAIGHT,
        ];
        let mut seed = 0x5EED_E771u64;
        let mut compared = 0;
        for (si, &forms) in sets.iter().enumerate() {
            let rounds = if forms.intersects(Forms::HONORS_AND_KNITTED | Forms::KNITTED_STRAIGHT) {
                n / 10
            } else {
                n
            };
            for i in 0..rounds {
                let size = [13, 13, 13, 1, 4, 7, 10, 16][(i + si) % 8];
                let c = random_counts(&mut seed, size + 1);
                let visible = random_visible(&mut seed, &c);
                let vis = (i % 2 == 0).then_some(&visible);
                if matches_reference(&c, forms, vis).is_some() {
                    compared += 1;
                }
            }
        }
        assert!(compared > n * 4, "{compared} hands compared");
    }

    /// Discards of the 3n+2 hand `c` and ukeire of `c` minus its first held kind, under `forms`
    /// and `vis`, asserted equal to the reference; `None` when no form of `forms` fits `c`, else
    /// the discards, the 3n+1 hand and its ukeire.
    fn matches_reference(
        c: &Counts,
        forms: Forms,
        vis: Option<&Counts>,
    ) -> Option<(Vec<Discard>, Hand, Ukeire)> {
        let zero = [0u8; TILE_KINDS];
        let full = Hand::new(c).unwrap();
        let f = applicable_forms(&full, forms).ok()?;
        let got = discard_list(full.counts(), forms, vis).unwrap();
        let want = reference::discards(c, full.total(), f, vis.unwrap_or(&zero));
        assert_eq!(got, want, "discards {c:?} {forms:?}");
        let k = c.iter().position(|&x| x > 0).unwrap();
        let h = full.with_removed(k).unwrap();
        let u = ukeire(h.counts(), forms, vis).unwrap();
        let want = reference::ukeire(h.counts(), h.total(), f, vis.unwrap_or(&zero));
        assert_eq!(u, want, "ukeire {:?} {forms:?}", h.counts());
        Some((got, h, u))
    }

    /// Under the three-player modifier (no 2m-8m held, visible or drawn), ukeire and discards
    /// equal the reference on random three-player hands of every size, dense and sparse.
    #[test]
    fn three_player_matches_reference() {
        let n: usize = std::env::var("MJ_DIFF_N")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(20_000)
            / 4;
        let three = Forms::THREE_PLAYER;
        let sets = [
            Forms::REGULAR | three,
            Forms::RIICHI | three,
            Forms::SEVEN_PAIRS | three,
            Forms::THIRTEEN_ORPHANS | three,
        ];
        let all: Vec<usize> = (0..TILE_KINDS).filter(|k| !(1..8).contains(k)).collect();
        let mut seed = 0x035A_17A3_u64;
        let next = |seed: &mut u64, m: usize| {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((*seed >> 33) % m as u64) as usize
        };
        let mut compared = 0;
        let mut differs_from_four = 0;
        for (si, &forms) in sets.iter().enumerate() {
            for i in 0..n {
                let size = [13, 13, 13, 1, 4, 7, 10, 16][(i + si) % 8] + 1;
                // Every three-player kind, or a few of 1m, 9m and the honours with one suit.
                let pool: Vec<usize> = if i % 2 == 0 {
                    all.clone()
                } else {
                    let s = 9 + 9 * next(&mut seed, 2);
                    let mut p: Vec<usize> = (s..s + 9).collect();
                    p.extend([0, 8, 27, 28, 29, 30, 31, 32, 33]);
                    p.retain(|_| next(&mut seed, 3) != 0);
                    if p.len() * 4 < size {
                        p = all.clone();
                    }
                    p
                };
                let mut c = [0u8; TILE_KINDS];
                let mut placed = 0;
                while placed < size {
                    let k = pool[next(&mut seed, pool.len())];
                    if c[k] < COPIES {
                        c[k] += 1;
                        placed += 1;
                    }
                }
                let mut visible = random_visible(&mut seed, &c);
                visible[1..8].fill(0);
                let vis = (i % 2 == 0).then_some(&visible);
                let Some((got_discards, h, got)) = matches_reference(&c, forms, vis) else {
                    continue;
                };
                assert!(
                    got_discards
                        .iter()
                        .all(|d| d.ukeire_mask & Forms::MAN_2_TO_8 == 0)
                );
                let four = Forms::from_bits(forms.bits() & !three.bits()).unwrap();
                differs_from_four += usize::from(ukeire(h.counts(), four, vis).unwrap() != got);
                compared += 1;
            }
        }
        assert!(compared > n * 2, "{compared} hands compared");
        // The modifier matters: 1m and 9m make no sequences, 2m-8m are never drawn.
        assert!(differs_from_four > 0, "{differs_from_four}");
    }

    #[test]
    fn three_player_refusals() {
        let three = Forms::RIICHI | Forms::THREE_PLAYER;
        let h = hand("19m456p789s11122z");
        assert_eq!(
            ukeire(h.counts(), three, Some(&tiles("5m"))),
            Err(Error::ThreePlayerTile)
        );
        assert_eq!(
            ukeire(&tiles("23m456p789s11122z"), three, None),
            Err(Error::ThreePlayerTile)
        );
        assert_eq!(
            discard_list(&tiles("234m456p789s11122z"), three, None),
            Err(Error::ThreePlayerTile)
        );
        assert_eq!(
            ukeire(h.counts(), Forms::THREE_PLAYER, None),
            Err(Error::InvalidArgument)
        );
        let u = ukeire(h.counts(), three, None).unwrap();
        assert_eq!(u.mask & Forms::MAN_2_TO_8, 0);
    }

    #[test]
    fn ukeire_tenpai_waits() {
        // 23m waits on 1m/4m; 1m and 4m: 4 unseen each.
        let u = ukeire(&tiles("23m456p789s11122z"), Forms::REGULAR, None).unwrap();
        assert_eq!(u.shanten, 0);
        assert_eq!(u.mask, 0b1001);
        assert_eq!(u.total, 8);
        let v = tiles("14m");
        let u = ukeire(&tiles("23m456p789s11122z"), Forms::REGULAR, Some(&v)).unwrap();
        assert_eq!((u.per_kind[0], u.per_kind[3], u.total), (3, 3, 6));
    }

    #[test]
    fn ukeire_errors() {
        let h = hand("23m456p789s11122z");
        assert_eq!(
            ukeire(h.counts(), Forms::REGULAR, Some(&tiles("2222m"))),
            Err(Error::TooManyCopies { kind: 1 })
        );
        assert_eq!(
            ukeire(&tiles("11m"), Forms::REGULAR, None),
            Err(Error::BadTileTotal { total: 2 })
        );
        assert_eq!(
            ukeire(h.counts(), Forms::NONE, None),
            Err(Error::InvalidArgument)
        );
    }

    #[test]
    fn discards_complete_hand() {
        let d = discard_list(&tiles("123m456p789s11222z"), Forms::REGULAR, None).unwrap();
        assert_eq!(d.len(), 11);
        // Discarding 1z or 2z keeps tenpai.
        let z1 = d.iter().find(|x| x.tile == 27).unwrap();
        assert_eq!(z1.shanten, 0);
        assert_eq!(
            discard_list(&tiles("1m"), Forms::REGULAR, None),
            Err(Error::BadTileTotal { total: 1 })
        );
    }
}
