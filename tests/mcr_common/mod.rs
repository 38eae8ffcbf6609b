//! Seeded generator of MCR winning hands (constructed, not rejection-sampled) and the JSON-lines
//! bridge to the Python oracle `tests/oracle/mcr_oracle.py` (pymahjonggb). Shared by
//! tests/mcr_diff.rs and benches/mcr.rs.
#![allow(dead_code)]

use mjkit::mcr::{McrHand, Meld, MeldKind, WIN_KONG, WIN_LAST_COPY, WIN_SELF_DRAWN, WIN_WALL_LAST};
use std::path::{Path, PathBuf};

#[path = "../support/mod.rs"]
pub mod support;
pub use support::Rng;

/// Why a generated hand should be refused by mjkit (the oracle scores it anyway).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    Score,
    /// A flag that cannot hold was set on purpose.
    InvalidFlags,
    /// A kong made a fifth copy on purpose.
    TooManyCopies,
}

#[derive(Debug, Clone, Copy)]
pub struct Case {
    pub hand: McrHand,
    pub expect: Expect,
    /// Generator family, for coverage reports.
    pub family: &'static str,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum S {
    Chow(usize),
    Pung(usize),
}

const fn k(suit: usize, n: usize) -> usize {
    suit * 9 + n - 1
}

fn add(c: &mut [u8; 34], s: S) -> bool {
    match s {
        S::Chow(t) => {
            if t >= 27 || t % 9 > 6 || (t..t + 3).any(|x| c[x] >= 4) {
                return false;
            }
            (t..t + 3).for_each(|x| c[x] += 1);
        }
        S::Pung(t) => {
            if c[t] > 1 {
                return false;
            }
            c[t] += 3;
        }
    }
    true
}

/// Tile pools for themed filling.
fn pool(rng: &mut Rng) -> Vec<usize> {
    let s = rng.below(3);
    let all: Vec<usize> = (0..34).collect();
    let suited = |f: &dyn Fn(usize) -> bool| (0..27).filter(|&t| f(t % 9 + 1)).collect::<Vec<_>>();
    match rng.below(22) {
        0..=5 => all,
        6 => (s * 9..s * 9 + 9).collect(),
        7 => (s * 9..s * 9 + 9).chain(27..34).collect(),
        8 => (27..34).collect(),
        9 => vec![0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33],
        10 => vec![0, 8, 9, 17, 18, 26],
        11 => suited(&|n| (2..=8).contains(&n)),
        12 => vec![19, 20, 21, 23, 25, 32],
        13 => vec![9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31],
        14 => suited(&|n| n <= 4),
        15 => suited(&|n| n >= 6),
        16 => suited(&|n| (4..=6).contains(&n)),
        17 => suited(&|n| n <= 3),
        18 => suited(&|n| n >= 7),
        19 => suited(&|n| n % 2 == 0),
        20 => (0..27).filter(|&t| t / 9 != s).chain(27..34).collect(),
        _ => (0..27).filter(|&t| t / 9 != s).collect(),
    }
}

fn random_set(rng: &mut Rng, pool: &[usize], chow_pct: usize) -> S {
    let t = rng.pick(pool);
    if t < 27 && rng.chance(chow_pct) {
        let lo = t.saturating_sub(2).max(t / 9 * 9);
        let start = lo + rng.below(3).min(t - lo);
        let start = start.min(t / 9 * 9 + 6);
        if (start..start + 3).all(|x| pool.contains(&x)) {
            return S::Chow(start);
        }
    }
    S::Pung(t)
}

