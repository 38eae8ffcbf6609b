//! Riichi rules at the table, each constructed through play on an explicit wall (the layout of
//! docs/backend.md "Walls") and checked in the log, the legal actions, the result and the scores.

use super::event::flags;
use super::*;
use crate::riichi::yaku;

/// Codes of a notation: digits then a suit letter (`m p s z`); `0` is the red five.
pub(super) fn codes(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut digits = Vec::new();
    for ch in s.chars() {
        if let Some(d) = ch.to_digit(10) {
            digits.push(d as u8);
            continue;
        }
        let suit = match ch {
            'm' => 0,
            'p' => 1,
            's' => 2,
            'z' => 3,
            _ => panic!("bad notation {s}"),
        };
        for d in digits.drain(..) {
            out.push(if d == 0 {
                crate::tile::red_code(suit)
            } else {
                (suit * 9 + usize::from(d) - 1) as u8
            });
        }
    }
    assert!(digits.is_empty(), "bad notation {s}");
    out
}

/// A riichi wall: 13 tiles per seat (`None`: filled), the dealer's 14th, the draws after it in
/// order, the replacement draws, the dora and the ura indicators (each in order); the rest is
/// filled from the tiles left, in code order.
pub(super) struct Stack<'a> {
    pub dealer: u8,
    pub hands: [Option<&'a str>; 4],
    pub first: &'a str,
    pub draws: &'a str,
    pub rinshan: &'a str,
    pub dora: &'a str,
    pub ura: &'a str,
}

impl Stack<'_> {
    pub(super) fn wall(&self) -> Vec<u8> {
        // The set: 4 of each kind, the first five of each suit red.
        let mut pool = [0u8; 45];
        pool[..34].fill(4);
        for s in 0..3 {
            pool[s * 9 + 4] -= 1;
            pool[42 + s] = 1;
        }
        let mut wall = [255u8; 136];
        let mut put = |slot: usize, code: u8, pool: &mut [u8; 45]| {
            assert!(pool[usize::from(code)] > 0, "no more of code {code}");
            pool[usize::from(code)] -= 1;
            wall[slot] = code;
        };
        let d = usize::from(self.dealer);
        let hands: Vec<Option<Vec<u8>>> = self.hands.iter().map(|h| h.map(codes)).collect();
        for h in hands.iter().flatten() {
            assert_eq!(h.len(), 13);
        }
        // 4-4-4 then 1, seat by seat from the dealer.
        let mut slot_of = [[0usize; 13]; 4];
        for r in 0..3 {
            for i in 0..4 {
                let seat = (d + i) % 4;
                for j in 0..4 {
                    slot_of[seat][r * 4 + j] = (r * 4 + i) * 4 + j;
                }
            }
        }
        for i in 0..4 {
            slot_of[(d + i) % 4][12] = 48 + i;
        }
        for (seat, h) in hands.iter().enumerate() {
            if let Some(h) = h {
                for (j, &c) in h.iter().enumerate() {
                    put(slot_of[seat][j], c, &mut pool);
                }
            }
        }
        for (k, c) in codes(self.first).into_iter().enumerate() {
            put(52 + k, c, &mut pool);
        }
        for (k, c) in codes(self.draws).into_iter().enumerate() {
            put(53 + k, c, &mut pool);
        }
        for (k, c) in codes(self.rinshan).into_iter().enumerate() {
            put(135 - k, c, &mut pool);
        }
        for (k, c) in codes(self.dora).into_iter().enumerate() {
            put(131 - 2 * k, c, &mut pool);
        }
        for (k, c) in codes(self.ura).into_iter().enumerate() {
            put(130 - 2 * k, c, &mut pool);
        }
        let mut rest =
            (0..45u8).flat_map(|c| std::iter::repeat_n(c, usize::from(pool[usize::from(c)])));
        for w in wall.iter_mut().filter(|w| **w == 255) {
            *w = rest.next().unwrap();
        }
        wall.to_vec()
    }

    /// A table with `rules` dealt from this wall, 25,000 each. The claim window asks only the
    /// seats that have more than a pass (as RiichiEnv does), so a claim resolves when its rivals
    /// have answered; the other window is the client and fairness tests'.
    pub(super) fn table(&self, mut rules: Rules) -> Table {
        rules.claim_window = ClaimWindow::Claimants;
        let mr = MatchRules {
            start_score: 25_000,
            ..MatchRules::endless()
        };
        let mut t = Table::with_match(rules, mr, 1).unwrap();
        t.deal_wall(0, self.dealer, 0, &self.wall()).unwrap();
        assert_eq!(t.invariant_error(), None);
        t
    }
}

