//! Self-play: four bots at a 4-player table, many hands, a table of results with 95% intervals.
//!
//! ```text
//! cargo run --release --example selfplay -- --hands 20000 --bots mjkit,seed:99,seed:99,seed:99 --duplicate
//! cargo run --release --example selfplay -- --start-dist 100000
//! ```
//!
//! Hand `i` (a "wall") is dealt by `Table::deal(i, i % 4, (i / 4) % 4)` from the table seed, so
//! every result is a pure function of the flags: the thread count changes only the speed.
//! `--duplicate` plays each wall four times with the bot list rotated through the seats.

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use mjkit::Forms;
use mjkit::ai::{self, BotConfig};
use mjkit::table::{End, Phase, Rules, SEATS, Table, rng::Rng};
use rayon::prelude::*;
use std::time::Instant;

#[derive(Parser, Debug)]
#[command(about = "mjkit self-play: bots at a 4-player table, or the start-hand distribution")]
struct Args {
    /// Walls to play (with --duplicate each is played four times).
    #[arg(long, default_value_t = 1000)]
    hands: u64,
    /// Table seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Rules: taiwan16 (144 tiles with flowers) or 13 (136 tiles).
    #[arg(long, default_value = "taiwan16")]
    rules: String,
    /// Tiles left at the exhaustive draw (default: 16 for taiwan16, 14 for 13; the thesis: 14).
    #[arg(long)]
    dead_wall: Option<u8>,
    /// Four bots, by seat: mjkit, greedy, seed:AL (AttackLevel 1..99).
    #[arg(long, default_value = "mjkit,seed:99,seed:99,seed:99")]
    bots: String,
    /// Play every wall four times, rotating the bots through the seats.
    #[arg(long)]
    duplicate: bool,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Print one JSON object on stdout instead of the table.
    #[arg(long)]
    json: bool,
    /// Instead of playing: the draws-to-win distribution of N random 16-tile deals.
    #[arg(long)]
    start_dist: Option<u64>,
}

fn parse_bot(s: &str) -> Result<(String, BotConfig), String> {
    let s = s.trim();
    let cfg = match s {
        "mjkit" => BotConfig::mjkit(),
        "greedy" => BotConfig::greedy(),
        _ => {
            let al = s
                .strip_prefix("seed:")
                .and_then(|x| x.parse::<u8>().ok())
                .filter(|al| (1..=99).contains(al))
                .ok_or_else(|| format!("unknown bot `{s}` (mjkit, greedy, seed:1..99)"))?;
            BotConfig::seed(al)
        }
    };
    Ok((s.to_string(), cfg))
}

/// Per-bot counters; integers only, so sums do not depend on the order of the threads.
#[derive(Clone, Copy, Default, Debug)]
struct Tally {
    seat_hands: u64,
    wins: u64,
    self_draws: u64,
    deal_ins: u64,
    tenpai_end: u64,
    ready_ever: u64,
    points: i64,
    /// Sums over walls of the squared per-wall values, for the intervals.
    sq_wins: u64,
    sq_deal_ins: u64,
    sq_points: i64,
}

#[derive(Clone, Default, Debug)]
struct Totals {
    hands: u64,
    draws: u64,
    illegal: u64,
    bots: Vec<Tally>,
}

impl Totals {
    fn merge(mut self, o: Totals) -> Totals {
        self.hands += o.hands;
        self.draws += o.draws;
        self.illegal += o.illegal;
        if self.bots.is_empty() {
            self.bots = o.bots;
        } else {
            for (a, b) in self.bots.iter_mut().zip(o.bots) {
                a.seat_hands += b.seat_hands;
                a.wins += b.wins;
                a.self_draws += b.self_draws;
                a.deal_ins += b.deal_ins;
                a.tenpai_end += b.tenpai_end;
                a.ready_ever += b.ready_ever;
                a.points += b.points;
                a.sq_wins += b.sq_wins;
                a.sq_deal_ins += b.sq_deal_ins;
                a.sq_points += b.sq_points;
            }
        }
        self
    }
}

