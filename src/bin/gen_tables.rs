//! Regenerates the shanten tables in `src/shanten/data/`.
//!
//! `cargo run --release --features gen --bin gen_tables`

fn main() -> std::io::Result<()> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/shanten/data");
    let start = std::time::Instant::now();
    let files = mjkit::shanten::generate::generate();
    for (name, bytes) in mjkit::shanten::generate::FILES.iter().zip(&files) {
        std::fs::write(dir.join(name), bytes)?;
        println!("{name}: {} bytes", bytes.len());
    }
    println!("generated in {:.0?}", start.elapsed());
    Ok(())
}
