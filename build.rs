//! Gives the shared library an ELF SONAME (`libmjkit.so`) on Linux and Android, so that programs
//! linked against it record that name and find it through the usual library search path.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if os == "linux" || os == "android" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libmjkit.so");
    }
}
