//! The variant seam: the one file that names the variants. Each variant is a *part* in a folder
//! of its own (`taiwan/`: Taiwanese 16-tile and 13-tile; `riichi/`: Japanese riichi); the engine
//! calls the hooks below at fixed points of a hand and never asks which variant it plays.
//!
//! A part supplies: its parameters ([`Params`]: seats, hand size, the tile set, the deal, the
//! dead wall), the legal actions of a seat from what that seat can see
//! ([`seat_actions`]), what follows an accepted action (its own action kinds, furiten, 過水),
//! what happens after the deal, a draw, a discard, a meld or kong and a claim phase, the flags of
//! a win, the settlement of a finished hand, the match's progress, its view block and the
//! checks of a view and of the table. Its state lives in its arm of [`Part`] and is rebuilt by
//! replay, never stored.

pub(crate) mod riichi;
pub(crate) mod taiwan;

use super::engine::Table;
use super::event::{Reader, Secret};
use super::legal::SeatState;
use super::matches::Progress;
use super::play::Replacement;
use super::types::*;
use crate::tile::TILE_KINDS;

/// How the deal takes tiles from the front of the wall.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DealPattern {
    /// One tile at a time, seat by seat from the dealer, then one more for the dealer.
    OneAtATime,
    /// Four tiles at a time, seat by seat from the dealer, until each seat lacks fewer than
    /// four, then one at a time; then one more for the dealer (riichi's 4-4-4-1).
    Blocks,
}

/// What a variant fixes about the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Params {
    /// Seats at the table (at most [`SEATS`]).
    pub seats: u8,
    /// Tiles in a hand before the draw.
    pub hand_tiles: u8,
    /// Sets of a complete hand (the most declared melds).
    pub sets: u8,
    /// Tiles in the wall.
    pub wall_tiles: u8,
    /// Flowers in the wall (8 or 0).
    pub flowers: u8,
    /// Red fives in the wall: 0, 3 (one per suit) or 4 (two of dots).
    pub red_fives: u8,
    /// Tiles left in the live wall at the exhaustive draw.
    pub dead_wall: u8,
    /// How the deal takes its tiles.
    pub deal: DealPattern,
    /// Whether another seat's concealed kong is face down in a view (Taiwan) or shown (riichi).
    pub hidden_concealed_kongs: bool,
}

impl Params {
    /// The parameters of `rules`' variant.
    pub(crate) fn of(rules: &Rules) -> Params {
        match rules.variant {
            Variant::Taiwan16 | Variant::Thirteen => taiwan::params(rules),
            Variant::Riichi => riichi::params(rules),
        }
    }

    /// The wall of a hand before the shuffle: every tile of the set, in code order (flowers and
    /// red fives in place of their slots).
    pub(crate) fn unshuffled(&self, wall: &mut [u8]) {
        for (k, w) in wall.iter_mut().enumerate().take(136) {
            *w = (k / 4) as u8;
        }
        // The first copy of each five is red (and the second 5p when there are four).
        if self.red_fives >= 3 {
            wall[16] = crate::tile::red_code(0);
            wall[52] = crate::tile::red_code(1);
            wall[88] = crate::tile::red_code(2);
        }
        if self.red_fives == 4 {
            wall[53] = crate::tile::red_code(1);
        }
        for f in 0..usize::from(self.flowers) {
            wall[136 + f] = TILE_KINDS as u8 + f as u8;
        }
    }
}

/// A variant's state during a hand (never stored: replay rebuilds it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Part {
    /// Taiwanese 16-tile or 13-tile.
    Taiwan(taiwan::State),
    /// Riichi.
    Riichi(Box<riichi::State>),
}

impl Part {
    /// The state of a table with `rules` before a hand is dealt.
    pub(crate) fn new(rules: &Rules) -> Part {
        match rules.variant {
            Variant::Taiwan16 | Variant::Thirteen => Part::Taiwan(taiwan::State::new()),
            Variant::Riichi => Part::Riichi(Box::new(riichi::State::new())),
        }
    }
}

/// A variant's part of a client's fold ([`super::client::Client`]): the view block and the
/// fields of its own events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ClientPart {
    /// Taiwanese: its flowers and 過水 are folded by the common code (they read the rules).
    Taiwan,
    /// Riichi.
    Riichi(riichi::client::Fold),
}

