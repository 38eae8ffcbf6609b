//! Taiwanese 16-tile mahjong scoring: tai (台), the breakdown by pattern, and the payments.
//!
//! Input: [`WinFacts`](crate::tai::WinFacts) (in C `MjTaiHand`), every fact of a win that the tai
//! table reads (the concealed tiles **including** the winning tile, up to five declared melds
//! with the seat each claim came from, the flowers by number, the winning tile, how the win
//! came, the seats, the winds, the dealer and its consecutive deals, and the facts of the
//! moment as flag bits). Rules: [`TaiRules`](crate::tai::TaiRules) (in C `MjTaiRules`), a value
//! per pattern, the stakes, the minimum tai and the switches where rule sets differ, with a
//! preset constructor each ([`TaiRules::atawmj`](crate::tai::TaiRules::atawmj),
//! [`TaiRules::common`](crate::tai::TaiRules::common)). Output:
//! [`TaiScore`](crate::tai::TaiScore) (in C `MjTaiResult`), the tai of every pattern that counts,
//! the totals, and what each seat pays or receives.
//!
//! The three structs are the C ABI's own (cbindgen exports them under their C names, see
//! `cbindgen.toml`); every other item of this module is `cbindgen:ignore`.
//!
//! Every decomposition of the hand (five sets and a pair, and 嚦咕嚦咕 where enabled) is scored,
//! each with the best placement of the winning tile, and the highest total wins; exclusions (a
//! pattern that implies another does not count the lesser one) are applied to each candidate.
//! The definitions, the values of both presets, the sources they follow and the choices made
//! where sources differ are in `docs/tai.md`.

/// cbindgen:ignore
mod check;
/// cbindgen:ignore
mod patterns;
/// cbindgen:ignore
mod read;
/// Parsed by cbindgen: `TaiRules` is the C ABI's `MjTaiRules`.
mod rules;

use crate::error::Error;
use crate::tile::{Counts, TILE_KINDS};
pub use patterns::Pattern;
pub(crate) use rules::with_switches;
pub use rules::{SWITCH_NAMES, SWITCHES, TaiRules};

/// Slots of `MjTaiResult::tai` and `MjTaiRules::values`: index 0 unused, 1..=38 the pattern
/// ids (see `mj_tai_pattern_info` and the table in docs/tai.md).
pub const PATTERN_SLOTS: usize = 39;
/// Highest pattern id accepted by `mj_tai_pattern_info`.
pub const MAX_PATTERN_ID: u32 = 38;
/// Most declared melds in an `MjTaiHand` (a 16-tile hand is five sets and a pair).
pub const TAI_MELD_SLOTS: usize = 5;
/// Number of flower tiles: 春夏秋冬 are flowers 1-4, 梅蘭竹菊 5-8 (竹 7, 菊 8).
pub const TAI_FLOWER_SLOTS: usize = 8;
/// Seats at a Taiwanese table; `MjTaiResult::payments` has one entry per seat.
pub const TAI_SEAT_SLOTS: usize = 4;

/// Seats at the table (in C `MJ_TAI_SEATS`).
///
/// cbindgen:ignore
pub const SEATS: usize = TAI_SEAT_SLOTS;
/// At most five declared melds (in C `MJ_TAI_MAX_MELDS`).
///
/// cbindgen:ignore
pub const MAX_MELDS: usize = TAI_MELD_SLOTS;
/// Eight flower tiles (in C `MJ_TAI_FLOWERS`). Which seat each belongs to:
/// [`TaiRules::flower_seat`].
///
/// cbindgen:ignore
pub const FLOWERS: usize = TAI_FLOWER_SLOTS;

/// How the win came: the winner drew the winning tile (自摸); every other seat pays.
pub const HOW_SELF_DRAWN: u8 = 0;
/// How the win came: on the tile seat `from` discarded; `from` pays.
pub const HOW_DISCARD: u8 = 1;
/// How the win came: robbing a kong (搶槓), the tile seat `from` added to its pung; `from` pays.
pub const HOW_ROBBING_KONG: u8 = 2;
/// How the win came: the winner holds all eight flowers (八仙過海); every other seat pays. The
/// tiles need not win; when they do, the win is scored as the self-drawn hand with 八仙過海 in
/// it if that is worth more.
pub const HOW_EIGHT_FLOWERS: u8 = 3;
/// How the win came: the winner, holding seven flowers, took the eighth that seat `from` drew
/// (七搶一); the tiles need not win; `from` pays. `flowers` lists the seven, or all eight.
pub const HOW_SEVEN_ROB_ONE: u8 = 4;

