//! Hints for a human player: what mjkit's bot reads from a seat's view and why it would play
//! what it plays ([`hint`](fn@hint)).
//!
//! The shape is the same for every variant: the seat's options (every legal action, with the
//! shanten number, the live tiles accepted and the waits after it, the danger of a discard, a
//! chance to win and the variant's value), the danger of every tile, each opponent's chance of
//! being ready, and the bot's choice with the rule that made it. What only one variant has goes
//! in [`VariantHint`], a tagged enum that grows a member per variant (tai today; a riichi
//! bot's discard EV or an MCR bot's fan routes beside it), and the unit of the options' value
//! is [`ValueUnit`].

use super::BotConfig;
use crate::error::Error;
use crate::table::{Action, Phase, SEATS, View};
use crate::tile::TILE_KINDS;

/// Why the bot chose its action: the rule of the bot that decided it. Each has a fixed code
/// (`as u8`, the C ABI's `MJ_HINT_REASON_*`) and a sentence for a player ([`Reason::text`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[repr(u8)]
pub enum Reason {
    /// The only action the seat has.
    Only = 0,
    /// A win: the bot takes every win (under tai, unless passing pays more).
    Win = 1,
    /// A flower win (八仙過海, 七搶一).
    FlowerWin = 2,
    /// Under tai: passes a win on a discard because winning later, weighed by its chance, is
    /// worth more than this win's payment.
    PassWinForValue = 3,
    /// A level's lapse: overlooks a win on a discard.
    OverlookedWin = 4,
    /// The most efficient discard (lowest shanten, then the most live tiles accepted), safe
    /// enough to play.
    Efficient = 5,
    /// A discard close to the most efficient one that leaves more good draws two steps ahead.
    LookAhead = 6,
    /// Under tai: a discard that keeps a hand worth more, where its chance to win times its
    /// value is higher.
    Value = 7,
    /// The efficient discard is dangerous: a safer discard, whose trade of winning chance
    /// against danger is the best (folding, or half-folding).
    Defend = 8,
    /// The efficient discard is dangerous but still the best trade of winning chance against
    /// danger: pushing.
    Push = 9,
    /// A concealed or added kong that keeps the shanten number (a free draw).
    Kong = 10,
    /// A chow, pung or exposed kong that brings the hand closer to ready (a kong: keeps the
    /// shanten number).
    Claim = 11,
    /// No claim brings the hand closer.
    PassClaim = 12,
    /// Under tai: a claim would bring the hand closer but lower its chance to win times its
    /// value (a claim gives up 門清 and, on a self-draw, 不求 / 門清自摸).
    PassClaimForValue = 13,
    /// A level's lapse: overlooks a claim it would make.
    OverlookedClaim = 14,
    /// A level's habit: keeps a pair or a tile it likes rather than the most efficient discard.
    Habit = 15,
    /// A beginner's discard: the tile that connects least with the hand.
    Loneliest = 16,
}

impl Reason {
    /// Every reason, in code order.
    pub const ALL: [Reason; 17] = [
        Reason::Only,
        Reason::Win,
        Reason::FlowerWin,
        Reason::PassWinForValue,
        Reason::OverlookedWin,
        Reason::Efficient,
        Reason::LookAhead,
        Reason::Value,
        Reason::Defend,
        Reason::Push,
        Reason::Kong,
        Reason::Claim,
        Reason::PassClaim,
        Reason::PassClaimForValue,
        Reason::OverlookedClaim,
        Reason::Habit,
        Reason::Loneliest,
    ];

    /// The reason of code `code`, or `None`.
    pub fn from_code(code: u8) -> Option<Reason> {
        Reason::ALL.get(usize::from(code)).copied()
    }

    /// A sentence for a player (English, static).
    pub const fn text(self) -> &'static str {
        match self {
            Reason::Only => "the only action",
            Reason::Win => "a win",
            Reason::FlowerWin => "a flower win",
            Reason::PassWinForValue => {
                "passes this win: winning later is worth more than this win pays"
            }
            Reason::OverlookedWin => "overlooks the win (an easy level's lapse)",
            Reason::Efficient => "the most efficient discard, and safe enough",
            Reason::LookAhead => "a close discard that leaves more good draws two steps ahead",
            Reason::Value => "keeps a hand worth more (chance to win times value)",
            Reason::Defend => "the efficient discard is dangerous: a safer tile",
            Reason::Push => "the efficient discard is dangerous, but the hand is worth pushing",
            Reason::Kong => "a kong that keeps the hand as close to ready (a free draw)",
            Reason::Claim => "the claim brings the hand closer to ready",
            Reason::PassClaim => "no claim brings the hand closer to ready",
            Reason::PassClaimForValue => {
                "the claim would bring the hand closer but lower its chance to win times value"
            }
            Reason::OverlookedClaim => "overlooks the claim (an easy level's lapse)",
            Reason::Habit => "keeps a pair or a tile it likes (an easy level's habit)",
            Reason::Loneliest => "throws the tile that connects least (a beginner's discard)",
        }
    }
}

