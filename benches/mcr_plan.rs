//! The MCR planner's cost per decision, on the decisions of whole hands played by four bots
//! with a bare draw-and-discard loop (not the table: no flowers, no kong replacement fan, no
//! payments; it only produces realistic situations and times each decision).
//!
//! Each hand: a seeded shuffle of the 136 tiles, 13 to each seat, East first. On its turn a
//! seat draws and decides (win if the scorer gives the complete hand 8 fan or more; concealed
//! kong; discard). On a discard every other seat may win (8 fan or more), the others may pung
//! or kong, the next seat may chow; the MCR bot decides by the planner, the greedy baseline by
//! tile acceptance. A hand ends on a win or when the wall is empty.
//!
//! Prints, for four copies of each bot: hands per second on one thread (loop included),
//! decisions per hand, the median / 99th percentile / maximum time of one decision, the share
//! of hands won and the share of wins that qualify (the greedy bot wins whenever the hand is
//! complete, as it would when the table offers every complete hand; at the table it is offered
//! only qualifying wins). Run: `cargo bench --bench mcr_plan` (`MJ_BENCH_HANDS`, default 300).

use mjkit::mcr::plan::{self, Claim, Decision, Limits, PlanHand};
use mjkit::mcr::{self, McrHand, Meld, MeldKind};
use mjkit::{Forms, TILE_KINDS};
use std::time::Instant;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Bot {
    Planner,
    Greedy,
}

struct Seat {
    hand: [u8; TILE_KINDS],
    melds: Vec<Meld>,
}

struct Stats {
    times: Vec<f64>,
    hands: usize,
    wins: usize,
    qualifying: usize,
}

/// The scorer's hand for seat `s` winning on `tile` (already in `hand`).
fn win_hand(seat: &Seat, tile: usize, self_drawn: bool, s: usize) -> McrHand {
    let mut h = McrHand::new(seat.hand, tile as u8);
    for &m in &seat.melds {
        h = h.with_meld(m);
    }
    h.flags = if self_drawn { mcr::WIN_SELF_DRAWN } else { 0 };
    h.seat_wind = s as u8;
    h
}

fn plan_hand(seat: &Seat, s: usize, seen: &[u8; TILE_KINDS]) -> PlanHand {
    let mut p = PlanHand::new(seat.hand).with_winds(s as u8, 0);
    for &m in &seat.melds {
        p = p.with_meld(m);
    }
    // `seen` counts every discard and every meld tile; with_meld added this seat's own.
    let mut own = [0u8; TILE_KINDS];
    for m in &seat.melds {
        let t = usize::from(m.tile);
        match m.kind() {
            MeldKind::Chow => (t..t + 3).for_each(|x| own[x] += 1),
            MeldKind::Pung => own[t] += 3,
            _ => own[t] += 4,
        }
    }
    let others: [u8; TILE_KINDS] = std::array::from_fn(|k| seen[k] - own[k]);
    p.with_seen(&others)
}

fn complete(seat: &Seat) -> bool {
    mjkit::win::is_win(&seat.hand, Forms::MCR).unwrap_or(false)
}

/// The planner's limits: `Limits::BOT`, or `MJ_PLAN_STEPS` / `MJ_PLAN_SLACK` to try others.
fn limits() -> Limits {
    let get = |k: &str| std::env::var(k).ok().and_then(|s| s.parse().ok());
    Limits {
        max_steps: get("MJ_PLAN_STEPS").unwrap_or(Limits::BOT.max_steps),
        slack: get("MJ_PLAN_SLACK").unwrap_or(Limits::BOT.slack),
    }
}

