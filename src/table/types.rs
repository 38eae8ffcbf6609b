//! The value types of the table engine: rules, melds, actions, the per-seat view and the result.
//!
//! Everything here is plain data with fixed-size arrays, so a view can be copied, compared,
//! sent over a network or handed to a bot as it is. The C ABI mirrors these types in
//! `ffi::table` with integer fields.

use crate::tile::{Counts, TILE_KINDS};

pub use super::variant::riichi::rules::{KanDora, RiichiTableRules};
pub use super::variant::riichi::view::RiichiView;

/// The riichi dead wall: 14 tiles (replacement draws, dora and ura indicators).
pub const RIICHI_DEAD_WALL: u8 = 14;

/// Seat capacity of a table: every per-seat array has this many slots (a table's own seat count,
/// [`View::seats`], is at most this).
pub const SEATS: usize = 4;
/// Winds: East, South, West, North.
pub const WINDS: usize = 4;
/// Most declared melds of one seat (16-tile mahjong: five sets and a pair).
pub const MAX_MELDS: usize = 5;
/// Capacity of the discard list of a view (a hand never discards more than 136 tiles).
pub const MAX_DISCARDS: usize = 144;
/// Capacity of an [`Actions`] list (17 discards + kongs + 3 chows + pung + kong + win + pass).
pub const MAX_ACTIONS: usize = 48;
/// Flower tiles in the 144-tile set (four flowers and four seasons).
pub const FLOWERS: usize = 8;
/// "No tile" in tile fields.
pub const NO_TILE: u8 = 255;
/// "No seat" in seat fields.
pub const NO_SEAT: u8 = 255;
/// A tile the reader may not see, in events and views alike: another seat's deal or draw, the
/// tile of another seat's concealed kong. ([`NO_TILE`] is "no tile at all".)
pub const HIDDEN_TILE: u8 = 254;

/// Which mahjong is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Taiwanese 16-tile mahjong: 144 tiles with 8 flowers, 16 tiles a hand, five sets and a pair.
    Taiwan16,
    /// 13-tile mahjong: 136 tiles, no flowers, four sets and a pair.
    Thirteen,
    /// Riichi (Japanese) mahjong: 136 tiles with 0, 3 or 4 red fives, no flowers, 13 tiles a
    /// hand, four sets and a pair, under [`Rules::riichi`].
    Riichi,
}

impl Variant {
    /// Tiles in a hand before the draw (16 or 13).
    pub const fn hand_tiles(self) -> usize {
        match self {
            Variant::Taiwan16 => 16,
            Variant::Thirteen | Variant::Riichi => 13,
        }
    }
    /// Sets of a complete hand, so the most declared melds (5 or 4).
    pub const fn sets(self) -> usize {
        match self {
            Variant::Taiwan16 => 5,
            Variant::Thirteen | Variant::Riichi => 4,
        }
    }
    /// Whether the 8 flowers are in the wall.
    pub const fn has_flowers(self) -> bool {
        matches!(self, Variant::Taiwan16)
    }
    /// Tiles in the wall (144 or 136).
    pub const fn wall_tiles(self) -> usize {
        if self.has_flowers() {
            136 + FLOWERS
        } else {
            136
        }
    }
}

/// What happens when several seats can win on the same discard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MultiWin {
    /// Only the first of them in turn order after the discarder wins (截胡, head bump).
    HeadBump,
    /// All of them win, each paid by the discarder.
    All,
}

/// Which seats a claim window asks: the offer of a discard, or of a tile added to a pung
/// (robbing the kong). A flower offer (八仙過海, 七搶一) asks the seats that can take it in
/// either case: the flowers are in sight, so who can is public.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimWindow {
    /// Every seat but the one whose tile is offered answers, whether or not it can claim (the
    /// default): the table waits for the same seats after every discard, so neither a seat's
    /// view nor the table's pace tells another seat who could have claimed.
    EverySeat,
    /// Only the seats that can claim answer; when none can, play goes on at once. Fewer
    /// decisions (self-play and local games use it), but every seat sees whether somebody could
    /// claim: the table stops, or not.
    Claimants,
}

