//! The MJAI writer of the riichi table against its own reader and Mortal's libriichi: riichi
//! matches of random, eager and greedy-bot legal play under both presets, written as the whole game and as
//! each seat's stream after every action. Checked: every line reads back to its event; each
//! seat's stream is the whole game masked as the protocol masks it; the scores, honba and sticks
//! the writer tracks equal the table's at every hand start; and every seat's stream is fed to
//! libriichi's `PlayerState` (tests/oracle/libriichi_check.py: each own decision validated against
//! the state after the event it answers) with no refusal. `MJ_MJAI_N` matches per preset (default
//! 12; the documented full run: docs/mjai.md).

#[path = "support/mod.rs"]
mod support;

use mjkit::mjai::{Event as Mjai, Writer, WriterError, honba_sticks, read_log};
use mjkit::table::rng::Rng;
use mjkit::table::{ActionKind, MatchEnd, MatchRules, Phase, Reader, Rules, Table};

fn matches() -> usize {
    std::env::var("MJ_MJAI_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12)
}

/// Uniformly, or (eager) riichi, wins, kongs and calls first, 3 times in 4.
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

/// Plays one east-only match, writing the five streams; returns them.
fn play_match(rules: Rules, seed: u64, mode: u64) -> Vec<Vec<Mjai>> {
    let mr = MatchRules {
        start_score: 25_000,
        end: MatchEnd::WindRounds(1),
        ..MatchRules::endless()
    };
    let mut t = Table::with_match(rules, mr, seed).unwrap();
    let readers = [
        Reader::Observer,
        Reader::Seat(0),
        Reader::Seat(1),
        Reader::Seat(2),
        Reader::Seat(3),
    ];
    let mut w: Vec<Writer> = readers
        .iter()
        .map(|&r| Writer::new(&t, r).unwrap())
        .collect();
    let mut rng = Rng::from_u64(seed ^ 0x28);
    loop {
        let s = t.match_state();
        for x in &w {
            let (h, k) = honba_sticks(s);
            assert_eq!(x.tracked(), (s.scores, h, k), "hand start, seed {seed}");
        }
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let a = if mode == 2 {
                mjkit::ai::decide(&t.view(seat), &mjkit::ai::BotConfig::greedy())
            } else {
                pick(&t, seat, &mut rng, mode == 1)
            };
            t.apply(seat, a).unwrap();
            for x in &mut w {
                x.update(&t).unwrap();
            }
        }
        if t.match_result().is_some() {
            break;
        }
        t.next_hand().unwrap();
        for x in &mut w {
            x.update(&t).unwrap();
        }
    }
    let s = t.match_state();
    for x in &w {
        let (h, k) = honba_sticks(s);
        assert_eq!(x.tracked(), (s.scores, h, k), "match end, seed {seed}");
    }
    w.iter().map(|x| x.events().to_vec()).collect()
}

#[test]
fn writer_refuses_other_variants_and_hands_under_way() {
    let t = Table::new(Rules::taiwan16(), 1).unwrap();
    assert_eq!(
        Writer::new(&t, Reader::Observer).err(),
        Some(WriterError::NotRiichi)
    );
    let mut t = Table::new(Rules::riichi_tenhou(), 1).unwrap();
    let seat = t.pending().trailing_zeros() as usize;
    let a = t.legal_actions(seat).as_slice()[0];
    t.apply(seat, a).unwrap();
    assert_eq!(
        Writer::new(&t, Reader::Seat(0)).err(),
        Some(WriterError::HandUnderWay)
    );
}

#[test]
fn streams_read_back_mask_as_the_protocol_and_libriichi_accepts_them() {
    let python = support::oracle::python_with(
        "import mjai.mlibriichi",
        "Mortal's libriichi (PyPI mjai 0.2.1; tests/oracle/setup.sh)",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut items = Vec::new();
    let (mut horas, mut ryukyokus, mut reaches, mut kans) = (0, 0, 0, 0);
    for (p, rules) in [Rules::riichi_tenhou(), Rules::riichi_mahjong_soul()]
        .into_iter()
        .enumerate()
    {
        for m in 0..matches() {
            let streams = play_match(rules, (p * 1000 + m) as u64, m as u64 % 3);
            let whole = &streams[0];
            let text: String = whole.iter().map(|e| e.to_line() + "\n").collect();
            assert_eq!(&read_log(&text).unwrap(), whole);
            for e in whole {
                match e {
                    Mjai::Hora { .. } => horas += 1,
                    Mjai::Ryukyoku { .. } => ryukyokus += 1,
                    Mjai::ReachAccepted { .. } => reaches += 1,
                    Mjai::Ankan { .. } | Mjai::Kakan { .. } | Mjai::Daiminkan { .. } => kans += 1,
                    _ => {}
                }
            }
            for seat in 0..4u8 {
                let mine = &streams[1 + usize::from(seat)];
                let masked: Vec<Mjai> = whole.iter().map(|e| e.masked_for(seat)).collect();
                assert_eq!(
                    mine.len(),
                    masked.len(),
                    "seat {seat}, preset {p}, match {m}"
                );
                if let Some(i) = (0..mine.len()).find(|&i| mine[i] != masked[i]) {
                    panic!(
                        "seat {seat}, preset {p}, match {m}, event {i}: the seat's stream has {} where the masked game has {}",
                        mine[i].to_line(),
                        masked[i].to_line()
                    );
                }
                let events: Vec<String> = mine.iter().map(Mjai::to_line).collect();
                items.push(format!(
                    "{{\"seat\":{seat},\"events\":[{}]}}",
                    events.join(",")
                ));
            }
        }
    }
    assert!(
        horas > 0 && ryukyokus > 0 && reaches > 0 && kans > 0,
        "{horas} {ryukyokus} {reaches} {kans}"
    );
    let n = items.len();
    let out = support::oracle::run_script(
        &python,
        "libriichi_check.py",
        "mjai-libriichi",
        items.into_iter(),
        &[],
    );
    assert_eq!(out.len(), n);
    let refused: Vec<&String> = out.iter().filter(|l| !l.starts_with("ok ")).collect();
    let (events, decisions) =
        out.iter()
            .filter_map(|l| l.strip_prefix("ok "))
            .fold((0u64, 0u64), |(e, d), l| {
                let mut it = l.split(' ').map(|x| x.parse::<u64>().unwrap_or(0));
                (e + it.next().unwrap_or(0), d + it.next().unwrap_or(0))
            });
    println!(
        "{n} seat streams ({horas} wins, {ryukyokus} draws, {reaches} riichi, {kans} kans): libriichi read {events} events and validated {decisions} own decisions; refused {}",
        refused.len()
    );
    assert!(decisions > 1000, "{decisions}");
    assert!(
        refused.is_empty(),
        "libriichi refused {} of {n} streams:\n{}",
        refused.len(),
        refused
            .iter()
            .take(10)
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
