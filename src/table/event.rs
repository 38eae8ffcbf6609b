//! The table's event log: every change of table state as one fixed-size [`Event`], and the one
//! place ([`Reader::sees`]) that decides what each reader of the log may know.
//!
//! A hand's log runs from [`EventKind::HandStart`] to the payments and the match progress; the
//! next hand starts a new log whose indices continue, so a client that polls "every event from
//! index `i` on" after each apply never misses or repeats one.

use super::types::*;

/// Most tiles one event carries (a dealer's deal: 17 tiles in 16-tile mahjong; a `Wall` event's
/// part of the wall).
pub const MAX_EVENT_TILES: usize = 17;
/// Wall codes 34..41 in tile fields of events: flower `code - 34` (see [`crate::table::names`]).
pub const FLOWER_CODE_BASE: u8 = 34;
/// A tile the reader may not see (another seat's draw, deal or concealed kong).
pub const HIDDEN_TILE: u8 = 254;

/// Kind of an event. The field use of every kind is listed on the variant; fields a kind does not
/// use hold [`NO_SEAT`], [`NO_TILE`], zero or `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// A hand begins. `seat`: dealer; `tile`: prevalent wind (0..3); `value`: hand index;
    /// `seed`: the table seed (observer only, 0 for seats: it determines the wall); flag
    /// [`flags::NEXT_HAND`] when dealt by `next_hand` (else by a free `deal`).
    HandStart,
    /// A seat's deal, in the order dealt. `seat`; `tiles[..count]`: wall codes (tile kinds
    /// 0..33, flowers [`FLOWER_CODE_BASE`]+f), hidden from other seats.
    Deal,
    /// A draw. `seat`; `tile`: wall code, hidden from other seats; flag
    /// [`flags::REPLACEMENT`] for a draw from the back (after a flower or a kong).
    Draw,
    /// A flower set aside (a replacement draw follows). `seat`; `tile`: its wall code.
    Flower,
    /// A discard. `seat`; `tile`; flag [`flags::DRAWN`] when the tile just drawn was thrown.
    Discard,
    /// One seat's answer to an offered tile (seen by that seat and the observer only; the public
    /// outcome is [`EventKind::ClaimWon`] / [`EventKind::ClaimLost`]). `seat`; `from`: the
    /// offering seat; `action`: the answer; `tile`: the action's tile (a chow's lowest tile);
    /// `value`: the action's `aux` (the red fives it takes from the hand).
    ClaimAnswer,
    /// The claim that won an offered tile. `seat`; `from`: the offering seat; `action`: chow,
    /// pung, exposed kong or win; `tile`: the offered tile.
    ClaimWon,
    /// A claim that lost. `seat`; `from`; `action`; `tile`: the offered tile; `reason`: why.
    ClaimLost,
    /// A meld declared: `seat`; `meld`: its kind; `from`: the seat it was claimed from
    /// ([`NO_SEAT`] for a concealed or added kong); `tile`: the claimed (or added) tile;
    /// `tiles[..count]`: the meld's tiles (hidden from other seats for a concealed kong).
    Meld,
    /// A win (one event per winner). `seat`; `from`: the discarder, or [`NO_SEAT`] for a
    /// self-drawn win; `tile`: the winning tile; `tiles[..count]`: the winner's concealed hand
    /// with the winning tile; `flags`: [`flags::SELF_DRAWN`], [`flags::ROBBED_KONG`],
    /// [`flags::LAST_TILE`], [`flags::REPLACEMENT`], [`flags::FIRST_TURN`],
    /// [`flags::READY_FIRST_DISCARD`], [`flags::EIGHT_FLOWERS`], [`flags::SEVEN_ROB_ONE`];
    /// `value`: under tai scoring, the winner's total tai (0 under the thesis' points).
    Win,
    /// The live wall ran out. `value`: bit s set when seat s was ready.
    ExhaustiveDraw,
    /// Points won or paid by one seat for the hand (one event per seat). `seat`; `value`:
    /// points; `reason`.
    Payment,
    /// The dealer keeps the deal for the next hand. `seat`: dealer; `value`: consecutive deals
    /// (連莊) so far.
    DealerKept,
    /// The deal passes. `seat`: the next dealer.
    DealerPassed,
    /// The prevalent wind advances for the next hand. `tile`: the new wind (0..3).
    WindAdvanced,
    /// The match is over (the table deals no next hand). `value`: hands played.
    MatchOver,
    /// A seat's score was set by the game. `seat`; `value`: the new score.
    ScoreSet,
    /// One tai pattern that counted for a winner (under tai scoring; after the `Win` events and
    /// before the payments, by winner and pattern id). `seat`: the winner; `tile`: the pattern id
    /// ([`crate::tai::Pattern`], 1..38); `value`: its tai.
    Tai,
    /// The hand was aborted (riichi). `reason`: [`Reason::NineTerminals`],
    /// [`Reason::FourWinds`], [`Reason::FourRiichi`], [`Reason::FourKongs`] or
    /// [`Reason::TripleRon`]; `seat`: the seat that declared nine terminals.
    AbortiveDraw,
    /// A seat declared riichi (its next discard is the riichi discard). `seat`.
    Riichi,
    /// A riichi discard passed: the stick is placed. `seat`; `value`: -1,000 (the seat's score
    /// changes by it).
    RiichiAccepted,
    /// A dora indicator turned (the first after the deal, then kan dora). `tile`: the indicator;
    /// `value`: its position, 0..4.
    Dora,
    /// An ura dora indicator turned, at the end of a hand won in riichi (after the wins).
    /// `tile`: the indicator; `value`: its position, 0..4.
    UraDora,
    /// Nagashi mangan at the exhaustive draw (one event per such seat). `seat`.
    Nagashi,
    /// One yaku that counted for a winner (riichi; after the wins and the ura dora, before the
    /// payments, by winner and yaku id). `seat`; `tile`: the yaku id (1..65,
    /// `riichi::yaku`); `value`: its han.
    Yaku,
    /// A winner's fu and payment label (riichi; after its yaku). `seat`; `tile`: the limit
    /// (`riichi::LIMIT_*`); `value`: the fu.
    Fu,
    /// Part of a wall the game gave ([`super::Table::deal_wall`]), after the hand start, seen by
    /// the observer only. `value`: the position of its first tile; `tiles`: the wall's codes from
    /// there.
    Wall,
}