/// Required sets (and maybe the pair) of a structural template.
fn template(rng: &mut Rng) -> (Vec<S>, Option<usize>) {
    let s = rng.below(3);
    let mut suits = [0usize, 1, 2];
    rng.shuffle(&mut suits);
    let [a, b, c] = suits;
    let r = |rng: &mut Rng, lo: usize, hi: usize| lo + rng.below(hi - lo + 1);
    match rng.below(40) {
        0 => ((27..31).map(S::Pung).collect(), None),
        1 => ((31..34).map(S::Pung).collect(), None),
        2 => {
            let mut w = vec![27, 28, 29, 30];
            rng.shuffle(&mut w);
            (w[..3].iter().map(|&t| S::Pung(t)).collect(), Some(w[3]))
        }
        3 => {
            let mut d = vec![31, 32, 33];
            rng.shuffle(&mut d);
            (d[..2].iter().map(|&t| S::Pung(t)).collect(), Some(d[2]))
        }
        4 => {
            let v = vec![
                S::Chow(k(s, 1)),
                S::Chow(k(s, 1)),
                S::Chow(k(s, 7)),
                S::Chow(k(s, 7)),
            ];
            (v, Some(k(s, 5)))
        }
        5 => {
            let v = vec![
                S::Chow(k(a, 1)),
                S::Chow(k(a, 7)),
                S::Chow(k(b, 1)),
                S::Chow(k(b, 7)),
            ];
            (v, Some(k(c, 5)))
        }
        6 => {
            let x = r(rng, 1, 7);
            (vec![S::Chow(k(s, x)); 4], None)
        }
        7 => {
            let x = r(rng, 1, 6);
            ((0..4).map(|i| S::Pung(k(s, x + i))).collect(), None)
        }
        8 => {
            let step = r(rng, 1, 2);
            let x = r(rng, 1, 7 - 3 * step);
            ((0..4).map(|i| S::Chow(k(s, x + i * step))).collect(), None)
        }
        9 => {
            let x = r(rng, 1, 7);
            (vec![S::Chow(k(s, x)); 3], None)
        }
        10 => {
            let x = r(rng, 1, 7);
            ((0..3).map(|i| S::Pung(k(s, x + i))).collect(), None)
        }
        11 => ((0..3).map(|i| S::Chow(k(s, 1 + 3 * i))).collect(), None),
        12 => {
            let step = r(rng, 1, 2);
            let x = r(rng, 1, 7 - 2 * step);
            ((0..3).map(|i| S::Chow(k(s, x + i * step))).collect(), None)
        }
        13 => {
            let x = r(rng, 1, 9);
            (
                vec![S::Pung(k(a, x)), S::Pung(k(b, x)), S::Pung(k(c, x))],
                None,
            )
        }
        14 => (
            vec![S::Chow(k(a, 1)), S::Chow(k(b, 4)), S::Chow(k(c, 7))],
            None,
        ),
        15 => {
            let x = r(rng, 1, 7);
            (
                vec![S::Chow(k(a, x)), S::Chow(k(b, x)), S::Chow(k(c, x))],
                None,
            )
        }
        16 => {
            let x = r(rng, 1, 7);
            (
                vec![S::Pung(k(a, x)), S::Pung(k(b, x + 1)), S::Pung(k(c, x + 2))],
                None,
            )
        }
        17 => {
            let x = r(rng, 1, 5);
            (
                vec![S::Chow(k(a, x)), S::Chow(k(b, x + 1)), S::Chow(k(c, x + 2))],
                None,
            )
        }
        18 => {
            let x = r(rng, 1, 7);
            (vec![S::Chow(k(a, x)), S::Chow(k(a, x))], None)
        }
        19 => {
            let x = r(rng, 1, 7);
            (vec![S::Chow(k(a, x)), S::Chow(k(b, x))], None)
        }
        20 => {
            let x = r(rng, 1, 4);
            (vec![S::Chow(k(a, x)), S::Chow(k(a, x + 3))], None)
        }
        21 => (vec![S::Chow(k(a, 1)), S::Chow(k(a, 7))], None),
        22 => {
            let x = r(rng, 1, 9);
            (vec![S::Pung(k(a, x)), S::Pung(k(b, x))], None)
        }
        23 => {
            // All even pungs.
            let v = (0..4)
                .map(|_| S::Pung(k(rng.below(3), 2 * r(rng, 1, 4))))
                .collect();
            (v, Some(k(rng.below(3), 2 * r(rng, 1, 4))))
        }
        24 => {
            // All fives.
            let v = (0..4)
                .map(|_| {
                    let su = rng.below(3);
                    if rng.chance(60) {
                        S::Chow(k(su, r(rng, 3, 5)))
                    } else {
                        S::Pung(k(su, 5))
                    }
                })
                .collect();
            (v, Some(k(rng.below(3), 5)))
        }
        25 => {
            // Outside hand.
            let v = (0..4)
                .map(|_| {
                    let su = rng.below(3);
                    match rng.below(3) {
                        0 => S::Chow(k(su, rng.pick(&[1, 7]))),
                        1 => S::Pung(k(su, rng.pick(&[1, 9]))),
                        _ => S::Pung(27 + rng.below(7)),
                    }
                })
                .collect();
            (v, Some(rng.pick(&[0, 8, 9, 17, 18, 26, 27, 31])))
        }
        26 => {
            // All types.
            let v = vec![
                S::Chow(k(a, r(rng, 1, 7))),
                S::Chow(k(b, r(rng, 1, 7))),
                S::Pung(27 + rng.below(4)),
            ];
            (
                v,
                Some(if rng.chance(50) {
                    31 + rng.below(3)
                } else {
                    k(c, r(rng, 1, 9))
                }),
            )
        }
        27 => {
            // All chows with a suited pair.
            let v = (0..4)
                .map(|_| S::Chow(k(rng.below(3), r(rng, 1, 7))))
                .collect();
            (v, Some(k(rng.below(3), r(rng, 1, 9))))
        }
        28 => {
            // Wind pungs (seat/prevalent).
            (
                vec![S::Pung(27 + rng.below(4)), S::Pung(27 + rng.below(4))],
                None,
            )
        }
        29 => (vec![S::Pung(31 + rng.below(3))], None),
        30 => {
            // Tile hog: a pung plus a chow through the same tile.
            let x = r(rng, 1, 7);
            let t = k(a, x + rng.below(3));
            (vec![S::Pung(t), S::Chow(k(a, x))], None)
        }
        31 => {
            // Three winds + another pung (三风刻 with 4 pungs).
            let mut w = vec![27, 28, 29, 30];
            rng.shuffle(&mut w);
            (w[..3].iter().map(|&t| S::Pung(t)).collect(), None)
        }
        32 => {
            // Dragon pungs with other pungs (双箭刻 / 大三元 with 4 pungs).
            (
                vec![S::Pung(31), S::Pung(32), S::Pung(k(a, r(rng, 1, 9)))],
                None,
            )
        }
        _ => (vec![], None),
    }
}

