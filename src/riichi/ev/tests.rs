//! Unit tests of the discard analysis: the exact reference on small cases, hand-computed
//! values, and every refusal.
// Index loops over tile kinds read as the definitions do.
#![allow(clippy::needless_range_loop)]

use super::brute::{Brute, Q};
use super::graph::TILES;
use super::*;
use crate::riichi::{RiichiMeld, Rules};
use crate::test_util::tiles;

/// A seeded xorshift generator.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, pct: usize) -> bool {
        self.below(100) < pct
    }
}

/// The pool at the start, per tile, written from the definition (4 of each kind, one red five
/// per suit with aka dora, less the hand, its melds and what is visible).
fn pool_of(h: &EvHand, rules: &Rules) -> [u8; TILES] {
    let mut all = [0i32; TILE_KINDS];
    for k in 0..TILE_KINDS {
        all[k] = i32::from(h.counts[k]) + i32::from(h.visible[k]);
    }
    for m in h.melds() {
        let t = usize::from(m.tile);
        if m.kind() == MeldKind::Chi {
            (t..t + 3).for_each(|k| all[k] += 1);
        } else {
            all[t] += i32::from(m.size());
        }
    }
    let mut p = [0u8; TILES];
    for k in 0..TILE_KINDS {
        p[k] = (4 - all[k]) as u8;
    }
    if rules.aka_dora() {
        for (s, &k) in FIVES.iter().enumerate() {
            let r = 1 - h.red_fives[s] - h.meld_red_fives[s] - h.visible_red[s];
            p[k] -= r;
            p[TILE_KINDS + s] = r;
        }
    }
    p
}

/// A random small case: a hand near a win, a pool of a few tiles, few draws.
fn small_case(rng: &mut Rng) -> (EvHand, Rules, EvOptions) {
    let rules = match rng.below(4) {
        0 => Rules::REFERENCE,
        1 => Rules::TENHOU,
        2 => Rules::MAHJONG_SOUL,
        _ => Rules::TOURNAMENT,
    };
    loop {
        // A complete hand: four sets and a pair, closed or with one pon.
        let mut c = [0u8; TILE_KINDS];
        let mut h = EvHand::new();
        let open = rng.chance(25);
        let sets = if open { 3 } else { 4 };
        let mut ok = true;
        for _ in 0..sets {
            if rng.chance(60) {
                let s = rng.below(3) * 9 + rng.below(7);
                (s..s + 3).for_each(|k| c[k] += 1);
            } else {
                c[rng.below(TILE_KINDS)] += 3;
            }
        }
        c[rng.below(TILE_KINDS)] += 2;
        let mut melds = [0u8; TILE_KINDS];
        if open {
            let k = rng.below(TILE_KINDS);
            h = h.with_meld(RiichiMeld::pon(k as u8, 1 + rng.below(3) as u8));
            melds[k] = 3;
        }
        // Swap one or two tiles for random ones: the hand to analyse.
        for _ in 0..1 + rng.below(2) {
            let held: Vec<usize> = (0..TILE_KINDS).filter(|&k| c[k] > 0).collect();
            c[held[rng.below(held.len())]] -= 1;
            c[rng.below(TILE_KINDS)] += 1;
        }
        let thirteen = rng.chance(40);
        if thirteen {
            let held: Vec<usize> = (0..TILE_KINDS).filter(|&k| c[k] > 0).collect();
            c[held[rng.below(held.len())]] -= 1;
        }
        for k in 0..TILE_KINDS {
            ok &= c[k] + melds[k] <= 4;
        }
        if !ok {
            continue;
        }
        h.counts = c;
        h.seat_wind = rng.below(4) as u8;
        h.round_wind = rng.below(2) as u8;
        // A few unseen tiles: 2 to 4 kinds, 1 or 2 copies each; the rest visible.
        let mut unseen = [0u8; TILE_KINDS];
        for _ in 0..2 + rng.below(3) {
            let k = rng.below(TILE_KINDS);
            let room = 4 - c[k] - melds[k];
            unseen[k] = room.min(1 + rng.below(2) as u8);
        }
        for k in 0..TILE_KINDS {
            h.visible[k] = 4 - c[k] - melds[k] - unseen[k];
        }
        // Dora indicators among the visible tiles.
        for _ in 0..rng.below(3) {
            let vis: Vec<usize> = (0..TILE_KINDS).filter(|&k| h.visible[k] > 0).collect();
            let k = vis[rng.below(vis.len())];
            if h.dora[..usize::from(h.dora_count)]
                .iter()
                .filter(|&&d| usize::from(d) == k)
                .count()
                < usize::from(h.visible[k])
            {
                h.dora[usize::from(h.dora_count)] = k as u8;
                h.dora_count += 1;
            }
        }
        // Red fives: each suit's red five in the hand, among the unseen or visible.
        if rules.aka_dora() {
            for (s, &k) in FIVES.iter().enumerate() {
                let place = rng.below(3);
                if place == 0 && c[k] > 0 {
                    h.red_fives[s] = 1;
                } else if place == 1 && unseen[k] > 0 || h.visible[k] == 0 {
                    // red among the unseen (or nowhere else to put it)
                } else {
                    h.visible_red[s] = 1;
                }
                if h.visible[k] == 0 && unseen[k] == 0 && h.red_fives[s] == 0 {
                    if melds[k] > 0 {
                        h.meld_red_fives[s] = 1;
                    } else {
                        ok = false;
                    }
                }
            }
        }
        if !ok {
            continue;
        }
        let mut o = EvOptions::new();
        o.draws = 1 + rng.below(3) as u8;
        o.extra = EV_MAX_EXTRA;
        o.max_nodes = 0;
        if thirteen && !open && rng.chance(50) {
            h.riichi = 1;
        }
        if analyze(&h, &rules, &o).is_err() {
            continue;
        }
        return (h, rules, o);
    }
}

