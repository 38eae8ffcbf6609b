//! One hand-written test per fan; each says why the hand scores that fan. Refusal tests follow.

use super::fans::*;
use super::*;
use crate::test_util::tiles;

/// Kind of a one-tile notation such as "5m".
fn k(s: &str) -> u8 {
    tiles(s).iter().position(|&c| c > 0).expect("one tile") as u8
}

fn hand(concealed: &str, melds: &[Meld], win: &str) -> McrHand {
    let mut h = McrHand::new(tiles(concealed), k(win));
    for &m in melds {
        h = h.with_meld(m);
    }
    h
}

fn score_of(h: &McrHand) -> Score {
    score(h).unwrap_or_else(|e| panic!("{h:?}: {e}"))
}

/// Scores a concealed hand won on a discard and returns how often `fan` counts.
fn fan_in(concealed: &str, win: &str, fan: usize) -> u8 {
    score_of(&hand(concealed, &[], win)).fans[fan]
}

fn with_flags(mut h: McrHand, flags: u32) -> McrHand {
    h.flags = flags;
    h
}

fn pung(t: &str) -> Meld {
    Meld::pung(k(t), 1)
}
fn kong(t: &str) -> Meld {
    Meld::kong(k(t), 2)
}
fn ckong(t: &str) -> Meld {
    Meld::concealed_kong(k(t))
}
fn chow(t: &str) -> Meld {
    Meld::chow(k(t), 1)
}

#[test]
fn fan_01_big_four_winds() {
    // Pungs of all four winds; 碰碰和 and 幺九刻 are not counted on top.
    let s = score_of(&hand("111222333444z55m", &[], "5m"));
    assert_eq!(s.fans[BIG_FOUR_WINDS], 1);
    assert_eq!(s.fans[ALL_PUNGS], 0);
    assert_eq!(s.fans[PUNG_OF_TERMINALS_OR_HONORS], 0);
}

#[test]
fn fan_02_big_three_dragons() {
    // Pungs of the three dragons; no 箭刻 on top.
    let s = score_of(&hand("555666777z123m99p", &[], "9p"));
    assert_eq!(s.fans[BIG_THREE_DRAGONS], 1);
    assert_eq!(s.fans[DRAGON_PUNG], 0);
}

#[test]
fn fan_03_all_green() {
    // Only 23468s and the green dragon (6z).
    assert_eq!(fan_in("234234666888s66z", "6z", ALL_GREEN), 1);
}

#[test]
fn fan_04_nine_gates() {
    // 1112345678999m concealed, won on any tile of the suit (here 5m).
    assert_eq!(fan_in("11123455678999m", "5m", NINE_GATES), 1);
}

#[test]
fn fan_05_four_kongs() {
    // Four declared kongs and a pair.
    let h = hand(
        "55s",
        &[kong("1m"), kong("2p"), ckong("3s"), kong("1z")],
        "5s",
    );
    assert_eq!(score_of(&h).fans[FOUR_KONGS], 1);
}

#[test]
fn fan_06_seven_shifted_pairs() {
    // Seven consecutive pairs of one suit.
    assert_eq!(fan_in("11223344556677m", "7m", SEVEN_SHIFTED_PAIRS), 1);
}

#[test]
fn fan_07_thirteen_orphans() {
    // One of each terminal and honour plus a pair of one of them.
    assert_eq!(fan_in("119m19p19s1234567z", "1m", THIRTEEN_ORPHANS), 1);
}

#[test]
fn fan_08_all_terminals() {
    // Only 1s and 9s; 碰碰和, 幺九刻 and 无字 are included.
    let s = score_of(&hand("111999m111999p11s", &[], "1s"));
    assert_eq!(s.fans[ALL_TERMINALS], 1);
    assert_eq!(s.fans[ALL_PUNGS], 0);
    assert_eq!(s.fans[NO_HONORS], 0);
}

#[test]
fn fan_09_little_four_winds() {
    // Three wind pungs and a wind pair.
    assert_eq!(fan_in("11122233344z123m", "3m", LITTLE_FOUR_WINDS), 1);
}

