//! Hints for a human player (`mj_hint`) and the tiles a view shows (`mj_view_visible`).

use super::table::{MjAction, MjBotConfig, MjView, action_from_core, bot_to_core, view_to_core};
use super::{MJ_TILE_KINDS, MjStatus, guard, out_mut};
use crate::ai::{Hint, Reason, ValueUnit, VariantHint};
use crate::table::{MAX_ACTIONS, Phase, SEATS};

/// `MjHint` probabilities (`danger`, `ready`, `option_danger`, `option_win_chance`) are in
/// units of 1 / `MJ_HINT_SCALE`: 10000 is certain, 600 is 6%.
pub const MJ_HINT_SCALE: u16 = 10000;
/// `MjHint.efficient_index` when there is no efficient discard (a claim).
pub const MJ_HINT_NO_OPTION: u8 = 255;
/// `MjHint` values (`option_value`, the tai part) are in hundredths of their unit.
pub const MJ_HINT_VALUE_SCALE: i32 = 100;

/// `MjHint.value_unit`: the options carry no value (the thesis' ±1 points).
pub const MJ_HINT_UNIT_NONE: u8 = 0;
/// `MjHint.value_unit`: an option's value is the tai (台) of a win after it.
pub const MJ_HINT_UNIT_TAI: u8 = 1;

/// `MjHint.variant`: the thesis' ±1 points; no variant part is filled.
pub const MJ_HINT_VARIANT_THESIS: u8 = 0;
/// `MjHint.variant`: Taiwanese tai; `MjHint.tai` is filled.
pub const MJ_HINT_VARIANT_TAI: u8 = 1;

/// Reason: the only action the seat has.
pub const MJ_HINT_REASON_ONLY: u8 = 0;
/// Reason: a win.
pub const MJ_HINT_REASON_WIN: u8 = 1;
/// Reason: a flower win (八仙過海, 七搶一).
pub const MJ_HINT_REASON_FLOWER_WIN: u8 = 2;
/// Reason: under tai, passes a win because winning later is worth more than this win pays.
pub const MJ_HINT_REASON_PASS_WIN_FOR_VALUE: u8 = 3;
/// Reason: a level's lapse, overlooks a win on a discard.
pub const MJ_HINT_REASON_OVERLOOKED_WIN: u8 = 4;
/// Reason: the most efficient discard (lowest shanten, then most live tiles), safe enough.
pub const MJ_HINT_REASON_EFFICIENT: u8 = 5;
/// Reason: a close discard that leaves more good draws two steps ahead.
pub const MJ_HINT_REASON_LOOK_AHEAD: u8 = 6;
/// Reason: under tai, keeps a hand worth more (chance to win times value).
pub const MJ_HINT_REASON_VALUE: u8 = 7;
/// Reason: the efficient discard is dangerous; a safer tile (folding).
pub const MJ_HINT_REASON_DEFEND: u8 = 8;
/// Reason: the efficient discard is dangerous but still the best trade (pushing).
pub const MJ_HINT_REASON_PUSH: u8 = 9;
/// Reason: a concealed or added kong that keeps the shanten number.
pub const MJ_HINT_REASON_KONG: u8 = 10;
/// Reason: a chow, pung or exposed kong that brings the hand closer to ready.
pub const MJ_HINT_REASON_CLAIM: u8 = 11;
/// Reason: no claim brings the hand closer to ready.
pub const MJ_HINT_REASON_PASS_CLAIM: u8 = 12;
/// Reason: under tai, a claim would lower the chance to win times the value.
pub const MJ_HINT_REASON_PASS_CLAIM_FOR_VALUE: u8 = 13;
/// Reason: a level's lapse, overlooks a claim it would make.
pub const MJ_HINT_REASON_OVERLOOKED_CLAIM: u8 = 14;
/// Reason: a level's habit, keeps a pair or a tile it likes.
pub const MJ_HINT_REASON_HABIT: u8 = 15;
/// Reason: a beginner's discard, the tile that connects least with the hand.
pub const MJ_HINT_REASON_LONELIEST: u8 = 16;

