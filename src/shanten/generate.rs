//! Offline generator of the shanten tables in `src/shanten/data/` (used by `src/bin/gen_tables.rs`
//! behind feature `gen`, and by the unit test proving the committed bytes are current).
//!
//! Per block (a suit of 9 kinds with chows and pungs, or the 7 honours with pungs only) and per
//! target of `m` melds (0..=5) plus `h` pairs (0..=1), the partial replacement number is
//! `r(c, m, h) = 3m + 2h - max_t sum_i min(t_i, c_i)` over complete targets `t` with `t_i <= 4`.
//! The maximum overlap `f(c)` is `|c|` when `c` lies under some complete target (the downward
//! closure of the complete shapes) and `max_i f(c - e_i)` otherwise, computed for all 12 `(m, h)`
//! lanes at once over every shape with at most 17 tiles.
//!
//! Shapes with the same 12-vector form a class (187 suit classes, 83 honour classes). The
//! min-plus combination of two suit classes takes only 328 distinct values, and that of a suit
//! class with an honour class 275, so a hand reduces to two independent lookups and a final
//! one: `x = C1[m][p]`, `w = C2[s][z]`, `replacement = FINAL[M][x][w]` with `M = total / 3`.

use std::collections::HashMap;

use super::tables::{
    HONOR_CLASSES, HONOR_HIST_KEYS, LANES, MAX_MELDS, PAIR_CLASSES, PAIR4_CLASSES, SUIT_CLASSES,
    SUIT_HONOR_CLASSES, SUIT_HONOR4_CLASSES, SUIT_SHAPES, dense_index, rank_tables,
    suit_rank_digits,
};

/// Replacement numbers of one block for `(m, h)`: lane `m + 6 h`.
pub type Lanes = [u8; LANES];

const POW5: [usize; 10] = [1, 5, 25, 125, 625, 3125, 15_625, 78_125, 390_625, 1_953_125];
const MAX_TILES: u8 = 17;

/// Names of the generated files, in the order [`generate`] returns them.
pub const FILES: [&str; 8] = [
    "suit_class.bin",
    "honor_class.bin",
    "combine_suits.bin",
    "combine_suit_honor.bin",
    "final.bin",
    "combine_suits4.bin",
    "combine_suit_honor4.bin",
    "final4.bin",
];

fn key_of(d: &[u8; 9], len: usize) -> usize {
    (0..len).rev().fold(0, |k, i| k * 5 + usize::from(d[i]))
}

/// Marks complete shapes (bit `m + 6h`) by adding melds in nondecreasing order, then a pair.
fn mark_complete(
    d: &mut [u8; 9],
    melds: &[[usize; 3]],
    start: usize,
    m: usize,
    len: usize,
    marks: &mut [u16],
) {
    marks[key_of(d, len)] |= 1 << m;
    for p in 0..len {
        if d[p] <= 2 {
            d[p] += 2;
            marks[key_of(d, len)] |= 1 << (6 + m);
            d[p] -= 2;
        }
    }
    if m == MAX_MELDS {
        return;
    }
    for (j, meld) in melds.iter().enumerate().skip(start) {
        for &x in meld {
            d[x] += 1;
        }
        if meld.iter().all(|&x| d[x] <= 4) {
            mark_complete(d, melds, j, m + 1, len, marks);
        }
        for &x in meld {
            d[x] -= 1;
        }
    }
}

/// The replacement lanes of every shape of a block of `len` kinds, indexed by base-5 key;
/// `None` for shapes of more than 17 tiles.
pub fn block_lanes(len: usize, chows: bool) -> Vec<Option<Lanes>> {
    let size = POW5[len];
    let mut melds: Vec<[usize; 3]> = (0..len).map(|i| [i, i, i]).collect();
    if chows {
        melds.extend((0..len - 2).map(|i| [i, i + 1, i + 2]));
    }
    let mut below = vec![0u16; size];
    mark_complete(&mut [0; 9], &melds, 0, 0, len, &mut below);
    let mut digits = Vec::with_capacity(size);
    let mut cur = [0u8; 9];
    for _ in 0..size {
        digits.push(cur);
        for d in cur.iter_mut().take(len) {
            *d += 1;
            if *d < 5 {
                break;
            }
            *d = 0;
        }
    }
    // Downward closure: a shape is under a complete target if it is one or a successor is.
    for k in (0..size).rev() {
        let mut m = below[k];
        for i in 0..len {
            if digits[k][i] < 4 {
                m |= below[k + POW5[i]];
            }
        }
        below[k] = m;
    }
    let mut overlap = vec![[0u8; 16]; size];
    let mut out = vec![None; size];
    for k in 0..size {
        let sum: u8 = digits[k].iter().sum();
        if sum > MAX_TILES {
            continue;
        }
        let mut v = [0u8; 16];
        for i in 0..len {
            if digits[k][i] > 0 {
                let o = &overlap[k - POW5[i]];
                for l in 0..16 {
                    v[l] = v[l].max(o[l]);
                }
            }
        }
        let mut r = [0u8; LANES];
        for l in 0..LANES {
            if below[k] >> l & 1 == 1 {
                v[l] = sum;
            }
            r[l] = (3 * (l % 6) + 2 * (l / 6)) as u8 - v[l];
        }
        overlap[k] = v;
        out[k] = Some(r);
    }
    out
}

