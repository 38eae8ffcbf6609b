//! The MJAI driver: a bot's response (`{"type":"dahai",...}`, `none`, `reach`, a call, `hora`,
//! `ryukyoku`) played as the seat's action at a riichi table. One call per line a bot sends:
//! [`respond`]; [`response_action`] gives the action without applying it, from the seat's view
//! alone (what a client holding only its view can check).

use super::{Event, Pai};
use crate::table::{
    Action, ActionKind, MeldKind, NO_TILE, Offer, Phase, RIICHI_DECLARED, RIICHI_NONE, Table,
    Variant, View, legal_actions,
};
use crate::tile::{code_kind, is_red_code};
use std::fmt;

/// What kind of refusal a [`DriveError`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DriveErrorKind {
    /// The line is not an MJAI event the reader accepts (in C `MJ_STATUS_BAD_MJAI`).
    BadLine,
    /// A well-formed event that is not a legal move of the seat now (`MJ_STATUS_ILLEGAL_ACTION`).
    Illegal,
    /// Not a riichi table, or no such seat: MJAI drives riichi tables only
    /// (`MJ_STATUS_INVALID_ARGUMENT`).
    NotRiichi,
}

/// Why a bot's response was refused: the kind, the MJAI key at fault (`type`, `actor`,
/// `target`, `pai`, `consumed`, `tsumogiri`; `None` for a line the reader refused), and why in
/// words. The table is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DriveError {
    /// The kind of refusal.
    pub kind: DriveErrorKind,
    /// The key at fault, if one is.
    pub key: Option<&'static str>,
    /// Why, in words.
    pub why: &'static str,
}

impl fmt::Display for DriveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            DriveErrorKind::BadLine => "bad MJAI line",
            DriveErrorKind::Illegal => "illegal MJAI response",
            DriveErrorKind::NotRiichi => "no riichi seat",
        };
        match self.key {
            Some(k) => write!(f, "{what} ({k}): {}", self.why),
            None => write!(f, "{what}: {}", self.why),
        }
    }
}

impl std::error::Error for DriveError {}

fn illegal(key: &'static str, why: &'static str) -> DriveError {
    DriveError {
        kind: DriveErrorKind::Illegal,
        key: Some(key),
        why,
    }
}

/// Copies of exactly `code` (a red five apart from the plain fives) in the view's hand.
fn held(view: &View, code: u8) -> u8 {
    let k = usize::from(code_kind(code));
    let red = match k {
        4 => view.red[0],
        13 => view.red[1],
        22 => view.red[2],
        _ => 0,
    };
    if is_red_code(code) {
        red
    } else {
        view.hand[k].saturating_sub(red)
    }
}

/// Whether the view's hand holds every tile of `tiles` (copies counted).
fn holds_all(view: &View, tiles: &[Pai]) -> bool {
    tiles.iter().all(|p| {
        let c = p.code();
        let want = tiles.iter().filter(|q| q.code() == c).count();
        usize::from(held(view, c)) >= want
    })
}

/// Whether every tile of `tiles` is of `pai`'s kind (none of them `?`).
fn one_kind(pai: Pai, tiles: &[Pai]) -> bool {
    pai.kind().is_some() && tiles.iter().all(|t| t.kind() == pai.kind())
}

fn reds(tiles: &[Pai]) -> u8 {
    tiles.iter().filter(|p| p.is_red()).count() as u8
}

/// Whether the view's seat is the dealer making its first discard in an uninterrupted first
/// go-around (Mahjong Soul writes that discard as from the hand whatever it is).
fn dealer_first_discard(view: &View) -> bool {
    view.seat == view.dealer
        && view.meld_counts.iter().all(|&n| n == 0)
        && !view.discard_list().iter().any(|d| d.seat == view.seat)
}

