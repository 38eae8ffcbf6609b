//! Snapshots: a versioned, compact binary image of a table, for save, restore and undo.
//!
//! The image holds the rules, the seed (which fixes every wall), the match as it stood when the
//! current hand was dealt, and the current hand's log. The hands, the wall position, the melds,
//! the discards and the phase are not stored: loading replays the log through the referee
//! ([`super::replay::replay`]), which rebuilds them and checks every logged event against the
//! one it produces. Nothing is built until the whole image checked out, so a truncated,
//! bit-flipped or forged image gives an error, never a half-built table.
//!
//! Layout (integers little-endian), format version [`SNAPSHOT_VERSION`]:
//!
//! | bytes | field |
//! |---|---|
//! | 4 | magic `MJKS` |
//! | 2 | format version |
//! | 7 | rules: variant (0 taiwan16, 1 thirteen, 2 riichi), dead wall, multi-win (0 head bump, 1 all), rob kong (0/1), scoring (0 thesis, 1 tai), 過水 (0 off, 1 until the seat's draw, 2 until its discard), claim window (0 every seat, 1 claimants) |
//! | 92 | tai scoring only: the tai rules: 39 values u16 (by pattern id, slot 0 included), base u32, price u32, min tai u32, switches u16 (bit i = switch i of `tai::SWITCH_NAMES`: 0 不求 keeps 門清, 1 不求 keeps 自摸, 2 dragon hands keep 三元牌, 3 wind hands keep 門風/圈風, 4 花槓 keeps 正花, 5 平胡 without honours, 6 平胡 without flowers, 7 平胡 not self-drawn, 8 菊 West's, 9 天聽 from the deal, 10 人胡 in the first go-around, 11 槓上開花 after an exposed kong, 12 不求 allows an exposed kong) |
//! | 46 | riichi only: the riichi rules (the scorer's 14 switches and kazoe u8, red fives u8, the table's 17 switches as 3 bytes of bits in the record's order, the three kan dora timings u8, target i32, return score i32, uma 4 x i32) |
//! | 15 | match rules: start score i64, first dealer, dealer rule (0..3), end kind (0 never, 1 hands, 2 wind rounds), end value u32 |
//! | 8 | seed |
//! | 45 | match state: scores 4 x i64, hands played u32, consecutive u32, rounds u32, over (0/1) |
//! | 8 | riichi only: honba u32, sticks u32 |
//! | 8 | index of the first event |
//! | 40 | the index of the first event in the streams of seats 0..3 and of the spectator, 5 x u64 |
//! | 4 | event count |
//! | per event | kind, seat, from, tile, action (255 none), meld (255 none), reason, flags (u32 under riichi, else u16), count, `count` tiles, value i64, a byte of the fields that follow (bit 0 seed, 1 scores, 2 counters: those that are not zero), the seed u64, the scores 4 x i64, the counters 4 x u32 |
//! | 8 | FNV-1a 64 checksum of every byte before it |

use super::engine::Table;
use super::event::*;
use super::matches::*;
use super::replay::{Header, replay};
use super::types::*;
use crate::tai::TaiRules;

/// The snapshot format version this library writes and reads. Earlier versions are refused with
/// [`SnapshotError::Version`]: 1 (before tai scoring and 過水 were rules), 2 (before the
/// claim window switch, 64-bit scores, each reader's stream and the match state in every hand
/// start) and 3 (before the minimum tai, the tai switches of the presets' sources and the 過水
/// modes).
pub const SNAPSHOT_VERSION: u16 = 4;
const MAGIC: &[u8; 4] = b"MJKS";

