//! MJAI lines in the C ABI: `mj_mjai_parse` reads one MJAI event (a bot's response, a line of
//! a log) into the fixed-size `MjMjaiEvent`, `mj_mjai_format` writes one. Strict: see
//! docs/mjai.md for what is refused.

use super::{MJ_NO_SEAT, MJ_NO_TILE, MjStatus, guard, out_mut};
use crate::mjai::{DrawReason, Event, Pai};

/// `MjMjaiEvent.kind`: `{"type":"none"}` (a bot passes).
pub const MJ_MJAI_NONE: u8 = 0;
/// `start_game`: `id` (or `MJ_NO_SEAT`), flag `MJ_MJAI_HAS_NAMES` when names were given (the
/// names themselves are not decoded).
pub const MJ_MJAI_START_GAME: u8 = 1;
/// `start_kyoku`: `bakaze` (0..3), `kyoku` (1..4), `honba`, `kyotaku`, `oya`, `scores`,
/// `dora_marker`, `tehais` (13 tiles per seat, seat by seat, `MJ_HIDDEN_TILE` for `?`).
pub const MJ_MJAI_START_KYOKU: u8 = 2;
/// `tsumo`: `actor`, `pai` (`MJ_HIDDEN_TILE` for another seat's draw).
pub const MJ_MJAI_TSUMO: u8 = 3;
/// `dahai`: `actor`, `pai`, `tsumogiri`.
pub const MJ_MJAI_DAHAI: u8 = 4;
/// `chi`: `actor`, `target` (the seat on its left), `pai`, 2 `consumed`.
pub const MJ_MJAI_CHI: u8 = 5;
/// `pon`: `actor`, `target`, `pai`, 2 `consumed`.
pub const MJ_MJAI_PON: u8 = 6;
/// `daiminkan`: `actor`, `target`, `pai`, 3 `consumed`.
pub const MJ_MJAI_DAIMINKAN: u8 = 7;
/// `kakan`: `actor`, `pai` (the tile added), 3 `consumed` (the pon).
pub const MJ_MJAI_KAKAN: u8 = 8;
/// `ankan`: `actor`, 4 `consumed`.
pub const MJ_MJAI_ANKAN: u8 = 9;
/// `dora`: `dora_marker`.
pub const MJ_MJAI_DORA: u8 = 10;
/// `reach`: `actor`.
pub const MJ_MJAI_REACH: u8 = 11;
/// `reach_accepted`: `actor`.
pub const MJ_MJAI_REACH_ACCEPTED: u8 = 12;
/// `hora`: `actor`, `target` (`== actor`: a self-draw), `pai` (or `MJ_NO_TILE`), `deltas` with
/// `MJ_MJAI_HAS_DELTAS`, `ura_markers` (`ura_count`) with `MJ_MJAI_HAS_URA`.
pub const MJ_MJAI_HORA: u8 = 13;
/// `ryukyoku`: `reason` (`MJ_MJAI_REASON_*`), `deltas` with `MJ_MJAI_HAS_DELTAS`.
pub const MJ_MJAI_RYUKYOKU: u8 = 14;
/// `end_kyoku`.
pub const MJ_MJAI_END_KYOKU: u8 = 15;
/// `end_game`.
pub const MJ_MJAI_END_GAME: u8 = 16;

/// `MjMjaiEvent.flags`: `deltas` holds the event's score changes.
pub const MJ_MJAI_HAS_DELTAS: u8 = 1;
/// `MjMjaiEvent.flags`: `ura_markers` holds the event's ura indicators (possibly none).
pub const MJ_MJAI_HAS_URA: u8 = 2;
/// `MjMjaiEvent.flags`: the `start_game` line named the players (not decoded).
pub const MJ_MJAI_HAS_NAMES: u8 = 4;

