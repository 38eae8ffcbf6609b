//! The reliability findings of the outside ABI fuzz run, each with the test that would have
//! caught it: three-player 2m-8m on every entry point, the hand index at its end, one parse
//! verdict, impossible views and a poisoned table (`test-hooks`).

use std::ptr::{null, null_mut};

use mjkit::ffi::*;

fn counts(s: &str) -> [u8; MJ_TILE_KINDS] {
    mjkit::tile::parse(s).unwrap().counts
}

/// Every form set the three-player modifier may be combined with: the riichi forms' non-empty
/// subsets.
fn three_player_form_sets() -> impl Iterator<Item = u32> {
    (1..=MJ_FORMS_RIICHI).map(|f| f | MJ_FORM_THREE_PLAYER)
}

/// `kind` three times (or once) with a fixed rest: a 14-tile regular win and its 13-tile wait.
fn hands_with(kind: usize) -> ([u8; MJ_TILE_KINDS], [u8; MJ_TILE_KINDS]) {
    let mut h14 = counts("111p234p567s11z");
    h14[kind] += 3;
    let mut h13 = h14;
    h13[27] -= 1;
    (h14, h13)
}

/// Runs every hand-analysis entry point on a hand holding `kind` (and with `kind` only in
/// `visible`), under every three-player form set; returns the statuses seen.
fn statuses_for(kind: usize) -> Vec<(String, MjStatus)> {
    let (h14, h13) = hands_with(kind);
    let clean13 = counts("111p234p567s1112z");
    let clean14 = counts("111p234p567s11122z");
    let mut visible = [0u8; MJ_TILE_KINDS];
    visible[kind] = 1;
    let mut seen = Vec::new();
    for f in three_player_form_sets() {
        let mut push = |name: &str, s: MjStatus| seen.push((format!("{name} forms {f}"), s));
        // SAFETY: every pointer below is valid for the documented sizes.
        unsafe {
            let mut win = 7u8;
            let s = mj_is_win(h14.as_ptr(), f, &mut win);
            push("mj_is_win", s);
            assert!(s == MjStatus::Ok || win == 7, "output written on error");
            let mut sh = 77i32;
            let s = mj_shanten(h14.as_ptr(), f, &mut sh);
            push("mj_shanten 14", s);
            assert!(s == MjStatus::Ok || sh == 77, "output written on error");
            sh = 77;
            let s = mj_shanten(h13.as_ptr(), f, &mut sh);
            push("mj_shanten 13", s);
            assert!(s == MjStatus::Ok || sh == 77, "output written on error");
            let mut waits = 7u64;
            let s = mj_waits(h13.as_ptr(), f, &mut waits);
            push("mj_waits", s);
            assert!(s == MjStatus::Ok || waits == 7, "output written on error");
            let (mut per, mut total) = ([9u8; MJ_TILE_KINDS], 9u32);
            let s = mj_ukeire(h13.as_ptr(), f, null(), per.as_mut_ptr(), &mut total);
            push("mj_ukeire", s);
            assert!(s == MjStatus::Ok || total == 9, "output written on error");
            total = 9;
            let s = mj_ukeire(
                clean13.as_ptr(),
                f,
                visible.as_ptr(),
                per.as_mut_ptr(),
                &mut total,
            );
            push("mj_ukeire visible", s);
            assert!(s == MjStatus::Ok || total == 9, "output written on error");
            let mut out = [MjDiscard {
                ukeire_mask: 5,
                shanten: 5,
                ukeire_count: 5,
                ukeire_kinds: 5,
                tile: 5,
            }; MJ_TILE_KINDS];
            let mut len = 5u32;
            let s = mj_discards(h14.as_ptr(), f, null(), out.as_mut_ptr(), &mut len);
            push("mj_discards", s);
            assert!(s == MjStatus::Ok || len == 5, "output written on error");
            len = 5;
            let s = mj_discards(
                clean14.as_ptr(),
                f,
                visible.as_ptr(),
                out.as_mut_ptr(),
                &mut len,
            );
            push("mj_discards visible", s);
            assert!(s == MjStatus::Ok || len == 5, "output written on error");
            // Batches: a clean hand, then the hand with the kind.
            let mut two14 = clean14.to_vec();
            two14.extend_from_slice(&h14);
            let mut two13 = clean13.to_vec();
            two13.extend_from_slice(&h13);
            let mut st = [MjStatus::Panic; 2];
            let mut shs = [77i32; 2];
            push(
                "mj_shanten_batch",
                mj_shanten_batch(two14.as_ptr(), 2, f, shs.as_mut_ptr(), st.as_mut_ptr()),
            );
            push("mj_shanten_batch hand 1", st[1]);
            assert!(
                st[1] == MjStatus::Ok || shs[1] == 77,
                "output written for a failed hand"
            );
            let mut wins = [7u8; 2];
            push(
                "mj_is_win_batch",
                mj_is_win_batch(two14.as_ptr(), 2, f, wins.as_mut_ptr(), st.as_mut_ptr()),
            );
            push("mj_is_win_batch hand 1", st[1]);
            assert!(
                st[1] == MjStatus::Ok || wins[1] == 7,
                "output written for a failed hand"
            );
            let mut ws = [7u64; 2];
            push(
                "mj_waits_batch",
                mj_waits_batch(two13.as_ptr(), 2, f, ws.as_mut_ptr(), st.as_mut_ptr()),
            );
            push("mj_waits_batch hand 1", st[1]);
            assert!(
                st[1] == MjStatus::Ok || ws[1] == 7,
                "output written for a failed hand"
            );
        }
    }
    // The riichi scorer: the kind concealed, and as a pon, under three-player rules.
    let mut rules = mj_riichi_rules_default();
    rules.three_player = 1;
    let mut hand = mj_riichi_hand_default();
    hand.counts = h14;
    hand.win_tile = 27;
    hand.conditions = MJ_RIICHI_TSUMO;
    let mut pon = mj_riichi_hand_default();
    pon.counts = h14;
    pon.counts[kind] -= 3;
    pon.melds[0] = MjRiichiMeld {
        kind: MJ_RIICHI_MELD_PON,
        tile: kind as u8,
        claimed: 1,
    };
    pon.meld_count = 1;
    pon.win_tile = 27;
    pon.conditions = MJ_RIICHI_TSUMO;
    for (name, h) in [
        ("mj_riichi_score concealed", hand),
        ("mj_riichi_score pon", pon),
    ] {
        let mut out = std::mem::MaybeUninit::<MjRiichiResult>::zeroed();
        // SAFETY: valid pointers.
        seen.push((name.to_owned(), unsafe {
            mj_riichi_score(&h, &rules, out.as_mut_ptr())
        }));
    }
    seen
}

