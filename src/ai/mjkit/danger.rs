//! The danger model of mjkit's bot: one exact rule ([`passed_since_change`]) and two logistic
//! models, the ready model ([`ready_features`], one [`ReadyFeatures`] per opponent) and the wait
//! model ([`wait_features`], one [`WaitFeatures`] per kind), whose fitted weights are
//! [`READY_WEIGHTS`] and [`WAIT_WEIGHTS`] (`weights.rs`, written in the form the lab's
//! calibration program prints).

use super::SURVIVE_SLOPE;
use super::features::{ReadyFeatures, WaitFeatures};
use super::weights::{READY_WEIGHTS, WAIT_WEIGHTS};
use crate::ai::thesis::drawable;
use crate::table::{DiscardEntry, MeldKind, SEATS, View};
use crate::tile::{Counts, HONOR_START, TILE_KINDS};

/// The danger model for one view: each opponent's ready probability and wait context, built
/// once per turn; the danger of a kind is read from it when the decision asks for it.
pub(super) struct DangerModel<'a> {
    /// Per seat (`None` for the view's own): the ready probability and the wait context.
    opponents: [Option<(f64, WaitContext<'a>)>; SEATS],
    /// Probability per cycle that nobody else wins.
    pub(super) survive: f64,
}

impl<'a> DangerModel<'a> {
    /// The model for `view`, with the copies its seat has not seen.
    pub(super) fn new(view: &View, unseen: &'a [u8; TILE_KINDS]) -> Self {
        let me = usize::from(view.seat);
        let opponents: [Option<(f64, WaitContext<'a>)>; SEATS] = std::array::from_fn(|o| {
            // Tiles that passed `o` since its hand last changed are not its waits.
            (o != me).then(|| {
                (
                    ready_probability(view, o),
                    WaitContext::new(view, o, unseen, passed_since_change(view, o)),
                )
            })
        });
        let threat: f64 = opponents.iter().flatten().map(|(p, _)| p).sum();
        // Each cycle a ready opponent completes with roughly the chance of its own draw plus
        // the discards it sees.
        let survive = (1.0 - SURVIVE_SLOPE * threat).clamp(0.5, 1.0);
        DangerModel { opponents, survive }
    }

    /// The chance that discarding kind `k` now deals in:
    /// `1 - prod over opponents (1 - P(ready) P(k wait | ready))`.
    pub(super) fn of(&self, k: usize) -> f64 {
        let mut safe = 1.0;
        for (p, ctx) in self.opponents.iter().flatten() {
            if ctx.passed & (1 << k) == 0 {
                safe *= 1.0 - p * ctx.row(k).probability(&WAIT_WEIGHTS);
            }
        }
        1.0 - safe
    }

    /// Per seat, the chance that discarding kind `k` now deals in to it alone,
    /// `P(ready) P(k wait | ready)` (0 for the view's own seat and where the rule settles it);
    /// [`DangerModel::of`] combines them.
    pub(super) fn each(&self, k: usize) -> [f64; SEATS] {
        std::array::from_fn(|o| match &self.opponents[o] {
            Some((p, ctx)) if ctx.passed & (1 << k) == 0 => {
                p * ctx.row(k).probability(&WAIT_WEIGHTS)
            }
            _ => 0.0,
        })
    }
}

#[cfg(any(test, feature = "lab"))]
/// The wait model's chance, per kind, that it is among opponent `o`'s waits if `o` is ready
/// (0 for the kinds of [`passed_since_change`]), from `view` alone.
pub fn wait_probabilities(view: &View, o: usize) -> [f64; TILE_KINDS] {
    let unseen = unseen(view, &view.visible());
    let ctx = WaitContext::new(view, o, &unseen, passed_since_change(view, o));
    let mut out = [0.0; TILE_KINDS];
    for (k, p) in out.iter_mut().enumerate() {
        if ctx.passed & (1 << k) == 0 {
            *p = ctx.row(k).probability(&WAIT_WEIGHTS);
        }
    }
    out
}

#[cfg(any(test, feature = "lab"))]
/// The bot's danger per kind for `view`'s seat: the chance that discarding the kind now deals
/// in, `1 - prod over opponents (1 - P(ready) P(wait | ready))`, from the view alone (a game
/// can show it as a hint to a human player).
pub fn danger(view: &View) -> [f64; TILE_KINDS] {
    let r = super::read(view, &super::level::Persona::FULL);
    let m = DangerModel::new(view, &r.unseen);
    std::array::from_fn(|k| m.of(k))
}

/// `ln(1 + x)` for the wait model's shape counts: sums of products of unseen copies, so small
/// whole numbers, read from a table filled by the same expression (the same value, without a
/// logarithm per kind and opponent).
fn ln_1p(x: f64) -> f64 {
    static TABLE: std::sync::LazyLock<[f64; 128]> =
        std::sync::LazyLock::new(|| std::array::from_fn(|i| (1.0 + i as f64).ln()));
    let i = x as usize;
    if i < 128 && i as f64 == x {
        TABLE[i]
    } else {
        (1.0 + x).ln()
    }
}

fn is_middle(k: usize) -> bool {
    k < HONOR_START && (2..=6).contains(&(k % 9))
}

/// Inputs of the ready model for opponent `o`, from the view alone: a constant, its discards
/// / 10, its melds scaled to five sets, tsumogiri and middle tiles (3 to 7) among its last
/// three discards, the draws left / 50, (discards / 10)^2, whether its last discard was
/// tsumogiri, honours and terminals among its last three discards, the length of its run of
/// tsumogiri at the end / 3, middle tiles discarded from the hand among its last three,
/// middle tiles among its last six, discards from the hand among its last six, and
/// (melds / 5)^2.
pub fn ready_features(view: &View, o: usize) -> ReadyFeatures {
    let mut n = 0usize;
    let mut own = [DiscardEntry::EMPTY; 6];
    for d in view.discard_list() {
        if usize::from(d.seat) == o {
            own = [own[1], own[2], own[3], own[4], own[5], *d];
            n += 1;
        }
    }
    let recent = &own[6 - n.min(3)..];
    let recent6 = &own[6 - n.min(6)..];
    let tsumogiri = recent.iter().filter(|d| d.drawn_and_discarded).count() as f64;
    let middle = recent
        .iter()
        .filter(|d| is_middle(usize::from(d.tile)))
        .count() as f64;
    let middle_hand = recent
        .iter()
        .filter(|d| is_middle(usize::from(d.tile)) && !d.drawn_and_discarded)
        .count() as f64;
    let middle6 = recent6
        .iter()
        .filter(|d| is_middle(usize::from(d.tile)))
        .count() as f64;
    let hand6 = recent6.iter().filter(|d| !d.drawn_and_discarded).count() as f64;
    let streak = recent6
        .iter()
        .rev()
        .take_while(|d| d.drawn_and_discarded)
        .count() as f64;
    let edge = recent.len() as f64 - middle;
    let sets = view.rules.variant.sets() as f64;
    let nd = n as f64 / 10.0;
    let melds = f64::from(view.meld_counts[o]) * 5.0 / sets;
    ReadyFeatures {
        bias: 1.0,
        discards: nd,
        melds,
        tsumogiri,
        middle,
        draws_left: f64::from(drawable(view)) / 50.0,
        discards_squared: nd * nd,
        last_tsumogiri: f64::from(u8::from(n > 0 && own[5].drawn_and_discarded)),
        edge,
        tsumogiri_run: streak / 3.0,
        middle_from_hand: middle_hand,
        middle_last_six: middle6,
        from_hand_last_six: hand6,
        melds_squared: melds * melds / 5.0,
    }
}

#[cfg(any(test, feature = "lab"))]
/// Inputs of the wait model for every kind, opponent `o` assumed ready: a constant,
/// ln(1 + live sequence shapes waiting on the kind), its unseen copies, the unseen pairs of it,
/// whether `o` discarded it, honour, terminal, 2 or 8, whether `o` discarded the tile three
/// apart (suji), whether `o` discarded a neighbour (one or two apart), whether another seat
/// discarded it after `o`'s third-last discard, after its second-last and after its sixth-last,
/// whether `o` discarded it among its last three discards, honour x unseen copies, the share
/// of `o`'s discards in the kind's suit, `o`'s discards from the hand in that suit among its
/// last six, `o`'s melds in that suit, whether `o` discarded it among its first six, whether
/// `o` discarded a neighbour from the hand among its last three, 3 or 7, live ryanmen shapes,
/// live kanchan / penchan shapes, the tiles of the suit `o` discarded in its last six, and
/// whether the kind is a single-wait candidate only (no live sequence shape).
pub fn wait_features(
    view: &View,
    o: usize,
    unseen: &[u8; TILE_KINDS],
) -> [WaitFeatures; TILE_KINDS] {
    let ctx = WaitContext::new(view, o, unseen, passed_since_change(view, o));
    let mut out = [WaitFeatures::default(); TILE_KINDS];
    for (k, row) in out.iter_mut().enumerate() {
        *row = ctx.row(k);
    }
    out
}

/// What the wait model reads of one opponent's discards, computed once per opponent; the
/// inputs of one kind come from [`WaitContext::row`].
struct WaitContext<'a> {
    unseen: &'a [u8; TILE_KINDS],
    passed: u64,
    discarded: [bool; TILE_KINDS],
    passed_2: [bool; TILE_KINDS],
    passed_3: [bool; TILE_KINDS],
    passed_6: [bool; TILE_KINDS],
    recent_own: [bool; TILE_KINDS],
    recent_hand: [bool; TILE_KINDS],
    early: [bool; TILE_KINDS],
    suit_disc: [u32; 4],
    suit_hand6: [u32; 4],
    suit_recent6: [u32; 4],
    suit_melds: [u32; 4],
    own_total: f64,
    tedashi: [usize; 2],
}

