//! The one error type of the safe core.

use std::fmt;

/// Why a core call refused its input.
///
/// Every fallible function of the safe core returns `Result<_, Error>`; the C ABI maps each
/// variant to one `MjStatus` code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Error {
    /// A tile kind has more than four copies (in a hand, or in hand + visible tiles).
    TooManyCopies {
        /// The offending tile kind (0..34).
        kind: u8,
    },
    /// The number of tiles is not valid for the call (for example 13 tiles given to a win check).
    BadTileTotal {
        /// The number of tiles that was given.
        total: u32,
    },
    /// Malformed tile notation.
    BadNotation {
        /// Byte offset of the first character that could not be understood.
        pos: usize,
    },
    /// An output buffer is too small.
    BufferTooSmall {
        /// Bytes needed, including any terminating NUL.
        needed: usize,
    },
    /// An argument is out of range: an unknown form bit, tile kind or enum value.
    InvalidArgument,
    /// MCR scoring: the tiles do not form a winning hand.
    NotWinning,
    /// MCR scoring: a declared meld is impossible (honour or 8/9 chow, unknown kind, bad
    /// claimed-from value).
    IllegalMeld,
    /// MCR scoring: an unknown win-flag bit, or a flag that cannot hold for these tiles.
    InvalidFlags,
    /// Riichi scoring: a winning shape without any yaku.
    NoYaku,
    /// Riichi scoring: riichi, double riichi, open riichi or ippatsu on an open hand; ippatsu
    /// or open riichi without riichi; ippatsu together with rinshan.
    RiichiConflict,
    /// Riichi scoring: win timings that exclude each other (chankan or houtei on a self-draw,
    /// rinshan or haitei on a discard, haitei with rinshan, houtei with chankan).
    WinTimingConflict,
    /// Riichi scoring: rinshan kaihou without a declared kan.
    RinshanWithoutKan,
    /// Riichi scoring: chankan while the hand holds another copy of the robbed tile.
    ChankanConflict,
    /// Riichi scoring: tenhou / chiihou / renhou where they cannot happen (wrong seat, wrong win
    /// kind, after a call, together, or with riichi, ippatsu, rinshan, chankan, haitei, houtei).
    BlessingConflict,
    /// Riichi scoring: more red fives in a suit than fives of that suit held.
    RedFives,
    /// Riichi scoring: three-player (sanma) tiles or seats that cannot exist (2m-8m, a chi,
    /// the North seat), or kita in a four-player game.
    ThreePlayerTile,
    /// Riichi scoring: nagashi mangan without tsumo or with a win condition.
    NagashiConflict,
    /// Riichi scoring: paarenchan for a non-dealer.
    PaarenchanNotDealer,
    /// Table: the action is not one of the seat's legal actions now (or the table does not wait
    /// for that seat).
    IllegalAction,
    /// AI: the view is impossible (more than four copies of a kind in sight, tile totals that do
    /// not match the melds, or fields out of range), or it asks for no decision.
    InvalidView,
    /// Table: the hand is still being played, so it has no result yet.
    HandNotOver,
    /// Table: the match is over, so no next hand is dealt (see `Table::match_result`).
    MatchOver,
    /// Discard analysis: the search needs more states than its `max_nodes` budget allows, even
    /// with no hand changes searched (`extra` 0).
    SearchLimit,
    /// Client: an event that does not follow from the events before it (out of sequence, fields
    /// out of range, or a change the hand so far makes impossible).
    BadEvent,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Error::TooManyCopies { kind } => {
                write!(f, "more than four copies of tile kind {kind}")
            }
            Error::BadTileTotal { total } => {
                write!(f, "{total} tiles is not a valid total for this call")
            }
            Error::BadNotation { pos } => write!(f, "bad tile notation at byte {pos}"),
            Error::BufferTooSmall { needed } => {
                write!(f, "buffer too small: {needed} bytes needed")
            }
            Error::InvalidArgument => f.write_str("invalid argument"),
            Error::NotWinning => f.write_str("not a winning hand"),
            Error::IllegalMeld => f.write_str("illegal meld"),
            Error::InvalidFlags => f.write_str("win flags that cannot hold"),
            Error::NoYaku => f.write_str("a winning shape without yaku"),
            Error::RiichiConflict => f.write_str("riichi conditions that cannot hold"),
            Error::WinTimingConflict => f.write_str("win timings that exclude each other"),
            Error::RinshanWithoutKan => f.write_str("rinshan without a kan"),
            Error::ChankanConflict => f.write_str("chankan with another copy of the robbed tile"),
            Error::BlessingConflict => f.write_str("tenhou, chiihou or renhou that cannot hold"),
            Error::RedFives => f.write_str("more red fives than fives"),
            Error::ThreePlayerTile => f.write_str("a tile or seat that three-player does not have"),
            Error::NagashiConflict => f.write_str("nagashi mangan with a win condition"),
            Error::PaarenchanNotDealer => f.write_str("paarenchan for a non-dealer"),
            Error::IllegalAction => f.write_str("illegal action"),
            Error::InvalidView => f.write_str("impossible view"),
            Error::HandNotOver => f.write_str("the hand is not over"),
            Error::MatchOver => f.write_str("the match is over"),
            Error::SearchLimit => f.write_str("the search needs more states than its budget"),
            Error::BadEvent => {
                f.write_str("an event that does not follow from the events before it")
            }
        }
    }
}

impl std::error::Error for Error {}
