//! Seeded generator of riichi hands (constructed winning hands with random conditions, rules,
//! dora and table state, plus deliberately impossible inputs) and the JSON-lines bridge to the
//! Python oracle `tests/oracle/riichi_oracle.py` (PyPI `mahjong` 2.1.0). Shared by
//! tests/riichi_diff.rs and benches/riichi.rs.
#![allow(dead_code)]

use mjkit::Error;
use mjkit::ffi as f;
use mjkit::riichi::{self as r, KazoeLimit, MeldKind, RiichiHand, RiichiMeld, Rules, Score};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[path = "../support/mod.rs"]
pub mod support;
pub use support::Rng;

/// What mjkit must do with a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// Agree with the oracle (a score, or both refusing as not winning / no yaku).
    Agree,
    /// Refuse with exactly this error (an impossible input made on purpose).
    Refuse(Error),
}

#[derive(Debug, Clone, Copy)]
pub struct Case {
    pub hand: RiichiHand,
    pub rules: Rules,
    pub expect: Expect,
    pub family: &'static str,
}

fn random_rules(rng: &mut Rng) -> Rules {
    let mut b = |p: usize| rng.chance(p);
    let mut rules = Rules {
        open_tanyao: u8::from(b(50)),
        aka_dora: u8::from(b(50)),
        double_yakuman: u8::from(b(70)),
        kazoe: r::KAZOE_YAKUMAN,
        kiriage: u8::from(b(30)),
        fu_for_open_pinfu: u8::from(b(70)),
        fu_for_pinfu_tsumo: u8::from(b(20)),
        renhou_as_yakuman: u8::from(b(40)),
        daisharin: u8::from(b(40)),
        daisharin_other_suits: u8::from(b(30)),
        daichisei: u8::from(b(40)),
        sashikomi: u8::from(b(40)),
        sextuple_limit: u8::from(b(70)),
        paarenchan_needs_yaku: u8::from(b(60)),
        three_player: u8::from(b(15)),
    };
    rules.set_kazoe_limit(match rng.below(3) {
        0 => KazoeLimit::Yakuman,
        1 => KazoeLimit::Sanbaiman,
        _ => KazoeLimit::NoLimit,
    });
    rules
}

/// A themed pool of tile kinds.
fn pool(rng: &mut Rng, three: bool) -> Vec<usize> {
    let s = rng.below(3);
    let all: Vec<usize> = (0..34).collect();
    let suited = |f: &dyn Fn(usize) -> bool| (0..27).filter(|&t| f(t % 9 + 1)).collect::<Vec<_>>();
    let p: Vec<usize> = match rng.below(20) {
        0..=6 => all,
        7 => (s * 9..s * 9 + 9).collect(),
        8 => (s * 9..s * 9 + 9).chain(27..34).collect(),
        9 => (27..34).collect(),
        10 => vec![0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33],
        11 => vec![0, 8, 9, 17, 18, 26],
        12 => suited(&|n| (2..=8).contains(&n)),
        13 => vec![19, 20, 21, 23, 25, 32],
        14 => vec![31, 32, 33, 27, 28, 29, 30, 4, 13, 22],
        15 => (0..27)
            .filter(|&t| t % 9 < 3 || t % 9 > 5)
            .chain(27..34)
            .collect(),
        16 => vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20, 31],
        17 => (27..31)
            .chain([s * 9, s * 9 + 1, s * 9 + 2, s * 9 + 4])
            .collect(),
        _ => (0..27).filter(|&t| t / 9 != s).collect(),
    };
    let p: Vec<usize> = if three {
        p.into_iter().filter(|&k| !(1..=7).contains(&k)).collect()
    } else {
        p
    };
    if p.len() < 3 { (9..34).collect() } else { p }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Set {
    Chi(usize),
    Pon(usize),
}

