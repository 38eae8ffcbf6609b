//! mjkit's shanten against the `xiangting` crate (6.0.2, `calculate_replacement_number`, four
//! players), which respects the 4-copies limit and takes the minimum over the regular form,
//! seven distinct pairs (13/14 tiles) and thirteen orphans (13/14 tiles): that is
//! `Forms::RIICHI` here, and xiangting's replacement number is shanten + 1.
//!
//! `MJ_XT_N` sets the hands per size (default 500,000: 1,000,000 hands of 13 and 14 tiles).

mod support;

use mjkit::shanten::shanten;
use mjkit::{Counts, Forms, Hand};
use support::Rng;

fn n_hands() -> usize {
    std::env::var("MJ_XT_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500_000)
}

fn compare(c: &Counts) {
    let ours = shanten(c, Forms::RIICHI).unwrap();
    let theirs = xiangting::calculate_replacement_number(c, xiangting::PlayerCount::Four).unwrap();
    assert_eq!(ours + 1, i32::from(theirs), "{}", mjkit::tile::format(c));
}

#[test]
fn shanten_matches_xiangting_13_14_tiles() {
    let mut rng = Rng(0x71A6_7146);
    let all: Vec<usize> = (0..34).collect();
    let n = n_hands();
    let mut count = 0;
    for size in [13, 14] {
        for i in 0..n {
            // Plain random hands, plus one in four from a single suit or the honours and suits
            // of one colour (dense shapes, many fours of a kind).
            let c = match i % 4 {
                3 => {
                    let b = rng.below(3);
                    let kinds: Vec<usize> =
                        (9 * b..9 * b + 9).chain(27..27 + rng.below(8)).collect();
                    rng.draw_from(&kinds, size)
                }
                _ => rng.draw_from(&all, size),
            };
            compare(&c);
            count += 1;
        }
    }
    eprintln!("{count} hands of 13/14 tiles agree with xiangting");
}

#[test]
fn shanten_matches_xiangting_smaller_hands() {
    let mut rng = Rng(0x71A6_7147);
    let all: Vec<usize> = (0..34).collect();
    for size in [1, 2, 4, 5, 7, 8, 10, 11] {
        for _ in 0..n_hands() / 10 {
            compare(&rng.draw_from(&all, size));
        }
    }
}

#[test]
fn shanten_matches_xiangting_documented_values() {
    for (text, replacement) in [
        ("1111m111122233z", 2),
        ("123m456p789s11222z", 0),
        ("199m146779p12s246z", 5),
    ] {
        let c = mjkit::tile::parse(text).unwrap().counts;
        compare(&c);
        let ours = shanten(&c, Forms::RIICHI).unwrap();
        assert_eq!(ours + 1, replacement, "{text}");
    }
}

/// A three-player hand of `size` tiles drawn from the 108-tile wall (no 2m-8m).
fn sanma_hand(rng: &mut Rng, size: usize, dense: bool) -> Counts {
    let kinds: Vec<usize> = if dense {
        // 1m, 9m and the honours, or one suit with them: many fours and threes of a kind.
        let b = 1 + rng.below(2);
        let honours = 27..29 + rng.below(6);
        [0, 8]
            .into_iter()
            .chain(honours)
            .chain((9 * b..9 * b + 9).take(rng.below(10)))
            .collect()
    } else {
        (0..34).filter(|k| !(1..8).contains(k)).collect()
    };
    rng.draw_from(&kinds, size)
}

#[test]
fn three_player_shanten_and_ukeire_match_xiangting() {
    use mjkit::efficiency::ukeire;
    let forms = Forms::from_bits(Forms::RIICHI.bits() | Forms::THREE_PLAYER.bits()).unwrap();
    let mut rng = Rng(0x0053_A13A);
    let n = n_hands() / 5;
    let (mut differ_from_4p, mut count) = (0, 0);
    for size in [13, 14, 1, 2, 4, 5, 7, 8, 10, 11] {
        let reps = if size >= 13 { n } else { n / 10 };
        for i in 0..reps {
            let c = sanma_hand(&mut rng, size, i % 3 == 2);
            let hand = Hand::new(&c).unwrap();
            let ours = shanten(hand.counts(), forms).unwrap();
            let (theirs, necessary) =
                xiangting::calculate_necessary_tiles(&c, xiangting::PlayerCount::Three).unwrap();
            assert_eq!(ours + 1, i32::from(theirs), "{}", mjkit::tile::format(&c));
            differ_from_4p += usize::from(ours != shanten(hand.counts(), Forms::RIICHI).unwrap());
            if size % 3 == 1 {
                let u = ukeire(hand.counts(), forms, None).unwrap();
                // xiangting's necessary tiles include kinds already held four times.
                let held4: u64 = (0..34).filter(|&k| c[k] == 4).map(|k| 1u64 << k).sum();
                assert_eq!(u.mask, necessary & !held4, "{}", mjkit::tile::format(&c));
                assert_eq!(u.mask & Forms::MAN_2_TO_8, 0);
            }
            count += 1;
        }
    }
    eprintln!(
        "{count} three-player hands agree with xiangting (PlayerCount::Three), shanten and \
         ukeire; {differ_from_4p} of them differ from the four-player shanten"
    );
    assert!(differ_from_4p > 0);
}

#[test]
fn three_player_documented_values() {
    // xiangting's own example: 1111m111122233z is 2 in four-player, 3 in three-player.
    let c = mjkit::tile::parse("1111m111122233z").unwrap().counts;
    let hand = Hand::new(&c).unwrap();
    let three = Forms::from_bits(7 | 64).unwrap();
    assert_eq!(shanten(hand.counts(), Forms::RIICHI).unwrap(), 1);
    assert_eq!(shanten(hand.counts(), three).unwrap(), 2);
    let bad = Hand::new(&mjkit::tile::parse("123m456p789s11222z").unwrap().counts).unwrap();
    assert_eq!(
        shanten(bad.counts(), three),
        Err(mjkit::Error::ThreePlayerTile)
    );
    assert_eq!(Forms::from_bits(8 | 64), Err(mjkit::Error::InvalidArgument));
}