impl ClientPart {
    /// The part of a client at a table with `rules`.
    pub(crate) fn new(rules: &Rules) -> ClientPart {
        match rules.variant {
            Variant::Taiwan16 | Variant::Thirteen => ClientPart::Taiwan,
            Variant::Riichi => ClientPart::Riichi(riichi::client::Fold::default()),
        }
    }

    /// The part's view block at a hand start, from its counters.
    pub(crate) fn start_view(
        &mut self,
        counters: &[u32; super::event::MAX_COUNTERS],
    ) -> RiichiView {
        match self {
            ClientPart::Taiwan => RiichiView::EMPTY,
            ClientPart::Riichi(f) => {
                *f = riichi::client::Fold::default();
                riichi::client::start_view(counters)
            }
        }
    }

    /// Folds what `e` changes of the part's fields before the common fold.
    pub(crate) fn before(
        &mut self,
        v: &mut View,
        e: &super::event::Event,
        me: Option<usize>,
    ) -> Result<(), crate::Error> {
        match self {
            ClientPart::Taiwan => Ok(()),
            ClientPart::Riichi(f) => f.before(v, e, me),
        }
    }

    /// Folds `e` after the common fold: the part's own event kinds, and what common events
    /// change of its fields.
    pub(crate) fn after(
        &mut self,
        v: &mut View,
        e: &super::event::Event,
        me: Option<usize>,
    ) -> Result<(), crate::Error> {
        use super::event::EventKind as K;
        match self {
            ClientPart::Taiwan => match e.kind {
                K::AbortiveDraw
                | K::Riichi
                | K::RiichiAccepted
                | K::Dora
                | K::UraDora
                | K::Nagashi
                | K::Yaku
                | K::Fu
                | K::Wall => Err(crate::Error::BadEvent),
                _ => Ok(()),
            },
            ClientPart::Riichi(f) => match e.kind {
                K::Tai | K::Flower | K::Wall => Err(crate::Error::BadEvent),
                _ => f.after(v, e, me),
            },
        }
    }

    /// Whether the view's [`View::win_flags`] are the part's (Taiwanese; riichi's facts of a
    /// win are in its view block and its `win_flags` are 0).
    pub(crate) fn has_win_flags(&self) -> bool {
        matches!(self, ClientPart::Taiwan)
    }

    /// The part's fields that follow from the others, after each event.
    pub(crate) fn refresh(&self, v: &mut View, me: Option<usize>) {
        match self {
            ClientPart::Taiwan => {}
            ClientPart::Riichi(f) => f.refresh(v, me),
        }
    }

    /// Whether a concealed kong is offered to be robbed under `rules` (see
    /// [`Table::part_may_rob_concealed_kong`]).
    pub(crate) fn robs_concealed_kong(rules: &Rules) -> bool {
        rules.variant == Variant::Riichi && rules.riichi.kokushi_robs_concealed_kong
    }
}

/// The legal actions of a seat (the one definition; see [`super::legal_actions`]).
pub(crate) fn seat_actions(st: &SeatState<'_>) -> Actions {
    match st.rules.variant {
        Variant::Taiwan16 | Variant::Thirteen => taiwan::seat_actions(st),
        Variant::Riichi => riichi::seat_actions(st),
    }
}

/// Whether a 3n+1 concealed hand is ready under `rules` (readiness at the exhaustive draw).
pub(crate) fn is_ready(hand: &crate::tile::Counts, melds: usize, rules: &Rules) -> bool {
    match rules.variant {
        Variant::Taiwan16 | Variant::Thirteen => taiwan::is_ready(hand, melds, rules),
        Variant::Riichi => riichi::is_ready(hand),
    }
}

/// The variant's checks of a view from outside, after the common ones.
pub(crate) fn validate_view(view: &View) -> Result<(), crate::Error> {
    match view.rules.variant {
        Variant::Taiwan16 | Variant::Thirteen => taiwan::validate_view(view),
        Variant::Riichi => riichi::validate_view(view),
    }
}

/// The hooks, called by the engine at fixed points of a hand.
impl Table {
    /// A new hand is being dealt: the part's hand state starts afresh.
    pub(super) fn part_reset(&mut self) {
        match &mut self.part {
            Part::Taiwan(s) => *s = taiwan::State::new(),
            Part::Riichi(s) => **s = riichi::State::new(),
        }
    }