/// How a finished hand is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// The thesis' scheme: a win on a discard is +1 for the winner and -1 for the discarder; a
    /// self-drawn win is +3 for the winner and -1 for each other seat. The thesis experiments
    /// use it; it knows no special wins (no 八仙過海, 七搶一 or 嚦咕嚦咕).
    Thesis,
    /// Taiwanese tai (台) under these rules ([`crate::tai::score`]): each winner is paid base +
    /// tai × price by the discarder, or by every other seat on a self-draw. The special wins are
    /// accepted where their value is not 0: 八仙過海 and 七搶一 as flower actions, 嚦咕嚦咕 as a
    /// winning form. 16-tile tables only.
    Tai(crate::tai::TaiRules),
}

impl Scoring {
    /// Tai under the ATAWMJ preset ([`crate::tai::TaiRules::atawmj`]).
    pub fn tai_atawmj() -> Scoring {
        Scoring::Tai(crate::tai::TaiRules::atawmj())
    }
    /// Tai under the common game's preset ([`crate::tai::TaiRules::common`]).
    pub fn tai_common() -> Scoring {
        Scoring::Tai(crate::tai::TaiRules::common())
    }
    /// The tai rules, under [`Scoring::Tai`].
    pub const fn tai(&self) -> Option<&crate::tai::TaiRules> {
        match self {
            Scoring::Tai(r) => Some(r),
            Scoring::Thesis => None,
        }
    }
    /// Whether the special win `p` (八仙過海, 七搶一 or 嚦咕嚦咕) is accepted: tai scoring
    /// with a nonzero value for it.
    pub const fn accepts(&self, p: crate::tai::Pattern) -> bool {
        match self {
            Scoring::Tai(r) => r.value(p) != 0,
            Scoring::Thesis => false,
        }
    }
}

/// 過水: what passing a win locks, and until when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PassLock {
    /// No 過水: a seat may win on any tile it passed before.
    Off,
    /// A seat that passes a win on a discard or a robbed kong (by a pass or another claim) may
    /// not win on that tile kind, on a discard or a robbed kong, until its next draw; it may
    /// always win on its own draw (the Taiwanese presets: most tables lift 過水 at the draw and
    /// never apply it to 自摸).
    UntilDraw,
    /// The strict lock: a seat that passes any win (by a pass, another claim, a kong or a
    /// discard) may not win on that tile kind, on a discard, a robbed kong or its own draw,
    /// until its next discard.
    UntilDiscard,
}

impl PassLock {
    /// Whether a win passed locks its kind.
    pub const fn is_on(self) -> bool {
        !matches!(self, PassLock::Off)
    }
}

/// The rules of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// 16-tile Taiwanese (default) or 13-tile.
    pub variant: Variant,
    /// Tiles left in the wall when the hand ends in an exhaustive draw (16 by default; the
    /// thesis leaves 14). Replacement draws come out of the same live wall.
    pub dead_wall: u8,
    /// Several winners on one discard.
    pub multi_win: MultiWin,
    /// Whether a seat may win on a tile added to a pung (robbing the kong).
    pub rob_kong: bool,
    /// How a finished hand is paid.
    pub scoring: Scoring,
    /// 過水: what passing a win locks and until when. [`PassLock::UntilDraw`] in the Taiwanese
    /// presets, [`PassLock::Off`] for the thesis experiments and the 13-tile rules (and off under
    /// riichi, whose furiten is part of its rules).
    pub pass_lock: PassLock,
    /// Which seats a claim window asks ([`ClaimWindow::EverySeat`] in every preset).
    pub claim_window: ClaimWindow,
    /// The riichi table's rules, read under [`Variant::Riichi`] only (the other variants hold
    /// [`RiichiTableRules::tenhou`] here).
    pub riichi: RiichiTableRules,
}

