//! Fits the danger model of mjkit's bot (`src/ai/mjbot.rs`) on self-play.
//!
//! ```text
//! cargo run --release --example calibrate -- --hands 4000 --seed 7
//! ```
//!
//! It plays `mjkit` against three `seed:99` bots, every wall four times with the bots rotated
//! through the seats. At each turn of `mjkit` it records, for each opponent, the inputs of the
//! ready model ([`mjbot::ready_features`], from the view only) and whether that opponent is
//! really ready (its concealed tiles, read from the table, which the bot never sees); for a
//! ready opponent and each kind in mjkit's hand, the inputs of the wait model
//! ([`mjbot::wait_features`]) and whether the kind is among the opponent's waits (kinds
//! [`mjbot::passed_since_change`] settles are left out, and the program counts the real
//! waits that rule would have marked: it must print 0). Both models
//! are logistic regressions fitted by Newton's method; the program prints the weights as the
//! Rust constants to paste into `mjbot.rs`, with the log-loss and a calibration table.
//!
//! `--probe` instead measures where mjkit's deal-ins come from: at every discard of `mjkit` it
//! reads the opponents' real hands and counts the discards that deal in (the tile is a wait of
//! a ready opponent) by the shanten number after the discard, and whether another discard of
//! the same shanten was safe. `--oracle` (with `--probe`) replaces the bot's danger with
//! knowledge it cannot have, to bound what a better danger model could give: `full` (the real
//! waits of every ready opponent), `ready` (which opponents are ready, with the wait model),
//! `wait` (the real waits of the ready opponents, weighted by the ready model). `--waits`
//! prints how many kinds the ready opponents wait on, and which.
//!
//! ```text
//! cargo run --release --example calibrate -- --probe --hands 3000 --seed 2 --oracle full
//! ```
//!
//! `--dump FILE` (while fitting) also writes every wait row as CSV: the wall, the label, the
//! wait model's inputs and the opponent's raw discard history around the kind, for trying richer
//! models outside the program (`scripts/wait_models.py`).
//!
//! `--posterior` instead measures how well the waits of a ready `seed:99` opponent can be
//! inferred with a model of its play: its concealed hand is sampled (ready hands built from
//! the unseen tiles, weighted by whether `seed:99`, holding them, would have made its recent
//! discards; see the `posterior` module) and the sampled chance of each kind is scored by
//! log-loss beside the wait model's, on the real waits. `--oracle posterior` plays with that
//! inference in the bot's danger; `--oracle blend --alpha A` with the wait model blended with the
//! real waits, a reading between the model and `wait`.
//!
//! ```text
//! cargo run --release --example calibrate -- --posterior --hands 300 --seed 7 --depth 3
//! cargo run --release --example calibrate -- --probe --hands 1500 --seed 2 --oracle blend --alpha 0.25
//! ```
//!
//! `--latency N` instead times every decision of four mjkit bots over N hands on one thread
//! (median, p99, maximum, hands per second).

use clap::{Parser, ValueEnum};
use mjkit::ai::{self, BotConfig, mjbot};
use mjkit::table::rng::Rng;
use mjkit::table::{Action, ActionKind, End, Phase, Rules, SEATS, Table, View};
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
    /// For ready opponents, `(1 - alpha)` x the wait model + `alpha` x the real waits, with the
    /// ready model: a reading between the model (`alpha` 0) and `wait` (1).
    Blend,
    /// Not an oracle: the wait model's odds times the likelihood ratio of the opponent's
    /// recent discards under the `seed:99` policy (`--posterior` sampler), with the ready model.
    Posterior,
}

#[derive(Parser, Debug)]
#[command(about = "fit the danger model of mjkit's bot on self-play, or probe it")]
struct Args {
    /// Walls to play (each four times).
    #[arg(long, default_value_t = 1500)]
    hands: u64,
    /// Table seed (use another seed than the strength runs).
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Instead of fitting: time every decision of four mjkit bots over this many hands on one
    /// thread and print the median, p99 and maximum latency and the hands per second.
    #[arg(long)]
    latency: Option<u64>,
    /// Instead of fitting: count where mjkit's deal-ins come from (see `--oracle`).
    #[arg(long)]
    probe: bool,
    /// With `--probe`: danger information given to the bot in place of its model.
    #[arg(long, value_enum, default_value_t = Oracle::None)]
    oracle: Oracle,
    /// Instead of fitting: statistics of the ready opponents' waits.
    #[arg(long)]
    waits: bool,
    /// Instead of fitting: compare the wait model with the sampled posterior of a `seed:99`
    /// opponent's waits (log-loss on the real waits of ready opponents).
    #[arg(long)]
    posterior: bool,
    /// Sampled hands per opponent and decision (`--posterior`).
    #[arg(long, default_value_t = 2000)]
    samples: usize,
    /// Likelihood of a discard the opponent's policy would not make (1: the policy is not
    /// used).
    #[arg(long, default_value_t = 0.1)]
    eps: f64,
    /// Tsumogiri discards checked against the policy.
    #[arg(long, default_value_t = 3)]
    tsumo: usize,
    /// `--oracle blend`: the weight of the real waits.
    #[arg(long, default_value_t = 0.5)]
    alpha: f64,
    /// Discards from the hand the sampler walks back through (1: the last one only).
    #[arg(long, default_value_t = 1)]
    depth: usize,
    /// Percent of sampled hands built as n-1 sets, a pair and a partial (else n sets and a
    /// single).
    #[arg(long, default_value_t = 85)]
    pair_form: u32,
    /// While fitting, also write every wait row as CSV to this file (the label, the wait
    /// model's inputs and the opponent's raw discard history around the kind), for trying
    /// richer models outside the program.
    #[arg(long)]
    dump: Option<std::path::PathBuf>,
}