/// One regular hand: four sets and a pair.
fn regular_sets(rng: &mut Rng) -> ([u8; 34], Vec<S>, usize) {
    loop {
        let (req, pair) = template(rng);
        let p = pool(rng);
        let chow_pct = rng.pick(&[0, 20, 50, 80, 100]);
        let mut c = [0u8; 34];
        let mut sets = Vec::new();
        let mut ok = true;
        for &s in req.iter().take(4) {
            if !add(&mut c, s) {
                ok = false;
                break;
            }
            sets.push(s);
        }
        if !ok {
            continue;
        }
        let mut tries = 0;
        while sets.len() < 4 && tries < 50 {
            tries += 1;
            let s = if tries > 25 {
                random_set(rng, &(0..34).collect::<Vec<_>>(), chow_pct)
            } else {
                random_set(rng, &p, chow_pct)
            };
            if add(&mut c, s) {
                sets.push(s);
            }
        }
        if sets.len() < 4 {
            continue;
        }
        let pr = pair.unwrap_or_else(|| rng.pick(&p));
        if c[pr] > 2 {
            continue;
        }
        c[pr] += 2;
        rng.shuffle(&mut sets);
        return (c, sets, pr);
    }
}

fn flags_and_winds(rng: &mut Rng, h: &mut McrHand) -> Expect {
    let mut f = 0;
    if rng.chance(45) {
        f |= WIN_SELF_DRAWN;
    }
    if rng.chance(12) {
        f |= WIN_WALL_LAST;
    }
    let w = usize::from(h.win_tile);
    let melds_show: u8 = h
        .melds()
        .iter()
        .map(|m| match m.kind() {
            MeldKind::Chow => u8::from((m.tile as usize..m.tile as usize + 3).contains(&w)),
            MeldKind::Pung => u8::from(m.tile as usize == w) * 3,
            _ => u8::from(m.tile as usize == w) * 4,
        })
        .sum();
    let has_kong = h
        .melds()
        .iter()
        .any(|m| matches!(m.kind(), MeldKind::Kong | MeldKind::ConcealedKong));
    let mut expect = Expect::Score;
    if rng.chance(15) && (h.counts[w] == 1 || rng.chance(10)) {
        f |= WIN_LAST_COPY;
        if h.counts[w] != 1 {
            expect = Expect::InvalidFlags;
        }
    }
    if rng.chance(if has_kong { 35 } else { 10 }) {
        f |= WIN_KONG;
        let ok = if f & WIN_SELF_DRAWN != 0 {
            has_kong
        } else {
            melds_show == 0 && h.counts[w] == 1 && f & WIN_WALL_LAST == 0
        };
        if !ok {
            if rng.chance(80) {
                f &= !WIN_KONG;
            } else {
                expect = Expect::InvalidFlags;
            }
        }
    }
    h.flags = f;
    h.seat_wind = rng.below(4) as u8;
    h.prevalent_wind = if rng.chance(30) {
        h.seat_wind
    } else {
        rng.below(4) as u8
    };
    h.flowers = if rng.chance(80) {
        0
    } else {
        rng.below(9) as u8
    };
    expect
}

