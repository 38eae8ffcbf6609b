//! mjkit's own bot: exact tile efficiency, a win-probability estimate, a danger model read from
//! the table, and push/fold from the two.
//!
//! **Efficiency.** For every discard the exact regular-form shanten and the live ukeire (copies
//! of the accepted kinds that this seat has not seen) come from [`crate::efficiency`]. Before
//! ready, an accepted kind the hand holds a pair of counts `1 + PUNG_WEIGHT` times (it can be
//! punged from any discard, not only drawn).
//!
//! **Two-step look-ahead.** When the most efficient discard leaves one or more shanten and
//! other discards of that shanten come close (weighted acceptance at least `LOOK_AHEAD_SHARE`
//! = 0.85 of the best), the first `LOOK_AHEAD_MAX` = 3 of them are compared by a two-step
//! value: for discard `a`, the sum over its live accepted draws `t` of the live copies of `t`
//! (weighted as above) times the best weighted acceptance one shanten lower after drawing `t`
//! and discarding one of the first `LOOK_AHEAD_SECOND` = 4 candidates (`two_step_values`).
//! The hand after (discard `a`, draw `t`, discard `b`) is the hand after (discard `b`, draw
//! `t`, discard `a`), so each pair of candidates is one base hand, evaluated once for the
//! draws of both, incrementally per draw (`shanten::draws_lowering_draws`). The
//! second discard of the full two-step (over every discard) is nearly always among those four:
//! on 20,000 duplicate walls the full two-step over every discard of the lowest shanten gave
//! 27.61% wins, this one 27.58%, at a fourteenth of its cost.
//!
//! **Win probability.** `p_win(s, u, d)` estimates the chance to complete the hand from shanten
//! `s` with `u` live accepted tiles among `unseen`, with `d` own draws left: a small dynamic
//! program over the remaining draw cycles, where each cycle the hand advances with probability
//! `1 - (1 - u/unseen)^e` (`e` counts the own draw plus the discards of the others that could
//! be claimed: a win on any discard when ready, a pung or chow before), later stages use typical
//! acceptance for their shanten, and the hand survives each cycle (nobody else wins) with a
//! probability that falls as the opponents get closer to ready.
//!
//! **Danger** (`danger.rs`). One exact rule and two logistic models fitted on self-play by the
//! lab's calibration program (`lab/src/bin/calibrate/`, which reads the true hands from the table;
//! the bot reads only the view), their weights in `weights.rs`. The rule
//! ([`passed_since_change`](danger::passed_since_change)): a tile discarded since an opponent's
//! concealed tiles last changed (its last discard from the hand, its last claim) is not among its
//! waits, because a ready bot always wins when it can (the thesis rules have no furiten): a tile
//! another seat discarded passed it, a tile it drew and discarded at once did not complete it.
//! Under tai this bot may pass a win; with 過水 (on in the Taiwanese presets) the passed kind
//! still cannot be won on from another seat until that seat's next draw (the strict lock: its
//! next discard), and no other seat discards before that draw, so such kinds stay safe. The
//! ready model ([`ready_features`](danger::ready_features)) gives each opponent's chance of being
//! ready from its discard count, melds, the draws left and its recent discards (tsumogiri, its run
//! of tsumogiri, middle tiles, discards from the hand). The wait model
//! ([`wait_features`](danger::wait_features)) gives, for a ready opponent, the chance that kind `k`
//! is among its waits when the rule does not settle it: live sequence shapes (a two-sided shape
//! whose other wait passed is counted apart), unseen copies, honour / terminal / 2-8 / 3-7, whether
//! the opponent discarded `k`, its suji or neighbours, what its last two discards from the hand
//! were (a ready hand's last change: the tile itself is rarely a wait, its neighbours often), its
//! discards per suit, and whether another seat discarded `k` after the opponent's second, third or
//! sixth-last discard. The danger of `k` is `1 - prod_o (1 - P(ready_o) P(k wait | ready_o))`
//! ([`danger`](danger::danger)). On a turn it is read for the discard the efficiency chooses first,
//! and for every kind of the hand only when that one is not safe enough (the same values, computed
//! when needed).
//!
//! **Decision.** The most efficient discard (lowest shanten, then most weighted live ukeire,
//! then the tile that connects least; among close ones, the two-step value) is played while its danger is below `SAFE_ENOUGH`;
//! otherwise each discard is scored `(1 - danger) GAIN p_win(after) - LOSS danger` and the best
//! is played, which folds a far hand and pushes a close one. Chows and pungs are claimed when
//! they lower the shanten number, kongs declared when they do not raise it, and a win is
//! always taken. Ties break by the tie-break value (`BotConfig::tie_break`).
//!
//! **Under tai** (`value.rs`; not with `BotConfig::value_blind`) the bot weighs what its hand is
//! worth: the efficient discard gives way to one that keeps a more valuable hand when
//! `p_win × value` is higher, push / fold weighs its own win's value against each opponent's
//! deal-in cost, a claim is taken only when `p_win × value` does not fall, and a win on a
//! discard is passed when going on is worth more. Under the thesis' scheme none of it runs.
//!
//! **Levels** (`level.rs`): `BotConfig::level` 1 to 4 take skills away (the two-step
//! look-ahead, live counting, the danger model, value play) and add a learner's habits and
//! lapses (keeping pairs, liked tiles, a beginner's least-connected discard, overlooked claims
//! and wins), seeded by `tie_break`; level 5 is the bot as described above.
//!
//! **Hints** (`explain.rs`): the same decision path returns the rule that decided
//! (`decide_explained`, `efficient_choice`), and `crate::ai::hint` reads every option as the
//! full bot does.

