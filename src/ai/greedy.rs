//! A tile-efficiency bot: it keeps the exact regular-form shanten number as low as it can and,
//! among the discards that do, takes the one with the most unseen tiles that lower it (ukeire,
//! counted against every tile the seat can see). It claims a chow, pung or exposed kong only
//! when that lowers the shanten number (after the claim and the best discard), declares its
//! own kongs when they keep the shanten number, and always wins when a win is legal. Ties go
//! to the highest tile kind (honours first). No defence.

use crate::efficiency::{self, Discard};
use crate::forms::Forms;
use crate::table::{Action, ActionKind, Phase, View, legal_actions};
use crate::tile::{Counts, TILE_KINDS};

use super::thesis::{after_claim, rh_num};

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
    let mut list = Vec::with_capacity(TILE_KINDS);
    efficiency::discards(c, Forms::REGULAR, Some(visible), |d| list.push(d))
        .or_else(|_| efficiency::discards(c, Forms::REGULAR, None, |d| list.push(d)))
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
    Some(Action::new(ActionKind::Discard, best.tile()))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::thesis::tests::{Rng, empty_view, random_view, self_play};
    use crate::table::{DiscardEntry, NO_SEAT, Rules};
    use crate::test_util::tiles;

    #[test]
    fn decide_takes_the_most_ukeire() {
        // Only North keeps the hand ready (23p waits on 1p/4p).
        let mut v = empty_view(Rules::thesis());
        v.hand = tiles("123m456m789m23p55p789s4z");
        v.drawn = 30;
        v.wall_left = 30;
        let d = best_discard(&v.hand, &v.visible()).unwrap();
        assert_eq!((d.tile, d.shanten, d.ukeire_count), (30, 0, 8));
        assert_eq!(decide(&v), Action::new(ActionKind::Discard, 30));
        // Three ready discards: 1p (34p waits 2p/5p: 4 + 2 unseen), 4p (13p waits 2p: 4),
        // 5p (345p, single wait on 1p: 3).
        v.hand = tiles("123m456m789m134p55p789s");
        v.drawn = 9;
        assert_eq!(decide(&v), Action::new(ActionKind::Discard, 9));
        // With the last two 5p and three 2p in sight, the single wait on 1p is best.
        let mut seen = [0u8; 34];
        seen[13] = 2;
        seen[10] = 3;
        let d = best_discard(&v.hand, &seen).unwrap();
        assert_eq!((d.tile, d.ukeire_count), (13, 3));
    }

    #[test]
    fn decide_claims_only_when_shanten_drops() {
        let mut v = empty_view(Rules::thesis());
        v.phase = Phase::Claim;
        v.seat = 1;
        v.actor = 0;
        v.pending = 0b10;
        v.wall_left = 40;
        v.hand = tiles("123m456m789m22p55p1s4z7z");
        v.offered = 13;
        v.discards[0] = DiscardEntry {
            tile: 13,
            seat: 0,
            claimed_by: NO_SEAT,
            drawn_and_discarded: false,
        };
        v.discard_count = 1;
        assert_eq!(decide(&v), Action::new(ActionKind::Pung, 13));
        v.hand = tiles("123m456m789m22p57p13s4z");
        v.offered = 10;
        v.discards[0].tile = 10;
        assert_eq!(decide(&v), Action::PASS);
        v.hand = tiles("123m456m789m22p57p1s4z7z");
        v.offered = 14;
        v.discards[0].tile = 14;
        assert_eq!(decide(&v), Action::new(ActionKind::Chow, 13));
    }

    #[test]
    fn decide_always_wins() {
        let mut v = empty_view(Rules::thirteen());
        v.hand = tiles("123m456m789m55p23s");
        v.phase = Phase::Claim;
        v.actor = 2;
        v.offered = 21;
        assert_eq!(decide(&v), Action::new(ActionKind::Win, 21));
    }

    #[test]
    fn decide_always_legal_on_random_views() {
        let mut rng = Rng(17);
        for rules in [Rules::thesis(), Rules::thirteen()] {
            for i in 0..3000 {
                let v = random_view(&mut rng, rules);
                let legal = legal_actions(&v);
                let a = decide(&v);
                if legal.is_empty() {
                    assert_eq!(a, Action::PASS);
                } else {
                    assert!(
                        legal.contains(&a),
                        "view {i}: {a:?} not in {:?}",
                        legal.as_slice()
                    );
                }
            }
        }
    }

    #[test]
    fn self_play_every_action_accepted() {
        for rules in [Rules::taiwan16(), Rules::thirteen()] {
            let wins = self_play(rules, 9, 100, decide).wins;
            assert!(wins.iter().sum::<u32>() > 40, "{wins:?}");
        }
    }
}
