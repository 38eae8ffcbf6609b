//! Points of a finished Taiwanese hand: [`points`] (and [`score_hand`], which also keeps the
//! tai breakdown), told what the table knows about the hand ([`HandFacts`], [`WinFacts`]).

use crate::table::event::flags;
use crate::table::types::*;
use crate::tai::{self, TaiScore, WinHow};
use crate::tile::Counts;

/// What the table knows about one winner when the hand ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WinFacts {
    /// Bits of [`crate::table::event::flags`]: self-drawn, robbed kong, last tile, replacement draw,
    /// first turn, ready from the first discard, eight flowers, seven rob one.
    pub flags: u32,
    /// The winner's flowers: bit f = flower f (see [`crate::table::names`]); after 七搶一 the taken
    /// flower is among them.
    pub flowers: u8,
    /// The winner's seat wind (0 = East = the dealer).
    pub seat_wind: u8,
    /// The winner's concealed tiles, the winning tile included (a flower win: the tiles held).
    pub concealed: Counts,
    /// The winner's declared melds (the first `meld_count` are used).
    pub melds: [Meld; MAX_MELDS],
    /// Number of declared melds.
    pub meld_count: u8,
}

/// What the table knows about a finished hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandFacts {
    /// How the hand ended (its `points` are not filled in yet). For a flower win `tile` is the
    /// eighth flower's wall code and `discarder` the seat that revealed it (七搶一).
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

/// Points won (positive) or paid (negative) by each seat for a finished hand under `rules`
/// ([`score_hand`] without the tai breakdown).
pub fn points(rules: &Rules, facts: &HandFacts) -> [i64; SEATS] {
    score_hand(rules, facts).0
}

/// Points won (positive) or paid (negative) by each seat for a finished hand under `rules`, and
/// under [`Scoring::Tai`] each winner's tai.
///
/// [`Scoring::Thesis`]: a win on a discard gives each winner +1 and the discarder -1 per winner;
/// a self-drawn win gives the winner +3 and every other seat -1; an exhaustive draw pays nothing.
///
/// [`Scoring::Tai`]: each winner is scored by [`crate::tai::score`] and paid as it says (base +
/// tai × price from the discarder, or from every other seat on a self-draw or 八仙過海; the
/// dealer's tai only in the payments the dealer is part of); several winners on one discard are
/// each paid by the discarder; an exhaustive draw pays nothing. Facts the tai engine refuses
/// (the table never produces them) pay the winner nothing.
pub fn score_hand(rules: &Rules, facts: &HandFacts) -> ([i64; SEATS], [Option<TaiScore>; SEATS]) {
    let result = &facts.result;
    let mut p = [0i64; SEATS];
    let mut tai_scores = [None; SEATS];
    match &rules.scoring {
        Scoring::Thesis => match result.end {
            End::ExhaustiveDraw | End::AbortiveDraw(_) => {}
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
        Scoring::Tai(tr) => {
            for (s, (win, out)) in facts.winners.iter().zip(&mut tai_scores).enumerate() {
                let Some(w) = win else { continue };
                let f = tai_facts(facts, s, w);
                match tai::score(&f, tr) {
                    Ok(sc) => {
                        for (t, &v) in p.iter_mut().zip(&sc.payments) {
                            *t = t.saturating_add(v);
                        }
                        *out = Some(sc);
                    }
                    Err(e) => debug_assert!(false, "the tai engine refused table facts: {e:?}"),
                }
            }
        }
    }
    (p, tai_scores)
}

/// Where a hand is played, for its tai: the dealer, the prevalent wind and the dealer's
/// consecutive deals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Place {
    pub dealer: u8,
    pub prevalent_wind: u8,
    pub consecutive: u32,
}

/// The tai engine's facts for winner `s`.
pub(crate) fn tai_facts(facts: &HandFacts, s: usize, w: &WinFacts) -> tai::WinFacts {
    let r = &facts.result;
    let place = Place {
        dealer: facts.dealer,
        prevalent_wind: facts.prevalent_wind,
        consecutive: facts.consecutive,
    };
    tai_win_facts(&place, s, r.tile, r.discarder, w)
}

/// The tai engine's facts for seat `s` winning on `tile` (a flower's code for a flower win)
/// from `discarder` ([`NO_SEAT`] for a self-draw or 八仙過海).
pub(crate) fn tai_win_facts(
    place: &Place,
    s: usize,
    tile: u8,
    discarder: u8,
    w: &WinFacts,
) -> tai::WinFacts {
    let how = if w.flags & flags::EIGHT_FLOWERS != 0 {
        WinHow::EightFlowers
    } else if w.flags & flags::SEVEN_ROB_ONE != 0 {
        WinHow::SevenRobOne
    } else if w.flags & flags::SELF_DRAWN != 0 {
        WinHow::SelfDrawn
    } else if w.flags & flags::ROBBED_KONG != 0 {
        WinHow::RobbingKong
    } else {
        WinHow::Discard
    };
    let mut f = tai::WinFacts::new(w.concealed, tile);
    f.how = how as u8;
    f.from = if how.from_other() { discarder } else { s as u8 };
    for m in &w.melds[..usize::from(w.meld_count)] {
        let t = tai_meld(m, s as u8);
        f = f.with_meld(t.kind(), t.tile, t.claimed);
    }
    for n in 0..FLOWERS as u8 {
        if w.flowers & (1 << n) != 0 {
            f = f.with_flower(n + 1);
        }
    }
    f.winner = s as u8;
    f.dealer = place.dealer;
    f.consecutive_deals = u8::try_from(place.consecutive).unwrap_or(u8::MAX);
    f.prevalent_wind = place.prevalent_wind;
    const MAP: [(u32, u32); 6] = [
        (flags::REPLACEMENT, tai::FLAG_REPLACEMENT),
        (flags::AFTER_EXPOSED_KONG, tai::FLAG_AFTER_EXPOSED_KONG),
        (flags::LAST_TILE, tai::FLAG_LAST_TILE),
        (flags::FIRST_TURN, tai::FLAG_FIRST_TURN),
        (flags::FIRST_GO_AROUND, tai::FLAG_FIRST_GO_AROUND),
        (
            flags::READY_FIRST_DISCARD,
            tai::FLAG_READY_FROM_FIRST_DISCARD,
        ),
    ];
    for (table, bit) in MAP {
        if w.flags & table != 0 {
            f.flags |= bit;
        }
    }
    if w.flags & flags::READY_FROM_DEAL != 0 {
        f.flags |= tai::FLAG_READY_FROM_DEAL;
    }
    f
}

/// A table meld as the tai engine reads it (`owner`: the seat that declared it): the exposed and
/// added kongs apart, `claimed` the seat the claim came from relative to the owner (a chow's:
/// the tile taken, 1..3; a concealed kong's: 0).
pub fn tai_meld(m: &Meld, owner: u8) -> tai::Meld {
    let relative = (owner + SEATS as u8 - m.from % SEATS as u8) % SEATS as u8;
    match m.kind {
        MeldKind::Chow => tai::Meld::chow(m.tile, m.claimed.wrapping_sub(m.tile) + 1),
        MeldKind::Pung => tai::Meld::pung(m.tile, relative),
        MeldKind::ExposedKong => tai::Meld::kong(m.tile, relative),
        MeldKind::AddedKong => tai::Meld::added_kong(m.tile, relative),
        MeldKind::ConcealedKong => tai::Meld::concealed_kong(m.tile),
    }
}
