//! Taiwanese 16-tile mahjong scoring: tai (台), the breakdown by pattern, and the payments.
//!
//! Input: [`WinFacts`](crate::tai::WinFacts), every fact of a win that the tai table reads (the
//! concealed tiles **including** the winning tile, up to five declared melds with the seat each
//! claim came from, the flowers by number, the winning tile, how the win came, the seats, the
//! winds, the dealer and its consecutive deals, the first-turn and ready-from-the-first-discard
//! facts). Rules: [`TaiRules`](crate::tai::TaiRules), a value per pattern and the switches where
//! rule sets differ, with a preset constructor each
//! ([`TaiRules::atawmj`](crate::tai::TaiRules::atawmj),
//! [`TaiRules::common`](crate::tai::TaiRules::common)). Output:
//! [`TaiScore`](crate::tai::TaiScore), the tai of every pattern that counts, the totals, and what
//! each seat pays or receives.
//!
//! Every decomposition of the hand (five sets and a pair, and 嚦咕嚦咕 where enabled) is scored,
//! each with the best placement of the winning tile, and the highest total wins; exclusions (a
//! pattern that implies another does not count the lesser one) are applied to each candidate.
//! The definitions, the values of both presets and the choices made where sources differ are in
//! `docs/tai.md`.

mod patterns;

use crate::error::Error;
use crate::tile::{Counts, TILE_KINDS};
pub use patterns::{PATTERN_SLOTS, Pattern};

/// Seats at the table.
pub const SEATS: usize = 4;
/// At most five declared melds (a 16-tile hand is five sets and a pair).
pub const MAX_MELDS: usize = 5;
/// Eight flower tiles: 春夏秋冬 are 1-4, 梅蘭竹菊 are 5-8. Which seat each belongs to:
/// [`TaiRules::flower_seat`].
pub const FLOWERS: usize = 8;

/// A declared meld (its tiles are not in [`WinFacts::counts`]); `claimed` is the seat (0..4)
/// the claimed tile came from, the winner's own seat for a concealed kong.
pub use crate::meld::{Meld, MeldKind};

/// Calls `$m!(field, ...)` with every switch field of [`TaiRules`], in their fixed order (the
/// order of [`SWITCH_NAMES`], of snapshots, records and the C struct `MjTaiRules`): the one list
/// of the switches.
macro_rules! with_switches {
    ($m:ident) => {
        $m! {
            concealed_self_drawn_keeps_concealed,
            concealed_self_drawn_keeps_self_drawn,
            dragon_hands_keep_dragon_pungs,
            wind_hands_keep_wind_pungs,
            flower_kong_keeps_seat_flower,
            all_chows_no_honors,
            all_chows_no_flowers,
            all_chows_not_self_drawn,
            chrysanthemum_west
        }
    };
}
pub(crate) use with_switches;

macro_rules! switch_table {
    ($($s:ident),*) => {
        /// Number of switches of [`TaiRules`].
        pub const SWITCHES: usize = [$(stringify!($s)),*].len();

        /// The names of [`TaiRules`]' switches (their field names), in their fixed order.
        pub const SWITCH_NAMES: [&str; SWITCHES] = [$(stringify!($s)),*];

        impl TaiRules {
            /// The switches, in [`SWITCH_NAMES`]' order.
            pub const fn switches(&self) -> [bool; SWITCHES] {
                [$(self.$s),*]
            }

            /// Sets every switch from `on`, in [`SWITCH_NAMES`]' order.
            pub fn set_switches(&mut self, on: [bool; SWITCHES]) {
                [$(self.$s),*] = on;
            }

            /// The switch named `name` (one of [`SWITCH_NAMES`]), or `None`.
            pub fn switch_mut(&mut self, name: &str) -> Option<&mut bool> {
                match name {
                    $(stringify!($s) => Some(&mut self.$s),)*
                    _ => None,
                }
            }
        }
    };
}
with_switches!(switch_table);

/// How the win came.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinHow {
    /// The winner drew the winning tile (自摸); every other seat pays.
    SelfDrawn,
    /// The winning tile was discarded by [`WinFacts::from`], who pays.
    Discard,
    /// The winning tile was added to a pung by [`WinFacts::from`] (搶槓), who pays.
    RobbingKong,
    /// The winner completed the eight flowers (八仙過海); the tiles need not win; every other
    /// seat pays.
    EightFlowers,
    /// The winner, holding seven flowers, took the eighth that [`WinFacts::from`] drew (七搶一);
    /// the tiles need not win; [`WinFacts::from`] pays.
    SevenRobOne,
}