/// Plays wall `i` once per rotation; returns the per-bot counts of this wall.
fn play_wall(rules: Rules, seed: u64, i: u64, bots: &[BotConfig], duplicate: bool) -> Totals {
    let mut t = Totals {
        bots: vec![Tally::default(); bots.len()],
        ..Totals::default()
    };
    let mut per_wall = vec![(0u64, 0u64, 0i64); bots.len()];
    let rotations = if duplicate { 4 } else { 1 };
    let mut table = Table::new(rules, seed).expect("valid rules");
    for rot in 0..rotations {
        table
            .deal(i as u32, (i % 4) as u8, ((i / 4) % 4) as u8)
            .expect("valid deal");
        let seat_bot = |s: usize| (s + rot) % 4;
        let mut ready = [false; SEATS];
        while table.phase() != Phase::Over {
            let seat = table.pending().trailing_zeros() as usize;
            let view = table.view(seat);
            let a = ai::decide(&view, &bots[seat_bot(seat)]);
            if table.apply(seat, a).is_err() {
                t.illegal += 1;
                let legal = table.legal_actions(seat);
                table
                    .apply(seat, legal.as_slice()[0])
                    .expect("a legal action");
            }
            // A seat that has just discarded holds 3n+1 tiles: is it ready?
            if !ready[seat] && table.hand(seat).iter().map(|&c| u32::from(c)).sum::<u32>() % 3 == 1
            {
                ready[seat] = mjkit::shanten::shanten(table.hand(seat), Forms::REGULAR) == Ok(0);
            }
        }
        let r = table.result().expect("hand over");
        t.hands += 1;
        if r.end == End::ExhaustiveDraw {
            t.draws += 1;
        }
        for (seat, &was_ready) in ready.iter().enumerate() {
            let b = seat_bot(seat);
            let tally = &mut t.bots[b];
            let won = r.winners & (1 << seat) != 0;
            tally.seat_hands += 1;
            tally.wins += u64::from(won);
            tally.self_draws += u64::from(won && r.end == End::SelfDraw);
            let dealt_in = r.end == End::Discard && usize::from(r.discarder) == seat;
            tally.deal_ins += u64::from(dealt_in);
            tally.tenpai_end += u64::from(r.tenpai & (1 << seat) != 0);
            tally.ready_ever += u64::from(was_ready || won);
            tally.points += i64::from(r.points[seat]);
            per_wall[b].0 += u64::from(won);
            per_wall[b].1 += u64::from(dealt_in);
            per_wall[b].2 += i64::from(r.points[seat]);
        }
    }
    for (tally, (w, d, p)) in t.bots.iter_mut().zip(per_wall) {
        tally.sq_wins = w * w;
        tally.sq_deal_ins = d * d;
        tally.sq_points = p * p;
    }
    t
}

/// Mean per seat-hand and the half-width of its 95% interval, with walls as the sampling unit
/// (the rotations of a wall are correlated).
fn mean_ci(sum: f64, sq: f64, walls: f64, per_wall: f64) -> (f64, f64) {
    let n = walls;
    let mean_w = sum / n;
    let var_w = ((sq / n) - mean_w * mean_w).max(0.0) * n / (n - 1.0).max(1.0);
    (mean_w / per_wall, 1.96 * (var_w / n).sqrt() / per_wall)
}

