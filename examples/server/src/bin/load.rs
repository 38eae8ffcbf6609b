//! `mjkit-load`: many rooms at once on one server, each with four bot-played seats of which
//! one plays over a WebSocket, as a person's browser would: it folds its events into mjkit's
//! client, waits a think time, decides with a bot of mjkit from that view alone (`--client-bot`,
//! greedy by default: the cheapest, since its CPU time competes with the server's) and sends
//! the action. Measured: the time from sending an action (or a "next hand") to the first events it
//! brings back, over every action of the run, and the server's CPU time and memory. A
//! documented measurement (docs/server.md), not a timed test.
//!
//! ```text
//! mjkit-load --server target/release/mjkit-server --rooms 1000 --seconds 60
//! ```

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;
use mjkit::ai::{self, BotConfig};
use mjkit::table::rng::Rng;
use mjkit::table::{Client, Reader, Rules};
use mjkit_server::client::{Received, Socket, create_room};
use mjkit_server::protocol::{action_json, event_from_json};
use serde_json::{Value, json};
use tokio::sync::Mutex;

#[derive(Parser)]
#[command(
    about = "Load on mjkit-server: rooms of four bot-played seats, one over a WebSocket each"
)]
struct Cli {
    /// Start this server binary on a free port (its rooms in a temporary directory) and
    /// measure its CPU time and memory; without it, use the server at --addr.
    #[arg(long)]
    server: Option<PathBuf>,
    /// The server's address, when not started here.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// Rooms (and connections).
    #[arg(long, default_value_t = 1000)]
    rooms: usize,
    /// Mean think time of the connected seat before each decision (ms; uniform from half to
    /// one and a half times it).
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// Length of the measured run, after every connection has joined (s).
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// The rooms' rules preset.
    #[arg(long, default_value = "taiwan16")]
    preset: String,
    /// The bot that decides for the connected seats, here in the load program (its CPU time
    /// competes with the server's on one machine: a browser's would not, so the default is
    /// the cheapest of mjkit's bots).
    #[arg(long, default_value = "greedy")]
    client_bot: BotConfig,
    /// Whether the server sends hints with the options (the room setting `hints`).
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    hints: bool,
}

#[derive(Default)]
struct Totals {
    latencies_us: Vec<u32>,
    events: usize,
    hands: usize,
    refused: usize,
    bad_events: usize,
}

/// CPU seconds (user + system) and resident memory (kB) of a process, from /proc.
fn usage(pid: u32) -> Option<(f64, u64)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = stat.rsplit_once(')')?.1;
    let f: Vec<&str> = after.split_whitespace().collect();
    // Fields 14 and 15 (utime, stime) of stat, counted after the command's closing bracket.
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let rss = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    Some((ticks / 100.0, rss))
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let k = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    f64::from(sorted[k]) / 1000.0
}

/// What every connected seat of a run shares.
struct Run {
    addr: String,
    rules: Rules,
    think_ms: u64,
    bot: BotConfig,
    /// Latencies and counts are kept while this is set.
    measuring: AtomicBool,
    stop: AtomicBool,
    totals: Mutex<Totals>,
    joined: AtomicUsize,
}