impl<'a> WaitContext<'a> {
    fn new(view: &View, o: usize, unseen: &'a [u8; TILE_KINDS], passed: u64) -> Self {
        let mut discarded = [false; TILE_KINDS];
        // Discards of others after o's second-last, third-last and sixth-last discard (those after
        // its last are in `passed_since_change`, left out of the model).
        let mut passed_3 = [false; TILE_KINDS];
        let mut passed_2 = [false; TILE_KINDS];
        let mut passed_6 = [false; TILE_KINDS];
        let mut recent_own = [false; TILE_KINDS];
        let mut recent_hand = [false; TILE_KINDS];
        let mut suit_disc = [0u32; 4];
        let mut suit_hand6 = [0u32; 4];
        let mut suit_recent6 = [0u32; 4];
        let list = view.discard_list();
        let mut own_seen = 0;
        for d in list.iter().rev() {
            let t = usize::from(d.tile);
            if usize::from(d.seat) == o {
                discarded[t] = true;
                suit_disc[t / 9] += 1;
                if own_seen < 3 {
                    recent_own[t] = true;
                    if !d.drawn_and_discarded {
                        recent_hand[t] = true;
                    }
                }
                if own_seen < 6 {
                    suit_recent6[t / 9] += 1;
                    if !d.drawn_and_discarded {
                        suit_hand6[t / 9] += 1;
                    }
                }
                own_seen += 1;
            } else if usize::from(d.claimed_by) != o {
                if own_seen < 2 {
                    passed_2[t] = true;
                }
                if own_seen < 3 {
                    passed_3[t] = true;
                }
                if own_seen < 6 {
                    passed_6[t] = true;
                }
            }
        }
        // o's last two discards from the hand (the last one often made it ready).
        let mut tedashi = [usize::MAX; 2];
        let mut nt = 0;
        for d in list.iter().rev() {
            if usize::from(d.seat) == o && !d.drawn_and_discarded {
                tedashi[nt] = usize::from(d.tile);
                nt += 1;
                if nt == 2 {
                    break;
                }
            }
        }
        let mut early = [false; TILE_KINDS];
        let mut seen_o = 0;
        for d in list {
            if usize::from(d.seat) == o {
                if seen_o < 6 {
                    early[usize::from(d.tile)] = true;
                }
                seen_o += 1;
            }
        }
        let own_total = f64::from(own_seen.max(1) as u32);
        let mut suit_melds = [0u32; 4];
        for m in view.melds_of(o) {
            if usize::from(m.tile) < TILE_KINDS {
                suit_melds[usize::from(m.tile) / 9] += 1;
            }
        }
        WaitContext {
            unseen,
            passed,
            discarded,
            passed_2,
            passed_3,
            passed_6,
            recent_own,
            recent_hand,
            early,
            suit_disc,
            suit_hand6,
            suit_recent6,
            suit_melds,
            own_total,
            tedashi,
        }
    }