impl Rules {
    /// Taiwanese 16-tile rules as the game is played: 144 tiles, 16 tiles left at the
    /// exhaustive draw, head bump, robbing the kong allowed, tai under the ATAWMJ preset
    /// ([`Scoring::tai_atawmj`]), 過水 until the seat's next draw ([`PassLock::UntilDraw`]).
    pub fn taiwan16() -> Rules {
        Rules {
            scoring: Scoring::tai_atawmj(),
            pass_lock: PassLock::UntilDraw,
            ..Rules::taiwan16_thesis_points()
        }
    }
    /// [`Rules::taiwan16`] with the common game's tai preset ([`Scoring::tai_common`]).
    pub fn taiwan16_common() -> Rules {
        Rules {
            scoring: Scoring::tai_common(),
            ..Rules::taiwan16()
        }
    }
    /// The 16-tile table of the thesis experiments and of the self-play program's
    /// `--scoring thesis`: [`Rules::taiwan16`] paid by the thesis' scheme ([`Scoring::Thesis`]),
    /// without 過水, 16 tiles left at the exhaustive draw.
    pub const fn taiwan16_thesis_points() -> Rules {
        Rules {
            variant: Variant::Taiwan16,
            dead_wall: 16,
            multi_win: MultiWin::HeadBump,
            rob_kong: true,
            scoring: Scoring::Thesis,
            pass_lock: PassLock::Off,
            claim_window: ClaimWindow::EverySeat,
            riichi: RiichiTableRules::tenhou(),
        }
    }
    /// The thesis' table: [`Rules::taiwan16_thesis_points`] with 14 tiles left at the
    /// exhaustive draw.
    pub const fn thesis() -> Rules {
        let mut r = Rules::taiwan16_thesis_points();
        r.dead_wall = 14;
        r
    }
    /// Checks the limits a table puts on its rules (the one definition, used by
    /// [`super::Table::new`] and by a view's validation): a dead wall of at most
    /// [`super::MAX_DEAD_WALL`] tiles, tai scoring only on a 16-tile table, and tai rules that
    /// the tai engine accepts ([`crate::tai::TaiRules::validate`]); under riichi the dead wall
    /// of 14, the thesis' scoring field and no 過水 (riichi scores and locks by its own rules)
    /// and riichi rules in range; under the other variants the riichi block at its default.
    ///
    /// # Errors
    /// [`crate::Error::InvalidArgument`] for a field out of range.
    pub fn validate(&self) -> Result<(), crate::error::Error> {
        let tai_misplaced =
            matches!(self.scoring, Scoring::Tai(_)) && self.variant != Variant::Taiwan16;
        // A block the variant does not read holds its default, so equal tables have equal rules.
        let blocks_ok = match self.variant {
            Variant::Taiwan16 | Variant::Thirteen => self.riichi == RiichiTableRules::tenhou(),
            Variant::Riichi => {
                self.scoring == Scoring::Thesis
                    && self.pass_lock == PassLock::Off
                    && self.dead_wall == RIICHI_DEAD_WALL
                    && self.riichi.is_valid()
            }
        };
        if self.dead_wall > super::MAX_DEAD_WALL || tai_misplaced || !blocks_ok {
            return Err(crate::error::Error::InvalidArgument);
        }
        if let Scoring::Tai(t) = &self.scoring {
            t.validate()?;
        }
        Ok(())
    }
    /// 13-tile rules: 136 tiles without flowers, 14 tiles left at the exhaustive draw, the
    /// thesis' points (tai is a 16-tile table), no 過水.
    pub const fn thirteen() -> Rules {
        Rules {
            variant: Variant::Thirteen,
            dead_wall: 14,
            multi_win: MultiWin::HeadBump,
            rob_kong: true,
            scoring: Scoring::Thesis,
            pass_lock: PassLock::Off,
            claim_window: ClaimWindow::EverySeat,
            riichi: RiichiTableRules::tenhou(),
        }
    }
    /// Riichi under the Tenhou-like preset ([`RiichiTableRules::tenhou`]): 136 tiles with three
    /// red fives, the dead wall of 14, double ron, robbing a kong.
    pub const fn riichi_tenhou() -> Rules {
        Rules {
            variant: Variant::Riichi,
            dead_wall: RIICHI_DEAD_WALL,
            multi_win: MultiWin::All,
            rob_kong: true,
            scoring: Scoring::Thesis,
            pass_lock: PassLock::Off,
            claim_window: ClaimWindow::EverySeat,
            riichi: RiichiTableRules::tenhou(),
        }
    }
    /// Riichi under the Mahjong Soul-like preset ([`RiichiTableRules::mahjong_soul`]).
    pub const fn riichi_mahjong_soul() -> Rules {
        let mut r = Rules::riichi_tenhou();
        r.riichi = RiichiTableRules::mahjong_soul();
        r
    }
}

