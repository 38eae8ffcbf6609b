//! What a win is worth when the table scores with tai: the bot's estimate of its own hand's
//! payment if it wins, and of what dealing in to each opponent costs.
//!
//! **Own hand.** A ready hand (3n+1 tiles at shanten 0) is scored exactly: for every waiting
//! kind, [`crate::tai::score`] of the hand completed by a discard and by a self-draw (the
//! dealer's tai apart), averaged over the kinds weighted by their live copies. A hand further
//! from ready is valued by the patterns its tiles already hold, as they stand if the hand wins
//! without changing them ([`Worth::tai_estimate`]): the flowers (正花, 花槓), 門清 while
//! nothing is claimed, pungs of dragons and of the seat and prevalent winds (half a pung for a
//! pair of them), the colour (混一色 / 清一色 / 字一色 when every tile, melds included, is of
//! one suit and honours), and three or more concealed pungs; a self-draw adds 自摸 and, while
//! concealed, 不求 / 門清自摸 as the rules combine them. A win by self-draw is paid by the
//! three others; the dealer's tai (莊家, 連莊, 拉莊) count in the payments the dealer takes part
//! in. A win comes by self-draw with share [`SELF_DRAWN_SHARE`].
//!
//! **Opponents.** Dealing in to opponent `o` costs `base + price × tai`, where the tai are what
//! the view shows of `o`'s hand: its flowers, 門清 while it has claimed nothing, its declared
//! pungs of dragons and of its winds, a flush signal when all its declared melds (two or more)
//! are of one suit and honours, the dealer's tai when `o` or this seat is the dealer, and
//! [`HIDDEN_TAI`] for what the concealed tiles add (獨聽, 平胡, concealed pungs).
//!
//! Under the thesis' ±1 scheme none of this is built: the bot plays exactly as its value-blind
//! self.

use crate::table::{MeldKind as TableMeld, SEATS, View};
use crate::tai::{self, MeldKind, Pattern, TaiRules, WinFacts, WinHow};
use crate::tile::{Counts, HONOR_START, TILE_KINDS};

/// Share of wins that come by self-draw: measured, mjkit's wins against three thesis bots at
/// AttackLevel 99 (which never fold, so most wins come on their discards) are 24% self-drawn
/// (812 of 3,348 on 3,000 duplicate walls under the thesis' scheme; 23.8% under tai).
pub(super) const SELF_DRAWN_SHARE: f64 = 0.24;

/// What a win is worth under the thesis' scheme with the same share of self-draws: a discard
/// win +1, a self-draw +3. Values under tai are divided by the tai value of a deal-in to put
/// them on this scale.
pub(super) const THESIS_WIN: f64 = (1.0 - SELF_DRAWN_SHARE) + SELF_DRAWN_SHARE * 3.0;

/// Tai an opponent's concealed tiles add on average beyond what its melds and flowers show
/// (獨聽, 平胡, concealed pungs, a dragon pung in the hand).
pub(super) const HIDDEN_TAI: f64 = 1.0;

/// Chance that a pair of a valued honour (a dragon, the seat or prevalent wind) ends as a pung.
const PAIR_TO_PUNG: f64 = 0.5;

/// Chance that an opponent whose declared melds are all of one suit and honours ends with a
/// flush, by the number of those melds (0 and 1: no signal).
const FLUSH_SIGNAL: [f64; 6] = [0.0, 0.0, 0.35, 0.6, 0.8, 0.9];

/// The value context of one decision under tai.
pub(super) struct Worth {
    rules: TaiRules,
    me: u8,
    dealer: u8,
    prevalent_wind: u8,
    /// This seat's declared melds, as the tai engine reads them.
    melds: [tai::Meld; tai::MAX_MELDS],
    meld_count: usize,
    /// This seat's flowers by number (1..=8).
    flowers: [u8; tai::FLOWERS],
    flower_count: usize,
    /// Tai of the dealer's patterns (莊家, 連莊, 拉莊).
    dealer_tai: f64,
    /// What dealing in to each seat costs (0 for this seat).
    deal_in: [f64; SEATS],
}

