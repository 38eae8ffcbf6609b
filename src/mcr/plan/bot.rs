//! Decision rules on top of the planner: the MCR bot's (play for a qualifying win) and the
//! greedy baseline's (most tile acceptance, every legal win). Both take the seat's situation as
//! a [`PlanHand`] and the options the table offers, and return a [`Decision`]; they are pure
//! functions of their inputs.

use super::search::{discards_within, plan_within};
use super::{Limits, Plan, PlanHand};
use crate::efficiency;
use crate::error::Error;
use crate::forms::Forms;
use crate::mcr::{McrHand, Meld, MeldKind};
use crate::tile::{Counts, TILE_KINDS};
use std::cell::Cell;

/// A claim on another seat's discard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Claim {
    /// A chow from the seat on the left, `first` its lowest tile.
    Chow {
        /// The chow's lowest tile kind.
        first: u8,
    },
    /// A pung.
    Pung,
    /// A melded kong.
    Kong,
}

/// What a bot does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Discard this tile kind.
    Discard(u8),
    /// Declare a concealed kong of this kind.
    ConcealedKong(u8),
    /// Add the drawn fourth tile of this kind to the seat's pung.
    AddedKong(u8),
    /// Declare the win offered.
    Win,
    /// Make this claim.
    Claim(Claim),
    /// Let the discard go.
    Pass,
}

/// The key of a plan for choosing between options: nearest first, exact before lower bounds,
/// most live tiles, then the highest fan among the nearest targets.
fn rank(p: &Plan) -> (i32, bool, std::cmp::Reverse<u32>, std::cmp::Reverse<i32>) {
    (
        p.distance,
        !p.exact,
        std::cmp::Reverse(p.live),
        std::cmp::Reverse(p.best_fan),
    )
}

/// Whether `win` (the hand as it would be scored now, with the table's facts) is worth 8 fan.
fn worth_winning(win: Option<&McrHand>) -> bool {
    win.is_some_and(|h| crate::mcr::score(h).is_ok_and(|s| s.qualifies()))
}

/// The MCR bot's turn (the seat holds 3n+2 concealed tiles): win when `win` (the hand as the
/// scorer would take it if the seat declared the win now) reaches 8 fan; else a kong of
/// `kongs` (concealed kongs and added kongs the table allows) that does not move the hand
/// further from a qualifying win; else the discard with the nearest qualifying targets, then
/// the most live draws. Ties go to the highest tile kind.
///
/// # Errors
/// As [`PlanHand::validate`]; [`Error::BadTileTotal`] for a waiting hand.
pub fn decide_turn(
    hand: &PlanHand,
    win: Option<&McrHand>,
    kongs: &[Decision],
    limits: Limits,
) -> Result<Decision, Error> {
    let total = hand.validate()?;
    if total != 14 - 3 * u32::from(hand.meld_count) {
        return Err(Error::BadTileTotal { total });
    }
    if worth_winning(win) {
        return Ok(Decision::Win);
    }
    // One budget for the whole decision.
    let budget = Cell::new(limits.max_steps);
    let list = discards_within(hand, limits, &budget);
    let mut best: Option<(&super::DiscardPlan, _)> = None;
    for d in &list {
        let key = rank(&d.plan);
        if best.as_ref().is_none_or(|(_, b)| key <= *b) {
            best = Some((d, key));
        }
    }
    let Some((best, _)) = best else {
        return Err(Error::InvalidArgument);
    };
    for &k in kongs {
        let Some(after) = after_own_kong(hand, k) else {
            continue;
        };
        if after.validate().is_ok()
            && plan_within(&after, limits, &budget, best.plan.distance, false).distance
                <= best.plan.distance
        {
            return Ok(k);
        }
    }
    Ok(Decision::Discard(best.tile))
}

