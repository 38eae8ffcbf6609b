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
/// Counters an event carries ([`Event::counters`]): the match's counters at a hand start.
pub const MAX_COUNTERS: usize = 4;
/// [`Event::counters`] slot of the dealer's consecutive deals before the hand (連莊). The
/// other slots belong to the variant (riichi: 本場 and the riichi sticks on the table); a slot
/// a variant does not use holds 0.
pub const COUNTER_CONSECUTIVE: usize = 0;
/// Wall codes 34..41 in tile fields of events: flower `code - 34` (see [`crate::table::names`]).
pub const FLOWER_CODE_BASE: u8 = 34;
pub use super::types::HIDDEN_TILE;

/// Kind of an event. The field use of every kind is listed on the variant; fields a kind does not
/// use hold [`NO_SEAT`], [`NO_TILE`], zero or `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// A hand begins, with the match as it stands, so that any hand's events stand alone.
    /// `seat`: dealer; `from`: the match's first dealer (the round of a hand is named from
    /// the two: 東風東局 is East's first deal); `tile`: prevalent wind (0..3); `tiles[0..4]`:
    /// the seat wind of seats 0..3; `value`: hand index; `scores`: every seat's score;
    /// `counters`: [`COUNTER_CONSECUTIVE`] the dealer's consecutive deals (連莊), the other
    /// slots the variant's; `seed`: the table seed (observer only, 0 for the others: it
    /// determines the wall); flag [`flags::NEXT_HAND`] when dealt by `next_hand` (else by a
    /// free `deal`).
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
    /// One seat's answer to an offered tile, logged when it is given: that seat's decision
    /// (only the seat and the observer receive it; the public outcome is
    /// [`EventKind::ClaimWon`] / [`EventKind::ClaimLost`]), except the answer to a flower offer
    /// (flag [`flags::FLOWER_OFFER`]), which is public. `seat`; `from`: the offering seat; `action`:
    /// the answer; `tile`: the action's tile (a chow's lowest tile); `value`: the action's `aux`
    /// (the red fives it takes from the hand).
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
    /// `value`: under tai scoring, the winner's total tai (0 under the thesis' points and under
    /// riichi, whose han are in the `Yaku` events and the result).
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
    /// A winner's fu and payment label (riichi; after its yaku, whose han sum to the hand's). `seat`;
    /// `tile`: the limit (`riichi::LIMIT_*`); `value`: the fu.
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
    pub const REPLACEMENT: u32 = 1;
    /// [`super::EventKind::Discard`] of the tile just drawn (tsumogiri).
    pub const DRAWN: u32 = 2;
    /// [`super::EventKind::Win`] by self-draw.
    pub const SELF_DRAWN: u32 = 4;
    /// [`super::EventKind::Win`] on a tile added to a pung (robbing the kong).
    pub const ROBBED_KONG: u32 = 8;
    /// [`super::EventKind::Win`] on the last drawable tile (or the discard after it).
    pub const LAST_TILE: u32 = 16;
    /// [`super::EventKind::Win`] in the winner's first turn: it has not discarded yet and no
    /// seat has claimed a tile (天胡 / 地胡 / 人胡; a concealed kong is not a claim).
    pub const FIRST_TURN: u32 = 32;
    /// [`super::EventKind::HandStart`] dealt by `next_hand`.
    pub const NEXT_HAND: u32 = 64;
    /// [`super::EventKind::Win`] of a seat whose hand was ready from its first discard, nobody
    /// having claimed before it, and unchanged since (地聽; the dealer's is 天聽).
    pub const READY_FIRST_DISCARD: u32 = 128;
    /// [`super::EventKind::Win`] by holding all eight flowers (八仙過海).
    pub const EIGHT_FLOWERS: u32 = 256;
    /// [`super::EventKind::Win`] by taking the eighth flower another seat revealed (七搶一).
    pub const SEVEN_ROB_ONE: u32 = 512;
    /// [`super::EventKind::ClaimAnswer`] to a flower offer (八仙過海, 七搶一): public.
    pub const FLOWER_OFFER: u32 = 1024;
    /// [`super::EventKind::Win`] on the replacement drawn after an exposed kong (with
    /// `REPLACEMENT`; a kong claimed from a discard, not a flower or an own concealed or added
    /// kong: the ATAWMJ preset counts no 槓上開花 for it).
    pub const AFTER_EXPOSED_KONG: u32 = 2048;
    /// [`super::EventKind::Win`] on a discard of the first go-around (第一巡): no seat had
    /// discarded twice and no seat had claimed a tile (人胡 under the presets).
    pub const FIRST_GO_AROUND: u32 = 4096;
    /// [`super::EventKind::Win`] of a seat whose hand was ready as dealt (配牌即聽牌: a
    /// non-dealer's 16 tiles after the deal's flower replacements, the dealer's hand after its
    /// first discard) and unchanged since (天聽 under the ATAWMJ preset).
    pub const READY_FROM_DEAL: u32 = 8192;
    /// [`super::EventKind::Meld`] of a concealed kong whose tiles are shown to every seat
    /// (riichi); without it another seat's concealed kong is face down (Taiwan). An
    /// [`super::EventKind::ExhaustiveDraw`] whose ready mask is public (riichi: the ready hands
    /// are shown); without it each seat's bit is its own.
    pub const SHOWN: u32 = 16384;
    /// [`super::EventKind::Discard`] declaring riichi (the tile turned sideways); a
    /// [`super::EventKind::Win`] of a seat in riichi.
    pub const RIICHI: u32 = 32768;
    /// [`super::EventKind::Win`] of a seat in double riichi (riichi declared in its first turn).
    pub const DOUBLE_RIICHI: u32 = 65536;
    /// [`super::EventKind::Win`] with ippatsu (within a go-around of the riichi, no call between).
    pub const IPPATSU: u32 = 131072;
    /// Every flag bit.
    pub const ALL: u32 = 262143;
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
    pub flags: u32,
    /// Tiles used in `tiles`.
    pub count: u8,
    /// Tiles of a deal, meld or winning hand (unused slots hold [`NO_TILE`]).
    pub tiles: [u8; MAX_EVENT_TILES],
    /// Points, hand index, hand count or ready mask (see [`EventKind`]).
    pub value: i64,
    /// The table seed ([`EventKind::HandStart`], observer only).
    pub seed: u64,
    /// Every seat's score, by seat ([`EventKind::HandStart`]); zero for the other kinds.
    pub scores: [i64; SEATS],
    /// The match's counters ([`EventKind::HandStart`], see [`COUNTER_CONSECUTIVE`]); zero for
    /// the other kinds.
    pub counters: [u32; MAX_COUNTERS],
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
            scores: [0; SEATS],
            counters: [0; MAX_COUNTERS],
        }
    }

    /// The used tiles.
    pub fn tile_list(&self) -> &[u8] {
        &self.tiles[..usize::from(self.count).min(MAX_EVENT_TILES)]
    }

    /// The event with `tiles` set to `list` (its first [`MAX_EVENT_TILES`]) and `count` to
    /// their number; unused slots hold [`NO_TILE`].
    pub fn with_tiles(mut self, list: &[u8]) -> Event {
        let list = &list[..list.len().min(MAX_EVENT_TILES)];
        self.tiles = [NO_TILE; MAX_EVENT_TILES];
        self.tiles[..list.len()].copy_from_slice(list);
        self.count = list.len() as u8;
        self
    }
}

