//! Self-play: four bots at a 4-player table, many hands, a table of results with 95% intervals.
//!
//! ```text
//! cargo run --release -p mjkit-selfplay -- --hands 20000 --bots mjkit,thesis:99,thesis:99,thesis:99 --duplicate
//! cargo run --release -p mjkit-selfplay -- --start-dist 100000
//! ```
//!
//! Hand `i` (a "wall") is dealt by `Table::deal(i, i % 4, (i / 4) % 4)` from the table seed, so
//! every result is a pure function of the flags: the thread count changes only the speed.
//! `--duplicate` plays each wall four times with the bot list rotated through the seats.

use clap::Parser;
use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use mjkit::Forms;
use mjkit::ai::{self, BotConfig};
use mjkit::table::{ClaimWindow, End, Phase, Rules, SEATS, Table, rng::Rng};
use rayon::prelude::*;
use std::time::Instant;

#[derive(Parser, Debug)]
#[command(
    name = "mjkit-selfplay",
    about = "mjkit self-play: bots at a 4-player table, or the start-hand distribution"
)]
struct Args {
    /// Walls to play, at least 1 (with --duplicate each is played four times).
    #[arg(long, default_value_t = 1000, value_parser = at_least_one)]
    hands: u64,
    /// Table seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Rules: taiwan16 (144 tiles with flowers) or 13 (136 tiles).
    #[arg(long, default_value = "taiwan16", value_parser = ["taiwan16", "16", "13", "thirteen"])]
    rules: String,
    /// Scoring: thesis (the thesis' +1/-1 scheme, no 過水: the rules of the thesis experiments)
    /// or tai (Taiwanese tai under --preset, 過水 on; 16-tile rules only).
    #[arg(long, default_value = "thesis", value_parser = ["thesis", "tai"])]
    scoring: String,
    /// Tai preset under --scoring tai: atawmj (the association's table) or common.
    #[arg(long, value_parser = ["atawmj", "common"])]
    preset: Option<String>,
    /// Tiles left at the exhaustive draw (default: 16 for taiwan16, 14 for 13; the thesis: 14).
    #[arg(long)]
    dead_wall: Option<u8>,
    /// Four bots, by seat, separated by commas: mjkit, greedy, thesis:N (the thesis bot at
    /// AttackLevel N, 1 to 99).
    #[arg(long, default_value = "mjkit,thesis:99,thesis:99,thesis:99")]
    bots: String,
    /// Play every wall four times, rotating the bots through the seats.
    #[arg(long)]
    duplicate: bool,
    /// Also play every wall with the first bot of --bots replaced by this one, and report the
    /// first bot's points per hand minus this one's on the same walls, with a 95% interval over
    /// walls (e.g. mjkit against mjkit:blind).
    #[arg(long)]
    paired: Option<String>,
    /// Worker threads, at least 1 (default: every core).
    #[arg(long, value_parser = at_least_one_thread)]
    threads: Option<usize>,
    /// Print one JSON object on stdout instead of the table.
    #[arg(long)]
    json: bool,
    /// Instead of playing: the draws-to-win distribution of N random 16-tile deals (N at least 1).
    #[arg(
        long,
        value_parser = at_least_one,
        conflicts_with_all = ["hands", "bots", "duplicate", "rules", "dead_wall", "scoring", "preset"]
    )]
    start_dist: Option<u64>,
}

/// A count of at least 1 (`--hands`, `--start-dist`).
fn at_least_one(s: &str) -> Result<u64, String> {
    let n: u64 = s
        .parse()
        .map_err(|_| format!("not a whole number from 1 to {}", u64::MAX))?;
    if n == 0 {
        return Err("must be at least 1".to_string());
    }
    Ok(n)
}

/// A thread count of at least 1.
fn at_least_one_thread(s: &str) -> Result<usize, String> {
    at_least_one(s).and_then(|n| usize::try_from(n).map_err(|_| "too many threads".to_string()))
}

/// The four bots of `--bots`, by seat: names separated by commas, spaces around a name ignored.
fn parse_bots(list: &str) -> Result<[BotConfig; SEATS], String> {
    let bots = list
        .split(',')
        .map(|s| s.trim().parse::<BotConfig>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("--bots: {e}"))?;
    <[BotConfig; SEATS]>::try_from(bots).map_err(|b| {
        format!(
            "--bots needs exactly {SEATS} bots, one per seat, separated by commas (got {})",
            b.len()
        )
    })
}

/// Prints `error: {msg}` on stderr and exits with status 2 (clap's status for bad flags).
fn fail(msg: &str) -> ! {
    eprintln!("error: {msg}");
    std::process::exit(2);
}

