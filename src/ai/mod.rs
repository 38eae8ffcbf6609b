//! Bots that play the table engine from a [`crate::table::View`] only (never hidden tiles):
//! [`crate::ai::seed`], the thesis bot of seed 002, and [`crate::ai::greedy`], a tile-efficiency bot. Every bot
//! returns one of [`crate::table::legal_actions`] and is deterministic.

pub mod greedy;
pub mod seed;
