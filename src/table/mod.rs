//! A 4-player table engine: Taiwanese 16-tile mahjong (and a 13-tile mode), deterministic for a
//! seed, usable as a referee (illegal actions are refused and change nothing).

mod check;
mod engine;
mod legal;
pub mod rng;
mod score;
pub mod types;

pub use engine::{MAX_DEAD_WALL, Table};
pub use legal::legal_actions;
pub use score::points;

pub use types::*;

#[cfg(test)]
mod tests;
