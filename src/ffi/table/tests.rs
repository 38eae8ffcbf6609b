//! Tests of the table's C conversions.

use super::*;
use crate::tai::TaiRules;

/// Every tai rules value the core can hold: each pattern value at its extremes, base and
/// price at theirs, each switch flipped, from both presets.
fn tai_rules_variety() -> Vec<TaiRules> {
    let mut out = Vec::new();
    for preset in [TaiRules::atawmj(), TaiRules::common()] {
        out.push(preset);
        for slot in 1..crate::tai::PATTERN_SLOTS {
            for v in [0, 1, 7, u16::MAX] {
                let mut t = preset;
                t.values[slot] = v;
                out.push(t);
            }
        }
        for (base, price) in [(0, 0), (30, 7), (u32::MAX, u32::MAX), (1, u32::MAX)] {
            out.push(TaiRules {
                base,
                price,
                ..preset
            });
        }
        for min_tai in [1, 8, u32::MAX] {
            out.push(TaiRules { min_tai, ..preset });
        }
        for i in 0..crate::tai::SWITCHES {
            let mut t = preset;
            let mut on = t.switches();
            on[i] = !on[i];
            t.set_switches(on);
            out.push(t);
        }
    }
    out
}

#[test]
fn rules_from_core_round_trips_every_tai_value() {
    let mut n = 0;
    for tai in tai_rules_variety() {
        for pass_lock in [PassLock::Off, PassLock::UntilDraw, PassLock::UntilDiscard] {
            let core = Rules {
                scoring: Scoring::Tai(tai),
                pass_lock,
                ..Rules::taiwan16()
            };
            let c = rules_from_core(&core);
            assert_eq!(rules_to_core(&c), Ok(core), "{c:?}");
            assert_eq!(rules_from_core(&rules_to_core(&c).unwrap()), c);
            n += 1;
        }
    }
    assert!(n > 900, "{n}");
    for v in [Variant::Taiwan16, Variant::Thirteen] {
        let core = Rules {
            scoring: Scoring::Thesis,
            ..Rules::preset(v)
        };
        let c = rules_from_core(&core);
        assert_eq!(c.tai, TaiRules::atawmj());
        assert_eq!(rules_to_core(&c), Ok(core));
    }
}

#[test]
fn rules_to_core_checks_tai_only_under_tai() {
    let good = rules_from_core(&Rules::taiwan16());
    let mut bad = good;
    bad.tai.values[0] = 1;
    assert_eq!(rules_to_core(&bad), Err(MjStatus::InvalidArgument));
    let mut bad = good;
    bad.tai.all_chows_no_honors = 2;
    assert_eq!(rules_to_core(&bad), Err(MjStatus::InvalidArgument));
    // Not read under the thesis scheme.
    bad.scoring = MJ_SCORING_THESIS;
    bad.tai.values[0] = 9;
    assert_eq!(rules_to_core(&bad).map(|r| r.scoring), Ok(Scoring::Thesis));
}
