//! Points of a finished hand: one hook, [`points`], told everything a scoring variant needs by
//! the table ([`HandFacts`], [`WinFacts`]), so a tai, MCR or riichi table replaces the thesis'
//! scheme without changing the engine.

use super::types::*;
use crate::tile::Counts;

/// What the table knows about one winner when the hand ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WinFacts {
    /// Bits of [`super::event::flags`]: self-drawn, robbed kong, last tile, replacement draw,
    /// first turn.
    pub flags: u16,
    /// The winner's flowers: bit f = flower f (see [`super::names`]).
    pub flowers: u8,
    /// The winner's seat wind (0 = East = the dealer).
    pub seat_wind: u8,
    /// The winner's concealed tiles, the winning tile included.
    pub concealed: Counts,
    /// The winner's declared melds (the first `meld_count` are used).
    pub melds: [Meld; MAX_MELDS],
    /// Number of declared melds.
    pub meld_count: u8,
}

/// What the table knows about a finished hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandFacts {
    /// How the hand ended (its `points` are not filled in yet).
    pub result: HandResult,
    /// The dealer.
    pub dealer: u8,
    /// The prevalent wind (0..3).
    pub prevalent_wind: u8,
    /// The dealer's consecutive deals before this hand (連莊).
    pub consecutive: u32,
    /// Facts of each winner (`None` for the other seats).
    pub winners: [Option<WinFacts>; SEATS],
}

/// Points won (positive) or paid (negative) by each seat for a finished hand under `rules`.
///
/// [`Scoring::Thesis`]: a win on a discard gives each winner +1 and the discarder -1 per winner;
/// a self-drawn win gives the winner +3 and every other seat -1; an exhaustive draw pays nothing.
pub fn points(rules: &Rules, facts: &HandFacts) -> [i32; SEATS] {
    let result = &facts.result;
    let mut p = [0i32; SEATS];
    match rules.scoring {
        Scoring::Thesis => match result.end {
            End::ExhaustiveDraw => {}
            End::SelfDraw => {
                let w = result.winners.trailing_zeros() as usize;
                for (s, v) in p.iter_mut().enumerate() {
                    *v = if s == w { 3 } else { -1 };
                }
            }
            End::Discard => {
                for s in 0..SEATS {
                    if result.winners & (1 << s) != 0 {
                        p[s] += 1;
                        p[usize::from(result.discarder)] -= 1;
                    }
                }
            }
        },
    }
    p
}
