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
//! `--shard K/N` plays the K-th of N contiguous ranges of the walls, and `merge` sums the
//! shards' JSON into the one run's report.

mod merge;
mod play;
mod report;

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use mjkit::Forms;
use mjkit::ai::BotConfig;
use mjkit::table::{ClaimWindow, Rules, SEATS, Table, rng::Rng};
use play::Plan;
use rayon::prelude::*;
use report::{Params, Report, Shard};
use std::time::Instant;

#[derive(Parser, Debug)]
#[command(
    name = "mjkit-selfplay",
    about = "mjkit self-play: bots at a 4-player table, or the start-hand distribution",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    args: Args,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Sum the JSON of the shards of one run (`--shard K/N --json`, every K once) into that
    /// run's report: the same counts, statistics and intervals as the run without --shard.
    Merge {
        /// Files holding the shards' JSON (one object each, or several as JSON Lines; `-` is
        /// standard input).
        #[arg(required = true)]
        files: Vec<String>,
        /// Print one JSON object instead of the table.
        #[arg(long)]
        json: bool,
    },
}

#[derive(clap::Args, Debug)]
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
    /// Four bots, by seat, separated by commas: mjkit, mjkit:L (mjkit's bot at level L, 1 easy
    /// to 5, the full bot mjkit), mjkit:blind, greedy, thesis:N (the thesis bot at AttackLevel
    /// N, 1 to 99).
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
    /// Play only shard K of N (K from 0 to N-1, N at most --hands): the K-th of N contiguous
    /// ranges of the walls. `merge` sums the shards' --json output into the run's.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<Shard>,
    /// Print one JSON object on stdout instead of the table.
    #[arg(long)]
    json: bool,
    /// Instead of playing: the draws-to-win distribution of N random 16-tile deals (N at least 1).
    #[arg(
        long,
        value_parser = at_least_one,
        conflicts_with_all = ["hands", "bots", "duplicate", "rules", "dead_wall", "scoring", "preset", "shard", "paired"]
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

/// `K/N` of `--shard`: N at least 1, K from 0 to N-1.
fn parse_shard(s: &str) -> Result<Shard, String> {
    let bad = || format!("{s:?} is not K/N (shard K of N, K from 0 to N-1, e.g. 0/4)");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let digits = |x: &str| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit());
    if !digits(k) || !digits(n) {
        return Err(bad());
    }
    let (index, count) = (
        k.parse::<u64>().map_err(|_| bad())?,
        n.parse::<u64>().map_err(|_| bad())?,
    );
    if count == 0 {
        return Err("N must be at least 1".to_string());
    }
    if index >= count {
        return Err(format!("K must be from 0 to N-1 = {}", count - 1));
    }
    Ok(Shard { index, count })
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
    let cli = Cli::parse();
    if let Some(Command::Merge { files, json }) = &cli.command {
        match merge::merge(files) {
            Ok(r) => print_report(&r, *json),
            Err(e) => fail(&e),
        }
        return;
    }
    let args = cli.args;
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
    if let Some(s) = args.shard {
        if s.count > args.hands {
            fail(&format!(
                "--shard {}/{}: {} shards of {} walls (--hands): at most {} shards",
                s.index, s.count, s.count, args.hands, args.hands
            ));
        }
    }
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
    let paired = args.paired.as_deref().map(|p| {
        p.trim()
            .parse::<BotConfig>()
            .unwrap_or_else(|e| fail(&format!("--paired: {e}")))
    });
    let plan = Plan {
        rules,
        seed: args.seed,
        duplicate: args.duplicate,
        seats: bots,
        seat_to_bot,
        named: names.len(),
        paired: paired.map(|cfg| {
            let mut v = bots;
            v[0] = cfg;
            v
        }),
    };
    let params = Params {
        walls: args.hands,
        seed: args.seed,
        rules: if matches!(args.rules.as_str(), "taiwan16" | "16") {
            "taiwan16".to_string()
        } else {
            "13".to_string()
        },
        scoring: args.scoring.clone(),
        preset: args.preset.clone(),
        dead_wall: rules.dead_wall,
        duplicate: args.duplicate,
        seats: bots.iter().map(ToString::to_string).collect(),
        names,
        paired: paired.map(|c| c.to_string()),
    };
    let walls = args.shard.map_or(0..args.hands, |s| s.walls(args.hands));

    let bar = ProgressBar::new(walls.end - walls.start);
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
    let totals = plan.play(walls, &bar);
    bar.finish_and_clear();
    let report = Report {
        params,
        shard: args.shard,
        totals,
        seconds: start.elapsed().as_secs_f64(),
    };
    print_report(&report, args.json);
}

/// Prints the report as JSON or as the table; exits 1 when a bot made an illegal move.
fn print_report(report: &Report, json: bool) {
    let illegal = report.totals.illegal;
    if illegal > 0 {
        eprintln!("error: {illegal} illegal moves (a bot bug)");
    }
    if json {
        println!("{}", report.to_json());
    } else {
        report.print_table();
    }
    if illegal > 0 {
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
