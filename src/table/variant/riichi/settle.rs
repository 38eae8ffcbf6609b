//! The end of a riichi hand: every winner scored by `riichi::score` with the facts the table
//! holds, the payments (honba and sticks to the first winner, pao), nagashi mangan and the
//! tenpai / noten payments; then the match's progress (renchan, honba, sticks, busting, the
//! target and its extension, agari-yame and tenpai-yame) and its final points.

use super::legal::{WinCase, scorer_hand};
use super::view::RIICHI_NONE;
use crate::riichi::{self, yaku};
use crate::table::engine::Table;
use crate::table::event::{Event, EventKind, Reason};
use crate::table::legal::SeatState;
use crate::table::matches::{MatchEnd, MatchResult, Progress};
use crate::table::types::*;
use crate::table::variant::taiwan::HandFacts;
use crate::tile::code_kind;

/// One yakuman's worth in points: 48,000 from a dealer, 32,000 from another seat.
const fn yakuman_unit(dealer: bool) -> i32 {
    if dealer { 48_000 } else { 32_000 }
}

impl Table {
    /// Scores and pays the hand (see the module documentation).
    pub(crate) fn riichi_settle(
        &mut self,
        facts: &HandFacts,
    ) -> (HandResult, Option<[Reason; SEATS]>) {
        let mut r = facts.result;
        let seats = self.seats();
        let mut reasons = [Reason::Uninvolved; SEATS];
        for (s, reason) in reasons.iter_mut().enumerate() {
            *reason = Table::payment_reason(&r, s);
        }
        match r.end {
            End::Discard | End::SelfDraw => self.settle_wins(&mut r, &mut reasons),
            End::ExhaustiveDraw => self.settle_draw(&mut r, &mut reasons),
            End::AbortiveDraw(_) => {}
        }
        for r in reasons.iter_mut().skip(seats) {
            *r = Reason::None;
        }
        (r, Some(reasons))
    }

    fn settle_wins(&mut self, r: &mut HandResult, reasons: &mut [Reason; SEATS]) {
        let seats = self.seats();
        let tsumo = r.end == End::SelfDraw;
        let start = if tsumo {
            usize::from(self.actor)
        } else {
            usize::from(r.discarder) + 1
        };
        let honba = self.at_start.part.riichi().map_or(0, |m| m.honba);
        let mut sticks = self.state.part.riichi().map_or(0, |m| m.sticks);
        let mut first = true;
        let mut ura_shown = false;
        let st = self.riichi_state().clone();
        let dora: Vec<u8> = (0..st.indicators)
            .map(|k| code_kind(self.wall[self.wall_index(k, false)]))
            .collect();
        let ura: Vec<u8> = (0..st.indicators)
            .map(|k| code_kind(self.wall[self.wall_index(k, true)]))
            .collect();
        let mut scores = [None; SEATS];
        let mut points = [0i32; SEATS];
        for i in 0..seats {
            let w = (start + i) % seats;
            if r.winners & (1 << w) == 0 {
                continue;
            }
            let seat_state = SeatState {
                pending: true,
                ..self.seat_state(w)
            };
            let case = WinCase {
                tsumo,
                robbed: r.robbed_kong,
                replacement: tsumo && self.from_back,
                last: self.wall_left() == 0,
            };
            let mut h = scorer_hand(&seat_state, &self.hands[w], self.red[w], r.tile, case);
            for &d in &dora {
                h = h.with_dora(d);
            }
            let in_riichi = st.riichi[w] != RIICHI_NONE;
            if in_riichi {
                for &u in &ura {
                    h = h.with_ura(u);
                }
                ura_shown = true;
            }
            // The scorer takes up to 100 honba and sticks; a longer endless match pays the rest
            // here at the same rates.
            let (mut extra_honba, mut extra_sticks) = (0i32, 0i32);
            if first {
                h.honba = honba.min(100);
                h.riichi_sticks = sticks.min(100);
                extra_honba = i32::try_from(honba - h.honba).unwrap_or(i32::MAX);
                extra_sticks = i32::try_from(sticks - h.riichi_sticks).unwrap_or(i32::MAX);
            }
            let score = match riichi::score(&h, &self.rules.riichi.scoring) {
                Ok(sc) => sc,
                Err(e) => {
                    debug_assert!(false, "the scorer refused table facts: {e:?} for {h:?}");
                    continue;
                }
            };
            if first {
                sticks = 0;
                first = false;
            }
            self.pay_win(w, &score, r, tsumo, &mut points, reasons);
            if extra_honba > 0 || extra_sticks > 0 {
                let per = extra_honba.saturating_mul(100);
                let payers: Vec<usize> = if tsumo {
                    (0..seats).filter(|&s| s != w).collect()
                } else {
                    vec![usize::from(r.discarder)]
                };
                let each = if tsumo { per } else { per.saturating_mul(3) };
                for &p in &payers {
                    points[p] = points[p].saturating_sub(each);
                    points[w] = points[w].saturating_add(each);
                }
                points[w] = points[w].saturating_add(extra_sticks.saturating_mul(1000));
            }
            scores[w] = Some(score);
        }
        self.riichi_match_mut().sticks = sticks;
        // The ura indicators, once, when a winner was in riichi.
        if ura_shown {
            for k in 0..st.indicators {
                let tile = self.wall[self.wall_index(k, true)];
                self.emit(Event {
                    tile,
                    value: i64::from(k),
                    ..Event::new(EventKind::UraDora)
                });
            }
        }
        for (w, sc) in scores.iter().enumerate().take(seats) {
            let Some(sc) = sc else { continue };
            for (id, han) in sc.yaku_list() {
                self.emit(Event {
                    seat: w as u8,
                    tile: id as u8,
                    value: i64::from(han),
                    ..Event::new(EventKind::Yaku)
                });
            }
            self.emit(Event {
                seat: w as u8,
                tile: sc.limit,
                value: i64::from(sc.fu),
                ..Event::new(EventKind::Fu)
            });
        }
        r.points = points.map(i64::from);
        r.riichi = scores;
    }

