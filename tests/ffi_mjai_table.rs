//! C ABI of MJAI at a riichi table: `mj_mjai_respond` (a bot's response line played as the
//! seat's action) and `mj_mjai_replay` (a whole-game log replayed into a new table). Every
//! status they document, the table and the outputs unchanged on error, and whole games played
//! through them against the Rust API.

use mjkit::ffi::*;
use mjkit::mjai::{Writer, response_event};
use mjkit::table::{MatchEnd, MatchRules, Phase, Reader, Rules, Table};

fn c_rules(preset: u32) -> MjRules {
    let mut r = mj_rules_default();
    // SAFETY: `r` is writable.
    assert_eq!(unsafe { mj_rules_preset(preset, &mut r) }, MjStatus::Ok);
    r
}

fn c_table(preset: u32, seed: u64) -> *mut MjTable {
    let r = c_rules(preset);
    let mut t = std::ptr::null_mut();
    // SAFETY: valid pointers.
    assert_eq!(unsafe { mj_table_new(&r, seed, &mut t) }, MjStatus::Ok);
    t
}

fn save(t: *const MjTable) -> Vec<u8> {
    let mut len = 0usize;
    // SAFETY: a live handle; the first call asks for the size.
    let s = unsafe { mj_table_save(t, std::ptr::null_mut(), 0, &mut len) };
    assert!(s == MjStatus::BufferTooSmall || s == MjStatus::Ok, "{s:?}");
    let mut buf = vec![0u8; len];
    // SAFETY: `buf` is writable for `len` bytes.
    assert_eq!(
        unsafe { mj_table_save(t, buf.as_mut_ptr(), len, &mut len) },
        MjStatus::Ok
    );
    buf
}

const SENTINEL: MjAction = MjAction {
    kind: 0xA5,
    tile: 0xA5,
    aux: 0xA5,
};

fn respond_c(t: *mut MjTable, seat: u8, line: &[u8]) -> (MjStatus, MjAction, u8) {
    let (mut a, mut applied) = (SENTINEL, 0xA5u8);
    // SAFETY: `line` readable for its length, the outputs writable.
    let s = unsafe { mj_mjai_respond(t, seat, line.as_ptr(), line.len(), &mut a, &mut applied) };
    (s, a, applied)
}

/// The seat's legal actions through the C ABI.
fn c_legal(t: *const MjTable, seat: u8) -> Vec<MjAction> {
    let mut out = [SENTINEL; MJ_MAX_ACTIONS];
    let mut n = 0u32;
    // SAFETY: `out` writable for its length.
    let s = unsafe { mj_table_legal_actions(t, seat, out.as_mut_ptr(), out.len(), &mut n) };
    assert_eq!(s, MjStatus::Ok);
    out[..n as usize].to_vec()
}

