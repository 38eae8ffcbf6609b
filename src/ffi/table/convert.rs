//! Conversions between the table's C structs and the core: the only place that maps the C
//! integers to the core's enums.

use super::*;

pub(crate) fn rules_to_core(r: &MjRules) -> Result<Rules, MjStatus> {
    let variant = match r.variant {
        MJ_VARIANT_TAIWAN16 => Variant::Taiwan16,
        MJ_VARIANT_THIRTEEN => Variant::Thirteen,
        MJ_VARIANT_RIICHI => Variant::Riichi,
        _ => return Err(MjStatus::InvalidArgument),
    };
    let multi_win = match r.multi_win {
        MJ_MULTI_WIN_HEAD_BUMP => MultiWin::HeadBump,
        MJ_MULTI_WIN_ALL => MultiWin::All,
        _ => return Err(MjStatus::InvalidArgument),
    };
    let scoring = match r.scoring {
        MJ_SCORING_THESIS => Scoring::Thesis,
        MJ_SCORING_TAI => {
            r.tai.validate()?;
            Scoring::Tai(r.tai)
        }
        _ => return Err(MjStatus::InvalidArgument),
    };
    let claim_window = match r.claim_window {
        MJ_CLAIM_WINDOW_EVERY_SEAT => ClaimWindow::EverySeat,
        MJ_CLAIM_WINDOW_CLAIMANTS => ClaimWindow::Claimants,
        _ => return Err(MjStatus::InvalidArgument),
    };
    if r.rob_kong > 1 {
        return Err(MjStatus::InvalidArgument);
    }
    let pass_lock = match r.pass_lock {
        MJ_PASS_LOCK_OFF => PassLock::Off,
        MJ_PASS_LOCK_UNTIL_DRAW => PassLock::UntilDraw,
        MJ_PASS_LOCK_UNTIL_DISCARD => PassLock::UntilDiscard,
        _ => return Err(MjStatus::InvalidArgument),
    };
    let riichi = if variant == Variant::Riichi {
        riichi_rules_to_core(&r.riichi)?
    } else {
        RiichiTableRules::tenhou()
    };
    let rules = Rules {
        variant,
        dead_wall: r.dead_wall,
        multi_win,
        rob_kong: r.rob_kong == 1,
        scoring,
        pass_lock,
        claim_window,
        riichi,
    };
    rules.validate()?;
    Ok(rules)
}

/// The C image of the riichi rules.
pub(crate) fn riichi_rules_from_core(r: &RiichiTableRules) -> MjRiichiTableRules {
    let kd = |k: KanDora| match k {
        KanDora::Immediate => MJ_KAN_DORA_IMMEDIATE,
        KanDora::AfterDiscard => MJ_KAN_DORA_AFTER_DISCARD,
    };
    MjRiichiTableRules {
        target: r.target,
        return_score: r.return_score,
        uma: r.uma,
        scoring: r.scoring,
        red_fives: r.red_fives,
        kuikae: u8::from(r.kuikae),
        kan_dora_concealed: kd(r.kan_dora_concealed),
        kan_dora_exposed: kd(r.kan_dora_exposed),
        kan_dora_added: kd(r.kan_dora_added),
        kokushi_robs_concealed_kong: u8::from(r.kokushi_robs_concealed_kong),
        triple_ron_draw: u8::from(r.triple_ron_draw),
        nine_terminals: u8::from(r.nine_terminals),
        four_winds: u8::from(r.four_winds),
        four_riichi: u8::from(r.four_riichi),
        four_kongs: u8::from(r.four_kongs),
        renhou: u8::from(r.renhou),
        nagashi: u8::from(r.nagashi),
        pao: u8::from(r.pao),
        pao_liability_only: u8::from(r.pao_liability_only),
        dealer_first_discard_drawn: u8::from(r.dealer_first_discard_drawn),
        bust: u8::from(r.bust),
        extension: u8::from(r.extension),
        agari_yame: u8::from(r.agari_yame),
        tenpai_yame: u8::from(r.tenpai_yame),
        sticks_to_first: u8::from(r.sticks_to_first),
    }
}

