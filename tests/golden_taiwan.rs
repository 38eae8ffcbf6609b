//! The Taiwanese game (16-tile and 13-tile, thesis and tai scoring) against its golden outputs:
//! matches played by random and eager play and by every bot, each written as a record, a
//! snapshot after every action and the legal actions of every decision, must give exactly the
//! bytes committed in `tests/golden/` (a digest per case, and three records in full). The table
//! engine grows variants behind one seam; this test proves that the Taiwanese game does not
//! notice.
//!
//! `MJ_BLESS=1 cargo test --test golden_taiwan` rewrites the golden files: only for a change
//! that is meant to change the Taiwanese game (a rule another issue asks for), named in its
//! commit message.

use mjkit::ai::{self, BotConfig};
use mjkit::table::event::ACTION_KINDS;
use mjkit::table::record::{Recorder, read};
use mjkit::table::rng::Rng;
use mjkit::table::*;

fn fnv1a(h: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *h ^= u64::from(b);
        *h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// How the seats choose.
#[derive(Clone, Copy)]
enum Play {
    /// Uniformly among the legal actions.
    Random,
    /// Wins, kongs and claims first (7 in 8), else random: reaches robbed kongs and several
    /// winners.
    Eager,
    /// A bot per seat.
    Bots([BotConfig; SEATS]),
}

struct Case {
    name: &'static str,
    rules: Rules,
    match_rules: MatchRules,
    seed: u64,
    play: Play,
    /// Hands to play (the match may end first).
    hands: u32,
}

fn choose(legal: &Actions, rng: &mut Rng, eager: bool) -> Action {
    let list = legal.as_slice();
    if eager {
        for k in [
            ActionKind::Win,
            ActionKind::EightFlowers,
            ActionKind::RobFlower,
            ActionKind::ExposedKong,
            ActionKind::ConcealedKong,
            ActionKind::AddedKong,
            ActionKind::Pung,
            ActionKind::Chow,
        ] {
            if let Some(a) = list.iter().find(|a| a.kind == k) {
                if rng.below(8) != 0 {
                    return *a;
                }
            }
        }
    }
    list[rng.below(list.len() as u64) as usize]
}

/// Plays `c` and returns its digest line and its record.
fn run(c: &Case) -> (String, String) {
    let mut t = Table::with_match(c.rules, c.match_rules, c.seed).unwrap();
    let mut rec = Recorder::new(&t);
    let mut rng = Rng::from_u64(c.seed ^ 0x5eed);
    let (mut snaps, mut acts) = (FNV_START, FNV_START);
    let mut decisions = 0u64;
    let mut played = 0;
    loop {
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let legal = t.legal_actions(seat);
            for a in legal.as_slice() {
                let code = ACTION_KINDS.iter().position(|k| *k == a.kind).unwrap() as u8;
                fnv1a(&mut acts, &[code, a.tile]);
            }
            fnv1a(&mut acts, &[0xff]);
            let a = match c.play {
                Play::Random => choose(&legal, &mut rng, false),
                Play::Eager => choose(&legal, &mut rng, true),
                Play::Bots(bots) => ai::decide(&t.view(seat), &bots[seat]),
            };
            t.apply(seat, a).unwrap();
            rec.update(&t).unwrap();
            fnv1a(&mut snaps, &t.save());
            decisions += 1;
        }
        played += 1;
        if t.match_result().is_some() || played >= c.hands {
            break;
        }
        t.next_hand().unwrap();
        rec.update(&t).unwrap();
        fnv1a(&mut snaps, &t.save());
    }
    let text = rec.as_str().to_string();
    // The record replays to the table it describes.
    assert_eq!(read(&text).unwrap().save(), t.save(), "{}", c.name);
    let mut h = FNV_START;
    fnv1a(&mut h, text.as_bytes());
    let line = format!(
        "{} hands={played} decisions={decisions} record_bytes={} record={h:016x} snapshots={snaps:016x} actions={acts:016x} scores={:?}",
        c.name,
        text.len(),
        t.scores()
    );
    (line, text)
}

