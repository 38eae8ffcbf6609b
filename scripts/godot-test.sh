#!/usr/bin/env bash
# The Godot GDExtension (bindings/godot) without a Godot binary: fmt, clippy, its Rust unit tests
# (the engine-free conversion layer), the cdylib build, `nm -D` for the entry symbol that
# addons/mjkit/mjkit.gdextension names, the addon/demo file checks (tests/check_addon.py), and the
# demo's GDScript through gdtoolkit's parser, linter and formatter check (pip, into a venv).
# Its own target dir: bindings/godot/target (the crate is its own workspace); the addon is
# installed into a temporary copy of examples/godot with scripts/godot-addon.sh --debug-only.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
crate=bindings/godot
step() { printf '\n==> godot: %s\n' "$*"; }

start=$SECONDS
step "cargo fmt --check"
cargo fmt --manifest-path "$crate/Cargo.toml" -- --check
step "cargo clippy"
cargo clippy --manifest-path "$crate/Cargo.toml" --all-targets --locked -- -D warnings
step "cargo test (conversion layer)"
mkdir -p "$crate/target"
cargo test --manifest-path "$crate/Cargo.toml" --locked 2>&1 | tee "$crate/target/test-output.txt"
step "scripts/godot-addon.sh --debug-only into a copy of examples/godot (cargo build)"
project=$(mktemp -d)
trap 'rm -rf "$project"' EXIT
cp -r examples/godot/. "$project/"
scripts/godot-addon.sh --debug-only "$project"
step "addon and demo checks; nm -D of the installed library for the entry symbol"
python3 "$crate/tests/check_addon.py" --lib "$crate/target/debug/libmjkit_godot.so" \
  --installed "$project"

step "GDScript of examples/godot: gdparse, gdlint, gdformat --check (gdtoolkit)"
venv="$root/target/godot-venv"
if ! "$venv/bin/python" -c "import gdtoolkit" 2>/dev/null; then
  rm -rf "$venv"
  if python3 -m venv "$venv" 2>/dev/null && [ -x "$venv/bin/pip" ]; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check gdtoolkit==4.5.0
  else
    # No venv module (stock Debian python3): install python3-venv, then retry once.
    rm -rf "$venv"
    MJ_SETUP_EXTRA_APT=python3-venv scripts/setup.sh
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check gdtoolkit==4.5.0
  fi
fi
gd=(examples/godot/*.gd)
for f in "${gd[@]}"; do "$venv/bin/gdparse" "$f" >/dev/null; done
"$venv/bin/gdlint" "${gd[@]}"
"$venv/bin/gdformat" --check "${gd[@]}"

echo
echo "godot: all checks passed in $((SECONDS - start)) s"