/// The core riichi rules of a C image: every switch 0 or 1, the timings known, the scorer's
/// rules valid and four-player, 0, 3 or 4 red fives.
pub(crate) fn riichi_rules_to_core(r: &MjRiichiTableRules) -> Result<RiichiTableRules, MjStatus> {
    let bad = MjStatus::InvalidArgument;
    let b = |v: u8| match v {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(bad),
    };
    let kd = |v: u8| match v {
        MJ_KAN_DORA_IMMEDIATE => Ok(KanDora::Immediate),
        MJ_KAN_DORA_AFTER_DISCARD => Ok(KanDora::AfterDiscard),
        _ => Err(bad),
    };
    let out = RiichiTableRules {
        scoring: r.scoring,
        red_fives: r.red_fives,
        kuikae: b(r.kuikae)?,
        kan_dora_concealed: kd(r.kan_dora_concealed)?,
        kan_dora_exposed: kd(r.kan_dora_exposed)?,
        kan_dora_added: kd(r.kan_dora_added)?,
        kokushi_robs_concealed_kong: b(r.kokushi_robs_concealed_kong)?,
        triple_ron_draw: b(r.triple_ron_draw)?,
        nine_terminals: b(r.nine_terminals)?,
        four_winds: b(r.four_winds)?,
        four_riichi: b(r.four_riichi)?,
        four_kongs: b(r.four_kongs)?,
        renhou: b(r.renhou)?,
        nagashi: b(r.nagashi)?,
        pao: b(r.pao)?,
        pao_liability_only: b(r.pao_liability_only)?,
        dealer_first_discard_drawn: b(r.dealer_first_discard_drawn)?,
        bust: b(r.bust)?,
        target: r.target,
        extension: b(r.extension)?,
        agari_yame: b(r.agari_yame)?,
        tenpai_yame: b(r.tenpai_yame)?,
        sticks_to_first: b(r.sticks_to_first)?,
        return_score: r.return_score,
        uma: r.uma,
    };
    if !out.is_valid() {
        return Err(bad);
    }
    Ok(out)
}

pub(crate) fn rules_from_core(r: &Rules) -> MjRules {
    MjRules {
        variant: match r.variant {
            Variant::Taiwan16 => MJ_VARIANT_TAIWAN16,
            Variant::Thirteen => MJ_VARIANT_THIRTEEN,
            Variant::Riichi => MJ_VARIANT_RIICHI,
        },
        dead_wall: r.dead_wall,
        multi_win: match r.multi_win {
            MultiWin::HeadBump => MJ_MULTI_WIN_HEAD_BUMP,
            MultiWin::All => MJ_MULTI_WIN_ALL,
        },
        rob_kong: u8::from(r.rob_kong),
        scoring: match r.scoring {
            Scoring::Thesis => MJ_SCORING_THESIS,
            Scoring::Tai(_) => MJ_SCORING_TAI,
        },
        tai: match &r.scoring {
            Scoring::Thesis => crate::tai::TaiRules::atawmj(),
            Scoring::Tai(t) => *t,
        },
        pass_lock: match r.pass_lock {
            PassLock::Off => MJ_PASS_LOCK_OFF,
            PassLock::UntilDraw => MJ_PASS_LOCK_UNTIL_DRAW,
            PassLock::UntilDiscard => MJ_PASS_LOCK_UNTIL_DISCARD,
        },
        claim_window: match r.claim_window {
            ClaimWindow::EverySeat => MJ_CLAIM_WINDOW_EVERY_SEAT,
            ClaimWindow::Claimants => MJ_CLAIM_WINDOW_CLAIMANTS,
        },
        riichi: riichi_rules_from_core(&r.riichi),
    }
}

pub(crate) fn action_kind_code(k: ActionKind) -> u8 {
    match k {
        ActionKind::Pass => MJ_ACTION_PASS,
        ActionKind::Discard => MJ_ACTION_DISCARD,
        ActionKind::Chow => MJ_ACTION_CHOW,
        ActionKind::Pung => MJ_ACTION_PUNG,
        ActionKind::ExposedKong => MJ_ACTION_EXPOSED_KONG,
        ActionKind::AddedKong => MJ_ACTION_ADDED_KONG,
        ActionKind::ConcealedKong => MJ_ACTION_CONCEALED_KONG,
        ActionKind::Win => MJ_ACTION_WIN,
        ActionKind::EightFlowers => MJ_ACTION_EIGHT_FLOWERS,
        ActionKind::RobFlower => MJ_ACTION_ROB_FLOWER,
        ActionKind::Riichi => MJ_ACTION_RIICHI,
        ActionKind::NineTerminals => MJ_ACTION_NINE_TERMINALS,
    }
}