/// Min-plus combination of two blocks: the best split of `m` melds and `h` pairs between them.
pub fn combine(a: &Lanes, b: &Lanes) -> Lanes {
    let mut c = [u8::MAX; LANES];
    for m in 0..=MAX_MELDS {
        for h in 0..2 {
            let mut best = u8::MAX;
            for k in 0..=m {
                for j in 0..=h {
                    best = best.min(a[k + 6 * j] + b[m - k + 6 * (h - j)]);
                }
            }
            c[m + 6 * h] = best;
        }
    }
    c
}

fn intern<T: Copy + TryFrom<usize>>(
    v: Lanes,
    map: &mut HashMap<Lanes, T>,
    list: &mut Vec<Lanes>,
) -> T
where
    <T as TryFrom<usize>>::Error: std::fmt::Debug,
{
    *map.entry(v).or_insert_with(|| {
        list.push(v);
        T::try_from(list.len() - 1).expect("class id fits")
    })
}

/// Builds every table file, in the order of [`FILES`].
pub fn generate() -> [Vec<u8>; 8] {
    let suit = block_lanes(9, true);
    let honor = block_lanes(7, false);
    let (ta, tb) = rank_tables();

    // Suit classes, numbered in rank order (small shapes first, the order the combination
    // tables follow).
    let mut by_rank = vec![usize::MAX; SUIT_SHAPES];
    for (k, lanes) in suit.iter().enumerate() {
        if lanes.is_some() {
            let d: [u8; 9] = std::array::from_fn(|i| (k / POW5[i] % 5) as u8);
            by_rank[suit_rank_digits(&ta, &tb, &d)] = k;
        }
    }
    let mut suit_vecs = Vec::new();
    let mut suit_map = HashMap::new();
    let by_rank_class: Vec<u8> = by_rank
        .iter()
        .map(|&k| {
            intern(
                suit[k].expect("every rank is a shape"),
                &mut suit_map,
                &mut suit_vecs,
            )
        })
        .collect();
    // The file is read by dense index (no tile count needed at run time).
    let mut suit_class = vec![u8::MAX; SUIT_SHAPES];
    for (&k, &class) in by_rank.iter().zip(&by_rank_class) {
        suit_class[dense_index(k % POW5[4], k / POW5[4])] = class;
    }
    assert!(
        suit_class.iter().all(|&c| c != u8::MAX),
        "dense index is onto"
    );

    // Honour classes by count histogram (the 7 honours are interchangeable).
    let mut honor_vecs = Vec::new();
    let mut honor_map = HashMap::new();
    let mut honor_class = vec![u8::MAX; HONOR_HIST_KEYS];
    for (k, lanes) in honor.iter().enumerate() {
        if let Some(v) = lanes {
            let hk: usize = (0..7)
                .map(|i| (1usize << (3 * (k / POW5[i] % 5))) >> 3)
                .sum();
            let id: u8 = intern(*v, &mut honor_map, &mut honor_vecs);
            assert!(honor_class[hk] == u8::MAX || honor_class[hk] == id);
            honor_class[hk] = id;
        }
    }
    for c in honor_class.iter_mut() {
        if *c == u8::MAX {
            *c = 0; // histogram of more than 17 tiles: never looked up
        }
    }

    let (ns, nz) = (suit_vecs.len(), honor_vecs.len());
    assert_eq!((ns, nz), (SUIT_CLASSES, HONOR_CLASSES));
    // Two suits (m + p), numbered by a + b so that the common (small) classes get small ids.
    let mut pair_vecs = Vec::new();
    let mut pair_map = HashMap::new();
    let mut c1 = vec![0u16; ns * ns];
    for t in 0..2 * ns - 1 {
        for a in t.saturating_sub(ns - 1)..=t.min(ns - 1) {
            let b = t - a;
            c1[a * ns + b] = intern(
                combine(&suit_vecs[a], &suit_vecs[b]),
                &mut pair_map,
                &mut pair_vecs,
            );
        }
    }
    // The third suit with the honours (s + z).
    let mut sz_vecs = Vec::new();
    let mut sz_map = HashMap::new();
    let mut c2 = vec![0u16; ns * nz];
    for t in 0..ns + nz - 1 {
        for c in t.saturating_sub(nz - 1)..=t.min(ns - 1) {
            let z = t - c;
            c2[c * nz + z] = intern(
                combine(&suit_vecs[c], &honor_vecs[z]),
                &mut sz_map,
                &mut sz_vecs,
            );
        }
    }
    let (n1, n2) = (pair_vecs.len(), sz_vecs.len());
    assert_eq!((n1, n2), (PAIR_CLASSES, SUIT_HONOR_CLASSES));
    let mut fin = vec![0u8; (MAX_MELDS + 1) * n1 * n2];
    for x in 0..n1 {
        for w in 0..n2 {
            let v = combine(&pair_vecs[x], &sz_vecs[w]);
            for m in 0..=MAX_MELDS {
                fin[(m * n1 + x) * n2 + w] = v[m + 6];
            }
        }
    }
    // 13/14-tile hands (4 melds and a pair), the common case: pair classes whose final rows
    // agree for 4 melds are merged, and so are suit-honour classes whose final columns agree,
    // numbered by first appearance (small, common classes first), so that the three tables
    // have one-byte entries and the final one is 26 KB.
    let m4 = |x: usize, w: usize| fin[(MELDS4 * n1 + x) * n2 + w];
    let (x4, row_of) = merge_classes(n1, |x| (0..n2).map(|w| m4(x, w)).collect());
    let (w4, col_of) = merge_classes(n2, |w| (0..n1).map(|x| m4(x, w)).collect());
    assert_eq!(
        (row_of.len(), col_of.len()),
        (PAIR4_CLASSES, SUIT_HONOR4_CLASSES)
    );
    let c1_4: Vec<u8> = c1.iter().map(|&x| x4[usize::from(x)]).collect();
    let c2_4: Vec<u8> = c2.iter().map(|&w| w4[usize::from(w)]).collect();
    let fin4: Vec<u8> = row_of
        .iter()
        .flat_map(|&x| col_of.iter().map(move |&w| m4(x, w)))
        .collect();
    let le = |v: &[u16]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    [
        suit_class,
        honor_class,
        le(&c1),
        le(&c2),
        fin,
        c1_4,
        c2_4,
        fin4,
    ]
}

