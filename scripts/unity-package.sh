#!/usr/bin/env bash
# Builds the Unity package tarball target/unity/com.mjkit.mjkit-<version>.tgz from bindings/unity
# (package.json, Runtime/ with the asmdef and, through the Runtime/MjKit symlink, the same C#
# sources as bindings/csharp/MjKit) plus the native libraries found under target/ in
# Plugins/<os>-<arch>/ with the import settings of bindings/unity/PluginMetas~/. Then checks it:
# every asset has a .meta with a unique GUID, the sources are those of bindings/csharp, the JSON
# parses, and the Runtime compiles with mcs -langversion:7.2 as Unity would (desktop and iOS).
# It prints which platforms' native libraries the package holds and which are missing, and
# writes the same list into the package's README.md.
# Install the tarball in Unity: Package Manager > + > Add package from tarball.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
out=target/unity
stage="$out/package"
rm -rf "$stage"
mkdir -p "$stage"

# Package files; -L copies the symlinked sources as files (the tarball has no links).
cp bindings/unity/package.json bindings/unity/package.json.meta bindings/unity/README.md \
  bindings/unity/README.md.meta "$stage/"
cp -RL bindings/unity/Runtime bindings/unity/Runtime.meta "$stage/"

# A folder's .meta with a GUID derived from its path, stable from release to release.
folder_meta() {
  local guid
  guid=$(printf 'mjkit-unity:%s' "$1" | md5sum | cut -c1-32)
  printf 'fileFormatVersion: 2\nguid: %s\nfolderAsset: yes\nDefaultImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n' \
    "$guid" > "$stage/$1.meta"
}

# Native libraries: <plugin folder> <file name> <candidates under target/, first found wins>.
host_lib=libmjkit.so
case "$(uname -s)" in Darwin) host_lib=libmjkit.dylib ;; MINGW*|MSYS*|CYGWIN*) host_lib=mjkit.dll ;; esac
plugins=0
held=()
missing=()
add_plugin() {
  local dir=$1 name=$2 how=$3 src
  shift 3
  for src in "$@"; do
    if [[ -f $src ]]; then
      mkdir -p "$stage/Plugins/$dir"
      cp "$src" "$stage/Plugins/$dir/$name"
      cp "bindings/unity/PluginMetas~/$dir/$name.meta" "$stage/Plugins/$dir/"
      folder_meta "Plugins/$dir"
      echo "unity-package: Plugins/$dir/$name from $src"
      plugins=$((plugins + 1))
      held+=("| \`$dir\` | \`$name\` | held |")
      return
    fi
  done
  missing+=("| \`$dir\` | \`$name\` | missing: $how |")
  echo "unity-package: Plugins/$dir/$name missing ($how)"
}
linux_host=() ; mac_host=() ; win_host=()
[[ $host_lib == libmjkit.so && $(uname -m) == x86_64 ]] && linux_host=(target/release/libmjkit.so)
[[ $host_lib == libmjkit.dylib ]] && mac_host=(target/release/libmjkit.dylib)
[[ $host_lib == mjkit.dll ]] && win_host=(target/release/mjkit.dll)
add_plugin linux-x86_64 libmjkit.so "cargo build --release on Linux x86_64" \
  "${linux_host[@]}" target/x86_64-unknown-linux-gnu/release/libmjkit.so
add_plugin windows-x86_64 mjkit.dll "cargo build --release on Windows, or --target x86_64-pc-windows-gnu" \
  "${win_host[@]}" target/x86_64-pc-windows-msvc/release/mjkit.dll target/x86_64-pc-windows-gnu/release/mjkit.dll
add_plugin macos-universal libmjkit.dylib "cargo build --release on macOS (lipo of both architectures for a universal library)" \
  target/universal-apple-darwin/release/libmjkit.dylib "${mac_host[@]}"
add_plugin android-arm64-v8a libmjkit.so "cargo build --release --target aarch64-linux-android with the NDK linker" \
  target/aarch64-linux-android/release/libmjkit.so
add_plugin ios-arm64 libmjkit.a "cargo build --release --target aarch64-apple-ios on macOS" \
  target/aarch64-apple-ios/release/libmjkit.a
[[ $plugins -gt 0 ]] && folder_meta Plugins
[[ $plugins -gt 0 ]] || { echo "unity-package: no native library built" >&2; exit 1; }
# The package's README says what it holds: a player on a missing platform cannot load mjkit.
{
  printf '\n## Native libraries in this package\n\n'
  printf 'This tarball holds the native libraries of %d of the 5 platforms; on a platform marked\n' "$plugins"
  printf 'missing, the player throws `DllNotFoundException` at the first call until the library is\n'
  printf 'added under `Plugins/<folder>/` (built as the table says, with its `.meta` from\n'
  printf '`bindings/unity/PluginMetas~` in the mjkit repository).\n\n'
  printf '| folder | file | in this package |\n|---|---|---|\n'
  printf '%s\n' "${held[@]}" ${missing[@]+"${missing[@]}"}
} >> "$stage/README.md"
echo "unity-package: platforms held: ${#held[@]} of 5; missing: ${#missing[@]}"

# Checks: every file and folder has a .meta; GUIDs are unique; sources equal bindings/csharp.
fail=0
while IFS= read -r -d '' p; do
  rel=${p#"$stage/"}
  case "$rel" in *.meta) continue ;; esac
  [[ -f "$p.meta" ]] || { echo "unity-package: $rel has no .meta (Unity ignores it in an immutable package)" >&2; fail=1; }
done < <(find "$stage" -mindepth 1 -print0)
dups=$(grep -h '^guid: ' -r "$stage" --include='*.meta' | sort | uniq -d)
[[ -z $dups ]] || { echo "unity-package: duplicate GUIDs: $dups" >&2; fail=1; }
for f in bindings/csharp/MjKit/*.cs; do
  cmp -s "$f" "$stage/Runtime/MjKit/$(basename "$f")" || { echo "unity-package: $f differs in the package" >&2; fail=1; }
done
python3 -c 'import json,sys; [json.load(open(p)) for p in sys.argv[1:]]' "$stage/package.json" \
  "$stage/Runtime/MjKit.Runtime.asmdef"
grep -q "\"version\": \"$version\"" "$stage/package.json" || { echo "unity-package: package.json version is not $version" >&2; fail=1; }
grep -q '"allowUnsafeCode": true' "$stage/Runtime/MjKit.Runtime.asmdef" || { echo "unity-package: asmdef must allow unsafe code" >&2; fail=1; }
# Compile the Runtime folder as Unity does (every .cs below the asmdef), as for the desktop
# player and for iOS (the "__Internal" import).
mapfile -t sources < <(find "$stage/Runtime" -name '*.cs' | sort)
for defines in UNITY_2019_4_OR_NEWER "UNITY_2019_4_OR_NEWER;UNITY_IOS" "UNITY_2019_4_OR_NEWER;UNITY_WEBGL"; do
  mcs -langversion:7.2 -unsafe -warnaserror -nologo -target:library -define:"$defines" \
    -out:"$out/MjKit.Runtime.dll" "${sources[@]}"
done
[[ $fail == 0 ]] || exit 1

tgz="$out/com.mjkit.mjkit-$version.tgz"
tar -C "$out" --sort=name --mtime='UTC 2024-01-01' --owner=0 --group=0 --numeric-owner -czf "$tgz" package
echo "unity-package: $tgz ($(tar -tzf "$tgz" | wc -l) entries, ${#sources[@]} C# sources, $plugins native plugin(s))"
