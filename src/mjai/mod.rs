//! MJAI: the JSON Lines event protocol of riichi bots and logs (Mortal, akochan, mjai.app,
//! RiichiEnv).
//!
//! [`Event`](crate::mjai::Event) is one MJAI event; [`Event::parse`](crate::mjai::Event::parse) reads one line strictly (every key checked
//! for its type and range, tiles by name, the shape of every meld) and [`Event::to_line`](crate::mjai::Event::to_line)
//! writes one line; [`read_log`](crate::mjai::read_log) reads a whole log and names the first line it refuses;
//! [`Event::masked_for`](crate::mjai::Event::masked_for) is what a seat's stream shows of an event (the protocol hides other
//! seats' starting hands and draws). The rules of the game (is the tile held, is the call
//! legal) are the referee's: a replay through the riichi table checks them. See docs/mjai.md.

mod drive;
mod read;
mod replay;
mod wall;
mod write;
mod writer;

pub use drive::{DriveError, DriveErrorKind, respond, response_action, response_event};
pub use read::{MjaiError, read_log};
pub use replay::{ReplayError, replay_log};
pub use writer::{Writer, WriterError, honba_sticks};

/// An MJAI tile: a kind 0..33 in mjkit's order (`1m`..`9m`, `1p`..`9p`, `1s`..`9s`, then
/// `E S W N P F C`: P is the white dragon, F green, C red), a red five (`5mr`, `5pr`, `5sr`), or
/// the unknown tile `?` of a masked stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pai(u8);

/// The MJAI names of [`Pai`] codes 0..37, in code order.
const PAI_NAMES: [&str; 38] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p",
    "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N", "P", "F",
    "C", "5mr", "5pr", "5sr", "?",
];

impl Pai {
    /// The unknown tile `?` (another seat's draw or starting hand in a seat's stream).
    pub const UNKNOWN: Pai = Pai(37);

    /// The tile of `kind` (0..33), red when `red` (only fives: kinds 4, 13, 22); `None`
    /// otherwise.
    pub fn new(kind: u8, red: bool) -> Option<Pai> {
        match (kind, red) {
            (0..=33, false) => Some(Pai(kind)),
            (4 | 13 | 22, true) => Some(Pai(34 + kind / 9)),
            _ => None,
        }
    }

    /// The tile named `name` (`"5pr"`, `"E"`, `"?"`), if it is an MJAI tile name.
    pub fn from_name(name: &str) -> Option<Pai> {
        PAI_NAMES
            .iter()
            .position(|n| *n == name)
            .map(|i| Pai(i as u8))
    }

    /// The MJAI name.
    pub fn name(self) -> &'static str {
        PAI_NAMES[usize::from(self.0)]
    }

    /// The kind 0..33 (a red five's kind is its five's); `None` for `?`.
    pub fn kind(self) -> Option<u8> {
        match self.0 {
            0..=33 => Some(self.0),
            34..=36 => Some((self.0 - 34) * 9 + 4),
            _ => None,
        }
    }

    /// A red five.
    pub fn is_red(self) -> bool {
        (34..=36).contains(&self.0)
    }

    /// The unknown tile `?`.
    pub fn is_unknown(self) -> bool {
        self == Pai::UNKNOWN
    }

    /// The table tile code: the kind 0..33, a red five 42 (`5mr`), 43 (`5pr`), 44 (`5sr`);
    /// [`crate::table::event::HIDDEN_TILE`] for `?`.
    pub fn code(self) -> u8 {
        match self.0 {
            0..=33 => self.0,
            34..=36 => self.0 - 34 + crate::tile::RED_FIVE_CODE,
            _ => crate::table::event::HIDDEN_TILE,
        }
    }

    /// The tile of a table tile code (a kind, a red five 42..44, or
    /// [`crate::table::event::HIDDEN_TILE`] for `?`); `None` for any other code.
    pub fn from_code(code: u8) -> Option<Pai> {
        match code {
            0..=33 => Some(Pai(code)),
            42..=44 => Some(Pai(code - 42 + 34)),
            crate::table::event::HIDDEN_TILE => Some(Pai::UNKNOWN),
            _ => None,
        }
    }
}

