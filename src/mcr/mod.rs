//! Chinese Official (MCR, 国标麻将) scoring: all 81 fans of the rule book, scored exactly as the
//! reference calculator (ChineseOfficialMahjong's `calculate_fan`, published as `pymahjonggb`).
//!
//! Input: the concealed tiles **including** the winning tile, up to four declared melds (their
//! tiles are *not* in `counts`), the winning tile, win flags, winds and flowers. Output: the
//! count of every fan by its official id ([`crate::mcr::fans`]), the total, and whether the hand reaches the
//! 8-fan minimum without flowers.
//!
//! Every decomposition is tried; the best total wins, with the reference's tie rules (see
//! [`crate::mcr::score`]). Inputs the reference would silently score are refused: a fifth copy, a wrong
//! tile total, impossible melds, and flags that cannot hold.

/// cbindgen:ignore
pub mod fans;
/// cbindgen:ignore
pub mod plan;

/// cbindgen:ignore
mod decompose;
/// cbindgen:ignore
mod exclusions;
/// cbindgen:ignore
mod regular;
/// cbindgen:ignore
mod special;
/// cbindgen:ignore
mod wait;

use crate::error::Error;
use crate::tile::{Counts, TILE_KINDS};
/// Slots of `MjMcrResult::fans`: index 0 unused, 1..=81 the official fans in rule-book order
/// (1 = 大四喜 ... 81 = 花牌), 82 = 明暗杠 (the reference calculator's extension, 5 points).
pub const FAN_SLOTS: usize = 83;

/// At most four declared melds.
///
/// cbindgen:ignore
pub const MAX_MELDS: usize = MELD_SLOTS;
/// Most declared melds in an `MjMcrHand` (in Rust also `mcr::MAX_MELDS`).
pub const MELD_SLOTS: usize = 4;

/// Win flag: the winning tile was drawn by the winner (自摸).
pub const WIN_SELF_DRAWN: u32 = 1;
/// Win flag: the winning tile is the last copy of its kind, three being already visible (和绝张).
pub const WIN_LAST_COPY: u32 = 2;
/// Win flag: the win involves a kong: self-drawn, the replacement tile after a kong (杠上开花);
/// otherwise robbing another player's added kong (抢杠和).
pub const WIN_KONG: u32 = 4;
/// Win flag: the winning tile is the last tile of the wall: self-drawn 妙手回春, otherwise the
/// last discard 海底捞月.
pub const WIN_WALL_LAST: u32 = 8;
/// Every defined win flag.
///
/// cbindgen:ignore
pub const WIN_ALL: u32 = 15;

pub use crate::meld::{Meld, MeldKind};

/// A winning MCR hand to score (in C `MjMcrHand`; fill it from `mj_mcr_hand_default()`, in
/// Rust from `McrHand::new`).
///
/// `counts` holds the concealed tiles **including the winning tile**; the tiles of declared melds
/// are not in `counts`. So `counts` totals `14 - 3 * meld_count` tiles (a kong counts as 3 there).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct McrHand {
    /// Concealed tiles by kind (`MJ_TILE_KINDS` counts), winning tile included.
    pub counts: [u8; TILE_KINDS],
    /// Declared melds; only the first `meld_count` are read.
    pub melds: [Meld; MELD_SLOTS],
    /// Number of declared melds, 0..4.
    pub meld_count: u8,
    /// Winning tile kind 0..33; it must be in `counts`.
    pub win_tile: u8,
    /// Seat wind 0..3 (`MJ_WIND_*`: East, South, West, North).
    pub seat_wind: u8,
    /// Prevalent wind 0..3.
    pub prevalent_wind: u8,
    /// `MJ_MCR_WIN_*` bits (in Rust `mcr::WIN_*`).
    pub flags: u32,
    /// Flower tiles 0..8; each adds one point (花牌) but does not count towards the minimum.
    pub flowers: u8,
}

impl McrHand {
    /// A concealed hand (no melds), won on a discard, East seat and round, no flowers.
    pub fn new(counts: Counts, win_tile: u8) -> McrHand {
        McrHand {
            counts,
            melds: [Meld::concealed_kong(0); MAX_MELDS],
            meld_count: 0,
            win_tile,
            flags: 0,
            seat_wind: 0,
            prevalent_wind: 0,
            flowers: 0,
        }
    }

