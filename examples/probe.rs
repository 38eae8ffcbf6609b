//! Where mjkit's deal-ins come from, and what better danger information would be worth.
//!
//! ```text
//! cargo run --release --example probe -- --hands 3000 --seed 2
//! cargo run --release --example probe -- --hands 3000 --seed 2 --oracle full
//! cargo run --release --example probe -- --hands 2000 --waits
//! ```
//!
//! It plays `mjkit` against three `seed:99` bots, each wall four times with the bots rotated
//! through the seats (as `selfplay --duplicate`). At every discard of `mjkit` it reads the
//! opponents' real hands from the table (the bot never sees them) and counts the discards that
//! deal in (the tile is a wait of a ready opponent) by the shanten number after the discard,
//! and whether another discard of the same shanten was safe. `--oracle` replaces the bot's
//! danger with knowledge it cannot have, to bound what a better danger model could give:
//! `full` (the real waits of every ready opponent), `ready` (which opponents are ready, with
//! the wait model), `wait` (the real waits of the ready opponents, weighted by the ready
//! model). `--waits` prints statistics of the opponents' waits instead.
use clap::{Parser, ValueEnum};
use mjkit::ai::{self, BotConfig, mjbot};
use mjkit::table::{Action, ActionKind, End, Phase, Rules, SEATS, Table};
use mjkit::{Forms, Hand, TILE_KINDS};
use rayon::prelude::*;

/// What the bot is told in place of its danger model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Oracle {
    /// Nothing: the bot as it is.
    None,
    /// The real waits of every ready opponent (danger 0 or 1).
    Full,
    /// Which opponents are ready (the wait model for their waits).
    Ready,
    /// The real waits of ready opponents, weighted by the ready model.
    Wait,
}

#[derive(Parser, Debug)]
#[command(about = "where mjkit's deal-ins come from; oracle bounds of the danger model")]
struct Args {
    /// Walls to play (each four times).
    #[arg(long, default_value_t = 3000)]
    hands: u64,
    /// Table seed.
    #[arg(long, default_value_t = 2)]
    seed: u64,
    /// Print statistics of the opponents' waits (one seating per wall) instead.
    #[arg(long)]
    waits: bool,
    /// Danger information given to the bot in place of its model.
    #[arg(long, value_enum, default_value_t = Oracle::None)]
    oracle: Oracle,
}

#[derive(Default, Clone)]
struct Stats {
    hands: u64,
    wins: u64,
    deal_ins: u64,
    ready_any: u64,
    // deal-ins by shanten after the discard: 0,1,2,3+
    di_by_s: [u64; 4],
    discards_by_s: [u64; 4],
    // deal-in where a discard of the same shanten was truly safe
    avoidable_same_s: [u64; 4],
    avoidable_any: u64,
    model_danger_sum_hit: f64,
    hit_count: u64,
    model_danger_sum_safe: f64,
    safe_count: u64,
    // turn at which mjkit got ready (own discards), summed when ready
    ready_turn_sum: u64,
    lost_while_ready: u64,
}

fn add(a: &mut Stats, b: &Stats) {
    a.hands += b.hands;
    a.wins += b.wins;
    a.deal_ins += b.deal_ins;
    a.ready_any += b.ready_any;
    for i in 0..4 {
        a.di_by_s[i] += b.di_by_s[i];
        a.discards_by_s[i] += b.discards_by_s[i];
        a.avoidable_same_s[i] += b.avoidable_same_s[i];
    }
    a.avoidable_any += b.avoidable_any;
    a.model_danger_sum_hit += b.model_danger_sum_hit;
    a.hit_count += b.hit_count;
    a.model_danger_sum_safe += b.model_danger_sum_safe;
    a.safe_count += b.safe_count;
    a.ready_turn_sum += b.ready_turn_sum;
    a.lost_while_ready += b.lost_while_ready;
}

fn shanten(c: &[u8; TILE_KINDS]) -> i32 {
    Hand::new(c)
        .ok()
        .and_then(|h| mjkit::shanten::regular(&h).ok())
        .unwrap_or(99)
}

