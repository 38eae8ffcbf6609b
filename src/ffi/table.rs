//! The table engine and the bots in the C ABI: `MjTable` (opaque), `MjView`, `MjAction`,
//! `MjHandResult`, `mj_table_*`, `mj_legal_actions` and `mj_ai_decide`.

use super::{MJ_TILE_KINDS, MjStatus, guard, out_mut};
use crate::ai::{BotConfig, BotKind};
use crate::table::{
    self, Action, ActionKind, ClaimWindow, DiscardEntry, End, HandResult, KanDora, MAX_ACTIONS,
    MAX_DISCARDS, MAX_MELDS, Meld, MeldKind, MultiWin, NO_SEAT, NO_TILE, Offer, PassLock, Phase,
    Reader, RiichiTableRules, RiichiView, Rules, SEATS, Scoring, Table, Variant, View,
};
use std::sync::Mutex;

/// Seats at a table.
pub const MJ_SEATS: usize = 4;
/// Meld slots of a seat in an `MjView` (five sets in 16-tile mahjong).
pub const MJ_MAX_MELDS: usize = 5;
/// Meld slots of an `MjView`: seat `s`'s melds are at `s * MJ_MAX_MELDS + i`.
pub const MJ_MELD_SLOTS: usize = 20;
/// Discard slots of an `MjView` (a hand never discards more).
pub const MJ_MAX_DISCARDS: usize = 144;
/// Capacity that always suffices for `mj_table_legal_actions` and `mj_legal_actions`.
pub const MJ_MAX_ACTIONS: usize = 48;
/// "No tile" in tile fields.
pub const MJ_NO_TILE: u8 = 255;
/// "No seat" in seat fields.
pub const MJ_NO_SEAT: u8 = 255;

/// Variant: Taiwanese 16-tile mahjong (144 tiles with 8 flowers, five sets and a pair).
pub const MJ_VARIANT_TAIWAN16: u8 = 0;
/// Variant: 13-tile mahjong (136 tiles, no flowers, four sets and a pair).
pub const MJ_VARIANT_THIRTEEN: u8 = 1;
/// Variant: riichi (Japanese) mahjong, four seats: 136 tiles with 0, 3 or 4 red fives, the
/// riichi rules in `MjRules::riichi` (the Tenhou-like preset by default).
pub const MJ_VARIANT_RIICHI: u8 = 2;
/// Preset of `mj_rules_preset`: riichi under the Tenhou-like rules (the same as
/// `MJ_VARIANT_RIICHI`). A preset's low byte is its variant.
pub const MJ_PRESET_RIICHI_TENHOU: u32 = 2;
/// Preset of `mj_rules_preset`: riichi under the Mahjong Soul-like rules.
pub const MJ_PRESET_RIICHI_MAHJONG_SOUL: u32 = 0x102;
/// Kan dora timing: the indicator is turned at once, before the replacement draw.
pub const MJ_KAN_DORA_IMMEDIATE: u8 = 0;
/// Kan dora timing: the indicator is turned after the kong's seat discards.
pub const MJ_KAN_DORA_AFTER_DISCARD: u8 = 1;
/// Riichi state of a seat (`MjRiichiView::riichi`): not in riichi.
pub const MJ_RIICHI_STATE_NONE: u8 = 0;
/// Riichi state: declared; the riichi discard is the seat's next action.
pub const MJ_RIICHI_STATE_DECLARED: u8 = 1;
/// Riichi state: the riichi discard was made; the stick is placed when it passes.
pub const MJ_RIICHI_STATE_DISCARDED: u8 = 2;
/// Riichi state: in riichi, the stick on the table.
pub const MJ_RIICHI_STATE_ACCEPTED: u8 = 3;
/// Furiten bit (`MjRiichiView::furiten`): a wait is among the seat's own discards.
pub const MJ_FURITEN_DISCARDS: u8 = 1;
/// Furiten bit: the seat let a winning tile pass since its last discard.
pub const MJ_FURITEN_TEMPORARY: u8 = 2;
/// Furiten bit: the seat let a winning tile pass in riichi (for the rest of the hand).
pub const MJ_FURITEN_RIICHI: u8 = 4;
/// Most dora indicators of a riichi hand (the first and four kan dora).
pub const MJ_RIICHI_INDICATORS: usize = 5;
/// Several seats winning on one discard: only the first after the discarder wins.
pub const MJ_MULTI_WIN_HEAD_BUMP: u8 = 0;
/// Several seats winning on one discard: all win.
pub const MJ_MULTI_WIN_ALL: u8 = 1;
/// Points: the thesis' scheme (discard win +1/-1; self-drawn win +3 and -1 from each other).
pub const MJ_SCORING_THESIS: u8 = 0;
/// Points: Taiwanese tai (台) under the values and switches in `MjRules::tai` (16-tile tables
/// only).
pub const MJ_SCORING_TAI: u8 = 1;
/// Claim window: every seat but the one whose tile is offered answers each discard (and each
/// tile added to a pung, when it may be robbed), whether or not it can claim (the default): the
/// table waits for the same seats every time, so neither a view nor the table's pace tells a
/// seat who could have claimed.
pub const MJ_CLAIM_WINDOW_EVERY_SEAT: u8 = 0;
/// Claim window: only the seats that can claim answer; when none can, play goes on at once
/// (fewer decisions; every seat sees whether somebody could claim).
pub const MJ_CLAIM_WINDOW_CLAIMANTS: u8 = 1;

