//! The table as a game backend: the event stream against the engine (a client rebuilds every
//! seat's view from its events alone), masking, matches, snapshots and undo.
//!
//! `MJ_EVENTS_N` sets the hands of the event test (default 10,000).

use mjkit::table::event::{FLOWER_CODE_BASE, HIDDEN_TILE, flags};
use mjkit::table::names::{Lang, event_line};
use mjkit::table::rng::Rng;
use mjkit::table::*;

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

/// What a client knows, rebuilt from one reader's events alone.
#[derive(Debug, Clone)]
struct Rebuilt {
    hands: [[u8; 34]; SEATS],
    counts: [u8; SEATS],
    melds: [Vec<Meld>; SEATS],
    discards: Vec<DiscardEntry>,
    flowers: [u8; SEATS],
    scores: [i32; SEATS],
    robbed_done: bool,
    /// The seat whose client this is (`None`: the observer); only its hand is tracked.
    reader: Option<u8>,
}

impl Default for Rebuilt {
    fn default() -> Rebuilt {
        Rebuilt {
            hands: [[0; 34]; SEATS],
            counts: [0; SEATS],
            melds: Default::default(),
            discards: Vec::new(),
            flowers: [0; SEATS],
            scores: [0; SEATS],
            robbed_done: false,
            reader: None,
        }
    }
}

impl Rebuilt {
    fn tracked(&self, seat: usize) -> bool {
        self.reader.is_none_or(|r| usize::from(r) == seat)
    }
    fn add(&mut self, seat: usize, t: u8) {
        self.counts[seat] += 1;
        if t < 34 && self.tracked(seat) {
            self.hands[seat][usize::from(t)] += 1;
        }
    }
    fn remove(&mut self, seat: usize, t: u8, n: u8) {
        self.counts[seat] -= n;
        if t < 34 && self.tracked(seat) {
            self.hands[seat][usize::from(t)] -= n;
        }
    }

    fn apply(&mut self, e: &Event) {
        let s = usize::from(e.seat);
        match e.kind {
            EventKind::HandStart => {
                let (scores, reader) = (self.scores, self.reader);
                *self = Rebuilt {
                    scores,
                    reader,
                    ..Rebuilt::default()
                };
            }
            EventKind::Deal => {
                for &t in e.tile_list() {
                    self.add(s, t);
                }
            }
            EventKind::Draw => self.add(s, e.tile),
            EventKind::Flower => {
                self.counts[s] -= 1;
                self.flowers[s] |= 1 << (e.tile - FLOWER_CODE_BASE);
            }
            EventKind::Discard => {
                self.remove(s, e.tile, 1);
                self.discards.push(DiscardEntry {
                    tile: e.tile,
                    seat: e.seat,
                    claimed_by: NO_SEAT,
                    drawn_and_discarded: e.flags & flags::DRAWN != 0,
                });
            }
            EventKind::Meld => match e.meld.unwrap() {
                kind @ (MeldKind::Chow | MeldKind::Pung | MeldKind::ExposedKong) => {
                    self.discards.last_mut().unwrap().claimed_by = e.seat;
                    // Every tile but the claimed one comes from the hand.
                    let from_hand: Vec<u8> = {
                        let mut v = e.tile_list().to_vec();
                        let k = v.iter().position(|&t| t == e.tile).unwrap();
                        v.remove(k);
                        v
                    };
                    for t in from_hand {
                        self.remove(s, t, 1);
                    }
                    self.melds[s].push(Meld {
                        kind,
                        tile: e.tiles[0],
                        claimed: e.tile,
                        from: e.from,
                        red: 0,
                    });
                }
                MeldKind::ConcealedKong => {
                    self.remove(s, e.tile, 4);
                    self.melds[s].push(Meld {
                        kind: MeldKind::ConcealedKong,
                        tile: if e.tile == HIDDEN_TILE {
                            NO_TILE
                        } else {
                            e.tile
                        },
                        claimed: NO_TILE,
                        from: NO_SEAT,
                        red: 0,
                    });
                }
                MeldKind::AddedKong => {
                    self.remove(s, e.tile, 1);
                    let m = self.melds[s]
                        .iter_mut()
                        .find(|m| m.kind == MeldKind::Pung && m.tile == e.tile)
                        .unwrap();
                    m.kind = MeldKind::AddedKong;
                }
            },
            EventKind::Win if e.flags & flags::SEVEN_ROB_ONE != 0 => {
                // 七搶一: the eighth flower changes hands; no tile joins the hand.
                let bit = 1 << (e.tile - FLOWER_CODE_BASE);
                self.flowers[usize::from(e.from)] &= !bit;
                self.flowers[s] |= bit;
            }
            EventKind::Win if e.flags & flags::EIGHT_FLOWERS != 0 => {}
            EventKind::Win if e.from != NO_SEAT => {
                let f = usize::from(e.from);
                if e.flags & flags::ROBBED_KONG != 0 {
                    if !self.robbed_done {
                        let m = self.melds[f]
                            .iter_mut()
                            .find(|m| m.kind == MeldKind::AddedKong && m.tile == e.tile)
                            .unwrap();
                        m.kind = MeldKind::Pung;
                        self.robbed_done = true;
                    }
                } else {
                    let d = self.discards.last_mut().unwrap();
                    if d.claimed_by == NO_SEAT {
                        d.claimed_by = e.seat;
                    }
                }
                self.add(s, e.tile);
            }
            EventKind::Payment => self.scores[s] += e.value as i32,
            EventKind::ScoreSet => self.scores[s] = e.value as i32,
            _ => {}
        }
    }