/// A stack whose unnamed parts are empty.
pub(super) fn stack(
    dealer: u8,
    hands: [Option<&'static str>; 4],
    first: &'static str,
) -> Stack<'static> {
    Stack {
        dealer,
        hands,
        first,
        draws: "",
        rinshan: "",
        dora: "",
        ura: "",
    }
}

pub(super) fn act(kind: ActionKind, tile: &str) -> Action {
    Action::new(kind, codes(tile)[0])
}

pub(super) fn discard(t: &mut Table, seat: usize, tile: &str) {
    t.apply(seat, act(ActionKind::Discard, tile)).unwrap();
    assert_eq!(t.invariant_error(), None);
}

/// Every seat waiting in a claim phase passes.
pub(super) fn pass_all(t: &mut Table) {
    while t.phase() == Phase::Claim {
        let seat = t.pending().trailing_zeros() as usize;
        t.apply(seat, Action::PASS).unwrap();
    }
}

/// The seat whose turn it is discards the tile it drew; claims are passed.
pub(super) fn tsumogiri(t: &mut Table) {
    pass_all(t);
    let seat = t.pending().trailing_zeros() as usize;
    let d = t.view(seat).drawn;
    t.apply(seat, Action::new(ActionKind::Discard, d)).unwrap();
    pass_all(t);
}

pub(super) fn has(t: &Table, seat: usize, a: Action) -> bool {
    t.legal_actions(seat).contains(&a)
}

pub(super) fn events(t: &Table, kind: EventKind) -> Vec<Event> {
    t.log().iter().filter(|e| e.kind == kind).copied().collect()
}

pub(super) fn sticks(t: &Table) -> u32 {
    t.match_state().part.riichi().unwrap().sticks
}

/// Dealer 0 with 123m 456p 789s 11z 23s and 7z: discarding 7z leaves it waiting on 1s-4s.
pub(super) const READY_DEALER: &str = "123m456p789s23s11z";

#[test]
fn riichi_places_its_stick_when_the_discard_passes_and_wins_with_ippatsu() {
    let s = Stack {
        draws: "9m9p1z4s",
        ..stack(0, [Some(READY_DEALER), None, None, None], "7z")
    };
    let mut t = s.table(Rules::riichi_tenhou());
    let riichi = Action::new(ActionKind::Riichi, NO_TILE);
    assert!(has(&t, 0, riichi));
    t.apply(0, riichi).unwrap();
    // Only a discard that keeps the hand ready: 7z, not 1m.
    assert!(has(&t, 0, act(ActionKind::Discard, "7z")));
    assert!(!has(&t, 0, act(ActionKind::Discard, "1m")));
    assert_eq!(t.view(0).riichi.riichi[0], RIICHI_DECLARED);
    discard(&mut t, 0, "7z");
    pass_all(&mut t);
    let d = events(&t, EventKind::Discard);
    assert!(d[0].flags & flags::RIICHI != 0);
    assert_eq!(events(&t, EventKind::RiichiAccepted).len(), 1);
    assert_eq!((t.scores()[0], sticks(&t)), (24_000, 1));
    let v = t.view(1);
    assert_eq!(
        (v.riichi.riichi[0], v.riichi.ippatsu, v.riichi.sticks),
        (RIICHI_ACCEPTED, 1, 1)
    );
    assert_eq!(v.riichi.riichi_discard[0], 0);
    // Three discards, then the dealer draws 4s: riichi, ippatsu, tsumo.
    for _ in 0..3 {
        tsumogiri(&mut t);
    }
    let win = act(ActionKind::Win, "4s");
    assert!(has(&t, 0, win));
    // In riichi only the drawn tile may be thrown.
    let discards: Vec<Action> = t
        .legal_actions(0)
        .as_slice()
        .iter()
        .copied()
        .filter(|a| a.kind == ActionKind::Discard)
        .collect();
    assert_eq!(discards, [act(ActionKind::Discard, "4s")]);
    t.apply(0, win).unwrap();
    let w = events(&t, EventKind::Win)[0];
    assert!(w.flags & flags::RIICHI != 0 && w.flags & flags::IPPATSU != 0);
    let r = t.result().unwrap();
    let sc = r.riichi[0].unwrap();
    // Declared in the first go-around: double riichi.
    assert!(w.flags & flags::DOUBLE_RIICHI != 0);
    assert!(
        sc.yaku[yaku::DOUBLE_RIICHI] > 0
            && sc.yaku[yaku::IPPATSU] > 0
            && sc.yaku[yaku::MENZEN_TSUMO] > 0
    );
    // The stick goes back to the winner; ura indicators are shown.
    assert_eq!(sticks(&t), 0);
    assert_eq!(events(&t, EventKind::UraDora).len(), 1);
    assert_eq!(r.points.iter().sum::<i64>(), 1000);
}

