//! A tile-efficiency bot: it keeps the exact regular-form shanten number as low as it can and,
//! among the discards that do, takes the one with the most unseen tiles that lower it (ukeire,
//! counted against every tile the seat can see). It claims a chow, pung or exposed kong only
//! when that lowers the shanten number (after the claim and the best discard), declares its
//! own kongs when they keep the shanten number, and always wins when a win is legal. Ties go
//! to the highest tile kind (honours first). No defence.

use crate::efficiency::{self, Discard};
use crate::forms::Forms;
use crate::hand::Hand;
use crate::table::{Action, ActionKind, Phase, View, legal_actions};
use crate::tile::Counts;

use super::seed::{after_claim, rh_num};

/// The greedy bot's action for the view's seat.
///
/// Always one of [`legal_actions`]`(view)`; [`Action::PASS`] when the seat has no decision.
/// Deterministic.
pub fn decide(view: &View) -> Action {
    let legal = legal_actions(view);
    let acts = legal.as_slice();
    let Some(&first) = acts.first() else {
        return Action::PASS;
    };
    if let Some(&win) = acts.iter().find(|a| a.kind == ActionKind::Win) {
        return win;
    }
    let visible = view.visible();
    let chosen = match view.phase {
        Phase::Claim => claim(view, acts, &visible),
        _ => turn(view, acts, &visible).unwrap_or(first),
    };
    debug_assert!(acts.contains(&chosen), "greedy bot chose an illegal action");
    if acts.contains(&chosen) {
        chosen
    } else {
        first
    }
}

/// The best discard of 3n+2 concealed tiles: lowest shanten, then most ukeire, then the
/// highest kind. `None` for counts the efficiency call refuses.
pub fn best_discard(c: &Counts, visible: &Counts) -> Option<Discard> {
    let hand = Hand::new(c).ok()?;
    let list = efficiency::discards(&hand, Forms::REGULAR, Some(visible))
        .or_else(|_| efficiency::discards(&hand, Forms::REGULAR, None))
        .ok()?;
    let mut best: Option<Discard> = None;
    for d in list {
        let better = best.is_none_or(|b| {
            (d.shanten, std::cmp::Reverse(d.ukeire_count))
                <= (b.shanten, std::cmp::Reverse(b.ukeire_count))
        });
        if better {
            best = Some(d);
        }
    }
    best
}

/// The turn: a kong that keeps the shanten number, else the best discard.
fn turn(view: &View, acts: &[Action], visible: &Counts) -> Option<Action> {
    let c = view.hand;
    let best = best_discard(&c, visible)?;
    for &a in acts {
        let t = usize::from(a.tile);
        let mut rest = c;
        let keeps = match a.kind {
            ActionKind::ConcealedKong => {
                rest[t] -= 4;
                rh_num(&rest) <= best.shanten
            }
            ActionKind::AddedKong => {
                rest[t] -= 1;
                rh_num(&rest) <= best.shanten
            }
            _ => false,
        };
        if keeps {
            return Some(a);
        }
    }
    Some(Action::new(ActionKind::Discard, best.tile))
}

/// A claim when it lowers the shanten number: the lowest shanten after the claim, then the
/// most ukeire after the best discard, then the first in legal order.
fn claim(view: &View, acts: &[Action], visible: &Counts) -> Action {
    let before = rh_num(&view.hand);
    let mut best: Option<((i32, std::cmp::Reverse<u32>), Action)> = None;
    for &a in acts {
        let Some(rest) = after_claim(&view.hand, view.offered, a) else {
            continue;
        };
        let key = if a.kind == ActionKind::ExposedKong {
            (rh_num(&rest), std::cmp::Reverse(0))
        } else {
            match best_discard(&rest, visible) {
                Some(d) => (d.shanten, std::cmp::Reverse(d.ukeire_count)),
                None => continue,
            }
        };
        if best.is_none_or(|(b, _)| key < b) {
            best = Some((key, a));
        }
    }
    match best {
        Some(((s, _), a)) if s < before => a,
        _ => Action::PASS,
    }
}