/// Phase: the actor holds 3n+2 tiles and must discard, kong or win.
pub const MJ_PHASE_TURN: u8 = 0;
/// Phase: the pending seats may claim the offered tile.
pub const MJ_PHASE_CLAIM: u8 = 1;
/// Phase: the hand is over.
pub const MJ_PHASE_OVER: u8 = 2;
/// Offer: a discard.
pub const MJ_OFFER_DISCARD: u8 = 0;
/// Offer: a tile added to a pung (it may only be won on: robbing the kong).
pub const MJ_OFFER_ADDED_KONG: u8 = 1;
/// Offer: a flower just set aside by the actor (`offered`: its code 34..41): 八仙過海 for the
/// actor holding all eight, 七搶一 for the seat holding the other seven (tai rules only).
pub const MJ_OFFER_FLOWER: u8 = 2;
/// Offer: a concealed kong (`offered`: its tile): only thirteen orphans may win on it (riichi,
/// where the rules' `kokushi_robs_concealed_kong` allows it).
pub const MJ_OFFER_CONCEALED_KONG: u8 = 3;

/// Action: pass (tile `MJ_NO_TILE`).
pub const MJ_ACTION_PASS: u8 = 0;
/// Action: discard `tile`.
pub const MJ_ACTION_DISCARD: u8 = 1;
/// Action: chow the offered tile into the run whose lowest tile is `tile`.
pub const MJ_ACTION_CHOW: u8 = 2;
/// Action: pung the offered `tile`.
pub const MJ_ACTION_PUNG: u8 = 3;
/// Action: kong the offered `tile`.
pub const MJ_ACTION_EXPOSED_KONG: u8 = 4;
/// Action: add `tile` to a declared pung.
pub const MJ_ACTION_ADDED_KONG: u8 = 5;
/// Action: declare four concealed `tile`s.
pub const MJ_ACTION_CONCEALED_KONG: u8 = 6;
/// Action: win on `tile` (the offered tile, or the tile just drawn).
pub const MJ_ACTION_WIN: u8 = 7;
/// Action: 八仙過海, win holding all eight flowers (`tile`: the flower just set aside, 34..41).
pub const MJ_ACTION_EIGHT_FLOWERS: u8 = 8;
/// Action: 七搶一, take the eighth flower another seat set aside (`tile`: its code 34..41) and
/// win.
pub const MJ_ACTION_ROB_FLOWER: u8 = 9;
/// Action: declare riichi (`tile` `MJ_NO_TILE`); the seat then discards a tile that leaves it
/// ready. Riichi tables only.
pub const MJ_ACTION_RIICHI: u8 = 10;
/// Action: nine terminals and honours in the first draw: abort the hand (`tile`
/// `MJ_NO_TILE`). Riichi tables only.
pub const MJ_ACTION_NINE_TERMINALS: u8 = 11;

/// Meld: chow (`tile` = lowest tile, `claimed` = the tile taken).
pub const MJ_MELD_CHOW: u8 = 0;
/// Meld: pung from a discard.
pub const MJ_MELD_PUNG: u8 = 1;
/// Meld: kong from a discard.
pub const MJ_MELD_EXPOSED_KONG: u8 = 2;
/// Meld: a pung completed to a kong from the hand.
pub const MJ_MELD_ADDED_KONG: u8 = 3;
/// Meld: concealed kong (`tile` is `MJ_NO_TILE` in other seats' views).
pub const MJ_MELD_CONCEALED_KONG: u8 = 4;

/// Hand end: a win on a discard (or a robbed kong).
pub const MJ_END_DISCARD: u8 = 0;
/// Hand end: a self-drawn win.
pub const MJ_END_SELF_DRAW: u8 = 1;
/// Hand end: the live wall ran out.
pub const MJ_END_EXHAUSTIVE_DRAW: u8 = 2;
/// Hand end: an abortive draw (riichi; `MjHandResult::abort_reason` says why).
pub const MJ_END_ABORTIVE_DRAW: u8 = 3;

/// Bot: the thesis bot, weights and safety (`attack_level` 1..99; 99 never folds).
pub const MJ_BOT_THESIS: u8 = 0;
/// Bot: maximises tile acceptance, claims when it lowers the shanten number.
pub const MJ_BOT_GREEDY: u8 = 1;
/// Bot: mjkit's own (exact efficiency with look-ahead, a danger model, push/fold), at
/// `MjBotConfig.level`.
pub const MJ_BOT_MJKIT: u8 = 2;
/// The highest `MjBotConfig.level` (the full bot); levels run from 1 (easy) to it.
pub const MJ_MAX_LEVEL: u8 = 5;

