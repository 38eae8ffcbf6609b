//! The MJAI log reader: a whole-game log replayed through the riichi referee on its own walls.
//!
//! Each hand's wall is rebuilt from the log ([`super::wall`]), the hand is dealt from it, and
//! the log's moves are played as actions (a `dahai`, `reach`, kan, self-drawn `hora` or
//! nine-terminals `ryukyoku` on the seat's turn; on a discard or an added kan, the call or the
//! wins the log shows next, every other seat passing). Every event the referee then writes (as
//! [`super::Writer`] writes the whole game) must be the log's next line: the deal, every draw,
//! dora and ura indicator, the score changes of every win and draw, the next hand's counters
//! and scores, the end of the match.

use super::wall::hand_wall;
use super::{DrawReason, Event, Pai, Writer, read_log, response_action};
use crate::table::{Action, ActionKind, MatchRules, Phase, Reader, Rules, Table, Variant};
use std::fmt;

/// Why an MJAI log cannot be replayed: the 1-based line the referee cannot accept (the line
/// after the last when the log stops short) and why, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// The 1-based line.
    pub line: usize,
    /// Why, in words (for a line that differs from the referee's event, that event).
    pub why: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MJAI log refused at line {}: {}", self.line, self.why)
    }
}

impl std::error::Error for ReplayError {}

fn fail(line: usize, why: impl Into<String>) -> ReplayError {
    ReplayError {
        line,
        why: why.into(),
    }
}

/// Replays the whole-game MJAI log `text` (every tile shown: the log of a game, not a seat's
/// stream) through a riichi table with `rules` and `match_rules`, and returns the table at its
/// end. The log does not say which rules it was played under: `rules` must be its platform's
/// (red fives, abortive draws, pao, ...) and `match_rules` its match (the start score, the
/// first dealer, east-only or a hanchan).
///
/// A `start_game` line may come first; then hands from `start_kyoku` to `end_kyoku`, and
/// `end_game` when the match is over. Compared with the referee's events: `start_kyoku`
/// (starting hands as sets of tiles), `tsumo`, `dahai` (`tsumogiri` false for the tile just
/// drawn is accepted when the seat holds another copy of it), calls and kans (`consumed` as a
/// set), `dora`, `reach`, `reach_accepted`, `hora` (`pai`, `deltas` and `ura_markers` when
/// given), `ryukyoku` (the reason in either spelling, `deltas` when given), `end_kyoku`,
/// `end_game`.
///
/// # Errors
/// The first line that cannot be read ([`super::MjaiError`]'s reasons), that is not the
/// referee's next event, whose move the referee refuses, or whose tiles cannot be one wall (a
/// fifth copy, a masked tile, a draw past the live wall, a riichi win without its ura
/// indicators); line 1 for rules that are not riichi or not valid.
pub fn replay_log(text: &str, rules: Rules, match_rules: MatchRules) -> Result<Table, ReplayError> {
    let events = read_log(text).map_err(|e| fail(e.line, e.why))?;
    if rules.variant != Variant::Riichi {
        return Err(fail(1, "MJAI logs are replayed at a riichi table"));
    }
    let mut r = Replay {
        events: &events,
        rules,
        match_rules,
        table: None,
        writer: None,
        produced: 1,
    };
    let first = usize::from(matches!(events[0], Event::StartGame { .. }));
    for i in first..events.len() {
        r.line(i)?;
    }
    let (t, w) = r.live(events.len())?;
    if let Some(e) = w.events().get(r.produced) {
        return Err(fail(
            events.len() + 1,
            format!("the log ends before the referee's {}", e.to_line()),
        ));
    }
    if !t.match_state().over {
        return Err(fail(
            events.len() + 1,
            "the log ends before the match is over",
        ));
    }
    let _ = t;
    r.table
        .take()
        .ok_or_else(|| fail(events.len() + 1, "no start_kyoku in the log"))
}

struct Replay<'a> {
    events: &'a [Event],
    rules: Rules,
    match_rules: MatchRules,
    /// The table, from the first `start_kyoku` on.
    table: Option<Table>,
    writer: Option<Writer>,
    /// The writer's events matched with the log so far.
    produced: usize,
}