/// `MjMjaiEvent.reason` of a `ryukyoku`: no reason given.
pub const MJ_MJAI_REASON_NONE: u8 = 0;
/// Exhaustive draw (`exhaustive_draw`, also read as `fanpai`).
pub const MJ_MJAI_REASON_EXHAUSTIVE: u8 = 1;
/// Nagashi mangan at an exhaustive draw (`nagashimangan`).
pub const MJ_MJAI_REASON_NAGASHI: u8 = 2;
/// Nine terminals (`kyushu_kyuhai`, also read as `kyushukyuhai`).
pub const MJ_MJAI_REASON_NINE_TERMINALS: u8 = 3;
/// Four winds (`sufuurenta`, also read as `sufonrenta`).
pub const MJ_MJAI_REASON_FOUR_WINDS: u8 = 4;
/// Four kans by more than one seat (`suukansansen`, also read as `sukaikan`).
pub const MJ_MJAI_REASON_FOUR_KANS: u8 = 5;
/// Four riichi (`suucha_riichi`, also read as `suchareach`).
pub const MJ_MJAI_REASON_FOUR_RIICHI: u8 = 6;
/// Three rons on one discard (`sanchaho`).
pub const MJ_MJAI_REASON_THREE_RONS: u8 = 7;
/// Another reason text (not decoded; written back without a reason).
pub const MJ_MJAI_REASON_OTHER: u8 = 8;

/// Bytes that always hold `mj_mjai_format`'s line and its NUL.
pub const MJ_MJAI_BUF_LEN: usize = 512;

/// One MJAI event, fixed size. Tiles are table tile codes: kinds 0..33, the red fives 42
/// (5mr), 43 (5pr), 44 (5sr), `MJ_HIDDEN_TILE` for MJAI's `?`; fields the kind does not use
/// hold `MJ_NO_SEAT`, `MJ_NO_TILE` or 0 (as `mj_mjai_parse` writes them; `mj_mjai_format`
/// ignores them). The use of the fields by kind is documented on the `MJ_MJAI_*` constants.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjMjaiEvent {
    /// `start_kyoku`: the scores by seat.
    pub scores: [i32; 4],
    /// `hora`, `ryukyoku` with `MJ_MJAI_HAS_DELTAS`: the score changes by seat.
    pub deltas: [i32; 4],
    /// `MJ_MJAI_*`.
    pub kind: u8,
    /// The acting seat 0..3, or `MJ_NO_SEAT`.
    pub actor: u8,
    /// The seat acted on (a call's discarder, a win's payer), or `MJ_NO_SEAT`.
    pub target: u8,
    /// The tile of a draw, discard, call, added kan or win, or `MJ_NO_TILE`.
    pub pai: u8,
    /// `dahai`: 1 when the tile just drawn was thrown.
    pub tsumogiri: u8,
    /// `MJ_MJAI_HAS_*` bits.
    pub flags: u8,
    /// Tiles used in `consumed` (2, 3 or 4 for calls and kans).
    pub consumed_count: u8,
    /// The tiles a call or kan takes from the hand (unused slots `MJ_NO_TILE`).
    pub consumed: [u8; 4],
    /// `start_kyoku`: prevalent wind 0..3.
    pub bakaze: u8,
    /// `start_kyoku`: hand number within the wind round, 1..4.
    pub kyoku: u8,
    /// `start_kyoku`: honba.
    pub honba: u8,
    /// `start_kyoku`: riichi sticks on the table.
    pub kyotaku: u8,
    /// `start_kyoku`: the dealer's seat.
    pub oya: u8,
    /// `start_kyoku`, `dora`: the indicator, or `MJ_NO_TILE`.
    pub dora_marker: u8,
    /// `start_game`: the reader's seat, or `MJ_NO_SEAT`.
    pub id: u8,
    /// `ryukyoku`: `MJ_MJAI_REASON_*`.
    pub reason: u8,
    /// Tiles used in `ura_markers` (0..5).
    pub ura_count: u8,
    /// `hora` with `MJ_MJAI_HAS_URA`: the ura indicators (unused slots `MJ_NO_TILE`).
    pub ura_markers: [u8; 5],
    /// `start_kyoku`: 13 tiles per seat, seat s at `tehais[13 * s ..]` (`MJ_NO_TILE` for
    /// other kinds).
    pub tehais: [u8; 52],
}

fn code(p: Pai) -> u8 {
    p.code()
}

fn pai(c: u8) -> Result<Pai, MjStatus> {
    Pai::from_code(c).ok_or(MjStatus::InvalidArgument)
}