/// The rules of a table. Start from `mj_rules_default()`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjRules {
    /// `MJ_VARIANT_TAIWAN16` or `MJ_VARIANT_THIRTEEN`.
    pub variant: u8,
    /// Tiles left in the wall at the exhaustive draw (0..60; 16 by default, the thesis uses 14).
    pub dead_wall: u8,
    /// `MJ_MULTI_WIN_HEAD_BUMP` or `MJ_MULTI_WIN_ALL`.
    pub multi_win: u8,
    /// 1: a seat may win on a tile added to a pung (robbing the kong); 0: not.
    pub rob_kong: u8,
    /// `MJ_SCORING_THESIS` or `MJ_SCORING_TAI` (16-tile tables only).
    pub scoring: u8,
    /// The tai values and switches, read under `MJ_SCORING_TAI` and checked as `mj_tai_score`
    /// checks its rules (a switch other than 0 or 1 or a nonzero `values[0]` is refused).
    /// `mj_rules_default()` and `mj_rules_preset()` fill it with the ATAWMJ preset
    /// (`mj_tai_rules_default()`); start from `mj_tai_rules_preset()` for the common game's.
    /// Under `MJ_SCORING_THESIS` it is neither read nor checked, and the rules read back from a
    /// table (`MjView::rules`) hold the ATAWMJ preset there.
    pub tai: crate::tai::TaiRules,
    /// 過水, `MJ_PASS_LOCK_*`: `MJ_PASS_LOCK_UNTIL_DRAW` (the default) locks a tile kind whose
    /// win on another seat's tile a seat passed, until its next draw; `MJ_PASS_LOCK_UNTIL_DISCARD`
    /// locks any passed win, its own draw included, until its next discard;
    /// `MJ_PASS_LOCK_OFF` no lock. Riichi tables: `MJ_PASS_LOCK_OFF` (riichi has its own
    /// furiten).
    pub pass_lock: u8,
    /// `MJ_CLAIM_WINDOW_EVERY_SEAT` (the default) or `MJ_CLAIM_WINDOW_CLAIMANTS`: which seats
    /// answer a claim window. A flower offer asks the seats that can take it in either case.
    pub claim_window: u8,
    /// The riichi rules, read under `MJ_VARIANT_RIICHI` only (then `scoring` must be
    /// `MJ_SCORING_THESIS`, `pass_lock` `MJ_PASS_LOCK_OFF` and `dead_wall` 14); the other variants ignore it, and
    /// rules read back from such a table hold the Tenhou-like preset here.
    pub riichi: MjRiichiTableRules,
}

/// The rules of a riichi table (`MjRules::riichi`): the scorer's switches and the table's and
/// the match's. Start from `mj_rules_preset(MJ_PRESET_RIICHI_TENHOU, ...)` or
/// `MJ_PRESET_RIICHI_MAHJONG_SOUL`; every 0/1 field above 1 is refused.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjRiichiTableRules {
    /// The score first place needs to end the match at its last hand (30,000; below it the
    /// extension round is played; 0: none).
    pub target: i32,
    /// The score final points are counted from (30,000 Tenhou: the oka goes to first place;
    /// 25,000 Mahjong Soul).
    pub return_score: i32,
    /// Uma by rank, first to fourth, in points.
    pub uma: [i32; MJ_SEATS],
    /// The scorer's switches (`mj_riichi_score`); `three_player` must be 0.
    pub scoring: crate::riichi::Rules,
    /// Red fives in the wall: 0, 3 (one of each suit) or 4 (two of dots).
    pub red_fives: u8,
    /// 1: kuikae forbidden (after a chi or pon the claimed kind, and for a chi claimed at an
    /// end the kind beyond the other end, may not be discarded).
    pub kuikae: u8,
    /// `MJ_KAN_DORA_*` of a concealed kong.
    pub kan_dora_concealed: u8,
    /// `MJ_KAN_DORA_*` of an exposed kong.
    pub kan_dora_exposed: u8,
    /// `MJ_KAN_DORA_*` of an added kong.
    pub kan_dora_added: u8,
    /// 1: thirteen orphans may rob a concealed kong.
    pub kokushi_robs_concealed_kong: u8,
    /// 1: three wins on one discard abort the hand; 0: all three win.
    pub triple_ron_draw: u8,
    /// 1: nine terminals and honours may abort the hand (`MJ_ACTION_NINE_TERMINALS`).
    pub nine_terminals: u8,
    /// 1: four seats discarding the same wind in the first go-around abort the hand.
    pub four_winds: u8,
    /// 1: a fourth riichi aborts the hand once its stick is placed.
    pub four_riichi: u8,
    /// 1: a fourth kong by more than one seat aborts the hand when the next discard passes.
    pub four_kongs: u8,
    /// 1: renhou (a non-dealer's win on a discard before its first draw, no call before) is a
    /// yaku.
    pub renhou: u8,
    /// 1: nagashi mangan at the exhaustive draw.
    pub nagashi: u8,
    /// 1: pao: the seat that fed the last pung of big three dragons or big four winds is
    /// liable.
    pub pao: u8,
    /// 1: the liable seat pays only the yakuman it is liable for (Mahjong Soul); 0: the whole
    /// hand on a self-draw, half on a discard (Tenhou).
    pub pao_liability_only: u8,
    /// 1: the dealer's 14th tile counts as drawn for its first discard (Tenhou); 0: that discard
    /// is always from the hand (Mahjong Soul).
    pub dealer_first_discard_drawn: u8,
    /// 1: a score below 0 ends the match.
    pub bust: u8,
    /// 1: below `target` at the last hand, the next wind round is played until a seat reaches
    /// it (at most one round).
    pub extension: u8,
    /// 1: agari-yame: a dealer who wins the last hand as first place with at least `target`
    /// ends the match.
    pub agari_yame: u8,
    /// 1: tenpai-yame: the same for a dealer ready at the last hand's exhaustive draw.
    pub tenpai_yame: u8,
    /// 1: riichi sticks left when the match ends go to first place.
    pub sticks_to_first: u8,
}

