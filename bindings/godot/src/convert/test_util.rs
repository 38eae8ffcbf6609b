//! Helpers of the conversion tests: the values GDScript would pass.

use super::{Out, Result, Value};

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

/// The Value GDScript would pass back for a Dictionary (an action, an event) it got from the
/// binding.
pub(crate) fn back(o: &Out) -> Value {
    match o {
        Out::Bool(b) => Value::Int(i64::from(*b)),
        Out::Int(n) => Value::Int(*n),
        Out::Float(_) => Value::Other("float".to_owned()),
        Out::Text(t) => Value::Text(t.clone()),
        Out::Bytes(b) => Value::Bytes(b.clone()),
        Out::Ints(v) => Value::List(v.iter().map(|&n| Value::Int(n.into())).collect()),
        Out::Longs(v) => Value::List(v.iter().map(|&n| Value::Int(n)).collect()),
        Out::List(v) | Out::Dicts(v) => Value::List(v.iter().map(back).collect()),
        Out::Map(e) => Value::Map(e.iter().map(|(k, v)| ((*k).to_owned(), back(v))).collect()),
    }
}
