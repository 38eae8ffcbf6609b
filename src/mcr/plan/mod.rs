//! The MCR planner: how far a hand is from a win worth the 8-fan minimum, by which routes, with
//! which draws, and what to discard or claim to get there. It needs no table: the caller gives
//! the seat's concealed tiles, its declared melds, the winds and what the seat can see.
//!
//! # What is measured
//!
//! A **target** is a complete hand (the declared melds, and concealed tiles forming the
//! remaining sets and a pair, or a special form) together with its winning tile. A target
//! **qualifies** when [`crate::mcr::score`] gives it at least 8 fan without flowers when it is
//! won on a discard with no other win flag (self-draw, 和绝张, kong and last-tile fans are luck,
//! not a plan). The winning tile must be one of the tiles the hand still lacks: the last tile
//! drawn completes the hand. A target may hold no more copies of a kind than are unseen: `4 -
//! visible` (the visible tiles count every declared meld, the seat's own included).
//!
//! The **distance** of a waiting hand (3n+1 concealed tiles) is the least number of exchanges
//! (draw a tile, discard one) after which it waits on a qualifying target: `|T \ hand| - 1`
//! over qualifying targets `T` (0 = ready: a live tile wins with 8 fan or more). Its **draws**
//! are the kinds whose draw lowers the distance (when ready: the qualifying winning tiles), and
//! **live** the unseen copies of those kinds. For a hand that must discard (3n+2), each discard
//! leaves a waiting hand with its own distance and draws.
//!
//! A **route** is a fan that qualifying targets at a given distance score with 8 points or more
//! in all (mixed straight, half flush, all pungs, seven pairs, ...), with the least distance at
//! which it appears and the draws toward it.
//!
//! # How
//!
//! Regular targets are enumerated around the hand by increasing number of missing tiles (the
//! pair, then the sets in key order, never leaving more held tiles unused than the level
//! allows), and each candidate winning tile of each target is scored by the real scorer; the
//! special forms (seven pairs, thirteen orphans, 全不靠 / 七星不靠, 组合龙) always reach 8 fan,
//! so only their distance is computed, in closed form with the live counts. The search stops at
//! the first level with a qualifying target, then finishes that level (for the draws and the
//! routes). [`Limits`](crate::mcr::plan::Limits) caps the work of one call; a result found under the cap is exact
//! ([`Plan::exact`](crate::mcr::plan::Plan::exact)), otherwise the distance is a lower bound. The tests compare the distance
//! and draws with a brute-force search over draws and discards scored by the real scorer.

/// cbindgen:ignore
mod bot;
/// cbindgen:ignore
mod search;
/// cbindgen:ignore
mod special;
#[cfg(test)]
mod tests;

pub use bot::{Claim, Decision, decide_claim, decide_turn, greedy_claim, greedy_turn};

use crate::error::Error;
use crate::mcr::{MAX_MELDS, McrHand, Meld, MeldKind, Score};
use crate::tile::{Counts, TILE_KINDS};

/// What the planner knows of a seat: its concealed tiles, declared melds, winds and what it can
/// see. Build it with [`PlanHand::new`] and the `with_*` methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlanHand {
    /// Concealed tiles by kind: `13 - 3 * melds` (waiting) or `14 - 3 * melds` (to discard).
    pub concealed: Counts,
    /// Declared melds (claim bytes as the MCR scorer reads them); only the first `meld_count`.
    pub melds: [Meld; MAX_MELDS],
    /// Number of declared melds, 0..=4.
    pub meld_count: u8,
    /// Seat wind 0..=3 (East, South, West, North).
    pub seat_wind: u8,
    /// Prevalent wind 0..=3.
    pub prevalent_wind: u8,
    /// Tiles the seat can see outside its concealed hand: every declared meld of every seat
    /// (its own included) and every discard not claimed. A kind may be drawn while
    /// `concealed + visible < 4`.
    pub visible: Counts,
}

impl PlanHand {
    /// A concealed hand with nothing declared and nothing else seen; East seat and round.
    pub fn new(concealed: Counts) -> PlanHand {
        PlanHand {
            concealed,
            melds: [Meld::concealed_kong(0); MAX_MELDS],
            meld_count: 0,
            seat_wind: 0,
            prevalent_wind: 0,
            visible: [0; TILE_KINDS],
        }
    }

