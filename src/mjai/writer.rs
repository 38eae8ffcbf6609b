//! The MJAI writer of a riichi table: one more reader of the table's event log.
//!
//! A [`Writer`] reads the events one reader may know ([`Reader::Seat`] for a seat's stream,
//! [`Reader::Observer`] for the whole game) and turns them into MJAI events, so the masking is
//! the table's (`Reader::sees`): another seat's starting hand and draws are `?`; everything else
//! is public, a riichi concealed kan's tiles included.

use super::{DrawReason, Event as Mjai, Pai};
use crate::table::event::flags;
use crate::table::{
    Event, EventKind, MatchPart, MatchState, MeldKind, NO_SEAT, Reader, Reason, SEATS, Table,
    Variant,
};

/// Why a table cannot be written as MJAI from here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriterError {
    /// Not a riichi table: MJAI describes riichi only.
    NotRiichi,
    /// The current hand is under way: a writer starts when a hand has just been dealt.
    HandUnderWay,
    /// The log holds an event the writer cannot place (a bug: please report it).
    Unexpected,
    /// A score or score change outside the 32-bit range MJAI readers take (possible only
    /// through `Table::set_score`).
    ScoreRange,
}

/// A table score or score change as MJAI writes it (32 bits).
fn score32(v: i64) -> Result<i32, WriterError> {
    i32::try_from(v).map_err(|_| WriterError::ScoreRange)
}

/// Writes one reader's MJAI stream of a riichi table, hand after hand. Create it when a hand
/// has just been dealt (after `Table::new`, `Table::with_match`, `next_hand` or a deal), call
/// [`Writer::update`] after every change, and read [`Writer::events`] or [`Writer::text`].
#[derive(Debug, Clone)]
pub struct Writer {
    reader: Reader,
    next: u64,
    first_dealer: u8,
    scores: [i32; SEATS],
    honba: u32,
    sticks: u32,
    events: Vec<Mjai>,
    hand: Hand,
}

/// What the writer keeps of the current hand.
#[derive(Debug, Clone, Default)]
struct Hand {
    dealer: u8,
    wind: u8,
    deals: [Vec<Pai>; SEATS],
    started: bool,
    /// Wins waiting for the payments: (winner, from, in riichi).
    wins: Vec<(u8, u8, bool)>,
    ura: Vec<Pai>,
    payments: [i32; SEATS],
    paid: bool,
    /// The draw's reason, waiting for the payments.
    draw: Option<DrawReason>,
    ended: bool,
    /// Ready seats at an exhaustive draw (bit per seat).
    tenpai: u8,
    abortive: bool,
}

/// The MJAI tile of a table tile code (254: `?`).
fn pai(code: u8) -> Pai {
    Pai::from_code(code).unwrap_or(Pai::UNKNOWN)
}

fn abort_reason(r: Reason) -> Option<DrawReason> {
    Some(match r {
        Reason::NineTerminals => DrawReason::NineTerminals,
        Reason::FourWinds => DrawReason::FourWinds,
        Reason::FourRiichi => DrawReason::FourRiichi,
        Reason::FourKongs => DrawReason::FourKans,
        Reason::TripleRon => DrawReason::ThreeRons,
        _ => return None,
    })
}

/// The honba and riichi sticks of a riichi match state.
pub fn honba_sticks(s: &MatchState) -> (u32, u32) {
    match s.part {
        MatchPart::Riichi(r) => (r.honba, r.sticks),
        MatchPart::None => (0, 0),
    }
}

impl Writer {
    /// A writer of `reader`'s stream from the table's current hand, which must have just been
    /// dealt. The stream starts with `start_game` (`id`: the seat, for a seat's stream).
    pub fn new(table: &Table, reader: Reader) -> Result<Writer, WriterError> {
        if table.rules().variant != Variant::Riichi {
            return Err(WriterError::NotRiichi);
        }
        let from = table.first_event_index();
        let mut buf = [Event::new(EventKind::HandStart); 64];
        let n = table.read_events(Reader::Observer, from, &mut buf);
        if n == buf.len()
            || buf[..n].iter().any(|e| {
                !matches!(
                    e.kind,
                    EventKind::HandStart
                        | EventKind::Wall
                        | EventKind::Deal
                        | EventKind::Dora
                        | EventKind::ScoreSet
                )
            })
        {
            return Err(WriterError::HandUnderWay);
        }
        let s = table.match_state();
        let (honba, sticks) = honba_sticks(s);
        let id = match reader {
            Reader::Seat(seat) => Some(seat),
            Reader::Observer | Reader::Spectator => None,
        };
        Ok(Writer {
            reader,
            // Each reader numbers its own stream.
            next: table.event_bounds(reader).0,
            first_dealer: table.match_rules().first_dealer,
            scores: [
                score32(s.scores[0])?,
                score32(s.scores[1])?,
                score32(s.scores[2])?,
                score32(s.scores[3])?,
            ],
            honba,
            sticks,
            events: vec![Mjai::StartGame { names: None, id }],
            hand: Hand::default(),
        })
    }