/// The tai part of an `MjHint` (filled when `variant` is `MJ_HINT_VARIANT_TAI`, else zero).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MjHintTai {
    /// Per seat, the tai the bot reads in that opponent's hand from what the view shows, in
    /// hundredths (`MJ_HINT_VALUE_SCALE`); 0 for the view's seat.
    pub deal_in_tai: [i32; MJ_SEATS],
    /// Per seat, what dealing in to it would cost in points (`base + price × tai`, rounded); 0
    /// for the view's seat.
    pub deal_in_payment: [i32; MJ_SEATS],
}

/// Seats at the table (the length of per-seat arrays).
const MJ_SEATS: usize = SEATS;

/// A hint for the pending seat of a view (`mj_hint`): its options, the danger of every tile,
/// each opponent's chance of being ready, and the bot's choice with its reason.
///
/// Option `i` (`i < option_count`) is the legal action (`option_kind[i]`, `option_tile[i]`)
/// and where it leaves the hand: `option_shanten[i]` (0 ready, -1 the action wins; after a
/// chow or pung, after its best discard), `option_live[i]` live copies of the kinds
/// `option_accepted[i]` (bit k = kind k) that lower the shanten number (when ready: the
/// waits), `option_danger[i]` the chance that a discard deals in now (0 for other actions),
/// `option_win_chance[i]` the bot's estimate of the chance to win after it, and
/// `option_value[i]` the variant's value in hundredths of `value_unit`. Options are sorted: wins
/// first, then by shanten (lowest first), live tiles (most first), danger (lowest first).
/// The per-variant part is a member per variant (`tai` today), `variant` says which is filled;
/// other variants' bots add theirs beside it. Probabilities are in 1 / `MJ_HINT_SCALE`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjHint {
    /// Per option: the kinds that lower the shanten number after it (the waits when ready).
    pub option_accepted: [u64; MJ_MAX_ACTIONS],
    /// Per option: its value in hundredths of `value_unit` (0 with `MJ_HINT_UNIT_NONE`).
    pub option_value: [i32; MJ_MAX_ACTIONS],
    /// The tai part (`variant` `MJ_HINT_VARIANT_TAI`).
    pub tai: MjHintTai,
    /// Per option: live copies of the accepted kinds.
    pub option_live: [u16; MJ_MAX_ACTIONS],
    /// Per option: the chance that the discard deals in now (0 for other actions).
    pub option_danger: [u16; MJ_MAX_ACTIONS],
    /// Per option: the bot's estimate of the chance to win the hand after it.
    pub option_win_chance: [u16; MJ_MAX_ACTIONS],
    /// Per kind: the chance that discarding it now deals in (the bot's danger model).
    pub danger: [u16; MJ_TILE_KINDS],
    /// Per seat: the chance that the opponent is ready (0 for the view's seat).
    pub ready: [u16; MJ_SEATS],
    /// Per option: `MJ_ACTION_*`.
    pub option_kind: [u8; MJ_MAX_ACTIONS],
    /// Per option: the action's tile.
    pub option_tile: [u8; MJ_MAX_ACTIONS],
    /// Per option: the shanten number after it (0 ready, -1 a win).
    pub option_shanten: [i8; MJ_MAX_ACTIONS],
    /// The bot's choice (one of the options).
    pub choice: MjAction,
    /// Number of options (the legal actions).
    pub option_count: u8,
    /// Index of the choice among the options.
    pub choice_index: u8,
    /// On a turn, the index of the level's most efficient discard before danger and value (the
    /// discard the choice was weighed against: `MJ_HINT_REASON_DEFEND` chose another, `PUSH`
    /// this one); `MJ_HINT_NO_OPTION` in a claim.
    pub efficient_index: u8,
    /// The rule that made the choice: `MJ_HINT_REASON_*` (`mj_hint_reason_str` describes it).
    pub reason: u8,
    /// The view's seat.
    pub seat: u8,
    /// The view's phase (`MJ_PHASE_*`).
    pub phase: u8,
    /// `MJ_HINT_UNIT_*`.
    pub value_unit: u8,
    /// `MJ_HINT_VARIANT_*`: which per-variant member is filled.
    pub variant: u8,
    /// The level of the bot that chose (`MjBotConfig.level`).
    pub level: u8,
    /// The shanten number of the hand now (on a turn the lowest after a discard).
    pub shanten: i8,
    /// Zero: room for later fields, so the struct has no padding (`MjAction` is 3 bytes).
    pub reserved: [u8; 7],
}