fn cases() -> Vec<Case> {
    let thesis = BotConfig::thesis(99);
    let mjkit = BotConfig::mjkit();
    let greedy = BotConfig::greedy();
    let blind = BotConfig::mjkit_value_blind();
    let round = |first: u8, rule: DealerRule| MatchRules {
        start_score: 1000,
        first_dealer: first,
        dealer_rule: rule,
        end: MatchEnd::WindRounds(1),
    };
    let hands = |n: u32| MatchRules {
        end: MatchEnd::Hands(n),
        ..MatchRules::endless()
    };
    let mut all_win = Rules::taiwan16();
    all_win.multi_win = MultiWin::All;
    let mut no_rob = Rules::thirteen();
    no_rob.rob_kong = false;
    let mut thirteen_all = Rules::thirteen();
    thirteen_all.multi_win = MultiWin::All;
    let mut c = vec![
        Case {
            name: "taiwan16-tai-mjkit-thesis",
            rules: Rules::taiwan16(),
            match_rules: round(0, DealerRule::KeepOnWinOrDraw),
            seed: 1,
            play: Play::Bots([mjkit, thesis, thesis, thesis]),
            hands: 8,
        },
        Case {
            name: "taiwan16-common-bots",
            rules: Rules::taiwan16_common(),
            match_rules: round(2, DealerRule::KeepOnWin),
            seed: 2,
            play: Play::Bots([greedy, mjkit, BotConfig::thesis(30), blind]),
            hands: 8,
        },
        Case {
            name: "taiwan16-thesis-points-bots",
            rules: Rules::taiwan16_thesis_points(),
            match_rules: hands(6),
            seed: 3,
            play: Play::Bots([thesis, greedy, mjkit, BotConfig::thesis(1)]),
            hands: 6,
        },
        Case {
            name: "thesis-bots",
            rules: Rules::thesis(),
            match_rules: round(1, DealerRule::AlwaysPass),
            seed: 4,
            play: Play::Bots([thesis, thesis, mjkit, greedy]),
            hands: 8,
        },
        Case {
            name: "thirteen-bots",
            rules: Rules::thirteen(),
            match_rules: round(3, DealerRule::KeepOnWinOrReady),
            seed: 5,
            play: Play::Bots([mjkit, greedy, thesis, mjkit]),
            hands: 8,
        },
        Case {
            name: "taiwan16-all-winners-bots",
            rules: all_win,
            match_rules: hands(6),
            seed: 6,
            play: Play::Bots([greedy, greedy, greedy, greedy]),
            hands: 6,
        },
    ];
    for (i, rules) in [
        Rules::taiwan16(),
        Rules::taiwan16_common(),
        Rules::taiwan16_thesis_points(),
        Rules::thesis(),
        Rules::thirteen(),
        all_win,
        no_rob,
        thirteen_all,
    ]
    .into_iter()
    .enumerate()
    {
        for (j, play) in [Play::Random, Play::Eager].into_iter().enumerate() {
            const NAMES: [[&str; 2]; 8] = [
                ["taiwan16-random", "taiwan16-eager"],
                ["common-random", "common-eager"],
                ["thesis-points-random", "thesis-points-eager"],
                ["thesis-random", "thesis-eager"],
                ["thirteen-random", "thirteen-eager"],
                ["all-winners-random", "all-winners-eager"],
                ["no-rob-random", "no-rob-eager"],
                ["thirteen-all-random", "thirteen-all-eager"],
            ];
            c.push(Case {
                name: NAMES[i][j],
                rules,
                match_rules: MatchRules {
                    start_score: -50 * i as i64,
                    first_dealer: (i % 4) as u8,
                    dealer_rule: [
                        DealerRule::KeepOnWinOrDraw,
                        DealerRule::KeepOnWin,
                        DealerRule::KeepOnWinOrReady,
                        DealerRule::AlwaysPass,
                    ][(i + j) % 4],
                    end: MatchEnd::Hands(12),
                },
                seed: 100 + (i * 2 + j) as u64,
                play,
                hands: 12,
            });
        }
    }
    c
}

/// The cases written out in full (one record file each).
const FULL: [&str; 3] = [
    "taiwan16-tai-mjkit-thesis",
    "thirteen-bots",
    "taiwan16-all-winners-bots",
];

#[test]
fn taiwanese_outputs_equal_the_golden_files() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");
    let bless = std::env::var_os("MJ_BLESS").is_some();
    let mut digest = String::new();
    for c in cases() {
        let (line, text) = run(&c);
        digest.push_str(&line);
        digest.push('\n');
        if FULL.contains(&c.name) {
            let path = format!("{dir}/{}.jsonl", c.name);
            if bless {
                std::fs::write(&path, &text).unwrap();
            }
            let want = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                want == text,
                "{} differs from {path} (MJ_BLESS=1 rewrites it, only for a rule change meant to change the Taiwanese game)",
                c.name
            );
        }
    }
    let path = format!("{dir}/taiwan.txt");
    if bless {
        std::fs::create_dir_all(dir).unwrap();
        std::fs::write(&path, &digest).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    if want != digest {
        for (w, g) in want.lines().zip(digest.lines()) {
            if w != g {
                eprintln!("golden: {w}\n   now: {g}");
            }
        }
        panic!("Taiwanese outputs differ from {path} (MJ_BLESS=1 rewrites it)");
    }
}