/// 4 sets + a pair from `pool` within the 4-copies limit, or None.
fn build_regular(
    rng: &mut Rng,
    pool: &[usize],
    chi_pct: usize,
) -> Option<([Set; 4], usize, [u8; 34])> {
    let mut c = [0u8; 34];
    let pair = rng.pick(pool);
    c[pair] += 2;
    let mut sets = [Set::Pon(0); 4];
    for s in sets.iter_mut() {
        let mut ok = false;
        for _ in 0..20 {
            let t = rng.pick(pool);
            if t < 27 && rng.chance(chi_pct) {
                let start = t
                    .saturating_sub(rng.below(3))
                    .max(t / 9 * 9)
                    .min(t / 9 * 9 + 6);
                if (start..start + 3).all(|k| pool.contains(&k) && c[k] < 4) {
                    (start..start + 3).for_each(|k| c[k] += 1);
                    *s = Set::Chi(start);
                    ok = true;
                    break;
                }
            } else if c[t] <= 1 {
                c[t] += 3;
                *s = Set::Pon(t);
                ok = true;
                break;
            }
        }
        if !ok {
            return None;
        }
    }
    Some((sets, pair, c))
}

fn sum(c: &[u8; 34]) -> usize {
    c.iter().map(|&x| usize::from(x)).sum()
}

/// The tile kinds visible in hand + melds + indicators + kita.
fn seen(h: &RiichiHand) -> [u8; 34] {
    let mut s = h.counts;
    for m in h.melds() {
        match m.kind() {
            MeldKind::Chi => (0..3).for_each(|i| s[usize::from(m.tile) + i] += 1),
            _ => s[usize::from(m.tile)] += m.size(),
        }
    }
    for &k in h.dora[..usize::from(h.dora_count)]
        .iter()
        .chain(&h.ura[..usize::from(h.ura_count)])
    {
        s[usize::from(k)] += 1;
    }
    s[30] += h.kita;
    s
}

fn all_tiles(h: &RiichiHand) -> [u8; 34] {
    let mut s = h.counts;
    for m in h.melds() {
        match m.kind() {
            MeldKind::Chi => (0..3).for_each(|i| s[usize::from(m.tile) + i] += 1),
            _ => s[usize::from(m.tile)] += m.size(),
        }
    }
    s
}