/// `MJ_MAX_ACTIONS` under this module's name.
const MJ_MAX_ACTIONS: usize = MAX_ACTIONS;

/// A probability in 1 / `MJ_HINT_SCALE`.
fn scaled(p: f64) -> u16 {
    (p.clamp(0.0, 1.0) * f64::from(MJ_HINT_SCALE)).round() as u16
}

/// A value in hundredths.
fn hundredths(v: f64) -> i32 {
    (v * f64::from(MJ_HINT_VALUE_SCALE))
        .round()
        .clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32
}

fn small(n: i32) -> i8 {
    n.clamp(i32::from(i8::MIN), i32::from(i8::MAX)) as i8
}

/// The C hint of a core hint.
fn hint_from_core(h: &Hint, level: u8) -> MjHint {
    let mut out = MjHint {
        option_accepted: [0; MJ_MAX_ACTIONS],
        option_value: [0; MJ_MAX_ACTIONS],
        tai: MjHintTai::default(),
        option_live: [0; MJ_MAX_ACTIONS],
        option_danger: [0; MJ_MAX_ACTIONS],
        option_win_chance: [0; MJ_MAX_ACTIONS],
        danger: h.danger.map(scaled),
        ready: h.ready.map(scaled),
        option_kind: [0; MJ_MAX_ACTIONS],
        option_tile: [0; MJ_MAX_ACTIONS],
        option_shanten: [0; MJ_MAX_ACTIONS],
        choice: action_from_core(h.choice),
        option_count: h.options.len() as u8,
        choice_index: 0,
        efficient_index: MJ_HINT_NO_OPTION,
        reason: h.reason as u8,
        seat: h.seat,
        phase: match h.phase {
            Phase::Turn => super::MJ_PHASE_TURN,
            Phase::Claim => super::MJ_PHASE_CLAIM,
            Phase::Over => super::MJ_PHASE_OVER,
        },
        value_unit: match h.value_unit {
            ValueUnit::Tai => MJ_HINT_UNIT_TAI,
            _ => MJ_HINT_UNIT_NONE,
        },
        variant: MJ_HINT_VARIANT_THESIS,
        level,
        shanten: small(h.shanten),
        reserved: [0; 7],
    };
    for (i, o) in h.options.iter().enumerate().take(MJ_MAX_ACTIONS) {
        let a = action_from_core(o.action);
        out.option_kind[i] = a.kind;
        out.option_tile[i] = a.tile;
        out.option_shanten[i] = small(o.shanten);
        out.option_live[i] = u16::try_from(o.live).unwrap_or(u16::MAX);
        out.option_accepted[i] = o.accepted;
        out.option_danger[i] = scaled(o.danger);
        out.option_win_chance[i] = scaled(o.win_chance);
        out.option_value[i] = hundredths(o.value);
        if o.action == h.choice {
            out.choice_index = i as u8;
        }
        if Some(o.action) == h.efficient {
            out.efficient_index = i as u8;
        }
    }
    if let VariantHint::Tai(t) = &h.variant {
        out.variant = MJ_HINT_VARIANT_TAI;
        out.tai = MjHintTai {
            deal_in_tai: t.deal_in_tai.map(hundredths),
            deal_in_payment: t.deal_in_payment.map(|p| p.round() as i32),
        };
    }
    out
}