impl Rules {
    /// The rules of `variant`: [`Rules::taiwan16`], [`Rules::thirteen`] (each with its own
    /// dead wall: the Taiwanese preset scores tai) or [`Rules::riichi_tenhou`].
    pub fn preset(variant: Variant) -> Rules {
        match variant {
            Variant::Taiwan16 => Rules::taiwan16(),
            Variant::Thirteen => Rules::thirteen(),
            Variant::Riichi => Rules::riichi_tenhou(),
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::taiwan16()
    }
}

/// Kind of a declared meld.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MeldKind {
    /// Three in a row claimed from the left seat.
    Chow,
    /// Three of a kind claimed from a discard.
    Pung,
    /// Four of a kind claimed from a discard.
    ExposedKong,
    /// A pung completed to four with a tile from the hand.
    AddedKong,
    /// Four of a kind declared from the hand (face down: other seats see no tile).
    ConcealedKong,
}

/// A declared meld.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Meld {
    /// What kind of meld.
    pub kind: MeldKind,
    /// The lowest tile kind of a chow, the tile kind of a pung or kong; [`HIDDEN_TILE`] for
    /// another seat's concealed kong in a view.
    pub tile: u8,
    /// The tile taken from a discard (its code: a red five is 42..44), or [`NO_TILE`] for a
    /// concealed kong. An added kong keeps its pung's claimed tile.
    pub claimed: u8,
    /// Seat the claimed tile came from, or [`NO_SEAT`] for a concealed kong.
    pub from: u8,
    /// Red fives among the meld's tiles (0 where the wall has none; a hidden concealed kong
    /// shows 0).
    pub red: u8,
}

impl Meld {
    /// An empty slot (never part of a view's used melds).
    pub const EMPTY: Meld = Meld {
        kind: MeldKind::Chow,
        tile: NO_TILE,
        claimed: NO_TILE,
        from: NO_SEAT,
        red: 0,
    };

    /// Adds this meld's tiles to `counts` (nothing for a hidden concealed kong).
    pub fn add_tiles(&self, counts: &mut Counts) {
        if usize::from(self.tile) >= TILE_KINDS {
            return;
        }
        let t = self.tile as usize;
        match self.kind {
            MeldKind::Chow => {
                counts[t] += 1;
                counts[t + 1] += 1;
                counts[t + 2] += 1;
            }
            MeldKind::Pung => counts[t] += 3,
            MeldKind::ExposedKong | MeldKind::AddedKong | MeldKind::ConcealedKong => counts[t] += 4,
        }
    }

    /// Whether the meld is a kong of any kind.
    pub const fn is_kong(&self) -> bool {
        matches!(
            self.kind,
            MeldKind::ExposedKong | MeldKind::AddedKong | MeldKind::ConcealedKong
        )
    }
}

/// One discard of the hand, in the order played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DiscardEntry {
    /// The tile discarded: its code (a kind 0..33, or a red five 42..44).
    pub tile: u8,
    /// The seat that discarded it.
    pub seat: u8,
    /// The seat that claimed it (chow, pung, kong or win), or [`NO_SEAT`].
    pub claimed_by: u8,
    /// Whether the tile was discarded straight after being drawn (tsumogiri).
    pub drawn_and_discarded: bool,
}