fn true_waits(table: &Table, me: usize) -> u64 {
    let mut w = 0u64;
    for o in 0..SEATS {
        if o == me {
            continue;
        }
        if let Ok(h) = Hand::new(table.hand(o)) {
            if mjkit::shanten::regular(&h) == Ok(0) {
                w |= mjkit::win::waits(&h, Forms::REGULAR).unwrap_or(0);
            }
        }
    }
    w
}

fn play_wall(seed: u64, i: u64, oracle: Oracle) -> Stats {
    let mut st = Stats::default();
    let mut table = Table::new(Rules::taiwan16(), seed).expect("valid rules");
    let bots = [
        BotConfig::mjkit(),
        BotConfig::seed(99),
        BotConfig::seed(99),
        BotConfig::seed(99),
    ];
    for rot in 0..4 {
        table
            .deal(i as u32, (i % 4) as u8, ((i / 4) % 4) as u8)
            .expect("valid deal");
        let me = (4 - rot) % 4; // seat whose bot is bots[0]
        let mut ready_seen = false;
        let mut my_turns = 0u64;
        while table.phase() != Phase::Over {
            let seat = table.pending().trailing_zeros() as usize;
            let view = table.view(seat);
            let bot = bots[(seat + rot) % 4];
            let a: Action = if seat == me {
                let w = true_waits(&table, me);
                if oracle == Oracle::Full {
                    let mut d = [0.0; TILE_KINDS];
                    for (k, x) in d.iter_mut().enumerate() {
                        *x = if w & (1 << k) != 0 { 1.0 } else { 0.0 };
                    }
                    mjbot::decide_with_danger(&view, 0, &d)
                } else if oracle != Oracle::None {
                    let mut safe = [1.0f64; TILE_KINDS];
                    for o in 0..SEATS {
                        if o == me {
                            continue;
                        }
                        let h = Hand::new(table.hand(o)).unwrap();
                        let ready = mjkit::shanten::regular(&h) == Ok(0);
                        let wp = mjbot::wait_probabilities(&view, o);
                        let pr = mjbot::ready_probability(&view, o);
                        let ow = if ready {
                            mjkit::win::waits(&h, Forms::REGULAR).unwrap_or(0)
                        } else {
                            0
                        };
                        for k in 0..TILE_KINDS {
                            let p = if oracle == Oracle::Ready {
                                if ready { wp[k] } else { 0.0 }
                            } else if ready {
                                pr * if ow & (1 << k) != 0 { 1.0 } else { 0.0 }
                            } else {
                                pr * wp[k]
                            };
                            safe[k] *= 1.0 - p;
                        }
                    }
                    let d = safe.map(|x| 1.0 - x);
                    mjbot::decide_with_danger(&view, 0, &d)
                } else {
                    ai::decide(&view, &bot)
                }
            } else {
                ai::decide(&view, &bot)
            };
            if seat == me && view.phase == Phase::Turn && a.kind == ActionKind::Discard {
                my_turns += 1;
                let w = true_waits(&table, me);
                let md = mjbot::danger(&view);
                let t = usize::from(a.tile);
                let mut after = view.hand;
                after[t] -= 1;
                let s = shanten(&after);
                let b = (s.clamp(0, 3)) as usize;
                st.discards_by_s[b] += 1;
                if s == 0 && !ready_seen {
                    ready_seen = true;
                    st.ready_turn_sum += my_turns;
                }
                let hit = w & (1 << t) != 0;
                if hit {
                    st.di_by_s[b] += 1;
                    st.model_danger_sum_hit += md[t];
                    st.hit_count += 1;
                    let mut same = false;
                    let mut any = false;
                    for k in 0..TILE_KINDS {
                        if view.hand[k] > 0 && w & (1 << k) == 0 {
                            any = true;
                            let mut c = view.hand;
                            c[k] -= 1;
                            if shanten(&c) <= s {
                                same = true;
                            }
                        }
                    }
                    if same {
                        st.avoidable_same_s[b] += 1;
                    }
                    if any {
                        st.avoidable_any += 1;
                    }
                } else {
                    st.model_danger_sum_safe += md[t];
                    st.safe_count += 1;
                }
            }
            table.apply(seat, a).expect("legal action");
        }
        let res = table.result().expect("over");
        st.hands += 1;
        if res.winners & (1 << me) != 0 {
            st.wins += 1;
        }
        if res.end == End::Discard && usize::from(res.discarder) == me {
            st.deal_ins += 1;
        }
        if ready_seen {
            st.ready_any += 1;
            if res.winners & (1 << me) == 0 {
                st.lost_while_ready += 1;
            }
        }
    }
    st
}