/// What the riichi rules let a seat know (`MjView::riichi`; all zero but `riichi_discard` 255
/// and `indicators` `MJ_NO_TILE` at a table of another variant).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjRiichiView {
    /// Kinds this seat may not discard now (kuikae), bit k = kind k.
    pub kuikae: u64,
    /// Honba of this hand.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub sticks: u32,
    /// `MJ_RIICHI_STATE_*` of every seat.
    pub riichi: [u8; MJ_SEATS],
    /// Position in the view's discards of every seat's riichi discard, or 255.
    pub riichi_discard: [u8; MJ_SEATS],
    /// Dora indicators turned (codes), the first `indicator_count` used.
    pub indicators: [u8; MJ_RIICHI_INDICATORS],
    /// Dora indicators turned (1..5).
    pub indicator_count: u8,
    /// Bit s: seat s is in double riichi.
    pub double_riichi: u8,
    /// Bit s: seat s may still win with ippatsu.
    pub ippatsu: u8,
    /// This seat's `MJ_FURITEN_*` bits.
    pub furiten: u8,
    /// 1: this seat's drawn tile is a replacement draw (a win on it is rinshan kaihou).
    pub replacement: u8,
}

/// 過水 off: a seat may win on any tile it passed.
pub const MJ_PASS_LOCK_OFF: u8 = 0;
/// 過水 until the seat's draw (the Taiwanese presets): a seat that passes a win on a discard or
/// a robbed kong (by a pass or another claim) may not win on that kind, on a discard or a
/// robbed kong, until its next draw; a self-drawn win is never locked.
pub const MJ_PASS_LOCK_UNTIL_DRAW: u8 = 1;
/// The strict 過水: a seat that passes any win (by a pass, another claim, a kong or a discard)
/// may not win on that kind, on a discard, a robbed kong or its own draw, until its next discard.
pub const MJ_PASS_LOCK_UNTIL_DISCARD: u8 = 2;

/// One decision: `kind` is an `MJ_ACTION_*` value, `tile` the tile it concerns, `aux` the red
/// fives it takes from the hand.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjAction {
    /// `MJ_ACTION_*`.
    pub kind: u8,
    /// The tile: a kind 0..33 (a discard or added kong of a red five: its code 42..44; a
    /// flower action: 34..41), or `MJ_NO_TILE` for a pass, riichi and nine terminals.
    pub tile: u8,
    /// Red fives the action takes from the hand (a chi, pon or kan with or without a red five
    /// are two actions); 0 otherwise.
    pub aux: u8,
}

