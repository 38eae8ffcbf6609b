use super::organise::max_blocks;
use super::*;
use crate::table::{
    DiscardEntry, MAX_DISCARDS, MAX_MELDS, Meld, MeldKind, NO_SEAT, NO_TILE, Offer,
};
use crate::test_util::tiles;

/// SplitMix64, for the random views.
pub(crate) struct Rng(pub u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// An empty view of seat 0 under `rules`, its turn.
pub(crate) fn empty_view(rules: Rules) -> View {
    View {
        rules,
        seats: 4,
        seat: 0,
        dealer: 0,
        prevalent_wind: 0,
        first_dealer: 0,
        hand_index: 0,
        phase: Phase::Turn,
        actor: 0,
        pending: 1,
        hand: [0; TILE_KINDS],
        red: [0; 3],
        drawn: NO_TILE,
        offered: NO_TILE,
        offer: Offer::Discard,
        melds: [[Meld::EMPTY; MAX_MELDS]; SEATS],
        meld_counts: [0; SEATS],
        flowers: [0; SEATS],
        concealed_counts: [0; SEATS],
        discards: [DiscardEntry::EMPTY; MAX_DISCARDS],
        discard_count: 0,
        wall_left: 0,
        scores: [0; SEATS],
        consecutive: 0,
        pass_locked: 0,
        win_flags: 0,
        riichi: crate::table::RiichiView::EMPTY,
    }
}

fn push_discard(v: &mut View, seat: u8, tile: u8) {
    v.discards[usize::from(v.discard_count)] = DiscardEntry {
        tile,
        seat,
        claimed_by: NO_SEAT,
        drawn_and_discarded: false,
    };
    v.discard_count += 1;
}

/// Takes one copy of `kind` out of the pool, if there.
fn take(pool: &mut Vec<u8>, kind: usize) -> bool {
    match pool.iter().position(|&t| usize::from(t) == kind) {
        Some(i) => {
            pool.swap_remove(i);
            true
        }
        None => false,
    }
}

/// A random view consistent with the 4-copies limit: a shuffled set of 136 tiles dealt to
/// the seats' melds, concealed hands, discards and the offered tile; random flowers and
/// wall; the turn of this seat or a claim on another seat's discard.
pub(crate) fn random_view(rng: &mut Rng, rules: Rules) -> View {
    let mut v = empty_view(rules);
    let mut pool: Vec<u8> = (0..136).map(|i| (i / 4) as u8).collect();
    for i in (1..pool.len()).rev() {
        pool.swap(i, rng.below(i + 1));
    }
    let seat = rng.below(SEATS);
    let turn = rng.below(2) == 0;
    let actor = if turn {
        seat
    } else {
        (seat + 1 + rng.below(3)) % SEATS
    };
    v.seat = seat as u8;
    v.actor = actor as u8;
    v.dealer = rng.below(SEATS) as u8;
    v.phase = if turn { Phase::Turn } else { Phase::Claim };
    let sets = rules.variant.sets();
    for s in 0..SEATS {
        let want = if rng.below(3) == 0 {
            rng.below(sets + 1)
        } else {
            rng.below(2)
        };
        let mut made = 0;
        for _ in 0..40 {
            if made == want {
                break;
            }
            let k = rng.below(TILE_KINDS);
            let from = ((s + 1 + rng.below(3)) % SEATS) as u8;
            let have =
                |pool: &Vec<u8>, k: usize| pool.iter().filter(|&&t| usize::from(t) == k).count();
            let meld = match rng.below(5) {
                0 if k < HONOR_START
                    && number(k) <= 7
                    && (0..3).all(|d| have(&pool, k + d) > 0) =>
                {
                    for d in 0..3 {
                        take(&mut pool, k + d);
                    }
                    let claimed = (k + rng.below(3)) as u8;
                    Meld {
                        kind: MeldKind::Chow,
                        tile: k as u8,
                        claimed,
                        from: ((s + 3) % SEATS) as u8,
                        red: 0,
                    }
                }
                1 | 2 if have(&pool, k) >= 3 => {
                    for _ in 0..3 {
                        take(&mut pool, k);
                    }
                    Meld {
                        kind: MeldKind::Pung,
                        tile: k as u8,
                        claimed: k as u8,
                        from,
                        red: 0,
                    }
                }
                3 if have(&pool, k) >= 4 => {
                    for _ in 0..4 {
                        take(&mut pool, k);
                    }
                    let kind = if rng.below(2) == 0 {
                        MeldKind::ExposedKong
                    } else {
                        MeldKind::AddedKong
                    };
                    Meld {
                        kind,
                        tile: k as u8,
                        claimed: k as u8,
                        from,
                        red: 0,
                    }
                }
                4 if have(&pool, k) >= 4 => {
                    for _ in 0..4 {
                        take(&mut pool, k);
                    }
                    let tile = if s == seat { k as u8 } else { NO_TILE };
                    Meld {
                        kind: MeldKind::ConcealedKong,
                        tile,
                        claimed: NO_TILE,
                        from: NO_SEAT,
                        red: 0,
                    }
                }
                _ => continue,
            };
            v.melds[s][made] = meld;
            made += 1;
        }
        v.meld_counts[s] = made as u8;
        let n = rules.variant.hand_tiles() - 3 * made + usize::from(turn && s == actor);
        v.concealed_counts[s] = n as u8;
        for _ in 0..n {
            let t = pool.pop().unwrap();
            if s == seat {
                v.hand[usize::from(t)] += 1;
                v.drawn = t;
            }
        }
    }
    if !turn || rng.below(4) == 0 {
        v.drawn = NO_TILE;
    }
    let discards = rng.below(pool.len().min(70));
    for _ in 0..discards {
        let t = pool.pop().unwrap();
        let s = rng.below(SEATS) as u8;
        push_discard(&mut v, s, t);
    }
    if turn {
        v.pending = 1 << seat;
    } else {
        let t = pool.pop().unwrap();
        push_discard(&mut v, actor as u8, t);
        v.offered = t;
        v.offer = if rng.below(8) == 0 {
            Offer::AddedKong
        } else {
            Offer::Discard
        };
        v.pending = (1 << seat) | (rng.below(16) as u8 & !(1 << actor));
    }
    let dead = usize::from(rules.dead_wall);
    v.wall_left = pool.len().saturating_sub(dead).min(rng.below(80)) as u16;
    if rules.variant.has_flowers() {
        for f in 0..FLOWERS {
            if rng.below(3) == 0 {
                v.flowers[rng.below(SEATS)] |= 1 << f;
            }
        }
    }
    v
}

/// Most disjoint partial blocks by trying every block on every tile (reference).
fn max_blocks_brute(c: &mut [u8; 9], i: usize) -> i8 {
    let Some(i) = (i..9).find(|&k| c[k] > 0) else {
        return 0;
    };
    c[i] -= 1;
    let mut best = max_blocks_brute(c, i);
    for d in 0..=2 {
        if i + d < 9 && c[i + d] > 0 {
            c[i + d] -= 1;
            best = best.max(1 + max_blocks_brute(c, i));
            c[i + d] += 1;
        }
    }
    c[i] += 1;
    best
}

#[test]
fn max_blocks_matches_brute_force() {
    let mut rng = Rng(3);
    for _ in 0..3000 {
        let mut c = [0u8; 9];
        for _ in 0..rng.below(13) {
            let k = rng.below(9);
            if c[k] < 4 {
                c[k] += 1;
            }
        }
        let brute = max_blocks_brute(&mut c.clone(), 0);
        let eye = (0..9)
            .filter(|&k| c[k] >= 2)
            .map(|k| {
                let mut d = c;
                d[k] -= 2;
                max_blocks_brute(&mut d, 0)
            })
            .max()
            .unwrap_or(-1);
        assert_eq!(max_blocks(&c, 9, true), (brute, eye), "{c:?}");
    }
}

#[test]
fn organise_leaves_a_discard_that_keeps_rh_num() {
    // On random concealed hands (3n+2 tiles, not complete) some tile left by the
    // organisation keeps RHnum at its minimum, so the attack never needs its fallback.
    // Random deals, and the hands of thesis-bot self-play.
    let misses = std::cell::Cell::new(0);
    let hands = std::cell::Cell::new(0);
    let check = |v: &View| {
        let c = v.hand;
        let rh = rh_num(&c);
        if v.phase != Phase::Turn || !v.is_pending() || rh < 0 {
            return;
        }
        hands.set(hands.get() + 1);
        let total: usize = c.iter().map(|&x| usize::from(x)).sum();
        let left = organise(&c, total / 3);
        let keeps = (0..TILE_KINDS).any(|k| {
            let mut d = c;
            left[k] > 0 && {
                d[k] -= 1;
                rh_num(&d) == rh
            }
        });
        if !keeps {
            misses.set(misses.get() + 1);
            eprintln!("{}", crate::tile::format(&c));
        }
    };
    let mut rng = Rng(5);
    for _ in 0..10_000 {
        check(&random_view(&mut rng, Rules::taiwan16()));
    }
    self_play(Rules::thesis(), 3, 200, |v| {
        check(v);
        decide(v, 5)
    });
    assert!(hands.get() > 5000);
    assert_eq!(misses.get(), 0);
}

const M7: usize = 6; // 7m
const M8: usize = 7;
const NORTH: usize = 30;

/// The hand of figs. 3-5 and 3-9: four sets, a South pair, 7m and North, 8m just drawn.
fn fig_3_9_view() -> View {
    let mut v = empty_view(Rules::thesis());
    v.hand = tiles("78m234567p345999s224z");
    v.drawn = M8 as u8;
    v.wall_left = 50 + 8;
    v
}

#[test]
fn base_weight_fig_3_7() {
    let c = tiles("123456789m1z7z");
    let w: Vec<i32> = (0..TILE_KINDS)
        .filter(|&k| c[k] > 0)
        .map(base_weight)
        .collect();
    assert_eq!(w, [0, 1, 2, 2, 2, 2, 2, 1, 0, 0, 0]);
}

#[test]
fn weights_fig_3_8() {
    // 五六 +8 (4m and 7m, four each), 五七 +4 (6m), 五五 +2 (5m, two of four held).
    let five = 4;
    for (hand, bonus) in [("56m", 8), ("57m", 4), ("55m", 2)] {
        let c = tiles(hand);
        let w = weights(&c, &c, &[0; TILE_KINDS]);
        assert_eq!(w[five] - base_weight(five), bonus, "{hand}");
    }
    // 五六七 and 五五五 are complete sets: organised away, no score.
    let c = tiles("567m555p19s1z");
    let left = organise(&c, 3);
    assert_eq!(left, tiles("19s1z"));
}

#[test]
fn organise_figs_3_5_and_3_9() {
    let v = fig_3_9_view();
    assert_eq!(organise(&v.hand, 5), tiles("78m4z"));
    // Before the draw (fig. 3-5): 7m and North left, one draw from ready.
    let c = tiles("7m234567p345999s224z");
    assert_eq!(organise(&c, 5), tiles("7m4z"));
    assert_eq!(rh_num(&c), 1);
}

#[test]
fn weights_fig_3_9() {
    let v = fig_3_9_view();
    let left = organise(&v.hand, 5);
    let w = weights(&left, &v.hand, &[0; TILE_KINDS]);
    assert_eq!((w[M7], w[M8], w[NORTH]), (10, 9, 0));
    assert_eq!(
        decide(&v, NEVER_FOLD),
        Action::new(ActionKind::Discard, NORTH as u8)
    );
}

#[test]
fn weights_fig_3_10() {
    // 6m discarded once and 9m twice: 7m and 8m lose 3 each.
    let mut v = fig_3_9_view();
    for (s, t) in [(1, 5u8), (2, 8), (3, 8)] {
        push_discard(&mut v, s, t);
    }
    let piles = Piles::of(&v);
    let left = organise(&v.hand, 5);
    let w = weights(&left, &v.hand, &piles.all.count);
    assert_eq!((w[M7], w[M8], w[NORTH]), (7, 6, 0));
    assert_eq!(
        decide(&v, NEVER_FOLD),
        Action::new(ActionKind::Discard, NORTH as u8)
    );
}

/// Seat `s`'s pile from (position, tile) marks, the rest filled with Red dragons.
fn pile(total: u16, marks: &[(u16, usize)]) -> Pile {
    let mut p = Pile::EMPTY;
    for pos in 1..=total {
        let t = marks.iter().find(|m| m.0 == pos).map_or(33, |m| m.1);
        p.push(t as u8);
    }
    p
}

#[test]
fn safety_method_1_example() {
    let m4 = 3;
    // 下家: 7m at 7, 4m at 5, 10 discards; 對家: 4m at 3 of 9; 上家: 4m at 5 of 9.
    let next = pile(10, &[(7, M7), (5, m4)]);
    let across = pile(9, &[(3, m4)]);
    let prev = pile(9, &[(5, m4)]);
    let score = |p: &Pile| 7.0 - safety(M7, p);
    assert!((score(&next) - 5.1).abs() < 1e-9);
    assert!((score(&across) - (7.0 - 1.0 / 3.0)).abs() < 1e-9); // 6.67
    // The thesis prints 6.64; 7 - 2 x (5/9) / 2 = 6.44.
    assert!((score(&prev) - (7.0 - 5.0 / 9.0)).abs() < 1e-9);
    assert!((score(&prev) - 6.44).abs() < 0.01);
}

#[test]
fn safety_method_2_example() {
    // 7m once, latest at 27 of 42; 4m twice, latest at 36.
    let all = pile(42, &[(27, M7), (20, 3), (36, 3)]);
    let score = 7.0 - safety(M7, &all);
    // The thesis prints 4.74; its formula gives 7 - 2 x 27/42 - 4 x (36/42) / 2 = 4.0.
    let formula = 7.0 - 2.0 * 27.0 / 42.0 - 4.0 * (36.0 / 42.0) / 2.0;
    assert!((score - formula).abs() < 1e-9);
    assert!((score - 4.0).abs() < 1e-9);
}

#[test]
fn safety_honours_formula_4() {
    let p = pile(5, &[(1, NORTH), (4, NORTH)]);
    assert_eq!(safety(NORTH, &p), 4.0);
    assert_eq!(safety(NORTH, &pile(5, &[])), 0.0);
    assert_eq!(safety(NORTH, &Pile::EMPTY), 0.0);
}

#[test]
fn game_time_and_rh_min_examples() {
    let mut v = empty_view(Rules::thesis());
    assert_eq!(start_drawable(&Rules::thesis()), 58);
    assert_eq!(start_drawable(&Rules::taiwan16()), 56);
    assert_eq!(start_drawable(&Rules::thirteen()), 70);
    // Start of the hand: 57 + 8 flowers in the wall after the dealer's draw.
    v.wall_left = 57 + 8;
    assert_eq!(drawable(&v), 57);
    assert!((game_time(&v) - 1.0 / 58.0).abs() < 1e-12);
    // floor(5 - 5/58) + 1 = 5.
    assert_eq!(rh_min(&v, 5), 5);
    // Half the wall drawn, 3 flowers shown: GameTime 0.5, RHmin = floor(2.5) + 1 = 3.
    v.flowers = [0b1, 0b110, 0, 0];
    v.wall_left = 29 + 5;
    assert!((game_time(&v) - 0.5).abs() < 1e-12);
    assert_eq!(rh_min(&v, 5), 3);
    assert_eq!(rh_min(&v, 4), 3);
    assert_eq!(rh_min(&v, 3), 2);
    // Nine melds at the other seats outweigh the wall: GameTime 0.6, RHmin = floor(2) + 1.
    v.meld_counts = [1, 3, 3, 3];
    assert!((game_time(&v) - 0.6).abs() < 1e-12);
    assert_eq!(rh_min(&v, 5), 3);
    assert_eq!(rh_min(&v, 6), 3); // floor(2.4) + 1
    // Nothing left to draw: GameTime 1, RHmin 1 for any AttackLevel.
    v.wall_left = 5;
    assert_eq!(game_time(&v), 1.0);
    assert_eq!(rh_min(&v, NEVER_FOLD), 1);
    assert!(attacks(0, &v, NEVER_FOLD) && !attacks(1, &v, NEVER_FOLD));
    // AttackLevel 99 at the dealer's first discard: floor(99 x 57/58) + 1 = 98.
    v.wall_left = 57 + 5;
    v.meld_counts = [0; SEATS];
    assert_eq!(rh_min(&v, NEVER_FOLD), 98);
    // 13-tile mode: no flowers; 35 of 70 left.
    let mut t = empty_view(Rules::thirteen());
    t.wall_left = 35;
    t.meld_counts = [0, 3, 0, 0];
    assert!((game_time(&t) - 0.5).abs() < 1e-12);
}

/// A view where seat 0 defends (AttackLevel 0, one from ready) holding 1p, 5s and
/// North as unnecessary tiles.
fn defend_view() -> View {
    let mut v = empty_view(Rules::thesis());
    v.hand = tiles("123m456m789m22p1p5s4z777z");
    v.drawn = 33;
    v.wall_left = 40;
    v
}

#[test]
fn decide_defends_method_1_when_opponents_agree() {
    let mut v = defend_view();
    assert_eq!(rh_num(&v.hand), 1);
    assert_eq!(organise(&v.hand, 5), tiles("1p5s4z"));
    // Attack would throw North or 1p (weight 0, ties to the highest kind: North).
    assert_eq!(
        decide(&v, NEVER_FOLD),
        Action::new(ActionKind::Discard, NORTH as u8)
    );
    // Every opponent discarded 1p last: 0 - 2 x 2/2 = -2 against each, below North's 0.
    for s in 1..4 {
        push_discard(&mut v, s, 32);
        push_discard(&mut v, s, 9);
    }
    assert_eq!(decide(&v, 0), Action::new(ActionKind::Discard, 9));
    // Attacking, the discards only matter through the combinations: North again.
    assert_eq!(
        decide(&v, NEVER_FOLD),
        Action::new(ActionKind::Discard, NORTH as u8)
    );
}

#[test]
fn decide_defends_method_2_when_opponents_disagree() {
    let mut v = defend_view();
    // Seat 1 threw North twice, seat 2 threw 5s, seat 3 threw 1p (at their last places).
    push_discard(&mut v, 1, NORTH as u8);
    push_discard(&mut v, 1, NORTH as u8);
    push_discard(&mut v, 2, 32);
    push_discard(&mut v, 2, 22);
    push_discard(&mut v, 3, 32);
    push_discard(&mut v, 3, 9);
    let piles = Piles::of(&v);
    let left = organise(&v.hand, 5);
    let w = weights(&left, &v.hand, &piles.all.count);
    let cand: [bool; TILE_KINDS] = std::array::from_fn(|k| left[k] > 0);
    let per_seat: Vec<usize> = (1..4)
        .map(|s| lowest(&cand, |k| f64::from(w[k]) - safety(k, &piles.seat[s])))
        .collect();
    // Method 1: North (0 - 4) for seat 1, a tie at 0 going to North for seat 2, 1p
    // (0 - 2 x 2/2) for seat 3: no agreement.
    assert_eq!(per_seat, [NORTH, NORTH, 9]);
    // Method 2 over all 6 discards: North 0 - 4, 5s 2 - 2 x 4/6, 1p 0 - 2 x 6/6.
    assert_eq!(decide(&v, 0), Action::new(ActionKind::Discard, NORTH as u8));
    // Without seat 1's Norths, seats 2 and 3 disagree again (North, 1p) and method 2 now
    // finds 1p (-2) below North (0).
    v.discards[0].tile = 32;
    v.discards[1].tile = 32;
    assert_eq!(decide(&v, 0), Action::new(ActionKind::Discard, 9));
}

#[test]
fn decide_claims_when_rh_num_drops() {
    let mut v = empty_view(Rules::thesis());
    v.phase = Phase::Claim;
    v.seat = 1;
    v.actor = 0;
    v.pending = 0b10;
    v.wall_left = 40;
    v.hand = tiles("123m456m789m22p55p1s4z7z");
    // 5p pung: two from ready before, one after the pung and the best discard.
    v.offered = 13;
    push_discard(&mut v, 0, 13);
    assert_eq!(rh_num(&v.hand), 2);
    assert_eq!(decide(&v, NEVER_FOLD), Action::new(ActionKind::Pung, 13));
    // 6p from the left seat: the chow 567p lowers RHnum from 2 to 1.
    v.offered = 14;
    v.hand = tiles("123m456m789m22p57p1s4z7z");
    assert_eq!(decide(&v, NEVER_FOLD), Action::new(ActionKind::Chow, 13));
    // The same 6p from the seat across: no chow, so a pass.
    v.actor = 3;
    assert_eq!(decide(&v, NEVER_FOLD), Action::PASS);
    // Five blocks already (three sets, 22p, 57p, 13s): the pung of 2p keeps RHnum at 1.
    v.actor = 0;
    v.hand = tiles("123m456m789m22p57p13s4z");
    v.offered = 10;
    let pung = Action::new(ActionKind::Pung, 10);
    assert!(legal_actions(&v).contains(&pung));
    assert_eq!(rh_num(&v.hand), 1);
    assert_eq!(rh_num(&after_claim(&v.hand, v.offered, pung).unwrap()), 1);
    assert_eq!(decide(&v, NEVER_FOLD), Action::PASS);
}

#[test]
fn decide_always_wins() {
    let mut v = empty_view(Rules::thesis());
    v.hand = tiles("123m456m789m234p55p");
    v.drawn = 13;
    v.wall_left = 20;
    assert_eq!(decide(&v, 0), Action::new(ActionKind::Win, 13));
    v.phase = Phase::Claim;
    v.actor = 3;
    v.hand = tiles("123m456m789m234p5p");
    v.offered = 13;
    assert_eq!(decide(&v, 0), Action::new(ActionKind::Win, 13));
}

#[test]
fn decide_always_legal_on_random_views() {
    let mut rng = Rng(7);
    for rules in [Rules::thesis(), Rules::taiwan16(), Rules::thirteen()] {
        for i in 0..4000 {
            let v = random_view(&mut rng, rules);
            let legal = legal_actions(&v);
            for al in [0, 3, 5, 8, NEVER_FOLD] {
                let a = decide(&v, al);
                if legal.is_empty() {
                    assert_eq!(a, Action::PASS);
                } else {
                    assert!(
                        legal.contains(&a),
                        "view {i}: {a:?} not in {:?}",
                        legal.as_slice()
                    );
                }
            }
        }
    }
}

/// Per-seat counts of a self-play run.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    pub(crate) wins: [u32; SEATS],
    pub(crate) self_draws: [u32; SEATS],
    pub(crate) deal_ins: [u32; SEATS],
    pub(crate) points: [i64; SEATS],
    pub(crate) draws: u32,
}