    /// Wall position of dora indicator `k` or its ura indicator.
    fn wall_index(&self, k: u8, ura: bool) -> usize {
        usize::from(self.params.wall_tiles) - 5 - 2 * usize::from(k) - usize::from(ura)
    }

    /// Pays winner `w`'s `score` into `points`: the discarder on a ron, the others on a tsumo,
    /// with pao where the winner's yakuman was fed.
    fn pay_win(
        &self,
        w: usize,
        score: &riichi::Score,
        r: &HandResult,
        tsumo: bool,
        points: &mut [i32; SEATS],
        reasons: &mut [Reason; SEATS],
    ) {
        let seats = self.seats();
        let dealer = usize::from(self.dealer);
        let st = self.riichi_state();
        let rules = &self.rules.riichi;
        // Pao: the liable seat and the yakuman it is liable for.
        let mut liable = NO_SEAT;
        let mut pao_units = 0i32;
        if rules.pao && score.limit() == riichi::Limit::Yakuman {
            for (id, seat) in [
                (yaku::DAISANGEN, st.pao_dragons[w]),
                (yaku::DAISUUSHII, st.pao_winds[w]),
            ] {
                if seat != NO_SEAT && score.yaku[id] > 0 {
                    liable = seat;
                    pao_units += i32::from(score.yaku[id]) / 13;
                }
            }
        }
        let total_units = i32::from(score.yakuman_multiple);
        let unit = yakuman_unit(w == dealer);
        let winner_gets = score.total;
        if liable != NO_SEAT {
            let l = usize::from(liable);
            reasons[l] = Reason::Liable;
            if tsumo {
                if rules.pao_liability_only {
                    // The liable seat pays its yakuman and the honba; the rest as a tsumo.
                    let rest = total_units - pao_units;
                    points[l] -= pao_units * unit + honba_all_tsumo(score, seats, w == dealer);
                    for (s, p) in points.iter_mut().enumerate().take(seats) {
                        if s != w {
                            let share = if w == dealer || s == dealer {
                                16_000
                            } else {
                                8_000
                            };
                            *p -= rest * share;
                        }
                    }
                } else {
                    points[l] -= total_units * unit + honba_all_tsumo(score, seats, w == dealer);
                }
            } else {
                let base = if rules.pao_liability_only {
                    pao_units
                } else {
                    total_units
                };
                // Half the yakuman and all the honba.
                let pao = base * unit / 2 + score.main_bonus;
                let d = usize::from(r.discarder);
                points[l] -= pao;
                points[d] -= score.main + score.main_bonus - pao;
            }
            points[w] += winner_gets;
            return;
        }
        if tsumo {
            for (s, p) in points.iter_mut().enumerate().take(seats) {
                if s != w {
                    *p -= if w == dealer || s == dealer {
                        score.main + score.main_bonus
                    } else {
                        score.additional + score.additional_bonus
                    };
                }
            }
        } else {
            points[usize::from(r.discarder)] -= score.main + score.main_bonus;
        }
        points[w] += winner_gets;
    }

