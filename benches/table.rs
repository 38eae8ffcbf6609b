//! The table engine and the bots: decision latency per bot (median, p99, max, in µs) and hands per
//! second on one thread, four copies of each bot at the table, same walls, same run; the levels
//! of mjkit's bot; and a hint (`ai::hint`) at every decision of four `mjkit` bots, its choice
//! played. `cargo bench --bench table` (set `MJ_BENCH_HANDS` to change the 400 hands per bot).

use std::time::Instant;

use mjkit::ai::{self, BotConfig};
use mjkit::table::{Phase, Rules, Table};

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn main() {
    let hands: u32 = std::env::var("MJ_BENCH_HANDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(400);
    mjkit::init();
    println!(
        "mjkit table bench: {hands} Taiwanese 16-tile hands per bot, four copies at the table, one thread"
    );
    println!(
        "{:<11} {:>10} {:>12} {:>10} {:>10} {:>10} {:>12}",
        "bot", "decisions", "hands/s", "median µs", "p99 µs", "max µs", "engine share"
    );
    for (name, cfg) in [
        ("thesis:99", BotConfig::thesis(99)),
        ("greedy", BotConfig::greedy()),
        ("mjkit", BotConfig::mjkit()),
        ("mjkit:blind", BotConfig::mjkit_value_blind()),
        ("mjkit:1", BotConfig::mjkit_level(1)),
        ("mjkit:3", BotConfig::mjkit_level(3)),
        ("hint", BotConfig::mjkit()),
    ] {
        let mut lat = Vec::new();
        let mut table = Table::new(Rules::taiwan16(), 7).expect("rules");
        let start = Instant::now();
        let mut decide_total = 0.0;
        for h in 0..hands {
            table.deal(h, (h % 4) as u8, 0).expect("deal");
            while table.phase() != Phase::Over {
                let seat = table.pending().trailing_zeros() as usize;
                let view = table.view(seat);
                let t = Instant::now();
                let a = if name == "hint" {
                    ai::hint(&view, &cfg).expect("a hint").choice
                } else {
                    ai::decide(&view, &cfg)
                };
                let dt = t.elapsed().as_secs_f64();
                decide_total += dt;
                lat.push(dt * 1e6);
                table.apply(seat, a).expect("legal");
            }
        }
        let secs = start.elapsed().as_secs_f64();
        lat.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
        println!(
            "{name:<11} {:>10} {:>12.0} {:>10.2} {:>10.2} {:>10.2} {:>11.0}%",
            lat.len(),
            f64::from(hands) / secs,
            percentile(&lat, 0.5),
            percentile(&lat, 0.99),
            lat[lat.len() - 1],
            100.0 * (secs - decide_total) / secs
        );
    }
}
