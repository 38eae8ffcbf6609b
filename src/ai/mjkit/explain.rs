//! Hints ([`crate::ai::hint`]): the seat's options as mjkit's full bot reads them (live tiles,
//! the danger model, the win-probability estimate, the value under tai) and the choice of the
//! configured level with the rule that made it.

use super::discard::Candidate;
use super::level::Persona;
use super::value::Worth;
use super::{DangerModel, Reading, decide_explained, efficient_choice, p_win, read, tai_rules};
use crate::ai::hint::{Hint, HintOption, Reason, TaiHint, ValueUnit, VariantHint};
use crate::ai::{BotConfig, UNREACHABLE, regular_shanten, thesis::after_claim};
use crate::efficiency;
use crate::forms::Forms;
use crate::table::{Action, ActionKind, Offer, Phase, SEATS, View, legal_actions};
use crate::tai::{self, MeldKind, WinHow};
use crate::tile::{Counts, TILE_KINDS};

/// The hint for `view`'s seat with `cfg` (an mjkit configuration), or `None` when the seat has
/// no decision to make.
pub(in crate::ai) fn hint(view: &View, cfg: &BotConfig) -> Option<Hint> {
    let legal = legal_actions(view);
    if legal.is_empty() {
        return None;
    }
    let (choice, reason) = if view.phase == Phase::Claim && view.offer == Offer::Flower {
        let a = crate::ai::decide(view, cfg);
        let reason = if a.kind == ActionKind::Pass {
            Reason::Only
        } else {
            Reason::FlowerWin
        };
        (a, reason)
    } else {
        decide_explained(view, cfg)
    };
    // The level's efficient discard, before danger and value: what its choice weighed.
    let efficient = (view.phase == Phase::Turn)
        .then(|| {
            let persona = Persona::new(cfg.level, cfg.tie_break, view);
            let mut buf = [Candidate::NONE; TILE_KINDS];
            efficient_choice(
                &view.hand,
                &read(view, &persona),
                cfg.tie_break,
                &persona,
                &mut buf,
            )
            .map(|(_, c, _)| Action::new(ActionKind::Discard, c.tile))
        })
        .flatten();
    let r = read(view, &Persona::FULL);
    let model = DangerModel::new(view, &r.unseen);
    let me = usize::from(view.seat);
    let danger: [f64; TILE_KINDS] = std::array::from_fn(|k| model.of(k));
    let ready: [f64; SEATS] = std::array::from_fn(|o| {
        if o == me {
            0.0
        } else {
            super::danger::ready_probability(view, o)
        }
    });
    let worth = tai_rules(view).map(|(rules, deals)| Worth::new(view, &rules, deals));
    let ctx = Context {
        view,
        r: &r,
        survive: model.survive,
        worth: worth.as_ref(),
    };
    let mut options: Vec<HintOption> = legal
        .as_slice()
        .iter()
        .map(|a| {
            let mut o = ctx.evaluate(a);
            if a.kind == ActionKind::Discard {
                o.danger = danger[usize::from(a.tile)];
            }
            o
        })
        .collect();
    // Stable: equal options keep the order of the legal actions.
    options.sort_by(|a, b| {
        a.shanten
            .cmp(&b.shanten)
            .then_with(|| b.live.cmp(&a.live))
            .then_with(|| a.danger.total_cmp(&b.danger))
    });
    let shanten = match view.phase {
        Phase::Turn => options
            .iter()
            .map(|o| o.shanten)
            .min()
            .unwrap_or(UNREACHABLE),
        _ => regular_shanten(&view.hand),
    };
    let variant = match &worth {
        Some(w) => VariantHint::Tai(TaiHint {
            deal_in_tai: std::array::from_fn(|o| {
                if o == me {
                    0.0
                } else {
                    w.opponent_tai(view, o)
                }
            }),
            deal_in_payment: std::array::from_fn(|o| w.deal_in(o)),
        }),
        None => VariantHint::Thesis,
    };
    Some(Hint {
        seat: view.seat,
        phase: view.phase,
        shanten,
        options,
        danger,
        ready,
        choice,
        reason,
        efficient,
        value_unit: if worth.is_some() {
            ValueUnit::Tai
        } else {
            ValueUnit::None
        },
        variant,
    })
}

/// What every option's evaluation reads.
struct Context<'a> {
    view: &'a View,
    r: &'a Reading,
    survive: f64,
    worth: Option<&'a Worth>,
}