/// What one reader can see: a seat its own tiles and options and everything public, the
/// spectator (`seat` `MJ_NO_SEAT`) everything public only. Arrays are fixed-size: melds of seat
/// `s` are at `s * MJ_MAX_MELDS + i` for `i < meld_counts[s]`; discards at
/// `0 .. discard_count`. The padding is zero.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjView {
    /// 過水: the tile kinds this seat may not win on now (bit k = kind k), having passed a win on
    /// them since its last draw (`MJ_PASS_LOCK_UNTIL_DRAW`) or discard
    /// (`MJ_PASS_LOCK_UNTIL_DISCARD`); 0 when the rules' `pass_lock` is `MJ_PASS_LOCK_OFF`.
    pub pass_locked: u64,
    /// Points of every seat since the table was created.
    pub scores: [i64; MJ_SEATS],
    /// Index of the hand within the table's game.
    pub hand_index: u32,
    /// Number of discards so far.
    pub discard_count: u16,
    /// Draws left before the exhaustive draw (flowers still in the wall included).
    pub wall_left: u16,
    /// The dealer's consecutive deals before this hand (連莊; 0 on a dealer's first hand; 65535
    /// for 65535 or more).
    pub consecutive: u16,
    /// The table's rules.
    pub rules: MjRules,
    /// Under riichi: riichi of every seat, dora indicators, honba, sticks, own furiten and
    /// kuikae.
    pub riichi: MjRiichiView,
    /// This seat's facts for a win now that the rest of the view does not show (`MJ_FLAG_*`
    /// bits): `MJ_FLAG_REPLACEMENT`, with `MJ_FLAG_AFTER_EXPOSED_KONG` after an exposed kong, when
    /// its turn's tile was drawn from the back; `MJ_FLAG_READY_FIRST_DISCARD` and
    /// `MJ_FLAG_READY_FROM_DEAL` while it keeps that readiness. The tai of a win, and whether
    /// it reaches the minimum tai (起胡), depend on them. Always 0 at a riichi
    /// table (its facts of a win are in `riichi`).
    pub win_flags: u32,
    /// Seats at the table (4).
    pub seats: u8,
    /// The seat this view belongs to (0..3), or `MJ_NO_SEAT` for the spectator's view.
    pub seat: u8,
    /// The dealer's seat.
    pub dealer: u8,
    /// Prevalent wind 0..3 (East..North).
    pub prevalent_wind: u8,
    /// The match's first dealer (with `dealer` and `prevalent_wind` it names the round:
    /// `mj_round_name`).
    pub first_dealer: u8,
    /// `MJ_PHASE_*`.
    pub phase: u8,
    /// Turn: the seat to act; claim: the seat whose tile is offered; over: `MJ_NO_SEAT`.
    pub actor: u8,
    /// This seat's own bit, set while the table waits for its decision; never another seat's
    /// (who else may claim is that seat's secret); 0 for the spectator. The table waits for
    /// somebody whenever `phase` is not `MJ_PHASE_OVER`.
    pub pending: u8,
    /// Own turn after a draw: the tile drawn; else `MJ_NO_TILE` (also after a chow or pung).
    pub drawn: u8,
    /// Claim phase: the tile offered; else `MJ_NO_TILE`.
    pub offered: u8,
    /// `MJ_OFFER_*` in the claim phase; `MJ_OFFER_DISCARD` in the others.
    pub offer: u8,
    /// This seat's concealed tiles by kind (`MJ_TILE_KINDS` counts); zero for the spectator.
    pub hand: [u8; MJ_TILE_KINDS],
    /// Red fives among them, by suit (characters, dots, bamboo).
    pub red: [u8; 3],
    /// Declared melds of every seat.
    pub meld_counts: [u8; MJ_SEATS],
    /// Flowers set aside by every seat: bit f = flower f (0..7).
    pub flowers: [u8; MJ_SEATS],
    /// Concealed tiles of every seat.
    pub concealed_counts: [u8; MJ_SEATS],
    /// Meld kinds (`MJ_MELD_*`), by slot.
    pub meld_kind: [u8; MJ_MELD_SLOTS],
    /// Meld tiles: lowest tile of a chow, tile of a pung or kong; `MJ_HIDDEN_TILE` for another
    /// seat's concealed kong.
    pub meld_tile: [u8; MJ_MELD_SLOTS],
    /// The tile taken from a discard (`MJ_NO_TILE` for a concealed kong).
    pub meld_claimed: [u8; MJ_MELD_SLOTS],
    /// The seat the claimed tile came from (`MJ_NO_SEAT` for a concealed kong).
    pub meld_from: [u8; MJ_MELD_SLOTS],
    /// Red fives in each meld.
    pub meld_red: [u8; MJ_MELD_SLOTS],
    /// Discarded tiles, in order (codes: a red five is 42..44).
    pub discard_tile: [u8; MJ_MAX_DISCARDS],
    /// Who discarded each.
    pub discard_seat: [u8; MJ_MAX_DISCARDS],
    /// Who claimed each (`MJ_NO_SEAT` if nobody).
    pub discard_claimed_by: [u8; MJ_MAX_DISCARDS],
    /// 1 if the tile was discarded straight after being drawn, else 0.
    pub discard_drawn: [u8; MJ_MAX_DISCARDS],
}

/// The outcome of a finished hand.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjHandResult {
    /// Points won (positive) or paid (negative) by each seat in this hand.
    pub points: [i64; MJ_SEATS],
    /// Under `MJ_SCORING_TAI`: each winner's total tai (the dealer's tai included: the tai of
    /// the payments the dealer takes part in); 0 for the other seats and under
    /// `MJ_SCORING_THESIS`. The breakdown is in the `Tai` events of the log.
    pub tai: [u32; MJ_SEATS],
    /// Under riichi: each winner's han (yakuman 13 each); 0 for the other seats. The yaku are
    /// in the `Yaku` events of the log.
    pub han: [u32; MJ_SEATS],
    /// Under riichi: each winner's fu; 0 for the other seats.
    pub fu: [u32; MJ_SEATS],
    /// `MJ_END_*`.
    pub end: u8,
    /// Bit s set: seat s won.
    pub winners: u8,
    /// The seat that dealt in, or `MJ_NO_SEAT`.
    pub discarder: u8,
    /// The winning tile, or `MJ_NO_TILE`.
    pub tile: u8,
    /// 1 when the win robbed an added kong.
    pub robbed_kong: u8,
    /// Bit s set: seat s was ready (shanten 0) and did not win.
    pub tenpai: u8,
    /// `MJ_END_ABORTIVE_DRAW`: why (`MJ_REASON_NINE_TERMINALS` ... `MJ_REASON_TRIPLE_RON`);
    /// else `MJ_REASON_NONE`.
    pub abort_reason: u8,
}

/// Which bot decides, and how. Start from `mj_bot_config_default()`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjBotConfig {
    /// `MJ_BOT_MJKIT` breaks ties between equal discards by this value and seeds a level's
    /// lapses (any value; decisions are a pure function of view and config). Ignored by the
    /// other bots.
    pub tie_break: u64,
    /// `MJ_BOT_THESIS`, `MJ_BOT_GREEDY` or `MJ_BOT_MJKIT`.
    pub kind: u8,
    /// The thesis bot's AttackLevel (1..99; 99 never folds). Ignored by the other bots.
    pub attack_level: u8,
    /// `MJ_BOT_MJKIT`'s level: 1 (easy) to `MJ_MAX_LEVEL` (5, the full bot, the default of
    /// `mj_bot_config_default()`). Lower levels keep a human player's habits and lapses
    /// (docs/table.md, "Levels"). Ignored by the other bots.
    pub level: u8,
}

