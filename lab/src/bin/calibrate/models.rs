//! Fitting the ready and wait models: the rows recorded at mjkit's turns, the `--dump`
//! CSV, and the logistic regressions by Newton's method.

use super::*;

#[derive(Default)]
pub(crate) struct Rows {
    pub(crate) ready_x: Vec<[f64; lab::READY_FEATURES]>,
    pub(crate) ready_y: Vec<bool>,
    pub(crate) wait_x: Vec<[f64; lab::WAIT_FEATURES]>,
    pub(crate) wait_y: Vec<bool>,
    /// Real waits that `lab::passed_since_change` marked as not a wait (must stay 0).
    pub(crate) rule_broken: u64,
    /// Real waits checked against that rule.
    pub(crate) rule_checked: u64,
    /// Whether `--dump` asked for the rows as CSV lines.
    pub(crate) dumping: bool,
    /// `--dump` lines: wall, label, the wait model's inputs, [`history_features`].
    pub(crate) dump: Vec<String>,
}

impl Rows {
    pub(crate) fn merge(mut self, mut o: Rows) -> Rows {
        self.ready_x.append(&mut o.ready_x);
        self.ready_y.append(&mut o.ready_y);
        self.wait_x.append(&mut o.wait_x);
        self.wait_y.append(&mut o.wait_y);
        self.rule_broken += o.rule_broken;
        self.rule_checked += o.rule_checked;
        self.dumping |= o.dumping;
        self.dump.append(&mut o.dump);
        self
    }
}

pub(crate) fn play_wall(seed: u64, i: u64, dumping: bool) -> Rows {
    let mut rows = Rows {
        dumping,
        ..Rows::default()
    };
    duel(
        seed,
        i,
        &mut rows,
        |rows, table, view, mine| {
            if mine && view.phase == Phase::Turn {
                record(table, view, usize::from(view.seat), rows, i);
            }
            bot_decision(view, mine)
        },
        |_, _, _| {},
    );
    rows
}

/// Names of the columns [`history_features`] adds after the wait model's inputs in `--dump`.
pub(crate) fn history_columns() -> Vec<String> {
    let mut c = vec!["rank".to_string(), "honour".to_string()];
    for d in -3i32..=3 {
        for f in [
            "in_suit",
            "unseen",
            "discarded",
            "from_hand",
            "last_ago",
            "first_at",
            "others",
        ] {
            c.push(format!("{f}{d:+}"));
        }
    }
    c.extend(["own_discards", "melds", "wall_left", "p_ready"].map(String::from));
    for i in 1..=4 {
        c.push(format!("hand_discard_{i}_offset"));
    }
    c.extend(["melds_in_suit", "discards_in_suit"].map(String::from));
    c
}