/// Every fact of a win that the tai table reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WinFacts {
    /// Concealed tiles including the winning tile; declared melds are not in here. Their total
    /// is `17 - 3 * meld_count` (a flower win: that, or one less when the winner had not drawn).
    pub counts: Counts,
    /// Declared melds; only the first `meld_count` are read.
    pub melds: [Meld; MAX_MELDS],
    /// Number of declared melds, 0..=5.
    pub meld_count: u8,
    /// Flower numbers (1..=8: 春夏秋冬 1-4, 梅蘭竹菊 5-8) the winner has set aside; only the
    /// first `flower_count` are read.
    pub flowers: [u8; FLOWERS],
    /// Number of flowers, 0..=8.
    pub flower_count: u8,
    /// The winning tile kind (0..34), in `counts`. Not read for a flower win.
    pub win_tile: u8,
    /// How the win came.
    pub how: WinHow,
    /// The seat that discarded, was robbed or drew the eighth flower; not read for a self-draw.
    pub from: u8,
    /// The winner's seat (0..4). Seats are numbered in turn order.
    pub winner: u8,
    /// The dealer's seat (0..4). The dealer sits East, so the winner's seat wind is
    /// `(winner - dealer) mod 4`.
    pub dealer: u8,
    /// The dealer's consecutive deals N (連N拉N; 0 on its first deal).
    pub consecutive_deals: u8,
    /// Prevalent (round) wind 0..=3 (East, South, West, North).
    pub prevalent_wind: u8,
    /// The winning tile is a replacement draw after a flower or a kong (self-draw only).
    pub replacement: bool,
    /// The winning tile is the last tile of the live wall (self-draw) or the last discard.
    pub last_tile: bool,
    /// The winner had not discarded yet and nobody had claimed a tile (天胡, 地胡, 人胡).
    pub first_turn: bool,
    /// The winner's hand was ready from its first discard, nobody having claimed before it, and
    /// unchanged since (天聽, 地聽).
    pub ready_from_first_discard: bool,
}

impl WinFacts {
    /// A concealed hand won by self-draw, East seat and dealer, East round, no flowers, no
    /// melds, first deal.
    pub fn new(counts: Counts, win_tile: u8) -> WinFacts {
        WinFacts {
            counts,
            melds: [Meld::concealed_kong(0); MAX_MELDS],
            meld_count: 0,
            flowers: [0; FLOWERS],
            flower_count: 0,
            win_tile,
            how: WinHow::SelfDrawn,
            from: 0,
            winner: 0,
            dealer: 0,
            consecutive_deals: 0,
            prevalent_wind: 0,
            replacement: false,
            last_tile: false,
            first_turn: false,
            ready_from_first_discard: false,
        }
    }

    /// Adds a declared meld. A sixth meld is not stored but still counted, so that [`score`]
    /// refuses the facts with [`Error::InvalidArgument`].
    pub fn with_meld(mut self, kind: MeldKind, tile: u8, from: u8) -> WinFacts {
        if usize::from(self.meld_count) < MAX_MELDS {
            self.melds[usize::from(self.meld_count)] = Meld::new(kind, tile, from);
        }
        self.meld_count = self.meld_count.saturating_add(1);
        self
    }

    /// Adds a flower by number (1..=8). A ninth is counted but not stored (refused by [`score`]).
    pub fn with_flower(mut self, n: u8) -> WinFacts {
        if usize::from(self.flower_count) < FLOWERS {
            self.flowers[usize::from(self.flower_count)] = n;
        }
        self.flower_count = self.flower_count.saturating_add(1);
        self
    }

    /// The declared melds.
    pub fn melds(&self) -> &[Meld] {
        &self.melds[..usize::from(self.meld_count).min(MAX_MELDS)]
    }

    /// The flower numbers.
    pub fn flowers(&self) -> &[u8] {
        &self.flowers[..usize::from(self.flower_count).min(FLOWERS)]
    }

    /// The winner's seat wind (0 East .. 3 North).
    pub const fn seat_wind(&self) -> u8 {
        (self.winner + SEATS as u8 - self.dealer % SEATS as u8) % SEATS as u8
    }