fn start_dist(n: u64, seed: u64, json: bool) {
    const THESIS: [u64; 10] = [3, 171, 3065, 17600, 36188, 29919, 11232, 1729, 92, 1];
    let counts = (0..n)
        .into_par_iter()
        .fold(
            || [0u64; 12],
            |mut acc, i| {
                let mut wall: Vec<u8> = (0..136u8).map(|k| k / 4).collect();
                Rng::for_hand(seed, i).shuffle(&mut wall);
                let mut c = [0u8; 34];
                for &k in &wall[..16] {
                    c[usize::from(k)] += 1;
                }
                let s = mjkit::shanten::shanten(&c, Forms::REGULAR).expect("16 tiles");
                acc[(s + 1) as usize] += 1;
                acc
            },
        )
        .reduce(
            || [0u64; 12],
            |mut a, b| {
                for k in 0..12 {
                    a[k] += b[k];
                }
                a
            },
        );
    if json {
        let mut m = serde_json::Map::new();
        for (k, &c) in counts.iter().enumerate() {
            if c > 0 {
                m.insert(k.to_string(), c.into());
            }
        }
        println!("{}", serde_json::json!({"deals": n, "draws_to_win": m}));
        return;
    }
    println!(
        "draws to win (shanten + 1) of {n} random 16-tile deals, beside the thesis' fig. 3-6 (100,000 deals)"
    );
    println!(
        "{:>6} {:>10} {:>8} {:>10} {:>8}",
        "draws", "exact", "%", "thesis", "%"
    );
    for (k, &count) in counts.iter().enumerate().skip(1) {
        let th = THESIS.get(k - 1).copied().unwrap_or(0);
        if count == 0 && th == 0 {
            continue;
        }
        println!(
            "{k:>6} {:>10} {:>7.3}% {th:>10} {:>7.3}%",
            count,
            100.0 * count as f64 / n as f64,
            100.0 * th as f64 / 100_000.0
        );
    }
}