    /// Adds a declared meld. A fifth meld is not stored but still counted, so that [`score`]
    /// refuses the hand with [`Error::InvalidArgument`].
    pub fn with_meld(mut self, meld: Meld) -> McrHand {
        if usize::from(self.meld_count) < MAX_MELDS {
            self.melds[usize::from(self.meld_count)] = meld;
        }
        self.meld_count = self.meld_count.saturating_add(1);
        self
    }

    /// The declared melds.
    pub fn melds(&self) -> &[Meld] {
        &self.melds[..usize::from(self.meld_count).min(MAX_MELDS)]
    }
}

/// The score of a hand.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct McrScore {
    /// Total points, flowers included.
    pub total: i32,
    /// Total points without flowers.
    pub base: i32,
    /// 1 when `base` reaches the 8-point minimum (起和番), else 0.
    pub qualifies: u8,
    /// How many times each fan counts, by id (see `MJ_MCR_FAN_SLOTS`); index 0 is unused.
    pub fans: [u8; FAN_SLOTS],
}

/// The score of a hand (the C ABI's `MjMcrResult`).
///
/// cbindgen:ignore
pub type Score = McrScore;

/// cbindgen:ignore
impl McrScore {
    /// Whether `base` reaches the 8-point minimum (起和番).
    pub const fn qualifies(&self) -> bool {
        self.qualifies != 0
    }
    /// The fans that count, as `(id, times)` pairs in id order.
    pub fn fan_list(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.fans
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n != 0)
            .map(|(i, &n)| (i, n))
    }
}

/// Scores a winning MCR hand.
///
/// All decompositions (regular, seven pairs, thirteen orphans, 全不靠/七星不靠, 组合龙 with or
/// without a declared meld, 九莲宝灯) are tried as the reference does: the special forms first;
/// the regular decompositions only when no special form applies or the hand is seven pairs; the
/// highest total wins. Among regular decompositions of equal total the first one in the
/// reference's enumeration order is kept, except that a later one with 一色三同顺 or 三同刻
/// replaces it; a regular decomposition that ties with seven pairs replaces seven pairs.
///
/// Flags: unknown bits and flags that cannot hold are refused ([`Error::InvalidFlags`]):
/// [`WIN_LAST_COPY`] when the concealed hand holds another copy of the winning tile,
/// [`WIN_KONG`] self-drawn without a declared kong, [`WIN_KONG`] on a discard when another copy
/// of the winning tile is in the hand or melds, and [`WIN_KONG`] + [`WIN_WALL_LAST`] on a discard
/// (no kong can be declared once the wall is empty). Like the reference, [`WIN_LAST_COPY`] is
/// implied when the melds show the three other copies, and 抢杠和 excludes 和绝张.
///
/// # Errors
/// - [`Error::InvalidArgument`]: more than 4 melds, a wind above 3, more than 8 flowers, a
///   winning tile outside 0..34 or not in `counts`.
/// - [`Error::InvalidFlags`]: see above.
/// - [`Error::IllegalMeld`]: a meld tile outside 0..34, a chow of honours or starting at 8 or 9,
///   a `claimed` value out of range.
/// - [`Error::TooManyCopies`]: a fifth copy of a kind in `counts` + melds.
/// - [`Error::BadTileTotal`]: `counts` does not hold `14 - 3 * meld_count` tiles.
/// - [`Error::NotWinning`]: the tiles form no winning hand.
pub fn score(hand: &McrHand) -> Result<Score, Error> {
    let ctx = Context::new(hand)?;
    let (table, base) = ctx.best().ok_or(Error::NotWinning)?;
    let mut fans = [0u8; FAN_SLOTS];
    fans.copy_from_slice(&table[..FAN_SLOTS]);
    fans[fans::FLOWER_TILES] = hand.flowers;
    Ok(Score {
        total: base + i32::from(hand.flowers),
        base,
        fans,
        qualifies: u8::from(base >= 8),
    })
}

// ---------------------------------------------------------------------------------------------
// Internal model. The scorer works in "reference order": 1-9m, 1-9s, 1-9p, E S W N, Red, Green,
// White, the order in which the reference enumerates decompositions and resolves ties. `code`
// gives a (suit << 4 | rank) value in that order so that rank arithmetic never crosses suits.