#[derive(Default)]
struct Rows {
    ready_x: Vec<[f64; mjbot::READY_FEATURES]>,
    ready_y: Vec<bool>,
    wait_x: Vec<[f64; mjbot::WAIT_FEATURES]>,
    wait_y: Vec<bool>,
    /// Real waits that `mjbot::passed_since_change` marked as not a wait (must stay 0).
    rule_broken: u64,
    /// Real waits checked against that rule.
    rule_checked: u64,
    /// Whether `--dump` asked for the rows as CSV lines.
    dumping: bool,
    /// `--dump` lines: wall, label, the wait model's inputs, [`history_features`].
    dump: Vec<String>,
}

impl Rows {
    fn merge(mut self, mut o: Rows) -> Rows {
        self.ready_x.append(&mut o.ready_x);
        self.ready_y.append(&mut o.ready_y);
        self.wait_x.append(&mut o.wait_x);
        self.wait_y.append(&mut o.wait_y);
        self.rule_broken += o.rule_broken;
        self.rule_checked += o.rule_checked;
        self.dumping |= o.dumping;
        self.dump.append(&mut o.dump);
        self
    }
}

/// Plays wall `i` of table `seed` four times, `mjkit` in each seat once against three
/// `seed:99` bots. `act` chooses every action from the table, the view of the seat to act and
/// whether that seat is mjkit's (it may read the table: the labels and the oracles do; the bots
/// see the view only); `end` sees each finished hand with mjkit's seat.
fn duel<S>(
    seed: u64,
    i: u64,
    st: &mut S,
    act: impl Fn(&mut S, &Table, &View, bool) -> Action,
    end: impl Fn(&mut S, &Table, usize),
) {
    let mut table = Table::new(Rules::taiwan16(), seed).expect("valid rules");
    for rot in 0..4 {
        table
            .deal(i as u32, (i % 4) as u8, ((i / 4) % 4) as u8)
            .expect("valid deal");
        let me = (4 - rot) % 4;
        while table.phase() != Phase::Over {
            let seat = table.pending().trailing_zeros() as usize;
            let view = table.view(seat);
            let a = act(st, &table, &view, seat == me);
            table.apply(seat, a).expect("legal action");
        }
        end(st, &table, me);
    }
}

/// The bots' own decision: mjkit in its seat, `seed:99` elsewhere.
fn bot_decision(view: &View, mine: bool) -> Action {
    let bot = if mine {
        BotConfig::mjkit()
    } else {
        BotConfig::seed(99)
    };
    ai::decide(view, &bot)
}

fn play_wall(seed: u64, i: u64, dumping: bool) -> Rows {
    let mut rows = Rows {
        dumping,
        ..Rows::default()
    };
    duel(
        seed,
        i,
        &mut rows,
        |rows, table, view, mine| {
            if mine && view.phase == Phase::Turn {
                record(table, view, usize::from(view.seat), rows, i);
            }
            bot_decision(view, mine)
        },
        |_, _, _| {},
    );
    rows
}

/// Names of the columns [`history_features`] adds after the wait model's inputs in `--dump`.
fn history_columns() -> Vec<String> {
    let mut c = vec!["rank".to_string(), "honour".to_string()];
    for d in -3i32..=3 {
        for f in [
            "in_suit",
            "unseen",
            "discarded",
            "from_hand",
            "last_ago",
            "first_at",
            "others",
        ] {
            c.push(format!("{f}{d:+}"));
        }
    }
    c.extend(["own_discards", "melds", "wall_left", "p_ready"].map(String::from));
    for i in 1..=4 {
        c.push(format!("hand_discard_{i}_offset"));
    }
    c.extend(["melds_in_suit", "discards_in_suit"].map(String::from));
    c
}

