//! Helpers of the conversion tests: the values GDScript would pass.

use super::{Result, Value};

/// A GDScript `String`.
pub(crate) fn text(s: &str) -> Value {
    Value::Text(s.to_owned())
}

/// A GDScript `Dictionary` of the entries, in order.
pub(crate) fn map<'a>(entries: impl IntoIterator<Item = (&'a str, Value)>) -> Value {
    Value::Map(
        entries
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect(),
    )
}

/// The message of a failure.
pub(crate) fn err<T: std::fmt::Debug>(r: Result<T>) -> String {
    r.expect_err("expected a failure").0
}