/// The hint of mjkit's bot for the seat of `view`: every legal action with the shanten
/// number, live tiles, waits, danger, chance to win and value it leaves; the danger of every
/// kind; each opponent's chance of being ready; and the bot's choice at `config->level` with
/// the rule that made it (`reason`, see `mj_hint_reason_str`). The options and the danger are
/// read as the full bot reads them whatever the level. A game shows it to a human player; the
/// same call will give other variants' bots' hints.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`; `MJ_STATUS_INVALID_ARGUMENT` (`config->kind` is not
/// `MJ_BOT_MJKIT`: the other bots give no hints; a level outside 1..`MJ_MAX_LEVEL`);
/// `MJ_STATUS_INVALID_VIEW` (an impossible view, or one whose seat has no decision to make);
/// `MJ_STATUS_TOO_MANY_COPIES` (more than four copies in sight). `*out_hint` is written only
/// on `MJ_STATUS_OK`.
///
/// # Safety
/// `view` and `config` are NULL or readable; `out_hint` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_hint(
    view: *const MjView,
    config: *const MjBotConfig,
    out_hint: *mut MjHint,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let v = unsafe { view.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: caller contract.
        let c = unsafe { config.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_hint) }?;
        let cfg = bot_to_core(c)?;
        if c.kind != super::MJ_BOT_MJKIT {
            return Err(MjStatus::InvalidArgument);
        }
        let view = view_to_core(v)?;
        // view_to_core validated the view.
        let h = crate::ai::hint_validated(&view, &cfg)?;
        *out = hint_from_core(&h, cfg.level);
        // SAFETY: `out` is a writable MjHint; the gaps lie inside it.
        unsafe { super::zero_gaps(std::ptr::from_mut(out).cast(), hint_gaps()) };
        Ok(())
    })
}

/// A sentence for a player describing hint reason `reason` (`MJ_HINT_REASON_*`), as a static
/// NUL-terminated UTF-8 string. Never NULL; an unknown code gives `"unknown reason"`.
#[unsafe(no_mangle)]
pub extern "C" fn mj_hint_reason_str(reason: i32) -> *const std::ffi::c_char {
    reason_text(reason).as_ptr().cast()
}

/// The padding bytes of `MjHint` (see `super::zero_gaps`).
fn hint_gaps() -> &'static [(usize, usize)] {
    static GAPS: std::sync::OnceLock<Vec<(usize, usize)>> = std::sync::OnceLock::new();
    GAPS.get_or_init(|| {
        use super::table::size_of_field;
        let mut spans = Vec::new();
        macro_rules! spans {
            ($($f:ident),*) => {
                $( spans.push((std::mem::offset_of!(MjHint, $f), size_of_field(|h: &MjHint| &h.$f))); )*
            };
        }
        spans!(
            option_accepted, option_value, tai, option_live, option_danger, option_win_chance,
            danger, ready, option_kind, option_tile, option_shanten, choice, option_count,
            choice_index, efficient_index, reason, seat, phase, value_unit, variant, level, shanten,
            reserved
        );
        super::gaps(std::mem::size_of::<MjHint>(), &spans)
    })
}

/// The NUL-terminated text of a reason code.
fn reason_text(reason: i32) -> &'static str {
    macro_rules! texts {
        ($($r:ident),*) => {
            match u8::try_from(reason).ok().and_then(Reason::from_code) {
                $(Some(Reason::$r) => concat!(texts!(@text $r), "\0"),)*
                _ => "unknown reason\0",
            }
        };
        (@text Only) => { "the only action" };
        (@text Win) => { "a win" };
        (@text FlowerWin) => { "a flower win" };
        (@text PassWinForValue) => { "passes this win: winning later is worth more than this win pays" };
        (@text OverlookedWin) => { "overlooks the win (an easy level's lapse)" };
        (@text Efficient) => { "the most efficient discard, and safe enough" };
        (@text LookAhead) => { "a close discard that leaves more good draws two steps ahead" };
        (@text Value) => { "keeps a hand worth more (chance to win times value)" };
        (@text Defend) => { "the efficient discard is dangerous: a safer tile" };
        (@text Push) => { "the efficient discard is dangerous, but the hand is worth pushing" };
        (@text Kong) => { "a kong that keeps the hand as close to ready (a free draw)" };
        (@text Claim) => { "the claim brings the hand closer to ready" };
        (@text PassClaim) => { "no claim brings the hand closer to ready" };
        (@text PassClaimForValue) => { "the claim would bring the hand closer but lower its chance to win times value" };
        (@text OverlookedClaim) => { "overlooks the claim (an easy level's lapse)" };
        (@text Habit) => { "keeps a pair or a tile it likes (an easy level's habit)" };
        (@text Loneliest) => { "throws the tile that connects least (a beginner's discard)" };
    }
    texts!(
        Only,
        Win,
        FlowerWin,
        PassWinForValue,
        OverlookedWin,
        Efficient,
        LookAhead,
        Value,
        Defend,
        Push,
        Kong,
        Claim,
        PassClaim,
        PassClaimForValue,
        OverlookedClaim,
        Habit,
        Loneliest
    )
}

