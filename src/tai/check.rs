//! The checks of [`super::score`]'s facts: every refusal of `docs/tai.md`, "Refusals".

use super::*;

/// The number of concealed tiles in `counts`.
pub(super) fn tile_total(f: &WinFacts) -> u32 {
    f.counts.iter().map(|&c| u32::from(c)).sum()
}

/// Whether the facts are a flower win, or a self-draw by a winner holding all eight flowers
/// (which [`super::score`] reads as 八仙過海 when the tiles do not win).
pub(super) fn flower_like(f: &WinFacts) -> bool {
    let eight = f.flowers().len() == FLOWERS;
    f.how().is_flower_win() || (f.how() == WinHow::SelfDrawn && eight)
}

/// Whether the hand's tiles are read: not for 七搶一, and not for a flower win whose count is
/// short or whose winning tile is not in the hand.
pub(super) fn reads_tiles(f: &WinFacts) -> bool {
    let complete = tile_total(f) == 17 - 3 * u32::from(f.meld_count);
    let tile_in = usize::from(f.win_tile) < TILE_KINDS && f.counts[usize::from(f.win_tile)] > 0;
    match f.how() {
        WinHow::SevenRobOne => false,
        WinHow::EightFlowers => complete && tile_in,
        WinHow::SelfDrawn if flower_like(f) => complete,
        _ => true,
    }
}

/// Checks every fact; returns the counts of concealed tiles and melds together.
pub(super) fn validate(f: &WinFacts) -> Result<Counts, Error> {
    let Some(how) = WinHow::from_u8(f.how) else {
        return Err(Error::InvalidArgument);
    };
    let other = how.from_other();
    if usize::from(f.meld_count) > MAX_MELDS
        || usize::from(f.flower_count) > FLOWERS
        || f.winner > 3
        || f.dealer > 3
        || f.prevalent_wind > 3
        || (f.seat_wind > 3 && f.seat_wind != SEAT_WIND_FROM_DEALER)
        || (other && f.from > 3)
    {
        return Err(Error::InvalidArgument);
    }
    let mut seen = 0u8;
    for &n in f.flowers() {
        if !(1..=8).contains(&n) || seen >> (n - 1) & 1 != 0 {
            return Err(Error::InvalidArgument);
        }
        seen |= 1 << (n - 1);
    }
    let flower_like = flower_like(f);
    let reads = reads_tiles(f);
    if reads && usize::from(f.win_tile) >= TILE_KINDS {
        return Err(Error::InvalidArgument);
    }
    let mut all = f.counts;
    for m in f.melds() {
        let t = usize::from(m.tile);
        if t >= TILE_KINDS {
            return Err(Error::IllegalMeld);
        }
        let Some(kind) = m.try_kind() else {
            return Err(Error::IllegalMeld);
        };
        if (kind == MeldKind::ConcealedKong) != (m.claimed == 0) || m.claimed > 3 {
            return Err(Error::IllegalMeld);
        }
        match kind {
            MeldKind::Chow => {
                if t >= 27 || t % 9 > 6 {
                    return Err(Error::IllegalMeld);
                }
                for c in &mut all[t..t + 3] {
                    *c = c.saturating_add(1);
                }
            }
            MeldKind::Pung => all[t] = all[t].saturating_add(3),
            _ => all[t] = all[t].saturating_add(4),
        }
    }
    if let Some(k) = all.iter().position(|&c| c > 4) {
        return Err(Error::TooManyCopies { kind: k as u8 });
    }
    let total = tile_total(f);
    let need = 17 - 3 * u32::from(f.meld_count);
    if total != need && !(flower_like && total + 1 == need) {
        return Err(Error::BadTileTotal { total });
    }
    if reads && f.counts[usize::from(f.win_tile)] == 0 {
        return Err(Error::InvalidArgument);
    }
    if f.flags & !FLAGS_ALL != 0 {
        return Err(Error::InvalidFlags);
    }
    let claimed = f.melds().iter().any(Meld::is_claimed);
    let exposed_kong = f.melds().iter().any(|m| m.kind() == MeldKind::Kong);
    let robbing = how == WinHow::RobbingKong;
    let flower_win = how.is_flower_win();
    let dealer = f.winner == f.dealer;
    let has = |flag| f.has(flag);
    let first = has(FLAG_FIRST_TURN);
    let eight = seen == 0xFF;
    let seven = seen.count_ones() == 7;
    // Each line is one contradiction of the docs' list.
    let contradictions = [
        other && f.from == f.winner,
        has(FLAG_REPLACEMENT) && other,
        has(FLAG_AFTER_EXPOSED_KONG) && !(has(FLAG_REPLACEMENT) && exposed_kong),
        has(FLAG_LAST_TILE) && (robbing || flower_win),
        first && (has(FLAG_LAST_TILE) || robbing || claimed),
        first && has(FLAG_READY_FROM_FIRST_DISCARD),
        first && dealer && (other || has(FLAG_READY_FROM_DEAL)),
        has(FLAG_READY_FROM_FIRST_DISCARD) && claimed,
        has(FLAG_READY_FROM_DEAL) && claimed,
        has(FLAG_FIRST_GO_AROUND) && (how != WinHow::Discard || claimed || has(FLAG_LAST_TILE)),
        robbing && all[usize::from(f.win_tile)] > 1,
        how == WinHow::EightFlowers && !eight,
        how == WinHow::SevenRobOne && !(seven || eight),
    ];
    if contradictions.iter().any(|&b| b) {
        return Err(Error::InvalidFlags);
    }
    Ok(all)
}