    /// Whether the winning tile came from another seat (every win but a self-draw and 八仙過海).
    pub const fn from_other(&self) -> bool {
        matches!(
            self.how,
            WinHow::Discard | WinHow::RobbingKong | WinHow::SevenRobOne
        )
    }
}

/// Tai values and switches. Every value is per occurrence (正花 per flower, 花槓 per set, 三元牌
/// per pung, 連莊 and 拉莊 per consecutive deal); a value of 0 turns the pattern off (for
/// 八仙過海, 七搶一 and 嚦咕嚦咕 it also refuses that win).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TaiRules {
    /// Tai per pattern, by [`Pattern::id`]; slot 0 is unused.
    pub values: [u16; PATTERN_SLOTS],
    /// Base (底) of every payment.
    pub base: u32,
    /// Price per tai (台價).
    pub price: u32,
    /// 不求 / 門清自摸 counts together with 門清 (ATAWMJ: yes; common: no, 門清自摸 replaces it).
    pub concealed_self_drawn_keeps_concealed: bool,
    /// 不求 / 門清自摸 counts together with 自摸 (ATAWMJ: yes; common: no).
    pub concealed_self_drawn_keeps_self_drawn: bool,
    /// 小三元 and 大三元 also count 三元牌 for their dragon pungs (both presets: no).
    pub dragon_hands_keep_dragon_pungs: bool,
    /// 小四喜 and 大四喜 also count 門風 and 圈風 (both presets: no).
    pub wind_hands_keep_wind_pungs: bool,
    /// 花槓 also counts 正花 for the seat's flower in the set (both presets: yes).
    pub flower_kong_keeps_seat_flower: bool,
    /// 平胡 requires a hand without honour tiles (both presets: yes; off: the pair may be one).
    pub all_chows_no_honors: bool,
    /// 平胡 requires no flowers (both presets: yes).
    pub all_chows_no_flowers: bool,
    /// 平胡 requires a win on another seat's tile (both presets: yes).
    pub all_chows_not_self_drawn: bool,
    /// 菊 (flower 8) belongs to West and 竹 (flower 7) to North, as the common tables order the
    /// flowers 梅蘭菊竹 (common: yes); off, 竹 is West's and 菊 North's, as ATAWMJ orders them
    /// 梅蘭竹菊 (ATAWMJ: no). The other six flowers are not affected.
    pub chrysanthemum_west: bool,
}

impl TaiRules {
    /// The tai table of the Taiwanese mahjong association ATAWMJ (台數計算, revision of
    /// 2009-12-26), with the values its page does not give chosen as in `docs/tai.md`;
    /// base 100, 20 per tai.
    pub fn atawmj() -> TaiRules {
        TaiRules {
            values: patterns::ATAWMJ,
            base: 100,
            price: 20,
            concealed_self_drawn_keeps_concealed: true,
            concealed_self_drawn_keeps_self_drawn: true,
            dragon_hands_keep_dragon_pungs: false,
            wind_hands_keep_wind_pungs: false,
            flower_kong_keeps_seat_flower: true,
            all_chows_no_honors: true,
            all_chows_no_flowers: true,
            all_chows_not_self_drawn: true,
            chrysanthemum_west: false,
        }
    }

    /// The common game's table (門清自摸 3 tai as one pattern, 嚦咕嚦咕 8, 人胡 8); base 100, 20
    /// per tai.
    pub fn common() -> TaiRules {
        TaiRules {
            values: patterns::COMMON,
            concealed_self_drawn_keeps_concealed: false,
            concealed_self_drawn_keeps_self_drawn: false,
            chrysanthemum_west: true,
            ..TaiRules::atawmj()
        }
    }

    /// The value of one pattern.
    pub const fn value(&self, p: Pattern) -> u16 {
        self.values[p as usize]
    }

    /// The seat wind (0 East .. 3 North) that flower `n` (1..=8) belongs to: `(n - 1) % 4`, with
    /// 竹 (7) and 菊 (8) swapped when [`TaiRules::chrysanthemum_west`] is on.
    pub const fn flower_seat(&self, n: u8) -> u8 {
        let wind = n.wrapping_sub(1) % 4;
        if self.chrysanthemum_west && n >= 7 {
            5 - wind
        } else {
            wind
        }
    }

