//! A run's report: its parameters, its counts, the statistics with their intervals, as JSON
//! (which `merge` reads back) or as the human table.

use crate::play::{Tally, Totals};
use serde_json::{Value, json};

/// What a run played: everything but the counts. Two shards of one run have equal `Params`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// `--hands`: the walls of the whole run (all shards).
    pub walls: u64,
    pub seed: u64,
    /// `taiwan16` or `13`.
    pub rules: String,
    /// `thesis` or `tai`.
    pub scoring: String,
    pub preset: Option<String>,
    pub dead_wall: u8,
    pub duplicate: bool,
    /// The bots by seat, by name.
    pub seats: Vec<String>,
    /// The named bots (each name once, in order of first appearance in `seats`).
    pub names: Vec<String>,
    /// `--paired`: the name of the bot that replaces the first.
    pub paired: Option<String>,
}

/// `--shard K/N`: this shard's place in the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K, 0..N.
    pub index: u64,
    /// N.
    pub count: u64,
}

impl Shard {
    /// The walls of shard `index` of `count` among `walls` (contiguous, sizes differing by at
    /// most one; `count <= walls`, so none is empty).
    pub fn walls(&self, walls: u64) -> std::ops::Range<u64> {
        let at = |k: u64| (u128::from(k) * u128::from(walls) / u128::from(self.count)) as u64;
        at(self.index)..at(self.index + 1)
    }
}

/// A run (or a shard of one, or the merge of shards) with its counts.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub params: Params,
    pub shard: Option<Shard>,
    pub totals: Totals,
    /// Seconds of play (summed over shards for a merge).
    pub seconds: f64,
}

/// Mean per seat-hand and the half-width of its 95% interval, with walls as the sampling unit
/// (the rotations of a wall are correlated).
pub fn mean_ci(sum: f64, sq: f64, walls: f64, per_wall: f64) -> (f64, f64) {
    let n = walls;
    let mean_w = sum / n;
    let var_w = ((sq / n) - mean_w * mean_w).max(0.0) * n / (n - 1.0).max(1.0);
    (mean_w / per_wall, 1.96 * (var_w / n).sqrt() / per_wall)
}

/// A bot's rates with their intervals: win, deal-in, points per hand.
pub struct Stats {
    pub win: (f64, f64),
    pub deal_in: (f64, f64),
    pub points: (f64, f64),
}

impl Stats {
    pub fn of(b: &Tally, walls: u64) -> Stats {
        let walls = walls as f64;
        let per_wall = b.seat_hands as f64 / walls;
        Stats {
            win: mean_ci(b.wins as f64, b.sq_wins as f64, walls, per_wall),
            deal_in: mean_ci(b.deal_ins as f64, b.sq_deal_ins as f64, walls, per_wall),
            points: mean_ci(b.points as f64, b.sq_points as f64, walls, per_wall),
        }
    }
}

impl Report {
    /// `--paired`: the first bot's points per hand minus the paired bot's, with its interval.
    pub fn paired(&self) -> Option<(f64, f64)> {
        self.params.paired.as_ref()?;
        let rotations = if self.params.duplicate { 4.0 } else { 1.0 };
        Some(mean_ci(
            self.totals.paired.0 as f64,
            self.totals.paired.1 as f64,
            self.totals.walls as f64,
            rotations,
        ))
    }

    /// Hands a second (one decimal).
    pub fn hands_per_second(&self) -> f64 {
        let hps = if self.seconds > 0.0 {
            self.totals.hands as f64 / self.seconds
        } else {
            0.0
        };
        (hps * 10.0).round() / 10.0
    }