/// The MCR bot's answer to a discard (the seat holds 3n+1 concealed tiles; `visible` includes
/// the discard `offered`, which came from the seat `from` places to the right: 1 left, 2
/// opposite, 3 right): win when `win` reaches 8 fan; else the claim of `claims` after which
/// the hand is nearest a qualifying win, when that is nearer than without it (a kong: no
/// further); else pass.
///
/// # Errors
/// As [`PlanHand::validate`]; [`Error::BadTileTotal`] for a hand that must discard;
/// [`Error::InvalidArgument`] when `offered` is not a tile kind, is not in `visible`, or `from`
/// is not 1..=3; [`Error::IllegalAction`] for a claim the hand cannot make.
pub fn decide_claim(
    hand: &PlanHand,
    offered: u8,
    from: u8,
    claims: &[Claim],
    win: Option<&McrHand>,
    limits: Limits,
) -> Result<Decision, Error> {
    let total = hand.validate()?;
    if total != 13 - 3 * u32::from(hand.meld_count) {
        return Err(Error::BadTileTotal { total });
    }
    if worth_winning(win) {
        return Ok(Decision::Win);
    }
    let budget = Cell::new(limits.max_steps);
    let now = plan_within(hand, limits, &budget, i32::MAX, false);
    let mut best: Option<(Claim, _)> = None;
    for &c in claims {
        let after = after_claim(hand, offered, from, c)?;
        after.validate()?;
        // Only a claim that gets nearer matters: search no further than the present distance.
        let p = match c {
            Claim::Kong => {
                let mut p = plan_within(&after, limits, &budget, now.distance, false);
                super::search::add_special_draws(&after, &mut p);
                p
            }
            _ => {
                let list = discards_within(&after, limits, &budget);
                let Some(d) = list.iter().min_by_key(|d| rank(&d.plan)) else {
                    continue;
                };
                d.plan
            }
        };
        if p.distance >= Plan::NONE {
            continue; // no qualifying route after the claim
        }
        let progress = match c {
            Claim::Kong => p.distance <= now.distance,
            _ => p.distance < now.distance,
        };
        if progress && best.as_ref().is_none_or(|(_, b)| rank(&p) < *b) {
            best = Some((c, rank(&p)));
        }
    }
    Ok(best.map_or(Decision::Pass, |(c, _)| Decision::Claim(c)))
}

/// The hand after the seat's own kong `k` (before the replacement draw), or None when `k` is no
/// kong the hand holds.
fn after_own_kong(hand: &PlanHand, k: Decision) -> Option<PlanHand> {
    let mut h = *hand;
    match k {
        Decision::ConcealedKong(t) => {
            let t = usize::from(t);
            if t >= TILE_KINDS || h.concealed[t] < 4 || h.meld_count >= 4 {
                return None;
            }
            h.concealed[t] -= 4;
            Some(h.with_meld(Meld::concealed_kong(t as u8)))
        }
        Decision::AddedKong(t) => {
            let i = h
                .melds()
                .iter()
                .position(|m| m.try_kind() == Some(MeldKind::Pung) && m.tile == t)?;
            let t = usize::from(t);
            if h.concealed[t] == 0 {
                return None;
            }
            h.concealed[t] -= 1;
            h.visible[t] += 1;
            h.melds[i] = Meld::kong(t as u8, h.melds[i].claimed);
            Some(h)
        }
        _ => None,
    }
}

/// The hand after claiming `offered` from seat `from` with `c` (before the discard that follows
/// a chow or pung, or the replacement draw after a kong).
///
/// # Errors
/// [`Error::InvalidArgument`] for a bad `offered` or `from`; [`Error::IllegalAction`] when the
/// hand lacks the tiles or already has four melds.
pub(crate) fn after_claim(
    hand: &PlanHand,
    offered: u8,
    from: u8,
    c: Claim,
) -> Result<PlanHand, Error> {
    let o = usize::from(offered);
    if o >= TILE_KINDS || hand.visible[o] == 0 || !(1..=3).contains(&from) {
        return Err(Error::InvalidArgument);
    }
    if hand.meld_count >= 4 {
        return Err(Error::IllegalAction);
    }
    let mut h = *hand;
    h.visible[o] -= 1; // the discard moves into the meld (with_meld counts it again)
    let meld = match c {
        Claim::Chow { first } => {
            let f = usize::from(first);
            if from != 1 || f >= 27 || f % 9 > 6 || !(f..f + 3).contains(&o) {
                return Err(Error::IllegalAction);
            }
            for t in f..f + 3 {
                if t != o {
                    if h.concealed[t] == 0 {
                        return Err(Error::IllegalAction);
                    }
                    h.concealed[t] -= 1;
                }
            }
            Meld::chow(first, (o - f + 1) as u8)
        }
        Claim::Pung => {
            if h.concealed[o] < 2 {
                return Err(Error::IllegalAction);
            }
            h.concealed[o] -= 2;
            Meld::pung(offered, from)
        }
        Claim::Kong => {
            if h.concealed[o] < 3 {
                return Err(Error::IllegalAction);
            }
            h.concealed[o] -= 3;
            Meld::kong(offered, from)
        }
    };
    Ok(h.with_meld(meld))
}