    /// Compares with what the table shows `seat`.
    fn check_view(&self, v: &View, own_only: bool) -> Result<(), String> {
        let s = usize::from(v.seat);
        if self.hands[s] != v.hand {
            return Err(format!("hand of seat {s}"));
        }
        if self.counts != v.concealed_counts {
            return Err(format!(
                "counts {:?} vs {:?}",
                self.counts, v.concealed_counts
            ));
        }
        for o in 0..SEATS {
            // The observer is compared with each seat's own view, where that seat's concealed
            // kongs are face up.
            if (own_only || o == s) && self.melds[o].as_slice() != v.melds_of(o) {
                return Err(format!("melds of seat {o}"));
            }
        }
        if self.discards.as_slice() != v.discard_list() {
            return Err("discards".into());
        }
        if self.flowers != v.flowers || self.scores != v.scores {
            return Err("flowers or scores".into());
        }
        if own_only {
            for o in 0..SEATS {
                if o != s && self.hands[o] != [0; 34] {
                    return Err(format!("seat {s} learned tiles of seat {o}'s hand"));
                }
            }
        }
        Ok(())
    }
}

/// The tiles of a masked event that belong to another seat's hidden hand must be hidden.
fn check_masking(reader: u8, e: &Event) -> Result<(), String> {
    let other = e.seat != reader;
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
                && !(hidden_ok(e.tile) && e.tile_list().iter().all(|&t| hidden_ok(t))) =>
        {
            Err("another seat's concealed kong shown".into())
        }
        EventKind::ClaimAnswer if other && (e.action.is_some() || e.seat != NO_SEAT) => {
            Err("another seat's claim answer shown".into())
        }
        _ => Ok(()),
    }
}

/// The action an observer event records, if it records one.
fn action_of(e: &Event) -> Option<(usize, Action)> {
    let a = |k| Some((usize::from(e.seat), Action::new(k, e.tile)));
    match e.kind {
        EventKind::Discard => a(ActionKind::Discard),
        EventKind::ClaimAnswer => a(e.action.unwrap()),
        EventKind::Meld if e.meld == Some(MeldKind::ConcealedKong) => a(ActionKind::ConcealedKong),
        EventKind::Meld if e.meld == Some(MeldKind::AddedKong) => a(ActionKind::AddedKong),
        EventKind::Win if e.flags & flags::SELF_DRAWN != 0 => a(ActionKind::Win),
        _ => None,
    }
}

#[test]
fn events_rebuild_every_view_and_hide_what_a_seat_cannot_see() {
    let hands = env_n("MJ_EVENTS_N", 10_000);
    let mut rng = Rng::from_u64(19);
    let mut seen_kinds = std::collections::HashSet::new();
    let mut lost_claims = 0u32;
    let (mut robbed, mut multi) = (0u32, 0u32);
    for h in 0..hands {
        let mut rules = if h % 3 == 2 {
            Rules::thirteen()
        } else {
            Rules::taiwan16()
        };
        if h % 5 == 4 {
            rules.multi_win = MultiWin::All;
        }
        let mut t = Table::new(rules, h).unwrap();
        t.deal(h as u32, (h % 4) as u8, ((h / 4) % 4) as u8)
            .unwrap();
        let mut next = [t.first_event_index(); 5];
        let mut rebuilt: [Rebuilt; 5] = Default::default();
        for (s, r) in rebuilt.iter_mut().take(SEATS).enumerate() {
            r.reader = Some(s as u8);
        }
        let mut history: Vec<(usize, Action)> = Vec::new();
        let mut logged: Vec<(usize, Action)> = Vec::new();
        let mut buf = [Event::new(EventKind::HandStart); 8];
        let eager = h % 4 == 0;
        if h % 97 == 0 {
            t.set_score((h % 4) as usize, -5).unwrap();
        }
        loop {
            for r in 0..5u32 {
                let reader = Reader::from_code(r).unwrap();
                // Poll in small chunks, as a client with a small buffer would.
                loop {
                    let n = t.read_events(reader, next[r as usize], &mut buf);
                    if n == 0 {
                        break;
                    }
                    for e in &buf[..n] {
                        assert_eq!(e.index, next[r as usize], "indices are continuous");
                        next[r as usize] += 1;
                        assert!(!event_line(e, Lang::English).is_empty());
                        assert!(!event_line(e, Lang::Chinese).is_empty());
                        if let Reader::Seat(s) = reader {
                            check_masking(s, e).unwrap_or_else(|m| panic!("hand {h}: {m}: {e:?}"));
                        } else {
                            seen_kinds.insert(e.kind);
                            if e.kind == EventKind::ClaimLost {
                                lost_claims += 1;
                            }
                            if let Some(a) = action_of(e) {
                                logged.push(a);
                            }
                        }
                        rebuilt[r as usize].apply(e);
                    }
                }
            }
            // Every seat's client agrees with the table's view; the observer with every hand.
            for s in 0..SEATS {
                rebuilt[s]
                    .check_view(&t.view(s), true)
                    .unwrap_or_else(|m| panic!("hand {h} seat {s}: {m}"));
                rebuilt[4]
                    .check_view(&t.view(s), false)
                    .unwrap_or_else(|m| panic!("hand {h} observer as seat {s}: {m}"));
                assert_eq!(rebuilt[4].hands[s], *t.hand(s));
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
        assert_eq!(pay, r.points.map(i64::from).to_vec());
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
    let mut seen = 0u16;
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
        assert_eq!(t.scores().iter().sum::<i32>(), 400);
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