pub(crate) fn action_from_core(a: Action) -> MjAction {
    MjAction {
        kind: action_kind_code(a.kind),
        tile: a.tile,
        aux: a.aux,
    }
}

pub(crate) fn action_to_core(a: &MjAction) -> Result<Action, MjStatus> {
    let kind = match a.kind {
        MJ_ACTION_PASS => ActionKind::Pass,
        MJ_ACTION_DISCARD => ActionKind::Discard,
        MJ_ACTION_CHOW => ActionKind::Chow,
        MJ_ACTION_PUNG => ActionKind::Pung,
        MJ_ACTION_EXPOSED_KONG => ActionKind::ExposedKong,
        MJ_ACTION_ADDED_KONG => ActionKind::AddedKong,
        MJ_ACTION_CONCEALED_KONG => ActionKind::ConcealedKong,
        MJ_ACTION_WIN => ActionKind::Win,
        MJ_ACTION_EIGHT_FLOWERS => ActionKind::EightFlowers,
        MJ_ACTION_ROB_FLOWER => ActionKind::RobFlower,
        MJ_ACTION_RIICHI => ActionKind::Riichi,
        MJ_ACTION_NINE_TERMINALS => ActionKind::NineTerminals,
        _ => return Err(MjStatus::InvalidArgument),
    };
    let flower = matches!(kind, ActionKind::EightFlowers | ActionKind::RobFlower);
    let tile_ok = if flower {
        (MJ_TILE_KINDS..MJ_TILE_KINDS + 8).contains(&usize::from(a.tile))
    } else {
        a.tile == NO_TILE || crate::table::check::is_tile_code(a.tile)
    };
    if !tile_ok || a.aux > 4 {
        return Err(MjStatus::InvalidArgument);
    }
    Ok(Action::with_aux(kind, a.tile, a.aux))
}

pub(crate) fn meld_kind_code(k: MeldKind) -> u8 {
    match k {
        MeldKind::Chow => MJ_MELD_CHOW,
        MeldKind::Pung => MJ_MELD_PUNG,
        MeldKind::ExposedKong => MJ_MELD_EXPOSED_KONG,
        MeldKind::AddedKong => MJ_MELD_ADDED_KONG,
        MeldKind::ConcealedKong => MJ_MELD_CONCEALED_KONG,
    }
}

/// The C image of a riichi view block.
pub(crate) fn riichi_view_from_core(r: &RiichiView) -> MjRiichiView {
    MjRiichiView {
        kuikae: r.kuikae,
        honba: r.honba,
        sticks: r.sticks,
        riichi: r.riichi,
        riichi_discard: r.riichi_discard,
        indicators: r.indicators,
        indicator_count: r.indicator_count,
        double_riichi: r.double_riichi,
        ippatsu: r.ippatsu,
        furiten: r.furiten,
        replacement: r.replacement,
    }
}

/// The core riichi view block of a C image (ranges are checked by the view's validation).
pub(crate) fn riichi_view_to_core(r: &MjRiichiView) -> RiichiView {
    RiichiView {
        riichi: r.riichi,
        riichi_discard: r.riichi_discard,
        double_riichi: r.double_riichi,
        ippatsu: r.ippatsu,
        indicators: r.indicators,
        indicator_count: r.indicator_count,
        furiten: r.furiten,
        kuikae: r.kuikae,
        replacement: r.replacement,
        honba: r.honba,
        sticks: r.sticks,
    }
}

/// A field of `S` with its type: its size.
pub(crate) fn size_of_field<S, T>(_: fn(&S) -> &T) -> usize {
    std::mem::size_of::<T>()
}

