//! Bots that play the table engine from a [`crate::table::View`] only (never hidden tiles):
//! [`seed`], the thesis bot of seed 002, and [`greedy`], a tile-efficiency bot. Every bot
//! returns one of [`crate::table::legal_actions`] and is deterministic.

pub mod greedy;
pub mod seed;