fn blank(kind: u8) -> MjMjaiEvent {
    MjMjaiEvent {
        scores: [0; 4],
        deltas: [0; 4],
        kind,
        actor: MJ_NO_SEAT,
        target: MJ_NO_SEAT,
        pai: MJ_NO_TILE,
        tsumogiri: 0,
        flags: 0,
        consumed_count: 0,
        consumed: [MJ_NO_TILE; 4],
        bakaze: 0,
        kyoku: 0,
        honba: 0,
        kyotaku: 0,
        oya: 0,
        dora_marker: MJ_NO_TILE,
        id: MJ_NO_SEAT,
        reason: MJ_MJAI_REASON_NONE,
        ura_count: 0,
        ura_markers: [MJ_NO_TILE; 5],
        tehais: [MJ_NO_TILE; 52],
    }
}

/// The C image of an event.
pub(crate) fn to_c(e: &Event) -> MjMjaiEvent {
    let kinds = [
        "none",
        "start_game",
        "start_kyoku",
        "tsumo",
        "dahai",
        "chi",
        "pon",
        "daiminkan",
        "kakan",
        "ankan",
        "dora",
        "reach",
        "reach_accepted",
        "hora",
        "ryukyoku",
        "end_kyoku",
        "end_game",
    ];
    let kind = kinds.iter().position(|k| *k == e.kind_name()).unwrap_or(0) as u8;
    let mut c = blank(kind);
    let consumed = |c: &mut MjMjaiEvent, ps: &[Pai]| {
        c.consumed_count = ps.len() as u8;
        for (o, &p) in c.consumed.iter_mut().zip(ps) {
            *o = code(p);
        }
    };
    match e {
        Event::None | Event::EndKyoku | Event::EndGame => {}
        Event::StartGame { names, id } => {
            c.id = id.unwrap_or(MJ_NO_SEAT);
            if names.is_some() {
                c.flags |= MJ_MJAI_HAS_NAMES;
            }
        }
        Event::StartKyoku {
            bakaze,
            kyoku,
            honba,
            kyotaku,
            oya,
            scores,
            dora_marker,
            tehais,
        } => {
            c.bakaze = *bakaze;
            c.kyoku = *kyoku;
            c.honba = *honba;
            c.kyotaku = *kyotaku;
            c.oya = *oya;
            c.scores = *scores;
            c.dora_marker = code(*dora_marker);
            for (o, &p) in c.tehais.iter_mut().zip(tehais.iter().flatten()) {
                *o = code(p);
            }
        }
        Event::Tsumo { actor, pai } => {
            c.actor = *actor;
            c.pai = code(*pai);
        }
        Event::Dahai {
            actor,
            pai,
            tsumogiri,
        } => {
            c.actor = *actor;
            c.pai = code(*pai);
            c.tsumogiri = u8::from(*tsumogiri);
        }
        Event::Chi {
            actor,
            target,
            pai,
            consumed: ps,
        }
        | Event::Pon {
            actor,
            target,
            pai,
            consumed: ps,
        } => {
            c.actor = *actor;
            c.target = *target;
            c.pai = code(*pai);
            consumed(&mut c, ps);
        }
        Event::Daiminkan {
            actor,
            target,
            pai,
            consumed: ps,
        } => {
            c.actor = *actor;
            c.target = *target;
            c.pai = code(*pai);
            consumed(&mut c, ps);
        }
        Event::Kakan {
            actor,
            pai,
            consumed: ps,
        } => {
            c.actor = *actor;
            c.pai = code(*pai);
            consumed(&mut c, ps);
        }
        Event::Ankan {
            actor,
            consumed: ps,
        } => {
            c.actor = *actor;
            consumed(&mut c, ps);
        }
        Event::Dora { dora_marker } => c.dora_marker = code(*dora_marker),
        Event::Reach { actor } | Event::ReachAccepted { actor } => c.actor = *actor,
        Event::Hora {
            actor,
            target,
            pai,
            deltas,
            ura_markers,
        } => {
            c.actor = *actor;
            c.target = *target;
            c.pai = pai.map_or(MJ_NO_TILE, code);
            if let Some(d) = deltas {
                c.flags |= MJ_MJAI_HAS_DELTAS;
                c.deltas = *d;
            }
            if let Some(u) = ura_markers {
                c.flags |= MJ_MJAI_HAS_URA;
                c.ura_count = u.len() as u8;
                for (o, &p) in c.ura_markers.iter_mut().zip(u) {
                    *o = code(p);
                }
            }
        }
        Event::Ryukyoku { reason, deltas } => {
            c.reason = match reason {
                None => MJ_MJAI_REASON_NONE,
                Some(r) => {
                    DrawReason::from_name(r).map_or(MJ_MJAI_REASON_OTHER, |d| d.index() as u8 + 1)
                }
            };
            if let Some(d) = deltas {
                c.flags |= MJ_MJAI_HAS_DELTAS;
                c.deltas = *d;
            }
        }
    }
    c
}

