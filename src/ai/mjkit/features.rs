//! The inputs of the danger models of mjkit's bot ([`super::danger`]): one struct per model whose
//! fields are the model's named inputs, holding one sample's inputs or the fitted weights
//! ([`super::weights`]). Both of those modules build on this one, which needs neither.

/// Declares a model's inputs as a struct of named `f64` fields: the same struct holds one
/// sample's inputs and the model's fitted weights, and the model's value is the logistic of
/// their products summed in the declaration order (`to_array`).
macro_rules! features {
    ($(#[$doc:meta])* $name:ident [$len:ident] { $($(#[$fdoc:meta])* $field:ident,)* }) => {
        /// Number of inputs of the model (the fields of the struct below).
        pub const $len: usize = [$(stringify!($field)),*].len();

        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Default)]
        pub struct $name {
            $($(#[$fdoc])* pub $field: f64,)*
        }

        impl $name {
            /// The field names in declaration order (the order of [`Self::to_array`]).
            #[cfg(any(test, feature = "lab"))]
            pub const NAMES: [&'static str; $len] = [$(stringify!($field)),*];

            /// The fields in declaration order.
            pub const fn to_array(self) -> [f64; $len] {
                [$(self.$field),*]
            }

            /// The struct whose fields, in declaration order, are `values`.
            #[cfg(any(test, feature = "lab"))]
            pub const fn from_array(values: [f64; $len]) -> Self {
                let [$($field),*] = values;
                Self { $($field),* }
            }

            /// The model's probability for these inputs: the logistic of the sum of each input
            /// times its weight in `weights`.
            pub fn probability(&self, weights: &Self) -> f64 {
                logistic(&weights.to_array(), &self.to_array())
            }
        }
    };
}

features! {
    /// The ready model's inputs for one opponent, from the view alone
    /// ([`ready_features`](super::danger::ready_features)), or one weight per input
    /// ([`READY_WEIGHTS`](super::weights::READY_WEIGHTS)).
    ReadyFeatures [READY_FEATURES] {
        /// The constant 1.
        bias,
        /// The opponent's discards / 10.
        discards,
        /// Its melds, scaled to five sets (x 5 / the variant's sets).
        melds,
        /// Tsumogiri (drawn and discarded at once) among its last three discards.
        tsumogiri,
        /// Middle tiles (3 to 7) among its last three discards.
        middle,
        /// The draws left / 50.
        draws_left,
        /// `discards` squared.
        discards_squared,
        /// 1 when its last discard was tsumogiri.
        last_tsumogiri,
        /// Honours and terminals (not middle) among its last three discards.
        edge,
        /// The length of its run of tsumogiri at the end of its discards / 3.
        tsumogiri_run,
        /// Middle tiles discarded from the hand among its last three discards.
        middle_from_hand,
        /// Middle tiles among its last six discards.
        middle_last_six,
        /// Discards from the hand among its last six discards.
        from_hand_last_six,
        /// `melds` squared / 5.
        melds_squared,
    }
}

features! {
    /// The wait model's inputs for one kind, the opponent assumed ready
    /// ([`wait_features`](super::danger::wait_features)), or one weight per input
    /// ([`WAIT_WEIGHTS`](super::weights::WAIT_WEIGHTS)). "Live" counts the copies the bot has
    /// not seen; "the last change" is the opponent's last discard from the hand, "the previous
    /// change" the one before.
    WaitFeatures [WAIT_FEATURES] {
        /// The constant 1.
        bias,
        /// ln(1 + live sequence shapes waiting on the kind).
        shapes,
        /// Unseen copies of the kind.
        unseen,
        /// Unseen pairs of the kind (`unseen (unseen - 1) / 2`).
        unseen_pairs,
        /// 1 when the opponent discarded the kind.
        discarded,
        /// 1 for an honour.
        honour,
        /// 1 for a terminal (1 or 9).
        terminal,
        /// 1 for a 2 or an 8.
        two_eight,
        /// 1 when the opponent discarded the tile three apart in the suit (suji).
        suji,
        /// 1 when the opponent discarded a neighbour (one or two apart).
        near,
        /// 1 when another seat discarded the kind after the opponent's third-last discard.
        passed_third_last,
        /// 1 when another seat discarded the kind after the opponent's second-last discard.
        passed_second_last,
        /// 1 when another seat discarded the kind after the opponent's sixth-last discard.
        passed_sixth_last,
        /// 1 when the opponent discarded the kind among its last three discards.
        recent,
        /// `honour` x `unseen`.
        honour_unseen,
        /// The share of the opponent's discards in the kind's suit (0 for honours).
        suit_share,
        /// The opponent's discards from the hand in the kind's suit among its last six (0 for
        /// honours).
        suit_from_hand_last_six,
        /// The opponent's melds in the kind's suit.
        suit_melds,
        /// 1 when the opponent discarded the kind among its first six discards.
        early,
        /// 1 when the opponent discarded a neighbour from the hand among its last three.
        near_from_hand,
        /// 1 for a 3 or a 7.
        three_seven,
        /// ln(1 + live two-sided shapes waiting on the kind).
        ryanmen,
        /// ln(1 + live closed and edge shapes waiting on the kind).
        closed,
        /// The opponent's discards in the kind's suit among its last six (0 for honours).
        suit_last_six,
        /// 1 when no live sequence shape waits on the kind (a single or pair wait only).
        no_sequence,
        /// ln(1 + live two-sided shapes whose other wait passed the opponent since its last
        /// change).
        ryanmen_cut,
        /// 1 when the only two-sided shapes are cut ones.
        only_cut,
        /// 1 when the kind is one apart from the last change, in its suit.
        last_change_one_apart,
        /// 1 when the kind is two apart from the last change, in its suit.
        last_change_two_apart,
        /// 1 when the kind is three apart from the last change, in its suit.
        last_change_three_apart,
        /// 1 when the kind is the last change.
        last_change_same,
        /// 1 when the kind is one apart from the previous change, in its suit.
        previous_change_one_apart,
        /// 1 when the kind is two apart from the previous change, in its suit.
        previous_change_two_apart,
        /// 1 when the kind is three apart from the previous change, in its suit.
        previous_change_three_apart,
        /// 1 when the last change is in the kind's suit.
        last_change_suit,
    }
}

/// The logistic of the dot product of `w` and `x`.
fn logistic(w: &[f64], x: &[f64]) -> f64 {
    let z: f64 = w.iter().zip(x).map(|(a, b)| a * b).sum();
    1.0 / (1.0 + (-z).exp())
}
