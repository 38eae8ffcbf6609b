//! `merge`: the shards of one run (`--shard K/N --json`) summed into that run's report.
//!
//! Every count of a report is an integer sum over walls (the intervals come from sums of
//! squares over walls), and a shard plays a contiguous range of the run's walls, so the sums of
//! the N shards are the sums of the one run, and the statistics computed from them are the
//! same numbers. What cannot be the same is the time: a merge's `seconds` is the shards'
//! summed play time.

use crate::report::{Params, Report};
use std::io::Read;

/// The reports in `text` (one JSON object, or several: JSON Lines or concatenated), or why not.
fn reports(text: &str) -> Result<Vec<Report>, String> {
    let mut out = Vec::new();
    for (n, v) in serde_json::Deserializer::from_str(text)
        .into_iter::<serde_json::Value>()
        .enumerate()
    {
        let v = v.map_err(|e| format!("object {}: not JSON ({e})", n + 1))?;
        out.push(Report::from_json(&v).map_err(|e| format!("object {}: {e}", n + 1))?);
    }
    if out.is_empty() {
        return Err("no JSON object".into());
    }
    Ok(out)
}

/// The first parameter in which `b` differs from `a`, named as the JSON names it.
fn differs(a: &Params, b: &Params) -> Option<&'static str> {
    [
        (a.walls != b.walls, "shard.of_walls"),
        (a.seed != b.seed, "seed"),
        (a.rules != b.rules, "rules"),
        (a.scoring != b.scoring, "scoring"),
        (a.preset != b.preset, "preset"),
        (a.dead_wall != b.dead_wall, "dead_wall"),
        (a.duplicate != b.duplicate, "duplicate"),
        (a.seats != b.seats, "seats"),
        (a.names != b.names, "bots"),
        (a.paired != b.paired, "paired"),
    ]
    .into_iter()
    .find_map(|(d, name)| d.then_some(name))
}

/// Reads the shards from `files` (`-` is standard input) and sums them into the report of the
/// run they split, or says which file is wrong and why: not a shard's JSON, a shard of another
/// run (a parameter differs), a shard given twice, or shards missing.
pub fn merge(files: &[String]) -> Result<Report, String> {
    let mut all: Vec<(String, Report)> = Vec::new();
    for f in files {
        let text = if f == "-" {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map_err(|e| format!("standard input: {e}"))?;
            s
        } else {
            std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?
        };
        for r in reports(&text).map_err(|e| format!("{f}: {e}"))? {
            all.push((f.clone(), r));
        }
    }
    let (first_file, first) = all.first().ok_or("merge needs at least one file")?;
    let (first_file, params) = (first_file.clone(), first.params.clone());
    let Some(count) = first.shard.map(|s| s.count) else {
        return Err(format!(
            "{first_file}: not a shard (no \"shard\": the JSON of a run without --shard)"
        ));
    };
    let mut seen: Vec<Option<String>> = vec![None; count as usize];
    for (f, r) in &all {
        let Some(s) = r.shard else {
            return Err(format!(
                "{f}: not a shard (no \"shard\": the JSON of a run without --shard)"
            ));
        };
        if s.count != count {
            return Err(format!(
                "{f}: shard {}/{} of a run split in {}, but {first_file} is of a run split in {count}",
                s.index, s.count, s.count
            ));
        }
        if let Some(name) = differs(&params, &r.params) {
            return Err(format!(
                "{f}: shard {}/{count} is of another run than {first_file}: \"{name}\" differs",
                s.index
            ));
        }
        if let Some(other) = &seen[s.index as usize] {
            return Err(format!(
                "{f}: shard {}/{count} is given twice (also in {other})",
                s.index
            ));
        }
        seen[s.index as usize] = Some(f.clone());
    }
    let missing: Vec<String> = seen
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_none())
        .map(|(k, _)| k.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "shards missing: {} (of 0..{})",
            missing.join(", "),
            count - 1
        ));
    }
    // In shard order: sums of integers, so any order gives the same counts; the time is summed.
    all.sort_by_key(|(_, r)| r.shard.map(|s| s.index));
    let mut totals = crate::play::Totals::default();
    let mut seconds = 0.0;
    for (_, r) in all {
        totals = totals.merge(r.totals);
        seconds += r.seconds;
    }
    Ok(Report {
        params,
        shard: None,
        totals,
        seconds,
    })
}