/// The seat wind of `seat` when `dealer` sits East.
fn seat_wind(seat: u8, dealer: u8) -> usize {
    usize::from((seat + SEATS as u8 - dealer % SEATS as u8) % SEATS as u8)
}

/// Tai of the flowers of `seat` (bit f of `bits` = flower number f + 1): 正花 per own flower, 花槓
/// per complete set (and its own flower as the rules say).
fn flower_tai(rules: &TaiRules, bits: u8, wind: usize) -> f64 {
    let own = rules.seat_flowers(wind);
    let mut t = 0.0;
    for set in [0x0fu8, 0xf0] {
        let complete = bits & set == set;
        if complete {
            t += f64::from(rules.value(Pattern::FlowerKong));
        }
        let held = bits & set & own;
        if held != 0 && (!complete || rules.flower_kong_keeps_seat_flower()) {
            t += f64::from(held.count_ones() * u32::from(rules.value(Pattern::SeatFlower)));
        }
    }
    t
}

impl Worth {
    /// The value context of `view`'s seat under `rules`; `consecutive_deals` is the dealer's
    /// count of consecutive deals (連N).
    pub(super) fn new(view: &View, rules: &TaiRules, consecutive_deals: u8) -> Worth {
        let me = view.seat;
        let mut melds = [tai::Meld::new(MeldKind::ConcealedKong, 0, 0); tai::MAX_MELDS];
        let own = view.melds_of(usize::from(me));
        let meld_count = own.len().min(tai::MAX_MELDS);
        for (slot, m) in melds.iter_mut().zip(own) {
            *slot = crate::table::tai_meld(m, me);
        }
        let mut flowers = [0u8; tai::FLOWERS];
        let mut flower_count = 0;
        for f in 0..8u8 {
            if view.flowers[usize::from(me)] >> f & 1 != 0 {
                flowers[flower_count] = f + 1;
                flower_count += 1;
            }
        }
        let n = f64::from(consecutive_deals);
        let dealer_tai = f64::from(rules.value(Pattern::Dealer))
            + n * f64::from(rules.value(Pattern::ConsecutiveDeal))
            + n * f64::from(rules.value(Pattern::DealerPull));
        let mut w = Worth {
            rules: *rules,
            me,
            dealer: view.dealer,
            prevalent_wind: view.prevalent_wind,
            melds,
            meld_count,
            flowers,
            flower_count,
            dealer_tai,
            deal_in: [0.0; SEATS],
        };
        for o in 0..SEATS {
            if o != usize::from(me) {
                w.deal_in[o] = w.payment(w.opponent_tai(view, o));
            }
        }
        w
    }

    /// `base + price × tai`.
    fn payment(&self, tai: f64) -> f64 {
        f64::from(self.rules.base) + f64::from(self.rules.price) * tai
    }

    /// The mean cost of a deal-in over the opponents weighted by `weights` (each one's chance
    /// of being the one dealt in to); the plain mean when every weight is 0.
    pub(super) fn deal_in_weighted(&self, weights: &[f64; SEATS]) -> f64 {
        let me = usize::from(self.me);
        let (mut num, mut den) = (0.0, 0.0);
        for o in (0..SEATS).filter(|&o| o != me) {
            num += weights[o] * self.deal_in[o];
            den += weights[o];
        }
        if den > 0.0 {
            num / den
        } else {
            (0..SEATS)
                .filter(|&o| o != me)
                .map(|o| self.deal_in[o])
                .sum::<f64>()
                / (SEATS - 1) as f64
        }
    }

