//! Fairness as a property (docs/backend.md "Readers and masking"): each reader's stream and
//! view are a function of what that reader may know only.
//!
//! A hand is played with bots and random players (in a random order of the seats a claim
//! window waits for). Then, for each reader but the observer, tables whose hidden state differs
//! only in what that reader may not see are built by exchanging wall tiles it never sees
//! (tiles that stay in the wall, and tiles another seat holds to the end of the hand without
//! discarding, melding or winning with them); the same actions are replayed on them, and the
//! reader's stream, its numbering and its view after every action must be the same. The
//! exchanges change the other seats' options (claims they could make, wins they pass, 過水
//! locks): the test counts those and fails when it never did. A second property replays each
//! hand with the answers of every claim window given in another order: no reader's stream
//! changes.
//!
//! `MJ_FAIR_HANDS` sets the hands per rule set (default 12, in CI; the full run documented in
//! docs/backend.md is `MJ_FAIR_HANDS=2000 cargo test --release --lib fair_tests`).

use super::engine::WALL_MAX;
use super::event::{Event, EventKind, Reader, flags};
use super::rng::Rng;
use super::*;
use crate::ai::{self, BotConfig};

fn hands_per_rules() -> u32 {
    std::env::var("MJ_FAIR_HANDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12)
}

fn rule_sets() -> Vec<Rules> {
    let mut all_win = Rules::thesis();
    all_win.multi_win = MultiWin::All;
    vec![
        Rules::taiwan16(),
        Rules::taiwan16_common(),
        Rules::thirteen(),
        all_win,
        Rules::riichi_tenhou(),
        Rules::riichi_mahjong_soul(),
    ]
}

/// A hand as played: the wall, the dealer and the actions in the order applied.
struct Played {
    rules: Rules,
    wall: [u8; WALL_MAX],
    dealer: u8,
    inputs: Vec<(usize, Action)>,
}

/// A table dealt `wall` by `dealer` (the same way for every replay, so that the hand start and
/// every reader's numbering agree).
fn dealt(rules: Rules, wall: &[u8; WALL_MAX], dealer: u8) -> Table {
    let mut t = Table::new(rules, 5).unwrap();
    t.deal_stacked(dealer, wall);
    t
}

/// Plays hand `h`: each decision is mjkit's bot's or a uniformly random legal action, and the
/// seat that answers next is any of those the table waits for.
fn play(rules: Rules, h: u32, rng: &mut Rng) -> Played {
    let mut t = Table::new(rules, 11).unwrap();
    let dealer = (h % 4) as u8;
    t.deal(h, dealer, 0).unwrap();
    let wall = t.wall;
    let mut t = dealt(rules, &wall, dealer);
    let mut inputs = Vec::new();
    while t.phase() != Phase::Over {
        let pending: Vec<usize> = (0..SEATS).filter(|&s| t.pending() >> s & 1 != 0).collect();
        let seat = pending[rng.below(pending.len() as u64) as usize];
        let legal = t.legal_actions(seat);
        let a = if rng.below(2) == 0 {
            // mjkit's bot plays the Taiwanese games; at a riichi table the greedy bot plays.
            let bot = if rules.variant == Variant::Riichi {
                BotConfig::greedy()
            } else {
                BotConfig::mjkit()
            };
            ai::decide(&t.view(seat), &bot)
        } else {
            legal.as_slice()[rng.below(legal.len() as u64) as usize]
        };
        t.apply(seat, a).unwrap();
        inputs.push((seat, a));
    }
    Played {
        rules,
        wall,
        dealer,
        inputs,
    }
}

/// Where each wall position went: `Some(seat)` for a tile dealt or drawn by a seat, `None` for
/// one left in the wall. From the observer's log: the deal takes the front of the wall seat by
/// seat, draws the front in turn, replacements the back.
fn destinations(t: &Table, p: &Played) -> [Option<u8>; WALL_MAX] {
    if t.rules.variant == Variant::Riichi {
        return riichi_destinations(t, p);
    }
    let mut to = [None; WALL_MAX];
    let size = t.rules.variant.hand_tiles();
    let d = usize::from(p.dealer);
    for (i, slot) in to.iter_mut().enumerate().take(SEATS * size) {
        *slot = Some(((d + i % SEATS) % SEATS) as u8);
    }
    to[SEATS * size] = Some(p.dealer);
    let mut head = SEATS * size + 1;
    let mut tail = t.rules.variant.wall_tiles();
    for e in t.log().iter().filter(|e| e.kind == EventKind::Draw) {
        if e.flags & flags::REPLACEMENT != 0 {
            tail -= 1;
            to[tail] = Some(e.seat);
        } else {
            to[head] = Some(e.seat);
            head += 1;
        }
    }
    to
}

/// Riichi's use of the wall (docs/backend.md "Walls"): `w[0..48]` dealt four at a time seat by
/// seat from the dealer, `w[48..52]` one each, `w[52]` the dealer's 14th; draws from `w[53]` on;
/// replacement draws from `w[135]` down.
fn riichi_destinations(t: &Table, p: &Played) -> [Option<u8>; WALL_MAX] {
    let mut to = [None; WALL_MAX];
    let d = usize::from(p.dealer);
    for (i, slot) in to.iter_mut().enumerate().take(48) {
        *slot = Some(((d + i / 4 % SEATS) % SEATS) as u8);
    }
    for (k, slot) in to[48..52].iter_mut().enumerate() {
        *slot = Some(((d + k) % SEATS) as u8);
    }
    to[52] = Some(p.dealer);
    let (mut head, mut tail) = (53, t.rules.variant.wall_tiles());
    for e in t.log().iter().filter(|e| e.kind == EventKind::Draw) {
        if e.flags & flags::REPLACEMENT != 0 {
            tail -= 1;
            to[tail] = Some(e.seat);
        } else {
            to[head] = Some(e.seat);
            head += 1;
        }
    }
    to
}

/// Which wall tiles `reader` never sees in hand `p` (finished as `t`): `ok(i, kind)` says
/// whether position `i` may hold `kind` instead without the reader noticing. A tile left in the
/// wall may be any (non-flower) kind; a tile of a seat whose tiles the reader does not know
/// may be any kind that seat never used (discarded, melded, claimed, even in a claim that lost:
/// by kind, copies are alike), unless the seat won or answered a win (its hand is shown or
/// must stay a winning hand). Flowers are shown.
struct Hidden {
    to: [Option<u8>; WALL_MAX],
    winners: u8,
    used: [[bool; crate::tile::TILE_KINDS]; SEATS],
    reader: Reader,
    wall: [u8; WALL_MAX],
    n: usize,
    riichi: bool,
}

/// The tile kind of a code (a red five is its five).
fn kind(code: u8) -> usize {
    usize::from(crate::tile::code_kind(code))
}

impl Hidden {
    fn new(t: &Table, p: &Played, reader: Reader) -> Hidden {
        let mut winners = t.result().unwrap().winners;
        let mut used = [[false; crate::tile::TILE_KINDS]; SEATS];
        for e in t.log() {
            let s = usize::from(e.seat);
            match (e.kind, e.action) {
                (EventKind::Discard, _) => used[s][kind(e.tile)] = true,
                (EventKind::Meld, _) => {
                    for &k in e.tile_list() {
                        used[s][kind(k)] = true;
                    }
                }
                // A riichi seat's hand must stay ready, a nine-terminals hand must keep its
                // terminals: neither is exchanged.
                (EventKind::Riichi, _) => winners |= 1 << s,
                (EventKind::AbortiveDraw, _) if e.seat < SEATS as u8 => winners |= 1 << s,
                (EventKind::ClaimAnswer, Some(ActionKind::Chow)) => {
                    for k in e.tile..e.tile + 3 {
                        used[s][usize::from(k)] = true;
                    }
                }
                (EventKind::ClaimAnswer, Some(ActionKind::Pung | ActionKind::ExposedKong)) => {
                    used[s][kind(e.tile)] = true;
                }
                (EventKind::ClaimAnswer, Some(ActionKind::Win)) => winners |= 1 << s,
                _ => {}
            }
        }
        let riichi = t.rules.variant == Variant::Riichi;
        if riichi && t.result().is_some_and(|r| r.end == End::ExhaustiveDraw) {
            // Riichi's exhaustive draw shows which seats are ready (and pays by it): no seat's
            // tiles are exchanged, only tiles left in the live wall.
            winners = (1 << SEATS) - 1;
        }
        Hidden {
            to: destinations(t, p),
            riichi,
            winners,
            used,
            reader,
            wall: p.wall,
            n: t.rules.variant.wall_tiles(),
        }
    }

    fn ok(&self, i: usize, kind: u8) -> bool {
        if kind >= super::variant::taiwan::FLOWER_CODE
            || self.wall[i] >= super::variant::taiwan::FLOWER_CODE
        {
            return false;
        }
        // Riichi's dead wall (and the live tiles it may take in after kongs): indicators are
        // shown, so none of it is exchanged.
        if self.riichi && i >= 118 {
            return false;
        }
        match self.to[i] {
            None => true,
            Some(s) => {
                !self.reader.knows(Secret::Tiles(s))
                    && self.winners & (1 << s) == 0
                    && !self.used[usize::from(s)][usize::from(kind)]
                    && !self.used[usize::from(s)][usize::from(self.wall[i])]
            }
        }
    }

    /// Positions that may hold another kind.
    fn positions(&self) -> Vec<usize> {
        (0..self.n).filter(|&i| self.ok(i, self.wall[i])).collect()
    }
}

type Observed = (Vec<Event>, (u64, u64), Option<View>);

/// Everything `reader` can observe of `t` now: its stream from the first index, its bounds and
/// its view.
fn observed(t: &Table, reader: Reader) -> Observed {
    let (first, _) = t.event_bounds(reader);
    (
        t.reader_events(reader, first).collect(),
        t.event_bounds(reader),
        t.view_for(reader),
    )
}

/// The first difference between two observations, in a few words.
fn difference(a: &Observed, b: &Observed) -> Option<String> {
    if a.1 != b.1 {
        return Some(format!("bounds {:?} / {:?}", a.1, b.1));
    }
    if let Some(i) = (0..a.0.len().max(b.0.len())).find(|&i| a.0.get(i) != b.0.get(i)) {
        return Some(format!("event {i}: {:?} / {:?}", a.0.get(i), b.0.get(i)));
    }
    let (Some(x), Some(y)) = (&a.2, &b.2) else {
        return (a.2 != b.2).then(|| "one view missing".to_string());
    };
    macro_rules! fields {
        ($($f:ident),*) => {
            $( if x.$f != y.$f {
                return Some(format!("view.{}: {:?} / {:?}", stringify!($f), x.$f, y.$f));
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
        win_flags,
        riichi
    );
    None
}

/// Replays `p`'s actions on `wall`; `check(step, table)` after the deal and after every action.
fn replay_on(p: &Played, wall: &[u8; WALL_MAX], mut check: impl FnMut(usize, &Table)) {
    let mut t = dealt(p.rules, wall, p.dealer);
    check(0, &t);
    for (k, &(seat, a)) in p.inputs.iter().enumerate() {
        assert_eq!(
            t.apply(seat, a),
            Ok(()),
            "action {k} ({a:?} by {seat}) refused on an exchanged wall"
        );
        check(k + 1, &t);
    }
}

#[test]
fn every_reader_sees_a_function_of_what_it_may_know() {
    let mut rng = Rng::from_u64(2026);
    let (mut pairs, mut options_changed, mut locks_changed) = (0u64, 0u64, 0u64);
    let (mut riichi_pairs, mut riichi_options) = (0u64, 0u64);
    for rules in rule_sets() {
        for h in 0..hands_per_rules() {
            let p = play(rules, h, &mut rng);
            let mut a_states = Vec::new();
            replay_on(&p, &p.wall, |_, t| a_states.push(t.clone()));
            let end = a_states.last().unwrap().clone();
            for reader in [
                Reader::Seat(0),
                Reader::Seat(1),
                Reader::Seat(2),
                Reader::Seat(3),
                Reader::Spectator,
            ] {
                let hidden = Hidden::new(&end, &p, reader);
                let places = hidden.positions();
                for _ in 0..3 {
                    // Exchange a few pairs of different kinds among the hidden positions.
                    let mut wall = p.wall;
                    let mut changed = false;
                    for _ in 0..1 + rng.below(4) {
                        if places.len() < 2 {
                            break;
                        }
                        let i = places[rng.below(places.len() as u64) as usize];
                        let j = places[rng.below(places.len() as u64) as usize];
                        if wall[i] != wall[j]
                            && wall[i] == p.wall[i]
                            && wall[j] == p.wall[j]
                            && hidden.ok(i, wall[j])
                            && hidden.ok(j, wall[i])
                        {
                            wall.swap(i, j);
                            changed = true;
                        }
                    }
                    if !changed {
                        continue;
                    }
                    pairs += 1;
                    let (mut opt, mut lock) = (false, false);
                    replay_on(&p, &wall, |k, b| {
                        let a = &a_states[k];
                        if let Some(d) = difference(&observed(a, reader), &observed(b, reader)) {
                            panic!(
                                "{reader:?} tells the tables apart after action {k} (rules {:?}, hand {h}): {d}",
                                rules.variant
                            );
                        }
                        for s in 0..SEATS {
                            opt |= a.legal_actions(s) != b.legal_actions(s);
                            lock |= a.part_view(Reader::Seat(s as u8), false).1
                                != b.part_view(Reader::Seat(s as u8), false).1;
                        }
                    });
                    options_changed += u64::from(opt);
                    locks_changed += u64::from(lock);
                    if rules.variant == Variant::Riichi {
                        riichi_pairs += 1;
                        riichi_options += u64::from(opt);
                    }
                }
            }
        }
    }
    // The exchanges changed what other seats could do, and the readers never noticed.
    assert!(pairs > 100, "{pairs} pairs");
    assert!(
        options_changed * 10 > pairs,
        "{options_changed} of {pairs} pairs changed an option"
    );
    assert!(locks_changed > 0, "no pair changed a 過水 lock");
    // Riichi tables take part: their exchanges changed other seats' options too.
    assert!(
        riichi_pairs > 10 && riichi_options > 0,
        "riichi: {riichi_options} of {riichi_pairs} pairs changed an option"
    );
    eprintln!(
        "{pairs} exchanges ({riichi_pairs} at riichi tables): {options_changed} changed another seat's options ({riichi_options} at riichi tables), {locks_changed} a lock"
    );
}

#[test]
fn the_order_of_the_answers_changes_no_stream() {
    let mut rng = Rng::from_u64(7);
    let mut reordered = 0;
    for rules in rule_sets() {
        for h in 0..hands_per_rules() {
            let p = play(rules, h, &mut rng);
            // The same answers, each claim window's in a random order.
            let mut b = dealt(p.rules, &p.wall, p.dealer);
            let mut k = 0;
            while k < p.inputs.len() {
                let n = if b.phase() == Phase::Claim {
                    b.pending().count_ones() as usize
                } else {
                    1
                };
                let mut window = p.inputs[k..k + n].to_vec();
                rng.shuffle(&mut window);
                reordered += usize::from(window != p.inputs[k..k + n]);
                for &(s, a) in &window {
                    b.apply(s, a).unwrap();
                }
                k += n;
            }
            let mut a = dealt(p.rules, &p.wall, p.dealer);
            for &(s, x) in &p.inputs {
                a.apply(s, x).unwrap();
            }
            for reader in Reader::ALL[..5].iter().copied() {
                if let Some(d) = difference(&observed(&a, reader), &observed(&b, reader)) {
                    panic!("{reader:?} sees the order of the answers: {d}");
                }
            }
            assert_eq!(a.result(), b.result());
        }
    }
    assert!(reordered > 50, "{reordered}");
}

#[test]
fn claimants_only_windows_show_whether_somebody_could_claim() {
    // The switch matters: with only the claimants asked, a seat's view shows a claim window
    // (the table stops) exactly when another seat could claim; with every seat asked, each
    // discard opens one.
    let mut rng = Rng::from_u64(3);
    let mut windows = [0u32; 2];
    let mut discards = 0u32;
    for (i, claim_window) in [ClaimWindow::EverySeat, ClaimWindow::Claimants]
        .into_iter()
        .enumerate()
    {
        let rules = Rules {
            claim_window,
            ..Rules::taiwan16()
        };
        for h in 0..8 {
            let p = play(rules, h, &mut rng);
            replay_on(&p, &p.wall, |k, t| {
                if k > 0 && p.inputs[k - 1].1.kind == ActionKind::Discard {
                    discards += u32::from(i == 0);
                    windows[i] += u32::from(t.phase() == Phase::Claim);
                }
            });
        }
    }
    assert_eq!(windows[0], discards, "every discard opens a window");
    assert!(windows[1] > 0, "{windows:?}");
}
