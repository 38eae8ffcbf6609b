//! Matches: a sequence of hands with cumulative scores, the dealer kept or passed, the
//! consecutive-deal count (連莊), the prevalent wind advancing when the deal returns to the
//! match's first dealer, and an end condition.

use super::types::*;

/// When the dealer keeps the deal. Sources disagree, so it is a switch; the default is the
/// Taiwanese rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DealerRule {
    /// The dealer keeps the deal after winning or after an exhaustive draw (Taiwanese; default).
    KeepOnWinOrDraw,
    /// The dealer keeps the deal only after winning.
    KeepOnWin,
    /// The dealer keeps the deal after winning or when ready at an exhaustive draw (riichi).
    KeepOnWinOrReady,
    /// The deal always passes (MCR).
    AlwaysPass,
}

/// When a match ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatchEnd {
    /// Never: hands are dealt until the game stops (the wind wraps from North to East).
    Never,
    /// After this many hands (repeated deals included); at least 1.
    Hands(u32),
    /// After this many wind rounds (1: an East round, 4: a full game of East to North); 1..=4.
    WindRounds(u8),
}

/// The rules of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchRules {
    /// Every seat's score when the match starts.
    pub start_score: i64,
    /// The dealer of the first hand (0..3); the prevalent wind advances when the deal returns to
    /// this seat.
    pub first_dealer: u8,
    /// When the dealer keeps the deal.
    pub dealer_rule: DealerRule,
    /// When the match ends.
    pub end: MatchEnd,
}

impl MatchRules {
    /// Scores start at 0, seat 0 deals first, the Taiwanese dealer rule, no end.
    pub const fn endless() -> MatchRules {
        MatchRules {
            start_score: 0,
            first_dealer: 0,
            dealer_rule: DealerRule::KeepOnWinOrDraw,
            end: MatchEnd::Never,
        }
    }

    /// Checks the ranges.
    ///
    /// # Errors
    /// [`crate::Error::InvalidArgument`] for a first dealer above 3, `Hands(0)` or
    /// `WindRounds` outside 1..=4.
    pub fn validate(&self) -> Result<(), crate::Error> {
        let ok = usize::from(self.first_dealer) < SEATS
            && match self.end {
                MatchEnd::Never => true,
                MatchEnd::Hands(n) => n > 0,
                MatchEnd::WindRounds(n) => (1..=4).contains(&n),
            };
        if ok {
            Ok(())
        } else {
            Err(crate::Error::InvalidArgument)
        }
    }
}

impl Default for MatchRules {
    fn default() -> MatchRules {
        MatchRules::endless()
    }
}

/// Where a match stands: everything the next hand's dealer, wind and the end depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchState {
    /// Cumulative scores.
    pub scores: [i64; SEATS],
    /// Hands finished in this match.
    pub hands_played: u32,
    /// Consecutive deals of the current dealer (0 on a dealer's first hand).
    pub consecutive: u32,
    /// Wind rounds completed (the deal returned to the first dealer this many times).
    pub rounds: u32,
    /// Whether the match is over.
    pub over: bool,
    /// The variant's own match state ([`MatchPart::Riichi`]: honba and sticks), carried across
    /// hands, snapshots and records; [`MatchPart::None`] for a variant without one.
    pub part: MatchPart,
}

/// A variant's own part of the match state, named and framed by its part (records, snapshots).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MatchPart {
    /// The variant keeps nothing across hands besides the common state (Taiwanese).
    #[default]
    None,
    /// Riichi: honba and the riichi sticks on the table.
    Riichi(RiichiMatch),
}

/// [`super::event::Event::counters`] slot of riichi's honba at a hand start.
pub const COUNTER_HONBA: usize = 1;
/// [`super::event::Event::counters`] slot of the riichi sticks on the table at a hand start.
pub const COUNTER_STICKS: usize = 2;

/// Riichi's match state: what carries from hand to hand besides the scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RiichiMatch {
    /// The honba (repeat counters) of the next hand (of the current hand while it is played).
    pub honba: u32,
    /// The riichi sticks on the table (carried to the next hand until a win takes them).
    pub sticks: u32,
}