/// Why a claim lost or a payment was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// No reason applies.
    None,
    /// A claim lost to a win on the same tile.
    LostToWin,
    /// A chow lost to a pung or a kong.
    LostToPung,
    /// A win lost to an earlier winner in turn order (head bump, 截胡).
    HeadBump,
    /// Payment: the seat won.
    Won,
    /// Payment: the seat discarded the winning tile (or had its kong robbed).
    DealtIn,
    /// Payment: another seat won by self-draw.
    SelfDrawPaid,
    /// Payment: a seat that neither won nor paid.
    Uninvolved,
    /// Payment: the hand ended in an exhaustive or an abortive draw.
    Draw,
    /// Abortive draw: nine different terminals and honours in a seat's first draw.
    NineTerminals,
    /// Abortive draw: the same wind discarded by every seat in the first go-around.
    FourWinds,
    /// Abortive draw: every seat in riichi.
    FourRiichi,
    /// Abortive draw: a fourth kong, declared by more than one seat.
    FourKongs,
    /// Abortive draw: three seats winning on one discard.
    TripleRon,
    /// Payment at the exhaustive draw: the seat was ready.
    Tenpai,
    /// Payment at the exhaustive draw: the seat was not ready.
    Noten,
    /// Payment: nagashi mangan (the seat that had it, and the seats that pay it).
    Nagashi,
    /// Payment: the seat was liable (pao) for a yakuman it fed.
    Liable,
    /// Payment at the end of a match: the riichi sticks left on the table, to first place.
    Sticks,
}

impl Reason {
    /// The reason of an abortive draw.
    pub const fn of_abort(r: AbortReason) -> Reason {
        match r {
            AbortReason::NineTerminals => Reason::NineTerminals,
            AbortReason::FourWinds => Reason::FourWinds,
            AbortReason::FourRiichi => Reason::FourRiichi,
            AbortReason::FourKongs => Reason::FourKongs,
            AbortReason::TripleRon => Reason::TripleRon,
        }
    }
}

