//! The table engine: one engine for every variant (Taiwanese 16-tile and 13-tile, riichi), each
//! a part of its own under `variant/`; deterministic for a seed, usable as a referee (illegal
//! actions are refused and change nothing).

mod access;
pub(crate) mod check;
pub mod client;
pub(crate) mod engine;
pub mod event;
mod finish;
pub(crate) mod legal;
pub mod matches;
pub mod names;
mod play;
pub mod record;
pub mod replay;
pub mod rng;
pub mod snapshot;
mod timeout;
pub mod types;
pub(crate) mod variant;

pub use client::Client;
pub use engine::{MAX_DEAD_WALL, Table};
pub use event::{Event, EventKind, Reader, Reason, Secret, Visibility};
pub use legal::legal_actions;
pub use matches::{
    DealerRule, MatchEnd, MatchPart, MatchResult, MatchRules, MatchState, RiichiMatch,
};
pub use variant::riichi::view::{
    FURITEN_DISCARDS, FURITEN_RIICHI, FURITEN_TEMPORARY, MAX_INDICATORS, RIICHI_ACCEPTED,
    RIICHI_DECLARED, RIICHI_DISCARDED, RIICHI_NONE,
};
pub use variant::taiwan::{HandFacts, WinFacts, points, score_hand, tai_meld};

pub use types::*;

#[cfg(test)]
mod fair_tests;
#[cfg(test)]
mod riichi_draw_tests;
#[cfg(test)]
mod riichi_rule_tests;
#[cfg(test)]
mod riichi_tests;
#[cfg(test)]
mod tai_rules_tests;
#[cfg(test)]
mod tai_tests;
#[cfg(test)]
mod tests;