#[test]
fn fan_10_little_three_dragons() {
    // Two dragon pungs and a dragon pair.
    assert_eq!(fan_in("55566677z123m456p", "6p", LITTLE_THREE_DRAGONS), 1);
}

#[test]
fn fan_11_all_honors() {
    // Honours only.
    assert_eq!(fan_in("11122233355566z", "6z", ALL_HONORS), 1);
}

#[test]
fn fan_12_four_concealed_pungs() {
    // Four pungs formed in hand, self-drawn.
    let h = with_flags(hand("111m333p555777s99m", &[], "9m"), WIN_SELF_DRAWN);
    let s = score_of(&h);
    assert_eq!(s.fans[FOUR_CONCEALED_PUNGS], 1);
    assert_eq!(s.fans[ALL_PUNGS], 0);
}

#[test]
fn fan_13_pure_terminal_chows() {
    // 123 123 789 789 and a pair of 5 in one suit.
    assert_eq!(fan_in("12312378978955m", "5m", PURE_TERMINAL_CHOWS), 1);
}

#[test]
fn fan_14_quadruple_chow() {
    // The same chow four times.
    assert_eq!(fan_in("111122223333m99p", "9p", QUADRUPLE_CHOW), 1);
}

#[test]
fn fan_15_four_pure_shifted_pungs() {
    // Pungs of 2, 3, 4, 5 in one suit (better than the chow readings).
    assert_eq!(fan_in("222333444555m99p", "9p", FOUR_PURE_SHIFTED_PUNGS), 1);
}

#[test]
fn fan_16_four_pure_shifted_chows() {
    // Chows 123 234 345 456 of one suit.
    assert_eq!(fan_in("123234345456m99p", "9p", FOUR_PURE_SHIFTED_CHOWS), 1);
}

#[test]
fn fan_17_three_kongs() {
    // Three declared kongs.
    let h = hand("456s88p", &[kong("1m"), kong("2p"), kong("3s")], "8p");
    assert_eq!(score_of(&h).fans[THREE_KONGS], 1);
}

#[test]
fn fan_18_all_terminals_and_honors() {
    // Only terminals and honours, both present.
    assert_eq!(
        fan_in("111m999p99s111555z", "9s", ALL_TERMINALS_AND_HONORS),
        1
    );
}

#[test]
fn fan_19_seven_pairs() {
    // Seven pairs, not consecutive.
    assert_eq!(fan_in("1133m5577p99s1155z", "1m", SEVEN_PAIRS), 1);
}

#[test]
fn fan_20_greater_honors_and_knitted() {
    // All seven honours and seven tiles of one knitted family (147m 258p 369s).
    assert_eq!(
        fan_in("147m25p36s1234567z", "7z", GREATER_HONORS_AND_KNITTED),
        1
    );
}

#[test]
fn fan_21_all_even_pungs() {
    // Pungs and pair of even numbers only.
    assert_eq!(fan_in("222888m444p66622s", "2s", ALL_EVEN_PUNGS), 1);
}

#[test]
fn fan_22_full_flush() {
    // One suit, no honours.
    assert_eq!(fan_in("11123456788899m", "9m", FULL_FLUSH), 1);
}

#[test]
fn fan_23_pure_triple_chow() {
    // Two claimed 123m chows and a third 123m in hand.
    let h = hand("123m456p99s", &[chow("1m"), chow("1m")], "9s");
    let s = score_of(&h);
    assert_eq!(s.fans[PURE_TRIPLE_CHOW], 1);
    assert_eq!(s.fans[PURE_DOUBLE_CHOW], 0);
}

#[test]
fn fan_24_pure_shifted_pungs() {
    // A claimed 2m pung stops the chow reading: 222 333 444m.
    let h = hand("333444m789p55s", &[pung("2m")], "5s");
    assert_eq!(score_of(&h).fans[PURE_SHIFTED_PUNGS], 1);
}