/// Why a hand ended in a draw, as MJAI's `ryukyoku` names it. Writers spell the reasons
/// differently: [`DrawReason::name`] is RiichiEnv's spelling (what mjkit writes) and
/// [`DrawReason::from_name`] also reads the original protocol's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The live wall ran out (`exhaustive_draw`; the original protocol's `fanpai`).
    Exhaustive,
    /// Nagashi mangan at the exhaustive draw (`nagashimangan`).
    Nagashi,
    /// Nine terminals and honours (`kyushu_kyuhai`; `kyushukyuhai`).
    NineTerminals,
    /// Four winds in the first go-around (`sufuurenta`; `sufonrenta`).
    FourWinds,
    /// Four kans by more than one seat (`suukansansen`; `sukaikan`).
    FourKans,
    /// Four seats in riichi (`suucha_riichi`; `suchareach`).
    FourRiichi,
    /// Three rons on one discard (`sanchaho`).
    ThreeRons,
}

/// The reasons with the name written first and the other spelling read, in
/// [`DrawReason::ALL`] order.
const REASON_NAMES: [(&str, &str); 7] = [
    ("exhaustive_draw", "fanpai"),
    ("nagashimangan", "nagashimangan"),
    ("kyushu_kyuhai", "kyushukyuhai"),
    ("sufuurenta", "sufonrenta"),
    ("suukansansen", "sukaikan"),
    ("suucha_riichi", "suchareach"),
    ("sanchaho", "sanchaho"),
];

impl DrawReason {
    /// Every reason, in the order of the C ABI's `MJ_MJAI_REASON_*` codes 1..7.
    pub const ALL: [DrawReason; 7] = [
        DrawReason::Exhaustive,
        DrawReason::Nagashi,
        DrawReason::NineTerminals,
        DrawReason::FourWinds,
        DrawReason::FourKans,
        DrawReason::FourRiichi,
        DrawReason::ThreeRons,
    ];

    /// The name mjkit writes (RiichiEnv's).
    pub fn name(self) -> &'static str {
        REASON_NAMES[self.index()].0
    }

    /// The reason a writer named `name` (RiichiEnv's or the original protocol's spelling).
    pub fn from_name(name: &str) -> Option<DrawReason> {
        REASON_NAMES
            .iter()
            .position(|&(a, b)| a == name || b == name)
            .map(|i| DrawReason::ALL[i])
    }

    /// The position in [`DrawReason::ALL`].
    pub fn index(self) -> usize {
        DrawReason::ALL.iter().position(|&r| r == self).unwrap_or(0)
    }
}

/// One MJAI event. Seats (`actor`, `target`, `oya`) are 0..3; `bakaze` is the prevalent wind
/// 0..3 (E S W N); `kyoku` counts from 1 within the wind round.
///
/// Keys that other MJAI writers add and that carry nothing the referee needs (the original
/// protocol's `hora_tehais`, `yakus`, `fu`, `fan`, `hora_points`, `scores`, `tenpais`; a bot's
/// `meta`; RiichiEnv's `tsumo`) are accepted by the reader and not kept: docs/mjai.md lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// `{"type":"none"}`: a bot passes (declines every call, or acknowledges an event).
    None,
    /// The game starts. `id` is the seat of the stream's reader (the original protocol).
    StartGame {
        /// The four players' names, when given.
        names: Option<[String; 4]>,
        /// The reader's seat, when given.
        id: Option<u8>,
    },
    /// A hand starts: every seat's 13 tiles (`?` for the other seats in a seat's stream), the
    /// dealer's 14th tile follows as a `Tsumo`.
    StartKyoku {
        /// Prevalent wind 0..3.
        bakaze: u8,
        /// Hand number within the wind round, 1..4.
        kyoku: u8,
        /// Honba (repeat counters).
        honba: u8,
        /// Riichi sticks on the table.
        kyotaku: u8,
        /// The dealer's seat.
        oya: u8,
        /// Scores by seat.
        scores: [i32; 4],
        /// The first dora indicator.
        dora_marker: Pai,
        /// The starting hands by seat.
        tehais: [[Pai; 13]; 4],
    },
    /// `actor` draws `pai` (`?` in the other seats' streams).
    Tsumo {
        /// The drawing seat.
        actor: u8,
        /// The tile drawn.
        pai: Pai,
    },
    /// `actor` discards `pai`; `tsumogiri` when it is the tile just drawn.
    Dahai {
        /// The discarding seat.
        actor: u8,
        /// The tile discarded.
        pai: Pai,
        /// The tile just drawn was thrown.
        tsumogiri: bool,
    },
    /// `actor` chis `pai` from `target` (its left seat) with `consumed`.
    Chi {
        /// The calling seat.
        actor: u8,
        /// The discarding seat.
        target: u8,
        /// The tile called.
        pai: Pai,
        /// The two tiles from the hand.
        consumed: [Pai; 2],
    },
    /// `actor` pons `pai` from `target` with `consumed`.
    Pon {
        /// The calling seat.
        actor: u8,
        /// The discarding seat.
        target: u8,
        /// The tile called.
        pai: Pai,
        /// The two tiles from the hand.
        consumed: [Pai; 2],
    },
    /// `actor` calls an open kan on `pai` from `target` with `consumed`.
    Daiminkan {
        /// The calling seat.
        actor: u8,
        /// The discarding seat.
        target: u8,
        /// The tile called.
        pai: Pai,
        /// The three tiles from the hand.
        consumed: [Pai; 3],
    },
    /// `actor` adds `pai` to its pon of `consumed`.
    Kakan {
        /// The declaring seat.
        actor: u8,
        /// The tile added.
        pai: Pai,
        /// The pon's three tiles.
        consumed: [Pai; 3],
    },
    /// `actor` declares a concealed kan of `consumed`.
    Ankan {
        /// The declaring seat.
        actor: u8,
        /// The four tiles.
        consumed: [Pai; 4],
    },
    /// A new dora indicator is turned.
    Dora {
        /// The indicator.
        dora_marker: Pai,
    },
    /// `actor` declares riichi; its discard follows.
    Reach {
        /// The declaring seat.
        actor: u8,
    },
    /// `actor`'s riichi stands (its discard was not won on): 1,000 points go to the table.
    ReachAccepted {
        /// The seat in riichi.
        actor: u8,
    },
    /// `actor` wins on `target`'s discard or kan (`target == actor`: a self-draw).
    Hora {
        /// The winner.
        actor: u8,
        /// The discarder, or the winner on a self-draw.
        target: u8,
        /// The winning tile (a bot's response may name it; logs usually do not).
        pai: Option<Pai>,
        /// Score changes by seat.
        deltas: Option<[i32; 4]>,
        /// The ura dora indicators (empty when the winner was not in riichi).
        ura_markers: Option<Vec<Pai>>,
    },
    /// The hand ends without a win (an exhaustive or abortive draw, or a bot's nine-terminals
    /// declaration when sent as a response).
    Ryukyoku {
        /// The writer's reason (RiichiEnv: `exhaustive_draw`, `kyushu_kyuhai`, ...), kept as text.
        reason: Option<String>,
        /// Score changes by seat.
        deltas: Option<[i32; 4]>,
    },
    /// The hand is over.
    EndKyoku,
    /// The game is over.
    EndGame,
}