fn play(bot: Bot, hands: usize, seed: u64) -> Stats {
    let lim = limits();
    let mut st = Stats {
        times: Vec::new(),
        hands,
        wins: 0,
        qualifying: 0,
    };
    let mut rng = Rng(seed);
    for _ in 0..hands {
        let mut wall: Vec<usize> = (0..TILE_KINDS).flat_map(|k| [k; 4]).collect();
        for i in (1..wall.len()).rev() {
            let j = (rng.next() % (i as u64 + 1)) as usize;
            wall.swap(i, j);
        }
        let mut seats: Vec<Seat> = (0..4)
            .map(|_| Seat {
                hand: [0; TILE_KINDS],
                melds: Vec::new(),
            })
            .collect();
        for seat in &mut seats {
            for _ in 0..13 {
                seat.hand[wall.pop().unwrap()] += 1;
            }
        }
        let mut seen = [0u8; TILE_KINDS];
        let mut turn = 0usize;
        let mut draw = true;
        'hand: loop {
            if draw {
                let Some(t) = wall.pop() else { break };
                seats[turn].hand[t] += 1;
                let win = complete(&seats[turn]).then(|| win_hand(&seats[turn], t, true, turn));
                let kongs: Vec<Decision> = (0..TILE_KINDS)
                    .filter(|&k| seats[turn].hand[k] == 4 && seats[turn].melds.len() < 4)
                    .map(|k| Decision::ConcealedKong(k as u8))
                    .collect();
                let p = plan_hand(&seats[turn], turn, &seen);
                let t0 = Instant::now();
                let d = match bot {
                    Bot::Planner => plan::decide_turn(&p, win.as_ref(), &kongs, lim),
                    Bot::Greedy => plan::greedy_turn(&p, win.as_ref(), &kongs),
                }
                .expect("turn");
                st.times.push(t0.elapsed().as_secs_f64());
                match d {
                    Decision::Win => {
                        st.wins += 1;
                        let q = mcr::score(win.as_ref().unwrap()).is_ok_and(|s| s.qualifies());
                        st.qualifying += usize::from(q);
                        break 'hand;
                    }
                    Decision::ConcealedKong(k) => {
                        let k = usize::from(k);
                        seats[turn].hand[k] -= 4;
                        seats[turn].melds.push(Meld::concealed_kong(k as u8));
                        seen[k] += 4;
                        continue 'hand; // replacement draw
                    }
                    Decision::Discard(_) => {}
                    other => panic!("unexpected {other:?}"),
                }
                let Decision::Discard(t) = d else {
                    unreachable!()
                };
                let t = usize::from(t);
                seats[turn].hand[t] -= 1;
                seen[t] += 1;
                // Claims: wins first (in seat order), then pung/kong, then chow.
                let mut claimed = None;
                for off in 1..4 {
                    let s = (turn + off) % 4;
                    let mut claims = Vec::new();
                    let c = seats[s].hand;
                    if seats[s].melds.len() < 4 {
                        if c[t] >= 2 {
                            claims.push(Claim::Pung);
                        }
                        if c[t] == 3 {
                            claims.push(Claim::Kong);
                        }
                        if off == 1 && t < 27 {
                            let r = t % 9;
                            for first in r.saturating_sub(2)..=r.min(6) {
                                let f = t - r + first;
                                if (f..f + 3).all(|x| x == t || c[x] > 0) {
                                    claims.push(Claim::Chow { first: f as u8 });
                                }
                            }
                        }
                    }
                    let mut with = seats[s].hand;
                    with[t] += 1;
                    let win = mjkit::win::is_win(&with, Forms::MCR)
                        .unwrap_or(false)
                        .then(|| {
                            let tmp = Seat {
                                hand: with,
                                melds: seats[s].melds.clone(),
                            };
                            win_hand(&tmp, t, false, s)
                        });
                    if claims.is_empty() && win.is_none() {
                        continue;
                    }
                    let p = plan_hand(&seats[s], s, &seen);
                    // The relative seat of the discarder: 1 left (the seat before), 2 opposite,
                    // 3 right.
                    let from = off as u8;
                    let t0 = Instant::now();
                    let d = match bot {
                        Bot::Planner => {
                            plan::decide_claim(&p, t as u8, from, &claims, win.as_ref(), lim)
                        }
                        Bot::Greedy => plan::greedy_claim(&p, t as u8, from, &claims, win.as_ref()),
                    }
                    .expect("claim");
                    st.times.push(t0.elapsed().as_secs_f64());
                    match d {
                        Decision::Win => {
                            st.wins += 1;
                            let q = mcr::score(win.as_ref().unwrap()).is_ok_and(|s| s.qualifies());
                            st.qualifying += usize::from(q);
                            break 'hand;
                        }
                        Decision::Claim(c) if claimed.is_none() => claimed = Some((s, c)),
                        _ => {}
                    }
                }
                match claimed {
                    Some((s, c)) => {
                        let seat = &mut seats[s];
                        let from = ((s + 4 - turn) % 4) as u8;
                        let m = match c {
                            Claim::Pung => {
                                seat.hand[t] -= 2;
                                Meld::pung(t as u8, from)
                            }
                            Claim::Kong => {
                                seat.hand[t] -= 3;
                                Meld::kong(t as u8, from)
                            }
                            Claim::Chow { first } => {
                                let f = usize::from(first);
                                for x in f..f + 3 {
                                    if x != t {
                                        seat.hand[x] -= 1;
                                    }
                                }
                                Meld::chow(first, (t - f + 1) as u8)
                            }
                        };
                        seat.melds.push(m);
                        // The discard is now a meld tile (still seen); add the hand's tiles.
                        match c {
                            Claim::Pung => seen[t] += 2,
                            Claim::Kong => seen[t] += 3,
                            Claim::Chow { first } => {
                                let f = usize::from(first);
                                (f..f + 3).filter(|&x| x != t).for_each(|x| seen[x] += 1);
                            }
                        }
                        turn = s;
                        // After a kong the seat draws a replacement; after a chow or pung it
                        // discards without drawing.
                        draw = c == Claim::Kong;
                        if !draw {
                            let p = plan_hand(&seats[turn], turn, &seen);
                            let t0 = Instant::now();
                            let d = match bot {
                                Bot::Planner => plan::decide_turn(&p, None, &[], lim),
                                Bot::Greedy => plan::greedy_turn(&p, None, &[]),
                            }
                            .expect("discard after claim");
                            st.times.push(t0.elapsed().as_secs_f64());
                            let Decision::Discard(x) = d else {
                                panic!("{d:?}")
                            };
                            let x = usize::from(x);
                            seats[turn].hand[x] -= 1;
                            seen[x] += 1;
                            // (No claims on a discard after a claim, to keep the loop short.)
                            turn = (turn + 1) % 4;
                            draw = true;
                        }
                    }
                    None => {
                        turn = (turn + 1) % 4;
                        draw = true;
                    }
                }
            } else {
                draw = true;
            }
        }
    }
    st
}

fn main() {
    mjkit::init();
    let hands: usize = std::env::var("MJ_BENCH_HANDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    println!("MCR planner, {hands} hands of four copies of each bot (one thread)");
    for (name, bot) in [
        ("planner (mcr::plan::decide_*)", Bot::Planner),
        ("greedy baseline", Bot::Greedy),
    ] {
        let t0 = Instant::now();
        let mut st = play(bot, hands, 0x4D43_5250);
        let secs = t0.elapsed().as_secs_f64();
        st.times.sort_by(f64::total_cmp);
        let n = st.times.len();
        let q = |f: f64| st.times[((n as f64 * f) as usize).min(n - 1)] * 1e6;
        println!(
            "  {name:30} {:8.0} hands/s  {:5.1} decisions/hand  decision median {:7.1} us  p99 {:8.1} us  max {:8.1} us  won {:4.1}%  qualifying {:4.1}% of wins",
            st.hands as f64 / secs,
            n as f64 / st.hands as f64,
            q(0.5),
            q(0.99),
            st.times[n - 1] * 1e6,
            100.0 * st.wins as f64 / st.hands as f64,
            100.0 * st.qualifying as f64 / st.wins.max(1) as f64,
        );
    }
}