/// The tiles the seat of `view` sees outside its own concealed hand, per kind: every discard
/// not claimed (a claimed tile is counted in its meld) and every meld's tiles, its own
/// included (another seat's concealed kong is face down and not counted). The `visible`
/// argument of `mj_ukeire` / `mj_discards` for the live tiles, as the bots count them.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`; `MJ_STATUS_INVALID_VIEW` (an impossible view);
/// `MJ_STATUS_TOO_MANY_COPIES` (more than four copies in sight). `out_visible`
/// (`MJ_TILE_KINDS` bytes) is written only on `MJ_STATUS_OK`.
///
/// # Safety
/// `view` is NULL or readable; `out_visible` is NULL or writable for `MJ_TILE_KINDS` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_view_visible(view: *const MjView, out_visible: *mut u8) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let v = unsafe { view.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: caller contract; `[u8; 34]` has alignment 1.
        let out = unsafe { out_mut(out_visible.cast::<[u8; MJ_TILE_KINDS]>()) }?;
        let view = view_to_core(v)?;
        *out = view.visible();
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reason_texts_are_the_core_texts() {
        for r in Reason::ALL {
            let t = reason_text(i32::from(r as u8));
            assert_eq!(t.strip_suffix('\0'), Some(r.text()), "{r:?}");
        }
        assert_eq!(reason_text(-1), "unknown reason\0");
        assert_eq!(reason_text(Reason::ALL.len() as i32), "unknown reason\0");
    }

    #[test]
    fn reason_constants_are_the_core_codes() {
        let c = [
            MJ_HINT_REASON_ONLY,
            MJ_HINT_REASON_WIN,
            MJ_HINT_REASON_FLOWER_WIN,
            MJ_HINT_REASON_PASS_WIN_FOR_VALUE,
            MJ_HINT_REASON_OVERLOOKED_WIN,
            MJ_HINT_REASON_EFFICIENT,
            MJ_HINT_REASON_LOOK_AHEAD,
            MJ_HINT_REASON_VALUE,
            MJ_HINT_REASON_DEFEND,
            MJ_HINT_REASON_PUSH,
            MJ_HINT_REASON_KONG,
            MJ_HINT_REASON_CLAIM,
            MJ_HINT_REASON_PASS_CLAIM,
            MJ_HINT_REASON_PASS_CLAIM_FOR_VALUE,
            MJ_HINT_REASON_OVERLOOKED_CLAIM,
            MJ_HINT_REASON_HABIT,
            MJ_HINT_REASON_LONELIEST,
        ];
        for (r, code) in Reason::ALL.iter().zip(c) {
            assert_eq!(*r as u8, code);
        }
        assert_eq!(c.len(), Reason::ALL.len());
    }

    #[test]
    fn mj_hint_has_no_padding() {
        // Every byte is a field (mj_hint still zeroes any gap a later field would open).
        assert_eq!(std::mem::size_of::<MjHintTai>(), 8 * MJ_SEATS);
        assert_eq!(hint_gaps(), &[]);
    }
}
