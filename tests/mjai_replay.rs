//! The MJAI log reader (`mjai::replay_log`): whole-game logs replayed through the riichi referee
//! on their own walls. Checked: mjkit's own logs (riichi matches of random, eager and greedy
//! play, both presets, east-only and hanchan) replay to the same match; seat streams (masked)
//! and damaged logs are refused at the first line that cannot be accepted; and whole games
//! that RiichiEnv 0.4.11 played and logged (tests/oracle/riichienv_games.py) replay under the
//! matching preset. `MJ_MJAI_REPLAY_N` matches per preset and match length (default 4) and
//! `MJ_RIICHIENV_GAMES` RiichiEnv games per preset and match length (default 6; the documented
//! full run: docs/mjai.md).

#[path = "support/mod.rs"]
mod support;

use mjkit::mjai::{Event as Mjai, Writer, replay_log};
use mjkit::table::rng::Rng;
use mjkit::table::{ActionKind, MatchEnd, MatchRules, Phase, Reader, Rules, Table};

fn count(var: &str, default: usize) -> usize {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn match_rules(rounds: u8) -> MatchRules {
    MatchRules {
        start_score: 25_000,
        end: MatchEnd::WindRounds(rounds),
        ..MatchRules::endless()
    }
}

/// Uniformly, or (eager) wins, riichi, kans and calls first, 3 times in 4.
fn pick(t: &Table, seat: usize, rng: &mut Rng, eager: bool) -> mjkit::table::Action {
    let legal = t.legal_actions(seat);
    let list = legal.as_slice();
    if eager {
        for k in [
            ActionKind::Win,
            ActionKind::NineTerminals,
            ActionKind::Riichi,
            ActionKind::ExposedKong,
            ActionKind::ConcealedKong,
            ActionKind::AddedKong,
            ActionKind::Pung,
            ActionKind::Chow,
        ] {
            if let Some(a) = list.iter().find(|a| a.kind == k) {
                if rng.below(4) != 0 {
                    return *a;
                }
            }
        }
    }
    list[rng.below(list.len() as u64) as usize]
}

/// Plays a match (mode 0 random, 1 eager, 2 the greedy bot); returns the table and the whole
/// game's MJAI log and seat 1's stream.
fn play(rules: Rules, mr: MatchRules, seed: u64, mode: u64) -> (Table, String, String) {
    let mut t = Table::with_match(rules, mr, seed).unwrap();
    let mut whole = Writer::new(&t, Reader::Observer).unwrap();
    let mut seat = Writer::new(&t, Reader::Seat(1)).unwrap();
    let mut rng = Rng::from_u64(seed ^ 0x5eed);
    loop {
        while t.phase() != Phase::Over {
            let s = t.pending().trailing_zeros() as usize;
            let a = if mode == 2 {
                mjkit::ai::decide(&t.view(s), &mjkit::ai::BotConfig::greedy())
            } else {
                pick(&t, s, &mut rng, mode == 1)
            };
            t.apply(s, a).unwrap();
            whole.update(&t).unwrap();
            seat.update(&t).unwrap();
        }
        if t.match_result().is_some() {
            break;
        }
        t.next_hand().unwrap();
        whole.update(&t).unwrap();
        seat.update(&t).unwrap();
    }
    (t, whole.text(), seat.text())
}

fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

fn join(lines: &[String]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

#[test]
fn own_logs_replay_to_the_same_match_and_seat_streams_are_refused() {
    let n = count("MJ_MJAI_REPLAY_N", 4);
    let (mut games, mut hands, mut lines_read) = (0, 0, 0);
    for (p, rules) in [Rules::riichi_tenhou(), Rules::riichi_mahjong_soul()]
        .into_iter()
        .enumerate()
    {
        for rounds in [1u8, 2] {
            for m in 0..n {
                let seed = (p * 10_000 + usize::from(rounds) * 1000 + m) as u64;
                let mr = match_rules(rounds);
                let (t, text, seat) = play(rules, mr, seed, m as u64 % 3);
                let back = replay_log(&text, rules, mr)
                    .unwrap_or_else(|e| panic!("preset {p}, {rounds} rounds, seed {seed}: {e}"));
                assert_eq!(back.match_state(), t.match_state(), "seed {seed}");
                assert_eq!(back.match_result(), t.match_result(), "seed {seed}");
                // A seat's stream hides the other seats' hands: refused at its first hand.
                let e = replay_log(&seat, rules, mr).unwrap_err();
                assert_eq!(e.line, 2, "{e}");
                assert!(e.why.contains("masked"), "{e}");
                games += 1;
                hands += t.match_state().hands_played;
                lines_read += text.lines().count();
            }
        }
    }
    println!("{games} matches, {hands} hands, {lines_read} lines replayed");
}

#[test]
fn wrong_rules_and_match_rules_are_named() {
    let mr = match_rules(1);
    let (_, text, _) = play(Rules::riichi_tenhou(), mr, 7, 1);
    assert_eq!(
        replay_log(&text, Rules::taiwan16(), mr).unwrap_err().line,
        1
    );
    // A hanchan's rules on an east-only game: the log ends before the match is over.
    let e = replay_log(&text, Rules::riichi_tenhou(), match_rules(2)).unwrap_err();
    assert_eq!(e.line, text.lines().count(), "{e}");
    let other_dealer = MatchRules {
        first_dealer: 1,
        ..mr
    };
    let e = replay_log(&text, Rules::riichi_tenhou(), other_dealer).unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    let fewer = MatchRules {
        start_score: 30_000,
        ..mr
    };
    let e = replay_log(&text, Rules::riichi_tenhou(), fewer).unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    assert!(e.why.contains("start_kyoku"), "{e}");
}

/// The line numbers (1-based) of the events of `kind` in `log`.
fn find(log: &[String], kind: &str) -> Vec<usize> {
    let tag = format!("\"type\":\"{kind}\"");
    (0..log.len())
        .filter(|&i| log[i].contains(&tag))
        .map(|i| i + 1)
        .collect()
}

#[test]
fn damaged_logs_are_refused_at_the_damaged_line() {
    let rules = Rules::riichi_tenhou();
    let mr = match_rules(1);
    let mut checked = 0;
    for seed in 0..6u64 {
        let (_, text, _) = play(rules, mr, seed, 1 + seed % 2);
        let log = lines(&text);
        let refused_at = |damaged: Vec<String>| replay_log(&join(&damaged), rules, mr).unwrap_err();
        // Score changes, the next hand's scores, a discard's actor, a meld's tiles.
        for k in find(&log, "hora").into_iter().chain(find(&log, "ryukyoku")) {
            let mut d = log.clone();
            let e = Mjai::parse(&d[k - 1]).unwrap();
            let changed = match e {
                Mjai::Hora {
                    actor,
                    target,
                    pai,
                    deltas: Some(mut x),
                    ura_markers,
                } => {
                    x[0] += 100;
                    x[1] -= 100;
                    Mjai::Hora {
                        actor,
                        target,
                        pai,
                        deltas: Some(x),
                        ura_markers,
                    }
                }
                Mjai::Ryukyoku {
                    reason,
                    deltas: Some(mut x),
                } => {
                    x[2] += 1000;
                    x[3] -= 1000;
                    Mjai::Ryukyoku {
                        reason,
                        deltas: Some(x),
                    }
                }
                _ => continue,
            };
            d[k - 1] = changed.to_line();
            let err = refused_at(d);
            assert_eq!(err.line, k, "seed {seed}: {err}");
            checked += 1;
        }
        for k in find(&log, "start_kyoku").into_iter().skip(1) {
            let mut d = log.clone();
            d[k - 1] = d[k - 1].replacen("\"scores\":[", "\"scores\":[1", 1);
            assert_eq!(refused_at(d).line, k, "seed {seed}");
            checked += 1;
        }
        for k in find(&log, "dahai").into_iter().step_by(7) {
            let mut d = log.clone();
            let Mjai::Dahai {
                actor,
                pai,
                tsumogiri,
            } = Mjai::parse(&d[k - 1]).unwrap()
            else {
                unreachable!()
            };
            d[k - 1] = Mjai::Dahai {
                actor: (actor + 1) % 4,
                pai,
                tsumogiri,
            }
            .to_line();
            let err = refused_at(d);
            assert_eq!(err.line, k, "seed {seed}: {err}");
            assert!(err.why.contains("to move"), "{err}");
            checked += 1;
        }
        // A line taken out, or the log cut short.
        for k in find(&log, "tsumo").into_iter().step_by(11) {
            let mut d = log.clone();
            d.remove(k - 1);
            assert!(refused_at(d).line >= k, "seed {seed}");
            checked += 1;
        }
        let mut d = log.clone();
        d.pop();
        assert_eq!(refused_at(d).line, log.len(), "seed {seed}");
        // A fifth copy: a hand whose deal and first indicator show all four copies of a kind,
        // and its first draw made a fifth.
        for start in find(&log, "start_kyoku") {
            let Mjai::StartKyoku {
                tehais,
                dora_marker,
                ..
            } = Mjai::parse(&log[start - 1]).unwrap()
            else {
                unreachable!()
            };
            let mut shown = [0u8; 34];
            for p in tehais.iter().flatten().chain([&dora_marker]) {
                shown[usize::from(p.kind().unwrap())] += 1;
            }
            let Some(k) =
                (0..34u8).find(|&k| shown[usize::from(k)] == 4 && ![4, 13, 22].contains(&k))
            else {
                continue;
            };
            let mut d = log.clone();
            let Mjai::Tsumo { actor, .. } = Mjai::parse(&d[start]).unwrap() else {
                unreachable!()
            };
            d[start] = Mjai::Tsumo {
                actor,
                pai: mjkit::mjai::Pai::new(k, false).unwrap(),
            }
            .to_line();
            let err = refused_at(d);
            assert_eq!(err.line, start + 1, "seed {seed}: {err}");
            assert!(err.why.contains("copies"), "{err}");
            checked += 1;
        }
    }
    println!("{checked} damaged logs refused at the damaged line");
}

#[test]
fn riichienv_games_replay_under_the_matching_preset() {
    let python = support::oracle::python_with(
        "import riichienv",
        "RiichiEnv (PyPI riichienv 0.4.11; tests/oracle/setup.sh)",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let n = count("MJ_RIICHIENV_GAMES", 6);
    let mut games = Vec::new();
    for preset in ["tenhou", "mjsoul"] {
        for mode in [1u8, 2] {
            for seed in 0..n {
                games.push((preset, mode, seed));
            }
        }
    }
    let out = support::oracle::run_script(
        &python,
        "riichienv_games.py",
        "mjai-riichienv-games",
        games
            .iter()
            .map(|(p, m, s)| format!("{{\"preset\":\"{p}\",\"mode\":{m},\"seed\":{s}}}")),
        &[],
    );
    assert_eq!(out.len(), games.len());
    let (mut hands, mut wins, mut riichi, mut kans, mut calls) = (0, 0, 0, 0, 0);
    let mut refused = Vec::new();
    for ((preset, mode, seed), line) in games.iter().zip(&out) {
        let events: Vec<String> = serde_json::from_str(line).expect("a JSON array of events");
        let text = join(&events);
        let rules = if *preset == "tenhou" {
            Rules::riichi_tenhou()
        } else {
            Rules::riichi_mahjong_soul()
        };
        match replay_log(&text, rules, match_rules(*mode)) {
            Ok(t) => hands += t.match_state().hands_played,
            Err(e) => {
                let dir = support::oracle::repo().join("target/mjai-riichienv-games");
                let file = dir.join(format!("refused-{preset}-{mode}-{seed}.jsonl"));
                std::fs::write(&file, &text).expect("write the refused log");
                refused.push(format!(
                    "{preset} mode {mode} seed {seed}: {e}\n  line: {}",
                    events
                        .get(e.line.wrapping_sub(1))
                        .map_or("", |s| s.as_str())
                ))
            }
        }
        wins += find(&events, "hora").len();
        riichi += find(&events, "reach_accepted").len();
        kans += find(&events, "ankan").len()
            + find(&events, "kakan").len()
            + find(&events, "daiminkan").len();
        calls += find(&events, "chi").len() + find(&events, "pon").len();
    }
    println!(
        "{} RiichiEnv games ({hands} hands replayed, {wins} wins, {riichi} riichi, {kans} kans, {calls} chi/pon): {} refused",
        games.len(),
        refused.len()
    );
    assert!(
        wins > 0 && riichi > 0 && calls > 0,
        "{wins} {riichi} {calls}"
    );
    assert!(
        refused.is_empty(),
        "{} of {} RiichiEnv games refused:\n{}",
        refused.len(),
        games.len(),
        refused[..refused.len().min(8)].join("\n")
    );
}