/// A table: the deal, the wall and every seat's tiles. Create with `mj_table_new`, release
/// with `mj_table_free`. Calls on one table are serialised by a lock, so a table may be shared
/// between threads. A table on which a call panicked (`MJ_STATUS_PANIC`, a bug) is poisoned:
/// every later call on it but `mj_table_free` answers `MJ_STATUS_PANIC` and changes nothing.
pub struct MjTable {
    pub(crate) inner: Mutex<Live>,
}

mod convert;
pub(crate) use convert::*;
mod live;
pub(crate) use live::*;

// ---- functions ----

/// Taiwanese 16-tile rules as played: 144 tiles with flowers, 16 tiles left at the exhaustive
/// draw, head bump, robbing the kong allowed, tai under the ATAWMJ preset (`tai` =
/// `mj_tai_rules_default()`), 過水 until the seat's draw (`MJ_PASS_LOCK_UNTIL_DRAW`). The
/// thesis experiments' table: `scoring = MJ_SCORING_THESIS`, `pass_lock = 0`, `dead_wall = 14`.
#[unsafe(no_mangle)]
pub extern "C" fn mj_rules_default() -> MjRules {
    rules_from_core(&Rules::taiwan16())
}

/// The thesis bot with AttackLevel 99 (never folds), tie-break value 0, level
/// `MJ_MAX_LEVEL` (for when `kind` is set to `MJ_BOT_MJKIT`).
#[unsafe(no_mangle)]
pub extern "C" fn mj_bot_config_default() -> MjBotConfig {
    MjBotConfig {
        tie_break: 0,
        kind: MJ_BOT_THESIS,
        attack_level: 99,
        level: MJ_MAX_LEVEL,
    }
}

/// Creates a table with `rules` and `seed` and deals hand 0 (seat 0 deals, East round).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`rules` or `out_table`), `MJ_STATUS_INVALID_ARGUMENT` (an unknown
/// enum value, `rob_kong` above 1, `pass_lock` above 2, a dead wall above 60 tiles, `MJ_SCORING_TAI`
/// on a 13-tile table, or under `MJ_SCORING_TAI` tai rules that `mj_tai_score` refuses: a
/// switch other than 0 or 1, a nonzero `values[0]`). No table is created on error.
///
/// # Safety
/// `rules` is NULL or readable; `out_table` is NULL or writable. Free the table with
/// `mj_table_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_new(
    rules: *const MjRules,
    seed: u64,
    out_table: *mut *mut MjTable,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let rules = unsafe { rules.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_table) }?;
        let t = Table::new(rules_to_core(rules)?, seed)?;
        *out = into_handle(t);
        Ok(())
    })
}

/// Frees a table. NULL is a no-op.
///
/// # Safety
/// `table` is NULL or a handle from `mj_table_new` not freed before; it is invalid afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_free(table: *mut MjTable) {
    if !table.is_null() {
        let _ = super::quiet_catch(|| {
            // SAFETY: per the contract the pointer came from Box::into_raw in mj_table_new.
            drop(unsafe { Box::from_raw(table) });
        });
    }
}

/// Deals hand `hand_index` with `dealer` and `prevalent_wind` (0..3), abandoning any hand in
/// play; scores are kept. Hand `i` of a table with seed `s` is the same on every platform.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_INVALID_ARGUMENT` (a seat or wind above 3).
///
/// # Safety
/// `table` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_deal(
    table: *mut MjTable,
    hand_index: u32,
    dealer: u8,
    prevalent_wind: u8,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        let mut g = lock(t)?;
        g.keep_record();
        g.deal(hand_index, dealer, prevalent_wind)?;
        Ok(())
    })
}

/// Deals hand `hand_index` from `wall` (`len` tile codes: every tile of the variant's set, red
/// fives as 42..44 and flowers as 34..41, in the order the table uses them; docs/backend.md
/// "Walls" gives the order and riichi's dead wall) with `dealer` and `prevalent_wind`, as
/// `mj_table_deal` does from the seed. The wall is logged for the observer, so the table's
/// record and snapshot replay on it.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`table`, or `wall` with `len` above 0),
/// `MJ_STATUS_INVALID_ARGUMENT` (a seat or wind out of range; a wall of the wrong length, with
/// an unknown code, or holding a tile more or less often than the set). Nothing changes on
/// error.
///
/// # Safety
/// `table` is NULL or a live handle; `wall` is NULL or readable for `len` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_deal_wall(
    table: *mut MjTable,
    hand_index: u32,
    dealer: u8,
    prevalent_wind: u8,
    wall: *const u8,
    len: usize,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        let w = if len == 0 {
            &[][..]
        } else if wall.is_null() {
            return Err(MjStatus::NullPointer);
        } else {
            // SAFETY: non-NULL and readable for `len` bytes per the contract.
            unsafe { std::slice::from_raw_parts(wall, len) }
        };
        let mut g = lock(t)?;
        // Validated before the record keeps anything: nothing changes on error.
        g.check_wall(w)?;
        if dealer >= g.seats() as u8 || prevalent_wind > 3 {
            return Err(MjStatus::InvalidArgument);
        }
        g.keep_record();
        g.deal_wall(hand_index, dealer, prevalent_wind, w)?;
        Ok(())
    })
}