/// The bytes of an `MjRules` at offset `at` that its fields cover, as (offset, length).
pub(crate) fn rules_spans(at: usize, out: &mut Vec<(usize, usize)>) {
    macro_rules! spans {
        ($($f:ident),*) => {
            $( out.push((at + std::mem::offset_of!(MjRules, $f), size_of_field(|r: &MjRules| &r.$f))); )*
        };
    }
    spans!(
        variant,
        dead_wall,
        multi_win,
        rob_kong,
        scoring,
        pass_lock,
        claim_window
    );
    super::super::tai::rules_spans(at + std::mem::offset_of!(MjRules, tai), out);
    let r = at + std::mem::offset_of!(MjRules, riichi);
    macro_rules! riichi_spans {
        ($($f:ident),*) => {
            $( out.push((r + std::mem::offset_of!(MjRiichiTableRules, $f), size_of_field(|x: &MjRiichiTableRules| &x.$f))); )*
        };
    }
    riichi_spans!(
        target,
        return_score,
        uma,
        scoring,
        red_fives,
        kuikae,
        kan_dora_concealed,
        kan_dora_exposed,
        kan_dora_added,
        kokushi_robs_concealed_kong,
        triple_ron_draw,
        nine_terminals,
        four_winds,
        four_riichi,
        four_kongs,
        renhou,
        nagashi,
        pao,
        pao_liability_only,
        dealer_first_discard_drawn,
        bust,
        extension,
        agari_yame,
        tenpai_yame,
        sticks_to_first
    );
}

/// The padding bytes of `MjRules` (see `super::zero_gaps`).
pub(crate) fn rules_gaps() -> &'static [(usize, usize)] {
    static GAPS: std::sync::OnceLock<Vec<(usize, usize)>> = std::sync::OnceLock::new();
    GAPS.get_or_init(|| {
        let mut spans = Vec::new();
        rules_spans(0, &mut spans);
        super::super::gaps(std::mem::size_of::<MjRules>(), &spans)
    })
}

/// The padding bytes of `MjView` (see `super::zero_gaps`).
pub(crate) fn view_gaps() -> &'static [(usize, usize)] {
    static GAPS: std::sync::OnceLock<Vec<(usize, usize)>> = std::sync::OnceLock::new();
    GAPS.get_or_init(|| {
        let mut spans = Vec::new();
        macro_rules! spans {
            ($($f:ident),*) => {
                $( spans.push((std::mem::offset_of!(MjView, $f), size_of_field(|v: &MjView| &v.$f))); )*
            };
        }
        spans!(
            pass_locked, scores, hand_index, discard_count, wall_left, consecutive, win_flags,
            seats, seat, dealer, prevalent_wind, first_dealer, phase, actor, pending, drawn,
            offered, offer, hand, red, meld_counts, flowers, concealed_counts, meld_kind,
            meld_tile, meld_claimed, meld_from, meld_red, discard_tile, discard_seat,
            discard_claimed_by, discard_drawn
        );
        rules_spans(std::mem::offset_of!(MjView, rules), &mut spans);
        let r = std::mem::offset_of!(MjView, riichi);
        macro_rules! riichi_spans {
            ($($f:ident),*) => {
                $( spans.push((r + std::mem::offset_of!(MjRiichiView, $f), size_of_field(|x: &MjRiichiView| &x.$f))); )*
            };
        }
        riichi_spans!(
            kuikae, honba, sticks, riichi, riichi_discard, indicators, indicator_count,
            double_riichi, ippatsu, furiten, replacement
        );
        super::super::gaps(std::mem::size_of::<MjView>(), &spans)
    })
}