/// Melds of a 13/14-tile hand.
const MELDS4: usize = 4;

/// Merges the `n` classes whose lines `line(i)` are equal: the merged id of each class,
/// numbered by first appearance, and the first class of each merged id.
fn merge_classes(n: usize, line: impl Fn(usize) -> Vec<u8>) -> (Vec<u8>, Vec<usize>) {
    let mut ids = HashMap::new();
    let mut first = Vec::new();
    let mut of = Vec::with_capacity(n);
    for i in 0..n {
        of.push(*ids.entry(line(i)).or_insert_with(|| {
            first.push(i);
            u8::try_from(first.len() - 1).expect("at most 256 merged classes")
        }));
    }
    (of, first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generate_matches_committed_data() {
        let fresh = generate();
        let committed = super::super::tables::committed_files();
        for ((name, fresh), committed) in FILES.iter().zip(&fresh).zip(committed) {
            assert!(
                fresh.as_slice() == committed,
                "stale src/shanten/data/{name}: run `cargo run --release --features gen --bin gen_tables`"
            );
        }
    }

    #[test]
    fn combine_is_min_plus() {
        // An empty block needs every tile: r(m, h) = 3m + 2h.
        let empty: Lanes = std::array::from_fn(|l| (3 * (l % 6) + 2 * (l / 6)) as u8);
        let pung: Lanes = block_lanes(7, false)[3].unwrap(); // 111z
        assert_eq!(pung[1], 0);
        assert_eq!(pung[6], 0);
        assert_eq!(pung[7], 2); // a pung plus a pair of another honour: 2 draws
        let c = combine(&empty, &pung);
        assert_eq!(c[1], 0);
        assert_eq!(c[7], 2);
        assert_eq!(c[2], 3);
    }
}