/// Who reads the log: a seat's player, a spectator, or the observer (the referee, a record
/// writer) who sees everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reader {
    /// The player in seat 0..3: its own tiles and decisions, and everything public.
    Seat(u8),
    /// Public information only: no concealed tile of any seat, no seat's options or answers.
    Spectator,
    /// Everything, hidden tiles, the answers and the seed included.
    Observer,
}

/// A piece of hidden information: what a [`Reader`] may or may not know
/// ([`Reader::knows`]). Everything that is not one of these is public.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Secret {
    /// A seat's concealed tiles: its deal, its draws, its concealed kongs, whether its hand is
    /// ready.
    Tiles(u8),
    /// A seat's options and decisions: whether the table waits for it, what it may claim, its
    /// answers to claim windows, its 過水 locks.
    Options(u8),
    /// The wall: the seed that shuffles it, the order of the tiles in it.
    Wall,
}

/// How an event's fields are hidden from a reader that does not know the secret they hold:
/// each event kind has one ([`Event::visibility`]), so a kind added by a variant says here what
/// is hidden, and [`Reader::sees`] masks it like every other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Visibility {
    /// Every field is public.
    Public,
    /// `tile` and `tiles` are the concealed tiles of the event's `seat`
    /// ([`Secret::Tiles`]): [`HIDDEN_TILE`] to the readers that do not know them.
    SeatTiles,
    /// `value` is a seat mask of facts about each seat's concealed tiles (bit s about seat
    /// s, [`Secret::Tiles`] of s): a reader keeps the bits of the seats whose tiles it knows.
    SeatTilesMask,
    /// `seed` determines the wall ([`Secret::Wall`]): 0 to the readers that do not know it.
    WallSeed,
    /// The whole event is the decision of the event's `seat` ([`Secret::Options`]): the
    /// readers that do not know it do not receive it, and their streams are numbered without
    /// it (so they cannot even count it).
    SeatDecision,
    /// The whole event is the order of the wall ([`Secret::Wall`]): the readers that do not
    /// know it do not receive it (a wall the game gave, [`EventKind::Wall`]).
    WallOrder,
}