#[test]
fn responses_play_whole_hands_like_the_rust_api() {
    for (preset, rules) in [
        (MJ_PRESET_RIICHI_TENHOU, Rules::riichi_tenhou()),
        (MJ_PRESET_RIICHI_MAHJONG_SOUL, Rules::riichi_mahjong_soul()),
    ] {
        for seed in 0..6u64 {
            let c = c_table(preset, seed);
            let mut t = Table::new(rules, seed).unwrap();
            let mut moves = 0;
            while t.phase() != Phase::Over {
                // A seat the table does not wait for acknowledges with none.
                if let Some(idle) = (0..4).find(|&s| t.pending() >> s & 1 == 0) {
                    let before = save(c);
                    let (s, a, applied) = respond_c(c, idle as u8, br#"{"type":"none"}"#);
                    assert_eq!((s, applied, a.kind), (MjStatus::Ok, 0, MJ_ACTION_PASS));
                    assert_eq!(save(c), before);
                }
                let seat = t.pending().trailing_zeros() as usize;
                let legal = t.legal_actions(seat);
                let i = (seed as usize + moves) % legal.len();
                let a = legal.as_slice()[i];
                let want = c_legal(c, seat as u8)[i];
                let line = response_event(&t.view(seat), &a).unwrap().to_line();
                let (s, played, applied) = respond_c(c, seat as u8, line.as_bytes());
                assert_eq!((s, applied), (MjStatus::Ok, 1), "{line}");
                assert_eq!(played, want, "{line}");
                t.apply(seat, a).unwrap();
                assert_eq!(save(c), t.save(), "{line}");
                moves += 1;
            }
            // SAFETY: a live handle, freed once.
            unsafe { mj_table_free(c) };
        }
    }
}

#[test]
fn respond_error_classes_change_nothing() {
    let c = c_table(MJ_PRESET_RIICHI_TENHOU, 7);
    let t = Table::new(Rules::riichi_tenhou(), 7).unwrap();
    let dealer = t.pending().trailing_zeros() as u8;
    let hand = t.view(usize::from(dealer)).hand;
    let missing = (0..27u8).find(|&k| hand[usize::from(k)] == 0).unwrap();
    let name = mjkit::mjai::Pai::new(missing, false).unwrap().name();
    let not_held =
        format!(r#"{{"type":"dahai","actor":{dealer},"pai":"{name}","tsumogiri":false}}"#);
    let other = (dealer + 1) % 4;
    let wrong_actor = format!(r#"{{"type":"dahai","actor":{other},"pai":"1m","tsumogiri":false}}"#);
    let before = save(c);
    let cases: Vec<(u8, Vec<u8>, MjStatus)> = vec![
        (4, br#"{"type":"none"}"#.to_vec(), MjStatus::InvalidArgument),
        (
            255,
            br#"{"type":"none"}"#.to_vec(),
            MjStatus::InvalidArgument,
        ),
        (dealer, b"{\"type\":\"none\"".to_vec(), MjStatus::BadMjai),
        (dealer, b"\xff\xfe".to_vec(), MjStatus::BadMjai),
        (dealer, b"".to_vec(), MjStatus::BadMjai),
        (
            dealer,
            br#"{"type":"dahai","actor":0}"#.to_vec(),
            MjStatus::BadMjai,
        ),
        (
            dealer,
            br#"{"type":"dahai","actor":0,"pai":"0m","tsumogiri":false}"#.to_vec(),
            MjStatus::BadMjai,
        ),
        (dealer, not_held.into_bytes(), MjStatus::IllegalAction),
        (dealer, wrong_actor.into_bytes(), MjStatus::IllegalAction),
        (
            dealer,
            br#"{"type":"none"}"#.to_vec(),
            MjStatus::IllegalAction,
        ),
        (
            dealer,
            br#"{"type":"end_game"}"#.to_vec(),
            MjStatus::IllegalAction,
        ),
        (
            other,
            format!(r#"{{"type":"reach","actor":{other}}}"#).into_bytes(),
            MjStatus::IllegalAction,
        ),
    ];
    for (seat, line, want) in cases {
        let (s, a, applied) = respond_c(c, seat, &line);
        assert_eq!(s, want, "{}", String::from_utf8_lossy(&line));
        assert_eq!((a, applied), (SENTINEL, 0xA5), "outputs written on {s:?}");
        assert_eq!(save(c), before, "{}", String::from_utf8_lossy(&line));
    }
    let line = br#"{"type":"none"}"#;
    let (mut a, mut applied) = (SENTINEL, 0xA5u8);
    // SAFETY: each call passes one NULL where a pointer is required; the rest are valid.
    unsafe {
        let p = line.as_ptr();
        let n = line.len();
        let nul = MjStatus::NullPointer;
        assert_eq!(
            mj_mjai_respond(std::ptr::null_mut(), 0, p, n, &mut a, &mut applied),
            nul
        );
        assert_eq!(
            mj_mjai_respond(c, 0, std::ptr::null(), n, &mut a, &mut applied),
            nul
        );
        assert_eq!(
            mj_mjai_respond(c, 0, p, n, std::ptr::null_mut(), &mut applied),
            nul
        );
        assert_eq!(
            mj_mjai_respond(c, 0, p, n, &mut a, std::ptr::null_mut()),
            nul
        );
    }
    assert_eq!((a, applied), (SENTINEL, 0xA5));
    assert_eq!(save(c), before);
    // SAFETY: a live handle, freed once.
    unsafe { mj_table_free(c) };
    // A Taiwanese table: MJAI drives riichi tables only.
    let c = c_table(u32::from(MJ_VARIANT_TAIWAN16), 1);
    let before = save(c);
    let (s, a, _) = respond_c(c, 0, br#"{"type":"none"}"#);
    assert_eq!((s, a), (MjStatus::InvalidArgument, SENTINEL));
    assert_eq!(save(c), before);
    // SAFETY: a live handle, freed once.
    unsafe { mj_table_free(c) };
}

/// The observer's MJAI log of an east-only match played by the first legal action.
fn east_log(rules: Rules, mr: MatchRules, seed: u64) -> (String, Table) {
    let mut t = Table::with_match(rules, mr, seed).unwrap();
    let mut log = Writer::new(&t, Reader::Observer).unwrap();
    loop {
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let legal = t.legal_actions(seat);
            let a = legal.as_slice()[seed as usize % legal.len()];
            t.apply(seat, a).unwrap();
            log.update(&t).unwrap();
        }
        if t.match_result().is_some() {
            break;
        }
        t.next_hand().unwrap();
        log.update(&t).unwrap();
    }
    (log.text(), t)
}

fn c_match(end_value: u32) -> MjMatchRules {
    let mut m = mj_match_rules_default();
    m.start_score = 25_000;
    m.end = MJ_MATCH_END_WIND_ROUNDS;
    m.end_value = end_value;
    m.dealer_rule = MJ_DEALER_KEEP_ON_WIN_OR_READY;
    m
}

fn replay_c(text: &[u8], rules: &MjRules, m: &MjMatchRules) -> (MjStatus, *mut MjTable, usize) {
    let sentinel = 0xA5usize as *mut MjTable;
    let (mut t, mut line) = (sentinel, usize::MAX);
    // SAFETY: `text` readable, the rest valid.
    let s = unsafe { mj_mjai_replay(text.as_ptr(), text.len(), rules, m, &mut t, &mut line) };
    if s != MjStatus::Ok {
        assert_eq!(t, sentinel, "out_table written on {s:?}");
    }
    if s != MjStatus::BadMjai {
        assert_eq!(line, usize::MAX, "out_line written on {s:?}");
    }
    (s, t, line)
}

#[test]
fn replay_rebuilds_the_match_and_names_the_bad_line() {
    let mr = MatchRules {
        start_score: 25_000,
        end: MatchEnd::WindRounds(1),
        dealer_rule: mjkit::table::DealerRule::KeepOnWinOrReady,
        ..MatchRules::endless()
    };
    for (preset, rules) in [
        (MJ_PRESET_RIICHI_TENHOU, Rules::riichi_tenhou()),
        (MJ_PRESET_RIICHI_MAHJONG_SOUL, Rules::riichi_mahjong_soul()),
    ] {
        let r = c_rules(preset);
        for seed in 0..3 {
            let (text, t) = east_log(rules, mr, seed);
            let (s, c, _) = replay_c(text.as_bytes(), &r, &c_match(1));
            assert_eq!(s, MjStatus::Ok, "seed {seed}");
            let mut state = std::mem::MaybeUninit::<MjMatchState>::uninit();
            // SAFETY: a live handle; `state` writable.
            assert_eq!(
                unsafe { mj_table_match_state(c, state.as_mut_ptr()) },
                MjStatus::Ok
            );
            // SAFETY: written on OK.
            let state = unsafe { state.assume_init() };
            let want = t.match_state();
            assert_eq!(state.scores.map(i64::from), want.scores.map(i64::from));
            assert_eq!(state.over, 1);
            // SAFETY: a live handle, freed once.
            unsafe { mj_table_free(c) };
            // Damaged: the second line's start_kyoku scores changed; the log cut short.
            let lines: Vec<&str> = text.lines().collect();
            let damaged: String = lines
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    if i == 1 {
                        l.replacen("25000", "25100", 1) + "\n"
                    } else {
                        format!("{l}\n")
                    }
                })
                .collect();
            assert_eq!(
                replay_c(damaged.as_bytes(), &r, &c_match(1)).0,
                MjStatus::BadMjai
            );
            assert_eq!(replay_c(damaged.as_bytes(), &r, &c_match(1)).2, 2);
            let cut: String = lines[..lines.len() - 1]
                .iter()
                .map(|l| format!("{l}\n"))
                .collect();
            let (s, _, line) = replay_c(cut.as_bytes(), &r, &c_match(1));
            assert_eq!((s, line), (MjStatus::BadMjai, lines.len()));
            // The wrong match: a hanchan log that ends after the east round.
            assert_eq!(
                replay_c(text.as_bytes(), &r, &c_match(2)).0,
                MjStatus::BadMjai
            );
        }
    }
    let r = c_rules(MJ_PRESET_RIICHI_TENHOU);
    let (text, _) = east_log(Rules::riichi_tenhou(), mr, 1);
    // Invalid UTF-8 on line 3.
    let mut bad = text.clone().into_bytes();
    let at = bad
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(1)
        .unwrap()
        .0
        + 3;
    bad[at] = 0xFF;
    assert_eq!(
        replay_c(&bad, &r, &c_match(1)),
        (MjStatus::BadMjai, 0xA5usize as *mut MjTable, 3)
    );
    assert_eq!(replay_c(b"", &r, &c_match(1)).0, MjStatus::BadMjai);
    // Rules: not riichi, not valid; match rules out of range.
    let taiwan = c_rules(u32::from(MJ_VARIANT_TAIWAN16));
    assert_eq!(
        replay_c(text.as_bytes(), &taiwan, &c_match(1)).0,
        MjStatus::InvalidArgument
    );
    let mut broken = r;
    broken.variant = 200;
    assert_eq!(
        replay_c(text.as_bytes(), &broken, &c_match(1)).0,
        MjStatus::InvalidArgument
    );
    let mut m = c_match(1);
    m.end = 9;
    assert_eq!(
        replay_c(text.as_bytes(), &r, &m).0,
        MjStatus::InvalidArgument
    );
    // NULL pointers; out_line may be NULL.
    let m = c_match(1);
    let mut t = std::ptr::null_mut();
    let mut line = 0usize;
    // SAFETY: each call passes one NULL where a pointer is required; the rest are valid.
    unsafe {
        let (p, n) = (text.as_ptr(), text.len());
        let nul = MjStatus::NullPointer;
        assert_eq!(
            mj_mjai_replay(std::ptr::null(), n, &r, &m, &mut t, &mut line),
            nul
        );
        assert_eq!(
            mj_mjai_replay(p, n, std::ptr::null(), &m, &mut t, &mut line),
            nul
        );
        assert_eq!(
            mj_mjai_replay(p, n, &r, std::ptr::null(), &mut t, &mut line),
            nul
        );
        assert_eq!(
            mj_mjai_replay(p, n, &r, &m, std::ptr::null_mut(), &mut line),
            nul
        );
        assert_eq!(
            mj_mjai_replay(p, 5, &r, &m, &mut t, std::ptr::null_mut()),
            MjStatus::BadMjai
        );
        assert_eq!(
            mj_mjai_replay(p, n, &r, &m, &mut t, std::ptr::null_mut()),
            MjStatus::Ok
        );
        mj_table_free(t);
    }
}

/// The whole-game log of `tests/fixtures/mjai_hand.jsonl`: one hand under the Tenhou preset
/// played by four greedy bots (the C, C# and Godot tests replay it).
fn fixture_log() -> String {
    let mr = MatchRules {
        start_score: 25_000,
        end: MatchEnd::Hands(1),
        dealer_rule: mjkit::table::DealerRule::KeepOnWinOrReady,
        ..MatchRules::endless()
    };
    let mut t = Table::with_match(Rules::riichi_tenhou(), mr, 12).unwrap();
    let mut log = Writer::new(&t, Reader::Observer).unwrap();
    let bot = mjkit::ai::BotConfig::greedy();
    while t.phase() != Phase::Over {
        let seat = t.pending().trailing_zeros() as usize;
        let a = mjkit::ai::decide(&t.view(seat), &bot);
        t.apply(seat, a).unwrap();
        log.update(&t).unwrap();
    }
    log.text()
}

#[test]
fn the_fixture_log_is_current_and_replays() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mjai_hand.jsonl");
    let text = fixture_log();
    if std::env::var_os("MJ_BLESS").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        stored, text,
        "tests/fixtures/mjai_hand.jsonl is stale: MJ_BLESS=1 cargo test --test ffi_mjai_table"
    );
    let r = c_rules(MJ_PRESET_RIICHI_TENHOU);
    let mut m = c_match(1);
    m.end = MJ_MATCH_END_HANDS;
    let (s, c, _) = replay_c(text.as_bytes(), &r, &m);
    assert_eq!(s, MjStatus::Ok);
    // SAFETY: a live handle, freed once.
    unsafe { mj_table_free(c) };
}

/// A move that claims the tile offered: a call, or a win on another seat's tile.
fn is_claim(e: &mjkit::mjai::Event) -> bool {
    use mjkit::mjai::Event as E;
    match e {
        E::Chi { .. } | E::Pon { .. } | E::Daiminkan { .. } => true,
        E::Hora { actor, target, .. } => actor != target,
        _ => false,
    }
}

#[test]
fn the_fixture_log_plays_through_responses() {
    let log = fixture_log();
    let mr = MatchRules {
        start_score: 25_000,
        end: MatchEnd::Hands(1),
        dealer_rule: mjkit::table::DealerRule::KeepOnWinOrReady,
        ..MatchRules::endless()
    };
    let mut t = Table::with_match(Rules::riichi_tenhou(), mr, 12).unwrap();
    // Every seat asked about the last tile passes.
    let pass_all = |t: &mut Table| {
        while t.phase() == Phase::Claim {
            let s = t.pending().trailing_zeros() as usize;
            mjkit::mjai::respond(t, s, r#"{"type":"none"}"#).unwrap();
        }
    };
    for (i, line) in log.lines().enumerate() {
        let e = mjkit::mjai::Event::parse(line).unwrap();
        match e.kind_name() {
            "dahai" | "reach" | "chi" | "pon" | "daiminkan" | "kakan" | "ankan" | "hora" => {
                let actor = usize::from(e.actor().unwrap());
                // A move on the seat's turn: the seats asked about the last tile pass first.
                if t.phase() == Phase::Claim && !is_claim(&e) {
                    pass_all(&mut t);
                }
                let r = mjkit::mjai::respond(&mut t, actor, line);
                assert!(matches!(r, Ok(Some(_))), "line {}: {line}: {r:?}", i + 1);
            }
            "end_kyoku" => pass_all(&mut t),
            _ => {}
        }
    }
    assert_eq!(t.phase(), Phase::Over);
}