impl Context<'_> {
    /// Shanten, live acceptance, accepted kinds, win chance and value of the 3n+1 `hand`
    /// (with the meld `extra` being declared).
    fn standing(&self, hand: &Counts, extra: Option<tai::Meld>) -> HintOption {
        let (shanten, live, accepted) =
            match efficiency::ukeire(hand, Forms::REGULAR, Some(&self.r.visible)) {
                Ok(u) => (u.shanten, u.total, u.mask),
                Err(_) => (regular_shanten(hand), 0, 0),
            };
        let value = self.worth.map_or(0.0, |w| {
            let live = |k: usize| 4u8.saturating_sub(hand[k] + self.r.visible[k]);
            w.hand_tai(hand, extra, shanten, accepted, &live).0
        });
        HintOption {
            action: Action::PASS,
            shanten,
            live,
            accepted,
            danger: 0.0,
            win_chance: p_win(shanten, f64::from(live), self.r, self.survive),
            value,
        }
    }

    /// A won hand.
    fn won(&self, value: f64) -> HintOption {
        HintOption {
            action: Action::PASS,
            shanten: -1,
            live: 0,
            accepted: 0,
            danger: 0.0,
            win_chance: 1.0,
            value,
        }
    }

    fn evaluate(&self, a: &Action) -> HintOption {
        let v = self.view;
        let hand = v.hand;
        let t = usize::from(a.tile);
        let meld = |kind| Some(tai::Meld::new(kind, a.tile, v.actor));
        let o = match a.kind {
            ActionKind::Discard => {
                let mut h = hand;
                h[t] -= 1;
                self.standing(&h, None)
            }
            ActionKind::Chow | ActionKind::Pung => {
                let kind = if a.kind == ActionKind::Chow {
                    MeldKind::Chow
                } else {
                    MeldKind::Pung
                };
                match after_claim(&hand, v.offered, *a).and_then(|c| self.best_discard(&c)) {
                    Some(h) => self.standing(&h, meld(kind)),
                    None => self.standing(&hand, None),
                }
            }
            ActionKind::ExposedKong => match after_claim(&hand, v.offered, *a) {
                Some(h) => self.standing(&h, meld(MeldKind::Kong)),
                None => self.standing(&hand, None),
            },
            ActionKind::ConcealedKong => {
                let mut h = hand;
                h[t] -= 4;
                let own = tai::Meld::new(MeldKind::ConcealedKong, a.tile, v.seat);
                self.standing(&h, Some(own))
            }
            ActionKind::AddedKong => {
                let mut h = hand;
                h[t] -= 1;
                self.standing(&h, None)
            }
            ActionKind::Win => {
                let value = self.worth.and_then(|w| {
                    if v.phase == Phase::Turn {
                        w.win_tai(&hand, a.tile, WinHow::SelfDrawn, v.seat)
                    } else {
                        let mut c = hand;
                        c[t] += 1;
                        let how = if v.offer == Offer::AddedKong {
                            WinHow::RobbingKong
                        } else {
                            WinHow::Discard
                        };
                        w.win_tai(&c, a.tile, how, v.actor)
                    }
                });
                self.won(value.unwrap_or(0.0))
            }
            ActionKind::EightFlowers | ActionKind::RobFlower => self.won(0.0),
            ActionKind::Pass => self.standing(&hand, None),
            // Riichi's own actions: a riichi view is refused before a hint is read
            // (`hint_validated`), so they stand for the hand unchanged.
            ActionKind::Riichi | ActionKind::NineTerminals => self.standing(&hand, None),
        };
        HintOption { action: *a, ..o }
    }

    /// The 3n+1 hand after the best discard (lowest shanten, then most live acceptance) of
    /// the 3n+2 `hand`.
    fn best_discard(&self, hand: &Counts) -> Option<Counts> {
        let mut best: Option<(i32, u32, u8)> = None;
        efficiency::discards(hand, Forms::REGULAR, Some(&self.r.visible), |d| {
            let x = (d.shanten, d.ukeire_count, d.tile());
            if best.is_none_or(|b| (x.0, std::cmp::Reverse(x.1)) < (b.0, std::cmp::Reverse(b.1))) {
                best = Some(x);
            }
        })
        .ok()?;
        let (_, _, tile) = best?;
        let mut h = *hand;
        h[usize::from(tile)] -= 1;
        Some(h)
    }
}