    /// What the view shows of opponent `o`'s tai if this seat deals in to it.
    pub(super) fn opponent_tai(&self, view: &View, o: usize) -> f64 {
        let r = &self.rules;
        let wind = seat_wind(o as u8, self.dealer);
        let mut t = HIDDEN_TAI + flower_tai(r, view.flowers[o], wind);
        if o == usize::from(self.dealer) || self.me == self.dealer {
            t += self.dealer_tai;
        }
        let melds = view.melds_of(o);
        if melds.iter().all(|m| m.kind == TableMeld::ConcealedKong) {
            t += f64::from(r.value(Pattern::Concealed));
        }
        let mut suits = 0u8;
        let mut honours = false;
        for m in melds {
            let k = usize::from(m.tile);
            if k >= TILE_KINDS {
                continue; // another seat's concealed kong: tile unseen
            }
            if m.kind != TableMeld::Chow {
                t += self.honour_pung_tai(k, wind);
            }
            if k < HONOR_START {
                suits |= 1 << (k / 9);
            } else {
                honours = true;
            }
        }
        if suits.count_ones() == 1 {
            let p = FLUSH_SIGNAL[melds.len().min(FLUSH_SIGNAL.len() - 1)];
            let flush = if honours {
                r.value(Pattern::HalfFlush)
            } else {
                // Likely 混一色 or 清一色: count the lesser.
                r.value(Pattern::HalfFlush).min(r.value(Pattern::FullFlush))
            };
            t += p * f64::from(flush);
        }
        t
    }

    /// Tai of a pung of kind `k` for a seat of wind `wind` (dragons, seat and prevalent wind).
    fn honour_pung_tai(&self, k: usize, wind: usize) -> f64 {
        let r = &self.rules;
        let mut t = 0.0;
        if k >= HONOR_START + 4 {
            t += f64::from(r.value(Pattern::DragonPung));
        } else if k >= HONOR_START {
            if k - HONOR_START == wind {
                t += f64::from(r.value(Pattern::SeatWind));
            }
            if k - HONOR_START == usize::from(self.prevalent_wind) {
                t += f64::from(r.value(Pattern::PrevalentWind));
            }
        }
        t
    }

    /// Whether this seat has claimed a meld (anything but a concealed kong), with `extra` (a
    /// meld being considered) counted.
    fn claimed(&self, extra: Option<tai::Meld>) -> bool {
        self.melds[..self.meld_count]
            .iter()
            .chain(extra.iter())
            .any(tai::Meld::is_claimed)
    }

    /// Tai a self-draw adds to a discard win: 自摸, and while concealed 不求 / 門清自摸 as the
    /// rules combine it with 門清 and 自摸.
    fn self_drawn_extra(&self, concealed: bool) -> f64 {
        let r = &self.rules;
        let v = |p| f64::from(r.value(p));
        let mut t = v(Pattern::SelfDrawn);
        if concealed && r.value(Pattern::ConcealedSelfDrawn) > 0 {
            t += v(Pattern::ConcealedSelfDrawn);
            if !r.concealed_self_drawn_keeps_concealed() {
                t -= v(Pattern::Concealed);
            }
            if !r.concealed_self_drawn_keeps_self_drawn() {
                t -= v(Pattern::SelfDrawn);
            }
        }
        t
    }

    /// Estimated tai of a win on a discard by the 3n+1 concealed `hand` with this seat's
    /// melds and `extra`, from the patterns its tiles already hold (see the module's notes);
    /// the dealer's tai apart.
    pub(super) fn tai_estimate(&self, hand: &Counts, extra: Option<tai::Meld>) -> f64 {
        let r = &self.rules;
        let v = |p| f64::from(r.value(p));
        let wind = seat_wind(self.me, self.dealer);
        let mut bits = 0u8;
        for &n in &self.flowers[..self.flower_count] {
            bits |= 1 << (n - 1);
        }
        let mut t = flower_tai(r, bits, wind);
        if !self.claimed(extra) {
            t += v(Pattern::Concealed);
        }
        let mut suits = 0u8;
        let mut honours = false;
        let mut concealed_pungs = 0;
        for m in self.melds[..self.meld_count].iter().chain(extra.iter()) {
            let k = usize::from(m.tile);
            if m.kind() != MeldKind::Chow {
                t += self.honour_pung_tai(k, wind);
            }
            if m.kind() == MeldKind::ConcealedKong {
                concealed_pungs += 1;
            }
            if k < HONOR_START {
                suits |= 1 << (k / 9);
            } else {
                honours = true;
            }
        }
        for (k, &c) in hand.iter().enumerate() {
            if c == 0 {
                continue;
            }
            if k < HONOR_START {
                suits |= 1 << (k / 9);
            } else {
                honours = true;
                if c >= 3 {
                    t += self.honour_pung_tai(k, wind);
                } else if c == 2 {
                    t += PAIR_TO_PUNG * self.honour_pung_tai(k, wind);
                }
            }
            if c >= 3 {
                concealed_pungs += 1;
            }
        }
        t += match suits.count_ones() {
            0 => v(Pattern::AllHonors),
            1 if honours => v(Pattern::HalfFlush),
            1 => v(Pattern::FullFlush),
            _ => 0.0,
        };
        t += match concealed_pungs {
            0..=2 => 0.0,
            3 => v(Pattern::ThreeConcealedPungs),
            4 => v(Pattern::FourConcealedPungs),
            _ => v(Pattern::FiveConcealedPungs),
        };
        t
    }

