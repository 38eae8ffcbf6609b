//! A tile-efficiency bot: it keeps the exact regular-form shanten number as low as it can and,
//! among the discards that do, takes the one with the most unseen tiles that lower it (ukeire,
//! counted against every tile the seat can see). It claims a chow, pung or exposed kong only
//! when that lowers the shanten number (after the claim and the best discard), declares its
//! own kongs when they keep the shanten number, and always wins when a win is legal. Ties go
//! to the highest tile kind (honours first). No defence.
//!
//! At a riichi table it plays the same way within riichi's rules: it declares riichi whenever
//! it may, keeps a red five rather than an equal plain five, discards only what kuikae and the
//! riichi lock allow (the best of those), and never makes a call that leaves its hand without a
//! yaku: a pon or kan of a dragon or of its seat or the round wind, or with open tanyao a call
//! that keeps every tile of the hand and its melds a simple (2 to 8), or any call once it holds
//! such a pon. A red five is never discarded while a plain copy of the same kind may be.

use crate::efficiency::{self, Discard};
use crate::forms::Forms;
use crate::table::{Action, ActionKind, MeldKind, Phase, Variant, View, legal_actions};
use crate::tile::{Counts, TILE_KINDS, code_kind};

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
    if let Some(&riichi) = acts.iter().find(|a| a.kind == ActionKind::Riichi) {
        return riichi;
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

/// The legal discard of kind `kind`: the plain tile when it may be thrown, else the red five.
fn discard_of(acts: &[Action], kind: u8) -> Option<Action> {
    let plain = Action::new(ActionKind::Discard, kind);
    if acts.contains(&plain) {
        return Some(plain);
    }
    acts.iter()
        .copied()
        .find(|a| a.kind == ActionKind::Discard && code_kind(a.tile) == kind)
}

/// The best legal discard of 3n+2 concealed tiles, as [`best_discard`] ranks them among the
/// kinds the seat may throw.
fn best_legal_discard(c: &Counts, visible: &Counts, acts: &[Action]) -> Option<(Discard, Action)> {
    let mut list = Vec::with_capacity(TILE_KINDS);
    efficiency::discards(c, Forms::REGULAR, Some(visible), |d| list.push(d))
        .or_else(|_| efficiency::discards(c, Forms::REGULAR, None, |d| list.push(d)))
        .ok()?;
    let mut best: Option<(Discard, Action)> = None;
    for d in list {
        let Some(a) = discard_of(acts, d.tile()) else {
            continue;
        };
        let better = best.is_none_or(|(b, _)| {
            (d.shanten, std::cmp::Reverse(d.ukeire_count))
                <= (b.shanten, std::cmp::Reverse(b.ukeire_count))
        });
        if better {
            best = Some((d, a));
        }
    }
    best
}

/// The turn: a kong that keeps the shanten number, else the best discard.
fn turn(view: &View, acts: &[Action], visible: &Counts) -> Option<Action> {
    let c = view.hand;
    let (best, discard) = best_legal_discard(&c, visible, acts)?;
    for &a in acts {
        let t = usize::from(code_kind(a.tile));
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
    Some(discard)
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
        if view.rules.variant == Variant::Riichi && !keeps_a_yaku(view, &rest, a) {
            continue;
        }
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

/// Whether a riichi hand keeps a yaku after the call `a` (leaving `rest` concealed): a pon or
/// kan of a dragon, the seat wind or the round wind, one already declared, or (with open tanyao)
/// every tile of the hand and its melds a simple.
fn keeps_a_yaku(view: &View, rest: &Counts, a: Action) -> bool {
    let seat = usize::from(view.seat);
    let seat_wind =
        27 + (seat + usize::from(view.seats) - usize::from(view.dealer)) % usize::from(view.seats);
    let round_wind = 27 + usize::from(view.prevalent_wind);
    let valued = |k: usize| k >= 31 || k == seat_wind || k == round_wind;
    let offered = usize::from(code_kind(view.offered));
    let melds = view.melds_of(seat);
    if melds
        .iter()
        .any(|m| m.kind != MeldKind::Chow && valued(usize::from(m.tile)))
    {
        return true;
    }
    if matches!(a.kind, ActionKind::Pung | ActionKind::ExposedKong) && valued(offered) {
        return true;
    }
    if !view.rules.riichi.scoring.open_tanyao() {
        return false;
    }
    let simple = |k: usize| k < 27 && (1..8).contains(&(k % 9));
    let run_ok = match a.kind {
        ActionKind::Chow => {
            let s = usize::from(a.tile);
            simple(s) && simple(s + 2)
        }
        _ => simple(offered),
    };
    let melds_ok = melds.iter().all(|m| {
        let t = usize::from(m.tile);
        match m.kind {
            MeldKind::Chow => simple(t) && simple(t + 2),
            _ => simple(t),
        }
    });
    let hand_ok = rest.iter().enumerate().all(|(k, &c)| c == 0 || simple(k));
    run_ok && melds_ok && hand_ok
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
