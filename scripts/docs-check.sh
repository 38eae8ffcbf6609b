#!/usr/bin/env bash
# Every code block of README.md and docs/*.md, compiled or run (scripts/check_docs.py says how
# per language): C and C++ against the freshly built library, C# under Mono against the binding,
# the README's quick starts as pasted, GDScript against the GDExtension's methods. The Rust
# blocks are doctests (`cargo test --doc`, src/lib.rs includes every page).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v mcs >/dev/null 2>&1 || ! command -v mono >/dev/null 2>&1; then
  MJ_SETUP_EXTRA_APT="mono-mcs mono-runtime" scripts/setup.sh
fi
cargo build --release --quiet
out=target/docs-check
mkdir -p "$out"
mcs -langversion:7.2 -unsafe -warnaserror -nologo -target:library -out:"$out/MjKit.dll" \
  bindings/csharp/MjKit/*.cs
python3 scripts/check_docs.py --out "$out/blocks" --csharp-dll "$out/MjKit.dll" README.md docs/*.md
python3 bindings/godot/tests/check_addon.py --docs-only
