//! Discard analysis of a riichi hand: for each discard (with and without riichi), the
//! probability of becoming ready and of winning within the draws left, and the expected score,
//! computed exactly over the tiles the seat cannot see.
//!
//! The model (docs/riichi-ev.md has it in full):
//! - One player draws and discards; the opponents neither win, call nor change the wall. Wins
//!   are self-draws (tsumo) scored by [`crate::riichi::score`] with the hand's winds, dora
//!   indicators, red fives, honba and sticks; ura dora are taken in expectation over the unseen
//!   tiles (as many ura indicators as dora indicators) when the hand has riichi.
//! - Each draw is a uniformly random tile among the pool: the tiles the seat cannot see at the
//!   start (4 of each kind, red fives apart, less the hand, its melds and `visible`), and every
//!   tile the simulated player discards goes back into it (the pool is a function of the hand,
//!   so the analysis is a Markov chain over hands). `EV_MODEL_MAHJONG_CPP` instead divides by
//!   the pool at the start less the turn, as mahjong-cpp does.
//! - The player's choices (which discard, riichi or not, whether to take a win) are the best for
//!   each figure separately (the best chance to be ready, the best chance to win, the best
//!   expected score), over the moves that the search budget `extra` allows (mahjong-cpp's
//!   definition): while `distance from the hand given + shanten < shanten given + extra`, any
//!   tile may be drawn into the hand and any tile discarded; after that only draws that lower
//!   the shanten number and discards that keep it. A draw the search does not follow is
//!   discarded again at once.

/// cbindgen:ignore
mod graph;
/// cbindgen:ignore
mod win;

#[cfg(test)]
mod brute;
#[cfg(test)]
mod tests;

use super::{MAX_INDICATORS, MAX_MELDS, MeldKind, RiichiMeld, Rules};
use crate::error::Error;
use crate::tile::TILE_KINDS;

/// Most draws an analysis looks ahead (`MjRiichiEvOptions::draws`): a four-player hand has at
/// most 18 draws.
pub const EV_MAX_DRAWS: u8 = 18;
/// Entries of `MjRiichiEvResult::entries`: 14 tiles, each with and without riichi.
pub const EV_MAX_ENTRIES: usize = 28;
/// `MjRiichiEvEntry::tile` of the one entry of a 13-tile hand (no discard).
pub const EV_NO_TILE: u8 = 34;
/// Most `MjRiichiEvOptions::extra`.
pub const EV_MAX_EXTRA: u8 = 8;
/// Model: mjkit's (see the module documentation and docs/riichi-ev.md): true probabilities,
/// riichi or not at every ready discard of a closed hand.
pub const EV_MODEL_MJKIT: u8 = 0;
/// Model: mahjong-cpp's `ExpectedScoreCalculator` definitions, reproduced to compare with it:
/// the probability of a draw at turn `t` is `count / (pool - t)` (turn `t` = 18 - draws left),
/// riichi is declared at once with every discard that keeps a closed hand ready, and a move
/// found from either end of an edge of its search graph is allowed both ways.
pub const EV_MODEL_MAHJONG_CPP: u8 = 1;
/// Option flag: tegawari, draws that keep the shanten number, may be taken into the hand while
/// the budget allows.
pub const EV_TEGAWARI: u32 = 1;
/// Option flag: discards that raise the shanten number may be made while the budget allows.
pub const EV_SHANTEN_DOWN: u32 = 2;
/// Option flag: ura dora in expectation on riichi wins.
pub const EV_URA: u32 = 4;
/// Every option flag.
///
/// cbindgen:ignore
pub const EV_FLAGS_ALL: u32 = 7;
/// `MjRiichiEvOptions::max_nodes` of the default options.
pub const EV_DEFAULT_MAX_NODES: u32 = 200_000;

/// A riichi hand to analyse and what its seat can see (in C `MjRiichiEvHand`, from
/// `mj_riichi_ev_hand_default()`). 108 bytes, fixed-width fields only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct EvHand {
    /// Concealed tiles by kind (`MJ_TILE_KINDS` counts): `13 - 3 * meld_count` (waiting for a
    /// draw) or `14 - 3 * meld_count` (choosing a discard).
    pub counts: [u8; TILE_KINDS],
    /// Tiles the seat sees outside its concealed tiles and its own melds, by kind: every
    /// discard (its own too), the other players' melds, and the dora indicators (each
    /// indicator must be counted here).
    pub visible: [u8; TILE_KINDS],
    /// Declared melds (`MjRiichiMeld`, as for `mj_riichi_score`); the first `meld_count` are
    /// read.
    pub melds: [RiichiMeld; MAX_MELDS],
    /// Number of declared melds, 0..4.
    pub meld_count: u8,
    /// Red fives per suit (man, pin, sou) among `counts` (they can be discarded).
    pub red_fives: [u8; 3],
    /// Red fives per suit in the declared melds.
    pub meld_red_fives: [u8; 3],
    /// Red fives per suit among `visible`.
    pub visible_red: [u8; 3],
    /// Seat wind 0..3 (East = dealer).
    pub seat_wind: u8,
    /// Round wind 0..3.
    pub round_wind: u8,
    /// Dora indicator kinds; the first `dora_count` are read. Ura dora are drawn as many.
    pub dora: [u8; MAX_INDICATORS],
    /// Number of dora indicators, 0..5.
    pub dora_count: u8,
    /// 1: the seat has declared riichi (a closed ready hand of 13 tiles); 0 otherwise.
    pub riichi: u8,
    /// Honba counters (0..100), added to every win's payment.
    pub honba: u32,
    /// Riichi sticks on the table (0..100), added to every win's payment.
    pub riichi_sticks: u32,
}