/// The tile shape of a case: concealed counts (with the winning tile) and melds.
fn shape(rng: &mut Rng, rules: &Rules) -> Option<(RiichiHand, &'static str)> {
    let three = rules.three_player();
    let suits: &[usize] = if three { &[1, 2] } else { &[0, 1, 2] };
    let fam = rng.below(100);
    let mut counts = [0u8; 34];
    let mut melds: Vec<RiichiMeld> = Vec::new();
    let family: &'static str;
    if fam < 9 {
        family = "seven pairs";
        let p = pool(rng, three);
        let honours_only = rng.chance(10);
        let kinds: Vec<usize> = if honours_only { (27..34).collect() } else { p };
        if kinds.len() < 7 {
            return None;
        }
        let mut n = 0;
        for _ in 0..60 {
            let k = rng.pick(&kinds);
            if counts[k] == 0 {
                counts[k] = 2;
                n += 1;
                if n == 7 {
                    break;
                }
            }
        }
        if n < 7 {
            return None;
        }
    } else if fam < 12 {
        family = "thirteen orphans";
        for k in [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33] {
            counts[k] = 1;
        }
        counts[rng.pick(&[0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])] += 1;
    } else if fam < 14 {
        family = "nine gates";
        let s = rng.pick(suits) * 9;
        for (i, n) in [3, 1, 1, 1, 1, 1, 1, 1, 3].iter().enumerate() {
            counts[s + i] = *n;
        }
        counts[s + rng.below(9)] += 1;
    } else if fam < 17 {
        family = "daisharin";
        let s = rng.pick(suits) * 9;
        for i in 1..8 {
            counts[s + i] = 2;
        }
        if rng.chance(30) && !three {
            // 234 declared as a chi: the open daisharin shape.
            counts[s + 1] -= 1;
            counts[s + 2] -= 1;
            counts[s + 3] -= 1;
            melds.push(RiichiMeld::chi((s + 1) as u8, 1 + rng.below(3) as u8));
        }
    } else {
        let p = pool(rng, three);
        let chi_pct = [0, 20, 50, 80][rng.below(4)];
        let (sets, pair, _) = build_regular(rng, &p, chi_pct)?;
        family = if fam < 60 {
            "regular"
        } else {
            "regular with melds"
        };
        counts[pair] += 2;
        let meld_pct = if fam < 60 { 10 } else { 55 };
        for s in sets {
            let declare = rng.chance(meld_pct);
            match s {
                Set::Chi(t) => {
                    if declare && !three {
                        melds.push(RiichiMeld::chi(t as u8, 1 + rng.below(3) as u8));
                    } else {
                        (t..t + 3).for_each(|k| counts[k] += 1);
                    }
                }
                Set::Pon(t) => {
                    if declare || rng.chance(8) {
                        let from = 1 + rng.below(3) as u8;
                        let m = match rng.below(5) {
                            0 | 1 => RiichiMeld::pon(t as u8, from),
                            2 => RiichiMeld::open_kan(t as u8, from),
                            3 => RiichiMeld::added_kan(t as u8, from),
                            _ => RiichiMeld::closed_kan(t as u8),
                        };
                        melds.push(m);
                    } else {
                        counts[t] += 3;
                    }
                }
            }
        }
    }
    let mut h = RiichiHand::new(counts, 0);
    for m in melds {
        h = h.with_meld(m);
    }
    if all_tiles(&h).iter().any(|&c| c > 4) || sum(&h.counts) != 14 - 3 * usize::from(h.meld_count)
    {
        return None;
    }
    if three && all_tiles(&h)[1..8].iter().any(|&c| c > 0) {
        return None;
    }
    let held: Vec<usize> = (0..34).filter(|&k| h.counts[k] > 0).collect();
    h.win_tile = rng.pick(&held) as u8;
    Some((h, family))
}

fn conditions(rng: &mut Rng, h: &mut RiichiHand) {
    let open = h.melds().iter().any(|m| m.kind().is_open());
    let any_kan = h.melds().iter().any(|m| m.kind().is_kan());
    let mut c = 0;
    let tsumo = rng.chance(50);
    if tsumo {
        c |= r::TSUMO;
    }
    if !open && rng.chance(45) {
        c |= if rng.chance(20) {
            r::DOUBLE_RIICHI
        } else {
            r::RIICHI
        };
        if rng.chance(15) {
            c |= r::RIICHI | r::DOUBLE_RIICHI;
        }
        if rng.chance(15) {
            c |= r::OPEN_RIICHI;
        }
        if rng.chance(30) {
            c |= r::IPPATSU;
        }
    }
    if tsumo {
        if any_kan && c & r::IPPATSU == 0 && rng.chance(30) {
            c |= r::RINSHAN;
        } else if rng.chance(8) {
            c |= r::HAITEI;
        }
    } else if rng.chance(8) {
        c |= r::HOUTEI;
    } else if rng.chance(10)
        && h.counts[usize::from(h.win_tile)] == 1
        && !h.melds().iter().any(|m| match m.kind() {
            MeldKind::Chi => (m.tile..m.tile + 3).contains(&h.win_tile),
            _ => m.tile == h.win_tile,
        })
    {
        c |= r::CHANKAN;
    }
    h.conditions = c;
    // Blessings: a clean closed hand only.
    if h.meld_count == 0 && rng.chance(6) {
        h.conditions &= r::TSUMO;
        if h.is_dealer() {
            h.conditions = r::TSUMO | r::TENHOU;
        } else if rng.chance(50) {
            h.conditions = r::TSUMO | r::CHIIHOU;
        } else {
            h.conditions = r::RENHOU;
        }
    }
}