/// The plain shanten number over the MCR forms (regular, thirteen orphans, seven pairs with
/// fours, the knitted forms) that fit the hand's size.
fn mcr_shanten(c: &Counts) -> i32 {
    crate::shanten::shanten(c, Forms::MCR).unwrap_or(Plan::NONE)
}

/// The greedy baseline's turn: win whenever `win` is offered (the table offers only legal
/// wins); else a kong of `kongs` that keeps the shanten number; else the discard with the
/// lowest shanten number over the MCR forms, then the most unseen tiles that lower it (the
/// highest kind on ties). It plays for the fastest complete hand, blind to the 8-fan minimum.
///
/// # Errors
/// As [`PlanHand::validate`]; [`Error::BadTileTotal`] for a waiting hand.
pub fn greedy_turn(
    hand: &PlanHand,
    win: Option<&McrHand>,
    kongs: &[Decision],
) -> Result<Decision, Error> {
    let total = hand.validate()?;
    if total != 14 - 3 * u32::from(hand.meld_count) {
        return Err(Error::BadTileTotal { total });
    }
    if win.is_some() {
        return Ok(Decision::Win);
    }
    let mut best: Option<efficiency::Discard> = None;
    efficiency::discards(&hand.concealed, Forms::MCR, Some(&hand.visible), |d| {
        let better = best.is_none_or(|b| {
            (d.shanten, std::cmp::Reverse(d.ukeire_count))
                <= (b.shanten, std::cmp::Reverse(b.ukeire_count))
        });
        if better {
            best = Some(d);
        }
    })?;
    let best = best.ok_or(Error::InvalidArgument)?;
    for &k in kongs {
        if let Some(after) = after_own_kong(hand, k) {
            if mcr_shanten(&after.concealed) <= best.shanten {
                return Ok(k);
            }
        }
    }
    Ok(Decision::Discard(best.tile()))
}

/// The greedy baseline's answer to a discard: win whenever `win` is offered; else the claim of
/// `claims` that lowers the shanten number most (after the claim and its best discard; ties by
/// acceptance, then the first listed); else pass.
///
/// # Errors
/// As [`decide_claim`].
pub fn greedy_claim(
    hand: &PlanHand,
    offered: u8,
    from: u8,
    claims: &[Claim],
    win: Option<&McrHand>,
) -> Result<Decision, Error> {
    let total = hand.validate()?;
    if total != 13 - 3 * u32::from(hand.meld_count) {
        return Err(Error::BadTileTotal { total });
    }
    if win.is_some() {
        return Ok(Decision::Win);
    }
    let before = mcr_shanten(&hand.concealed);
    let mut best: Option<((i32, std::cmp::Reverse<u32>), Claim)> = None;
    for &c in claims {
        let after = after_claim(hand, offered, from, c)?;
        let key = if c == Claim::Kong {
            (mcr_shanten(&after.concealed), std::cmp::Reverse(0))
        } else {
            let mut b: Option<(i32, std::cmp::Reverse<u32>)> = None;
            efficiency::discards(&after.concealed, Forms::MCR, Some(&after.visible), |d| {
                let k = (d.shanten, std::cmp::Reverse(d.ukeire_count));
                if b.is_none_or(|x| k < x) {
                    b = Some(k);
                }
            })?;
            match b {
                Some(k) => k,
                None => continue,
            }
        };
        if best.is_none_or(|(b, _)| key < b) {
            best = Some((key, c));
        }
    }
    Ok(match best {
        Some(((s, _), c)) if s < before => Decision::Claim(c),
        _ => Decision::Pass,
    })
}