/// Win flag: the winning tile was a replacement draw (self-draw only): after a flower, a
/// concealed kong or an added kong, or, with `MJ_TAI_FLAG_AFTER_EXPOSED_KONG`, after an exposed
/// kong.
pub const FLAG_REPLACEMENT: u32 = 1;
/// Win flag: the winning tile was the last tile of the live wall (self-draw) or the last discard.
pub const FLAG_LAST_TILE: u32 = 2;
/// Win flag: the winner had not discarded yet and nobody had claimed a tile (天胡, 地胡, and 人胡
/// on a discard).
pub const FLAG_FIRST_TURN: u32 = 4;
/// Win flag: the winner's hand was ready from its first discard, nobody having claimed before
/// it, and unchanged since (地聽; the dealer's is 天聽).
pub const FLAG_READY_FROM_FIRST_DISCARD: u32 = 8;
/// Win flag, with `MJ_TAI_FLAG_REPLACEMENT`: the replacement followed an exposed kong (a kong
/// claimed from a discard), not a flower or the winner's own concealed or added kong.
pub const FLAG_AFTER_EXPOSED_KONG: u32 = 16;
/// Win flag (a win on a discard): the winning tile is a discard of the first go-around (第一巡):
/// no seat had discarded twice and nobody had claimed a tile. Implied by `MJ_TAI_FLAG_FIRST_TURN`
/// on a discard.
pub const FLAG_FIRST_GO_AROUND: u32 = 32;
/// Win flag: the winner's hand was ready as dealt (配牌即聽牌; the dealer's: after its first
/// discard) and unchanged since (天聽 where `heavenly_ready_from_deal` is 1). For the dealer it
/// implies `MJ_TAI_FLAG_READY_FROM_FIRST_DISCARD`.
pub const FLAG_READY_FROM_DEAL: u32 = 64;
/// Every defined flag bit.
///
/// cbindgen:ignore
pub const FLAGS_ALL: u32 = 127;

/// `MjTaiHand::seat_wind`: the winner's seat wind is `(winner - dealer) mod 4` (the dealer
/// sits East).
pub const SEAT_WIND_FROM_DEALER: u8 = 255;

/// A declared meld (its tiles are not in [`WinFacts::counts`]): `claimed` is where the claim
/// came from relative to the winner (1 the seat before, 2 opposite, 3 the seat after) for a
/// pung, exposed kong or added kong, which tile was taken (1..3) for a chow (always from the seat
/// before), 0 for a concealed kong.
pub use crate::meld::{Meld, MeldKind};

/// How the win came (the `how` byte of [`WinFacts`]).
///
/// cbindgen:ignore
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum WinHow {
    /// The winner drew the winning tile (自摸); every other seat pays.
    SelfDrawn = HOW_SELF_DRAWN,
    /// The winning tile was discarded by [`WinFacts::from`], who pays.
    Discard = HOW_DISCARD,
    /// The winning tile was added to a pung by [`WinFacts::from`] (搶槓), who pays.
    RobbingKong = HOW_ROBBING_KONG,
    /// The winner holds all eight flowers (八仙過海); every other seat pays.
    EightFlowers = HOW_EIGHT_FLOWERS,
    /// The winner, holding seven flowers, took the eighth that [`WinFacts::from`] drew (七搶一);
    /// [`WinFacts::from`] pays.
    SevenRobOne = HOW_SEVEN_ROB_ONE,
}

/// cbindgen:ignore
impl WinHow {
    /// The variant whose code is `value` (`HOW_*`), if any.
    pub const fn from_u8(value: u8) -> Option<WinHow> {
        match value {
            HOW_SELF_DRAWN => Some(WinHow::SelfDrawn),
            HOW_DISCARD => Some(WinHow::Discard),
            HOW_ROBBING_KONG => Some(WinHow::RobbingKong),
            HOW_EIGHT_FLOWERS => Some(WinHow::EightFlowers),
            HOW_SEVEN_ROB_ONE => Some(WinHow::SevenRobOne),
            _ => None,
        }
    }
    /// Whether the winning tile (or flower) came from another seat, who pays alone.
    pub const fn from_other(self) -> bool {
        matches!(
            self,
            WinHow::Discard | WinHow::RobbingKong | WinHow::SevenRobOne
        )
    }
    /// Whether this is a flower win (八仙過海 or 七搶一).
    pub const fn is_flower_win(self) -> bool {
        matches!(self, WinHow::EightFlowers | WinHow::SevenRobOne)
    }
}