/// The event a C struct describes (the fields its kind uses), or `InvalidArgument`.
pub(crate) fn from_c(c: &MjMjaiEvent) -> Result<Event, MjStatus> {
    let bad = MjStatus::InvalidArgument;
    let seat = |s: u8| if s < 4 { Ok(s) } else { Err(bad) };
    let tiles = |n: u8, want: usize| -> Result<Vec<Pai>, MjStatus> {
        if usize::from(n) != want {
            return Err(bad);
        }
        c.consumed[..want].iter().map(|&t| pai(t)).collect()
    };
    let e = match c.kind {
        MJ_MJAI_NONE => Event::None,
        MJ_MJAI_START_GAME => Event::StartGame {
            names: None,
            id: if c.id == MJ_NO_SEAT {
                None
            } else {
                Some(seat(c.id)?)
            },
        },
        MJ_MJAI_START_KYOKU => {
            let mut tehais = [[Pai::UNKNOWN; 13]; 4];
            for (o, &t) in tehais.iter_mut().flatten().zip(&c.tehais) {
                *o = pai(t)?;
            }
            Event::StartKyoku {
                bakaze: if c.bakaze < 4 {
                    c.bakaze
                } else {
                    return Err(bad);
                },
                kyoku: c.kyoku,
                honba: c.honba,
                kyotaku: c.kyotaku,
                oya: seat(c.oya)?,
                scores: c.scores,
                dora_marker: pai(c.dora_marker)?,
                tehais,
            }
        }
        MJ_MJAI_TSUMO => Event::Tsumo {
            actor: seat(c.actor)?,
            pai: pai(c.pai)?,
        },
        MJ_MJAI_DAHAI => Event::Dahai {
            actor: seat(c.actor)?,
            pai: pai(c.pai)?,
            tsumogiri: match c.tsumogiri {
                0 => false,
                1 => true,
                _ => return Err(bad),
            },
        },
        MJ_MJAI_CHI | MJ_MJAI_PON => {
            let t = tiles(c.consumed_count, 2)?;
            let (actor, target, p, consumed) =
                (seat(c.actor)?, seat(c.target)?, pai(c.pai)?, [t[0], t[1]]);
            if c.kind == MJ_MJAI_CHI {
                Event::Chi {
                    actor,
                    target,
                    pai: p,
                    consumed,
                }
            } else {
                Event::Pon {
                    actor,
                    target,
                    pai: p,
                    consumed,
                }
            }
        }
        MJ_MJAI_DAIMINKAN => {
            let t = tiles(c.consumed_count, 3)?;
            Event::Daiminkan {
                actor: seat(c.actor)?,
                target: seat(c.target)?,
                pai: pai(c.pai)?,
                consumed: [t[0], t[1], t[2]],
            }
        }
        MJ_MJAI_KAKAN => {
            let t = tiles(c.consumed_count, 3)?;
            Event::Kakan {
                actor: seat(c.actor)?,
                pai: pai(c.pai)?,
                consumed: [t[0], t[1], t[2]],
            }
        }
        MJ_MJAI_ANKAN => {
            let t = tiles(c.consumed_count, 4)?;
            Event::Ankan {
                actor: seat(c.actor)?,
                consumed: [t[0], t[1], t[2], t[3]],
            }
        }
        MJ_MJAI_DORA => Event::Dora {
            dora_marker: pai(c.dora_marker)?,
        },
        MJ_MJAI_REACH => Event::Reach {
            actor: seat(c.actor)?,
        },
        MJ_MJAI_REACH_ACCEPTED => Event::ReachAccepted {
            actor: seat(c.actor)?,
        },
        MJ_MJAI_HORA => Event::Hora {
            actor: seat(c.actor)?,
            target: seat(c.target)?,
            pai: if c.pai == MJ_NO_TILE {
                None
            } else {
                Some(pai(c.pai)?)
            },
            deltas: (c.flags & MJ_MJAI_HAS_DELTAS != 0).then_some(c.deltas),
            ura_markers: if c.flags & MJ_MJAI_HAS_URA != 0 {
                let n = usize::from(c.ura_count);
                if n > 5 {
                    return Err(bad);
                }
                Some(
                    c.ura_markers[..n]
                        .iter()
                        .map(|&t| pai(t))
                        .collect::<Result<_, _>>()?,
                )
            } else {
                None
            },
        },
        MJ_MJAI_RYUKYOKU => Event::Ryukyoku {
            reason: match c.reason {
                MJ_MJAI_REASON_NONE | MJ_MJAI_REASON_OTHER => None,
                r @ 1..=7 => Some(DrawReason::ALL[usize::from(r - 1)].name().to_string()),
                _ => return Err(bad),
            },
            deltas: (c.flags & MJ_MJAI_HAS_DELTAS != 0).then_some(c.deltas),
        },
        MJ_MJAI_END_KYOKU => Event::EndKyoku,
        MJ_MJAI_END_GAME => Event::EndGame,
        _ => return Err(bad),
    };
    // The same checks as a line read from outside: ranges, `?` where a tile must show, the
    // shape of every meld.
    if Event::parse(&e.to_line()).as_ref() != Ok(&e) {
        return Err(bad);
    }
    Ok(e)
}