/// One connected seat: joins, then plays until `run.stop`.
async fn seat(run: Arc<Run>, room: String, seed: u64) -> Result<(), String> {
    let Run {
        addr,
        rules,
        think_ms,
        bot,
        measuring,
        stop,
        totals,
        joined,
    } = &*run;
    let (rules, think_ms) = (*rules, *think_ms);
    let mut socket = Socket::connect(addr, &room).await?;
    socket.send(r#"{"type":"join","seat":"any"}"#).await?;
    let mut rng = Rng::from_u64(seed);
    let mut client: Option<Client> = None;
    let mut sent: Option<Instant> = None;
    let mut mine = Totals::default();
    let mut counted_join = false;
    let think = |rng: &mut Rng| {
        let lo = think_ms / 2;
        Duration::from_millis(lo + rng.next_u64() % (think_ms.max(1)))
    };
    while !stop.load(Ordering::Relaxed) {
        let text = match tokio::time::timeout(Duration::from_secs(5), socket.recv()).await {
            Ok(Received::Text(t)) => t,
            Ok(Received::Closed(c)) => return Err(format!("room {room}: closed {c:?}")),
            Err(_) => continue,
        };
        let v: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        match v["type"].as_str().unwrap_or("") {
            "welcome" => {
                client = Some(
                    Client::new(rules, Reader::Seat(v["reader"].as_u64().unwrap_or(0) as u8))
                        .map_err(|e| format!("{e:?}"))?,
                );
                if !counted_join {
                    counted_join = true;
                    joined.fetch_add(1, Ordering::Relaxed);
                }
            }
            "events" => {
                if let Some(t) = sent.take() {
                    if measuring.load(Ordering::Relaxed) {
                        let us = t.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
                        mine.latencies_us.push(us);
                    }
                }
                let c = client.as_mut().ok_or("events before the welcome")?;
                for e in v["events"].as_array().into_iter().flatten() {
                    let e = event_from_json(e)?;
                    if c.apply(&e).is_err() {
                        mine.bad_events += 1;
                    }
                    if measuring.load(Ordering::Relaxed) {
                        mine.events += 1;
                        if e.kind == mjkit::table::EventKind::HandStart {
                            mine.hands += 1;
                        }
                    }
                }
            }
            "options" => {
                tokio::time::sleep(think(&mut rng)).await;
                let c = client.as_ref().ok_or("options before the welcome")?;
                let view = c.view().ok_or("options before the hand")?;
                let mut cfg = *bot;
                cfg.tie_break = seed;
                let mut m = action_json(&ai::decide(view, &cfg));
                m["type"] = "act".into();
                m["next"] = v["next"].clone();
                socket.send(&m.to_string()).await?;
                sent = Some(Instant::now());
            }
            "hand_over" => {
                tokio::time::sleep(think(&mut rng)).await;
                socket.send(r#"{"type":"next"}"#).await?;
                sent = Some(Instant::now());
            }
            "error" => mine.refused += 1,
            _ => {}
        }
    }
    socket.close().await;
    let mut t = totals.lock().await;
    t.latencies_us.extend(mine.latencies_us);
    t.events += mine.events;
    t.hands += mine.hands;
    t.refused += mine.refused;
    t.bad_events += mine.bad_events;
    Ok(())
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let cli = Cli::parse();
    let mut child = None;
    let mut data = None;
    let addr = match &cli.server {
        Some(bin) => {
            let dir = std::env::temp_dir().join(format!("mjkit-load-{}", std::process::id()));
            let mut c = Command::new(bin)
                .args([
                    "--addr",
                    "127.0.0.1:0",
                    "--max-rooms",
                    &(cli.rooms + 10).to_string(),
                ])
                .arg("--data")
                .arg(&dir)
                .stdout(Stdio::piped())
                .spawn()
                .map_err(|e| format!("{}: {e}", bin.display()))?;
            let mut line = String::new();
            std::io::BufRead::read_line(
                &mut std::io::BufReader::new(c.stdout.as_mut().ok_or("no stdout")?),
                &mut line,
            )
            .map_err(|e| e.to_string())?;
            let addr = line
                .split("http://")
                .nth(1)
                .and_then(|r| r.split('/').next())
                .ok_or_else(|| format!("no address in {line:?}"))?
                .to_string();
            child = Some(c);
            data = Some(dir);
            addr
        }
        None => cli.addr.clone(),
    };
    let config = json!({"preset": cli.preset, "end": "never", "turn_ms": 0, "claim_ms": 0,
                        "hold_claims": false, "bot_ms": 0, "next_ms": 0, "hints": cli.hints});
    let rules = mjkit_server::config::RoomConfig {
        preset: cli.preset.clone(),
        ..Default::default()
    }
    .check()?
    .rules;
    let made = Instant::now();
    let mut rooms = Vec::with_capacity(cli.rooms);
    for _ in 0..cli.rooms {
        rooms.push(create_room(&addr, &config).await?);
    }
    println!(
        "{} rooms made in {:.1} s",
        rooms.len(),
        made.elapsed().as_secs_f64()
    );
    let run = Arc::new(Run {
        addr: addr.clone(),
        rules,
        think_ms: cli.think_ms,
        bot: cli.client_bot,
        measuring: AtomicBool::new(false),
        stop: AtomicBool::new(false),
        totals: Mutex::new(Totals::default()),
        joined: AtomicUsize::new(0),
    });
    let (measuring, stop, totals, joined) = (&run.measuring, &run.stop, &run.totals, &run.joined);
    let mut tasks = Vec::new();
    for (k, room) in rooms.into_iter().enumerate() {
        tasks.push(tokio::spawn(seat(run.clone(), room, k as u64 + 1)));
    }
    while joined.load(Ordering::Relaxed) < cli.rooms {
        if tasks.iter().any(|t| t.is_finished()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    println!(
        "{} connections joined; warming up 5 s, then measuring {} s",
        joined.load(Ordering::Relaxed),
        cli.seconds
    );
    tokio::time::sleep(Duration::from_secs(5)).await;
    let pid = child.as_ref().map(std::process::Child::id);
    let before = pid.and_then(usage);
    let own_before = usage(std::process::id());
    measuring.store(true, Ordering::Relaxed);
    let t0 = Instant::now();
    tokio::time::sleep(Duration::from_secs(cli.seconds)).await;
    measuring.store(false, Ordering::Relaxed);
    let wall = t0.elapsed().as_secs_f64();
    let after = pid.and_then(usage);
    let own_after = usage(std::process::id());
    stop.store(true, Ordering::Relaxed);
    let mut failed = 0;
    for t in tasks {
        match t.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                failed += 1;
                eprintln!("mjkit-load: {e}");
            }
            Err(e) => {
                failed += 1;
                eprintln!("mjkit-load: {e}");
            }
        }
    }
    let mut t = totals.lock().await;
    t.latencies_us.sort_unstable();
    let l = &t.latencies_us;
    println!(
        "rooms {}, connections failed {failed}; measured {:.1} s: {} actions ({:.0}/s), {} events received ({:.0}/s), {} hands dealt",
        cli.rooms,
        wall,
        l.len(),
        l.len() as f64 / wall,
        t.events,
        t.events as f64 / wall,
        t.hands
    );
    println!(
        "action -> next event (ms): p50 {:.2}  p90 {:.2}  p99 {:.2}  p99.9 {:.2}  max {:.2}",
        percentile(l, 0.5),
        percentile(l, 0.9),
        percentile(l, 0.99),
        percentile(l, 0.999),
        percentile(l, 1.0)
    );
    println!(
        "refused actions {}, events the library's client refused {}",
        t.refused, t.bad_events
    );
    if let (Some((c0, _)), Some((c1, rss))) = (before, after) {
        println!(
            "server: {:.2} CPU s over {:.1} s ({:.0}% of one core), resident memory {:.1} MB",
            c1 - c0,
            wall,
            100.0 * (c1 - c0) / wall,
            rss as f64 / 1024.0
        );
    }
    if let (Some((c0, _)), Some((c1, _))) = (own_before, own_after) {
        println!(
            "this load program: {:.2} CPU s ({:.0}% of one core), on the same machine",
            c1 - c0,
            100.0 * (c1 - c0) / wall
        );
    }
    if let Some(mut c) = child {
        let _ = c.kill();
        let _ = c.wait();
    }
    if let Some(d) = data {
        let _ = std::fs::remove_dir_all(d);
    }
    if failed > 0 || t.refused > 0 || t.bad_events > 0 {
        return Err("the run had failures".into());
    }
    Ok(())
}