fn indicators(rng: &mut Rng, h: &mut RiichiHand, three: bool) {
    let n = rng.below(6) as u8;
    let ura = h.conditions & (r::RIICHI | r::DOUBLE_RIICHI) != 0 || rng.chance(20);
    let kinds: Vec<u8> = (0..34u8)
        .filter(|&k| !three || !(1..=7).contains(&k))
        .collect();
    for i in 0..2 * n {
        if i >= n && !ura {
            break;
        }
        for _ in 0..20 {
            let k = rng.pick(&kinds);
            if seen(h)[usize::from(k)] < 4 {
                if i < n {
                    h.dora[usize::from(i)] = k;
                    h.dora_count += 1;
                } else {
                    h.ura[usize::from(i - n)] = k;
                    h.ura_count += 1;
                }
                break;
            }
        }
    }
}

/// One case: a valid hand (most of the time) or an impossible input made on purpose.
pub fn case(rng: &mut Rng) -> Case {
    loop {
        let rules = random_rules(rng);
        let Some((mut h, family)) = shape(rng, &rules) else {
            continue;
        };
        let players = if rules.three_player() { 3 } else { 4 };
        h.seat_wind = rng.below(players) as u8;
        h.round_wind = rng.below(4) as u8;
        conditions(rng, &mut h);
        if rules.three_player() && rng.chance(50) {
            let room = 4 - seen(&h)[30];
            h.kita = rng.below(usize::from(room) + 1) as u8;
        }
        indicators(rng, &mut h, rules.three_player());
        let all = all_tiles(&h);
        for s in 0..3 {
            let fives = all[s * 9 + 4];
            if fives == 4 || (fives > 0 && rng.chance(40)) {
                h.red_fives[s] = 1;
            }
        }
        h.honba = if rng.chance(30) {
            rng.below(8) as u32
        } else {
            0
        };
        h.riichi_sticks = if rng.chance(30) {
            rng.below(4) as u32
        } else {
            0
        };
        if h.is_dealer() && rng.chance(3) {
            h.paarenchan = 1 + rng.below(2) as u8;
        }
        if rng.chance(1) {
            h.conditions = r::NAGASHI_MANGAN | r::TSUMO | (h.conditions & r::RIICHI);
            return Case {
                hand: h,
                rules,
                expect: Expect::Agree,
                family: "nagashi mangan",
            };
        }
        let expect = if rng.chance(6) {
            mutate(rng, &mut h, &rules)
        } else {
            Expect::Agree
        };
        let family = if expect == Expect::Agree {
            family
        } else {
            "impossible input"
        };
        return Case {
            hand: h,
            rules,
            expect,
            family,
        };
    }
}