/// The C view of a core view.
pub(crate) fn view_from_core(v: &View) -> MjView {
    let mut out = MjView {
        scores: v.scores,
        hand_index: v.hand_index,
        discard_count: v.discard_count,
        wall_left: v.wall_left,
        consecutive: u16::try_from(v.consecutive).unwrap_or(u16::MAX),
        pass_locked: v.pass_locked,
        win_flags: v.win_flags,
        rules: rules_from_core(&v.rules),
        riichi: riichi_view_from_core(&v.riichi),
        seats: v.seats,
        seat: v.seat,
        dealer: v.dealer,
        prevalent_wind: v.prevalent_wind,
        first_dealer: v.first_dealer,
        phase: match v.phase {
            Phase::Turn => MJ_PHASE_TURN,
            Phase::Claim => MJ_PHASE_CLAIM,
            Phase::Over => MJ_PHASE_OVER,
        },
        actor: v.actor,
        pending: v.pending,
        drawn: v.drawn,
        offered: v.offered,
        offer: match v.offer {
            Offer::Discard => MJ_OFFER_DISCARD,
            Offer::AddedKong => MJ_OFFER_ADDED_KONG,
            Offer::Flower => MJ_OFFER_FLOWER,
            Offer::ConcealedKong => MJ_OFFER_CONCEALED_KONG,
        },
        hand: v.hand,
        red: v.red,
        meld_counts: v.meld_counts,
        flowers: v.flowers,
        concealed_counts: v.concealed_counts,
        meld_kind: [0; MJ_MELD_SLOTS],
        meld_tile: [NO_TILE; MJ_MELD_SLOTS],
        meld_claimed: [NO_TILE; MJ_MELD_SLOTS],
        meld_from: [NO_SEAT; MJ_MELD_SLOTS],
        meld_red: [0; MJ_MELD_SLOTS],
        discard_tile: [NO_TILE; MJ_MAX_DISCARDS],
        discard_seat: [NO_SEAT; MJ_MAX_DISCARDS],
        discard_claimed_by: [NO_SEAT; MJ_MAX_DISCARDS],
        discard_drawn: [0; MJ_MAX_DISCARDS],
    };
    for s in 0..SEATS {
        for (i, m) in v.melds_of(s).iter().enumerate() {
            let slot = s * MAX_MELDS + i;
            out.meld_kind[slot] = meld_kind_code(m.kind);
            out.meld_tile[slot] = m.tile;
            out.meld_claimed[slot] = m.claimed;
            out.meld_from[slot] = m.from;
            out.meld_red[slot] = m.red;
        }
    }
    for (i, d) in v.discard_list().iter().enumerate() {
        out.discard_tile[i] = d.tile;
        out.discard_seat[i] = d.seat;
        out.discard_claimed_by[i] = d.claimed_by;
        out.discard_drawn[i] = u8::from(d.drawn_and_discarded);
    }
    out
}

/// The core view of a C view: enum codes and array bounds are checked here, everything else
/// by `View::validate`.
pub(crate) fn view_to_core(v: &MjView) -> Result<View, MjStatus> {
    let bad = MjStatus::InvalidView;
    let rules = rules_to_core(&v.rules).map_err(|_| bad)?;
    let phase = match v.phase {
        MJ_PHASE_TURN => Phase::Turn,
        MJ_PHASE_CLAIM => Phase::Claim,
        MJ_PHASE_OVER => Phase::Over,
        _ => return Err(bad),
    };
    let offer = match v.offer {
        MJ_OFFER_DISCARD => Offer::Discard,
        MJ_OFFER_ADDED_KONG => Offer::AddedKong,
        MJ_OFFER_FLOWER => Offer::Flower,
        MJ_OFFER_CONCEALED_KONG => Offer::ConcealedKong,
        _ => return Err(bad),
    };
    if usize::from(v.discard_count) > MAX_DISCARDS
        || v.meld_counts.iter().any(|&n| usize::from(n) > MAX_MELDS)
    {
        return Err(bad);
    }
    let mut melds = [[Meld::EMPTY; MAX_MELDS]; SEATS];
    for (s, seat_melds) in melds.iter_mut().enumerate() {
        for (i, meld) in seat_melds
            .iter_mut()
            .enumerate()
            .take(usize::from(v.meld_counts[s]))
        {
            let slot = s * MAX_MELDS + i;
            let kind = match v.meld_kind[slot] {
                MJ_MELD_CHOW => MeldKind::Chow,
                MJ_MELD_PUNG => MeldKind::Pung,
                MJ_MELD_EXPOSED_KONG => MeldKind::ExposedKong,
                MJ_MELD_ADDED_KONG => MeldKind::AddedKong,
                MJ_MELD_CONCEALED_KONG => MeldKind::ConcealedKong,
                _ => return Err(bad),
            };
            *meld = Meld {
                kind,
                tile: v.meld_tile[slot],
                claimed: v.meld_claimed[slot],
                from: v.meld_from[slot],
                red: v.meld_red[slot],
            };
        }
    }
    let mut discards = [DiscardEntry::EMPTY; MAX_DISCARDS];
    for (i, d) in discards
        .iter_mut()
        .enumerate()
        .take(usize::from(v.discard_count))
    {
        if v.discard_drawn[i] > 1 {
            return Err(bad);
        }
        *d = DiscardEntry {
            tile: v.discard_tile[i],
            seat: v.discard_seat[i],
            claimed_by: v.discard_claimed_by[i],
            drawn_and_discarded: v.discard_drawn[i] == 1,
        };
    }
    let view = View {
        rules,
        seats: v.seats,
        seat: v.seat,
        dealer: v.dealer,
        prevalent_wind: v.prevalent_wind,
        first_dealer: v.first_dealer,
        hand_index: v.hand_index,
        phase,
        actor: v.actor,
        pending: v.pending,
        hand: v.hand,
        red: v.red,
        drawn: v.drawn,
        offered: v.offered,
        offer,
        melds,
        meld_counts: v.meld_counts,
        flowers: v.flowers,
        concealed_counts: v.concealed_counts,
        discards,
        discard_count: v.discard_count,
        wall_left: v.wall_left,
        scores: v.scores,
        consecutive: u32::from(v.consecutive),
        pass_locked: v.pass_locked,
        win_flags: v.win_flags,
        riichi: riichi_view_to_core(&v.riichi),
    };
    // Validation fails with `TooManyCopies` or `InvalidView`, the statuses of the same name.
    view.validate()?;
    Ok(view)
}

