//! A 4-player table engine: Taiwanese 16-tile mahjong (and a 13-tile mode), deterministic for a
//! seed, usable as a referee (illegal actions are refused and change nothing).

mod legal;
pub mod types;

pub use legal::legal_actions;

pub use types::*;