/// Reads one MJAI event (`len` bytes of UTF-8 JSON, one object; a NUL is not needed) into
/// `*out`. The reader is strict (docs/mjai.md): a repeated, unknown or missing key, a wrong
/// type, a number out of range (seats 0..3, counters 0..255, scores within `int32_t`), an
/// unknown tile name, `?` where a tile must be shown, or a meld whose tiles do not make it is
/// refused. Keys that other MJAI writers add and that carry nothing a referee needs are read
/// and dropped (listed in docs/mjai.md). `start_game` names and a reason text other than the
/// `MJ_MJAI_REASON_*` ones are not decoded.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`text` with `len` above 0, `out`), `MJ_STATUS_BAD_MJAI` (invalid
/// UTF-8, malformed JSON or a refused event; `*out` untouched).
///
/// # Safety
/// `text` is NULL or readable for `len` bytes; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_mjai_parse(
    text: *const u8,
    len: usize,
    out: *mut MjMjaiEvent,
) -> MjStatus {
    guard(|| {
        let bytes = if len == 0 {
            &[][..]
        } else if text.is_null() {
            return Err(MjStatus::NullPointer);
        } else {
            // SAFETY: non-NULL and readable for `len` bytes (caller contract).
            unsafe { std::slice::from_raw_parts(text, len) }
        };
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out) }?;
        let line = std::str::from_utf8(bytes).map_err(|_| MjStatus::BadMjai)?;
        let e = Event::parse(line).map_err(|_| MjStatus::BadMjai)?;
        *out = to_c(&e);
        // SAFETY: `out` is a valid, writable `MjMjaiEvent`; the gaps lie inside it.
        unsafe { super::zero_gaps(std::ptr::from_mut(out).cast(), mjai_event_gaps()) };
        Ok(())
    })
}

/// Writes `*event` as one MJAI JSON line with a terminating NUL (no newline): `type` first,
/// then the keys in the protocol's order, no spaces; `mj_mjai_parse` reads it back to the same
/// struct. `*out_len` gets the line's length without the NUL, even when the buffer is too small;
/// `MJ_MJAI_BUF_LEN` bytes always suffice. Fields the kind does not use are ignored.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`event`, `buf`, `out_len`), `MJ_STATUS_INVALID_ARGUMENT` (an
/// unknown kind, flag or reason, a seat above 3, a tile code that is not a tile, `?` where a
/// tile must show, a wrong `consumed_count` or `ura_count`, `kyoku` outside 1..4, a `bakaze`
/// above 3, a meld whose tiles do not make it), `MJ_STATUS_BUFFER_TOO_SMALL` (nothing written
/// but `*out_len`).
///
/// # Safety
/// `event` is NULL or readable; `buf` is NULL or writable for `capacity` bytes; `out_len` is
/// NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_mjai_format(
    event: *const MjMjaiEvent,
    buf: *mut u8,
    capacity: usize,
    out_len: *mut usize,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract; NULL gives None.
        let c = unsafe { event.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: caller contract.
        let len = unsafe { out_mut(out_len) }?;
        if buf.is_null() {
            return Err(MjStatus::NullPointer);
        }
        if c.flags & !(MJ_MJAI_HAS_DELTAS | MJ_MJAI_HAS_URA | MJ_MJAI_HAS_NAMES) != 0 {
            return Err(MjStatus::InvalidArgument);
        }
        let line = from_c(c)?.to_line();
        *len = line.len();
        if line.len() >= capacity {
            return Err(MjStatus::BufferTooSmall);
        }
        // SAFETY: `buf` is writable for `capacity > line.len()` bytes (caller contract).
        unsafe {
            std::ptr::copy_nonoverlapping(line.as_ptr(), buf, line.len());
            buf.add(line.len()).write(0);
        }
        Ok(())
    })
}

