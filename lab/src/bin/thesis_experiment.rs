//! The thesis' experiment (figs. 4-1 to 4-6): the thesis bot at AttackLevel AL in seat 0
//! against three `thesis:99`, thesis rules, for AL 3 to 8; draws, seat 0's wins, self-draws,
//! deal-ins and points, and the other seats' mean win and deal-in rates.
//!
//! ```text
//! cargo run --release -p mjkit-lab --bin thesis-experiment -- --hands 4000 --seed 2014
//! ```
//!
//! Hand `h` is dealt by `Table::deal(h, h % 4, 0)`; each pending seat decides in seat order.

use clap::Parser;
use mjkit::ai::{self, BotConfig};
use mjkit::table::{End, Phase, Rules, SEATS, Table};
use rayon::prelude::*;

#[derive(Parser, Debug)]
#[command(about = "the thesis' experiment: thesis:AL in seat 0 against three thesis:99")]
struct Args {
    /// Hands per AttackLevel.
    #[arg(long, default_value_t = 4000)]
    hands: u32,
    /// Table seed.
    #[arg(long, default_value_t = 2014)]
    seed: u64,
    /// Lowest AttackLevel of seat 0.
    #[arg(long, default_value_t = 3)]
    from: u8,
    /// Highest AttackLevel of seat 0.
    #[arg(long, default_value_t = 8)]
    to: u8,
}

/// Per-seat counts over the hands.
#[derive(Default, Debug)]
struct Tally {
    draws: u32,
    wins: [u32; SEATS],
    self_draws: [u32; SEATS],
    deal_ins: [u32; SEATS],
    points: [i64; SEATS],
}

fn play(rules: Rules, seed: u64, hands: u32, al: u8) -> Tally {
    let bots: [BotConfig; SEATS] =
        std::array::from_fn(|s| BotConfig::thesis(if s == 0 { al } else { 99 }));
    // Only the claimants answer (the thesis' table): the same decisions, fewer passes.
    let rules = Rules {
        claim_window: mjkit::table::ClaimWindow::Claimants,
        ..rules
    };
    let mut t = Table::new(rules, seed).expect("valid rules");
    let mut tally = Tally::default();
    for h in 0..hands {
        t.deal(h, (h % 4) as u8, 0).expect("valid deal");
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let a = ai::decide(&t.view(seat), &bots[seat]);
            t.apply(seat, a).expect("a legal action");
        }
        let r = t.result().expect("hand over");
        tally.draws += u32::from(r.winners == 0);
        for s in 0..SEATS {
            let won = u32::from(r.winners >> s & 1);
            tally.wins[s] += won;
            if r.end == End::SelfDraw {
                tally.self_draws[s] += won;
            }
            tally.deal_ins[s] += u32::from(usize::from(r.discarder) == s);
            tally.points[s] += r.points[s];
        }
    }
    tally
}

fn main() {
    let args = Args::parse();
    if !(1..=99).contains(&args.from) || !(args.from..=99).contains(&args.to) {
        eprintln!("error: --from and --to are AttackLevels with 1 <= from <= to <= 99");
        std::process::exit(2);
    }
    mjkit::init();
    let n = args.hands;
    let results: Vec<(u8, Tally)> = (args.from..=args.to)
        .into_par_iter()
        .map(|al| (al, play(Rules::thesis(), args.seed, n, al)))
        .collect();
    let pct = |x: u32| 100.0 * f64::from(x) / f64::from(n.max(1));
    for (al, t) in results {
        println!(
            "AL {al} vs 99: draws {:.1}%, seat 0 win {:.1}% (self {:.1}%) deal-in {:.1}% points {}; \
             others win {:.1}% deal-in {:.1}%",
            pct(t.draws),
            pct(t.wins[0]),
            pct(t.self_draws[0]),
            pct(t.deal_ins[0]),
            t.points[0],
            pct(t.wins[1..].iter().sum::<u32>()) / 3.0,
            pct(t.deal_ins[1..].iter().sum::<u32>()) / 3.0,
        );
    }
}
