//! Bots that play a seat from its [`View`](crate::table::View) alone: the thesis bot (the
//! weight-and-safety bot of the thesis, with its AttackLevel), `greedy` (tile acceptance) and
//! `mjkit` (mjkit's own: exact efficiency, a win-probability estimate, a danger model and
//! push/fold, at a level from 1, easy, to 5, the full bot). Front ends name them by the strings
//! of [`BotConfig`](crate::ai::BotConfig)'s `FromStr`: `thesis:N`, `greedy`, `mjkit`,
//! `mjkit:L` (level L; `mjkit:5` is `mjkit`) and `mjkit:blind` (mjkit's bot playing the thesis'
//! scheme whatever the table scores). [`hint`](fn@crate::ai::hint) explains a seat's options
//! and the bot's choice for a human player.
//!
//! Every bot is a pure function of the view and its [`BotConfig`](crate::ai::BotConfig): the same view gives the same
//! decision on every platform and thread, and the decision is always one of
//! [`crate::table::legal_actions`].

pub(crate) mod greedy;
mod hint;
#[cfg(test)]
mod hint_tests;
pub(crate) mod mjkit;
pub(crate) mod thesis;

pub use hint::{Hint, HintOption, Reason, TaiHint, ValueUnit, VariantHint, hint};
pub use mjkit::level::MAX_LEVEL;

use crate::error::Error;
use crate::table::{Action, View, legal_actions};

/// Regular-form shanten of concealed counts (3n+1 or 3n+2 tiles); [`UNREACHABLE`] for counts the
/// shanten tables do not take, so such a hand is never chosen over a real one.
pub(crate) fn regular_shanten(counts: &crate::tile::Counts) -> i32 {
    crate::shanten::shanten(counts, crate::forms::Forms::REGULAR).unwrap_or(UNREACHABLE)
}

/// The shanten value the bots give a hand that cannot be evaluated.
pub(crate) const UNREACHABLE: i32 = 99;

/// Which bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// The thesis bot, with its AttackLevel.
    Thesis,
    /// Maximises tile acceptance; claims when the shanten number drops.
    Greedy,
    /// mjkit's own bot.
    Mjkit,
}

/// A bot and its parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BotConfig {
    /// Which bot.
    pub kind: BotKind,
    /// The thesis bot's AttackLevel (1..=99; 99 never folds); ignored by the others.
    pub attack_level: u8,
    /// mjkit's bot breaks ties between equal discards by this value (any value; the decision
    /// stays a pure function of view and config); ignored by the others.
    pub tie_break: u64,
    /// mjkit's bot plays as under the thesis' scheme even when the table scores with tai (it
    /// weighs only the chance to win, not the hand's value): for measuring what playing for
    /// value is worth. `false` by default; ignored by the others.
    pub value_blind: bool,
    /// mjkit's bot's level, 1 (easy) to [`MAX_LEVEL`] = 5 (the full bot, the default): lower
    /// levels play with fewer skills and a human player's habits and lapses (docs/table.md,
    /// "Levels"), seeded by `tie_break`. Ignored by the others.
    pub level: u8,
}

impl BotConfig {
    /// The thesis bot at `attack_level` (1..=99).
    pub const fn thesis(attack_level: u8) -> BotConfig {
        BotConfig {
            kind: BotKind::Thesis,
            attack_level,
            tie_break: 0,
            value_blind: false,
            level: MAX_LEVEL,
        }
    }
    /// The greedy bot.
    pub const fn greedy() -> BotConfig {
        BotConfig {
            kind: BotKind::Greedy,
            attack_level: 0,
            tie_break: 0,
            value_blind: false,
            level: MAX_LEVEL,
        }
    }
    /// mjkit's bot played value-blind ([`BotConfig::value_blind`]).
    pub const fn mjkit_value_blind() -> BotConfig {
        let mut c = BotConfig::mjkit();
        c.value_blind = true;
        c
    }
    /// mjkit's bot at `level` (1..=[`MAX_LEVEL`]; [`decide_checked`] refuses others).
    pub const fn mjkit_level(level: u8) -> BotConfig {
        let mut c = BotConfig::mjkit();
        c.level = level;
        c
    }
    /// mjkit's bot (level 5, the full bot).
    pub const fn mjkit() -> BotConfig {
        BotConfig {
            kind: BotKind::Mjkit,
            attack_level: 0,
            tie_break: 0,
            value_blind: false,
            level: MAX_LEVEL,
        }
    }
}

