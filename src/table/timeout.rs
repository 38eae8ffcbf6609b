//! Timers: what the table plays for a seat whose time ran out.
//!
//! The table keeps no clock (a game or server does, one timer per seat the table waits for);
//! when a seat's timer runs out, [`Table::apply_default`] plays its default action: a pass on
//! any offer (a discard, a tile added to a pung, a flower), and in its turn the discard of the
//! tile it just drew (after a chow or pung, which draw nothing, its highest tile kind, the
//! rightmost tile of a sorted hand); or, with a bot configuration, that bot's choice from the
//! seat's view. A self-drawn win is never played for a seat that did not ask for it (without a
//! bot), and a pass of a win locks the kind under 過水 as any pass does.

use super::engine::Table;
use super::types::*;
use crate::ai::BotConfig;
use crate::error::Error;

impl Table {
    /// The action [`Table::apply_default`] would play for `seat` now: with `bot`, that bot's
    /// choice from the seat's view; without, a pass in a claim window, else the discard of the
    /// tile just drawn, or of the highest tile kind held after a chow or pung.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a seat above 3 or a bot configuration out of range (a
    /// thesis bot's AttackLevel outside 1..=99); [`Error::IllegalAction`] when the table does
    /// not wait for `seat`.
    pub fn default_action(&self, seat: usize, bot: Option<&BotConfig>) -> Result<Action, Error> {
        if seat >= SEATS {
            return Err(Error::InvalidArgument);
        }
        let legal = self.legal_actions(seat);
        if legal.is_empty() {
            return Err(Error::IllegalAction);
        }
        if let Some(cfg) = bot {
            return crate::ai::decide_validated(&self.view(seat), cfg).map_err(|e| match e {
                Error::InvalidView => Error::IllegalAction,
                e => e,
            });
        }
        if self.phase == Phase::Claim {
            return Ok(Action::PASS);
        }
        let drawn = Action::new(ActionKind::Discard, self.drawn);
        if legal.contains(&drawn) {
            return Ok(drawn);
        }
        // The discards are listed by kind: the last is the highest.
        legal
            .as_slice()
            .iter()
            .rev()
            .copied()
            .find(|a| a.kind == ActionKind::Discard)
            .ok_or(Error::IllegalAction)
    }

    /// Plays [`Table::default_action`] for `seat` (its timer ran out) and returns it.
    ///
    /// # Errors
    /// As [`Table::default_action`]; nothing changes on error.
    pub fn apply_default(&mut self, seat: usize, bot: Option<&BotConfig>) -> Result<Action, Error> {
        let a = self.default_action(seat, bot)?;
        self.apply(seat, a)?;
        Ok(a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::rng::Rng;

    /// Hands played by timers: every seat the table waits for answers itself now and then
    /// (a random legal action), else its timer runs out; the default is always legal, a claim's
    /// default is a pass, a turn's is the drawn tile's discard when it can be, and a bot's
    /// default is that bot's decision.
    #[test]
    fn timed_out_seats_play_the_default() {
        let mut rng = Rng::from_u64(9);
        let (mut passes, mut drawn, mut highest, mut bots) = (0, 0, 0, 0);
        for h in 0..60u32 {
            let rules = if h % 3 == 0 {
                Rules::thirteen()
            } else {
                Rules::taiwan16()
            };
            let mut t = Table::new(rules, u64::from(h)).unwrap();
            while t.phase() != Phase::Over {
                let pending: Vec<usize> =
                    (0..SEATS).filter(|&s| t.pending() >> s & 1 != 0).collect();
                let seat = pending[rng.below(pending.len() as u64) as usize];
                let legal = t.legal_actions(seat);
                match rng.below(4) {
                    0 => {
                        let a = legal.as_slice()[rng.below(legal.len() as u64) as usize];
                        t.apply(seat, a).unwrap();
                    }
                    1 => {
                        let cfg = BotConfig::mjkit();
                        let want = crate::ai::decide(&t.view(seat), &cfg);
                        assert_eq!(t.apply_default(seat, Some(&cfg)), Ok(want));
                        bots += 1;
                    }
                    _ => {
                        let claim = t.phase() == Phase::Claim;
                        let v = t.view(seat);
                        let a = t.apply_default(seat, None).unwrap();
                        assert!(legal.contains(&a));
                        if claim {
                            assert_eq!(a, Action::PASS);
                            passes += 1;
                        } else if v.drawn != NO_TILE {
                            assert_eq!(a, Action::new(ActionKind::Discard, v.drawn));
                            drawn += 1;
                        } else {
                            let top = (0..34u8).rev().find(|&k| v.hand[usize::from(k)] > 0);
                            assert_eq!(Some(a.tile), top);
                            highest += 1;
                        }
                    }
                }
                assert_eq!(t.invariant_error(), None);
            }
        }
        assert!(passes > 100 && drawn > 100 && highest > 0 && bots > 100);
    }

    #[test]
    fn default_action_errors_change_nothing() {
        let mut t = Table::new(Rules::taiwan16(), 1).unwrap();
        let before = t.clone();
        let other = (t.pending().trailing_zeros() as usize + 1) % 4;
        assert_eq!(t.apply_default(other, None), Err(Error::IllegalAction));
        assert_eq!(t.apply_default(4, None), Err(Error::InvalidArgument));
        let bad = BotConfig::thesis(0);
        let seat = t.pending().trailing_zeros() as usize;
        assert_eq!(
            t.apply_default(seat, Some(&bad)),
            Err(Error::InvalidArgument)
        );
        assert!(t == before);
    }
}
