//! Helpers for unit tests.

use crate::hand::Hand;
use crate::tile::{Counts, parse};

/// Counts from notation; panics on bad notation (tests only).
pub fn tiles(s: &str) -> Counts {
    parse(s)
        .unwrap_or_else(|e| panic!("bad test notation {s:?}: {e}"))
        .counts
}

/// A validated hand from notation; panics on bad input (tests only).
pub fn hand(s: &str) -> Hand {
    Hand::new(&tiles(s)).unwrap_or_else(|e| panic!("bad test hand {s:?}: {e}"))
}
