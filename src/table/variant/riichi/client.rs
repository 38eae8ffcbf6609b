//! Riichi's part of a client's fold ([`crate::table::client`]): the riichi block of the view
//! ([`RiichiView`]) rebuilt from the riichi events and the common ones, as the table's
//! [`Table::riichi_view`](crate::table::engine::Table) gives it to the same reader: every seat's
//! riichi (declared, discarded, accepted), double riichi, ippatsu, the dora indicators, honba
//! and sticks; the reader's own furiten, kuikae and replacement draw.

use super::legal;
use super::view::*;
use crate::error::Error;
use crate::table::event::{Event, EventKind, MAX_COUNTERS, Reason, flags};
use crate::table::legal_actions;
use crate::table::matches::{COUNTER_HONBA, COUNTER_STICKS};
use crate::table::types::*;
use crate::tile::code_kind;

/// What the fold keeps besides the view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Fold {
    /// The reader's seat could win on the tile offered now: any other answer is furiten.
    win_offered: bool,
    /// The reader's seat's last draw came from the back of the wall (a kong's replacement).
    from_back: bool,
}

fn bad<T>() -> Result<T, Error> {
    Err(Error::BadEvent)
}

/// The riichi block at a hand start: nobody in riichi, no indicator yet, the match's honba and
/// sticks from the hand start's counters.
pub(crate) fn start_view(counters: &[u32; MAX_COUNTERS]) -> RiichiView {
    RiichiView {
        honba: counters[COUNTER_HONBA],
        sticks: counters[COUNTER_STICKS],
        ..RiichiView::EMPTY
    }
}

impl Fold {
    /// Before the common fold of `e` (the view as it stood): the riichi discard and what a
    /// discard ends.
    pub(crate) fn before(
        &mut self,
        v: &mut View,
        e: &Event,
        me: Option<usize>,
    ) -> Result<(), Error> {
        let s = usize::from(e.seat);
        if e.kind != EventKind::Discard || s >= usize::from(v.seats) {
            return Ok(());
        }
        let bit = 1u8 << s;
        let r = &mut v.riichi;
        if e.flags & flags::RIICHI != 0 {
            if r.riichi[s] != RIICHI_DECLARED {
                return bad();
            }
            let first = v.meld_counts.iter().all(|&n| n == 0)
                && usize::from(v.discard_count) < usize::from(v.seats);
            r.riichi[s] = RIICHI_DISCARDED;
            r.riichi_discard[s] = v.discard_count as u8;
            if first {
                r.double_riichi |= bit;
            }
        } else if r.riichi[s] == RIICHI_DECLARED {
            return bad();
        }
        r.ippatsu &= !bit;
        if me == Some(s) {
            r.furiten &= !FURITEN_TEMPORARY;
            r.kuikae = 0;
        }
        Ok(())
    }

    /// After the common fold of `e`: the riichi kinds, furiten from the offers and answers,
    /// kuikae, what a meld ends, the sticks.
    pub(crate) fn after(
        &mut self,
        v: &mut View,
        e: &Event,
        me: Option<usize>,
    ) -> Result<(), Error> {
        let s = usize::from(e.seat);
        let seat_ok = s < usize::from(v.seats);
        match e.kind {
            EventKind::Draw if me == Some(s) => self.from_back = e.flags & flags::REPLACEMENT != 0,
            EventKind::Discard => self.offered(v, me, true),
            EventKind::ClaimAnswer if me == Some(s) => {
                if e.action != Some(ActionKind::Win) && self.win_offered {
                    v.riichi.furiten |= FURITEN_TEMPORARY;
                    if v.riichi.riichi[s] != RIICHI_NONE {
                        v.riichi.furiten |= FURITEN_RIICHI;
                    }
                }
                self.win_offered = false;
            }
            EventKind::Meld => {
                v.riichi.ippatsu = 0;
                let n = usize::from(v.meld_counts[s]);
                let Some(m) = n.checked_sub(1).map(|i| v.melds[s][i]) else {
                    return bad();
                };
                let claimed = matches!(m.kind, MeldKind::Chow | MeldKind::Pung);
                if me == Some(s) && claimed && v.rules.riichi.kuikae {
                    v.riichi.kuikae = legal::kuikae_kinds(
                        m.kind,
                        usize::from(m.tile),
                        usize::from(code_kind(m.claimed)),
                    );
                }
                // A kong offered to be robbed (an added kong; a concealed one to thirteen
                // orphans under the switch).
                if v.phase == Phase::Claim {
                    self.offered(v, me, false);
                }
            }
            EventKind::Riichi => {
                if !seat_ok || v.riichi.riichi[s] != RIICHI_NONE {
                    return bad();
                }
                v.riichi.riichi[s] = RIICHI_DECLARED;
            }
            EventKind::RiichiAccepted => {
                if !seat_ok || v.riichi.riichi[s] != RIICHI_DISCARDED {
                    return bad();
                }
                v.riichi.riichi[s] = RIICHI_ACCEPTED;
                v.riichi.ippatsu |= 1 << s;
                v.scores[s] = v.scores[s].saturating_add(e.value);
                v.riichi.sticks = v.riichi.sticks.saturating_add(1);
            }
            EventKind::Dora => {
                let k = usize::from(v.riichi.indicator_count);
                if e.value != k as i64 || k >= MAX_INDICATORS {
                    return bad();
                }
                v.riichi.indicators[k] = e.tile;
                v.riichi.indicator_count += 1;
            }
            // The first winner takes the sticks.
            EventKind::Win => v.riichi.sticks = 0,
            EventKind::Payment if e.reason == Reason::Sticks => v.riichi.sticks = 0,
            _ => {}
        }
        Ok(())
    }

    /// A tile is offered to the reader's seat (not its own): whether it could win on it, and
    /// when it completes the hand but may not win (no yaku, furiten) on a discard, temporary
    /// furiten.
    fn offered(&mut self, v: &mut View, me: Option<usize>, discard: bool) {
        self.win_offered = false;
        let Some(m) = me else { return };
        if m == usize::from(v.actor) {
            return;
        }
        let mut asked = *v;
        asked.pending = 1 << m;
        self.refresh(&mut asked, me);
        let win = legal_actions(&asked)
            .as_slice()
            .iter()
            .any(|a| a.kind == ActionKind::Win);
        self.win_offered = win;
        if discard && !win && legal::completes_hand(&v.hand, v.offered) {
            v.riichi.furiten |= FURITEN_TEMPORARY;
        }
    }

    /// The fields that follow from the others: the reader's furiten by its discards, its
    /// replacement draw.
    pub(crate) fn refresh(&self, v: &mut View, me: Option<usize>) {
        let Some(m) = me else { return };
        v.riichi.furiten &= !FURITEN_DISCARDS;
        if super::discard_furiten(&v.hand, v.discard_list(), m) {
            v.riichi.furiten |= FURITEN_DISCARDS;
        }
        let own_turn = v.phase == Phase::Turn && usize::from(v.actor) == m;
        v.riichi.replacement = u8::from(own_turn && self.from_back && v.drawn != NO_TILE);
    }
}