/// Why a snapshot was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SnapshotError {
    /// The image ends early (or has bytes after its checksum).
    Truncated,
    /// Not a snapshot (wrong magic).
    NotASnapshot,
    /// A format version this library does not read.
    Version(u16),
    /// The checksum does not match the bytes (a bit flip, a torn write).
    Checksum,
    /// A field is out of range.
    Field(&'static str),
    /// The log does not replay: the event at this position (0-based) is out of sequence,
    /// illegal, or differs from what the referee produces.
    Replay {
        /// Position of the event in the stored log.
        event: usize,
        /// What was wrong.
        why: &'static str,
    },
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

pub(crate) fn variant_code(v: Variant) -> u8 {
    match v {
        Variant::Taiwan16 => 0,
        Variant::Thirteen => 1,
        Variant::Riichi => 2,
    }
}

pub(crate) fn dealer_rule_code(r: DealerRule) -> u8 {
    match r {
        DealerRule::KeepOnWinOrDraw => 0,
        DealerRule::KeepOnWin => 1,
        DealerRule::KeepOnWinOrReady => 2,
        DealerRule::AlwaysPass => 3,
    }
}

pub(crate) fn claim_window_code(w: ClaimWindow) -> u8 {
    match w {
        ClaimWindow::EverySeat => 0,
        ClaimWindow::Claimants => 1,
    }
}

pub(crate) const CLAIM_WINDOWS: [ClaimWindow; 2] = [ClaimWindow::EverySeat, ClaimWindow::Claimants];

pub(crate) const DEALER_RULES: [DealerRule; 4] = [
    DealerRule::KeepOnWinOrDraw,
    DealerRule::KeepOnWin,
    DealerRule::KeepOnWinOrReady,
    DealerRule::AlwaysPass,
];

impl Table {
    /// The snapshot of this table (see the module documentation for the format).
    pub fn save(&self) -> Vec<u8> {
        encode(&self.header(), self.log())
    }

    /// The table a snapshot describes, after checking all of it.
    ///
    /// # Errors
    /// [`SnapshotError`]: truncation, wrong magic or version, checksum, a field out of range,
    /// or a log that does not replay through the referee.
    pub fn load(bytes: &[u8]) -> Result<Table, SnapshotError> {
        let (header, events) = decode(bytes)?;
        let t = replay(&header, &events).map_err(|e| SnapshotError::Replay {
            event: e.event,
            why: e.why,
        })?;
        // Canonical form: the image must be exactly what this table saves.
        if t.save() != bytes {
            return Err(SnapshotError::Field("not in canonical form"));
        }
        Ok(t)
    }
}

fn encode(h: &Header, events: &[Event]) -> Vec<u8> {
    let mut b = Vec::with_capacity(96 + events.len() * 24);
    b.extend_from_slice(MAGIC);
    b.extend_from_slice(&SNAPSHOT_VERSION.to_le_bytes());
    let r = &h.rules;
    b.extend_from_slice(&[
        variant_code(r.variant),
        r.dead_wall,
        u8::from(r.multi_win == MultiWin::All),
        u8::from(r.rob_kong),
        u8::from(matches!(r.scoring, Scoring::Tai(_))),
        pass_lock_code(r.pass_lock),
        claim_window_code(r.claim_window),
    ]);
    if let Scoring::Tai(t) = &r.scoring {
        encode_tai(t, &mut b);
    }
    if r.variant == Variant::Riichi {
        crate::table::variant::riichi::codec::encode(&r.riichi, &mut b);
    }
    let m = &h.match_rules;
    b.extend_from_slice(&m.start_score.to_le_bytes());
    b.push(m.first_dealer);
    b.push(dealer_rule_code(m.dealer_rule));
    let (end_kind, end_value) = match m.end {
        MatchEnd::Never => (0u8, 0u32),
        MatchEnd::Hands(n) => (1, n),
        MatchEnd::WindRounds(n) => (2, u32::from(n)),
    };
    b.push(end_kind);
    b.extend_from_slice(&end_value.to_le_bytes());
    b.extend_from_slice(&h.seed.to_le_bytes());
    let s = &h.state;
    for score in s.scores {
        b.extend_from_slice(&score.to_le_bytes());
    }
    b.extend_from_slice(&s.hands_played.to_le_bytes());
    b.extend_from_slice(&s.consecutive.to_le_bytes());
    b.extend_from_slice(&s.rounds.to_le_bytes());
    b.push(u8::from(s.over));
    if let MatchPart::Riichi(m) = s.part {
        b.extend_from_slice(&m.honba.to_le_bytes());
        b.extend_from_slice(&m.sticks.to_le_bytes());
    }
    let first = events.first().map_or(0, |e| e.index);
    b.extend_from_slice(&first.to_le_bytes());
    for r in h.readers {
        b.extend_from_slice(&r.to_le_bytes());
    }
    b.extend_from_slice(&(events.len() as u32).to_le_bytes());
    for e in events {
        b.extend_from_slice(&[
            code_of(&EVENT_KINDS, &e.kind),
            e.seat,
            e.from,
            e.tile,
            e.action.map_or(u8::MAX, |a| code_of(&ACTION_KINDS, &a)),
            e.meld.map_or(u8::MAX, |m| code_of(&MELD_KINDS, &m)),
            code_of(&REASONS, &e.reason),
        ]);
        // The flags: u32 under riichi (its flags pass bit 15), u16 under the other variants.
        if h.rules.variant == Variant::Riichi {
            b.extend_from_slice(&e.flags.to_le_bytes());
        } else {
            let low = u16::try_from(e.flags).expect("a Taiwanese event's flags fit in 16 bits");
            b.extend_from_slice(&low.to_le_bytes());
        }
        b.push(e.count);
        b.extend_from_slice(e.tile_list());
        b.extend_from_slice(&e.value.to_le_bytes());
        let scores = e.scores != [0; SEATS];
        let counters = e.counters != [0; MAX_COUNTERS];
        b.push(u8::from(e.seed != 0) | u8::from(scores) << 1 | u8::from(counters) << 2);
        if e.seed != 0 {
            b.extend_from_slice(&e.seed.to_le_bytes());
        }
        if scores {
            for v in e.scores {
                b.extend_from_slice(&v.to_le_bytes());
            }
        }
        if counters {
            for v in e.counters {
                b.extend_from_slice(&v.to_le_bytes());
            }
        }
    }
    let sum = fnv1a(&b);
    b.extend_from_slice(&sum.to_le_bytes());
    b
}

/// The 過水 modes by code (the C ABI's `MJ_PASS_LOCK_*` values).
pub(crate) const PASS_LOCKS: [PassLock; 3] =
    [PassLock::Off, PassLock::UntilDraw, PassLock::UntilDiscard];

/// The code of a 過水 mode (its index in [`PASS_LOCKS`]).
pub(crate) fn pass_lock_code(p: PassLock) -> u8 {
    PASS_LOCKS.iter().position(|&x| x == p).unwrap_or(0) as u8
}

fn encode_tai(t: &TaiRules, b: &mut Vec<u8>) {
    for v in t.values {
        b.extend_from_slice(&v.to_le_bytes());
    }
    b.extend_from_slice(&t.base.to_le_bytes());
    b.extend_from_slice(&t.price.to_le_bytes());
    b.extend_from_slice(&t.min_tai.to_le_bytes());
    let mut bits = 0u16;
    for (i, on) in t.switches().into_iter().enumerate() {
        bits |= u16::from(on) << i;
    }
    b.extend_from_slice(&bits.to_le_bytes());
}

fn decode_tai(r: &mut Bytes<'_>) -> Result<TaiRules, SnapshotError> {
    let mut t = TaiRules::atawmj();
    for v in &mut t.values {
        *v = r.u16()?;
    }
    t.base = r.u32()?;
    t.price = r.u32()?;
    t.min_tai = r.u32()?;
    let bits = r.u16()?;
    if bits >> crate::tai::SWITCHES != 0 {
        return Err(SnapshotError::Field("tai switches"));
    }
    t.set_switches(std::array::from_fn(|i| bits >> i & 1 != 0));
    Ok(t)
}

/// A reader over a byte slice that fails on truncation.
struct Bytes<'a> {
    b: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], SnapshotError> {
        let end = self.at.checked_add(N).ok_or(SnapshotError::Truncated)?;
        let s = self.b.get(self.at..end).ok_or(SnapshotError::Truncated)?;
        self.at = end;
        let mut out = [0u8; N];
        out.copy_from_slice(s);
        Ok(out)
    }
    fn u8(&mut self) -> Result<u8, SnapshotError> {
        Ok(self.take::<1>()?[0])
    }
    fn u16(&mut self) -> Result<u16, SnapshotError> {
        Ok(u16::from_le_bytes(self.take()?))
    }
    fn u32(&mut self) -> Result<u32, SnapshotError> {
        Ok(u32::from_le_bytes(self.take()?))
    }
    fn i64(&mut self) -> Result<i64, SnapshotError> {
        Ok(i64::from_le_bytes(self.take()?))
    }
    fn u64(&mut self) -> Result<u64, SnapshotError> {
        Ok(u64::from_le_bytes(self.take()?))
    }
}