pub(super) mod danger;
mod discard;
pub(super) mod explain;
pub(super) mod features;
pub(super) mod level;
mod value;
pub(super) mod weights;

use super::regular_shanten;
use super::thesis::drawable;
use super::{BotConfig, Reason};
use crate::efficiency;
use crate::forms::Forms;
use crate::table::{Action, ActionKind, Actions, NO_TILE, Phase, SEATS, View, legal_actions};
use crate::tile::{Counts, TILE_KINDS};
use danger::{DangerModel, unseen};
use discard::*;
use level::{Defence, Efficiency, Persona};
use value::{THESIS_WIN, Worth};

/// Value of winning relative to a deal-in (a discard win is +1, a self-draw +3, and a win also
/// stops the others' self-draws, which cost -1 each). Measured on 3,000 duplicate walls
/// against thesis:99 (seed 2), with `SAFE_ENOUGH`: first with `SURVIVE_SLOPE` 0.06, 2 / 0.03
/// gave 26.1% wins, 13.7% deal-ins, +0.065 points a hand; 3 / 0.05 gave 27.5%, 14.6%, +0.083;
/// 4 / 0.06 gave 27.9%, 15.2%, +0.083; 1.5 / 0.03 gave 25.8%, 12.9%, +0.067. Then with
/// `SURVIVE_SLOPE` 0.15: 3 / 0.05 gave 27.4%, 14.1%, +0.085; 4 / 0.06 gave 27.9%, 14.5%,
/// +0.088; 5 / 0.08 gave 28.3%, 15.3%, +0.089 (greedy in the same run: 27.0%, 17.9%, +0.052).
const GAIN: f64 = 4.0;
/// Cost of dealing in.
const LOSS: f64 = 1.0;
/// Typical live acceptance of a hand at shanten 0, 1, 2, ... (used for later stages).
const TYPICAL_UKEIRE: [f64; 9] = [5.0, 16.0, 28.0, 38.0, 46.0, 52.0, 56.0, 60.0, 64.0];
/// Danger below which the most efficient discard is played without weighing it.
const SAFE_ENOUGH: f64 = 0.06;
/// Extra weight of an accepted kind the hand holds a pair of (it can be punged from any seat's
/// discard, not only drawn): measured +0.8 points of win rate over plain ukeire.
const PUNG_WEIGHT: f64 = 2.0;
/// Per draw cycle, the chance that somebody else wins grows by this much per unit of the
/// opponents' summed ready probability (in `p_win`). Measured on 3,000 duplicate walls against
/// thesis:99 (seed 2): 0.06 gave 27.5% wins, 14.6% deal-ins, +0.083 points a hand; 0.15 gave
/// 27.4%, 14.1%, +0.086; 0.25 gave 27.0%, 13.3%, +0.084; 0.4 gave 26.4%, 12.5%, +0.082.
const SURVIVE_SLOPE: f64 = 0.15;
/// Close candidates (same shanten, weighted acceptance at least this share of the best) are
/// compared by their two-step value (`two_step_values`).
const LOOK_AHEAD_SHARE: f64 = 0.85;
/// At most this many close candidates are compared (the most efficient first).
const LOOK_AHEAD_MAX: usize = 3;
/// The second discard of the two-step value is taken among this many candidates (the most
/// efficient first; at least the compared ones).
const LOOK_AHEAD_SECOND: usize = 4;
/// Most draw cycles modelled.
const MAX_CYCLES: usize = 40;
/// Under tai, a discard of at most this many more shanten than the most efficient one may
/// be played for the value of the hand it keeps (`choose_for_value`).
const VALUE_SHANTEN_SLACK: i32 = 1;
/// Under tai, a discard played for value must keep a win worth this share more than the most
/// efficient one, and a chance to win times value this share higher.
const VALUE_MARGIN: f64 = 0.05;