impl DiscardEntry {
    /// An unused slot.
    pub const EMPTY: DiscardEntry = DiscardEntry {
        tile: NO_TILE,
        seat: NO_SEAT,
        claimed_by: NO_SEAT,
        drawn_and_discarded: false,
    };
}

/// Whose decision the table waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// `actor` holds 3n+2 tiles and must discard (or declare a kong or a self-drawn win).
    Turn,
    /// The seats in `pending` may claim the offered tile (or pass).
    Claim,
    /// The hand is over; see [`HandResult`].
    Over,
}

/// What is offered in the claim phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Offer {
    /// A discard: it may be chowed (by the next seat), punged, konged or won on.
    Discard,
    /// A tile added to a pung: it may only be won on (robbing the kong).
    AddedKong,
    /// A flower just set aside by the actor (`offered`: its wall code 34..41): the actor holding
    /// all eight may win (八仙過海), or the seat holding the other seven may take it (七搶一).
    /// Offered only where the tai rules accept these wins, before the actor's replacement draw.
    Flower,
    /// A concealed kong (`offered`: its tile): only thirteen orphans may win on it, where the
    /// riichi rules allow it (`kokushi_robs_concealed_kong`).
    ConcealedKong,
}

/// Kind of an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// Decline every claim.
    Pass,
    /// Discard `tile`.
    Discard,
    /// Chow the offered tile into the run starting at `tile`.
    Chow,
    /// Pung the offered tile.
    Pung,
    /// Kong the offered discard (`tile`).
    ExposedKong,
    /// Add `tile` to a declared pung of it.
    AddedKong,
    /// Declare four concealed `tile`s.
    ConcealedKong,
    /// Win on `tile` (the offered tile, or the tile just drawn).
    Win,
    /// 八仙過海: win by holding all eight flowers; `tile` is the flower just set aside (its wall
    /// code 34..41). Offered in a flower offer to the seat that set it aside.
    EightFlowers,
    /// 七搶一: take the eighth flower (`tile`, its wall code 34..41) that another seat just set
    /// aside, holding the other seven, and win; that seat pays.
    RobFlower,
    /// Riichi: declare riichi (`tile` [`NO_TILE`]); the seat then discards, and only a discard
    /// that leaves the hand ready is legal. The stick is placed when that discard passes.
    Riichi,
    /// Nine terminals and honours (kyuushu kyuuhai): abort the hand in the seat's first turn
    /// (`tile` [`NO_TILE`]).
    NineTerminals,
}

/// One decision of a seat. Legal actions are listed by [`super::legal_actions`], and the table
/// only accepts an action equal to one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Action {
    /// What to do.
    pub kind: ActionKind,
    /// The tile it concerns (see [`ActionKind`]); [`NO_TILE`] for a pass. A discard's or an
    /// added kong's tile is the tile's code (42..44 for a red five).
    pub tile: u8,
    /// The red fives the action takes from the hand (a chow, pung or kong with or without a red
    /// five are different actions); 0 for every other action and wherever the wall has none.
    pub aux: u8,
}

impl Action {
    /// The pass action.
    pub const PASS: Action = Action {
        kind: ActionKind::Pass,
        tile: NO_TILE,
        aux: 0,
    };

    /// An action of `kind` on `tile` taking no red five from the hand.
    pub const fn new(kind: ActionKind, tile: u8) -> Action {
        Action { kind, tile, aux: 0 }
    }

    /// An action of `kind` on `tile` taking `aux` red fives from the hand.
    pub const fn with_aux(kind: ActionKind, tile: u8, aux: u8) -> Action {
        Action { kind, tile, aux }
    }
}

/// A fixed-capacity list of actions (no allocation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Actions {
    items: [Action; MAX_ACTIONS],
    len: usize,
}

impl Actions {
    /// An empty list.
    pub const fn new() -> Actions {
        Actions {
            items: [Action::PASS; MAX_ACTIONS],
            len: 0,
        }
    }
    /// Appends `a` (the capacity always suffices for legal actions).
    pub fn push(&mut self, a: Action) {
        self.items[self.len] = a;
        self.len += 1;
    }
    /// The actions as a slice.
    pub fn as_slice(&self) -> &[Action] {
        &self.items[..self.len]
    }
    /// Whether `a` is in the list.
    pub fn contains(&self, a: &Action) -> bool {
        self.as_slice().contains(a)
    }
    /// Number of actions.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Default for Actions {
    fn default() -> Actions {
        Actions::new()
    }
}