#[test]
fn fan_25_upper_tiles() {
    // Only 7, 8, 9.
    assert_eq!(fan_in("78999m789p777789s", "9m", UPPER_TILES), 1);
}

#[test]
fn fan_26_middle_tiles() {
    // Only 4, 5, 6.
    assert_eq!(fan_in("455556m45666p456s", "4s", MIDDLE_TILES), 1);
}

#[test]
fn fan_27_lower_tiles() {
    // Only 1, 2, 3.
    assert_eq!(fan_in("111123m12223p123s", "1s", LOWER_TILES), 1);
}

#[test]
fn fan_28_pure_straight() {
    // 123 456 789 of one suit.
    assert_eq!(fan_in("123456789m123p55s", "5s", PURE_STRAIGHT), 1);
}

#[test]
fn fan_29_three_suited_terminal_chows() {
    // 123 and 789 in two suits, a pair of 5 in the third.
    assert_eq!(
        fan_in("123789m123789p55s", "5s", THREE_SUITED_TERMINAL_CHOWS),
        1
    );
}

#[test]
fn fan_30_pure_shifted_chows() {
    // 123 234 345 of one suit.
    assert_eq!(fan_in("123234345m789p55s", "5s", PURE_SHIFTED_CHOWS), 1);
}

#[test]
fn fan_31_all_five() {
    // Every set and the pair contain a 5.
    assert_eq!(fan_in("345m45556p555567s", "4m", ALL_FIVE), 1);
}

#[test]
fn fan_32_triple_pung() {
    // Pungs of 2 in all three suits.
    assert_eq!(fan_in("222567m222p22299s", "5m", TRIPLE_PUNG), 1);
}

#[test]
fn fan_33_three_concealed_pungs() {
    // Three pungs formed in hand; the winning tile completes a chow, so they stay concealed.
    assert_eq!(fan_in("111m333p555789s22z", "8s", THREE_CONCEALED_PUNGS), 1);
}

#[test]
fn fan_34_lesser_honors_and_knitted() {
    // 14 singles: eight knitted tiles of 147m 258p 369s and six honours.
    assert_eq!(
        fan_in("147m258p36s123456z", "6z", LESSER_HONORS_AND_KNITTED),
        1
    );
}

#[test]
fn fan_35_knitted_straight() {
    // 147m 258p 369s, then 123s and a pair.
    assert_eq!(fan_in("147m258p123369s55z", "5z", KNITTED_STRAIGHT), 1);
}

#[test]
fn fan_36_upper_four() {
    // Only 6-9, with a 6.
    assert_eq!(fan_in("67778m789p666999s", "9s", UPPER_FOUR), 1);
}

#[test]
fn fan_37_lower_four() {
    // Only 1-4, with a 4.
    assert_eq!(fan_in("22234m123p111444s", "1p", LOWER_FOUR), 1);
}

#[test]
fn fan_38_big_three_winds() {
    // Three wind pungs, the pair not a wind.
    assert_eq!(fan_in("111222333z123m99p", "9p", BIG_THREE_WINDS), 1);
}

#[test]
fn fan_39_mixed_straight() {
    // 123, 456, 789 in three different suits.
    assert_eq!(fan_in("12399m456p789s111z", "9m", MIXED_STRAIGHT), 1);
}

#[test]
fn fan_40_reversible_tiles() {
    // Only tiles that look the same upside down: 1234589p, 245689s, white dragon.
    assert_eq!(fan_in("123345p456888s55z", "5z", REVERSIBLE_TILES), 1);
}

#[test]
fn fan_41_mixed_triple_chow() {
    // The same chow in three suits.
    assert_eq!(fan_in("123456m123p123s77z", "7z", MIXED_TRIPLE_CHOW), 1);
}

#[test]
fn fan_42_mixed_shifted_pungs() {
    // Pungs of 1, 2, 3 in three different suits.
    assert_eq!(fan_in("111567m222p33399s", "5m", MIXED_SHIFTED_PUNGS), 1);
}