    /// The flowers of seat wind `wind` (0..=3) as a mask, bit `n - 1` for flower `n`.
    pub(crate) const fn seat_flowers(&self, wind: usize) -> u8 {
        let plant = if self.chrysanthemum_west && wind >= 2 {
            5 - wind
        } else {
            wind
        };
        1 << wind | 1 << (4 + plant)
    }
}

impl Default for TaiRules {
    /// [`TaiRules::atawmj`].
    fn default() -> TaiRules {
        TaiRules::atawmj()
    }
}

/// A scored win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TaiScore {
    /// Tai each pattern counts, by [`Pattern::id`] (value × occurrences); 0 when it does not
    /// count. The dealer's patterns are filled when the dealer takes part in a payment.
    pub tai: [u16; PATTERN_SLOTS],
    /// Tai of every pattern but the dealer's.
    pub hand_tai: u32,
    /// Tai of the dealer's patterns (莊家, 連莊, 拉莊); they count only in the payments the
    /// dealer takes part in (paid or received).
    pub dealer_tai: u32,
    /// `hand_tai + dealer_tai`: the tai of the payments the dealer takes part in.
    pub total: u32,
    /// What each seat receives (positive, the winner) or pays (negative); the sum is zero.
    pub payments: [i64; SEATS],
}

impl TaiScore {
    /// The patterns that count, as `(pattern, tai)` in id order.
    pub fn breakdown(&self) -> impl Iterator<Item = (Pattern, u16)> + '_ {
        Pattern::ALL
            .iter()
            .map(|&p| (p, self.tai[p.id()]))
            .filter(|&(_, t)| t != 0)
    }
}

/// Scores a Taiwanese win under `rules`.
///
/// # Errors
/// - [`Error::InvalidArgument`]: more than 5 melds or 8 flowers, a flower number outside
///   1..=8 or given twice, a seat or wind above 3, a winning tile outside 0..34 or not in
///   `counts`.
/// - [`Error::IllegalMeld`]: a meld tile outside 0..34, a chow of honours or starting at 8 or
///   9, a chow not claimed from the seat before the winner, a claimed meld from the winner's
///   own seat, a concealed kong from another seat.
/// - [`Error::TooManyCopies`]: a fifth copy of a kind in `counts` + melds.
/// - [`Error::BadTileTotal`]: `counts` does not hold `17 - 3 * meld_count` tiles (a flower
///   win: or one less).
/// - [`Error::InvalidFlags`]: facts that cannot hold together: `from` equal to the winner on a
///   win from another seat; a replacement draw on a win from another seat; the last tile with
///   robbing a kong or a flower win; the first turn with the last tile, robbing a kong, a
///   claimed meld, readiness from the first discard, or a dealer winning on a discard; readiness
///   from the first discard with a claimed meld; robbing a kong while the winner holds another
///   copy of the tile; a flower win without all eight flowers.
/// - [`Error::NotWinning`]: the tiles form no winning hand (or the flower win is off).
pub fn score(facts: &WinFacts, rules: &TaiRules) -> Result<TaiScore, Error> {
    let all = validate(facts)?;
    let mut base = [0u16; PATTERN_SLOTS];
    let flower_win = matches!(facts.how, WinHow::EightFlowers | WinHow::SevenRobOne);
    let dealer_in = dealer_involved(facts);
    if dealer_in {
        let n = u16::from(facts.consecutive_deals);
        base[Pattern::Dealer.id()] = rules.value(Pattern::Dealer);
        base[Pattern::ConsecutiveDeal.id()] =
            rules.value(Pattern::ConsecutiveDeal).saturating_mul(n);
        base[Pattern::DealerPull.id()] = rules.value(Pattern::DealerPull).saturating_mul(n);
    }
    let best = if flower_win {
        let p = if facts.how == WinHow::EightFlowers {
            Pattern::EightFlowers
        } else {
            Pattern::SevenRobOne
        };
        if rules.value(p) == 0 {
            return Err(Error::NotWinning);
        }
        base[p.id()] = rules.value(p);
        base
    } else {
        let ctx = Context::new(facts, &all, rules);
        ctx.fill_common(&mut base);
        ctx.best(&base).ok_or(Error::NotWinning)?
    };
    Ok(finish(facts, rules, best))
}