/// What one reader can know of the table: a seat's view holds its own tiles and options and
/// everything public; the spectator's ([`NO_SEAT`] as `seat`) everything public only. Built by
/// [`super::Table::view_for`] from [`super::Reader::knows`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct View {
    /// The table's rules.
    pub rules: Rules,
    /// Seats at the table (4; arrays keep [`SEATS`] slots, those past `seats` unused).
    pub seats: u8,
    /// The seat this view belongs to (0..3), or [`NO_SEAT`] for the spectator's view.
    pub seat: u8,
    /// The dealer's seat.
    pub dealer: u8,
    /// Prevalent wind, 0..3 (East..North).
    pub prevalent_wind: u8,
    /// The match's first dealer: the hand is the `(dealer - first_dealer) % 4 + 1`-th deal of
    /// its wind round (東風東局 when the first dealer deals in the East round).
    pub first_dealer: u8,
    /// Index of the hand within the table's game.
    pub hand_index: u32,
    /// The phase of the hand.
    pub phase: Phase,
    /// Turn: the seat to act. Claim: the seat whose discard or added kong is offered.
    /// Over: [`NO_SEAT`].
    pub actor: u8,
    /// This seat's own bit, set while the table waits for its decision; never another seat's
    /// (who else may claim is that seat's secret). 0 in the spectator's view. The table waits
    /// for somebody whenever `phase` is not [`Phase::Over`].
    pub pending: u8,
    /// This seat's concealed tiles by kind (the drawn tile included); all zero for the
    /// spectator.
    pub hand: Counts,
    /// Red fives among this seat's concealed tiles, by suit (characters, dots, bamboo).
    pub red: [u8; 3],
    /// Turn, own view of the actor: the tile just drawn (after flower replacement), or
    /// [`NO_TILE`] when the turn follows a claim (no self-drawn win, no kong then).
    pub drawn: u8,
    /// Claim: the tile offered; else [`NO_TILE`].
    pub offered: u8,
    /// Claim: what is offered; [`Offer::Discard`] in the other phases.
    pub offer: Offer,
    /// Declared melds of every seat (only the first `meld_counts[s]` are used).
    pub melds: [[Meld; MAX_MELDS]; SEATS],
    /// Number of declared melds of every seat.
    pub meld_counts: [u8; SEATS],
    /// Flowers set aside by every seat: bit f = flower f (0..7).
    pub flowers: [u8; SEATS],
    /// Number of concealed tiles of every seat.
    pub concealed_counts: [u8; SEATS],
    /// Every discard of the hand in order (only the first `discard_count` are used).
    pub discards: [DiscardEntry; MAX_DISCARDS],
    /// Number of discards so far.
    pub discard_count: u16,
    /// Draws left before the exhaustive draw (live wall minus the dead wall; flowers still in
    /// the wall included).
    pub wall_left: u16,
    /// Points of every seat since the table was created.
    pub scores: [i64; SEATS],
    /// The dealer's consecutive deals before this hand (連莊; 0 on a dealer's first hand), from
    /// the match.
    pub consecutive: u32,
    /// 過水: the tile kinds this seat may not win on now (bit k = kind k), having passed a win
    /// on them since its last draw ([`PassLock::UntilDraw`]) or discard
    /// ([`PassLock::UntilDiscard`]). Always 0 when the rules' `pass_lock` is off.
    pub pass_locked: u64,
    /// This seat's facts for a win now that the rest of the view does not show (bits of
    /// [`super::event::flags`]), at a Taiwanese table: `REPLACEMENT`, and `AFTER_EXPOSED_KONG`
    /// after an exposed kong, when its turn's tile was drawn from the back of the wall;
    /// `READY_FIRST_DISCARD` and `READY_FROM_DEAL` while it keeps that readiness (天聽 / 地聽).
    /// The tai of a win, and so whether it reaches the minimum (起胡), depends on them. Always 0
    /// under riichi, whose facts of a win are in [`View::riichi`].
    pub win_flags: u32,
    /// Under riichi: what the riichi rules let this seat know (riichi of every seat, dora
    /// indicators, honba, sticks, its own furiten and kuikae); [`RiichiView::EMPTY`] otherwise.
    pub riichi: RiichiView,
}

