//! Seeded generator of Taiwanese wins for the tai engine: regular hands (mixed, all chows,
//! honours, winds, one suit), 嚦咕嚦咕, flower wins and broken hands, with random melds, flowers,
//! seats and win facts (some of them contradictory on purpose), and random rules (the two
//! presets and random values and switches). Shared by tests/tai_diff.rs and benches/tai.rs.
#![allow(dead_code)]

#[path = "../support/mod.rs"]
pub mod support;
pub use support::Rng;

use mjkit::tai::{self, MeldKind, TaiRules, WinFacts, WinHow};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Block {
    Chow(usize),
    Pung(usize),
}

/// The shape of a generated hand's sets.
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    Mixed,
    /// Chows only (平胡 candidates).
    Chows,
    /// Honour pungs only (字一色, 大四喜, 大三元 candidates).
    Honours,
    /// Wind pungs first (小四喜, 大四喜 candidates).
    Winds,
}

fn random_block(rng: &mut Rng, suit: Option<usize>, shape: Shape, i: usize) -> Block {
    match shape {
        Shape::Chows => {
            let s = suit.unwrap_or_else(|| rng.below(3));
            return Block::Chow(s * 9 + rng.below(7));
        }
        Shape::Honours => return Block::Pung(27 + rng.below(7)),
        Shape::Winds if i < 4 => return Block::Pung(27 + rng.below(4)),
        _ => {}
    }
    let honour = rng.chance(if suit.is_some() { 20 } else { 30 });
    if honour {
        return Block::Pung(27 + rng.below(7));
    }
    let s = suit.unwrap_or_else(|| rng.below(3));
    if rng.chance(50) {
        Block::Pung(s * 9 + rng.below(9))
    } else {
        Block::Chow(s * 9 + rng.below(7))
    }
}