    /// The deal is complete (`last`: the dealer's last tile, which counts as its draw).
    pub(super) fn part_after_deal(&mut self, last: u8) {
        match self.part {
            Part::Taiwan(_) => self.taiwan_after_deal(last),
            Part::Riichi(_) => self.riichi_after_deal(),
        }
    }

    /// `seat` is about to draw a tile from the wall (`kind`: what the draw replaces; a flower's
    /// replacement is [`Replacement::Back`]).
    pub(super) fn part_on_draw(&mut self, seat: usize, kind: Replacement) {
        match self.part {
            Part::Taiwan(_) => self.taiwan_on_draw(seat, kind),
            Part::Riichi(_) => {}
        }
    }

    /// `seat` set aside bonus tile `code` drawn from the wall; returns whether the part opened an
    /// offer on it (the replacement draw then waits).
    pub(super) fn part_on_bonus(&mut self, seat: u8, code: u8) -> bool {
        match self.part {
            Part::Taiwan(_) => self.taiwan_on_bonus(seat, code),
            Part::Riichi(_) => false,
        }
    }

    /// `action` of `seat` is legal (`legal`: the seat's legal actions) and about to be applied.
    pub(super) fn part_before_apply(&mut self, seat: usize, legal: &Actions, action: Action) {
        match self.part {
            Part::Taiwan(_) => self.taiwan_before_apply(seat, legal, action),
            Part::Riichi(_) => self.riichi_before_apply(seat, legal, action),
        }
    }

    /// Applies an action kind the part added, in the turn phase.
    pub(super) fn part_apply_turn(&mut self, seat: usize, action: Action) {
        match self.part {
            Part::Taiwan(_) => unreachable!("no Taiwanese turn action of its own"),
            Part::Riichi(_) => self.riichi_apply_turn(seat, action),
        }
    }

    /// The discard of `tile` by `seat` is about to be logged.
    pub(super) fn part_before_discard(&mut self, seat: usize) {
        match self.part {
            Part::Taiwan(_) => {}
            Part::Riichi(_) => self.riichi_before_discard(seat),
        }
    }

    /// The flags of `seat`'s discard event besides [`super::event::flags::DRAWN`].
    pub(super) fn part_discard_flags(&self, seat: usize) -> u32 {
        match &self.part {
            Part::Taiwan(_) => 0,
            Part::Riichi(s) => s.discard_flags(seat),
        }
    }

    /// Whether the discard of `tile` counts as the tile just drawn (tsumogiri).
    pub(super) fn part_discard_is_drawn(&self, seat: usize, tile: u8) -> bool {
        match self.part {
            Part::Taiwan(_) => self.drawn == tile,
            Part::Riichi(_) => self.riichi_discard_is_drawn(seat, tile),
        }
    }

    /// `seat` discarded `tile` (logged, the hand updated; `first`: its first discard of the
    /// hand); the discard entry is pushed and offered next.
    pub(super) fn part_on_discard(&mut self, seat: usize, tile: u8, first: bool) {
        match self.part {
            Part::Taiwan(_) => self.taiwan_on_discard(seat, tile, first),
            Part::Riichi(_) => self.riichi_on_discard(seat, tile),
        }
    }

    /// A tile is offered to the other seats (phase, offer and pending set; `legal`: each
    /// pending seat's legal actions).
    pub(super) fn part_on_offer(&mut self, legal: &[Actions; SEATS]) {
        match self.part {
            Part::Taiwan(_) => {}
            Part::Riichi(_) => self.riichi_on_offer(legal),
        }
    }

    /// `seat` declared a meld (logged and stored).
    pub(super) fn part_on_meld(&mut self, seat: usize, meld: Meld) {
        match self.part {
            Part::Taiwan(_) => self.taiwan_on_meld(seat),
            Part::Riichi(_) => self.riichi_on_meld(seat, meld),
        }
    }

    /// `seat`'s kong of `kind` is about to take its replacement tile.
    pub(super) fn part_before_replacement(&mut self, kind: MeldKind) {
        match self.part {
            Part::Taiwan(_) => {}
            Part::Riichi(_) => self.riichi_before_replacement(kind),
        }
    }

    /// The claim phase resolved with `winners` (before its outcome is logged); returns an
    /// abortive draw the part declares instead.
    pub(super) fn part_on_claims(&mut self, winners: u8) -> Option<AbortReason> {
        match self.part {
            Part::Taiwan(_) => None,
            Part::Riichi(_) => self.riichi_on_claims(winners),
        }
    }