    /// The tai engine's facts for this seat winning with `counts` (the winning tile included)
    /// and `extra`, on `win_tile` (a discard from the next seat, or a self-draw); the dealer's
    /// consecutive deals are left out (they are added to the payments apart).
    fn facts(
        &self,
        counts: &Counts,
        extra: Option<tai::Meld>,
        win_tile: u8,
        how: WinHow,
    ) -> WinFacts {
        let mut f = WinFacts::new(*counts, win_tile);
        for m in self.melds[..self.meld_count].iter().chain(extra.iter()) {
            f = f.with_meld(m.kind(), m.tile, m.claimed);
        }
        for &n in &self.flowers[..self.flower_count] {
            f = f.with_flower(n);
        }
        f.winner = self.me;
        f.dealer = self.dealer;
        f.prevalent_wind = self.prevalent_wind;
        f.how = how as u8;
        f.from = (self.me + 1) % SEATS as u8;
        f
    }

    /// Exact tai of the ready 3n+1 `hand` (with this seat's melds and `extra`) winning on
    /// each kind of `waits`, by a discard and by a self-draw, averaged with weights `live`
    /// (the live copies per kind; equal weights when none is live). `None` when no wait
    /// scores (the tai engine refuses every completion).
    pub(super) fn ready_tai(
        &self,
        hand: &Counts,
        extra: Option<tai::Meld>,
        waits: u64,
        live: &dyn Fn(usize) -> u8,
    ) -> Option<(f64, f64)> {
        let total_live: u32 = (0..TILE_KINDS)
            .filter(|&k| waits >> k & 1 != 0)
            .map(|k| u32::from(live(k)))
            .sum();
        let (mut d, mut s, mut wsum) = (0.0, 0.0, 0.0);
        let mut m = waits;
        while m != 0 {
            let k = m.trailing_zeros() as usize;
            m &= m - 1;
            let w = if total_live == 0 {
                1.0
            } else {
                f64::from(live(k))
            };
            if w == 0.0 {
                continue;
            }
            let mut c = *hand;
            c[k] += 1;
            let on_discard = tai::score(
                &self.facts(&c, extra, k as u8, WinHow::Discard),
                &self.rules,
            );
            let drawn = tai::score(
                &self.facts(&c, extra, k as u8, WinHow::SelfDrawn),
                &self.rules,
            );
            if let (Ok(a), Ok(b)) = (on_discard, drawn) {
                d += w * f64::from(a.hand_tai);
                s += w * f64::from(b.hand_tai);
                wsum += w;
            }
        }
        (wsum > 0.0).then(|| (d / wsum, s / wsum))
    }

    /// Expected payment of a win by a hand worth `discard_tai` on a discard and `self_tai` by
    /// self-draw (the dealer's tai apart), on the thesis' scale ([`THESIS_WIN`] for a win
    /// worth as much as the average deal-in): a discard win is paid by one seat (the dealer a
    /// third of the time when this seat is not the dealer), a self-draw by three.
    pub(super) fn win_value(&self, discard_tai: f64, self_tai: f64) -> f64 {
        let dealer = self.me == self.dealer;
        let d_share = if dealer {
            self.dealer_tai
        } else {
            self.dealer_tai / 3.0
        };
        let s_share = if dealer {
            3.0 * self.dealer_tai
        } else {
            self.dealer_tai
        };
        let on_discard = self.payment(discard_tai + d_share);
        let drawn = 3.0 * f64::from(self.rules.base)
            + f64::from(self.rules.price) * (3.0 * self_tai + s_share);
        let points = (1.0 - SELF_DRAWN_SHARE) * on_discard + SELF_DRAWN_SHARE * drawn;
        points / self.deal_in_weighted(&[0.0; SEATS])
    }

