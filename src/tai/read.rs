//! The readings of a winning hand: every decomposition, every placement of the winning tile,
//! the patterns of each and the exclusions; [`Context::best`] keeps the reading worth the most.

use super::*;

/// A set of a decomposition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Set {
    /// Chow (lowest tile) or pung/kong.
    chow: bool,
    tile: u8,
    /// Concealed: from the hand, or a concealed kong.
    concealed: bool,
    /// From the hand (not declared).
    in_hand: bool,
}

/// Whether breakdown `a` is worth more than `b`: a higher total, or on equal totals the larger
/// breakdown compared in id order.
pub(super) fn better(a: &[u32; PATTERN_SLOTS], b: &[u32; PATTERN_SLOTS]) -> bool {
    (sum(a), a) > (sum(b), b)
}

/// The total of a breakdown (at most 2 × 65,535 × 255 + 36 × 65,535 × 3: no overflow).
fn sum(t: &[u32; PATTERN_SLOTS]) -> u32 {
    t.iter().sum()
}

/// What does not change between decompositions.
pub(super) struct Context<'a> {
    f: &'a WinFacts,
    rules: &'a TaiRules,
    all: Counts,
    /// The hand before the winning tile waited on one kind only.
    single_wait: bool,
    /// 門清: no chow, pung, exposed or added kong declared.
    concealed: bool,
    /// 不求 / 門清自摸's condition on the melds: 門清, or with
    /// `concealed_self_drawn_allows_exposed_kong` no chow, pung or added kong.
    unclaimed: bool,
    self_drawn: bool,
    seat_wind: usize,
}

