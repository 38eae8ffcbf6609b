//! Fails when `include/mjkit.h` is not what cbindgen generates from the current source.
//! Regenerate with: `MJ_BLESS=1 cargo test --test header`.

#[test]
fn header_is_fresh() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let config = cbindgen::Config::from_file(format!("{dir}/cbindgen.toml"))
        .expect("cbindgen.toml should parse");
    let mut fresh = Vec::new();
    cbindgen::generate_with_config(dir, config)
        .expect("cbindgen should generate the header")
        .write(&mut fresh);
    let path = format!("{dir}/include/mjkit.h");
    if std::env::var_os("MJ_BLESS").is_some() {
        std::fs::write(&path, &fresh).expect("write include/mjkit.h");
    }
    let committed = std::fs::read(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "include/mjkit.h is stale: regenerate it with `MJ_BLESS=1 cargo test --test header` and commit it"
    );
}