/// Fan table: how many times each fan counts, by id; padded past the last id to a multiple of
/// 16 bytes so that whole-table loops (sum of points) run on full vectors.
pub(crate) type Table = [u8; TABLE_LEN];

/// Length of a [`Table`]: [`FAN_SLOTS`] rounded up to 16; the padding stays zero.
pub(crate) const TABLE_LEN: usize = FAN_SLOTS.next_multiple_of(16);

/// [`fans::POINTS`] padded to [`TABLE_LEN`] with zeros.
static TABLE_POINTS: [u8; TABLE_LEN] = {
    let mut p = [0u8; TABLE_LEN];
    let mut i = 0;
    while i < FAN_SLOTS {
        p[i] = fans::POINTS[i];
        i += 1;
    }
    p
};

/// A set of a decomposition: kind, tile (reference position; lowest tile for a chow), melded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Set {
    pub kind: u8,
    pub tile: u8,
    pub melded: bool,
}

pub(crate) const CHOW: u8 = 1;
pub(crate) const PUNG: u8 = 2;
pub(crate) const KONG: u8 = 3;

/// mjkit kind -> reference position.
#[inline]
pub(crate) const fn to_ref(k: usize) -> usize {
    TO_REF[k] as usize
}

const TO_REF: [u8; TILE_KINDS] = {
    let mut t = [0u8; TILE_KINDS];
    let mut k = 0;
    while k < TILE_KINDS {
        t[k] = to_ref_slow(k) as u8;
        k += 1;
    }
    t
};

const fn to_ref_slow(k: usize) -> usize {
    match k {
        0..=8 => k,
        9..=17 => k + 9,
        18..=26 => k - 9,
        27..=30 => k,
        31 => 33,
        32 => 32,
        _ => 31,
    }
}

/// Bit k set when bit `bit` of count k is set (mjkit order; counts at most 4, eight at a time).
pub(crate) fn count_bit_mask(c: &Counts, bit: u32) -> u64 {
    crate::tile::count_words(c)
        .iter()
        .enumerate()
        .fold(0u64, |m, (i, &w)| {
            let b = (w >> bit) & 0x0101_0101_0101_0101;
            m | (b.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i)
        })
}

/// For the concealed counts `a` and the meld counts `b` (eight kinds at a time): whether some
/// kind has more than four copies in all, and how many kinds have exactly four.
fn copies_in_all(a: &Counts, b: &Counts) -> (bool, u8) {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let (wa, wb) = (crate::tile::count_words(a), crate::tile::count_words(b));
    let (mut over, mut fours) = (0u64, 0u64);
    for (&x, &y) in wa.iter().zip(wb.iter()) {
        // A byte sum is at most 20 (four kongs of one kind and four in the hand), so no carry
        // leaves a byte, here or when adding 123, which sets the top bit of the sums above 4.
        let sum = x + y;
        over |= (sum + 123 * LOW) & (128 * LOW);
        // Exactly 4: sum ^ 4 is zero (only read when no sum is above 4, so it fits in three
        // bits). The six padding bytes of the last word are zero, never 4. One per byte, at
        // most five per byte over the words.
        let d = sum ^ (4 * LOW);
        fours += !(d | d >> 1 | d >> 2 | d >> 3) & LOW;
    }
    (over != 0, byte_sum(fours) as u8)
}

/// Sum of the bytes of `x` when that sum is below 256 (one multiply; no popcount instruction
/// on the baseline x86-64 target).
#[inline(always)]
pub(crate) const fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// Whether exactly one bit of `m` is set.
#[inline(always)]
pub(crate) const fn single_bit(m: u64) -> bool {
    m != 0 && m & (m - 1) == 0
}