/// A Taiwanese win to score (in C `MjTaiHand`; fill it from `mj_tai_hand_default()`, in Rust
/// from `WinFacts::new`).
///
/// `counts` holds the concealed tiles **including the winning tile**; the tiles of declared
/// melds are not in `counts`, so it totals `17 - 3 * meld_count` (a flower win: that or one
/// less). Melds are `MjMcrMeld`s: `MJ_MCR_MELD_CHOW` (always from the seat before the winner;
/// `claimed` is which of its tiles was taken, 1..3), `MJ_MCR_MELD_PUNG`, `MJ_MCR_MELD_KONG`
/// (an exposed kong, claimed from a discard) and `MJ_MCR_MELD_ADDED_KONG` (a kong added to a
/// claimed pung), each with `claimed` the seat the claimed tile came from relative to the
/// winner (1 the seat before, 2 opposite, 3 the seat after), and `MJ_MCR_MELD_CONCEALED_KONG`
/// (`claimed` 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct WinFacts {
    /// Concealed tiles by kind (`MJ_TILE_KINDS` counts), winning tile included.
    pub counts: [u8; TILE_KINDS],
    /// Declared melds; only the first `meld_count` are read.
    pub melds: [Meld; TAI_MELD_SLOTS],
    /// Number of declared melds, 0..5.
    pub meld_count: u8,
    /// Flower numbers 1..8 set aside by the winner, each at most once; only the first
    /// `flower_count` are read.
    pub flowers: [u8; TAI_FLOWER_SLOTS],
    /// Number of flowers, 0..8.
    pub flower_count: u8,
    /// Winning tile kind 0..33, in `counts` (not read for a flower win).
    pub win_tile: u8,
    /// `MJ_TAI_WIN_*` (in Rust a `tai::WinHow` code).
    pub how: u8,
    /// The seat 0..3 that discarded, was robbed or drew the eighth flower (not read for
    /// `MJ_TAI_WIN_SELF_DRAWN` and `MJ_TAI_WIN_EIGHT_FLOWERS`).
    pub from: u8,
    /// The winner's seat 0..3; seats are numbered in turn order.
    pub winner: u8,
    /// The dealer's seat 0..3 (莊家, 連莊 and the payments).
    pub dealer: u8,
    /// The winner's seat wind 0..3 (East..North; 門風 and 正花), counted from the seat that
    /// sits East (the 開門 seat where the wall was opened), or
    /// `MJ_TAI_SEAT_WIND_FROM_DEALER` (255): `(winner - dealer) mod 4`, the dealer sitting East.
    pub seat_wind: u8,
    /// The dealer's consecutive deals N (連N拉N), 0 on its first deal.
    pub consecutive_deals: u8,
    /// Prevalent (round) wind 0..3 (East, South, West, North).
    pub prevalent_wind: u8,
    /// `MJ_TAI_FLAG_*` bits (in Rust `tai::FLAG_*`).
    pub flags: u32,
}

/// cbindgen:ignore
impl WinFacts {
    /// A concealed hand won by self-draw, seat 0 winning as the dealer (East), East round, no
    /// flowers, no melds, first deal, no flags.
    pub const fn new(counts: Counts, win_tile: u8) -> WinFacts {
        WinFacts {
            counts,
            melds: [Meld::concealed_kong(0); MAX_MELDS],
            meld_count: 0,
            flowers: [0; FLOWERS],
            flower_count: 0,
            win_tile,
            how: HOW_SELF_DRAWN,
            from: 0,
            winner: 0,
            dealer: 0,
            seat_wind: SEAT_WIND_FROM_DEALER,
            consecutive_deals: 0,
            prevalent_wind: 0,
            flags: 0,
        }
    }

    /// Adds a declared meld; `claimed` as the struct says (relative seat, a chow's taken tile,
    /// 0 for a concealed kong). A sixth meld is not stored but still counted, so that [`score`]
    /// refuses the facts with [`Error::InvalidArgument`].
    pub const fn with_meld(mut self, kind: MeldKind, tile: u8, claimed: u8) -> WinFacts {
        if (self.meld_count as usize) < MAX_MELDS {
            self.melds[self.meld_count as usize] = Meld::new(kind, tile, claimed);
        }
        self.meld_count = self.meld_count.saturating_add(1);
        self
    }

    /// Adds a flower by number (1..=8). A ninth is counted but not stored (refused by [`score`]).
    pub const fn with_flower(mut self, n: u8) -> WinFacts {
        if (self.flower_count as usize) < FLOWERS {
            self.flowers[self.flower_count as usize] = n;
        }
        self.flower_count = self.flower_count.saturating_add(1);
        self
    }

