//! `--probe`, `--oracle`, `--waits` and `--latency`: where mjkit's deal-ins come from, what
//! better danger information would give, the ready opponents' waits, the decision time.

use super::*;

/// Counts of `--probe`, summed over walls.
#[derive(Default, Clone)]
pub(crate) struct Stats {
    pub(crate) hands: u64,
    pub(crate) wins: u64,
    pub(crate) deal_ins: u64,
    pub(crate) ready_any: u64,
    /// Deal-ins and discards by the shanten number after the discard: 0, 1, 2, 3+.
    pub(crate) di_by_s: [u64; 4],
    pub(crate) discards_by_s: [u64; 4],
    /// Deal-ins where a discard of the same shanten was safe.
    pub(crate) avoidable_same_s: [u64; 4],
    pub(crate) avoidable_any: u64,
    pub(crate) model_danger_sum_hit: f64,
    pub(crate) hit_count: u64,
    pub(crate) model_danger_sum_safe: f64,
    pub(crate) safe_count: u64,
    /// Own discards until first ready, summed over the hands where it got ready.
    pub(crate) ready_turn_sum: u64,
    pub(crate) lost_while_ready: u64,
    /// Within the hand being played: mjkit's discards so far, and whether it was ready.
    pub(crate) my_turns: u64,
    pub(crate) ready_seen: bool,
}