/// Readers with a stream of their own numbering (the observer's is the log's): seats 0..3 and
/// the spectator.
pub(crate) const NUMBERED_READERS: usize = 5;

impl Reader {
    /// Every reader: the seats, the spectator, the observer.
    pub const ALL: [Reader; 6] = [
        Reader::Seat(0),
        Reader::Seat(1),
        Reader::Seat(2),
        Reader::Seat(3),
        Reader::Spectator,
        Reader::Observer,
    ];

    /// The reader of an integer code: 0..3 a seat, 4 the observer, 5 the spectator.
    pub const fn from_code(code: u32) -> Option<Reader> {
        match code {
            0..=3 => Some(Reader::Seat(code as u8)),
            4 => Some(Reader::Observer),
            5 => Some(Reader::Spectator),
            _ => None,
        }
    }

    /// The reader's integer code (0..3 a seat, 4 the observer, 5 the spectator).
    pub const fn code(self) -> u32 {
        match self {
            Reader::Seat(s) => s as u32,
            Reader::Observer => 4,
            Reader::Spectator => 5,
        }
    }

    /// The numbered reader of a slot (0..3 a seat, 4 the spectator).
    pub(crate) const fn of_slot(slot: usize) -> Reader {
        if slot < SEATS {
            Reader::Seat(slot as u8)
        } else {
            Reader::Spectator
        }
    }

    /// The slot of a reader whose stream has its own numbering (seats 0..3, the spectator 4);
    /// `None` for the observer, whose numbering is the log's.
    pub(crate) const fn slot(self) -> Option<usize> {
        match self {
            Reader::Seat(s) => Some(s as usize),
            Reader::Spectator => Some(4),
            Reader::Observer => None,
        }
    }

    /// Whether this reader may know `secret`: the one definition of what each reader may know.
    /// A seat knows its own tiles and options; the spectator knows nothing hidden; the
    /// observer knows everything. Events ([`Reader::sees`]), views
    /// ([`super::Table::view_for`]) and their numbering all derive from it.
    pub const fn knows(self, secret: Secret) -> bool {
        match (self, secret) {
            (Reader::Observer, _) => true,
            (Reader::Seat(s), Secret::Tiles(o) | Secret::Options(o)) => s == o,
            _ => false,
        }
    }

    /// Whether this reader receives `event` at all (a [`Visibility::SeatDecision`] event
    /// reaches its seat and the observer only, a [`Visibility::WallOrder`] event the observer
    /// only).
    pub fn receives(self, event: &Event) -> bool {
        match event.visibility() {
            Visibility::SeatDecision => self.knows(Secret::Options(event.seat)),
            Visibility::WallOrder => self.knows(Secret::Wall),
            _ => true,
        }
    }