fn turn_action(view: &View, e: &Event) -> Result<Action, DriveError> {
    Ok(match *e {
        Event::Dahai { pai, tsumogiri, .. } => {
            let code = pai.code();
            if held(view, code) == 0 {
                return Err(illegal("pai", "a tile the seat does not hold"));
            }
            let is_drawn = view.drawn != NO_TILE && view.drawn == code;
            if tsumogiri && !is_drawn {
                return Err(illegal(
                    "tsumogiri",
                    "true, but the tile was not just drawn",
                ));
            }
            if !tsumogiri && is_drawn && held(view, code) < 2 && !dealer_first_discard(view) {
                return Err(illegal(
                    "tsumogiri",
                    "false, but the seat's only copy of the tile is the one just drawn",
                ));
            }
            Action::new(ActionKind::Discard, code)
        }
        Event::Reach { .. } => Action::new(ActionKind::Riichi, NO_TILE),
        Event::Ankan { consumed, .. } => {
            if !one_kind(consumed[0], &consumed) {
                return Err(illegal(
                    "consumed",
                    "the four tiles of a kan are of one kind",
                ));
            }
            if !holds_all(view, &consumed) {
                return Err(illegal(
                    "consumed",
                    "the seat does not hold these four tiles",
                ));
            }
            let k = consumed[0].kind().unwrap_or(0);
            Action::with_aux(ActionKind::ConcealedKong, k, reds(&consumed))
        }
        Event::Kakan { pai, consumed, .. } => {
            if !one_kind(pai, &consumed) {
                return Err(illegal(
                    "consumed",
                    "a kakan adds the fourth tile of its pon's kind",
                ));
            }
            let k = pai.kind().unwrap_or(0);
            let me = usize::from(view.seat);
            let pon = view
                .melds_of(me)
                .iter()
                .find(|m| m.kind == MeldKind::Pung && m.tile == k)
                .ok_or(illegal("consumed", "the seat has no pon of this tile"))?;
            if reds(&consumed) != pon.red {
                return Err(illegal("consumed", "not the tiles of the seat's pon"));
            }
            if held(view, pai.code()) == 0 {
                return Err(illegal("pai", "a tile the seat does not hold"));
            }
            Action::new(ActionKind::AddedKong, pai.code())
        }
        Event::Hora { target, pai, .. } => {
            if target != view.seat {
                return Err(illegal(
                    "target",
                    "on its own turn a seat wins by self-draw: the target is the actor",
                ));
            }
            if view.drawn == NO_TILE {
                return Err(illegal(
                    "type",
                    "no tile was drawn: after a call the seat discards",
                ));
            }
            if pai.is_some_and(|p| p.code() != view.drawn) {
                return Err(illegal("pai", "not the tile just drawn"));
            }
            Action::new(ActionKind::Win, view.drawn)
        }
        Event::Ryukyoku { .. } => Action::new(ActionKind::NineTerminals, NO_TILE),
        Event::None => {
            return Err(illegal(
                "type",
                "the seat's turn: it must discard (none is no move here)",
            ));
        }
        _ => {
            return Err(illegal(
                "type",
                "a call on the seat's own turn: nothing is offered",
            ));
        }
    })
}

fn claim_action(view: &View, e: &Event) -> Result<Action, DriveError> {
    let offered = view.offered;
    let call = |target: u8, pai: Pai, consumed: &[Pai]| -> Result<u8, DriveError> {
        if view.offer != Offer::Discard {
            return Err(illegal(
                "type",
                "only a win may take this tile (a kan being robbed)",
            ));
        }
        if target != view.actor {
            return Err(illegal("target", "not the seat whose discard is offered"));
        }
        if pai.code() != offered {
            return Err(illegal("pai", "not the tile offered"));
        }
        if !holds_all(view, consumed) {
            return Err(illegal("consumed", "tiles the seat does not hold"));
        }
        Ok(reds(consumed))
    };
    Ok(match *e {
        Event::None => Action::PASS,
        Event::Hora { target, pai, .. } => {
            if target != view.actor {
                return Err(illegal("target", "not the seat whose tile is offered"));
            }
            if pai.is_some_and(|p| p.code() != offered) {
                return Err(illegal("pai", "not the tile offered"));
            }
            Action::new(ActionKind::Win, offered)
        }
        Event::Chi {
            target,
            pai,
            consumed,
            ..
        } => {
            let mut k = [pai, consumed[0], consumed[1]].map(|p| p.kind().unwrap_or(u8::MAX));
            k.sort_unstable();
            if k[2] >= 27 || k[0] / 9 != k[2] / 9 || k[1] != k[0] + 1 || k[2] != k[0] + 2 {
                return Err(illegal(
                    "consumed",
                    "a chi makes a run of three in one suit",
                ));
            }
            let aux = call(target, pai, &consumed)?;
            let low = [pai, consumed[0], consumed[1]]
                .iter()
                .filter_map(|p| p.kind())
                .min()
                .unwrap_or(0);
            Action::with_aux(ActionKind::Chow, low, aux)
        }
        Event::Pon {
            target,
            pai,
            consumed,
            ..
        } => {
            if !one_kind(pai, &consumed) {
                return Err(illegal(
                    "consumed",
                    "the tiles of a pon or kan are of one kind",
                ));
            }
            Action::with_aux(ActionKind::Pung, offered, call(target, pai, &consumed)?)
        }
        Event::Daiminkan {
            target,
            pai,
            consumed,
            ..
        } => {
            if !one_kind(pai, &consumed) {
                return Err(illegal(
                    "consumed",
                    "the tiles of a pon or kan are of one kind",
                ));
            }
            Action::with_aux(
                ActionKind::ExposedKong,
                offered,
                call(target, pai, &consumed)?,
            )
        }
        _ => {
            return Err(illegal(
                "type",
                "a tile is offered: the seat may call, win or pass (none)",
            ));
        }
    })
}

