//! Fails when `include/mjkit.h` is not what cbindgen generates from the current source.
//! Regenerate with: `MJ_BLESS=1 cargo test --test header`.

/// `MJ_VERSION_MAJOR`, `_MINOR`, `_PATCH` and `MJ_VERSION_STRING` from the crate version, which
/// is also what `mj_version()` returns.
fn version_macros() -> String {
    let v = env!("CARGO_PKG_VERSION");
    let core = v.split(['-', '+']).next().unwrap_or(v);
    let parts: Vec<&str> = core.split('.').collect();
    assert_eq!(parts.len(), 3, "version {v} is not MAJOR.MINOR.PATCH");
    format!(
        "\n/**\n * Version of this header; `mj_version()` returns `MJ_VERSION_STRING` for the matching library.\n */\n\
         #define MJ_VERSION_MAJOR {}\n#define MJ_VERSION_MINOR {}\n#define MJ_VERSION_PATCH {}\n\
         #define MJ_VERSION_STRING \"{v}\"\n",
        parts[0], parts[1], parts[2]
    )
}

/// The committed header's version macros are the crate's version, i.e. `mj_version()`'s string
/// (the C demo checks the same at run time against the built library).
#[test]
fn version_macros_match_mj_version() {
    let header = std::fs::read_to_string(format!("{}/include/mjkit.h", env!("CARGO_MANIFEST_DIR")))
        .expect("read include/mjkit.h");
    let get = |name: &str| {
        header
            .lines()
            .find_map(|l| l.strip_prefix(&format!("#define {name} ")))
            .unwrap_or_else(|| panic!("{name} missing from include/mjkit.h"))
            .trim()
            .to_string()
    };
    let joined = format!(
        "{}.{}.{}",
        get("MJ_VERSION_MAJOR"),
        get("MJ_VERSION_MINOR"),
        get("MJ_VERSION_PATCH")
    );
    let string = get("MJ_VERSION_STRING");
    assert_eq!(string, format!("\"{}\"", mjkit::VERSION));
    assert!(
        mjkit::VERSION.starts_with(&joined),
        "{joined} vs {}",
        mjkit::VERSION
    );
}

#[test]
fn header_is_fresh() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let mut config = cbindgen::Config::from_file(format!("{dir}/cbindgen.toml"))
        .expect("cbindgen.toml should parse");
    config.after_includes = Some(version_macros());
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