    /// Adds a declared meld, and its tiles to `visible`.
    pub fn with_meld(mut self, meld: Meld) -> PlanHand {
        if usize::from(self.meld_count) < MAX_MELDS {
            self.melds[usize::from(self.meld_count)] = meld;
            add_meld_tiles(&meld, &mut self.visible);
        }
        self.meld_count = self.meld_count.saturating_add(1);
        self
    }

    /// Sets the winds (0..=3 each).
    pub fn with_winds(mut self, seat_wind: u8, prevalent_wind: u8) -> PlanHand {
        self.seat_wind = seat_wind;
        self.prevalent_wind = prevalent_wind;
        self
    }

    /// Adds tiles seen elsewhere (discards, other seats' melds) to `visible`.
    pub fn with_seen(mut self, seen: &Counts) -> PlanHand {
        for (v, &s) in self.visible.iter_mut().zip(seen.iter()) {
            *v = v.saturating_add(s);
        }
        self
    }

    /// The declared melds.
    pub fn melds(&self) -> &[Meld] {
        &self.melds[..usize::from(self.meld_count).min(MAX_MELDS)]
    }

    /// Sets the hand still needs besides the declared melds.
    pub fn sets_needed(&self) -> usize {
        MAX_MELDS - self.melds().len()
    }

    /// Checks the hand: melds as the scorer takes them, concealed counts of the right total
    /// (`13 - 3 * melds` or `14 - 3 * melds`), no kind above 4 in `concealed + visible`, and
    /// the declared melds' tiles within `visible`. Returns the concealed total.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] (more than 4 melds, a wind above 3, melds' tiles not in
    /// `visible`), [`Error::IllegalMeld`], [`Error::TooManyCopies`], [`Error::BadTileTotal`].
    pub fn validate(&self) -> Result<u32, Error> {
        let n = usize::from(self.meld_count);
        if n > MAX_MELDS || self.seat_wind > 3 || self.prevalent_wind > 3 {
            return Err(Error::InvalidArgument);
        }
        let mut own = [0u8; TILE_KINDS];
        for m in self.melds() {
            let t = usize::from(m.tile);
            let ok = match m.try_kind() {
                Some(MeldKind::Chow) => {
                    t < 27 && crate::tile::number(t) <= 7 && (1..=3).contains(&m.claimed)
                }
                Some(MeldKind::Pung | MeldKind::Kong | MeldKind::AddedKong) => {
                    t < TILE_KINDS && (1..=3).contains(&m.claimed)
                }
                Some(MeldKind::ConcealedKong) => t < TILE_KINDS && m.claimed == 0,
                None => false,
            };
            if !ok {
                return Err(Error::IllegalMeld);
            }
            add_meld_tiles(m, &mut own);
        }
        let total = crate::tile::check_counts(&self.concealed)?;
        crate::tile::check_counts(&self.visible)?;
        for (k, ((&c, &v), &o)) in self
            .concealed
            .iter()
            .zip(&self.visible)
            .zip(&own)
            .enumerate()
        {
            if c + v > 4 {
                return Err(Error::TooManyCopies { kind: k as u8 });
            }
            if o > v {
                return Err(Error::InvalidArgument);
            }
        }
        let waiting = 13 - 3 * n as u32;
        if total != waiting && total != waiting + 1 {
            return Err(Error::BadTileTotal { total });
        }
        Ok(total)
    }

    /// The most copies of each kind a target's concealed part may hold: `4 - visible`.
    pub(crate) fn caps(&self) -> Counts {
        std::array::from_fn(|k| 4 - self.visible[k])
    }

    /// The scorer's hand for the concealed target `counts` won on a discard of `win`.
    pub(crate) fn target(&self, counts: &Counts, win: u8) -> McrHand {
        let mut h = McrHand::new(*counts, win);
        h.melds = self.melds;
        h.meld_count = self.meld_count;
        h.seat_wind = self.seat_wind;
        h.prevalent_wind = self.prevalent_wind;
        h
    }
}

/// Adds the four (kong) or three tiles of `m` to `v`.
fn add_meld_tiles(m: &Meld, v: &mut Counts) {
    let t = usize::from(m.tile);
    if t >= TILE_KINDS {
        return;
    }
    match m.try_kind() {
        Some(MeldKind::Chow) if t + 2 < TILE_KINDS => {
            for x in &mut v[t..t + 3] {
                *x = x.saturating_add(1);
            }
        }
        Some(MeldKind::Chow) | None => {}
        Some(MeldKind::Pung) => v[t] = v[t].saturating_add(3),
        Some(_) => v[t] = v[t].saturating_add(4),
    }
}