    fn settle_draw(&mut self, r: &mut HandResult, reasons: &mut [Reason; SEATS]) {
        let seats = self.seats();
        let dealer = usize::from(self.dealer);
        let st = self.riichi_state().clone();
        let nagashi = if self.rules.riichi.nagashi {
            st.nagashi & ((1u8 << seats) - 1)
        } else {
            0
        };
        let mut points = [0i32; SEATS];
        if nagashi != 0 {
            for w in 0..seats {
                if nagashi & (1 << w) == 0 {
                    continue;
                }
                self.emit(Event {
                    seat: w as u8,
                    ..Event::new(EventKind::Nagashi)
                });
                for s in 0..seats {
                    if s == w {
                        continue;
                    }
                    // A mangan by self-draw: 4,000 from each seat to a dealer, else 4,000 from
                    // the dealer and 2,000 from the others.
                    let pay = if w == dealer || s == dealer {
                        4_000
                    } else {
                        2_000
                    };
                    points[s] -= pay;
                    points[w] += pay;
                }
            }
            for reason in reasons.iter_mut().take(seats) {
                *reason = Reason::Nagashi;
            }
        } else {
            let ready = r.tenpai.count_ones() as i32;
            if ready > 0 && ready < seats as i32 {
                for s in 0..seats {
                    if r.tenpai & (1 << s) != 0 {
                        points[s] = 3_000 / ready;
                        reasons[s] = Reason::Tenpai;
                    } else {
                        points[s] = -3_000 / (seats as i32 - ready);
                        reasons[s] = Reason::Noten;
                    }
                }
            }
        }
        r.points = points.map(i64::from);
    }