    /// Reads the table's events since the last update and writes their MJAI events.
    pub fn update(&mut self, table: &Table) -> Result<(), WriterError> {
        let mut buf = [Event::new(EventKind::HandStart); 64];
        loop {
            let n = table.read_events(self.reader, self.next, &mut buf);
            if n == 0 {
                return Ok(());
            }
            for e in &buf[..n] {
                self.event(e)?;
            }
            self.next = buf[n - 1].index + 1;
        }
    }

    /// The MJAI events written so far.
    pub fn events(&self) -> &[Mjai] {
        &self.events
    }

    /// The MJAI events written so far as JSON Lines (one event a line, each ending in a newline).
    pub fn text(&self) -> String {
        let mut s = String::new();
        for e in &self.events {
            e.write(&mut s);
            s.push('\n');
        }
        s
    }

    /// The score, honba and riichi sticks the writer tracks (for tests against the table).
    pub fn tracked(&self) -> ([i32; SEATS], u32, u32) {
        (self.scores, self.honba, self.sticks)
    }

    fn push(&mut self, e: Mjai) {
        self.events.push(e);
    }

    /// Writes the pending win or draw with its score changes, then `end_kyoku`.
    fn end_hand(&mut self) {
        if self.hand.ended || !self.hand.started {
            return;
        }
        let pay = self.hand.payments;
        let wins = std::mem::take(&mut self.hand.wins);
        if !wins.is_empty() {
            // Per winner: its own gain, paid by the discarder but for the sticks (all of it in
            // the first `hora` on a self-draw or when a seat besides the discarder paid: pao
            // with several winners).
            let others_paid = |w: &[(u8, u8, bool)]| {
                (0..SEATS)
                    .any(|s| pay[s] < 0 && w.iter().all(|&(_, from, _)| usize::from(from) != s))
            };
            let split = wins.len() > 1 && !others_paid(&wins);
            // The riichi sticks on the table go to the first winner; nobody pays them.
            let sticks = i32::try_from(self.sticks)
                .unwrap_or(i32::MAX)
                .saturating_mul(1000);
            for (i, &(w, from, riichi)) in wins.iter().enumerate() {
                let deltas = if split {
                    let mut d = [0i32; 4];
                    let gain = pay[usize::from(w)];
                    d[usize::from(w)] = gain;
                    d[usize::from(from)] -= if i == 0 { gain - sticks } else { gain };
                    Some(d)
                } else if i == 0 {
                    Some(pay)
                } else {
                    None
                };
                self.push(Mjai::Hora {
                    actor: w,
                    target: from,
                    pai: None,
                    deltas,
                    ura_markers: Some(if riichi {
                        self.hand.ura.clone()
                    } else {
                        Vec::new()
                    }),
                });
            }
            self.sticks = 0;
        } else if let Some(reason) = self.hand.draw {
            self.push(Mjai::Ryukyoku {
                reason: Some(reason.name().to_string()),
                deltas: Some(pay),
            });
        }
        self.push(Mjai::EndKyoku);
        self.hand.ended = true;
    }

    /// Ends the hand once: its win or draw and `end_kyoku`, and the next hand's honba (one more
    /// after a draw or when the dealer keeps the deal: a dealer's win, the dealer ready at an
    /// exhaustive draw, an abortive draw; 0 after another seat's win).
    fn close_hand(&mut self) {
        if self.hand.ended || !self.hand.started {
            return;
        }
        let h = &self.hand;
        let dealer_won = h.wins.iter().any(|&(w, _, _)| w == h.dealer);
        let drew = h.wins.is_empty();
        let renchan = dealer_won || h.abortive || (drew && h.tenpai & (1 << h.dealer) != 0);
        self.honba = if renchan || drew { self.honba + 1 } else { 0 };
        self.end_hand();
    }