/// What the bot knows of the table, computed once per decision.
struct Reading {
    /// Tiles this seat sees outside its hand.
    visible: Counts,
    /// The tiles in sight that the bot's efficiency counts: `visible`, or none for a level
    /// that does not track the discards ([`Efficiency::Raw`], [`Efficiency::Beginner`]).
    counted: Counts,
    /// Copies of each kind this seat has not seen.
    unseen: [u8; TILE_KINDS],
    /// Sum of `unseen`.
    unseen_total: f64,
    /// Own draws left.
    cycles: usize,
}

/// Where a turn's danger comes from.
enum Danger<'a> {
    /// The bot's models, read per kind when needed.
    Model(&'a DangerModel<'a>),
    /// A level that notices only obvious danger ([`Defence::Obvious`]).
    Obvious(Obvious),
    /// A level that ignores danger ([`Defence::None`]).
    Blind,
    /// Given per kind (`decide_with_danger`); no opponent is weighed in the win chance.
    #[cfg(feature = "lab")]
    Given(&'a [f64; TILE_KINDS]),
}

impl Danger<'_> {
    /// The chance that discarding kind `k` now deals in.
    fn of(&self, k: usize) -> f64 {
        match self {
            Danger::Model(m) => m.of(k),
            Danger::Obvious(o) => o.of(k),
            Danger::Blind => 0.0,
            #[cfg(feature = "lab")]
            Danger::Given(d) => d[k],
        }
    }

    /// The chance that discarding kind `k` now deals in, and the cost of that deal-in relative
    /// to the mean deal-in (each opponent weighted by its share of the danger).
    fn with_cost(&self, k: usize, worth: &Worth) -> (f64, f64) {
        match self {
            Danger::Model(m) => {
                let q = m.each(k);
                let (mut safe, mut num, mut den) = (1.0, 0.0, 0.0);
                for (o, &qo) in q.iter().enumerate() {
                    safe *= 1.0 - qo;
                    num += qo * worth.deal_in_scale(o);
                    den += qo;
                }
                (1.0 - safe, if den > 0.0 { num / den } else { 1.0 })
            }
            Danger::Obvious(o) => (o.of(k), 1.0),
            Danger::Blind => (0.0, 1.0),
            #[cfg(feature = "lab")]
            Danger::Given(d) => (d[k], 1.0),
        }
    }

    /// Probability per cycle that nobody else wins.
    fn survive(&self) -> f64 {
        match self {
            Danger::Model(m) => m.survive,
            Danger::Obvious(o) => o.survive,
            Danger::Blind => 1.0,
            #[cfg(feature = "lab")]
            Danger::Given(_) => 1.0,
        }
    }
}

/// The danger a level-3 player sees ([`Defence::Obvious`]): against each opponent whose ready
/// probability is above [`level::OBVIOUS_READY`], every kind it has not let pass since its
/// hand last changed counts [`level::OBVIOUS_DANGER`].
struct Obvious {
    /// Per seat that looks ready, the kinds that passed it (safe against it).
    passed: [Option<u64>; SEATS],
    /// Probability per cycle that nobody else wins (as the danger model's).
    survive: f64,
}

impl Obvious {
    fn new(view: &View) -> Obvious {
        let me = usize::from(view.seat);
        let mut threat = 0.0;
        let passed = std::array::from_fn(|o| {
            if o == me {
                return None;
            }
            let p = danger::ready_probability(view, o);
            threat += p;
            (p > level::OBVIOUS_READY).then(|| danger::passed_since_change(view, o))
        });
        Obvious {
            passed,
            survive: (1.0 - SURVIVE_SLOPE * threat).clamp(0.5, 1.0),
        }
    }

    fn of(&self, k: usize) -> f64 {
        let mut safe = 1.0;
        for p in self.passed.iter().flatten() {
            if p >> k & 1 == 0 {
                safe *= 1.0 - level::OBVIOUS_DANGER;
            }
        }
        1.0 - safe
    }
}

/// The decision of mjkit's bot at `cfg`'s level for a pending seat of `view` (ties and a
/// level's lapses seeded by `cfg.tie_break`); with `cfg.value_blind`, the play of the thesis'
/// scheme whatever the table scores.
pub fn decide(view: &View, cfg: &BotConfig) -> Action {
    decide_explained(view, cfg).0
}