#[test]
fn fan_43_chicken_hand() {
    // One chow claimed, three suits and an honour pair, no related sets, a two-sided wait
    // (6p or 9p) won on a discard: nothing scores, so 无番和 (8).
    let h = hand("678p456888s11z", &[chow("2m")], "6p");
    let s = score_of(&h);
    assert_eq!(s.fans[CHICKEN_HAND], 1);
    assert_eq!(s.total, 8);
}

#[test]
fn fan_44_last_tile_draw() {
    // Self-drawn last tile of the wall; 自摸 is included.
    let h = with_flags(
        hand("678p456888s11z", &[chow("2m")], "6p"),
        WIN_SELF_DRAWN | WIN_WALL_LAST,
    );
    let s = score_of(&h);
    assert_eq!(s.fans[LAST_TILE_DRAW], 1);
    assert_eq!(s.fans[SELF_DRAWN], 0);
}

#[test]
fn fan_45_last_tile_claim() {
    // Won on the last discard.
    let h = with_flags(hand("678p456888s11z", &[chow("2m")], "6p"), WIN_WALL_LAST);
    assert_eq!(score_of(&h).fans[LAST_TILE_CLAIM], 1);
}

#[test]
fn fan_46_out_with_replacement_tile() {
    // Self-drawn replacement tile after declaring a kong.
    let h = with_flags(
        hand("678p456s11z", &[chow("2m"), kong("8s")], "6p"),
        WIN_SELF_DRAWN | WIN_KONG,
    );
    let s = score_of(&h);
    assert_eq!(s.fans[OUT_WITH_REPLACEMENT_TILE], 1);
    assert_eq!(s.fans[SELF_DRAWN], 0);
}

#[test]
fn fan_47_robbing_the_kong() {
    // Won on a tile another player adds to a pung; 和绝张 is not added.
    let h = with_flags(
        hand("678p456888s11z", &[chow("2m")], "6p"),
        WIN_KONG | WIN_LAST_COPY,
    );
    let s = score_of(&h);
    assert_eq!(s.fans[ROBBING_THE_KONG], 1);
    assert_eq!(s.fans[LAST_TILE], 0);
}

#[test]
fn fan_48_all_pungs() {
    // Four pungs (one claimed) and a pair.
    let h = hand("333p555s777z99m", &[pung("1m")], "9m");
    assert_eq!(score_of(&h).fans[ALL_PUNGS], 1);
}

#[test]
fn fan_49_half_flush() {
    // One suit plus honours.
    assert_eq!(fan_in("123345678m11122z", "2z", HALF_FLUSH), 1);
}

#[test]
fn fan_50_mixed_shifted_chows() {
    // 123m 234p 345s.
    assert_eq!(fan_in("123789m234p345s11z", "1z", MIXED_SHIFTED_CHOWS), 1);
}

#[test]
fn fan_51_all_types() {
    // Characters, dots, bamboo, a wind and a dragon.
    assert_eq!(fan_in("234m456p789s11155z", "5z", ALL_TYPES), 1);
}

#[test]
fn fan_52_melded_hand() {
    // Four claimed melds and a single wait on the pair, won on a discard; 单钓将 is included.
    let h = hand(
        "11z",
        &[chow("1m"), pung("5p"), chow("6s"), pung("9m")],
        "1z",
    );
    let s = score_of(&h);
    assert_eq!(s.fans[MELDED_HAND], 1);
    assert_eq!(s.fans[SINGLE_WAIT], 0);
}

#[test]
fn fan_53_two_concealed_kongs() {
    // Two concealed kongs.
    let h = hand("234678s99m", &[ckong("1m"), ckong("5p")], "9m");
    assert_eq!(score_of(&h).fans[TWO_CONCEALED_KONGS], 1);
}

#[test]
fn fan_54_two_dragon_pungs() {
    // Two dragon pungs; 箭刻 is included.
    let s = score_of(&hand("555666z123m456p99s", &[], "9s"));
    assert_eq!(s.fans[TWO_DRAGON_PUNGS], 1);
    assert_eq!(s.fans[DRAGON_PUNG], 0);
}