impl Replay<'_> {
    fn live(&self, i: usize) -> Result<(&Table, &Writer), ReplayError> {
        match (&self.table, &self.writer) {
            (Some(t), Some(w)) => Ok((t, w)),
            _ => Err(fail(i + 1, "no start_kyoku before this line")),
        }
    }

    /// Matches log line `i` with the referee's next event, playing the log's moves until the
    /// referee has one.
    fn line(&mut self, i: usize) -> Result<(), ReplayError> {
        loop {
            if let (Some(t), Some(w)) = (&self.table, &self.writer) {
                if let Some(p) = w.events().get(self.produced) {
                    compare(p, &self.events[i], t).map_err(|why| fail(i + 1, why))?;
                    self.produced += 1;
                    return Ok(());
                }
            }
            let before = self.writer.as_ref().map_or(0, |w| w.events().len());
            self.act(i)?;
            let (t, w) = match (&mut self.table, &mut self.writer) {
                (Some(t), Some(w)) => (t, w),
                _ => return Err(fail(i + 1, "no start_kyoku before this line")),
            };
            w.update(t)
                .map_err(|_| fail(i + 1, "the MJAI writer cannot place the referee's events"))?;
            if w.events().len() == before {
                return Err(fail(i + 1, "the referee writes nothing for this line"));
            }
        }
    }

    /// The referee has no event left to match line `i`: deal the hand it starts, or play the
    /// move it (or the lines after it, in a claim window) shows.
    fn act(&mut self, i: usize) -> Result<(), ReplayError> {
        let e = &self.events[i];
        let line = i + 1;
        if self.table.is_none() {
            return self.first_hand(i);
        }
        let wall = match e {
            Event::StartKyoku { .. } => Some(self.wall(i)?),
            _ => None,
        };
        let Some(t) = &mut self.table else {
            return self.first_hand(i);
        };
        match t.phase() {
            Phase::Over => match (e, wall) {
                (Event::StartKyoku { .. }, Some(wall)) => {
                    t.next_hand_wall(&wall).map_err(|err| match err {
                        crate::Error::MatchOver => fail(
                            line,
                            "the match is over under the match rules given, but the log plays on",
                        ),
                        _ => fail(line, "the referee cannot deal this hand"),
                    })
                }
                (Event::EndGame, _) => Err(fail(
                    line,
                    "end_game, but the match is not over under the match rules given",
                )),
                _ => Err(fail(
                    line,
                    format!("the hand is over, but the log has {}", e.kind_name()),
                )),
            },
            Phase::Turn => {
                // A kan's dora is turned as the next discard is made: the move is the first
                // line after the indicators.
                let i = (i..self.events.len())
                    .find(|&j| !matches!(self.events[j], Event::Dora { .. }))
                    .unwrap_or(i);
                let (e, line) = (&self.events[i], i + 1);
                let seat = usize::from(t.view(0).actor);
                let is_move = matches!(
                    e,
                    Event::Dahai { .. }
                        | Event::Reach { .. }
                        | Event::Ankan { .. }
                        | Event::Kakan { .. }
                        | Event::Hora { .. }
                        | Event::Ryukyoku { .. }
                );
                if !is_move || e.actor().is_some_and(|a| usize::from(a) != seat) {
                    return Err(fail(
                        line,
                        format!("seat {seat} is to move, but the log has {}", e.to_line()),
                    ));
                }
                play(t, seat, e, line)
            }
            Phase::Claim => self.claims(i),
        }
    }

    /// The claim window on a discard or an added kan: the log's next move after line `i`
    /// (announcements skipped) says who called or won; every other seat passes.
    fn claims(&mut self, i: usize) -> Result<(), ReplayError> {
        let Some(t) = &mut self.table else {
            return Err(fail(i + 1, "no start_kyoku before this line"));
        };
        let j = (i..self.events.len())
            .find(|&j| {
                !matches!(
                    self.events[j],
                    Event::ReachAccepted { .. } | Event::Dora { .. }
                )
            })
            .unwrap_or(i);
        let pending = t.pending();
        let offerer = t.view(0).actor;
        let mut answers = [None::<(Action, usize)>; 4];
        match &self.events[j] {
            Event::Hora { target, .. } if *target == offerer => {
                for (k, e) in self.events[j..].iter().enumerate() {
                    let Event::Hora { actor, target, .. } = e else {
                        break;
                    };
                    if *target != offerer {
                        break;
                    }
                    let s = usize::from(*actor);
                    answers[s] = Some((action(t, s, e, j + k + 1)?, j + k + 1));
                }
            }
            Event::Ryukyoku {
                reason: Some(r), ..
            } if DrawReason::from_name(r) == Some(DrawReason::ThreeRons) => {
                for (s, a) in answers.iter_mut().enumerate() {
                    let win = t
                        .legal_actions(s)
                        .as_slice()
                        .iter()
                        .find(|a| a.kind == ActionKind::Win)
                        .copied();
                    *a = win.map(|w| (w, j + 1));
                }
            }
            e @ (Event::Chi { actor, .. }
            | Event::Pon { actor, .. }
            | Event::Daiminkan { actor, .. }) => {
                let s = usize::from(*actor);
                answers[s] = Some((action(t, s, e, j + 1)?, j + 1));
            }
            _ => {}
        }
        for (s, a) in answers.iter().enumerate() {
            if let Some((_, line)) = a {
                if pending >> s & 1 == 0 {
                    return Err(fail(*line, format!("seat {s} may not claim this tile")));
                }
            }
        }
        for s in (0..4).filter(|s| pending >> s & 1 != 0) {
            let (a, line) = answers[s].unwrap_or((Action::PASS, j + 1));
            t.apply(s, a)
                .map_err(|_| fail(line, "the referee refuses this answer"))?;
        }
        Ok(())
    }

    /// Creates the table at the log's first `start_kyoku` (line `i`) and deals it.
    fn first_hand(&mut self, i: usize) -> Result<(), ReplayError> {
        let line = i + 1;
        let Event::StartKyoku { oya, bakaze, .. } = &self.events[i] else {
            return Err(fail(
                line,
                "the log must start with start_game and start_kyoku",
            ));
        };
        let wall = self.wall(i)?;
        let mut t = Table::with_match(self.rules, self.match_rules, 0)
            .map_err(|_| fail(1, "the rules or the match rules are not valid"))?;
        if *oya != self.match_rules.first_dealer {
            return Err(fail(
                line,
                format!(
                    "the first dealer is seat {oya}; the match rules say seat {}",
                    self.match_rules.first_dealer
                ),
            ));
        }
        t.deal_wall(0, *oya, *bakaze, &wall)
            .map_err(|_| fail(line, "the referee cannot deal this hand"))?;
        let w = Writer::new(&t, Reader::Observer)
            .map_err(|_| fail(line, "the MJAI writer cannot follow this table"))?;
        self.table = Some(t);
        self.writer = Some(w);
        self.produced = 1;
        Ok(())
    }

    /// The wall of the hand that starts at line `i`.
    fn wall(&self, i: usize) -> Result<[u8; super::wall::WALL], ReplayError> {
        let end = (i + 1..self.events.len())
            .find(|&j| matches!(self.events[j], Event::StartKyoku { .. } | Event::EndGame))
            .unwrap_or(self.events.len());
        hand_wall(&self.events[i..end], i + 1, self.rules.riichi.red_fives)
    }
}