/// Deals the next hand of the match once the current one is over: the dealer keeps or passes
/// the deal by the match's dealer rule (`MjMatchRules`; a table from `mj_table_new` keeps it
/// after a win or an exhaustive draw), and the prevalent wind advances when the deal returns to
/// the match's first dealer.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_HAND_NOT_OVER`, `MJ_STATUS_MATCH_OVER` (the match's end
/// was reached; see `mj_table_match_result`), `MJ_STATUS_INVALID_ARGUMENT` when the hand over is
/// hand `UINT32_MAX` (hand indices do not wrap; nothing changed).
///
/// # Safety
/// `table` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_next_hand(table: *mut MjTable) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        let mut g = lock(t)?;
        g.keep_record();
        g.next_hand()?;
        Ok(())
    })
}

/// Writes what `reader` can see: a seat 0..3 its own tiles and options (its own pending bit
/// only), every meld (others' concealed kongs face down), the flowers, all discards in order
/// with who claimed them, the wall left and the scores; `MJ_READER_SPECTATOR` the same without
/// any concealed tile or option (`seat` `MJ_NO_SEAT`). The padding is zeroed.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_INVALID_ARGUMENT` (`reader` not a seat 0..3 or
/// `MJ_READER_SPECTATOR`).
///
/// # Safety
/// `table` is NULL or a live handle; `out_view` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_view(
    table: *const MjTable,
    reader: u32,
    out_view: *mut MjView,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_view) }?;
        let reader = Reader::from_code(reader).ok_or(MjStatus::InvalidArgument)?;
        let view = lock(t)?.view_for(reader).ok_or(MjStatus::InvalidArgument)?;
        *out = view_from_core(&view);
        // SAFETY: `out` is a valid, writable `MjView`; the gaps lie inside it.
        unsafe { super::zero_gaps(std::ptr::from_mut(out).cast(), view_gaps()) };
        Ok(())
    })
}

/// Writes the seats whose decision the table waits for (bit s = seat s; 0 once the hand is
/// over) and the phase (`MJ_PHASE_*`; `out_phase` may be NULL). The referee's: a server never
/// sends the mask to a seat (a seat's view shows its own bit only).
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`table` or `out_pending`).
///
/// # Safety
/// `table` is NULL or a live handle; the outputs are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_pending(
    table: *const MjTable,
    out_pending: *mut u8,
    out_phase: *mut u8,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_pending) }?;
        let g = lock(t)?;
        *out = g.pending();
        // SAFETY: caller contract; NULL is allowed.
        if let Some(p) = unsafe { out_phase.as_mut() } {
            *p = match g.phase() {
                Phase::Turn => MJ_PHASE_TURN,
                Phase::Claim => MJ_PHASE_CLAIM,
                Phase::Over => MJ_PHASE_OVER,
            };
        }
        Ok(())
    })
}

/// Writes the legal actions of `seat` now (none unless the table waits for it) into
/// `out_actions[0 .. *out_count]`. `MJ_MAX_ACTIONS` slots always suffice; `out_actions` may be
/// NULL when `capacity` is 0 and there is nothing to write.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_INVALID_ARGUMENT` (seat above 3),
/// `MJ_STATUS_BUFFER_TOO_SMALL` (more actions than `capacity`; nothing written).
///
/// # Safety
/// `table` is NULL or a live handle; `out_actions` is writable for `capacity` actions;
/// `out_count` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_legal_actions(
    table: *const MjTable,
    seat: u8,
    out_actions: *mut MjAction,
    capacity: usize,
    out_count: *mut u32,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        // SAFETY: caller contract.
        let count = unsafe { out_mut(out_count) }?;
        if usize::from(seat) >= SEATS {
            return Err(MjStatus::InvalidArgument);
        }
        let actions = lock(t)?.legal_actions(usize::from(seat));
        write_actions(&actions, out_actions, capacity)?;
        *count = actions.len() as u32;
        Ok(())
    })
}

/// Applies `action` for `seat`. An action that is not one of the seat's legal actions now is
/// refused and changes nothing, so the table can referee a networked game.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_INVALID_ARGUMENT` (seat above 3, unknown action kind,
/// a tile outside the action's range: a flower code 34..41 for `MJ_ACTION_EIGHT_FLOWERS` and
/// `MJ_ACTION_ROB_FLOWER`, else a tile kind 0..33 or `MJ_NO_TILE`), `MJ_STATUS_ILLEGAL_ACTION`.
///
/// # Safety
/// `table` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_apply(
    table: *mut MjTable,
    seat: u8,
    action: MjAction,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        if usize::from(seat) >= SEATS {
            return Err(MjStatus::InvalidArgument);
        }
        let a = action_to_core(&action)?;
        lock(t)?.apply(usize::from(seat), a)?;
        Ok(())
    })
}

/// The bot of a default action: NULL for none.
fn default_bot(bot: *const MjBotConfig) -> Result<Option<BotConfig>, MjStatus> {
    // SAFETY: caller contract of the two functions below: NULL or readable.
    match unsafe { bot.as_ref() } {
        None => Ok(None),
        Some(c) => bot_to_core(c).map(Some),
    }
}