/// [`decide`] with the rule that decided.
pub(super) fn decide_explained(view: &View, cfg: &BotConfig) -> (Action, Reason) {
    let legal = legal_actions(view);
    let persona = Persona::new(cfg.level, cfg.tie_break, view);
    let worth = worth_of(view, cfg, &persona);
    decide_among(view, &legal, cfg.tie_break, worth.as_ref(), &persona)
}

/// What the bot weighs of the hands' value: `None` under the thesis' scheme, value-blind or
/// at a level that does not play for value.
fn worth_of(view: &View, cfg: &BotConfig, persona: &Persona) -> Option<Worth> {
    if cfg.value_blind || !persona.value {
        None
    } else {
        tai_rules(view).map(|(rules, deals)| Worth::new(view, &rules, deals))
    }
}

/// The tai rules the view's table scores with and the dealer's consecutive deals, or `None`
/// under the thesis' scheme.
fn tai_rules(view: &View) -> Option<(crate::tai::TaiRules, u8)> {
    let deals = u8::try_from(view.consecutive).unwrap_or(u8::MAX);
    view.rules.scoring.tai().map(|r| (*r, deals))
}

#[cfg(feature = "lab")]
/// The decision of mjkit's bot with `danger` (per kind, the chance that discarding it now
/// deals in) in place of its danger model; the rest of the bot is unchanged. For experiments
/// that measure what better danger information is worth (`calibrate --probe --oracle` gives it the
/// opponents' real waits).
pub fn decide_with_danger(view: &View, tie_break: u64, danger: &[f64; TILE_KINDS]) -> Action {
    let legal = legal_actions(view);
    let actions = legal.as_slice();
    if let Some(a) = actions.iter().find(|a| a.kind == ActionKind::Win) {
        return *a;
    }
    let Some(&first) = actions.first() else {
        return Action::PASS;
    };
    let r = read(view, &Persona::FULL);
    let persona = Persona {
        seed: tie_break,
        ..Persona::FULL
    };
    match view.phase {
        Phase::Turn => {
            turn(
                view,
                actions,
                &r,
                &Danger::Given(danger),
                tie_break,
                None,
                &persona,
            )
            .0
        }
        Phase::Claim => claim(view, actions, &r, None, &persona).0,
        Phase::Over => first,
    }
}

/// Salts of the lapses ([`Persona::lapse`]).
const LAPSE_WIN: u64 = 1;
const LAPSE_CLAIM: u64 = 2;

fn decide_among(
    view: &View,
    legal: &Actions,
    tie_break: u64,
    worth: Option<&Worth>,
    persona: &Persona,
) -> (Action, Reason) {
    let actions = legal.as_slice();
    if let Some(a) = actions.iter().find(|a| a.kind == ActionKind::Win) {
        if view.phase == Phase::Claim {
            if worth.is_some_and(|w| pass_pays(view, w)) {
                return (Action::PASS, Reason::PassWinForValue);
            }
            if persona.lapse(persona.win_miss, view, LAPSE_WIN) {
                return (Action::PASS, Reason::OverlookedWin);
            }
        }
        return (*a, Reason::Win);
    }
    let Some(&first) = actions.first() else {
        return (Action::PASS, Reason::Only);
    };
    // A claim weighs no danger; a turn reads the danger of the kinds it needs when it needs
    // them (`choose_discard`).
    let r = read(view, persona);
    match view.phase {
        Phase::Turn => match persona.defence {
            Defence::Full => {
                let model = DangerModel::new(view, &r.unseen);
                let d = Danger::Model(&model);
                turn(view, actions, &r, &d, tie_break, worth, persona)
            }
            Defence::Obvious => {
                let d = Danger::Obvious(Obvious::new(view));
                turn(view, actions, &r, &d, tie_break, worth, persona)
            }
            Defence::None => turn(view, actions, &r, &Danger::Blind, tie_break, worth, persona),
        },
        Phase::Claim => claim(view, actions, &r, worth, persona),
        Phase::Over => (first, Reason::Only),
    }
}

/// Under tai: whether passing the win on the offered tile is worth more than taking it: the
/// chance to win later ([`p_win`] of the ready hand as it is) times the value of that win
/// ([`Worth::hand_value`]: a self-draw is paid by three seats) against the payment of this win
/// ([`Worth::win_now`]). A self-drawn win is always taken.
fn pass_pays(view: &View, w: &Worth) -> bool {
    let r = read(view, &Persona::FULL);
    let Ok(u) = efficiency::ukeire(&view.hand, Forms::REGULAR, Some(&r.visible)) else {
        return false;
    };
    if u.shanten != 0 {
        return false;
    }
    let robbing = view.offer == crate::table::Offer::AddedKong;
    let Some(now) = w.win_now(&view.hand, view.offered, view.actor, robbing) else {
        return false;
    };
    let model = DangerModel::new(view, &r.unseen);
    let live = |k: usize| 4u8.saturating_sub(view.hand[k] + r.visible[k]);
    let later = p_win(0, f64::from(u.total), &r, model.survive)
        * w.hand_value(&view.hand, None, 0, u.mask, &live);
    later > now
}