impl EvHand {
    /// An empty hand: no tiles, nothing visible, no melds, South seat, East round, no dora.
    pub const fn new() -> EvHand {
        EvHand {
            counts: [0; TILE_KINDS],
            visible: [0; TILE_KINDS],
            melds: [RiichiMeld {
                kind: 0,
                tile: 0,
                claimed: 0,
            }; MAX_MELDS],
            meld_count: 0,
            red_fives: [0; 3],
            meld_red_fives: [0; 3],
            visible_red: [0; 3],
            seat_wind: 1,
            round_wind: 0,
            dora: [0; MAX_INDICATORS],
            dora_count: 0,
            riichi: 0,
            honba: 0,
            riichi_sticks: 0,
        }
    }

    /// Adds a declared meld (a fifth is counted, not stored: refused by [`analyze`]).
    pub fn with_meld(mut self, meld: RiichiMeld) -> EvHand {
        if usize::from(self.meld_count) < MAX_MELDS {
            self.melds[usize::from(self.meld_count)] = meld;
        }
        self.meld_count = self.meld_count.saturating_add(1);
        self
    }

    /// Adds a dora indicator and counts it in `visible` (a sixth is counted, not stored).
    pub fn with_dora(mut self, kind: u8) -> EvHand {
        if usize::from(self.dora_count) < MAX_INDICATORS {
            self.dora[usize::from(self.dora_count)] = kind;
        }
        self.dora_count = self.dora_count.saturating_add(1);
        if let Some(v) = self.visible.get_mut(usize::from(kind)) {
            *v = v.saturating_add(1);
        }
        self
    }

    /// The declared melds.
    pub fn melds(&self) -> &[RiichiMeld] {
        &self.melds[..usize::from(self.meld_count).min(MAX_MELDS)]
    }
}

impl Default for EvHand {
    fn default() -> EvHand {
        EvHand::new()
    }
}

/// How an analysis searches (in C `MjRiichiEvOptions`, from `mj_riichi_ev_options_default()`).
/// 12 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct EvOptions {
    /// `MJ_RIICHI_EV_TEGAWARI | MJ_RIICHI_EV_SHANTEN_DOWN | MJ_RIICHI_EV_URA` bits.
    pub flags: u32,
    /// Most search states (hands) built; when the budget `extra` would need more, the analysis
    /// lowers `extra` until it fits (the result says which it used), and fails with
    /// `MJ_STATUS_SEARCH_LIMIT` when even `extra` 0 needs more. 0 = no limit.
    pub max_nodes: u32,
    /// Draws left to the seat, 0..`MJ_RIICHI_EV_MAX_DRAWS`.
    pub draws: u8,
    /// Search budget, 0..`MJ_RIICHI_EV_MAX_EXTRA` (mahjong-cpp's `extra`): hand changes and
    /// shanten-raising discards are searched while `distance + shanten < shanten given +
    /// extra`.
    pub extra: u8,
    /// `MJ_RIICHI_EV_MODEL_MJKIT` (default) or `MJ_RIICHI_EV_MODEL_MAHJONG_CPP`.
    pub model: u8,
    /// Must be 0.
    pub reserved: u8,
}

impl EvOptions {
    /// The default options: 17 draws (a hand's first discard), `extra` 1, tegawari, shanten-down
    /// discards and ura dora, mjkit's model, at most [`EV_DEFAULT_MAX_NODES`] states.
    pub const fn new() -> EvOptions {
        EvOptions {
            flags: EV_FLAGS_ALL,
            max_nodes: EV_DEFAULT_MAX_NODES,
            draws: 17,
            extra: 1,
            model: EV_MODEL_MJKIT,
            reserved: 0,
        }
    }
}

impl Default for EvOptions {
    fn default() -> EvOptions {
        EvOptions::new()
    }
}

/// One line of an analysis: a discard (or, for a 13-tile hand, the hand itself) with or
/// without riichi (in C `MjRiichiEvEntry`). 32 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[repr(C)]
pub struct EvEntry {
    /// Probability of being ready (shanten 0) at some point within the draws left (1 for a
    /// ready hand).
    pub tenpai: f64,
    /// Probability of winning (a self-draw with a yaku) within the draws left.
    pub win: f64,
    /// Expected points received: the sum over wins of their probability times their total
    /// payment (`MjRiichiResult::total`, ura dora in expectation); 0 when no win.
    pub score: f64,
    /// Unseen tiles (at the start) whose draw lowers the shanten number after this discard.
    pub ukeire: u32,
    /// Tile kind discarded (0..33), or `MJ_RIICHI_EV_NO_TILE` for a 13-tile hand.
    pub tile: u8,
    /// 1: the discard is a red five.
    pub red: u8,
    /// 1: riichi is declared with this discard (or, for a 13-tile hand, was declared).
    pub riichi: u8,
    /// Shanten number after the discard.
    pub shanten: i8,
}