/// Flag bits of [`Event::flags`].
pub mod flags {
    /// [`super::EventKind::Draw`] from the back of the wall; a [`super::EventKind::Win`] on such a
    /// draw.
    pub const REPLACEMENT: u16 = 1;
    /// [`super::EventKind::Discard`] of the tile just drawn (tsumogiri).
    pub const DRAWN: u16 = 2;
    /// [`super::EventKind::Win`] by self-draw.
    pub const SELF_DRAWN: u16 = 4;
    /// [`super::EventKind::Win`] on a tile added to a pung (robbing the kong).
    pub const ROBBED_KONG: u16 = 8;
    /// [`super::EventKind::Win`] on the last drawable tile (or the discard after it).
    pub const LAST_TILE: u16 = 16;
    /// [`super::EventKind::Win`] in the winner's first turn: it has not discarded yet and no
    /// seat has claimed a tile (天胡 / 地胡 / 人胡; a concealed kong is not a claim).
    pub const FIRST_TURN: u16 = 32;
    /// [`super::EventKind::HandStart`] dealt by `next_hand`.
    pub const NEXT_HAND: u16 = 64;
    /// [`super::EventKind::Win`] of a seat whose hand was ready from its first discard, nobody
    /// having claimed before it, and unchanged since (天聽 / 地聽).
    pub const READY_FIRST_DISCARD: u16 = 128;
    /// [`super::EventKind::Win`] by holding all eight flowers (八仙過海).
    pub const EIGHT_FLOWERS: u16 = 256;
    /// [`super::EventKind::Win`] by taking the eighth flower another seat revealed (七搶一).
    pub const SEVEN_ROB_ONE: u16 = 512;
    /// [`super::EventKind::Meld`] of a concealed kong whose tiles are shown to every seat
    /// (riichi); without it another seat's concealed kong is face down (Taiwan).
    pub const SHOWN: u16 = 1024;
    /// [`super::EventKind::Discard`] declaring riichi (the tile turned sideways); a
    /// [`super::EventKind::Win`] of a seat in riichi.
    pub const RIICHI: u16 = 2048;
    /// [`super::EventKind::Win`] of a seat in double riichi (riichi declared in its first turn).
    pub const DOUBLE_RIICHI: u16 = 4096;
    /// [`super::EventKind::Win`] with ippatsu (within a go-around of the riichi, no call between).
    pub const IPPATSU: u16 = 8192;
    /// Every flag bit.
    pub const ALL: u16 = 16383;
}

/// One change of table state. Plain data of a fixed size: it maps field for field to the C
/// ABI's event struct.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Event {
    /// Position in the table's log since the table was created (0, 1, 2, ...).
    pub index: u64,
    /// What happened.
    pub kind: EventKind,
    /// The seat it concerns, or [`NO_SEAT`].
    pub seat: u8,
    /// The other seat involved (discarder, offering seat, claimed-from seat), or [`NO_SEAT`].
    pub from: u8,
    /// The tile it concerns (see [`EventKind`]), [`NO_TILE`], or [`HIDDEN_TILE`].
    pub tile: u8,
    /// The action of a claim answer, won or lost claim.
    pub action: Option<ActionKind>,
    /// The kind of a declared meld.
    pub meld: Option<MeldKind>,
    /// Why a claim lost or a payment was made.
    pub reason: Reason,
    /// Bits of [`flags`].
    pub flags: u16,
    /// Tiles used in `tiles`.
    pub count: u8,
    /// Tiles of a deal, meld or winning hand (unused slots hold [`NO_TILE`]).
    pub tiles: [u8; MAX_EVENT_TILES],
    /// Points, hand index, hand count or ready mask (see [`EventKind`]).
    pub value: i64,
    /// The table seed ([`EventKind::HandStart`], observer only).
    pub seed: u64,
}

impl Event {
    /// An event of `kind` with every other field unused.
    pub const fn new(kind: EventKind) -> Event {
        Event {
            index: 0,
            kind,
            seat: NO_SEAT,
            from: NO_SEAT,
            tile: NO_TILE,
            action: None,
            meld: None,
            reason: Reason::None,
            flags: 0,
            count: 0,
            tiles: [NO_TILE; MAX_EVENT_TILES],
            value: 0,
            seed: 0,
        }
    }

    /// The used tiles.
    pub fn tile_list(&self) -> &[u8] {
        &self.tiles[..usize::from(self.count).min(MAX_EVENT_TILES)]
    }

    /// Sets `tiles[..list.len()]` and `count`.
    pub(crate) fn with_tiles(mut self, list: &[u8]) -> Event {
        self.tiles = [NO_TILE; MAX_EVENT_TILES];
        self.tiles[..list.len()].copy_from_slice(list);
        self.count = list.len() as u8;
        self
    }
}

/// Who reads the log: one seat, or an observer (a referee, a record writer) who sees everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reader {
    /// The player in seat 0..3: its own tiles and everything public.
    Seat(u8),
    /// Everything, hidden tiles and the seed included.
    Observer,
}

impl Reader {
    /// The reader of an integer code: 0..3 a seat, 4 the observer.
    pub const fn from_code(code: u32) -> Option<Reader> {
        match code {
            0..=3 => Some(Reader::Seat(code as u8)),
            4 => Some(Reader::Observer),
            _ => None,
        }
    }