#[test]
fn three_player_refuses_every_kind_2m_to_8m_everywhere() {
    for kind in 1..=7 {
        for (call, s) in statuses_for(kind) {
            assert_eq!(
                s,
                MjStatus::ThreePlayerTile,
                "{call} with kind {kind} ({}m)",
                kind + 1
            );
        }
    }
}

#[test]
fn three_player_accepts_1m_and_9m_everywhere() {
    // The control: the same calls with a kind three-player has are not refused for it.
    for kind in [0, 8] {
        for (call, s) in statuses_for(kind) {
            assert_ne!(s, MjStatus::ThreePlayerTile, "{call} with kind {kind}");
        }
    }
}

#[test]
fn three_player_issue_examples() {
    let h = counts("888m111p234p567s11z");
    let mut win = 9u8;
    let mut sh = 9i32;
    // SAFETY: valid pointers.
    unsafe {
        let f = MJ_FORMS_RIICHI | MJ_FORM_THREE_PLAYER;
        assert_eq!(
            mj_is_win(h.as_ptr(), f, &mut win),
            MjStatus::ThreePlayerTile
        );
        let h2 = counts("88m123p456p789s111z");
        assert_eq!(
            mj_shanten(h2.as_ptr(), f, &mut sh),
            MjStatus::ThreePlayerTile
        );
    }
    assert_eq!((win, sh), (9, 9));
}