#[test]
fn fan_55_outside_hand() {
    // Every set and the pair hold a terminal or an honour.
    assert_eq!(fan_in("123m789p111999s11z", "1z", OUTSIDE_HAND), 1);
}

#[test]
fn fan_56_fully_concealed_hand() {
    // No claimed meld and self-drawn; 自摸 is included.
    let h = with_flags(hand("234m456p789s123s55z", &[], "5z"), WIN_SELF_DRAWN);
    let s = score_of(&h);
    assert_eq!(s.fans[FULLY_CONCEALED_HAND], 1);
    assert_eq!(s.fans[SELF_DRAWN], 0);
}

#[test]
fn fan_57_two_melded_kongs() {
    // Two melded kongs.
    let h = hand("234678s99m", &[kong("1m"), kong("5p")], "9m");
    assert_eq!(score_of(&h).fans[TWO_MELDED_KONGS], 1);
}

#[test]
fn fan_58_last_tile() {
    // Won on the last copy of 3s (the hand holds no other 3s).
    let h = with_flags(hand("234m456p789s123s55z", &[], "3s"), WIN_LAST_COPY);
    assert_eq!(score_of(&h).fans[LAST_TILE], 1);
}

#[test]
fn fan_59_dragon_pung() {
    // A pung of red dragons (7z).
    assert_eq!(fan_in("234m456p789s11777z", "1z", DRAGON_PUNG), 1);
}

#[test]
fn fan_60_prevalent_wind() {
    // A pung of the round wind (East); it is not also 幺九刻.
    let mut h = hand("234m456p789s11155z", &[], "5z");
    h.seat_wind = 1;
    h.prevalent_wind = 0;
    let s = score_of(&h);
    assert_eq!(s.fans[PREVALENT_WIND], 1);
    assert_eq!(s.fans[SEAT_WIND], 0);
    assert_eq!(s.fans[PUNG_OF_TERMINALS_OR_HONORS], 0);
}

#[test]
fn fan_61_seat_wind() {
    // A pung of the seat wind (South).
    let mut h = hand("234m456p789s22255z", &[], "5z");
    h.seat_wind = 1;
    h.prevalent_wind = 0;
    assert_eq!(score_of(&h).fans[SEAT_WIND], 1);
}

#[test]
fn fan_62_concealed_hand() {
    // No claimed meld, won on a discard.
    assert_eq!(fan_in("234m456p789s123s55z", "5z", CONCEALED_HAND), 1);
}

#[test]
fn fan_63_all_chows() {
    // Four chows and a suited pair.
    assert_eq!(fan_in("123456m789p234s55s", "2s", ALL_CHOWS), 1);
}

#[test]
fn fan_64_tile_hog() {
    // All four 3m used without a kong (123m + 333m).
    assert_eq!(fan_in("123333m456p789s55z", "1m", TILE_HOG), 1);
}

#[test]
fn fan_65_double_pung() {
    // Pungs of 2 in two suits.
    assert_eq!(fan_in("222m222p456789s11z", "1z", DOUBLE_PUNG), 1);
}

#[test]
fn fan_66_two_concealed_pungs() {
    // Two pungs formed in hand; the win completes a chow.
    let h = hand("222m555p789s11z", &[chow("1s")], "8s");
    assert_eq!(score_of(&h).fans[TWO_CONCEALED_PUNGS], 1);
}

#[test]
fn fan_67_concealed_kong() {
    // One concealed kong.
    let h = hand("456p789s123s55z", &[ckong("1m")], "5z");
    assert_eq!(score_of(&h).fans[CONCEALED_KONG], 1);
}

#[test]
fn fan_68_all_simples() {
    // No terminals or honours.
    assert_eq!(fan_in("234m456p88p345678s", "8p", ALL_SIMPLES), 1);
}