/// The fast analysis equals the exact reference on every entry. Tolerance: the fast path
/// sums at most 37 terms a draw over at most 3 draws in f64, so its relative error is below
/// 1e-13; 1e-9 leaves room and still fails on any real difference (the smallest probability
/// step here is above 1e-4).
#[test]
fn analyze_equals_exact_reference_on_small_cases() {
    let mut rng = Rng(0x5eed_0e71);
    let n = std::env::var("MJ_EV_BRUTE_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300usize);
    let (mut wins, mut riichi_entries) = (0, 0);
    for case in 0..n {
        let (h, rules, o) = small_case(&mut rng);
        let fast = analyze(&h, &rules, &o).unwrap();
        let pool = pool_of(&h, &rules);
        let mut brute = Brute::new(&h, &rules, o.flags, &pool);
        let mut exact: Vec<(usize, bool, [Q; 3])> =
            if h.counts.iter().sum::<u8>() as u32 == 14 - 3 * u32::from(h.meld_count) {
                brute.discards(u32::from(o.draws))
            } else {
                vec![(99, h.riichi == 1, brute.hand_value(u32::from(o.draws)))]
            };
        // The fast analysis' order: by kind, a red five after the normal tile, dama first.
        exact.sort_by_key(|&(t, r, _)| {
            let order = if (TILE_KINDS..TILES).contains(&t) {
                FIVES[t - TILE_KINDS] * 2 + 1
            } else {
                t * 2
            };
            (order, r)
        });
        assert_eq!(fast.count as usize, exact.len(), "case {case}: {h:?}");
        for (e, (t, r, v)) in fast.entries().iter().zip(&exact) {
            let tile = if (TILE_KINDS..TILES).contains(t) {
                FIVES[t - TILE_KINDS]
            } else if *t == 99 {
                usize::from(EV_NO_TILE)
            } else {
                *t
            };
            assert_eq!(
                (usize::from(e.tile), e.red == 1, e.riichi == 1),
                (tile, (TILE_KINDS..TILES).contains(t), *r),
                "case {case}: {h:?} {rules:?}\n{:?}\n{:?}",
                fast.entries()
                    .iter()
                    .map(|e| (e.tile, e.red, e.riichi))
                    .collect::<Vec<_>>(),
                exact.iter().map(|e| (e.0, e.1)).collect::<Vec<_>>()
            );
            for (m, (got, want)) in [e.tenpai, e.win, e.score].iter().zip(v).enumerate() {
                let want = want.to_f64();
                assert!(
                    (got - want).abs() <= 1e-9 * want.abs().max(1.0),
                    "case {case} entry {e:?} figure {m}: {got} vs exact {want}\n{h:?}"
                );
            }
            wins += usize::from(e.win > 0.0);
            riichi_entries += usize::from(e.riichi == 1);
        }
        // A smaller budget restricts the play: never above the optimum (a move counted twice
        // would push a figure over it).
        for extra in 0..2 {
            let mut oe = o;
            oe.extra = extra;
            let r = analyze(&h, &rules, &oe).unwrap();
            for (e, (_, _, v)) in r.entries().iter().zip(&exact) {
                for (got, want) in [e.tenpai, e.win, e.score].iter().zip(v) {
                    let want = want.to_f64();
                    assert!(
                        *got <= want + 1e-9 * want.abs().max(1.0),
                        "case {case} extra {extra}: {got} above the optimum {want}\n{h:?}"
                    );
                }
            }
        }
    }
    // The generator reaches the interesting cases.
    assert!(
        wins > n / 4 && riichi_entries > n / 20,
        "{wins} {riichi_entries}"
    );
}

fn hand14(s: &str) -> EvHand {
    let mut h = EvHand::new();
    h.counts = tiles(s);
    h
}

#[test]
fn analyze_ready_hand_one_draw_is_the_share_of_winning_tiles() {
    // 123m456p789s 1123s + 5z: discard 5z to wait on 1s / 4s (2 + 4 unseen).
    let mut h = hand14("123m456p789s1123s5z");
    h.round_wind = 0;
    let rules = Rules::REFERENCE;
    let mut o = EvOptions::new();
    o.draws = 1;
    o.flags = 0;
    let r = analyze(&h, &rules, &o).unwrap();
    let e = r
        .entries()
        .iter()
        .find(|e| e.tile == 31 && e.riichi == 0)
        .unwrap();
    // Pool: 136 - 14 = 122 tiles, 5z returned: 123 at the draw state; 1s: 2 left, 4s: 4.
    assert_eq!(r.wall, 122);
    assert!((e.win - 6.0 / 123.0).abs() < 1e-15, "{e:?}");
    assert_eq!(e.tenpai, 1.0);
    assert_eq!(e.shanten, 0);
    assert_eq!(e.ukeire, 6);
    // Riichi is listed too and wins at least as much.
    let rr = r
        .entries()
        .iter()
        .find(|e| e.tile == 31 && e.riichi == 1)
        .unwrap();
    assert!(rr.score > e.score && rr.win == e.win);
}

#[test]
fn analyze_thirteen_tiles_gives_one_entry() {
    let mut h = EvHand::new();
    h.counts = tiles("123m456p789s1123s");
    let r = analyze(&h, &Rules::REFERENCE, &EvOptions::new()).unwrap();
    assert_eq!(r.count, 1);
    assert_eq!(r.entries[0].tile, EV_NO_TILE);
    assert_eq!(r.shanten, 0);
    assert!(r.entries[0].win > 0.3 && r.entries[0].win < 1.0);
}

#[test]
fn analyze_lowers_extra_to_fit_max_nodes_or_refuses() {
    let h = hand14("19m19p19s1234567z5m");
    let mut o = EvOptions::new();
    o.extra = 2;
    o.draws = 4;
    let full = analyze(&h, &Rules::REFERENCE, &o).unwrap();
    assert_eq!(full.extra, 2);
    o.max_nodes = full.nodes - 1;
    let cut = analyze(&h, &Rules::REFERENCE, &o).unwrap();
    assert!(cut.extra < 2 && cut.nodes <= o.max_nodes);
    o.max_nodes = 1;
    assert_eq!(analyze(&h, &Rules::REFERENCE, &o), Err(Error::SearchLimit));
}

#[test]
fn analyze_refuses_bad_input() {
    let rules = Rules::REFERENCE;
    let o = EvOptions::new();
    let good = hand14("123m456p789s1123s5z");
    assert!(analyze(&good, &rules, &o).is_ok());
    let bad = |f: &dyn Fn(&mut EvHand, &mut Rules, &mut EvOptions), want: Error| {
        let (mut h, mut r, mut oo) = (good, rules, o);
        f(&mut h, &mut r, &mut oo);
        assert_eq!(analyze(&h, &r, &oo).err(), Some(want), "{h:?} {oo:?}");
    };
    bad(&|h, _, _| h.meld_count = 5, Error::InvalidArgument);
    bad(&|h, _, _| h.seat_wind = 4, Error::InvalidArgument);
    bad(&|h, _, _| h.round_wind = 4, Error::InvalidArgument);
    bad(&|h, _, _| h.dora_count = 6, Error::InvalidArgument);
    bad(
        &|h, _, _| {
            h.dora_count = 1;
            h.dora[0] = 34;
        },
        Error::InvalidArgument,
    );
    bad(
        &|h, _, _| {
            h.dora_count = 1;
            h.dora[0] = 5; // not counted in visible
        },
        Error::InvalidArgument,
    );
    bad(&|h, _, _| h.riichi = 2, Error::InvalidArgument);
    bad(&|h, _, _| h.riichi = 1, Error::InvalidArgument); // 14 tiles
    bad(&|h, _, _| h.honba = 101, Error::InvalidArgument);
    bad(&|h, _, _| h.riichi_sticks = 101, Error::InvalidArgument);
    bad(&|_, r, _| r.kazoe = 9, Error::InvalidArgument);
    bad(
        &|_, _, o| o.draws = EV_MAX_DRAWS + 1,
        Error::InvalidArgument,
    );
    bad(
        &|_, _, o| o.extra = EV_MAX_EXTRA + 1,
        Error::InvalidArgument,
    );
    bad(&|_, _, o| o.model = 2, Error::InvalidArgument);
    bad(&|_, _, o| o.flags = 8, Error::InvalidArgument);
    bad(&|_, _, o| o.reserved = 1, Error::InvalidArgument);
    bad(
        &|h, _, _| {
            h.meld_count = 1;
            h.melds[0] = RiichiMeld::chi(7, 1);
        },
        Error::IllegalMeld,
    );
    bad(&|h, _, _| h.counts[0] = 5, Error::TooManyCopies { kind: 0 });
    bad(
        &|h, _, _| h.visible[0] = 4,
        Error::TooManyCopies { kind: 0 },
    );
    bad(
        &|h, _, _| h.counts[33] += 1,
        Error::BadTileTotal { total: 15 },
    );
    bad(
        &|h, r, _| {
            r.aka_dora = 1;
            h.red_fives[0] = 1; // no 5m held
        },
        Error::RedFives,
    );
    bad(
        &|h, r, _| {
            r.aka_dora = 1;
            h.red_fives[2] = 1;
            h.visible_red[2] = 1;
        },
        Error::RedFives,
    );
    bad(
        &|h, _, _| {
            h.counts = tiles("123m456p789s1357s");
            h.riichi = 1; // not ready
        },
        Error::RiichiConflict,
    );
    bad(
        &|h, _, _| {
            h.counts = tiles("123m456p789s1s");
            h.meld_count = 1;
            h.melds[0] = RiichiMeld::pon(27, 1);
            h.riichi = 1;
        },
        Error::RiichiConflict,
    );
    bad(&|_, r, _| r.three_player = 1, Error::ThreePlayerTile);
    bad(
        &|h, _, o| {
            o.model = EV_MODEL_MAHJONG_CPP;
            h.visible = [4; TILE_KINDS];
            for k in 0..TILE_KINDS {
                h.visible[k] = 4 - h.counts[k];
            }
        },
        Error::InvalidArgument,
    );
}

#[test]
fn analyze_more_draws_never_lowers_a_figure() {
    let h = hand14("23m456p789s11z34s66p");
    let mut last = [0.0f64; 3];
    for draws in 0..=6u8 {
        let mut o = EvOptions::new();
        o.draws = draws;
        let r = analyze(&h, &Rules::TENHOU, &o).unwrap();
        let best = [
            r.entries().iter().map(|e| e.tenpai).fold(0.0, f64::max),
            r.entries().iter().map(|e| e.win).fold(0.0, f64::max),
            r.entries().iter().map(|e| e.score).fold(0.0, f64::max),
        ];
        for m in 0..3 {
            assert!(best[m] >= last[m] - 1e-12, "draws {draws} figure {m}");
        }
        last = best;
    }
}

#[test]
fn discards_shanten_equals_the_shanten_of_each_discard() {
    use crate::forms::Forms;
    use crate::shanten::{discards_shanten, shanten_unchecked};
    let mut rng = Rng(0xd15c_a4d5);
    for _ in 0..20_000 {
        let mut c = [0u8; TILE_KINDS];
        let mut n = 0;
        while n < 14 {
            let k = rng.below(TILE_KINDS);
            if c[k] < 4 {
                c[k] += 1;
                n += 1;
            }
        }
        let forms = Forms::RIICHI;
        let mut seen = 0u64;
        discards_shanten(&c, 14, forms, |a, sh| {
            seen |= 1 << a;
            let mut d = c;
            d[a] -= 1;
            assert_eq!(sh, shanten_unchecked(&d, 13, forms), "{c:?} - {a}");
        });
        let held = (0..TILE_KINDS)
            .filter(|&k| c[k] > 0)
            .fold(0u64, |m, k| m | 1 << k);
        assert_eq!(seen, held);
    }
}

/// The hands of `benches/riichi_ev.rs` (East seat and round, indicator 1z).
const BENCH_HANDS: [&str; 8] = [
    "123m456p789s1123s5z",
    "222567m345p33667s",
    "234567m33p45688s1z",
    "2346m35678p13456s",
    "12346m456p7899s15z",
    "23678m345p457s166z",
    "1368m2457p12399s1z",
    "345m23456p1279s55z",
];

/// Every line of the bench hands under both models, 17 draws, `extra` 1, as text: one line an
/// entry (model, hand, tile, red, riichi, shanten, ukeire, then the three figures).
fn bench_lines() -> Vec<String> {
    let mut out = Vec::new();
    for model in [EV_MODEL_MJKIT, EV_MODEL_MAHJONG_CPP] {
        for hand in BENCH_HANDS {
            let mut h = EvHand::new();
            h.counts = tiles(hand);
            h.seat_wind = 0;
            let h = h.with_dora(27);
            let mut o = EvOptions::new();
            o.max_nodes = 0;
            o.model = model;
            let r = analyze(&h, &Rules::TENHOU, &o).unwrap();
            out.push(format!("{model} {hand} states {}", r.nodes));
            for e in r.entries() {
                out.push(format!(
                    "{model} {hand} {} {} {} {} {} {:.17e} {:.17e} {:.17e}",
                    e.tile, e.red, e.riichi, e.shanten, e.ukeire, e.tenpai, e.win, e.score
                ));
            }
        }
    }
    out
}

/// The bench hands' figures equal the committed ones (`golden.txt`, written by the version
/// whose mahjong-cpp model agreed with mahjong-cpp's `ExpectedScoreCalculator` on every figure
/// to 2.1e-16, see docs/performance.md) within 1e-12 relative: a change of the search or of
/// the induction that moves a figure fails here. `MJ_BLESS=1` rewrites the file.
#[test]
fn analyze_keeps_the_verified_figures_of_the_bench_hands() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/riichi/ev/golden.txt");
    let lines = bench_lines();
    if std::env::var_os("MJ_BLESS").is_some() {
        std::fs::write(path, lines.join("\n") + "\n").unwrap();
    }
    let want = std::fs::read_to_string(path).unwrap();
    let want: Vec<&str> = want.lines().collect();
    assert_eq!(lines.len(), want.len(), "entries");
    for (got, want) in lines.iter().zip(&want) {
        let (g, w): (Vec<&str>, Vec<&str>) = (got.split(' ').collect(), want.split(' ').collect());
        assert_eq!(g.len(), w.len(), "{got} / {want}");
        for (a, b) in g.iter().zip(&w) {
            match (a.parse::<f64>(), b.parse::<f64>()) {
                (Ok(x), Ok(y)) if a.contains('e') => assert!(
                    (x - y).abs() <= 1e-12 * y.abs().max(1.0),
                    "{got}\n  committed: {want}"
                ),
                _ => assert_eq!(a, b, "{got}\n  committed: {want}"),
            }
        }
    }
}