/// The bot's reading of the table (no danger: see [`DangerModel`]).
fn read(view: &View, persona: &Persona) -> Reading {
    let visible = view.visible();
    let unseen = unseen(view, &visible);
    let unseen_total: f64 = unseen.iter().map(|&u| f64::from(u)).sum();
    Reading {
        visible,
        counted: match persona.efficiency {
            Efficiency::Live | Efficiency::LookAhead => visible,
            Efficiency::Raw | Efficiency::Beginner => [0; TILE_KINDS],
        },
        unseen,
        unseen_total: unseen_total.max(1.0),
        cycles: ((drawable(view) as usize) / SEATS).min(MAX_CYCLES),
    }
}

/// Chance of completing the hand from shanten `s` with `u` live accepted tiles, when each
/// draw cycle passes without another seat's win with chance `survive`.
fn p_win(s: i32, u: f64, r: &Reading, survive: f64) -> f64 {
    if s < 0 {
        return 1.0;
    }
    let s = s as usize;
    let n = r.cycles;
    if n == 0 || s >= TYPICAL_UKEIRE.len() {
        return 0.0;
    }
    // Tiles the hand can use per cycle: own draw, and the others' discards (any when ready,
    // fewer before: pungs from anyone, chows only from the left).
    let advance = |stage: usize, live: f64| -> f64 {
        let exposures = if stage == 0 { 2.2 } else { 1.5 };
        1.0 - (1.0 - (live / r.unseen_total).min(1.0)).powf(exposures)
    };
    // prob[j] = chance of having completed within j cycles from the current stage downwards.
    let mut next = [0.0f64; MAX_CYCLES + 1]; // stage below (starts as "complete": 1.0)
    for v in next.iter_mut() {
        *v = 1.0;
    }
    let mut cur = [0.0f64; MAX_CYCLES + 1];
    // s < TYPICAL_UKEIRE.len() (checked above): stages 0..=s.
    for (stage, typical) in TYPICAL_UKEIRE.iter().enumerate().take(s + 1) {
        let live = if stage == s {
            u
        } else {
            typical * r.unseen_total / 100.0
        };
        let q = advance(stage, live);
        // cur[j] = sum over first success at cycle i <= j of (1-q)^(i-1) q * survive^i * next[j-i]
        //        = q survive T[j], with T[j] = next[j-1] + (1-q) survive T[j-1], T[0] = 0.
        let a = (1.0 - q) * survive;
        let mut t = 0.0;
        cur[0] = 0.0;
        for j in 1..=n {
            t = next[j - 1] + a * t;
            cur[j] = q * survive * t;
        }
        next = cur;
    }
    next[n]
}

/// The level's efficient discard of the 3n+2 `hand`, before danger and value: the most
/// efficient one (with the two-step look-ahead at level 5, the habits and the beginner's
/// choice below), with the rule that chose it; the candidates are left in `buf` (how many is
/// the first value). `None` for counts the efficiency call refuses.
fn efficient_choice(
    hand: &Counts,
    r: &Reading,
    tie_break: u64,
    persona: &Persona,
    buf: &mut [Candidate; TILE_KINDS],
) -> Option<(usize, Candidate, Reason)> {
    let n = candidates(hand, &r.counted, buf);
    if n == 0 {
        return None;
    }
    let (best, reason) = if persona.efficiency == Efficiency::LookAhead {
        let cs = &buf[..n];
        let best = most_efficient(hand, cs, tie_break);
        let chosen = look_ahead(hand, cs, best, r, tie_break);
        let reason = if chosen.tile == best.tile {
            Reason::Efficient
        } else {
            Reason::LookAhead
        };
        (chosen, reason)
    } else {
        let plain = most_efficient(hand, &buf[..n], tie_break);
        habits(hand, &mut buf[..n], persona);
        let cs = &buf[..n];
        let (chosen, reason) = if persona.efficiency == Efficiency::Beginner {
            (beginner(hand, cs, persona, tie_break), Reason::Loneliest)
        } else {
            (most_efficient(hand, cs, tie_break), Reason::Habit)
        };
        let reason = if chosen.tile == plain.tile {
            Reason::Efficient
        } else {
            reason
        };
        (chosen, reason)
    };
    Some((n, best, reason))
}