/// One option of the seat: a legal action and where it leaves the hand.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HintOption {
    /// The action (one of the view's legal actions).
    pub action: Action,
    /// The regular-form shanten number after it (0: ready; -1: the action wins). After a chow
    /// or pung: after the claim and its best discard; after a kong: before the replacement
    /// draw; a pass: the hand as it is.
    pub shanten: i32,
    /// Live copies (not in sight of this seat) of the kinds that lower the shanten number after
    /// it: when ready, of the waits.
    pub live: u32,
    /// The kinds that lower the shanten number after it (bit k = kind k): when ready, the
    /// waits.
    pub accepted: u64,
    /// A discard: the chance that the tile deals in now (the bot's danger model); 0 for the
    /// other actions.
    pub danger: f64,
    /// The bot's estimate of the chance to win the hand after it (1 for a win).
    pub win_chance: f64,
    /// The variant's value of the hand after it, in [`Hint::value_unit`] (tai: the tai of a win
    /// on a discard, the dealer's tai apart, estimated from the patterns the tiles hold, exact
    /// when ready and for a win; 0 for a flower win); 0 with [`ValueUnit::None`].
    pub value: f64,
}

/// The unit of [`HintOption::value`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[repr(u8)]
pub enum ValueUnit {
    /// No value (the thesis' ±1 points: every win is worth the same).
    None = 0,
    /// Tai (台) of a win.
    Tai = 1,
}

/// What one variant's hint adds.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum VariantHint {
    /// The thesis' ±1 points: nothing more.
    Thesis,
    /// Taiwanese tai.
    Tai(TaiHint),
}

/// The tai part of a hint: what the bot weighs of the opponents' hands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TaiHint {
    /// Per seat, the tai the bot reads in that opponent's hand from what the view shows (its
    /// flowers, 門清 while it has claimed nothing, pungs of dragons and of its winds, a flush
    /// signal, the dealer's tai, one tai for what is hidden); 0 for this seat.
    pub deal_in_tai: [f64; SEATS],
    /// Per seat, what dealing in to it would cost (`base + price × tai`); 0 for this seat.
    pub deal_in_payment: [f64; SEATS],
}

/// A hint for the pending seat of a view ([`hint`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Hint {
    /// The view's seat.
    pub seat: u8,
    /// The view's phase.
    pub phase: Phase,
    /// The shanten number of the hand now: on a turn, the lowest after a discard; in a claim,
    /// of the concealed tiles as they are.
    pub shanten: i32,
    /// Every legal action, evaluated: wins first, then by shanten number after it (lowest
    /// first), live tiles accepted (most first), danger (lowest first), then the order of the
    /// legal actions. On a turn the discards are the "best discards" list.
    pub options: Vec<HintOption>,
    /// Per kind, the chance that discarding it now deals in (the bot's danger model; 0 for a
    /// kind that passed every opponent since its hand last changed).
    pub danger: [f64; TILE_KINDS],
    /// Per seat, the chance that the opponent is ready (the bot's ready model); 0 for this seat.
    pub ready: [f64; SEATS],
    /// The bot's choice at the configuration's level.
    pub choice: Action,
    /// The rule that made the choice.
    pub reason: Reason,
    /// On a turn, the level's most efficient discard before danger and value (at level 5 after
    /// the two-step look-ahead): the discard the choice was weighed against (a `Defend` choice
    /// differs from it, a `Push` is it). `None` in a claim.
    pub efficient: Option<Action>,
    /// The unit of the options' `value`.
    pub value_unit: ValueUnit,
    /// The variant's part.
    pub variant: VariantHint,
}

/// The hint of mjkit's bot (`cfg.kind` [`super::BotKind::Mjkit`], at `cfg.level`) for the
/// seat of `view`: its options with the live tiles, waits, danger, chance to win and value
/// each leaves, the danger of every kind, each opponent's ready chance, and the bot's choice
/// with its reason. The options and the danger are read as the full bot reads them (live
/// tiles counted, the danger model) whatever the level; the choice is the level's. A pure
/// function of the view and the configuration.
///
/// # Errors
/// [`Error::InvalidView`], [`Error::TooManyCopies`] from [`View::validate`];
/// [`Error::InvalidView`] when the seat has no decision to make; [`Error::InvalidArgument`]
/// for a bot that gives no hints (the thesis bot, greedy), an invalid configuration, or a
/// riichi view (mjkit's bot does not play riichi: only greedy does).
pub fn hint(view: &View, cfg: &BotConfig) -> Result<Hint, Error> {
    view.validate()?;
    hint_validated(view, cfg)
}

/// [`hint`] for a view that already passed [`View::validate`].
pub(crate) fn hint_validated(view: &View, cfg: &BotConfig) -> Result<Hint, Error> {
    super::check_config(cfg)?;
    if cfg.kind != super::BotKind::Mjkit || view.rules.variant == crate::table::Variant::Riichi {
        return Err(Error::InvalidArgument);
    }
    super::mjkit::explain::hint(view, cfg).ok_or(Error::InvalidView)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reason_codes_are_their_place_in_all() {
        for (i, r) in Reason::ALL.iter().enumerate() {
            assert_eq!(*r as u8 as usize, i);
            assert_eq!(Reason::from_code(i as u8), Some(*r));
            assert!(!r.text().is_empty());
        }
        assert_eq!(Reason::from_code(Reason::ALL.len() as u8), None);
    }

    #[test]
    fn a_riichi_view_gets_no_hint() {
        use crate::table::{Rules, Table};
        for rules in [Rules::riichi_tenhou(), Rules::riichi_mahjong_soul()] {
            let t = Table::new(rules, 3).unwrap();
            let seat = t.pending().trailing_zeros() as usize;
            let v = t.view(seat);
            assert_eq!(
                hint(&v, &crate::ai::BotConfig::mjkit()).err(),
                Some(Error::InvalidArgument)
            );
        }
    }
}