impl<'a> Context<'a> {
    /// The context of `f`'s hand reading (`all`: its concealed tiles and melds together); the
    /// facts were checked ([`super::check::validate`]) and the tiles are read.
    pub(super) fn new(f: &'a WinFacts, all: &Counts, rules: &'a TaiRules) -> Context<'a> {
        let concealed = !f.melds().iter().any(Meld::is_claimed);
        let unclaimed = f.melds().iter().all(|m| match m.kind() {
            MeldKind::ConcealedKong => true,
            MeldKind::Kong => rules.concealed_self_drawn_allows_exposed_kong(),
            _ => false,
        });
        let mut pre = f.counts;
        let w = usize::from(f.win_tile);
        pre[w] -= 1;
        let mut waits = crate::win::regular::waits_words(&pre, &crate::tile::count_words(&pre));
        if f.meld_count == 0 && rules.value(Pattern::SevenPairsAndPung) != 0 {
            waits |= seven_pairs_pung_waits(&pre);
        }
        // A kind the winner holds all four of cannot be waited on.
        let mut m = waits;
        while m != 0 {
            let k = m.trailing_zeros() as usize;
            m &= m - 1;
            if k != w && all[k] == 4 {
                waits &= !(1u64 << k);
            }
        }
        Context {
            f,
            rules,
            all: *all,
            single_wait: waits.count_ones() == 1,
            concealed,
            unclaimed,
            self_drawn: f.how() == WinHow::SelfDrawn,
            seat_wind: usize::from(f.winner_wind()),
        }
    }

    fn put(&self, t: &mut [u32; PATTERN_SLOTS], p: Pattern, times: u32) {
        // At most 255 (連莊 × consecutive deals) × 65,535: no overflow.
        t[p.id()] = u32::from(self.rules.value(p)) * times;
    }

    /// The patterns every decomposition shares (before exclusions).
    pub(super) fn fill_common(&self, t: &mut [u32; PATTERN_SLOTS]) {
        let f = self.f;
        let r = self.rules;
        let dealer = f.winner == f.dealer;
        let discard = f.how() == WinHow::Discard;
        self.put(t, Pattern::Concealed, u32::from(self.concealed));
        self.put(t, Pattern::SelfDrawn, u32::from(self.self_drawn));
        self.put(
            t,
            Pattern::ConcealedSelfDrawn,
            u32::from(self.unclaimed && self.self_drawn),
        );
        let mut mask = 0u8;
        for &n in f.flowers() {
            mask |= 1 << (n - 1);
        }
        let own = (mask & r.seat_flowers(self.seat_wind)).count_ones();
        self.put(t, Pattern::SeatFlower, own);
        let sets = u32::from(mask & 0x0F == 0x0F) + u32::from(mask & 0xF0 == 0xF0);
        self.put(t, Pattern::FlowerKong, sets);
        self.put(t, Pattern::EightFlowers, u32::from(mask == 0xFF));
        self.put(t, Pattern::SingleWait, u32::from(self.single_wait));
        self.put(
            t,
            Pattern::RobbingKong,
            u32::from(f.how() == WinHow::RobbingKong),
        );
        let replacement = f.has(FLAG_REPLACEMENT)
            && (!f.has(FLAG_AFTER_EXPOSED_KONG) || r.replacement_win_after_exposed_kong());
        self.put(
            t,
            Pattern::ReplacementWin,
            u32::from(self.self_drawn && replacement),
        );
        let last = f.has(FLAG_LAST_TILE);
        self.put(t, Pattern::LastTileDraw, u32::from(self.self_drawn && last));
        self.put(t, Pattern::LastDiscard, u32::from(discard && last));
        // The dealer's readiness from the deal is its readiness from its first discard.
        let ready_deal = f.has(FLAG_READY_FROM_DEAL);
        let ready_first = f.has(FLAG_READY_FROM_FIRST_DISCARD) || (dealer && ready_deal);
        let heavenly = if r.heavenly_ready_from_deal() {
            ready_deal || (dealer && ready_first)
        } else {
            dealer && ready_first
        };
        self.put(t, Pattern::HeavenlyReady, u32::from(heavenly));
        self.put(t, Pattern::EarthlyReady, u32::from(ready_first && !dealer));
        let first = f.has(FLAG_FIRST_TURN);
        self.put(
            t,
            Pattern::HeavenlyWin,
            u32::from(first && dealer && self.self_drawn),
        );
        self.put(
            t,
            Pattern::EarthlyWin,
            u32::from(first && !dealer && self.self_drawn),
        );
        let human = if r.human_win_first_go_around() {
            first || f.has(FLAG_FIRST_GO_AROUND)
        } else {
            first && !dealer
        };
        self.put(t, Pattern::HumanWin, u32::from(discard && human));
        // Colour of all the tiles.
        let mut suits = 0u8;
        for s in 0..3 {
            if self.all[s * 9..s * 9 + 9].iter().any(|&c| c != 0) {
                suits |= 1 << s;
            }
        }
        let honors = self.all[27..].iter().any(|&c| c != 0);
        let one_suit = suits.count_ones() == 1;
        self.put(t, Pattern::FullFlush, u32::from(one_suit && !honors));
        self.put(t, Pattern::HalfFlush, u32::from(one_suit && honors));
        self.put(t, Pattern::AllHonors, u32::from(suits == 0));
    }

    /// The best breakdown over every decomposition, exclusions applied.
    pub(super) fn best(&self, common: &[u32; PATTERN_SLOTS]) -> Option<[u32; PATTERN_SLOTS]> {
        let mut best: Option<(u32, [u32; PATTERN_SLOTS])> = None;
        let mut consider = |t: [u32; PATTERN_SLOTS]| {
            let total = sum(&t);
            if best.as_ref().is_none_or(|(s, b)| (total, &t) > (*s, b)) {
                best = Some((total, t));
            }
        };
        // 嚦咕嚦咕.
        if self.f.meld_count == 0
            && self.rules.value(Pattern::SevenPairsAndPung) != 0
            && is_seven_pairs_pung(&self.f.counts)
        {
            let mut t = *common;
            self.put(&mut t, Pattern::SevenPairsAndPung, 1);
            self.exclude(&mut t);
            consider(t);
        }
        let mut sets = [Set {
            chow: false,
            tile: 0,
            concealed: false,
            in_hand: false,
        }; 5];
        let n = self.f.melds().len();
        for (s, m) in sets.iter_mut().zip(self.f.melds()) {
            *s = Set {
                chow: m.kind() == MeldKind::Chow,
                tile: m.tile,
                concealed: m.kind() == MeldKind::ConcealedKong,
                in_hand: false,
            };
        }
        let mut c = self.f.counts;
        let w = self.f.win_tile;
        let nz = c
            .iter()
            .enumerate()
            .fold(0u64, |m, (k, &n)| m | u64::from(n != 0) << k);
        walk(&mut c, nz, &mut sets, n, None, &mut |sets, pair| {
            // Where the winning tile can be placed: in a pung of the hand (which a tile from
            // another seat exposes), or in the pair or a chow of the hand (which keeps every
            // pung concealed). Each placement is a reading of its own.
            let in_pung = sets.iter().any(|s| !s.chow && s.in_hand && s.tile == w);
            let elsewhere = pair == w
                || sets
                    .iter()
                    .any(|s| s.chow && s.in_hand && (s.tile..s.tile + 3).contains(&w));
            let exposes = self.f.from_other() && in_pung;
            for expose in [false, true] {
                if (expose && !exposes) || (!expose && exposes && !elsewhere) {
                    continue;
                }
                let mut t = *common;
                self.fill_sets(&mut t, sets, pair, expose);
                self.exclude(&mut t);
                consider(t);
            }
        });
        best.map(|(_, t)| t)
    }

    /// The patterns of one regular decomposition; `expose`: the winning tile, from another
    /// seat, completes a pung of the hand (which is then not concealed).
    fn fill_sets(&self, t: &mut [u32; PATTERN_SLOTS], sets: &[Set; 5], pair: u8, expose: bool) {
        let f = self.f;
        let w = f.win_tile;
        let pair = usize::from(pair);
        let (mut dragons, mut winds, mut pungs, mut in_hand_pungs) = (0u32, 0u32, 0u32, 0u32);
        let (mut seat, mut round) = (0u32, 0u32);
        let mut two_sided = false;
        for s in sets {
            let k = usize::from(s.tile);
            if s.chow {
                if !expose && s.in_hand && (s.tile..s.tile + 3).contains(&w) {
                    let r = k % 9;
                    if (w == s.tile && r <= 5) || (w == s.tile + 2 && r >= 1) {
                        two_sided = true;
                    }
                }
                continue;
            }
            pungs += 1;
            if s.concealed {
                in_hand_pungs += 1;
            }
            if k >= 31 {
                dragons += 1;
            } else if k >= 27 {
                winds += 1;
                seat += u32::from(k - 27 == self.seat_wind);
                round += u32::from(k - 27 == usize::from(f.prevalent_wind));
            }
        }
        if expose {
            in_hand_pungs -= 1;
        }
        self.put(t, Pattern::SeatWind, seat);
        self.put(t, Pattern::PrevalentWind, round);
        self.put(t, Pattern::DragonPung, dragons);
        let pair_dragon = pair >= 31;
        let pair_wind = (27..31).contains(&pair);
        self.put(t, Pattern::BigDragons, u32::from(dragons == 3));
        self.put(
            t,
            Pattern::LittleDragons,
            u32::from(dragons == 2 && pair_dragon),
        );
        self.put(t, Pattern::BigWinds, u32::from(winds == 4));
        self.put(t, Pattern::LittleWinds, u32::from(winds == 3 && pair_wind));
        self.put(t, Pattern::AllPungs, u32::from(pungs == 5));
        self.put(
            t,
            Pattern::ThreeConcealedPungs,
            u32::from(in_hand_pungs == 3),
        );
        self.put(
            t,
            Pattern::FourConcealedPungs,
            u32::from(in_hand_pungs == 4),
        );
        self.put(
            t,
            Pattern::FiveConcealedPungs,
            u32::from(in_hand_pungs == 5),
        );
        let r = self.rules;
        let all_chows = pungs == 0
            && two_sided
            && !self.single_wait
            && !(r.all_chows_no_honors() && pair >= 27)
            && !(r.all_chows_no_flowers() && f.flower_count != 0)
            && (!r.all_chows_not_self_drawn() || f.from_other());
        self.put(t, Pattern::AllChows, u32::from(all_chows));
        let seek = f.meld_count == 5 && f.melds().iter().all(Meld::is_claimed);
        self.put(t, Pattern::AllSeek, u32::from(seek && f.from_other()));
        self.put(t, Pattern::HalfSeek, u32::from(seek && self.self_drawn));
    }

    /// Applies the exclusion rules to a candidate breakdown.
    fn exclude(&self, t: &mut [u32; PATTERN_SLOTS]) {
        use Pattern as P;
        let on = |t: &[u32; PATTERN_SLOTS], p: P| t[p.id()] != 0;
        let off = |t: &mut [u32; PATTERN_SLOTS], p: P| t[p.id()] = 0;
        let r = self.rules;
        if on(t, P::SevenPairsAndPung) {
            off(t, P::Concealed);
            off(t, P::ConcealedSelfDrawn);
        }
        if on(t, P::HeavenlyWin) || on(t, P::EarthlyWin) {
            for p in [
                P::Concealed,
                P::ConcealedSelfDrawn,
                P::SelfDrawn,
                P::SingleWait,
                P::ReplacementWin,
                P::HeavenlyReady,
                P::EarthlyReady,
            ] {
                off(t, p);
            }
        }
        if on(t, P::HumanWin) {
            for p in [
                P::Concealed,
                P::SingleWait,
                P::HeavenlyReady,
                P::EarthlyReady,
            ] {
                off(t, p);
            }
        }
        if on(t, P::HeavenlyReady) || on(t, P::EarthlyReady) {
            off(t, P::Concealed);
            off(t, P::ConcealedSelfDrawn);
        }
        if on(t, P::HeavenlyReady) {
            off(t, P::EarthlyReady);
        }
        if on(t, P::ConcealedSelfDrawn) {
            if !r.concealed_self_drawn_keeps_concealed() {
                off(t, P::Concealed);
            }
            if !r.concealed_self_drawn_keeps_self_drawn() {
                off(t, P::SelfDrawn);
            }
        }
        if on(t, P::AllSeek) || on(t, P::HalfSeek) {
            off(t, P::SingleWait);
        }
        if on(t, P::FiveConcealedPungs) || on(t, P::FourConcealedPungs) {
            off(t, P::ThreeConcealedPungs);
        }
        if on(t, P::FiveConcealedPungs) {
            off(t, P::FourConcealedPungs);
        }
        if on(t, P::AllHonors) {
            off(t, P::AllPungs);
            off(t, P::HalfFlush);
        }
        if on(t, P::FullFlush) {
            off(t, P::HalfFlush);
        }
        if on(t, P::BigDragons) {
            off(t, P::LittleDragons);
        }
        if (on(t, P::BigDragons) || on(t, P::LittleDragons)) && !r.dragon_hands_keep_dragon_pungs()
        {
            off(t, P::DragonPung);
        }
        if on(t, P::BigWinds) {
            off(t, P::LittleWinds);
        }
        if (on(t, P::BigWinds) || on(t, P::LittleWinds)) && !r.wind_hands_keep_wind_pungs() {
            off(t, P::SeatWind);
            off(t, P::PrevalentWind);
        }
        if on(t, P::EightFlowers) {
            off(t, P::FlowerKong);
            off(t, P::SeatFlower);
        }
        if on(t, P::FlowerKong) && !r.flower_kong_keeps_seat_flower() {
            // The seat's flowers that are in a complete set do not count again.
            let mut mask = 0u8;
            for &n in self.f.flowers() {
                mask |= 1 << (n - 1);
            }
            let mut own = 0u32;
            let mine = mask & r.seat_flowers(self.seat_wind);
            for set in [0x0Fu8, 0xF0] {
                if mine & set != 0 && mask & set != set {
                    own += 1;
                }
            }
            self.put(t, P::SeatFlower, own);
        }
    }
}

