//! Playing walls: the per-bot counters and the parallel loop over a range of walls.

use indicatif::ProgressBar;
use mjkit::Forms;
use mjkit::ai::{self, BotConfig};
use mjkit::table::{End, Phase, Rules, SEATS, Table};
use rayon::prelude::*;
use std::ops::Range;

/// Per-bot counters; integers only, so sums do not depend on the order of the threads, and the
/// sums of shards equal one run's.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Tally {
    pub seat_hands: u64,
    pub wins: u64,
    pub self_draws: u64,
    pub deal_ins: u64,
    pub tenpai_end: u64,
    pub ready_ever: u64,
    pub points: i64,
    /// Sums over walls of the squared per-wall values, for the intervals.
    pub sq_wins: u64,
    pub sq_deal_ins: u64,
    pub sq_points: i64,
}

impl Tally {
    /// Adds `o`'s counters (sums, and sums of squares over walls) to these.
    pub fn add(&mut self, o: &Tally) {
        self.seat_hands += o.seat_hands;
        self.wins += o.wins;
        self.self_draws += o.self_draws;
        self.deal_ins += o.deal_ins;
        self.tenpai_end += o.tenpai_end;
        self.ready_ever += o.ready_ever;
        self.points += o.points;
        self.sq_wins += o.sq_wins;
        self.sq_deal_ins += o.sq_deal_ins;
        self.sq_points += o.sq_points;
    }
}

/// The counts of a set of walls.
#[derive(Clone, Default, Debug, PartialEq, Eq)]
pub struct Totals {
    pub walls: u64,
    pub hands: u64,
    pub draws: u64,
    pub illegal: u64,
    /// Per named bot (in the order of first appearance in `--bots`).
    pub bots: Vec<Tally>,
    /// `--paired`: sum over walls of the first bot's points minus the paired bot's, and of its
    /// squares.
    pub paired: (i64, i64),
}

impl Totals {
    /// The counts of both sets of walls (disjoint sets: the sums of squares are over walls).
    pub fn merge(mut self, o: Totals) -> Totals {
        self.walls += o.walls;
        self.hands += o.hands;
        self.draws += o.draws;
        self.illegal += o.illegal;
        self.paired.0 += o.paired.0;
        self.paired.1 += o.paired.1;
        if self.bots.is_empty() {
            self.bots = o.bots;
        } else {
            for (a, b) in self.bots.iter_mut().zip(&o.bots) {
                a.add(b);
            }
        }
        self
    }
}

/// Plays wall `i` once per rotation; returns the per-seat-bot counts of this wall (one `Tally`
/// per entry of `bots`, squares not filled).
fn play_wall(rules: Rules, seed: u64, i: u64, bots: &[BotConfig], duplicate: bool) -> Totals {
    let mut t = Totals {
        walls: 1,
        bots: vec![Tally::default(); bots.len()],
        ..Totals::default()
    };
    let rotations = if duplicate { 4 } else { 1 };
    let mut table = Table::new(rules, seed).expect("valid rules");
    for rot in 0..rotations {
        table
            .deal(i as u32, (i % 4) as u8, ((i / 4) % 4) as u8)
            .expect("valid deal");
        let seat_bot = |s: usize| (s + rot) % 4;
        let mut ready = [false; SEATS];
        while table.phase() != Phase::Over {
            let seat = table.pending().trailing_zeros() as usize;
            let view = table.view(seat);
            let a = ai::decide(&view, &bots[seat_bot(seat)]);
            if table.apply(seat, a).is_err() {
                t.illegal += 1;
                let legal = table.legal_actions(seat);
                table
                    .apply(seat, legal.as_slice()[0])
                    .expect("a legal action");
            }
            // A seat that has just discarded holds 3n+1 tiles: is it ready?
            if !ready[seat] && table.hand(seat).iter().map(|&c| u32::from(c)).sum::<u32>() % 3 == 1
            {
                ready[seat] = mjkit::shanten::shanten(table.hand(seat), Forms::REGULAR) == Ok(0);
            }
        }
        let r = table.result().expect("hand over");
        t.hands += 1;
        if r.end == End::ExhaustiveDraw {
            t.draws += 1;
        }
        for (seat, &was_ready) in ready.iter().enumerate() {
            let tally = &mut t.bots[seat_bot(seat)];
            let won = r.winners & (1 << seat) != 0;
            tally.seat_hands += 1;
            tally.wins += u64::from(won);
            tally.self_draws += u64::from(won && r.end == End::SelfDraw);
            let dealt_in = r.end == End::Discard && usize::from(r.discarder) == seat;
            tally.deal_ins += u64::from(dealt_in);
            tally.tenpai_end += u64::from(r.tenpai & (1 << seat) != 0);
            tally.ready_ever += u64::from(was_ready || won);
            tally.points += r.points[seat];
        }
    }
    t
}

/// What to play: the rules, the table seed, the bots by seat and how they fold into named
/// bots, and `--paired`.
pub struct Plan {
    pub rules: Rules,
    pub seed: u64,
    pub duplicate: bool,
    /// The bots by seat.
    pub seats: [BotConfig; SEATS],
    /// Seat -> index of its named bot.
    pub seat_to_bot: [usize; SEATS],
    /// Number of named bots.
    pub named: usize,
    /// `--paired`: the bots by seat with the first replaced.
    pub paired: Option<[BotConfig; SEATS]>,
}

impl Plan {
    /// One wall's counts folded into named bots, with the squares of this wall's sums and the
    /// paired difference.
    fn wall(&self, i: u64) -> Totals {
        let per_seat = play_wall(self.rules, self.seed, i, &self.seats, self.duplicate);
        let paired = self.paired.as_ref().map_or((0, 0), |v| {
            let alt = play_wall(self.rules, self.seed, i, v, self.duplicate);
            let d = per_seat.bots[0].points - alt.bots[0].points;
            (d, d * d)
        });
        let mut named = Totals {
            walls: 1,
            hands: per_seat.hands,
            draws: per_seat.draws,
            illegal: per_seat.illegal,
            bots: vec![Tally::default(); self.named],
            paired,
        };
        for (s, b) in per_seat.bots.iter().enumerate() {
            named.bots[self.seat_to_bot[s]].add(b);
        }
        for n in &mut named.bots {
            n.sq_wins = n.wins * n.wins;
            n.sq_deal_ins = n.deal_ins * n.deal_ins;
            n.sq_points = n.points * n.points;
        }
        named
    }

    /// Plays `walls` on every thread of the pool (the result does not depend on their number).
    pub fn play(&self, walls: Range<u64>, bar: &ProgressBar) -> Totals {
        const CHUNK: u64 = 64;
        let first = walls.start;
        let chunks = (walls.end - first).div_ceil(CHUNK);
        (0..chunks)
            .into_par_iter()
            .map(|c| {
                let mut acc = Totals::default();
                for i in first + c * CHUNK..(first + (c + 1) * CHUNK).min(walls.end) {
                    acc = acc.merge(self.wall(i));
                    bar.inc(1);
                }
                acc
            })
            .reduce(Totals::default, Totals::merge)
    }
}