    /// What follows a riichi hand in the match (see the module documentation).
    pub(crate) fn riichi_progress(&mut self, r: &HandResult) -> Progress {
        let rules = self.rules.riichi;
        let seats = self.seats();
        let dealer = self.dealer;
        let wind = self.prevalent_wind;
        let first = self.match_rules.first_dealer;
        let abortive = matches!(r.end, End::AbortiveDraw(_));
        let exhaustive = r.end == End::ExhaustiveDraw;
        let dealer_won = r.winners & (1 << dealer) != 0;
        let dealer_ready = exhaustive && r.tenpai & (1 << dealer) != 0;
        let renchan = dealer_won || dealer_ready || abortive;
        let draw = exhaustive || abortive;
        let mut m = self.state.part.riichi().copied().unwrap_or_default();
        let s = &mut self.state;
        s.hands_played = s.hands_played.saturating_add(1);
        // The hand's position: rounds completed and whether this is the last hand or later.
        let rounds = s.rounds;
        let last_seat = (first + seats as u8 - 1) % seats as u8;
        let all_last = match self.match_rules.end {
            MatchEnd::WindRounds(n) => {
                rounds + 1 > u32::from(n) || (rounds + 1 == u32::from(n) && dealer == last_seat)
            }
            _ => false,
        };
        let order = |x: u8| (usize::from(x) + seats - usize::from(first)) % seats;
        let dealer_top = (0..seats).all(|o| {
            o == usize::from(dealer)
                || s.scores[usize::from(dealer)] > s.scores[o]
                || (s.scores[usize::from(dealer)] == s.scores[o] && order(dealer) <= order(o as u8))
        });
        let yame = (dealer_won && rules.agari_yame) || (dealer_ready && rules.tenpai_yame);
        // An endless match (MatchEnd::Never) never ends: no busting there either.
        let endless = self.match_rules.end == MatchEnd::Never;
        let mut over = !endless && rules.bust && s.scores[..seats].iter().any(|&x| x < 0);
        if !over
            && !abortive
            && yame
            && all_last
            && dealer_top
            && s.scores[usize::from(dealer)] >= i64::from(rules.target)
        {
            over = true;
        }
        let (next_dealer, mut next_wind, mut wind_advanced);
        if renchan {
            m.honba = m.honba.saturating_add(1);
            s.consecutive = s.consecutive.saturating_add(1);
            next_dealer = dealer;
            next_wind = wind;
            wind_advanced = false;
        } else {
            m.honba = if draw { m.honba.saturating_add(1) } else { 0 };
            s.consecutive = 0;
            next_dealer = (dealer + 1) % seats as u8;
            wind_advanced = next_dealer == first;
            next_wind = wind;
            if wind_advanced {
                s.rounds = s.rounds.saturating_add(1);
                next_wind = (wind + 1) % WINDS as u8;
            }
        }
        if !over {
            over = match self.match_rules.end {
                MatchEnd::Never => false,
                MatchEnd::Hands(n) => s.hands_played >= n,
                MatchEnd::WindRounds(n) => {
                    let max = s.scores[..seats].iter().copied().max().unwrap_or(0);
                    !abortive
                        && !renchan
                        && s.rounds >= u32::from(n)
                        && (!rules.extension
                            || max >= i64::from(rules.target)
                            || s.rounds > u32::from(n))
                }
            };
        }
        s.over = over;
        if over {
            wind_advanced = false;
            next_wind = wind;
            if rules.sticks_to_first && m.sticks > 0 {
                let top = (0..seats)
                    .max_by_key(|&x| (s.scores[x], std::cmp::Reverse(order(x as u8))))
                    .unwrap_or(0);
                let bonus = i64::from(m.sticks) * 1000;
                s.scores[top] = s.scores[top].saturating_add(bonus);
                m.sticks = 0;
                self.emit(Event {
                    seat: top as u8,
                    value: bonus,
                    reason: Reason::Sticks,
                    ..Event::new(EventKind::Payment)
                });
            }
        }
        self.state.part = crate::table::matches::MatchPart::Riichi(m);
        Progress {
            keeps: renchan,
            next_dealer,
            next_wind,
            wind_advanced,
            over,
        }
    }

    /// The final result of a riichi match: ranks by score, ties to the seat first in turn order
    /// from the first dealer; points with the return score, uma and oka.
    pub(crate) fn riichi_match_result(&self) -> MatchResult {
        let seats = self.seats();
        let s = &self.state;
        let first = usize::from(self.match_rules.first_dealer);
        let order = |x: usize| (x + seats - first) % seats;
        let mut ranks = [0u8; SEATS];
        for (x, rank) in ranks.iter_mut().enumerate().take(seats) {
            *rank = 1
                + (0..seats)
                    .filter(|&o| {
                        s.scores[o] > s.scores[x]
                            || (s.scores[o] == s.scores[x] && order(o) < order(x))
                    })
                    .count() as u8;
        }
        let rules = &self.rules.riichi;
        let oka = (i64::from(rules.return_score) - self.match_rules.start_score)
            .saturating_mul(seats as i64);
        let mut points = [0i64; SEATS];
        for x in 0..seats {
            let rank = usize::from(ranks[x]) - 1;
            points[x] = s.scores[x]
                .saturating_sub(i64::from(rules.return_score))
                .saturating_add(i64::from(rules.uma[rank]))
                .saturating_add(if rank == 0 { oka } else { 0 });
        }
        MatchResult {
            scores: s.scores,
            ranks,
            hands_played: s.hands_played,
            points,
        }
    }
}

/// The honba a liable seat pays alone on a self-draw: every payer's share.
fn honba_all_tsumo(score: &riichi::Score, seats: usize, dealer: bool) -> i32 {
    if dealer {
        score.main_bonus * (seats as i32 - 1)
    } else {
        score.main_bonus + score.additional_bonus * (seats as i32 - 2)
    }
}
