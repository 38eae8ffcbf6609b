//! The riichi table against RiichiEnv 0.4.11 (PyPI `riichienv`, tests/oracle/setup.sh): single
//! hands of random legal play on shuffled walls, under each preset. mjkit plays a hand, picking
//! uniformly among its legal actions at every decision, and records each decision (the seats
//! asked, each one's legal set and choice) and the hand's result; tests/oracle/riichienv_replay.py
//! deals RiichiEnv the same wall (`reset(wall=...)`, the layout both engines read), replays the
//! choices, and reports the first decision where RiichiEnv's legal set differs from mjkit's, an
//! action it refuses, or final scores and sticks that differ. `MJ_RIICHIENV_N` hands per preset
//! (default 200; the documented full run is 10,000).
//!
//! Known deviations are classified by name (docs/mjai.md, "RiichiEnv"); anything else fails.

#[path = "support/mod.rs"]
mod support;

use mjkit::table::rng::Rng;
use mjkit::table::{Action, ActionKind, MatchEnd, MatchRules, Phase, Rules, Table};
use std::fmt::Write;

fn hands() -> usize {
    std::env::var("MJ_RIICHIENV_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

fn kind_name(k: ActionKind) -> &'static str {
    match k {
        ActionKind::Pass => "pass",
        ActionKind::Discard => "discard",
        ActionKind::Chow => "chow",
        ActionKind::Pung => "pung",
        ActionKind::ExposedKong => "exposed_kong",
        ActionKind::AddedKong => "added_kong",
        ActionKind::ConcealedKong => "concealed_kong",
        ActionKind::Win => "win",
        ActionKind::Riichi => "riichi",
        ActionKind::NineTerminals => "nine_terminals",
        ActionKind::EightFlowers | ActionKind::RobFlower => "flower",
    }
}

fn action_json(a: &Action) -> String {
    format!("[\"{}\",{},{}]", kind_name(a.kind), a.tile, a.aux)
}

/// The 136 tiles of the three-red set, shuffled.
fn wall(rng: &mut Rng) -> Vec<u8> {
    let mut w = Vec::with_capacity(136);
    for k in 0..34u8 {
        for c in 0..4 {
            w.push(if c == 0 && matches!(k, 4 | 13 | 22) {
                42 + k / 9
            } else {
                k
            });
        }
    }
    for i in (1..w.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        w.swap(i, j);
    }
    w
}

/// Plays one hand on `w` (dealer seat 0, East), returns its JSON line.
fn play(rules: Rules, preset: &str, hand: usize, w: &[u8], rng: &mut Rng) -> String {
    let mr = MatchRules {
        start_score: 25_000,
        end: MatchEnd::Never,
        ..MatchRules::endless()
    };
    let mut t = Table::with_match(rules, mr, hand as u64).unwrap();
    t.deal_wall(0, 0, 0, w).unwrap();
    let mut steps = String::new();
    while t.phase() != Phase::Over {
        let pending = t.pending();
        let seats: Vec<usize> = (0..4).filter(|s| pending & (1 << s) != 0).collect();
        let seats = if t.phase() == Phase::Turn {
            vec![seats[0]]
        } else {
            seats
        };
        let mut step = String::from("{");
        let mut chosen = Vec::new();
        for (i, &s) in seats.iter().enumerate() {
            let legal = t.legal_actions(s);
            let list = legal.as_slice();
            let a = list[rng.below(list.len() as u64) as usize];
            chosen.push((s, a));
            let legal: Vec<String> = list.iter().map(action_json).collect();
            let _ = write!(
                step,
                "{}\"{s}\":{{\"legal\":[{}],\"chosen\":{}}}",
                if i > 0 { "," } else { "" },
                legal.join(","),
                action_json(&a)
            );
        }
        step.push('}');
        if !steps.is_empty() {
            steps.push(',');
        }
        steps.push_str(&step);
        for (s, a) in chosen {
            t.apply(s, a).unwrap();
        }
    }
    let scores = t.scores();
    let (_, sticks) = mjkit::mjai::honba_sticks(t.match_state());
    format!(
        "{{\"hand\":{hand},\"preset\":\"{preset}\",\"wall\":{:?},\"steps\":[{steps}],\"scores\":{:?},\"sticks\":{sticks}}}",
        w, scores
    )
}

#[test]
fn random_hands_agree_with_riichienv() {
    let python = support::oracle::python_with(
        "import riichienv, importlib.metadata as m; assert m.version('riichienv') == '0.4.11'",
        "RiichiEnv 0.4.11 (PyPI riichienv; tests/oracle/setup.sh)",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut lines = Vec::new();
    for (preset, mut rules) in [
        ("tenhou", Rules::riichi_tenhou()),
        ("mjsoul", Rules::riichi_mahjong_soul()),
    ] {
        // RiichiEnv asks only the seats that may claim (mjkit asks every seat by default, so that
        // the timing of a claim window tells no seat what the others hold).
        rules.claim_window = mjkit::table::ClaimWindow::Claimants;
        let mut rng = Rng::from_u64(0x2800 + preset.len() as u64);
        for h in 0..hands() {
            let w = wall(&mut rng);
            lines.push(play(rules, preset, h, &w, &mut rng));
        }
    }
    let n = lines.len();
    let out = support::oracle::run_script(
        &python,
        "riichienv_replay.py",
        "riichienv-diff",
        lines.into_iter(),
        &[],
    );
    assert_eq!(out.len(), n + 1, "{out:?}");
    let summary = &out[n];
    println!("{summary}");
    let bad: Vec<&String> = out[..n].iter().filter(|l| !l.starts_with("ok")).collect();
    assert!(
        bad.is_empty(),
        "{} of {n} hands disagree with RiichiEnv; the first:\n{}",
        bad.len(),
        bad.iter()
            .take(8)
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
