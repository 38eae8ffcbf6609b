//! The fitted weights of the danger models, in the form the lab's calibration program prints
//! (`cargo run --release -p mjkit-lab --bin calibrate -- --hands 4000 --seed 7`: mjkit against
//! three `thesis:99` bots, with the bot refitted twice so that the data come from its own play).
//! Paste its output over the two constants; the lab's `weights_layout` test fails when the
//! program's layout and these structs disagree.

use super::features::{ReadyFeatures, WaitFeatures};

/// Logistic weights of the ready model, one per input of [`ReadyFeatures`] (log-loss 0.250
/// against 0.421 for a constant).
#[rustfmt::skip]
pub const READY_WEIGHTS: ReadyFeatures = ReadyFeatures {
    bias: -10.7097,
    discards: 5.4124,
    melds: 0.2095,
    tsumogiri: 0.1539,
    middle: 1.3019,
    draws_left: 0.7495,
    discards_squared: -1.3966,
    last_tsumogiri: -0.0630,
    edge: 1.3125,
    tsumogiri_run: 0.2971,
    middle_from_hand: 0.4307,
    middle_last_six: 0.4961,
    from_hand_last_six: -0.0182,
    melds_squared: 0.6219,
};

/// Logistic weights of the wait model, one per input of [`WaitFeatures`], fitted by the same run
/// on the kinds `passed_since_change` does not settle (log-loss 0.240 against 0.262 for a
/// constant).
#[rustfmt::skip]
pub const WAIT_WEIGHTS: WaitFeatures = WaitFeatures {
    bias: -2.5484,
    shapes: -0.0340,
    unseen: 0.2283,
    unseen_pairs: -0.0052,
    discarded: -2.3438,
    honour: -3.3970,
    terminal: -0.8249,
    two_eight: -0.3104,
    suji: -0.1017,
    near: -0.5391,
    passed_third_last: -0.0993,
    passed_second_last: -0.1312,
    passed_sixth_last: -0.3359,
    recent: -0.7524,
    honour_unseen: 0.9853,
    suit_share: -2.1557,
    suit_from_hand_last_six: -0.1806,
    suit_melds: -0.2175,
    early: -0.1757,
    near_from_hand: -0.1976,
    three_seven: 0.1947,
    ryanmen: 0.1620,
    closed: -0.0174,
    suit_last_six: 0.2057,
    no_sequence: -0.2148,
    ryanmen_cut: -0.0462,
    only_cut: 0.0496,
    last_change_one_apart: 0.6011,
    last_change_two_apart: 0.4027,
    last_change_three_apart: -0.3930,
    last_change_same: -3.7708,
    previous_change_one_apart: -0.1206,
    previous_change_two_apart: 0.2010,
    previous_change_three_apart: -0.0989,
    last_change_suit: 0.4949,
};