fn wait_stats(hands: u64, seed: u64) {
    // number of wait kinds; shapes: for each ready hand, classify each wait kind by rank class
    let mut nk = [0u64; 12];
    let mut by_rank = [0u64; 10]; // rank 1..9 -> 0..8, honour -> 9
    let mut ready_hands = 0u64;
    let mut in_my_hand = 0u64;
    let mut table = Table::new(Rules::taiwan16(), seed).expect("rules");
    for i in 0..hands {
        table
            .deal(i as u32, (i % 4) as u8, ((i / 4) % 4) as u8)
            .expect("deal");
        while table.phase() != Phase::Over {
            let seat = table.pending().trailing_zeros() as usize;
            let view = table.view(seat);
            let bot = if seat == 0 {
                BotConfig::mjkit()
            } else {
                BotConfig::seed(99)
            };
            if seat == 0 && view.phase == Phase::Turn {
                for o in 1..SEATS {
                    let h = Hand::new(table.hand(o)).unwrap();
                    if mjkit::shanten::regular(&h) == Ok(0) {
                        ready_hands += 1;
                        let w = mjkit::win::waits(&h, Forms::REGULAR).unwrap_or(0);
                        nk[(w.count_ones() as usize).min(11)] += 1;
                        for k in 0..TILE_KINDS {
                            if w & (1 << k) != 0 {
                                by_rank[if k >= 27 { 9 } else { k % 9 }] += 1;
                                if view.hand[k] > 0 {
                                    in_my_hand += 1;
                                }
                            }
                        }
                    }
                }
            }
            let a = ai::decide(&view, &bot);
            table.apply(seat, a).expect("legal");
        }
    }
    println!(
        "ready observations {ready_hands}; wait kinds count histogram {:?}",
        nk
    );
    println!(
        "waits by rank 1..9, honour: {:?}; waits in my hand {}",
        by_rank, in_my_hand
    );
}

fn main() {
    let args = Args::parse();
    if args.waits {
        wait_stats(args.hands, args.seed);
        return;
    }
    let st = (0..args.hands)
        .into_par_iter()
        .map(|i| play_wall(args.seed, i, args.oracle))
        .reduce(Stats::default, |mut a, b| {
            add(&mut a, &b);
            a
        });
    let h = st.hands as f64;
    println!(
        "hands {} win {:.2}% deal-in {:.2}% ready {:.2}% mean ready turn {:.2} lost-while-ready {:.2}%",
        st.hands,
        100.0 * st.wins as f64 / h,
        100.0 * st.deal_ins as f64 / h,
        100.0 * st.ready_any as f64 / h,
        st.ready_turn_sum as f64 / st.ready_any.max(1) as f64,
        100.0 * st.lost_while_ready as f64 / h
    );
    for b in 0..4 {
        println!(
            "s_after={}{}: discards {} hits {} ({:.2}% of hands) avoidable at same shanten {}",
            b,
            if b == 3 { "+" } else { "" },
            st.discards_by_s[b],
            st.di_by_s[b],
            100.0 * st.di_by_s[b] as f64 / h,
            st.avoidable_same_s[b]
        );
    }
    println!(
        "hits avoidable by any safe tile {} ; mean model danger of hits {:.3}, of safe discards {:.3}",
        st.avoidable_any,
        st.model_danger_sum_hit / st.hit_count.max(1) as f64,
        st.model_danger_sum_safe / st.safe_count.max(1) as f64
    );
}