/// The result of an analysis (in C `MjRiichiEvResult`). 920 bytes, no padding.
#[derive(Debug, Clone, Copy, PartialEq)]
#[repr(C)]
pub struct EvResult {
    /// The lines: by tile kind, a normal tile before the red five of its kind, without riichi
    /// before with; the first `count` are used, the rest are zero.
    pub entries: [EvEntry; EV_MAX_ENTRIES],
    /// Entries used.
    pub count: u32,
    /// Search states (hands) built.
    pub nodes: u32,
    /// Tiles in the pool at the start: unseen by the seat.
    pub wall: u32,
    /// Edges of the search graph (a draw and the discard that undoes it), the work of each
    /// draw of the backward induction.
    pub edges: u32,
    /// Winning draws (with a yaku) in the search graph, each priced once by the riichi scorer.
    pub wins: u32,
    /// The search budget used (below the options' `extra` when `max_nodes` cut it down).
    pub extra: u8,
    /// Shanten number of the hand given (-1: a 14-tile hand that is complete).
    pub shanten: i8,
    /// Draws left (as given).
    pub draws: u8,
    /// Model used (as given).
    pub model: u8,
}

impl EvResult {
    /// The entries used.
    pub fn entries(&self) -> &[EvEntry] {
        &self.entries[..(self.count as usize).min(EV_MAX_ENTRIES)]
    }

    /// The entry with the highest expected score (the first on a tie), if any.
    pub fn best_by_score(&self) -> Option<&EvEntry> {
        self.entries()
            .iter()
            .fold(None, |b: Option<&EvEntry>, e| match b {
                Some(b) if b.score >= e.score => Some(b),
                _ => Some(e),
            })
    }
}

/// The suits' five kinds (5m, 5p, 5s).
pub(crate) const FIVES: [usize; 3] = [4, 13, 22];

/// Analyses every discard of `hand` (or the hand itself when it has 13 tiles) under `rules`
/// (the scoring switches; `aka_dora` decides whether red fives are apart, one per suit;
/// `three_player` removes 2m-8m).
///
/// # Errors
/// - [`Error::InvalidArgument`]: `meld_count` above 4, a wind above 3, more than 5 dora
///   indicators or one outside 0..34, an indicator not counted in `visible`, `riichi` above 1,
///   riichi with 14 tiles, honba or sticks above 100, an option out of range (draws, extra,
///   model, an unknown flag, `reserved`), a rules field out of range; for
///   [`EV_MODEL_MAHJONG_CPP`], fewer than 18 unseen tiles.
/// - [`Error::IllegalMeld`]: as for [`crate::riichi::score`].
/// - [`Error::TooManyCopies`]: a kind with more than 4 copies in hand + melds + `visible`.
/// - [`Error::BadTileTotal`]: `counts` holds neither `13 - 3m` nor `14 - 3m` tiles.
/// - [`Error::RedFives`]: (with aka dora) more than one red five of a suit in hand, melds and
///   `visible` together, or a red five where that place holds no five of its suit.
/// - [`Error::RiichiConflict`]: riichi with an open meld, or riichi on a hand that is not
///   ready.
/// - [`Error::ThreePlayerTile`]: three-player rules with a 2m-8m anywhere, a chi or the North
///   seat.
/// - [`Error::SearchLimit`]: even `extra` 0 needs more than `max_nodes` states.
pub fn analyze(hand: &EvHand, rules: &Rules, options: &EvOptions) -> Result<EvResult, Error> {
    let problem = graph::Problem::new(hand, rules, options)?;
    let mut extra = options.extra;
    loop {
        match problem.solve(extra) {
            Ok(r) => return Ok(r),
            Err(Error::SearchLimit) if extra > 0 => extra -= 1,
            Err(e) => return Err(e),
        }
    }
}

/// Checks a meld as the scorer does.
fn check_meld(m: &RiichiMeld, three_player: bool) -> Result<(), Error> {
    let t = usize::from(m.tile);
    let kind = m.try_kind().ok_or(Error::IllegalMeld)?;
    let ok = t < TILE_KINDS
        && match kind {
            MeldKind::Chi => (1..=3).contains(&m.claimed) && t < 27 && t % 9 <= 6,
            MeldKind::Pon | MeldKind::OpenKan | MeldKind::AddedKan => (1..=3).contains(&m.claimed),
            MeldKind::ClosedKan => m.claimed == 0,
        };
    if !ok {
        return Err(Error::IllegalMeld);
    }
    if three_player && kind == MeldKind::Chi {
        return Err(Error::ThreePlayerTile);
    }
    Ok(())
}