/// The progress bar's rate and time left, from the walls done and the time since the start
/// (not indicatif's smoothed estimate, which is wild over the first walls): `-` until the
/// first wall is done.
fn rate_and_eta(done: u64, total: u64, secs: f64) -> (String, String) {
    if done == 0 || secs <= 0.0 {
        return ("-".to_string(), "-".to_string());
    }
    let rate = done as f64 / secs;
    let left = (total.saturating_sub(done)) as f64 / rate;
    let eta = if left < 60.0 {
        format!("{left:.0}s")
    } else if left < 3600.0 {
        format!("{}m{:02}s", (left / 60.0) as u64, (left % 60.0) as u64)
    } else {
        format!(
            "{}h{:02}m",
            (left / 3600.0) as u64,
            ((left % 3600.0) / 60.0) as u64
        )
    };
    (format!("{rate:.1}/s"), eta)
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
    /// `--paired`: sum over walls of the first bot's points minus the paired bot's, and of its
    /// squares.
    paired: (i64, i64),
}

impl Totals {
    fn merge(mut self, o: Totals) -> Totals {
        self.hands += o.hands;
        self.draws += o.draws;
        self.illegal += o.illegal;
        self.paired.0 += o.paired.0;
        self.paired.1 += o.paired.1;
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
            tally.points += r.points[seat];
            per_wall[b].0 += u64::from(won);
            per_wall[b].1 += u64::from(dealt_in);
            per_wall[b].2 += r.points[seat];
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
    let mut rules = match (args.rules.as_str(), args.scoring.as_str()) {
        ("taiwan16" | "16", "tai") => match args.preset.as_deref() {
            Some("common") => Rules::taiwan16_common(),
            _ => Rules::taiwan16(),
        },
        ("taiwan16" | "16", _) => Rules::taiwan16_thesis_points(),
        (_, "tai") => fail("--scoring tai needs --rules taiwan16 (tai scores 16-tile hands)"),
        _ => Rules::thirteen(),
    };
    if args.preset.is_some() && args.scoring != "tai" {
        fail("--preset needs --scoring tai");
    }
    // Only the seats that can claim are asked: the bots decide from their views alone, so
    // asking the others (every seat, the networked default) changes no decision and no result,
    // only the number of pass decisions.
    rules.claim_window = ClaimWindow::Claimants;
    if let Some(d) = args.dead_wall {
        rules.dead_wall = d;
        if Table::new(rules, 0).is_err() {
            let most = (0..d)
                .rev()
                .find(|&m| {
                    Table::new(
                        Rules {
                            dead_wall: m,
                            ..rules
                        },
                        0,
                    )
                    .is_ok()
                })
                .unwrap_or(0);
            fail(&format!(
                "--dead-wall {d} is too large for rules {}: at most {most}",
                args.rules
            ));
        }
    }
    let bots = parse_bots(&args.bots).unwrap_or_else(|e| fail(&e));
    // A name that appears several times is one bot, summed over its seats.
    let mut names: Vec<String> = Vec::new();
    let mut seat_to_bot = [0usize; SEATS];
    for (s, cfg) in bots.iter().enumerate() {
        let name = cfg.to_string();
        let idx = names.iter().position(|n| *n == name).unwrap_or_else(|| {
            names.push(name);
            names.len() - 1
        });
        seat_to_bot[s] = idx;
    }
    let seat_configs: Vec<BotConfig> = bots.to_vec();
    let paired_configs: Option<(String, Vec<BotConfig>)> = args.paired.as_deref().map(|p| {
        let cfg = p
            .trim()
            .parse::<BotConfig>()
            .unwrap_or_else(|e| fail(&format!("--paired: {e}")));
        let mut v = seat_configs.clone();
        v[0] = cfg;
        (cfg.to_string(), v)
    });

    let bar = ProgressBar::new(args.hands);
    let start = Instant::now();
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} walls {rate} eta {left}")
            .expect("template")
            .with_key(
                "rate",
                move |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let (rate, _) =
                        rate_and_eta(s.pos(), s.len().unwrap_or(0), s.elapsed().as_secs_f64());
                    let _ = w.write_str(&rate);
                },
            )
            .with_key(
                "left",
                move |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let (_, eta) =
                        rate_and_eta(s.pos(), s.len().unwrap_or(0), s.elapsed().as_secs_f64());
                    let _ = w.write_str(&eta);
                },
            ),
    );
    let chunk = 64u64;
    let chunks = args.hands.div_ceil(chunk);
    let totals = (0..chunks)
        .into_par_iter()
        .map(|c| {
            let mut acc = Totals::default();
            for i in c * chunk..((c + 1) * chunk).min(args.hands) {
                let per_seat = play_wall(rules, args.seed, i, &seat_configs, args.duplicate);
                let paired = paired_configs.as_ref().map_or((0, 0), |(_, v)| {
                    let alt = play_wall(rules, args.seed, i, v, args.duplicate);
                    let d = per_seat.bots[0].points - alt.bots[0].points;
                    (d, d * d)
                });
                // Fold seats into named bots.
                let mut named = Totals {
                    hands: per_seat.hands,
                    draws: per_seat.draws,
                    illegal: per_seat.illegal,
                    bots: vec![Tally::default(); names.len()],
                    paired,
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
        eprintln!("error: {} illegal moves (a bot bug)", totals.illegal);
    }
    let walls = args.hands as f64;
    let rotations = if args.duplicate { 4.0 } else { 1.0 };
    let paired = paired_configs.as_ref().map(|(name, _)| {
        let (d, ci) = mean_ci(
            totals.paired.0 as f64,
            totals.paired.1 as f64,
            walls,
            rotations,
        );
        (name.clone(), d, ci)
    });
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
        let mut out = serde_json::json!({"hands": totals.hands, "draws": totals.draws, "scoring": args.scoring, "preset": args.preset,
            "hands_per_second": (hps * 10.0).round() / 10.0, "illegal": totals.illegal,
            "bots": bots_json});
        if let Some((name, d, ci)) = &paired {
            out["paired"] = serde_json::json!({"bot": names[0], "against": name,
                "points_per_hand": d, "ci95": ci});
        }
        println!("{out}");
        if totals.illegal > 0 {
            std::process::exit(1);
        }
        return;
    }
    println!(
        "{} hands ({} walls{}), rules {}, scoring {}, dead wall {}, seed {}",
        totals.hands,
        args.hands,
        if args.duplicate { " x 4 seatings" } else { "" },
        args.rules,
        match (args.scoring.as_str(), args.preset.as_deref()) {
            ("tai", Some(p)) => format!("tai ({p}, 過水 on)"),
            ("tai", None) => "tai (atawmj, 過水 on)".to_string(),
            (s, _) => s.to_string(),
        },
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
    if let Some((name, d, ci)) = &paired {
        println!(
            "paired: {} minus {name} on the same walls (the hands played twice), points per hand {d:+.4} ± {ci:.4}",
            names[0]
        );
    }
    println!(
        "win % counts every win (tsumo = self-drawn, ron = on a discard); ready % = hands in which the seat was ready at some point; tenpai % = ready when the hand ended without its win; ± = 95% interval over walls"
    );
    if totals.illegal > 0 {
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rate_and_eta_are_blank_before_the_first_wall_and_plain_after() {
        assert_eq!(rate_and_eta(0, 100, 0.0), ("-".into(), "-".into()));
        assert_eq!(rate_and_eta(0, 100, 5.0), ("-".into(), "-".into()));
        assert_eq!(rate_and_eta(10, 100, 2.0), ("5.0/s".into(), "18s".into()));
        assert_eq!(
            rate_and_eta(1, 1000, 1.0),
            ("1.0/s".into(), "16m39s".into())
        );
        assert_eq!(
            rate_and_eta(1, 10_000, 1.0),
            ("1.0/s".into(), "2h46m".into())
        );
        assert_eq!(rate_and_eta(100, 100, 4.0), ("25.0/s".into(), "0s".into()));
    }

    #[test]
    fn parse_bots_trims_names_and_counts_seats() {
        let b = parse_bots(" mjkit, thesis:99 ,greedy,thesis:5").unwrap();
        let names: Vec<String> = b.iter().map(|c| c.to_string()).collect();
        assert_eq!(names, ["mjkit", "thesis:99", "greedy", "thesis:5"]);
        let e = parse_bots("mjkit,greedy").unwrap_err();
        assert!(e.contains("exactly 4 bots") && e.contains("got 2"), "{e}");
        let e = parse_bots("mjkit,greedy,seed:99,mjkit").unwrap_err();
        assert!(e.starts_with("--bots: unknown bot \"seed:99\""), "{e}");
        let e = parse_bots("mjkit,greedy,thesis:0,mjkit").unwrap_err();
        assert!(e.contains("1 to 99"), "{e}");
    }

    #[test]
    fn at_least_one_refuses_zero_and_words() {
        assert_eq!(at_least_one("3"), Ok(3));
        assert_eq!(at_least_one("0"), Err("must be at least 1".to_string()));
        assert!(at_least_one("x").unwrap_err().contains("whole number"));
        assert!(at_least_one("-1").is_err());
    }
}