/// The discard to play: the most efficient one while it is safe enough, else the best trade of
/// win chance against danger (the danger of the other candidates is read only then).
fn choose_discard(
    hand: &Counts,
    r: &Reading,
    danger: &Danger,
    tie_break: u64,
    worth: Option<&Worth>,
    persona: &Persona,
) -> Option<(Candidate, Reason)> {
    let mut buf = [Candidate::NONE; TILE_KINDS];
    let (n, best, reason) = efficient_choice(hand, r, tie_break, persona, &mut buf)?;
    let cs = &buf[..n];
    if let Some(w) = worth {
        return Some(choose_for_value(hand, cs, best, reason, r, danger, w));
    }
    let best_danger = danger.of(usize::from(best.tile));
    if best_danger <= SAFE_ENOUGH {
        return Some((best, reason));
    }
    // Only now are the other candidates' danger and the win-probability estimate needed.
    let survive = danger.survive();
    let score = |c: &Candidate, dg: f64| {
        (1.0 - dg) * GAIN * p_win(c.shanten, f64::from(c.ukeire), r, survive) - LOSS * dg
    };
    let mut top = (best, score(&best, best_danger));
    for c in cs {
        let dg = if c.tile == best.tile {
            best_danger
        } else {
            danger.of(usize::from(c.tile))
        };
        let v = score(c, dg);
        if v > top.1 + 1e-9 {
            top = (*c, v);
        }
    }
    Some(pushed_or_defended(top.0, best))
}

/// The reason of a choice made by weighing danger: pushing when it is the discard weighed
/// against the danger, defending otherwise.
fn pushed_or_defended(chosen: Candidate, before: Candidate) -> (Candidate, Reason) {
    let reason = if chosen.tile == before.tile {
        Reason::Push
    } else {
        Reason::Defend
    };
    (chosen, reason)
}

/// A level's habits on the candidates: a discard from a pair gives up `pair_keep` of its
/// acceptance, a discard of a liked kind `likes` of it.
fn habits(hand: &Counts, cs: &mut [Candidate], persona: &Persona) {
    for c in cs {
        let k = usize::from(c.tile);
        if hand[k] == 2 {
            c.accept *= 1.0 - persona.pair_keep;
        }
        if level::has(persona.liked, k) {
            c.accept *= 1.0 - persona.likes;
        }
    }
}

/// A beginner's discard ([`Efficiency::Beginner`]): the tile that connects least with the hand
/// (a liked kind counts as one more copy held), among the candidates of the lowest shanten, or
/// of one more while the hand is two or more from ready; ties by efficiency.
fn beginner(hand: &Counts, cs: &[Candidate], persona: &Persona, tie_break: u64) -> Candidate {
    let lowest = cs.iter().map(|c| c.shanten).min().unwrap_or(0);
    let slack = i32::from(lowest >= 2);
    let keep = |c: &Candidate| {
        let k = usize::from(c.tile);
        connectivity(hand, k)
            + if level::has(persona.liked, k) {
                2.0
            } else {
                0.0
            }
    };
    *cs.iter()
        .filter(|c| c.shanten <= lowest + slack)
        .min_by(|a, b| {
            keep(a)
                .total_cmp(&keep(b))
                .then_with(|| efficiency_order(hand, tie_break, a, b))
        })
        .expect("a 3n+2 hand has a discard")
}

/// Under tai: the value of a win by the 3n+1 hand after discarding candidate `c` from `hand`
/// (on the thesis' scale, see [`Worth::win_value`]).
fn candidate_value(hand: &Counts, c: &Candidate, r: &Reading, w: &Worth) -> f64 {
    let mut after = *hand;
    after[usize::from(c.tile)] -= 1;
    let live = |k: usize| 4u8.saturating_sub(after[k] + r.visible[k]);
    w.hand_value(&after, None, c.shanten, c.mask, &live)
}

