//! Simplified Chinese names against OpenCC: every name the library writes in Traditional Chinese
//! (tiles, flowers, winds, seats, rounds, actions, melds, reasons, tai patterns, and the event
//! lines of played hands in every seat style) is converted by OpenCC's `t2s` (opencc 1.4.2 from
//! PyPI, installed into the oracle venv by tests/oracle/setup.sh), which must give exactly the
//! library's Simplified text.

#[path = "support/oracle.rs"]
mod oracle;

use mjkit::table::names::*;
use mjkit::table::{Phase, Reader, Rules, Table};

#[test]
fn simplified_names_are_opencc_t2s_of_the_traditional() {
    let python = oracle::python_with("import opencc", "opencc")
        .unwrap_or_else(|e| panic!("the OpenCC oracle cannot run: {e}"));
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut both = |f: &dyn Fn(Lang) -> String| {
        pairs.push((f(Lang::Traditional), f(Lang::Simplified)));
    };
    for t in 0..42u8 {
        both(&|l| tile_name(t, TileStyle::Words, l).unwrap());
    }
    for f in 0..8u8 {
        both(&|l| flower_name(f, &Rules::taiwan16_common(), l).unwrap().0);
    }
    for w in 0..4u8 {
        both(&|l| wind_name(w, l).unwrap());
        for d in 0..4u8 {
            for f in 0..4u8 {
                both(&|l| round_name(w, d, f, l).unwrap());
            }
        }
    }
    for p in mjkit::tai::Pattern::ALL {
        both(&|l| pattern_name(p, l));
    }
    for r in mjkit::table::event::REASONS {
        both(&|l| reason_name(r, l));
    }
    for a in mjkit::table::event::ACTION_KINDS {
        both(&|l| action_name(a, l));
    }
    for m in mjkit::table::event::MELD_KINDS {
        both(&|l| meld_name(m, l));
    }
    // Event lines of played hands, every seat style, read by a seat and by the observer.
    for seed in 0..6u64 {
        let mut t = Table::new(Rules::taiwan16_common(), seed).unwrap();
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let a = t.legal_actions(seat).as_slice()[0];
            t.apply(seat, a).unwrap();
        }
        t.next_hand().unwrap();
        while t.phase() != Phase::Over {
            let seat = t.pending().trailing_zeros() as usize;
            let a = *t.legal_actions(seat).as_slice().last().unwrap();
            t.apply(seat, a).unwrap();
        }
        for (reader, seats) in [
            (Reader::Seat(1), SeatStyle::Relative),
            (Reader::Observer, SeatStyle::Number),
            (Reader::Spectator, SeatStyle::Wind),
        ] {
            let ctx = NameContext {
                reader,
                dealer: t.position().1,
                seats,
                tiles: TileStyle::Words,
            };
            let (first, _) = t.event_bounds(reader);
            for e in t.reader_events(reader, first) {
                both(&|l| event_text(&e, &ctx, l));
            }
        }
    }
    let lines = oracle::run_script(
        &python,
        "t2s_oracle.py",
        "names-oracle",
        pairs
            .iter()
            .map(|(t, _)| format!("\"{}\"", t.replace('\\', "\\\\").replace('"', "\\\""))),
        &[],
    );
    assert_eq!(lines.len(), pairs.len());
    for ((trad, ours), line) in pairs.iter().zip(&lines) {
        let want = line.trim_matches('"');
        assert_eq!(ours, want, "t2s of {trad:?}");
    }
    assert!(pairs.len() > 500, "{}", pairs.len());
}