/// Raw discard history of opponent `o` around kind `k`, for fitting richer wait models outside
/// the program (`--dump`): the rank (9 for an honour) and an honour flag; for each tile `k + d`,
/// `d` in -3..=3 (in `k`'s suit; -1 / -2 fillers outside it), whether it exists, its unseen
/// copies, how often `o` discarded it and how often from the hand, how many of `o`'s discards
/// ago it last discarded it and at which of its discards it first did (-1 if never), and how
/// often the others discarded it; then `o`'s discard count, its melds, the wall left, the ready
/// model's probability, the offset from `k` of `o`'s last four discards from the hand (in the
/// suit; 0 the same kind, 20 another suit, 30 none), `o`'s melds and discards in `k`'s suit.
pub(crate) fn history_features(
    view: &View,
    o: usize,
    unseen: &[u8; TILE_KINDS],
    k: usize,
) -> Vec<f64> {
    let list = view.discard_list();
    let n_own = list.iter().filter(|d| usize::from(d.seat) == o).count();
    let mut by_o = [0f64; TILE_KINDS];
    let mut from_hand = [0f64; TILE_KINDS];
    let mut last_ago = [-1f64; TILE_KINDS];
    let mut first_at = [-1f64; TILE_KINDS];
    let mut others = [0f64; TILE_KINDS];
    let mut hand_discards: Vec<usize> = Vec::new();
    let mut i = 0usize;
    for d in list {
        let t = usize::from(d.tile);
        if usize::from(d.seat) == o {
            by_o[t] += 1.0;
            if !d.drawn_and_discarded {
                from_hand[t] += 1.0;
                hand_discards.push(t);
            }
            last_ago[t] = (n_own - 1 - i) as f64;
            if first_at[t] < 0.0 {
                first_at[t] = i as f64;
            }
            i += 1;
        } else {
            others[t] += 1.0;
        }
    }
    let honour = k >= mjkit::tile::HONOR_START;
    let mut v = vec![
        if honour { 9.0 } else { (k % 9) as f64 },
        f64::from(u8::from(honour)),
    ];
    for d in -3i32..=3 {
        let in_suit = d == 0 || (!honour && (0..9).contains(&((k % 9) as i32 + d)));
        if in_suit {
            let j = (k as i32 + d) as usize;
            v.extend([
                1.0,
                f64::from(unseen[j]),
                by_o[j],
                from_hand[j],
                last_ago[j],
                first_at[j],
                others[j],
            ]);
        } else {
            v.extend([0.0, -1.0, -1.0, -1.0, -2.0, -2.0, -1.0]);
        }
    }
    v.extend([
        n_own as f64,
        f64::from(view.meld_counts[o]),
        f64::from(view.wall_left),
        lab::ready_probability(view, o),
    ]);
    for i in 0..4 {
        v.push(match hand_discards.iter().rev().nth(i) {
            None => 30.0,
            Some(&t) if t == k => 0.0,
            Some(&t) if !honour && t < mjkit::tile::HONOR_START && t / 9 == k / 9 => {
                t as f64 - k as f64
            }
            Some(_) => 20.0,
        });
    }
    let suit = k / 9;
    let melds_in_suit = view
        .melds_of(o)
        .iter()
        .filter(|m| usize::from(m.tile) / 9 == suit)
        .count();
    v.push(melds_in_suit as f64);
    v.push(
        (0..TILE_KINDS)
            .filter(|&j| j / 9 == suit)
            .map(|j| by_o[j])
            .sum(),
    );
    v
}

pub(crate) fn record(
    table: &Table,
    view: &mjkit::table::View,
    me: usize,
    rows: &mut Rows,
    wall: u64,
) {
    let unseen = lab::unseen(view, &view.visible());
    for o in 0..SEATS {
        if o == me {
            continue;
        }
        let Ok(h) = Hand::new(table.hand(o)) else {
            continue;
        };
        let ready = mjkit::shanten::shanten(&h, Forms::REGULAR) == Ok(0);
        rows.ready_x.push(lab::ready_features(view, o).to_array());
        rows.ready_y.push(ready);
        if !ready {
            continue;
        }
        let waits = mjkit::win::waits(&h, Forms::REGULAR).unwrap_or(0);
        let f = lab::wait_features(view, o, &unseen);
        let sure = lab::passed_since_change(view, o);
        rows.rule_checked += u64::from(waits.count_ones());
        for (k, fk) in f.into_iter().map(lab::WaitFeatures::to_array).enumerate() {
            if sure & (1 << k) != 0 && waits & (1 << k) != 0 {
                rows.rule_broken += 1;
            }
            if view.hand[k] > 0 && sure & (1 << k) == 0 {
                rows.wait_x.push(fk);
                rows.wait_y.push(waits & (1 << k) != 0);
                if rows.dumping {
                    let mut line = format!("{wall},{}", u8::from(waits & (1 << k) != 0));
                    for x in fk
                        .iter()
                        .chain(history_features(view, o, &unseen, k).iter())
                    {
                        line.push_str(&format!(",{x}"));
                    }
                    rows.dump.push(line);
                }
            }
        }
    }
}