/// The action log line `line`'s event `e` means for `seat`.
fn action(t: &Table, seat: usize, e: &Event, line: usize) -> Result<Action, ReplayError> {
    match response_action(&t.view(seat), e) {
        Ok(Some(a)) => Ok(a),
        Ok(None) => Err(fail(line, "not a move of the seat here")),
        Err(d) => Err(fail(
            line,
            match d.key {
                Some(k) => format!("{k}: {}", d.why),
                None => d.why.to_string(),
            },
        )),
    }
}

fn play(t: &mut Table, seat: usize, e: &Event, line: usize) -> Result<(), ReplayError> {
    let a = action(t, seat, e, line)?;
    t.apply(seat, a)
        .map_err(|_| fail(line, "the referee refuses this move"))
}

fn sorted<const N: usize>(mut a: [Pai; N]) -> [Pai; N] {
    a.sort_unstable();
    a
}

/// Whether the log's event `log` is the referee's `want` (see [`replay_log`] for what is
/// compared how); the table is the referee's just after `want`.
fn compare(want: &Event, log: &Event, t: &Table) -> Result<(), String> {
    let differ = || Err(format!("the referee's event here is {}", want.to_line()));
    let same = match (want, log) {
        (
            Event::StartKyoku {
                bakaze,
                kyoku,
                honba,
                kyotaku,
                oya,
                scores,
                dora_marker,
                tehais,
            },
            Event::StartKyoku {
                bakaze: b2,
                kyoku: k2,
                honba: h2,
                kyotaku: s2,
                oya: o2,
                scores: sc2,
                dora_marker: d2,
                tehais: t2,
            },
        ) => {
            (bakaze, kyoku, honba, kyotaku, oya, scores, dora_marker)
                == (b2, k2, h2, s2, o2, sc2, d2)
                && tehais.iter().zip(t2).all(|(a, b)| sorted(*a) == sorted(*b))
        }
        (
            Event::Dahai {
                actor,
                pai,
                tsumogiri,
            },
            Event::Dahai {
                actor: a2,
                pai: p2,
                tsumogiri: g2,
            },
        ) => {
            // Tsumogiri false for the tile just drawn: another copy of it left the hand.
            let copy = || {
                let v = t.view(usize::from(*actor));
                let code = pai.code();
                let k = usize::from(crate::tile::code_kind(code));
                let red = match k {
                    4 => v.red[0],
                    13 => v.red[1],
                    22 => v.red[2],
                    _ => 0,
                };
                let n = if pai.is_red() {
                    red
                } else {
                    v.hand[k].saturating_sub(red)
                };
                n > 0
            };
            (actor, pai) == (a2, p2) && (tsumogiri == g2 || (*tsumogiri && !*g2 && copy()))
        }
        (
            Event::Chi {
                actor,
                target,
                pai,
                consumed,
            },
            Event::Chi {
                actor: a2,
                target: t2,
                pai: p2,
                consumed: c2,
            },
        )
        | (
            Event::Pon {
                actor,
                target,
                pai,
                consumed,
            },
            Event::Pon {
                actor: a2,
                target: t2,
                pai: p2,
                consumed: c2,
            },
        ) => (actor, target, pai) == (a2, t2, p2) && sorted(*consumed) == sorted(*c2),
        (
            Event::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            },
            Event::Daiminkan {
                actor: a2,
                target: t2,
                pai: p2,
                consumed: c2,
            },
        ) => (actor, target, pai) == (a2, t2, p2) && sorted(*consumed) == sorted(*c2),
        (
            Event::Kakan {
                actor,
                pai,
                consumed,
            },
            Event::Kakan {
                actor: a2,
                pai: p2,
                consumed: c2,
            },
        ) => (actor, pai) == (a2, p2) && sorted(*consumed) == sorted(*c2),
        (
            Event::Ankan { actor, consumed },
            Event::Ankan {
                actor: a2,
                consumed: c2,
            },
        ) => actor == a2 && sorted(*consumed) == sorted(*c2),
        (
            Event::Hora {
                actor,
                target,
                deltas,
                ura_markers,
                ..
            },
            Event::Hora {
                actor: a2,
                target: t2,
                pai: p2,
                deltas: d2,
                ura_markers: u2,
            },
        ) => {
            let tile = t.result().map(|r| r.tile);
            (actor, target) == (a2, t2)
                && p2.is_none_or(|p| Some(p.code()) == tile)
                && (d2.is_none() || d2 == deltas)
                && (u2.is_none() || u2 == ura_markers)
        }
        (
            Event::Ryukyoku { reason, deltas },
            Event::Ryukyoku {
                reason: r2,
                deltas: d2,
            },
        ) => {
            let named = |r: &Option<String>| r.as_deref().and_then(DrawReason::from_name);
            (r2.is_none() || named(r2).is_some() && named(r2) == named(reason))
                && (d2.is_none() || d2 == deltas)
        }
        _ => want == log,
    };
    if same { Ok(()) } else { differ() }
}