#[test]
fn riichi_needs_points_draws_and_a_concealed_ready_hand() {
    let s = stack(0, [Some(READY_DEALER), None, None, None], "7z");
    let riichi = Action::new(ActionKind::Riichi, NO_TILE);
    let mut t = s.table(Rules::riichi_tenhou());
    t.set_score(0, 999).unwrap();
    assert!(!has(&t, 0, riichi));
    t.set_score(0, 1000).unwrap();
    assert!(has(&t, 0, riichi));
    // Not ready: a hand two tiles away.
    let far = stack(0, [Some("139m456p789s23s11z"), None, None, None], "7z");
    assert!(!has(&far.table(Rules::riichi_tenhou()), 0, riichi));
}

#[test]
fn a_win_on_the_riichi_discard_places_no_stick() {
    // Seat 1 waits on 7z (a pair of 7z and 11z: shanpon), dealer declares riichi with 7z.
    let s = stack(
        0,
        [Some(READY_DEALER), Some("234m345p456s2277z"), None, None],
        "7z",
    );
    let mut t = s.table(Rules::riichi_tenhou());
    t.apply(0, Action::new(ActionKind::Riichi, NO_TILE))
        .unwrap();
    discard(&mut t, 0, "7z");
    let ron = act(ActionKind::Win, "7z");
    assert!(has(&t, 1, ron));
    t.apply(1, ron).unwrap();
    assert!(events(&t, EventKind::RiichiAccepted).is_empty());
    assert_eq!(sticks(&t), 0);
    let r = t.result().unwrap();
    assert_eq!(r.end, End::Discard);
    assert!(r.points[0] < 0 && r.points[1] > 0);
    assert_eq!(r.points.iter().sum::<i64>(), 0);
}

#[test]
fn double_riichi_in_the_first_go_around_and_ippatsu_broken_by_a_call() {
    // Seat 2 pons the 9p seat 1 throws: the dealer's ippatsu ends.
    let s = Stack {
        draws: "9p5z4s",
        ..stack(
            0,
            [Some(READY_DEALER), None, Some("99p1234m5678m444z"), None],
            "7z",
        )
    };
    let mut t = s.table(Rules::riichi_tenhou());
    t.apply(0, Action::new(ActionKind::Riichi, NO_TILE))
        .unwrap();
    discard(&mut t, 0, "7z");
    pass_all(&mut t);
    assert_eq!(t.view(0).riichi.double_riichi, 1);
    assert_eq!(t.view(0).riichi.ippatsu, 1);
    discard(&mut t, 1, "9p");
    let pon = act(ActionKind::Pung, "9p");
    assert!(has(&t, 2, pon));
    t.apply(2, pon).unwrap();
    pass_all(&mut t);
    assert_eq!(t.view(0).riichi.ippatsu, 0);
}