    /// The reader's integer code (0..3 a seat, 4 the observer).
    pub const fn code(self) -> u32 {
        match self {
            Reader::Seat(s) => s as u32,
            Reader::Observer => 4,
        }
    }

    /// `event` as this reader may know it: the one place where hidden tiles are masked.
    ///
    /// A seat sees its own deal, draws and concealed kongs; another seat's deal and draws are
    /// "a deal of n tiles" and "a draw" ([`HIDDEN_TILE`]), its concealed kong is face down, its
    /// claim answers are not shown (an empty [`EventKind::ClaimAnswer`] with `action` `None`,
    /// so the indices stay continuous), and the seed is 0. Everything else is public.
    pub fn sees(self, event: &Event) -> Event {
        let seat = match self {
            Reader::Observer => return *event,
            Reader::Seat(s) => s,
        };
        let mut e = *event;
        let own = e.seat == seat;
        match e.kind {
            EventKind::HandStart => e.seed = 0,
            EventKind::Deal if !own => {
                for t in &mut e.tiles[..usize::from(e.count).min(MAX_EVENT_TILES)] {
                    *t = HIDDEN_TILE;
                }
            }
            EventKind::Draw if !own => e.tile = HIDDEN_TILE,
            EventKind::Meld
                if !own
                    && e.meld == Some(MeldKind::ConcealedKong)
                    && e.flags & flags::SHOWN == 0 =>
            {
                e.tile = HIDDEN_TILE;
                for t in &mut e.tiles[..usize::from(e.count).min(MAX_EVENT_TILES)] {
                    *t = HIDDEN_TILE;
                }
            }
            EventKind::ClaimAnswer if !own => {
                let index = e.index;
                e = Event::new(EventKind::ClaimAnswer);
                e.index = index;
            }
            // A given wall is the observer's alone.
            EventKind::Wall => {
                let index = e.index;
                e = Event::new(EventKind::Wall);
                e.index = index;
            }
            _ => {}
        }
        e
    }
}

/// Every event kind, in code order (the code of a kind is its position).
pub const EVENT_KINDS: [EventKind; 27] = [
    EventKind::HandStart,
    EventKind::Deal,
    EventKind::Draw,
    EventKind::Flower,
    EventKind::Discard,
    EventKind::ClaimAnswer,
    EventKind::ClaimWon,
    EventKind::ClaimLost,
    EventKind::Meld,
    EventKind::Win,
    EventKind::ExhaustiveDraw,
    EventKind::Payment,
    EventKind::DealerKept,
    EventKind::DealerPassed,
    EventKind::WindAdvanced,
    EventKind::MatchOver,
    EventKind::ScoreSet,
    EventKind::Tai,
    EventKind::AbortiveDraw,
    EventKind::Riichi,
    EventKind::RiichiAccepted,
    EventKind::Dora,
    EventKind::UraDora,
    EventKind::Nagashi,
    EventKind::Yaku,
    EventKind::Fu,
    EventKind::Wall,
];

/// Every reason, in code order.
pub const REASONS: [Reason; 19] = [
    Reason::None,
    Reason::LostToWin,
    Reason::LostToPung,
    Reason::HeadBump,
    Reason::Won,
    Reason::DealtIn,
    Reason::SelfDrawPaid,
    Reason::Uninvolved,
    Reason::Draw,
    Reason::NineTerminals,
    Reason::FourWinds,
    Reason::FourRiichi,
    Reason::FourKongs,
    Reason::TripleRon,
    Reason::Tenpai,
    Reason::Noten,
    Reason::Nagashi,
    Reason::Liable,
    Reason::Sticks,
];

/// Every action kind, in code order.
pub const ACTION_KINDS: [ActionKind; 12] = [
    ActionKind::Pass,
    ActionKind::Discard,
    ActionKind::Chow,
    ActionKind::Pung,
    ActionKind::ExposedKong,
    ActionKind::AddedKong,
    ActionKind::ConcealedKong,
    ActionKind::Win,
    ActionKind::EightFlowers,
    ActionKind::RobFlower,
    ActionKind::Riichi,
    ActionKind::NineTerminals,
];

/// Every meld kind, in code order.
pub const MELD_KINDS: [MeldKind; 5] = [
    MeldKind::Chow,
    MeldKind::Pung,
    MeldKind::ExposedKong,
    MeldKind::AddedKong,
    MeldKind::ConcealedKong,
];

