//! A 4-player table engine: Taiwanese 16-tile mahjong (and a 13-tile mode), deterministic for a
//! seed, usable as a referee (illegal actions are refused and change nothing).

mod access;
mod check;
pub mod client;
mod engine;
pub mod event;
mod finish;
mod flowers;
mod legal;
pub mod matches;
pub mod names;
mod play;
pub mod record;
pub mod replay;
pub mod rng;
mod score;
pub mod snapshot;
mod timeout;
pub mod types;

pub use client::Client;
pub use engine::{MAX_DEAD_WALL, Table};
pub use event::{Event, EventKind, Reader, Reason, Secret, Visibility};
pub use legal::legal_actions;
pub use matches::{DealerRule, MatchEnd, MatchResult, MatchRules, MatchState};
pub use score::{HandFacts, WinFacts, points, score_hand, tai_meld};

pub use types::*;

#[cfg(test)]
mod fair_tests;
#[cfg(test)]
mod tai_rules_tests;
#[cfg(test)]
mod tai_tests;
#[cfg(test)]
mod tests;
