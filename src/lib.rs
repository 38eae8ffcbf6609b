//! # mjkit
//!
//! Fast, exact mahjong algorithms for game engines, as a safe Rust library and a C ABI
//! (`include/mjkit.h`).
//!
//! Hands are count arrays of [`tile::TILE_KINDS`] (34) slots:
//!
//! | index  | tiles                                   | notation  |
//! |--------|-----------------------------------------|-----------|
//! | 0-8    | 1-9 characters (man)                    | `1m`-`9m` |
//! | 9-17   | 1-9 dots (pin)                          | `1p`-`9p` |
//! | 18-26  | 1-9 bamboo (sou)                        | `1s`-`9s` |
//! | 27-30  | East, South, West, North                | `1z`-`4z` |
//! | 31-33  | White, Green, Red dragon                | `5z`-`7z` |
//!
//! The safe core lives in [`tile`], [`hand`], [`forms`] and [`win`]; [`ffi`] is the only module
//! with `unsafe` code and holds the `mj_*` C functions. Tables are immutable once built, so every
//! function is thread-safe and reentrant; [`init`] builds them up front.

#![deny(unsafe_code)]
#![warn(missing_docs)]

/// cbindgen:ignore
pub mod ai;
/// Parsed by cbindgen: `Discard` is the C ABI's `MjDiscard`.
pub mod efficiency;
/// cbindgen:ignore
pub mod error;
/// cbindgen:ignore
pub mod forms;
/// cbindgen:ignore
pub mod hand;
/// cbindgen:ignore
mod json;
/// Parsed by cbindgen: `McrHand`, its array length and the win flags are the C ABI's
/// (renamed in cbindgen.toml); everything else in it is `cbindgen:ignore`.
pub mod mcr;
/// Parsed by cbindgen: `Meld` is the C ABI's `MjMcrMeld`.
pub mod meld;
/// cbindgen:ignore
pub mod mjai;
/// Parsed by cbindgen: `RiichiHand`, `Meld`, their array lengths and the condition bits are
/// the C ABI's (renamed in cbindgen.toml); everything else in it is `cbindgen:ignore`.
pub mod riichi;
/// cbindgen:ignore
pub mod shanten;
/// cbindgen:ignore
pub mod table;
/// Parsed by cbindgen: `WinFacts`, `TaiRules`, `TaiScore`, their array lengths, the `how`
/// codes and the flag bits are the C ABI's `MjTaiHand`, `MjTaiRules`, `MjTaiResult`, ...
/// (renamed in cbindgen.toml); everything else in it is `cbindgen:ignore`.
pub mod tai;
/// cbindgen:ignore
pub mod tile;
/// cbindgen:ignore
pub mod win;

pub mod ffi;

#[cfg(test)]
mod test_util;

/// The Rust blocks of the README and of the manual (docs/), compiled and run by
/// `cargo test --doc`; `scripts/docs-check.sh` fails when a page with a Rust block is missing here.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
mod readme_doctests {}
#[cfg(doctest)]
#[doc = include_str!("../docs/tiles.md")]
mod docs_tiles {}
#[cfg(doctest)]
#[doc = include_str!("../docs/hand-analysis.md")]
mod docs_hand_analysis {}
#[cfg(doctest)]
#[doc = include_str!("../docs/mcr.md")]
mod docs_mcr {}
#[cfg(doctest)]
#[doc = include_str!("../docs/riichi.md")]
mod docs_riichi {}
#[cfg(doctest)]
#[doc = include_str!("../docs/riichi-ev.md")]
mod docs_riichi_ev {}
#[cfg(doctest)]
#[doc = include_str!("../docs/table.md")]
mod docs_table {}
#[cfg(doctest)]
#[doc = include_str!("../docs/selfplay.md")]
mod docs_selfplay {}
#[cfg(doctest)]
#[doc = include_str!("../docs/c-api.md")]
mod docs_c_api {}
#[cfg(doctest)]
#[doc = include_str!("../docs/csharp-unity.md")]
mod docs_csharp_unity {}
#[cfg(doctest)]
#[doc = include_str!("../docs/godot.md")]
mod docs_godot {}
#[cfg(doctest)]
#[doc = include_str!("../docs/performance.md")]
mod docs_performance {}
#[cfg(doctest)]
#[doc = include_str!("../docs/mjai.md")]
mod docs_mjai {}

/// The Rust snippets of `docs/tai.md`, compiled and run by `cargo test --doc`.
#[cfg(doctest)]
#[doc = include_str!("../docs/tai.md")]
mod tai_doctests {}

/// The Rust snippets of `docs/backend.md`, compiled and run by `cargo test --doc`.
#[cfg(doctest)]
#[doc = include_str!("../docs/backend.md")]
mod backend_doctests {}

pub use error::Error;
pub use forms::Forms;
pub use hand::{AsCounts, Hand};
pub use tile::{Counts, TILE_KINDS};

/// Builds every lookup table now instead of on first use. Idempotent and thread-safe.
pub fn init() {
    win::regular::init();
    shanten::init();
    ai::thesis::init();
}

/// The crate version, e.g. `"0.2.0"`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