    /// `event` as this reader may know it, or `None` when it does not receive the event: the
    /// one place where events are masked, by the event's [`Visibility`] and
    /// [`Reader::knows`]. A seat sees its own deal, draws and concealed kongs; another seat's
    /// deal and draws are "a deal of n tiles" and "a draw" ([`HIDDEN_TILE`]), its concealed
    /// kong is face down, its readiness at an exhaustive draw is not shown, its claim answers
    /// are not received (the outcome is public as [`EventKind::ClaimWon`] /
    /// [`EventKind::ClaimLost`]), and the seed is 0. The `index` is left as logged: [`super::Table::read_events`]
    /// numbers each reader's stream.
    pub fn sees(self, event: &Event) -> Option<Event> {
        let mut e = *event;
        match e.visibility() {
            Visibility::Public => {}
            Visibility::SeatTiles => {
                if !self.knows(Secret::Tiles(e.seat)) {
                    e.tile = HIDDEN_TILE;
                    for t in &mut e.tiles[..usize::from(e.count).min(MAX_EVENT_TILES)] {
                        *t = HIDDEN_TILE;
                    }
                }
            }
            Visibility::SeatTilesMask => {
                let mut keep = 0i64;
                for s in 0..SEATS as u8 {
                    if self.knows(Secret::Tiles(s)) {
                        keep |= 1 << s;
                    }
                }
                e.value &= keep;
            }
            Visibility::WallSeed => {
                if !self.knows(Secret::Wall) {
                    e.seed = 0;
                }
            }
            Visibility::SeatDecision => {
                if !self.knows(Secret::Options(e.seat)) {
                    return None;
                }
            }
            Visibility::WallOrder => {
                if !self.knows(Secret::Wall) {
                    return None;
                }
            }
        }
        Some(e)
    }
}