/// How much work one planner call (or one bot decision) may do: at most `max_steps` search
/// steps (one step per node of the target enumeration; scoring a target counts 16) and at most
/// `slack` levels past the first level at which any complete target exists. Beyond either the
/// result is a lower bound ([`Plan::exact`] is false).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most search steps.
    pub max_steps: u32,
    /// Most levels searched past the nearest complete targets.
    pub slack: u32,
}

impl Limits {
    /// No limit: always exact (for tests and analysis; a far hand can take seconds).
    pub const EXACT: Limits = Limits {
        max_steps: u32::MAX,
        slack: u32::MAX,
    };
    /// The bot's default (see the performance notes in docs/mcr.md).
    pub const BOT: Limits = Limits {
        max_steps: 8_000,
        slack: 1,
    };
}

/// Most routes in a [`Plan`].
pub const MAX_ROUTES: usize = 16;

/// A fan reachable at 8 points or more in all: see the [module docs](self).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Route {
    /// The fan's id ([`crate::mcr::fans`]).
    pub fan: u8,
    /// The least distance of a qualifying target that scores this fan.
    pub distance: u8,
    /// Kinds whose draw brings such a target nearer (at that distance).
    pub draws: u64,
}

/// The planner's answer for a waiting hand (3n+1 concealed tiles).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// Exchanges until the hand waits on a qualifying target (0 = ready), or [`Plan::NONE`]
    /// when no target is found (none exists, or the limits stopped the search first).
    pub distance: i32,
    /// Whether `distance` is exact (the search finished its level within the limits).
    pub exact: bool,
    /// Kinds whose draw lowers the distance (when ready: the winning tiles that qualify).
    pub draws: u64,
    /// Unseen copies of the kinds in `draws`: `4 - concealed - visible` each.
    pub live: u32,
    /// The routes, nearest first, then by points; only the first `route_count`.
    pub routes: [Route; MAX_ROUTES],
    /// Number of routes.
    pub route_count: u8,
    /// The best total (without flowers) of a target at the level searched last: how close
    /// the nearest targets come to 8 fan when none qualifies.
    pub best_fan: i32,
}

impl Plan {
    /// `distance` when no qualifying target was found.
    pub const NONE: i32 = 99;

    /// The routes found.
    pub fn routes(&self) -> &[Route] {
        &self.routes[..usize::from(self.route_count)]
    }
}

/// The plan of a waiting hand (3n+1 concealed tiles).
///
/// # Errors
/// As [`PlanHand::validate`]; [`Error::BadTileTotal`] for a hand that must discard.
pub fn plan(hand: &PlanHand, limits: Limits) -> Result<Plan, Error> {
    let total = hand.validate()?;
    if total != 13 - 3 * u32::from(hand.meld_count) {
        return Err(Error::BadTileTotal { total });
    }
    Ok(search::plan(hand, limits))
}

/// One discard of a hand that must discard, and the plan of what it leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiscardPlan {
    /// The tile kind discarded.
    pub tile: u8,
    /// The plan of the waiting hand left.
    pub plan: Plan,
}

/// The plans after each distinct discard of a hand that must discard (3n+2 concealed tiles),
/// by increasing kind; discards whose distance cannot beat the best are given with their lower
/// bound (`exact` false) without a full search.
///
/// # Errors
/// As [`PlanHand::validate`]; [`Error::BadTileTotal`] for a waiting hand.
pub fn discards(hand: &PlanHand, limits: Limits) -> Result<Vec<DiscardPlan>, Error> {
    let total = hand.validate()?;
    if total != 14 - 3 * u32::from(hand.meld_count) {
        return Err(Error::BadTileTotal { total });
    }
    Ok(search::discards(hand, limits))
}

/// Whether a complete hand, as the scorer takes it, reaches the 8-fan minimum (flowers not
/// counted), and its score.
///
/// # Errors
/// As [`crate::mcr::score`].
pub fn win_qualifies(hand: &McrHand) -> Result<(bool, Score), Error> {
    let s = crate::mcr::score(hand)?;
    Ok((s.qualifies(), s))
}