/// Totals and payments of a final breakdown.
fn finish(facts: &WinFacts, rules: &TaiRules, tai: [u16; PATTERN_SLOTS]) -> TaiScore {
    let mut hand_tai = 0u32;
    let mut dealer_tai = 0u32;
    for (i, &t) in tai.iter().enumerate().skip(1) {
        if i <= Pattern::DealerPull.id() {
            dealer_tai += u32::from(t);
        } else {
            hand_tai += u32::from(t);
        }
    }
    let mut payments = [0i64; SEATS];
    let w = usize::from(facts.winner);
    let dealer = usize::from(facts.dealer);
    let pay = |payer: usize, payments: &mut [i64; SEATS]| {
        let mut t = i64::from(hand_tai);
        if payer == dealer || w == dealer {
            t += i64::from(dealer_tai);
        }
        let amount = i64::from(rules.base) + t * i64::from(rules.price);
        payments[payer] -= amount;
        payments[w] += amount;
    };
    if facts.from_other() {
        pay(usize::from(facts.from), &mut payments);
    } else {
        for s in (0..SEATS).filter(|&s| s != w) {
            pay(s, &mut payments);
        }
    }
    TaiScore {
        tai,
        hand_tai,
        dealer_tai,
        total: hand_tai + dealer_tai,
        payments,
    }
}

/// Whether the dealer wins or pays.
fn dealer_involved(f: &WinFacts) -> bool {
    f.winner == f.dealer || !f.from_other() || f.from == f.dealer
}

/// Checks every fact; returns the counts of concealed tiles and melds together.
fn validate(f: &WinFacts) -> Result<Counts, Error> {
    if usize::from(f.meld_count) > MAX_MELDS
        || usize::from(f.flower_count) > FLOWERS
        || f.winner > 3
        || f.dealer > 3
        || f.prevalent_wind > 3
        || (f.from_other() && f.from > 3)
    {
        return Err(Error::InvalidArgument);
    }
    let mut seen = 0u8;
    for &n in f.flowers() {
        if !(1..=8).contains(&n) || seen >> (n - 1) & 1 != 0 {
            return Err(Error::InvalidArgument);
        }
        seen |= 1 << (n - 1);
    }
    let flower_win = matches!(f.how, WinHow::EightFlowers | WinHow::SevenRobOne);
    if !flower_win && usize::from(f.win_tile) >= TILE_KINDS {
        return Err(Error::InvalidArgument);
    }
    let left = (f.winner + 3) % 4;
    let mut all = f.counts;
    for m in f.melds() {
        let t = usize::from(m.tile);
        if t >= TILE_KINDS || m.claimed > 3 {
            return Err(Error::IllegalMeld);
        }
        let Some(kind) = m.try_kind() else {
            return Err(Error::IllegalMeld);
        };
        match kind {
            MeldKind::Chow => {
                if t >= 27 || t % 9 > 6 || m.claimed != left {
                    return Err(Error::IllegalMeld);
                }
                for c in &mut all[t..t + 3] {
                    *c = c.saturating_add(1);
                }
            }
            _ => {
                if (kind == MeldKind::ConcealedKong) != (m.claimed == f.winner) {
                    return Err(Error::IllegalMeld);
                }
                let n = if kind == MeldKind::Pung { 3 } else { 4 };
                all[t] = all[t].saturating_add(n);
            }
        }
    }
    if let Some(k) = all.iter().position(|&c| c > 4) {
        return Err(Error::TooManyCopies { kind: k as u8 });
    }
    let total: u32 = f.counts.iter().map(|&c| u32::from(c)).sum();
    let need = 17 - 3 * u32::from(f.meld_count);
    if total != need && !(flower_win && total + 1 == need) {
        return Err(Error::BadTileTotal { total });
    }
    if !flower_win && f.counts[usize::from(f.win_tile)] == 0 {
        return Err(Error::InvalidArgument);
    }
    let claimed = f.melds().iter().any(Meld::is_claimed);
    let other = f.from_other();
    let robbing = f.how == WinHow::RobbingKong;
    // Each line is one contradiction of the docs' list.
    let contradictions = [
        other && f.from == f.winner,
        f.replacement && other,
        f.last_tile && (robbing || flower_win),
        f.first_turn && (f.last_tile || robbing || claimed || f.ready_from_first_discard),
        f.first_turn && f.winner == f.dealer && other,
        f.ready_from_first_discard && claimed,
        robbing && all[usize::from(f.win_tile)] > 1,
        flower_win && seen != 0xFF,
    ];
    let bad = contradictions.iter().any(|&b| b);
    if bad {
        return Err(Error::InvalidFlags);
    }
    Ok(all)
}

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