/// Sum of `count / 2` over all kinds (counts at most 4): the pairs of a seven-pairs reading,
/// a four counting twice.
pub(crate) fn pair_count(c: &Counts) -> u32 {
    crate::tile::count_words(c)
        .iter()
        .map(|&w| {
            (((w >> 1) & 0x0303_0303_0303_0303).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
        })
        .sum()
}

/// A kind mask in mjkit order -> the same kinds in reference order (see [`to_ref`]).
#[inline]
pub(crate) const fn mask_to_ref(m: u64) -> u64 {
    const BLOCK: u64 = 0x1FF;
    (m & (BLOCK | 0xF << 27 | 1 << 32))
        | ((m >> 18) & BLOCK) << 9
        | ((m >> 9) & BLOCK) << 18
        | ((m >> 33) & 1) << 31
        | ((m >> 31) & 1) << 33
}

/// Counts in mjkit order -> reference order (suit blocks p and s swap; Red and White swap).
fn to_ref_order(c: &Counts) -> [u8; TILE_KINDS] {
    let mut r = [0u8; TILE_KINDS];
    r[..9].copy_from_slice(&c[..9]);
    r[9..18].copy_from_slice(&c[18..27]);
    r[18..27].copy_from_slice(&c[9..18]);
    r[27..31].copy_from_slice(&c[27..31]);
    r[31] = c[33];
    r[32] = c[32];
    r[33] = c[31];
    r
}

/// Reference position -> mjkit kind (inverse of [`to_ref`]; the map is an involution).
#[inline]
pub(crate) const fn from_ref(p: usize) -> usize {
    to_ref(p)
}

/// Suit/rank code of a reference position: 0x11-0x19 m, 0x21-0x29 s, 0x31-0x39 p,
/// 0x41-0x47 E S W N Red Green White.
#[inline]
pub(crate) const fn code(p: usize) -> u8 {
    CODES[p]
}

const CODES: [u8; TILE_KINDS] = {
    let mut t = [0u8; TILE_KINDS];
    let mut p = 0;
    while p < TILE_KINDS {
        t[p] = if p < 27 {
            (((p / 9) + 1) << 4 | (p % 9 + 1)) as u8
        } else {
            (0x40 | (p - 26)) as u8
        };
        p += 1;
    }
    t
};

pub(crate) const fn is_suited(p: usize) -> bool {
    p < 27
}
#[inline]
pub(crate) const fn rank(p: usize) -> usize {
    (CODES[p] & 15) as usize
}
pub(crate) const fn is_wind(p: usize) -> bool {
    p >= 27 && p <= 30
}
pub(crate) const fn is_dragon(p: usize) -> bool {
    p >= 31
}
pub(crate) const fn is_terminal(p: usize) -> bool {
    TERMINAL_MASK & (1 << p) != 0
}

const fn mask_of(ps: &[usize]) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < ps.len() {
        m |= 1 << ps[i];
        i += 1;
    }
    m
}