/// The name of a bot: `thesis:N` (the thesis bot at AttackLevel N, 1 to 99), `greedy`,
/// `mjkit` (level 5), `mjkit:L` (mjkit's bot at level L, 1 to 4) or `mjkit:blind` (mjkit's bot
/// with [`BotConfig::value_blind`]), as [`BotConfig`]'s `FromStr` reads it and its `Display`
/// writes it (the tie-break value is not part of the name).
impl std::fmt::Display for BotConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.kind {
            BotKind::Thesis => write!(f, "thesis:{}", self.attack_level),
            BotKind::Greedy => f.write_str("greedy"),
            BotKind::Mjkit if self.value_blind && self.level >= MAX_LEVEL => {
                f.write_str("mjkit:blind")
            }
            BotKind::Mjkit if self.value_blind => write!(f, "mjkit:{}:blind", self.level),
            BotKind::Mjkit if self.level >= MAX_LEVEL => f.write_str("mjkit"),
            BotKind::Mjkit => write!(f, "mjkit:{}", self.level),
        }
    }
}

/// Why a bot name was refused by [`BotConfig`]'s `FromStr`; its `Display` is the message for
/// the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseBotError {
    /// Not `thesis:N`, `greedy`, `mjkit`, `mjkit:L` or `mjkit:blind` (the name as given).
    Unknown(String),
    /// `thesis:` followed by something that is not a whole number from 1 to 99 (what followed).
    AttackLevel(String),
    /// `mjkit:` followed by a number that is not a level from 1 to 5 (what followed).
    Level(String),
}

impl std::fmt::Display for ParseBotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseBotError::Unknown(s) => write!(
                f,
                "unknown bot {s:?}: the bots are mjkit, mjkit:L (level L from 1 to 5), greedy and thesis:N (N from 1 to 99)"
            ),
            ParseBotError::AttackLevel(s) => write!(
                f,
                "bad AttackLevel {s:?} in thesis:N: N is a whole number from 1 to 99"
            ),
            ParseBotError::Level(s) => write!(
                f,
                "bad level {s:?} in mjkit:L: L is a whole number from 1 to {MAX_LEVEL}"
            ),
        }
    }
}

impl std::error::Error for ParseBotError {}

impl std::str::FromStr for BotConfig {
    type Err = ParseBotError;

    /// `mjkit`, `mjkit:L` with L from 1 to 5, `mjkit:blind`, `mjkit:L:blind`, `greedy` or
    /// `thesis:N` with N from 1 to 99, exactly (no spaces, lower case); the tie-break value is 0.
    fn from_str(s: &str) -> Result<BotConfig, ParseBotError> {
        let digits = |x: &str| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit());
        match s {
            "mjkit" => Ok(BotConfig::mjkit()),
            "mjkit:blind" => Ok(BotConfig::mjkit_value_blind()),
            "greedy" => Ok(BotConfig::greedy()),
            _ if s.starts_with("mjkit:") => {
                let rest = &s["mjkit:".len()..];
                let (level, blind) = match rest.strip_suffix(":blind") {
                    Some(l) => (l, true),
                    None => (rest, false),
                };
                if !digits(level) {
                    return Err(ParseBotError::Unknown(s.to_string()));
                }
                let mut c = level
                    .parse::<u8>()
                    .ok()
                    .filter(|l| (1..=MAX_LEVEL).contains(l))
                    .map(BotConfig::mjkit_level)
                    .ok_or_else(|| ParseBotError::Level(level.to_string()))?;
                c.value_blind = blind;
                Ok(c)
            }
            _ => {
                let level = s
                    .strip_prefix("thesis:")
                    .ok_or_else(|| ParseBotError::Unknown(s.to_string()))?;
                level
                    .parse::<u8>()
                    .ok()
                    .filter(|al| (1..=99).contains(al) && level.bytes().all(|b| b.is_ascii_digit()))
                    .map(BotConfig::thesis)
                    .ok_or_else(|| ParseBotError::AttackLevel(level.to_string()))
            }
        }
    }
}