/// The discard under tai. The most efficient discard `best` gives way to a candidate of at
/// most [`VALUE_SHANTEN_SLACK`] more shanten whose win is worth more and whose chance to win
/// times that value is higher (`p_win × value`); the choice is played while its danger is
/// below `SAFE_ENOUGH`, else every candidate is scored `(1 - danger) GAIN p_win value /
/// THESIS_WIN - LOSS danger cost`, the deal-in cost weighted by what each opponent's hand
/// shows.
fn choose_for_value(
    hand: &Counts,
    cs: &[Candidate],
    best: Candidate,
    reason: Reason,
    r: &Reading,
    danger: &Danger,
    w: &Worth,
) -> (Candidate, Reason) {
    let survive = danger.survive();
    let best_value = candidate_value(hand, &best, r, w);
    let mut top = (
        best,
        best_value,
        p_win(best.shanten, f64::from(best.ukeire), r, survive) * best_value,
    );
    for c in cs {
        if c.tile == best.tile || c.shanten > best.shanten + VALUE_SHANTEN_SLACK {
            continue;
        }
        let v = candidate_value(hand, c, r, w);
        if v <= best_value * (1.0 + VALUE_MARGIN) {
            continue;
        }
        let ev = p_win(c.shanten, f64::from(c.ukeire), r, survive) * v;
        if ev > top.2 * (1.0 + VALUE_MARGIN) {
            top = (*c, v, ev);
        }
    }
    let (chosen, chosen_value, _) = top;
    let (chosen_danger, chosen_cost) = danger.with_cost(usize::from(chosen.tile), w);
    if chosen_danger <= SAFE_ENOUGH {
        let reason = if chosen.tile == best.tile {
            reason
        } else {
            Reason::Value
        };
        return (chosen, reason);
    }
    let score = |c: &Candidate, value: f64, dg: f64, cost: f64| {
        (1.0 - dg) * GAIN * p_win(c.shanten, f64::from(c.ukeire), r, survive) * value / THESIS_WIN
            - LOSS * dg * cost
    };
    let mut top = (
        chosen,
        score(&chosen, chosen_value, chosen_danger, chosen_cost),
    );
    for c in cs {
        if c.tile == chosen.tile {
            continue;
        }
        let (dg, cost) = danger.with_cost(usize::from(c.tile), w);
        let v = score(c, candidate_value(hand, c, r, w), dg, cost);
        if v > top.1 + 1e-9 {
            top = (*c, v);
        }
    }
    pushed_or_defended(top.0, chosen)
}

fn turn(
    view: &View,
    actions: &[Action],
    r: &Reading,
    danger: &Danger,
    tie_break: u64,
    worth: Option<&Worth>,
    persona: &Persona,
) -> (Action, Reason) {
    let hand = view.hand;
    let Some((Candidate { tile, .. }, reason)) =
        choose_discard(&hand, r, danger, tie_break, worth, persona)
    else {
        return (actions[0], Reason::Only);
    };
    // Kongs that keep the shanten number: a free replacement draw.
    let best_s = {
        let mut c = hand;
        c[usize::from(tile)] -= 1;
        regular_shanten(&c)
    };
    for a in actions {
        let t = usize::from(a.tile);
        let after = match a.kind {
            ActionKind::ConcealedKong => {
                let mut c = hand;
                c[t] -= 4;
                regular_shanten(&c)
            }
            ActionKind::AddedKong => {
                let mut c = hand;
                c[t] -= 1;
                regular_shanten(&c)
            }
            _ => continue,
        };
        if after <= best_s {
            return (*a, Reason::Kong);
        }
    }
    let d = Action::new(ActionKind::Discard, tile);
    if actions.contains(&d) {
        (d, reason)
    } else {
        (actions[0], Reason::Only)
    }
}

/// Shanten and live ukeire of a 3n+1 hand; `None` for counts the efficiency call refuses.
fn standing(hand: &Counts, visible: &Counts) -> Option<(i32, u32)> {
    let u = efficiency::ukeire(hand, Forms::REGULAR, Some(visible)).ok()?;
    Some((u.shanten, u.total))
}

/// Best (shanten, live ukeire) after one discard of a 3n+2 hand.
fn best_after_discard(hand: &Counts, visible: &Counts) -> Option<(i32, u32)> {
    let mut best: Option<(i32, u32)> = None;
    efficiency::discards(hand, Forms::REGULAR, Some(visible), |d| {
        let x = (d.shanten, d.ukeire_count);
        if best.is_none_or(|b| (x.0, std::cmp::Reverse(x.1)) < (b.0, std::cmp::Reverse(b.1))) {
            best = Some(x);
        }
    })
    .ok()?;
    best
}

/// The claim decision, and a level's lapse: a claim it would make is overlooked with the
/// level's chance.
fn claim(
    view: &View,
    actions: &[Action],
    r: &Reading,
    worth: Option<&Worth>,
    persona: &Persona,
) -> (Action, Reason) {
    let (a, reason) = claim_rule(view, actions, r, worth);
    if reason == Reason::Claim && persona.lapse(persona.claim_miss, view, LAPSE_CLAIM) {
        return (Action::PASS, Reason::OverlookedClaim);
    }
    (a, reason)
}

