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
    let ours = shanten(&Hand::new(c).unwrap(), Forms::RIICHI).unwrap();
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
        let ours = shanten(&Hand::new(&c).unwrap(), Forms::RIICHI).unwrap();
        assert_eq!(ours + 1, replacement, "{text}");
    }
}