/// Plays `hands` hands on the engine with `bot` in every seat (each pending seat decides
/// in seat order), checking every action is accepted.
pub(crate) fn self_play(
    rules: Rules,
    seed: u64,
    hands: u32,
    bot: impl Fn(&View) -> Action,
) -> Tally {
    let mut t = crate::table::Table::new(rules, seed).unwrap();
    let mut tally = Tally::default();
    for h in 0..hands {
        t.deal(h, (h % 4) as u8, 0).unwrap();
        while t.phase() != Phase::Over {
            let pending = t.pending();
            let seat = pending.trailing_zeros() as usize;
            let v = t.view(seat);
            let a = bot(&v);
            if let Err(e) = t.apply(seat, a) {
                panic!("hand {h}: {a:?} by seat {seat} refused ({e:?}) in {v:?}");
            }
        }
        let r = t.result().unwrap();
        tally.draws += u32::from(r.winners == 0);
        for s in 0..SEATS {
            let won = u32::from(r.winners >> s & 1);
            tally.wins[s] += won;
            if r.end == crate::table::End::SelfDraw {
                tally.self_draws[s] += won;
            }
            tally.deal_ins[s] += u32::from(usize::from(r.discarder) == s);
            tally.points[s] += r.points[s];
        }
    }
    tally
}

#[test]
fn self_play_every_action_accepted() {
    for rules in [Rules::thesis(), Rules::thirteen()] {
        let t = self_play(rules, 5, 150, |v| {
            decide(v, [3, 5, 8, NEVER_FOLD][usize::from(v.seat)])
        });
        assert!(t.wins.iter().sum::<u32>() > 50, "{t:?}");
        assert_eq!(t.points.iter().sum::<i64>(), 0);
    }
}