/// One random win (valid facts apart from the contradictory flags drawn on purpose).
pub fn random_facts(rng: &mut Rng) -> WinFacts {
    loop {
        let mut f = WinFacts::new([0; 34], 0);
        f.winner = rng.below(4) as u8;
        f.dealer = if rng.chance(40) {
            f.winner
        } else {
            rng.below(4) as u8
        };
        f.prevalent_wind = rng.below(4) as u8;
        f.consecutive_deals = rng.pick(&[0, 0, 1, 2, 5, 255]);
        let family = rng.below(100);
        let suit = if rng.chance(25) {
            Some(rng.below(3))
        } else {
            None
        };
        let mut flower_win = false;
        if family < 10 {
            // 嚦咕嚦咕: seven pairs and a pung of eight distinct kinds.
            let mut kinds: Vec<usize> = (0..34).collect();
            rng.shuffle(&mut kinds);
            for (i, &k) in kinds[..8].iter().enumerate() {
                f.counts[k] = if i == 0 { 3 } else { 2 };
            }
        } else {
            let shape = match rng.below(100) {
                0..=14 => Shape::Chows,
                15..=19 => Shape::Honours,
                20..=24 => Shape::Winds,
                _ => Shape::Mixed,
            };
            let pair = match (shape, suit) {
                (Shape::Honours | Shape::Winds, _) if rng.chance(70) => 27 + rng.below(7),
                (Shape::Chows, _) if rng.chance(80) => rng.below(27),
                (_, Some(s)) if rng.chance(80) => s * 9 + rng.below(9),
                _ => rng.below(34),
            };
            f.counts[pair] += 2;
            let meld_chance = rng.pick(&[0, 10, 30, 60, 100]);
            for i in 0..5 {
                let b = random_block(rng, suit, shape, i);
                if rng.chance(meld_chance) {
                    // `claimed`: a chow's taken tile (1..3), a claim's seat relative to the
                    // winner (1..3), 0 for a concealed kong.
                    let (kind, tile, claimed) = match b {
                        Block::Chow(k) => (MeldKind::Chow, k, 1 + rng.below(3) as u8),
                        Block::Pung(k) => {
                            let kind = rng.pick(&[
                                MeldKind::Pung,
                                MeldKind::Pung,
                                MeldKind::Kong,
                                MeldKind::AddedKong,
                                MeldKind::ConcealedKong,
                            ]);
                            let claimed = if kind == MeldKind::ConcealedKong {
                                0
                            } else {
                                1 + rng.below(3) as u8
                            };
                            (kind, k, claimed)
                        }
                    };
                    f = f.with_meld(kind, tile as u8, claimed);
                } else {
                    match b {
                        Block::Pung(k) => f.counts[k] += 3,
                        Block::Chow(k) => (k..k + 3).for_each(|x| f.counts[x] += 1),
                    }
                }
            }
            if family < 13 {
                flower_win = true;
            } else if family < 16 {
                // Break the hand: swap one tile for another kind.
                let from: Vec<usize> = (0..34).filter(|&k| f.counts[k] > 0).collect();
                let a = rng.pick(&from);
                f.counts[a] -= 1;
                f.counts[rng.below(34)] += 1;
            }
        }
        // All tiles, kongs counting four.
        let mut all = f.counts;
        for m in f.melds() {
            match m.kind() {
                MeldKind::Chow => (m.tile..m.tile + 3).for_each(|x| all[x as usize] += 1),
                MeldKind::Pung => all[m.tile as usize] += 3,
                _ => all[m.tile as usize] += 4,
            }
        }
        if all.iter().any(|&c| c > 4) {
            continue;
        }
        let held: Vec<usize> = (0..34).filter(|&k| f.counts[k] > 0).collect();
        f.win_tile = rng.pick(&held) as u8;
        let others: Vec<u8> = (0..4).filter(|&s| s != f.winner).collect();
        f.from = if rng.chance(2) {
            f.winner
        } else {
            rng.pick(&others)
        };
        f.how = match rng.below(100) {
            0..=44 => WinHow::SelfDrawn,
            45..=89 => WinHow::Discard,
            _ => WinHow::RobbingKong,
        } as u8;
        // Flowers: none, some, or all eight.
        let mut numbers: Vec<u8> = (1..=8).collect();
        rng.shuffle(&mut numbers);
        let n = if flower_win || rng.chance(5) {
            8
        } else {
            rng.pick(&[0, 0, 0, 0, 1, 2, 3, 4, 5, 6])
        };
        for &x in &numbers[..n] {
            f = f.with_flower(x);
        }
        if flower_win {
            f.how = if rng.chance(50) {
                WinHow::EightFlowers
            } else {
                WinHow::SevenRobOne
            } as u8;
            if f.how == WinHow::SevenRobOne as u8 && rng.chance(50) {
                // The seven without the eighth (the one taken).
                f.flower_count = 7;
            }
            if rng.chance(50) {
                // Before the draw: one tile fewer.
                let held: Vec<usize> = (0..34).filter(|&k| f.counts[k] > 0).collect();
                f.counts[rng.pick(&held)] -= 1;
            }
        }
        for (flag, percent) in [
            (tai::FLAG_REPLACEMENT, 12),
            (tai::FLAG_AFTER_EXPOSED_KONG, 4),
            (tai::FLAG_LAST_TILE, 8),
            (tai::FLAG_FIRST_TURN, 4),
            (tai::FLAG_FIRST_GO_AROUND, 5),
            (tai::FLAG_READY_FROM_FIRST_DISCARD, 6),
            (tai::FLAG_READY_FROM_DEAL, 5),
        ] {
            if rng.chance(percent) {
                f.flags |= flag;
            }
        }
        if rng.chance(1) {
            f.flags |= 1 << (7 + rng.below(25));
        }
        if rng.chance(15) {
            // The wall opened elsewhere: the seat wind stated (now and then out of range).
            f.seat_wind = rng.pick(&[0, 1, 2, 3, 3, 4]);
        }
        if rng.chance(1) {
            f.how = rng.pick(&[5, 9, 255]);
        }
        return f;
    }
}

/// Random rules: a preset, or the ATAWMJ preset with random values and switches.
pub fn random_rules(rng: &mut Rng) -> TaiRules {
    let mut r = match rng.below(5) {
        0 | 1 => TaiRules::atawmj(),
        2 | 3 => TaiRules::common(),
        _ => {
            let mut r = TaiRules::atawmj();
            for v in r.values.iter_mut().skip(1) {
                if rng.chance(30) {
                    *v = rng.below(10) as u16;
                }
            }
            r.set_switches(std::array::from_fn(|_| rng.chance(50)));
            if rng.chance(3) {
                // A value that overflows 16 bits with its count.
                r.values[2] = 40_000;
            }
            r
        }
    };
    r.base = rng.pick(&[0, 30, 100]);
    r.price = rng.pick(&[1, 10, 20]);
    r.min_tai = rng.pick(&[0, 0, 0, 1, 3, 8]);
    r
}