    /// The JSON object of the report (`--json`).
    pub fn to_json(&self) -> Value {
        let p = &self.params;
        let t = &self.totals;
        let bots: Vec<Value> = p
            .names
            .iter()
            .zip(&t.bots)
            .map(|(n, b)| {
                let s = Stats::of(b, t.walls);
                json!({"bot": n, "seat_hands": b.seat_hands, "wins": b.wins,
                    "self_draws": b.self_draws, "deal_ins": b.deal_ins, "tenpai": b.tenpai_end,
                    "ready": b.ready_ever, "points": b.points,
                    "win_rate": s.win.0, "win_ci95": s.win.1,
                    "deal_in_rate": s.deal_in.0, "deal_in_ci95": s.deal_in.1,
                    "points_per_hand": s.points.0, "points_ci95": s.points.1,
                    "sums_of_squares": {"wins": b.sq_wins, "deal_ins": b.sq_deal_ins,
                        "points": b.sq_points}})
            })
            .collect();
        let mut out = json!({"walls": t.walls, "hands": t.hands, "draws": t.draws,
            "illegal": t.illegal, "rules": p.rules, "scoring": p.scoring, "preset": p.preset,
            "dead_wall": p.dead_wall, "seed": p.seed, "duplicate": p.duplicate,
            "seats": p.seats, "seconds": self.seconds,
            "hands_per_second": self.hands_per_second(), "bots": bots});
        if let (Some(against), Some((d, ci))) = (&p.paired, self.paired()) {
            out["paired"] = json!({"bot": p.names[0], "against": against,
                "points_per_hand": d, "ci95": ci, "sum": t.paired.0,
                "sum_of_squares": t.paired.1});
        }
        if let Some(s) = self.shard {
            let r = s.walls(p.walls);
            out["shard"] = json!({"index": s.index, "count": s.count, "of_walls": p.walls,
                "first_wall": r.start});
        }
        out
    }