fn pick_win(rng: &mut Rng, c: &[u8; 34]) -> u8 {
    let n: usize = c.iter().map(|&x| usize::from(x)).sum();
    let mut i = rng.below(n);
    for (t, &x) in c.iter().enumerate() {
        if i < usize::from(x) {
            return t as u8;
        }
        i -= usize::from(x);
    }
    unreachable!()
}

fn regular(rng: &mut Rng) -> Case {
    let (all, sets, pr) = regular_sets(rng);
    let nm = rng.pick(&[0, 0, 0, 1, 1, 2, 2, 3, 4, 4]);
    assemble(rng, all, &sets, pr, nm, false, "regular")
}

/// Hands built to have few fans: an honour pair, one chow per suit, a simple pung, some melds,
/// won on a discard without flags (many of them are 无番和).
fn plain(rng: &mut Rng) -> Case {
    loop {
        let mut suits = [0usize, 1, 2];
        rng.shuffle(&mut suits);
        let sets = vec![
            S::Chow(k(suits[0], 1 + rng.below(7))),
            S::Chow(k(suits[1], 1 + rng.below(7))),
            S::Chow(k(suits[2], 1 + rng.below(7))),
            S::Pung(k(rng.below(3), 2 + rng.below(7))),
        ];
        let mut all = [0u8; 34];
        if !sets.iter().all(|&s| add(&mut all, s)) {
            continue;
        }
        let pr = 27 + rng.below(7);
        all[pr] += 2;
        let nm = 1 + rng.below(3);
        return assemble(rng, all, &sets, pr, nm, true, "plain");
    }
}

fn assemble(
    rng: &mut Rng,
    all: [u8; 34],
    sets: &[S],
    pr: usize,
    nm: usize,
    quiet: bool,
    family: &'static str,
) -> Case {
    let mut fifth = false;
    let mut concealed = [0u8; 34];
    concealed[pr] += 2;
    let mut h = McrHand::new([0; 34], 0);
    let kong_pct = rng.pick(&[0, 10, 40, 90]);
    for (i, &s) in sets.iter().enumerate() {
        if i < nm {
            let m = match s {
                S::Chow(t) => Meld::chow(t as u8, 1 + rng.below(3) as u8),
                S::Pung(t) => {
                    let kong_ok = all[t] == 3 || rng.chance(2);
                    if kong_ok && rng.chance(kong_pct) {
                        fifth |= all[t] > 3;
                        if rng.chance(50) {
                            Meld::concealed_kong(t as u8)
                        } else {
                            Meld::kong(t as u8, 1 + rng.below(3) as u8)
                        }
                    } else {
                        Meld::pung(t as u8, 1 + rng.below(3) as u8)
                    }
                }
            };
            h = h.with_meld(m);
        } else {
            add(&mut concealed, s);
        }
    }
    h.counts = concealed;
    h.win_tile = pick_win(rng, &concealed);
    let mut expect = flags_and_winds(rng, &mut h);
    if quiet && rng.chance(90) {
        h.flags = 0;
        expect = Expect::Score;
    }
    if fifth {
        expect = Expect::TooManyCopies;
    }
    Case {
        hand: h,
        expect,
        family,
    }
}

fn concealed_case(rng: &mut Rng, c: [u8; 34], family: &'static str) -> Case {
    let mut h = McrHand::new(c, pick_win(rng, &c));
    let expect = flags_and_winds(rng, &mut h);
    Case {
        hand: h,
        expect,
        family,
    }
}

fn seven_pairs(rng: &mut Rng) -> Case {
    let mut c = [0u8; 34];
    if rng.chance(25) {
        let s = rng.below(3);
        let st = rng.below(3) + 1;
        for n in st..st + 7 {
            c[k(s, n)] = 2;
        }
        return concealed_case(rng, c, "seven shifted pairs");
    }
    let p = pool(rng);
    let mut pairs = 0;
    while pairs < 7 {
        let t = rng.pick(&p);
        if c[t] == 4 || (c[t] == 2 && !rng.chance(30)) {
            if rng.chance(5) {
                let t = rng.below(34);
                if c[t] <= 2 {
                    c[t] += 2;
                    pairs += 1;
                }
            }
            continue;
        }
        c[t] += 2;
        pairs += 1;
    }
    concealed_case(rng, c, "seven pairs")
}