/// What only the lab (`lab/`, not shipped) reads of the bots: the inputs and fitted weights of
/// mjkit's danger model, its parts, the bot with a given danger, and the thesis bot's
/// decision function. Built with the `lab` feature only.
#[cfg(feature = "lab")]
pub mod lab {
    pub use super::mjkit::danger::{
        danger, passed_since_change, ready_features, ready_probability, unseen, wait_features,
        wait_probabilities,
    };
    pub use super::mjkit::decide_with_danger;
    pub use super::mjkit::features::{READY_FEATURES, ReadyFeatures, WAIT_FEATURES, WaitFeatures};
    pub use super::mjkit::weights::{READY_WEIGHTS, WAIT_WEIGHTS};
    pub use super::thesis::decide as thesis_decide;
}

/// The bot's decision for a view the caller trusts (one produced by a [`crate::table::Table`]).
///
/// # Panics
/// Never for a view from a table whose seat is pending; [`decide_checked`] validates first.
pub fn decide(view: &View, cfg: &BotConfig) -> Action {
    // A flower offer (八仙過海, 七搶一) is a win or a pass: every bot takes the win, as each
    // takes every win it is offered (the thesis bot included: the thesis knows no flower wins,
    // and its rule for a win is to take it).
    if view.phase == crate::table::Phase::Claim && view.offer == crate::table::Offer::Flower {
        let legal = legal_actions(view);
        return legal
            .as_slice()
            .iter()
            .copied()
            .find(|a| a.kind != crate::table::ActionKind::Pass)
            .unwrap_or(Action::PASS);
    }
    // Riichi is played by the greedy bot only (riichi-legal: no yakuless call); the checked
    // entry points refuse the others there.
    if view.rules.variant == crate::table::Variant::Riichi {
        debug_assert!(
            cfg.kind == BotKind::Greedy,
            "{:?} at a riichi table",
            cfg.kind
        );
        return greedy::decide(view);
    }
    match cfg.kind {
        BotKind::Thesis => thesis::decide(view, cfg.attack_level),
        BotKind::Greedy => greedy::decide(view),
        BotKind::Mjkit => mjkit::decide(view, cfg),
    }
}

/// Validates the view ([`View::validate`]) and that its seat has a decision to make, then
/// decides.
///
/// # Errors
/// [`Error::InvalidView`], [`Error::TooManyCopies`] from validation; [`Error::InvalidView`] when
/// the seat has no legal action; [`Error::InvalidArgument`] for a thesis-bot AttackLevel outside
/// 1..=99, an mjkit level outside 1..=[`MAX_LEVEL`], or a bot other than greedy at a riichi
/// table.
pub fn decide_checked(view: &View, cfg: &BotConfig) -> Result<Action, Error> {
    check_config(cfg)?;
    view.validate()?;
    decide_validated(view, cfg)
}

pub(crate) use hint::hint_validated;

fn check_config(cfg: &BotConfig) -> Result<(), Error> {
    if cfg.kind == BotKind::Thesis && !(1..=99).contains(&cfg.attack_level) {
        return Err(Error::InvalidArgument);
    }
    if cfg.kind == BotKind::Mjkit && !(1..=MAX_LEVEL).contains(&cfg.level) {
        return Err(Error::InvalidArgument);
    }
    Ok(())
}