#[test]
fn fan_69_pure_double_chow() {
    // Two identical chows.
    assert_eq!(fan_in("123123m567p234s55z", "5z", PURE_DOUBLE_CHOW), 1);
}

#[test]
fn fan_70_mixed_double_chow() {
    // The same chow in two suits.
    assert_eq!(fan_in("123m123p567789s55z", "5z", MIXED_DOUBLE_CHOW), 1);
}

#[test]
fn fan_71_short_straight() {
    // 123m and 456m.
    assert_eq!(fan_in("123456m678p234s55z", "5z", SHORT_STRAIGHT), 1);
}

#[test]
fn fan_72_two_terminal_chows() {
    // 123m and 789m.
    assert_eq!(fan_in("123789m456p345s55z", "5z", TWO_TERMINAL_CHOWS), 1);
}

#[test]
fn fan_73_pung_of_terminals_or_honors() {
    // A pung of 1m.
    assert_eq!(
        fan_in("111m234p567789s55z", "5z", PUNG_OF_TERMINALS_OR_HONORS),
        1
    );
}

#[test]
fn fan_74_melded_kong() {
    // One melded kong.
    let h = hand("123p456s789s11z", &[kong("5m")], "1z");
    assert_eq!(score_of(&h).fans[MELDED_KONG], 1);
}

#[test]
fn fan_75_one_voided_suit() {
    // No dots.
    assert_eq!(fan_in("123456m789s234s55z", "5z", ONE_VOIDED_SUIT), 1);
}

#[test]
fn fan_76_no_honors() {
    // No honours (and nothing that includes 无字).
    assert_eq!(fan_in("123m456p789s11199m", "9m", NO_HONORS), 1);
}

#[test]
fn fan_77_edge_wait() {
    // 12m waits only on 3m.
    assert_eq!(fan_in("123m456p789s345s55z", "3m", EDGE_WAIT), 1);
}

#[test]
fn fan_78_closed_wait() {
    // 13m waits only on 2m.
    assert_eq!(fan_in("123m456p789s345s55z", "2m", CLOSED_WAIT), 1);
}

#[test]
fn fan_79_single_wait() {
    // Waiting only on the second 5z.
    assert_eq!(fan_in("123m456p789s345s55z", "5z", SINGLE_WAIT), 1);
}

#[test]
fn fan_80_self_drawn() {
    // Self-drawn with a claimed meld.
    let h = with_flags(hand("456p789s123s55z", &[chow("1m")], "5z"), WIN_SELF_DRAWN);
    assert_eq!(score_of(&h).fans[SELF_DRAWN], 1);
}

#[test]
fn fan_81_flower_tiles() {
    // Each flower is one point, outside the 8-point minimum.
    let mut h = hand("678p456888s11z", &[chow("2m")], "6p");
    h.flowers = 3;
    let s = score_of(&h);
    assert_eq!(s.fans[FLOWER_TILES], 3);
    assert_eq!((s.total, s.base, s.qualifies()), (11, 8, true));
}

#[test]
fn fan_82_concealed_kong_and_melded_kong() {
    // The reference's 明暗杠 (5): one melded and one concealed kong, instead of 明杠 + 暗杠.
    let h = hand("234678s99m", &[kong("1m"), ckong("5p")], "9m");
    let s = score_of(&h);
    assert_eq!(s.fans[CONCEALED_KONG_AND_MELDED_KONG], 1);
    assert_eq!(s.fans[MELDED_KONG] + s.fans[CONCEALED_KONG], 0);
}

// ------------------------------------------------------------------------ rules and refusals

#[test]
fn score_below_minimum() {
    // A claimed chow, honours present: only 喜相逢 (123m 123p) and 单钓将, 2 points.
    let h = hand("123p567s789s55z", &[chow("1m")], "5z");
    let s = score_of(&h);
    assert_eq!(
        s.fan_list().collect::<Vec<_>>(),
        [(MIXED_DOUBLE_CHOW, 1), (SINGLE_WAIT, 1)]
    );
    assert_eq!((s.base, s.qualifies()), (2, false));
}

