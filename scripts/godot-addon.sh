#!/usr/bin/env bash
# Builds the mjkit GDExtension for this machine and installs the addon into a Godot 4.3+ project:
#
#   scripts/godot-addon.sh [--debug-only] [PROJECT_DIR]      (PROJECT_DIR: examples/godot)
#
# Copies bindings/godot/addons/mjkit/ to PROJECT_DIR/addons/mjkit/ and puts into its bin/ the
# libraries under the names mjkit.gdextension gives for this platform: the debug one (cargo build;
# the editor and debug exports load it) and the release one (cargo build --release; release
# exports). --debug-only skips the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
release=1
if [[ ${1:-} == --debug-only ]]; then
  release=0
  shift
fi
project=${1:-examples/godot}
if [[ ! -f $project/project.godot ]]; then
  echo "godot-addon: $project/project.godot not found (give the folder of a Godot project)" >&2
  exit 1
fi
manifest=bindings/godot/Cargo.toml
target=bindings/godot/target
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) built=libmjkit_godot.so name=libmjkit_godot.linux.template_BUILD.x86_64.so ;;
  Linux-aarch64) built=libmjkit_godot.so name=libmjkit_godot.linux.template_BUILD.arm64.so ;;
  Darwin-*) built=libmjkit_godot.dylib name=libmjkit_godot.macos.template_BUILD.dylib ;;
  MINGW*-x86_64 | MSYS*-x86_64 | CYGWIN*-x86_64)
    built=mjkit_godot.dll name=mjkit_godot.windows.template_BUILD.x86_64.dll ;;
  *)
    echo "godot-addon: no library name in mjkit.gdextension for $(uname -s)-$(uname -m)" >&2
    exit 1
    ;;
esac
builds=(debug)
cargo build --manifest-path "$manifest" --locked
if ((release)); then
  builds+=(release)
  cargo build --manifest-path "$manifest" --locked --release
fi
dest=$project/addons/mjkit
mkdir -p "$dest/bin"
cp bindings/godot/addons/mjkit/mjkit.gdextension "$dest/"
for build in "${builds[@]}"; do
  file=${name/BUILD/$build}
  if ! grep -q "\"res://addons/mjkit/bin/$file\"" "$dest/mjkit.gdextension"; then
    echo "godot-addon: mjkit.gdextension does not list bin/$file" >&2
    exit 1
  fi
  cp "$target/$build/$built" "$dest/bin/$file"
  echo "installed $dest/bin/$file"
done
echo "addon ready in $dest: open $project in the Godot 4.3+ editor"
