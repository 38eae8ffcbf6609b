//! The table's own PRNG, so a (seed, hand index) pair deals the same wall on every platform.
//!
//! The wall of hand `i` of a table created with `seed` is shuffled by xoshiro256** (Blackman and
//! Vigna) whose four state words are the first four outputs of SplitMix64 started at
//! `mix(seed) ^ i`, where `mix` is SplitMix64's output function. The shuffle is Fisher-Yates from
//! the last slot down, drawing each index below `n` by Lemire's multiply-shift with rejection
//! (unbiased). Only 64-bit integer arithmetic is used.

/// SplitMix64's output function (a bijection on u64).
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// xoshiro256**, seeded through SplitMix64.
#[derive(Debug, Clone)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// The generator for hand `hand_index` of a table created with `seed`.
    pub fn for_hand(seed: u64, hand_index: u64) -> Rng {
        Rng::from_u64(mix(seed) ^ hand_index)
    }

    /// A generator whose state is four SplitMix64 outputs from `x`.
    pub fn from_u64(mut x: u64) -> Rng {
        let mut s = [0u64; 4];
        for w in &mut s {
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            *w = mix(x);
        }
        Rng { s }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (`n > 0`), unbiased.
    pub fn below(&mut self, n: u64) -> u64 {
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u128::from(self.next_u64()) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }

    /// Shuffles `items` in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xoshiro_matches_the_reference_sequence() {
        // Reference: xoshiro256** with state {1, 2, 3, 4} (from the authors' C code).
        let mut r = Rng { s: [1, 2, 3, 4] };
        let want = [11520u64, 0, 1509978240, 1215971899390074240];
        for w in want {
            assert_eq!(r.next_u64(), w);
        }
    }

    #[test]
    fn splitmix_matches_the_reference() {
        // SplitMix64 from state 0: first output 0xe220a8397b1dcdaf.
        assert_eq!(mix(0x9e37_79b9_7f4a_7c15), 0xe220_a839_7b1d_cdaf);
    }

    #[test]
    fn below_is_uniform_enough_and_in_range() {
        let mut r = Rng::for_hand(7, 0);
        let mut hist = [0u32; 6];
        for _ in 0..60_000 {
            hist[r.below(6) as usize] += 1;
        }
        for h in hist {
            assert!((9_400..10_600).contains(&h), "{hist:?}");
        }
    }

    #[test]
    fn a_seed_and_hand_index_give_a_fixed_shuffle() {
        let mut a: Vec<u8> = (0..144).collect();
        let mut b = a.clone();
        Rng::for_hand(42, 3).shuffle(&mut a);
        Rng::for_hand(42, 3).shuffle(&mut b);
        assert_eq!(a, b);
        let mut c: Vec<u8> = (0..144).collect();
        Rng::for_hand(42, 4).shuffle(&mut c);
        assert_ne!(a, c);
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (0..144).collect::<Vec<u8>>());
    }
}