/// The record names of event kinds, in code order.
pub const EVENT_KIND_NAMES: [&str; 27] = [
    "hand_start",
    "deal",
    "draw",
    "flower",
    "discard",
    "claim_answer",
    "claim_won",
    "claim_lost",
    "meld",
    "win",
    "exhaustive_draw",
    "payment",
    "dealer_kept",
    "dealer_passed",
    "wind_advanced",
    "match_over",
    "score_set",
    "tai",
    "abortive_draw",
    "riichi",
    "riichi_accepted",
    "dora",
    "ura_dora",
    "nagashi",
    "yaku",
    "fu",
    "wall",
];
/// The record names of reasons, in code order.
pub const REASON_NAMES: [&str; 19] = [
    "none",
    "lost_to_win",
    "lost_to_pung",
    "head_bump",
    "won",
    "dealt_in",
    "self_draw_paid",
    "uninvolved",
    "draw",
    "nine_terminals",
    "four_winds",
    "four_riichi",
    "four_kongs",
    "triple_ron",
    "tenpai",
    "noten",
    "nagashi",
    "liable",
    "sticks",
];
/// The record names of action kinds, in code order.
pub const ACTION_NAMES: [&str; 12] = [
    "pass",
    "discard",
    "chow",
    "pung",
    "exposed_kong",
    "added_kong",
    "concealed_kong",
    "win",
    "eight_flowers",
    "rob_flower",
    "riichi",
    "nine_terminals",
];
/// The record names of meld kinds, in code order.
pub const MELD_NAMES: [&str; 5] = [
    "chow",
    "pung",
    "exposed_kong",
    "added_kong",
    "concealed_kong",
];

/// The code (position in `all`) of `x`.
pub(crate) fn code_of<T: PartialEq>(all: &[T], x: &T) -> u8 {
    all.iter().position(|y| y == x).map_or(u8::MAX, |i| i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal(seat: u8) -> Event {
        Event {
            seat,
            ..Event::new(EventKind::Deal)
        }
        .with_tiles(&[0, 9, 34])
    }

    #[test]
    fn sees_masks_only_what_a_seat_cannot_know() {
        let d = deal(1);
        assert_eq!(Reader::Observer.sees(&d), d);
        assert_eq!(Reader::Seat(1).sees(&d), d);
        assert_eq!(Reader::Seat(2).sees(&d).tile_list(), [HIDDEN_TILE; 3]);
        let draw = Event {
            seat: 0,
            tile: 5,
            flags: flags::REPLACEMENT,
            ..Event::new(EventKind::Draw)
        };
        let seen = Reader::Seat(3).sees(&draw);
        assert_eq!((seen.tile, seen.flags), (HIDDEN_TILE, flags::REPLACEMENT));
        let kong = Event {
            seat: 0,
            tile: 7,
            meld: Some(MeldKind::ConcealedKong),
            ..Event::new(EventKind::Meld)
        }
        .with_tiles(&[7; 4]);
        assert_eq!(Reader::Seat(0).sees(&kong), kong);
        let k = Reader::Seat(1).sees(&kong);
        assert_eq!(
            (k.tile, k.tile_list()),
            (HIDDEN_TILE, &[HIDDEN_TILE; 4][..])
        );
        let answer = Event {
            index: 9,
            seat: 2,
            from: 1,
            tile: 3,
            action: Some(ActionKind::Chow),
            ..Event::new(EventKind::ClaimAnswer)
        };
        let a = Reader::Seat(0).sees(&answer);
        assert_eq!(
            (a.index, a.seat, a.action, a.tile),
            (9, NO_SEAT, None, NO_TILE)
        );
        let start = Event {
            seed: 42,
            ..Event::new(EventKind::HandStart)
        };
        assert_eq!(Reader::Seat(0).sees(&start).seed, 0);
        assert_eq!(Reader::Observer.sees(&start).seed, 42);
        let discard = Event {
            seat: 1,
            tile: 4,
            ..Event::new(EventKind::Discard)
        };
        assert_eq!(Reader::Seat(2).sees(&discard), discard);
    }

    #[test]
    fn reader_codes_round_trip() {
        for c in 0..5 {
            assert_eq!(Reader::from_code(c).unwrap().code(), c);
        }
        assert_eq!(Reader::from_code(5), None);
    }

    #[test]
    fn code_tables_cover_every_value() {
        for (i, k) in EVENT_KINDS.iter().enumerate() {
            assert_eq!(usize::from(code_of(&EVENT_KINDS, k)), i);
        }
        assert_eq!(EVENT_KIND_NAMES.len(), EVENT_KINDS.len());
        assert_eq!(REASON_NAMES.len(), REASONS.len());
        assert_eq!(ACTION_NAMES.len(), ACTION_KINDS.len());
        assert_eq!(MELD_NAMES.len(), MELD_KINDS.len());
    }
}