#[test]
fn furiten_by_own_discards_blocks_a_win_on_a_discard_but_not_a_self_draw() {
    // Seat 1 waits on 1s-4s and has discarded 4s: it may not ron 1s.
    let s = Stack {
        draws: "4s1z1z1s",
        ..stack(0, [None, Some("123m456p789s23s11z"), None, None], "7z")
    };
    let mut t = s.table(Rules::riichi_tenhou());
    discard(&mut t, 0, "7z");
    pass_all(&mut t);
    // Seat 1 draws 4s (its wait) and throws it.
    assert!(has(&t, 1, act(ActionKind::Win, "4s")));
    discard(&mut t, 1, "4s");
    pass_all(&mut t);
    tsumogiri(&mut t); // seat 2
    tsumogiri(&mut t); // seat 3
    // The dealer draws 1s and throws it: seat 1 may not ron.
    discard(&mut t, 0, "1s");
    assert!(!has(&t, 1, act(ActionKind::Win, "1s")));
    assert!(t.view(1).riichi.furiten & FURITEN_DISCARDS != 0);
}

#[test]
fn a_passed_win_is_temporary_furiten_until_the_own_discard() {
    // Seat 2 waits on 1s-4s; seat 1 throws 1s (passed), seat 3 throws 4s: no ron for seat 2.
    let s = Stack {
        draws: "1s3z4s",
        ..stack(0, [None, None, Some("234m456p678s23s88p"), None], "7z")
    };
    let mut t = s.table(Rules::riichi_tenhou());
    discard(&mut t, 0, "7z");
    pass_all(&mut t);
    discard(&mut t, 1, "1s");
    assert!(has(&t, 2, act(ActionKind::Win, "1s")));
    t.apply(2, Action::PASS).unwrap();
    pass_all(&mut t);
    assert!(t.view(2).riichi.furiten & FURITEN_TEMPORARY != 0);
    discard(&mut t, 2, "3z");
    pass_all(&mut t);
    assert_eq!(
        t.view(2).riichi.furiten & FURITEN_TEMPORARY,
        0,
        "ends with the own discard"
    );
}

#[test]
fn kuikae_forbids_the_claimed_kind_and_the_other_end() {
    // Seat 1 chis 3m with 45m: it may not discard 3m or 6m.
    let s = stack(
        0,
        [
            Some("3m12p456p789s1122z"),
            Some("45m36m789p123s555z"),
            None,
            None,
        ],
        "7z",
    );
    let mut t = s.table(Rules::riichi_tenhou());
    discard(&mut t, 0, "3m");
    let chi = act(ActionKind::Chow, "3m");
    assert!(has(&t, 1, chi));
    t.apply(1, chi).unwrap();
    pass_all(&mut t);
    assert!(!has(&t, 1, act(ActionKind::Discard, "3m")));
    assert!(!has(&t, 1, act(ActionKind::Discard, "6m")));
    assert!(has(&t, 1, act(ActionKind::Discard, "7p")));
    assert_eq!(t.view(1).riichi.kuikae, (1 << 2) | (1 << 5));
}

#[test]
fn red_fives_are_tiles_of_their_own_in_discards_calls_and_score() {
    // Seat 1 holds 5m and 0m: two pons (with and without the red five) and two discards.
    let s = stack(
        0,
        [
            Some("5m12p456p789s1122z"),
            Some("50m46m789p123s555z"),
            None,
            None,
        ],
        "7z",
    );
    let mut t = s.table(Rules::riichi_tenhou());
    assert_eq!(t.view(1).red, [1, 0, 0]);
    discard(&mut t, 0, "5m");
    let pons: Vec<Action> = t
        .legal_actions(1)
        .as_slice()
        .iter()
        .copied()
        .filter(|a| a.kind == ActionKind::Pung)
        .collect();
    assert_eq!(pons.len(), 1, "only one way: 5m and 0m");
    assert_eq!(pons[0].aux, 1);
    // Chi 4m-5m-6m of the 5m with 46m; and 345 with 4m and... no 3m: one chi of each kind.
    let chis = t
        .legal_actions(1)
        .as_slice()
        .iter()
        .filter(|a| a.kind == ActionKind::Chow)
        .count();
    assert_eq!(chis, 1);
    t.apply(1, pons[0]).unwrap();
    pass_all(&mut t);
    let m = t.view(2).melds_of(1)[0];
    assert_eq!((m.kind, m.red), (MeldKind::Pung, 1));
    let meld = events(&t, EventKind::Meld)[0];
    assert_eq!(meld.tile_list(), [crate::tile::red_code(0), 4, 4]);
}