    /// Every seat passed the offered discard: returns an abortive draw the part declares before
    /// the next draw.
    pub(super) fn part_before_next_draw(&mut self) -> Option<AbortReason> {
        match self.part {
            Part::Taiwan(_) => None,
            Part::Riichi(_) => self.riichi_abort_reason(),
        }
    }

    /// The resolution of an offer the part opened (a flower offer).
    pub(super) fn part_resolve_offer(&mut self) {
        match self.part {
            Part::Taiwan(_) => self.resolve_flower(),
            Part::Riichi(_) => unreachable!("riichi opens no offer of its own"),
        }
    }

    /// The flags of `seat`'s win besides the common ones (`base`).
    pub(super) fn part_win_flags(&self, seat: usize, base: u32, flower: u32) -> u32 {
        match self.part {
            Part::Taiwan(_) => self.taiwan_win_flags(seat, base, flower),
            Part::Riichi(_) => self.riichi_win_flags(seat, base),
        }
    }

    /// `seat`'s facts for a win now that the rest of its view does not show
    /// ([`View::win_flags`]; 0 under riichi, whose facts are in its view block).
    pub(super) fn part_own_win_flags(&self, seat: usize) -> u32 {
        match self.part {
            Part::Taiwan(_) => self.taiwan_own_win_flags(seat),
            Part::Riichi(_) => 0,
        }
    }

    /// Scores a finished hand (its `Win` / `ExhaustiveDraw` / `AbortiveDraw` events are
    /// logged) and logs the part's score events. Returns the result with the points, and the
    /// reason of each seat's payment where the part gives its own.
    pub(super) fn part_settle(
        &mut self,
        facts: &taiwan::HandFacts,
    ) -> (HandResult, Option<[super::event::Reason; SEATS]>) {
        match self.part {
            Part::Taiwan(_) => (self.taiwan_settle(facts), None),
            Part::Riichi(_) => self.riichi_settle(facts),
        }
    }

    /// Whether a concealed kong is offered to the other seats before its replacement draw
    /// (thirteen orphans may rob it).
    pub(super) fn part_may_rob_concealed_kong(&self) -> bool {
        ClientPart::robs_concealed_kong(&self.rules)
    }

    /// What follows the finished hand `r` in the match.
    pub(super) fn part_progress(&mut self, r: &HandResult) -> Progress {
        match self.part {
            Part::Taiwan(_) => super::matches::progress(
                &self.match_rules,
                &mut self.state,
                self.dealer,
                self.prevalent_wind,
                r,
            ),
            Part::Riichi(_) => self.riichi_progress(r),
        }
    }

    /// The part's block of `seat`'s view and its 過水 mask (`full`: for the seat's view, with
    /// what legality computes itself).
    pub(super) fn part_view(&self, reader: Reader, full: bool) -> (RiichiView, u64) {
        let seat = match reader {
            Reader::Seat(s) if usize::from(s) < SEATS => usize::from(s),
            _ => usize::from(NO_SEAT),
        };
        let options = reader.knows(Secret::Options(seat as u8));
        match &self.part {
            Part::Taiwan(s) => (
                RiichiView::EMPTY,
                if options { s.pass_locked[seat] } else { 0 },
            ),
            Part::Riichi(_) if !options => (self.riichi_public_view(), 0),
            Part::Riichi(_) if full => (self.riichi_full_view(seat), 0),
            Part::Riichi(_) => (self.riichi_view(seat), 0),
        }
    }

    /// The final result of the match.
    pub(super) fn part_match_result(&self) -> super::matches::MatchResult {
        match self.part {
            Part::Taiwan(_) => {
                super::matches::MatchResult::from_scores(self.state.scores, self.state.hands_played)
            }
            Part::Riichi(_) => self.riichi_match_result(),
        }
    }

    /// The part's checks of the table (after the common tile conservation).
    pub(super) fn part_invariant_error(&self) -> Option<String> {
        match self.part {
            Part::Taiwan(_) => None,
            Part::Riichi(_) => self.riichi_invariant_error(),
        }
    }

    /// Whether the hand's deal holds the dealer with one tile more than a full hand in a claim
    /// phase (a flower offer during the deal).
    pub(super) fn part_dealt_offer(&self) -> bool {
        match &self.part {
            Part::Taiwan(s) => s.dealt_offer(self),
            Part::Riichi(_) => false,
        }
    }
}