/// Why `a`, well formed for the view, is not among its legal actions.
fn why_not(view: &View, a: &Action) -> DriveError {
    let me = usize::from(view.seat);
    let r = &view.riichi;
    match a.kind {
        ActionKind::Discard if r.riichi[me] == RIICHI_DECLARED => illegal(
            "pai",
            "the riichi discard must leave the hand ready (tenpai)",
        ),
        ActionKind::Discard if r.riichi[me] != RIICHI_NONE => {
            illegal("pai", "in riichi the seat discards the tile it drew")
        }
        ActionKind::Discard if r.kuikae >> code_kind(a.tile) & 1 != 0 => illegal(
            "pai",
            "kuikae: the called kind (or the other end of the chi) may not be discarded now",
        ),
        ActionKind::Discard => illegal("pai", "not a legal discard now"),
        ActionKind::Riichi => illegal(
            "type",
            "riichi needs a concealed ready hand, 1,000 points and four tiles left to draw",
        ),
        ActionKind::ConcealedKong | ActionKind::AddedKong => illegal(
            "type",
            "this kan is not legal now (the last draw, a fifth kan, a call just made, or in \
             riichi a kan that changes the waits)",
        ),
        ActionKind::Win => illegal(
            "type",
            "no win here: the hand is not complete, has no yaku, or is furiten",
        ),
        ActionKind::NineTerminals => illegal(
            "type",
            "nine terminals needs nine kinds of terminals and honours on the first draw, \
             before any call",
        ),
        _ => illegal(
            "type",
            "this call is not legal now (riichi, the last discard, kuikae, a kan limit or an \
             abortive draw pending)",
        ),
    }
}

/// The action MJAI event `e`, a response of the view's seat, means at the view's position:
/// `Ok(None)` for `none` when the table does not wait for the seat (a bot acknowledging an
/// event), `Ok(Some(action))` for a legal move (`none` in a claim window is a pass). The
/// mapping: `dahai` a discard (`tsumogiri` must be true only for the tile just drawn, and
/// false for it only when the seat holds another copy or it is the dealer's first discard),
/// `reach` riichi, `chi`/`pon`/`daiminkan` a call on the offered discard (`target` its
/// discarder, `pai` the offered tile exactly, `consumed` tiles held: the red fives among them
/// choose the action), `kakan` (`consumed` the seat's pon) and `ankan` (the four tiles held),
/// `hora` a win (`target` the actor on a self-draw, else the seat whose tile is offered; `pai`,
/// when given, the winning tile), `ryukyoku` nine terminals.
///
/// # Errors
/// [`DriveErrorKind::Illegal`] with the key at fault: an `actor` that is not the view's seat,
/// an event that is no move (`tsumo`, `start_kyoku`, ...), a move when the table does not
/// wait for the seat, a move of the wrong phase, tiles not held or not offered, a wrong
/// `target` or `tsumogiri`, or an action not among the seat's legal actions (with the rule
/// that forbids it where it is one rule); [`DriveErrorKind::NotRiichi`] for a view of another
/// variant.
pub fn response_action(view: &View, e: &Event) -> Result<Option<Action>, DriveError> {
    if view.rules.variant != Variant::Riichi {
        return Err(DriveError {
            kind: DriveErrorKind::NotRiichi,
            key: None,
            why: "MJAI drives riichi tables only",
        });
    }
    match e {
        Event::StartGame { .. }
        | Event::StartKyoku { .. }
        | Event::Tsumo { .. }
        | Event::Dora { .. }
        | Event::ReachAccepted { .. }
        | Event::EndKyoku
        | Event::EndGame => {
            return Err(illegal(
                "type",
                "not a move: a bot answers none, dahai, reach, chi, pon, daiminkan, kakan, \
                 ankan, hora or ryukyoku",
            ));
        }
        _ => {}
    }
    if e.actor().is_some_and(|a| a != view.seat) {
        return Err(illegal("actor", "not the seat answering"));
    }
    if !view.is_pending() {
        return match e {
            Event::None => Ok(None),
            _ => Err(illegal(
                "type",
                "the table does not wait for this seat's move",
            )),
        };
    }
    let a = match view.phase {
        Phase::Turn => turn_action(view, e)?,
        Phase::Claim => claim_action(view, e)?,
        Phase::Over => return Err(illegal("type", "the hand is over")),
    };
    if legal_actions(view).contains(&a) {
        Ok(Some(a))
    } else {
        Err(why_not(view, &a))
    }
}