#[test]
fn a_concealed_kong_turns_its_dora_at_once_and_draws_from_the_dead_wall() {
    let s = Stack {
        rinshan: "9s",
        dora: "1z2z",
        ..stack(0, [Some("1111m456p78s23s11z"), None, None, None], "9s")
    };
    let mut t = s.table(Rules::riichi_tenhou());
    let kong = Action::new(ActionKind::ConcealedKong, 0);
    assert!(has(&t, 0, kong));
    t.apply(0, kong).unwrap();
    let dora = events(&t, EventKind::Dora);
    assert_eq!(dora.len(), 2);
    assert_eq!((dora[0].tile, dora[1].tile), (27, 28));
    let last = *t.log().last().unwrap();
    assert_eq!(
        (last.kind, last.tile, last.flags),
        (EventKind::Draw, 26, flags::REPLACEMENT)
    );
    let v = t.view(0);
    assert_eq!((v.riichi.replacement, v.riichi.indicator_count), (1, 2));
    // Another seat sees the kong's tiles (riichi shows a concealed kong).
    assert_eq!(t.view(1).melds_of(0)[0].tile, 0);
    let seen = Reader::Seat(1)
        .sees(&events(&t, EventKind::Meld)[0])
        .unwrap();
    assert_eq!(seen.tile_list(), [0, 0, 0, 0]);
}

#[test]
fn an_exposed_kong_turns_its_dora_after_the_next_discard() {
    // Seat 1 kongs the dealer's 9m; its dora is turned just before its discard.
    let s = Stack {
        rinshan: "1p",
        dora: "1z2z",
        ..stack(
            0,
            [
                Some("9m12p456p789s1122z"),
                Some("999m46m78p123s555z"),
                None,
                None,
            ],
            "7z",
        )
    };
    let mut t = s.table(Rules::riichi_tenhou());
    discard(&mut t, 0, "9m");
    let kong = act(ActionKind::ExposedKong, "9m");
    assert!(has(&t, 1, kong));
    t.apply(1, kong).unwrap();
    pass_all(&mut t);
    assert_eq!(events(&t, EventKind::Dora).len(), 1, "not yet");
    discard(&mut t, 1, "1p");
    let log = t.log();
    let n = log.len();
    let at = log.iter().rposition(|e| e.kind == EventKind::Dora).unwrap();
    assert_eq!(
        log[at + 1].kind,
        EventKind::Discard,
        "the dora comes just before the discard"
    );
    assert!(at < n);
    assert_eq!(events(&t, EventKind::Dora).len(), 2);
}

#[test]
fn robbing_an_added_kong_is_chankan() {
    // Seat 1 pons the dealer's 2m and later adds its fourth 2m; seat 2 waits on 2m (1m-3m).
    let s = Stack {
        draws: "8p8p8p2m",
        ..stack(
            0,
            [
                Some("2m12p456p789s1122z"),
                Some("22m46m789p123s555z"),
                Some("13m456p678s234s99p"),
                None,
            ],
            "7z",
        )
    };
    let mut t = s.table(Rules::riichi_tenhou());
    discard(&mut t, 0, "2m");
    t.apply(1, act(ActionKind::Pung, "2m")).unwrap();
    pass_all(&mut t);
    discard(&mut t, 1, "4m");
    for _ in 0..3 {
        tsumogiri(&mut t);
    }
    let added = act(ActionKind::AddedKong, "2m");
    assert!(has(&t, 1, added));
    t.apply(1, added).unwrap();
    let ron = act(ActionKind::Win, "2m");
    assert!(has(&t, 2, ron));
    t.apply(2, ron).unwrap();
    pass_all(&mut t);
    let r = t.result().unwrap();
    assert!(r.robbed_kong && r.riichi[2].is_some(), "{r:?}");
    assert!(r.riichi[2].unwrap().yaku[yaku::CHANKAN] > 0);
    assert!(events(&t, EventKind::Win)[0].flags & flags::ROBBED_KONG != 0);
    assert_eq!(
        t.view(0).melds_of(1)[0].kind,
        MeldKind::Pung,
        "the robbed kong is a pung again"
    );
    assert_eq!(t.invariant_error(), None);
}