/// Makes one impossible input of a random class; the expected refusal.
fn mutate(rng: &mut Rng, h: &mut RiichiHand, rules: &Rules) -> Expect {
    let open = h.melds().iter().any(|m| m.kind().is_open());
    let any_kan = h.melds().iter().any(|m| m.kind().is_kan());
    let clean = |h: &mut RiichiHand, keep: u32| h.conditions &= keep;
    match rng.below(10) {
        0 => {
            clean(h, r::TSUMO);
            if open {
                h.conditions |= r::RIICHI;
            } else {
                h.conditions |= r::IPPATSU;
            }
            Expect::Refuse(Error::RiichiConflict)
        }
        1 => {
            clean(h, 0);
            h.conditions |= match rng.below(4) {
                0 => r::CHANKAN | r::TSUMO,
                1 => r::HAITEI,
                2 => r::HOUTEI | r::TSUMO,
                _ => r::HAITEI | r::RINSHAN | r::TSUMO,
            };
            Expect::Refuse(Error::WinTimingConflict)
        }
        2 if !any_kan => {
            clean(h, r::RIICHI);
            h.conditions |= r::TSUMO | r::RINSHAN;
            Expect::Refuse(Error::RinshanWithoutKan)
        }
        3 if h.counts[usize::from(h.win_tile)] >= 2 => {
            clean(h, r::RIICHI);
            h.conditions |= r::CHANKAN;
            Expect::Refuse(Error::ChankanConflict)
        }
        4 => {
            clean(h, 0);
            h.conditions |= if h.is_dealer() {
                r::CHIIHOU | r::TSUMO
            } else {
                r::TENHOU | r::TSUMO
            };
            Expect::Refuse(Error::BlessingConflict)
        }
        5 => {
            let all = all_tiles(h);
            let s = rng.below(3);
            if all[s * 9 + 4] == 4 {
                return Expect::Agree;
            }
            h.red_fives[s] = all[s * 9 + 4] + 1;
            Expect::Refuse(Error::RedFives)
        }
        6 if !rules.three_player() => {
            h.kita = 1;
            Expect::Refuse(Error::ThreePlayerTile)
        }
        7 => {
            clean(h, 0);
            h.conditions |= r::NAGASHI_MANGAN | if rng.chance(50) { r::HOUTEI } else { 0 };
            Expect::Refuse(Error::NagashiConflict)
        }
        8 if !h.is_dealer() => {
            h.paarenchan = 1;
            Expect::Refuse(Error::PaarenchanNotDealer)
        }
        9 if h.dora_count < 5 => {
            let s = seen(h);
            let k = (0..34).max_by_key(|&k| s[k]).unwrap_or(0);
            let extra = 5 - s[k];
            if usize::from(h.dora_count + extra) > 5 {
                return Expect::Agree;
            }
            for _ in 0..extra {
                h.dora[usize::from(h.dora_count)] = k as u8;
                h.dora_count += 1;
            }
            Expect::Refuse(Error::TooManyCopies { kind: k as u8 })
        }
        _ => Expect::Agree,
    }
}

/// `n` seeded cases.
pub fn generate(seed: u64, n: usize) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    (0..n).map(|_| case(&mut rng)).collect()
}