impl MatchPart {
    /// The part of a match under `rules`, at its start.
    pub const fn start(rules: &Rules) -> MatchPart {
        match rules.variant {
            Variant::Riichi => MatchPart::Riichi(RiichiMatch {
                honba: 0,
                sticks: 0,
            }),
            Variant::Taiwan16 | Variant::Thirteen => MatchPart::None,
        }
    }

    /// Whether this is the part of `rules`' variant.
    pub const fn fits(&self, rules: &Rules) -> bool {
        matches!(self, MatchPart::Riichi(_)) == matches!(rules.variant, Variant::Riichi)
    }

    /// Writes the part into a hand start's counters ([`super::event::Event::counters`]; slot
    /// [`super::event::COUNTER_CONSECUTIVE`] is the common state's): riichi's honba in slot
    /// [`COUNTER_HONBA`], its sticks in [`COUNTER_STICKS`].
    pub fn fill_counters(&self, counters: &mut [u32; super::event::MAX_COUNTERS]) {
        match self {
            MatchPart::None => {}
            MatchPart::Riichi(r) => {
                counters[COUNTER_HONBA] = r.honba;
                counters[COUNTER_STICKS] = r.sticks;
            }
        }
    }

    /// The part of `rules`' variant a hand start's counters carry ([`MatchPart::fill_counters`]).
    pub fn from_counters(rules: &Rules, counters: &[u32; super::event::MAX_COUNTERS]) -> MatchPart {
        match MatchPart::start(rules) {
            MatchPart::None => MatchPart::None,
            MatchPart::Riichi(_) => MatchPart::Riichi(RiichiMatch {
                honba: counters[COUNTER_HONBA],
                sticks: counters[COUNTER_STICKS],
            }),
        }
    }

    /// Riichi's counters, if this is riichi's part.
    pub const fn riichi(&self) -> Option<&RiichiMatch> {
        match self {
            MatchPart::Riichi(r) => Some(r),
            MatchPart::None => None,
        }
    }
}

impl MatchState {
    /// A match about to start under `rules`.
    pub const fn start(rules: &MatchRules) -> MatchState {
        MatchState {
            scores: [rules.start_score; SEATS],
            hands_played: 0,
            consecutive: 0,
            rounds: 0,
            over: false,
            part: MatchPart::None,
        }
    }
}

/// What follows a finished hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Progress {
    pub keeps: bool,
    pub next_dealer: u8,
    pub next_wind: u8,
    pub wind_advanced: bool,
    pub over: bool,
}

/// Applies the match rules to a finished hand: updates `state` (hands played, consecutive
/// deals, rounds, over) and says who deals next with which wind.
pub(crate) fn progress(
    rules: &MatchRules,
    state: &mut MatchState,
    dealer: u8,
    wind: u8,
    result: &HandResult,
) -> Progress {
    let dealer_won = result.winners & (1 << dealer) != 0;
    let keeps = match rules.dealer_rule {
        DealerRule::KeepOnWinOrDraw => dealer_won || result.end == End::ExhaustiveDraw,
        DealerRule::KeepOnWin => dealer_won,
        DealerRule::KeepOnWinOrReady => {
            dealer_won || (result.end == End::ExhaustiveDraw && result.tenpai & (1 << dealer) != 0)
        }
        DealerRule::AlwaysPass => false,
    };
    state.hands_played = state.hands_played.saturating_add(1);
    let (next_dealer, mut next_wind, mut wind_advanced) = (dealer, wind, false);
    let next_dealer = if keeps {
        state.consecutive = state.consecutive.saturating_add(1);
        next_dealer
    } else {
        state.consecutive = 0;
        let d = (dealer + 1) % SEATS as u8;
        if d == rules.first_dealer {
            state.rounds = state.rounds.saturating_add(1);
            next_wind = (wind + 1) % SEATS as u8;
            wind_advanced = true;
        }
        d
    };
    state.over = match rules.end {
        MatchEnd::Never => false,
        MatchEnd::Hands(n) => state.hands_played >= n,
        MatchEnd::WindRounds(n) => state.rounds >= u32::from(n),
    };
    if state.over {
        wind_advanced = false;
        next_wind = wind;
    }
    Progress {
        keeps,
        next_dealer,
        next_wind,
        wind_advanced,
        over: state.over,
    }
}