// ---- (2) the hand index at its end ----

fn new_table(rules: &MjRules, seed: u64) -> *mut MjTable {
    let mut t = null_mut();
    // SAFETY: valid pointers.
    assert_eq!(unsafe { mj_table_new(rules, seed, &mut t) }, MjStatus::Ok);
    t
}

fn view(t: *const MjTable, seat: u8) -> MjView {
    let mut v = std::mem::MaybeUninit::<MjView>::uninit();
    // SAFETY: valid pointers.
    assert_eq!(
        unsafe { mj_table_view(t, u32::from(seat), v.as_mut_ptr()) },
        MjStatus::Ok
    );
    // SAFETY: written on OK.
    unsafe { v.assume_init() }
}

/// Plays the current hand to its end with the first legal action of the first pending seat.
fn play_out(t: *mut MjTable) {
    loop {
        let (mut p, mut ph) = (0u8, 0u8);
        // SAFETY: valid pointers.
        assert_eq!(
            unsafe { mj_table_pending(t, &mut p, &mut ph) },
            MjStatus::Ok
        );
        if ph == MJ_PHASE_OVER {
            return;
        }
        let seat = p.trailing_zeros() as u8;
        let mut legal = [MjAction {
            kind: 0,
            tile: 0,
            aux: 0,
        }; MJ_MAX_ACTIONS];
        let mut n = 0u32;
        // SAFETY: valid pointers.
        unsafe {
            let s = mj_table_legal_actions(t, seat, legal.as_mut_ptr(), MJ_MAX_ACTIONS, &mut n);
            assert_eq!(s, MjStatus::Ok);
            assert_eq!(mj_table_apply(t, seat, legal[n as usize - 1]), MjStatus::Ok);
        }
    }
}

#[test]
fn next_hand_after_the_last_index_is_refused_and_changes_nothing() {
    let t = new_table(&mj_rules_default(), 7);
    // SAFETY: live table.
    unsafe {
        assert_eq!(mj_table_deal(t, u32::MAX - 1, 1, 2), MjStatus::Ok);
        play_out(t);
        assert_eq!(mj_table_next_hand(t), MjStatus::Ok);
        assert_eq!(view(t, 0).hand_index, u32::MAX);
        play_out(t);
        let before: Vec<MjView> = (0..4).map(|s| view(t, s)).collect();
        assert_eq!(mj_table_next_hand(t), MjStatus::InvalidArgument);
        let after: Vec<MjView> = (0..4).map(|s| view(t, s)).collect();
        assert!(before == after, "a refused next hand changed the table");
        // Dealing any index by hand still works.
        assert_eq!(mj_table_deal(t, 0, 0, 0), MjStatus::Ok);
        assert_eq!(view(t, 0).hand_index, 0);
        mj_table_free(t);
    }
}

// ---- (3) one parse, one verdict ----

fn parse(text: &str) -> (MjStatus, usize) {
    let c = std::ffi::CString::new(text).unwrap();
    let mut counts = [0u8; MJ_TILE_KINDS];
    let mut pos = usize::MAX;
    // SAFETY: valid pointers.
    unsafe {
        let s = mj_parse(c.as_ptr(), counts.as_mut_ptr(), null_mut());
        assert_eq!(mj_parse_error_pos(c.as_ptr(), &mut pos), MjStatus::Ok);
        (s, pos)
    }
}

#[test]
fn parse_and_error_pos_agree_on_the_issue_examples() {
    assert_eq!(parse("55555m x"), (MjStatus::BadNotation, 7));
    assert_eq!(parse("11111z9z"), (MjStatus::BadNotation, 6));
    assert_eq!(parse("55555m"), (MjStatus::TooManyCopies, 6));
    assert_eq!(parse("123m"), (MjStatus::Ok, 4));
}