impl Event {
    /// The MJAI `type` of the event.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Event::None => "none",
            Event::StartGame { .. } => "start_game",
            Event::StartKyoku { .. } => "start_kyoku",
            Event::Tsumo { .. } => "tsumo",
            Event::Dahai { .. } => "dahai",
            Event::Chi { .. } => "chi",
            Event::Pon { .. } => "pon",
            Event::Daiminkan { .. } => "daiminkan",
            Event::Kakan { .. } => "kakan",
            Event::Ankan { .. } => "ankan",
            Event::Dora { .. } => "dora",
            Event::Reach { .. } => "reach",
            Event::ReachAccepted { .. } => "reach_accepted",
            Event::Hora { .. } => "hora",
            Event::Ryukyoku { .. } => "ryukyoku",
            Event::EndKyoku => "end_kyoku",
            Event::EndGame => "end_game",
        }
    }

    /// The seat that acts, for the kinds that have one.
    pub fn actor(&self) -> Option<u8> {
        match *self {
            Event::Tsumo { actor, .. }
            | Event::Dahai { actor, .. }
            | Event::Chi { actor, .. }
            | Event::Pon { actor, .. }
            | Event::Daiminkan { actor, .. }
            | Event::Kakan { actor, .. }
            | Event::Ankan { actor, .. }
            | Event::Reach { actor }
            | Event::ReachAccepted { actor }
            | Event::Hora { actor, .. } => Some(actor),
            _ => None,
        }
    }

    /// The event as `seat`'s stream shows it: the other seats' starting hands and drawn tiles
    /// are `?` (the MJAI masking, the same as RiichiEnv's and mjai.app's); everything else is
    /// public, a concealed kan's tiles included (the protocol shows them and Mortal requires
    /// them). `start_game`'s `id` becomes `seat`.
    pub fn masked_for(&self, seat: u8) -> Event {
        let mut e = self.clone();
        match &mut e {
            Event::StartGame { id, .. } => *id = Some(seat),
            Event::StartKyoku { tehais, .. } => {
                for (s, hand) in tehais.iter_mut().enumerate() {
                    if s != usize::from(seat) {
                        *hand = [Pai::UNKNOWN; 13];
                    }
                }
            }
            Event::Tsumo { actor, pai } if *actor != seat => *pai = Pai::UNKNOWN,
            _ => {}
        }
        e
    }
}

#[cfg(test)]
mod tests;