pub(crate) const HONOR_MASK: u64 = 0x7F << 27;
pub(crate) const WIND_MASK: u64 = 0xF << 27;
pub(crate) const DRAGON_MASK: u64 = 0x7 << 31;
pub(crate) const SUIT_MASK: [u64; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
pub(crate) const TERMINAL_MASK: u64 = mask_of(&[0, 8, 9, 17, 18, 26]);
pub(crate) const GREEN_MASK: u64 = mask_of(&[10, 11, 12, 14, 16, 32]);
pub(crate) const REVERSIBLE_MASK: u64 =
    mask_of(&[18, 19, 20, 21, 22, 25, 26, 10, 12, 13, 14, 16, 17, 33]);

/// Validated input in reference order.
#[derive(Clone)]
pub(crate) struct Context {
    /// Concealed tiles in mjkit order (winning tile included; each at most 4) and the winning
    /// kind.
    pub counts: Counts,
    pub win_kind: usize,
    /// Concealed tiles including the winning tile.
    pub standing: [u8; TILE_KINDS],
    /// Tiles of the declared melds (a kong counts 4), in mjkit order: see [`Context::melds_of`].
    pub meld_counts: Counts,
    pub fixed: [Set; MAX_MELDS],
    pub fixed_n: usize,
    /// Kinds present in the hand or the melds.
    pub present: u64,
    /// Kinds present in the concealed hand.
    pub standing_mask: u64,
    /// Whether the concealed hand holds a kind an odd number of times; two or more times.
    pub any_odd: bool,
    pub any_pair: bool,
    /// Kinds held four times in the concealed hand.
    pub concealed_fours: u8,
    /// Number of kinds of which all four copies are in the hand and melds together.
    pub fours: u8,
    pub win: usize,
    /// Normalised flags.
    pub flags: u32,
    pub seat: usize,
    pub prevalent: usize,
}

impl Context {
    #[inline(always)]
    fn new(hand: &McrHand) -> Result<Context, Error> {
        let n = usize::from(hand.meld_count);
        if n > MAX_MELDS
            || hand.seat_wind > 3
            || hand.prevalent_wind > 3
            || hand.flowers > 8
            || usize::from(hand.win_tile) >= TILE_KINDS
        {
            return Err(Error::InvalidArgument);
        }
        if hand.flags & !WIN_ALL != 0 {
            return Err(Error::InvalidFlags);
        }
        let mut fixed = [Set {
            kind: 0,
            tile: 0,
            melded: false,
        }; MAX_MELDS];
        let mut meld_counts = [0u8; TILE_KINDS];
        let mut meld_mask = 0u64; // kinds in the melds, mjkit order
        for (i, m) in hand.melds[..n].iter().enumerate() {
            let t = usize::from(m.tile);
            if t >= TILE_KINDS {
                return Err(Error::IllegalMeld);
            }
            let Some(meld_kind) = m.try_kind() else {
                return Err(Error::IllegalMeld);
            };
            let (kind, copies, melded) = match meld_kind {
                MeldKind::Chow => {
                    if crate::tile::is_honor(t) || crate::tile::number(t) > 7 {
                        return Err(Error::IllegalMeld);
                    }
                    (CHOW, 0, true)
                }
                MeldKind::Pung => (PUNG, 3, true),
                MeldKind::Kong | MeldKind::AddedKong => (KONG, 4, true),
                MeldKind::ConcealedKong => (KONG, 4, false),
            };
            let claimed_ok = if melded {
                (1..=3).contains(&m.claimed)
            } else {
                m.claimed == 0
            };
            if !claimed_ok {
                return Err(Error::IllegalMeld);
            }
            if kind == CHOW {
                meld_counts[t..t + 3].iter_mut().for_each(|c| *c += 1);
                meld_mask |= 7 << t;
            } else {
                meld_counts[t] += copies;
                meld_mask |= 1 << t;
            }
            fixed[i] = Set {
                kind,
                tile: to_ref(t) as u8,
                melded,
            };
        }
        // As `Hand::new` would check them (a total above 17 is also not `want`).
        let total = crate::tile::check_counts(&hand.counts)?;
        let want = 14 - 3 * n as u32;
        if total != want {
            return Err(Error::BadTileTotal { total });
        }
        let w = usize::from(hand.win_tile);
        if hand.counts[w] == 0 {
            return Err(Error::InvalidArgument);
        }
        let standing = to_ref_order(&hand.counts);
        // Counts are at most 4 here: three bits each, one count per byte of the words.
        const LOW: u64 = 0x0101_0101_0101_0101;
        let words = crate::tile::count_words(&hand.counts);
        let any = words.iter().fold(0, |a, &w| a | w);
        let concealed_fours = byte_sum(words.iter().fold(0, |a, &w| a + ((w >> 2) & LOW))) as u8;
        let held = words.iter().enumerate().fold(0u64, |m, (i, &w)| {
            let b = (w | w >> 1 | w >> 2) & LOW;
            m | (b.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i)
        });
        let standing_mask = mask_to_ref(held);
        let mut present = standing_mask;
        let mut fours = concealed_fours;
        if n != 0 {
            // A fifth copy across hand and melds (the hand alone was checked by `Hand::new`).
            let (fifth, four_kinds) = copies_in_all(&hand.counts, &meld_counts);
            if fifth {
                let kind = (0..TILE_KINDS)
                    .find(|&k| hand.counts[k] + meld_counts[k] > 4)
                    .unwrap_or(0);
                return Err(Error::TooManyCopies { kind: kind as u8 });
            }
            present |= mask_to_ref(meld_mask);
            fours = four_kinds;
        }
        let win = to_ref(w);

        // Flags that cannot hold are refused; the implied 和绝张 is added.
        let mut flags = hand.flags;
        let self_drawn = flags & WIN_SELF_DRAWN != 0;
        if flags & WIN_LAST_COPY != 0 && standing[win] != 1 {
            return Err(Error::InvalidFlags);
        }
        if flags & WIN_KONG != 0 {
            if self_drawn {
                if !fixed[..n].iter().any(|s| s.kind == KONG) {
                    return Err(Error::InvalidFlags);
                }
            } else if meld_counts[w] != 0 || standing[win] != 1 || flags & WIN_WALL_LAST != 0 {
                return Err(Error::InvalidFlags);
            }
        }
        if meld_counts[w] == 3 {
            flags |= WIN_LAST_COPY;
        }

        Ok(Context {
            counts: hand.counts,
            win_kind: w,
            standing,
            meld_counts,
            fixed,
            fixed_n: n,
            present,
            standing_mask,
            any_odd: any & LOW != 0,
            any_pair: any & (6 * LOW) != 0,
            concealed_fours,
            fours,
            win,
            flags,
            seat: 27 + usize::from(hand.seat_wind),
            prevalent: 27 + usize::from(hand.prevalent_wind),
        })
    }

    /// Copies of the kind at reference position `p` in the declared melds.
    #[inline]
    pub fn melds_of(&self, p: usize) -> u8 {
        self.meld_counts[from_ref(p)]
    }

    /// The best fan table and its total (without flowers), or `None` when not winning.
    fn best(&self) -> Option<(Table, i32)> {
        // The special forms fill `table` when they apply (and leave it untouched otherwise).
        let mut table: Table = [0; TABLE_LEN];
        let special = match self.fixed_n {
            0 => {
                special::seven_pairs(self, &mut table)
                    || special::honors_and_knitted(self, &mut table)
                    || special::thirteen_orphans(self, &mut table)
                    || special::knitted_straight(self, &mut table)
                    || special::nine_gates(self, &mut table)
            }
            1 => special::knitted_straight(self, &mut table),
            _ => false,
        };
        let mut max = if special { total(&table) } else { 0 };
        let mut found = special;
        let seven_pairs = special && table[fans::SEVEN_PAIRS] == 1;
        if !special || seven_pairs {
            // Computed at most once, and only for a decomposition that could use it.
            let unique = std::cell::OnceCell::new();
            // The fans that do not depend on the decomposition, once per hand.
            let base = regular::hand_fans(self);
            // The division being scored goes to the table that is not the best so far.
            let mut scratch: Table = [0; TABLE_LEN];
            let mut best_is_scratch = false;
            decompose::for_each_division(self, |sets, pair| {
                let t = if best_is_scratch {
                    &mut table
                } else {
                    &mut scratch
                };
                let v = regular::score_division::<false>(
                    self,
                    &base,
                    sets,
                    pair,
                    &|| *unique.get_or_init(|| wait::is_unique_wait(self)),
                    t,
                );
                let take = !found
                    || v > max
                    || (v == max
                        && (t[fans::PURE_TRIPLE_CHOW] == 1
                            || t[fans::TRIPLE_PUNG] != 0
                            || seven_pairs));
                if take {
                    max = v;
                    found = true;
                    best_is_scratch = !best_is_scratch;
                }
            });
            if best_is_scratch {
                table = scratch;
            }
        }
        (found && max > 0).then_some((table, max))
    }
}

/// The planner's scorer of regular targets ([`plan`]): the fans of one decomposition given by
/// the caller (which enumerates every decomposition of its targets), won on a discard, without
/// the scorer's own search. Its totals are those the scorer gives the same decomposition.
pub(crate) struct DivisionScorer {
    ctx: Context,
    /// [`regular::hand_fans`] without 和绝张.
    base: Table,
    /// Some kind has its other three copies in the declared melds (和绝张 when it wins).
    last_copy: bool,
}

impl DivisionScorer {
    /// The target `hand` (its winning tile is any tile of it; flags 0: a discard win).
    ///
    /// # Errors
    /// As [`score`].
    pub(crate) fn new(hand: &McrHand) -> Result<DivisionScorer, Error> {
        let mut ctx = Context::new(hand)?;
        ctx.flags &= !WIN_LAST_COPY;
        let base = regular::hand_fans(&ctx);
        let last_copy = (0..TILE_KINDS).any(|k| hand.counts[k] != 0 && ctx.meld_counts[k] == 3);
        Ok(DivisionScorer {
            ctx,
            base,
            last_copy,
        })
    }

    /// The scorer's sets for the declared melds and the concealed sets `concealed` (mjkit
    /// kinds: `(true, first)` a chow, `(false, tile)` a pung).
    pub(crate) fn sets(&self, concealed: &[(bool, u8)]) -> [Set; 4] {
        let mut sets = self.ctx.fixed;
        for (i, &(chow, t)) in concealed.iter().enumerate() {
            if let Some(s) = sets.get_mut(self.ctx.fixed_n + i) {
                *s = Set {
                    kind: if chow { CHOW } else { PUNG },
                    tile: to_ref(usize::from(t)) as u8,
                    melded: false,
                };
            }
        }
        sets
    }

    /// A total that no winning tile's score of the decomposition (`sets`, `pair` a mjkit kind)
    /// exceeds.
    pub(crate) fn upper_bound(&self, sets: &[Set; 4], pair: u8) -> i32 {
        let mut t: Table = [0; TABLE_LEN];
        let v = regular::score_division::<true>(
            &self.ctx,
            &self.base,
            sets,
            to_ref(usize::from(pair)) as u8,
            &|| false,
            &mut t,
        );
        v + if self.last_copy { 4 } else { 0 }
    }

    /// The total (without flowers) of the decomposition won on a discard of `win` (a mjkit kind
    /// held by the target), its fans in `t`.
    pub(crate) fn total(&mut self, sets: &[Set; 4], pair: u8, win: usize, t: &mut Table) -> i32 {
        self.ctx.win_kind = win;
        self.ctx.win = to_ref(win);
        let mut base = self.base;
        if self.ctx.meld_counts[win] == 3 {
            base[fans::LAST_TILE] = 1; // 和绝张, as the scorer implies it
        }
        let ctx = &self.ctx;
        regular::score_division::<false>(
            ctx,
            &base,
            sets,
            to_ref(usize::from(pair)) as u8,
            &|| wait::is_unique_wait(ctx),
            t,
        )
    }
}

/// Sum of points of a fan table.
#[inline]
pub(crate) fn total(t: &Table) -> i32 {
    // Counts are small (at most 4 per fan) so 16-bit lanes cannot overflow: 96 * 4 * 88 < 2^16.
    let s = t.iter().zip(TABLE_POINTS.iter()).fold(0u16, |s, (&n, &p)| {
        s.wrapping_add(u16::from(n).wrapping_mul(u16::from(p)))
    });
    i32::from(s)
}

#[cfg(test)]
mod tests;

/// The word-at-a-time count helpers against plain loops.
#[cfg(test)]
mod helper_tests {
    use super::*;

    fn random_counts(st: &mut u64, max: u64) -> Counts {
        let mut c = [0u8; TILE_KINDS];
        for x in c.iter_mut() {
            *st = st
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            *x = ((*st >> 33) % (max + 1)) as u8;
        }
        c
    }

    #[test]
    fn count_helpers_match_loops() {
        let mut st = 1u64;
        for round in 0..20_000 {
            let a = random_counts(&mut st, 4);
            // Meld counts: mostly small, sometimes up to four kongs of one kind.
            let mut b = random_counts(&mut st, if round % 4 == 0 { 16 } else { 4 });
            if round % 2 == 1 {
                // No fifth copy: the count of fours is checked.
                for k in 0..TILE_KINDS {
                    b[k] = b[k].min(4 - a[k]);
                }
            }
            for bit in 0..3 {
                let want = (0..TILE_KINDS).fold(0u64, |m, k| m | u64::from(a[k] >> bit & 1) << k);
                assert_eq!(count_bit_mask(&a, bit), want);
            }
            let pairs: u32 = a.iter().map(|&x| u32::from(x / 2)).sum();
            assert_eq!(pair_count(&a), pairs);
            let held = (0..TILE_KINDS).fold(0u64, |m, k| m | u64::from(a[k] != 0) << k);
            let held_ref = (0..TILE_KINDS).fold(0u64, |m, k| m | u64::from(a[k] != 0) << to_ref(k));
            assert_eq!(mask_to_ref(held), held_ref);
            let over = (0..TILE_KINDS).any(|k| a[k] + b[k] > 4);
            let (fifth, fours) = copies_in_all(&a, &b);
            assert_eq!(fifth, over, "{a:?} {b:?}");
            assert!(round % 2 == 0 || !over);
            if !over {
                let want = (0..TILE_KINDS).filter(|&k| a[k] + b[k] == 4).count() as u8;
                assert_eq!(fours, want, "{a:?} {b:?}");
            }
        }
    }
}
