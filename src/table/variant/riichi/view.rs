//! The riichi block of a seat's view ([`RiichiView`], in C `MjRiichiView` inside `MjView`):
//! everything the riichi rules let that seat know besides the common view, and everything riichi
//! legality reads, so `legal_actions(view)` equals the referee's.

use crate::table::types::{NO_TILE, SEATS};

/// Most dora indicators (the first and four kan dora).
pub const MAX_INDICATORS: usize = 5;

/// A seat's riichi state in [`RiichiView::riichi`]: not in riichi.
pub const RIICHI_NONE: u8 = 0;
/// Riichi declared; the declaring discard is the seat's next action.
pub const RIICHI_DECLARED: u8 = 1;
/// The declaring discard was made; the stick is placed when it passes.
pub const RIICHI_DISCARDED: u8 = 2;
/// In riichi: the stick is on the table.
pub const RIICHI_ACCEPTED: u8 = 3;

/// Furiten bit of [`RiichiView::furiten`]: a wait of the hand is among the seat's own discards.
pub const FURITEN_DISCARDS: u8 = 1;
/// Furiten bit: the seat let a winning tile pass since its last discard (temporary furiten).
pub const FURITEN_TEMPORARY: u8 = 2;
/// Furiten bit: the seat let a winning tile pass in riichi (for the rest of the hand).
pub const FURITEN_RIICHI: u8 = 4;

/// What the riichi rules let a seat know (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RiichiView {
    /// Riichi state of every seat: [`RIICHI_NONE`], [`RIICHI_DECLARED`], [`RIICHI_DISCARDED`],
    /// [`RIICHI_ACCEPTED`].
    pub riichi: [u8; SEATS],
    /// Position in the view's discard list of every seat's riichi discard (the tile turned
    /// sideways), or 255.
    pub riichi_discard: [u8; SEATS],
    /// Bit s: seat s declared riichi in its first turn (double riichi).
    pub double_riichi: u8,
    /// Bit s: seat s is in riichi and may still win with ippatsu (no call since its riichi, and
    /// it has not discarded again).
    pub ippatsu: u8,
    /// The dora indicators revealed, in order (codes); the first `indicator_count` are used.
    pub indicators: [u8; MAX_INDICATORS],
    /// Dora indicators revealed (1..5 during a hand).
    pub indicator_count: u8,
    /// This seat's furiten: [`FURITEN_DISCARDS`], [`FURITEN_TEMPORARY`], [`FURITEN_RIICHI`] bits.
    pub furiten: u8,
    /// Tile kinds this seat may not discard now (kuikae, after a chi or pon), bit k = kind k.
    pub kuikae: u64,
    /// 1 when the tile this seat just drew came from the dead wall (a replacement draw after a
    /// kong: a win on it is rinshan kaihou), else 0.
    pub replacement: u8,
    /// Honba (repeat counters) of this hand.
    pub honba: u32,
    /// Riichi sticks on the table (placed this hand or carried over).
    pub sticks: u32,
}

impl RiichiView {
    /// The block of a view at a table of another variant.
    pub const EMPTY: RiichiView = RiichiView {
        riichi: [RIICHI_NONE; SEATS],
        riichi_discard: [u8::MAX; SEATS],
        double_riichi: 0,
        ippatsu: 0,
        indicators: [NO_TILE; MAX_INDICATORS],
        indicator_count: 0,
        furiten: 0,
        kuikae: 0,
        replacement: 0,
        honba: 0,
        sticks: 0,
    };

    /// The dora indicators revealed.
    pub fn indicator_list(&self) -> &[u8] {
        &self.indicators[..usize::from(self.indicator_count).min(MAX_INDICATORS)]
    }
}

impl Default for RiichiView {
    fn default() -> RiichiView {
        RiichiView::EMPTY
    }
}
