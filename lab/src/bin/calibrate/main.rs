//! Fits the danger model of mjkit's bot (`src/ai/mjkit/`) on self-play.
//!
//! ```text
//! cargo run --release -p mjkit-lab --bin calibrate -- --hands 4000 --seed 7
//! ```
//!
//! It plays `mjkit` against three `thesis:99` bots, every wall four times with the bots rotated
//! through the seats. At each turn of `mjkit` it records, for each opponent, the inputs of the
//! ready model ([`lab::ready_features`], from the view only) and whether that opponent is
//! really ready (its concealed tiles, read from the table, which the bot never sees); for a
//! ready opponent and each kind in mjkit's hand, the inputs of the wait model
//! ([`lab::wait_features`]) and whether the kind is among the opponent's waits (kinds
//! [`lab::passed_since_change`] settles are left out, and the program counts the real
//! waits that rule would have marked: it must print 0). Both models
//! are logistic regressions fitted by Newton's method; the program prints the weights as the
//! Rust constants to paste into `src/ai/mjkit/weights.rs` (named structs, one field per input), with the log-loss and a calibration table.
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
//! cargo run --release -p mjkit-lab --bin calibrate -- --probe --hands 3000 --seed 2 --oracle full
//! ```
//!
//! `--dump FILE` (while fitting) also writes every wait row as CSV: the wall, the label, the
//! wait model's inputs and the opponent's raw discard history around the kind, for trying richer
//! models outside the program (`lab/scripts/wait_models.py`).
//!
//! `--posterior` instead measures how well the waits of a ready `thesis:99` opponent can be
//! inferred with a model of its play: its concealed hand is sampled (ready hands built from
//! the unseen tiles, weighted by whether `thesis:99`, holding them, would have made its recent
//! discards; see the `posterior` module) and the sampled chance of each kind is scored by
//! log-loss beside the wait model's, on the real waits. `--oracle posterior` plays with that
//! inference in the bot's danger; `--oracle blend --alpha A` with the wait model blended with the
//! real waits, a reading between the model and `wait`.
//!
//! ```text
//! cargo run --release -p mjkit-lab --bin calibrate -- --posterior --hands 300 --seed 7 --depth 3
//! cargo run --release -p mjkit-lab --bin calibrate -- --probe --hands 1500 --seed 2 --oracle blend --alpha 0.25
//! ```
//!
//! `--latency N` instead times every decision of four mjkit bots over N hands on one thread
//! (median, p99, maximum, hands per second).

use clap::{Parser, ValueEnum};
mod evaluate;
mod models;
mod posterior;
mod probe;

use evaluate::*;
use mjkit::ai::{self, BotConfig, lab};
use mjkit::table::rng::Rng;
use mjkit::table::{Action, ActionKind, End, Phase, Rules, SEATS, Table, View};
use mjkit::{Forms, Hand, TILE_KINDS};
use models::*;
use probe::*;
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
    /// recent discards under the `thesis:99` policy (`--posterior` sampler), with the ready model.
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
    /// Instead of fitting: compare the wait model with the sampled posterior of a `thesis:99`
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

/// Plays wall `i` of table `seed` four times, `mjkit` in each seat once against three
/// `thesis:99` bots. `act` chooses every action from the table, the view of the seat to act and
/// whether that seat is mjkit's (it may read the table: the labels and the oracles do; the bots
/// see the view only); `end` sees each finished hand with mjkit's seat.
fn duel<S>(
    seed: u64,
    i: u64,
    st: &mut S,
    act: impl Fn(&mut S, &Table, &View, bool) -> Action,
    end: impl Fn(&mut S, &Table, usize),
) {
    let mut table = Table::new(
        Rules {
            claim_window: mjkit::table::ClaimWindow::Claimants,
            ..Rules::taiwan16()
        },
        seed,
    )
    .expect("valid rules");
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

/// The bots' own decision: mjkit in its seat, `thesis:99` elsewhere.
fn bot_decision(view: &View, mine: bool) -> Action {
    let bot = if mine {
        BotConfig::mjkit()
    } else {
        BotConfig::thesis(99)
    };
    ai::decide(view, &bot)
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
        head.extend(lab::WaitFeatures::NAMES.map(String::from));
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
        "// command: cargo run --release -p mjkit-lab --bin calibrate -- --hands {} --seed {}",
        args.hands, args.seed
    );
    print!(
        "{}",
        mjkit_lab::weights_source(
            &lab::ReadyFeatures::from_array(rw),
            &lab::WaitFeatures::from_array(ww)
        )
    );
}
