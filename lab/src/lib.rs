//! What the lab's programs share: the source form of the danger model's fitted weights, which
//! the calibration program prints and `src/ai/mjkit/weights.rs` holds.

use mjkit::ai::lab::{ReadyFeatures, WaitFeatures};

/// One constant of `src/ai/mjkit/weights.rs`: `pub const {name}: {ty} = {ty} { field: value, ... };`
/// with one line per field, in declaration order, values to four decimals.
fn const_block(name: &str, ty: &str, fields: &[&str], values: &[f64]) -> String {
    let mut s = format!("pub const {name}: {ty} = {ty} {{\n");
    for (f, v) in fields.iter().zip(values) {
        s.push_str(&format!("    {f}: {v:.4},\n"));
    }
    s.push_str("};\n");
    s
}

/// The two constants of `src/ai/mjkit/weights.rs` for these weights, as the file holds them
/// (`READY_WEIGHTS`, a blank line, `WAIT_WEIGHTS`): the calibration program prints this for
/// pasting, and the `weights_layout` test checks that the file holds it for the bot's own
/// weights.
pub fn weights_source(ready: &ReadyFeatures, wait: &WaitFeatures) -> String {
    format!(
        "{}\n{}",
        const_block(
            "READY_WEIGHTS",
            "ReadyFeatures",
            &ReadyFeatures::NAMES,
            &ready.to_array()
        ),
        const_block(
            "WAIT_WEIGHTS",
            "WaitFeatures",
            &WaitFeatures::NAMES,
            &wait.to_array()
        )
    )
}