/// Raw discard history of opponent `o` around kind `k`, for fitting richer wait models outside
/// the program (`--dump`): the rank (9 for an honour) and an honour flag; for each tile `k + d`,
/// `d` in -3..=3 (in `k`'s suit; -1 / -2 fillers outside it), whether it exists, its unseen
/// copies, how often `o` discarded it and how often from the hand, how many of `o`'s discards
/// ago it last discarded it and at which of its discards it first did (-1 if never), and how
/// often the others discarded it; then `o`'s discard count, its melds, the wall left, the ready
/// model's probability, the offset from `k` of `o`'s last four discards from the hand (in the
/// suit; 0 the same kind, 20 another suit, 30 none), `o`'s melds and discards in `k`'s suit.
fn history_features(view: &View, o: usize, unseen: &[u8; TILE_KINDS], k: usize) -> Vec<f64> {
    let list = view.discard_list();
    let n_own = list.iter().filter(|d| usize::from(d.seat) == o).count();
    let mut by_o = [0f64; TILE_KINDS];
    let mut from_hand = [0f64; TILE_KINDS];
    let mut last_ago = [-1f64; TILE_KINDS];
    let mut first_at = [-1f64; TILE_KINDS];
    let mut others = [0f64; TILE_KINDS];
    let mut hand_discards: Vec<usize> = Vec::new();
    let mut i = 0usize;
    for d in list {
        let t = usize::from(d.tile);
        if usize::from(d.seat) == o {
            by_o[t] += 1.0;
            if !d.drawn_and_discarded {
                from_hand[t] += 1.0;
                hand_discards.push(t);
            }
            last_ago[t] = (n_own - 1 - i) as f64;
            if first_at[t] < 0.0 {
                first_at[t] = i as f64;
            }
            i += 1;
        } else {
            others[t] += 1.0;
        }
    }
    let honour = k >= mjkit::tile::HONOR_START;
    let mut v = vec![
        if honour { 9.0 } else { (k % 9) as f64 },
        f64::from(u8::from(honour)),
    ];
    for d in -3i32..=3 {
        let in_suit = d == 0 || (!honour && (0..9).contains(&((k % 9) as i32 + d)));
        if in_suit {
            let j = (k as i32 + d) as usize;
            v.extend([
                1.0,
                f64::from(unseen[j]),
                by_o[j],
                from_hand[j],
                last_ago[j],
                first_at[j],
                others[j],
            ]);
        } else {
            v.extend([0.0, -1.0, -1.0, -1.0, -2.0, -2.0, -1.0]);
        }
    }
    v.extend([
        n_own as f64,
        f64::from(view.meld_counts[o]),
        f64::from(view.wall_left),
        mjbot::ready_probability(view, o),
    ]);
    for i in 0..4 {
        v.push(match hand_discards.iter().rev().nth(i) {
            None => 30.0,
            Some(&t) if t == k => 0.0,
            Some(&t) if !honour && t < mjkit::tile::HONOR_START && t / 9 == k / 9 => {
                t as f64 - k as f64
            }
            Some(_) => 20.0,
        });
    }
    let suit = k / 9;
    let melds_in_suit = view
        .melds_of(o)
        .iter()
        .filter(|m| usize::from(m.tile) / 9 == suit)
        .count();
    v.push(melds_in_suit as f64);
    v.push(
        (0..TILE_KINDS)
            .filter(|&j| j / 9 == suit)
            .map(|j| by_o[j])
            .sum(),
    );
    v
}