/// What does not change between decompositions.
struct Context<'a> {
    f: &'a WinFacts,
    rules: &'a TaiRules,
    all: Counts,
    /// The hand before the winning tile waited on one kind only.
    single_wait: bool,
    /// No claimed meld.
    concealed: bool,
    self_drawn: bool,
    seat_wind: usize,
}

impl<'a> Context<'a> {
    fn new(f: &'a WinFacts, all: &Counts, rules: &'a TaiRules) -> Context<'a> {
        let concealed = !f.melds().iter().any(Meld::is_claimed);
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
            self_drawn: f.how == WinHow::SelfDrawn,
            seat_wind: usize::from(f.seat_wind()),
        }
    }

    fn put(&self, t: &mut [u16; PATTERN_SLOTS], p: Pattern, times: u16) {
        t[p.id()] = self.rules.value(p).saturating_mul(times);
    }

    /// The patterns every decomposition shares (before exclusions).
    fn fill_common(&self, t: &mut [u16; PATTERN_SLOTS]) {
        let f = self.f;
        let dealer = f.winner == f.dealer;
        self.put(t, Pattern::Concealed, u16::from(self.concealed));
        self.put(t, Pattern::SelfDrawn, u16::from(self.self_drawn));
        self.put(
            t,
            Pattern::ConcealedSelfDrawn,
            u16::from(self.concealed && self.self_drawn),
        );
        let mut mask = 0u8;
        for &n in f.flowers() {
            mask |= 1 << (n - 1);
        }
        let own = (mask & self.rules.seat_flowers(self.seat_wind)).count_ones();
        self.put(t, Pattern::SeatFlower, own as u16);
        let sets = u16::from(mask & 0x0F == 0x0F) + u16::from(mask & 0xF0 == 0xF0);
        self.put(t, Pattern::FlowerKong, sets);
        self.put(t, Pattern::EightFlowers, u16::from(mask == 0xFF));
        self.put(t, Pattern::SingleWait, u16::from(self.single_wait));
        self.put(
            t,
            Pattern::RobbingKong,
            u16::from(f.how == WinHow::RobbingKong),
        );
        self.put(
            t,
            Pattern::ReplacementWin,
            u16::from(self.self_drawn && f.replacement),
        );
        self.put(
            t,
            Pattern::LastTileDraw,
            u16::from(self.self_drawn && f.last_tile),
        );
        self.put(
            t,
            Pattern::LastDiscard,
            u16::from(f.how == WinHow::Discard && f.last_tile),
        );
        let ready = f.ready_from_first_discard;
        self.put(t, Pattern::HeavenlyReady, u16::from(ready && dealer));
        self.put(t, Pattern::EarthlyReady, u16::from(ready && !dealer));
        let first = f.first_turn;
        self.put(
            t,
            Pattern::HeavenlyWin,
            u16::from(first && dealer && self.self_drawn),
        );
        self.put(
            t,
            Pattern::EarthlyWin,
            u16::from(first && !dealer && self.self_drawn),
        );
        self.put(
            t,
            Pattern::HumanWin,
            u16::from(first && !dealer && f.how == WinHow::Discard),
        );
        // Colour of all the tiles.
        let mut suits = 0u8;
        for s in 0..3 {
            if self.all[s * 9..s * 9 + 9].iter().any(|&c| c != 0) {
                suits |= 1 << s;
            }
        }
        let honors = self.all[27..].iter().any(|&c| c != 0);
        let one_suit = suits.count_ones() == 1;
        self.put(t, Pattern::FullFlush, u16::from(one_suit && !honors));
        self.put(t, Pattern::HalfFlush, u16::from(one_suit && honors));
        self.put(t, Pattern::AllHonors, u16::from(suits == 0));
    }

    /// The best breakdown over every decomposition, exclusions applied.
    fn best(&self, common: &[u16; PATTERN_SLOTS]) -> Option<[u16; PATTERN_SLOTS]> {
        let mut best: Option<(u32, [u16; PATTERN_SLOTS])> = None;
        let mut consider = |t: [u16; PATTERN_SLOTS]| {
            let sum: u32 = t.iter().map(|&v| u32::from(v)).sum();
            if best.as_ref().is_none_or(|(s, b)| (sum, &t) > (*s, b)) {
                best = Some((sum, t));
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
    fn fill_sets(&self, t: &mut [u16; PATTERN_SLOTS], sets: &[Set; 5], pair: u8, expose: bool) {
        let f = self.f;
        let w = f.win_tile;
        let pair = usize::from(pair);
        let (mut dragons, mut winds, mut pungs, mut in_hand_pungs) = (0u16, 0u16, 0u16, 0u16);
        let (mut seat, mut round) = (0u16, 0u16);
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
                seat += u16::from(k - 27 == self.seat_wind);
                round += u16::from(k - 27 == usize::from(f.prevalent_wind));
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
        self.put(t, Pattern::BigDragons, u16::from(dragons == 3));
        self.put(
            t,
            Pattern::LittleDragons,
            u16::from(dragons == 2 && pair_dragon),
        );
        self.put(t, Pattern::BigWinds, u16::from(winds == 4));
        self.put(t, Pattern::LittleWinds, u16::from(winds == 3 && pair_wind));
        self.put(t, Pattern::AllPungs, u16::from(pungs == 5));
        self.put(
            t,
            Pattern::ThreeConcealedPungs,
            u16::from(in_hand_pungs == 3),
        );
        self.put(
            t,
            Pattern::FourConcealedPungs,
            u16::from(in_hand_pungs == 4),
        );
        self.put(
            t,
            Pattern::FiveConcealedPungs,
            u16::from(in_hand_pungs == 5),
        );
        let r = self.rules;
        let all_chows = pungs == 0
            && two_sided
            && !self.single_wait
            && !(r.all_chows_no_honors && pair >= 27)
            && !(r.all_chows_no_flowers && f.flower_count != 0)
            && (!r.all_chows_not_self_drawn || f.from_other());
        self.put(t, Pattern::AllChows, u16::from(all_chows));
        let seek = f.meld_count == 5 && f.melds().iter().all(Meld::is_claimed);
        self.put(t, Pattern::AllSeek, u16::from(seek && f.from_other()));
        self.put(t, Pattern::HalfSeek, u16::from(seek && self.self_drawn));
    }

    /// Applies the exclusion rules to a candidate breakdown.
    fn exclude(&self, t: &mut [u16; PATTERN_SLOTS]) {
        use Pattern as P;
        let on = |t: &[u16; PATTERN_SLOTS], p: P| t[p.id()] != 0;
        let off = |t: &mut [u16; PATTERN_SLOTS], p: P| t[p.id()] = 0;
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
            ] {
                off(t, p);
            }
        }
        if on(t, P::HumanWin) {
            off(t, P::Concealed);
            off(t, P::SingleWait);
        }
        if on(t, P::HeavenlyReady) || on(t, P::EarthlyReady) {
            off(t, P::Concealed);
            off(t, P::ConcealedSelfDrawn);
        }
        if on(t, P::ConcealedSelfDrawn) {
            if !r.concealed_self_drawn_keeps_concealed {
                off(t, P::Concealed);
            }
            if !r.concealed_self_drawn_keeps_self_drawn {
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
        if (on(t, P::BigDragons) || on(t, P::LittleDragons)) && !r.dragon_hands_keep_dragon_pungs {
            off(t, P::DragonPung);
        }
        if on(t, P::BigWinds) {
            off(t, P::LittleWinds);
        }
        if (on(t, P::BigWinds) || on(t, P::LittleWinds)) && !r.wind_hands_keep_wind_pungs {
            off(t, P::SeatWind);
            off(t, P::PrevalentWind);
        }
        if on(t, P::EightFlowers) {
            off(t, P::FlowerKong);
            off(t, P::SeatFlower);
        }
        if on(t, P::FlowerKong) && !r.flower_kong_keeps_seat_flower {
            // The seat's flowers that are in a complete set do not count again.
            let mut mask = 0u8;
            for &n in self.f.flowers() {
                mask |= 1 << (n - 1);
            }
            let mut own = 0u16;
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

#[cfg(test)]
mod tests;