    fn event(&mut self, e: &Event) -> Result<(), WriterError> {
        let seat = e.seat;
        match e.kind {
            EventKind::HandStart => {
                self.close_hand();
                self.hand = Hand {
                    dealer: seat,
                    wind: e.tile,
                    ..Hand::default()
                };
            }
            EventKind::Wall
            | EventKind::ClaimAnswer
            | EventKind::ClaimWon
            | EventKind::ClaimLost => {}
            EventKind::Yaku | EventKind::Fu | EventKind::Tai | EventKind::Flower => {}
            EventKind::Deal => {
                let tiles = &e.tiles[..usize::from(e.count).min(e.tiles.len())];
                *self
                    .hand
                    .deals
                    .get_mut(usize::from(seat))
                    .ok_or(WriterError::Unexpected)? = tiles.iter().map(|&t| pai(t)).collect();
            }
            EventKind::Dora if !self.hand.started => {
                let mut tehais = [[Pai::UNKNOWN; 13]; 4];
                for (s, d) in self.hand.deals.iter().enumerate() {
                    if d.len() < 13 {
                        return Err(WriterError::Unexpected);
                    }
                    tehais[s].copy_from_slice(&d[..13]);
                }
                let dealer = self.hand.dealer;
                let kyoku = (dealer + 4 - self.first_dealer) % 4 + 1;
                self.push(Mjai::StartKyoku {
                    bakaze: self.hand.wind & 3,
                    kyoku,
                    honba: self.honba.min(255) as u8,
                    kyotaku: self.sticks.min(255) as u8,
                    oya: dealer,
                    scores: self.scores,
                    dora_marker: pai(e.tile),
                    tehais,
                });
                let first = *self.hand.deals[usize::from(dealer)]
                    .get(13)
                    .ok_or(WriterError::Unexpected)?;
                self.push(Mjai::Tsumo {
                    actor: dealer,
                    pai: first,
                });
                self.hand.started = true;
            }
            EventKind::Dora => self.push(Mjai::Dora {
                dora_marker: pai(e.tile),
            }),
            EventKind::UraDora => self.hand.ura.push(pai(e.tile)),
            EventKind::Draw => self.push(Mjai::Tsumo {
                actor: seat,
                pai: pai(e.tile),
            }),
            EventKind::Riichi => self.push(Mjai::Reach { actor: seat }),
            EventKind::RiichiAccepted => {
                self.scores[usize::from(seat)] =
                    self.scores[usize::from(seat)].wrapping_add(score32(e.value)?);
                self.sticks += 1;
                self.push(Mjai::ReachAccepted { actor: seat });
            }
            EventKind::Discard => self.push(Mjai::Dahai {
                actor: seat,
                pai: pai(e.tile),
                tsumogiri: e.flags & flags::DRAWN != 0,
            }),
            EventKind::Meld => {
                let tiles: Vec<Pai> = e.tiles[..usize::from(e.count).min(e.tiles.len())]
                    .iter()
                    .map(|&t| pai(t))
                    .collect();
                let taken = pai(e.tile);
                let consumed = |n: usize| -> Result<Vec<Pai>, WriterError> {
                    let mut rest = tiles.clone();
                    let at = rest
                        .iter()
                        .position(|&p| p == taken)
                        .or_else(|| rest.iter().position(|&p| p.kind() == taken.kind()))
                        .ok_or(WriterError::Unexpected)?;
                    rest.remove(at);
                    if rest.len() == n {
                        Ok(rest)
                    } else {
                        Err(WriterError::Unexpected)
                    }
                };
                let ev = match e.meld {
                    Some(MeldKind::Chow) => {
                        let c = consumed(2)?;
                        Mjai::Chi {
                            actor: seat,
                            target: e.from,
                            pai: taken,
                            consumed: [c[0], c[1]],
                        }
                    }
                    Some(MeldKind::Pung) => {
                        let c = consumed(2)?;
                        Mjai::Pon {
                            actor: seat,
                            target: e.from,
                            pai: taken,
                            consumed: [c[0], c[1]],
                        }
                    }
                    Some(MeldKind::ExposedKong) => {
                        let c = consumed(3)?;
                        Mjai::Daiminkan {
                            actor: seat,
                            target: e.from,
                            pai: taken,
                            consumed: [c[0], c[1], c[2]],
                        }
                    }
                    Some(MeldKind::AddedKong) => {
                        let c = consumed(3)?;
                        Mjai::Kakan {
                            actor: seat,
                            pai: taken,
                            consumed: [c[0], c[1], c[2]],
                        }
                    }
                    Some(MeldKind::ConcealedKong) => {
                        if tiles.len() != 4 {
                            return Err(WriterError::Unexpected);
                        }
                        Mjai::Ankan {
                            actor: seat,
                            consumed: [tiles[0], tiles[1], tiles[2], tiles[3]],
                        }
                    }
                    None => return Err(WriterError::Unexpected),
                };
                self.push(ev);
            }
            EventKind::Win => {
                let from = if e.from == NO_SEAT { seat } else { e.from };
                self.hand
                    .wins
                    .push((seat, from, e.flags & flags::RIICHI != 0));
            }
            EventKind::ExhaustiveDraw => {
                self.hand.draw = Some(DrawReason::Exhaustive);
                self.hand.tenpai = e.value as u8;
            }
            EventKind::Nagashi => self.hand.draw = Some(DrawReason::Nagashi),
            EventKind::AbortiveDraw => {
                self.hand.draw = Some(abort_reason(e.reason).ok_or(WriterError::Unexpected)?);
                self.hand.abortive = true;
            }
            EventKind::Payment => {
                let s = usize::from(seat);
                self.scores[s] = self.scores[s].wrapping_add(score32(e.value)?);
                if e.reason != Reason::Sticks {
                    self.hand.payments[s] = self.hand.payments[s].wrapping_add(score32(e.value)?);
                } else {
                    self.sticks = 0;
                }
                self.hand.paid = true;
            }
            EventKind::ScoreSet => self.scores[usize::from(seat)] = score32(e.value)?,
            EventKind::DealerKept | EventKind::DealerPassed | EventKind::WindAdvanced => {
                self.close_hand()
            }
            EventKind::MatchOver => {
                self.close_hand();
                self.push(Mjai::EndGame);
            }
        }
        Ok(())
    }
}