#[test]
fn parse_and_error_pos_agree_on_random_text() {
    // Text from the notation's alphabet and a few strays: BAD_NOTATION from mj_parse exactly
    // when mj_parse_error_pos points inside the text.
    let alphabet = b"0123456789mpszESWNPFC x5555";
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for _ in 0..200_000 {
        let len = (next() % 24) as usize;
        let text: String = (0..len)
            .map(|_| char::from(alphabet[(next() % alphabet.len() as u64) as usize]))
            .collect();
        let (s, pos) = parse(&text);
        assert_eq!(
            s == MjStatus::BadNotation,
            pos < text.len(),
            "{text:?}: {s:?} at {pos}"
        );
        assert!(
            matches!(
                s,
                MjStatus::Ok | MjStatus::BadNotation | MjStatus::TooManyCopies
            ),
            "{text:?}: {s:?}"
        );
    }
}

// ---- (5) impossible views ----

#[test]
fn views_with_rules_or_wall_out_of_the_tables_limits_are_refused() {
    for rules in [mj_rules_default(), {
        let mut r = mj_rules_default();
        r.variant = MJ_VARIANT_THIRTEEN;
        r.scoring = MJ_SCORING_THESIS;
        r
    }] {
        let t = new_table(&rules, 3);
        let mut p = 0u8;
        // SAFETY: valid pointers.
        assert_eq!(
            unsafe { mj_table_pending(t, &mut p, null_mut()) },
            MjStatus::Ok
        );
        let v = view(t, p.trailing_zeros() as u8);
        let cfg = mj_bot_config_default();
        let status = |v: &MjView| {
            let mut legal = [MjAction {
                kind: 0,
                tile: 0,
                aux: 0,
            }; MJ_MAX_ACTIONS];
            let (mut n, mut a) = (
                0u32,
                MjAction {
                    kind: 9,
                    tile: 9,
                    aux: 0,
                },
            );
            // SAFETY: valid pointers.
            unsafe {
                (
                    mj_legal_actions(v, legal.as_mut_ptr(), MJ_MAX_ACTIONS, &mut n),
                    mj_ai_decide(v, &cfg, &mut a),
                )
            }
        };
        assert_eq!(status(&v), (MjStatus::Ok, MjStatus::Ok));
        // The dead wall: the table's own limit, MJ_STATUS_INVALID_ARGUMENT from mj_table_new.
        for dead in [61u8, 255] {
            let mut r = rules;
            r.dead_wall = dead;
            let mut out = null_mut();
            // SAFETY: valid pointers.
            let s = unsafe { mj_table_new(&r, 0, &mut out) };
            assert_eq!(s, MjStatus::InvalidArgument);
            let mut bad = v;
            bad.rules.dead_wall = dead;
            assert_eq!(status(&bad), (MjStatus::InvalidView, MjStatus::InvalidView));
        }
        // The wall: no more than the set leaves beside the dead wall and the tiles out.
        let mut bad = v;
        bad.wall_left += 1;
        assert_eq!(status(&bad), (MjStatus::InvalidView, MjStatus::InvalidView));
        bad.wall_left = u16::MAX;
        assert_eq!(status(&bad), (MjStatus::InvalidView, MjStatus::InvalidView));
        // SAFETY: live table.
        unsafe { mj_table_free(t) };
    }
}

