//! The calibration program's output and the bot's weights agree in layout: what the program
//! prints for the bot's own weights is, field by field and in the same order, what
//! `src/ai/mjkit/weights.rs` holds. A feature added, removed, renamed or moved in the structs
//! without the file following (or the other way round) fails here.

use mjkit::ai::lab::{READY_WEIGHTS, ReadyFeatures, WAIT_WEIGHTS, WaitFeatures};

const FILE: &str = include_str!("../../src/ai/mjkit/weights.rs");

#[test]
fn weights_file_is_the_calibration_output_for_the_bot_weights() {
    let printed = mjkit_lab::weights_source(&READY_WEIGHTS, &WAIT_WEIGHTS);
    let blocks: Vec<&str> = printed.split_inclusive("};\n").collect();
    assert_eq!(blocks.len(), 2, "{printed}");
    for block in &blocks[..2] {
        let block = block.trim_start_matches('\n');
        assert!(
            FILE.contains(block),
            "src/ai/mjkit/weights.rs does not hold the calibration output\n{block}"
        );
    }
}

#[test]
fn weights_print_one_line_per_named_field() {
    let printed = mjkit_lab::weights_source(&READY_WEIGHTS, &WAIT_WEIGHTS);
    let lines = printed.lines().filter(|l| l.starts_with("    ")).count();
    assert_eq!(
        lines,
        ReadyFeatures::NAMES.len() + WaitFeatures::NAMES.len()
    );
    // The struct round-trips through its array form, by position and name.
    let r = ReadyFeatures::from_array(READY_WEIGHTS.to_array());
    assert_eq!(r, READY_WEIGHTS);
    let w = WaitFeatures::from_array(WAIT_WEIGHTS.to_array());
    assert_eq!(w, WAIT_WEIGHTS);
    assert!(printed.contains(&format!("    discards: {:.4},\n", READY_WEIGHTS.discards)));
    assert!(printed.contains(&format!("    suji: {:.4},\n", WAIT_WEIGHTS.suji)));
}