fn knitted_family(rng: &mut Rng) -> Vec<usize> {
    let mut off = [0usize, 1, 2];
    rng.shuffle(&mut off);
    (0..3)
        .flat_map(|s| (0..3).map(move |j| s * 9 + off[s] + 3 * j + 1 - 1))
        .collect()
}

fn honors_knitted(rng: &mut Rng) -> Case {
    let fam = knitted_family(rng);
    let mut cand: Vec<usize> = fam.iter().copied().chain(27..34).collect();
    let mut c = [0u8; 34];
    if rng.chance(30) {
        // 七星不靠: every honour and 7 of the 9 knitted tiles.
        let mut f = fam.clone();
        rng.shuffle(&mut f);
        for &t in f[..7].iter().chain((27..34).collect::<Vec<_>>().iter()) {
            c[t] = 1;
        }
    } else {
        rng.shuffle(&mut cand);
        for &t in &cand[..14] {
            c[t] = 1;
        }
    }
    concealed_case(rng, c, "honors and knitted")
}

fn orphans(rng: &mut Rng) -> Case {
    let o = [0usize, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let mut c = [0u8; 34];
    for &t in &o {
        c[t] = 1;
    }
    c[rng.pick(&o)] += 1;
    concealed_case(rng, c, "thirteen orphans")
}

fn nine_gates(rng: &mut Rng) -> Case {
    let s = rng.below(3);
    let mut c = [0u8; 34];
    for n in 1..=9 {
        c[k(s, n)] = if n == 1 || n == 9 { 3 } else { 1 };
    }
    let extra = k(s, 1 + rng.below(9));
    c[extra] += 1;
    let mut h = McrHand::new(
        c,
        if rng.chance(85) {
            extra as u8
        } else {
            pick_win(rng, &c)
        },
    );
    let expect = flags_and_winds(rng, &mut h);
    Case {
        hand: h,
        expect,
        family: "nine gates",
    }
}

fn knitted_straight(rng: &mut Rng) -> Case {
    loop {
        let fam = knitted_family(rng);
        let mut c = [0u8; 34];
        for &t in &fam {
            c[t] = 1;
        }
        let p = pool(rng);
        let s = random_set(rng, &p, 50);
        let pr = rng.pick(&p);
        let mut all = c;
        if !add(&mut all, s) || all[pr] > 2 {
            continue;
        }
        let mut h = McrHand::new([0; 34], 0);
        let mut concealed = c;
        concealed[pr] += 2;
        if rng.chance(35) {
            let m = match s {
                S::Chow(t) => Meld::chow(t as u8, 1 + rng.below(3) as u8),
                S::Pung(t) => match rng.below(if all[t] == 3 && c[t] == 0 && pr != t {
                    3
                } else {
                    1
                }) {
                    0 => Meld::pung(t as u8, 1 + rng.below(3) as u8),
                    1 => Meld::kong(t as u8, 1 + rng.below(3) as u8),
                    _ => Meld::concealed_kong(t as u8),
                },
            };
            h = h.with_meld(m);
        } else {
            add(&mut concealed, s);
        }
        h.counts = concealed;
        h.win_tile = pick_win(rng, &concealed);
        let expect = flags_and_winds(rng, &mut h);
        return Case {
            hand: h,
            expect,
            family: "knitted straight",
        };
    }
}

/// A regular case with one concealed tile (not the winning one) replaced: usually not winning,
/// where mjkit must answer NotWinning like the reference.
fn perturbed(rng: &mut Rng) -> Case {
    loop {
        let mut c = regular(rng);
        if c.expect != Expect::Score {
            continue;
        }
        let h = &mut c.hand;
        let mut shown = [0u8; 34];
        for m in h.melds() {
            let t = usize::from(m.tile);
            match m.kind() {
                MeldKind::Chow => (t..t + 3).for_each(|x| shown[x] += 1),
                MeldKind::Pung => shown[t] += 3,
                _ => shown[t] += 4,
            }
        }
        let w = usize::from(h.win_tile);
        let from: Vec<usize> = (0..34)
            .filter(|&k| h.counts[k] > u8::from(k == w))
            .collect();
        let t = rng.pick(&from);
        let u = rng.below(34);
        if u == t || u == w || h.counts[u] + shown[u] >= 4 {
            continue;
        }
        h.counts[t] -= 1;
        h.counts[u] += 1;
        c.family = "perturbed";
        return c;
    }
}

/// `n` seeded cases.
pub fn generate(seed: u64, n: usize) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| match rng.below(100) {
            0..=66 => regular(&mut rng),
            67..=68 => perturbed(&mut rng),
            69..=71 => plain(&mut rng),
            72..=80 => seven_pairs(&mut rng),
            81..=85 => honors_knitted(&mut rng),
            86..=88 => orphans(&mut rng),
            89..=91 => nine_gates(&mut rng),
            _ => knitted_straight(&mut rng),
        })
        .collect()
}