fn record(table: &Table, view: &mjkit::table::View, me: usize, rows: &mut Rows, wall: u64) {
    let unseen = mjbot::unseen(view, &view.visible());
    for o in 0..SEATS {
        if o == me {
            continue;
        }
        let Ok(h) = Hand::new(table.hand(o)) else {
            continue;
        };
        let ready = mjkit::shanten::shanten(&h, Forms::REGULAR) == Ok(0);
        rows.ready_x.push(mjbot::ready_features(view, o));
        rows.ready_y.push(ready);
        if !ready {
            continue;
        }
        let waits = mjkit::win::waits(&h, Forms::REGULAR).unwrap_or(0);
        let f = mjbot::wait_features(view, o, &unseen);
        let sure = mjbot::passed_since_change(view, o);
        rows.rule_checked += u64::from(waits.count_ones());
        for (k, fk) in f.iter().enumerate() {
            if sure & (1 << k) != 0 && waits & (1 << k) != 0 {
                rows.rule_broken += 1;
            }
            if view.hand[k] > 0 && sure & (1 << k) == 0 {
                rows.wait_x.push(*fk);
                rows.wait_y.push(waits & (1 << k) != 0);
                if rows.dumping {
                    let mut line = format!("{wall},{}", u8::from(waits & (1 << k) != 0));
                    for x in fk
                        .iter()
                        .chain(history_features(view, o, &unseen, k).iter())
                    {
                        line.push_str(&format!(",{x}"));
                    }
                    rows.dump.push(line);
                }
            }
        }
    }
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Logistic regression by Newton's method with a small ridge; returns the weights.
fn fit<const N: usize>(x: &[[f64; N]], y: &[bool]) -> [f64; N] {
    let mut w = [0.0f64; N];
    for _ in 0..30 {
        let mut g = [0.0f64; N];
        let mut h = [[0.0f64; N]; N];
        for (xi, &yi) in x.iter().zip(y) {
            let z: f64 = w.iter().zip(xi).map(|(a, b)| a * b).sum();
            let p = sigmoid(z);
            let r = f64::from(u8::from(yi)) - p;
            let s = (p * (1.0 - p)).max(1e-9);
            for a in 0..N {
                g[a] += r * xi[a];
                for b in 0..N {
                    h[a][b] += s * xi[a] * xi[b];
                }
            }
        }
        for (a, row) in h.iter_mut().enumerate() {
            row[a] += 1e-3 * x.len() as f64 * 1e-3;
            g[a] -= 1e-6 * x.len() as f64 * w[a];
        }
        let d = solve(h, g);
        let mut step = 0.0f64;
        for a in 0..N {
            w[a] += d[a];
            step = step.max(d[a].abs());
        }
        if step < 1e-7 {
            break;
        }
    }
    w
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve<const N: usize>(mut a: [[f64; N]; N], mut b: [f64; N]) -> [f64; N] {
    for c in 0..N {
        let p = (c..N)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .expect("rows");
        a.swap(c, p);
        b.swap(c, p);
        let d = a[c][c];
        if d.abs() < 1e-12 {
            continue;
        }
        let pivot = a[c];
        let bc = b[c];
        for (r, row) in a.iter_mut().enumerate() {
            if r != c {
                let f = row[c] / d;
                for (x, p) in row.iter_mut().zip(pivot.iter()).skip(c) {
                    *x -= f * p;
                }
                b[r] -= f * bc;
            }
        }
    }
    let mut x = [0.0f64; N];
    for i in 0..N {
        if a[i][i].abs() > 1e-12 {
            x[i] = b[i] / a[i][i];
        }
    }
    x
}

fn report<const N: usize>(name: &str, w: &[f64; N], x: &[[f64; N]], y: &[bool]) {
    let mut loss = 0.0;
    let mut base = 0.0;
    let rate = y.iter().filter(|&&v| v).count() as f64 / y.len().max(1) as f64;
    let mut bins = [(0.0f64, 0u64, 0u64); 10];
    for (xi, &yi) in x.iter().zip(y) {
        let z: f64 = w.iter().zip(xi).map(|(a, b)| a * b).sum();
        let p = sigmoid(z).clamp(1e-9, 1.0 - 1e-9);
        let t = f64::from(u8::from(yi));
        loss -= t * p.ln() + (1.0 - t) * (1.0 - p).ln();
        base -= t * rate.max(1e-9).ln() + (1.0 - t) * (1.0 - rate).max(1e-9).ln();
        let b = ((p * 10.0) as usize).min(9);
        bins[b].0 += p;
        bins[b].1 += 1;
        bins[b].2 += u64::from(yi);
    }
    let n = y.len().max(1) as f64;
    println!(
        "// {name}: {} rows, rate {:.4}, log-loss {:.4} (constant model {:.4})",
        y.len(),
        rate,
        loss / n,
        base / n
    );
    for (lo, (ps, c, pos)) in bins.iter().enumerate() {
        if *c > 0 {
            println!(
                "//   p in [{:.1}, {:.1}): n {:>8}  predicted {:.3}  observed {:.3}",
                lo as f64 / 10.0,
                (lo + 1) as f64 / 10.0,
                c,
                ps / *c as f64,
                *pos as f64 / *c as f64
            );
        }
    }
    let ws: Vec<String> = w.iter().map(|v| format!("{v:.4}")).collect();
    println!("[{}]", ws.join(", "));
}

/// Counts of `--probe`, summed over walls.
#[derive(Default, Clone)]
struct Stats {
    hands: u64,
    wins: u64,
    deal_ins: u64,
    ready_any: u64,
    /// Deal-ins and discards by the shanten number after the discard: 0, 1, 2, 3+.
    di_by_s: [u64; 4],
    discards_by_s: [u64; 4],
    /// Deal-ins where a discard of the same shanten was safe.
    avoidable_same_s: [u64; 4],
    avoidable_any: u64,
    model_danger_sum_hit: f64,
    hit_count: u64,
    model_danger_sum_safe: f64,
    safe_count: u64,
    /// Own discards until first ready, summed over the hands where it got ready.
    ready_turn_sum: u64,
    lost_while_ready: u64,
    /// Within the hand being played: mjkit's discards so far, and whether it was ready.
    my_turns: u64,
    ready_seen: bool,
}

fn add_stats(a: &mut Stats, b: &Stats) {
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
        .and_then(|h| mjkit::shanten::shanten(&h, Forms::REGULAR).ok())
        .unwrap_or(99)
}

fn true_waits(table: &Table, me: usize) -> u64 {
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
fn latency(hands: u64, seed: u64) {
    let mut times: Vec<u64> = Vec::new();
    let mut table = Table::new(Rules::taiwan16(), seed).expect("valid rules");
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
fn oracle_danger(
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
        let mut model = mjbot::wait_probabilities(view, o);
        let p_ready = mjbot::ready_probability(view, o);
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
fn probe_discard(st: &mut Stats, table: &Table, view: &View, me: usize, tile: u8) {
    st.my_turns += 1;
    let w = true_waits(table, me);
    let md = mjbot::danger(view);
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

fn probe_wall(seed: u64, i: u64, oracle: Oracle, ps: &posterior::Settings, alpha: f64) -> Stats {
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
                mjbot::decide_with_danger(view, 0, &d)
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

fn probe(args: &Args) {
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
fn wait_stats(args: &Args) {
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

fn main() {
    let args = Args::parse();
    mjkit::init();
    if let Some(n) = args.latency {
        latency(n, args.seed);
        return;
    }
    if args.waits {
        wait_stats(&args);
        return;
    }
    if let Some(t) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global()
            .expect("thread pool");
    }
    if args.probe {
        probe(&args);
        return;
    }
    if args.posterior {
        posterior_eval(&args);
        return;
    }
    let rows = (0..args.hands)
        .into_par_iter()
        .map(|i| play_wall(args.seed, i, args.dump.is_some()))
        .reduce(Rows::default, Rows::merge);
    if let Some(p) = &args.dump {
        let mut head = vec!["wall".to_string(), "wait".to_string()];
        head.extend((0..mjbot::WAIT_FEATURES).map(|i| format!("model_{i}")));
        head.extend(history_columns());
        let mut text = head.join(",");
        for line in &rows.dump {
            text.push('\n');
            text.push_str(line);
        }
        text.push('\n');
        std::fs::write(p, text).expect("write the --dump file");
        eprintln!("{} wait rows written to {}", rows.dump.len(), p.display());
    }
    let rw = fit(&rows.ready_x, &rows.ready_y);
    report("ready model", &rw, &rows.ready_x, &rows.ready_y);
    let ww = fit(&rows.wait_x, &rows.wait_y);
    report("wait model", &ww, &rows.wait_x, &rows.wait_y);
    println!(
        "// passed_since_change: {} real waits checked, {} marked as passed",
        rows.rule_checked, rows.rule_broken
    );
    println!(
        "// command: cargo run --release --example calibrate -- --hands {} --seed {}",
        args.hands, args.seed
    );
}

/// Wait inference for a `seed:99` opponent by sampling its concealed hand (`--posterior`): an
/// experiment that knows the opponents' policy, which a bot for human opponents would not.
///
/// Importance sampling: ready hands of the opponent's concealed size are built from the tiles
/// this seat has not seen (n sets and a single, or n-1 sets, a pair and a two-tile partial,
/// each part drawn in proportion to its ways among the unseen copies), and each is weighted by
/// the view's evidence: 0 when a tile that passed since its last change would complete it
/// (`mjbot::passed_since_change`) or when it would have won with its last discard from the
/// hand; `eps` for each of its last discard from the hand and its last tsumogiri discards that
/// `seed:99`, holding that hand (with the discards before it), would not have made.
mod posterior {
    use super::*;
    use mjkit::table::{MeldKind, NO_TILE};

    /// Settings of the sampler.
    #[derive(Clone, Copy, Debug)]
    pub struct Settings {
        /// Sampled hands per opponent and decision.
        pub samples: usize,
        /// Likelihood of a discard the policy would not have made.
        pub eps: f64,
        /// Tsumogiri discards checked against the policy.
        pub tsumogiri: usize,
        /// Discards from the hand walked back through.
        pub depth: usize,
        /// Chance of the pair form (n-1 sets, a pair, a partial) over n sets and a single.
        pub pair_form: u32,
    }

    /// What the sampler saw, for the report.
    #[derive(Default, Clone, Copy)]
    pub struct Counters {
        /// Hands built.
        pub built: u64,
        /// Hands that survived the hard evidence.
        pub kept: u64,
        /// Policy checks, and those where `seed:99` would have made the same discard.
        pub checks: u64,
        pub agree: u64,
    }

    impl Counters {
        pub fn add(&mut self, o: &Counters) {
            self.built += o.built;
            self.kept += o.kept;
            self.checks += o.checks;
            self.agree += o.agree;
        }
    }

    fn below(rng: &mut Rng, n: u32) -> u32 {
        rng.below(u64::from(n)) as u32
    }

    /// `o`'s turn as it looked when it made discard `idx`, holding `g`.
    fn turn_view(view: &View, o: usize, idx: usize, g: &[u8; TILE_KINDS]) -> View {
        let mut v = *view;
        v.seat = o as u8;
        v.hand = *g;
        v.phase = Phase::Turn;
        v.actor = o as u8;
        v.pending = 1 << o;
        v.drawn = NO_TILE;
        v.offered = NO_TILE;
        v.discard_count = idx as u16;
        v.concealed_counts[o] = g.iter().sum();
        v
    }

    /// Whether `seed:99` in `o`'s seat, holding `g` at discard `idx`, discards `x`.
    fn seed_discards(
        view: &View,
        o: usize,
        idx: usize,
        g: &[u8; TILE_KINDS],
        x: u8,
        c: &mut Counters,
    ) -> bool {
        let a = ai::seed::decide(&turn_view(view, o, idx, g), 99);
        let ok = a.kind == ActionKind::Discard && a.tile == x;
        c.checks += 1;
        c.agree += u64::from(ok);
        ok
    }

    /// One of `o`'s discards, read backwards from the view.
    struct Event {
        /// Index of the discard in the view.
        idx: usize,
        tile: u8,
        /// Discarded straight after it was drawn.
        tsumogiri: bool,
        /// Kinds the other seats discarded between `o`'s previous discard and this one (the
        /// hand `o` held then did not wait on them).
        passed_before: u64,
        /// `o` claimed a tile between its previous discard and this one.
        claim_before: bool,
    }

    /// The evidence of `o`'s discards since its last kong, most recent first.
    struct History {
        events: Vec<Event>,
        /// Kinds that cannot be waits now.
        passed: u64,
    }

    fn history(view: &View, o: usize) -> History {
        let mut h = History {
            events: Vec::new(),
            passed: mjbot::passed_since_change(view, o),
        };
        let own_kong = view
            .melds_of(o)
            .iter()
            .any(|m| matches!(m.kind, MeldKind::AddedKong | MeldKind::ConcealedKong));
        if own_kong {
            return h;
        }
        let list = view.discard_list();
        let mut i = list.len();
        // Skip the discards after `o`'s last one.
        while i > 0 && usize::from(list[i - 1].seat) != o {
            i -= 1;
        }
        while i > 0 {
            let d = list[i - 1];
            let mut e = Event {
                idx: i - 1,
                tile: d.tile,
                tsumogiri: d.drawn_and_discarded,
                passed_before: 0,
                claim_before: false,
            };
            i -= 1;
            while i > 0 && usize::from(list[i - 1].seat) != o {
                let x = list[i - 1];
                if usize::from(x.claimed_by) == o {
                    e.claim_before = true;
                } else {
                    e.passed_before |= 1 << x.tile;
                }
                i -= 1;
            }
            let stop = e.claim_before;
            h.events.push(e);
            if stop {
                break;
            }
        }
        h
    }

    /// What the sampler weighs a hand of opponent `o` against.
    struct Evidence<'a> {
        view: &'a View,
        o: usize,
        history: History,
        settings: &'a Settings,
    }

    /// Likelihood of the evidence if `o` holds the ready hand `hand` with waits `waits`: the
    /// hand is walked back through `o`'s discards (a tile drawn before a discard from the hand
    /// is drawn at random from the tiles kept), up to `s.depth` discards from the hand.
    fn likelihood(
        e: &Evidence,
        hand: &[u8; TILE_KINDS],
        waits: u64,
        rng: &mut Rng,
        c: &mut Counters,
    ) -> f64 {
        let (view, o, h, s) = (e.view, e.o, &e.history, e.settings);
        if waits & h.passed != 0 {
            return 0.0;
        }
        let mut l = 1.0;
        let mut held = *hand;
        let (mut from_hand, mut tsumogiri) = (0, 0);
        for ev in &h.events {
            let x = usize::from(ev.tile);
            let mut g = held;
            g[x] += 1;
            if g[x] > 4 {
                return 0.0;
            }
            if ev.tsumogiri {
                if tsumogiri < s.tsumogiri && !seed_discards(view, o, ev.idx, &g, ev.tile, c) {
                    l *= s.eps;
                }
                tsumogiri += 1;
            } else {
                if shanten(&g) < 0 {
                    return 0.0;
                }
                if !seed_discards(view, o, ev.idx, &g, ev.tile, c) {
                    l *= s.eps;
                }
                from_hand += 1;
                if from_hand >= s.depth || ev.claim_before {
                    break;
                }
                // The tile drawn before this discard is one of those kept.
                let m: u32 = held.iter().map(|&n| u32::from(n)).sum();
                let y = nth(&held, below(rng, m));
                held = g;
                held[y] -= 1;
            }
            if ev.passed_before != 0 && shanten(&held) == 0 {
                let w = mjkit::win::waits(&held, Forms::REGULAR).unwrap_or(0);
                if w & ev.passed_before != 0 {
                    return 0.0;
                }
            }
            if ev.claim_before {
                break;
            }
        }
        l
    }

    /// The kind of the `i`-th tile of `c`.
    fn nth(c: &[u8; TILE_KINDS], mut i: u32) -> usize {
        for (k, &n) in c.iter().enumerate() {
            if i < u32::from(n) {
                return k;
            }
            i -= u32::from(n);
        }
        TILE_KINDS - 1
    }

    /// Takes one of `ways` (instance ways, tiles, how many tiles) from `rest` into `hand`,
    /// with chance proportional to the ways; false when every way is 0.
    fn take(
        rng: &mut Rng,
        ways: &[(u32, [u8; 3], u8)],
        rest: &mut [u8; TILE_KINDS],
        hand: &mut [u8; TILE_KINDS],
    ) -> bool {
        let total: u32 = ways.iter().map(|w| w.0).sum();
        if total == 0 {
            return false;
        }
        let mut r = below(rng, total);
        for &(w, tiles, n) in ways {
            if r < w {
                for &t in &tiles[..usize::from(n)] {
                    rest[usize::from(t)] -= 1;
                    hand[usize::from(t)] += 1;
                }
                return true;
            }
            r -= w;
        }
        false
    }

    fn choose2(n: u8) -> u32 {
        u32::from(n) * u32::from(n.saturating_sub(1)) / 2
    }

    /// A random ready hand of `m` = 3n+1 tiles from `pool`.
    fn build(
        rng: &mut Rng,
        pool: &[u8; TILE_KINDS],
        m: u32,
        s: &Settings,
    ) -> Option<[u8; TILE_KINDS]> {
        let n = (m - 1) / 3;
        let mut rest = *pool;
        let mut hand = [0u8; TILE_KINDS];
        let pair_form = n >= 1 && below(rng, 100) < s.pair_form;
        let mut ways = Vec::with_capacity(80);
        for _ in 0..n - u32::from(pair_form) {
            ways.clear();
            for k in 0..TILE_KINDS {
                let r = u32::from(rest[k]);
                if r >= 3 {
                    ways.push((r * (r - 1) * (r - 2) / 6, [k as u8; 3], 3));
                }
                if k < 27 && k % 9 <= 6 {
                    let w = r * u32::from(rest[k + 1]) * u32::from(rest[k + 2]);
                    ways.push((w, [k as u8, k as u8 + 1, k as u8 + 2], 3));
                }
            }
            if !take(rng, &ways, &mut rest, &mut hand) {
                return None;
            }
        }
        ways.clear();
        if pair_form {
            ways.extend((0..TILE_KINDS).map(|k| (choose2(rest[k]), [k as u8; 3], 2)));
            if !take(rng, &ways, &mut rest, &mut hand) {
                return None;
            }
            ways.clear();
            for k in 0..TILE_KINDS {
                ways.push((choose2(rest[k]), [k as u8; 3], 2));
                for d in 1..=2 {
                    if k < 27 && k % 9 + d <= 8 {
                        let w = u32::from(rest[k]) * u32::from(rest[k + d]);
                        ways.push((w, [k as u8, (k + d) as u8, 0], 2));
                    }
                }
            }
        } else {
            ways.extend((0..TILE_KINDS).map(|k| (u32::from(rest[k]), [k as u8; 3], 1)));
        }
        take(rng, &ways, &mut rest, &mut hand).then_some(hand)
    }

    /// The wait model's chance `model` with its odds multiplied by the likelihood ratio of the
    /// policy evidence (`with` / `without`: the sampled shares with and without it).
    pub fn adjusted(model: f64, with: f64, without: f64) -> f64 {
        let odds = |x: f64| {
            let x = x.clamp(1e-4, 1.0 - 1e-4);
            x / (1.0 - x)
        };
        let r = odds(model) * odds(with) / odds(without);
        r / (1.0 + r)
    }

    /// Per kind, the weighted share of sampled ready hands of `o` that wait on it, with the
    /// policy evidence and without it (every surviving hand weighted 1); `None` when no sample
    /// survived the evidence.
    pub fn waits(
        view: &View,
        o: usize,
        s: &Settings,
        rng: &mut Rng,
        c: &mut Counters,
    ) -> Option<([f64; TILE_KINDS], [f64; TILE_KINDS])> {
        let pool = mjbot::unseen(view, &view.visible());
        let m = u32::from(view.concealed_counts[o]);
        if m % 3 != 1 {
            return None;
        }
        let ev = Evidence {
            view,
            o,
            history: history(view, o),
            settings: s,
        };
        let mut acc = [0.0f64; TILE_KINDS];
        let mut total = 0.0;
        let mut plain = [0.0f64; TILE_KINDS];
        let mut kept = 0.0;
        for _ in 0..s.samples {
            let Some(hand) = build(rng, &pool, m, s) else {
                continue;
            };
            c.built += 1;
            let w = mjkit::win::waits(&hand, Forms::REGULAR).unwrap_or(0);
            let l = likelihood(&ev, &hand, w, rng, c);
            if l == 0.0 {
                continue;
            }
            c.kept += 1;
            total += l;
            kept += 1.0;
            let mut x = w;
            while x != 0 {
                acc[x.trailing_zeros() as usize] += l;
                plain[x.trailing_zeros() as usize] += 1.0;
                x &= x - 1;
            }
        }
        (total > 0.0).then(|| (acc.map(|a| a / total), plain.map(|a| a / kept)))
    }
}

fn settings(args: &Args) -> posterior::Settings {
    posterior::Settings {
        samples: args.samples,
        eps: args.eps,
        tsumogiri: args.tsumo,
        depth: args.depth,
        pair_form: args.pair_form,
    }
}

/// Log-loss sums of `--posterior`.
#[derive(Default, Clone, Copy)]
struct Loss {
    rows: u64,
    waits: u64,
    model: f64,
    post: f64,
    mix: f64,
    ratio: f64,
    /// `--oracle blend` readings with the alphas of `BLENDS`.
    blend: [f64; BLENDS.len()],
    no_sample: u64,
    sampler: posterior::Counters,
}

/// The `--oracle blend` weights whose log-loss `--posterior` prints.
const BLENDS: [f64; 4] = [0.15, 0.25, 0.5, 0.75];

fn log_loss(p: f64, y: bool) -> f64 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    if y { -p.ln() } else { -(1.0 - p).ln() }
}

/// `--posterior`: at every turn of `mjkit`, for each really ready opponent, the wait model's
/// and the sampler's chance of each kind in mjkit's hand (left open by the passed-tile rule),
/// scored by log-loss against the real waits.
fn posterior_eval(args: &Args) {
    let s = settings(args);
    let start = std::time::Instant::now();
    let tot = (0..args.hands)
        .into_par_iter()
        .map(|i| {
            let mut st = (Loss::default(), Rng::from_u64((i << 20) ^ args.seed));
            duel(
                args.seed,
                i,
                &mut st,
                |(loss, rng), table, view, mine| {
                    if mine && view.phase == Phase::Turn {
                        let me = usize::from(view.seat);
                        for o in (0..SEATS).filter(|&o| o != me) {
                            let h = Hand::new(table.hand(o)).expect("a table hand");
                            if mjkit::shanten::shanten(&h, Forms::REGULAR) != Ok(0) {
                                continue;
                            }
                            let real = mjkit::win::waits(&h, Forms::REGULAR).unwrap_or(0);
                            let model = mjbot::wait_probabilities(view, o);
                            let passed = mjbot::passed_since_change(view, o);
                            let post = posterior::waits(view, o, &s, rng, &mut loss.sampler);
                            loss.no_sample += u64::from(post.is_none());
                            for (k, &m) in model.iter().enumerate() {
                                if view.hand[k] == 0 || passed & (1 << k) != 0 {
                                    continue;
                                }
                                let y = real & (1 << k) != 0;
                                let (p, q) = post.map_or((m, m), |(p, q)| (p[k], q[k]));
                                loss.rows += 1;
                                loss.waits += u64::from(y);
                                loss.model += log_loss(m, y);
                                loss.post += log_loss(p, y);
                                loss.mix += log_loss(0.5 * (p + m), y);
                                loss.ratio += log_loss(posterior::adjusted(m, p, q), y);
                                let real = f64::from(u8::from(y));
                                for (j, a) in BLENDS.iter().enumerate() {
                                    loss.blend[j] += log_loss((1.0 - a) * m + a * real, y);
                                }
                            }
                        }
                    }
                    bot_decision(view, mine)
                },
                |_, _, _| {},
            );
            st.0
        })
        .reduce(Loss::default, |mut a, b| {
            a.rows += b.rows;
            a.waits += b.waits;
            a.model += b.model;
            a.post += b.post;
            a.mix += b.mix;
            a.ratio += b.ratio;
            for (x, y) in a.blend.iter_mut().zip(b.blend) {
                *x += y;
            }
            a.no_sample += b.no_sample;
            a.sampler.add(&b.sampler);
            a
        });
    let n = tot.rows as f64;
    let base = tot.waits as f64 / n;
    let c = tot.sampler;
    println!(
        "{} walls, {:.1} s: {} rows ({} waits); {} hands built, {} kept, policy checks {} ({:.1}% agree); {} opponents with no sample",
        args.hands,
        start.elapsed().as_secs_f64(),
        tot.rows,
        tot.waits,
        c.built,
        c.kept,
        c.checks,
        100.0 * c.agree as f64 / c.checks.max(1) as f64,
        tot.no_sample
    );
    println!(
        "log-loss: constant {:.4}, wait model {:.4}, sampled posterior {:.4}, mean of both {:.4}, wait model x the policy's likelihood ratio {:.4}",
        -(base * base.ln() + (1.0 - base) * (1.0 - base).ln()),
        tot.model / n,
        tot.post / n,
        tot.mix / n,
        tot.ratio / n
    );
    let blends: Vec<String> = BLENDS
        .iter()
        .zip(tot.blend)
        .map(|(a, l)| format!("alpha {a} {:.4}", l / n))
        .collect();
    println!(
        "log-loss of the wait model blended with the real waits (--oracle blend): {}",
        blends.join(", ")
    );
}