#[test]
fn table_views_conserve_every_tile() {
    // Every view of random play accounts for the whole set: the live wall, the dead wall, the
    // four hands, the melds, the discards not claimed and the flowers (the equality behind the
    // wall check above), and validates.
    use mjkit::table::{Rules, Table};
    let mut x = 12345u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for (i, rules) in [Rules::taiwan16(), Rules::thirteen(), Rules::thesis()]
        .into_iter()
        .enumerate()
    {
        let mut t = Table::new(rules, i as u64).unwrap();
        for _ in 0..40 {
            loop {
                for s in 0..4 {
                    let v = t.view(s);
                    v.validate().unwrap();
                    let melds: usize = (0..4)
                        .map(|p| {
                            v.melds[p][..usize::from(v.meld_counts[p])]
                                .iter()
                                .map(|m| match m.kind {
                                    mjkit::table::MeldKind::Chow | mjkit::table::MeldKind::Pung => {
                                        3
                                    }
                                    _ => 4,
                                })
                                .sum::<usize>()
                        })
                        .sum();
                    let out: usize = v
                        .concealed_counts
                        .iter()
                        .map(|&c| usize::from(c))
                        .sum::<usize>()
                        + melds
                        + v.discard_list()
                            .iter()
                            .filter(|d| d.claimed_by == mjkit::table::NO_SEAT)
                            .count()
                        + v.flowers
                            .iter()
                            .map(|f| f.count_ones() as usize)
                            .sum::<usize>();
                    if v.wall_left > 0 {
                        assert_eq!(
                            usize::from(v.wall_left) + usize::from(v.rules.dead_wall) + out,
                            v.rules.variant.wall_tiles(),
                            "{:?}",
                            v.phase
                        );
                    }
                }
                if t.phase() == mjkit::table::Phase::Over {
                    break;
                }
                let seat = t.pending().trailing_zeros() as usize;
                let legal = t.legal_actions(seat);
                let a = legal.as_slice()[(next() % legal.as_slice().len() as u64) as usize];
                t.apply(seat, a).unwrap();
            }
            t.next_hand().unwrap();
        }
    }
}

// ---- (6) a poisoned table ----

#[cfg(feature = "test-hooks")]
#[test]
fn a_poisoned_table_answers_panic_until_freed() {
    let t = new_table(&mj_rules_default(), 5);
    let mut p = 0u8;
    // SAFETY: live table, valid pointers.
    unsafe {
        assert_eq!(mj_table_pending(t, &mut p, null_mut()), MjStatus::Ok);
        assert_eq!(mj_test_panic_table(t), MjStatus::Panic);
        let mut v = std::mem::MaybeUninit::<MjView>::uninit();
        let mut legal = [MjAction {
            kind: 0,
            tile: 0,
            aux: 0,
        }; MJ_MAX_ACTIONS];
        let mut n = 7u32;
        let mut r = std::mem::MaybeUninit::<MjHandResult>::uninit();
        let seat = p.trailing_zeros() as u8;
        let (mut p2, mut ph) = (0xAAu8, 0xAAu8);
        assert_eq!(mj_table_pending(t, &mut p2, &mut ph), MjStatus::Panic);
        assert_eq!((p2, ph), (0xAA, 0xAA));
        assert_eq!(
            mj_table_view(t, u32::from(seat), v.as_mut_ptr()),
            MjStatus::Panic
        );
        let s = mj_table_legal_actions(t, seat, legal.as_mut_ptr(), MJ_MAX_ACTIONS, &mut n);
        assert_eq!((s, n), (MjStatus::Panic, 7));
        let a = MjAction {
            kind: MJ_ACTION_PASS,
            tile: MJ_NO_TILE,
            aux: 0,
        };
        assert_eq!(mj_table_apply(t, seat, a), MjStatus::Panic);
        assert_eq!(mj_table_result(t, r.as_mut_ptr()), MjStatus::Panic);
        assert_eq!(mj_table_deal(t, 0, 0, 0), MjStatus::Panic);
        assert_eq!(mj_table_next_hand(t), MjStatus::Panic);
        assert_eq!(mj_test_panic_table(t), MjStatus::Panic);
        mj_table_free(t);
    }
    // Other tables and functions are unaffected.
    let t2 = new_table(&mj_rules_default(), 5);
    assert_eq!(view(t2, 0).hand_index, 0);
    // SAFETY: live table.
    unsafe { mj_table_free(t2) };
}