impl View {
    /// The discards so far, in order.
    pub fn discard_list(&self) -> &[DiscardEntry] {
        &self.discards[..usize::from(self.discard_count)]
    }
    /// The declared melds of `seat`.
    pub fn melds_of(&self, seat: usize) -> &[Meld] {
        &self.melds[seat][..usize::from(self.meld_counts[seat])]
    }
    /// Every tile this seat can see outside its own concealed hand: all discards that were not
    /// claimed (a claimed tile is counted in its meld) and all melds (its own included).
    pub fn visible(&self) -> Counts {
        let mut v = [0u8; TILE_KINDS];
        for d in self.discard_list() {
            if d.claimed_by == NO_SEAT {
                v[usize::from(crate::tile::code_kind(d.tile))] += 1;
            }
        }
        for s in 0..SEATS {
            for m in self.melds_of(s) {
                m.add_tiles(&mut v);
            }
        }
        v
    }
    /// Whether the table waits for this seat (never for the spectator).
    pub fn is_pending(&self) -> bool {
        usize::from(self.seat) < SEATS && self.pending & (1 << self.seat) != 0
    }
}

/// How a hand ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum End {
    /// A win on a discard (or on a robbed kong).
    Discard,
    /// A self-drawn win.
    SelfDraw,
    /// The live wall ran out.
    ExhaustiveDraw,
    /// An abortive draw (riichi), for this reason.
    AbortiveDraw(AbortReason),
}

impl End {
    /// The end's code: 0 a win on a discard, 1 a self-drawn win, 2 an exhaustive draw, 3 an
    /// abortive draw (`MJ_END_*`).
    pub const fn code(self) -> u8 {
        match self {
            End::Discard => 0,
            End::SelfDraw => 1,
            End::ExhaustiveDraw => 2,
            End::AbortiveDraw(_) => 3,
        }
    }
}

/// Why a hand was aborted (riichi's abortive draws).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AbortReason {
    /// Nine different terminals and honours in a seat's first draw (kyuushu kyuuhai).
    NineTerminals,
    /// The same wind discarded by every seat in the first go-around (suufon renda).
    FourWinds,
    /// Every seat in riichi (suucha riichi).
    FourRiichi,
    /// A fourth kong, declared by more than one seat (suukaikan).
    FourKongs,
    /// Three seats winning on one discard (sanchahou).
    TripleRon,
}

/// The outcome of a finished hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandResult {
    /// How the hand ended.
    pub end: End,
    /// Bit s set: seat s won.
    pub winners: u8,
    /// The seat that dealt in (discarded or added the robbed kong tile), or [`NO_SEAT`].
    pub discarder: u8,
    /// The winning tile, or [`NO_TILE`].
    pub tile: u8,
    /// Whether the win robbed an added kong.
    pub robbed_kong: bool,
    /// Points won (positive) or paid (negative) by each seat in this hand.
    pub points: [i64; SEATS],
    /// Bit s set: seat s was ready (shanten 0) and did not win when the hand ended.
    pub tenpai: u8,
    /// Under [`Scoring::Tai`], each winner's tai: the patterns that counted, the totals and
    /// its payments; `None` for the other seats and under [`Scoring::Thesis`].
    pub tai: [Option<crate::tai::TaiScore>; SEATS],
    /// Under riichi, each winner's score as [`crate::riichi::score`] gave it (yaku, han, fu,
    /// limit, payments); `None` for the other seats and the other variants.
    pub riichi: [Option<crate::riichi::Score>; SEATS],
}