/// The case as one JSON line for riichi_oracle.py (136-format tile ids; copy 0 of a five is the
/// red one).
pub fn to_json(c: &Case) -> String {
    let h = &c.hand;
    let all = all_tiles(h);
    let mut next = [0u8; 34];
    for s in 0..3 {
        let k = s * 9 + 4;
        next[k] = if h.red_fives[s] > 0 { 0 } else { 1 };
        let _ = all;
    }
    let mut take = |k: usize| {
        let id = k * 4 + usize::from(next[k]);
        next[k] += 1;
        id
    };
    let mut tiles = Vec::new();
    let mut melds = String::new();
    for (i, m) in h.melds().iter().enumerate() {
        let t = usize::from(m.tile);
        let ids: Vec<usize> = match m.kind() {
            MeldKind::Chi => (t..t + 3).map(&mut take).collect(),
            _ => (0..m.size()).map(|_| take(t)).collect(),
        };
        tiles.extend(&ids);
        let (ty, opened) = match m.kind() {
            MeldKind::Chi => ("chi", true),
            MeldKind::Pon => ("pon", true),
            MeldKind::OpenKan => ("kan", true),
            MeldKind::AddedKan => ("shouminkan", true),
            MeldKind::ClosedKan => ("kan", false),
        };
        let _ = write!(
            melds,
            "{}[\"{ty}\",{ids:?},{opened}]",
            if i > 0 { "," } else { "" }
        );
    }
    let mut win = 0;
    for k in 0..34 {
        for _ in 0..h.counts[k] {
            let id = take(k);
            if k == usize::from(h.win_tile) {
                win = id;
            }
            tiles.push(id);
        }
    }
    let ind = |v: &[u8]| {
        v.iter()
            .map(|&k| usize::from(k) * 4 + 3)
            .collect::<Vec<_>>()
    };
    let has = |b: u32| h.conditions & b != 0;
    let ru = &c.rules;
    let kazoe = ru.kazoe;
    let py = |b: bool| if b { "true" } else { "false" };
    format!(
        concat!(
            "{{\"tiles\":{:?},\"win\":{},\"melds\":[{}],\"dora\":{:?},\"ura\":{:?},",
            "\"cfg\":{{\"is_tsumo\":{},\"is_riichi\":{},\"is_ippatsu\":{},\"is_rinshan\":{},",
            "\"is_chankan\":{},\"is_haitei\":{},\"is_houtei\":{},\"is_daburu_riichi\":{},",
            "\"is_nagashi_mangan\":{},\"is_tenhou\":{},\"is_renhou\":{},\"is_chiihou\":{},",
            "\"is_open_riichi\":{},\"player_wind\":{},\"round_wind\":{},\"kyoutaku_number\":{},",
            "\"tsumi_number\":{},\"paarenchan\":{},\"num_nuki_dora\":{}}},",
            "\"opts\":{{\"has_open_tanyao\":{},\"has_aka_dora\":{},\"has_double_yakuman\":{},",
            "\"kazoe_limit\":{},\"kiriage\":{},\"fu_for_open_pinfu\":{},\"fu_for_pinfu_tsumo\":{},",
            "\"renhou_as_yakuman\":{},\"has_daisharin\":{},\"has_daisharin_other_suits\":{},",
            "\"has_sashikomi_yakuman\":{},\"limit_to_sextuple_yakuman\":{},",
            "\"paarenchan_needs_yaku\":{},\"has_daichisei\":{},\"is_three_player\":{}}}}}"
        ),
        tiles,
        win,
        melds,
        ind(&h.dora[..usize::from(h.dora_count)]),
        ind(&h.ura[..usize::from(h.ura_count)]),
        py(has(r::TSUMO)),
        py(has(r::RIICHI)),
        py(has(r::IPPATSU)),
        py(has(r::RINSHAN)),
        py(has(r::CHANKAN)),
        py(has(r::HAITEI)),
        py(has(r::HOUTEI)),
        py(has(r::DOUBLE_RIICHI)),
        py(has(r::NAGASHI_MANGAN)),
        py(has(r::TENHOU)),
        py(has(r::RENHOU)),
        py(has(r::CHIIHOU)),
        py(has(r::OPEN_RIICHI)),
        27 + h.seat_wind,
        27 + h.round_wind,
        h.riichi_sticks,
        h.honba,
        h.paarenchan,
        h.kita,
        py(ru.open_tanyao()),
        py(ru.aka_dora()),
        py(ru.double_yakuman()),
        kazoe,
        py(ru.kiriage()),
        py(ru.fu_for_open_pinfu()),
        py(ru.fu_for_pinfu_tsumo()),
        py(ru.renhou_as_yakuman()),
        py(ru.daisharin()),
        py(ru.daisharin_other_suits()),
        py(ru.sashikomi()),
        py(ru.sextuple_limit()),
        py(ru.paarenchan_needs_yaku()),
        py(ru.daichisei()),
        py(ru.three_player()),
    )
}

/// A reference result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Oracle {
    pub han: i64,
    pub fu: i64,
    pub yaku: Vec<(usize, u16)>,
    pub fu_parts: Vec<(u8, u8)>,
    /// main, additional, main_bonus, additional_bonus, kyoutaku_bonus, total.
    pub cost: [i64; 6],
    pub level: String,
}

