//! The levels of mjkit's bot (1 easy .. 5 hard): each level is the bot with some of a human
//! player's skills taken away and a human player's habits and lapses put in, never a random
//! move. Level 5 is the full bot.
//!
//! | skill | 1 | 2 | 3 | 4 | 5 |
//! |---|---|---|---|---|---|
//! | discards | the least connected tile (pairs and liked tiles count as connected), among those that keep the shanten number, or lose one while two or more from ready | lowest shanten, then the most acceptance counted as 4 minus its own copies (it does not track the discards) | as 2 | lowest shanten, then the most live acceptance | as 4, with the two-step look-ahead |
//! | keeps pairs too long (acceptance share given up rather than break a pair) | 0.5 | 0.35 | 0.15 | 0.1 | 0 |
//! | plays for tiles it likes (a suit, the dragons or the winds, per hand) | strongly | 0.3 of acceptance | no | no | no |
//! | defence | none | none | genbutsu only, against opponents who look ready | the danger model, push/fold | as 4 |
//! | hand value under tai | no | no | no | yes | yes |
//! | overlooks a claim it would make | 40% | 25% | 15% | 10% | 0 |
//! | overlooks a win on a discard | 10% | 5% | 0 | 0 | 0 |
//!
//! The lapses are decided by a hash of the bot's `tie_break` value and the moment (hand index,
//! seat, discards so far, draws left, the offered tile): a pure function of the view and the
//! configuration, as every decision of the bot.

use crate::table::{Phase, SEATS, View};
use crate::tile::{HONOR_START, TILE_KINDS};

/// The highest level: the full bot.
pub const MAX_LEVEL: u8 = 5;

/// How a level picks its discard before defence and value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Efficiency {
    /// The tile that connects least with the hand, pairs and liked tiles counting as
    /// connected; among the discards that keep the best shanten number, or lose one while the
    /// hand is two or more from ready.
    Beginner,
    /// Lowest shanten, then the most acceptance counted against its own tiles only.
    Raw,
    /// Lowest shanten, then the most live acceptance (the tiles in sight counted).
    Live,
    /// `Live` with the two-step look-ahead among close candidates.
    LookAhead,
}

/// How a level defends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Defence {
    /// Ignores danger.
    None,
    /// Against each opponent whose ready probability is above [`OBVIOUS_READY`], every tile it
    /// has not let pass since its hand last changed counts [`OBVIOUS_DANGER`]; push / fold as
    /// the full bot on that danger.
    Obvious,
    /// The danger model.
    Full,
}

/// Ready probability above which a level-3 player notices an opponent is ready.
pub(super) const OBVIOUS_READY: f64 = 0.5;
/// The danger a level-3 player gives a tile that is not safe against such an opponent.
pub(super) const OBVIOUS_DANGER: f64 = 0.2;

/// A level's skills, habits and lapses.
#[derive(Clone, Copy, Debug)]
pub(super) struct Persona {
    pub(super) efficiency: Efficiency,
    pub(super) defence: Defence,
    /// Plays for the hand's value under tai.
    pub(super) value: bool,
    /// Share of acceptance a discard from a pair gives up (it keeps pairs too long).
    pub(super) pair_keep: f64,
    /// Share of acceptance a discard of a liked tile gives up.
    pub(super) likes: f64,
    /// Chance to overlook a chow, pung or exposed kong it would claim.
    pub(super) claim_miss: f64,
    /// Chance to overlook a win on a discard or a robbed kong.
    pub(super) win_miss: f64,
    /// The kinds it likes this hand.
    pub(super) liked: u64,
    /// The seed of its lapses (the configuration's `tie_break`).
    pub(super) seed: u64,
}

/// SplitMix64's finaliser.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Persona {
    /// The full bot (level 5).
    pub(super) const FULL: Persona = Persona {
        efficiency: Efficiency::LookAhead,
        defence: Defence::Full,
        value: true,
        pair_keep: 0.0,
        likes: 0.0,
        claim_miss: 0.0,
        win_miss: 0.0,
        liked: 0,
        seed: 0,
    };

    /// Level `level` (1..=5; above 5 is 5, 0 is 1) for the hand of `view`, with lapses seeded
    /// by `seed`.
    pub(super) fn new(level: u8, seed: u64, view: &View) -> Persona {
        let base = Persona {
            seed,
            ..Persona::FULL
        };
        let p = match level {
            5.. => return base,
            4 => Persona {
                efficiency: Efficiency::Live,
                pair_keep: 0.1,
                claim_miss: 0.10,
                ..base
            },
            3 => Persona {
                efficiency: Efficiency::Raw,
                defence: Defence::Obvious,
                value: false,
                pair_keep: 0.15,
                claim_miss: 0.15,
                ..base
            },
            2 => Persona {
                efficiency: Efficiency::Raw,
                defence: Defence::None,
                value: false,
                pair_keep: 0.35,
                likes: 0.3,
                claim_miss: 0.25,
                win_miss: 0.05,
                ..base
            },
            _ => Persona {
                efficiency: Efficiency::Beginner,
                defence: Defence::None,
                value: false,
                pair_keep: 0.5,
                likes: 0.5,
                claim_miss: 0.40,
                win_miss: 0.10,
                ..base
            },
        };
        Persona {
            liked: if p.likes > 0.0 {
                liked_kinds(seed, view)
            } else {
                0
            },
            ..p
        }
    }

    /// Whether a lapse of chance `p` happens at this moment of `view` (`salt` tells the kinds
    /// of lapse apart).
    pub(super) fn lapse(&self, p: f64, view: &View, salt: u64) -> bool {
        if p <= 0.0 {
            return false;
        }
        let moment = u64::from(view.hand_index)
            ^ (u64::from(view.seat) << 32)
            ^ (u64::from(view.discard_count) << 36)
            ^ (u64::from(view.wall_left) << 48)
            ^ (u64::from(view.offered) << 58)
            ^ (u64::from(view.phase == Phase::Claim) << 63);
        let h = mix(mix(self.seed ^ salt.wrapping_mul(0x9e37_79b9_7f4a_7c15)) ^ moment);
        ((h >> 11) as f64) / ((1u64 << 53) as f64) < p
    }
}

/// The kinds a low-level player likes in this hand (the same all hand long): one of the three
/// suits, the dragons, or the winds that score for its seat (its seat wind and the prevalent
/// wind) with the dragons, chosen by the seed, the hand index and the seat.
fn liked_kinds(seed: u64, view: &View) -> u64 {
    let h =
        mix(seed ^ mix(u64::from(view.hand_index) ^ (u64::from(view.seat) << 40) ^ 0x4c49_4b45));
    let dragons = 0b111u64 << (HONOR_START + 4);
    match h % 5 {
        s @ 0..=2 => 0x1ffu64 << (9 * s),
        3 => dragons,
        _ => {
            let seat_wind = (usize::from(view.seat) + SEATS - usize::from(view.dealer)) % SEATS;
            dragons
                | 1u64 << (HONOR_START + seat_wind)
                | 1u64 << (HONOR_START + usize::from(view.prevalent_wind) % SEATS)
        }
    }
}

/// Whether kind `k` is in the mask `m`.
pub(super) fn has(m: u64, k: usize) -> bool {
    k < TILE_KINDS && m >> k & 1 != 0
}