fn pick<T: Copy>(all: &[T], code: u8, what: &'static str) -> Result<T, SnapshotError> {
    all.get(usize::from(code))
        .copied()
        .ok_or(SnapshotError::Field(what))
}

fn decode(bytes: &[u8]) -> Result<(Header, Vec<Event>), SnapshotError> {
    let mut r = Bytes { b: bytes, at: 0 };
    if &r.take::<4>()? != MAGIC {
        return Err(SnapshotError::NotASnapshot);
    }
    let version = r.u16()?;
    if version != SNAPSHOT_VERSION {
        return Err(SnapshotError::Version(version));
    }
    if bytes.len() < 8 + r.at {
        return Err(SnapshotError::Truncated);
    }
    let body = &bytes[..bytes.len() - 8];
    let mut sum = [0u8; 8];
    sum.copy_from_slice(&bytes[bytes.len() - 8..]);
    if fnv1a(body) != u64::from_le_bytes(sum) {
        return Err(SnapshotError::Checksum);
    }
    let mut r = Bytes { b: body, at: r.at };
    let variant = pick(
        &[Variant::Taiwan16, Variant::Thirteen, Variant::Riichi],
        r.u8()?,
        "variant",
    )?;
    let dead_wall = r.u8()?;
    let multi_win = pick(&[MultiWin::HeadBump, MultiWin::All], r.u8()?, "multi-win")?;
    let rob_kong = pick(&[false, true], r.u8()?, "rob kong")?;
    let scoring_code = r.u8()?;
    let pass_lock = pick(&PASS_LOCKS, r.u8()?, "pass lock")?;
    let claim_window = pick(&CLAIM_WINDOWS, r.u8()?, "claim window")?;
    let scoring = match scoring_code {
        0 => Scoring::Thesis,
        1 => Scoring::Tai(decode_tai(&mut r)?),
        _ => return Err(SnapshotError::Field("scoring")),
    };
    let riichi = if variant == Variant::Riichi {
        let blob = r.take::<{ crate::table::variant::riichi::codec::BLOB }>()?;
        crate::table::variant::riichi::codec::decode(&blob).map_err(SnapshotError::Field)?
    } else {
        RiichiTableRules::tenhou()
    };
    let rules = Rules {
        variant,
        dead_wall,
        multi_win,
        rob_kong,
        scoring,
        pass_lock,
        claim_window,
        riichi,
    };
    let start_score = r.i64()?;
    let first_dealer = r.u8()?;
    let dealer_rule = pick(&DEALER_RULES, r.u8()?, "dealer rule")?;
    let end_kind = r.u8()?;
    let end_value = r.u32()?;
    let end = match end_kind {
        0 if end_value == 0 => MatchEnd::Never,
        1 => MatchEnd::Hands(end_value),
        2 => MatchEnd::WindRounds(
            u8::try_from(end_value).map_err(|_| SnapshotError::Field("match end"))?,
        ),
        _ => return Err(SnapshotError::Field("match end")),
    };
    let match_rules = MatchRules {
        start_score,
        first_dealer,
        dealer_rule,
        end,
    };
    let seed = r.u64()?;
    let mut scores = [0i64; SEATS];
    for s in &mut scores {
        *s = r.i64()?;
    }
    let mut state = MatchState {
        scores,
        hands_played: r.u32()?,
        consecutive: r.u32()?,
        rounds: r.u32()?,
        over: pick(&[false, true], r.u8()?, "match over")?,
        part: MatchPart::None,
    };
    if variant == Variant::Riichi {
        state.part = MatchPart::Riichi(RiichiMatch {
            honba: r.u32()?,
            sticks: r.u32()?,
        });
    }
    let first = r.u64()?;
    let mut readers = [0u64; NUMBERED_READERS];
    for x in &mut readers {
        *x = r.u64()?;
    }
    let n = r.u32()? as usize;
    // Every event takes at least 19 bytes: refuse a count the image cannot hold before
    // allocating for it.
    if n > (body.len() - r.at) / 19 {
        return Err(SnapshotError::Truncated);
    }
    let mut events = Vec::with_capacity(n);
    for i in 0..n {
        let mut e = Event::new(pick(&EVENT_KINDS, r.u8()?, "event kind")?);
        e.index = first
            .checked_add(i as u64)
            .ok_or(SnapshotError::Field("event index"))?;
        e.seat = r.u8()?;
        e.from = r.u8()?;
        e.tile = r.u8()?;
        e.action = match r.u8()? {
            u8::MAX => None,
            c => Some(pick(&ACTION_KINDS, c, "action")?),
        };
        e.meld = match r.u8()? {
            u8::MAX => None,
            c => Some(pick(&MELD_KINDS, c, "meld")?),
        };
        e.reason = pick(&REASONS, r.u8()?, "reason")?;
        e.flags = if rules.variant == Variant::Riichi {
            r.u32()?
        } else {
            u32::from(r.u16()?)
        };
        e.count = r.u8()?;
        if usize::from(e.count) > MAX_EVENT_TILES {
            return Err(SnapshotError::Field("tile count"));
        }
        for k in 0..usize::from(e.count) {
            e.tiles[k] = r.u8()?;
        }
        e.value = r.i64()?;
        let extras = r.u8()?;
        if extras >> 3 != 0 {
            return Err(SnapshotError::Field("event fields"));
        }
        if extras & 1 != 0 {
            e.seed = r.u64()?;
        }
        if extras & 2 != 0 {
            for v in &mut e.scores {
                *v = r.i64()?;
            }
        }
        if extras & 4 != 0 {
            for v in &mut e.counters {
                *v = r.u32()?;
            }
        }
        events.push(e);
    }
    if r.at != body.len() {
        return Err(SnapshotError::Truncated);
    }
    Ok((
        Header {
            rules,
            match_rules,
            seed,
            state,
            readers,
        },
        events,
    ))
}