pub(crate) fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Logistic regression by Newton's method with a small ridge; returns the weights.
pub(crate) fn fit<const N: usize>(x: &[[f64; N]], y: &[bool]) -> [f64; N] {
    let mut w = [0.0f64; N];
    for _ in 0..30 {
        let mut g = [0.0f64; N];
        let mut h = [[0.0f64; N]; N];
        for (xi, &yi) in x.iter().zip(y) {
            let z: f64 = w.iter().zip(xi).map(|(a, b)| a * b).sum();
            let p = sigmoid(z);
            let r = f64::from(u8::from(yi)) - p;
            let s = (p * (1.0 - p)).max(1e-9);
            for a in 0..N {
                g[a] += r * xi[a];
                for b in 0..N {
                    h[a][b] += s * xi[a] * xi[b];
                }
            }
        }
        for (a, row) in h.iter_mut().enumerate() {
            row[a] += 1e-3 * x.len() as f64 * 1e-3;
            g[a] -= 1e-6 * x.len() as f64 * w[a];
        }
        let d = solve(h, g);
        let mut step = 0.0f64;
        for a in 0..N {
            w[a] += d[a];
            step = step.max(d[a].abs());
        }
        if step < 1e-7 {
            break;
        }
    }
    w
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
pub(crate) fn solve<const N: usize>(mut a: [[f64; N]; N], mut b: [f64; N]) -> [f64; N] {
    for c in 0..N {
        let p = (c..N)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .expect("rows");
        a.swap(c, p);
        b.swap(c, p);
        let d = a[c][c];
        if d.abs() < 1e-12 {
            continue;
        }
        let pivot = a[c];
        let bc = b[c];
        for (r, row) in a.iter_mut().enumerate() {
            if r != c {
                let f = row[c] / d;
                for (x, p) in row.iter_mut().zip(pivot.iter()).skip(c) {
                    *x -= f * p;
                }
                b[r] -= f * bc;
            }
        }
    }
    let mut x = [0.0f64; N];
    for i in 0..N {
        if a[i][i].abs() > 1e-12 {
            x[i] = b[i] / a[i][i];
        }
    }
    x
}

/// Prints the log-loss of weights `w` on rows `x` with labels `y`, beside a constant model's,
/// and a calibration table, as `//` comment lines.
pub(crate) fn report<const N: usize>(name: &str, w: &[f64; N], x: &[[f64; N]], y: &[bool]) {
    let mut loss = 0.0;
    let mut base = 0.0;
    let rate = y.iter().filter(|&&v| v).count() as f64 / y.len().max(1) as f64;
    let mut bins = [(0.0f64, 0u64, 0u64); 10];
    for (xi, &yi) in x.iter().zip(y) {
        let z: f64 = w.iter().zip(xi).map(|(a, b)| a * b).sum();
        let p = sigmoid(z).clamp(1e-9, 1.0 - 1e-9);
        let t = f64::from(u8::from(yi));
        loss -= t * p.ln() + (1.0 - t) * (1.0 - p).ln();
        base -= t * rate.max(1e-9).ln() + (1.0 - t) * (1.0 - rate).max(1e-9).ln();
        let b = ((p * 10.0) as usize).min(9);
        bins[b].0 += p;
        bins[b].1 += 1;
        bins[b].2 += u64::from(yi);
    }
    let n = y.len().max(1) as f64;
    println!(
        "// {name}: {} rows, rate {:.4}, log-loss {:.4} (constant model {:.4})",
        y.len(),
        rate,
        loss / n,
        base / n
    );
    for (lo, (ps, c, pos)) in bins.iter().enumerate() {
        if *c > 0 {
            println!(
                "//   p in [{:.1}, {:.1}): n {:>8}  predicted {:.3}  observed {:.3}",
                lo as f64 / 10.0,
                (lo + 1) as f64 / 10.0,
                c,
                ps / *c as f64,
                *pos as f64 / *c as f64
            );
        }
    }
}