#[test]
fn score_seven_pairs_with_a_quad() {
    // 1111m counts as two pairs.
    assert_eq!(fan_in("1111m5577p99s1155z", "5p", SEVEN_PAIRS), 1);
}

#[test]
fn score_knitted_straight_with_a_meld() {
    // 组合龙 with the fourth set declared.
    let h = hand("147m258p369s55z", &[chow("1s")], "5z");
    assert_eq!(score_of(&h).fans[KNITTED_STRAIGHT], 1);
}

#[test]
fn score_refuses_invalid_input() {
    let ok = hand("123m456p789s123s55z", &[], "5z");
    assert!(score(&ok).is_ok());
    // Not winning.
    assert_eq!(
        score(&hand("123m456p789s124s55z", &[], "5z")),
        Err(Error::NotWinning)
    );
    // Wrong total.
    assert_eq!(
        score(&hand("123m456p789s123s5z", &[], "5z")),
        Err(Error::BadTileTotal { total: 13 })
    );
    // Fifth copy across hand and melds.
    assert_eq!(
        score(&hand("1m456p789s123s55z", &[kong("1m")], "5z")),
        Err(Error::BadTileTotal { total: 12 })
    );
    assert_eq!(
        score(&hand("156p789s123s55z", &[kong("1p")], "5z")),
        Err(Error::TooManyCopies { kind: k("1p") })
    );
    // Illegal melds.
    for m in [
        Meld::chow(k("1z"), 1),
        Meld::chow(k("8m"), 1),
        Meld::chow(k("9p"), 1),
        Meld::chow(k("1m"), 0),
        Meld::chow(k("1m"), 4),
        Meld::pung(k("1m"), 0),
        Meld::kong(k("1m"), 4),
        Meld::concealed_kong(34),
        Meld::new(MeldKind::ConcealedKong, 0, 1),
        // An unknown kind byte (as C can write it).
        Meld {
            kind: 0,
            tile: 0,
            claimed: 1,
        },
        Meld {
            kind: 6,
            tile: 0,
            claimed: 1,
        },
    ] {
        assert_eq!(
            score(&hand("456p789s123s55z", &[m], "5z")),
            Err(Error::IllegalMeld),
            "{m:?}"
        );
    }
    // Out-of-range arguments.
    let five = hand(
        "55z",
        &[chow("1m"), chow("1p"), chow("1s"), chow("4m"), chow("4p")],
        "5z",
    );
    assert_eq!(score(&five), Err(Error::InvalidArgument));
    let mut h = ok;
    h.seat_wind = 4;
    assert_eq!(score(&h), Err(Error::InvalidArgument));
    let mut h = ok;
    h.flowers = 9;
    assert_eq!(score(&h), Err(Error::InvalidArgument));
    let mut h = ok;
    h.win_tile = k("9m");
    assert_eq!(score(&h), Err(Error::InvalidArgument));
}

#[test]
fn score_refuses_flags_that_cannot_hold() {
    let base = hand("123m456p789s123s55z", &[], "5z");
    // Unknown bit.
    assert_eq!(score(&with_flags(base, 16)), Err(Error::InvalidFlags));
    // Last copy, but the hand holds the other 5z.
    assert_eq!(
        score(&with_flags(base, WIN_LAST_COPY)),
        Err(Error::InvalidFlags)
    );
    // Replacement tile without a kong.
    assert_eq!(
        score(&with_flags(base, WIN_SELF_DRAWN | WIN_KONG)),
        Err(Error::InvalidFlags)
    );
    // Robbing a kong of a tile the hand also holds.
    assert_eq!(score(&with_flags(base, WIN_KONG)), Err(Error::InvalidFlags));
    // Robbing a kong once the wall is empty.
    let rob = hand("123m456p789s123s55z", &[], "3s");
    assert!(score(&with_flags(rob, WIN_KONG)).is_ok());
    assert_eq!(
        score(&with_flags(rob, WIN_KONG | WIN_WALL_LAST)),
        Err(Error::InvalidFlags)
    );
}