    /// [`Worth::win_value`] of the 3n+1 `hand` (with `extra`): exact when `shanten` is 0 and
    /// `waits` given, else from [`Worth::tai_estimate`].
    pub(super) fn hand_value(
        &self,
        hand: &Counts,
        extra: Option<tai::Meld>,
        shanten: i32,
        waits: u64,
        live: &dyn Fn(usize) -> u8,
    ) -> f64 {
        let (d, s) = self.hand_tai(hand, extra, shanten, waits, live);
        self.win_value(d, s)
    }

    /// The tai of a win by the 3n+1 `hand` (with `extra`) on a discard and by self-draw, the
    /// dealer's tai apart: exact when `shanten` is 0 and `waits` given, else from
    /// [`Worth::tai_estimate`].
    pub(super) fn hand_tai(
        &self,
        hand: &Counts,
        extra: Option<tai::Meld>,
        shanten: i32,
        waits: u64,
        live: &dyn Fn(usize) -> u8,
    ) -> (f64, f64) {
        let concealed = !self.claimed(extra);
        if shanten == 0 {
            self.ready_tai(hand, extra, waits, live).unwrap_or_else(|| {
                let d = self.tai_estimate(hand, extra);
                (d, d + self.self_drawn_extra(concealed))
            })
        } else {
            let d = self.tai_estimate(hand, extra);
            (d, d + self.self_drawn_extra(concealed))
        }
    }

    /// The exact tai of the win on `tile` that completes the 3n+2 `hand` (the tile included),
    /// `how` it comes, from seat `from` (the dealer's tai apart); `None` when the tai engine
    /// refuses it.
    pub(super) fn win_tai(&self, hand: &Counts, tile: u8, how: WinHow, from: u8) -> Option<f64> {
        let mut f = self.facts(hand, None, tile, how);
        if how != WinHow::SelfDrawn {
            f.from = from;
        }
        tai::score(&f, &self.rules)
            .ok()
            .map(|s| f64::from(s.hand_tai))
    }

    /// What dealing in to seat `o` costs (`base + price × tai`; 0 for this seat).
    pub(super) fn deal_in(&self, o: usize) -> f64 {
        self.deal_in[o]
    }

    /// The value of winning now on `tile`, discarded (or, with `robbing`, added to a pung) by
    /// `from`, with the 3n+1 `hand`: the payment of that win by [`crate::tai::score`] (the
    /// dealer's tai when the dealer takes part) on the scale of [`Worth::win_value`]; `None`
    /// when the tai engine refuses the win.
    pub(super) fn win_now(&self, hand: &Counts, tile: u8, from: u8, robbing: bool) -> Option<f64> {
        let mut c = *hand;
        c[usize::from(tile)] += 1;
        let how = if robbing {
            WinHow::RobbingKong
        } else {
            WinHow::Discard
        };
        let mut f = self.facts(&c, None, tile, how);
        f.from = from;
        let s = tai::score(&f, &self.rules).ok()?;
        let dealer = if self.me == self.dealer || from == self.dealer {
            self.dealer_tai
        } else {
            0.0
        };
        Some(self.payment(f64::from(s.hand_tai) + dealer) / self.deal_in_weighted(&[0.0; SEATS]))
    }

    /// Deal-in cost of each opponent relative to the mean deal-in (1.0 on average), for
    /// weighing the danger of a discard.
    pub(super) fn deal_in_scale(&self, o: usize) -> f64 {
        self.deal_in[o] / self.deal_in_weighted(&[0.0; SEATS])
    }

