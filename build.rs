//! Gives the shared library an ELF SONAME on Linux and Android: `libmjkit.so.<major>`
//! (`libmjkit.so.0` for every 0.x release), so that programs linked against it record that name
//! and find the `libmjkit.so.0` link that `scripts/install.sh` installs.
//!
//! The file cargo writes stays `target/<profile>/libmjkit.so`; beside it this script makes the
//! link `libmjkit.so.0 -> libmjkit.so`, so that a program linked against the build tree (with
//! `-Ltarget/release -lmjkit -Wl,-rpath,...`) also finds its library there. The link is made only
//! where the profile directory is recognisable from `OUT_DIR` (`<profile>/build/<pkg>/out`) and
//! lies in mjkit's own target directory; with a separate `build-dir`, link it by hand or use the
//! install script.

use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if os != "linux" && os != "android" {
        return;
    }
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").unwrap_or_else(|_| "0".into());
    let soname = format!("libmjkit.so.{major}");
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,{soname}");

    let (Some(out_dir), Some(profile)) = (std::env::var_os("OUT_DIR"), std::env::var_os("PROFILE"))
    else {
        return;
    };
    let Some(profile_dir) = Path::new(&out_dir).ancestors().nth(3) else {
        return;
    };
    let build_dir = Path::new(&out_dir).ancestors().nth(2);
    if profile_dir.file_name() != Some(profile.as_os_str())
        || build_dir.and_then(Path::file_name) != Some("build".as_ref())
    {
        return;
    }
    // Only in mjkit's own target directory: a crate that depends on mjkit (the Godot extension)
    // has its own, where cargo writes no `libmjkit.so` for the link to name.
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default();
    let target_dir = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => Path::new(&manifest_dir).join(dir),
        None => Path::new(&manifest_dir).join("target"),
    };
    if !profile_dir.starts_with(&target_dir) {
        return;
    }
    let link = profile_dir.join(&soname);
    if std::fs::read_link(&link).is_err() {
        // A failure here only costs the in-tree convenience link; the build goes on.
        #[cfg(unix)]
        let _ = std::os::unix::fs::symlink("libmjkit.so", &link);
    }
}
