//! Points of a finished hand: one function, so a tai table can replace the thesis' scheme.

use super::types::*;

/// Points won (positive) or paid (negative) by each seat for `result` under `rules`.
///
/// [`Scoring::Thesis`]: a win on a discard gives each winner +1 and the discarder -1 per winner;
/// a self-drawn win gives the winner +3 and every other seat -1; an exhaustive draw pays nothing.
pub fn points(rules: &Rules, result: &HandResult) -> [i32; SEATS] {
    let mut p = [0i32; SEATS];
    match rules.scoring {
        Scoring::Thesis => match result.end {
            End::ExhaustiveDraw => {}
            End::SelfDraw => {
                let w = result.winners.trailing_zeros() as usize;
                for (s, v) in p.iter_mut().enumerate() {
                    *v = if s == w { 3 } else { -1 };
                }
            }
            End::Discard => {
                for s in 0..SEATS {
                    if result.winners & (1 << s) != 0 {
                        p[s] += 1;
                        p[usize::from(result.discarder)] -= 1;
                    }
                }
            }
        },
    }
    p
}