    /// Position of `k` from the tile kind `t` in the same suit: (one apart, two apart, three
    /// apart, the same kind).
    fn rel(k: usize, t: usize) -> (f64, f64, f64, f64) {
        if t >= TILE_KINDS || k >= HONOR_START || t >= HONOR_START || k / 9 != t / 9 {
            return (0.0, 0.0, 0.0, f64::from(u8::from(t == k)));
        }
        let d = (k as i32 - t as i32).abs();
        (
            f64::from(u8::from(d == 1)),
            f64::from(u8::from(d == 2)),
            f64::from(u8::from(d == 3)),
            f64::from(u8::from(d == 0)),
        )
    }

    /// The wait model's inputs for kind `k` (see [`wait_features`]).
    fn row(&self, k: usize) -> WaitFeatures {
        let u = |k: usize| f64::from(self.unseen[k]);
        let (passed, discarded, recent_hand) = (self.passed, &self.discarded, &self.recent_hand);
        let uk = u(k);
        let (mut ryanmen, mut closed, mut ryan_cut) = (0.0, 0.0, 0.0);
        let (mut honour, mut terminal, mut two_eight, mut three_seven, mut suji, mut near) =
            (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
        let mut near_hand = 0.0;
        let suit = k / 9;
        if k < HONOR_START {
            let n = k % 9;
            // A two-sided wait on k also waits on the tile three away: when that tile passed
            // `o` since its hand last changed, this shape is not `o`'s.
            if n >= 2 {
                let x = u(k - 2) * u(k - 1);
                if n == 2 {
                    closed += x
                } else if passed & (1 << (k - 3)) != 0 {
                    ryan_cut += x
                } else {
                    ryanmen += x
                }
            }
            if n <= 6 {
                let x = u(k + 1) * u(k + 2);
                if n == 6 {
                    closed += x
                } else if passed & (1 << (k + 3)) != 0 {
                    ryan_cut += x
                } else {
                    ryanmen += x
                }
            }
            if (1..=7).contains(&n) {
                closed += u(k - 1) * u(k + 1);
            }
            terminal = f64::from(u8::from(n == 0 || n == 8));
            two_eight = f64::from(u8::from(n == 1 || n == 7));
            three_seven = f64::from(u8::from(n == 2 || n == 6));
            let d = |m: i32, set: &[bool; TILE_KINDS]| -> bool {
                let x = n as i32 + m;
                (0..9).contains(&x) && set[k - n + x as usize]
            };
            suji = f64::from(u8::from(d(-3, discarded) || d(3, discarded)));
            near = f64::from(u8::from(
                d(-2, discarded) || d(-1, discarded) || d(1, discarded) || d(2, discarded),
            ));
            near_hand = f64::from(u8::from(
                d(-2, recent_hand) || d(-1, recent_hand) || d(1, recent_hand) || d(2, recent_hand),
            ));
        } else {
            honour = 1.0;
        }
        let seq = ryanmen + closed + ryan_cut;
        let b = |x: bool| f64::from(u8::from(x));
        WaitFeatures {
            bias: 1.0,
            shapes: ln_1p(seq),
            unseen: uk,
            unseen_pairs: uk * (uk - 1.0) / 2.0,
            discarded: b(discarded[k]),
            honour,
            terminal,
            two_eight,
            suji,
            near,
            passed_third_last: b(self.passed_3[k]),
            passed_second_last: b(self.passed_2[k]),
            passed_sixth_last: b(self.passed_6[k]),
            recent: b(self.recent_own[k]),
            honour_unseen: honour * uk,
            suit_share: if suit < 3 {
                f64::from(self.suit_disc[suit]) / self.own_total
            } else {
                0.0
            },
            suit_from_hand_last_six: if suit < 3 {
                f64::from(self.suit_hand6[suit])
            } else {
                0.0
            },
            suit_melds: f64::from(self.suit_melds[suit]),
            early: b(self.early[k]),
            near_from_hand: near_hand,
            three_seven,
            ryanmen: ln_1p(ryanmen),
            closed: ln_1p(closed),
            suit_last_six: if suit < 3 {
                f64::from(self.suit_recent6[suit])
            } else {
                0.0
            },
            no_sequence: b(seq == 0.0),
            ryanmen_cut: ln_1p(ryan_cut),
            only_cut: b(ryanmen == 0.0 && ryan_cut > 0.0),
            last_change_one_apart: Self::rel(k, self.tedashi[0]).0,
            last_change_two_apart: Self::rel(k, self.tedashi[0]).1,
            last_change_three_apart: Self::rel(k, self.tedashi[0]).2,
            last_change_same: Self::rel(k, self.tedashi[0]).3,
            previous_change_one_apart: Self::rel(k, self.tedashi[1]).0,
            previous_change_two_apart: Self::rel(k, self.tedashi[1]).1,
            previous_change_three_apart: Self::rel(k, self.tedashi[1]).2,
            last_change_suit: f64::from(u8::from(
                self.tedashi[0] < TILE_KINDS && self.tedashi[0] / 9 == k / 9,
            )),
        }
    }
}

/// Kinds that cannot be among opponent `o`'s waits if `o` is ready and always wins when it can:
/// every tile discarded since `o`'s concealed tiles last changed. That is its last discard from
/// the hand rather than of the tile just drawn, or its last claim; when `o` declared an added or
/// concealed kong (which changes the hand without a discard and is not dated in the view), its
/// last discard of any kind. A tile another seat discarded since then passed `o` without a win;
/// a tile `o` drew and discarded at once did not complete its hand.
pub fn passed_since_change(view: &View, o: usize) -> u64 {
    let own_kong = view
        .melds_of(o)
        .iter()
        .any(|m| matches!(m.kind, MeldKind::AddedKong | MeldKind::ConcealedKong));
    let mut m = 0u64;
    for d in view.discard_list().iter().rev() {
        let t = u64::from(d.tile);
        if usize::from(d.seat) == o {
            if own_kong || !d.drawn_and_discarded {
                break;
            }
            m |= 1 << t;
        } else if usize::from(d.claimed_by) == o {
            break;
        } else {
            m |= 1 << t;
        }
    }
    m
}

/// Copies of each kind that `view`'s seat has not seen: 4 minus `visible` (its
/// [`View::visible`]) minus its own concealed tiles.
pub fn unseen(view: &View, visible: &Counts) -> [u8; TILE_KINDS] {
    std::array::from_fn(|k| 4u8.saturating_sub(visible[k] + view.hand[k]))
}

/// Chance that opponent `o` is ready (the fitted ready model).
pub fn ready_probability(view: &View, o: usize) -> f64 {
    ready_features(view, o).probability(&READY_WEIGHTS)
}
