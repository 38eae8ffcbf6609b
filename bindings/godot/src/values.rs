//! Values between Godot and the engine-free layer ([`crate::convert`]): a GDScript value in as a
//! [`Value`], an [`Out`] back as the Godot value it stands for, and failures reported through
//! `godot_error!` with the method's sentinel.

use crate::convert::{Failure, Out, Value};
use godot::prelude::*;

/// Turns a GDScript value into a [`Value`] for the engine-free layer.
pub(crate) fn value(v: &Variant) -> Value {
    match v.get_type() {
        VariantType::NIL => Value::Nil,
        VariantType::BOOL => Value::Int(i64::from(v.to::<bool>())),
        VariantType::INT => Value::Int(v.to::<i64>()),
        VariantType::STRING => Value::Text(v.to::<GString>().to_string()),
        VariantType::STRING_NAME => Value::Text(v.to::<StringName>().to_string()),
        VariantType::PACKED_BYTE_ARRAY => Value::Bytes(v.to::<PackedByteArray>().to_vec()),
        VariantType::PACKED_INT32_ARRAY => Value::List(
            v.to::<PackedInt32Array>()
                .as_slice()
                .iter()
                .map(|&n| Value::Int(n.into()))
                .collect(),
        ),
        VariantType::PACKED_INT64_ARRAY => Value::List(
            v.to::<PackedInt64Array>()
                .as_slice()
                .iter()
                .map(|&n| Value::Int(n))
                .collect(),
        ),
        VariantType::ARRAY => Value::List(
            v.to::<VarArray>()
                .iter_shared()
                .map(|e| value(&e))
                .collect(),
        ),
        VariantType::DICTIONARY => Value::Map(
            v.to::<VarDictionary>()
                .iter_shared()
                .map(|(k, e)| (k.to_string(), value(&e)))
                .collect(),
        ),
        other => Value::Other(format!("{other:?}")),
    }
}

/// The `Ok` value, or the sentinel after reporting the failure through Godot.
pub(crate) fn report<T>(r: Result<T, Failure>, sentinel: impl FnOnce() -> T) -> T {
    r.unwrap_or_else(|f| {
        godot_error!("{}", f);
        sentinel()
    })
}

/// The text of a name call, or `""` after reporting its failure.
pub(crate) fn text_of(r: Result<String, Failure>) -> GString {
    report(r.map(|t| GString::from(t.as_str())), GString::new)
}

pub(crate) fn ints(v: &[i32]) -> PackedInt32Array {
    PackedInt32Array::from(v)
}

/// Turns an [`Out`] of the engine-free layer into the Godot value it stands for.
pub(crate) fn out_variant(o: &Out) -> Variant {
    match o {
        Out::Bool(b) => b.to_variant(),
        Out::Int(n) => n.to_variant(),
        Out::Float(x) => x.to_variant(),
        Out::Text(t) => GString::from(t.as_str()).to_variant(),
        Out::Bytes(b) => PackedByteArray::from(&b[..]).to_variant(),
        Out::Ints(v) => ints(v).to_variant(),
        Out::Longs(v) => PackedInt64Array::from(&v[..]).to_variant(),
        Out::List(items) => items
            .iter()
            .map(out_variant)
            .collect::<VarArray>()
            .to_variant(),
        Out::Map(_) => out_dict(o).to_variant(),
        Out::Dicts(items) => dict_list(items).to_variant(),
    }
}

/// The `Array[Dictionary]` of an [`Out::Dicts`] (empty for anything else).
pub(crate) fn out_array(o: &Out) -> Array<VarDictionary> {
    match o {
        Out::Dicts(items) => dict_list(items),
        _ => Array::new(),
    }
}

/// The Dictionary of an [`Out::Map`] (empty for anything else).
pub(crate) fn out_dict(o: &Out) -> VarDictionary {
    let mut d = VarDictionary::new();
    if let Out::Map(entries) = o {
        for (k, v) in entries {
            d.set(*k, &out_variant(v));
        }
    }
    d
}

pub(crate) fn dict_list(items: &[Out]) -> Array<VarDictionary> {
    items.iter().map(out_dict).collect()
}
