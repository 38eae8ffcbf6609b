//! The wall of a hand rebuilt from a whole-game MJAI log, in the order the riichi table uses
//! it (docs/backend.md, "Walls"): `w[0..52]` dealt four at a time seat by seat from the dealer,
//! three rounds, then one each; `w[52]` the dealer's 14th tile; live draws from `w[53]` on;
//! replacement draws `w[135]`, `w[134]`, ...; dora indicator `k` at `w[131 - 2k]`, its ura
//! indicator at `w[130 - 2k]`.
//!
//! Every tile the log shows goes to its place; the tiles the log never shows (the live wall
//! left when the hand ended, replacement tiles never drawn, indicators never turned, the ura
//! indicators of a hand no riichi seat won) are the rest of the tile set, in ascending code
//! order. They cannot matter: the referee reads a wall position only to deal, draw or turn an
//! indicator, each of which is an event the replay compares with the log, and ura indicators
//! count only for a winner in riichi, whose `hora` must list them.

use super::Event;
use super::replay::ReplayError;

/// Tiles in a riichi wall.
pub(crate) const WALL: usize = 136;
const EMPTY: u8 = u8::MAX;

fn fail(line: usize, why: &str) -> ReplayError {
    ReplayError {
        line,
        why: why.to_string(),
    }
}

/// The tile codes of the riichi set with `red_fives` red fives, counted by code.
fn tile_set(red_fives: u8) -> [u8; 45] {
    let mut left = [0u8; 45];
    left[..34].fill(4);
    if red_fives >= 3 {
        for (five, red) in [(4, 42), (13, 43), (22, 44)] {
            left[five] -= 1;
            left[red] += 1;
        }
    }
    if red_fives == 4 {
        left[13] -= 1;
        left[43] += 1;
    }
    left
}

struct Builder {
    wall: [u8; WALL],
    left: [u8; 45],
}

impl Builder {
    fn place(&mut self, pos: usize, pai: super::Pai, line: usize) -> Result<(), ReplayError> {
        if pai.is_unknown() {
            return Err(fail(
                line,
                "a masked tile (?): only a whole-game log, every tile shown, can be replayed",
            ));
        }
        let code = usize::from(pai.code());
        if self.left[code] == 0 {
            return Err(fail(
                line,
                if pai.is_red() {
                    "more red fives than the rules' wall holds"
                } else {
                    "more copies of a tile than the wall holds"
                },
            ));
        }
        self.left[code] -= 1;
        self.wall[pos] = code as u8;
        Ok(())
    }
}

/// The wall of one hand: `hand` holds its events from `start_kyoku` up to the next hand's
/// `start_kyoku` or `end_game` (exclusive), `first_line` is the log line of `hand[0]`.
pub(crate) fn hand_wall(
    hand: &[Event],
    first_line: usize,
    red_fives: u8,
) -> Result<[u8; WALL], ReplayError> {
    let Some(Event::StartKyoku {
        oya,
        dora_marker,
        tehais,
        ..
    }) = hand.first()
    else {
        return Err(fail(first_line, "a hand must start with start_kyoku"));
    };
    let mut b = Builder {
        wall: [EMPTY; WALL],
        left: tile_set(red_fives),
    };
    // The deal: three rounds of four tiles, seat by seat from the dealer, then one each.
    for i in 0..4 {
        let seat = (usize::from(*oya) + i) % 4;
        let positions = (0..3)
            .flat_map(|r| (0..4).map(move |j| r * 16 + i * 4 + j))
            .chain(std::iter::once(48 + i));
        for (pos, &p) in positions.zip(&tehais[seat]) {
            b.place(pos, p, first_line)?;
        }
    }
    b.place(131, *dora_marker, first_line)?;
    let (mut draws, mut live, mut rinshan, mut doras) = (0usize, 0usize, 0usize, 1usize);
    let mut kan_owed = false;
    let mut riichi = 0u8;
    let mut ura_placed = false;
    for (k, e) in hand.iter().enumerate().skip(1) {
        let line = first_line + k;
        match e {
            Event::Tsumo { pai, .. } => {
                let pos = if draws == 0 {
                    52
                } else if kan_owed {
                    if rinshan == 4 {
                        return Err(fail(line, "a fifth replacement draw"));
                    }
                    rinshan += 1;
                    WALL - rinshan
                } else {
                    live += 1;
                    if 52 + live >= 122 - rinshan {
                        return Err(fail(line, "a draw past the end of the live wall"));
                    }
                    52 + live
                };
                draws += 1;
                kan_owed = false;
                b.place(pos, *pai, line)?;
            }
            Event::Ankan { .. } | Event::Daiminkan { .. } | Event::Kakan { .. } => kan_owed = true,
            Event::Dora { dora_marker } => {
                if doras == 5 {
                    return Err(fail(line, "more than five dora indicators"));
                }
                b.place(131 - 2 * doras, *dora_marker, line)?;
                doras += 1;
            }
            Event::Reach { actor } => riichi |= 1 << actor,
            Event::Hora {
                actor, ura_markers, ..
            } => match ura_markers {
                None if riichi >> actor & 1 != 0 => {
                    return Err(fail(
                        line,
                        "a win in riichi without ura_markers: its ura indicators decide its score",
                    ));
                }
                Some(ura) if !ura.is_empty() => {
                    if ura_placed {
                        let same = ura
                            .iter()
                            .enumerate()
                            .all(|(i, p)| i < 5 && b.wall[130 - 2 * i] == p.code());
                        if !same {
                            return Err(fail(line, "ura indicators that differ between wins"));
                        }
                    } else {
                        for (i, &p) in ura.iter().enumerate() {
                            b.place(130 - 2 * i, p, line)?;
                        }
                        ura_placed = true;
                    }
                }
                _ => {}
            },
            _ => {}
        }
    }
    // The tiles the log never shows, in ascending code order.
    let mut rest =
        (0..45u8).flat_map(|c| std::iter::repeat_n(c, usize::from(b.left[usize::from(c)])));
    for w in b.wall.iter_mut().filter(|w| **w == EMPTY) {
        *w = rest.next().unwrap_or(EMPTY);
    }
    Ok(b.wall)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_set_counts_every_tile_of_the_rules() {
        for (reds, red_5p) in [(0u8, 0u8), (3, 1), (4, 2)] {
            let set = tile_set(reds);
            assert_eq!(set.iter().map(|&c| usize::from(c)).sum::<usize>(), WALL);
            assert_eq!(set[43], red_5p);
            assert_eq!(set[13] + set[43], 4);
        }
    }
}