/// The padding bytes of `MjMjaiEvent` (see `super::zero_gaps`).
pub(crate) fn mjai_event_gaps() -> &'static [(usize, usize)] {
    static GAPS: once_cell::sync::OnceCell<Vec<(usize, usize)>> = once_cell::sync::OnceCell::new();
    GAPS.get_or_init(|| {
        use std::mem::offset_of;
        let e = |at: usize, len: usize| (at, len);
        let spans = [
            e(offset_of!(MjMjaiEvent, scores), 16),
            e(offset_of!(MjMjaiEvent, deltas), 16),
            e(offset_of!(MjMjaiEvent, kind), 7),
            e(offset_of!(MjMjaiEvent, consumed), 4),
            e(offset_of!(MjMjaiEvent, bakaze), 9),
            e(offset_of!(MjMjaiEvent, ura_markers), 5),
            e(offset_of!(MjMjaiEvent, tehais), 52),
        ];
        super::gaps(std::mem::size_of::<MjMjaiEvent>(), &spans)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::MJ_HIDDEN_TILE;

    #[test]
    fn layout_and_round_trips() {
        assert_eq!(std::mem::size_of::<MjMjaiEvent>(), 112);
        assert_eq!(mjai_event_gaps(), &[(109, 3)]);
        for line in [
            r#"{"type":"start_kyoku","bakaze":"S","dora_marker":"5sr","kyoku":4,"honba":255,"kyotaku":255,"oya":3,"scores":[-2147483648,2147483647,0,-1],"tehais":[["5mr","5mr","5mr","5mr","5mr","5mr","5mr","5mr","5mr","5mr","5mr","5mr","5mr"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["C","C","C","C","C","C","C","C","C","C","C","C","C"],["1m","9m","1p","9p","1s","9s","E","S","W","N","P","F","C"]]}"#,
            r#"{"type":"hora","actor":2,"target":1,"pai":"5pr","deltas":[-2147483648,-2147483648,-2147483648,-2147483648],"ura_markers":["5mr","5pr","5sr","5mr","5pr"]}"#,
            r#"{"type":"ryukyoku","reason":"suucha_riichi","deltas":[0,0,0,0]}"#,
            r#"{"type":"start_game","id":3}"#,
            r#"{"type":"ankan","actor":0,"consumed":["5s","5sr","5s","5s"]}"#,
        ] {
            let c = to_c(&Event::parse(line).unwrap());
            assert_eq!(from_c(&c).unwrap().to_line(), line);
            assert!(line.len() < MJ_MJAI_BUF_LEN);
        }
        let c = to_c(&Event::parse(r#"{"type":"ryukyoku","reason":"fanpai"}"#).unwrap());
        assert_eq!(c.reason, MJ_MJAI_REASON_EXHAUSTIVE);
        let c = to_c(&Event::parse(r#"{"type":"ryukyoku","reason":"bored"}"#).unwrap());
        assert_eq!(c.reason, MJ_MJAI_REASON_OTHER);
        assert_eq!(from_c(&c).unwrap().to_line(), r#"{"type":"ryukyoku"}"#);
        let mut chi = to_c(
            &Event::parse(
                r#"{"type":"chi","actor":1,"target":0,"pai":"3m","consumed":["1m","2m"]}"#,
            )
            .unwrap(),
        );
        chi.consumed[1] = 5;
        assert_eq!(from_c(&chi), Err(MjStatus::InvalidArgument));
        let mut d = to_c(
            &Event::parse(r#"{"type":"dahai","actor":1,"pai":"3m","tsumogiri":true}"#).unwrap(),
        );
        d.pai = MJ_HIDDEN_TILE;
        assert_eq!(from_c(&d), Err(MjStatus::InvalidArgument));
        d.pai = 34;
        assert_eq!(from_c(&d), Err(MjStatus::InvalidArgument));
    }
}