// ------------------------------------------------------------------------------------ oracle

/// The oracle's tile names, by mjkit kind.
pub fn tile_name(t: usize) -> String {
    match t {
        0..=8 => format!("W{}", t + 1),
        9..=17 => format!("B{}", t - 8),
        18..=26 => format!("T{}", t - 17),
        27..=30 => format!("F{}", t - 26),
        31 => "J3".into(),
        32 => "J2".into(),
        _ => "J1".into(),
    }
}

/// One JSON line for the oracle.
pub fn to_json(h: &McrHand) -> String {
    let packs: Vec<String> = h
        .melds()
        .iter()
        .map(|m| {
            let (ty, tile) = match m.kind() {
                MeldKind::Chow => ("CHI", usize::from(m.tile) + 1),
                MeldKind::Pung => ("PENG", usize::from(m.tile)),
                _ => ("GANG", usize::from(m.tile)),
            };
            format!("[\"{ty}\",\"{}\",{}]", tile_name(tile), m.claimed)
        })
        .collect();
    let mut hand = Vec::new();
    let mut c = h.counts;
    c[usize::from(h.win_tile)] -= 1;
    for (t, &n) in c.iter().enumerate() {
        for _ in 0..n {
            hand.push(format!("\"{}\"", tile_name(t)));
        }
    }
    let f = |b: u32| u8::from(h.flags & b != 0);
    format!(
        "{{\"pack\":[{}],\"hand\":[{}],\"win\":\"{}\",\"flowers\":{},\"flags\":[{},{},{},{}],\"seat\":{},\"prevalent\":{}}}",
        packs.join(","),
        hand.join(","),
        tile_name(usize::from(h.win_tile)),
        h.flowers,
        f(WIN_SELF_DRAWN),
        f(WIN_LAST_COPY),
        f(WIN_KONG),
        f(WIN_WALL_LAST),
        h.seat_wind,
        h.prevalent_wind
    )
}

/// The oracle's answer for one hand: `Ok(fan counts by id)` or `Err(message)`.
pub type OracleResult = Result<Vec<(usize, u32)>, String>;

/// Parses one output line of the oracle script: `{"fans":[[id,count],...]}` or
/// `{"error":"..."}`.
pub fn parse_line(line: &str) -> OracleResult {
    if let Some(rest) = line.strip_prefix("{\"error\":") {
        return Err(rest.trim_end_matches('}').trim_matches('"').to_string());
    }
    let inner = line
        .strip_prefix("{\"fans\":[")
        .and_then(|s| s.strip_suffix("]}"))
        .unwrap_or_else(|| panic!("unexpected oracle line {line:?}"));
    let mut out = Vec::new();
    for item in inner.split("],").filter(|s| !s.is_empty()) {
        let nums: Vec<u32> = item
            .trim_matches(|c| c == '[' || c == ']')
            .split(',')
            .map(|x| x.trim().parse().expect("number"))
            .collect();
        out.push((nums[0] as usize, nums[1]));
    }
    Ok(out)
}

/// The repository root (for the benches).
#[allow(unused_imports)]
pub use support::oracle::repo;

/// A Python interpreter that can import `MahjongGB`: `$MJ_ORACLE_PYTHON`, else the venv made by
/// `tests/oracle/setup.sh` under `target/`, creating it (pip install pymahjonggb) if needed.
pub fn oracle_python() -> Result<PathBuf, String> {
    support::oracle::python_with("import MahjongGB", "MahjongGB")
}

/// Runs the oracle script over `hands` (optionally with `--bench`), returning its stdout lines.
pub fn run_oracle(python: &Path, hands: &[McrHand], extra: &[&str]) -> Vec<String> {
    support::oracle::run_script(
        python,
        "mcr_oracle.py",
        "mcr-oracle",
        hands.iter().map(to_json),
        extra,
    )
}