/// Parses one oracle line (a tiny reader for the fixed shape the script writes).
pub fn parse_line(line: &str) -> Result<Oracle, String> {
    if let Some(rest) = line.strip_prefix("{\"error\":\"") {
        return Err(rest.trim_end_matches("\"}").to_string());
    }
    let field = |name: &str| -> &str {
        let key = format!("\"{name}\":");
        let start = line
            .find(&key)
            .unwrap_or_else(|| panic!("no {name} in {line}"))
            + key.len();
        &line[start..]
    };
    let int = |s: &str| -> i64 {
        let end = s
            .find(|c: char| !(c.is_ascii_digit() || c == '-'))
            .unwrap_or(s.len());
        s[..end]
            .parse()
            .unwrap_or_else(|_| panic!("number in {line}"))
    };
    let pairs = |s: &str| -> Vec<(i64, i64)> {
        let end = s
            .find("]]")
            .map_or_else(|| s.find(']').unwrap_or(0), |e| e + 2);
        let body = &s[..end];
        body.split('[')
            .filter(|p| p.contains(','))
            .map(|p| {
                let p = p.trim_end_matches([']', ',']);
                let mut it = p.split(',');
                let a = it.next().unwrap_or("0").trim().parse().unwrap_or(-1);
                let b = it.next().unwrap_or("0").trim().parse().unwrap_or(-1);
                (a, b)
            })
            .collect()
    };
    let cost_s = field("cost");
    let inner = &cost_s[1..cost_s.find(']').unwrap_or(cost_s.len())];
    let parts: Vec<&str> = inner.split(',').collect();
    let mut cost = [0i64; 6];
    for (i, c) in cost.iter_mut().enumerate() {
        *c = parts[i].trim().parse().unwrap_or(-1);
    }
    let level = parts[6].trim().trim_matches('"').to_string();
    Ok(Oracle {
        han: int(field("han")),
        fu: int(field("fu")),
        yaku: pairs(field("yaku"))
            .into_iter()
            .map(|(a, b)| (a as usize, b as u16))
            .collect(),
        fu_parts: pairs(field("fu_parts"))
            .into_iter()
            .map(|(a, b)| (a as u8, b as u8))
            .collect(),
        cost,
        level,
    })
}

/// Yaku `(id, han)`, sorted fu parts `(reason, fu)`, and the six payment fields.
pub type Shape = (Vec<(usize, u16)>, Vec<(u8, u8)>, [i64; 6]);

/// mjkit's score in the oracle's shape, with the label the reference gives (see
/// `reference_label` for the documented deviations).
pub fn ours(s: &Score) -> Shape {
    let yaku: Vec<(usize, u16)> = s.yaku_list().collect();
    let mut parts: Vec<(u8, u8)> = s.fu_parts().iter().map(|p| (p.reason, p.fu)).collect();
    parts.sort_unstable();
    let p = s.payment();
    let cost = [
        p.main,
        p.additional,
        p.main_bonus,
        p.additional_bonus,
        p.sticks_bonus,
        p.total,
    ]
    .map(i64::from);
    (yaku, parts, cost)
}

/// Deviations from the reference's labels (docs/riichi.md, "Deviations").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Deviation {
    /// Counted yakuman / sanbaiman: the reference overwrites "kazoe yakuman" with "yakuman"
    /// (and "kazoe sanbaiman" with "sanbaiman").
    KazoeLabel,
    /// With kiriage on, a hand that pays mangan from han and fu (4 han 40+ fu, 3 han 70+ fu)
    /// gets no label from the reference.
    KiriageLabel,
    /// An open hand shaped like daisharin: the reference scores the concealed-only yakuman.
    OpenDaisharin,
}