pub(crate) fn result_from_core(r: &HandResult) -> MjHandResult {
    use crate::table::event::{REASONS, Reason, code_of};
    MjHandResult {
        points: r.points,
        tai: r.tai.map(|t| t.map_or(0, |sc| sc.total)),
        han: r.riichi.map(|t| t.map_or(0, |sc| sc.han as u32)),
        fu: r.riichi.map(|t| t.map_or(0, |sc| sc.fu as u32)),
        abort_reason: match r.end {
            End::AbortiveDraw(a) => code_of(&REASONS, &Reason::of_abort(a)),
            _ => code_of(&REASONS, &Reason::None),
        },
        end: match r.end {
            End::Discard => MJ_END_DISCARD,
            End::SelfDraw => MJ_END_SELF_DRAW,
            End::ExhaustiveDraw => MJ_END_EXHAUSTIVE_DRAW,
            End::AbortiveDraw(_) => MJ_END_ABORTIVE_DRAW,
        },
        winners: r.winners,
        discarder: r.discarder,
        tile: r.tile,
        robbed_kong: u8::from(r.robbed_kong),
        tenpai: r.tenpai,
    }
}

pub(crate) fn bot_to_core(c: &MjBotConfig) -> Result<BotConfig, MjStatus> {
    let kind = match c.kind {
        MJ_BOT_THESIS => BotKind::Thesis,
        MJ_BOT_GREEDY => BotKind::Greedy,
        MJ_BOT_MJKIT => BotKind::Mjkit,
        _ => return Err(MjStatus::InvalidArgument),
    };
    if c.kind == MJ_BOT_THESIS && !(1..=99).contains(&c.attack_level) {
        return Err(MjStatus::InvalidArgument);
    }
    if c.kind == MJ_BOT_MJKIT && !(1..=MJ_MAX_LEVEL).contains(&c.level) {
        return Err(MjStatus::InvalidArgument);
    }
    Ok(BotConfig {
        kind,
        attack_level: c.attack_level,
        tie_break: c.tie_break,
        value_blind: false,
        level: c.level,
    })
}

pub(crate) fn write_actions(
    actions: &table::Actions,
    out: *mut MjAction,
    capacity: usize,
) -> Result<(), MjStatus> {
    if actions.len() > capacity {
        return Err(MjStatus::BufferTooSmall);
    }
    if actions.is_empty() {
        return Ok(());
    }
    if out.is_null() {
        return Err(MjStatus::NullPointer);
    }
    for (i, a) in actions.as_slice().iter().enumerate() {
        // SAFETY: the caller guarantees `out` is writable for `capacity` actions and
        // `i < actions.len() <= capacity`.
        unsafe { out.add(i).write(action_from_core(*a)) };
    }
    Ok(())
}

/// Borrows the table behind a handle.
///
/// # Safety
/// `t` is NULL or a live handle from `mj_table_new`.
pub(crate) unsafe fn table_ref<'a>(t: *const MjTable) -> Result<&'a MjTable, MjStatus> {
    // SAFETY: per the contract.
    unsafe { t.as_ref() }.ok_or(MjStatus::NullPointer)
}

/// Locks the table. A call that panicked while holding the lock may have left the table
/// half-changed, so a poisoned table stays poisoned: every later call but `mj_table_free`
/// answers `MJ_STATUS_PANIC`.
pub(crate) fn lock(t: &MjTable) -> Result<std::sync::MutexGuard<'_, super::Live>, MjStatus> {
    t.inner.lock().map_err(|_| MjStatus::Panic)
}