fn claim_rule(
    view: &View,
    actions: &[Action],
    r: &Reading,
    worth: Option<&Worth>,
) -> (Action, Reason) {
    let hand = view.hand;
    let t = view.offered;
    if t == NO_TILE {
        return (Action::PASS, Reason::Only);
    }
    let ti = usize::from(t);
    let Some(now) = standing(&hand, &r.counted) else {
        return (Action::PASS, Reason::Only);
    };
    // A claim is taken when the shanten number after it (and the best discard) drops, the
    // lowest (shanten, then most live ukeire) of them; a kong when the shanten number does not
    // rise (it draws a replacement tile). Measured (2,000 duplicate walls against thesis:99):
    // also claiming at equal shanten with 1.5x the ukeire, or only below 3-shanten, or never
    // chowing, all lose win rate and points.
    let mut best: Option<(Action, (i32, u32))> = None;
    for a in actions {
        let mut c = hand;
        match a.kind {
            ActionKind::Pung => c[ti] -= 2,
            ActionKind::Chow => {
                for k in a.tile..a.tile + 3 {
                    if k != t {
                        c[usize::from(k)] -= 1;
                    }
                }
            }
            ActionKind::ExposedKong => {
                c[ti] -= 3;
                if regular_shanten(&c) <= now.0
                    && worth.is_none_or(|w| claim_pays(view, &hand, a, &c, r, w))
                {
                    return (*a, Reason::Claim);
                }
                continue;
            }
            _ => continue,
        }
        let Some(after) = best_after_discard(&c, &r.counted) else {
            continue;
        };
        if after.0 < now.0
            && best.is_none_or(|(_, b)| {
                (after.0, std::cmp::Reverse(after.1)) < (b.0, std::cmp::Reverse(b.1))
            })
        {
            best = Some((*a, after));
        }
    }
    match (best, worth) {
        (Some((a, _)), Some(w)) => {
            let mut c = hand;
            if a.kind == ActionKind::Pung {
                c[ti] -= 2;
            } else {
                for k in a.tile..a.tile + 3 {
                    if k != t {
                        c[usize::from(k)] -= 1;
                    }
                }
            }
            if claim_pays(view, &hand, &a, &c, r, w) {
                (a, Reason::Claim)
            } else {
                (Action::PASS, Reason::PassClaimForValue)
            }
        }
        (b, _) => b.map_or((Action::PASS, Reason::PassClaim), |(a, _)| {
            (a, Reason::Claim)
        }),
    }
}

/// Under tai: whether claiming `a` (leaving the concealed tiles `after`, 3n+2 for a chow or a
/// pung, 3n+1 for a kong) is worth more than passing with the 3n+1 `hand`: the chance to win
/// times the value of the win ([`Worth::hand_value`]) after the claim (and the best discard)
/// against the same for the hand as it is. A claim gives up 門清 and, on a self-draw, 不求 /
/// 門清自摸; it can add a pung of a valued honour.
fn claim_pays(
    view: &View,
    hand: &Counts,
    a: &Action,
    after: &Counts,
    r: &Reading,
    w: &Worth,
) -> bool {
    let meld = match a.kind {
        ActionKind::Chow => w.claimed_meld(crate::tai::MeldKind::Chow, a.tile, view.actor),
        ActionKind::Pung => w.claimed_meld(crate::tai::MeldKind::Pung, a.tile, view.actor),
        _ => w.claimed_meld(crate::tai::MeldKind::Kong, a.tile, view.actor),
    };
    let survive = 1.0;
    let value_of = |h: &Counts, extra, shanten: i32, mask: u64, total: u32| {
        let live = |k: usize| 4u8.saturating_sub(h[k] + r.visible[k]);
        let v = w.hand_value(h, extra, shanten, mask, &live);
        p_win(shanten, f64::from(total), r, survive) * v
    };
    let Ok(now) = efficiency::ukeire(hand, Forms::REGULAR, Some(&r.visible)) else {
        return false;
    };
    let pass = value_of(hand, None, now.shanten, now.mask, now.total);
    let total: u32 = after.iter().map(|&x| u32::from(x)).sum();
    let claimed = if total % 3 == 1 {
        let Ok(u) = efficiency::ukeire(after, Forms::REGULAR, Some(&r.visible)) else {
            return false;
        };
        value_of(after, Some(meld), u.shanten, u.mask, u.total)
    } else {
        // The best discard after the claim by this measure (every discard's shanten and
        // acceptance in one call).
        let mut top = f64::NEG_INFINITY;
        let found = efficiency::discards(after, Forms::REGULAR, Some(&r.visible), |d| {
            let mut h = *after;
            h[usize::from(d.tile())] -= 1;
            top = top.max(value_of(
                &h,
                Some(meld),
                d.shanten,
                d.ukeire_mask,
                d.ukeire_count,
            ));
        });
        if found.is_err() {
            return false;
        }
        top
    };
    claimed >= pass
}

#[cfg(test)]
mod tests;