/// The reference's `yaku_level` for mjkit's score; `Some(deviation)` when it differs from
/// mjkit's own label.
pub fn reference_label(s: &Score, rules: &Rules) -> (String, Option<Deviation>) {
    use r::Limit;
    let yakuman = |m: u8| {
        if m <= 1 {
            "yakuman".to_string()
        } else {
            format!("{}x yakuman", m.min(6))
        }
    };
    match s.limit() {
        Limit::None => (String::new(), None),
        Limit::Mangan if rules.kiriage() && s.han < 5 => {
            (String::new(), Some(Deviation::KiriageLabel))
        }
        Limit::Mangan => ("mangan".into(), None),
        Limit::Haneman => ("haneman".into(), None),
        Limit::Baiman => ("baiman".into(), None),
        Limit::Sanbaiman => ("sanbaiman".into(), None),
        Limit::KazoeSanbaiman => ("sanbaiman".into(), Some(Deviation::KazoeLabel)),
        Limit::Yakuman => (yakuman(s.yakuman_multiple), None),
        Limit::KazoeYakuman => (yakuman(s.yakuman_multiple), Some(Deviation::KazoeLabel)),
        Limit::KiriageMangan => ("kiriage mangan".into(), None),
        Limit::NagashiMangan => ("nagashi mangan".into(), None),
    }
}

/// The repository root (for the benches).
#[allow(unused_imports)]
pub use support::oracle::repo;

/// A Python interpreter that can import `mahjong` 2.1.0: `$MJ_ORACLE_PYTHON`, else the venv made
/// by `tests/oracle/setup.sh` under `target/`, creating it if needed.
pub fn oracle_python() -> Result<PathBuf, String> {
    support::oracle::python_with(
        "import mahjong, importlib.metadata as m; assert m.version('mahjong') == '2.1.0'",
        "mahjong 2.1.0",
    )
}

/// Runs the oracle script over `cases` (optionally with `--bench`), returning its stdout lines.
pub fn run_oracle(python: &Path, cases: &[Case], extra: &[&str]) -> Vec<String> {
    support::oracle::run_script(
        python,
        "riichi_oracle.py",
        "riichi-oracle",
        cases.iter().map(to_json),
        extra,
    )
}

/// The C hand and rules of a generated case (for the C ABI tests and benches); the unused meld
/// and indicator slots get `junk` (the entry point must not read them).
pub fn to_c(c: &Case, junk: u8) -> (f::MjRiichiHand, f::MjRiichiRules) {
    let h = &c.hand;
    let mut o = mjkit::ffi::mj_riichi_hand_default();
    o.counts = h.counts;
    o.meld_count = h.meld_count;
    o.melds = [f::MjRiichiMeld {
        kind: junk,
        tile: junk,
        claimed: junk,
    }; f::MJ_RIICHI_MAX_MELDS];
    for (slot, m) in o.melds.iter_mut().zip(h.melds()) {
        let kind = match m.kind() {
            MeldKind::Chi => f::MJ_RIICHI_MELD_CHI,
            MeldKind::Pon => f::MJ_RIICHI_MELD_PON,
            MeldKind::OpenKan => f::MJ_RIICHI_MELD_OPEN_KAN,
            MeldKind::AddedKan => f::MJ_RIICHI_MELD_ADDED_KAN,
            MeldKind::ClosedKan => f::MJ_RIICHI_MELD_CLOSED_KAN,
        };
        *slot = f::MjRiichiMeld {
            kind,
            tile: m.tile,
            claimed: m.claimed,
        };
    }
    o.win_tile = h.win_tile;
    o.seat_wind = h.seat_wind;
    o.round_wind = h.round_wind;
    o.red_fives = h.red_fives;
    o.dora = [junk; f::MJ_RIICHI_MAX_INDICATORS];
    o.ura = [junk; f::MJ_RIICHI_MAX_INDICATORS];
    o.dora[..usize::from(h.dora_count)].copy_from_slice(&h.dora[..usize::from(h.dora_count)]);
    o.ura[..usize::from(h.ura_count)].copy_from_slice(&h.ura[..usize::from(h.ura_count)]);
    o.dora_count = h.dora_count;
    o.ura_count = h.ura_count;
    o.kita = h.kita;
    o.paarenchan = h.paarenchan;
    o.conditions = h.conditions;
    o.honba = h.honba;
    o.riichi_sticks = h.riichi_sticks;
    (o, c.rules)
}