/// [`decide_checked`] for a view that already passed [`View::validate`] (the C ABI validates
/// while converting it): checks the config and that the seat has a decision to make.
///
/// # Errors
/// [`Error::InvalidView`] when the seat has no legal action; [`Error::InvalidArgument`] for a
/// thesis-bot AttackLevel outside 1..=99, an mjkit level outside 1..=[`MAX_LEVEL`], or a bot
/// other than greedy at a riichi table.
pub(crate) fn decide_validated(view: &View, cfg: &BotConfig) -> Result<Action, Error> {
    check_config(cfg)?;
    if view.rules.variant == crate::table::Variant::Riichi && cfg.kind != BotKind::Greedy {
        return Err(Error::InvalidArgument);
    }
    let legal = legal_actions(view);
    if legal.is_empty() {
        return Err(Error::InvalidView);
    }
    let a = decide(view, cfg);
    debug_assert!(legal.contains(&a), "{:?} chose {a:?}", cfg.kind);
    // A bot bug must not become an illegal move: fall back to the first legal action.
    Ok(if legal.contains(&a) {
        a
    } else {
        legal.as_slice()[0]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_config_from_str_reads_every_name() {
        assert_eq!("mjkit".parse(), Ok(BotConfig::mjkit()));
        assert_eq!("greedy".parse(), Ok(BotConfig::greedy()));
        assert_eq!("thesis:99".parse(), Ok(BotConfig::thesis(99)));
        assert_eq!("thesis:1".parse(), Ok(BotConfig::thesis(1)));
        assert_eq!("mjkit:blind".parse(), Ok(BotConfig::mjkit_value_blind()));
        assert!(BotConfig::mjkit_value_blind().value_blind && !BotConfig::mjkit().value_blind);
        assert_eq!("mjkit:5".parse(), Ok(BotConfig::mjkit()));
        assert_eq!(BotConfig::mjkit().level, MAX_LEVEL);
        for level in 1..=4 {
            let c: BotConfig = format!("mjkit:{level}").parse().unwrap();
            assert_eq!(c, BotConfig::mjkit_level(level));
            assert_eq!(c.to_string(), format!("mjkit:{level}"));
            let b: BotConfig = format!("mjkit:{level}:blind").parse().unwrap();
            assert!(b.value_blind && b.level == level);
            assert_eq!(b.to_string(), format!("mjkit:{level}:blind"));
        }
        assert_eq!(BotConfig::mjkit_level(5).to_string(), "mjkit");
        assert_eq!("mjkit:5:blind".parse(), Ok(BotConfig::mjkit_value_blind()));
        for cfg in [
            BotConfig::mjkit_value_blind(),
            BotConfig::mjkit(),
            BotConfig::greedy(),
            BotConfig::thesis(7),
        ] {
            assert_eq!(cfg.to_string().parse(), Ok(cfg));
        }
    }

    #[test]
    fn bot_config_from_str_refuses_bad_names() {
        for s in [
            "",
            "seed:99",
            "Mjkit",
            " mjkit",
            "mjkit ",
            "thesis",
            "random",
            "mjkit:",
            "mjkit:Blind",
        ] {
            assert_eq!(
                s.parse::<BotConfig>(),
                Err(ParseBotError::Unknown(s.to_string())),
                "{s:?}"
            );
        }
        for (s, level) in [
            ("thesis:0", "0"),
            ("thesis:100", "100"),
            ("thesis:", ""),
            ("thesis:+5", "+5"),
            ("thesis:-1", "-1"),
            ("thesis:5x", "5x"),
        ] {
            assert_eq!(
                s.parse::<BotConfig>(),
                Err(ParseBotError::AttackLevel(level.to_string())),
                "{s:?}"
            );
        }
        let msg = "x".parse::<BotConfig>().unwrap_err().to_string();
        assert!(
            msg.contains("mjkit, mjkit:L (level L from 1 to 5), greedy and thesis:N"),
            "{msg}"
        );
        for (s, level) in [
            ("mjkit:0", "0"),
            ("mjkit:6", "6"),
            ("mjkit:255", "255"),
            ("mjkit:256", "256"),
            ("mjkit:0:blind", "0"),
        ] {
            assert_eq!(
                s.parse::<BotConfig>(),
                Err(ParseBotError::Level(level.to_string())),
                "{s:?}"
            );
        }
        for s in [
            "mjkit:+3",
            "mjkit:3 ",
            "mjkit:3:",
            "mjkit:3:Blind",
            "mjkit::blind",
            "mjkit:x",
        ] {
            assert_eq!(
                s.parse::<BotConfig>(),
                Err(ParseBotError::Unknown(s.to_string())),
                "{s:?}"
            );
        }
        let msg = "mjkit:9".parse::<BotConfig>().unwrap_err().to_string();
        assert!(msg.contains("L is a whole number from 1 to 5"), "{msg}");
    }
}
