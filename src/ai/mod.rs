//! Bots that play a seat from its [`View`](crate::table::View) alone: `seed` (the thesis' weight-and-safety bot),
//! `greedy` (tile acceptance) and `mjbot` (mjkit's own: exact efficiency, a win-probability
//! estimate, a danger model and push/fold).
//!
//! Every bot is a pure function of the view and its [`BotConfig`](crate::ai::BotConfig): the same view gives the same
//! decision on every platform and thread, and the decision is always one of
//! [`crate::table::legal_actions`].

pub mod greedy;
pub mod mjbot;
pub mod seed;

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
    /// The thesis bot (seed 002), with its AttackLevel.
    Seed,
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
    /// The seed bot's AttackLevel (1..=99; 99 never folds); ignored by the others.
    pub attack_level: u8,
    /// Tie-breaking seed (the decision stays a pure function of view and config).
    pub seed: u64,
}

impl BotConfig {
    /// The thesis bot at `attack_level`.
    pub const fn seed(attack_level: u8) -> BotConfig {
        BotConfig {
            kind: BotKind::Seed,
            attack_level,
            seed: 0,
        }
    }
    /// The greedy bot.
    pub const fn greedy() -> BotConfig {
        BotConfig {
            kind: BotKind::Greedy,
            attack_level: 0,
            seed: 0,
        }
    }
    /// mjkit's bot.
    pub const fn mjkit() -> BotConfig {
        BotConfig {
            kind: BotKind::Mjkit,
            attack_level: 0,
            seed: 0,
        }
    }
}

/// The bot's decision for a view the caller trusts (one produced by a [`crate::table::Table`]).
///
/// # Panics
/// Never for a view from a table whose seat is pending; [`decide_checked`] validates first.
pub fn decide(view: &View, cfg: &BotConfig) -> Action {
    match cfg.kind {
        BotKind::Seed => seed::decide(view, cfg.attack_level),
        BotKind::Greedy => greedy::decide(view),
        BotKind::Mjkit => mjbot::decide(view, cfg.seed),
    }
}

/// Validates the view ([`View::validate`]) and that its seat has a decision to make, then
/// decides.
///
/// # Errors
/// [`Error::InvalidView`], [`Error::TooManyCopies`] from validation; [`Error::InvalidView`] when
/// the seat has no legal action; [`Error::InvalidArgument`] for a seed-bot AttackLevel outside
/// 1..=99.
pub fn decide_checked(view: &View, cfg: &BotConfig) -> Result<Action, Error> {
    check_config(cfg)?;
    view.validate()?;
    decide_validated(view, cfg)
}

fn check_config(cfg: &BotConfig) -> Result<(), Error> {
    if cfg.kind == BotKind::Seed && !(1..=99).contains(&cfg.attack_level) {
        return Err(Error::InvalidArgument);
    }
    Ok(())
}

/// [`decide_checked`] for a view that already passed [`View::validate`] (the C ABI validates
/// while converting it): checks the config and that the seat has a decision to make.
///
/// # Errors
/// [`Error::InvalidView`] when the seat has no legal action; [`Error::InvalidArgument`] for a
/// seed-bot AttackLevel outside 1..=99.
pub(crate) fn decide_validated(view: &View, cfg: &BotConfig) -> Result<Action, Error> {
    check_config(cfg)?;
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
