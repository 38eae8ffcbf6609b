//! The planner against a brute-force search over draws and discards scored by the real scorer.

use super::*;
use crate::forms::Forms;
use crate::test_util::tiles;

/// Cases of the brute-force comparisons: `default`, or `MJ_PLAN_N` for a longer run.
fn plan_cases(default: usize) -> usize {
    std::env::var("MJ_PLAN_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// A small deterministic generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Calls `f` with every multiset of `size` kinds from `kinds` (ascending), each kind at most
/// `room[k]` times.
fn multisets(kinds: &[usize], room: &Counts, size: usize, f: &mut dyn FnMut(&Counts)) {
    fn go(
        kinds: &[usize],
        room: &Counts,
        i: usize,
        left: usize,
        cur: &mut Counts,
        f: &mut dyn FnMut(&Counts),
    ) {
        if left == 0 {
            f(cur);
            return;
        }
        if i == kinds.len() {
            return;
        }
        let k = kinds[i];
        let most = left.min(usize::from(room[k]));
        for n in (0..=most).rev() {
            cur[k] += n as u8;
            go(kinds, room, i + 1, left - n, cur, f);
            cur[k] -= n as u8;
        }
    }
    let mut cur = [0u8; TILE_KINDS];
    go(kinds, room, 0, size, &mut cur, f);
}

/// The brute-force distance of a waiting hand: the least `k <= max_k` such that `k`
/// exchanges (draw `k` tiles `A`, discard `k` tiles `D` of the hand and `A`; a discarded tile
/// is seen) leave a hand that waits on a tile `w` it can still draw with which the scorer
/// rates the complete hand at 8 fan or more, won on a discard; None when there is none up to
/// `max_k`. Drawable means unseen: every copy the seat held or drew, and `w`, fit within
/// `4 - visible`.
fn brute_distance(hand: &PlanHand, max_k: usize) -> Option<i32> {
    let g = hand.concealed;
    let caps = hand.caps();
    let all: Vec<usize> = (0..TILE_KINDS).collect();
    let room: Counts = std::array::from_fn(|x| caps[x] - g[x]);
    for k in 0..=max_k {
        let mut found = false;
        let mut seen = std::collections::HashSet::new();
        multisets(&all, &room, k, &mut |a| {
            if found {
                return;
            }
            let ga: Counts = std::array::from_fn(|x| g[x] + a[x]);
            let kinds: Vec<usize> = (0..TILE_KINDS).filter(|&x| ga[x] > 0).collect();
            multisets(&kinds, &ga, k, &mut |d| {
                if found {
                    return;
                }
                let w8: Counts = std::array::from_fn(|x| ga[x] - d[x]);
                // The final drawable check depends on `ga`, so key on both.
                if !seen.insert((w8, ga)) {
                    return;
                }
                for w in 0..TILE_KINDS {
                    if ga[w] >= caps[w] {
                        continue; // no unseen copy of w left
                    }
                    let mut t = w8;
                    t[w] += 1;
                    if crate::win::is_win(&t, Forms::MCR).unwrap_or(false)
                        && crate::mcr::score(&hand.target(&t, w as u8)).is_ok_and(|s| s.qualifies())
                    {
                        found = true;
                        return;
                    }
                }
            });
        });
        if found {
            return Some(k as i32);
        }
    }
    None
}

/// The brute-force draws of a waiting hand at distance `d` (found by [`brute_distance`]): the
/// live kinds `x` after which some discard (then seen, so not drawn again) leaves a hand at
/// distance `d - 1`; when ready, the qualifying winning tiles.
fn brute_draws(hand: &PlanHand, d: i32) -> u64 {
    let caps = hand.caps();
    let mut draws = 0u64;
    for x in 0..TILE_KINDS {
        if hand.concealed[x] >= caps[x] {
            continue;
        }
        let mut h = hand.concealed;
        h[x] += 1;
        if d == 0 {
            if crate::win::is_win(&h, Forms::MCR).unwrap_or(false)
                && crate::mcr::score(&hand.target(&h, x as u8)).is_ok_and(|s| s.qualifies())
            {
                draws |= 1 << x;
            }
            continue;
        }
        for z in 0..TILE_KINDS {
            if h[z] == 0 {
                continue;
            }
            let mut g = *hand;
            g.concealed = h;
            g.concealed[z] -= 1;
            g.visible[z] += 1; // the discard is seen
            if brute_distance(&g, (d - 1) as usize).is_some() {
                draws |= 1 << x;
                break;
            }
        }
    }
    draws
}

/// A hand near completion: a random complete hand of `sets` concealed sets and a pair (themed
/// so that some reach 8 fan), `swaps` tiles replaced at random, one tile dropped (waiting).
fn near_hand(rng: &mut Rng, melds: usize, swaps: usize) -> PlanHand {
    loop {
        let suit_only = rng.below(3) == 0;
        let pick = |rng: &mut Rng| -> usize {
            if suit_only {
                (rng.below(9) + 9 * (rng.below(2))) as usize
            } else {
                rng.below(34) as usize
            }
        };
        let mut c = [0u8; TILE_KINDS];
        let mut ok = true;
        let p = pick(rng);
        c[p] += 2;
        let mut hand_melds = Vec::new();
        for i in 0..4 {
            let chow = rng.below(2) == 0;
            let t = pick(rng);
            let (kind, tile) = if chow && t < 27 && t % 9 <= 6 {
                (MeldKind::Chow, t)
            } else {
                (MeldKind::Pung, t)
            };
            if i < melds {
                hand_melds.push(match kind {
                    MeldKind::Chow => Meld::chow(tile as u8, 1 + rng.below(3) as u8),
                    _ => Meld::pung(tile as u8, 1 + rng.below(3) as u8),
                });
            } else if kind == MeldKind::Chow {
                c[tile..tile + 3].iter_mut().for_each(|x| *x += 1);
            } else {
                c[tile] += 3;
            }
        }
        let mut h = PlanHand::new([0; TILE_KINDS]);
        for m in &hand_melds {
            h = h.with_meld(*m);
        }
        if c.iter().zip(&h.visible).any(|(&a, &v)| a + v > 4) {
            ok = false;
        }
        if !ok {
            continue;
        }
        // Replace `swaps` tiles, then drop one (a waiting hand).
        let mut list: Vec<usize> = (0..TILE_KINDS)
            .flat_map(|k| std::iter::repeat_n(k, usize::from(c[k])))
            .collect();
        for _ in 0..=swaps {
            let i = rng.below(list.len() as u64) as usize;
            list.swap_remove(i);
        }
        for _ in 0..swaps {
            loop {
                let t = pick(rng);
                let n = list.iter().filter(|&&x| x == t).count();
                if n + usize::from(h.visible[t]) < 4 {
                    list.push(t);
                    break;
                }
            }
        }
        let mut conc = [0u8; TILE_KINDS];
        for &t in &list {
            conc[t] += 1;
        }
        h.concealed = conc;
        h = h.with_winds(rng.below(4) as u8, rng.below(4) as u8);
        // Some tiles seen elsewhere (never more than what is left).
        for _ in 0..rng.below(12) {
            let t = rng.below(34) as usize;
            if h.concealed[t] + h.visible[t] < 4 {
                h.visible[t] += 1;
            }
        }
        if h.validate().is_ok() {
            return h;
        }
    }
}

fn check(hand: &PlanHand, max_k: usize, with_draws: bool) -> Option<i32> {
    let p = plan(hand, Limits::EXACT).unwrap();
    let want = brute_distance(hand, max_k);
    match want {
        Some(d) => {
            assert!(p.exact, "{hand:?}");
            assert_eq!(p.distance, d, "{hand:?}\n{p:?}");
            if with_draws {
                assert_eq!(p.draws, brute_draws(hand, d), "draws of {hand:?}\n{p:?}");
            }
        }
        None => assert!(
            p.distance > max_k as i32,
            "planner {} but none within {max_k}: {hand:?}",
            p.distance
        ),
    }
    want
}

#[test]
fn plan_matches_brute_force_with_melds() {
    // Three and two declared melds: small hands, searched to distance 3 and 2.
    let mut rng = Rng(1);
    let mut seen = [0usize; 5];
    for i in 0..plan_cases(160) {
        let melds = if i % 2 == 0 { 3 } else { 2 };
        let h = near_hand(&mut rng, melds, (i % 3) + 1);
        let d = check(&h, if melds == 3 { 3 } else { 2 }, i % 5 == 0);
        seen[d.map_or(4, |d| d.min(3) as usize)] += 1;
    }
    assert!(seen[0] > 5 && seen[1] > 5 && seen[2] > 5, "{seen:?}");
}

#[test]
fn plan_matches_brute_force_concealed() {
    let mut rng = Rng(2);
    let mut seen = [0usize; 3];
    for i in 0..plan_cases(40) {
        let h = near_hand(&mut rng, 0, 1 + i % 2);
        let d = check(&h, 1, i % 6 == 0);
        seen[d.map_or(2, |d| d as usize)] += 1;
    }
    assert!(seen[0] > 2 && seen[1] > 2, "{seen:?}");
}

#[test]
fn plan_ready_hand_knows_its_qualifying_waits() {
    // 123m 456p 789s 55z + 13m: mixed straight waiting on 2m (8 fan with any wait).
    let h = PlanHand::new(tiles("123m456p789s13m55z"));
    let p = plan(&h, Limits::EXACT).unwrap();
    assert_eq!(p.distance, 0);
    assert_eq!(p.draws, 1 << 1);
    assert_eq!(p.live, 3);
    assert_eq!(p.routes()[0].fan as usize, crate::mcr::fans::MIXED_STRAIGHT);
    // A plain hand ready on 1m/4m but worth less than 8 fan with either: not ready.
    let h = PlanHand::new(tiles("23m456m789p234s55s"));
    let p = plan(&h, Limits::EXACT).unwrap();
    assert!(p.distance >= 1, "{p:?}");
}

#[test]
fn plan_counts_only_live_tiles() {
    // Ready on 2m only for the mixed straight; all other 2m seen: the route is out of reach.
    let h = PlanHand::new(tiles("123m456p789s13m55z")).with_seen(&tiles("222m"));
    let p = plan(&h, Limits::EXACT).unwrap();
    assert!(p.distance >= 1, "{p:?}");
    assert!(p.draws >> 1 & 1 == 0);
}

#[test]
fn plan_special_forms() {
    // Seven pairs, one pair missing: ready on the single.
    let h = PlanHand::new(tiles("1122m3344p5566s7z"));
    let p = plan(&h, Limits::EXACT).unwrap();
    assert_eq!(p.distance, 0);
    assert!(p.draws >> 33 & 1 == 1);
    assert!(
        p.routes()
            .iter()
            .any(|r| r.fan as usize == crate::mcr::fans::SEVEN_PAIRS)
    );
    // Thirteen orphans ready on the missing one.
    let h = PlanHand::new(tiles("19m19p19s1234567z"));
    let p = plan(&h, Limits::EXACT).unwrap();
    assert_eq!(p.distance, 0);
    assert_eq!(p.draws.count_ones(), 13);
    // Knitted straight 147m 258p 369s + 123s? no: + 55z + 789s ready on 5z.
    let h = PlanHand::new(tiles("147m258p369s789s5z"));
    let p = plan(&h, Limits::EXACT).unwrap();
    assert_eq!(p.distance, 0);
    assert_eq!(p.draws, 1 << 31);
}

#[test]
fn discards_match_brute_force() {
    let mut rng = Rng(3);
    for i in 0..plan_cases(40) {
        // A waiting hand plus one random tile: the best discard's distance is the least of
        // the brute-force distances after each discard.
        let mut h = near_hand(&mut rng, 2 + i % 2, 1 + i % 2);
        loop {
            let t = rng.below(34) as usize;
            if h.concealed[t] + h.visible[t] < 4 {
                h.concealed[t] += 1;
                break;
            }
        }
        let list = discards(&h, Limits::EXACT).unwrap();
        let best = list.iter().map(|d| d.plan.distance).min().unwrap();
        let mut want = i32::MAX;
        for k in 0..TILE_KINDS {
            if h.concealed[k] == 0 {
                continue;
            }
            let mut g = h;
            g.concealed[k] -= 1;
            g.visible[k] += 1;
            if let Some(d) = brute_distance(&g, 3) {
                want = want.min(d);
            }
        }
        if want <= 3 {
            assert_eq!(best, want, "{h:?}");
            for d in &list {
                if d.plan.distance == best {
                    assert!(d.plan.exact);
                }
            }
        }
    }
}

#[test]
fn validate_refuses_bad_hands() {
    let ok = PlanHand::new(tiles("123m456p789s13m55z"));
    assert_eq!(ok.validate(), Ok(13));
    let mut h = ok;
    h.concealed[0] = 5;
    assert!(matches!(h.validate(), Err(Error::TooManyCopies { .. })));
    let mut h = ok;
    h.visible[0] = 4;
    assert!(matches!(h.validate(), Err(Error::TooManyCopies { .. })));
    let mut h = ok;
    h.concealed[0] = 0;
    assert!(matches!(h.validate(), Err(Error::BadTileTotal { .. })));
    let h = ok.with_winds(4, 0);
    assert_eq!(h.validate(), Err(Error::InvalidArgument));
    // A meld whose tiles are not visible.
    let mut h = PlanHand::new(tiles("456p789s13m55z"));
    h.melds[0] = Meld::chow(0, 1);
    h.meld_count = 1;
    assert_eq!(h.validate(), Err(Error::InvalidArgument));
    let h = PlanHand::new(tiles("456p789s13m55z")).with_meld(Meld::chow(8, 1));
    assert_eq!(h.validate(), Err(Error::IllegalMeld));
    assert!(plan(&PlanHand::new(tiles("123m456p789s13m55z1z")), Limits::BOT).is_err());
    assert!(discards(&ok, Limits::BOT).is_err());
}

#[test]
fn knitted_fast_count_matches_the_full_search() {
    let mut rng = Rng(5);
    let mut hits = 0;
    for i in 0..20_000 {
        // Hands rich in one knitted family, some tiles dead.
        let fam = special_families()[(rng.below(6)) as usize];
        let declared = i % 3 == 0;
        let size = if declared { 10 } else { 13 };
        let mut c = [0u8; TILE_KINDS];
        let mut caps = [4u8; TILE_KINDS];
        for _ in 0..rng.below(10) {
            let k = rng.below(34) as usize;
            caps[k] = caps[k].saturating_sub(1 + rng.below(3) as u8);
        }
        let mut n = 0;
        while n < size {
            let k = if rng.below(3) != 0 {
                let bits: Vec<usize> = (0..27).filter(|&k| fam >> k & 1 == 1).collect();
                bits[rng.below(9) as usize]
            } else {
                rng.below(34) as usize
            };
            if c[k] < caps[k] {
                c[k] += 1;
                n += 1;
            }
        }
        let full = special::knitted_within(&c, &caps, declared, u32::MAX).map(|(m, _)| m);
        let fast = special::knitted_missing(&c, &caps, declared, u32::MAX);
        assert_eq!(fast, full, "{c:?} {caps:?} {declared}");
        hits += usize::from(full.is_some_and(|m| m <= 3));
    }
    assert!(hits > 1000, "{hits}");
}

fn special_families() -> [u64; 6] {
    crate::win::knitted::FAMILIES
}

#[test]
fn special_draws_match_their_definition() {
    // The closed-form draws of thirteen orphans and 全不靠 against "a draw lowers the count".
    let mut rng = Rng(6);
    for _ in 0..20_000 {
        let mut c = [0u8; TILE_KINDS];
        let mut caps = [4u8; TILE_KINDS];
        for _ in 0..rng.below(12) {
            let k = rng.below(34) as usize;
            caps[k] = caps[k].saturating_sub(1 + rng.below(4) as u8);
        }
        let pool: Vec<usize> = if rng.below(2) == 0 {
            (0..TILE_KINDS)
                .filter(|&k| crate::tile::TERMINALS_AND_HONORS_MASK >> k & 1 == 1)
                .collect()
        } else {
            let fam = special_families()[rng.below(6) as usize];
            (0..TILE_KINDS)
                .filter(|&k| (fam | 0x7F << 27) >> k & 1 == 1)
                .collect()
        };
        let mut n = 0;
        while n < 13 {
            let k = if rng.below(4) == 0 {
                rng.below(34) as usize
            } else {
                pool[rng.below(pool.len() as u64) as usize]
            };
            if c[k] < caps[k] {
                c[k] += 1;
                n += 1;
            }
        }
        let by_def = |f: fn(&Counts, &Counts) -> Option<u32>| {
            let Some(m) = f(&c, &caps) else { return 0 };
            (0..TILE_KINDS).fold(0u64, |d, x| {
                if c[x] >= caps[x] {
                    return d;
                }
                let mut e = c;
                e[x] += 1;
                d | u64::from(f(&e, &caps).is_some_and(|n| n < m)) << x
            })
        };
        let h = PlanHand::new(c);
        assert_eq!(
            special::form_draws(crate::mcr::fans::THIRTEEN_ORPHANS, &h, &caps),
            by_def(special::thirteen_orphans),
            "{c:?} {caps:?}"
        );
        assert_eq!(
            special::form_draws(crate::mcr::fans::LESSER_HONORS_AND_KNITTED, &h, &caps),
            by_def(special::honors_and_knitted),
            "{c:?} {caps:?}"
        );
    }
}