    /// The meld a claim of `kind` would declare for this seat (`tile`: the chow's lowest tile,
    /// or the claimed tile), the claimed tile coming from `from`.
    pub(super) fn claimed_meld(&self, kind: MeldKind, tile: u8, from: u8) -> tai::Meld {
        // A chow's claim byte is the tile taken; its value does not change the tai.
        let claimed = if kind == MeldKind::Chow {
            1
        } else {
            (self.me + SEATS as u8 - from) % SEATS as u8
        };
        tai::Meld::new(kind, tile, claimed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Rules, Table};
    use crate::test_util::tiles;

    /// Seat 0's view at the deal of hand `h` (dealer `dealer`), with its hand, melds and flowers
    /// replaced as given.
    fn view(hand: &str, dealer: u8, flowers: u8) -> View {
        let mut t = Table::new(Rules::taiwan16(), 3).unwrap();
        t.deal(0, dealer, 0).unwrap();
        let mut v = t.view(0);
        v.hand = tiles(hand);
        v.meld_counts = [0; SEATS];
        v.flowers = [flowers, 0, 0, 0];
        v
    }

    fn all_live(_: usize) -> u8 {
        4
    }

    /// The waits of a 3n+1 hand.
    fn waits(h: &Counts) -> u64 {
        crate::efficiency::ukeire(h, crate::forms::Forms::REGULAR, None)
            .unwrap()
            .mask
    }

    #[test]
    fn tai_estimate_agrees_with_tai_score_on_the_patterns_it_reads() {
        let atawmj = TaiRules::atawmj();
        // Ready, concealed, 混一色 with a 中 pung (7z), a two-sided wait on 1m/4m (no 獨聽, no
        // 平胡: honours): 門清 1 + 三元牌 1 + 混一色 4 = 6 on a discard, + 自摸 1 + 不求 1 = 8
        // by self-draw.
        let hand = "23m456m678m111m99m777z";
        let v = view(hand, 1, 0);
        let w = Worth::new(&v, &atawmj, 0);
        let h = tiles(hand);
        let est = w.tai_estimate(&h, None);
        assert_eq!(est, 6.0);
        let (d, s) = w.ready_tai(&h, None, waits(&h), &all_live).unwrap();
        assert_eq!((d, s), (6.0, 8.0));
        assert_eq!(est + w.self_drawn_extra(true), s);
        // The common preset: 門清自摸 3 replaces 門清 and 自摸: 6 on a discard, 6 - 1 + 3 = 8.
        let common = TaiRules::common();
        let w = Worth::new(&v, &common, 0);
        let (d, s) = w.ready_tai(&h, None, waits(&h), &all_live).unwrap();
        assert_eq!((d, s), (6.0, 8.0));
        assert_eq!(w.tai_estimate(&h, None) + w.self_drawn_extra(true), s);
        // Seat 0 is West when seat 2 deals: flowers 3 (秋) and 7 (竹) are its own, 1 (春) is
        // not: 正花 2.
        let v = view(hand, 2, 0b0100_0101);
        let w = Worth::new(&v, &atawmj, 0);
        let (d, _) = w.ready_tai(&h, None, waits(&h), &all_live).unwrap();
        assert_eq!(w.tai_estimate(&h, None), 8.0);
        assert_eq!(d, 8.0);
        // A claimed chow of 123m: no 門清, no 不求, still 混一色.
        let chow = w.claimed_meld(MeldKind::Chow, 0, 3);
        let h2 = tiles("456m678m11m99m777z");
        let w = Worth::new(&view("456m678m11m99m777z", 1, 0), &atawmj, 0);
        let est = w.tai_estimate(&h2, Some(chow));
        assert_eq!(est, 5.0);
        // Waits 1m or 9m (two pairs): 混一色 4 + 三元牌 1 either way.
        let (d, s) = w.ready_tai(&h2, Some(chow), waits(&h2), &all_live).unwrap();
        assert_eq!(d, est);
        assert_eq!(s - d, w.self_drawn_extra(false));
    }

    #[test]
    fn flush_and_concealment_raise_the_value() {
        let r = TaiRules::atawmj();
        let v = view("123m456m789m11m5p", 1, 0);
        let w = Worth::new(&v, &r, 0);
        // 1-shanten hands: one with an off-suit 5p, one a pure flush.
        let mixed = tiles("123m456m789m11m5p");
        let pure = tiles("123m456m789m11m5m");
        let a = w.hand_value(&mixed, None, 1, 0, &all_live);
        let b = w.hand_value(&pure, None, 1, 0, &all_live);
        assert!(b > a * 1.3, "{a} {b}");
        let open = w.hand_value(
            &mixed,
            Some(w.claimed_meld(MeldKind::Pung, 20, 2)),
            1,
            0,
            &all_live,
        );
        assert!(open < a, "{open} {a}");
    }

    #[test]
    fn deal_in_costs_more_against_the_dealer_and_visible_value() {
        let r = TaiRules::atawmj();
        let mut v = view("123m456m789m11m5p", 1, 0);
        // Seat 2 shows a 中 pung and a 1p pung (from seat 3): 三元牌 and a flush signal.
        v.meld_counts[2] = 2;
        v.melds[2][0] = crate::table::Meld {
            kind: TableMeld::Pung,
            tile: 33,
            claimed: 33,
            from: 3,
            red: 0,
        };
        v.melds[2][1] = crate::table::Meld {
            kind: TableMeld::Pung,
            tile: 9,
            claimed: 9,
            from: 3,
            red: 0,
        };
        let w = Worth::new(&v, &r, 0);
        // Seat 1 deals: dealing in to it costs its dealer tai; seat 3 is a plain concealed hand.
        assert!(w.deal_in[1] > w.deal_in[3]);
        assert!(w.deal_in[2] > w.deal_in[3]);
        assert_eq!(w.deal_in[3], 100.0 + 20.0 * (HIDDEN_TAI + 1.0));
        let scale: f64 = (1..SEATS).map(|o| w.deal_in_scale(o)).sum();
        assert!((scale - 3.0).abs() < 1e-9);
    }

    /// The estimate against the exact value over random ready hands (a random winning hand of
    /// five sets and a pair less one tile): the mean of the estimate is within 1 tai of the
    /// exact mean of a discard win (the exact value adds what only the wait shows: 獨聽, 平胡).
    #[test]
    fn tai_estimate_tracks_tai_score_on_random_ready_hands() {
        use crate::table::rng::Rng;
        let r = TaiRules::atawmj();
        let w = Worth::new(&view("123m456m789m11m5p", 1, 0), &r, 0);
        let (mut n, mut est_sum, mut exact_sum, mut abs_err) = (0u32, 0.0, 0.0, 0.0);
        let mut rng = Rng::for_hand(11, 0);
        let mut kinds: Vec<u8> = (0..34).collect();
        while n < 2000 {
            let mut c = [0u8; TILE_KINDS];
            rng.shuffle(&mut kinds);
            c[usize::from(kinds[0])] += 2;
            for set in 1..6 {
                rng.shuffle(&mut kinds);
                let k = usize::from(kinds[0]);
                if set % 3 != 0 && k < HONOR_START && k % 9 < 7 {
                    for x in &mut c[k..k + 3] {
                        *x += 1;
                    }
                } else {
                    c[k] += 3;
                }
            }
            if c.iter().any(|&x| x > 4) {
                continue;
            }
            rng.shuffle(&mut kinds);
            let Some(&out) = kinds.iter().find(|&&k| c[usize::from(k)] > 0) else {
                continue;
            };
            c[usize::from(out)] -= 1;
            let u = crate::efficiency::ukeire(&c, crate::forms::Forms::REGULAR, None).unwrap();
            assert_eq!(u.shanten, 0);
            let (d, _) = w.ready_tai(&c, None, u.mask, &all_live).unwrap();
            let e = w.tai_estimate(&c, None);
            n += 1;
            est_sum += e;
            exact_sum += d;
            abs_err += (e - d).abs();
        }
        let (me, mx) = (est_sum / f64::from(n), exact_sum / f64::from(n));
        assert!((me - mx).abs() < 1.0, "estimate {me} exact {mx} over {n}");
        let mae = abs_err / f64::from(n);
        eprintln!("{n} ready hands: estimate {me:.3}, exact {mx:.3}, mean |error| {mae:.3}");
        assert!(mae < 1.5, "mean absolute error {mae}");
    }
}
