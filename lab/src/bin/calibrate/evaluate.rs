//! `--posterior`: the sampled posterior of a `thesis:99` opponent's waits scored beside the
//! wait model (log-loss on the real waits of ready opponents).

use super::*;

pub(crate) fn settings(args: &Args) -> posterior::Settings {
    posterior::Settings {
        samples: args.samples,
        eps: args.eps,
        tsumogiri: args.tsumo,
        depth: args.depth,
        pair_form: args.pair_form,
    }
}

/// Log-loss sums of `--posterior`.
#[derive(Default, Clone, Copy)]
pub(crate) struct Loss {
    pub(crate) rows: u64,
    pub(crate) waits: u64,
    pub(crate) model: f64,
    pub(crate) post: f64,
    pub(crate) mix: f64,
    pub(crate) ratio: f64,
    /// `--oracle blend` readings with the alphas of `BLENDS`.
    pub(crate) blend: [f64; BLENDS.len()],
    pub(crate) no_sample: u64,
    pub(crate) sampler: posterior::Counters,
}

/// The `--oracle blend` weights whose log-loss `--posterior` prints.
pub(crate) const BLENDS: [f64; 4] = [0.15, 0.25, 0.5, 0.75];

pub(crate) fn log_loss(p: f64, y: bool) -> f64 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    if y { -p.ln() } else { -(1.0 - p).ln() }
}

/// `--posterior`: at every turn of `mjkit`, for each really ready opponent, the wait model's
/// and the sampler's chance of each kind in mjkit's hand (left open by the passed-tile rule),
/// scored by log-loss against the real waits.
pub(crate) fn posterior_eval(args: &Args) {
    let s = settings(args);
    let start = std::time::Instant::now();
    let tot = (0..args.hands)
        .into_par_iter()
        .map(|i| {
            let mut st = (Loss::default(), Rng::from_u64((i << 20) ^ args.seed));
            duel(
                args.seed,
                i,
                &mut st,
                |(loss, rng), table, view, mine| {
                    if mine && view.phase == Phase::Turn {
                        let me = usize::from(view.seat);
                        for o in (0..SEATS).filter(|&o| o != me) {
                            let h = Hand::new(table.hand(o)).expect("a table hand");
                            if mjkit::shanten::shanten(&h, Forms::REGULAR) != Ok(0) {
                                continue;
                            }
                            let real = mjkit::win::waits(&h, Forms::REGULAR).unwrap_or(0);
                            let model = lab::wait_probabilities(view, o);
                            let passed = lab::passed_since_change(view, o);
                            let post = posterior::waits(view, o, &s, rng, &mut loss.sampler);
                            loss.no_sample += u64::from(post.is_none());
                            for (k, &m) in model.iter().enumerate() {
                                if view.hand[k] == 0 || passed & (1 << k) != 0 {
                                    continue;
                                }
                                let y = real & (1 << k) != 0;
                                let (p, q) = post.map_or((m, m), |(p, q)| (p[k], q[k]));
                                loss.rows += 1;
                                loss.waits += u64::from(y);
                                loss.model += log_loss(m, y);
                                loss.post += log_loss(p, y);
                                loss.mix += log_loss(0.5 * (p + m), y);
                                loss.ratio += log_loss(posterior::adjusted(m, p, q), y);
                                let real = f64::from(u8::from(y));
                                for (j, a) in BLENDS.iter().enumerate() {
                                    loss.blend[j] += log_loss((1.0 - a) * m + a * real, y);
                                }
                            }
                        }
                    }
                    bot_decision(view, mine)
                },
                |_, _, _| {},
            );
            st.0
        })
        .reduce(Loss::default, |mut a, b| {
            a.rows += b.rows;
            a.waits += b.waits;
            a.model += b.model;
            a.post += b.post;
            a.mix += b.mix;
            a.ratio += b.ratio;
            for (x, y) in a.blend.iter_mut().zip(b.blend) {
                *x += y;
            }
            a.no_sample += b.no_sample;
            a.sampler.add(&b.sampler);
            a
        });
    let n = tot.rows as f64;
    let base = tot.waits as f64 / n;
    let c = tot.sampler;
    println!(
        "{} walls, {:.1} s: {} rows ({} waits); {} hands built, {} kept, policy checks {} ({:.1}% agree); {} opponents with no sample",
        args.hands,
        start.elapsed().as_secs_f64(),
        tot.rows,
        tot.waits,
        c.built,
        c.kept,
        c.checks,
        100.0 * c.agree as f64 / c.checks.max(1) as f64,
        tot.no_sample
    );
    println!(
        "log-loss: constant {:.4}, wait model {:.4}, sampled posterior {:.4}, mean of both {:.4}, wait model x the policy's likelihood ratio {:.4}",
        -(base * base.ln() + (1.0 - base) * (1.0 - base).ln()),
        tot.model / n,
        tot.post / n,
        tot.mix / n,
        tot.ratio / n
    );
    let blends: Vec<String> = BLENDS
        .iter()
        .zip(tot.blend)
        .map(|(a, l)| format!("alpha {a} {:.4}", l / n))
        .collect();
    println!(
        "log-loss of the wait model blended with the real waits (--oracle blend): {}",
        blends.join(", ")
    );
}