/// Calls `f(sets, pair)` for every decomposition of `c` into the sets `idx..5` and a pair;
/// `sets[..idx]` are fixed; `nz` has bit k set when `c[k]` is nonzero. Each multiset of sets is
/// produced once: the lowest tile left starts a pung, a chow or the pair.
fn walk(
    c: &mut Counts,
    nz: u64,
    sets: &mut [Set; 5],
    idx: usize,
    pair: Option<u8>,
    f: &mut impl FnMut(&[Set; 5], u8),
) {
    if nz == 0 {
        if let (5, Some(p)) = (idx, pair) {
            f(sets, p);
        }
        return;
    }
    let i = nz.trailing_zeros() as usize;
    // The lowest tile must start a block: with one copy and no chow from it, or two copies,
    // no chow and the pair taken, nothing fits.
    let chow = i < 27 && i % 9 <= 6 && nz >> (i + 1) & 3 == 3;
    if !chow && c[i] < 3 && (c[i] == 1 || pair.is_some()) {
        return;
    }
    if idx < 5 && c[i] >= 3 {
        c[i] -= 3;
        sets[idx] = Set {
            chow: false,
            tile: i as u8,
            concealed: true,
            in_hand: true,
        };
        let m = if c[i] == 0 { nz & !(1 << i) } else { nz };
        walk(c, m, sets, idx + 1, pair, f);
        c[i] += 3;
    }
    if idx < 5 && chow {
        let mut m = nz;
        for (k, n) in c.iter_mut().enumerate().skip(i).take(3) {
            *n -= 1;
            if *n == 0 {
                m &= !(1 << k);
            }
        }
        sets[idx] = Set {
            chow: true,
            tile: i as u8,
            concealed: true,
            in_hand: true,
        };
        walk(c, m, sets, idx + 1, pair, f);
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
    }
    if pair.is_none() && c[i] >= 2 {
        c[i] -= 2;
        let m = if c[i] == 0 { nz & !(1 << i) } else { nz };
        walk(c, m, sets, idx, Some(i as u8), f);
        c[i] += 2;
    }
}

/// 嚦咕嚦咕: seven pairs of distinct kinds and a pung of another kind (17 tiles).
fn is_seven_pairs_pung(c: &Counts) -> bool {
    let (mut twos, mut threes) = (0, 0);
    for &n in c {
        match n {
            0 => {}
            2 => twos += 1,
            3 => threes += 1,
            _ => return false,
        }
    }
    twos == 7 && threes == 1
}

/// The kinds that complete 16 tiles into [`is_seven_pairs_pung`].
fn seven_pairs_pung_waits(c: &Counts) -> u64 {
    let (mut ones, mut twos, mut threes) = (0u64, 0u64, 0u64);
    for (k, &n) in c.iter().enumerate() {
        match n {
            0 => {}
            1 => ones |= 1 << k,
            2 => twos |= 1 << k,
            3 => threes |= 1 << k,
            _ => return 0,
        }
    }
    match (ones.count_ones(), twos.count_ones(), threes.count_ones()) {
        (0, 8, 0) => twos,
        (1, 6, 1) => ones,
        _ => 0,
    }
}