impl Event {
    /// What of this event is hidden, and whose secret it is (see [`Visibility`]): a deal, a
    /// draw and a concealed kong are the seat's tiles; the ready mask of an exhaustive draw is
    /// each seat's; a hand start's seed is the wall's; a claim answer is the answering seat's
    /// decision (a flower offer's answer, [`flags::FLOWER_OFFER`], is public: who may take a
    /// flower win is public, the flowers being in sight); everything else is public.
    pub fn visibility(&self) -> Visibility {
        match self.kind {
            EventKind::Deal | EventKind::Draw => Visibility::SeatTiles,
            EventKind::Meld
                if self.meld == Some(MeldKind::ConcealedKong) && self.flags & flags::SHOWN == 0 =>
            {
                Visibility::SeatTiles
            }
            EventKind::ExhaustiveDraw if self.flags & flags::SHOWN == 0 => {
                Visibility::SeatTilesMask
            }
            EventKind::Wall => Visibility::WallOrder,
            EventKind::HandStart => Visibility::WallSeed,
            EventKind::ClaimAnswer if self.flags & flags::FLOWER_OFFER != 0 => Visibility::Public,
            EventKind::ClaimAnswer => Visibility::SeatDecision,
            EventKind::Meld
            | EventKind::Flower
            | EventKind::Discard
            | EventKind::ClaimWon
            | EventKind::ClaimLost
            | EventKind::Win
            | EventKind::Payment
            | EventKind::DealerKept
            | EventKind::DealerPassed
            | EventKind::WindAdvanced
            | EventKind::MatchOver
            | EventKind::ScoreSet
            | EventKind::Tai
            | EventKind::ExhaustiveDraw
            | EventKind::AbortiveDraw
            | EventKind::Riichi
            | EventKind::RiichiAccepted
            | EventKind::Dora
            | EventKind::UraDora
            | EventKind::Nagashi
            | EventKind::Yaku
            | EventKind::Fu => Visibility::Public,
        }
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
    fn sees_masks_only_what_a_reader_cannot_know() {
        let d = deal(1);
        assert_eq!(Reader::Observer.sees(&d), Some(d));
        assert_eq!(Reader::Seat(1).sees(&d), Some(d));
        assert_eq!(
            Reader::Seat(2).sees(&d).unwrap().tile_list(),
            [HIDDEN_TILE; 3]
        );
        assert_eq!(
            Reader::Spectator.sees(&d).unwrap().tile_list(),
            [HIDDEN_TILE; 3]
        );
        let draw = Event {
            seat: 0,
            tile: 5,
            flags: flags::REPLACEMENT,
            ..Event::new(EventKind::Draw)
        };
        let seen = Reader::Seat(3).sees(&draw).unwrap();
        assert_eq!((seen.tile, seen.flags), (HIDDEN_TILE, flags::REPLACEMENT));
        let kong = Event {
            seat: 0,
            tile: 7,
            meld: Some(MeldKind::ConcealedKong),
            ..Event::new(EventKind::Meld)
        }
        .with_tiles(&[7; 4]);
        assert_eq!(Reader::Seat(0).sees(&kong), Some(kong));
        for r in [Reader::Seat(1), Reader::Spectator] {
            let k = r.sees(&kong).unwrap();
            assert_eq!(
                (k.tile, k.tile_list()),
                (HIDDEN_TILE, &[HIDDEN_TILE; 4][..])
            );
        }
        // A claim answer reaches the answering seat and the observer only (each reader numbers
        // its own stream, so the others cannot even count it).
        let answer = Event {
            index: 9,
            seat: 2,
            from: 1,
            tile: 3,
            action: Some(ActionKind::Chow),
            ..Event::new(EventKind::ClaimAnswer)
        };
        assert_eq!(Reader::Observer.sees(&answer), Some(answer));
        assert_eq!(Reader::Seat(2).sees(&answer), Some(answer));
        for r in [Reader::Seat(0), Reader::Seat(3), Reader::Spectator] {
            assert_eq!(r.sees(&answer), None);
            assert!(!r.receives(&answer));
        }
        // A flower offer's answer is public.
        let flower = Event {
            flags: flags::FLOWER_OFFER,
            action: Some(ActionKind::Pass),
            ..answer
        };
        assert_eq!(Reader::Spectator.sees(&flower), Some(flower));
        let start = Event {
            seed: 42,
            ..Event::new(EventKind::HandStart)
        };
        assert_eq!(Reader::Seat(0).sees(&start).unwrap().seed, 0);
        assert_eq!(Reader::Spectator.sees(&start).unwrap().seed, 0);
        assert_eq!(Reader::Observer.sees(&start).unwrap().seed, 42);
        let ready = Event {
            value: 0b1011,
            ..Event::new(EventKind::ExhaustiveDraw)
        };
        assert_eq!(Reader::Seat(1).sees(&ready).unwrap().value, 0b0010);
        assert_eq!(Reader::Seat(2).sees(&ready).unwrap().value, 0);
        assert_eq!(Reader::Spectator.sees(&ready).unwrap().value, 0);
        assert_eq!(Reader::Observer.sees(&ready).unwrap().value, 0b1011);
        let discard = Event {
            seat: 1,
            tile: 4,
            ..Event::new(EventKind::Discard)
        };
        for r in Reader::ALL {
            assert_eq!(r.sees(&discard), Some(discard));
        }
    }

    #[test]
    fn knows_is_the_reader_table() {
        for r in Reader::ALL {
            for s in 0..4u8 {
                for secret in [Secret::Tiles(s), Secret::Options(s)] {
                    assert_eq!(
                        r.knows(secret),
                        r == Reader::Observer || r == Reader::Seat(s),
                        "{r:?} {secret:?}"
                    );
                }
            }
            assert_eq!(r.knows(Secret::Wall), r == Reader::Observer);
        }
    }

    #[test]
    fn reader_codes_round_trip() {
        for c in 0..6 {
            assert_eq!(Reader::from_code(c).unwrap().code(), c);
        }
        assert_eq!(Reader::from_code(6), None);
        for (slot, r) in Reader::ALL[..5].iter().enumerate() {
            assert_eq!(r.slot(), Some(slot));
            assert_eq!(Reader::of_slot(slot), *r);
        }
        assert_eq!(Reader::Observer.slot(), None);
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
