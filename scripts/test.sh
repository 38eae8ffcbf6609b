#!/usr/bin/env bash
# Every test: formatting, lints, Rust unit + differential + FFI tests, header freshness, docs
# (rustdoc, every code block of README.md and docs/, the Doxygen C API reference),
# the C example (static and shared, C++ header check) under valgrind, the ABI fuzz harness,
# the install script (pkg-config and CMake), the C# binding under Mono,
# the Godot GDExtension, the example game server's browser client in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

step() { printf '\n==> %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check
step "cargo clippy"
cargo clippy --workspace --all-targets --all-features -- -D warnings
# The library without the lab feature: nothing the lab alone reads may be left unused.
cargo clippy --lib -- -D warnings
step "Oracles: pymahjonggb and mahjong 2.1.0 under target/oracle-venv (tests/mcr_diff.rs, tests/riichi_diff.rs; they fail without them)"
sh tests/oracle/setup.sh
step "cargo test --workspace (unit, differential, FFI, header freshness; the self-play program; the lab's weights layout)"
log=target/test-output.txt
mkdir -p target
cargo test --workspace --all-features 2>&1 | tee "$log"
# Totals over every test binary, for the closing line.
read -r passed failed < <(awk '/^test result:/ {
    for (i = 2; i <= NF; i++) { if ($i == "passed;") p += $(i - 1); if ($i == "failed;") f += $(i - 1) }
  } END { print p + 0, f + 0 }' "$log")
step "Example game server in the browser: headless Chromium (Debian's) and playwright-core against mjkit-server (docs/server.md)"
# The server `cargo test` just built (the test profile is optimised): no second build.
MJKIT_SERVER=target/debug/mjkit-server scripts/web-test.sh
step "cargo doc"
RUSTDOCFLAGS=-Dwarnings cargo doc --no-deps --quiet
step "C example: gcc -std=c99 -Werror -pedantic, static + shared, g++ header check, valgrind"
scripts/c-example.sh
step "ABI fuzz harness: gcc -fsanitize=address,undefined, seed 1, 30 million calls (docs/fuzzing.md)"
scripts/fuzz.sh --seed 1 --calls 30000000
step "Install: scripts/install.sh into a temporary prefix; the C quick start built with pkg-config and with CMake find_package"
scripts/install-test.sh
step "C# binding under Mono: mcs -langversion:7.2, error classes, struct sizes vs C, fixtures"
MJ_REQUIRE_HOOKS=1 scripts/csharp-test.sh
step "Documentation: every code block of README.md and docs/ compiled or run, the quick starts as pasted"
scripts/docs-check.sh
step "C API reference: Doxygen over include/mjkit.h, warnings fail"
scripts/docs.sh
step "Godot GDExtension (bindings/godot): build, unit tests, entry symbol, demo checks"
scripts/godot-test.sh
# Its unit tests count in the totals.
read -r gp gf < <(awk '/^test result:/ {
    for (i = 2; i <= NF; i++) { if ($i == "passed;") p += $(i - 1); if ($i == "failed;") f += $(i - 1) }
  } END { print p + 0, f + 0 }' bindings/godot/target/test-output.txt)
passed=$((passed + gp))
failed=$((failed + gf))
echo
echo "all test steps passed (Rust test binaries: $passed tests; C demo checks and valgrind, the install test, C# binding under Mono, the Unity package and the Godot addon checks, the browser tests passed)"
echo "tests: $passed passed, $failed failed"