    /// How the win came; a `how` byte that is no [`WinHow`] reads as [`WinHow::SelfDrawn`]
    /// ([`score`] refuses it with [`Error::InvalidArgument`]).
    pub const fn how(&self) -> WinHow {
        match WinHow::from_u8(self.how) {
            Some(h) => h,
            None => WinHow::SelfDrawn,
        }
    }

    /// Whether every bit of `flag` (`FLAG_*`) is set.
    pub const fn has(&self, flag: u32) -> bool {
        self.flags & flag == flag
    }

    /// The declared melds.
    pub fn melds(&self) -> &[Meld] {
        &self.melds[..usize::from(self.meld_count).min(MAX_MELDS)]
    }

    /// The flower numbers.
    pub fn flowers(&self) -> &[u8] {
        &self.flowers[..usize::from(self.flower_count).min(FLOWERS)]
    }

    /// The winner's seat wind (0 East .. 3 North): `seat_wind`, or from the dealer when it is
    /// [`SEAT_WIND_FROM_DEALER`].
    pub const fn winner_wind(&self) -> u8 {
        if self.seat_wind == SEAT_WIND_FROM_DEALER {
            (self.winner + SEATS as u8 - self.dealer % SEATS as u8) % SEATS as u8
        } else {
            self.seat_wind
        }
    }

    /// Whether the winning tile came from another seat (every win but a self-draw and 八仙過海).
    pub const fn from_other(&self) -> bool {
        self.how().from_other()
    }
}

/// A scored win (in C `MjTaiResult`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct TaiScore {
    /// Tai each pattern counts, by id (value x occurrences), 0 when it does not count; slot 0 is
    /// 0. The dealer's patterns (ids 1..3) are filled when the dealer wins or pays.
    pub tai: [u32; PATTERN_SLOTS],
    /// Tai of every pattern but the dealer's (ids 4..38).
    pub hand_tai: u32,
    /// Tai of the dealer's patterns (莊家, 連莊, 拉莊: ids 1..3); they count only in the payments
    /// the dealer takes part in.
    pub dealer_tai: u32,
    /// `hand_tai + dealer_tai`, the sum of `tai`: the tai of the payments the dealer takes part
    /// in.
    pub total: u32,
    /// The winner's own tai: `hand_tai`, plus `dealer_tai` when the winner is the dealer (when
    /// the dealer only pays, its tai are the dealer's, not the winner's). What a user interface
    /// shows as the win's tai; the minimum tai (`MjTaiRules::min_tai`) is compared with it.
    pub winner_tai: u32,
    /// 1 when `winner_tai` reaches `MjTaiRules::min_tai` (起胡; always 1 when it is 0), else 0.
    pub qualifies: u8,
    /// What each seat receives (positive, the winner) or pays (negative); they sum to zero.
    pub payments: [i64; TAI_SEAT_SLOTS],
}

/// cbindgen:ignore
impl TaiScore {
    /// The patterns that count, as `(pattern, tai)` in id order.
    pub fn breakdown(&self) -> impl Iterator<Item = (Pattern, u32)> + '_ {
        Pattern::ALL
            .iter()
            .map(|&p| (p, self.tai[p.id()]))
            .filter(|&(_, t)| t != 0)
    }

    /// Whether `winner_tai` reaches the rules' minimum (起胡).
    pub const fn qualifies(&self) -> bool {
        self.qualifies != 0
    }
}

