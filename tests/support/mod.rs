//! Seeded hand generators shared by the integration tests and the benches
//! (`#[path = "../tests/support/mod.rs"] mod support;` in a bench), bench timing helpers, and
//! the bridge to the Python oracles ([`oracle`]).
#![allow(dead_code)] // each test or bench uses a subset

pub mod oracle;

use mjkit::{Counts, TILE_KINDS};

/// splitmix64: small, fast, and good enough to spread test hands.
pub struct Rng(pub u64);

impl Rng {
    /// A generator starting from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n small: the modulo bias is negligible for tests).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// One of `xs`, uniformly.
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }

    /// Fisher-Yates shuffle of `xs`.
    pub fn shuffle<T>(&mut self, xs: &mut [T]) {
        for i in (1..xs.len()).rev() {
            let j = self.below(i + 1);
            xs.swap(i, j);
        }
    }

    /// `n` tiles drawn (a partial shuffle) from a full set of the given kinds, 4 copies each.
    pub fn draw_from(&mut self, kinds: &[usize], n: usize) -> Counts {
        let mut wall: Vec<usize> = kinds.iter().flat_map(|&k| [k; 4]).collect();
        let mut c = [0u8; TILE_KINDS];
        for i in 0..n {
            let j = i + self.below(wall.len() - i);
            wall.swap(i, j);
            c[wall[i]] += 1;
        }
        c
    }
}

/// `size` tiles drawn from a full wall (136 tiles).
pub fn wall_hand(rng: &mut Rng, size: usize) -> Counts {
    let mut c = [0u8; TILE_KINDS];
    let mut placed = 0;
    while placed < size {
        let k = rng.below(TILE_KINDS);
        if c[k] < 4 {
            c[k] += 1;
            placed += 1;
        }
    }
    c
}

/// A hand of `size` tiles built from random melds and a pair for the next 3n+2 size up, trimmed
/// to `size`, then with one tile swapped for a random kind half of the time: complete, tenpai or
/// close to it.
pub fn near_hand(rng: &mut Rng, size: usize) -> Counts {
    loop {
        let full = size + (2 - size % 3 + 3) % 3;
        let mut c = [0u8; TILE_KINDS];
        c[rng.below(TILE_KINDS)] += 2;
        for _ in 0..(full - 2) / 3 {
            if rng.below(2) == 0 {
                c[rng.below(TILE_KINDS)] += 3;
            } else {
                let k = rng.below(3) * 9 + rng.below(7);
                for d in 0..3 {
                    c[k + d] += 1;
                }
            }
        }
        if c.iter().any(|&n| n > 4) {
            continue;
        }
        let mut extra = full - size;
        while extra > 0 {
            let k = rng.below(TILE_KINDS);
            if c[k] > 0 {
                c[k] -= 1;
                extra -= 1;
            }
        }
        if size > 0 && rng.below(2) == 0 {
            let from = loop {
                let k = rng.below(TILE_KINDS);
                if c[k] > 0 {
                    break k;
                }
            };
            let to = rng.below(TILE_KINDS);
            if c[to] < 4 {
                c[from] -= 1;
                c[to] += 1;
            }
        }
        return c;
    }
}

/// `size` tiles crowded into at most four kinds where possible (many four-of-a-kinds); falls
/// back to wall draws when four kinds cannot hold `size` tiles.
pub fn crowded_hand(rng: &mut Rng, size: usize) -> Counts {
    let kinds: [usize; 4] = std::array::from_fn(|_| rng.below(TILE_KINDS));
    let mut c = [0u8; TILE_KINDS];
    let mut placed = 0;
    for _ in 0..200 {
        if placed == size {
            return c;
        }
        let k = kinds[rng.below(4)];
        if c[k] < 4 {
            c[k] += 1;
            placed += 1;
        }
    }
    wall_hand(rng, size)
}

/// A mix for differential tests: wall draws, near-complete hands (half of the calls) and
/// crowded hands.
pub fn mixed_hand(rng: &mut Rng, size: usize) -> Counts {
    match rng.below(4) {
        0 => wall_hand(rng, size),
        3 => crowded_hand(rng, size),
        _ => near_hand(rng, size),
    }
}

/// Wall-clock ns per item of one pass of `f` over `items` (benches; inputs and results go
/// through `black_box`).
pub fn ns_per_item<T, R>(items: &[T], mut f: impl FnMut(&T) -> R) -> f64 {
    let start = std::time::Instant::now();
    for x in items {
        std::hint::black_box(f(std::hint::black_box(x)));
    }
    start.elapsed().as_nanos() as f64 / items.len() as f64
}

/// Best of `reps` passes of `f` (one pass over `items` items), in µs per item (benches).
pub fn best_us_per_item(reps: usize, items: usize, mut f: impl FnMut() -> u64) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..reps {
        let t = std::time::Instant::now();
        std::hint::black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    best / items as f64 * 1e6
}

/// Median of timing samples.
pub fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// Number of random hands for differential tests: `MJ_DIFF_N`, else `default`.
pub fn diff_n(default: usize) -> usize {
    std::env::var("MJ_DIFF_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}
