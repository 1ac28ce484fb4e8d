//! The run's one random number generator, and a separate one for anything
//! cosmetic. PCG (rand_pcg) is used because its output is fixed by its
//! algorithm, not by a crate version, so a seed replays the same run forever.

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The run's RNG: every roll that changes the game goes through it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RunRng {
    inner: Pcg64Mcg,
}

impl RunRng {
    /// A generator seeded from the run's seed.
    pub fn from_seed(seed: u64) -> Self {
        RunRng { inner: Pcg64Mcg::seed_from_u64(seed) }
    }

    /// A whole number in `min..=max` (returns `min` when `max < min`).
    pub fn range(&mut self, min: i32, max: i32) -> i32 {
        if max <= min {
            return min;
        }
        let span = (max as i64 - min as i64 + 1) as u64;
        // Rejection sampling keeps every value equally likely.
        let zone = u64::MAX - (u64::MAX % span);
        loop {
            let v = self.inner.next_u64();
            if v < zone {
                return (min as i64 + (v % span) as i64) as i32;
            }
        }
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            0
        } else {
            self.range(0, n as i32 - 1) as u32
        }
    }

    /// True with the given chance in percent.
    pub fn percent(&mut self, chance: i32) -> bool {
        self.range(1, 100) <= chance
    }

    /// The raw state, for saves and for the golden test.
    pub fn next_raw(&mut self) -> u64 {
        self.inner.next_u64()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Pinned draws: if a dependency update changed the generator, every saved
    // seed and recorded run would silently play differently.
    #[test]
    fn first_draws_are_pinned() {
        let mut rng = RunRng::from_seed(42);
        let draws: Vec<i32> = (0..8).map(|_| rng.range(1, 100)).collect();
        assert_eq!(draws, GOLDEN_42);
    }

    const GOLDEN_42: [i32; 8] = [60, 72, 83, 16, 58, 74, 12, 93];

    #[test]
    fn range_stays_inside_bounds() {
        let mut rng = RunRng::from_seed(7);
        for _ in 0..10_000 {
            let v = rng.range(-3, 5);
            assert!((-3..=5).contains(&v));
        }
        assert_eq!(rng.range(4, 4), 4);
        assert_eq!(rng.range(9, 2), 9);
    }
}