pub(crate) fn add_stats(a: &mut Stats, b: &Stats) {
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

pub(crate) fn shanten(c: &[u8; TILE_KINDS]) -> i32 {
    Hand::new(c)
        .ok()
        .and_then(|h| mjkit::shanten::shanten(&h, Forms::REGULAR).ok())
        .unwrap_or(99)
}

pub(crate) fn true_waits(table: &Table, me: usize) -> u64 {
    let mut w = 0u64;
    for o in 0..SEATS {
        if o == me {
            continue;
        }
        if let Ok(h) = Hand::new(table.hand(o)) {
            if mjkit::shanten::shanten(&h, Forms::REGULAR) == Ok(0) {
                w |= mjkit::win::waits(&h, Forms::REGULAR).unwrap_or(0);
            }
        }
    }
    w
}

/// Times every decision of four mjkit bots over `hands` hands on this thread.
pub(crate) fn latency(hands: u64, seed: u64) {
    let mut times: Vec<u64> = Vec::new();
    let mut table = Table::new(
        Rules {
            claim_window: mjkit::table::ClaimWindow::Claimants,
            ..Rules::taiwan16()
        },
        seed,
    )
    .expect("valid rules");
    let bot = BotConfig::mjkit();
    let start = std::time::Instant::now();
    for i in 0..hands {
        table
            .deal(i as u32, (i % 4) as u8, ((i / 4) % 4) as u8)
            .expect("valid deal");
        while table.phase() != Phase::Over {
            let seat = table.pending().trailing_zeros() as usize;
            let view = table.view(seat);
            let t0 = std::time::Instant::now();
            let a = ai::decide(&view, &bot);
            times.push(t0.elapsed().as_nanos() as u64);
            table.apply(seat, a).expect("legal action");
        }
    }
    let secs = start.elapsed().as_secs_f64();
    times.sort_unstable();
    let q = |f: f64| times[((times.len() - 1) as f64 * f) as usize] as f64 / 1000.0;
    println!(
        "{} decisions in {hands} hands: median {:.1} us, p99 {:.1} us, max {:.1} us; {:.0} hands/s (whole hands, one thread)",
        times.len(),
        q(0.5),
        q(0.99),
        q(1.0),
        hands as f64 / secs
    );
}

/// The oracle's danger for mjkit's seat `me` (see [`Oracle`]).
pub(crate) fn oracle_danger(
    oracle: Oracle,
    table: &Table,
    view: &View,
    me: usize,
    sampler: (&posterior::Settings, &mut Rng),
    alpha: f64,
) -> [f64; TILE_KINDS] {
    let (settings, rng) = sampler;
    let mut safe = [1.0f64; TILE_KINDS];
    for o in 0..SEATS {
        if o == me {
            continue;
        }
        let h = Hand::new(table.hand(o)).expect("a table hand");
        let ready = mjkit::shanten::shanten(&h, Forms::REGULAR) == Ok(0);
        let real = if ready {
            mjkit::win::waits(&h, Forms::REGULAR).unwrap_or(0)
        } else {
            0
        };
        let mut model = lab::wait_probabilities(view, o);
        let p_ready = lab::ready_probability(view, o);
        if oracle == Oracle::Posterior {
            let mut c = posterior::Counters::default();
            if let Some((p, q)) = posterior::waits(view, o, settings, rng, &mut c) {
                for k in 0..TILE_KINDS {
                    model[k] = posterior::adjusted(model[k], p[k], q[k]);
                }
            }
        }
        for k in 0..TILE_KINDS {
            let is_wait = f64::from(u8::from(real & (1 << k) != 0));
            let p = match oracle {
                Oracle::None | Oracle::Posterior => p_ready * model[k],
                Oracle::Full => is_wait,
                Oracle::Ready => f64::from(u8::from(ready)) * model[k],
                Oracle::Wait if ready => p_ready * is_wait,
                Oracle::Wait => p_ready * model[k],
                Oracle::Blend if ready => p_ready * ((1.0 - alpha) * model[k] + alpha * is_wait),
                Oracle::Blend => p_ready * model[k],
            };
            safe[k] *= 1.0 - p;
        }
    }
    safe.map(|x| 1.0 - x)
}

/// Counts one discard of mjkit's (seat `me`) against the opponents' real waits.
pub(crate) fn probe_discard(st: &mut Stats, table: &Table, view: &View, me: usize, tile: u8) {
    st.my_turns += 1;
    let w = true_waits(table, me);
    let md = lab::danger(view);
    let t = usize::from(tile);
    let mut after = view.hand;
    after[t] -= 1;
    let s = shanten(&after);
    let b = s.clamp(0, 3) as usize;
    st.discards_by_s[b] += 1;
    if s == 0 && !st.ready_seen {
        st.ready_seen = true;
        st.ready_turn_sum += st.my_turns;
    }
    if w & (1 << t) == 0 {
        st.model_danger_sum_safe += md[t];
        st.safe_count += 1;
        return;
    }
    st.di_by_s[b] += 1;
    st.model_danger_sum_hit += md[t];
    st.hit_count += 1;
    let (mut same, mut any) = (false, false);
    for k in 0..TILE_KINDS {
        if view.hand[k] > 0 && w & (1 << k) == 0 {
            any = true;
            let mut c = view.hand;
            c[k] -= 1;
            same |= shanten(&c) <= s;
        }
    }
    st.avoidable_same_s[b] += u64::from(same);
    st.avoidable_any += u64::from(any);
}

pub(crate) fn probe_wall(
    seed: u64,
    i: u64,
    oracle: Oracle,
    ps: &posterior::Settings,
    alpha: f64,
) -> Stats {
    let mut state = (Stats::default(), Rng::from_u64((i << 20) ^ seed));
    duel(
        seed,
        i,
        &mut state,
        |(st, rng), table, view, mine| {
            if !mine {
                return bot_decision(view, false);
            }
            let me = usize::from(view.seat);
            let a = if oracle == Oracle::None {
                bot_decision(view, true)
            } else {
                let d = oracle_danger(oracle, table, view, me, (ps, rng), alpha);
                lab::decide_with_danger(view, 0, &d)
            };
            if view.phase == Phase::Turn && a.kind == ActionKind::Discard {
                probe_discard(st, table, view, me, a.tile);
            }
            a
        },
        |(st, _), table, me| {
            let res = table.result().expect("the hand is over");
            st.hands += 1;
            let won = res.winners & (1 << me) != 0;
            st.wins += u64::from(won);
            st.deal_ins += u64::from(res.end == End::Discard && usize::from(res.discarder) == me);
            if st.ready_seen {
                st.ready_any += 1;
                st.lost_while_ready += u64::from(!won);
            }
            st.ready_seen = false;
            st.my_turns = 0;
        },
    );
    state.0
}

pub(crate) fn probe(args: &Args) {
    let st = (0..args.hands)
        .into_par_iter()
        .map(|i| probe_wall(args.seed, i, args.oracle, &settings(args), args.alpha))
        .reduce(Stats::default, |mut a, b| {
            add_stats(&mut a, &b);
            a
        });
    let h = st.hands as f64;
    let pct = |n: u64| 100.0 * n as f64 / h;
    println!(
        "{} hands (oracle {:?}): win {:.2}%, deal-in {:.2}%, ready {:.2}% (first ready after {:.2} own discards), ready without winning {:.2}%",
        st.hands,
        args.oracle,
        pct(st.wins),
        pct(st.deal_ins),
        pct(st.ready_any),
        st.ready_turn_sum as f64 / st.ready_any.max(1) as f64,
        pct(st.lost_while_ready)
    );
    for b in 0..4 {
        println!(
            "shanten after the discard {}{}: {} discards, {} deal in ({:.2}% of hands), {} of them with a safe discard of the same shanten",
            b,
            if b == 3 { "+" } else { "" },
            st.discards_by_s[b],
            st.di_by_s[b],
            pct(st.di_by_s[b]),
            st.avoidable_same_s[b]
        );
    }
    println!(
        "deal-ins with any safe discard: {}; the model's mean danger of the tiles that dealt in {:.3}, of the others {:.3}",
        st.avoidable_any,
        st.model_danger_sum_hit / st.hit_count.max(1) as f64,
        st.model_danger_sum_safe / st.safe_count.max(1) as f64
    );
}

/// How many kinds the ready opponents of mjkit wait on, and which ranks.
pub(crate) fn wait_stats(args: &Args) {
    #[derive(Default)]
    struct W {
        ready: u64,
        kinds: [u64; 8],
        by_rank: [u64; 10],
    }
    let mut w = W::default();
    for i in 0..args.hands {
        duel(
            args.seed,
            i,
            &mut w,
            |w, table, view, mine| {
                if mine && view.phase == Phase::Turn {
                    for o in (0..SEATS).filter(|&o| o != usize::from(view.seat)) {
                        let h = Hand::new(table.hand(o)).expect("a table hand");
                        if mjkit::shanten::shanten(&h, Forms::REGULAR) != Ok(0) {
                            continue;
                        }
                        let waits = mjkit::win::waits(&h, Forms::REGULAR).unwrap_or(0);
                        w.ready += 1;
                        w.kinds[(waits.count_ones() as usize).min(7)] += 1;
                        for k in (0..TILE_KINDS).filter(|k| waits & (1 << k) != 0) {
                            w.by_rank[if k >= 27 { 9 } else { k % 9 }] += 1;
                        }
                    }
                }
                bot_decision(view, mine)
            },
            |_, _, _| {},
        );
    }
    println!(
        "{} ready opponents seen at mjkit's turns; by number of wait kinds (0..7+): {:?}",
        w.ready, w.kinds
    );
    println!("wait kinds by rank 1..9, then honours: {:?}", w.by_rank);
}