/// Moves `code` to wall position `at`, swapping it with a copy found in the live draws (after the
/// dealer's 14th tile) or the dead wall.
pub(super) fn place(wall: &mut [u8], at: usize, code: u8) {
    // A copy after `at` first, so that successive placements keep the earlier ones.
    let j = (at + 1..136)
        .chain(53..at)
        .find(|&j| wall[j] == code)
        .expect("a copy outside the hands");
    wall.swap(at, j);
}

pub(super) fn table_on(rules: Rules, dealer: u8, wall: &[u8]) -> Table {
    let mr = MatchRules {
        start_score: 25_000,
        ..MatchRules::endless()
    };
    let mut t = Table::with_match(rules, mr, 1).unwrap();
    t.deal_wall(0, dealer, 0, wall).unwrap();
    t
}

/// Everyone throws what it draws (claims passed) until `seat` may win, or the hand ends.
pub(super) fn until_win(t: &mut Table, seat: usize) -> bool {
    loop {
        pass_all(t);
        if t.phase() == Phase::Over {
            return false;
        }
        let s = t.pending().trailing_zeros() as usize;
        if s == seat
            && t.legal_actions(s)
                .as_slice()
                .iter()
                .any(|a| a.kind == ActionKind::Win)
        {
            return true;
        }
        let d = t.view(s).drawn;
        t.apply(s, Action::new(ActionKind::Discard, d)).unwrap();
        assert_eq!(t.invariant_error(), None);
    }
}

#[test]
fn the_last_tile_wins_haitei_and_the_last_discard_houtei() {
    // Seat 1 waits on 1s-4s; the last live tile (w[121]) is 4s and seat 1 draws it.
    let s = stack(
        0,
        [
            Some(
                "5z12p456p789s1122z"
                    .get(0..0)
                    .map_or(READY_DEALER, |_| READY_DEALER),
            ),
            Some(READY_DEALER),
            None,
            None,
        ],
        "7z",
    );
    let _ = s;
    let mut wall = Stack {
        ..stack(0, [None, Some("123m456p789s23s11z"), None, None], "7z")
    }
    .wall();
    // Keep every other 1s and 4s out of seat 1's earlier draws: put them in the dead wall.
    place(&mut wall, 121, 21);
    let mut t = table_on(Rules::riichi_tenhou(), 0, &wall);
    // Seat 1 throws its earlier wait tiles (tsumogiri) and wins on the last one.
    assert!(until_win(&mut t, 1) || t.phase() == Phase::Over);
    while t.view(1).wall_left > 0 {
        let s = t.pending().trailing_zeros() as usize;
        let d = t.view(s).drawn;
        t.apply(s, Action::new(ActionKind::Discard, d)).unwrap();
        pass_all(&mut t);
        if !until_win(&mut t, 1) {
            break;
        }
    }
    assert_eq!(t.view(1).wall_left, 0);
    t.apply(1, act(ActionKind::Win, "4s")).unwrap();
    let r = t.result().unwrap();
    let sc = r.riichi[1].unwrap();
    assert!(
        sc.yaku[yaku::HAITEI] > 0,
        "{:?}",
        sc.yaku_list().collect::<Vec<_>>()
    );
    assert!(events(&t, EventKind::Win)[0].flags & flags::LAST_TILE != 0);
}
