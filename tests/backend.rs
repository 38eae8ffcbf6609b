//! The table as a game backend: the event stream against the engine (a client rebuilds every
//! seat's view from its events alone), masking, matches, snapshots and undo.
//!
//! `MJ_EVENTS_N` sets the hands of the event test (default 4,000).

use mjkit::table::event::{HIDDEN_TILE, flags};
use mjkit::table::names::{Lang, event_line};
use mjkit::table::rng::Rng;
use mjkit::table::*;
use mjkit::tile::{code_kind, is_red_code};

fn env_n(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Picks an action: uniformly random, or eager (wins, kongs, claims first) to reach every path.
pub fn choose(legal: &Actions, rng: &mut Rng, eager: bool) -> Action {
    let list = legal.as_slice();
    if eager {
        for k in [
            ActionKind::Win,
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

/// The tiles of a masked event that belong to another seat's hidden hand must be hidden, and
/// no seat's claim answer reaches another seat or the spectator (but a flower offer's, which
/// is public).
fn check_masking(reader: Reader, e: &Event) -> Result<(), String> {
    let other = Reader::Seat(e.seat) != reader;
    let hidden_ok = |t: u8| t == HIDDEN_TILE;
    match e.kind {
        EventKind::HandStart if e.seed != 0 => Err("seed shown".into()),
        EventKind::Deal if other && !e.tile_list().iter().all(|&t| hidden_ok(t)) => {
            Err("another seat's deal shown".into())
        }
        EventKind::Draw if other && !hidden_ok(e.tile) => Err("another seat's draw shown".into()),
        EventKind::Meld
            if other
                && e.meld == Some(MeldKind::ConcealedKong)
                && e.flags & flags::SHOWN == 0
                && !(hidden_ok(e.tile) && e.tile_list().iter().all(|&t| hidden_ok(t))) =>
        {
            Err("another seat's concealed kong shown".into())
        }
        EventKind::ClaimAnswer if other && e.flags & flags::FLOWER_OFFER == 0 => {
            Err("another seat's claim answer shown".into())
        }
        EventKind::ExhaustiveDraw if e.value & !i64::from(own_bit(reader)) != 0 => {
            Err("another seat's readiness shown".into())
        }
        _ => Ok(()),
    }
}

/// The first field where a client's view and the table's differ.
pub fn view_diff(a: Option<&View>, b: Option<&View>) -> Option<String> {
    let (Some(x), Some(y)) = (a, b) else {
        return (a != b).then(|| format!("view {:?} / {:?}", a.is_some(), b.is_some()));
    };
    macro_rules! fields {
        ($($f:ident),*) => {
            $( if x.$f != y.$f {
                return Some(format!("{}: {:?} / table {:?}", stringify!($f), x.$f, y.$f));
            } )*
        };
    }
    fields!(
        rules,
        seat,
        dealer,
        prevalent_wind,
        first_dealer,
        hand_index,
        phase,
        actor,
        pending,
        hand,
        drawn,
        offered,
        offer,
        melds,
        meld_counts,
        flowers,
        concealed_counts,
        discards,
        discard_count,
        wall_left,
        scores,
        consecutive,
        pass_locked,
        win_flags
    );
    None
}

/// The Taiwanese switches a client folds beside the presets' (by `n % 4`): 0 the preset, 1 the
/// strict 過水 lock, 2 a minimum tai (起胡) of 3 (which wins and flower offers a seat is given
/// depend on), 3 both.
fn taiwan_variants(rules: &mut Rules, n: u64) {
    if let Scoring::Tai(tai) = &mut rules.scoring {
        if n % 2 == 1 {
            rules.pass_lock = PassLock::UntilDiscard;
        }
        if n % 4 >= 2 {
            tai.min_tai = 3;
        }
    }
}

fn own_bit(reader: Reader) -> u8 {
    match reader {
        Reader::Seat(s) => 1 << s,
        _ => 0,
    }
}

/// The action an observer event records, if it records one.
fn action_of(e: &Event) -> Option<(usize, Action)> {
    let seat = usize::from(e.seat);
    let a = |k| Some((seat, Action::new(k, e.tile)));
    match e.kind {
        EventKind::Discard => a(ActionKind::Discard),
        // The answer's `value` is its red fives (riichi's aux).
        EventKind::ClaimAnswer => Some((
            seat,
            Action::with_aux(e.action.unwrap(), e.tile, e.value as u8),
        )),
        EventKind::Meld if e.meld == Some(MeldKind::ConcealedKong) => {
            let red = e.tile_list().iter().filter(|&&c| is_red_code(c)).count();
            Some((
                seat,
                Action::with_aux(ActionKind::ConcealedKong, code_kind(e.tile), red as u8),
            ))
        }
        EventKind::Riichi => Some((seat, Action::new(ActionKind::Riichi, NO_TILE))),
        EventKind::AbortiveDraw if e.reason == Reason::NineTerminals => {
            Some((seat, Action::new(ActionKind::NineTerminals, NO_TILE)))
        }
        EventKind::Meld if e.meld == Some(MeldKind::AddedKong) => a(ActionKind::AddedKong),
        EventKind::Win if e.flags & flags::SELF_DRAWN != 0 => a(ActionKind::Win),
        _ => None,
    }
}

#[test]
fn events_rebuild_every_view_and_hide_what_a_seat_cannot_see() {
    let hands = env_n("MJ_EVENTS_N", 4_000);
    let mut rng = Rng::from_u64(19);
    let mut seen_kinds = std::collections::HashSet::new();
    let mut lost_claims = 0u32;
    let (mut robbed, mut multi) = (0u32, 0u32);
    let readers = [
        Reader::Seat(0),
        Reader::Seat(1),
        Reader::Seat(2),
        Reader::Seat(3),
        Reader::Spectator,
        Reader::Observer,
    ];
    for h in 0..hands {
        let riichi = h % 11 == 10;
        let mut rules = if riichi {
            [Rules::riichi_tenhou(), Rules::riichi_mahjong_soul()][(h / 11 % 2) as usize]
        } else if h % 3 == 2 {
            Rules::thirteen()
        } else {
            Rules::taiwan16()
        };
        if h % 5 == 4 && !riichi {
            rules.multi_win = MultiWin::All;
        }
        if h % 7 == 3 {
            rules.claim_window = ClaimWindow::Claimants;
        }
        taiwan_variants(&mut rules, h / 3);
        let mut t = Table::new(rules, h).unwrap();
        t.deal(h as u32, (h % 4) as u8, ((h / 4) % 4) as u8)
            .unwrap();
        let mut next = readers.map(|r| t.event_bounds(r).0);
        let mut clients: Vec<Client> = readers[..5]
            .iter()
            .map(|&r| Client::new(rules, r).unwrap())
            .collect();
        let mut history: Vec<(usize, Action)> = Vec::new();
        let mut logged: Vec<(usize, Action)> = Vec::new();
        let mut buf = [Event::new(EventKind::HandStart); 8];
        let eager = h % 4 == 0;
        if h % 97 == 0 {
            t.set_score((h % 4) as usize, -5).unwrap();
        }
        loop {
            for (r, &reader) in readers.iter().enumerate() {
                // Poll in small chunks, as a client with a small buffer would.
                loop {
                    let n = t.read_events(reader, next[r], &mut buf);
                    if n == 0 {
                        break;
                    }
                    for e in &buf[..n] {
                        assert_eq!(e.index, next[r], "indices are continuous");
                        next[r] += 1;
                        assert!(!event_line(e, Lang::English).is_empty());
                        assert!(!event_line(e, Lang::Traditional).is_empty());
                        if reader == Reader::Observer {
                            seen_kinds.insert(e.kind);
                            if e.kind == EventKind::ClaimLost {
                                lost_claims += 1;
                            }
                            if let Some(a) = action_of(e) {
                                logged.push(a);
                            }
                        } else {
                            check_masking(reader, e)
                                .unwrap_or_else(|m| panic!("hand {h}: {m}: {e:?}"));
                            clients[r]
                                .apply(e)
                                .unwrap_or_else(|x| panic!("hand {h} {reader:?}: {x:?} {e:?}"));
                        }
                    }
                }
            }
            // Every reader's client agrees with the table's view of that reader.
            for (r, c) in clients.iter().enumerate() {
                if let Some(d) = view_diff(c.view(), t.view_for(readers[r]).as_ref()) {
                    panic!("hand {h} {:?}: the client's {d}", readers[r]);
                }
            }
            assert_eq!(
                logged, history,
                "hand {h}: the log's actions are the actions played"
            );
            if t.phase() == Phase::Over {
                break;
            }
            let seat = t.pending().trailing_zeros() as usize;
            let legal = t.legal_actions(seat);
            // Half the hands are played by the greedy bot (which gets ready, so wins on
            // discards, several winners and robbed kongs happen), taking every kong and win.
            let a = if h % 2 == 1 {
                let take = legal.as_slice().iter().copied().find(|a| {
                    matches!(
                        a.kind,
                        ActionKind::Win | ActionKind::AddedKong | ActionKind::ConcealedKong
                    )
                });
                take.unwrap_or_else(|| {
                    mjkit::ai::decide(&t.view(seat), &mjkit::ai::BotConfig::greedy())
                })
            } else {
                choose(&legal, &mut rng, eager)
            };
            t.apply(seat, a).unwrap();
            history.push((seat, a));
        }
        // The hand's end is in the log: winners, payments, the next dealer.
        let r = t.result().unwrap();
        let log = t.log();
        let wins: u8 = log
            .iter()
            .filter(|e| e.kind == EventKind::Win)
            .map(|e| 1u8 << e.seat)
            .sum();
        assert_eq!(wins, r.winners);
        robbed += u32::from(r.robbed_kong);
        multi += u32::from(r.winners.count_ones() > 1);
        let pay: Vec<i64> = log
            .iter()
            .filter(|e| e.kind == EventKind::Payment)
            .map(|e| e.value)
            .collect();
        assert_eq!(pay, r.points.to_vec());
        assert!(matches!(
            log.last().unwrap().kind,
            EventKind::DealerKept | EventKind::DealerPassed | EventKind::WindAdvanced
        ));
    }
    if hands >= 2_000 {
        for k in [
            EventKind::Flower,
            EventKind::ClaimWon,
            EventKind::ClaimLost,
            EventKind::Meld,
            EventKind::Win,
            EventKind::ExhaustiveDraw,
            EventKind::ScoreSet,
        ] {
            assert!(seen_kinds.contains(&k), "{k:?} never logged");
        }
        assert!(lost_claims > 0);
        assert!(
            robbed > 0 && multi > 0,
            "robbed kongs {robbed}, several winners {multi}"
        );
    }
    println!(
        "{hands} hands: {lost_claims} lost claims, {robbed} robbed kongs, {multi} hands with several winners"
    );
}

#[test]
fn win_flags_report_replacement_last_tile_robbing_and_first_turn() {
    let mut rng = Rng::from_u64(3);
    let mut seen = 0u32;
    for h in 0..3_000u64 {
        let mut t = Table::new(Rules::taiwan16(), h).unwrap();
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let a = choose(&t.legal_actions(seat), &mut rng, true);
            t.apply(seat, a).unwrap();
        }
        for e in t.log().iter().filter(|e| e.kind == EventKind::Win) {
            seen |= e.flags;
            if e.flags & flags::LAST_TILE != 0 {
                assert_eq!(t.view(0).wall_left, 0);
            }
            if e.flags & flags::REPLACEMENT != 0 {
                assert!(e.flags & flags::SELF_DRAWN != 0);
                let draw = t
                    .log()
                    .iter()
                    .rev()
                    .find(|d| d.kind == EventKind::Draw)
                    .unwrap();
                assert!(draw.flags & flags::REPLACEMENT != 0 && draw.seat == e.seat);
            }
            if e.flags & flags::ROBBED_KONG != 0 {
                assert!(t.result().unwrap().robbed_kong);
            }
        }
    }
    // Robbing a kong and first-turn wins are too rare in random play to require here.
    for f in [flags::SELF_DRAWN, flags::REPLACEMENT, flags::LAST_TILE] {
        assert!(seen & f != 0, "flag {f} never seen");
    }
}

/// Plays out the current hand with random legal actions.
pub fn play_hand(t: &mut Table, rng: &mut Rng) {
    while t.phase() != Phase::Over {
        let seat = t.pending().trailing_zeros() as usize;
        let a = choose(&t.legal_actions(seat), rng, true);
        t.apply(seat, a).unwrap();
    }
}

#[test]
fn a_match_whose_first_dealer_is_seat_2_plays_a_full_east_round() {
    let rules = MatchRules {
        first_dealer: 2,
        dealer_rule: DealerRule::AlwaysPass,
        end: MatchEnd::WindRounds(1),
        ..MatchRules::endless()
    };
    let mut t = Table::with_match(Rules::taiwan16(), rules, 5).unwrap();
    let mut rng = Rng::from_u64(5);
    let mut dealers = Vec::new();
    loop {
        let (_, dealer, wind) = t.position();
        assert_eq!(wind, 0);
        dealers.push(dealer);
        play_hand(&mut t, &mut rng);
        if t.match_result().is_some() {
            break;
        }
        t.next_hand().unwrap();
    }
    assert_eq!(dealers, [2, 3, 0, 1]);
    assert_eq!(t.log().last().unwrap().kind, EventKind::MatchOver);
    assert_eq!(t.next_hand(), Err(mjkit::Error::MatchOver));
    let r = t.match_result().unwrap();
    assert_eq!(r.scores, t.scores());
    assert_eq!(r.hands_played, 4);
}

#[test]
fn a_full_match_advances_the_wind_at_the_first_dealer_and_keeps_count() {
    let rules = MatchRules {
        start_score: 100,
        first_dealer: 1,
        dealer_rule: DealerRule::KeepOnWinOrDraw,
        end: MatchEnd::WindRounds(4),
    };
    let mut t = Table::with_match(Rules::taiwan16(), rules, 9).unwrap();
    assert_eq!(t.scores(), [100; 4]);
    let mut rng = Rng::from_u64(9);
    let mut winds = Vec::new();
    loop {
        let (_, dealer, wind) = t.position();
        let st = *t.match_state();
        play_hand(&mut t, &mut rng);
        let r = t.result().unwrap();
        let keeps = r.end == End::ExhaustiveDraw || r.winners & (1 << dealer) != 0;
        assert_eq!(t.scores().iter().sum::<i64>(), 400);
        if t.match_result().is_some() {
            assert_eq!(
                dealer, 0,
                "the last deal is the one before the first dealer"
            );
            assert!(!keeps);
            break;
        }
        assert_eq!(
            t.match_state().consecutive,
            if keeps { st.consecutive + 1 } else { 0 }
        );
        t.next_hand().unwrap();
        let (_, d2, w2) = t.position();
        if keeps {
            assert_eq!((d2, w2), (dealer, wind));
        } else {
            assert_eq!(d2, (dealer + 1) % 4);
            assert_eq!(w2, if d2 == 1 { (wind + 1) % 4 } else { wind });
        }
        winds.push(w2);
    }
    assert_eq!(t.match_state().rounds, 4);
    assert!(winds.contains(&3));
    let r = t.match_result().unwrap();
    let mut sorted = r.scores;
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    for s in 0..SEATS {
        assert_eq!(sorted[usize::from(r.ranks[s]) - 1], r.scores[s]);
    }
}

#[test]
fn fixed_hand_count_ends_the_match_and_scores_can_be_set() {
    let rules = MatchRules {
        end: MatchEnd::Hands(3),
        ..MatchRules::endless()
    };
    let mut t = Table::with_match(Rules::thirteen(), rules, 2).unwrap();
    t.set_score(3, 250).unwrap();
    assert_eq!(t.set_score(4, 1), Err(mjkit::Error::InvalidArgument));
    assert_eq!(t.scores()[3], 250);
    let mut rng = Rng::from_u64(2);
    for k in 0..3 {
        play_hand(&mut t, &mut rng);
        if k < 2 {
            t.next_hand().unwrap();
        }
    }
    assert_eq!(t.match_result().unwrap().hands_played, 3);
    // A free deal after the match is over still saves and loads.
    t.deal(99, 1, 2).unwrap();
    let bytes = t.save();
    assert_eq!(Table::load(&bytes).unwrap().save(), bytes);
    assert!(
        Table::with_match(
            Rules::taiwan16(),
            MatchRules {
                end: MatchEnd::Hands(0),
                ..MatchRules::endless()
            },
            1
        )
        .is_err()
    );
}

#[test]
fn snapshots_round_trip_byte_for_byte_and_undo_restores_a_move() {
    let mut rng = Rng::from_u64(11);
    for h in 0..300u64 {
        let rules = MatchRules {
            end: MatchEnd::Hands(4),
            ..MatchRules::endless()
        };
        let var = if h % 2 == 0 {
            Rules::taiwan16()
        } else {
            Rules::thirteen()
        };
        let mut t = Table::with_match(var, rules, h).unwrap();
        for _ in 0..(h % 3) {
            play_hand(&mut t, &mut rng);
            t.next_hand().unwrap();
        }
        let mut step = 0;
        loop {
            if step % 7 == 0 || t.phase() == Phase::Over {
                let bytes = t.save();
                let back = Table::load(&bytes).unwrap();
                assert_eq!(back.save(), bytes);
                assert!(back == t);
                assert_eq!(back.invariant_error(), None);
            }
            if t.phase() == Phase::Over {
                break;
            }
            let seat = t.pending().trailing_zeros() as usize;
            let legal = t.legal_actions(seat);
            // Undo: save, apply, load the save, apply another action.
            let undo = t.save();
            let a = choose(&legal, &mut rng, true);
            t.apply(seat, a).unwrap();
            if step % 5 == 0 {
                t = Table::load(&undo).unwrap();
                let b = choose(&legal, &mut rng, false);
                t.apply(seat, b).unwrap();
            }
            step += 1;
        }
    }
}

/// Feeds `reader`'s events since `*next` to `client`.
fn feed(t: &Table, reader: Reader, next: &mut u64, client: &mut Client) {
    for e in t.reader_events(reader, *next) {
        client
            .apply(&e)
            .unwrap_or_else(|x| panic!("{reader:?}: {x:?} on {e:?}"));
        *next = e.index + 1;
    }
}

/// The library's client rebuild follows each reader through a match: its view is the table's
/// after every action, across saves and loads and records read back (each reader's numbering
/// continues), a client joining at any hand start catches up from that hand alone, and a
/// record continued across a load (`Recorder::continue_from`) is the record of the whole play,
/// cut back to the snapshot after an undo.
#[test]
fn clients_follow_a_match_across_snapshots_records_and_undo() {
    let matches = env_n("MJ_CLIENT_N", 48);
    let mut rng = Rng::from_u64(23);
    let readers = [
        Reader::Seat(0),
        Reader::Seat(1),
        Reader::Seat(2),
        Reader::Seat(3),
        Reader::Spectator,
    ];
    let (mut loads, mut reads, mut joins, mut undos) = (0, 0, 0, 0);
    for m in 0..matches {
        // Every variant: riichi's own kinds (riichi, dora, ura, abortive draws, yaku and fu)
        // and its match extension (honba, sticks in the hand start's counters) fold too.
        let mut rules = [
            Rules::taiwan16(),
            Rules::taiwan16_common(),
            Rules::thirteen(),
            Rules::thesis(),
            Rules::riichi_tenhou(),
            Rules::riichi_mahjong_soul(),
        ][(m % 6) as usize];
        let riichi = rules.variant == Variant::Riichi;
        if m % 3 == 1 {
            rules.claim_window = ClaimWindow::Claimants;
        }
        taiwan_variants(&mut rules, m / 4);
        let mr = MatchRules {
            start_score: if riichi { 25_000 } else { 1000 },
            first_dealer: (m % 4) as u8,
            dealer_rule: DealerRule::KeepOnWinOrDraw,
            end: MatchEnd::Hands(3),
        };
        let mut t = Table::with_match(rules, mr, m).unwrap();
        let mut rec = mjkit::table::record::Recorder::new(&t);
        let mut next = readers.map(|r| t.event_bounds(r).0);
        let mut clients: Vec<Client> = readers
            .iter()
            .map(|&r| Client::new(rules, r).unwrap())
            .collect();
        loop {
            for (r, c) in clients.iter_mut().enumerate() {
                feed(&t, readers[r], &mut next[r], c);
                if let Some(d) = view_diff(c.view(), t.view_for(readers[r]).as_ref()) {
                    panic!("match {m} {:?}: the client's {d}", readers[r]);
                }
            }
            if t.phase() == Phase::Over {
                if t.match_result().is_some() {
                    break;
                }
                t.next_hand().unwrap();
                rec.update(&t).unwrap();
                continue;
            }
            match rng.below(60) {
                0 => {
                    // Save and load: the record continues, every client goes on polling.
                    let bytes = t.save();
                    t = Table::load(&bytes).unwrap();
                    let mut again = mjkit::table::record::Recorder::new(&t);
                    again.continue_from(rec.as_str(), &t).unwrap();
                    assert_eq!(again.as_str(), rec.as_str());
                    rec = again;
                    loads += 1;
                }
                1 => {
                    let back = mjkit::table::record::read(rec.as_str()).unwrap();
                    assert_eq!(back.save(), t.save());
                    rec = mjkit::table::record::Recorder::resume(rec.as_str(), &back);
                    t = back;
                    reads += 1;
                }
                2 => {
                    // A client joins at the hand start and catches up.
                    let r = rng.below(5) as usize;
                    let mut c = Client::new(rules, readers[r]).unwrap();
                    let mut n = t.event_bounds(readers[r]).0;
                    feed(&t, readers[r], &mut n, &mut c);
                    assert_eq!((c.view(), n), (clients[r].view(), next[r]));
                    joins += 1;
                }
                3 => {
                    // Undo: a snapshot, a few moves, the snapshot again; the record kept
                    // since is cut back to it.
                    let bytes = t.save();
                    let at = rec.as_str().to_string();
                    for _ in 0..3 {
                        if t.phase() == Phase::Over {
                            break;
                        }
                        let seat = t.pending().trailing_zeros() as usize;
                        let a = choose(&t.legal_actions(seat), &mut rng, true);
                        t.apply(seat, a).unwrap();
                        rec.update(&t).unwrap();
                    }
                    t = Table::load(&bytes).unwrap();
                    let mut again = mjkit::table::record::Recorder::new(&t);
                    again.continue_from(rec.as_str(), &t).unwrap();
                    assert_eq!(again.as_str(), at);
                    rec = again;
                    // The clients saw the undone moves: they start again at the hand start.
                    for (r, c) in clients.iter_mut().enumerate() {
                        *c = Client::new(rules, readers[r]).unwrap();
                        next[r] = t.event_bounds(readers[r]).0;
                    }
                    undos += 1;
                }
                _ => {
                    let pending: Vec<usize> =
                        (0..SEATS).filter(|&s| t.pending() >> s & 1 != 0).collect();
                    let seat = pending[rng.below(pending.len() as u64) as usize];
                    let a = choose(&t.legal_actions(seat), &mut rng, m % 2 == 0);
                    t.apply(seat, a).unwrap();
                    rec.update(&t).unwrap();
                }
            }
        }
        assert_eq!(
            mjkit::table::record::read(rec.as_str()).unwrap().save(),
            t.save()
        );
    }
    assert!(loads > 0 && reads > 0 && joins > 0 && undos > 0);
}

#[test]
fn a_record_continued_from_another_table_or_a_gap_is_refused() {
    let mut rng = Rng::from_u64(1);
    let mut t = Table::new(Rules::taiwan16(), 4).unwrap();
    let mut rec = mjkit::table::record::Recorder::new(&t);
    play_hand(&mut t, &mut rng);
    rec.update(&t).unwrap();
    t.next_hand().unwrap();
    rec.update(&t).unwrap();
    let full = rec.as_str().to_string();
    let loaded = Table::load(&t.save()).unwrap();
    let mut fresh = mjkit::table::record::Recorder::new(&loaded);
    // Another table's record.
    let other = mjkit::table::record::Recorder::new(&Table::new(Rules::taiwan16(), 5).unwrap());
    let e = fresh.continue_from(other.as_str(), &loaded).unwrap_err();
    assert_eq!(e.line, 1);
    // A record that stops early (its last lines cut).
    let lines: Vec<&str> = full.lines().collect();
    let short = lines[..lines.len() / 2].join("\n");
    let e = fresh.continue_from(&short, &loaded).unwrap_err();
    assert_eq!(e.line, lines.len() / 2 + 1, "{e:?}");
    // Nothing changed: the full one joins.
    fresh.continue_from(&full, &loaded).unwrap();
    assert_eq!(fresh.as_str(), full);
}