/// The MJAI response that plays `a` for the view's seat (what a bot sends): `dahai`
/// (`tsumogiri` when the tile is the one just drawn), `reach`, `chi`/`pon`/`daiminkan` with the
/// tiles taken from the hand (`aux` of them red), `kakan` (`consumed` the pon's tiles),
/// `ankan`, `hora` naming the winning tile, `ryukyoku` for nine terminals, and `none` for a
/// pass. [`response_action`] reads it back to `a`. `None` when `a` does not fit the view (a
/// kakan without the pon, a call when nothing is offered, an unknown tile code).
pub fn response_event(view: &View, a: &Action) -> Option<Event> {
    let actor = view.seat;
    let p = |code: u8| Pai::from_code(code).filter(|p| !p.is_unknown());
    // `n` tiles of kind `k`, the first `red` of them red fives.
    let copies = |k: u8, n: usize, red: u8| -> Option<Vec<Pai>> {
        (0..n).map(|i| Pai::new(k, i < usize::from(red))).collect()
    };
    let offered = || p(view.offered).filter(|_| view.phase == Phase::Claim);
    Some(match a.kind {
        ActionKind::Pass => Event::None,
        ActionKind::Discard => Event::Dahai {
            actor,
            pai: p(a.tile)?,
            tsumogiri: view.drawn != NO_TILE && view.drawn == a.tile,
        },
        ActionKind::Riichi => Event::Reach { actor },
        ActionKind::NineTerminals => Event::Ryukyoku {
            reason: None,
            deltas: None,
        },
        ActionKind::Win => Event::Hora {
            actor,
            target: if view.phase == Phase::Claim {
                view.actor
            } else {
                actor
            },
            pai: Some(p(a.tile)?),
            deltas: None,
            ura_markers: None,
        },
        ActionKind::Chow => {
            let taken = offered()?;
            let t = taken.kind()?;
            let mut rest = (a.tile..a.tile + 3).filter(|&k| k != t);
            let (k1, k2) = (rest.next()?, rest.next()?);
            let red = |k: u8| a.aux > 0 && matches!(k, 4 | 13 | 22);
            Event::Chi {
                actor,
                target: view.actor,
                pai: taken,
                consumed: [Pai::new(k1, red(k1))?, Pai::new(k2, red(k2))?],
            }
        }
        ActionKind::Pung => {
            let taken = offered()?;
            let c = copies(taken.kind()?, 2, a.aux)?;
            Event::Pon {
                actor,
                target: view.actor,
                pai: taken,
                consumed: [c[0], c[1]],
            }
        }
        ActionKind::ExposedKong => {
            let taken = offered()?;
            let c = copies(taken.kind()?, 3, a.aux)?;
            Event::Daiminkan {
                actor,
                target: view.actor,
                pai: taken,
                consumed: [c[0], c[1], c[2]],
            }
        }
        ActionKind::AddedKong => {
            let k = code_kind(a.tile);
            let pon = view
                .melds_of(usize::from(actor))
                .iter()
                .find(|m| m.kind == MeldKind::Pung && m.tile == k)?;
            let c = copies(k, 3, pon.red)?;
            Event::Kakan {
                actor,
                pai: p(a.tile)?,
                consumed: [c[0], c[1], c[2]],
            }
        }
        ActionKind::ConcealedKong => {
            let c = copies(a.tile, 4, a.aux)?;
            Event::Ankan {
                actor,
                consumed: [c[0], c[1], c[2], c[3]],
            }
        }
        ActionKind::EightFlowers | ActionKind::RobFlower => return None,
    })
}

/// Plays a bot's MJAI response `line` for `seat` at a riichi table: reads it strictly, maps
/// it to the seat's action ([`response_action`]) and applies it. Returns the action applied,
/// or `None` for a `none` the table did not wait for. Nothing changes on error.
///
/// # Errors
/// [`DriveErrorKind::BadLine`] for a line the MJAI reader refuses (the reader's reason);
/// [`DriveErrorKind::Illegal`] and [`DriveErrorKind::NotRiichi`] as [`response_action`]
/// gives them (a seat past the table's seats is `NotRiichi`).
pub fn respond(table: &mut Table, seat: usize, line: &str) -> Result<Option<Action>, DriveError> {
    if seat >= table.seats() || table.rules().variant != Variant::Riichi {
        return Err(DriveError {
            kind: DriveErrorKind::NotRiichi,
            key: None,
            why: "no such seat at a riichi table",
        });
    }
    let e = Event::parse(line).map_err(|e| DriveError {
        kind: DriveErrorKind::BadLine,
        key: None,
        why: e.why,
    })?;
    let a = response_action(&table.view(seat), &e)?;
    if let Some(a) = a {
        table.apply(seat, a).map_err(|_| {
            illegal(
                "type",
                "the referee refused the action (please report: the view allowed it)",
            )
        })?;
    }
    Ok(a)
}