    /// The human table.
    pub fn print_table(&self) {
        let p = &self.params;
        let t = &self.totals;
        let shard = self.shard.map_or(String::new(), |s| {
            let r = s.walls(p.walls);
            format!(
                ", shard {}/{} of {} walls: walls {}..{}",
                s.index,
                s.count,
                p.walls,
                r.start,
                r.end - 1
            )
        });
        println!(
            "{} hands ({} walls{}{shard}), rules {}, scoring {}, dead wall {}, seed {}",
            t.hands,
            t.walls,
            if p.duplicate { " x 4 seatings" } else { "" },
            p.rules,
            match (p.scoring.as_str(), p.preset.as_deref()) {
                ("tai", Some(pr)) => format!("tai ({pr}, 過水 on)"),
                ("tai", None) => "tai (atawmj, 過水 on)".to_string(),
                (s, _) => s.to_string(),
            },
            p.dead_wall,
            p.seed
        );
        println!(
            "draws {} ({:.2}%), {:.0} hands/s, illegal moves {}",
            t.draws,
            100.0 * t.draws as f64 / t.hands as f64,
            self.hands_per_second(),
            t.illegal
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
        for (n, b) in p.names.iter().zip(&t.bots) {
            let s = Stats::of(b, t.walls);
            let sh = b.seat_hands as f64;
            println!(
                "{n:<10} {:>10} {:>8.2} ± {:>5.2} {:>9.2} {:>9.2} {:>8.2} ± {:>5.2} {:>9.2} {:>9.2} {:>+10.4} ± {:>7.4}",
                b.seat_hands,
                100.0 * s.win.0,
                100.0 * s.win.1,
                100.0 * b.self_draws as f64 / sh,
                100.0 * (b.wins - b.self_draws) as f64 / sh,
                100.0 * s.deal_in.0,
                100.0 * s.deal_in.1,
                100.0 * b.ready_ever as f64 / sh,
                100.0 * b.tenpai_end as f64 / sh,
                s.points.0,
                s.points.1
            );
        }
        if let (Some(against), Some((d, ci))) = (&p.paired, self.paired()) {
            println!(
                "paired: {} minus {against} on the same walls (the hands played twice), points per hand {d:+.4} ± {ci:.4}",
                p.names[0]
            );
        }
        println!(
            "win % counts every win (tsumo = self-drawn, ron = on a discard); ready % = hands in which the seat was ready at some point; tenpai % = ready when the hand ended without its win; ± = 95% interval over walls"
        );
    }

    /// Reads a report back from its JSON (`merge`): every count and parameter, checked for
    /// presence and type; the statistics are recomputed from the counts, never read.
    pub fn from_json(v: &Value) -> Result<Report, String> {
        let obj = v.as_object().ok_or("not a JSON object")?;
        let get = |k: &str| obj.get(k).ok_or_else(|| format!("no \"{k}\""));
        let u = |k: &str| {
            get(k)?
                .as_u64()
                .ok_or_else(|| format!("\"{k}\" is not a whole number"))
        };
        let s = |k: &str| {
            get(k)?
                .as_str()
                .map(str::to_string)
                .ok_or_else(|| format!("\"{k}\" is not a string"))
        };
        let names_of = |k: &str| -> Result<Vec<String>, String> {
            get(k)?
                .as_array()
                .ok_or_else(|| format!("\"{k}\" is not a list"))?
                .iter()
                .map(|x| {
                    x.as_str()
                        .map(str::to_string)
                        .ok_or_else(|| format!("\"{k}\" holds a non-string"))
                })
                .collect()
        };
        let shard = match obj.get("shard") {
            None | Some(Value::Null) => None,
            Some(sv) => {
                let field = |k: &str| {
                    sv.get(k)
                        .and_then(Value::as_u64)
                        .ok_or_else(|| format!("\"shard\" has no whole number \"{k}\""))
                };
                Some((
                    Shard {
                        index: field("index")?,
                        count: field("count")?,
                    },
                    field("of_walls")?,
                    field("first_wall")?,
                ))
            }
        };
        let walls = u("walls")?;
        let mut bots = Vec::new();
        let mut names = Vec::new();
        for b in get("bots")?.as_array().ok_or("\"bots\" is not a list")? {
            let bu = |k: &str| {
                b.get(k)
                    .and_then(Value::as_u64)
                    .ok_or_else(|| format!("a bot has no whole number \"{k}\""))
            };
            let bi = |x: Option<&Value>, k: &str| {
                x.and_then(Value::as_i64)
                    .ok_or_else(|| format!("a bot has no integer \"{k}\""))
            };
            let sq = b
                .get("sums_of_squares")
                .ok_or("a bot has no \"sums_of_squares\"")?;
            let squ = |k: &str| {
                sq.get(k)
                    .and_then(Value::as_u64)
                    .ok_or_else(|| format!("a bot's \"sums_of_squares\" has no \"{k}\""))
            };
            names.push(
                b.get("bot")
                    .and_then(Value::as_str)
                    .ok_or("a bot has no name")?
                    .to_string(),
            );
            bots.push(Tally {
                seat_hands: bu("seat_hands")?,
                wins: bu("wins")?,
                self_draws: bu("self_draws")?,
                deal_ins: bu("deal_ins")?,
                tenpai_end: bu("tenpai")?,
                ready_ever: bu("ready")?,
                points: bi(b.get("points"), "points")?,
                sq_wins: squ("wins")?,
                sq_deal_ins: squ("deal_ins")?,
                sq_points: bi(sq.get("points"), "sums_of_squares.points")?,
            });
        }
        let (paired, paired_sums) = match obj.get("paired") {
            None | Some(Value::Null) => (None, (0, 0)),
            Some(pv) => {
                let pi = |k: &str| {
                    pv.get(k)
                        .and_then(Value::as_i64)
                        .ok_or_else(|| format!("\"paired\" has no integer \"{k}\""))
                };
                let against = pv
                    .get("against")
                    .and_then(Value::as_str)
                    .ok_or("\"paired\" has no \"against\"")?;
                (
                    Some(against.to_string()),
                    (pi("sum")?, pi("sum_of_squares")?),
                )
            }
        };
        let preset = match get("preset")? {
            Value::Null => None,
            Value::String(p) => Some(p.clone()),
            _ => return Err("\"preset\" is neither null nor a string".into()),
        };
        let dead_wall = u8::try_from(u("dead_wall")?).map_err(|_| "\"dead_wall\" above 255")?;
        let duplicate = get("duplicate")?
            .as_bool()
            .ok_or("\"duplicate\" is not true or false")?;
        let seconds = get("seconds")?
            .as_f64()
            .ok_or("\"seconds\" is not a number")?;
        let params = Params {
            walls: shard.map_or(walls, |(_, of, _)| of),
            seed: u("seed")?,
            rules: s("rules")?,
            scoring: s("scoring")?,
            preset,
            dead_wall,
            duplicate,
            seats: names_of("seats")?,
            names,
            paired,
        };
        let totals = Totals {
            walls,
            hands: u("hands")?,
            draws: u("draws")?,
            illegal: u("illegal")?,
            bots,
            paired: paired_sums,
        };
        if let Some((sh, _, first)) = shard {
            if sh.count == 0 || sh.index >= sh.count || sh.count > params.walls {
                return Err(format!(
                    "\"shard\" {}/{} of {} walls is not a shard",
                    sh.index, sh.count, params.walls
                ));
            }
            let r = sh.walls(params.walls);
            if r.start != first || r.end - r.start != walls {
                return Err(format!(
                    "shard {}/{} of {} walls holds walls {}..{}, not {} from {first}",
                    sh.index,
                    sh.count,
                    params.walls,
                    r.start,
                    r.end - 1,
                    walls
                ));
            }
        }
        if params.names.is_empty() {
            return Err("\"bots\" is empty".into());
        }
        Ok(Report {
            params,
            shard: shard.map(|(s, _, _)| s),
            totals,
            seconds,
        })
    }
}