/// The outcome of a finished match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchResult {
    /// Final scores.
    pub scores: [i64; SEATS],
    /// Rank of each seat, 1..4 (Taiwanese: equal scores share the better rank; riichi: ties go
    /// to the seat first in turn order from the match's first dealer).
    pub ranks: [u8; SEATS],
    /// Hands played.
    pub hands_played: u32,
    /// The final result in points: the scores (Taiwanese), or under riichi the score minus the
    /// return score, plus the uma of the rank and the oka for first place.
    pub points: [i64; SEATS],
}

impl MatchResult {
    /// The result for final `scores`, equal scores sharing a rank.
    pub fn from_scores(scores: [i64; SEATS], hands_played: u32) -> MatchResult {
        let mut ranks = [0u8; SEATS];
        for (s, r) in ranks.iter_mut().enumerate() {
            *r = 1 + scores.iter().filter(|&&o| o > scores[s]).count() as u8;
        }
        MatchResult {
            scores,
            ranks,
            hands_played,
            points: scores,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(end: End, winners: u8, tenpai: u8) -> HandResult {
        HandResult {
            end,
            winners,
            discarder: NO_SEAT,
            tile: NO_TILE,
            robbed_kong: false,
            points: [0; SEATS],
            tenpai,
            tai: [None; SEATS],
            riichi: [None; SEATS],
        }
    }

    /// The slow reference: walk the dealers of a match whose dealer always passes.
    #[test]
    fn progress_wind_follows_the_first_dealer() {
        for first in 0..4u8 {
            let rules = MatchRules {
                first_dealer: first,
                dealer_rule: DealerRule::AlwaysPass,
                end: MatchEnd::WindRounds(1),
                ..MatchRules::endless()
            };
            let mut st = MatchState::start(&rules);
            let (mut dealer, mut wind) = (first, 0u8);
            let mut hands = 0;
            loop {
                let p = progress(&rules, &mut st, dealer, wind, &result(End::SelfDraw, 0, 0));
                hands += 1;
                if p.over {
                    break;
                }
                assert_eq!(p.next_dealer, (dealer + 1) % 4);
                assert_eq!(p.next_wind, 0, "no wind change inside the East round");
                (dealer, wind) = (p.next_dealer, p.next_wind);
            }
            assert_eq!(
                hands, 4,
                "an East round is four hands from any first dealer"
            );
        }
    }

    #[test]
    fn progress_counts_consecutive_deals_and_hands() {
        let rules = MatchRules {
            end: MatchEnd::Hands(3),
            ..MatchRules::endless()
        };
        let mut st = MatchState::start(&rules);
        let draw = result(End::ExhaustiveDraw, 0, 0);
        let p = progress(&rules, &mut st, 0, 0, &draw);
        assert!(p.keeps && !p.over && st.consecutive == 1);
        let p = progress(&rules, &mut st, 0, 0, &result(End::SelfDraw, 1, 0));
        assert!(p.keeps && st.consecutive == 2);
        let p = progress(&rules, &mut st, 0, 0, &result(End::SelfDraw, 2, 0));
        assert!(!p.keeps && st.consecutive == 0 && p.over && st.hands_played == 3);
        for (rule, keeps) in [
            (DealerRule::KeepOnWin, false),
            (DealerRule::KeepOnWinOrReady, true),
            (DealerRule::AlwaysPass, false),
        ] {
            let r = MatchRules {
                dealer_rule: rule,
                ..MatchRules::endless()
            };
            let mut st = MatchState::start(&r);
            let p = progress(&r, &mut st, 2, 0, &result(End::ExhaustiveDraw, 0, 1 << 2));
            assert_eq!(p.keeps, keeps, "{rule:?}");
        }
    }

    #[test]
    fn match_result_ranks_share_ties() {
        let r = MatchResult::from_scores([5, -3, 5, 0], 8);
        assert_eq!(r.ranks, [1, 4, 1, 3]);
    }

    #[test]
    fn validate_refuses_out_of_range() {
        for end in [
            MatchEnd::Hands(0),
            MatchEnd::WindRounds(0),
            MatchEnd::WindRounds(5),
        ] {
            let r = MatchRules {
                end,
                ..MatchRules::endless()
            };
            assert!(r.validate().is_err());
        }
        let r = MatchRules {
            first_dealer: 4,
            ..MatchRules::endless()
        };
        assert!(r.validate().is_err());
        assert!(MatchRules::endless().validate().is_ok());
    }
}