/// Writes the action `mj_table_apply_default` would play for `seat` now (its timer ran out):
/// with `bot` (NULL for none), that bot's choice from the seat's view; without, a pass in a
/// claim window (a discard, a tile added to a pung, a flower offer), else the discard of the
/// tile just drawn, or after a chow or pung (no draw) of the highest tile kind held.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`table`, `out_action`), `MJ_STATUS_INVALID_ARGUMENT` (seat above
/// 3; a bot kind or AttackLevel out of range), `MJ_STATUS_ILLEGAL_ACTION` (the table does not
/// wait for `seat`).
///
/// # Safety
/// `table` is NULL or a live handle; `bot` is NULL or readable; `out_action` is NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_default_action(
    table: *const MjTable,
    seat: u8,
    bot: *const MjBotConfig,
    out_action: *mut MjAction,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_action) }?;
        let bot = default_bot(bot)?;
        let a = lock(t)?.default_action(usize::from(seat), bot.as_ref())?;
        *out = action_from_core(a);
        Ok(())
    })
}

/// Plays the default action for `seat`, whose timer ran out (see `mj_table_default_action`:
/// `bot` NULL for the pass / the drawn tile, or a bot's choice), and writes it to `out_action`
/// (NULL if not wanted). A server runs one timer per pending seat and calls this when it
/// expires; the claim window resolves when its last seat has answered, in time or by default.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER` (`table`), `MJ_STATUS_INVALID_ARGUMENT` (seat above 3; a bot kind
/// or AttackLevel out of range), `MJ_STATUS_ILLEGAL_ACTION` (the table does not wait for
/// `seat`). Nothing changes on error.
///
/// # Safety
/// `table` is NULL or a live handle; `bot` is NULL or readable; `out_action` is NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_apply_default(
    table: *mut MjTable,
    seat: u8,
    bot: *const MjBotConfig,
    out_action: *mut MjAction,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        let bot = default_bot(bot)?;
        let a = lock(t)?.apply_default(usize::from(seat), bot.as_ref())?;
        // SAFETY: caller contract; NULL is allowed.
        if let Some(out) = unsafe { out_action.as_mut() } {
            *out = action_from_core(a);
        }
        Ok(())
    })
}

/// Writes the result of the hand: how it ended, winners, who dealt in, the winning tile, the
/// points of the hand and the ready seats.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_HAND_NOT_OVER`.
///
/// # Safety
/// `table` is NULL or a live handle; `out_result` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_table_result(
    table: *const MjTable,
    out_result: *mut MjHandResult,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_result) }?;
        let r = lock(t)?.result().ok_or(MjStatus::HandNotOver)?;
        *out = result_from_core(&r);
        Ok(())
    })
}

/// Panics while holding the table's lock, poisoning it; returns `MJ_STATUS_PANIC`. Test
/// builds only (feature `test-hooks`): proves that a poisoned table answers `MJ_STATUS_PANIC`.
///
/// # Safety
/// `table` is NULL or a live handle.
#[cfg(feature = "test-hooks")]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_test_panic_table(table: *mut MjTable) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let t = unsafe { table_ref(table) }?;
        let _held = lock(t)?;
        panic!("mj_test_panic_table")
    })
}

/// The legal actions of the view's seat (the same rule the table applies), for a client that
/// only has a view. See `mj_table_legal_actions` for the output.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_INVALID_VIEW`, `MJ_STATUS_TOO_MANY_COPIES` (more than
/// four copies of a kind in sight), `MJ_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `view` is NULL or readable; `out_actions` is writable for `capacity` actions; `out_count`
/// is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_legal_actions(
    view: *const MjView,
    out_actions: *mut MjAction,
    capacity: usize,
    out_count: *mut u32,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let v = unsafe { view.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: caller contract.
        let count = unsafe { out_mut(out_count) }?;
        let actions = table::legal_actions(&view_to_core(v)?);
        write_actions(&actions, out_actions, capacity)?;
        *count = actions.len() as u32;
        Ok(())
    })
}

/// Decides for the view's seat with the configured bot: one of its legal actions. The bot sees
/// the view only. A game's NPC needs one call per decision: `mj_table_view`, `mj_ai_decide`,
/// `mj_table_apply`.
///
/// # Errors
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_INVALID_ARGUMENT` (unknown bot kind, thesis bot
/// AttackLevel outside 1..99, mjkit level outside 1..`MJ_MAX_LEVEL`),
/// `MJ_STATUS_INVALID_VIEW` (an impossible view, or one whose seat has no decision to make),
/// `MJ_STATUS_TOO_MANY_COPIES` (more than four copies in sight).
///
/// # Safety
/// `view` and `config` are NULL or readable; `out_action` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_ai_decide(
    view: *const MjView,
    config: *const MjBotConfig,
    out_action: *mut MjAction,
) -> MjStatus {
    guard(|| {
        // SAFETY: caller contract.
        let v = unsafe { view.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: caller contract.
        let c = unsafe { config.as_ref() }.ok_or(MjStatus::NullPointer)?;
        // SAFETY: caller contract.
        let out = unsafe { out_mut(out_action) }?;
        let cfg = bot_to_core(c)?;
        let view = view_to_core(v)?;
        // view_to_core validated the view; the bot does not check it again.
        let a = crate::ai::decide_validated(&view, &cfg)?;
        *out = action_from_core(a);
        Ok(())
    })
}

#[allow(dead_code)]
const _: () = assert!(MJ_MAX_ACTIONS == MAX_ACTIONS && MJ_MELD_SLOTS == SEATS * MAX_MELDS);

#[cfg(test)]
mod tests;