/// Scores a Taiwanese win under `rules`.
///
/// A winner holding all eight flowers needs no second call: a self-draw whose tiles do not win
/// is scored as 八仙過海 (the flower win), and a flower win (`EightFlowers`) whose tiles win is
/// scored as the self-drawn hand with 八仙過海 in it when that is worth more.
///
/// # Errors
/// - [`Error::InvalidArgument`]: rules with a switch other than 0 or 1 or a nonzero
///   `values[0]`; more than 5 melds or 8 flowers, a flower number outside 1..=8 or given twice,
///   an unknown `how`, a seat or wind above 3 (a `seat_wind` other than 0..3 or
///   [`SEAT_WIND_FROM_DEALER`]), a winning tile outside 0..34 or not in `counts`.
/// - [`Error::InvalidFlags`]: an unknown flag bit, or facts that cannot hold together (see
///   `docs/tai.md`, "Refusals").
/// - [`Error::IllegalMeld`]: a meld tile outside 0..34, an unknown kind, a `claimed` byte out of
///   range (1..3; 0 for a concealed kong), a chow of honours or starting at 8 or 9.
/// - [`Error::TooManyCopies`]: a fifth copy of a kind in `counts` + melds.
/// - [`Error::BadTileTotal`]: `counts` does not hold `17 - 3 * meld_count` tiles (a flower
///   win: or one less).
/// - [`Error::NotWinning`]: the tiles form no winning hand (or the flower win is off).
pub fn score(facts: &WinFacts, rules: &TaiRules) -> Result<TaiScore, Error> {
    rules.validate()?;
    let all = check::validate(facts)?;
    let mut dealer = [0u32; PATTERN_SLOTS];
    if dealer_involved(facts) {
        let n = u32::from(facts.consecutive_deals);
        let v = |p| u32::from(rules.value(p));
        dealer[Pattern::Dealer.id()] = v(Pattern::Dealer);
        dealer[Pattern::ConsecutiveDeal.id()] = v(Pattern::ConsecutiveDeal) * n;
        dealer[Pattern::DealerPull.id()] = v(Pattern::DealerPull) * n;
    }
    let how = facts.how();
    let flower = |p: Pattern| {
        let mut t = dealer;
        t[p.id()] = u32::from(rules.value(p));
        (rules.value(p) != 0).then_some(t)
    };
    let hand = |f: &WinFacts| {
        let ctx = read::Context::new(f, &all, rules);
        let mut base = dealer;
        ctx.fill_common(&mut base);
        ctx.best(&base)
    };
    let eight = || flower(Pattern::EightFlowers).ok_or(Error::NotWinning);
    let best = match how {
        WinHow::SevenRobOne => flower(Pattern::SevenRobOne).ok_or(Error::NotWinning)?,
        // A flower win, or a self-draw with all eight flowers, whose tiles are not read.
        _ if !check::reads_tiles(facts) => eight()?,
        WinHow::EightFlowers => {
            let alone = eight()?;
            // The tiles win too: the self-drawn hand, 八仙過海 in it, when worth more.
            let drawn = WinFacts {
                how: HOW_SELF_DRAWN,
                ..*facts
            };
            match hand(&drawn) {
                Some(t) if read::better(&t, &alone) => t,
                _ => alone,
            }
        }
        WinHow::SelfDrawn if check::flower_like(facts) => match hand(facts) {
            Some(t) => t,
            None => eight()?,
        },
        _ => hand(facts).ok_or(Error::NotWinning)?,
    };
    Ok(finish(facts, rules, best))
}

/// Totals and payments of a final breakdown.
fn finish(facts: &WinFacts, rules: &TaiRules, tai: [u32; PATTERN_SLOTS]) -> TaiScore {
    let dealer_tai: u32 = tai[1..=Pattern::DealerPull.id()].iter().sum();
    let hand_tai: u32 = tai[Pattern::DealerPull.id() + 1..].iter().sum();
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
    let winner_tai = if w == dealer {
        hand_tai + dealer_tai
    } else {
        hand_tai
    };
    TaiScore {
        tai,
        hand_tai,
        dealer_tai,
        total: hand_tai + dealer_tai,
        winner_tai,
        qualifies: u8::from(winner_tai >= rules.min_tai),
        payments,
    }
}

/// The winner's tai (as [`TaiScore::winner_tai`] counts them) of flower win `pattern`
/// ([`Pattern::EightFlowers`] or [`Pattern::SevenRobOne`]) on its flowers alone, from public
/// facts: its value, and the dealer's tai when the winner is the dealer (`consecutive_deals` as
/// [`WinFacts::consecutive_deals`]). A table decides a flower win's minimum tai (起胡) on it, so
/// that every seat knows who is offered one; 八仙過海 scored with tiles that win too counts at
/// least as much.
pub(crate) fn flower_win_tai(
    rules: &TaiRules,
    pattern: Pattern,
    dealer: bool,
    consecutive_deals: u8,
) -> u32 {
    let v = |p| u32::from(rules.value(p));
    let mut tai = v(pattern);
    if dealer {
        let n = u32::from(consecutive_deals);
        tai += v(Pattern::Dealer) + (v(Pattern::ConsecutiveDeal) + v(Pattern::DealerPull)) * n;
    }
    tai
}

/// Whether the dealer wins or pays.
fn dealer_involved(f: &WinFacts) -> bool {
    f.winner == f.dealer || !f.from_other() || f.from == f.dealer
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_rules;
