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
//! `--latency N` instead times every decision of four mjkit bots over N hands on one thread
//! (median, p99, maximum, hands per second).

use clap::Parser;
use mjkit::ai::{self, BotConfig, mjbot};
use mjkit::table::{Phase, Rules, SEATS, Table};
use mjkit::{Forms, Hand, TILE_KINDS};
use rayon::prelude::*;

#[derive(Parser, Debug)]
#[command(about = "fit the danger model of mjkit's bot on self-play")]
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
}

impl Rows {
    fn merge(mut self, mut o: Rows) -> Rows {
        self.ready_x.append(&mut o.ready_x);
        self.ready_y.append(&mut o.ready_y);
        self.wait_x.append(&mut o.wait_x);
        self.wait_y.append(&mut o.wait_y);
        self.rule_broken += o.rule_broken;
        self.rule_checked += o.rule_checked;
        self
    }
}

fn play_wall(seed: u64, i: u64) -> Rows {
    let mut rows = Rows::default();
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
        while table.phase() != Phase::Over {
            let seat = table.pending().trailing_zeros() as usize;
            let view = table.view(seat);
            let bot = bots[(seat + rot) % 4];
            if bot.kind == ai::BotKind::Mjkit && view.phase == Phase::Turn {
                record(&table, &view, seat, &mut rows);
            }
            let a = ai::decide(&view, &bot);
            table.apply(seat, a).expect("legal action");
        }
    }
    rows
}

fn record(table: &Table, view: &mjkit::table::View, me: usize, rows: &mut Rows) {
    let vis = view.visible();
    let mut unseen = [0u8; TILE_KINDS];
    for k in 0..TILE_KINDS {
        unseen[k] = 4u8.saturating_sub(vis[k] + view.hand[k]);
    }
    for o in 0..SEATS {
        if o == me {
            continue;
        }
        let Ok(h) = Hand::new(table.hand(o)) else {
            continue;
        };
        let ready = mjkit::shanten::regular(&h) == Ok(0);
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

fn main() {
    let args = Args::parse();
    mjkit::init();
    if let Some(n) = args.latency {
        latency(n, args.seed);
        return;
    }
    if let Some(t) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global()
            .expect("thread pool");
    }
    let rows = (0..args.hands)
        .into_par_iter()
        .map(|i| play_wall(args.seed, i))
        .reduce(Rows::default, Rows::merge);
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