fn main() {
    let args = Args::parse();
    if let Some(t) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global()
            .expect("thread pool");
    }
    if let Some(n) = args.start_dist {
        start_dist(n, args.seed, args.json);
        return;
    }
    let mut rules = match args.rules.as_str() {
        "taiwan16" | "16" => Rules::taiwan16(),
        "13" | "thirteen" => Rules::thirteen(),
        other => {
            eprintln!("unknown rules `{other}` (taiwan16 or 13)");
            std::process::exit(2);
        }
    };
    if let Some(d) = args.dead_wall {
        rules.dead_wall = d;
    }
    if Table::new(rules, 0).is_err() {
        eprintln!("dead wall too large");
        std::process::exit(2);
    }
    let parsed: Result<Vec<_>, _> = args.bots.split(',').map(parse_bot).collect();
    let bots = match parsed {
        Ok(b) if b.len() == SEATS => b,
        Ok(_) => {
            eprintln!("--bots needs four bots");
            std::process::exit(2);
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    // A name that appears several times is one bot, summed over its seats.
    let mut names: Vec<String> = Vec::new();
    let mut configs: Vec<BotConfig> = Vec::new();
    let mut seat_to_bot = [0usize; SEATS];
    for (s, (name, cfg)) in bots.iter().enumerate() {
        let idx = names.iter().position(|n| n == name).unwrap_or_else(|| {
            names.push(name.clone());
            configs.push(*cfg);
            names.len() - 1
        });
        seat_to_bot[s] = idx;
    }
    let seat_configs: Vec<BotConfig> = bots.iter().map(|b| b.1).collect();

    let bar = ProgressBar::new(args.hands);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} walls {per_sec} eta {eta}")
            .expect("template"),
    );
    let start = Instant::now();
    let chunk = 64u64;
    let chunks = args.hands.div_ceil(chunk);
    let totals = (0..chunks)
        .into_par_iter()
        .map(|c| {
            let mut acc = Totals::default();
            for i in c * chunk..((c + 1) * chunk).min(args.hands) {
                let per_seat = play_wall(rules, args.seed, i, &seat_configs, args.duplicate);
                // Fold seats into named bots.
                let mut named = Totals {
                    hands: per_seat.hands,
                    draws: per_seat.draws,
                    illegal: per_seat.illegal,
                    bots: vec![Tally::default(); names.len()],
                };
                let mut wall_sums = vec![(0u64, 0u64, 0i64); names.len()];
                for (s, b) in per_seat.bots.iter().enumerate() {
                    let n = &mut named.bots[seat_to_bot[s]];
                    n.seat_hands += b.seat_hands;
                    n.wins += b.wins;
                    n.self_draws += b.self_draws;
                    n.deal_ins += b.deal_ins;
                    n.tenpai_end += b.tenpai_end;
                    n.ready_ever += b.ready_ever;
                    n.points += b.points;
                    let w = &mut wall_sums[seat_to_bot[s]];
                    w.0 += b.wins;
                    w.1 += b.deal_ins;
                    w.2 += b.points;
                }
                for (n, (w, d, p)) in named.bots.iter_mut().zip(wall_sums) {
                    n.sq_wins = w * w;
                    n.sq_deal_ins = d * d;
                    n.sq_points = p * p;
                }
                acc = acc.merge(named);
                bar.inc(1);
            }
            acc
        })
        .reduce(Totals::default, Totals::merge);
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    let hps = totals.hands as f64 / secs;
    if totals.illegal > 0 {
        eprintln!("ILLEGAL MOVES: {}", totals.illegal);
    }
    let walls = args.hands as f64;
    if args.json {
        let bots_json: Vec<_> = names
            .iter()
            .zip(&totals.bots)
            .map(|(n, b)| {
                serde_json::json!({"bot": n, "wins": b.wins, "self_draws": b.self_draws,
                    "deal_ins": b.deal_ins, "tenpai": b.tenpai_end, "ready": b.ready_ever,
                    "points": b.points, "seat_hands": b.seat_hands})
            })
            .collect();
        println!(
            "{}",
            serde_json::json!({"hands": totals.hands, "draws": totals.draws,
                "hands_per_second": (hps * 10.0).round() / 10.0, "illegal": totals.illegal,
                "bots": bots_json})
        );
        if totals.illegal > 0 {
            std::process::exit(1);
        }
        return;
    }
    println!(
        "{} hands ({} walls{}), rules {}, dead wall {}, seed {}",
        totals.hands,
        args.hands,
        if args.duplicate { " x 4 seatings" } else { "" },
        args.rules,
        rules.dead_wall,
        args.seed
    );
    println!(
        "draws {} ({:.2}%), {:.0} hands/s, illegal moves {}",
        totals.draws,
        100.0 * totals.draws as f64 / totals.hands as f64,
        hps,
        totals.illegal
    );
    println!(
        "{:<10} {:>10} {:>17} {:>9} {:>9} {:>17} {:>9} {:>9} {:>22}",
        "bot",
        "seat-hands",
        "win %",
        "tsumo %",
        "ron %",
        "deal-in %",
        "ready %",
        "tenpai %",
        "points/hand"
    );
    for (n, b) in names.iter().zip(&totals.bots) {
        let per_wall = b.seat_hands as f64 / walls;
        let (w, wci) = mean_ci(b.wins as f64, b.sq_wins as f64, walls, per_wall);
        let (d, dci) = mean_ci(b.deal_ins as f64, b.sq_deal_ins as f64, walls, per_wall);
        let (p, pci) = mean_ci(b.points as f64, b.sq_points as f64, walls, per_wall);
        let sh = b.seat_hands as f64;
        println!(
            "{n:<10} {:>10} {:>8.2} ± {:>5.2} {:>9.2} {:>9.2} {:>8.2} ± {:>5.2} {:>9.2} {:>9.2} {:>+10.4} ± {:>7.4}",
            b.seat_hands,
            100.0 * w,
            100.0 * wci,
            100.0 * b.self_draws as f64 / sh,
            100.0 * (b.wins - b.self_draws) as f64 / sh,
            100.0 * d,
            100.0 * dci,
            100.0 * b.ready_ever as f64 / sh,
            100.0 * b.tenpai_end as f64 / sh,
            p,
            pci
        );
    }
    println!(
        "win % counts every win (tsumo = self-drawn, ron = on a discard); ready % = hands in which the seat was ready at some point; tenpai % = ready when the hand ended without its win; ± = 95% interval over walls"
    );
    if totals.illegal > 0 {
        std::process::exit(1);
    }
}