#[test]
fn score_implies_last_copy_when_melds_show_three() {
    // A claimed pung of 9m shows three copies, so winning on the fourth (in 789m) is 和绝张
    // even without the flag, as in the reference.
    let h = hand("789m123p456s55z", &[pung("9m")], "9m");
    assert_eq!(score_of(&h).fans[LAST_TILE], 1);
}

/// splitmix64 for the randomised checks below.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[test]
fn unique_wait_matches_the_reference_search() {
    // The fast unique-wait test against the reference's search, on random regular hands with
    // 0-3 declared melds (many of them dense in one suit, where waits are tricky).
    let mut st = 99u64;
    let mut checked = 0;
    while checked < 30_000 {
        let narrow = next(&mut st) % 2 == 0;
        let pick = |st: &mut u64| {
            if narrow {
                (next(st) % 9) as usize
            } else {
                (next(st) % 34) as usize
            }
        };
        let mut all = [0u8; 34];
        let mut melds = Vec::new();
        let mut concealed = [0u8; 34];
        let n_melds = (next(&mut st) % 4) as usize;
        let mut ok = true;
        for i in 0..4 {
            let t = pick(&mut st);
            let chow = t < 27 && t % 9 <= 6 && next(&mut st) % 2 == 0;
            let target = if i < n_melds {
                None
            } else {
                Some(&mut concealed)
            };
            if chow {
                if (t..t + 3).any(|x| all[x] >= 4) {
                    ok = false;
                    break;
                }
                (t..t + 3).for_each(|x| all[x] += 1);
                match target {
                    Some(c) => (t..t + 3).for_each(|x| c[x] += 1),
                    None => melds.push(Meld::chow(t as u8, 1)),
                }
            } else {
                if all[t] > 1 {
                    ok = false;
                    break;
                }
                all[t] += 3;
                match target {
                    Some(c) => c[t] += 3,
                    None => melds.push(Meld::pung(t as u8, 1)),
                }
            }
        }
        let p = pick(&mut st);
        if !ok || all[p] > 2 {
            continue;
        }
        concealed[p] += 2;
        let held: Vec<usize> = (0..34).filter(|&x| concealed[x] > 0).collect();
        let win = held[(next(&mut st) % held.len() as u64) as usize];
        let mut h = McrHand::new(concealed, win as u8);
        for m in melds {
            h = h.with_meld(m);
        }
        let Ok(ctx) = Context::new(&h) else {
            continue;
        };
        assert_eq!(
            wait::is_unique_wait(&ctx),
            wait::is_unique_wait_by_search(&ctx),
            "{h:?}"
        );
        checked += 1;
    }
}

#[test]
fn score_tie_prefers_pure_triple_chow() {
    // 222333444567m99s won on 2m: three pungs 222 333 444 + 567 (一色三节高, 双暗刻, ...) and
    // three chows 234 + 567 (一色三同顺, 平和, 连六, ...) both total 30. The pung reading comes
    // first in the enumeration, but the reference prefers the later reading with 一色三同顺.
    let s = score_of(&hand("222333444567m99s", &[], "2m"));
    assert_eq!(s.base, 30);
    assert_eq!(s.fans[PURE_TRIPLE_CHOW], 1);
    assert_eq!(s.fans[PURE_SHIFTED_PUNGS], 0);
    assert_eq!(s.fans[SHORT_STRAIGHT], 1);
}

#[test]
fn score_reads_an_added_kong_as_a_melded_kong() {
    // The tai scorer tells an added kong (加槓) apart; MCR counts it as the melded kong it is.
    for concealed in ["123m456p789s55z", "456p789s123s55z"] {
        let melded = score(&hand(concealed, &[kong("1z")], "5z")).unwrap();
        let added = score(&hand(concealed, &[Meld::added_kong(k("1z"), 2)], "5z")).unwrap();
        assert_eq!(added, melded);
        assert_eq!(added.fans[MELDED_KONG], 1);
    }
}
